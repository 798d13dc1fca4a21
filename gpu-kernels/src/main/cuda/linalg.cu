// GEMM (GemmGpu.java): out[i, j] = sum_l a[i, l] * b[l, j] over a point's (m, n, k) tile, task-library's
// GemmKernel. a reaches element (i, l) at abase + i*a_si + l*a_sl, b (l, j) at bbase + l*b_sl + j*b_sj, out (i, j)
// at obase + i*o_si + j*o_sj (any strides, in elements). Blocks of 64 x 64 out elements walk k in slices of 16:
// each slice of a (64 x 16) and b (16 x 64) is read from global memory into registers (the next one while the
// current one is multiplied), then into padded shared-memory tiles. Elements outside m, n or k read as 0.
//   cohort_linalg_gemm_mma_f64: FP64 tensor cores (mma.sync m8n8k4 .f64, sm_80+): 4 warps of 32 x 32 each.
//   cohort_linalg_gemm_f64 / _f32: CUDA cores, 256 threads of 4 x 4 out elements, explicit fma().
// The _cv variants convert a and b from any element type (and constants) with load_d; the others read a, b of the
// compute type directly. out is stored converted to its type (Tile.View.setD). The sum order over k is fixed by the
// kernel (per thread / per mma in increasing k), so the bits are deterministic; they differ from the CPU's
// (OpenBLAS) by rounding only.
#include "cohort.cuh"

#define GB_M 64
#define GB_N 64
#define GB_K 16
#define A_PAD 4
#define B_PAD 4

struct GemmDims {
    i64 m, n, k;
    i64 a_type, a_bits, a_base, a_si, a_sl;
    i64 b_type, b_bits, b_base, b_sl, b_sj;
    i64 o_type, o_base, o_si, o_sj;
};

template <typename T, bool CV>
__device__ __forceinline__ T gload(const void* p, i64 type, i64 bits, i64 off) {
    if (!CV) {
        return ((const T*) p)[off];
    }
    if (p == nullptr) return (T) bits_as_double(type, bits);
    switch (type) {
        case T_FLOAT64: return (T) ((const double*) p)[off];
        case T_FLOAT32: return (T) ((const float*) p)[off];
        case T_INT64: return (T) (double) ((const i64*) p)[off];
        case T_INT32: return (T) (double) ((const int*) p)[off];
        default: return (T) (double) ((const signed char*) p)[off];
    }
}

__device__ __forceinline__ void gstore(void* p, i64 type, i64 off, double v) {
    switch (type) {
        case T_FLOAT64: ((double*) p)[off] = v; break;
        case T_FLOAT32: ((float*) p)[off] = (float) v; break;
        case T_INT64: ((i64*) p)[off] = d2l(v); break;
        case T_INT32: ((int*) p)[off] = d2i(v); break;
        default: ((signed char*) p)[off] = v != 0 ? 1 : 0; break;
    }
}

// The (bm, bn) block of blockIdx (n-blocks fastest); false when past the grid's work.
__device__ __forceinline__ void block_of(const GemmDims& g, i64 blk, i64& bm, i64& bn) {
    i64 nb = (g.n + GB_N - 1) / GB_N;
    bm = (blk / nb) * GB_M;
    bn = (blk % nb) * GB_N;
}

// Loads slice [k0, k0 + 16) of the a block (64 x 16) and b block (16 x 64) into registers ra, rb: NT threads,
// 1024 / NT elements of each. Each element index e maps to (row, l) so that consecutive threads walk a's smaller
// stride (and likewise for b), which keeps the global reads coalesced for either layout.
template <typename T, bool CV, int NT>
__device__ __forceinline__ void load_slice(const GemmDims& g, const void* a, const void* b, i64 bm, i64 bn, i64 k0,
                                           T* ra, T* rb) {
    const int per = (GB_M * GB_K) / NT;
    bool a_lfast = llabs(g.a_sl) <= llabs(g.a_si);
    bool b_jfast = llabs(g.b_sj) <= llabs(g.b_sl);
#pragma unroll
    for (int q = 0; q < per; q++) {
        int e = threadIdx.x + q * NT;
        int row, l;
        if (a_lfast) {
            row = e / GB_K;
            l = e % GB_K;
        } else {
            row = e % GB_M;
            l = e / GB_M;
        }
        i64 gi = bm + row;
        i64 gl = k0 + l;
        ra[q] = (gi < g.m && gl < g.k) ? gload<T, CV>(a, g.a_type, g.a_bits, g.a_base + gi * g.a_si + gl * g.a_sl) : (T) 0;
        int l2, col;
        if (b_jfast) {
            l2 = e / GB_N;
            col = e % GB_N;
        } else {
            l2 = e % GB_K;
            col = e / GB_K;
        }
        i64 gl2 = k0 + l2;
        i64 gj = bn + col;
        rb[q] = (gl2 < g.k && gj < g.n) ? gload<T, CV>(b, g.b_type, g.b_bits, g.b_base + gl2 * g.b_sl + gj * g.b_sj) : (T) 0;
    }
}

template <typename T, int NT>
__device__ __forceinline__ void store_slice(const GemmDims& g, T (*As)[GB_K + A_PAD], T (*Bs)[GB_N + B_PAD],
                                            const T* ra, const T* rb) {
    const int per = (GB_M * GB_K) / NT;
    bool a_lfast = llabs(g.a_sl) <= llabs(g.a_si);
    bool b_jfast = llabs(g.b_sj) <= llabs(g.b_sl);
#pragma unroll
    for (int q = 0; q < per; q++) {
        int e = threadIdx.x + q * NT;
        if (a_lfast) {
            As[e / GB_K][e % GB_K] = ra[q];
        } else {
            As[e % GB_M][e / GB_M] = ra[q];
        }
        if (b_jfast) {
            Bs[e / GB_N][e % GB_N] = rb[q];
        } else {
            Bs[e % GB_K][e / GB_K] = rb[q];
        }
    }
}

// ---------------------------------------------------------------- FP64 tensor cores

// D = A * B + C for one 8x8x4 tile; lane l holds A[l/4][l%4], B[l%4][l/4], C/D[l/4][2*(l%4) + {0,1}].
__device__ __forceinline__ void mma884(double& d0, double& d1, double a, double b) {
    asm("mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64 {%0, %1}, {%2}, {%3}, {%0, %1};\n"
                 : "+d"(d0), "+d"(d1)
                 : "d"(a), "d"(b));
}

template <bool CV>
__device__ __forceinline__ void gemm_mma_body(const void* a, const void* b, void* out, const GemmDims& g) {
    const int NT = 128;
    __shared__ double As[GB_M][GB_K + A_PAD];
    __shared__ double Bs[GB_K][GB_N + B_PAD];
    int lane = threadIdx.x & 31;
    int warp = threadIdx.x >> 5;
    int wm = (warp >> 1) * 32;
    int wn = (warp & 1) * 32;
    int lr = lane >> 2;
    int lc = lane & 3;
    i64 nblocks = ((g.m + GB_M - 1) / GB_M) * ((g.n + GB_N - 1) / GB_N);
    for (i64 blk = blockIdx.x; blk < nblocks; blk += gridDim.x) {
        i64 bm, bn;
        block_of(g, blk, bm, bn);
        double acc[4][4][2];
#pragma unroll
        for (int i = 0; i < 4; i++)
#pragma unroll
            for (int j = 0; j < 4; j++) {
                acc[i][j][0] = 0.0;
                acc[i][j][1] = 0.0;
            }
        double ra[8], rb[8];
        load_slice<double, CV, NT>(g, a, b, bm, bn, 0, ra, rb);
        for (i64 k0 = 0; k0 < g.k; k0 += GB_K) {
            __syncthreads();
            store_slice<double, NT>(g, As, Bs, ra, rb);
            __syncthreads();
            if (k0 + GB_K < g.k) {
                load_slice<double, CV, NT>(g, a, b, bm, bn, k0 + GB_K, ra, rb);
            }
#pragma unroll
            for (int kk = 0; kk < GB_K; kk += 4) {
                double fa[4], fb[4];
#pragma unroll
                for (int i = 0; i < 4; i++) {
                    fa[i] = As[wm + i * 8 + lr][kk + lc];
                    fb[i] = Bs[kk + lc][wn + i * 8 + lr];
                }
#pragma unroll
                for (int i = 0; i < 4; i++)
#pragma unroll
                    for (int j = 0; j < 4; j++) {
                        mma884(acc[i][j][0], acc[i][j][1], fa[i], fb[j]);
                    }
            }
        }
#pragma unroll
        for (int i = 0; i < 4; i++) {
            i64 gi = bm + wm + i * 8 + lr;
            if (gi >= g.m) continue;
#pragma unroll
            for (int j = 0; j < 4; j++) {
#pragma unroll
                for (int e = 0; e < 2; e++) {
                    i64 gj = bn + wn + j * 8 + lc * 2 + e;
                    if (gj < g.n) {
                        gstore(out, g.o_type, g.o_base + gi * g.o_si + gj * g.o_sj, acc[i][j][e]);
                    }
                }
            }
        }
    }
}

extern "C" __global__ void __launch_bounds__(128) cohort_linalg_gemm_mma_f64(const void* a, const void* b, void* out,
                                                                          GemmDims g) {
    gemm_mma_body<false>(a, b, out, g);
}

extern "C" __global__ void __launch_bounds__(128) cohort_linalg_gemm_mma_f64_cv(const void* a, const void* b,
                                                                             void* out, GemmDims g) {
    gemm_mma_body<true>(a, b, out, g);
}

// ---------------------------------------------------------------- CUDA cores

// 256 threads as 16 x 16; thread (ty, tx) owns rows ty + 16*i and columns tx + 16*j (i, j < 4) of the block, so the
// shared-memory reads of a warp are broadcasts (a) and consecutive (b).
template <typename T, bool CV>
__device__ __forceinline__ void gemm_simt_body(const void* a, const void* b, void* out, const GemmDims& g) {
    const int NT = 256;
    __shared__ T As[GB_M][GB_K + A_PAD];
    __shared__ T Bs[GB_K][GB_N + B_PAD];
    int tx = threadIdx.x & 15;
    int ty = threadIdx.x >> 4;
    i64 nblocks = ((g.m + GB_M - 1) / GB_M) * ((g.n + GB_N - 1) / GB_N);
    for (i64 blk = blockIdx.x; blk < nblocks; blk += gridDim.x) {
        i64 bm, bn;
        block_of(g, blk, bm, bn);
        T acc[4][4];
#pragma unroll
        for (int i = 0; i < 4; i++)
#pragma unroll
            for (int j = 0; j < 4; j++) acc[i][j] = (T) 0;
        T ra[4], rb[4];
        load_slice<T, CV, NT>(g, a, b, bm, bn, 0, ra, rb);
        for (i64 k0 = 0; k0 < g.k; k0 += GB_K) {
            __syncthreads();
            store_slice<T, NT>(g, As, Bs, ra, rb);
            __syncthreads();
            if (k0 + GB_K < g.k) {
                load_slice<T, CV, NT>(g, a, b, bm, bn, k0 + GB_K, ra, rb);
            }
#pragma unroll
            for (int kk = 0; kk < GB_K; kk++) {
                T fa[4], fb[4];
#pragma unroll
                for (int i = 0; i < 4; i++) {
                    fa[i] = As[ty + 16 * i][kk];
                    fb[i] = Bs[kk][tx + 16 * i];
                }
#pragma unroll
                for (int i = 0; i < 4; i++)
#pragma unroll
                    for (int j = 0; j < 4; j++) acc[i][j] = fma(fa[i], fb[j], acc[i][j]);
            }
        }
#pragma unroll
        for (int i = 0; i < 4; i++) {
            i64 gi = bm + ty + 16 * i;
            if (gi >= g.m) continue;
#pragma unroll
            for (int j = 0; j < 4; j++) {
                i64 gj = bn + tx + 16 * j;
                if (gj < g.n) {
                    gstore(out, g.o_type, g.o_base + gi * g.o_si + gj * g.o_sj, (double) acc[i][j]);
                }
            }
        }
    }
}

extern "C" __global__ void __launch_bounds__(256) cohort_linalg_gemm_f64(const void* a, const void* b, void* out,
                                                                      GemmDims g) {
    gemm_simt_body<double, false>(a, b, out, g);
}

extern "C" __global__ void __launch_bounds__(256) cohort_linalg_gemm_f64_cv(const void* a, const void* b, void* out,
                                                                         GemmDims g) {
    gemm_simt_body<double, true>(a, b, out, g);
}

extern "C" __global__ void __launch_bounds__(256) cohort_linalg_gemm_f32(const void* a, const void* b, void* out,
                                                                      GemmDims g) {
    gemm_simt_body<float, false>(a, b, out, g);
}

extern "C" __global__ void __launch_bounds__(256) cohort_linalg_gemm_f32_cv(const void* a, const void* b, void* out,
                                                                         GemmDims g) {
    gemm_simt_body<float, true>(a, b, out, g);
}
