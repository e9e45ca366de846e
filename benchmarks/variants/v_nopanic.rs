use oxpack::prelude::*;
kernel! {
    /// No panic path: the input is read with `get`, so no call to a trap routine.
    pub fn v_nopanic(a: f32, x: &[f32], y: &mut DisjointSlice<f32>) {
        let i = index_1d();
        if let (Some(xi), Some(yi)) = (x.get(i.get()), y.get_mut(i)) {
            *yi += a * *xi;
        }
    }
}
