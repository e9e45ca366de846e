//! Outputs: a thread reaches only the elements that its witness names under the
//! output's layout.
//!
//! [`DisjointSlice<T, L>`] is a launch's output buffer. It has no indexing of its own:
//! it hands out `&mut T` (or a writer of several elements) only through a method of its
//! layout `L`, given the calling thread's witness ([`ThreadIndex`] & co). This module
//! holds the buffer and the element-wise layouts ([`Linear`](layout::Linear),
//! [`Rows`](layout::Rows), [`Volume`](layout::Volume)); the other layouts' methods live
//! beside their writers: 16-byte vectors in `vec`, tiles in `tiles`, rows, values and
//! strides shared by a block, a warp or the grid in `coop`.
//!
//! # Safety
//! Every accessor of every layout returns only elements that
//! 1. lie inside the buffer (checked against `len`, with no overflow), and
//! 2. belong to the calling thread alone: they are a one-to-one function of the
//!    thread's witness (unique per thread, see [`thread`](crate::thread)) under the
//!    layout's shape, which the entry shim binds once from values that are the same in
//!    every thread (see [`layout`]).
//!
//! No two mappings meet on one buffer: the layout is part of the parameter's type, so an
//! output has exactly one. `&mut self` on every accessor keeps a thread from holding two
//! references to one element. The host stub checked that the buffer is device memory of
//! `len` elements that no other argument aliases, so no other parameter reaches it.

use crate::elem::Elem;
use crate::thread::{ThreadIndex, ThreadIndex2, ThreadIndex3};
use crate::{cache, layout};

/// `&mut *ptr.add(i)`, for element `i` of an output buffer from the launch.
///
/// # Safety
/// `ptr.add(i)` must be an element of that buffer, which the caller may borrow
/// mutably for `'a`.
#[inline(always)]
pub(crate) unsafe fn elem_mut<'a, T>(ptr: *mut T, i: usize) -> &'a mut T {
    // SAFETY: the buffer holds element i, so it is not empty, and the host passes a
    // real device pointer for every non-empty buffer: never null. Saying so lets
    // `Some(&mut _)` skip a null test. The rest is the caller's contract.
    unsafe {
        core::hint::assert_unchecked(!ptr.is_null());
        &mut *ptr.add(i)
    }
}

/// An output buffer: each thread may read and write only the elements that its
/// own index witness names under the buffer's layout `L` (see [`layout`]).
///
/// The layout is part of the parameter's type (`&mut DisjointSlice<f32>` is
/// element-wise, `&mut DisjointSlice<f32, Rows>` a row-major matrix, …) and its shape
/// is bound once from scalar parameters of the launch (`= (width)` after the type in
/// `kernel!`), so every thread maps threads to elements the same way, and in one way.
pub struct DisjointSlice<T, L: layout::Layout = layout::Linear> {
    pub(crate) ptr: *mut T,
    pub(crate) len: usize,
    pub(crate) shape: [usize; 2], // the layout's shape, bound by the entry shim; unused by Linear and Vec4
    pub(crate) _layout: core::marker::PhantomData<L>,
}

impl<T: Elem, L: layout::Layout> DisjointSlice<T, L> {
    len_methods!("Number of elements.", "True when the buffer has no elements.");

    #[inline(always)]
    pub(crate) fn as_mut_ptr(&mut self) -> *mut T {
        self.ptr
    }

    #[inline(always)]
    fn slot(&mut self, i: usize) -> Option<&mut T> {
        if i < self.len {
            // SAFETY: `i` is in bounds; the host checked that the buffer is
            // device memory of `len` elements aliasing no other argument, and
            // `i` came from a thread-unique witness under the buffer's one layout,
            // so no other thread of this launch can reach this element. The
            // `&mut self` borrow keeps the calling thread from holding two
            // references to it.
            Some(unsafe { elem_mut(self.ptr, i) })
        } else {
            None
        }
    }
}

impl<T: Elem> DisjointSlice<T, layout::Linear> {
    /// The calling thread's element, or `None` past the end.
    #[inline(always)]
    pub fn get_mut(&mut self, i: ThreadIndex) -> Option<&mut T> {
        self.slot(i.0)
    }

    /// [`set`](Self::set) with the streaming hint (`st.cs`, CUDA's `__stcs`); see [`cache`].
    #[inline(always)]
    pub fn set_streaming(&mut self, i: ThreadIndex, value: T) -> bool
    where
        T: cache::Hinted,
    {
        match self.get_mut(i) {
            Some(slot) => {
                cache::store_streaming(slot, value);
                true
            }
            None => false,
        }
    }

    /// Writes `value` to the calling thread's element; false past the end.
    #[inline(always)]
    pub fn set(&mut self, i: ThreadIndex, value: T) -> bool {
        match self.get_mut(i) {
            Some(slot) => {
                *slot = value;
                true
            }
            None => false,
        }
    }

    /// Does not compile: an element-wise output has no row width. Declare the output
    /// `&mut DisjointSlice<T, Rows> = (width)` and call `get_mut_2d(ij)`; rustc says so.
    #[doc(hidden)]
    pub fn get_mut_2d(&mut self, _ij: ThreadIndex2, _width: impl layout::ShapePerCall) -> Option<&mut T> {
        None
    }

    /// Does not compile; see `get_mut_2d` above (`Volume` = (width, height)).
    #[doc(hidden)]
    pub fn get_mut_3d(
        &mut self,
        _ijk: ThreadIndex3,
        _width: impl layout::ShapePerCall,
        _height: impl layout::ShapePerCall,
    ) -> Option<&mut T> {
        None
    }
}

impl<T: Elem> DisjointSlice<T, layout::Rows> {
    /// The number of columns, bound from the launch's parameters.
    #[inline(always)]
    pub fn width(&self) -> usize {
        self.shape[0]
    }

    /// Element `(x, y)` of the row-major matrix of `width` columns (the output's
    /// shape), if `x < width` and it lies inside the buffer.
    #[inline(always)]
    pub fn get_mut_2d(&mut self, i: ThreadIndex2) -> Option<&mut T> {
        let width = self.shape[0];
        if i.x >= width {
            return None;
        }
        match i.y.checked_mul(width).and_then(|r| r.checked_add(i.x)) {
            Some(k) => self.slot(k),
            None => None,
        }
    }
}

impl<T: Elem> DisjointSlice<T, layout::Volume> {
    /// Element `(x, y, z)` of the row-major volume of `width × height` planes (the
    /// output's shape), if `x < width`, `y < height` and it lies inside the buffer.
    #[inline(always)]
    pub fn get_mut_3d(&mut self, i: ThreadIndex3) -> Option<&mut T> {
        let [width, height] = self.shape;
        if i.x >= width || i.y >= height {
            return None;
        }
        let plane = width.checked_mul(height);
        match plane
            .and_then(|p| i.z.checked_mul(p))
            .and_then(|k| k.checked_add(i.y * width + i.x))
        {
            Some(k) => self.slot(k),
            None => None,
        }
    }
}

// An output's shape: none for the layouts below, bound once by the entry shim for the others.
impl<T> layout::Unshaped for DisjointSlice<T, layout::Linear> {}
impl<T> layout::Unshaped for DisjointSlice<T, layout::Vec4> {}
impl<T, U: layout::Unit> layout::Unshaped for DisjointSlice<T, layout::GridStride<U>> {}
impl<T> layout::Unshaped for DisjointSlice<T, layout::OnePerBlock> {}
impl<T> layout::Unshaped for DisjointSlice<T, layout::OnePerWarp> {}
impl<T, const ITEMS: usize> layout::Unshaped for DisjointSlice<T, layout::ScanTiles<ITEMS>> {}

/// `bind_shape! { [generics] Layout => [names]; … }`: the `Bind` impl of each layout's outputs, which
/// stores the shape's words (named as the layout names them) in `shape[0]`, `shape[1]`, in order.
/// For the layouts below and the tensor-core ones (`mma/warp_tiles.rs`, `wgmma/tiles.rs`, `attn_pipeline.rs`).
macro_rules! bind_shape {
    ($([$($generics:tt)*] $layout:ty => [$($n:ident),*];)*) => {$(
        impl<T, $($generics)*> crate::layout::Bind<($(crate::disjoint::bind_shape!(@usize $n),)*)>
            for crate::disjoint::DisjointSlice<T, $layout>
        {
            #[inline(always)]
            unsafe fn bind(mut self, shape: ($(crate::disjoint::bind_shape!(@usize $n),)*)) -> Self {
                let ($($n,)*) = shape;
                let mut k = 0;
                $(self.shape[k] = $n; k += 1;)*
                let _ = k;
                self
            }
        }
    )*};
    (@usize $n:ident) => { usize };
}
pub(crate) use bind_shape;

bind_shape! {
    [] layout::Rows => [width];
    [] layout::Volume => [width, height];
    [U: layout::Unit] layout::BlockRows<U> => [cols];
    [const R: usize, U: layout::Unit] layout::BlockRowGroups<R, U> => [cols];
    [U: layout::Unit] layout::WarpRows<U> => [cols];
    [const A: usize, const B: usize] layout::TransposedTiles<A, B> => [cols, rows];
    [const A: usize, const B: usize] layout::RegisterTiles<A, B> => [width];
}
