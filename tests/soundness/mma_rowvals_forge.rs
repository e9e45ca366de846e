// Attempt: write a lane's row values directly, so that the 4 lanes of a row disagree on its maximum.
// Expect: error[E0451]: field `v` of struct `oxpack::mma::RowVals` is private
use oxpack::prelude::*;

kernel! {
    pub fn k(out: &mut DisjointSlice<f32>) {
        let rows = RowVals::<1> { v: [[lane_id() as f32; 2]] };
        let mut acc = Accum::<1, 2>::zero();
        acc.map_rows(&rows, |v, m| v - m);
        let _ = out;
    }
}
