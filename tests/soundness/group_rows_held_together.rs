// Attempt: two rows of a block's group held at once, to write one through the other's share after the borrow of the first.
// Expect: error[E0499]: cannot borrow value as mutable more than once at a time
use oxpack::prelude::*;

kernel! {
    pub fn k(i: ThreadIndex, cols: u32, out: &mut DisjointSlice<f32, BlockRowGroups<4>> = (cols)) {
        let a = out.group_row(i, 0);
        let b = out.group_row(i, 1);
        if let (Some(mut a), Some(_b)) = (a, b) { if let Some(o) = a.get_mut(0) { *o = 1.0; } }
    }
}
