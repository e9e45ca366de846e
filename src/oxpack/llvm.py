"""LLVM work through llvmlite: link a kernel crate's bitcode, read its kernels, emit PTX.

- `read_archive` unpacks an rlib (an `ar` archive) into its bitcode members.
- `link_kernel_crate` links the kernel bitcode with the device runtime, the
  device crate and only those `core`/`compiler_builtins` members that define a
  still-undefined symbol (repeated to a fixpoint), adds one `ptx_kernel` entry
  per kernel, internalizes everything else and returns the linked IR text and
  the kernels' signatures as the compiler type-checked them.
- `emit_ptx` optimizes that IR for one arch (with rustc's `target-cpu`
  attribute overridden, so no arch gets sm_30-tuned code) and prints PTX.

Per-arch variants (`#[variant_of(gemm, sm_90a)] pub fn gemm_sm90a(...)`): the link keeps
every variant's entry beside its kernel's, checks that both take the same parameters,
`where (...)` and launch bounds, and hands the kernels on with their `variants`; the linked
IR starts with one comment line, ``; oxpack: {"file": ..., "variants": {...}}`` (the kernel
file and, per kernel, arch → variant entry), so that the PTX stage's input (and cache key)
holds the table. For each arch, `emit_ptx` keeps each kernel's variant for that arch
(renamed to the kernel's name) or else its own body, drops the other entries, and refuses
a kernel that still reaches a runtime function another arch needs (`ARCH_SPECIFIC`:
`__oxpack_sm90a_*` needs sm_90a) with one line naming the file, kernel, arch and fix.
"""

from __future__ import annotations

import json
import keyword
import os
import re
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from . import coarsen
from .contract import dtypes, where
from .errors import StageError, ToolchainError

__all__ = [
    "ARCH_SPECIFIC",
    "KernelParam",
    "KernelSig",
    "LinkedCrate",
    "emit_ptx",
    "link_kernel_crate",
    "llvm_version",
    "read_archive",
]

DTYPES = tuple(dtypes().DTYPES)  # the one table of element types (the run time's `_dtypes.py`)
KINDS = ("scalar", "in", "out", "atomic", "index", "dynshared", "tma")
RANKS = ("1d", "2d", "3d")  # the "dtype" of an `index` parameter
_ENTRY = re.compile(r"^(?P<prefix>_ZN.*)14__oxpack_entry17h[0-9a-f]{16}E$")
_SIG = re.compile(r"^(?P<prefix>_ZN.*)12__OXPACK_SIG17h[0-9a-f]{16}E$")
_SIG_MAGIC = "oxpack-kernel-v1;"
ARCH_SPECIFIC = re.compile(r"^__oxpack_(?P<arch>sm(?P<number>\d+)(?P<suffix>[af]?))_")
"""The runtime functions (`runtime.ll`) that need one arch: `__oxpack_sm90a_*` (wgmma, TMA, mbarrier,
`setmaxnreg`) only sm_90a; an `__oxpack_sm90_*` one would need sm_90 or newer."""
_HEADER = re.compile(r"^; oxpack: (\{.*\})$", re.M)
TRAP_RECORD = "__oxpack_trap_record"  # issue 9: the debug profile's record pointer (a u64 global)
_SCALAR_IR = {"int32": "i32", "uint32": "i32", "int64": "i64", "uint64": "i64", "float32": "float", "float64": "double"}


def _llvm() -> Any:
    try:
        import llvmlite.binding as llvm
    except ImportError as exc:  # pragma: no cover - llvmlite is a dependency
        raise ToolchainError(f"llvmlite is not importable ({exc}); install it with `pip install llvmlite`") from exc
    return llvm


def llvm_version() -> tuple[int, int, int]:
    """The LLVM version llvmlite was built with."""
    return tuple(_llvm().llvm_version_info)  # type: ignore[return-value,unused-ignore]


@dataclass(frozen=True)
class KernelParam:
    name: str
    kind: str  # scalar | in | out
    dtype: str

    def as_dict(self) -> dict[str, str]:
        return {"name": self.name, "kind": self.kind, "dtype": self.dtype}


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
    # read from the descriptor, used by the link alone (not cached): `#[variant_of]`'s (kernel, arch), the file
    variant_of: tuple[str, str] | None = field(default=None, compare=False)
    file: str = field(default="", compare=False)


@dataclass(frozen=True)
class LinkedCrate:
    ir: str
    kernels: tuple[KernelSig, ...]


# --- archives -----------------------------------------------------------------


def read_archive(data: bytes) -> list[tuple[str, bytes]]:
    """Members of a System V / GNU `ar` archive that hold LLVM bitcode."""
    if not data.startswith(b"!<arch>\n"):
        raise ToolchainError("not an ar archive (rlib): missing `!<arch>` header")
    pos, names, out = 8, b"", []
    while pos + 60 <= len(data):
        header = data[pos : pos + 60]
        name = header[:16].decode("ascii", "replace").strip()
        size = int(header[48:58].decode("ascii").strip() or 0)
        body = data[pos + 60 : pos + 60 + size]
        pos += 60 + size + (size & 1)
        if name == "//":
            names = body
            continue
        if name.startswith("/") and name[1:].isdigit():
            start = int(name[1:])
            end = names.find(b"/\n", start)
            name = names[start:end].decode("utf-8", "replace")
        name = name.rstrip("/")
        if body[:4] == b"BC\xc0\xde":
            out.append((name, bytes(body)))
    return out


# --- signatures -----------------------------------------------------------------


def _c_string(ir: str, symbol: str) -> str:
    name = re.escape(symbol)  # LLVM quotes a name with `$` (a non-ASCII crate's mangling): `@"_ZN8caf$ue9$..."`
    match = re.search(rf'^@(?:{name}|"{name}") = .*?c"((?:[^"\\]|\\[0-9A-Fa-f]{{2}}|\\\\)*)"', ir, re.M)
    if match is None:
        raise StageError(f"descriptor `{symbol}` has no constant initializer in the kernel bitcode", stage="link")
    raw = re.sub(r"\\([0-9A-Fa-f]{2})", lambda m: chr(int(m.group(1), 16)), match.group(1))
    return raw.encode("latin-1").decode("utf-8")


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
    head, _, coarsen = head.partition(";coarsen=")
    head, _, file = head.partition(";file=")
    head, _, variant = head.partition(";variant=")
    head, _, regs = head.partition(";regs=")
    head, _, bounds = head.partition(";bounds=")
    parts = head.split(";")
    name, params = parts[0], []
    _check_name(name, f"kernel `{name}`")
    for part in parts[1:]:
        pname, kind, dtype = part.split(":")
        _check_name(pname, f"kernel `{name}`: parameter `{pname}`")
        if kind not in KINDS or dtype not in (RANKS if kind == "index" else DTYPES):
            raise StageError(f"kernel `{name}`: parameter `{pname}` has unsupported type {kind}:{dtype}", stage="link")
        params.append(KernelParam(pname, kind, dtype))
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
                     variant_of=(of, arch) if variant else None, file=file.removeprefix("./"))


# --- variants -------------------------------------------------------------------


_KIND_WORDS = {"scalar": "a {} scalar", "in": "a {} slice, read", "out": "a {} slice, written",
               "atomic": "an atomic {} buffer", "dynshared": "dynamic shared memory of {}", "index": "a {} launch index"}


def _describe(sig: KernelSig) -> tuple[str, ...]:
    return tuple(f"`{p.name}` ({_KIND_WORDS[p.kind].format(p.dtype)})" for p in sig.params)


def _difference(kernel: KernelSig, variant: KernelSig) -> str | None:
    """How `variant`'s signature differs from `kernel`'s (None: it does not)."""
    a, b = kernel.name, variant.name
    if len(kernel.params) != len(variant.params):
        return (f"`{a}` takes {len(kernel.params)} parameters ({', '.join(p.name for p in kernel.params)}), "
                f"`{b}` takes {len(variant.params)} ({', '.join(p.name for p in variant.params)})")
    for number, (p, q) in enumerate(zip(kernel.params, variant.params, strict=True), start=1):
        if p != q:
            return f"parameter {number} is {_describe(kernel)[number - 1]} in `{a}` but " \
                   f"{_describe(variant)[number - 1]} in `{b}`"
    if kernel.requires != variant.requires:
        shown = [f"where ({', '.join(s.requires)})" if s.requires else "no `where`" for s in (kernel, variant)]
        return f"`{a}` has `{shown[0]}`, `{b}` has `{shown[1]}`".replace("`no `where``", "no `where`")
    if kernel.bounds != variant.bounds:
        shown = ["no `#[launch_bounds]`" if s.bounds is None else
                 f"`#[launch_bounds({','.join(str(v) for v in s.bounds.as_dict().values())})]`"
                 for s in (kernel, variant)]
        return f"`{a}` has {shown[0]}, `{b}` has {shown[1]}"
    return None


def fold_variants(sigs: Sequence[KernelSig]) -> tuple[KernelSig, ...]:
    """The kernels of one file, each with its `#[variant_of]` variants (arch, entry) attached and the
    variants themselves left out; `StageError` for a variant of no kernel, of an unknown arch, one arch
    twice, or a different signature."""
    from .targets import ARCH_MIN_PTX

    kernels = {s.name: s for s in sigs if s.variant_of is None}
    found: dict[str, dict[str, str]] = {}
    for v in sorted((s for s in sigs if s.variant_of is not None), key=lambda s: s.name):
        assert v.variant_of is not None
        of, arch = v.variant_of
        where = f"kernel file `{v.file}`: " if v.file else ""
        attribute = f"`#[variant_of({of}, {arch})]` on kernel `{v.name}`"
        if of not in kernels:
            what = "is itself a variant" if of in {s.name for s in sigs} else "is no kernel of this file"
            raise StageError(f"{where}{attribute}: `{of}` {what}; name a kernel of this file without "
                             f"`#[variant_of]` ({', '.join(f'`{k}`' for k in sorted(kernels)) or 'none'})",
                             stage="link")
        if arch not in ARCH_MIN_PTX:
            raise StageError(f"{where}{attribute}: `{arch}` is not an arch oxpack builds; use one of "
                             f"{', '.join(ARCH_MIN_PTX)}", stage="link")
        table = found.setdefault(of, {})
        if arch in table:
            raise StageError(f"{where}kernels `{table[arch]}` and `{v.name}` are both `#[variant_of({of}, {arch})]`; "
                             f"keep one body per arch", stage="link")
        difference = _difference(kernels[of], v)
        if difference is not None:
            raise StageError(f"{where}{attribute} must take the same parameters, `where (...)` and "
                             f"`#[launch_bounds]` as `{of}` (Python calls one kernel on every arch): {difference}; "
                             "make them equal", stage="link")
        table[arch] = v.name
    return tuple(replace(k, variants=tuple(sorted(found.get(k.name, {}).items()))) for k in kernels.values())


def _header(ir: str) -> dict[str, Any]:
    """The link's comment line at the top of the linked IR: the kernel file and the variant table."""
    m = _HEADER.search(ir[:65536])
    return json.loads(m.group(1)) if m else {"file": "", "variants": {}}


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


# --- linking --------------------------------------------------------------------


def _defined(module: Any) -> set[str]:
    names = {f.name for f in module.functions if not f.is_declaration}
    names |= {g.name for g in module.global_variables if not g.is_declaration}
    return names


def _undefined(module: Any) -> set[str]:
    names = {f.name for f in module.functions if f.is_declaration and not f.name.startswith("llvm.")}
    names |= {g.name for g in module.global_variables if g.is_declaration}
    return names


def _wrapper(sig: KernelSig, entry: Any, *, registers: bool = True) -> str:
    arg_types = [str(a.type) for a in entry.arguments]
    if len(arg_types) != 2 * len(sig.params):
        raise StageError(
            f"kernel `{sig.name}`: its entry shim takes {len(arg_types)} values, expected {2 * len(sig.params)}",
            stage="link",
        )
    params, call = [], []
    for i, p in enumerate(sig.params):
        word = arg_types[2 * i]
        if p.kind == "index" and sig.coarsen > 1:  # the count of launch indices: the last PTX parameter
            call += [f"{word} %{p.name}", "i64 0"]
        elif p.kind == "index":  # computed by the entry shim from the launch registers
            call += [f"{word} 0", "i64 0"]
        elif p.kind == "dynshared":  # one parameter: the element count
            params.append(f"i64 %{p.name}")
            call += [f"i64 %{p.name}", "i64 0"]
        elif p.kind == "scalar":
            params.append(f"{word} %{p.name}")
            call += [f"{word} %{p.name}", "i64 0"]
        else:
            params += [f"ptr noalias %{p.name}", f"i64 %{p.name}.len"]
            call += [f"ptr %{p.name}", f"i64 %{p.name}.len"]
    params += [f"i64 %{p.name}" for p in sig.params if p.kind == "index" and sig.coarsen > 1]
    # `#[launch_bounds]`, `#[max_registers]`: LLVM's NVPTX backend writes `.maxntid`, `.minnctapersm`, `.maxnreg`
    attrs = ""
    if sig.bounds is not None:
        attrs = f' "nvvm.maxntid"="{sig.bounds.max_threads}"'
        if sig.bounds.min_blocks is not None:
            attrs += f' "nvvm.minctasm"="{sig.bounds.min_blocks}"'
    if sig.max_registers is not None and registers:
        attrs += f' "nvvm.maxnreg"="{sig.max_registers}"'
    return (
        f"define ptx_kernel void @{sig.name}({', '.join(params)}){attrs} {{\n"
        f"  call void @{entry.name}({', '.join(call)})\n  ret void\n}}\n"
        f"declare void @{entry.name}({', '.join(arg_types)})\n"
    )


def link_kernel_crate(
    kernel_bc: bytes, runtime_ll: str, libraries: Sequence[tuple[str, bytes]], libdevice: Path | None = None
) -> LinkedCrate:
    """Link kernel bitcode + runtime + the library members it needs; see module doc.

    `libdevice` is NVIDIA's libdevice.10.bc, linked only when the kernel calls one
    of its functions (the caller resolves it, so the link stage reads no environment).
    """
    llvm = _llvm()
    try:
        module = llvm.parse_bitcode(kernel_bc)
    except RuntimeError as exc:
        raise StageError(f"llvmlite cannot read the kernel bitcode: {exc}", stage="link") from exc
    text = str(module)
    entries: dict[str, Any] = {}
    sigs: dict[str, str] = {}
    for fn in module.functions:
        if (m := _ENTRY.match(fn.name)) and not fn.is_declaration:
            entries[m.group("prefix")] = fn
    for gv in module.global_variables:
        if m := _SIG.match(gv.name):
            sigs[m.group("prefix")] = _c_string(text, gv.name)
    every = tuple(parse_sig(sigs[prefix]) for prefix in sorted(sigs))  # the variants too: each has an entry
    kernels = fold_variants(every)
    by_prefix = {prefix: parse_sig(sigs[prefix]) for prefix in sigs}
    layout, triple = module.data_layout, module.triple
    header = f'target datalayout = "{layout}"\ntarget triple = "{triple}"\n'
    runtime = llvm.parse_assembly(header + re.sub(r"(?m)^target (datalayout|triple) = .*$", "", runtime_ll))
    module.link_in(runtime)
    _link_needed(llvm, module, libraries)
    _link_libdevice(llvm, module, header, libdevice)
    # the debug profile's panics format their message in functions that need more registers than a
    # `#[max_registers]` cap allows (ptxas refuses the kernel): its kernels go without the cap
    capped = not any(gv.name == TRAP_RECORD and not gv.is_declaration for gv in module.global_variables)
    # thread coarsening, where the code allows it; never for a kernel with per-arch variants (each
    # arch's body would need a grid of its own, and the stub computes one grid per kernel)
    varied = {s.variant_of[0] for s in every if s.variant_of is not None}
    by_prefix = {p: replace(s, coarsen=1) if s.variant_of is not None or s.name in varied else s
                 for p, s in by_prefix.items()}
    by_prefix, entries = coarsen.choose(module, by_prefix, entries)
    chosen = {s.name: s.coarsen for s in by_prefix.values()}
    kernels = tuple(replace(k, coarsen=chosen.get(k.name, 1)) for k in kernels)
    wrappers = "".join(_wrapper(by_prefix[p], entries[p], registers=capped) for p in sorted(by_prefix) if p in entries)
    if wrappers:
        module.link_in(llvm.parse_assembly(header + wrappers))
    keep = {k.name for k in every}
    for fn in module.functions:
        if not fn.is_declaration and fn.name not in keep:
            fn.linkage = llvm.Linkage.internal
    # issue 9: a debug-profile device crate defines the trap record's pointer, which the
    # runtime fills after loading the module: it stays visible, and panics keep their message
    debug = any(gv.name == TRAP_RECORD and not gv.is_declaration for gv in module.global_variables)
    for gv in module.global_variables:
        if not gv.is_declaration and not gv.name.startswith("llvm.") and gv.name != TRAP_RECORD:
            gv.linkage = llvm.Linkage.internal
    ir = re.sub(r"(?m)^@llvm\.(compiler\.)?used = .*\n", "", str(module))
    ir = to_shared_space(ir)
    if not debug:
        ir = trap_panics(ir)
    linked = llvm.parse_assembly(ir)
    _drop_dead(llvm, linked)  # most of core is unreachable from the kernels: keep the IR small
    ir = str(linked)
    # __nvvm_reflect (libdevice's query of compile options) is folded away by
    # LLVM's NVVMReflect pass in the NVPTX pipeline; __oxpack_dynamic_shared is the
    # launch's dynamic shared memory (`.extern .shared`)
    missing = sorted(_undefined(linked) - {"__nvvm_reflect", "__oxpack_dynamic_shared"})
    if missing:
        raise StageError(
            "the linked kernel module still needs symbols that neither the device crate nor core define: "
            + ", ".join(missing[:8]),
            stage="link",
        )
    file = next((k.file for k in every if k.file), "")
    variants = {k.name: dict(k.variants) for k in kernels if k.variants}
    header = json.dumps({"file": file, "variants": variants}, sort_keys=True)
    return LinkedCrate(f"; oxpack: {header}\n{ir}", kernels)


def _nvptx_machine(llvm: Any, cpu: str = "", features: str = "", opt: int = 3) -> Any:
    llvm.initialize_all_targets()
    llvm.initialize_all_asmprinters()
    return llvm.Target.from_triple("nvptx64-nvidia-cuda").create_target_machine(cpu=cpu, features=features, opt=opt)


def _drop_dead(llvm: Any, module: Any) -> None:
    tm = _nvptx_machine(llvm)
    pb = llvm.create_pass_builder(tm, llvm.create_pipeline_tuning_options(speed_level=0))
    mpm = llvm.create_new_module_pass_manager()
    mpm.add_global_dead_code_eliminate_pass()
    mpm.add_strip_dead_prototype_pass()
    mpm.run(module, pb)


_SHARED_DEF = re.compile(
    r"^@(?P<name>[\w.$]*15__OXPACK_SHARED17h[0-9a-f]{16}E) = (?P<link>(?:\w+ )*?)(?:global|constant) "
    r"(?P<type>.*?) (?:undef|poison|zeroinitializer|<\{.*\}>.*?|\[.*\]|c\".*\"), align (?P<align>\d+)$",
    re.M,
)


def to_shared_space(ir: str) -> str:
    """Move every `shared_array!`/`shared_atomics!` static into address space 3.

    Each becomes a per-block `.shared` array (no initializer: shared memory has
    none), and every use of it an `addrspacecast` to a generic pointer, which
    LLVM's address-space inference turns back into `ld.shared`/`st.shared`.
    """
    dynamic = re.compile(r"^@__oxpack_dynamic_shared = external (?:\w+ )*?global \[0 x i8\](?:, align \d+)?$", re.M)
    if dynamic.search(ir):
        ir = dynamic.sub("\0DYNAMIC\0", ir)
        ir = re.sub(r"@__oxpack_dynamic_shared(?![\w.$])",
                    "addrspacecast (ptr addrspace(3) @__oxpack_dynamic_shared to ptr)", ir)
        ir = ir.replace("\0DYNAMIC\0", "@__oxpack_dynamic_shared = external addrspace(3) global [0 x i8], align 16")
    for m in list(_SHARED_DEF.finditer(ir)):
        name, ty, align = m.group("name"), m.group("type"), m.group("align")
        if ty.startswith("<{") and not ty.endswith("}>"):
            continue  # a type we do not understand: leave it, the link check will not hide it
        definition = f"@{name} = internal addrspace(3) global {ty} undef, align {align}"
        ir = ir.replace(m.group(0), "\0SHARED\0")
        ir = re.sub(re.escape("@" + name) + r"(?![\w.$])", f"addrspacecast (ptr addrspace(3) @{name} to ptr)", ir)
        ir = ir.replace("\0SHARED\0", definition)
    return ir


def _link_libdevice(llvm: Any, module: Any, header: str, path: Path | None) -> None:
    """Link NVIDIA's libdevice when the kernel calls one of its `__nv_*` functions."""
    needed = sorted(n for n in _undefined(module) if n.startswith("__nv_"))
    if not needed:
        return
    from .libdevice import MISSING

    if path is None or not path.is_file():
        names = ", ".join(f"`{n}`" for n in needed[:4])
        if path is not None and os.environ.get("OXPACK_LIBDEVICE"):
            raise ToolchainError(f"the kernels call libdevice math functions ({names}), and environment variable "
                                 f"`OXPACK_LIBDEVICE` names `{path}`, which is not a file; point it at NVIDIA's "
                                 "libdevice.10.bc, or unset it to use the one of the nvidia-nvvm wheel")
        raise ToolchainError(f"the kernels call libdevice math functions ({names}) but libdevice was not found; {MISSING}")
    try:
        lib = llvm.parse_bitcode(path.read_bytes())
    except (OSError, RuntimeError) as exc:
        origin = "`OXPACK_LIBDEVICE`" if os.environ.get("OXPACK_LIBDEVICE") else "libdevice"
        reason = getattr(exc, "strerror", None) or str(exc).strip().splitlines()[0][:200]
        raise ToolchainError(f"{origin} `{path}` is not LLVM bitcode that llvmlite can read ({reason}); point "
                             f"`OXPACK_LIBDEVICE` at NVIDIA's libdevice.10.bc, or unset it to use the one of the "
                             "nvidia-nvvm wheel") from None
    layout = re.search(r'datalayout = "([^"]*)"', header)
    lib.triple = "nvptx64-nvidia-cuda"
    if layout:
        lib.data_layout = layout.group(1)
    module.link_in(lib)


_DEFINE = re.compile(r"^define [^\n]*?@(?P<name>[\w.$]+)\((?P<rest>[^\n]*)\{$", re.M)
_ATTRS = re.compile(r"^attributes #(\d+) = \{ (.*) \}$", re.M)


def trap_panics(ir: str) -> str:
    """Give every panic path of `core` a one-instruction body: `trap`.

    A device panic traps anyway (the device crate's handler), but core's panic
    functions first build their message: registers, a stack frame and a call in
    every kernel with a bounds check. Their bodies become `llvm.trap` and they
    become `alwaysinline`, so a failed check is one `trap` instruction in place.
    Only `noreturn` functions of `core` change.
    """
    noreturn = {g for g, body in _ATTRS.findall(ir) if re.search(r"(^| )noreturn( |$)", body)}
    out, pos, names = [], 0, []
    for m in _DEFINE.finditer(ir):
        name, rest = m.group("name"), m.group("rest")
        groups = set(re.findall(r"#(\d+)", rest))
        if "4core" not in name or not (groups & noreturn or " noreturn " in rest):
            continue
        end = ir.find("\n}\n", m.end())
        if end < 0:
            continue
        # drop the attribute group (cold, noinline, minsize) so that the trap inlines
        attrs = re.sub(r"#\d+", "", rest).rstrip() + " alwaysinline noreturn nounwind "
        out.append(ir[pos : m.start("rest")] + attrs + "{")
        out.append("\n  call void @llvm.trap()\n  unreachable")
        pos = end
        names.append(name)
    out.append(ir[pos:])
    ir = "".join(out)
    for name in names:  # call sites carry `noinline` too
        ir = re.sub(r"(call [^\n]*@" + re.escape(name) + r"\([^\n]*\)) #\d+", r"\1", ir)
    if pos and "declare void @llvm.trap()" not in ir:
        ir += "\ndeclare void @llvm.trap()\n"
    return ir


def _link_needed(llvm: Any, module: Any, libraries: Sequence[tuple[str, bytes]]) -> None:
    index: list[tuple[str, bytes, set[str]]] = []
    for name, data in libraries:
        index.append((name, data, _defined(llvm.parse_bitcode(data))))
    linked: set[str] = set()
    while True:
        needed = _undefined(module)
        todo = [(n, d) for n, d, defs in index if n not in linked and defs & needed]
        if not todo:
            return
        for name, data in todo:
            module.link_in(llvm.parse_bitcode(data))
            linked.add(name)


# --- code generation ------------------------------------------------------------


def _target_ir(ir: str, arch: str) -> str:
    ir = re.sub(r'"target-cpu"="[^"]*"', f'"target-cpu"="{arch}"', ir)
    return re.sub(r' ?"target-features"="[^"]*"', "", ir)


def _arch_allows(needs: re.Match[str], arch: str) -> bool:
    """Whether a build for `arch` may reach a runtime function named for `needs` (`ARCH_SPECIFIC`)."""
    if needs.group("suffix"):  # sm_90a: that arch only
        return arch == f"sm_{needs.group('number')}{needs.group('suffix')}"
    number = re.match(r"sm_(\d+)", arch)
    return number is not None and int(number.group(1)) >= int(needs.group("number"))


def _callees(ir: str) -> dict[str, set[str]]:
    """Each defined function of the IR text → the globals its body names."""
    graph: dict[str, set[str]] = {}
    for m in _DEFINE.finditer(ir):
        end = ir.find("\n}\n", m.end())
        body = ir[m.end() : end if end >= 0 else len(ir)]
        graph[m.group("name")] = set(re.findall(r"@([\w.$]+)", body))
    return graph


def select_variants(llvm: Any, module: Any, arch: str, header: dict[str, Any]) -> None:
    """Keep, for each kernel, its variant for `arch` (renamed to the kernel's name) or else its own body;
    drop every other variant entry and what only they reached; then refuse a kernel that still reaches
    a runtime function that `arch` lacks (`ARCH_SPECIFIC`)."""
    drop = []
    for kernel, table in header.get("variants", {}).items():
        chosen = table.get(arch)
        drop += [module.get_function(entry) for entry in table.values() if entry != chosen]
        if chosen is not None:
            own = module.get_function(kernel)
            own.name = f"{kernel}.portable"
            drop.append(own)
            module.get_function(chosen).name = kernel
    for fn in drop:
        fn.linkage = llvm.Linkage.internal
    _drop_dead(llvm, module)
    needing = {fn.name: m for fn in module.functions
               if not fn.is_declaration and (m := ARCH_SPECIFIC.match(fn.name)) and not _arch_allows(m, arch)}
    if not needing:
        return
    text = str(module)
    graph = _callees(text)
    entries = sorted(re.findall(r"^define ptx_kernel [^\n]*?@([\w.$]+)\(", text, re.M))
    for entry in entries:
        seen, todo = {entry}, [entry]
        while todo:
            for callee in graph.get(todo.pop(), ()):
                if callee not in seen:
                    seen.add(callee)
                    todo.append(callee)
        reached = sorted(seen & set(needing))
        if reached:
            needs = needing[reached[0]]
            other = f"sm_{needs.group('number')}{needs.group('suffix')}"
            variant = header.get("variants", {}).get(entry, {}).get(arch)
            where = f"kernel file `{header['file']}`: " if header.get("file") else ""
            if variant is not None:
                raise StageError(
                    f"{where}kernel `{variant}` (`#[variant_of({entry}, {arch})]`) uses `{reached[0]}`, which needs "
                    f"{other}; only a `#[variant_of({entry}, {other})]` kernel (with {other} in `archs`) may use it: "
                    "move that code there", stage="ptx", arch=arch)
            raise StageError(
                f"{where}kernel `{entry}` uses `{reached[0]}`, which needs {other}, in its build for {arch}; move that "
                f"code into a `#[variant_of({entry}, {other})]` kernel (with {other} in `archs`) and keep `{entry}` "
                "itself portable", stage="ptx", arch=arch)


def emit_ptx(ir: str, arch: str, ptx_isa: str, opt_level: int = 3) -> str:
    """Optimise the linked IR for `arch` (e.g. ``sm_90``) and print PTX of ISA `ptx_isa` (e.g. ``7.8``);
    each kernel's body is its variant for `arch`, if any (`select_variants`)."""
    llvm = _llvm()
    tm = _nvptx_machine(llvm, arch, "+ptx" + ptx_isa.replace(".", ""), opt_level)
    module = llvm.parse_assembly(_target_ir(ir, arch))
    select_variants(llvm, module, arch, _header(ir))
    module.verify()
    if opt_level > 0:
        pto = llvm.create_pipeline_tuning_options(speed_level=opt_level)
        pb = llvm.create_pass_builder(tm, pto)
        pb.getModulePassManager().run(module, pb)
    ptx: str = tm.emit_assembly(module)
    return ptx
