// Attempt: register_tile with a width computed from the thread's index.
// Expect: error[E0061]: this method takes 1 argument but 2 arguments were supplied
use oxpack::prelude::*;

kernel! {
    pub fn k(ij: ThreadIndex2, n: u32, c: &mut DisjointSlice<f32, RegisterTiles<4, 4>> = (n)) {
        let _ = c.register_tile(ij, n + ij.x() as u32);
    }
}
