// Attempt: park a warp's accumulator fragment in shared memory, for another warp to read.
// Expect: error[E0599]: the associated function or constant `__new` exists for struct `Shared<oxpack::mma::FragC, 32, oxpack::shared_mem::PerWarp>`, but its trait bounds were not satisfied
use oxpack::prelude::*;

kernel! {
    pub fn k(out: &mut DisjointSlice<f32>) {
        let mut s = shared_array!(FragC, 32, PerWarp);
        if let Some(slot) = warp_slot() {
            s.write(slot, FragC::zero());
        }
        let _ = out;
    }
}
