// GENERATED from task-library/src/main/templates/FusedSimd.java.tmpl by task-library/generate-kernels: edit the template, not this file.
package dev.cohort.tasks;

import jdk.incubator.vector.DoubleVector;
import jdk.incubator.vector.IntVector;
import jdk.incubator.vector.LongVector;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorSpecies;

/**
 * The Vector API loops of the FUSED interpreter ({@link FusedKernels}; generated; this class loads only
 * when {@link Reductions#SIMD} holds). The interpreter runs each operation over a chunk with its operands
 * at different offsets: a leaf's own array at the row's offset, a stack buffer at 0, out at the row's
 * offset. JDK 17's C2 does not vectorise {@code o[oo + j] = a[ao + j] op b[bo + j]} when the offsets
 * differ (a store and a load of {@code double[]} with different loop-invariant offsets count as
 * dependent), so {@link Loops}' offset forms ran one element at a time: a fused {@code a * 2 + b} took
 * about 4x the time of the bare loop in L2, slower than the two eager launches it replaced (issue 12).
 * These loops load and store 4-lane vectors at any offsets instead. The int32 loops serve the array layer's dense
 * int32 rows (the machine itself computes int32 in longs).
 *
 * <p>Each loop is a {@link VectorLoop} run through {@link VectorLoop#call}, so that C2 compiles it alone (see there).
 *
 * <p>Same bits as {@link Loops}: every loop is an IEEE operation lane by lane ({@code + - * /},
 * negation, {@code x * x}, {@code sqrt}, {@code 1.0 / x} on doubles; wrapping {@code + -} and the bitwise
 * operations on longs and ints), which a vector instruction rounds exactly as the scalar one; {@code maximum} and
 * {@code minimum} are {@code Math.max}/{@code Math.min} lane by lane: on doubles the lanewise {@code MAX}/{@code MIN},
 * which C2 compiles to the instruction sequence of its scalar {@code Math.max}/{@code Math.min} intrinsic (NaN
 * from either side propagates, {@code -0.0 < 0.0}), on longs a compare and blend (AVX2 has no 64-bit integer
 * max), on ints the lanewise {@code MAX}/{@code MIN} (one instruction; JDK 17's C2 vectorises neither
 * {@code Math.max(int, int)} nor {@code Math.max(long, long)} in a plain loop, so the array layer's dense int rows take
 * these loops for them even at one offset). Operations without a loop here ({@code abs}, the transcendental ones, ...) return false and run on
 * {@link Loops}. The species is fixed at 256 bits, the one
 * {@link SimdReductions} uses: with two shapes of one vector class in a JVM C2 compiled loops without their
 * intrinsics (see {@code SimdReductions.axpyRowsD}). Out must not overlap an operand at another offset
 * (the caller checks; the same offset, in place, is fine).
 */
final class FusedSimd {
    private FusedSimd() {
    }

    static final VectorSpecies<Double> D4 = DoubleVector.SPECIES_256;
    static final VectorSpecies<Long> L4 = LongVector.SPECIES_256;
    /** int32's loops: {@link SimdReductions}' 128-bit int shape (4 lanes, as every other loop here), the JVM's only int shape. */
    static final VectorSpecies<Integer> I4 = SimdReductions.I4;

    /**
     * {@code o[oo + j] = a[ao + j] op b[bo + j]} for {@code j < n} on double when {@code op} has a vector loop
     * here ({@link BinaryOp#ADD}, {@link BinaryOp#SUBTRACT}, {@link BinaryOp#MULTIPLY}, {@link BinaryOp#DIVIDE}, {@link BinaryOp#MAXIMUM}, {@link BinaryOp#MINIMUM}); else false, nothing written.
     */
    static boolean binaryD(BinaryOp op, double[] o, int oo, double[] a, int ao, double[] b, int bo, int n) {
        if (op == BinaryOp.ADD) {
            VectorLoop.call(VV_ADD_D, o, oo, 0, a, ao, 0, b, bo, 0, 0, n, 0, 0);
            return true;
        }
        if (op == BinaryOp.SUBTRACT) {
            VectorLoop.call(VV_SUBTRACT_D, o, oo, 0, a, ao, 0, b, bo, 0, 0, n, 0, 0);
            return true;
        }
        if (op == BinaryOp.MULTIPLY) {
            VectorLoop.call(VV_MULTIPLY_D, o, oo, 0, a, ao, 0, b, bo, 0, 0, n, 0, 0);
            return true;
        }
        if (op == BinaryOp.DIVIDE) {
            VectorLoop.call(VV_DIVIDE_D, o, oo, 0, a, ao, 0, b, bo, 0, 0, n, 0, 0);
            return true;
        }
        if (op == BinaryOp.MAXIMUM) {
            VectorLoop.call(VV_MAXIMUM_D, o, oo, 0, a, ao, 0, b, bo, 0, 0, n, 0, 0);
            return true;
        }
        if (op == BinaryOp.MINIMUM) {
            VectorLoop.call(VV_MINIMUM_D, o, oo, 0, a, ao, 0, b, bo, 0, 0, n, 0, 0);
            return true;
        }
        return false;
    }

    /** {@code o[oo + j] = a[ao + j] op s} for {@code j < n}, the operations of {@link #binaryD}; else false. */
    static boolean binaryDS(BinaryOp op, double[] o, int oo, double[] a, int ao, double s, int n) {
        if (op == BinaryOp.ADD) {
            VectorLoop.call(VS_ADD_D, o, oo, 0, a, ao, 0, null, 0, 0, 0, n, s, 0);
            return true;
        }
        if (op == BinaryOp.SUBTRACT) {
            VectorLoop.call(VS_SUBTRACT_D, o, oo, 0, a, ao, 0, null, 0, 0, 0, n, s, 0);
            return true;
        }
        if (op == BinaryOp.MULTIPLY) {
            VectorLoop.call(VS_MULTIPLY_D, o, oo, 0, a, ao, 0, null, 0, 0, 0, n, s, 0);
            return true;
        }
        if (op == BinaryOp.DIVIDE) {
            VectorLoop.call(VS_DIVIDE_D, o, oo, 0, a, ao, 0, null, 0, 0, 0, n, s, 0);
            return true;
        }
        if (op == BinaryOp.MAXIMUM) {
            VectorLoop.call(VS_MAXIMUM_D, o, oo, 0, a, ao, 0, null, 0, 0, 0, n, s, 0);
            return true;
        }
        if (op == BinaryOp.MINIMUM) {
            VectorLoop.call(VS_MINIMUM_D, o, oo, 0, a, ao, 0, null, 0, 0, 0, n, s, 0);
            return true;
        }
        return false;
    }

    /** {@code o[oo + j] = s op b[bo + j]} for {@code j < n}, the operations of {@link #binaryD}; else false. */
    static boolean binarySD(BinaryOp op, double[] o, int oo, double s, double[] b, int bo, int n) {
        if (op == BinaryOp.ADD) {
            VectorLoop.call(SV_ADD_D, o, oo, 0, null, 0, 0, b, bo, 0, 0, n, s, 0);
            return true;
        }
        if (op == BinaryOp.SUBTRACT) {
            VectorLoop.call(SV_SUBTRACT_D, o, oo, 0, null, 0, 0, b, bo, 0, 0, n, s, 0);
            return true;
        }
        if (op == BinaryOp.MULTIPLY) {
            VectorLoop.call(SV_MULTIPLY_D, o, oo, 0, null, 0, 0, b, bo, 0, 0, n, s, 0);
            return true;
        }
        if (op == BinaryOp.DIVIDE) {
            VectorLoop.call(SV_DIVIDE_D, o, oo, 0, null, 0, 0, b, bo, 0, 0, n, s, 0);
            return true;
        }
        if (op == BinaryOp.MAXIMUM) {
            VectorLoop.call(SV_MAXIMUM_D, o, oo, 0, null, 0, 0, b, bo, 0, 0, n, s, 0);
            return true;
        }
        if (op == BinaryOp.MINIMUM) {
            VectorLoop.call(SV_MINIMUM_D, o, oo, 0, null, 0, 0, b, bo, 0, 0, n, s, 0);
            return true;
        }
        return false;
    }

    /** {@code +} on double: array and array, array and scalar, scalar and array ({@link VectorLoop}). */
    private static final VectorLoop VV_ADD_D = new VectorLoop() {
        @Override
        long run(Object x, int xo, int xs, Object y, int yo, int ys, Object z, int zo, int zs, int m, int n, double d, long l) {
            vvADDD((double[]) x, xo, (double[]) y, yo, (double[]) z, zo, n);
            return 0;
        }
    };
    private static final VectorLoop VS_ADD_D = new VectorLoop() {
        @Override
        long run(Object x, int xo, int xs, Object y, int yo, int ys, Object z, int zo, int zs, int m, int n, double d, long l) {
            vsADDD((double[]) x, xo, (double[]) y, yo, d, n);
            return 0;
        }
    };
    private static final VectorLoop SV_ADD_D = new VectorLoop() {
        @Override
        long run(Object x, int xo, int xs, Object y, int yo, int ys, Object z, int zo, int zs, int m, int n, double d, long l) {
            svADDD((double[]) x, xo, d, (double[]) z, zo, n);
            return 0;
        }
    };

    private static void vvADDD(double[] o, int oo, double[] a, int ao, double[] b, int bo, int n) {
        int j = 0;
        for (int end = n - 7; j < end; j += 8) {
            DoubleVector x0 = DoubleVector.fromArray(D4, a, ao + j);
            DoubleVector x1 = DoubleVector.fromArray(D4, a, ao + j + 4);
            DoubleVector y0 = DoubleVector.fromArray(D4, b, bo + j);
            DoubleVector y1 = DoubleVector.fromArray(D4, b, bo + j + 4);
            x0.lanewise(VectorOperators.ADD, y0).intoArray(o, oo + j);
            x1.lanewise(VectorOperators.ADD, y1).intoArray(o, oo + j + 4);
        }
        for (; j < n; j++) {
            o[oo + j] = a[ao + j] + b[bo + j];
        }
    }

    private static void vsADDD(double[] o, int oo, double[] a, int ao, double s, int n) {
        int j = 0;
        DoubleVector v = DoubleVector.broadcast(D4, s);
        for (int end = n - 7; j < end; j += 8) {
            DoubleVector x0 = DoubleVector.fromArray(D4, a, ao + j);
            DoubleVector x1 = DoubleVector.fromArray(D4, a, ao + j + 4);
            x0.lanewise(VectorOperators.ADD, v).intoArray(o, oo + j);
            x1.lanewise(VectorOperators.ADD, v).intoArray(o, oo + j + 4);
        }
        for (; j < n; j++) {
            o[oo + j] = a[ao + j] + s;
        }
    }

    private static void svADDD(double[] o, int oo, double s, double[] b, int bo, int n) {
        int j = 0;
        DoubleVector v = DoubleVector.broadcast(D4, s);
        for (int end = n - 7; j < end; j += 8) {
            DoubleVector y0 = DoubleVector.fromArray(D4, b, bo + j);
            DoubleVector y1 = DoubleVector.fromArray(D4, b, bo + j + 4);
            v.lanewise(VectorOperators.ADD, y0).intoArray(o, oo + j);
            v.lanewise(VectorOperators.ADD, y1).intoArray(o, oo + j + 4);
        }
        for (; j < n; j++) {
            o[oo + j] = s + b[bo + j];
        }
    }

    /** {@code -} on double: array and array, array and scalar, scalar and array ({@link VectorLoop}). */
    private static final VectorLoop VV_SUBTRACT_D = new VectorLoop() {
        @Override
        long run(Object x, int xo, int xs, Object y, int yo, int ys, Object z, int zo, int zs, int m, int n, double d, long l) {
            vvSUBTRACTD((double[]) x, xo, (double[]) y, yo, (double[]) z, zo, n);
            return 0;
        }
    };
    private static final VectorLoop VS_SUBTRACT_D = new VectorLoop() {
        @Override
        long run(Object x, int xo, int xs, Object y, int yo, int ys, Object z, int zo, int zs, int m, int n, double d, long l) {
            vsSUBTRACTD((double[]) x, xo, (double[]) y, yo, d, n);
            return 0;
        }
    };
    private static final VectorLoop SV_SUBTRACT_D = new VectorLoop() {
        @Override
        long run(Object x, int xo, int xs, Object y, int yo, int ys, Object z, int zo, int zs, int m, int n, double d, long l) {
            svSUBTRACTD((double[]) x, xo, d, (double[]) z, zo, n);
            return 0;
        }
    };

    private static void vvSUBTRACTD(double[] o, int oo, double[] a, int ao, double[] b, int bo, int n) {
        int j = 0;
        for (int end = n - 7; j < end; j += 8) {
            DoubleVector x0 = DoubleVector.fromArray(D4, a, ao + j);
            DoubleVector x1 = DoubleVector.fromArray(D4, a, ao + j + 4);
            DoubleVector y0 = DoubleVector.fromArray(D4, b, bo + j);
            DoubleVector y1 = DoubleVector.fromArray(D4, b, bo + j + 4);
            x0.lanewise(VectorOperators.SUB, y0).intoArray(o, oo + j);
            x1.lanewise(VectorOperators.SUB, y1).intoArray(o, oo + j + 4);
        }
        for (; j < n; j++) {
            o[oo + j] = a[ao + j] - b[bo + j];
        }
    }

    private static void vsSUBTRACTD(double[] o, int oo, double[] a, int ao, double s, int n) {
        int j = 0;
        DoubleVector v = DoubleVector.broadcast(D4, s);
        for (int end = n - 7; j < end; j += 8) {
            DoubleVector x0 = DoubleVector.fromArray(D4, a, ao + j);
            DoubleVector x1 = DoubleVector.fromArray(D4, a, ao + j + 4);
            x0.lanewise(VectorOperators.SUB, v).intoArray(o, oo + j);
            x1.lanewise(VectorOperators.SUB, v).intoArray(o, oo + j + 4);
        }
        for (; j < n; j++) {
            o[oo + j] = a[ao + j] - s;
        }
    }

    private static void svSUBTRACTD(double[] o, int oo, double s, double[] b, int bo, int n) {
        int j = 0;
        DoubleVector v = DoubleVector.broadcast(D4, s);
        for (int end = n - 7; j < end; j += 8) {
            DoubleVector y0 = DoubleVector.fromArray(D4, b, bo + j);
            DoubleVector y1 = DoubleVector.fromArray(D4, b, bo + j + 4);
            v.lanewise(VectorOperators.SUB, y0).intoArray(o, oo + j);
            v.lanewise(VectorOperators.SUB, y1).intoArray(o, oo + j + 4);
        }
        for (; j < n; j++) {
            o[oo + j] = s - b[bo + j];
        }
    }

    /** {@code *} on double: array and array, array and scalar, scalar and array ({@link VectorLoop}). */
    private static final VectorLoop VV_MULTIPLY_D = new VectorLoop() {
        @Override
        long run(Object x, int xo, int xs, Object y, int yo, int ys, Object z, int zo, int zs, int m, int n, double d, long l) {
            vvMULTIPLYD((double[]) x, xo, (double[]) y, yo, (double[]) z, zo, n);
            return 0;
        }
    };
    private static final VectorLoop VS_MULTIPLY_D = new VectorLoop() {
        @Override
        long run(Object x, int xo, int xs, Object y, int yo, int ys, Object z, int zo, int zs, int m, int n, double d, long l) {
            vsMULTIPLYD((double[]) x, xo, (double[]) y, yo, d, n);
            return 0;
        }
    };
    private static final VectorLoop SV_MULTIPLY_D = new VectorLoop() {
        @Override
        long run(Object x, int xo, int xs, Object y, int yo, int ys, Object z, int zo, int zs, int m, int n, double d, long l) {
            svMULTIPLYD((double[]) x, xo, d, (double[]) z, zo, n);
            return 0;
        }
    };

    private static void vvMULTIPLYD(double[] o, int oo, double[] a, int ao, double[] b, int bo, int n) {
        int j = 0;
        for (int end = n - 7; j < end; j += 8) {
            DoubleVector x0 = DoubleVector.fromArray(D4, a, ao + j);
            DoubleVector x1 = DoubleVector.fromArray(D4, a, ao + j + 4);
            DoubleVector y0 = DoubleVector.fromArray(D4, b, bo + j);
            DoubleVector y1 = DoubleVector.fromArray(D4, b, bo + j + 4);
            x0.lanewise(VectorOperators.MUL, y0).intoArray(o, oo + j);
            x1.lanewise(VectorOperators.MUL, y1).intoArray(o, oo + j + 4);
        }
        for (; j < n; j++) {
            o[oo + j] = a[ao + j] * b[bo + j];
        }
    }

    private static void vsMULTIPLYD(double[] o, int oo, double[] a, int ao, double s, int n) {
        int j = 0;
        DoubleVector v = DoubleVector.broadcast(D4, s);
        for (int end = n - 7; j < end; j += 8) {
            DoubleVector x0 = DoubleVector.fromArray(D4, a, ao + j);
            DoubleVector x1 = DoubleVector.fromArray(D4, a, ao + j + 4);
            x0.lanewise(VectorOperators.MUL, v).intoArray(o, oo + j);
            x1.lanewise(VectorOperators.MUL, v).intoArray(o, oo + j + 4);
        }
        for (; j < n; j++) {
            o[oo + j] = a[ao + j] * s;
        }
    }

    private static void svMULTIPLYD(double[] o, int oo, double s, double[] b, int bo, int n) {
        int j = 0;
        DoubleVector v = DoubleVector.broadcast(D4, s);
        for (int end = n - 7; j < end; j += 8) {
            DoubleVector y0 = DoubleVector.fromArray(D4, b, bo + j);
            DoubleVector y1 = DoubleVector.fromArray(D4, b, bo + j + 4);
            v.lanewise(VectorOperators.MUL, y0).intoArray(o, oo + j);
            v.lanewise(VectorOperators.MUL, y1).intoArray(o, oo + j + 4);
        }
        for (; j < n; j++) {
            o[oo + j] = s * b[bo + j];
        }
    }

    /** {@code /} on double: array and array, array and scalar, scalar and array ({@link VectorLoop}). */
    private static final VectorLoop VV_DIVIDE_D = new VectorLoop() {
        @Override
        long run(Object x, int xo, int xs, Object y, int yo, int ys, Object z, int zo, int zs, int m, int n, double d, long l) {
            vvDIVIDED((double[]) x, xo, (double[]) y, yo, (double[]) z, zo, n);
            return 0;
        }
    };
    private static final VectorLoop VS_DIVIDE_D = new VectorLoop() {
        @Override
        long run(Object x, int xo, int xs, Object y, int yo, int ys, Object z, int zo, int zs, int m, int n, double d, long l) {
            vsDIVIDED((double[]) x, xo, (double[]) y, yo, d, n);
            return 0;
        }
    };
    private static final VectorLoop SV_DIVIDE_D = new VectorLoop() {
        @Override
        long run(Object x, int xo, int xs, Object y, int yo, int ys, Object z, int zo, int zs, int m, int n, double d, long l) {
            svDIVIDED((double[]) x, xo, d, (double[]) z, zo, n);
            return 0;
        }
    };

    private static void vvDIVIDED(double[] o, int oo, double[] a, int ao, double[] b, int bo, int n) {
        int j = 0;
        for (int end = n - 7; j < end; j += 8) {
            DoubleVector x0 = DoubleVector.fromArray(D4, a, ao + j);
            DoubleVector x1 = DoubleVector.fromArray(D4, a, ao + j + 4);
            DoubleVector y0 = DoubleVector.fromArray(D4, b, bo + j);
            DoubleVector y1 = DoubleVector.fromArray(D4, b, bo + j + 4);
            x0.lanewise(VectorOperators.DIV, y0).intoArray(o, oo + j);
            x1.lanewise(VectorOperators.DIV, y1).intoArray(o, oo + j + 4);
        }
        for (; j < n; j++) {
            o[oo + j] = a[ao + j] / b[bo + j];
        }
    }

    private static void vsDIVIDED(double[] o, int oo, double[] a, int ao, double s, int n) {
        int j = 0;
        DoubleVector v = DoubleVector.broadcast(D4, s);
        for (int end = n - 7; j < end; j += 8) {
            DoubleVector x0 = DoubleVector.fromArray(D4, a, ao + j);
            DoubleVector x1 = DoubleVector.fromArray(D4, a, ao + j + 4);
            x0.lanewise(VectorOperators.DIV, v).intoArray(o, oo + j);
            x1.lanewise(VectorOperators.DIV, v).intoArray(o, oo + j + 4);
        }
        for (; j < n; j++) {
            o[oo + j] = a[ao + j] / s;
        }
    }

    private static void svDIVIDED(double[] o, int oo, double s, double[] b, int bo, int n) {
        int j = 0;
        DoubleVector v = DoubleVector.broadcast(D4, s);
        for (int end = n - 7; j < end; j += 8) {
            DoubleVector y0 = DoubleVector.fromArray(D4, b, bo + j);
            DoubleVector y1 = DoubleVector.fromArray(D4, b, bo + j + 4);
            v.lanewise(VectorOperators.DIV, y0).intoArray(o, oo + j);
            v.lanewise(VectorOperators.DIV, y1).intoArray(o, oo + j + 4);
        }
        for (; j < n; j++) {
            o[oo + j] = s / b[bo + j];
        }
    }

    /** {@code Math.max} on double: array and array, array and scalar, scalar and array ({@link VectorLoop}). */
    private static final VectorLoop VV_MAXIMUM_D = new VectorLoop() {
        @Override
        long run(Object x, int xo, int xs, Object y, int yo, int ys, Object z, int zo, int zs, int m, int n, double d, long l) {
            vvMAXIMUMD((double[]) x, xo, (double[]) y, yo, (double[]) z, zo, n);
            return 0;
        }
    };
    private static final VectorLoop VS_MAXIMUM_D = new VectorLoop() {
        @Override
        long run(Object x, int xo, int xs, Object y, int yo, int ys, Object z, int zo, int zs, int m, int n, double d, long l) {
            vsMAXIMUMD((double[]) x, xo, (double[]) y, yo, d, n);
            return 0;
        }
    };
    private static final VectorLoop SV_MAXIMUM_D = new VectorLoop() {
        @Override
        long run(Object x, int xo, int xs, Object y, int yo, int ys, Object z, int zo, int zs, int m, int n, double d, long l) {
            svMAXIMUMD((double[]) x, xo, d, (double[]) z, zo, n);
            return 0;
        }
    };

    private static void vvMAXIMUMD(double[] o, int oo, double[] a, int ao, double[] b, int bo, int n) {
        int j = 0;
        for (int end = n - 7; j < end; j += 8) {
            DoubleVector x0 = DoubleVector.fromArray(D4, a, ao + j);
            DoubleVector x1 = DoubleVector.fromArray(D4, a, ao + j + 4);
            DoubleVector y0 = DoubleVector.fromArray(D4, b, bo + j);
            DoubleVector y1 = DoubleVector.fromArray(D4, b, bo + j + 4);
            x0.lanewise(VectorOperators.MAX, y0).intoArray(o, oo + j);
            x1.lanewise(VectorOperators.MAX, y1).intoArray(o, oo + j + 4);
        }
        for (; j < n; j++) {
            o[oo + j] = Math.max(a[ao + j], b[bo + j]);
        }
    }

    private static void vsMAXIMUMD(double[] o, int oo, double[] a, int ao, double s, int n) {
        int j = 0;
        DoubleVector v = DoubleVector.broadcast(D4, s);
        for (int end = n - 7; j < end; j += 8) {
            DoubleVector x0 = DoubleVector.fromArray(D4, a, ao + j);
            DoubleVector x1 = DoubleVector.fromArray(D4, a, ao + j + 4);
            x0.lanewise(VectorOperators.MAX, v).intoArray(o, oo + j);
            x1.lanewise(VectorOperators.MAX, v).intoArray(o, oo + j + 4);
        }
        for (; j < n; j++) {
            o[oo + j] = Math.max(a[ao + j], s);
        }
    }

    private static void svMAXIMUMD(double[] o, int oo, double s, double[] b, int bo, int n) {
        int j = 0;
        DoubleVector v = DoubleVector.broadcast(D4, s);
        for (int end = n - 7; j < end; j += 8) {
            DoubleVector y0 = DoubleVector.fromArray(D4, b, bo + j);
            DoubleVector y1 = DoubleVector.fromArray(D4, b, bo + j + 4);
            v.lanewise(VectorOperators.MAX, y0).intoArray(o, oo + j);
            v.lanewise(VectorOperators.MAX, y1).intoArray(o, oo + j + 4);
        }
        for (; j < n; j++) {
            o[oo + j] = Math.max(s, b[bo + j]);
        }
    }

    /** {@code Math.min} on double: array and array, array and scalar, scalar and array ({@link VectorLoop}). */
    private static final VectorLoop VV_MINIMUM_D = new VectorLoop() {
        @Override
        long run(Object x, int xo, int xs, Object y, int yo, int ys, Object z, int zo, int zs, int m, int n, double d, long l) {
            vvMINIMUMD((double[]) x, xo, (double[]) y, yo, (double[]) z, zo, n);
            return 0;
        }
    };
    private static final VectorLoop VS_MINIMUM_D = new VectorLoop() {
        @Override
        long run(Object x, int xo, int xs, Object y, int yo, int ys, Object z, int zo, int zs, int m, int n, double d, long l) {
            vsMINIMUMD((double[]) x, xo, (double[]) y, yo, d, n);
            return 0;
        }
    };
    private static final VectorLoop SV_MINIMUM_D = new VectorLoop() {
        @Override
        long run(Object x, int xo, int xs, Object y, int yo, int ys, Object z, int zo, int zs, int m, int n, double d, long l) {
            svMINIMUMD((double[]) x, xo, d, (double[]) z, zo, n);
            return 0;
        }
    };

    private static void vvMINIMUMD(double[] o, int oo, double[] a, int ao, double[] b, int bo, int n) {
        int j = 0;
        for (int end = n - 7; j < end; j += 8) {
            DoubleVector x0 = DoubleVector.fromArray(D4, a, ao + j);
            DoubleVector x1 = DoubleVector.fromArray(D4, a, ao + j + 4);
            DoubleVector y0 = DoubleVector.fromArray(D4, b, bo + j);
            DoubleVector y1 = DoubleVector.fromArray(D4, b, bo + j + 4);
            x0.lanewise(VectorOperators.MIN, y0).intoArray(o, oo + j);
            x1.lanewise(VectorOperators.MIN, y1).intoArray(o, oo + j + 4);
        }
        for (; j < n; j++) {
            o[oo + j] = Math.min(a[ao + j], b[bo + j]);
        }
    }

    private static void vsMINIMUMD(double[] o, int oo, double[] a, int ao, double s, int n) {
        int j = 0;
        DoubleVector v = DoubleVector.broadcast(D4, s);
        for (int end = n - 7; j < end; j += 8) {
            DoubleVector x0 = DoubleVector.fromArray(D4, a, ao + j);
            DoubleVector x1 = DoubleVector.fromArray(D4, a, ao + j + 4);
            x0.lanewise(VectorOperators.MIN, v).intoArray(o, oo + j);
            x1.lanewise(VectorOperators.MIN, v).intoArray(o, oo + j + 4);
        }
        for (; j < n; j++) {
            o[oo + j] = Math.min(a[ao + j], s);
        }
    }

    private static void svMINIMUMD(double[] o, int oo, double s, double[] b, int bo, int n) {
        int j = 0;
        DoubleVector v = DoubleVector.broadcast(D4, s);
        for (int end = n - 7; j < end; j += 8) {
            DoubleVector y0 = DoubleVector.fromArray(D4, b, bo + j);
            DoubleVector y1 = DoubleVector.fromArray(D4, b, bo + j + 4);
            v.lanewise(VectorOperators.MIN, y0).intoArray(o, oo + j);
            v.lanewise(VectorOperators.MIN, y1).intoArray(o, oo + j + 4);
        }
        for (; j < n; j++) {
            o[oo + j] = Math.min(s, b[bo + j]);
        }
    }

    /**
     * {@code o[oo + j] = a[ao + j] op b[bo + j]} for {@code j < n} on long when {@code op} has a vector loop
     * here ({@link BinaryOp#ADD}, {@link BinaryOp#SUBTRACT}, {@link BinaryOp#BITWISE_AND}, {@link BinaryOp#BITWISE_OR}, {@link BinaryOp#BITWISE_XOR}, {@link BinaryOp#MAXIMUM}, {@link BinaryOp#MINIMUM}); else false, nothing written.
     */
    static boolean binaryL(BinaryOp op, long[] o, int oo, long[] a, int ao, long[] b, int bo, int n) {
        if (op == BinaryOp.ADD) {
            VectorLoop.call(VV_ADD_L, o, oo, 0, a, ao, 0, b, bo, 0, 0, n, 0, 0);
            return true;
        }
        if (op == BinaryOp.SUBTRACT) {
            VectorLoop.call(VV_SUBTRACT_L, o, oo, 0, a, ao, 0, b, bo, 0, 0, n, 0, 0);
            return true;
        }
        if (op == BinaryOp.BITWISE_AND) {
            VectorLoop.call(VV_BITWISE_AND_L, o, oo, 0, a, ao, 0, b, bo, 0, 0, n, 0, 0);
            return true;
        }
        if (op == BinaryOp.BITWISE_OR) {
            VectorLoop.call(VV_BITWISE_OR_L, o, oo, 0, a, ao, 0, b, bo, 0, 0, n, 0, 0);
            return true;
        }
        if (op == BinaryOp.BITWISE_XOR) {
            VectorLoop.call(VV_BITWISE_XOR_L, o, oo, 0, a, ao, 0, b, bo, 0, 0, n, 0, 0);
            return true;
        }
        if (op == BinaryOp.MAXIMUM) {
            VectorLoop.call(VV_MAXIMUM_L, o, oo, 0, a, ao, 0, b, bo, 0, 0, n, 0, 0);
            return true;
        }
        if (op == BinaryOp.MINIMUM) {
            VectorLoop.call(VV_MINIMUM_L, o, oo, 0, a, ao, 0, b, bo, 0, 0, n, 0, 0);
            return true;
        }
        return false;
    }

    /** {@code o[oo + j] = a[ao + j] op s} for {@code j < n}, the operations of {@link #binaryL}; else false. */
    static boolean binaryLS(BinaryOp op, long[] o, int oo, long[] a, int ao, long s, int n) {
        if (op == BinaryOp.ADD) {
            VectorLoop.call(VS_ADD_L, o, oo, 0, a, ao, 0, null, 0, 0, 0, n, 0, s);
            return true;
        }
        if (op == BinaryOp.SUBTRACT) {
            VectorLoop.call(VS_SUBTRACT_L, o, oo, 0, a, ao, 0, null, 0, 0, 0, n, 0, s);
            return true;
        }
        if (op == BinaryOp.BITWISE_AND) {
            VectorLoop.call(VS_BITWISE_AND_L, o, oo, 0, a, ao, 0, null, 0, 0, 0, n, 0, s);
            return true;
        }
        if (op == BinaryOp.BITWISE_OR) {
            VectorLoop.call(VS_BITWISE_OR_L, o, oo, 0, a, ao, 0, null, 0, 0, 0, n, 0, s);
            return true;
        }
        if (op == BinaryOp.BITWISE_XOR) {
            VectorLoop.call(VS_BITWISE_XOR_L, o, oo, 0, a, ao, 0, null, 0, 0, 0, n, 0, s);
            return true;
        }
        if (op == BinaryOp.MAXIMUM) {
            VectorLoop.call(VS_MAXIMUM_L, o, oo, 0, a, ao, 0, null, 0, 0, 0, n, 0, s);
            return true;
        }
        if (op == BinaryOp.MINIMUM) {
            VectorLoop.call(VS_MINIMUM_L, o, oo, 0, a, ao, 0, null, 0, 0, 0, n, 0, s);
            return true;
        }
        return false;
    }

    /** {@code o[oo + j] = s op b[bo + j]} for {@code j < n}, the operations of {@link #binaryL}; else false. */
    static boolean binarySL(BinaryOp op, long[] o, int oo, long s, long[] b, int bo, int n) {
        if (op == BinaryOp.ADD) {
            VectorLoop.call(SV_ADD_L, o, oo, 0, null, 0, 0, b, bo, 0, 0, n, 0, s);
            return true;
        }
        if (op == BinaryOp.SUBTRACT) {
            VectorLoop.call(SV_SUBTRACT_L, o, oo, 0, null, 0, 0, b, bo, 0, 0, n, 0, s);
            return true;
        }
        if (op == BinaryOp.BITWISE_AND) {
            VectorLoop.call(SV_BITWISE_AND_L, o, oo, 0, null, 0, 0, b, bo, 0, 0, n, 0, s);
            return true;
        }
        if (op == BinaryOp.BITWISE_OR) {
            VectorLoop.call(SV_BITWISE_OR_L, o, oo, 0, null, 0, 0, b, bo, 0, 0, n, 0, s);
            return true;
        }
        if (op == BinaryOp.BITWISE_XOR) {
            VectorLoop.call(SV_BITWISE_XOR_L, o, oo, 0, null, 0, 0, b, bo, 0, 0, n, 0, s);
            return true;
        }
        if (op == BinaryOp.MAXIMUM) {
            VectorLoop.call(SV_MAXIMUM_L, o, oo, 0, null, 0, 0, b, bo, 0, 0, n, 0, s);
            return true;
        }
        if (op == BinaryOp.MINIMUM) {
            VectorLoop.call(SV_MINIMUM_L, o, oo, 0, null, 0, 0, b, bo, 0, 0, n, 0, s);
            return true;
        }
        return false;
    }

    /** {@code +} on long: array and array, array and scalar, scalar and array ({@link VectorLoop}). */
    private static final VectorLoop VV_ADD_L = new VectorLoop() {
        @Override
        long run(Object x, int xo, int xs, Object y, int yo, int ys, Object z, int zo, int zs, int m, int n, double d, long l) {
            vvADDL((long[]) x, xo, (long[]) y, yo, (long[]) z, zo, n);
            return 0;
        }
    };
    private static final VectorLoop VS_ADD_L = new VectorLoop() {
        @Override
        long run(Object x, int xo, int xs, Object y, int yo, int ys, Object z, int zo, int zs, int m, int n, double d, long l) {
            vsADDL((long[]) x, xo, (long[]) y, yo, l, n);
            return 0;
        }
    };
    private static final VectorLoop SV_ADD_L = new VectorLoop() {
        @Override
        long run(Object x, int xo, int xs, Object y, int yo, int ys, Object z, int zo, int zs, int m, int n, double d, long l) {
            svADDL((long[]) x, xo, l, (long[]) z, zo, n);
            return 0;
        }
    };

    private static void vvADDL(long[] o, int oo, long[] a, int ao, long[] b, int bo, int n) {
        int j = 0;
        for (int end = n - 7; j < end; j += 8) {
            LongVector x0 = LongVector.fromArray(L4, a, ao + j);
            LongVector x1 = LongVector.fromArray(L4, a, ao + j + 4);
            LongVector y0 = LongVector.fromArray(L4, b, bo + j);
            LongVector y1 = LongVector.fromArray(L4, b, bo + j + 4);
            x0.lanewise(VectorOperators.ADD, y0).intoArray(o, oo + j);
            x1.lanewise(VectorOperators.ADD, y1).intoArray(o, oo + j + 4);
        }
        for (; j < n; j++) {
            o[oo + j] = a[ao + j] + b[bo + j];
        }
    }

    private static void vsADDL(long[] o, int oo, long[] a, int ao, long s, int n) {
        int j = 0;
        LongVector v = LongVector.broadcast(L4, s);
        for (int end = n - 7; j < end; j += 8) {
            LongVector x0 = LongVector.fromArray(L4, a, ao + j);
            LongVector x1 = LongVector.fromArray(L4, a, ao + j + 4);
            x0.lanewise(VectorOperators.ADD, v).intoArray(o, oo + j);
            x1.lanewise(VectorOperators.ADD, v).intoArray(o, oo + j + 4);
        }
        for (; j < n; j++) {
            o[oo + j] = a[ao + j] + s;
        }
    }

    private static void svADDL(long[] o, int oo, long s, long[] b, int bo, int n) {
        int j = 0;
        LongVector v = LongVector.broadcast(L4, s);
        for (int end = n - 7; j < end; j += 8) {
            LongVector y0 = LongVector.fromArray(L4, b, bo + j);
            LongVector y1 = LongVector.fromArray(L4, b, bo + j + 4);
            v.lanewise(VectorOperators.ADD, y0).intoArray(o, oo + j);
            v.lanewise(VectorOperators.ADD, y1).intoArray(o, oo + j + 4);
        }
        for (; j < n; j++) {
            o[oo + j] = s + b[bo + j];
        }
    }

    /** {@code -} on long: array and array, array and scalar, scalar and array ({@link VectorLoop}). */
    private static final VectorLoop VV_SUBTRACT_L = new VectorLoop() {
        @Override
        long run(Object x, int xo, int xs, Object y, int yo, int ys, Object z, int zo, int zs, int m, int n, double d, long l) {
            vvSUBTRACTL((long[]) x, xo, (long[]) y, yo, (long[]) z, zo, n);
            return 0;
        }
    };
    private static final VectorLoop VS_SUBTRACT_L = new VectorLoop() {
        @Override
        long run(Object x, int xo, int xs, Object y, int yo, int ys, Object z, int zo, int zs, int m, int n, double d, long l) {
            vsSUBTRACTL((long[]) x, xo, (long[]) y, yo, l, n);
            return 0;
        }
    };
    private static final VectorLoop SV_SUBTRACT_L = new VectorLoop() {
        @Override
        long run(Object x, int xo, int xs, Object y, int yo, int ys, Object z, int zo, int zs, int m, int n, double d, long l) {
            svSUBTRACTL((long[]) x, xo, l, (long[]) z, zo, n);
            return 0;
        }
    };

    private static void vvSUBTRACTL(long[] o, int oo, long[] a, int ao, long[] b, int bo, int n) {
        int j = 0;
        for (int end = n - 7; j < end; j += 8) {
            LongVector x0 = LongVector.fromArray(L4, a, ao + j);
            LongVector x1 = LongVector.fromArray(L4, a, ao + j + 4);
            LongVector y0 = LongVector.fromArray(L4, b, bo + j);
            LongVector y1 = LongVector.fromArray(L4, b, bo + j + 4);
            x0.lanewise(VectorOperators.SUB, y0).intoArray(o, oo + j);
            x1.lanewise(VectorOperators.SUB, y1).intoArray(o, oo + j + 4);
        }
        for (; j < n; j++) {
            o[oo + j] = a[ao + j] - b[bo + j];
        }
    }

    private static void vsSUBTRACTL(long[] o, int oo, long[] a, int ao, long s, int n) {
        int j = 0;
        LongVector v = LongVector.broadcast(L4, s);
        for (int end = n - 7; j < end; j += 8) {
            LongVector x0 = LongVector.fromArray(L4, a, ao + j);
            LongVector x1 = LongVector.fromArray(L4, a, ao + j + 4);
            x0.lanewise(VectorOperators.SUB, v).intoArray(o, oo + j);
            x1.lanewise(VectorOperators.SUB, v).intoArray(o, oo + j + 4);
        }
        for (; j < n; j++) {
            o[oo + j] = a[ao + j] - s;
        }
    }

    private static void svSUBTRACTL(long[] o, int oo, long s, long[] b, int bo, int n) {
        int j = 0;
        LongVector v = LongVector.broadcast(L4, s);
        for (int end = n - 7; j < end; j += 8) {
            LongVector y0 = LongVector.fromArray(L4, b, bo + j);
            LongVector y1 = LongVector.fromArray(L4, b, bo + j + 4);
            v.lanewise(VectorOperators.SUB, y0).intoArray(o, oo + j);
            v.lanewise(VectorOperators.SUB, y1).intoArray(o, oo + j + 4);
        }
        for (; j < n; j++) {
            o[oo + j] = s - b[bo + j];
        }
    }

    /** {@code &} on long: array and array, array and scalar, scalar and array ({@link VectorLoop}). */
    private static final VectorLoop VV_BITWISE_AND_L = new VectorLoop() {
        @Override
        long run(Object x, int xo, int xs, Object y, int yo, int ys, Object z, int zo, int zs, int m, int n, double d, long l) {
            vvBITWISE_ANDL((long[]) x, xo, (long[]) y, yo, (long[]) z, zo, n);
            return 0;
        }
    };
    private static final VectorLoop VS_BITWISE_AND_L = new VectorLoop() {
        @Override
        long run(Object x, int xo, int xs, Object y, int yo, int ys, Object z, int zo, int zs, int m, int n, double d, long l) {
            vsBITWISE_ANDL((long[]) x, xo, (long[]) y, yo, l, n);
            return 0;
        }
    };
    private static final VectorLoop SV_BITWISE_AND_L = new VectorLoop() {
        @Override
        long run(Object x, int xo, int xs, Object y, int yo, int ys, Object z, int zo, int zs, int m, int n, double d, long l) {
            svBITWISE_ANDL((long[]) x, xo, l, (long[]) z, zo, n);
            return 0;
        }
    };

    private static void vvBITWISE_ANDL(long[] o, int oo, long[] a, int ao, long[] b, int bo, int n) {
        int j = 0;
        for (int end = n - 7; j < end; j += 8) {
            LongVector x0 = LongVector.fromArray(L4, a, ao + j);
            LongVector x1 = LongVector.fromArray(L4, a, ao + j + 4);
            LongVector y0 = LongVector.fromArray(L4, b, bo + j);
            LongVector y1 = LongVector.fromArray(L4, b, bo + j + 4);
            x0.lanewise(VectorOperators.AND, y0).intoArray(o, oo + j);
            x1.lanewise(VectorOperators.AND, y1).intoArray(o, oo + j + 4);
        }
        for (; j < n; j++) {
            o[oo + j] = a[ao + j] & b[bo + j];
        }
    }

    private static void vsBITWISE_ANDL(long[] o, int oo, long[] a, int ao, long s, int n) {
        int j = 0;
        LongVector v = LongVector.broadcast(L4, s);
        for (int end = n - 7; j < end; j += 8) {
            LongVector x0 = LongVector.fromArray(L4, a, ao + j);
            LongVector x1 = LongVector.fromArray(L4, a, ao + j + 4);
            x0.lanewise(VectorOperators.AND, v).intoArray(o, oo + j);
            x1.lanewise(VectorOperators.AND, v).intoArray(o, oo + j + 4);
        }
        for (; j < n; j++) {
            o[oo + j] = a[ao + j] & s;
        }
    }

    private static void svBITWISE_ANDL(long[] o, int oo, long s, long[] b, int bo, int n) {
        int j = 0;
        LongVector v = LongVector.broadcast(L4, s);
        for (int end = n - 7; j < end; j += 8) {
            LongVector y0 = LongVector.fromArray(L4, b, bo + j);
            LongVector y1 = LongVector.fromArray(L4, b, bo + j + 4);
            v.lanewise(VectorOperators.AND, y0).intoArray(o, oo + j);
            v.lanewise(VectorOperators.AND, y1).intoArray(o, oo + j + 4);
        }
        for (; j < n; j++) {
            o[oo + j] = s & b[bo + j];
        }
    }

    /** {@code |} on long: array and array, array and scalar, scalar and array ({@link VectorLoop}). */
    private static final VectorLoop VV_BITWISE_OR_L = new VectorLoop() {
        @Override
        long run(Object x, int xo, int xs, Object y, int yo, int ys, Object z, int zo, int zs, int m, int n, double d, long l) {
            vvBITWISE_ORL((long[]) x, xo, (long[]) y, yo, (long[]) z, zo, n);
            return 0;
        }
    };
    private static final VectorLoop VS_BITWISE_OR_L = new VectorLoop() {
        @Override
        long run(Object x, int xo, int xs, Object y, int yo, int ys, Object z, int zo, int zs, int m, int n, double d, long l) {
            vsBITWISE_ORL((long[]) x, xo, (long[]) y, yo, l, n);
            return 0;
        }
    };
    private static final VectorLoop SV_BITWISE_OR_L = new VectorLoop() {
        @Override
        long run(Object x, int xo, int xs, Object y, int yo, int ys, Object z, int zo, int zs, int m, int n, double d, long l) {
            svBITWISE_ORL((long[]) x, xo, l, (long[]) z, zo, n);
            return 0;
        }
    };

    private static void vvBITWISE_ORL(long[] o, int oo, long[] a, int ao, long[] b, int bo, int n) {
        int j = 0;
        for (int end = n - 7; j < end; j += 8) {
            LongVector x0 = LongVector.fromArray(L4, a, ao + j);
            LongVector x1 = LongVector.fromArray(L4, a, ao + j + 4);
            LongVector y0 = LongVector.fromArray(L4, b, bo + j);
            LongVector y1 = LongVector.fromArray(L4, b, bo + j + 4);
            x0.lanewise(VectorOperators.OR, y0).intoArray(o, oo + j);
            x1.lanewise(VectorOperators.OR, y1).intoArray(o, oo + j + 4);
        }
        for (; j < n; j++) {
            o[oo + j] = a[ao + j] | b[bo + j];
        }
    }

    private static void vsBITWISE_ORL(long[] o, int oo, long[] a, int ao, long s, int n) {
        int j = 0;
        LongVector v = LongVector.broadcast(L4, s);
        for (int end = n - 7; j < end; j += 8) {
            LongVector x0 = LongVector.fromArray(L4, a, ao + j);
            LongVector x1 = LongVector.fromArray(L4, a, ao + j + 4);
            x0.lanewise(VectorOperators.OR, v).intoArray(o, oo + j);
            x1.lanewise(VectorOperators.OR, v).intoArray(o, oo + j + 4);
        }
        for (; j < n; j++) {
            o[oo + j] = a[ao + j] | s;
        }
    }

    private static void svBITWISE_ORL(long[] o, int oo, long s, long[] b, int bo, int n) {
        int j = 0;
        LongVector v = LongVector.broadcast(L4, s);
        for (int end = n - 7; j < end; j += 8) {
            LongVector y0 = LongVector.fromArray(L4, b, bo + j);
            LongVector y1 = LongVector.fromArray(L4, b, bo + j + 4);
            v.lanewise(VectorOperators.OR, y0).intoArray(o, oo + j);
            v.lanewise(VectorOperators.OR, y1).intoArray(o, oo + j + 4);
        }
        for (; j < n; j++) {
            o[oo + j] = s | b[bo + j];
        }
    }

    /** {@code ^} on long: array and array, array and scalar, scalar and array ({@link VectorLoop}). */
    private static final VectorLoop VV_BITWISE_XOR_L = new VectorLoop() {
        @Override
        long run(Object x, int xo, int xs, Object y, int yo, int ys, Object z, int zo, int zs, int m, int n, double d, long l) {
            vvBITWISE_XORL((long[]) x, xo, (long[]) y, yo, (long[]) z, zo, n);
            return 0;
        }
    };
    private static final VectorLoop VS_BITWISE_XOR_L = new VectorLoop() {
        @Override
        long run(Object x, int xo, int xs, Object y, int yo, int ys, Object z, int zo, int zs, int m, int n, double d, long l) {
            vsBITWISE_XORL((long[]) x, xo, (long[]) y, yo, l, n);
            return 0;
        }
    };
    private static final VectorLoop SV_BITWISE_XOR_L = new VectorLoop() {
        @Override
        long run(Object x, int xo, int xs, Object y, int yo, int ys, Object z, int zo, int zs, int m, int n, double d, long l) {
            svBITWISE_XORL((long[]) x, xo, l, (long[]) z, zo, n);
            return 0;
        }
    };

    private static void vvBITWISE_XORL(long[] o, int oo, long[] a, int ao, long[] b, int bo, int n) {
        int j = 0;
        for (int end = n - 7; j < end; j += 8) {
            LongVector x0 = LongVector.fromArray(L4, a, ao + j);
            LongVector x1 = LongVector.fromArray(L4, a, ao + j + 4);
            LongVector y0 = LongVector.fromArray(L4, b, bo + j);
            LongVector y1 = LongVector.fromArray(L4, b, bo + j + 4);
            x0.lanewise(VectorOperators.XOR, y0).intoArray(o, oo + j);
            x1.lanewise(VectorOperators.XOR, y1).intoArray(o, oo + j + 4);
        }
        for (; j < n; j++) {
            o[oo + j] = a[ao + j] ^ b[bo + j];
        }
    }

    private static void vsBITWISE_XORL(long[] o, int oo, long[] a, int ao, long s, int n) {
        int j = 0;
        LongVector v = LongVector.broadcast(L4, s);
        for (int end = n - 7; j < end; j += 8) {
            LongVector x0 = LongVector.fromArray(L4, a, ao + j);
            LongVector x1 = LongVector.fromArray(L4, a, ao + j + 4);
            x0.lanewise(VectorOperators.XOR, v).intoArray(o, oo + j);
            x1.lanewise(VectorOperators.XOR, v).intoArray(o, oo + j + 4);
        }
        for (; j < n; j++) {
            o[oo + j] = a[ao + j] ^ s;
        }
    }

    private static void svBITWISE_XORL(long[] o, int oo, long s, long[] b, int bo, int n) {
        int j = 0;
        LongVector v = LongVector.broadcast(L4, s);
        for (int end = n - 7; j < end; j += 8) {
            LongVector y0 = LongVector.fromArray(L4, b, bo + j);
            LongVector y1 = LongVector.fromArray(L4, b, bo + j + 4);
            v.lanewise(VectorOperators.XOR, y0).intoArray(o, oo + j);
            v.lanewise(VectorOperators.XOR, y1).intoArray(o, oo + j + 4);
        }
        for (; j < n; j++) {
            o[oo + j] = s ^ b[bo + j];
        }
    }

    /** {@code Math.max} on long: array and array, array and scalar, scalar and array ({@link VectorLoop}). */
    private static final VectorLoop VV_MAXIMUM_L = new VectorLoop() {
        @Override
        long run(Object x, int xo, int xs, Object y, int yo, int ys, Object z, int zo, int zs, int m, int n, double d, long l) {
            vvMAXIMUML((long[]) x, xo, (long[]) y, yo, (long[]) z, zo, n);
            return 0;
        }
    };
    private static final VectorLoop VS_MAXIMUM_L = new VectorLoop() {
        @Override
        long run(Object x, int xo, int xs, Object y, int yo, int ys, Object z, int zo, int zs, int m, int n, double d, long l) {
            vsMAXIMUML((long[]) x, xo, (long[]) y, yo, l, n);
            return 0;
        }
    };
    private static final VectorLoop SV_MAXIMUM_L = new VectorLoop() {
        @Override
        long run(Object x, int xo, int xs, Object y, int yo, int ys, Object z, int zo, int zs, int m, int n, double d, long l) {
            svMAXIMUML((long[]) x, xo, l, (long[]) z, zo, n);
            return 0;
        }
    };

    private static void vvMAXIMUML(long[] o, int oo, long[] a, int ao, long[] b, int bo, int n) {
        int j = 0;
        for (int end = n - 7; j < end; j += 8) {
            LongVector x0 = LongVector.fromArray(L4, a, ao + j);
            LongVector x1 = LongVector.fromArray(L4, a, ao + j + 4);
            LongVector y0 = LongVector.fromArray(L4, b, bo + j);
            LongVector y1 = LongVector.fromArray(L4, b, bo + j + 4);
            x0.blend(y0, x0.lt(y0)).intoArray(o, oo + j);
            x1.blend(y1, x1.lt(y1)).intoArray(o, oo + j + 4);
        }
        for (; j < n; j++) {
            o[oo + j] = Math.max(a[ao + j], b[bo + j]);
        }
    }

    private static void vsMAXIMUML(long[] o, int oo, long[] a, int ao, long s, int n) {
        int j = 0;
        LongVector v = LongVector.broadcast(L4, s);
        for (int end = n - 7; j < end; j += 8) {
            LongVector x0 = LongVector.fromArray(L4, a, ao + j);
            LongVector x1 = LongVector.fromArray(L4, a, ao + j + 4);
            x0.blend(v, x0.lt(v)).intoArray(o, oo + j);
            x1.blend(v, x1.lt(v)).intoArray(o, oo + j + 4);
        }
        for (; j < n; j++) {
            o[oo + j] = Math.max(a[ao + j], s);
        }
    }

    private static void svMAXIMUML(long[] o, int oo, long s, long[] b, int bo, int n) {
        int j = 0;
        LongVector v = LongVector.broadcast(L4, s);
        for (int end = n - 7; j < end; j += 8) {
            LongVector y0 = LongVector.fromArray(L4, b, bo + j);
            LongVector y1 = LongVector.fromArray(L4, b, bo + j + 4);
            v.blend(y0, v.lt(y0)).intoArray(o, oo + j);
            v.blend(y1, v.lt(y1)).intoArray(o, oo + j + 4);
        }
        for (; j < n; j++) {
            o[oo + j] = Math.max(s, b[bo + j]);
        }
    }

    /** {@code Math.min} on long: array and array, array and scalar, scalar and array ({@link VectorLoop}). */
    private static final VectorLoop VV_MINIMUM_L = new VectorLoop() {
        @Override
        long run(Object x, int xo, int xs, Object y, int yo, int ys, Object z, int zo, int zs, int m, int n, double d, long l) {
            vvMINIMUML((long[]) x, xo, (long[]) y, yo, (long[]) z, zo, n);
            return 0;
        }
    };
    private static final VectorLoop VS_MINIMUM_L = new VectorLoop() {
        @Override
        long run(Object x, int xo, int xs, Object y, int yo, int ys, Object z, int zo, int zs, int m, int n, double d, long l) {
            vsMINIMUML((long[]) x, xo, (long[]) y, yo, l, n);
            return 0;
        }
    };
    private static final VectorLoop SV_MINIMUM_L = new VectorLoop() {
        @Override
        long run(Object x, int xo, int xs, Object y, int yo, int ys, Object z, int zo, int zs, int m, int n, double d, long l) {
            svMINIMUML((long[]) x, xo, l, (long[]) z, zo, n);
            return 0;
        }
    };

    private static void vvMINIMUML(long[] o, int oo, long[] a, int ao, long[] b, int bo, int n) {
        int j = 0;
        for (int end = n - 7; j < end; j += 8) {
            LongVector x0 = LongVector.fromArray(L4, a, ao + j);
            LongVector x1 = LongVector.fromArray(L4, a, ao + j + 4);
            LongVector y0 = LongVector.fromArray(L4, b, bo + j);
            LongVector y1 = LongVector.fromArray(L4, b, bo + j + 4);
            x0.blend(y0, y0.lt(x0)).intoArray(o, oo + j);
            x1.blend(y1, y1.lt(x1)).intoArray(o, oo + j + 4);
        }
        for (; j < n; j++) {
            o[oo + j] = Math.min(a[ao + j], b[bo + j]);
        }
    }

    private static void vsMINIMUML(long[] o, int oo, long[] a, int ao, long s, int n) {
        int j = 0;
        LongVector v = LongVector.broadcast(L4, s);
        for (int end = n - 7; j < end; j += 8) {
            LongVector x0 = LongVector.fromArray(L4, a, ao + j);
            LongVector x1 = LongVector.fromArray(L4, a, ao + j + 4);
            x0.blend(v, v.lt(x0)).intoArray(o, oo + j);
            x1.blend(v, v.lt(x1)).intoArray(o, oo + j + 4);
        }
        for (; j < n; j++) {
            o[oo + j] = Math.min(a[ao + j], s);
        }
    }

    private static void svMINIMUML(long[] o, int oo, long s, long[] b, int bo, int n) {
        int j = 0;
        LongVector v = LongVector.broadcast(L4, s);
        for (int end = n - 7; j < end; j += 8) {
            LongVector y0 = LongVector.fromArray(L4, b, bo + j);
            LongVector y1 = LongVector.fromArray(L4, b, bo + j + 4);
            v.blend(y0, y0.lt(v)).intoArray(o, oo + j);
            v.blend(y1, y1.lt(v)).intoArray(o, oo + j + 4);
        }
        for (; j < n; j++) {
            o[oo + j] = Math.min(s, b[bo + j]);
        }
    }

    /**
     * {@code o[oo + j] = a[ao + j] op b[bo + j]} for {@code j < n} on int when {@code op} has a vector loop
     * here ({@link BinaryOp#ADD}, {@link BinaryOp#SUBTRACT}, {@link BinaryOp#BITWISE_AND}, {@link BinaryOp#BITWISE_OR}, {@link BinaryOp#BITWISE_XOR}, {@link BinaryOp#MAXIMUM}, {@link BinaryOp#MINIMUM}); else false, nothing written.
     */
    static boolean binaryI(BinaryOp op, int[] o, int oo, int[] a, int ao, int[] b, int bo, int n) {
        if (op == BinaryOp.ADD) {
            VectorLoop.call(VV_ADD_I, o, oo, 0, a, ao, 0, b, bo, 0, 0, n, 0, 0);
            return true;
        }
        if (op == BinaryOp.SUBTRACT) {
            VectorLoop.call(VV_SUBTRACT_I, o, oo, 0, a, ao, 0, b, bo, 0, 0, n, 0, 0);
            return true;
        }
        if (op == BinaryOp.BITWISE_AND) {
            VectorLoop.call(VV_BITWISE_AND_I, o, oo, 0, a, ao, 0, b, bo, 0, 0, n, 0, 0);
            return true;
        }
        if (op == BinaryOp.BITWISE_OR) {
            VectorLoop.call(VV_BITWISE_OR_I, o, oo, 0, a, ao, 0, b, bo, 0, 0, n, 0, 0);
            return true;
        }
        if (op == BinaryOp.BITWISE_XOR) {
            VectorLoop.call(VV_BITWISE_XOR_I, o, oo, 0, a, ao, 0, b, bo, 0, 0, n, 0, 0);
            return true;
        }
        if (op == BinaryOp.MAXIMUM) {
            VectorLoop.call(VV_MAXIMUM_I, o, oo, 0, a, ao, 0, b, bo, 0, 0, n, 0, 0);
            return true;
        }
        if (op == BinaryOp.MINIMUM) {
            VectorLoop.call(VV_MINIMUM_I, o, oo, 0, a, ao, 0, b, bo, 0, 0, n, 0, 0);
            return true;
        }
        return false;
    }

    /** {@code o[oo + j] = a[ao + j] op s} for {@code j < n}, the operations of {@link #binaryI}; else false. */
    static boolean binaryIS(BinaryOp op, int[] o, int oo, int[] a, int ao, int s, int n) {
        if (op == BinaryOp.ADD) {
            VectorLoop.call(VS_ADD_I, o, oo, 0, a, ao, 0, null, 0, 0, 0, n, 0, s);
            return true;
        }
        if (op == BinaryOp.SUBTRACT) {
            VectorLoop.call(VS_SUBTRACT_I, o, oo, 0, a, ao, 0, null, 0, 0, 0, n, 0, s);
            return true;
        }
        if (op == BinaryOp.BITWISE_AND) {
            VectorLoop.call(VS_BITWISE_AND_I, o, oo, 0, a, ao, 0, null, 0, 0, 0, n, 0, s);
            return true;
        }
        if (op == BinaryOp.BITWISE_OR) {
            VectorLoop.call(VS_BITWISE_OR_I, o, oo, 0, a, ao, 0, null, 0, 0, 0, n, 0, s);
            return true;
        }
        if (op == BinaryOp.BITWISE_XOR) {
            VectorLoop.call(VS_BITWISE_XOR_I, o, oo, 0, a, ao, 0, null, 0, 0, 0, n, 0, s);
            return true;
        }
        if (op == BinaryOp.MAXIMUM) {
            VectorLoop.call(VS_MAXIMUM_I, o, oo, 0, a, ao, 0, null, 0, 0, 0, n, 0, s);
            return true;
        }
        if (op == BinaryOp.MINIMUM) {
            VectorLoop.call(VS_MINIMUM_I, o, oo, 0, a, ao, 0, null, 0, 0, 0, n, 0, s);
            return true;
        }
        return false;
    }

    /** {@code o[oo + j] = s op b[bo + j]} for {@code j < n}, the operations of {@link #binaryI}; else false. */
    static boolean binarySI(BinaryOp op, int[] o, int oo, int s, int[] b, int bo, int n) {
        if (op == BinaryOp.ADD) {
            VectorLoop.call(SV_ADD_I, o, oo, 0, null, 0, 0, b, bo, 0, 0, n, 0, s);
            return true;
        }
        if (op == BinaryOp.SUBTRACT) {
            VectorLoop.call(SV_SUBTRACT_I, o, oo, 0, null, 0, 0, b, bo, 0, 0, n, 0, s);
            return true;
        }
        if (op == BinaryOp.BITWISE_AND) {
            VectorLoop.call(SV_BITWISE_AND_I, o, oo, 0, null, 0, 0, b, bo, 0, 0, n, 0, s);
            return true;
        }
        if (op == BinaryOp.BITWISE_OR) {
            VectorLoop.call(SV_BITWISE_OR_I, o, oo, 0, null, 0, 0, b, bo, 0, 0, n, 0, s);
            return true;
        }
        if (op == BinaryOp.BITWISE_XOR) {
            VectorLoop.call(SV_BITWISE_XOR_I, o, oo, 0, null, 0, 0, b, bo, 0, 0, n, 0, s);
            return true;
        }
        if (op == BinaryOp.MAXIMUM) {
            VectorLoop.call(SV_MAXIMUM_I, o, oo, 0, null, 0, 0, b, bo, 0, 0, n, 0, s);
            return true;
        }
        if (op == BinaryOp.MINIMUM) {
            VectorLoop.call(SV_MINIMUM_I, o, oo, 0, null, 0, 0, b, bo, 0, 0, n, 0, s);
            return true;
        }
        return false;
    }

    /** {@code +} on int: array and array, array and scalar, scalar and array ({@link VectorLoop}). */
    private static final VectorLoop VV_ADD_I = new VectorLoop() {
        @Override
        long run(Object x, int xo, int xs, Object y, int yo, int ys, Object z, int zo, int zs, int m, int n, double d, long l) {
            vvADDI((int[]) x, xo, (int[]) y, yo, (int[]) z, zo, n);
            return 0;
        }
    };
    private static final VectorLoop VS_ADD_I = new VectorLoop() {
        @Override
        long run(Object x, int xo, int xs, Object y, int yo, int ys, Object z, int zo, int zs, int m, int n, double d, long l) {
            vsADDI((int[]) x, xo, (int[]) y, yo, (int) l, n);
            return 0;
        }
    };
    private static final VectorLoop SV_ADD_I = new VectorLoop() {
        @Override
        long run(Object x, int xo, int xs, Object y, int yo, int ys, Object z, int zo, int zs, int m, int n, double d, long l) {
            svADDI((int[]) x, xo, (int) l, (int[]) z, zo, n);
            return 0;
        }
    };

    private static void vvADDI(int[] o, int oo, int[] a, int ao, int[] b, int bo, int n) {
        int j = 0;
        for (int end = n - 7; j < end; j += 8) {
            IntVector x0 = IntVector.fromArray(I4, a, ao + j);
            IntVector x1 = IntVector.fromArray(I4, a, ao + j + 4);
            IntVector y0 = IntVector.fromArray(I4, b, bo + j);
            IntVector y1 = IntVector.fromArray(I4, b, bo + j + 4);
            x0.lanewise(VectorOperators.ADD, y0).intoArray(o, oo + j);
            x1.lanewise(VectorOperators.ADD, y1).intoArray(o, oo + j + 4);
        }
        for (; j < n; j++) {
            o[oo + j] = a[ao + j] + b[bo + j];
        }
    }

    private static void vsADDI(int[] o, int oo, int[] a, int ao, int s, int n) {
        int j = 0;
        IntVector v = IntVector.broadcast(I4, s);
        for (int end = n - 7; j < end; j += 8) {
            IntVector x0 = IntVector.fromArray(I4, a, ao + j);
            IntVector x1 = IntVector.fromArray(I4, a, ao + j + 4);
            x0.lanewise(VectorOperators.ADD, v).intoArray(o, oo + j);
            x1.lanewise(VectorOperators.ADD, v).intoArray(o, oo + j + 4);
        }
        for (; j < n; j++) {
            o[oo + j] = a[ao + j] + s;
        }
    }

    private static void svADDI(int[] o, int oo, int s, int[] b, int bo, int n) {
        int j = 0;
        IntVector v = IntVector.broadcast(I4, s);
        for (int end = n - 7; j < end; j += 8) {
            IntVector y0 = IntVector.fromArray(I4, b, bo + j);
            IntVector y1 = IntVector.fromArray(I4, b, bo + j + 4);
            v.lanewise(VectorOperators.ADD, y0).intoArray(o, oo + j);
            v.lanewise(VectorOperators.ADD, y1).intoArray(o, oo + j + 4);
        }
        for (; j < n; j++) {
            o[oo + j] = s + b[bo + j];
        }
    }

    /** {@code -} on int: array and array, array and scalar, scalar and array ({@link VectorLoop}). */
    private static final VectorLoop VV_SUBTRACT_I = new VectorLoop() {
        @Override
        long run(Object x, int xo, int xs, Object y, int yo, int ys, Object z, int zo, int zs, int m, int n, double d, long l) {
            vvSUBTRACTI((int[]) x, xo, (int[]) y, yo, (int[]) z, zo, n);
            return 0;
        }
    };
    private static final VectorLoop VS_SUBTRACT_I = new VectorLoop() {
        @Override
        long run(Object x, int xo, int xs, Object y, int yo, int ys, Object z, int zo, int zs, int m, int n, double d, long l) {
            vsSUBTRACTI((int[]) x, xo, (int[]) y, yo, (int) l, n);
            return 0;
        }
    };
    private static final VectorLoop SV_SUBTRACT_I = new VectorLoop() {
        @Override
        long run(Object x, int xo, int xs, Object y, int yo, int ys, Object z, int zo, int zs, int m, int n, double d, long l) {
            svSUBTRACTI((int[]) x, xo, (int) l, (int[]) z, zo, n);
            return 0;
        }
    };

    private static void vvSUBTRACTI(int[] o, int oo, int[] a, int ao, int[] b, int bo, int n) {
        int j = 0;
        for (int end = n - 7; j < end; j += 8) {
            IntVector x0 = IntVector.fromArray(I4, a, ao + j);
            IntVector x1 = IntVector.fromArray(I4, a, ao + j + 4);
            IntVector y0 = IntVector.fromArray(I4, b, bo + j);
            IntVector y1 = IntVector.fromArray(I4, b, bo + j + 4);
            x0.lanewise(VectorOperators.SUB, y0).intoArray(o, oo + j);
            x1.lanewise(VectorOperators.SUB, y1).intoArray(o, oo + j + 4);
        }
        for (; j < n; j++) {
            o[oo + j] = a[ao + j] - b[bo + j];
        }
    }

    private static void vsSUBTRACTI(int[] o, int oo, int[] a, int ao, int s, int n) {
        int j = 0;
        IntVector v = IntVector.broadcast(I4, s);
        for (int end = n - 7; j < end; j += 8) {
            IntVector x0 = IntVector.fromArray(I4, a, ao + j);
            IntVector x1 = IntVector.fromArray(I4, a, ao + j + 4);
            x0.lanewise(VectorOperators.SUB, v).intoArray(o, oo + j);
            x1.lanewise(VectorOperators.SUB, v).intoArray(o, oo + j + 4);
        }
        for (; j < n; j++) {
            o[oo + j] = a[ao + j] - s;
        }
    }

    private static void svSUBTRACTI(int[] o, int oo, int s, int[] b, int bo, int n) {
        int j = 0;
        IntVector v = IntVector.broadcast(I4, s);
        for (int end = n - 7; j < end; j += 8) {
            IntVector y0 = IntVector.fromArray(I4, b, bo + j);
            IntVector y1 = IntVector.fromArray(I4, b, bo + j + 4);
            v.lanewise(VectorOperators.SUB, y0).intoArray(o, oo + j);
            v.lanewise(VectorOperators.SUB, y1).intoArray(o, oo + j + 4);
        }
        for (; j < n; j++) {
            o[oo + j] = s - b[bo + j];
        }
    }

    /** {@code &} on int: array and array, array and scalar, scalar and array ({@link VectorLoop}). */
    private static final VectorLoop VV_BITWISE_AND_I = new VectorLoop() {
        @Override
        long run(Object x, int xo, int xs, Object y, int yo, int ys, Object z, int zo, int zs, int m, int n, double d, long l) {
            vvBITWISE_ANDI((int[]) x, xo, (int[]) y, yo, (int[]) z, zo, n);
            return 0;
        }
    };
    private static final VectorLoop VS_BITWISE_AND_I = new VectorLoop() {
        @Override
        long run(Object x, int xo, int xs, Object y, int yo, int ys, Object z, int zo, int zs, int m, int n, double d, long l) {
            vsBITWISE_ANDI((int[]) x, xo, (int[]) y, yo, (int) l, n);
            return 0;
        }
    };
    private static final VectorLoop SV_BITWISE_AND_I = new VectorLoop() {
        @Override
        long run(Object x, int xo, int xs, Object y, int yo, int ys, Object z, int zo, int zs, int m, int n, double d, long l) {
            svBITWISE_ANDI((int[]) x, xo, (int) l, (int[]) z, zo, n);
            return 0;
        }
    };

    private static void vvBITWISE_ANDI(int[] o, int oo, int[] a, int ao, int[] b, int bo, int n) {
        int j = 0;
        for (int end = n - 7; j < end; j += 8) {
            IntVector x0 = IntVector.fromArray(I4, a, ao + j);
            IntVector x1 = IntVector.fromArray(I4, a, ao + j + 4);
            IntVector y0 = IntVector.fromArray(I4, b, bo + j);
            IntVector y1 = IntVector.fromArray(I4, b, bo + j + 4);
            x0.lanewise(VectorOperators.AND, y0).intoArray(o, oo + j);
            x1.lanewise(VectorOperators.AND, y1).intoArray(o, oo + j + 4);
        }
        for (; j < n; j++) {
            o[oo + j] = a[ao + j] & b[bo + j];
        }
    }

    private static void vsBITWISE_ANDI(int[] o, int oo, int[] a, int ao, int s, int n) {
        int j = 0;
        IntVector v = IntVector.broadcast(I4, s);
        for (int end = n - 7; j < end; j += 8) {
            IntVector x0 = IntVector.fromArray(I4, a, ao + j);
            IntVector x1 = IntVector.fromArray(I4, a, ao + j + 4);
            x0.lanewise(VectorOperators.AND, v).intoArray(o, oo + j);
            x1.lanewise(VectorOperators.AND, v).intoArray(o, oo + j + 4);
        }
        for (; j < n; j++) {
            o[oo + j] = a[ao + j] & s;
        }
    }

    private static void svBITWISE_ANDI(int[] o, int oo, int s, int[] b, int bo, int n) {
        int j = 0;
        IntVector v = IntVector.broadcast(I4, s);
        for (int end = n - 7; j < end; j += 8) {
            IntVector y0 = IntVector.fromArray(I4, b, bo + j);
            IntVector y1 = IntVector.fromArray(I4, b, bo + j + 4);
            v.lanewise(VectorOperators.AND, y0).intoArray(o, oo + j);
            v.lanewise(VectorOperators.AND, y1).intoArray(o, oo + j + 4);
        }
        for (; j < n; j++) {
            o[oo + j] = s & b[bo + j];
        }
    }

    /** {@code |} on int: array and array, array and scalar, scalar and array ({@link VectorLoop}). */
    private static final VectorLoop VV_BITWISE_OR_I = new VectorLoop() {
        @Override
        long run(Object x, int xo, int xs, Object y, int yo, int ys, Object z, int zo, int zs, int m, int n, double d, long l) {
            vvBITWISE_ORI((int[]) x, xo, (int[]) y, yo, (int[]) z, zo, n);
            return 0;
        }
    };
    private static final VectorLoop VS_BITWISE_OR_I = new VectorLoop() {
        @Override
        long run(Object x, int xo, int xs, Object y, int yo, int ys, Object z, int zo, int zs, int m, int n, double d, long l) {
            vsBITWISE_ORI((int[]) x, xo, (int[]) y, yo, (int) l, n);
            return 0;
        }
    };
    private static final VectorLoop SV_BITWISE_OR_I = new VectorLoop() {
        @Override
        long run(Object x, int xo, int xs, Object y, int yo, int ys, Object z, int zo, int zs, int m, int n, double d, long l) {
            svBITWISE_ORI((int[]) x, xo, (int) l, (int[]) z, zo, n);
            return 0;
        }
    };

    private static void vvBITWISE_ORI(int[] o, int oo, int[] a, int ao, int[] b, int bo, int n) {
        int j = 0;
        for (int end = n - 7; j < end; j += 8) {
            IntVector x0 = IntVector.fromArray(I4, a, ao + j);
            IntVector x1 = IntVector.fromArray(I4, a, ao + j + 4);
            IntVector y0 = IntVector.fromArray(I4, b, bo + j);
            IntVector y1 = IntVector.fromArray(I4, b, bo + j + 4);
            x0.lanewise(VectorOperators.OR, y0).intoArray(o, oo + j);
            x1.lanewise(VectorOperators.OR, y1).intoArray(o, oo + j + 4);
        }
        for (; j < n; j++) {
            o[oo + j] = a[ao + j] | b[bo + j];
        }
    }

    private static void vsBITWISE_ORI(int[] o, int oo, int[] a, int ao, int s, int n) {
        int j = 0;
        IntVector v = IntVector.broadcast(I4, s);
        for (int end = n - 7; j < end; j += 8) {
            IntVector x0 = IntVector.fromArray(I4, a, ao + j);
            IntVector x1 = IntVector.fromArray(I4, a, ao + j + 4);
            x0.lanewise(VectorOperators.OR, v).intoArray(o, oo + j);
            x1.lanewise(VectorOperators.OR, v).intoArray(o, oo + j + 4);
        }
        for (; j < n; j++) {
            o[oo + j] = a[ao + j] | s;
        }
    }

    private static void svBITWISE_ORI(int[] o, int oo, int s, int[] b, int bo, int n) {
        int j = 0;
        IntVector v = IntVector.broadcast(I4, s);
        for (int end = n - 7; j < end; j += 8) {
            IntVector y0 = IntVector.fromArray(I4, b, bo + j);
            IntVector y1 = IntVector.fromArray(I4, b, bo + j + 4);
            v.lanewise(VectorOperators.OR, y0).intoArray(o, oo + j);
            v.lanewise(VectorOperators.OR, y1).intoArray(o, oo + j + 4);
        }
        for (; j < n; j++) {
            o[oo + j] = s | b[bo + j];
        }
    }

    /** {@code ^} on int: array and array, array and scalar, scalar and array ({@link VectorLoop}). */
    private static final VectorLoop VV_BITWISE_XOR_I = new VectorLoop() {
        @Override
        long run(Object x, int xo, int xs, Object y, int yo, int ys, Object z, int zo, int zs, int m, int n, double d, long l) {
            vvBITWISE_XORI((int[]) x, xo, (int[]) y, yo, (int[]) z, zo, n);
            return 0;
        }
    };
    private static final VectorLoop VS_BITWISE_XOR_I = new VectorLoop() {
        @Override
        long run(Object x, int xo, int xs, Object y, int yo, int ys, Object z, int zo, int zs, int m, int n, double d, long l) {
            vsBITWISE_XORI((int[]) x, xo, (int[]) y, yo, (int) l, n);
            return 0;
        }
    };
    private static final VectorLoop SV_BITWISE_XOR_I = new VectorLoop() {
        @Override
        long run(Object x, int xo, int xs, Object y, int yo, int ys, Object z, int zo, int zs, int m, int n, double d, long l) {
            svBITWISE_XORI((int[]) x, xo, (int) l, (int[]) z, zo, n);
            return 0;
        }
    };

    private static void vvBITWISE_XORI(int[] o, int oo, int[] a, int ao, int[] b, int bo, int n) {
        int j = 0;
        for (int end = n - 7; j < end; j += 8) {
            IntVector x0 = IntVector.fromArray(I4, a, ao + j);
            IntVector x1 = IntVector.fromArray(I4, a, ao + j + 4);
            IntVector y0 = IntVector.fromArray(I4, b, bo + j);
            IntVector y1 = IntVector.fromArray(I4, b, bo + j + 4);
            x0.lanewise(VectorOperators.XOR, y0).intoArray(o, oo + j);
            x1.lanewise(VectorOperators.XOR, y1).intoArray(o, oo + j + 4);
        }
        for (; j < n; j++) {
            o[oo + j] = a[ao + j] ^ b[bo + j];
        }
    }

    private static void vsBITWISE_XORI(int[] o, int oo, int[] a, int ao, int s, int n) {
        int j = 0;
        IntVector v = IntVector.broadcast(I4, s);
        for (int end = n - 7; j < end; j += 8) {
            IntVector x0 = IntVector.fromArray(I4, a, ao + j);
            IntVector x1 = IntVector.fromArray(I4, a, ao + j + 4);
            x0.lanewise(VectorOperators.XOR, v).intoArray(o, oo + j);
            x1.lanewise(VectorOperators.XOR, v).intoArray(o, oo + j + 4);
        }
        for (; j < n; j++) {
            o[oo + j] = a[ao + j] ^ s;
        }
    }

    private static void svBITWISE_XORI(int[] o, int oo, int s, int[] b, int bo, int n) {
        int j = 0;
        IntVector v = IntVector.broadcast(I4, s);
        for (int end = n - 7; j < end; j += 8) {
            IntVector y0 = IntVector.fromArray(I4, b, bo + j);
            IntVector y1 = IntVector.fromArray(I4, b, bo + j + 4);
            v.lanewise(VectorOperators.XOR, y0).intoArray(o, oo + j);
            v.lanewise(VectorOperators.XOR, y1).intoArray(o, oo + j + 4);
        }
        for (; j < n; j++) {
            o[oo + j] = s ^ b[bo + j];
        }
    }

    /** {@code Math.max} on int: array and array, array and scalar, scalar and array ({@link VectorLoop}). */
    private static final VectorLoop VV_MAXIMUM_I = new VectorLoop() {
        @Override
        long run(Object x, int xo, int xs, Object y, int yo, int ys, Object z, int zo, int zs, int m, int n, double d, long l) {
            vvMAXIMUMI((int[]) x, xo, (int[]) y, yo, (int[]) z, zo, n);
            return 0;
        }
    };
    private static final VectorLoop VS_MAXIMUM_I = new VectorLoop() {
        @Override
        long run(Object x, int xo, int xs, Object y, int yo, int ys, Object z, int zo, int zs, int m, int n, double d, long l) {
            vsMAXIMUMI((int[]) x, xo, (int[]) y, yo, (int) l, n);
            return 0;
        }
    };
    private static final VectorLoop SV_MAXIMUM_I = new VectorLoop() {
        @Override
        long run(Object x, int xo, int xs, Object y, int yo, int ys, Object z, int zo, int zs, int m, int n, double d, long l) {
            svMAXIMUMI((int[]) x, xo, (int) l, (int[]) z, zo, n);
            return 0;
        }
    };

    private static void vvMAXIMUMI(int[] o, int oo, int[] a, int ao, int[] b, int bo, int n) {
        int j = 0;
        for (int end = n - 7; j < end; j += 8) {
            IntVector x0 = IntVector.fromArray(I4, a, ao + j);
            IntVector x1 = IntVector.fromArray(I4, a, ao + j + 4);
            IntVector y0 = IntVector.fromArray(I4, b, bo + j);
            IntVector y1 = IntVector.fromArray(I4, b, bo + j + 4);
            x0.lanewise(VectorOperators.MAX, y0).intoArray(o, oo + j);
            x1.lanewise(VectorOperators.MAX, y1).intoArray(o, oo + j + 4);
        }
        for (; j < n; j++) {
            o[oo + j] = Math.max(a[ao + j], b[bo + j]);
        }
    }

    private static void vsMAXIMUMI(int[] o, int oo, int[] a, int ao, int s, int n) {
        int j = 0;
        IntVector v = IntVector.broadcast(I4, s);
        for (int end = n - 7; j < end; j += 8) {
            IntVector x0 = IntVector.fromArray(I4, a, ao + j);
            IntVector x1 = IntVector.fromArray(I4, a, ao + j + 4);
            x0.lanewise(VectorOperators.MAX, v).intoArray(o, oo + j);
            x1.lanewise(VectorOperators.MAX, v).intoArray(o, oo + j + 4);
        }
        for (; j < n; j++) {
            o[oo + j] = Math.max(a[ao + j], s);
        }
    }

    private static void svMAXIMUMI(int[] o, int oo, int s, int[] b, int bo, int n) {
        int j = 0;
        IntVector v = IntVector.broadcast(I4, s);
        for (int end = n - 7; j < end; j += 8) {
            IntVector y0 = IntVector.fromArray(I4, b, bo + j);
            IntVector y1 = IntVector.fromArray(I4, b, bo + j + 4);
            v.lanewise(VectorOperators.MAX, y0).intoArray(o, oo + j);
            v.lanewise(VectorOperators.MAX, y1).intoArray(o, oo + j + 4);
        }
        for (; j < n; j++) {
            o[oo + j] = Math.max(s, b[bo + j]);
        }
    }

    /** {@code Math.min} on int: array and array, array and scalar, scalar and array ({@link VectorLoop}). */
    private static final VectorLoop VV_MINIMUM_I = new VectorLoop() {
        @Override
        long run(Object x, int xo, int xs, Object y, int yo, int ys, Object z, int zo, int zs, int m, int n, double d, long l) {
            vvMINIMUMI((int[]) x, xo, (int[]) y, yo, (int[]) z, zo, n);
            return 0;
        }
    };
    private static final VectorLoop VS_MINIMUM_I = new VectorLoop() {
        @Override
        long run(Object x, int xo, int xs, Object y, int yo, int ys, Object z, int zo, int zs, int m, int n, double d, long l) {
            vsMINIMUMI((int[]) x, xo, (int[]) y, yo, (int) l, n);
            return 0;
        }
    };
    private static final VectorLoop SV_MINIMUM_I = new VectorLoop() {
        @Override
        long run(Object x, int xo, int xs, Object y, int yo, int ys, Object z, int zo, int zs, int m, int n, double d, long l) {
            svMINIMUMI((int[]) x, xo, (int) l, (int[]) z, zo, n);
            return 0;
        }
    };

    private static void vvMINIMUMI(int[] o, int oo, int[] a, int ao, int[] b, int bo, int n) {
        int j = 0;
        for (int end = n - 7; j < end; j += 8) {
            IntVector x0 = IntVector.fromArray(I4, a, ao + j);
            IntVector x1 = IntVector.fromArray(I4, a, ao + j + 4);
            IntVector y0 = IntVector.fromArray(I4, b, bo + j);
            IntVector y1 = IntVector.fromArray(I4, b, bo + j + 4);
            x0.lanewise(VectorOperators.MIN, y0).intoArray(o, oo + j);
            x1.lanewise(VectorOperators.MIN, y1).intoArray(o, oo + j + 4);
        }
        for (; j < n; j++) {
            o[oo + j] = Math.min(a[ao + j], b[bo + j]);
        }
    }

    private static void vsMINIMUMI(int[] o, int oo, int[] a, int ao, int s, int n) {
        int j = 0;
        IntVector v = IntVector.broadcast(I4, s);
        for (int end = n - 7; j < end; j += 8) {
            IntVector x0 = IntVector.fromArray(I4, a, ao + j);
            IntVector x1 = IntVector.fromArray(I4, a, ao + j + 4);
            x0.lanewise(VectorOperators.MIN, v).intoArray(o, oo + j);
            x1.lanewise(VectorOperators.MIN, v).intoArray(o, oo + j + 4);
        }
        for (; j < n; j++) {
            o[oo + j] = Math.min(a[ao + j], s);
        }
    }

    private static void svMINIMUMI(int[] o, int oo, int s, int[] b, int bo, int n) {
        int j = 0;
        IntVector v = IntVector.broadcast(I4, s);
        for (int end = n - 7; j < end; j += 8) {
            IntVector y0 = IntVector.fromArray(I4, b, bo + j);
            IntVector y1 = IntVector.fromArray(I4, b, bo + j + 4);
            v.lanewise(VectorOperators.MIN, y0).intoArray(o, oo + j);
            v.lanewise(VectorOperators.MIN, y1).intoArray(o, oo + j + 4);
        }
        for (; j < n; j++) {
            o[oo + j] = Math.min(s, b[bo + j]);
        }
    }

    /**
     * {@code o[oo + j] = op(a[ao + j])} for {@code j < n} on double when {@code op} has a vector loop here
     * ({@link UnaryOp#NEGATIVE}, {@link UnaryOp#SQUARE} as {@code x * x}, {@link UnaryOp#SQRT},
     * {@link UnaryOp#RECIPROCAL} as {@code 1.0 / x}); else false, nothing written.
     */
    static boolean unaryD(UnaryOp op, double[] o, int oo, double[] a, int ao, int n) {
        VectorLoop loop = switch (op) {
            case NEGATIVE -> NEGATIVE_D;
            case SQUARE -> SQUARE_D;
            case SQRT -> SQRT_D;
            case RECIPROCAL -> RECIPROCAL_D;
            default -> null;
        };
        if (loop == null) {
            return false;
        }
        VectorLoop.call(loop, o, oo, 0, a, ao, 0, null, 0, 0, 0, n, 0, 0);
        return true;
    }

    private static final VectorLoop NEGATIVE_D = new VectorLoop() {
        @Override
        long run(Object x, int xo, int xs, Object y, int yo, int ys, Object z, int zo, int zs, int m, int n, double d, long l) {
            unaryNEGATIVE((double[]) x, xo, (double[]) y, yo, n);
            return 0;
        }
    };

    private static final VectorLoop SQUARE_D = new VectorLoop() {
        @Override
        long run(Object x, int xo, int xs, Object y, int yo, int ys, Object z, int zo, int zs, int m, int n, double d, long l) {
            unarySQUARE((double[]) x, xo, (double[]) y, yo, n);
            return 0;
        }
    };

    private static final VectorLoop SQRT_D = new VectorLoop() {
        @Override
        long run(Object x, int xo, int xs, Object y, int yo, int ys, Object z, int zo, int zs, int m, int n, double d, long l) {
            unarySQRT((double[]) x, xo, (double[]) y, yo, n);
            return 0;
        }
    };

    private static final VectorLoop RECIPROCAL_D = new VectorLoop() {
        @Override
        long run(Object x, int xo, int xs, Object y, int yo, int ys, Object z, int zo, int zs, int m, int n, double d, long l) {
            unaryRECIPROCAL((double[]) x, xo, (double[]) y, yo, n);
            return 0;
        }
    };


    private static void unaryNEGATIVE(double[] o, int oo, double[] a, int ao, int n) {
        int j = 0;
        for (int end = D4.loopBound(n); j < end; j += D4.length()) {
            DoubleVector x = DoubleVector.fromArray(D4, a, ao + j);
            x.neg().intoArray(o, oo + j);
        }
        for (; j < n; j++) {
            o[oo + j] = -a[ao + j];
        }
    }

    private static void unarySQUARE(double[] o, int oo, double[] a, int ao, int n) {
        int j = 0;
        for (int end = D4.loopBound(n); j < end; j += D4.length()) {
            DoubleVector x = DoubleVector.fromArray(D4, a, ao + j);
            x.mul(x).intoArray(o, oo + j);
        }
        for (; j < n; j++) {
            o[oo + j] = a[ao + j] * a[ao + j];
        }
    }

    private static void unarySQRT(double[] o, int oo, double[] a, int ao, int n) {
        int j = 0;
        for (int end = D4.loopBound(n); j < end; j += D4.length()) {
            DoubleVector x = DoubleVector.fromArray(D4, a, ao + j);
            x.sqrt().intoArray(o, oo + j);
        }
        for (; j < n; j++) {
            o[oo + j] = Math.sqrt(a[ao + j]);
        }
    }

    private static void unaryRECIPROCAL(double[] o, int oo, double[] a, int ao, int n) {
        int j = 0;
        for (int end = D4.loopBound(n); j < end; j += D4.length()) {
            DoubleVector x = DoubleVector.fromArray(D4, a, ao + j);
            DoubleVector.broadcast(D4, 1.0).div(x).intoArray(o, oo + j);
        }
        for (; j < n; j++) {
            o[oo + j] = 1.0 / a[ao + j];
        }
    }
}
