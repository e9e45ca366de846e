// CUDA C++ equivalent of example-project/kernels/gemm.rs, for benchmarks only: the same
// algorithm (128 × 128 block tile, k-steps of 8 through shared memory, A's tile stored
// transposed, an 8 × 8 register block per thread, 16 × 16 threads), the same loads.
#include <cstdint>
#define BM 128
#define BN 128
#define BK 8
#define TM 8
#define TN 8
extern "C" __global__ void sgemm(uint32_t m, uint32_t n, uint32_t k, const float* __restrict__ a, uint64_t a_len,
                                 const float* __restrict__ b, uint64_t b_len, float* __restrict__ c, uint64_t c_len) {
    __shared__ __align__(16) float sa[BK * BM];  // sa[p * BM + r] = A[row0 + r][k0 + p]
    __shared__ __align__(16) float sb[BK * BN];  // sb[p * BN + j] = B[k0 + p][col0 + j]
    const unsigned tx = threadIdx.x, ty = threadIdx.y, t = ty * 16 + tx;
    const uint64_t row0 = (uint64_t)blockIdx.y * BM, col0 = (uint64_t)blockIdx.x * BN;
    const unsigned ar = t * 4 / BK, ac = t * 4 % BK;  // this thread's 4 elements of A's tile
    const unsigned br = t * 4 / BN, bc = t * 4 % BN;  // and of B's tile
    float acc[TM][TN] = {};
    for (uint64_t k0 = 0; k0 < k; k0 += BK) {
        float va[4], vb[4];
#pragma unroll
        for (int q = 0; q < 4; q++) {
            uint64_t arow = row0 + ar, acol = k0 + ac + q, brow = k0 + br, bcol = col0 + bc + q;
            va[q] = (arow < m && acol < k) ? a[arow * k + acol] : 0.0f;
            vb[q] = (brow < k && bcol < n) ? b[brow * n + bcol] : 0.0f;
        }
#pragma unroll
        for (int q = 0; q < 4; q++) sa[(ac + q) * BM + ar] = va[q];
        *reinterpret_cast<float4*>(&sb[t * 4]) = make_float4(vb[0], vb[1], vb[2], vb[3]);
        __syncthreads();
#pragma unroll
        for (int p = 0; p < BK; p++) {  // the Rust kernel unrolls it with `unroll!`
            float4 a0 = *reinterpret_cast<const float4*>(&sa[p * BM + ty * TM]);
            float4 a1 = *reinterpret_cast<const float4*>(&sa[p * BM + ty * TM + 4]);
            float4 b0 = *reinterpret_cast<const float4*>(&sb[p * BN + tx * TN]);
            float4 b1 = *reinterpret_cast<const float4*>(&sb[p * BN + tx * TN + 4]);
            float av[TM] = {a0.x, a0.y, a0.z, a0.w, a1.x, a1.y, a1.z, a1.w};
            float bv[TN] = {b0.x, b0.y, b0.z, b0.w, b1.x, b1.y, b1.z, b1.w};
#pragma unroll
            for (int i = 0; i < TM; i++)
#pragma unroll
                for (int j = 0; j < TN; j++) acc[i][j] = fmaf(av[i], bv[j], acc[i][j]);
        }
        __syncthreads();
    }
    uint64_t row = row0 + ty * TM, col = col0 + tx * TN;
#pragma unroll
    for (int i = 0; i < TM; i++)
#pragma unroll
        for (int j = 0; j < TN; j++)
            if (row + i < m && col + j < n) c[(row + i) * n + col + j] = acc[i][j];
}
