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
; kernel that reaches one in a build for any other arch: llvm.py, `ARCH_SPECIFIC`)
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

attributes #0 = { alwaysinline nounwind readnone }
attributes #1 = { alwaysinline noreturn nounwind cold }
attributes #2 = { alwaysinline convergent nounwind }
attributes #3 = { alwaysinline nounwind }
attributes #4 = { alwaysinline nounwind memory(argmem: read) }
attributes #5 = { alwaysinline nounwind }
attributes #6 = { nounwind memory(argmem: read) }
