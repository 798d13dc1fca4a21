package dev.cohort.tasks;

import dev.cohort.runtime.launch.TaskContext;
import dev.cohort.runtime.region.FieldType;

/**
 * REDUCE, ARG_REDUCE and MATVEC: each point first sets every out element its tile reaches to the
 * identity (walking only the dimensions along which out moves), then folds its tile into them.
 * Along a row, out either stays put (stride 0: the row reduces to one value, summed with four
 * independent accumulators so the loop is not bound by add latency) or moves with the input
 * (stride 1: an element-wise fold the JIT vectorises).
 */
final class ReductionKernels {
    private ReductionKernels() {
    }

    private static final int CHUNK = Tile.CHUNK;

    // ------------------------------------------------------------------ identities

    /** Raw bits of {@code op}'s identity in the out type. */
    static long identityBits(ReduceOp op, FieldType out) {
        return switch (op) {
            case ANY -> out.bitsOf(0L);
            case ALL -> out.bitsOf(1L);
            default -> op.runtimeOp().identityBits(out);
        };
    }

    static void initialize(Tile t, Tile.View out, long bits) {
        Tile.Plan p = t.planDistinct(out);
        p.forEachRow((off, n) -> out.fillBits(off[0], p.inner[0], n, bits));
    }

    // ------------------------------------------------------------------ REDUCE

    static void reduce(TaskContext ctx) {
        Args.Reduce args = Args.Reduce.decode(ctx.scalars());
        Tile t = Tile.of(ctx, args.space());
        Tile.View vin = t.view(args.in(), "REDUCE in");
        Tile.View vout = t.view(args.out(), "REDUCE out");
        if (vout.constant) {
            throw new IllegalArgumentException("REDUCE out must be a store operand");
        }
        ReduceOp op = args.op();
        FieldType c = args.compute();
        initialize(t, vout, identityBits(op, vout.type));
        if (t.empty) {
            return;
        }
        Tile.Plan plan = t.plan(vin, vout);
        boolean truth = op == ReduceOp.ANY || op == ReduceOp.ALL;
        if (truth || Convert.integral(c)) {
            long[] buf = Scratch.get().la;
            FieldType lc = truth ? FieldType.BOOL : c;
            plan.forEachRow((off, n) -> reduceRowL(op, lc, truth, vin, vout, plan.inner, off, n, buf));
        } else {
            double[] buf = Scratch.get().da;
            plan.forEachRow((off, n) -> reduceRowD(op, c, vin, vout, plan.inner, off, n, buf));
        }
    }

    static double foldD(ReduceOp op, double acc, double v) {
        return switch (op) {
            case SUM -> acc + v;
            case PROD -> acc * v;
            case MAX -> Math.max(acc, v);
            case MIN -> Math.min(acc, v);
            case ANY -> (acc != 0 || v != 0) ? 1 : 0;
            case ALL -> (acc != 0 && v != 0) ? 1 : 0;
        };
    }

    static long foldL(ReduceOp op, long acc, long v) {
        return switch (op) {
            case SUM -> acc + v;
            case PROD -> acc * v;
            case MAX, ANY -> Math.max(acc, v);
            case MIN, ALL -> Math.min(acc, v);
        };
    }

    /** {@code a[ao..ao+n)} folded into one value, starting from {@code acc}. */
    static double reduceD(ReduceOp op, double acc, double[] a, int ao, int n) {
        switch (op) {
            case SUM -> {
                double s0 = 0;
                double s1 = 0;
                double s2 = 0;
                double s3 = 0;
                int j = 0;
                for (; j + 3 < n; j += 4) {
                    s0 += a[ao + j];
                    s1 += a[ao + j + 1];
                    s2 += a[ao + j + 2];
                    s3 += a[ao + j + 3];
                }
                for (; j < n; j++) {
                    s0 += a[ao + j];
                }
                return acc + ((s0 + s1) + (s2 + s3));
            }
            case PROD -> {
                double p = acc;
                for (int j = 0; j < n; j++) {
                    p *= a[ao + j];
                }
                return p;
            }
            case MAX -> {
                double m = acc;
                for (int j = 0; j < n; j++) {
                    m = Math.max(m, a[ao + j]);
                }
                return m;
            }
            case MIN -> {
                double m = acc;
                for (int j = 0; j < n; j++) {
                    m = Math.min(m, a[ao + j]);
                }
                return m;
            }
            default -> {
                double m = acc;
                for (int j = 0; j < n; j++) {
                    m = foldD(op, m, a[ao + j]);
                }
                return m;
            }
        }
    }

    /** {@code o[oo + j] = o[oo + j] op a[ao + j]}. */
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
            default -> {
                for (int j = 0; j < n; j++) {
                    o[oo + j] = foldD(op, o[oo + j], a[ao + j]);
                }
            }
        }
    }

    static long reduceL(ReduceOp op, long acc, long[] a, int ao, int n) {
        switch (op) {
            case SUM -> {
                long s = acc;
                for (int j = 0; j < n; j++) {
                    s += a[ao + j];
                }
                return s;
            }
            case MAX, ANY -> {
                long m = acc;
                for (int j = 0; j < n; j++) {
                    m = Math.max(m, a[ao + j]);
                }
                return m;
            }
            case MIN, ALL -> {
                long m = acc;
                for (int j = 0; j < n; j++) {
                    m = Math.min(m, a[ao + j]);
                }
                return m;
            }
            default -> {
                long p = acc;
                for (int j = 0; j < n; j++) {
                    p *= a[ao + j];
                }
                return p;
            }
        }
    }

    private static void reduceRowD(ReduceOp op, FieldType c, Tile.View vin, Tile.View vout, long[] inner, long[] off,
                                   int n, double[] buf) {
        long ii = inner[0];
        long io = inner[1];
        boolean dense = c == FieldType.FLOAT64 && vout.type == FieldType.FLOAT64;
        boolean inVec = dense && !vin.constant && vin.type == FieldType.FLOAT64 && ii == 1;
        if (dense && inVec && io == 0) {
            double[] o = (double[]) vout.array;
            int oo = (int) off[1];
            o[oo] = reduceD(op, o[oo], (double[]) vin.array, (int) off[0], n);
            return;
        }
        if (dense && inVec && io == 1) {
            foldD(op, (double[]) vout.array, (int) off[1], (double[]) vin.array, (int) off[0], n);
            return;
        }
        for (int c0 = 0; c0 < n; c0 += CHUNK) {
            int m = Math.min(CHUNK, n - c0);
            vin.gatherD(off[0] + c0 * ii, ii, buf, 0, m);
            Convert.normalize(buf, m, c);
            foldInto(op, c, vout, off[1] + c0 * io, io, buf, m);
        }
    }

    /** Folds {@code buf[0, m)} (compute values) into out from {@code oOff} with stride {@code io}. */
    private static void foldInto(ReduceOp op, FieldType c, Tile.View vout, long oOff, long io, double[] buf, int m) {
        if (io == 0) {
            double acc = reduceD(op, Convert.normD(vout.getD(oOff), c), buf, 0, m);
            vout.setD(oOff, Convert.normD(acc, c));
        } else {
            long p = oOff;
            for (int j = 0; j < m; j++, p += io) {
                vout.setD(p, Convert.normD(foldD(op, Convert.normD(vout.getD(p), c), buf[j]), c));
            }
        }
    }

    private static void reduceRowL(ReduceOp op, FieldType c, boolean truth, Tile.View vin, Tile.View vout, long[] inner,
                                   long[] off, int n, long[] buf) {
        long ii = inner[0];
        long io = inner[1];
        boolean dense = !truth && c == FieldType.INT64 && vout.type == FieldType.INT64;
        boolean inVec = dense && !vin.constant && vin.type == FieldType.INT64 && ii == 1;
        if (dense && inVec && io == 0) {
            long[] o = (long[]) vout.array;
            int oo = (int) off[1];
            o[oo] = reduceL(op, o[oo], (long[]) vin.array, (int) off[0], n);
            return;
        }
        for (int c0 = 0; c0 < n; c0 += CHUNK) {
            int m = Math.min(CHUNK, n - c0);
            if (truth) {
                vin.gatherTruth(off[0] + c0 * ii, ii, buf, 0, m);
            } else {
                vin.gatherL(off[0] + c0 * ii, ii, buf, 0, m);
                Convert.normalize(buf, m, c);
            }
            long oOff = off[1] + c0 * io;
            if (io == 0) {
                long cur = truth ? (vout.getD(oOff) != 0 ? 1 : 0) : Convert.normL(vout.getL(oOff), c);
                vout.setL(oOff, Convert.normL(reduceL(op, cur, buf, 0, m), c));
            } else {
                long p = oOff;
                for (int j = 0; j < m; j++, p += io) {
                    long cur = truth ? (vout.getD(p) != 0 ? 1 : 0) : Convert.normL(vout.getL(p), c);
                    vout.setL(p, Convert.normL(foldL(op, cur, buf[j]), c));
                }
            }
        }
    }

    // ------------------------------------------------------------------ ARG_REDUCE

    static void argReduce(TaskContext ctx) {
        Args.ArgReduce args = Args.ArgReduce.decode(ctx.scalars());
        Tile t = Tile.of(ctx, args.space());
        Tile.View vin = t.view(args.in(), "ARG_REDUCE in");
        Tile.View vref = t.view(args.ref(), "ARG_REDUCE ref");
        Tile.View vout = t.view(args.out(), "ARG_REDUCE out");
        if (vout.constant) {
            throw new IllegalArgumentException("ARG_REDUCE out must be a store operand");
        }
        Tile.View cand = args.axis() < 0 ? t.flatIndex() : t.coordinate(args.axis());
        initialize(t, vout, vout.type.bitsOf(Long.MAX_VALUE));
        if (t.empty) {
            return;
        }
        Tile.Plan plan = t.plan(vin, vref, vout, cand);
        boolean exact = Convert.integral(vin.type) && Convert.integral(vref.type);
        if (exact) {
            long[] a = Scratch.get().la;
            long[] r = Scratch.get().lb;
            plan.forEachRow((off, n) -> {
                long[] in = plan.inner;
                for (int c0 = 0; c0 < n; c0 += CHUNK) {
                    int m = Math.min(CHUNK, n - c0);
                    vin.gatherL(off[0] + c0 * in[0], in[0], a, 0, m);
                    vref.gatherL(off[1] + c0 * in[1], in[1], r, 0, m);
                    long p = off[2] + c0 * in[2];
                    long k = off[3] + c0 * in[3];
                    for (int j = 0; j < m; j++, p += in[2], k += in[3]) {
                        if (a[j] == r[j] && k < vout.getL(p)) {
                            vout.setL(p, k);
                        }
                    }
                }
            });
        } else {
            double[] a = Scratch.get().da;
            double[] r = Scratch.get().db;
            plan.forEachRow((off, n) -> {
                long[] in = plan.inner;
                for (int c0 = 0; c0 < n; c0 += CHUNK) {
                    int m = Math.min(CHUNK, n - c0);
                    vin.gatherD(off[0] + c0 * in[0], in[0], a, 0, m);
                    vref.gatherD(off[1] + c0 * in[1], in[1], r, 0, m);
                    long p = off[2] + c0 * in[2];
                    long k = off[3] + c0 * in[3];
                    for (int j = 0; j < m; j++, p += in[2], k += in[3]) {
                        double x = a[j];
                        double y = r[j];
                        if ((x == y || (x != x && y != y)) && k < vout.getL(p)) {
                            vout.setL(p, k);
                        }
                    }
                }
            });
        }
    }

    // ------------------------------------------------------------------ MATVEC

    static void matvec(TaskContext ctx) {
        Args.Matvec args = Args.Matvec.decode(ctx.scalars());
        Tile t = Tile.of(ctx, args.space());
        Tile.View va = t.view(args.a(), "MATVEC a");
        Tile.View vb = t.view(args.b(), "MATVEC b");
        Tile.View vout = t.view(args.out(), "MATVEC out");
        if (vout.constant) {
            throw new IllegalArgumentException("MATVEC out must be a store operand");
        }
        FieldType c = args.compute();
        initialize(t, vout, vout.type.bitsOf(0L));
        if (t.empty) {
            return;
        }
        Tile.Plan plan = t.plan(va, vb, vout);
        if (Convert.integral(c)) {
            long[] ba = Scratch.get().la;
            long[] bb = Scratch.get().lb;
            plan.forEachRow((off, n) -> {
                long[] in = plan.inner;
                for (int c0 = 0; c0 < n; c0 += CHUNK) {
                    int m = Math.min(CHUNK, n - c0);
                    va.gatherL(off[0] + c0 * in[0], in[0], ba, 0, m);
                    Convert.normalize(ba, m, c);
                    vb.gatherL(off[1] + c0 * in[1], in[1], bb, 0, m);
                    Convert.normalize(bb, m, c);
                    for (int j = 0; j < m; j++) {
                        ba[j] *= bb[j];
                    }
                    Convert.normalize(ba, m, c);
                    long oOff = off[2] + c0 * in[2];
                    if (in[2] == 0) {
                        vout.setL(oOff, Convert.normL(reduceL(ReduceOp.SUM, Convert.normL(vout.getL(oOff), c), ba, 0, m), c));
                    } else {
                        long p = oOff;
                        for (int j = 0; j < m; j++, p += in[2]) {
                            vout.setL(p, Convert.normL(vout.getL(p) + ba[j], c));
                        }
                    }
                }
            });
        } else {
            if (c == FieldType.FLOAT64 && matvecDense2d(plan, va, vb, vout)) {
                return;
            }
            double[] ba = Scratch.get().da;
            double[] bb = Scratch.get().db;
            plan.forEachRow((off, n) -> matvecRowD(c, va, vb, vout, plan.inner, off, n, ba, bb));
        }
    }

    private static void matvecRowD(FieldType c, Tile.View va, Tile.View vb, Tile.View vout, long[] inner, long[] off,
                                   int n, double[] ba, double[] bb) {
        long ia = inner[0];
        long ib = inner[1];
        long io = inner[2];
        boolean dense = c == FieldType.FLOAT64 && vout.type == FieldType.FLOAT64;
        boolean aVec = dense && !va.constant && va.type == FieldType.FLOAT64 && ia == 1;
        boolean bVec = dense && !vb.constant && vb.type == FieldType.FLOAT64 && ib == 1;
        if (dense && io == 0 && aVec && bVec) {
            // row-major matrix times a contiguous vector: a dot product per row
            double[] o = (double[]) vout.array;
            int oo = (int) off[2];
            o[oo] += dot((double[]) va.array, (int) off[0], (double[]) vb.array, (int) off[1], n);
            return;
        }
        if (dense && io == 1 && (aVec || va.scalar(ia)) && (bVec || vb.scalar(ib)) && (aVec || bVec)) {
            // the transposed case out[j] += a[i, j] * b[i] (axpy), or an element-wise product-accumulate
            double[] o = (double[]) vout.array;
            int oo = (int) off[2];
            if (aVec && bVec) {
                double[] a = (double[]) va.array;
                double[] b = (double[]) vb.array;
                int ao = (int) off[0];
                int bo = (int) off[1];
                for (int j = 0; j < n; j++) {
                    o[oo + j] += a[ao + j] * b[bo + j];
                }
            } else if (aVec) {
                axpy(o, oo, (double[]) va.array, (int) off[0], vb.getD(off[1]), n);
            } else {
                axpy(o, oo, (double[]) vb.array, (int) off[1], va.getD(off[0]), n);
            }
            return;
        }
        for (int c0 = 0; c0 < n; c0 += CHUNK) {
            int m = Math.min(CHUNK, n - c0);
            va.gatherD(off[0] + c0 * ia, ia, ba, 0, m);
            Convert.normalize(ba, m, c);
            vb.gatherD(off[1] + c0 * ib, ib, bb, 0, m);
            Convert.normalize(bb, m, c);
            for (int j = 0; j < m; j++) {
                ba[j] *= bb[j];
            }
            Convert.normalize(ba, m, c);
            foldInto(ReduceOp.SUM, c, vout, off[2] + c0 * io, io, ba, m);
        }
    }

    /**
     * Float64 matrix-vector products over a two-dimensional plan {@code (P, Q)} whose operands are
     * all float64 arrays, without the per-row callback:
     * <ul>
     *   <li>{@code X @ w} (out stays along Q; a and b contiguous along Q): per row,
     *       {@code out[p] += dot(a row, b row)}, exactly the row path's arithmetic;</li>
     *   <li>{@code X.T @ r} (out moves along P with unit stride, stays along Q; a contiguous along P,
     *       strided along Q; b fixed along P): loops interchanged, so the matrix is read in memory
     *       order, {@code out[0..P) += a[q, 0..P) * b[q]} for q in order. The row path would gather
     *       a column of stride {@code sa} per output element, reading the tile P times from memory.
     *       Per output element the sum runs over q in order: deterministic, a function of the tile only.
     *       When {@link Tile.Plan} has already made X's unit-stride dimension the row, the same axpy
     *       per row of X runs without the per-row callback.</li>
     * </ul>
     * Returns false (nothing done) for any other layout.
     */
    private static boolean matvecDense2d(Tile.Plan plan, Tile.View va, Tile.View vb, Tile.View vout) {
        if (plan.empty || plan.ext.length != 2 || va.constant || vb.constant || va.type != FieldType.FLOAT64
                || vb.type != FieldType.FLOAT64 || vout.type != FieldType.FLOAT64) {
            return false;
        }
        long[] sa = plan.strides[0];
        long[] sb = plan.strides[1];
        long[] so = plan.strides[2];
        int rows = (int) plan.ext[0];
        int q = (int) plan.ext[1];
        double[] a = (double[]) va.array;
        double[] b = (double[]) vb.array;
        double[] o = (double[]) vout.array;
        int ab = (int) va.base;
        int bb = (int) vb.base;
        int ob = (int) vout.base;
        if (sa[1] == 1 && sb[1] == 1 && so[1] == 0) {
            int ra = (int) sa[0];
            int rb = (int) sb[0];
            int ro = (int) so[0];
            for (int p = 0; p < rows; p++) {
                o[ob + p * ro] += dot(a, ab + p * ra, b, bb + p * rb, q);
            }
            return true;
        }
        if (sa[1] == 1 && sb[1] == 0 && so[1] == 1) {
            // X.T @ r after Tile.Plan made X's unit-stride dimension the row: one axpy per row of X,
            // exactly the row path's arithmetic
            int qa = (int) sa[0];
            int qb = (int) sb[0];
            int qo = (int) so[0];
            for (int k = 0; k < rows; k++) {
                axpy(o, ob + k * qo, a, ab + k * qa, b[bb + k * qb], q);
            }
            return true;
        }
        if (sa[0] == 1 && sa[1] != 1 && sb[0] == 0 && so[0] == 1 && so[1] == 0) {
            int qa = (int) sa[1];
            int qb = (int) sb[1];
            for (int k = 0; k < q; k++) {
                axpy(o, ob, a, ab + k * qa, b[bb + k * qb], rows);
            }
            return true;
        }
        return false;
    }

    /** Dot product with four independent accumulators. */
    static double dot(double[] a, int ao, double[] b, int bo, int n) {
        double s0 = 0;
        double s1 = 0;
        double s2 = 0;
        double s3 = 0;
        int j = 0;
        for (; j + 3 < n; j += 4) {
            s0 += a[ao + j] * b[bo + j];
            s1 += a[ao + j + 1] * b[bo + j + 1];
            s2 += a[ao + j + 2] * b[bo + j + 2];
            s3 += a[ao + j + 3] * b[bo + j + 3];
        }
        for (; j < n; j++) {
            s0 += a[ao + j] * b[bo + j];
        }
        return (s0 + s1) + (s2 + s3);
    }

    /** {@code o[oo + j] += a[ao + j] * s}. */
    static void axpy(double[] o, int oo, double[] a, int ao, double s, int n) {
        for (int j = 0; j < n; j++) {
            o[oo + j] += a[ao + j] * s;
        }
    }
}
