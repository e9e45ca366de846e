// Attempt: turning an element-wise output into a Vec4 one by a type annotation.
// Expect: error[E0308]: mismatched types
use oxpack::prelude::*;

kernel! {
    pub fn k(i: ThreadIndex, out: &mut DisjointSlice<f32>) {
        if let Some(o) = out.get_mut(i) { *o = 1.0; }
        let v: &mut DisjointSlice<f32, Vec4> = out;
        let _ = v.get_mut_vec4(i);
    }
}
