// Attempt: a row layout in a unit of the kernel's own making (e.g. 8 bytes, so that chunk numbers mean other columns).
// Expect: error[E0277]: the trait bound `Half: oxpack::sealed::Sealed` is not satisfied
use oxpack::prelude::*;

pub struct Half;
impl oxpack::layout::Unit for Half {}

kernel! {
    pub fn k(i: ThreadIndex, out: &mut DisjointSlice<f32>) {
        let _ = (i, out);
    }
}
