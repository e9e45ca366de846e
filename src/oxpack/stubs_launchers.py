"""The fast paths of a generated module: ``_oxpack/<module>_launchers.py``, one launcher per
distinct kernel signature, rendered from the template ``templates/launcher.py.tmpl``.

A launcher depends only on what the build knows of a kernel's Python arguments (kind and
element type of each, in order), its launch rank and its `where` requirements, written
over the launcher's own names (``arg0``, ``size1``, ...): kernels that agree on those share
one. Each kernel's fast path is its launcher made with the kernel's `_State`, which the
generated ``<module>.py`` binds as ``_fast_<kernel>``. Every call form takes it: the
default shape and explicit `threads`/`block` (ints and tuples, 1-D to 3-D), dynamic
shared memory, any number of arrays (none: one device only).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping
from string import Template
from typing import Any, NamedTuple

from . import data_dir
from .contract import where

__all__ = ["Launchers", "launcher_file", "render_launchers"]

_F64_MAX = 1.7976931348623157e308  # the largest finite float64
_WHAT = {"in": "read", "out": "written", "atomic": "updated atomically", "tma": "read by TMA (2-D)"}


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
    for kernel_name, kernel in sorted(manifest.kernels.items()):
        key = _signature(kernel)
        if key not in bodies:
            base = _name(kernel)
            name = base if base not in taken else next(f"{base}_{n}" for n in range(2, 1000) if f"{base}_{n}" not in taken)
            taken.add(name)
            bodies[key] = (name, [])
        bodies[key][1].append(kernel_name)
        names[kernel_name] = bodies[key][0]
    first = {name: manifest.kernels[kernels[0]] for name, kernels in bodies.values()}
    launchers = "".join(_launcher(name, first[name], kernels) for name, kernels in bodies.values())
    text = _fill("module", version=manifest.oxpack, module=manifest.module, launchers=launchers.rstrip("\n"))
    return Launchers(text, names)


def _signature(kernel: Any) -> tuple[object, ...]:
    """What the launcher of `kernel` depends on; kernels that agree on it share one."""
    return (tuple((p.kind, p.dtype.name) for p in kernel.args), kernel.rank,
            tuple(where().render(r.test, _names(kernel)) for r in kernel.requirements()), kernel.coarsen > 1)


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
    dynamic shared memory), ``size1`` (an array's element count)."""
    by_name = {p.name: p for p in kernel.args}

    def name(term: Any) -> str:
        p = by_name[term.name]
        return f"size{p.pos}" if p.kind in _WHAT else f"arg{p.pos}"

    return name


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
    for n, p in enumerate(arrays):
        reads += _fill("array", arg=f"arg{p.pos}", i=p.pos, dtype=p.dtype.name, what=_WHAT[p.kind],
                       mutable=p.kind in ("out", "atomic"))
        reads += _fill("next_array" if n else "first_array", i=p.pos)
    requires = [where().render(r.test, _names(kernel)) for r in kernel.requirements()]
    checks, memo = _checks(arrays, requires)
    default = kernel.default_array
    words = sum(1 if p.kind in ("scalar", "dynshared") else 2 for p in args)
    values = [f"arg{p.pos}" if p.kind in ("scalar", "dynshared") else f"ptr{p.pos}, size{p.pos}" for p in args]
    packing = _packing(args)
    if kernel.coarsen > 1:  # the count of launch indices, last: the general path keeps it in the entry
        words, packing = words + 1, packing + "Q"
        values.append("entry[3]")
    dynamic = next((p for p in args if p.kind == "dynshared"), None)
    return _fill(
        "launcher", name=name, doc=_doc(kernel, kernels, requires), format=packing,
        args="".join(f"arg{p.pos}: Any, " for p in args), scalars=scalars,
        threads_ok=_ints("threads", kernel.rank), block_ok=_ints("block", kernel.rank), arrays=reads,
        checks=checks, checked_decl=_CHECKED if memo else "", declare="        nonlocal checked\n" if memo else "",
        default_threads=(f"size{default.pos} if threads is None else threads  # default: one thread per element of "
                         f"arg{default.pos}") if default is not None else "threads  # required: None finds no entry",
        shared_doc="" if dynamic is None else ", shared elements",
        shared_key="" if dynamic is None else f", arg{dynamic.pos}",
        words=words, bytes=8 * words, values=", ".join(values),
    )


_MEMO_AT = 3
"""Overlap pairs and `where` tests from which a launcher remembers the values that passed them:
comparing one tuple of a few values costs about what two or three of the tests cost (measured
in `benchmarks/RESULTS.md`, "Session 9: host cost of every call form")."""

_CHECKED = "    checked: tuple[Any, ...] = ()  # the values of the last call that passed the overlap and `where` tests\n"


def _checks(arrays: list[Any], requires: list[str]) -> tuple[str, bool]:
    """The overlap and `where` tests, and whether they sit behind the memo of the last values that
    passed them. Those tests read only the arrays' pointers and element counts (the item sizes
    are the launcher's own) and the scalars that requirements name: a call whose values all
    equal the remembered ones gets the same answers. Python's ``==`` on these ints, and on a
    float scalar, is equality of the values the tests compute with (``-0.0 == 0.0`` gives the
    same answer to every comparison, and a NaN equals nothing, so it is tested again); every
    value is still packed from this call."""
    pairs = _pairs(arrays)
    text = _overlap(arrays, pairs)
    if requires:
        text += _fill("requires", tests="".join(_fill("require", test=test) for test in requires))
    if len(pairs) + len(requires) < _MEMO_AT:
        return text, False
    scalars = sorted({int(n) for test in requires for n in re.findall(r"\barg(\d+)\b", test)})
    seen = [f"ptr{p.pos}, size{p.pos}" for p in arrays] + [f"arg{n}" for n in scalars]
    indented = "".join(f"    {line}" if line.strip() else line for line in text.splitlines(keepends=True))
    return _fill("memo", seen=", ".join(seen), tests=indented), True


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
    """The struct format of the kernel's parameter block, 8 bytes a slot: a scalar's bytes, the
    elements of dynamic shared memory, an array's pointer and element count."""
    return "=" + "".join(p.dtype.slot if p.kind == "scalar" else "Q" if p.kind == "dynshared" else "QQ" for p in args)


def _doc(kernel: Any, kernels: list[str], requires: list[str]) -> str:
    what = {"scalar": "", "dynshared": " elements of dynamic shared memory"}
    args = [f"{p.dtype.name}{what[p.kind]}" if p.kind in what else f"a {p.dtype.name} array {_WHAT[p.kind]}"
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
