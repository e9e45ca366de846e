// Attempt: the same constructor inside an `unsafe` block of the kernel's own.
// Expect: error: usage of an `unsafe` block
use oxpack::prelude::*;
use oxpack::async_copy::TileCell;

static __OXPACK_SHARED: TileCell<BF16, 256> = TileCell::new();

kernel! {
    pub fn k(out: &mut DisjointSlice<f32>) {
        let p = unsafe { Pipeline::<1, 32, ATile<BF16, 16, 16>, BtTile<BF16, 16, 16>>::__new(&__OXPACK_SHARED, &__OXPACK_SHARED) };
        let _ = (p, out);
    }
}
