// Attempt: calling another kernel's entry from a kernel, with a made-up dynamic shared size.
// Expect: error[E0133]: call to unsafe function `fill::__oxpack_entry` is unsafe and requires unsafe block
use oxpack::prelude::*;

kernel! {
    pub fn fill(s: DynShared<f32>) {
        let mut sh = s.into_shared();
        sh.write(thread_slot(), 1.0);
    }

    pub fn k(i: ThreadIndex, out: &mut DisjointSlice<f32>) {
        fill::__oxpack_entry(1 << 40, 0);
    }
}
