// CUDA C++ equivalents of example-project/kernels/saxpy.rs, for benchmarks only.
#include <cstdint>
extern "C" __global__ void saxpy(float a, const float* __restrict__ x, uint64_t x_len,
                                 float* __restrict__ y, uint64_t y_len) {
    uint64_t i = (uint64_t)blockIdx.x * blockDim.x + threadIdx.x;
    if (i < y_len) y[i] += a * x[i];
}
extern "C" __global__ void gather(const uint32_t* __restrict__ idx, uint64_t idx_len, const float* __restrict__ x,
                                  uint64_t x_len, float* __restrict__ out, uint64_t out_len) {
    uint64_t i = (uint64_t)blockIdx.x * blockDim.x + threadIdx.x;
    if (i < out_len) out[i] = x[idx[i]];
}
