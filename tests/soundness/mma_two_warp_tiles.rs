// Attempt: hold two handles on the warp's output tile at once (two mutable views of one element).
// Expect: error[E0499]: cannot borrow value as mutable more than once at a time
use oxpack::prelude::*;

kernel! {
    pub fn k(n: u32, c: &mut DisjointSlice<f32, WarpTiles<16, 16, 16, 16>> = (n)) {
        let t1 = c.warp_tile();
        let t2 = c.warp_tile();
        if let (Some(mut a), Some(mut b)) = (t1, t2) {
            a.store(&Accum::<1, 2>::zero());
            b.store(&Accum::<1, 2>::zero());
        }
    }
}
