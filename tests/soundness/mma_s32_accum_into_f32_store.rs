// Attempt: store a warp's s32 accumulators through an f32 output's `store` (their bits read as f32).
// Expect: error[E0277]: `AccumS32<1, 2>` does not fill the output's 16 × 16 warp tiles: they store an `Accum<WM / 16, WN / 8>`
use oxpack::prelude::*;
use oxpack::mma::s8::AccumS32;

kernel! {
    pub fn k(n: u32, c: &mut DisjointSlice<f32, WarpTiles<16, 16, 16, 16>> = (n)) {
        if let Some(mut t) = c.warp_tile() {
            t.store(&AccumS32::<1, 2>::zero());
        }
    }
}
