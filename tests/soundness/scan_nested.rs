// Attempt: scan one output twice at once, a scan inside another's tile (two writers for one element).
// Expect: error[E0501]: cannot borrow value as mutable because previous closure requires unique access
use oxpack::prelude::*;

kernel! {
    pub fn k(i: ThreadIndex, state: ScanState, other: ScanState, out: &mut DisjointSlice<f32, ScanTiles<8>>) {
        let mut other = Some(other);
        out.scan_tiles(i, state, |tile| {
            if let Some(s) = other.take() {
                out.scan_tiles(i, s, |inner| inner.publish(1.0).1);
            }
            tile.publish(0.0).1
        });
    }
}
