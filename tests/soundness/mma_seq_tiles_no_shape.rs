// Attempt: declare a SeqTiles output without its sequence length, so the rows per sequence are whatever the kernel says.
// Expect: error[E0277]: this kernel parameter (`oxpack::DisjointSlice<f32, oxpack::mma::SeqTiles<64, 16, 64>>`) does not take the shape `()` (`()`: no shape given)
use oxpack::prelude::*;

kernel! {
    pub fn k(o: &mut DisjointSlice<f32, SeqTiles<64, 16, 64>>) {
        let _ = o.seq_tile();
    }
}
