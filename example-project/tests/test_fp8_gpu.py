"""The FP8 GEMM (kernels/fp8.rs) on a Hopper GPU, against `torch._scaled_mm` and the float64 product of the
dequantized inputs: run against the installed wheel, with PyTorch; skipped without an sm_90 GPU.

The H100's FP8 tensor cores add a stage's products with fewer bits than f32 and in their own order; the
pipeline promotes each stage (128 of k) into f32. Tolerance: a bf16 rounding (2⁻⁸ relative) plus 2⁻¹⁰ of the
scaled Σ|a||b| per element, and in norm no worse than twice torch's own error (plus 2⁻⁹).
"""

from __future__ import annotations

import pytest

torch = pytest.importorskip("torch")

from hostarrays import HOPPER, on_hopper  # noqa: E402
from vecmath import kernels  # noqa: E402

pytestmark = pytest.mark.skipif(not on_hopper(), reason=HOPPER)


def _operands(m: int, n: int, k: int) -> tuple[object, object]:
    g = torch.Generator(device="cuda").manual_seed(m * 1_000_003 + n * 1009 + k)
    a = (torch.randn(m, k, device="cuda", generator=g) * 4).to(torch.float8_e4m3fn)
    b = (torch.randn(n, k, device="cuda", generator=g) * 4).to(torch.float8_e4m3fn)
    return a, b


def _check(c: object, a: object, b: object, scale: float, theirs: object | None) -> None:
    a64, b64 = a.double(), b.double()  # type: ignore[attr-defined]  (f32 tensors: the callers widen the FP8 ones)
    ref = scale * (a64 @ b64.t())
    size = scale * (a64.abs() @ b64.abs().t())
    err = (c.double() - ref).abs()  # type: ignore[attr-defined]
    assert not bool(c.isnan().any())  # type: ignore[attr-defined]
    assert bool((err <= 2.0**-8 * ref.abs() + 2.0**-10 * size + 1e-30).all()), float((err / (size + 1e-30)).max())
    if theirs is not None:
        ours = float((c.double() - ref).norm() / ref.norm())  # type: ignore[attr-defined]
        torch_err = float((theirs.double() - ref).norm() / ref.norm())  # type: ignore[attr-defined]
        assert ours <= 2 * torch_err + 2.0**-9, (ours, torch_err)


def test_the_sm90a_body_runs_on_hopper() -> None:
    assert kernels._module.kernel("gemm_fp8_nt_bf16").body(0) == "gemm_fp8_nt_bf16_sm90a"


@pytest.mark.parametrize("m,n,k", [(4096, 4096, 4096), (256, 512, 8192), (128, 256, 128), (1024, 2048, 4096)])
def test_matches_torch_scaled_mm(m: int, n: int, k: int) -> None:
    a, b = _operands(m, n, k)
    sa, sb = torch.tensor(0.5, device="cuda"), torch.tensor(0.25, device="cuda")
    c = kernels.gemm_fp8_nt_bf16(m, n, k, a, b, sa.reshape(1), sb.reshape(1))
    assert c.shape == (m, n) and c.dtype == torch.bfloat16
    theirs = torch._scaled_mm(a, b.t(), sa, sb, out_dtype=torch.bfloat16)
    _check(c, a.float(), b.float(), 0.125, theirs)


@pytest.mark.parametrize("m,n,k", [(1, 1, 16), (70, 130, 272), (300, 1000, 1040), (129, 257, 4112)])
def test_ragged_shapes_against_float64(m: int, n: int, k: int) -> None:
    """Shapes `torch._scaled_mm` refuses (dims not multiples of 16): the TMA reads zeros past the edges, the
    store skips what lies outside c; every element written (c starts as NaN)."""
    a, b = _operands(m, n, k)
    sa, sb = torch.tensor([2.0], device="cuda"), torch.tensor([0.75], device="cuda")
    c = torch.full((m, n), float("nan"), device="cuda", dtype=torch.bfloat16)
    kernels.gemm_fp8_nt_bf16(m, n, k, a, b, sa, sb, c)
    _check(c, a.float(), b.float(), 1.5, None)


def test_a_bf16_tensor_for_an_e4m3_parameter_is_refused_in_one_line() -> None:
    a, b = _operands(64, 64, 128)
    one = torch.ones(1, device="cuda")
    with pytest.raises(TypeError) as info:
        kernels.gemm_fp8_nt_bf16(64, 64, 128, a.to(torch.bfloat16), b, one, one)
    assert "\n" not in str(info.value)
    assert str(info.value).startswith("gemm_fp8_nt_bf16(): argument `a` must be a float8_e4m3fn device array, "
                                      "got a bfloat16 tensor")


def test_the_portable_body_is_refused_before_the_launch_on_the_gpu() -> None:
    """`#[only_on(sm_90a)]` on the GPU: with `OXPACK_ARCH=sm_90` (the package's plain sm_90 code, which this GPU
    runs) the call is refused in one line before any launch, and the process's CUDA context stays usable."""
    import os
    import subprocess
    import sys

    script = (
        "import torch\n"
        "from vecmath import kernels\n"
        "a = torch.zeros(64, 128, device='cuda').to(torch.float8_e4m3fn)\n"
        "one = torch.ones(1, device='cuda')\n"
        "try:\n"
        "    kernels.gemm_fp8_nt_bf16(64, 64, 128, a, a, one, one)\n"
        "except Exception as e:\n"
        "    print(type(e).__name__, e)\n"
        "print(float(torch.ones(3, device='cuda').sum()))\n"
    )
    proc = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=300, check=False,
                          env={**os.environ, "OXPACK_ARCH": "sm_90"})
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert proc.stdout == (
        "LaunchError gemm_fp8_nt_bf16(): this kernel runs on sm_90a only (`#[only_on(sm_90a)]`), and device 0 runs "
        "the package's sm_90 code; call it on an sm_90a GPU\n3.0\n")


# ---------------------------------------------------------------------------- block scales (1 × 128, 128 × 128)


def _block_scales(m: int, n: int, k: int) -> tuple[object, object]:
    """DeepGEMM's layout, row-major f32: scale_a (m, cdiv(k, 128)), scale_b (cdiv(n, 128), cdiv(k, 128)), from
    2⁻⁶ to 4."""
    g = torch.Generator(device="cuda").manual_seed(m + 7 * n + 11 * k)
    blocks = -(-k // 128)
    sa = torch.exp2(torch.rand(m, blocks, device="cuda", generator=g) * 8 - 6)
    sb = torch.exp2(torch.rand(-(-n // 128), blocks, device="cuda", generator=g) * 8 - 6)
    return sa, sb


def _dequantized(x: object, scale: object, rows_per_scale: int) -> object:
    """x (rows × k, FP8) times its block scales, in f32: scale[r // rows_per_scale, kk // 128]."""
    rows, k = x.shape  # type: ignore[attr-defined]
    s = scale.repeat_interleave(rows_per_scale, 0)[:rows].repeat_interleave(128, 1)[:, :k]  # type: ignore[attr-defined]
    return x.float() * s  # type: ignore[attr-defined]


def _torch_blockwise(a: object, b: object, sa: object, sb: object) -> object:
    """`torch._scaled_mm` with 1 × 128 scales for a and 128 × 128 ones for b, in the layout its checks ask for
    (scale_a (m, k / 128) with the m dimension contiguous; scale_b given for bᵀ, (k / 128, n / 128), as the
    transpose of our row-major one); it raises where this torch, its CUDA or the shape has no such path."""
    return torch._scaled_mm(a, b.t(), sa.t().contiguous().t(), sb.t(), out_dtype=torch.bfloat16)  # type: ignore[attr-defined]


@pytest.mark.parametrize("m,n,k", [(4096, 4096, 4096), (256, 512, 8192), (1, 1, 16), (70, 130, 272),
                                   (300, 1000, 1040), (129, 257, 4112)])
def test_blockwise_against_float64(m: int, n: int, k: int) -> None:
    """`gemm_fp8_nt_bf16_blockwise` at even and ragged shapes (k = 272, 1040, 4112: a last 128-k block of 16):
    within the tolerance of the float64 product of the block-dequantized inputs; every element written (c starts
    as NaN)."""
    a, b = _operands(m, n, k)
    sa, sb = _block_scales(m, n, k)
    c = torch.full((m, n), float("nan"), device="cuda", dtype=torch.bfloat16)
    kernels.gemm_fp8_nt_bf16_blockwise(m, n, k, a, b, sa, sb, c)
    _check(c, _dequantized(a, sa, 1), _dequantized(b, sb, 128), 1.0, None)


def test_blockwise_takes_its_data_alone() -> None:
    m, n, k = 300, 1000, 1040
    a, b = _operands(m, n, k)
    sa, sb = _block_scales(m, n, k)
    c = kernels.gemm_fp8_nt_bf16_blockwise(a, b, sa, sb)
    assert c.shape == (m, n) and c.dtype == torch.bfloat16
    every = kernels.gemm_fp8_nt_bf16_blockwise(m, n, k, a, b, sa, sb)
    assert torch.equal(c, every)


@pytest.mark.parametrize("m,n,k", [(4096, 4096, 4096), (300, 1000, 1040)])
def test_blockwise_with_equal_block_scales_is_the_per_tensor_kernel(m: int, n: int, k: int) -> None:
    """Every block scale the same power of two: the per-tensor kernel's result with their product, bit for bit
    (the same FP8 tensor-core sums per stage; scaling by a power of two is exact, before or after the f32 sum)."""
    a, b = _operands(m, n, k)
    blocks = -(-k // 128)
    sa = torch.full((m, blocks), 0.5, device="cuda")
    sb = torch.full((-(-n // 128), blocks), 0.25, device="cuda")
    c = kernels.gemm_fp8_nt_bf16_blockwise(m, n, k, a, b, sa, sb)
    per_tensor = kernels.gemm_fp8_nt_bf16(m, n, k, a, b, torch.tensor([0.5], device="cuda"),
                                          torch.tensor([0.25], device="cuda"))
    assert torch.equal(c, per_tensor)


@pytest.mark.parametrize("m,n,k", [(4096, 4096, 4096), (1024, 2048, 4096), (256, 512, 8192)])
def test_blockwise_matches_torch_scaled_mm_blockwise(m: int, n: int, k: int) -> None:
    """Against `torch._scaled_mm`'s own block scaling (1 × 128 for a, 128 × 128 for b: cuBLASLt's, CUDA 12.9 and
    newer), where this torch takes it: the same float64 tolerance, and in norm no worse than twice torch's error.
    Skipped, with torch's message, where it refuses the scales."""
    a, b = _operands(m, n, k)
    sa, sb = _block_scales(m, n, k)
    try:
        theirs = _torch_blockwise(a, b, sa, sb)
    except (RuntimeError, ValueError, NotImplementedError) as e:
        pytest.skip(f"torch {torch.__version__}'s _scaled_mm takes no 1 × 128 / 128 × 128 scales here: "
                    f"{str(e).splitlines()[0][:200]}")
    c = kernels.gemm_fp8_nt_bf16_blockwise(m, n, k, a, b, sa, sb)
    _check(c, _dequantized(a, sa, 1), _dequantized(b, sb, 128), 1.0, theirs)


def test_blockwise_scales_of_the_wrong_shape_are_refused_in_one_line() -> None:
    """Scales in torch's own layout of `a`'s (k / 128, m) or per row are refused before any launch, naming the
    argument; the GPU stays usable."""
    m, n, k = 256, 256, 512
    a, b = _operands(m, n, k)
    sa, sb = _block_scales(m, n, k)
    for bad_a in (sa.t().contiguous(), sa[:, 0].contiguous()):
        with pytest.raises(ValueError) as info:
            kernels.gemm_fp8_nt_bf16_blockwise(a, b, bad_a, sb)
        assert "\n" not in str(info.value) and str(info.value).startswith("gemm_fp8_nt_bf16_blockwise(): ")
        assert "scale_a" in str(info.value)
    with pytest.raises(TypeError) as info:
        kernels.gemm_fp8_nt_bf16_blockwise(a, b, sa.double(), sb)
    assert str(info.value).startswith("gemm_fp8_nt_bf16_blockwise(): argument `scale_a` must be")
    assert float(torch.ones(3, device="cuda").sum()) == 3.0


# ---------------------------------------------------------------------------- gradients: a in E5M2, b in E4M3


def _gradient_operands(m: int, n: int, k: int) -> tuple[object, object]:
    """An E5M2 `a` (a gradient: torch.float8_e5m2) and an E4M3 `b`."""
    g = torch.Generator(device="cuda").manual_seed(m * 1_000_003 + n * 1009 + k + 5)
    a = (torch.randn(m, k, device="cuda", generator=g) * 4).to(torch.float8_e5m2)
    b = (torch.randn(n, k, device="cuda", generator=g) * 4).to(torch.float8_e4m3fn)
    return a, b


def test_the_e5m2_sm90a_body_runs_on_hopper() -> None:
    assert kernels._module.kernel("gemm_fp8_e5m2_nt_bf16").body(0) == "gemm_fp8_e5m2_nt_bf16_sm90a"


@pytest.mark.parametrize("m,n,k", [(4096, 4096, 4096), (256, 512, 8192), (128, 256, 128), (1024, 2048, 4096)])
def test_e5m2_matches_torch_scaled_mm(m: int, n: int, k: int) -> None:
    """`gemm_fp8_e5m2_nt_bf16` against `torch._scaled_mm(a, b.t(), scale_a, scale_b, out_dtype=torch.bfloat16)`
    with the same float8_e5m2 `a` and float8_e4m3fn `b`, and against the float64 product."""
    a, b = _gradient_operands(m, n, k)
    sa, sb = torch.tensor(0.5, device="cuda"), torch.tensor(0.25, device="cuda")
    c = kernels.gemm_fp8_e5m2_nt_bf16(m, n, k, a, b, sa.reshape(1), sb.reshape(1))
    assert c.shape == (m, n) and c.dtype == torch.bfloat16
    theirs = torch._scaled_mm(a, b.t(), sa, sb, out_dtype=torch.bfloat16)
    _check(c, a.float(), b.float(), 0.125, theirs)


@pytest.mark.parametrize("m,n,k", [(1, 1, 16), (70, 130, 272), (129, 257, 4112)])
def test_e5m2_ragged_shapes_against_float64(m: int, n: int, k: int) -> None:
    a, b = _gradient_operands(m, n, k)
    sa, sb = torch.tensor([2.0], device="cuda"), torch.tensor([0.75], device="cuda")
    c = torch.full((m, n), float("nan"), device="cuda", dtype=torch.bfloat16)
    kernels.gemm_fp8_e5m2_nt_bf16(m, n, k, a, b, sa, sb, c)
    _check(c, a.float(), b.float(), 1.5, None)


@pytest.mark.parametrize("kernel,gradient,m,n,k", [
    ("gemm_fp8_nt_bf16_rowwise", False, 4096, 4096, 4096),
    ("gemm_fp8_nt_bf16_rowwise", False, 1024, 2048, 4096),
    ("gemm_fp8_nt_bf16_rowwise", False, 300, 1000, 1040),
    ("gemm_fp8_e5m2_nt_bf16_rowwise", True, 1024, 2048, 4096),
    ("gemm_fp8_e5m2_nt_bf16_rowwise", True, 300, 1000, 1040),
])
def test_rowwise_scales(kernel: str, gradient: bool, m: int, n: int, k: int) -> None:
    """Per-row scales, E4M3 `a` and (`gradient`) E5M2 `a`, against the float64 reference, and against
    `torch._scaled_mm`'s row-wise scaling where it takes the shape (dims multiples of 16): always for E4M3, where
    this torch takes it for an E5M2 `a` (some versions take row-wise scales for E4M3 only)."""
    a, b = (_gradient_operands if gradient else _operands)(m, n, k)
    g = torch.Generator(device="cuda").manual_seed(k)
    sa = torch.rand(m, device="cuda", generator=g) + 0.05
    sb = torch.rand(n, device="cuda", generator=g) + 0.05
    c = getattr(kernels, kernel)(m, n, k, a, b, sa, sb)
    theirs = None
    if m % 16 == 0 and n % 16 == 0:
        try:
            theirs = torch._scaled_mm(a, b.t(), sa.view(m, 1), sb.view(1, n), out_dtype=torch.bfloat16)
        except (RuntimeError, ValueError, NotImplementedError):
            if not gradient:
                raise
    _check(c, a.float() * sa.view(m, 1), b.float() * sb.view(n, 1), 1.0, theirs)


def test_e5m2_wrong_fp8_types_are_refused_in_one_line() -> None:
    """An E4M3 gradient, or an E5M2 `b`, is refused before the launch, in one line."""
    a, b = _gradient_operands(64, 64, 128)
    one = torch.ones(1, device="cuda")
    for xa, xb, start in [
        (a.to(torch.float8_e4m3fn), b, "gemm_fp8_e5m2_nt_bf16(): argument `a` must be a float8_e5m2 device array, "
                                       "got a float8_e4m3fn tensor"),
        (a, b.to(torch.float8_e5m2), "gemm_fp8_e5m2_nt_bf16(): argument `b` must be a float8_e4m3fn device array, "
                                     "got a float8_e5m2 tensor"),
    ]:
        with pytest.raises(TypeError) as info:
            kernels.gemm_fp8_e5m2_nt_bf16(64, 64, 128, xa, xb, one, one)
        assert "\n" not in str(info.value)
        assert str(info.value).startswith(start), str(info.value)
