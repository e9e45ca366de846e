// Attempt: forge a scan tile's writer for elements the thread chose, without drawing or publishing a tile.
// Expect: error[E0451]: fields `ptr`, `count` and `_out` of struct `TileItems` are private
use oxpack::prelude::*;
use oxpack::scan::TileItems;

kernel! {
    pub fn k(i: ThreadIndex, state: &ScanState, out: &mut DisjointSlice<f32, ScanTiles<8>>) {
        let _ = (i, state);
        let mut w: TileItems<'_, f32> = TileItems { ptr: core::ptr::null_mut(), count: 8, _out: core::marker::PhantomData };
        w.as_mut_slice()[0] = 1.0;
    }
}
