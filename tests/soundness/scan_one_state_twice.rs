// Attempt: scan two outputs with one state (the second scan's blocks would draw from a counter the first's still use: a tile drawn twice).
// Expect: error[E0382]: use of moved value
use oxpack::prelude::*;

kernel! {
    pub fn k(i: ThreadIndex, state: ScanState, a: &mut DisjointSlice<f32, ScanTiles<8>>,
             b: &mut DisjointSlice<f32, ScanTiles<8>>) {
        a.scan_tiles(i, state, |tile| tile.publish(0.0).1);
        b.scan_tiles(i, state, |tile| tile.publish(0.0).1);
    }
}
