// Attempt: the first race: a width that differs per thread maps threads (5, 0) and (0, 1) to out[5].
// Expect: error[E0061]: this method takes 1 argument but 2 arguments were supplied
use oxpack::prelude::*;

kernel! {
    pub fn race(ij: ThreadIndex2, out: &mut DisjointSlice<u32, Rows>) {
        let w = if ij.y() == 0 { 10 } else { 5 };
        if let Some(o) = out.get_mut_2d(ij, w) { *o = ij.y() as u32; }
    }
}
