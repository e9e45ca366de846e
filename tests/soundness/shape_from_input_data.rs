// Attempt: an output's shape taken from an input buffer (data, not a launch scalar).
// Expect: error[E0277]: `&[u32]` cannot be an output's shape
use oxpack::prelude::*;

kernel! {
    pub fn k(ij: ThreadIndex2, widths: &[u32], out: &mut DisjointSlice<u32, Rows> = (widths)) {
        if let Some(o) = out.get_mut_2d(ij) { *o = 1; }
    }
}
