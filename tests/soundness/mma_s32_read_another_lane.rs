// Attempt: read the s32 accumulator registers of a fragment directly (to move them to another lane by hand).
// Expect: error[E0616]: field `v` of struct `FragS32` is private
use oxpack::prelude::*;
use oxpack::mma::s8::AccumS32;

kernel! {
    pub fn k(out: &mut DisjointSlice<f32>) {
        let acc = AccumS32::<1, 1>::zero();
        let x = shfl_xor(acc.frag(0, 0).v[0], 1);
        let _ = (x, out);
    }
}
