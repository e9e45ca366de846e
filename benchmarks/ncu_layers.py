"""The Llama layers' kernels at bench_llama.py's training shape, launched for Nsight Compute: each kernel three
times with the block of each that tunes one given (no tuning launches: the blocks the tuning kept at this shape on
an H200, 256 and 64; the backward's 256), so that `ncu` can take the third launch of each.

    ncu --kernel-name regex:"fused|swiglu|rmsnorm" --launch-skip 12 --launch-count 6 \\
        --section SpeedOfLight --section MemoryWorkloadAnalysis --section WarpStateStats --section Occupancy \\
        python3 benchmarks/ncu_layers.py          # on the GPU machine: the vecmath wheel, PyTorch, ncu

(`scripts/gpu-models.sh ncu` runs that.) The kernels, 4096 rows of 2048 channels (the norms) and of 5632 (SwiGLU),
bfloat16: `fused_add_rmsnorm_bf16_warp` (the fused add + RMSNorm forward the tuning keeps there),
`fused_add_rmsnorm_bf16_bwd` (dx and the weights' partial sums, block 256) and `rmsnorm_bf16_bwd_reduce_halves`
(their column sums), `swiglu_bf16` and
`swiglu_bf16_bwd`, `rmsnorm_bf16_warp_wide`. What their memory throughput is against the GPU's, and what their warps
wait on, is what this is for; the times against Inductor's are `bench_norms_compiled.py --backward`'s.
"""

from __future__ import annotations

import torch

from vecmath import kernels


def main() -> int:
    rows, channels, inner = 4096, 2048, 5632
    bf = torch.bfloat16
    x, res, dout, dres = (torch.randn(rows, channels, device="cuda", dtype=bf) for _ in range(4))
    w = torch.ones(channels, device="cuda", dtype=bf)
    gate, up, dg = (torch.randn(rows, inner, device="cuda", dtype=bf) for _ in range(3))
    for _ in range(3):  # the same six kernels in the same order each time: ncu counts launches by name
        _out, rout, rstd = kernels.fused_add_rmsnorm_bf16_warp(1e-6, x, res, w, block=256)
        _dx, lo, hi = kernels.fused_add_rmsnorm_bf16_bwd(dout, dres, rout, w, rstd, block=256)
        kernels.rmsnorm_bf16_bwd_reduce_halves(w, lo, hi)
        kernels.swiglu_bf16(gate, up)
        kernels.swiglu_bf16_bwd(dg, gate, up)
        kernels.rmsnorm_bf16_warp_wide(1e-6, x, w, block=64)
    torch.cuda.synchronize()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
