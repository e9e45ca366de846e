//! The runtime functions, declared once: every `extern "C"` function of `runtime.ll` that the crate
//! calls (NVVM intrinsics and inline PTX behind `__oxpack_*` names), and the libdevice functions of
//! [`math`](crate::math).
//!
//! Each group is a module that the crate's modules import as `rt` (`use crate::intrinsics::warp as
//! rt;`). On the GPU a group is an `extern` block whose functions `runtime.ll` defines; on the host
//! (emulation) the same name is the group's twin in `host::rt`, Rust functions with the same names
//! and signatures. The groups without a twin (`cache`, `shared`) are called from GPU-only code.
//!
//! Three places must agree on each function: its declaration here, its definition in `runtime.ll`
//! (LLVM IR) and its host twin. `tests/test_intrinsics.py` reads the three texts and fails, naming
//! the function and the files, when one is missing or a signature differs (a mismatch would
//! otherwise show only when a kernel links, or when it runs in emulation).
//!
//! Calling these is the crate's business alone: the module is private, and each public wrapper
//! argues its `unsafe` where it calls one.
#![allow(missing_docs)]

#[cfg(not(target_arch = "nvptx64"))]
pub(crate) use crate::host::rt::{atomic, grid, half, math, math as libdevice, mma, sm90a, sync, warp};

/// `thread.rs`: the PTX special registers %tid, %ntid, %ctaid, %nctaid; `lib.rs`: PTX `trap`.
#[cfg(target_arch = "nvptx64")]
pub(crate) mod grid {
    unsafe extern "C" {
        pub safe fn __oxpack_tid_x() -> u32;
        pub safe fn __oxpack_tid_y() -> u32;
        pub safe fn __oxpack_tid_z() -> u32;
        pub safe fn __oxpack_ntid_x() -> u32;
        pub safe fn __oxpack_ntid_y() -> u32;
        pub safe fn __oxpack_ntid_z() -> u32;
        pub safe fn __oxpack_ctaid_x() -> u32;
        pub safe fn __oxpack_ctaid_y() -> u32;
        pub safe fn __oxpack_ctaid_z() -> u32;
        pub safe fn __oxpack_nctaid_x() -> u32;
        pub safe fn __oxpack_nctaid_y() -> u32;
        pub safe fn __oxpack_nctaid_z() -> u32;
        pub safe fn __oxpack_trap() -> !;
    }
}
/// `sync.rs`: barriers and fences.
#[cfg(target_arch = "nvptx64")]
pub(crate) mod sync {
    unsafe extern "C" {
        pub safe fn __oxpack_sync_threads();
        pub safe fn __oxpack_sync_threads_count(p: u32) -> u32;
        pub safe fn __oxpack_sync_threads_and(p: u32) -> u32;
        pub safe fn __oxpack_sync_threads_or(p: u32) -> u32;
        pub safe fn __oxpack_sync_warp(members: u32);
        pub safe fn __oxpack_fence_block();
        pub safe fn __oxpack_fence_device();
        pub safe fn __oxpack_fence_system();
    }
}
/// `warp.rs`: lane id, shuffles and votes.
#[cfg(target_arch = "nvptx64")]
pub(crate) mod warp {
    unsafe extern "C" {
        pub safe fn __oxpack_lane_id() -> u32;
        // `members`: the mask of the warp's live lanes; `clamp`: the highest live lane.
        pub safe fn __oxpack_shfl_idx(v: u32, lane: u32, members: u32, clamp: u32) -> u32;
        pub safe fn __oxpack_shfl_up(v: u32, delta: u32, members: u32) -> u32;
        pub safe fn __oxpack_shfl_down(v: u32, delta: u32, members: u32, clamp: u32) -> u32;
        pub safe fn __oxpack_shfl_xor(v: u32, mask: u32, members: u32, clamp: u32) -> u32;
        pub safe fn __oxpack_ballot(p: u32, members: u32) -> u32;
        pub safe fn __oxpack_vote_all(p: u32, members: u32) -> u32;
        pub safe fn __oxpack_vote_any(p: u32, members: u32) -> u32;
        // GPU only, no host twin (the host's `full_warps` reads the launch instead). Declared, never
        // defined by the crate (so rustc cannot fold it): oxpack's link stage
        // makes each call `true` in a `#[whole_warps]` kernel and the test of `blockDim`
        // elsewhere (see `full_warps`).
        pub safe fn __oxpack_whole_warps() -> bool;
    }
}
/// `atomic.rs`: relaxed, device-scope read-modify-write operations.
#[cfg(target_arch = "nvptx64")]
pub(crate) mod atomic {
    unsafe extern "C" {
        pub fn __oxpack_atomic_add_i32(p: *mut u32, v: u32) -> u32;
        pub fn __oxpack_atomic_min_s_i32(p: *mut u32, v: u32) -> u32;
        pub fn __oxpack_atomic_max_s_i32(p: *mut u32, v: u32) -> u32;
        pub fn __oxpack_atomic_min_u_i32(p: *mut u32, v: u32) -> u32;
        pub fn __oxpack_atomic_max_u_i32(p: *mut u32, v: u32) -> u32;
        pub fn __oxpack_atomic_xchg_i32(p: *mut u32, v: u32) -> u32;
        pub fn __oxpack_atomic_and_i32(p: *mut u32, v: u32) -> u32;
        pub fn __oxpack_atomic_or_i32(p: *mut u32, v: u32) -> u32;
        pub fn __oxpack_atomic_xor_i32(p: *mut u32, v: u32) -> u32;
        pub fn __oxpack_atomic_cas_i32(p: *mut u32, expected: u32, new: u32) -> u32;
        pub fn __oxpack_atomic_load_i32(p: *mut u32) -> u32;
        pub fn __oxpack_atomic_store_i32(p: *mut u32, v: u32);
        pub fn __oxpack_atomic_add_i64(p: *mut u64, v: u64) -> u64;
        pub fn __oxpack_atomic_min_s_i64(p: *mut u64, v: u64) -> u64;
        pub fn __oxpack_atomic_max_s_i64(p: *mut u64, v: u64) -> u64;
        pub fn __oxpack_atomic_min_u_i64(p: *mut u64, v: u64) -> u64;
        pub fn __oxpack_atomic_max_u_i64(p: *mut u64, v: u64) -> u64;
        pub fn __oxpack_atomic_xchg_i64(p: *mut u64, v: u64) -> u64;
        pub fn __oxpack_atomic_and_i64(p: *mut u64, v: u64) -> u64;
        pub fn __oxpack_atomic_or_i64(p: *mut u64, v: u64) -> u64;
        pub fn __oxpack_atomic_xor_i64(p: *mut u64, v: u64) -> u64;
        pub fn __oxpack_atomic_cas_i64(p: *mut u64, expected: u64, new: u64) -> u64;
        pub fn __oxpack_atomic_load_i64(p: *mut u64) -> u64;
        pub fn __oxpack_atomic_store_i64(p: *mut u64, v: u64);
        pub fn __oxpack_atomic_add_float(p: *mut f32, v: f32) -> f32;
        pub fn __oxpack_atomic_add_double(p: *mut f64, v: f64) -> f64;
    }
}
/// `math.rs`: single-instruction exact operations, `rsqrt.approx` and the hardware approximations.
#[cfg(target_arch = "nvptx64")]
pub(crate) mod math {
    unsafe extern "C" {
        pub safe fn __oxpack_sqrt_f32(x: f32) -> f32;
        pub safe fn __oxpack_floor_f32(x: f32) -> f32;
        pub safe fn __oxpack_ceil_f32(x: f32) -> f32;
        pub safe fn __oxpack_fabs_f32(x: f32) -> f32;
        pub safe fn __oxpack_minnum_f32(x: f32, y: f32) -> f32;
        pub safe fn __oxpack_maxnum_f32(x: f32, y: f32) -> f32;
        pub safe fn __oxpack_fma_f32(a: f32, b: f32, c: f32) -> f32;
        pub safe fn __oxpack_sqrt_f64(x: f64) -> f64;
        pub safe fn __oxpack_floor_f64(x: f64) -> f64;
        pub safe fn __oxpack_ceil_f64(x: f64) -> f64;
        pub safe fn __oxpack_fabs_f64(x: f64) -> f64;
        pub safe fn __oxpack_minnum_f64(x: f64, y: f64) -> f64;
        pub safe fn __oxpack_maxnum_f64(x: f64, y: f64) -> f64;
        pub safe fn __oxpack_fma_f64(a: f64, b: f64, c: f64) -> f64;
        pub safe fn __oxpack_rsqrt_f32(x: f32) -> f32;
        pub safe fn __oxpack_rsqrt_f64(x: f64) -> f64;
        pub safe fn __oxpack_fast_ex2_f32(x: f32) -> f32;
        pub safe fn __oxpack_fast_lg2_f32(x: f32) -> f32;
        pub safe fn __oxpack_fast_sin_f32(x: f32) -> f32;
        pub safe fn __oxpack_fast_cos_f32(x: f32) -> f32;
        pub safe fn __oxpack_fast_rsqrt_f32(x: f32) -> f32;
        pub safe fn __oxpack_fast_tanh_f32(x: f32) -> f32;
    }
}
/// `math.rs`: NVIDIA's libdevice (libdevice.10.bc, not `runtime.ll`), linked by oxpack when a kernel
/// uses one.
#[cfg(target_arch = "nvptx64")]
pub(crate) mod libdevice {
    unsafe extern "C" {
        pub safe fn __nv_expf(x: f32) -> f32;
        pub safe fn __nv_exp2f(x: f32) -> f32;
        pub safe fn __nv_logf(x: f32) -> f32;
        pub safe fn __nv_log2f(x: f32) -> f32;
        pub safe fn __nv_sinf(x: f32) -> f32;
        pub safe fn __nv_cosf(x: f32) -> f32;
        pub safe fn __nv_tanhf(x: f32) -> f32;
        pub safe fn __nv_erff(x: f32) -> f32;
        pub safe fn __nv_powf(x: f32, y: f32) -> f32;
        pub safe fn __nv_exp(x: f64) -> f64;
        pub safe fn __nv_exp2(x: f64) -> f64;
        pub safe fn __nv_log(x: f64) -> f64;
        pub safe fn __nv_log2(x: f64) -> f64;
        pub safe fn __nv_sin(x: f64) -> f64;
        pub safe fn __nv_cos(x: f64) -> f64;
        pub safe fn __nv_tanh(x: f64) -> f64;
        pub safe fn __nv_erf(x: f64) -> f64;
        pub safe fn __nv_pow(x: f64, y: f64) -> f64;
    }
}
/// `half.rs` and `fp8.rs`: binary16, bfloat16 and FP8 conversions (the FP8 ones need sm_89: `cvt` of
/// `e4m3x2` / `e5m2x2`).
#[cfg(target_arch = "nvptx64")]
pub(crate) mod half {
    unsafe extern "C" {
        pub safe fn __oxpack_f16_to_f32(b: u16) -> f32;
        pub safe fn __oxpack_f32_to_f16(f: f32) -> u16;
        pub safe fn __oxpack_bf16_to_f32(b: u16) -> f32;
        pub safe fn __oxpack_f32_to_bf16(f: f32) -> u16;
        pub safe fn __oxpack_f32x2_to_bf16x2(lo: f32, hi: f32) -> u32;
        pub safe fn __oxpack_f32x2_to_f16x2(lo: f32, hi: f32) -> u32;
        pub safe fn __oxpack_sm89_e4m3_to_f32(b: u8) -> f32;
        pub safe fn __oxpack_sm89_f32_to_e4m3(f: f32) -> u8;
        pub safe fn __oxpack_sm89_e5m2_to_f32(b: u8) -> f32;
        pub safe fn __oxpack_sm89_f32_to_e5m2(f: f32) -> u8;
    }
}
/// `cache.rs` (and the scan's streaming stores): loads and stores with a cache hint. GPU-only: in
/// emulation they are plain loads and stores.
#[cfg(target_arch = "nvptx64")]
pub(crate) mod cache {
    unsafe extern "C" {
        pub fn __oxpack_ld_cs_b16(p: *const u16) -> u16;
        pub fn __oxpack_ld_cs_b32(p: *const u32) -> u32;
        pub fn __oxpack_ld_cs_b64(p: *const u64) -> u64;
        pub fn __oxpack_ld_cs_v4(p: *const u32, out: *mut u32);
        pub fn __oxpack_st_cs_b16(p: *mut u16, v: u16);
        pub fn __oxpack_st_cs_b32(p: *mut u32, v: u32);
        pub fn __oxpack_st_cs_b64(p: *mut u64, v: u64);
        pub fn __oxpack_st_cs_v4(p: *mut u32, a: u32, b: u32, c: u32, d: u32);
        pub fn __oxpack_ld_ef_b16(p: *const u16) -> u16;
        pub fn __oxpack_ld_ef_b32(p: *const u32) -> u32;
        pub fn __oxpack_ld_ef_b64(p: *const u64) -> u64;
        pub fn __oxpack_ld_ef_v4(p: *const u32, out: *mut u32);
        pub fn __oxpack_st_ef_b16(p: *mut u16, v: u16);
        pub fn __oxpack_st_ef_b32(p: *mut u32, v: u32);
        pub fn __oxpack_st_ef_b64(p: *mut u64, v: u64);
        pub fn __oxpack_st_ef_v4(p: *mut u32, a: u32, b: u32, c: u32, d: u32);
    }
}
/// The warp-level tensor cores (`mma/`, `async_copy.rs`, the scan's copies): `ldmatrix`,
/// `mma.sync` (m16n8k16, m16n8k8, and m16n8k32 for `i8`) and `cp.async`. Pointers: `p` is 16 bytes
/// of shared memory, `out`/`d` room for the results, `a`, `b`, `c` the operands' words.
#[cfg(target_arch = "nvptx64")]
pub(crate) mod mma {
    unsafe extern "C" {
        pub safe fn __oxpack_activemask() -> u32;
        pub fn __oxpack_ldmatrix_x4(p: *const u16, out: *mut u32);
        pub fn __oxpack_ldmatrix_x4_trans(p: *const u16, out: *mut u32);
        pub fn __oxpack_ldmatrix_x2(p: *const u16, out: *mut u32);
        pub fn __oxpack_ldmatrix_x2_trans(p: *const u16, out: *mut u32);
        pub fn __oxpack_ldmatrix_x1(p: *const u16) -> u32;
        pub fn __oxpack_ldmatrix_x1_trans(p: *const u16) -> u32;
        pub fn __oxpack_mma_m16n8k16_bf16(d: *mut f32, a: *const u32, b: *const u32, c: *const f32);
        pub fn __oxpack_mma_m16n8k16_f16(d: *mut f32, a: *const u32, b: *const u32, c: *const f32);
        pub fn __oxpack_mma_m16n8k8_bf16(d: *mut f32, a: *const u32, b: *const u32, c: *const f32);
        pub fn __oxpack_mma_m16n8k8_f16(d: *mut f32, a: *const u32, b: *const u32, c: *const f32);
        pub fn __oxpack_mma_m16n8k8_tf32(d: *mut f32, a: *const u32, b: *const u32, c: *const f32);
        pub fn __oxpack_cp_async_16(dst: *mut u8, src: *const u8, n: u32);
        pub safe fn __oxpack_cp_async_commit();
        pub safe fn __oxpack_cp_async_wait(k: u32);
        pub safe fn __oxpack_cp_async_wait_all();
        pub fn __oxpack_mma_m16n8k32_s8(d: *mut i32, a: *const u32, b: *const u32, c: *const i32);
        // GPU only, no host twin (the host's tiles go by their pointers): 32-bit shared addresses (the
        // pipeline's hot path): `a`, `d` = `__oxpack_smem_addr` + bytes
        pub safe fn __oxpack_smem_addr(p: *const u8) -> u32;
        pub fn __oxpack_ldmatrix_x4_s(a: u32, out: *mut u32);
        pub fn __oxpack_ldmatrix_x4_trans_s(a: u32, out: *mut u32);
        pub fn __oxpack_ldmatrix_x2_s(a: u32, out: *mut u32);
        pub fn __oxpack_ldmatrix_x2_trans_s(a: u32, out: *mut u32);
        pub fn __oxpack_cp_async_16_s(d: u32, src: *const u8);
    }
}
/// The block's dynamic shared memory: oxpack's link step places this in address space 3 as
/// `.extern .shared .align 16 .b8 __oxpack_dynamic_shared[]`; its size is the launch's `shmem_size`.
/// GPU-only: on the host, `host::dynamic_shared`.
#[cfg(target_arch = "nvptx64")]
pub(crate) mod shared {
    unsafe extern "C" {
        pub static __oxpack_dynamic_shared: [u8; 0];
    }
}

/// The sm90a functions (`tma.rs`, `mbarrier.rs`, `wgmma/`, `attn_pipeline.rs`, and the arch probe of
/// `kernel.rs`): `mbarrier`, TMA copies, `wgmma`, `stmatrix`, `setmaxnreg`, `%cluster_ctarank`. `bar`,
/// `dst`: generic addresses of shared memory. Named `__oxpack_sm90a_*`: a kernel that reaches one
/// is built for sm_90a only.
#[cfg(target_arch = "nvptx64")]
pub(crate) mod sm90a {
    pub(crate) use super::mma::__oxpack_activemask;

    unsafe extern "C" {
        pub fn __oxpack_sm90a_smem(p: *const u8) -> u32;
        pub safe fn __oxpack_sm90a_opaque(x: u32) -> u32;
        pub fn __oxpack_sm90a_mbarrier_init(bar: *mut u64, count: u32);
        pub safe fn __oxpack_sm90a_mbarrier_init_fence();
        pub fn __oxpack_sm90a_mbarrier_arrive(bar: *mut u64);
        pub fn __oxpack_sm90a_mbarrier_arrive_expect_tx(bar: *mut u64, bytes: u32);
        pub fn __oxpack_sm90a_tma_load_2d(dst: *mut u8, map: *const u8, c0: i32, c1: i32, bar: *mut u64);
        pub fn __oxpack_sm90a_tma_load_3d(dst: *mut u8, map: *const u8, c0: i32, c1: i32, c2: i32, bar: *mut u64);
        pub fn __oxpack_sm90a_prefetch_tensormap(map: *const u8);
        pub safe fn __oxpack_sm90a_fence_proxy_async();
        pub safe fn __oxpack_sm90a_bar_sync_consumers();
        pub safe fn __oxpack_sm90a_wgmma_fence();
        pub safe fn __oxpack_sm90a_wgmma_commit();
        pub safe fn __oxpack_sm90a_wgmma_wait0();
        pub safe fn __oxpack_sm90a_wgmma_wait1();
        pub safe fn __oxpack_sm90a_setmaxnreg_dec40();
        pub safe fn __oxpack_sm90a_setmaxnreg_inc232();
        pub fn __oxpack_sm90a_wgmma_m64n64k16_bf16(d: *mut f32, da: u64, db: u64);
        pub fn __oxpack_sm90a_wgmma_m64n128k16_bf16(d: *mut f32, da: u64, db: u64);
        pub fn __oxpack_sm90a_wgmma_m64n256k16_bf16(d: *mut f32, da: u64, db: u64);
        pub fn __oxpack_sm90a_wgmma_wait0_f32(d: *mut f32);
        pub fn __oxpack_sm90a_wgmma_m64n64k8_tf32(d: *mut f32, da: u64, db: u64);
        pub fn __oxpack_sm90a_wgmma_m64n128k8_tf32(d: *mut f32, da: u64, db: u64);
        pub fn __oxpack_sm90a_wgmma_m64n256k8_tf32(d: *mut f32, da: u64, db: u64);
        pub fn __oxpack_sm90a_wgmma_m64n64k32_e4m3(d: *mut f32, da: u64, db: u64, scale: i32);
        pub fn __oxpack_sm90a_wgmma_m64n64k32_e5m2(d: *mut f32, da: u64, db: u64, scale: i32);
        pub fn __oxpack_sm90a_wgmma_m64n128k32_e4m3(d: *mut f32, da: u64, db: u64, scale: i32);
        pub fn __oxpack_sm90a_wgmma_m64n128k32_e5m2(d: *mut f32, da: u64, db: u64, scale: i32);
        pub fn __oxpack_sm90a_wgmma_m64n256k32_e4m3(d: *mut f32, da: u64, db: u64, scale: i32);
        pub fn __oxpack_sm90a_wgmma_m64n256k32_e5m2(d: *mut f32, da: u64, db: u64, scale: i32);
        pub fn __oxpack_sm90a_wgmma_m64n64k32_e5m2_e4m3(d: *mut f32, da: u64, db: u64, scale: i32);
        pub fn __oxpack_sm90a_wgmma_m64n64k32_e4m3_e5m2(d: *mut f32, da: u64, db: u64, scale: i32);
        pub fn __oxpack_sm90a_wgmma_m64n128k32_e5m2_e4m3(d: *mut f32, da: u64, db: u64, scale: i32);
        pub fn __oxpack_sm90a_wgmma_m64n128k32_e4m3_e5m2(d: *mut f32, da: u64, db: u64, scale: i32);
        pub fn __oxpack_sm90a_wgmma_m64n256k32_e5m2_e4m3(d: *mut f32, da: u64, db: u64, scale: i32);
        pub fn __oxpack_sm90a_wgmma_m64n256k32_e4m3_e5m2(d: *mut f32, da: u64, db: u64, scale: i32);
        pub fn __oxpack_sm90a_stmatrix_x4(p: *mut u8, r0: u32, r1: u32, r2: u32, r3: u32);
        pub fn __oxpack_sm90a_wgmma_wait0_f64(d: *mut f32);
        pub fn __oxpack_sm90a_wgmma_wait0_f128(d: *mut f32);
        pub fn __oxpack_sm90a_wgmma_rs_m64n64k16_bf16_tb(d: *mut f32, a0: u32, a1: u32, a2: u32, a3: u32, db: u64);
        pub fn __oxpack_sm90a_wgmma_rs_m64n128k16_bf16_tb(d: *mut f32, a0: u32, a1: u32, a2: u32, a3: u32, db: u64);
        pub fn __oxpack_sm90a_wgmma_rs_m64n256k16_bf16_tb(d: *mut f32, a0: u32, a1: u32, a2: u32, a3: u32, db: u64);
        pub safe fn __oxpack_sm90a_cluster_ctarank() -> u32;
        // GPU only, no host twin: `mbarrier_wait` below is the host's twin of the loop around it.
        pub fn __oxpack_sm90a_mbarrier_try_wait(bar: *mut u64, parity: u32) -> u32;
    }

    /// Waits for the phase of parity `parity` of the barrier to complete.
    #[inline(always)]
    pub fn mbarrier_wait(bar: *mut u64, parity: u32) {
        // SAFETY: `bar` is an initialised barrier of the pipeline's shared memory.
        while unsafe { __oxpack_sm90a_mbarrier_try_wait(bar, parity) } == 0 {}
    }

    #[inline(always)]
    pub fn dynamic_shared() -> *mut u8 {
        core::ptr::addr_of!(super::shared::__oxpack_dynamic_shared) as *mut u8
    }
}
