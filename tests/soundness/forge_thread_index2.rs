// Attempt: building a ThreadIndex2 from numbers.
// Expect: error[E0451]: fields `x` and `y` of struct `oxpack::ThreadIndex2` are private
use oxpack::prelude::*;

kernel! {
    pub fn k(w: u32, out: &mut DisjointSlice<f32, Rows> = (w)) {
        if let Some(o) = out.get_mut_2d(ThreadIndex2 { x: 0, y: 0 }) { *o = 1.0; }
    }
}
