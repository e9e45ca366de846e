// Attempt: build a fragment from chosen register words, i.e. write lane arithmetic by hand.
// Expect: error[E0451]: fields `r` and `_t` of struct `oxpack::mma::FragA` are private
use oxpack::prelude::*;

kernel! {
    pub fn k(out: &mut DisjointSlice<f32>) {
        let f: FragA<BF16> = FragA { r: [lane_id(); 4], _t: core::marker::PhantomData };
        let _ = (f, out);
    }
}
