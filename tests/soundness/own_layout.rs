// Attempt: a user-defined layout.
// Expect: error[E0277]: the trait bound `Everything: oxpack::sealed::Sealed` is not satisfied
use oxpack::prelude::*;

struct Everything;
impl oxpack::layout::Layout for Everything {}

kernel! {
    pub fn k(i: ThreadIndex, out: &mut DisjointSlice<f32>) {
        let _ = i;
    }
}
