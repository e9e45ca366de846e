// CUDA C++ equivalents of example-project/kernels/reduce.rs, for benchmarks only.
#include <cstdint>
__device__ __forceinline__ float warp_sum(float v) {
    for (int m = 16; m > 0; m >>= 1) v += __shfl_xor_sync(0xffffffffu, v, m);
    return v;
}
extern "C" __global__ void sum(const float* __restrict__ x, uint64_t x_len, float* total, uint64_t total_len) {
    __shared__ float partial[32];
    uint64_t stride = (uint64_t)gridDim.x * blockDim.x;
    uint64_t i = (uint64_t)blockIdx.x * blockDim.x + threadIdx.x;
    // as the Rust kernel: unaligned head and tail, 16-byte loads in between
    uint64_t head = ((16 - ((uintptr_t)x & 15)) & 15) / 4;
    if (head > x_len) head = x_len;
    uint64_t body = (x_len - head) / 4;
    const float4* v = reinterpret_cast<const float4*>(x + head);
    float acc = (i < head ? x[i] : 0.0f) + (i < x_len - head - 4 * body ? x[head + 4 * body + i] : 0.0f);
    for (uint64_t k = i; k < body; k += stride) {
        float4 q = v[k];
        acc += (q.x + q.y) + (q.z + q.w);
    }
    float w = warp_sum(acc);
    if ((threadIdx.x & 31) == 0) partial[threadIdx.x >> 5] = w;
    __syncthreads();
    if (threadIdx.x < 32) {
        unsigned warps = (blockDim.x + 31) / 32;
        float s = warp_sum(threadIdx.x < warps ? partial[threadIdx.x] : 0.0f);
        if (threadIdx.x == 0) atomicAdd(total, s);
    }
}
extern "C" __global__ void histogram(uint32_t bins, const uint32_t* __restrict__ x, uint64_t x_len,
                                     uint32_t* hist, uint64_t hist_len) {
    __shared__ uint32_t local[1024];
    for (uint32_t b = threadIdx.x; b < bins; b += blockDim.x) local[b] = 0;
    __syncthreads();
    uint64_t stride = (uint64_t)gridDim.x * blockDim.x;
    for (uint64_t k = (uint64_t)blockIdx.x * blockDim.x + threadIdx.x; k < x_len; k += stride)
        atomicAdd(&local[x[k] % bins], 1u);
    __syncthreads();
    for (uint32_t b = threadIdx.x; b < bins; b += blockDim.x)
        if (local[b]) atomicAdd(&hist[b], local[b]);
}
extern "C" __global__ void warp_scan(const int64_t* __restrict__ x, uint64_t x_len, int64_t* __restrict__ out,
                                     uint64_t out_len) {
    uint64_t i = (uint64_t)blockIdx.x * blockDim.x + threadIdx.x;
    int64_t acc = i < x_len ? x[i] : 0;
    unsigned lane = threadIdx.x & 31;
    for (int d = 1; d < 32; d *= 2) {
        int64_t up = __shfl_up_sync(0xffffffffu, acc, d);
        if (lane >= d) acc += up;
    }
    if (i < out_len) out[i] = acc;
}
extern "C" __global__ void min_max(const int32_t* __restrict__ x, uint64_t x_len, int32_t* lo, uint64_t lo_len,
                                   int32_t* hi, uint64_t hi_len) {
    uint64_t i = (uint64_t)blockIdx.x * blockDim.x + threadIdx.x;
    bool have = i < x_len;
    int32_t small = have ? x[i] : INT32_MAX, large = have ? x[i] : INT32_MIN;
    for (int m = 16; m > 0; m >>= 1) {
        small = min(small, __shfl_xor_sync(0xffffffffu, small, m));
        large = max(large, __shfl_xor_sync(0xffffffffu, large, m));
    }
    if (__any_sync(0xffffffffu, have) && (threadIdx.x & 31) == 0) {
        atomicMin(lo, small);
        atomicMax(hi, large);
    }
}
extern "C" __global__ void block_reverse(const float* __restrict__ x, uint64_t x_len, float* __restrict__ out,
                                         uint64_t out_len, uint64_t scratch) {
    extern __shared__ float s[];
    uint64_t t = threadIdx.x, b = blockDim.x, start = (uint64_t)blockIdx.x * b;
    s[t] = start + t < x_len ? x[start + t] : 0.0f;
    __syncthreads();
    uint64_t n = x_len > start ? (x_len - start < b ? x_len - start : b) : 0;
    if (start + t < out_len && t < n) out[start + t] = s[n - 1 - t];
}
