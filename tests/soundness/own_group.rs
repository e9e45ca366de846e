// Attempt: a group of the kernel's own making, to name a share whose members are not distinct.
// Expect: error[E0277]: the trait bound `Mine: oxpack::sealed::Sealed` is not satisfied
use oxpack::prelude::*;

pub enum Mine {}
impl oxpack::strided::Group for Mine {}

kernel! {
    pub fn k(i: ThreadIndex, out: &mut DisjointSlice<f32>) {
        let _ = (i, out);
    }
}
