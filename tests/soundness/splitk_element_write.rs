// Attempt: write a split-K output element by element from every block of a tile (S writers of one element).
// Expect: error[E0599]: no method named `get_mut` found for mutable reference `&mut oxpack::DisjointSlice<f32, oxpack::wgmma::SplitTiles<64, 64, 2>>`
use oxpack::prelude::*;
use oxpack::wgmma::*;

kernel! {
    pub fn k(i: ThreadIndex, c: &mut DisjointSlice<f32, SplitTiles<64, 64, 2>> = (64)) {
        if let Some(o) = c.get_mut(i) {
            *o = 1.0;
        }
    }
}
