"""The example's FlashAttention-2 forward (example-project/kernels/attention.rs, issue 19: sm_80
path, mma.sync + cp.async), or with `--hopper DIR` the sm_90a forward of the scratch project
`tests/packages/hopper` (kernels/attention.rs: TMA + wgmma, FlashAttention-3's structure) built
into DIR (`oxpack build --out DIR`), against `F.scaled_dot_product_attention` with the flash
backend forced (`--sdpa flash`, the default), or with the backend PyTorch picks when it is called
plainly (`--sdpa default`: cuDNN's attention on an H100 or H200), in the same run.

    python benchmarks/bench_attention.py [--repeat 15] [--sdpa flash|default] [--gqa]   # on the GPU machine: vecmath wheel, PyTorch
    python benchmarks/bench_attention.py --hopper DIR [--repeat 15] [--sdpa flash|default]

For batch 8, heads 16, seq 4096 and head dim 64 and 128, causal and not: check ours against SDPA,
then time both on the same bf16 inputs in batches of back-to-back calls between CUDA events,
alternating batch by batch (in turn first). Times are medians, the ratio the median of per-round
ratios. FLOPs are 4·b·h·n²·d (q·kᵀ and p·v), halved under a causal mask, as FlashAttention counts
them. With `--gqa` (the example's kernels only), grouped-query attention instead: batch 4, 32 query
heads for 8 k/v heads, seq 4096, against SDPA with `enable_gqa=True`. Prints one Markdown table.
"""

from __future__ import annotations

import contextlib
import math
import statistics
import sys
from collections.abc import Callable
from typing import Any

import torch
from torch.nn.attention import SDPBackend, sdpa_kernel

kernels: Any = None  # vecmath.kernels (the sm_80 path) or hopperdemo.kernels (--hopper), imported in main
HOPPER = False
SDPA = "flash"  # --sdpa: "flash" (the FlashAttention-2 backend forced) or "default" (as users call it)

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


def bench(b: int, h: int, n: int, d: int, causal: bool, repeat: int,
          kv_heads: int | None = None) -> tuple[str, float, float, float, float]:
    q = torch.randn(b, h, n, d, device="cuda").to(torch.bfloat16)
    k, v = (torch.randn(b, kv_heads or h, n, d, device="cuda").to(torch.bfloat16) for _ in range(2))
    gqa = kv_heads is not None  # SDPA's enable_gqa: k and v of fewer heads
    o = torch.empty_like(q)
    scale = 1 / math.sqrt(d)
    if HOPPER:
        name = f"attention_fwd_sm90_d{d}"
        fn = getattr(kernels, name)
        q2, k2, v2 = (x.view(-1, n, d) for x in (q, k, v))  # 3-D TMA sources: (b·h, n, d)

        def ours() -> None:  # the kernel declares its launch and shared memory
            fn(n, int(causal), scale, q2, k2, v2, o)
    else:
        name = f"attention_fwd_d{d}"
        fn = getattr(kernels, name)

        def ours() -> None:  # the kernel declares its launch
            fn(n, int(causal), scale, q, k, v, o)

    def theirs() -> None:
        F.scaled_dot_product_attention(q, k, v, is_causal=causal, scale=scale, enable_gqa=gqa)

    backend = sdpa_kernel(SDPBackend.FLASH_ATTENTION) if SDPA == "flash" else contextlib.nullcontext()
    with backend:
        ours()
        ref = F.scaled_dot_product_attention(q, k, v, is_causal=causal, scale=scale, enable_gqa=gqa)
        err = float((o.float() - ref.float()).abs().max())
        if not err <= 2.0**-6 * float(v.float().abs().max()):
            raise SystemExit(f"{name} (causal={causal}) is wrong: max error {err}")
        t_o, t_t, ratio = paired(ours, theirs, 10, repeat)
    flop = 4.0 * b * h * n * n * d / (2 if causal else 1)
    shape = f"{b}×{h}×{n}×{d}" + (f", {kv_heads} k/v heads" if kv_heads else "") + (", causal" if causal else "")
    return shape, flop, t_o, t_t, ratio


def main() -> int:
    global kernels, HOPPER, SDPA
    repeat = int(sys.argv[sys.argv.index("--repeat") + 1]) if "--repeat" in sys.argv else REPEAT
    if "--sdpa" in sys.argv:
        SDPA = sys.argv[sys.argv.index("--sdpa") + 1]
        if SDPA not in ("flash", "default"):
            raise SystemExit(f"--sdpa {SDPA}: flash or default")
    if "--hopper" in sys.argv:
        sys.path.insert(0, sys.argv[sys.argv.index("--hopper") + 1])
        from hopperdemo import kernels as hopper_kernels

        kernels, HOPPER = hopper_kernels, True
    else:
        from vecmath import kernels as vecmath_kernels

        kernels = vecmath_kernels
    gqa = "--gqa" in sys.argv
    if gqa and HOPPER:
        raise SystemExit("--gqa: the example's kernels (tests/packages/hopper's take no GQA): leave --hopper out")
    torch.manual_seed(0)
    print(f"device: {torch.cuda.get_device_name()}, torch {torch.__version__}")
    if gqa:
        rows = [bench(4, 32, 4096, d, causal, repeat, kv_heads=8) for d in (128, 64) for causal in (False, True)]
    else:
        rows = [bench(8, 16, 4096, d, causal, repeat) for d in (128, 64) for causal in (False, True)]
    ours = "`attention_fwd_sm90_d*` (TMA + wgmma)" if HOPPER else "`attention_fwd_d*`"
    print(f"\n| shape (b×h×n×d) | oxpack {ours} | TFLOP/s | SDPA ({SDPA}) | TFLOP/s | oxpack of SDPA |")
    print("| --- | --- | --- | --- | --- | --- |")
    for shape, flop, t_o, t_t, ratio in rows:
        print(f"| {shape} | {t_o * 1e3:.3f} ms | {flop / t_o / 1e12:.0f} | {t_t * 1e3:.3f} ms | "
              f"{flop / t_t / 1e12:.0f} | {ratio:.1%} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
