// CUDA C++ equivalents of example-project/kernels/matrix.rs, for benchmarks only.
#include <cstdint>
extern "C" __global__ void add_scaled(uint32_t width, uint32_t height, double s, const double* __restrict__ a,
                                      uint64_t a_len, const double* __restrict__ b, uint64_t b_len,
                                      double* __restrict__ out, uint64_t out_len) {
    uint64_t x = (uint64_t)blockIdx.x * blockDim.x + threadIdx.x;
    uint64_t y = (uint64_t)blockIdx.y * blockDim.y + threadIdx.y;
    if (x < width && y < height) { uint64_t k = y * width + x; out[k] = a[k] + s * b[k]; }
}
extern "C" __global__ void transpose(uint32_t width, uint32_t height, const float* __restrict__ m, uint64_t m_len,
                                     float* __restrict__ out, uint64_t out_len) {
    uint64_t x = (uint64_t)blockIdx.x * blockDim.x + threadIdx.x;
    uint64_t y = (uint64_t)blockIdx.y * blockDim.y + threadIdx.y;
    if (x < height && y < width) out[y * height + x] = m[x * width + y];
}
extern "C" __global__ void transpose_tiled(uint32_t width, uint32_t height, const float* __restrict__ m,
                                           uint64_t m_len, float* __restrict__ out, uint64_t out_len) {
    __shared__ float tile[32][33];
    unsigned bx = blockIdx.x * 32, by = blockIdx.y * 32;
    for (int k = 0; k < 32; k += 8) {
        unsigned x = bx + threadIdx.x, y = by + threadIdx.y + k;
        if (x < width && y < height) tile[threadIdx.y + k][threadIdx.x] = m[(uint64_t)y * width + x];
    }
    __syncthreads();
    for (int k = 0; k < 32; k += 8) {
        unsigned ox = by + threadIdx.x, oy = bx + threadIdx.y + k;
        if (ox < height && oy < width) out[(uint64_t)oy * height + ox] = tile[threadIdx.x][threadIdx.y + k];
    }
}
