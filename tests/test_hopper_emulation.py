"""The Hopper path in emulation: TMA copies completing on mbarriers, `wgmma`
from 128-byte-swizzled shared tiles, warpgroup ownership of the output, and the stub's TMA
sources, run on the CPU through a real build of the scratch sm_90a project
`tests/packages/hopper` and its generated stubs.

The emulator's TMA copies a box at once (zeros past the array's edges, the 128-byte swizzle on
the shared addresses) and counts its bytes on the barrier; its `wgmma` reads both operands
through the descriptors' addresses, as the tensor cores do, and sums the exact bf16 products in
f32 in k order, so results are bit-exact against NumPy's f32 accumulation in k order (the GPU
sums in another order: tests/test_gpu_hopper.py allows for it). An mbarrier wait switches to
other threads until its phase completes; one that no thread can complete is a deadlock
(`KernelBarrierError`).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest

from bf16 import BFloat16, Float8, f32_in_k_order, fp8_values, to_bf16, widen
from conftest import REPO

from oxpack.toolchain.rustc import find_rustc

pytestmark = pytest.mark.skipif(
    not (sys.platform.startswith("linux") and os.uname().machine == "x86_64"), reason="emulation runs on x86-64 Linux"
)

PROJECT = REPO / "tests" / "packages" / "hopper"
SMEM_SMALL = 4228  # TmaPipeline<2, 64, 64>::SHARED_BYTES / 8: `pipeline_misuse` takes its `smem` from the call


@pytest.fixture(scope="module")
def hop(hopper_emulated: ModuleType) -> ModuleType:
    """`tests/packages/hopper` built with --emulation, emulating (conftest's `hopper_emulated`)."""
    return hopper_emulated


def tiles(m: int, n: int, bm: int, bn: int) -> int:
    return -(-m // bm) * -(-n // bn)


def operands(rng: np.random.Generator, m: int, n: int, k: int) -> tuple[np.ndarray, np.ndarray]:
    return to_bf16(rng.standard_normal((m, k))), to_bf16(rng.standard_normal((n, k)))


@pytest.mark.parametrize("m,n,k", [(64, 64, 64), (70, 130, 200), (1, 8, 8), (130, 65, 392)])
def test_small_tiles_bit_exact(hop: ModuleType, rng: np.random.Generator, m: int, n: int, k: int) -> None:
    """64 × 64 tiles, 2 stages: ragged M, N and K (the TMA's zero fill), up to 7 k steps (every
    barrier through several phases), exactly the f32 sums in k order; every element written."""
    a, w = operands(rng, m, n, k)
    c = np.full((m, n), np.nan, np.float32)
    hop.gemm_small(m, n, k, BFloat16(a), BFloat16(w), c, threads=256 * tiles(m, n, 64, 64))  # a block per tile
    np.testing.assert_array_equal(c, f32_in_k_order(widen(a), widen(w)))


@pytest.mark.parametrize("m,n,k", [(64, 64, 128), (70, 100, 400), (1, 3, 16)])
def test_e5m2_gemm_promoted_bit_exact(hop: ModuleType, rng: np.random.Generator, m: int, n: int, k: int) -> None:
    """FP8 (E5M2) stages taken one at a time (`wait`, `WgAccum::mma`): each stage's 128 exact products summed in
    f32 in k order into a fresh accumulator, then added to the f32 sum (the promotion), every value of the format
    but NaN and infinity (subnormals included); ragged m, n, k."""
    values = fp8_values(e5m2=True)
    finite = np.array([v for v in range(256) if np.isfinite(values[v])], np.uint8)
    a, w = rng.choice(finite, (m, k)), rng.choice(finite, (n, k))
    c = np.full((m, n), np.nan, np.float32)
    hop.gemm_e5m2_small(m, n, k, Float8(a, e5m2=True), Float8(w, e5m2=True), c)
    acc = np.zeros((m, n), np.float32)
    for k0 in range(0, k, 128):
        part = np.zeros_like(acc)
        for kk in range(k0, min(k0 + 128, k)):
            part += np.outer(values[a[:, kk]], values[w[:, kk]]).astype(np.float32)  # exact in f32
        acc += part
    np.testing.assert_array_equal(c, acc)


@pytest.mark.parametrize("m,n,k", [(64, 64, 128), (70, 100, 400), (1, 3, 16)])
def test_mixed_e4m3_times_e5m2_gemm_promoted_bit_exact(hop: ModuleType, rng: np.random.Generator, m: int, n: int,
                                                      k: int) -> None:
    """A mixed pipeline (`TmaPipeline<2, 64, 64, E4M3, E5M2>`: A E4M3, B E5M2, `wgmma` e4m3 × e5m2): each side read
    in its own format (every finite value of each), the stages promoted as for one type; ragged m, n, k."""
    e4, e5 = fp8_values(e5m2=False), fp8_values(e5m2=True)
    fa = np.array([v for v in range(256) if np.isfinite(e4[v])], np.uint8)
    fb = np.array([v for v in range(256) if np.isfinite(e5[v])], np.uint8)
    a, w = rng.choice(fa, (m, k)), rng.choice(fb, (n, k))
    c = np.full((m, n), np.nan, np.float32)
    hop.gemm_e4m3_e5m2_small(m, n, k, Float8(a), Float8(w, e5m2=True), c)
    acc = np.zeros((m, n), np.float32)
    for k0 in range(0, k, 128):
        part = np.zeros_like(acc)
        for kk in range(k0, min(k0 + 128, k)):
            part += np.outer(e4[a[:, kk]], e5[w[:, kk]]).astype(np.float32)  # exact in f32 (4 + 3 bits)
        acc += part
    np.testing.assert_array_equal(c, acc)
    with pytest.raises(TypeError) as info:  # the other order's arrays: each side's dtype is its own
        hop.gemm_e4m3_e5m2_small(m, n, k, Float8(a, e5m2=True), Float8(w), c)
    assert str(info.value).startswith(
        "gemm_e4m3_e5m2_small(): argument `a` must be a float8_e4m3fn array, got a float8_e5m2 array")


def test_an_e4m3_array_for_an_e5m2_source_is_refused(hop: ModuleType) -> None:
    a = np.zeros((64, 128), np.uint8)
    with pytest.raises(TypeError) as info:
        hop.gemm_e5m2_small(64, 64, 128, Float8(a), Float8(a, e5m2=True), np.zeros((64, 64), np.float32))
    assert str(info.value).startswith(
        "gemm_e5m2_small(): argument `a` must be a float8_e5m2 array, got a float8_e4m3fn array")


def fp8_probe_values(rng: np.random.Generator) -> np.ndarray:
    """f32 values that try FP8 rounding: every finite E4M3 and E5M2 value, the midpoints between neighbours (ties
    to even) and values just beside them, past the largest finite values, subnormals of both, zeros, infinities,
    NaN and random values over the whole range."""
    probes = [np.array([0.0, -0.0, np.inf, -np.inf, np.nan, 1e-45, -1e-45, 3.4e38, -3.4e38], np.float64)]
    for values in (fp8_values(False), fp8_values(True)):
        v = np.unique(values[np.isfinite(values)])
        mid = (v[1:] + v[:-1]) / 2
        probes += [v, mid, np.nextafter(mid.astype(np.float32), np.inf), np.nextafter(mid.astype(np.float32), -np.inf),
                   v * 1.0625]
    probes.append(rng.standard_normal(4096) * 10.0 ** rng.uniform(-12, 6, 4096))
    return np.concatenate(probes).astype(np.float32)


def test_fp8_conversions_round_to_nearest_even_and_saturate(hop: ModuleType, rng: np.random.Generator) -> None:
    """`E4M3::from_f32` / `E5M2::from_f32` in emulation, as `cvt.rn.satfinite` rounds: to nearest, ties to even
    (subnormals included), past the largest finite value (infinity too) to it, NaN to NaN. The reference is the
    nearest value found by search over the format's values (ties: the even bit pattern); for E4M3 PyTorch's
    cast agrees bit for bit (it saturates too)."""
    x = fp8_probe_values(rng)
    e4m3, e5m2 = np.zeros(x.size, np.uint8), np.zeros(x.size, np.uint8)
    hop.to_fp8(x, Float8(e4m3), Float8(e5m2, e5m2=True))
    wide, nan = x.astype(np.float64), np.isnan(x)
    for got, e5 in ((e4m3, False), (e5m2, True)):
        values = fp8_values(e5)
        finite = np.array([b for b in range(256) if np.isfinite(values[b])])
        largest = values[finite].max()
        clamped = np.clip(np.nan_to_num(wide), -largest, largest)
        diff = np.abs(values[finite][None, :] - clamped[:, None])
        ties = diff == diff.min(axis=1, keepdims=True)
        best = finite[np.argmin(np.where(ties, finite & 1, 2), axis=1)]  # the nearest; of two, the even one
        best = np.where(values[best] == 0.0, np.where(np.signbit(wide), 0x80, 0x00), best)  # ±0: the sign of x
        assert np.all(np.isnan(values[got[nan]]))
        bad = np.nonzero((got != best) & ~nan)[0]
        assert bad.size == 0, [(float(x[i]), hex(got[i]), hex(best[i])) for i in bad[:5]]
    torch = pytest.importorskip("torch")
    theirs = torch.from_numpy(x).to(torch.float8_e4m3fn).view(torch.uint8).numpy()
    same = ~np.isnan(x)
    np.testing.assert_array_equal(e4m3[same], theirs[same])


def test_fp8_widening_is_exact(hop: ModuleType) -> None:
    """`to_f32` of every bit pattern: its value by the formats' definitions (NaN as NaN, E5M2's infinities)."""
    bits = np.arange(256, dtype=np.uint8)
    w4, w5 = np.zeros(256, np.float32), np.zeros(256, np.float32)
    hop.from_fp8(Float8(bits), Float8(bits.copy(), e5m2=True), w4, w5)
    np.testing.assert_array_equal(w4, fp8_values(False).astype(np.float32))
    np.testing.assert_array_equal(w5, fp8_values(True).astype(np.float32))


def test_fp8_arrays_from_torch_and_ml_dtypes(hop: ModuleType, rng: np.random.Generator) -> None:
    """Host FP8 arrays as users hold them: CPU tensors of torch.float8_e5m2 (2-D, for the TMA sources) and NumPy
    arrays of ml_dtypes.float8_e5m2 (which export the typestr "<f1"), each read as E5M2, the same product."""
    torch = pytest.importorskip("torch")
    ml_dtypes = pytest.importorskip("ml_dtypes")
    values = fp8_values(e5m2=True)
    finite = np.array([v for v in range(256) if np.isfinite(values[v]) and abs(values[v]) < 2.0**8], np.uint8)
    a, w = rng.choice(finite, (70, 256)), rng.choice(finite, (33, 256))
    expected = np.full((70, 33), np.nan, np.float32)
    hop.gemm_e5m2_small(70, 33, 256, Float8(a, e5m2=True), Float8(w, e5m2=True), expected)
    for make in (lambda x: torch.from_numpy(x).view(torch.float8_e5m2), lambda x: x.view(ml_dtypes.float8_e5m2)):
        c = np.full((70, 33), np.nan, np.float32)
        hop.gemm_e5m2_small(70, 33, 256, make(a), make(w), c)
        np.testing.assert_array_equal(c, expected)
    with pytest.raises(TypeError) as info:
        hop.gemm_e5m2_small(70, 33, 256, a.view(ml_dtypes.float8_e4m3fn), w.view(ml_dtypes.float8_e5m2), expected)
    assert str(info.value).startswith(
        "gemm_e5m2_small(): argument `a` must be a float8_e5m2 array, got a float8_e4m3fn array")


@pytest.mark.parametrize("out,n", [("f32", 260), ("f32", 261), ("bf16", 260), ("bf16", 264), ("bf16_direct", 261)])
def test_big_tiles_bit_exact(hop: ModuleType, rng: np.random.Generator, out: str, n: int) -> None:
    """The benchmark's kernels (128 × 256 tiles, 4 stages, two consumer warpgroups, setmaxnreg)
    on a ragged 130 × n × 136: f32 out exactly the k-order sums, bf16 out their rounding. The
    bf16 kernel stores through its staging area (`stmatrix` into shared memory, read back in
    16-byte chunks): with n = 264 (rows of 16-byte multiples) whole chunks go out as 16-byte
    stores and the ragged ones element by element; with n = 260 every chunk goes element by
    element. Either way every element of the `stmatrix` layout lands in its place. The
    per-thread store (f32, `bf16_direct`) writes a thread's two neighbouring elements as one
    store where it is aligned: with n = 261 every other row's pairs are not, and go one by one."""
    m, k = 130, 136
    a, w = operands(rng, m, n, k)
    ref = f32_in_k_order(widen(a), widen(w))
    if out == "f32":
        c = np.full((m, n), np.nan, np.float32)
        hop.gemm_bf16_nt_sm90(m, n, k, BFloat16(a), BFloat16(w), c)
        np.testing.assert_array_equal(c, ref)
    else:
        bits = np.full((m, n), 0x7FC0, np.uint16)  # NaN
        kernel = hop.gemm_bf16_nt_sm90_bf16 if out == "bf16" else hop.gemm_bf16_nt_sm90_bf16_direct
        kernel(m, n, k, BFloat16(a), BFloat16(w), BFloat16(bits))
        np.testing.assert_array_equal(bits, to_bf16(ref))


def tf32(x: np.ndarray) -> np.ndarray:
    """x as the tensor cores read it as tf32: sign, exponent and the top 10 mantissa bits."""
    return (np.asarray(x, np.float32).view(np.uint32) & np.uint32(0xFFFFE000)).view(np.float32)


def test_tf32_gemm_bit_exact(hop: ModuleType, rng: np.random.Generator) -> None:
    """`gemm_tf32_nt_sm90`: the pipeline over f32 (TMA boxes of 64 rows × 32 f32, `wgmma` k8 tf32)
    on a ragged 130 × 260 × 100 (k not a multiple of the stage's 32: the TMA's zero fill): the
    f32 sums in k order of the tf32 products (exact in f32), every element written."""
    m, n, k = 130, 260, 100
    a = rng.standard_normal((m, k)).astype(np.float32)
    w = rng.standard_normal((n, k)).astype(np.float32)
    c = np.full((m, n), np.nan, np.float32)
    hop.gemm_tf32_nt_sm90(m, n, k, a, w, c)
    np.testing.assert_array_equal(c, f32_in_k_order(tf32(a), tf32(w)))


def test_staged_store_of_an_unaligned_output(hop: ModuleType, rng: np.random.Generator) -> None:
    """The bf16 kernel's output 2 bytes past a 16-byte boundary: no 16-byte store is aligned,
    so the staging area's chunks go out element by element; the same bits, nothing outside."""
    m, n, k = 70, 264, 72
    a, w = operands(rng, m, n, k)
    buf = np.full(m * n + 2, 0x7FC0, np.uint16)
    c = buf[1 : 1 + m * n]
    hop.gemm_bf16_nt_sm90_bf16(m, n, k, BFloat16(a), BFloat16(w), BFloat16(c))
    np.testing.assert_array_equal(c.reshape(m, n), to_bf16(f32_in_k_order(widen(a), widen(w))))
    assert buf[0] == buf[-1] == 0x7FC0


@pytest.mark.parametrize("kernel,blocks", [("gemm_small", 2), ("gemm_bf16_nt_sm90_persistent", 1)])
def test_persistent_blocks_bit_exact(hop: ModuleType, rng: np.random.Generator, kernel: str, blocks: int) -> None:
    """Fewer blocks than tiles: each block computes tiles b, b + blocks, … through one pipeline
    whose stages run on from tile to tile; the result is still the exact k-order sums."""
    m, n, k = 150, 300, 136
    a, w = operands(rng, m, n, k)
    c = np.full((m, n), np.nan, np.float32)
    per = 256 if kernel == "gemm_small" else 384  # the block each declares; the grid is the call's
    getattr(hop, kernel)(m, n, k, BFloat16(a), BFloat16(w), c, threads=per * blocks)
    np.testing.assert_array_equal(c, f32_in_k_order(widen(a), widen(w)))


def test_a_wrong_launch_is_refused_before_it_runs(hop: ModuleType) -> None:
    """Each kernel declares its block (384; 256 for `gemm_small`), the one-tile kernels their grid too
    (a block per tile of C): another block, too few blocks or a 2-D grid given to a call is refused in
    one line, before the emulated device runs. Without it, a block of another size or a 2-D grid would
    have stored nothing, silently (`block_tile_count` 0), and too few blocks trapped after the fact.
    The declared values given explicitly launch as the declaration does."""
    m, n, k = 150, 300, 64  # 2 · 2 tiles of 128 × 256
    a, w = BFloat16(np.zeros((m, k), np.uint16)), BFloat16(np.zeros((n, k), np.uint16))
    c = np.full((m, n), np.nan, np.float32)
    grid = ("gemm_bf16_nt_sm90(): `threads={t}` differs from the kernel's declared launch `grid = cdiv(m, 128) * "
            "cdiv(n, 256)` (threads=1536 for these arguments); leave `threads` out")
    for kernel, launch, message in [
        ("gemm_bf16_nt_sm90", {"block": 256}, ("gemm_bf16_nt_sm90(): `block=256` differs from the kernel's declared "
                                               "launch `block = 384`; leave `block` out")),
        ("gemm_bf16_nt_sm90", {"threads": 384 * 3}, grid.format(t=1152)),
        ("gemm_bf16_nt_sm90", {"threads": (384 * 4, 2)}, grid.format(t=(1536, 2))),
        ("gemm_small", {"threads": (256, 2)},
         "gemm_small(): `block` 256 must have as many dimensions as `threads` (256, 2)"),
        ("gemm_bf16_nt_sm90_persistent", {"block": 256}, ("gemm_bf16_nt_sm90_persistent(): `block=256` differs from "
                                                          "the kernel's declared launch `block = 384`; leave `block` out")),
    ]:
        with pytest.raises(hop.KernelValueError) as caught:
            getattr(hop, kernel)(m, n, k, a, w, c, **launch)
        assert str(caught.value) == message
    assert np.isnan(c).all()  # nothing ran
    hop.gemm_bf16_nt_sm90(m, n, k, a, w, c, threads=1536, block=384)
    assert (c == 0).all()


def test_every_element_has_one_owner(hop: ModuleType) -> None:
    """`WgTiles<128, 64>` on a ragged 200 × 100 output: every element written exactly once, by a
    consumer thread (warpgroups 1 and 2) of the block whose tile holds it, in the wgmma layout."""
    m, n = 200, 100
    blocks = tiles(m, n, 128, 64)
    counts = np.zeros(m * n, np.uint32)
    out = np.zeros((m, n), np.uint64)
    hop.owners(n, counts, out)  # the declared launch: a block per tile
    assert hop._module.kernel("owners").resolve((n, counts, out))[1] == 384 * blocks
    assert (counts == 1).all()
    thread = (out & 0xFFFFFFFF).astype(np.int64)
    assert (thread >= 128).all() and (thread < 384).all()
    rows, cols = np.indices((m, n))
    t = thread - 128
    wg, w, lane = t // 128, (t % 128) // 32, t % 32
    # row 64·wg + 16·w + lane/4 (+ 8), column 2·(lane % 4) (+ 1) (+ 8j) inside the block's tile
    assert ((rows % 128) // 64 == wg).all()
    assert ((rows % 64) // 16 == w).all()
    assert ((rows % 8) == lane // 4).all()
    assert ((cols % 8) // 2 == lane % 4).all()


@pytest.mark.parametrize("which,error,text", [
    (1, "KernelTrap", "the producer ends with fewer loads than `steps`"),
    (2, "KernelTrap", "a consumer ends with fewer waits than `steps`"),
    (3, "KernelTrap", "the producer loads more stages than the pipeline's `steps`"),
    (4, "KernelTrap", "a consumer waits for more stages than the pipeline's `steps`"),
    (5, "KernelTrap", "less dynamic shared memory than the pipeline's SHARED_BYTES"),
    (6, "KernelBarrierError", r"does not reach the block barrier sync_threads\(\) .*: it waits at an mbarrier wait"),
    (7, "KernelTrap", "`into_staging` before the consumer waited for all `steps` stages"),
])
def test_pipeline_misuse_is_caught(hop: ModuleType, rng: np.random.Generator, which: int, error: str,
                                   text: str) -> None:
    """Each break of the TMA pipeline's protocol traps, naming it; a barrier that can never
    complete (the producer stuck at a block barrier the waiting consumers never reach) is
    reported, not hung on."""
    a, w = operands(rng, 64, 64, 128)
    c = np.zeros((64, 64), np.float32)
    smem = 100 if which == 5 else SMEM_SMALL
    with pytest.raises(getattr(hop, error) if hasattr(hop, error) else Exception, match=text) as info:
        hop.pipeline_misuse(which, BFloat16(a), BFloat16(w), c, smem)
    assert type(info.value).__name__ == error
    hop.pipeline_misuse(0, BFloat16(a), BFloat16(w), c, SMEM_SMALL)
    np.testing.assert_array_equal(c, f32_in_k_order(widen(a), widen(w)))


def test_tma_sources_checked_in_one_line(hop: ModuleType, rng: np.random.Generator) -> None:
    """The stub refuses a TMA source that is not 2-D, or whose rows are not a multiple of 16
    bytes, before anything runs, in one line naming the kernel and the argument."""
    from hopperdemo._oxpack.runtime import KernelValueError

    a, w = operands(rng, 64, 64, 64)
    c = np.zeros((64, 64), np.float32)
    with pytest.raises(KernelValueError, match=r"^gemm_small\(\): argument `a` is a TMA source \(`TmaSource`\): "
                                               r"pass a non-empty 2-D array \(rows, cols\), got shape \(4096,\)"):
        hop.gemm_small(64, 64, 64, BFloat16(a.ravel()), BFloat16(w), c)
    odd_a, odd_w = operands(rng, 64, 64, 12)
    with pytest.raises(KernelValueError, match=r"argument `a` is a TMA source, which needs a 16-byte-aligned base "
                                               r"and rows of a multiple of 16 bytes \(8 elements\)"):
        hop.gemm_small(64, 64, 12, BFloat16(odd_a), BFloat16(odd_w), c)
    assert "\n" not in str(KernelValueError("x"))


def test_stub_documents_tma_sources(hop: ModuleType) -> None:
    """The generated stub's docstring says what a TMA source takes."""
    doc = hop.gemm_bf16_nt_sm90.__doc__ or ""
    assert "read by TMA copies" in doc, doc


def test_built_for_sm90a_only() -> None:
    """The scratch project targets sm_90a alone (wgmma needs it): per-arch variants are another
    branch's work."""
    assert 'archs = ["sm_90a"]' in (PROJECT / "pyproject.toml").read_text()
    assert Path(PROJECT / "kernels" / "hopper.rs").is_file()


def test_each_runs_every_step_past_128(tmp_path: Path) -> None:
    """The sm_90a modules' one `each!` (wgmma/mod.rs; mbarrier.rs and attn_pipeline.rs import it, its former copy trapped past
    128 steps) writes 128 straight-line copies and runs the rest in a loop: the real macro, compiled for
    the host, runs each i < N exactly once for N up to 300. No sealed shape reaches 128 today (a 64 × 256
    accumulator's 128 registers): this keeps the limit from becoming a trap or a skip when one does."""
    src = (REPO / "src" / "oxpack" / "device" / "src" / "wgmma" / "mod.rs").read_text()
    macro = src[src.index("macro_rules! each {"):src.index("pub(crate) use each;")]
    assert "macro_rules! each" not in (REPO / "src" / "oxpack" / "device" / "src" / "attn_pipeline.rs").read_text()
    unroll = (REPO / "src" / "oxpack" / "device" / "src" / "unroll.rs").read_text()  # its expansion, `copies!`
    copies = unroll[unroll.index("macro_rules! copies {"):unroll.index("pub(crate) use copies;")]
    (tmp_path / "each.rs").write_text(copies + macro.replace("crate::unroll::copies!", "copies!") + """
fn main() {
    for n in [0usize, 1, 127, 128, 129, 300] {
        let mut seen = vec![0u32; n];
        each!(n, |i| { seen[i] += 1; });
        assert!(seen.iter().all(|&c| c == 1), "each!({n}) ran some step other than once");
    }
}
""")
    rustc = find_rustc()
    subprocess.run([str(rustc.path), "--edition", "2024", "-o", str(tmp_path / "each"), str(tmp_path / "each.rs")],
                   check=True, capture_output=True, timeout=120)
    subprocess.run([str(tmp_path / "each")], check=True, capture_output=True, timeout=60)
