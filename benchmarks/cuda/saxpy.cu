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
// The 16-byte kernels take any view, as the Rust ones (vec.rs): one float4 access when
// the buffer starts 16-byte aligned, else one access per element; the same in every thread.
__device__ __forceinline__ bool aligned16(const void* p) { return (reinterpret_cast<uintptr_t>(p) & 15) == 0; }
__device__ __forceinline__ float4 load4(const float* p, uint64_t start, uint64_t len) {
    if (start + 4 <= len && aligned16(p)) return reinterpret_cast<const float4*>(p + start)[0];
    float v[4] = {0.0f, 0.0f, 0.0f, 0.0f};
    for (int k = 0; k < 4; k++) if (start + k < len) v[k] = p[start + k];
    return make_float4(v[0], v[1], v[2], v[3]);
}
__device__ __forceinline__ void store4(float* p, uint64_t start, uint64_t len, float4 r) {
    if (start + 4 <= len && aligned16(p)) { reinterpret_cast<float4*>(p + start)[0] = r; return; }
    float v[4] = {r.x, r.y, r.z, r.w};
    for (int k = 0; k < 4; k++) if (start + k < len) p[start + k] = v[k];
}
extern "C" __global__ void saxpy4(float a, const float* __restrict__ x, uint64_t x_len,
                                  float* __restrict__ y, uint64_t y_len) {
    uint64_t start = 4 * ((uint64_t)blockIdx.x * blockDim.x + threadIdx.x);
    if (start < y_len && start < x_len) {
        float4 xv = load4(x, start, x_len), yv = load4(y, start, y_len);
        store4(y, start, y_len, make_float4(a * xv.x + yv.x, a * xv.y + yv.y, a * xv.z + yv.z, a * xv.w + yv.w));
    }
}
extern "C" __global__ void scale4(float a, const float* __restrict__ x, uint64_t x_len, float* __restrict__ y,
                                  uint64_t y_len) {
    uint64_t start = 4 * ((uint64_t)blockIdx.x * blockDim.x + threadIdx.x);
    if (start < y_len && start < x_len) {
        float4 xv = load4(x, start, x_len);
        store4(y, start, y_len, make_float4(a * xv.x, a * xv.y, a * xv.z, a * xv.w));
    }
}
