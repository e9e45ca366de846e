// Attempt: get_mut (thread i → element i) on a Rows output (thread (x, y) → y·width + x).
// Expect: error[E0599]: no method named `get_mut` found for mutable reference `&mut oxpack::DisjointSlice<u32, oxpack::layout::Rows>` in the current scope
use oxpack::prelude::*;

kernel! {
    pub fn k(ij: ThreadIndex2, w: u32, out: &mut DisjointSlice<u32, Rows> = (w)) {
        if let Some(o) = out.get_mut_2d(ij) { *o = 1; }
        if let Some(o) = out.get_mut(index_1d()) { *o = 2; }
    }
}
