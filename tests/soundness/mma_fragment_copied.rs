// Attempt: duplicate a fragment by copy, to feed one warp's registers to two multiplies at once.
// Expect: error[E0382]: use of moved value: `fa`
use oxpack::prelude::*;

fn take(f: FragA<BF16>) -> FragA<BF16> { f }

kernel! {
    pub fn k(a: &[BF16], out: &mut DisjointSlice<f32>) {
        let pipe = cp_async_pipeline!(1, 32, ATile<BF16, 16, 16>, BtTile<BF16, 16, 16>);
        let m = matrix(a, 16, 16).unwrap();
        pipe.fill(&m, (0, 0), &m, (0, 0));
        let s = pipe.wait();
        let fa = s.a().frag_a(0, 0);
        let x = take(fa);
        let y = take(fa);
        let _ = (x, y, out);
    }
}
