"""The kernel descriptor: what `kernel!` writes for each kernel into the `__OXPACK_SIG` constant of its
crate (``oxpack-kernel-v1;name;param:kind:dtype:type;...;bounds=...;regs=...;warps=whole;variant=...;file=...;
coarsen=...;grid=resident;launch=...;requires=...;doc=...``), read into a `KernelSig` (`parse_sig`), the signature as the compiler
type-checked it: the link (`llvm.py`) reads one per entry, and the manifest (`manifest.py`), the stubs
and the host glue take it from there.
"""

from __future__ import annotations

import ast
import keyword
import re
from dataclasses import dataclass, field, replace
from typing import Any, NoReturn

from ..contract import dtypes, where
from ..errors import StageError

__all__ = ["DTYPES", "KINDS", "RANKS", "KernelParam", "KernelSig", "LaunchBounds", "parse_sig", "split_requires"]

DTYPES = tuple(dtypes().DTYPES)  # the one table of element types (the run time's `_dtypes.py`)
KINDS = ("scalar", "in", "out", "atomic", "index", "dynshared", "tma", "tma3", "tmah")
RANKS = ("1d", "2d", "3d")  # the "dtype" of an `index` parameter
_SIG_MAGIC = "oxpack-kernel-v1;"


@dataclass(frozen=True)
class KernelParam:
    name: str
    kind: str  # one of KINDS
    dtype: str
    # the parameter's type as the kernel's source spells it (`&mut DisjointSlice<f32, WarpRows<Vec4>>`,
    # `ScanState`): what `oxpack inspect` shows; kind and dtype say all the stub checks
    rust: str = field(default="", compare=False)

    def as_dict(self) -> dict[str, str]:
        return {"name": self.name, "kind": self.kind, "dtype": self.dtype, **({"rust": self.rust} if self.rust else {})}


@dataclass(frozen=True)
class LaunchBounds:
    """A kernel's `#[launch_bounds(max_threads, min_blocks)]`: PTX `.maxntid`/`.minnctapersm`."""

    max_threads: int
    min_blocks: int | None = None

    def as_dict(self) -> dict[str, int]:
        out = {"max_threads": self.max_threads}
        if self.min_blocks is not None:
            out["min_blocks"] = self.min_blocks
        return out


@dataclass(frozen=True)
class KernelSig:
    name: str
    params: tuple[KernelParam, ...]
    doc: str
    requires: tuple[str, ...]
    bounds: LaunchBounds | None = None
    max_registers: int | None = None  # `#[max_registers(N)]`: PTX `.maxnreg`
    coarsen: int = 1  # launch indices per hardware thread (`coarsen.py`)
    variants: tuple[tuple[str, str], ...] = ()  # (arch, entry) of its `#[variant_of(name, arch)]` kernels
    # `#[whole_warps]`: blocks of a multiple of 32 threads only (the stub refuses others), and the link
    # makes the device library's `__oxpack_whole_warps()` `true` in what only such kernels reach
    whole_warps: bool = False
    # `;grid=resident`: every output is drawn tile by tile (`ScanTiles`) and no parameter's work is split
    # among the launch's threads, so the stub launches at most the blocks the GPU holds at once
    # (the device library's `param::resident`)
    resident_grid: bool = False
    # read from the descriptor, used by the link alone (not cached): `#[variant_of]`'s (kernel, arch), the file
    variant_of: tuple[str, str] | None = field(default=None, compare=False)
    # `#[only_on(ARCH)]`: the kernel runs only as its `#[variant_of(name, ARCH)]` body; on every other arch (and
    # in emulation of another) the run time refuses the call before launching its own body
    only_on: str | None = None
    file: str = field(default="", compare=False)
    # `#[launch(...)]`: (key, expression) pairs as `_where.split_launch` normalises them (`check_launch`)
    launch: tuple[tuple[str, str], ...] = ()
    # `#[tune(block = [...])]`: the candidate blocks, each as its axes (`check_tune`)
    tune: tuple[tuple[int, ...], ...] = ()
    # `#[tune(kernels = [...])]`: other kernels of the package, of the same arguments, that the tuner may run
    # instead (`sources/tuned.py` checks them once every kernel is known)
    tune_kernels: tuple[str, ...] = ()
    # `#[dims(...)]`: (input array, its dims) pairs (`check_dims`): a scalar named alone as a dim may be left
    # out of a call, which takes it from the array's shape
    dims: tuple[tuple[str, str], ...] = ()
    # `#[outputs(...)]`: (output, its dims) pairs (`check_outputs`)
    outputs: tuple[tuple[str, str], ...] = ()
    # `#[backward(k1, k2)]`: the kernels, of the same file, that its PyTorch operator's backward runs
    # (matched to it by their parameters' names: `sources/backward.py`)
    backward: tuple[str, ...] = ()
    # (arch, signature) of its `#[variant_of]` variants whose launch, `where`, bounds or parameter kinds
    # differ from its own (`variants.fold_variants`): the run time launches each as it declares
    bodies: tuple[tuple[str, KernelSig], ...] = ()


def split_requires(text: str, kernel: str) -> tuple[str, ...]:
    """`len(x) >= len(y), len(y) > 0` → one normalised expression each (the run time's own `where`
    language, `_where.split`)."""
    lang = where()
    try:
        return tuple(lang.split(text))
    except lang.WhereError as exc:
        raise StageError(
            f"kernel `{kernel}`: cannot parse its `where (...)` requirements `{text.strip()}`: {exc}", stage="link"
        ) from exc


def _check_name(name: str, what: str) -> None:
    """A kernel or parameter name becomes a Python name in the stub (and a PTX symbol)."""
    if name.startswith("r#"):
        raise StageError(f"{what} is a raw identifier: the Python stub and the PTX symbol need a plain name "
                         f"(`{name[2:]}` is a keyword in Rust); rename it", stage="link")
    if not name.isidentifier() or keyword.iskeyword(name):
        raise StageError(f"{what} cannot be a Python name (a keyword like `lambda` or `None`); rename it",
                         stage="link")


def parse_sig(text: str) -> KernelSig:
    if not text.startswith(_SIG_MAGIC):
        raise StageError(f"unknown kernel descriptor format: {text[:40]!r}", stage="link")
    head, _, doc = text[len(_SIG_MAGIC) :].partition(";doc=")
    head, _, requires = head.partition(";requires=")
    head, _, backward = head.partition(";backward=")
    head, _, outputs = head.partition(";outputs=")
    head, _, dims = head.partition(";dims=")
    head, _, tune = head.partition(";tune=")
    head, _, launch = head.partition(";launch=")
    head, _, grid = head.partition(";grid=")
    if grid not in ("", "resident"):
        raise StageError(f"kernel descriptor of `{head.split(';')[0]}` has an unknown `grid={grid}`", stage="link")
    head, _, coarsen = head.partition(";coarsen=")
    head, _, file = head.partition(";file=")
    head, _, only = head.partition(";only=")
    head, _, variant = head.partition(";variant=")
    head, _, warps = head.partition(";warps=")
    if warps not in ("", "whole"):
        raise StageError(f"kernel descriptor of `{head.split(';')[0]}` has an unknown `warps={warps}`", stage="link")
    head, _, regs = head.partition(";regs=")
    head, _, bounds = head.partition(";bounds=")
    parts = head.split(";")
    name, params = parts[0], []
    _check_name(name, f"kernel `{name}`")
    for part in parts[1:]:
        pname, kind, dtype, *rust = part.split(":", 3)  # the source's type last: it may hold `::`
        _check_name(pname, f"kernel `{name}`: parameter `{pname}`")
        if kind not in KINDS or dtype not in (RANKS if kind == "index" else DTYPES):
            raise StageError(f"kernel `{name}`: parameter `{pname}` has unsupported type {kind}:{dtype}", stage="link")
        params.append(KernelParam(pname, kind, dtype, " ".join("".join(rust).split())))
    indices = [p.name for p in params if p.kind == "index"]
    if len(indices) > 1:
        raise StageError(
            f"kernel `{name}` takes {len(indices)} launch indices ({', '.join(f'`{i}`' for i in indices)}); "
            "a kernel takes at most one `ThreadIndex`, `ThreadIndex2` or `ThreadIndex3` parameter",
            stage="link",
        )
    lines = [line[1:] if line.startswith(" ") else line for line in doc.rstrip("\n").split("\n")]
    of, _, arch = variant.partition("@")
    sig = KernelSig(name, tuple(params), "\n".join(lines).strip(), split_requires(requires, name),
                    _parse_bounds(bounds, name) if bounds else None,
                    _parse_registers(regs, name) if regs else None, int(coarsen) if coarsen in ("2", "4", "8") else 1,
                    whole_warps=warps == "whole", resident_grid=grid == "resident",
                    variant_of=(of, arch) if variant else None, only_on=only or None,
                    file=file.removeprefix("./"))
    sig = check_launch(sig, launch) if launch else sig
    sig = check_tune(sig, tune) if tune else sig
    sig = check_dims(sig, dims) if dims else sig
    sig = check_outputs(sig, outputs) if outputs else sig
    return replace(sig, backward=tuple(n for n in backward.split(",") if n)) if backward else sig


def check_outputs(sig: KernelSig, text: str) -> KernelSig:
    """`sig` with its `#[outputs(c = (m, n))]`, checked: each name an output (`&mut DisjointSlice`) of the
    kernel, once, its dims expressions of integer scalars and the lengths of other parameters, and the
    outputs it names the last arguments of the call (a call may leave them out)."""
    lang = where()
    shown = _shown(text)
    at = f"{sig.file}: " if sig.file else ""

    def fail(why: str) -> NoReturn:
        raise StageError(f"{at}kernel `{sig.name}`: `#[outputs({shown})]` {why}", stage="link")

    kinds = {p.name: p.kind for p in sig.params}
    try:
        pairs = lang.split_outputs(text)
        for name, value in pairs:
            if kinds.get(name) != "out":
                what = "is not a parameter of the kernel" if name not in kinds else \
                    f"is no output but {_KIND_NAMES[kinds[name]]}"
                fail(f"names `{name}`, which {what}; name outputs, `&mut DisjointSlice<T>` parameters")
            for term in (t for axis in lang.parse_shape(value, kinds, "output") for t in lang.terms(axis)):
                if isinstance(term, lang.Len) and term.name in dict(pairs):
                    fail(f"gives `{name}` dims that read `len({term.name})`, an output the call may leave out")
                param = next(p for p in sig.params if p.name == term.name)
                if isinstance(term, lang.Scalar) and dtypes().DTYPES[param.dtype].bounds is None:
                    fail(f"names `{term.name}`, a {param.dtype} scalar: dims take integer parameters")
    except lang.WhereError as exc:
        fail(f"is not supported: {exc}")
    call = [p.name for p in sig.params if p.kind != "index" and not declared_by_launch(sig, p)]
    named = {name for name, _ in pairs}
    tail = call[len(call) - len(named):]
    if set(tail) != named:
        after = next(p for p in call[call.index(min(named, key=call.index)):] if p not in named)
        fail(f"names outputs that `{after}` follows: the outputs a call may leave out come last; move them there")
    # in the parameters' order, the order a call returns them in (not the attribute's, which a cached
    # signature would not keep)
    return replace(sig, outputs=tuple(sorted(pairs, key=lambda pair: call.index(pair[0]))))


def declared_by_launch(sig: KernelSig, p: Any) -> bool:
    """Whether parameter `p` of `sig` is no argument of a call: the dynamic shared memory that
    ``#[launch(shared = ...)]`` sizes, or the atomic buffer that ``#[launch(workspace = ...)]`` does."""
    launch = dict(sig.launch)
    return (p.kind == "dynshared" and "shared" in launch) or (p.kind == "atomic" and "workspace" in launch)


_INPUTS = {"in": 0, "tma": 2, "tma3": 3, "tmah": 3}  # the input arrays' kinds, and the rank a TMA source takes (0: any)


def check_dims(sig: KernelSig, text: str) -> KernelSig:
    """`sig` with its `#[dims(a = (m, k), b = (n, k))]`, checked: each name an input array (`&[T]`, a TMA
    source) of the kernel, once, its dims expressions of integer scalars (the language of `#[outputs]`), as
    many as a TMA source's rank. A scalar named alone as a dim is one a call may leave out."""
    lang = where()
    shown = _shown(text)
    at = f"{sig.file}: " if sig.file else ""

    def fail(why: str) -> NoReturn:
        raise StageError(f"{at}kernel `{sig.name}`: `#[dims({shown})]` {why}", stage="link")

    kinds = {p.name: p.kind for p in sig.params}
    try:
        pairs = lang.split_outputs(text, "array")
        for name, value in pairs:
            if kinds.get(name) not in _INPUTS:
                what = "is not a parameter of the kernel" if name not in kinds else \
                    "is an output: an output's dims go in `#[outputs(...)]`" if kinds[name] == "out" else \
                    f"is no input array but {_KIND_NAMES[kinds[name]]}"
                fail(f"names `{name}`, which {what}; name input arrays, `&[T]` or `TmaSource<T>` parameters")
            axes = lang.parse_shape(value, kinds, "dims")
            rank = _INPUTS[kinds[name]]
            if rank and len(axes) != rank:
                fail(f"gives `{name}`, a {rank}-D TMA source, {len(axes)} dims; give it {rank}")
            for term in (t for axis in axes for t in lang.terms(axis)):
                param = next(p for p in sig.params if p.name == term.name)
                if isinstance(term, lang.Scalar) and dtypes().DTYPES[param.dtype].bounds is None:
                    fail(f"names `{term.name}`, a {param.dtype} scalar: dims take integer parameters")
    except lang.WhereError as exc:
        fail(f"is not supported: {exc}")
    return replace(sig, dims=pairs)


def check_tune(sig: KernelSig, text: str) -> KernelSig:
    """`sig` with its `#[tune(block = [...], kernels = [...])]`, checked: candidate blocks that CUDA, the
    kernel's attributes, its launch index and its `where (...)` allow, for a block that `#[launch]` leaves
    open; the other kernels' names (checked against them later: `sources.tuned`)."""
    lang = where()
    shown = " ".join(text.split())
    at = f"{sig.file}: " if sig.file else ""

    def fail(why: str) -> NoReturn:
        raise StageError(f"{at}kernel `{sig.name}`: `#[tune({shown})]` {why}", stage="link")

    try:
        candidates, kernels = lang.split_tune(text)
    except lang.WhereError as exc:
        fail(f"is not supported: {exc}")
    launch = dict(sig.launch)
    if candidates and "block" in launch:
        fail(f"tunes the block that its `#[launch]` fixes (`block = {launch['block']}`); drop one of them")
    rank = next((int(p.dtype[0]) for p in sig.params if p.kind == "index"), None)
    if candidates and rank is not None and len(candidates[0]) != rank:
        fail(f"lists blocks of {len(candidates[0])} axes, but the kernel takes a {rank}-D launch (its launch index)")
    for candidate in candidates:
        _check_constant_block(sig, list(candidate), fail, "lists a block")
    if sig.name in kernels:
        fail("lists the kernel itself in `kernels`: list the other kernels that the tuner may run instead")
    return replace(sig, tune=candidates, tune_kernels=kernels)


def _shown(text: str) -> str:
    """An attribute's tokens as `stringify!` spaced them (`cdiv ( m , 128 )`), written as people do."""
    text = re.sub(r"\s*,\s*", ", ", re.sub(r"\s+\)", ")", re.sub(r"\(\s+", "(", " ".join(text.split()))))
    return re.sub(r"(\w)\s+\(", r"\1(", text)


_KIND_NAMES = {"in": "an input slice", "atomic": "an atomic buffer", "scalar": "a scalar", "tma": "a TMA source",
               "tma3": "a TMA source", "tmah": "a TMA source", "dynshared": "dynamic shared memory", "index": "the launch index"}


def check_launch(sig: KernelSig, text: str) -> KernelSig:
    """`sig` with its `#[launch(text)]`, checked: each key once, each value in the language
    (`_where.parse_shape`) over integer scalars and slices of the kernel, as many axes as its launch
    index takes, a `shared` only with a `DynShared` parameter, and a constant block that CUDA, the
    kernel's attributes and its `where (...)` allow. `StageError` (one line naming the file) otherwise."""
    lang = where()
    shown = _shown(text)
    at = f"{sig.file}: " if sig.file else ""

    def fail(why: str) -> NoReturn:
        raise StageError(f"{at}kernel `{sig.name}`: `#[launch({shown})]` {why}", stage="link")

    try:
        pairs = lang.split_launch(text)
        kinds = {p.name: p.kind for p in sig.params}
        shapes = {key: lang.parse_shape(value, kinds, key) for key, value in pairs}
    except lang.WhereError as exc:
        fail(f"is not supported: {exc}" + ("" if "key" in str(exc) else f"; write {lang.LAUNCH_HELP}"))
    table = dtypes().DTYPES
    for key, axes in shapes.items():
        for term in (t for axis in axes for t in lang.terms(axis)):
            param = next((p for p in sig.params if p.name == getattr(term, "name", None)), None)
            if isinstance(term, lang.Scalar) and param is not None and table[param.dtype].bounds is None:
                fail(f"names `{term.name}`, a {param.dtype} scalar: a launch shape takes integer parameters")
            if isinstance(term, lang.Len) and param is not None and param.kind == "dynshared" and "shared" in shapes:
                fail(f"names `len({term.name})`, the dynamic shared memory that `shared` declares")
    if "shared" in shapes and not any(p.kind == "dynshared" for p in sig.params):
        fail("declares `shared`, but the kernel has no `DynShared` parameter for it to size")
    atomics = [p for p in sig.params if p.kind == "atomic"]
    if "workspace" in shapes and len(atomics) != 1:
        fail("declares `workspace`, but the kernel has " + ("no atomic buffer (`&[AtomicU32]`, ...)" if not atomics
             else f"{len(atomics)} atomic buffers ({', '.join(p.name for p in atomics)})") + " for it to size: give "
             "it exactly one, the workspace that the stub makes zeroed for each launch")
    if "workspace" in shapes and any(isinstance(t, lang.Len) and t.name == atomics[0].name
                                     for t in lang.terms(shapes["workspace"][0])):
        fail(f"names `len({atomics[0].name})`, the workspace that `workspace` declares")
    rank = next((int(p.dtype[0]) for p in sig.params if p.kind == "index"), None)  # "1d" → 1
    extent = shapes.get("threads") or shapes.get("grid")
    if extent is not None and rank is not None and len(extent) != rank:
        fail(f"gives {'threads' if 'threads' in shapes else 'grid'} {len(extent)} axes, but the kernel takes a "
             f"{rank}-D launch (its launch index)")
    block = shapes.get("block")
    if block is not None and extent is not None and len(block) != len(extent):
        fail(f"gives the block {len(block)} axes and {'threads' if 'threads' in shapes else 'grid'} {len(extent)}: "
             "give both the same")
    if block is not None and rank is not None and len(block) != rank:
        fail(f"gives the block {len(block)} axes, but the kernel takes a {rank}-D launch (its launch index)")
    values = [lang.constant(axis) for axis in block] if block is not None else []
    if values and all(v is not None for v in values):
        _check_constant_block(sig, [v for v in values if v is not None], fail)
    return replace(sig, launch=pairs)


def _check_constant_block(sig: KernelSig, block: list[int], fail: Any, what: str = "declares a block") -> None:
    """A declared block of constants: within CUDA's limits, the launch bounds, whole warps and every
    `where (...)` requirement on the block alone."""
    lang = where()
    threads = 1
    for axis in block:
        threads *= axis
    if min(block) < 1 or threads > 1024 or (len(block) == 3 and block[2] > 64):
        fail(f"{what} of {tuple(block) if len(block) > 1 else block[0]}: CUDA takes every axis >= 1, "
             "at most 1024 threads in all and z <= 64")
    if sig.bounds is not None and threads > sig.bounds.max_threads:
        fail(f"{what} of {threads} threads, over its #[launch_bounds({sig.bounds.max_threads})]")
    if sig.whole_warps and threads % 32:
        fail(f"{what} of {threads} threads, not a multiple of 32, but the kernel is #[whole_warps]")
    axes = (*block, 1, 1, 1)[:3]
    value = {lang.Launch("block"): threads, **{lang.Launch("block", a): v for a, v in zip(lang.AXES, axes)}}
    kinds = {p.name: p.kind for p in sig.params}
    for text in sig.requires:
        requirement = lang.parse(text, kinds)
        terms = requirement.terms()
        if terms and all(t in value for t in terms) and not _holds(requirement.test, value):
            noun = "the declared block" if what == "declares a block" else "a candidate block"
            fail(f"contradicts its `where ({text})`: {noun} has {tuple(block) if len(block) > 1 else block[0]} "
                 "threads")


def _holds(node: Any, value: dict[Any, int]) -> bool:
    """Whether a test of the `where` language holds, its terms given by `value`: the run time's own
    evaluation of requirements (`_requires._test`)."""
    from ..runtime import _requires

    return bool(_requires._test(node, {term: n for n, term in enumerate(value)})(list(value.values())))


def _parse_registers(text: str, kernel: str) -> int:
    """`64` (the literal of `#[max_registers(64)]`, which rustc typed as u32)."""
    m = re.fullmatch(r"([0-9][0-9_]*)(u32)?", text.strip())
    if m is None or not 16 <= int(m.group(1).replace("_", "")) <= 255:
        raise StageError(f"kernel `{kernel}`: `#[max_registers({text})]` must be an integer from 16 to 255",
                         stage="link")
    return int(m.group(1).replace("_", ""))


def _parse_bounds(text: str, kernel: str) -> LaunchBounds:
    """`256` or `256,2` (the literals of `#[launch_bounds(256, 2)]`, which rustc typed as u32)."""
    values = [re.fullmatch(r"([0-9][0-9_]*)(u32)?", v.strip()) for v in text.split(",")]
    if not 1 <= len(values) <= 2 or not all(values):
        raise StageError(f"kernel `{kernel}`: `#[launch_bounds({text})]` must be one or two integers, "
                         "e.g. `#[launch_bounds(256, 2)]`", stage="link")
    numbers = [int(m.group(1).replace("_", "")) for m in values if m]
    if not 1 <= numbers[0] <= 1024 or (len(numbers) == 2 and numbers[1] < 1):
        raise StageError(f"kernel `{kernel}`: `#[launch_bounds({text})]` must allow 1 to 1024 threads per block "
                         "and at least 1 block per multiprocessor", stage="link")
    return LaunchBounds(numbers[0], numbers[1] if len(numbers) == 2 else None)
