// Attempt: multiply tiles of different depths (the B fragments would read past their tile).
// Expect: error[E0271]: type mismatch resolving `<MmaTile<BF16, 16, 16, OperandBt> as BTileKind>::Depth == Depth<32>`
use oxpack::prelude::*;

kernel! {
    pub fn k(a: &[BF16], out: &mut DisjointSlice<f32>) {
        let m = matrix(a, 32, 32).unwrap();
        let pipe = cp_async_pipeline!(1, 32, ATile<BF16, 16, 32>, BtTile<BF16, 16, 16>);
        pipe.fill(&m, (0, 0), &m, (0, 0));
        let s = pipe.wait();
        let mut acc = Accum::<1, 2>::zero();
        acc.mma_tile(&s.a(), &s.b(), WarpPos { row: 0, col: 0 });
        let _ = out;
    }
}
