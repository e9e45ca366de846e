"""The example's RMSNorm, fused residual add + RMSNorm and SwiGLU kernels (each block by hand, and the tuned call,
which weighs the two-pass and one-chunk siblings of `#[tune(kernels = [...])]`) against the Triton kernels Inductor
writes for the same PyTorch code under `torch.compile`, in the same run: what a compiled model's norms cost with and
without oxpack.

    python3 benchmarks/bench_norms_compiled.py [--backward [--shape 2048x4096] [--only fused_add_rms_norm]]
    # on the GPU machine: the vecmath wheel, PyTorch with Triton

The PyTorch code is Hugging Face Llama's RMSNorm (f32 math, bf16 out) and `silu(gate) * up`; shapes: the Llama
prefill of bench_llama.py (8192 × 2048, intermediate 5632), a wider row (8192 × 4096) and a narrow one (65536 × 768).
Times are `triton.testing.do_bench` medians (warm-up 25 ms, 200 ms of runs, the L2 cleared between runs), one
process; ratios Inductor time / oxpack time are taken from them (above 1: oxpack is faster). Prints one line per kernel
and shape, with the choice the tuner kept.

`--backward`: instead, a training step's norms and SwiGLU at bench_llama.py's training shape (4096 × 2048,
intermediate 5632): the GPU kernels (`torch.profiler`, kernel time per step, each kernel listed) of a forward +
backward (`torch.autograd.backward` with given output gradients) of `vecmath.layers`' `rms_norm`,
`fused_add_rms_norm` (both of its outputs' gradients, as the model's residual stream gives them) and `swiglu`, each
under `torch.compile(fullgraph=True)`, against the same PyTorch code compiled. Kernel time, since a compiled
backward's host cost (hundreds of µs a call) hides kernels this short from CUDA events around a call. Before timing
a layer, its outputs and its inputs' gradients are checked against the compiled PyTorch code's (`agree`: each element
within 2^-6 of the reference's value plus 2% of the reference values' root mean square, which a few bfloat16
roundings stay inside and a weight gradient missing one block's rows does not); a layer that disagrees ends the run
with one line naming it. Left out: paired rounds (the other benchmarks' method; this is a comparison of kernels in
one process), float32.
"""

from __future__ import annotations

import torch
import triton

from vecmath import kernels


def bench(f: object) -> float:
    return float(triton.testing.do_bench(f, warmup=25, rep=200)) * 1e3  # µs


def ref_norm(x: torch.Tensor, w: torch.Tensor) -> torch.Tensor:
    v = x.float().pow(2).mean(-1, keepdim=True)
    return w * (x.float() * torch.rsqrt(v + 1e-5)).to(torch.bfloat16)


def ref_fused(x: torch.Tensor, r: torch.Tensor, w: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
    h = x + r
    return ref_norm(h, w), h


def ref_glu(g: torch.Tensor, u: torch.Tensor) -> torch.Tensor:
    return torch.nn.functional.silu(g) * u


def row(name: str, cols: int, inductor: object, kernel: object, two_pass: object, one_chunk: object) -> str:
    """One line: Inductor's time, the tuned call's (and the ratio), each candidate block of the kernel (`one`: its
    one-read body, four chunks a thread), of its two-pass sibling (`two`) and of its one-chunk sibling (`chunk`,
    which takes rows of at most 8 · block: `-` where it refuses) by hand, and the choice the tuner kept; the kernels
    take `block=`."""
    ind, tuned = bench(inductor), bench(kernel)
    cells = [f"inductor {ind:.1f}", f"tuned {tuned:.1f} [{ind / tuned:.3f}x]"]
    for label, fn, blocks in (("one", kernel, (128, 256, 512)), ("two", two_pass, (128, 256, 512)),
                              ("chunk", one_chunk, (256, 512))):
        cells += [f"{label}/{b} " + (f"{bench(lambda: fn(block=b)):.1f}"  # type: ignore[operator]  # noqa: B023
                                     if label != "chunk" or cols <= 8 * b else "-") for b in blocks]
    return f"{name} | " + " | ".join(cells) + f" | kept {kernels._module.kernel(name.split()[0])._last_tuned[1]}"


def main() -> None:
    torch.manual_seed(0)
    cn, cf, cg = (torch.compile(f) for f in (ref_norm, ref_fused, ref_glu))
    print(f"# {torch.cuda.get_device_name()}, torch {torch.__version__}; µs; inductor / tuned in brackets")
    for rows, cols in ((8192, 2048), (8192, 4096), (65536, 768)):
        x = torch.randn(rows, cols, device="cuda", dtype=torch.bfloat16)
        r = torch.randn_like(x)
        w = torch.randn(cols, device="cuda", dtype=torch.bfloat16)
        out, o2, h2 = torch.empty_like(x), torch.empty_like(x), torch.empty_like(x)
        rstd = torch.empty(rows, device="cuda")
        norm, fused = (1e-5, x, w, out, rstd), (1e-5, x, r, w, o2, h2, rstd)
        print(row(f"rmsnorm_bf16 {rows}x{cols}", cols, lambda: cn(x, w),
                  lambda **kw: kernels.rmsnorm_bf16(*norm, **kw),
                  lambda **kw: kernels.rmsnorm_bf16_two_pass(*norm, **kw),
                  lambda **kw: kernels.rmsnorm_bf16_one_chunk(*norm, **kw)), flush=True)
        print(row(f"fused_add_rmsnorm_bf16 {rows}x{cols}", cols, lambda: cf(x, r, w),
                  lambda **kw: kernels.fused_add_rmsnorm_bf16(*fused, **kw),
                  lambda **kw: kernels.fused_add_rmsnorm_bf16_two_pass(*fused, **kw),
                  lambda **kw: kernels.fused_add_rmsnorm_bf16_one_chunk(*fused, **kw)), flush=True)
        del x, r, out, o2, h2
    g = torch.randn(8192, 5632, device="cuda", dtype=torch.bfloat16)
    u, o = torch.randn_like(g), torch.empty_like(g)
    ind, ours = bench(lambda: cg(g, u)), bench(lambda: kernels.swiglu_bf16(g.view(-1), u.view(-1), o.view(-1)))
    print(f"swiglu_bf16 8192x5632 | inductor {ind:.1f} | ours {ours:.1f} [{ind / ours:.3f}x]")


def agree(name: str, ref: object, ours: object, grads: tuple[torch.Tensor, ...],
          leaves: dict[str, torch.Tensor]) -> str:
    """Runs `ref` and `ours` (each returning a tuple of outputs) forward and backward with `grads` from fresh
    gradients of `leaves`, and checks each output and each leaf's gradient of `ours` against `ref`'s, element by
    element: within 2^-6 of the reference value plus 2% of the reference values' root mean square. Returns the
    summary line; raises SystemExit with one line naming the layer and the value that differs."""
    got = []
    for f in (ref, ours):
        for t in leaves.values():
            t.grad = None
        outs = f()  # type: ignore[operator]
        torch.autograd.backward(outs, grads)
        values = {f"output {n}": o.detach().float() for n, o in enumerate(outs)}
        for leaf, t in leaves.items():
            if t.grad is None:
                raise SystemExit(f"{name}: no gradient of `{leaf}` from {'Inductor' if f is ref else 'ours'}")
            values[f"the gradient of `{leaf}`"] = t.grad.float()
        got.append(values)
    worst = 0.0
    for what, want in got[0].items():
        # a few bfloat16 roundings of the value apart (each at most 2^-8 of it), or 2% of the values' rms where
        # they cancel
        allowed = want.abs() * 2.0**-6 + 0.02 * want.pow(2).mean().sqrt()
        err = float(((got[1][what] - want).abs() / allowed.clamp_min(1e-30)).max())
        if err > 1:
            raise SystemExit(f"{name}: {what} differs from the compiled PyTorch code's by {err:.3g} times the "
                             "tolerance (2^-6 of each value + 2% of the values' root mean square)")
        worst = max(worst, err)
    for t in leaves.values():
        t.grad = None
    return (f"{name}: outputs and gradients agree with the compiled PyTorch code's (at most {worst:.2f} of the "
            "tolerance)")


def backward(tokens: int = 4096, hidden: int = 2048, only: str | None = None) -> None:
    """`--backward`'s lines: the GPU kernels of a forward + backward of each layer function and of its PyTorch twin,
    compiled, by `torch.profiler` (kernel time, not host time: a compiled backward's host cost, hundreds of µs,
    would hide these kernels from CUDA events around one call). `--shape TOKENSxHIDDEN` (the intermediate stays
    5632) and `--only LAYER` (rms_norm, fused_add_rms_norm or swiglu) narrow it."""
    from torch.profiler import ProfilerActivity, profile

    from vecmath import layers
    torch.manual_seed(0)
    print(f"# {torch.cuda.get_device_name()}, torch {torch.__version__}; GPU µs per forward + backward, "
          "by kernel; inductor / ours in brackets")
    inter = 5632

    def leaf(*shape: int) -> torch.Tensor:
        return torch.randn(*shape, device="cuda", dtype=torch.bfloat16).requires_grad_()

    x, r, w = leaf(tokens, hidden), leaf(tokens, hidden), leaf(hidden)
    g, u = leaf(tokens, inter), leaf(tokens, inter)
    dy, dh, dg = (torch.randn(tokens, n, device="cuda", dtype=torch.bfloat16) for n in (hidden, hidden, inter))
    cases = {
        "rms_norm": (lambda: (ref_norm(x, w),), lambda: (layers.rms_norm(x, w, 1e-5),), (dy,), {"x": x, "w": w}),
        "fused_add_rms_norm": (lambda: ref_fused(x, r, w), lambda: layers.fused_add_rms_norm(x, r, w, 1e-5),
                               (dy, dh), {"x": x, "r": r, "w": w}),
        "swiglu": (lambda: (ref_glu(g, u),), lambda: (layers.swiglu(g, u),), (dg,), {"g": g, "u": u}),
    }
    steps = 20
    if only is not None and only not in cases:
        raise SystemExit(f"--only {only}: expected one of {', '.join(cases)}")
    for name, (ref, ours, grads, leaves) in cases.items():
        if only is not None and name != only:
            continue
        compiled = torch.compile(ref, fullgraph=True), torch.compile(ours, fullgraph=True)  # checked, then timed
        print(agree(name, *compiled, grads, leaves), flush=True)
        totals = []
        for who, f in zip(("inductor", "ours"), compiled, strict=True):
            def step(f: object = f, grads: tuple[torch.Tensor, ...] = grads) -> None:
                torch.autograd.backward(f(), grads)  # type: ignore[operator]
            for _ in range(3):
                step()
            torch.cuda.synchronize()
            with profile(activities=[ProfilerActivity.CUDA]) as prof:
                for _ in range(steps):
                    step()
                torch.cuda.synchronize()
            kernels_ = [(e.key, e.self_device_time_total / steps) for e in prof.key_averages()
                        if e.self_device_time_total > 0 and e.device_type == torch.autograd.DeviceType.CUDA]
            totals.append(sum(t for _, t in kernels_))
            listed = "; ".join(f"{k[:60]} {t:.1f}" for k, t in sorted(kernels_, key=lambda kt: -kt[1]))
            print(f"{name} {who}: {totals[-1]:.1f} µs ({listed})", flush=True)
        print(f"{name} {tokens}x{inter if name == 'swiglu' else hidden} | inductor {totals[0]:.1f} | ours {totals[1]:.1f} "
              f"[{totals[0] / totals[1]:.3f}x]", flush=True)


def _options(argv: list[str]) -> dict[str, object]:
    """`--backward`'s options: `--shape TOKENSxHIDDEN`, `--only LAYER`."""
    opts: dict[str, object] = {}
    for flag, value in zip(argv, argv[1:]):
        if flag == "--shape":
            try:
                opts["tokens"], opts["hidden"] = (int(n) for n in value.split("x"))
            except ValueError:
                raise SystemExit(f"--shape {value}: expected TOKENSxHIDDEN, e.g. 2048x4096") from None
        elif flag == "--only":
            opts["only"] = value
    return opts


if __name__ == "__main__":
    import sys
    backward(**_options(sys.argv[1:])) if "--backward" in sys.argv[1:] else main()  # type: ignore[arg-type]
