"""The fast paths of a generated module: ``_oxpack/<module>_launchers.py``, one launcher per
distinct kernel signature, rendered from the template ``templates/launcher.py.tmpl``.

A launcher depends only on what the build knows of a kernel's Python arguments (kind and
element type of each, in order), its launch rank and its `where` requirements, written
over the launcher's own names (``arg0``, ``size1``, ...): kernels that agree on those share
one. Each kernel's fast path is its launcher made with the kernel's `_State`, which the
generated ``<module>.py`` binds as ``_fast_<kernel>``. Every call form takes it: the
default shape and explicit `threads`/`block` (ints and tuples, 1-D to 3-D), dynamic
shared memory, any number of arrays (none: one device only), TMA sources (their tensor-map
blocks, which the general path made, found by address and shape).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping
from string import Template
from typing import Any, NamedTuple

from .. import data_dir
from ..contract import dtypes, where
from ..runtime import _requires
from .declared import fast_names, opens

__all__ = ["Launchers", "launcher_file", "render_launchers"]

_F64_MAX = 1.7976931348623157e308  # the largest finite float64
_WHAT = {"in": "read", "out": "written", "atomic": "updated atomically", "tma": "read by TMA (2-D)",
         "tma3": "read by TMA (3-D)", "tmah": "read by TMA (3-D, per head)"}
_TMA = ("tma", "tma3", "tmah")


class Launchers(NamedTuple):
    text: str
    """The module ``_oxpack/<module>_launchers.py``."""
    names: Mapping[str, str]
    """Kernel → the name of its signature's launcher there."""


def launcher_file(module: str) -> str:
    """The launchers' file, relative to the package: ``_oxpack/<module>_launchers.py``."""
    return f"_oxpack/{module}_launchers.py"


@functools.cache
def _sections() -> dict[str, Template]:
    """The template's sections: each starts at a line ``## <name>: <what it is>``."""
    text = (data_dir("templates") / "launcher.py.tmpl").read_text(encoding="utf-8")
    parts = re.split(r"^## (\w+)[^\n]*\n", text, flags=re.M)
    return {name: Template(body) for name, body in zip(parts[1::2], parts[2::2], strict=True)}


def _fill(section: str, **values: object) -> str:
    return _sections()[section].substitute({k: str(v) for k, v in values.items()})


def render_launchers(manifest: Any) -> Launchers:
    """The launchers of `manifest`'s kernels (a `Manifest`, see `oxpack.contract`)."""
    bodies: dict[tuple[object, ...], tuple[str, list[str]]] = {}  # signature → (name, its kernels)
    names: dict[str, str] = {}
    taken: set[str] = set()
    every = [(state, body) for _, kernel in sorted(manifest.kernels.items()) for _, state, body in fast_names(kernel)]
    for kernel_name, kernel in every:  # each kernel, and each variant of its own launch or parameters
        key = _signature(kernel)
        if key not in bodies:
            base = _name(kernel)
            name = base if base not in taken else next(f"{base}_{n}" for n in range(2, 1000) if f"{base}_{n}" not in taken)
            taken.add(name)
            bodies[key] = (name, [])
        bodies[key][1].append(kernel_name)
        names[kernel_name] = bodies[key][0]
    found = dict(every)
    first = {name: found[kernels[0]] for name, kernels in bodies.values()}
    launchers = "".join(_launcher(name, first[name], kernels) for name, kernels in bodies.values())
    text = _fill("module", version=manifest.oxpack, module=manifest.module, launchers=launchers.rstrip("\n"))
    return Launchers(text, names)


def _signature(kernel: Any) -> tuple[object, ...]:
    """What the launcher of `kernel` depends on; kernels that agree on it share one."""
    return (tuple((p.kind, p.dtype.name) for p in kernel.args), kernel.rank,
            tuple(where().render(r.test, _names(kernel), python=True) for r in kernel.requirements()),
            kernel.coarsen > 1, opens(kernel))


def _sizes(kernel: Any) -> str:
    """The launcher's tuple of a call's sizes, as `_autotune.sizer` makes it: each integer scalar's value and each
    array's element count, in order (floating-point scalars left out)."""
    terms = [f"arg{p.pos}" if p.kind == "scalar" else f"size{p.pos}" for p in kernel.args
             if p.kind != "scalar" or p.dtype.bounds is not None]
    return ", ".join(terms) + ("," if len(terms) == 1 else "")


def _name(kernel: Any) -> str:
    """A launcher's name, from its signature: ``f32_in_f32_out_f32_1d_where``; repeats counted
    (``u32x2_in_f32x3_out_f32_where``: two uint32 scalars, three float32 inputs, ...)."""
    parts = [p.dtype.rust.lower() if p.kind == "scalar" else f"{'shared' if p.kind == 'dynshared' else p.kind}_"
             f"{p.dtype.rust.lower()}" for p in kernel.args] or ["no_args"]
    runs: list[list[Any]] = []
    for part in parts:
        if runs and runs[-1][0] == part:
            runs[-1][1] += 1
        else:
            runs.append([part, 1])
    parts = [part if count == 1 else f"{part}x{count}" for part, count in runs]
    if kernel.rank is not None:
        parts.append(f"{kernel.rank}d")
    if kernel.requires:
        parts.append("where")
    if kernel.coarsen > 1:
        parts.append("coarse")
    return "_".join(parts)


def _names(kernel: Any) -> Any:
    """How a requirement's terms read in the launcher: ``arg0`` (a scalar's value, or the elements of
    dynamic shared memory), ``size1`` (an array's element count), ``rows1``/``cols1`` (a TMA source's
    rows or columns, `_dims`), ``launched[9]`` (the launch shape, as the entry holds it:
    `_requires.LAUNCH_TERMS`)."""
    by_name = {p.name: p for p in kernel.args}
    launch = _requires.LAUNCH_TERMS  # the order of the values an entry holds

    def name(term: Any) -> str:
        if isinstance(term, where().Launch):
            return f"launched[{launch.index(where().label(term))}]"
        p = by_name[term.name]
        if isinstance(term, where().Dim):
            return f"{term.fn}{p.pos}"
        return f"size{p.pos}" if p.kind in _WHAT else f"arg{p.pos}"

    return name


def _doc_names(kernel: Any) -> Any:
    """How a launcher's docstring names a requirement's terms: as the launcher does, the launch
    shape as the kernel file does (``blocks.x``)."""
    names = _names(kernel)
    return lambda term: where().label(term) if isinstance(term, where().Launch) else names(term)


def _ints(value: str, rank: int | None) -> str:
    """A test that `value` is an int or a tuple of exact ints (for a kernel of `rank`, only
    the length it takes; any other value the general path explains)."""
    if rank is None:
        return f"type({value}) is int or (type({value}) is tuple and all(type(v) is int for v in {value}))"
    items = " and ".join(f"type({value}[{i}]) is int" for i in range(rank))
    test = f"type({value}) is tuple and len({value}) == {rank} and {items}"
    return f"type({value}) is int or ({test})" if rank == 1 else test


def _launcher(name: str, kernel: Any, kernels: list[str]) -> str:
    args = kernel.args
    arrays = [p for p in args if p.kind in _WHAT]
    scalars = ""
    for p in args:
        arg = f"arg{p.pos}"
        if p.kind == "scalar" and p.dtype.bounds is not None:
            scalars += _fill("scalar_int", arg=arg, low=p.dtype.bounds[0], high=p.dtype.bounds[1], dtype=p.dtype.name)
        elif p.kind == "scalar":
            limit = "_F32_MAX" if p.dtype.name == "float32" else repr(_F64_MAX)
            scalars += _fill("scalar_float", arg=arg, limit=limit, dtype=p.dtype.name)
        elif p.kind == "dynshared":
            scalars += _fill("dynshared", arg=arg, dtype=p.dtype.name)
    reads = "" if arrays else _fill("no_arrays")
    named_dims = {t.name for r in kernel.requirements() for t in r.terms() if isinstance(t, where().Dim)}
    for n, p in enumerate(arrays):
        reads += _fill("array", arg=f"arg{p.pos}", i=p.pos, dtype=p.dtype.name, what=_WHAT[p.kind],
                       mutable=p.kind in ("out", "atomic"))
        reads += _fill("next_array" if n else "first_array", i=p.pos)
        if p.kind in _TMA:
            packed = p.kind == "tmah"  # a (rows, heads, cols) array: its map is found by the kind too
            reads += _fill("tma", arg=f"arg{p.pos}", i=p.pos, dtype=p.dtype.name, rank=2 if p.kind == "tma" else 3,
                           packed=", packed=True" if packed else "")
            if p.name in named_dims:
                reads += _fill("tma_dims", arg=f"arg{p.pos}", i=p.pos, row="0" if packed else "-2")
    # a requirement on the arguments alone is tested with the overlaps (behind the memo); one that
    # names the launch shape once the entry is found (it holds the shape); one on the launch shape
    # alone holds for every call that finds the entry, whose key is the threads and block it was
    # checked with
    parsed = kernel.requirements()
    requires = [where().render(r.test, _names(kernel), python=True) for r in parsed if not r.launch()]
    launch = [where().render(r.test, _names(kernel), python=True) for r in parsed
              if r.launch() and any(not isinstance(t, where().Launch) for t in r.terms())]
    default = kernel.default_array
    dynamic = next((p for p in args if p.kind == "dynshared"), None)
    fields = dict(
        name=name, doc=_doc(kernel, kernels, [where().render(r.test, _doc_names(kernel)) for r in parsed]),
        args="".join(f"arg{p.pos}: Any, " for p in args),
        scalars=scalars, arrays=reads,
        shape_checks=_fill("shape_checks_open" if opens(kernel) else "shape_checks",
                           threads_ok=_ints("threads", kernel.rank), block_ok=_ints("block", kernel.rank)),
        open_decl="    opens = state.opens  # the sizes of a call -> the (threads, block) the tuning settled\n"
        if opens(kernel) else "",
        open_lookup=_fill("open_lookup", sizes=_sizes(kernel)) if opens(kernel) else "",
        default_threads=(f"size{default.pos} if threads is None else threads  # default: one thread per element of "
                         f"arg{default.pos}") if default is not None else "threads  # required: None finds no entry",
        shared_doc="" if dynamic is None else ", shared elements",
        shared_key="" if dynamic is None else f", arg{dynamic.pos}",
        launch_checks="" if not launch else _fill(
            "launch_requires", at=3 + (kernel.coarsen > 1), tests="".join(_fill("require", test=t) for t in launch)),
    )
    return _fill("launcher", **fields, **_packed(kernel, arrays, requires))


_MEMO_AT = 4
"""The 8-byte words that a launcher must pack (pointers, element counts, integer scalars) from
which it remembers, per thread, the values its last call checked and packed: below that,
building and comparing the tuple costs about what packing and testing them costs (measured in
`benchmarks/archive/journal.md`, on the host cost of every call form)."""


def _packed(kernel: Any, arrays: list[Any], requires: list[str]) -> dict[str, object]:
    """The overlap and `where` tests and the packing of the parameter block: plain, or behind a
    memo of the values this thread's last call checked and packed.

    Those tests read only the arrays' pointers and element counts (the item sizes are the
    launcher's own) and the scalars that requirements name; the block holds the pointers,
    the counts and the scalars. A call whose values all equal the remembered ones gets the
    same answers and finds its block packed already. Python's ``==`` on these exact ints is
    equality of the bytes packed; a float is not (``-0.0 == 0.0``), so a float scalar and the
    coarsened kernel's count (kept in the launch entry) are packed on every call, and a float
    that a requirement names is only compared (``-0.0`` and ``0.0`` answer every comparison
    alike; a NaN equals nothing and is tested again)."""
    args = kernel.args
    words = sum(_words(p) for p in args) + (kernel.coarsen > 1)
    pairs = _pairs(arrays)
    tests = _overlap(arrays, pairs)
    if requires:
        tests += _fill("requires", tests="".join(_fill("require", test=test) for test in requires))
    # a TMA source's word is its tensor-map block (found by address and 2-D shape), not its address
    values = [f"arg{p.pos}" if p.kind in ("scalar", "dynshared")
              else f"tma{p.pos}, size{p.pos}" if p.kind in _TMA
              else f"ptr{p.pos}, size{p.pos}" for p in args]
    floats = [p for p in args if p.kind == "scalar" and p.dtype.bounds is None]
    memo = 2 * len(arrays) + sum(p.kind in ("scalar", "dynshared") for p in args) - len(floats) >= _MEMO_AT
    if not memo:
        packing, count = _packing(args), []
        if kernel.coarsen > 1:  # the count of launch indices, last: the general path keeps it in the entry
            packing, count = packing + "Q", ["entry[3]"]
        finish = _fill("pack", words=words, bytes=8 * words, values=", ".join(values + count))
        return dict(checks=tests, finish=finish, format=packing, per_thread_doc="", pack_doc="", pack_decl="",
                    keep="params = params")
    slot = {p.pos: sum(_words(q) for q in args[:n]) for n, p in enumerate(args)}  # a parameter's first word
    ints = [v for p, v in zip(args, values, strict=True) if p not in floats]
    named = sorted({int(n) for test in requires for n in re.findall(r"\barg(\d+)\b", test)})
    # a TMA source's address too: the overlap tests read it, and a freed block's address can come back
    seen = ints + [f"arg{n}" for n in named if any(p.pos == n for p in floats)] + \
        [f"ptr{p.pos}" for p in arrays if p.kind in _TMA]
    indented = "".join(f"    {line}" if line.strip() else line for line in tests.splitlines(keepends=True))
    checks = _fill("memo", seen=", ".join(seen), words=words, bytes=8 * words, values=", ".join(ints),
                   tests=indented)
    declare, finish = "", ""
    for p in floats:
        declare += (f'    pack_arg{p.pos} = Struct("={p.dtype.slot}").pack_into  # arg{p.pos}, {p.dtype.name}: '
                    "packed on every call\n")
        finish += _fill("pack_one", what=f"arg{p.pos}", offset=8 * (words + slot[p.pos]), value=f"arg{p.pos}",
                        comment="")
    if kernel.coarsen > 1:
        declare += '    pack_count = Struct("=Q").pack_into  # the count of launch indices, the last word\n'
        finish += _fill("pack_one", what="count", offset=8 * (2 * words - 1), value="entry[3]",
                        comment="  # the general path keeps it in the entry")
    # the memo's format: a float's slot and the count's are skipped (packed apart)
    packing = "=" + "".join("8x" if p in floats else _slots(p) for p in args)
    return dict(checks=checks, finish=finish, format=packing, pack_decl=declare, keep="last = params, seen",
                per_thread_doc=", and the values its last call checked and packed there",
                pack_doc="" if not floats and kernel.coarsen <= 1 else "; floats and the count apart")


def _pairs(arrays: list[Any]) -> list[tuple[Any, Any]]:
    """Each written buffer against every other buffer (two written ones once)."""
    return [(out, other) for out in arrays if out.kind in ("out", "atomic") for other in arrays
            if other.pos != out.pos and not (other.kind in ("out", "atomic") and other.pos < out.pos)]


def _overlap(arrays: list[Any], pairs: list[tuple[Any, Any]]) -> str:
    if not pairs:
        return ""
    checks = "".join(_fill("overlap_pair", written=out.pos, other=other.pos) for out, other in pairs)
    used = sorted({p.pos for pair in pairs for p in pair})
    itemsize = {p.pos: p.dtype.itemsize for p in arrays}
    return _fill("overlap", names=", ".join(f"end{n}" for n in used),
                 ends=", ".join(f"ptr{n} + size{n} * {itemsize[n]}" for n in used), pairs=checks.rstrip("\n"))


def _packing(args: Any) -> str:
    """The struct format of the kernel's parameter block, 8 bytes a slot."""
    return "=" + "".join(_slots(p) for p in args)


def _slots(p: Any) -> str:
    """A parameter's struct format in the block, 8 bytes a slot: a scalar's bytes, the elements
    of dynamic shared memory, or an array's pointer and element count (a TMA source's
    tensor-map block and count)."""
    return p.dtype.slot if p.kind == "scalar" else "Q" if p.kind == "dynshared" else "QQ"


def _words(p: Any) -> int:
    """How many 8-byte words of the block a parameter takes: the length of `_slots(p)`."""
    return 1 if p.kind in ("scalar", "dynshared") else 2


def _doc(kernel: Any, kernels: list[str], requires: list[str]) -> str:
    what = {"scalar": "", "dynshared": " elements of dynamic shared memory"}
    args = [f"{p.dtype.name}{what[p.kind]}" if p.kind in what else f"{dtypes().a(p.dtype.name)} array {_WHAT[p.kind]}"
            for p in kernel.args]
    shown = ", ".join(f"`{k}`" for k in kernels)
    text = f"The fast path of {shown}: ({', '.join(args)})"
    text += f", a {kernel.rank}-D launch" if kernel.rank is not None else ", a launch of 1 to 3 dimensions"
    if requires:
        text += f", where {' and '.join(requires)}"
    if kernel.coarsen > 1:
        text += f"; {kernel.coarsen} launch indices per thread, their count packed last"
    return _wrap(text + ".")


def _wrap(text: str) -> str:
    lines, line = [], ""
    for word in text.split(" "):
        if line and len(line) + 1 + len(word) > 92:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    return "\n    ".join([*lines, line])
