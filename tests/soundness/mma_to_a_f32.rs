// Attempt: turn f32 accumulators into an A operand of f32 (tf32) registers, whose fragment layout is not the 16-bit one `to_a` packs.
// Expect: error[E0277]: `f32` is not a 16-bit tensor-core input: this takes BF16 or F16 (`ldmatrix.trans` moves 16-bit values)
use oxpack::prelude::*;

kernel! {
    pub fn k(out: &mut DisjointSlice<f32>) {
        let acc = Accum::<1, 2>::zero();
        let p = acc.to_a::<f32, 1>();
        let _ = (p, out);
    }
}
