// Attempt: build an A register operand from chosen words, skipping the fragment layout of `load` and `to_a`.
// Expect: error[E0451]: field `f` of struct `ARegs` is private
use oxpack::prelude::*;

kernel! {
    pub fn k(out: &mut DisjointSlice<f32>) {
        let q: ARegs<BF16, 1, 1> = ARegs { f: [[FragA::from([0u32; 4])]] };
        let _ = (q, out);
    }
}
