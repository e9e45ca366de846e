// Attempt: store a 16 × 8 block of accumulators into a 16 × 16 warp tile (half of it never written, or another layout read).
// Expect: error[E0277]: `oxpack::mma::Accum<1, 1>` does not fill the output's 16 × 16 warp tiles: they store an `Accum<WM / 16, WN / 8>`
use oxpack::prelude::*;

kernel! {
    pub fn k(n: u32, c: &mut DisjointSlice<f32, WarpTiles<16, 16, 16, 16>> = (n)) {
        if let Some(mut t) = c.warp_tile() {
            t.store(&Accum::<1, 1>::zero());
        }
    }
}
