// The CUDA mirror of task-library's ScalarMath (and the java.lang.Math functions it calls), shared by elementwise.cu
// and fused.cu: the scalar functions whose bits must be Java's. The op-code dispatch (binaryD/binaryL/unaryD/...)
// stays in each .cu file, over its own op-code names and value representation.
//
// + - * / sqrt and every integer operation are bit-identical to the Java code (build-ptx passes -fmad=false, so
// nothing is contracted into an fma); log, log1p, pow, ... are CUDA's double functions.
#pragma once
#include "cohort.cuh"

#define NEG_ZERO_BITS ((i64) 0x8000000000000000ULL)

// ---------------------------------------------------------------------------------------------------- doubles

// Java's Math.max / Math.min (NaN first argument wins, then NaN second; -0.0 < 0.0)
__device__ __forceinline__ double j_max_d(double a, double b) {
    if (a != a) return a;
    if (a == 0.0 && b == 0.0 && __double_as_longlong(a) == NEG_ZERO_BITS) return b;
    return a >= b ? a : b;
}

__device__ __forceinline__ double j_min_d(double a, double b) {
    if (a != a) return a;
    if (a == 0.0 && b == 0.0 && __double_as_longlong(b) == NEG_ZERO_BITS) return b;
    return a <= b ? a : b;
}

// NumPy fmax / fmin (ScalarMath.fmax/fmin)
__device__ __forceinline__ double np_fmax_d(double a, double b) { return a >= b || b != b ? a : b; }
__device__ __forceinline__ double np_fmin_d(double a, double b) { return a <= b || b != b ? a : b; }

// Java's Math.copySign: the raw sign bit of b (a NaN's too)
__device__ __forceinline__ double j_copysign_d(double a, double b) {
    return __longlong_as_double((__double_as_longlong(a) & 0x7fffffffffffffffLL) | (__double_as_longlong(b) & NEG_ZERO_BITS));
}

// Java's Math.nextAfter(double, double)
__device__ __forceinline__ double j_nextafter_d(double start, double dir) {
    if (start > dir) {
        if (start != 0.0) {
            i64 t = __double_as_longlong(start);
            return __longlong_as_double(t + (t > 0 ? -1 : 1));
        }
        return __longlong_as_double((i64) 0x8000000000000001ULL);     // -Double.MIN_VALUE
    } else if (start < dir) {
        i64 t = __double_as_longlong(start);
        if (t == NEG_ZERO_BITS) t = 0;                                  // start + 0.0d
        return __longlong_as_double(t + (t >= 0 ? 1 : -1));
    } else if (start == dir) {
        return dir;
    }
    return start + dir;
}

// Java's Math.nextAfter(float, double) (ScalarMath.binaryF32's NEXTAFTER)
__device__ __forceinline__ float j_nextafter_f(float start, double dir) {
    if ((double) start > dir) {
        if (start != 0.0f) {
            int t = __float_as_int(start);
            return __int_as_float(t + (t > 0 ? -1 : 1));
        }
        return __int_as_float((int) 0x80000001);                        // -Float.MIN_VALUE
    } else if ((double) start < dir) {
        int t = __float_as_int(start);
        if (t == (int) 0x80000000) t = 0;                               // start + 0.0f
        return __int_as_float(t + (t >= 0 ? 1 : -1));
    } else if ((double) start == dir) {
        return (float) dir;
    }
    return start + (float) dir;
}

// ScalarMath.floorDivide (NumPy's float floor_divide)
__device__ __forceinline__ double np_floor_divide(double a, double b) {
    if (b == 0) {
        return a / b;
    }
    double mod = fmod(a, b);
    double div = (a - mod) / b;
    if (mod != 0 && ((b < 0) != (mod < 0))) {
        div -= 1.0;
    }
    if (div != 0) {
        double f = floor(div);
        return div - f > 0.5 ? f + 1.0 : f;
    }
    return j_copysign_d(0.0, a / b);
}

// ScalarMath.remainder (NumPy's float remainder)
__device__ __forceinline__ double np_remainder(double a, double b) {
    double mod = fmod(a, b);
    if (b == 0) {
        return mod;
    }
    if (mod != 0) {
        return ((b < 0) != (mod < 0)) ? mod + b : mod;
    }
    return j_copysign_d(0.0, b);
}

// ScalarMath.pow (C99's pow: 1**y == 1, (-1)**(+-inf) == 1)
__device__ __forceinline__ double np_pow(double a, double b) {
    if (a == 1.0 || (a == -1.0 && isinf(b))) {
        return 1.0;
    }
    // fdlibm's exact cases (Java's Math.pow and NumPy's give these bits; CUDA's pow may be an ulp off):
    // x**1 = x, x**-1 = 1/x, x**2 = x*x, x**0.5 = sqrt(x) for x >= +0
    if (b == 1.0) {
        return a;
    }
    if (b == -1.0) {
        return 1.0 / a;
    }
    if (b == 2.0) {
        return a * a;
    }
    if (b == 0.5 && !signbit(a)) {
        return sqrt(a);
    }
    return pow(a, b);
}

// ScalarMath.sign (NumPy sign: -1, 0 for both zeros, 1; NaN stays NaN)
__device__ __forceinline__ double j_sign(double x) {
    return x > 0 ? 1.0 : x < 0 ? -1.0 : x == 0 ? 0.0 : x;
}

// ScalarMath.asinh / acosh / atanh
#define LN2_D 0.6931471805599453

__device__ __forceinline__ double j_asinh(double x) {
    double ax = fabs(x);
    double r;
    if (ax != ax) {
        return x;
    } else if (ax > 0x1p28) {
        r = log(ax) + LN2_D;
    } else if (ax > 2.0) {
        r = log(2.0 * ax + 1.0 / (sqrt(ax * ax + 1.0) + ax));
    } else if (ax < 0x1p-28) {
        return x;
    } else {
        double t = ax * ax;
        r = log1p(ax + t / (1.0 + sqrt(1.0 + t)));
    }
    return j_copysign_d(r, x);
}

__device__ __forceinline__ double j_acosh(double x) {
    if (!(x >= 1.0)) {
        return x != x ? x : __longlong_as_double(0x7ff8000000000000LL);
    } else if (x >= 0x1p28) {
        return log(x) + LN2_D;
    } else if (x > 2.0) {
        return log(2.0 * x - 1.0 / (x + sqrt(x * x - 1.0)));
    }
    double t = x - 1.0;
    return log1p(t + sqrt(2.0 * t + t * t));
}

__device__ __forceinline__ double j_atanh(double x) {
    double ax = fabs(x);
    if (!(ax <= 1.0)) {
        return x != x ? x : __longlong_as_double(0x7ff8000000000000LL);
    }
    if (ax < 0x1p-28) {
        return x;
    }
    double r;
    if (ax < 0.5) {
        double t = ax + ax;
        r = 0.5 * log1p(t + t * ax / (1.0 - ax));
    } else {
        r = 0.5 * log1p((ax + ax) / (1.0 - ax));
    }
    return j_copysign_d(r, x);
}

// ---------------------------------------------------------------------------------------------------- longs
// Java's long arithmetic (wrapping)
__device__ __forceinline__ i64 w_add(i64 a, i64 b) { return (i64) ((u64) a + (u64) b); }
__device__ __forceinline__ i64 w_sub(i64 a, i64 b) { return (i64) ((u64) a - (u64) b); }
__device__ __forceinline__ i64 w_mul(i64 a, i64 b) { return (i64) ((u64) a * (u64) b); }
__device__ __forceinline__ i64 w_neg(i64 a) { return (i64) (0ULL - (u64) a); }

// Math.floorDiv with b != 0 (MIN / -1 wraps to MIN)
__device__ __forceinline__ i64 floordiv_l(i64 a, i64 b) {
    if (b == -1) return w_neg(a);
    i64 q = a / b;
    if ((a ^ b) < 0 && q * b != a) q--;
    return q;
}

// Math.floorMod with b != 0
__device__ __forceinline__ i64 floormod_l(i64 a, i64 b) {
    if (b == -1) return 0;
    i64 m = a % b;
    if ((m ^ b) < 0 && m != 0) m += b;
    return m;
}

// ScalarMath.ipow: wrapping; a negative exponent is NumPy's error (flagged in *err: the host re-runs the CPU variant,
// which raises)
__device__ __forceinline__ i64 ipow_l(i64 base, i64 e, int* err) {
    if (e < 0) {
        *err = 1;
        return 0;
    }
    u64 r = 1;
    u64 x = (u64) base;
    u64 k = (u64) e;
    while (k != 0) {
        if (k & 1) r *= x;
        x *= x;
        k >>= 1;
    }
    return (i64) r;
}

// |a| as unsigned (|MIN| == 2^63)
__device__ __forceinline__ u64 uabs_l(i64 a) { return a < 0 ? 0ULL - (u64) a : (u64) a; }

// ScalarMath.gcd: Euclid on |a|, |b| as unsigned
__device__ __forceinline__ i64 gcd_l(i64 a, i64 b) {
    u64 x = uabs_l(a);
    u64 y = uabs_l(b);
    while (y != 0) {
        u64 t = x % y;
        x = y;
        y = t;
    }
    return (i64) x;
}

// ScalarMath.lcm: |a| / gcd * |b| unsigned, wrapping; 0 when either is 0
__device__ __forceinline__ i64 lcm_l(i64 a, i64 b) {
    i64 g = gcd_l(a, b);
    return g == 0 ? 0 : (i64) ((uabs_l(a) / (u64) g) * uabs_l(b));
}

// ScalarMath.shl / shr (NumPy's shifts: a count outside [0, 64) gives 0, or -1 for a negative a shifted right)
__device__ __forceinline__ i64 shl_l(i64 a, i64 b) { return (b >= 0 && b < 64) ? (i64) ((u64) a << b) : 0; }
__device__ __forceinline__ i64 shr_l(i64 a, i64 b) { return (b >= 0 && b < 64) ? (a >> b) : (a < 0 ? -1 : 0); }
