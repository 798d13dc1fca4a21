// Element-wise GPU variants (ElementwiseGpu.java): BINARY_OP, UNARY_OP, WHERE, FILL, ARANGE, COPY and CONVERT.
//
// Semantics are those of the CPU kernels (task-library ElementwiseKernels, StridedRows, ScalarMath, DataKernels,
// Convert), element by element: every operand is converted to the compute representation as the CPU's strided path
// gathers it (float64/float32 through double, float32 rounded; integers and bool through long, int32 wrapped, bool
// 0/1; NumPy's casts for floats), the op runs as ScalarMath does, and the result is converted to out's type as the
// CPU's scatter does. The compute kinds (K_*) are the compute type of Args.Binary/Args.Unary, except that a bool
// compute type with a float operand ("float truth") runs the double kind, as the CPU does.
//
// Kernels (all grid-stride loops over the tile's flat row-major index, 64-bit indices):
//   cohort_ew_bin_dense_{d,f,l,i,z}(n, op, out, ob, a, ab, abits, b, bb, bbits, err)
//       one dimension, unit strides, operands of the kernel's type (or scalars: a == null, bits in the
//       representation), out of that type (or bool for the comparisons and logical ops). A top-level switch on
//       op picks a loop specialised on the op, so the loop itself has no type or op switch.
//   cohort_ew_bin_{d,f,l,i,z}(Shape, op, out, Opd, a, Opd, b, Opd, err)   any strides and element types.
//   cohort_ew_un_dense_{d,f,l,i,z}(n, op, out, ob, a, ab, err), cohort_ew_un_{d,f,l,i,z}(Shape, op, out, Opd, a, Opd)
//   cohort_ew_where_dense_{8,4,1}, cohort_ew_where, cohort_ew_copy_dense_{8,4,1}, cohort_ew_fill_{8,4,1},
//   cohort_ew_copy, cohort_ew_arange
// err (int, device): set to 1 by an integer power with a negative exponent (the host then runs the CPU variant,
// which raises).
#include "cohort.cuh"
#include "scalar_math.cuh"

// ---------------------------------------------------------------------------------------------------- op codes
// BinaryOp and UnaryOp ordinals (ElementwiseGpuTest checks these against the Java enums).
#define B_ADD 0
#define B_SUBTRACT 1
#define B_MULTIPLY 2
#define B_DIVIDE 3
#define B_POWER 4
#define B_MAXIMUM 5
#define B_MINIMUM 6
#define B_EQUAL 7
#define B_NOT_EQUAL 8
#define B_LESS 9
#define B_LESS_EQUAL 10
#define B_GREATER 11
#define B_GREATER_EQUAL 12
#define B_LOGICAL_AND 13
#define B_LOGICAL_OR 14
#define B_FLOOR_DIVIDE 15
#define B_REMAINDER 16
#define B_FMOD 17
#define B_ARCTAN2 18
#define B_HYPOT 19
#define B_FMAX 20
#define B_FMIN 21
#define B_COPYSIGN 22
#define B_LOGICAL_XOR 23
#define B_BITWISE_AND 24
#define B_BITWISE_OR 25
#define B_BITWISE_XOR 26
#define B_LEFT_SHIFT 27
#define B_RIGHT_SHIFT 28
#define B_NEXTAFTER 29
#define B_GCD 30
#define B_LCM 31
#define B_COUNT 32

#define U_NEGATIVE 0
#define U_EXP 1
#define U_LOG 2
#define U_SQRT 3
#define U_ABS 4
#define U_TANH 5
#define U_SIN 6
#define U_COS 7
#define U_SQUARE 8
#define U_RECIPROCAL 9
#define U_SIGN 10
#define U_FLOOR 11
#define U_CEIL 12
#define U_LOGICAL_NOT 13
#define U_LOG1P 14
#define U_EXPM1 15
#define U_TRUNC 16
#define U_RINT 17
#define U_LOG10 18
#define U_LOG2 19
#define U_EXP2 20
#define U_SINH 21
#define U_COSH 22
#define U_TAN 23
#define U_ARCSIN 24
#define U_ARCCOS 25
#define U_ARCTAN 26
#define U_ARCSINH 27
#define U_ARCCOSH 28
#define U_ARCTANH 29
#define U_CBRT 30
#define U_ERF 31
#define U_DEG2RAD 32
#define U_RAD2DEG 33
#define U_ISNAN 34
#define U_ISINF 35
#define U_ISFINITE 36
#define U_SIGNBIT 37
#define U_INVERT 38
#define U_POSITIVE 39
#define U_COUNT 40

// compute kinds
#define K_D 0
#define K_F 1
#define K_L 2
#define K_I 3
#define K_Z 4

typedef signed char i8;

__host__ __device__ constexpr bool bin_is_pred(int op) {
    return op == B_EQUAL || op == B_NOT_EQUAL || op == B_LESS || op == B_LESS_EQUAL || op == B_GREATER
            || op == B_GREATER_EQUAL || op == B_LOGICAL_AND || op == B_LOGICAL_OR || op == B_LOGICAL_XOR;
}

__host__ __device__ constexpr bool bin_int_only(int op) {
    return op == B_BITWISE_AND || op == B_BITWISE_OR || op == B_BITWISE_XOR || op == B_LEFT_SHIFT
            || op == B_RIGHT_SHIFT || op == B_GCD || op == B_LCM;
}

__host__ __device__ constexpr bool un_is_pred(int op) {
    return op == U_LOGICAL_NOT || op == U_ISNAN || op == U_ISINF || op == U_ISFINITE || op == U_SIGNBIT;
}

__host__ __device__ constexpr bool un_transcendental(int op) {
    return op == U_EXP || op == U_LOG || op == U_SQRT || op == U_TANH || op == U_SIN || op == U_COS || op == U_LOG1P
            || op == U_EXPM1 || op == U_RINT || (op >= U_LOG10 && op <= U_RAD2DEG);
}

// ---------------------------------------------------------------------------------------------------- loads, stores
// A constant's value as the CPU's Tile.View holds it: dval = FieldType.toDouble(bits), lval = Convert.bitsToLong.
__device__ __forceinline__ double ew_const_d(const Opd& o) {
    switch (o.type) {
        case T_FLOAT64: return __longlong_as_double(o.bits);
        case T_FLOAT32: return (double) __int_as_float((int) o.bits);
        default: return (double) o.bits;
    }
}

__device__ __forceinline__ i64 ew_const_l(const Opd& o) {
    switch (o.type) {
        case T_FLOAT64: return d2l(__longlong_as_double(o.bits));
        case T_FLOAT32: return d2l((double) __int_as_float((int) o.bits));
        case T_INT64: return o.bits;
        case T_INT32: return (i64) (int) o.bits;
        default: return o.bits != 0 ? 1 : 0;
    }
}

// gatherD / gatherL of one element (constants included)
__device__ __forceinline__ double ew_ld_d(const void* p, const Opd& o, i64 off) {
    return p == nullptr ? ew_const_d(o) : load_d(p, o, off);
}

__device__ __forceinline__ i64 ew_ld_l(const void* p, const Opd& o, i64 off) {
    return p == nullptr ? ew_const_l(o) : load_l(p, o, off);
}

// a float32 compute value: (float) gatherD, a float32 array read as float (its NaNs keep their bits)
__device__ __forceinline__ float ew_ld_f(const void* p, const Opd& o, i64 off) {
    if (p != nullptr && o.type == T_FLOAT32) {
        return ((const float*) p)[off];
    }
    return (float) ew_ld_d(p, o, off);
}

// the truth value of one element (Tile.View.gatherTruth)
__device__ __forceinline__ bool ew_truth(const void* p, const Opd& o, i64 off) {
    if (p == nullptr) {
        return ew_const_d(o) != 0 || ew_const_l(o) != 0;
    }
    switch (o.type) {
        case T_FLOAT64: return ((const double*) p)[off] != 0;
        case T_FLOAT32: return ((const float*) p)[off] != 0;
        case T_INT64: return ((const i64*) p)[off] != 0;
        case T_INT32: return ((const int*) p)[off] != 0;
        default: return ((const i8*) p)[off] != 0;
    }
}

// scatterD of a float32 compute value
__device__ __forceinline__ void ew_st_f(void* p, const Opd& o, i64 off, float v) {
    if (o.type == T_FLOAT32) {
        ((float*) p)[off] = v;
    } else {
        store_d(p, o, off, (double) v);
    }
}

// ---------------------------------------------------------------------------------------------------- offsets
// Offsets of flat tile index i for 2, 3 or 4 operands: one decomposition of i, no division for one dimension.
#define EW_OFFS_BEGIN(s, i)                                                     \
    if ((s).ndim == 1) {
#define EW_OFFS_MID(s, i)                                                       \
    } else {                                                                    \
        i64 rest_ = (i);                                                        \
        _Pragma("unroll")                                                       \
        for (int d = COHORT_MAXD - 1; d >= 0; d--) {                            \
            if (d < (s).ndim) {                                                 \
                i64 e_ = (s).ext[d];                                            \
                i64 q_ = rest_ / e_;                                            \
                i64 c_ = rest_ - q_ * e_;                                       \
                rest_ = q_;
#define EW_OFFS_END                                                             \
            }                                                                   \
        }                                                                       \
    }

__device__ __forceinline__ void ew_offs2(const Shape& s, i64 i, const Opd& x, const Opd& y, i64& ox, i64& oy) {
    ox = x.base;
    oy = y.base;
    EW_OFFS_BEGIN(s, i)
        ox += i * x.stride[0];
        oy += i * y.stride[0];
    EW_OFFS_MID(s, i)
                ox += c_ * x.stride[d];
                oy += c_ * y.stride[d];
    EW_OFFS_END
}

__device__ __forceinline__ void ew_offs3(const Shape& s, i64 i, const Opd& x, const Opd& y, const Opd& z, i64& ox,
                                         i64& oy, i64& oz) {
    ox = x.base;
    oy = y.base;
    oz = z.base;
    EW_OFFS_BEGIN(s, i)
        ox += i * x.stride[0];
        oy += i * y.stride[0];
        oz += i * z.stride[0];
    EW_OFFS_MID(s, i)
                ox += c_ * x.stride[d];
                oy += c_ * y.stride[d];
                oz += c_ * z.stride[d];
    EW_OFFS_END
}

__device__ __forceinline__ void ew_offs4(const Shape& s, i64 i, const Opd& x, const Opd& y, const Opd& z,
                                         const Opd& w, i64& ox, i64& oy, i64& oz, i64& ow) {
    ox = x.base;
    oy = y.base;
    oz = z.base;
    ow = w.base;
    EW_OFFS_BEGIN(s, i)
        ox += i * x.stride[0];
        oy += i * y.stride[0];
        oz += i * z.stride[0];
        ow += i * w.stride[0];
    EW_OFFS_MID(s, i)
                ox += c_ * x.stride[d];
                oy += c_ * y.stride[d];
                oz += c_ * z.stride[d];
                ow += c_ * w.stride[d];
    EW_OFFS_END
}

// ---------------------------------------------------------------------------------------------------- dense loops
// A grid-stride loop over [0, n) that computes U elements (U loads in flight per thread: small elements need them
// to keep enough bytes in flight) before storing them: value(i) reads and computes element i, store(i, v) writes it.
template <int U, typename V, typename Value, typename Store>
__device__ __forceinline__ void ew_dense_for(i64 n, Value value, Store store) {
    i64 stride = (i64) blockDim.x * gridDim.x;
    i64 i = (i64) blockIdx.x * blockDim.x + threadIdx.x;
    if constexpr (U > 1) {
        for (; i + (U - 1) * stride < n; i += U * stride) {
            V v[U];
#pragma unroll
            for (int u = 0; u < U; u++) {
                v[u] = value(i + u * stride);
            }
#pragma unroll
            for (int u = 0; u < U; u++) {
                store(i + u * stride, v[u]);
            }
        }
    }
    for (; i < n; i += stride) {
        store(i, value(i));
    }
}

// elements per thread per step of the dense loops, by element size
template <typename T> __host__ __device__ constexpr int ew_unroll() { return sizeof(T) == 1 ? 4 : sizeof(T) == 4 ? 2 : 1; }

// ---------------------------------------------------------------------------------------------------- scalar math
// ScalarMath's double and long functions (np_pow, np_floor_divide, j_asinh, gcd_l, ...) are in scalar_math.cuh;
// here are the float32 forms the float kind runs.

// Java's Math.max / Math.min in float (NaN first argument wins, then NaN second; -0.0 < 0.0)
__device__ __forceinline__ float j_max_f(float a, float b) {
    if (a != a) return a;
    if (a == 0.0f && b == 0.0f && __float_as_int(a) == (int) 0x80000000) return b;
    return a >= b ? a : b;
}

__device__ __forceinline__ float j_min_f(float a, float b) {
    if (a != a) return a;
    if (a == 0.0f && b == 0.0f && __float_as_int(b) == (int) 0x80000000) return b;
    return a <= b ? a : b;
}

// NumPy fmax / fmin (ScalarMath.fmax/fmin) in float
__device__ __forceinline__ float np_fmax_f(float a, float b) { return a >= b || b != b ? a : b; }
__device__ __forceinline__ float np_fmin_f(float a, float b) { return a <= b || b != b ? a : b; }

// Java's Math.copySign in float: the raw sign bit of b (a NaN's too)
__device__ __forceinline__ float j_copysign_f(float a, float b) {
    return __int_as_float((__float_as_int(a) & 0x7fffffff) | (__float_as_int(b) & (int) 0x80000000));
}

// ScalarMath.predicateD (comparisons and logical operations on doubles)
__device__ __forceinline__ bool pred_d(int op, double a, double b) {
    switch (op) {
        case B_EQUAL: return a == b;
        case B_NOT_EQUAL: return a != b;
        case B_LESS: return a < b;
        case B_LESS_EQUAL: return a <= b;
        case B_GREATER: return a > b;
        case B_GREATER_EQUAL: return a >= b;
        case B_LOGICAL_AND: return a != 0 && b != 0;
        case B_LOGICAL_OR: return a != 0 || b != 0;
        default: return (a != 0) != (b != 0);                          // LOGICAL_XOR
    }
}

// ScalarMath.binaryD of a non-predicate op (integer-only ops never reach here: the host falls back)
__device__ __forceinline__ double bin_d(int op, double a, double b) {
    switch (op) {
        case B_ADD: return a + b;
        case B_SUBTRACT: return a - b;
        case B_MULTIPLY: return a * b;
        case B_DIVIDE: return a / b;
        case B_POWER: return np_pow(a, b);
        case B_MAXIMUM: return j_max_d(a, b);
        case B_MINIMUM: return j_min_d(a, b);
        case B_FLOOR_DIVIDE: return np_floor_divide(a, b);
        case B_REMAINDER: return np_remainder(a, b);
        case B_FMOD: return fmod(a, b);
        case B_ARCTAN2: return atan2(a, b);
        case B_HYPOT: return hypot(a, b);
        case B_FMAX: return np_fmax_d(a, b);
        case B_FMIN: return np_fmin_d(a, b);
        case B_COPYSIGN: return j_copysign_d(a, b);
        case B_NEXTAFTER: return j_nextafter_d(a, b);
        default: return pred_d(op, a, b) ? 1.0 : 0.0;
    }
}

// float32 compute: + - * / max min fmax fmin copysign nextafter in float (the same bits as the CPU's double
// computation rounded once: float's + - * / are exact in double), everything else in double, rounded once.
__device__ __forceinline__ float bin_f(int op, float a, float b) {
    switch (op) {
        case B_ADD: return a + b;
        case B_SUBTRACT: return a - b;
        case B_MULTIPLY: return a * b;
        case B_DIVIDE: return a / b;
        case B_MAXIMUM: return j_max_f(a, b);
        case B_MINIMUM: return j_min_f(a, b);
        case B_FMAX: return np_fmax_f(a, b);
        case B_FMIN: return np_fmin_f(a, b);
        case B_COPYSIGN: return j_copysign_f(a, b);
        case B_NEXTAFTER: return j_nextafter_f(a, (double) b);
        case B_FMOD: return (float) fmod((double) a, (double) b);
        default: return (float) bin_d(op, (double) a, (double) b);
    }
}

// ---- integers (ScalarMath.binaryL: wrapping; x // 0 == x % 0 == 0)
__device__ __forceinline__ bool pred_l(int op, i64 a, i64 b) {
    switch (op) {
        case B_EQUAL: return a == b;
        case B_NOT_EQUAL: return a != b;
        case B_LESS: return a < b;
        case B_LESS_EQUAL: return a <= b;
        case B_GREATER: return a > b;
        case B_GREATER_EQUAL: return a >= b;
        case B_LOGICAL_AND: return a != 0 && b != 0;
        case B_LOGICAL_OR: return a != 0 || b != 0;
        default: return (a != 0) != (b != 0);
    }
}

__device__ __forceinline__ i64 bin_l(int op, i64 a, i64 b, int* err) {
    switch (op) {
        case B_ADD: return w_add(a, b);
        case B_SUBTRACT: return w_sub(a, b);
        case B_MULTIPLY: return w_mul(a, b);
        case B_DIVIDE:
        case B_FLOOR_DIVIDE: return b == 0 ? 0 : floordiv_l(a, b);
        case B_POWER: return ipow_l(a, b, err);
        case B_MAXIMUM:
        case B_FMAX: return a >= b ? a : b;
        case B_MINIMUM:
        case B_FMIN: return a <= b ? a : b;
        case B_REMAINDER: return b == 0 ? 0 : floormod_l(a, b);
        case B_FMOD: return (b == 0 || b == -1) ? 0 : a % b;
        case B_BITWISE_AND: return a & b;
        case B_BITWISE_OR: return a | b;
        case B_BITWISE_XOR: return a ^ b;
        case B_LEFT_SHIFT: return shl_l(a, b);
        case B_RIGHT_SHIFT: return shr_l(a, b);
        case B_GCD: return gcd_l(a, b);
        case B_LCM: return lcm_l(a, b);
        case B_ARCTAN2: return d2l(atan2((double) a, (double) b));
        case B_HYPOT: return d2l(hypot((double) a, (double) b));
        case B_COPYSIGN: return d2l(j_copysign_d((double) a, (double) b));
        case B_NEXTAFTER: return d2l(j_nextafter_d((double) a, (double) b));
        default: return pred_l(op, a, b) ? 1 : 0;
    }
}

// int32 compute: the long result wrapped; the divisions in 32 bits (the same values: |quotient| <= 2^31)
__device__ __forceinline__ int bin_i(int op, int a, int b, int* err) {
    switch (op) {
        case B_ADD: return (int) ((unsigned) a + (unsigned) b);
        case B_SUBTRACT: return (int) ((unsigned) a - (unsigned) b);
        case B_MULTIPLY: return (int) ((unsigned) a * (unsigned) b);
        case B_DIVIDE:
        case B_FLOOR_DIVIDE: {
            if (b == 0) return 0;
            if (b == -1) return (int) (0u - (unsigned) a);
            int q = a / b;
            if ((a ^ b) < 0 && q * b != a) q--;
            return q;
        }
        case B_REMAINDER: {
            if (b == 0 || b == -1) return 0;
            int m = a % b;
            if ((m ^ b) < 0 && m != 0) m += b;
            return m;
        }
        case B_FMOD: return (b == 0 || b == -1) ? 0 : a % b;
        case B_MAXIMUM:
        case B_FMAX: return a >= b ? a : b;
        case B_MINIMUM:
        case B_FMIN: return a <= b ? a : b;
        case B_BITWISE_AND: return a & b;
        case B_BITWISE_OR: return a | b;
        case B_BITWISE_XOR: return a ^ b;
        case B_LEFT_SHIFT: return (b >= 0 && b < 32) ? (int) ((unsigned) a << b) : 0;
        case B_RIGHT_SHIFT: return (b >= 0 && b < 32) ? (a >> b) : (a < 0 ? -1 : 0);
        default: return (int) bin_l(op, (i64) a, (i64) b, err);
    }
}

// ---- unary (ScalarMath.unaryD)
#define DEG2RAD_D 0x1.1df46a2529d39p-6
#define RAD2DEG_D 0x1.ca5dc1a63c1f8p5
__device__ __forceinline__ bool upred_d(int op, double x) {
    switch (op) {
        case U_ISNAN: return x != x;
        case U_ISINF: return isinf(x);
        case U_ISFINITE: return isfinite(x);
        case U_SIGNBIT: return __double_as_longlong(x) < 0;
        default: return x == 0;                                          // LOGICAL_NOT
    }
}

__device__ __forceinline__ double un_d(int op, double x) {
    switch (op) {
        case U_NEGATIVE: return __longlong_as_double(__double_as_longlong(x) ^ NEG_ZERO_BITS);
        case U_EXP: return exp(x);
        case U_LOG: return log(x);
        case U_SQRT: return sqrt(x);
        case U_ABS: return __longlong_as_double(__double_as_longlong(x) & 0x7fffffffffffffffLL);
        case U_TANH: return tanh(x);
        case U_SIN: return sin(x);
        case U_COS: return cos(x);
        case U_SQUARE: return x * x;
        case U_RECIPROCAL: return 1.0 / x;
        case U_SIGN: return j_sign(x);
        case U_FLOOR: return floor(x);
        case U_CEIL: return ceil(x);
        case U_LOG1P: return log1p(x);
        case U_EXPM1: return expm1(x);
        case U_TRUNC: return trunc(x);
        case U_RINT: return rint(x);
        case U_LOG10: return log10(x);
        case U_LOG2: return log2(x);
        case U_EXP2: return exp2(x);
        case U_SINH: return sinh(x);
        case U_COSH: return cosh(x);
        case U_TAN: return tan(x);
        case U_ARCSIN: return asin(x);
        case U_ARCCOS: return acos(x);
        case U_ARCTAN: return atan(x);
        case U_ARCSINH: return j_asinh(x);
        case U_ARCCOSH: return j_acosh(x);
        case U_ARCTANH: return j_atanh(x);
        case U_CBRT: return cbrt(x);
        case U_ERF: return erf(x);
        case U_DEG2RAD: return x * DEG2RAD_D;
        case U_RAD2DEG: return x * RAD2DEG_D;
        case U_POSITIVE: return x;
        default: return upred_d(op, x) ? 1.0 : 0.0;                      // predicates (INVERT: the host falls back)
    }
}

__device__ __forceinline__ bool upred_f(int op, float x) {
    switch (op) {
        case U_ISNAN: return x != x;
        case U_ISINF: return isinf(x);
        case U_ISFINITE: return isfinite(x);
        case U_SIGNBIT: return __float_as_int(x) < 0;
        default: return x == 0;
    }
}

// float32 compute: the sign operations on the bits (a NaN's sign too), the rest in double, rounded once
__device__ __forceinline__ float un_f(int op, float x) {
    switch (op) {
        case U_NEGATIVE: return __int_as_float(__float_as_int(x) ^ (int) 0x80000000);
        case U_ABS: return __int_as_float(__float_as_int(x) & 0x7fffffff);
        case U_POSITIVE: return x;
        case U_SQUARE: return x * x;
        case U_RECIPROCAL: return 1.0f / x;
        case U_SQRT: return sqrtf(x);
        case U_LOGICAL_NOT:
        case U_ISNAN:
        case U_ISINF:
        case U_ISFINITE:
        case U_SIGNBIT: return upred_f(op, x) ? 1.0f : 0.0f;
        default: return (float) un_d(op, (double) x);
    }
}

// Convert.d2compute
__device__ __forceinline__ i64 d2compute(double d, int kind) {
    switch (kind) {
        case K_I: return (i64) d2i(d);
        case K_Z: return d != 0 ? 1 : 0;
        default: return d2l(d);
    }
}

__device__ __forceinline__ bool upred_l(int op, i64 x) {
    switch (op) {
        case U_ISNAN:
        case U_ISINF: return false;
        case U_ISFINITE: return true;
        case U_SIGNBIT: return x < 0;
        default: return x == 0;
    }
}

// ScalarMath.unaryL (transcendental ops never reach here: the host falls back)
__device__ __forceinline__ i64 un_l(int op, i64 x, int kind) {
    switch (op) {
        case U_NEGATIVE: return (i64) (0ULL - (u64) x);
        case U_ABS: return x < 0 ? (i64) (0ULL - (u64) x) : x;
        case U_SIGN: return (x > 0) - (x < 0);
        case U_SQUARE: return (i64) ((u64) x * (u64) x);
        case U_FLOOR:
        case U_CEIL:
        case U_TRUNC:
        case U_POSITIVE: return x;
        case U_INVERT: return kind == K_Z ? (x == 0 ? 1 : 0) : ~x;
        case U_RECIPROCAL: return d2compute(1.0 / (double) x, kind);
        default: return upred_l(op, x) ? 1 : 0;
    }
}

// ---------------------------------------------------------------------------------------------------- kinds
template <int K> struct Kind;

template <> struct Kind<K_D> {
    typedef double T;
    static __device__ __forceinline__ T bin(int op, T a, T b, int*) { return bin_d(op, a, b); }
    static __device__ __forceinline__ bool pred(int op, T a, T b) { return pred_d(op, a, b); }
    static __device__ __forceinline__ T un(int op, T x) { return un_d(op, x); }
    static __device__ __forceinline__ bool upred(int op, T x) { return upred_d(op, x); }
    static __device__ __forceinline__ T ld(const void* p, const Opd& o, i64 off) { return ew_ld_d(p, o, off); }
    static __device__ __forceinline__ void st(void* p, const Opd& o, i64 off, T v) { store_d(p, o, off, v); }
    static __device__ __forceinline__ T from_bits(i64 b) { return __longlong_as_double(b); }
};

template <> struct Kind<K_F> {
    typedef float T;
    static __device__ __forceinline__ T bin(int op, T a, T b, int*) { return bin_f(op, a, b); }
    static __device__ __forceinline__ bool pred(int op, T a, T b) { return pred_d(op, (double) a, (double) b); }
    static __device__ __forceinline__ T un(int op, T x) { return un_f(op, x); }
    static __device__ __forceinline__ bool upred(int op, T x) { return upred_f(op, x); }
    static __device__ __forceinline__ T ld(const void* p, const Opd& o, i64 off) { return ew_ld_f(p, o, off); }
    static __device__ __forceinline__ void st(void* p, const Opd& o, i64 off, T v) { ew_st_f(p, o, off, v); }
    static __device__ __forceinline__ T from_bits(i64 b) { return __int_as_float((int) b); }
};

template <> struct Kind<K_L> {
    typedef i64 T;
    static __device__ __forceinline__ T bin(int op, T a, T b, int* err) { return bin_l(op, a, b, err); }
    static __device__ __forceinline__ bool pred(int op, T a, T b) { return pred_l(op, a, b); }
    static __device__ __forceinline__ T un(int op, T x) { return un_l(op, x, K_L); }
    static __device__ __forceinline__ bool upred(int op, T x) { return upred_l(op, x); }
    static __device__ __forceinline__ T ld(const void* p, const Opd& o, i64 off) { return ew_ld_l(p, o, off); }
    static __device__ __forceinline__ void st(void* p, const Opd& o, i64 off, T v) { store_l(p, o, off, v); }
    static __device__ __forceinline__ T from_bits(i64 b) { return b; }
};

template <> struct Kind<K_I> {
    typedef int T;
    static __device__ __forceinline__ T bin(int op, T a, T b, int* err) { return bin_i(op, a, b, err); }
    static __device__ __forceinline__ bool pred(int op, T a, T b) { return pred_l(op, (i64) a, (i64) b); }
    static __device__ __forceinline__ T un(int op, T x) { return (int) un_l(op, (i64) x, K_I); }
    static __device__ __forceinline__ bool upred(int op, T x) { return upred_l(op, (i64) x); }
    static __device__ __forceinline__ T ld(const void* p, const Opd& o, i64 off) { return (int) ew_ld_l(p, o, off); }
    static __device__ __forceinline__ void st(void* p, const Opd& o, i64 off, T v) { store_l(p, o, off, (i64) v); }
    static __device__ __forceinline__ T from_bits(i64 b) { return (int) b; }
};

template <> struct Kind<K_Z> {
    typedef i8 T;
    static __device__ __forceinline__ T bin(int op, T a, T b, int* err) { return bin_l(op, (i64) a, (i64) b, err) != 0 ? 1 : 0; }
    static __device__ __forceinline__ bool pred(int op, T a, T b) { return pred_l(op, (i64) a, (i64) b); }
    static __device__ __forceinline__ T un(int op, T x) { return un_l(op, (i64) x, K_Z) != 0 ? 1 : 0; }
    static __device__ __forceinline__ bool upred(int op, T x) { return upred_l(op, (i64) x); }
    static __device__ __forceinline__ T ld(const void* p, const Opd& o, i64 off) { return ew_ld_l(p, o, off) != 0 ? 1 : 0; }
    static __device__ __forceinline__ void st(void* p, const Opd& o, i64 off, T v) { store_l(p, o, off, (i64) v); }
    static __device__ __forceinline__ T from_bits(i64 b) { return b != 0 ? 1 : 0; }
};

// The ops with a dense loop of their own per kind (ElementwiseGpu.binDense/unDense mirror these lists): the cheap
// ones, memory-bound, whose loops keep few registers. Every other op runs the strided kernels (one dimension there
// costs a multiply per operand, nothing next to the op itself); a dense kernel given another op sets *err = 2.
__host__ __device__ constexpr bool bin_dense_has(int k, int op) {
    return op == B_ADD || op == B_SUBTRACT || op == B_MULTIPLY || op == B_DIVIDE || op == B_MAXIMUM
            || op == B_MINIMUM || bin_is_pred(op) || op == B_FMAX || op == B_FMIN
            || ((k == K_D || k == K_F) ? op == B_COPYSIGN
                                       : (op == B_POWER || op == B_FLOOR_DIVIDE || op == B_REMAINDER
                                          || op == B_FMOD || op == B_BITWISE_AND || op == B_BITWISE_OR
                                          || op == B_BITWISE_XOR || op == B_LEFT_SHIFT || op == B_RIGHT_SHIFT));
}

__host__ __device__ constexpr bool un_dense_has(int k, int op) {
    return op == U_NEGATIVE || op == U_ABS || op == U_SQUARE || op == U_RECIPROCAL || op == U_SIGN || op == U_FLOOR
            || op == U_CEIL || op == U_TRUNC || op == U_POSITIVE || un_is_pred(op)
            || ((k == K_D || k == K_F) ? (op == U_RINT || op == U_SQRT || op == U_DEG2RAD || op == U_RAD2DEG)
                                       : op == U_INVERT);
}

// ---------------------------------------------------------------------------------------------------- binary
// The dense loop of one op: out[ob + i] = op(a[ab + i] or the scalar as, b[bb + i] or the scalar bs) (a null
// pointer: the scalar; a uniform branch, so one loop per op serves arrays and scalars).
template <int K, int OP>
__device__ __forceinline__ void bin_dense_loop(i64 n, void* out, i64 ob, const typename Kind<K>::T* a, i64 ab,
                                               typename Kind<K>::T as, const typename Kind<K>::T* b, i64 bb,
                                               typename Kind<K>::T bs, int* err) {
    typedef typename Kind<K>::T T;
    constexpr int U = ew_unroll<T>();
    if (a != nullptr) a += ab;
    if (b != nullptr) b += bb;
    if constexpr (bin_is_pred(OP)) {
        i8* o = (i8*) out + ob;
        ew_dense_for<U, i8>(n,
                [&](i64 i) -> i8 {
                    T x = a != nullptr ? a[i] : as;
                    T y = b != nullptr ? b[i] : bs;
                    return Kind<K>::pred(OP, x, y) ? 1 : 0;
                },
                [&](i64 i, i8 v) { o[i] = v; });
    } else {
        T* o = (T*) out + ob;
        ew_dense_for<U, T>(n,
                [&](i64 i) -> T {
                    T x = a != nullptr ? a[i] : as;
                    T y = b != nullptr ? b[i] : bs;
                    return Kind<K>::bin(OP, x, y, err);
                },
                [&](i64 i, T v) { o[i] = v; });
    }
}

#define EW_BIN_CASE(OP)                                                                            \
    case OP:                                                                                       \
        if constexpr (bin_dense_has(K, OP)) {                                                      \
            bin_dense_loop<K, OP>(n, out, ob, a, ab, as, b, bb, bs, err);                          \
        } else {                                                                                   \
            *err = 2;                                                                              \
        }                                                                                          \
        break;

template <int K>
__device__ __forceinline__ void bin_dense(i64 n, int op, void* out, i64 ob, const typename Kind<K>::T* a, i64 ab,
                                          i64 abits, const typename Kind<K>::T* b, i64 bb, i64 bbits, int* err) {
    typename Kind<K>::T as = Kind<K>::from_bits(abits);
    typename Kind<K>::T bs = Kind<K>::from_bits(bbits);
    switch (op) {
        EW_BIN_CASE(0) EW_BIN_CASE(1) EW_BIN_CASE(2) EW_BIN_CASE(3) EW_BIN_CASE(4) EW_BIN_CASE(5)
        EW_BIN_CASE(6) EW_BIN_CASE(7) EW_BIN_CASE(8) EW_BIN_CASE(9) EW_BIN_CASE(10) EW_BIN_CASE(11)
        EW_BIN_CASE(12) EW_BIN_CASE(13) EW_BIN_CASE(14) EW_BIN_CASE(15) EW_BIN_CASE(16) EW_BIN_CASE(17)
        EW_BIN_CASE(18) EW_BIN_CASE(19) EW_BIN_CASE(20) EW_BIN_CASE(21) EW_BIN_CASE(22) EW_BIN_CASE(23)
        EW_BIN_CASE(24) EW_BIN_CASE(25) EW_BIN_CASE(26) EW_BIN_CASE(27) EW_BIN_CASE(28) EW_BIN_CASE(29)
        EW_BIN_CASE(30) EW_BIN_CASE(31)
        default: *err = 2; break;
    }
}

// Any strides and element types: operands converted to the kind's representation, the result to out's type.
template <int K>
__device__ __forceinline__ void bin_gen(const Shape& s, int op, void* out, const Opd& oo, const void* a,
                                        const Opd& ao, const void* b, const Opd& bo, int* err) {
    bool pred = bin_is_pred(op);
    GRID_STRIDE(i, s.volume) {
        i64 xa, xb, xo;
        ew_offs3(s, i, ao, bo, oo, xa, xb, xo);
        typename Kind<K>::T x = Kind<K>::ld(a, ao, xa);
        typename Kind<K>::T y = Kind<K>::ld(b, bo, xb);
        if (pred) {
            store_l(out, oo, xo, Kind<K>::pred(op, x, y) ? 1 : 0);
        } else {
            Kind<K>::st(out, oo, xo, Kind<K>::bin(op, x, y, err));
        }
    }
}

#define EW_BIN_KERNELS(SUFFIX, K)                                                                              \
    extern "C" __global__ void __launch_bounds__(256, 8) cohort_ew_bin_dense_##SUFFIX(i64 n, int op, void* out, i64 ob,                   \
            const Kind<K>::T* a, i64 ab, i64 abits, const Kind<K>::T* b, i64 bb, i64 bbits, int* err) {         \
        bin_dense<K>(n, op, out, ob, a, ab, abits, b, bb, bbits, err);                                          \
    }                                                                                                          \
    extern "C" __global__ void cohort_ew_bin_##SUFFIX(Shape s, int op, void* out, Opd oo, const void* a, Opd ao, \
            const void* b, Opd bo, int* err) {                                                                  \
        bin_gen<K>(s, op, out, oo, a, ao, b, bo, err);                                                          \
    }

EW_BIN_KERNELS(d, K_D)
EW_BIN_KERNELS(f, K_F)
EW_BIN_KERNELS(l, K_L)
EW_BIN_KERNELS(i, K_I)
EW_BIN_KERNELS(z, K_Z)

// ---------------------------------------------------------------------------------------------------- unary
template <int K, int OP>
__device__ __forceinline__ void un_dense_loop(i64 n, void* out, i64 ob, const typename Kind<K>::T* a) {
    typedef typename Kind<K>::T T;
    constexpr int U = ew_unroll<T>();
    if constexpr (un_is_pred(OP)) {
        i8* o = (i8*) out + ob;
        ew_dense_for<U, i8>(n, [&](i64 i) -> i8 { return Kind<K>::upred(OP, a[i]) ? 1 : 0; },
                [&](i64 i, i8 v) { o[i] = v; });
    } else {
        T* o = (T*) out + ob;
        ew_dense_for<U, T>(n, [&](i64 i) -> T { return Kind<K>::un(OP, a[i]); }, [&](i64 i, T v) { o[i] = v; });
    }
}

#define EW_UN_CASE(OP)                                                           \
    case OP:                                                                     \
        if constexpr (un_dense_has(K, OP)) {                                     \
            un_dense_loop<K, OP>(n, out, ob, a + ab);                            \
        } else {                                                                 \
            *err = 2;                                                            \
        }                                                                        \
        break;

template <int K>
__device__ __forceinline__ void un_dense(i64 n, int op, void* out, i64 ob, const typename Kind<K>::T* a, i64 ab,
                                         int* err) {
    switch (op) {
        EW_UN_CASE(0) EW_UN_CASE(1) EW_UN_CASE(2) EW_UN_CASE(3) EW_UN_CASE(4) EW_UN_CASE(5) EW_UN_CASE(6)
        EW_UN_CASE(7) EW_UN_CASE(8) EW_UN_CASE(9) EW_UN_CASE(10) EW_UN_CASE(11) EW_UN_CASE(12) EW_UN_CASE(13)
        EW_UN_CASE(14) EW_UN_CASE(15) EW_UN_CASE(16) EW_UN_CASE(17) EW_UN_CASE(18) EW_UN_CASE(19) EW_UN_CASE(20)
        EW_UN_CASE(21) EW_UN_CASE(22) EW_UN_CASE(23) EW_UN_CASE(24) EW_UN_CASE(25) EW_UN_CASE(26) EW_UN_CASE(27)
        EW_UN_CASE(28) EW_UN_CASE(29) EW_UN_CASE(30) EW_UN_CASE(31) EW_UN_CASE(32) EW_UN_CASE(33) EW_UN_CASE(34)
        EW_UN_CASE(35) EW_UN_CASE(36) EW_UN_CASE(37) EW_UN_CASE(38) EW_UN_CASE(39)
        default: *err = 2; break;
    }
}

template <int K>
__device__ __forceinline__ void un_gen(const Shape& s, int op, void* out, const Opd& oo, const void* a, const Opd& ao) {
    bool pred = un_is_pred(op);
    GRID_STRIDE(i, s.volume) {
        i64 xa, xo;
        ew_offs2(s, i, ao, oo, xa, xo);
        typename Kind<K>::T x = Kind<K>::ld(a, ao, xa);
        if (pred) {
            store_l(out, oo, xo, Kind<K>::upred(op, x) ? 1 : 0);
        } else {
            Kind<K>::st(out, oo, xo, Kind<K>::un(op, x));
        }
    }
}

#define EW_UN_KERNELS(SUFFIX, K)                                                                                 \
    extern "C" __global__ void __launch_bounds__(256, 8) cohort_ew_un_dense_##SUFFIX(i64 n, int op, void* out, i64 ob, const Kind<K>::T* a, \
            i64 ab, int* err) {                                                                                   \
        un_dense<K>(n, op, out, ob, a, ab, err);                                                                  \
    }                                                                                                            \
    extern "C" __global__ void cohort_ew_un_##SUFFIX(Shape s, int op, void* out, Opd oo, const void* a, Opd ao) { \
        un_gen<K>(s, op, out, oo, a, ao);                                                                         \
    }

EW_UN_KERNELS(d, K_D)
EW_UN_KERNELS(f, K_F)
EW_UN_KERNELS(l, K_L)
EW_UN_KERNELS(i, K_I)
EW_UN_KERNELS(z, K_Z)

// ---------------------------------------------------------------------------------------------------- where
// Dense: a bool mask, out and a, b of out's element size with unit stride (a, b null: scalars already converted to
// out's type, their raw bits in abits/bbits). The values move as raw bits.
template <typename U>
__device__ __forceinline__ void where_dense(i64 n, const i8* c, i64 cb, U* o, i64 ob, const U* a, i64 ab, U as,
                                            const U* b, i64 bb, U bs) {
    c += cb;
    o += ob;
    if (a != nullptr) a += ab;
    if (b != nullptr) b += bb;
    ew_dense_for<ew_unroll<U>(), U>(n,
            [&](i64 i) -> U { return c[i] != 0 ? (a != nullptr ? a[i] : as) : (b != nullptr ? b[i] : bs); },
            [&](i64 i, U v) { o[i] = v; });
}

#define EW_WHERE_DENSE(BYTES, U)                                                                               \
    extern "C" __global__ void cohort_ew_where_dense_##BYTES(i64 n, const i8* c, i64 cb, U* o, i64 ob,          \
            const U* a, i64 ab, i64 abits, const U* b, i64 bb, i64 bbits) {                                     \
        where_dense<U>(n, c, cb, o, ob, a, ab, (U) abits, b, bb, (U) bbits);                                    \
    }

EW_WHERE_DENSE(8, u64)
EW_WHERE_DENSE(4, unsigned)
EW_WHERE_DENSE(1, unsigned char)

// Any strides and types (StridedRows.whereRowL/whereRowD): cond's truth; a or b through long into an integral out,
// through double into a floating one.
extern "C" __global__ void cohort_ew_where(Shape s, void* out, Opd oo, const void* c, Opd co, const void* a, Opd ao,
                                           const void* b, Opd bo) {
    bool integral = !(oo.type == T_FLOAT64 || oo.type == T_FLOAT32);
    GRID_STRIDE(i, s.volume) {
        i64 xc, xa, xb, xo;
        ew_offs4(s, i, co, ao, bo, oo, xc, xa, xb, xo);
        bool t = ew_truth(c, co, xc);
        const void* p = t ? a : b;
        const Opd& po = t ? ao : bo;
        i64 xp = t ? xa : xb;
        if (integral) {
            store_l(out, oo, xo, ew_ld_l(p, po, xp));
        } else {
            store_d(out, oo, xo, ew_ld_d(p, po, xp));
        }
    }
}

// ---------------------------------------------------------------------------------------------------- copy, fill
// Dense copy of equal types (raw bits), dense fill with raw bits.
#define EW_COPY_DENSE(BYTES, U)                                                                                \
    extern "C" __global__ void cohort_ew_copy_dense_##BYTES(i64 n, U* o, i64 ob, const U* a, i64 ab) {          \
        o += ob;                                                                                               \
        a += ab;                                                                                               \
        ew_dense_for<ew_unroll<U>(), U>(n, [&](i64 i) -> U { return a[i]; }, [&](i64 i, U v) { o[i] = v; });  \
    }                                                                                                          \
    extern "C" __global__ void cohort_ew_fill_##BYTES(i64 n, U* o, i64 ob, i64 bits) {                          \
        o += ob;                                                                                               \
        U v = (U) bits;                                                                                        \
        ew_dense_for<ew_unroll<U>(), U>(n, [&](i64) -> U { return v; }, [&](i64 i, U w) { o[i] = w; });       \
    }

EW_COPY_DENSE(8, u64)
EW_COPY_DENSE(4, unsigned)
EW_COPY_DENSE(1, unsigned char)

// Any strides and types (DataLoops.convert, Tile.View.bitsAs): an integral source through long, a floating one
// through double (NumPy's casts).
extern "C" __global__ void cohort_ew_copy(Shape s, void* out, Opd oo, const void* a, Opd ao) {
    bool integral = !(ao.type == T_FLOAT64 || ao.type == T_FLOAT32);
    GRID_STRIDE(i, s.volume) {
        i64 xa, xo;
        ew_offs2(s, i, ao, oo, xa, xo);
        if (integral) {
            store_l(out, oo, xo, ew_ld_l(a, ao, xa));
        } else {
            store_d(out, oo, xo, ew_ld_d(a, ao, xa));
        }
    }
}

// ---------------------------------------------------------------------------------------------------- arange
// out[base + j * stride] = start + (double) (lo + j) * step (DataKernels.arange: one multiply, one add, no FMA),
// converted to out's type as Tile.View.setD does.
template <int OT>
__device__ __forceinline__ void arange_loop(i64 n, void* out, const Opd& oo, i64 lo, double start, double step) {
    i64 base = oo.base;
    i64 st = oo.stride[0];
    GRID_STRIDE(j, n) {
        double v = start + (double) (lo + j) * step;
        i64 off = base + j * st;
        if constexpr (OT == T_FLOAT64) {
            ((double*) out)[off] = v;
        } else if constexpr (OT == T_FLOAT32) {
            ((float*) out)[off] = (float) v;
        } else if constexpr (OT == T_INT64) {
            ((i64*) out)[off] = d2l(v);
        } else if constexpr (OT == T_INT32) {
            ((int*) out)[off] = d2i(v);
        } else {
            ((i8*) out)[off] = v != 0 ? 1 : 0;
        }
    }
}

extern "C" __global__ void cohort_ew_arange(i64 n, void* out, Opd oo, i64 lo, double start, double step) {
    switch (oo.type) {
        case T_FLOAT64: arange_loop<T_FLOAT64>(n, out, oo, lo, start, step); break;
        case T_FLOAT32: arange_loop<T_FLOAT32>(n, out, oo, lo, start, step); break;
        case T_INT64: arange_loop<T_INT64>(n, out, oo, lo, start, step); break;
        case T_INT32: arange_loop<T_INT32>(n, out, oo, lo, start, step); break;
        default: arange_loop<T_BOOL>(n, out, oo, lo, start, step); break;
    }
}
