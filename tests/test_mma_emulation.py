"""Tensor cores in emulation: fragments, `ldmatrix`, `mma.sync`, the `cp.async`
pipeline and `WarpTiles` ownership, run on the CPU through real builds and the generated stubs.

The emulator completes `ldmatrix` and `mma.sync` per warp with PTX's fragment layouts and sums
the exact bf16/f16 products in f32 in k order, so results here are bit-exact against NumPy's
f32 accumulation in k order (the GPU sums in another order: `tests/test_gpu_mma.py` allows for
it). `example-project/kernels/tensor.rs`'s GEMMs are the emulated twins of the GPU tests.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from types import ModuleType
from typing import Any

import numpy as np
import pytest

from bf16 import BFloat16, to_bf16
from conftest import EXAMPLE, REPO, emulated

pytestmark = pytest.mark.skipif(
    not (sys.platform.startswith("linux") and os.uname().machine == "x86_64"), reason="emulation runs on x86-64 Linux"
)

PROBE = """\
use oxpack::prelude::*;
use oxpack::mma::Mma16;

/// One warp, one 16 × 16 output tile.
type One = WarpTiles<16, 16, 16, 16>;
type PipeB<T> = Pipeline<1, 32, ATile<T, 16, 16>, BTile<T, 16, 16>>;
type PipeBt<T> = Pipeline<1, 32, ATile<T, 16, 16>, BtTile<T, 16, 16>>;

/// c = a·b for 16 × 16 a and b (b stored k × n), by fragments: `which` 0: frag_a and frag_b2
/// (ldmatrix.x4.trans); 1: frag_b twice (x2.trans); 2: m16n8k8 (frag_a8 = x2, frag_b8 =
/// x1.trans); 3: Accum::mma_tile; 4: a misaligned fragment (traps).
fn probe_b<T: Mma16>(pipe: PipeB<T>, which: u32, a: &[T], b: &[T], c: &mut DisjointSlice<f32, One>) {
    let (Some(am), Some(bm)) = (matrix(a, 16, 16), matrix(b, 16, 16)) else { trap() };
    pipe.fill(&am, (0, 0), &bm, (0, 0));
    let stage = pipe.wait();
    let (ta, tb) = (stage.a(), stage.b());
    let mut acc = Accum::<1, 2>::zero();
    match which {
        0 => {
            let fa = ta.frag_a(0, 0);
            let [b0, b1] = tb.frag_b2(0, 0);
            mma_sync(&fa, &b0, acc.frag_mut(0, 0));
            mma_sync(&fa, &b1, acc.frag_mut(0, 1));
        }
        1 => {
            let fa = ta.frag_a(0, 0);
            mma_sync(&fa, &tb.frag_b(0, 0), acc.frag_mut(0, 0));
            mma_sync(&fa, &tb.frag_b(8, 0), acc.frag_mut(0, 1));
        }
        2 => {
            for k in [0, 8] {
                let fa = ta.frag_a8(0, k);
                mma_sync_k8(&fa, &tb.frag_b8(0, k), acc.frag_mut(0, 0));
                mma_sync_k8(&fa, &tb.frag_b8(8, k), acc.frag_mut(0, 1));
            }
        }
        3 => acc.mma_tile(&ta, &tb, WarpPos { row: 0, col: 0 }),
        _ => {
            let _ = tb.frag_b(4, 0);
        }
    }
    drop(stage);
    if let Some(mut t) = c.warp_tile() {
        t.store(&acc);
    }
}

/// The same with b stored n × k (plain ldmatrix).
fn probe_bt<T: Mma16>(pipe: PipeBt<T>, which: u32, a: &[T], b: &[T], c: &mut DisjointSlice<f32, One>) {
    let (Some(am), Some(bm)) = (matrix(a, 16, 16), matrix(b, 16, 16)) else { trap() };
    pipe.fill(&am, (0, 0), &bm, (0, 0));
    let stage = pipe.wait();
    let (ta, tb) = (stage.a(), stage.b());
    let mut acc = Accum::<1, 2>::zero();
    match which {
        0 => {
            let fa = ta.frag_a(0, 0);
            let [b0, b1] = tb.frag_b2(0, 0);
            mma_sync(&fa, &b0, acc.frag_mut(0, 0));
            mma_sync(&fa, &b1, acc.frag_mut(0, 1));
        }
        1 => {
            let fa = ta.frag_a(0, 0);
            mma_sync(&fa, &tb.frag_b(0, 0), acc.frag_mut(0, 0));
            mma_sync(&fa, &tb.frag_b(8, 0), acc.frag_mut(0, 1));
        }
        2 => {
            for k in [0, 8] {
                let fa = ta.frag_a8(0, k);
                mma_sync_k8(&fa, &tb.frag_b8(0, k), acc.frag_mut(0, 0));
                mma_sync_k8(&fa, &tb.frag_b8(8, k), acc.frag_mut(0, 1));
            }
        }
        3 => acc.mma_tile(&ta, &tb, WarpPos { row: 0, col: 0 }),
        _ => {
            let _ = ta.frag_a(8, 0);
        }
    }
    drop(stage);
    if let Some(mut t) = c.warp_tile() {
        t.store(&acc);
    }
}

/// tf32: c = a·bᵀ for a 16 × 8 and b (stored n × k) 16 × 8, `which` 0: frag_b2 (x4); 1: frag_b
/// twice (x2); 3: mma_tile.
fn probe_tf32(pipe: Pipeline<1, 32, ATile<f32, 16, 8>, BtTile<f32, 16, 8>>, which: u32, a: &[f32], b: &[f32],
              c: &mut DisjointSlice<f32, One>) {
    let (Some(am), Some(bm)) = (matrix(a, 8, 16), matrix(b, 8, 16)) else { trap() };
    pipe.fill(&am, (0, 0), &bm, (0, 0));
    let stage = pipe.wait();
    let (ta, tb) = (stage.a(), stage.b());
    let mut acc = Accum::<1, 2>::zero();
    match which {
        0 => {
            let fa = ta.frag_a(0, 0);
            let [b0, b1] = tb.frag_b2(0, 0);
            mma_sync(&fa, &b0, acc.frag_mut(0, 0));
            mma_sync(&fa, &b1, acc.frag_mut(0, 1));
        }
        1 => {
            let fa = ta.frag_a(0, 0);
            mma_sync(&fa, &tb.frag_b(0, 0), acc.frag_mut(0, 0));
            mma_sync(&fa, &tb.frag_b(8, 0), acc.frag_mut(0, 1));
        }
        _ => acc.mma_tile(&ta, &tb, WarpPos { row: 0, col: 0 }),
    }
    drop(stage);
    if let Some(mut t) = c.warp_tile() {
        t.store(&acc);
    }
}

kernel! {
    /// tf32, b stored n × k.
    pub fn mma_bt_tf32(which: u32, n: u32, a: &[f32], b: &[f32], c: &mut DisjointSlice<f32, One> = (n)) {
        probe_tf32(cp_async_pipeline!(1, 32, ATile<f32, 16, 8>, BtTile<f32, 16, 8>), which, a, b, c);
    }

    /// bf16, b stored k × n.
    pub fn mma_b_bf16(which: u32, n: u32, a: &[BF16], b: &[BF16], c: &mut DisjointSlice<f32, One> = (n)) {
        probe_b(cp_async_pipeline!(1, 32, ATile<BF16, 16, 16>, BTile<BF16, 16, 16>), which, a, b, c);
    }
    /// bf16, b stored n × k.
    pub fn mma_bt_bf16(which: u32, n: u32, a: &[BF16], b: &[BF16], c: &mut DisjointSlice<f32, One> = (n)) {
        probe_bt(cp_async_pipeline!(1, 32, ATile<BF16, 16, 16>, BtTile<BF16, 16, 16>), which, a, b, c);
    }
    /// f16, b stored k × n.
    pub fn mma_b_f16(which: u32, n: u32, a: &[F16], b: &[F16], c: &mut DisjointSlice<f32, One> = (n)) {
        probe_b(cp_async_pipeline!(1, 32, ATile<F16, 16, 16>, BTile<F16, 16, 16>), which, a, b, c);
    }
    /// f16, b stored n × k.
    pub fn mma_bt_f16(which: u32, n: u32, a: &[F16], b: &[F16], c: &mut DisjointSlice<f32, One> = (n)) {
        probe_bt(cp_async_pipeline!(1, 32, ATile<F16, 16, 16>, BtTile<F16, 16, 16>), which, a, b, c);
    }

    /// c (m × n, f32) = a·bᵀ (b n × k) with a ONE-stage pipeline, 64 × 48 block tiles and 32 × 24
    /// warp tiles (an odd number of B fragments: the last one alone): every fill after the first
    /// reuses the stage just read, behind the barrier fill adds.
    pub fn gemm_one_stage(m: u32, n: u32, k: u32, a: &[BF16], b: &[BF16],
                          c: &mut DisjointSlice<f32, WarpTiles<64, 48, 32, 24>> = (n))
        where (len(a) == m * k, len(b) == k * n, len(c) == m * n) {
        let pipe = cp_async_pipeline!(1, 128, ATile<BF16, 64, 16>, BtTile<BF16, 48, 16>);
        let Some(mut t) = c.warp_tile() else { return };
        let (Some(am), Some(bm)) = (matrix(a, k, m), matrix(b, k, n)) else { trap() };
        let mut acc = Accum::<2, 3>::zero();
        let mut k0 = 0;
        while k0 < k as usize {
            pipe.fill_k(&am, &bm, t.block_row(), t.block_col(), k0);
            let stage = pipe.wait();
            acc.mma_tile(&stage.a(), &stage.b(), t.pos());
            k0 += 16;
        }
        t.store(&acc);
    }

    /// c (m × n) = a·bᵀ with ONE warp per 64 × 128 block tile: its `Accum<4, 16>` holds 64
    /// fragments, past the device library's 32 straight-line copies of a register loop: fragments
    /// 32 to 63 run in the plain loop after them.
    pub fn gemm_wide_warp(m: u32, n: u32, k: u32, a: &[BF16], b: &[BF16],
                          c: &mut DisjointSlice<f32, WarpTiles<64, 128, 64, 128>> = (n))
        where (len(a) == m * k, len(b) == k * n, len(c) == m * n) {
        let pipe = cp_async_pipeline!(1, 32, ATile<BF16, 64, 16>, BtTile<BF16, 128, 16>);
        let Some(mut t) = c.warp_tile() else { return };
        let (Some(am), Some(bm)) = (matrix(a, k, m), matrix(b, k, n)) else { trap() };
        let mut acc = Accum::<4, 16>::zero();
        let mut k0 = 0;
        while k0 < k as usize {
            pipe.fill_k(&am, &bm, t.block_row(), t.block_col(), k0);
            let stage = pipe.wait();
            acc.mma_tile(&stage.a(), &stage.b(), t.pos());
            k0 += 16;
        }
        t.store(&acc);
    }

    /// out[i] = element (i / COLS, i % COLS) of a 16-row tile filled from x (64 × 160) at (r0, c0),
    /// read back through `TileRef::get`; `which` picks 16, 32, 64 or 128 columns (2 to 16 chunks
    /// of 16 bytes per row). Blocks of 64 threads.
    pub fn tile_round_trip(i: ThreadIndex, which: u32, r0: u32, c0: u32, x: &[BF16], out: &mut DisjointSlice<BF16>) {
        let Some(m) = matrix(x, 160, 64) else { trap() };
        let (r0, c0, k) = (r0 as usize, c0 as usize, i.get());
        macro_rules! dump {
            ($cols:literal, $tile:ty) => {{
                let pipe = cp_async_pipeline!(1, 64, $tile, BtTile<BF16, 16, 16>);
                pipe.fill(&m, (r0, c0), &m, (0, 0));
                let s = pipe.wait();
                let v = s.a().get((k / $cols) % 16, k % $cols);
                if let Some(o) = out.get_mut(i) {
                    *o = v;
                }
            }};
        }
        match which {
            0 => dump!(16, ATile<BF16, 16, 16>),
            1 => dump!(32, ATile<BF16, 16, 32>),
            2 => dump!(64, ATile<BF16, 16, 64>),
            _ => dump!(128, BTile<BF16, 16, 128>),
        }
    }

    /// Which lane wrote each element of a `WarpTiles<64, 32, 32, 16>` output (block << 32 | warp
    /// << 8 | lane), and how many times (`counts`, row-major like the output).
    pub fn owners(n: u32, counts: &[AtomicU32], out: &mut DisjointSlice<u64, WarpTiles<64, 32, 32, 16>> = (n)) {
        let Some(mut t) = out.warp_tile() else { return };
        t.store_with(&Accum::<2, 2>::zero(), |r, c, _| {
            if let Some(k) = counts.get(r * n as usize + c) {
                k.fetch_add(1);
            }
            (block_idx().x as u64) << 32 | (warp_id() as u64) << 8 | lane_id() as u64
        });
    }

    /// Only the low half of each warp loads a fragment and multiplies.
    pub fn half_warp_frag(n: u32, a: &[BF16], c: &mut DisjointSlice<f32, One> = (n)) {
        let pipe = cp_async_pipeline!(1, 32, ATile<BF16, 16, 16>, BtTile<BF16, 16, 16>);
        let Some(m) = matrix(a, 16, 16) else { trap() };
        pipe.fill(&m, (0, 0), &m, (0, 0));
        let s = pipe.wait();
        let mut acc = Accum::<1, 2>::zero();
        if lane_id() < 16 {
            let fa = s.a().frag_a(0, 0);
            mma_sync(&fa, &s.b().frag_b(0, 0), acc.frag_mut(0, 0));
        }
        drop(s);
        if let Some(mut t) = c.warp_tile() {
            t.store(&acc);
        }
    }

    /// Even and odd lanes multiply at two different `mma_sync` calls.
    pub fn two_sites(n: u32, a: &[BF16], c: &mut DisjointSlice<f32, One> = (n)) {
        let pipe = cp_async_pipeline!(1, 32, ATile<BF16, 16, 16>, BtTile<BF16, 16, 16>);
        let Some(m) = matrix(a, 16, 16) else { trap() };
        pipe.fill(&m, (0, 0), &m, (0, 0));
        let s = pipe.wait();
        let (fa, fb) = (s.a().frag_a(0, 0), s.b().frag_b(0, 0));
        let mut acc = Accum::<1, 2>::zero();
        if lane_id() % 2 == 0 {
            mma_sync(&fa, &fb, acc.frag_mut(0, 0));
        } else {
            mma_sync(&fa, &fb, acc.frag_mut(0, 0));
        }
        drop(s);
        if let Some(mut t) = c.warp_tile() {
            t.store(&acc);
        }
    }

    /// The pipeline's protocol broken, by `which`: 0 a wait with nothing filled; 1 a third fill of
    /// two stages; 2 a second wait while the first view lives; 3 the macro run again while the
    /// pipeline it made before lives; 4 (launched with 64 threads) a block of another size than
    /// THREADS; 5 the macro in a loop, each pipeline dropped before the next (fine); 6 a fill past
    /// the steps that `whole_k` proved whole.
    pub fn pipeline_misuse(which: u32, a: &[BF16], out: &mut DisjointSlice<f32>) {
        let Some(m) = matrix(a, 16, 16) else { trap() };
        if which == 3 || which == 5 {
            let mut first = None;
            for _ in 0..2 {
                let p = cp_async_pipeline!(2, 32, ATile<BF16, 16, 16>, BtTile<BF16, 16, 16>);
                p.fill(&m, (0, 0), &m, (0, 0));
                if which == 3 && first.is_none() {
                    first = Some(p);
                }
            }
            drop(first);
        } else {
            let pipe = cp_async_pipeline!(2, 32, ATile<BF16, 16, 16>, BtTile<BF16, 16, 16>);
            match which {
                0 => drop(pipe.wait()),
                1 => {
                    for _ in 0..3 {
                        pipe.fill(&m, (0, 0), &m, (0, 0));
                    }
                }
                2 => {
                    pipe.fill(&m, (0, 0), &m, (0, 0));
                    pipe.fill(&m, (0, 0), &m, (0, 0));
                    let first = pipe.wait();
                    let second = pipe.wait();
                    drop((first, second));
                }
                // `whole_k` refuses B's tile at columns 8..24 of a 16-column matrix, and a second
                // step (depth 16..32 of 16); it proves one step at (0, 0), and no fill past it
                6 => {
                    if pipe.whole_k(&m, &m, 0, 8, 1).is_some() || pipe.whole_k(&m, &m, 0, 0, 2).is_some() {
                        trap();
                    }
                    if let Some(whole) = pipe.whole_k(&m, &m, 0, 0, 1) {
                        pipe.fill_k_whole(&whole, 0);
                        pipe.fill_k_whole(&whole, 1);
                    }
                }
                _ => {}
            }
        }
        if let Some(o) = out.get_mut(index_1d()) {
            *o = 1.0;
        }
    }
}
"""


@pytest.fixture(scope="module")
def mods(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ModuleType]:
    """The probes and the example's `tensor.rs`, built with `emulation = true`, emulating."""
    yield from emulated(tmp_path_factory.mktemp("mma"), "mmaprobe",
                        {"probe.rs": PROBE, "tensor.rs": (EXAMPLE / "kernels" / "tensor.rs").read_text(),
                         "common/mod.rs": (EXAMPLE / "kernels" / "common" / "mod.rs").read_text()})


def widen(bits: np.ndarray) -> np.ndarray:
    return (bits.astype(np.uint32) << 16).view(np.float32)


def f32_in_k_order(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """a·b summed in f32, one k at a time from k = 0 (each bf16/f16 product is exact in f32):
    the order in which the emulator's `mma.sync` and a k-stepped GEMM add them."""
    acc = np.zeros((a.shape[0], b.shape[1]), np.float32)
    for k in range(a.shape[1]):
        acc += np.outer(a[:, k], b[k, :])
    return acc


def up(x: int, tile: int) -> int:
    return -(-x // tile)


# ---------------------------------------------------------------- fragments, ldmatrix, mma.sync


@pytest.mark.parametrize("which", [0, 1, 2, 3], ids=["frag_b2-x4", "frag_b-x2", "k8-x2-x1", "mma_tile"])
@pytest.mark.parametrize("kernel", ["mma_b_bf16", "mma_bt_bf16", "mma_b_f16", "mma_bt_f16"])
def test_fragments_multiply_bit_exactly(mods: ModuleType, rng: np.random.Generator, kernel: str, which: int) -> None:
    """Every load form (x4, x2, x1, .trans or not, from either B storage), both input types and
    both depths give c = a·b exactly as f32 sums in k order: the fragment layouts are PTX's."""
    half = kernel.endswith("f16") and not kernel.endswith("bf16")
    a = rng.standard_normal((16, 16)).astype(np.float32)
    b = rng.standard_normal((16, 16)).astype(np.float32)
    if half:
        a16, b16 = a.astype(np.float16), b.astype(np.float16)
        a, b = a16.astype(np.float32), b16.astype(np.float32)
        stored_b = b16 if "_b_" in kernel else np.ascontiguousarray(b16.T)
        args = (a16.ravel(), stored_b.ravel())
    else:
        abits, bbits = to_bf16(a), to_bf16(b)
        a, b = widen(abits), widen(bbits)
        stored_b = bbits if "_b_" in kernel else np.ascontiguousarray(bbits.T)
        args = (BFloat16(abits), BFloat16(stored_b))
    c = np.full((16, 16), np.nan, np.float32)
    getattr(mods, kernel)(which, 16, *args, c, threads=32, block=32)
    assert np.array_equal(c, f32_in_k_order(a, b)), np.abs(c - a.astype(np.float64) @ b).max()


def tf32(x: np.ndarray) -> np.ndarray:
    """What the tensor cores read of f32 values as tf32: sign, exponent, top 10 mantissa bits."""
    return (np.asarray(x, np.float32).view(np.uint32) & np.uint32(0xFFFFE000)).view(np.float32)


@pytest.mark.parametrize("which", [0, 1, 3], ids=["frag_b2-x4", "frag_b-x2", "mma_tile"])
def test_tf32_fragments_multiply_bit_exactly(mods: ModuleType, rng: np.random.Generator, which: int) -> None:
    """f32 inputs read as tf32 (m16n8k8): A 16 × 8, B stored n × k, the same ldmatrix forms."""
    a = rng.standard_normal((16, 8)).astype(np.float32)
    b = rng.standard_normal((8, 16)).astype(np.float32)
    c = np.full((16, 16), np.nan, np.float32)
    mods.mma_bt_tf32(which, 16, a, np.ascontiguousarray(b.T), c, threads=32, block=32)
    assert np.array_equal(c, f32_in_k_order(tf32(a), tf32(b)))


@pytest.mark.parametrize("kernel", ["mma_b_bf16", "mma_bt_bf16"])
def test_a_fragment_outside_its_tile_or_misaligned_traps(mods: ModuleType, kernel: str) -> None:
    zeros = BFloat16(np.zeros(256, np.uint16))
    with pytest.raises(mods.KernelTrap, match="a fragment load reaches outside its shared tile, or is not aligned"):
        getattr(mods, kernel)(4, 16, zeros, zeros, np.zeros(256, np.float32), threads=32, block=32)


@pytest.mark.parametrize("which", [0, 1, 2, 3])
@pytest.mark.parametrize(("r0", "c0", "aligned"), [(3, 8, True), (56, 40, True), (3, 8, False), (60, 150, False)])
def test_swizzled_tiles_hold_the_matrix_with_zeros_past_its_edges(
    mods: ModuleType, rng: np.random.Generator, which: int, r0: int, c0: int, aligned: bool
) -> None:
    """A tile of 2, 4, 8 or 16 chunks per row, filled by cp.async (16-byte-aligned rows) or by
    ordinary loads (the array one element off alignment), reads back as the matrix window at
    (r0, c0), with zeros past the matrix's edges."""
    cols = [16, 32, 64, 128][which]
    x = rng.integers(1, 0xFFFF, 64 * 160 + 1, dtype=np.uint16)
    view = x[1:] if not aligned else np.ascontiguousarray(x[:-1])
    out = np.zeros(16 * cols, np.uint16)
    mods.tile_round_trip(which, r0, c0, BFloat16(view), BFloat16(out), threads=16 * cols, block=64)
    window = np.zeros((16, cols), np.uint16)
    part = view.reshape(64, 160)[r0:r0 + 16, c0:c0 + cols]
    window[:part.shape[0], :part.shape[1]] = part
    assert np.array_equal(out.reshape(16, cols), window)


# ---------------------------------------------------------------- the pipeline


@pytest.mark.parametrize(("m", "n", "k"), [(64, 48, 16), (64, 48, 160), (100, 70, 45), (1, 1, 1), (130, 33, 8)])
def test_a_one_stage_pipeline_refills_behind_a_barrier(mods: ModuleType, rng: np.random.Generator,
                                                       m: int, n: int, k: int) -> None:
    a, b = to_bf16(rng.standard_normal((m, k))), to_bf16(rng.standard_normal((n, k)))
    c = np.full((m, n), np.nan, np.float32)
    mods.gemm_one_stage(m, n, k, BFloat16(a), BFloat16(b), c, threads=128 * up(m, 64) * up(n, 48), block=128)
    assert np.array_equal(c, f32_in_k_order(widen(a), widen(b).T))


def test_a_warp_tile_of_64_fragments_computes_every_output(mods: ModuleType, rng: np.random.Generator) -> None:
    """Every fragment of an `Accum<4, 16>`, beyond the 32 that the register loops write out straight."""
    m, n, k = 64, 128, 32
    a, b = to_bf16(rng.standard_normal((m, k))), to_bf16(rng.standard_normal((n, k)))
    c = np.full((m, n), np.nan, np.float32)
    mods.gemm_wide_warp(m, n, k, BFloat16(a), BFloat16(b), c, threads=32, block=32)
    assert np.array_equal(c, f32_in_k_order(widen(a), widen(b).T))


@pytest.mark.parametrize(("which", "message"), [
    (0, "cp.async pipeline: wait() with no stage filled; fill() one first"),
    (1, "cp.async pipeline: every stage is in use; wait for a stage (and drop its view) before filling another"),
    (2, "cp.async pipeline: wait() while the previous stage's view is alive; drop it first"),
    (3, "cp_async_pipeline! ran again while the pipeline it made before is alive (e.g. in a loop): both would use "
        "the same shared memory; drop the first one before"),
    (4, "the block's thread count is not the THREADS of its cp.async pipeline"),
    (6, "cp.async pipeline: fill_k_whole past the steps that whole_k proved whole; use fill_k"),
])
def test_the_pipeline_protocol_is_checked(mods: ModuleType, which: int, message: str) -> None:
    block = 64 if which == 4 else 32
    with pytest.raises(mods.KernelTrap) as info:
        mods.pipeline_misuse(which, BFloat16(np.zeros(256, np.uint16)), np.zeros(block, np.float32), threads=block,
                             block=block)
    # at the kernel's own call (the device crate's functions pass their caller's location on)
    assert str(info.value).startswith(f"pipeline_misuse(): the kernel trapped: {message} at kernels/probe.rs:"), \
        str(info.value)
    out = np.zeros(32, np.float32)
    mods.pipeline_misuse(5, BFloat16(np.zeros(256, np.uint16)), out, threads=32, block=32)  # one at a time: fine
    assert out.tolist() == [1.0] * 32


# ---------------------------------------------------------------- whole warps


def test_a_fragment_load_that_half_the_warp_skips_is_named(mods: ModuleType) -> None:
    with pytest.raises(mods.KernelBarrierError) as info:
        mods.half_warp_frag(16, BFloat16(np.zeros(256, np.uint16)), np.zeros(256, np.float32), threads=32, block=32)
    assert "lane 16 of warp 0 (thread (16, 0, 0) of block (0, 0, 0)) does not join the warp matrix load " \
           "ldmatrix.x4 that lane 0 waits at: it has returned; every lane of the warp must call it together" \
           in str(info.value), str(info.value)
    assert info.value.location.startswith("kernels/probe.rs:"), info.value.location


def test_lanes_at_two_different_mma_calls_are_named(mods: ModuleType) -> None:
    with pytest.raises(mods.KernelBarrierError) as info:
        mods.two_sites(16, BFloat16(np.zeros(256, np.uint16)), np.zeros(256, np.float32), threads=32, block=32)
    assert "lane 1 of warp 0 (thread (1, 0, 0) of block (0, 0, 0)) does not join the warp matrix multiply mma.sync " \
           "m16n8k16 (bf16) that lane 0 waits at: it waits at the warp matrix multiply mma.sync m16n8k16 (bf16) at " \
           "kernels/probe.rs:" in str(info.value), str(info.value)


# ---------------------------------------------------------------- WarpTiles ownership


def _owners(m: int, n: int, blocks: int) -> np.ndarray:
    """`WarpTiles<64, 32, 32, 16>`'s documented map: block → tile (bands of 8 tile rows), warp →
    part, lane → fragment elements; each element's writer as block << 32 | warp << 8 | lane."""
    bm, bn, wm, wn, band = 64, 32, 32, 16, 8
    tiles_m, tiles_n = up(m, bm), up(n, bn)
    expected = np.full((m, n), np.iinfo(np.uint64).max, np.uint64)
    for block in range(min(blocks, tiles_m * tiles_n)):
        first = block // (band * tiles_n) * band
        rest = block % (band * tiles_n)
        rows_in_band = min(tiles_m - first, band)
        tm, tn = first + rest % rows_in_band, rest // rows_in_band
        for w in range((bm // wm) * (bn // wn)):
            wr, wc = w // (bn // wn) * wm, w % (bn // wn) * wn
            for lane in range(32):
                g, t = divmod(lane, 4)
                rows = tm * bm + wr + g + np.array([0, 8, 16, 24])
                cols = tn * bn + wc + 2 * t + np.array([0, 1, 8, 9])
                rows, cols = rows[rows < m], cols[cols < n]
                expected[np.ix_(rows, cols)] = block << 32 | w << 8 | lane
    return expected


@pytest.mark.parametrize(("m", "n", "extra"), [(64, 32, 0), (65, 33, 3), (600, 40, 0), (1, 300, 1), (520, 100, 0)])
def test_warp_tiles_give_each_element_one_owner(mods: ModuleType, m: int, n: int, extra: int) -> None:
    """Every element of a ragged output is written exactly once, by the lane the layout names
    (bands of 8 tile rows: 600 rows span two bands); blocks past the last tile write nothing."""
    blocks = up(m, 64) * up(n, 32) + extra
    counts = np.zeros(m * n, np.uint32)
    out = np.full((m, n), np.iinfo(np.uint64).max, np.uint64)
    mods.owners(n, counts, out, threads=128 * blocks, block=128)
    assert counts.tolist() == [1] * (m * n)
    assert np.array_equal(out, _owners(m, n, blocks))


@pytest.mark.parametrize(("threads", "block"), [(128, 64), (256, 256), ((128, 2), (128, 1))])
def test_warp_tiles_refuse_another_block_or_a_2d_grid(mods: ModuleType, threads: object, block: object) -> None:
    counts = np.zeros(64 * 32, np.uint32)
    out = np.zeros((64, 32), np.uint64)
    mods.owners(32, counts, out, threads=threads, block=block)
    assert not counts.any() and not out.any()


# ---------------------------------------------------------------- the example's GEMMs (tensor.rs)


# (256, 128, 352): whole block tiles and 11 k steps, the whole loop's STAGES-step turns and remainder
SHAPES = [(128, 128, 32), (130, 257, 77), (1, 8, 8), (200, 136, 96), (17, 300, 40), (256, 128, 200), (100, 50, 0),
          (256, 128, 352)]


@pytest.mark.parametrize(("m", "n", "k"), SHAPES)
@pytest.mark.parametrize("kernel", ["gemm_bf16", "gemm_bf16_nt"])
def test_example_gemm_is_f32_exact_in_k_order(mods: ModuleType, rng: np.random.Generator, kernel: str,
                                              m: int, n: int, k: int) -> None:
    a, b = to_bf16(rng.standard_normal((m, k))), to_bf16(rng.standard_normal((k, n)))
    stored = b if kernel == "gemm_bf16" else np.ascontiguousarray(b.T)
    c = np.full((m, n), np.nan, np.float32)
    getattr(mods, kernel)(m, n, k, BFloat16(a), BFloat16(stored), c)
    assert np.array_equal(c, f32_in_k_order(widen(a), widen(b)))


@pytest.mark.parametrize(("m", "n", "k"), [(128, 128, 16), (130, 257, 77), (1, 4, 3), (200, 136, 96), (0, 8, 8), (128, 128, 112)])
def test_example_tf32_gemm_is_f32_exact_in_k_order(mods: ModuleType, rng: np.random.Generator,
                                                  m: int, n: int, k: int) -> None:
    a = rng.standard_normal((m, k)).astype(np.float32)
    b = rng.standard_normal((n, k)).astype(np.float32)
    c = np.full((m, n), np.nan, np.float32)
    mods.gemm_tf32_nt(m, n, k, a, b, c)
    assert np.array_equal(c, f32_in_k_order(tf32(a), tf32(b).T))


def test_example_gemm_copies_misaligned_rows_by_loads(mods: ModuleType, rng: np.random.Generator) -> None:
    """Arrays one element off 16-byte alignment (and K a multiple of 8) take the ordinary loads."""
    m, n, k = 70, 140, 64
    a = np.concatenate([[0], to_bf16(rng.standard_normal(m * k))]).astype(np.uint16)[1:]
    b = np.concatenate([[0], to_bf16(rng.standard_normal(n * k))]).astype(np.uint16)[1:]
    assert a.ctypes.data % 16 and b.ctypes.data % 16
    c = np.full((m, n), np.nan, np.float32)
    mods.gemm_bf16_nt(m, n, k, BFloat16(a), BFloat16(b), c)
    assert np.array_equal(c, f32_in_k_order(widen(a).reshape(m, k), widen(b).reshape(n, k).T))


def test_example_gemm_with_bf16_output_rounds_the_f32_sums(mods: ModuleType, rng: np.random.Generator) -> None:
    m, n, k = 150, 90, 72
    a, w = to_bf16(rng.standard_normal((m, k))), to_bf16(rng.standard_normal((n, k)))
    c = np.zeros((m, n), np.uint16)
    mods.gemm_bf16_nt_bf16(m, n, k, BFloat16(a), BFloat16(w), BFloat16(c))
    assert np.array_equal(c, to_bf16(f32_in_k_order(widen(a), widen(w).T)))


def test_example_linear_gelu(mods: ModuleType, rng: np.random.Generator) -> None:
    import math

    m, n, k = 130, 200, 48
    a, w = to_bf16(rng.standard_normal((m, k))), to_bf16(rng.standard_normal((n, k)) / 4)
    bias = to_bf16(rng.standard_normal(n))
    c = np.zeros((m, n), np.uint16)
    mods.linear_gelu_bf16(m, n, k, BFloat16(a), BFloat16(w), BFloat16(bias), BFloat16(c))
    x = (f32_in_k_order(widen(a), widen(w).T) + widen(bias)).astype(np.float64)
    erf = np.vectorize(math.erf)
    ref = 0.5 * x * (1 + erf(x / math.sqrt(2)))
    got = widen(c).astype(np.float64)
    # within one bf16 rounding (2^-8 relative) of the f64 GELU of the f32 sums
    assert np.all(np.abs(got - ref) <= 2.0 ** -8 * np.abs(ref) + 1e-6), np.abs(got - ref).max()


@pytest.mark.parametrize("kernel", ["gemm_bf16", "gemm_bf16_nt", "gemm_bf16_nt_bf16", "gemm_tf32_nt", "linear_gelu_bf16"])
def test_example_gemm_takes_its_data_alone(mods: ModuleType, rng: np.random.Generator, kernel: str) -> None:
    """`#[dims(a = (m, k), b = (n, k))]`: the call of the operands alone reads m, n, k from their shapes and
    writes the bits that the call with every scalar (and flat arrays) writes; the output made when left
    out (NumPy operands: tf32); operands whose dims disagree are refused in one line before anything runs."""
    m, n, k = 130, 72, 40
    tf32, f32 = kernel == "gemm_tf32_nt", kernel in ("gemm_bf16", "gemm_bf16_nt", "gemm_tf32_nt")
    shape_b = (k, n) if kernel == "gemm_bf16" else (n, k)
    if tf32:
        a, b = rng.standard_normal((m, k)).astype(np.float32), rng.standard_normal(shape_b).astype(np.float32)
    else:
        a, b = to_bf16(rng.standard_normal((m, k))), to_bf16(rng.standard_normal(shape_b) / 4)
    wrap: Any = (lambda x: x) if tf32 else BFloat16
    bias = [wrap(to_bf16(rng.standard_normal(n)))] if kernel == "linear_gelu_bf16" else []
    outs = [np.zeros((m, n), np.float32 if f32 else np.uint16) for _ in range(2)]
    given = [c if f32 else BFloat16(c) for c in outs]
    stub = getattr(mods, kernel)
    stub(m, n, k, wrap(a.ravel()), wrap(b.ravel()), *bias, given[0].ravel() if f32 else BFloat16(outs[0].ravel()))
    assert stub(wrap(a), wrap(b), *bias, given[1]) is given[1]
    assert outs[0].any() and np.array_equal(outs[0], outs[1])
    if tf32:
        assert np.array_equal(stub(a, b), outs[0])
    wrong = wrap(b.reshape(shape_b[::-1]) if kernel == "gemm_bf16" else np.ascontiguousarray(b[:, : k // 2]))
    with pytest.raises(mods.KernelValueError, match=rf"^{kernel}\(\): arguments `a` and `(b|w)` disagree on `k`"):
        stub(wrap(a), wrong, *bias, given[1])


GEMM_GRID = ("{kernel}(): `threads=384` differs from the kernel's declared launch `grid = cdiv(m, 128) * cdiv(n, 128)` "
             "(threads=512 for these arguments); leave `threads` out")
GEMM_BLOCK = "{kernel}(): `block=64` differs from the kernel's declared launch `block = 128`; leave `block` out"
GEMM_2D = ("{kernel}(): `threads=(512, 2)` differs from the kernel's declared launch `grid = cdiv(m, 128) * cdiv(n, 128)` "
           "(threads=512 for these arguments); leave `threads` out")
# the same launches given to the run time's general path, past the declaration: the `where` refuses them
WHERE_GRID = ("{kernel}(): requirement `blocks.x == blocks >= cdiv(m, 128) * cdiv(n, 128)` failed: blocks.x = 3, "
              "blocks = 3, m = 256, n = 256; launch at least 4 blocks: threads=512")
WHERE_BLOCK = "{kernel}(): requirement `block.x == block == 128` failed: block.x = 64, block = 64; pass block=128"
WHERE_2D = ("{kernel}(): requirement `blocks.x == blocks >= cdiv(m, 128) * cdiv(n, 128)` failed: blocks.x = 4, "
            "blocks = 8, m = 256, n = 256; launch a 1-D grid: 1 block along y and z (threads and block ints)")


@pytest.mark.parametrize("kernel", ["gemm_bf16", "gemm_bf16_nt", "gemm_bf16_nt_bf16", "gemm_tf32_nt", "linear_gelu_bf16"])
def test_example_gemm_refuses_a_wrong_launch_before_it_runs(mods: ModuleType, kernel: str) -> None:
    """Too few blocks for C, another block, a 2-D grid (whose blocks the device would give no
    tile): refused against the kernel's declared launch in one line that says what it is, before
    the emulated device runs (its trap stays behind, as on the GPU); given to the run time's general
    path past the declaration, refused by the kernel's `where (...)` in one line that says what to
    pass; then the declared launch runs, left out or given."""
    tf32 = kernel == "gemm_tf32_nt"
    a = np.zeros(256 * 32, np.float32) if tf32 else BFloat16(np.zeros(256 * 32, np.uint16))
    f32 = kernel in ("gemm_bf16", "gemm_bf16_nt", "gemm_tf32_nt")
    out = np.full((256, 256), np.nan, np.float32) if f32 else np.full((256, 256), 0x7FC0, np.uint16)  # NaN
    c = out if f32 else BFloat16(out)
    args = (256, 256, 32, a, a, *([BFloat16(np.zeros(256, np.uint16))] if kernel == "linear_gelu_bf16" else []), c)
    for launch, message in [({"threads": 128 * 3}, GEMM_GRID), ({"block": 64}, GEMM_BLOCK),
                            ({"threads": (128 * 4, 2)}, GEMM_2D)]:
        with pytest.raises(mods.KernelValueError) as caught:
            getattr(mods, kernel)(*args, **launch)
        assert str(caught.value) == message.format(kernel=kernel)
    for (threads, block), message in [((128 * 3, None), WHERE_GRID), ((64 * 8, 64), WHERE_BLOCK),
                                      (((128 * 4, 2), (128, 1)), WHERE_2D)]:
        with pytest.raises(mods.KernelValueError) as caught:
            mods._module.kernel(kernel)(args, None, threads, block)
        assert str(caught.value) == message.format(kernel=kernel)
    assert (out.view(np.uint32 if f32 else np.uint16) == (0x7FC00000 if f32 else 0x7FC0)).all()  # nothing ran
    getattr(mods, kernel)(*args)  # the declared launch: 4 blocks of 128 threads
    assert (out == 0).all()  # zeros times zeros (and gelu(0 + 0)), every element written
    getattr(mods, kernel)(*args, threads=512, block=128)  # the same values, given


def test_the_docs_show_the_gemms_requirements_and_messages(mods: ModuleType) -> None:
    """docs/requirements.md shows tensor.rs's `#[launch(...)]` and `where (...)` as they are, and the
    messages a wrong launch of it gets, against the declaration and past it, as emulation gives them."""
    page = (REPO / "docs" / "requirements.md").read_text()
    source = (EXAMPLE / "kernels" / "tensor.rs").read_text()
    head = source[source.rindex("    #[launch(", 0, source.index("pub fn gemm_bf16_nt(")):].split(" {\n", 1)[0]
    assert head in page, head
    for message in (GEMM_GRID, GEMM_BLOCK, GEMM_2D, WHERE_GRID, WHERE_BLOCK, WHERE_2D):
        assert message.format(kernel="gemm_bf16_nt") in page, message
