// GENERATED from task-library/src/main/templates/SimdReductions.java.tmpl by task-library/generate-kernels: edit the template, not this file.
package dev.cohort.tasks;

import jdk.incubator.vector.DoubleVector;
import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.IntVector;
import jdk.incubator.vector.LongVector;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorSpecies;

/**
 * The Vector API kernels of {@link Reductions} (generated; this class loads only when
 * {@link Reductions#SIMD} holds). Every species is fixed at 256 bits (128-bit loads for float32 and
 * int32 widened to 256-bit double/long lanes), whatever the CPU prefers, so that floating-point sums
 * follow {@link Reductions}' accumulation order exactly: four 4-lane double accumulators
 * {@code v0..v3}, lane {@code l} of {@code v_k} holding {@code s_(4k+l)}, the tail added to
 * {@code s_0}, then {@link Reductions#tree} over the stored lanes (never {@code reduceLanes(ADD)}, whose
 * floating-point order is unspecified).
 * <p>Each loop is a {@link VectorLoop} run through {@link VectorLoop#call}, so that C2 compiles it alone (see there).
 *
 * MAX/MIN ({@code Math.max}/{@code Math.min} lane-wise: NaN propagates, {@code -0.0 < 0.0}) and
 * integer sums are associative, so any order gives their bits.
 */
final class SimdReductions {
    private SimdReductions() {
    }

    static final VectorSpecies<Double> D4 = DoubleVector.SPECIES_256;
    static final VectorSpecies<Float> F4 = FloatVector.SPECIES_128;
    static final VectorSpecies<Long> L4 = LongVector.SPECIES_256;
    static final VectorSpecies<Integer> I4 = IntVector.SPECIES_128;

    /** Whether this JVM has 256-bit vectors (else the Vector API would run its slow Java fallback). */
    static boolean usable() {
        return DoubleVector.SPECIES_PREFERRED.vectorBitSize() >= 256;
    }

    /** {@link Reductions#accumulate}: {@code s[k] += a[ao + 16 b + k]} for every block {@code b < blocks}. */
    static void accumulate(double[] s, double[] a, int ao, int blocks) {
        VectorLoop.call(ACCUMULATE, s, 0, 0, a, ao, 0, null, 0, 0, 0, blocks, 0, 0);
    }

    private static final VectorLoop ACCUMULATE = new VectorLoop() {
        @Override
        long run(Object x, int xo, int xs, Object y, int yo, int ys, Object z, int zo, int zs, int m, int n, double d, long l) {
            accumulateLoop((double[]) x, (double[]) y, yo, n);
            return 0;
        }
    };

    private static void accumulateLoop(double[] s, double[] a, int ao, int blocks) {
        DoubleVector v0 = DoubleVector.fromArray(D4, s, 0);
        DoubleVector v1 = DoubleVector.fromArray(D4, s, 4);
        DoubleVector v2 = DoubleVector.fromArray(D4, s, 8);
        DoubleVector v3 = DoubleVector.fromArray(D4, s, 12);
        for (int b = 0, p = ao; b < blocks; b++, p += 16) {
            v0 = v0.add(DoubleVector.fromArray(D4, a, p));
            v1 = v1.add(DoubleVector.fromArray(D4, a, p + 4));
            v2 = v2.add(DoubleVector.fromArray(D4, a, p + 8));
            v3 = v3.add(DoubleVector.fromArray(D4, a, p + 12));
        }
        v0.intoArray(s, 0);
        v1.intoArray(s, 4);
        v2.intoArray(s, 8);
        v3.intoArray(s, 12);
    }
    // The loads, products and conversions below are spelt out in every loop, not called through helpers returning a
    // vector: a helper that C2 compiled on its own (it is hot while the loop still runs in C1) is then "already
    // compiled into a big method" and not inlined into the loop, so every call returned a boxed vector. MATVEC's
    // long rows ran the API's Java fallback that way, 10-20x slower, in the steady state too (issue 12).

    /** {@link Reductions#sumScalarD} with vectors: the same bits. */
    static double sumD(double[] a, int ao, int n) {
        return Double.longBitsToDouble(VectorLoop.call(SUM_D, a, ao, 0, null, 0, 0, null, 0, 0, 0, n, 0, 0));
    }

    private static final VectorLoop SUM_D = new VectorLoop() {
        @Override
        long run(Object x, int xo, int xs, Object y, int yo, int ys, Object z, int zo, int zs, int m, int n, double d, long l) {
            return Double.doubleToRawLongBits(sumLoopD((double[]) x, xo, n));
        }
    };

    private static double sumLoopD(double[] a, int ao, int n) {
        DoubleVector v0 = DoubleVector.zero(D4);
        DoubleVector v1 = v0;
        DoubleVector v2 = v0;
        DoubleVector v3 = v0;
        int main = n - n % 16;
        for (int p = ao, end = ao + main; p < end; p += 16) {
            v0 = v0.add((DoubleVector.fromArray(D4, a, p)));
            v1 = v1.add((DoubleVector.fromArray(D4, a, p + 4)));
            v2 = v2.add((DoubleVector.fromArray(D4, a, p + 8)));
            v3 = v3.add((DoubleVector.fromArray(D4, a, p + 12)));
        }
        // the lanes stored straight here: passing the vectors to a helper made C2 box them (5-10x slower)
        double[] s = new double[16];
        v0.intoArray(s, 0);
        v1.intoArray(s, 4);
        v2.intoArray(s, 8);
        v3.intoArray(s, 12);
        for (int j = main; j < n; j++) {
            s[0] += a[ao + j];
        }
        return Reductions.tree(s);
    }

    /** {@link Reductions#dotScalarD} with vectors: the same bits. */
    static double dotD(double[] a, int ao, double[] b, int bo, int n) {
        return Double.longBitsToDouble(VectorLoop.call(DOT_D, a, ao, 0, b, bo, 0, null, 0, 0, 0, n, 0, 0));
    }

    private static final VectorLoop DOT_D = new VectorLoop() {
        @Override
        long run(Object x, int xo, int xs, Object y, int yo, int ys, Object z, int zo, int zs, int m, int n, double d, long l) {
            return Double.doubleToRawLongBits(dotLoopD((double[]) x, xo, (double[]) y, yo, n));
        }
    };

    private static double dotLoopD(double[] a, int ao, double[] b, int bo, int n) {
        DoubleVector v0 = DoubleVector.zero(D4);
        DoubleVector v1 = v0;
        DoubleVector v2 = v0;
        DoubleVector v3 = v0;
        int main = n - n % 16;
        for (int j = 0; j < main; j += 16) {
            int p = ao + j;
            int q = bo + j;
            v0 = v0.add((DoubleVector.fromArray(D4, a, p).mul(DoubleVector.fromArray(D4, b, q))));
            v1 = v1.add((DoubleVector.fromArray(D4, a, p + 4).mul(DoubleVector.fromArray(D4, b, q + 4))));
            v2 = v2.add((DoubleVector.fromArray(D4, a, p + 8).mul(DoubleVector.fromArray(D4, b, q + 8))));
            v3 = v3.add((DoubleVector.fromArray(D4, a, p + 12).mul(DoubleVector.fromArray(D4, b, q + 12))));
        }
        // the lanes stored straight here: passing the vectors to a helper made C2 box them (5-10x slower)
        double[] s = new double[16];
        v0.intoArray(s, 0);
        v1.intoArray(s, 4);
        v2.intoArray(s, 8);
        v3.intoArray(s, 12);
        for (int j = main; j < n; j++) {
            s[0] += a[ao + j] * b[bo + j];
        }
        return Reductions.tree(s);
    }

    // ------------------------------------------------------------------ FLOAT64 MATVEC over rows (short rows included)

    /**
     * {@code X @ w} over rows of {@code n >= 16} elements: for every row {@code p < rows} in order,
     * {@code o[ob + p ro] += dot(a[ab + p ra ..], b[bb + p rb ..])} with the dot in {@link Reductions}'
     * order, the bits of {@link Reductions#dotScalarD} per row
     * : accumulator {@code v} (4 lanes) holds {@code s_(4v+l)}, the {@code n % 16} tail is added
     * to lane 0 of {@code v0} in order, and the tree is {@code w = (v0 + v1) + (v2 + v3)} lane-wise
     * (lane {@code l} is the class comment's {@code w_l}) then {@code (w_0 + w_1) + (w_2 + w_3)}.
     * Rows of 16 to 47 elements sharing one vector ({@code rb == 0}, {@code X @ w}) keep its 4 or 8
     * vectors in registers for all rows (a call per row and the vector's reloads cost more than the
     * row's arithmetic, about 3x at 32 columns). {@code o} must be neither {@code a} nor {@code b}.
     */
    static void dotRowsD(double[] a, int ab, int ra, double[] b, int bb, int rb, double[] o, int ob, int ro, int rows, int n) {
        int main = n - n % 16;
        VectorLoop loop = rb == 0 && main == 16 ? DOT_ROWS16_D : rb == 0 && main == 32 ? DOT_ROWS32_D : DOT_ROWS_D;
        VectorLoop.call(loop, a, ab, ra, b, bb, rb, o, ob, ro, rows, n, 0, 0);
    }

    private static final VectorLoop DOT_ROWS_D = new VectorLoop() {
        @Override
        long run(Object x, int xo, int xs, Object y, int yo, int ys, Object z, int zo, int zs, int m, int n, double d, long l) {
            dotRowsLoopD((double[]) x, xo, xs, (double[]) y, yo, ys, (double[]) z, zo, zs, m, n);
            return 0;
        }
    };
    private static final VectorLoop DOT_ROWS16_D = new VectorLoop() {
        @Override
        long run(Object x, int xo, int xs, Object y, int yo, int ys, Object z, int zo, int zs, int m, int n, double d, long l) {
            dotRows16D((double[]) x, xo, xs, (double[]) y, yo, (double[]) z, zo, zs, m, n);
            return 0;
        }
    };
    private static final VectorLoop DOT_ROWS32_D = new VectorLoop() {
        @Override
        long run(Object x, int xo, int xs, Object y, int yo, int ys, Object z, int zo, int zs, int m, int n, double d, long l) {
            dotRows32D((double[]) x, xo, xs, (double[]) y, yo, (double[]) z, zo, zs, m, n);
            return 0;
        }
    };

    /** {@link #dotRowsD} for rows of any length. */
    private static void dotRowsLoopD(double[] a, int ab, int ra, double[] b, int bb, int rb, double[] o, int ob, int ro, int rows, int n) {
        int main = n - n % 16;
        for (int r = 0; r < rows; r++) {
            int ao = ab + r * ra;
            int bo = bb + r * rb;
            DoubleVector v0 = DoubleVector.zero(D4);
            DoubleVector v1 = v0;
            DoubleVector v2 = v0;
            DoubleVector v3 = v0;
            for (int j = 0; j < main; j += 16) {
                int p = ao + j;
                int q = bo + j;
                v0 = v0.add((DoubleVector.fromArray(D4, a, p).mul(DoubleVector.fromArray(D4, b, q))));
                v1 = v1.add((DoubleVector.fromArray(D4, a, p + 4).mul(DoubleVector.fromArray(D4, b, q + 4))));
                v2 = v2.add((DoubleVector.fromArray(D4, a, p + 8).mul(DoubleVector.fromArray(D4, b, q + 8))));
                v3 = v3.add((DoubleVector.fromArray(D4, a, p + 12).mul(DoubleVector.fromArray(D4, b, q + 12))));
            }
            if (main < n) {
                double s0 = v0.lane(0);
                for (int j = main; j < n; j++) {
                    s0 += a[ao + j] * b[bo + j];
                }
                v0 = v0.withLane(0, s0);
            }
            DoubleVector w = v0.add(v1).add(v2.add(v3));
            o[ob + r * ro] += (w.lane(0) + w.lane(1)) + (w.lane(2) + w.lane(3));
        }
    }

    /** {@link #dotRowsD} for rows of 16 to 31 elements and one vector {@code b[bb, bb + n)}. */
    private static void dotRows16D(double[] a, int ab, int ra, double[] b, int bb, double[] o, int ob, int ro, int rows, int n) {
        DoubleVector w0 = DoubleVector.fromArray(D4, b, bb);
        DoubleVector w1 = DoubleVector.fromArray(D4, b, bb + 4);
        DoubleVector w2 = DoubleVector.fromArray(D4, b, bb + 8);
        DoubleVector w3 = DoubleVector.fromArray(D4, b, bb + 12);
        DoubleVector zero = DoubleVector.zero(D4);
        for (int r = 0; r < rows; r++) {
            int p = ab + r * ra;
            // 0 + x, not x: the accumulators start at +0.0 (-0.0 products become +0.0, as in the scalar loop)
            DoubleVector v0 = zero.add((DoubleVector.fromArray(D4, a, p).mul(w0)));
            DoubleVector v1 = zero.add((DoubleVector.fromArray(D4, a, p + 4).mul(w1)));
            DoubleVector v2 = zero.add((DoubleVector.fromArray(D4, a, p + 8).mul(w2)));
            DoubleVector v3 = zero.add((DoubleVector.fromArray(D4, a, p + 12).mul(w3)));
            if (n > 16) {
                double s0 = v0.lane(0);
                for (int j = 16; j < n; j++) {
                    s0 += a[p + j] * b[bb + j];
                }
                v0 = v0.withLane(0, s0);
            }
            DoubleVector w = v0.add(v1).add(v2.add(v3));
            o[ob + r * ro] += (w.lane(0) + w.lane(1)) + (w.lane(2) + w.lane(3));
        }
    }

    /** {@link #dotRowsD} for rows of 32 to 47 elements and one vector {@code b[bb, bb + n)}. */
    private static void dotRows32D(double[] a, int ab, int ra, double[] b, int bb, double[] o, int ob, int ro, int rows, int n) {
        DoubleVector w0 = DoubleVector.fromArray(D4, b, bb);
        DoubleVector w1 = DoubleVector.fromArray(D4, b, bb + 4);
        DoubleVector w2 = DoubleVector.fromArray(D4, b, bb + 8);
        DoubleVector w3 = DoubleVector.fromArray(D4, b, bb + 12);
        DoubleVector w4 = DoubleVector.fromArray(D4, b, bb + 16);
        DoubleVector w5 = DoubleVector.fromArray(D4, b, bb + 20);
        DoubleVector w6 = DoubleVector.fromArray(D4, b, bb + 24);
        DoubleVector w7 = DoubleVector.fromArray(D4, b, bb + 28);
        DoubleVector zero = DoubleVector.zero(D4);
        for (int r = 0; r < rows; r++) {
            int p = ab + r * ra;
            DoubleVector v0 = zero.add((DoubleVector.fromArray(D4, a, p).mul(w0)));
            DoubleVector v1 = zero.add((DoubleVector.fromArray(D4, a, p + 4).mul(w1)));
            DoubleVector v2 = zero.add((DoubleVector.fromArray(D4, a, p + 8).mul(w2)));
            DoubleVector v3 = zero.add((DoubleVector.fromArray(D4, a, p + 12).mul(w3)));
            v0 = v0.add((DoubleVector.fromArray(D4, a, p + 16).mul(w4)));
            v1 = v1.add((DoubleVector.fromArray(D4, a, p + 20).mul(w5)));
            v2 = v2.add((DoubleVector.fromArray(D4, a, p + 24).mul(w6)));
            v3 = v3.add((DoubleVector.fromArray(D4, a, p + 28).mul(w7)));
            if (n > 32) {
                double s0 = v0.lane(0);
                for (int j = 32; j < n; j++) {
                    s0 += a[p + j] * b[bb + j];
                }
                v0 = v0.withLane(0, s0);
            }
            DoubleVector w = v0.add(v1).add(v2.add(v3));
            o[ob + r * ro] += (w.lane(0) + w.lane(1)) + (w.lane(2) + w.lane(3));
        }
    }

    /**
     * {@code X.T @ r} as axpys: for {@code k = 0 .. rows - 1} in order, {@code o[oo + j] += a[ab + k ra + j] * b[bb + k rb]}
     * for every {@code j < n} (double arithmetic: each product and each sum rounded to double, no fused multiply-add), so
     * every out element sums its products over {@code k} in order, the bits of {@link Reductions#axpyD} per row.
     * The out elements are kept in registers over a block of rows (blocks of four 4-lane vectors across the
     * row, scalar for the last {@code n % 4} columns; row blocks of about 32 KiB of {@code a}, so
     * a row block is re-read from L1 for each column block). Element-wise, so the width does not change the
     * bits. {@code o} must be neither {@code a} nor {@code b}.
     */
    static void axpyRowsD(double[] o, int oo, double[] a, int ab, int ra, double[] b, int bb, int rb, int rows, int n) {
        // three loops, each in a method of its own (VectorLoop): the columns in blocks of four vectors, the
        // remaining whole vectors, the scalar columns; each column sums over the rows in order whichever does it
        int len = D4.length();
        int cols = n - n % len;
        int wide = cols - cols % (4 * len);
        if (wide > 0) {
            VectorLoop.call(AXPY_ROWS4_D, o, oo, 0, a, ab, ra, b, bb, rb, rows, wide, 0, 0);
        }
        if (cols > wide) {
            VectorLoop.call(AXPY_ROWS1_D, o, oo + wide, 0, a, ab + wide, ra, b, bb, rb, rows, cols - wide, 0, 0);
        }
        if (n > cols) {
            axpyRowsScalarD(o, oo + cols, a, ab + cols, ra, b, bb, rb, rows, n - cols);
        }
    }

    private static final VectorLoop AXPY_ROWS4_D = new VectorLoop() {
        @Override
        long run(Object x, int xo, int xs, Object y, int yo, int ys, Object z, int zo, int zs, int m, int n, double d, long l) {
            axpyRows4D((double[]) x, xo, (double[]) y, yo, ys, (double[]) z, zo, zs, m, n);
            return 0;
        }
    };
    private static final VectorLoop AXPY_ROWS1_D = new VectorLoop() {
        @Override
        long run(Object x, int xo, int xs, Object y, int yo, int ys, Object z, int zo, int zs, int m, int n, double d, long l) {
            axpyRows1D((double[]) x, xo, (double[]) y, yo, ys, (double[]) z, zo, zs, m, n);
            return 0;
        }
    };

    /** Rows in blocks of about 32 KiB of {@code a} over columns of {@code n} elements: a block is re-read from L1 for each column block. */
    private static int rowBlockD(int n) {
        return Math.max(16, 32 * 1024 * 8 / 64 / Math.max(1, n));
    }

    /** {@link #axpyRowsD} over {@code n} columns, a multiple of four vectors: four accumulators across the row. */
    private static void axpyRows4D(double[] o, int oo, double[] a, int ab, int ra, double[] b, int bb, int rb, int rows, int n) {
        // the species of the dot kernels, not the CPU's preferred one: with two shapes of DoubleVector in one JVM (logistic
        // regression's X @ w and X.T @ r) C2 compiled this loop without its intrinsics, 10x slower than alone
        VectorSpecies<Double> s = D4;
        int len = s.length();
        int rowBlock = rowBlockD(n);
        for (int k0 = 0; k0 < rows; k0 += rowBlock) {
            int k1 = Math.min(rows, k0 + rowBlock);
            for (int c = 0; c < n; c += 4 * len) {
                DoubleVector o0 = DoubleVector.fromArray(s, o, oo + c);
                DoubleVector o1 = DoubleVector.fromArray(s, o, oo + c + len);
                DoubleVector o2 = DoubleVector.fromArray(s, o, oo + c + 2 * len);
                DoubleVector o3 = DoubleVector.fromArray(s, o, oo + c + 3 * len);
                for (int k = k0; k < k1; k++) {
                    DoubleVector x = DoubleVector.broadcast(s, b[bb + k * rb]);
                    int p = ab + k * ra + c;
                    o0 = o0.add(DoubleVector.fromArray(s, a, p).mul(x));
                    o1 = o1.add(DoubleVector.fromArray(s, a, p + len).mul(x));
                    o2 = o2.add(DoubleVector.fromArray(s, a, p + 2 * len).mul(x));
                    o3 = o3.add(DoubleVector.fromArray(s, a, p + 3 * len).mul(x));
                }
                o0.intoArray(o, oo + c);
                o1.intoArray(o, oo + c + len);
                o2.intoArray(o, oo + c + 2 * len);
                o3.intoArray(o, oo + c + 3 * len);
            }
        }
    }

    /** {@link #axpyRowsD} over {@code n} columns, a multiple of one vector: one accumulator at a time. */
    private static void axpyRows1D(double[] o, int oo, double[] a, int ab, int ra, double[] b, int bb, int rb, int rows, int n) {
        VectorSpecies<Double> s = D4;
        int len = s.length();
        int rowBlock = rowBlockD(n);
        for (int k0 = 0; k0 < rows; k0 += rowBlock) {
            int k1 = Math.min(rows, k0 + rowBlock);
            for (int c = 0; c < n; c += len) {
                DoubleVector o0 = DoubleVector.fromArray(s, o, oo + c);
                for (int k = k0; k < k1; k++) {
                    o0 = o0.add(DoubleVector.fromArray(s, a, ab + k * ra + c).mul(b[bb + k * rb]));
                }
                o0.intoArray(o, oo + c);
            }
        }
    }

    /** {@link #axpyRowsD} over the last {@code n < len} columns, scalar. */
    private static void axpyRowsScalarD(double[] o, int oo, double[] a, int ab, int ra, double[] b, int bb, int rb, int rows, int n) {
        for (int c = 0; c < n; c++) {
            double acc = o[oo + c];
            for (int k = 0; k < rows; k++) {
                acc += a[ab + k * ra + c] * b[bb + k * rb];
            }
            o[oo + c] = acc;
        }
    }
    // The loads, products and conversions below are spelt out in every loop, not called through helpers returning a
    // vector: a helper that C2 compiled on its own (it is hot while the loop still runs in C1) is then "already
    // compiled into a big method" and not inlined into the loop, so every call returned a boxed vector. MATVEC's
    // long rows ran the API's Java fallback that way, 10-20x slower, in the steady state too (issue 12).

    /** {@link Reductions#sumScalarF} with vectors: the same bits. */
    static double sumF(float[] a, int ao, int n) {
        return Double.longBitsToDouble(VectorLoop.call(SUM_F, a, ao, 0, null, 0, 0, null, 0, 0, 0, n, 0, 0));
    }

    private static final VectorLoop SUM_F = new VectorLoop() {
        @Override
        long run(Object x, int xo, int xs, Object y, int yo, int ys, Object z, int zo, int zs, int m, int n, double d, long l) {
            return Double.doubleToRawLongBits(sumLoopF((float[]) x, xo, n));
        }
    };

    private static double sumLoopF(float[] a, int ao, int n) {
        DoubleVector v0 = DoubleVector.zero(D4);
        DoubleVector v1 = v0;
        DoubleVector v2 = v0;
        DoubleVector v3 = v0;
        int main = n - n % 16;
        for (int p = ao, end = ao + main; p < end; p += 16) {
            v0 = v0.add(((DoubleVector) FloatVector.fromArray(F4, a, p).convertShape(VectorOperators.F2D, D4, 0)));
            v1 = v1.add(((DoubleVector) FloatVector.fromArray(F4, a, p + 4).convertShape(VectorOperators.F2D, D4, 0)));
            v2 = v2.add(((DoubleVector) FloatVector.fromArray(F4, a, p + 8).convertShape(VectorOperators.F2D, D4, 0)));
            v3 = v3.add(((DoubleVector) FloatVector.fromArray(F4, a, p + 12).convertShape(VectorOperators.F2D, D4, 0)));
        }
        // the lanes stored straight here: passing the vectors to a helper made C2 box them (5-10x slower)
        double[] s = new double[16];
        v0.intoArray(s, 0);
        v1.intoArray(s, 4);
        v2.intoArray(s, 8);
        v3.intoArray(s, 12);
        for (int j = main; j < n; j++) {
            s[0] += a[ao + j];
        }
        return Reductions.tree(s);
    }

    /** {@link Reductions#dotScalarF} with vectors: the same bits. */
    static double dotF(float[] a, int ao, float[] b, int bo, int n) {
        return Double.longBitsToDouble(VectorLoop.call(DOT_F, a, ao, 0, b, bo, 0, null, 0, 0, 0, n, 0, 0));
    }

    private static final VectorLoop DOT_F = new VectorLoop() {
        @Override
        long run(Object x, int xo, int xs, Object y, int yo, int ys, Object z, int zo, int zs, int m, int n, double d, long l) {
            return Double.doubleToRawLongBits(dotLoopF((float[]) x, xo, (float[]) y, yo, n));
        }
    };

    private static double dotLoopF(float[] a, int ao, float[] b, int bo, int n) {
        DoubleVector v0 = DoubleVector.zero(D4);
        DoubleVector v1 = v0;
        DoubleVector v2 = v0;
        DoubleVector v3 = v0;
        int main = n - n % 16;
        for (int j = 0; j < main; j += 16) {
            int p = ao + j;
            int q = bo + j;
            v0 = v0.add(((DoubleVector) FloatVector.fromArray(F4, a, p).mul(FloatVector.fromArray(F4, b, q)).convertShape(VectorOperators.F2D, D4, 0)));
            v1 = v1.add(((DoubleVector) FloatVector.fromArray(F4, a, p + 4).mul(FloatVector.fromArray(F4, b, q + 4)).convertShape(VectorOperators.F2D, D4, 0)));
            v2 = v2.add(((DoubleVector) FloatVector.fromArray(F4, a, p + 8).mul(FloatVector.fromArray(F4, b, q + 8)).convertShape(VectorOperators.F2D, D4, 0)));
            v3 = v3.add(((DoubleVector) FloatVector.fromArray(F4, a, p + 12).mul(FloatVector.fromArray(F4, b, q + 12)).convertShape(VectorOperators.F2D, D4, 0)));
        }
        // the lanes stored straight here: passing the vectors to a helper made C2 box them (5-10x slower)
        double[] s = new double[16];
        v0.intoArray(s, 0);
        v1.intoArray(s, 4);
        v2.intoArray(s, 8);
        v3.intoArray(s, 12);
        for (int j = main; j < n; j++) {
            s[0] += a[ao + j] * b[bo + j];
        }
        return Reductions.tree(s);
    }

    // ------------------------------------------------------------------ FLOAT32 MATVEC over rows (short rows included)

    /**
     * {@code X @ w} over rows of {@code n >= 16} elements: for every row {@code p < rows} in order,
     * {@code o[ob + p ro] += dot(a[ab + p ra ..], b[bb + p rb ..])} with the dot in {@link Reductions}'
     * order, the bits of {@link Reductions#dotScalarF} per row
     * (products rounded to float, summed in double; the out element {@code (float) (o + dot)})
     * : accumulator {@code v} (4 lanes) holds {@code s_(4v+l)}, the {@code n % 16} tail is added
     * to lane 0 of {@code v0} in order, and the tree is {@code w = (v0 + v1) + (v2 + v3)} lane-wise
     * (lane {@code l} is the class comment's {@code w_l}) then {@code (w_0 + w_1) + (w_2 + w_3)}.
     * Rows of 16 to 47 elements sharing one vector ({@code rb == 0}, {@code X @ w}) keep its 4 or 8
     * vectors in registers for all rows (a call per row and the vector's reloads cost more than the
     * row's arithmetic, about 3x at 32 columns). {@code o} must be neither {@code a} nor {@code b}.
     */
    static void dotRowsF(float[] a, int ab, int ra, float[] b, int bb, int rb, float[] o, int ob, int ro, int rows, int n) {
        int main = n - n % 16;
        VectorLoop loop = rb == 0 && main == 16 ? DOT_ROWS16_F : rb == 0 && main == 32 ? DOT_ROWS32_F : DOT_ROWS_F;
        VectorLoop.call(loop, a, ab, ra, b, bb, rb, o, ob, ro, rows, n, 0, 0);
    }

    private static final VectorLoop DOT_ROWS_F = new VectorLoop() {
        @Override
        long run(Object x, int xo, int xs, Object y, int yo, int ys, Object z, int zo, int zs, int m, int n, double d, long l) {
            dotRowsLoopF((float[]) x, xo, xs, (float[]) y, yo, ys, (float[]) z, zo, zs, m, n);
            return 0;
        }
    };
    private static final VectorLoop DOT_ROWS16_F = new VectorLoop() {
        @Override
        long run(Object x, int xo, int xs, Object y, int yo, int ys, Object z, int zo, int zs, int m, int n, double d, long l) {
            dotRows16F((float[]) x, xo, xs, (float[]) y, yo, (float[]) z, zo, zs, m, n);
            return 0;
        }
    };
    private static final VectorLoop DOT_ROWS32_F = new VectorLoop() {
        @Override
        long run(Object x, int xo, int xs, Object y, int yo, int ys, Object z, int zo, int zs, int m, int n, double d, long l) {
            dotRows32F((float[]) x, xo, xs, (float[]) y, yo, (float[]) z, zo, zs, m, n);
            return 0;
        }
    };

    /** {@link #dotRowsF} for rows of any length. */
    private static void dotRowsLoopF(float[] a, int ab, int ra, float[] b, int bb, int rb, float[] o, int ob, int ro, int rows, int n) {
        int main = n - n % 16;
        for (int r = 0; r < rows; r++) {
            int ao = ab + r * ra;
            int bo = bb + r * rb;
            DoubleVector v0 = DoubleVector.zero(D4);
            DoubleVector v1 = v0;
            DoubleVector v2 = v0;
            DoubleVector v3 = v0;
            for (int j = 0; j < main; j += 16) {
                int p = ao + j;
                int q = bo + j;
                v0 = v0.add(((DoubleVector) FloatVector.fromArray(F4, a, p).mul(FloatVector.fromArray(F4, b, q)).convertShape(VectorOperators.F2D, D4, 0)));
                v1 = v1.add(((DoubleVector) FloatVector.fromArray(F4, a, p + 4).mul(FloatVector.fromArray(F4, b, q + 4)).convertShape(VectorOperators.F2D, D4, 0)));
                v2 = v2.add(((DoubleVector) FloatVector.fromArray(F4, a, p + 8).mul(FloatVector.fromArray(F4, b, q + 8)).convertShape(VectorOperators.F2D, D4, 0)));
                v3 = v3.add(((DoubleVector) FloatVector.fromArray(F4, a, p + 12).mul(FloatVector.fromArray(F4, b, q + 12)).convertShape(VectorOperators.F2D, D4, 0)));
            }
            if (main < n) {
                double s0 = v0.lane(0);
                for (int j = main; j < n; j++) {
                    s0 += a[ao + j] * b[bo + j];
                }
                v0 = v0.withLane(0, s0);
            }
            DoubleVector w = v0.add(v1).add(v2.add(v3));
            o[ob + r * ro] = (float) (o[ob + r * ro] + ((w.lane(0) + w.lane(1)) + (w.lane(2) + w.lane(3))));
        }
    }

    /** {@link #dotRowsF} for rows of 16 to 31 elements and one vector {@code b[bb, bb + n)}. */
    private static void dotRows16F(float[] a, int ab, int ra, float[] b, int bb, float[] o, int ob, int ro, int rows, int n) {
        FloatVector w0 = FloatVector.fromArray(F4, b, bb);
        FloatVector w1 = FloatVector.fromArray(F4, b, bb + 4);
        FloatVector w2 = FloatVector.fromArray(F4, b, bb + 8);
        FloatVector w3 = FloatVector.fromArray(F4, b, bb + 12);
        DoubleVector zero = DoubleVector.zero(D4);
        for (int r = 0; r < rows; r++) {
            int p = ab + r * ra;
            // 0 + x, not x: the accumulators start at +0.0 (-0.0 products become +0.0, as in the scalar loop)
            DoubleVector v0 = zero.add(((DoubleVector) FloatVector.fromArray(F4, a, p).mul(w0).convertShape(VectorOperators.F2D, D4, 0)));
            DoubleVector v1 = zero.add(((DoubleVector) FloatVector.fromArray(F4, a, p + 4).mul(w1).convertShape(VectorOperators.F2D, D4, 0)));
            DoubleVector v2 = zero.add(((DoubleVector) FloatVector.fromArray(F4, a, p + 8).mul(w2).convertShape(VectorOperators.F2D, D4, 0)));
            DoubleVector v3 = zero.add(((DoubleVector) FloatVector.fromArray(F4, a, p + 12).mul(w3).convertShape(VectorOperators.F2D, D4, 0)));
            if (n > 16) {
                double s0 = v0.lane(0);
                for (int j = 16; j < n; j++) {
                    s0 += a[p + j] * b[bb + j];
                }
                v0 = v0.withLane(0, s0);
            }
            DoubleVector w = v0.add(v1).add(v2.add(v3));
            o[ob + r * ro] = (float) (o[ob + r * ro] + ((w.lane(0) + w.lane(1)) + (w.lane(2) + w.lane(3))));
        }
    }

    /** {@link #dotRowsF} for rows of 32 to 47 elements and one vector {@code b[bb, bb + n)}. */
    private static void dotRows32F(float[] a, int ab, int ra, float[] b, int bb, float[] o, int ob, int ro, int rows, int n) {
        FloatVector w0 = FloatVector.fromArray(F4, b, bb);
        FloatVector w1 = FloatVector.fromArray(F4, b, bb + 4);
        FloatVector w2 = FloatVector.fromArray(F4, b, bb + 8);
        FloatVector w3 = FloatVector.fromArray(F4, b, bb + 12);
        FloatVector w4 = FloatVector.fromArray(F4, b, bb + 16);
        FloatVector w5 = FloatVector.fromArray(F4, b, bb + 20);
        FloatVector w6 = FloatVector.fromArray(F4, b, bb + 24);
        FloatVector w7 = FloatVector.fromArray(F4, b, bb + 28);
        DoubleVector zero = DoubleVector.zero(D4);
        for (int r = 0; r < rows; r++) {
            int p = ab + r * ra;
            DoubleVector v0 = zero.add(((DoubleVector) FloatVector.fromArray(F4, a, p).mul(w0).convertShape(VectorOperators.F2D, D4, 0)));
            DoubleVector v1 = zero.add(((DoubleVector) FloatVector.fromArray(F4, a, p + 4).mul(w1).convertShape(VectorOperators.F2D, D4, 0)));
            DoubleVector v2 = zero.add(((DoubleVector) FloatVector.fromArray(F4, a, p + 8).mul(w2).convertShape(VectorOperators.F2D, D4, 0)));
            DoubleVector v3 = zero.add(((DoubleVector) FloatVector.fromArray(F4, a, p + 12).mul(w3).convertShape(VectorOperators.F2D, D4, 0)));
            v0 = v0.add(((DoubleVector) FloatVector.fromArray(F4, a, p + 16).mul(w4).convertShape(VectorOperators.F2D, D4, 0)));
            v1 = v1.add(((DoubleVector) FloatVector.fromArray(F4, a, p + 20).mul(w5).convertShape(VectorOperators.F2D, D4, 0)));
            v2 = v2.add(((DoubleVector) FloatVector.fromArray(F4, a, p + 24).mul(w6).convertShape(VectorOperators.F2D, D4, 0)));
            v3 = v3.add(((DoubleVector) FloatVector.fromArray(F4, a, p + 28).mul(w7).convertShape(VectorOperators.F2D, D4, 0)));
            if (n > 32) {
                double s0 = v0.lane(0);
                for (int j = 32; j < n; j++) {
                    s0 += a[p + j] * b[bb + j];
                }
                v0 = v0.withLane(0, s0);
            }
            DoubleVector w = v0.add(v1).add(v2.add(v3));
            o[ob + r * ro] = (float) (o[ob + r * ro] + ((w.lane(0) + w.lane(1)) + (w.lane(2) + w.lane(3))));
        }
    }

    /**
     * {@code X.T @ r} as axpys: for {@code k = 0 .. rows - 1} in order, {@code o[oo + j] += a[ab + k ra + j] * b[bb + k rb]}
     * for every {@code j < n} (float arithmetic: each product and each sum rounded to float, no fused multiply-add), so
     * every out element sums its products over {@code k} in order, the bits of {@link Reductions#axpyF} per row.
     * The out elements are kept in registers over a block of rows (blocks of four 4-lane vectors across the
     * row, scalar for the last {@code n % 4} columns; row blocks of about 32 KiB of {@code a}, so
     * a row block is re-read from L1 for each column block). Element-wise, so the width does not change the
     * bits. {@code o} must be neither {@code a} nor {@code b}.
     */
    static void axpyRowsF(float[] o, int oo, float[] a, int ab, int ra, float[] b, int bb, int rb, int rows, int n) {
        // three loops, each in a method of its own (VectorLoop): the columns in blocks of four vectors, the
        // remaining whole vectors, the scalar columns; each column sums over the rows in order whichever does it
        int len = F4.length();
        int cols = n - n % len;
        int wide = cols - cols % (4 * len);
        if (wide > 0) {
            VectorLoop.call(AXPY_ROWS4_F, o, oo, 0, a, ab, ra, b, bb, rb, rows, wide, 0, 0);
        }
        if (cols > wide) {
            VectorLoop.call(AXPY_ROWS1_F, o, oo + wide, 0, a, ab + wide, ra, b, bb, rb, rows, cols - wide, 0, 0);
        }
        if (n > cols) {
            axpyRowsScalarF(o, oo + cols, a, ab + cols, ra, b, bb, rb, rows, n - cols);
        }
    }

    private static final VectorLoop AXPY_ROWS4_F = new VectorLoop() {
        @Override
        long run(Object x, int xo, int xs, Object y, int yo, int ys, Object z, int zo, int zs, int m, int n, double d, long l) {
            axpyRows4F((float[]) x, xo, (float[]) y, yo, ys, (float[]) z, zo, zs, m, n);
            return 0;
        }
    };
    private static final VectorLoop AXPY_ROWS1_F = new VectorLoop() {
        @Override
        long run(Object x, int xo, int xs, Object y, int yo, int ys, Object z, int zo, int zs, int m, int n, double d, long l) {
            axpyRows1F((float[]) x, xo, (float[]) y, yo, ys, (float[]) z, zo, zs, m, n);
            return 0;
        }
    };

    /** Rows in blocks of about 32 KiB of {@code a} over columns of {@code n} elements: a block is re-read from L1 for each column block. */
    private static int rowBlockF(int n) {
        return Math.max(16, 32 * 1024 * 8 / 32 / Math.max(1, n));
    }

    /** {@link #axpyRowsF} over {@code n} columns, a multiple of four vectors: four accumulators across the row. */
    private static void axpyRows4F(float[] o, int oo, float[] a, int ab, int ra, float[] b, int bb, int rb, int rows, int n) {
        // the species of the dot kernels, not the CPU's preferred one: with two shapes of FloatVector in one JVM (logistic
        // regression's X @ w and X.T @ r) C2 compiled this loop without its intrinsics, 10x slower than alone
        VectorSpecies<Float> s = F4;
        int len = s.length();
        int rowBlock = rowBlockF(n);
        for (int k0 = 0; k0 < rows; k0 += rowBlock) {
            int k1 = Math.min(rows, k0 + rowBlock);
            for (int c = 0; c < n; c += 4 * len) {
                FloatVector o0 = FloatVector.fromArray(s, o, oo + c);
                FloatVector o1 = FloatVector.fromArray(s, o, oo + c + len);
                FloatVector o2 = FloatVector.fromArray(s, o, oo + c + 2 * len);
                FloatVector o3 = FloatVector.fromArray(s, o, oo + c + 3 * len);
                for (int k = k0; k < k1; k++) {
                    FloatVector x = FloatVector.broadcast(s, b[bb + k * rb]);
                    int p = ab + k * ra + c;
                    o0 = o0.add(FloatVector.fromArray(s, a, p).mul(x));
                    o1 = o1.add(FloatVector.fromArray(s, a, p + len).mul(x));
                    o2 = o2.add(FloatVector.fromArray(s, a, p + 2 * len).mul(x));
                    o3 = o3.add(FloatVector.fromArray(s, a, p + 3 * len).mul(x));
                }
                o0.intoArray(o, oo + c);
                o1.intoArray(o, oo + c + len);
                o2.intoArray(o, oo + c + 2 * len);
                o3.intoArray(o, oo + c + 3 * len);
            }
        }
    }

    /** {@link #axpyRowsF} over {@code n} columns, a multiple of one vector: one accumulator at a time. */
    private static void axpyRows1F(float[] o, int oo, float[] a, int ab, int ra, float[] b, int bb, int rb, int rows, int n) {
        VectorSpecies<Float> s = F4;
        int len = s.length();
        int rowBlock = rowBlockF(n);
        for (int k0 = 0; k0 < rows; k0 += rowBlock) {
            int k1 = Math.min(rows, k0 + rowBlock);
            for (int c = 0; c < n; c += len) {
                FloatVector o0 = FloatVector.fromArray(s, o, oo + c);
                for (int k = k0; k < k1; k++) {
                    o0 = o0.add(FloatVector.fromArray(s, a, ab + k * ra + c).mul(b[bb + k * rb]));
                }
                o0.intoArray(o, oo + c);
            }
        }
    }

    /** {@link #axpyRowsF} over the last {@code n < len} columns, scalar. */
    private static void axpyRowsScalarF(float[] o, int oo, float[] a, int ab, int ra, float[] b, int bb, int rb, int rows, int n) {
        for (int c = 0; c < n; c++) {
            float acc = o[oo + c];
            for (int k = 0; k < rows; k++) {
                acc += a[ab + k * ra + c] * b[bb + k * rb];
            }
            o[oo + c] = acc;
        }
    }

    // ------------------------------------------------------------------ FLOAT64 max, min (any order)

    /**
     * The species of FLOAT64 MAX/MIN: the one shape every other FLOAT64 kernel uses ({@code D4}), not the CPU's preferred
     * width. On an AVX-512 machine the preferred species are 512 bits, and a second shape of one element type in the
     * JVM makes the profiles of the Vector API's shared methods polymorphic (task-library README, "Vector API kernels
     * that C2 leaves uncompiled"): C2 then left {@code dotD}, {@code dotF}, {@code sumF} and the row kernels boxed in 4
     * of 10 JVMs, compiled as they were before or after these loops had run.
     */
    private static final VectorSpecies<Double> PD = D4;

    /** {@code Math.max} over {@code a[ao, ao + n)}, {@code n >= 1}. */
    static double maxD(double[] a, int ao, int n) {
        return Double.longBitsToDouble(VectorLoop.call(MAX_D, a, ao, 0, null, 0, 0, null, 0, 0, 0, n, 0, 0));
    }

    private static final VectorLoop MAX_D = new VectorLoop() {
        @Override
        long run(Object x, int xo, int xs, Object y, int yo, int ys, Object z, int zo, int zs, int m, int n, double d, long l) {
            return Double.doubleToRawLongBits(maxLoopD((double[]) x, xo, n));
        }
    };

    private static double maxLoopD(double[] a, int ao, int n) {
        int len = PD.length();
        // four accumulators: with the type's one (narrow) shape, two left a 1e7 float64 max at 3.0 ms (1.2x NumPy)
        int main = n - n % (4 * len);
        DoubleVector m0 = DoubleVector.broadcast(PD, a[ao]);
        DoubleVector m1 = m0;
        DoubleVector m2 = m0;
        DoubleVector m3 = m0;
        for (int j = 0; j < main; j += 4 * len) {
            m0 = m0.max(DoubleVector.fromArray(PD, a, ao + j));
            m1 = m1.max(DoubleVector.fromArray(PD, a, ao + j + len));
            m2 = m2.max(DoubleVector.fromArray(PD, a, ao + j + 2 * len));
            m3 = m3.max(DoubleVector.fromArray(PD, a, ao + j + 3 * len));
        }
        double m = m0.max(m1).max(m2.max(m3)).reduceLanes(VectorOperators.MAX);
        for (int j = main; j < n; j++) {
            m = Math.max(m, a[ao + j]);
        }
        return m;
    }

    /** {@code Math.min} over {@code a[ao, ao + n)}, {@code n >= 1}. */
    static double minD(double[] a, int ao, int n) {
        return Double.longBitsToDouble(VectorLoop.call(MIN_D, a, ao, 0, null, 0, 0, null, 0, 0, 0, n, 0, 0));
    }

    private static final VectorLoop MIN_D = new VectorLoop() {
        @Override
        long run(Object x, int xo, int xs, Object y, int yo, int ys, Object z, int zo, int zs, int m, int n, double d, long l) {
            return Double.doubleToRawLongBits(minLoopD((double[]) x, xo, n));
        }
    };

    private static double minLoopD(double[] a, int ao, int n) {
        int len = PD.length();
        // four accumulators: with the type's one (narrow) shape, two left a 1e7 float64 max at 3.0 ms (1.2x NumPy)
        int main = n - n % (4 * len);
        DoubleVector m0 = DoubleVector.broadcast(PD, a[ao]);
        DoubleVector m1 = m0;
        DoubleVector m2 = m0;
        DoubleVector m3 = m0;
        for (int j = 0; j < main; j += 4 * len) {
            m0 = m0.min(DoubleVector.fromArray(PD, a, ao + j));
            m1 = m1.min(DoubleVector.fromArray(PD, a, ao + j + len));
            m2 = m2.min(DoubleVector.fromArray(PD, a, ao + j + 2 * len));
            m3 = m3.min(DoubleVector.fromArray(PD, a, ao + j + 3 * len));
        }
        double m = m0.min(m1).min(m2.min(m3)).reduceLanes(VectorOperators.MIN);
        for (int j = main; j < n; j++) {
            m = Math.min(m, a[ao + j]);
        }
        return m;
    }

    // ------------------------------------------------------------------ FLOAT32 max, min (any order)

    /**
     * The species of FLOAT32 MAX/MIN: the one shape every other FLOAT32 kernel uses ({@code F4}), not the CPU's preferred
     * width. On an AVX-512 machine the preferred species are 512 bits, and a second shape of one element type in the
     * JVM makes the profiles of the Vector API's shared methods polymorphic (task-library README, "Vector API kernels
     * that C2 leaves uncompiled"): C2 then left {@code dotD}, {@code dotF}, {@code sumF} and the row kernels boxed in 4
     * of 10 JVMs, compiled as they were before or after these loops had run.
     */
    private static final VectorSpecies<Float> PF = F4;

    /** {@code Math.max} over {@code a[ao, ao + n)}, {@code n >= 1}. */
    static float maxF(float[] a, int ao, int n) {
        return Float.intBitsToFloat((int) VectorLoop.call(MAX_F, a, ao, 0, null, 0, 0, null, 0, 0, 0, n, 0, 0));
    }

    private static final VectorLoop MAX_F = new VectorLoop() {
        @Override
        long run(Object x, int xo, int xs, Object y, int yo, int ys, Object z, int zo, int zs, int m, int n, double d, long l) {
            return Float.floatToRawIntBits(maxLoopF((float[]) x, xo, n));
        }
    };

    private static float maxLoopF(float[] a, int ao, int n) {
        int len = PF.length();
        // four accumulators: with the type's one (narrow) shape, two left a 1e7 float64 max at 3.0 ms (1.2x NumPy)
        int main = n - n % (4 * len);
        FloatVector m0 = FloatVector.broadcast(PF, a[ao]);
        FloatVector m1 = m0;
        FloatVector m2 = m0;
        FloatVector m3 = m0;
        for (int j = 0; j < main; j += 4 * len) {
            m0 = m0.max(FloatVector.fromArray(PF, a, ao + j));
            m1 = m1.max(FloatVector.fromArray(PF, a, ao + j + len));
            m2 = m2.max(FloatVector.fromArray(PF, a, ao + j + 2 * len));
            m3 = m3.max(FloatVector.fromArray(PF, a, ao + j + 3 * len));
        }
        float m = m0.max(m1).max(m2.max(m3)).reduceLanes(VectorOperators.MAX);
        for (int j = main; j < n; j++) {
            m = Math.max(m, a[ao + j]);
        }
        return m;
    }

    /** {@code Math.min} over {@code a[ao, ao + n)}, {@code n >= 1}. */
    static float minF(float[] a, int ao, int n) {
        return Float.intBitsToFloat((int) VectorLoop.call(MIN_F, a, ao, 0, null, 0, 0, null, 0, 0, 0, n, 0, 0));
    }

    private static final VectorLoop MIN_F = new VectorLoop() {
        @Override
        long run(Object x, int xo, int xs, Object y, int yo, int ys, Object z, int zo, int zs, int m, int n, double d, long l) {
            return Float.floatToRawIntBits(minLoopF((float[]) x, xo, n));
        }
    };

    private static float minLoopF(float[] a, int ao, int n) {
        int len = PF.length();
        // four accumulators: with the type's one (narrow) shape, two left a 1e7 float64 max at 3.0 ms (1.2x NumPy)
        int main = n - n % (4 * len);
        FloatVector m0 = FloatVector.broadcast(PF, a[ao]);
        FloatVector m1 = m0;
        FloatVector m2 = m0;
        FloatVector m3 = m0;
        for (int j = 0; j < main; j += 4 * len) {
            m0 = m0.min(FloatVector.fromArray(PF, a, ao + j));
            m1 = m1.min(FloatVector.fromArray(PF, a, ao + j + len));
            m2 = m2.min(FloatVector.fromArray(PF, a, ao + j + 2 * len));
            m3 = m3.min(FloatVector.fromArray(PF, a, ao + j + 3 * len));
        }
        float m = m0.min(m1).min(m2.min(m3)).reduceLanes(VectorOperators.MIN);
        for (int j = main; j < n; j++) {
            m = Math.min(m, a[ao + j]);
        }
        return m;
    }

    // ------------------------------------------------------------------ INT64 max, min (any order)

    /**
     * The species of INT64 MAX/MIN: the one shape every other INT64 kernel uses ({@code L4}), not the CPU's preferred
     * width. On an AVX-512 machine the preferred species are 512 bits, and a second shape of one element type in the
     * JVM makes the profiles of the Vector API's shared methods polymorphic (task-library README, "Vector API kernels
     * that C2 leaves uncompiled"): C2 then left {@code dotD}, {@code dotF}, {@code sumF} and the row kernels boxed in 4
     * of 10 JVMs, compiled as they were before or after these loops had run.
     */
    private static final VectorSpecies<Long> PL = L4;

    /** {@code Math.max} over {@code a[ao, ao + n)}, {@code n >= 1}. */
    static long maxL(long[] a, int ao, int n) {
        return VectorLoop.call(MAX_L, a, ao, 0, null, 0, 0, null, 0, 0, 0, n, 0, 0);
    }

    private static final VectorLoop MAX_L = new VectorLoop() {
        @Override
        long run(Object x, int xo, int xs, Object y, int yo, int ys, Object z, int zo, int zs, int m, int n, double d, long l) {
            return maxLoopL((long[]) x, xo, n);
        }
    };

    private static long maxLoopL(long[] a, int ao, int n) {
        int len = PL.length();
        // four accumulators: with the type's one (narrow) shape, two left a 1e7 float64 max at 3.0 ms (1.2x NumPy)
        int main = n - n % (4 * len);
        LongVector m0 = LongVector.broadcast(PL, a[ao]);
        LongVector m1 = m0;
        LongVector m2 = m0;
        LongVector m3 = m0;
        for (int j = 0; j < main; j += 4 * len) {
            m0 = m0.max(LongVector.fromArray(PL, a, ao + j));
            m1 = m1.max(LongVector.fromArray(PL, a, ao + j + len));
            m2 = m2.max(LongVector.fromArray(PL, a, ao + j + 2 * len));
            m3 = m3.max(LongVector.fromArray(PL, a, ao + j + 3 * len));
        }
        long m = m0.max(m1).max(m2.max(m3)).reduceLanes(VectorOperators.MAX);
        for (int j = main; j < n; j++) {
            m = Math.max(m, a[ao + j]);
        }
        return m;
    }

    /** {@code Math.min} over {@code a[ao, ao + n)}, {@code n >= 1}. */
    static long minL(long[] a, int ao, int n) {
        return VectorLoop.call(MIN_L, a, ao, 0, null, 0, 0, null, 0, 0, 0, n, 0, 0);
    }

    private static final VectorLoop MIN_L = new VectorLoop() {
        @Override
        long run(Object x, int xo, int xs, Object y, int yo, int ys, Object z, int zo, int zs, int m, int n, double d, long l) {
            return minLoopL((long[]) x, xo, n);
        }
    };

    private static long minLoopL(long[] a, int ao, int n) {
        int len = PL.length();
        // four accumulators: with the type's one (narrow) shape, two left a 1e7 float64 max at 3.0 ms (1.2x NumPy)
        int main = n - n % (4 * len);
        LongVector m0 = LongVector.broadcast(PL, a[ao]);
        LongVector m1 = m0;
        LongVector m2 = m0;
        LongVector m3 = m0;
        for (int j = 0; j < main; j += 4 * len) {
            m0 = m0.min(LongVector.fromArray(PL, a, ao + j));
            m1 = m1.min(LongVector.fromArray(PL, a, ao + j + len));
            m2 = m2.min(LongVector.fromArray(PL, a, ao + j + 2 * len));
            m3 = m3.min(LongVector.fromArray(PL, a, ao + j + 3 * len));
        }
        long m = m0.min(m1).min(m2.min(m3)).reduceLanes(VectorOperators.MIN);
        for (int j = main; j < n; j++) {
            m = Math.min(m, a[ao + j]);
        }
        return m;
    }

    // ------------------------------------------------------------------ INT32 max, min (any order)

    /**
     * The species of INT32 MAX/MIN: the one shape every other INT32 kernel uses ({@code I4}), not the CPU's preferred
     * width. On an AVX-512 machine the preferred species are 512 bits, and a second shape of one element type in the
     * JVM makes the profiles of the Vector API's shared methods polymorphic (task-library README, "Vector API kernels
     * that C2 leaves uncompiled"): C2 then left {@code dotD}, {@code dotF}, {@code sumF} and the row kernels boxed in 4
     * of 10 JVMs, compiled as they were before or after these loops had run.
     */
    private static final VectorSpecies<Integer> PI = I4;

    /** {@code Math.max} over {@code a[ao, ao + n)}, {@code n >= 1}. */
    static int maxI(int[] a, int ao, int n) {
        return (int) VectorLoop.call(MAX_I, a, ao, 0, null, 0, 0, null, 0, 0, 0, n, 0, 0);
    }

    private static final VectorLoop MAX_I = new VectorLoop() {
        @Override
        long run(Object x, int xo, int xs, Object y, int yo, int ys, Object z, int zo, int zs, int m, int n, double d, long l) {
            return maxLoopI((int[]) x, xo, n);
        }
    };

    private static int maxLoopI(int[] a, int ao, int n) {
        int len = PI.length();
        // four accumulators: with the type's one (narrow) shape, two left a 1e7 float64 max at 3.0 ms (1.2x NumPy)
        int main = n - n % (4 * len);
        IntVector m0 = IntVector.broadcast(PI, a[ao]);
        IntVector m1 = m0;
        IntVector m2 = m0;
        IntVector m3 = m0;
        for (int j = 0; j < main; j += 4 * len) {
            m0 = m0.max(IntVector.fromArray(PI, a, ao + j));
            m1 = m1.max(IntVector.fromArray(PI, a, ao + j + len));
            m2 = m2.max(IntVector.fromArray(PI, a, ao + j + 2 * len));
            m3 = m3.max(IntVector.fromArray(PI, a, ao + j + 3 * len));
        }
        int m = m0.max(m1).max(m2.max(m3)).reduceLanes(VectorOperators.MAX);
        for (int j = main; j < n; j++) {
            m = Math.max(m, a[ao + j]);
        }
        return m;
    }

    /** {@code Math.min} over {@code a[ao, ao + n)}, {@code n >= 1}. */
    static int minI(int[] a, int ao, int n) {
        return (int) VectorLoop.call(MIN_I, a, ao, 0, null, 0, 0, null, 0, 0, 0, n, 0, 0);
    }

    private static final VectorLoop MIN_I = new VectorLoop() {
        @Override
        long run(Object x, int xo, int xs, Object y, int yo, int ys, Object z, int zo, int zs, int m, int n, double d, long l) {
            return minLoopI((int[]) x, xo, n);
        }
    };

    private static int minLoopI(int[] a, int ao, int n) {
        int len = PI.length();
        // four accumulators: with the type's one (narrow) shape, two left a 1e7 float64 max at 3.0 ms (1.2x NumPy)
        int main = n - n % (4 * len);
        IntVector m0 = IntVector.broadcast(PI, a[ao]);
        IntVector m1 = m0;
        IntVector m2 = m0;
        IntVector m3 = m0;
        for (int j = 0; j < main; j += 4 * len) {
            m0 = m0.min(IntVector.fromArray(PI, a, ao + j));
            m1 = m1.min(IntVector.fromArray(PI, a, ao + j + len));
            m2 = m2.min(IntVector.fromArray(PI, a, ao + j + 2 * len));
            m3 = m3.min(IntVector.fromArray(PI, a, ao + j + 3 * len));
        }
        int m = m0.min(m1).min(m2.min(m3)).reduceLanes(VectorOperators.MIN);
        for (int j = main; j < n; j++) {
            m = Math.min(m, a[ao + j]);
        }
        return m;
    }

    // ------------------------------------------------------------------ integer sums (wrapping, any order)

    /** The wrapping sum of {@code a[ao, ao + n)}. */
    static long sumL(long[] a, int ao, int n) {
        return VectorLoop.call(SUM_L, a, ao, 0, null, 0, 0, null, 0, 0, 0, n, 0, 0);
    }

    private static final VectorLoop SUM_L = new VectorLoop() {
        @Override
        long run(Object x, int xo, int xs, Object y, int yo, int ys, Object z, int zo, int zs, int m, int n, double d, long l) {
            return sumLLoop((long[]) x, xo, n);
        }
    };

    private static long sumLLoop(long[] a, int ao, int n) {
        int len = PL.length();
        int main = n - n % (2 * len);
        LongVector s0 = LongVector.zero(PL);
        LongVector s1 = s0;
        for (int j = 0; j < main; j += 2 * len) {
            s0 = s0.add(LongVector.fromArray(PL, a, ao + j));
            s1 = s1.add(LongVector.fromArray(PL, a, ao + j + len));
        }
        long s = s0.add(s1).reduceLanes(VectorOperators.ADD);
        for (int j = main; j < n; j++) {
            s += a[ao + j];
        }
        return s;
    }

    /** The sum of {@code a[ao, ao + n)} in int64 (each int widened first). */
    static long sumI(int[] a, int ao, int n) {
        return VectorLoop.call(SUM_I, a, ao, 0, null, 0, 0, null, 0, 0, 0, n, 0, 0);
    }

    private static final VectorLoop SUM_I = new VectorLoop() {
        @Override
        long run(Object x, int xo, int xs, Object y, int yo, int ys, Object z, int zo, int zs, int m, int n, double d, long l) {
            return sumILoop((int[]) x, xo, n);
        }
    };

    private static long sumILoop(int[] a, int ao, int n) {
        int main = n - n % 8;
        LongVector s0 = LongVector.zero(L4);
        LongVector s1 = s0;
        for (int j = 0; j < main; j += 8) {
            s0 = s0.add(IntVector.fromArray(I4, a, ao + j).convertShape(VectorOperators.I2L, L4, 0));
            s1 = s1.add(IntVector.fromArray(I4, a, ao + j + 4).convertShape(VectorOperators.I2L, L4, 0));
        }
        long s = s0.add(s1).reduceLanes(VectorOperators.ADD);
        for (int j = main; j < n; j++) {
            s += a[ao + j];
        }
        return s;
    }
}
