//! Atomics on global and shared memory: relaxed, device scope (CUDA's `atomicAdd` & co).
//!
//! A kernel takes a global buffer of atomics as `&[AtomicU32]` (or `AtomicI32`,
//! `AtomicU64`, `AtomicI64`, `AtomicF32`, `AtomicF64`): every thread may update
//! every element, so the buffer needs no per-thread witness. In shared memory,
//! `shared_atomics!(u32, 256)` gives the block a `&[AtomicU32]` of its own.

use core::cell::UnsafeCell;

use crate::intrinsics::atomic as rt;

/// A value that threads update atomically. `Sync`: shared by every thread.
#[repr(transparent)]
pub struct Atomic<T> {
    v: UnsafeCell<T>,
}

// SAFETY: every access goes through an atomic instruction.
unsafe impl<T: Send> Sync for Atomic<T> {}

impl<T> Atomic<T> {
    /// A new atomic holding `v` (for statics; device buffers come from the host).
    pub const fn new(v: T) -> Self {
        Atomic { v: UnsafeCell::new(v) }
    }
}

/// `Atomic<u32>`
pub type AtomicU32 = Atomic<u32>;
/// `Atomic<i32>`
pub type AtomicI32 = Atomic<i32>;
/// `Atomic<u64>`
pub type AtomicU64 = Atomic<u64>;
/// `Atomic<i64>`
pub type AtomicI64 = Atomic<i64>;
/// `Atomic<f32>`: `fetch_add`, `load`, `store`.
pub type AtomicF32 = Atomic<f32>;
/// `Atomic<f64>`: `fetch_add`, `load`, `store`.
pub type AtomicF64 = Atomic<f64>;

macro_rules! int_atomics {
    ($($t:ty => $w:ty, $add:ident, $min:ident, $max:ident, $xchg:ident, $and:ident, $or:ident, $xor:ident,
       $cas:ident, $load:ident, $store:ident;)*) => {$(
        impl Atomic<$t> {
            #[inline(always)]
            fn word(&self) -> *mut $w {
                self.v.get() as *mut $w
            }
            /// Adds `v` (wrapping); returns the old value.
            #[inline(always)]
            pub fn fetch_add(&self, v: $t) -> $t {
                // SAFETY: `word` points at a live, aligned value that only atomics touch.
                unsafe { rt::$add(self.word(), v as $w) as $t }
            }
            /// Subtracts `v` (wrapping); returns the old value.
            #[inline(always)]
            pub fn fetch_sub(&self, v: $t) -> $t {
                self.fetch_add(v.wrapping_neg())
            }
            /// Stores the minimum of the value and `v`; returns the old value.
            #[inline(always)]
            pub fn fetch_min(&self, v: $t) -> $t {
                // SAFETY: as in `fetch_add`.
                unsafe { rt::$min(self.word(), v as $w) as $t }
            }
            /// Stores the maximum of the value and `v`; returns the old value.
            #[inline(always)]
            pub fn fetch_max(&self, v: $t) -> $t {
                // SAFETY: as in `fetch_add`.
                unsafe { rt::$max(self.word(), v as $w) as $t }
            }
            /// Stores `v`; returns the old value.
            #[inline(always)]
            pub fn swap(&self, v: $t) -> $t {
                // SAFETY: as in `fetch_add`.
                unsafe { rt::$xchg(self.word(), v as $w) as $t }
            }
            /// Bitwise and; returns the old value.
            #[inline(always)]
            pub fn fetch_and(&self, v: $t) -> $t {
                // SAFETY: as in `fetch_add`.
                unsafe { rt::$and(self.word(), v as $w) as $t }
            }
            /// Bitwise or; returns the old value.
            #[inline(always)]
            pub fn fetch_or(&self, v: $t) -> $t {
                // SAFETY: as in `fetch_add`.
                unsafe { rt::$or(self.word(), v as $w) as $t }
            }
            /// Bitwise xor; returns the old value.
            #[inline(always)]
            pub fn fetch_xor(&self, v: $t) -> $t {
                // SAFETY: as in `fetch_add`.
                unsafe { rt::$xor(self.word(), v as $w) as $t }
            }
            /// Stores `new` if the value is `current`: `Ok(old)` if it was, else `Err(actual)`.
            #[inline(always)]
            pub fn compare_exchange(&self, current: $t, new: $t) -> Result<$t, $t> {
                // SAFETY: as in `fetch_add`.
                let old = unsafe { rt::$cas(self.word(), current as $w, new as $w) } as $t;
                if old == current { Ok(old) } else { Err(old) }
            }
            /// The value (an atomic load).
            #[inline(always)]
            pub fn load(&self) -> $t {
                // SAFETY: as in `fetch_add`.
                unsafe { rt::$load(self.word()) as $t }
            }
            /// Stores `v` (an atomic store).
            #[inline(always)]
            pub fn store(&self, v: $t) {
                // SAFETY: as in `fetch_add`.
                unsafe { rt::$store(self.word(), v as $w) }
            }
        }
    )*};
}

int_atomics! {
    u32 => u32, __oxpack_atomic_add_i32, __oxpack_atomic_min_u_i32, __oxpack_atomic_max_u_i32,
        __oxpack_atomic_xchg_i32, __oxpack_atomic_and_i32, __oxpack_atomic_or_i32, __oxpack_atomic_xor_i32,
        __oxpack_atomic_cas_i32, __oxpack_atomic_load_i32, __oxpack_atomic_store_i32;
    i32 => u32, __oxpack_atomic_add_i32, __oxpack_atomic_min_s_i32, __oxpack_atomic_max_s_i32,
        __oxpack_atomic_xchg_i32, __oxpack_atomic_and_i32, __oxpack_atomic_or_i32, __oxpack_atomic_xor_i32,
        __oxpack_atomic_cas_i32, __oxpack_atomic_load_i32, __oxpack_atomic_store_i32;
    u64 => u64, __oxpack_atomic_add_i64, __oxpack_atomic_min_u_i64, __oxpack_atomic_max_u_i64,
        __oxpack_atomic_xchg_i64, __oxpack_atomic_and_i64, __oxpack_atomic_or_i64, __oxpack_atomic_xor_i64,
        __oxpack_atomic_cas_i64, __oxpack_atomic_load_i64, __oxpack_atomic_store_i64;
    i64 => u64, __oxpack_atomic_add_i64, __oxpack_atomic_min_s_i64, __oxpack_atomic_max_s_i64,
        __oxpack_atomic_xchg_i64, __oxpack_atomic_and_i64, __oxpack_atomic_or_i64, __oxpack_atomic_xor_i64,
        __oxpack_atomic_cas_i64, __oxpack_atomic_load_i64, __oxpack_atomic_store_i64;
}

macro_rules! float_atomics {
    ($($t:ty => $bits:ty, $add:ident, $load:ident, $store:ident;)*) => {$(
        impl Atomic<$t> {
            /// Adds `v`; returns the old value.
            #[inline(always)]
            pub fn fetch_add(&self, v: $t) -> $t {
                // SAFETY: the pointer is to a live, aligned value that only atomics touch.
                unsafe { rt::$add(self.v.get(), v) }
            }
            /// The value (an atomic load).
            #[inline(always)]
            pub fn load(&self) -> $t {
                // SAFETY: as in `fetch_add`.
                <$t>::from_bits(unsafe { rt::$load(self.v.get() as *mut $bits) })
            }
            /// Stores `v` (an atomic store).
            #[inline(always)]
            pub fn store(&self, v: $t) {
                // SAFETY: as in `fetch_add`.
                unsafe { rt::$store(self.v.get() as *mut $bits, v.to_bits()) }
            }
        }
    )*};
}

float_atomics! {
    f32 => u32, __oxpack_atomic_add_float, __oxpack_atomic_load_i32, __oxpack_atomic_store_i32;
    f64 => u64, __oxpack_atomic_add_double, __oxpack_atomic_load_i64, __oxpack_atomic_store_i64;
}
