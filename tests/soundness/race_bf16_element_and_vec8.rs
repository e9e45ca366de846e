// Attempt: a bfloat16 `Vec4` output (8 lanes a thread) also written element-wise: thread 0 owns out[0..8], thread 1 out[1].
// Expect: error[E0277]: a `Vec4` output is written 16 bytes per thread: element-wise access would give one element two owners (thread 0 owns out[0..4], or out[0..8] for F16 and BF16, thread 1 would own out[1])
use oxpack::prelude::*;

kernel! {
    pub fn race(i: ThreadIndex, out: &mut DisjointSlice<BF16, Vec4>) {
        if let Some(mut v) = out.get_mut_vec4(i) { v.set(BF16x8::default()); }
        if let Some(o) = out.get_mut(i) { *o = BF16::from_f32(1.0); }
    }
}
