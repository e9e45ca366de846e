// Attempt: multiply bf16 registers by an f16 B tile with `mma_a` (the tile's bits would be read as bf16).
// Expect: error[E0271]: type mismatch resolving `<MmaTile<F16, 16, 16, OperandBt> as TileShape>::Elem == BF16`
use oxpack::prelude::*;

kernel! {
    pub fn k(a: &[BF16], b: &[F16], out: &mut DisjointSlice<f32>) {
        let pipe = cp_async_pipeline!(1, 32, ATile<F16, 16, 16>, BtTile<F16, 16, 16>);
        let (ma, mb) = (matrix(a, 16, 16).unwrap(), matrix(b, 16, 16).unwrap());
        pipe.fill(&mb, (0, 0), &mb, (0, 0));
        let s = pipe.wait();
        let q = ARegs::<BF16, 1, 1>::load(&ma, 0, 0);
        let mut acc = Accum::<1, 2>::zero();
        acc.mma_a(&q, &s.b(), 0);
        let _ = out;
    }
}
