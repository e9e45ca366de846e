// Attempt: scale a 16-row accumulator block by the row values of a 32-row one (the lanes hold other rows' values).
// Expect: error[E0308]: mismatched types
use oxpack::prelude::*;

kernel! {
    pub fn k(out: &mut DisjointSlice<f32>) {
        let big = Accum::<2, 2>::zero();
        let mut small = Accum::<1, 2>::zero();
        let rows = big.row_max();
        small.map_rows(&rows, |v, m| v - m);
        let _ = out;
    }
}
