//! Output layouts: how the threads of a launch map to the elements of an output.
//!
//! An output parameter's type names its layout, `&mut DisjointSlice<T, L>`, and a
//! layout with a runtime shape takes it after the type in `kernel!`, from scalar
//! parameters, buffer lengths and integers:
//!
//! ```ignore
//! pub fn add(ij: ThreadIndex2, width: u32, a: &[f32], out: &mut DisjointSlice<f32, Rows> = (width)) { … }
//! pub fn norm(i: ThreadIndex, x: &[f32], w: &[f32], out: &mut DisjointSlice<f32, WarpRows<Vec4>> = (len(w))) { … }
//! ```
//!
//! The entry shim binds the shape once, before the kernel body runs, from the launch's
//! parameter words ([`shape`](crate::shape) says which expressions): every thread of the
//! launch sees the same shape, and user code can neither change it nor map the output a
//! second way. An output has exactly one layout, so no two mappings (element-wise and
//! 16-byte vectors, two widths, a row per block and a row per thread, …) can meet on one
//! buffer. Each layout's module argues why its mapping gives every element at most one
//! thread.
//!
//! | layout | shape | thread → elements | API |
//! | --- | --- | --- | --- |
//! | [`Linear`] (the default) | none | `i` → `i` | `get_mut(i)`, `set(i, v)` |
//! | [`Vec4`] | none | `i` → `LANES·i .. LANES·i + LANES` | `get_mut_vec4(i)` |
//! | [`Rows`] | `(width)` | `(x, y)` → `y·width + x`, `x < width` | `get_mut_2d(ij)` |
//! | [`Volume`] | `(width, height)` | `(x, y, z)` → `(z·height + y)·width + x` | `get_mut_3d(ijk)` |
//! | [`BlockRows`] | `(cols)` | block `b`, thread `tx` → row `b`, columns `tx + k·blockDim.x` | `block_row(i)` |
//! | [`BlockRows<Vec4>`](BlockRows) | `(cols)` | block `b`, thread `tx` → row `b`, 16-byte chunks `tx + k·blockDim.x` | `block_row(i)` |
//! | [`BlockRowGroups<R>`](BlockRowGroups) | `(cols)` | block `b`, thread `tx` → rows `b·R .. b·R + R`, columns `tx + k·blockDim.x` of each | `group_row(i, r)` |
//! | [`BlockRowGroups<R, Vec4>`](BlockRowGroups) | `(cols)` | block `b`, thread `tx` → rows `b·R .. b·R + R`, 16-byte chunks `tx + k·blockDim.x` of each | `group_row(i, r)` |
//! | [`WarpRows`] | `(cols)` | warp `w` of the grid, lane `l` of `n` → row `w`, columns `l + k·n` | `warp_row(i)` |
//! | [`WarpRows<Vec4>`](WarpRows) | `(cols)` | warp `w`, lane `l` of `n` → row `w`, 16-byte chunks `l + k·n` | `warp_row(i)` |
//! | [`GridStride`] | none | `i` of `N` threads → `i + k·N` | `grid_stride(i)` |
//! | [`GridStride<Vec4>`](GridStride) | none | `i` of `N` threads → 16-byte chunks `i + k·N` | `grid_stride(i)` |
//! | [`OnePerBlock`] | none | block `b`'s first thread → element `b` | `block_value(i)` |
//! | [`OnePerWarp`] | none | warp `w`'s lane 0 → element `w` | `warp_value(i)` |
//! | [`ScanTiles<ITEMS>`] | none | the tile drawn by block `b` (see [`scan`](crate::scan)), thread `tx` → its elements `tx·ITEMS .. tx·ITEMS + ITEMS` | `scan_tiles(i, state, \|tile\| …)` |
//! | [`TransposedTiles<TILE, ROWS>`] | `(cols, rows)` | see `transposed_tile` | `transposed_tile(ij)` |
//! | [`RegisterTiles<TM, TN>`] | `(width)` | `(x, y)` → the `TM × TN` block at row `y·TM`, column `x·TN` | `register_tile(ij)` |
//!
//! Blocks and warps are numbered over the whole grid (block `b` is `blockIdx` flattened,
//! x fastest; warp `w` is block `b`'s warp `w mod warps-per-block`), so a `WarpRows` row
//! and a `OnePerWarp` value of the same warp have the same number, as do a `BlockRows`
//! row and a `OnePerBlock` value: a row's mean and its normalised values can be outputs
//! of one kernel.

use core::marker::PhantomData;

use crate::sealed::Sealed;

/// A way of mapping threads to the elements of an output; see the module docs.
pub trait Layout: Sealed {
    /// True when a thread's elements are a function of its [`ThreadIndex`](crate::ThreadIndex)
    /// alone, not of its block, warp or the grid's shape (`Linear`, `Vec4`): such an output
    /// allows thread coarsening (see [`param::coarse`](crate::param::coarse)).
    #[doc(hidden)]
    const PER_INDEX: bool = false;
    /// True when index `i` owns element `i` (`Linear`).
    #[doc(hidden)]
    const ELEMENTWISE: bool = false;
    /// True when the blocks of a launch draw the output's work until it runs out, so that any
    /// grid covers it (`ScanTiles`): see [`param::resident`](crate::param::resident).
    #[doc(hidden)]
    const DRAWN: bool = false;
}

/// What a thread of a row or stride layout owns at each step: one element ([`Linear`],
/// the default) or one 16-byte vector ([`Vec4`]).
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a unit of a row or stride layout",
    label = "neither `Linear` (one element per step) nor `Vec4` (16 bytes per step)",
    note = "write e.g. `BlockRows` (elements, the default) or `BlockRows<Vec4>` (16-byte vectors); likewise `WarpRows` and `GridStride`"
)]
pub trait Unit: Sealed {}

/// Element `i` belongs to the thread whose [`ThreadIndex`](crate::ThreadIndex) is `i`.
pub struct Linear;
/// Elements `LANES·i .. LANES·i + LANES` (16 bytes) belong to thread `i`.
pub struct Vec4;
/// A row-major matrix of `width` columns: element `y·width + x` belongs to thread `(x, y)`.
pub struct Rows;
/// A row-major volume of `height` rows of `width`: element `(z·height + y)·width + x`
/// belongs to thread `(x, y, z)`.
pub struct Volume;
/// One block per row of a row-major matrix of `cols` columns, each thread owning every
/// `blockDim.x`-th element (`BlockRows`) or 16-byte chunk (`BlockRows<Vec4>`) of its
/// block's row; see [`coop`](crate::coop).
pub struct BlockRows<U = Linear>(PhantomData<U>);
/// One block per `R` consecutive rows of a row-major matrix of `cols` columns: block `b`
/// owns rows `b·R .. b·R + R`, each thread the same columns (`BlockRowGroups<R>`) or
/// 16-byte chunks (`BlockRowGroups<R, Vec4>`) of every one of them as [`BlockRows`] gives it
/// of its one row. For a kernel that carries per-column values from row to row of its block
/// (a column sum over the block's rows beside each row's own output); see
/// [`coop`](crate::coop).
pub struct BlockRowGroups<const R: usize, U = Linear>(PhantomData<U>);
/// One warp per row of a row-major matrix of `cols` columns, each lane owning every
/// `n`-th element (`WarpRows`) or 16-byte chunk (`WarpRows<Vec4>`) of its warp's row,
/// `n` the warp's lanes; see [`coop`](crate::coop).
pub struct WarpRows<U = Linear>(PhantomData<U>);
/// Grid-stride ownership: thread `i` of a launch of `N` threads owns elements (or 16-byte
/// chunks) `i, i + N, i + 2N, …`; see [`coop`](crate::coop).
pub struct GridStride<U = Linear>(PhantomData<U>);
/// One value per block (a row's mean, a partial sum): element `b` belongs to block `b`'s
/// first thread; see [`coop`](crate::coop).
pub struct OnePerBlock;
/// One value per warp: element `w` belongs to lane 0 of warp `w` of the grid; see
/// [`coop`](crate::coop).
pub struct OnePerWarp;
/// A single-pass scan's output: tiles of `blockDim.x · ITEMS` elements drawn in launch
/// order, thread `tx` of the drawing block owning the tile's elements `tx·ITEMS .. tx·ITEMS +
/// ITEMS`; see [`scan`](crate::scan).
pub struct ScanTiles<const ITEMS: usize>;
/// A tiled transpose's output (`cols` columns, `rows` rows), `TILE × ROWS` blocks.
pub struct TransposedTiles<const TILE: usize, const ROWS: usize>;
/// Register blocking over a row-major matrix of `width` columns: `TM × TN` per thread.
pub struct RegisterTiles<const TM: usize, const TN: usize>;

impl Sealed for Linear {}
impl Sealed for Vec4 {}
impl Sealed for Rows {}
impl Sealed for Volume {}
impl<U> Sealed for BlockRows<U> {}
impl<const R: usize, U> Sealed for BlockRowGroups<R, U> {}
impl<U> Sealed for WarpRows<U> {}
impl<U> Sealed for GridStride<U> {}
impl Sealed for OnePerBlock {}
impl Sealed for OnePerWarp {}
impl<const ITEMS: usize> Sealed for ScanTiles<ITEMS> {}
impl<const ITEMS: usize> Layout for ScanTiles<ITEMS> {
    const DRAWN: bool = true;
}
impl<const TILE: usize, const ROWS: usize> Sealed for TransposedTiles<TILE, ROWS> {}
impl<const TM: usize, const TN: usize> Sealed for RegisterTiles<TM, TN> {}
impl Unit for Linear {}
impl Unit for Vec4 {}
impl Layout for Linear {
    const PER_INDEX: bool = true;
    const ELEMENTWISE: bool = true;
}
impl Layout for Vec4 {
    const PER_INDEX: bool = true;
}
impl Layout for Rows {}
impl Layout for Volume {}
impl<U: Unit> Layout for BlockRows<U> {}
impl<const R: usize, U: Unit> Layout for BlockRowGroups<R, U> {}
impl<U: Unit> Layout for WarpRows<U> {}
impl<U: Unit> Layout for GridStride<U> {}
impl Layout for OnePerBlock {}
impl Layout for OnePerWarp {}
impl<const TILE: usize, const ROWS: usize> Layout for TransposedTiles<TILE, ROWS> {}
impl<const TM: usize, const TN: usize> Layout for RegisterTiles<TM, TN> {}

/// Gives a kernel parameter's holder its shape (`S`: a tuple of `usize`), in the entry
/// shim, before the kernel body runs. It consumes the holder, which user code never holds
/// by value: a kernel cannot re-bind an output's shape.
#[diagnostic::on_unimplemented(
    message = "this kernel parameter (`{Self}`) does not take the shape `{S}` (`()`: no shape given)",
    label = "wrong or missing shape after the parameter's type",
    note = "outputs laid out as `Rows`, `BlockRows`, `BlockRowGroups<R>`, `WarpRows` or `RegisterTiles<TM, TN>` take one shape, e.g. `out: &mut DisjointSlice<f32, Rows> = (width)` or `= (len(w))`; `Volume` takes `(width, height)`, `TransposedTiles<TILE, ROWS>` takes `(cols, rows)`; `Linear`, `Vec4`, `GridStride`, `OnePerBlock` and `OnePerWarp` outputs and every other parameter take none"
)]
pub trait Bind<S>: Sized {
    /// The holder with its shape.
    ///
    /// # Safety
    /// Only the entry shim calls it, with the launch's scalar words.
    #[doc(hidden)]
    unsafe fn bind(self, shape: S) -> Self;
}

/// Holders that take no shape.
#[doc(hidden)]
pub trait Unshaped: Sealed {}

impl<H: Unshaped> Bind<()> for H {
    #[inline(always)]
    unsafe fn bind(self, _shape: ()) -> Self {
        self
    }
}

// Never implemented: the bounds of methods that exist only to explain, at compile time,
// why a mapping is not available on an output (rustc then prints the message below).

/// Never implemented; see [`DisjointSlice::get_mut_2d`](crate::DisjointSlice) on an element-wise output.
#[doc(hidden)]
#[diagnostic::on_unimplemented(
    message = "an output's shape is part of its type, not a per-call argument (a per-thread `{Self}` could give two threads one element)",
    label = "shape passed per call",
    note = "declare the output with its layout and shape, e.g. `out: &mut DisjointSlice<f32, Rows> = (width)` with `width` a u32 kernel parameter, then call `out.get_mut_2d(ij)`; likewise `Volume` = (width, height) for `get_mut_3d(ijk)`, `BlockRows` = (cols) for `block_row(i)`, `BlockRowGroups<R>` = (cols) for `group_row(i, r)`, `WarpRows` = (cols) for `warp_row(i)`, `RegisterTiles<TM, TN>` = (width) for `register_tile(ij)`, `TransposedTiles<TILE, ROWS>` = (cols, rows) for `transposed_tile(ij)`"
)]
pub trait ShapePerCall: Sealed {}

/// Never implemented; see `get_mut_vec4` on an element-wise output.
#[doc(hidden)]
#[diagnostic::on_unimplemented(
    message = "an element-wise output cannot also be written 16 bytes per thread (thread 0 would own out[0..4], or out[0..8] for F16 and BF16, while thread 1 owns out[1])",
    label = "16-byte access to an element-wise output",
    note = "declare the output `&mut DisjointSlice<f32, Vec4>` and write it through `get_mut_vec4(i)` only"
)]
pub trait VectorOfElementwise: Sealed {}

/// Never implemented; see `get_mut` on a `Vec4` output.
#[doc(hidden)]
#[diagnostic::on_unimplemented(
    message = "a `Vec4` output is written 16 bytes per thread: element-wise access would give one element two owners (thread 0 owns out[0..4], or out[0..8] for F16 and BF16, thread 1 would own out[1])",
    label = "element-wise access to a `Vec4` output",
    note = "write it through `get_mut_vec4(i)` only, or declare it `&mut DisjointSlice<f32>` and use `get_mut(i)` only"
)]
pub trait ElementOfVec4: Sealed {}
