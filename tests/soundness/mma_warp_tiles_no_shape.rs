// Attempt: a warp-tiled output without its width (each thread could then pick its own).
// Expect: error[E0277]: this kernel parameter (`oxpack::DisjointSlice<f32, oxpack::mma::WarpTiles<16, 16, 16, 16>>`) does not take the shape `()` (`()`: no shape given)
use oxpack::prelude::*;

kernel! {
    pub fn k(c: &mut DisjointSlice<f32, WarpTiles<16, 16, 16, 16>>) {
        if let Some(mut t) = c.warp_tile() {
            t.store(&Accum::<1, 2>::zero());
        }
    }
}
