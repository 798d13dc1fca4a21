package dev.cohort.tasks;

import dev.cohort.runtime.region.FieldType;

/**
 * The float32 loops of NumPy's {@code exp}, {@code expm1}, {@code log}, {@code log1p}, {@code tanh}, {@code sin} and
 * {@code cos}: each evaluated in {@code double} by Cohort's own code (range reduction and a polynomial, nothing but
 * {@code +}, {@code -}, {@code *}, {@code /}, fused multiply-adds ({@link Math#fma}) and bit operations), then rounded
 * to float once by the caller.
 *
 * <p><b>Why.</b> These were {@code (float) Math.f((double) x)}: correctly rounded nearly always, but
 * {@code StrictMath}'s fdlibm in JDK 17 costs up to 20 ns an element ({@code tanh} 19.5, {@code log1p} 13.5,
 * {@code sin} and {@code cos} 8.6; {@code exp} and {@code log} are HotSpot intrinsics, 5-7), while NumPy's float32
 * loops (SIMD, in float) take 1-2 ns. The scalar functions here take 5.5-7.6 ns (the same for exp and log, which
 * are here so that the vector loops cover them too). The functions here are evaluated to a relative error of a few {@code 1e-16}, far
 * below a float's half ulp ({@code 2^-24}, about {@code 6e-8}), so the rounded result is the correctly rounded
 * float except when the true value lies within about {@code 1e-15} relative of a rounding boundary; then it may be
 * one ulp off. {@code Float32FunctionsTest} measures that against {@code (float) Math.f} over a million floats per
 * function. Only {@code sin} and {@code cos} of {@code |x| > 2^19} go to {@code Math.sin}/{@code Math.cos} (their
 * argument reduction needs more than three parts of pi/2 there).
 *
 * <p><b>One definition.</b> Every path that computes these ops in float32 calls this class: the dense loops
 * ({@code Loops.unaryF}), the strided rows and the fused machine (float32 values held as doubles), and
 * {@link Float32Simd} (see {@link #SIMD_PROP}), whose vector loops do exactly these operations in the same order, each
 * multiply-add written as a fused one on both sides ({@link Math#fma}, {@code DoubleVector.fma}: one rounding, defined
 * exactly by IEEE 754, so the interpreter, C1, C2 and the vector unit agree; Java never contracts a separate
 * {@code a * b + c}), so the scalar and the vector code give the same bits and the bits do not depend on the path,
 * the tiling or the shard count. The fused form halves the polynomials' operations: the vector loops took 1.0-1.3 ns
 * an element on 1 000 elements (exp, log, tanh, sin; AMD EPYC, JDK 17) where separate multiplies and adds took
 * 1.4-1.5, and float32 {@code power}'s approximation 2.6 ns where it took 4.2. A CPU without FMA instructions
 * (x86 before Haswell) gets the same bits from {@link Math#fma}'s exact software form, much more slowly. Inputs must be float
 * values (any double is accepted, but only float inputs are covered by the accuracy statement above).
 *
 * <p><b>Algorithms.</b> exp and expm1: {@code x = k ln2 + r}, {@code |r| <= ln2/2} ({@code k} by rounding
 * {@code x / ln2} with the {@code 1.5 * 2^52} shift, {@code ln2} in two parts of fdlibm), {@code expm1(r)} by its
 * Taylor polynomial to {@code r^12}, then {@code 2^k (1 + p)} resp. {@code 2^k p + (2^k - 1)}, with the argument
 * clamped to {@code [-110, 90]} (every float outside over- or underflows anyway). log: {@code x = 2^k m},
 * {@code m} in {@code [sqrt(1/2), sqrt(2))}, {@code log m = 2 atanh(s)}, {@code s = (m - 1) / (m + 1)}, by its series
 * to {@code s^17}. log1p: {@code x - x^2/2} for {@code |x| < 2^-29}, else {@code log(1 + x)} ({@code 1 + x} is
 * exact in double for every float from {@code 2^-29} to {@code 2^53}). tanh: {@code e / (e + 2)} with
 * {@code e = expm1(2|x|)}, {@code |x|} clamped to 20, the sign of {@code x}. sin and cos: {@code x = k pi/2 + r}
 * (fdlibm's three-part {@code pi/2}, 33 + 33 + 53 bits), the Taylor polynomials of sin to {@code r^15} and cos to
 * {@code r^16} on {@code |r| <= pi/4}, chosen and signed by {@code k mod 4}.
 */
final class Float32Functions {
    private Float32Functions() {
    }

    /**
     * System property: {@code true} lets the float32 functions run {@link Float32Simd}'s vector loops (once compiled),
     * {@code false} keeps them on the scalar functions; unset, the vector loops are on from JDK
     * {@value #SIMD_FROM_FEATURE}, and on JDK 17 where C2 cleans up after each late inline
     * ({@code -XX:+IncrementalInlineForceCleanup}, which Cohort's launchers, its surefire runs and its benchmarks pass):
     * {@link #simdByDefault}. The vector loops give the scalar functions' bits (so the choice never changes a result)
     * and run them 2.5-3.5x faster, but in a JVM running many other vector kernels (the op-mix child) JDK 17's C2
     * without that option left them boxed in every child measured (5 of 5; with it, none of 4): their final store's
     * species was not a constant when C2 late-inlined it (task-library README, "Vector API kernels that C2 leaves
     * uncompiled"). JDK 25's C2 compiled every kernel of the op-mix child with these on.
     */
    public static final String SIMD_PROP = "cohort.simd.float32";
    /** The first JDK feature release on which {@link #SIMD_PROP} defaults to on: the one measured (25; 21 was not at hand). */
    static final int SIMD_FROM_FEATURE = 25;
    /** The HotSpot option that makes JDK 17 compile the vector loops (see {@link #SIMD_PROP}). */
    static final String CLEANUP_OPTION = "IncrementalInlineForceCleanup";
    static final boolean SIMD = Reductions.SIMD && Boolean.parseBoolean(System.getProperty(SIMD_PROP,
            String.valueOf(simdByDefault(Runtime.version().feature(), cleanupAfterLateInline()))));

    /**
     * Whether the vector loops are on without {@link #SIMD_PROP} on a JVM of feature release {@code feature}, whose C2
     * does ({@code cleanup}) or does not clean up after each late inline.
     */
    static boolean simdByDefault(int feature, boolean cleanup) {
        return feature >= SIMD_FROM_FEATURE || cleanup;
    }

    /** Whether this JVM runs with {@code -XX:+}{@value #CLEANUP_OPTION}; false where HotSpot's options cannot be read. */
    static boolean cleanupAfterLateInline() {
        try {
            return Boolean.parseBoolean(java.lang.management.ManagementFactory
                    .getPlatformMXBean(com.sun.management.HotSpotDiagnosticMXBean.class).getVMOption(CLEANUP_OPTION).getValue());
        } catch (RuntimeException | LinkageError e) {
            return false;
        }
    }

    /** Whether {@code op}'s float32 loop is defined here. */
    static boolean covers(UnaryOp op) {
        return switch (op) {
            case EXP, EXPM1, LOG, LOG1P, TANH, SIN, COS -> true;
            default -> false;
        };
    }

    /** Whether {@code op} computed in {@code compute} is this class's: a covered op ({@link #covers}) in float32. */
    static boolean owns(FieldType compute, UnaryOp op) {
        return compute == FieldType.FLOAT32 && covers(op);
    }

    /** {@code op(x)} for a covered op (see {@link #covers}), before the rounding to float. */
    static double apply(UnaryOp op, double x) {
        return switch (op) {
            case EXP -> exp(x);
            case EXPM1 -> expm1(x);
            case LOG -> log(x);
            case LOG1P -> log1p(x);
            case TANH -> tanh(x);
            case SIN -> trig(x, 0);
            case COS -> trig(x, 1);
            default -> throw new IllegalArgumentException(op + " has no float32 function here");
        };
    }

    /**
     * {@code o[oo + j] = apply(op, a[ao + j])} for {@code j < n}, through {@link Float32Simd}'s vector loop when
     * {@link #SIMD_PROP} is on and its gate is open (same bits), else element by element. {@code o} may be {@code a} at
     * the same offset.
     */
    static void apply(UnaryOp op, double[] o, int oo, double[] a, int ao, int n) {
        int gate = VectorWarmup.FLOAT32_FUNCTIONS + op.ordinal();
        if (SIMD && VectorWarmup.open(gate) && (o != a || oo == ao)) {
            long mark = VectorWarmup.mark(gate, n);
            Float32Simd.apply(op, o, oo, a, ao, n);
            VectorWarmup.check(gate, mark);
            return;
        }
        applyScalar(op, o, oo, a, ao, n);
    }

    /** {@link #apply(UnaryOp, double[], int, double[], int, int)} element by element (the reference of the vector loop). */
    static void applyScalar(UnaryOp op, double[] o, int oo, double[] a, int ao, int n) {
        switch (op) {
            case EXP -> {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = exp(a[ao + j]);
                }
            }
            case EXPM1 -> {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = expm1(a[ao + j]);
                }
            }
            case LOG -> {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = log(a[ao + j]);
                }
            }
            case LOG1P -> {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = log1p(a[ao + j]);
                }
            }
            case TANH -> {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = tanh(a[ao + j]);
                }
            }
            case SIN -> {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = trig(a[ao + j], 0);
                }
            }
            case COS -> {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = trig(a[ao + j], 1);
                }
            }
            default -> throw new IllegalArgumentException(op + " has no float32 function here");
        }
    }

    // ------------------------------------------------------------------ constants (shared with Float32Simd)

    /** {@code 1.5 * 2^52}: {@code (y + SHIFT) - SHIFT} is {@code y} rounded to an integer, which the low bits of {@code y + SHIFT} hold. */
    static final double SHIFT = 0x1.8p52;
    static final double LOG2E = 0x1.71547652b82fep0;
    /** fdlibm's {@code ln2_hi} (32 bits, so {@code k * LN2_HI} is exact) and {@code ln2_lo}. */
    static final double LN2_HI = 0x1.62e42feep-1;
    static final double LN2_LO = 0x1.a39ef35793c76p-33;
    static final double LN2 = 0x1.62e42fefa39efp-1;
    static final double EXP_MAX = 90;
    static final double EXP_MIN = -110;
    /** expm1(r) = r (1 + r (E2 + r (E3 + ... + r E12))), the Taylor coefficients 1/n!. */
    static final double E2 = 1.0 / 2;
    static final double E3 = 1.0 / 6;
    static final double E4 = 1.0 / 24;
    static final double E5 = 1.0 / 120;
    static final double E6 = 1.0 / 720;
    static final double E7 = 1.0 / 5040;
    static final double E8 = 1.0 / 40320;
    static final double E9 = 1.0 / 362880;
    static final double E10 = 1.0 / 3628800;
    static final double E11 = 1.0 / 39916800;
    static final double E12 = 1.0 / 479001600;
    static final long EXP_BIAS = 1023;

    /** The bits of {@code sqrt(1/2)}: log's mantissa is normalised into {@code [sqrt(1/2), sqrt(2))}. */
    static final long SQRT_HALF_BITS = 0x3fe6a09e667f3bcdL;
    static final long MANTISSA = 0x000fffffffffffffL;
    /** Added to {@code bits - SQRT_HALF_BITS} so that the exponent field is {@code k + 1024}, never negative for a positive float. */
    static final long EXPONENT_OFFSET = 1024L << 52;
    /** {@code 2^52}'s bits: OR-ed with a small integer {@code j} they are the double {@code 2^52 + j}. */
    static final long TWO52_BITS = 0x4330000000000000L;
    static final double TWO52_PLUS_OFFSET = 0x1p52 + 1024;
    /** log(m) = s (2 + z (L3 + z (L5 + ... + z L17))), z = s^2: the series of 2 atanh(s), coefficients 2/n. */
    static final double L3 = 2.0 / 3;
    static final double L5 = 2.0 / 5;
    static final double L7 = 2.0 / 7;
    static final double L9 = 2.0 / 9;
    static final double L11 = 2.0 / 11;
    static final double L13 = 2.0 / 13;
    static final double L15 = 2.0 / 15;
    static final double L17 = 2.0 / 17;
    static final double LOG1P_TINY = 0x1p-29;

    static final double TANH_MAX = 20;

    static final double TWO_OVER_PI = 0x1.45f306dc9c883p-1;
    /** fdlibm's pio2_1 (33 bits), pio2_2 (33 bits) and pio2_2t: their sum is pi/2 to about 2^-120. */
    static final double PIO2_1 = 0x1.921fb544p0;
    static final double PIO2_2 = 0x1.0b4611a6p-34;
    static final double PIO2_2T = 0x1.3198a2e037073p-69;
    /** Above this, sin and cos take {@code Math.sin}/{@code Math.cos} (k pi/2 with k up to 2^19 keeps k * PIO2_1 exact). */
    static final double TRIG_MAX = 0x1p19;
    static final double S3 = -1.0 / 6;
    static final double S5 = 1.0 / 120;
    static final double S7 = -1.0 / 5040;
    static final double S9 = 1.0 / 362880;
    static final double S11 = -1.0 / 39916800;
    static final double S13 = 1.0 / 6227020800.0;
    static final double S15 = -1.0 / 1307674368000.0;
    static final double C2 = -1.0 / 2;
    static final double C4 = 1.0 / 24;
    static final double C6 = -1.0 / 720;
    static final double C8 = 1.0 / 40320;
    static final double C10 = -1.0 / 3628800;
    static final double C12 = 1.0 / 479001600;
    static final double C14 = -1.0 / 87178291200.0;
    static final double C16 = 1.0 / 20922789888000.0;
    static final long SIGN = 0x8000000000000000L;
    /** The NaN of an invalid operation on x86 (sign bit set), which {@code Math.log} of a negative number and NumPy give (a NaN operand is passed on as it is). */
    static final double INVALID = Double.longBitsToDouble(0xfff8000000000000L);

    // ------------------------------------------------------------------ the functions

    /**
     * expm1(r) for {@code |r| <= ln2/2} (slightly more after rounding): {@code r q(r)}, {@code q(r) = 1 + E2 r + ... + E12 r^11}
     * by Estrin's scheme (pairs, then pairs of pairs with {@code r^2}, {@code r^4}, {@code r^8}): six dependent steps
     * where Horner's rule has twelve (a float32 power tried as {@code exp(y log x)} ran 8.4 ns an element
     * in the vector form with Horner's rule, 6.7 with Estrin's).
     */
    static double expm1Poly(double r) {
        double r2 = r * r;
        double r4 = r2 * r2;
        double r8 = r4 * r4;
        double b0 = Math.fma(r2, Math.fma(r, E4, E3), Math.fma(r, E2, 1.0));
        double b1 = Math.fma(r2, Math.fma(r, E8, E7), Math.fma(r, E6, E5));
        double b2 = Math.fma(r2, Math.fma(r, E12, E11), Math.fma(r, E10, E9));
        return r * Math.fma(r8, b2, Math.fma(r4, b1, b0));
    }

    /** log(m) = s p(z): {@code p(z) = 2 + L3 z + L5 z^2 + ... + L17 z^8} by Estrin's scheme. */
    static double logPoly(double z) {
        double z2 = z * z;
        double z4 = z2 * z2;
        double b0 = Math.fma(z2, Math.fma(z, L7, L5), Math.fma(z, L3, 2.0));
        double b1 = Math.fma(z2, Math.fma(z, L15, L13), Math.fma(z, L11, L9));
        return Math.fma(z4 * z4, L17, Math.fma(z4, b1, b0));
    }

    /** sin(r) = r + r z ps(z): {@code ps(z) = S3 + S5 z + ... + S15 z^6} by Estrin's scheme. */
    static double sinPoly(double z) {
        double z2 = z * z;
        double b0 = Math.fma(z2, Math.fma(z, S9, S7), Math.fma(z, S5, S3));
        double b1 = Math.fma(z2, S15, Math.fma(z, S13, S11));
        return Math.fma(z2 * z2, b1, b0);
    }

    /** cos(r) = 1 + z pc(z): {@code pc(z) = C2 + C4 z + ... + C16 z^7} by Estrin's scheme. */
    static double cosPoly(double z) {
        double z2 = z * z;
        double b0 = Math.fma(z2, Math.fma(z, C8, C6), Math.fma(z, C4, C2));
        double b1 = Math.fma(z2, Math.fma(z, C16, C14), Math.fma(z, C12, C10));
        return Math.fma(z2 * z2, b1, b0);
    }

    /**
     * {@code x} clamped to {@code [EXP_MIN, EXP_MAX]}, a NaN passed on: the values of {@code Math.max(Math.min(x, EXP_MAX),
     * EXP_MIN)} (the vector loops' min and max), without {@code Math.min}'s handling of zeros' signs, slow in JDK 17.
     */
    static double clampExp(double x) {
        // a NaN goes on into the polynomial and its fused multiply-adds, whose NaN results are not one value: the
        // hardware instruction passes an operand's NaN on (its sign included), Math.fma's Java form (the
        // interpreter's, where JDK 17 does not intrinsify it) returns Double.NaN; so exp, expm1 and tanh select their
        // NaN argument itself at the end, as log does
        return x > EXP_MAX ? EXP_MAX : x < EXP_MIN ? EXP_MIN : x;
    }

    /**
     * The approximation {@code exp(y log x)} of float32 {@code power} ({@link #powF}), for {@code x > 0} finite and
     * {@code y} finite: this class's {@link #log} and {@link #exp} in double, relative error below 2^-42 for every
     * result a float can hold ({@code |y log x| <= 110}: the log's relative error about 2^-50 times {@code |y log x|},
     * plus the exp's 2^-51), so within {@link #POW_AMBIGUITY} of the exact {@code x^y}.
     */
    static double powCore(double x, double y) {
        return exp(y * logCore(x));
    }

    /**
     * Relative distance ({@code 2^-36}) around {@link #powCore}'s approximation within which {@link #powF} does not
     * trust its rounding to float: at least 64 times its error bound, and a fraction of about {@code 2^-12} of
     * all results (those that lie near a midpoint of two floats) goes to {@code Math.pow}.
     */
    static final double POW_AMBIGUITY = 0x1p-36;

    /**
     * {@code (float) ScalarMath.pow(a, b)} of float values {@code a}, {@code b} (held as doubles), given {@code r =
     * powCore(a, b)}: where {@code a > 0} and both are finite and {@code r} widened by {@link #POW_AMBIGUITY} either way
     * rounds to one float (for normal floats: {@code r} lies at least 2^16 double ulps from a midpoint of two floats),
     * that float (the exact power lies in that interval, so it rounds to the same float as
     * {@code Math.pow}'s double, which is within one ulp of it); else {@code Math.pow} itself (zeros, negatives, the
     * special values, and results that lie near a midpoint of two floats, such as {@code 4097^2}). So the result has
     * the bits of float32 {@code power} everywhere else in Cohort.
     */
    static float powF(double a, double b, double r) {
        if (a > 0 && a < Double.POSITIVE_INFINITY && Math.abs(b) < Double.POSITIVE_INFINITY) {
            long bits = Double.doubleToRawLongBits(r);
            long e = bits >>> 52;
            if (e >= NORMAL_FLOAT_EXP && e <= MAX_FLOAT_EXP) {
                // a normal float: r's 29 bits below the float's mantissa decide its rounding, a midpoint is 1 then 28
                // zeros; 2^16 double ulps from it is 2^-36 to 2^-37 of r (one conversion instead of two)
                if (Math.abs((bits & 0x1FFF_FFFFL) - 0x1000_0000L) > 0x1_0000L) {
                    return (float) r;
                }
            } else {
                float lo = (float) (r - r * POW_AMBIGUITY);
                float hi = (float) (r + r * POW_AMBIGUITY);
                if (lo == hi) {
                    return lo;
                }
            }
        }
        return (float) ScalarMath.pow(a, b);
    }

    /** The biased double exponents of the normal floats' binades: {@code 2^-126} to {@code 2^127}. */
    static final long NORMAL_FLOAT_EXP = 1023 - 126;
    static final long MAX_FLOAT_EXP = 1023 + 127;

    /**
     * {@code o[oo + j] = powF(a[ao + j], b[bo + j], ...)} for {@code j < n} (float32 {@code power} over widened floats,
     * the results float values held as doubles): the approximations from {@link Float32Simd#powCore} where
     * {@link #SIMD_PROP} is on and its gate is open, else from {@link #powCore}; {@code o} may be {@code a} or
     * {@code b} at the same offset. Same bits either way ({@link #powF}).
     */
    static void pow(double[] o, int oo, double[] a, int ao, double[] b, int bo, int n) {
        double[] r = POW_BUFFER.get();
        for (int c = 0; c < n; c += r.length) {
            int m = Math.min(r.length, n - c);
            int gate = VectorWarmup.FLOAT32_POW;
            if (SIMD && VectorWarmup.open(gate)) {
                long mark = VectorWarmup.mark(gate, m);
                Float32Simd.powCore(r, 0, a, ao + c, b, bo + c, m);
                VectorWarmup.check(gate, mark);
            } else {
                for (int j = 0; j < m; j++) {
                    r[j] = powCore(a[ao + c + j], b[bo + c + j]);
                }
            }
            int round = VectorWarmup.FLOAT32_ROUND_POW;
            if (SIMD && VectorWarmup.open(round)) {
                long mark = VectorWarmup.mark(round, m);
                Float32Simd.roundPow(r, a, ao + c, b, bo + c, m);
                VectorWarmup.check(round, mark);
                System.arraycopy(r, 0, o, oo + c, m);
            } else {
                for (int j = 0; j < m; j++) {
                    o[oo + c + j] = powF(a[ao + c + j], b[bo + c + j], r[j]);
                }
            }
        }
    }

    /** {@link #pow}'s approximations, per thread. */
    private static final ThreadLocal<double[]> POW_BUFFER = ThreadLocal.withInitial(() -> new double[Scratch.WIDEN]);

    static double exp(double x) {
        double xc = clampExp(x);
        double t = Math.fma(xc, LOG2E, SHIFT);
        double k = t - SHIFT;
        double r = Math.fma(-k, LN2_LO, Math.fma(-k, LN2_HI, xc));
        double p = expm1Poly(r);
        double scale = Double.longBitsToDouble((Double.doubleToRawLongBits(t) + EXP_BIAS) << 52);
        double res = Math.fma(scale, p, scale);
        return x != x ? x : res;
    }

    static double expm1(double x) {
        double res = expm1Clamped(clampExp(x));
        res = x == 0 ? x : res;
        return x != x ? x : res;
    }

    /** expm1 of an argument already in {@code [EXP_MIN, EXP_MAX]} (or NaN); the sign of a zero is not kept. */
    static double expm1Clamped(double xc) {
        double t = Math.fma(xc, LOG2E, SHIFT);
        double k = t - SHIFT;
        double r = Math.fma(-k, LN2_LO, Math.fma(-k, LN2_HI, xc));
        double p = expm1Poly(r);
        double scale = Double.longBitsToDouble((Double.doubleToRawLongBits(t) + EXP_BIAS) << 52);
        return Math.fma(scale, p, scale - 1.0);
    }

    static double log(double x) {
        double res = logCore(x);
        res = x >= 0 ? res : INVALID;
        res = x == 0 ? Double.NEGATIVE_INFINITY : res;
        res = x == Double.POSITIVE_INFINITY ? x : res;
        return x != x ? x : res;
    }

    /** log(x) for a positive finite {@code x} (other values give meaningless results: {@link #log} selects those). */
    static double logCore(double x) {
        long u = Double.doubleToRawLongBits(x) - SQRT_HALF_BITS + EXPONENT_OFFSET;
        double k = Double.longBitsToDouble(TWO52_BITS | (u >>> 52)) - TWO52_PLUS_OFFSET;
        double m = Double.longBitsToDouble((u & MANTISSA) + SQRT_HALF_BITS);
        double f = m - 1.0;
        double s = f / (2.0 + f);
        double z = s * s;
        return Math.fma(s, logPoly(z), k * LN2);
    }

    static double log1p(double x) {
        double small = x - 0.5 * x * x;
        double res = log(1.0 + x);
        return Math.abs(x) < LOG1P_TINY ? small : res;
    }

    static double tanh(double x) {
        double a = Math.abs(x);
        a = a > TANH_MAX ? TANH_MAX : a;
        double e = expm1Clamped(a + a);
        double t = e / (e + 2.0);
        double res = Double.longBitsToDouble(Double.doubleToRawLongBits(t) | (Double.doubleToRawLongBits(x) & SIGN));
        return x != x ? x : res;
    }

    /** sin ({@code quadrant} 0) or cos (1). */
    static double trig(double x, long quadrant) {
        if (!(Math.abs(x) <= TRIG_MAX)) {
            return quadrant == 0 ? Math.sin(x) : Math.cos(x);
        }
        double t = Math.fma(x, TWO_OVER_PI, SHIFT);
        double k = t - SHIFT;
        double r = Math.fma(-k, PIO2_2T, Math.fma(-k, PIO2_2, Math.fma(-k, PIO2_1, x)));
        long q = Double.doubleToRawLongBits(t) + quadrant;
        double z = r * r;
        double s = Math.fma(r * z, sinPoly(z), r);
        double c = Math.fma(z, cosPoly(z), 1.0);
        double v = (q & 1) == 0 ? s : c;
        double res = Double.longBitsToDouble(Double.doubleToRawLongBits(v) ^ ((q & 2) << 62));
        // sin(-0.0) is -0.0 (the polynomial's r + r z p adds +0.0 to it)
        return quadrant == 0 && x == 0 ? x : res;
    }
}
