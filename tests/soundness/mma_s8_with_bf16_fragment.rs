// Attempt: multiply an s8 A fragment by a bf16 B fragment (the bytes would be read as the wrong type).
// Expect: error[E0308]: mismatched types
use oxpack::prelude::*;
use oxpack::mma::s8::{mma_sync_s8, FragS32};

kernel! {
    pub fn k(a: &[i8], b: &[BF16], out: &mut DisjointSlice<f32>) {
        let pa = cp_async_pipeline!(1, 32, ATile<i8, 16, 32>, BtTile<i8, 16, 32>);
        let pb = cp_async_pipeline!(1, 32, ATile<BF16, 16, 16>, BtTile<BF16, 16, 16>);
        let (ma, mb) = (matrix(a, 32, 16).unwrap(), matrix(b, 16, 16).unwrap());
        pa.fill(&ma, (0, 0), &ma, (0, 0));
        pb.fill(&mb, (0, 0), &mb, (0, 0));
        let (sa, sb) = (pa.wait(), pb.wait());
        let mut c = FragS32::zero();
        mma_sync_s8(&sa.a().frag_a(0, 0), &sb.b().frag_b(0, 0), &mut c);
        let _ = out;
    }
}
