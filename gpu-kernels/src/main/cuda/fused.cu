// FUSED and FUSED_REDUCE (task-library FusedExpr, FusedReduce, FusedKernels): a deferred chain of element-wise
// operations evaluated per element by an interpreter of a typed postfix micro-program.
//
// The Java side (FusedGpu.compile) turns FusedExpr's postfix code into a micro-program whose every value has a
// static type: a stack slot holds either a double (the float64 and float32 types; float32 values are doubles that are
// floats, as in the CPU machine) or an i64 (int64, int32 wrapped, bool 0/1), and every conversion the CPU machine
// makes when it gathers an operand into an operation's compute type (FusedKernels.Machine.vec, truthOf; Convert's
// NumPy casts) is an explicit micro-op. The program travels as a by-value __grid_constant__ kernel parameter
// (FusedProg: the tile's Shape, each leaf's Opd, the out's Opd and up to FMAX_CODE 64-bit words), read uniformly by
// every thread; each thread evaluates it for its elements with a small local stack (FMAX_DEPTH slots).
//
// Micro-op word: kind (bits 0-7) | op (bits 8-15) | aux (bits 16-23).
//   FK_LEAF   aux = leaf: push the leaf's element (its own type's representation)
//   FK_CONST  push the next word (a double's bits or an i64)
//   FK_CV     op = conversion (CV_*), aux = slot counted from the top (0 = top)
//   FK_BIN_D  op = BinaryOp ordinal on doubles (ScalarMath.binaryD)   FK_PRED_D  comparison/logical on doubles -> 0/1
//   FK_BIN_L  op = BinaryOp ordinal on i64 (ScalarMath.binaryL)       FK_PRED_L  comparison/logical on i64 -> 0/1
//   FK_UN_D   op = UnaryOp ordinal on a double (ScalarMath.unaryD)   FK_UPRED_D isnan/isinf/isfinite/signbit -> 0/1
//   FK_UN_L   op = UnaryOp ordinal, aux = compute type, on i64 (ScalarMath.unaryL)
//   FK_NEXTAFTER_F32  nextafter stepping a float ulp (ScalarMath.binaryF32)
//   FK_SELECT pops y, x, cond (0/1): pushes cond ? x : y (raw bits)
//
// + - * / sqrt and every integer operation are bit-identical to the Java code (the build passes -fmad=false, so
// nothing is contracted into an fma). Transcendental functions (exp, log, sin, tanh, pow, atan2, erf, ...) use CUDA's
// double functions (within 1-2 ulp; float32 results are the double result rounded, where the CPU uses
// Float32Functions, so they may differ by one float ulp). asinh, acosh and atanh follow ScalarMath's formulas.
#include "cohort.cuh"
#include "scalar_math.cuh"

#define FMAX_LEAVES 8
#define FMAX_CODE 200
#define FMAX_DEPTH 24

// micro-op kinds
#define FK_LEAF 0
#define FK_CONST 1
#define FK_CV 2
#define FK_BIN_D 3
#define FK_PRED_D 4
#define FK_BIN_L 5
#define FK_PRED_L 6
#define FK_UN_D 7
#define FK_UPRED_D 8
#define FK_UN_L 9
#define FK_NEXTAFTER_F32 10
#define FK_SELECT 11

// conversions (FK_CV op)
#define CV_I2D 0     // i64 -> double
#define CV_RF 1      // double rounded to float (float32 values are held as doubles)
#define CV_D2L 2     // double -> i64, NumPy's cast (Convert.d2l)
#define CV_WRAP32 3  // i64 wrapped to int32
#define CV_TRUTHL 4  // i64 -> 0/1 (x != 0)
#define CV_TRUTHD 5  // double -> 0/1 (x != 0; NaN is true)

// BinaryOp ordinals (task-library BinaryOp; FusedGpuTest checks them)
#define FBO_ADD 0
#define FBO_SUBTRACT 1
#define FBO_MULTIPLY 2
#define FBO_DIVIDE 3
#define FBO_POWER 4
#define FBO_MAXIMUM 5
#define FBO_MINIMUM 6
#define FBO_EQUAL 7
#define FBO_NOT_EQUAL 8
#define FBO_LESS 9
#define FBO_LESS_EQUAL 10
#define FBO_GREATER 11
#define FBO_GREATER_EQUAL 12
#define FBO_LOGICAL_AND 13
#define FBO_LOGICAL_OR 14
#define FBO_FLOOR_DIVIDE 15
#define FBO_REMAINDER 16
#define FBO_FMOD 17
#define FBO_ARCTAN2 18
#define FBO_HYPOT 19
#define FBO_FMAX 20
#define FBO_FMIN 21
#define FBO_COPYSIGN 22
#define FBO_LOGICAL_XOR 23
#define FBO_BITWISE_AND 24
#define FBO_BITWISE_OR 25
#define FBO_BITWISE_XOR 26
#define FBO_LEFT_SHIFT 27
#define FBO_RIGHT_SHIFT 28
#define FBO_NEXTAFTER 29
#define FBO_GCD 30
#define FBO_LCM 31

// UnaryOp ordinals (task-library UnaryOp; FusedGpuTest checks them)
#define FUO_NEGATIVE 0
#define FUO_EXP 1
#define FUO_LOG 2
#define FUO_SQRT 3
#define FUO_ABS 4
#define FUO_TANH 5
#define FUO_SIN 6
#define FUO_COS 7
#define FUO_SQUARE 8
#define FUO_RECIPROCAL 9
#define FUO_SIGN 10
#define FUO_FLOOR 11
#define FUO_CEIL 12
#define FUO_LOGICAL_NOT 13
#define FUO_LOG1P 14
#define FUO_EXPM1 15
#define FUO_TRUNC 16
#define FUO_RINT 17
#define FUO_LOG10 18
#define FUO_LOG2 19
#define FUO_EXP2 20
#define FUO_SINH 21
#define FUO_COSH 22
#define FUO_TAN 23
#define FUO_ARCSIN 24
#define FUO_ARCCOS 25
#define FUO_ARCTAN 26
#define FUO_ARCSINH 27
#define FUO_ARCCOSH 28
#define FUO_ARCTANH 29
#define FUO_CBRT 30
#define FUO_ERF 31
#define FUO_DEG2RAD 32
#define FUO_RAD2DEG 33
#define FUO_ISNAN 34
#define FUO_ISINF 35
#define FUO_ISFINITE 36
#define FUO_SIGNBIT 37
#define FUO_INVERT 38
#define FUO_POSITIVE 39

// ReduceOp ordinals
#define FRO_SUM 0
#define FRO_PROD 1
#define FRO_MAX 2
#define FRO_MIN 3
#define FRO_ANY 4
#define FRO_ALL 5

// The program of one launch (by value; FusedGpu.Program.struct packs it as long[]).
struct FusedProg {
    Shape shape;
    Opd out;
    Opd leaf[FMAX_LEAVES];
    i64 nleaves;
    i64 ncode;
    i64 code[FMAX_CODE];
};

// ------------------------------------------------------------------ Java's double semantics

__device__ __forceinline__ double f_d(u64 v) { return __longlong_as_double((i64) v); }
__device__ __forceinline__ u64 f_u(double d) { return (u64) __double_as_longlong(d); }

// Math.max/min, nextAfter, ScalarMath.pow, floorDivide, remainder, asinh, acosh, atanh, sign: scalar_math.cuh

// ScalarMath.binaryD (non-predicate ops)
__device__ double bin_d(int op, double a, double b) {
    switch (op) {
        case FBO_ADD: return a + b;
        case FBO_SUBTRACT: return a - b;
        case FBO_MULTIPLY: return a * b;
        case FBO_DIVIDE: return a / b;
        case FBO_POWER: return np_pow(a, b);
        case FBO_MAXIMUM: return j_max_d(a, b);
        case FBO_MINIMUM: return j_min_d(a, b);
        case FBO_FLOOR_DIVIDE: return np_floor_divide(a, b);
        case FBO_REMAINDER: return np_remainder(a, b);
        case FBO_FMOD: return fmod(a, b);
        case FBO_ARCTAN2: return atan2(a, b);
        case FBO_HYPOT: return hypot(a, b);
        case FBO_FMAX: return np_fmax_d(a, b);
        case FBO_FMIN: return np_fmin_d(a, b);
        case FBO_COPYSIGN: return j_copysign_d(a, b);
        case FBO_NEXTAFTER: return j_nextafter_d(a, b);
        default: return __longlong_as_double(0x7ff8000000000000LL);  // the host never emits others
    }
}

// ScalarMath.predicateD (comparisons and logical operations on doubles)
__device__ __forceinline__ i64 pred_d(int op, double a, double b) {
    switch (op) {
        case FBO_EQUAL: return a == b;
        case FBO_NOT_EQUAL: return a != b;
        case FBO_LESS: return a < b;
        case FBO_LESS_EQUAL: return a <= b;
        case FBO_GREATER: return a > b;
        case FBO_GREATER_EQUAL: return a >= b;
        case FBO_LOGICAL_AND: return a != 0 && b != 0;
        case FBO_LOGICAL_OR: return a != 0 || b != 0;
        default: return (a != 0) != (b != 0);  // LOGICAL_XOR
    }
}

// ------------------------------------------------------------------ Java's long semantics (wrapping)

// wrapping + - * and negation, Math.floorDiv/floorMod, ScalarMath.ipow, gcd, lcm, shl, shr: scalar_math.cuh

// ScalarMath.binaryL (non-predicate ops)
__device__ i64 bin_l(int op, i64 a, i64 b, int* err) {
    switch (op) {
        case FBO_ADD: return w_add(a, b);
        case FBO_SUBTRACT: return w_sub(a, b);
        case FBO_MULTIPLY: return w_mul(a, b);
        case FBO_DIVIDE:
        case FBO_FLOOR_DIVIDE: return b == 0 ? 0 : floordiv_l(a, b);
        case FBO_POWER: return ipow_l(a, b, err);
        case FBO_MAXIMUM:
        case FBO_FMAX: return a > b ? a : b;
        case FBO_MINIMUM:
        case FBO_FMIN: return a < b ? a : b;
        case FBO_REMAINDER: return b == 0 ? 0 : floormod_l(a, b);
        case FBO_FMOD: return (b == 0 || b == -1) ? 0 : a % b;
        case FBO_BITWISE_AND: return a & b;
        case FBO_BITWISE_OR: return a | b;
        case FBO_BITWISE_XOR: return a ^ b;
        case FBO_LEFT_SHIFT: return shl_l(a, b);
        case FBO_RIGHT_SHIFT: return shr_l(a, b);
        case FBO_GCD: return gcd_l(a, b);
        case FBO_LCM: return lcm_l(a, b);
        case FBO_ARCTAN2:
        case FBO_HYPOT:
        case FBO_COPYSIGN:
        case FBO_NEXTAFTER: return d2l(bin_d(op, (double) a, (double) b));
        default: return 0;  // the host never emits others
    }
}

__device__ __forceinline__ i64 pred_l(int op, i64 a, i64 b) {
    switch (op) {
        case FBO_EQUAL: return a == b;
        case FBO_NOT_EQUAL: return a != b;
        case FBO_LESS: return a < b;
        case FBO_LESS_EQUAL: return a <= b;
        case FBO_GREATER: return a > b;
        case FBO_GREATER_EQUAL: return a >= b;
        case FBO_LOGICAL_AND: return a != 0 && b != 0;
        case FBO_LOGICAL_OR: return a != 0 || b != 0;
        default: return (a != 0) != (b != 0);  // LOGICAL_XOR
    }
}

// ------------------------------------------------------------------ unary

#define F_DEG2RAD (3.141592653589793 / 180.0)
#define F_RAD2DEG (180.0 / 3.141592653589793)

// ScalarMath.unaryD (the value ops; predicates are un_pred_d)
__device__ double un_d(int op, double x) {
    switch (op) {
        case FUO_NEGATIVE: return -x;
        case FUO_EXP: return exp(x);
        case FUO_LOG: return log(x);
        case FUO_SQRT: return sqrt(x);
        case FUO_ABS: return fabs(x);
        case FUO_TANH: return tanh(x);
        case FUO_SIN: return sin(x);
        case FUO_COS: return cos(x);
        case FUO_SQUARE: return x * x;
        case FUO_RECIPROCAL: return 1.0 / x;
        case FUO_SIGN: return j_sign(x);
        case FUO_FLOOR: return floor(x);
        case FUO_CEIL: return ceil(x);
        case FUO_LOGICAL_NOT: return x == 0 ? 1.0 : 0.0;
        case FUO_LOG1P: return log1p(x);
        case FUO_EXPM1: return expm1(x);
        case FUO_TRUNC: return trunc(x);
        case FUO_RINT: return rint(x);
        case FUO_LOG10: return log10(x);
        case FUO_LOG2: return log2(x);
        case FUO_EXP2: return exp2(x);
        case FUO_SINH: return sinh(x);
        case FUO_COSH: return cosh(x);
        case FUO_TAN: return tan(x);
        case FUO_ARCSIN: return asin(x);
        case FUO_ARCCOS: return acos(x);
        case FUO_ARCTAN: return atan(x);
        case FUO_ARCSINH: return j_asinh(x);
        case FUO_ARCCOSH: return j_acosh(x);
        case FUO_ARCTANH: return j_atanh(x);
        case FUO_CBRT: return cbrt(x);
        case FUO_ERF: return erf(x);
        case FUO_DEG2RAD: return x * F_DEG2RAD;
        case FUO_RAD2DEG: return x * F_RAD2DEG;
        case FUO_ISNAN: return x != x ? 1.0 : 0.0;
        case FUO_ISINF: return isinf(x) ? 1.0 : 0.0;
        case FUO_ISFINITE: return isfinite(x) ? 1.0 : 0.0;
        case FUO_SIGNBIT: return __double_as_longlong(x) < 0 ? 1.0 : 0.0;
        default: return x;  // POSITIVE (INVERT on floats is refused by the host)
    }
}

// ScalarMath.predicateD(UnaryOp, double)
__device__ __forceinline__ i64 un_pred_d(int op, double x) {
    switch (op) {
        case FUO_ISNAN: return x != x;
        case FUO_ISINF: return isinf(x) ? 1 : 0;
        case FUO_ISFINITE: return isfinite(x) ? 1 : 0;
        case FUO_SIGNBIT: return __double_as_longlong(x) < 0;
        default: return x == 0;  // LOGICAL_NOT
    }
}

// Convert.d2compute
__device__ __forceinline__ i64 d2compute(double d, int compute) {
    switch (compute) {
        case T_INT32: return (i64) d2i(d);
        case T_BOOL: return d != 0 ? 1 : 0;
        default: return d2l(d);
    }
}

// ScalarMath.unaryL (Loops.unaryL): op on an i64 of compute type `compute`
__device__ i64 un_l(int op, i64 x, int compute) {
    switch (op) {
        case FUO_NEGATIVE: return w_neg(x);
        case FUO_ABS: return x < 0 ? w_neg(x) : x;
        case FUO_SIGN: return x > 0 ? 1 : (x < 0 ? -1 : 0);
        case FUO_SQUARE: return w_mul(x, x);
        case FUO_FLOOR:
        case FUO_CEIL:
        case FUO_TRUNC:
        case FUO_POSITIVE: return x;
        case FUO_LOGICAL_NOT: return x == 0;
        case FUO_ISNAN:
        case FUO_ISINF: return 0;
        case FUO_ISFINITE: return 1;
        case FUO_SIGNBIT: return x < 0;
        case FUO_INVERT: return compute == T_BOOL ? (x == 0 ? 1 : 0) : ~x;
        case FUO_RECIPROCAL: return d2compute(1.0 / (double) x, compute);
        default: return d2compute(un_d(op, (double) x), compute);
    }
}

__device__ __forceinline__ u64 convert(int cv, u64 v) {
    switch (cv) {
        case CV_I2D: return f_u((double) (i64) v);
        case CV_RF: return f_u((double) (float) f_d(v));
        case CV_D2L: return (u64) d2l(f_d(v));
        case CV_WRAP32: return (u64) (i64) (int) (unsigned int) v;
        case CV_TRUTHL: return v != 0 ? 1 : 0;
        default: return f_d(v) != 0 ? 1 : 0;  // CV_TRUTHD
    }
}

// A leaf's element in its type's representation: a double for float64/float32, an i64 for the others.
__device__ __forceinline__ u64 load_raw(const void* p, i64 type, i64 off) {
    switch (type) {
        case T_FLOAT64: return ((const u64*) p)[off];
        case T_FLOAT32: return f_u((double) ((const float*) p)[off]);
        case T_INT64: return ((const u64*) p)[off];
        case T_INT32: return (u64) (i64) ((const int*) p)[off];
        default: return (u64) (i64) ((const signed char*) p)[off];
    }
}

// Element offset of an operand from the tile coordinates crd (multi-dimensional tiles).
__device__ __forceinline__ i64 offset_crd(const Shape& s, const Opd& o, const i64* crd) {
    i64 off = o.base;
    for (int d = 0; d < (int) s.ndim; d++) {
        off += crd[d] * o.stride[d];
    }
    return off;
}

// The tile coordinates of flat index i (row-major over s.ext); 32-bit divisions where the tile allows.
__device__ __forceinline__ void coords(const Shape& s, i64 i, i64* crd) {
    if (s.volume < 2147483647LL) {
        unsigned int r = (unsigned int) i;
        for (int d = (int) s.ndim - 1; d >= 0; d--) {
            unsigned int e = (unsigned int) s.ext[d];
            crd[d] = r % e;
            r /= e;
        }
    } else {
        for (int d = (int) s.ndim - 1; d >= 0; d--) {
            i64 e = s.ext[d];
            crd[d] = i % e;
            i /= e;
        }
    }
}

// Runs the program for flat tile index i; returns the value left on the stack. crd: i's coordinates when ndim > 1.
// Not inlined: one copy of the interpreter (and of CUDA's math functions) per module keeps the PTX small.
__device__ __noinline__ u64 run_prog(const FusedProg& P, const void* const* lp, i64 i, const i64* crd, int* err) {
    u64 st[FMAX_DEPTH];
    int sp = 0;
    const int n = (int) P.ncode;
    const bool flat = P.shape.ndim == 1;
#pragma unroll 1
    for (int pc = 0; pc < n; pc++) {
        const i64 w = P.code[pc];
        const int kind = (int) (w & 0xFF);
        const int op = (int) ((w >> 8) & 0xFF);
        const int aux = (int) ((w >> 16) & 0xFF);
        switch (kind) {
            case FK_LEAF: {
                const Opd& o = P.leaf[aux];
                i64 off = flat ? o.base + i * o.stride[0] : offset_crd(P.shape, o, crd);
                st[sp++] = load_raw(lp[aux], o.type, off);
                break;
            }
            case FK_CONST:
                st[sp++] = (u64) P.code[++pc];
                break;
            case FK_CV: {
                int s = sp - 1 - aux;
                st[s] = convert(op, st[s]);
                break;
            }
            case FK_BIN_D:
                st[sp - 2] = f_u(bin_d(op, f_d(st[sp - 2]), f_d(st[sp - 1])));
                sp--;
                break;
            case FK_PRED_D:
                st[sp - 2] = (u64) pred_d(op, f_d(st[sp - 2]), f_d(st[sp - 1]));
                sp--;
                break;
            case FK_BIN_L:
                st[sp - 2] = (u64) bin_l(op, (i64) st[sp - 2], (i64) st[sp - 1], err);
                sp--;
                break;
            case FK_PRED_L:
                st[sp - 2] = (u64) pred_l(op, (i64) st[sp - 2], (i64) st[sp - 1]);
                sp--;
                break;
            case FK_UN_D:
                st[sp - 1] = f_u(un_d(op, f_d(st[sp - 1])));
                break;
            case FK_UPRED_D:
                st[sp - 1] = (u64) un_pred_d(op, f_d(st[sp - 1]));
                break;
            case FK_UN_L:
                st[sp - 1] = (u64) un_l(op, (i64) st[sp - 1], aux);
                break;
            case FK_NEXTAFTER_F32:
                st[sp - 2] = f_u((double) j_nextafter_f((float) f_d(st[sp - 2]), f_d(st[sp - 1])));
                sp--;
                break;
            default:  // FK_SELECT
                st[sp - 3] = st[sp - 3] != 0 ? st[sp - 2] : st[sp - 1];
                sp -= 2;
                break;
        }
    }
    return st[0];
}

#define FUSED_LEAF_PARAMS const void* p0, const void* p1, const void* p2, const void* p3, const void* p4, \
    const void* p5, const void* p6, const void* p7
#define FUSED_LEAF_ARRAY const void* lp[FMAX_LEAVES] = {p0, p1, p2, p3, p4, p5, p6, p7}

// FUSED: out[i] = program(leaves at i) for every element of the tile, stored converted to out's type (Tile.View
// setD when the result is floating (resFloat != 0), setL otherwise). err: set to 1 where an integer power had a
// negative exponent (NumPy's error; the host then re-runs the CPU variant, which raises it).
extern "C" __global__ void cohort_fused_eval(FUSED_LEAF_PARAMS, void* out, int* err, i64 resFloat,
                                             const __grid_constant__ FusedProg P) {
    FUSED_LEAF_ARRAY;
    i64 crd[COHORT_MAXD];
    const i64 n = P.shape.volume;
    const bool flat = P.shape.ndim == 1;
    GRID_STRIDE(i, n) {
        if (!flat) {
            coords(P.shape, i, crd);
        }
        u64 v = run_prog(P, lp, i, crd, err);
        i64 off = flat ? P.out.base + i * P.out.stride[0] : offset_crd(P.shape, P.out, crd);
        if (resFloat) {
            store_d(out, P.out, off, f_d(v));
        } else {
            store_l(out, P.out, off, (i64) v);
        }
    }
}

// ------------------------------------------------------------------ FUSED_REDUCE

__device__ __forceinline__ double fold_d(int op, double acc, double v) {
    switch (op) {
        case FRO_SUM: return acc + v;
        case FRO_PROD: return acc * v;
        case FRO_MAX: return j_max_d(acc, v);
        default: return j_min_d(acc, v);  // FRO_MIN
    }
}

__device__ __forceinline__ double ident_d(int op) {
    switch (op) {
        case FRO_SUM: return 0.0;
        case FRO_PROD: return 1.0;
        case FRO_MAX: return -INFINITY;
        default: return INFINITY;
    }
}

__device__ __forceinline__ i64 fold_l(int op, i64 acc, i64 v) {
    switch (op) {
        case FRO_SUM: return w_add(acc, v);
        case FRO_PROD: return w_mul(acc, v);
        case FRO_MAX:
        case FRO_ANY: return acc > v ? acc : v;
        default: return acc < v ? acc : v;  // FRO_MIN, FRO_ALL
    }
}

__device__ __forceinline__ i64 ident_l(int op) {
    switch (op) {
        case FRO_SUM: return 0;
        case FRO_PROD: return 1;
        case FRO_MAX: return (i64) 0x8000000000000000ULL;
        case FRO_MIN: return 0x7FFFFFFFFFFFFFFFLL;
        case FRO_ANY: return 0;
        default: return 1;  // FRO_ALL
    }
}

#define FUSED_RED_BLOCK 256

// FUSED_REDUCE over a floating compute type (the program ends with the value converted to it): each thread folds
// the elements i = tid + k * (blocks * 256) in increasing k from the identity; each block then folds its 256
// partials in a fixed tree (s = 128, 64, ..., 1: t[j] = t[j] op t[j + s]) and writes partial[blockIdx.x]. The host
// folds the block partials in block order. A fixed order for a given grid (FusedGpu sizes it from the tile alone).
// Must be launched with 256 threads per block.
extern "C" __global__ void __launch_bounds__(FUSED_RED_BLOCK) cohort_fused_reduce_d(FUSED_LEAF_PARAMS, double* partial,
        int* err, i64 op, const __grid_constant__ FusedProg P) {
    __shared__ double sh[FUSED_RED_BLOCK];
    FUSED_LEAF_ARRAY;
    i64 crd[COHORT_MAXD];
    const int o = (int) op;
    const i64 n = P.shape.volume;
    double acc = ident_d(o);
    const bool flat = P.shape.ndim == 1;
    GRID_STRIDE(i, n) {
        if (!flat) {
            coords(P.shape, i, crd);
        }
        acc = fold_d(o, acc, f_d(run_prog(P, lp, i, crd, err)));
    }
    const int t = threadIdx.x;
    sh[t] = acc;
    __syncthreads();
    for (int s = FUSED_RED_BLOCK / 2; s > 0; s >>= 1) {
        if (t < s) {
            sh[t] = fold_d(o, sh[t], sh[t + s]);
        }
        __syncthreads();
    }
    if (t == 0) {
        partial[blockIdx.x] = sh[0];
    }
}

// FUSED_REDUCE over an integer or bool compute type (wrapping SUM and PROD, MAX, MIN; ANY and ALL over 0/1 truth
// values): as cohort_fused_reduce_d with i64 partials (exact, so the order does not matter).
extern "C" __global__ void __launch_bounds__(FUSED_RED_BLOCK) cohort_fused_reduce_l(FUSED_LEAF_PARAMS, i64* partial,
        int* err, i64 op, const __grid_constant__ FusedProg P) {
    __shared__ i64 sh[FUSED_RED_BLOCK];
    FUSED_LEAF_ARRAY;
    i64 crd[COHORT_MAXD];
    const int o = (int) op;
    const i64 n = P.shape.volume;
    i64 acc = ident_l(o);
    const bool flat = P.shape.ndim == 1;
    GRID_STRIDE(i, n) {
        if (!flat) {
            coords(P.shape, i, crd);
        }
        acc = fold_l(o, acc, (i64) run_prog(P, lp, i, crd, err));
    }
    const int t = threadIdx.x;
    sh[t] = acc;
    __syncthreads();
    for (int s = FUSED_RED_BLOCK / 2; s > 0; s >>= 1) {
        if (t < s) {
            sh[t] = fold_l(o, sh[t], sh[t + s]);
        }
        __syncthreads();
    }
    if (t == 0) {
        partial[blockIdx.x] = sh[0];
    }
}
