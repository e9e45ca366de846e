// Attempt: a helper generic over the layout that writes element-wise.
// Expect: error[E0599]: no method named `get_mut` found for mutable reference `&mut oxpack::DisjointSlice<f32, L>` in the current scope
use oxpack::prelude::*;

fn put<L: oxpack::layout::Layout>(o: &mut DisjointSlice<f32, L>, i: ThreadIndex) {
    if let Some(e) = o.get_mut(i) { *e = 1.0; }
}

kernel! {
    pub fn k(i: ThreadIndex, out: &mut DisjointSlice<f32, Vec4>) {
        put(out, i);
    }
}
