//! Stack overflows of emulated threads: an error that names the kernel, not a dead process.
//!
//! Each fiber stack has a guard page below it ([`super::fiber`]), and rustc probes every
//! page of a frame larger than one on x86-64, so a thread that overflows its stack (deep
//! recursion, large local arrays) faults in the guard page. A `SIGSEGV` handler, running
//! on an alternate signal stack (the faulting stack has no room left), recognises a fault
//! in the guard page of a thread of the running launch and rewrites the interrupted
//! context: on return from the handler the thread resumes in the scheduler's `resume`
//! function ([`Recovery`], given to [`install`]) at the top of its own stack (its frames
//! are abandoned: kernels own nothing that needs dropping), which records the failure and
//! switches to the scheduler. This module knows stacks and signals, not launches: the
//! scheduler tells it which stack a fault belongs to. The kernel's
//! `sigreturn` restores the signal mask as it was, so later faults are caught too.
//!
//! Any other fault goes to the handler that was installed before this one (Python's
//! `faulthandler`, another host library's, or the default action, which ends the process
//! as before). A fault while the thread is already panicking is not recovered: abandoning
//! a panic half-way would leave the standard library's panic count wrong, so it gets the
//! previous handler too. x86-64 Linux (glibc) layouts.

extern crate std;

use core::ptr;

use super::fiber::Stack;

const SIGSEGV: i32 = 11;
const SA_SIGINFO: i32 = 4;
const SA_ONSTACK: i32 = 0x0800_0000;
const SS_DISABLE: i32 = 2;
const SIG_DFL: usize = 0;
const SIG_IGN: usize = 1;
/// `uc_mcontext.gregs` in `ucontext_t`, and the indices of the registers rewritten there.
const GREGS: usize = 40;
const REG_RDI: usize = 8;
const REG_RSP: usize = 15;
const REG_RIP: usize = 16;
/// `si_addr` in `siginfo_t` (for `SIGSEGV`).
const SI_ADDR: usize = 16;

/// glibc's `struct sigaction` (x86-64).
#[repr(C)]
struct SigAction {
    handler: usize,
    mask: [u64; 16],
    flags: i32,
    restorer: usize,
}

/// `stack_t`.
#[repr(C)]
struct SigStack {
    sp: *mut u8,
    flags: i32,
    size: usize,
}

unsafe extern "C" {
    fn sigaction(signum: i32, act: *const SigAction, old: *mut SigAction) -> i32;
    fn sigaltstack(ss: *const SigStack, old: *mut SigStack) -> i32;
}

/// The handler this one replaced; written once, before this one is installed.
static mut PREVIOUS: SigAction = SigAction { handler: SIG_DFL, mask: [0; 16], flags: 0, restorer: 0 };

/// How the scheduler recovers a thread whose stack overflowed.
#[derive(Clone, Copy)]
pub(crate) struct Recovery {
    /// The thread of the running launch whose stack's guard page holds the faulting
    /// address, and the top of that stack; `None` when the fault is not such an overflow.
    pub find: fn(usize) -> Option<(usize, usize)>,
    /// Where that thread resumes, called with its number at the top of its stack; never returns.
    pub resume: extern "C" fn(usize) -> !,
}

/// The scheduler's recovery; written once, before the handler that reads it is installed.
static mut RECOVERY: Option<Recovery> = None;

/// Installs the `SIGSEGV` handler that hands overflows to `recovery`, once per host
/// library (each has its own launches and chains to the one before it).
pub(crate) fn install(recovery: Recovery) {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        let act = SigAction { handler: on_segv as *const () as usize, mask: [0; 16], flags: SA_SIGINFO | SA_ONSTACK, restorer: 0 };
        // SAFETY: RECOVERY and PREVIOUS are written here only, before the handler that reads
        // them runs. Should this fail, an overflow ends the process as it would without this module.
        unsafe {
            RECOVERY = Some(recovery);
            sigaction(SIGSEGV, &act, ptr::addr_of_mut!(PREVIOUS));
        }
    });
}

/// An alternate signal stack for the launching OS thread while a launch runs, when the
/// thread has none (Python's `faulthandler` gives the main thread one; other threads have
/// none). One per library, used under its launch lock; removed again by `drop`.
pub(crate) struct AltStack {
    ours: bool,
}

impl AltStack {
    pub(crate) fn enter() -> AltStack {
        static STACK: std::sync::OnceLock<Option<(usize, usize)>> = std::sync::OnceLock::new();
        let mut old = SigStack { sp: ptr::null_mut(), flags: 0, size: 0 };
        // SAFETY: a query of this thread's signal stack.
        if unsafe { sigaltstack(ptr::null(), &mut old) } != 0 || old.flags & SS_DISABLE == 0 {
            return AltStack { ours: false };
        }
        let Some((sp, size)) = *STACK.get_or_init(|| {
            let stack = Stack::new()?;
            let (sp, size) = stack.usable();
            core::mem::forget(stack); // kept for the library's lifetime
            Some((sp as usize, size))
        }) else {
            return AltStack { ours: false };
        };
        let ss = SigStack { sp: sp as *mut u8, flags: 0, size };
        // SAFETY: a mapping of our own that nothing else uses (launches of this library are serialized).
        let ours = unsafe { sigaltstack(&ss, ptr::null_mut()) } == 0;
        AltStack { ours }
    }
}

impl Drop for AltStack {
    fn drop(&mut self) {
        if self.ours {
            let ss = SigStack { sp: ptr::null_mut(), flags: SS_DISABLE, size: 0 };
            // SAFETY: removes the signal stack set by `enter` on this thread (no handler runs on it now).
            unsafe { sigaltstack(&ss, ptr::null_mut()) };
        }
    }
}

extern "C" fn on_segv(signum: i32, info: *mut u8, context: *mut u8) {
    // SAFETY: the kernel passes a valid `siginfo_t` and `ucontext_t` (SA_SIGINFO).
    unsafe {
        let addr = *(info.add(SI_ADDR) as *const usize);
        let recovery = *ptr::addr_of!(RECOVERY); // written before the handler was installed
        if let (Some(r), false) = (recovery, std::thread::panicking()) {
            if let Some((k, top)) = (r.find)(addr) {
                let gregs = context.add(GREGS) as *mut u64;
                // Resume as if `resume(k)` had been called at the top of the thread's stack.
                *gregs.add(REG_RSP) = (top & !15) as u64 - 8;
                *gregs.add(REG_RDI) = k as u64;
                *gregs.add(REG_RIP) = r.resume as *const () as usize as u64;
                return;
            }
        }
        chain(signum, info, context);
    }
}

/// Hands a fault that is not an emulated thread's overflow to the previous handler.
unsafe fn chain(signum: i32, info: *mut u8, context: *mut u8) {
    // SAFETY (whole function): PREVIOUS was written before this handler was installed.
    unsafe {
        let previous = &*ptr::addr_of!(PREVIOUS);
        if previous.handler == SIG_DFL || previous.handler == SIG_IGN {
            // The default action: put it back, return, and the faulting instruction faults again.
            let default = SigAction { handler: SIG_DFL, mask: [0; 16], flags: 0, restorer: 0 };
            sigaction(signum, &default, ptr::null_mut());
        } else if previous.flags & SA_SIGINFO != 0 {
            let f: extern "C" fn(i32, *mut u8, *mut u8) = core::mem::transmute(previous.handler);
            f(signum, info, context);
        } else {
            let f: extern "C" fn(i32) = core::mem::transmute(previous.handler);
            f(signum);
        }
    }
}
