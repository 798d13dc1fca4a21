package dev.cohort.tasks;

import dev.cohort.runtime.region.FieldType;

/**
 * The element operations with NumPy semantics, as scalar functions (the loops of the dense fast
 * paths are in {@link Loops}). Floating point runs in {@code double}, integers and bools in
 * {@code long} (callers normalise to the compute type afterwards).
 */
final class ScalarMath {
    private ScalarMath() {
    }

    static final String NEGATIVE_POWER = "Integers to negative integer powers are not allowed.";

    // ------------------------------------------------------------------ binary, double

    /** {@code a op b} for a non-predicate op on doubles. */
    static double binaryD(BinaryOp op, double a, double b) {
        return switch (op) {
            case ADD -> a + b;
            case SUBTRACT -> a - b;
            case MULTIPLY -> a * b;
            case DIVIDE -> a / b;
            case POWER -> pow(a, b);
            case MAXIMUM -> Math.max(a, b);
            case MINIMUM -> Math.min(a, b);
            case FLOOR_DIVIDE -> floorDivide(a, b);
            case REMAINDER -> remainder(a, b);
            case FMOD -> a % b;
            case ARCTAN2 -> Math.atan2(a, b);
            case HYPOT -> Math.hypot(a, b);
            case FMAX -> fmax(a, b);
            case FMIN -> fmin(a, b);
            case COPYSIGN -> Math.copySign(a, b);
            case NEXTAFTER -> Math.nextAfter(a, b);
            case BITWISE_AND, BITWISE_OR, BITWISE_XOR, LEFT_SHIFT, RIGHT_SHIFT, GCD, LCM ->
                    throw UfuncTypes.floatOperand(op.numpyName());
            default -> predicateD(op, a, b) ? 1 : 0;
        };
    }

    /**
     * NumPy's float floor_divide (Python's {@code divmod}): {@code a / b} when {@code b == 0}; else with
     * {@code mod = fmod(a, b)}, {@code div = (a - mod) / b}, one less when mod and b differ in sign, then
     * rounded to the nearest integer below (a zero quotient keeps the sign of {@code a / b}).
     */
    static double floorDivide(double a, double b) {
        if (b == 0) {
            return a / b;
        }
        double mod = a % b;
        double div = (a - mod) / b;
        if (mod != 0 && (b < 0) != (mod < 0)) {
            div -= 1.0;
        }
        if (div != 0) {
            double f = Math.floor(div);
            return div - f > 0.5 ? f + 1.0 : f;
        }
        return Math.copySign(0.0, a / b);
    }

    /** NumPy's float remainder: {@code fmod(a, b)} moved to the sign of {@code b} (a zero takes b's sign); NaN when {@code b == 0}. */
    static double remainder(double a, double b) {
        double mod = a % b;
        if (b == 0) {
            return mod;
        }
        if (mod != 0) {
            return (b < 0) != (mod < 0) ? mod + b : mod;
        }
        return Math.copySign(0.0, b);
    }

    /** Whether {@code op} has float32 semantics of its own over float32 values held as doubles ({@link #binaryF32}). */
    static boolean ownFloat32(BinaryOp op) {
        return op == BinaryOp.NEXTAFTER;
    }

    /**
     * The float32 loop of an {@link #ownFloat32} op over float32 values held as doubles (the strided paths' and the
     * fused machine's representation): {@code o[oo + j] = op(x_j, y_j)}, {@code x_j = a[ao + j]} or the scalar
     * {@code as} when {@code a} is null, likewise {@code y}; nextafter steps a float ulp ({@link #nextAfterF}). The
     * caller rounds to float.
     */
    static void binaryF32(BinaryOp op, double[] o, int oo, double[] a, int ao, double as, double[] b, int bo, double bs, int n) {
        if (op != BinaryOp.NEXTAFTER) {
            throw new IllegalArgumentException(op + " has no float32 loop of its own");
        }
        nextAfterF(o, oo, a, ao, as, b, bo, bs, n);
    }

    /** {@link #binaryF32} of one pair of float32 values held as doubles. */
    static double binaryF32(BinaryOp op, double x, double y) {
        if (op != BinaryOp.NEXTAFTER) {
            throw new IllegalArgumentException(op + " has no float32 loop of its own");
        }
        return Math.nextAfter((float) x, y);
    }

    /**
     * nextafter in float32 over float32 values held as doubles (the strided paths' and the fused machine's
     * representation), where {@link #binaryD} would step a double ulp: {@code o[oo + j] =
     * nextafter((float) x_j, y_j)} with {@code x_j = a[ao + j]} or the scalar {@code as} when {@code a} is
     * null, likewise {@code y}.
     */
    static void nextAfterF(double[] o, int oo, double[] a, int ao, double as, double[] b, int bo, double bs, int n) {
        for (int j = 0; j < n; j++) {
            float x = (float) (a == null ? as : a[ao + j]);
            o[oo + j] = Math.nextAfter(x, b == null ? bs : b[bo + j]);
        }
    }

    /** NumPy fmax: the larger, ignoring a NaN (NaN only when both are); on a tie (0.0 and -0.0) the first. */
    static double fmax(double a, double b) {
        return a >= b || b != b ? a : b;
    }

    /** NumPy fmin: the smaller, ignoring a NaN (NaN only when both are); on a tie the first. */
    static double fmin(double a, double b) {
        return a <= b || b != b ? a : b;
    }

    /**
     * NumPy's float power: the exponents 2, 0.5 and -1 are {@code a * a}, {@code sqrt(a)} and {@code 1 / a} (NumPy 2's
     * power loop takes them so: correctly rounded, and {@code (-0.0) ** 0.5 == -0.0}, {@code (-inf) ** 0.5} is NaN, where
     * IEEE pow gives +0.0 and +inf); C99 pow otherwise, with {@code 1 ** y == 1} and {@code (-1) ** (+-inf) == 1} even for
     * NaN {@code y} (Java's {@code Math.pow} gives NaN there). Every float64 path (eager, launched, fused, strided; a
     * scalar or an array exponent) computes power through this function or, for a scalar exponent of
     * {@link #powerByScalar}, through the unary loop with the same bits, so the bits never depend on the path.
     */
    static double pow(double a, double b) {
        if (b == 2.0) {
            return a * a;
        }
        if (b == 0.5) {
            return Math.sqrt(a);
        }
        if (b == -1.0) {
            return 1.0 / a;
        }
        if (a == 1.0 || (a == -1.0 && Double.isInfinite(b))) {
            return 1.0;
        }
        return Math.pow(a, b);
    }

    /**
     * The unary operation that {@link #pow}{@code (a, s)} is for every {@code a} ({@code SQUARE} for 2, {@code SQRT}
     * for 0.5, {@code RECIPROCAL} for -1), or null: what a power loop over a scalar exponent runs instead.
     */
    static UnaryOp powerByScalar(double s) {
        return s == 2.0 ? UnaryOp.SQUARE : s == 0.5 ? UnaryOp.SQRT : s == -1.0 ? UnaryOp.RECIPROCAL : null;
    }

    static boolean predicateD(BinaryOp op, double a, double b) {
        return switch (op) {
            case EQUAL -> a == b;
            case NOT_EQUAL -> a != b;
            case LESS -> a < b;
            case LESS_EQUAL -> a <= b;
            case GREATER -> a > b;
            case GREATER_EQUAL -> a >= b;
            case LOGICAL_AND -> a != 0 && b != 0;
            case LOGICAL_OR -> a != 0 || b != 0;
            case LOGICAL_XOR -> (a != 0) != (b != 0);
            default -> throw new IllegalArgumentException(op + " is not a predicate");
        };
    }

    // ------------------------------------------------------------------ binary, long

    /**
     * {@code a op b} on longs (wrapping; floor division and remainder with {@code x // 0 == x % 0 == 0};
     * integer power; shifts by a count outside {@code [0, 64)} give 0, or -1 for a right shift of a
     * negative, so that an int32 result wrapped afterwards is NumPy's int32 shift; the float functions
     * arctan2, hypot, copysign through double, cast back).
     */
    static long binaryL(BinaryOp op, long a, long b) {
        return switch (op) {
            case ADD -> a + b;
            case SUBTRACT -> a - b;
            case MULTIPLY -> a * b;
            case DIVIDE, FLOOR_DIVIDE -> b == 0 ? 0 : Math.floorDiv(a, b);
            case POWER -> ipow(a, b);
            case MAXIMUM, FMAX -> Math.max(a, b);
            case MINIMUM, FMIN -> Math.min(a, b);
            case REMAINDER -> b == 0 ? 0 : Math.floorMod(a, b);
            case FMOD -> b == 0 ? 0 : a % b;
            case BITWISE_AND -> a & b;
            case BITWISE_OR -> a | b;
            case BITWISE_XOR -> a ^ b;
            case LEFT_SHIFT -> shl(a, b);
            case RIGHT_SHIFT -> shr(a, b);
            case GCD -> gcd(a, b);
            case LCM -> lcm(a, b);
            case ARCTAN2, HYPOT, COPYSIGN, NEXTAFTER -> Convert.d2l(binaryD(op, (double) a, (double) b));
            default -> predicateL(op, a, b) ? 1 : 0;
        };
    }

    /**
     * NumPy's {@code gcd} of integers: Euclid on the absolute values taken as unsigned ({@code |MIN|} is
     * {@code 2**63}), the result read back as signed: {@code gcd(0, 0) == 0}, {@code gcd(MIN, 0) == MIN}.
     */
    static long gcd(long a, long b) {
        a = Math.abs(a);
        b = Math.abs(b);
        while (b != 0) {
            long t = Long.remainderUnsigned(a, b);
            a = b;
            b = t;
        }
        return a;
    }

    /**
     * NumPy's {@code lcm}: {@code |a| / gcd(a, b) * |b|} in unsigned arithmetic, 0 when either is 0; the product
     * wraps with no absolute value after it ({@code lcm(2**62, 3) == -2**62}), as NumPy computes it.
     */
    static long lcm(long a, long b) {
        long g = gcd(a, b);
        return g == 0 ? 0 : Long.divideUnsigned(Math.abs(a), g) * Math.abs(b);
    }

    /** NumPy's left shift: {@code a << b} for {@code 0 <= b < 64}, else 0. */
    static long shl(long a, long b) {
        return b >= 0 && b < 64 ? a << b : 0;
    }

    /** NumPy's right shift (arithmetic): {@code a >> b} for {@code 0 <= b < 64}, else -1 for negative {@code a}, 0 otherwise. */
    static long shr(long a, long b) {
        return b >= 0 && b < 64 ? a >> b : a < 0 ? -1 : 0;
    }

    /** {@link #shl} in int32 (count outside {@code [0, 32)}: 0). */
    static int shl(int a, int b) {
        return b >= 0 && b < 32 ? a << b : 0;
    }

    /** {@link #shr} in int32. */
    static int shr(int a, int b) {
        return b >= 0 && b < 32 ? a >> b : a < 0 ? -1 : 0;
    }

    /** Integer power with wrap-around; a negative exponent is an error (NumPy). */
    static long ipow(long base, long exp) {
        if (exp < 0) {
            throw new IllegalArgumentException(NEGATIVE_POWER);
        }
        long r = 1;
        while (exp != 0) {
            if ((exp & 1) != 0) {
                r *= base;
            }
            base *= base;
            exp >>>= 1;
        }
        return r;
    }

    static boolean predicateL(BinaryOp op, long a, long b) {
        return switch (op) {
            case EQUAL -> a == b;
            case NOT_EQUAL -> a != b;
            case LESS -> a < b;
            case LESS_EQUAL -> a <= b;
            case GREATER -> a > b;
            case GREATER_EQUAL -> a >= b;
            case LOGICAL_AND -> a != 0 && b != 0;
            case LOGICAL_OR -> a != 0 || b != 0;
            case LOGICAL_XOR -> (a != 0) != (b != 0);
            default -> throw new IllegalArgumentException(op + " is not a predicate");
        };
    }

    // ------------------------------------------------------------------ unary

    /**
     * {@code op(x)} computed in {@code compute} on a double (a float32 value when {@code compute} is float32; the
     * caller rounds): {@link Float32Functions} for the float32 ops it covers, else {@link #unaryD(UnaryOp, double)}.
     */
    static double unaryD(UnaryOp op, double x, FieldType compute) {
        return Float32Functions.owns(compute, op) ? Float32Functions.apply(op, x) : unaryD(op, x);
    }

    /** {@code op(x)} on a double (LOGICAL_NOT gives 0/1). */
    static double unaryD(UnaryOp op, double x) {
        return switch (op) {
            case NEGATIVE -> -x;
            case EXP -> Float64Functions.exp(x);
            case LOG -> Float64Functions.log(x);
            case SQRT -> Math.sqrt(x);
            case ABS -> Math.abs(x);
            case TANH -> Fdlibm.tanh(x);
            case SIN -> Math.sin(x);
            case COS -> Math.cos(x);
            case SQUARE -> x * x;
            case RECIPROCAL -> 1.0 / x;
            case SIGN -> sign(x);
            case FLOOR -> Math.floor(x);
            case CEIL -> Math.ceil(x);
            case LOGICAL_NOT -> x == 0 ? 1 : 0;
            case LOG1P -> Fdlibm.log1p(x);
            case EXPM1 -> Fdlibm.expm1(x);
            case TRUNC -> trunc(x);
            case RINT -> Math.rint(x);
            case LOG10 -> Math.log10(x);
            case LOG2 -> log2(x);
            case EXP2 -> Math.pow(2.0, x);
            case SINH -> Math.sinh(x);
            case COSH -> Math.cosh(x);
            case TAN -> Math.tan(x);
            case ARCSIN -> Math.asin(x);
            case ARCCOS -> Math.acos(x);
            case ARCTAN -> Math.atan(x);
            case ARCSINH -> asinh(x);
            case ARCCOSH -> acosh(x);
            case ARCTANH -> atanh(x);
            case CBRT -> Math.cbrt(x);
            case ERF -> Erf.erf(x);
            case DEG2RAD -> x * DEG2RAD;
            case RAD2DEG -> x * RAD2DEG;
            case ISNAN, ISINF, ISFINITE, SIGNBIT -> predicateD(op, x) ? 1 : 0;
            case INVERT -> throw UfuncTypes.floatOperand("invert");
            case POSITIVE -> x;
        };
    }

    /** NumPy's constants of deg2rad and rad2deg ({@code NPY_PI/180.0}, {@code 180.0/NPY_PI}): one multiply, NumPy's bits. */
    static final double DEG2RAD = Math.PI / 180.0;
    static final double RAD2DEG = 180.0 / Math.PI;
    private static final double LN2 = 0.6931471805599453;
    /** 1/ln 2 as a double-double. */
    private static final double INV_LN2_HI = 1.4426950408889634;
    private static final double INV_LN2_LO = 2.0355273740931033e-17;

    /** The bool-valued unary ops on a double: isnan, isinf, isfinite, signbit (the sign bit, NaN's too), logical_not. */
    static boolean predicateD(UnaryOp op, double x) {
        return switch (op) {
            case ISNAN -> x != x;
            case ISINF -> Double.isInfinite(x);
            case ISFINITE -> Double.isFinite(x);
            case SIGNBIT -> Double.doubleToRawLongBits(x) < 0;
            case LOGICAL_NOT -> x == 0;
            default -> throw new IllegalArgumentException(op + " is not a predicate");
        };
    }

    /** The bool-valued unary ops on an integer or bool (held in a long): no NaN or infinity; signbit is {@code x < 0}. */
    static boolean predicateL(UnaryOp op, long x) {
        return switch (op) {
            case ISNAN, ISINF -> false;
            case ISFINITE -> true;
            case SIGNBIT -> x < 0;
            case LOGICAL_NOT -> x == 0;
            default -> throw new IllegalArgumentException(op + " is not a predicate");
        };
    }

    /** Rounds toward zero (-0.5 gives -0.0, as C's trunc); beyond 2^52 every double is an integer (and NaN, inf stay). */
    static double trunc(double x) {
        return Math.abs(x) < 0x1p52 ? Math.copySign((double) (long) x, x) : x;
    }

    /**
     * Base-2 logarithm: {@code e + log1p(m - 1) / ln 2} with {@code x = m * 2^e}, {@code m} in
     * {@code [sqrt(1/2), sqrt(2))} ({@code m - 1} exact), the division as a product with 1/ln 2 in
     * double-double; exact for powers of two, within 2 ulp otherwise (Math.log1p's 1 ulp, the product's
     * and the sum's roundings). Zero gives -inf, negatives and NaN NaN, +inf +inf.
     */
    static double log2(double x) {
        if (!(x > 0) || x == Double.POSITIVE_INFINITY) {
            return Math.log(x);
        }
        int e = Math.getExponent(x);
        if (e < Double.MIN_EXPONENT) {
            x *= 0x1p54;                                       // subnormal: scale into the normal range
            e = Math.getExponent(x) - 54;
        }
        double m = Math.scalb(x, -Math.getExponent(x));
        if (m > 1.4142135623730951) {
            m *= 0.5;
            e++;
        }
        double l = Fdlibm.log1p(m - 1.0);
        double f = Math.fma(l, INV_LN2_HI, l * INV_LN2_LO);
        return e + f;
    }

    /** Inverse hyperbolic sine through log1p/log of rearranged forms that do not cancel; odd. */
    static double asinh(double x) {
        double ax = Math.abs(x);
        double r;
        if (ax != ax) {
            return x;
        } else if (ax > 0x1p28) {
            r = Math.log(ax) + LN2;
        } else if (ax > 2.0) {
            r = Math.log(2.0 * ax + 1.0 / (Math.sqrt(ax * ax + 1.0) + ax));
        } else if (ax < 0x1p-28) {
            return x;
        } else {
            double t = ax * ax;
            r = Fdlibm.log1p(ax + t / (1.0 + Math.sqrt(1.0 + t)));
        }
        return Math.copySign(r, x);
    }

    /** Inverse hyperbolic cosine: NaN below 1, 0 at 1. */
    static double acosh(double x) {
        if (!(x >= 1.0)) {
            return x != x ? x : Double.NaN;
        } else if (x >= 0x1p28) {
            return Math.log(x) + LN2;
        } else if (x > 2.0) {
            return Math.log(2.0 * x - 1.0 / (x + Math.sqrt(x * x - 1.0)));
        }
        double t = x - 1.0;
        return Fdlibm.log1p(t + Math.sqrt(2.0 * t + t * t));
    }

    /** Inverse hyperbolic tangent: +-inf at +-1, NaN beyond; odd. */
    static double atanh(double x) {
        double ax = Math.abs(x);
        if (!(ax <= 1.0)) {
            return x != x ? x : Double.NaN;
        }
        if (ax < 0x1p-28) {
            return x;
        }
        double r;
        if (ax < 0.5) {
            double t = ax + ax;
            r = 0.5 * Fdlibm.log1p(t + t * ax / (1.0 - ax));
        } else {
            r = 0.5 * Fdlibm.log1p((ax + ax) / (1.0 - ax));
        }
        return Math.copySign(r, x);
    }

    /** NumPy sign: -1, 0 (for both zeros) or 1; NaN stays NaN. */
    static double sign(double x) {
        return x > 0 ? 1.0 : x < 0 ? -1.0 : x == 0 ? 0.0 : x;
    }

    /** {@code op(x)} on a long of compute type {@code compute} (transcendentals go through double). */
    static long unaryL(UnaryOp op, long x, FieldType compute) {
        return switch (op) {
            case NEGATIVE -> -x;
            case ABS -> Math.abs(x);
            case SIGN -> Long.signum(x);
            case SQUARE -> x * x;
            case FLOOR, CEIL, TRUNC, POSITIVE -> x;
            case LOGICAL_NOT -> x == 0 ? 1 : 0;
            case ISNAN, ISINF, ISFINITE, SIGNBIT -> predicateL(op, x) ? 1 : 0;
            // bitwise not; on bool (0/1) NumPy's invert is logical not
            case INVERT -> compute == FieldType.BOOL ? (x == 0 ? 1 : 0) : ~x;
            // NumPy computes the integer reciprocal as 1.0 / x cast back (so 1/0 is the minimum value)
            case RECIPROCAL -> Convert.d2compute(1.0 / x, compute);
            default -> Convert.d2compute(unaryD(op, (double) x), compute);
        };
    }
}
