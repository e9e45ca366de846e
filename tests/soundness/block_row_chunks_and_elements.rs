// Attempt: a 16-byte block-row output also written element by element (thread 0 owns columns 0..4, thread 1 would own column 1).
// Expect: error[E0308]: mismatched types
use oxpack::prelude::*;

kernel! {
    pub fn k(i: ThreadIndex, cols: u32, out: &mut DisjointSlice<f32, BlockRows<Vec4>> = (cols)) {
        if let Some(row) = out.block_row(i) {
            for (_, o) in row.iter_mut() { let o: &mut f32 = o; *o = 1.0; }
        }
    }
}
