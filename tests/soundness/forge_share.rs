// Attempt: a share built by hand, for a row and member number of the kernel's choice.
// Expect: error[E0624]: associated function `new` is private
use oxpack::prelude::*;

kernel! {
    pub fn k(i: ThreadIndex, out: &mut DisjointSlice<f32>) {
        let _ = i;
        let s = oxpack::strided::Share::<f32, oxpack::strided::ByWarp>::new(core::ptr::null_mut(), out.len(), 0, 32, 0, 0, 1);
        let _ = s;
    }
}
