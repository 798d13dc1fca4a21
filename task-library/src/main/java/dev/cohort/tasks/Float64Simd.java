package dev.cohort.tasks;

import static dev.cohort.tasks.Float64Functions.EXPONENT_OFFSET;
import static dev.cohort.tasks.Float64Functions.HALF_LN2_BOUND;
import static dev.cohort.tasks.Float64Functions.HFSQ_END_M;
import static dev.cohort.tasks.Float64Functions.HFSQ_LO_M;
import static dev.cohort.tasks.Float64Functions.LP_BIG;
import static dev.cohort.tasks.Float64Functions.LP_FIRST;
import static dev.cohort.tasks.Float64Functions.LP_HALVED_ZERO_M;
import static dev.cohort.tasks.Float64Functions.LP_HALVE_M;
import static dev.cohort.tasks.Float64Functions.LP_NEG;
import static dev.cohort.tasks.Float64Functions.LP_POS_MIN;
import static dev.cohort.tasks.Float64Functions.NEAR_ONE_END_M;
import static dev.cohort.tasks.Float64Functions.NEAR_TWO_M;
import static dev.cohort.tasks.Float64Functions.ONE_BITS;
import static dev.cohort.tasks.Float64Functions.TINY_BOUND;
import static dev.cohort.tasks.Float64Functions.TWO3;
import static dev.cohort.tasks.Float64Functions.TWO52_PLUS_1023;
import static dev.cohort.tasks.Float64Functions.INV_LN2;
import static dev.cohort.tasks.Float64Functions.LG1;
import static dev.cohort.tasks.Float64Functions.LG2;
import static dev.cohort.tasks.Float64Functions.LG3;
import static dev.cohort.tasks.Float64Functions.LG4;
import static dev.cohort.tasks.Float64Functions.LG5;
import static dev.cohort.tasks.Float64Functions.LG6;
import static dev.cohort.tasks.Float64Functions.LG7;
import static dev.cohort.tasks.Float64Functions.LN2_HI;
import static dev.cohort.tasks.Float64Functions.LN2_LO;
import static dev.cohort.tasks.Float64Functions.LOG_SPLIT_BITS;
import static dev.cohort.tasks.Float64Functions.MANTISSA;
import static dev.cohort.tasks.Float64Functions.O_THRESHOLD;
import static dev.cohort.tasks.Float64Functions.P1;
import static dev.cohort.tasks.Float64Functions.P2;
import static dev.cohort.tasks.Float64Functions.P3;
import static dev.cohort.tasks.Float64Functions.P4;
import static dev.cohort.tasks.Float64Functions.P5;
import static dev.cohort.tasks.Float64Functions.SHIFT;
import static dev.cohort.tasks.Float64Functions.SHIFT_BITS;
import static dev.cohort.tasks.Float64Functions.THIRD;
import static dev.cohort.tasks.Float64Functions.TWO52_BITS;
import static dev.cohort.tasks.Float64Functions.TWO52_PLUS_OFFSET;
import static dev.cohort.tasks.Float64Functions.TWO54;
import static dev.cohort.tasks.Float64Functions.TWO_M1000;
import static dev.cohort.tasks.Float64Functions.U_THRESHOLD;

import jdk.incubator.vector.DoubleVector;
import jdk.incubator.vector.LongVector;
import jdk.incubator.vector.VectorMask;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorSpecies;

/**
 * {@link Float64Functions}' {@code exp} and {@code log} four doubles at a time through the Vector API: each loop is the
 * same sequence of IEEE operations as its scalar twin, every case of the scalar code computed in every lane and the
 * answer chosen by blends where the scalar code takes a ternary, so every lane gets the scalar function's bits
 * ({@code Float64FunctionsTest}). As in {@link Float32Simd}: the 256-bit species that AVX2 and AVX-512 both run
 * natively, 64-bit shifts logical only (AVX2 has no arithmetic one), integers and doubles exchanged through the
 * {@code 1.5 * 2^52} and {@code 2^52} bit patterns (AVX2 has no long/double conversion), species reinterpreted to
 * constants, each function's whole computation in one loop (a vector passed to a method C2 does not inline is an
 * object), and each loop a {@link VectorLoop} run through {@link VectorLoop#call}, so that C2 compiles it alone.
 *
 * <p><b>Comparisons of doubles only.</b> Where the scalar code tests the sign bit or a high word of the argument, the
 * loops compare values ({@code |x| < HALF_LN2_BOUND} for {@code hx <= 0x3fd62e42}, the mantissa as a value in
 * {@code [1, 2)} for its high word's ranges, {@code k} as a double): in a first form with long comparisons and masks cast
 * between the double and long species, C2 left {@code float64.EXP} boxed in 1 of 3 op-mix children's warm-ups (the
 * mask casts' shared code profiled with every other kernel's species). The lanes where a value comparison and the bit
 * test differ ({@code -0.0}, a NaN) are decided by a later blend either way ({@code Float64FunctionsTest}).
 */
final class Float64Simd {
    private Float64Simd() {
    }

    private static final VectorSpecies<Double> D4 = DoubleVector.SPECIES_256;
    private static final VectorSpecies<Long> L4 = LongVector.SPECIES_256;

    /** {@link Float64Functions#applyScalar}'s values, vector by vector (the tail scalar). */
    static void apply(UnaryOp op, double[] o, int oo, double[] a, int ao, int n) {
        VectorLoop loop = switch (op) {
            case EXP -> EXP;
            case LOG -> LOG;
            case LOG1P -> LOG1P;
            case TANH -> TANH;
            default -> throw new IllegalArgumentException(op + " has no float64 function here");
        };
        int j = (int) VectorLoop.call(loop, o, oo, 0, a, ao, 0, null, 0, 0, 0, n, 0, 0);
        Float64Functions.applyScalar(op, o, oo + j, a, ao + j, n - j);
    }

    private static final VectorLoop EXP = new VectorLoop() {
        @Override
        long run(Object x, int xo, int xs, Object y, int yo, int ys, Object z, int zo, int zs, int m, int n, double d, long l) {
            return loopEXP((double[]) x, xo, (double[]) y, yo, n);
        }
    };

    /** {@link Float64Functions#exp} over whole vectors of {@code [0, n)}; returns where the scalar tail starts. */
    private static int loopEXP(double[] o, int oo, double[] a, int ao, int n) {
        int j = 0;
        DoubleVector one = DoubleVector.broadcast(D4, 1.0);
        DoubleVector two = DoubleVector.broadcast(D4, 2.0);
        DoubleVector half = DoubleVector.broadcast(D4, 0.5);
        for (int end = D4.loopBound(n); j < end; j += D4.length()) {
            DoubleVector x = DoubleVector.fromArray(D4, a, ao + j);
            DoubleVector ax = x.abs();
            // the scalar code's tests of the sign bit and the high word, as comparisons of values (the lanes where
            // they differ, -0.0 and NaN, are decided by a later blend either way)
            DoubleVector v = x.mul(INV_LN2).add(half.blend(-0.5, x.compare(VectorOperators.LT, 0.0)));
            DoubleVector rn = v.add(SHIFT).sub(SHIFT);
            DoubleVector down = rn.blend(rn.sub(1.0), rn.compare(VectorOperators.GT, v));
            DoubleVector up = rn.blend(rn.add(1.0), rn.compare(VectorOperators.LT, v));
            DoubleVector kd = up.blend(down, v.compare(VectorOperators.GT, 0.0));
            kd = kd.blend(0.0, ax.compare(VectorOperators.LT, HALF_LN2_BOUND));
            DoubleVector hi = x.sub(kd.mul(LN2_HI));
            DoubleVector lo = kd.mul(LN2_LO);
            DoubleVector r = hi.sub(lo);
            DoubleVector t = r.mul(r);
            DoubleVector c = r.sub(t.mul(t.mul(t.mul(t.mul(t.mul(P5).add(P4)).add(P3)).add(P2)).add(P1)));
            DoubleVector yv = one.sub(lo.sub(r.mul(c).div(two.sub(c))).sub(hi));
            VectorMask<Double> deep = kd.compare(VectorOperators.LT, -1021.0);
            DoubleVector kk = kd.blend(kd.add(1000.0), deep);
            LongVector kShift = ((LongVector) kk.add(SHIFT).reinterpretShape(L4, 0)).sub(SHIFT_BITS).lanewise(VectorOperators.LSHL, 52);
            DoubleVector e = ((DoubleVector) ((LongVector) yv.reinterpretShape(L4, 0)).add(kShift).reinterpretShape(D4, 0))
                    .mul(one.blend(TWO_M1000, deep));
            e = e.blend(one.add(x), ax.compare(VectorOperators.LT, TINY_BOUND));
            e = e.blend(Double.POSITIVE_INFINITY, x.compare(VectorOperators.GT, O_THRESHOLD));
            e = e.blend(0.0, x.compare(VectorOperators.LT, U_THRESHOLD));
            e = e.blend(x.add(x), x.compare(VectorOperators.NE, x));
            e.intoArray(o, oo + j);
        }
        return j;
    }

    private static final VectorLoop LOG = new VectorLoop() {
        @Override
        long run(Object x, int xo, int xs, Object y, int yo, int ys, Object z, int zo, int zs, int m, int n, double d, long l) {
            return loopLOG((double[]) x, xo, (double[]) y, yo, n);
        }
    };

    /** {@link Float64Functions#log} over whole vectors of {@code [0, n)}; returns where the scalar tail starts. */
    private static int loopLOG(double[] o, int oo, double[] a, int ao, int n) {
        int j = 0;
        DoubleVector half = DoubleVector.broadcast(D4, 0.5);
        for (int end = D4.loopBound(n); j < end; j += D4.length()) {
            DoubleVector x = DoubleVector.fromArray(D4, a, ao + j);
            VectorMask<Double> sub = x.compare(VectorOperators.LT, Double.MIN_NORMAL);
            DoubleVector xs = x.blend(x.mul(TWO54), sub);
            LongVector bits = (LongVector) xs.reinterpretShape(L4, 0);
            LongVector ul = bits.sub(LOG_SPLIT_BITS).add(EXPONENT_OFFSET);
            DoubleVector k = ((DoubleVector) ul.lanewise(VectorOperators.LSHR, 52).or(TWO52_BITS).reinterpretShape(D4, 0))
                    .sub(TWO52_PLUS_OFFSET);
            k = k.blend(k.sub(54.0), sub);
            DoubleVector f = ((DoubleVector) ul.and(MANTISSA).add(LOG_SPLIT_BITS).reinterpretShape(D4, 0)).sub(1.0);
            // the mantissa in [1, 2): the scalar code's tests of its high word hx, as comparisons of values
            DoubleVector m1 = (DoubleVector) bits.and(MANTISSA).or(ONE_BITS).reinterpretShape(D4, 0);
            DoubleVector s = f.div(f.add(2.0));
            DoubleVector z = s.mul(s);
            DoubleVector w = z.mul(z);
            DoubleVector t1 = w.mul(w.mul(w.mul(LG6).add(LG4)).add(LG2));
            DoubleVector t2 = z.mul(w.mul(w.mul(w.mul(LG7).add(LG5)).add(LG3)).add(LG1));
            DoubleVector rr = t2.add(t1);
            DoubleVector hfsq = f.mul(0.5).mul(f);
            DoubleVector khi = k.mul(LN2_HI);
            DoubleVector klo = k.mul(LN2_LO);
            DoubleVector genA = khi.sub(hfsq.sub(s.mul(hfsq.add(rr)).add(klo)).sub(f));
            DoubleVector genB = khi.sub(s.mul(f.sub(rr)).sub(klo).sub(f));
            VectorMask<Double> formA = m1.compare(VectorOperators.GE, HFSQ_LO_M).and(m1.compare(VectorOperators.LT, HFSQ_END_M));
            DoubleVector rt = f.mul(f).mul(half.sub(f.mul(THIRD)));
            DoubleVector small = khi.sub(rt.sub(klo).sub(f));
            VectorMask<Double> tiny = m1.compare(VectorOperators.LT, NEAR_ONE_END_M).or(m1.compare(VectorOperators.GE, NEAR_TWO_M));
            DoubleVector lg = genB.blend(genA, formA).blend(small, tiny);
            lg = lg.blend(Float32Functions.INVALID, x.compare(VectorOperators.GT, 0.0).not());
            lg = lg.blend(Double.NEGATIVE_INFINITY, x.compare(VectorOperators.EQ, 0.0));
            lg = lg.blend(x, x.compare(VectorOperators.EQ, Double.POSITIVE_INFINITY));
            lg = lg.blend(x.add(x), x.compare(VectorOperators.NE, x));
            lg.intoArray(o, oo + j);
        }
        return j;
    }

    private static final VectorLoop LOG1P = new VectorLoop() {
        @Override
        long run(Object x, int xo, int xs, Object y, int yo, int ys, Object z, int zo, int zs, int m, int n, double d, long l) {
            return loopLOG1P((double[]) x, xo, (double[]) y, yo, n);
        }
    };

    /** {@link Float64Functions#log1p}'s lanes over whole vectors of {@code [0, n)}; returns where the scalar tail starts. */
    private static int loopLOG1P(double[] o, int oo, double[] a, int ao, int n) {
        int j = 0;
        DoubleVector one = DoubleVector.broadcast(D4, 1.0);
        DoubleVector two = DoubleVector.broadcast(D4, 2.0);
        for (int end = D4.loopBound(n); j < end; j += D4.length()) {
            DoubleVector x = DoubleVector.fromArray(D4, a, ao + j);
            DoubleVector ax = x.abs();
            // the scalar code's tests of the high word, as comparisons of values (see the class comment); the lanes
            // where the two differ (-0.0, a NaN) are decided by the last blends either way
            VectorMask<Double> low = x.compare(VectorOperators.LT, LP_FIRST);
            VectorMask<Double> kzero = low.and(x.compare(VectorOperators.GE, LP_POS_MIN)
                    .or(x.compare(VectorOperators.LT, 0.0).and(ax.compare(VectorOperators.LT, LP_NEG))));
            // k != 0: 1 + x = 2^k u, u normalised into [sqrt(1/2), sqrt(2)) by its high word, c the rounding of 1 + x over u
            VectorMask<Double> big = x.compare(VectorOperators.GE, LP_BIG);
            DoubleVector u = one.add(x).blend(x, big);
            LongVector ub = (LongVector) u.reinterpretShape(L4, 0);
            DoubleVector k = ((DoubleVector) ub.lanewise(VectorOperators.LSHR, 52).and(0x7ffL).or(TWO52_BITS).reinterpretShape(D4, 0))
                    .sub(TWO52_PLUS_1023);
            DoubleVector c = x.sub(u.sub(1.0)).blend(one.sub(u.sub(x)), k.compare(VectorOperators.GT, 0.0));
            c = c.div(u).blend(0.0, big);
            DoubleVector um = (DoubleVector) ub.and(MANTISSA).or(ONE_BITS).reinterpretShape(D4, 0);
            VectorMask<Double> halve = um.compare(VectorOperators.GE, LP_HALVE_M);
            k = k.blend(k.add(1.0), halve);
            DoubleVector f = um.blend(um.mul(0.5), halve).sub(1.0);
            // hu == 0: the high word of u's mantissa 0, or (halved) (0x100000 - hu) >> 2 == 0
            VectorMask<Double> huZero = um.compare(VectorOperators.LT, NEAR_ONE_END_M).and(halve.not())
                    .or(um.compare(VectorOperators.GE, LP_HALVED_ZERO_M).and(halve));
            // -0.2929 <= x < 0.41422: k = 0, f = x, no correction (hu = 1: never the |f| < 2^-20 form)
            k = k.blend(0.0, kzero);
            f = f.blend(x, kzero);
            c = c.blend(0.0, kzero);
            huZero = huZero.and(kzero.not());
            DoubleVector hfsq = f.mul(0.5).mul(f);
            VectorMask<Double> k0 = k.compare(VectorOperators.EQ, 0.0);
            DoubleVector khi = k.mul(LN2_HI);
            DoubleVector klc = k.mul(LN2_LO).add(c);
            // |f| < 2^-20
            DoubleVector rs = hfsq.mul(one.sub(f.mul(TWO3)));
            DoubleVector small = khi.sub(rs.sub(klc).sub(f)).blend(f.sub(rs), k0);
            DoubleVector sv = f.div(two.add(f));
            DoubleVector z = sv.mul(sv);
            DoubleVector r = z.mul(z.mul(z.mul(z.mul(z.mul(z.mul(z.mul(LG7).add(LG6)).add(LG5)).add(LG4)).add(LG3)).add(LG2)).add(LG1));
            DoubleVector general = khi.sub(hfsq.sub(sv.mul(hfsq.add(r)).add(klc)).sub(f)).blend(f.sub(hfsq.sub(sv.mul(hfsq.add(r)))), k0);
            DoubleVector lp = general.blend(small, huZero);
            // |x| < 2^-29 (x itself below 2^-54), x <= -1, infinity and NaN
            lp = lp.blend(x.sub(x.mul(x).mul(0.5)), ax.compare(VectorOperators.LT, 0x1p-29));
            lp = lp.blend(x, ax.compare(VectorOperators.LT, 0x1p-54));
            lp = lp.blend(Float32Functions.INVALID, x.compare(VectorOperators.LT, -1.0));
            lp = lp.blend(Double.NEGATIVE_INFINITY, x.compare(VectorOperators.EQ, -1.0));
            lp = lp.blend(x, x.compare(VectorOperators.EQ, Double.POSITIVE_INFINITY));
            lp = lp.blend(x.add(x), x.compare(VectorOperators.NE, x));
            lp.intoArray(o, oo + j);
        }
        return j;
    }

    private static final VectorLoop TANH = new VectorLoop() {
        @Override
        long run(Object x, int xo, int xs, Object y, int yo, int ys, Object z, int zo, int zs, int m, int n, double d, long l) {
            return loopTANH((double[]) x, xo, (double[]) y, yo, n);
        }
    };

    /**
     * {@link Fdlibm#tanh}'s lanes over whole vectors of {@code [0, n)} (its {@code expm1} inline, with the cases its
     * arguments {@code +-2|x|} reach: {@code 2^-54 <= |y| < 44}); returns where the scalar tail starts.
     */
    private static int loopTANH(double[] o, int oo, double[] a, int ao, int n) {
        int j = 0;
        DoubleVector one = DoubleVector.broadcast(D4, 1.0);
        DoubleVector two = DoubleVector.broadcast(D4, 2.0);
        DoubleVector three = DoubleVector.broadcast(D4, 3.0);
        DoubleVector six = DoubleVector.broadcast(D4, 6.0);
        DoubleVector half = DoubleVector.broadcast(D4, 0.5);
        for (int end = D4.loopBound(n); j < end; j += D4.length()) {
            DoubleVector x = DoubleVector.fromArray(D4, a, ao + j);
            DoubleVector ax = x.abs();
            VectorMask<Double> negative = x.compare(VectorOperators.LT, 0.0);
            if (ax.compare(VectorOperators.GE, 22.0).and(ax.compare(VectorOperators.LT, Double.POSITIVE_INFINITY)).allTrue()) {
                // 22 <= |x| < inf in every lane: +-1 (fdlibm's 1 - tiny), nothing else to compute (an int array's
                // tanh is mostly this; VectorWarmup's calls take both ways, so C2 compiles both)
                one.blend(-1.0, negative).intoArray(o, oo + j);
                continue;
            }
            VectorMask<Double> atLeastOne = ax.compare(VectorOperators.GE, 1.0);
            DoubleVector y = ax.mul(-2.0).blend(ax.mul(2.0), atLeastOne);
            // expm1(y): k = (int) (y / ln2 +- 0.5) where |y| > 0.5 ln2 (by the high word), else 0
            DoubleVector v = y.mul(INV_LN2).add(half.blend(-0.5, y.compare(VectorOperators.LT, 0.0)));
            DoubleVector rn = v.add(SHIFT).sub(SHIFT);
            DoubleVector down = rn.blend(rn.sub(1.0), rn.compare(VectorOperators.GT, v));
            DoubleVector up = rn.blend(rn.add(1.0), rn.compare(VectorOperators.LT, v));
            DoubleVector kd = up.blend(down, v.compare(VectorOperators.GT, 0.0));
            kd = kd.blend(0.0, y.abs().compare(VectorOperators.LT, HALF_LN2_BOUND));
            DoubleVector hi = y.sub(kd.mul(LN2_HI));
            DoubleVector lo = kd.mul(LN2_LO);
            DoubleVector r = hi.sub(lo);
            DoubleVector c = hi.sub(r).sub(lo);
            DoubleVector hfx = r.mul(0.5);
            DoubleVector hxs = r.mul(hfx);
            DoubleVector r1 = one.add(hxs.mul(hxs.mul(hxs.mul(hxs.mul(hxs.mul(Fdlibm.Q5).add(Fdlibm.Q4)).add(Fdlibm.Q3))
                    .add(Fdlibm.Q2)).add(Fdlibm.Q1)));
            DoubleVector tt = three.sub(r1.mul(hfx));
            DoubleVector e = hxs.mul(r1.sub(tt).div(six.sub(r.mul(tt))));
            DoubleVector em1 = r.sub(r.mul(e).sub(hxs));                      // k == 0
            DoubleVector e2 = r.mul(e.sub(c)).sub(c).sub(hxs);
            LongVector k = ((LongVector) kd.add(SHIFT).reinterpretShape(L4, 0)).sub(SHIFT_BITS);
            LongVector kShift = k.lanewise(VectorOperators.LSHL, 52);
            // k <= -2 or k > 56: 2^k (1 - (e - r)) - 1
            DoubleVector yFar = ((DoubleVector) ((LongVector) one.sub(e2.sub(r)).reinterpretShape(L4, 0)).add(kShift)
                    .reinterpretShape(D4, 0)).sub(1.0);
            // 2 <= k < 20: 2^k ((1 - 2^-k) - (e - r)); 20 <= k <= 56: 2^k ((r - (e + 2^-k)) + 1)
            DoubleVector twoMinusK = (DoubleVector) LongVector.broadcast(L4, 1023L).sub(k).lanewise(VectorOperators.LSHL, 52)
                    .reinterpretShape(D4, 0);
            DoubleVector yMid = (DoubleVector) ((LongVector) one.sub(twoMinusK).sub(e2.sub(r)).reinterpretShape(L4, 0)).add(kShift)
                    .reinterpretShape(D4, 0);
            DoubleVector yHigh = (DoubleVector) ((LongVector) r.sub(e2.add(twoMinusK)).add(1.0).reinterpretShape(L4, 0)).add(kShift)
                    .reinterpretShape(D4, 0);
            DoubleVector ex = yMid.blend(yHigh, kd.compare(VectorOperators.GE, 20.0));
            ex = ex.blend(yFar, kd.compare(VectorOperators.LE, -2.0).or(kd.compare(VectorOperators.GT, 56.0)));
            DoubleVector kOne = one.add(r.sub(e2).mul(2.0)).blend(e2.sub(r.add(0.5)).mul(-2.0), r.compare(VectorOperators.LT, -0.25));
            ex = ex.blend(kOne, kd.compare(VectorOperators.EQ, 1.0));
            ex = ex.blend(r.sub(e2).mul(0.5).sub(0.5), kd.compare(VectorOperators.EQ, -1.0));
            ex = ex.blend(em1, kd.compare(VectorOperators.EQ, 0.0));
            // tanh from t = expm1(+-2|x|), the sign of x; one division: 2 / (t + 2) where |x| >= 1 (then 1 minus
            // it), -t / (t + 2) below
            DoubleVector q = ex.neg().blend(two, atLeastOne).div(ex.add(2.0));
            DoubleVector z = q.blend(one.sub(q), atLeastOne);
            z = z.blend(1.0 - Fdlibm.TINY, ax.compare(VectorOperators.GE, 22.0));
            z = z.blend(z.neg(), negative);
            z = z.blend(x.mul(one.add(x)), ax.compare(VectorOperators.LT, 0x1p-55));
            // +-inf: +-1 (fdlibm's 1/x +- 1), NaN: itself (quieted, as 1/x + 1 leaves it)
            z = z.blend(one.blend(-1.0, negative), ax.compare(VectorOperators.EQ, Double.POSITIVE_INFINITY));
            z = z.blend(x.add(x), x.compare(VectorOperators.NE, x));
            z.intoArray(o, oo + j);
        }
        return j;
    }
}
