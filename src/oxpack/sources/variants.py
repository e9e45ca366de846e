"""Per-arch kernel variants: `#[variant_of(gemm, sm_90a)] pub fn gemm_sm90a(...)`.

The link (`llvm.link_kernel_crate`) keeps every variant's entry beside its kernel's;
`fold_variants` checks that both take the same arguments from Python (a slice and a TMA source of one
element type alike; a `DynShared` or an atomic workspace sized by `#[launch]` is none) and hands the kernels on with their
`variants`, and as `bodies` the signatures of the variants whose launch, `where (...)`, bounds or
parameter kinds differ from their kernel's (the run time checks and launches those as they declare). The linked IR starts with one comment line,
``; oxpack: {"file": ..., "variants": {...}}`` (`write_header`: the kernel file and, per
kernel, arch → variant entry), so that the PTX stage's input (and cache key) holds the table.
For each arch, `llvm.emit_ptx` reads it back (`read_header`), keeps each kernel's variant for
that arch (renamed to the kernel's name) or else its own body and drops the other entries
(`select_variants`), and refuses a kernel that still reaches a runtime function another arch
needs (`refuse_other_archs`; `ARCH_SPECIFIC`: `__oxpack_sm90a_*` needs sm_90a) with one line
naming the file, kernel, arch and fix.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from ..errors import StageError
from .descriptor import KernelSig, declared_by_launch

__all__ = ["ARCH_SPECIFIC", "fold_variants", "read_header", "refuse_other_archs", "select_variants", "write_header"]

ARCH_SPECIFIC = re.compile(r"^__oxpack_(?P<arch>sm(?P<number>\d+)(?P<suffix>[af]?))_")
"""The runtime functions (`runtime.ll`) that need one arch: `__oxpack_sm90a_*` (wgmma, TMA, mbarrier,
`setmaxnreg`) only sm_90a; an `__oxpack_sm90_*` one would need sm_90 or newer."""
_HEADER = re.compile(r"^; oxpack: (\{.*\})$", re.M)
_DEFINE = re.compile(r"^define [^\n]*?@(?P<name>[\w.$]+)\((?P<rest>[^\n]*)\{$", re.M)


# --- the link: one table per kernel file ------------------------------------------------


_KIND_WORDS = {"scalar": "a {} scalar", "in": "a {} slice, read", "out": "a {} slice, written",
               "atomic": "an atomic {} buffer", "dynshared": "dynamic shared memory of {}", "index": "a {} launch index",
               "tma": "a {} TMA source", "tma3": "a 3-D {} TMA source",
               "tmah": "a packed 3-D {} TMA source"}


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
    if kernel.tune != variant.tune:
        return f"`{a}` tunes blocks {list(kernel.tune) or 'none'}, `{b}` {list(variant.tune) or 'none'}"
    if dict(kernel.launch) != dict(variant.launch):
        shown = [f"`#[launch({', '.join(f'{k} = {v}' for k, v in s.launch)})]`" if s.launch else "no `#[launch]`"
                 for s in (kernel, variant)]
        return f"`{a}` has {shown[0]}, `{b}` has {shown[1]}"
    return None


_FACE = {"in": "a {} array, read", "tma": "a {} array, read", "tma3": "a {} array, read", "tmah": "a {} array, read", "out": "a {} array, written",
         "atomic": "an atomic {} array", "scalar": "a {} scalar", "dynshared": "a count of {} shared elements"}


def _face(sig: KernelSig) -> tuple[tuple[str, str], ...]:
    """What Python passes to `sig`: each argument's name and what it takes (a slice and a TMA source of
    one element type are both an array read; a `DynShared` that `#[launch(shared = ...)]` sizes is none)."""
    return tuple((p.name, _FACE[p.kind].format(p.dtype)) for p in sig.params
                 if p.kind != "index" and not declared_by_launch(sig, p))


def _face_difference(kernel: KernelSig, variant: KernelSig) -> str | None:
    """How the arguments Python passes to `variant` differ from `kernel`'s (None: they do not)."""
    a, b = _face(kernel), _face(variant)
    if len(a) != len(b):
        return (f"`{kernel.name}` takes {len(a)} arguments ({', '.join(n for n, _ in a)}), "
                f"`{variant.name}` takes {len(b)} ({', '.join(n for n, _ in b)})")
    for number, (p, q) in enumerate(zip(a, b, strict=True), start=1):
        if p != q:
            return f"argument {number} is `{p[0]}` ({p[1]}) in `{kernel.name}` but `{q[0]}` ({q[1]}) in `{variant.name}`"
    return None


def fold_variants(sigs: Sequence[KernelSig]) -> tuple[KernelSig, ...]:
    """The kernels of one file, each with its `#[variant_of]` variants (arch, entry) attached and the
    variants themselves left out; `StageError` for a variant of no kernel, of an unknown arch, one arch
    twice, or a different signature."""
    from .targets import ARCH_MIN_PTX

    kernels = {s.name: s for s in sigs if s.variant_of is None}
    found: dict[str, dict[str, str]] = {}
    bodies: dict[str, dict[str, KernelSig]] = {}  # kernel → arch → a variant of another launch or parameters
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
        difference = _face_difference(kernels[of], v)
        if difference is not None:
            raise StageError(f"{where}{attribute} must take the same arguments from Python as `{of}` (Python "
                             f"calls one kernel on every arch): {difference}; make them equal", stage="link")
        if v.outputs and dict(v.outputs) != dict(kernels[of].outputs):
            raise StageError(f"{where}{attribute} declares `#[outputs]` other than `{of}`'s: Python makes one "
                             f"kernel's outputs on every arch; declare them on `{of}` alone", stage="link")
        if dict(v.dims) != dict(kernels[of].dims):
            shown = [f"`#[dims({', '.join(f'{k} = {d}' for k, d in s.dims)})]`" if s.dims else "no `#[dims]`"
                     for s in (kernels[of], v)]
            raise StageError(f"{where}{attribute} declares {shown[1]}, but `{of}` declares {shown[0]}: Python takes "
                             f"one kernel's arrays, of the same dims, on every arch; declare the same dims on both",
                             stage="link")
        if v.backward:
            raise StageError(f"{where}{attribute} declares `#[backward]`: a kernel has one backward on every arch; "
                             f"declare it on `{of}` alone", stage="link")
        if v.tune_kernels:
            raise StageError(f"{where}{attribute} lists `kernels` in its `#[tune]`: the tuner weighs other kernels "
                             f"for `{of}` on every arch; list them on `{of}` alone", stage="link")
        if _difference(kernels[of], v) is not None:  # its own launch, `where`, bounds or parameter kinds
            bodies.setdefault(of, {})[arch] = replace(v, coarsen=1, variant_of=None)
        table[arch] = v.name
    for v in sigs:
        if v.only_on is None:
            continue
        where = f"kernel file `{v.file}`: " if v.file else ""
        attribute = f"`#[only_on({v.only_on})]` on kernel `{v.name}`"
        if v.variant_of is not None:
            raise StageError(f"{where}{attribute}: a variant runs on its own arch already; put `#[only_on]` on "
                             f"`{v.variant_of[0]}`, the kernel it is a variant of", stage="link")
        if v.only_on not in found.get(v.name, {}):
            raise StageError(f"{where}{attribute}: `{v.name}` has no `#[variant_of({v.name}, {v.only_on})]` body in "
                             f"this file; write that body, or name an arch it has one for", stage="link")
    return tuple(replace(k, variants=tuple(sorted(found.get(k.name, {}).items())),
                         bodies=tuple(sorted(bodies.get(k.name, {}).items()))) for k in kernels.values())


def write_header(every: Sequence[KernelSig], kernels: Sequence[KernelSig]) -> str:
    """The linked IR's first line: the kernel file (of any kernel or variant) and the variant table."""
    file = next((k.file for k in every if k.file), "")
    variants = {k.name: dict(k.variants) for k in kernels if k.variants}
    return f"; oxpack: {json.dumps({'file': file, 'variants': variants}, sort_keys=True)}\n"


def read_header(ir: str) -> dict[str, Any]:
    """The link's comment line at the top of the linked IR: the kernel file and the variant table."""
    m = _HEADER.search(ir[:65536])
    return json.loads(m.group(1)) if m else {"file": "", "variants": {}}


# --- code generation: one arch's bodies -----------------------------------------------


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
    make every other variant entry internal, for the dead-code pass that follows to drop with what only
    they reached (`llvm.emit_ptx`)."""
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


def refuse_other_archs(module: Any, arch: str, header: dict[str, Any]) -> None:
    """`StageError` for a kernel of the module (after `select_variants` and dead-code removal) that still
    reaches a runtime function that `arch` lacks (`ARCH_SPECIFIC`)."""
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
