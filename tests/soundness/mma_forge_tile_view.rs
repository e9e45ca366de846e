// Attempt: point a tile view at memory of one's choosing (another stage, or past the tile).
// Expect: error[E0451]: fields `ptr`, `sa` and `_s` of struct `TileRef` are private
use oxpack::prelude::*;
use oxpack::mma::TileRef;

kernel! {
    pub fn k(a: &[BF16], out: &mut DisjointSlice<f32>) {
        let t: TileRef<'_, ATile<BF16, 16, 16>> = TileRef { ptr: a.as_ptr(), sa: 0, _s: core::marker::PhantomData };
        let _ = (t.frag_a(0, 0), out);
    }
}
