//! Cache hints: streaming and evict-first loads and stores (CUDA's `__ldcs`/`__stcs`).
//!
//! Data that a kernel touches once (the input and output of an elementwise op or a
//! normalisation) need not stay in the caches, where it would push out data that is
//! read again. These functions load and store one value with a hint:
//!
//! | function | PTX | CUDA |
//! | --- | --- | --- |
//! | [`load_streaming`], [`store_streaming`] | `ld.cs`, `st.cs` | `__ldcs`, `__stcs` |
//! | [`load_evict_first`], [`store_evict_first`] | `ld.L1::evict_first`, `st.L1::evict_first` | `__ldcs` with an eviction priority |
//!
//! ```ignore
//! if let Some(o) = y.get_mut(i) {
//!     store_streaming(o, a * load_streaming(&x[i.get()]));
//! }
//! ```
//!
//! # Safety
//! A hint changes where the value is cached, never what is read or written, nor who may
//! write it: the functions take the same references as an ordinary load (`&T`, so any
//! element a thread may read) and store (`&mut T`, so only an element the thread owns,
//! as handed out by an output's layout). They use generic addressing (no state space in
//! the instruction), valid for any pointer (global, shared or local memory); the hint
//! applies to global memory. The types are the plain element types and their 16-byte
//! vectors, every bit pattern of which is valid. In emulation they are ordinary loads and
//! stores.

#[cfg(target_arch = "nvptx64")]
use crate::intrinsics::cache as rt;

/// Plain values of 2, 4, 8 or 16 bytes that a hinted load or store moves whole: the
/// element types (`f32`, `f64`, `i32`, `u32`, `i64`, `u64`, `F16`, `BF16`) and their
/// 16-byte vectors (`F32x4`, `BF16x8`, …, which the `vec` module marks `Hinted`).
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be loaded or stored with a cache hint",
    label = "not an element type or a 16-byte vector",
    note = "hinted loads and stores take f32, f64, i32, u32, i64, u64, F16, BF16 and their 16-byte vectors (F32x4, I32x4, U32x4, F64x2, F16x8, BF16x8)"
)]
pub trait Hinted: Copy + crate::sealed::Sealed {}

macro_rules! hinted {
    ($($t:ty),*) => {$(
        impl Hinted for $t {}
    )*};
}
hinted!(f32, f64, i32, u32, i64, u64, crate::half::F16, crate::half::BF16);

#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Hint {
    Streaming,
    EvictFirst,
}

#[inline(always)]
pub(crate) fn load<T: Hinted>(src: &T, hint: Hint) -> T {
    #[cfg(target_arch = "nvptx64")]
    {
        use core::mem::{size_of, transmute_copy, MaybeUninit};
        let p = src as *const T;
        let cs = hint == Hint::Streaming;
        // SAFETY: `p` comes from a reference, so it is valid and aligned for `T`; `T` is
        // one of the `Hinted` types (sealed), plain data of exactly the size read, any
        // bits valid; the size is a constant, so one arm remains.
        unsafe {
            match size_of::<T>() {
                2 => transmute_copy(&if cs { rt::__oxpack_ld_cs_b16(p.cast()) } else { rt::__oxpack_ld_ef_b16(p.cast()) }),
                4 => transmute_copy(&if cs { rt::__oxpack_ld_cs_b32(p.cast()) } else { rt::__oxpack_ld_ef_b32(p.cast()) }),
                8 => transmute_copy(&if cs { rt::__oxpack_ld_cs_b64(p.cast()) } else { rt::__oxpack_ld_ef_b64(p.cast()) }),
                16 => {
                    let mut out = MaybeUninit::<T>::uninit();
                    if cs {
                        rt::__oxpack_ld_cs_v4(p.cast(), out.as_mut_ptr().cast());
                    } else {
                        rt::__oxpack_ld_ef_v4(p.cast(), out.as_mut_ptr().cast());
                    }
                    out.assume_init()
                }
                _ => *src,
            }
        }
    }
    #[cfg(not(target_arch = "nvptx64"))]
    {
        let _ = hint;
        *src
    }
}

#[inline(always)]
pub(crate) fn store<T: Hinted>(dst: &mut T, v: T, hint: Hint) {
    #[cfg(target_arch = "nvptx64")]
    {
        use core::mem::{size_of, transmute_copy};
        let p = dst as *mut T;
        let cs = hint == Hint::Streaming;
        // SAFETY: `p` comes from `&mut T`: valid, aligned and this thread's alone; the
        // sizes match as in `load`.
        unsafe {
            match size_of::<T>() {
                2 => {
                    let w: u16 = transmute_copy(&v);
                    if cs { rt::__oxpack_st_cs_b16(p.cast(), w) } else { rt::__oxpack_st_ef_b16(p.cast(), w) }
                }
                4 => {
                    let w: u32 = transmute_copy(&v);
                    if cs { rt::__oxpack_st_cs_b32(p.cast(), w) } else { rt::__oxpack_st_ef_b32(p.cast(), w) }
                }
                8 => {
                    let w: u64 = transmute_copy(&v);
                    if cs { rt::__oxpack_st_cs_b64(p.cast(), w) } else { rt::__oxpack_st_ef_b64(p.cast(), w) }
                }
                16 => {
                    let [a, b, c, d]: [u32; 4] = transmute_copy(&v);
                    if cs {
                        rt::__oxpack_st_cs_v4(p.cast(), a, b, c, d)
                    } else {
                        rt::__oxpack_st_ef_v4(p.cast(), a, b, c, d)
                    }
                }
                _ => *dst = v,
            }
        }
    }
    #[cfg(not(target_arch = "nvptx64"))]
    {
        let _ = hint;
        *dst = v;
    }
}

/// `*src`, loaded as data used once (`ld.cs`, CUDA's `__ldcs`): evicted first from L1
/// and L2. For 16-byte vectors one `ld.cs.v4.b32`.
#[inline(always)]
pub fn load_streaming<T: Hinted>(src: &T) -> T {
    load(src, Hint::Streaming)
}

/// `*src`, loaded with L1 evict-first priority (`ld.L1::evict_first`).
#[inline(always)]
pub fn load_evict_first<T: Hinted>(src: &T) -> T {
    load(src, Hint::EvictFirst)
}

/// `*dst = v`, stored as data not read again soon (`st.cs`, CUDA's `__stcs`).
#[inline(always)]
pub fn store_streaming<T: Hinted>(dst: &mut T, v: T) {
    store(dst, v, Hint::Streaming)
}

/// `*dst = v`, stored with L1 evict-first priority (`st.L1::evict_first`).
#[inline(always)]
pub fn store_evict_first<T: Hinted>(dst: &mut T, v: T) {
    store(dst, v, Hint::EvictFirst)
}
