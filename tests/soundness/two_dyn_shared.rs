// Attempt: two DynShared parameters, two views of the same block memory: one in its read phase while the other is written.
// Expect: error[E0080]: evaluation panicked: oxpack: kernel `k` takes more than one `DynShared` parameter; all of them would be the same block memory: take one and split it
use oxpack::prelude::*;

kernel! {
    pub fn k(i: ThreadIndex, a: DynShared<f32>, b: DynShared<f32>, out: &mut DisjointSlice<f32>) {
        let mut wa = a.into_shared();
        wa.write(thread_slot(), 1.0);
        let ra = wa.sync();
        let mut wb = b.into_shared();
        wb.write(thread_slot(), 2.0);
        if let Some(o) = out.get_mut(i) { *o = ra.get(0); }
    }
}
