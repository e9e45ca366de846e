// CUDA C++ LayerNorm forward baselines for benchmarks/bench_norms.py, for benchmarks only.
// Our own code, written after the algorithms of llm.c's dev/cuda/layernorm_forward.cu
// kernels 3-6 (llm.c's code itself is not run: the GPU machine has no network, and the
// project commits none of it). Same semantics as llm.c: out = (x - mean) * rstd * w + b per
// row of C, mean and rstd saved, eps 1e-5, biased variance. N rows, C channels.
//   ln3: a warp per row, two passes over x (mean, then variance), streaming loads/stores.
//   ln4: a warp per row, one pass (sum and sum of squares: var = E[x^2] - mean^2).
//   ln5: a block per row, one pass, the warps' partial sums reduced through shared memory.
//   ln6: a warp per row, 16-byte loads, the row kept in shared memory between passes.
//   ln_regs (at the end): the example's `layernorm` algorithm by hand (not llm.c's).
#include <cstdint>

__device__ __forceinline__ float warp_sum(float v) {
    for (int o = 16; o > 0; o >>= 1) v += __shfl_xor_sync(0xffffffffu, v, o);
    return v;
}

extern "C" __global__ void ln3(float* __restrict__ out, float* __restrict__ mean, float* __restrict__ rstd,
                               const float* __restrict__ inp, const float* __restrict__ w,
                               const float* __restrict__ b, int N, int C) {
    int lane = threadIdx.x % 32, row = (blockIdx.x * blockDim.x + threadIdx.x) / 32;
    if (row >= N) return;
    const float* x = inp + (int64_t)row * C;
    float s = 0.f;
    for (int i = lane; i < C; i += 32) s += x[i];
    float m = warp_sum(s) / C;
    s = 0.f;
    for (int i = lane; i < C; i += 32) { float d = x[i] - m; s += d * d; }
    float r = rsqrtf(warp_sum(s) / C + 1e-5f);
    if (lane == 0) { __stcs(mean + row, m); __stcs(rstd + row, r); }
    float* o = out + (int64_t)row * C;
    for (int i = lane; i < C; i += 32) __stcs(o + i, (__ldcs(x + i) - m) * r * w[i] + b[i]);
}

extern "C" __global__ void ln4(float* __restrict__ out, float* __restrict__ mean, float* __restrict__ rstd,
                               const float* __restrict__ inp, const float* __restrict__ w,
                               const float* __restrict__ b, int N, int C) {
    int lane = threadIdx.x % 32, row = (blockIdx.x * blockDim.x + threadIdx.x) / 32;
    if (row >= N) return;
    const float* x = inp + (int64_t)row * C;
    float s = 0.f, q = 0.f;
    for (int i = lane; i < C; i += 32) { float v = x[i]; s += v; q += v * v; }
    float m = warp_sum(s) / C;
    float r = rsqrtf(warp_sum(q) / C - m * m + 1e-5f);
    if (lane == 0) { __stcs(mean + row, m); __stcs(rstd + row, r); }
    float* o = out + (int64_t)row * C;
    for (int i = lane; i < C; i += 32) __stcs(o + i, (__ldcs(x + i) - m) * r * w[i] + b[i]);
}

extern "C" __global__ void ln5(float* __restrict__ out, float* __restrict__ mean, float* __restrict__ rstd,
                               const float* __restrict__ inp, const float* __restrict__ w,
                               const float* __restrict__ b, int N, int C) {
    __shared__ float ps[32], pq[32];
    int row = blockIdx.x, t = threadIdx.x, lane = t % 32, warp = t / 32, warps = blockDim.x / 32;
    const float* x = inp + (int64_t)row * C;
    float s = 0.f, q = 0.f;
    for (int i = t; i < C; i += blockDim.x) { float v = x[i]; s += v; q += v * v; }
    s = warp_sum(s); q = warp_sum(q);
    if (lane == 0) { ps[warp] = s; pq[warp] = q; }
    __syncthreads();
    s = lane < warps ? ps[lane] : 0.f; q = lane < warps ? pq[lane] : 0.f;
    s = warp_sum(s); q = warp_sum(q);
    float m = s / C, r = rsqrtf(q / C - m * m + 1e-5f);
    if (t == 0) { mean[row] = m; rstd[row] = r; }
    float* o = out + (int64_t)row * C;
    for (int i = t; i < C; i += blockDim.x) __stcs(o + i, (__ldcs(x + i) - m) * r * w[i] + b[i]);
}

// dynamic shared memory: (blockDim.x / 32) * C floats; C % 4 == 0
extern "C" __global__ void ln6(float* __restrict__ out, float* __restrict__ mean, float* __restrict__ rstd,
                               const float* __restrict__ inp, const float* __restrict__ w,
                               const float* __restrict__ b, int N, int C) {
    extern __shared__ float4 cache[];
    int lane = threadIdx.x % 32, warp = threadIdx.x / 32, row = (blockIdx.x * blockDim.x + threadIdx.x) / 32;
    if (row >= N) return;
    int c4 = C / 4;
    float4* mine = cache + warp * c4;
    const float4* x = reinterpret_cast<const float4*>(inp + (int64_t)row * C);
    float s = 0.f;
    for (int i = lane; i < c4; i += 32) { float4 v = __ldcs(x + i); mine[i] = v; s += v.x + v.y + v.z + v.w; }
    float m = warp_sum(s) / C;
    s = 0.f;
    for (int i = lane; i < c4; i += 32) {
        float4 v = mine[i];
        s += (v.x - m) * (v.x - m) + (v.y - m) * (v.y - m) + (v.z - m) * (v.z - m) + (v.w - m) * (v.w - m);
    }
    float r = rsqrtf(warp_sum(s) / C + 1e-5f);
    if (lane == 0) { __stcs(mean + row, m); __stcs(rstd + row, r); }
    float4* o = reinterpret_cast<float4*>(out + (int64_t)row * C);
    const float4 *w4 = reinterpret_cast<const float4*>(w), *b4 = reinterpret_cast<const float4*>(b);
    for (int i = lane; i < c4; i += 32) {
        float4 v = mine[i], ww = w4[i], bb = b4[i], y;
        y.x = (v.x - m) * r * ww.x + bb.x; y.y = (v.y - m) * r * ww.y + bb.y;
        y.z = (v.z - m) * r * ww.z + bb.z; y.w = (v.w - m) * r * ww.w + bb.w;
        __stcs(o + i, y);
    }
}

// ln_regs: not llm.c's: the example's `layernorm` algorithm by hand, to tell its algorithm from
// its code generation. A warp per row, 16 bytes at a time (C % 4 == 0, 16-byte aligned rows); a
// row of up to 32 * 4 * K = 1,024 channels is held in registers (K float4 a lane) and read once,
// the mean and then the variance from the registers; a longer row is read three times.
constexpr int K = 8;
extern "C" __global__ void ln_regs(float* __restrict__ out, float* __restrict__ mean, float* __restrict__ rstd,
                                   const float* __restrict__ inp, const float* __restrict__ w,
                                   const float* __restrict__ b, int N, int C) {
    int lane = threadIdx.x % 32, row = (blockIdx.x * blockDim.x + threadIdx.x) / 32;
    if (row >= N) return;
    int c4 = C / 4;
    const float4* x = reinterpret_cast<const float4*>(inp + (int64_t)row * C);
    const float4 *w4 = reinterpret_cast<const float4*>(w), *b4 = reinterpret_cast<const float4*>(b);
    float4* o = reinterpret_cast<float4*>(out + (int64_t)row * C);
    float m, r;
    if (c4 <= 32 * K) {
        float4 v[K];
        float s = 0.f;
#pragma unroll
        for (int k = 0; k < K; k++) {
            int i = lane + 32 * k;
            if (i < c4) { v[k] = __ldcs(x + i); s += v[k].x + v[k].y + v[k].z + v[k].w; }
        }
        m = warp_sum(s) / C;
        s = 0.f;
#pragma unroll
        for (int k = 0; k < K; k++) {
            if (lane + 32 * k < c4) {
                float4 d = v[k];
                s += (d.x - m) * (d.x - m) + (d.y - m) * (d.y - m) + (d.z - m) * (d.z - m) + (d.w - m) * (d.w - m);
            }
        }
        r = rsqrtf(warp_sum(s) / C + 1e-5f);
#pragma unroll
        for (int k = 0; k < K; k++) {
            int i = lane + 32 * k;
            if (i < c4) {
                float4 d = v[k], ww = w4[i], bb = b4[i], y;
                y.x = (d.x - m) * r * ww.x + bb.x; y.y = (d.y - m) * r * ww.y + bb.y;
                y.z = (d.z - m) * r * ww.z + bb.z; y.w = (d.w - m) * r * ww.w + bb.w;
                __stcs(o + i, y);
            }
        }
    } else {
        float s = 0.f;
        for (int i = lane; i < c4; i += 32) { float4 d = x[i]; s += d.x + d.y + d.z + d.w; }
        m = warp_sum(s) / C;
        s = 0.f;
        for (int i = lane; i < c4; i += 32) {
            float4 d = x[i];
            s += (d.x - m) * (d.x - m) + (d.y - m) * (d.y - m) + (d.z - m) * (d.z - m) + (d.w - m) * (d.w - m);
        }
        r = rsqrtf(warp_sum(s) / C + 1e-5f);
        for (int i = lane; i < c4; i += 32) {
            float4 d = __ldcs(x + i), ww = w4[i], bb = b4[i], y;
            y.x = (d.x - m) * r * ww.x + bb.x; y.y = (d.y - m) * r * ww.y + bb.y;
            y.z = (d.z - m) * r * ww.z + bb.z; y.w = (d.w - m) * r * ww.w + bb.w;
            __stcs(o + i, y);
        }
    }
    if (lane == 0) { __stcs(mean + row, m); __stcs(rstd + row, r); }
}
