"""The example's FP8 GEMM (example-project/kernels/fp8.rs: TMA + FP8 `wgmma` with per-stage promotion, sm_90a)
against `torch._scaled_mm` as users call it, in the same run.

    python benchmarks/bench_fp8.py [--repeat 15] [--shapes 4096x4096x4096,...] [--e5m2]   # on an H100 / H200: vecmath, PyTorch

Both sides take the same E4M3 `a` (m × k) and `b` (n × k, a `linear` weight) and f32 scales on the device,
and return a new bf16 m × n `c` = scale_a · scale_b · (a·bᵀ); per-tensor scales, per-row ones, then block
scales (DeepGEMM's: 1 × 128 for a, 128 × 128 for b):

    kernels.gemm_fp8_nt_bf16(m, n, k, a, b, scale_a, scale_b)               # scale_a, scale_b: 1 element
    torch._scaled_mm(a, b.t(), scale_a, scale_b, out_dtype=torch.bfloat16)
    kernels.gemm_fp8_nt_bf16_rowwise(m, n, k, a, b, row_a, row_b)           # row_a: m, row_b: n
    torch._scaled_mm(a, b.t(), row_a.view(m, 1), row_b.view(1, n), out_dtype=torch.bfloat16)
    kernels.gemm_fp8_nt_bf16_blockwise(m, n, k, a, b, block_a, block_b)     # (m, k/128), (n/128, k/128)
    torch._scaled_mm(a, b.t(), block_a.t().contiguous().t(), block_b.t(), out_dtype=torch.bfloat16)  # its layout

`--e5m2`: the gradient kernels instead, `a` in E5M2 (a gradient) and `b` in E4M3, per tensor and per row,
against `torch._scaled_mm` with the same float8_e5m2 `a`:

    kernels.gemm_fp8_e5m2_nt_bf16(m, n, k, g, b, scale_g, scale_b)           # g: float8_e5m2
    torch._scaled_mm(g, b.t(), scale_g, scale_b, out_dtype=torch.bfloat16)
    kernels.gemm_fp8_e5m2_nt_bf16_rowwise(m, n, k, g, b, row_g, row_b)

The block-scaled kernel is timed against `torch._scaled_mm` with per-tensor scales (what users call when they
do not scale by blocks: the same FP8 GEMM without the per-block work) and, where this torch and its CUDA take
block scales (cuBLASLt's, CUDA 12.9 and newer), against that; a row says when torch refused them.

Shapes (m × n × k): 4096³, 8192³ and the LLM shapes 8192×4096×4096, 4096×11008×4096, 16384×1024×4096. For each:
check ours against the float64 product of the dequantized inputs (and against torch's), then time both in
batches of back-to-back calls between CUDA events, alternating batch by batch (in turn first, so that clock and
thermal drift hit both), as `bench_gemm.py` does. The ratio is the median of the per-round ratios (torch / ours:
above 1 is faster than torch), times are medians. Prints one Markdown table.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import torch

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_gemm import paired  # noqa: E402  (its paired rounds of batches between CUDA events)

REPEAT = 15
SHAPES = [(4096, 4096, 4096), (8192, 8192, 8192), (8192, 4096, 4096), (4096, 11008, 4096), (16384, 1024, 4096)]


def check(c: torch.Tensor, a: torch.Tensor, b: torch.Tensor, scale: float, theirs: torch.Tensor | None,
          what: str) -> None:
    """c against the float64 product of the dequantized a and b: within a bf16 rounding plus the FP8 tensor
    cores' reduced-precision sum of one stage (2⁻¹⁰ of its Σ|a||b|), and as close to it as torch's (where
    given), in norm."""
    a64, b64 = a.double(), b.double()
    ref = scale * (a64 @ b64.t())
    size = scale * (a64.abs() @ b64.abs().t())
    bad = (c.double() - ref).abs() > 2.0**-8 * ref.abs() + 2.0**-10 * size + 1e-30
    if bool(bad.any()) or bool(c.isnan().any()):
        raise SystemExit(f"{what} is wrong: {int(bad.sum())} elements off")
    if theirs is None:
        return
    ours = float((c.double() - ref).norm() / ref.norm())
    torch_err = float((theirs.double() - ref).norm() / ref.norm())
    if ours > 2 * torch_err + 2.0**-9:
        raise SystemExit(f"{what}: relative error {ours:.2e}, torch._scaled_mm's {torch_err:.2e}")


def dequantized(x: torch.Tensor, scale: torch.Tensor, rows_per_scale: int) -> torch.Tensor:
    """x (rows × k, FP8) times its block scales, in f32: scale[r // rows_per_scale, kk // 128]."""
    rows, k = x.shape
    s = scale.repeat_interleave(rows_per_scale, 0)[:rows].repeat_interleave(128, 1)[:, :k]
    return x.float() * s


def torch_layout(sa: torch.Tensor, sb: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
    """Our row-major block scales in the layout `torch._scaled_mm`'s checks ask for: scale_a (m, k / 128) with
    m contiguous, scale_b given for bᵀ, (k / 128, n / 128)."""
    return sa.t().contiguous().t(), sb.t()


def scaled_mm_or_refusal(*args: Any, **kwargs: Any) -> tuple[torch.Tensor | None, str]:
    """`torch._scaled_mm(*args, **kwargs)`, or None and the first line of why this torch refused the scaling."""
    try:
        return torch._scaled_mm(*args, **kwargs), ""
    except (RuntimeError, ValueError, NotImplementedError) as e:
        return None, str(e).splitlines()[0][:120]


def bench(kernels: Any, m: int, n: int, k: int, repeat: int,
          gradient: bool = False) -> list[tuple[str, str, float, float, float]]:
    """Rows (shape, scaling, ours s, torch s, torch / ours): per-tensor scales, per-row ones, block ones (against
    torch per tensor, then against torch's block scaling where it has one). `gradient`: the gradient kernels
    instead (`a` in E5M2, `b` in E4M3), per tensor and per row (against torch's row-wise scaling where this torch
    takes an E5M2 `a` with it)."""
    sets = 2
    a_type, name, what = ((torch.float8_e5m2, "gemm_fp8_e5m2_nt_bf16", "e5m2 × e4m3, ") if gradient
                          else (torch.float8_e4m3fn, "gemm_fp8_nt_bf16", ""))
    per_tensor, per_row = getattr(kernels, name), getattr(kernels, f"{name}_rowwise")
    a = [(torch.randn(m, k, device="cuda") * 4).to(a_type) for _ in range(sets)]
    b = [(torch.randn(n, k, device="cuda") * 4).to(torch.float8_e4m3fn) for _ in range(sets)]
    scale_a = torch.tensor(0.5, device="cuda")
    scale_b = torch.tensor(0.25, device="cuda")
    ours_sa, ours_sb = scale_a.reshape(1), scale_b.reshape(1)  # the same memory, 1-D
    row_a, row_b = torch.rand(m, device="cuda") + 0.05, torch.rand(n, device="cuda") + 0.05
    shape = f"{m}×{n}×{k}" if len({m, n, k}) > 1 else f"{m}³"
    batch = max(2, min(50, int(4e11 // (2 * m * n * k))))  # about 0.4 TFLOP per batch

    c = per_tensor(m, n, k, a[0], b[0], ours_sa, ours_sb)
    theirs = torch._scaled_mm(a[0], b[0].t(), scale_a, scale_b, out_dtype=torch.bfloat16)
    check(c, a[0].float(), b[0].float(), 0.125, theirs, f"{name} at {shape}")
    c = per_row(m, n, k, a[0], b[0], row_a, row_b)
    row_args = (a[0], b[0].t(), row_a.view(m, 1), row_b.view(1, n))
    if gradient:  # some torch versions take row-wise scales for E4M3 only
        theirs_row, refused = scaled_mm_or_refusal(*row_args, out_dtype=torch.bfloat16)
    else:
        theirs_row, refused = torch._scaled_mm(*row_args, out_dtype=torch.bfloat16), ""
    check(c, a[0].float() * row_a.view(m, 1), b[0].float() * row_b.view(n, 1), 1.0, theirs_row,
          f"{name}_rowwise at {shape}")
    if not gradient:  # block scales: E4M3 only (the random draws in the order they always had)
        block_a = torch.exp2(torch.rand(m, -(-k // 128), device="cuda") * 8 - 6)
        block_b = torch.exp2(torch.rand(-(-n // 128), -(-k // 128), device="cuda") * 8 - 6)
        torch_a, torch_b = torch_layout(block_a, block_b)  # made once, outside the timed calls
        c = kernels.gemm_fp8_nt_bf16_blockwise(m, n, k, a[0], b[0], block_a, block_b)
        theirs_block, block_refused = scaled_mm_or_refusal(a[0], b[0].t(), torch_a, torch_b,
                                                           out_dtype=torch.bfloat16)
        check(c, dequantized(a[0], block_a, 1), dequantized(b[0], block_b, 128), 1.0, theirs_block,
              f"gemm_fp8_nt_bf16_blockwise at {shape}")

    rows = []
    t_o, t_t, ratio = paired(
        lambda i: per_tensor(m, n, k, a[i], b[i], ours_sa, ours_sb),
        lambda i: torch._scaled_mm(a[i], b[i].t(), scale_a, scale_b, out_dtype=torch.bfloat16),
        sets, batch, repeat)
    rows.append((shape, f"{what}per-tensor: `{name}`", t_o, t_t, ratio))
    if theirs_row is None:
        print(f"{shape}: torch._scaled_mm refused row-wise scales with an E5M2 a ({refused}); no per-row row")
    else:
        t_o, t_t, ratio = paired(
            lambda i: per_row(m, n, k, a[i], b[i], row_a, row_b),
            lambda i: torch._scaled_mm(a[i], b[i].t(), row_a.view(m, 1), row_b.view(1, n), out_dtype=torch.bfloat16),
            sets, batch, repeat)
        rows.append((shape, f"{what}per-row: `{name}_rowwise`", t_o, t_t, ratio))
    if gradient:
        return rows
    t_o, t_t, ratio = paired(
        lambda i: kernels.gemm_fp8_nt_bf16_blockwise(m, n, k, a[i], b[i], block_a, block_b),
        lambda i: torch._scaled_mm(a[i], b[i].t(), scale_a, scale_b, out_dtype=torch.bfloat16),
        sets, batch, repeat)
    rows.append((shape, "block: `gemm_fp8_nt_bf16_blockwise` (torch per-tensor)", t_o, t_t, ratio))
    if theirs_block is None:
        print(f"{shape}: torch._scaled_mm refused block scales ({block_refused}); no block-against-block row")
    else:
        t_o, t_t, ratio = paired(
            lambda i: kernels.gemm_fp8_nt_bf16_blockwise(m, n, k, a[i], b[i], block_a, block_b),
            lambda i: torch._scaled_mm(a[i], b[i].t(), torch_a, torch_b, out_dtype=torch.bfloat16),
            sets, batch, repeat)
        rows.append((shape, "block: `gemm_fp8_nt_bf16_blockwise` (torch block-scaled)", t_o, t_t, ratio))
    return rows


def main() -> int:
    repeat = int(sys.argv[sys.argv.index("--repeat") + 1]) if "--repeat" in sys.argv else REPEAT
    shapes = SHAPES
    if "--shapes" in sys.argv:
        shapes = [tuple(int(x) for x in s.split("x")) for s in sys.argv[sys.argv.index("--shapes") + 1].split(",")]
    from vecmath import kernels

    torch.manual_seed(0)
    print(f"device: {torch.cuda.get_device_name()}, torch {torch.__version__}, "
          f"body {kernels._module.kernel('gemm_fp8_nt_bf16').body(0)}")
    rows = []
    for m, n, k in shapes:
        rows += [(row, (m, n, k)) for row in bench(kernels, m, n, k, repeat, gradient="--e5m2" in sys.argv)]
        torch.cuda.empty_cache()
    print("\n| shape | scales: oxpack kernel | oxpack | TFLOP/s | `torch._scaled_mm` | TFLOP/s | oxpack of torch |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    for (shape, what, t_o, t_t, ratio), (m, n, k) in rows:
        flop = 2.0 * m * n * k
        print(f"| {shape} | {what} | {t_o * 1e3:.3f} ms | {flop / t_o / 1e12:.0f} | {t_t * 1e3:.3f} ms | "
              f"{flop / t_t / 1e12:.0f} | {ratio:.1%} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
