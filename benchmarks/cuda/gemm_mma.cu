// The ceiling of the sm_80 tensor-core path (mma.sync + ldmatrix + cp.async) on the GPU at hand:
// a hand-written CUDA GEMM in the structure of the example's `gemm_bf16_nt_bf16` and
// `gemm_tf32_nt` (example-project/kernels/tensor.rs), timed against cuBLAS in the same rounds.
//
//     nvcc -O3 -std=c++17 -arch=sm_90 -o gemm_mma benchmarks/cuda/gemm_mma.cu -lcublas && ./gemm_mma
//
// C (m × n, bf16, or f32 for tf32) = A (m × k, row-major) · Bᵀ with B n × k row-major (a `linear`
// weight): A and B both k-contiguous, so plain `ldmatrix` reads both. Block tiles BM × BN × BK,
// warps of 64 × 64 (4 × 8 fragments of 16 × 8), STAGES cp.async stages in dynamic shared memory,
// rows swizzled (16-byte chunk XOR row, as CUTLASS and oxpack's tiles), fragments double-buffered
// across k steps. Shapes must be multiples of the tiles (this measures the ceiling, not edges).
// Against cuBLAS (cublasGemmEx, the TN GEMM torch runs for `a @ w.t()`: bf16 in/out with f32
// compute, or f32 with CUBLAS_COMPUTE_32F_FAST_TF32), alternating the two batch by batch.
#include <cublas_v2.h>
#include <cuda_bf16.h>
#include <cuda_runtime.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#define CK(x)                                                                                  \
    do {                                                                                       \
        cudaError_t e = (x);                                                                   \
        if (e != cudaSuccess) {                                                                \
            fprintf(stderr, "%s:%d %s: %s\n", __FILE__, __LINE__, #x, cudaGetErrorString(e));  \
            exit(1);                                                                           \
        }                                                                                      \
    } while (0)
#define CB(x)                                                                                  \
    do {                                                                                       \
        cublasStatus_t s = (x);                                                                \
        if (s != CUBLAS_STATUS_SUCCESS) {                                                      \
            fprintf(stderr, "%s:%d %s: cublas %d\n", __FILE__, __LINE__, #x, (int)s);          \
            exit(1);                                                                           \
        }                                                                                      \
    } while (0)

__device__ __forceinline__ unsigned smem_u32(const void* p) {
    return (unsigned)__cvta_generic_to_shared(p);
}
__device__ __forceinline__ void cp_async16(void* dst, const void* src) {
    asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" ::"r"(smem_u32(dst)), "l"(src));
}
__device__ __forceinline__ void cp_commit() { asm volatile("cp.async.commit_group;\n" ::); }
template <int N>
__device__ __forceinline__ void cp_wait() { asm volatile("cp.async.wait_group %0;\n" ::"n"(N)); }

__device__ __forceinline__ void ldsm_x4(unsigned (&r)[4], const void* p) {
    asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0,%1,%2,%3}, [%4];\n"
                 : "=r"(r[0]), "=r"(r[1]), "=r"(r[2]), "=r"(r[3])
                 : "r"(smem_u32(p)));
}

template <typename T>
struct Mma;
template <>
struct Mma<__nv_bfloat16> {
    static __device__ __forceinline__ void run(float (&d)[4], const unsigned (&a)[4], const unsigned* b) {
        asm volatile(
            "mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, "
            "{%0,%1,%2,%3};\n"
            : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3])
            : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]));
    }
};
template <>
struct Mma<float> {
    static __device__ __forceinline__ void run(float (&d)[4], const unsigned (&a)[4], const unsigned* b) {
        asm volatile(
            "mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, "
            "{%0,%1,%2,%3};\n"
            : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3])
            : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]));
    }
};

__device__ __forceinline__ void store2(__nv_bfloat16* p, float x, float y) {
    *reinterpret_cast<__nv_bfloat162*>(p) = __floats2bfloat162_rn(x, y);
}
__device__ __forceinline__ void store2(float* p, float x, float y) { *reinterpret_cast<float2*>(p) = make_float2(x, y); }

// Element offset of 16-byte chunk `ch` of row `r` in a tile of CPR chunks per row (swizzled).
template <int CPR, int CHUNK>
__device__ __forceinline__ int swz(int r, int ch) {
    int key = CPR >= 8 ? (r & 7) : CPR == 4 ? ((r >> 1) & 3) : CPR == 2 ? ((r >> 2) & 1) : 0;
    return r * CPR * CHUNK + ((ch ^ key) * CHUNK);
}

template <typename T, typename O, int BM, int BN, int BK, int STAGES>
struct Cfg {
    static constexpr int WARPS = (BM / 64) * (BN / 64);
    static constexpr int THREADS = WARPS * 32;
    static constexpr int CHUNK = 16 / sizeof(T);
    static constexpr int KSTEP = 32 / sizeof(T);
    static constexpr int CPR = BK / CHUNK;  // chunks per row
    static constexpr int A_ELEMS = BM * BK, B_ELEMS = BN * BK;
    static constexpr int SMEM = STAGES * (A_ELEMS + B_ELEMS) * sizeof(T);
};

template <typename T, typename O, int BM, int BN, int BK, int STAGES>
__global__ void __launch_bounds__(Cfg<T, O, BM, BN, BK, STAGES>::THREADS)
    gemm_nt(int m, int n, int k, const T* __restrict__ A, const T* __restrict__ B, O* __restrict__ C) {
    using C_ = Cfg<T, O, BM, BN, BK, STAGES>;
    constexpr int CHUNK = C_::CHUNK, KSTEP = C_::KSTEP, CPR = C_::CPR, THREADS = C_::THREADS;
    constexpr int KSTEPS = BK / KSTEP;
    extern __shared__ __align__(128) unsigned char smem_raw[];
    T* sA = reinterpret_cast<T*>(smem_raw);
    T* sB = sA + STAGES * C_::A_ELEMS;

    // block → tile, bands of 8 tile rows (as oxpack's WarpTiles)
    int tiles_m = m / BM, tiles_n = n / BN;
    int blk = blockIdx.x;
    int band = blk / (8 * tiles_n), first = band * 8;
    int rows_in_band = min(tiles_m - first, 8);
    int rest = blk % (8 * tiles_n);
    int tm = first + rest % rows_in_band, tn = rest / rows_in_band;
    int m0 = tm * BM, n0 = tn * BN;

    int tid = threadIdx.x, lane = tid & 31, warp = tid >> 5;
    int wr = (warp / (BN / 64)) * 64, wc = (warp % (BN / 64)) * 64;

    const T* gA = A + (size_t)m0 * k;
    const T* gB = B + (size_t)n0 * k;
    auto fill = [&](int stage, int k0) {
        T* dA = sA + stage * C_::A_ELEMS;
        T* dB = sB + stage * C_::B_ELEMS;
#pragma unroll
        for (int i = 0; i < BM * CPR / THREADS; i++) {
            int q = tid + i * THREADS, r = q / CPR, ch = q % CPR;
            cp_async16(dA + swz<CPR, CHUNK>(r, ch), gA + (size_t)r * k + k0 + ch * CHUNK);
        }
#pragma unroll
        for (int i = 0; i < BN * CPR / THREADS; i++) {
            int q = tid + i * THREADS, r = q / CPR, ch = q % CPR;
            cp_async16(dB + swz<CPR, CHUNK>(r, ch), gB + (size_t)r * k + k0 + ch * CHUNK);
        }
    };

    float acc[4][8][4];
#pragma unroll
    for (int i = 0; i < 4; i++)
#pragma unroll
        for (int j = 0; j < 8; j++)
#pragma unroll
            for (int e = 0; e < 4; e++) acc[i][j][e] = 0.f;

    int steps = k / BK;
#pragma unroll
    for (int s = 0; s < STAGES - 1; s++) {
        if (s < steps) fill(s, s * BK);
        cp_commit();
    }

    unsigned fa[2][4][4], fb[2][8][2];
    auto load_frags = [&](int buf, const T* tA, const T* tB, int ks) {
        int kc = ks * KSTEP / CHUNK;
#pragma unroll
        for (int i = 0; i < 4; i++)
            ldsm_x4(fa[buf][i], tA + swz<CPR, CHUNK>(wr + 16 * i + (lane & 15), kc + (lane >> 4)));
#pragma unroll
        for (int j = 0; j < 4; j++) {
            unsigned r[4];
            ldsm_x4(r, tB + swz<CPR, CHUNK>(wc + 16 * j + (lane & 7) + ((lane >> 4) << 3), kc + ((lane >> 3) & 1)));
            fb[buf][2 * j][0] = r[0];
            fb[buf][2 * j][1] = r[1];
            fb[buf][2 * j + 1][0] = r[2];
            fb[buf][2 * j + 1][1] = r[3];
        }
    };

    for (int s = 0; s < steps; s++) {
        cp_wait<STAGES - 2>();
        __syncthreads();
        // refill the stage read in the previous step (the barrier above ended its reads)
        int nxt = s + STAGES - 1;
        if (nxt < steps) fill(nxt % STAGES, nxt * BK);
        cp_commit();
        const T* tA = sA + (s % STAGES) * C_::A_ELEMS;
        const T* tB = sB + (s % STAGES) * C_::B_ELEMS;
        load_frags(0, tA, tB, 0);
#pragma unroll
        for (int ks = 0; ks < KSTEPS; ks++) {
            if (ks + 1 < KSTEPS) load_frags((ks + 1) & 1, tA, tB, ks + 1);
#pragma unroll
            for (int i = 0; i < 4; i++)
#pragma unroll
                for (int j = 0; j < 8; j++) Mma<T>::run(acc[i][j], fa[ks & 1][i], fb[ks & 1][j]);
        }
    }
    cp_wait<0>();

    int g = lane >> 2, t = lane & 3;
#pragma unroll
    for (int i = 0; i < 4; i++)
#pragma unroll
        for (int j = 0; j < 8; j++) {
            int r = m0 + wr + 16 * i + g, c = n0 + wc + 8 * j + 2 * t;
            store2(C + (size_t)r * n + c, acc[i][j][0], acc[i][j][1]);
            store2(C + (size_t)(r + 8) * n + c, acc[i][j][2], acc[i][j][3]);
        }
}

template <typename T>
__global__ void fill_rand(T* p, size_t len, unsigned seed) {
    for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < len; i += (size_t)gridDim.x * blockDim.x) {
        unsigned x = (unsigned)i * 2654435761u ^ seed;
        x ^= x >> 13;
        x *= 0x5bd1e995u;
        x ^= x >> 15;
        p[i] = (T)(((x & 0xffff) / 32768.0f) - 1.0f);
    }
}

template <typename O>
float to_f(O x) { return (float)x; }
template <>
float to_f(__nv_bfloat16 x) { return __bfloat162float(x); }

template <typename T, typename O>
struct Problem {
    int m, n, k;
    T *A, *B;
    O *C, *Cref;
};

template <typename T, typename O, int BM, int BN, int BK, int STAGES>
void launch(const Problem<T, O>& p, O* C) {
    using C_ = Cfg<T, O, BM, BN, BK, STAGES>;
    auto kern = gemm_nt<T, O, BM, BN, BK, STAGES>;
    static bool set = false;
    if (!set) {
        CK(cudaFuncSetAttribute(kern, cudaFuncAttributeMaxDynamicSharedMemorySize, C_::SMEM));
        set = true;
    }
    kern<<<(p.m / BM) * (p.n / BN), C_::THREADS, C_::SMEM>>>(p.m, p.n, p.k, p.A, p.B, C);
}

template <typename T, typename O>
void cublas(cublasHandle_t h, const Problem<T, O>& p, O* C) {
    float one = 1.f, zero = 0.f;
    // row-major C (m × n) = A·Bᵀ is column-major Cᵀ (n × m) = B·Aᵀ: op(B) = T, op(A) = N
    if constexpr (sizeof(T) == 2) {
        CB(cublasGemmEx(h, CUBLAS_OP_T, CUBLAS_OP_N, p.n, p.m, p.k, &one, p.B, CUDA_R_16BF, p.k, p.A, CUDA_R_16BF,
                        p.k, &zero, C, CUDA_R_16BF, p.n, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT));
    } else {
        CB(cublasGemmEx(h, CUBLAS_OP_T, CUBLAS_OP_N, p.n, p.m, p.k, &one, p.B, CUDA_R_32F, p.k, p.A, CUDA_R_32F, p.k,
                        &zero, C, CUDA_R_32F, p.n, CUBLAS_COMPUTE_32F_FAST_TF32, CUBLAS_GEMM_DEFAULT));
    }
}

template <typename F>
float batch_ms(F f, int batch) {
    cudaEvent_t a, b;
    CK(cudaEventCreate(&a));
    CK(cudaEventCreate(&b));
    CK(cudaEventRecord(a));
    for (int i = 0; i < batch; i++) f();
    CK(cudaEventRecord(b));
    CK(cudaEventSynchronize(b));
    float ms;
    CK(cudaEventElapsedTime(&ms, a, b));
    CK(cudaGetLastError());
    cudaEventDestroy(a);
    cudaEventDestroy(b);
    return ms / batch;
}

static float median(std::vector<float> v) {
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}

template <typename T, typename O, int BM, int BN, int BK, int STAGES>
void row(cublasHandle_t h, const Problem<T, O>& p, const char* dtype, int repeat) {
    using C_ = Cfg<T, O, BM, BN, BK, STAGES>;
    int dev;
    CK(cudaGetDevice(&dev));
    int optin;
    CK(cudaDeviceGetAttribute(&optin, cudaDevAttrMaxSharedMemoryPerBlockOptin, dev));
    if (C_::SMEM > optin) {
        printf("| %d³ %s | %d×%d×%d, %d stages | needs %d B of shared memory, the device gives %d | | | |\n", p.m, dtype,
               BM, BN, BK, STAGES, C_::SMEM, optin);
        return;
    }
    launch<T, O, BM, BN, BK, STAGES>(p, p.C);
    CK(cudaDeviceSynchronize());
    // check against cuBLAS's product (the same inputs; f32 sums in another order)
    size_t len = (size_t)p.m * p.n;
    std::vector<O> c(len), r(len);
    CK(cudaMemcpy(c.data(), p.C, len * sizeof(O), cudaMemcpyDeviceToHost));
    CK(cudaMemcpy(r.data(), p.Cref, len * sizeof(O), cudaMemcpyDeviceToHost));
    double worst = 0, scale = 0;
    for (size_t i = 0; i < len; i += 97) {
        worst = std::max(worst, (double)std::fabs(to_f(c[i]) - to_f(r[i])));
        scale = std::max(scale, (double)std::fabs(to_f(r[i])));
    }
    bool ok = worst <= 2e-2 * scale && std::isfinite(worst);
    int batch = std::max(2, std::min(50, (int)(2e11 / (2.0 * p.m * p.n * p.k))));
    std::vector<float> mine, theirs, ratio;
    for (int i = 0; i < 3; i++) {
        launch<T, O, BM, BN, BK, STAGES>(p, p.C);
        cublas(h, p, p.Cref);
    }
    for (int rnd = 0; rnd < repeat; rnd++) {
        float x, y;
        if (rnd % 2 == 0) {
            x = batch_ms([&] { launch<T, O, BM, BN, BK, STAGES>(p, p.C); }, batch);
            y = batch_ms([&] { cublas(h, p, p.Cref); }, batch);
        } else {
            y = batch_ms([&] { cublas(h, p, p.Cref); }, batch);
            x = batch_ms([&] { launch<T, O, BM, BN, BK, STAGES>(p, p.C); }, batch);
        }
        mine.push_back(x);
        theirs.push_back(y);
        ratio.push_back(y / x);
    }
    double flop = 2.0 * p.m * p.n * p.k;
    float tm = median(mine), tt = median(theirs);
    printf("| %d³ %s | %d×%d×%d, %d stages, %d warps, %d KiB | %.3f ms | %.0f | %.3f ms | %.0f | %.1f%%%s |\n", p.m,
           dtype, BM, BN, BK, STAGES, C_::WARPS, C_::SMEM / 1024, tm, flop / tm / 1e9, tt, flop / tt / 1e9,
           100 * median(ratio), ok ? "" : " (WRONG: off cuBLAS)");
    fflush(stdout);
}

template <typename T, typename O>
Problem<T, O> make(int s) {
    Problem<T, O> p{s, s, s};
    CK(cudaMalloc(&p.A, (size_t)s * s * sizeof(T)));
    CK(cudaMalloc(&p.B, (size_t)s * s * sizeof(T)));
    CK(cudaMalloc(&p.C, (size_t)s * s * sizeof(O)));
    CK(cudaMalloc(&p.Cref, (size_t)s * s * sizeof(O)));
    fill_rand<<<1024, 256>>>(p.A, (size_t)s * s, 1);
    fill_rand<<<1024, 256>>>(p.B, (size_t)s * s, 2);
    CK(cudaDeviceSynchronize());
    return p;
}
template <typename T, typename O>
void release(Problem<T, O>& p) {
    cudaFree(p.A);
    cudaFree(p.B);
    cudaFree(p.C);
    cudaFree(p.Cref);
}

int main(int argc, char** argv) {
    if (argc > 1 && strcmp(argv[1], "profile") == 0) {  // for ncu: the example's shape, 4 launches at 4096³
        auto p = make<__nv_bfloat16, __nv_bfloat16>(4096);
        for (int i = 0; i < 4; i++) launch<__nv_bfloat16, __nv_bfloat16, 128, 128, 32, 3>(p, p.C);
        CK(cudaDeviceSynchronize());
        return 0;
    }
    int repeat = argc > 1 ? atoi(argv[1]) : 11;
    cudaDeviceProp prop;
    CK(cudaGetDeviceProperties(&prop, 0));
    printf("device: %s, %d SMs\n\n", prop.name, prop.multiProcessorCount);
    printf("| shape | hand mma.sync tile | hand | TFLOP/s | cuBLAS | TFLOP/s | hand of cuBLAS |\n");
    printf("| --- | --- | --- | --- | --- | --- | --- |\n");
    cublasHandle_t h;
    CB(cublasCreate(&h));
    using bf = __nv_bfloat16;
    for (int s : {4096, 8192}) {
        auto p = make<bf, bf>(s);
        cublas(h, p, p.Cref);
        row<bf, bf, 128, 128, 32, 3>(h, p, "bf16", repeat);  // the example's shape today
        row<bf, bf, 128, 128, 32, 4>(h, p, "bf16", repeat);
        row<bf, bf, 128, 128, 64, 3>(h, p, "bf16", repeat);
        row<bf, bf, 128, 256, 32, 4>(h, p, "bf16", repeat);
        row<bf, bf, 256, 128, 32, 4>(h, p, "bf16", repeat);
        row<bf, bf, 128, 256, 64, 3>(h, p, "bf16", repeat);
        row<bf, bf, 128, 256, 64, 4>(h, p, "bf16", repeat);
        release(p);
    }
    for (int s : {4096, 8192}) {
        auto p = make<float, float>(s);
        cublas(h, p, p.Cref);
        row<float, float, 128, 128, 16, 3>(h, p, "tf32", repeat);  // the example's shape today
        row<float, float, 128, 128, 16, 4>(h, p, "tf32", repeat);
        row<float, float, 128, 128, 32, 3>(h, p, "tf32", repeat);
        row<float, float, 128, 256, 16, 4>(h, p, "tf32", repeat);
        row<float, float, 128, 256, 32, 3>(h, p, "tf32", repeat);
        row<float, float, 128, 256, 32, 4>(h, p, "tf32", repeat);
        release(p);
    }
    cublasDestroy(h);
    return 0;
}
