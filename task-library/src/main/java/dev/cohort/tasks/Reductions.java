// GENERATED from task-library/src/main/templates/Reductions.java.tmpl by task-library/generate-kernels: edit the template, not this file.
package dev.cohort.tasks;

/**
 * The dense reduction kernels of every dtype (generated): a row of an instance's own array (unit
 * stride, no gather) folded into one value, folded element-wise into an out row, searched for a
 * value (ARG_REDUCE), and the dot products and axpys of MATVEC.
 *
 * <p><b>Floating-point accumulation order</b> (SUM and dot of float64 and float32, on every path:
 * dense, strided, FUSED_REDUCE; independent of the CPU's vector width). A row of {@code n} values
 * {@code x_0 .. x_{n-1}} (for a dot {@code x_j = a_j * b_j}, rounded to the compute type) is summed
 * in double with {@link #K} = 16 accumulators {@code s_0 .. s_15}, all starting at 0: value
 * {@code j < n - n % 16} is added to {@code s_(j % 16)}, in increasing {@code j}; the last
 * {@code n % 16} values are then added to {@code s_0} in order; the row's total is
 * {@code (w_0 + w_1) + (w_2 + w_3)} with {@code w_l = (s_l + s_(4+l)) + (s_(8+l) + s_(12+l))}
 * ({@link #tree}); the out element becomes {@code out + total} (float32: rounded to float once, there).
 * The vector kernels ({@code SimdReductions}, four 4-lane double accumulators, lane {@code l} of
 * accumulator {@code v} holding {@code s_(4v+l)}) and the scalar loops here compute exactly this;
 * MAX, MIN and integer sums are associative, so their vector kernels need no order.
 * PROD multiplies in order (no kernel reorders it).
 *
 * <p>{@link #SIMD}: whether the vector kernels run, read once: {@code -Dcohort.simd=false} turns them
 * off, and they are off when the JVM lacks the module {@code jdk.incubator.vector}
 * ({@code --add-modules=jdk.incubator.vector}) or has vectors narrower than 256 bits. The bits are
 * the same either way.
 */
final class Reductions {
    private Reductions() {
    }

    /** Accumulators of a floating-point sum. */
    static final int K = 16;
    /** System property: {@code false} keeps every reduction on its scalar loop. */
    static final String SIMD_PROP = "cohort.simd";
    /** Whether the vector kernels run (see the class comment). */
    static final boolean SIMD = simdAvailable();

    /**
     * Whether vector kernel {@code kernel} (a {@link VectorWarmup} constant) runs now: {@link #SIMD}, and
     * {@link VectorWarmup} has seen C2 compile it (until then the scalar loops, which give the same bits, serve).
     */
    static boolean vector(int kernel) {
        return SIMD && VectorWarmup.open(kernel);
    }
    /** Rows shorter than this stay on the scalar loops (the vector kernels' set-up costs more than they save). */
    static final int VECTOR_MIN = 64;
    /**
     * MATVEC's rows ({@code matvec2d*}, {@code X @ w}) at least this long take the vector kernel
     * ({@code SimdReductions.dotRows*}: all rows in one loop, the vector kept in registers for rows of
     * 16-47); shorter rows have no full block of 16 and stay on the scalar loop.
     */
    static final int SHORT_ROW_MIN = K;

    private static boolean simdAvailable() {
        if ("false".equalsIgnoreCase(System.getProperty(SIMD_PROP, "true"))) {
            return false;
        }
        if (ModuleLayer.boot().findModule("jdk.incubator.vector").isEmpty()) {
            return false;
        }
        try {
            return SimdReductions.usable();
        } catch (LinkageError e) {
            return false;
        }
    }

    /** The row total of sixteen accumulators (the class comment's tree). */
    static double tree(double s0, double s1, double s2, double s3, double s4, double s5, double s6, double s7,
                       double s8, double s9, double s10, double s11, double s12, double s13, double s14, double s15) {
        double w0 = (s0 + s4) + (s8 + s12);
        double w1 = (s1 + s5) + (s9 + s13);
        double w2 = (s2 + s6) + (s10 + s14);
        double w3 = (s3 + s7) + (s11 + s15);
        return (w0 + w1) + (w2 + w3);
    }

    /** {@link #tree} of {@code s[0, 16)}. */
    static double tree(double[] s) {
        return tree(s[0], s[1], s[2], s[3], s[4], s[5], s[6], s[7], s[8], s[9], s[10], s[11], s[12], s[13], s[14], s[15]);
    }

    /**
     * A row's fixed-order sum fed in pieces (the strided paths' chunks, FUSED_REDUCE's rows): the bits
     * of the dense kernels over the whole row.
     */
    static final class RowSum {
        final double[] s = new double[K];
        private long main;
        private long j;

        /** Starts a row of {@code n} values. */
        RowSum start(long n) {
            java.util.Arrays.fill(s, 0.0);
            main = n - n % K;
            j = 0;
            return this;
        }

        /** Adds the row's next {@code m} values {@code a[ao, ao + m)}. */
        void add(double[] a, int ao, int m) {
            int i = 0;
            // up to the next multiple of K within the main part
            for (; i < m && j < main && (j & (K - 1)) != 0; i++, j++) {
                s[(int) (j & (K - 1))] += a[ao + i];
            }
            int blocks = (int) Math.min((m - i) / K, (main - j) / K);
            if (blocks > 0) {
                if (blocks * K >= VECTOR_MIN && vector(VectorWarmup.ACCUMULATE)) {
                    long mark = VectorWarmup.mark(VectorWarmup.ACCUMULATE, (long) blocks * 16);
                    SimdReductions.accumulate(s, a, ao + i, blocks);
                    VectorWarmup.check(VectorWarmup.ACCUMULATE, mark);
                } else {
                    accumulate(s, a, ao + i, blocks);
                }
                i += blocks * K;
                j += (long) blocks * K;
            }
            for (; i < m && j < main; i++, j++) {
                s[(int) (j & (K - 1))] += a[ao + i];
            }
            for (; i < m; i++, j++) {
                s[0] += a[ao + i];
            }
        }

        /** The total of the values fed so far (all of the row's, for its sum). */
        double total() {
            return tree(s);
        }
    }

    /** {@code s[k] += a[ao + 16 b + k]} for every block {@code b < blocks}. */
    static void accumulate(double[] s, double[] a, int ao, int blocks) {
        double s0 = s[0];
        double s1 = s[1];
        double s2 = s[2];
        double s3 = s[3];
        double s4 = s[4];
        double s5 = s[5];
        double s6 = s[6];
        double s7 = s[7];
        double s8 = s[8];
        double s9 = s[9];
        double s10 = s[10];
        double s11 = s[11];
        double s12 = s[12];
        double s13 = s[13];
        double s14 = s[14];
        double s15 = s[15];
        for (int b = 0, p = ao; b < blocks; b++, p += K) {
            s0 += a[p + 0];
            s1 += a[p + 1];
            s2 += a[p + 2];
            s3 += a[p + 3];
            s4 += a[p + 4];
            s5 += a[p + 5];
            s6 += a[p + 6];
            s7 += a[p + 7];
            s8 += a[p + 8];
            s9 += a[p + 9];
            s10 += a[p + 10];
            s11 += a[p + 11];
            s12 += a[p + 12];
            s13 += a[p + 13];
            s14 += a[p + 14];
            s15 += a[p + 15];
        }
        s[0] = s0;
        s[1] = s1;
        s[2] = s2;
        s[3] = s3;
        s[4] = s4;
        s[5] = s5;
        s[6] = s6;
        s[7] = s7;
        s[8] = s8;
        s[9] = s9;
        s[10] = s10;
        s[11] = s11;
        s[12] = s12;
        s[13] = s13;
        s[14] = s14;
        s[15] = s15;
    }

    // ------------------------------------------------------------------ FLOAT64 sums and dots

    /** {@code acc +} the fixed-order sum of {@code a[ao, ao + n)} (not rounded). */
    static double sumD(double acc, double[] a, int ao, int n) {
        if (n >= VECTOR_MIN && vector(VectorWarmup.SUM_D)) {
            long mark = VectorWarmup.mark(VectorWarmup.SUM_D, n);
            var vectorResult = SimdReductions.sumD(a, ao, n);
            VectorWarmup.check(VectorWarmup.SUM_D, mark);
            return acc + vectorResult;
        }
        return acc + sumScalarD(a, ao, n);
    }

    /** The fixed-order sum of {@code a[ao, ao + n)}, scalar. */
    static double sumScalarD(double[] a, int ao, int n) {
        double s0 = 0;
        double s1 = 0;
        double s2 = 0;
        double s3 = 0;
        double s4 = 0;
        double s5 = 0;
        double s6 = 0;
        double s7 = 0;
        double s8 = 0;
        double s9 = 0;
        double s10 = 0;
        double s11 = 0;
        double s12 = 0;
        double s13 = 0;
        double s14 = 0;
        double s15 = 0;
        int main = n - n % K;
        for (int p = ao, end = ao + main; p < end; p += K) {
            s0 += a[p + 0];
            s1 += a[p + 1];
            s2 += a[p + 2];
            s3 += a[p + 3];
            s4 += a[p + 4];
            s5 += a[p + 5];
            s6 += a[p + 6];
            s7 += a[p + 7];
            s8 += a[p + 8];
            s9 += a[p + 9];
            s10 += a[p + 10];
            s11 += a[p + 11];
            s12 += a[p + 12];
            s13 += a[p + 13];
            s14 += a[p + 14];
            s15 += a[p + 15];
        }
        for (int j = main; j < n; j++) {
            s0 += a[ao + j];
        }
        return tree(s0, s1, s2, s3, s4, s5, s6, s7, s8, s9, s10, s11, s12, s13, s14, s15);
    }

    /** The fixed-order sum of {@code a[ao + j] * b[bo + j]} (float32: the product rounded to float). */
    static double dotD(double[] a, int ao, double[] b, int bo, int n) {
        if (n >= VECTOR_MIN && vector(VectorWarmup.DOT_D)) {
            long mark = VectorWarmup.mark(VectorWarmup.DOT_D, n);
            var vectorResult = SimdReductions.dotD(a, ao, b, bo, n);
            VectorWarmup.check(VectorWarmup.DOT_D, mark);
            return vectorResult;
        }
        return dotScalarD(a, ao, b, bo, n);
    }

    /** {@link #dotD}, scalar. */
    static double dotScalarD(double[] a, int ao, double[] b, int bo, int n) {
        double s0 = 0;
        double s1 = 0;
        double s2 = 0;
        double s3 = 0;
        double s4 = 0;
        double s5 = 0;
        double s6 = 0;
        double s7 = 0;
        double s8 = 0;
        double s9 = 0;
        double s10 = 0;
        double s11 = 0;
        double s12 = 0;
        double s13 = 0;
        double s14 = 0;
        double s15 = 0;
        int main = n - n % K;
        for (int j = 0; j < main; j += K) {
            int p = ao + j;
            int q = bo + j;
            s0 += a[p + 0] * b[q + 0];
            s1 += a[p + 1] * b[q + 1];
            s2 += a[p + 2] * b[q + 2];
            s3 += a[p + 3] * b[q + 3];
            s4 += a[p + 4] * b[q + 4];
            s5 += a[p + 5] * b[q + 5];
            s6 += a[p + 6] * b[q + 6];
            s7 += a[p + 7] * b[q + 7];
            s8 += a[p + 8] * b[q + 8];
            s9 += a[p + 9] * b[q + 9];
            s10 += a[p + 10] * b[q + 10];
            s11 += a[p + 11] * b[q + 11];
            s12 += a[p + 12] * b[q + 12];
            s13 += a[p + 13] * b[q + 13];
            s14 += a[p + 14] * b[q + 14];
            s15 += a[p + 15] * b[q + 15];
        }
        for (int j = main; j < n; j++) {
            s0 += a[ao + j] * b[bo + j];
        }
        return tree(s0, s1, s2, s3, s4, s5, s6, s7, s8, s9, s10, s11, s12, s13, s14, s15);
    }

    /** {@code o[oo + j] += a[ao + j] * s} ({@code double} arithmetic: for float32 each product and sum rounded to float). */
    static void axpyD(double[] o, int oo, double[] a, int ao, double s, int n) {
        for (int j = 0; j < n; j++) {
            o[oo + j] += a[ao + j] * s;
        }
    }

    /** {@code o[oo + j] += a[ao + j] * b[bo + j]}. */
    static void mulAddD(double[] o, int oo, double[] a, int ao, double[] b, int bo, int n) {
        for (int j = 0; j < n; j++) {
            o[oo + j] += a[ao + j] * b[bo + j];
        }
    }

    /**
     * FLOAT64 matrix-vector products over a two-dimensional plan {@code (P, Q)} (strides {@code sa, sb, so}
     * per merged dimension, bases {@code ab, bb, ob}), without the per-row callback:
     * <ul>
     *   <li>{@code X @ w} (out stays along Q; a and b contiguous along Q): per row,
     *       {@code out[p] += dot(a row, b row)}, exactly the row path's arithmetic;</li>
     *   <li>{@code X.T @ r} (out moves along P with unit stride, stays along Q; a contiguous along P,
     *       strided along Q; b fixed along P): loops interchanged, so the matrix is read in memory
     *       order, {@code out[0..P) += a[q, 0..P) * b[q]} for q in order (per output element the sum runs
     *       over q in order: a function of the tile only). When the plan has already made X's
     *       unit-stride dimension the row, the same axpy per row of X.</li>
     * </ul>
     * With {@link #SIMD} the same arithmetic runs in {@code SimdReductions}: {@code dotRowsD} for rows of at
     * least {@link #SHORT_ROW_MIN} (one loop over the rows, the dot's 16 accumulators as four vectors) and
     * {@code axpyRowsD} when the out row does not move with X's row (out kept in registers over blocks of
     * rows); the bits are those of the scalar loops here, which run otherwise (and when out is a or b).
     * Returns false (nothing done) for any other layout.
     */
    static boolean matvec2dD(long[] ext, long[] sa, long[] sb, long[] so, double[] a, int ab, double[] b, int bb, double[] o, int ob) {
        int rows = (int) ext[0];
        int q = (int) ext[1];
        if (sa[1] == 1 && sb[1] == 1 && so[1] == 0) {
            int ra = (int) sa[0];
            int rb = (int) sb[0];
            int ro = (int) so[0];
            if (q >= SHORT_ROW_MIN && vector(VectorWarmup.DOT_ROWS_D) && o != a && o != b) {
                long mark = VectorWarmup.mark(VectorWarmup.DOT_ROWS_D, (long) rows * q);
                SimdReductions.dotRowsD(a, ab, ra, b, bb, rb, o, ob, ro, rows, q);
                VectorWarmup.check(VectorWarmup.DOT_ROWS_D, mark);
                return true;
            }
            for (int p = 0; p < rows; p++) {
                o[ob + p * ro] += dotD(a, ab + p * ra, b, bb + p * rb, q);
            }
            return true;
        }
        if (sa[1] == 1 && sb[1] == 0 && so[1] == 1) {
            int qa = (int) sa[0];
            int qb = (int) sb[0];
            int qo = (int) so[0];
            if (vector(VectorWarmup.AXPY_ROWS_D) && qo == 0 && o != a && o != b) {
                long mark = VectorWarmup.mark(VectorWarmup.AXPY_ROWS_D, (long) rows * q);
                SimdReductions.axpyRowsD(o, ob, a, ab, qa, b, bb, qb, rows, q);
                VectorWarmup.check(VectorWarmup.AXPY_ROWS_D, mark);
                return true;
            }
            for (int k = 0; k < rows; k++) {
                axpyD(o, ob + k * qo, a, ab + k * qa, b[bb + k * qb], q);
            }
            return true;
        }
        if (sa[0] == 1 && sa[1] != 1 && sb[0] == 0 && so[0] == 1 && so[1] == 0) {
            int qa = (int) sa[1];
            int qb = (int) sb[1];
            if (vector(VectorWarmup.AXPY_ROWS_D) && o != a && o != b) {
                long mark = VectorWarmup.mark(VectorWarmup.AXPY_ROWS_D, (long) rows * q);
                SimdReductions.axpyRowsD(o, ob, a, ab, qa, b, bb, qb, q, rows);
                VectorWarmup.check(VectorWarmup.AXPY_ROWS_D, mark);
                return true;
            }
            for (int k = 0; k < q; k++) {
                axpyD(o, ob, a, ab + k * qa, b[bb + k * qb], rows);
            }
            return true;
        }
        return false;
    }

    // ------------------------------------------------------------------ FLOAT32 sums and dots

    /** {@code acc +} the fixed-order sum of {@code a[ao, ao + n)} (not rounded). */
    static double sumF(double acc, float[] a, int ao, int n) {
        if (n >= VECTOR_MIN && vector(VectorWarmup.SUM_F)) {
            long mark = VectorWarmup.mark(VectorWarmup.SUM_F, n);
            var vectorResult = SimdReductions.sumF(a, ao, n);
            VectorWarmup.check(VectorWarmup.SUM_F, mark);
            return acc + vectorResult;
        }
        return acc + sumScalarF(a, ao, n);
    }

    /** The fixed-order sum of {@code a[ao, ao + n)}, scalar. */
    static double sumScalarF(float[] a, int ao, int n) {
        double s0 = 0;
        double s1 = 0;
        double s2 = 0;
        double s3 = 0;
        double s4 = 0;
        double s5 = 0;
        double s6 = 0;
        double s7 = 0;
        double s8 = 0;
        double s9 = 0;
        double s10 = 0;
        double s11 = 0;
        double s12 = 0;
        double s13 = 0;
        double s14 = 0;
        double s15 = 0;
        int main = n - n % K;
        for (int p = ao, end = ao + main; p < end; p += K) {
            s0 += a[p + 0];
            s1 += a[p + 1];
            s2 += a[p + 2];
            s3 += a[p + 3];
            s4 += a[p + 4];
            s5 += a[p + 5];
            s6 += a[p + 6];
            s7 += a[p + 7];
            s8 += a[p + 8];
            s9 += a[p + 9];
            s10 += a[p + 10];
            s11 += a[p + 11];
            s12 += a[p + 12];
            s13 += a[p + 13];
            s14 += a[p + 14];
            s15 += a[p + 15];
        }
        for (int j = main; j < n; j++) {
            s0 += a[ao + j];
        }
        return tree(s0, s1, s2, s3, s4, s5, s6, s7, s8, s9, s10, s11, s12, s13, s14, s15);
    }

    /** The fixed-order sum of {@code a[ao + j] * b[bo + j]} (float32: the product rounded to float). */
    static double dotF(float[] a, int ao, float[] b, int bo, int n) {
        // SimdReductions.dotF (same bits, checked by SimdReductionTest) is faster once compiled, but in this
        // session's JMH forks it fell back to deoptimised code for whole iterations (32 ms per 32 Ki call): off until measured on a quiet machine
        return dotScalarF(a, ao, b, bo, n);
    }

    /** {@link #dotF}, scalar. */
    static double dotScalarF(float[] a, int ao, float[] b, int bo, int n) {
        double s0 = 0;
        double s1 = 0;
        double s2 = 0;
        double s3 = 0;
        double s4 = 0;
        double s5 = 0;
        double s6 = 0;
        double s7 = 0;
        double s8 = 0;
        double s9 = 0;
        double s10 = 0;
        double s11 = 0;
        double s12 = 0;
        double s13 = 0;
        double s14 = 0;
        double s15 = 0;
        int main = n - n % K;
        for (int j = 0; j < main; j += K) {
            int p = ao + j;
            int q = bo + j;
            s0 += a[p + 0] * b[q + 0];
            s1 += a[p + 1] * b[q + 1];
            s2 += a[p + 2] * b[q + 2];
            s3 += a[p + 3] * b[q + 3];
            s4 += a[p + 4] * b[q + 4];
            s5 += a[p + 5] * b[q + 5];
            s6 += a[p + 6] * b[q + 6];
            s7 += a[p + 7] * b[q + 7];
            s8 += a[p + 8] * b[q + 8];
            s9 += a[p + 9] * b[q + 9];
            s10 += a[p + 10] * b[q + 10];
            s11 += a[p + 11] * b[q + 11];
            s12 += a[p + 12] * b[q + 12];
            s13 += a[p + 13] * b[q + 13];
            s14 += a[p + 14] * b[q + 14];
            s15 += a[p + 15] * b[q + 15];
        }
        for (int j = main; j < n; j++) {
            s0 += a[ao + j] * b[bo + j];
        }
        return tree(s0, s1, s2, s3, s4, s5, s6, s7, s8, s9, s10, s11, s12, s13, s14, s15);
    }

    /** {@code o[oo + j] += a[ao + j] * s} ({@code float} arithmetic: for float32 each product and sum rounded to float). */
    static void axpyF(float[] o, int oo, float[] a, int ao, float s, int n) {
        for (int j = 0; j < n; j++) {
            o[oo + j] += a[ao + j] * s;
        }
    }

    /** {@code o[oo + j] += a[ao + j] * b[bo + j]}. */
    static void mulAddF(float[] o, int oo, float[] a, int ao, float[] b, int bo, int n) {
        for (int j = 0; j < n; j++) {
            o[oo + j] += a[ao + j] * b[bo + j];
        }
    }

    /**
     * FLOAT32 matrix-vector products over a two-dimensional plan {@code (P, Q)} (strides {@code sa, sb, so}
     * per merged dimension, bases {@code ab, bb, ob}), without the per-row callback:
     * <ul>
     *   <li>{@code X @ w} (out stays along Q; a and b contiguous along Q): per row,
     *       {@code out[p] += dot(a row, b row)}, exactly the row path's arithmetic;</li>
     *   <li>{@code X.T @ r} (out moves along P with unit stride, stays along Q; a contiguous along P,
     *       strided along Q; b fixed along P): loops interchanged, so the matrix is read in memory
     *       order, {@code out[0..P) += a[q, 0..P) * b[q]} for q in order (per output element the sum runs
     *       over q in order: a function of the tile only). When the plan has already made X's
     *       unit-stride dimension the row, the same axpy per row of X.</li>
     * </ul>
     * With {@link #SIMD} the same arithmetic runs in {@code SimdReductions}: {@code dotRowsF} for rows of at
     * least {@link #SHORT_ROW_MIN} (one loop over the rows, the dot's 16 accumulators as four vectors) and
     * {@code axpyRowsF} when the out row does not move with X's row (out kept in registers over blocks of
     * rows); the bits are those of the scalar loops here, which run otherwise (and when out is a or b).
     * Returns false (nothing done) for any other layout.
     */
    static boolean matvec2dF(long[] ext, long[] sa, long[] sb, long[] so, float[] a, int ab, float[] b, int bb, float[] o, int ob) {
        int rows = (int) ext[0];
        int q = (int) ext[1];
        if (sa[1] == 1 && sb[1] == 1 && so[1] == 0) {
            int ra = (int) sa[0];
            int rb = (int) sb[0];
            int ro = (int) so[0];
            if (q >= SHORT_ROW_MIN && vector(VectorWarmup.DOT_ROWS_F) && o != a && o != b) {
                long mark = VectorWarmup.mark(VectorWarmup.DOT_ROWS_F, (long) rows * q);
                SimdReductions.dotRowsF(a, ab, ra, b, bb, rb, o, ob, ro, rows, q);
                VectorWarmup.check(VectorWarmup.DOT_ROWS_F, mark);
                return true;
            }
            for (int p = 0; p < rows; p++) {
                o[ob + p * ro] = (float) (o[ob + p * ro] + dotF(a, ab + p * ra, b, bb + p * rb, q));
            }
            return true;
        }
        if (sa[1] == 1 && sb[1] == 0 && so[1] == 1) {
            int qa = (int) sa[0];
            int qb = (int) sb[0];
            int qo = (int) so[0];
            if (vector(VectorWarmup.AXPY_ROWS_F) && qo == 0 && o != a && o != b) {
                long mark = VectorWarmup.mark(VectorWarmup.AXPY_ROWS_F, (long) rows * q);
                SimdReductions.axpyRowsF(o, ob, a, ab, qa, b, bb, qb, rows, q);
                VectorWarmup.check(VectorWarmup.AXPY_ROWS_F, mark);
                return true;
            }
            for (int k = 0; k < rows; k++) {
                axpyF(o, ob + k * qo, a, ab + k * qa, b[bb + k * qb], q);
            }
            return true;
        }
        if (sa[0] == 1 && sa[1] != 1 && sb[0] == 0 && so[0] == 1 && so[1] == 0) {
            int qa = (int) sa[1];
            int qb = (int) sb[1];
            if (vector(VectorWarmup.AXPY_ROWS_F) && o != a && o != b) {
                long mark = VectorWarmup.mark(VectorWarmup.AXPY_ROWS_F, (long) rows * q);
                SimdReductions.axpyRowsF(o, ob, a, ab, qa, b, bb, qb, q, rows);
                VectorWarmup.check(VectorWarmup.AXPY_ROWS_F, mark);
                return true;
            }
            for (int k = 0; k < q; k++) {
                axpyF(o, ob, a, ab + k * qa, b[bb + k * qb], rows);
            }
            return true;
        }
        return false;
    }

    /**
     * {@link #matvec2dD}'s three layouts on long arrays computed in long (NumPy's integer {@code matmul}: products and
     * sums wrap in the type, so every order of the sums gives the same bits, those of MATVEC's chunked integer path),
     * as plain loops C2 vectorises (a multiply-add reduction per row, or an axpy per row). Returns false (nothing done)
     * for any other layout, or when out is a or b.
     */
    static boolean matvec2dL(long[] ext, long[] sa, long[] sb, long[] so, long[] a, int ab, long[] b, int bb, long[] o, int ob) {
        if (o == a || o == b) {
            return false;
        }
        int rows = (int) ext[0];
        int q = (int) ext[1];
        if (sa[1] == 1 && sb[1] == 1 && so[1] == 0) {
            int ra = (int) sa[0];
            int rb = (int) sb[0];
            int ro = (int) so[0];
            for (int p = 0; p < rows; p++) {
                int pa = ab + p * ra;
                int pb = bb + p * rb;
                long s = 0;
                for (int j = 0; j < q; j++) {
                    s += a[pa + j] * b[pb + j];
                }
                o[ob + p * ro] += s;
            }
            return true;
        }
        if (sa[1] == 1 && sb[1] == 0 && so[1] == 1) {
            int qa = (int) sa[0];
            int qb = (int) sb[0];
            int qo = (int) so[0];
            for (int k = 0; k < rows; k++) {
                int pa = ab + k * qa;
                int po = ob + k * qo;
                long w = b[bb + k * qb];
                for (int j = 0; j < q; j++) {
                    o[po + j] += a[pa + j] * w;
                }
            }
            return true;
        }
        if (sa[0] == 1 && sa[1] != 1 && sb[0] == 0 && so[0] == 1 && so[1] == 0) {
            int qa = (int) sa[1];
            int qb = (int) sb[1];
            for (int k = 0; k < q; k++) {
                int pa = ab + k * qa;
                long w = b[bb + k * qb];
                for (int j = 0; j < rows; j++) {
                    o[ob + j] += a[pa + j] * w;
                }
            }
            return true;
        }
        return false;
    }

    /**
     * {@link #matvec2dD}'s three layouts on int arrays computed in int (NumPy's integer {@code matmul}: products and
     * sums wrap in the type, so every order of the sums gives the same bits, those of MATVEC's chunked integer path),
     * as plain loops C2 vectorises (a multiply-add reduction per row, or an axpy per row). Returns false (nothing done)
     * for any other layout, or when out is a or b.
     */
    static boolean matvec2dI(long[] ext, long[] sa, long[] sb, long[] so, int[] a, int ab, int[] b, int bb, int[] o, int ob) {
        if (o == a || o == b) {
            return false;
        }
        int rows = (int) ext[0];
        int q = (int) ext[1];
        if (sa[1] == 1 && sb[1] == 1 && so[1] == 0) {
            int ra = (int) sa[0];
            int rb = (int) sb[0];
            int ro = (int) so[0];
            for (int p = 0; p < rows; p++) {
                int pa = ab + p * ra;
                int pb = bb + p * rb;
                int s = 0;
                for (int j = 0; j < q; j++) {
                    s += a[pa + j] * b[pb + j];
                }
                o[ob + p * ro] += s;
            }
            return true;
        }
        if (sa[1] == 1 && sb[1] == 0 && so[1] == 1) {
            int qa = (int) sa[0];
            int qb = (int) sb[0];
            int qo = (int) so[0];
            for (int k = 0; k < rows; k++) {
                int pa = ab + k * qa;
                int po = ob + k * qo;
                int w = b[bb + k * qb];
                for (int j = 0; j < q; j++) {
                    o[po + j] += a[pa + j] * w;
                }
            }
            return true;
        }
        if (sa[0] == 1 && sa[1] != 1 && sb[0] == 0 && so[0] == 1 && so[1] == 0) {
            int qa = (int) sa[1];
            int qb = (int) sb[1];
            for (int k = 0; k < q; k++) {
                int pa = ab + k * qa;
                int w = b[bb + k * qb];
                for (int j = 0; j < rows; j++) {
                    o[ob + j] += a[pa + j] * w;
                }
            }
            return true;
        }
        return false;
    }

    /**
     * GEMM's dense block product {@code o += a @ b} in float64: {@code a} is {@code (m x k)}, {@code b} is
     * {@code (k x n)}, {@code o} is {@code (m x n)}, all row-major. Each out element sums its products
     * {@code a[i, l] * b[l, j]} over {@code l = 0 .. k - 1} in order (double arithmetic, no fused multiply-add), so
     * the bits are a function of the operands only. With {@link #SIMD} each row of the product is one
     * {@code axpyRowsD} (out's row in registers, b's rows streamed from L1), else the i-k-j loop: the same bits.
     */
    static void gemmD(double[] o, double[] a, double[] b, int m, int n, int k) {
        if (vector(VectorWarmup.AXPY_ROWS_D) && o != a && o != b) {
            long mark = VectorWarmup.mark(VectorWarmup.AXPY_ROWS_D, (long) m * n * k);
            for (int i = 0; i < m; i++) {
                SimdReductions.axpyRowsD(o, i * n, b, 0, n, a, i * k, 1, k, n);
            }
            VectorWarmup.check(VectorWarmup.AXPY_ROWS_D, mark);
            return;
        }
        for (int i = 0; i < m; i++) {
            for (int l = 0; l < k; l++) {
                axpyD(o, i * n, b, l * n, a[i * k + l], n);
            }
        }
    }

    // ------------------------------------------------------------------ FLOAT64 rows

    /**
     * {@code a[ao, ao + n)} folded into {@code acc} with {@code op} in the compute type
     * (SUM in the fixed order, PROD in order; MAX/MIN propagate NaN; ANY/ALL give 0/1).
     */
    static double reduceD(ReduceOp op, double acc, double[] a, int ao, int n) {
        switch (op) {
            case SUM -> {
                return sumD(acc, a, ao, n);
            }
            case PROD -> {
                double p = acc;
                for (int j = 0; j < n; j++) {
                    p *= a[ao + j];
                }
                return p;
            }
            case MAX -> {
                if (n >= VECTOR_MIN && vector(VectorWarmup.MAX_D)) {
                    long mark = VectorWarmup.mark(VectorWarmup.MAX_D, n);
                    var vectorResult = SimdReductions.maxD(a, ao, n);
                    VectorWarmup.check(VectorWarmup.MAX_D, mark);
                    return Math.max(acc, vectorResult);
                }
                double m = acc;
                for (int j = 0; j < n; j++) {
                    m = Math.max(m, a[ao + j]);
                }
                return m;
            }
            case MIN -> {
                if (n >= VECTOR_MIN && vector(VectorWarmup.MIN_D)) {
                    long mark = VectorWarmup.mark(VectorWarmup.MIN_D, n);
                    var vectorResult = SimdReductions.minD(a, ao, n);
                    VectorWarmup.check(VectorWarmup.MIN_D, mark);
                    return Math.min(acc, vectorResult);
                }
                double m = acc;
                for (int j = 0; j < n; j++) {
                    m = Math.min(m, a[ao + j]);
                }
                return m;
            }
            case ANY -> {
                if (acc != 0) {
                    return 1;
                }
                for (int j = 0; j < n; j++) {
                    if (a[ao + j] != 0) {
                        return 1;
                    }
                }
                return 0;
            }
            default -> {
                if (acc == 0) {
                    return 0;
                }
                for (int j = 0; j < n; j++) {
                    if (a[ao + j] == 0) {
                        return 0;
                    }
                }
                return 1;
            }
        }
    }

    /**
     * {@code o[oo + j] = o[oo + j] op a[ao + j]} in {@code double} (SUM, PROD, MAX, MIN: the out row has the
     * input's type and the compute type is that type).
     */
    static void foldD(ReduceOp op, double[] o, int oo, double[] a, int ao, int n) {
        switch (op) {
            case SUM -> {
                for (int j = 0; j < n; j++) {
                    o[oo + j] += a[ao + j];
                }
            }
            case PROD -> {
                for (int j = 0; j < n; j++) {
                    o[oo + j] *= a[ao + j];
                }
            }
            case MAX -> {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = Math.max(o[oo + j], a[ao + j]);
                }
            }
            case MIN -> {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = Math.min(o[oo + j], a[ao + j]);
                }
            }
            default -> throw new IllegalArgumentException("foldD folds SUM, PROD, MAX and MIN, got " + op);
        }
    }

    /** {@code o[oo + j] = o[oo + j] (any: or, else: and) (a[ao + j] != 0)} into a bool out row (NaN is true). */
    static void foldTruthD(boolean any, byte[] o, int oo, double[] a, int ao, int n) {
        if (any) {
            for (int j = 0; j < n; j++) {
                o[oo + j] = (byte) (o[oo + j] != 0 || a[ao + j] != 0 ? 1 : 0);
            }
        } else {
            for (int j = 0; j < n; j++) {
                o[oo + j] = (byte) (o[oo + j] != 0 && a[ao + j] != 0 ? 1 : 0);
            }
        }
    }

    /**
     * The first {@code j < n} with {@code a[ao + j] == r} (for floats, NaN equals NaN), or -1
     * (ARG_REDUCE: the first position of the reduced value).
     */
    static int indexOfD(double[] a, int ao, int n, double r) {
        if (r != r) {
            for (int j = 0; j < n; j++) {
                if (a[ao + j] != a[ao + j]) {
                    return j;
                }
            }
            return -1;
        }
        for (int j = 0; j < n; j++) {
            if (a[ao + j] == r) {
                return j;
            }
        }
        return -1;
    }

    // ------------------------------------------------------------------ FLOAT32 rows

    /**
     * {@code a[ao, ao + n)} folded into {@code acc} with {@code op} in the compute type
     * (SUM in the fixed order, PROD in order; MAX/MIN propagate NaN; ANY/ALL give 0/1).
     */
    static double reduceF(ReduceOp op, double acc, float[] a, int ao, int n) {
        switch (op) {
            case SUM -> {
                return sumF(acc, a, ao, n);
            }
            case PROD -> {
                double p = acc;
                for (int j = 0; j < n; j++) {
                    p *= a[ao + j];
                }
                return p;
            }
            case MAX -> {
                if (n >= VECTOR_MIN && vector(VectorWarmup.MAX_F)) {
                    long mark = VectorWarmup.mark(VectorWarmup.MAX_F, n);
                    var vectorResult = SimdReductions.maxF(a, ao, n);
                    VectorWarmup.check(VectorWarmup.MAX_F, mark);
                    return Math.max(acc, vectorResult);
                }
                double m = acc;
                for (int j = 0; j < n; j++) {
                    m = Math.max(m, a[ao + j]);
                }
                return m;
            }
            case MIN -> {
                if (n >= VECTOR_MIN && vector(VectorWarmup.MIN_F)) {
                    long mark = VectorWarmup.mark(VectorWarmup.MIN_F, n);
                    var vectorResult = SimdReductions.minF(a, ao, n);
                    VectorWarmup.check(VectorWarmup.MIN_F, mark);
                    return Math.min(acc, vectorResult);
                }
                double m = acc;
                for (int j = 0; j < n; j++) {
                    m = Math.min(m, a[ao + j]);
                }
                return m;
            }
            case ANY -> {
                if (acc != 0) {
                    return 1;
                }
                for (int j = 0; j < n; j++) {
                    if (a[ao + j] != 0) {
                        return 1;
                    }
                }
                return 0;
            }
            default -> {
                if (acc == 0) {
                    return 0;
                }
                for (int j = 0; j < n; j++) {
                    if (a[ao + j] == 0) {
                        return 0;
                    }
                }
                return 1;
            }
        }
    }

    /**
     * {@code o[oo + j] = o[oo + j] op a[ao + j]} in {@code float} (SUM, PROD, MAX, MIN: the out row has the
     * input's type and the compute type is that type).
     */
    static void foldF(ReduceOp op, float[] o, int oo, float[] a, int ao, int n) {
        switch (op) {
            case SUM -> {
                for (int j = 0; j < n; j++) {
                    o[oo + j] += a[ao + j];
                }
            }
            case PROD -> {
                for (int j = 0; j < n; j++) {
                    o[oo + j] *= a[ao + j];
                }
            }
            case MAX -> {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = Math.max(o[oo + j], a[ao + j]);
                }
            }
            case MIN -> {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = Math.min(o[oo + j], a[ao + j]);
                }
            }
            default -> throw new IllegalArgumentException("foldF folds SUM, PROD, MAX and MIN, got " + op);
        }
    }

    /** {@code o[oo + j] = o[oo + j] (any: or, else: and) (a[ao + j] != 0)} into a bool out row (NaN is true). */
    static void foldTruthF(boolean any, byte[] o, int oo, float[] a, int ao, int n) {
        if (any) {
            for (int j = 0; j < n; j++) {
                o[oo + j] = (byte) (o[oo + j] != 0 || a[ao + j] != 0 ? 1 : 0);
            }
        } else {
            for (int j = 0; j < n; j++) {
                o[oo + j] = (byte) (o[oo + j] != 0 && a[ao + j] != 0 ? 1 : 0);
            }
        }
    }

    /**
     * The first {@code j < n} with {@code a[ao + j] == r} (for floats, NaN equals NaN), or -1
     * (ARG_REDUCE: the first position of the reduced value).
     */
    static int indexOfF(float[] a, int ao, int n, double r) {
        if (r != r) {
            for (int j = 0; j < n; j++) {
                if (a[ao + j] != a[ao + j]) {
                    return j;
                }
            }
            return -1;
        }
        for (int j = 0; j < n; j++) {
            if (a[ao + j] == r) {
                return j;
            }
        }
        return -1;
    }

    // ------------------------------------------------------------------ INT64 rows

    /**
     * {@code a[ao, ao + n)} folded into {@code acc} with {@code op} in the compute type
     * (wrapping; ANY/ALL give 0/1).
     */
    static long reduceL(ReduceOp op, long acc, long[] a, int ao, int n) {
        switch (op) {
            case SUM -> {
                if (n >= VECTOR_MIN && vector(VectorWarmup.SUM_L)) {
                    long mark = VectorWarmup.mark(VectorWarmup.SUM_L, n);
                    var vectorResult = SimdReductions.sumL(a, ao, n);
                    VectorWarmup.check(VectorWarmup.SUM_L, mark);
                    return acc + vectorResult;
                }
                long s = acc;
                for (int j = 0; j < n; j++) {
                    s += a[ao + j];
                }
                return s;
            }
            case PROD -> {
                long p = acc;
                for (int j = 0; j < n; j++) {
                    p *= a[ao + j];
                }
                return p;
            }
            case MAX -> {
                if (n >= VECTOR_MIN && vector(VectorWarmup.MAX_L)) {
                    long mark = VectorWarmup.mark(VectorWarmup.MAX_L, n);
                    var vectorResult = SimdReductions.maxL(a, ao, n);
                    VectorWarmup.check(VectorWarmup.MAX_L, mark);
                    return Math.max(acc, vectorResult);
                }
                long m = acc;
                for (int j = 0; j < n; j++) {
                    m = Math.max(m, a[ao + j]);
                }
                return m;
            }
            case MIN -> {
                if (n >= VECTOR_MIN && vector(VectorWarmup.MIN_L)) {
                    long mark = VectorWarmup.mark(VectorWarmup.MIN_L, n);
                    var vectorResult = SimdReductions.minL(a, ao, n);
                    VectorWarmup.check(VectorWarmup.MIN_L, mark);
                    return Math.min(acc, vectorResult);
                }
                long m = acc;
                for (int j = 0; j < n; j++) {
                    m = Math.min(m, a[ao + j]);
                }
                return m;
            }
            case ANY -> {
                if (acc != 0) {
                    return 1;
                }
                for (int j = 0; j < n; j++) {
                    if (a[ao + j] != 0) {
                        return 1;
                    }
                }
                return 0;
            }
            default -> {
                if (acc == 0) {
                    return 0;
                }
                for (int j = 0; j < n; j++) {
                    if (a[ao + j] == 0) {
                        return 0;
                    }
                }
                return 1;
            }
        }
    }

    /**
     * {@code o[oo + j] = o[oo + j] op a[ao + j]} in {@code long} (SUM, PROD, MAX, MIN: the out row has the
     * input's type and the compute type is that type).
     */
    static void foldL(ReduceOp op, long[] o, int oo, long[] a, int ao, int n) {
        switch (op) {
            case SUM -> {
                for (int j = 0; j < n; j++) {
                    o[oo + j] += a[ao + j];
                }
            }
            case PROD -> {
                for (int j = 0; j < n; j++) {
                    o[oo + j] *= a[ao + j];
                }
            }
            case MAX -> {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = Math.max(o[oo + j], a[ao + j]);
                }
            }
            case MIN -> {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = Math.min(o[oo + j], a[ao + j]);
                }
            }
            default -> throw new IllegalArgumentException("foldL folds SUM, PROD, MAX and MIN, got " + op);
        }
    }

    /** {@code o[oo + j] = o[oo + j] (any: or, else: and) (a[ao + j] != 0)} into a bool out row (NaN is true). */
    static void foldTruthL(boolean any, byte[] o, int oo, long[] a, int ao, int n) {
        if (any) {
            for (int j = 0; j < n; j++) {
                o[oo + j] = (byte) (o[oo + j] != 0 || a[ao + j] != 0 ? 1 : 0);
            }
        } else {
            for (int j = 0; j < n; j++) {
                o[oo + j] = (byte) (o[oo + j] != 0 && a[ao + j] != 0 ? 1 : 0);
            }
        }
    }

    /**
     * The first {@code j < n} with {@code a[ao + j] == r} (for floats, NaN equals NaN), or -1
     * (ARG_REDUCE: the first position of the reduced value).
     */
    static int indexOfL(long[] a, int ao, int n, long r) {
        for (int j = 0; j < n; j++) {
            if (a[ao + j] == r) {
                return j;
            }
        }
        return -1;
    }

    // ------------------------------------------------------------------ INT32 rows

    /**
     * {@code a[ao, ao + n)} folded into {@code acc} with {@code op} in the compute type
     * (wrapping; ANY/ALL give 0/1).
     */
    static long reduceI(ReduceOp op, long acc, int[] a, int ao, int n) {
        switch (op) {
            case SUM -> {
                if (n >= VECTOR_MIN && vector(VectorWarmup.SUM_I)) {
                    long mark = VectorWarmup.mark(VectorWarmup.SUM_I, n);
                    var vectorResult = SimdReductions.sumI(a, ao, n);
                    VectorWarmup.check(VectorWarmup.SUM_I, mark);
                    return acc + vectorResult;
                }
                long s = acc;
                for (int j = 0; j < n; j++) {
                    s += a[ao + j];
                }
                return s;
            }
            case PROD -> {
                long p = acc;
                for (int j = 0; j < n; j++) {
                    p *= a[ao + j];
                }
                return p;
            }
            case MAX -> {
                if (n >= VECTOR_MIN && vector(VectorWarmup.MAX_I)) {
                    long mark = VectorWarmup.mark(VectorWarmup.MAX_I, n);
                    var vectorResult = SimdReductions.maxI(a, ao, n);
                    VectorWarmup.check(VectorWarmup.MAX_I, mark);
                    return Math.max(acc, vectorResult);
                }
                long m = acc;
                for (int j = 0; j < n; j++) {
                    m = Math.max(m, a[ao + j]);
                }
                return m;
            }
            case MIN -> {
                if (n >= VECTOR_MIN && vector(VectorWarmup.MIN_I)) {
                    long mark = VectorWarmup.mark(VectorWarmup.MIN_I, n);
                    var vectorResult = SimdReductions.minI(a, ao, n);
                    VectorWarmup.check(VectorWarmup.MIN_I, mark);
                    return Math.min(acc, vectorResult);
                }
                long m = acc;
                for (int j = 0; j < n; j++) {
                    m = Math.min(m, a[ao + j]);
                }
                return m;
            }
            case ANY -> {
                if (acc != 0) {
                    return 1;
                }
                for (int j = 0; j < n; j++) {
                    if (a[ao + j] != 0) {
                        return 1;
                    }
                }
                return 0;
            }
            default -> {
                if (acc == 0) {
                    return 0;
                }
                for (int j = 0; j < n; j++) {
                    if (a[ao + j] == 0) {
                        return 0;
                    }
                }
                return 1;
            }
        }
    }

    /**
     * {@code o[oo + j] = o[oo + j] op a[ao + j]} in {@code int} (SUM, PROD, MAX, MIN: the out row has the
     * input's type and the compute type is that type).
     */
    static void foldI(ReduceOp op, int[] o, int oo, int[] a, int ao, int n) {
        switch (op) {
            case SUM -> {
                for (int j = 0; j < n; j++) {
                    o[oo + j] += a[ao + j];
                }
            }
            case PROD -> {
                for (int j = 0; j < n; j++) {
                    o[oo + j] *= a[ao + j];
                }
            }
            case MAX -> {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = Math.max(o[oo + j], a[ao + j]);
                }
            }
            case MIN -> {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = Math.min(o[oo + j], a[ao + j]);
                }
            }
            default -> throw new IllegalArgumentException("foldI folds SUM, PROD, MAX and MIN, got " + op);
        }
    }

    /** {@code o[oo + j] = o[oo + j] op a[ao + j]} into an int64 out row (SUM, PROD; wrapping). */
    static void foldWidenI(ReduceOp op, long[] o, int oo, int[] a, int ao, int n) {
        if (op == ReduceOp.SUM) {
            for (int j = 0; j < n; j++) {
                o[oo + j] += a[ao + j];
            }
        } else if (op == ReduceOp.PROD) {
            for (int j = 0; j < n; j++) {
                o[oo + j] *= a[ao + j];
            }
        } else {
            throw new IllegalArgumentException("foldWidenI folds SUM and PROD, got " + op);
        }
    }

    /** {@code o[oo + j] = o[oo + j] (any: or, else: and) (a[ao + j] != 0)} into a bool out row (NaN is true). */
    static void foldTruthI(boolean any, byte[] o, int oo, int[] a, int ao, int n) {
        if (any) {
            for (int j = 0; j < n; j++) {
                o[oo + j] = (byte) (o[oo + j] != 0 || a[ao + j] != 0 ? 1 : 0);
            }
        } else {
            for (int j = 0; j < n; j++) {
                o[oo + j] = (byte) (o[oo + j] != 0 && a[ao + j] != 0 ? 1 : 0);
            }
        }
    }

    /**
     * The first {@code j < n} with {@code a[ao + j] == r} (for floats, NaN equals NaN), or -1
     * (ARG_REDUCE: the first position of the reduced value).
     */
    static int indexOfI(int[] a, int ao, int n, long r) {
        for (int j = 0; j < n; j++) {
            if (a[ao + j] == r) {
                return j;
            }
        }
        return -1;
    }

    // ------------------------------------------------------------------ BOOL rows

    /**
     * {@code a[ao, ao + n)} folded into {@code acc} with {@code op} in the compute type
     * (wrapping; ANY/ALL give 0/1).
     */
    static long reduceZ(ReduceOp op, long acc, byte[] a, int ao, int n) {
        switch (op) {
            case SUM -> {
                return acc + countTrueZ(a, ao, n);
            }
            case PROD -> {
                long p = acc;
                for (int j = 0; j < n; j++) {
                    p *= a[ao + j];
                }
                return p;
            }
            case MAX -> {
                // bool holds 0 or 1: the first 1 decides (NumPy stops there too)
                if (n > 0) {
                    return Math.max(acc, hasNonzeroZ(a, ao, n) ? 1 : 0);
                }
                long m = acc;
                for (int j = 0; j < n; j++) {
                    m = Math.max(m, a[ao + j]);
                }
                return m;
            }
            case MIN -> {
                // bool holds 0 or 1: the first 0 decides
                if (n > 0) {
                    return Math.min(acc, hasZeroZ(a, ao, n) ? 0 : 1);
                }
                long m = acc;
                for (int j = 0; j < n; j++) {
                    m = Math.min(m, a[ao + j]);
                }
                return m;
            }
            case ANY -> {
                if (acc != 0) {
                    return 1;
                }
                return hasNonzeroZ(a, ao, n) ? 1 : 0;
            }
            default -> {
                if (acc == 0) {
                    return 0;
                }
                return hasZeroZ(a, ao, n) ? 0 : 1;
            }
        }
    }

    /**
     * Whether a byte of {@code a[ao, ao + n)} is not 0, 32 bytes (4 words) at a time, stopping at the first block that
     * has one: the scan of bool ANY and MAX. Measured (one thread, no early stop, 1e5 and 1e7 bytes): 0.075-0.089 ns a
     * byte against 0.19-0.20 for the byte loop it replaces; {@code mask.all()} of an all-true mask on one shard, 1e5
     * elements 34.5 -> 23 us, 1e7 2.2-2.6 -> 1.3-1.5 ms (NumPy 2.4 us and 0.34 ms: the launch and its 38 points are
     * most of what is left).
     */
    static boolean hasNonzeroZ(byte[] a, int ao, int n) {
        int j = 0;
        for (; j + 32 <= n; j += 32) {
            long v = (long) ByteWords.LONGS.get(a, ao + j) | (long) ByteWords.LONGS.get(a, ao + j + 8)
                    | (long) ByteWords.LONGS.get(a, ao + j + 16) | (long) ByteWords.LONGS.get(a, ao + j + 24);
            if (v != 0) {
                return true;
            }
        }
        for (; j < n; j++) {
            if (a[ao + j] != 0) {
                return true;
            }
        }
        return false;
    }

    /**
     * The bytes of {@code a[ao, ao + n)} that are 1 (bool holds 0 or 1), 32 bytes (4 words) at a time: a word's bit count is
     * the sum of its bytes. The scan of bool SUM and of the count of a mask's true elements (boolean indexing). Measured
     * (one thread, 1e5 bytes): the byte loop {@code c += a[j]} 0.35 ns a byte, {@code c += a[j] != 0 ? 1 : 0} 0.78.
     */
    static long countTrueZ(byte[] a, int ao, int n) {
        long c = 0;
        int j = 0;
        for (; j + 32 <= n; j += 32) {
            c += Long.bitCount((long) ByteWords.LONGS.get(a, ao + j))
                    + Long.bitCount((long) ByteWords.LONGS.get(a, ao + j + 8))
                    + Long.bitCount((long) ByteWords.LONGS.get(a, ao + j + 16))
                    + Long.bitCount((long) ByteWords.LONGS.get(a, ao + j + 24));
        }
        for (; j < n; j++) {
            c += a[ao + j];
        }
        return c;
    }

    /**
     * Whether a byte of {@code a[ao, ao + n)} is 0, 32 bytes at a time, stopping at the first block that has one: the
     * scan of bool ALL and MIN. A word {@code v} has a zero byte exactly when {@code (v - 0x0101..01) & ~v & 0x8080..80}
     * is not 0, so the block has one when the four words' {@code (v - 0x0101..01) & ~v}, or-ed, share a bit with
     * {@code 0x8080..80}. Measured as {@link #hasNonzeroZ} (all 1): 0.075-0.089 ns a byte against 0.19-0.20.
     */
    static boolean hasZeroZ(byte[] a, int ao, int n) {
        int j = 0;
        for (; j + 32 <= n; j += 32) {
            long v0 = (long) ByteWords.LONGS.get(a, ao + j);
            long v1 = (long) ByteWords.LONGS.get(a, ao + j + 8);
            long v2 = (long) ByteWords.LONGS.get(a, ao + j + 16);
            long v3 = (long) ByteWords.LONGS.get(a, ao + j + 24);
            long z = ((v0 - ONES) & ~v0) | ((v1 - ONES) & ~v1) | ((v2 - ONES) & ~v2) | ((v3 - ONES) & ~v3);
            if ((z & HIGHS) != 0) {
                return true;
            }
        }
        for (; j < n; j++) {
            if (a[ao + j] == 0) {
                return true;
            }
        }
        return false;
    }

    /** A 1 in every byte of a word. */
    private static final long ONES = 0x0101010101010101L;
    /** The high bit of every byte of a word. */
    private static final long HIGHS = 0x8080808080808080L;

    /**
     * {@code o[oo + j] = o[oo + j] op a[ao + j]} in {@code byte} (SUM, PROD, MAX, MIN: the out row has the
     * input's type and the compute type is that type).
     */
    static void foldZ(ReduceOp op, byte[] o, int oo, byte[] a, int ao, int n) {
        switch (op) {
            case SUM -> {
                for (int j = 0; j < n; j++) {
                    o[oo + j] += a[ao + j];
                }
            }
            case PROD -> {
                for (int j = 0; j < n; j++) {
                    o[oo + j] *= a[ao + j];
                }
            }
            case MAX -> {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) Math.max(o[oo + j], a[ao + j]);
                }
            }
            case MIN -> {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = (byte) Math.min(o[oo + j], a[ao + j]);
                }
            }
            default -> throw new IllegalArgumentException("foldZ folds SUM, PROD, MAX and MIN, got " + op);
        }
    }

    /** {@code o[oo + j] = o[oo + j] op a[ao + j]} into an int64 out row (SUM, PROD; wrapping). */
    static void foldWidenZ(ReduceOp op, long[] o, int oo, byte[] a, int ao, int n) {
        if (op == ReduceOp.SUM) {
            for (int j = 0; j < n; j++) {
                o[oo + j] += a[ao + j];
            }
        } else if (op == ReduceOp.PROD) {
            for (int j = 0; j < n; j++) {
                o[oo + j] *= a[ao + j];
            }
        } else {
            throw new IllegalArgumentException("foldWidenZ folds SUM and PROD, got " + op);
        }
    }

    /** {@code o[oo + j] = o[oo + j] (any: or, else: and) (a[ao + j] != 0)} into a bool out row (NaN is true). */
    static void foldTruthZ(boolean any, byte[] o, int oo, byte[] a, int ao, int n) {
        if (any) {
            for (int j = 0; j < n; j++) {
                o[oo + j] = (byte) (o[oo + j] != 0 || a[ao + j] != 0 ? 1 : 0);
            }
        } else {
            for (int j = 0; j < n; j++) {
                o[oo + j] = (byte) (o[oo + j] != 0 && a[ao + j] != 0 ? 1 : 0);
            }
        }
    }

    /**
     * The first {@code j < n} with {@code a[ao + j] == r} (for floats, NaN equals NaN), or -1
     * (ARG_REDUCE: the first position of the reduced value).
     */
    static int indexOfZ(byte[] a, int ao, int n, long r) {
        for (int j = 0; j < n; j++) {
            if (a[ao + j] == r) {
                return j;
            }
        }
        return -1;
    }
}
