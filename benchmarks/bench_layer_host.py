"""Host cost of the example's model layers (`vecmath.layers`: RMSNorm, fused residual add + RMSNorm, SwiGLU) in
every form a model calls them, against the same PyTorch code in the same form, in the same interleaved rounds.

    python3 benchmarks/bench_layer_host.py [--rounds 9] [--per 400] [--parts]   # on the GPU machine: the vecmath
                                                                                 # wheel, PyTorch with Triton

A model's layer is called at a few shapes many times a step: when its kernels are short, the step waits on the
host, and what a call costs the CPU is what the model loses. So each call here is launch-bound (16 tokens of
2048 channels, SwiGLU's 5632): the wall time of `--per` calls, the GPU synchronized before and after, is the host's.
Forms, each with its PyTorch twin:

- `compiled`: `torch.compile(fullgraph=True)` of a function calling the layer (its forward, under `no_grad`),
  against the PyTorch code compiled (Inductor's Triton kernels);
- `compiled fwd+bwd`: the same with weights that require grad, forward then `torch.autograd.backward`;
- `eager fwd+bwd`: as a training step calls them uncompiled (the weight an `nn.Parameter`);
- `eager`: under `no_grad` (inference).

Then each layer's call taken apart (no PyTorch twin; their µs a call, not ratios): the stub with its outputs
passed, the stub making them (`#[outputs]`), the operator `torch.ops.vecmath.*` and the layer function. Ratio:
PyTorch's time / oxpack's, median of per-round ratios (above 1: oxpack's call costs the host less). Left out: the
kernels' GPU time (bench_norms_compiled.py), float32, shapes at which the GPU, not the host, bounds a call.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable

import torch

from vecmath import kernels, layers

TOKENS, HIDDEN, INTER, EPS = 16, 2048, 5632, 1e-5


def ref_norm(x: torch.Tensor, w: torch.Tensor) -> torch.Tensor:  # Hugging Face Llama's RMSNorm (f32 math)
    v = x.float().pow(2).mean(-1, keepdim=True)
    return w * (x.float() * torch.rsqrt(v + EPS)).to(torch.bfloat16)


def ref_fused(x: torch.Tensor, r: torch.Tensor, w: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
    h = x + r
    return ref_norm(h, w), h


def ref_glu(g: torch.Tensor, u: torch.Tensor) -> torch.Tensor:
    return torch.nn.functional.silu(g) * u


def ours_norm(x: torch.Tensor, w: torch.Tensor) -> torch.Tensor:
    return layers.rms_norm(x, w, EPS)


def ours_fused(x: torch.Tensor, r: torch.Tensor, w: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
    return layers.fused_add_rms_norm(x, r, w, EPS)


def wall(fn: Callable[[], object], per: int) -> float:
    """µs a call of `per` calls, the GPU idle before and after."""
    torch.cuda.synchronize()
    start = time.perf_counter()
    for _ in range(per):
        fn()
    torch.cuda.synchronize()
    return (time.perf_counter() - start) / per * 1e6


def paired(ref: Callable[[], object], ours: Callable[[], object], rounds: int, per: int) -> tuple[float, float, float]:
    """(PyTorch µs, oxpack µs, median of per-round ratios PyTorch / oxpack); warm-up first (compiles)."""
    for _ in range(3):
        ref()
        ours()
    times = [(wall(ref, per), wall(ours, per)) for _ in range(rounds)]
    return (statistics.median(t[0] for t in times), statistics.median(t[1] for t in times),
            statistics.median(t[0] / t[1] for t in times))


def cases() -> dict[str, tuple[Callable[..., object], Callable[..., object], list[tuple[int, ...]]]]:
    """layer -> (PyTorch code, oxpack's layer, the inputs' shapes; the last input is the weight where one is)."""
    return {"rms_norm": (ref_norm, ours_norm, [(TOKENS, HIDDEN), (HIDDEN,)]),
            "fused_add_rms_norm": (ref_fused, ours_fused, [(TOKENS, HIDDEN), (TOKENS, HIDDEN), (HIDDEN,)]),
            "swiglu": (ref_glu, layers.swiglu, [(TOKENS, INTER), (TOKENS, INTER)])}


def forms(ref: Callable[..., object], ours: Callable[..., object], shapes: list[tuple[int, ...]]
          ) -> dict[str, tuple[Callable[[], object], Callable[[], object]]]:
    """form -> (PyTorch's call, oxpack's call): zero-argument closures over the same tensors."""
    def inputs(grad: bool) -> list[torch.Tensor]:
        made = [torch.randn(s, device="cuda", dtype=torch.bfloat16) for s in shapes]
        return [torch.nn.Parameter(t) if grad and t.dim() == 1 else t.requires_grad_(grad and n == 0)
                for n, t in enumerate(made)]

    plain, grad = inputs(False), inputs(True)
    made: dict[str, tuple[Callable[[], object], Callable[[], object]]] = {}
    for form, compile_it, train in (("compiled", True, False), ("compiled fwd+bwd", True, True),
                                    ("eager", False, False), ("eager fwd+bwd", False, True)):
        calls = []
        for fn in (ref, ours):
            run = torch.compile(fn, fullgraph=True) if compile_it else fn
            if train:
                def step(run: Callable[..., object] = run) -> None:
                    outs = run(*grad)
                    outs = outs if isinstance(outs, tuple) else (outs,)
                    torch.autograd.backward(outs, [torch.ones_like(o) for o in outs])
            else:
                def step(run: Callable[..., object] = run) -> None:
                    with torch.no_grad():
                        run(*plain)
            calls.append(step)
        made[form] = (calls[0], calls[1])
    return made


def parts(per: int, rounds: int) -> list[tuple[str, float]]:
    """Each layer's call, layer by layer (no grad): (what, µs a call, best round)."""
    x, r = (torch.randn(TOKENS, HIDDEN, device="cuda", dtype=torch.bfloat16) for _ in range(2))
    w = torch.ones(HIDDEN, device="cuda", dtype=torch.bfloat16)
    out, total, rstd = torch.empty_like(x), torch.empty_like(x), torch.empty(TOKENS, device="cuda")
    g, u = (torch.randn(TOKENS * INTER, device="cuda", dtype=torch.bfloat16) for _ in range(2))
    glu = torch.empty_like(g)
    ops = torch.ops.vecmath
    rows: dict[str, Callable[[], object]] = {
        "torch.empty, three times (the outputs' allocation alone)":
            lambda: (torch.empty_like(x), torch.empty_like(x), torch.empty(TOKENS, device=x.device)),
        "torch.add(x, r): one PyTorch op": lambda: torch.add(x, r),
        "fused: stub, outputs passed": lambda: kernels.fused_add_rmsnorm_bf16(EPS, x, r, w, out, total, rstd),
        "fused: stub, outputs made (#[outputs])": lambda: kernels.fused_add_rmsnorm_bf16(EPS, x, r, w),
        "fused: torch.ops.vecmath.fused_add_rmsnorm_bf16.default": lambda: ops.fused_add_rmsnorm_bf16.default(EPS, x, r, w),
        "fused: the layer, vecmath.layers.fused_add_rms_norm": lambda: layers.fused_add_rms_norm(x, r, w, EPS),
        "rms_norm: stub, outputs made": lambda: kernels.rmsnorm_bf16(EPS, x, w),
        "rms_norm: torch.ops.vecmath.rmsnorm_bf16.default": lambda: ops.rmsnorm_bf16.default(EPS, x, w),
        "rms_norm: the layer, vecmath.layers.rms_norm": lambda: layers.rms_norm(x, w, EPS),
        "swiglu: stub, output passed": lambda: kernels.swiglu_bf16(g, u, glu),
        "swiglu: stub, output made": lambda: kernels.swiglu_bf16(g, u),
        "swiglu: torch.ops.vecmath.swiglu_bf16.default": lambda: ops.swiglu_bf16.default(g, u),
        "swiglu: the layer, vecmath.layers.swiglu (2-D gate and up)":
            lambda: layers.swiglu(g.view(TOKENS, INTER), u.view(TOKENS, INTER)),
    }
    with torch.no_grad():
        for fn in rows.values():
            fn()
        return [(name, min(wall(fn, per) for _ in range(rounds))) for name, fn in rows.items()]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--per", type=int, default=400, help="calls a round")
    parser.add_argument("--parts", action="store_true", help="only the layers' calls taken apart (no "
                        "compiling: seconds)")
    args = parser.parse_args()
    torch.manual_seed(0)
    print(f"## {torch.cuda.get_device_name()}: host µs a call, {TOKENS} tokens, median of {args.rounds} rounds")
    print("| layer | form | PyTorch µs | oxpack µs | ratio |")
    print("| --- | --- | --- | --- | --- |")
    for layer, (ref, ours, shapes) in cases().items() if not args.parts else ():
        for form, (a, b) in forms(ref, ours, shapes).items():
            ta, tb, ratio = paired(a, b, args.rounds, args.per)
            print(f"| {layer} | {form} | {ta:.1f} | {tb:.1f} | {ratio:.3f}x |", flush=True)
    print("## each layer's call, layer by layer (no grad): µs a call (best round)")
    for name, us in parts(args.per, args.rounds):
        print(f"{name:60s} {us:7.1f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
