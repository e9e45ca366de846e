; oxpack device runtime: NVVM intrinsics behind extern "C" names that the
; device crate (src/lib.rs) declares. oxpack links this module into every kernel
; module with llvmlite; the target triple and data layout are set to the kernel's
; before linking.

target triple = "nvptx64-nvidia-cuda"

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.y()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.z()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.y()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.z()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.y()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.z()
declare i32 @llvm.nvvm.read.ptx.sreg.nctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.nctaid.y()
declare i32 @llvm.nvvm.read.ptx.sreg.nctaid.z()
declare void @llvm.trap()

define i32 @__oxpack_tid_x() #0 {
  %v = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  ret i32 %v
}

define i32 @__oxpack_tid_y() #0 {
  %v = call i32 @llvm.nvvm.read.ptx.sreg.tid.y()
  ret i32 %v
}

define i32 @__oxpack_tid_z() #0 {
  %v = call i32 @llvm.nvvm.read.ptx.sreg.tid.z()
  ret i32 %v
}

define i32 @__oxpack_ntid_x() #0 {
  %v = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  ret i32 %v
}

define i32 @__oxpack_ntid_y() #0 {
  %v = call i32 @llvm.nvvm.read.ptx.sreg.ntid.y()
  ret i32 %v
}

define i32 @__oxpack_ntid_z() #0 {
  %v = call i32 @llvm.nvvm.read.ptx.sreg.ntid.z()
  ret i32 %v
}

define i32 @__oxpack_ctaid_x() #0 {
  %v = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  ret i32 %v
}

define i32 @__oxpack_ctaid_y() #0 {
  %v = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.y()
  ret i32 %v
}

define i32 @__oxpack_ctaid_z() #0 {
  %v = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.z()
  ret i32 %v
}

define i32 @__oxpack_nctaid_x() #0 {
  %v = call i32 @llvm.nvvm.read.ptx.sreg.nctaid.x()
  ret i32 %v
}

define i32 @__oxpack_nctaid_y() #0 {
  %v = call i32 @llvm.nvvm.read.ptx.sreg.nctaid.y()
  ret i32 %v
}

define i32 @__oxpack_nctaid_z() #0 {
  %v = call i32 @llvm.nvvm.read.ptx.sreg.nctaid.z()
  ret i32 %v
}

define void @__oxpack_trap() #1 {
  call void @llvm.trap()
  unreachable
}

; ---- arch-specific functions: `__oxpack_sm90a_*` need sm_90a (oxpack's PTX stage refuses a
; kernel that reaches one in a build for any other arch: variants.py, `ARCH_SPECIFIC`)
define i32 @__oxpack_sm90a_cluster_ctarank() #0 {
  %v = call i32 asm "mov.u32 $0, %cluster_ctarank;", "=r"()
  ret i32 %v
}


; ---- barriers and fences (src/sync.rs)
declare void @llvm.nvvm.barrier0()
declare i32 @llvm.nvvm.barrier0.popc(i32)
declare i32 @llvm.nvvm.barrier0.and(i32)
declare i32 @llvm.nvvm.barrier0.or(i32)
declare void @llvm.nvvm.bar.warp.sync(i32)

define void @__oxpack_sync_threads() #2 {
  call void @llvm.nvvm.barrier0()
  ret void
}
define i32 @__oxpack_sync_threads_count(i32 %p) #2 {
  %r = call i32 @llvm.nvvm.barrier0.popc(i32 %p)
  ret i32 %r
}
define i32 @__oxpack_sync_threads_and(i32 %p) #2 {
  %r = call i32 @llvm.nvvm.barrier0.and(i32 %p)
  ret i32 %r
}
define i32 @__oxpack_sync_threads_or(i32 %p) #2 {
  %r = call i32 @llvm.nvvm.barrier0.or(i32 %p)
  ret i32 %r
}
define void @__oxpack_sync_warp(i32 %members) #2 {
  call void @llvm.nvvm.bar.warp.sync(i32 %members)
  ret void
}
define void @__oxpack_fence_block() #2 {
  fence syncscope("block") seq_cst
  ret void
}
define void @__oxpack_fence_device() #2 {
  fence syncscope("device") seq_cst
  ret void
}
define void @__oxpack_fence_system() #2 {
  fence seq_cst
  ret void
}

; ---- warp primitives (src/warp.rs): %members is the mask of the warp's live lanes
; (all 32, or the first live_lanes() of the block's partial last warp); %clamp is the
; highest live lane, so that a source lane past it gives the caller's own value
; instead of reading a lane that does not exist
declare i32 @llvm.nvvm.read.ptx.sreg.laneid()
declare i32 @llvm.nvvm.shfl.sync.idx.i32(i32, i32, i32, i32)
declare i32 @llvm.nvvm.shfl.sync.up.i32(i32, i32, i32, i32)
declare i32 @llvm.nvvm.shfl.sync.down.i32(i32, i32, i32, i32)
declare i32 @llvm.nvvm.shfl.sync.bfly.i32(i32, i32, i32, i32)
declare i32 @llvm.nvvm.vote.ballot.sync(i32, i1)
declare i1 @llvm.nvvm.vote.all.sync(i32, i1)
declare i1 @llvm.nvvm.vote.any.sync(i32, i1)

define i32 @__oxpack_lane_id() #0 {
  %v = call i32 @llvm.nvvm.read.ptx.sreg.laneid()
  ret i32 %v
}
define i32 @__oxpack_shfl_idx(i32 %v, i32 %lane, i32 %members, i32 %clamp) #2 {
  %r = call i32 @llvm.nvvm.shfl.sync.idx.i32(i32 %members, i32 %v, i32 %lane, i32 %clamp)
  ret i32 %r
}
define i32 @__oxpack_shfl_up(i32 %v, i32 %d, i32 %members) #2 {
  %r = call i32 @llvm.nvvm.shfl.sync.up.i32(i32 %members, i32 %v, i32 %d, i32 0)
  ret i32 %r
}
define i32 @__oxpack_shfl_down(i32 %v, i32 %d, i32 %members, i32 %clamp) #2 {
  %r = call i32 @llvm.nvvm.shfl.sync.down.i32(i32 %members, i32 %v, i32 %d, i32 %clamp)
  ret i32 %r
}
define i32 @__oxpack_shfl_xor(i32 %v, i32 %m, i32 %members, i32 %clamp) #2 {
  %r = call i32 @llvm.nvvm.shfl.sync.bfly.i32(i32 %members, i32 %v, i32 %m, i32 %clamp)
  ret i32 %r
}
define i32 @__oxpack_ballot(i32 %p, i32 %members) #2 {
  %b = icmp ne i32 %p, 0
  %r = call i32 @llvm.nvvm.vote.ballot.sync(i32 %members, i1 %b)
  ret i32 %r
}
define i32 @__oxpack_vote_all(i32 %p, i32 %members) #2 {
  %b = icmp ne i32 %p, 0
  %r = call i1 @llvm.nvvm.vote.all.sync(i32 %members, i1 %b)
  %z = zext i1 %r to i32
  ret i32 %z
}
define i32 @__oxpack_vote_any(i32 %p, i32 %members) #2 {
  %b = icmp ne i32 %p, 0
  %r = call i1 @llvm.nvvm.vote.any.sync(i32 %members, i1 %b)
  %z = zext i1 %r to i32
  ret i32 %z
}

; ---- atomics (src/atomic.rs): relaxed, device scope, like CUDA's atomicAdd
define i32 @__oxpack_atomic_add_i32(ptr %p, i32 %v) #3 {
  %r = atomicrmw add ptr %p, i32 %v syncscope("device") monotonic
  ret i32 %r
}
define i32 @__oxpack_atomic_min_s_i32(ptr %p, i32 %v) #3 {
  %r = atomicrmw min ptr %p, i32 %v syncscope("device") monotonic
  ret i32 %r
}
define i32 @__oxpack_atomic_max_s_i32(ptr %p, i32 %v) #3 {
  %r = atomicrmw max ptr %p, i32 %v syncscope("device") monotonic
  ret i32 %r
}
define i32 @__oxpack_atomic_min_u_i32(ptr %p, i32 %v) #3 {
  %r = atomicrmw umin ptr %p, i32 %v syncscope("device") monotonic
  ret i32 %r
}
define i32 @__oxpack_atomic_max_u_i32(ptr %p, i32 %v) #3 {
  %r = atomicrmw umax ptr %p, i32 %v syncscope("device") monotonic
  ret i32 %r
}
define i32 @__oxpack_atomic_xchg_i32(ptr %p, i32 %v) #3 {
  %r = atomicrmw xchg ptr %p, i32 %v syncscope("device") monotonic
  ret i32 %r
}
define i32 @__oxpack_atomic_and_i32(ptr %p, i32 %v) #3 {
  %r = atomicrmw and ptr %p, i32 %v syncscope("device") monotonic
  ret i32 %r
}
define i32 @__oxpack_atomic_or_i32(ptr %p, i32 %v) #3 {
  %r = atomicrmw or ptr %p, i32 %v syncscope("device") monotonic
  ret i32 %r
}
define i32 @__oxpack_atomic_xor_i32(ptr %p, i32 %v) #3 {
  %r = atomicrmw xor ptr %p, i32 %v syncscope("device") monotonic
  ret i32 %r
}
define i32 @__oxpack_atomic_cas_i32(ptr %p, i32 %expected, i32 %new) #3 {
  %pair = cmpxchg ptr %p, i32 %expected, i32 %new syncscope("device") monotonic monotonic
  %r = extractvalue { i32, i1 } %pair, 0
  ret i32 %r
}
define i64 @__oxpack_atomic_add_i64(ptr %p, i64 %v) #3 {
  %r = atomicrmw add ptr %p, i64 %v syncscope("device") monotonic
  ret i64 %r
}
define i64 @__oxpack_atomic_min_s_i64(ptr %p, i64 %v) #3 {
  %r = atomicrmw min ptr %p, i64 %v syncscope("device") monotonic
  ret i64 %r
}
define i64 @__oxpack_atomic_max_s_i64(ptr %p, i64 %v) #3 {
  %r = atomicrmw max ptr %p, i64 %v syncscope("device") monotonic
  ret i64 %r
}
define i64 @__oxpack_atomic_min_u_i64(ptr %p, i64 %v) #3 {
  %r = atomicrmw umin ptr %p, i64 %v syncscope("device") monotonic
  ret i64 %r
}
define i64 @__oxpack_atomic_max_u_i64(ptr %p, i64 %v) #3 {
  %r = atomicrmw umax ptr %p, i64 %v syncscope("device") monotonic
  ret i64 %r
}
define i64 @__oxpack_atomic_xchg_i64(ptr %p, i64 %v) #3 {
  %r = atomicrmw xchg ptr %p, i64 %v syncscope("device") monotonic
  ret i64 %r
}
define i64 @__oxpack_atomic_and_i64(ptr %p, i64 %v) #3 {
  %r = atomicrmw and ptr %p, i64 %v syncscope("device") monotonic
  ret i64 %r
}
define i64 @__oxpack_atomic_or_i64(ptr %p, i64 %v) #3 {
  %r = atomicrmw or ptr %p, i64 %v syncscope("device") monotonic
  ret i64 %r
}
define i64 @__oxpack_atomic_xor_i64(ptr %p, i64 %v) #3 {
  %r = atomicrmw xor ptr %p, i64 %v syncscope("device") monotonic
  ret i64 %r
}
define i64 @__oxpack_atomic_cas_i64(ptr %p, i64 %expected, i64 %new) #3 {
  %pair = cmpxchg ptr %p, i64 %expected, i64 %new syncscope("device") monotonic monotonic
  %r = extractvalue { i64, i1 } %pair, 0
  ret i64 %r
}
define float @__oxpack_atomic_add_float(ptr %p, float %v) #3 {
  %r = atomicrmw fadd ptr %p, float %v syncscope("device") monotonic
  ret float %r
}
define double @__oxpack_atomic_add_double(ptr %p, double %v) #3 {
  %r = atomicrmw fadd ptr %p, double %v syncscope("device") monotonic
  ret double %r
}

define i32 @__oxpack_atomic_load_i32(ptr %p) #3 {
  %r = load atomic i32, ptr %p syncscope("device") monotonic, align 4
  ret i32 %r
}
define void @__oxpack_atomic_store_i32(ptr %p, i32 %v) #3 {
  store atomic i32 %v, ptr %p syncscope("device") monotonic, align 4
  ret void
}
define i64 @__oxpack_atomic_load_i64(ptr %p) #3 {
  %r = load atomic i64, ptr %p syncscope("device") monotonic, align 8
  ret i64 %r
}
define void @__oxpack_atomic_store_i64(ptr %p, i64 %v) #3 {
  store atomic i64 %v, ptr %p syncscope("device") monotonic, align 8
  ret void
}

; ---- math (src/math.rs): exact operations as LLVM intrinsics, fast approximations as NVVM ones
declare float @llvm.sqrt.f32(float)
define float @__oxpack_sqrt_f32(float %x) #0 {
  %r = call float @llvm.sqrt.f32(float %x)
  ret float %r
}
declare float @llvm.floor.f32(float)
define float @__oxpack_floor_f32(float %x) #0 {
  %r = call float @llvm.floor.f32(float %x)
  ret float %r
}
declare float @llvm.ceil.f32(float)
define float @__oxpack_ceil_f32(float %x) #0 {
  %r = call float @llvm.ceil.f32(float %x)
  ret float %r
}
declare float @llvm.fabs.f32(float)
define float @__oxpack_fabs_f32(float %x) #0 {
  %r = call float @llvm.fabs.f32(float %x)
  ret float %r
}
declare float @llvm.minnum.f32(float, float)
define float @__oxpack_minnum_f32(float %x, float %y) #0 {
  %r = call float @llvm.minnum.f32(float %x, float %y)
  ret float %r
}
declare float @llvm.maxnum.f32(float, float)
define float @__oxpack_maxnum_f32(float %x, float %y) #0 {
  %r = call float @llvm.maxnum.f32(float %x, float %y)
  ret float %r
}
declare float @llvm.fma.f32(float, float, float)
define float @__oxpack_fma_f32(float %a, float %b, float %c) #0 {
  %r = call float @llvm.fma.f32(float %a, float %b, float %c)
  ret float %r
}
declare double @llvm.sqrt.f64(double)
define double @__oxpack_sqrt_f64(double %x) #0 {
  %r = call double @llvm.sqrt.f64(double %x)
  ret double %r
}
; 1/sqrt(x): `rsqrt.approx.f32` / `.f64`, what CUDA's rsqrtf and rsqrt (libdevice's __nv_rsqrtf and
; __nv_rsqrt, without flush-to-zero) compile to; a PTX instruction, so no libdevice
declare float @llvm.nvvm.rsqrt.approx.f(float)
define float @__oxpack_rsqrt_f32(float %x) #0 {
  %r = call float @llvm.nvvm.rsqrt.approx.f(float %x)
  ret float %r
}
declare double @llvm.nvvm.rsqrt.approx.d(double)
define double @__oxpack_rsqrt_f64(double %x) #0 {
  %r = call double @llvm.nvvm.rsqrt.approx.d(double %x)
  ret double %r
}
declare double @llvm.floor.f64(double)
define double @__oxpack_floor_f64(double %x) #0 {
  %r = call double @llvm.floor.f64(double %x)
  ret double %r
}
declare double @llvm.ceil.f64(double)
define double @__oxpack_ceil_f64(double %x) #0 {
  %r = call double @llvm.ceil.f64(double %x)
  ret double %r
}
declare double @llvm.fabs.f64(double)
define double @__oxpack_fabs_f64(double %x) #0 {
  %r = call double @llvm.fabs.f64(double %x)
  ret double %r
}
declare double @llvm.minnum.f64(double, double)
define double @__oxpack_minnum_f64(double %x, double %y) #0 {
  %r = call double @llvm.minnum.f64(double %x, double %y)
  ret double %r
}
declare double @llvm.maxnum.f64(double, double)
define double @__oxpack_maxnum_f64(double %x, double %y) #0 {
  %r = call double @llvm.maxnum.f64(double %x, double %y)
  ret double %r
}
declare double @llvm.fma.f64(double, double, double)
define double @__oxpack_fma_f64(double %a, double %b, double %c) #0 {
  %r = call double @llvm.fma.f64(double %a, double %b, double %c)
  ret double %r
}
declare float @llvm.nvvm.ex2.approx.ftz.f(float)
define float @__oxpack_fast_ex2_f32(float %x) #0 {
  %r = call float @llvm.nvvm.ex2.approx.ftz.f(float %x)
  ret float %r
}
declare float @llvm.nvvm.lg2.approx.ftz.f(float)
define float @__oxpack_fast_lg2_f32(float %x) #0 {
  %r = call float @llvm.nvvm.lg2.approx.ftz.f(float %x)
  ret float %r
}
declare float @llvm.nvvm.sin.approx.ftz.f(float)
define float @__oxpack_fast_sin_f32(float %x) #0 {
  %r = call float @llvm.nvvm.sin.approx.ftz.f(float %x)
  ret float %r
}
declare float @llvm.nvvm.cos.approx.ftz.f(float)
define float @__oxpack_fast_cos_f32(float %x) #0 {
  %r = call float @llvm.nvvm.cos.approx.ftz.f(float %x)
  ret float %r
}
declare float @llvm.nvvm.rsqrt.approx.ftz.f(float)
define float @__oxpack_fast_rsqrt_f32(float %x) #0 {
  %r = call float @llvm.nvvm.rsqrt.approx.ftz.f(float %x)
  ret float %r
}
declare float @llvm.nvvm.tanh.approx.f32(float)
define float @__oxpack_fast_tanh_f32(float %x) #0 {
  %r = call float @llvm.nvvm.tanh.approx.f32(float %x)
  ret float %r
}

; ---- half precision (src/half.rs): conversions through LLVM's half and bfloat types
define float @__oxpack_f16_to_f32(i16 %b) #0 {
  %h = bitcast i16 %b to half
  %f = fpext half %h to float
  ret float %f
}
define i16 @__oxpack_f32_to_f16(float %f) #0 {
  %h = fptrunc float %f to half
  %b = bitcast half %h to i16
  ret i16 %b
}
define float @__oxpack_bf16_to_f32(i16 %b) #0 {
  %h = bitcast i16 %b to bfloat
  %f = fpext bfloat %h to float
  ret float %f
}
define i16 @__oxpack_f32_to_bf16(float %f) #0 {
  %h = fptrunc float %f to bfloat
  %b = bitcast bfloat %h to i16
  ret i16 %b
}
; FP8 (src/fp8.rs), sm_89 and newer: `cvt` packs two f32 into an e4m3x2 / e5m2x2 (the first
; operand into the upper byte), rounding to nearest even and saturating to the largest finite
; value; an FP8 pair widens exactly to an f16x2 (the lower byte into the lower half)
define float @__oxpack_sm89_e4m3_to_f32(i8 %b) #0 {
  %w = zext i8 %b to i16
  %p = call i32 asm "cvt.rn.f16x2.e4m3x2 $0, $1;", "=r,h"(i16 %w)
  %lo = trunc i32 %p to i16
  %h = bitcast i16 %lo to half
  %f = fpext half %h to float
  ret float %f
}
define i8 @__oxpack_sm89_f32_to_e4m3(float %f) #0 {
  %p = call i16 asm "cvt.rn.satfinite.e4m3x2.f32 $0, $1, $2;", "=h,f,f"(float 0.0, float %f)
  %b = trunc i16 %p to i8
  ret i8 %b
}
define float @__oxpack_sm89_e5m2_to_f32(i8 %b) #0 {
  %w = zext i8 %b to i16
  %p = call i32 asm "cvt.rn.f16x2.e5m2x2 $0, $1;", "=r,h"(i16 %w)
  %lo = trunc i32 %p to i16
  %h = bitcast i16 %lo to half
  %f = fpext half %h to float
  ret float %f
}
define i8 @__oxpack_sm89_f32_to_e5m2(float %f) #0 {
  %p = call i16 asm "cvt.rn.satfinite.e5m2x2.f32 $0, $1, $2;", "=h,f,f"(float 0.0, float %f)
  %b = trunc i16 %p to i8
  ret i8 %b
}

; ---- cache hints (src/cache.rs): generic addressing (no state space), so any pointer
; is valid; the hint applies when the address is global memory, and is a hint only
define i16 @__oxpack_ld_cs_b16(ptr %p) #4 {
  %v = call i16 asm "ld.cs.b16 $0, [$1];", "=h,l"(ptr %p) #6
  ret i16 %v
}
define void @__oxpack_st_cs_b16(ptr %p, i16 %v) #5 {
  call void asm sideeffect "st.cs.b16 [$0], $1;", "l,h,~{memory}"(ptr %p, i16 %v)
  ret void
}
define i32 @__oxpack_ld_cs_b32(ptr %p) #4 {
  %v = call i32 asm "ld.cs.b32 $0, [$1];", "=r,l"(ptr %p) #6
  ret i32 %v
}
define void @__oxpack_st_cs_b32(ptr %p, i32 %v) #5 {
  call void asm sideeffect "st.cs.b32 [$0], $1;", "l,r,~{memory}"(ptr %p, i32 %v)
  ret void
}
define i64 @__oxpack_ld_cs_b64(ptr %p) #4 {
  %v = call i64 asm "ld.cs.b64 $0, [$1];", "=l,l"(ptr %p) #6
  ret i64 %v
}
define void @__oxpack_st_cs_b64(ptr %p, i64 %v) #5 {
  call void asm sideeffect "st.cs.b64 [$0], $1;", "l,l,~{memory}"(ptr %p, i64 %v)
  ret void
}
define void @__oxpack_ld_cs_v4(ptr %p, ptr %out) #5 {
  %v = call { i32, i32, i32, i32 } asm "ld.cs.v4.b32 {$0, $1, $2, $3}, [$4];", "=r,=r,=r,=r,l"(ptr %p) #6
  %e0 = extractvalue { i32, i32, i32, i32 } %v, 0
  %q0 = getelementptr inbounds i32, ptr %out, i64 0
  store i32 %e0, ptr %q0, align 4
  %e1 = extractvalue { i32, i32, i32, i32 } %v, 1
  %q1 = getelementptr inbounds i32, ptr %out, i64 1
  store i32 %e1, ptr %q1, align 4
  %e2 = extractvalue { i32, i32, i32, i32 } %v, 2
  %q2 = getelementptr inbounds i32, ptr %out, i64 2
  store i32 %e2, ptr %q2, align 4
  %e3 = extractvalue { i32, i32, i32, i32 } %v, 3
  %q3 = getelementptr inbounds i32, ptr %out, i64 3
  store i32 %e3, ptr %q3, align 4
  ret void
}
define void @__oxpack_st_cs_v4(ptr %p, i32 %a, i32 %b, i32 %c, i32 %d) #5 {
  call void asm sideeffect "st.cs.v4.b32 [$0], {$1, $2, $3, $4};", "l,r,r,r,r,~{memory}"(ptr %p, i32 %a, i32 %b, i32 %c, i32 %d)
  ret void
}
define i16 @__oxpack_ld_ef_b16(ptr %p) #4 {
  %v = call i16 asm "ld.L1::evict_first.b16 $0, [$1];", "=h,l"(ptr %p) #6
  ret i16 %v
}
define void @__oxpack_st_ef_b16(ptr %p, i16 %v) #5 {
  call void asm sideeffect "st.L1::evict_first.b16 [$0], $1;", "l,h,~{memory}"(ptr %p, i16 %v)
  ret void
}
define i32 @__oxpack_ld_ef_b32(ptr %p) #4 {
  %v = call i32 asm "ld.L1::evict_first.b32 $0, [$1];", "=r,l"(ptr %p) #6
  ret i32 %v
}
define void @__oxpack_st_ef_b32(ptr %p, i32 %v) #5 {
  call void asm sideeffect "st.L1::evict_first.b32 [$0], $1;", "l,r,~{memory}"(ptr %p, i32 %v)
  ret void
}
define i64 @__oxpack_ld_ef_b64(ptr %p) #4 {
  %v = call i64 asm "ld.L1::evict_first.b64 $0, [$1];", "=l,l"(ptr %p) #6
  ret i64 %v
}
define void @__oxpack_st_ef_b64(ptr %p, i64 %v) #5 {
  call void asm sideeffect "st.L1::evict_first.b64 [$0], $1;", "l,l,~{memory}"(ptr %p, i64 %v)
  ret void
}
define void @__oxpack_ld_ef_v4(ptr %p, ptr %out) #5 {
  %v = call { i32, i32, i32, i32 } asm "ld.L1::evict_first.v4.b32 {$0, $1, $2, $3}, [$4];", "=r,=r,=r,=r,l"(ptr %p) #6
  %e0 = extractvalue { i32, i32, i32, i32 } %v, 0
  %q0 = getelementptr inbounds i32, ptr %out, i64 0
  store i32 %e0, ptr %q0, align 4
  %e1 = extractvalue { i32, i32, i32, i32 } %v, 1
  %q1 = getelementptr inbounds i32, ptr %out, i64 1
  store i32 %e1, ptr %q1, align 4
  %e2 = extractvalue { i32, i32, i32, i32 } %v, 2
  %q2 = getelementptr inbounds i32, ptr %out, i64 2
  store i32 %e2, ptr %q2, align 4
  %e3 = extractvalue { i32, i32, i32, i32 } %v, 3
  %q3 = getelementptr inbounds i32, ptr %out, i64 3
  store i32 %e3, ptr %q3, align 4
  ret void
}
define void @__oxpack_st_ef_v4(ptr %p, i32 %a, i32 %b, i32 %c, i32 %d) #5 {
  call void asm sideeffect "st.L1::evict_first.v4.b32 [$0], {$1, $2, $3, $4};", "l,r,r,r,r,~{memory}"(ptr %p, i32 %a, i32 %b, i32 %c, i32 %d)
  ret void
}

; ---- tensor cores (src/mma.rs), sm_80 and newer. Shared-memory operands arrive as generic
; pointers into a `.shared` array (oxpack's link step moves the tile statics to address space
; 3); the cast back lets LLVM's address-space inference emit the `.shared` forms directly.
; Multi-register results go through %out (after inlining, SROA keeps them in registers).
declare {i32, i32, i32, i32} @llvm.nvvm.ldmatrix.sync.aligned.m8n8.x4.b16.p3(ptr addrspace(3))
declare {i32, i32, i32, i32} @llvm.nvvm.ldmatrix.sync.aligned.m8n8.x4.trans.b16.p3(ptr addrspace(3))
declare {i32, i32} @llvm.nvvm.ldmatrix.sync.aligned.m8n8.x2.b16.p3(ptr addrspace(3))
declare {i32, i32} @llvm.nvvm.ldmatrix.sync.aligned.m8n8.x2.trans.b16.p3(ptr addrspace(3))
declare i32 @llvm.nvvm.ldmatrix.sync.aligned.m8n8.x1.b16.p3(ptr addrspace(3))
declare i32 @llvm.nvvm.ldmatrix.sync.aligned.m8n8.x1.trans.b16.p3(ptr addrspace(3))
declare {float, float, float, float} @llvm.nvvm.mma.m16n8k16.row.col.bf16(i32, i32, i32, i32, i32, i32, float, float, float, float)
declare {float, float, float, float} @llvm.nvvm.mma.m16n8k16.row.col.f32.f32(<2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, float, float, float, float)
declare {float, float, float, float} @llvm.nvvm.mma.m16n8k8.row.col.bf16(i32, i32, i32, float, float, float, float)
declare {float, float, float, float} @llvm.nvvm.mma.m16n8k8.row.col.f32.f32(<2 x half>, <2 x half>, <2 x half>, float, float, float, float)
declare {float, float, float, float} @llvm.nvvm.mma.m16n8k8.row.col.tf32(i32, i32, i32, i32, i32, i32, float, float, float, float)
declare {i32, i32, i32, i32} @llvm.nvvm.mma.m16n8k32.row.col.s8(i32, i32, i32, i32, i32, i32, i32, i32, i32, i32)
declare void @llvm.nvvm.cp.async.cg.shared.global.16.s(ptr addrspace(3), ptr addrspace(1), i32)
declare void @llvm.nvvm.cp.async.commit.group()
declare void @llvm.nvvm.cp.async.wait.group(i32)
declare void @llvm.nvvm.cp.async.wait.all()

; the lanes of the calling warp that execute this instruction together (`activemask.b32`)
define i32 @__oxpack_activemask() #2 {
  %m = call i32 asm sideeffect "activemask.b32 $0;", "=r"()
  ret i32 %m
}

define void @__oxpack_ldmatrix_x4(ptr %p, ptr %out) #2 {
  %s = addrspacecast ptr %p to ptr addrspace(3)
  %v = call {i32, i32, i32, i32} @llvm.nvvm.ldmatrix.sync.aligned.m8n8.x4.b16.p3(ptr addrspace(3) %s)
  call void @__oxpack_store4(ptr %out, {i32, i32, i32, i32} %v)
  ret void
}
define void @__oxpack_ldmatrix_x4_trans(ptr %p, ptr %out) #2 {
  %s = addrspacecast ptr %p to ptr addrspace(3)
  %v = call {i32, i32, i32, i32} @llvm.nvvm.ldmatrix.sync.aligned.m8n8.x4.trans.b16.p3(ptr addrspace(3) %s)
  call void @__oxpack_store4(ptr %out, {i32, i32, i32, i32} %v)
  ret void
}
define void @__oxpack_ldmatrix_x2(ptr %p, ptr %out) #2 {
  %s = addrspacecast ptr %p to ptr addrspace(3)
  %v = call {i32, i32} @llvm.nvvm.ldmatrix.sync.aligned.m8n8.x2.b16.p3(ptr addrspace(3) %s)
  call void @__oxpack_store2(ptr %out, {i32, i32} %v)
  ret void
}
define void @__oxpack_ldmatrix_x2_trans(ptr %p, ptr %out) #2 {
  %s = addrspacecast ptr %p to ptr addrspace(3)
  %v = call {i32, i32} @llvm.nvvm.ldmatrix.sync.aligned.m8n8.x2.trans.b16.p3(ptr addrspace(3) %s)
  call void @__oxpack_store2(ptr %out, {i32, i32} %v)
  ret void
}
define i32 @__oxpack_ldmatrix_x1(ptr %p) #2 {
  %s = addrspacecast ptr %p to ptr addrspace(3)
  %v = call i32 @llvm.nvvm.ldmatrix.sync.aligned.m8n8.x1.b16.p3(ptr addrspace(3) %s)
  ret i32 %v
}
define i32 @__oxpack_ldmatrix_x1_trans(ptr %p) #2 {
  %s = addrspacecast ptr %p to ptr addrspace(3)
  %v = call i32 @llvm.nvvm.ldmatrix.sync.aligned.m8n8.x1.trans.b16.p3(ptr addrspace(3) %s)
  ret i32 %v
}
;; ldmatrix and cp.async with 32-bit shared-memory addresses (`__oxpack_smem_addr` of a pointer
;; into block-shared memory, plus a byte offset; mma.rs's GEMM pipeline): a warp's per-lane
;; fragment addresses then take one 32-bit register each and fold constant offsets into the
;; instruction, where pointers into shared memory (64-bit in this target's data layout) take
;; twice the registers and an add each. `sideeffect`: they read or write shared memory that
;; cp.async and barriers change, so none may be merged with or moved across another.
define i32 @__oxpack_smem_addr(ptr %p) #0 {
  %s = addrspacecast ptr %p to ptr addrspace(3)
  %i = ptrtoint ptr addrspace(3) %s to i64
  %r = trunc i64 %i to i32
  ret i32 %r
}
define void @__oxpack_ldmatrix_x4_s(i32 %a, ptr %out) #2 {
  %v = call {i32, i32, i32, i32} asm sideeffect "ldmatrix.sync.aligned.m8n8.x4.shared.b16 {$0, $1, $2, $3}, [$4];", "=r,=r,=r,=r,r"(i32 %a) convergent nounwind
  call void @__oxpack_store4(ptr %out, {i32, i32, i32, i32} %v)
  ret void
}
define void @__oxpack_ldmatrix_x4_trans_s(i32 %a, ptr %out) #2 {
  %v = call {i32, i32, i32, i32} asm sideeffect "ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16 {$0, $1, $2, $3}, [$4];", "=r,=r,=r,=r,r"(i32 %a) convergent nounwind
  call void @__oxpack_store4(ptr %out, {i32, i32, i32, i32} %v)
  ret void
}
define void @__oxpack_ldmatrix_x2_s(i32 %a, ptr %out) #2 {
  %v = call {i32, i32} asm sideeffect "ldmatrix.sync.aligned.m8n8.x2.shared.b16 {$0, $1}, [$2];", "=r,=r,r"(i32 %a) convergent nounwind
  call void @__oxpack_store2(ptr %out, {i32, i32} %v)
  ret void
}
define void @__oxpack_ldmatrix_x2_trans_s(i32 %a, ptr %out) #2 {
  %v = call {i32, i32} asm sideeffect "ldmatrix.sync.aligned.m8n8.x2.trans.shared.b16 {$0, $1}, [$2];", "=r,=r,r"(i32 %a) convergent nounwind
  call void @__oxpack_store2(ptr %out, {i32, i32} %v)
  ret void
}
;; cp.async.cg of 16 bytes from global `src` to the shared address `d`.
define void @__oxpack_cp_async_16_s(i32 %d, ptr %src) #3 {
  %g = addrspacecast ptr %src to ptr addrspace(1)
  call void asm sideeffect "cp.async.cg.shared.global [$0], [$1], 16;", "r,l,~{memory}"(i32 %d, ptr addrspace(1) %g)
  ret void
}
define internal void @__oxpack_store4(ptr %out, {i32, i32, i32, i32} %v) #3 {
  %e0 = extractvalue {i32, i32, i32, i32} %v, 0
  store i32 %e0, ptr %out, align 4
  %e1 = extractvalue {i32, i32, i32, i32} %v, 1
  %q1 = getelementptr inbounds i32, ptr %out, i64 1
  store i32 %e1, ptr %q1, align 4
  %e2 = extractvalue {i32, i32, i32, i32} %v, 2
  %q2 = getelementptr inbounds i32, ptr %out, i64 2
  store i32 %e2, ptr %q2, align 4
  %e3 = extractvalue {i32, i32, i32, i32} %v, 3
  %q3 = getelementptr inbounds i32, ptr %out, i64 3
  store i32 %e3, ptr %q3, align 4
  ret void
}
define internal void @__oxpack_store2(ptr %out, {i32, i32} %v) #3 {
  %e0 = extractvalue {i32, i32} %v, 0
  store i32 %e0, ptr %out, align 4
  %e1 = extractvalue {i32, i32} %v, 1
  %q1 = getelementptr inbounds i32, ptr %out, i64 1
  store i32 %e1, ptr %q1, align 4
  ret void
}
define internal void @__oxpack_store4f(ptr %out, {float, float, float, float} %v) #3 {
  %e0 = extractvalue {float, float, float, float} %v, 0
  store float %e0, ptr %out, align 4
  %e1 = extractvalue {float, float, float, float} %v, 1
  %q1 = getelementptr inbounds float, ptr %out, i64 1
  store float %e1, ptr %q1, align 4
  %e2 = extractvalue {float, float, float, float} %v, 2
  %q2 = getelementptr inbounds float, ptr %out, i64 2
  store float %e2, ptr %q2, align 4
  %e3 = extractvalue {float, float, float, float} %v, 3
  %q3 = getelementptr inbounds float, ptr %out, i64 3
  store float %e3, ptr %q3, align 4
  ret void
}

; d = a·b + c for one m16n8k16 tile: %a holds 4 words (8 halves), %b 2, %c and %d 4 floats
define void @__oxpack_mma_m16n8k16_bf16(ptr %d, ptr %a, ptr %b, ptr %c) #2 {
  %a0 = load i32, ptr %a, align 4
  %pa1 = getelementptr inbounds i32, ptr %a, i64 1
  %a1 = load i32, ptr %pa1, align 4
  %pa2 = getelementptr inbounds i32, ptr %a, i64 2
  %a2 = load i32, ptr %pa2, align 4
  %pa3 = getelementptr inbounds i32, ptr %a, i64 3
  %a3 = load i32, ptr %pa3, align 4
  %b0 = load i32, ptr %b, align 4
  %pb1 = getelementptr inbounds i32, ptr %b, i64 1
  %b1 = load i32, ptr %pb1, align 4
  %c0 = load float, ptr %c, align 4
  %pc1 = getelementptr inbounds float, ptr %c, i64 1
  %c1 = load float, ptr %pc1, align 4
  %pc2 = getelementptr inbounds float, ptr %c, i64 2
  %c2 = load float, ptr %pc2, align 4
  %pc3 = getelementptr inbounds float, ptr %c, i64 3
  %c3 = load float, ptr %pc3, align 4
  %v = call {float, float, float, float} @llvm.nvvm.mma.m16n8k16.row.col.bf16(i32 %a0, i32 %a1, i32 %a2, i32 %a3, i32 %b0, i32 %b1, float %c0, float %c1, float %c2, float %c3)
  call void @__oxpack_store4f(ptr %d, {float, float, float, float} %v)
  ret void
}
define void @__oxpack_mma_m16n8k16_f16(ptr %d, ptr %a, ptr %b, ptr %c) #2 {
  %a0 = load <2 x half>, ptr %a, align 4
  %pa1 = getelementptr inbounds i32, ptr %a, i64 1
  %a1 = load <2 x half>, ptr %pa1, align 4
  %pa2 = getelementptr inbounds i32, ptr %a, i64 2
  %a2 = load <2 x half>, ptr %pa2, align 4
  %pa3 = getelementptr inbounds i32, ptr %a, i64 3
  %a3 = load <2 x half>, ptr %pa3, align 4
  %b0 = load <2 x half>, ptr %b, align 4
  %pb1 = getelementptr inbounds i32, ptr %b, i64 1
  %b1 = load <2 x half>, ptr %pb1, align 4
  %c0 = load float, ptr %c, align 4
  %pc1 = getelementptr inbounds float, ptr %c, i64 1
  %c1 = load float, ptr %pc1, align 4
  %pc2 = getelementptr inbounds float, ptr %c, i64 2
  %c2 = load float, ptr %pc2, align 4
  %pc3 = getelementptr inbounds float, ptr %c, i64 3
  %c3 = load float, ptr %pc3, align 4
  %v = call {float, float, float, float} @llvm.nvvm.mma.m16n8k16.row.col.f32.f32(<2 x half> %a0, <2 x half> %a1, <2 x half> %a2, <2 x half> %a3, <2 x half> %b0, <2 x half> %b1, float %c0, float %c1, float %c2, float %c3)
  call void @__oxpack_store4f(ptr %d, {float, float, float, float} %v)
  ret void
}
; m16n8k8 tf32: %a holds 4 words (4 tf32), %b 2, as m16n8k16's 16-bit operands
define void @__oxpack_mma_m16n8k8_tf32(ptr %d, ptr %a, ptr %b, ptr %c) #2 {
  %a0 = load i32, ptr %a, align 4
  %pa1 = getelementptr inbounds i32, ptr %a, i64 1
  %a1 = load i32, ptr %pa1, align 4
  %pa2 = getelementptr inbounds i32, ptr %a, i64 2
  %a2 = load i32, ptr %pa2, align 4
  %pa3 = getelementptr inbounds i32, ptr %a, i64 3
  %a3 = load i32, ptr %pa3, align 4
  %b0 = load i32, ptr %b, align 4
  %pb1 = getelementptr inbounds i32, ptr %b, i64 1
  %b1 = load i32, ptr %pb1, align 4
  %c0 = load float, ptr %c, align 4
  %pc1 = getelementptr inbounds float, ptr %c, i64 1
  %c1 = load float, ptr %pc1, align 4
  %pc2 = getelementptr inbounds float, ptr %c, i64 2
  %c2 = load float, ptr %pc2, align 4
  %pc3 = getelementptr inbounds float, ptr %c, i64 3
  %c3 = load float, ptr %pc3, align 4
  %v = call {float, float, float, float} @llvm.nvvm.mma.m16n8k8.row.col.tf32(i32 %a0, i32 %a1, i32 %a2, i32 %a3, i32 %b0, i32 %b1, float %c0, float %c1, float %c2, float %c3)
  call void @__oxpack_store4f(ptr %d, {float, float, float, float} %v)
  ret void
}
; m16n8k8 bf16/f16: %a holds 2 words, %b 1
define void @__oxpack_mma_m16n8k8_bf16(ptr %d, ptr %a, ptr %b, ptr %c) #2 {
  %a0 = load i32, ptr %a, align 4
  %pa1 = getelementptr inbounds i32, ptr %a, i64 1
  %a1 = load i32, ptr %pa1, align 4
  %b0 = load i32, ptr %b, align 4
  %c0 = load float, ptr %c, align 4
  %pc1 = getelementptr inbounds float, ptr %c, i64 1
  %c1 = load float, ptr %pc1, align 4
  %pc2 = getelementptr inbounds float, ptr %c, i64 2
  %c2 = load float, ptr %pc2, align 4
  %pc3 = getelementptr inbounds float, ptr %c, i64 3
  %c3 = load float, ptr %pc3, align 4
  %v = call {float, float, float, float} @llvm.nvvm.mma.m16n8k8.row.col.bf16(i32 %a0, i32 %a1, i32 %b0, float %c0, float %c1, float %c2, float %c3)
  call void @__oxpack_store4f(ptr %d, {float, float, float, float} %v)
  ret void
}
define void @__oxpack_mma_m16n8k8_f16(ptr %d, ptr %a, ptr %b, ptr %c) #2 {
  %a0 = load <2 x half>, ptr %a, align 4
  %pa1 = getelementptr inbounds i32, ptr %a, i64 1
  %a1 = load <2 x half>, ptr %pa1, align 4
  %b0 = load <2 x half>, ptr %b, align 4
  %c0 = load float, ptr %c, align 4
  %pc1 = getelementptr inbounds float, ptr %c, i64 1
  %c1 = load float, ptr %pc1, align 4
  %pc2 = getelementptr inbounds float, ptr %c, i64 2
  %c2 = load float, ptr %pc2, align 4
  %pc3 = getelementptr inbounds float, ptr %c, i64 3
  %c3 = load float, ptr %pc3, align 4
  %v = call {float, float, float, float} @llvm.nvvm.mma.m16n8k8.row.col.f32.f32(<2 x half> %a0, <2 x half> %a1, <2 x half> %b0, float %c0, float %c1, float %c2, float %c3)
  call void @__oxpack_store4f(ptr %d, {float, float, float, float} %v)
  ret void
}
; d = a·b + c for one m16n8k32 s8 tile (`mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32`, no
; .satfinite: the s32 sums wrap): %a holds 4 words (16 s8), %b 2 (8 s8), %c and %d 4 i32
define void @__oxpack_mma_m16n8k32_s8(ptr %d, ptr %a, ptr %b, ptr %c) #2 {
  %a0 = load i32, ptr %a, align 4
  %pa1 = getelementptr inbounds i32, ptr %a, i64 1
  %a1 = load i32, ptr %pa1, align 4
  %pa2 = getelementptr inbounds i32, ptr %a, i64 2
  %a2 = load i32, ptr %pa2, align 4
  %pa3 = getelementptr inbounds i32, ptr %a, i64 3
  %a3 = load i32, ptr %pa3, align 4
  %b0 = load i32, ptr %b, align 4
  %pb1 = getelementptr inbounds i32, ptr %b, i64 1
  %b1 = load i32, ptr %pb1, align 4
  %c0 = load i32, ptr %c, align 4
  %pc1 = getelementptr inbounds i32, ptr %c, i64 1
  %c1 = load i32, ptr %pc1, align 4
  %pc2 = getelementptr inbounds i32, ptr %c, i64 2
  %c2 = load i32, ptr %pc2, align 4
  %pc3 = getelementptr inbounds i32, ptr %c, i64 3
  %c3 = load i32, ptr %pc3, align 4
  %v = call {i32, i32, i32, i32} @llvm.nvvm.mma.m16n8k32.row.col.s8(i32 %a0, i32 %a1, i32 %a2, i32 %a3, i32 %b0, i32 %b1, i32 %c0, i32 %c1, i32 %c2, i32 %c3)
  %e0 = extractvalue {i32, i32, i32, i32} %v, 0
  store i32 %e0, ptr %d, align 4
  %e1 = extractvalue {i32, i32, i32, i32} %v, 1
  %q1 = getelementptr inbounds i32, ptr %d, i64 1
  store i32 %e1, ptr %q1, align 4
  %e2 = extractvalue {i32, i32, i32, i32} %v, 2
  %q2 = getelementptr inbounds i32, ptr %d, i64 2
  store i32 %e2, ptr %q2, align 4
  %e3 = extractvalue {i32, i32, i32, i32} %v, 3
  %q3 = getelementptr inbounds i32, ptr %d, i64 3
  store i32 %e3, ptr %q3, align 4
  ret void
}

; cp.async: 16 bytes from global %src to shared %dst, of which the first %n (0 to 16) are
; read and the rest zero-filled; committed as a group, waited for with at most %k of this
; thread's groups still in flight (an immediate in PTX: a switch, folded when %k is known)
define void @__oxpack_cp_async_16(ptr %dst, ptr %src, i32 %n) #3 {
  %s = addrspacecast ptr %dst to ptr addrspace(3)
  %g = addrspacecast ptr %src to ptr addrspace(1)
  call void @llvm.nvvm.cp.async.cg.shared.global.16.s(ptr addrspace(3) %s, ptr addrspace(1) %g, i32 %n)
  ret void
}
define void @__oxpack_cp_async_commit() #3 {
  call void @llvm.nvvm.cp.async.commit.group()
  ret void
}
define void @__oxpack_cp_async_wait(i32 %k) #3 {
  switch i32 %k, label %all [ i32 0, label %w0
                              i32 1, label %w1
                              i32 2, label %w2
                              i32 3, label %w3
                              i32 4, label %w4
                              i32 5, label %w5
                              i32 6, label %w6 ]
w0:
  call void @llvm.nvvm.cp.async.wait.group(i32 0)
  ret void
w1:
  call void @llvm.nvvm.cp.async.wait.group(i32 1)
  ret void
w2:
  call void @llvm.nvvm.cp.async.wait.group(i32 2)
  ret void
w3:
  call void @llvm.nvvm.cp.async.wait.group(i32 3)
  ret void
w4:
  call void @llvm.nvvm.cp.async.wait.group(i32 4)
  ret void
w5:
  call void @llvm.nvvm.cp.async.wait.group(i32 5)
  ret void
w6:
  call void @llvm.nvvm.cp.async.wait.group(i32 6)
  ret void
all:
  call void @llvm.nvvm.cp.async.wait.all()
  ret void
}
define void @__oxpack_cp_async_wait_all() #3 {
  call void @llvm.nvvm.cp.async.wait.all()
  ret void
}

; ---------------------------------------------------------------------------- Hopper (sm_90a)
; mbarrier, TMA (cp.async.bulk.tensor) and wgmma for `src/hopper.rs`. Every name starts with
; `__oxpack_sm90a_`: these need sm_90a (wgmma, setmaxnreg) or sm_90 (the rest), and a build for an
; older arch must not reach them. Pointers are generic addresses of shared memory, converted here.

define i32 @__oxpack_sm90a_smem(ptr %p) #0 {
  %s = addrspacecast ptr %p to ptr addrspace(3)
  %i = ptrtoint ptr addrspace(3) %s to i64
  %r = trunc i64 %i to i32
  ret i32 %r
}
define void @__oxpack_sm90a_mbarrier_init(ptr %bar, i32 %count) #3 {
  %a = call i32 @__oxpack_sm90a_smem(ptr %bar)
  call void asm sideeffect "mbarrier.init.shared::cta.b64 [$0], $1;", "r,r,~{memory}"(i32 %a, i32 %count)
  ret void
}
define void @__oxpack_sm90a_mbarrier_init_fence() #3 {
  call void asm sideeffect "fence.mbarrier_init.release.cluster;", "~{memory}"()
  ret void
}
define void @__oxpack_sm90a_mbarrier_arrive(ptr %bar) #3 {
  %a = call i32 @__oxpack_sm90a_smem(ptr %bar)
  call void asm sideeffect "mbarrier.arrive.shared::cta.b64 _, [$0];", "r,~{memory}"(i32 %a)
  ret void
}
define void @__oxpack_sm90a_mbarrier_arrive_expect_tx(ptr %bar, i32 %bytes) #3 {
  %a = call i32 @__oxpack_sm90a_smem(ptr %bar)
  call void asm sideeffect "mbarrier.arrive.expect_tx.shared::cta.b64 _, [$0], $1;", "r,r,~{memory}"(i32 %a, i32 %bytes)
  ret void
}
define i32 @__oxpack_sm90a_mbarrier_try_wait(ptr %bar, i32 %parity) #3 {
  %a = call i32 @__oxpack_sm90a_smem(ptr %bar)
  %r = call i32 asm sideeffect "{\0A\09.reg .pred p;\0A\09mbarrier.try_wait.parity.shared::cta.b64 p, [$1], $2;\0A\09selp.u32 $0, 1, 0, p;\0A\09}", "=r,r,r,~{memory}"(i32 %a, i32 %parity)
  ret i32 %r
}
define void @__oxpack_sm90a_tma_load_2d(ptr %dst, ptr %map, i32 %c0, i32 %c1, ptr %bar) #3 {
  %d = call i32 @__oxpack_sm90a_smem(ptr %dst)
  %b = call i32 @__oxpack_sm90a_smem(ptr %bar)
  call void asm sideeffect "cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes [$0], [$1, {$2, $3}], [$4];", "r,l,r,r,r,~{memory}"(i32 %d, ptr %map, i32 %c0, i32 %c1, i32 %b)
  ret void
}
define void @__oxpack_sm90a_tma_load_3d(ptr %dst, ptr %map, i32 %c0, i32 %c1, i32 %c2, ptr %bar) #3 {
  %d = call i32 @__oxpack_sm90a_smem(ptr %dst)
  %b = call i32 @__oxpack_sm90a_smem(ptr %bar)
  call void asm sideeffect "cp.async.bulk.tensor.3d.shared::cluster.global.tile.mbarrier::complete_tx::bytes [$0], [$1, {$2, $3, $4}], [$5];", "r,l,r,r,r,r,~{memory}"(i32 %d, ptr %map, i32 %c0, i32 %c1, i32 %c2, i32 %b)
  ret void
}
define void @__oxpack_sm90a_prefetch_tensormap(ptr %map) #3 {
  call void asm sideeffect "prefetch.tensormap [$0];", "l,~{memory}"(ptr %map)
  ret void
}
define void @__oxpack_sm90a_wgmma_fence() #2 {
  call void asm sideeffect "wgmma.fence.sync.aligned;", "~{memory}"()
  ret void
}
define void @__oxpack_sm90a_wgmma_commit() #2 {
  call void asm sideeffect "wgmma.commit_group.sync.aligned;", "~{memory}"()
  ret void
}
define void @__oxpack_sm90a_wgmma_wait0() #2 {
  call void asm sideeffect "wgmma.wait_group.sync.aligned 0;", "~{memory}"()
  ret void
}
define void @__oxpack_sm90a_wgmma_wait1() #2 {
  call void asm sideeffect "wgmma.wait_group.sync.aligned 1;", "~{memory}"()
  ret void
}
; `wgmma.wait_group 0` with a warpgroup's N / 2 accumulators (at %d) passed through the asm as
; tied operands ("+f"): the values that a kernel reads after the wait (to convert or store them)
; are the asm's outputs, so LLVM cannot move those reads above the wait; ptxas then sees no
; accumulator read inside the wgmma pipeline and keeps the wgmmas asynchronous (otherwise it
; serializes them: C7514).
define void @__oxpack_sm90a_wgmma_wait0_f32(ptr %d) #2 {
  %p0 = getelementptr inbounds float, ptr %d, i64 0
  %v0 = load float, ptr %p0, align 4
  %p1 = getelementptr inbounds float, ptr %d, i64 1
  %v1 = load float, ptr %p1, align 4
  %p2 = getelementptr inbounds float, ptr %d, i64 2
  %v2 = load float, ptr %p2, align 4
  %p3 = getelementptr inbounds float, ptr %d, i64 3
  %v3 = load float, ptr %p3, align 4
  %p4 = getelementptr inbounds float, ptr %d, i64 4
  %v4 = load float, ptr %p4, align 4
  %p5 = getelementptr inbounds float, ptr %d, i64 5
  %v5 = load float, ptr %p5, align 4
  %p6 = getelementptr inbounds float, ptr %d, i64 6
  %v6 = load float, ptr %p6, align 4
  %p7 = getelementptr inbounds float, ptr %d, i64 7
  %v7 = load float, ptr %p7, align 4
  %p8 = getelementptr inbounds float, ptr %d, i64 8
  %v8 = load float, ptr %p8, align 4
  %p9 = getelementptr inbounds float, ptr %d, i64 9
  %v9 = load float, ptr %p9, align 4
  %p10 = getelementptr inbounds float, ptr %d, i64 10
  %v10 = load float, ptr %p10, align 4
  %p11 = getelementptr inbounds float, ptr %d, i64 11
  %v11 = load float, ptr %p11, align 4
  %p12 = getelementptr inbounds float, ptr %d, i64 12
  %v12 = load float, ptr %p12, align 4
  %p13 = getelementptr inbounds float, ptr %d, i64 13
  %v13 = load float, ptr %p13, align 4
  %p14 = getelementptr inbounds float, ptr %d, i64 14
  %v14 = load float, ptr %p14, align 4
  %p15 = getelementptr inbounds float, ptr %d, i64 15
  %v15 = load float, ptr %p15, align 4
  %p16 = getelementptr inbounds float, ptr %d, i64 16
  %v16 = load float, ptr %p16, align 4
  %p17 = getelementptr inbounds float, ptr %d, i64 17
  %v17 = load float, ptr %p17, align 4
  %p18 = getelementptr inbounds float, ptr %d, i64 18
  %v18 = load float, ptr %p18, align 4
  %p19 = getelementptr inbounds float, ptr %d, i64 19
  %v19 = load float, ptr %p19, align 4
  %p20 = getelementptr inbounds float, ptr %d, i64 20
  %v20 = load float, ptr %p20, align 4
  %p21 = getelementptr inbounds float, ptr %d, i64 21
  %v21 = load float, ptr %p21, align 4
  %p22 = getelementptr inbounds float, ptr %d, i64 22
  %v22 = load float, ptr %p22, align 4
  %p23 = getelementptr inbounds float, ptr %d, i64 23
  %v23 = load float, ptr %p23, align 4
  %p24 = getelementptr inbounds float, ptr %d, i64 24
  %v24 = load float, ptr %p24, align 4
  %p25 = getelementptr inbounds float, ptr %d, i64 25
  %v25 = load float, ptr %p25, align 4
  %p26 = getelementptr inbounds float, ptr %d, i64 26
  %v26 = load float, ptr %p26, align 4
  %p27 = getelementptr inbounds float, ptr %d, i64 27
  %v27 = load float, ptr %p27, align 4
  %p28 = getelementptr inbounds float, ptr %d, i64 28
  %v28 = load float, ptr %p28, align 4
  %p29 = getelementptr inbounds float, ptr %d, i64 29
  %v29 = load float, ptr %p29, align 4
  %p30 = getelementptr inbounds float, ptr %d, i64 30
  %v30 = load float, ptr %p30, align 4
  %p31 = getelementptr inbounds float, ptr %d, i64 31
  %v31 = load float, ptr %p31, align 4
  %r = call {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} asm sideeffect "wgmma.wait_group.sync.aligned 0;", "=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,~{memory}"(float %v0, float %v1, float %v2, float %v3, float %v4, float %v5, float %v6, float %v7, float %v8, float %v9, float %v10, float %v11, float %v12, float %v13, float %v14, float %v15, float %v16, float %v17, float %v18, float %v19, float %v20, float %v21, float %v22, float %v23, float %v24, float %v25, float %v26, float %v27, float %v28, float %v29, float %v30, float %v31)
  %o0 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 0
  store float %o0, ptr %p0, align 4
  %o1 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 1
  store float %o1, ptr %p1, align 4
  %o2 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 2
  store float %o2, ptr %p2, align 4
  %o3 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 3
  store float %o3, ptr %p3, align 4
  %o4 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 4
  store float %o4, ptr %p4, align 4
  %o5 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 5
  store float %o5, ptr %p5, align 4
  %o6 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 6
  store float %o6, ptr %p6, align 4
  %o7 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 7
  store float %o7, ptr %p7, align 4
  %o8 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 8
  store float %o8, ptr %p8, align 4
  %o9 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 9
  store float %o9, ptr %p9, align 4
  %o10 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 10
  store float %o10, ptr %p10, align 4
  %o11 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 11
  store float %o11, ptr %p11, align 4
  %o12 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 12
  store float %o12, ptr %p12, align 4
  %o13 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 13
  store float %o13, ptr %p13, align 4
  %o14 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 14
  store float %o14, ptr %p14, align 4
  %o15 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 15
  store float %o15, ptr %p15, align 4
  %o16 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 16
  store float %o16, ptr %p16, align 4
  %o17 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 17
  store float %o17, ptr %p17, align 4
  %o18 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 18
  store float %o18, ptr %p18, align 4
  %o19 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 19
  store float %o19, ptr %p19, align 4
  %o20 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 20
  store float %o20, ptr %p20, align 4
  %o21 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 21
  store float %o21, ptr %p21, align 4
  %o22 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 22
  store float %o22, ptr %p22, align 4
  %o23 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 23
  store float %o23, ptr %p23, align 4
  %o24 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 24
  store float %o24, ptr %p24, align 4
  %o25 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 25
  store float %o25, ptr %p25, align 4
  %o26 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 26
  store float %o26, ptr %p26, align 4
  %o27 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 27
  store float %o27, ptr %p27, align 4
  %o28 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 28
  store float %o28, ptr %p28, align 4
  %o29 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 29
  store float %o29, ptr %p29, align 4
  %o30 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 30
  store float %o30, ptr %p30, align 4
  %o31 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 31
  store float %o31, ptr %p31, align 4
  ret void
}
define void @__oxpack_sm90a_wgmma_wait0_f64(ptr %d) #2 {
  %p0 = getelementptr inbounds float, ptr %d, i64 0
  %v0 = load float, ptr %p0, align 4
  %p1 = getelementptr inbounds float, ptr %d, i64 1
  %v1 = load float, ptr %p1, align 4
  %p2 = getelementptr inbounds float, ptr %d, i64 2
  %v2 = load float, ptr %p2, align 4
  %p3 = getelementptr inbounds float, ptr %d, i64 3
  %v3 = load float, ptr %p3, align 4
  %p4 = getelementptr inbounds float, ptr %d, i64 4
  %v4 = load float, ptr %p4, align 4
  %p5 = getelementptr inbounds float, ptr %d, i64 5
  %v5 = load float, ptr %p5, align 4
  %p6 = getelementptr inbounds float, ptr %d, i64 6
  %v6 = load float, ptr %p6, align 4
  %p7 = getelementptr inbounds float, ptr %d, i64 7
  %v7 = load float, ptr %p7, align 4
  %p8 = getelementptr inbounds float, ptr %d, i64 8
  %v8 = load float, ptr %p8, align 4
  %p9 = getelementptr inbounds float, ptr %d, i64 9
  %v9 = load float, ptr %p9, align 4
  %p10 = getelementptr inbounds float, ptr %d, i64 10
  %v10 = load float, ptr %p10, align 4
  %p11 = getelementptr inbounds float, ptr %d, i64 11
  %v11 = load float, ptr %p11, align 4
  %p12 = getelementptr inbounds float, ptr %d, i64 12
  %v12 = load float, ptr %p12, align 4
  %p13 = getelementptr inbounds float, ptr %d, i64 13
  %v13 = load float, ptr %p13, align 4
  %p14 = getelementptr inbounds float, ptr %d, i64 14
  %v14 = load float, ptr %p14, align 4
  %p15 = getelementptr inbounds float, ptr %d, i64 15
  %v15 = load float, ptr %p15, align 4
  %p16 = getelementptr inbounds float, ptr %d, i64 16
  %v16 = load float, ptr %p16, align 4
  %p17 = getelementptr inbounds float, ptr %d, i64 17
  %v17 = load float, ptr %p17, align 4
  %p18 = getelementptr inbounds float, ptr %d, i64 18
  %v18 = load float, ptr %p18, align 4
  %p19 = getelementptr inbounds float, ptr %d, i64 19
  %v19 = load float, ptr %p19, align 4
  %p20 = getelementptr inbounds float, ptr %d, i64 20
  %v20 = load float, ptr %p20, align 4
  %p21 = getelementptr inbounds float, ptr %d, i64 21
  %v21 = load float, ptr %p21, align 4
  %p22 = getelementptr inbounds float, ptr %d, i64 22
  %v22 = load float, ptr %p22, align 4
  %p23 = getelementptr inbounds float, ptr %d, i64 23
  %v23 = load float, ptr %p23, align 4
  %p24 = getelementptr inbounds float, ptr %d, i64 24
  %v24 = load float, ptr %p24, align 4
  %p25 = getelementptr inbounds float, ptr %d, i64 25
  %v25 = load float, ptr %p25, align 4
  %p26 = getelementptr inbounds float, ptr %d, i64 26
  %v26 = load float, ptr %p26, align 4
  %p27 = getelementptr inbounds float, ptr %d, i64 27
  %v27 = load float, ptr %p27, align 4
  %p28 = getelementptr inbounds float, ptr %d, i64 28
  %v28 = load float, ptr %p28, align 4
  %p29 = getelementptr inbounds float, ptr %d, i64 29
  %v29 = load float, ptr %p29, align 4
  %p30 = getelementptr inbounds float, ptr %d, i64 30
  %v30 = load float, ptr %p30, align 4
  %p31 = getelementptr inbounds float, ptr %d, i64 31
  %v31 = load float, ptr %p31, align 4
  %p32 = getelementptr inbounds float, ptr %d, i64 32
  %v32 = load float, ptr %p32, align 4
  %p33 = getelementptr inbounds float, ptr %d, i64 33
  %v33 = load float, ptr %p33, align 4
  %p34 = getelementptr inbounds float, ptr %d, i64 34
  %v34 = load float, ptr %p34, align 4
  %p35 = getelementptr inbounds float, ptr %d, i64 35
  %v35 = load float, ptr %p35, align 4
  %p36 = getelementptr inbounds float, ptr %d, i64 36
  %v36 = load float, ptr %p36, align 4
  %p37 = getelementptr inbounds float, ptr %d, i64 37
  %v37 = load float, ptr %p37, align 4
  %p38 = getelementptr inbounds float, ptr %d, i64 38
  %v38 = load float, ptr %p38, align 4
  %p39 = getelementptr inbounds float, ptr %d, i64 39
  %v39 = load float, ptr %p39, align 4
  %p40 = getelementptr inbounds float, ptr %d, i64 40
  %v40 = load float, ptr %p40, align 4
  %p41 = getelementptr inbounds float, ptr %d, i64 41
  %v41 = load float, ptr %p41, align 4
  %p42 = getelementptr inbounds float, ptr %d, i64 42
  %v42 = load float, ptr %p42, align 4
  %p43 = getelementptr inbounds float, ptr %d, i64 43
  %v43 = load float, ptr %p43, align 4
  %p44 = getelementptr inbounds float, ptr %d, i64 44
  %v44 = load float, ptr %p44, align 4
  %p45 = getelementptr inbounds float, ptr %d, i64 45
  %v45 = load float, ptr %p45, align 4
  %p46 = getelementptr inbounds float, ptr %d, i64 46
  %v46 = load float, ptr %p46, align 4
  %p47 = getelementptr inbounds float, ptr %d, i64 47
  %v47 = load float, ptr %p47, align 4
  %p48 = getelementptr inbounds float, ptr %d, i64 48
  %v48 = load float, ptr %p48, align 4
  %p49 = getelementptr inbounds float, ptr %d, i64 49
  %v49 = load float, ptr %p49, align 4
  %p50 = getelementptr inbounds float, ptr %d, i64 50
  %v50 = load float, ptr %p50, align 4
  %p51 = getelementptr inbounds float, ptr %d, i64 51
  %v51 = load float, ptr %p51, align 4
  %p52 = getelementptr inbounds float, ptr %d, i64 52
  %v52 = load float, ptr %p52, align 4
  %p53 = getelementptr inbounds float, ptr %d, i64 53
  %v53 = load float, ptr %p53, align 4
  %p54 = getelementptr inbounds float, ptr %d, i64 54
  %v54 = load float, ptr %p54, align 4
  %p55 = getelementptr inbounds float, ptr %d, i64 55
  %v55 = load float, ptr %p55, align 4
  %p56 = getelementptr inbounds float, ptr %d, i64 56
  %v56 = load float, ptr %p56, align 4
  %p57 = getelementptr inbounds float, ptr %d, i64 57
  %v57 = load float, ptr %p57, align 4
  %p58 = getelementptr inbounds float, ptr %d, i64 58
  %v58 = load float, ptr %p58, align 4
  %p59 = getelementptr inbounds float, ptr %d, i64 59
  %v59 = load float, ptr %p59, align 4
  %p60 = getelementptr inbounds float, ptr %d, i64 60
  %v60 = load float, ptr %p60, align 4
  %p61 = getelementptr inbounds float, ptr %d, i64 61
  %v61 = load float, ptr %p61, align 4
  %p62 = getelementptr inbounds float, ptr %d, i64 62
  %v62 = load float, ptr %p62, align 4
  %p63 = getelementptr inbounds float, ptr %d, i64 63
  %v63 = load float, ptr %p63, align 4
  %r = call {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} asm sideeffect "wgmma.wait_group.sync.aligned 0;", "=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50,51,52,53,54,55,56,57,58,59,60,61,62,63,~{memory}"(float %v0, float %v1, float %v2, float %v3, float %v4, float %v5, float %v6, float %v7, float %v8, float %v9, float %v10, float %v11, float %v12, float %v13, float %v14, float %v15, float %v16, float %v17, float %v18, float %v19, float %v20, float %v21, float %v22, float %v23, float %v24, float %v25, float %v26, float %v27, float %v28, float %v29, float %v30, float %v31, float %v32, float %v33, float %v34, float %v35, float %v36, float %v37, float %v38, float %v39, float %v40, float %v41, float %v42, float %v43, float %v44, float %v45, float %v46, float %v47, float %v48, float %v49, float %v50, float %v51, float %v52, float %v53, float %v54, float %v55, float %v56, float %v57, float %v58, float %v59, float %v60, float %v61, float %v62, float %v63)
  %o0 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 0
  store float %o0, ptr %p0, align 4
  %o1 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 1
  store float %o1, ptr %p1, align 4
  %o2 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 2
  store float %o2, ptr %p2, align 4
  %o3 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 3
  store float %o3, ptr %p3, align 4
  %o4 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 4
  store float %o4, ptr %p4, align 4
  %o5 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 5
  store float %o5, ptr %p5, align 4
  %o6 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 6
  store float %o6, ptr %p6, align 4
  %o7 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 7
  store float %o7, ptr %p7, align 4
  %o8 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 8
  store float %o8, ptr %p8, align 4
  %o9 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 9
  store float %o9, ptr %p9, align 4
  %o10 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 10
  store float %o10, ptr %p10, align 4
  %o11 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 11
  store float %o11, ptr %p11, align 4
  %o12 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 12
  store float %o12, ptr %p12, align 4
  %o13 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 13
  store float %o13, ptr %p13, align 4
  %o14 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 14
  store float %o14, ptr %p14, align 4
  %o15 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 15
  store float %o15, ptr %p15, align 4
  %o16 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 16
  store float %o16, ptr %p16, align 4
  %o17 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 17
  store float %o17, ptr %p17, align 4
  %o18 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 18
  store float %o18, ptr %p18, align 4
  %o19 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 19
  store float %o19, ptr %p19, align 4
  %o20 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 20
  store float %o20, ptr %p20, align 4
  %o21 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 21
  store float %o21, ptr %p21, align 4
  %o22 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 22
  store float %o22, ptr %p22, align 4
  %o23 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 23
  store float %o23, ptr %p23, align 4
  %o24 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 24
  store float %o24, ptr %p24, align 4
  %o25 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 25
  store float %o25, ptr %p25, align 4
  %o26 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 26
  store float %o26, ptr %p26, align 4
  %o27 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 27
  store float %o27, ptr %p27, align 4
  %o28 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 28
  store float %o28, ptr %p28, align 4
  %o29 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 29
  store float %o29, ptr %p29, align 4
  %o30 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 30
  store float %o30, ptr %p30, align 4
  %o31 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 31
  store float %o31, ptr %p31, align 4
  %o32 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 32
  store float %o32, ptr %p32, align 4
  %o33 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 33
  store float %o33, ptr %p33, align 4
  %o34 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 34
  store float %o34, ptr %p34, align 4
  %o35 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 35
  store float %o35, ptr %p35, align 4
  %o36 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 36
  store float %o36, ptr %p36, align 4
  %o37 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 37
  store float %o37, ptr %p37, align 4
  %o38 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 38
  store float %o38, ptr %p38, align 4
  %o39 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 39
  store float %o39, ptr %p39, align 4
  %o40 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 40
  store float %o40, ptr %p40, align 4
  %o41 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 41
  store float %o41, ptr %p41, align 4
  %o42 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 42
  store float %o42, ptr %p42, align 4
  %o43 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 43
  store float %o43, ptr %p43, align 4
  %o44 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 44
  store float %o44, ptr %p44, align 4
  %o45 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 45
  store float %o45, ptr %p45, align 4
  %o46 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 46
  store float %o46, ptr %p46, align 4
  %o47 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 47
  store float %o47, ptr %p47, align 4
  %o48 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 48
  store float %o48, ptr %p48, align 4
  %o49 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 49
  store float %o49, ptr %p49, align 4
  %o50 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 50
  store float %o50, ptr %p50, align 4
  %o51 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 51
  store float %o51, ptr %p51, align 4
  %o52 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 52
  store float %o52, ptr %p52, align 4
  %o53 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 53
  store float %o53, ptr %p53, align 4
  %o54 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 54
  store float %o54, ptr %p54, align 4
  %o55 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 55
  store float %o55, ptr %p55, align 4
  %o56 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 56
  store float %o56, ptr %p56, align 4
  %o57 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 57
  store float %o57, ptr %p57, align 4
  %o58 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 58
  store float %o58, ptr %p58, align 4
  %o59 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 59
  store float %o59, ptr %p59, align 4
  %o60 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 60
  store float %o60, ptr %p60, align 4
  %o61 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 61
  store float %o61, ptr %p61, align 4
  %o62 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 62
  store float %o62, ptr %p62, align 4
  %o63 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 63
  store float %o63, ptr %p63, align 4
  ret void
}
define void @__oxpack_sm90a_wgmma_wait0_f128(ptr %d) #2 {
  %p0 = getelementptr inbounds float, ptr %d, i64 0
  %v0 = load float, ptr %p0, align 4
  %p1 = getelementptr inbounds float, ptr %d, i64 1
  %v1 = load float, ptr %p1, align 4
  %p2 = getelementptr inbounds float, ptr %d, i64 2
  %v2 = load float, ptr %p2, align 4
  %p3 = getelementptr inbounds float, ptr %d, i64 3
  %v3 = load float, ptr %p3, align 4
  %p4 = getelementptr inbounds float, ptr %d, i64 4
  %v4 = load float, ptr %p4, align 4
  %p5 = getelementptr inbounds float, ptr %d, i64 5
  %v5 = load float, ptr %p5, align 4
  %p6 = getelementptr inbounds float, ptr %d, i64 6
  %v6 = load float, ptr %p6, align 4
  %p7 = getelementptr inbounds float, ptr %d, i64 7
  %v7 = load float, ptr %p7, align 4
  %p8 = getelementptr inbounds float, ptr %d, i64 8
  %v8 = load float, ptr %p8, align 4
  %p9 = getelementptr inbounds float, ptr %d, i64 9
  %v9 = load float, ptr %p9, align 4
  %p10 = getelementptr inbounds float, ptr %d, i64 10
  %v10 = load float, ptr %p10, align 4
  %p11 = getelementptr inbounds float, ptr %d, i64 11
  %v11 = load float, ptr %p11, align 4
  %p12 = getelementptr inbounds float, ptr %d, i64 12
  %v12 = load float, ptr %p12, align 4
  %p13 = getelementptr inbounds float, ptr %d, i64 13
  %v13 = load float, ptr %p13, align 4
  %p14 = getelementptr inbounds float, ptr %d, i64 14
  %v14 = load float, ptr %p14, align 4
  %p15 = getelementptr inbounds float, ptr %d, i64 15
  %v15 = load float, ptr %p15, align 4
  %p16 = getelementptr inbounds float, ptr %d, i64 16
  %v16 = load float, ptr %p16, align 4
  %p17 = getelementptr inbounds float, ptr %d, i64 17
  %v17 = load float, ptr %p17, align 4
  %p18 = getelementptr inbounds float, ptr %d, i64 18
  %v18 = load float, ptr %p18, align 4
  %p19 = getelementptr inbounds float, ptr %d, i64 19
  %v19 = load float, ptr %p19, align 4
  %p20 = getelementptr inbounds float, ptr %d, i64 20
  %v20 = load float, ptr %p20, align 4
  %p21 = getelementptr inbounds float, ptr %d, i64 21
  %v21 = load float, ptr %p21, align 4
  %p22 = getelementptr inbounds float, ptr %d, i64 22
  %v22 = load float, ptr %p22, align 4
  %p23 = getelementptr inbounds float, ptr %d, i64 23
  %v23 = load float, ptr %p23, align 4
  %p24 = getelementptr inbounds float, ptr %d, i64 24
  %v24 = load float, ptr %p24, align 4
  %p25 = getelementptr inbounds float, ptr %d, i64 25
  %v25 = load float, ptr %p25, align 4
  %p26 = getelementptr inbounds float, ptr %d, i64 26
  %v26 = load float, ptr %p26, align 4
  %p27 = getelementptr inbounds float, ptr %d, i64 27
  %v27 = load float, ptr %p27, align 4
  %p28 = getelementptr inbounds float, ptr %d, i64 28
  %v28 = load float, ptr %p28, align 4
  %p29 = getelementptr inbounds float, ptr %d, i64 29
  %v29 = load float, ptr %p29, align 4
  %p30 = getelementptr inbounds float, ptr %d, i64 30
  %v30 = load float, ptr %p30, align 4
  %p31 = getelementptr inbounds float, ptr %d, i64 31
  %v31 = load float, ptr %p31, align 4
  %p32 = getelementptr inbounds float, ptr %d, i64 32
  %v32 = load float, ptr %p32, align 4
  %p33 = getelementptr inbounds float, ptr %d, i64 33
  %v33 = load float, ptr %p33, align 4
  %p34 = getelementptr inbounds float, ptr %d, i64 34
  %v34 = load float, ptr %p34, align 4
  %p35 = getelementptr inbounds float, ptr %d, i64 35
  %v35 = load float, ptr %p35, align 4
  %p36 = getelementptr inbounds float, ptr %d, i64 36
  %v36 = load float, ptr %p36, align 4
  %p37 = getelementptr inbounds float, ptr %d, i64 37
  %v37 = load float, ptr %p37, align 4
  %p38 = getelementptr inbounds float, ptr %d, i64 38
  %v38 = load float, ptr %p38, align 4
  %p39 = getelementptr inbounds float, ptr %d, i64 39
  %v39 = load float, ptr %p39, align 4
  %p40 = getelementptr inbounds float, ptr %d, i64 40
  %v40 = load float, ptr %p40, align 4
  %p41 = getelementptr inbounds float, ptr %d, i64 41
  %v41 = load float, ptr %p41, align 4
  %p42 = getelementptr inbounds float, ptr %d, i64 42
  %v42 = load float, ptr %p42, align 4
  %p43 = getelementptr inbounds float, ptr %d, i64 43
  %v43 = load float, ptr %p43, align 4
  %p44 = getelementptr inbounds float, ptr %d, i64 44
  %v44 = load float, ptr %p44, align 4
  %p45 = getelementptr inbounds float, ptr %d, i64 45
  %v45 = load float, ptr %p45, align 4
  %p46 = getelementptr inbounds float, ptr %d, i64 46
  %v46 = load float, ptr %p46, align 4
  %p47 = getelementptr inbounds float, ptr %d, i64 47
  %v47 = load float, ptr %p47, align 4
  %p48 = getelementptr inbounds float, ptr %d, i64 48
  %v48 = load float, ptr %p48, align 4
  %p49 = getelementptr inbounds float, ptr %d, i64 49
  %v49 = load float, ptr %p49, align 4
  %p50 = getelementptr inbounds float, ptr %d, i64 50
  %v50 = load float, ptr %p50, align 4
  %p51 = getelementptr inbounds float, ptr %d, i64 51
  %v51 = load float, ptr %p51, align 4
  %p52 = getelementptr inbounds float, ptr %d, i64 52
  %v52 = load float, ptr %p52, align 4
  %p53 = getelementptr inbounds float, ptr %d, i64 53
  %v53 = load float, ptr %p53, align 4
  %p54 = getelementptr inbounds float, ptr %d, i64 54
  %v54 = load float, ptr %p54, align 4
  %p55 = getelementptr inbounds float, ptr %d, i64 55
  %v55 = load float, ptr %p55, align 4
  %p56 = getelementptr inbounds float, ptr %d, i64 56
  %v56 = load float, ptr %p56, align 4
  %p57 = getelementptr inbounds float, ptr %d, i64 57
  %v57 = load float, ptr %p57, align 4
  %p58 = getelementptr inbounds float, ptr %d, i64 58
  %v58 = load float, ptr %p58, align 4
  %p59 = getelementptr inbounds float, ptr %d, i64 59
  %v59 = load float, ptr %p59, align 4
  %p60 = getelementptr inbounds float, ptr %d, i64 60
  %v60 = load float, ptr %p60, align 4
  %p61 = getelementptr inbounds float, ptr %d, i64 61
  %v61 = load float, ptr %p61, align 4
  %p62 = getelementptr inbounds float, ptr %d, i64 62
  %v62 = load float, ptr %p62, align 4
  %p63 = getelementptr inbounds float, ptr %d, i64 63
  %v63 = load float, ptr %p63, align 4
  %p64 = getelementptr inbounds float, ptr %d, i64 64
  %v64 = load float, ptr %p64, align 4
  %p65 = getelementptr inbounds float, ptr %d, i64 65
  %v65 = load float, ptr %p65, align 4
  %p66 = getelementptr inbounds float, ptr %d, i64 66
  %v66 = load float, ptr %p66, align 4
  %p67 = getelementptr inbounds float, ptr %d, i64 67
  %v67 = load float, ptr %p67, align 4
  %p68 = getelementptr inbounds float, ptr %d, i64 68
  %v68 = load float, ptr %p68, align 4
  %p69 = getelementptr inbounds float, ptr %d, i64 69
  %v69 = load float, ptr %p69, align 4
  %p70 = getelementptr inbounds float, ptr %d, i64 70
  %v70 = load float, ptr %p70, align 4
  %p71 = getelementptr inbounds float, ptr %d, i64 71
  %v71 = load float, ptr %p71, align 4
  %p72 = getelementptr inbounds float, ptr %d, i64 72
  %v72 = load float, ptr %p72, align 4
  %p73 = getelementptr inbounds float, ptr %d, i64 73
  %v73 = load float, ptr %p73, align 4
  %p74 = getelementptr inbounds float, ptr %d, i64 74
  %v74 = load float, ptr %p74, align 4
  %p75 = getelementptr inbounds float, ptr %d, i64 75
  %v75 = load float, ptr %p75, align 4
  %p76 = getelementptr inbounds float, ptr %d, i64 76
  %v76 = load float, ptr %p76, align 4
  %p77 = getelementptr inbounds float, ptr %d, i64 77
  %v77 = load float, ptr %p77, align 4
  %p78 = getelementptr inbounds float, ptr %d, i64 78
  %v78 = load float, ptr %p78, align 4
  %p79 = getelementptr inbounds float, ptr %d, i64 79
  %v79 = load float, ptr %p79, align 4
  %p80 = getelementptr inbounds float, ptr %d, i64 80
  %v80 = load float, ptr %p80, align 4
  %p81 = getelementptr inbounds float, ptr %d, i64 81
  %v81 = load float, ptr %p81, align 4
  %p82 = getelementptr inbounds float, ptr %d, i64 82
  %v82 = load float, ptr %p82, align 4
  %p83 = getelementptr inbounds float, ptr %d, i64 83
  %v83 = load float, ptr %p83, align 4
  %p84 = getelementptr inbounds float, ptr %d, i64 84
  %v84 = load float, ptr %p84, align 4
  %p85 = getelementptr inbounds float, ptr %d, i64 85
  %v85 = load float, ptr %p85, align 4
  %p86 = getelementptr inbounds float, ptr %d, i64 86
  %v86 = load float, ptr %p86, align 4
  %p87 = getelementptr inbounds float, ptr %d, i64 87
  %v87 = load float, ptr %p87, align 4
  %p88 = getelementptr inbounds float, ptr %d, i64 88
  %v88 = load float, ptr %p88, align 4
  %p89 = getelementptr inbounds float, ptr %d, i64 89
  %v89 = load float, ptr %p89, align 4
  %p90 = getelementptr inbounds float, ptr %d, i64 90
  %v90 = load float, ptr %p90, align 4
  %p91 = getelementptr inbounds float, ptr %d, i64 91
  %v91 = load float, ptr %p91, align 4
  %p92 = getelementptr inbounds float, ptr %d, i64 92
  %v92 = load float, ptr %p92, align 4
  %p93 = getelementptr inbounds float, ptr %d, i64 93
  %v93 = load float, ptr %p93, align 4
  %p94 = getelementptr inbounds float, ptr %d, i64 94
  %v94 = load float, ptr %p94, align 4
  %p95 = getelementptr inbounds float, ptr %d, i64 95
  %v95 = load float, ptr %p95, align 4
  %p96 = getelementptr inbounds float, ptr %d, i64 96
  %v96 = load float, ptr %p96, align 4
  %p97 = getelementptr inbounds float, ptr %d, i64 97
  %v97 = load float, ptr %p97, align 4
  %p98 = getelementptr inbounds float, ptr %d, i64 98
  %v98 = load float, ptr %p98, align 4
  %p99 = getelementptr inbounds float, ptr %d, i64 99
  %v99 = load float, ptr %p99, align 4
  %p100 = getelementptr inbounds float, ptr %d, i64 100
  %v100 = load float, ptr %p100, align 4
  %p101 = getelementptr inbounds float, ptr %d, i64 101
  %v101 = load float, ptr %p101, align 4
  %p102 = getelementptr inbounds float, ptr %d, i64 102
  %v102 = load float, ptr %p102, align 4
  %p103 = getelementptr inbounds float, ptr %d, i64 103
  %v103 = load float, ptr %p103, align 4
  %p104 = getelementptr inbounds float, ptr %d, i64 104
  %v104 = load float, ptr %p104, align 4
  %p105 = getelementptr inbounds float, ptr %d, i64 105
  %v105 = load float, ptr %p105, align 4
  %p106 = getelementptr inbounds float, ptr %d, i64 106
  %v106 = load float, ptr %p106, align 4
  %p107 = getelementptr inbounds float, ptr %d, i64 107
  %v107 = load float, ptr %p107, align 4
  %p108 = getelementptr inbounds float, ptr %d, i64 108
  %v108 = load float, ptr %p108, align 4
  %p109 = getelementptr inbounds float, ptr %d, i64 109
  %v109 = load float, ptr %p109, align 4
  %p110 = getelementptr inbounds float, ptr %d, i64 110
  %v110 = load float, ptr %p110, align 4
  %p111 = getelementptr inbounds float, ptr %d, i64 111
  %v111 = load float, ptr %p111, align 4
  %p112 = getelementptr inbounds float, ptr %d, i64 112
  %v112 = load float, ptr %p112, align 4
  %p113 = getelementptr inbounds float, ptr %d, i64 113
  %v113 = load float, ptr %p113, align 4
  %p114 = getelementptr inbounds float, ptr %d, i64 114
  %v114 = load float, ptr %p114, align 4
  %p115 = getelementptr inbounds float, ptr %d, i64 115
  %v115 = load float, ptr %p115, align 4
  %p116 = getelementptr inbounds float, ptr %d, i64 116
  %v116 = load float, ptr %p116, align 4
  %p117 = getelementptr inbounds float, ptr %d, i64 117
  %v117 = load float, ptr %p117, align 4
  %p118 = getelementptr inbounds float, ptr %d, i64 118
  %v118 = load float, ptr %p118, align 4
  %p119 = getelementptr inbounds float, ptr %d, i64 119
  %v119 = load float, ptr %p119, align 4
  %p120 = getelementptr inbounds float, ptr %d, i64 120
  %v120 = load float, ptr %p120, align 4
  %p121 = getelementptr inbounds float, ptr %d, i64 121
  %v121 = load float, ptr %p121, align 4
  %p122 = getelementptr inbounds float, ptr %d, i64 122
  %v122 = load float, ptr %p122, align 4
  %p123 = getelementptr inbounds float, ptr %d, i64 123
  %v123 = load float, ptr %p123, align 4
  %p124 = getelementptr inbounds float, ptr %d, i64 124
  %v124 = load float, ptr %p124, align 4
  %p125 = getelementptr inbounds float, ptr %d, i64 125
  %v125 = load float, ptr %p125, align 4
  %p126 = getelementptr inbounds float, ptr %d, i64 126
  %v126 = load float, ptr %p126, align 4
  %p127 = getelementptr inbounds float, ptr %d, i64 127
  %v127 = load float, ptr %p127, align 4
  %r = call {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} asm sideeffect "wgmma.wait_group.sync.aligned 0;", "=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50,51,52,53,54,55,56,57,58,59,60,61,62,63,64,65,66,67,68,69,70,71,72,73,74,75,76,77,78,79,80,81,82,83,84,85,86,87,88,89,90,91,92,93,94,95,96,97,98,99,100,101,102,103,104,105,106,107,108,109,110,111,112,113,114,115,116,117,118,119,120,121,122,123,124,125,126,127,~{memory}"(float %v0, float %v1, float %v2, float %v3, float %v4, float %v5, float %v6, float %v7, float %v8, float %v9, float %v10, float %v11, float %v12, float %v13, float %v14, float %v15, float %v16, float %v17, float %v18, float %v19, float %v20, float %v21, float %v22, float %v23, float %v24, float %v25, float %v26, float %v27, float %v28, float %v29, float %v30, float %v31, float %v32, float %v33, float %v34, float %v35, float %v36, float %v37, float %v38, float %v39, float %v40, float %v41, float %v42, float %v43, float %v44, float %v45, float %v46, float %v47, float %v48, float %v49, float %v50, float %v51, float %v52, float %v53, float %v54, float %v55, float %v56, float %v57, float %v58, float %v59, float %v60, float %v61, float %v62, float %v63, float %v64, float %v65, float %v66, float %v67, float %v68, float %v69, float %v70, float %v71, float %v72, float %v73, float %v74, float %v75, float %v76, float %v77, float %v78, float %v79, float %v80, float %v81, float %v82, float %v83, float %v84, float %v85, float %v86, float %v87, float %v88, float %v89, float %v90, float %v91, float %v92, float %v93, float %v94, float %v95, float %v96, float %v97, float %v98, float %v99, float %v100, float %v101, float %v102, float %v103, float %v104, float %v105, float %v106, float %v107, float %v108, float %v109, float %v110, float %v111, float %v112, float %v113, float %v114, float %v115, float %v116, float %v117, float %v118, float %v119, float %v120, float %v121, float %v122, float %v123, float %v124, float %v125, float %v126, float %v127)
  %o0 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 0
  store float %o0, ptr %p0, align 4
  %o1 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 1
  store float %o1, ptr %p1, align 4
  %o2 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 2
  store float %o2, ptr %p2, align 4
  %o3 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 3
  store float %o3, ptr %p3, align 4
  %o4 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 4
  store float %o4, ptr %p4, align 4
  %o5 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 5
  store float %o5, ptr %p5, align 4
  %o6 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 6
  store float %o6, ptr %p6, align 4
  %o7 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 7
  store float %o7, ptr %p7, align 4
  %o8 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 8
  store float %o8, ptr %p8, align 4
  %o9 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 9
  store float %o9, ptr %p9, align 4
  %o10 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 10
  store float %o10, ptr %p10, align 4
  %o11 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 11
  store float %o11, ptr %p11, align 4
  %o12 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 12
  store float %o12, ptr %p12, align 4
  %o13 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 13
  store float %o13, ptr %p13, align 4
  %o14 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 14
  store float %o14, ptr %p14, align 4
  %o15 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 15
  store float %o15, ptr %p15, align 4
  %o16 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 16
  store float %o16, ptr %p16, align 4
  %o17 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 17
  store float %o17, ptr %p17, align 4
  %o18 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 18
  store float %o18, ptr %p18, align 4
  %o19 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 19
  store float %o19, ptr %p19, align 4
  %o20 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 20
  store float %o20, ptr %p20, align 4
  %o21 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 21
  store float %o21, ptr %p21, align 4
  %o22 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 22
  store float %o22, ptr %p22, align 4
  %o23 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 23
  store float %o23, ptr %p23, align 4
  %o24 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 24
  store float %o24, ptr %p24, align 4
  %o25 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 25
  store float %o25, ptr %p25, align 4
  %o26 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 26
  store float %o26, ptr %p26, align 4
  %o27 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 27
  store float %o27, ptr %p27, align 4
  %o28 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 28
  store float %o28, ptr %p28, align 4
  %o29 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 29
  store float %o29, ptr %p29, align 4
  %o30 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 30
  store float %o30, ptr %p30, align 4
  %o31 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 31
  store float %o31, ptr %p31, align 4
  %o32 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 32
  store float %o32, ptr %p32, align 4
  %o33 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 33
  store float %o33, ptr %p33, align 4
  %o34 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 34
  store float %o34, ptr %p34, align 4
  %o35 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 35
  store float %o35, ptr %p35, align 4
  %o36 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 36
  store float %o36, ptr %p36, align 4
  %o37 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 37
  store float %o37, ptr %p37, align 4
  %o38 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 38
  store float %o38, ptr %p38, align 4
  %o39 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 39
  store float %o39, ptr %p39, align 4
  %o40 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 40
  store float %o40, ptr %p40, align 4
  %o41 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 41
  store float %o41, ptr %p41, align 4
  %o42 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 42
  store float %o42, ptr %p42, align 4
  %o43 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 43
  store float %o43, ptr %p43, align 4
  %o44 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 44
  store float %o44, ptr %p44, align 4
  %o45 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 45
  store float %o45, ptr %p45, align 4
  %o46 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 46
  store float %o46, ptr %p46, align 4
  %o47 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 47
  store float %o47, ptr %p47, align 4
  %o48 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 48
  store float %o48, ptr %p48, align 4
  %o49 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 49
  store float %o49, ptr %p49, align 4
  %o50 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 50
  store float %o50, ptr %p50, align 4
  %o51 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 51
  store float %o51, ptr %p51, align 4
  %o52 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 52
  store float %o52, ptr %p52, align 4
  %o53 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 53
  store float %o53, ptr %p53, align 4
  %o54 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 54
  store float %o54, ptr %p54, align 4
  %o55 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 55
  store float %o55, ptr %p55, align 4
  %o56 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 56
  store float %o56, ptr %p56, align 4
  %o57 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 57
  store float %o57, ptr %p57, align 4
  %o58 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 58
  store float %o58, ptr %p58, align 4
  %o59 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 59
  store float %o59, ptr %p59, align 4
  %o60 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 60
  store float %o60, ptr %p60, align 4
  %o61 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 61
  store float %o61, ptr %p61, align 4
  %o62 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 62
  store float %o62, ptr %p62, align 4
  %o63 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 63
  store float %o63, ptr %p63, align 4
  %o64 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 64
  store float %o64, ptr %p64, align 4
  %o65 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 65
  store float %o65, ptr %p65, align 4
  %o66 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 66
  store float %o66, ptr %p66, align 4
  %o67 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 67
  store float %o67, ptr %p67, align 4
  %o68 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 68
  store float %o68, ptr %p68, align 4
  %o69 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 69
  store float %o69, ptr %p69, align 4
  %o70 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 70
  store float %o70, ptr %p70, align 4
  %o71 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 71
  store float %o71, ptr %p71, align 4
  %o72 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 72
  store float %o72, ptr %p72, align 4
  %o73 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 73
  store float %o73, ptr %p73, align 4
  %o74 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 74
  store float %o74, ptr %p74, align 4
  %o75 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 75
  store float %o75, ptr %p75, align 4
  %o76 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 76
  store float %o76, ptr %p76, align 4
  %o77 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 77
  store float %o77, ptr %p77, align 4
  %o78 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 78
  store float %o78, ptr %p78, align 4
  %o79 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 79
  store float %o79, ptr %p79, align 4
  %o80 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 80
  store float %o80, ptr %p80, align 4
  %o81 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 81
  store float %o81, ptr %p81, align 4
  %o82 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 82
  store float %o82, ptr %p82, align 4
  %o83 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 83
  store float %o83, ptr %p83, align 4
  %o84 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 84
  store float %o84, ptr %p84, align 4
  %o85 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 85
  store float %o85, ptr %p85, align 4
  %o86 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 86
  store float %o86, ptr %p86, align 4
  %o87 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 87
  store float %o87, ptr %p87, align 4
  %o88 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 88
  store float %o88, ptr %p88, align 4
  %o89 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 89
  store float %o89, ptr %p89, align 4
  %o90 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 90
  store float %o90, ptr %p90, align 4
  %o91 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 91
  store float %o91, ptr %p91, align 4
  %o92 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 92
  store float %o92, ptr %p92, align 4
  %o93 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 93
  store float %o93, ptr %p93, align 4
  %o94 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 94
  store float %o94, ptr %p94, align 4
  %o95 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 95
  store float %o95, ptr %p95, align 4
  %o96 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 96
  store float %o96, ptr %p96, align 4
  %o97 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 97
  store float %o97, ptr %p97, align 4
  %o98 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 98
  store float %o98, ptr %p98, align 4
  %o99 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 99
  store float %o99, ptr %p99, align 4
  %o100 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 100
  store float %o100, ptr %p100, align 4
  %o101 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 101
  store float %o101, ptr %p101, align 4
  %o102 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 102
  store float %o102, ptr %p102, align 4
  %o103 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 103
  store float %o103, ptr %p103, align 4
  %o104 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 104
  store float %o104, ptr %p104, align 4
  %o105 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 105
  store float %o105, ptr %p105, align 4
  %o106 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 106
  store float %o106, ptr %p106, align 4
  %o107 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 107
  store float %o107, ptr %p107, align 4
  %o108 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 108
  store float %o108, ptr %p108, align 4
  %o109 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 109
  store float %o109, ptr %p109, align 4
  %o110 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 110
  store float %o110, ptr %p110, align 4
  %o111 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 111
  store float %o111, ptr %p111, align 4
  %o112 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 112
  store float %o112, ptr %p112, align 4
  %o113 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 113
  store float %o113, ptr %p113, align 4
  %o114 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 114
  store float %o114, ptr %p114, align 4
  %o115 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 115
  store float %o115, ptr %p115, align 4
  %o116 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 116
  store float %o116, ptr %p116, align 4
  %o117 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 117
  store float %o117, ptr %p117, align 4
  %o118 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 118
  store float %o118, ptr %p118, align 4
  %o119 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 119
  store float %o119, ptr %p119, align 4
  %o120 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 120
  store float %o120, ptr %p120, align 4
  %o121 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 121
  store float %o121, ptr %p121, align 4
  %o122 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 122
  store float %o122, ptr %p122, align 4
  %o123 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 123
  store float %o123, ptr %p123, align 4
  %o124 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 124
  store float %o124, ptr %p124, align 4
  %o125 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 125
  store float %o125, ptr %p125, align 4
  %o126 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 126
  store float %o126, ptr %p126, align 4
  %o127 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r, 127
  store float %o127, ptr %p127, align 4
  ret void
}
; `stmatrix.sync.aligned.m8n8.x4.shared.b16` (sm_90): the warp stores four 8 × 8 matrices of 16-bit
; elements to shared memory, lane 8j + r giving the address of row r of matrix j (16 bytes), each
; lane's word j holding two consecutive elements of matrix j's row lane / 4 (columns 2 (lane % 4)
; and + 1): the inverse of `ldmatrix.x4`. `src/hopper.rs` (`WgStaging`) stores accumulators with it.
define void @__oxpack_sm90a_stmatrix_x4(ptr %p, i32 %r0, i32 %r1, i32 %r2, i32 %r3) #2 {
  %s = addrspacecast ptr %p to ptr addrspace(3)
  %i = ptrtoint ptr addrspace(3) %s to i64
  %a = trunc i64 %i to i32
  call void asm sideeffect "stmatrix.sync.aligned.m8n8.x4.shared.b16 [$0], {$1, $2, $3, $4};", "r,r,r,r,r,~{memory}"(i32 %a, i32 %r0, i32 %r1, i32 %r2, i32 %r3)
  ret void
}
; tf32 `wgmma` (sm_90a): as the bf16 ones above, m64nNk8 with f32 operands in shared memory read
; as tf32 (both K-major: tf32 takes no transpose immediates).
define void @__oxpack_sm90a_wgmma_m64n64k8_tf32(ptr %d, i64 %da, i64 %db) #2 {
  %p0 = getelementptr inbounds float, ptr %d, i64 0
  %v0 = load float, ptr %p0, align 4
  %p1 = getelementptr inbounds float, ptr %d, i64 1
  %v1 = load float, ptr %p1, align 4
  %p2 = getelementptr inbounds float, ptr %d, i64 2
  %v2 = load float, ptr %p2, align 4
  %p3 = getelementptr inbounds float, ptr %d, i64 3
  %v3 = load float, ptr %p3, align 4
  %p4 = getelementptr inbounds float, ptr %d, i64 4
  %v4 = load float, ptr %p4, align 4
  %p5 = getelementptr inbounds float, ptr %d, i64 5
  %v5 = load float, ptr %p5, align 4
  %p6 = getelementptr inbounds float, ptr %d, i64 6
  %v6 = load float, ptr %p6, align 4
  %p7 = getelementptr inbounds float, ptr %d, i64 7
  %v7 = load float, ptr %p7, align 4
  %p8 = getelementptr inbounds float, ptr %d, i64 8
  %v8 = load float, ptr %p8, align 4
  %p9 = getelementptr inbounds float, ptr %d, i64 9
  %v9 = load float, ptr %p9, align 4
  %p10 = getelementptr inbounds float, ptr %d, i64 10
  %v10 = load float, ptr %p10, align 4
  %p11 = getelementptr inbounds float, ptr %d, i64 11
  %v11 = load float, ptr %p11, align 4
  %p12 = getelementptr inbounds float, ptr %d, i64 12
  %v12 = load float, ptr %p12, align 4
  %p13 = getelementptr inbounds float, ptr %d, i64 13
  %v13 = load float, ptr %p13, align 4
  %p14 = getelementptr inbounds float, ptr %d, i64 14
  %v14 = load float, ptr %p14, align 4
  %p15 = getelementptr inbounds float, ptr %d, i64 15
  %v15 = load float, ptr %p15, align 4
  %p16 = getelementptr inbounds float, ptr %d, i64 16
  %v16 = load float, ptr %p16, align 4
  %p17 = getelementptr inbounds float, ptr %d, i64 17
  %v17 = load float, ptr %p17, align 4
  %p18 = getelementptr inbounds float, ptr %d, i64 18
  %v18 = load float, ptr %p18, align 4
  %p19 = getelementptr inbounds float, ptr %d, i64 19
  %v19 = load float, ptr %p19, align 4
  %p20 = getelementptr inbounds float, ptr %d, i64 20
  %v20 = load float, ptr %p20, align 4
  %p21 = getelementptr inbounds float, ptr %d, i64 21
  %v21 = load float, ptr %p21, align 4
  %p22 = getelementptr inbounds float, ptr %d, i64 22
  %v22 = load float, ptr %p22, align 4
  %p23 = getelementptr inbounds float, ptr %d, i64 23
  %v23 = load float, ptr %p23, align 4
  %p24 = getelementptr inbounds float, ptr %d, i64 24
  %v24 = load float, ptr %p24, align 4
  %p25 = getelementptr inbounds float, ptr %d, i64 25
  %v25 = load float, ptr %p25, align 4
  %p26 = getelementptr inbounds float, ptr %d, i64 26
  %v26 = load float, ptr %p26, align 4
  %p27 = getelementptr inbounds float, ptr %d, i64 27
  %v27 = load float, ptr %p27, align 4
  %p28 = getelementptr inbounds float, ptr %d, i64 28
  %v28 = load float, ptr %p28, align 4
  %p29 = getelementptr inbounds float, ptr %d, i64 29
  %v29 = load float, ptr %p29, align 4
  %p30 = getelementptr inbounds float, ptr %d, i64 30
  %v30 = load float, ptr %p30, align 4
  %p31 = getelementptr inbounds float, ptr %d, i64 31
  %v31 = load float, ptr %p31, align 4
  %res = call {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} asm sideeffect "{\0A\09.reg .pred p;\0A\09setp.ne.b32 p, $34, 0;\0A\09wgmma.mma_async.sync.aligned.m64n64k8.f32.tf32.tf32 {$0,$1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,$16,$17,$18,$19,$20,$21,$22,$23,$24,$25,$26,$27,$28,$29,$30,$31}, $32, $33, p, 1, 1;\0A\09}", "=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,l,l,r,0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,~{memory}"(i64 %da, i64 %db, i32 1, float %v0, float %v1, float %v2, float %v3, float %v4, float %v5, float %v6, float %v7, float %v8, float %v9, float %v10, float %v11, float %v12, float %v13, float %v14, float %v15, float %v16, float %v17, float %v18, float %v19, float %v20, float %v21, float %v22, float %v23, float %v24, float %v25, float %v26, float %v27, float %v28, float %v29, float %v30, float %v31)
  %o0 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 0
  store float %o0, ptr %p0, align 4
  %o1 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 1
  store float %o1, ptr %p1, align 4
  %o2 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 2
  store float %o2, ptr %p2, align 4
  %o3 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 3
  store float %o3, ptr %p3, align 4
  %o4 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 4
  store float %o4, ptr %p4, align 4
  %o5 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 5
  store float %o5, ptr %p5, align 4
  %o6 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 6
  store float %o6, ptr %p6, align 4
  %o7 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 7
  store float %o7, ptr %p7, align 4
  %o8 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 8
  store float %o8, ptr %p8, align 4
  %o9 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 9
  store float %o9, ptr %p9, align 4
  %o10 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 10
  store float %o10, ptr %p10, align 4
  %o11 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 11
  store float %o11, ptr %p11, align 4
  %o12 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 12
  store float %o12, ptr %p12, align 4
  %o13 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 13
  store float %o13, ptr %p13, align 4
  %o14 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 14
  store float %o14, ptr %p14, align 4
  %o15 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 15
  store float %o15, ptr %p15, align 4
  %o16 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 16
  store float %o16, ptr %p16, align 4
  %o17 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 17
  store float %o17, ptr %p17, align 4
  %o18 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 18
  store float %o18, ptr %p18, align 4
  %o19 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 19
  store float %o19, ptr %p19, align 4
  %o20 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 20
  store float %o20, ptr %p20, align 4
  %o21 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 21
  store float %o21, ptr %p21, align 4
  %o22 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 22
  store float %o22, ptr %p22, align 4
  %o23 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 23
  store float %o23, ptr %p23, align 4
  %o24 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 24
  store float %o24, ptr %p24, align 4
  %o25 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 25
  store float %o25, ptr %p25, align 4
  %o26 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 26
  store float %o26, ptr %p26, align 4
  %o27 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 27
  store float %o27, ptr %p27, align 4
  %o28 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 28
  store float %o28, ptr %p28, align 4
  %o29 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 29
  store float %o29, ptr %p29, align 4
  %o30 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 30
  store float %o30, ptr %p30, align 4
  %o31 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 31
  store float %o31, ptr %p31, align 4
  ret void
}
define void @__oxpack_sm90a_wgmma_m64n128k8_tf32(ptr %d, i64 %da, i64 %db) #2 {
  %p0 = getelementptr inbounds float, ptr %d, i64 0
  %v0 = load float, ptr %p0, align 4
  %p1 = getelementptr inbounds float, ptr %d, i64 1
  %v1 = load float, ptr %p1, align 4
  %p2 = getelementptr inbounds float, ptr %d, i64 2
  %v2 = load float, ptr %p2, align 4
  %p3 = getelementptr inbounds float, ptr %d, i64 3
  %v3 = load float, ptr %p3, align 4
  %p4 = getelementptr inbounds float, ptr %d, i64 4
  %v4 = load float, ptr %p4, align 4
  %p5 = getelementptr inbounds float, ptr %d, i64 5
  %v5 = load float, ptr %p5, align 4
  %p6 = getelementptr inbounds float, ptr %d, i64 6
  %v6 = load float, ptr %p6, align 4
  %p7 = getelementptr inbounds float, ptr %d, i64 7
  %v7 = load float, ptr %p7, align 4
  %p8 = getelementptr inbounds float, ptr %d, i64 8
  %v8 = load float, ptr %p8, align 4
  %p9 = getelementptr inbounds float, ptr %d, i64 9
  %v9 = load float, ptr %p9, align 4
  %p10 = getelementptr inbounds float, ptr %d, i64 10
  %v10 = load float, ptr %p10, align 4
  %p11 = getelementptr inbounds float, ptr %d, i64 11
  %v11 = load float, ptr %p11, align 4
  %p12 = getelementptr inbounds float, ptr %d, i64 12
  %v12 = load float, ptr %p12, align 4
  %p13 = getelementptr inbounds float, ptr %d, i64 13
  %v13 = load float, ptr %p13, align 4
  %p14 = getelementptr inbounds float, ptr %d, i64 14
  %v14 = load float, ptr %p14, align 4
  %p15 = getelementptr inbounds float, ptr %d, i64 15
  %v15 = load float, ptr %p15, align 4
  %p16 = getelementptr inbounds float, ptr %d, i64 16
  %v16 = load float, ptr %p16, align 4
  %p17 = getelementptr inbounds float, ptr %d, i64 17
  %v17 = load float, ptr %p17, align 4
  %p18 = getelementptr inbounds float, ptr %d, i64 18
  %v18 = load float, ptr %p18, align 4
  %p19 = getelementptr inbounds float, ptr %d, i64 19
  %v19 = load float, ptr %p19, align 4
  %p20 = getelementptr inbounds float, ptr %d, i64 20
  %v20 = load float, ptr %p20, align 4
  %p21 = getelementptr inbounds float, ptr %d, i64 21
  %v21 = load float, ptr %p21, align 4
  %p22 = getelementptr inbounds float, ptr %d, i64 22
  %v22 = load float, ptr %p22, align 4
  %p23 = getelementptr inbounds float, ptr %d, i64 23
  %v23 = load float, ptr %p23, align 4
  %p24 = getelementptr inbounds float, ptr %d, i64 24
  %v24 = load float, ptr %p24, align 4
  %p25 = getelementptr inbounds float, ptr %d, i64 25
  %v25 = load float, ptr %p25, align 4
  %p26 = getelementptr inbounds float, ptr %d, i64 26
  %v26 = load float, ptr %p26, align 4
  %p27 = getelementptr inbounds float, ptr %d, i64 27
  %v27 = load float, ptr %p27, align 4
  %p28 = getelementptr inbounds float, ptr %d, i64 28
  %v28 = load float, ptr %p28, align 4
  %p29 = getelementptr inbounds float, ptr %d, i64 29
  %v29 = load float, ptr %p29, align 4
  %p30 = getelementptr inbounds float, ptr %d, i64 30
  %v30 = load float, ptr %p30, align 4
  %p31 = getelementptr inbounds float, ptr %d, i64 31
  %v31 = load float, ptr %p31, align 4
  %p32 = getelementptr inbounds float, ptr %d, i64 32
  %v32 = load float, ptr %p32, align 4
  %p33 = getelementptr inbounds float, ptr %d, i64 33
  %v33 = load float, ptr %p33, align 4
  %p34 = getelementptr inbounds float, ptr %d, i64 34
  %v34 = load float, ptr %p34, align 4
  %p35 = getelementptr inbounds float, ptr %d, i64 35
  %v35 = load float, ptr %p35, align 4
  %p36 = getelementptr inbounds float, ptr %d, i64 36
  %v36 = load float, ptr %p36, align 4
  %p37 = getelementptr inbounds float, ptr %d, i64 37
  %v37 = load float, ptr %p37, align 4
  %p38 = getelementptr inbounds float, ptr %d, i64 38
  %v38 = load float, ptr %p38, align 4
  %p39 = getelementptr inbounds float, ptr %d, i64 39
  %v39 = load float, ptr %p39, align 4
  %p40 = getelementptr inbounds float, ptr %d, i64 40
  %v40 = load float, ptr %p40, align 4
  %p41 = getelementptr inbounds float, ptr %d, i64 41
  %v41 = load float, ptr %p41, align 4
  %p42 = getelementptr inbounds float, ptr %d, i64 42
  %v42 = load float, ptr %p42, align 4
  %p43 = getelementptr inbounds float, ptr %d, i64 43
  %v43 = load float, ptr %p43, align 4
  %p44 = getelementptr inbounds float, ptr %d, i64 44
  %v44 = load float, ptr %p44, align 4
  %p45 = getelementptr inbounds float, ptr %d, i64 45
  %v45 = load float, ptr %p45, align 4
  %p46 = getelementptr inbounds float, ptr %d, i64 46
  %v46 = load float, ptr %p46, align 4
  %p47 = getelementptr inbounds float, ptr %d, i64 47
  %v47 = load float, ptr %p47, align 4
  %p48 = getelementptr inbounds float, ptr %d, i64 48
  %v48 = load float, ptr %p48, align 4
  %p49 = getelementptr inbounds float, ptr %d, i64 49
  %v49 = load float, ptr %p49, align 4
  %p50 = getelementptr inbounds float, ptr %d, i64 50
  %v50 = load float, ptr %p50, align 4
  %p51 = getelementptr inbounds float, ptr %d, i64 51
  %v51 = load float, ptr %p51, align 4
  %p52 = getelementptr inbounds float, ptr %d, i64 52
  %v52 = load float, ptr %p52, align 4
  %p53 = getelementptr inbounds float, ptr %d, i64 53
  %v53 = load float, ptr %p53, align 4
  %p54 = getelementptr inbounds float, ptr %d, i64 54
  %v54 = load float, ptr %p54, align 4
  %p55 = getelementptr inbounds float, ptr %d, i64 55
  %v55 = load float, ptr %p55, align 4
  %p56 = getelementptr inbounds float, ptr %d, i64 56
  %v56 = load float, ptr %p56, align 4
  %p57 = getelementptr inbounds float, ptr %d, i64 57
  %v57 = load float, ptr %p57, align 4
  %p58 = getelementptr inbounds float, ptr %d, i64 58
  %v58 = load float, ptr %p58, align 4
  %p59 = getelementptr inbounds float, ptr %d, i64 59
  %v59 = load float, ptr %p59, align 4
  %p60 = getelementptr inbounds float, ptr %d, i64 60
  %v60 = load float, ptr %p60, align 4
  %p61 = getelementptr inbounds float, ptr %d, i64 61
  %v61 = load float, ptr %p61, align 4
  %p62 = getelementptr inbounds float, ptr %d, i64 62
  %v62 = load float, ptr %p62, align 4
  %p63 = getelementptr inbounds float, ptr %d, i64 63
  %v63 = load float, ptr %p63, align 4
  %res = call {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} asm sideeffect "{\0A\09.reg .pred p;\0A\09setp.ne.b32 p, $66, 0;\0A\09wgmma.mma_async.sync.aligned.m64n128k8.f32.tf32.tf32 {$0,$1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,$16,$17,$18,$19,$20,$21,$22,$23,$24,$25,$26,$27,$28,$29,$30,$31,$32,$33,$34,$35,$36,$37,$38,$39,$40,$41,$42,$43,$44,$45,$46,$47,$48,$49,$50,$51,$52,$53,$54,$55,$56,$57,$58,$59,$60,$61,$62,$63}, $64, $65, p, 1, 1;\0A\09}", "=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,l,l,r,0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50,51,52,53,54,55,56,57,58,59,60,61,62,63,~{memory}"(i64 %da, i64 %db, i32 1, float %v0, float %v1, float %v2, float %v3, float %v4, float %v5, float %v6, float %v7, float %v8, float %v9, float %v10, float %v11, float %v12, float %v13, float %v14, float %v15, float %v16, float %v17, float %v18, float %v19, float %v20, float %v21, float %v22, float %v23, float %v24, float %v25, float %v26, float %v27, float %v28, float %v29, float %v30, float %v31, float %v32, float %v33, float %v34, float %v35, float %v36, float %v37, float %v38, float %v39, float %v40, float %v41, float %v42, float %v43, float %v44, float %v45, float %v46, float %v47, float %v48, float %v49, float %v50, float %v51, float %v52, float %v53, float %v54, float %v55, float %v56, float %v57, float %v58, float %v59, float %v60, float %v61, float %v62, float %v63)
  %o0 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 0
  store float %o0, ptr %p0, align 4
  %o1 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 1
  store float %o1, ptr %p1, align 4
  %o2 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 2
  store float %o2, ptr %p2, align 4
  %o3 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 3
  store float %o3, ptr %p3, align 4
  %o4 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 4
  store float %o4, ptr %p4, align 4
  %o5 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 5
  store float %o5, ptr %p5, align 4
  %o6 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 6
  store float %o6, ptr %p6, align 4
  %o7 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 7
  store float %o7, ptr %p7, align 4
  %o8 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 8
  store float %o8, ptr %p8, align 4
  %o9 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 9
  store float %o9, ptr %p9, align 4
  %o10 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 10
  store float %o10, ptr %p10, align 4
  %o11 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 11
  store float %o11, ptr %p11, align 4
  %o12 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 12
  store float %o12, ptr %p12, align 4
  %o13 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 13
  store float %o13, ptr %p13, align 4
  %o14 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 14
  store float %o14, ptr %p14, align 4
  %o15 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 15
  store float %o15, ptr %p15, align 4
  %o16 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 16
  store float %o16, ptr %p16, align 4
  %o17 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 17
  store float %o17, ptr %p17, align 4
  %o18 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 18
  store float %o18, ptr %p18, align 4
  %o19 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 19
  store float %o19, ptr %p19, align 4
  %o20 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 20
  store float %o20, ptr %p20, align 4
  %o21 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 21
  store float %o21, ptr %p21, align 4
  %o22 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 22
  store float %o22, ptr %p22, align 4
  %o23 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 23
  store float %o23, ptr %p23, align 4
  %o24 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 24
  store float %o24, ptr %p24, align 4
  %o25 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 25
  store float %o25, ptr %p25, align 4
  %o26 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 26
  store float %o26, ptr %p26, align 4
  %o27 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 27
  store float %o27, ptr %p27, align 4
  %o28 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 28
  store float %o28, ptr %p28, align 4
  %o29 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 29
  store float %o29, ptr %p29, align 4
  %o30 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 30
  store float %o30, ptr %p30, align 4
  %o31 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 31
  store float %o31, ptr %p31, align 4
  %o32 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 32
  store float %o32, ptr %p32, align 4
  %o33 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 33
  store float %o33, ptr %p33, align 4
  %o34 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 34
  store float %o34, ptr %p34, align 4
  %o35 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 35
  store float %o35, ptr %p35, align 4
  %o36 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 36
  store float %o36, ptr %p36, align 4
  %o37 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 37
  store float %o37, ptr %p37, align 4
  %o38 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 38
  store float %o38, ptr %p38, align 4
  %o39 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 39
  store float %o39, ptr %p39, align 4
  %o40 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 40
  store float %o40, ptr %p40, align 4
  %o41 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 41
  store float %o41, ptr %p41, align 4
  %o42 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 42
  store float %o42, ptr %p42, align 4
  %o43 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 43
  store float %o43, ptr %p43, align 4
  %o44 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 44
  store float %o44, ptr %p44, align 4
  %o45 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 45
  store float %o45, ptr %p45, align 4
  %o46 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 46
  store float %o46, ptr %p46, align 4
  %o47 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 47
  store float %o47, ptr %p47, align 4
  %o48 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 48
  store float %o48, ptr %p48, align 4
  %o49 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 49
  store float %o49, ptr %p49, align 4
  %o50 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 50
  store float %o50, ptr %p50, align 4
  %o51 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 51
  store float %o51, ptr %p51, align 4
  %o52 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 52
  store float %o52, ptr %p52, align 4
  %o53 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 53
  store float %o53, ptr %p53, align 4
  %o54 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 54
  store float %o54, ptr %p54, align 4
  %o55 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 55
  store float %o55, ptr %p55, align 4
  %o56 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 56
  store float %o56, ptr %p56, align 4
  %o57 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 57
  store float %o57, ptr %p57, align 4
  %o58 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 58
  store float %o58, ptr %p58, align 4
  %o59 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 59
  store float %o59, ptr %p59, align 4
  %o60 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 60
  store float %o60, ptr %p60, align 4
  %o61 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 61
  store float %o61, ptr %p61, align 4
  %o62 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 62
  store float %o62, ptr %p62, align 4
  %o63 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 63
  store float %o63, ptr %p63, align 4
  ret void
}
define void @__oxpack_sm90a_wgmma_m64n256k8_tf32(ptr %d, i64 %da, i64 %db) #2 {
  %p0 = getelementptr inbounds float, ptr %d, i64 0
  %v0 = load float, ptr %p0, align 4
  %p1 = getelementptr inbounds float, ptr %d, i64 1
  %v1 = load float, ptr %p1, align 4
  %p2 = getelementptr inbounds float, ptr %d, i64 2
  %v2 = load float, ptr %p2, align 4
  %p3 = getelementptr inbounds float, ptr %d, i64 3
  %v3 = load float, ptr %p3, align 4
  %p4 = getelementptr inbounds float, ptr %d, i64 4
  %v4 = load float, ptr %p4, align 4
  %p5 = getelementptr inbounds float, ptr %d, i64 5
  %v5 = load float, ptr %p5, align 4
  %p6 = getelementptr inbounds float, ptr %d, i64 6
  %v6 = load float, ptr %p6, align 4
  %p7 = getelementptr inbounds float, ptr %d, i64 7
  %v7 = load float, ptr %p7, align 4
  %p8 = getelementptr inbounds float, ptr %d, i64 8
  %v8 = load float, ptr %p8, align 4
  %p9 = getelementptr inbounds float, ptr %d, i64 9
  %v9 = load float, ptr %p9, align 4
  %p10 = getelementptr inbounds float, ptr %d, i64 10
  %v10 = load float, ptr %p10, align 4
  %p11 = getelementptr inbounds float, ptr %d, i64 11
  %v11 = load float, ptr %p11, align 4
  %p12 = getelementptr inbounds float, ptr %d, i64 12
  %v12 = load float, ptr %p12, align 4
  %p13 = getelementptr inbounds float, ptr %d, i64 13
  %v13 = load float, ptr %p13, align 4
  %p14 = getelementptr inbounds float, ptr %d, i64 14
  %v14 = load float, ptr %p14, align 4
  %p15 = getelementptr inbounds float, ptr %d, i64 15
  %v15 = load float, ptr %p15, align 4
  %p16 = getelementptr inbounds float, ptr %d, i64 16
  %v16 = load float, ptr %p16, align 4
  %p17 = getelementptr inbounds float, ptr %d, i64 17
  %v17 = load float, ptr %p17, align 4
  %p18 = getelementptr inbounds float, ptr %d, i64 18
  %v18 = load float, ptr %p18, align 4
  %p19 = getelementptr inbounds float, ptr %d, i64 19
  %v19 = load float, ptr %p19, align 4
  %p20 = getelementptr inbounds float, ptr %d, i64 20
  %v20 = load float, ptr %p20, align 4
  %p21 = getelementptr inbounds float, ptr %d, i64 21
  %v21 = load float, ptr %p21, align 4
  %p22 = getelementptr inbounds float, ptr %d, i64 22
  %v22 = load float, ptr %p22, align 4
  %p23 = getelementptr inbounds float, ptr %d, i64 23
  %v23 = load float, ptr %p23, align 4
  %p24 = getelementptr inbounds float, ptr %d, i64 24
  %v24 = load float, ptr %p24, align 4
  %p25 = getelementptr inbounds float, ptr %d, i64 25
  %v25 = load float, ptr %p25, align 4
  %p26 = getelementptr inbounds float, ptr %d, i64 26
  %v26 = load float, ptr %p26, align 4
  %p27 = getelementptr inbounds float, ptr %d, i64 27
  %v27 = load float, ptr %p27, align 4
  %p28 = getelementptr inbounds float, ptr %d, i64 28
  %v28 = load float, ptr %p28, align 4
  %p29 = getelementptr inbounds float, ptr %d, i64 29
  %v29 = load float, ptr %p29, align 4
  %p30 = getelementptr inbounds float, ptr %d, i64 30
  %v30 = load float, ptr %p30, align 4
  %p31 = getelementptr inbounds float, ptr %d, i64 31
  %v31 = load float, ptr %p31, align 4
  %p32 = getelementptr inbounds float, ptr %d, i64 32
  %v32 = load float, ptr %p32, align 4
  %p33 = getelementptr inbounds float, ptr %d, i64 33
  %v33 = load float, ptr %p33, align 4
  %p34 = getelementptr inbounds float, ptr %d, i64 34
  %v34 = load float, ptr %p34, align 4
  %p35 = getelementptr inbounds float, ptr %d, i64 35
  %v35 = load float, ptr %p35, align 4
  %p36 = getelementptr inbounds float, ptr %d, i64 36
  %v36 = load float, ptr %p36, align 4
  %p37 = getelementptr inbounds float, ptr %d, i64 37
  %v37 = load float, ptr %p37, align 4
  %p38 = getelementptr inbounds float, ptr %d, i64 38
  %v38 = load float, ptr %p38, align 4
  %p39 = getelementptr inbounds float, ptr %d, i64 39
  %v39 = load float, ptr %p39, align 4
  %p40 = getelementptr inbounds float, ptr %d, i64 40
  %v40 = load float, ptr %p40, align 4
  %p41 = getelementptr inbounds float, ptr %d, i64 41
  %v41 = load float, ptr %p41, align 4
  %p42 = getelementptr inbounds float, ptr %d, i64 42
  %v42 = load float, ptr %p42, align 4
  %p43 = getelementptr inbounds float, ptr %d, i64 43
  %v43 = load float, ptr %p43, align 4
  %p44 = getelementptr inbounds float, ptr %d, i64 44
  %v44 = load float, ptr %p44, align 4
  %p45 = getelementptr inbounds float, ptr %d, i64 45
  %v45 = load float, ptr %p45, align 4
  %p46 = getelementptr inbounds float, ptr %d, i64 46
  %v46 = load float, ptr %p46, align 4
  %p47 = getelementptr inbounds float, ptr %d, i64 47
  %v47 = load float, ptr %p47, align 4
  %p48 = getelementptr inbounds float, ptr %d, i64 48
  %v48 = load float, ptr %p48, align 4
  %p49 = getelementptr inbounds float, ptr %d, i64 49
  %v49 = load float, ptr %p49, align 4
  %p50 = getelementptr inbounds float, ptr %d, i64 50
  %v50 = load float, ptr %p50, align 4
  %p51 = getelementptr inbounds float, ptr %d, i64 51
  %v51 = load float, ptr %p51, align 4
  %p52 = getelementptr inbounds float, ptr %d, i64 52
  %v52 = load float, ptr %p52, align 4
  %p53 = getelementptr inbounds float, ptr %d, i64 53
  %v53 = load float, ptr %p53, align 4
  %p54 = getelementptr inbounds float, ptr %d, i64 54
  %v54 = load float, ptr %p54, align 4
  %p55 = getelementptr inbounds float, ptr %d, i64 55
  %v55 = load float, ptr %p55, align 4
  %p56 = getelementptr inbounds float, ptr %d, i64 56
  %v56 = load float, ptr %p56, align 4
  %p57 = getelementptr inbounds float, ptr %d, i64 57
  %v57 = load float, ptr %p57, align 4
  %p58 = getelementptr inbounds float, ptr %d, i64 58
  %v58 = load float, ptr %p58, align 4
  %p59 = getelementptr inbounds float, ptr %d, i64 59
  %v59 = load float, ptr %p59, align 4
  %p60 = getelementptr inbounds float, ptr %d, i64 60
  %v60 = load float, ptr %p60, align 4
  %p61 = getelementptr inbounds float, ptr %d, i64 61
  %v61 = load float, ptr %p61, align 4
  %p62 = getelementptr inbounds float, ptr %d, i64 62
  %v62 = load float, ptr %p62, align 4
  %p63 = getelementptr inbounds float, ptr %d, i64 63
  %v63 = load float, ptr %p63, align 4
  %p64 = getelementptr inbounds float, ptr %d, i64 64
  %v64 = load float, ptr %p64, align 4
  %p65 = getelementptr inbounds float, ptr %d, i64 65
  %v65 = load float, ptr %p65, align 4
  %p66 = getelementptr inbounds float, ptr %d, i64 66
  %v66 = load float, ptr %p66, align 4
  %p67 = getelementptr inbounds float, ptr %d, i64 67
  %v67 = load float, ptr %p67, align 4
  %p68 = getelementptr inbounds float, ptr %d, i64 68
  %v68 = load float, ptr %p68, align 4
  %p69 = getelementptr inbounds float, ptr %d, i64 69
  %v69 = load float, ptr %p69, align 4
  %p70 = getelementptr inbounds float, ptr %d, i64 70
  %v70 = load float, ptr %p70, align 4
  %p71 = getelementptr inbounds float, ptr %d, i64 71
  %v71 = load float, ptr %p71, align 4
  %p72 = getelementptr inbounds float, ptr %d, i64 72
  %v72 = load float, ptr %p72, align 4
  %p73 = getelementptr inbounds float, ptr %d, i64 73
  %v73 = load float, ptr %p73, align 4
  %p74 = getelementptr inbounds float, ptr %d, i64 74
  %v74 = load float, ptr %p74, align 4
  %p75 = getelementptr inbounds float, ptr %d, i64 75
  %v75 = load float, ptr %p75, align 4
  %p76 = getelementptr inbounds float, ptr %d, i64 76
  %v76 = load float, ptr %p76, align 4
  %p77 = getelementptr inbounds float, ptr %d, i64 77
  %v77 = load float, ptr %p77, align 4
  %p78 = getelementptr inbounds float, ptr %d, i64 78
  %v78 = load float, ptr %p78, align 4
  %p79 = getelementptr inbounds float, ptr %d, i64 79
  %v79 = load float, ptr %p79, align 4
  %p80 = getelementptr inbounds float, ptr %d, i64 80
  %v80 = load float, ptr %p80, align 4
  %p81 = getelementptr inbounds float, ptr %d, i64 81
  %v81 = load float, ptr %p81, align 4
  %p82 = getelementptr inbounds float, ptr %d, i64 82
  %v82 = load float, ptr %p82, align 4
  %p83 = getelementptr inbounds float, ptr %d, i64 83
  %v83 = load float, ptr %p83, align 4
  %p84 = getelementptr inbounds float, ptr %d, i64 84
  %v84 = load float, ptr %p84, align 4
  %p85 = getelementptr inbounds float, ptr %d, i64 85
  %v85 = load float, ptr %p85, align 4
  %p86 = getelementptr inbounds float, ptr %d, i64 86
  %v86 = load float, ptr %p86, align 4
  %p87 = getelementptr inbounds float, ptr %d, i64 87
  %v87 = load float, ptr %p87, align 4
  %p88 = getelementptr inbounds float, ptr %d, i64 88
  %v88 = load float, ptr %p88, align 4
  %p89 = getelementptr inbounds float, ptr %d, i64 89
  %v89 = load float, ptr %p89, align 4
  %p90 = getelementptr inbounds float, ptr %d, i64 90
  %v90 = load float, ptr %p90, align 4
  %p91 = getelementptr inbounds float, ptr %d, i64 91
  %v91 = load float, ptr %p91, align 4
  %p92 = getelementptr inbounds float, ptr %d, i64 92
  %v92 = load float, ptr %p92, align 4
  %p93 = getelementptr inbounds float, ptr %d, i64 93
  %v93 = load float, ptr %p93, align 4
  %p94 = getelementptr inbounds float, ptr %d, i64 94
  %v94 = load float, ptr %p94, align 4
  %p95 = getelementptr inbounds float, ptr %d, i64 95
  %v95 = load float, ptr %p95, align 4
  %p96 = getelementptr inbounds float, ptr %d, i64 96
  %v96 = load float, ptr %p96, align 4
  %p97 = getelementptr inbounds float, ptr %d, i64 97
  %v97 = load float, ptr %p97, align 4
  %p98 = getelementptr inbounds float, ptr %d, i64 98
  %v98 = load float, ptr %p98, align 4
  %p99 = getelementptr inbounds float, ptr %d, i64 99
  %v99 = load float, ptr %p99, align 4
  %p100 = getelementptr inbounds float, ptr %d, i64 100
  %v100 = load float, ptr %p100, align 4
  %p101 = getelementptr inbounds float, ptr %d, i64 101
  %v101 = load float, ptr %p101, align 4
  %p102 = getelementptr inbounds float, ptr %d, i64 102
  %v102 = load float, ptr %p102, align 4
  %p103 = getelementptr inbounds float, ptr %d, i64 103
  %v103 = load float, ptr %p103, align 4
  %p104 = getelementptr inbounds float, ptr %d, i64 104
  %v104 = load float, ptr %p104, align 4
  %p105 = getelementptr inbounds float, ptr %d, i64 105
  %v105 = load float, ptr %p105, align 4
  %p106 = getelementptr inbounds float, ptr %d, i64 106
  %v106 = load float, ptr %p106, align 4
  %p107 = getelementptr inbounds float, ptr %d, i64 107
  %v107 = load float, ptr %p107, align 4
  %p108 = getelementptr inbounds float, ptr %d, i64 108
  %v108 = load float, ptr %p108, align 4
  %p109 = getelementptr inbounds float, ptr %d, i64 109
  %v109 = load float, ptr %p109, align 4
  %p110 = getelementptr inbounds float, ptr %d, i64 110
  %v110 = load float, ptr %p110, align 4
  %p111 = getelementptr inbounds float, ptr %d, i64 111
  %v111 = load float, ptr %p111, align 4
  %p112 = getelementptr inbounds float, ptr %d, i64 112
  %v112 = load float, ptr %p112, align 4
  %p113 = getelementptr inbounds float, ptr %d, i64 113
  %v113 = load float, ptr %p113, align 4
  %p114 = getelementptr inbounds float, ptr %d, i64 114
  %v114 = load float, ptr %p114, align 4
  %p115 = getelementptr inbounds float, ptr %d, i64 115
  %v115 = load float, ptr %p115, align 4
  %p116 = getelementptr inbounds float, ptr %d, i64 116
  %v116 = load float, ptr %p116, align 4
  %p117 = getelementptr inbounds float, ptr %d, i64 117
  %v117 = load float, ptr %p117, align 4
  %p118 = getelementptr inbounds float, ptr %d, i64 118
  %v118 = load float, ptr %p118, align 4
  %p119 = getelementptr inbounds float, ptr %d, i64 119
  %v119 = load float, ptr %p119, align 4
  %p120 = getelementptr inbounds float, ptr %d, i64 120
  %v120 = load float, ptr %p120, align 4
  %p121 = getelementptr inbounds float, ptr %d, i64 121
  %v121 = load float, ptr %p121, align 4
  %p122 = getelementptr inbounds float, ptr %d, i64 122
  %v122 = load float, ptr %p122, align 4
  %p123 = getelementptr inbounds float, ptr %d, i64 123
  %v123 = load float, ptr %p123, align 4
  %p124 = getelementptr inbounds float, ptr %d, i64 124
  %v124 = load float, ptr %p124, align 4
  %p125 = getelementptr inbounds float, ptr %d, i64 125
  %v125 = load float, ptr %p125, align 4
  %p126 = getelementptr inbounds float, ptr %d, i64 126
  %v126 = load float, ptr %p126, align 4
  %p127 = getelementptr inbounds float, ptr %d, i64 127
  %v127 = load float, ptr %p127, align 4
  %res = call {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} asm sideeffect "{\0A\09.reg .pred p;\0A\09setp.ne.b32 p, $130, 0;\0A\09wgmma.mma_async.sync.aligned.m64n256k8.f32.tf32.tf32 {$0,$1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,$16,$17,$18,$19,$20,$21,$22,$23,$24,$25,$26,$27,$28,$29,$30,$31,$32,$33,$34,$35,$36,$37,$38,$39,$40,$41,$42,$43,$44,$45,$46,$47,$48,$49,$50,$51,$52,$53,$54,$55,$56,$57,$58,$59,$60,$61,$62,$63,$64,$65,$66,$67,$68,$69,$70,$71,$72,$73,$74,$75,$76,$77,$78,$79,$80,$81,$82,$83,$84,$85,$86,$87,$88,$89,$90,$91,$92,$93,$94,$95,$96,$97,$98,$99,$100,$101,$102,$103,$104,$105,$106,$107,$108,$109,$110,$111,$112,$113,$114,$115,$116,$117,$118,$119,$120,$121,$122,$123,$124,$125,$126,$127}, $128, $129, p, 1, 1;\0A\09}", "=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,l,l,r,0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50,51,52,53,54,55,56,57,58,59,60,61,62,63,64,65,66,67,68,69,70,71,72,73,74,75,76,77,78,79,80,81,82,83,84,85,86,87,88,89,90,91,92,93,94,95,96,97,98,99,100,101,102,103,104,105,106,107,108,109,110,111,112,113,114,115,116,117,118,119,120,121,122,123,124,125,126,127,~{memory}"(i64 %da, i64 %db, i32 1, float %v0, float %v1, float %v2, float %v3, float %v4, float %v5, float %v6, float %v7, float %v8, float %v9, float %v10, float %v11, float %v12, float %v13, float %v14, float %v15, float %v16, float %v17, float %v18, float %v19, float %v20, float %v21, float %v22, float %v23, float %v24, float %v25, float %v26, float %v27, float %v28, float %v29, float %v30, float %v31, float %v32, float %v33, float %v34, float %v35, float %v36, float %v37, float %v38, float %v39, float %v40, float %v41, float %v42, float %v43, float %v44, float %v45, float %v46, float %v47, float %v48, float %v49, float %v50, float %v51, float %v52, float %v53, float %v54, float %v55, float %v56, float %v57, float %v58, float %v59, float %v60, float %v61, float %v62, float %v63, float %v64, float %v65, float %v66, float %v67, float %v68, float %v69, float %v70, float %v71, float %v72, float %v73, float %v74, float %v75, float %v76, float %v77, float %v78, float %v79, float %v80, float %v81, float %v82, float %v83, float %v84, float %v85, float %v86, float %v87, float %v88, float %v89, float %v90, float %v91, float %v92, float %v93, float %v94, float %v95, float %v96, float %v97, float %v98, float %v99, float %v100, float %v101, float %v102, float %v103, float %v104, float %v105, float %v106, float %v107, float %v108, float %v109, float %v110, float %v111, float %v112, float %v113, float %v114, float %v115, float %v116, float %v117, float %v118, float %v119, float %v120, float %v121, float %v122, float %v123, float %v124, float %v125, float %v126, float %v127)
  %o0 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 0
  store float %o0, ptr %p0, align 4
  %o1 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 1
  store float %o1, ptr %p1, align 4
  %o2 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 2
  store float %o2, ptr %p2, align 4
  %o3 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 3
  store float %o3, ptr %p3, align 4
  %o4 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 4
  store float %o4, ptr %p4, align 4
  %o5 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 5
  store float %o5, ptr %p5, align 4
  %o6 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 6
  store float %o6, ptr %p6, align 4
  %o7 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 7
  store float %o7, ptr %p7, align 4
  %o8 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 8
  store float %o8, ptr %p8, align 4
  %o9 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 9
  store float %o9, ptr %p9, align 4
  %o10 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 10
  store float %o10, ptr %p10, align 4
  %o11 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 11
  store float %o11, ptr %p11, align 4
  %o12 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 12
  store float %o12, ptr %p12, align 4
  %o13 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 13
  store float %o13, ptr %p13, align 4
  %o14 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 14
  store float %o14, ptr %p14, align 4
  %o15 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 15
  store float %o15, ptr %p15, align 4
  %o16 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 16
  store float %o16, ptr %p16, align 4
  %o17 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 17
  store float %o17, ptr %p17, align 4
  %o18 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 18
  store float %o18, ptr %p18, align 4
  %o19 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 19
  store float %o19, ptr %p19, align 4
  %o20 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 20
  store float %o20, ptr %p20, align 4
  %o21 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 21
  store float %o21, ptr %p21, align 4
  %o22 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 22
  store float %o22, ptr %p22, align 4
  %o23 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 23
  store float %o23, ptr %p23, align 4
  %o24 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 24
  store float %o24, ptr %p24, align 4
  %o25 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 25
  store float %o25, ptr %p25, align 4
  %o26 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 26
  store float %o26, ptr %p26, align 4
  %o27 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 27
  store float %o27, ptr %p27, align 4
  %o28 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 28
  store float %o28, ptr %p28, align 4
  %o29 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 29
  store float %o29, ptr %p29, align 4
  %o30 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 30
  store float %o30, ptr %p30, align 4
  %o31 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 31
  store float %o31, ptr %p31, align 4
  %o32 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 32
  store float %o32, ptr %p32, align 4
  %o33 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 33
  store float %o33, ptr %p33, align 4
  %o34 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 34
  store float %o34, ptr %p34, align 4
  %o35 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 35
  store float %o35, ptr %p35, align 4
  %o36 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 36
  store float %o36, ptr %p36, align 4
  %o37 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 37
  store float %o37, ptr %p37, align 4
  %o38 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 38
  store float %o38, ptr %p38, align 4
  %o39 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 39
  store float %o39, ptr %p39, align 4
  %o40 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 40
  store float %o40, ptr %p40, align 4
  %o41 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 41
  store float %o41, ptr %p41, align 4
  %o42 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 42
  store float %o42, ptr %p42, align 4
  %o43 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 43
  store float %o43, ptr %p43, align 4
  %o44 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 44
  store float %o44, ptr %p44, align 4
  %o45 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 45
  store float %o45, ptr %p45, align 4
  %o46 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 46
  store float %o46, ptr %p46, align 4
  %o47 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 47
  store float %o47, ptr %p47, align 4
  %o48 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 48
  store float %o48, ptr %p48, align 4
  %o49 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 49
  store float %o49, ptr %p49, align 4
  %o50 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 50
  store float %o50, ptr %p50, align 4
  %o51 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 51
  store float %o51, ptr %p51, align 4
  %o52 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 52
  store float %o52, ptr %p52, align 4
  %o53 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 53
  store float %o53, ptr %p53, align 4
  %o54 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 54
  store float %o54, ptr %p54, align 4
  %o55 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 55
  store float %o55, ptr %p55, align 4
  %o56 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 56
  store float %o56, ptr %p56, align 4
  %o57 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 57
  store float %o57, ptr %p57, align 4
  %o58 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 58
  store float %o58, ptr %p58, align 4
  %o59 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 59
  store float %o59, ptr %p59, align 4
  %o60 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 60
  store float %o60, ptr %p60, align 4
  %o61 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 61
  store float %o61, ptr %p61, align 4
  %o62 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 62
  store float %o62, ptr %p62, align 4
  %o63 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 63
  store float %o63, ptr %p63, align 4
  %o64 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 64
  store float %o64, ptr %p64, align 4
  %o65 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 65
  store float %o65, ptr %p65, align 4
  %o66 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 66
  store float %o66, ptr %p66, align 4
  %o67 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 67
  store float %o67, ptr %p67, align 4
  %o68 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 68
  store float %o68, ptr %p68, align 4
  %o69 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 69
  store float %o69, ptr %p69, align 4
  %o70 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 70
  store float %o70, ptr %p70, align 4
  %o71 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 71
  store float %o71, ptr %p71, align 4
  %o72 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 72
  store float %o72, ptr %p72, align 4
  %o73 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 73
  store float %o73, ptr %p73, align 4
  %o74 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 74
  store float %o74, ptr %p74, align 4
  %o75 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 75
  store float %o75, ptr %p75, align 4
  %o76 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 76
  store float %o76, ptr %p76, align 4
  %o77 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 77
  store float %o77, ptr %p77, align 4
  %o78 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 78
  store float %o78, ptr %p78, align 4
  %o79 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 79
  store float %o79, ptr %p79, align 4
  %o80 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 80
  store float %o80, ptr %p80, align 4
  %o81 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 81
  store float %o81, ptr %p81, align 4
  %o82 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 82
  store float %o82, ptr %p82, align 4
  %o83 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 83
  store float %o83, ptr %p83, align 4
  %o84 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 84
  store float %o84, ptr %p84, align 4
  %o85 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 85
  store float %o85, ptr %p85, align 4
  %o86 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 86
  store float %o86, ptr %p86, align 4
  %o87 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 87
  store float %o87, ptr %p87, align 4
  %o88 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 88
  store float %o88, ptr %p88, align 4
  %o89 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 89
  store float %o89, ptr %p89, align 4
  %o90 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 90
  store float %o90, ptr %p90, align 4
  %o91 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 91
  store float %o91, ptr %p91, align 4
  %o92 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 92
  store float %o92, ptr %p92, align 4
  %o93 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 93
  store float %o93, ptr %p93, align 4
  %o94 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 94
  store float %o94, ptr %p94, align 4
  %o95 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 95
  store float %o95, ptr %p95, align 4
  %o96 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 96
  store float %o96, ptr %p96, align 4
  %o97 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 97
  store float %o97, ptr %p97, align 4
  %o98 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 98
  store float %o98, ptr %p98, align 4
  %o99 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 99
  store float %o99, ptr %p99, align 4
  %o100 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 100
  store float %o100, ptr %p100, align 4
  %o101 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 101
  store float %o101, ptr %p101, align 4
  %o102 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 102
  store float %o102, ptr %p102, align 4
  %o103 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 103
  store float %o103, ptr %p103, align 4
  %o104 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 104
  store float %o104, ptr %p104, align 4
  %o105 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 105
  store float %o105, ptr %p105, align 4
  %o106 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 106
  store float %o106, ptr %p106, align 4
  %o107 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 107
  store float %o107, ptr %p107, align 4
  %o108 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 108
  store float %o108, ptr %p108, align 4
  %o109 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 109
  store float %o109, ptr %p109, align 4
  %o110 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 110
  store float %o110, ptr %p110, align 4
  %o111 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 111
  store float %o111, ptr %p111, align 4
  %o112 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 112
  store float %o112, ptr %p112, align 4
  %o113 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 113
  store float %o113, ptr %p113, align 4
  %o114 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 114
  store float %o114, ptr %p114, align 4
  %o115 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 115
  store float %o115, ptr %p115, align 4
  %o116 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 116
  store float %o116, ptr %p116, align 4
  %o117 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 117
  store float %o117, ptr %p117, align 4
  %o118 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 118
  store float %o118, ptr %p118, align 4
  %o119 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 119
  store float %o119, ptr %p119, align 4
  %o120 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 120
  store float %o120, ptr %p120, align 4
  %o121 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 121
  store float %o121, ptr %p121, align 4
  %o122 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 122
  store float %o122, ptr %p122, align 4
  %o123 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 123
  store float %o123, ptr %p123, align 4
  %o124 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 124
  store float %o124, ptr %p124, align 4
  %o125 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 125
  store float %o125, ptr %p125, align 4
  %o126 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 126
  store float %o126, ptr %p126, align 4
  %o127 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 127
  store float %o127, ptr %p127, align 4
  ret void
}
define void @__oxpack_sm90a_setmaxnreg_dec40() #2 {
  call void asm sideeffect "setmaxnreg.dec.sync.aligned.u32 40;", ""()
  ret void
}
define void @__oxpack_sm90a_setmaxnreg_inc232() #2 {
  call void asm sideeffect "setmaxnreg.inc.sync.aligned.u32 232;", ""()
  ret void
}
define void @__oxpack_sm90a_wgmma_m64n64k16_bf16(ptr %d, i64 %da, i64 %db) #2 {
  %p0 = getelementptr inbounds float, ptr %d, i64 0
  %v0 = load float, ptr %p0, align 4
  %p1 = getelementptr inbounds float, ptr %d, i64 1
  %v1 = load float, ptr %p1, align 4
  %p2 = getelementptr inbounds float, ptr %d, i64 2
  %v2 = load float, ptr %p2, align 4
  %p3 = getelementptr inbounds float, ptr %d, i64 3
  %v3 = load float, ptr %p3, align 4
  %p4 = getelementptr inbounds float, ptr %d, i64 4
  %v4 = load float, ptr %p4, align 4
  %p5 = getelementptr inbounds float, ptr %d, i64 5
  %v5 = load float, ptr %p5, align 4
  %p6 = getelementptr inbounds float, ptr %d, i64 6
  %v6 = load float, ptr %p6, align 4
  %p7 = getelementptr inbounds float, ptr %d, i64 7
  %v7 = load float, ptr %p7, align 4
  %p8 = getelementptr inbounds float, ptr %d, i64 8
  %v8 = load float, ptr %p8, align 4
  %p9 = getelementptr inbounds float, ptr %d, i64 9
  %v9 = load float, ptr %p9, align 4
  %p10 = getelementptr inbounds float, ptr %d, i64 10
  %v10 = load float, ptr %p10, align 4
  %p11 = getelementptr inbounds float, ptr %d, i64 11
  %v11 = load float, ptr %p11, align 4
  %p12 = getelementptr inbounds float, ptr %d, i64 12
  %v12 = load float, ptr %p12, align 4
  %p13 = getelementptr inbounds float, ptr %d, i64 13
  %v13 = load float, ptr %p13, align 4
  %p14 = getelementptr inbounds float, ptr %d, i64 14
  %v14 = load float, ptr %p14, align 4
  %p15 = getelementptr inbounds float, ptr %d, i64 15
  %v15 = load float, ptr %p15, align 4
  %p16 = getelementptr inbounds float, ptr %d, i64 16
  %v16 = load float, ptr %p16, align 4
  %p17 = getelementptr inbounds float, ptr %d, i64 17
  %v17 = load float, ptr %p17, align 4
  %p18 = getelementptr inbounds float, ptr %d, i64 18
  %v18 = load float, ptr %p18, align 4
  %p19 = getelementptr inbounds float, ptr %d, i64 19
  %v19 = load float, ptr %p19, align 4
  %p20 = getelementptr inbounds float, ptr %d, i64 20
  %v20 = load float, ptr %p20, align 4
  %p21 = getelementptr inbounds float, ptr %d, i64 21
  %v21 = load float, ptr %p21, align 4
  %p22 = getelementptr inbounds float, ptr %d, i64 22
  %v22 = load float, ptr %p22, align 4
  %p23 = getelementptr inbounds float, ptr %d, i64 23
  %v23 = load float, ptr %p23, align 4
  %p24 = getelementptr inbounds float, ptr %d, i64 24
  %v24 = load float, ptr %p24, align 4
  %p25 = getelementptr inbounds float, ptr %d, i64 25
  %v25 = load float, ptr %p25, align 4
  %p26 = getelementptr inbounds float, ptr %d, i64 26
  %v26 = load float, ptr %p26, align 4
  %p27 = getelementptr inbounds float, ptr %d, i64 27
  %v27 = load float, ptr %p27, align 4
  %p28 = getelementptr inbounds float, ptr %d, i64 28
  %v28 = load float, ptr %p28, align 4
  %p29 = getelementptr inbounds float, ptr %d, i64 29
  %v29 = load float, ptr %p29, align 4
  %p30 = getelementptr inbounds float, ptr %d, i64 30
  %v30 = load float, ptr %p30, align 4
  %p31 = getelementptr inbounds float, ptr %d, i64 31
  %v31 = load float, ptr %p31, align 4
  %res = call {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} asm sideeffect "{\0A\09.reg .pred p;\0A\09setp.ne.b32 p, $34, 0;\0A\09wgmma.mma_async.sync.aligned.m64n64k16.f32.bf16.bf16 {$0,$1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,$16,$17,$18,$19,$20,$21,$22,$23,$24,$25,$26,$27,$28,$29,$30,$31}, $32, $33, p, 1, 1, 0, 0;\0A\09}", "=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,l,l,r,0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,~{memory}"(i64 %da, i64 %db, i32 1, float %v0, float %v1, float %v2, float %v3, float %v4, float %v5, float %v6, float %v7, float %v8, float %v9, float %v10, float %v11, float %v12, float %v13, float %v14, float %v15, float %v16, float %v17, float %v18, float %v19, float %v20, float %v21, float %v22, float %v23, float %v24, float %v25, float %v26, float %v27, float %v28, float %v29, float %v30, float %v31)
  %o0 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 0
  store float %o0, ptr %p0, align 4
  %o1 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 1
  store float %o1, ptr %p1, align 4
  %o2 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 2
  store float %o2, ptr %p2, align 4
  %o3 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 3
  store float %o3, ptr %p3, align 4
  %o4 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 4
  store float %o4, ptr %p4, align 4
  %o5 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 5
  store float %o5, ptr %p5, align 4
  %o6 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 6
  store float %o6, ptr %p6, align 4
  %o7 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 7
  store float %o7, ptr %p7, align 4
  %o8 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 8
  store float %o8, ptr %p8, align 4
  %o9 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 9
  store float %o9, ptr %p9, align 4
  %o10 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 10
  store float %o10, ptr %p10, align 4
  %o11 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 11
  store float %o11, ptr %p11, align 4
  %o12 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 12
  store float %o12, ptr %p12, align 4
  %o13 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 13
  store float %o13, ptr %p13, align 4
  %o14 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 14
  store float %o14, ptr %p14, align 4
  %o15 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 15
  store float %o15, ptr %p15, align 4
  %o16 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 16
  store float %o16, ptr %p16, align 4
  %o17 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 17
  store float %o17, ptr %p17, align 4
  %o18 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 18
  store float %o18, ptr %p18, align 4
  %o19 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 19
  store float %o19, ptr %p19, align 4
  %o20 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 20
  store float %o20, ptr %p20, align 4
  %o21 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 21
  store float %o21, ptr %p21, align 4
  %o22 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 22
  store float %o22, ptr %p22, align 4
  %o23 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 23
  store float %o23, ptr %p23, align 4
  %o24 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 24
  store float %o24, ptr %p24, align 4
  %o25 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 25
  store float %o25, ptr %p25, align 4
  %o26 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 26
  store float %o26, ptr %p26, align 4
  %o27 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 27
  store float %o27, ptr %p27, align 4
  %o28 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 28
  store float %o28, ptr %p28, align 4
  %o29 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 29
  store float %o29, ptr %p29, align 4
  %o30 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 30
  store float %o30, ptr %p30, align 4
  %o31 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 31
  store float %o31, ptr %p31, align 4
  ret void
}
define void @__oxpack_sm90a_wgmma_m64n128k16_bf16(ptr %d, i64 %da, i64 %db) #2 {
  %p0 = getelementptr inbounds float, ptr %d, i64 0
  %v0 = load float, ptr %p0, align 4
  %p1 = getelementptr inbounds float, ptr %d, i64 1
  %v1 = load float, ptr %p1, align 4
  %p2 = getelementptr inbounds float, ptr %d, i64 2
  %v2 = load float, ptr %p2, align 4
  %p3 = getelementptr inbounds float, ptr %d, i64 3
  %v3 = load float, ptr %p3, align 4
  %p4 = getelementptr inbounds float, ptr %d, i64 4
  %v4 = load float, ptr %p4, align 4
  %p5 = getelementptr inbounds float, ptr %d, i64 5
  %v5 = load float, ptr %p5, align 4
  %p6 = getelementptr inbounds float, ptr %d, i64 6
  %v6 = load float, ptr %p6, align 4
  %p7 = getelementptr inbounds float, ptr %d, i64 7
  %v7 = load float, ptr %p7, align 4
  %p8 = getelementptr inbounds float, ptr %d, i64 8
  %v8 = load float, ptr %p8, align 4
  %p9 = getelementptr inbounds float, ptr %d, i64 9
  %v9 = load float, ptr %p9, align 4
  %p10 = getelementptr inbounds float, ptr %d, i64 10
  %v10 = load float, ptr %p10, align 4
  %p11 = getelementptr inbounds float, ptr %d, i64 11
  %v11 = load float, ptr %p11, align 4
  %p12 = getelementptr inbounds float, ptr %d, i64 12
  %v12 = load float, ptr %p12, align 4
  %p13 = getelementptr inbounds float, ptr %d, i64 13
  %v13 = load float, ptr %p13, align 4
  %p14 = getelementptr inbounds float, ptr %d, i64 14
  %v14 = load float, ptr %p14, align 4
  %p15 = getelementptr inbounds float, ptr %d, i64 15
  %v15 = load float, ptr %p15, align 4
  %p16 = getelementptr inbounds float, ptr %d, i64 16
  %v16 = load float, ptr %p16, align 4
  %p17 = getelementptr inbounds float, ptr %d, i64 17
  %v17 = load float, ptr %p17, align 4
  %p18 = getelementptr inbounds float, ptr %d, i64 18
  %v18 = load float, ptr %p18, align 4
  %p19 = getelementptr inbounds float, ptr %d, i64 19
  %v19 = load float, ptr %p19, align 4
  %p20 = getelementptr inbounds float, ptr %d, i64 20
  %v20 = load float, ptr %p20, align 4
  %p21 = getelementptr inbounds float, ptr %d, i64 21
  %v21 = load float, ptr %p21, align 4
  %p22 = getelementptr inbounds float, ptr %d, i64 22
  %v22 = load float, ptr %p22, align 4
  %p23 = getelementptr inbounds float, ptr %d, i64 23
  %v23 = load float, ptr %p23, align 4
  %p24 = getelementptr inbounds float, ptr %d, i64 24
  %v24 = load float, ptr %p24, align 4
  %p25 = getelementptr inbounds float, ptr %d, i64 25
  %v25 = load float, ptr %p25, align 4
  %p26 = getelementptr inbounds float, ptr %d, i64 26
  %v26 = load float, ptr %p26, align 4
  %p27 = getelementptr inbounds float, ptr %d, i64 27
  %v27 = load float, ptr %p27, align 4
  %p28 = getelementptr inbounds float, ptr %d, i64 28
  %v28 = load float, ptr %p28, align 4
  %p29 = getelementptr inbounds float, ptr %d, i64 29
  %v29 = load float, ptr %p29, align 4
  %p30 = getelementptr inbounds float, ptr %d, i64 30
  %v30 = load float, ptr %p30, align 4
  %p31 = getelementptr inbounds float, ptr %d, i64 31
  %v31 = load float, ptr %p31, align 4
  %p32 = getelementptr inbounds float, ptr %d, i64 32
  %v32 = load float, ptr %p32, align 4
  %p33 = getelementptr inbounds float, ptr %d, i64 33
  %v33 = load float, ptr %p33, align 4
  %p34 = getelementptr inbounds float, ptr %d, i64 34
  %v34 = load float, ptr %p34, align 4
  %p35 = getelementptr inbounds float, ptr %d, i64 35
  %v35 = load float, ptr %p35, align 4
  %p36 = getelementptr inbounds float, ptr %d, i64 36
  %v36 = load float, ptr %p36, align 4
  %p37 = getelementptr inbounds float, ptr %d, i64 37
  %v37 = load float, ptr %p37, align 4
  %p38 = getelementptr inbounds float, ptr %d, i64 38
  %v38 = load float, ptr %p38, align 4
  %p39 = getelementptr inbounds float, ptr %d, i64 39
  %v39 = load float, ptr %p39, align 4
  %p40 = getelementptr inbounds float, ptr %d, i64 40
  %v40 = load float, ptr %p40, align 4
  %p41 = getelementptr inbounds float, ptr %d, i64 41
  %v41 = load float, ptr %p41, align 4
  %p42 = getelementptr inbounds float, ptr %d, i64 42
  %v42 = load float, ptr %p42, align 4
  %p43 = getelementptr inbounds float, ptr %d, i64 43
  %v43 = load float, ptr %p43, align 4
  %p44 = getelementptr inbounds float, ptr %d, i64 44
  %v44 = load float, ptr %p44, align 4
  %p45 = getelementptr inbounds float, ptr %d, i64 45
  %v45 = load float, ptr %p45, align 4
  %p46 = getelementptr inbounds float, ptr %d, i64 46
  %v46 = load float, ptr %p46, align 4
  %p47 = getelementptr inbounds float, ptr %d, i64 47
  %v47 = load float, ptr %p47, align 4
  %p48 = getelementptr inbounds float, ptr %d, i64 48
  %v48 = load float, ptr %p48, align 4
  %p49 = getelementptr inbounds float, ptr %d, i64 49
  %v49 = load float, ptr %p49, align 4
  %p50 = getelementptr inbounds float, ptr %d, i64 50
  %v50 = load float, ptr %p50, align 4
  %p51 = getelementptr inbounds float, ptr %d, i64 51
  %v51 = load float, ptr %p51, align 4
  %p52 = getelementptr inbounds float, ptr %d, i64 52
  %v52 = load float, ptr %p52, align 4
  %p53 = getelementptr inbounds float, ptr %d, i64 53
  %v53 = load float, ptr %p53, align 4
  %p54 = getelementptr inbounds float, ptr %d, i64 54
  %v54 = load float, ptr %p54, align 4
  %p55 = getelementptr inbounds float, ptr %d, i64 55
  %v55 = load float, ptr %p55, align 4
  %p56 = getelementptr inbounds float, ptr %d, i64 56
  %v56 = load float, ptr %p56, align 4
  %p57 = getelementptr inbounds float, ptr %d, i64 57
  %v57 = load float, ptr %p57, align 4
  %p58 = getelementptr inbounds float, ptr %d, i64 58
  %v58 = load float, ptr %p58, align 4
  %p59 = getelementptr inbounds float, ptr %d, i64 59
  %v59 = load float, ptr %p59, align 4
  %p60 = getelementptr inbounds float, ptr %d, i64 60
  %v60 = load float, ptr %p60, align 4
  %p61 = getelementptr inbounds float, ptr %d, i64 61
  %v61 = load float, ptr %p61, align 4
  %p62 = getelementptr inbounds float, ptr %d, i64 62
  %v62 = load float, ptr %p62, align 4
  %p63 = getelementptr inbounds float, ptr %d, i64 63
  %v63 = load float, ptr %p63, align 4
  %res = call {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} asm sideeffect "{\0A\09.reg .pred p;\0A\09setp.ne.b32 p, $66, 0;\0A\09wgmma.mma_async.sync.aligned.m64n128k16.f32.bf16.bf16 {$0,$1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,$16,$17,$18,$19,$20,$21,$22,$23,$24,$25,$26,$27,$28,$29,$30,$31,$32,$33,$34,$35,$36,$37,$38,$39,$40,$41,$42,$43,$44,$45,$46,$47,$48,$49,$50,$51,$52,$53,$54,$55,$56,$57,$58,$59,$60,$61,$62,$63}, $64, $65, p, 1, 1, 0, 0;\0A\09}", "=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,l,l,r,0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50,51,52,53,54,55,56,57,58,59,60,61,62,63,~{memory}"(i64 %da, i64 %db, i32 1, float %v0, float %v1, float %v2, float %v3, float %v4, float %v5, float %v6, float %v7, float %v8, float %v9, float %v10, float %v11, float %v12, float %v13, float %v14, float %v15, float %v16, float %v17, float %v18, float %v19, float %v20, float %v21, float %v22, float %v23, float %v24, float %v25, float %v26, float %v27, float %v28, float %v29, float %v30, float %v31, float %v32, float %v33, float %v34, float %v35, float %v36, float %v37, float %v38, float %v39, float %v40, float %v41, float %v42, float %v43, float %v44, float %v45, float %v46, float %v47, float %v48, float %v49, float %v50, float %v51, float %v52, float %v53, float %v54, float %v55, float %v56, float %v57, float %v58, float %v59, float %v60, float %v61, float %v62, float %v63)
  %o0 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 0
  store float %o0, ptr %p0, align 4
  %o1 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 1
  store float %o1, ptr %p1, align 4
  %o2 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 2
  store float %o2, ptr %p2, align 4
  %o3 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 3
  store float %o3, ptr %p3, align 4
  %o4 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 4
  store float %o4, ptr %p4, align 4
  %o5 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 5
  store float %o5, ptr %p5, align 4
  %o6 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 6
  store float %o6, ptr %p6, align 4
  %o7 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 7
  store float %o7, ptr %p7, align 4
  %o8 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 8
  store float %o8, ptr %p8, align 4
  %o9 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 9
  store float %o9, ptr %p9, align 4
  %o10 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 10
  store float %o10, ptr %p10, align 4
  %o11 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 11
  store float %o11, ptr %p11, align 4
  %o12 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 12
  store float %o12, ptr %p12, align 4
  %o13 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 13
  store float %o13, ptr %p13, align 4
  %o14 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 14
  store float %o14, ptr %p14, align 4
  %o15 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 15
  store float %o15, ptr %p15, align 4
  %o16 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 16
  store float %o16, ptr %p16, align 4
  %o17 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 17
  store float %o17, ptr %p17, align 4
  %o18 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 18
  store float %o18, ptr %p18, align 4
  %o19 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 19
  store float %o19, ptr %p19, align 4
  %o20 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 20
  store float %o20, ptr %p20, align 4
  %o21 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 21
  store float %o21, ptr %p21, align 4
  %o22 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 22
  store float %o22, ptr %p22, align 4
  %o23 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 23
  store float %o23, ptr %p23, align 4
  %o24 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 24
  store float %o24, ptr %p24, align 4
  %o25 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 25
  store float %o25, ptr %p25, align 4
  %o26 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 26
  store float %o26, ptr %p26, align 4
  %o27 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 27
  store float %o27, ptr %p27, align 4
  %o28 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 28
  store float %o28, ptr %p28, align 4
  %o29 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 29
  store float %o29, ptr %p29, align 4
  %o30 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 30
  store float %o30, ptr %p30, align 4
  %o31 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 31
  store float %o31, ptr %p31, align 4
  %o32 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 32
  store float %o32, ptr %p32, align 4
  %o33 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 33
  store float %o33, ptr %p33, align 4
  %o34 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 34
  store float %o34, ptr %p34, align 4
  %o35 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 35
  store float %o35, ptr %p35, align 4
  %o36 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 36
  store float %o36, ptr %p36, align 4
  %o37 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 37
  store float %o37, ptr %p37, align 4
  %o38 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 38
  store float %o38, ptr %p38, align 4
  %o39 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 39
  store float %o39, ptr %p39, align 4
  %o40 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 40
  store float %o40, ptr %p40, align 4
  %o41 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 41
  store float %o41, ptr %p41, align 4
  %o42 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 42
  store float %o42, ptr %p42, align 4
  %o43 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 43
  store float %o43, ptr %p43, align 4
  %o44 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 44
  store float %o44, ptr %p44, align 4
  %o45 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 45
  store float %o45, ptr %p45, align 4
  %o46 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 46
  store float %o46, ptr %p46, align 4
  %o47 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 47
  store float %o47, ptr %p47, align 4
  %o48 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 48
  store float %o48, ptr %p48, align 4
  %o49 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 49
  store float %o49, ptr %p49, align 4
  %o50 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 50
  store float %o50, ptr %p50, align 4
  %o51 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 51
  store float %o51, ptr %p51, align 4
  %o52 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 52
  store float %o52, ptr %p52, align 4
  %o53 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 53
  store float %o53, ptr %p53, align 4
  %o54 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 54
  store float %o54, ptr %p54, align 4
  %o55 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 55
  store float %o55, ptr %p55, align 4
  %o56 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 56
  store float %o56, ptr %p56, align 4
  %o57 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 57
  store float %o57, ptr %p57, align 4
  %o58 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 58
  store float %o58, ptr %p58, align 4
  %o59 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 59
  store float %o59, ptr %p59, align 4
  %o60 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 60
  store float %o60, ptr %p60, align 4
  %o61 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 61
  store float %o61, ptr %p61, align 4
  %o62 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 62
  store float %o62, ptr %p62, align 4
  %o63 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 63
  store float %o63, ptr %p63, align 4
  ret void
}
define void @__oxpack_sm90a_wgmma_m64n256k16_bf16(ptr %d, i64 %da, i64 %db) #2 {
  %p0 = getelementptr inbounds float, ptr %d, i64 0
  %v0 = load float, ptr %p0, align 4
  %p1 = getelementptr inbounds float, ptr %d, i64 1
  %v1 = load float, ptr %p1, align 4
  %p2 = getelementptr inbounds float, ptr %d, i64 2
  %v2 = load float, ptr %p2, align 4
  %p3 = getelementptr inbounds float, ptr %d, i64 3
  %v3 = load float, ptr %p3, align 4
  %p4 = getelementptr inbounds float, ptr %d, i64 4
  %v4 = load float, ptr %p4, align 4
  %p5 = getelementptr inbounds float, ptr %d, i64 5
  %v5 = load float, ptr %p5, align 4
  %p6 = getelementptr inbounds float, ptr %d, i64 6
  %v6 = load float, ptr %p6, align 4
  %p7 = getelementptr inbounds float, ptr %d, i64 7
  %v7 = load float, ptr %p7, align 4
  %p8 = getelementptr inbounds float, ptr %d, i64 8
  %v8 = load float, ptr %p8, align 4
  %p9 = getelementptr inbounds float, ptr %d, i64 9
  %v9 = load float, ptr %p9, align 4
  %p10 = getelementptr inbounds float, ptr %d, i64 10
  %v10 = load float, ptr %p10, align 4
  %p11 = getelementptr inbounds float, ptr %d, i64 11
  %v11 = load float, ptr %p11, align 4
  %p12 = getelementptr inbounds float, ptr %d, i64 12
  %v12 = load float, ptr %p12, align 4
  %p13 = getelementptr inbounds float, ptr %d, i64 13
  %v13 = load float, ptr %p13, align 4
  %p14 = getelementptr inbounds float, ptr %d, i64 14
  %v14 = load float, ptr %p14, align 4
  %p15 = getelementptr inbounds float, ptr %d, i64 15
  %v15 = load float, ptr %p15, align 4
  %p16 = getelementptr inbounds float, ptr %d, i64 16
  %v16 = load float, ptr %p16, align 4
  %p17 = getelementptr inbounds float, ptr %d, i64 17
  %v17 = load float, ptr %p17, align 4
  %p18 = getelementptr inbounds float, ptr %d, i64 18
  %v18 = load float, ptr %p18, align 4
  %p19 = getelementptr inbounds float, ptr %d, i64 19
  %v19 = load float, ptr %p19, align 4
  %p20 = getelementptr inbounds float, ptr %d, i64 20
  %v20 = load float, ptr %p20, align 4
  %p21 = getelementptr inbounds float, ptr %d, i64 21
  %v21 = load float, ptr %p21, align 4
  %p22 = getelementptr inbounds float, ptr %d, i64 22
  %v22 = load float, ptr %p22, align 4
  %p23 = getelementptr inbounds float, ptr %d, i64 23
  %v23 = load float, ptr %p23, align 4
  %p24 = getelementptr inbounds float, ptr %d, i64 24
  %v24 = load float, ptr %p24, align 4
  %p25 = getelementptr inbounds float, ptr %d, i64 25
  %v25 = load float, ptr %p25, align 4
  %p26 = getelementptr inbounds float, ptr %d, i64 26
  %v26 = load float, ptr %p26, align 4
  %p27 = getelementptr inbounds float, ptr %d, i64 27
  %v27 = load float, ptr %p27, align 4
  %p28 = getelementptr inbounds float, ptr %d, i64 28
  %v28 = load float, ptr %p28, align 4
  %p29 = getelementptr inbounds float, ptr %d, i64 29
  %v29 = load float, ptr %p29, align 4
  %p30 = getelementptr inbounds float, ptr %d, i64 30
  %v30 = load float, ptr %p30, align 4
  %p31 = getelementptr inbounds float, ptr %d, i64 31
  %v31 = load float, ptr %p31, align 4
  %p32 = getelementptr inbounds float, ptr %d, i64 32
  %v32 = load float, ptr %p32, align 4
  %p33 = getelementptr inbounds float, ptr %d, i64 33
  %v33 = load float, ptr %p33, align 4
  %p34 = getelementptr inbounds float, ptr %d, i64 34
  %v34 = load float, ptr %p34, align 4
  %p35 = getelementptr inbounds float, ptr %d, i64 35
  %v35 = load float, ptr %p35, align 4
  %p36 = getelementptr inbounds float, ptr %d, i64 36
  %v36 = load float, ptr %p36, align 4
  %p37 = getelementptr inbounds float, ptr %d, i64 37
  %v37 = load float, ptr %p37, align 4
  %p38 = getelementptr inbounds float, ptr %d, i64 38
  %v38 = load float, ptr %p38, align 4
  %p39 = getelementptr inbounds float, ptr %d, i64 39
  %v39 = load float, ptr %p39, align 4
  %p40 = getelementptr inbounds float, ptr %d, i64 40
  %v40 = load float, ptr %p40, align 4
  %p41 = getelementptr inbounds float, ptr %d, i64 41
  %v41 = load float, ptr %p41, align 4
  %p42 = getelementptr inbounds float, ptr %d, i64 42
  %v42 = load float, ptr %p42, align 4
  %p43 = getelementptr inbounds float, ptr %d, i64 43
  %v43 = load float, ptr %p43, align 4
  %p44 = getelementptr inbounds float, ptr %d, i64 44
  %v44 = load float, ptr %p44, align 4
  %p45 = getelementptr inbounds float, ptr %d, i64 45
  %v45 = load float, ptr %p45, align 4
  %p46 = getelementptr inbounds float, ptr %d, i64 46
  %v46 = load float, ptr %p46, align 4
  %p47 = getelementptr inbounds float, ptr %d, i64 47
  %v47 = load float, ptr %p47, align 4
  %p48 = getelementptr inbounds float, ptr %d, i64 48
  %v48 = load float, ptr %p48, align 4
  %p49 = getelementptr inbounds float, ptr %d, i64 49
  %v49 = load float, ptr %p49, align 4
  %p50 = getelementptr inbounds float, ptr %d, i64 50
  %v50 = load float, ptr %p50, align 4
  %p51 = getelementptr inbounds float, ptr %d, i64 51
  %v51 = load float, ptr %p51, align 4
  %p52 = getelementptr inbounds float, ptr %d, i64 52
  %v52 = load float, ptr %p52, align 4
  %p53 = getelementptr inbounds float, ptr %d, i64 53
  %v53 = load float, ptr %p53, align 4
  %p54 = getelementptr inbounds float, ptr %d, i64 54
  %v54 = load float, ptr %p54, align 4
  %p55 = getelementptr inbounds float, ptr %d, i64 55
  %v55 = load float, ptr %p55, align 4
  %p56 = getelementptr inbounds float, ptr %d, i64 56
  %v56 = load float, ptr %p56, align 4
  %p57 = getelementptr inbounds float, ptr %d, i64 57
  %v57 = load float, ptr %p57, align 4
  %p58 = getelementptr inbounds float, ptr %d, i64 58
  %v58 = load float, ptr %p58, align 4
  %p59 = getelementptr inbounds float, ptr %d, i64 59
  %v59 = load float, ptr %p59, align 4
  %p60 = getelementptr inbounds float, ptr %d, i64 60
  %v60 = load float, ptr %p60, align 4
  %p61 = getelementptr inbounds float, ptr %d, i64 61
  %v61 = load float, ptr %p61, align 4
  %p62 = getelementptr inbounds float, ptr %d, i64 62
  %v62 = load float, ptr %p62, align 4
  %p63 = getelementptr inbounds float, ptr %d, i64 63
  %v63 = load float, ptr %p63, align 4
  %p64 = getelementptr inbounds float, ptr %d, i64 64
  %v64 = load float, ptr %p64, align 4
  %p65 = getelementptr inbounds float, ptr %d, i64 65
  %v65 = load float, ptr %p65, align 4
  %p66 = getelementptr inbounds float, ptr %d, i64 66
  %v66 = load float, ptr %p66, align 4
  %p67 = getelementptr inbounds float, ptr %d, i64 67
  %v67 = load float, ptr %p67, align 4
  %p68 = getelementptr inbounds float, ptr %d, i64 68
  %v68 = load float, ptr %p68, align 4
  %p69 = getelementptr inbounds float, ptr %d, i64 69
  %v69 = load float, ptr %p69, align 4
  %p70 = getelementptr inbounds float, ptr %d, i64 70
  %v70 = load float, ptr %p70, align 4
  %p71 = getelementptr inbounds float, ptr %d, i64 71
  %v71 = load float, ptr %p71, align 4
  %p72 = getelementptr inbounds float, ptr %d, i64 72
  %v72 = load float, ptr %p72, align 4
  %p73 = getelementptr inbounds float, ptr %d, i64 73
  %v73 = load float, ptr %p73, align 4
  %p74 = getelementptr inbounds float, ptr %d, i64 74
  %v74 = load float, ptr %p74, align 4
  %p75 = getelementptr inbounds float, ptr %d, i64 75
  %v75 = load float, ptr %p75, align 4
  %p76 = getelementptr inbounds float, ptr %d, i64 76
  %v76 = load float, ptr %p76, align 4
  %p77 = getelementptr inbounds float, ptr %d, i64 77
  %v77 = load float, ptr %p77, align 4
  %p78 = getelementptr inbounds float, ptr %d, i64 78
  %v78 = load float, ptr %p78, align 4
  %p79 = getelementptr inbounds float, ptr %d, i64 79
  %v79 = load float, ptr %p79, align 4
  %p80 = getelementptr inbounds float, ptr %d, i64 80
  %v80 = load float, ptr %p80, align 4
  %p81 = getelementptr inbounds float, ptr %d, i64 81
  %v81 = load float, ptr %p81, align 4
  %p82 = getelementptr inbounds float, ptr %d, i64 82
  %v82 = load float, ptr %p82, align 4
  %p83 = getelementptr inbounds float, ptr %d, i64 83
  %v83 = load float, ptr %p83, align 4
  %p84 = getelementptr inbounds float, ptr %d, i64 84
  %v84 = load float, ptr %p84, align 4
  %p85 = getelementptr inbounds float, ptr %d, i64 85
  %v85 = load float, ptr %p85, align 4
  %p86 = getelementptr inbounds float, ptr %d, i64 86
  %v86 = load float, ptr %p86, align 4
  %p87 = getelementptr inbounds float, ptr %d, i64 87
  %v87 = load float, ptr %p87, align 4
  %p88 = getelementptr inbounds float, ptr %d, i64 88
  %v88 = load float, ptr %p88, align 4
  %p89 = getelementptr inbounds float, ptr %d, i64 89
  %v89 = load float, ptr %p89, align 4
  %p90 = getelementptr inbounds float, ptr %d, i64 90
  %v90 = load float, ptr %p90, align 4
  %p91 = getelementptr inbounds float, ptr %d, i64 91
  %v91 = load float, ptr %p91, align 4
  %p92 = getelementptr inbounds float, ptr %d, i64 92
  %v92 = load float, ptr %p92, align 4
  %p93 = getelementptr inbounds float, ptr %d, i64 93
  %v93 = load float, ptr %p93, align 4
  %p94 = getelementptr inbounds float, ptr %d, i64 94
  %v94 = load float, ptr %p94, align 4
  %p95 = getelementptr inbounds float, ptr %d, i64 95
  %v95 = load float, ptr %p95, align 4
  %p96 = getelementptr inbounds float, ptr %d, i64 96
  %v96 = load float, ptr %p96, align 4
  %p97 = getelementptr inbounds float, ptr %d, i64 97
  %v97 = load float, ptr %p97, align 4
  %p98 = getelementptr inbounds float, ptr %d, i64 98
  %v98 = load float, ptr %p98, align 4
  %p99 = getelementptr inbounds float, ptr %d, i64 99
  %v99 = load float, ptr %p99, align 4
  %p100 = getelementptr inbounds float, ptr %d, i64 100
  %v100 = load float, ptr %p100, align 4
  %p101 = getelementptr inbounds float, ptr %d, i64 101
  %v101 = load float, ptr %p101, align 4
  %p102 = getelementptr inbounds float, ptr %d, i64 102
  %v102 = load float, ptr %p102, align 4
  %p103 = getelementptr inbounds float, ptr %d, i64 103
  %v103 = load float, ptr %p103, align 4
  %p104 = getelementptr inbounds float, ptr %d, i64 104
  %v104 = load float, ptr %p104, align 4
  %p105 = getelementptr inbounds float, ptr %d, i64 105
  %v105 = load float, ptr %p105, align 4
  %p106 = getelementptr inbounds float, ptr %d, i64 106
  %v106 = load float, ptr %p106, align 4
  %p107 = getelementptr inbounds float, ptr %d, i64 107
  %v107 = load float, ptr %p107, align 4
  %p108 = getelementptr inbounds float, ptr %d, i64 108
  %v108 = load float, ptr %p108, align 4
  %p109 = getelementptr inbounds float, ptr %d, i64 109
  %v109 = load float, ptr %p109, align 4
  %p110 = getelementptr inbounds float, ptr %d, i64 110
  %v110 = load float, ptr %p110, align 4
  %p111 = getelementptr inbounds float, ptr %d, i64 111
  %v111 = load float, ptr %p111, align 4
  %p112 = getelementptr inbounds float, ptr %d, i64 112
  %v112 = load float, ptr %p112, align 4
  %p113 = getelementptr inbounds float, ptr %d, i64 113
  %v113 = load float, ptr %p113, align 4
  %p114 = getelementptr inbounds float, ptr %d, i64 114
  %v114 = load float, ptr %p114, align 4
  %p115 = getelementptr inbounds float, ptr %d, i64 115
  %v115 = load float, ptr %p115, align 4
  %p116 = getelementptr inbounds float, ptr %d, i64 116
  %v116 = load float, ptr %p116, align 4
  %p117 = getelementptr inbounds float, ptr %d, i64 117
  %v117 = load float, ptr %p117, align 4
  %p118 = getelementptr inbounds float, ptr %d, i64 118
  %v118 = load float, ptr %p118, align 4
  %p119 = getelementptr inbounds float, ptr %d, i64 119
  %v119 = load float, ptr %p119, align 4
  %p120 = getelementptr inbounds float, ptr %d, i64 120
  %v120 = load float, ptr %p120, align 4
  %p121 = getelementptr inbounds float, ptr %d, i64 121
  %v121 = load float, ptr %p121, align 4
  %p122 = getelementptr inbounds float, ptr %d, i64 122
  %v122 = load float, ptr %p122, align 4
  %p123 = getelementptr inbounds float, ptr %d, i64 123
  %v123 = load float, ptr %p123, align 4
  %p124 = getelementptr inbounds float, ptr %d, i64 124
  %v124 = load float, ptr %p124, align 4
  %p125 = getelementptr inbounds float, ptr %d, i64 125
  %v125 = load float, ptr %p125, align 4
  %p126 = getelementptr inbounds float, ptr %d, i64 126
  %v126 = load float, ptr %p126, align 4
  %p127 = getelementptr inbounds float, ptr %d, i64 127
  %v127 = load float, ptr %p127, align 4
  %res = call {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} asm sideeffect "{\0A\09.reg .pred p;\0A\09setp.ne.b32 p, $130, 0;\0A\09wgmma.mma_async.sync.aligned.m64n256k16.f32.bf16.bf16 {$0,$1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,$16,$17,$18,$19,$20,$21,$22,$23,$24,$25,$26,$27,$28,$29,$30,$31,$32,$33,$34,$35,$36,$37,$38,$39,$40,$41,$42,$43,$44,$45,$46,$47,$48,$49,$50,$51,$52,$53,$54,$55,$56,$57,$58,$59,$60,$61,$62,$63,$64,$65,$66,$67,$68,$69,$70,$71,$72,$73,$74,$75,$76,$77,$78,$79,$80,$81,$82,$83,$84,$85,$86,$87,$88,$89,$90,$91,$92,$93,$94,$95,$96,$97,$98,$99,$100,$101,$102,$103,$104,$105,$106,$107,$108,$109,$110,$111,$112,$113,$114,$115,$116,$117,$118,$119,$120,$121,$122,$123,$124,$125,$126,$127}, $128, $129, p, 1, 1, 0, 0;\0A\09}", "=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,l,l,r,0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50,51,52,53,54,55,56,57,58,59,60,61,62,63,64,65,66,67,68,69,70,71,72,73,74,75,76,77,78,79,80,81,82,83,84,85,86,87,88,89,90,91,92,93,94,95,96,97,98,99,100,101,102,103,104,105,106,107,108,109,110,111,112,113,114,115,116,117,118,119,120,121,122,123,124,125,126,127,~{memory}"(i64 %da, i64 %db, i32 1, float %v0, float %v1, float %v2, float %v3, float %v4, float %v5, float %v6, float %v7, float %v8, float %v9, float %v10, float %v11, float %v12, float %v13, float %v14, float %v15, float %v16, float %v17, float %v18, float %v19, float %v20, float %v21, float %v22, float %v23, float %v24, float %v25, float %v26, float %v27, float %v28, float %v29, float %v30, float %v31, float %v32, float %v33, float %v34, float %v35, float %v36, float %v37, float %v38, float %v39, float %v40, float %v41, float %v42, float %v43, float %v44, float %v45, float %v46, float %v47, float %v48, float %v49, float %v50, float %v51, float %v52, float %v53, float %v54, float %v55, float %v56, float %v57, float %v58, float %v59, float %v60, float %v61, float %v62, float %v63, float %v64, float %v65, float %v66, float %v67, float %v68, float %v69, float %v70, float %v71, float %v72, float %v73, float %v74, float %v75, float %v76, float %v77, float %v78, float %v79, float %v80, float %v81, float %v82, float %v83, float %v84, float %v85, float %v86, float %v87, float %v88, float %v89, float %v90, float %v91, float %v92, float %v93, float %v94, float %v95, float %v96, float %v97, float %v98, float %v99, float %v100, float %v101, float %v102, float %v103, float %v104, float %v105, float %v106, float %v107, float %v108, float %v109, float %v110, float %v111, float %v112, float %v113, float %v114, float %v115, float %v116, float %v117, float %v118, float %v119, float %v120, float %v121, float %v122, float %v123, float %v124, float %v125, float %v126, float %v127)
  %o0 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 0
  store float %o0, ptr %p0, align 4
  %o1 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 1
  store float %o1, ptr %p1, align 4
  %o2 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 2
  store float %o2, ptr %p2, align 4
  %o3 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 3
  store float %o3, ptr %p3, align 4
  %o4 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 4
  store float %o4, ptr %p4, align 4
  %o5 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 5
  store float %o5, ptr %p5, align 4
  %o6 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 6
  store float %o6, ptr %p6, align 4
  %o7 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 7
  store float %o7, ptr %p7, align 4
  %o8 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 8
  store float %o8, ptr %p8, align 4
  %o9 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 9
  store float %o9, ptr %p9, align 4
  %o10 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 10
  store float %o10, ptr %p10, align 4
  %o11 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 11
  store float %o11, ptr %p11, align 4
  %o12 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 12
  store float %o12, ptr %p12, align 4
  %o13 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 13
  store float %o13, ptr %p13, align 4
  %o14 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 14
  store float %o14, ptr %p14, align 4
  %o15 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 15
  store float %o15, ptr %p15, align 4
  %o16 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 16
  store float %o16, ptr %p16, align 4
  %o17 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 17
  store float %o17, ptr %p17, align 4
  %o18 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 18
  store float %o18, ptr %p18, align 4
  %o19 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 19
  store float %o19, ptr %p19, align 4
  %o20 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 20
  store float %o20, ptr %p20, align 4
  %o21 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 21
  store float %o21, ptr %p21, align 4
  %o22 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 22
  store float %o22, ptr %p22, align 4
  %o23 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 23
  store float %o23, ptr %p23, align 4
  %o24 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 24
  store float %o24, ptr %p24, align 4
  %o25 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 25
  store float %o25, ptr %p25, align 4
  %o26 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 26
  store float %o26, ptr %p26, align 4
  %o27 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 27
  store float %o27, ptr %p27, align 4
  %o28 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 28
  store float %o28, ptr %p28, align 4
  %o29 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 29
  store float %o29, ptr %p29, align 4
  %o30 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 30
  store float %o30, ptr %p30, align 4
  %o31 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 31
  store float %o31, ptr %p31, align 4
  %o32 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 32
  store float %o32, ptr %p32, align 4
  %o33 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 33
  store float %o33, ptr %p33, align 4
  %o34 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 34
  store float %o34, ptr %p34, align 4
  %o35 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 35
  store float %o35, ptr %p35, align 4
  %o36 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 36
  store float %o36, ptr %p36, align 4
  %o37 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 37
  store float %o37, ptr %p37, align 4
  %o38 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 38
  store float %o38, ptr %p38, align 4
  %o39 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 39
  store float %o39, ptr %p39, align 4
  %o40 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 40
  store float %o40, ptr %p40, align 4
  %o41 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 41
  store float %o41, ptr %p41, align 4
  %o42 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 42
  store float %o42, ptr %p42, align 4
  %o43 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 43
  store float %o43, ptr %p43, align 4
  %o44 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 44
  store float %o44, ptr %p44, align 4
  %o45 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 45
  store float %o45, ptr %p45, align 4
  %o46 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 46
  store float %o46, ptr %p46, align 4
  %o47 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 47
  store float %o47, ptr %p47, align 4
  %o48 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 48
  store float %o48, ptr %p48, align 4
  %o49 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 49
  store float %o49, ptr %p49, align 4
  %o50 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 50
  store float %o50, ptr %p50, align 4
  %o51 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 51
  store float %o51, ptr %p51, align 4
  %o52 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 52
  store float %o52, ptr %p52, align 4
  %o53 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 53
  store float %o53, ptr %p53, align 4
  %o54 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 54
  store float %o54, ptr %p54, align 4
  %o55 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 55
  store float %o55, ptr %p55, align 4
  %o56 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 56
  store float %o56, ptr %p56, align 4
  %o57 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 57
  store float %o57, ptr %p57, align 4
  %o58 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 58
  store float %o58, ptr %p58, align 4
  %o59 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 59
  store float %o59, ptr %p59, align 4
  %o60 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 60
  store float %o60, ptr %p60, align 4
  %o61 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 61
  store float %o61, ptr %p61, align 4
  %o62 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 62
  store float %o62, ptr %p62, align 4
  %o63 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 63
  store float %o63, ptr %p63, align 4
  %o64 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 64
  store float %o64, ptr %p64, align 4
  %o65 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 65
  store float %o65, ptr %p65, align 4
  %o66 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 66
  store float %o66, ptr %p66, align 4
  %o67 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 67
  store float %o67, ptr %p67, align 4
  %o68 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 68
  store float %o68, ptr %p68, align 4
  %o69 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 69
  store float %o69, ptr %p69, align 4
  %o70 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 70
  store float %o70, ptr %p70, align 4
  %o71 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 71
  store float %o71, ptr %p71, align 4
  %o72 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 72
  store float %o72, ptr %p72, align 4
  %o73 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 73
  store float %o73, ptr %p73, align 4
  %o74 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 74
  store float %o74, ptr %p74, align 4
  %o75 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 75
  store float %o75, ptr %p75, align 4
  %o76 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 76
  store float %o76, ptr %p76, align 4
  %o77 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 77
  store float %o77, ptr %p77, align 4
  %o78 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 78
  store float %o78, ptr %p78, align 4
  %o79 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 79
  store float %o79, ptr %p79, align 4
  %o80 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 80
  store float %o80, ptr %p80, align 4
  %o81 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 81
  store float %o81, ptr %p81, align 4
  %o82 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 82
  store float %o82, ptr %p82, align 4
  %o83 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 83
  store float %o83, ptr %p83, align 4
  %o84 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 84
  store float %o84, ptr %p84, align 4
  %o85 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 85
  store float %o85, ptr %p85, align 4
  %o86 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 86
  store float %o86, ptr %p86, align 4
  %o87 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 87
  store float %o87, ptr %p87, align 4
  %o88 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 88
  store float %o88, ptr %p88, align 4
  %o89 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 89
  store float %o89, ptr %p89, align 4
  %o90 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 90
  store float %o90, ptr %p90, align 4
  %o91 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 91
  store float %o91, ptr %p91, align 4
  %o92 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 92
  store float %o92, ptr %p92, align 4
  %o93 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 93
  store float %o93, ptr %p93, align 4
  %o94 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 94
  store float %o94, ptr %p94, align 4
  %o95 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 95
  store float %o95, ptr %p95, align 4
  %o96 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 96
  store float %o96, ptr %p96, align 4
  %o97 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 97
  store float %o97, ptr %p97, align 4
  %o98 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 98
  store float %o98, ptr %p98, align 4
  %o99 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 99
  store float %o99, ptr %p99, align 4
  %o100 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 100
  store float %o100, ptr %p100, align 4
  %o101 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 101
  store float %o101, ptr %p101, align 4
  %o102 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 102
  store float %o102, ptr %p102, align 4
  %o103 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 103
  store float %o103, ptr %p103, align 4
  %o104 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 104
  store float %o104, ptr %p104, align 4
  %o105 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 105
  store float %o105, ptr %p105, align 4
  %o106 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 106
  store float %o106, ptr %p106, align 4
  %o107 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 107
  store float %o107, ptr %p107, align 4
  %o108 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 108
  store float %o108, ptr %p108, align 4
  %o109 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 109
  store float %o109, ptr %p109, align 4
  %o110 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 110
  store float %o110, ptr %p110, align 4
  %o111 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 111
  store float %o111, ptr %p111, align 4
  %o112 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 112
  store float %o112, ptr %p112, align 4
  %o113 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 113
  store float %o113, ptr %p113, align 4
  %o114 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 114
  store float %o114, ptr %p114, align 4
  %o115 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 115
  store float %o115, ptr %p115, align 4
  %o116 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 116
  store float %o116, ptr %p116, align 4
  %o117 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 117
  store float %o117, ptr %p117, align 4
  %o118 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 118
  store float %o118, ptr %p118, align 4
  %o119 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 119
  store float %o119, ptr %p119, align 4
  %o120 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 120
  store float %o120, ptr %p120, align 4
  %o121 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 121
  store float %o121, ptr %p121, align 4
  %o122 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 122
  store float %o122, ptr %p122, align 4
  %o123 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 123
  store float %o123, ptr %p123, align 4
  %o124 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 124
  store float %o124, ptr %p124, align 4
  %o125 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 125
  store float %o125, ptr %p125, align 4
  %o126 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 126
  store float %o126, ptr %p126, align 4
  %o127 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 127
  store float %o127, ptr %p127, align 4
  ret void
}

; ---------------------------------------------------------------------------- Hopper attention (sm_90a)
; `wgmma` with A in registers (4 words of bf16 pairs per thread, the m64k16 A fragment) and B from
; shared memory through a descriptor with the transpose bit set (`imm-trans-b` = 1: B stored N-major,
; e.g. V as kv × d rows for o += p·v), for `src/hopper_attn.rs`. `d` holds N / 2 floats.
define void @__oxpack_sm90a_wgmma_rs_m64n64k16_bf16_tb(ptr %d, i32 %a0, i32 %a1, i32 %a2, i32 %a3, i64 %db) #2 {
  %p0 = getelementptr inbounds float, ptr %d, i64 0
  %v0 = load float, ptr %p0, align 4
  %p1 = getelementptr inbounds float, ptr %d, i64 1
  %v1 = load float, ptr %p1, align 4
  %p2 = getelementptr inbounds float, ptr %d, i64 2
  %v2 = load float, ptr %p2, align 4
  %p3 = getelementptr inbounds float, ptr %d, i64 3
  %v3 = load float, ptr %p3, align 4
  %p4 = getelementptr inbounds float, ptr %d, i64 4
  %v4 = load float, ptr %p4, align 4
  %p5 = getelementptr inbounds float, ptr %d, i64 5
  %v5 = load float, ptr %p5, align 4
  %p6 = getelementptr inbounds float, ptr %d, i64 6
  %v6 = load float, ptr %p6, align 4
  %p7 = getelementptr inbounds float, ptr %d, i64 7
  %v7 = load float, ptr %p7, align 4
  %p8 = getelementptr inbounds float, ptr %d, i64 8
  %v8 = load float, ptr %p8, align 4
  %p9 = getelementptr inbounds float, ptr %d, i64 9
  %v9 = load float, ptr %p9, align 4
  %p10 = getelementptr inbounds float, ptr %d, i64 10
  %v10 = load float, ptr %p10, align 4
  %p11 = getelementptr inbounds float, ptr %d, i64 11
  %v11 = load float, ptr %p11, align 4
  %p12 = getelementptr inbounds float, ptr %d, i64 12
  %v12 = load float, ptr %p12, align 4
  %p13 = getelementptr inbounds float, ptr %d, i64 13
  %v13 = load float, ptr %p13, align 4
  %p14 = getelementptr inbounds float, ptr %d, i64 14
  %v14 = load float, ptr %p14, align 4
  %p15 = getelementptr inbounds float, ptr %d, i64 15
  %v15 = load float, ptr %p15, align 4
  %p16 = getelementptr inbounds float, ptr %d, i64 16
  %v16 = load float, ptr %p16, align 4
  %p17 = getelementptr inbounds float, ptr %d, i64 17
  %v17 = load float, ptr %p17, align 4
  %p18 = getelementptr inbounds float, ptr %d, i64 18
  %v18 = load float, ptr %p18, align 4
  %p19 = getelementptr inbounds float, ptr %d, i64 19
  %v19 = load float, ptr %p19, align 4
  %p20 = getelementptr inbounds float, ptr %d, i64 20
  %v20 = load float, ptr %p20, align 4
  %p21 = getelementptr inbounds float, ptr %d, i64 21
  %v21 = load float, ptr %p21, align 4
  %p22 = getelementptr inbounds float, ptr %d, i64 22
  %v22 = load float, ptr %p22, align 4
  %p23 = getelementptr inbounds float, ptr %d, i64 23
  %v23 = load float, ptr %p23, align 4
  %p24 = getelementptr inbounds float, ptr %d, i64 24
  %v24 = load float, ptr %p24, align 4
  %p25 = getelementptr inbounds float, ptr %d, i64 25
  %v25 = load float, ptr %p25, align 4
  %p26 = getelementptr inbounds float, ptr %d, i64 26
  %v26 = load float, ptr %p26, align 4
  %p27 = getelementptr inbounds float, ptr %d, i64 27
  %v27 = load float, ptr %p27, align 4
  %p28 = getelementptr inbounds float, ptr %d, i64 28
  %v28 = load float, ptr %p28, align 4
  %p29 = getelementptr inbounds float, ptr %d, i64 29
  %v29 = load float, ptr %p29, align 4
  %p30 = getelementptr inbounds float, ptr %d, i64 30
  %v30 = load float, ptr %p30, align 4
  %p31 = getelementptr inbounds float, ptr %d, i64 31
  %v31 = load float, ptr %p31, align 4
  %res = call {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} asm sideeffect "{\0A\09.reg .pred p;\0A\09setp.ne.b32 p, $37, 0;\0A\09wgmma.mma_async.sync.aligned.m64n64k16.f32.bf16.bf16 {$0,$1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,$16,$17,$18,$19,$20,$21,$22,$23,$24,$25,$26,$27,$28,$29,$30,$31}, {$32,$33,$34,$35}, $36, p, 1, 1, 1;\0A\09}", "=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,r,r,r,r,l,r,0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,~{memory}"(i32 %a0, i32 %a1, i32 %a2, i32 %a3, i64 %db, i32 1, float %v0, float %v1, float %v2, float %v3, float %v4, float %v5, float %v6, float %v7, float %v8, float %v9, float %v10, float %v11, float %v12, float %v13, float %v14, float %v15, float %v16, float %v17, float %v18, float %v19, float %v20, float %v21, float %v22, float %v23, float %v24, float %v25, float %v26, float %v27, float %v28, float %v29, float %v30, float %v31)
  %o0 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 0
  store float %o0, ptr %p0, align 4
  %o1 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 1
  store float %o1, ptr %p1, align 4
  %o2 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 2
  store float %o2, ptr %p2, align 4
  %o3 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 3
  store float %o3, ptr %p3, align 4
  %o4 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 4
  store float %o4, ptr %p4, align 4
  %o5 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 5
  store float %o5, ptr %p5, align 4
  %o6 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 6
  store float %o6, ptr %p6, align 4
  %o7 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 7
  store float %o7, ptr %p7, align 4
  %o8 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 8
  store float %o8, ptr %p8, align 4
  %o9 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 9
  store float %o9, ptr %p9, align 4
  %o10 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 10
  store float %o10, ptr %p10, align 4
  %o11 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 11
  store float %o11, ptr %p11, align 4
  %o12 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 12
  store float %o12, ptr %p12, align 4
  %o13 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 13
  store float %o13, ptr %p13, align 4
  %o14 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 14
  store float %o14, ptr %p14, align 4
  %o15 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 15
  store float %o15, ptr %p15, align 4
  %o16 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 16
  store float %o16, ptr %p16, align 4
  %o17 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 17
  store float %o17, ptr %p17, align 4
  %o18 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 18
  store float %o18, ptr %p18, align 4
  %o19 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 19
  store float %o19, ptr %p19, align 4
  %o20 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 20
  store float %o20, ptr %p20, align 4
  %o21 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 21
  store float %o21, ptr %p21, align 4
  %o22 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 22
  store float %o22, ptr %p22, align 4
  %o23 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 23
  store float %o23, ptr %p23, align 4
  %o24 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 24
  store float %o24, ptr %p24, align 4
  %o25 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 25
  store float %o25, ptr %p25, align 4
  %o26 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 26
  store float %o26, ptr %p26, align 4
  %o27 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 27
  store float %o27, ptr %p27, align 4
  %o28 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 28
  store float %o28, ptr %p28, align 4
  %o29 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 29
  store float %o29, ptr %p29, align 4
  %o30 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 30
  store float %o30, ptr %p30, align 4
  %o31 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 31
  store float %o31, ptr %p31, align 4
  ret void
}
define void @__oxpack_sm90a_wgmma_rs_m64n128k16_bf16_tb(ptr %d, i32 %a0, i32 %a1, i32 %a2, i32 %a3, i64 %db) #2 {
  %p0 = getelementptr inbounds float, ptr %d, i64 0
  %v0 = load float, ptr %p0, align 4
  %p1 = getelementptr inbounds float, ptr %d, i64 1
  %v1 = load float, ptr %p1, align 4
  %p2 = getelementptr inbounds float, ptr %d, i64 2
  %v2 = load float, ptr %p2, align 4
  %p3 = getelementptr inbounds float, ptr %d, i64 3
  %v3 = load float, ptr %p3, align 4
  %p4 = getelementptr inbounds float, ptr %d, i64 4
  %v4 = load float, ptr %p4, align 4
  %p5 = getelementptr inbounds float, ptr %d, i64 5
  %v5 = load float, ptr %p5, align 4
  %p6 = getelementptr inbounds float, ptr %d, i64 6
  %v6 = load float, ptr %p6, align 4
  %p7 = getelementptr inbounds float, ptr %d, i64 7
  %v7 = load float, ptr %p7, align 4
  %p8 = getelementptr inbounds float, ptr %d, i64 8
  %v8 = load float, ptr %p8, align 4
  %p9 = getelementptr inbounds float, ptr %d, i64 9
  %v9 = load float, ptr %p9, align 4
  %p10 = getelementptr inbounds float, ptr %d, i64 10
  %v10 = load float, ptr %p10, align 4
  %p11 = getelementptr inbounds float, ptr %d, i64 11
  %v11 = load float, ptr %p11, align 4
  %p12 = getelementptr inbounds float, ptr %d, i64 12
  %v12 = load float, ptr %p12, align 4
  %p13 = getelementptr inbounds float, ptr %d, i64 13
  %v13 = load float, ptr %p13, align 4
  %p14 = getelementptr inbounds float, ptr %d, i64 14
  %v14 = load float, ptr %p14, align 4
  %p15 = getelementptr inbounds float, ptr %d, i64 15
  %v15 = load float, ptr %p15, align 4
  %p16 = getelementptr inbounds float, ptr %d, i64 16
  %v16 = load float, ptr %p16, align 4
  %p17 = getelementptr inbounds float, ptr %d, i64 17
  %v17 = load float, ptr %p17, align 4
  %p18 = getelementptr inbounds float, ptr %d, i64 18
  %v18 = load float, ptr %p18, align 4
  %p19 = getelementptr inbounds float, ptr %d, i64 19
  %v19 = load float, ptr %p19, align 4
  %p20 = getelementptr inbounds float, ptr %d, i64 20
  %v20 = load float, ptr %p20, align 4
  %p21 = getelementptr inbounds float, ptr %d, i64 21
  %v21 = load float, ptr %p21, align 4
  %p22 = getelementptr inbounds float, ptr %d, i64 22
  %v22 = load float, ptr %p22, align 4
  %p23 = getelementptr inbounds float, ptr %d, i64 23
  %v23 = load float, ptr %p23, align 4
  %p24 = getelementptr inbounds float, ptr %d, i64 24
  %v24 = load float, ptr %p24, align 4
  %p25 = getelementptr inbounds float, ptr %d, i64 25
  %v25 = load float, ptr %p25, align 4
  %p26 = getelementptr inbounds float, ptr %d, i64 26
  %v26 = load float, ptr %p26, align 4
  %p27 = getelementptr inbounds float, ptr %d, i64 27
  %v27 = load float, ptr %p27, align 4
  %p28 = getelementptr inbounds float, ptr %d, i64 28
  %v28 = load float, ptr %p28, align 4
  %p29 = getelementptr inbounds float, ptr %d, i64 29
  %v29 = load float, ptr %p29, align 4
  %p30 = getelementptr inbounds float, ptr %d, i64 30
  %v30 = load float, ptr %p30, align 4
  %p31 = getelementptr inbounds float, ptr %d, i64 31
  %v31 = load float, ptr %p31, align 4
  %p32 = getelementptr inbounds float, ptr %d, i64 32
  %v32 = load float, ptr %p32, align 4
  %p33 = getelementptr inbounds float, ptr %d, i64 33
  %v33 = load float, ptr %p33, align 4
  %p34 = getelementptr inbounds float, ptr %d, i64 34
  %v34 = load float, ptr %p34, align 4
  %p35 = getelementptr inbounds float, ptr %d, i64 35
  %v35 = load float, ptr %p35, align 4
  %p36 = getelementptr inbounds float, ptr %d, i64 36
  %v36 = load float, ptr %p36, align 4
  %p37 = getelementptr inbounds float, ptr %d, i64 37
  %v37 = load float, ptr %p37, align 4
  %p38 = getelementptr inbounds float, ptr %d, i64 38
  %v38 = load float, ptr %p38, align 4
  %p39 = getelementptr inbounds float, ptr %d, i64 39
  %v39 = load float, ptr %p39, align 4
  %p40 = getelementptr inbounds float, ptr %d, i64 40
  %v40 = load float, ptr %p40, align 4
  %p41 = getelementptr inbounds float, ptr %d, i64 41
  %v41 = load float, ptr %p41, align 4
  %p42 = getelementptr inbounds float, ptr %d, i64 42
  %v42 = load float, ptr %p42, align 4
  %p43 = getelementptr inbounds float, ptr %d, i64 43
  %v43 = load float, ptr %p43, align 4
  %p44 = getelementptr inbounds float, ptr %d, i64 44
  %v44 = load float, ptr %p44, align 4
  %p45 = getelementptr inbounds float, ptr %d, i64 45
  %v45 = load float, ptr %p45, align 4
  %p46 = getelementptr inbounds float, ptr %d, i64 46
  %v46 = load float, ptr %p46, align 4
  %p47 = getelementptr inbounds float, ptr %d, i64 47
  %v47 = load float, ptr %p47, align 4
  %p48 = getelementptr inbounds float, ptr %d, i64 48
  %v48 = load float, ptr %p48, align 4
  %p49 = getelementptr inbounds float, ptr %d, i64 49
  %v49 = load float, ptr %p49, align 4
  %p50 = getelementptr inbounds float, ptr %d, i64 50
  %v50 = load float, ptr %p50, align 4
  %p51 = getelementptr inbounds float, ptr %d, i64 51
  %v51 = load float, ptr %p51, align 4
  %p52 = getelementptr inbounds float, ptr %d, i64 52
  %v52 = load float, ptr %p52, align 4
  %p53 = getelementptr inbounds float, ptr %d, i64 53
  %v53 = load float, ptr %p53, align 4
  %p54 = getelementptr inbounds float, ptr %d, i64 54
  %v54 = load float, ptr %p54, align 4
  %p55 = getelementptr inbounds float, ptr %d, i64 55
  %v55 = load float, ptr %p55, align 4
  %p56 = getelementptr inbounds float, ptr %d, i64 56
  %v56 = load float, ptr %p56, align 4
  %p57 = getelementptr inbounds float, ptr %d, i64 57
  %v57 = load float, ptr %p57, align 4
  %p58 = getelementptr inbounds float, ptr %d, i64 58
  %v58 = load float, ptr %p58, align 4
  %p59 = getelementptr inbounds float, ptr %d, i64 59
  %v59 = load float, ptr %p59, align 4
  %p60 = getelementptr inbounds float, ptr %d, i64 60
  %v60 = load float, ptr %p60, align 4
  %p61 = getelementptr inbounds float, ptr %d, i64 61
  %v61 = load float, ptr %p61, align 4
  %p62 = getelementptr inbounds float, ptr %d, i64 62
  %v62 = load float, ptr %p62, align 4
  %p63 = getelementptr inbounds float, ptr %d, i64 63
  %v63 = load float, ptr %p63, align 4
  %res = call {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} asm sideeffect "{\0A\09.reg .pred p;\0A\09setp.ne.b32 p, $69, 0;\0A\09wgmma.mma_async.sync.aligned.m64n128k16.f32.bf16.bf16 {$0,$1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,$16,$17,$18,$19,$20,$21,$22,$23,$24,$25,$26,$27,$28,$29,$30,$31,$32,$33,$34,$35,$36,$37,$38,$39,$40,$41,$42,$43,$44,$45,$46,$47,$48,$49,$50,$51,$52,$53,$54,$55,$56,$57,$58,$59,$60,$61,$62,$63}, {$64,$65,$66,$67}, $68, p, 1, 1, 1;\0A\09}", "=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,r,r,r,r,l,r,0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50,51,52,53,54,55,56,57,58,59,60,61,62,63,~{memory}"(i32 %a0, i32 %a1, i32 %a2, i32 %a3, i64 %db, i32 1, float %v0, float %v1, float %v2, float %v3, float %v4, float %v5, float %v6, float %v7, float %v8, float %v9, float %v10, float %v11, float %v12, float %v13, float %v14, float %v15, float %v16, float %v17, float %v18, float %v19, float %v20, float %v21, float %v22, float %v23, float %v24, float %v25, float %v26, float %v27, float %v28, float %v29, float %v30, float %v31, float %v32, float %v33, float %v34, float %v35, float %v36, float %v37, float %v38, float %v39, float %v40, float %v41, float %v42, float %v43, float %v44, float %v45, float %v46, float %v47, float %v48, float %v49, float %v50, float %v51, float %v52, float %v53, float %v54, float %v55, float %v56, float %v57, float %v58, float %v59, float %v60, float %v61, float %v62, float %v63)
  %o0 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 0
  store float %o0, ptr %p0, align 4
  %o1 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 1
  store float %o1, ptr %p1, align 4
  %o2 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 2
  store float %o2, ptr %p2, align 4
  %o3 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 3
  store float %o3, ptr %p3, align 4
  %o4 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 4
  store float %o4, ptr %p4, align 4
  %o5 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 5
  store float %o5, ptr %p5, align 4
  %o6 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 6
  store float %o6, ptr %p6, align 4
  %o7 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 7
  store float %o7, ptr %p7, align 4
  %o8 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 8
  store float %o8, ptr %p8, align 4
  %o9 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 9
  store float %o9, ptr %p9, align 4
  %o10 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 10
  store float %o10, ptr %p10, align 4
  %o11 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 11
  store float %o11, ptr %p11, align 4
  %o12 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 12
  store float %o12, ptr %p12, align 4
  %o13 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 13
  store float %o13, ptr %p13, align 4
  %o14 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 14
  store float %o14, ptr %p14, align 4
  %o15 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 15
  store float %o15, ptr %p15, align 4
  %o16 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 16
  store float %o16, ptr %p16, align 4
  %o17 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 17
  store float %o17, ptr %p17, align 4
  %o18 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 18
  store float %o18, ptr %p18, align 4
  %o19 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 19
  store float %o19, ptr %p19, align 4
  %o20 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 20
  store float %o20, ptr %p20, align 4
  %o21 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 21
  store float %o21, ptr %p21, align 4
  %o22 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 22
  store float %o22, ptr %p22, align 4
  %o23 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 23
  store float %o23, ptr %p23, align 4
  %o24 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 24
  store float %o24, ptr %p24, align 4
  %o25 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 25
  store float %o25, ptr %p25, align 4
  %o26 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 26
  store float %o26, ptr %p26, align 4
  %o27 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 27
  store float %o27, ptr %p27, align 4
  %o28 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 28
  store float %o28, ptr %p28, align 4
  %o29 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 29
  store float %o29, ptr %p29, align 4
  %o30 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 30
  store float %o30, ptr %p30, align 4
  %o31 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 31
  store float %o31, ptr %p31, align 4
  %o32 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 32
  store float %o32, ptr %p32, align 4
  %o33 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 33
  store float %o33, ptr %p33, align 4
  %o34 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 34
  store float %o34, ptr %p34, align 4
  %o35 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 35
  store float %o35, ptr %p35, align 4
  %o36 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 36
  store float %o36, ptr %p36, align 4
  %o37 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 37
  store float %o37, ptr %p37, align 4
  %o38 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 38
  store float %o38, ptr %p38, align 4
  %o39 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 39
  store float %o39, ptr %p39, align 4
  %o40 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 40
  store float %o40, ptr %p40, align 4
  %o41 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 41
  store float %o41, ptr %p41, align 4
  %o42 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 42
  store float %o42, ptr %p42, align 4
  %o43 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 43
  store float %o43, ptr %p43, align 4
  %o44 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 44
  store float %o44, ptr %p44, align 4
  %o45 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 45
  store float %o45, ptr %p45, align 4
  %o46 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 46
  store float %o46, ptr %p46, align 4
  %o47 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 47
  store float %o47, ptr %p47, align 4
  %o48 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 48
  store float %o48, ptr %p48, align 4
  %o49 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 49
  store float %o49, ptr %p49, align 4
  %o50 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 50
  store float %o50, ptr %p50, align 4
  %o51 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 51
  store float %o51, ptr %p51, align 4
  %o52 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 52
  store float %o52, ptr %p52, align 4
  %o53 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 53
  store float %o53, ptr %p53, align 4
  %o54 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 54
  store float %o54, ptr %p54, align 4
  %o55 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 55
  store float %o55, ptr %p55, align 4
  %o56 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 56
  store float %o56, ptr %p56, align 4
  %o57 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 57
  store float %o57, ptr %p57, align 4
  %o58 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 58
  store float %o58, ptr %p58, align 4
  %o59 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 59
  store float %o59, ptr %p59, align 4
  %o60 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 60
  store float %o60, ptr %p60, align 4
  %o61 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 61
  store float %o61, ptr %p61, align 4
  %o62 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 62
  store float %o62, ptr %p62, align 4
  %o63 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 63
  store float %o63, ptr %p63, align 4
  ret void
}
define void @__oxpack_sm90a_wgmma_rs_m64n256k16_bf16_tb(ptr %d, i32 %a0, i32 %a1, i32 %a2, i32 %a3, i64 %db) #2 {
  %p0 = getelementptr inbounds float, ptr %d, i64 0
  %v0 = load float, ptr %p0, align 4
  %p1 = getelementptr inbounds float, ptr %d, i64 1
  %v1 = load float, ptr %p1, align 4
  %p2 = getelementptr inbounds float, ptr %d, i64 2
  %v2 = load float, ptr %p2, align 4
  %p3 = getelementptr inbounds float, ptr %d, i64 3
  %v3 = load float, ptr %p3, align 4
  %p4 = getelementptr inbounds float, ptr %d, i64 4
  %v4 = load float, ptr %p4, align 4
  %p5 = getelementptr inbounds float, ptr %d, i64 5
  %v5 = load float, ptr %p5, align 4
  %p6 = getelementptr inbounds float, ptr %d, i64 6
  %v6 = load float, ptr %p6, align 4
  %p7 = getelementptr inbounds float, ptr %d, i64 7
  %v7 = load float, ptr %p7, align 4
  %p8 = getelementptr inbounds float, ptr %d, i64 8
  %v8 = load float, ptr %p8, align 4
  %p9 = getelementptr inbounds float, ptr %d, i64 9
  %v9 = load float, ptr %p9, align 4
  %p10 = getelementptr inbounds float, ptr %d, i64 10
  %v10 = load float, ptr %p10, align 4
  %p11 = getelementptr inbounds float, ptr %d, i64 11
  %v11 = load float, ptr %p11, align 4
  %p12 = getelementptr inbounds float, ptr %d, i64 12
  %v12 = load float, ptr %p12, align 4
  %p13 = getelementptr inbounds float, ptr %d, i64 13
  %v13 = load float, ptr %p13, align 4
  %p14 = getelementptr inbounds float, ptr %d, i64 14
  %v14 = load float, ptr %p14, align 4
  %p15 = getelementptr inbounds float, ptr %d, i64 15
  %v15 = load float, ptr %p15, align 4
  %p16 = getelementptr inbounds float, ptr %d, i64 16
  %v16 = load float, ptr %p16, align 4
  %p17 = getelementptr inbounds float, ptr %d, i64 17
  %v17 = load float, ptr %p17, align 4
  %p18 = getelementptr inbounds float, ptr %d, i64 18
  %v18 = load float, ptr %p18, align 4
  %p19 = getelementptr inbounds float, ptr %d, i64 19
  %v19 = load float, ptr %p19, align 4
  %p20 = getelementptr inbounds float, ptr %d, i64 20
  %v20 = load float, ptr %p20, align 4
  %p21 = getelementptr inbounds float, ptr %d, i64 21
  %v21 = load float, ptr %p21, align 4
  %p22 = getelementptr inbounds float, ptr %d, i64 22
  %v22 = load float, ptr %p22, align 4
  %p23 = getelementptr inbounds float, ptr %d, i64 23
  %v23 = load float, ptr %p23, align 4
  %p24 = getelementptr inbounds float, ptr %d, i64 24
  %v24 = load float, ptr %p24, align 4
  %p25 = getelementptr inbounds float, ptr %d, i64 25
  %v25 = load float, ptr %p25, align 4
  %p26 = getelementptr inbounds float, ptr %d, i64 26
  %v26 = load float, ptr %p26, align 4
  %p27 = getelementptr inbounds float, ptr %d, i64 27
  %v27 = load float, ptr %p27, align 4
  %p28 = getelementptr inbounds float, ptr %d, i64 28
  %v28 = load float, ptr %p28, align 4
  %p29 = getelementptr inbounds float, ptr %d, i64 29
  %v29 = load float, ptr %p29, align 4
  %p30 = getelementptr inbounds float, ptr %d, i64 30
  %v30 = load float, ptr %p30, align 4
  %p31 = getelementptr inbounds float, ptr %d, i64 31
  %v31 = load float, ptr %p31, align 4
  %p32 = getelementptr inbounds float, ptr %d, i64 32
  %v32 = load float, ptr %p32, align 4
  %p33 = getelementptr inbounds float, ptr %d, i64 33
  %v33 = load float, ptr %p33, align 4
  %p34 = getelementptr inbounds float, ptr %d, i64 34
  %v34 = load float, ptr %p34, align 4
  %p35 = getelementptr inbounds float, ptr %d, i64 35
  %v35 = load float, ptr %p35, align 4
  %p36 = getelementptr inbounds float, ptr %d, i64 36
  %v36 = load float, ptr %p36, align 4
  %p37 = getelementptr inbounds float, ptr %d, i64 37
  %v37 = load float, ptr %p37, align 4
  %p38 = getelementptr inbounds float, ptr %d, i64 38
  %v38 = load float, ptr %p38, align 4
  %p39 = getelementptr inbounds float, ptr %d, i64 39
  %v39 = load float, ptr %p39, align 4
  %p40 = getelementptr inbounds float, ptr %d, i64 40
  %v40 = load float, ptr %p40, align 4
  %p41 = getelementptr inbounds float, ptr %d, i64 41
  %v41 = load float, ptr %p41, align 4
  %p42 = getelementptr inbounds float, ptr %d, i64 42
  %v42 = load float, ptr %p42, align 4
  %p43 = getelementptr inbounds float, ptr %d, i64 43
  %v43 = load float, ptr %p43, align 4
  %p44 = getelementptr inbounds float, ptr %d, i64 44
  %v44 = load float, ptr %p44, align 4
  %p45 = getelementptr inbounds float, ptr %d, i64 45
  %v45 = load float, ptr %p45, align 4
  %p46 = getelementptr inbounds float, ptr %d, i64 46
  %v46 = load float, ptr %p46, align 4
  %p47 = getelementptr inbounds float, ptr %d, i64 47
  %v47 = load float, ptr %p47, align 4
  %p48 = getelementptr inbounds float, ptr %d, i64 48
  %v48 = load float, ptr %p48, align 4
  %p49 = getelementptr inbounds float, ptr %d, i64 49
  %v49 = load float, ptr %p49, align 4
  %p50 = getelementptr inbounds float, ptr %d, i64 50
  %v50 = load float, ptr %p50, align 4
  %p51 = getelementptr inbounds float, ptr %d, i64 51
  %v51 = load float, ptr %p51, align 4
  %p52 = getelementptr inbounds float, ptr %d, i64 52
  %v52 = load float, ptr %p52, align 4
  %p53 = getelementptr inbounds float, ptr %d, i64 53
  %v53 = load float, ptr %p53, align 4
  %p54 = getelementptr inbounds float, ptr %d, i64 54
  %v54 = load float, ptr %p54, align 4
  %p55 = getelementptr inbounds float, ptr %d, i64 55
  %v55 = load float, ptr %p55, align 4
  %p56 = getelementptr inbounds float, ptr %d, i64 56
  %v56 = load float, ptr %p56, align 4
  %p57 = getelementptr inbounds float, ptr %d, i64 57
  %v57 = load float, ptr %p57, align 4
  %p58 = getelementptr inbounds float, ptr %d, i64 58
  %v58 = load float, ptr %p58, align 4
  %p59 = getelementptr inbounds float, ptr %d, i64 59
  %v59 = load float, ptr %p59, align 4
  %p60 = getelementptr inbounds float, ptr %d, i64 60
  %v60 = load float, ptr %p60, align 4
  %p61 = getelementptr inbounds float, ptr %d, i64 61
  %v61 = load float, ptr %p61, align 4
  %p62 = getelementptr inbounds float, ptr %d, i64 62
  %v62 = load float, ptr %p62, align 4
  %p63 = getelementptr inbounds float, ptr %d, i64 63
  %v63 = load float, ptr %p63, align 4
  %p64 = getelementptr inbounds float, ptr %d, i64 64
  %v64 = load float, ptr %p64, align 4
  %p65 = getelementptr inbounds float, ptr %d, i64 65
  %v65 = load float, ptr %p65, align 4
  %p66 = getelementptr inbounds float, ptr %d, i64 66
  %v66 = load float, ptr %p66, align 4
  %p67 = getelementptr inbounds float, ptr %d, i64 67
  %v67 = load float, ptr %p67, align 4
  %p68 = getelementptr inbounds float, ptr %d, i64 68
  %v68 = load float, ptr %p68, align 4
  %p69 = getelementptr inbounds float, ptr %d, i64 69
  %v69 = load float, ptr %p69, align 4
  %p70 = getelementptr inbounds float, ptr %d, i64 70
  %v70 = load float, ptr %p70, align 4
  %p71 = getelementptr inbounds float, ptr %d, i64 71
  %v71 = load float, ptr %p71, align 4
  %p72 = getelementptr inbounds float, ptr %d, i64 72
  %v72 = load float, ptr %p72, align 4
  %p73 = getelementptr inbounds float, ptr %d, i64 73
  %v73 = load float, ptr %p73, align 4
  %p74 = getelementptr inbounds float, ptr %d, i64 74
  %v74 = load float, ptr %p74, align 4
  %p75 = getelementptr inbounds float, ptr %d, i64 75
  %v75 = load float, ptr %p75, align 4
  %p76 = getelementptr inbounds float, ptr %d, i64 76
  %v76 = load float, ptr %p76, align 4
  %p77 = getelementptr inbounds float, ptr %d, i64 77
  %v77 = load float, ptr %p77, align 4
  %p78 = getelementptr inbounds float, ptr %d, i64 78
  %v78 = load float, ptr %p78, align 4
  %p79 = getelementptr inbounds float, ptr %d, i64 79
  %v79 = load float, ptr %p79, align 4
  %p80 = getelementptr inbounds float, ptr %d, i64 80
  %v80 = load float, ptr %p80, align 4
  %p81 = getelementptr inbounds float, ptr %d, i64 81
  %v81 = load float, ptr %p81, align 4
  %p82 = getelementptr inbounds float, ptr %d, i64 82
  %v82 = load float, ptr %p82, align 4
  %p83 = getelementptr inbounds float, ptr %d, i64 83
  %v83 = load float, ptr %p83, align 4
  %p84 = getelementptr inbounds float, ptr %d, i64 84
  %v84 = load float, ptr %p84, align 4
  %p85 = getelementptr inbounds float, ptr %d, i64 85
  %v85 = load float, ptr %p85, align 4
  %p86 = getelementptr inbounds float, ptr %d, i64 86
  %v86 = load float, ptr %p86, align 4
  %p87 = getelementptr inbounds float, ptr %d, i64 87
  %v87 = load float, ptr %p87, align 4
  %p88 = getelementptr inbounds float, ptr %d, i64 88
  %v88 = load float, ptr %p88, align 4
  %p89 = getelementptr inbounds float, ptr %d, i64 89
  %v89 = load float, ptr %p89, align 4
  %p90 = getelementptr inbounds float, ptr %d, i64 90
  %v90 = load float, ptr %p90, align 4
  %p91 = getelementptr inbounds float, ptr %d, i64 91
  %v91 = load float, ptr %p91, align 4
  %p92 = getelementptr inbounds float, ptr %d, i64 92
  %v92 = load float, ptr %p92, align 4
  %p93 = getelementptr inbounds float, ptr %d, i64 93
  %v93 = load float, ptr %p93, align 4
  %p94 = getelementptr inbounds float, ptr %d, i64 94
  %v94 = load float, ptr %p94, align 4
  %p95 = getelementptr inbounds float, ptr %d, i64 95
  %v95 = load float, ptr %p95, align 4
  %p96 = getelementptr inbounds float, ptr %d, i64 96
  %v96 = load float, ptr %p96, align 4
  %p97 = getelementptr inbounds float, ptr %d, i64 97
  %v97 = load float, ptr %p97, align 4
  %p98 = getelementptr inbounds float, ptr %d, i64 98
  %v98 = load float, ptr %p98, align 4
  %p99 = getelementptr inbounds float, ptr %d, i64 99
  %v99 = load float, ptr %p99, align 4
  %p100 = getelementptr inbounds float, ptr %d, i64 100
  %v100 = load float, ptr %p100, align 4
  %p101 = getelementptr inbounds float, ptr %d, i64 101
  %v101 = load float, ptr %p101, align 4
  %p102 = getelementptr inbounds float, ptr %d, i64 102
  %v102 = load float, ptr %p102, align 4
  %p103 = getelementptr inbounds float, ptr %d, i64 103
  %v103 = load float, ptr %p103, align 4
  %p104 = getelementptr inbounds float, ptr %d, i64 104
  %v104 = load float, ptr %p104, align 4
  %p105 = getelementptr inbounds float, ptr %d, i64 105
  %v105 = load float, ptr %p105, align 4
  %p106 = getelementptr inbounds float, ptr %d, i64 106
  %v106 = load float, ptr %p106, align 4
  %p107 = getelementptr inbounds float, ptr %d, i64 107
  %v107 = load float, ptr %p107, align 4
  %p108 = getelementptr inbounds float, ptr %d, i64 108
  %v108 = load float, ptr %p108, align 4
  %p109 = getelementptr inbounds float, ptr %d, i64 109
  %v109 = load float, ptr %p109, align 4
  %p110 = getelementptr inbounds float, ptr %d, i64 110
  %v110 = load float, ptr %p110, align 4
  %p111 = getelementptr inbounds float, ptr %d, i64 111
  %v111 = load float, ptr %p111, align 4
  %p112 = getelementptr inbounds float, ptr %d, i64 112
  %v112 = load float, ptr %p112, align 4
  %p113 = getelementptr inbounds float, ptr %d, i64 113
  %v113 = load float, ptr %p113, align 4
  %p114 = getelementptr inbounds float, ptr %d, i64 114
  %v114 = load float, ptr %p114, align 4
  %p115 = getelementptr inbounds float, ptr %d, i64 115
  %v115 = load float, ptr %p115, align 4
  %p116 = getelementptr inbounds float, ptr %d, i64 116
  %v116 = load float, ptr %p116, align 4
  %p117 = getelementptr inbounds float, ptr %d, i64 117
  %v117 = load float, ptr %p117, align 4
  %p118 = getelementptr inbounds float, ptr %d, i64 118
  %v118 = load float, ptr %p118, align 4
  %p119 = getelementptr inbounds float, ptr %d, i64 119
  %v119 = load float, ptr %p119, align 4
  %p120 = getelementptr inbounds float, ptr %d, i64 120
  %v120 = load float, ptr %p120, align 4
  %p121 = getelementptr inbounds float, ptr %d, i64 121
  %v121 = load float, ptr %p121, align 4
  %p122 = getelementptr inbounds float, ptr %d, i64 122
  %v122 = load float, ptr %p122, align 4
  %p123 = getelementptr inbounds float, ptr %d, i64 123
  %v123 = load float, ptr %p123, align 4
  %p124 = getelementptr inbounds float, ptr %d, i64 124
  %v124 = load float, ptr %p124, align 4
  %p125 = getelementptr inbounds float, ptr %d, i64 125
  %v125 = load float, ptr %p125, align 4
  %p126 = getelementptr inbounds float, ptr %d, i64 126
  %v126 = load float, ptr %p126, align 4
  %p127 = getelementptr inbounds float, ptr %d, i64 127
  %v127 = load float, ptr %p127, align 4
  %res = call {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} asm sideeffect "{\0A\09.reg .pred p;\0A\09setp.ne.b32 p, $133, 0;\0A\09wgmma.mma_async.sync.aligned.m64n256k16.f32.bf16.bf16 {$0,$1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,$16,$17,$18,$19,$20,$21,$22,$23,$24,$25,$26,$27,$28,$29,$30,$31,$32,$33,$34,$35,$36,$37,$38,$39,$40,$41,$42,$43,$44,$45,$46,$47,$48,$49,$50,$51,$52,$53,$54,$55,$56,$57,$58,$59,$60,$61,$62,$63,$64,$65,$66,$67,$68,$69,$70,$71,$72,$73,$74,$75,$76,$77,$78,$79,$80,$81,$82,$83,$84,$85,$86,$87,$88,$89,$90,$91,$92,$93,$94,$95,$96,$97,$98,$99,$100,$101,$102,$103,$104,$105,$106,$107,$108,$109,$110,$111,$112,$113,$114,$115,$116,$117,$118,$119,$120,$121,$122,$123,$124,$125,$126,$127}, {$128,$129,$130,$131}, $132, p, 1, 1, 1;\0A\09}", "=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,r,r,r,r,l,r,0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50,51,52,53,54,55,56,57,58,59,60,61,62,63,64,65,66,67,68,69,70,71,72,73,74,75,76,77,78,79,80,81,82,83,84,85,86,87,88,89,90,91,92,93,94,95,96,97,98,99,100,101,102,103,104,105,106,107,108,109,110,111,112,113,114,115,116,117,118,119,120,121,122,123,124,125,126,127,~{memory}"(i32 %a0, i32 %a1, i32 %a2, i32 %a3, i64 %db, i32 1, float %v0, float %v1, float %v2, float %v3, float %v4, float %v5, float %v6, float %v7, float %v8, float %v9, float %v10, float %v11, float %v12, float %v13, float %v14, float %v15, float %v16, float %v17, float %v18, float %v19, float %v20, float %v21, float %v22, float %v23, float %v24, float %v25, float %v26, float %v27, float %v28, float %v29, float %v30, float %v31, float %v32, float %v33, float %v34, float %v35, float %v36, float %v37, float %v38, float %v39, float %v40, float %v41, float %v42, float %v43, float %v44, float %v45, float %v46, float %v47, float %v48, float %v49, float %v50, float %v51, float %v52, float %v53, float %v54, float %v55, float %v56, float %v57, float %v58, float %v59, float %v60, float %v61, float %v62, float %v63, float %v64, float %v65, float %v66, float %v67, float %v68, float %v69, float %v70, float %v71, float %v72, float %v73, float %v74, float %v75, float %v76, float %v77, float %v78, float %v79, float %v80, float %v81, float %v82, float %v83, float %v84, float %v85, float %v86, float %v87, float %v88, float %v89, float %v90, float %v91, float %v92, float %v93, float %v94, float %v95, float %v96, float %v97, float %v98, float %v99, float %v100, float %v101, float %v102, float %v103, float %v104, float %v105, float %v106, float %v107, float %v108, float %v109, float %v110, float %v111, float %v112, float %v113, float %v114, float %v115, float %v116, float %v117, float %v118, float %v119, float %v120, float %v121, float %v122, float %v123, float %v124, float %v125, float %v126, float %v127)
  %o0 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 0
  store float %o0, ptr %p0, align 4
  %o1 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 1
  store float %o1, ptr %p1, align 4
  %o2 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 2
  store float %o2, ptr %p2, align 4
  %o3 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 3
  store float %o3, ptr %p3, align 4
  %o4 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 4
  store float %o4, ptr %p4, align 4
  %o5 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 5
  store float %o5, ptr %p5, align 4
  %o6 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 6
  store float %o6, ptr %p6, align 4
  %o7 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 7
  store float %o7, ptr %p7, align 4
  %o8 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 8
  store float %o8, ptr %p8, align 4
  %o9 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 9
  store float %o9, ptr %p9, align 4
  %o10 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 10
  store float %o10, ptr %p10, align 4
  %o11 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 11
  store float %o11, ptr %p11, align 4
  %o12 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 12
  store float %o12, ptr %p12, align 4
  %o13 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 13
  store float %o13, ptr %p13, align 4
  %o14 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 14
  store float %o14, ptr %p14, align 4
  %o15 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 15
  store float %o15, ptr %p15, align 4
  %o16 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 16
  store float %o16, ptr %p16, align 4
  %o17 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 17
  store float %o17, ptr %p17, align 4
  %o18 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 18
  store float %o18, ptr %p18, align 4
  %o19 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 19
  store float %o19, ptr %p19, align 4
  %o20 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 20
  store float %o20, ptr %p20, align 4
  %o21 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 21
  store float %o21, ptr %p21, align 4
  %o22 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 22
  store float %o22, ptr %p22, align 4
  %o23 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 23
  store float %o23, ptr %p23, align 4
  %o24 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 24
  store float %o24, ptr %p24, align 4
  %o25 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 25
  store float %o25, ptr %p25, align 4
  %o26 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 26
  store float %o26, ptr %p26, align 4
  %o27 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 27
  store float %o27, ptr %p27, align 4
  %o28 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 28
  store float %o28, ptr %p28, align 4
  %o29 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 29
  store float %o29, ptr %p29, align 4
  %o30 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 30
  store float %o30, ptr %p30, align 4
  %o31 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 31
  store float %o31, ptr %p31, align 4
  %o32 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 32
  store float %o32, ptr %p32, align 4
  %o33 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 33
  store float %o33, ptr %p33, align 4
  %o34 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 34
  store float %o34, ptr %p34, align 4
  %o35 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 35
  store float %o35, ptr %p35, align 4
  %o36 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 36
  store float %o36, ptr %p36, align 4
  %o37 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 37
  store float %o37, ptr %p37, align 4
  %o38 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 38
  store float %o38, ptr %p38, align 4
  %o39 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 39
  store float %o39, ptr %p39, align 4
  %o40 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 40
  store float %o40, ptr %p40, align 4
  %o41 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 41
  store float %o41, ptr %p41, align 4
  %o42 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 42
  store float %o42, ptr %p42, align 4
  %o43 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 43
  store float %o43, ptr %p43, align 4
  %o44 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 44
  store float %o44, ptr %p44, align 4
  %o45 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 45
  store float %o45, ptr %p45, align 4
  %o46 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 46
  store float %o46, ptr %p46, align 4
  %o47 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 47
  store float %o47, ptr %p47, align 4
  %o48 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 48
  store float %o48, ptr %p48, align 4
  %o49 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 49
  store float %o49, ptr %p49, align 4
  %o50 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 50
  store float %o50, ptr %p50, align 4
  %o51 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 51
  store float %o51, ptr %p51, align 4
  %o52 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 52
  store float %o52, ptr %p52, align 4
  %o53 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 53
  store float %o53, ptr %p53, align 4
  %o54 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 54
  store float %o54, ptr %p54, align 4
  %o55 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 55
  store float %o55, ptr %p55, align 4
  %o56 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 56
  store float %o56, ptr %p56, align 4
  %o57 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 57
  store float %o57, ptr %p57, align 4
  %o58 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 58
  store float %o58, ptr %p58, align 4
  %o59 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 59
  store float %o59, ptr %p59, align 4
  %o60 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 60
  store float %o60, ptr %p60, align 4
  %o61 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 61
  store float %o61, ptr %p61, align 4
  %o62 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 62
  store float %o62, ptr %p62, align 4
  %o63 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 63
  store float %o63, ptr %p63, align 4
  %o64 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 64
  store float %o64, ptr %p64, align 4
  %o65 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 65
  store float %o65, ptr %p65, align 4
  %o66 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 66
  store float %o66, ptr %p66, align 4
  %o67 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 67
  store float %o67, ptr %p67, align 4
  %o68 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 68
  store float %o68, ptr %p68, align 4
  %o69 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 69
  store float %o69, ptr %p69, align 4
  %o70 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 70
  store float %o70, ptr %p70, align 4
  %o71 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 71
  store float %o71, ptr %p71, align 4
  %o72 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 72
  store float %o72, ptr %p72, align 4
  %o73 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 73
  store float %o73, ptr %p73, align 4
  %o74 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 74
  store float %o74, ptr %p74, align 4
  %o75 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 75
  store float %o75, ptr %p75, align 4
  %o76 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 76
  store float %o76, ptr %p76, align 4
  %o77 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 77
  store float %o77, ptr %p77, align 4
  %o78 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 78
  store float %o78, ptr %p78, align 4
  %o79 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 79
  store float %o79, ptr %p79, align 4
  %o80 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 80
  store float %o80, ptr %p80, align 4
  %o81 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 81
  store float %o81, ptr %p81, align 4
  %o82 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 82
  store float %o82, ptr %p82, align 4
  %o83 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 83
  store float %o83, ptr %p83, align 4
  %o84 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 84
  store float %o84, ptr %p84, align 4
  %o85 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 85
  store float %o85, ptr %p85, align 4
  %o86 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 86
  store float %o86, ptr %p86, align 4
  %o87 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 87
  store float %o87, ptr %p87, align 4
  %o88 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 88
  store float %o88, ptr %p88, align 4
  %o89 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 89
  store float %o89, ptr %p89, align 4
  %o90 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 90
  store float %o90, ptr %p90, align 4
  %o91 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 91
  store float %o91, ptr %p91, align 4
  %o92 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 92
  store float %o92, ptr %p92, align 4
  %o93 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 93
  store float %o93, ptr %p93, align 4
  %o94 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 94
  store float %o94, ptr %p94, align 4
  %o95 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 95
  store float %o95, ptr %p95, align 4
  %o96 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 96
  store float %o96, ptr %p96, align 4
  %o97 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 97
  store float %o97, ptr %p97, align 4
  %o98 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 98
  store float %o98, ptr %p98, align 4
  %o99 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 99
  store float %o99, ptr %p99, align 4
  %o100 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 100
  store float %o100, ptr %p100, align 4
  %o101 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 101
  store float %o101, ptr %p101, align 4
  %o102 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 102
  store float %o102, ptr %p102, align 4
  %o103 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 103
  store float %o103, ptr %p103, align 4
  %o104 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 104
  store float %o104, ptr %p104, align 4
  %o105 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 105
  store float %o105, ptr %p105, align 4
  %o106 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 106
  store float %o106, ptr %p106, align 4
  %o107 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 107
  store float %o107, ptr %p107, align 4
  %o108 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 108
  store float %o108, ptr %p108, align 4
  %o109 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 109
  store float %o109, ptr %p109, align 4
  %o110 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 110
  store float %o110, ptr %p110, align 4
  %o111 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 111
  store float %o111, ptr %p111, align 4
  %o112 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 112
  store float %o112, ptr %p112, align 4
  %o113 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 113
  store float %o113, ptr %p113, align 4
  %o114 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 114
  store float %o114, ptr %p114, align 4
  %o115 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 115
  store float %o115, ptr %p115, align 4
  %o116 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 116
  store float %o116, ptr %p116, align 4
  %o117 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 117
  store float %o117, ptr %p117, align 4
  %o118 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 118
  store float %o118, ptr %p118, align 4
  %o119 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 119
  store float %o119, ptr %p119, align 4
  %o120 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 120
  store float %o120, ptr %p120, align 4
  %o121 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 121
  store float %o121, ptr %p121, align 4
  %o122 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 122
  store float %o122, ptr %p122, align 4
  %o123 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 123
  store float %o123, ptr %p123, align 4
  %o124 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 124
  store float %o124, ptr %p124, align 4
  %o125 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 125
  store float %o125, ptr %p125, align 4
  %o126 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 126
  store float %o126, ptr %p126, align 4
  %o127 = extractvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %res, 127
  store float %o127, ptr %p127, align 4
  ret void
}

attributes #0 = { alwaysinline nounwind readnone }
attributes #1 = { alwaysinline noreturn nounwind cold }
attributes #2 = { alwaysinline convergent nounwind }
attributes #3 = { alwaysinline nounwind }
attributes #4 = { alwaysinline nounwind memory(argmem: read) }
attributes #5 = { alwaysinline nounwind }
attributes #6 = { nounwind memory(argmem: read) }
