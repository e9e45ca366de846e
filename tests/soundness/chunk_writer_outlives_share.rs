// Attempt: a 16-byte chunk writer kept past the end of the share that gave it.
// Expect: error[E0597]: `row` does not live long enough
use oxpack::prelude::*;

kernel! {
    pub fn k(i: ThreadIndex, cols: u32, out: &mut DisjointSlice<f32, WarpRows<Vec4>> = (cols)) {
        let kept;
        {
            let Some(mut row) = out.warp_row(i) else { return };
            kept = row.get_mut(0);
        }
        if let Some(mut v) = kept { v.set(F32x4([1.0; 4])); }
    }
}
