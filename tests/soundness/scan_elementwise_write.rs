// Attempt: write a ScanTiles output element-wise by the thread index (another tile's element: tiles go to blocks by draw, not by blockIdx).
// Expect: error[E0599]: no method named `get_mut` found for mutable reference `&mut oxpack::DisjointSlice<f32, oxpack::layout::ScanTiles<8>>`
use oxpack::prelude::*;

kernel! {
    pub fn k(i: ThreadIndex, state: ScanState, out: &mut DisjointSlice<f32, ScanTiles<8>>) {
        let _ = state;
        if let Some(o) = out.get_mut(i) { *o = 1.0; }
    }
}
