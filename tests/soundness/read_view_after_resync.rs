// Attempt: a shared read view kept past the next write phase (another thread may be writing).
// Expect: error[E0382]: borrow of moved value: `r`
use oxpack::prelude::*;

kernel! {
    pub fn k(i: ThreadIndex, out: &mut DisjointSlice<f32>) {
        let mut s = shared_array!(f32, 256);
        s.write(thread_slot(), 1.0);
        let r = s.sync();
        let mut w = r.sync();
        w.write(thread_slot(), 2.0);
        if let Some(o) = out.get_mut(i) { *o = r.get(0); }
    }
}
