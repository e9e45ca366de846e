"""Int8 tensor cores in emulation: the s8 fragments, `mma.sync` m16n8k32 with s32 accumulators, i8
tiles in the `cp.async` pipeline and `example-project/kernels/int8.rs`'s `gemm_s8_nt` (the emulated
twin of `tests/test_gpu_int8.py`), run on the CPU through a real build and the generated stubs.

Integer sums are exact and wrap in s32 as the hardware's do (no `.satfinite`), in any order, so
every result here is bit-exact against NumPy's int64 products cast to int32.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest

from conftest import EXAMPLE, emulated

pytestmark = pytest.mark.skipif(
    not (sys.platform.startswith("linux") and os.uname().machine == "x86_64"), reason="emulation runs on x86-64 Linux"
)

PROBE = """\
use oxpack::prelude::*;
use oxpack::mma::s8::{mma_sync_s8, AccumS32};

/// One warp, one 16 × 16 output tile.
type One = WarpTiles<16, 16, 16, 16>;

kernel! {
    /// c = a·bᵀ for a 16 × 32 and b 16 × 32 (n × k), by fragments: `which` 0: frag_a and frag_b2
    /// (ldmatrix.x4); 1: frag_b twice (x2); 2: AccumS32::mma_tile; 3: accumulators started at
    /// `start` (wrapping sums); 4: a misaligned fragment (traps); 5: half the warp (divergent).
    pub fn mma_s8_probe(which: u32, start: i32, a: &[i8], b: &[i8], c: &mut DisjointSlice<i32, One> = (16))
    where (len(a) == 512, len(b) == 512, len(c) == 256) {
        let pipe = cp_async_pipeline!(1, 32, ATile<i8, 16, 32>, BtTile<i8, 16, 32>);
        let (Some(am), Some(bm)) = (matrix(a, 32, 16), matrix(b, 32, 16)) else { trap() };
        pipe.fill(&am, (0, 0), &bm, (0, 0));
        let stage = pipe.wait();
        let (ta, tb) = (stage.a(), stage.b());
        let mut acc = AccumS32::<1, 2>::zero();
        match which {
            0 => {
                let fa = ta.frag_a(0, 0);
                let [b0, b1] = tb.frag_b2(0, 0);
                mma_sync_s8(&fa, &b0, acc.frag_mut(0, 0));
                mma_sync_s8(&fa, &b1, acc.frag_mut(0, 1));
            }
            1 => {
                let fa = ta.frag_a(0, 0);
                mma_sync_s8(&fa, &tb.frag_b(0, 0), acc.frag_mut(0, 0));
                mma_sync_s8(&fa, &tb.frag_b(8, 0), acc.frag_mut(0, 1));
            }
            2 => acc.mma_tile(&ta, &tb, WarpPos { row: 0, col: 0 }),
            3 => {
                acc.for_each_mut(|_, _, v| *v = start);
                acc.mma_tile(&ta, &tb, WarpPos { row: 0, col: 0 });
            }
            4 => {
                let _ = tb.frag_b(4, 0);
            }
            _ => {
                if lane_id() < 16 {
                    let fa = ta.frag_a(0, 0);
                    mma_sync_s8(&fa, &tb.frag_b(0, 0), acc.frag_mut(0, 0));
                }
            }
        }
        drop(stage);
        if let Some(mut t) = c.warp_tile() {
            t.store_s32(&acc);
        }
    }

    /// y = !x + i8 x' for bytes: u8 and i8 arrays as plain element types.
    pub fn bytes(i: ThreadIndex, x: &[u8], z: &[i8], y: &mut DisjointSlice<u8>) where (len(x) == len(y), len(z) == len(y)) {
        if let (Some(v), Some(&a), Some(&b)) = (y.get_mut(i), x.get(i.get()), z.get(i.get())) {
            *v = !a ^ (b as u8);
        }
    }

    /// c = scale · a·bᵀ in f32 through `store_s32_with` (a dequantizing epilogue), one warp, 16 × 16
    /// outputs, k = 64 in one stage (two fragment depths).
    pub fn mma_s8_dequant(scale: f32, a: &[i8], b: &[i8], c: &mut DisjointSlice<f32, One> = (16))
    where (len(a) == 1024, len(b) == 1024, len(c) == 256) {
        let pipe = cp_async_pipeline!(1, 32, ATile<i8, 16, 64>, BtTile<i8, 16, 64>);
        let (Some(am), Some(bm)) = (matrix(a, 64, 16), matrix(b, 64, 16)) else { trap() };
        pipe.fill(&am, (0, 0), &bm, (0, 0));
        let stage = pipe.wait();
        let mut acc = AccumS32::<1, 2>::zero();
        acc.mma_tile(&stage.a(), &stage.b(), WarpPos { row: 0, col: 0 });
        drop(stage);
        if let Some(mut t) = c.warp_tile() {
            t.store_s32_with(&acc, |_, _, v| v as f32 * scale);
        }
    }
}
"""


@pytest.fixture(scope="module")
def mods(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ModuleType]:
    """The probes and the example's `int8.rs`, built with `emulation = true`, emulating."""
    yield from emulated(tmp_path_factory.mktemp("int8"), "int8probe",
                        {"probe.rs": PROBE, "int8.rs": (EXAMPLE / "kernels" / "int8.rs").read_text()})


@pytest.fixture
def rng() -> np.random.Generator:
    return np.random.default_rng(19)


def exact(a: np.ndarray, bt: np.ndarray, start: int = 0) -> np.ndarray:
    """a·bᵀ + start in int64, wrapped to int32 as the s32 sums of the tensor cores are."""
    return (a.astype(np.int64) @ bt.astype(np.int64).T + start).astype(np.int32)


@pytest.mark.parametrize("which", [0, 1, 2], ids=["frag_b2-x4", "frag_b-x2", "mma_tile"])
def test_s8_fragments_multiply_bit_exactly(mods: ModuleType, rng: np.random.Generator, which: int) -> None:
    """Both B load forms and the warp's accumulator block give a·bᵀ exactly, over the whole s8
    range (-128 included): the fragment layouts are PTX's m16n8k32 ones."""
    a = rng.integers(-128, 128, (16, 32), dtype=np.int8)
    b = rng.integers(-128, 128, (16, 32), dtype=np.int8)
    a[0, :] = -128  # the extremes: (-128)·(-128) and (-128)·127
    b[0, :], b[1, :] = -128, 127
    c = np.full((16, 16), -1, np.int32)
    mods.mma_s8_probe(which, 0, a.ravel(), b.ravel(), c, threads=32, block=32)
    assert np.array_equal(c, exact(a, b))


def test_s32_sums_wrap_as_the_hardware_does(mods: ModuleType, rng: np.random.Generator) -> None:
    """Accumulators started near the ends of the s32 range wrap around (no `.satfinite`)."""
    a = np.full((16, 32), 127, np.int8)
    b = np.full((16, 32), 127, np.int8)
    c = np.zeros((16, 16), np.int32)
    start = 2**31 - 1000  # + 32 · 127² = 516,128: past i32::MAX
    mods.mma_s8_probe(3, start, a.ravel(), b.ravel(), c, threads=32, block=32)
    assert np.array_equal(c, exact(a, b, start)) and (c < 0).all()
    b = -b
    mods.mma_s8_probe(3, -start, a.ravel(), b.ravel(), c, threads=32, block=32)
    assert np.array_equal(c, exact(a, b, -start)) and (c > 0).all()


def test_a_dequantizing_epilogue_stores_f32(mods: ModuleType, rng: np.random.Generator) -> None:
    a = rng.integers(-128, 128, (16, 64), dtype=np.int8)
    b = rng.integers(-128, 128, (16, 64), dtype=np.int8)
    c = np.full((16, 16), np.nan, np.float32)
    mods.mma_s8_dequant(0.25, a.ravel(), b.ravel(), c, threads=32, block=32)
    assert np.array_equal(c, exact(a, b).astype(np.float32) * np.float32(0.25))


def test_a_misaligned_s8_fragment_traps(mods: ModuleType) -> None:
    zeros = np.zeros(512, np.int8)
    with pytest.raises(mods.KernelTrap, match="a fragment load reaches outside its shared tile, or is not aligned"):
        mods.mma_s8_probe(4, 0, zeros, zeros, np.zeros(256, np.int32), threads=32, block=32)


def test_an_s8_mma_in_half_a_warp_is_a_barrier_error(mods: ModuleType) -> None:
    zeros = np.zeros(512, np.int8)
    with pytest.raises(mods.KernelBarrierError, match="ldmatrix"):
        mods.mma_s8_probe(5, 0, zeros, zeros, np.zeros(256, np.int32), threads=32, block=32)


def test_u8_and_i8_arrays_end_to_end(mods: ModuleType, rng: np.random.Generator, tmp_path: Path) -> None:
    """Byte arrays in and out (NumPy's "|u1" and "|i1"), and the manifest's dtypes and Rust types."""
    x = rng.integers(0, 256, 1000, dtype=np.uint8)
    z = rng.integers(-128, 128, 1000, dtype=np.int8)
    y = np.zeros(1000, np.uint8)
    mods.bytes(x, z, y)
    assert np.array_equal(y, ~x ^ z.view(np.uint8))
    with pytest.raises(TypeError, match=r"bytes\(\): argument `z` must be an? int8"):
        mods.bytes(x, x, y)
    params = mods._module.kernel("bytes").params
    assert [(p.name, p.kind, p.dtype.name, p.dtype.typestr) for p in params if p.kind != "index"] == [
        ("x", "in", "uint8", "|u1"), ("z", "in", "int8", "|i1"), ("y", "out", "uint8", "|u1")]


# ---------------------------------------------------------------- the example's gemm_s8_nt (int8.rs)


# (128, 128, 384): whole tiles and 6 steps, the k loop's STAGES-step turn and its remainder
@pytest.mark.parametrize(("m", "n", "k"), [(1, 1, 1), (130, 33, 64), (100, 70, 45), (64, 200, 208), (20, 9, 0),
                                          (128, 128, 384)])
def test_example_gemm_s8_nt_is_exact(mods: ModuleType, rng: np.random.Generator, m: int, n: int, k: int) -> None:
    """Any M, N, K (ragged edges, K not a multiple of 16: rows copied by ordinary loads; several
    pipeline stages) against NumPy's int64 products cast to int32."""
    a = rng.integers(-128, 128, (m, k), dtype=np.int8)
    b = rng.integers(-128, 128, (n, k), dtype=np.int8)
    c = np.full((m, n), -7, np.int32)
    mods.gemm_s8_nt(m, n, k, a, b, c)
    assert np.array_equal(c, exact(a, b))


def test_example_gemm_s8_nt_refuses_a_wrong_launch_before_it_runs(mods: ModuleType) -> None:
    a = np.zeros((256, 32), np.int8)
    c = np.full((256, 256), -7, np.int32)
    for launch, message in [
        ({"threads": 128 * 3}, "`threads=384` differs from the kernel's declared launch `grid = cdiv(m, 128) * "
                               "cdiv(n, 128)` (threads=512 for these arguments); leave `threads` out"),
        ({"block": 64}, "`block=64` differs from the kernel's declared launch `block = 128`; leave `block` out"),
    ]:
        with pytest.raises(mods.KernelValueError) as caught:
            mods.gemm_s8_nt(256, 256, 32, a, a, c, **launch)
        assert str(caught.value) == f"gemm_s8_nt(): {message}"
    assert (c == -7).all()  # nothing ran
    mods.gemm_s8_nt(256, 256, 32, a, a, c)
    assert (c == 0).all()


def test_example_gemm_s8_nt_refuses_other_dtypes(mods: ModuleType) -> None:
    a = np.zeros((4, 4), np.uint8)
    with pytest.raises(TypeError, match=r"gemm_s8_nt\(\): argument `a` must be an? int8"):
        mods.gemm_s8_nt(4, 4, 4, a, np.zeros((4, 4), np.int8), np.zeros((4, 4), np.int32))
