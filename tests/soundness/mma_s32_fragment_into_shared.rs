// Attempt: park a warp's s32 accumulator fragment in shared memory, for another warp to read.
// Expect: error[E0599]: the associated function or constant `__new` exists for struct `Shared<FragS32, 32, oxpack::shared_mem::PerWarp>`, but its trait bounds were not satisfied
use oxpack::prelude::*;
use oxpack::mma::s8::FragS32;

kernel! {
    pub fn k(out: &mut DisjointSlice<f32>) {
        let mut s = shared_array!(FragS32, 32, PerWarp);
        if let Some(slot) = warp_slot() {
            s.write(slot, FragS32::zero());
        }
        let _ = out;
    }
}
