"""Thread coarsening: which kernels run several launch indices per hardware thread.

`kernel!` gives a kernel whose parameters are one `ThreadIndex` and per-element parameters
(scalars, `&[T]`, atomics, `Linear` and `Vec4` outputs) a factor K > 1 in its descriptor
(`;coarsen=K`, 4 unless `#[coarsen(N)]` says otherwise) and a second entry,
`__oxpack_coarse_entry`, that runs the body for the launch indices `(b·K + k)·B + t`,
`k < K`, of hardware thread `t` of block `b` (see the device crate's `param::coarse`).

What the body does beyond its parameters the types cannot show: a barrier, shared
memory, a warp collective, or a launch register read by the body itself (`index_1d()`,
`thread_idx()`: a second witness that would meet a coarsened index on another thread).
`choose` reads the linked module before the kernel wrappers are added: a kernel keeps its
factor only when everything its coarsened entry reaches is per-element code —

- the entry itself calls `__oxpack_tid_x`, `__oxpack_ntid_x` and `__oxpack_ctaid_x` once
  each (its own `grid::coarse_registers`; rustc cannot merge calls to these undefined
  functions, so a body's read of the same register would be a second call) and reads no
  other launch register, nor does any function it reaches;
- every other `__oxpack_*` runtime function it reaches is in `PER_ELEMENT` (loads and
  stores with cache hints, math, conversions (FP8's and the packed pairs too), global atomics, the trap);
- it reaches no shared array (`shared_array!`, `shared_atomics!`, dynamic shared memory),
  no inline assembly, no indirect call and no NVVM intrinsic of a barrier, a shuffle, a
  vote or a special register.

Any other kernel gets factor 1 and its plain entry: it runs as written, one index per thread.
So does a kernel with per-arch variants, and each variant (`settle`): each arch's body would need
a grid of its own, and the stub computes one grid per kernel.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Mapping, Sequence
from typing import Any

__all__ = ["PER_ELEMENT", "choose", "refusal", "settle"]

_COARSE_ENTRY = re.compile(r"^(?P<prefix>_ZN.*)21__oxpack_coarse_entry17h[0-9a-f]{16}E$")
_GRID = re.compile(r"^__oxpack_n?(tid|ctaid)_[xyz]$|^__oxpack_nctaid_[xyz]$|^__oxpack_ntid_[xyz]$")
_OWN_READS = {"__oxpack_tid_x": 1, "__oxpack_ntid_x": 1, "__oxpack_ctaid_x": 1}
PER_ELEMENT = re.compile(
    r"^__oxpack_(trap|atomic_\w+|(sqrt|rsqrt|floor|ceil|fabs|minnum|maxnum|fma)_f(32|64)|fast_\w+_f32"
    r"|(f16|bf16)_to_f32|f32_to_(f16|bf16)|f32x2_to_(f16|bf16)x2|sm89_(e4m3|e5m2)_to_f32|sm89_f32_to_(e4m3|e5m2)"
    r"|(ld|st)_(cs|ef)_\w+|store4|store2|store4f)$"
)
_NVVM_COUPLED = re.compile(r"^llvm\.nvvm\.(.*barrier|bar\.|shfl|vote|read\.ptx\.sreg|membar|fence|match|activemask"
                           r"|ldmatrix|mma|cp\.async|redux)")
_SHARED = re.compile(r"15__OXPACK_SHARED17h[0-9a-f]{16}E$|^__oxpack_dynamic_shared$")
_REF = re.compile(r'@(?:"([^"]+)"|([\w.$-]+))')
_INDIRECT = re.compile(r"\bcall\b[^@\n]*%[\w.]+\(")


def _panics(module_text: str) -> set[str]:
    """`core`'s `noreturn` functions: its panics, which end the launch (`llvm.trap_panics`
    gives them a `trap` body in release builds); what they read changes no result."""
    groups = {g for g, body in re.findall(r"^attributes #(\d+) = \{ (.*) \}$", module_text, re.M)
              if "noreturn" in body.split()}
    out = set()
    for m in re.finditer(r'^define [^\n]*?@(?:"([^"]+)"|([\w.$-]+))\(([^\n]*)$', module_text, re.M):
        name, rest = m.group(1) or m.group(2), m.group(3)
        if "4core" in name and (" noreturn " in rest or set(re.findall(r"#(\d+)", rest)) & groups):
            out.add(name)
    return out


def refusal(module: Any, entry: Any, panics: set[str] | None = None) -> str | None:
    """Why the coarsened entry `entry` of the linked `module` may not be used; None when it may."""
    functions = {f.name: f for f in module.functions}
    panics = _panics(str(module)) if panics is None else panics
    seen: set[str] = set(panics)
    todo = [entry.name]
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        text = str(functions[name])
        body = text.split("{", 1)[1] if "{" in text else ""
        if " asm " in body or "asm sideeffect" in body:
            return f"`{name}` has inline assembly"
        if _INDIRECT.search(body):
            return f"`{name}` makes an indirect call"
        reads: dict[str, int] = {}
        for m in _REF.finditer(body):
            ref = m.group(1) or m.group(2)
            if _GRID.match(ref):
                reads[ref] = reads.get(ref, 0) + 1
            elif _SHARED.search(ref):
                return f"it uses shared memory (`{ref}`)"
            elif ref.startswith("__oxpack_"):
                if not PER_ELEMENT.match(ref):
                    return f"it calls `{ref}`, which ties a thread to its warp or block"
            elif ref.startswith("llvm."):
                if _NVVM_COUPLED.match(ref):
                    return f"it calls `{ref}`"
            elif ref.startswith("__nv_"):
                continue  # libdevice: math
            elif ref in functions and not functions[ref].is_declaration:
                todo.append(ref)
        own = _OWN_READS if name == entry.name else {}
        if reads != own:
            extra = sorted(set(reads) | set(own))
            return f"its body reads the launch registers itself ({', '.join(extra)})"
    return None


def choose(module: Any, sigs: Mapping[str, Any], entries: Mapping[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    """Per kernel (by its symbol prefix): its signature with the factor it keeps, and the entry
    its wrapper calls (the coarsened one where the factor stays above 1)."""
    coarse = {m.group("prefix"): f for f in module.functions
              if (m := _COARSE_ENTRY.match(f.name)) and not f.is_declaration}
    out_sigs, out_entries = dict(sigs), dict(entries)
    panics: set[str] | None = None
    for prefix, sig in sigs.items():
        if sig.coarsen == 1:
            continue
        entry = coarse.get(prefix)
        if panics is None and entry is not None:
            panics = _panics(str(module))
        if entry is None or prefix not in entries or refusal(module, entry, panics) is not None:
            out_sigs[prefix] = dataclasses.replace(sig, coarsen=1)
        else:
            # inlined into the kernel, as the smaller plain entry is by the optimizer's own choice (rustc
            # cannot say `#[inline(always)]` on it: such a function gets no definition of its own)
            entry.add_function_attribute("alwaysinline")
            out_entries[prefix] = entry
    return out_sigs, out_entries


def settle(module: Any, sigs: Mapping[str, Any], entries: Mapping[str, Any],
           kernels: Sequence[Any]) -> tuple[dict[str, Any], dict[str, Any], tuple[Any, ...]]:
    """`choose` for the link (`llvm.link_kernel_crate`), with factor 1 for every kernel that has
    `#[variant_of]` variants and for every variant; also the kernels (`variants.fold_variants`' list),
    each with the factor it keeps."""
    varied = {s.variant_of[0] for s in sigs.values() if s.variant_of is not None}
    sigs = {p: dataclasses.replace(s, coarsen=1) if s.variant_of is not None or s.name in varied else s
            for p, s in sigs.items()}
    out_sigs, out_entries = choose(module, sigs, entries)
    chosen = {s.name: s.coarsen for s in out_sigs.values()}
    return out_sigs, out_entries, tuple(dataclasses.replace(k, coarsen=chosen.get(k.name, 1)) for k in kernels)
