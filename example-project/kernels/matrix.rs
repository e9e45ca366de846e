//! 2-D kernels over row-major matrices, one thread per output element. Their
//! `ThreadIndex2` parameter makes every launch 2-D: `threads=(x, y)` is required.
use oxpack::prelude::*;

kernel! {
    /// out ← a + s·b for `height × width` matrices (a 2-D launch: threads=(width, height)).
    pub fn add_scaled(
        ij: ThreadIndex2, width: u32, height: u32, s: f64, a: &[f64], b: &[f64], out: &mut DisjointSlice<f64>,
    ) where (len(a) == width * height, len(b) == width * height, len(out) == width * height) {
        if ij.y() >= height as usize {
            return;
        }
        let k = ij.y() * width as usize + ij.x();
        if let Some(o) = out.get_mut_2d(ij, width as usize) {
            *o = a[k] + s * b[k];
        }
    }

    /// out ← mᵀ: `m` is `height × width`, `out` is `width × height`
    /// (a 2-D launch over the output: threads=(height, width)).
    pub fn transpose(ij: ThreadIndex2, width: u32, height: u32, m: &[f32], out: &mut DisjointSlice<f32>)
    where (len(m) == width * height, len(out) == width * height) {
        // Output row ij.y() is input column ij.y(); output column ij.x() is input row ij.x().
        if ij.y() >= width as usize {
            return;
        }
        let src = ij.x() * width as usize + ij.y();
        if let Some(o) = out.get_mut_2d(ij, height as usize) {
            *o = m[src];
        }
    }
}
