// CUDA C++ RMSNorm baseline (bfloat16 in and out, f32 math) for benchmarks/bench_norms.py, for
// benchmarks only: what a hand-written kernel of the example's `rmsnorm_bf16_warp` algorithm
// compiles to. out = x * rstd * w per row of C, rstd = 1 / sqrt(mean(x^2) + eps) saved per row.
//   rms_warp: a warp per row, 16-byte loads and stores (8 bfloat16), C % 8 == 0 and 16-byte
//             aligned rows. A row of up to 32 * 8 * K = 1,024 channels is held in registers and
//             read once (streaming), a longer one read twice (the second read mostly from L1),
//             as `rmsnorm_bf16_warp` does.
#include <cstdint>
#include <cuda_bf16.h>

__device__ __forceinline__ float warp_sum(float v) {
    for (int o = 16; o > 0; o >>= 1) v += __shfl_xor_sync(0xffffffffu, v, o);
    return v;
}

__device__ __forceinline__ float sum_sq(uint4 v) {
    const __nv_bfloat162* h = reinterpret_cast<const __nv_bfloat162*>(&v);
    float s = 0.f;
#pragma unroll
    for (int j = 0; j < 4; j++) {
        float2 f = __bfloat1622float2(h[j]);
        s += f.x * f.x + f.y * f.y;
    }
    return s;
}

__device__ __forceinline__ uint4 scaled(uint4 v, uint4 w, float r) {
    const __nv_bfloat162* h = reinterpret_cast<const __nv_bfloat162*>(&v);
    const __nv_bfloat162* g = reinterpret_cast<const __nv_bfloat162*>(&w);
    uint4 out;
    __nv_bfloat162* o = reinterpret_cast<__nv_bfloat162*>(&out);
#pragma unroll
    for (int j = 0; j < 4; j++) {
        float2 f = __bfloat1622float2(h[j]), k = __bfloat1622float2(g[j]);
        o[j] = __floats2bfloat162_rn(f.x * r * k.x, f.y * r * k.y);
    }
    return out;
}

constexpr int K = 4;  // chunks a lane holds: rows up to 1,024 channels in registers

extern "C" __global__ void rms_warp(__nv_bfloat16* __restrict__ out, float* __restrict__ rstd,
                                   const __nv_bfloat16* __restrict__ inp, const __nv_bfloat16* __restrict__ w,
                                   float eps, int N, int C) {
    int lane = threadIdx.x % 32, row = (blockIdx.x * blockDim.x + threadIdx.x) / 32;
    if (row >= N) return;
    int c8 = C / 8;
    const uint4* x = reinterpret_cast<const uint4*>(inp + (int64_t)row * C);
    const uint4* w8 = reinterpret_cast<const uint4*>(w);
    uint4* o = reinterpret_cast<uint4*>(out + (int64_t)row * C);
    if (c8 <= 32 * K) {
        uint4 v[K];
        float s = 0.f;
#pragma unroll
        for (int k = 0; k < K; k++) {
            int i = lane + 32 * k;
            if (i < c8) { v[k] = __ldcs(x + i); s += sum_sq(v[k]); }
        }
        float r = rsqrtf(warp_sum(s) / C + eps);
        if (lane == 0) rstd[row] = r;
#pragma unroll
        for (int k = 0; k < K; k++) {
            int i = lane + 32 * k;
            if (i < c8) o[i] = scaled(v[k], w8[i], r);
        }
    } else {
        float s = 0.f;
        for (int i = lane; i < c8; i += 32) s += sum_sq(x[i]);
        float r = rsqrtf(warp_sum(s) / C + eps);
        if (lane == 0) rstd[row] = r;
        for (int i = lane; i < c8; i += 32) o[i] = scaled(__ldcs(x + i), w8[i], r);
    }
}
