// Attempt: a second &mut to the output through Param::borrow.
// Expect: error[E0133]: call to unsafe function `oxpack::Param::borrow` is unsafe and requires unsafe block
use oxpack::prelude::*;

kernel! {
    pub fn k(i: ThreadIndex, out: &mut DisjointSlice<f32>) {
        let again = <&mut DisjointSlice<f32> as oxpack::Param>::borrow(out);
        let (a, b) = (out.get_mut(i), again.get_mut(i));
        if let (Some(a), Some(b)) = (a, b) { *a = 1.0; *b = 2.0; }
    }
}
