// Attempt: store a 16 × 32 accumulator block into a warp's 16 × 64 part of a SeqTiles output (half of it unwritten, or another warp's written).
// Expect: error[E0277]: `oxpack::mma::Accum<1, 4>` does not fill the output's 16 × 64 warp tiles: they store an `Accum<WM / 16, WN / 8>`
use oxpack::prelude::*;

kernel! {
    pub fn k(seq: u32, o: &mut DisjointSlice<f32, SeqTiles<64, 16, 64>> = (seq)) {
        let Some(mut t) = o.seq_tile() else { return };
        t.store(&Accum::<1, 4>::zero());
    }
}
