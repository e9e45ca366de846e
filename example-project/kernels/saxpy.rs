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

    /// y ← a·x with 16-byte loads and stores: thread i owns y[4i .. 4i+4] (`y` is a
    /// `Vec4` output). Launch with threads = ceil(len(y) / 4). Any view works: a
    /// misaligned `x` or `y` (say `x[1:]`) takes a scalar path for that buffer.
    pub fn scale4(i: ThreadIndex, a: f32, x: &[f32], y: &mut DisjointSlice<f32, Vec4>)
    where (len(x) >= len(y), len(y) % 4 == 0) {
        if let (Some(xv), Some(mut yv)) = (load4(x, i.get()), y.get_mut_vec4(i)) {
            let [p, q, r, s] = xv.to_array();
            yv.set(F32x4([a * p, a * q, a * r, a * s]));
        }
    }

    /// y ← a·x + y with 16-byte loads and stores: thread i owns y[4i .. 4i+4]. Launch
    /// with threads = ceil(len(y) / 4). As `scale4`, any alignment is computed in full.
    pub fn saxpy4(i: ThreadIndex, a: f32, x: &[f32], y: &mut DisjointSlice<f32, Vec4>)
    where (len(x) >= len(y), len(y) % 4 == 0) {
        if let (Some(xv), Some(mut yv)) = (load4(x, i.get()), y.get_mut_vec4(i)) {
            let ([p, q, r, s], [t, u, v, w]) = (xv.to_array(), yv.get().to_array());
            yv.set(F32x4([a * p + t, a * q + u, a * r + v, a * s + w]));
        }
    }
}
