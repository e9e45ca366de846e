use oxpack::prelude::*;
kernel! {
    /// Both loads before the arithmetic, no panic path.
    pub fn v_loadfirst(a: f32, x: &[f32], y: &mut DisjointSlice<f32>) {
        let i = index_1d();
        let xv = match x.get(i.get()) { Some(v) => *v, None => return };
        if let Some(yi) = y.get_mut(i) {
            let yv = *yi;
            *yi = yv + a * xv;
        }
    }
}
