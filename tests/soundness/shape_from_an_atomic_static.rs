// Attempt: a row length in a static atomic that each thread may change.
// Expect: error[E0277]: `core::sync::atomic::Atomic<u32>` cannot be an output's shape
use oxpack::prelude::*;

static W: core::sync::atomic::AtomicU32 = core::sync::atomic::AtomicU32::new(32);

kernel! {
    pub fn k(i: ThreadIndex, out: &mut DisjointSlice<f32, WarpRows> = (W)) {
        W.store(lane_id(), core::sync::atomic::Ordering::Relaxed);
        let _ = (i, out);
    }
}
