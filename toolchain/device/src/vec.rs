//! Wide memory access: 16 bytes per thread (`ld.global.v4`, `st.global.v4`).
//!
//! Memory-bound kernels reach full bandwidth with fewer instructions when each
//! thread moves 16 bytes at a time, as CUDA's `float4`. [`vec4`] splits a slice
//! into an unaligned head, a middle of 16-byte-aligned [`F32x4`] and a tail;
//! [`DisjointSlice::get_mut_vec4`] gives thread `i` the four outputs `4i..4i+4`.

use crate::{DisjointSlice, ThreadIndex};

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

/// Element types with a 16-byte vector form.
pub trait Vector: Copy + crate::sealed::Sealed {
    /// The 16-byte, 16-aligned vector of this element.
    type V: Copy;
    /// Elements per vector.
    const LANES: usize;
}

macro_rules! vector {
    ($($t:ty => $v:ident, $n:literal;)*) => {$(
        impl Vector for $t {
            type V = $v;
            const LANES: usize = $n;
        }
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

impl<T: crate::Elem + Vector> DisjointSlice<T> {
    /// The calling thread's vector of outputs `LANES·i .. LANES·(i+1)` (thread `i`
    /// owns them), or `None` when they pass the end or the buffer is not 16-byte
    /// aligned.
    #[inline(always)]
    pub fn get_mut_vec4(&mut self, i: ThreadIndex) -> Option<&mut T::V> {
        let start = i.get().checked_mul(T::LANES)?;
        if start.checked_add(T::LANES)? > self.len() || (self.as_ptr() as usize) % 16 != 0 {
            return None;
        }
        // SAFETY: in bounds and 16-byte aligned (`start` is a multiple of LANES on an
        // aligned base); thread `i` alone owns elements LANES·i .. LANES·(i+1), since
        // `ThreadIndex` values are unique; `&mut self` keeps the thread to one reference.
        Some(unsafe { &mut *(self.as_mut_ptr().add(start) as *mut T::V) })
    }
}
