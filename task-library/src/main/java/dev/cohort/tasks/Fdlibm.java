package dev.cohort.tasks;

/**
 * {@code tanh}, {@code expm1} and {@code log1p} in Java, following fdlibm 5.3's algorithms (the C library JDK 17's
 * {@link StrictMath} calls for them through JNI, and that {@link Math} delegates to), so that every result has the
 * bits {@code StrictMath} gives ({@code FdlibmTest} checks millions of arguments of every range bit for bit).
 *
 * <p><b>Why.</b> On JDK 17 these three are native calls: measured in the op-mix suite, NumPy's {@code tanh} of 1e3
 * float64 took 2.2 us against Cohort's 21 us, about 20 ns an element, most of it the JNI transition. In Java, C2
 * compiles them into the element loop. (JDK 21 made the same move, JDK-8301202 and its siblings.)
 *
 * <p>The word manipulations of the C code (high and low 32-bit halves of a double) are spelt with
 * {@link Double#doubleToRawLongBits} and {@link Double#longBitsToDouble}.
 */
final class Fdlibm {
    private Fdlibm() {
    }

    private static final double HUGE = 1.0e+300;
    static final double TINY = 1.0e-300;
    private static final double O_THRESHOLD = 7.09782712893383973096e+02;
    private static final double LN2_HI = 6.93147180369123816490e-01;
    private static final double LN2_LO = 1.90821492927058770002e-10;
    private static final double INV_LN2 = 1.44269504088896338700e+00;
    // expm1's rational approximation on [-0.5 ln2, 0.5 ln2]
    static final double Q1 = -3.33333333333331316428e-02;
    static final double Q2 = 1.58730158725481460165e-03;
    static final double Q3 = -7.93650757867487942473e-05;
    static final double Q4 = 4.00821782732936239552e-06;
    static final double Q5 = -2.01099218183624371326e-07;
    // log1p's polynomial in s = f / (2 + f)
    private static final double TWO54 = 1.80143985094819840000e+16;
    private static final double LP1 = 6.666666666666735130e-01;
    private static final double LP2 = 3.999999999940941908e-01;
    private static final double LP3 = 2.857142874366239149e-01;
    private static final double LP4 = 2.222219843214978396e-01;
    private static final double LP5 = 1.818357216161805012e-01;
    private static final double LP6 = 1.531383769920937332e-01;
    private static final double LP7 = 1.479819860511658591e-01;

    private static int hi(double x) {
        return (int) (Double.doubleToRawLongBits(x) >>> 32);
    }

    private static int lo(double x) {
        return (int) Double.doubleToRawLongBits(x);
    }

    /** {@code x} with its high word replaced by {@code hi}. */
    private static double withHi(double x, int hi) {
        return Double.longBitsToDouble(((long) hi << 32) | (Double.doubleToRawLongBits(x) & 0xFFFF_FFFFL));
    }

    /** The hyperbolic tangent: {@link StrictMath#tanh}'s bits. */
    static double tanh(double x) {
        int jx = hi(x);
        int ix = jx & 0x7fffffff;
        if (ix >= 0x7ff00000) {
            // tanh(+-inf) = +-1, tanh(NaN) = NaN
            return jx >= 0 ? 1.0 / x + 1.0 : 1.0 / x - 1.0;
        }
        double z;
        if (ix < 0x40360000) {                 // |x| < 22
            if (ix < 0x3c800000) {             // |x| < 2^-55
                return x * (1.0 + x);
            }
            if (ix >= 0x3ff00000) {            // |x| >= 1
                double t = expm1(2.0 * Math.abs(x));
                z = 1.0 - 2.0 / (t + 2.0);
            } else {
                double t = expm1(-2.0 * Math.abs(x));
                z = -t / (t + 2.0);
            }
        } else {
            z = 1.0 - TINY;                    // |x| >= 22: +-1
        }
        return jx >= 0 ? z : -z;
    }

    /** {@code exp(x) - 1}, accurate near 0: {@link StrictMath#expm1}'s bits. */
    static double expm1(double x) {
        int hx = hi(x);
        boolean negative = hx < 0;
        hx &= 0x7fffffff;                      // high word of |x|
        if (hx >= 0x4043687A) {                // |x| >= 56 ln2
            if (hx >= 0x40862E42) {            // |x| >= 709.78...
                if (hx >= 0x7ff00000) {
                    if (((hx & 0xfffff) | lo(x)) != 0) {
                        return x + x;          // NaN
                    }
                    return negative ? -1.0 : x;
                }
                if (x > O_THRESHOLD) {
                    return HUGE * HUGE;        // overflow
                }
            }
            if (negative && x + TINY < 0.0) {  // x < -56 ln2
                return TINY - 1.0;
            }
        }
        double hi;
        double lo;
        double c = 0;
        int k;
        if (hx > 0x3fd62e42) {                 // |x| > 0.5 ln2
            if (hx < 0x3FF0A2B2) {             // and |x| < 1.5 ln2
                if (!negative) {
                    hi = x - LN2_HI;
                    lo = LN2_LO;
                    k = 1;
                } else {
                    hi = x + LN2_HI;
                    lo = -LN2_LO;
                    k = -1;
                }
            } else {
                k = (int) (INV_LN2 * x + (negative ? -0.5 : 0.5));
                double t = k;
                hi = x - t * LN2_HI;           // exact here
                lo = t * LN2_LO;
            }
            x = hi - lo;
            c = (hi - x) - lo;
        } else if (hx < 0x3c900000) {          // |x| < 2^-54: x
            double t = HUGE + x;
            return x - (t - (HUGE + x));
        } else {
            k = 0;
        }
        // x is now in the primary range
        double hfx = 0.5 * x;
        double hxs = x * hfx;
        double r1 = 1.0 + hxs * (Q1 + hxs * (Q2 + hxs * (Q3 + hxs * (Q4 + hxs * Q5))));
        double t = 3.0 - r1 * hfx;
        double e = hxs * ((r1 - t) / (6.0 - x * t));
        if (k == 0) {
            return x - (x * e - hxs);
        }
        e = x * (e - c) - c;
        e -= hxs;
        if (k == -1) {
            return 0.5 * (x - e) - 0.5;
        }
        if (k == 1) {
            if (x < -0.25) {
                return -2.0 * (e - (x + 0.5));
            }
            return 1.0 + 2.0 * (x - e);
        }
        double y;
        if (k <= -2 || k > 56) {               // exp(x) - 1 by exp(x)
            y = 1.0 - (e - x);
            y = withHi(y, hi(y) + (k << 20));  // add k to y's exponent
            return y - 1.0;
        }
        if (k < 20) {
            double t1 = withHi(1.0, 0x3ff00000 - (0x200000 >> k));   // 1 - 2^-k
            y = t1 - (e - x);
            y = withHi(y, hi(y) + (k << 20));
        } else {
            double t1 = withHi(1.0, (0x3ff - k) << 20);              // 2^-k
            y = x - (e + t1);
            y += 1.0;
            y = withHi(y, hi(y) + (k << 20));
        }
        return y;
    }

    /** {@code log(1 + x)}, accurate near 0: {@link StrictMath#log1p}'s bits. */
    static double log1p(double x) {
        int hx = hi(x);
        int ax = hx & 0x7fffffff;
        int k = 1;
        double f = 0;
        int hu = 0;
        double c = 0;
        if (hx < 0x3FDA827A) {                 // x < 0.41422
            if (ax >= 0x3ff00000) {            // x <= -1.0
                if (x == -1.0) {
                    return Double.NEGATIVE_INFINITY;
                }
                return (x - x) / (x - x);      // x < -1: NaN (the hardware NaN, as the C code computes it)
            }
            if (ax < 0x3e200000) {             // |x| < 2^-29
                if (TWO54 + x > 0 && ax < 0x3c900000) {
                    return x;                  // |x| < 2^-54
                }
                return x - x * x * 0.5;
            }
            if (hx > 0 || hx <= 0xbfd2bec3) {  // -0.2929 < x < 0.41422
                k = 0;
                f = x;
                hu = 1;
            }
        }
        if (hx >= 0x7ff00000) {
            return x + x;
        }
        if (k != 0) {
            double u;
            if (hx < 0x43400000) {
                u = 1.0 + x;
                hu = hi(u);
                k = (hu >> 20) - 1023;
                c = k > 0 ? 1.0 - (u - x) : x - (u - 1.0);   // correction term
                c /= u;
            } else {
                u = x;
                hu = hi(u);
                k = (hu >> 20) - 1023;
                c = 0;
            }
            hu &= 0x000fffff;
            if (hu < 0x6a09e) {
                u = withHi(u, hu | 0x3ff00000);               // normalise u
            } else {
                k += 1;
                u = withHi(u, hu | 0x3fe00000);               // normalise u / 2
                hu = (0x00100000 - hu) >> 2;
            }
            f = u - 1.0;
        }
        double hfsq = 0.5 * f * f;
        if (hu == 0) {                         // |f| < 2^-20
            if (f == 0) {
                if (k == 0) {
                    return 0;
                }
                c += k * LN2_LO;
                return k * LN2_HI + c;
            }
            double r = hfsq * (1.0 - 0.66666666666666666 * f);
            if (k == 0) {
                return f - r;
            }
            return k * LN2_HI - ((r - (k * LN2_LO + c)) - f);
        }
        double s = f / (2.0 + f);
        double z = s * s;
        double r = z * (LP1 + z * (LP2 + z * (LP3 + z * (LP4 + z * (LP5 + z * (LP6 + z * LP7))))));
        if (k == 0) {
            return f - (hfsq - s * (hfsq + r));
        }
        return k * LN2_HI - ((hfsq - (s * (hfsq + r) + (k * LN2_LO + c))) - f);
    }
}
