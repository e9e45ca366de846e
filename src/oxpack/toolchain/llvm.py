"""LLVM work through llvmlite: link a kernel crate's bitcode, read its kernels, emit PTX.

- `read_archive` unpacks an rlib (an `ar` archive) into its bitcode members.
- `link_kernel_crate` links the kernel bitcode with the device runtime, the
  device crate and only those `core`/`compiler_builtins` members that define a
  still-undefined symbol (repeated to a fixpoint), adds one `ptx_kernel` entry
  per kernel, internalizes everything else and returns the linked IR text and
  the kernels' signatures as the compiler type-checked them.
- `emit_ptx` optimizes that IR for one arch (with rustc's `target-cpu`
  attribute overridden, so no arch gets sm_30-tuned code) and prints PTX.

`#[whole_warps]` kernels (`settle_whole_warps`): the device library asks `__oxpack_whole_warps()`
whether every warp of the block is full; the link answers `true` in the code that only such kernels
reach (their stubs refuse any other block) and the test of `blockDim` everywhere else.

Per-arch variants (`variants.py`): the link keeps every `#[variant_of]` entry beside its
kernel's and heads the IR with the file's variant table; `emit_ptx` keeps each kernel's body for
its arch. Thread coarsening (`coarsen.py`): the link picks, per kernel, the entry its wrapper calls.
"""

from __future__ import annotations

import os
import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..errors import StageError, ToolchainError
from ..sources import variants
from ..sources.descriptor import KernelSig, parse_sig
from . import coarsen

__all__ = [
    "LinkedCrate",
    "emit_ptx",
    "link_kernel_crate",
    "llvm_version",
    "read_archive",
    "settle_whole_warps",
]

_ENTRY = re.compile(r"^(?P<prefix>_ZN.*)14__oxpack_entry17h[0-9a-f]{16}E$")
_SIG = re.compile(r"^(?P<prefix>_ZN.*)12__OXPACK_SIG17h[0-9a-f]{16}E$")
TRAP_RECORD = "__oxpack_trap_record"  # the debug profile's record pointer (a u64 global)
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
    kernels = variants.fold_variants(every)
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
    by_prefix, entries, kernels = coarsen.settle(module, by_prefix, entries, kernels)
    wrappers = "".join(_wrapper(by_prefix[p], entries[p], registers=capped) for p in sorted(by_prefix) if p in entries)
    if wrappers:
        module.link_in(llvm.parse_assembly(header + wrappers))
    keep = {k.name for k in every}
    for fn in module.functions:
        if not fn.is_declaration and fn.name not in keep:
            fn.linkage = llvm.Linkage.internal
    # a debug-profile device crate defines the trap record's pointer, which the
    # runtime fills after loading the module: it stays visible, and panics keep their message
    debug = any(gv.name == TRAP_RECORD and not gv.is_declaration for gv in module.global_variables)
    for gv in module.global_variables:
        if not gv.is_declaration and not gv.name.startswith("llvm.") and gv.name != TRAP_RECORD:
            gv.linkage = llvm.Linkage.internal
    ir = re.sub(r"(?m)^@llvm\.(compiler\.)?used = .*\n", "", str(module))
    ir = inlinable(ir, {e.name for e in entries.values()})
    ir = settle_whole_warps(ir, _whole_warps_entries(by_prefix, entries), {e.name for e in entries.values()})
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
    return LinkedCrate(variants.write_header(every, kernels) + ir, kernels)


_ATTRIBUTES = re.compile(r"^attributes #(\d+) = \{ (.*) \}$", re.M)


def inlinable(ir: str, entries: set[str]) -> str:
    """`ir` with the `noinline` that `kernel!` puts on each entry dropped (it keeps rustc from leaving out
    an entry whose body is a few statements, a kernel with no parameters), so that each is inlined into
    its PTX kernel as before: an entry gets a copy of its attribute group without it."""
    groups = {m.group(1): m.group(2) for m in _ATTRIBUTES.finditer(ir)}
    copies: dict[str, str] = {}
    top = max((int(n) for n in groups), default=0)

    def retag(m: re.Match[str]) -> str:
        nonlocal top
        name, group = m.group(2) or m.group(3), m.group(4)
        if name not in entries or "noinline" not in groups.get(group, "").split():
            return m.group(0)
        if group not in copies:
            top += 1
            copies[group] = str(top)
        return f"{m.group(1)}#{copies[group]} {{"

    ir = re.sub(r'^(define [^\n]*?@(?:"([^"]+)"|([\w.$-]+))\([^\n]*\)[^\n#]* )#(\d+) \{$',
                retag, ir, flags=re.M)
    added = "".join(f"attributes #{new} = {{ {' '.join(a for a in groups[old].split() if a != 'noinline')} }}\n"
                    for old, new in copies.items())
    return ir + ("\n" + added if added else "")


def _whole_warps_entries(by_prefix: dict[str, KernelSig], entries: dict[str, Any]) -> set[str]:
    """The entries (as `coarsen.settle` chose them) of the `#[whole_warps]` kernels. A variant's
    body runs under its kernel's stub: it counts only when its kernel is `#[whole_warps]` too."""
    by_name = {s.name: s for s in by_prefix.values()}
    out = set()
    for prefix, sig in by_prefix.items():
        stub = by_name.get(sig.variant_of[0]) if sig.variant_of else sig
        if prefix in entries and sig.whole_warps and stub is not None and stub.whole_warps:
            out.add(entries[prefix].name)
    return out


WHOLE_WARPS = "__oxpack_whole_warps"
_FUNCTION = re.compile(r'^define [^\n]*?@(?:"([^"]+)"|([\w.$-]+))\(', re.M)
_REFERENCE = re.compile(r'@(?:"([^"]+)"|([\w.$-]+))')
_WHOLE_CALL = re.compile(rf"^(\s*)(?:(%[\w.$-]+) = )?(?:tail |musttail |notail )?call [^\n]*@{WHOLE_WARPS}\(\)[^\n]*$",
                         re.M)
_WHOLE_DECLARE = re.compile(rf"^declare [^\n]*@{WHOLE_WARPS}\(\)[^\n]*$", re.M)
# every warp full: blockDim.x · y · z (at most 1024) is a multiple of 32
_WHOLE_TEST = f"""define internal zeroext i1 @{WHOLE_WARPS}() alwaysinline nounwind {{
  %x = call i32 @__oxpack_ntid_x()
  %y = call i32 @__oxpack_ntid_y()
  %z = call i32 @__oxpack_ntid_z()
  %xy = mul nuw nsw i32 %x, %y
  %n = mul nuw nsw i32 %xy, %z
  %r = and i32 %n, 31
  %whole = icmp eq i32 %r, 0
  ret i1 %whole
}}"""


def settle_whole_warps(ir: str, whole: set[str], roots: set[str]) -> str:
    """Answer the device library's `__oxpack_whole_warps()` in the linked IR `ir`, before optimizing.

    A function that only the entries in `whole` reach (through calls or any other reference, from
    the kernel entries `roots`) gets `true` for each call: its kernels' stubs refuse, before the
    launch, a block whose thread count is not a multiple of 32, so the partial-warp paths the
    library guards with it become dead code that the optimizer removes. Every other call (a
    function an untagged kernel reaches too, or one whose address a global holds) becomes the
    test of `blockDim`, which is the answer at any launch.
    """
    if WHOLE_WARPS not in ir:
        return ir
    bodies: dict[str, tuple[int, int]] = {}
    for m in _FUNCTION.finditer(ir):
        end = ir.find("\n}\n", m.end())
        bodies[m.group(1) or m.group(2)] = (m.end(), len(ir) if end < 0 else end)
    calls = {name: {a or b for a, b in _REFERENCE.findall(ir, start, end)} for name, (start, end) in bodies.items()}
    held = {a or b for line in re.findall(r"^@[^\n]*$", ir, re.M) for a, b in _REFERENCE.findall(line.split(" = ", 1)[-1])}
    reached_by_other: set[str] = set()
    reached_by_whole: set[str] = set()
    for root in roots:
        seen = reached_by_whole if root in whole else reached_by_other
        todo = [root]
        while todo:
            name = todo.pop()
            if name in seen or name not in bodies:
                continue
            seen.add(name)
            todo.extend(calls[name])
    constant = reached_by_whole - reached_by_other - held - {WHOLE_WARPS}
    out, pos = [], 0
    for name, (start, end) in sorted(bodies.items(), key=lambda item: item[1]):
        if name not in constant:
            continue
        out.append(ir[pos:start])
        out.append(_WHOLE_CALL.sub(lambda m: f"{m.group(1)}{m.group(2)} = and i1 true, true" if m.group(2) else "",
                                   ir[start:end]))
        pos = end
    out.append(ir[pos:])
    ir = "".join(out)
    return _WHOLE_DECLARE.sub(lambda m: _WHOLE_TEST, ir, count=1)


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


# A `shared_array!`/`shared_atomics!` static: `@name`, or `@"name"` where LLVM quotes it (a static in a
# method of a generic type: its mangled path holds characters such as `<` that need quotes).
_SHARED_DEF = re.compile(
    r'^@(?P<name>[\w.$]*15__OXPACK_SHARED17h[0-9a-f]{16}E|"[^"\n]*15__OXPACK_SHARED17h[0-9a-f]{16}E") = '
    r"(?P<link>(?:\w+ )*?)(?:global|constant) "
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
    left = re.search(r'^@("?)[^\n=]*__OXPACK_SHARED[^\n=]*\1 = (?!internal addrspace\(3\) )', ir, re.M)
    if left:  # a block-shared array left in global memory would be one array for every block: a race
        name = left.group(0).split(" = ")[0]
        raise StageError(f"the link stage could not place the block-shared static {name} in shared memory (a "
                         "definition it does not read); this is an oxpack bug: please report it with the kernel "
                         "file", stage="link")
    return ir


def _link_libdevice(llvm: Any, module: Any, header: str, path: Path | None) -> None:
    """Link NVIDIA's libdevice when the kernel calls one of its `__nv_*` functions."""
    needed = sorted(n for n in _undefined(module) if n.startswith("__nv_"))
    if not needed:
        return
    from .libdevice import MISSING

    if path is None or not path.is_file():
        names = ", ".join(f"`{n}`" for n in needed[:4])
        if path is not None:  # only `OXPACK_LIBDEVICE` names a path that may be no file (a search finds files);
            # the variable is the build's, read where the path was found: a worker's environment may predate it
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


def emit_ptx(ir: str, arch: str, ptx_isa: str, opt_level: int = 3) -> str:
    """Optimise the linked IR for `arch` (e.g. ``sm_90``) and print PTX of ISA `ptx_isa` (e.g. ``7.8``);
    each kernel's body is its variant for `arch`, if any (`variants.select_variants`).

    Each kernel's body (its `kernel!` entry, called once, by its PTX kernel) ends up inlined: where the
    optimizer leaves one as a call (a body past its inlining threshold: the GEMM with a GELU epilogue),
    the module is optimised again from the start with that entry `alwaysinline`. A body left as a call
    gets the ABI's register saves in local memory and the kernel's register cap rather than its
    `setmaxnreg` role's (the Hopper GELU GEMM spilled its accumulators so). Every other kernel's code is
    the optimizer's own choice, unchanged, as its body's early inlining would change it."""
    llvm = _llvm()
    tm = _nvptx_machine(llvm, arch, "+ptx" + ptx_isa.replace(".", ""), opt_level)
    header = variants.read_header(ir)

    def optimised(inline: frozenset[str]) -> Any:
        module = llvm.parse_assembly(_target_ir(ir, arch))
        variants.select_variants(llvm, module, arch, header)
        _drop_dead(llvm, module)
        variants.refuse_other_archs(module, arch, header)
        for name in inline:
            module.get_function(name).add_function_attribute("alwaysinline")
        module.verify()
        if opt_level > 0:
            pto = llvm.create_pipeline_tuning_options(speed_level=opt_level)
            pb = llvm.create_pass_builder(tm, pto)
            pb.getModulePassManager().run(module, pb)
        return module

    module = optimised(frozenset())
    outlined = frozenset(f.name for f in module.functions if not f.is_declaration and _ENTRY.match(f.name))
    if outlined and opt_level > 0:
        module = optimised(outlined)
    ptx: str = tm.emit_assembly(module)
    return ptx
