// CUDA C++ equivalent of example-project/kernels/nn.rs's softmax, for benchmarks only.
#include <cstdint>
#include <cfloat>
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
extern "C" __global__ void softmax(uint32_t cols, const float* __restrict__ x, uint64_t x_len,
                                   float* __restrict__ out, uint64_t out_len) {
    const float* row = x + (uint64_t)blockIdx.x * cols;
    float* dst = out + (uint64_t)blockIdx.x * cols;
    float m = -INFINITY;
    for (unsigned j = threadIdx.x; j < cols; j += blockDim.x) m = fmaxf(m, row[j]);
    m = block_reduce(m, true);
    float s = 0.0f;
    for (unsigned j = threadIdx.x; j < cols; j += blockDim.x) s += expf(row[j] - m);
    s = block_reduce(s, false);
    for (unsigned j = threadIdx.x; j < cols; j += blockDim.x) dst[j] = expf(row[j] - m) / s;
}
