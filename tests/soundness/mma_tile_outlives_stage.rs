// Attempt: keep reading a stage's tile after its view ended, while the next fill overwrites it.
// Expect: error[E0597]: `stage` does not live long enough
use oxpack::prelude::*;

kernel! {
    pub fn k(a: &[BF16], out: &mut DisjointSlice<f32>) {
        let m = matrix(a, 16, 16).unwrap();
        let pipe = cp_async_pipeline!(1, 32, ATile<BF16, 16, 16>, BtTile<BF16, 16, 16>);
        pipe.fill(&m, (0, 0), &m, (0, 0));
        let tile;
        {
            let stage = pipe.wait();
            tile = stage.a();
        }
        pipe.fill(&m, (0, 0), &m, (0, 0));
        let _ = (tile.frag_a(0, 0), out);
    }
}
