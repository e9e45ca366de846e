"""LayerNorm (fp32) and RMSNorm (bf16) written with the cooperative layouts, against PyTorch.

    python benchmarks/bench_norms.py [--repeat 25] [--blocks 128,256,512]
    # on the GPU machine: the vecmath wheel installed (or on PYTHONPATH), CuPy, PyTorch

The example's `layernorm` (example-project/kernels/norm.rs: one warp per row,
`WarpRows<Vec4>`, mean and rstd `OnePerWarp`, llm.c's `layernorm_forward` semantics) at
B·T = 8·1024 and 64·1024 rows of C = 768 and at 16384 rows of C = 4096, against
`torch.nn.functional.layer_norm` (which returns no mean and rstd: it writes less); its
`rmsnorm_bf16` (one block per row, `BlockRows<Vec4>` of eight bfloat16 lanes, rstd
`OnePerBlock`) at the same shapes against `torch.nn.functional.rms_norm` on bfloat16 (a
composite `x · rsqrt(mean(x²) + eps) · w` where this PyTorch has none, named in the table).

Each kernel is first checked against PyTorch on the data it is timed on. Times are CUDA-event
timings of batches of 8 back-to-back calls (host work overlaps the kernels on both sides),
ours and PyTorch's alternating batch by batch (bench_kernels.paired), inputs rotating over
enough sets to pass 2 × 50 MB of L2; the ratio is the median of the same-run per-round ratios
(PyTorch time / oxpack time: above 1 means oxpack is faster). GB/s counts one read of x and
one write of out (mean and rstd, weight and bias are under 0.2% of it). Prints a Markdown table.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from collections.abc import Callable
from typing import Any

import cupy as cp
import torch

import bench_kernels
from bench_kernels import paired, timed
from vecmath import kernels

LAYERNORM_SHAPES = [(8 * 1024, 768), (64 * 1024, 768), (16384, 4096)]
L2_BYTES = 50 * 2**20


def sets_for(nbytes: int) -> int:
    """Input sets to rotate over so that a round's reads pass twice the L2."""
    return max(2, -(-2 * L2_BYTES // nbytes))


def copy_bandwidth() -> float:
    big = [cp.random.rand(1 << 28, dtype=cp.float32) for _ in range(2)]
    bw = 8 * (1 << 28) / timed(lambda i: cp.copyto(big[1 - i % 2], big[i % 2]), 2)
    del big
    return bw


def layernorm_row(rows: int, c: int, block: int, copy_bw: float) -> tuple[str, float]:
    g = torch.Generator(device="cuda").manual_seed(rows + c)
    n = sets_for(4 * rows * c)
    xs = [torch.randn(rows, c, device="cuda", generator=g) for _ in range(n)]
    w, b = torch.randn(c, device="cuda", generator=g), torch.randn(c, device="cuda", generator=g)
    out, mean, rstd = torch.empty_like(xs[0]), torch.empty(rows, device="cuda"), torch.empty(rows, device="cuda")
    threads = 32 * rows  # one warp per row

    def ours(i: int) -> None:
        kernels.layernorm(xs[i], w, b, out, mean, rstd, threads=threads, block=block)

    def theirs(i: int) -> Any:
        return torch.nn.functional.layer_norm(xs[i], (c,), w, b, eps=1e-5)

    ours(0)
    ref = theirs(0)
    torch.cuda.synchronize()
    assert torch.allclose(out, ref, rtol=1e-4, atol=1e-4), f"layernorm {rows}×{c} is wrong"
    assert torch.allclose(mean, xs[0].mean(1), atol=1e-5), f"layernorm {rows}×{c}: mean is wrong"
    del ref
    t_ours, t_torch, ratio = paired(ours, theirs, n)
    nbytes = 8 * rows * c
    del xs
    return (f"| LayerNorm fp32 | {rows} × {c} | {block} | {t_ours * 1e6:.1f} | {t_torch * 1e6:.1f} (F.layer_norm) | "
            f"{ratio:.3f}x | {nbytes / t_ours / 1e9:.0f} | {nbytes / t_ours / copy_bw:.1%} |"), ratio


def rms_reference() -> tuple[Callable[..., Any], str]:
    if hasattr(torch.nn.functional, "rms_norm"):
        return (lambda x, c, w: torch.nn.functional.rms_norm(x, (c,), w, eps=1e-6)), "F.rms_norm"

    def composite(x: Any, c: int, w: Any) -> Any:
        xf = x.float()
        return (xf * torch.rsqrt(xf.pow(2).mean(-1, keepdim=True) + 1e-6) * w.float()).to(x.dtype)

    return composite, "x·rsqrt(mean(x²)+eps)·w (no F.rms_norm here)"


def rmsnorm_row(rows: int, c: int, block: int, copy_bw: float) -> tuple[str, float]:
    g = torch.Generator(device="cuda").manual_seed(rows * c)
    n = sets_for(2 * rows * c)
    xs = [torch.randn(rows, c, device="cuda", generator=g).to(torch.bfloat16) for _ in range(n)]
    w = torch.randn(c, device="cuda", generator=g).to(torch.bfloat16)
    out, rstd = torch.empty_like(xs[0]), torch.empty(rows, device="cuda")
    reference, name = rms_reference()

    def ours(i: int) -> None:
        kernels.rmsnorm_bf16(1e-6, xs[i], w, out, rstd, threads=rows * block, block=block)

    def theirs(i: int) -> Any:
        return reference(xs[i], c, w)

    ours(0)
    ref = theirs(0)
    torch.cuda.synchronize()
    assert torch.allclose(out.float(), ref.float(), rtol=2**-6, atol=1e-6), f"rmsnorm {rows}×{c} is wrong"
    del ref
    t_ours, t_torch, ratio = paired(ours, theirs, n)
    nbytes = 4 * rows * c
    del xs
    return (f"| RMSNorm bf16 | {rows} × {c} | {block} | {t_ours * 1e6:.1f} | {t_torch * 1e6:.1f} ({name}) | "
            f"{ratio:.3f}x | {nbytes / t_ours / 1e9:.0f} | {nbytes / t_ours / copy_bw:.1%} |"), ratio


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeat", type=int, default=25, help="rounds per measurement (default 25)")
    parser.add_argument("--blocks", default="128,256,512", help="LayerNorm block sizes, comma-separated")
    parser.add_argument("--rms-blocks", default="128,256", help="RMSNorm block sizes, comma-separated")
    args = parser.parse_args()
    bench_kernels.REPEAT = args.repeat
    torch.cuda.init()
    copy_bw = copy_bandwidth()
    print(f"{torch.cuda.get_device_name()}, torch {torch.__version__}; device-to-device copy: "
          f"{copy_bw / 1e9:.0f} GB/s; {args.repeat} paired rounds of 8 calls\n")
    print("| kernel | rows × C | block | oxpack µs | PyTorch µs | PyTorch / oxpack | GB/s | of copy |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- |")
    ratios: dict[str, list[float]] = {"LayerNorm": [], "RMSNorm": []}
    for rows, c in LAYERNORM_SHAPES:
        for block in (int(b) for b in args.blocks.split(",")):
            line, ratio = layernorm_row(rows, c, block, copy_bw)
            ratios["LayerNorm"].append(ratio)
            print(line, flush=True)
    for rows, c in LAYERNORM_SHAPES:
        for block in (int(b) for b in args.rms_blocks.split(",")):
            line, ratio = rmsnorm_row(rows, c, block, copy_bw)
            ratios["RMSNorm"].append(ratio)
            print(line, flush=True)
    for kernel, values in ratios.items():
        print(f"\n{kernel}: PyTorch / oxpack median {statistics.median(values):.3f}x, "
              f"range {min(values):.3f}x – {max(values):.3f}x over shapes and blocks")
    return 0


if __name__ == "__main__":
    sys.exit(main())
