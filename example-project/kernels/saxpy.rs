//! BLAS-style vector kernels.
use oxpack::prelude::*;

kernel! {
    /// y ← a·x + y, one thread per element of `y`.
    pub fn saxpy(i: ThreadIndex, a: f32, x: &[f32], y: &mut DisjointSlice<f32>) where (len(x) >= len(y)) {
        if let Some(yi) = y.get_mut(i) {
            *yi += a * x[i.get()];
        }
    }

    /// out[i] ← x[idx[i]]. Every index is bounds-checked: one past the end traps
    /// the launch instead of reading foreign memory.
    pub fn gather(i: ThreadIndex, idx: &[u32], x: &[f32], out: &mut DisjointSlice<f32>)
    where (len(idx) >= len(out)) {
        if let Some(o) = out.get_mut(i) {
            *o = x[idx[i.get()] as usize];
        }
    }
}
