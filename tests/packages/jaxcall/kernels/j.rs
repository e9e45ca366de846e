use oxpack::prelude::*;

kernel! {
    /// out[i] ← a·x[i] + y[i]: elementwise, one thread per element
    #[launch(threads = len(x))]
    #[outputs(out = (len(x)))]
    pub fn axpy(i: ThreadIndex, a: f32, x: &[f32], y: &[f32], out: &mut DisjointSlice<f32>)
    where (len(y) == len(x), len(out) == len(x)) {
        if let Some(o) = out.get_mut(i) {
            *o = a * x[i.get()] + y[i.get()];
        }
    }

    /// c[i, j] ← a[i]·b[j] + shift: a 2-D output of declared dims
    #[launch(threads = (len(b), len(a)), block = (32, 8))]
    #[outputs(c = (len(a), len(b)))]
    pub fn outer(ij: ThreadIndex2, shift: f64, a: &[f32], b: &[f32], c: &mut DisjointSlice<f32, Rows> = (len(b)))
    where (len(c) == len(a) * len(b)) {
        if let Some(o) = c.get_mut_2d(ij) {
            *o = a[ij.y()] * b[ij.x()] + shift as f32;
        }
    }

    /// out[i] ← x[idx[i]], and n[i] ← idx[i] % per: no declared launch (one thread per element of `out`);
    /// an index past `x` traps
    #[outputs(out = (len(idx)), n = (len(idx)))]
    pub fn gather(i: ThreadIndex, per: u32, idx: &[u32], x: &[f32], out: &mut DisjointSlice<f32>,
                  n: &mut DisjointSlice<u32>)
    where (per > 0, len(n) == len(out)) {
        if let Some(o) = out.get_mut(i) {
            *o = x[idx[i.get()] as usize];
        }
        if let Some(m) = n.get_mut(i) {
            *m = idx[i.get()] % per;
        }
    }

    /// out[i] ← 2·x[i], into an output the caller passes: no declared dims, so no JAX function
    pub fn twice(i: ThreadIndex, x: &[f32], out: &mut DisjointSlice<f32>) {
        if let Some(o) = out.get_mut(i) {
            *o = 2.0 * x[i.get()];
        }
    }
}
