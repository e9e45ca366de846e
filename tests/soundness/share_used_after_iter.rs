// Attempt: a share kept after its iterator took it, to hand out its elements a second time.
// Expect: error[E0382]: borrow of moved value: `row`
use oxpack::prelude::*;

kernel! {
    pub fn k(i: ThreadIndex, cols: u32, out: &mut DisjointSlice<f32, BlockRows> = (cols)) {
        if let Some(mut row) = out.block_row(i) {
            let it = row.iter_mut();
            if let Some(o) = row.get_mut(0) { *o = 1.0; }
            for (_, o) in it { *o = 2.0; }
        }
    }
}
