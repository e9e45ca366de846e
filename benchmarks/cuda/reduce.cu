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
