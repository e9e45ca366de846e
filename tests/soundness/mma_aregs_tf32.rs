// Attempt: hold f32 (tf32) values as 16-bit A registers, whose words pack two elements each.
// Expect: error[E0277]: `f32` is not a 16-bit tensor-core input: this takes BF16 or F16 (`ldmatrix.trans` moves 16-bit values)
use oxpack::prelude::*;

kernel! {
    pub fn k(a: &[f32], out: &mut DisjointSlice<f32>) {
        let m = matrix(a, 16, 16).unwrap();
        let q = ARegs::<f32, 1, 1>::load(&m, 0, 0);
        let _ = (q, out);
    }
}
