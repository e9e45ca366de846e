// Attempt: rows per block in units of `Rows` (a layout, no unit), to reach an unchecked mapping.
// Expect: error[E0277]: `oxpack::layout::Rows` is not a unit of a row or stride layout
use oxpack::prelude::*;

kernel! {
    pub fn k(i: ThreadIndex, cols: u32, out: &mut DisjointSlice<f32, BlockRows<Rows>> = (cols)) {
        let _ = (i, out);
    }
}
