// Attempt: two handles on one shared cell (one thread reads a slot in the first handle's read phase while another writes it through the second).
// Expect: error[E0133]: call to unsafe function `Shared::<T, N, K>::__new` is unsafe and requires unsafe block
use oxpack::prelude::*;
use oxpack::shared_mem::{Shared, SharedCell};

static CELL: SharedCell<f32, 256> = SharedCell::new();

kernel! {
    pub fn k(i: ThreadIndex, out: &mut DisjointSlice<f32>) {
        let slot = thread_slot();
        let mut a: Shared<f32, 256, _> = Shared::__new(&CELL);
        let mut b: Shared<f32, 256, _> = Shared::__new(&CELL);
        a.write(slot, 1.0);
        let view = a.sync();
        b.write(slot, 2.0);
        if let Some(o) = out.get_mut(i) { *o = view.get(0); }
    }
}
