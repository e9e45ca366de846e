"""The example's int8 tensor-core GEMM (example-project/kernels/int8.rs, `gemm_s8_nt`: mma.sync
m16n8k32 on s8, s32 accumulators, the sm_80 path) against `torch._int_mm` (cuBLASLt's int8 GEMM)
in the same run.

    python benchmarks/bench_int8.py [--repeat 15] [--shapes 4096x4096x4096,...]   # on the GPU machine:
                                                                                  # vecmath wheel installed, PyTorch

For each shape (4096³ by default): check ours exactly against `torch._int_mm(a, w.t())` (int32
both), then time ours (through the checked stub) and `torch._int_mm` on the same int8 inputs, in
batches of back-to-back calls between CUDA events, ours and PyTorch's alternating batch by batch
(in turn first, so that clock and thermal drift hit both). The ratio is the median of the per-round
ratios, times are medians. Prints one Markdown table: time and TOP/s (2·m·n·k integer operations a
second) of both, and ours as a share of cuBLAS. No target: the tensor-core work lists int8 among the inputs,
with no speed goal for it.
"""

from __future__ import annotations

import sys
from typing import Any

import torch
from bench_gemm import paired  # the same paired timer as the bf16 GEMM's

REPEAT = 15
kernels: Any = None  # vecmath.kernels, imported in main


def bench(m: int, n: int, k: int, repeat: int) -> tuple[str, float, float, float]:
    """(shape, ours s, torch s, torch / ours) at m × n × k, B stored n × k (`w`, as a linear weight)."""
    sets = 2
    a = [torch.randint(-128, 128, (m, k), device="cuda", dtype=torch.int8) for _ in range(sets)]
    w = [torch.randint(-128, 128, (n, k), device="cuda", dtype=torch.int8) for _ in range(sets)]
    c = torch.empty(m, n, device="cuda", dtype=torch.int32)
    shape = f"{m}×{n}×{k}" if len({m, n, k}) > 1 else f"{m}³"
    batch = max(2, min(50, int(4e11 // (2 * m * n * k))))  # about 0.4 T operations per batch

    kernels.gemm_s8_nt(m, n, k, a[0], w[0], c)  # its declared launch: a block per tile
    want = torch._int_mm(a[0], w[0].t())
    if not torch.equal(c, want):
        raise SystemExit(f"gemm_s8_nt at {shape} is wrong: {int((c != want).sum())} elements off")
    t_o, t_t, ratio = paired(lambda i: kernels.gemm_s8_nt(m, n, k, a[i], w[i], c),
                             lambda i: torch._int_mm(a[i], w[i].t()), sets, batch, repeat)
    return shape, t_o, t_t, ratio


def main() -> int:
    global kernels
    repeat = int(sys.argv[sys.argv.index("--repeat") + 1]) if "--repeat" in sys.argv else REPEAT
    shapes = [(4096, 4096, 4096)]
    if "--shapes" in sys.argv:
        shapes = [tuple(int(x) for x in s.split("x")) for s in sys.argv[sys.argv.index("--shapes") + 1].split(",")]
    from vecmath import kernels as example_kernels

    kernels = example_kernels
    torch.manual_seed(0)
    print(f"device: {torch.cuda.get_device_name()}, torch {torch.__version__}")
    rows = []
    for m, n, k in shapes:
        rows.append(((m, n, k), *bench(m, n, k, repeat)))
        torch.cuda.empty_cache()
    print("\n| shape | kernel | oxpack | TOP/s | cuBLAS (torch._int_mm) | TOP/s | oxpack of cuBLAS |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    for (m, n, k), shape, t_o, t_t, ratio in rows:
        ops = 2.0 * m * n * k
        print(f"| {shape} | `gemm_s8_nt` (B n×k, s32 out) vs `torch._int_mm(a, w.t())` | {t_o * 1e3:.3f} ms | "
              f"{ops / t_o / 1e12:.0f} | {t_t * 1e3:.3f} ms | {ops / t_t / 1e12:.0f} | {ratio:.1%} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
