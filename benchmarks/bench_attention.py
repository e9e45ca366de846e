"""The example's FlashAttention-2 forward (example-project/kernels/attention.rs, issue 19: sm_80
path, mma.sync + cp.async) against `F.scaled_dot_product_attention` with the flash backend, in the
same run.

    python benchmarks/bench_attention.py [--repeat 15]   # on the GPU machine: vecmath wheel, PyTorch

For batch 8, heads 16, seq 4096 and head dim 64 and 128, causal and not: check ours against SDPA,
then time both on the same bf16 inputs in batches of back-to-back calls between CUDA events,
alternating batch by batch (in turn first). Times are medians, the ratio the median of per-round
ratios. FLOPs are 4·b·h·n²·d (q·kᵀ and p·v), halved under a causal mask, as FlashAttention counts
them. Prints one Markdown table.
"""

from __future__ import annotations

import math
import statistics
import sys
from collections.abc import Callable

import torch
from torch.nn.attention import SDPBackend, sdpa_kernel

from vecmath import kernels

REPEAT = 15
F = torch.nn.functional


def batch_time(fn: Callable[[], object], batch: int) -> float:
    start, stop = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    start.record()
    for _ in range(batch):
        fn()
    stop.record()
    stop.synchronize()
    return start.elapsed_time(stop) / 1e3 / batch


def paired(ours: Callable[[], object], theirs: Callable[[], object], batch: int,
           repeat: int) -> tuple[float, float, float]:
    for _ in range(3):
        ours()
        theirs()
    t_o, t_t, ratios = [], [], []
    for r in range(repeat):
        pair = (ours, theirs) if r % 2 == 0 else (theirs, ours)
        x, y = (batch_time(fn, batch) for fn in pair)
        o, t = (x, y) if r % 2 == 0 else (y, x)
        t_o.append(o)
        t_t.append(t)
        ratios.append(t / o)
    return statistics.median(t_o), statistics.median(t_t), statistics.median(ratios)


def bench(b: int, h: int, n: int, d: int, causal: bool, repeat: int) -> tuple[str, float, float, float, float]:
    q, k, v = (torch.randn(b, h, n, d, device="cuda").to(torch.bfloat16) for _ in range(3))
    o = torch.empty_like(q)
    scale = 1 / math.sqrt(d)
    fn = getattr(kernels, f"attention_fwd_d{d}")
    threads = 128 * b * h * -(-n // 64)

    def ours() -> None:
        fn(n, int(causal), scale, q, k, v, o, threads=threads)

    def theirs() -> None:
        F.scaled_dot_product_attention(q, k, v, is_causal=causal, scale=scale)

    with sdpa_kernel(SDPBackend.FLASH_ATTENTION):
        ours()
        ref = F.scaled_dot_product_attention(q, k, v, is_causal=causal, scale=scale)
        err = float((o.float() - ref.float()).abs().max())
        if not err <= 2.0**-6 * float(v.float().abs().max()):
            raise SystemExit(f"attention_fwd_d{d} (causal={causal}) is wrong: max error {err}")
        t_o, t_t, ratio = paired(ours, theirs, 10, repeat)
    flop = 4.0 * b * h * n * n * d / (2 if causal else 1)
    shape = f"{b}×{h}×{n}×{d}" + (", causal" if causal else "")
    return shape, flop, t_o, t_t, ratio


def main() -> int:
    repeat = int(sys.argv[sys.argv.index("--repeat") + 1]) if "--repeat" in sys.argv else REPEAT
    torch.manual_seed(0)
    print(f"device: {torch.cuda.get_device_name()}, torch {torch.__version__}")
    rows = [bench(8, 16, 4096, d, causal, repeat) for d in (128, 64) for causal in (False, True)]
    print("\n| shape (b×h×n×d) | oxpack `attention_fwd_d*` | TFLOP/s | SDPA (flash) | TFLOP/s | oxpack of SDPA |")
    print("| --- | --- | --- | --- | --- | --- |")
    for shape, flop, t_o, t_t, ratio in rows:
        print(f"| {shape} | {t_o * 1e3:.3f} ms | {flop / t_o / 1e12:.0f} | {t_t * 1e3:.3f} ms | "
              f"{flop / t_t / 1e12:.0f} | {ratio:.1%} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
