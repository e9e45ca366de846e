//! The debug profile's trap record (`profile = "debug"`, built with `--cfg oxpack_debug`).
//!
//! A panic writes its message and source location into a record in host-mapped pinned
//! memory, then traps. The record lives in host memory because a trap ends the CUDA
//! context: after it, no device memory can be read, but the host still reads its own
//! pinned memory. The runtime allocates the record after loading the module and writes
//! its device address into [`__oxpack_trap_record`]; while that is 0 (a module loaded
//! by something else), a panic just traps.
//!
//! The record, 512 bytes, little-endian (`templates/runtime.py` reads the same layout):
//!
//! | offset | field |
//! | --- | --- |
//! | 0 | `u32` state: 0 empty, 2 written (written last, after a system-scope fence) |
//! | 4, 8 | `u32` line, column |
//! | 12, 16 | `u32` lengths of the file name and of the message |
//! | 24 | the file name, UTF-8, at most 104 bytes (the project-relative path, `kernels/saxpy.rs`) |
//! | 128 | the message, UTF-8, at most 384 bytes (cut at a character boundary) |
//!
//! The first panicking thread of the launch claims the record (a device-memory flag), so
//! the message is one thread's whole message.

use core::fmt::Write;

use crate::atomic::Atomic;

/// The device address of the record, in host-mapped memory; 0 until the runtime sets it.
#[unsafe(no_mangle)]
#[allow(non_upper_case_globals)]
pub static mut __oxpack_trap_record: u64 = 0;

/// Set by the first thread that panics: only it writes the record.
static CLAIMED: Atomic<u32> = Atomic::<u32>::new(0);

const FILE_AT: usize = 24;
const FILE_MAX: usize = 104;
const MSG_AT: usize = 128;
const MSG_MAX: usize = 384;

/// A writer into `len` bytes at `at`, which drops what does not fit (at a character boundary).
struct Bytes {
    at: *mut u8,
    len: usize,
    used: usize,
}

impl Write for Bytes {
    fn write_str(&mut self, s: &str) -> core::fmt::Result {
        let room = self.len - self.used;
        let mut n = s.len().min(room);
        while !s.is_char_boundary(n) {
            n -= 1;
        }
        for (k, b) in s.as_bytes()[..n].iter().enumerate() {
            // SAFETY: `used + k < len`: inside the record's field (see `record`).
            unsafe { self.at.add(self.used + k).write_volatile(*b) };
        }
        self.used += n;
        Ok(())
    }
}

/// Writes the panic's message and location into the record (first thread only).
pub(crate) fn record(info: &core::panic::PanicInfo<'_>) {
    // SAFETY: a plain read of the pointer that the runtime wrote before the launch.
    let base = unsafe { core::ptr::addr_of!(__oxpack_trap_record).read_volatile() } as *mut u8;
    if base.is_null() || CLAIMED.compare_exchange(0, 1).is_err() {
        return;
    }
    let word = |offset: usize, v: u32| {
        // SAFETY: offsets below 24, inside the 512-byte record, 4-byte aligned (the
        // record is page-aligned pinned memory).
        unsafe { (base.add(offset) as *mut u32).write_volatile(v) }
    };
    let mut file = Bytes { at: base.wrapping_add(FILE_AT), len: FILE_MAX, used: 0 };
    let mut msg = Bytes { at: base.wrapping_add(MSG_AT), len: MSG_MAX, used: 0 };
    let _ = write!(msg, "{}", info.message());
    match info.location() {
        Some(l) => {
            let _ = file.write_str(l.file());
            word(4, l.line());
            word(8, l.column());
        }
        None => {
            word(4, 0);
            word(8, 0);
        }
    }
    word(12, file.used as u32);
    word(16, msg.used as u32);
    crate::sync::fence_system(); // the fields reach the host before the state says so
    word(0, 2);
    crate::sync::fence_system();
}
