// Attempt: a macro that hides a per-thread width.
// Expect: error[E0061]: this method takes 1 argument but 2 arguments were supplied
use oxpack::prelude::*;

macro_rules! row_of {
    ($out:ident, $ij:ident) => { $out.get_mut_2d($ij, $ij.y() + 1) };
}

kernel! {
    pub fn k(ij: ThreadIndex2, w: u32, out: &mut DisjointSlice<f32, Rows> = (w)) {
        if let Some(o) = row_of!(out, ij) { *o = 1.0; }
    }
}
