// Attempt: publish a scan tile twice (a second sum for one tile would corrupt every later tile's prefix).
// Expect: error[E0382]: use of moved value: `tile`
use oxpack::prelude::*;

kernel! {
    pub fn k(i: ThreadIndex, x: &[f32], state: ScanState, out: &mut DisjointSlice<f32, ScanTiles<8>>) {
        out.scan_tiles(i, state, |tile| {
            let total: f32 = x[tile.range()].iter().sum();
            let (_, _items) = tile.publish(total);
            let (_, again) = tile.publish(total);
            again
        });
    }
}
