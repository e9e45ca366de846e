// Attempt: two live writers of one warp-row chunk, from get_mut(0) twice.
// Expect: error[E0499]: cannot borrow `row` as mutable more than once at a time
use oxpack::prelude::*;

kernel! {
    pub fn k(i: ThreadIndex, cols: u32, out: &mut DisjointSlice<f32, WarpRows<Vec4>> = (cols)) {
        if let Some(mut row) = out.warp_row(i) {
            let a = row.get_mut(0);
            let b = row.get_mut(0);
            if let (Some(mut a), Some(mut b)) = (a, b) { a.set(F32x4([1.0; 4])); b.set(F32x4([2.0; 4])); }
        }
    }
}
