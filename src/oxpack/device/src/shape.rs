//! Output shapes: bound once at launch, from values that are the same in every thread.
//!
//! An output whose layout has a shape takes it after its type in `kernel!`, one
//! expression per dimension:
//!
//! ```ignore
//! pub fn k(i: ThreadIndex, rows: u32, x: &[f32], w: &[f32],
//!          out: &mut DisjointSlice<f32, WarpRows<Vec4>> = (len(w)),        // a buffer's length
//!          sums: &mut DisjointSlice<f32, Rows> = (len(x) / rows + 1))       // arithmetic
//! ```
//!
//! An expression is made of
//! - scalar kernel parameters of type `u32` or `u64` (plain or `Uniform`),
//! - `len(p)` of a slice parameter `p` (an input, an output or an atomic buffer),
//! - integer literals and `u32`/`u64`/`usize` constants of the kernel's module,
//! - `+ - * / %` and parentheses,
//!
//! evaluated in `usize` (`/` rounds down; a division by zero traps, and so does an
//! overflow in the debug profile). Nothing else is accepted: no calls but `len`, no
//! method calls, paths, casts, macros or local variables (`kernel!` says which token it
//! refused).
//!
//! # Safety
//! Every layout is one-to-one for *any* shape, provided every thread of the launch binds
//! the same one. These expressions guarantee that: the entry shim evaluates them before
//! the kernel body runs, in a safe function (no `unsafe` operation, such as reading a
//! `static mut`, can hide in a shape) whose parameters are the kernel's parameters seen as
//! [`ShapeArg`]s, which yield their launch value or buffer length and nothing per-thread;
//! besides those, only the module's constants and integers are in reach. The launch's
//! words are the same in every thread, so is every expression of them. A shape that does
//! not fit the buffer is not a safety question: every accessor also checks the buffer's
//! end.

use core::marker::PhantomData;

use crate::atomic::Atomic;
use crate::disjoint::DisjointSlice;
use crate::elem::Elem;
use crate::layout::Layout;
use crate::param::{Param, Uniform};

/// A kernel parameter as an output's shape sees it, in the entry shim: its launch word
/// and its length, nothing else (see the [module docs](self)).
#[doc(hidden)]
pub struct ShapeArg<'w, P: Param> {
    word: &'w P::Word,
    len: usize,
    _param: PhantomData<P>,
}

impl<'w, P: Param> ShapeArg<'w, P> {
    /// The view of parameter `P`'s launch word and length.
    #[doc(hidden)]
    #[inline(always)]
    pub fn new(word: &'w P::Word, len: usize) -> Self {
        ShapeArg { word, len, _param: PhantomData }
    }
}

/// Kernel parameters whose value can be an output's shape: `u32` and `u64`, plain or
/// [`Uniform`]. Their value is the launch's, the same in every thread.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be an output's shape",
    label = "not a u32 or u64 kernel parameter",
    note = "an output's shape is made of u32 or u64 kernel parameters (plain or `Uniform`), `len(x)` of a slice parameter `x`, integers and + - * / %, e.g. `out: &mut DisjointSlice<f32, Rows> = (width)` or `= (len(w))`"
)]
pub trait ShapeScalar: Param {
    #[doc(hidden)]
    fn shape_scalar(word: &Self::Word) -> usize;
}

impl ShapeScalar for u32 {
    #[inline(always)]
    fn shape_scalar(word: &u32) -> usize {
        *word as usize
    }
}
impl ShapeScalar for u64 {
    #[inline(always)]
    fn shape_scalar(word: &u64) -> usize {
        *word as usize
    }
}
impl ShapeScalar for Uniform<u32> {
    #[inline(always)]
    fn shape_scalar(word: &u32) -> usize {
        *word as usize
    }
}
impl ShapeScalar for Uniform<u64> {
    #[inline(always)]
    fn shape_scalar(word: &u64) -> usize {
        *word as usize
    }
}

/// Kernel parameters with a length that `len(x)` may take in an output's shape: inputs,
/// outputs and atomic buffers. The length is the launch's, the same in every thread.
#[diagnostic::on_unimplemented(
    message = "`len(...)` in an output's shape takes a slice parameter, not `{Self}`",
    label = "no buffer: it has no length",
    note = "write `len(x)` with `x` an input (`&[T]`), an output (`&mut DisjointSlice<T, L>`) or an atomic buffer of the kernel, or name a u32/u64 parameter without `len`"
)]
pub trait ShapeLen: Param {}

impl<T: Elem> ShapeLen for &[T] {}
impl<T: Elem> ShapeLen for &[Atomic<T>] {}
impl<T: Elem, L: Layout> ShapeLen for &mut DisjointSlice<T, L> {}

/// One term of a shape expression: a parameter's value, or a constant.
#[doc(hidden)]
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be an output's shape",
    label = "not a u32 or u64 kernel parameter or constant",
    note = "an output's shape is made of u32 or u64 kernel parameters (plain or `Uniform`), `len(x)` of a slice parameter `x`, integers, u32/u64/usize constants and + - * / %"
)]
pub trait ShapeTerm {
    #[doc(hidden)]
    fn shape_term(&self) -> usize;
}

impl<P: ShapeScalar> ShapeTerm for ShapeArg<'_, P> {
    #[inline(always)]
    fn shape_term(&self) -> usize {
        P::shape_scalar(self.word)
    }
}
impl ShapeTerm for u32 {
    #[inline(always)]
    fn shape_term(&self) -> usize {
        *self as usize
    }
}
impl ShapeTerm for u64 {
    #[inline(always)]
    fn shape_term(&self) -> usize {
        *self as usize
    }
}
impl ShapeTerm for usize {
    #[inline(always)]
    fn shape_term(&self) -> usize {
        *self
    }
}

/// `len(x)` in a shape expression.
#[doc(hidden)]
#[inline(always)]
pub fn len<P: ShapeLen>(arg: &ShapeArg<'_, P>) -> usize {
    arg.len
}
