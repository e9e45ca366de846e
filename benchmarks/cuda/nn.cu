// CUDA C++ equivalent of example-project/kernels/nn.rs's softmax, for benchmarks only.
#include <cstdint>
#include <cfloat>
#include <cuda_fp16.h>
#include <cuda_bf16.h>
__device__ __forceinline__ float block_reduce(float v, bool is_max) {
    __shared__ float partial[32];
    for (int m = 16; m > 0; m >>= 1) {
        float o = __shfl_xor_sync(0xffffffffu, v, m);
        v = is_max ? fmaxf(v, o) : v + o;
    }
    __syncthreads();
    if ((threadIdx.x & 31) == 0) partial[threadIdx.x >> 5] = v;
    __syncthreads();
    unsigned warps = (blockDim.x + 31) / 32;
    float w = threadIdx.x % 32 < warps ? partial[threadIdx.x % 32] : (is_max ? -FLT_MAX : 0.0f);
    for (int m = 16; m > 0; m >>= 1) {
        float o = __shfl_xor_sync(0xffffffffu, w, m);
        w = is_max ? fmaxf(w, o) : w + o;
    }
    return w;
}
// Written as nn.rs's softmax: a row of at most 16 * blockDim.x columns is read once into
// registers (thread tx holds columns tx, tx + blockDim.x, ...), a longer one three times.
extern "C" __global__ void softmax(uint32_t cols, const float* __restrict__ x, uint64_t x_len,
                                   float* __restrict__ out, uint64_t out_len) {
    const float* row = x + (uint64_t)blockIdx.x * cols;
    float* dst = out + (uint64_t)blockIdx.x * cols;
    const unsigned tx = threadIdx.x, step = blockDim.x;
    if (cols <= 16u * step) {
        float v[16];
        float m = -INFINITY;
#pragma unroll
        for (int k = 0; k < 16; k++) {
            unsigned j = tx + k * step;
            v[k] = j < cols ? row[j] : 0.0f;
            if (j < cols) m = fmaxf(m, v[k]);
        }
        m = block_reduce(m, true);
        float s = 0.0f;
#pragma unroll
        for (int k = 0; k < 16; k++) {
            v[k] = expf(v[k] - m);
            if (tx + k * step < cols) s += v[k];
        }
        float r = 1.0f / block_reduce(s, false);
#pragma unroll
        for (int k = 0; k < 16; k++) {
            unsigned j = tx + k * step;
            if (j < cols) dst[j] = v[k] * r;
        }
        return;
    }
    float m = -INFINITY;
    for (unsigned j = tx; j < cols; j += step) m = fmaxf(m, row[j]);
    m = block_reduce(m, true);
    float s = 0.0f;
    for (unsigned j = tx; j < cols; j += step) s += expf(row[j] - m);
    float r = 1.0f / block_reduce(s, false);
    for (unsigned j = tx; j < cols; j += step) dst[j] = expf(row[j] - m) * r;
}
extern "C" __global__ void gelu(const float* __restrict__ x, uint64_t x_len, float* __restrict__ out, uint64_t out_len) {
    uint64_t i = (uint64_t)blockIdx.x * blockDim.x + threadIdx.x;
    if (i < out_len) { float v = x[i]; out[i] = 0.5f * v * (1.0f + erff(v * 0.70710678118654752f)); }
}
extern "C" __global__ void math32(uint32_t op, const float* __restrict__ x, uint64_t x_len, float* __restrict__ out,
                                  uint64_t out_len) {
    uint64_t i = (uint64_t)blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= out_len) return;
    float v = x[i], r;
    switch (op) {
        case 0: r = expf(v); break; case 1: r = exp2f(v); break; case 2: r = logf(v); break;
        case 3: r = log2f(v); break; case 4: r = sinf(v); break; case 5: r = cosf(v); break;
        case 6: r = tanhf(v); break; case 7: r = erff(v); break; case 8: r = sqrtf(v); break;
        case 9: r = rsqrtf(v); break; case 10: r = floorf(v); break; case 11: r = ceilf(v); break;
        case 12: r = fabsf(v); break; case 13: r = powf(v, 1.75f); break; case 14: r = fmaf(v, 3.0f, -1.0f); break;
        case 15: r = fminf(v, 0.25f); break; case 16: r = fmaxf(v, 0.25f); break; case 17: r = __expf(v); break;
        case 18: r = exp2f(v); break; case 19: r = __logf(v); break; case 20: r = __log2f(v); break;
        case 21: r = __sinf(v); break; case 22: r = __cosf(v); break; case 23: r = tanhf(v); break;
        case 24: r = rsqrtf(v); break; default: r = __int_as_float(0x7fc00000);
    }
    out[i] = r;
}
extern "C" __global__ void math64(uint32_t op, const double* __restrict__ x, uint64_t x_len, double* __restrict__ out,
                                  uint64_t out_len) {
    uint64_t i = (uint64_t)blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= out_len) return;
    double v = x[i], r;
    switch (op) {
        case 0: r = exp(v); break; case 1: r = exp2(v); break; case 2: r = log(v); break;
        case 3: r = log2(v); break; case 4: r = sin(v); break; case 5: r = cos(v); break;
        case 6: r = tanh(v); break; case 7: r = erf(v); break; case 8: r = sqrt(v); break;
        case 9: r = rsqrt(v); break; case 10: r = floor(v); break; case 11: r = ceil(v); break;
        case 12: r = fabs(v); break; case 13: r = pow(v, 1.75); break; case 14: r = fma(v, 3.0, -1.0); break;
        case 15: r = fmin(v, 0.25); break; case 16: r = fmax(v, 0.25); break; default: r = __longlong_as_double(0x7ff8000000000000LL);
    }
    out[i] = r;
}
extern "C" __global__ void to_f16(const float* __restrict__ x, uint64_t x_len, __half* __restrict__ out, uint64_t out_len) {
    uint64_t i = (uint64_t)blockIdx.x * blockDim.x + threadIdx.x;
    if (i < out_len) out[i] = __float2half_rn(x[i]);
}
extern "C" __global__ void scale_bf16(float a, const __nv_bfloat16* __restrict__ x, uint64_t x_len,
                                      __nv_bfloat16* __restrict__ out, uint64_t out_len) {
    uint64_t i = (uint64_t)blockIdx.x * blockDim.x + threadIdx.x;
    if (i < out_len) out[i] = __float2bfloat16_rn(a * __bfloat162float(x[i]));
}
