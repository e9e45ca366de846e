//! Output layouts: how the threads of a launch map to the elements of an output.
//!
//! An output parameter's type names its layout, `&mut DisjointSlice<T, L>`, and a
//! layout with a runtime shape takes it from scalar kernel parameters, written after
//! the type in `kernel!`:
//!
//! ```ignore
//! pub fn add(ij: ThreadIndex2, width: u32, a: &[f32], out: &mut DisjointSlice<f32, Rows> = (width)) { … }
//! ```
//!
//! The entry shim binds the shape once, before the kernel body runs, from the launch's
//! parameter values: every thread of the launch sees the same shape, and user code can
//! neither change it nor map the output a second way. An output has exactly one
//! layout, so no two mappings (element-wise and 16-byte vectors, two widths, a row per
//! block and a row per thread, …) can meet on one buffer. See the README's "Safety
//! model" for the argument per layout.
//!
//! | layout | shape | thread → elements | API |
//! | --- | --- | --- | --- |
//! | [`Linear`] (the default) | none | `i` → `i` | `get_mut(i)`, `set(i, v)` |
//! | [`Vec4`] | none | `i` → `LANES·i .. LANES·i + LANES` | `get_mut_vec4(i)` |
//! | [`Rows`] | `(width)` | `(x, y)` → `y·width + x`, `x < width` | `get_mut_2d(ij)` |
//! | [`Volume`] | `(width, height)` | `(x, y, z)` → `(z·height + y)·width + x` | `get_mut_3d(ijk)` |
//! | [`BlockRows`] | `(cols)` | block `b`, thread `tx` → row `b`, columns `tx + k·blockDim.x` | `block_row(i)` |
//! | [`TransposedTiles<TILE, ROWS>`] | `(cols, rows)` | see `transposed_tile` | `transposed_tile(ij)` |
//! | [`RegisterTiles<TM, TN>`] | `(width)` | `(x, y)` → the `TM × TN` block at row `y·TM`, column `x·TN` | `register_tile(ij)` |

use crate::sealed::Sealed;

/// A way of mapping threads to the elements of an output; see the module docs.
pub trait Layout: Sealed {}

/// Element `i` belongs to the thread whose [`ThreadIndex`](crate::ThreadIndex) is `i`.
pub struct Linear;
/// Elements `LANES·i .. LANES·i + LANES` (16 bytes) belong to thread `i`.
pub struct Vec4;
/// A row-major matrix of `width` columns: element `y·width + x` belongs to thread `(x, y)`.
pub struct Rows;
/// A row-major volume of `height` rows of `width`: element `(z·height + y)·width + x`
/// belongs to thread `(x, y, z)`.
pub struct Volume;
/// One block per row of a row-major matrix of `cols` columns.
pub struct BlockRows;
/// A tiled transpose's output (`cols` columns, `rows` rows), `TILE × ROWS` blocks.
pub struct TransposedTiles<const TILE: usize, const ROWS: usize>;
/// Register blocking over a row-major matrix of `width` columns: `TM × TN` per thread.
pub struct RegisterTiles<const TM: usize, const TN: usize>;

impl Sealed for Linear {}
impl Sealed for Vec4 {}
impl Sealed for Rows {}
impl Sealed for Volume {}
impl Sealed for BlockRows {}
impl<const TILE: usize, const ROWS: usize> Sealed for TransposedTiles<TILE, ROWS> {}
impl<const TM: usize, const TN: usize> Sealed for RegisterTiles<TM, TN> {}
impl Layout for Linear {}
impl Layout for Vec4 {}
impl Layout for Rows {}
impl Layout for Volume {}
impl Layout for BlockRows {}
impl<const TILE: usize, const ROWS: usize> Layout for TransposedTiles<TILE, ROWS> {}
impl<const TM: usize, const TN: usize> Layout for RegisterTiles<TM, TN> {}

/// The launch word of a scalar kernel parameter that can be an output's shape (a
/// `u32` or `u64`, plain or `Uniform`): the same value in every thread of the launch,
/// since it comes from the launch's parameter buffer.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be an output's shape",
    label = "not a u32 or u64 kernel parameter",
    note = "an output's shape names scalar kernel parameters of type u32 or u64 (or `Uniform<u32>`, `Uniform<u64>`), e.g. `width: u32, …, out: &mut DisjointSlice<f32, Rows> = (width)`"
)]
pub trait ShapeValue: Sealed {
    #[doc(hidden)]
    fn shape_value(&self) -> usize;
}

impl ShapeValue for u32 {
    #[inline(always)]
    fn shape_value(&self) -> usize {
        *self as usize
    }
}
impl ShapeValue for u64 {
    #[inline(always)]
    fn shape_value(&self) -> usize {
        *self as usize
    }
}
/// Gives a kernel parameter's holder its shape, in the entry shim, before the kernel
/// body runs. It consumes the holder, which user code never holds by value: a kernel
/// cannot re-bind an output's shape.
#[diagnostic::on_unimplemented(
    message = "this kernel parameter (`{Self}`) does not take the shape `{S}` (`()`: no shape given)",
    label = "wrong or missing shape after the parameter's type",
    note = "outputs laid out as `Rows`, `BlockRows` or `RegisterTiles<TM, TN>` take one shape parameter, e.g. `out: &mut DisjointSlice<f32, Rows> = (width)`; `Volume` takes `(width, height)`, `TransposedTiles<TILE, ROWS>` takes `(cols, rows)`; `Linear` and `Vec4` outputs and every other parameter take none"
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
    note = "declare the output with its layout and shape, e.g. `out: &mut DisjointSlice<f32, Rows> = (width)` with `width` a u32 kernel parameter, then call `out.get_mut_2d(ij)`; likewise `Volume` = (width, height) for `get_mut_3d(ijk)`, `BlockRows` = (cols) for `block_row(i)`, `RegisterTiles<TM, TN>` = (width) for `register_tile(ij)`, `TransposedTiles<TILE, ROWS>` = (cols, rows) for `transposed_tile(ij)`"
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
