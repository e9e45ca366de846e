// Attempt: the second race from the other side: an element-wise output asked for 16-byte vectors.
// Expect: error[E0277]: an element-wise output cannot also be written 16 bytes per thread (thread 0 would own out[0..4], or out[0..8] for F16 and BF16, while thread 1 owns out[1])
use oxpack::prelude::*;

kernel! {
    pub fn race(i: ThreadIndex, out: &mut DisjointSlice<f32>) {
        if let Some(o) = out.get_mut(i) { *o = 2.0; }
        if let Some(mut v) = out.get_mut_vec4(i) { v.set(F32x4([1.0; 4])); }
    }
}
