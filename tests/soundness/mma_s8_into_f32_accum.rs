// Attempt: multiply i8 tiles into f32 accumulators (`Accum::mma_tile`), where the s8 sums are s32.
// Expect: error[E0277]: `i8` is not a tensor-core input: `mma.sync` multiplies BF16, F16 or f32 (as tf32) values
use oxpack::prelude::*;

kernel! {
    pub fn k(a: &[i8], out: &mut DisjointSlice<f32>) {
        let p = cp_async_pipeline!(1, 32, ATile<i8, 16, 32>, BtTile<i8, 16, 32>);
        let m = matrix(a, 32, 16).unwrap();
        p.fill(&m, (0, 0), &m, (0, 0));
        let s = p.wait();
        let mut acc = Accum::<1, 2>::zero();
        acc.mma_tile(&s.a(), &s.b(), WarpPos { row: 0, col: 0 });
        let _ = out;
    }
}
