//! Host versions of the device primitives, under the names `runtime.ll` gives
//! them on the GPU: each module of the crate takes its `rt` from here on the host.

#![allow(missing_docs)]

extern crate std;

/// `thread.rs`: launch coordinates of the running emulated thread; `lib.rs`: traps.
pub(crate) mod grid {
    use super::super::sched::emu;

    macro_rules! reg {
        ($($name:ident => $field:ident[$i:literal];)*) => {$(
            #[inline(always)]
            pub fn $name() -> u32 {
                // SAFETY: the live launch (`emu` panics outside one).
                unsafe { (*emu()).$field[$i] }
            }
        )*};
    }

    reg! {
        __oxpack_tid_x => tid[0]; __oxpack_tid_y => tid[1]; __oxpack_tid_z => tid[2];
        __oxpack_ntid_x => block[0]; __oxpack_ntid_y => block[1]; __oxpack_ntid_z => block[2];
        __oxpack_ctaid_x => bidx[0]; __oxpack_ctaid_y => bidx[1]; __oxpack_ctaid_z => bidx[2];
        __oxpack_nctaid_x => grid[0]; __oxpack_nctaid_y => grid[1]; __oxpack_nctaid_z => grid[2];
    }

    /// A trap: on the GPU the launch fails; here it panics, which ends the launch with
    /// the caller's location.
    #[track_caller]
    pub fn __oxpack_trap() -> ! {
        panic!("trap: the kernel called oxpack::trap() or read a shared array out of bounds")
    }
}

/// `sync.rs`: barriers and fences.
pub(crate) mod sync {
    use super::super::sched::{wait, Op};
    use core::sync::atomic::{fence, Ordering};

    #[inline(always)]
    pub fn __oxpack_sync_threads() {
        wait(Op::SyncThreads, 0, 0);
    }
    #[inline(always)]
    pub fn __oxpack_sync_threads_count(p: u32) -> u32 {
        wait(Op::SyncCount, (p != 0) as u32, 0)
    }
    #[inline(always)]
    pub fn __oxpack_sync_threads_and(p: u32) -> u32 {
        wait(Op::SyncAnd, (p != 0) as u32, 0)
    }
    #[inline(always)]
    pub fn __oxpack_sync_threads_or(p: u32) -> u32 {
        wait(Op::SyncOr, (p != 0) as u32, 0)
    }
    #[inline(always)]
    pub fn __oxpack_sync_warp(_members: u32) {
        wait(Op::SyncWarp, 0, 0);
    }
    #[inline(always)]
    pub fn __oxpack_fence_block() {
        fence(Ordering::SeqCst)
    }
    #[inline(always)]
    pub fn __oxpack_fence_device() {
        fence(Ordering::SeqCst)
    }
    #[inline(always)]
    pub fn __oxpack_fence_system() {
        fence(Ordering::SeqCst)
    }
}

/// `warp.rs`: lane id, shuffles and votes over the lanes of a warp. The member
/// mask and clamp that the GPU versions take are the warp's live lanes, which the
/// scheduler knows itself (it completes a warp operation over the lanes that exist,
/// and a source lane past them gives the caller's own value, as the clamp does).
pub(crate) mod warp {
    use super::super::sched::{emu, wait, Op};

    #[inline(always)]
    pub fn __oxpack_lane_id() -> u32 {
        // SAFETY: the live launch.
        unsafe { (*emu()).linear % 32 }
    }
    #[inline(always)]
    pub fn __oxpack_shfl_idx(v: u32, lane: u32, _members: u32, _clamp: u32) -> u32 {
        wait(Op::ShflIdx, v, lane)
    }
    #[inline(always)]
    pub fn __oxpack_shfl_up(v: u32, delta: u32, _members: u32) -> u32 {
        wait(Op::ShflUp, v, delta)
    }
    #[inline(always)]
    pub fn __oxpack_shfl_down(v: u32, delta: u32, _members: u32, _clamp: u32) -> u32 {
        wait(Op::ShflDown, v, delta)
    }
    #[inline(always)]
    pub fn __oxpack_shfl_xor(v: u32, mask: u32, _members: u32, _clamp: u32) -> u32 {
        wait(Op::ShflXor, v, mask)
    }
    #[inline(always)]
    pub fn __oxpack_ballot(p: u32, _members: u32) -> u32 {
        wait(Op::Ballot, (p != 0) as u32, 0)
    }
    #[inline(always)]
    pub fn __oxpack_vote_all(p: u32, _members: u32) -> u32 {
        wait(Op::VoteAll, (p != 0) as u32, 0)
    }
    #[inline(always)]
    pub fn __oxpack_vote_any(p: u32, _members: u32) -> u32 {
        wait(Op::VoteAny, (p != 0) as u32, 0)
    }
}

/// `atomic.rs`: relaxed read-modify-write operations on host atomics.
pub(crate) mod atomic {
    use core::sync::atomic::{AtomicU32, AtomicU64, Ordering::Relaxed};

    macro_rules! rmw {
        ($($name:ident($w:ty, $a:ty) => |$x:ident, $v:ident| $e:expr;)*) => {$(
            /// # Safety
            /// `p` must point at a live, aligned value that only atomics touch.
            #[inline(always)]
            pub unsafe fn $name(p: *mut $w, $v: $w) -> $w {
                // SAFETY: the caller's contract.
                let $x = unsafe { <$a>::from_ptr(p) };
                $e
            }
        )*};
    }

    rmw! {
        __oxpack_atomic_add_i32(u32, AtomicU32) => |a, v| a.fetch_add(v, Relaxed);
        __oxpack_atomic_min_s_i32(u32, AtomicU32) => |a, v| a.fetch_update(Relaxed, Relaxed, |o| Some((o as i32).min(v as i32) as u32)).unwrap();
        __oxpack_atomic_max_s_i32(u32, AtomicU32) => |a, v| a.fetch_update(Relaxed, Relaxed, |o| Some((o as i32).max(v as i32) as u32)).unwrap();
        __oxpack_atomic_min_u_i32(u32, AtomicU32) => |a, v| a.fetch_min(v, Relaxed);
        __oxpack_atomic_max_u_i32(u32, AtomicU32) => |a, v| a.fetch_max(v, Relaxed);
        __oxpack_atomic_xchg_i32(u32, AtomicU32) => |a, v| a.swap(v, Relaxed);
        __oxpack_atomic_and_i32(u32, AtomicU32) => |a, v| a.fetch_and(v, Relaxed);
        __oxpack_atomic_or_i32(u32, AtomicU32) => |a, v| a.fetch_or(v, Relaxed);
        __oxpack_atomic_xor_i32(u32, AtomicU32) => |a, v| a.fetch_xor(v, Relaxed);
        __oxpack_atomic_add_i64(u64, AtomicU64) => |a, v| a.fetch_add(v, Relaxed);
        __oxpack_atomic_min_s_i64(u64, AtomicU64) => |a, v| a.fetch_update(Relaxed, Relaxed, |o| Some((o as i64).min(v as i64) as u64)).unwrap();
        __oxpack_atomic_max_s_i64(u64, AtomicU64) => |a, v| a.fetch_update(Relaxed, Relaxed, |o| Some((o as i64).max(v as i64) as u64)).unwrap();
        __oxpack_atomic_min_u_i64(u64, AtomicU64) => |a, v| a.fetch_min(v, Relaxed);
        __oxpack_atomic_max_u_i64(u64, AtomicU64) => |a, v| a.fetch_max(v, Relaxed);
        __oxpack_atomic_xchg_i64(u64, AtomicU64) => |a, v| a.swap(v, Relaxed);
        __oxpack_atomic_and_i64(u64, AtomicU64) => |a, v| a.fetch_and(v, Relaxed);
        __oxpack_atomic_or_i64(u64, AtomicU64) => |a, v| a.fetch_or(v, Relaxed);
        __oxpack_atomic_xor_i64(u64, AtomicU64) => |a, v| a.fetch_xor(v, Relaxed);
    }

    macro_rules! cas_load_store {
        ($($w:ty, $a:ty: $cas:ident, $load:ident, $store:ident;)*) => {$(
            /// # Safety
            /// As for the others.
            #[inline(always)]
            pub unsafe fn $cas(p: *mut $w, expected: $w, new: $w) -> $w {
                // SAFETY: the caller's contract.
                match unsafe { <$a>::from_ptr(p) }.compare_exchange(expected, new, Relaxed, Relaxed) {
                    Ok(v) | Err(v) => v,
                }
            }
            /// # Safety
            /// As for the others.
            #[inline(always)]
            pub unsafe fn $load(p: *mut $w) -> $w {
                // SAFETY: the caller's contract.
                unsafe { <$a>::from_ptr(p) }.load(Relaxed)
            }
            /// # Safety
            /// As for the others.
            #[inline(always)]
            pub unsafe fn $store(p: *mut $w, v: $w) {
                // SAFETY: the caller's contract.
                unsafe { <$a>::from_ptr(p) }.store(v, Relaxed)
            }
        )*};
    }

    cas_load_store! {
        u32, AtomicU32: __oxpack_atomic_cas_i32, __oxpack_atomic_load_i32, __oxpack_atomic_store_i32;
        u64, AtomicU64: __oxpack_atomic_cas_i64, __oxpack_atomic_load_i64, __oxpack_atomic_store_i64;
    }

    /// # Safety
    /// As for the others.
    #[inline(always)]
    pub unsafe fn __oxpack_atomic_add_float(p: *mut f32, v: f32) -> f32 {
        // SAFETY: the caller's contract (f32 and u32 have one size and alignment).
        let a = unsafe { AtomicU32::from_ptr(p as *mut u32) };
        f32::from_bits(a.fetch_update(Relaxed, Relaxed, |o| Some((f32::from_bits(o) + v).to_bits())).unwrap())
    }
    /// # Safety
    /// As for the others.
    #[inline(always)]
    pub unsafe fn __oxpack_atomic_add_double(p: *mut f64, v: f64) -> f64 {
        // SAFETY: the caller's contract.
        let a = unsafe { AtomicU64::from_ptr(p as *mut u64) };
        f64::from_bits(a.fetch_update(Relaxed, Relaxed, |o| Some((f64::from_bits(o) + v).to_bits())).unwrap())
    }
}

/// `math.rs`: exact operations (the same results as the GPU's) and the host's
/// libm for the transcendental functions (within a few ulps of libdevice's).
pub(crate) mod math {
    unsafe extern "C" {
        safe fn erff(x: f32) -> f32;
        safe fn erf(x: f64) -> f64;
    }

    /// A flush-to-zero result, as the `.ftz` approximations give.
    #[inline(always)]
    fn ftz(x: f32) -> f32 {
        if x.is_subnormal() { 0.0f32.copysign(x) } else { x }
    }

    pub fn __oxpack_sqrt_f32(x: f32) -> f32 { x.sqrt() }
    pub fn __oxpack_floor_f32(x: f32) -> f32 { x.floor() }
    pub fn __oxpack_ceil_f32(x: f32) -> f32 { x.ceil() }
    pub fn __oxpack_fabs_f32(x: f32) -> f32 { x.abs() }
    pub fn __oxpack_minnum_f32(x: f32, y: f32) -> f32 { x.min(y) }
    pub fn __oxpack_maxnum_f32(x: f32, y: f32) -> f32 { x.max(y) }
    pub fn __oxpack_fma_f32(a: f32, b: f32, c: f32) -> f32 { a.mul_add(b, c) }
    pub fn __oxpack_sqrt_f64(x: f64) -> f64 { x.sqrt() }
    pub fn __oxpack_floor_f64(x: f64) -> f64 { x.floor() }
    pub fn __oxpack_ceil_f64(x: f64) -> f64 { x.ceil() }
    pub fn __oxpack_fabs_f64(x: f64) -> f64 { x.abs() }
    pub fn __oxpack_minnum_f64(x: f64, y: f64) -> f64 { x.min(y) }
    pub fn __oxpack_maxnum_f64(x: f64, y: f64) -> f64 { x.max(y) }
    pub fn __oxpack_fma_f64(a: f64, b: f64, c: f64) -> f64 { a.mul_add(b, c) }
    pub fn __oxpack_rsqrt_f32(x: f32) -> f32 { (1.0 / (x as f64).sqrt()) as f32 }
    pub fn __oxpack_rsqrt_f64(x: f64) -> f64 { 1.0 / x.sqrt() }
    pub fn __oxpack_fast_ex2_f32(x: f32) -> f32 { ftz(ftz(x).exp2()) }
    pub fn __oxpack_fast_lg2_f32(x: f32) -> f32 { ftz(x).log2() }
    pub fn __oxpack_fast_sin_f32(x: f32) -> f32 { ftz(ftz(x).sin()) }
    pub fn __oxpack_fast_cos_f32(x: f32) -> f32 { ftz(x).cos() }
    pub fn __oxpack_fast_rsqrt_f32(x: f32) -> f32 { 1.0 / ftz(x).sqrt() }
    pub fn __oxpack_fast_tanh_f32(x: f32) -> f32 { x.tanh() }

    pub fn __nv_expf(x: f32) -> f32 { x.exp() }
    pub fn __nv_exp2f(x: f32) -> f32 { x.exp2() }
    pub fn __nv_logf(x: f32) -> f32 { x.ln() }
    pub fn __nv_log2f(x: f32) -> f32 { x.log2() }
    pub fn __nv_sinf(x: f32) -> f32 { x.sin() }
    pub fn __nv_cosf(x: f32) -> f32 { x.cos() }
    pub fn __nv_tanhf(x: f32) -> f32 { x.tanh() }
    pub fn __nv_erff(x: f32) -> f32 { erff(x) }
    pub fn __nv_powf(x: f32, y: f32) -> f32 { x.powf(y) }
    pub fn __nv_exp(x: f64) -> f64 { x.exp() }
    pub fn __nv_exp2(x: f64) -> f64 { x.exp2() }
    pub fn __nv_log(x: f64) -> f64 { x.ln() }
    pub fn __nv_log2(x: f64) -> f64 { x.log2() }
    pub fn __nv_sin(x: f64) -> f64 { x.sin() }
    pub fn __nv_cos(x: f64) -> f64 { x.cos() }
    pub fn __nv_tanh(x: f64) -> f64 { x.tanh() }
    pub fn __nv_erf(x: f64) -> f64 { erf(x) }
    pub fn __nv_pow(x: f64, y: f64) -> f64 { x.powf(y) }
}

/// `half.rs`: IEEE binary16 and bfloat16 conversions ([`super::half`], which the tensor-core
/// collectives use too).
pub(crate) use super::half;

/// `mma/`, `async_copy.rs`: tensor-core operations as warp collectives. Each lane waits with a pointer to its
/// operands; when the warp's 32 lanes have all arrived at the same call, the scheduler's
/// [`Collective::complete`](super::collective::Collective::complete)
/// reads every lane's operands, computes what the GPU would (the fragment layouts of PTX's
/// `ldmatrix` and `mma.sync`), and writes every lane's results. `cp.async` copies at once: the
/// types of `async_copy.rs` already refuse to read a stage before its wait, which is when the GPU's
/// copy would have landed.
pub(crate) mod mma {
    pub(crate) use super::super::sched::{pipeline_enter, pipeline_exit};
    use super::super::collective::{Collective, Kind, LdLane, MmaLane, MmaS8Lane};
    use super::super::sched::wait_tensor;

    /// Every lane of a warp that reaches a tensor-core operation takes part in it; the
    /// scheduler checks that all 32 do, at the same call, when it completes the operation.
    #[inline(always)]
    pub fn __oxpack_activemask() -> u32 {
        u32::MAX
    }

    fn ldmatrix(count: u8, trans: bool, p: *const u16) -> [u32; 4] {
        let mut lane = LdLane { addr: p as *const u8, out: [0; 4] };
        wait_tensor(Collective::Ldmatrix { count, trans }, &mut lane as *mut LdLane as *mut u8);
        lane.out
    }

    /// # Safety
    /// `p` is 16 readable bytes of shared memory; `out` has room for 4 words.
    pub unsafe fn __oxpack_ldmatrix_x4(p: *const u16, out: *mut u32) {
        // SAFETY: the caller's contract.
        unsafe { (out as *mut [u32; 4]).write_unaligned(ldmatrix(4, false, p)) }
    }
    /// # Safety
    /// As for `__oxpack_ldmatrix_x4`.
    pub unsafe fn __oxpack_ldmatrix_x4_trans(p: *const u16, out: *mut u32) {
        // SAFETY: the caller's contract.
        unsafe { (out as *mut [u32; 4]).write_unaligned(ldmatrix(4, true, p)) }
    }
    /// # Safety
    /// `p` as above; `out` has room for 2 words.
    pub unsafe fn __oxpack_ldmatrix_x2(p: *const u16, out: *mut u32) {
        let r = ldmatrix(2, false, p);
        // SAFETY: the caller's contract.
        unsafe { (out as *mut [u32; 2]).write_unaligned([r[0], r[1]]) }
    }
    /// # Safety
    /// As for `__oxpack_ldmatrix_x2`.
    pub unsafe fn __oxpack_ldmatrix_x2_trans(p: *const u16, out: *mut u32) {
        let r = ldmatrix(2, true, p);
        // SAFETY: the caller's contract.
        unsafe { (out as *mut [u32; 2]).write_unaligned([r[0], r[1]]) }
    }
    /// # Safety
    /// `p` as above.
    pub unsafe fn __oxpack_ldmatrix_x1(p: *const u16) -> u32 {
        ldmatrix(1, false, p)[0]
    }
    /// # Safety
    /// `p` as above.
    pub unsafe fn __oxpack_ldmatrix_x1_trans(p: *const u16) -> u32 {
        ldmatrix(1, true, p)[0]
    }

    /// # Safety
    /// `a` holds `words` words, `b` `words / 2`, `c` and `d` 4 floats.
    unsafe fn mma(k: u8, kind: Kind, words: usize, d: *mut f32, a: *const u32, b: *const u32, c: *const f32) {
        let mut lane = MmaLane { a: [0; 4], b: [0; 2], c: [0.0; 4], d: [0.0; 4] };
        // SAFETY: the caller's contract.
        unsafe {
            for i in 0..words {
                lane.a[i] = a.add(i).read_unaligned();
            }
            for i in 0..words / 2 {
                lane.b[i] = b.add(i).read_unaligned();
            }
            lane.c = (c as *const [f32; 4]).read_unaligned();
        }
        wait_tensor(Collective::Mma { k, kind }, &mut lane as *mut MmaLane as *mut u8);
        // SAFETY: the caller's contract.
        unsafe { (d as *mut [f32; 4]).write_unaligned(lane.d) }
    }

    /// # Safety
    /// As for `mma`.
    pub unsafe fn __oxpack_mma_m16n8k16_bf16(d: *mut f32, a: *const u32, b: *const u32, c: *const f32) {
        // SAFETY: the caller's contract.
        unsafe { mma(16, Kind::Bf16, 4, d, a, b, c) }
    }
    /// # Safety
    /// As for `mma`.
    pub unsafe fn __oxpack_mma_m16n8k16_f16(d: *mut f32, a: *const u32, b: *const u32, c: *const f32) {
        // SAFETY: the caller's contract.
        unsafe { mma(16, Kind::F16, 4, d, a, b, c) }
    }
    /// # Safety
    /// As for `mma`.
    pub unsafe fn __oxpack_mma_m16n8k8_bf16(d: *mut f32, a: *const u32, b: *const u32, c: *const f32) {
        // SAFETY: the caller's contract.
        unsafe { mma(8, Kind::Bf16, 2, d, a, b, c) }
    }
    /// # Safety
    /// As for `mma`.
    pub unsafe fn __oxpack_mma_m16n8k8_f16(d: *mut f32, a: *const u32, b: *const u32, c: *const f32) {
        // SAFETY: the caller's contract.
        unsafe { mma(8, Kind::F16, 2, d, a, b, c) }
    }
    /// # Safety
    /// As for `mma`.
    pub unsafe fn __oxpack_mma_m16n8k8_tf32(d: *mut f32, a: *const u32, b: *const u32, c: *const f32) {
        // SAFETY: the caller's contract.
        unsafe { mma(8, Kind::Tf32, 4, d, a, b, c) }
    }

    /// `d = a·b + c` for one m16n8k32 s8 tile (s32 sums, wrapping).
    ///
    /// # Safety
    /// `a` holds 4 words, `b` 2, `c` and `d` 4 i32.
    pub unsafe fn __oxpack_mma_m16n8k32_s8(d: *mut i32, a: *const u32, b: *const u32, c: *const i32) {
        // SAFETY: the caller's contract.
        let mut lane = unsafe {
            MmaS8Lane {
                a: (a as *const [u32; 4]).read_unaligned(),
                b: (b as *const [u32; 2]).read_unaligned(),
                c: (c as *const [i32; 4]).read_unaligned(),
                d: [0; 4],
            }
        };
        wait_tensor(Collective::MmaS8, &mut lane as *mut MmaS8Lane as *mut u8);
        // SAFETY: the caller's contract.
        unsafe { (d as *mut [i32; 4]).write_unaligned(lane.d) }
    }

    /// `cp.async` with zero fill, done at once: `n` bytes from `src`, then zeros, 16 in all.
    ///
    /// # Safety
    /// `dst` is 16 writable bytes; `src` is `n` (at most 16) readable bytes.
    pub unsafe fn __oxpack_cp_async_16(dst: *mut u8, src: *const u8, n: u32) {
        let n = (n as usize).min(16);
        // SAFETY: the caller's contract.
        unsafe {
            core::ptr::copy_nonoverlapping(src, dst, n);
            core::ptr::write_bytes(dst.add(n), 0, 16 - n);
        }
    }
    #[inline(always)]
    pub fn __oxpack_cp_async_commit() {}
    #[inline(always)]
    pub fn __oxpack_cp_async_wait(_k: u32) {}
    #[inline(always)]
    pub fn __oxpack_cp_async_wait_all() {}
}

/// The sm90a functions (`tma.rs`, `mbarrier.rs`, `wgmma/`, `attn_pipeline.rs`) on the host. Shared addresses are offsets into the block's
/// dynamic shared memory (the GPU's are offsets into the shared window: the same arithmetic,
/// so the 128-byte swizzle, which XORs address bits 4-6 with bits 7-9, lands the same).
/// An mbarrier is 8 bytes of shared memory ([`super::collective::mbarrier`]). A TMA copy
/// completes at once (a copy, then its bytes on the barrier); a `wgmma` is computed by each
/// thread for its own accumulators (exact bf16 products summed in f32, in k order).
pub(crate) mod sm90a {
    pub(crate) use super::mma::__oxpack_activemask;
    pub(crate) use super::super::attn_pipeline::*;
    use super::super::collective::mbarrier::{self, PENDING};
    use super::super::sched;

    #[inline(always)]
    pub fn dynamic_shared() -> *mut u8 {
        super::super::dynamic_shared()
    }

    /// # Safety
    /// `p` is in the block's dynamic shared memory.
    pub unsafe fn __oxpack_sm90a_smem(p: *const u8) -> u32 {
        (p as usize).wrapping_sub(dynamic_shared() as usize) as u32
    }

    pub fn __oxpack_sm90a_opaque(x: u32) -> u32 {
        x
    }

    /// # Safety
    /// `bar` is 8 bytes of shared memory, 8-aligned.
    pub unsafe fn __oxpack_sm90a_mbarrier_init(bar: *mut u64, count: u32) {
        // SAFETY: the caller's.
        unsafe { *bar = (count as u64 & 0xfff) | ((count as u64 & 0xfff) << 12) };
    }
    pub fn __oxpack_sm90a_mbarrier_init_fence() {}

    /// # Safety
    /// `bar` is an initialised barrier.
    pub unsafe fn __oxpack_sm90a_mbarrier_arrive(bar: *mut u64) {
        // SAFETY: the caller's; the emulator runs one thread at a time.
        let b = unsafe { &mut *bar };
        if *b & PENDING == 0 {
            panic!("mbarrier: more arrivals than its count in one phase");
        }
        *b -= 1;
        mbarrier::complete(b);
    }

    /// # Safety
    /// As above.
    pub unsafe fn __oxpack_sm90a_mbarrier_arrive_expect_tx(bar: *mut u64, bytes: u32) {
        // SAFETY: the caller's.
        unsafe {
            mbarrier::add_tx(&mut *bar, bytes as i32);
            __oxpack_sm90a_mbarrier_arrive(bar);
        }
    }

    /// Waits (switching to other threads) until the phase of parity `parity` completes; the
    /// scheduler reports a deadlock when no thread can complete it.
    #[track_caller]
    pub fn mbarrier_wait(bar: *mut u64, parity: u32) {
        while !mbarrier::phase_done(bar, parity) {
            sched::wait_mbarrier(bar, parity);
        }
    }

    /// # Safety
    /// `map` is the emulator's tensor-map block (the array's address, then its rows and columns
    /// at bytes 128 and 136); `dst` a 1024-aligned 64 × 128-byte box of shared memory; `bar` a barrier.
    pub unsafe fn __oxpack_sm90a_tma_load_2d(dst: *mut u8, map: *const u8, c0: i32, c1: i32, bar: *mut u64) {
        // SAFETY: the caller's (an array of 2-byte elements).
        unsafe { tma_load_2d_sized(dst, map, c0, c1, bar, 2) }
    }

    /// A 3-D TMA box (64 rows of 128 bytes of sequence `c2`) of a 2-byte-element array: the
    /// emulator's 3-D block holds the address, then rows, cols and seqs at bytes 128, 136, 144 and
    /// the elements between rows and between sequences at 152 and 160 (cols and rows · cols for a
    /// `TmaSource3`; heads · cols and cols for a `TmaHeads`, whose sequences are its heads, as the
    /// GPU's tensor map strides them); rows past the sequence's end (and coordinates past any edge)
    /// read zeros.
    ///
    /// # Safety
    /// As `__oxpack_sm90a_tma_load_2d`, with a block of the strides that its array holds.
    pub unsafe fn __oxpack_sm90a_tma_load_3d(dst: *mut u8, map: *const u8, c0: i32, c1: i32, c2: i32, bar: *mut u64) {
        // SAFETY: the caller's.
        unsafe {
            let word = |at: usize| (map.add(at) as *const u64).read() as i64;
            tma_load(dst, map, [c0, c1, c2], [word(144), word(152), word(160)], bar, 2)
        }
    }

    /// `__oxpack_sm90a_tma_load_2d` for elements of `size` bytes (1, 2 or 4): the box is 64 rows of
    /// 128 bytes, `128 / size` elements each (the emulator's block does not record the size).
    /// The 3-D load's box of an array of one sequence.
    ///
    /// # Safety
    /// As `__oxpack_sm90a_tma_load_2d`, the array's elements `size` bytes.
    pub unsafe fn tma_load_2d_sized(dst: *mut u8, map: *const u8, c0: i32, c1: i32, bar: *mut u64, size: usize) {
        // SAFETY: the caller's.
        unsafe {
            let cols = (map.add(136) as *const u64).read() as i64;
            tma_load(dst, map, [c0, c1, 0], [1, cols, 0], bar, size)
        }
    }

    /// One TMA box at (column, row, sequence) `c` of an array of `seqs` sequences of rows ×
    /// cols elements of `size` bytes (the block's address, rows and cols at bytes 0, 128, 136),
    /// `[seqs, row_stride, seq_stride]` = `shape` (elements between rows and between sequences):
    /// 64 rows of 128 bytes into `dst`, 128-byte swizzled, zeros where `c` reaches past an edge
    /// (a sequence's last row included); then its bytes complete on `bar`.
    ///
    /// # Safety
    /// `map` such a block, `dst` a 1024-aligned 64 × 128-byte box of shared memory, `bar` a barrier;
    /// element (s, r, c) for s < seqs, r < rows, c < cols at `s · seq_stride + r · row_stride + c`
    /// of the array.
    unsafe fn tma_load(dst: *mut u8, map: *const u8, c: [i32; 3], shape: [i64; 3], bar: *mut u64, size: usize) {
        let [seqs, row_stride, seq_stride] = shape;
        // SAFETY (whole body): the caller's; reads stay inside sequence c[2] of the array
        // (rows × cols elements of `size` bytes each, at the strides given), writes inside the box.
        unsafe {
            let data = (map as *const u64).read() as usize as *const u8;
            let rows = (map.add(128) as *const u64).read() as i64;
            let cols = (map.add(136) as *const u64).read() as i64;
            let off = __oxpack_sm90a_smem(dst) as usize;
            let s = c[2] as i64;
            for r in 0..64usize {
                for col in 0..128 / size {
                    let (gr, gc) = (c[1] as i64 + r as i64, c[0] as i64 + col as i64);
                    let inside = s >= 0 && s < seqs && gr >= 0 && gr < rows && gc >= 0 && gc < cols;
                    let a = off + r * 128 + size * col;
                    let phys = a ^ (((a >> 7) & 7) << 4);
                    for byte in 0..size {
                        let at = s * seq_stride + gr * row_stride + gc;
                        let v = if inside { *data.add(at as usize * size + byte) } else { 0 };
                        dynamic_shared().add(phys + byte).write(v);
                    }
                }
            }
            mbarrier::add_tx(&mut *bar, -(64 * 128));
            mbarrier::complete(&mut *bar);
        }
    }

    /// # Safety
    /// Nothing to uphold on the host.
    pub unsafe fn __oxpack_sm90a_prefetch_tensormap(_map: *const u8) {}
    /// Nothing to order on the host: the emulated `wgmma` reads shared memory as it is.
    pub fn __oxpack_sm90a_fence_proxy_async() {}

    /// `bar.sync 1, 256`: waits until 256 threads of the block (an attention pipeline's two
    /// consumer warpgroups) arrived; the block's named barrier is an mbarrier of 256 arrivals
    /// (`sched::consumers_barrier`), so a thread missing from it is reported as a deadlock.
    #[track_caller]
    pub fn __oxpack_sm90a_bar_sync_consumers() {
        let bar = sched::consumers_barrier();
        // SAFETY: the block's barrier word; the emulator runs one thread at a time.
        let parity = unsafe { (*bar & mbarrier::PHASE != 0) as u32 };
        // SAFETY: as above (an initialised barrier of 256 arrivals).
        unsafe { __oxpack_sm90a_mbarrier_arrive(bar) };
        mbarrier_wait(bar, parity);
    }
    pub fn __oxpack_sm90a_wgmma_fence() {}
    pub fn __oxpack_sm90a_wgmma_commit() {}
    pub fn __oxpack_sm90a_wgmma_wait0() {}
    /// `stmatrix.x4`, a warp collective completed by the scheduler (see `mma` above).
    ///
    /// # Safety
    /// `p` is 16 writable bytes of shared memory that no other warp uses meanwhile.
    pub unsafe fn __oxpack_sm90a_stmatrix_x4(p: *mut u8, r0: u32, r1: u32, r2: u32, r3: u32) {
        let mut lane = super::super::collective::StLane { addr: p, words: [r0, r1, r2, r3] };
        super::super::sched::wait_tensor(
            super::super::collective::Collective::Stmatrix,
            &mut lane as *mut super::super::collective::StLane as *mut u8,
        );
    }
    // The accumulator-threading waits (emulated wgmmas complete at once): nothing to wait for.
    pub unsafe fn __oxpack_sm90a_wgmma_wait0_f32(_d: *mut f32) {}
    pub unsafe fn __oxpack_sm90a_wgmma_wait0_f64(_d: *mut f32) {}
    pub unsafe fn __oxpack_sm90a_wgmma_wait0_f128(_d: *mut f32) {}
    pub fn __oxpack_sm90a_wgmma_wait1() {}
    pub fn __oxpack_sm90a_setmaxnreg_dec40() {}
    pub fn __oxpack_sm90a_setmaxnreg_inc232() {}
    /// The block's rank in its cluster: 0 (the emulator runs no clusters).
    pub fn __oxpack_sm90a_cluster_ctarank() -> u32 {
        0
    }

    /// Element (`row`, `k`) of a K-major, 128-byte-swizzled operand at descriptor `desc` whose
    /// elements are `size` bytes: its address (the swizzle applied) in the block's shared memory.
    fn element_at(desc: u64, row: usize, k: usize, size: usize) -> *const u8 {
        let start = ((desc & 0x3fff) << 4) as usize;
        let stride = (((desc >> 32) & 0x3fff) << 4) as usize;
        let a = start + (row / 8) * stride + (row % 8) * 128 + size * k;
        let phys = a ^ (((a >> 7) & 7) << 4);
        dynamic_shared().wrapping_add(phys)
    }

    /// Element (`row`, `k`) of a K-major bf16 operand.
    fn element(desc: u64, row: usize, k: usize) -> f32 {
        // SAFETY: the descriptor describes a tile of the pipeline's shared memory.
        let h = unsafe { (element_at(desc, row, k, 2) as *const u16).read() };
        f32::from_bits((h as u32) << 16)
    }

    /// Element (row, k) of a K-major FP8 operand of `m` mantissa bits and bias `bias` (E4M3: 3, 7;
    /// E5M2: 2, 15), its exact value (NaN and infinities as the patterns say).
    fn element_fp8(desc: u64, row: usize, k: usize, e5m2: bool) -> f32 {
        // SAFETY: the descriptor describes a tile of the pipeline's shared memory.
        let b = unsafe { element_at(desc, row, k, 1).read() };
        if e5m2 { super::half::__oxpack_sm89_e5m2_to_f32(b) } else { super::half::__oxpack_sm89_e4m3_to_f32(b) }
    }

    /// One m64nNk32 FP8 `wgmma`, A's elements E5M2 if `a_e5m2` (else E4M3) and B's E5M2 if `b_e5m2`
    /// (the instruction's atype and btype, independent: `.e5m2.e4m3`, `.e4m3.e5m2` as well as
    /// `.e4m3.e4m3`, `.e5m2.e5m2`): `scale` 0 first sets the accumulators to zero (the instruction's
    /// scale-d), 1 adds to them. Each product of two FP8 values is exact in f32 and the 32 are summed
    /// in f32 in k order.
    fn wgmma_fp8(n: usize, (a_e5m2, b_e5m2): (bool, bool), d: *mut f32, da: u64, db: u64, scale: i32) {
        if scale == 0 {
            for i in 0..n / 2 {
                // SAFETY: `d` holds n / 2 floats (the caller's).
                unsafe { *d.add(i) = 0.0 };
            }
        }
        wgmma_sum(n, 32, d, |r, k| element_fp8(da, r, k, a_e5m2), |c, k| element_fp8(db, c, k, b_e5m2))
    }

    /// Element (row, k) of a K-major tf32 operand: an f32 of which the tensor cores read sign,
    /// exponent and the top 10 mantissa bits.
    fn element_tf32(desc: u64, row: usize, k: usize) -> f32 {
        // SAFETY: the descriptor describes a tile of the pipeline's shared memory.
        let w = unsafe { (element_at(desc, row, k, 4) as *const u32).read_unaligned() };
        f32::from_bits(w & 0xffff_e000)
    }

    /// A `wgmma` m64nNk`depth` (N = `n`) as the calling thread computes it: to each of its N / 2
    /// accumulators at `d`, at (row, column) of the warpgroup's 64 × N block in the accumulator
    /// layout, adds a(row, k) · b(column, k) for k = 0 .. depth, in k order.
    pub(crate) fn wgmma_sum(n: usize, depth: usize, d: *mut f32, a: impl Fn(usize, usize) -> f32,
                            b: impl Fn(usize, usize) -> f32) {
        let t = crate::block_thread_linear() % 128;
        let (w, lane) = (t / 32, t % 32);
        let (g, q) = (lane / 4, lane % 4);
        for i in 0..n / 2 {
            let (j, e) = (i / 4, i % 4);
            let (r, c) = (16 * w + g + 8 * (e >> 1), 8 * j + 2 * q + (e & 1));
            // SAFETY: `d` holds n / 2 floats (the caller's).
            let acc = unsafe { &mut *d.add(i) };
            let mut sum = *acc;
            for k in 0..depth {
                sum += a(r, k) * b(c, k);
            }
            *acc = sum;
        }
    }

    /// One m64nNk`depth` `wgmma` with both operands K-major in shared memory, their elements read
    /// by `element` (bf16 or tf32).
    fn wgmma(n: usize, depth: usize, element: fn(u64, usize, usize) -> f32, d: *mut f32, da: u64, db: u64) {
        wgmma_sum(n, depth, d, |r, k| element(da, r, k), |c, k| element(db, c, k))
    }

    /// # Safety
    /// `d` holds 32 floats.
    pub unsafe fn __oxpack_sm90a_wgmma_m64n64k8_tf32(d: *mut f32, da: u64, db: u64) {
        wgmma(64, 8, element_tf32, d, da, db)
    }
    /// # Safety
    /// `d` holds 64 floats.
    pub unsafe fn __oxpack_sm90a_wgmma_m64n128k8_tf32(d: *mut f32, da: u64, db: u64) {
        wgmma(128, 8, element_tf32, d, da, db)
    }
    /// # Safety
    /// `d` holds 128 floats.
    pub unsafe fn __oxpack_sm90a_wgmma_m64n256k8_tf32(d: *mut f32, da: u64, db: u64) {
        wgmma(256, 8, element_tf32, d, da, db)
    }

    /// # Safety
    /// `d` holds 32 floats.
    pub unsafe fn __oxpack_sm90a_wgmma_m64n64k32_e4m3(d: *mut f32, da: u64, db: u64, scale: i32) {
        wgmma_fp8(64, (false, false), d, da, db, scale)
    }
    /// # Safety
    /// `d` holds 32 floats.
    pub unsafe fn __oxpack_sm90a_wgmma_m64n64k32_e5m2(d: *mut f32, da: u64, db: u64, scale: i32) {
        wgmma_fp8(64, (true, true), d, da, db, scale)
    }
    /// # Safety
    /// `d` holds 64 floats.
    pub unsafe fn __oxpack_sm90a_wgmma_m64n128k32_e4m3(d: *mut f32, da: u64, db: u64, scale: i32) {
        wgmma_fp8(128, (false, false), d, da, db, scale)
    }
    /// # Safety
    /// `d` holds 64 floats.
    pub unsafe fn __oxpack_sm90a_wgmma_m64n128k32_e5m2(d: *mut f32, da: u64, db: u64, scale: i32) {
        wgmma_fp8(128, (true, true), d, da, db, scale)
    }
    /// # Safety
    /// `d` holds 128 floats.
    pub unsafe fn __oxpack_sm90a_wgmma_m64n256k32_e4m3(d: *mut f32, da: u64, db: u64, scale: i32) {
        wgmma_fp8(256, (false, false), d, da, db, scale)
    }
    /// # Safety
    /// `d` holds 128 floats.
    pub unsafe fn __oxpack_sm90a_wgmma_m64n256k32_e5m2(d: *mut f32, da: u64, db: u64, scale: i32) {
        wgmma_fp8(256, (true, true), d, da, db, scale)
    }
    /// # Safety
    /// `d` holds 32 floats.
    pub unsafe fn __oxpack_sm90a_wgmma_m64n64k32_e5m2_e4m3(d: *mut f32, da: u64, db: u64, scale: i32) {
        wgmma_fp8(64, (true, false), d, da, db, scale)
    }
    /// # Safety
    /// `d` holds 32 floats.
    pub unsafe fn __oxpack_sm90a_wgmma_m64n64k32_e4m3_e5m2(d: *mut f32, da: u64, db: u64, scale: i32) {
        wgmma_fp8(64, (false, true), d, da, db, scale)
    }
    /// # Safety
    /// `d` holds 64 floats.
    pub unsafe fn __oxpack_sm90a_wgmma_m64n128k32_e5m2_e4m3(d: *mut f32, da: u64, db: u64, scale: i32) {
        wgmma_fp8(128, (true, false), d, da, db, scale)
    }
    /// # Safety
    /// `d` holds 64 floats.
    pub unsafe fn __oxpack_sm90a_wgmma_m64n128k32_e4m3_e5m2(d: *mut f32, da: u64, db: u64, scale: i32) {
        wgmma_fp8(128, (false, true), d, da, db, scale)
    }
    /// # Safety
    /// `d` holds 128 floats.
    pub unsafe fn __oxpack_sm90a_wgmma_m64n256k32_e5m2_e4m3(d: *mut f32, da: u64, db: u64, scale: i32) {
        wgmma_fp8(256, (true, false), d, da, db, scale)
    }
    /// # Safety
    /// `d` holds 128 floats.
    pub unsafe fn __oxpack_sm90a_wgmma_m64n256k32_e4m3_e5m2(d: *mut f32, da: u64, db: u64, scale: i32) {
        wgmma_fp8(256, (false, true), d, da, db, scale)
    }
    /// # Safety
    /// `d` holds 32 floats.
    pub unsafe fn __oxpack_sm90a_wgmma_m64n64k16_bf16(d: *mut f32, da: u64, db: u64) {
        wgmma(64, 16, element, d, da, db)
    }
    /// # Safety
    /// `d` holds 64 floats.
    pub unsafe fn __oxpack_sm90a_wgmma_m64n128k16_bf16(d: *mut f32, da: u64, db: u64) {
        wgmma(128, 16, element, d, da, db)
    }
    /// # Safety
    /// `d` holds 128 floats.
    pub unsafe fn __oxpack_sm90a_wgmma_m64n256k16_bf16(d: *mut f32, da: u64, db: u64) {
        wgmma(256, 16, element, d, da, db)
    }
}
