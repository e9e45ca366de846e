// Attempt: two 8-lane handles of one bfloat16 output held at once by one thread.
// Expect: error[E0499]: cannot borrow value as mutable more than once at a time
use oxpack::prelude::*;

kernel! {
    pub fn k(i: ThreadIndex, out: &mut DisjointSlice<BF16, Vec4>) {
        let a = out.get_mut_vec4(i);
        let b = out.get_mut_vec4(i);
        if let (Some(mut a), Some(mut b)) = (a, b) { a.set_streaming(BF16x8::default()); b.set(BF16x8::default()); }
    }
}
