"""GPU tests: the Hopper path — TMA copies on mbarriers and `wgmma` — through the
scratch sm_90a project `tests/packages/hopper` (its `gemm_bf16_nt_sm90` & co), against PyTorch.

`wgmma` sums the exact bf16 products in f32 in an order of its own: f32 outputs are compared with
PyTorch's f32 product of the same bf16 inputs (TF32 off) within the f32 rounding of k sums, bf16
outputs within one bf16 rounding more. Outputs start poisoned (NaN), so an element no warpgroup
wrote fails. Ragged shapes (M, N not multiples of the 128 × 256 tile, K not of 64) exercise the
TMA's zero fill and the store's edge. The stub's TMA checks (2-D, 16-byte alignment) refuse bad
arrays in one `KernelValueError` line. Needs an sm_90 GPU (skipped elsewhere) and the project
built by scripts/gpu-artifacts.sh (`.artifacts/gpu/hopper`, first on PYTHONPATH in
scripts/gpu-tests.sh). The emulated twins: tests/test_hopper_emulation.py.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from typing import Any

import pytest
from conftest import hopper_on_gpu

pytestmark = pytest.mark.gpu

torch, kernels = hopper_on_gpu()

CUDA = "cuda"
SMEM = 24712  # TmaPipeline<4, 128, 256>::SHARED_BYTES / 8: what the kernels declare, which their fast paths take


@pytest.fixture(autouse=True)
def _exact_f32_reference(seed: int) -> Iterator[None]:
    """PyTorch's f32 matmul without TF32 (the reference), seeded with the test's seed."""
    torch.manual_seed(seed)
    matmul = torch.backends.cuda.matmul
    before = matmul.allow_tf32, matmul.allow_bf16_reduced_precision_reduction
    matmul.allow_tf32 = matmul.allow_bf16_reduced_precision_reduction = False
    yield
    matmul.allow_tf32, matmul.allow_bf16_reduced_precision_reduction = before


def tiles(m: int, n: int, bm: int, bn: int) -> int:
    return -(-m // bm) * -(-n // bn)


def bf16(*shape: int) -> Any:
    return torch.randn(*shape, device=CUDA).to(torch.bfloat16)


def check(c: Any, a: Any, w: Any) -> None:
    """c (f32 or bf16) against the f32 product a·wᵀ of the bf16 inputs, within the f32 rounding of
    k sums (and one bf16 rounding for a bf16 c); NaN (an element nobody wrote) fails."""
    ref = a.float() @ w.float().t()
    scale = a.float().abs() @ w.float().abs().t()
    k = a.shape[1]
    rel = 2.0**-8 if c.dtype == torch.bfloat16 else 0.0
    bad = ((c.float() - ref).abs() > rel * ref.abs() + 2 * k * 2.0**-24 * scale + 1e-30) | c.isnan()
    assert not bool(bad.any()), f"{int(bad.sum())} of {bad.numel()} elements off (first at {bad.nonzero()[0].tolist()})"


@pytest.mark.parametrize("m,n,k", [(128, 256, 64), (256, 512, 1024), (200, 300, 72), (1, 17, 8), (1000, 700, 520)])
def test_gemm_sm90_matches_torch(m: int, n: int, k: int) -> None:
    """c = a·wᵀ by TMA + wgmma (f32 out), tile-aligned and ragged (k a multiple of 8: the TMA's rows)."""
    a, w = bf16(m, k), bf16(n, k)
    c = torch.full((m, n), float("nan"), device=CUDA)
    kernels.gemm_bf16_nt_sm90(m, n, k, a, w, c)
    check(c, a, w)


@pytest.mark.parametrize("blocks", [1, 3, 132])
def test_gemm_sm90_persistent(blocks: int) -> None:
    """Fewer blocks than tiles: each block loops over tiles b, b + blocks, … (the producer loading
    the next tile while the consumers store), every element still written once, correctly."""
    m, n, k = 1000, 1100, 200
    a, w = bf16(m, k), bf16(n, k)
    c = torch.full((m, n), float("nan"), device=CUDA)
    kernels.gemm_bf16_nt_sm90_persistent(m, n, k, a, w, c, threads=384 * blocks)  # its grid is the call's
    check(c, a, w)


@pytest.mark.parametrize("m,n,k,offset", [(384, 768, 512, 0), (200, 264, 136, 0), (200, 300, 72, 0),
                                           (200, 264, 136, 1)])
def test_gemm_sm90_bf16_out_matches_linear(m: int, n: int, k: int, offset: int) -> None:
    """The bf16-output variant is `F.linear(a, w)` (no bias) within one bf16 rounding. Its store goes
    through shared memory (`stmatrix`, then 16-byte stores): whole tiles; ragged edges with rows of
    16-byte multiples (n = 264: 16-byte stores, the edge's chunks element by element); rows that
    are not (n = 300: every chunk element by element); and an output 2 bytes past a 16-byte
    boundary (offset 1: no 16-byte store is aligned, so none is used)."""
    a, w = bf16(m, k), bf16(n, k)
    buf = torch.full((m * n + offset,), float("nan"), device=CUDA, dtype=torch.bfloat16)
    c = buf[offset:]
    kernels.gemm_bf16_nt_sm90_bf16(m, n, k, a, w, c)
    check(c.view(m, n), a, w)
    assert bool(buf[:offset].isnan().all()), "nothing before the output is written"


@pytest.mark.parametrize("m,n,k", [(128, 256, 32), (200, 300, 72), (1000, 700, 520), (512, 1024, 4096)])
def test_tf32_gemm_matches_torch(m: int, n: int, k: int) -> None:
    """`gemm_tf32_nt_sm90` (f32 in, read as tf32 by `wgmma`; f32 out) against the f64 product:
    within the tf32 rounding of both inputs (2^-10 each, relative) plus f32 sums of k terms;
    ragged M, N and K (k not a multiple of the stage's 32 f32: the TMA's zero fill)."""
    a, w = torch.randn(m, k, device=CUDA), torch.randn(n, k, device=CUDA)
    c = torch.full((m, n), float("nan"), device=CUDA)
    kernels.gemm_tf32_nt_sm90(m, n, k, a, w, c)
    ref = a.double() @ w.double().t()
    scale = a.abs().double() @ w.abs().double().t()
    bad = ((c.double() - ref).abs() > 2.0**-8 * scale + 2 * k * 2.0**-24 * scale) | c.isnan()
    assert not bool(bad.any()), f"{int(bad.sum())} of {bad.numel()} elements off"


def test_small_tiles_many_phases() -> None:
    """64 × 64 tiles, 2 stages, 20 k steps: every barrier goes through 10 phases."""
    m, n, k = 130, 190, 1280
    a, w = bf16(m, k), bf16(n, k)
    c = torch.full((m, n), float("nan"), device=CUDA)
    kernels.gemm_small(m, n, k, a, w, c, threads=256 * tiles(m, n, 64, 64))  # a block per tile (its grid is the call's)
    check(c, a, w)


def test_gemm_sm90_4096() -> None:
    """4096³, the benchmark's shape."""
    m = n = k = 4096
    a, w = bf16(m, k), bf16(n, k)
    c = torch.full((m, n), float("nan"), device=CUDA)
    kernels.gemm_bf16_nt_sm90(m, n, k, a, w, c)
    check(c, a, w)


def test_a_wrong_launch_is_refused_before_it_runs() -> None:
    """Another block, too few blocks, a 2-D grid: refused in one line against the kernels' declared
    launch, nothing queued (another block or grid would have stored nothing, silently; too few blocks
    trapped and lost the context); then the declared launch runs."""
    m, n, k = 150, 300, 64
    a, w = torch.ones((m, k), device=CUDA, dtype=torch.bfloat16), torch.ones((n, k), device=CUDA, dtype=torch.bfloat16)
    c = torch.full((m, n), float("nan"), device=CUDA)
    with pytest.raises(kernels.KernelValueError) as caught:
        kernels.gemm_bf16_nt_sm90(m, n, k, a, w, c, block=256)
    assert str(caught.value) == ("gemm_bf16_nt_sm90(): `block=256` differs from the kernel's declared launch "
                                 "`block = 384`; leave `block` out")
    with pytest.raises(kernels.KernelValueError, match=r"^gemm_bf16_nt_sm90\(\): `threads=1152` differs from the "
                                                       r"kernel's declared launch `grid = cdiv\(m, 128\) \* cdiv\(n, "
                                                       r"256\)` \(threads=1536 for these arguments\); leave `threads` out$"):
        kernels.gemm_bf16_nt_sm90(m, n, k, a, w, c, threads=384 * 3)
    with pytest.raises(kernels.KernelValueError, match=r"^gemm_bf16_nt_sm90_persistent\(\): `block` 384 must have as "
                                                       r"many dimensions as `threads` \(768, 2\)"):
        kernels.gemm_bf16_nt_sm90_persistent(m, n, k, a, w, c, threads=(384 * 2, 2))
    torch.cuda.synchronize()
    assert bool(c.isnan().all())
    kernels.gemm_bf16_nt_sm90(m, n, k, a, w, c)
    assert torch.equal(c, torch.full_like(c, float(k)))


def test_tma_sources_refused_in_one_line() -> None:
    """A TMA source that is not 2-D, whose rows are not 16-byte multiples, or whose base is not
    16-byte aligned is refused before the launch, in one line naming the argument."""
    from hopperdemo._oxpack.runtime import KernelValueError

    m, n, k = 128, 256, 64
    a, w = bf16(m, k), bf16(n, k)
    c = torch.zeros((m, n), device=CUDA)
    with pytest.raises(KernelValueError, match=r"argument `a` is a TMA source .*2-D array"):
        kernels.gemm_bf16_nt_sm90(m, n, k, a.view(-1), w, c)
    odd = bf16(m, 12)  # rows of 24 bytes
    with pytest.raises(KernelValueError, match=r"argument `a` is a TMA source, which needs a 16-byte-aligned base"):
        kernels.gemm_bf16_nt_sm90(m, n, 12, odd, bf16(n, 12), c)
    shifted = bf16(m * k + 1)[1:].view(m, k)  # base 2 bytes off
    with pytest.raises(KernelValueError, match=r"argument `a` is a TMA source, which needs a 16-byte-aligned base"):
        kernels.gemm_bf16_nt_sm90(m, n, k, shifted, w, c)


def test_the_fast_path_repeats_a_tma_launch() -> None:
    """After a checked call, a call with the same arrays takes the fast path, which passes the
    tensor-map blocks that the general path made; an array of another shape at the same address,
    a flat view of it, or a fresh array finds no block there and takes the general path, which
    checks it (and refuses the flat one). Each result is compared with PyTorch."""
    from hopperdemo._oxpack.runtime import KernelValueError

    fast = kernels._fast_gemm_bf16_nt_sm90
    # Start with no blocks: an earlier test's block for a (400, 64) bf16 array (the attention
    # tests' `q.view(-1, 64)`) at an address that PyTorch's allocator hands out again would be
    # found, rightly, for `a.view(2m, k/2)` below (a block depends only on address, shape and type).
    from cuda.bindings import driver

    tma = sys.modules["hopperdemo._oxpack._tma"]
    torch.cuda.synchronize()
    for block, _ in tma._TMA_MAPS.values():
        assert driver.cuMemFree(block)[0] == driver.CUresult.CUDA_SUCCESS
    tma._TMA_MAPS.clear()
    m, n, k = 200, 300, 128
    a, w = bf16(m, k), bf16(n, k)
    c = torch.full((m, n), float("nan"), device=CUDA)
    launch = {"threads": 384 * tiles(m, n, 128, 256), "block": 384}  # the declared launch, which the fast path takes
    kernels.gemm_bf16_nt_sm90(m, n, k, a, w, c)  # checked in full: makes the blocks
    check(c, a, w)
    c.fill_(float("nan"))
    assert fast(m, n, k, a, w, c, SMEM, None, **launch) is True  # the blocks found: launched
    check(c, a, w)
    # the same call but `a` seen as (2m, k/2): the same address and element count (every `where`
    # holds), another 2-D shape, so no block: the general path would make one for that shape
    assert fast(m, n, k, a.view(m * 2, k // 2), w, c, SMEM, None, **launch) is False
    assert fast(m, n, k, a.view(-1), w, c, SMEM, None, **launch) is False  # not 2-D: no block
    with pytest.raises(KernelValueError, match=r"argument `a` is a TMA source .*2-D array"):
        kernels.gemm_bf16_nt_sm90(m, n, k, a.view(-1), w, c)
    fresh = bf16(m, k)
    assert fast(m, n, k, fresh, w, c, SMEM, None, **launch) is False  # a new address: no block yet
    c.fill_(float("nan"))
    kernels.gemm_bf16_nt_sm90(m, n, k, fresh, w, c)  # the general path makes it
    check(c, fresh, w)
    c.fill_(float("nan"))
    assert fast(m, n, k, fresh, w, c, SMEM, None, **launch) is True
    check(c, fresh, w)


def test_the_fast_path_finds_a_3d_block_by_its_full_shape() -> None:
    """A 3-D TMA source (the attention kernel's `TmaSource3` q, k, v): after a checked call the
    same tensors take the fast path; a view of another 3-D shape at the same address, or a 2-D
    view, finds no block (the general path checks it: the 2-D one is refused). Compared with SDPA."""
    from hopperdemo._oxpack.runtime import KernelValueError

    fast = kernels._fast_attention_fwd_sm90_d64
    n, d = 200, 64
    q, k, v = (torch.randn(2, n, d, device=CUDA).to(torch.bfloat16) for _ in range(3))
    o = torch.full_like(q, float("nan"))
    launch = {"threads": 384 * 2 * 2, "block": 384}  # the declared launch, which the fast path takes

    def check() -> None:
        ref = torch.nn.functional.scaled_dot_product_attention(q.float(), k.float(), v.float(), scale=0.125)
        assert float((o.float() - ref).abs().max()) <= 2.0**-7 * float(v.float().abs().max())

    kernels.attention_fwd_sm90_d64(n, 0, 0.125, q, k, v, o)  # checked: makes the blocks
    check()
    o.fill_(float("nan"))
    # 10375: AttnPipeline<BF16, 2, 64>::SHARED_BYTES / 8, the dynamic shared memory the kernel declares
    assert fast(n, 0, 0.125, q, k, v, o, 10375, None, **launch) is True
    check()
    assert fast(n, 0, 0.125, q.view(4, n // 2, d), k, v, o, 10375, None, **launch) is False  # another 3-D shape
    assert fast(n, 0, 0.125, q.view(-1, d), k, v, o, 10375, None, **launch) is False  # 2-D: no block
    with pytest.raises(KernelValueError, match=r"argument `q` is a 3-D TMA source"):
        kernels.attention_fwd_sm90_d64(n, 0, 0.125, q.view(-1, d), k, v, o)


def _fp8_probes() -> Any:
    """f32 values that try FP8 rounding on the GPU: every E4M3 / E5M2 value and the midpoints between neighbours
    (ties to even), beside them, past the largest finite values, zeros, infinities, NaN, random magnitudes."""
    parts = []
    for dtype in (torch.float8_e4m3fn, torch.float8_e5m2):
        v = torch.arange(256, dtype=torch.uint8).view(dtype).float()
        v = torch.unique(v[v.isfinite()])
        mid = (v[1:] + v[:-1]) / 2
        parts += [v, mid, torch.nextafter(mid, torch.tensor(float("inf"))), v * 1.0625]
    parts.append(torch.tensor([0.0, -0.0, float("inf"), -float("inf"), float("nan"), 1e-45, 3.4e38]))
    parts.append(torch.randn(4096) * 10.0 ** (torch.rand(4096) * 18 - 12))
    return torch.cat(parts).to(CUDA)


def test_fp8_conversions_match_torch_and_saturate() -> None:
    """`cvt.rn.satfinite.e4m3x2` / `.e5m2x2` on the GPU: each PyTorch's cast bit for bit where that is finite,
    and ±448 (E4M3) or ±57344 (E5M2) past it, where PyTorch's cast gives NaN (E4M3 has no infinity: PyTorch's
    CUDA cast makes NaN of what rounds past 448) or infinity (E5M2); NaN stays NaN. The emulated twin
    (tests/test_hopper_emulation.py) checks the same rounding against a search."""
    x = _fp8_probes()
    e4m3 = torch.empty(x.numel(), dtype=torch.float8_e4m3fn, device=CUDA)
    e5m2 = torch.empty(x.numel(), dtype=torch.float8_e5m2, device=CUDA)
    kernels.to_fp8(x, e4m3, e5m2)
    nan = x.isnan()
    assert bool(e4m3.float()[nan].isnan().all()) and bool(e5m2.float()[nan].isnan().all())
    torch4 = x.to(torch.float8_e4m3fn)
    fits = ~nan & ~torch4.float().isnan()
    assert torch.equal(e4m3.view(torch.uint8)[fits], torch4.view(torch.uint8)[fits])
    over = ~nan & torch4.float().isnan()  # past 448 as PyTorch rounds: saturated here
    assert bool((x[over].abs() > 448).all())
    assert torch.equal(e4m3.float()[over], torch.sign(x[over]) * 448)
    inside = ~nan & (x.abs() <= 57344)
    assert torch.equal(e5m2.view(torch.uint8)[inside], x.to(torch.float8_e5m2).view(torch.uint8)[inside])
    past = ~nan & (x.abs() > 57344)
    assert torch.equal(e5m2.float()[past], torch.sign(x[past]) * 57344)


def test_fp8_widening_matches_torch() -> None:
    bits = torch.arange(256, dtype=torch.uint8, device=CUDA)
    a, b = bits.view(torch.float8_e4m3fn), bits.clone().view(torch.float8_e5m2)
    w4, w5 = torch.empty(256, device=CUDA), torch.empty(256, device=CUDA)
    kernels.from_fp8(a, b, w4, w5)
    assert torch.equal(w4.nan_to_num(7.0), a.float().nan_to_num(7.0))
    assert torch.equal(w5.nan_to_num(7.0), b.float().nan_to_num(7.0))


@pytest.mark.parametrize("m,n,k", [(64, 64, 128), (70, 100, 400), (300, 200, 4096)])
def test_e5m2_gemm_promoted(m: int, n: int, k: int) -> None:
    """E5M2 `wgmma` (m64n64k32), a stage at a time (`wait`, `WgAccum::mma`), promoted: within the FP8 tensor
    cores' reduced-precision sum of one stage (2⁻¹⁰ of its Σ|a||b|) of the float64 product."""
    a = (torch.randn(m, k, device=CUDA) * 8).to(torch.float8_e5m2)
    w = (torch.randn(n, k, device=CUDA) * 8).to(torch.float8_e5m2)
    c = torch.full((m, n), float("nan"), device=CUDA)
    kernels.gemm_e5m2_small(m, n, k, a, w, c)
    a64, w64 = a.float().double(), w.float().double()
    ref, size = a64 @ w64.t(), a64.abs() @ w64.abs().t()
    bad = ((c.double() - ref).abs() > 2.0**-10 * size + 1e-30) | c.isnan()
    assert not bool(bad.any()), f"{int(bad.sum())} of {bad.numel()} elements off"
