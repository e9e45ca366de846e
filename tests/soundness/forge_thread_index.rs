// Attempt: building a ThreadIndex from a number.
// Expect: error[E0423]: cannot initialize a tuple struct which contains private fields
use oxpack::prelude::*;

kernel! {
    pub fn k(out: &mut DisjointSlice<f32>) {
        if let Some(o) = out.get_mut(ThreadIndex(0)) { *o = 1.0; }
    }
}
