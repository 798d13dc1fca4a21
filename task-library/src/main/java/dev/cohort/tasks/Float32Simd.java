// GENERATED from task-library/src/main/templates/Float32Simd.java.tmpl by task-library/generate-kernels: edit the template, not this file.
package dev.cohort.tasks;

import static dev.cohort.tasks.Float32Functions.C10;
import static dev.cohort.tasks.Float32Functions.C12;
import static dev.cohort.tasks.Float32Functions.C14;
import static dev.cohort.tasks.Float32Functions.C16;
import static dev.cohort.tasks.Float32Functions.C2;
import static dev.cohort.tasks.Float32Functions.C4;
import static dev.cohort.tasks.Float32Functions.C6;
import static dev.cohort.tasks.Float32Functions.C8;
import static dev.cohort.tasks.Float32Functions.E10;
import static dev.cohort.tasks.Float32Functions.E11;
import static dev.cohort.tasks.Float32Functions.E12;
import static dev.cohort.tasks.Float32Functions.E2;
import static dev.cohort.tasks.Float32Functions.E3;
import static dev.cohort.tasks.Float32Functions.E4;
import static dev.cohort.tasks.Float32Functions.E5;
import static dev.cohort.tasks.Float32Functions.E6;
import static dev.cohort.tasks.Float32Functions.E7;
import static dev.cohort.tasks.Float32Functions.E8;
import static dev.cohort.tasks.Float32Functions.E9;
import static dev.cohort.tasks.Float32Functions.L11;
import static dev.cohort.tasks.Float32Functions.L13;
import static dev.cohort.tasks.Float32Functions.L15;
import static dev.cohort.tasks.Float32Functions.L17;
import static dev.cohort.tasks.Float32Functions.L3;
import static dev.cohort.tasks.Float32Functions.L5;
import static dev.cohort.tasks.Float32Functions.L7;
import static dev.cohort.tasks.Float32Functions.L9;
import static dev.cohort.tasks.Float32Functions.S11;
import static dev.cohort.tasks.Float32Functions.S13;
import static dev.cohort.tasks.Float32Functions.S15;
import static dev.cohort.tasks.Float32Functions.S3;
import static dev.cohort.tasks.Float32Functions.S5;
import static dev.cohort.tasks.Float32Functions.S7;
import static dev.cohort.tasks.Float32Functions.S9;

import jdk.incubator.vector.DoubleVector;
import jdk.incubator.vector.LongVector;
import jdk.incubator.vector.VectorMask;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorSpecies;

/**
 * {@link Float32Functions} four doubles at a time through the Vector API (generated): each loop is the same sequence
 * of IEEE operations as its scalar twin (lane-wise {@code +}, {@code -}, {@code *}, {@code /}, fused multiply-adds
 * where the scalar code calls {@link Math#fma}, abs, bit operations, and blends in place of the scalar ternaries), so
 * every lane gets the scalar function's bits. The
 * 256-bit species is the one AVX2 and AVX-512 both run natively (as {@link FusedSimd}); 64-bit shifts are logical
 * only (AVX2 has no arithmetic one) and no long/double conversion is used (AVX2 has none): integers become
 * doubles through the {@code 2^52} bit pattern.
 *
 * <p><b>Why generated, one loop per function, everything inline.</b> A vector passed to or returned from a method
 * that C2 does not inline is an object: a helper taking a {@code DoubleVector} (the exp polynomial, the sin/cos
 * kernel) was inlined or not depending on its bytecode size (over 325 bytes never) and on whether it had been
 * compiled on its own first, and where it was not, every call allocated (8-45 KB for 1 024 elements, 3-20x slower).
 * So each function's loop holds its whole computation; the parts they share are written once in the template.
 *
 * <p><b>Doubles only.</b> A version over float arrays (a 128-bit {@code FloatVector} widened by {@code convertShape}, the
 * result narrowed back by a {@code D2F} conversion) was 0.4-0.5 ns an element faster alone, but in the op-mix child,
 * beside the other vector kernels, C2 then left many of every family's kernels uncompiled (allocating after a million
 * warm-up calls: the comparisons, {@code dotD}, the fused {@code multiply}), as a second vector shape in one JVM
 * does (see {@link FusedSimd}); so float arrays are widened through the double chunk
 * of {@code Loops.unaryWidenedF}.
 *
 * <p>Each loop is a {@link VectorLoop} run through {@link VectorLoop#call}, so that C2 compiles it alone (see there).
 */
final class Float32Simd {
    private Float32Simd() {
    }

    private static final VectorSpecies<Double> D4 = DoubleVector.SPECIES_256;
    /**
     * The species the bit tricks reinterpret to ({@code reinterpretShape(L4, 0)}, {@code reinterpretShape(D4, 0)}): a
     * constant, where {@code reinterpretAsLongs()} looks its species up through the Vector API's shared code, whose
     * profile other kernels' shapes make polymorphic; in the op-mix child C2 then could not make the target class a
     * constant ("missing constant ... vclass_to=LoadP etype_to=Phi" in {@code -XX:+PrintIntrinsics}), the result was an
     * object, and every function's loop stayed boxed (JDK 17, AVX-512 EPYC, 2026-11-26).
     */
    private static final VectorSpecies<Long> L4 = LongVector.SPECIES_256;

    /** {@link Float32Functions#applyScalar}'s values, vector by vector (the tail and out-of-range sin/cos lanes scalar). */
    static void apply(UnaryOp op, double[] o, int oo, double[] a, int ao, int n) {
        VectorLoop loop = switch (op) {
            case EXP -> EXP;
            case EXPM1 -> EXPM1;
            case LOG -> LOG;
            case LOG1P -> LOG1P;
            case TANH -> TANH;
            case SIN -> SIN;
            case COS -> COS;
            default -> throw new IllegalArgumentException(op + " has no float32 function here");
        };
        int j = (int) VectorLoop.call(loop, o, oo, 0, a, ao, 0, null, 0, 0, 0, n, 0, 0);
        Float32Functions.applyScalar(op, o, oo + j, a, ao + j, n - j);
    }

    /**
     * {@code r[ro + j] = }{@link Float32Functions#powCore}{@code (a[ao + j], b[bo + j])} for {@code j < n}, vector by
     * vector (the tail scalar): the approximation of float32 {@code power} that {@link Float32Functions#powF} rounds
     * or sets aside. {@code r} is neither {@code a} nor {@code b}.
     */
    static void powCore(double[] r, int ro, double[] a, int ao, double[] b, int bo, int n) {
        int j = (int) VectorLoop.call(POW, r, ro, 0, a, ao, 0, b, bo, 0, 0, n, 0, 0);
        for (; j < n; j++) {
            r[ro + j] = Float32Functions.powCore(a[ao + j], b[bo + j]);
        }
    }

    /**
     * {@code r[j] = }{@link Float32Functions#powF}{@code (a[ao + j], b[bo + j], r[j])} for {@code j < n}: float32
     * {@code power}'s rounding of its approximations, in place. A vector whose four lanes all take powF's fast case
     * (positive finite base, finite exponent, a normal float below {@code 2^127} not near a midpoint) is rounded to
     * float by its bits (round to nearest even on the 29 bits below a float's mantissa, which the midpoint test keeps
     * away from a tie), the value {@code (float) r} has; any other vector goes to {@link Float32Functions#powF} lane by
     * lane. Same bits either way.
     */
    static void roundPow(double[] r, double[] a, int ao, double[] b, int bo, int n) {
        int end = D4.loopBound(n);
        int j = 0;
        while (j < end) {
            // the vector loop stops at the first vector with a lane outside the fast case: that one lane by lane
            // (no call out of the loop's body, where C2 would have to box its vectors)
            j = (int) VectorLoop.call(ROUND_POW, r, j, 0, a, ao, 0, b, bo, 0, 0, n, 0, 0);
            if (j < end) {
                for (int i = j; i < j + D4.length(); i++) {
                    r[i] = Float32Functions.powF(a[ao + i], b[bo + i], r[i]);
                }
                j += D4.length();
            }
        }
        for (; j < n; j++) {
            r[j] = Float32Functions.powF(a[ao + j], b[bo + j], r[j]);
        }
    }

    private static final VectorLoop ROUND_POW = new VectorLoop() {
        @Override
        long run(Object x, int xo, int xs, Object y, int yo, int ys, Object z, int zo, int zs, int m, int n, double d, long l) {
            return loopRoundPow((double[]) x, xo, (double[]) y, yo, (double[]) z, zo, n);
        }
    };

    /**
     * {@link #roundPow}'s vectors from {@code start} on, while all four lanes take powF's fast case; returns where it
     * stopped: at such a vector, or where the scalar tail starts. Its tests are comparisons of doubles only (a mask
     * of another element type, or a cast between mask types, has left Vector API loops boxed beside the other kernels):
     * the exponent range as a range of values, the 29 bits below a float's mantissa as the integer {@code (2^52 | low)
     * - 2^52}.
     */
    private static int loopRoundPow(double[] r, int start, double[] a, int ao, double[] b, int bo, int n) {
        int j = start;
        for (int end = D4.loopBound(n); j < end; j += D4.length()) {
            DoubleVector av = DoubleVector.fromArray(D4, a, ao + j);
            DoubleVector bv = DoubleVector.fromArray(D4, b, bo + j);
            DoubleVector rv = DoubleVector.fromArray(D4, r, j);
            LongVector bits = (LongVector) rv.reinterpretShape(L4, 0);
            DoubleVector low = ((DoubleVector) bits.and(0x1FFF_FFFFL).or(Float32Functions.TWO52_BITS).reinterpretShape(D4, 0)).sub(0x1p52);
            VectorMask<Double> ok = av.compare(VectorOperators.GT, 0.0).and(av.compare(VectorOperators.LT, Double.POSITIVE_INFINITY))
                    .and(bv.abs().compare(VectorOperators.LT, Double.POSITIVE_INFINITY))
                    .and(rv.compare(VectorOperators.GE, 0x1p-126)).and(rv.compare(VectorOperators.LT, 0x1p127))
                    .and(low.compare(VectorOperators.GT, 0x1001_0000).or(low.compare(VectorOperators.LT, 0x0FFF_0000)));
            if (!ok.allTrue()) {
                return j;
            }
            ((DoubleVector) bits.add(0x0FFF_FFFFL).add(bits.lanewise(VectorOperators.LSHR, 29).and(1L)).and(~0x1FFF_FFFFL)
                    .reinterpretShape(D4, 0)).intoArray(r, j);
        }
        return j;
    }

    private static final VectorLoop EXP = new VectorLoop() {
        @Override
        long run(Object x, int xo, int xs, Object y, int yo, int ys, Object z, int zo, int zs, int m, int n, double d, long l) {
            return loopEXP((double[]) x, xo, (double[]) y, yo, n);
        }
    };

    /** {@link Float32Functions}' EXP over whole vectors of {@code [0, n)} of double arrays; returns where the scalar tail starts. */
    private static int loopEXP(double[] o, int oo, double[] a, int ao, int n) {
        int j = 0;
        for (int end = D4.loopBound(n); j < end; j += D4.length()) {
            DoubleVector x = DoubleVector.fromArray(D4, a, ao + j);
            DoubleVector ye = x.blend(Float32Functions.EXP_MAX, x.compare(VectorOperators.GT, Float32Functions.EXP_MAX));
            ye = ye.blend(Float32Functions.EXP_MIN, ye.compare(VectorOperators.LT, Float32Functions.EXP_MIN));
            DoubleVector te = ye.fma(Float32Functions.LOG2E, Float32Functions.SHIFT);
            DoubleVector ke = te.sub(Float32Functions.SHIFT);
            DoubleVector nke = ke.neg();
            DoubleVector re = nke.fma(DoubleVector.broadcast(D4, Float32Functions.LN2_LO), nke.fma(DoubleVector.broadcast(D4, Float32Functions.LN2_HI), ye));
            DoubleVector re2 = re.mul(re);
            DoubleVector re4 = re2.mul(re2);
            DoubleVector eb0 = re2.fma(re.fma(E4, E3), re.fma(E2, 1.0));
            DoubleVector eb1 = re2.fma(re.fma(E8, E7), re.fma(E6, E5));
            DoubleVector eb2 = re2.fma(re.fma(E12, E11), re.fma(E10, E9));
            DoubleVector pe = re.mul(re4.mul(re4).fma(eb2, re4.fma(eb1, eb0)));
            // 2^k from te, whose low bits hold k
            DoubleVector se = (DoubleVector) ((LongVector) te.reinterpretShape(L4, 0)).add(Float32Functions.EXP_BIAS).lanewise(VectorOperators.LSHL, 52).reinterpretShape(D4, 0);
            // a NaN argument itself (as the scalar code: the fused multiply-adds' NaN results are not one value)
            DoubleVector res = se.fma(pe, se).blend(x, x.compare(VectorOperators.NE, x));
            res.intoArray(o, oo + j);
        }
        return j;
    }

    private static final VectorLoop EXPM1 = new VectorLoop() {
        @Override
        long run(Object x, int xo, int xs, Object y, int yo, int ys, Object z, int zo, int zs, int m, int n, double d, long l) {
            return loopEXPM1((double[]) x, xo, (double[]) y, yo, n);
        }
    };

    /** {@link Float32Functions}' EXPM1 over whole vectors of {@code [0, n)} of double arrays; returns where the scalar tail starts. */
    private static int loopEXPM1(double[] o, int oo, double[] a, int ao, int n) {
        int j = 0;
        for (int end = D4.loopBound(n); j < end; j += D4.length()) {
            DoubleVector x = DoubleVector.fromArray(D4, a, ao + j);
            DoubleVector ye = x.blend(Float32Functions.EXP_MAX, x.compare(VectorOperators.GT, Float32Functions.EXP_MAX));
            ye = ye.blend(Float32Functions.EXP_MIN, ye.compare(VectorOperators.LT, Float32Functions.EXP_MIN));
            DoubleVector te = ye.fma(Float32Functions.LOG2E, Float32Functions.SHIFT);
            DoubleVector ke = te.sub(Float32Functions.SHIFT);
            DoubleVector nke = ke.neg();
            DoubleVector re = nke.fma(DoubleVector.broadcast(D4, Float32Functions.LN2_LO), nke.fma(DoubleVector.broadcast(D4, Float32Functions.LN2_HI), ye));
            DoubleVector re2 = re.mul(re);
            DoubleVector re4 = re2.mul(re2);
            DoubleVector eb0 = re2.fma(re.fma(E4, E3), re.fma(E2, 1.0));
            DoubleVector eb1 = re2.fma(re.fma(E8, E7), re.fma(E6, E5));
            DoubleVector eb2 = re2.fma(re.fma(E12, E11), re.fma(E10, E9));
            DoubleVector pe = re.mul(re4.mul(re4).fma(eb2, re4.fma(eb1, eb0)));
            // 2^k from te, whose low bits hold k
            DoubleVector se = (DoubleVector) ((LongVector) te.reinterpretShape(L4, 0)).add(Float32Functions.EXP_BIAS).lanewise(VectorOperators.LSHL, 52).reinterpretShape(D4, 0);
            DoubleVector res = se.fma(pe, se.sub(1.0)).blend(x, x.compare(VectorOperators.EQ, 0.0).or(x.compare(VectorOperators.NE, x)));
            res.intoArray(o, oo + j);
        }
        return j;
    }

    private static final VectorLoop LOG = new VectorLoop() {
        @Override
        long run(Object x, int xo, int xs, Object y, int yo, int ys, Object z, int zo, int zs, int m, int n, double d, long l) {
            return loopLOG((double[]) x, xo, (double[]) y, yo, n);
        }
    };

    /** {@link Float32Functions}' LOG over whole vectors of {@code [0, n)} of double arrays; returns where the scalar tail starts. */
    private static int loopLOG(double[] o, int oo, double[] a, int ao, int n) {
        int j = 0;
        for (int end = D4.loopBound(n); j < end; j += D4.length()) {
            DoubleVector x = DoubleVector.fromArray(D4, a, ao + j);
            DoubleVector yl = x;
            LongVector ul = ((LongVector) yl.reinterpretShape(L4, 0)).sub(Float32Functions.SQRT_HALF_BITS).add(Float32Functions.EXPONENT_OFFSET);
            DoubleVector kl = ((DoubleVector) ul.lanewise(VectorOperators.LSHR, 52).or(Float32Functions.TWO52_BITS).reinterpretShape(D4, 0))
                    .sub(Float32Functions.TWO52_PLUS_OFFSET);
            DoubleVector ml = (DoubleVector) ul.and(Float32Functions.MANTISSA).add(Float32Functions.SQRT_HALF_BITS).reinterpretShape(D4, 0);
            DoubleVector fl = ml.sub(1.0);
            DoubleVector sl = fl.div(fl.add(2.0));
            DoubleVector zl = sl.mul(sl);
            DoubleVector zl2 = zl.mul(zl);
            DoubleVector zl4 = zl2.mul(zl2);
            DoubleVector lb0 = zl2.fma(zl.fma(L7, L5), zl.fma(L3, 2.0));
            DoubleVector lb1 = zl2.fma(zl.fma(L15, L13), zl.fma(L11, L9));
            DoubleVector pl = zl4.mul(zl4).fma(DoubleVector.broadcast(D4, L17), zl4.fma(lb1, lb0));
            DoubleVector lg = sl.fma(pl, kl.mul(Float32Functions.LN2));
            lg = lg.blend(Float32Functions.INVALID, yl.compare(VectorOperators.GE, 0.0).not());
            lg = lg.blend(Double.NEGATIVE_INFINITY, yl.compare(VectorOperators.EQ, 0.0));
            lg = lg.blend(yl, yl.compare(VectorOperators.EQ, Double.POSITIVE_INFINITY));
            lg = lg.blend(yl, yl.compare(VectorOperators.NE, yl));
            DoubleVector res = lg;
            res.intoArray(o, oo + j);
        }
        return j;
    }

    private static final VectorLoop LOG1P = new VectorLoop() {
        @Override
        long run(Object x, int xo, int xs, Object y, int yo, int ys, Object z, int zo, int zs, int m, int n, double d, long l) {
            return loopLOG1P((double[]) x, xo, (double[]) y, yo, n);
        }
    };

    /** {@link Float32Functions}' LOG1P over whole vectors of {@code [0, n)} of double arrays; returns where the scalar tail starts. */
    private static int loopLOG1P(double[] o, int oo, double[] a, int ao, int n) {
        int j = 0;
        for (int end = D4.loopBound(n); j < end; j += D4.length()) {
            DoubleVector x = DoubleVector.fromArray(D4, a, ao + j);
            DoubleVector yl = x.add(1.0);
            LongVector ul = ((LongVector) yl.reinterpretShape(L4, 0)).sub(Float32Functions.SQRT_HALF_BITS).add(Float32Functions.EXPONENT_OFFSET);
            DoubleVector kl = ((DoubleVector) ul.lanewise(VectorOperators.LSHR, 52).or(Float32Functions.TWO52_BITS).reinterpretShape(D4, 0))
                    .sub(Float32Functions.TWO52_PLUS_OFFSET);
            DoubleVector ml = (DoubleVector) ul.and(Float32Functions.MANTISSA).add(Float32Functions.SQRT_HALF_BITS).reinterpretShape(D4, 0);
            DoubleVector fl = ml.sub(1.0);
            DoubleVector sl = fl.div(fl.add(2.0));
            DoubleVector zl = sl.mul(sl);
            DoubleVector zl2 = zl.mul(zl);
            DoubleVector zl4 = zl2.mul(zl2);
            DoubleVector lb0 = zl2.fma(zl.fma(L7, L5), zl.fma(L3, 2.0));
            DoubleVector lb1 = zl2.fma(zl.fma(L15, L13), zl.fma(L11, L9));
            DoubleVector pl = zl4.mul(zl4).fma(DoubleVector.broadcast(D4, L17), zl4.fma(lb1, lb0));
            DoubleVector lg = sl.fma(pl, kl.mul(Float32Functions.LN2));
            lg = lg.blend(Float32Functions.INVALID, yl.compare(VectorOperators.GE, 0.0).not());
            lg = lg.blend(Double.NEGATIVE_INFINITY, yl.compare(VectorOperators.EQ, 0.0));
            lg = lg.blend(yl, yl.compare(VectorOperators.EQ, Double.POSITIVE_INFINITY));
            lg = lg.blend(yl, yl.compare(VectorOperators.NE, yl));
            DoubleVector res = lg.blend(x.sub(x.mul(0.5).mul(x)), x.abs().compare(VectorOperators.LT, Float32Functions.LOG1P_TINY));
            res.intoArray(o, oo + j);
        }
        return j;
    }

    private static final VectorLoop TANH = new VectorLoop() {
        @Override
        long run(Object x, int xo, int xs, Object y, int yo, int ys, Object z, int zo, int zs, int m, int n, double d, long l) {
            return loopTANH((double[]) x, xo, (double[]) y, yo, n);
        }
    };

    /** {@link Float32Functions}' TANH over whole vectors of {@code [0, n)} of double arrays; returns where the scalar tail starts. */
    private static int loopTANH(double[] o, int oo, double[] a, int ao, int n) {
        int j = 0;
        for (int end = D4.loopBound(n); j < end; j += D4.length()) {
            DoubleVector x = DoubleVector.fromArray(D4, a, ao + j);
            DoubleVector ha = x.abs();
            DoubleVector h = ha.blend(Float32Functions.TANH_MAX, ha.compare(VectorOperators.GT, Float32Functions.TANH_MAX));
            DoubleVector ye = h.add(h);
            DoubleVector te = ye.fma(Float32Functions.LOG2E, Float32Functions.SHIFT);
            DoubleVector ke = te.sub(Float32Functions.SHIFT);
            DoubleVector nke = ke.neg();
            DoubleVector re = nke.fma(DoubleVector.broadcast(D4, Float32Functions.LN2_LO), nke.fma(DoubleVector.broadcast(D4, Float32Functions.LN2_HI), ye));
            DoubleVector re2 = re.mul(re);
            DoubleVector re4 = re2.mul(re2);
            DoubleVector eb0 = re2.fma(re.fma(E4, E3), re.fma(E2, 1.0));
            DoubleVector eb1 = re2.fma(re.fma(E8, E7), re.fma(E6, E5));
            DoubleVector eb2 = re2.fma(re.fma(E12, E11), re.fma(E10, E9));
            DoubleVector pe = re.mul(re4.mul(re4).fma(eb2, re4.fma(eb1, eb0)));
            // 2^k from te, whose low bits hold k
            DoubleVector se = (DoubleVector) ((LongVector) te.reinterpretShape(L4, 0)).add(Float32Functions.EXP_BIAS).lanewise(VectorOperators.LSHL, 52).reinterpretShape(D4, 0);
            DoubleVector e = se.fma(pe, se.sub(1.0));
            DoubleVector th = e.div(e.add(2.0));
            DoubleVector res = ((DoubleVector) ((LongVector) th.reinterpretShape(L4, 0)).or(((LongVector) x.reinterpretShape(L4, 0)).and(Float32Functions.SIGN))
                    .reinterpretShape(D4, 0)).blend(x, x.compare(VectorOperators.NE, x));
            res.intoArray(o, oo + j);
        }
        return j;
    }

    private static final VectorLoop SIN = new VectorLoop() {
        @Override
        long run(Object x, int xo, int xs, Object y, int yo, int ys, Object z, int zo, int zs, int m, int n, double d, long l) {
            return loopSIN((double[]) x, xo, (double[]) y, yo, n);
        }
    };

    /** {@link Float32Functions}' SIN over whole vectors of {@code [0, n)} of double arrays; returns where the scalar tail starts. */
    private static int loopSIN(double[] o, int oo, double[] a, int ao, int n) {
        int j = 0;
        for (int end = D4.loopBound(n); j < end; j += D4.length()) {
            DoubleVector x = DoubleVector.fromArray(D4, a, ao + j);
            if (!x.abs().compare(VectorOperators.LE, Float32Functions.TRIG_MAX).allTrue()) {
                for (int k = j; k < j + D4.length(); k++) {
                    o[oo + k] = Float32Functions.trig(a[ao + k], 0);
                }
                continue;
            }
            DoubleVector t = x.fma(Float32Functions.TWO_OVER_PI, Float32Functions.SHIFT);
            DoubleVector k = t.sub(Float32Functions.SHIFT);
            DoubleVector nk = k.neg();
            DoubleVector r = nk.fma(DoubleVector.broadcast(D4, Float32Functions.PIO2_2T), nk.fma(DoubleVector.broadcast(D4, Float32Functions.PIO2_2),
                    nk.fma(DoubleVector.broadcast(D4, Float32Functions.PIO2_1), x)));
            LongVector q = ((LongVector) t.reinterpretShape(L4, 0)).add(0L);
            DoubleVector z = r.mul(r);
            DoubleVector z2 = z.mul(z);
            DoubleVector z4 = z2.mul(z2);
            DoubleVector sb0 = z2.fma(z.fma(S9, S7), z.fma(S5, S3));
            DoubleVector sb1 = z2.fma(DoubleVector.broadcast(D4, S15), z.fma(S13, S11));
            DoubleVector s = r.mul(z).fma(z4.fma(sb1, sb0), r);
            DoubleVector cb0 = z2.fma(z.fma(C8, C6), z.fma(C4, C2));
            DoubleVector cb1 = z2.fma(z.fma(C16, C14), z.fma(C12, C10));
            DoubleVector c = z.fma(z4.fma(cb1, cb0), DoubleVector.broadcast(D4, 1.0));
            // s where q is even, c where odd, as bits: s ^ ((s ^ c) & -(q & 1)); then the sign flipped where q & 2
            LongVector sb = ((LongVector) s.reinterpretShape(L4, 0));
            LongVector v = sb.lanewise(VectorOperators.XOR, sb.lanewise(VectorOperators.XOR, ((LongVector) c.reinterpretShape(L4, 0))).and(q.and(1L).neg()));
            DoubleVector res = (DoubleVector) v.lanewise(VectorOperators.XOR, q.and(2L).lanewise(VectorOperators.LSHL, 62)).reinterpretShape(D4, 0);
            res = res.blend(x, x.compare(VectorOperators.EQ, 0.0));
            res.intoArray(o, oo + j);
        }
        return j;
    }

    private static final VectorLoop COS = new VectorLoop() {
        @Override
        long run(Object x, int xo, int xs, Object y, int yo, int ys, Object z, int zo, int zs, int m, int n, double d, long l) {
            return loopCOS((double[]) x, xo, (double[]) y, yo, n);
        }
    };

    /** {@link Float32Functions}' COS over whole vectors of {@code [0, n)} of double arrays; returns where the scalar tail starts. */
    private static int loopCOS(double[] o, int oo, double[] a, int ao, int n) {
        int j = 0;
        for (int end = D4.loopBound(n); j < end; j += D4.length()) {
            DoubleVector x = DoubleVector.fromArray(D4, a, ao + j);
            if (!x.abs().compare(VectorOperators.LE, Float32Functions.TRIG_MAX).allTrue()) {
                for (int k = j; k < j + D4.length(); k++) {
                    o[oo + k] = Float32Functions.trig(a[ao + k], 1);
                }
                continue;
            }
            DoubleVector t = x.fma(Float32Functions.TWO_OVER_PI, Float32Functions.SHIFT);
            DoubleVector k = t.sub(Float32Functions.SHIFT);
            DoubleVector nk = k.neg();
            DoubleVector r = nk.fma(DoubleVector.broadcast(D4, Float32Functions.PIO2_2T), nk.fma(DoubleVector.broadcast(D4, Float32Functions.PIO2_2),
                    nk.fma(DoubleVector.broadcast(D4, Float32Functions.PIO2_1), x)));
            LongVector q = ((LongVector) t.reinterpretShape(L4, 0)).add(1L);
            DoubleVector z = r.mul(r);
            DoubleVector z2 = z.mul(z);
            DoubleVector z4 = z2.mul(z2);
            DoubleVector sb0 = z2.fma(z.fma(S9, S7), z.fma(S5, S3));
            DoubleVector sb1 = z2.fma(DoubleVector.broadcast(D4, S15), z.fma(S13, S11));
            DoubleVector s = r.mul(z).fma(z4.fma(sb1, sb0), r);
            DoubleVector cb0 = z2.fma(z.fma(C8, C6), z.fma(C4, C2));
            DoubleVector cb1 = z2.fma(z.fma(C16, C14), z.fma(C12, C10));
            DoubleVector c = z.fma(z4.fma(cb1, cb0), DoubleVector.broadcast(D4, 1.0));
            // s where q is even, c where odd, as bits: s ^ ((s ^ c) & -(q & 1)); then the sign flipped where q & 2
            LongVector sb = ((LongVector) s.reinterpretShape(L4, 0));
            LongVector v = sb.lanewise(VectorOperators.XOR, sb.lanewise(VectorOperators.XOR, ((LongVector) c.reinterpretShape(L4, 0))).and(q.and(1L).neg()));
            DoubleVector res = (DoubleVector) v.lanewise(VectorOperators.XOR, q.and(2L).lanewise(VectorOperators.LSHL, 62)).reinterpretShape(D4, 0);
            res.intoArray(o, oo + j);
        }
        return j;
    }

    private static final VectorLoop POW = new VectorLoop() {
        @Override
        long run(Object x, int xo, int xs, Object y, int yo, int ys, Object z, int zo, int zs, int m, int n, double d, long l) {
            return loopPOW((double[]) x, xo, (double[]) y, yo, (double[]) z, zo, n);
        }
    };

    /** {@link Float32Functions}' POW over whole vectors of {@code [0, n)} of double arrays; returns where the scalar tail starts. */
    private static int loopPOW(double[] o, int oo, double[] a, int ao, double[] b, int bo, int n) {
        int j = 0;
        for (int end = D4.loopBound(n); j < end; j += D4.length()) {
            DoubleVector x = DoubleVector.fromArray(D4, a, ao + j);
            DoubleVector yl = x;
            LongVector ul = ((LongVector) yl.reinterpretShape(L4, 0)).sub(Float32Functions.SQRT_HALF_BITS).add(Float32Functions.EXPONENT_OFFSET);
            DoubleVector kl = ((DoubleVector) ul.lanewise(VectorOperators.LSHR, 52).or(Float32Functions.TWO52_BITS).reinterpretShape(D4, 0))
                    .sub(Float32Functions.TWO52_PLUS_OFFSET);
            DoubleVector ml = (DoubleVector) ul.and(Float32Functions.MANTISSA).add(Float32Functions.SQRT_HALF_BITS).reinterpretShape(D4, 0);
            DoubleVector fl = ml.sub(1.0);
            DoubleVector sl = fl.div(fl.add(2.0));
            DoubleVector zl = sl.mul(sl);
            DoubleVector zl2 = zl.mul(zl);
            DoubleVector zl4 = zl2.mul(zl2);
            DoubleVector lb0 = zl2.fma(zl.fma(L7, L5), zl.fma(L3, 2.0));
            DoubleVector lb1 = zl2.fma(zl.fma(L15, L13), zl.fma(L11, L9));
            DoubleVector pl = zl4.mul(zl4).fma(DoubleVector.broadcast(D4, L17), zl4.fma(lb1, lb0));
            DoubleVector lg = sl.fma(pl, kl.mul(Float32Functions.LN2));
            // exp(y log x), the argument clamped as exp's (powCore, whose log has no special values: powF sets aside
            // every lane whose base is not positive and finite)
            DoubleVector yp = lg.mul(DoubleVector.fromArray(D4, b, bo + j));
            DoubleVector ye = yp.blend(Float32Functions.EXP_MAX, yp.compare(VectorOperators.GT, Float32Functions.EXP_MAX));
            ye = ye.blend(Float32Functions.EXP_MIN, ye.compare(VectorOperators.LT, Float32Functions.EXP_MIN));
            DoubleVector te = ye.fma(Float32Functions.LOG2E, Float32Functions.SHIFT);
            DoubleVector ke = te.sub(Float32Functions.SHIFT);
            DoubleVector nke = ke.neg();
            DoubleVector re = nke.fma(DoubleVector.broadcast(D4, Float32Functions.LN2_LO), nke.fma(DoubleVector.broadcast(D4, Float32Functions.LN2_HI), ye));
            DoubleVector re2 = re.mul(re);
            DoubleVector re4 = re2.mul(re2);
            DoubleVector eb0 = re2.fma(re.fma(E4, E3), re.fma(E2, 1.0));
            DoubleVector eb1 = re2.fma(re.fma(E8, E7), re.fma(E6, E5));
            DoubleVector eb2 = re2.fma(re.fma(E12, E11), re.fma(E10, E9));
            DoubleVector pe = re.mul(re4.mul(re4).fma(eb2, re4.fma(eb1, eb0)));
            // 2^k from te, whose low bits hold k
            DoubleVector se = (DoubleVector) ((LongVector) te.reinterpretShape(L4, 0)).add(Float32Functions.EXP_BIAS).lanewise(VectorOperators.LSHL, 52).reinterpretShape(D4, 0);
            DoubleVector res = se.fma(pe, se);
            res.intoArray(o, oo + j);
        }
        return j;
    }
}
