// Attempt: duplicate a warp's register operand (q held as ARegs) by copy, to hand the same registers to two owners.
// Expect: error[E0382]: use of moved value: `q`
use oxpack::prelude::*;

fn take(q: ARegs<BF16, 1, 1>) -> ARegs<BF16, 1, 1> { q }

kernel! {
    pub fn k(a: &[BF16], out: &mut DisjointSlice<f32>) {
        let m = matrix(a, 16, 16).unwrap();
        let q = ARegs::<BF16, 1, 1>::load(&m, 0, 0);
        let x = take(q);
        let y = take(q);
        let _ = (x, y, out);
    }
}
