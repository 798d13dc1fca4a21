// GENERATED from task-library/src/main/templates/SimdPredicates.java.tmpl by task-library/generate-kernels: edit the template, not this file.
package dev.cohort.tasks;

import dev.cohort.runtime.region.FieldType;
import jdk.incubator.vector.ByteVector;
import jdk.incubator.vector.DoubleVector;
import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.IntVector;
import jdk.incubator.vector.LongVector;
import jdk.incubator.vector.VectorMask;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorSpecies;

/**
 * The Vector API loops of the nine predicates into bool, per dtype: the six comparisons ({@code ==}, {@code !=},
 * {@code <}, {@code <=}, {@code >}, {@code >=}) and NumPy's {@code logical_and}, {@code logical_or} and
 * {@code logical_xor} (generated; this class loads only when {@link Reductions#SIMD} holds).
 *
 * <p><b>Why.</b> JDK 17's C2 does not vectorise {@code o[k] = (byte) (a[k] < b[k] ? 1 : 0)}: {@link Loops}'
 * predicate loops ran one element at a time, 0.7-1.0 ns an element on float64 in L2 (branches on the data,
 * mispredicted on irregular inputs), about 3x NumPy's SIMD loop, and the op-mix suite's comparisons sat at
 * 1.5-3x NumPy at 1e7 (issue 12). Measured on this project's Xeon, float64 {@code a < b} of 1e5 elements in L2:
 * the scalar loop 0.8 ns an element, this one 0.35.
 *
 * <p><b>How.</b> Each step compares 4 lanes ({@code D4}, {@code F4}, {@code L4}, {@code I4}: the 4-lane
 * species {@link SimdReductions} uses, one shape per vector class) or 8 bool lanes ({@code B8}), turns the mask
 * into lanes of 1 and 0 ({@code blend}), narrows them to bytes ({@code convertShape} into the 8-byte
 * {@code B8}; 4-lane steps fill lanes 0-3 and zero lanes 4-7, which the next step overwrites) and stores 8 bytes.
 * The loop stops while 8 bytes still fit in the row; a scalar tail of at most 7 elements ends it. The 4-lane types
 * take four such steps a trip first (16 elements, while 20 fit): C2 does not unroll these loops, and one step a trip
 * ran float32 {@code a < b} of 1e5 elements at 0.45-0.63 ns an element, four 0.23-0.28 (a probe on this project's
 * AMD EPYC, JDK 17, one thread, in L2; 0.48 -> 0.35 from memory at 5e6; NumPy's AVX-512 loop about 0.26 there).
 *
 * <p><b>Logical operators: bool only.</b> Bool elements are 0 or 1 (Loops' class comment), so the bytes combine
 * bitwise, 8 a step. C2 vectorises Loops' own bool loops (32 bytes a step) only where out and both operands are at one
 * offset; at different offsets (shifted views such as {@code a[1:] & a[:-1]}, an operand partitioned otherwise) they
 * ran one byte at a time, 0.38-0.53 ns a byte against 0.03 at one offset (a probe of {@code Loops.predicateZ}), this
 * loop 0.1. A number type's logical operators stay on Loops (no loops here): a form that combined the two operands'
 * {@code != 0} masks ({@code and}, {@code or}, {@code eq}/{@code not}) was 0.34 ns an element on int32 alone in a probe
 * (Loops 0.42), but slower than Loops in the array layer's eager {@code logical_and} of 1e5 int32 and float32 (45 -> 64-90
 * us): mask operations share code across the species, as {@link Float64Simd}'s class comment found for mask casts.
 *
 * <p>Each loop is a {@link VectorLoop} run through {@link VectorLoop#call}, so that C2 compiles it alone (see there).
 *
 * <p><b>Same bits as {@link Loops}.</b> A comparison has one answer: the vector compare follows Java's
 * operators lane by lane, NaN included ({@code NaN != x} true, every other comparison with NaN false; {@code -0.0 == 0.0}).
 * Out must not overlap an operand at another offset (the caller checks; bool in place at the same offset is fine).
 */
final class SimdPredicates {
    private SimdPredicates() {
    }

    // the 4-lane species of SimdReductions (one shape per vector class in the JVM), and the bytes stored
    private static final VectorSpecies<Double> D4 = SimdReductions.D4;
    private static final VectorSpecies<Float> F4 = SimdReductions.F4;
    private static final VectorSpecies<Long> L4 = SimdReductions.L4;
    private static final VectorSpecies<Integer> I4 = SimdReductions.I4;
    private static final VectorSpecies<Byte> B8 = ByteVector.SPECIES_64;

    /** {@code o[oo + j] = a[ao + j] op b[bo + j]} for {@code j < n}, 0 or 1, on arrays of type {@code t}, when {@code op} is a predicate ({@link BinaryOp#isPredicate}); else false, nothing written. */
    static boolean predicate(FieldType t, BinaryOp op, byte[] o, int oo, Object a, int ao, Object b, int bo, int n) {
        int k = index(t, op);
        if (k < 0) {
            return false;
        }
        VectorLoop.call(VV[k], o, oo, 0, a, ao, 0, b, bo, 0, 0, n, 0, 0);
        return true;
    }

    /** {@code o[oo + j] = a[ao + j] op s} as {@link #predicate}; {@code s} is {@code sd} for floats, {@code sl} (narrowed) for the others, as {@link Loops#predicateVS}. */
    static boolean predicateVS(FieldType t, BinaryOp op, byte[] o, int oo, Object a, int ao, double sd, long sl, int n) {
        int k = index(t, op);
        if (k < 0) {
            return false;
        }
        VectorLoop.call(VS[k], o, oo, 0, a, ao, 0, null, 0, 0, 0, n, sd, sl);
        return true;
    }

    /** {@code o[oo + j] = s op b[bo + j]} as {@link #predicateVS}: the same loop with the mirrored comparison ({@code s < b} is {@code b > s}). */
    static boolean predicateSV(FieldType t, BinaryOp op, byte[] o, int oo, double sd, long sl, Object b, int bo, int n) {
        return predicateVS(t, op.mirrored(), o, oo, b, bo, sd, sl, n);
    }

    /** The loops' place in {@link #VV} and {@link #VS}: their gate's ({@link VectorWarmup#predicateGate}), or -1 when there are none. */
    private static int index(FieldType t, BinaryOp op) {
        int gate = VectorWarmup.predicateGate(t, op);
        return gate < 0 ? -1 : gate - VectorWarmup.PREDICATE;
    }

    /** {@code ==} on double, array against array and array against scalar. */
    private static final VectorLoop VV_EQUAL_D = new VectorLoop() {
        @Override
        long run(Object x, int xo, int xs, Object y, int yo, int ys, Object z, int zo, int zs, int m, int n, double d, long l) {
            vvEQUALD((byte[]) x, xo, (double[]) y, yo, (double[]) z, zo, n);
            return 0;
        }
    };
    private static final VectorLoop VS_EQUAL_D = new VectorLoop() {
        @Override
        long run(Object x, int xo, int xs, Object y, int yo, int ys, Object z, int zo, int zs, int m, int n, double d, long l) {
            vsEQUALD((byte[]) x, xo, (double[]) y, yo, d, n);
            return 0;
        }
    };

    private static void vvEQUALD(byte[] o, int oo, double[] a, int ao, double[] b, int bo, int n) {
        int j = 0;
        LongVector zero = LongVector.zero(L4);
        LongVector one = LongVector.broadcast(L4, 1L);
        for (; j + 20 <= n; j += 16) {
            // four steps a trip (see the class comment)
            VectorMask<Double> m0 = DoubleVector.fromArray(D4, a, ao + j).compare(VectorOperators.EQ, DoubleVector.fromArray(D4, b, bo + j));
            VectorMask<Double> m1 = DoubleVector.fromArray(D4, a, ao + j + 4).compare(VectorOperators.EQ, DoubleVector.fromArray(D4, b, bo + j + 4));
            VectorMask<Double> m2 = DoubleVector.fromArray(D4, a, ao + j + 8).compare(VectorOperators.EQ, DoubleVector.fromArray(D4, b, bo + j + 8));
            VectorMask<Double> m3 = DoubleVector.fromArray(D4, a, ao + j + 12).compare(VectorOperators.EQ, DoubleVector.fromArray(D4, b, bo + j + 12));
            ((ByteVector) zero.blend(one, m0.cast(L4)).convertShape(VectorOperators.L2B, B8, 0)).intoArray(o, oo + j);
            ((ByteVector) zero.blend(one, m1.cast(L4)).convertShape(VectorOperators.L2B, B8, 0)).intoArray(o, oo + j + 4);
            ((ByteVector) zero.blend(one, m2.cast(L4)).convertShape(VectorOperators.L2B, B8, 0)).intoArray(o, oo + j + 8);
            ((ByteVector) zero.blend(one, m3.cast(L4)).convertShape(VectorOperators.L2B, B8, 0)).intoArray(o, oo + j + 12);
        }
        for (; j + 8 <= n; j += 4) {
            VectorMask<Double> m = DoubleVector.fromArray(D4, a, ao + j).compare(VectorOperators.EQ, DoubleVector.fromArray(D4, b, bo + j));
            ((ByteVector) zero.blend(one, m.cast(L4)).convertShape(VectorOperators.L2B, B8, 0)).intoArray(o, oo + j);
        }
        for (; j < n; j++) {
            o[oo + j] = (byte) (a[ao + j] == b[bo + j] ? 1 : 0);
        }
    }

    private static void vsEQUALD(byte[] o, int oo, double[] a, int ao, double s, int n) {
        int j = 0;
        DoubleVector v = DoubleVector.broadcast(D4, s);
        LongVector zero = LongVector.zero(L4);
        LongVector one = LongVector.broadcast(L4, 1L);
        for (; j + 20 <= n; j += 16) {
            VectorMask<Double> m0 = DoubleVector.fromArray(D4, a, ao + j).compare(VectorOperators.EQ, v);
            VectorMask<Double> m1 = DoubleVector.fromArray(D4, a, ao + j + 4).compare(VectorOperators.EQ, v);
            VectorMask<Double> m2 = DoubleVector.fromArray(D4, a, ao + j + 8).compare(VectorOperators.EQ, v);
            VectorMask<Double> m3 = DoubleVector.fromArray(D4, a, ao + j + 12).compare(VectorOperators.EQ, v);
            ((ByteVector) zero.blend(one, m0.cast(L4)).convertShape(VectorOperators.L2B, B8, 0)).intoArray(o, oo + j);
            ((ByteVector) zero.blend(one, m1.cast(L4)).convertShape(VectorOperators.L2B, B8, 0)).intoArray(o, oo + j + 4);
            ((ByteVector) zero.blend(one, m2.cast(L4)).convertShape(VectorOperators.L2B, B8, 0)).intoArray(o, oo + j + 8);
            ((ByteVector) zero.blend(one, m3.cast(L4)).convertShape(VectorOperators.L2B, B8, 0)).intoArray(o, oo + j + 12);
        }
        for (; j + 8 <= n; j += 4) {
            VectorMask<Double> m = DoubleVector.fromArray(D4, a, ao + j).compare(VectorOperators.EQ, v);
            ((ByteVector) zero.blend(one, m.cast(L4)).convertShape(VectorOperators.L2B, B8, 0)).intoArray(o, oo + j);
        }
        for (; j < n; j++) {
            o[oo + j] = (byte) (a[ao + j] == s ? 1 : 0);
        }
    }

    /** {@code !=} on double, array against array and array against scalar. */
    private static final VectorLoop VV_NOT_EQUAL_D = new VectorLoop() {
        @Override
        long run(Object x, int xo, int xs, Object y, int yo, int ys, Object z, int zo, int zs, int m, int n, double d, long l) {
            vvNOT_EQUALD((byte[]) x, xo, (double[]) y, yo, (double[]) z, zo, n);
            return 0;
        }
    };
    private static final VectorLoop VS_NOT_EQUAL_D = new VectorLoop() {
        @Override
        long run(Object x, int xo, int xs, Object y, int yo, int ys, Object z, int zo, int zs, int m, int n, double d, long l) {
            vsNOT_EQUALD((byte[]) x, xo, (double[]) y, yo, d, n);
            return 0;
        }
    };

    private static void vvNOT_EQUALD(byte[] o, int oo, double[] a, int ao, double[] b, int bo, int n) {
        int j = 0;
        LongVector zero = LongVector.zero(L4);
        LongVector one = LongVector.broadcast(L4, 1L);
        for (; j + 20 <= n; j += 16) {
            // four steps a trip (see the class comment)
            VectorMask<Double> m0 = DoubleVector.fromArray(D4, a, ao + j).compare(VectorOperators.NE, DoubleVector.fromArray(D4, b, bo + j));
            VectorMask<Double> m1 = DoubleVector.fromArray(D4, a, ao + j + 4).compare(VectorOperators.NE, DoubleVector.fromArray(D4, b, bo + j + 4));
            VectorMask<Double> m2 = DoubleVector.fromArray(D4, a, ao + j + 8).compare(VectorOperators.NE, DoubleVector.fromArray(D4, b, bo + j + 8));
            VectorMask<Double> m3 = DoubleVector.fromArray(D4, a, ao + j + 12).compare(VectorOperators.NE, DoubleVector.fromArray(D4, b, bo + j + 12));
            ((ByteVector) zero.blend(one, m0.cast(L4)).convertShape(VectorOperators.L2B, B8, 0)).intoArray(o, oo + j);
            ((ByteVector) zero.blend(one, m1.cast(L4)).convertShape(VectorOperators.L2B, B8, 0)).intoArray(o, oo + j + 4);
            ((ByteVector) zero.blend(one, m2.cast(L4)).convertShape(VectorOperators.L2B, B8, 0)).intoArray(o, oo + j + 8);
            ((ByteVector) zero.blend(one, m3.cast(L4)).convertShape(VectorOperators.L2B, B8, 0)).intoArray(o, oo + j + 12);
        }
        for (; j + 8 <= n; j += 4) {
            VectorMask<Double> m = DoubleVector.fromArray(D4, a, ao + j).compare(VectorOperators.NE, DoubleVector.fromArray(D4, b, bo + j));
            ((ByteVector) zero.blend(one, m.cast(L4)).convertShape(VectorOperators.L2B, B8, 0)).intoArray(o, oo + j);
        }
        for (; j < n; j++) {
            o[oo + j] = (byte) (a[ao + j] != b[bo + j] ? 1 : 0);
        }
    }

    private static void vsNOT_EQUALD(byte[] o, int oo, double[] a, int ao, double s, int n) {
        int j = 0;
        DoubleVector v = DoubleVector.broadcast(D4, s);
        LongVector zero = LongVector.zero(L4);
        LongVector one = LongVector.broadcast(L4, 1L);
        for (; j + 20 <= n; j += 16) {
            VectorMask<Double> m0 = DoubleVector.fromArray(D4, a, ao + j).compare(VectorOperators.NE, v);
            VectorMask<Double> m1 = DoubleVector.fromArray(D4, a, ao + j + 4).compare(VectorOperators.NE, v);
            VectorMask<Double> m2 = DoubleVector.fromArray(D4, a, ao + j + 8).compare(VectorOperators.NE, v);
            VectorMask<Double> m3 = DoubleVector.fromArray(D4, a, ao + j + 12).compare(VectorOperators.NE, v);
            ((ByteVector) zero.blend(one, m0.cast(L4)).convertShape(VectorOperators.L2B, B8, 0)).intoArray(o, oo + j);
            ((ByteVector) zero.blend(one, m1.cast(L4)).convertShape(VectorOperators.L2B, B8, 0)).intoArray(o, oo + j + 4);
            ((ByteVector) zero.blend(one, m2.cast(L4)).convertShape(VectorOperators.L2B, B8, 0)).intoArray(o, oo + j + 8);
            ((ByteVector) zero.blend(one, m3.cast(L4)).convertShape(VectorOperators.L2B, B8, 0)).intoArray(o, oo + j + 12);
        }
        for (; j + 8 <= n; j += 4) {
            VectorMask<Double> m = DoubleVector.fromArray(D4, a, ao + j).compare(VectorOperators.NE, v);
            ((ByteVector) zero.blend(one, m.cast(L4)).convertShape(VectorOperators.L2B, B8, 0)).intoArray(o, oo + j);
        }
        for (; j < n; j++) {
            o[oo + j] = (byte) (a[ao + j] != s ? 1 : 0);
        }
    }

    /** {@code <} on double, array against array and array against scalar. */
    private static final VectorLoop VV_LESS_D = new VectorLoop() {
        @Override
        long run(Object x, int xo, int xs, Object y, int yo, int ys, Object z, int zo, int zs, int m, int n, double d, long l) {
            vvLESSD((byte[]) x, xo, (double[]) y, yo, (double[]) z, zo, n);
            return 0;
        }
    };
    private static final VectorLoop VS_LESS_D = new VectorLoop() {
        @Override
        long run(Object x, int xo, int xs, Object y, int yo, int ys, Object z, int zo, int zs, int m, int n, double d, long l) {
            vsLESSD((byte[]) x, xo, (double[]) y, yo, d, n);
            return 0;
        }
    };

    private static void vvLESSD(byte[] o, int oo, double[] a, int ao, double[] b, int bo, int n) {
        int j = 0;
        LongVector zero = LongVector.zero(L4);
        LongVector one = LongVector.broadcast(L4, 1L);
        for (; j + 20 <= n; j += 16) {
            // four steps a trip (see the class comment)
            VectorMask<Double> m0 = DoubleVector.fromArray(D4, a, ao + j).compare(VectorOperators.LT, DoubleVector.fromArray(D4, b, bo + j));
            VectorMask<Double> m1 = DoubleVector.fromArray(D4, a, ao + j + 4).compare(VectorOperators.LT, DoubleVector.fromArray(D4, b, bo + j + 4));
            VectorMask<Double> m2 = DoubleVector.fromArray(D4, a, ao + j + 8).compare(VectorOperators.LT, DoubleVector.fromArray(D4, b, bo + j + 8));
            VectorMask<Double> m3 = DoubleVector.fromArray(D4, a, ao + j + 12).compare(VectorOperators.LT, DoubleVector.fromArray(D4, b, bo + j + 12));
            ((ByteVector) zero.blend(one, m0.cast(L4)).convertShape(VectorOperators.L2B, B8, 0)).intoArray(o, oo + j);
            ((ByteVector) zero.blend(one, m1.cast(L4)).convertShape(VectorOperators.L2B, B8, 0)).intoArray(o, oo + j + 4);
            ((ByteVector) zero.blend(one, m2.cast(L4)).convertShape(VectorOperators.L2B, B8, 0)).intoArray(o, oo + j + 8);
            ((ByteVector) zero.blend(one, m3.cast(L4)).convertShape(VectorOperators.L2B, B8, 0)).intoArray(o, oo + j + 12);
        }
        for (; j + 8 <= n; j += 4) {
            VectorMask<Double> m = DoubleVector.fromArray(D4, a, ao + j).compare(VectorOperators.LT, DoubleVector.fromArray(D4, b, bo + j));
            ((ByteVector) zero.blend(one, m.cast(L4)).convertShape(VectorOperators.L2B, B8, 0)).intoArray(o, oo + j);
        }
        for (; j < n; j++) {
            o[oo + j] = (byte) (a[ao + j] < b[bo + j] ? 1 : 0);
        }
    }

    private static void vsLESSD(byte[] o, int oo, double[] a, int ao, double s, int n) {
        int j = 0;
        DoubleVector v = DoubleVector.broadcast(D4, s);
        LongVector zero = LongVector.zero(L4);
        LongVector one = LongVector.broadcast(L4, 1L);
        for (; j + 20 <= n; j += 16) {
            VectorMask<Double> m0 = DoubleVector.fromArray(D4, a, ao + j).compare(VectorOperators.LT, v);
            VectorMask<Double> m1 = DoubleVector.fromArray(D4, a, ao + j + 4).compare(VectorOperators.LT, v);
            VectorMask<Double> m2 = DoubleVector.fromArray(D4, a, ao + j + 8).compare(VectorOperators.LT, v);
            VectorMask<Double> m3 = DoubleVector.fromArray(D4, a, ao + j + 12).compare(VectorOperators.LT, v);
            ((ByteVector) zero.blend(one, m0.cast(L4)).convertShape(VectorOperators.L2B, B8, 0)).intoArray(o, oo + j);
            ((ByteVector) zero.blend(one, m1.cast(L4)).convertShape(VectorOperators.L2B, B8, 0)).intoArray(o, oo + j + 4);
            ((ByteVector) zero.blend(one, m2.cast(L4)).convertShape(VectorOperators.L2B, B8, 0)).intoArray(o, oo + j + 8);
            ((ByteVector) zero.blend(one, m3.cast(L4)).convertShape(VectorOperators.L2B, B8, 0)).intoArray(o, oo + j + 12);
        }
        for (; j + 8 <= n; j += 4) {
            VectorMask<Double> m = DoubleVector.fromArray(D4, a, ao + j).compare(VectorOperators.LT, v);
            ((ByteVector) zero.blend(one, m.cast(L4)).convertShape(VectorOperators.L2B, B8, 0)).intoArray(o, oo + j);
        }
        for (; j < n; j++) {
            o[oo + j] = (byte) (a[ao + j] < s ? 1 : 0);
        }
    }

    /** {@code <=} on double, array against array and array against scalar. */
    private static final VectorLoop VV_LESS_EQUAL_D = new VectorLoop() {
        @Override
        long run(Object x, int xo, int xs, Object y, int yo, int ys, Object z, int zo, int zs, int m, int n, double d, long l) {
            vvLESS_EQUALD((byte[]) x, xo, (double[]) y, yo, (double[]) z, zo, n);
            return 0;
        }
    };
    private static final VectorLoop VS_LESS_EQUAL_D = new VectorLoop() {
        @Override
        long run(Object x, int xo, int xs, Object y, int yo, int ys, Object z, int zo, int zs, int m, int n, double d, long l) {
            vsLESS_EQUALD((byte[]) x, xo, (double[]) y, yo, d, n);
            return 0;
        }
    };

    private static void vvLESS_EQUALD(byte[] o, int oo, double[] a, int ao, double[] b, int bo, int n) {
        int j = 0;
        LongVector zero = LongVector.zero(L4);
        LongVector one = LongVector.broadcast(L4, 1L);
        for (; j + 20 <= n; j += 16) {
            // four steps a trip (see the class comment)
            VectorMask<Double> m0 = DoubleVector.fromArray(D4, a, ao + j).compare(VectorOperators.LE, DoubleVector.fromArray(D4, b, bo + j));
            VectorMask<Double> m1 = DoubleVector.fromArray(D4, a, ao + j + 4).compare(VectorOperators.LE, DoubleVector.fromArray(D4, b, bo + j + 4));
            VectorMask<Double> m2 = DoubleVector.fromArray(D4, a, ao + j + 8).compare(VectorOperators.LE, DoubleVector.fromArray(D4, b, bo + j + 8));
            VectorMask<Double> m3 = DoubleVector.fromArray(D4, a, ao + j + 12).compare(VectorOperators.LE, DoubleVector.fromArray(D4, b, bo + j + 12));
            ((ByteVector) zero.blend(one, m0.cast(L4)).convertShape(VectorOperators.L2B, B8, 0)).intoArray(o, oo + j);
            ((ByteVector) zero.blend(one, m1.cast(L4)).convertShape(VectorOperators.L2B, B8, 0)).intoArray(o, oo + j + 4);
            ((ByteVector) zero.blend(one, m2.cast(L4)).convertShape(VectorOperators.L2B, B8, 0)).intoArray(o, oo + j + 8);
            ((ByteVector) zero.blend(one, m3.cast(L4)).convertShape(VectorOperators.L2B, B8, 0)).intoArray(o, oo + j + 12);
        }
        for (; j + 8 <= n; j += 4) {
            VectorMask<Double> m = DoubleVector.fromArray(D4, a, ao + j).compare(VectorOperators.LE, DoubleVector.fromArray(D4, b, bo + j));
            ((ByteVector) zero.blend(one, m.cast(L4)).convertShape(VectorOperators.L2B, B8, 0)).intoArray(o, oo + j);
        }
        for (; j < n; j++) {
            o[oo + j] = (byte) (a[ao + j] <= b[bo + j] ? 1 : 0);
        }
    }

    private static void vsLESS_EQUALD(byte[] o, int oo, double[] a, int ao, double s, int n) {
        int j = 0;
        DoubleVector v = DoubleVector.broadcast(D4, s);
        LongVector zero = LongVector.zero(L4);
        LongVector one = LongVector.broadcast(L4, 1L);
        for (; j + 20 <= n; j += 16) {
            VectorMask<Double> m0 = DoubleVector.fromArray(D4, a, ao + j).compare(VectorOperators.LE, v);
            VectorMask<Double> m1 = DoubleVector.fromArray(D4, a, ao + j + 4).compare(VectorOperators.LE, v);
            VectorMask<Double> m2 = DoubleVector.fromArray(D4, a, ao + j + 8).compare(VectorOperators.LE, v);
            VectorMask<Double> m3 = DoubleVector.fromArray(D4, a, ao + j + 12).compare(VectorOperators.LE, v);
            ((ByteVector) zero.blend(one, m0.cast(L4)).convertShape(VectorOperators.L2B, B8, 0)).intoArray(o, oo + j);
            ((ByteVector) zero.blend(one, m1.cast(L4)).convertShape(VectorOperators.L2B, B8, 0)).intoArray(o, oo + j + 4);
            ((ByteVector) zero.blend(one, m2.cast(L4)).convertShape(VectorOperators.L2B, B8, 0)).intoArray(o, oo + j + 8);
            ((ByteVector) zero.blend(one, m3.cast(L4)).convertShape(VectorOperators.L2B, B8, 0)).intoArray(o, oo + j + 12);
        }
        for (; j + 8 <= n; j += 4) {
            VectorMask<Double> m = DoubleVector.fromArray(D4, a, ao + j).compare(VectorOperators.LE, v);
            ((ByteVector) zero.blend(one, m.cast(L4)).convertShape(VectorOperators.L2B, B8, 0)).intoArray(o, oo + j);
        }
        for (; j < n; j++) {
            o[oo + j] = (byte) (a[ao + j] <= s ? 1 : 0);
        }
    }

    /** {@code >} on double, array against array and array against scalar. */
    private static final VectorLoop VV_GREATER_D = new VectorLoop() {
        @Override
        long run(Object x, int xo, int xs, Object y, int yo, int ys, Object z, int zo, int zs, int m, int n, double d, long l) {
            vvGREATERD((byte[]) x, xo, (double[]) y, yo, (double[]) z, zo, n);
            return 0;
        }
    };
    private static final VectorLoop VS_GREATER_D = new VectorLoop() {
        @Override
        long run(Object x, int xo, int xs, Object y, int yo, int ys, Object z, int zo, int zs, int m, int n, double d, long l) {
            vsGREATERD((byte[]) x, xo, (double[]) y, yo, d, n);
            return 0;
        }
    };

    private static void vvGREATERD(byte[] o, int oo, double[] a, int ao, double[] b, int bo, int n) {
        int j = 0;
        LongVector zero = LongVector.zero(L4);
        LongVector one = LongVector.broadcast(L4, 1L);
        for (; j + 20 <= n; j += 16) {
            // four steps a trip (see the class comment)
            VectorMask<Double> m0 = DoubleVector.fromArray(D4, a, ao + j).compare(VectorOperators.GT, DoubleVector.fromArray(D4, b, bo + j));
            VectorMask<Double> m1 = DoubleVector.fromArray(D4, a, ao + j + 4).compare(VectorOperators.GT, DoubleVector.fromArray(D4, b, bo + j + 4));
            VectorMask<Double> m2 = DoubleVector.fromArray(D4, a, ao + j + 8).compare(VectorOperators.GT, DoubleVector.fromArray(D4, b, bo + j + 8));
            VectorMask<Double> m3 = DoubleVector.fromArray(D4, a, ao + j + 12).compare(VectorOperators.GT, DoubleVector.fromArray(D4, b, bo + j + 12));
            ((ByteVector) zero.blend(one, m0.cast(L4)).convertShape(VectorOperators.L2B, B8, 0)).intoArray(o, oo + j);
            ((ByteVector) zero.blend(one, m1.cast(L4)).convertShape(VectorOperators.L2B, B8, 0)).intoArray(o, oo + j + 4);
            ((ByteVector) zero.blend(one, m2.cast(L4)).convertShape(VectorOperators.L2B, B8, 0)).intoArray(o, oo + j + 8);
            ((ByteVector) zero.blend(one, m3.cast(L4)).convertShape(VectorOperators.L2B, B8, 0)).intoArray(o, oo + j + 12);
        }
        for (; j + 8 <= n; j += 4) {
            VectorMask<Double> m = DoubleVector.fromArray(D4, a, ao + j).compare(VectorOperators.GT, DoubleVector.fromArray(D4, b, bo + j));
            ((ByteVector) zero.blend(one, m.cast(L4)).convertShape(VectorOperators.L2B, B8, 0)).intoArray(o, oo + j);
        }
        for (; j < n; j++) {
            o[oo + j] = (byte) (a[ao + j] > b[bo + j] ? 1 : 0);
        }
    }

    private static void vsGREATERD(byte[] o, int oo, double[] a, int ao, double s, int n) {
        int j = 0;
        DoubleVector v = DoubleVector.broadcast(D4, s);
        LongVector zero = LongVector.zero(L4);
        LongVector one = LongVector.broadcast(L4, 1L);
        for (; j + 20 <= n; j += 16) {
            VectorMask<Double> m0 = DoubleVector.fromArray(D4, a, ao + j).compare(VectorOperators.GT, v);
            VectorMask<Double> m1 = DoubleVector.fromArray(D4, a, ao + j + 4).compare(VectorOperators.GT, v);
            VectorMask<Double> m2 = DoubleVector.fromArray(D4, a, ao + j + 8).compare(VectorOperators.GT, v);
            VectorMask<Double> m3 = DoubleVector.fromArray(D4, a, ao + j + 12).compare(VectorOperators.GT, v);
            ((ByteVector) zero.blend(one, m0.cast(L4)).convertShape(VectorOperators.L2B, B8, 0)).intoArray(o, oo + j);
            ((ByteVector) zero.blend(one, m1.cast(L4)).convertShape(VectorOperators.L2B, B8, 0)).intoArray(o, oo + j + 4);
            ((ByteVector) zero.blend(one, m2.cast(L4)).convertShape(VectorOperators.L2B, B8, 0)).intoArray(o, oo + j + 8);
            ((ByteVector) zero.blend(one, m3.cast(L4)).convertShape(VectorOperators.L2B, B8, 0)).intoArray(o, oo + j + 12);
        }
        for (; j + 8 <= n; j += 4) {
            VectorMask<Double> m = DoubleVector.fromArray(D4, a, ao + j).compare(VectorOperators.GT, v);
            ((ByteVector) zero.blend(one, m.cast(L4)).convertShape(VectorOperators.L2B, B8, 0)).intoArray(o, oo + j);
        }
        for (; j < n; j++) {
            o[oo + j] = (byte) (a[ao + j] > s ? 1 : 0);
        }
    }

    /** {@code >=} on double, array against array and array against scalar. */
    private static final VectorLoop VV_GREATER_EQUAL_D = new VectorLoop() {
        @Override
        long run(Object x, int xo, int xs, Object y, int yo, int ys, Object z, int zo, int zs, int m, int n, double d, long l) {
            vvGREATER_EQUALD((byte[]) x, xo, (double[]) y, yo, (double[]) z, zo, n);
            return 0;
        }
    };
    private static final VectorLoop VS_GREATER_EQUAL_D = new VectorLoop() {
        @Override
        long run(Object x, int xo, int xs, Object y, int yo, int ys, Object z, int zo, int zs, int m, int n, double d, long l) {
            vsGREATER_EQUALD((byte[]) x, xo, (double[]) y, yo, d, n);
            return 0;
        }
    };

    private static void vvGREATER_EQUALD(byte[] o, int oo, double[] a, int ao, double[] b, int bo, int n) {
        int j = 0;
        LongVector zero = LongVector.zero(L4);
        LongVector one = LongVector.broadcast(L4, 1L);
        for (; j + 20 <= n; j += 16) {
            // four steps a trip (see the class comment)
            VectorMask<Double> m0 = DoubleVector.fromArray(D4, a, ao + j).compare(VectorOperators.GE, DoubleVector.fromArray(D4, b, bo + j));
            VectorMask<Double> m1 = DoubleVector.fromArray(D4, a, ao + j + 4).compare(VectorOperators.GE, DoubleVector.fromArray(D4, b, bo + j + 4));
            VectorMask<Double> m2 = DoubleVector.fromArray(D4, a, ao + j + 8).compare(VectorOperators.GE, DoubleVector.fromArray(D4, b, bo + j + 8));
            VectorMask<Double> m3 = DoubleVector.fromArray(D4, a, ao + j + 12).compare(VectorOperators.GE, DoubleVector.fromArray(D4, b, bo + j + 12));
            ((ByteVector) zero.blend(one, m0.cast(L4)).convertShape(VectorOperators.L2B, B8, 0)).intoArray(o, oo + j);
            ((ByteVector) zero.blend(one, m1.cast(L4)).convertShape(VectorOperators.L2B, B8, 0)).intoArray(o, oo + j + 4);
            ((ByteVector) zero.blend(one, m2.cast(L4)).convertShape(VectorOperators.L2B, B8, 0)).intoArray(o, oo + j + 8);
            ((ByteVector) zero.blend(one, m3.cast(L4)).convertShape(VectorOperators.L2B, B8, 0)).intoArray(o, oo + j + 12);
        }
        for (; j + 8 <= n; j += 4) {
            VectorMask<Double> m = DoubleVector.fromArray(D4, a, ao + j).compare(VectorOperators.GE, DoubleVector.fromArray(D4, b, bo + j));
            ((ByteVector) zero.blend(one, m.cast(L4)).convertShape(VectorOperators.L2B, B8, 0)).intoArray(o, oo + j);
        }
        for (; j < n; j++) {
            o[oo + j] = (byte) (a[ao + j] >= b[bo + j] ? 1 : 0);
        }
    }

    private static void vsGREATER_EQUALD(byte[] o, int oo, double[] a, int ao, double s, int n) {
        int j = 0;
        DoubleVector v = DoubleVector.broadcast(D4, s);
        LongVector zero = LongVector.zero(L4);
        LongVector one = LongVector.broadcast(L4, 1L);
        for (; j + 20 <= n; j += 16) {
            VectorMask<Double> m0 = DoubleVector.fromArray(D4, a, ao + j).compare(VectorOperators.GE, v);
            VectorMask<Double> m1 = DoubleVector.fromArray(D4, a, ao + j + 4).compare(VectorOperators.GE, v);
            VectorMask<Double> m2 = DoubleVector.fromArray(D4, a, ao + j + 8).compare(VectorOperators.GE, v);
            VectorMask<Double> m3 = DoubleVector.fromArray(D4, a, ao + j + 12).compare(VectorOperators.GE, v);
            ((ByteVector) zero.blend(one, m0.cast(L4)).convertShape(VectorOperators.L2B, B8, 0)).intoArray(o, oo + j);
            ((ByteVector) zero.blend(one, m1.cast(L4)).convertShape(VectorOperators.L2B, B8, 0)).intoArray(o, oo + j + 4);
            ((ByteVector) zero.blend(one, m2.cast(L4)).convertShape(VectorOperators.L2B, B8, 0)).intoArray(o, oo + j + 8);
            ((ByteVector) zero.blend(one, m3.cast(L4)).convertShape(VectorOperators.L2B, B8, 0)).intoArray(o, oo + j + 12);
        }
        for (; j + 8 <= n; j += 4) {
            VectorMask<Double> m = DoubleVector.fromArray(D4, a, ao + j).compare(VectorOperators.GE, v);
            ((ByteVector) zero.blend(one, m.cast(L4)).convertShape(VectorOperators.L2B, B8, 0)).intoArray(o, oo + j);
        }
        for (; j < n; j++) {
            o[oo + j] = (byte) (a[ao + j] >= s ? 1 : 0);
        }
    }

    /** {@code ==} on float, array against array and array against scalar. */
    private static final VectorLoop VV_EQUAL_F = new VectorLoop() {
        @Override
        long run(Object x, int xo, int xs, Object y, int yo, int ys, Object z, int zo, int zs, int m, int n, double d, long l) {
            vvEQUALF((byte[]) x, xo, (float[]) y, yo, (float[]) z, zo, n);
            return 0;
        }
    };
    private static final VectorLoop VS_EQUAL_F = new VectorLoop() {
        @Override
        long run(Object x, int xo, int xs, Object y, int yo, int ys, Object z, int zo, int zs, int m, int n, double d, long l) {
            vsEQUALF((byte[]) x, xo, (float[]) y, yo, (float) d, n);
            return 0;
        }
    };

    private static void vvEQUALF(byte[] o, int oo, float[] a, int ao, float[] b, int bo, int n) {
        int j = 0;
        IntVector zero = IntVector.zero(I4);
        IntVector one = IntVector.broadcast(I4, 1);
        for (; j + 20 <= n; j += 16) {
            // four steps a trip (see the class comment)
            VectorMask<Float> m0 = FloatVector.fromArray(F4, a, ao + j).compare(VectorOperators.EQ, FloatVector.fromArray(F4, b, bo + j));
            VectorMask<Float> m1 = FloatVector.fromArray(F4, a, ao + j + 4).compare(VectorOperators.EQ, FloatVector.fromArray(F4, b, bo + j + 4));
            VectorMask<Float> m2 = FloatVector.fromArray(F4, a, ao + j + 8).compare(VectorOperators.EQ, FloatVector.fromArray(F4, b, bo + j + 8));
            VectorMask<Float> m3 = FloatVector.fromArray(F4, a, ao + j + 12).compare(VectorOperators.EQ, FloatVector.fromArray(F4, b, bo + j + 12));
            ((ByteVector) zero.blend(one, m0.cast(I4)).convertShape(VectorOperators.I2B, B8, 0)).intoArray(o, oo + j);
            ((ByteVector) zero.blend(one, m1.cast(I4)).convertShape(VectorOperators.I2B, B8, 0)).intoArray(o, oo + j + 4);
            ((ByteVector) zero.blend(one, m2.cast(I4)).convertShape(VectorOperators.I2B, B8, 0)).intoArray(o, oo + j + 8);
            ((ByteVector) zero.blend(one, m3.cast(I4)).convertShape(VectorOperators.I2B, B8, 0)).intoArray(o, oo + j + 12);
        }
        for (; j + 8 <= n; j += 4) {
            VectorMask<Float> m = FloatVector.fromArray(F4, a, ao + j).compare(VectorOperators.EQ, FloatVector.fromArray(F4, b, bo + j));
            ((ByteVector) zero.blend(one, m.cast(I4)).convertShape(VectorOperators.I2B, B8, 0)).intoArray(o, oo + j);
        }
        for (; j < n; j++) {
            o[oo + j] = (byte) (a[ao + j] == b[bo + j] ? 1 : 0);
        }
    }

    private static void vsEQUALF(byte[] o, int oo, float[] a, int ao, float s, int n) {
        int j = 0;
        FloatVector v = FloatVector.broadcast(F4, s);
        IntVector zero = IntVector.zero(I4);
        IntVector one = IntVector.broadcast(I4, 1);
        for (; j + 20 <= n; j += 16) {
            VectorMask<Float> m0 = FloatVector.fromArray(F4, a, ao + j).compare(VectorOperators.EQ, v);
            VectorMask<Float> m1 = FloatVector.fromArray(F4, a, ao + j + 4).compare(VectorOperators.EQ, v);
            VectorMask<Float> m2 = FloatVector.fromArray(F4, a, ao + j + 8).compare(VectorOperators.EQ, v);
            VectorMask<Float> m3 = FloatVector.fromArray(F4, a, ao + j + 12).compare(VectorOperators.EQ, v);
            ((ByteVector) zero.blend(one, m0.cast(I4)).convertShape(VectorOperators.I2B, B8, 0)).intoArray(o, oo + j);
            ((ByteVector) zero.blend(one, m1.cast(I4)).convertShape(VectorOperators.I2B, B8, 0)).intoArray(o, oo + j + 4);
            ((ByteVector) zero.blend(one, m2.cast(I4)).convertShape(VectorOperators.I2B, B8, 0)).intoArray(o, oo + j + 8);
            ((ByteVector) zero.blend(one, m3.cast(I4)).convertShape(VectorOperators.I2B, B8, 0)).intoArray(o, oo + j + 12);
        }
        for (; j + 8 <= n; j += 4) {
            VectorMask<Float> m = FloatVector.fromArray(F4, a, ao + j).compare(VectorOperators.EQ, v);
            ((ByteVector) zero.blend(one, m.cast(I4)).convertShape(VectorOperators.I2B, B8, 0)).intoArray(o, oo + j);
        }
        for (; j < n; j++) {
            o[oo + j] = (byte) (a[ao + j] == s ? 1 : 0);
        }
    }

    /** {@code !=} on float, array against array and array against scalar. */
    private static final VectorLoop VV_NOT_EQUAL_F = new VectorLoop() {
        @Override
        long run(Object x, int xo, int xs, Object y, int yo, int ys, Object z, int zo, int zs, int m, int n, double d, long l) {
            vvNOT_EQUALF((byte[]) x, xo, (float[]) y, yo, (float[]) z, zo, n);
            return 0;
        }
    };
    private static final VectorLoop VS_NOT_EQUAL_F = new VectorLoop() {
        @Override
        long run(Object x, int xo, int xs, Object y, int yo, int ys, Object z, int zo, int zs, int m, int n, double d, long l) {
            vsNOT_EQUALF((byte[]) x, xo, (float[]) y, yo, (float) d, n);
            return 0;
        }
    };

    private static void vvNOT_EQUALF(byte[] o, int oo, float[] a, int ao, float[] b, int bo, int n) {
        int j = 0;
        IntVector zero = IntVector.zero(I4);
        IntVector one = IntVector.broadcast(I4, 1);
        for (; j + 20 <= n; j += 16) {
            // four steps a trip (see the class comment)
            VectorMask<Float> m0 = FloatVector.fromArray(F4, a, ao + j).compare(VectorOperators.NE, FloatVector.fromArray(F4, b, bo + j));
            VectorMask<Float> m1 = FloatVector.fromArray(F4, a, ao + j + 4).compare(VectorOperators.NE, FloatVector.fromArray(F4, b, bo + j + 4));
            VectorMask<Float> m2 = FloatVector.fromArray(F4, a, ao + j + 8).compare(VectorOperators.NE, FloatVector.fromArray(F4, b, bo + j + 8));
            VectorMask<Float> m3 = FloatVector.fromArray(F4, a, ao + j + 12).compare(VectorOperators.NE, FloatVector.fromArray(F4, b, bo + j + 12));
            ((ByteVector) zero.blend(one, m0.cast(I4)).convertShape(VectorOperators.I2B, B8, 0)).intoArray(o, oo + j);
            ((ByteVector) zero.blend(one, m1.cast(I4)).convertShape(VectorOperators.I2B, B8, 0)).intoArray(o, oo + j + 4);
            ((ByteVector) zero.blend(one, m2.cast(I4)).convertShape(VectorOperators.I2B, B8, 0)).intoArray(o, oo + j + 8);
            ((ByteVector) zero.blend(one, m3.cast(I4)).convertShape(VectorOperators.I2B, B8, 0)).intoArray(o, oo + j + 12);
        }
        for (; j + 8 <= n; j += 4) {
            VectorMask<Float> m = FloatVector.fromArray(F4, a, ao + j).compare(VectorOperators.NE, FloatVector.fromArray(F4, b, bo + j));
            ((ByteVector) zero.blend(one, m.cast(I4)).convertShape(VectorOperators.I2B, B8, 0)).intoArray(o, oo + j);
        }
        for (; j < n; j++) {
            o[oo + j] = (byte) (a[ao + j] != b[bo + j] ? 1 : 0);
        }
    }

    private static void vsNOT_EQUALF(byte[] o, int oo, float[] a, int ao, float s, int n) {
        int j = 0;
        FloatVector v = FloatVector.broadcast(F4, s);
        IntVector zero = IntVector.zero(I4);
        IntVector one = IntVector.broadcast(I4, 1);
        for (; j + 20 <= n; j += 16) {
            VectorMask<Float> m0 = FloatVector.fromArray(F4, a, ao + j).compare(VectorOperators.NE, v);
            VectorMask<Float> m1 = FloatVector.fromArray(F4, a, ao + j + 4).compare(VectorOperators.NE, v);
            VectorMask<Float> m2 = FloatVector.fromArray(F4, a, ao + j + 8).compare(VectorOperators.NE, v);
            VectorMask<Float> m3 = FloatVector.fromArray(F4, a, ao + j + 12).compare(VectorOperators.NE, v);
            ((ByteVector) zero.blend(one, m0.cast(I4)).convertShape(VectorOperators.I2B, B8, 0)).intoArray(o, oo + j);
            ((ByteVector) zero.blend(one, m1.cast(I4)).convertShape(VectorOperators.I2B, B8, 0)).intoArray(o, oo + j + 4);
            ((ByteVector) zero.blend(one, m2.cast(I4)).convertShape(VectorOperators.I2B, B8, 0)).intoArray(o, oo + j + 8);
            ((ByteVector) zero.blend(one, m3.cast(I4)).convertShape(VectorOperators.I2B, B8, 0)).intoArray(o, oo + j + 12);
        }
        for (; j + 8 <= n; j += 4) {
            VectorMask<Float> m = FloatVector.fromArray(F4, a, ao + j).compare(VectorOperators.NE, v);
            ((ByteVector) zero.blend(one, m.cast(I4)).convertShape(VectorOperators.I2B, B8, 0)).intoArray(o, oo + j);
        }
        for (; j < n; j++) {
            o[oo + j] = (byte) (a[ao + j] != s ? 1 : 0);
        }
    }

    /** {@code <} on float, array against array and array against scalar. */
    private static final VectorLoop VV_LESS_F = new VectorLoop() {
        @Override
        long run(Object x, int xo, int xs, Object y, int yo, int ys, Object z, int zo, int zs, int m, int n, double d, long l) {
            vvLESSF((byte[]) x, xo, (float[]) y, yo, (float[]) z, zo, n);
            return 0;
        }
    };
    private static final VectorLoop VS_LESS_F = new VectorLoop() {
        @Override
        long run(Object x, int xo, int xs, Object y, int yo, int ys, Object z, int zo, int zs, int m, int n, double d, long l) {
            vsLESSF((byte[]) x, xo, (float[]) y, yo, (float) d, n);
            return 0;
        }
    };

    private static void vvLESSF(byte[] o, int oo, float[] a, int ao, float[] b, int bo, int n) {
        int j = 0;
        IntVector zero = IntVector.zero(I4);
        IntVector one = IntVector.broadcast(I4, 1);
        for (; j + 20 <= n; j += 16) {
            // four steps a trip (see the class comment)
            VectorMask<Float> m0 = FloatVector.fromArray(F4, a, ao + j).compare(VectorOperators.LT, FloatVector.fromArray(F4, b, bo + j));
            VectorMask<Float> m1 = FloatVector.fromArray(F4, a, ao + j + 4).compare(VectorOperators.LT, FloatVector.fromArray(F4, b, bo + j + 4));
            VectorMask<Float> m2 = FloatVector.fromArray(F4, a, ao + j + 8).compare(VectorOperators.LT, FloatVector.fromArray(F4, b, bo + j + 8));
            VectorMask<Float> m3 = FloatVector.fromArray(F4, a, ao + j + 12).compare(VectorOperators.LT, FloatVector.fromArray(F4, b, bo + j + 12));
            ((ByteVector) zero.blend(one, m0.cast(I4)).convertShape(VectorOperators.I2B, B8, 0)).intoArray(o, oo + j);
            ((ByteVector) zero.blend(one, m1.cast(I4)).convertShape(VectorOperators.I2B, B8, 0)).intoArray(o, oo + j + 4);
            ((ByteVector) zero.blend(one, m2.cast(I4)).convertShape(VectorOperators.I2B, B8, 0)).intoArray(o, oo + j + 8);
            ((ByteVector) zero.blend(one, m3.cast(I4)).convertShape(VectorOperators.I2B, B8, 0)).intoArray(o, oo + j + 12);
        }
        for (; j + 8 <= n; j += 4) {
            VectorMask<Float> m = FloatVector.fromArray(F4, a, ao + j).compare(VectorOperators.LT, FloatVector.fromArray(F4, b, bo + j));
            ((ByteVector) zero.blend(one, m.cast(I4)).convertShape(VectorOperators.I2B, B8, 0)).intoArray(o, oo + j);
        }
        for (; j < n; j++) {
            o[oo + j] = (byte) (a[ao + j] < b[bo + j] ? 1 : 0);
        }
    }

    private static void vsLESSF(byte[] o, int oo, float[] a, int ao, float s, int n) {
        int j = 0;
        FloatVector v = FloatVector.broadcast(F4, s);
        IntVector zero = IntVector.zero(I4);
        IntVector one = IntVector.broadcast(I4, 1);
        for (; j + 20 <= n; j += 16) {
            VectorMask<Float> m0 = FloatVector.fromArray(F4, a, ao + j).compare(VectorOperators.LT, v);
            VectorMask<Float> m1 = FloatVector.fromArray(F4, a, ao + j + 4).compare(VectorOperators.LT, v);
            VectorMask<Float> m2 = FloatVector.fromArray(F4, a, ao + j + 8).compare(VectorOperators.LT, v);
            VectorMask<Float> m3 = FloatVector.fromArray(F4, a, ao + j + 12).compare(VectorOperators.LT, v);
            ((ByteVector) zero.blend(one, m0.cast(I4)).convertShape(VectorOperators.I2B, B8, 0)).intoArray(o, oo + j);
            ((ByteVector) zero.blend(one, m1.cast(I4)).convertShape(VectorOperators.I2B, B8, 0)).intoArray(o, oo + j + 4);
            ((ByteVector) zero.blend(one, m2.cast(I4)).convertShape(VectorOperators.I2B, B8, 0)).intoArray(o, oo + j + 8);
            ((ByteVector) zero.blend(one, m3.cast(I4)).convertShape(VectorOperators.I2B, B8, 0)).intoArray(o, oo + j + 12);
        }
        for (; j + 8 <= n; j += 4) {
            VectorMask<Float> m = FloatVector.fromArray(F4, a, ao + j).compare(VectorOperators.LT, v);
            ((ByteVector) zero.blend(one, m.cast(I4)).convertShape(VectorOperators.I2B, B8, 0)).intoArray(o, oo + j);
        }
        for (; j < n; j++) {
            o[oo + j] = (byte) (a[ao + j] < s ? 1 : 0);
        }
    }

    /** {@code <=} on float, array against array and array against scalar. */
    private static final VectorLoop VV_LESS_EQUAL_F = new VectorLoop() {
        @Override
        long run(Object x, int xo, int xs, Object y, int yo, int ys, Object z, int zo, int zs, int m, int n, double d, long l) {
            vvLESS_EQUALF((byte[]) x, xo, (float[]) y, yo, (float[]) z, zo, n);
            return 0;
        }
    };
    private static final VectorLoop VS_LESS_EQUAL_F = new VectorLoop() {
        @Override
        long run(Object x, int xo, int xs, Object y, int yo, int ys, Object z, int zo, int zs, int m, int n, double d, long l) {
            vsLESS_EQUALF((byte[]) x, xo, (float[]) y, yo, (float) d, n);
            return 0;
        }
    };

    private static void vvLESS_EQUALF(byte[] o, int oo, float[] a, int ao, float[] b, int bo, int n) {
        int j = 0;
        IntVector zero = IntVector.zero(I4);
        IntVector one = IntVector.broadcast(I4, 1);
        for (; j + 20 <= n; j += 16) {
            // four steps a trip (see the class comment)
            VectorMask<Float> m0 = FloatVector.fromArray(F4, a, ao + j).compare(VectorOperators.LE, FloatVector.fromArray(F4, b, bo + j));
            VectorMask<Float> m1 = FloatVector.fromArray(F4, a, ao + j + 4).compare(VectorOperators.LE, FloatVector.fromArray(F4, b, bo + j + 4));
            VectorMask<Float> m2 = FloatVector.fromArray(F4, a, ao + j + 8).compare(VectorOperators.LE, FloatVector.fromArray(F4, b, bo + j + 8));
            VectorMask<Float> m3 = FloatVector.fromArray(F4, a, ao + j + 12).compare(VectorOperators.LE, FloatVector.fromArray(F4, b, bo + j + 12));
            ((ByteVector) zero.blend(one, m0.cast(I4)).convertShape(VectorOperators.I2B, B8, 0)).intoArray(o, oo + j);
            ((ByteVector) zero.blend(one, m1.cast(I4)).convertShape(VectorOperators.I2B, B8, 0)).intoArray(o, oo + j + 4);
            ((ByteVector) zero.blend(one, m2.cast(I4)).convertShape(VectorOperators.I2B, B8, 0)).intoArray(o, oo + j + 8);
            ((ByteVector) zero.blend(one, m3.cast(I4)).convertShape(VectorOperators.I2B, B8, 0)).intoArray(o, oo + j + 12);
        }
        for (; j + 8 <= n; j += 4) {
            VectorMask<Float> m = FloatVector.fromArray(F4, a, ao + j).compare(VectorOperators.LE, FloatVector.fromArray(F4, b, bo + j));
            ((ByteVector) zero.blend(one, m.cast(I4)).convertShape(VectorOperators.I2B, B8, 0)).intoArray(o, oo + j);
        }
        for (; j < n; j++) {
            o[oo + j] = (byte) (a[ao + j] <= b[bo + j] ? 1 : 0);
        }
    }

    private static void vsLESS_EQUALF(byte[] o, int oo, float[] a, int ao, float s, int n) {
        int j = 0;
        FloatVector v = FloatVector.broadcast(F4, s);
        IntVector zero = IntVector.zero(I4);
        IntVector one = IntVector.broadcast(I4, 1);
        for (; j + 20 <= n; j += 16) {
            VectorMask<Float> m0 = FloatVector.fromArray(F4, a, ao + j).compare(VectorOperators.LE, v);
            VectorMask<Float> m1 = FloatVector.fromArray(F4, a, ao + j + 4).compare(VectorOperators.LE, v);
            VectorMask<Float> m2 = FloatVector.fromArray(F4, a, ao + j + 8).compare(VectorOperators.LE, v);
            VectorMask<Float> m3 = FloatVector.fromArray(F4, a, ao + j + 12).compare(VectorOperators.LE, v);
            ((ByteVector) zero.blend(one, m0.cast(I4)).convertShape(VectorOperators.I2B, B8, 0)).intoArray(o, oo + j);
            ((ByteVector) zero.blend(one, m1.cast(I4)).convertShape(VectorOperators.I2B, B8, 0)).intoArray(o, oo + j + 4);
            ((ByteVector) zero.blend(one, m2.cast(I4)).convertShape(VectorOperators.I2B, B8, 0)).intoArray(o, oo + j + 8);
            ((ByteVector) zero.blend(one, m3.cast(I4)).convertShape(VectorOperators.I2B, B8, 0)).intoArray(o, oo + j + 12);
        }
        for (; j + 8 <= n; j += 4) {
            VectorMask<Float> m = FloatVector.fromArray(F4, a, ao + j).compare(VectorOperators.LE, v);
            ((ByteVector) zero.blend(one, m.cast(I4)).convertShape(VectorOperators.I2B, B8, 0)).intoArray(o, oo + j);
        }
        for (; j < n; j++) {
            o[oo + j] = (byte) (a[ao + j] <= s ? 1 : 0);
        }
    }

    /** {@code >} on float, array against array and array against scalar. */
    private static final VectorLoop VV_GREATER_F = new VectorLoop() {
        @Override
        long run(Object x, int xo, int xs, Object y, int yo, int ys, Object z, int zo, int zs, int m, int n, double d, long l) {
            vvGREATERF((byte[]) x, xo, (float[]) y, yo, (float[]) z, zo, n);
            return 0;
        }
    };
    private static final VectorLoop VS_GREATER_F = new VectorLoop() {
        @Override
        long run(Object x, int xo, int xs, Object y, int yo, int ys, Object z, int zo, int zs, int m, int n, double d, long l) {
            vsGREATERF((byte[]) x, xo, (float[]) y, yo, (float) d, n);
            return 0;
        }
    };

    private static void vvGREATERF(byte[] o, int oo, float[] a, int ao, float[] b, int bo, int n) {
        int j = 0;
        IntVector zero = IntVector.zero(I4);
        IntVector one = IntVector.broadcast(I4, 1);
        for (; j + 20 <= n; j += 16) {
            // four steps a trip (see the class comment)
            VectorMask<Float> m0 = FloatVector.fromArray(F4, a, ao + j).compare(VectorOperators.GT, FloatVector.fromArray(F4, b, bo + j));
            VectorMask<Float> m1 = FloatVector.fromArray(F4, a, ao + j + 4).compare(VectorOperators.GT, FloatVector.fromArray(F4, b, bo + j + 4));
            VectorMask<Float> m2 = FloatVector.fromArray(F4, a, ao + j + 8).compare(VectorOperators.GT, FloatVector.fromArray(F4, b, bo + j + 8));
            VectorMask<Float> m3 = FloatVector.fromArray(F4, a, ao + j + 12).compare(VectorOperators.GT, FloatVector.fromArray(F4, b, bo + j + 12));
            ((ByteVector) zero.blend(one, m0.cast(I4)).convertShape(VectorOperators.I2B, B8, 0)).intoArray(o, oo + j);
            ((ByteVector) zero.blend(one, m1.cast(I4)).convertShape(VectorOperators.I2B, B8, 0)).intoArray(o, oo + j + 4);
            ((ByteVector) zero.blend(one, m2.cast(I4)).convertShape(VectorOperators.I2B, B8, 0)).intoArray(o, oo + j + 8);
            ((ByteVector) zero.blend(one, m3.cast(I4)).convertShape(VectorOperators.I2B, B8, 0)).intoArray(o, oo + j + 12);
        }
        for (; j + 8 <= n; j += 4) {
            VectorMask<Float> m = FloatVector.fromArray(F4, a, ao + j).compare(VectorOperators.GT, FloatVector.fromArray(F4, b, bo + j));
            ((ByteVector) zero.blend(one, m.cast(I4)).convertShape(VectorOperators.I2B, B8, 0)).intoArray(o, oo + j);
        }
        for (; j < n; j++) {
            o[oo + j] = (byte) (a[ao + j] > b[bo + j] ? 1 : 0);
        }
    }

    private static void vsGREATERF(byte[] o, int oo, float[] a, int ao, float s, int n) {
        int j = 0;
        FloatVector v = FloatVector.broadcast(F4, s);
        IntVector zero = IntVector.zero(I4);
        IntVector one = IntVector.broadcast(I4, 1);
        for (; j + 20 <= n; j += 16) {
            VectorMask<Float> m0 = FloatVector.fromArray(F4, a, ao + j).compare(VectorOperators.GT, v);
            VectorMask<Float> m1 = FloatVector.fromArray(F4, a, ao + j + 4).compare(VectorOperators.GT, v);
            VectorMask<Float> m2 = FloatVector.fromArray(F4, a, ao + j + 8).compare(VectorOperators.GT, v);
            VectorMask<Float> m3 = FloatVector.fromArray(F4, a, ao + j + 12).compare(VectorOperators.GT, v);
            ((ByteVector) zero.blend(one, m0.cast(I4)).convertShape(VectorOperators.I2B, B8, 0)).intoArray(o, oo + j);
            ((ByteVector) zero.blend(one, m1.cast(I4)).convertShape(VectorOperators.I2B, B8, 0)).intoArray(o, oo + j + 4);
            ((ByteVector) zero.blend(one, m2.cast(I4)).convertShape(VectorOperators.I2B, B8, 0)).intoArray(o, oo + j + 8);
            ((ByteVector) zero.blend(one, m3.cast(I4)).convertShape(VectorOperators.I2B, B8, 0)).intoArray(o, oo + j + 12);
        }
        for (; j + 8 <= n; j += 4) {
            VectorMask<Float> m = FloatVector.fromArray(F4, a, ao + j).compare(VectorOperators.GT, v);
            ((ByteVector) zero.blend(one, m.cast(I4)).convertShape(VectorOperators.I2B, B8, 0)).intoArray(o, oo + j);
        }
        for (; j < n; j++) {
            o[oo + j] = (byte) (a[ao + j] > s ? 1 : 0);
        }
    }

    /** {@code >=} on float, array against array and array against scalar. */
    private static final VectorLoop VV_GREATER_EQUAL_F = new VectorLoop() {
        @Override
        long run(Object x, int xo, int xs, Object y, int yo, int ys, Object z, int zo, int zs, int m, int n, double d, long l) {
            vvGREATER_EQUALF((byte[]) x, xo, (float[]) y, yo, (float[]) z, zo, n);
            return 0;
        }
    };
    private static final VectorLoop VS_GREATER_EQUAL_F = new VectorLoop() {
        @Override
        long run(Object x, int xo, int xs, Object y, int yo, int ys, Object z, int zo, int zs, int m, int n, double d, long l) {
            vsGREATER_EQUALF((byte[]) x, xo, (float[]) y, yo, (float) d, n);
            return 0;
        }
    };

    private static void vvGREATER_EQUALF(byte[] o, int oo, float[] a, int ao, float[] b, int bo, int n) {
        int j = 0;
        IntVector zero = IntVector.zero(I4);
        IntVector one = IntVector.broadcast(I4, 1);
        for (; j + 20 <= n; j += 16) {
            // four steps a trip (see the class comment)
            VectorMask<Float> m0 = FloatVector.fromArray(F4, a, ao + j).compare(VectorOperators.GE, FloatVector.fromArray(F4, b, bo + j));
            VectorMask<Float> m1 = FloatVector.fromArray(F4, a, ao + j + 4).compare(VectorOperators.GE, FloatVector.fromArray(F4, b, bo + j + 4));
            VectorMask<Float> m2 = FloatVector.fromArray(F4, a, ao + j + 8).compare(VectorOperators.GE, FloatVector.fromArray(F4, b, bo + j + 8));
            VectorMask<Float> m3 = FloatVector.fromArray(F4, a, ao + j + 12).compare(VectorOperators.GE, FloatVector.fromArray(F4, b, bo + j + 12));
            ((ByteVector) zero.blend(one, m0.cast(I4)).convertShape(VectorOperators.I2B, B8, 0)).intoArray(o, oo + j);
            ((ByteVector) zero.blend(one, m1.cast(I4)).convertShape(VectorOperators.I2B, B8, 0)).intoArray(o, oo + j + 4);
            ((ByteVector) zero.blend(one, m2.cast(I4)).convertShape(VectorOperators.I2B, B8, 0)).intoArray(o, oo + j + 8);
            ((ByteVector) zero.blend(one, m3.cast(I4)).convertShape(VectorOperators.I2B, B8, 0)).intoArray(o, oo + j + 12);
        }
        for (; j + 8 <= n; j += 4) {
            VectorMask<Float> m = FloatVector.fromArray(F4, a, ao + j).compare(VectorOperators.GE, FloatVector.fromArray(F4, b, bo + j));
            ((ByteVector) zero.blend(one, m.cast(I4)).convertShape(VectorOperators.I2B, B8, 0)).intoArray(o, oo + j);
        }
        for (; j < n; j++) {
            o[oo + j] = (byte) (a[ao + j] >= b[bo + j] ? 1 : 0);
        }
    }

    private static void vsGREATER_EQUALF(byte[] o, int oo, float[] a, int ao, float s, int n) {
        int j = 0;
        FloatVector v = FloatVector.broadcast(F4, s);
        IntVector zero = IntVector.zero(I4);
        IntVector one = IntVector.broadcast(I4, 1);
        for (; j + 20 <= n; j += 16) {
            VectorMask<Float> m0 = FloatVector.fromArray(F4, a, ao + j).compare(VectorOperators.GE, v);
            VectorMask<Float> m1 = FloatVector.fromArray(F4, a, ao + j + 4).compare(VectorOperators.GE, v);
            VectorMask<Float> m2 = FloatVector.fromArray(F4, a, ao + j + 8).compare(VectorOperators.GE, v);
            VectorMask<Float> m3 = FloatVector.fromArray(F4, a, ao + j + 12).compare(VectorOperators.GE, v);
            ((ByteVector) zero.blend(one, m0.cast(I4)).convertShape(VectorOperators.I2B, B8, 0)).intoArray(o, oo + j);
            ((ByteVector) zero.blend(one, m1.cast(I4)).convertShape(VectorOperators.I2B, B8, 0)).intoArray(o, oo + j + 4);
            ((ByteVector) zero.blend(one, m2.cast(I4)).convertShape(VectorOperators.I2B, B8, 0)).intoArray(o, oo + j + 8);
            ((ByteVector) zero.blend(one, m3.cast(I4)).convertShape(VectorOperators.I2B, B8, 0)).intoArray(o, oo + j + 12);
        }
        for (; j + 8 <= n; j += 4) {
            VectorMask<Float> m = FloatVector.fromArray(F4, a, ao + j).compare(VectorOperators.GE, v);
            ((ByteVector) zero.blend(one, m.cast(I4)).convertShape(VectorOperators.I2B, B8, 0)).intoArray(o, oo + j);
        }
        for (; j < n; j++) {
            o[oo + j] = (byte) (a[ao + j] >= s ? 1 : 0);
        }
    }

    /** {@code ==} on long, array against array and array against scalar. */
    private static final VectorLoop VV_EQUAL_L = new VectorLoop() {
        @Override
        long run(Object x, int xo, int xs, Object y, int yo, int ys, Object z, int zo, int zs, int m, int n, double d, long l) {
            vvEQUALL((byte[]) x, xo, (long[]) y, yo, (long[]) z, zo, n);
            return 0;
        }
    };
    private static final VectorLoop VS_EQUAL_L = new VectorLoop() {
        @Override
        long run(Object x, int xo, int xs, Object y, int yo, int ys, Object z, int zo, int zs, int m, int n, double d, long l) {
            vsEQUALL((byte[]) x, xo, (long[]) y, yo, l, n);
            return 0;
        }
    };

    private static void vvEQUALL(byte[] o, int oo, long[] a, int ao, long[] b, int bo, int n) {
        int j = 0;
        LongVector zero = LongVector.zero(L4);
        LongVector one = LongVector.broadcast(L4, 1L);
        for (; j + 20 <= n; j += 16) {
            // four steps a trip (see the class comment)
            VectorMask<Long> m0 = LongVector.fromArray(L4, a, ao + j).compare(VectorOperators.EQ, LongVector.fromArray(L4, b, bo + j));
            VectorMask<Long> m1 = LongVector.fromArray(L4, a, ao + j + 4).compare(VectorOperators.EQ, LongVector.fromArray(L4, b, bo + j + 4));
            VectorMask<Long> m2 = LongVector.fromArray(L4, a, ao + j + 8).compare(VectorOperators.EQ, LongVector.fromArray(L4, b, bo + j + 8));
            VectorMask<Long> m3 = LongVector.fromArray(L4, a, ao + j + 12).compare(VectorOperators.EQ, LongVector.fromArray(L4, b, bo + j + 12));
            ((ByteVector) zero.blend(one, m0).convertShape(VectorOperators.L2B, B8, 0)).intoArray(o, oo + j);
            ((ByteVector) zero.blend(one, m1).convertShape(VectorOperators.L2B, B8, 0)).intoArray(o, oo + j + 4);
            ((ByteVector) zero.blend(one, m2).convertShape(VectorOperators.L2B, B8, 0)).intoArray(o, oo + j + 8);
            ((ByteVector) zero.blend(one, m3).convertShape(VectorOperators.L2B, B8, 0)).intoArray(o, oo + j + 12);
        }
        for (; j + 8 <= n; j += 4) {
            VectorMask<Long> m = LongVector.fromArray(L4, a, ao + j).compare(VectorOperators.EQ, LongVector.fromArray(L4, b, bo + j));
            ((ByteVector) zero.blend(one, m).convertShape(VectorOperators.L2B, B8, 0)).intoArray(o, oo + j);
        }
        for (; j < n; j++) {
            o[oo + j] = (byte) (a[ao + j] == b[bo + j] ? 1 : 0);
        }
    }

    private static void vsEQUALL(byte[] o, int oo, long[] a, int ao, long s, int n) {
        int j = 0;
        LongVector v = LongVector.broadcast(L4, s);
        LongVector zero = LongVector.zero(L4);
        LongVector one = LongVector.broadcast(L4, 1L);
        for (; j + 20 <= n; j += 16) {
            VectorMask<Long> m0 = LongVector.fromArray(L4, a, ao + j).compare(VectorOperators.EQ, v);
            VectorMask<Long> m1 = LongVector.fromArray(L4, a, ao + j + 4).compare(VectorOperators.EQ, v);
            VectorMask<Long> m2 = LongVector.fromArray(L4, a, ao + j + 8).compare(VectorOperators.EQ, v);
            VectorMask<Long> m3 = LongVector.fromArray(L4, a, ao + j + 12).compare(VectorOperators.EQ, v);
            ((ByteVector) zero.blend(one, m0).convertShape(VectorOperators.L2B, B8, 0)).intoArray(o, oo + j);
            ((ByteVector) zero.blend(one, m1).convertShape(VectorOperators.L2B, B8, 0)).intoArray(o, oo + j + 4);
            ((ByteVector) zero.blend(one, m2).convertShape(VectorOperators.L2B, B8, 0)).intoArray(o, oo + j + 8);
            ((ByteVector) zero.blend(one, m3).convertShape(VectorOperators.L2B, B8, 0)).intoArray(o, oo + j + 12);
        }
        for (; j + 8 <= n; j += 4) {
            VectorMask<Long> m = LongVector.fromArray(L4, a, ao + j).compare(VectorOperators.EQ, v);
            ((ByteVector) zero.blend(one, m).convertShape(VectorOperators.L2B, B8, 0)).intoArray(o, oo + j);
        }
        for (; j < n; j++) {
            o[oo + j] = (byte) (a[ao + j] == s ? 1 : 0);
        }
    }

    /** {@code !=} on long, array against array and array against scalar. */
    private static final VectorLoop VV_NOT_EQUAL_L = new VectorLoop() {
        @Override
        long run(Object x, int xo, int xs, Object y, int yo, int ys, Object z, int zo, int zs, int m, int n, double d, long l) {
            vvNOT_EQUALL((byte[]) x, xo, (long[]) y, yo, (long[]) z, zo, n);
            return 0;
        }
    };
    private static final VectorLoop VS_NOT_EQUAL_L = new VectorLoop() {
        @Override
        long run(Object x, int xo, int xs, Object y, int yo, int ys, Object z, int zo, int zs, int m, int n, double d, long l) {
            vsNOT_EQUALL((byte[]) x, xo, (long[]) y, yo, l, n);
            return 0;
        }
    };

    private static void vvNOT_EQUALL(byte[] o, int oo, long[] a, int ao, long[] b, int bo, int n) {
        int j = 0;
        LongVector zero = LongVector.zero(L4);
        LongVector one = LongVector.broadcast(L4, 1L);
        for (; j + 20 <= n; j += 16) {
            // four steps a trip (see the class comment)
            VectorMask<Long> m0 = LongVector.fromArray(L4, a, ao + j).compare(VectorOperators.NE, LongVector.fromArray(L4, b, bo + j));
            VectorMask<Long> m1 = LongVector.fromArray(L4, a, ao + j + 4).compare(VectorOperators.NE, LongVector.fromArray(L4, b, bo + j + 4));
            VectorMask<Long> m2 = LongVector.fromArray(L4, a, ao + j + 8).compare(VectorOperators.NE, LongVector.fromArray(L4, b, bo + j + 8));
            VectorMask<Long> m3 = LongVector.fromArray(L4, a, ao + j + 12).compare(VectorOperators.NE, LongVector.fromArray(L4, b, bo + j + 12));
            ((ByteVector) zero.blend(one, m0).convertShape(VectorOperators.L2B, B8, 0)).intoArray(o, oo + j);
            ((ByteVector) zero.blend(one, m1).convertShape(VectorOperators.L2B, B8, 0)).intoArray(o, oo + j + 4);
            ((ByteVector) zero.blend(one, m2).convertShape(VectorOperators.L2B, B8, 0)).intoArray(o, oo + j + 8);
            ((ByteVector) zero.blend(one, m3).convertShape(VectorOperators.L2B, B8, 0)).intoArray(o, oo + j + 12);
        }
        for (; j + 8 <= n; j += 4) {
            VectorMask<Long> m = LongVector.fromArray(L4, a, ao + j).compare(VectorOperators.NE, LongVector.fromArray(L4, b, bo + j));
            ((ByteVector) zero.blend(one, m).convertShape(VectorOperators.L2B, B8, 0)).intoArray(o, oo + j);
        }
        for (; j < n; j++) {
            o[oo + j] = (byte) (a[ao + j] != b[bo + j] ? 1 : 0);
        }
    }

    private static void vsNOT_EQUALL(byte[] o, int oo, long[] a, int ao, long s, int n) {
        int j = 0;
        LongVector v = LongVector.broadcast(L4, s);
        LongVector zero = LongVector.zero(L4);
        LongVector one = LongVector.broadcast(L4, 1L);
        for (; j + 20 <= n; j += 16) {
            VectorMask<Long> m0 = LongVector.fromArray(L4, a, ao + j).compare(VectorOperators.NE, v);
            VectorMask<Long> m1 = LongVector.fromArray(L4, a, ao + j + 4).compare(VectorOperators.NE, v);
            VectorMask<Long> m2 = LongVector.fromArray(L4, a, ao + j + 8).compare(VectorOperators.NE, v);
            VectorMask<Long> m3 = LongVector.fromArray(L4, a, ao + j + 12).compare(VectorOperators.NE, v);
            ((ByteVector) zero.blend(one, m0).convertShape(VectorOperators.L2B, B8, 0)).intoArray(o, oo + j);
            ((ByteVector) zero.blend(one, m1).convertShape(VectorOperators.L2B, B8, 0)).intoArray(o, oo + j + 4);
            ((ByteVector) zero.blend(one, m2).convertShape(VectorOperators.L2B, B8, 0)).intoArray(o, oo + j + 8);
            ((ByteVector) zero.blend(one, m3).convertShape(VectorOperators.L2B, B8, 0)).intoArray(o, oo + j + 12);
        }
        for (; j + 8 <= n; j += 4) {
            VectorMask<Long> m = LongVector.fromArray(L4, a, ao + j).compare(VectorOperators.NE, v);
            ((ByteVector) zero.blend(one, m).convertShape(VectorOperators.L2B, B8, 0)).intoArray(o, oo + j);
        }
        for (; j < n; j++) {
            o[oo + j] = (byte) (a[ao + j] != s ? 1 : 0);
        }
    }

    /** {@code <} on long, array against array and array against scalar. */
    private static final VectorLoop VV_LESS_L = new VectorLoop() {
        @Override
        long run(Object x, int xo, int xs, Object y, int yo, int ys, Object z, int zo, int zs, int m, int n, double d, long l) {
            vvLESSL((byte[]) x, xo, (long[]) y, yo, (long[]) z, zo, n);
            return 0;
        }
    };
    private static final VectorLoop VS_LESS_L = new VectorLoop() {
        @Override
        long run(Object x, int xo, int xs, Object y, int yo, int ys, Object z, int zo, int zs, int m, int n, double d, long l) {
            vsLESSL((byte[]) x, xo, (long[]) y, yo, l, n);
            return 0;
        }
    };

    private static void vvLESSL(byte[] o, int oo, long[] a, int ao, long[] b, int bo, int n) {
        int j = 0;
        LongVector zero = LongVector.zero(L4);
        LongVector one = LongVector.broadcast(L4, 1L);
        for (; j + 20 <= n; j += 16) {
            // four steps a trip (see the class comment)
            VectorMask<Long> m0 = LongVector.fromArray(L4, a, ao + j).compare(VectorOperators.LT, LongVector.fromArray(L4, b, bo + j));
            VectorMask<Long> m1 = LongVector.fromArray(L4, a, ao + j + 4).compare(VectorOperators.LT, LongVector.fromArray(L4, b, bo + j + 4));
            VectorMask<Long> m2 = LongVector.fromArray(L4, a, ao + j + 8).compare(VectorOperators.LT, LongVector.fromArray(L4, b, bo + j + 8));
            VectorMask<Long> m3 = LongVector.fromArray(L4, a, ao + j + 12).compare(VectorOperators.LT, LongVector.fromArray(L4, b, bo + j + 12));
            ((ByteVector) zero.blend(one, m0).convertShape(VectorOperators.L2B, B8, 0)).intoArray(o, oo + j);
            ((ByteVector) zero.blend(one, m1).convertShape(VectorOperators.L2B, B8, 0)).intoArray(o, oo + j + 4);
            ((ByteVector) zero.blend(one, m2).convertShape(VectorOperators.L2B, B8, 0)).intoArray(o, oo + j + 8);
            ((ByteVector) zero.blend(one, m3).convertShape(VectorOperators.L2B, B8, 0)).intoArray(o, oo + j + 12);
        }
        for (; j + 8 <= n; j += 4) {
            VectorMask<Long> m = LongVector.fromArray(L4, a, ao + j).compare(VectorOperators.LT, LongVector.fromArray(L4, b, bo + j));
            ((ByteVector) zero.blend(one, m).convertShape(VectorOperators.L2B, B8, 0)).intoArray(o, oo + j);
        }
        for (; j < n; j++) {
            o[oo + j] = (byte) (a[ao + j] < b[bo + j] ? 1 : 0);
        }
    }

    private static void vsLESSL(byte[] o, int oo, long[] a, int ao, long s, int n) {
        int j = 0;
        LongVector v = LongVector.broadcast(L4, s);
        LongVector zero = LongVector.zero(L4);
        LongVector one = LongVector.broadcast(L4, 1L);
        for (; j + 20 <= n; j += 16) {
            VectorMask<Long> m0 = LongVector.fromArray(L4, a, ao + j).compare(VectorOperators.LT, v);
            VectorMask<Long> m1 = LongVector.fromArray(L4, a, ao + j + 4).compare(VectorOperators.LT, v);
            VectorMask<Long> m2 = LongVector.fromArray(L4, a, ao + j + 8).compare(VectorOperators.LT, v);
            VectorMask<Long> m3 = LongVector.fromArray(L4, a, ao + j + 12).compare(VectorOperators.LT, v);
            ((ByteVector) zero.blend(one, m0).convertShape(VectorOperators.L2B, B8, 0)).intoArray(o, oo + j);
            ((ByteVector) zero.blend(one, m1).convertShape(VectorOperators.L2B, B8, 0)).intoArray(o, oo + j + 4);
            ((ByteVector) zero.blend(one, m2).convertShape(VectorOperators.L2B, B8, 0)).intoArray(o, oo + j + 8);
            ((ByteVector) zero.blend(one, m3).convertShape(VectorOperators.L2B, B8, 0)).intoArray(o, oo + j + 12);
        }
        for (; j + 8 <= n; j += 4) {
            VectorMask<Long> m = LongVector.fromArray(L4, a, ao + j).compare(VectorOperators.LT, v);
            ((ByteVector) zero.blend(one, m).convertShape(VectorOperators.L2B, B8, 0)).intoArray(o, oo + j);
        }
        for (; j < n; j++) {
            o[oo + j] = (byte) (a[ao + j] < s ? 1 : 0);
        }
    }

    /** {@code <=} on long, array against array and array against scalar. */
    private static final VectorLoop VV_LESS_EQUAL_L = new VectorLoop() {
        @Override
        long run(Object x, int xo, int xs, Object y, int yo, int ys, Object z, int zo, int zs, int m, int n, double d, long l) {
            vvLESS_EQUALL((byte[]) x, xo, (long[]) y, yo, (long[]) z, zo, n);
            return 0;
        }
    };
    private static final VectorLoop VS_LESS_EQUAL_L = new VectorLoop() {
        @Override
        long run(Object x, int xo, int xs, Object y, int yo, int ys, Object z, int zo, int zs, int m, int n, double d, long l) {
            vsLESS_EQUALL((byte[]) x, xo, (long[]) y, yo, l, n);
            return 0;
        }
    };

    private static void vvLESS_EQUALL(byte[] o, int oo, long[] a, int ao, long[] b, int bo, int n) {
        int j = 0;
        LongVector zero = LongVector.zero(L4);
        LongVector one = LongVector.broadcast(L4, 1L);
        for (; j + 20 <= n; j += 16) {
            // four steps a trip (see the class comment)
            VectorMask<Long> m0 = LongVector.fromArray(L4, a, ao + j).compare(VectorOperators.LE, LongVector.fromArray(L4, b, bo + j));
            VectorMask<Long> m1 = LongVector.fromArray(L4, a, ao + j + 4).compare(VectorOperators.LE, LongVector.fromArray(L4, b, bo + j + 4));
            VectorMask<Long> m2 = LongVector.fromArray(L4, a, ao + j + 8).compare(VectorOperators.LE, LongVector.fromArray(L4, b, bo + j + 8));
            VectorMask<Long> m3 = LongVector.fromArray(L4, a, ao + j + 12).compare(VectorOperators.LE, LongVector.fromArray(L4, b, bo + j + 12));
            ((ByteVector) zero.blend(one, m0).convertShape(VectorOperators.L2B, B8, 0)).intoArray(o, oo + j);
            ((ByteVector) zero.blend(one, m1).convertShape(VectorOperators.L2B, B8, 0)).intoArray(o, oo + j + 4);
            ((ByteVector) zero.blend(one, m2).convertShape(VectorOperators.L2B, B8, 0)).intoArray(o, oo + j + 8);
            ((ByteVector) zero.blend(one, m3).convertShape(VectorOperators.L2B, B8, 0)).intoArray(o, oo + j + 12);
        }
        for (; j + 8 <= n; j += 4) {
            VectorMask<Long> m = LongVector.fromArray(L4, a, ao + j).compare(VectorOperators.LE, LongVector.fromArray(L4, b, bo + j));
            ((ByteVector) zero.blend(one, m).convertShape(VectorOperators.L2B, B8, 0)).intoArray(o, oo + j);
        }
        for (; j < n; j++) {
            o[oo + j] = (byte) (a[ao + j] <= b[bo + j] ? 1 : 0);
        }
    }

    private static void vsLESS_EQUALL(byte[] o, int oo, long[] a, int ao, long s, int n) {
        int j = 0;
        LongVector v = LongVector.broadcast(L4, s);
        LongVector zero = LongVector.zero(L4);
        LongVector one = LongVector.broadcast(L4, 1L);
        for (; j + 20 <= n; j += 16) {
            VectorMask<Long> m0 = LongVector.fromArray(L4, a, ao + j).compare(VectorOperators.LE, v);
            VectorMask<Long> m1 = LongVector.fromArray(L4, a, ao + j + 4).compare(VectorOperators.LE, v);
            VectorMask<Long> m2 = LongVector.fromArray(L4, a, ao + j + 8).compare(VectorOperators.LE, v);
            VectorMask<Long> m3 = LongVector.fromArray(L4, a, ao + j + 12).compare(VectorOperators.LE, v);
            ((ByteVector) zero.blend(one, m0).convertShape(VectorOperators.L2B, B8, 0)).intoArray(o, oo + j);
            ((ByteVector) zero.blend(one, m1).convertShape(VectorOperators.L2B, B8, 0)).intoArray(o, oo + j + 4);
            ((ByteVector) zero.blend(one, m2).convertShape(VectorOperators.L2B, B8, 0)).intoArray(o, oo + j + 8);
            ((ByteVector) zero.blend(one, m3).convertShape(VectorOperators.L2B, B8, 0)).intoArray(o, oo + j + 12);
        }
        for (; j + 8 <= n; j += 4) {
            VectorMask<Long> m = LongVector.fromArray(L4, a, ao + j).compare(VectorOperators.LE, v);
            ((ByteVector) zero.blend(one, m).convertShape(VectorOperators.L2B, B8, 0)).intoArray(o, oo + j);
        }
        for (; j < n; j++) {
            o[oo + j] = (byte) (a[ao + j] <= s ? 1 : 0);
        }
    }

    /** {@code >} on long, array against array and array against scalar. */
    private static final VectorLoop VV_GREATER_L = new VectorLoop() {
        @Override
        long run(Object x, int xo, int xs, Object y, int yo, int ys, Object z, int zo, int zs, int m, int n, double d, long l) {
            vvGREATERL((byte[]) x, xo, (long[]) y, yo, (long[]) z, zo, n);
            return 0;
        }
    };
    private static final VectorLoop VS_GREATER_L = new VectorLoop() {
        @Override
        long run(Object x, int xo, int xs, Object y, int yo, int ys, Object z, int zo, int zs, int m, int n, double d, long l) {
            vsGREATERL((byte[]) x, xo, (long[]) y, yo, l, n);
            return 0;
        }
    };

    private static void vvGREATERL(byte[] o, int oo, long[] a, int ao, long[] b, int bo, int n) {
        int j = 0;
        LongVector zero = LongVector.zero(L4);
        LongVector one = LongVector.broadcast(L4, 1L);
        for (; j + 20 <= n; j += 16) {
            // four steps a trip (see the class comment)
            VectorMask<Long> m0 = LongVector.fromArray(L4, a, ao + j).compare(VectorOperators.GT, LongVector.fromArray(L4, b, bo + j));
            VectorMask<Long> m1 = LongVector.fromArray(L4, a, ao + j + 4).compare(VectorOperators.GT, LongVector.fromArray(L4, b, bo + j + 4));
            VectorMask<Long> m2 = LongVector.fromArray(L4, a, ao + j + 8).compare(VectorOperators.GT, LongVector.fromArray(L4, b, bo + j + 8));
            VectorMask<Long> m3 = LongVector.fromArray(L4, a, ao + j + 12).compare(VectorOperators.GT, LongVector.fromArray(L4, b, bo + j + 12));
            ((ByteVector) zero.blend(one, m0).convertShape(VectorOperators.L2B, B8, 0)).intoArray(o, oo + j);
            ((ByteVector) zero.blend(one, m1).convertShape(VectorOperators.L2B, B8, 0)).intoArray(o, oo + j + 4);
            ((ByteVector) zero.blend(one, m2).convertShape(VectorOperators.L2B, B8, 0)).intoArray(o, oo + j + 8);
            ((ByteVector) zero.blend(one, m3).convertShape(VectorOperators.L2B, B8, 0)).intoArray(o, oo + j + 12);
        }
        for (; j + 8 <= n; j += 4) {
            VectorMask<Long> m = LongVector.fromArray(L4, a, ao + j).compare(VectorOperators.GT, LongVector.fromArray(L4, b, bo + j));
            ((ByteVector) zero.blend(one, m).convertShape(VectorOperators.L2B, B8, 0)).intoArray(o, oo + j);
        }
        for (; j < n; j++) {
            o[oo + j] = (byte) (a[ao + j] > b[bo + j] ? 1 : 0);
        }
    }

    private static void vsGREATERL(byte[] o, int oo, long[] a, int ao, long s, int n) {
        int j = 0;
        LongVector v = LongVector.broadcast(L4, s);
        LongVector zero = LongVector.zero(L4);
        LongVector one = LongVector.broadcast(L4, 1L);
        for (; j + 20 <= n; j += 16) {
            VectorMask<Long> m0 = LongVector.fromArray(L4, a, ao + j).compare(VectorOperators.GT, v);
            VectorMask<Long> m1 = LongVector.fromArray(L4, a, ao + j + 4).compare(VectorOperators.GT, v);
            VectorMask<Long> m2 = LongVector.fromArray(L4, a, ao + j + 8).compare(VectorOperators.GT, v);
            VectorMask<Long> m3 = LongVector.fromArray(L4, a, ao + j + 12).compare(VectorOperators.GT, v);
            ((ByteVector) zero.blend(one, m0).convertShape(VectorOperators.L2B, B8, 0)).intoArray(o, oo + j);
            ((ByteVector) zero.blend(one, m1).convertShape(VectorOperators.L2B, B8, 0)).intoArray(o, oo + j + 4);
            ((ByteVector) zero.blend(one, m2).convertShape(VectorOperators.L2B, B8, 0)).intoArray(o, oo + j + 8);
            ((ByteVector) zero.blend(one, m3).convertShape(VectorOperators.L2B, B8, 0)).intoArray(o, oo + j + 12);
        }
        for (; j + 8 <= n; j += 4) {
            VectorMask<Long> m = LongVector.fromArray(L4, a, ao + j).compare(VectorOperators.GT, v);
            ((ByteVector) zero.blend(one, m).convertShape(VectorOperators.L2B, B8, 0)).intoArray(o, oo + j);
        }
        for (; j < n; j++) {
            o[oo + j] = (byte) (a[ao + j] > s ? 1 : 0);
        }
    }

    /** {@code >=} on long, array against array and array against scalar. */
    private static final VectorLoop VV_GREATER_EQUAL_L = new VectorLoop() {
        @Override
        long run(Object x, int xo, int xs, Object y, int yo, int ys, Object z, int zo, int zs, int m, int n, double d, long l) {
            vvGREATER_EQUALL((byte[]) x, xo, (long[]) y, yo, (long[]) z, zo, n);
            return 0;
        }
    };
    private static final VectorLoop VS_GREATER_EQUAL_L = new VectorLoop() {
        @Override
        long run(Object x, int xo, int xs, Object y, int yo, int ys, Object z, int zo, int zs, int m, int n, double d, long l) {
            vsGREATER_EQUALL((byte[]) x, xo, (long[]) y, yo, l, n);
            return 0;
        }
    };

    private static void vvGREATER_EQUALL(byte[] o, int oo, long[] a, int ao, long[] b, int bo, int n) {
        int j = 0;
        LongVector zero = LongVector.zero(L4);
        LongVector one = LongVector.broadcast(L4, 1L);
        for (; j + 20 <= n; j += 16) {
            // four steps a trip (see the class comment)
            VectorMask<Long> m0 = LongVector.fromArray(L4, a, ao + j).compare(VectorOperators.GE, LongVector.fromArray(L4, b, bo + j));
            VectorMask<Long> m1 = LongVector.fromArray(L4, a, ao + j + 4).compare(VectorOperators.GE, LongVector.fromArray(L4, b, bo + j + 4));
            VectorMask<Long> m2 = LongVector.fromArray(L4, a, ao + j + 8).compare(VectorOperators.GE, LongVector.fromArray(L4, b, bo + j + 8));
            VectorMask<Long> m3 = LongVector.fromArray(L4, a, ao + j + 12).compare(VectorOperators.GE, LongVector.fromArray(L4, b, bo + j + 12));
            ((ByteVector) zero.blend(one, m0).convertShape(VectorOperators.L2B, B8, 0)).intoArray(o, oo + j);
            ((ByteVector) zero.blend(one, m1).convertShape(VectorOperators.L2B, B8, 0)).intoArray(o, oo + j + 4);
            ((ByteVector) zero.blend(one, m2).convertShape(VectorOperators.L2B, B8, 0)).intoArray(o, oo + j + 8);
            ((ByteVector) zero.blend(one, m3).convertShape(VectorOperators.L2B, B8, 0)).intoArray(o, oo + j + 12);
        }
        for (; j + 8 <= n; j += 4) {
            VectorMask<Long> m = LongVector.fromArray(L4, a, ao + j).compare(VectorOperators.GE, LongVector.fromArray(L4, b, bo + j));
            ((ByteVector) zero.blend(one, m).convertShape(VectorOperators.L2B, B8, 0)).intoArray(o, oo + j);
        }
        for (; j < n; j++) {
            o[oo + j] = (byte) (a[ao + j] >= b[bo + j] ? 1 : 0);
        }
    }

    private static void vsGREATER_EQUALL(byte[] o, int oo, long[] a, int ao, long s, int n) {
        int j = 0;
        LongVector v = LongVector.broadcast(L4, s);
        LongVector zero = LongVector.zero(L4);
        LongVector one = LongVector.broadcast(L4, 1L);
        for (; j + 20 <= n; j += 16) {
            VectorMask<Long> m0 = LongVector.fromArray(L4, a, ao + j).compare(VectorOperators.GE, v);
            VectorMask<Long> m1 = LongVector.fromArray(L4, a, ao + j + 4).compare(VectorOperators.GE, v);
            VectorMask<Long> m2 = LongVector.fromArray(L4, a, ao + j + 8).compare(VectorOperators.GE, v);
            VectorMask<Long> m3 = LongVector.fromArray(L4, a, ao + j + 12).compare(VectorOperators.GE, v);
            ((ByteVector) zero.blend(one, m0).convertShape(VectorOperators.L2B, B8, 0)).intoArray(o, oo + j);
            ((ByteVector) zero.blend(one, m1).convertShape(VectorOperators.L2B, B8, 0)).intoArray(o, oo + j + 4);
            ((ByteVector) zero.blend(one, m2).convertShape(VectorOperators.L2B, B8, 0)).intoArray(o, oo + j + 8);
            ((ByteVector) zero.blend(one, m3).convertShape(VectorOperators.L2B, B8, 0)).intoArray(o, oo + j + 12);
        }
        for (; j + 8 <= n; j += 4) {
            VectorMask<Long> m = LongVector.fromArray(L4, a, ao + j).compare(VectorOperators.GE, v);
            ((ByteVector) zero.blend(one, m).convertShape(VectorOperators.L2B, B8, 0)).intoArray(o, oo + j);
        }
        for (; j < n; j++) {
            o[oo + j] = (byte) (a[ao + j] >= s ? 1 : 0);
        }
    }

    /** {@code ==} on int, array against array and array against scalar. */
    private static final VectorLoop VV_EQUAL_I = new VectorLoop() {
        @Override
        long run(Object x, int xo, int xs, Object y, int yo, int ys, Object z, int zo, int zs, int m, int n, double d, long l) {
            vvEQUALI((byte[]) x, xo, (int[]) y, yo, (int[]) z, zo, n);
            return 0;
        }
    };
    private static final VectorLoop VS_EQUAL_I = new VectorLoop() {
        @Override
        long run(Object x, int xo, int xs, Object y, int yo, int ys, Object z, int zo, int zs, int m, int n, double d, long l) {
            vsEQUALI((byte[]) x, xo, (int[]) y, yo, (int) l, n);
            return 0;
        }
    };

    private static void vvEQUALI(byte[] o, int oo, int[] a, int ao, int[] b, int bo, int n) {
        int j = 0;
        IntVector zero = IntVector.zero(I4);
        IntVector one = IntVector.broadcast(I4, 1);
        for (; j + 20 <= n; j += 16) {
            // four steps a trip (see the class comment)
            VectorMask<Integer> m0 = IntVector.fromArray(I4, a, ao + j).compare(VectorOperators.EQ, IntVector.fromArray(I4, b, bo + j));
            VectorMask<Integer> m1 = IntVector.fromArray(I4, a, ao + j + 4).compare(VectorOperators.EQ, IntVector.fromArray(I4, b, bo + j + 4));
            VectorMask<Integer> m2 = IntVector.fromArray(I4, a, ao + j + 8).compare(VectorOperators.EQ, IntVector.fromArray(I4, b, bo + j + 8));
            VectorMask<Integer> m3 = IntVector.fromArray(I4, a, ao + j + 12).compare(VectorOperators.EQ, IntVector.fromArray(I4, b, bo + j + 12));
            ((ByteVector) zero.blend(one, m0).convertShape(VectorOperators.I2B, B8, 0)).intoArray(o, oo + j);
            ((ByteVector) zero.blend(one, m1).convertShape(VectorOperators.I2B, B8, 0)).intoArray(o, oo + j + 4);
            ((ByteVector) zero.blend(one, m2).convertShape(VectorOperators.I2B, B8, 0)).intoArray(o, oo + j + 8);
            ((ByteVector) zero.blend(one, m3).convertShape(VectorOperators.I2B, B8, 0)).intoArray(o, oo + j + 12);
        }
        for (; j + 8 <= n; j += 4) {
            VectorMask<Integer> m = IntVector.fromArray(I4, a, ao + j).compare(VectorOperators.EQ, IntVector.fromArray(I4, b, bo + j));
            ((ByteVector) zero.blend(one, m).convertShape(VectorOperators.I2B, B8, 0)).intoArray(o, oo + j);
        }
        for (; j < n; j++) {
            o[oo + j] = (byte) (a[ao + j] == b[bo + j] ? 1 : 0);
        }
    }

    private static void vsEQUALI(byte[] o, int oo, int[] a, int ao, int s, int n) {
        int j = 0;
        IntVector v = IntVector.broadcast(I4, s);
        IntVector zero = IntVector.zero(I4);
        IntVector one = IntVector.broadcast(I4, 1);
        for (; j + 20 <= n; j += 16) {
            VectorMask<Integer> m0 = IntVector.fromArray(I4, a, ao + j).compare(VectorOperators.EQ, v);
            VectorMask<Integer> m1 = IntVector.fromArray(I4, a, ao + j + 4).compare(VectorOperators.EQ, v);
            VectorMask<Integer> m2 = IntVector.fromArray(I4, a, ao + j + 8).compare(VectorOperators.EQ, v);
            VectorMask<Integer> m3 = IntVector.fromArray(I4, a, ao + j + 12).compare(VectorOperators.EQ, v);
            ((ByteVector) zero.blend(one, m0).convertShape(VectorOperators.I2B, B8, 0)).intoArray(o, oo + j);
            ((ByteVector) zero.blend(one, m1).convertShape(VectorOperators.I2B, B8, 0)).intoArray(o, oo + j + 4);
            ((ByteVector) zero.blend(one, m2).convertShape(VectorOperators.I2B, B8, 0)).intoArray(o, oo + j + 8);
            ((ByteVector) zero.blend(one, m3).convertShape(VectorOperators.I2B, B8, 0)).intoArray(o, oo + j + 12);
        }
        for (; j + 8 <= n; j += 4) {
            VectorMask<Integer> m = IntVector.fromArray(I4, a, ao + j).compare(VectorOperators.EQ, v);
            ((ByteVector) zero.blend(one, m).convertShape(VectorOperators.I2B, B8, 0)).intoArray(o, oo + j);
        }
        for (; j < n; j++) {
            o[oo + j] = (byte) (a[ao + j] == s ? 1 : 0);
        }
    }

    /** {@code !=} on int, array against array and array against scalar. */
    private static final VectorLoop VV_NOT_EQUAL_I = new VectorLoop() {
        @Override
        long run(Object x, int xo, int xs, Object y, int yo, int ys, Object z, int zo, int zs, int m, int n, double d, long l) {
            vvNOT_EQUALI((byte[]) x, xo, (int[]) y, yo, (int[]) z, zo, n);
            return 0;
        }
    };
    private static final VectorLoop VS_NOT_EQUAL_I = new VectorLoop() {
        @Override
        long run(Object x, int xo, int xs, Object y, int yo, int ys, Object z, int zo, int zs, int m, int n, double d, long l) {
            vsNOT_EQUALI((byte[]) x, xo, (int[]) y, yo, (int) l, n);
            return 0;
        }
    };

    private static void vvNOT_EQUALI(byte[] o, int oo, int[] a, int ao, int[] b, int bo, int n) {
        int j = 0;
        IntVector zero = IntVector.zero(I4);
        IntVector one = IntVector.broadcast(I4, 1);
        for (; j + 20 <= n; j += 16) {
            // four steps a trip (see the class comment)
            VectorMask<Integer> m0 = IntVector.fromArray(I4, a, ao + j).compare(VectorOperators.NE, IntVector.fromArray(I4, b, bo + j));
            VectorMask<Integer> m1 = IntVector.fromArray(I4, a, ao + j + 4).compare(VectorOperators.NE, IntVector.fromArray(I4, b, bo + j + 4));
            VectorMask<Integer> m2 = IntVector.fromArray(I4, a, ao + j + 8).compare(VectorOperators.NE, IntVector.fromArray(I4, b, bo + j + 8));
            VectorMask<Integer> m3 = IntVector.fromArray(I4, a, ao + j + 12).compare(VectorOperators.NE, IntVector.fromArray(I4, b, bo + j + 12));
            ((ByteVector) zero.blend(one, m0).convertShape(VectorOperators.I2B, B8, 0)).intoArray(o, oo + j);
            ((ByteVector) zero.blend(one, m1).convertShape(VectorOperators.I2B, B8, 0)).intoArray(o, oo + j + 4);
            ((ByteVector) zero.blend(one, m2).convertShape(VectorOperators.I2B, B8, 0)).intoArray(o, oo + j + 8);
            ((ByteVector) zero.blend(one, m3).convertShape(VectorOperators.I2B, B8, 0)).intoArray(o, oo + j + 12);
        }
        for (; j + 8 <= n; j += 4) {
            VectorMask<Integer> m = IntVector.fromArray(I4, a, ao + j).compare(VectorOperators.NE, IntVector.fromArray(I4, b, bo + j));
            ((ByteVector) zero.blend(one, m).convertShape(VectorOperators.I2B, B8, 0)).intoArray(o, oo + j);
        }
        for (; j < n; j++) {
            o[oo + j] = (byte) (a[ao + j] != b[bo + j] ? 1 : 0);
        }
    }

    private static void vsNOT_EQUALI(byte[] o, int oo, int[] a, int ao, int s, int n) {
        int j = 0;
        IntVector v = IntVector.broadcast(I4, s);
        IntVector zero = IntVector.zero(I4);
        IntVector one = IntVector.broadcast(I4, 1);
        for (; j + 20 <= n; j += 16) {
            VectorMask<Integer> m0 = IntVector.fromArray(I4, a, ao + j).compare(VectorOperators.NE, v);
            VectorMask<Integer> m1 = IntVector.fromArray(I4, a, ao + j + 4).compare(VectorOperators.NE, v);
            VectorMask<Integer> m2 = IntVector.fromArray(I4, a, ao + j + 8).compare(VectorOperators.NE, v);
            VectorMask<Integer> m3 = IntVector.fromArray(I4, a, ao + j + 12).compare(VectorOperators.NE, v);
            ((ByteVector) zero.blend(one, m0).convertShape(VectorOperators.I2B, B8, 0)).intoArray(o, oo + j);
            ((ByteVector) zero.blend(one, m1).convertShape(VectorOperators.I2B, B8, 0)).intoArray(o, oo + j + 4);
            ((ByteVector) zero.blend(one, m2).convertShape(VectorOperators.I2B, B8, 0)).intoArray(o, oo + j + 8);
            ((ByteVector) zero.blend(one, m3).convertShape(VectorOperators.I2B, B8, 0)).intoArray(o, oo + j + 12);
        }
        for (; j + 8 <= n; j += 4) {
            VectorMask<Integer> m = IntVector.fromArray(I4, a, ao + j).compare(VectorOperators.NE, v);
            ((ByteVector) zero.blend(one, m).convertShape(VectorOperators.I2B, B8, 0)).intoArray(o, oo + j);
        }
        for (; j < n; j++) {
            o[oo + j] = (byte) (a[ao + j] != s ? 1 : 0);
        }
    }

    /** {@code <} on int, array against array and array against scalar. */
    private static final VectorLoop VV_LESS_I = new VectorLoop() {
        @Override
        long run(Object x, int xo, int xs, Object y, int yo, int ys, Object z, int zo, int zs, int m, int n, double d, long l) {
            vvLESSI((byte[]) x, xo, (int[]) y, yo, (int[]) z, zo, n);
            return 0;
        }
    };
    private static final VectorLoop VS_LESS_I = new VectorLoop() {
        @Override
        long run(Object x, int xo, int xs, Object y, int yo, int ys, Object z, int zo, int zs, int m, int n, double d, long l) {
            vsLESSI((byte[]) x, xo, (int[]) y, yo, (int) l, n);
            return 0;
        }
    };

    private static void vvLESSI(byte[] o, int oo, int[] a, int ao, int[] b, int bo, int n) {
        int j = 0;
        IntVector zero = IntVector.zero(I4);
        IntVector one = IntVector.broadcast(I4, 1);
        for (; j + 20 <= n; j += 16) {
            // four steps a trip (see the class comment)
            VectorMask<Integer> m0 = IntVector.fromArray(I4, a, ao + j).compare(VectorOperators.LT, IntVector.fromArray(I4, b, bo + j));
            VectorMask<Integer> m1 = IntVector.fromArray(I4, a, ao + j + 4).compare(VectorOperators.LT, IntVector.fromArray(I4, b, bo + j + 4));
            VectorMask<Integer> m2 = IntVector.fromArray(I4, a, ao + j + 8).compare(VectorOperators.LT, IntVector.fromArray(I4, b, bo + j + 8));
            VectorMask<Integer> m3 = IntVector.fromArray(I4, a, ao + j + 12).compare(VectorOperators.LT, IntVector.fromArray(I4, b, bo + j + 12));
            ((ByteVector) zero.blend(one, m0).convertShape(VectorOperators.I2B, B8, 0)).intoArray(o, oo + j);
            ((ByteVector) zero.blend(one, m1).convertShape(VectorOperators.I2B, B8, 0)).intoArray(o, oo + j + 4);
            ((ByteVector) zero.blend(one, m2).convertShape(VectorOperators.I2B, B8, 0)).intoArray(o, oo + j + 8);
            ((ByteVector) zero.blend(one, m3).convertShape(VectorOperators.I2B, B8, 0)).intoArray(o, oo + j + 12);
        }
        for (; j + 8 <= n; j += 4) {
            VectorMask<Integer> m = IntVector.fromArray(I4, a, ao + j).compare(VectorOperators.LT, IntVector.fromArray(I4, b, bo + j));
            ((ByteVector) zero.blend(one, m).convertShape(VectorOperators.I2B, B8, 0)).intoArray(o, oo + j);
        }
        for (; j < n; j++) {
            o[oo + j] = (byte) (a[ao + j] < b[bo + j] ? 1 : 0);
        }
    }

    private static void vsLESSI(byte[] o, int oo, int[] a, int ao, int s, int n) {
        int j = 0;
        IntVector v = IntVector.broadcast(I4, s);
        IntVector zero = IntVector.zero(I4);
        IntVector one = IntVector.broadcast(I4, 1);
        for (; j + 20 <= n; j += 16) {
            VectorMask<Integer> m0 = IntVector.fromArray(I4, a, ao + j).compare(VectorOperators.LT, v);
            VectorMask<Integer> m1 = IntVector.fromArray(I4, a, ao + j + 4).compare(VectorOperators.LT, v);
            VectorMask<Integer> m2 = IntVector.fromArray(I4, a, ao + j + 8).compare(VectorOperators.LT, v);
            VectorMask<Integer> m3 = IntVector.fromArray(I4, a, ao + j + 12).compare(VectorOperators.LT, v);
            ((ByteVector) zero.blend(one, m0).convertShape(VectorOperators.I2B, B8, 0)).intoArray(o, oo + j);
            ((ByteVector) zero.blend(one, m1).convertShape(VectorOperators.I2B, B8, 0)).intoArray(o, oo + j + 4);
            ((ByteVector) zero.blend(one, m2).convertShape(VectorOperators.I2B, B8, 0)).intoArray(o, oo + j + 8);
            ((ByteVector) zero.blend(one, m3).convertShape(VectorOperators.I2B, B8, 0)).intoArray(o, oo + j + 12);
        }
        for (; j + 8 <= n; j += 4) {
            VectorMask<Integer> m = IntVector.fromArray(I4, a, ao + j).compare(VectorOperators.LT, v);
            ((ByteVector) zero.blend(one, m).convertShape(VectorOperators.I2B, B8, 0)).intoArray(o, oo + j);
        }
        for (; j < n; j++) {
            o[oo + j] = (byte) (a[ao + j] < s ? 1 : 0);
        }
    }

    /** {@code <=} on int, array against array and array against scalar. */
    private static final VectorLoop VV_LESS_EQUAL_I = new VectorLoop() {
        @Override
        long run(Object x, int xo, int xs, Object y, int yo, int ys, Object z, int zo, int zs, int m, int n, double d, long l) {
            vvLESS_EQUALI((byte[]) x, xo, (int[]) y, yo, (int[]) z, zo, n);
            return 0;
        }
    };
    private static final VectorLoop VS_LESS_EQUAL_I = new VectorLoop() {
        @Override
        long run(Object x, int xo, int xs, Object y, int yo, int ys, Object z, int zo, int zs, int m, int n, double d, long l) {
            vsLESS_EQUALI((byte[]) x, xo, (int[]) y, yo, (int) l, n);
            return 0;
        }
    };

    private static void vvLESS_EQUALI(byte[] o, int oo, int[] a, int ao, int[] b, int bo, int n) {
        int j = 0;
        IntVector zero = IntVector.zero(I4);
        IntVector one = IntVector.broadcast(I4, 1);
        for (; j + 20 <= n; j += 16) {
            // four steps a trip (see the class comment)
            VectorMask<Integer> m0 = IntVector.fromArray(I4, a, ao + j).compare(VectorOperators.LE, IntVector.fromArray(I4, b, bo + j));
            VectorMask<Integer> m1 = IntVector.fromArray(I4, a, ao + j + 4).compare(VectorOperators.LE, IntVector.fromArray(I4, b, bo + j + 4));
            VectorMask<Integer> m2 = IntVector.fromArray(I4, a, ao + j + 8).compare(VectorOperators.LE, IntVector.fromArray(I4, b, bo + j + 8));
            VectorMask<Integer> m3 = IntVector.fromArray(I4, a, ao + j + 12).compare(VectorOperators.LE, IntVector.fromArray(I4, b, bo + j + 12));
            ((ByteVector) zero.blend(one, m0).convertShape(VectorOperators.I2B, B8, 0)).intoArray(o, oo + j);
            ((ByteVector) zero.blend(one, m1).convertShape(VectorOperators.I2B, B8, 0)).intoArray(o, oo + j + 4);
            ((ByteVector) zero.blend(one, m2).convertShape(VectorOperators.I2B, B8, 0)).intoArray(o, oo + j + 8);
            ((ByteVector) zero.blend(one, m3).convertShape(VectorOperators.I2B, B8, 0)).intoArray(o, oo + j + 12);
        }
        for (; j + 8 <= n; j += 4) {
            VectorMask<Integer> m = IntVector.fromArray(I4, a, ao + j).compare(VectorOperators.LE, IntVector.fromArray(I4, b, bo + j));
            ((ByteVector) zero.blend(one, m).convertShape(VectorOperators.I2B, B8, 0)).intoArray(o, oo + j);
        }
        for (; j < n; j++) {
            o[oo + j] = (byte) (a[ao + j] <= b[bo + j] ? 1 : 0);
        }
    }

    private static void vsLESS_EQUALI(byte[] o, int oo, int[] a, int ao, int s, int n) {
        int j = 0;
        IntVector v = IntVector.broadcast(I4, s);
        IntVector zero = IntVector.zero(I4);
        IntVector one = IntVector.broadcast(I4, 1);
        for (; j + 20 <= n; j += 16) {
            VectorMask<Integer> m0 = IntVector.fromArray(I4, a, ao + j).compare(VectorOperators.LE, v);
            VectorMask<Integer> m1 = IntVector.fromArray(I4, a, ao + j + 4).compare(VectorOperators.LE, v);
            VectorMask<Integer> m2 = IntVector.fromArray(I4, a, ao + j + 8).compare(VectorOperators.LE, v);
            VectorMask<Integer> m3 = IntVector.fromArray(I4, a, ao + j + 12).compare(VectorOperators.LE, v);
            ((ByteVector) zero.blend(one, m0).convertShape(VectorOperators.I2B, B8, 0)).intoArray(o, oo + j);
            ((ByteVector) zero.blend(one, m1).convertShape(VectorOperators.I2B, B8, 0)).intoArray(o, oo + j + 4);
            ((ByteVector) zero.blend(one, m2).convertShape(VectorOperators.I2B, B8, 0)).intoArray(o, oo + j + 8);
            ((ByteVector) zero.blend(one, m3).convertShape(VectorOperators.I2B, B8, 0)).intoArray(o, oo + j + 12);
        }
        for (; j + 8 <= n; j += 4) {
            VectorMask<Integer> m = IntVector.fromArray(I4, a, ao + j).compare(VectorOperators.LE, v);
            ((ByteVector) zero.blend(one, m).convertShape(VectorOperators.I2B, B8, 0)).intoArray(o, oo + j);
        }
        for (; j < n; j++) {
            o[oo + j] = (byte) (a[ao + j] <= s ? 1 : 0);
        }
    }

    /** {@code >} on int, array against array and array against scalar. */
    private static final VectorLoop VV_GREATER_I = new VectorLoop() {
        @Override
        long run(Object x, int xo, int xs, Object y, int yo, int ys, Object z, int zo, int zs, int m, int n, double d, long l) {
            vvGREATERI((byte[]) x, xo, (int[]) y, yo, (int[]) z, zo, n);
            return 0;
        }
    };
    private static final VectorLoop VS_GREATER_I = new VectorLoop() {
        @Override
        long run(Object x, int xo, int xs, Object y, int yo, int ys, Object z, int zo, int zs, int m, int n, double d, long l) {
            vsGREATERI((byte[]) x, xo, (int[]) y, yo, (int) l, n);
            return 0;
        }
    };

    private static void vvGREATERI(byte[] o, int oo, int[] a, int ao, int[] b, int bo, int n) {
        int j = 0;
        IntVector zero = IntVector.zero(I4);
        IntVector one = IntVector.broadcast(I4, 1);
        for (; j + 20 <= n; j += 16) {
            // four steps a trip (see the class comment)
            VectorMask<Integer> m0 = IntVector.fromArray(I4, a, ao + j).compare(VectorOperators.GT, IntVector.fromArray(I4, b, bo + j));
            VectorMask<Integer> m1 = IntVector.fromArray(I4, a, ao + j + 4).compare(VectorOperators.GT, IntVector.fromArray(I4, b, bo + j + 4));
            VectorMask<Integer> m2 = IntVector.fromArray(I4, a, ao + j + 8).compare(VectorOperators.GT, IntVector.fromArray(I4, b, bo + j + 8));
            VectorMask<Integer> m3 = IntVector.fromArray(I4, a, ao + j + 12).compare(VectorOperators.GT, IntVector.fromArray(I4, b, bo + j + 12));
            ((ByteVector) zero.blend(one, m0).convertShape(VectorOperators.I2B, B8, 0)).intoArray(o, oo + j);
            ((ByteVector) zero.blend(one, m1).convertShape(VectorOperators.I2B, B8, 0)).intoArray(o, oo + j + 4);
            ((ByteVector) zero.blend(one, m2).convertShape(VectorOperators.I2B, B8, 0)).intoArray(o, oo + j + 8);
            ((ByteVector) zero.blend(one, m3).convertShape(VectorOperators.I2B, B8, 0)).intoArray(o, oo + j + 12);
        }
        for (; j + 8 <= n; j += 4) {
            VectorMask<Integer> m = IntVector.fromArray(I4, a, ao + j).compare(VectorOperators.GT, IntVector.fromArray(I4, b, bo + j));
            ((ByteVector) zero.blend(one, m).convertShape(VectorOperators.I2B, B8, 0)).intoArray(o, oo + j);
        }
        for (; j < n; j++) {
            o[oo + j] = (byte) (a[ao + j] > b[bo + j] ? 1 : 0);
        }
    }

    private static void vsGREATERI(byte[] o, int oo, int[] a, int ao, int s, int n) {
        int j = 0;
        IntVector v = IntVector.broadcast(I4, s);
        IntVector zero = IntVector.zero(I4);
        IntVector one = IntVector.broadcast(I4, 1);
        for (; j + 20 <= n; j += 16) {
            VectorMask<Integer> m0 = IntVector.fromArray(I4, a, ao + j).compare(VectorOperators.GT, v);
            VectorMask<Integer> m1 = IntVector.fromArray(I4, a, ao + j + 4).compare(VectorOperators.GT, v);
            VectorMask<Integer> m2 = IntVector.fromArray(I4, a, ao + j + 8).compare(VectorOperators.GT, v);
            VectorMask<Integer> m3 = IntVector.fromArray(I4, a, ao + j + 12).compare(VectorOperators.GT, v);
            ((ByteVector) zero.blend(one, m0).convertShape(VectorOperators.I2B, B8, 0)).intoArray(o, oo + j);
            ((ByteVector) zero.blend(one, m1).convertShape(VectorOperators.I2B, B8, 0)).intoArray(o, oo + j + 4);
            ((ByteVector) zero.blend(one, m2).convertShape(VectorOperators.I2B, B8, 0)).intoArray(o, oo + j + 8);
            ((ByteVector) zero.blend(one, m3).convertShape(VectorOperators.I2B, B8, 0)).intoArray(o, oo + j + 12);
        }
        for (; j + 8 <= n; j += 4) {
            VectorMask<Integer> m = IntVector.fromArray(I4, a, ao + j).compare(VectorOperators.GT, v);
            ((ByteVector) zero.blend(one, m).convertShape(VectorOperators.I2B, B8, 0)).intoArray(o, oo + j);
        }
        for (; j < n; j++) {
            o[oo + j] = (byte) (a[ao + j] > s ? 1 : 0);
        }
    }

    /** {@code >=} on int, array against array and array against scalar. */
    private static final VectorLoop VV_GREATER_EQUAL_I = new VectorLoop() {
        @Override
        long run(Object x, int xo, int xs, Object y, int yo, int ys, Object z, int zo, int zs, int m, int n, double d, long l) {
            vvGREATER_EQUALI((byte[]) x, xo, (int[]) y, yo, (int[]) z, zo, n);
            return 0;
        }
    };
    private static final VectorLoop VS_GREATER_EQUAL_I = new VectorLoop() {
        @Override
        long run(Object x, int xo, int xs, Object y, int yo, int ys, Object z, int zo, int zs, int m, int n, double d, long l) {
            vsGREATER_EQUALI((byte[]) x, xo, (int[]) y, yo, (int) l, n);
            return 0;
        }
    };

    private static void vvGREATER_EQUALI(byte[] o, int oo, int[] a, int ao, int[] b, int bo, int n) {
        int j = 0;
        IntVector zero = IntVector.zero(I4);
        IntVector one = IntVector.broadcast(I4, 1);
        for (; j + 20 <= n; j += 16) {
            // four steps a trip (see the class comment)
            VectorMask<Integer> m0 = IntVector.fromArray(I4, a, ao + j).compare(VectorOperators.GE, IntVector.fromArray(I4, b, bo + j));
            VectorMask<Integer> m1 = IntVector.fromArray(I4, a, ao + j + 4).compare(VectorOperators.GE, IntVector.fromArray(I4, b, bo + j + 4));
            VectorMask<Integer> m2 = IntVector.fromArray(I4, a, ao + j + 8).compare(VectorOperators.GE, IntVector.fromArray(I4, b, bo + j + 8));
            VectorMask<Integer> m3 = IntVector.fromArray(I4, a, ao + j + 12).compare(VectorOperators.GE, IntVector.fromArray(I4, b, bo + j + 12));
            ((ByteVector) zero.blend(one, m0).convertShape(VectorOperators.I2B, B8, 0)).intoArray(o, oo + j);
            ((ByteVector) zero.blend(one, m1).convertShape(VectorOperators.I2B, B8, 0)).intoArray(o, oo + j + 4);
            ((ByteVector) zero.blend(one, m2).convertShape(VectorOperators.I2B, B8, 0)).intoArray(o, oo + j + 8);
            ((ByteVector) zero.blend(one, m3).convertShape(VectorOperators.I2B, B8, 0)).intoArray(o, oo + j + 12);
        }
        for (; j + 8 <= n; j += 4) {
            VectorMask<Integer> m = IntVector.fromArray(I4, a, ao + j).compare(VectorOperators.GE, IntVector.fromArray(I4, b, bo + j));
            ((ByteVector) zero.blend(one, m).convertShape(VectorOperators.I2B, B8, 0)).intoArray(o, oo + j);
        }
        for (; j < n; j++) {
            o[oo + j] = (byte) (a[ao + j] >= b[bo + j] ? 1 : 0);
        }
    }

    private static void vsGREATER_EQUALI(byte[] o, int oo, int[] a, int ao, int s, int n) {
        int j = 0;
        IntVector v = IntVector.broadcast(I4, s);
        IntVector zero = IntVector.zero(I4);
        IntVector one = IntVector.broadcast(I4, 1);
        for (; j + 20 <= n; j += 16) {
            VectorMask<Integer> m0 = IntVector.fromArray(I4, a, ao + j).compare(VectorOperators.GE, v);
            VectorMask<Integer> m1 = IntVector.fromArray(I4, a, ao + j + 4).compare(VectorOperators.GE, v);
            VectorMask<Integer> m2 = IntVector.fromArray(I4, a, ao + j + 8).compare(VectorOperators.GE, v);
            VectorMask<Integer> m3 = IntVector.fromArray(I4, a, ao + j + 12).compare(VectorOperators.GE, v);
            ((ByteVector) zero.blend(one, m0).convertShape(VectorOperators.I2B, B8, 0)).intoArray(o, oo + j);
            ((ByteVector) zero.blend(one, m1).convertShape(VectorOperators.I2B, B8, 0)).intoArray(o, oo + j + 4);
            ((ByteVector) zero.blend(one, m2).convertShape(VectorOperators.I2B, B8, 0)).intoArray(o, oo + j + 8);
            ((ByteVector) zero.blend(one, m3).convertShape(VectorOperators.I2B, B8, 0)).intoArray(o, oo + j + 12);
        }
        for (; j + 8 <= n; j += 4) {
            VectorMask<Integer> m = IntVector.fromArray(I4, a, ao + j).compare(VectorOperators.GE, v);
            ((ByteVector) zero.blend(one, m).convertShape(VectorOperators.I2B, B8, 0)).intoArray(o, oo + j);
        }
        for (; j < n; j++) {
            o[oo + j] = (byte) (a[ao + j] >= s ? 1 : 0);
        }
    }

    /** {@code ==} on byte, array against array and array against scalar. */
    private static final VectorLoop VV_EQUAL_Z = new VectorLoop() {
        @Override
        long run(Object x, int xo, int xs, Object y, int yo, int ys, Object z, int zo, int zs, int m, int n, double d, long l) {
            vvEQUALZ((byte[]) x, xo, (byte[]) y, yo, (byte[]) z, zo, n);
            return 0;
        }
    };
    private static final VectorLoop VS_EQUAL_Z = new VectorLoop() {
        @Override
        long run(Object x, int xo, int xs, Object y, int yo, int ys, Object z, int zo, int zs, int m, int n, double d, long l) {
            vsEQUALZ((byte[]) x, xo, (byte[]) y, yo, (byte) l, n);
            return 0;
        }
    };

    private static void vvEQUALZ(byte[] o, int oo, byte[] a, int ao, byte[] b, int bo, int n) {
        int j = 0;
        ByteVector one = ByteVector.broadcast(B8, (byte) 1);
        for (; j + 8 <= n; j += 8) {
            VectorMask<Byte> m = ByteVector.fromArray(B8, a, ao + j).compare(VectorOperators.EQ, ByteVector.fromArray(B8, b, bo + j));
            ByteVector.zero(B8).blend(one, m).intoArray(o, oo + j);
        }
        for (; j < n; j++) {
            o[oo + j] = (byte) (a[ao + j] == b[bo + j] ? 1 : 0);
        }
    }

    private static void vsEQUALZ(byte[] o, int oo, byte[] a, int ao, byte s, int n) {
        int j = 0;
        ByteVector v = ByteVector.broadcast(B8, s);
        ByteVector one = ByteVector.broadcast(B8, (byte) 1);
        for (; j + 8 <= n; j += 8) {
            VectorMask<Byte> m = ByteVector.fromArray(B8, a, ao + j).compare(VectorOperators.EQ, v);
            ByteVector.zero(B8).blend(one, m).intoArray(o, oo + j);
        }
        for (; j < n; j++) {
            o[oo + j] = (byte) (a[ao + j] == s ? 1 : 0);
        }
    }

    /** {@code !=} on byte, array against array and array against scalar. */
    private static final VectorLoop VV_NOT_EQUAL_Z = new VectorLoop() {
        @Override
        long run(Object x, int xo, int xs, Object y, int yo, int ys, Object z, int zo, int zs, int m, int n, double d, long l) {
            vvNOT_EQUALZ((byte[]) x, xo, (byte[]) y, yo, (byte[]) z, zo, n);
            return 0;
        }
    };
    private static final VectorLoop VS_NOT_EQUAL_Z = new VectorLoop() {
        @Override
        long run(Object x, int xo, int xs, Object y, int yo, int ys, Object z, int zo, int zs, int m, int n, double d, long l) {
            vsNOT_EQUALZ((byte[]) x, xo, (byte[]) y, yo, (byte) l, n);
            return 0;
        }
    };

    private static void vvNOT_EQUALZ(byte[] o, int oo, byte[] a, int ao, byte[] b, int bo, int n) {
        int j = 0;
        ByteVector one = ByteVector.broadcast(B8, (byte) 1);
        for (; j + 8 <= n; j += 8) {
            VectorMask<Byte> m = ByteVector.fromArray(B8, a, ao + j).compare(VectorOperators.NE, ByteVector.fromArray(B8, b, bo + j));
            ByteVector.zero(B8).blend(one, m).intoArray(o, oo + j);
        }
        for (; j < n; j++) {
            o[oo + j] = (byte) (a[ao + j] != b[bo + j] ? 1 : 0);
        }
    }

    private static void vsNOT_EQUALZ(byte[] o, int oo, byte[] a, int ao, byte s, int n) {
        int j = 0;
        ByteVector v = ByteVector.broadcast(B8, s);
        ByteVector one = ByteVector.broadcast(B8, (byte) 1);
        for (; j + 8 <= n; j += 8) {
            VectorMask<Byte> m = ByteVector.fromArray(B8, a, ao + j).compare(VectorOperators.NE, v);
            ByteVector.zero(B8).blend(one, m).intoArray(o, oo + j);
        }
        for (; j < n; j++) {
            o[oo + j] = (byte) (a[ao + j] != s ? 1 : 0);
        }
    }

    /** {@code <} on byte, array against array and array against scalar. */
    private static final VectorLoop VV_LESS_Z = new VectorLoop() {
        @Override
        long run(Object x, int xo, int xs, Object y, int yo, int ys, Object z, int zo, int zs, int m, int n, double d, long l) {
            vvLESSZ((byte[]) x, xo, (byte[]) y, yo, (byte[]) z, zo, n);
            return 0;
        }
    };
    private static final VectorLoop VS_LESS_Z = new VectorLoop() {
        @Override
        long run(Object x, int xo, int xs, Object y, int yo, int ys, Object z, int zo, int zs, int m, int n, double d, long l) {
            vsLESSZ((byte[]) x, xo, (byte[]) y, yo, (byte) l, n);
            return 0;
        }
    };

    private static void vvLESSZ(byte[] o, int oo, byte[] a, int ao, byte[] b, int bo, int n) {
        int j = 0;
        ByteVector one = ByteVector.broadcast(B8, (byte) 1);
        for (; j + 8 <= n; j += 8) {
            VectorMask<Byte> m = ByteVector.fromArray(B8, a, ao + j).compare(VectorOperators.LT, ByteVector.fromArray(B8, b, bo + j));
            ByteVector.zero(B8).blend(one, m).intoArray(o, oo + j);
        }
        for (; j < n; j++) {
            o[oo + j] = (byte) (a[ao + j] < b[bo + j] ? 1 : 0);
        }
    }

    private static void vsLESSZ(byte[] o, int oo, byte[] a, int ao, byte s, int n) {
        int j = 0;
        ByteVector v = ByteVector.broadcast(B8, s);
        ByteVector one = ByteVector.broadcast(B8, (byte) 1);
        for (; j + 8 <= n; j += 8) {
            VectorMask<Byte> m = ByteVector.fromArray(B8, a, ao + j).compare(VectorOperators.LT, v);
            ByteVector.zero(B8).blend(one, m).intoArray(o, oo + j);
        }
        for (; j < n; j++) {
            o[oo + j] = (byte) (a[ao + j] < s ? 1 : 0);
        }
    }

    /** {@code <=} on byte, array against array and array against scalar. */
    private static final VectorLoop VV_LESS_EQUAL_Z = new VectorLoop() {
        @Override
        long run(Object x, int xo, int xs, Object y, int yo, int ys, Object z, int zo, int zs, int m, int n, double d, long l) {
            vvLESS_EQUALZ((byte[]) x, xo, (byte[]) y, yo, (byte[]) z, zo, n);
            return 0;
        }
    };
    private static final VectorLoop VS_LESS_EQUAL_Z = new VectorLoop() {
        @Override
        long run(Object x, int xo, int xs, Object y, int yo, int ys, Object z, int zo, int zs, int m, int n, double d, long l) {
            vsLESS_EQUALZ((byte[]) x, xo, (byte[]) y, yo, (byte) l, n);
            return 0;
        }
    };

    private static void vvLESS_EQUALZ(byte[] o, int oo, byte[] a, int ao, byte[] b, int bo, int n) {
        int j = 0;
        ByteVector one = ByteVector.broadcast(B8, (byte) 1);
        for (; j + 8 <= n; j += 8) {
            VectorMask<Byte> m = ByteVector.fromArray(B8, a, ao + j).compare(VectorOperators.LE, ByteVector.fromArray(B8, b, bo + j));
            ByteVector.zero(B8).blend(one, m).intoArray(o, oo + j);
        }
        for (; j < n; j++) {
            o[oo + j] = (byte) (a[ao + j] <= b[bo + j] ? 1 : 0);
        }
    }

    private static void vsLESS_EQUALZ(byte[] o, int oo, byte[] a, int ao, byte s, int n) {
        int j = 0;
        ByteVector v = ByteVector.broadcast(B8, s);
        ByteVector one = ByteVector.broadcast(B8, (byte) 1);
        for (; j + 8 <= n; j += 8) {
            VectorMask<Byte> m = ByteVector.fromArray(B8, a, ao + j).compare(VectorOperators.LE, v);
            ByteVector.zero(B8).blend(one, m).intoArray(o, oo + j);
        }
        for (; j < n; j++) {
            o[oo + j] = (byte) (a[ao + j] <= s ? 1 : 0);
        }
    }

    /** {@code >} on byte, array against array and array against scalar. */
    private static final VectorLoop VV_GREATER_Z = new VectorLoop() {
        @Override
        long run(Object x, int xo, int xs, Object y, int yo, int ys, Object z, int zo, int zs, int m, int n, double d, long l) {
            vvGREATERZ((byte[]) x, xo, (byte[]) y, yo, (byte[]) z, zo, n);
            return 0;
        }
    };
    private static final VectorLoop VS_GREATER_Z = new VectorLoop() {
        @Override
        long run(Object x, int xo, int xs, Object y, int yo, int ys, Object z, int zo, int zs, int m, int n, double d, long l) {
            vsGREATERZ((byte[]) x, xo, (byte[]) y, yo, (byte) l, n);
            return 0;
        }
    };

    private static void vvGREATERZ(byte[] o, int oo, byte[] a, int ao, byte[] b, int bo, int n) {
        int j = 0;
        ByteVector one = ByteVector.broadcast(B8, (byte) 1);
        for (; j + 8 <= n; j += 8) {
            VectorMask<Byte> m = ByteVector.fromArray(B8, a, ao + j).compare(VectorOperators.GT, ByteVector.fromArray(B8, b, bo + j));
            ByteVector.zero(B8).blend(one, m).intoArray(o, oo + j);
        }
        for (; j < n; j++) {
            o[oo + j] = (byte) (a[ao + j] > b[bo + j] ? 1 : 0);
        }
    }

    private static void vsGREATERZ(byte[] o, int oo, byte[] a, int ao, byte s, int n) {
        int j = 0;
        ByteVector v = ByteVector.broadcast(B8, s);
        ByteVector one = ByteVector.broadcast(B8, (byte) 1);
        for (; j + 8 <= n; j += 8) {
            VectorMask<Byte> m = ByteVector.fromArray(B8, a, ao + j).compare(VectorOperators.GT, v);
            ByteVector.zero(B8).blend(one, m).intoArray(o, oo + j);
        }
        for (; j < n; j++) {
            o[oo + j] = (byte) (a[ao + j] > s ? 1 : 0);
        }
    }

    /** {@code >=} on byte, array against array and array against scalar. */
    private static final VectorLoop VV_GREATER_EQUAL_Z = new VectorLoop() {
        @Override
        long run(Object x, int xo, int xs, Object y, int yo, int ys, Object z, int zo, int zs, int m, int n, double d, long l) {
            vvGREATER_EQUALZ((byte[]) x, xo, (byte[]) y, yo, (byte[]) z, zo, n);
            return 0;
        }
    };
    private static final VectorLoop VS_GREATER_EQUAL_Z = new VectorLoop() {
        @Override
        long run(Object x, int xo, int xs, Object y, int yo, int ys, Object z, int zo, int zs, int m, int n, double d, long l) {
            vsGREATER_EQUALZ((byte[]) x, xo, (byte[]) y, yo, (byte) l, n);
            return 0;
        }
    };

    private static void vvGREATER_EQUALZ(byte[] o, int oo, byte[] a, int ao, byte[] b, int bo, int n) {
        int j = 0;
        ByteVector one = ByteVector.broadcast(B8, (byte) 1);
        for (; j + 8 <= n; j += 8) {
            VectorMask<Byte> m = ByteVector.fromArray(B8, a, ao + j).compare(VectorOperators.GE, ByteVector.fromArray(B8, b, bo + j));
            ByteVector.zero(B8).blend(one, m).intoArray(o, oo + j);
        }
        for (; j < n; j++) {
            o[oo + j] = (byte) (a[ao + j] >= b[bo + j] ? 1 : 0);
        }
    }

    private static void vsGREATER_EQUALZ(byte[] o, int oo, byte[] a, int ao, byte s, int n) {
        int j = 0;
        ByteVector v = ByteVector.broadcast(B8, s);
        ByteVector one = ByteVector.broadcast(B8, (byte) 1);
        for (; j + 8 <= n; j += 8) {
            VectorMask<Byte> m = ByteVector.fromArray(B8, a, ao + j).compare(VectorOperators.GE, v);
            ByteVector.zero(B8).blend(one, m).intoArray(o, oo + j);
        }
        for (; j < n; j++) {
            o[oo + j] = (byte) (a[ao + j] >= s ? 1 : 0);
        }
    }

    /** {@code logical and} on byte, array against array and array against scalar. */
    private static final VectorLoop VV_LOGICAL_AND_Z = new VectorLoop() {
        @Override
        long run(Object x, int xo, int xs, Object y, int yo, int ys, Object z, int zo, int zs, int m, int n, double d, long l) {
            vvLOGICAL_ANDZ((byte[]) x, xo, (byte[]) y, yo, (byte[]) z, zo, n);
            return 0;
        }
    };
    private static final VectorLoop VS_LOGICAL_AND_Z = new VectorLoop() {
        @Override
        long run(Object x, int xo, int xs, Object y, int yo, int ys, Object z, int zo, int zs, int m, int n, double d, long l) {
            vsLOGICAL_ANDZ((byte[]) x, xo, (byte[]) y, yo, (byte) l, n);
            return 0;
        }
    };

    private static void vvLOGICAL_ANDZ(byte[] o, int oo, byte[] a, int ao, byte[] b, int bo, int n) {
        int j = 0;
        for (; j + 8 <= n; j += 8) {
            ByteVector.fromArray(B8, a, ao + j).lanewise(VectorOperators.AND, ByteVector.fromArray(B8, b, bo + j)).intoArray(o, oo + j);
        }
        for (; j < n; j++) {
            o[oo + j] = (byte) (a[ao + j] != 0 && b[bo + j] != 0 ? 1 : 0);
        }
    }

    private static void vsLOGICAL_ANDZ(byte[] o, int oo, byte[] a, int ao, byte s, int n) {
        int j = 0;
        ByteVector v = ByteVector.broadcast(B8, s);
        for (; j + 8 <= n; j += 8) {
            ByteVector.fromArray(B8, a, ao + j).lanewise(VectorOperators.AND, v).intoArray(o, oo + j);
        }
        for (; j < n; j++) {
            o[oo + j] = (byte) (a[ao + j] != 0 && s != 0 ? 1 : 0);
        }
    }

    /** {@code logical or} on byte, array against array and array against scalar. */
    private static final VectorLoop VV_LOGICAL_OR_Z = new VectorLoop() {
        @Override
        long run(Object x, int xo, int xs, Object y, int yo, int ys, Object z, int zo, int zs, int m, int n, double d, long l) {
            vvLOGICAL_ORZ((byte[]) x, xo, (byte[]) y, yo, (byte[]) z, zo, n);
            return 0;
        }
    };
    private static final VectorLoop VS_LOGICAL_OR_Z = new VectorLoop() {
        @Override
        long run(Object x, int xo, int xs, Object y, int yo, int ys, Object z, int zo, int zs, int m, int n, double d, long l) {
            vsLOGICAL_ORZ((byte[]) x, xo, (byte[]) y, yo, (byte) l, n);
            return 0;
        }
    };

    private static void vvLOGICAL_ORZ(byte[] o, int oo, byte[] a, int ao, byte[] b, int bo, int n) {
        int j = 0;
        for (; j + 8 <= n; j += 8) {
            ByteVector.fromArray(B8, a, ao + j).lanewise(VectorOperators.OR, ByteVector.fromArray(B8, b, bo + j)).intoArray(o, oo + j);
        }
        for (; j < n; j++) {
            o[oo + j] = (byte) (a[ao + j] != 0 || b[bo + j] != 0 ? 1 : 0);
        }
    }

    private static void vsLOGICAL_ORZ(byte[] o, int oo, byte[] a, int ao, byte s, int n) {
        int j = 0;
        ByteVector v = ByteVector.broadcast(B8, s);
        for (; j + 8 <= n; j += 8) {
            ByteVector.fromArray(B8, a, ao + j).lanewise(VectorOperators.OR, v).intoArray(o, oo + j);
        }
        for (; j < n; j++) {
            o[oo + j] = (byte) (a[ao + j] != 0 || s != 0 ? 1 : 0);
        }
    }

    /** {@code logical xor} on byte, array against array and array against scalar. */
    private static final VectorLoop VV_LOGICAL_XOR_Z = new VectorLoop() {
        @Override
        long run(Object x, int xo, int xs, Object y, int yo, int ys, Object z, int zo, int zs, int m, int n, double d, long l) {
            vvLOGICAL_XORZ((byte[]) x, xo, (byte[]) y, yo, (byte[]) z, zo, n);
            return 0;
        }
    };
    private static final VectorLoop VS_LOGICAL_XOR_Z = new VectorLoop() {
        @Override
        long run(Object x, int xo, int xs, Object y, int yo, int ys, Object z, int zo, int zs, int m, int n, double d, long l) {
            vsLOGICAL_XORZ((byte[]) x, xo, (byte[]) y, yo, (byte) l, n);
            return 0;
        }
    };

    private static void vvLOGICAL_XORZ(byte[] o, int oo, byte[] a, int ao, byte[] b, int bo, int n) {
        int j = 0;
        for (; j + 8 <= n; j += 8) {
            ByteVector.fromArray(B8, a, ao + j).lanewise(VectorOperators.XOR, ByteVector.fromArray(B8, b, bo + j)).intoArray(o, oo + j);
        }
        for (; j < n; j++) {
            o[oo + j] = (byte) ((a[ao + j] != 0) != (b[bo + j] != 0) ? 1 : 0);
        }
    }

    private static void vsLOGICAL_XORZ(byte[] o, int oo, byte[] a, int ao, byte s, int n) {
        int j = 0;
        ByteVector v = ByteVector.broadcast(B8, s);
        for (; j + 8 <= n; j += 8) {
            ByteVector.fromArray(B8, a, ao + j).lanewise(VectorOperators.XOR, v).intoArray(o, oo + j);
        }
        for (; j < n; j++) {
            o[oo + j] = (byte) ((a[ao + j] != 0) != (s != 0) ? 1 : 0);
        }
    }

    /** {@code VV[index(t, op)]}, {@code VS[...]}: the loops of comparison {@code op} on {@code t} (after every loop: the fields are read here). */
    private static final VectorLoop[] VV = new VectorLoop[FieldType.values().length * BinaryOp.PREDICATES];
    private static final VectorLoop[] VS = new VectorLoop[VV.length];

    static {
        VV[index(FieldType.FLOAT64, BinaryOp.EQUAL)] = VV_EQUAL_D;
        VS[index(FieldType.FLOAT64, BinaryOp.EQUAL)] = VS_EQUAL_D;
        VV[index(FieldType.FLOAT64, BinaryOp.NOT_EQUAL)] = VV_NOT_EQUAL_D;
        VS[index(FieldType.FLOAT64, BinaryOp.NOT_EQUAL)] = VS_NOT_EQUAL_D;
        VV[index(FieldType.FLOAT64, BinaryOp.LESS)] = VV_LESS_D;
        VS[index(FieldType.FLOAT64, BinaryOp.LESS)] = VS_LESS_D;
        VV[index(FieldType.FLOAT64, BinaryOp.LESS_EQUAL)] = VV_LESS_EQUAL_D;
        VS[index(FieldType.FLOAT64, BinaryOp.LESS_EQUAL)] = VS_LESS_EQUAL_D;
        VV[index(FieldType.FLOAT64, BinaryOp.GREATER)] = VV_GREATER_D;
        VS[index(FieldType.FLOAT64, BinaryOp.GREATER)] = VS_GREATER_D;
        VV[index(FieldType.FLOAT64, BinaryOp.GREATER_EQUAL)] = VV_GREATER_EQUAL_D;
        VS[index(FieldType.FLOAT64, BinaryOp.GREATER_EQUAL)] = VS_GREATER_EQUAL_D;
        VV[index(FieldType.FLOAT32, BinaryOp.EQUAL)] = VV_EQUAL_F;
        VS[index(FieldType.FLOAT32, BinaryOp.EQUAL)] = VS_EQUAL_F;
        VV[index(FieldType.FLOAT32, BinaryOp.NOT_EQUAL)] = VV_NOT_EQUAL_F;
        VS[index(FieldType.FLOAT32, BinaryOp.NOT_EQUAL)] = VS_NOT_EQUAL_F;
        VV[index(FieldType.FLOAT32, BinaryOp.LESS)] = VV_LESS_F;
        VS[index(FieldType.FLOAT32, BinaryOp.LESS)] = VS_LESS_F;
        VV[index(FieldType.FLOAT32, BinaryOp.LESS_EQUAL)] = VV_LESS_EQUAL_F;
        VS[index(FieldType.FLOAT32, BinaryOp.LESS_EQUAL)] = VS_LESS_EQUAL_F;
        VV[index(FieldType.FLOAT32, BinaryOp.GREATER)] = VV_GREATER_F;
        VS[index(FieldType.FLOAT32, BinaryOp.GREATER)] = VS_GREATER_F;
        VV[index(FieldType.FLOAT32, BinaryOp.GREATER_EQUAL)] = VV_GREATER_EQUAL_F;
        VS[index(FieldType.FLOAT32, BinaryOp.GREATER_EQUAL)] = VS_GREATER_EQUAL_F;
        VV[index(FieldType.INT64, BinaryOp.EQUAL)] = VV_EQUAL_L;
        VS[index(FieldType.INT64, BinaryOp.EQUAL)] = VS_EQUAL_L;
        VV[index(FieldType.INT64, BinaryOp.NOT_EQUAL)] = VV_NOT_EQUAL_L;
        VS[index(FieldType.INT64, BinaryOp.NOT_EQUAL)] = VS_NOT_EQUAL_L;
        VV[index(FieldType.INT64, BinaryOp.LESS)] = VV_LESS_L;
        VS[index(FieldType.INT64, BinaryOp.LESS)] = VS_LESS_L;
        VV[index(FieldType.INT64, BinaryOp.LESS_EQUAL)] = VV_LESS_EQUAL_L;
        VS[index(FieldType.INT64, BinaryOp.LESS_EQUAL)] = VS_LESS_EQUAL_L;
        VV[index(FieldType.INT64, BinaryOp.GREATER)] = VV_GREATER_L;
        VS[index(FieldType.INT64, BinaryOp.GREATER)] = VS_GREATER_L;
        VV[index(FieldType.INT64, BinaryOp.GREATER_EQUAL)] = VV_GREATER_EQUAL_L;
        VS[index(FieldType.INT64, BinaryOp.GREATER_EQUAL)] = VS_GREATER_EQUAL_L;
        VV[index(FieldType.INT32, BinaryOp.EQUAL)] = VV_EQUAL_I;
        VS[index(FieldType.INT32, BinaryOp.EQUAL)] = VS_EQUAL_I;
        VV[index(FieldType.INT32, BinaryOp.NOT_EQUAL)] = VV_NOT_EQUAL_I;
        VS[index(FieldType.INT32, BinaryOp.NOT_EQUAL)] = VS_NOT_EQUAL_I;
        VV[index(FieldType.INT32, BinaryOp.LESS)] = VV_LESS_I;
        VS[index(FieldType.INT32, BinaryOp.LESS)] = VS_LESS_I;
        VV[index(FieldType.INT32, BinaryOp.LESS_EQUAL)] = VV_LESS_EQUAL_I;
        VS[index(FieldType.INT32, BinaryOp.LESS_EQUAL)] = VS_LESS_EQUAL_I;
        VV[index(FieldType.INT32, BinaryOp.GREATER)] = VV_GREATER_I;
        VS[index(FieldType.INT32, BinaryOp.GREATER)] = VS_GREATER_I;
        VV[index(FieldType.INT32, BinaryOp.GREATER_EQUAL)] = VV_GREATER_EQUAL_I;
        VS[index(FieldType.INT32, BinaryOp.GREATER_EQUAL)] = VS_GREATER_EQUAL_I;
        VV[index(FieldType.BOOL, BinaryOp.EQUAL)] = VV_EQUAL_Z;
        VS[index(FieldType.BOOL, BinaryOp.EQUAL)] = VS_EQUAL_Z;
        VV[index(FieldType.BOOL, BinaryOp.NOT_EQUAL)] = VV_NOT_EQUAL_Z;
        VS[index(FieldType.BOOL, BinaryOp.NOT_EQUAL)] = VS_NOT_EQUAL_Z;
        VV[index(FieldType.BOOL, BinaryOp.LESS)] = VV_LESS_Z;
        VS[index(FieldType.BOOL, BinaryOp.LESS)] = VS_LESS_Z;
        VV[index(FieldType.BOOL, BinaryOp.LESS_EQUAL)] = VV_LESS_EQUAL_Z;
        VS[index(FieldType.BOOL, BinaryOp.LESS_EQUAL)] = VS_LESS_EQUAL_Z;
        VV[index(FieldType.BOOL, BinaryOp.GREATER)] = VV_GREATER_Z;
        VS[index(FieldType.BOOL, BinaryOp.GREATER)] = VS_GREATER_Z;
        VV[index(FieldType.BOOL, BinaryOp.GREATER_EQUAL)] = VV_GREATER_EQUAL_Z;
        VS[index(FieldType.BOOL, BinaryOp.GREATER_EQUAL)] = VS_GREATER_EQUAL_Z;
        VV[index(FieldType.BOOL, BinaryOp.LOGICAL_AND)] = VV_LOGICAL_AND_Z;
        VS[index(FieldType.BOOL, BinaryOp.LOGICAL_AND)] = VS_LOGICAL_AND_Z;
        VV[index(FieldType.BOOL, BinaryOp.LOGICAL_OR)] = VV_LOGICAL_OR_Z;
        VS[index(FieldType.BOOL, BinaryOp.LOGICAL_OR)] = VS_LOGICAL_OR_Z;
        VV[index(FieldType.BOOL, BinaryOp.LOGICAL_XOR)] = VV_LOGICAL_XOR_Z;
        VS[index(FieldType.BOOL, BinaryOp.LOGICAL_XOR)] = VS_LOGICAL_XOR_Z;
    }
}
