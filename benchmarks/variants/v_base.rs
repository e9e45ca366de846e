use oxpack::prelude::*;
kernel! {
    /// As example-project's saxpy: grid-unique index, two bounds checks (one may trap).
    pub fn v_base(a: f32, x: &[f32], y: &mut DisjointSlice<f32>) {
        let i = index_1d();
        if let Some(yi) = y.get_mut(i) {
            *yi += a * x[i.get()];
        }
    }
}
