package dev.cohort.tasks;

/**
 * The float64 loops of NumPy's {@code exp}, {@code log}, {@code log1p} and {@code tanh}: fdlibm's algorithms
 * ({@code e_exp.c}, {@code e_log.c}, {@code s_log1p.c}, {@code s_tanh.c}, the C library {@link StrictMath} calls),
 * written without branches on the value, so that {@link Float64Simd} runs the same operations four lanes at a time and
 * every path gives {@link StrictMath}'s bits ({@code log1p}'s and {@code tanh}'s scalar code is {@link Fdlibm}'s, their
 * lanes are {@link Float64Simd}'s).
 *
 * <p><b>Why.</b> These were {@code Math.exp} and {@code Math.log}: HotSpot intrinsics, one element at a time (4.3 and
 * 5.9 ns an element here, AMD EPYC, JDK 17), while NumPy's float64 loops are SIMD (AVX-512 here): the op-mix suite
 * measured {@code exp} and {@code log} of 1e3 float64 at 5.3x NumPy, and of 1e7 at 1.1-1.5x (int inputs, which
 * compute in float64, too). The vector loops take 2.6 ns ({@code exp}) and 2.8 ns ({@code log}) an element on 1 000
 * elements in L1 (a scratch probe beside {@code Math.exp}/{@code Math.log} in one JVM); the scalar twins, which run
 * the tails and the paths that see one element at a time, 7 ns (every case of fdlibm computed, then selected).
 *
 * <p><b>Bits.</b> {@code Float64FunctionsTest} checks the scalar functions against {@link StrictMath} on millions of
 * doubles of every binade, the thresholds and the special values, and the vector loops against the scalar functions
 * on every lane, compiled and interpreted. So a result is within one ulp of the exact value (fdlibm's bound), may
 * differ in the last bit from {@code Math.exp}/{@code Math.log} (the intrinsics, also within one ulp), and is the
 * same on every path, tiling and shard count. Special values are NumPy's: {@code exp(NaN) = NaN},
 * {@code exp(+inf) = +inf}, {@code exp(-inf) = 0}, {@code +inf} above 709.78, 0 below -745.13; {@code log(0) = -inf},
 * {@code log(x < 0) = NaN} (the invalid operation's NaN, sign bit set, as NumPy gives it), {@code log(+inf) = +inf}.
 *
 * <p><b>One definition.</b> Every path that computes float64 {@code exp} or {@code log} calls this class: the dense
 * loops ({@code Loops.unaryD}, which the eager, launched, strided and fused paths share) and the scalar code
 * ({@code ScalarMath.unaryD}). The vector loops do the scalar code's operations in its order (Java never contracts
 * {@code a * b + c} into a fused multiply-add), with a blend wherever the scalar code takes a ternary.
 *
 * <p><b>How fdlibm's branches become selections.</b> exp: {@code k = (int) (x / ln2 +- 0.5)} (truncated: rounded with
 * the {@code 1.5 * 2^52} shift, then stepped back towards zero where that rounded away), 0 where the high word of
 * {@code |x|} is at most {@code 0.5 ln2}'s (then {@code hi = x}, {@code lo = 0}, and fdlibm's {@code k == 0} formula
 * is the general one with those); {@code 2^k} added to the exponent field, through {@code 2^-1000} below
 * {@code 2^-1021}; {@code 1 + x} for {@code |x| < 2^-28}; the thresholds, infinities and NaN last. log: {@code x = 2^k m}
 * by fdlibm's split of the mantissa's high word at {@code 0x6a09c} (subnormals scaled by {@code 2^54} first), and
 * fdlibm's three forms ({@code |f| < 2^-20}, the {@code f^2/2} form for the high word in {@code [0x6147a, 0x6b851]},
 * the other) all computed and one selected; zero, negatives, infinity and NaN last.
 */
final class Float64Functions {
    private Float64Functions() {
    }

    /**
     * Whether the vector loops run (once their gates are open): as the float32 functions' ({@link Float32Functions#SIMD}:
     * the Vector API present, and a JVM whose C2 compiles such loops), and not turned off by
     * {@code -Dcohort.simd.float64=false}. Either way the bits are the same.
     */
    static final boolean SIMD = Float32Functions.SIMD && Boolean.parseBoolean(System.getProperty("cohort.simd.float64", "true"));

    /** Whether {@code op}'s float64 loop is defined here. */
    static boolean covers(UnaryOp op) {
        return op == UnaryOp.EXP || op == UnaryOp.LOG || op == UnaryOp.LOG1P || op == UnaryOp.TANH;
    }

    /** {@code op(x)} for a covered op ({@link #covers}). */
    static double apply(UnaryOp op, double x) {
        return switch (op) {
            case EXP -> exp(x);
            case LOG -> log(x);
            case LOG1P -> Fdlibm.log1p(x);
            case TANH -> Fdlibm.tanh(x);
            default -> throw new IllegalArgumentException(op + " has no float64 function here");
        };
    }

    /** The vector loop's gate of a covered op ({@link VectorWarmup#FLOAT64_FUNCTIONS}). */
    static int gate(UnaryOp op) {
        return VectorWarmup.FLOAT64_FUNCTIONS + switch (op) {
            case EXP -> 0;
            case LOG -> 1;
            case LOG1P -> 2;
            default -> 3;
        };
    }

    /**
     * {@code o[oo + j] = apply(op, a[ao + j])} for {@code j < n}: through {@link Float64Simd}'s vector loop where it runs
     * ({@link #SIMD}) and its gate is open (same bits), else element by element. {@code o} may be {@code a} at the same
     * offset.
     */
    static void apply(UnaryOp op, double[] o, int oo, double[] a, int ao, int n) {
        int gate = gate(op);
        if (SIMD && n >= 8 && VectorWarmup.open(gate) && (o != a || oo == ao)) {
            long mark = VectorWarmup.mark(gate, n);
            Float64Simd.apply(op, o, oo, a, ao, n);
            VectorWarmup.check(gate, mark);
            return;
        }
        applyScalar(op, o, oo, a, ao, n);
    }

    /** {@link #apply(UnaryOp, double[], int, double[], int, int)} element by element (the reference of the vector loops). */
    static void applyScalar(UnaryOp op, double[] o, int oo, double[] a, int ao, int n) {
        if (op == UnaryOp.EXP) {
            for (int j = 0; j < n; j++) {
                o[oo + j] = exp(a[ao + j]);
            }
        } else if (op == UnaryOp.LOG) {
            for (int j = 0; j < n; j++) {
                o[oo + j] = log(a[ao + j]);
            }
        } else if (op == UnaryOp.LOG1P) {
            for (int j = 0; j < n; j++) {
                o[oo + j] = Fdlibm.log1p(a[ao + j]);
            }
        } else if (op == UnaryOp.TANH) {
            for (int j = 0; j < n; j++) {
                o[oo + j] = Fdlibm.tanh(a[ao + j]);
            }
        } else {
            throw new IllegalArgumentException(op + " has no float64 function here");
        }
    }

    // ------------------------------------------------------------------ constants (shared with Float64Simd)

    /** {@code 1.5 * 2^52}: {@code (y + SHIFT) - SHIFT} is {@code y} rounded to an integer, which the low bits of {@code y + SHIFT} hold. */
    static final double SHIFT = 0x1.8p52;
    static final long SHIFT_BITS = Double.doubleToRawLongBits(SHIFT);
    /** fdlibm's {@code ln2_hi} (its low 32 bits zero: {@code k * LN2_HI} is exact) and {@code ln2_lo}. */
    static final double LN2_HI = 6.93147180369123816490e-01;
    static final double LN2_LO = 1.90821492927058770002e-10;

    /** exp's {@code 1 / ln2}, and its thresholds: above {@code O_THRESHOLD} the result overflows, below {@code U_THRESHOLD} it is 0. */
    static final double INV_LN2 = 1.44269504088896338700e+00;
    static final double O_THRESHOLD = 7.09782712893383973096e+02;
    static final double U_THRESHOLD = -7.45133219101941108420e+02;
    /** High words of {@code |x|} (sign cleared) at which exp changes method: {@code 0.5 ln2}, {@code 2^-28}. */
    static final long HALF_LN2_HX = 0x3fd62e42L;
    static final long TINY_HX = 0x3e300000L;
    /**
     * The same tests on {@code |x|}'s value, for the vector loops (which compare doubles only: see {@link Float64Simd}):
     * {@code hx <= HALF_LN2_HX} is {@code |x| < HALF_LN2_BOUND}, {@code hx < TINY_HX} is {@code |x| < TINY_BOUND}.
     */
    static final double HALF_LN2_BOUND = Double.longBitsToDouble((HALF_LN2_HX + 1) << 32);
    static final double TINY_BOUND = Double.longBitsToDouble(TINY_HX << 32);
    /** exp's polynomial {@code c = r - r^2 (P1 + r^2 (P2 + ... + r^2 P5))} (e_exp.c). */
    static final double P1 = 1.66666666666666019037e-01;
    static final double P2 = -2.77777777770155933842e-03;
    static final double P3 = 6.61375632143793436117e-05;
    static final double P4 = -1.65339022054652515390e-06;
    static final double P5 = 4.13813679705723846039e-08;
    /** {@code 2^-1000}: a result below {@code 2^-1021} is scaled through it (one rounding, the last). */
    static final double TWO_M1000 = 0x1p-1000;

    /** The smallest normal double; a smaller positive argument of log is scaled by {@link #TWO54} first. */
    static final double TWO54 = 0x1p54;
    /**
     * The bits of {@code 2^-1 (1 + 0x6a09c / 2^20)}: log's {@code x = 2^k m} puts {@code m} in {@code [sqrt(1/2), sqrt(2))}
     * by the high word of the mantissa as fdlibm does ({@code (hx + 0x95f64) & 0x100000}), {@code m = (bits - SPLIT &
     * MANTISSA) + SPLIT}.
     */
    static final long LOG_SPLIT_BITS = 0x3fe6a09c00000000L;
    static final long MANTISSA = 0x000fffffffffffffL;
    /** Added to {@code bits - LOG_SPLIT_BITS} so that the exponent field is {@code k + 1024}, never negative for a positive double. */
    static final long EXPONENT_OFFSET = 1024L << 52;
    /** {@code 2^52}'s bits: OR-ed with a small integer {@code j} they are the double {@code 2^52 + j}. */
    static final long TWO52_BITS = 0x4330000000000000L;
    static final double TWO52_PLUS_OFFSET = 0x1p52 + 1024;
    /** log's ranges of the mantissa's high word {@code hx}: fdlibm's {@code f^2/2} form in {@code [0x6147a, 0x6b851]}, its |f| < 2^-20 form where {@code (hx + 2) & 0xfffff < 3}. */
    static final long HFSQ_LO = 0x6147aL;
    static final long HFSQ_HI = 0x6b851L;
    /**
     * The same tests on the mantissa {@code m1} in {@code [1, 2)} (the value {@code 1 + hx 2^-20 + ...}), for the vector
     * loops: {@code HFSQ_LO <= hx <= HFSQ_HI} is {@code HFSQ_LO_M <= m1 < HFSQ_END_M}; {@code (hx + 2) & 0xfffff < 3}
     * ({@code hx} 0, {@code 0xffffe} or {@code 0xfffff}) is {@code m1 < NEAR_ONE_END_M || m1 >= NEAR_TWO_M}.
     */
    static final long ONE_BITS = 0x3ff0000000000000L;
    static final double HFSQ_LO_M = Double.longBitsToDouble(ONE_BITS | HFSQ_LO << 32);
    static final double HFSQ_END_M = Double.longBitsToDouble(ONE_BITS | (HFSQ_HI + 1) << 32);
    static final double NEAR_ONE_END_M = Double.longBitsToDouble(ONE_BITS | 1L << 32);
    static final double NEAR_TWO_M = Double.longBitsToDouble(ONE_BITS | 0xffffeL << 32);
    /** log's polynomial {@code R(z) = z (Lg1 + z (Lg2 + ... + z Lg7))} (e_log.c; the same as log1p's {@code Lp1..Lp7}). */
    static final double LG1 = 6.666666666666735130e-01;
    static final double LG2 = 3.999999999940941908e-01;
    static final double LG3 = 2.857142874366239149e-01;
    static final double LG4 = 2.222219843214978396e-01;
    static final double LG5 = 1.818357216161805012e-01;
    static final double LG6 = 1.531383769920937332e-01;
    static final double LG7 = 1.479819860511658591e-01;
    static final double THIRD = 0.33333333333333333;
    /**
     * log1p's tests of the high word {@code hx} (s_log1p.c), as bounds on values for the vector loop: {@code hx <
     * 0x3FDA827A} ({@code x < 0.41422}, or negative) is {@code x < LP_FIRST}; {@code hx > 0} (positive, high word at
     * least 1) {@code x >= LP_POS_MIN}; {@code hx <= 0xbfd2bec3} (negative, {@code |x| <= 0.2929} by the high word)
     * {@code x < 0 && |x| < LP_NEG}; {@code hx >= 0x43400000} {@code x >= 2^53}; {@code u}'s mantissa high word at least
     * {@code 0x6a09e} {@code u1 >= LP_HALVE_M} (the mantissa in {@code [1, 2)}), and {@code (0x100000 - hu) >> 2 == 0}
     * {@code u1 >= LP_HALVED_ZERO_M}.
     */
    static final double LP_FIRST = Double.longBitsToDouble(0x3FDA827AL << 32);
    static final double LP_POS_MIN = Double.longBitsToDouble(1L << 32);
    static final double LP_NEG = Double.longBitsToDouble(0x3fd2bec4L << 32);
    static final double LP_BIG = 0x1p53;
    static final double LP_HALVE_M = Double.longBitsToDouble(0x3ff0000000000000L | 0x6a09eL << 32);
    static final double LP_HALVED_ZERO_M = Double.longBitsToDouble(0x3ff0000000000000L | 0xffffdL << 32);
    /** {@code 2^52 + 1023}: {@code (2^52 | e) - TWO52_PLUS_1023} is the unbiased exponent {@code e - 1023} as a double. */
    static final double TWO52_PLUS_1023 = 0x1p52 + 1023;
    /** log1p's {@code 2/3} of the {@code |f| < 2^-20} form. */
    static final double TWO3 = 0.66666666666666666;

    // ------------------------------------------------------------------ the functions

    /**
     * {@code e^x}: fdlibm's {@code e_exp.c}, so {@link StrictMath#exp}'s bits. Written without branches on the value
     * (every case computed, the answer selected), as {@link Float64Simd}'s lanes compute it.
     */
    static double exp(double x) {
        long bits = Double.doubleToRawLongBits(x);
        long hx = (bits >>> 32) & 0x7fffffffL;
        // k = (int) (x / ln2 +- 0.5), truncated towards zero; 0 where |x| <= 0.5 ln2 (by the high word)
        double v = x * INV_LN2 + (bits < 0 ? -0.5 : 0.5);
        double rn = (v + SHIFT) - SHIFT;
        double kd = v > 0 ? (rn > v ? rn - 1.0 : rn) : (rn < v ? rn + 1.0 : rn);
        kd = hx > HALF_LN2_HX ? kd : 0.0;
        double hi = x - kd * LN2_HI;
        double lo = kd * LN2_LO;
        double r = hi - lo;
        double t = r * r;
        double c = r - t * (P1 + t * (P2 + t * (P3 + t * (P4 + t * P5))));
        double y = 1.0 - ((lo - (r * c) / (2.0 - c)) - hi);
        long k = Double.doubleToRawLongBits(kd + SHIFT) - SHIFT_BITS;
        boolean deep = k < -1021;
        long kk = deep ? k + 1000 : k;
        double e = Double.longBitsToDouble(Double.doubleToRawLongBits(y) + (kk << 52)) * (deep ? TWO_M1000 : 1.0);
        e = hx < TINY_HX ? 1.0 + x : e;
        e = x > O_THRESHOLD ? Double.POSITIVE_INFINITY : e;
        e = x < U_THRESHOLD ? 0.0 : e;
        return x != x ? x + x : e;
    }

    /**
     * {@code ln x}: fdlibm's {@code e_log.c}, so {@link StrictMath#log}'s bits (a negative argument's NaN is the invalid
     * operation's, sign bit set). Without branches on the value, as {@link Float64Simd}'s lanes compute it.
     */
    static double log(double x) {
        boolean sub = x < Double.MIN_NORMAL;
        double xs = sub ? x * TWO54 : x;
        long bits = Double.doubleToRawLongBits(xs);
        long hx = (bits >>> 32) & 0xfffffL;
        long ul = bits - LOG_SPLIT_BITS + EXPONENT_OFFSET;
        double k = Double.longBitsToDouble((ul >>> 52) | TWO52_BITS) - TWO52_PLUS_OFFSET;
        k = sub ? k - 54.0 : k;
        double f = Double.longBitsToDouble((ul & MANTISSA) + LOG_SPLIT_BITS) - 1.0;
        double s = f / (2.0 + f);
        double z = s * s;
        double w = z * z;
        double t1 = w * (LG2 + w * (LG4 + w * LG6));
        double t2 = z * (LG1 + w * (LG3 + w * (LG5 + w * LG7)));
        double rr = t2 + t1;
        double hfsq = 0.5 * f * f;
        double general = hx >= HFSQ_LO && hx <= HFSQ_HI
                ? k * LN2_HI - ((hfsq - (s * (hfsq + rr) + k * LN2_LO)) - f)
                : k * LN2_HI - ((s * (f - rr) - k * LN2_LO) - f);
        double rt = f * f * (0.5 - THIRD * f);
        double small = k * LN2_HI - ((rt - k * LN2_LO) - f);
        double lg = ((hx + 2) & 0xfffffL) < 3 ? small : general;
        lg = x > 0.0 ? lg : x == 0.0 ? Double.NEGATIVE_INFINITY : Float32Functions.INVALID;
        lg = x == Double.POSITIVE_INFINITY ? x : lg;
        return x != x ? x + x : lg;
    }
}
