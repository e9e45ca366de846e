// Attempt: a witness stored as a number and read back as a witness.
// Expect: error[E0308]: mismatched types
use oxpack::prelude::*;

kernel! {
    pub fn k(i: ThreadIndex, slot: &[AtomicU64], out: &mut DisjointSlice<f32>) {
        slot[0].store(i.get() as u64);
        let j: ThreadIndex = slot[0].load() as usize;
        if let Some(o) = out.get_mut(j) { *o = 1.0; }
    }
}
