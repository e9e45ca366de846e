//! The device crate on the host: what lets the same kernel files run without a GPU.
//!
//! oxpack compiles a kernel file for the GPU against `runtime.ll` (NVVM intrinsics
//! behind `extern "C"` names). For emulation it compiles the same file for the host,
//! where each module's `rt` names resolve to the Rust functions here instead: thread
//! and block indices of the emulated thread, barriers and warp operations that switch
//! fibers ([`sched`]), host atomics, the math library, half-precision conversions.
//! `oxpack::host::launch_kernel` runs one launch; the library oxpack generates around a
//! kernel file exports one `extern "C"` function per kernel that calls it with a closure
//! calling the kernel's entry shim (on the host an `extern "C-unwind"` fn, so that a
//! panic reaches the emulator), each parameter's word made by [`HostWord`].

extern crate std;

pub(crate) mod collective;
mod fiber;
mod guard;
pub(crate) mod half;
pub(crate) mod attn_pipeline;
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
    /// emulated thread (it calls the kernel's entry shim with the launch's words).
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
