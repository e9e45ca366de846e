//! The device crate on the host: what lets the same kernel files run without a GPU.
//!
//! oxpack compiles a kernel file for the GPU against `runtime.ll` (NVVM intrinsics
//! behind `extern "C"` names). For emulation it compiles the same file for the host,
//! where each module's `rt` names resolve to the Rust functions here instead: thread
//! and block indices of the emulated thread, barriers and warp operations that switch
//! fibers ([`sched`]), host atomics, the math library, half-precision conversions.
//! `oxpack::host::launch_kernel` runs one launch; the library oxpack generates around a
//! kernel file exports one `extern "C"` function per kernel that calls it.

extern crate std;

mod fiber;
pub(crate) mod sched;
pub(crate) mod rt;

use core::panic::Location;

pub use sched_api::*;

mod sched_api {
    use super::sched;

    /// One launch, as the Python side passes it: shape in, failure out.
    #[repr(C)]
    pub struct Launch {
        /// Blocks in the grid (x, y, z).
        pub grid: [u32; 3],
        /// Threads per block (x, y, z).
        pub block: [u32; 3],
        /// Dynamic shared memory per block, in bytes.
        pub shared_bytes: u64,
        /// Out: the thread that panicked, (threadIdx, blockIdx); all `u32::MAX` when none did.
        pub thread: [u32; 6],
        /// Out: what went wrong, UTF-8, NUL-terminated.
        pub message: [u8; 2048],
        /// Out: the source location of the panic, barrier or warp operation, NUL-terminated.
        pub location: [u8; 512],
    }

    fn put(out: &mut [u8], text: &str) {
        let n = text.len().min(out.len() - 1);
        out[..n].copy_from_slice(&text.as_bytes()[..n]);
        out[n] = 0;
    }

    /// Runs `body` for every thread of the launch `l`: 0 when it completed, else the
    /// failure's code (1: a panic, 2: a barrier or warp operation not every thread
    /// joined) with its message and location written into `l`.
    ///
    /// # Safety
    /// `l` must point at a valid `Launch`; `body` must be safe to run once per
    /// emulated thread (it is the kernel call built by [`HostCall`]).
    pub unsafe fn launch_kernel(l: *mut Launch, body: &dyn Fn()) -> u32 {
        // SAFETY: the caller's contract.
        let l = unsafe { &mut *l };
        match sched::launch(l.grid, l.block, l.shared_bytes as usize, body) {
            Ok(()) => 0,
            Err(f) => {
                put(&mut l.message, &f.message);
                put(&mut l.location, &f.location);
                l.thread = f.thread.unwrap_or([u32::MAX; 6]);
                f.code
            }
        }
    }

    /// The 64-bit launch word of a kernel parameter, as the host passes it.
    pub trait HostWord {
        #[doc(hidden)]
        fn from_word(word: u64) -> Self;
    }

    macro_rules! host_word {
        ($($t:ty: |$w:ident| $e:expr;)*) => {$(
            impl HostWord for $t {
                #[inline(always)]
                fn from_word($w: u64) -> Self {
                    $e
                }
            }
        )*};
    }

    host_word! {
        u32: |w| w as u32;
        i32: |w| w as u32 as i32;
        u64: |w| w;
        i64: |w| w as i64;
        f32: |w| f32::from_bits(w as u32);
        f64: |w| f64::from_bits(w);
    }

    impl<T> HostWord for crate::DevPtr<T> {
        #[inline(always)]
        fn from_word(word: u64) -> Self {
            crate::DevPtr(word as usize as *const T)
        }
    }

    impl<T> HostWord for crate::DevPtrMut<T> {
        #[inline(always)]
        fn from_word(word: u64) -> Self {
            crate::DevPtrMut(word as usize as *mut T)
        }
    }

    /// A kernel function called with its parameters rebuilt from launch words, two
    /// per parameter (word, length), exactly as the GPU entry shim builds them.
    pub trait HostCall<Args> {
        /// # Safety
        /// `words` must hold two words per parameter, and every buffer word must be a
        /// host pointer to as many elements as its length says, as the stub checked.
        unsafe fn call(&self, words: *const u64);
    }

    macro_rules! host_call {
        ($($p:ident $h:ident $k:literal),*) => {
            impl<F, $($p),*> HostCall<($($p,)*)> for F
            where
                F: Fn($($p),*),
                $($p: crate::Param, <$p as crate::Param>::Word: HostWord,)*
            {
                #[inline(always)]
                #[allow(unused_variables, unused_mut)]
                unsafe fn call(&self, words: *const u64) {
                    // SAFETY: the caller's contract: two words per parameter.
                    $(let mut $h = unsafe {
                        <$p as crate::Param>::hold(
                            HostWord::from_word(*words.add(2 * $k)),
                            *words.add(2 * $k + 1) as usize,
                        )
                    };)*
                    self($(<$p as crate::Param>::borrow(&mut $h)),*)
                }
            }
        };
    }

    host_call!();
    host_call!(A0 h0 0);
    host_call!(A0 h0 0, A1 h1 1);
    host_call!(A0 h0 0, A1 h1 1, A2 h2 2);
    host_call!(A0 h0 0, A1 h1 1, A2 h2 2, A3 h3 3);
    host_call!(A0 h0 0, A1 h1 1, A2 h2 2, A3 h3 3, A4 h4 4);
    host_call!(A0 h0 0, A1 h1 1, A2 h2 2, A3 h3 3, A4 h4 4, A5 h5 5);
    host_call!(A0 h0 0, A1 h1 1, A2 h2 2, A3 h3 3, A4 h4 4, A5 h5 5, A6 h6 6);
    host_call!(A0 h0 0, A1 h1 1, A2 h2 2, A3 h3 3, A4 h4 4, A5 h5 5, A6 h6 6, A7 h7 7);
    host_call!(A0 h0 0, A1 h1 1, A2 h2 2, A3 h3 3, A4 h4 4, A5 h5 5, A6 h6 6, A7 h7 7, A8 h8 8);
    host_call!(A0 h0 0, A1 h1 1, A2 h2 2, A3 h3 3, A4 h4 4, A5 h5 5, A6 h6 6, A7 h7 7, A8 h8 8, A9 h9 9);
    host_call!(A0 h0 0, A1 h1 1, A2 h2 2, A3 h3 3, A4 h4 4, A5 h5 5, A6 h6 6, A7 h7 7, A8 h8 8, A9 h9 9,
               A10 h10 10);
    host_call!(A0 h0 0, A1 h1 1, A2 h2 2, A3 h3 3, A4 h4 4, A5 h5 5, A6 h6 6, A7 h7 7, A8 h8 8, A9 h9 9,
               A10 h10 10, A11 h11 11);
    host_call!(A0 h0 0, A1 h1 1, A2 h2 2, A3 h3 3, A4 h4 4, A5 h5 5, A6 h6 6, A7 h7 7, A8 h8 8, A9 h9 9,
               A10 h10 10, A11 h11 11, A12 h12 12);
    host_call!(A0 h0 0, A1 h1 1, A2 h2 2, A3 h3 3, A4 h4 4, A5 h5 5, A6 h6 6, A7 h7 7, A8 h8 8, A9 h9 9,
               A10 h10 10, A11 h11 11, A12 h12 12, A13 h13 13);
    host_call!(A0 h0 0, A1 h1 1, A2 h2 2, A3 h3 3, A4 h4 4, A5 h5 5, A6 h6 6, A7 h7 7, A8 h8 8, A9 h9 9,
               A10 h10 10, A11 h11 11, A12 h12 12, A13 h13 13, A14 h14 14);
    host_call!(A0 h0 0, A1 h1 1, A2 h2 2, A3 h3 3, A4 h4 4, A5 h5 5, A6 h6 6, A7 h7 7, A8 h8 8, A9 h9 9,
               A10 h10 10, A11 h11 11, A12 h12 12, A13 h13 13, A14 h14 14, A15 h15 15);
}

/// Records the source location of the barrier or warp operation about to run (the
/// caller's, through `#[track_caller]`), for error messages.
#[inline(always)]
pub(crate) fn at(location: &'static Location<'static>) {
    let e = sched::emu();
    // SAFETY: the live launch; this fiber is the one running.
    unsafe { (*e).pending = Some(location) };
}

/// This block's dynamic shared memory (16-byte aligned, the launch's size).
#[inline(always)]
pub(crate) fn dynamic_shared() -> *mut u8 {
    // SAFETY: the live launch.
    unsafe { (*sched::emu()).dynamic }
}
