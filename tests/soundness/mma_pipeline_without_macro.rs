// Attempt: make two pipelines over one shared memory by calling the constructor by hand.
// Expect: error[E0133]: call to unsafe function `oxpack::async_copy::Pipeline::<S, THREADS, TA, TB>::__new` is unsafe and requires unsafe block
use oxpack::prelude::*;
use oxpack::async_copy::TileCell;

static __OXPACK_SHARED: TileCell<BF16, 256> = TileCell::new();

kernel! {
    pub fn k(out: &mut DisjointSlice<f32>) {
        let p1 = Pipeline::<1, 32, ATile<BF16, 16, 16>, BtTile<BF16, 16, 16>>::__new(&__OXPACK_SHARED, &__OXPACK_SHARED);
        let p2 = Pipeline::<1, 32, ATile<BF16, 16, 16>, BtTile<BF16, 16, 16>>::__new(&__OXPACK_SHARED, &__OXPACK_SHARED);
        let _ = (p1, p2, out);
    }
}
