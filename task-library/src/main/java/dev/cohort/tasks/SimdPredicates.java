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
 * The Vector API loops of the six comparisons ({@code ==}, {@code !=}, {@code <}, {@code <=}, {@code >},
 * {@code >=}) into bool, per dtype (generated; this class loads only when {@link Reductions#SIMD} holds).
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
 * The loop stops while 8 bytes still fit in the row; a scalar tail of at most 7 elements ends it.
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

    /** {@code o[oo + j] = a[ao + j] op b[bo + j]} for {@code j < n}, 0 or 1, on arrays of type {@code t}, when {@code op} is a comparison; else false, nothing written. */
    static boolean predicate(FieldType t, BinaryOp op, byte[] o, int oo, Object a, int ao, Object b, int bo, int n) {
        Loop loop = loop(t, op);
        if (loop == null) {
            return false;
        }
        loop.vv(o, oo, a, ao, b, bo, n);
        return true;
    }

    /** {@code o[oo + j] = a[ao + j] op s} as {@link #predicate}; {@code s} is {@code sd} for floats, {@code sl} (narrowed) for the others, as {@link Loops#predicateVS}. */
    static boolean predicateVS(FieldType t, BinaryOp op, byte[] o, int oo, Object a, int ao, double sd, long sl, int n) {
        Loop loop = loop(t, op);
        if (loop == null) {
            return false;
        }
        loop.vs(o, oo, a, ao, sd, sl, n);
        return true;
    }

    /** {@code o[oo + j] = s op b[bo + j]} as {@link #predicateVS}: the same loop with the mirrored comparison ({@code s < b} is {@code b > s}). */
    static boolean predicateSV(FieldType t, BinaryOp op, byte[] o, int oo, double sd, long sl, Object b, int bo, int n) {
        return predicateVS(t, mirror(op), o, oo, b, bo, sd, sl, n);
    }

    /** The comparison with its operands swapped: {@code s op b} is {@code b mirror(op) s}. */
    static BinaryOp mirror(BinaryOp op) {
        return switch (op) {
            case LESS -> BinaryOp.GREATER;
            case LESS_EQUAL -> BinaryOp.GREATER_EQUAL;
            case GREATER -> BinaryOp.LESS;
            case GREATER_EQUAL -> BinaryOp.LESS_EQUAL;
            default -> op;
        };
    }

    /**
     * The loops of one comparison on one dtype, one subclass each. {@link #predicate} and {@link #predicateVS} reach
     * them through one virtual call, which every dtype and comparison passes (the warm-up's calls and the program's
     * alike), so its profile holds many classes and C2 inlines none of them there: each class's loop is compiled
     * alone, once, and that compiled loop is what {@link VectorWarmup} measures and what every caller runs.
     * (Called through a static dispatcher instead, the loops were inlined into whichever caller C2 compiled, under
     * that caller's inlining budget: the warm-up's copy was compiled while the program's copy, in another method,
     * could still run the Vector API's boxing fallback, 100-400x slower, with the gate open.)
     */
    abstract static class Loop {
        /** {@code o[oo + j] = a[ao + j] op b[bo + j]}. */
        abstract void vv(byte[] o, int oo, Object a, int ao, Object b, int bo, int n);

        /** {@code o[oo + j] = a[ao + j] op s}, {@code s} as {@link #predicateVS} takes it. */
        abstract void vs(byte[] o, int oo, Object a, int ao, double sd, long sl, int n);
    }

    /** The loop of comparison {@code op} on {@code t}, or null when {@code op} is not a comparison. */
    private static Loop loop(FieldType t, BinaryOp op) {
        int c = op.ordinal() - BinaryOp.EQUAL.ordinal();
        return c >= 0 && c < COMPARISONS ? LOOPS[t.ordinal() * COMPARISONS + c] : null;
    }

    /** The comparisons: {@link BinaryOp#EQUAL} and the five after it. */
    private static final int COMPARISONS = 6;
    /** {@code LOOPS[t.ordinal() * COMPARISONS + c]}: comparison {@code c} ({@code op.ordinal() - EQUAL.ordinal()}) on {@code t}. */
    private static final Loop[] LOOPS = new Loop[FieldType.values().length * COMPARISONS];

    static {
        LOOPS[FieldType.FLOAT64.ordinal() * COMPARISONS + BinaryOp.EQUAL.ordinal() - BinaryOp.EQUAL.ordinal()] = new EQUAL_D();
        LOOPS[FieldType.FLOAT64.ordinal() * COMPARISONS + BinaryOp.NOT_EQUAL.ordinal() - BinaryOp.EQUAL.ordinal()] = new NOT_EQUAL_D();
        LOOPS[FieldType.FLOAT64.ordinal() * COMPARISONS + BinaryOp.LESS.ordinal() - BinaryOp.EQUAL.ordinal()] = new LESS_D();
        LOOPS[FieldType.FLOAT64.ordinal() * COMPARISONS + BinaryOp.LESS_EQUAL.ordinal() - BinaryOp.EQUAL.ordinal()] = new LESS_EQUAL_D();
        LOOPS[FieldType.FLOAT64.ordinal() * COMPARISONS + BinaryOp.GREATER.ordinal() - BinaryOp.EQUAL.ordinal()] = new GREATER_D();
        LOOPS[FieldType.FLOAT64.ordinal() * COMPARISONS + BinaryOp.GREATER_EQUAL.ordinal() - BinaryOp.EQUAL.ordinal()] = new GREATER_EQUAL_D();
        LOOPS[FieldType.FLOAT32.ordinal() * COMPARISONS + BinaryOp.EQUAL.ordinal() - BinaryOp.EQUAL.ordinal()] = new EQUAL_F();
        LOOPS[FieldType.FLOAT32.ordinal() * COMPARISONS + BinaryOp.NOT_EQUAL.ordinal() - BinaryOp.EQUAL.ordinal()] = new NOT_EQUAL_F();
        LOOPS[FieldType.FLOAT32.ordinal() * COMPARISONS + BinaryOp.LESS.ordinal() - BinaryOp.EQUAL.ordinal()] = new LESS_F();
        LOOPS[FieldType.FLOAT32.ordinal() * COMPARISONS + BinaryOp.LESS_EQUAL.ordinal() - BinaryOp.EQUAL.ordinal()] = new LESS_EQUAL_F();
        LOOPS[FieldType.FLOAT32.ordinal() * COMPARISONS + BinaryOp.GREATER.ordinal() - BinaryOp.EQUAL.ordinal()] = new GREATER_F();
        LOOPS[FieldType.FLOAT32.ordinal() * COMPARISONS + BinaryOp.GREATER_EQUAL.ordinal() - BinaryOp.EQUAL.ordinal()] = new GREATER_EQUAL_F();
        LOOPS[FieldType.INT64.ordinal() * COMPARISONS + BinaryOp.EQUAL.ordinal() - BinaryOp.EQUAL.ordinal()] = new EQUAL_L();
        LOOPS[FieldType.INT64.ordinal() * COMPARISONS + BinaryOp.NOT_EQUAL.ordinal() - BinaryOp.EQUAL.ordinal()] = new NOT_EQUAL_L();
        LOOPS[FieldType.INT64.ordinal() * COMPARISONS + BinaryOp.LESS.ordinal() - BinaryOp.EQUAL.ordinal()] = new LESS_L();
        LOOPS[FieldType.INT64.ordinal() * COMPARISONS + BinaryOp.LESS_EQUAL.ordinal() - BinaryOp.EQUAL.ordinal()] = new LESS_EQUAL_L();
        LOOPS[FieldType.INT64.ordinal() * COMPARISONS + BinaryOp.GREATER.ordinal() - BinaryOp.EQUAL.ordinal()] = new GREATER_L();
        LOOPS[FieldType.INT64.ordinal() * COMPARISONS + BinaryOp.GREATER_EQUAL.ordinal() - BinaryOp.EQUAL.ordinal()] = new GREATER_EQUAL_L();
        LOOPS[FieldType.INT32.ordinal() * COMPARISONS + BinaryOp.EQUAL.ordinal() - BinaryOp.EQUAL.ordinal()] = new EQUAL_I();
        LOOPS[FieldType.INT32.ordinal() * COMPARISONS + BinaryOp.NOT_EQUAL.ordinal() - BinaryOp.EQUAL.ordinal()] = new NOT_EQUAL_I();
        LOOPS[FieldType.INT32.ordinal() * COMPARISONS + BinaryOp.LESS.ordinal() - BinaryOp.EQUAL.ordinal()] = new LESS_I();
        LOOPS[FieldType.INT32.ordinal() * COMPARISONS + BinaryOp.LESS_EQUAL.ordinal() - BinaryOp.EQUAL.ordinal()] = new LESS_EQUAL_I();
        LOOPS[FieldType.INT32.ordinal() * COMPARISONS + BinaryOp.GREATER.ordinal() - BinaryOp.EQUAL.ordinal()] = new GREATER_I();
        LOOPS[FieldType.INT32.ordinal() * COMPARISONS + BinaryOp.GREATER_EQUAL.ordinal() - BinaryOp.EQUAL.ordinal()] = new GREATER_EQUAL_I();
        LOOPS[FieldType.BOOL.ordinal() * COMPARISONS + BinaryOp.EQUAL.ordinal() - BinaryOp.EQUAL.ordinal()] = new EQUAL_Z();
        LOOPS[FieldType.BOOL.ordinal() * COMPARISONS + BinaryOp.NOT_EQUAL.ordinal() - BinaryOp.EQUAL.ordinal()] = new NOT_EQUAL_Z();
        LOOPS[FieldType.BOOL.ordinal() * COMPARISONS + BinaryOp.LESS.ordinal() - BinaryOp.EQUAL.ordinal()] = new LESS_Z();
        LOOPS[FieldType.BOOL.ordinal() * COMPARISONS + BinaryOp.LESS_EQUAL.ordinal() - BinaryOp.EQUAL.ordinal()] = new LESS_EQUAL_Z();
        LOOPS[FieldType.BOOL.ordinal() * COMPARISONS + BinaryOp.GREATER.ordinal() - BinaryOp.EQUAL.ordinal()] = new GREATER_Z();
        LOOPS[FieldType.BOOL.ordinal() * COMPARISONS + BinaryOp.GREATER_EQUAL.ordinal() - BinaryOp.EQUAL.ordinal()] = new GREATER_EQUAL_Z();
    }

    /** {@code ==} on double. */
    private static final class EQUAL_D extends Loop {
        @Override
        void vv(byte[] o, int oo, Object a, int ao, Object b, int bo, int n) {
            vvEQUALD(o, oo, (double[]) a, ao, (double[]) b, bo, n);
        }

        @Override
        void vs(byte[] o, int oo, Object a, int ao, double sd, long sl, int n) {
            vsEQUALD(o, oo, (double[]) a, ao, sd, n);
        }
    }

    private static void vvEQUALD(byte[] o, int oo, double[] a, int ao, double[] b, int bo, int n) {
        int j = 0;
        for (; j + 8 <= n; j += 4) {
            VectorMask<Double> m = DoubleVector.fromArray(D4, a, ao + j).compare(VectorOperators.EQ, DoubleVector.fromArray(D4, b, bo + j));
            ((ByteVector) LongVector.zero(L4).blend(1L, m.cast(L4)).convertShape(VectorOperators.L2B, B8, 0)).intoArray(o, oo + j);
        }
        for (; j < n; j++) {
            o[oo + j] = (byte) (a[ao + j] == b[bo + j] ? 1 : 0);
        }
    }

    private static void vsEQUALD(byte[] o, int oo, double[] a, int ao, double s, int n) {
        int j = 0;
        DoubleVector v = DoubleVector.broadcast(D4, s);
        for (; j + 8 <= n; j += 4) {
            VectorMask<Double> m = DoubleVector.fromArray(D4, a, ao + j).compare(VectorOperators.EQ, v);
            ((ByteVector) LongVector.zero(L4).blend(1L, m.cast(L4)).convertShape(VectorOperators.L2B, B8, 0)).intoArray(o, oo + j);
        }
        for (; j < n; j++) {
            o[oo + j] = (byte) (a[ao + j] == s ? 1 : 0);
        }
    }

    /** {@code !=} on double. */
    private static final class NOT_EQUAL_D extends Loop {
        @Override
        void vv(byte[] o, int oo, Object a, int ao, Object b, int bo, int n) {
            vvNOT_EQUALD(o, oo, (double[]) a, ao, (double[]) b, bo, n);
        }

        @Override
        void vs(byte[] o, int oo, Object a, int ao, double sd, long sl, int n) {
            vsNOT_EQUALD(o, oo, (double[]) a, ao, sd, n);
        }
    }

    private static void vvNOT_EQUALD(byte[] o, int oo, double[] a, int ao, double[] b, int bo, int n) {
        int j = 0;
        for (; j + 8 <= n; j += 4) {
            VectorMask<Double> m = DoubleVector.fromArray(D4, a, ao + j).compare(VectorOperators.NE, DoubleVector.fromArray(D4, b, bo + j));
            ((ByteVector) LongVector.zero(L4).blend(1L, m.cast(L4)).convertShape(VectorOperators.L2B, B8, 0)).intoArray(o, oo + j);
        }
        for (; j < n; j++) {
            o[oo + j] = (byte) (a[ao + j] != b[bo + j] ? 1 : 0);
        }
    }

    private static void vsNOT_EQUALD(byte[] o, int oo, double[] a, int ao, double s, int n) {
        int j = 0;
        DoubleVector v = DoubleVector.broadcast(D4, s);
        for (; j + 8 <= n; j += 4) {
            VectorMask<Double> m = DoubleVector.fromArray(D4, a, ao + j).compare(VectorOperators.NE, v);
            ((ByteVector) LongVector.zero(L4).blend(1L, m.cast(L4)).convertShape(VectorOperators.L2B, B8, 0)).intoArray(o, oo + j);
        }
        for (; j < n; j++) {
            o[oo + j] = (byte) (a[ao + j] != s ? 1 : 0);
        }
    }

    /** {@code <} on double. */
    private static final class LESS_D extends Loop {
        @Override
        void vv(byte[] o, int oo, Object a, int ao, Object b, int bo, int n) {
            vvLESSD(o, oo, (double[]) a, ao, (double[]) b, bo, n);
        }

        @Override
        void vs(byte[] o, int oo, Object a, int ao, double sd, long sl, int n) {
            vsLESSD(o, oo, (double[]) a, ao, sd, n);
        }
    }

    private static void vvLESSD(byte[] o, int oo, double[] a, int ao, double[] b, int bo, int n) {
        int j = 0;
        for (; j + 8 <= n; j += 4) {
            VectorMask<Double> m = DoubleVector.fromArray(D4, a, ao + j).compare(VectorOperators.LT, DoubleVector.fromArray(D4, b, bo + j));
            ((ByteVector) LongVector.zero(L4).blend(1L, m.cast(L4)).convertShape(VectorOperators.L2B, B8, 0)).intoArray(o, oo + j);
        }
        for (; j < n; j++) {
            o[oo + j] = (byte) (a[ao + j] < b[bo + j] ? 1 : 0);
        }
    }

    private static void vsLESSD(byte[] o, int oo, double[] a, int ao, double s, int n) {
        int j = 0;
        DoubleVector v = DoubleVector.broadcast(D4, s);
        for (; j + 8 <= n; j += 4) {
            VectorMask<Double> m = DoubleVector.fromArray(D4, a, ao + j).compare(VectorOperators.LT, v);
            ((ByteVector) LongVector.zero(L4).blend(1L, m.cast(L4)).convertShape(VectorOperators.L2B, B8, 0)).intoArray(o, oo + j);
        }
        for (; j < n; j++) {
            o[oo + j] = (byte) (a[ao + j] < s ? 1 : 0);
        }
    }

    /** {@code <=} on double. */
    private static final class LESS_EQUAL_D extends Loop {
        @Override
        void vv(byte[] o, int oo, Object a, int ao, Object b, int bo, int n) {
            vvLESS_EQUALD(o, oo, (double[]) a, ao, (double[]) b, bo, n);
        }

        @Override
        void vs(byte[] o, int oo, Object a, int ao, double sd, long sl, int n) {
            vsLESS_EQUALD(o, oo, (double[]) a, ao, sd, n);
        }
    }

    private static void vvLESS_EQUALD(byte[] o, int oo, double[] a, int ao, double[] b, int bo, int n) {
        int j = 0;
        for (; j + 8 <= n; j += 4) {
            VectorMask<Double> m = DoubleVector.fromArray(D4, a, ao + j).compare(VectorOperators.LE, DoubleVector.fromArray(D4, b, bo + j));
            ((ByteVector) LongVector.zero(L4).blend(1L, m.cast(L4)).convertShape(VectorOperators.L2B, B8, 0)).intoArray(o, oo + j);
        }
        for (; j < n; j++) {
            o[oo + j] = (byte) (a[ao + j] <= b[bo + j] ? 1 : 0);
        }
    }

    private static void vsLESS_EQUALD(byte[] o, int oo, double[] a, int ao, double s, int n) {
        int j = 0;
        DoubleVector v = DoubleVector.broadcast(D4, s);
        for (; j + 8 <= n; j += 4) {
            VectorMask<Double> m = DoubleVector.fromArray(D4, a, ao + j).compare(VectorOperators.LE, v);
            ((ByteVector) LongVector.zero(L4).blend(1L, m.cast(L4)).convertShape(VectorOperators.L2B, B8, 0)).intoArray(o, oo + j);
        }
        for (; j < n; j++) {
            o[oo + j] = (byte) (a[ao + j] <= s ? 1 : 0);
        }
    }

    /** {@code >} on double. */
    private static final class GREATER_D extends Loop {
        @Override
        void vv(byte[] o, int oo, Object a, int ao, Object b, int bo, int n) {
            vvGREATERD(o, oo, (double[]) a, ao, (double[]) b, bo, n);
        }

        @Override
        void vs(byte[] o, int oo, Object a, int ao, double sd, long sl, int n) {
            vsGREATERD(o, oo, (double[]) a, ao, sd, n);
        }
    }

    private static void vvGREATERD(byte[] o, int oo, double[] a, int ao, double[] b, int bo, int n) {
        int j = 0;
        for (; j + 8 <= n; j += 4) {
            VectorMask<Double> m = DoubleVector.fromArray(D4, a, ao + j).compare(VectorOperators.GT, DoubleVector.fromArray(D4, b, bo + j));
            ((ByteVector) LongVector.zero(L4).blend(1L, m.cast(L4)).convertShape(VectorOperators.L2B, B8, 0)).intoArray(o, oo + j);
        }
        for (; j < n; j++) {
            o[oo + j] = (byte) (a[ao + j] > b[bo + j] ? 1 : 0);
        }
    }

    private static void vsGREATERD(byte[] o, int oo, double[] a, int ao, double s, int n) {
        int j = 0;
        DoubleVector v = DoubleVector.broadcast(D4, s);
        for (; j + 8 <= n; j += 4) {
            VectorMask<Double> m = DoubleVector.fromArray(D4, a, ao + j).compare(VectorOperators.GT, v);
            ((ByteVector) LongVector.zero(L4).blend(1L, m.cast(L4)).convertShape(VectorOperators.L2B, B8, 0)).intoArray(o, oo + j);
        }
        for (; j < n; j++) {
            o[oo + j] = (byte) (a[ao + j] > s ? 1 : 0);
        }
    }

    /** {@code >=} on double. */
    private static final class GREATER_EQUAL_D extends Loop {
        @Override
        void vv(byte[] o, int oo, Object a, int ao, Object b, int bo, int n) {
            vvGREATER_EQUALD(o, oo, (double[]) a, ao, (double[]) b, bo, n);
        }

        @Override
        void vs(byte[] o, int oo, Object a, int ao, double sd, long sl, int n) {
            vsGREATER_EQUALD(o, oo, (double[]) a, ao, sd, n);
        }
    }

    private static void vvGREATER_EQUALD(byte[] o, int oo, double[] a, int ao, double[] b, int bo, int n) {
        int j = 0;
        for (; j + 8 <= n; j += 4) {
            VectorMask<Double> m = DoubleVector.fromArray(D4, a, ao + j).compare(VectorOperators.GE, DoubleVector.fromArray(D4, b, bo + j));
            ((ByteVector) LongVector.zero(L4).blend(1L, m.cast(L4)).convertShape(VectorOperators.L2B, B8, 0)).intoArray(o, oo + j);
        }
        for (; j < n; j++) {
            o[oo + j] = (byte) (a[ao + j] >= b[bo + j] ? 1 : 0);
        }
    }

    private static void vsGREATER_EQUALD(byte[] o, int oo, double[] a, int ao, double s, int n) {
        int j = 0;
        DoubleVector v = DoubleVector.broadcast(D4, s);
        for (; j + 8 <= n; j += 4) {
            VectorMask<Double> m = DoubleVector.fromArray(D4, a, ao + j).compare(VectorOperators.GE, v);
            ((ByteVector) LongVector.zero(L4).blend(1L, m.cast(L4)).convertShape(VectorOperators.L2B, B8, 0)).intoArray(o, oo + j);
        }
        for (; j < n; j++) {
            o[oo + j] = (byte) (a[ao + j] >= s ? 1 : 0);
        }
    }

    /** {@code ==} on float. */
    private static final class EQUAL_F extends Loop {
        @Override
        void vv(byte[] o, int oo, Object a, int ao, Object b, int bo, int n) {
            vvEQUALF(o, oo, (float[]) a, ao, (float[]) b, bo, n);
        }

        @Override
        void vs(byte[] o, int oo, Object a, int ao, double sd, long sl, int n) {
            vsEQUALF(o, oo, (float[]) a, ao, (float) sd, n);
        }
    }

    private static void vvEQUALF(byte[] o, int oo, float[] a, int ao, float[] b, int bo, int n) {
        int j = 0;
        for (; j + 8 <= n; j += 4) {
            VectorMask<Float> m = FloatVector.fromArray(F4, a, ao + j).compare(VectorOperators.EQ, FloatVector.fromArray(F4, b, bo + j));
            ((ByteVector) IntVector.zero(I4).blend(1, m.cast(I4)).convertShape(VectorOperators.I2B, B8, 0)).intoArray(o, oo + j);
        }
        for (; j < n; j++) {
            o[oo + j] = (byte) (a[ao + j] == b[bo + j] ? 1 : 0);
        }
    }

    private static void vsEQUALF(byte[] o, int oo, float[] a, int ao, float s, int n) {
        int j = 0;
        FloatVector v = FloatVector.broadcast(F4, s);
        for (; j + 8 <= n; j += 4) {
            VectorMask<Float> m = FloatVector.fromArray(F4, a, ao + j).compare(VectorOperators.EQ, v);
            ((ByteVector) IntVector.zero(I4).blend(1, m.cast(I4)).convertShape(VectorOperators.I2B, B8, 0)).intoArray(o, oo + j);
        }
        for (; j < n; j++) {
            o[oo + j] = (byte) (a[ao + j] == s ? 1 : 0);
        }
    }

    /** {@code !=} on float. */
    private static final class NOT_EQUAL_F extends Loop {
        @Override
        void vv(byte[] o, int oo, Object a, int ao, Object b, int bo, int n) {
            vvNOT_EQUALF(o, oo, (float[]) a, ao, (float[]) b, bo, n);
        }

        @Override
        void vs(byte[] o, int oo, Object a, int ao, double sd, long sl, int n) {
            vsNOT_EQUALF(o, oo, (float[]) a, ao, (float) sd, n);
        }
    }

    private static void vvNOT_EQUALF(byte[] o, int oo, float[] a, int ao, float[] b, int bo, int n) {
        int j = 0;
        for (; j + 8 <= n; j += 4) {
            VectorMask<Float> m = FloatVector.fromArray(F4, a, ao + j).compare(VectorOperators.NE, FloatVector.fromArray(F4, b, bo + j));
            ((ByteVector) IntVector.zero(I4).blend(1, m.cast(I4)).convertShape(VectorOperators.I2B, B8, 0)).intoArray(o, oo + j);
        }
        for (; j < n; j++) {
            o[oo + j] = (byte) (a[ao + j] != b[bo + j] ? 1 : 0);
        }
    }

    private static void vsNOT_EQUALF(byte[] o, int oo, float[] a, int ao, float s, int n) {
        int j = 0;
        FloatVector v = FloatVector.broadcast(F4, s);
        for (; j + 8 <= n; j += 4) {
            VectorMask<Float> m = FloatVector.fromArray(F4, a, ao + j).compare(VectorOperators.NE, v);
            ((ByteVector) IntVector.zero(I4).blend(1, m.cast(I4)).convertShape(VectorOperators.I2B, B8, 0)).intoArray(o, oo + j);
        }
        for (; j < n; j++) {
            o[oo + j] = (byte) (a[ao + j] != s ? 1 : 0);
        }
    }

    /** {@code <} on float. */
    private static final class LESS_F extends Loop {
        @Override
        void vv(byte[] o, int oo, Object a, int ao, Object b, int bo, int n) {
            vvLESSF(o, oo, (float[]) a, ao, (float[]) b, bo, n);
        }

        @Override
        void vs(byte[] o, int oo, Object a, int ao, double sd, long sl, int n) {
            vsLESSF(o, oo, (float[]) a, ao, (float) sd, n);
        }
    }

    private static void vvLESSF(byte[] o, int oo, float[] a, int ao, float[] b, int bo, int n) {
        int j = 0;
        for (; j + 8 <= n; j += 4) {
            VectorMask<Float> m = FloatVector.fromArray(F4, a, ao + j).compare(VectorOperators.LT, FloatVector.fromArray(F4, b, bo + j));
            ((ByteVector) IntVector.zero(I4).blend(1, m.cast(I4)).convertShape(VectorOperators.I2B, B8, 0)).intoArray(o, oo + j);
        }
        for (; j < n; j++) {
            o[oo + j] = (byte) (a[ao + j] < b[bo + j] ? 1 : 0);
        }
    }

    private static void vsLESSF(byte[] o, int oo, float[] a, int ao, float s, int n) {
        int j = 0;
        FloatVector v = FloatVector.broadcast(F4, s);
        for (; j + 8 <= n; j += 4) {
            VectorMask<Float> m = FloatVector.fromArray(F4, a, ao + j).compare(VectorOperators.LT, v);
            ((ByteVector) IntVector.zero(I4).blend(1, m.cast(I4)).convertShape(VectorOperators.I2B, B8, 0)).intoArray(o, oo + j);
        }
        for (; j < n; j++) {
            o[oo + j] = (byte) (a[ao + j] < s ? 1 : 0);
        }
    }

    /** {@code <=} on float. */
    private static final class LESS_EQUAL_F extends Loop {
        @Override
        void vv(byte[] o, int oo, Object a, int ao, Object b, int bo, int n) {
            vvLESS_EQUALF(o, oo, (float[]) a, ao, (float[]) b, bo, n);
        }

        @Override
        void vs(byte[] o, int oo, Object a, int ao, double sd, long sl, int n) {
            vsLESS_EQUALF(o, oo, (float[]) a, ao, (float) sd, n);
        }
    }

    private static void vvLESS_EQUALF(byte[] o, int oo, float[] a, int ao, float[] b, int bo, int n) {
        int j = 0;
        for (; j + 8 <= n; j += 4) {
            VectorMask<Float> m = FloatVector.fromArray(F4, a, ao + j).compare(VectorOperators.LE, FloatVector.fromArray(F4, b, bo + j));
            ((ByteVector) IntVector.zero(I4).blend(1, m.cast(I4)).convertShape(VectorOperators.I2B, B8, 0)).intoArray(o, oo + j);
        }
        for (; j < n; j++) {
            o[oo + j] = (byte) (a[ao + j] <= b[bo + j] ? 1 : 0);
        }
    }

    private static void vsLESS_EQUALF(byte[] o, int oo, float[] a, int ao, float s, int n) {
        int j = 0;
        FloatVector v = FloatVector.broadcast(F4, s);
        for (; j + 8 <= n; j += 4) {
            VectorMask<Float> m = FloatVector.fromArray(F4, a, ao + j).compare(VectorOperators.LE, v);
            ((ByteVector) IntVector.zero(I4).blend(1, m.cast(I4)).convertShape(VectorOperators.I2B, B8, 0)).intoArray(o, oo + j);
        }
        for (; j < n; j++) {
            o[oo + j] = (byte) (a[ao + j] <= s ? 1 : 0);
        }
    }

    /** {@code >} on float. */
    private static final class GREATER_F extends Loop {
        @Override
        void vv(byte[] o, int oo, Object a, int ao, Object b, int bo, int n) {
            vvGREATERF(o, oo, (float[]) a, ao, (float[]) b, bo, n);
        }

        @Override
        void vs(byte[] o, int oo, Object a, int ao, double sd, long sl, int n) {
            vsGREATERF(o, oo, (float[]) a, ao, (float) sd, n);
        }
    }

    private static void vvGREATERF(byte[] o, int oo, float[] a, int ao, float[] b, int bo, int n) {
        int j = 0;
        for (; j + 8 <= n; j += 4) {
            VectorMask<Float> m = FloatVector.fromArray(F4, a, ao + j).compare(VectorOperators.GT, FloatVector.fromArray(F4, b, bo + j));
            ((ByteVector) IntVector.zero(I4).blend(1, m.cast(I4)).convertShape(VectorOperators.I2B, B8, 0)).intoArray(o, oo + j);
        }
        for (; j < n; j++) {
            o[oo + j] = (byte) (a[ao + j] > b[bo + j] ? 1 : 0);
        }
    }

    private static void vsGREATERF(byte[] o, int oo, float[] a, int ao, float s, int n) {
        int j = 0;
        FloatVector v = FloatVector.broadcast(F4, s);
        for (; j + 8 <= n; j += 4) {
            VectorMask<Float> m = FloatVector.fromArray(F4, a, ao + j).compare(VectorOperators.GT, v);
            ((ByteVector) IntVector.zero(I4).blend(1, m.cast(I4)).convertShape(VectorOperators.I2B, B8, 0)).intoArray(o, oo + j);
        }
        for (; j < n; j++) {
            o[oo + j] = (byte) (a[ao + j] > s ? 1 : 0);
        }
    }

    /** {@code >=} on float. */
    private static final class GREATER_EQUAL_F extends Loop {
        @Override
        void vv(byte[] o, int oo, Object a, int ao, Object b, int bo, int n) {
            vvGREATER_EQUALF(o, oo, (float[]) a, ao, (float[]) b, bo, n);
        }

        @Override
        void vs(byte[] o, int oo, Object a, int ao, double sd, long sl, int n) {
            vsGREATER_EQUALF(o, oo, (float[]) a, ao, (float) sd, n);
        }
    }

    private static void vvGREATER_EQUALF(byte[] o, int oo, float[] a, int ao, float[] b, int bo, int n) {
        int j = 0;
        for (; j + 8 <= n; j += 4) {
            VectorMask<Float> m = FloatVector.fromArray(F4, a, ao + j).compare(VectorOperators.GE, FloatVector.fromArray(F4, b, bo + j));
            ((ByteVector) IntVector.zero(I4).blend(1, m.cast(I4)).convertShape(VectorOperators.I2B, B8, 0)).intoArray(o, oo + j);
        }
        for (; j < n; j++) {
            o[oo + j] = (byte) (a[ao + j] >= b[bo + j] ? 1 : 0);
        }
    }

    private static void vsGREATER_EQUALF(byte[] o, int oo, float[] a, int ao, float s, int n) {
        int j = 0;
        FloatVector v = FloatVector.broadcast(F4, s);
        for (; j + 8 <= n; j += 4) {
            VectorMask<Float> m = FloatVector.fromArray(F4, a, ao + j).compare(VectorOperators.GE, v);
            ((ByteVector) IntVector.zero(I4).blend(1, m.cast(I4)).convertShape(VectorOperators.I2B, B8, 0)).intoArray(o, oo + j);
        }
        for (; j < n; j++) {
            o[oo + j] = (byte) (a[ao + j] >= s ? 1 : 0);
        }
    }

    /** {@code ==} on long. */
    private static final class EQUAL_L extends Loop {
        @Override
        void vv(byte[] o, int oo, Object a, int ao, Object b, int bo, int n) {
            vvEQUALL(o, oo, (long[]) a, ao, (long[]) b, bo, n);
        }

        @Override
        void vs(byte[] o, int oo, Object a, int ao, double sd, long sl, int n) {
            vsEQUALL(o, oo, (long[]) a, ao, sl, n);
        }
    }

    private static void vvEQUALL(byte[] o, int oo, long[] a, int ao, long[] b, int bo, int n) {
        int j = 0;
        for (; j + 8 <= n; j += 4) {
            VectorMask<Long> m = LongVector.fromArray(L4, a, ao + j).compare(VectorOperators.EQ, LongVector.fromArray(L4, b, bo + j));
            ((ByteVector) LongVector.zero(L4).blend(1L, m).convertShape(VectorOperators.L2B, B8, 0)).intoArray(o, oo + j);
        }
        for (; j < n; j++) {
            o[oo + j] = (byte) (a[ao + j] == b[bo + j] ? 1 : 0);
        }
    }

    private static void vsEQUALL(byte[] o, int oo, long[] a, int ao, long s, int n) {
        int j = 0;
        LongVector v = LongVector.broadcast(L4, s);
        for (; j + 8 <= n; j += 4) {
            VectorMask<Long> m = LongVector.fromArray(L4, a, ao + j).compare(VectorOperators.EQ, v);
            ((ByteVector) LongVector.zero(L4).blend(1L, m).convertShape(VectorOperators.L2B, B8, 0)).intoArray(o, oo + j);
        }
        for (; j < n; j++) {
            o[oo + j] = (byte) (a[ao + j] == s ? 1 : 0);
        }
    }

    /** {@code !=} on long. */
    private static final class NOT_EQUAL_L extends Loop {
        @Override
        void vv(byte[] o, int oo, Object a, int ao, Object b, int bo, int n) {
            vvNOT_EQUALL(o, oo, (long[]) a, ao, (long[]) b, bo, n);
        }

        @Override
        void vs(byte[] o, int oo, Object a, int ao, double sd, long sl, int n) {
            vsNOT_EQUALL(o, oo, (long[]) a, ao, sl, n);
        }
    }

    private static void vvNOT_EQUALL(byte[] o, int oo, long[] a, int ao, long[] b, int bo, int n) {
        int j = 0;
        for (; j + 8 <= n; j += 4) {
            VectorMask<Long> m = LongVector.fromArray(L4, a, ao + j).compare(VectorOperators.NE, LongVector.fromArray(L4, b, bo + j));
            ((ByteVector) LongVector.zero(L4).blend(1L, m).convertShape(VectorOperators.L2B, B8, 0)).intoArray(o, oo + j);
        }
        for (; j < n; j++) {
            o[oo + j] = (byte) (a[ao + j] != b[bo + j] ? 1 : 0);
        }
    }

    private static void vsNOT_EQUALL(byte[] o, int oo, long[] a, int ao, long s, int n) {
        int j = 0;
        LongVector v = LongVector.broadcast(L4, s);
        for (; j + 8 <= n; j += 4) {
            VectorMask<Long> m = LongVector.fromArray(L4, a, ao + j).compare(VectorOperators.NE, v);
            ((ByteVector) LongVector.zero(L4).blend(1L, m).convertShape(VectorOperators.L2B, B8, 0)).intoArray(o, oo + j);
        }
        for (; j < n; j++) {
            o[oo + j] = (byte) (a[ao + j] != s ? 1 : 0);
        }
    }

    /** {@code <} on long. */
    private static final class LESS_L extends Loop {
        @Override
        void vv(byte[] o, int oo, Object a, int ao, Object b, int bo, int n) {
            vvLESSL(o, oo, (long[]) a, ao, (long[]) b, bo, n);
        }

        @Override
        void vs(byte[] o, int oo, Object a, int ao, double sd, long sl, int n) {
            vsLESSL(o, oo, (long[]) a, ao, sl, n);
        }
    }

    private static void vvLESSL(byte[] o, int oo, long[] a, int ao, long[] b, int bo, int n) {
        int j = 0;
        for (; j + 8 <= n; j += 4) {
            VectorMask<Long> m = LongVector.fromArray(L4, a, ao + j).compare(VectorOperators.LT, LongVector.fromArray(L4, b, bo + j));
            ((ByteVector) LongVector.zero(L4).blend(1L, m).convertShape(VectorOperators.L2B, B8, 0)).intoArray(o, oo + j);
        }
        for (; j < n; j++) {
            o[oo + j] = (byte) (a[ao + j] < b[bo + j] ? 1 : 0);
        }
    }

    private static void vsLESSL(byte[] o, int oo, long[] a, int ao, long s, int n) {
        int j = 0;
        LongVector v = LongVector.broadcast(L4, s);
        for (; j + 8 <= n; j += 4) {
            VectorMask<Long> m = LongVector.fromArray(L4, a, ao + j).compare(VectorOperators.LT, v);
            ((ByteVector) LongVector.zero(L4).blend(1L, m).convertShape(VectorOperators.L2B, B8, 0)).intoArray(o, oo + j);
        }
        for (; j < n; j++) {
            o[oo + j] = (byte) (a[ao + j] < s ? 1 : 0);
        }
    }

    /** {@code <=} on long. */
    private static final class LESS_EQUAL_L extends Loop {
        @Override
        void vv(byte[] o, int oo, Object a, int ao, Object b, int bo, int n) {
            vvLESS_EQUALL(o, oo, (long[]) a, ao, (long[]) b, bo, n);
        }

        @Override
        void vs(byte[] o, int oo, Object a, int ao, double sd, long sl, int n) {
            vsLESS_EQUALL(o, oo, (long[]) a, ao, sl, n);
        }
    }

    private static void vvLESS_EQUALL(byte[] o, int oo, long[] a, int ao, long[] b, int bo, int n) {
        int j = 0;
        for (; j + 8 <= n; j += 4) {
            VectorMask<Long> m = LongVector.fromArray(L4, a, ao + j).compare(VectorOperators.LE, LongVector.fromArray(L4, b, bo + j));
            ((ByteVector) LongVector.zero(L4).blend(1L, m).convertShape(VectorOperators.L2B, B8, 0)).intoArray(o, oo + j);
        }
        for (; j < n; j++) {
            o[oo + j] = (byte) (a[ao + j] <= b[bo + j] ? 1 : 0);
        }
    }

    private static void vsLESS_EQUALL(byte[] o, int oo, long[] a, int ao, long s, int n) {
        int j = 0;
        LongVector v = LongVector.broadcast(L4, s);
        for (; j + 8 <= n; j += 4) {
            VectorMask<Long> m = LongVector.fromArray(L4, a, ao + j).compare(VectorOperators.LE, v);
            ((ByteVector) LongVector.zero(L4).blend(1L, m).convertShape(VectorOperators.L2B, B8, 0)).intoArray(o, oo + j);
        }
        for (; j < n; j++) {
            o[oo + j] = (byte) (a[ao + j] <= s ? 1 : 0);
        }
    }

    /** {@code >} on long. */
    private static final class GREATER_L extends Loop {
        @Override
        void vv(byte[] o, int oo, Object a, int ao, Object b, int bo, int n) {
            vvGREATERL(o, oo, (long[]) a, ao, (long[]) b, bo, n);
        }

        @Override
        void vs(byte[] o, int oo, Object a, int ao, double sd, long sl, int n) {
            vsGREATERL(o, oo, (long[]) a, ao, sl, n);
        }
    }

    private static void vvGREATERL(byte[] o, int oo, long[] a, int ao, long[] b, int bo, int n) {
        int j = 0;
        for (; j + 8 <= n; j += 4) {
            VectorMask<Long> m = LongVector.fromArray(L4, a, ao + j).compare(VectorOperators.GT, LongVector.fromArray(L4, b, bo + j));
            ((ByteVector) LongVector.zero(L4).blend(1L, m).convertShape(VectorOperators.L2B, B8, 0)).intoArray(o, oo + j);
        }
        for (; j < n; j++) {
            o[oo + j] = (byte) (a[ao + j] > b[bo + j] ? 1 : 0);
        }
    }

    private static void vsGREATERL(byte[] o, int oo, long[] a, int ao, long s, int n) {
        int j = 0;
        LongVector v = LongVector.broadcast(L4, s);
        for (; j + 8 <= n; j += 4) {
            VectorMask<Long> m = LongVector.fromArray(L4, a, ao + j).compare(VectorOperators.GT, v);
            ((ByteVector) LongVector.zero(L4).blend(1L, m).convertShape(VectorOperators.L2B, B8, 0)).intoArray(o, oo + j);
        }
        for (; j < n; j++) {
            o[oo + j] = (byte) (a[ao + j] > s ? 1 : 0);
        }
    }

    /** {@code >=} on long. */
    private static final class GREATER_EQUAL_L extends Loop {
        @Override
        void vv(byte[] o, int oo, Object a, int ao, Object b, int bo, int n) {
            vvGREATER_EQUALL(o, oo, (long[]) a, ao, (long[]) b, bo, n);
        }

        @Override
        void vs(byte[] o, int oo, Object a, int ao, double sd, long sl, int n) {
            vsGREATER_EQUALL(o, oo, (long[]) a, ao, sl, n);
        }
    }

    private static void vvGREATER_EQUALL(byte[] o, int oo, long[] a, int ao, long[] b, int bo, int n) {
        int j = 0;
        for (; j + 8 <= n; j += 4) {
            VectorMask<Long> m = LongVector.fromArray(L4, a, ao + j).compare(VectorOperators.GE, LongVector.fromArray(L4, b, bo + j));
            ((ByteVector) LongVector.zero(L4).blend(1L, m).convertShape(VectorOperators.L2B, B8, 0)).intoArray(o, oo + j);
        }
        for (; j < n; j++) {
            o[oo + j] = (byte) (a[ao + j] >= b[bo + j] ? 1 : 0);
        }
    }

    private static void vsGREATER_EQUALL(byte[] o, int oo, long[] a, int ao, long s, int n) {
        int j = 0;
        LongVector v = LongVector.broadcast(L4, s);
        for (; j + 8 <= n; j += 4) {
            VectorMask<Long> m = LongVector.fromArray(L4, a, ao + j).compare(VectorOperators.GE, v);
            ((ByteVector) LongVector.zero(L4).blend(1L, m).convertShape(VectorOperators.L2B, B8, 0)).intoArray(o, oo + j);
        }
        for (; j < n; j++) {
            o[oo + j] = (byte) (a[ao + j] >= s ? 1 : 0);
        }
    }

    /** {@code ==} on int. */
    private static final class EQUAL_I extends Loop {
        @Override
        void vv(byte[] o, int oo, Object a, int ao, Object b, int bo, int n) {
            vvEQUALI(o, oo, (int[]) a, ao, (int[]) b, bo, n);
        }

        @Override
        void vs(byte[] o, int oo, Object a, int ao, double sd, long sl, int n) {
            vsEQUALI(o, oo, (int[]) a, ao, (int) sl, n);
        }
    }

    private static void vvEQUALI(byte[] o, int oo, int[] a, int ao, int[] b, int bo, int n) {
        int j = 0;
        for (; j + 8 <= n; j += 4) {
            VectorMask<Integer> m = IntVector.fromArray(I4, a, ao + j).compare(VectorOperators.EQ, IntVector.fromArray(I4, b, bo + j));
            ((ByteVector) IntVector.zero(I4).blend(1, m).convertShape(VectorOperators.I2B, B8, 0)).intoArray(o, oo + j);
        }
        for (; j < n; j++) {
            o[oo + j] = (byte) (a[ao + j] == b[bo + j] ? 1 : 0);
        }
    }

    private static void vsEQUALI(byte[] o, int oo, int[] a, int ao, int s, int n) {
        int j = 0;
        IntVector v = IntVector.broadcast(I4, s);
        for (; j + 8 <= n; j += 4) {
            VectorMask<Integer> m = IntVector.fromArray(I4, a, ao + j).compare(VectorOperators.EQ, v);
            ((ByteVector) IntVector.zero(I4).blend(1, m).convertShape(VectorOperators.I2B, B8, 0)).intoArray(o, oo + j);
        }
        for (; j < n; j++) {
            o[oo + j] = (byte) (a[ao + j] == s ? 1 : 0);
        }
    }

    /** {@code !=} on int. */
    private static final class NOT_EQUAL_I extends Loop {
        @Override
        void vv(byte[] o, int oo, Object a, int ao, Object b, int bo, int n) {
            vvNOT_EQUALI(o, oo, (int[]) a, ao, (int[]) b, bo, n);
        }

        @Override
        void vs(byte[] o, int oo, Object a, int ao, double sd, long sl, int n) {
            vsNOT_EQUALI(o, oo, (int[]) a, ao, (int) sl, n);
        }
    }

    private static void vvNOT_EQUALI(byte[] o, int oo, int[] a, int ao, int[] b, int bo, int n) {
        int j = 0;
        for (; j + 8 <= n; j += 4) {
            VectorMask<Integer> m = IntVector.fromArray(I4, a, ao + j).compare(VectorOperators.NE, IntVector.fromArray(I4, b, bo + j));
            ((ByteVector) IntVector.zero(I4).blend(1, m).convertShape(VectorOperators.I2B, B8, 0)).intoArray(o, oo + j);
        }
        for (; j < n; j++) {
            o[oo + j] = (byte) (a[ao + j] != b[bo + j] ? 1 : 0);
        }
    }

    private static void vsNOT_EQUALI(byte[] o, int oo, int[] a, int ao, int s, int n) {
        int j = 0;
        IntVector v = IntVector.broadcast(I4, s);
        for (; j + 8 <= n; j += 4) {
            VectorMask<Integer> m = IntVector.fromArray(I4, a, ao + j).compare(VectorOperators.NE, v);
            ((ByteVector) IntVector.zero(I4).blend(1, m).convertShape(VectorOperators.I2B, B8, 0)).intoArray(o, oo + j);
        }
        for (; j < n; j++) {
            o[oo + j] = (byte) (a[ao + j] != s ? 1 : 0);
        }
    }

    /** {@code <} on int. */
    private static final class LESS_I extends Loop {
        @Override
        void vv(byte[] o, int oo, Object a, int ao, Object b, int bo, int n) {
            vvLESSI(o, oo, (int[]) a, ao, (int[]) b, bo, n);
        }

        @Override
        void vs(byte[] o, int oo, Object a, int ao, double sd, long sl, int n) {
            vsLESSI(o, oo, (int[]) a, ao, (int) sl, n);
        }
    }

    private static void vvLESSI(byte[] o, int oo, int[] a, int ao, int[] b, int bo, int n) {
        int j = 0;
        for (; j + 8 <= n; j += 4) {
            VectorMask<Integer> m = IntVector.fromArray(I4, a, ao + j).compare(VectorOperators.LT, IntVector.fromArray(I4, b, bo + j));
            ((ByteVector) IntVector.zero(I4).blend(1, m).convertShape(VectorOperators.I2B, B8, 0)).intoArray(o, oo + j);
        }
        for (; j < n; j++) {
            o[oo + j] = (byte) (a[ao + j] < b[bo + j] ? 1 : 0);
        }
    }

    private static void vsLESSI(byte[] o, int oo, int[] a, int ao, int s, int n) {
        int j = 0;
        IntVector v = IntVector.broadcast(I4, s);
        for (; j + 8 <= n; j += 4) {
            VectorMask<Integer> m = IntVector.fromArray(I4, a, ao + j).compare(VectorOperators.LT, v);
            ((ByteVector) IntVector.zero(I4).blend(1, m).convertShape(VectorOperators.I2B, B8, 0)).intoArray(o, oo + j);
        }
        for (; j < n; j++) {
            o[oo + j] = (byte) (a[ao + j] < s ? 1 : 0);
        }
    }

    /** {@code <=} on int. */
    private static final class LESS_EQUAL_I extends Loop {
        @Override
        void vv(byte[] o, int oo, Object a, int ao, Object b, int bo, int n) {
            vvLESS_EQUALI(o, oo, (int[]) a, ao, (int[]) b, bo, n);
        }

        @Override
        void vs(byte[] o, int oo, Object a, int ao, double sd, long sl, int n) {
            vsLESS_EQUALI(o, oo, (int[]) a, ao, (int) sl, n);
        }
    }

    private static void vvLESS_EQUALI(byte[] o, int oo, int[] a, int ao, int[] b, int bo, int n) {
        int j = 0;
        for (; j + 8 <= n; j += 4) {
            VectorMask<Integer> m = IntVector.fromArray(I4, a, ao + j).compare(VectorOperators.LE, IntVector.fromArray(I4, b, bo + j));
            ((ByteVector) IntVector.zero(I4).blend(1, m).convertShape(VectorOperators.I2B, B8, 0)).intoArray(o, oo + j);
        }
        for (; j < n; j++) {
            o[oo + j] = (byte) (a[ao + j] <= b[bo + j] ? 1 : 0);
        }
    }

    private static void vsLESS_EQUALI(byte[] o, int oo, int[] a, int ao, int s, int n) {
        int j = 0;
        IntVector v = IntVector.broadcast(I4, s);
        for (; j + 8 <= n; j += 4) {
            VectorMask<Integer> m = IntVector.fromArray(I4, a, ao + j).compare(VectorOperators.LE, v);
            ((ByteVector) IntVector.zero(I4).blend(1, m).convertShape(VectorOperators.I2B, B8, 0)).intoArray(o, oo + j);
        }
        for (; j < n; j++) {
            o[oo + j] = (byte) (a[ao + j] <= s ? 1 : 0);
        }
    }

    /** {@code >} on int. */
    private static final class GREATER_I extends Loop {
        @Override
        void vv(byte[] o, int oo, Object a, int ao, Object b, int bo, int n) {
            vvGREATERI(o, oo, (int[]) a, ao, (int[]) b, bo, n);
        }

        @Override
        void vs(byte[] o, int oo, Object a, int ao, double sd, long sl, int n) {
            vsGREATERI(o, oo, (int[]) a, ao, (int) sl, n);
        }
    }

    private static void vvGREATERI(byte[] o, int oo, int[] a, int ao, int[] b, int bo, int n) {
        int j = 0;
        for (; j + 8 <= n; j += 4) {
            VectorMask<Integer> m = IntVector.fromArray(I4, a, ao + j).compare(VectorOperators.GT, IntVector.fromArray(I4, b, bo + j));
            ((ByteVector) IntVector.zero(I4).blend(1, m).convertShape(VectorOperators.I2B, B8, 0)).intoArray(o, oo + j);
        }
        for (; j < n; j++) {
            o[oo + j] = (byte) (a[ao + j] > b[bo + j] ? 1 : 0);
        }
    }

    private static void vsGREATERI(byte[] o, int oo, int[] a, int ao, int s, int n) {
        int j = 0;
        IntVector v = IntVector.broadcast(I4, s);
        for (; j + 8 <= n; j += 4) {
            VectorMask<Integer> m = IntVector.fromArray(I4, a, ao + j).compare(VectorOperators.GT, v);
            ((ByteVector) IntVector.zero(I4).blend(1, m).convertShape(VectorOperators.I2B, B8, 0)).intoArray(o, oo + j);
        }
        for (; j < n; j++) {
            o[oo + j] = (byte) (a[ao + j] > s ? 1 : 0);
        }
    }

    /** {@code >=} on int. */
    private static final class GREATER_EQUAL_I extends Loop {
        @Override
        void vv(byte[] o, int oo, Object a, int ao, Object b, int bo, int n) {
            vvGREATER_EQUALI(o, oo, (int[]) a, ao, (int[]) b, bo, n);
        }

        @Override
        void vs(byte[] o, int oo, Object a, int ao, double sd, long sl, int n) {
            vsGREATER_EQUALI(o, oo, (int[]) a, ao, (int) sl, n);
        }
    }

    private static void vvGREATER_EQUALI(byte[] o, int oo, int[] a, int ao, int[] b, int bo, int n) {
        int j = 0;
        for (; j + 8 <= n; j += 4) {
            VectorMask<Integer> m = IntVector.fromArray(I4, a, ao + j).compare(VectorOperators.GE, IntVector.fromArray(I4, b, bo + j));
            ((ByteVector) IntVector.zero(I4).blend(1, m).convertShape(VectorOperators.I2B, B8, 0)).intoArray(o, oo + j);
        }
        for (; j < n; j++) {
            o[oo + j] = (byte) (a[ao + j] >= b[bo + j] ? 1 : 0);
        }
    }

    private static void vsGREATER_EQUALI(byte[] o, int oo, int[] a, int ao, int s, int n) {
        int j = 0;
        IntVector v = IntVector.broadcast(I4, s);
        for (; j + 8 <= n; j += 4) {
            VectorMask<Integer> m = IntVector.fromArray(I4, a, ao + j).compare(VectorOperators.GE, v);
            ((ByteVector) IntVector.zero(I4).blend(1, m).convertShape(VectorOperators.I2B, B8, 0)).intoArray(o, oo + j);
        }
        for (; j < n; j++) {
            o[oo + j] = (byte) (a[ao + j] >= s ? 1 : 0);
        }
    }

    /** {@code ==} on byte. */
    private static final class EQUAL_Z extends Loop {
        @Override
        void vv(byte[] o, int oo, Object a, int ao, Object b, int bo, int n) {
            vvEQUALZ(o, oo, (byte[]) a, ao, (byte[]) b, bo, n);
        }

        @Override
        void vs(byte[] o, int oo, Object a, int ao, double sd, long sl, int n) {
            vsEQUALZ(o, oo, (byte[]) a, ao, (byte) sl, n);
        }
    }

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

    /** {@code !=} on byte. */
    private static final class NOT_EQUAL_Z extends Loop {
        @Override
        void vv(byte[] o, int oo, Object a, int ao, Object b, int bo, int n) {
            vvNOT_EQUALZ(o, oo, (byte[]) a, ao, (byte[]) b, bo, n);
        }

        @Override
        void vs(byte[] o, int oo, Object a, int ao, double sd, long sl, int n) {
            vsNOT_EQUALZ(o, oo, (byte[]) a, ao, (byte) sl, n);
        }
    }

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

    /** {@code <} on byte. */
    private static final class LESS_Z extends Loop {
        @Override
        void vv(byte[] o, int oo, Object a, int ao, Object b, int bo, int n) {
            vvLESSZ(o, oo, (byte[]) a, ao, (byte[]) b, bo, n);
        }

        @Override
        void vs(byte[] o, int oo, Object a, int ao, double sd, long sl, int n) {
            vsLESSZ(o, oo, (byte[]) a, ao, (byte) sl, n);
        }
    }

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

    /** {@code <=} on byte. */
    private static final class LESS_EQUAL_Z extends Loop {
        @Override
        void vv(byte[] o, int oo, Object a, int ao, Object b, int bo, int n) {
            vvLESS_EQUALZ(o, oo, (byte[]) a, ao, (byte[]) b, bo, n);
        }

        @Override
        void vs(byte[] o, int oo, Object a, int ao, double sd, long sl, int n) {
            vsLESS_EQUALZ(o, oo, (byte[]) a, ao, (byte) sl, n);
        }
    }

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

    /** {@code >} on byte. */
    private static final class GREATER_Z extends Loop {
        @Override
        void vv(byte[] o, int oo, Object a, int ao, Object b, int bo, int n) {
            vvGREATERZ(o, oo, (byte[]) a, ao, (byte[]) b, bo, n);
        }

        @Override
        void vs(byte[] o, int oo, Object a, int ao, double sd, long sl, int n) {
            vsGREATERZ(o, oo, (byte[]) a, ao, (byte) sl, n);
        }
    }

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

    /** {@code >=} on byte. */
    private static final class GREATER_EQUAL_Z extends Loop {
        @Override
        void vv(byte[] o, int oo, Object a, int ao, Object b, int bo, int n) {
            vvGREATER_EQUALZ(o, oo, (byte[]) a, ao, (byte[]) b, bo, n);
        }

        @Override
        void vs(byte[] o, int oo, Object a, int ao, double sd, long sl, int n) {
            vsGREATER_EQUALZ(o, oo, (byte[]) a, ao, (byte) sl, n);
        }
    }

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
}
