// Attempt: building a DisjointSlice in user code.
// Expect: error[E0451]: fields `ptr`, `len`, `shape` and `_layout` of struct `oxpack::DisjointSlice` are private
use oxpack::prelude::*;

kernel! {
    pub fn k(ij: ThreadIndex2, w: u32, out: &mut DisjointSlice<u32, Rows> = (w)) {
        let mine: DisjointSlice<u32, Rows> = DisjointSlice { ptr: core::ptr::null_mut(), len: 1, shape: [1, 1], _layout: core::marker::PhantomData };
        let _ = mine;
    }
}
