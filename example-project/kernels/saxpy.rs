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
    /// `Vec4` output), so the launch is a thread per 4 elements of `y`. Any view works: a
    /// misaligned `x` or `y` (say `x[1:]`) takes a scalar path for that buffer.
    #[launch(threads = cdiv(len(y), 4))]
    pub fn scale4(i: ThreadIndex, a: f32, x: &[f32], y: &mut DisjointSlice<f32, Vec4>)
    where (len(x) >= len(y), len(y) % 4 == 0) {
        if let (Some(xv), Some(mut yv)) = (load4(x, i.get()), y.get_mut_vec4(i)) {
            let [p, q, r, s] = xv.to_array();
            yv.set(F32x4([a * p, a * q, a * r, a * s]));
        }
    }

    /// y ← a·x + y with 16-byte loads and stores: thread i owns y[4i .. 4i+4], a thread
    /// per 4 elements of `y`. As `scale4`, any alignment is computed in full.
    #[launch(threads = cdiv(len(y), 4))]
    pub fn saxpy4(i: ThreadIndex, a: f32, x: &[f32], y: &mut DisjointSlice<f32, Vec4>)
    where (len(x) >= len(y), len(y) % 4 == 0) {
        if let (Some(xv), Some(mut yv)) = (load4(x, i.get()), y.get_mut_vec4(i)) {
            let ([p, q, r, s], [t, u, v, w]) = (xv.to_array(), yv.get().to_array());
            yv.set(F32x4([a * p + t, a * q + u, a * r + v, a * s + w]));
        }
    }

    /// y ← a·x in bfloat16, 16 bytes per thread: thread i owns y[8i .. 8i+8] (eight
    /// `BF16` lanes), a thread per 8 elements of `y`. Any view works, as `scale4`.
    #[launch(threads = cdiv(len(y), 8))]
    pub fn scale_bf16x8(i: ThreadIndex, a: f32, x: &[BF16], y: &mut DisjointSlice<BF16, Vec4>)
    where (len(x) >= len(y)) {
        if let (Some(xv), Some(mut yv)) = (load4(x, i.get()), y.get_mut_vec4(i)) {
            yv.set(BF16x8(xv.0.map(|v| BF16::from_f32(a * v.to_f32()))));
        }
    }

    /// y ← a·x + y in float16, 16 bytes per thread (eight `F16` lanes: a thread per 8
    /// elements of `y`), loaded and stored with the streaming hint (`ld.cs`/`st.cs`).
    #[launch(threads = cdiv(len(y), 8))]
    pub fn axpy_f16x8(i: ThreadIndex, a: f32, x: &[F16], y: &mut DisjointSlice<F16, Vec4>)
    where (len(x) >= len(y)) {
        if let (Some(xv), Some(mut yv)) = (load4_streaming(x, i.get()), y.get_mut_vec4(i)) {
            let (xs, ys) = (xv.0, yv.get().0);
            yv.set_streaming(F16x8(core::array::from_fn(|k| F16::from_f32(a * xs[k].to_f32() + ys[k].to_f32()))));
        }
    }

    /// y ← x + b (wrapping) in int32, 16 bytes per thread: thread i owns y[4i .. 4i+4].
    #[launch(threads = cdiv(len(y), 4))]
    pub fn add_i32x4(i: ThreadIndex, b: i32, x: &[i32], y: &mut DisjointSlice<i32, Vec4>)
    where (len(x) >= len(y)) {
        if let (Some(xv), Some(mut yv)) = (load4(x, i.get()), y.get_mut_vec4(i)) {
            yv.set(I32x4(xv.0.map(|v| v.wrapping_add(b))));
        }
    }

    /// y ← x xor m in uint32, 16 bytes per thread (thread i owns y[4i .. 4i+4]), with L1
    /// evict-first loads and stores.
    #[launch(threads = cdiv(len(y), 4))]
    pub fn xor_u32x4(i: ThreadIndex, m: u32, x: &[u32], y: &mut DisjointSlice<u32, Vec4>)
    where (len(x) >= len(y)) {
        if let (Some(xv), Some(mut yv)) = (load4_evict_first(x, i.get()), y.get_mut_vec4(i)) {
            yv.set_evict_first(U32x4(xv.0.map(|v| v ^ m)));
        }
    }

    /// y ← a·x, one element per thread, streamed: `ld.cs` and `st.cs` (CUDA's
    /// `__ldcs`/`__stcs`), for data touched once.
    pub fn scale_streaming(i: ThreadIndex, a: f32, x: &[f32], y: &mut DisjointSlice<f32>)
    where (len(x) >= len(y)) {
        if let (Some(v), Some(o)) = (x.get(i.get()), y.get_mut(i)) {
            store_streaming(o, a * load_streaming(v));
        }
    }

    /// y ← a·x, compiled for blocks of at most 128 threads and 4 blocks per
    /// multiprocessor, at most 32 registers a thread (PTX `.maxntid 128`,
    /// `.minnctapersm 4`, `.maxnreg 32`): a larger `block` is refused before the
    /// launch; without `block=` it runs in blocks of 128.
    #[launch_bounds(128, 4)]
    #[max_registers(32)]
    pub fn scale_bounded(i: ThreadIndex, a: f32, x: &[f32], y: &mut DisjointSlice<f32>)
    where (len(x) >= len(y)) {
        if let Some(o) = y.get_mut(i) {
            *o = a * x[i.get()];
        }
    }
}
