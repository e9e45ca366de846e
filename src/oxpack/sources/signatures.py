"""How a kernel reads as a Python function and as a Rust one, rendered once for the stubs and
for ``oxpack inspect`` from the manifest model's `Signature` (``runtime/_manifest.py``)."""

from __future__ import annotations

from typing import Any

from ..contract import dtypes, where

__all__ = ["LAUNCH_OPTIONS", "data_signature", "python_args", "python_def", "python_overloads", "python_signature",
           "rust_signature"]

LAUNCH_OPTIONS = (
    ("stream", "StreamLike | None"),
    ("threads", "int | tuple[int, ...] | None"),
    ("block", "int | tuple[int, ...] | None"),
)
"""The keyword-only options every stub takes after the kernel's arguments (each defaults to None)."""
_INDEX_TYPES = {"1d": "ThreadIndex", "2d": "ThreadIndex2", "3d": "ThreadIndex3"}


def python_args(sig: Any) -> list[tuple[str, str]]:
    """(name, annotation) of each argument the stub takes: every parameter but the launch index."""
    table = dtypes().DTYPES
    out = []
    launch = getattr(sig, "launch", {})
    launch = dict(launch) if not isinstance(launch, dict) else launch
    for p in sig.params:
        if (p.kind == "dynshared" and "shared" in launch) or (p.kind == "atomic" and "workspace" in launch):
            continue  # `#[launch(shared = ...)]` or `#[launch(workspace = ...)]` sizes it: no argument
        if p.kind == "scalar":
            out.append((p.name, table[p.dtype].python))
        elif p.kind == "dynshared":
            out.append((p.name, "int"))  # elements of dynamic shared memory per block
        elif p.kind != "index":
            out.append((p.name, "DeviceArray"))
    return out


def _returns(sig: Any) -> str:
    """What a stub returns: the outputs that `#[outputs]` lets a call leave out (made when left out), else None."""
    outputs = list(getattr(sig, "outputs", {}))
    return "None" if not outputs else "DeviceArray" if len(outputs) == 1 else \
        f"tuple[{', '.join(['DeviceArray'] * len(outputs))}]"


def _arg(sig: Any, name: str, annotation: str) -> str:
    return f"{name}: {annotation} | None = None" if name in getattr(sig, "outputs", {}) else f"{name}: {annotation}"


def _derived(sig: Any) -> tuple[str, ...]:
    return tuple(getattr(sig, "derived", ()))


def python_signature(sig: Any) -> str:
    """``saxpy(a: float, x: DeviceArray, y: DeviceArray, *, stream=None, threads=None, block=None) -> None``."""
    args = [_arg(sig, name, annotation) for name, annotation in python_args(sig)]
    options = [f"{name}=None" for name, _ in LAUNCH_OPTIONS]
    return f"{sig.name}({', '.join([*args, '*', *options])}) -> {_returns(sig)}"


def data_signature(sig: Any) -> str | None:
    """The call of a kernel whose `#[dims]` let scalars be left out, with its data alone
    (``gemm(a: DeviceArray, b: DeviceArray, c: DeviceArray | None = None, *, stream=None, ...)``); None
    for another kernel."""
    derived = _derived(sig)
    if not derived:
        return None
    args = [_arg(sig, name, annotation) for name, annotation in python_args(sig) if name not in derived]
    options = [f"{name}=None" for name, _ in LAUNCH_OPTIONS]
    return f"{sig.name}({', '.join([*args, '*', *options])}) -> {_returns(sig)}"


def python_def(sig: Any) -> str:
    """The stub's ``def`` line(s): one argument a line, then the launch options. A kernel whose `#[dims]` let
    scalars be left out (`derived`) takes every argument with a default: a call of the data alone puts its
    values in the first parameters, which then take those values' types too (`_dims.py` puts them back)."""
    args = python_args(sig)
    lines = [f"def {sig.name}("]
    derived = _derived(sig)
    if derived:
        data = [annotation for name, annotation in args if name not in derived]
        for n, (name, annotation) in enumerate(args):
            types = [annotation, *(data[n:n + 1] if n < len(data) else [])]
            union = " | ".join(dict.fromkeys(t for ty in types for t in ty.split(" | ")))
            lines.append(f"    {name}: {union} | None = None,")
    else:
        lines += [f"    {_arg(sig, name, annotation)}," for name, annotation in args]
    lines.append("    *,")
    lines += [f"    {name}: {annotation} = None," for name, annotation in LAUNCH_OPTIONS]
    lines.append(f") -> {_returns(sig)}:")
    return "\n".join(lines) + "\n"


def python_overloads(sig: Any) -> list[str]:
    """The `.pyi`'s ``@overload``s of a kernel whose `#[dims]` let scalars be left out: every scalar passed
    (the kernel's order); the data alone; every argument by name, the derived scalars optional. The last one
    carries the docstring (`def` lines without a body here)."""
    derived = _derived(sig)
    args = python_args(sig)
    options = [f"    {name}: {annotation} = None," for name, annotation in LAUNCH_OPTIONS]
    end = f") -> {_returns(sig)}:"
    full = [f"def {sig.name}(", *(f"    {_arg(sig, name, annotation)}," for name, annotation in args), "    *,",
            *options, end]
    data = [f"def {sig.name}(", *(f"    {_arg(sig, name, annotation)}," for name, annotation in args
                                   if name not in derived), "    *,", *options, end]
    named = [f"def {sig.name}(", "    *,",
             *(f"    {name}: {annotation} | None = None," if name in derived else f"    {_arg(sig, name, annotation)},"
               for name, annotation in args), *options, end]
    return ["@overload\n" + "\n".join(lines) + "\n" for lines in (full, named, data)]


def rust_signature(sig: Any) -> str:
    """``pub fn saxpy(i: ThreadIndex, a: f32, x: &[f32], y: &mut DisjointSlice<f32>) where (...)``,
    after its ``#[launch_bounds(...)]``, ``#[max_registers(...)]`` and ``#[whole_warps]``."""
    table = dtypes().DTYPES
    params = []
    for p in sig.params:
        if p.kind == "index":
            params.append(f"{p.name}: {_INDEX_TYPES[p.dtype]}")
            continue
        rust = table[p.dtype].rust
        ty = p.rust or {"scalar": rust, "in": f"&[{rust}]", "out": f"&mut DisjointSlice<{rust}>",
              "atomic": f"&[Atomic{rust.upper()}]", "tma": f"TmaSource<{rust}>",
              "tma3": f"TmaSource3<{rust}>", "tmah": f"TmaHeads<{rust}>", "dynshared": f"DynShared<{rust}>"}[p.kind]
        params.append(f"{p.name}: {ty}")
    text = f"pub fn {sig.name}({', '.join(params)})"
    if getattr(sig, "outputs", None):
        text = f"#[outputs({', '.join(f'{k} = {v}' for k, v in sig.outputs.items())})] {text}"
    if getattr(sig, "dims", None):
        text = f"#[dims({', '.join(f'{k} = {v}' for k, v in sig.dims.items())})] {text}"
    if getattr(sig, "tune", None) or getattr(sig, "tune_kernels", None):
        blocks = ", ".join(str(b[0]) if len(b) == 1 else str(b) for b in sig.tune)
        keys = ([f"block = [{blocks}]"] if sig.tune else []) + \
            ([f"kernels = [{', '.join(sig.tune_kernels)}]"] if getattr(sig, "tune_kernels", None) else [])
        text = f"#[tune({', '.join(keys)})] {text}"
    if getattr(sig, "launch", None):
        text = f"#[launch({', '.join(f'{k} = {v}' for k, v in sig.launch.items())})] {text}"
    if sig.whole_warps:
        text = f"#[whole_warps] {text}"
    if sig.max_registers is not None:
        text = f"#[max_registers({sig.max_registers})] {text}"
    if sig.launch_bounds is not None:
        bounds = sig.launch_bounds
        values = [bounds.max_threads, *([] if bounds.min_blocks is None else [bounds.min_blocks])]
        text = f"#[launch_bounds({', '.join(str(v) for v in values)})] {text}"
    requires = [where().render(r.test, rust=True) for r in sig.requirements()]
    return text + (f" where ({', '.join(requires)})" if requires else "")
