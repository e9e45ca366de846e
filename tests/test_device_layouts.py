"""The cooperative layouts, built for real and run emulated against NumPy.

Rows per warp and per block (element by element and 16 bytes at a time), grid-stride
ownership, one value per block or per warp, and shapes bound from `len(...)` and
arithmetic. Every "touch" kernel adds 1 to each element its thread owns: an element with
two owners would read 2, one with none 0, so each test proves the layout is a partition of
the output at that launch shape (partial warps, partial blocks, ragged rows, 2-D and 3-D
blocks). The PTX checks show the 16-byte paths are 16-byte instructions. The example's
norm kernels (`example-project/kernels/norm.rs`) run here too, against NumPy; their GPU
twins are in tests/test_gpu_layouts.py.
"""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest
from bf16 import BFloat16, to_bf16
from conftest import emulated, emulation_project, example_kernel_files

pytestmark = pytest.mark.skipif(
    not (sys.platform.startswith("linux") and os.uname().machine == "x86_64"), reason="emulation runs on x86-64 Linux"
)

LAYOUTS = """\
use oxpack::block;
use oxpack::prelude::*;

kernel! {
    /// +1 on each element of the calling lane's share of its warp's row.
    pub fn touch_warp_rows(cols: u32, out: &mut DisjointSlice<u32, WarpRows> = (cols)) {
        let i = index_1d(); // any launch shape
        if let Some(row) = out.warp_row(i) {
            for (_, o) in row.iter_mut() {
                *o += 1;
            }
        }
    }

    /// +1 on each lane of each 16-byte chunk of the calling lane's share, u32 (4 lanes).
    pub fn touch_warp_rows_u32x4(i: ThreadIndex, cols: u32, out: &mut DisjointSlice<u32, WarpRows<Vec4>> = (cols)) {
        if let Some(row) = out.warp_row(i) {
            for (_, mut o) in row.iter_mut() {
                let v = o.get();
                o.set(U32x4(v.0.map(|e| e + 1)));
            }
        }
    }

    /// +1 on each element of the block's row, 16 bytes (4 lanes) at a time.
    pub fn touch_block_rows_u32x4(i: ThreadIndex, cols: u32, out: &mut DisjointSlice<u32, BlockRows<Vec4>> = (cols)) {
        if let Some(row) = out.block_row(i) {
            for (_, mut o) in row.iter_mut() {
                let v = o.get();
                o.set(U32x4(v.0.map(|e| e + 1)));
            }
        }
    }

    /// +1 on each element of each row of the block's group of 3 rows (`BlockRowGroups<3>`), and the group's
    /// fourth row, which is none.
    pub fn touch_row_groups(i: ThreadIndex, cols: u32, out: &mut DisjointSlice<u32, BlockRowGroups<3>> = (cols)) {
        let mut r = 0;
        while let Some(row) = out.group_row(i, r) {
            for (_, o) in row.iter_mut() {
                *o += 1;
            }
            r += 1;
        }
        if out.group_row(i, 3).is_some() {
            trap();
        }
    }

    /// Each element of each row of the block's group of 3 rows ← 1 + the writing thread's number in its block, 16
    /// bytes (4 lanes) at a time: a thread has the same chunks in every row of its group.
    pub fn owners_row_groups_u32x4(i: ThreadIndex, cols: u32,
                                   out: &mut DisjointSlice<u32, BlockRowGroups<3, Vec4>> = (cols)) {
        let mut r = 0;
        while let Some(row) = out.group_row(i, r) {
            for (_, mut o) in row.iter_mut() {
                let v = o.get();
                o.set(U32x4(v.0.map(|e| e + 1 + thread_idx().x)));
            }
            r += 1;
        }
    }

    /// +1 on each element of the calling thread's grid-stride share.
    pub fn touch_grid_stride(out: &mut DisjointSlice<u32, GridStride>) {
        let i = index_1d(); // any launch shape
        if let Some(mine) = out.grid_stride(i) {
            for (_, o) in mine.iter_mut() {
                *o += 1;
            }
        }
    }

    /// +1 on each lane of the calling thread's grid-stride chunks.
    pub fn touch_grid_stride_u32x4(i: ThreadIndex, out: &mut DisjointSlice<u32, GridStride<Vec4>>) {
        if let Some(mine) = out.grid_stride(i) {
            for (_, mut o) in mine.iter_mut() {
                let v = o.get();
                o.set(U32x4(v.0.map(|e| e + 1)));
            }
        }
    }

    /// Each element of a warp's row gets its row number; the warp's value its warp number,
    /// and the block's value its block number, + 1 each (0: never written).
    pub fn number_rows(
        cols: u32,
        rows: &mut DisjointSlice<u32, WarpRows> = (cols),
        warps: &mut DisjointSlice<u32, OnePerWarp>,
        blocks: &mut DisjointSlice<u32, OnePerBlock>,
    ) {
        let i = index_1d(); // any launch shape
        if let Some(row) = rows.warp_row(i) {
            let r = row.row() as u32;
            for (_, o) in row.iter_mut() {
                *o += r + 1;
            }
        }
        if let Some(o) = warps.warp_value(i) {
            *o += warp_id() + 1;
        }
        if let Some(o) = blocks.block_value(i) {
            *o += 1;
        }
    }

    /// out = 2 x + column, one warp per row, f32 in 16-byte chunks.
    pub fn warp_rows_f32x4(i: ThreadIndex, x: &[f32], w: &[f32], out: &mut DisjointSlice<f32, WarpRows<Vec4>> = (len(w)))
    where (len(x) == len(out)) {
        if let Some(row) = out.warp_row(i) {
            let xr = &x[row.range()];
            for (c, mut o) in row.iter_mut() {
                let v = load4(xr, c).unwrap_or_default();
                o.set(F32x4(core::array::from_fn(|l| 2.0 * v.0[l] + (4 * c + l) as f32)));
            }
        }
    }

    /// out = x, bf16 in 16-byte chunks of 8, one block per row.
    pub fn block_rows_bf16x8(i: ThreadIndex, cols: u32, x: &[BF16], out: &mut DisjointSlice<BF16, BlockRows<Vec4>> = (cols))
    where (len(x) == len(out)) {
        if let Some(row) = out.block_row(i) {
            let xr = &x[row.range()];
            for (c, mut o) in row.iter_mut() {
                o.set(load4(xr, c).unwrap_or_default());
            }
        }
    }

    /// Row means through registers: `mean` one per warp, out = x - mean; a row too long for
    /// 4 chunks a lane is left alone (`load` is `None` for the whole warp).
    pub fn center_rows(i: ThreadIndex, x: &[f32], w: &[f32], out: &mut DisjointSlice<f32, WarpRows<Vec4>> = (len(w)),
                       mean: &mut DisjointSlice<f32, OnePerWarp>)
    where (len(x) == len(out), len(w) >= 1) {
        let Some(row) = out.warp_row(i) else { return };
        let Some(v) = RegChunks::<f32, _, 4>::load(&row, &x[row.range()]) else { return };
        let m = warp_sum(v.fold(0.0, |a, e| a + e)) / row.cols() as f32;
        if let Some(o) = mean.warp_value(i) {
            *o = m;
        }
        v.map(|e| e - m).store(row);
    }

    /// `RegChunks` against rows of other lengths: each warp reads the first `keep` elements
    /// of the one row `x` (its chunks past them read zero and are not folded), sums them into
    /// `sums`, and stores the chunks into its row of `out` (len(x) columns) and of `half`
    /// (len(x) / 2 columns: a shorter output row, so fewer chunks written, counted in `written`).
    /// `map_with_store` writes held + 2·x + 4·(x's first keep / 2) to its row of `fused` (len(x)
    /// / 2 columns too), the chunks written counted in `fused_written`.
    pub fn chunks_of_other_lengths(i: ThreadIndex, keep: u32, x: &[f32],
                                   out: &mut DisjointSlice<f32, WarpRows<Vec4>> = (len(x)),
                                   half: &mut DisjointSlice<f32, WarpRows<Vec4>> = (len(x) / 2),
                                   fused: &mut DisjointSlice<f32, WarpRows<Vec4>> = (len(x) / 2),
                                   sums: &mut DisjointSlice<f32, OnePerWarp>,
                                   written: &mut DisjointSlice<u32, OnePerWarp>,
                                   fused_written: &mut DisjointSlice<u32, OnePerWarp>)
    where (len(x) >= 2) {
        let (Some(row), Some(short), Some(f)) = (out.warp_row(i), half.warp_row(i), fused.warp_row(i)) else { return };
        let input = &x[..(keep as usize).min(x.len())];
        let Some(v) = RegChunks::<f32, _, 4>::load(&row, input) else { return };
        let s = warp_sum(v.fold(0.0, |a, e| a + e));
        let n = v.store(short) as u32;
        let quarter = &x[..(keep as usize / 2).min(x.len())]; // shorter than the row loaded: lane by lane
        let nf = v.map_with_store([x, quarter], |a, [p, q]| F32x4(core::array::from_fn(|l| a.0[l] + 2.0 * p.0[l] + 4.0 * q.0[l])),
                                  f) as u32;
        v.store(row);
        if let Some(o) = sums.warp_value(i) {
            *o = s;
        }
        if let Some(o) = written.warp_value(i) {
            *o = n;
        }
        if let Some(o) = fused_written.warp_value(i) {
            *o = nf;
        }
    }

    /// `map_with` and `map_with_loads_first` over the same rows, each to its own output: x + 2·w +
    /// 4·q a chunk, q as long as w or shorter (its chunks past its end read zero).
    pub fn loads_first_rows(i: ThreadIndex, x: &[f32], w: &[f32], q: &[f32],
                            plain: &mut DisjointSlice<f32, WarpRows<Vec4>> = (len(w)),
                            first: &mut DisjointSlice<f32, WarpRows<Vec4>> = (len(w)))
    where (len(w) >= 1, len(x) == len(plain), len(x) == len(first)) {
        let (Some(a), Some(b)) = (plain.warp_row(i), first.warp_row(i)) else { return };
        let (Some(v), Some(u)) = (RegChunks::<f32, _, 4>::load(&a, &x[a.range()]),
                                  RegChunks::<f32, _, 4>::load(&b, &x[b.range()])) else { return };
        let f = |p: F32x4, [u, z]: [F32x4; 2]| F32x4(core::array::from_fn(|l| p.0[l] + 2.0 * u.0[l] + 4.0 * z.0[l]));
        v.map_with([w, q], f).store(a);
        u.map_with_loads_first([w, q], f).store(b);
    }

    /// Block sums of rows of `len(x) / len(sums)` through a block reduction, one per block.
    pub fn block_sums(i: ThreadIndex, x: &[f32], sums: &mut DisjointSlice<f32, OnePerBlock>,
                      out: &mut DisjointSlice<f32, BlockRows> = (len(x) / len(sums)))
    where (len(sums) >= 1, len(x) % len(sums) == 0, len(out) == len(x)) {
        let Some(row) = out.block_row(i) else { return };
        let xr = &x[row.range()];
        let mut s = 0.0;
        for c in row.columns() {
            s += xr[c];
        }
        let total = block::sum_f32(s);
        if let Some(o) = sums.block_value(i) {
            *o = total;
        }
        for (c, o) in row.iter_mut() {
            *o = xr[c] - total;
        }
    }

    /// Each warp's sum of `x` (by the launch's linear index; lanes past `x` add 0) and each
    /// block's, one value per warp and per block: right at any block shape.
    pub fn warp_sums(x: &[f32], sums: &mut DisjointSlice<f32, OnePerWarp>, totals: &mut DisjointSlice<f32, OnePerBlock>) {
        let i = index_1d(); // any launch shape
        let v = x.get(i.get()).copied().unwrap_or(0.0);
        let (s, t) = (warp_sum(v), block::sum_f32(v));
        if let Some(o) = sums.warp_value(i) {
            *o = s;
        }
        if let Some(o) = totals.block_value(i) {
            *o = t;
        }
    }

    /// `warp_sums` for blocks of whole warps only: its sums carry no partial-warp path.
    #[whole_warps]
    pub fn warp_sums_whole(x: &[f32], sums: &mut DisjointSlice<f32, OnePerWarp>,
                           totals: &mut DisjointSlice<f32, OnePerBlock>) {
        let i = index_1d(); // any launch shape whose blocks are whole warps
        let v = x.get(i.get()).copied().unwrap_or(0.0);
        let (s, t) = (warp_sum(v), block::sum_f32(v));
        if let Some(o) = sums.warp_value(i) {
            *o = s;
        }
        if let Some(o) = totals.block_value(i) {
            *o = t;
        }
    }

    /// Shapes from arithmetic: a `rows × (2·half + 1)` matrix and a `w × (h / 2 + 1)` volume.
    pub fn shaped(ij: ThreadIndex2, half: u32, h: u64, m: &mut DisjointSlice<u32, Rows> = ((half * 2) + 1),
                  v: &mut DisjointSlice<u32, Volume> = (len(m) % 7 + 3, h / 2 + 1)) {
        let width = m.width() as u32;
        if let Some(o) = m.get_mut_2d(ij) {
            *o += width;
        }
        let _ = v;
    }
}
"""


def _built(tmp: Path, name: str, files: dict[str, str]) -> Iterator[tuple[ModuleType, Path]]:
    for module in emulated(tmp, name, files, archs=("sm_90",)):
        yield module, tmp / "proj"


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[ModuleType, Path]]:
    yield from _built(tmp_path_factory.mktemp("layouts"), "layproj", {"layouts.rs": LAYOUTS})


@pytest.fixture(scope="module")
def lay(built: tuple[ModuleType, Path]) -> ModuleType:
    return built[0]


@pytest.fixture(scope="module")
def norm(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ModuleType]:
    """The example's norm.rs, alone (with the example's shared `common/mod.rs`) in a project built with
    emulation."""
    for module, _ in _built(tmp_path_factory.mktemp("norm"), "normproj", example_kernel_files("norm.rs")):
        yield module


BLOCKS = [1, 7, 32, 33, 100, 256]  # partial last warps (1, 7, 33, 100) and full ones
RAGGED = [1, 3, 4, 5, 31, 37, 128, 130, 1001]


def _warp_launch(rows: int, block: int) -> int:
    """Threads for one warp per row at `block` threads a block (its last warp may be partial)."""
    warps = -(-block // 32)
    return -(-rows // warps) * block


@pytest.mark.parametrize("block", BLOCKS)
def test_warp_rows_partition_the_output(lay: ModuleType, block: int) -> None:
    for cols in RAGGED:
        rows = 5
        out = np.zeros(rows * cols, np.uint32)
        lay.touch_warp_rows(cols, out, threads=_warp_launch(rows, block) + block, block=block)  # a block too many
        assert np.array_equal(out, np.ones_like(out)), f"block={block} cols={cols}: {out.reshape(rows, cols)}"
        out = np.zeros(rows * cols + cols // 2, np.uint32)  # the buffer ends inside a sixth row
        lay.touch_warp_rows_u32x4(cols, out, threads=_warp_launch(rows + 1, block), block=block)
        assert np.array_equal(out, np.ones_like(out)), f"16 B, block={block} cols={cols}"


@pytest.mark.parametrize("block", [(16, 3), (9, 4), (32, 2), (5, 3, 3)])
def test_warp_rows_in_2d_and_3d_blocks(lay: ModuleType, block: tuple[int, ...]) -> None:
    size = int(np.prod(block))
    warps_per_block = -(-size // 32)
    grid = (3, 2) if len(block) == 2 else (3, 2, 2)
    rows = warps_per_block * int(np.prod(grid))
    threads = tuple(g * b for g, b in zip(grid, block))
    for cols in (1, 37, 130):
        out = np.zeros(rows * cols, np.uint32)
        lay.touch_warp_rows(cols, out, threads=threads, block=block)
        assert np.array_equal(out, np.ones_like(out)), f"block={block} cols={cols}"


@pytest.mark.parametrize("block", BLOCKS)
def test_block_rows_in_16_byte_chunks_partition_the_output(lay: ModuleType, block: int) -> None:
    for cols in RAGGED:
        rows = 4
        out = np.zeros(rows * cols + cols // 2, np.uint32)  # the buffer ends inside a fifth row
        lay.touch_block_rows_u32x4(cols, out, threads=(rows + 2) * block, block=block)
        assert np.array_equal(out, np.ones_like(out)), f"block={block} cols={cols}"


@pytest.mark.parametrize("block", BLOCKS)
def test_row_groups_partition_the_output(lay: ModuleType, block: int) -> None:
    """`BlockRowGroups<3>`: every element once, with rows that fill no last group (7, 8), a buffer that ends inside
    a row, and a block too many; `group_row(i, 3)` is none (the kernel traps otherwise)."""
    for cols in RAGGED:
        for rows in (1, 7, 8, 9):
            out = np.zeros(rows * cols + cols // 2, np.uint32)  # the buffer ends inside one more row
            lay.touch_row_groups(cols, out, threads=(-(-(rows + 1) // 3) + 1) * block, block=block)
            assert np.array_equal(out, np.ones_like(out)), f"block={block} cols={cols} rows={rows}"


@pytest.mark.parametrize("block", BLOCKS)
def test_row_groups_give_a_thread_the_same_chunks_in_every_row(lay: ModuleType, block: int) -> None:
    """`BlockRowGroups<3, Vec4>`: chunk c of every row (4 lanes of u32) is written once, by thread c mod block of the
    row's block, so a value carried from row to row stays with its column."""
    for cols in RAGGED:
        rows = 7
        out = np.zeros(rows * cols, np.uint32)
        lay.owners_row_groups_u32x4(cols, out, threads=3 * block, block=block)
        owner = (np.arange(cols) // 4) % block + 1
        assert np.array_equal(out.reshape(rows, cols), np.broadcast_to(owner, (rows, cols))), f"block={block} cols={cols}"


@pytest.mark.parametrize("block", BLOCKS)
def test_grid_stride_partitions_any_length_with_any_launch(lay: ModuleType, block: int) -> None:
    for n in (0, 1, 3, 4, 5, 1000, 4099):
        for threads in (block, 3 * block, 4 * n + block):
            out = np.zeros(n, np.uint32)
            lay.touch_grid_stride(out, threads=threads, block=block)
            assert np.array_equal(out, np.ones_like(out)), f"block={block} n={n} threads={threads}"
            out = np.zeros(n, np.uint32)
            lay.touch_grid_stride_u32x4(out, threads=threads, block=block)
            assert np.array_equal(out, np.ones_like(out)), f"16 B, block={block} n={n} threads={threads}"
    out = np.zeros(1001, np.uint32)
    lay.touch_grid_stride(out, threads=(7, 3, 2), block=(7, 3, 1))  # 2-D and 3-D grids too
    assert np.array_equal(out, np.ones_like(out))


@pytest.mark.parametrize("block", BLOCKS)
def test_a_rows_value_and_its_row_share_a_number(lay: ModuleType, block: int) -> None:
    cols, rows = 13, 9
    warps_per_block = -(-block // 32)
    blocks = -(-rows // warps_per_block)
    out, warps, per_block = np.zeros(rows * cols, np.uint32), np.zeros(rows, np.uint32), np.zeros(blocks, np.uint32)
    lay.number_rows(cols, out, warps, per_block, threads=blocks * block, block=block)
    assert np.array_equal(out.reshape(rows, cols), np.repeat(np.arange(1, rows + 1, dtype=np.uint32)[:, None], cols, 1))
    # warp w of the grid is warp w % warps_per_block of its block: warp_id() + 1 there
    assert np.array_equal(warps, (np.arange(rows) % warps_per_block + 1).astype(np.uint32)), warps
    assert np.array_equal(per_block, np.ones(blocks, np.uint32)), "one writer per block value"


@pytest.mark.parametrize("block", [32, 33, 64, 100])
def test_16_byte_rows_of_floats_and_bfloat16(lay: ModuleType, block: int, rng: np.random.Generator) -> None:
    for cols in RAGGED:
        rows = 6
        x = rng.standard_normal(rows * cols).astype(np.float32)
        out = np.full_like(x, np.nan)
        lay.warp_rows_f32x4(x, np.ones(cols, np.float32), out, threads=_warp_launch(rows, block), block=block)
        ref = 2 * x.reshape(rows, cols) + np.arange(cols, dtype=np.float32)
        assert np.array_equal(out.reshape(rows, cols), ref), f"block={block} cols={cols}"
        bits = rng.integers(0, 2**16, rows * cols, dtype=np.uint16)
        copied = BFloat16(np.zeros_like(bits))
        lay.block_rows_bf16x8(cols, BFloat16(bits), copied, threads=rows * block, block=block)
        assert np.array_equal(copied.bits, bits), f"bf16 block={block} cols={cols}"


@pytest.mark.parametrize("block", [1, 7, 32, 33, 100])
def test_register_chunks_reduce_and_store_one_row_read(lay: ModuleType, block: int, rng: np.random.Generator) -> None:
    rows = 7
    for cols in (1, 3, 5, 16, 37, 512, 513):
        x = (rng.standard_normal((rows, cols)) + 2).astype(np.float32)
        out, mean = np.full(rows * cols, np.nan, np.float32), np.full(rows, np.nan, np.float32)
        lay.center_rows(x, np.ones(cols, np.float32), out, mean, threads=_warp_launch(rows, block), block=block)
        # `load` decides by the fewest lanes of any warp of the block (its partial warp's), the
        # same for every warp, so that the assembler sees a uniform branch
        least = block % 32 or 32
        for r in range(rows):
            if -(-cols // 4) <= 4 * least:  # held in registers
                assert mean[r] == pytest.approx(x[r].mean(dtype=np.float64), rel=1e-5, abs=1e-6), (block, cols, r)
                np.testing.assert_allclose(out.reshape(rows, cols)[r], x[r] - mean[r], rtol=1e-6, atol=1e-6)
            else:  # `load` said None for the whole warp: nothing written
                assert np.isnan(mean[r]) and np.isnan(out.reshape(rows, cols)[r]).all(), (block, cols, r)


@pytest.mark.parametrize("block", [7, 32, 100])
def test_register_chunks_of_shorter_rows_and_misaligned_views(lay: ModuleType, block: int,
                                                              rng: np.random.Generator) -> None:
    """`RegChunks` counts its whole chunks once and takes a straight 16-byte path for them: an
    input row shorter than the output's (chunks past it read zero, the cut one lane by lane), a
    shorter output row (fewer chunks stored, counted) and a misaligned input view (`x[1:]`, the
    scalar path) give what the element-by-element definition gives; so does `map_with_store`
    (computed and written a chunk at a time) with a full and a shorter row beside it."""
    rows = 3
    base = rng.standard_normal(1 + 4 * 4 * 32).astype(np.float32)
    for cols in (2, 9, 64, 130, 4 * 4 * min(block, 32)):
        # more than 4 chunks a lane of the block's fewest-laned warp: `load` is None (tested above)
        if -(-cols // 4) > 4 * (block % 32 or 32):
            continue
        for aligned in (True, False):
            x = base[:cols] if aligned else base[1 : 1 + cols]
            for keep in (0, 1, cols // 3, cols - 1, cols):
                out, half = np.full(rows * cols, np.nan, np.float32), np.full(rows * (cols // 2), np.nan, np.float32)
                fused = np.full(rows * (cols // 2), np.nan, np.float32)
                sums, written = np.full(rows, np.nan, np.float32), np.full(rows, 99, np.uint32)
                fused_written = np.full(rows, 99, np.uint32)
                lay.chunks_of_other_lengths(keep, x, out, half, fused, sums, written, fused_written,
                                            threads=_warp_launch(rows, block), block=block)
                ref = np.where(np.arange(cols) < keep, x, 0).astype(np.float32)
                quarter = np.where(np.arange(cols) < keep // 2, x, 0).astype(np.float32)
                ref_fused = ((ref + np.float32(2) * x) + np.float32(4) * quarter)[: cols // 2]
                for r in range(rows):
                    what = (block, cols, aligned, keep, r)
                    lanes = min(32, block - 32 * (r % -(-block // 32)))
                    assert sums[r] == pytest.approx(float(ref.sum(dtype=np.float64)), rel=1e-5, abs=1e-5), what
                    np.testing.assert_array_equal(out.reshape(rows, cols)[r], ref, err_msg=str(what))
                    np.testing.assert_array_equal(half.reshape(rows, cols // 2)[r], ref[: cols // 2],
                                                  err_msg=str(what))
                    # lane 0 holds chunks 0, lanes, 2·lanes, …: those inside the short row are written
                    short_chunks = -(-(cols // 2) // 4)
                    assert written[r] == len(range(0, min(short_chunks, 4 * lanes), lanes)), what
                    # computed and written a chunk at a time: the same chunks, the same values
                    np.testing.assert_array_equal(fused.reshape(rows, cols // 2)[r], ref_fused, err_msg=str(what))
                    assert fused_written[r] == written[r], what


@pytest.mark.parametrize("block", [7, 32, 64])
def test_loads_first_gives_what_map_with_gives(lay: ModuleType, block: int, rng: np.random.Generator) -> None:
    """`RegChunks::map_with_loads_first` loads every row's chunks before the arithmetic only where
    each chunk held is whole and straight (rows aligned, the row filling the four chunks of every
    lane: 512 columns with 32 lanes); elsewhere it is `map_with`. Both give the element-by-element
    values, bit for bit, on rows that fill the chunks, rows that do not, misaligned views and a
    shorter row beside them."""
    rows = 3
    lanes = block % 32 or 32
    base = rng.standard_normal(2 + 4 * 4 * 32).astype(np.float32)
    for cols in (5, 37, 128, 4 * 4 * lanes, 4 * 4 * lanes - 3):
        if -(-cols // 4) > 4 * lanes:  # more than four chunks a lane: `load` is None (tested above)
            continue
        x = rng.standard_normal(rows * cols).astype(np.float32)
        for w_at, q_len in ((0, cols), (1, cols), (0, cols // 2), (2, cols)):
            w = base[w_at : w_at + cols]
            q = base[1 : 1 + q_len] if w_at else base[:q_len]
            plain, first = np.full(rows * cols, np.nan, np.float32), np.full(rows * cols, np.nan, np.float32)
            lay.loads_first_rows(x, w, q, plain, first, threads=_warp_launch(rows, block), block=block)
            qz = np.where(np.arange(cols) < q_len, np.resize(q, cols), 0).astype(np.float32)
            ref = (x.reshape(rows, cols) + np.float32(2) * w) + np.float32(4) * qz
            what = f"block={block} cols={cols} w at {w_at} len(q)={q_len}"
            np.testing.assert_array_equal(plain.reshape(rows, cols), ref, err_msg=what)
            np.testing.assert_array_equal(first.reshape(rows, cols), ref, err_msg=what)


@pytest.mark.parametrize("block", [1, 7, 33, 256])
def test_one_value_per_block_with_a_shape_from_lengths(lay: ModuleType, block: int, rng: np.random.Generator) -> None:
    for rows, cols in ((1, 1), (3, 5), (4, 300)):
        x = rng.standard_normal(rows * cols).astype(np.float32)
        sums, out = np.full(rows, np.nan, np.float32), np.full_like(x, np.nan)
        lay.block_sums(x, sums, out, threads=rows * block, block=block)  # `out` = (len(x) / len(sums))
        ref = x.reshape(rows, cols).astype(np.float64).sum(1)
        np.testing.assert_allclose(sums, ref, rtol=1e-5, atol=1e-5)
        np.testing.assert_allclose(out.reshape(rows, cols), x.reshape(rows, cols) - sums[:, None], rtol=1e-6)


def _sums_launch(block: int | tuple[int, ...], blocks: int = 3) -> tuple[int | tuple[int, ...], int, int]:
    """(threads, warps, blocks) for `blocks` blocks of shape `block` along x (whole blocks only)."""
    dims = (block,) if isinstance(block, int) else block
    size = int(np.prod(dims))
    threads = dims[0] * blocks if isinstance(block, int) else (dims[0] * blocks, *dims[1:])
    return threads, blocks * -(-size // 32), blocks


@pytest.mark.parametrize("block", [33, 100, (16, 1), (8, 3), (4, 4, 3)])
def test_a_whole_warps_kernel_refuses_a_block_with_a_partial_warp(lay: ModuleType, block: int | tuple[int, ...],
                                                                  rng: np.random.Generator) -> None:
    """`#[whole_warps]` compiles the collectives without their partial-warp paths, so the stub (and
    emulation) must refuse any block whose thread count is not a multiple of 32: one line naming the
    kernel, the block and a block that fits, and nothing runs. The untagged twin runs there, right."""
    threads, warps, blocks = _sums_launch(block)
    n = int(np.prod(threads))
    x = rng.standard_normal(n).astype(np.float32)
    sums, totals = np.full(warps, np.nan, np.float32), np.full(blocks, np.nan, np.float32)
    dims = (block,) if isinstance(block, int) else block
    fix = -(-dims[0] // 32) * 32 if isinstance(block, int) else (-(-dims[0] // 32) * 32, *dims[1:])
    with pytest.raises(lay.KernelValueError) as info:
        lay.warp_sums_whole(x, sums, totals, threads=threads, block=block)
    assert str(info.value) == (
        f"warp_sums_whole(): `block` {block!r} has {int(np.prod(dims))} threads, not a multiple of 32: the kernel is "
        f"#[whole_warps] (its warp collectives assume every warp of the block is full); pass a block of whole warps "
        f"such as {fix!r}")
    assert np.isnan(sums).all() and np.isnan(totals).all(), "refused before anything ran"
    lay.warp_sums(x, sums, totals, threads=threads, block=block)  # the untagged twin: any block
    if isinstance(block, int):  # a 1-D launch: block b holds x[b·block ..][:block]
        np.testing.assert_allclose(totals, x.reshape(blocks, -1).sum(1, dtype=np.float64), rtol=1e-4, atol=1e-4)
    assert sums.sum() == pytest.approx(x.sum(dtype=np.float64), rel=1e-4, abs=1e-3)
    assert totals.sum() == pytest.approx(x.sum(dtype=np.float64), rel=1e-4, abs=1e-3)


@pytest.mark.parametrize("block", [32, 96, 256, (32, 2), (8, 4), (4, 4, 2)])
def test_a_whole_warps_kernel_matches_its_untagged_twin_in_whole_warps(lay: ModuleType, block: int | tuple[int, ...],
                                                                       rng: np.random.Generator) -> None:
    threads, warps, blocks = _sums_launch(block)
    x = rng.standard_normal(int(np.prod(threads))).astype(np.float32)
    got = [(np.full(warps, np.nan, np.float32), np.full(blocks, np.nan, np.float32)) for _ in range(2)]
    lay.warp_sums_whole(x, *got[0], threads=threads, block=block)
    lay.warp_sums(x, *got[1], threads=threads, block=block)
    assert np.array_equal(got[0][0], got[1][0]) and np.array_equal(got[0][1], got[1][1]), block
    assert got[0][1].sum() == pytest.approx(x.sum(dtype=np.float64), rel=1e-4, abs=1e-3)


def test_shapes_from_arithmetic(lay: ModuleType) -> None:
    half, rows = 3, 4
    width = 2 * half + 1
    m = np.zeros(width * rows, np.uint32)
    lay.shaped(half, 10, m, np.zeros(1, np.uint32), threads=(width + 5, rows + 2), block=(4, 2))
    assert np.array_equal(m, np.full_like(m, width)), "every element written once, with the bound width"


def test_16_byte_row_chunks_are_16_byte_instructions(built: tuple[ModuleType, Path]) -> None:
    from oxpack.config import load_config
    from oxpack.builder.pipeline import build_project

    crate = build_project(load_config(built[1], env={})).crates[0]
    ptx = crate.ptx["sm_90"]

    def entry(name: str) -> str:
        body = ptx[ptx.index(f".visible .entry {name}(") :]
        return body[: body.index("\n}")]

    for name in ("touch_warp_rows_u32x4", "touch_block_rows_u32x4", "touch_grid_stride_u32x4", "warp_rows_f32x4"):
        body = entry(name)
        assert re.search(r"st\.global\.v4\.b32", body), f"{name}: a whole aligned chunk is one 16-byte store"
        assert ".local" not in body, name
        assert "trap;" not in body or name == "warp_rows_f32x4", f"{name}: the share checks bounds once, not per chunk"
    assert re.search(r"ld\.global(\.nc)?\.v4\.b32", entry("warp_rows_f32x4"))
    assert re.search(r"ld\.global(\.nc)?\.v4\.b32", entry("block_rows_bf16x8"))
    held = entry("center_rows")
    assert ".local" not in held and len(re.findall(r"ld\.global(\.nc)?\.v4\.b32", held)) >= 4, \
        "4 chunks a lane held in registers, each one 16-byte load"
    for name, res in crate.resources["sm_90"].items():
        assert res["spills"] == 0 and res["stack"] == 0, (name, res)
    # a warp's collective has the warp's live lanes, not a full mask (partial warps)
    assert "shfl.sync.bfly.b32" in held
    # `#[whole_warps]`: only full-mask butterflies are left (no partial-warp `shfl.sync.down`/`idx`,
    # no computed member mask), while the untagged twin keeps its partial-warp path
    whole, any_block = entry("warp_sums_whole"), entry("warp_sums")
    shuffles = re.findall(r"shfl\.sync\.(\w+)\.b32[^;]*?, (-1|%r\d+|\d+);", whole)
    assert shuffles and all(kind == "bfly" and mask in ("-1", "4294967295") for kind, mask in shuffles), shuffles
    assert "shfl.sync.down.b32" in any_block and "shfl.sync.idx.b32" in any_block


# ---------------------------------------------------------------- the example's norm.rs, emulated


def widen(bits: np.ndarray) -> np.ndarray:
    return (bits.astype(np.uint32) << 16).view(np.float32)


def layernorm_ref(x: np.ndarray, w: np.ndarray, b: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """llm.c's layernorm_forward in float64: out, mean, rstd (eps 1e-5, biased variance)."""
    x64 = x.astype(np.float64)
    mean = x64.mean(1)
    rstd = 1 / np.sqrt(((x64 - mean[:, None]) ** 2).mean(1) + 1e-5)
    return (x64 - mean[:, None]) * rstd[:, None] * w + b, mean, rstd


@pytest.mark.parametrize("block", [32, 96, 256])  # `#[whole_warps]`: other blocks are refused (below)
def test_layernorm_against_numpy(norm: ModuleType, block: int, rng: np.random.Generator) -> None:
    for rows, c in ((5, 1), (3, 3), (7, 4), (9, 37), (4, 768), (3, 1024), (2, 1025), (3, 3001)):
        x = (rng.standard_normal((rows, c)) * 3 + 1).astype(np.float32)
        w, b = rng.standard_normal(c).astype(np.float32), rng.standard_normal(c).astype(np.float32)
        out = np.full_like(x, np.nan)
        mean, rstd = np.full(rows, np.nan, np.float32), np.full(rows, np.nan, np.float32)
        norm.layernorm(x, w, b, out, mean, rstd, block=block)
        ref, ref_mean, ref_rstd = layernorm_ref(x, w, b)
        np.testing.assert_allclose(mean, ref_mean, rtol=1e-5, atol=1e-5, err_msg=f"block={block} C={c}")
        np.testing.assert_allclose(rstd, ref_rstd, rtol=1e-4, err_msg=f"block={block} C={c}")
        np.testing.assert_allclose(out, ref, rtol=1e-4, atol=1e-4, err_msg=f"block={block} C={c}")


@pytest.mark.parametrize("block", [32, 64])
def test_norms_with_misaligned_weights(norm: ModuleType, block: int, rng: np.random.Generator) -> None:
    """`RegChunks::map_with` reads the weight (and bias) rows 16 bytes at a time only where each
    starts 16-byte aligned and holds the row: views such as `w[1:]` take the checked per-chunk
    path, with the same results."""
    for rows, c in ((3, 37), (4, 768)):
        x = (rng.standard_normal((rows, c)) * 3 + 1).astype(np.float32)
        wide_w, wide_b = rng.standard_normal(c + 1).astype(np.float32), rng.standard_normal(c + 1).astype(np.float32)
        w, b = wide_w[1:], wide_b[1:]  # 4 bytes past an aligned start
        out = np.full_like(x, np.nan)
        mean, rstd = np.full(rows, np.nan, np.float32), np.full(rows, np.nan, np.float32)
        norm.layernorm(x, w, b, out, mean, rstd, block=block)
        ref, ref_mean, ref_rstd = layernorm_ref(x, w, b)
        np.testing.assert_allclose(out, ref, rtol=1e-4, atol=1e-4, err_msg=f"block={block} C={c}")
        np.testing.assert_allclose(mean, ref_mean, rtol=1e-5, atol=1e-5, err_msg=f"block={block} C={c}")
        xb = to_bf16(rng.standard_normal(rows * c).astype(np.float32))
        wb = to_bf16(rng.standard_normal(c + 1).astype(np.float32))[1:]  # 2 bytes past an aligned start
        bout, brstd = BFloat16(np.zeros(rows * c, np.uint16)), np.full(rows, np.nan, np.float32)
        norm.rmsnorm_bf16_warp(1e-6, BFloat16(xb), BFloat16(wb), bout, brstd, block=block)
        xf = widen(xb).reshape(rows, c).astype(np.float64)
        ref_rstd = 1 / np.sqrt((xf**2).mean(1) + 1e-6)
        np.testing.assert_allclose(widen(bout.bits).reshape(rows, c), xf * ref_rstd[:, None] * widen(wb),
                                   rtol=2**-7, atol=1e-30, err_msg=f"block={block} C={c}")


def test_layernorm_requirements_name_the_argument(norm: ModuleType) -> None:
    x = np.zeros(10, np.float32)
    with pytest.raises(norm.KernelValueError, match=r"layernorm\(\): requirement `len\(x\) % len\(weight\) == 0` "
                                                    r"failed: len\(x\) = 10, len\(weight\) = 3"):
        norm.layernorm(x, np.ones(3, np.float32), np.ones(3, np.float32), np.zeros_like(x),
                       np.zeros(3, np.float32), np.zeros(3, np.float32))


@pytest.mark.parametrize("block", [1, 7, 32, 33, 128])
def test_rmsnorm_bf16_against_numpy(norm: ModuleType, block: int, rng: np.random.Generator) -> None:
    for rows, c in ((3, 1), (4, 7), (5, 8), (3, 77), (2, 4096), (2, 32 * block), (2, 32 * block + 9)):
        xb = to_bf16(rng.standard_normal(rows * c).astype(np.float32))
        wb = to_bf16(rng.standard_normal(c).astype(np.float32))
        out, rstd = BFloat16(np.zeros(rows * c, np.uint16)), np.full(rows, np.nan, np.float32)
        norm.rmsnorm_bf16(1e-6, BFloat16(xb), BFloat16(wb), out, rstd, block=block)
        xf = widen(xb).reshape(rows, c).astype(np.float64)
        ref_rstd = 1 / np.sqrt((xf**2).mean(1) + 1e-6)
        np.testing.assert_allclose(rstd, ref_rstd, rtol=1e-4, err_msg=f"block={block} C={c}")
        ref = xf * ref_rstd[:, None] * widen(wb)
        # bfloat16 keeps 8 bits: the result is within one rounding of the exact value
        np.testing.assert_allclose(widen(out.bits).reshape(rows, c), ref, rtol=2**-7, atol=1e-30,
                                   err_msg=f"block={block} C={c}")


@pytest.mark.parametrize("block", [1, 7, 32, 33, 100, 256])
def test_layernorm_block_against_numpy(norm: ModuleType, block: int, rng: np.random.Generator) -> None:
    # one block per row: rows that fit the registers (16 · block channels) and longer ones
    for rows, c in ((3, 1), (2, 5), (4, 37), (2, 16 * block), (2, 16 * block + 3), (2, 4096)):
        x = (rng.standard_normal((rows, c)) * 3 + 1).astype(np.float32)
        w, b = rng.standard_normal(c).astype(np.float32), rng.standard_normal(c).astype(np.float32)
        out = np.full_like(x, np.nan)
        mean, rstd = np.full(rows, np.nan, np.float32), np.full(rows, np.nan, np.float32)
        # a block too many, past the declared grid (a block per row) through the run time's general path
        norm._module.kernel("layernorm_block")((x, w, b, out, mean, rstd), None, rows * block + block, block)
        ref, ref_mean, ref_rstd = layernorm_ref(x, w, b)
        np.testing.assert_allclose(mean, ref_mean, rtol=1e-5, atol=1e-5, err_msg=f"block={block} C={c}")
        np.testing.assert_allclose(rstd, ref_rstd, rtol=1e-4, err_msg=f"block={block} C={c}")
        np.testing.assert_allclose(out, ref, rtol=1e-4, atol=1e-4, err_msg=f"block={block} C={c}")


@pytest.mark.parametrize("block", [32, 96, 256])  # `#[whole_warps]`: other blocks are refused (below)
def test_rmsnorm_bf16_warp_against_numpy(norm: ModuleType, block: int, rng: np.random.Generator) -> None:
    # one warp per row: rows held in registers (up to 1,024 channels) and longer ones (two passes)
    for rows, c in ((3, 1), (4, 7), (5, 8), (9, 77), (3, 768), (2, 1024), (2, 1025), (2, 4096)):
        xb = to_bf16(rng.standard_normal(rows * c).astype(np.float32))
        wb = to_bf16(rng.standard_normal(c).astype(np.float32))
        out, rstd = BFloat16(np.zeros(rows * c, np.uint16)), np.full(rows, np.nan, np.float32)
        norm.rmsnorm_bf16_warp(1e-6, BFloat16(xb), BFloat16(wb), out, rstd, block=block)
        xf = widen(xb).reshape(rows, c).astype(np.float64)
        ref_rstd = 1 / np.sqrt((xf**2).mean(1) + 1e-6)
        np.testing.assert_allclose(rstd, ref_rstd, rtol=1e-4, err_msg=f"block={block} C={c}")
        ref = xf * ref_rstd[:, None] * widen(wb)
        np.testing.assert_allclose(widen(out.bits).reshape(rows, c), ref, rtol=2**-7, atol=1e-30,
                                   err_msg=f"block={block} C={c}")


@pytest.mark.parametrize("block", [33, 100, 488])
def test_the_whole_warps_norms_refuse_a_partial_warp_block(norm: ModuleType, block: int) -> None:
    """`layernorm` and `rmsnorm_bf16_warp` are `#[whole_warps]` (their docs ask for a multiple of 32):
    a block with a partial last warp is refused before anything runs, in one line that names the
    kernel and the block; their partial-warp coverage moved to the untagged kernels (softmax, sums,
    `layernorm_block`, `rmsnorm_bf16`, `warp_sums` above)."""
    rows, c = 3, 37
    x, w = np.ones((rows, c), np.float32), np.ones(c, np.float32)
    out, mean, rstd = np.full_like(x, np.nan), np.full(rows, np.nan, np.float32), np.full(rows, np.nan, np.float32)
    up = -(-block // 32) * 32
    tail = (f"has {block} threads, not a multiple of 32: the kernel is #[whole_warps] (its warp collectives assume "
            f"every warp of the block is full); pass a block of whole warps such as {up}")
    with pytest.raises(norm.KernelValueError) as info:
        norm.layernorm(x, w, w, out, mean, rstd, block=block)
    assert str(info.value) == f"layernorm(): `block` {block} {tail}"
    assert np.isnan(out).all() and np.isnan(mean).all() and np.isnan(rstd).all()
    xb = BFloat16(to_bf16(x.ravel()))
    with pytest.raises(norm.KernelValueError) as info:
        norm.rmsnorm_bf16_warp(1e-6, xb, BFloat16(to_bf16(w)), BFloat16(np.zeros(rows * c, np.uint16)), rstd,
                               block=block)
    assert str(info.value) == f"rmsnorm_bf16_warp(): `block` {block} {tail}"
    assert np.isnan(rstd).all()


def test_residual_add_with_any_launch(norm: ModuleType, rng: np.random.Generator) -> None:
    for n in (0, 1, 5, 8, 1000, 100_003):
        a, b = rng.standard_normal(n).astype(np.float32), rng.standard_normal(n).astype(np.float32)
        for threads, block in ((14, 7), (1024, 256), (99, 33)):
            out = np.full_like(a, np.nan)
            norm.residual_add(a, b, out, threads=threads, block=block)
            assert np.array_equal(out, a + b), (n, threads, block)


def test_a_shape_of_the_wrong_kind_is_one_clear_line(tmp_path: Path) -> None:
    """`= (len(w))` was refused with "kernel! takes pub fn items"; a token a shape cannot hold
    now names itself."""
    from oxpack.config import load_config
    from oxpack.errors import StageError
    from oxpack.builder.pipeline import build_project

    source = "use oxpack::prelude::*;\nkernel! {\n    pub fn k(i: ThreadIndex, w: &[f32], " \
             "out: &mut DisjointSlice<f32, WarpRows> = (len(w) + w.len())) { let _ = (i, out); }\n}\n"
    root = emulation_project(tmp_path / "p", "badproj", {"k.rs": source}, archs=("sm_90",))
    with pytest.raises(StageError) as info:
        build_project(load_config(root, env={}))
    assert info.value.message.split("\n")[0].endswith(
        "error: oxpack: `.` cannot appear in an output's shape, which is made of u32/u64 kernel parameters, "
        "`len(x)` of a slice parameter, integers, constants, + - * / % and parentheses")


def test_a_misplaced_whole_warps_is_one_clear_line(tmp_path: Path) -> None:
    """`#[whole_warps]` takes no arguments and comes last before `pub fn`: each misuse (three
    kernels, one rustc run) is refused with the same line, which says where it goes."""
    from oxpack.config import load_config
    from oxpack.errors import StageError
    from oxpack.builder.pipeline import build_project

    body = "(i: ThreadIndex, y: &mut DisjointSlice<f32>) { y.set(i, 1.0); }"
    source = "use oxpack::prelude::*;\n" + "".join(
        f"kernel! {{\n    /// y\n    {attrs}\n    pub fn k{n}{body}\n}}\n"
        for n, attrs in enumerate(["#[whole_warps(1)]", "#[whole_warps] #[launch_bounds(64)]",
                                   "#[whole_warps] #[whole_warps]"]))
    root = emulation_project(tmp_path / "p", "badwarps", {"k.rs": source}, archs=("sm_90",))
    with pytest.raises(StageError) as info:
        build_project(load_config(root, env={}))
    line = ("error: oxpack: write `#[whole_warps]` once, with no arguments, after `#[launch_bounds(...)]`, "
            "`#[max_registers(...)]` and `#[coarsen(N)]` if any, right before the kernel's `pub fn`")
    err = info.value.stderr  # oxpack shows a repeated message once and counts the rest
    assert err.count(line) == 1 and "2 more errors with the message of one above" in err, err
    assert "aborting due to 3 previous errors" in err, err


def test_the_manifest_and_inspect_show_whole_warps(lay: ModuleType) -> None:
    from oxpack.commands.inspect import rust_signature

    tagged, twin = (lay._module.kernel(name).spec for name in ("warp_sums_whole", "warp_sums"))
    assert tagged.whole_warps and not twin.whole_warps
    assert tagged.to_json()["whole_warps"] is True and "whole_warps" not in twin.to_json()
    assert rust_signature(tagged).startswith("#[whole_warps] pub fn warp_sums_whole(x: &[f32], ")
    assert rust_signature(twin).startswith("pub fn warp_sums(")
