// Attempt: read an accumulator fragment's registers directly, to write them to an element of one's choosing.
// Expect: error[E0616]: field `v` of struct `oxpack::mma::FragC` is private
use oxpack::prelude::*;

kernel! {
    pub fn k(i: ThreadIndex, out: &mut DisjointSlice<f32>) {
        let c = FragC::zero();
        if let Some(o) = out.get_mut(i) {
            *o = c.v[0];
        }
    }
}
