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

    /// y ← a·x with 16-byte loads and stores: thread i owns y[4i .. 4i+4]. Launch
    /// with threads = len(y) // 4. Device buffers from CuPy or PyTorch start
    /// 256-byte aligned; an unaligned `x` or `y` leaves `y` untouched.
    pub fn scale4(i: ThreadIndex, a: f32, x: &[f32], y: &mut DisjointSlice<f32>)
    where (len(x) >= len(y), len(y) % 4 == 0) {
        let (head, body, _) = vec4(x);
        if !head.is_empty() {
            return;
        }
        if let (Some(xv), Some(yv)) = (body.get(i.get()), y.get_mut_vec4(i)) {
            let [p, q, r, s] = xv.to_array();
            *yv = F32x4([a * p, a * q, a * r, a * s]);
        }
    }

    /// y ← a·x + y with 16-byte loads and stores: thread i owns y[4i .. 4i+4]. Launch
    /// with threads = len(y) // 4. As `scale4`, an unaligned `x` or `y` leaves `y`
    /// untouched.
    pub fn saxpy4(i: ThreadIndex, a: f32, x: &[f32], y: &mut DisjointSlice<f32>)
    where (len(x) >= len(y), len(y) % 4 == 0) {
        let (head, body, _) = vec4(x);
        if !head.is_empty() {
            return;
        }
        if let (Some(xv), Some(yv)) = (body.get(i.get()), y.get_mut_vec4(i)) {
            let ([p, q, r, s], [t, u, v, w]) = (xv.to_array(), yv.to_array());
            *yv = F32x4([a * p + t, a * q + u, a * r + v, a * s + w]);
        }
    }
}
