// Attempt: a per-block output written as a row per block (every thread of the block on element b).
// Expect: error[E0599]: no method named `block_row` found
use oxpack::prelude::*;

kernel! {
    pub fn k(i: ThreadIndex, out: &mut DisjointSlice<f32, OnePerBlock>) {
        if let Some(row) = out.block_row(i) { for (_, o) in row.iter_mut() { *o = 1.0; } }
    }
}
