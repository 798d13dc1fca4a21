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
import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.LongVector;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorSpecies;

/**
 * {@link Float32Functions} four doubles at a time through the Vector API (generated): each loop is the same sequence
 * of IEEE operations as its scalar twin (lane-wise {@code +}, {@code -}, {@code *}, {@code /}, min, max, abs, bit
 * operations, and blends in place of the scalar ternaries), so every lane gets the scalar function's bits. The
 * 256-bit species is the one AVX2 and AVX-512 both run natively (as {@link FusedSimd}); 64-bit shifts are logical
 * only (AVX2 has no arithmetic one) and no long/double conversion is used (AVX2 has none): integers become
 * doubles through the {@code 2^52} bit pattern.
 *
 * <p><b>Why generated, one loop per function, everything inline.</b> A vector passed to or returned from a method
 * that C2 does not inline is an object: a helper taking a {@code DoubleVector} (the exp polynomial, the sin/cos
 * kernel) was inlined or not depending on its bytecode size (over 325 bytes never) and on whether it had been
 * compiled on its own first, and where it was not, every call allocated (8-45 KB for 1 024 elements, 3-20x slower).
 * So each function's loop holds its whole computation; the parts they share are written once in the template.
 */
final class Float32Simd {
    private Float32Simd() {
    }

    private static final VectorSpecies<Double> D4 = DoubleVector.SPECIES_256;
    private static final VectorSpecies<Float> F4 = FloatVector.SPECIES_128;

    /** {@link Float32Functions#applyScalar}'s values, vector by vector (the tail and out-of-range sin/cos lanes scalar). */
    static void apply(UnaryOp op, double[] o, int oo, double[] a, int ao, int n) {
        int j = switch (op) {
            case EXP -> loopEXP(o, oo, a, ao, n);
            case EXPM1 -> loopEXPM1(o, oo, a, ao, n);
            case LOG -> loopLOG(o, oo, a, ao, n);
            case LOG1P -> loopLOG1P(o, oo, a, ao, n);
            case TANH -> loopTANH(o, oo, a, ao, n);
            case SIN -> loopSIN(o, oo, a, ao, n);
            case COS -> loopCOS(o, oo, a, ao, n);
            default -> throw new IllegalArgumentException(op + " has no float32 function here");
        };
        Float32Functions.applyScalar(op, o, oo + j, a, ao + j, n - j);
    }

    /**
     * The same over float arrays: {@code o[oo + j] = (float) f(a[ao + j])}, each vector of four floats widened to
     * doubles and the result narrowed in registers (the widening and narrowing are exact resp. the cast's rounding).
     */
    static void applyF(UnaryOp op, float[] o, int oo, float[] a, int ao, int n) {
        int j = switch (op) {
            case EXP -> loopEXPF(o, oo, a, ao, n);
            case EXPM1 -> loopEXPM1F(o, oo, a, ao, n);
            case LOG -> loopLOGF(o, oo, a, ao, n);
            case LOG1P -> loopLOG1PF(o, oo, a, ao, n);
            case TANH -> loopTANHF(o, oo, a, ao, n);
            case SIN -> loopSINF(o, oo, a, ao, n);
            case COS -> loopCOSF(o, oo, a, ao, n);
            default -> throw new IllegalArgumentException(op + " has no float32 function here");
        };
        for (; j < n; j++) {
            o[oo + j] = (float) Float32Functions.apply(op, a[ao + j]);
        }
    }

    /** {@link Float32Functions}' EXP over whole vectors of {@code [0, n)} of double arrays; returns where the scalar tail starts. */
    private static int loopEXP(double[] o, int oo, double[] a, int ao, int n) {
        int j = 0;
        for (int end = D4.loopBound(n); j < end; j += D4.length()) {
            DoubleVector x = DoubleVector.fromArray(D4, a, ao + j);
            DoubleVector y = x.min(Float32Functions.EXP_MAX).max(Float32Functions.EXP_MIN);
            DoubleVector t = y.mul(Float32Functions.LOG2E).add(Float32Functions.SHIFT);
            DoubleVector k = t.sub(Float32Functions.SHIFT);
            DoubleVector r = y.sub(k.mul(Float32Functions.LN2_HI)).sub(k.mul(Float32Functions.LN2_LO));
            DoubleVector p = r.mul(E12).add(E11);
            p = r.mul(p).add(E10);
            p = r.mul(p).add(E9);
            p = r.mul(p).add(E8);
            p = r.mul(p).add(E7);
            p = r.mul(p).add(E6);
            p = r.mul(p).add(E5);
            p = r.mul(p).add(E4);
            p = r.mul(p).add(E3);
            p = r.mul(p).add(E2);
            p = r.mul(p).add(1.0);
            p = r.mul(p);
            // 2^k from t, whose low bits hold k
            DoubleVector s = t.reinterpretAsLongs().add(Float32Functions.EXP_BIAS).lanewise(VectorOperators.LSHL, 52).reinterpretAsDoubles();
            DoubleVector res = s.add(s.mul(p));
            res.intoArray(o, oo + j);
        }
        return j;
    }

    /** {@link Float32Functions}' EXP over whole vectors of {@code [0, n)} of float arrays; returns where the scalar tail starts. */
    private static int loopEXPF(float[] o, int oo, float[] a, int ao, int n) {
        int j = 0;
        for (int end = D4.loopBound(n); j < end; j += D4.length()) {
            DoubleVector x = (DoubleVector) FloatVector.fromArray(F4, a, ao + j).convertShape(VectorOperators.F2D, D4, 0);
            DoubleVector y = x.min(Float32Functions.EXP_MAX).max(Float32Functions.EXP_MIN);
            DoubleVector t = y.mul(Float32Functions.LOG2E).add(Float32Functions.SHIFT);
            DoubleVector k = t.sub(Float32Functions.SHIFT);
            DoubleVector r = y.sub(k.mul(Float32Functions.LN2_HI)).sub(k.mul(Float32Functions.LN2_LO));
            DoubleVector p = r.mul(E12).add(E11);
            p = r.mul(p).add(E10);
            p = r.mul(p).add(E9);
            p = r.mul(p).add(E8);
            p = r.mul(p).add(E7);
            p = r.mul(p).add(E6);
            p = r.mul(p).add(E5);
            p = r.mul(p).add(E4);
            p = r.mul(p).add(E3);
            p = r.mul(p).add(E2);
            p = r.mul(p).add(1.0);
            p = r.mul(p);
            // 2^k from t, whose low bits hold k
            DoubleVector s = t.reinterpretAsLongs().add(Float32Functions.EXP_BIAS).lanewise(VectorOperators.LSHL, 52).reinterpretAsDoubles();
            DoubleVector res = s.add(s.mul(p));
            ((FloatVector) res.convertShape(VectorOperators.D2F, F4, 0)).intoArray(o, oo + j);
        }
        return j;
    }

    /** {@link Float32Functions}' EXPM1 over whole vectors of {@code [0, n)} of double arrays; returns where the scalar tail starts. */
    private static int loopEXPM1(double[] o, int oo, double[] a, int ao, int n) {
        int j = 0;
        for (int end = D4.loopBound(n); j < end; j += D4.length()) {
            DoubleVector x = DoubleVector.fromArray(D4, a, ao + j);
            DoubleVector y = x.min(Float32Functions.EXP_MAX).max(Float32Functions.EXP_MIN);
            DoubleVector t = y.mul(Float32Functions.LOG2E).add(Float32Functions.SHIFT);
            DoubleVector k = t.sub(Float32Functions.SHIFT);
            DoubleVector r = y.sub(k.mul(Float32Functions.LN2_HI)).sub(k.mul(Float32Functions.LN2_LO));
            DoubleVector p = r.mul(E12).add(E11);
            p = r.mul(p).add(E10);
            p = r.mul(p).add(E9);
            p = r.mul(p).add(E8);
            p = r.mul(p).add(E7);
            p = r.mul(p).add(E6);
            p = r.mul(p).add(E5);
            p = r.mul(p).add(E4);
            p = r.mul(p).add(E3);
            p = r.mul(p).add(E2);
            p = r.mul(p).add(1.0);
            p = r.mul(p);
            // 2^k from t, whose low bits hold k
            DoubleVector s = t.reinterpretAsLongs().add(Float32Functions.EXP_BIAS).lanewise(VectorOperators.LSHL, 52).reinterpretAsDoubles();
            DoubleVector res = s.mul(p).add(s.sub(1.0)).blend(x, x.compare(VectorOperators.EQ, 0.0));
            res.intoArray(o, oo + j);
        }
        return j;
    }

    /** {@link Float32Functions}' EXPM1 over whole vectors of {@code [0, n)} of float arrays; returns where the scalar tail starts. */
    private static int loopEXPM1F(float[] o, int oo, float[] a, int ao, int n) {
        int j = 0;
        for (int end = D4.loopBound(n); j < end; j += D4.length()) {
            DoubleVector x = (DoubleVector) FloatVector.fromArray(F4, a, ao + j).convertShape(VectorOperators.F2D, D4, 0);
            DoubleVector y = x.min(Float32Functions.EXP_MAX).max(Float32Functions.EXP_MIN);
            DoubleVector t = y.mul(Float32Functions.LOG2E).add(Float32Functions.SHIFT);
            DoubleVector k = t.sub(Float32Functions.SHIFT);
            DoubleVector r = y.sub(k.mul(Float32Functions.LN2_HI)).sub(k.mul(Float32Functions.LN2_LO));
            DoubleVector p = r.mul(E12).add(E11);
            p = r.mul(p).add(E10);
            p = r.mul(p).add(E9);
            p = r.mul(p).add(E8);
            p = r.mul(p).add(E7);
            p = r.mul(p).add(E6);
            p = r.mul(p).add(E5);
            p = r.mul(p).add(E4);
            p = r.mul(p).add(E3);
            p = r.mul(p).add(E2);
            p = r.mul(p).add(1.0);
            p = r.mul(p);
            // 2^k from t, whose low bits hold k
            DoubleVector s = t.reinterpretAsLongs().add(Float32Functions.EXP_BIAS).lanewise(VectorOperators.LSHL, 52).reinterpretAsDoubles();
            DoubleVector res = s.mul(p).add(s.sub(1.0)).blend(x, x.compare(VectorOperators.EQ, 0.0));
            ((FloatVector) res.convertShape(VectorOperators.D2F, F4, 0)).intoArray(o, oo + j);
        }
        return j;
    }

    /** {@link Float32Functions}' LOG over whole vectors of {@code [0, n)} of double arrays; returns where the scalar tail starts. */
    private static int loopLOG(double[] o, int oo, double[] a, int ao, int n) {
        int j = 0;
        for (int end = D4.loopBound(n); j < end; j += D4.length()) {
            DoubleVector x = DoubleVector.fromArray(D4, a, ao + j);
            DoubleVector y = x;
            LongVector u = y.reinterpretAsLongs().sub(Float32Functions.SQRT_HALF_BITS).add(Float32Functions.EXPONENT_OFFSET);
            DoubleVector k = u.lanewise(VectorOperators.LSHR, 52).or(Float32Functions.TWO52_BITS).reinterpretAsDoubles()
                    .sub(Float32Functions.TWO52_PLUS_OFFSET);
            DoubleVector m = u.and(Float32Functions.MANTISSA).add(Float32Functions.SQRT_HALF_BITS).reinterpretAsDoubles();
            DoubleVector f = m.sub(1.0);
            DoubleVector s = f.div(f.add(2.0));
            DoubleVector z = s.mul(s);
            DoubleVector p = z.mul(L17).add(L15);
            p = z.mul(p).add(L13);
            p = z.mul(p).add(L11);
            p = z.mul(p).add(L9);
            p = z.mul(p).add(L7);
            p = z.mul(p).add(L5);
            p = z.mul(p).add(L3);
            p = z.mul(p).add(2.0);
            DoubleVector res = k.mul(Float32Functions.LN2).add(s.mul(p));
            res = res.blend(Float32Functions.INVALID, y.compare(VectorOperators.GE, 0.0).not());
            res = res.blend(Double.NEGATIVE_INFINITY, y.compare(VectorOperators.EQ, 0.0));
            res = res.blend(y, y.compare(VectorOperators.EQ, Double.POSITIVE_INFINITY));
            res = res.blend(y, y.compare(VectorOperators.NE, y));
            res.intoArray(o, oo + j);
        }
        return j;
    }

    /** {@link Float32Functions}' LOG over whole vectors of {@code [0, n)} of float arrays; returns where the scalar tail starts. */
    private static int loopLOGF(float[] o, int oo, float[] a, int ao, int n) {
        int j = 0;
        for (int end = D4.loopBound(n); j < end; j += D4.length()) {
            DoubleVector x = (DoubleVector) FloatVector.fromArray(F4, a, ao + j).convertShape(VectorOperators.F2D, D4, 0);
            DoubleVector y = x;
            LongVector u = y.reinterpretAsLongs().sub(Float32Functions.SQRT_HALF_BITS).add(Float32Functions.EXPONENT_OFFSET);
            DoubleVector k = u.lanewise(VectorOperators.LSHR, 52).or(Float32Functions.TWO52_BITS).reinterpretAsDoubles()
                    .sub(Float32Functions.TWO52_PLUS_OFFSET);
            DoubleVector m = u.and(Float32Functions.MANTISSA).add(Float32Functions.SQRT_HALF_BITS).reinterpretAsDoubles();
            DoubleVector f = m.sub(1.0);
            DoubleVector s = f.div(f.add(2.0));
            DoubleVector z = s.mul(s);
            DoubleVector p = z.mul(L17).add(L15);
            p = z.mul(p).add(L13);
            p = z.mul(p).add(L11);
            p = z.mul(p).add(L9);
            p = z.mul(p).add(L7);
            p = z.mul(p).add(L5);
            p = z.mul(p).add(L3);
            p = z.mul(p).add(2.0);
            DoubleVector res = k.mul(Float32Functions.LN2).add(s.mul(p));
            res = res.blend(Float32Functions.INVALID, y.compare(VectorOperators.GE, 0.0).not());
            res = res.blend(Double.NEGATIVE_INFINITY, y.compare(VectorOperators.EQ, 0.0));
            res = res.blend(y, y.compare(VectorOperators.EQ, Double.POSITIVE_INFINITY));
            res = res.blend(y, y.compare(VectorOperators.NE, y));
            ((FloatVector) res.convertShape(VectorOperators.D2F, F4, 0)).intoArray(o, oo + j);
        }
        return j;
    }

    /** {@link Float32Functions}' LOG1P over whole vectors of {@code [0, n)} of double arrays; returns where the scalar tail starts. */
    private static int loopLOG1P(double[] o, int oo, double[] a, int ao, int n) {
        int j = 0;
        for (int end = D4.loopBound(n); j < end; j += D4.length()) {
            DoubleVector x = DoubleVector.fromArray(D4, a, ao + j);
            DoubleVector y = x.add(1.0);
            LongVector u = y.reinterpretAsLongs().sub(Float32Functions.SQRT_HALF_BITS).add(Float32Functions.EXPONENT_OFFSET);
            DoubleVector k = u.lanewise(VectorOperators.LSHR, 52).or(Float32Functions.TWO52_BITS).reinterpretAsDoubles()
                    .sub(Float32Functions.TWO52_PLUS_OFFSET);
            DoubleVector m = u.and(Float32Functions.MANTISSA).add(Float32Functions.SQRT_HALF_BITS).reinterpretAsDoubles();
            DoubleVector f = m.sub(1.0);
            DoubleVector s = f.div(f.add(2.0));
            DoubleVector z = s.mul(s);
            DoubleVector p = z.mul(L17).add(L15);
            p = z.mul(p).add(L13);
            p = z.mul(p).add(L11);
            p = z.mul(p).add(L9);
            p = z.mul(p).add(L7);
            p = z.mul(p).add(L5);
            p = z.mul(p).add(L3);
            p = z.mul(p).add(2.0);
            DoubleVector res = k.mul(Float32Functions.LN2).add(s.mul(p));
            res = res.blend(Float32Functions.INVALID, y.compare(VectorOperators.GE, 0.0).not());
            res = res.blend(Double.NEGATIVE_INFINITY, y.compare(VectorOperators.EQ, 0.0));
            res = res.blend(y, y.compare(VectorOperators.EQ, Double.POSITIVE_INFINITY));
            res = res.blend(y, y.compare(VectorOperators.NE, y));
            res = res.blend(x.sub(x.mul(0.5).mul(x)), x.abs().compare(VectorOperators.LT, Float32Functions.LOG1P_TINY));
            res.intoArray(o, oo + j);
        }
        return j;
    }

    /** {@link Float32Functions}' LOG1P over whole vectors of {@code [0, n)} of float arrays; returns where the scalar tail starts. */
    private static int loopLOG1PF(float[] o, int oo, float[] a, int ao, int n) {
        int j = 0;
        for (int end = D4.loopBound(n); j < end; j += D4.length()) {
            DoubleVector x = (DoubleVector) FloatVector.fromArray(F4, a, ao + j).convertShape(VectorOperators.F2D, D4, 0);
            DoubleVector y = x.add(1.0);
            LongVector u = y.reinterpretAsLongs().sub(Float32Functions.SQRT_HALF_BITS).add(Float32Functions.EXPONENT_OFFSET);
            DoubleVector k = u.lanewise(VectorOperators.LSHR, 52).or(Float32Functions.TWO52_BITS).reinterpretAsDoubles()
                    .sub(Float32Functions.TWO52_PLUS_OFFSET);
            DoubleVector m = u.and(Float32Functions.MANTISSA).add(Float32Functions.SQRT_HALF_BITS).reinterpretAsDoubles();
            DoubleVector f = m.sub(1.0);
            DoubleVector s = f.div(f.add(2.0));
            DoubleVector z = s.mul(s);
            DoubleVector p = z.mul(L17).add(L15);
            p = z.mul(p).add(L13);
            p = z.mul(p).add(L11);
            p = z.mul(p).add(L9);
            p = z.mul(p).add(L7);
            p = z.mul(p).add(L5);
            p = z.mul(p).add(L3);
            p = z.mul(p).add(2.0);
            DoubleVector res = k.mul(Float32Functions.LN2).add(s.mul(p));
            res = res.blend(Float32Functions.INVALID, y.compare(VectorOperators.GE, 0.0).not());
            res = res.blend(Double.NEGATIVE_INFINITY, y.compare(VectorOperators.EQ, 0.0));
            res = res.blend(y, y.compare(VectorOperators.EQ, Double.POSITIVE_INFINITY));
            res = res.blend(y, y.compare(VectorOperators.NE, y));
            res = res.blend(x.sub(x.mul(0.5).mul(x)), x.abs().compare(VectorOperators.LT, Float32Functions.LOG1P_TINY));
            ((FloatVector) res.convertShape(VectorOperators.D2F, F4, 0)).intoArray(o, oo + j);
        }
        return j;
    }

    /** {@link Float32Functions}' TANH over whole vectors of {@code [0, n)} of double arrays; returns where the scalar tail starts. */
    private static int loopTANH(double[] o, int oo, double[] a, int ao, int n) {
        int j = 0;
        for (int end = D4.loopBound(n); j < end; j += D4.length()) {
            DoubleVector x = DoubleVector.fromArray(D4, a, ao + j);
            DoubleVector h = x.abs().min(Float32Functions.TANH_MAX);
            DoubleVector y = h.add(h);
            DoubleVector t = y.mul(Float32Functions.LOG2E).add(Float32Functions.SHIFT);
            DoubleVector k = t.sub(Float32Functions.SHIFT);
            DoubleVector r = y.sub(k.mul(Float32Functions.LN2_HI)).sub(k.mul(Float32Functions.LN2_LO));
            DoubleVector p = r.mul(E12).add(E11);
            p = r.mul(p).add(E10);
            p = r.mul(p).add(E9);
            p = r.mul(p).add(E8);
            p = r.mul(p).add(E7);
            p = r.mul(p).add(E6);
            p = r.mul(p).add(E5);
            p = r.mul(p).add(E4);
            p = r.mul(p).add(E3);
            p = r.mul(p).add(E2);
            p = r.mul(p).add(1.0);
            p = r.mul(p);
            // 2^k from t, whose low bits hold k
            DoubleVector s = t.reinterpretAsLongs().add(Float32Functions.EXP_BIAS).lanewise(VectorOperators.LSHL, 52).reinterpretAsDoubles();
            DoubleVector e = s.mul(p).add(s.sub(1.0));
            DoubleVector th = e.div(e.add(2.0));
            DoubleVector res = th.reinterpretAsLongs().or(x.reinterpretAsLongs().and(Float32Functions.SIGN)).reinterpretAsDoubles();
            res.intoArray(o, oo + j);
        }
        return j;
    }

    /** {@link Float32Functions}' TANH over whole vectors of {@code [0, n)} of float arrays; returns where the scalar tail starts. */
    private static int loopTANHF(float[] o, int oo, float[] a, int ao, int n) {
        int j = 0;
        for (int end = D4.loopBound(n); j < end; j += D4.length()) {
            DoubleVector x = (DoubleVector) FloatVector.fromArray(F4, a, ao + j).convertShape(VectorOperators.F2D, D4, 0);
            DoubleVector h = x.abs().min(Float32Functions.TANH_MAX);
            DoubleVector y = h.add(h);
            DoubleVector t = y.mul(Float32Functions.LOG2E).add(Float32Functions.SHIFT);
            DoubleVector k = t.sub(Float32Functions.SHIFT);
            DoubleVector r = y.sub(k.mul(Float32Functions.LN2_HI)).sub(k.mul(Float32Functions.LN2_LO));
            DoubleVector p = r.mul(E12).add(E11);
            p = r.mul(p).add(E10);
            p = r.mul(p).add(E9);
            p = r.mul(p).add(E8);
            p = r.mul(p).add(E7);
            p = r.mul(p).add(E6);
            p = r.mul(p).add(E5);
            p = r.mul(p).add(E4);
            p = r.mul(p).add(E3);
            p = r.mul(p).add(E2);
            p = r.mul(p).add(1.0);
            p = r.mul(p);
            // 2^k from t, whose low bits hold k
            DoubleVector s = t.reinterpretAsLongs().add(Float32Functions.EXP_BIAS).lanewise(VectorOperators.LSHL, 52).reinterpretAsDoubles();
            DoubleVector e = s.mul(p).add(s.sub(1.0));
            DoubleVector th = e.div(e.add(2.0));
            DoubleVector res = th.reinterpretAsLongs().or(x.reinterpretAsLongs().and(Float32Functions.SIGN)).reinterpretAsDoubles();
            ((FloatVector) res.convertShape(VectorOperators.D2F, F4, 0)).intoArray(o, oo + j);
        }
        return j;
    }

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
            DoubleVector t = x.mul(Float32Functions.TWO_OVER_PI).add(Float32Functions.SHIFT);
            DoubleVector k = t.sub(Float32Functions.SHIFT);
            DoubleVector r = x.sub(k.mul(Float32Functions.PIO2_1)).sub(k.mul(Float32Functions.PIO2_2)).sub(k.mul(Float32Functions.PIO2_2T));
            LongVector q = t.reinterpretAsLongs().add(0L);
            DoubleVector z = r.mul(r);
            DoubleVector ps = z.mul(S15).add(S13);
            ps = z.mul(ps).add(S11);
            ps = z.mul(ps).add(S9);
            ps = z.mul(ps).add(S7);
            ps = z.mul(ps).add(S5);
            ps = z.mul(ps).add(S3);
            DoubleVector s = r.add(r.mul(z).mul(ps));
            DoubleVector pc = z.mul(C16).add(C14);
            pc = z.mul(pc).add(C12);
            pc = z.mul(pc).add(C10);
            pc = z.mul(pc).add(C8);
            pc = z.mul(pc).add(C6);
            pc = z.mul(pc).add(C4);
            pc = z.mul(pc).add(C2);
            DoubleVector c = z.mul(pc).add(1.0);
            // s where q is even, c where odd, as bits: s ^ ((s ^ c) & -(q & 1)); then the sign flipped where q & 2
            LongVector sb = s.reinterpretAsLongs();
            LongVector v = sb.lanewise(VectorOperators.XOR, sb.lanewise(VectorOperators.XOR, c.reinterpretAsLongs()).and(q.and(1L).neg()));
            DoubleVector res = v.lanewise(VectorOperators.XOR, q.and(2L).lanewise(VectorOperators.LSHL, 62)).reinterpretAsDoubles();
            res = res.blend(x, x.compare(VectorOperators.EQ, 0.0));
            res.intoArray(o, oo + j);
        }
        return j;
    }

    /** {@link Float32Functions}' SIN over whole vectors of {@code [0, n)} of float arrays; returns where the scalar tail starts. */
    private static int loopSINF(float[] o, int oo, float[] a, int ao, int n) {
        int j = 0;
        for (int end = D4.loopBound(n); j < end; j += D4.length()) {
            DoubleVector x = (DoubleVector) FloatVector.fromArray(F4, a, ao + j).convertShape(VectorOperators.F2D, D4, 0);
            if (!x.abs().compare(VectorOperators.LE, Float32Functions.TRIG_MAX).allTrue()) {
                for (int k = j; k < j + D4.length(); k++) {
                    o[oo + k] = (float) Float32Functions.trig(a[ao + k], 0);
                }
                continue;
            }
            DoubleVector t = x.mul(Float32Functions.TWO_OVER_PI).add(Float32Functions.SHIFT);
            DoubleVector k = t.sub(Float32Functions.SHIFT);
            DoubleVector r = x.sub(k.mul(Float32Functions.PIO2_1)).sub(k.mul(Float32Functions.PIO2_2)).sub(k.mul(Float32Functions.PIO2_2T));
            LongVector q = t.reinterpretAsLongs().add(0L);
            DoubleVector z = r.mul(r);
            DoubleVector ps = z.mul(S15).add(S13);
            ps = z.mul(ps).add(S11);
            ps = z.mul(ps).add(S9);
            ps = z.mul(ps).add(S7);
            ps = z.mul(ps).add(S5);
            ps = z.mul(ps).add(S3);
            DoubleVector s = r.add(r.mul(z).mul(ps));
            DoubleVector pc = z.mul(C16).add(C14);
            pc = z.mul(pc).add(C12);
            pc = z.mul(pc).add(C10);
            pc = z.mul(pc).add(C8);
            pc = z.mul(pc).add(C6);
            pc = z.mul(pc).add(C4);
            pc = z.mul(pc).add(C2);
            DoubleVector c = z.mul(pc).add(1.0);
            // s where q is even, c where odd, as bits: s ^ ((s ^ c) & -(q & 1)); then the sign flipped where q & 2
            LongVector sb = s.reinterpretAsLongs();
            LongVector v = sb.lanewise(VectorOperators.XOR, sb.lanewise(VectorOperators.XOR, c.reinterpretAsLongs()).and(q.and(1L).neg()));
            DoubleVector res = v.lanewise(VectorOperators.XOR, q.and(2L).lanewise(VectorOperators.LSHL, 62)).reinterpretAsDoubles();
            res = res.blend(x, x.compare(VectorOperators.EQ, 0.0));
            ((FloatVector) res.convertShape(VectorOperators.D2F, F4, 0)).intoArray(o, oo + j);
        }
        return j;
    }

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
            DoubleVector t = x.mul(Float32Functions.TWO_OVER_PI).add(Float32Functions.SHIFT);
            DoubleVector k = t.sub(Float32Functions.SHIFT);
            DoubleVector r = x.sub(k.mul(Float32Functions.PIO2_1)).sub(k.mul(Float32Functions.PIO2_2)).sub(k.mul(Float32Functions.PIO2_2T));
            LongVector q = t.reinterpretAsLongs().add(1L);
            DoubleVector z = r.mul(r);
            DoubleVector ps = z.mul(S15).add(S13);
            ps = z.mul(ps).add(S11);
            ps = z.mul(ps).add(S9);
            ps = z.mul(ps).add(S7);
            ps = z.mul(ps).add(S5);
            ps = z.mul(ps).add(S3);
            DoubleVector s = r.add(r.mul(z).mul(ps));
            DoubleVector pc = z.mul(C16).add(C14);
            pc = z.mul(pc).add(C12);
            pc = z.mul(pc).add(C10);
            pc = z.mul(pc).add(C8);
            pc = z.mul(pc).add(C6);
            pc = z.mul(pc).add(C4);
            pc = z.mul(pc).add(C2);
            DoubleVector c = z.mul(pc).add(1.0);
            // s where q is even, c where odd, as bits: s ^ ((s ^ c) & -(q & 1)); then the sign flipped where q & 2
            LongVector sb = s.reinterpretAsLongs();
            LongVector v = sb.lanewise(VectorOperators.XOR, sb.lanewise(VectorOperators.XOR, c.reinterpretAsLongs()).and(q.and(1L).neg()));
            DoubleVector res = v.lanewise(VectorOperators.XOR, q.and(2L).lanewise(VectorOperators.LSHL, 62)).reinterpretAsDoubles();
            res.intoArray(o, oo + j);
        }
        return j;
    }

    /** {@link Float32Functions}' COS over whole vectors of {@code [0, n)} of float arrays; returns where the scalar tail starts. */
    private static int loopCOSF(float[] o, int oo, float[] a, int ao, int n) {
        int j = 0;
        for (int end = D4.loopBound(n); j < end; j += D4.length()) {
            DoubleVector x = (DoubleVector) FloatVector.fromArray(F4, a, ao + j).convertShape(VectorOperators.F2D, D4, 0);
            if (!x.abs().compare(VectorOperators.LE, Float32Functions.TRIG_MAX).allTrue()) {
                for (int k = j; k < j + D4.length(); k++) {
                    o[oo + k] = (float) Float32Functions.trig(a[ao + k], 1);
                }
                continue;
            }
            DoubleVector t = x.mul(Float32Functions.TWO_OVER_PI).add(Float32Functions.SHIFT);
            DoubleVector k = t.sub(Float32Functions.SHIFT);
            DoubleVector r = x.sub(k.mul(Float32Functions.PIO2_1)).sub(k.mul(Float32Functions.PIO2_2)).sub(k.mul(Float32Functions.PIO2_2T));
            LongVector q = t.reinterpretAsLongs().add(1L);
            DoubleVector z = r.mul(r);
            DoubleVector ps = z.mul(S15).add(S13);
            ps = z.mul(ps).add(S11);
            ps = z.mul(ps).add(S9);
            ps = z.mul(ps).add(S7);
            ps = z.mul(ps).add(S5);
            ps = z.mul(ps).add(S3);
            DoubleVector s = r.add(r.mul(z).mul(ps));
            DoubleVector pc = z.mul(C16).add(C14);
            pc = z.mul(pc).add(C12);
            pc = z.mul(pc).add(C10);
            pc = z.mul(pc).add(C8);
            pc = z.mul(pc).add(C6);
            pc = z.mul(pc).add(C4);
            pc = z.mul(pc).add(C2);
            DoubleVector c = z.mul(pc).add(1.0);
            // s where q is even, c where odd, as bits: s ^ ((s ^ c) & -(q & 1)); then the sign flipped where q & 2
            LongVector sb = s.reinterpretAsLongs();
            LongVector v = sb.lanewise(VectorOperators.XOR, sb.lanewise(VectorOperators.XOR, c.reinterpretAsLongs()).and(q.and(1L).neg()));
            DoubleVector res = v.lanewise(VectorOperators.XOR, q.and(2L).lanewise(VectorOperators.LSHL, 62)).reinterpretAsDoubles();
            ((FloatVector) res.convertShape(VectorOperators.D2F, F4, 0)).intoArray(o, oo + j);
        }
        return j;
    }
}
