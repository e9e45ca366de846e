// Attempt: hand a warp's whole block of accumulators to the next warp through shared memory.
// Expect: error[E0599]: the associated function or constant `__new` exists for struct `Shared<oxpack::mma::Accum<1, 2>, 32, oxpack::shared_mem::PerWarp>`, but its trait bounds were not satisfied
use oxpack::prelude::*;

kernel! {
    pub fn k(out: &mut DisjointSlice<f32>) {
        let mut s = shared_array!(Accum<1, 2>, 32, PerWarp);
        if let Some(slot) = warp_slot() {
            s.write(slot, Accum::<1, 2>::zero());
        }
        let _ = out;
    }
}
