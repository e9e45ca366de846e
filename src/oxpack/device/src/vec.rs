//! Wide memory access: 16 bytes per thread (`ld.global.v4`, `st.global.v4`).
//!
//! Memory-bound kernels reach full bandwidth with fewer instructions when each
//! thread moves 16 bytes at a time, as CUDA's `float4`. An output laid out as
//! [`Vec4`](crate::layout::Vec4) (`y: &mut DisjointSlice<f32, Vec4>`) gives thread `i`
//! the 16 bytes `LANES·i .. LANES·i + LANES` through [`DisjointSlice::get_mut_vec4`]
//! (four `f32`, `i32` or `u32`, two `f64`, eight `F16` or `BF16`: [`Vector::LANES`]),
//! and [`load4`] reads the same elements of an input. Both work on any view, whatever its
//! alignment: a buffer that starts 16-byte aligned (every buffer from CuPy's or
//! PyTorch's allocator) moves 16 bytes per access; a misaligned view (`x[1:]`) takes
//! a scalar path instead. The choice depends on the buffer's address alone, so it is
//! the same in every thread: no thread skips its elements and none diverges from its
//! warp. [`vec4`] splits a slice into an unaligned head, a middle of 16-byte-aligned
//! [`F32x4`] and a tail, for loops that stride over a whole input.

use crate::cache::{self, Hint};
use crate::{layout, DisjointSlice, ThreadIndex};

/// Four `f32` aligned to 16 bytes: one vector load or store.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
#[repr(C, align(16))]
pub struct F32x4(pub [f32; 4]);

/// Two `f64` aligned to 16 bytes.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
#[repr(C, align(16))]
pub struct F64x2(pub [f64; 2]);

/// Four `u32` aligned to 16 bytes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[repr(C, align(16))]
pub struct U32x4(pub [u32; 4]);

/// Four `i32` aligned to 16 bytes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[repr(C, align(16))]
pub struct I32x4(pub [i32; 4]);

/// Eight IEEE binary16 values aligned to 16 bytes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[repr(C, align(16))]
pub struct F16x8(pub [crate::half::F16; 8]);

/// Eight bfloat16 values aligned to 16 bytes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[repr(C, align(16))]
pub struct BF16x8(pub [crate::half::BF16; 8]);

/// Element types with a 16-byte vector form: `f32`, `i32`, `u32` (4 lanes), `f64`
/// (2 lanes), [`F16`](crate::half::F16) and [`BF16`](crate::half::BF16) (8 lanes).
pub trait Vector: Copy + crate::sealed::Sealed {
    /// The 16-byte, 16-aligned vector of this element.
    type V: Copy + Default + crate::cache::Hinted;
    /// Elements per vector.
    const LANES: usize;
    #[doc(hidden)]
    fn lane(v: &Self::V, k: usize) -> Self;
    #[doc(hidden)]
    fn set_lane(v: &mut Self::V, k: usize, x: Self);
}

macro_rules! vector {
    ($($t:ty => $v:ident, $n:literal;)*) => {$(
        impl Vector for $t {
            type V = $v;
            const LANES: usize = $n;
            #[inline(always)]
            fn lane(v: &$v, k: usize) -> $t {
                v.0[k]
            }
            #[inline(always)]
            fn set_lane(v: &mut $v, k: usize, x: $t) {
                v.0[k] = x;
            }
        }
        impl crate::sealed::Sealed for $v {}
        // 16 bytes of plain data, any bits valid: one `ld.cs.v4`/`st.cs.v4` (see `cache`).
        impl cache::Hinted for $v {}
        impl $v {
            /// The elements.
            #[inline(always)]
            pub fn to_array(self) -> [$t; $n] {
                self.0
            }
        }
    )*};
}

vector! {
    f32 => F32x4, 4;
    f64 => F64x2, 2;
    u32 => U32x4, 4;
    i32 => I32x4, 4;
    crate::half::F16 => F16x8, 8;
    crate::half::BF16 => BF16x8, 8;
}

/// `x` as (head, 16-byte vectors, tail): `head` is the few elements before the first
/// 16-byte boundary (none for a buffer from an allocator, which aligns to 256 bytes).
#[inline(always)]
pub fn vec4<T: Vector>(x: &[T]) -> (&[T], &[T::V], &[T]) {
    // SAFETY: `T::V` is `repr(C)` over `[T; LANES]` with no padding and no invalid bit
    // patterns, so any properly aligned run of LANES elements is a valid `T::V`;
    // `align_to` only hands out the aligned middle.
    unsafe { x.align_to::<T::V>() }
}

/// True when `p` is 16-byte aligned: then every `LANES`-th element after it is too.
#[inline(always)]
pub(crate) fn aligned<T>(p: *const T) -> bool {
    (p as usize) % 16 == 0
}

/// Elements `LANES·i .. LANES·i + LANES` of `x` as one vector (the same elements
/// that thread `i` owns of a [`Vec4`](crate::layout::Vec4) output), or `None` when
/// they start past the end. One 16-byte load when `x` starts 16-byte aligned, else
/// `LANES` scalar loads; lanes past the end of `x` read as zero.
#[inline(always)]
pub fn load4<T: Vector>(x: &[T], i: usize) -> Option<T::V> {
    load_hinted(x, i, None)
}

/// [`load4`] with the streaming hint (`ld.cs`, CUDA's `__ldcs`): for data read once;
/// see [`cache`].
#[inline(always)]
pub fn load4_streaming<T: Vector>(x: &[T], i: usize) -> Option<T::V> {
    load_hinted(x, i, Some(Hint::Streaming))
}

/// [`load4`] with L1 evict-first priority (`ld.L1::evict_first`).
#[inline(always)]
pub fn load4_evict_first<T: Vector>(x: &[T], i: usize) -> Option<T::V> {
    load_hinted(x, i, Some(Hint::EvictFirst))
}

#[inline(always)]
fn load_hinted<T: Vector>(x: &[T], i: usize, hint: Option<Hint>) -> Option<T::V> {
    // The common case first, with one comparison: a whole vector of an aligned slice
    // (`x.len() / LANES` and the alignment are the same for every `i`: computed once in a
    // loop over chunks).
    if i < x.len() / T::LANES && aligned(x.as_ptr()) {
        // SAFETY: i < len / LANES, so elements i·LANES .. i·LANES + LANES are in bounds
        // (no overflow: below len); the base is 16-byte aligned and i·LANES elements are
        // i·16 bytes, so the vector is aligned; `T::V` is `repr(C)` over `[T; LANES]`,
        // any bits valid.
        let v = unsafe { &*(x.as_ptr().add(i * T::LANES) as *const T::V) };
        return Some(match hint {
            None => *v,
            Some(h) => cache::load(v, h),
        });
    }
    let start = i.checked_mul(T::LANES)?;
    let n = x.len().checked_sub(start).filter(|&n| n > 0)?;
    // Every lane in its own register: the loop runs to the constant LANES, so it
    // unrolls and each lane index is a constant.
    let mut v = T::V::default();
    for k in 0..T::LANES {
        if k < n {
            // SAFETY: start + k < start + n = len (and no overflow: it is below len).
            T::set_lane(&mut v, k, unsafe { *x.get_unchecked(start + k) });
        }
    }
    Some(v)
}

/// The outputs that one thread owns of a [`Vec4`](crate::layout::Vec4) output: `LANES`
/// elements, fewer at the end of the buffer; see [`DisjointSlice::get_mut_vec4`].
pub struct VecMut<'a, T: Vector> {
    pub(crate) ptr: *mut T, // the first element
    pub(crate) lanes: usize, // 1 ..= LANES elements from `ptr` are in the buffer
    pub(crate) _out: core::marker::PhantomData<&'a mut T>,
}

impl<T: Vector> VecMut<'_, T> {
    /// How many of the vector's lanes are in the buffer: `LANES`, except for the last
    /// thread of a buffer whose length is not a multiple of `LANES`.
    #[inline(always)]
    pub fn lanes(&self) -> usize {
        self.lanes
    }

    /// The elements' values; lanes past the end read as zero.
    #[inline(always)]
    pub fn get(&self) -> T::V {
        if self.lanes == T::LANES && aligned(self.ptr) {
            // SAFETY: LANES elements in bounds, 16-byte aligned; owned by this thread.
            return unsafe { (self.ptr as *const T::V).read() };
        }
        let mut v = T::V::default();
        for k in 0..T::LANES {
            if k < self.lanes {
                // SAFETY: element k < lanes is in the buffer and owned by this thread.
                T::set_lane(&mut v, k, unsafe { self.ptr.add(k).read() });
            }
        }
        v
    }

    /// Writes the elements: one 16-byte store on an aligned buffer, else one store per
    /// lane in the buffer (lanes past the end are dropped).
    #[inline(always)]
    pub fn set(&mut self, v: T::V) {
        self.set_hinted(v, None)
    }

    /// [`set`](Self::set) with the streaming hint (`st.cs`, CUDA's `__stcs`) on the
    /// 16-byte store: for outputs not read again soon; see [`cache`].
    #[inline(always)]
    pub fn set_streaming(&mut self, v: T::V) {
        self.set_hinted(v, Some(Hint::Streaming))
    }

    /// [`set`](Self::set) with L1 evict-first priority (`st.L1::evict_first`).
    #[inline(always)]
    pub fn set_evict_first(&mut self, v: T::V) {
        self.set_hinted(v, Some(Hint::EvictFirst))
    }

    #[inline(always)]
    pub(crate) fn set_hinted(&mut self, v: T::V, hint: Option<Hint>) {
        if self.lanes == T::LANES && aligned(self.ptr) {
            // SAFETY: as in `get`; `&mut self` keeps the thread to one writer.
            let slot = unsafe { &mut *(self.ptr as *mut T::V) };
            match hint {
                None => *slot = v,
                Some(h) => cache::store(slot, v, h),
            }
            return;
        }
        for k in 0..T::LANES {
            if k < self.lanes {
                // SAFETY: as in `get`. Volatile keeps these stores apart from the
                // 16-byte one above: otherwise LLVM sinks the stores common to both
                // paths below the branch and splits the vector store.
                unsafe { self.ptr.add(k).write_volatile(T::lane(&v, k)) };
            }
        }
    }
}

impl<T: crate::Elem + Vector> DisjointSlice<T, layout::Vec4> {
    /// The calling thread's outputs `LANES·i .. LANES·(i+1)` (thread `i` owns them,
    /// fewer at the end of the buffer), or `None` when they start past the end. Any
    /// alignment works: see the [module](self).
    #[inline(always)]
    pub fn get_mut_vec4(&mut self, i: ThreadIndex) -> Option<VecMut<'_, T>> {
        let start = i.get().checked_mul(T::LANES)?;
        let n = self.len().checked_sub(start).filter(|&n| n > 0)?;
        // SAFETY: `start` < len: inside the buffer. Thread `i` alone owns elements
        // LANES·i .. LANES·(i+1) of a `Vec4` output (`ThreadIndex` values are unique
        // and the output has no other layout), and `&mut self` keeps the thread to one
        // `VecMut` at a time.
        let ptr = unsafe { self.as_mut_ptr().add(start) };
        Some(VecMut { ptr, lanes: n.min(T::LANES), _out: core::marker::PhantomData })
    }
}

impl<T: crate::Elem + Vector> DisjointSlice<T, layout::Linear> {
    /// Does not compile: an element-wise output cannot also be written 16 bytes per
    /// thread. Declare it `&mut DisjointSlice<T, Vec4>`; rustc says so.
    #[doc(hidden)]
    pub fn get_mut_vec4(&mut self, _i: impl layout::VectorOfElementwise) -> Option<VecMut<'_, T>> {
        None
    }
}

impl<T: crate::Elem + Vector> DisjointSlice<T, layout::Vec4> {
    /// Does not compile: a `Vec4` output is written 16 bytes per thread only; rustc says so.
    #[doc(hidden)]
    pub fn get_mut(&mut self, _i: impl layout::ElementOfVec4) -> Option<&mut T> {
        None
    }
}
