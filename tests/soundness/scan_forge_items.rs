// Attempt: forge a scan tile's writer for elements the thread chose, to return it unpublished.
// Expect: error[E0451]: fields `ptr`, `start`, `count` and `_out` of struct `TileItems` are private
use oxpack::prelude::*;
use oxpack::scan::TileItems;

kernel! {
    pub fn k(i: ThreadIndex, state: ScanState, out: &mut DisjointSlice<f32, ScanTiles<8>>) {
        out.scan_tiles(i, state, |tile| {
            let _ = tile.range();
            TileItems { ptr: core::ptr::null_mut(), start: 0, count: 8, _out: core::marker::PhantomData }
        });
    }
}
