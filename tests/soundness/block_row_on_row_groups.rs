// Attempt: an output laid out as groups of rows written one row per block as well (block 1's row 1 is block 0's group's second row).
// Expect: error[E0599]: no method named `block_row` found
use oxpack::prelude::*;

kernel! {
    pub fn k(i: ThreadIndex, cols: u32, out: &mut DisjointSlice<f32, BlockRowGroups<2, Vec4>> = (cols)) {
        if let Some(row) = out.block_row(i) { for (_, mut o) in row.iter_mut() { o.set(F32x4([1.0; 4])); } }
    }
}
