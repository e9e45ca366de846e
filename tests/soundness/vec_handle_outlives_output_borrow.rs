// Attempt: a 16-byte handle kept while the output is borrowed again.
// Expect: error[E0502]: cannot borrow value as immutable because it is also borrowed as mutable
use oxpack::prelude::*;

kernel! {
    pub fn k(i: ThreadIndex, out: &mut DisjointSlice<f32, Vec4>) {
        let Some(mut a) = out.get_mut_vec4(i) else { return };
        let n = out.len();
        a.set(F32x4([n as f32; 4]));
    }
}
