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

from bf16 import BFloat16, to_bf16
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


def widen(bits: np.ndarray) -> np.ndarray:
    return (bits.astype(np.uint32) << 16).view(np.float32)


def f32_in_k_order(a: np.ndarray, w: np.ndarray) -> np.ndarray:
    """a·wᵀ summed in f32 one k at a time from k = 0 (each bf16 product is exact in f32)."""
    acc = np.zeros((a.shape[0], w.shape[0]), np.float32)
    for k in range(a.shape[1]):
        acc += np.outer(a[:, k], w[:, k])
    return acc


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
