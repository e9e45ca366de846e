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
// The 16-byte kernels of other element types (bf16/f16: 8 lanes; i32/u32: 4), with the same rule:
// one 16-byte access where the thread's run is whole and the buffer 16-byte aligned, else one per element.
#include <cuda_bf16.h>
#include <cuda_fp16.h>
template <typename T> struct Lanes16 { T v[16 / sizeof(T)]; };
enum class Hint { plain, streaming, evict_first };
template <Hint H> __device__ __forceinline__ uint4 ld16(const void* p) {
    if constexpr (H == Hint::streaming) return __ldcs(reinterpret_cast<const uint4*>(p));
    if constexpr (H == Hint::evict_first) {
        uint4 r;
        asm volatile("ld.global.L1::evict_first.v4.u32 {%0, %1, %2, %3}, [%4];"
                     : "=r"(r.x), "=r"(r.y), "=r"(r.z), "=r"(r.w) : "l"(p));
        return r;
    }
    return *reinterpret_cast<const uint4*>(p);
}
template <Hint H> __device__ __forceinline__ void st16(void* p, uint4 r) {
    if constexpr (H == Hint::streaming) { __stcs(reinterpret_cast<uint4*>(p), r); return; }
    if constexpr (H == Hint::evict_first) {
        asm volatile("st.global.L1::evict_first.v4.u32 [%0], {%1, %2, %3, %4};"
                     :: "l"(p), "r"(r.x), "r"(r.y), "r"(r.z), "r"(r.w) : "memory");
        return;
    }
    *reinterpret_cast<uint4*>(p) = r;
}
template <typename T, Hint H = Hint::plain>
__device__ __forceinline__ Lanes16<T> load16(const T* p, uint64_t start, uint64_t len) {
    constexpr int n = 16 / sizeof(T);
    Lanes16<T> out;
    if (start + n <= len && aligned16(p)) {
        uint4 r = ld16<H>(p + start);
        memcpy(&out, &r, 16);
        return out;
    }
    for (int k = 0; k < n; k++) out.v[k] = start + k < len ? p[start + k] : T();
    return out;
}
template <typename T, Hint H = Hint::plain>
__device__ __forceinline__ void store16(T* p, uint64_t start, uint64_t len, const Lanes16<T>& in) {
    constexpr int n = 16 / sizeof(T);
    if (start + n <= len && aligned16(p)) {
        uint4 r;
        memcpy(&r, &in, 16);
        st16<H>(p + start, r);
        return;
    }
    for (int k = 0; k < n; k++) if (start + k < len) p[start + k] = in.v[k];
}
// y[start..] <- f(x[start..]) for the thread's 16 bytes (16 / sizeof(T) lanes), `H` on both accesses.
template <typename T, Hint H = Hint::plain, typename F>
__device__ __forceinline__ void map16(const T* __restrict__ x, uint64_t x_len, T* __restrict__ y, uint64_t y_len, F f) {
    constexpr int n = 16 / sizeof(T);
    uint64_t start = n * ((uint64_t)blockIdx.x * blockDim.x + threadIdx.x);
    if (start < y_len && start < x_len) {
        Lanes16<T> v = load16<T, H>(x, start, x_len);
        for (int k = 0; k < n; k++) v.v[k] = f(v.v[k]);
        store16<T, H>(y, start, y_len, v);
    }
}
extern "C" __global__ void scale_bf16x8(float a, const __nv_bfloat16* __restrict__ x, uint64_t x_len,
                                        __nv_bfloat16* __restrict__ y, uint64_t y_len) {
    map16(x, x_len, y, y_len, [a](__nv_bfloat16 v) { return __float2bfloat16(a * __bfloat162float(v)); });
}
extern "C" __global__ void axpy_f16x8(float a, const __half* __restrict__ x, uint64_t x_len,
                                      __half* __restrict__ y, uint64_t y_len) {
    uint64_t start = 8 * ((uint64_t)blockIdx.x * blockDim.x + threadIdx.x);
    if (start < y_len && start < x_len) {
        Lanes16<__half> xv = load16<__half, Hint::streaming>(x, start, x_len);
        Lanes16<__half> yv = load16<__half, Hint::streaming>(y, start, y_len);
        for (int k = 0; k < 8; k++) yv.v[k] = __float2half(a * __half2float(xv.v[k]) + __half2float(yv.v[k]));
        store16<__half, Hint::streaming>(y, start, y_len, yv);
    }
}
extern "C" __global__ void add_i32x4(int32_t b, const int32_t* __restrict__ x, uint64_t x_len,
                                     int32_t* __restrict__ y, uint64_t y_len) {
    map16(x, x_len, y, y_len, [b](int32_t v) { return (int32_t)((uint32_t)v + (uint32_t)b); });  // wrapping
}
extern "C" __global__ void xor_u32x4(uint32_t m, const uint32_t* __restrict__ x, uint64_t x_len,
                                     uint32_t* __restrict__ y, uint64_t y_len) {
    map16<uint32_t, Hint::evict_first>(x, x_len, y, y_len, [m](uint32_t v) { return v ^ m; });
}
extern "C" __global__ void scale_streaming(float a, const float* __restrict__ x, uint64_t x_len,
                                           float* __restrict__ y, uint64_t y_len) {
    uint64_t i = (uint64_t)blockIdx.x * blockDim.x + threadIdx.x;
    if (i < y_len) __stcs(y + i, a * __ldcs(x + i));
}
// nvcc takes `__launch_bounds__` or `__maxnreg__`, not both: the bounds (PTX .maxntid 128, .minnctapersm 4);
// the kernel needs far fewer than the 32 registers the Rust one is capped at
extern "C" __global__ void __launch_bounds__(128, 4)
scale_bounded(float a, const float* __restrict__ x, uint64_t x_len, float* __restrict__ y, uint64_t y_len) {
    uint64_t i = (uint64_t)blockIdx.x * blockDim.x + threadIdx.x;
    if (i < y_len) y[i] = a * x[i];
}
