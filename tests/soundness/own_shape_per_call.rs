// Attempt: implementing the never-implemented per-call shape trait, to call get_mut_2d(ij, w) on an element-wise output.
// Expect: error[E0277]: the trait bound `Width: oxpack::sealed::Sealed` is not satisfied
use oxpack::prelude::*;

#[derive(Clone, Copy)]
struct Width(u32);
impl oxpack::layout::ShapePerCall for Width {}

kernel! {
    pub fn k(ij: ThreadIndex2, out: &mut DisjointSlice<f32>) {
        let _ = out.get_mut_2d(ij, Width(ij.y() as u32));
    }
}
