"""The kernel descriptor: what `kernel!` writes for each kernel into the `__OXPACK_SIG` constant of its
crate (``oxpack-kernel-v1;name;param:kind:dtype:type;...;bounds=...;regs=...;warps=whole;variant=...;file=...;
coarsen=...;grid=resident;requires=...;doc=...``), read into a `KernelSig` (`parse_sig`), the signature as the compiler
type-checked it: the link (`llvm.py`) reads one per entry, and the manifest (`manifest.py`), the stubs
and the host glue take it from there.
"""

from __future__ import annotations

import keyword
import re
from dataclasses import dataclass, field

from ..contract import dtypes, where
from ..errors import StageError

__all__ = ["DTYPES", "KINDS", "RANKS", "KernelParam", "KernelSig", "LaunchBounds", "parse_sig", "split_requires"]

DTYPES = tuple(dtypes().DTYPES)  # the one table of element types (the run time's `_dtypes.py`)
KINDS = ("scalar", "in", "out", "atomic", "index", "dynshared", "tma", "tma3")
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
    file: str = field(default="", compare=False)


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
    head, _, grid = head.partition(";grid=")
    if grid not in ("", "resident"):
        raise StageError(f"kernel descriptor of `{head.split(';')[0]}` has an unknown `grid={grid}`", stage="link")
    head, _, coarsen = head.partition(";coarsen=")
    head, _, file = head.partition(";file=")
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
    return KernelSig(name, tuple(params), "\n".join(lines).strip(), split_requires(requires, name),
                     _parse_bounds(bounds, name) if bounds else None,
                     _parse_registers(regs, name) if regs else None, int(coarsen) if coarsen in ("2", "4", "8") else 1,
                     whole_warps=warps == "whole", resident_grid=grid == "resident",
                     variant_of=(of, arch) if variant else None,
                     file=file.removeprefix("./"))


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
