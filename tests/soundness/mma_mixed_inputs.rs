// Attempt: multiply a bf16 A fragment by an f16 B fragment (the registers would be read as the wrong type).
// Expect: error[E0308]: mismatched types
use oxpack::prelude::*;

kernel! {
    pub fn k(a: &[BF16], b: &[F16], out: &mut DisjointSlice<f32>) {
        let pa = cp_async_pipeline!(1, 32, ATile<BF16, 16, 16>, BtTile<BF16, 16, 16>);
        let pb = cp_async_pipeline!(1, 32, ATile<F16, 16, 16>, BtTile<F16, 16, 16>);
        let (ma, mb) = (matrix(a, 16, 16).unwrap(), matrix(b, 16, 16).unwrap());
        pa.fill(&ma, (0, 0), &ma, (0, 0));
        pb.fill(&mb, (0, 0), &mb, (0, 0));
        let (sa, sb) = (pa.wait(), pb.wait());
        let mut c = FragC::zero();
        mma_sync(&sa.a().frag_a(0, 0), &sb.b().frag_b(0, 0), &mut c);
        let _ = out;
    }
}
