"""Host cost of the PyTorch custom operators (run where the GPU is, with PyTorch).

    python benchmarks/bench_torch_ops.py               # needs: vecmath wheel installed, PyTorch
    python benchmarks/bench_torch_ops.py --dispatch    # no GPU needed: PyTorch alone

Host time per call of saxpy on 1024 float32 elements held in PyTorch tensors, median
of interleaved rounds (so that machine noise hits every variant alike), as a ratio to
a raw `cuda.core.launch` of the same kernel with prepared arguments in the same
rounds: the checked stub, the operator `torch.ops.vecmath.saxpy` called eagerly, a
`torch.compile(fullgraph=True)` function that calls the operator (inductor), and
PyTorch's own `y.add_(x)`. `torch_compile_rows()` is what bench_gpu.py's table takes.

`--dispatch` times what registration alone costs per call: an operator with saxpy's
schema and an implementation that does nothing, defined through
`torch.library.custom_op` and through `torch.library.Library` (what oxpack's generated
module uses), against calling the function directly.

    python benchmarks/bench_torch_ops.py --autograd    # no GPU needed: PyTorch and oxpack

`--autograd` times a differentiable operator's call: a functional operator whose implementation makes
its output (``torch.empty_like``) and whose backward is one operator of the same kind, with oxpack's
autograd formula (`torch_ops._formula`) registered by the runtime (`torch_ops._register_autograd`, what a
generated module registers for a kernel with a `#[backward]`) and by ``torch.library.register_autograd``
(how the runtime registered it before), in the same interleaved rounds: under no_grad, with an input that
requires grad, and forward then backward. Left out: the stub's own cost (a launch), which is the same under both.
"""

from __future__ import annotations

import ctypes
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

import torch

SCHEMA = "(float a, Tensor x, Tensor(a!) y, *, SymInt[]? threads=None, SymInt[]? block=None) -> ()"


def torch_compile_rows(rounds: int = 21, per: int = 2000) -> list[tuple[str, float, float]]:
    """(label, µs per call, ratio to a raw cuda.core launch) for each variant."""
    try:
        from cuda.core import Device, LaunchConfig, ObjectCode, launch
    except ImportError:  # cuda.core 0.x
        from cuda.core.experimental import Device, LaunchConfig, ObjectCode, launch

    import vecmath
    import vecmath.kernels_torch  # noqa: F401  (registers torch.ops.vecmath.*)
    from vecmath import kernels

    dev = Device(torch.cuda.current_device())
    dev.set_current()
    stream = dev.create_stream()
    fatbin = Path(vecmath.__file__).parent / "_oxpack" / "saxpy.fatbin"
    raw_kernel = ObjectCode.from_fatbin(fatbin.read_bytes()).get_kernel("saxpy")
    n = 1024
    x = torch.ones(n, device="cuda")
    y = torch.ones(n, device="cuda")
    cfg = LaunchConfig(grid=(n + 255) // 256, block=256)
    a, xp, yp = ctypes.c_float(0.0), x.data_ptr(), y.data_ptr()
    op = torch.ops.vecmath.saxpy

    def f(x: torch.Tensor, y: torch.Tensor) -> None:
        op(0.0, x, y)

    compiled = torch.compile(f, fullgraph=True)
    compiled(x, y)  # compile outside the timing
    variants: dict[str, Callable[[], object]] = {
        "raw": lambda: launch(stream, cfg, raw_kernel, a, xp, n, yp, n),
        "stub": lambda: kernels.saxpy(0.0, x, y),
        "op": lambda: op(0.0, x, y),
        "compiled": lambda: compiled(x, y),
        "torch": lambda: y.add_(x, alpha=0.0),
    }
    times: dict[str, list[float]] = {k: [] for k in variants}
    for _ in range(rounds):
        for label, fn in variants.items():
            torch.cuda.synchronize()
            stream.sync()
            t0 = time.perf_counter()
            for _ in range(per):
                fn()
            times[label].append((time.perf_counter() - t0) / per)
    torch.cuda.synchronize()
    stream.sync()
    labels = {
        "raw": "raw cuda.core launch, prepared arguments",
        "stub": "oxpack stub, PyTorch tensors",
        "op": "torch.ops.vecmath.saxpy, eager",
        "compiled": "torch.compile(fullgraph=True) of a function calling the operator",
        "torch": "torch y.add_(x)",
    }
    return [
        (labels[k], statistics.median(v) * 1e6, statistics.median(t / r for t, r in zip(v, times["raw"], strict=True)))
        for k, v in times.items()
    ]


def dispatch_rows(rounds: int = 21, per: int = 20000) -> list[tuple[str, float, float]]:
    """(label, µs per call, ratio to custom_op) for a do-nothing operator defined both ways."""

    def noop(a: float, x: torch.Tensor, y: torch.Tensor, *, threads: object = None, block: object = None) -> None:
        return None

    torch.library.custom_op("oxpack_bench::by_custom_op", noop, mutates_args=("y",), schema=SCHEMA)
    library = torch.library.Library("oxpack_bench", "FRAGMENT")
    library.define("by_library" + SCHEMA)
    library.impl("by_library", noop, "CompositeExplicitAutograd")
    x, y = torch.ones(16), torch.ones(16)
    variants: dict[str, Callable[[], object]] = {
        "torch.library.custom_op": lambda: torch.ops.oxpack_bench.by_custom_op(0.0, x, y),
        "torch.library.Library define + impl (oxpack)": lambda: torch.ops.oxpack_bench.by_library(0.0, x, y),
        "the function itself": lambda: noop(0.0, x, y),
    }
    times: dict[str, list[float]] = {k: [] for k in variants}
    for _ in range(rounds):
        for label, fn in variants.items():
            t0 = time.perf_counter()
            for _ in range(per):
                fn()
            times[label].append((time.perf_counter() - t0) / per)
    first = times["torch.library.custom_op"]
    return [(k, statistics.median(v) * 1e6, statistics.median(t / c for t, c in zip(v, first, strict=True)))
            for k, v in times.items()]


def autograd_rows(rounds: int = 21, per: int = 5000) -> list[tuple[str, float, float, float]]:
    """(call, µs through register_autograd, µs through oxpack's autograd kernel, median per-round ratio)."""
    from oxpack.runtime import torch_ops

    schema = "(Tensor x, *, SymInt[]? threads=None, SymInt[]? block=None) -> Tensor"

    def make(x: torch.Tensor, *, threads: object = None, block: object = None) -> torch.Tensor:
        return torch.empty_like(x)

    library = torch.library.Library("oxpack_bench_ag", "FRAGMENT")
    for name in ("by_torch", "by_oxpack", "by_torch_bwd", "by_oxpack_bwd"):
        library.define(name + schema)
        library.impl(name, make, "CompositeExplicitAutograd")
    ops = torch.ops.oxpack_bench_ag
    returns_of = {"by_torch_bwd": ("dx",), "by_oxpack_bwd": ("dx",)}
    specs = {name: torch_ops.OpSpec(name, "", (), functional=schema, returns=("y",),
                                    backward=(((f"{name}_bwd", ("grad:y",)),), (("x", "step:0:dx"),), ("y",)))
             for name in ("by_torch", "by_oxpack")}
    # the same formula both ways: oxpack's, as the runtime registered it through register_autograd before
    setup_context, gradients = torch_ops._formula(torch, "oxpack_bench_ag", specs["by_torch"], returns_of)
    torch.library.register_autograd(
        "oxpack_bench_ag::by_torch", lambda ctx, *incoming: tuple(gradients(ctx, incoming, ctx.needs_input_grad)),
        setup_context=lambda ctx, inputs, output, keyword_only_inputs=None: setup_context(ctx, inputs, output),
        lib=library)
    torch_ops._register_autograd(torch, library, "oxpack_bench_ag", specs["by_oxpack"], returns_of, make)
    x, xg = torch.ones(16), torch.ones(16, requires_grad=True)

    def no_grad(op: object) -> Callable[[], object]:
        def call() -> object:
            with torch.no_grad():
                return op(x)  # type: ignore[operator]
        return call

    def train(op: object) -> Callable[[], object]:
        return lambda: op(xg).backward(x)  # type: ignore[operator]

    rows = {"no_grad": (no_grad(ops.by_torch.default), no_grad(ops.by_oxpack.default)),
            "input requires grad (forward)": (lambda: ops.by_torch.default(xg), lambda: ops.by_oxpack.default(xg)),
            "forward + backward": (train(ops.by_torch.default), train(ops.by_oxpack.default))}
    out = []
    for label, (theirs, ours) in rows.items():
        times: list[tuple[float, float]] = []
        for _ in range(rounds):
            pair = []
            for fn in (theirs, ours):
                t0 = time.perf_counter()
                for _ in range(per):
                    fn()
                pair.append((time.perf_counter() - t0) / per * 1e6)
            times.append((pair[0], pair[1]))
        out.append((label, statistics.median(t[0] for t in times), statistics.median(t[1] for t in times),
                    statistics.median(t[0] / t[1] for t in times)))
    return out


def main() -> int:
    if sys.argv[1:] == ["--autograd"]:
        print(f"torch {torch.__version__}, CPU tensors; median of 21 interleaved rounds of 5000 calls\n")
        print("| call of a differentiable do-nothing operator | register_autograd µs | oxpack's autograd kernel µs "
              "| ratio |")
        print("| --- | --- | --- | --- |")
        for label, theirs, ours, ratio in autograd_rows():
            print(f"| {label} | {theirs:.2f} | {ours:.2f} | {ratio:.3f}x |")
        return 0
    if sys.argv[1:] == ["--dispatch"]:
        print(f"torch {torch.__version__}, CPU tensors; median of 21 interleaved rounds of 20000 calls\n")
        print("| do-nothing operator with saxpy's schema, defined by | µs per call | vs custom_op |")
        print("| --- | --- | --- |")
        for label, us, ratio in dispatch_rows():
            print(f"| {label} | {us:.2f} | {ratio:.3f}x |")
        return 0
    rows = torch_compile_rows()
    print(f"GPU: {torch.cuda.get_device_name()}, torch {torch.__version__}, {torch.cuda.device_count()} GPU(s)")
    print("\n| host time per call, saxpy n = 1024, PyTorch tensors (median of 21 interleaved rounds of 2000) "
          "| µs | vs raw launch (median of per-round ratios) |")
    print("| --- | --- | --- |")
    for label, us, ratio in rows:
        print(f"| {label} | {us:.2f} | {ratio:.2f}x |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
