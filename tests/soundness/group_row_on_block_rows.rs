// Attempt: an output laid out one row per block written as groups of rows (block b would own rows b·R .. while block b + 1 owns row b + 1).
// Expect: error[E0599]: no method named `group_row` found
use oxpack::prelude::*;

kernel! {
    pub fn k(i: ThreadIndex, cols: u32, out: &mut DisjointSlice<f32, BlockRows> = (cols)) {
        if let Some(row) = out.group_row(i, 1) { for (_, o) in row.iter_mut() { *o = 1.0; } }
    }
}
