//! Neural-network kernels and the math library: softmax, GELU, and a probe of every
//! math function for the tests.
use oxpack::block;
use oxpack::math::fast;
use oxpack::prelude::*;

mod common;

kernel! {
    /// Row-wise softmax of a `rows × cols` matrix, any `cols >= 1`: one block per row. A
    /// row of at most 16 · block columns is read once into registers, a longer one three
    /// times (max, sum, write). The block is tuned among 128 to 1024 unless the call gives one:
    /// by hand, for long rows take block = cols / 16 rounded up to a multiple of 32 (256 for 4096 columns): a
    /// thread's loads are all it has in flight, so fewer values per thread run slower (at
    /// 4096 columns block 512 took 1.8x as long as 256).
    #[launch(grid = len(out) / max(cols, 1))]
    #[tune(block = [128, 256, 512, 1024])]
    #[dims(x = (len(x) / cols, cols))]
    pub fn softmax(i: ThreadIndex, cols: Uniform<u32>, x: &[f32], out: &mut DisjointSlice<f32, BlockRows> = (cols))
    where (len(x) == len(out), cols >= 1, len(x) % cols == 0) {
        // `load` and the bounds below depend on the block alone: a block returns, or
        // takes the long path, as a whole (no thread skips a barrier another waits at).
        if let Some(row) = RegRow::<f32, 16>::load(x, cols) {
            let m = block::max_f32(row.fold(f32::NEG_INFINITY, f32::max));
            let e = row.map(|v| (v - m).exp());
            let r = 1.0 / block::sum_f32(e.fold(0.0, |a, v| a + v));
            if let Some(dst) = out.block_row(i) {
                e.map(|v| v * r).store(dst);
            }
            return;
        }
        let n = out.cols(); // = cols, bound to `out` at launch
        let start = block_idx().x as usize * n;
        let Some(row) = x.get(start..start + n) else { return };
        let (t, step) = (thread_idx().x as usize, block_dim().x as usize);
        let mut m = f32::NEG_INFINITY;
        let mut j = t;
        while j < row.len() {
            m = m.max(row[j]);
            j += step;
        }
        let m = block::max_f32(m);
        let mut s = 0.0f32;
        let mut j = t;
        while j < row.len() {
            s += (row[j] - m).exp();
            j += step;
        }
        let r = 1.0 / block::sum_f32(s);
        if let Some(dst) = out.block_row(i) {
            for (j, o) in dst.iter_mut() {
                *o = (row[j] - m).exp() * r; // j < cols = row.len(): no check left
            }
        }
    }

    /// GELU, the exact form: x · Φ(x) = x/2 · (1 + erf(x / √2)).
    pub fn gelu(i: ThreadIndex, x: &[f32], out: &mut DisjointSlice<f32>) where (len(x) >= len(out)) {
        if let Some(o) = out.get_mut(i) {
            *o = common::gelu(x[i.get()]);
        }
    }

    /// out[i] = f(x[i]) for f32 function number `op` (see tests/test_gpu.py).
    pub fn math32(i: ThreadIndex, op: u32, x: &[f32], out: &mut DisjointSlice<f32>) where (len(x) >= len(out)) {
        if let Some(o) = out.get_mut(i) {
            let v = x[i.get()];
            *o = match op {
                0 => v.exp(), 1 => v.exp2(), 2 => v.ln(), 3 => v.log2(), 4 => v.sin(), 5 => v.cos(),
                6 => v.tanh(), 7 => v.erf(), 8 => v.sqrt(), 9 => v.rsqrt(), 10 => v.floor(), 11 => v.ceil(),
                12 => v.abs(), 13 => v.powf(1.75), 14 => v.mul_add(3.0, -1.0), 15 => v.min(0.25),
                16 => v.max(0.25), 17 => fast::exp(v), 18 => fast::exp2(v), 19 => fast::ln(v), 20 => fast::log2(v),
                21 => fast::sin(v), 22 => fast::cos(v), 23 => fast::tanh(v), 24 => fast::rsqrt(v),
                _ => f32::NAN,
            };
        }
    }

    /// out[i] = f(x[i]) for f64 function number `op` (the first 17 of `math32`).
    pub fn math64(i: ThreadIndex, op: u32, x: &[f64], out: &mut DisjointSlice<f64>) where (len(x) >= len(out)) {
        if let Some(o) = out.get_mut(i) {
            let v = x[i.get()];
            *o = match op {
                0 => v.exp(), 1 => v.exp2(), 2 => v.ln(), 3 => v.log2(), 4 => v.sin(), 5 => v.cos(),
                6 => v.tanh(), 7 => v.erf(), 8 => v.sqrt(), 9 => v.rsqrt(), 10 => v.floor(), 11 => v.ceil(),
                12 => v.abs(), 13 => v.powf(1.75), 14 => v.mul_add(3.0, -1.0), 15 => v.min(0.25),
                16 => v.max(0.25), _ => f64::NAN,
            };
        }
    }

    /// out[i] = F16(x[i]): f32 → IEEE half, rounded to nearest even.
    pub fn to_f16(i: ThreadIndex, x: &[f32], out: &mut DisjointSlice<F16>) where (len(x) >= len(out)) {
        if let Some(o) = out.get_mut(i) {
            *o = F16::from_f32(x[i.get()]);
        }
    }

    /// out[i] = BF16(a · x[i]) on bfloat16 storage, computed in f32.
    pub fn scale_bf16(i: ThreadIndex, a: f32, x: &[BF16], out: &mut DisjointSlice<BF16>) where (len(x) >= len(out)) {
        if let Some(o) = out.get_mut(i) {
            *o = BF16::from_f32(a * x[i.get()].to_f32());
        }
    }
}
