"""The FP8 GEMM (kernels/fp8.rs), emulated: its sm_90a body (TMA copies of 128-byte rows of E4M3, FP8 `wgmma`
m64n128k32 with the per-stage promotion, the scaled bf16 epilogue through shared memory) on the CPU under
`OXPACK_EMULATE_ARCH=sm_90a`, and its refusals; then the gradient kernels (`gemm_fp8_e5m2_nt_bf16`, `_rowwise`:
`a` in E5M2, `b` in E4M3, the mixed `wgmma` e5m2 × e4m3), held to the same model.

The emulator's FP8 `wgmma` multiplies exactly (a product of two E4M3 values is exact in f32) and sums each stage's
128 products in f32 in k order into a fresh accumulator, which the pipeline adds to the f32 sum: the result is
reproduced here bit for bit. Against the float64 product of the dequantized inputs the tolerance is a bf16
rounding (2⁻⁸ relative) plus the f32 sums' rounding (2k · 2⁻²⁴ · scale · Σ|a||b|). The GPU's FP8 tensor cores
sum a stage's products with fewer bits than f32 (DeepGEMM measured about 14), in their own order:
`test_fp8_gpu.py` allows for that.
"""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np
import pytest

from hostarrays import BFloat16, Float8, e4m3_values, e5m2_values, poisoned, rng, to_bf16  # noqa: F401  (rng: the fixture)
from vecmath import kernels

from test_emulated import EMULATION

pytestmark = pytest.mark.skipif(not EMULATION, reason="built without emulation (oxpack build --emulation)")

from vecmath._oxpack.runtime import KernelTrap, LaunchError  # noqa: E402

STAGE_K = 128  # k per pipeline stage: one 128-byte row of E4M3, four k32 wgmmas
E4M3 = e4m3_values()
FINITE = np.array([b for b in range(256) if not np.isnan(E4M3[b])], np.uint8)
E5M2 = e5m2_values()
FINITE_E5M2 = np.array([b for b in range(256) if np.isfinite(E5M2[b])], np.uint8)


@pytest.fixture
def hopper(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Emulation of the sm_90a bodies (`OXPACK_EMULATE_ARCH=sm_90a`)."""
    monkeypatch.setattr(kernels._module, "_emulate_arch", "sm_90a")
    with kernels.emulation():
        yield


def fp8(rng: np.random.Generator, rows: int, cols: int) -> np.ndarray:
    """E4M3 bits, uniform over the finite values (every exponent, subnormals and ±448 included)."""
    return rng.choice(FINITE, (rows, cols))


def emulated_sums(a: np.ndarray, b: np.ndarray, a_values: np.ndarray = E4M3) -> np.ndarray:
    """What the promoted pipeline computes, in f32: per stage of 128 k, the exact products summed in k order
    from zero, then that stage's sum added to the running f32 sum. `a_values`: a's format (E5M2 for the
    gradient kernels; b is E4M3)."""
    va, vb = a_values[a], E4M3[b]
    acc = np.zeros((a.shape[0], b.shape[0]), np.float32)
    for k0 in range(0, a.shape[1], STAGE_K):
        part = np.zeros_like(acc)
        for k in range(k0, min(k0 + STAGE_K, a.shape[1])):
            part += np.outer(va[:, k], vb[:, k]).astype(np.float32)  # exact: a product of two FP8 fits f32
        acc += part
    return acc


def bf16_values(bits: np.ndarray) -> np.ndarray:
    return (bits.astype(np.uint32) << 16).view(np.float32).astype(np.float64)


@pytest.mark.parametrize("m,n,k", [(70, 130, 272), (1, 1, 16), (129, 257, 400), (64, 128, 128), (200, 64, 528)])
def test_gemm_fp8_bit_exact_and_within_tolerance_of_float64(hopper: None, rng: np.random.Generator, m: int, n: int,
                                                           k: int) -> None:
    """Ragged m, n and k (k a multiple of 16, the TMA's rule; the last stage's tail reads zeros): every element
    written, exactly the promoted f32 sums scaled and rounded to bf16, and within the stated tolerance of the
    float64 product."""
    a, b = fp8(rng, m, k), fp8(rng, n, k)
    sa, sb = np.array([0.375], np.float32), np.array([1.0 / 3.0], np.float32)
    c = poisoned((m, n), np.uint16)
    kernels.gemm_fp8_nt_bf16(m, n, k, Float8(a), Float8(b), sa, sb, BFloat16(c))
    scale = np.float32(sa[0] * sb[0])
    expected = to_bf16(scale * emulated_sums(a, b))
    assert np.array_equal(c, expected)

    va, vb = E4M3[a], E4M3[b]
    ref = float(scale) * (va @ vb.T)
    bound = 2.0**-8 * np.abs(ref) + 2 * k * 2.0**-24 * float(scale) * (np.abs(va) @ np.abs(vb).T) + 1e-30
    assert np.all(np.abs(bf16_values(c) - ref) <= bound)


@pytest.mark.parametrize("m,n,k", [(70, 130, 272), (129, 257, 144), (1, 1, 16)])
def test_rowwise_scales_bit_exact(hopper: None, rng: np.random.Generator, m: int, n: int, k: int) -> None:
    """`gemm_fp8_nt_bf16_rowwise`: each element scaled by its row's scale (of a) times its column's (of b), in
    f32, then rounded to bf16; the same promoted sums as the per-tensor kernel."""
    a, b = fp8(rng, m, k), fp8(rng, n, k)
    sa = rng.uniform(0.01, 2.0, m).astype(np.float32)
    sb = rng.uniform(0.01, 2.0, n).astype(np.float32)
    c = poisoned((m, n), np.uint16)
    kernels.gemm_fp8_nt_bf16_rowwise(m, n, k, Float8(a), Float8(b), sa, sb, BFloat16(c))
    scale = sa[:, None] * sb[None, :]  # f32, as the epilogue
    assert np.array_equal(c, to_bf16(scale * emulated_sums(a, b)))
    if m > 1:  # one scale per row: a per-tensor scale is refused
        with pytest.raises(ValueError) as info:
            kernels.gemm_fp8_nt_bf16_rowwise(m, n, k, Float8(a), Float8(b), sa[:1], sb, BFloat16(c))
        assert str(info.value).startswith("gemm_fp8_nt_bf16_rowwise(): requirement `len(scale_a) == m`")


def test_promotion_sums_each_stage_apart(hopper: None) -> None:
    """Stage 0 holds 448 · 448 = 200704, stage 1 holds 128 products of 2⁻⁴ · 2⁻⁴ = 2⁻⁸ each, stage 2 holds
    −200704. One f32 sum in k order loses every 2⁻⁸ (below half an ulp of 200704, 2⁻⁷) and gives 0; the
    promoted pipeline sums stage 1 alone (0.5, exact) before adding it, and gives 0.5, the exact value."""
    k = 3 * STAGE_K
    a, b = np.zeros((1, k), np.uint8), np.zeros((1, k), np.uint8)
    a[0, 0] = b[0, 0] = 0x7E  # 448
    a[0, STAGE_K:2 * STAGE_K] = b[0, STAGE_K:2 * STAGE_K] = 0x18  # 2^-4
    a[0, 2 * STAGE_K], b[0, 2 * STAGE_K] = 0xFE, 0x7E  # -448 · 448
    c = poisoned((1, 1), np.uint16)
    one = np.array([1.0], np.float32)
    kernels.gemm_fp8_nt_bf16(1, 1, k, Float8(a), Float8(b), one, one, BFloat16(c))
    assert bf16_values(c)[0, 0] == 0.5 == float(E4M3[a[0]] @ E4M3[b[0]])


def test_a_bfloat16_array_for_an_e4m3_parameter_is_refused_in_one_line(hopper: None, rng: np.random.Generator) -> None:
    a16 = to_bf16(rng.standard_normal((64, 128)))
    b = fp8(rng, 64, 128)
    one = np.array([1.0], np.float32)
    with pytest.raises(TypeError) as info:
        kernels.gemm_fp8_nt_bf16(64, 64, 128, BFloat16(a16), Float8(b), one, one, BFloat16(poisoned((64, 64), np.uint16)))
    message = str(info.value)
    assert "\n" not in message
    assert message.startswith("gemm_fp8_nt_bf16(): argument `a` must be a float8_e4m3fn array, got a bfloat16 array")


def test_e5m2_and_uint8_arrays_are_refused_for_e4m3(hopper: None, rng: np.random.Generator) -> None:
    """E5M2 is another format (not reinterpreted as E4M3); raw bytes are no FP8 array: the refusal says where
    FP8 arrays come from (CuPy has none)."""
    a, b = fp8(rng, 64, 128), fp8(rng, 64, 128)
    one = np.array([1.0], np.float32)
    c = BFloat16(poisoned((64, 64), np.uint16))
    with pytest.raises(TypeError) as info:
        kernels.gemm_fp8_nt_bf16(64, 64, 128, Float8(a, e5m2=True), Float8(b), one, one, c)
    assert str(info.value).startswith(
        "gemm_fp8_nt_bf16(): argument `a` must be a float8_e4m3fn array, got a float8_e5m2 array")
    with pytest.raises(TypeError) as info:
        kernels.gemm_fp8_nt_bf16(64, 64, 128, a, Float8(b), one, one, c)
    assert str(info.value) == (
        "gemm_fp8_nt_bf16(): argument `a` must be a float8_e4m3fn array, got a uint8 array (CuPy has no FP8 dtype: "
        "pass a torch.float8_e4m3fn tensor, e.g. `x.to(torch.float8_e4m3fn)`; on the host, a NumPy array of "
        "ml_dtypes.float8_e4m3fn)")


def test_k_not_a_multiple_of_16_is_refused_before_the_launch(hopper: None, rng: np.random.Generator) -> None:
    """TMA rows are a multiple of 16 bytes: k = 24 E4M3 values is refused by the `where`, in one line."""
    m, n, k = 64, 64, 24
    a, b = fp8(rng, m, k), fp8(rng, n, k)
    one = np.array([1.0], np.float32)
    c = poisoned((m, n), np.uint16)
    with pytest.raises(ValueError) as info:
        kernels.gemm_fp8_nt_bf16(m, n, k, Float8(a), Float8(b), one, one, BFloat16(c))
    assert "\n" not in str(info.value)
    assert str(info.value).startswith("gemm_fp8_nt_bf16(): requirement `k % 16 == 0`"), str(info.value)
    assert np.all(c == 0xA5A5)  # nothing ran


def test_the_portable_body_is_refused_before_the_launch(rng: np.random.Generator) -> None:
    """`#[only_on(sm_90a)]`: a call that would run the kernel's own body (every GPU but sm_90a; here the default
    emulation) is refused before the launch, in one line that says how to run it; nothing is written."""
    m, n, k = 64, 64, 128
    a, b = fp8(rng, m, k), fp8(rng, n, k)
    one = np.array([1.0], np.float32)
    c = poisoned((m, n), np.uint16)
    with kernels.emulation(), pytest.raises(LaunchError) as info:
        kernels.gemm_fp8_nt_bf16(m, n, k, Float8(a), Float8(b), one, one, BFloat16(c))
    assert str(info.value) == (
        "gemm_fp8_nt_bf16(): this kernel runs on sm_90a only (`#[only_on(sm_90a)]`), and emulation runs the "
        "portable bodies; set OXPACK_EMULATE_ARCH=sm_90a to emulate it")
    assert np.all(c == 0xA5A5)


def test_the_portable_body_traps_with_its_message(rng: np.random.Generator, monkeypatch: pytest.MonkeyPatch) -> None:
    """Its own body, for a run time that ignores `only_on` (an older reader), traps saying the same."""
    m, n, k = 64, 64, 128
    a, b = fp8(rng, m, k), fp8(rng, n, k)
    one = np.array([1.0], np.float32)
    kernel = kernels._module.kernel("gemm_fp8_nt_bf16")
    monkeypatch.setattr(kernel, "refuse_arch", lambda arch, device: None)
    with kernels.emulation(), pytest.raises(KernelTrap) as info:
        kernels.gemm_fp8_nt_bf16(m, n, k, Float8(a), Float8(b), one, one, BFloat16(poisoned((m, n), np.uint16)))
    assert info.value.message.startswith("gemm_fp8_nt_bf16 runs on sm_90a GPUs only (H100, H200)")
    assert "torch._scaled_mm" in info.value.message and "OXPACK_EMULATE_ARCH=sm_90a" in info.value.message


# ---------------------------------------------------------------------------- block scales (1 × 128, 128 × 128)


def block_scales(rng: np.random.Generator, m: int, n: int, k: int) -> tuple[np.ndarray, np.ndarray]:
    """DeepGEMM's scales: `scale_a` (m, cdiv(k, 128)), one per row of a per 128 of k, and `scale_b`
    (cdiv(n, 128), cdiv(k, 128)), one per 128 × 128 block of b; f32, from 2⁻⁶ to 4."""
    blocks = -(-k // STAGE_K)
    sa = np.exp2(rng.uniform(-6, 2, (m, blocks))).astype(np.float32)
    sb = np.exp2(rng.uniform(-6, 2, (-(-n // 128), blocks))).astype(np.float32)
    return sa, sb


def fma_f32(x: np.ndarray, y: np.ndarray, z: np.ndarray) -> np.ndarray:
    """x · y + z for f32 arrays with one rounding to f32 (the GPU's `fma.rn.f32`, the emulator's `mul_add`):
    x · y is exact in float64 (24 + 24 bits) and so is the error of its float64 sum with z (TwoSum); rounding
    that sum to f32 is right except where it lands exactly on a midpoint between two f32 values, where the
    sign of the error says which side the exact value lies on."""
    p, c = x.astype(np.float64) * y.astype(np.float64), z.astype(np.float64)
    s = p + c
    bb = s - p
    err = (p - (s - bb)) + (c - bb)  # s + err == p + c exactly
    r = s.astype(np.float32)
    other = np.nextafter(r, np.where(s > r, np.float32(np.inf), np.float32(-np.inf)))
    tie = (s != r) & (s == (r.astype(np.float64) + other.astype(np.float64)) / 2) & (err != 0)
    toward = np.where(err > 0, np.maximum(r, other), np.minimum(r, other))
    return np.where(tie, toward, r).astype(np.float32)


def test_fma_f32_rounds_once() -> None:
    """The helper where rounding twice goes wrong: (1 + 2⁻²³) · (1 − 2⁻²³) · 2⁻²⁴ = 2⁻²⁴ − 2⁻⁷⁰, plus 1 + 2⁻²³, is
    2⁻⁷⁰ below the midpoint 1 + 3 · 2⁻²⁴ of two f32 values; its float64 sum is that midpoint, which rounds to
    even (1 + 2⁻²²), while one rounding gives 1 + 2⁻²³. And an exact tie still goes to even."""
    x, y = np.array([1 + 2.0**-23], np.float32), np.array([(1 - 2.0**-23) * 2.0**-24], np.float32)
    z = np.array([1 + 2.0**-23], np.float32)
    assert np.float32(x.astype(np.float64) * y.astype(np.float64) + z.astype(np.float64)) == 1 + 2.0**-22
    assert fma_f32(x, y, z)[0] == np.float32(1 + 2.0**-23)
    one = np.array([1.0], np.float32)
    assert fma_f32(np.array([2.0**-24], np.float32), one, one)[0] == 1.0  # a true tie: to even


def emulated_block_sums(a: np.ndarray, b: np.ndarray, sa: np.ndarray, sb: np.ndarray) -> np.ndarray:
    """What the block-scaled pipeline computes, in f32: per 128-k block `kb`, the exact products summed in k
    order from zero, then that block's sum times its factor `scale_a[i, kb] · scale_b[j // 128, kb]` (an f32
    product) added to the running f32 sum in one fused multiply-add."""
    va, vb = E4M3[a], E4M3[b]
    acc = np.zeros((a.shape[0], b.shape[0]), np.float32)
    cols = np.arange(b.shape[0]) // 128
    for kb, k0 in enumerate(range(0, a.shape[1], STAGE_K)):
        part = np.zeros_like(acc)
        for k in range(k0, min(k0 + STAGE_K, a.shape[1])):
            part += np.outer(va[:, k], vb[:, k]).astype(np.float32)
        acc = fma_f32(part, sa[:, kb][:, None] * sb[cols, kb][None, :], acc)
    return acc


def block_reference(a: np.ndarray, b: np.ndarray, sa: np.ndarray, sb: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The float64 product of the dequantized inputs, Σ_kb (a_kb·b_kbᵀ) · scale_a[:, kb] · scale_b[j // 128, kb],
    and its scaled Σ|a||b| (for the tolerance)."""
    va, vb = E4M3[a], E4M3[b]
    ref = np.zeros((a.shape[0], b.shape[0]))
    size = np.zeros_like(ref)
    cols = np.arange(b.shape[0]) // 128
    for kb, k0 in enumerate(range(0, a.shape[1], STAGE_K)):
        ks = slice(k0, k0 + STAGE_K)
        factor = sa[:, kb].astype(np.float64)[:, None] * sb[cols, kb].astype(np.float64)[None, :]
        ref += factor * (va[:, ks] @ vb[:, ks].T)
        size += factor * (np.abs(va[:, ks]) @ np.abs(vb[:, ks]).T)
    return ref, size


@pytest.mark.parametrize("m,n,k", [(70, 130, 272), (1, 1, 16), (129, 257, 400), (64, 128, 128), (200, 300, 528),
                                   (130, 385, 144)])
def test_blockwise_bit_exact_and_within_tolerance_of_float64(hopper: None, rng: np.random.Generator, m: int, n: int,
                                                            k: int) -> None:
    """`gemm_fp8_nt_bf16_blockwise` at ragged m, n and k (k a multiple of 16: the last 128-k block is shorter,
    its scale still one per row / per 128 × 128 block): every element written, exactly the emulated
    block-scaled f32 sums rounded to bf16, and within a bf16 rounding plus the f32 sums' rounding (2k + 4
    roundings of 2⁻²⁴, the factor's own included) of the scaled Σ|a||b| from the float64 reference."""
    a, b = fp8(rng, m, k), fp8(rng, n, k)
    sa, sb = block_scales(rng, m, n, k)
    c = poisoned((m, n), np.uint16)
    kernels.gemm_fp8_nt_bf16_blockwise(m, n, k, Float8(a), Float8(b), sa, sb, BFloat16(c))
    assert np.array_equal(c, to_bf16(emulated_block_sums(a, b, sa, sb)))
    ref, size = block_reference(a, b, sa, sb)
    bound = 2.0**-8 * np.abs(ref) + (2 * k + 4) * 2.0**-24 * size + 1e-30
    assert np.all(np.abs(bf16_values(c) - ref) <= bound)


def test_blockwise_each_scale_covers_its_own_128_of_k(hopper: None) -> None:
    """One row of ones, k = 272: blocks of 128, 128 and 16 values of k. Scales 1, 2, 4 for a's blocks and 1, 8,
    1/2 for b's give 128·1 + 128·16 + 16·2 = 2208, exactly, and only if stage kb is promoted with block kb's
    scales (a stage shifted by one, or a block scale read from the wrong place, gives another sum)."""
    k = 272
    a, b = np.full((1, k), 0x38, np.uint8), np.full((1, k), 0x38, np.uint8)  # 1.0
    sa, sb = np.array([[1.0, 2.0, 4.0]], np.float32), np.array([[1.0, 8.0, 0.5]], np.float32)
    c = poisoned((1, 1), np.uint16)
    kernels.gemm_fp8_nt_bf16_blockwise(1, 1, k, Float8(a), Float8(b), sa, sb, BFloat16(c))
    assert bf16_values(c)[0, 0] == 128 * 1 + 128 * 16 + 16 * 2


def test_blockwise_takes_each_column_blocks_scale_and_each_rows(hopper: None, rng: np.random.Generator) -> None:
    """m = n = 256, k = 128: b's two 128-row blocks and every row of a have their own power-of-two scale, so
    each element is the per-tensor kernel's unscaled product times its row's and its column block's scale,
    exactly."""
    m = n = 256
    k = 128
    a, b = fp8(rng, m, k), fp8(rng, n, k)
    sa = np.exp2(rng.integers(-4, 4, (m, 1))).astype(np.float32)
    sb = np.array([[0.25], [8.0]], np.float32)
    c = poisoned((m, n), np.uint16)
    kernels.gemm_fp8_nt_bf16_blockwise(m, n, k, Float8(a), Float8(b), sa, sb, BFloat16(c))
    one = np.array([1.0], np.float32)
    plain = poisoned((m, n), np.uint16)
    kernels.gemm_fp8_nt_bf16(m, n, k, Float8(a), Float8(b), one, one, BFloat16(plain))
    factor = sa[:, 0][:, None] * sb[np.arange(n) // 128, 0][None, :]
    assert np.array_equal(bf16_values(c), bf16_values(plain) * factor)


def test_blockwise_with_equal_block_scales_is_the_per_tensor_kernel(hopper: None, rng: np.random.Generator) -> None:
    """Every block scale the same power of two (scale_a 0.5, scale_b 0.25): the block-scaled sum is the per-tensor
    kernel's with scale_a · scale_b = 0.125, bit for bit (scaling by a power of two is exact)."""
    m, n, k = 150, 260, 400
    a, b = fp8(rng, m, k), fp8(rng, n, k)
    sa, sb = np.full((m, 4), 0.5, np.float32), np.full((3, 4), 0.25, np.float32)
    c, per_tensor = poisoned((m, n), np.uint16), poisoned((m, n), np.uint16)
    kernels.gemm_fp8_nt_bf16_blockwise(m, n, k, Float8(a), Float8(b), sa, sb, BFloat16(c))
    kernels.gemm_fp8_nt_bf16(m, n, k, Float8(a), Float8(b), np.array([0.5], np.float32),
                             np.array([0.25], np.float32), BFloat16(per_tensor))
    assert np.array_equal(c, per_tensor)


def test_the_three_take_their_data_alone(hopper: None, rng: np.random.Generator) -> None:
    """`#[dims]`: m, n and k read from a's and b's shapes (2-D; the block scales' shapes checked against them):
    each kernel called with its data alone writes what the call with every scalar writes."""
    m, n, k = 70, 130, 272
    a, b = fp8(rng, m, k), fp8(rng, n, k)
    blocks = block_scales(rng, m, n, k)
    rows = rng.uniform(0.01, 2.0, m).astype(np.float32), rng.uniform(0.01, 2.0, n).astype(np.float32)
    tensor = np.array([0.375], np.float32), np.array([0.5], np.float32)
    for stub, (sa, sb) in [(kernels.gemm_fp8_nt_bf16_blockwise, blocks), (kernels.gemm_fp8_nt_bf16_rowwise, rows),
                           (kernels.gemm_fp8_nt_bf16, tensor)]:
        c, every = poisoned((m, n), np.uint16), poisoned((m, n), np.uint16)
        stub(Float8(a), Float8(b), sa, sb, BFloat16(c))
        stub(m, n, k, Float8(a), Float8(b), sa, sb, BFloat16(every))
        assert np.array_equal(c, every) and not np.any(every == 0xA5A5), stub


def test_blockwise_scales_of_the_wrong_shape_or_dtype_are_refused_in_one_line(hopper: None,
                                                                             rng: np.random.Generator) -> None:
    """Each refused before the launch, in one line naming the kernel and the argument; nothing written."""
    m, n, k = 70, 130, 272
    a, b = fp8(rng, m, k), fp8(rng, n, k)
    sa, sb = block_scales(rng, m, n, k)
    c = poisoned((m, n), np.uint16)
    name = "gemm_fp8_nt_bf16_blockwise()"
    cases: list[tuple[tuple[object, ...], type[Exception], str]] = [
        # scale_a transposed: (cdiv(k, 128), m) is not the declared (m, cdiv(k, 128))
        ((Float8(a), Float8(b), np.ascontiguousarray(sa.T), sb), ValueError,
         f"{name}: arguments `a` and `scale_a` disagree on `m`: `a` of dims (m, k) has shape (70, 272) (m = 70), "
         "`scale_a` of dims (m, cdiv(k, 128)) has shape (3, 70) (m = 3)"),
        # one scale per row (per-row scaling) for a block-scaled kernel: the length is checked
        ((m, n, k, Float8(a), Float8(b), sa[:, 0].copy(), sb), ValueError,
         f"{name}: requirement `len(scale_a) == m * cdiv(k, 128)`"),
        # scale_b per 128 rows of b but not per 128 of k
        ((m, n, k, Float8(a), Float8(b), sa, sb[:, :1].copy()), ValueError,
         f"{name}: requirement `len(scale_b) == cdiv(n, 128) * cdiv(k, 128)`"),
        # f64 scales
        ((Float8(a), Float8(b), sa.astype(np.float64), sb), TypeError, f"{name}: argument `scale_a` must be"),
        # a bf16 scale
        ((Float8(a), Float8(b), sa, BFloat16(to_bf16(sb))), TypeError, f"{name}: argument `scale_b` must be"),
    ]
    for args, kind, start in cases:
        with pytest.raises(kind) as info:
            kernels.gemm_fp8_nt_bf16_blockwise(*args, BFloat16(c))
        message = str(info.value)
        assert "\n" not in message and message.startswith(start), message
    assert np.all(c == 0xA5A5)  # nothing ran


def test_blockwise_portable_body_is_refused_before_the_launch(rng: np.random.Generator) -> None:
    """`#[only_on(sm_90a)]`, as its siblings: the default emulation (the portable bodies) refuses the call."""
    m, n, k = 64, 64, 128
    a, b = fp8(rng, m, k), fp8(rng, n, k)
    sa, sb = block_scales(rng, m, n, k)
    c = poisoned((m, n), np.uint16)
    with kernels.emulation(), pytest.raises(LaunchError) as info:
        kernels.gemm_fp8_nt_bf16_blockwise(m, n, k, Float8(a), Float8(b), sa, sb, BFloat16(c))
    assert str(info.value) == (
        "gemm_fp8_nt_bf16_blockwise(): this kernel runs on sm_90a only (`#[only_on(sm_90a)]`), and emulation runs "
        "the portable bodies; set OXPACK_EMULATE_ARCH=sm_90a to emulate it")
    assert np.all(c == 0xA5A5)


def test_blockwise_32_bit_scale_indices_are_stated_and_checked(hopper: None) -> None:
    """The scales are indexed in 32 bits: a call whose (m + 128) · cdiv(k, 128) reaches 2³² is refused before
    the launch by the `where`, in one line (flat arrays of the stated lengths stand in: nothing is read)."""
    m, n, k = 2**32 - 128, 1, 16
    a, b = np.zeros(1, np.uint8), np.zeros(16, np.uint8)
    with pytest.raises(ValueError) as info:
        kernels.gemm_fp8_nt_bf16_blockwise(m, n, k, Float8(a), Float8(b), np.zeros(1, np.float32),
                                           np.zeros(1, np.float32), BFloat16(np.zeros(1, np.uint16)))
    assert "\n" not in str(info.value)
    assert str(info.value).startswith(
        "gemm_fp8_nt_bf16_blockwise(): requirement `(m + 128) * cdiv(k, 128) <= 4294967295` failed")


# ---------------------------------------------------------------------------- gradients: a in E5M2, b in E4M3


def e5m2(rng: np.random.Generator, rows: int, cols: int) -> np.ndarray:
    """E5M2 bits, uniform over the finite values (every exponent, subnormals and ±57344 included)."""
    return rng.choice(FINITE_E5M2, (rows, cols))


@pytest.mark.parametrize("m,n,k", [(70, 130, 272), (1, 1, 16), (129, 257, 400), (200, 64, 528)])
def test_gemm_fp8_e5m2_bit_exact_and_within_tolerance_of_float64(hopper: None, rng: np.random.Generator, m: int,
                                                                n: int, k: int) -> None:
    """`gemm_fp8_e5m2_nt_bf16` (an E5M2 gradient times E4M3) at ragged m, n and k: every element written, exactly
    the promoted f32 sums of the exact E5M2 × E4M3 products (3 + 4 significant bits: exact in f32) scaled and
    rounded to bf16, and within the stated tolerance of the float64 product."""
    a, b = e5m2(rng, m, k), fp8(rng, n, k)
    sa, sb = np.array([0.375], np.float32), np.array([1.0 / 3.0], np.float32)
    c = poisoned((m, n), np.uint16)
    kernels.gemm_fp8_e5m2_nt_bf16(m, n, k, Float8(a, e5m2=True), Float8(b), sa, sb, BFloat16(c))
    scale = np.float32(sa[0] * sb[0])
    assert np.array_equal(c, to_bf16(scale * emulated_sums(a, b, E5M2)))

    va, vb = E5M2[a], E4M3[b]
    ref = float(scale) * (va @ vb.T)
    bound = 2.0**-8 * np.abs(ref) + 2 * k * 2.0**-24 * float(scale) * (np.abs(va) @ np.abs(vb).T) + 1e-30
    assert np.all(np.abs(bf16_values(c) - ref) <= bound)


def test_gemm_fp8_e5m2_reads_a_as_e5m2(hopper: None) -> None:
    """The same bytes mean other values in E5M2: a row of 0x40 (E5M2 2.0; as E4M3 it would be 2.0 too) and one
    of 0x3C (E5M2 1.0, E4M3 1.5) times b = 1.0 over k = 16 give 32 and 16: a read as E4M3 gives 24 for the
    second; 0x7B (E5M2 57344, beyond E4M3's 448) gives 57344 · 16 = 917504 (bf16-exact)."""
    k = 16
    a = np.stack([np.full(k, 0x40, np.uint8), np.full(k, 0x3C, np.uint8), np.full(k, 0x7B, np.uint8)])
    b = np.full((1, k), 0x38, np.uint8)  # E4M3 1.0
    c = poisoned((3, 1), np.uint16)
    one = np.array([1.0], np.float32)
    kernels.gemm_fp8_e5m2_nt_bf16(3, 1, k, Float8(a, e5m2=True), Float8(b), one, one, BFloat16(c))
    assert list(bf16_values(c)[:, 0]) == [32.0, 16.0, 917504.0]


@pytest.mark.parametrize("m,n,k", [(70, 130, 272), (129, 257, 144)])
def test_gemm_fp8_e5m2_rowwise_bit_exact(hopper: None, rng: np.random.Generator, m: int, n: int, k: int) -> None:
    """`gemm_fp8_e5m2_nt_bf16_rowwise`: the gradient kernel's sums, each element scaled by its row's scale times
    its column's in f32, then rounded to bf16."""
    a, b = e5m2(rng, m, k), fp8(rng, n, k)
    sa = rng.uniform(0.01, 2.0, m).astype(np.float32)
    sb = rng.uniform(0.01, 2.0, n).astype(np.float32)
    c = poisoned((m, n), np.uint16)
    kernels.gemm_fp8_e5m2_nt_bf16_rowwise(m, n, k, Float8(a, e5m2=True), Float8(b), sa, sb, BFloat16(c))
    assert np.array_equal(c, to_bf16(sa[:, None] * sb[None, :] * emulated_sums(a, b, E5M2)))


def test_gemm_fp8_e5m2_takes_its_data_alone(hopper: None, rng: np.random.Generator) -> None:
    """`#[dims]`: m, n and k from a's and b's shapes, as the E4M3 kernels."""
    m, n, k = 70, 130, 272
    a, b = e5m2(rng, m, k), fp8(rng, n, k)
    sa, sb = np.array([0.375], np.float32), np.array([0.5], np.float32)
    c, every = poisoned((m, n), np.uint16), poisoned((m, n), np.uint16)
    kernels.gemm_fp8_e5m2_nt_bf16(Float8(a, e5m2=True), Float8(b), sa, sb, BFloat16(c))
    kernels.gemm_fp8_e5m2_nt_bf16(m, n, k, Float8(a, e5m2=True), Float8(b), sa, sb, BFloat16(every))
    assert np.array_equal(c, every) and not np.any(every == 0xA5A5)


@pytest.mark.parametrize("name", ["gemm_fp8_e5m2_nt_bf16", "gemm_fp8_e5m2_nt_bf16_rowwise"])
def test_gemm_fp8_e5m2_wrong_fp8_types_are_refused_in_one_line(hopper: None, rng: np.random.Generator,
                                                              name: str) -> None:
    """`a` must be E5M2 and `b` E4M3: an E4M3 gradient, an E5M2 `b` (two E5M2 operands, which torch refuses
    too) and raw bytes are each refused before the launch, in one line naming the kernel and the argument;
    nothing is written."""
    m, n, k = 64, 64, 128
    a, b = e5m2(rng, m, k), fp8(rng, n, k)
    sa, sb = (np.ones(1, np.float32),) * 2 if name.endswith("bf16") else (np.ones(m, np.float32), np.ones(n, np.float32))
    c = poisoned((m, n), np.uint16)
    stub = getattr(kernels, name)
    cases = [
        ((Float8(a), Float8(b)), f"{name}(): argument `a` must be a float8_e5m2 array, got a float8_e4m3fn array"),
        ((Float8(a, e5m2=True), Float8(b, e5m2=True)),
         f"{name}(): argument `b` must be a float8_e4m3fn array, got a float8_e5m2 array"),
        ((a, Float8(b)), f"{name}(): argument `a` must be a float8_e5m2 array, got a uint8 array"),
    ]
    for (xa, xb), start in cases:
        with pytest.raises(TypeError) as info:
            stub(m, n, k, xa, xb, sa, sb, BFloat16(c))
        message = str(info.value)
        assert "\n" not in message and message.startswith(start), message
    assert np.all(c == 0xA5A5)


@pytest.mark.parametrize("name", ["gemm_fp8_e5m2_nt_bf16", "gemm_fp8_e5m2_nt_bf16_rowwise"])
def test_gemm_fp8_e5m2_portable_body_is_refused_before_the_launch(rng: np.random.Generator, name: str) -> None:
    """`#[only_on(sm_90a)]`, as the E4M3 kernels: the default emulation refuses the call in one line; the body
    itself, for a run time that ignores the attribute, traps with its own message."""
    m, n, k = 64, 64, 128
    a, b = e5m2(rng, m, k), fp8(rng, n, k)
    sa, sb = (np.ones(1, np.float32),) * 2 if name.endswith("bf16") else (np.ones(m, np.float32), np.ones(n, np.float32))
    c = poisoned((m, n), np.uint16)
    stub = getattr(kernels, name)
    with kernels.emulation(), pytest.raises(LaunchError) as info:
        stub(m, n, k, Float8(a, e5m2=True), Float8(b), sa, sb, BFloat16(c))
    assert str(info.value) == (
        f"{name}(): this kernel runs on sm_90a only (`#[only_on(sm_90a)]`), and emulation runs the "
        "portable bodies; set OXPACK_EMULATE_ARCH=sm_90a to emulate it")
    assert np.all(c == 0xA5A5)


def test_gemm_fp8_e5m2_portable_body_traps_with_its_message(rng: np.random.Generator,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    m, n, k = 64, 64, 128
    a, b = e5m2(rng, m, k), fp8(rng, n, k)
    one = np.array([1.0], np.float32)
    kernel = kernels._module.kernel("gemm_fp8_e5m2_nt_bf16")
    monkeypatch.setattr(kernel, "refuse_arch", lambda arch, device: None)
    with kernels.emulation(), pytest.raises(KernelTrap) as info:
        kernels.gemm_fp8_e5m2_nt_bf16(m, n, k, Float8(a, e5m2=True), Float8(b), one, one,
                                      BFloat16(poisoned((m, n), np.uint16)))
    assert info.value.message.startswith("gemm_fp8_e5m2_nt_bf16 runs on sm_90a GPUs only (H100, H200)")
    assert "torch._scaled_mm" in info.value.message and "OXPACK_EMULATE_ARCH=sm_90a" in info.value.message
