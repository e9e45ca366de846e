// Attempt: turn 8 columns of accumulators into a 16-deep A operand (half of its registers would be garbage).
// Expect: error[E0080]: evaluation panicked: oxpack: `Accum<MT, NT>::to_a` gives `ARegs<T, MT, KS>` with NT = 2·KS
use oxpack::prelude::*;

kernel! {
    pub fn k(out: &mut DisjointSlice<f32>) {
        let acc = Accum::<1, 1>::zero();
        let p = acc.to_a::<BF16, 1>();
        let _ = (p, out);
    }
}
