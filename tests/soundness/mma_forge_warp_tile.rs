// Attempt: a warp tile of one's choosing (another warp's part of the output).
// Expect: error[E0451]: fields `ptr`, `len`, `width`, `row0`, `col0`, `pos` and `_out` of struct `WarpTile` are private
use oxpack::prelude::*;
use oxpack::mma::WarpTile;

kernel! {
    pub fn k(n: u32, c: &mut DisjointSlice<f32, WarpTiles<16, 16, 16, 16>> = (n)) {
        let t: WarpTile<'_, f32, 16, 16, 16, 16> = WarpTile {
            ptr: core::ptr::null_mut(), len: 256, width: 16, row0: 0, col0: 0,
            pos: WarpPos { row: 0, col: 0 }, _out: core::marker::PhantomData,
        };
        let _ = (t, c);
    }
}
