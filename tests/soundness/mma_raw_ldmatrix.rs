// Attempt: call the runtime's ldmatrix on an address of one's choosing.
// Expect: error[E0603]: module `intrinsics` is private
use oxpack::prelude::*;

kernel! {
    pub fn k(a: &[BF16], out: &mut DisjointSlice<f32>) {
        let mut r = [0u32; 4];
        oxpack::intrinsics::mma::__oxpack_ldmatrix_x4(a.as_ptr() as *const u16, r.as_mut_ptr());
        let _ = out;
    }
}
