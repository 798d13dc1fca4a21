// REDUCE, ARG_REDUCE and MATVEC (ReductionGpu.java): the CPU kernels of task-library's ReductionKernels.
//
// A point's tile is split (Java side) into KEPT dimensions, along which out moves (out stride != 0), and REDUCED
// dimensions (out stride 0). K = product of the kept extents = the out elements the tile reaches; R = product of the
// reduced extents = the values folded into each. Segment k (row-major over the kept dimensions) folds its R values
// r = 0 .. R-1 (row-major over the reduced dimensions) split into C chunks of CH consecutive r (the last shorter).
//
// The reduction tree (fixed for given K, R, C, CH, layout; independent of the device and of the instances' layout):
//   phase 1, layout B (lanes over r; a block of 256 threads per (k, c), chosen where the reduced dimension is the
//     contiguous one): thread t folds r = c*CH + t, + 256, + 512 ... in increasing order into an accumulator
//     starting at the op's neutral value; the block's 256 accumulators are then folded by the shared-memory tree
//     s[t] = s[t] op s[t + w] for w = 128, 64, ..., 1; s[0] is partial[k*C + c].
//   phase 1, layout A (lanes over k; one thread per (k, c), chosen where a kept dimension is the contiguous one):
//     the thread folds r = c*CH .. c*CH + CH - 1 in increasing order; the result is partial[k*C + c].
//   phase 2 (finish): per k, the C partials are folded: C <= 16 by one thread in increasing c; else by a block of
//     256 threads (thread t folds c = t, t + 256, ... in order, then the same shared-memory tree); the out element
//     becomes init op total (init: the out's identity read back in the compute type, as the CPU's "cur"), rounded /
//     normalised to the compute type and stored converted to out's type.
// Floating SUM/PROD and dot products therefore differ from the CPU's sixteen-accumulator order only by rounding;
// integer sums and products (wrapping: the same bits in any order), MAX/MIN (Java's Math.max/min: NaN wins, -0.0 <
// 0.0), ANY/ALL and the MIN of ARG_REDUCE's indices and keys are exact and give the CPU's bits.
#include "cohort.cuh"

#define RED_BLOCK 256

// Op codes: ReduceOp ordinals.
#define R_SUM 0
#define R_PROD 1
#define R_MAX 2
#define R_MIN 3
#define R_ANY 4
#define R_ALL 5

// Value modes of the i64 path.
#define ML_INT 0      // REDUCE, integral compute: normL(load_l(in), c)
#define ML_TRUTH 1    // REDUCE ANY/ALL: truth of in (NaN is true)
#define ML_MATVEC 2   // MATVEC, integral compute: normL(normL(a) * normL(b))
#define ML_ARG 3      // ARG_REDUCE second phase: in == ref (NaN == NaN) ? candidate : Long.MAX_VALUE
#define ML_ARGKEY 4   // ARG_REDUCE keyed (ArgReduceKeys): rank(in) << 30 | candidate

// Value modes of the double path.
#define MD_REDUCE 0   // normD(load_d(in), c)
#define MD_MATVEC 1   // normD(normD(a) * normD(b))

#define LMAX ((i64) 0x7FFFFFFFFFFFFFFFLL)
#define LMIN ((i64) 0x8000000000000000ULL)

// The split of a tile: kn kept dimensions (extents kext, K elements), rn reduced ones (rext, R elements), C chunks
// of CH values per segment.
struct RSpec {
    i64 kn;
    i64 rn;
    i64 K;
    i64 R;
    i64 C;
    i64 CH;
    i64 kext[COHORT_MAXD];
    i64 rext[COHORT_MAXD];
};

// One operand over the split: type (FieldType ordinal), a constant's bits (pointer null), base, strides in elements
// along the kept (ks) and reduced (rs) dimensions. ARG_REDUCE's candidate index is one too (type INT64, pointer
// null, never loaded: base + sum coordinate * stride is the index itself).
struct ROpd {
    i64 type;
    i64 bits;
    i64 base;
    i64 ks[COHORT_MAXD];
    i64 rs[COHORT_MAXD];
};

// ---------------------------------------------------------------- loads and stores (Tile.View getD/getL/setD/setL)

// load_d, load_l, store_d and store_l are cohort.cuh's (templates over the operand struct: ROpd here).

// Strided.gatherTruth: v != 0 (NaN is true, -0.0 false).
__device__ __forceinline__ i64 rload_truth(const void* p, const ROpd& o, i64 off) {
    if (o.type == T_FLOAT64 || o.type == T_FLOAT32) {
        return load_d(p, o, off) != 0.0 ? 1 : 0;
    }
    return load_l(p, o, off) != 0 ? 1 : 0;
}

// Convert.normD / normL
__device__ __forceinline__ double norm_d(double v, int c) {
    return c == T_FLOAT32 ? (double) (float) v : v;
}

__device__ __forceinline__ i64 norm_l(i64 v, int c) {
    switch (c) {
        case T_INT32: return (i64) (int) v;
        case T_BOOL: return v != 0 ? 1 : 0;
        default: return v;
    }
}

// ---------------------------------------------------------------- folds (ReductionKernels.foldD / foldL)

// Java's Math.max / Math.min: a NaN operand gives NaN, and -0.0 < 0.0.
__device__ __forceinline__ double jmax(double a, double b) {
    if (a != a) return a;
    if (a == 0.0 && b == 0.0 && __double_as_longlong(a) == LMIN) return b;
    return a >= b ? a : b;
}

__device__ __forceinline__ double jmin(double a, double b) {
    if (a != a) return a;
    if (a == 0.0 && b == 0.0 && __double_as_longlong(b) == LMIN) return b;
    return a <= b ? a : b;
}

__device__ __forceinline__ double fold_d(int op, double a, double b) {
    switch (op) {
        case R_SUM: return a + b;
        case R_PROD: return a * b;
        case R_MAX: return jmax(a, b);
        default: return jmin(a, b);
    }
}

__device__ __forceinline__ double neutral_d(int op) {
    switch (op) {
        case R_SUM: return 0.0;
        case R_PROD: return 1.0;
        case R_MAX: return __longlong_as_double(0xFFF0000000000000LL);  // -inf
        default: return __longlong_as_double(0x7FF0000000000000LL);     // +inf
    }
}

// SUM and PROD wrap (unsigned arithmetic: no signed overflow in C++); MAX/ANY and MIN/ALL are max / min.
__device__ __forceinline__ i64 fold_l(int op, i64 a, i64 b) {
    switch (op) {
        case R_SUM: return (i64) ((u64) a + (u64) b);
        case R_PROD: return (i64) ((u64) a * (u64) b);
        case R_MAX:
        case R_ANY: return a > b ? a : b;
        default: return a < b ? a : b;
    }
}

__device__ __forceinline__ i64 neutral_l(int op) {
    switch (op) {
        case R_SUM: return 0;
        case R_PROD: return 1;
        case R_MAX:
        case R_ANY: return LMIN;
        default: return LMAX;
    }
}

// ---------------------------------------------------------------- offsets

__device__ __forceinline__ void kept_coords(const RSpec& s, i64 k, i64* c) {
    for (int d = (int) s.kn - 1; d >= 0; d--) {
        i64 e = s.kext[d];
        c[d] = k % e;
        k /= e;
    }
}

__device__ __forceinline__ i64 kept_off(const RSpec& s, const ROpd& o, const i64* c) {
    i64 off = o.base;
    for (int d = 0; d < (int) s.kn; d++) {
        off += c[d] * o.ks[d];
    }
    return off;
}

__device__ __forceinline__ void red_coords(const RSpec& s, i64 r, i64* c) {
    for (int d = (int) s.rn - 1; d >= 0; d--) {
        i64 e = s.rext[d];
        c[d] = r % e;
        r /= e;
    }
}

__device__ __forceinline__ i64 red_off(const RSpec& s, const ROpd& o, const i64* c) {
    i64 off = 0;
    for (int d = 0; d < (int) s.rn; d++) {
        off += c[d] * o.rs[d];
    }
    return off;
}

// ---------------------------------------------------------------- values

// ArgReduceKeys.rankF / rankL
__device__ __forceinline__ i64 rank_f(float v, bool max) {
    if (v != v) return 0;
    int bits = __float_as_int(v == 0.0f ? 0.0f : v);
    int ordered = bits ^ ((bits >> 31) & 0x7FFFFFFF);
    return 1 + (max ? (i64) 2147483647 - (i64) ordered : (i64) ordered + (i64) 2147483648LL);
}

__device__ __forceinline__ i64 rank_l(i64 v, bool max, i64 type) {
    if (type == T_BOOL) {
        return ((v != 0) == max) ? 0 : 1;
    }
    return max ? (i64) 2147483647 - v : v + (i64) 2147483648LL;
}

struct LVal {
    const void* in;
    const void* in2;
    ROpd oin;
    ROpd oin2;
    ROpd ocand;
    int mode;
    int ctype;
    int argmax;
    int exact;

    // the value of element (kept offsets ki/k2/kc, reduced coordinate r)
    __device__ __forceinline__ i64 at(const RSpec& s, i64 ki, i64 k2, i64 kc, i64 r) const {
        i64 oi, o2, oc;
        if (s.rn == 1) {
            oi = ki + r * oin.rs[0];
            o2 = k2 + r * oin2.rs[0];
            oc = kc + r * ocand.rs[0];
        } else {
            i64 c[COHORT_MAXD];
            red_coords(s, r, c);
            oi = ki + red_off(s, oin, c);
            o2 = k2 + red_off(s, oin2, c);
            oc = kc + red_off(s, ocand, c);
        }
        switch (mode) {
            case ML_INT:
                return norm_l(load_l(in, oin, oi), ctype);
            case ML_TRUTH:
                return rload_truth(in, oin, oi);
            case ML_MATVEC: {
                i64 a = norm_l(load_l(in, oin, oi), ctype);
                i64 b = norm_l(load_l(in2, oin2, o2), ctype);
                return norm_l((i64) ((u64) a * (u64) b), ctype);
            }
            case ML_ARG: {
                bool match;
                if (exact) {
                    match = load_l(in, oin, oi) == load_l(in2, oin2, o2);
                } else {
                    double x = load_d(in, oin, oi);
                    double y = load_d(in2, oin2, o2);
                    match = x == y || (x != x && y != y);
                }
                return match ? oc : LMAX;
            }
            default: {  // ML_ARGKEY
                i64 rank;
                if (oin.type == T_FLOAT32) {
                    rank = rank_f((float) load_d(in, oin, oi), argmax != 0);
                } else {
                    rank = rank_l(load_l(in, oin, oi), argmax != 0, oin.type);
                }
                return (rank << 30) | oc;
            }
        }
    }
};

struct DVal {
    const void* in;
    const void* in2;
    ROpd oin;
    ROpd oin2;
    int mode;
    int ctype;

    __device__ __forceinline__ double at(const RSpec& s, i64 ki, i64 k2, i64 r) const {
        i64 oi, o2;
        if (s.rn == 1) {
            oi = ki + r * oin.rs[0];
            o2 = k2 + r * oin2.rs[0];
        } else {
            i64 c[COHORT_MAXD];
            red_coords(s, r, c);
            oi = ki + red_off(s, oin, c);
            o2 = k2 + red_off(s, oin2, c);
        }
        double a = norm_d(load_d(in, oin, oi), ctype);
        if (mode == MD_REDUCE) {
            return a;
        }
        double b = norm_d(load_d(in2, oin2, o2), ctype);
        return norm_d(a * b, ctype);
    }
};

// ---------------------------------------------------------------- the shared-memory tree

template <typename T, typename F>
__device__ __forceinline__ T block_tree(T* sh, T v, F fold) {
    int t = threadIdx.x;
    sh[t] = v;
    __syncthreads();
    for (int w = RED_BLOCK / 2; w > 0; w >>= 1) {
        if (t < w) {
            sh[t] = fold(sh[t], sh[t + w]);
        }
        __syncthreads();
    }
    T r = sh[0];
    __syncthreads();
    return r;
}

// ---------------------------------------------------------------- phase 1

// layoutA != 0: one thread per unit u = c*K + k; else one block per unit u = k*C + c. partial[k*C + c].
extern "C" __global__ void __launch_bounds__(RED_BLOCK) cohort_reduction_partial_l(
        const void* in, ROpd oin, const void* in2, ROpd oin2, ROpd ocand, RSpec s, int op, int mode, int ctype,
        int argmax, int exact, int layoutA, i64* __restrict__ partial) {
    __shared__ i64 sh[RED_BLOCK];
    LVal val;
    val.in = in;
    val.in2 = in2;
    val.oin = oin;
    val.oin2 = oin2;
    val.ocand = ocand;
    val.mode = mode;
    val.ctype = ctype;
    val.argmax = argmax;
    val.exact = exact;
    i64 units = s.K * s.C;
    i64 kc[COHORT_MAXD];
    if (layoutA) {
        GRID_STRIDE(u, units) {
            i64 k = u % s.K;
            i64 c = u / s.K;
            kept_coords(s, k, kc);
            i64 ki = kept_off(s, oin, kc);
            i64 k2 = kept_off(s, oin2, kc);
            i64 kk = kept_off(s, ocand, kc);
            i64 r0 = c * s.CH;
            i64 r1 = min(s.R, r0 + s.CH);
            i64 acc = neutral_l(op);
            for (i64 r = r0; r < r1; r++) {
                acc = fold_l(op, acc, val.at(s, ki, k2, kk, r));
            }
            partial[k * s.C + c] = acc;
        }
        return;
    }
    for (i64 u = blockIdx.x; u < units; u += gridDim.x) {
        i64 k = u / s.C;
        i64 c = u % s.C;
        kept_coords(s, k, kc);
        i64 ki = kept_off(s, oin, kc);
        i64 k2 = kept_off(s, oin2, kc);
        i64 kk = kept_off(s, ocand, kc);
        i64 r0 = c * s.CH;
        i64 r1 = min(s.R, r0 + s.CH);
        i64 acc = neutral_l(op);
        for (i64 r = r0 + threadIdx.x; r < r1; r += RED_BLOCK) {
            acc = fold_l(op, acc, val.at(s, ki, k2, kk, r));
        }
        acc = block_tree(sh, acc, [op](i64 a, i64 b) { return fold_l(op, a, b); });
        if (threadIdx.x == 0) {
            partial[u] = acc;
        }
    }
}

extern "C" __global__ void __launch_bounds__(RED_BLOCK) cohort_reduction_partial_d(
        const void* in, ROpd oin, const void* in2, ROpd oin2, RSpec s, int op, int mode, int ctype, int layoutA,
        double* __restrict__ partial) {
    __shared__ double sh[RED_BLOCK];
    DVal val;
    val.in = in;
    val.in2 = in2;
    val.oin = oin;
    val.oin2 = oin2;
    val.mode = mode;
    val.ctype = ctype;
    i64 units = s.K * s.C;
    i64 kc[COHORT_MAXD];
    if (layoutA) {
        GRID_STRIDE(u, units) {
            i64 k = u % s.K;
            i64 c = u / s.K;
            kept_coords(s, k, kc);
            i64 ki = kept_off(s, oin, kc);
            i64 k2 = kept_off(s, oin2, kc);
            i64 r0 = c * s.CH;
            i64 r1 = min(s.R, r0 + s.CH);
            double acc = neutral_d(op);
            for (i64 r = r0; r < r1; r++) {
                acc = fold_d(op, acc, val.at(s, ki, k2, r));
            }
            partial[k * s.C + c] = acc;
        }
        return;
    }
    for (i64 u = blockIdx.x; u < units; u += gridDim.x) {
        i64 k = u / s.C;
        i64 c = u % s.C;
        kept_coords(s, k, kc);
        i64 ki = kept_off(s, oin, kc);
        i64 k2 = kept_off(s, oin2, kc);
        i64 r0 = c * s.CH;
        i64 r1 = min(s.R, r0 + s.CH);
        double acc = neutral_d(op);
        for (i64 r = r0 + threadIdx.x; r < r1; r += RED_BLOCK) {
            acc = fold_d(op, acc, val.at(s, ki, k2, r));
        }
        acc = block_tree(sh, acc, [op](double a, double b) { return fold_d(op, a, b); });
        if (threadIdx.x == 0) {
            partial[u] = acc;
        }
    }
}

// ---------------------------------------------------------------- phase 2

// perThread != 0: one thread per k folds its C partials in order; else one block per k (the tree).
// out[k] = normL(init op total, ctype), stored converted to out's type.
extern "C" __global__ void __launch_bounds__(RED_BLOCK) cohort_reduction_finish_l(
        const i64* __restrict__ partial, RSpec s, void* out, ROpd oout, int op, int ctype, i64 init, int perThread) {
    __shared__ i64 sh[RED_BLOCK];
    i64 kc[COHORT_MAXD];
    if (perThread) {
        GRID_STRIDE(k, s.K) {
            i64 acc = neutral_l(op);
            for (i64 c = 0; c < s.C; c++) {
                acc = fold_l(op, acc, partial[k * s.C + c]);
            }
            kept_coords(s, k, kc);
            store_l(out, oout, kept_off(s, oout, kc), norm_l(fold_l(op, init, acc), ctype));
        }
        return;
    }
    for (i64 k = blockIdx.x; k < s.K; k += gridDim.x) {
        i64 acc = neutral_l(op);
        for (i64 c = threadIdx.x; c < s.C; c += RED_BLOCK) {
            acc = fold_l(op, acc, partial[k * s.C + c]);
        }
        acc = block_tree(sh, acc, [op](i64 a, i64 b) { return fold_l(op, a, b); });
        if (threadIdx.x == 0) {
            kept_coords(s, k, kc);
            store_l(out, oout, kept_off(s, oout, kc), norm_l(fold_l(op, init, acc), ctype));
        }
    }
}

// out[k] = normD(init op total, ctype), stored converted to out's type.
extern "C" __global__ void __launch_bounds__(RED_BLOCK) cohort_reduction_finish_d(
        const double* __restrict__ partial, RSpec s, void* out, ROpd oout, int op, int ctype, double init,
        int perThread) {
    __shared__ double sh[RED_BLOCK];
    i64 kc[COHORT_MAXD];
    if (perThread) {
        GRID_STRIDE(k, s.K) {
            double acc = neutral_d(op);
            for (i64 c = 0; c < s.C; c++) {
                acc = fold_d(op, acc, partial[k * s.C + c]);
            }
            kept_coords(s, k, kc);
            store_d(out, oout, kept_off(s, oout, kc), norm_d(fold_d(op, init, acc), ctype));
        }
        return;
    }
    for (i64 k = blockIdx.x; k < s.K; k += gridDim.x) {
        double acc = neutral_d(op);
        for (i64 c = threadIdx.x; c < s.C; c += RED_BLOCK) {
            acc = fold_d(op, acc, partial[k * s.C + c]);
        }
        acc = block_tree(sh, acc, [op](double a, double b) { return fold_d(op, a, b); });
        if (threadIdx.x == 0) {
            kept_coords(s, k, kc);
            store_d(out, oout, kept_off(s, oout, kc), norm_d(fold_d(op, init, acc), ctype));
        }
    }
}
