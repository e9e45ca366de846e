//! Stackful coroutines ("fibers") for the emulated GPU threads of one block.
//!
//! A fiber is a stack (mmap'd, with a guard page below it) and a saved stack pointer.
//! [`switch`] saves the callee-saved registers of the running context on its stack,
//! stores its stack pointer, and resumes the other one: a few nanoseconds, no system
//! call. x86-64 System V (Linux) only. The floating-point control words (MXCSR, x87)
//! are not switched: Rust code never changes them, so every fiber runs with the
//! calling thread's.

use core::ptr;

#[cfg(not(all(target_arch = "x86_64", target_os = "linux")))]
compile_error!("oxpack emulation runs on x86-64 Linux only (its fibers switch stacks in x86-64 assembly)");

core::arch::global_asm!(
    ".text",
    ".p2align 4",
    ".globl __oxpack_host_switch",
    ".hidden __oxpack_host_switch",
    ".type __oxpack_host_switch,@function",
    "__oxpack_host_switch:",
    "push rbp",
    "push rbx",
    "push r12",
    "push r13",
    "push r14",
    "push r15",
    "mov [rdi], rsp",
    "mov rsp, rsi",
    "pop r15",
    "pop r14",
    "pop r13",
    "pop r12",
    "pop rbx",
    "pop rbp",
    "ret",
    ".size __oxpack_host_switch, . - __oxpack_host_switch",
    ".p2align 4",
    ".globl __oxpack_host_fiber_start",
    ".hidden __oxpack_host_fiber_start",
    ".type __oxpack_host_fiber_start,@function",
    "__oxpack_host_fiber_start:",
    "mov rdi, r12",
    "call r13",
    "ud2",
    ".size __oxpack_host_fiber_start, . - __oxpack_host_fiber_start",
);

unsafe extern "C" {
    fn __oxpack_host_switch(save: *mut *mut u8, to: *mut u8);
    fn __oxpack_host_fiber_start();
    fn mmap(addr: *mut u8, len: usize, prot: i32, flags: i32, fd: i32, off: i64) -> *mut u8;
    fn mprotect(addr: *mut u8, len: usize, prot: i32) -> i32;
}

const PROT_NONE: i32 = 0;
const PROT_RW: i32 = 1 | 2;
const MAP_PRIVATE_ANON_NORESERVE: i32 = 0x02 | 0x20 | 0x4000;
const MAP_FAILED: *mut u8 = usize::MAX as *mut u8;
const GUARD: usize = 4096;
/// Stack bytes per emulated thread: kernels use little, but a panic's formatting and
/// unwinding run on it too. Pages are committed only when touched.
pub const STACK_SIZE: usize = 256 * 1024;

/// One fiber stack; never unmapped (a pool keeps them for the next launch).
pub struct Stack {
    top: *mut u8,
}

impl Stack {
    /// A fresh stack with a guard page below it; `None` when the kernel refuses memory.
    pub fn new() -> Option<Stack> {
        // SAFETY: an anonymous private mapping of our own; the guard page is made
        // inaccessible so that an overflow faults instead of corrupting memory.
        unsafe {
            let base = mmap(ptr::null_mut(), STACK_SIZE + GUARD, PROT_NONE, MAP_PRIVATE_ANON_NORESERVE, -1, 0);
            if base == MAP_FAILED || base.is_null() {
                return None;
            }
            if mprotect(base.add(GUARD), STACK_SIZE, PROT_RW) != 0 {
                return None;
            }
            Some(Stack { top: base.add(GUARD + STACK_SIZE) })
        }
    }

    /// The highest address of the stack (16-byte aligned): where a fresh frame starts.
    pub fn top(&self) -> usize {
        self.top as usize
    }

    /// Whether `addr` lies in this stack's guard page: an access there is an overflow of the stack.
    pub fn guards(&self, addr: usize) -> bool {
        let guard = self.top as usize - STACK_SIZE - GUARD;
        (guard..guard + GUARD).contains(&addr)
    }

    /// The usable bytes of the stack: (lowest address, size).
    pub fn usable(&self) -> (*mut u8, usize) {
        (self.top.wrapping_sub(STACK_SIZE), STACK_SIZE)
    }

    /// A stack pointer that, switched to, calls `entry(arg)` on this stack.
    ///
    /// # Safety
    /// `entry` must never return (it ends by switching away for good).
    pub unsafe fn prepare(&self, entry: unsafe extern "C" fn(*mut u8), arg: *mut u8) -> *mut u8 {
        // Layout read by `__oxpack_host_switch` (from low to high addresses): r15, r14,
        // r13 (entry), r12 (arg), rbx, rbp, and the return address (`__oxpack_host_fiber_start`). After its `ret`, rsp is the
        // 16-byte-aligned top, so the `call` there enters `entry` with the ABI's alignment.
        let top = self.top as usize & !15;
        let words = [
            0u64,
            0,
            entry as *const () as usize as u64,
            arg as usize as u64,
            0,
            0,
            __oxpack_host_fiber_start as *const () as usize as u64,
        ];
        let sp = (top - 8 * words.len()) as *mut u64;
        // SAFETY: the 56 bytes below the top belong to this stack.
        unsafe { ptr::copy_nonoverlapping(words.as_ptr(), sp, words.len()) };
        sp as *mut u8
    }
}

// SAFETY: a stack is plain memory, used by one fiber at a time.
unsafe impl Send for Stack {}

/// Saves the running context's stack pointer into `*save` and resumes `to`.
///
/// # Safety
/// `to` must be a stack pointer saved by `switch` or made by [`Stack::prepare`],
/// whose stack is alive and not running.
#[inline(always)]
pub unsafe fn switch(save: *mut *mut u8, to: *mut u8) {
    // SAFETY: the caller's contract.
    unsafe { __oxpack_host_switch(save, to) }
}
