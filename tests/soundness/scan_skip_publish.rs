// Attempt: skip a scan tile's publish (every later tile would wait for its sum forever).
// Expect: error[E0308]: mismatched types
use oxpack::prelude::*;

kernel! {
    pub fn k(i: ThreadIndex, state: ScanState, out: &mut DisjointSlice<f32, ScanTiles<8>>) {
        out.scan_tiles(i, state, |tile| {
            core::mem::forget(tile);
        });
    }
}
