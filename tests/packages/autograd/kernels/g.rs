use oxpack::prelude::*;

kernel! {
    /// out = x·y, elementwise; differentiable through `mul_bwd`
    #[launch(threads = len(x))]
    #[outputs(out = (len(x)))]
    #[backward(mul_bwd)]
    pub fn mul(i: ThreadIndex, x: &[f32], y: &[f32], out: &mut DisjointSlice<f32>) where (len(y) == len(x)) {
        if let Some(o) = out.get_mut(i) {
            *o = x[i.get()] * y[i.get()];
        }
    }

    /// dx = dout·y, dy = dout·x
    #[launch(threads = len(x))]
    #[outputs(dx = (len(x)), dy = (len(x)))]
    pub fn mul_bwd(i: ThreadIndex, dout: &[f32], x: &[f32], y: &[f32], dx: &mut DisjointSlice<f32>,
                   dy: &mut DisjointSlice<f32>) where (len(y) == len(x), len(dout) == len(x)) {
        let k = i.get();
        if let Some(o) = dx.get_mut(i) {
            *o = dout[k] * y[k];
        }
        if let Some(o) = dy.get_mut(i) {
            *o = dout[k] * x[k];
        }
    }

    /// out = (x + r)·w, elementwise (a residual add before a scaling); the gradients of x and r are one
    /// array (`dr = dx`): `add_mul_bwd` writes it once
    #[launch(threads = len(x))]
    #[outputs(out = (len(x)))]
    #[backward(add_mul_bwd, dr = dx)]
    pub fn add_mul(i: ThreadIndex, x: &[f32], r: &[f32], w: &[f32], out: &mut DisjointSlice<f32>)
    where (len(r) == len(x), len(w) == len(x)) {
        let k = i.get();
        if let Some(o) = out.get_mut(i) {
            *o = (x[k] + r[k]) * w[k];
        }
    }

    /// dx = dout·w (also r's gradient), dw = dout·(x + r)
    #[launch(threads = len(x))]
    #[outputs(dx = (len(x)), dw = (len(x)))]
    pub fn add_mul_bwd(i: ThreadIndex, dout: &[f32], x: &[f32], r: &[f32], w: &[f32], dx: &mut DisjointSlice<f32>,
                       dw: &mut DisjointSlice<f32>) where (len(r) == len(x), len(w) == len(x), len(dout) == len(x)) {
        let k = i.get();
        if let Some(o) = dx.get_mut(i) {
            *o = dout[k] * w[k];
        }
        if let Some(o) = dw.get_mut(i) {
            *o = dout[k] * (x[k] + r[k]);
        }
    }

    /// out[r, c] = a · x[r, c] · w[c] over rows of `len(w)`, and each row's sum of x (not differentiable:
    /// no backward kernel reads `drowsum`); its backward is two kernels: the per-row products, then their
    /// column sums
    #[launch(threads = len(x))]
    #[outputs(out = (len(x) / len(w), len(w)), rowsum = (len(x) / len(w)))]
    #[backward(scale_cols_bwd, scale_cols_bwd_sum)]
    pub fn scale_cols(i: ThreadIndex, a: f32, x: &[f32], w: &[f32], out: &mut DisjointSlice<f32>,
                      rowsum: &mut DisjointSlice<f32>)
    where (len(w) >= 1, len(x) % len(w) == 0, len(rowsum) == len(x) / len(w)) {
        let k = i.get();
        let cols = w.len();
        if let Some(o) = out.get_mut(i) {
            *o = a * x[k] * w[k % cols];
        }
        if let Some(o) = rowsum.get_mut(i) {
            let mut s = 0.0;
            for c in 0..cols {
                s += x[k * cols + c];
            }
            *o = s;
        }
    }

    /// dx = a · dout · w[c]; dw_rows[r, c] = a · dout[r, c] · x[r, c]
    #[launch(threads = len(x))]
    #[outputs(dx = (len(x)), dw_rows = (len(x)))]
    pub fn scale_cols_bwd(i: ThreadIndex, a: f32, dout: &[f32], x: &[f32], w: &[f32], dx: &mut DisjointSlice<f32>,
                          dw_rows: &mut DisjointSlice<f32>) where (len(w) >= 1, len(dout) == len(x)) {
        let k = i.get();
        let cols = w.len();
        if let Some(o) = dx.get_mut(i) {
            *o = a * dout[k] * w[k % cols];
        }
        if let Some(o) = dw_rows.get_mut(i) {
            *o = a * dout[k] * x[k];
        }
    }

    /// dw[c] = Σ_r dw_rows[r, c]
    #[launch(threads = len(w))]
    #[outputs(dw = (len(w)))]
    pub fn scale_cols_bwd_sum(i: ThreadIndex, dw_rows: &[f32], w: &[f32], dw: &mut DisjointSlice<f32>)
    where (len(w) >= 1, len(dw_rows) % len(w) == 0) {
        let c = i.get();
        let cols = w.len();
        if let Some(o) = dw.get_mut(i) {
            let mut s = 0.0;
            let mut r = 0;
            while r * cols < dw_rows.len() {
                s += dw_rows[r * cols + c];
                r += 1;
            }
            *o = s;
        }
    }
}
