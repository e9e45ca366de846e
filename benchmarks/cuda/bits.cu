// CUDA C++ equivalents of example-project/kernels/bits.rs, for benchmarks only.
#include <cstdint>
extern "C" __global__ void hash32(uint32_t seed, const uint32_t* __restrict__ x, uint64_t x_len,
                                  uint32_t* __restrict__ out, uint64_t out_len) {
    uint64_t i = (uint64_t)blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= out_len) return;
    uint32_t h = x[i] ^ seed;
    h ^= h >> 16; h *= 0x7feb352du; h ^= h >> 15; h *= 0x846ca68bu; h ^= h >> 16;
    out[i] = h;
}
extern "C" __global__ void collatz_steps(uint64_t start, uint32_t limit, uint32_t* __restrict__ out, uint64_t out_len) {
    uint64_t i = (uint64_t)blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= out_len) return;
    uint64_t n = start + i; uint32_t steps = 0;
    while (n > 1 && steps < limit) { n = (n % 2 == 0) ? n / 2 : 3 * n + 1; steps++; }
    out[i] = steps;
}
extern "C" __global__ void offset_clamp(int64_t delta, int32_t lo, int32_t hi, const int32_t* __restrict__ x,
                                        uint64_t x_len, int64_t* __restrict__ out, uint64_t out_len) {
    uint64_t i = (uint64_t)blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= out_len) return;
    int64_t v = (int64_t)x[i];
    int64_t s = (delta > 0 && v > INT64_MAX - delta) ? INT64_MAX : (delta < 0 && v < INT64_MIN - delta) ? INT64_MIN : v + delta;
    out[i] = s < lo ? lo : (s > hi ? hi : s);
}
