// Attempt: two live 16-byte handles to the thread's own vector.
// Expect: error[E0499]: cannot borrow value as mutable more than once at a time
use oxpack::prelude::*;

kernel! {
    pub fn k(i: ThreadIndex, out: &mut DisjointSlice<f32, Vec4>) {
        let a = out.get_mut_vec4(i);
        let b = out.get_mut_vec4(i);
        if let (Some(mut a), Some(mut b)) = (a, b) { a.set(F32x4([1.0; 4])); b.set(F32x4([2.0; 4])); }
    }
}
