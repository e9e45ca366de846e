// Attempt: keep a tile's writer past its call and write through it while a later tile is scanned (and return a later tile's writer for a tile never published).
// Expect: error[E0521]: borrowed data escapes outside of closure
use oxpack::prelude::*;

kernel! {
    pub fn k(i: ThreadIndex, state: ScanState, out: &mut DisjointSlice<f32, ScanTiles<8>>) {
        let mut kept = None;
        out.scan_tiles(i, state, |tile| {
            let (_, items) = tile.publish(0.0);
            kept = Some(items);
            kept.take().unwrap()
        });
        if let Some(mut w) = kept { w.set(0, 1.0); }
    }
}
