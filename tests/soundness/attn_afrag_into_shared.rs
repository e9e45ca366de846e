// Attempt: park a warpgroup's register A fragment of p in block-shared memory, for another warpgroup to multiply with.
// Expect: error[E0599]: the associated function or constant `__new` exists for struct `Shared<oxpack::attn_pipeline::WgAFrag<128>, 384, oxpack::shared_mem::PerThread>`, but its trait bounds were not satisfied
use oxpack::prelude::*;
use oxpack::attn_pipeline::*;

kernel! {
    pub fn k(out: &mut DisjointSlice<f32>) {
        let mut s = shared_array!(WgAFrag<128>, 384, PerThread);
        if let Some(slot) = thread_slot() {
            s.write(slot, WgAccum::<128>::zero().to_bf16_a());
        }
        let _ = out;
    }
}
