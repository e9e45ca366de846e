// Attempt: take the warp's SeqTiles part twice, to write its rows through two handles.
// Expect: error[E0499]: cannot borrow value as mutable more than once at a time
use oxpack::prelude::*;

kernel! {
    pub fn k(seq: u32, o: &mut DisjointSlice<f32, SeqTiles<64, 16, 64>> = (seq)) {
        let a = o.seq_tile();
        let b = o.seq_tile();
        let _ = (a, b);
    }
}
