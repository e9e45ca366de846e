// Attempt: two live shares of one warp-row output in one thread.
// Expect: error[E0499]: cannot borrow value as mutable more than once at a time
use oxpack::prelude::*;

kernel! {
    pub fn k(i: ThreadIndex, cols: u32, out: &mut DisjointSlice<f32, WarpRows<Vec4>> = (cols)) {
        let a = out.warp_row(i);
        let b = out.warp_row(i);
        if let (Some(a), Some(b)) = (a, b) { let _ = (a.row(), b.row()); }
    }
}
