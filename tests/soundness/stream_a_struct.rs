// Attempt: a hinted load of a type that is not plain data (a reference: its bits would be forged).
// Expect: error[E0277]: `&f32` cannot be loaded or stored with a cache hint
use oxpack::prelude::*;

kernel! {
    pub fn k(i: ThreadIndex, x: &[f32], out: &mut DisjointSlice<f32>) {
        let r: &f32 = &x[0];
        let v = load_streaming(&r);
        out.set(i, *v);
    }
}
