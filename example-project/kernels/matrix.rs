//! 2-D kernels over row-major matrices, one thread per output element. Their
//! `ThreadIndex2` parameter makes every launch 2-D; each declares its 2-D launch.
use oxpack::prelude::*;

kernel! {
    /// out ← a + s·b for `height × width` matrices (a 2-D launch, x along a row).
    #[launch(threads = (width, height))]
    #[dims(a = (height, width), b = (height, width))]
    pub fn add_scaled(
        ij: ThreadIndex2, width: u32, height: u32, s: f64, a: &[f64], b: &[f64],
        out: &mut DisjointSlice<f64, Rows> = (width),
    ) where (len(a) == width * height, len(b) == width * height, len(out) == width * height) {
        if ij.y() >= height as usize {
            return;
        }
        let k = ij.y() * width as usize + ij.x();
        if let Some(o) = out.get_mut_2d(ij) {
            *o = a[k] + s * b[k];
        }
    }

    /// out ← mᵀ: `m` is `height × width`, `out` is `width × height`
    /// (a 2-D launch over the output, x along its rows).
    #[launch(threads = (height, width))]
    #[dims(m = (height, width))]
    pub fn transpose(
        ij: ThreadIndex2, width: u32, height: u32, m: &[f32], out: &mut DisjointSlice<f32, Rows> = (height),
    )
    where (len(m) == width * height, len(out) == width * height) {
        // Output row ij.y() is input column ij.y(); output column ij.x() is input row ij.x().
        if ij.y() >= width as usize {
            return;
        }
        let src = ij.x() * width as usize + ij.y();
        if let Some(o) = out.get_mut_2d(ij) {
            *o = m[src];
        }
    }

    /// out ← mᵀ through a shared 32 × 32 tile padded to 33 columns (no bank
    /// conflicts): reads and writes are both coalesced. One block of 32 × 8 threads per
    /// 32 × 32 tile of `m`: each thread moves four elements.
    #[launch(grid = (cdiv(width, 32), cdiv(height, 32)), block = (32, 8))]
    #[dims(m = (height, width))]
    pub fn transpose_tiled(
        ij: ThreadIndex2, width: u32, height: u32, m: &[f32],
        out: &mut DisjointSlice<f32, TransposedTiles<32, 8>> = (height, width),
    ) where (len(m) == width * height, len(out) == width * height) {
        let Some(m) = matrix(m, width, height) else { return }; // `m` is height × width
        let (tx, ty) = (thread_idx().x, thread_idx().y);
        let (bx, by) = (block_idx().x.wrapping_mul(32), block_idx().y.wrapping_mul(32));
        // Four loads in flight first, before the checks of the output side: `get` has no
        // trap path, so nothing orders the loads. (`get` checks each index against the
        // matrix; a block whose tile would wrap past u32 gets no output tile below and
        // discards them.)
        let mut v = [0.0f32; 4];
        for (k, vk) in v.iter_mut().enumerate() {
            let y = by.wrapping_add(ty).wrapping_add(8 * k as u32);
            if let Some(e) = m.get(bx.wrapping_add(tx), y) {
                *vk = *e;
            }
        }
        // The output tile this block writes; `None` (a launch shape other than 32 × 8
        // blocks, or a short `out`) is the same in the whole block, which then returns
        // as a whole. From here on the block shape bounds threadIdx, so the shared
        // tile's accesses need no checks.
        let Some(mut dst) = out.transposed_tile(ij) else { return };
        // Creating the array is a barrier: after the loads, it waits while they are in flight.
        let mut tile = shared_array!(f32, 32 * 33, Tile<33>);
        let slot = tile_slot();
        for (k, vk) in v.into_iter().enumerate() {
            tile.write_tile_row(slot, k, vk);
        }
        let tile = tile.sync();
        // Output tile (by, bx): in step k this thread writes out[bx + ty + 8k][by + tx],
        // which is m[by + tx][bx + ty + 8k]: the tile read transposed.
        for k in 0..4 {
            if let (Some(o), Some(value)) = (dst.get_mut(k), tile.try_at(slot.y() + 8 * k, slot.x())) {
                *o = value;
            }
        }
    }
}
