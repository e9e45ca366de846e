// Attempt: building a shared-memory tile slot from numbers.
// Expect: error[E0451]: fields `x` and `y` of struct `TileSlot` are private
use oxpack::prelude::*;

kernel! {
    pub fn k(out: &mut DisjointSlice<f32>) {
        let mut s = shared_array!(f32, 32 * 33, Tile<33>);
        s.write_tile(oxpack::shared_mem::TileSlot { x: 0, y: 0 }, 1.0);
    }
}
