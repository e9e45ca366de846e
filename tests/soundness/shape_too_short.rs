// Attempt: a Volume output given only a width.
// Expect: error[E0277]: this kernel parameter (`oxpack::DisjointSlice<u32, oxpack::layout::Volume>`) does not take the shape `(usize,)` (`()`: no shape given)
use oxpack::prelude::*;

kernel! {
    pub fn k(ijk: ThreadIndex3, w: u32, out: &mut DisjointSlice<u32, Volume> = (w)) {
        if let Some(o) = out.get_mut_3d(ijk) { *o = 1; }
    }
}
