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

attributes #0 = { alwaysinline nounwind readnone }
attributes #1 = { alwaysinline noreturn nounwind cold }
attributes #2 = { alwaysinline convergent nounwind }
attributes #3 = { alwaysinline nounwind }
attributes #4 = { alwaysinline nounwind memory(argmem: read) }
attributes #5 = { alwaysinline nounwind }
attributes #6 = { nounwind memory(argmem: read) }
