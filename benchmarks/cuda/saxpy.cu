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
extern "C" __global__ void saxpy4(float a, const float* __restrict__ x, uint64_t x_len,
                                  float* __restrict__ y, uint64_t y_len) {
    uint64_t i = (uint64_t)blockIdx.x * blockDim.x + threadIdx.x;
    if (4 * i + 4 <= y_len) {
        float4 xv = reinterpret_cast<const float4*>(x)[i], yv = reinterpret_cast<float4*>(y)[i];
        reinterpret_cast<float4*>(y)[i] = make_float4(a * xv.x + yv.x, a * xv.y + yv.y, a * xv.z + yv.z, a * xv.w + yv.w);
    }
}
extern "C" __global__ void scale4(float a, const float* __restrict__ x, uint64_t x_len, float* __restrict__ y,
                                  uint64_t y_len) {
    uint64_t i = (uint64_t)blockIdx.x * blockDim.x + threadIdx.x;
    if (4 * i + 4 <= y_len) {
        float4 xv = reinterpret_cast<const float4*>(x)[i];
        reinterpret_cast<float4*>(y)[i] = make_float4(a * xv.x, a * xv.y, a * xv.z, a * xv.w);
    }
}
