package dev.cohort.tasks;

import dev.cohort.runtime.launch.TaskContext;
import dev.cohort.runtime.region.FieldType;

/**
 * REDUCE, ARG_REDUCE and MATVEC: each point first sets every out element its tile reaches to the
 * identity (walking only the dimensions along which out moves), then folds its tile into them.
 * Along a row, out either stays put (stride 0: the row reduces to one value; float sums and dots in
 * {@link Reductions}' fixed order of sixteen accumulators, with the Vector API where it wins) or moves
 * with the input (stride 1: an element-wise fold the JIT vectorises). The dense paths run straight over
 * the input's own array (every dtype); the strided paths gather chunks and feed the same order.
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
        Tile.View vin = t.densePieceView(args.in(), "REDUCE in");
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
            Reductions.RowSum rs = new Reductions.RowSum();
            plan.forEachRow((off, n) -> reduceRowD(op, c, vin, vout, plan.inner, off, n, buf, rs));
        }
    }

    /**
     * REDUCE of one dense row of {@code n} elements from element 0 into the one-element accumulator {@code vout}:
     * {@link #reduce}'s initialisation and row for a one-point tile whose input is a whole instance in row-major
     * order and whose out stays along the row (a full reduction).
     */
    static void reduceWhole(ReduceOp op, FieldType c, Tile.View vin, Tile.View vout, int n) {
        vout.fillBits(0, 0, 1, identityBits(op, vout.type));
        long[] inner = {1, 0};
        long[] off = new long[2];
        boolean truth = op == ReduceOp.ANY || op == ReduceOp.ALL;
        if (truth || Convert.integral(c)) {
            reduceRowL(op, truth ? FieldType.BOOL : c, truth, vin, vout, inner, off, n, Scratch.get().la);
        } else {
            reduceRowD(op, c, vin, vout, inner, off, n, Scratch.get().da, new Reductions.RowSum());
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

    /** {@code a[ao..ao+n)} folded into one value, starting from {@code acc} (SUM: {@link Reductions}' order). */
    static double reduceD(ReduceOp op, double acc, double[] a, int ao, int n) {
        return Reductions.reduceD(op, acc, a, ao, n);
    }

    /** {@code a[ao..ao+n)} folded into one value, starting from {@code acc} (wrapping). */
    static long reduceL(ReduceOp op, long acc, long[] a, int ao, int n) {
        return Reductions.reduceL(op, acc, a, ao, n);
    }

    /** A dense row of a float64 or float32 input folded into one compute value ({@code Reductions.reduce*}). */
    private static double reduceDense(ReduceOp op, double acc, Tile.View vin, int ao, int n) {
        return switch (vin.type) {
            case FLOAT64 -> Reductions.reduceD(op, acc, (double[]) vin.array, ao, n);
            case FLOAT32 -> Reductions.reduceF(op, acc, (float[]) vin.array, ao, n);
            default -> throw new IllegalStateException("not a floating type: " + vin.type);
        };
    }

    private static void reduceRowD(ReduceOp op, FieldType c, Tile.View vin, Tile.View vout, long[] inner, long[] off,
                                   int n, double[] buf, Reductions.RowSum rs) {
        long ii = inner[0];
        long io = inner[1];
        // the dense paths: the input's own float64/float32 array with unit stride, computed in its type
        boolean inDense = !vin.constant && ii == 1 && vin.type == c;
        if (inDense && io == 0) {
            long p = off[1];
            double r = reduceDense(op, Convert.normD(vout.getD(p), c), vin, (int) off[0], n);
            vout.setD(p, Convert.normD(r, c));
            return;
        }
        if (inDense && io == 1 && vout.type == c) {
            if (c == FieldType.FLOAT64) {
                Reductions.foldD(op, (double[]) vout.array, (int) off[1], (double[]) vin.array, (int) off[0], n);
            } else {
                Reductions.foldF(op, (float[]) vout.array, (int) off[1], (float[]) vin.array, (int) off[0], n);
            }
            return;
        }
        if (io == 0) {
            // one value per row: the row's chunks through the same order as the dense path, out written once
            long p = off[1];
            double cur = Convert.normD(vout.getD(p), c);
            if (op == ReduceOp.SUM) {
                rs.start(n);
            }
            for (int c0 = 0; c0 < n; c0 += CHUNK) {
                int m = Math.min(CHUNK, n - c0);
                vin.gatherD(off[0] + c0 * ii, ii, buf, 0, m);
                Convert.normalize(buf, m, c);
                if (op == ReduceOp.SUM) {
                    rs.add(buf, 0, m);
                } else {
                    cur = Reductions.reduceD(op, cur, buf, 0, m);
                }
            }
            if (op == ReduceOp.SUM) {
                cur += rs.total();
            }
            vout.setD(p, Convert.normD(cur, c));
            return;
        }
        for (int c0 = 0; c0 < n; c0 += CHUNK) {
            int m = Math.min(CHUNK, n - c0);
            vin.gatherD(off[0] + c0 * ii, ii, buf, 0, m);
            Convert.normalize(buf, m, c);
            foldEach(op, c, vout, off[1] + c0 * io, io, buf, m);
        }
    }

    /** Folds {@code buf[j]} (compute values) into out element {@code oOff + j * io} for {@code j < m}. */
    private static void foldEach(ReduceOp op, FieldType c, Tile.View vout, long oOff, long io, double[] buf, int m) {
        long p = oOff;
        for (int j = 0; j < m; j++, p += io) {
            vout.setD(p, Convert.normD(foldD(op, Convert.normD(vout.getD(p), c), buf[j]), c));
        }
    }

    /** A dense row of any input type folded into one long compute value (integers, or a truth op over any type). */
    private static long reduceDenseL(ReduceOp op, long acc, Tile.View vin, int ao, int n) {
        return switch (vin.type) {
            case INT64 -> Reductions.reduceL(op, acc, (long[]) vin.array, ao, n);
            case INT32 -> Reductions.reduceI(op, acc, (int[]) vin.array, ao, n);
            case BOOL -> Reductions.reduceZ(op, acc, (byte[]) vin.array, ao, n);
            case FLOAT64 -> (long) Reductions.reduceD(op, acc, (double[]) vin.array, ao, n);
            case FLOAT32 -> (long) Reductions.reduceF(op, acc, (float[]) vin.array, ao, n);
        };
    }

    /** The dense element-wise fold of a unit-stride input row into a unit-stride out row; false if none applies. */
    private static boolean foldDenseL(ReduceOp op, FieldType c, boolean truth, Tile.View vin, Tile.View vout, int ao,
                                      int oo, int n) {
        Object a = vin.array;
        if (truth) {
            if (vout.type != FieldType.BOOL) {
                return false;
            }
            boolean any = op == ReduceOp.ANY;
            byte[] o = (byte[]) vout.array;
            switch (vin.type) {
                case FLOAT64 -> Reductions.foldTruthD(any, o, oo, (double[]) a, ao, n);
                case FLOAT32 -> Reductions.foldTruthF(any, o, oo, (float[]) a, ao, n);
                case INT64 -> Reductions.foldTruthL(any, o, oo, (long[]) a, ao, n);
                case INT32 -> Reductions.foldTruthI(any, o, oo, (int[]) a, ao, n);
                case BOOL -> Reductions.foldTruthZ(any, o, oo, (byte[]) a, ao, n);
            }
            return true;
        }
        if (vout.type == vin.type && c == vin.type) {
            switch (vin.type) {
                case INT64 -> Reductions.foldL(op, (long[]) vout.array, oo, (long[]) a, ao, n);
                case INT32 -> Reductions.foldI(op, (int[]) vout.array, oo, (int[]) a, ao, n);
                case BOOL -> {
                    if (op != ReduceOp.MAX && op != ReduceOp.MIN) {
                        return false;
                    }
                    Reductions.foldZ(op, (byte[]) vout.array, oo, (byte[]) a, ao, n);
                }
                default -> {
                    return false;
                }
            }
            return true;
        }
        if (vout.type == FieldType.INT64 && c == FieldType.INT64 && (op == ReduceOp.SUM || op == ReduceOp.PROD)) {
            switch (vin.type) {
                case INT32 -> Reductions.foldWidenI(op, (long[]) vout.array, oo, (int[]) a, ao, n);
                case BOOL -> Reductions.foldWidenZ(op, (long[]) vout.array, oo, (byte[]) a, ao, n);
                default -> {
                    return false;
                }
            }
            return true;
        }
        return false;
    }

    private static void reduceRowL(ReduceOp op, FieldType c, boolean truth, Tile.View vin, Tile.View vout, long[] inner,
                                   long[] off, int n, long[] buf) {
        long ii = inner[0];
        long io = inner[1];
        // the dense paths: the input's own array with unit stride; integers when computed in int64 or their own type
        boolean inDense = !vin.constant && ii == 1
                && (truth || Convert.integral(vin.type) && (c == FieldType.INT64 || c == vin.type));
        if (inDense && io == 0) {
            long p = off[1];
            long cur = truth ? (vout.getD(p) != 0 ? 1 : 0) : Convert.normL(vout.getL(p), c);
            vout.setL(p, Convert.normL(reduceDenseL(op, cur, vin, (int) off[0], n), c));
            return;
        }
        if (inDense && io == 1 && foldDenseL(op, c, truth, vin, vout, (int) off[0], (int) off[1], n)) {
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
                vout.setL(oOff, Convert.normL(Reductions.reduceL(op, cur, buf, 0, m), c));
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
        if (args.keyed()) {
            argReduceKeyed(args.op() == ArgReduceOp.ARGMAX, t, vin, vout, cand);
            return;
        }
        Tile.Plan plan = t.plan(vin, vref, vout, cand);
        boolean exact = Convert.integral(vin.type) && Convert.integral(vref.type);
        long[] in0 = plan.inner;
        if (!vin.constant && in0[0] == 1 && in0[1] == 0 && in0[2] == 0 && in0[3] >= 0 && vin.type == vref.type) {
            // dense: the input's own array along the row, one reference value and one out element per row
            plan.forEachRow((off, n) -> {
                int j = indexOf(vin, (int) off[0], n, vref, off[1]);
                if (j >= 0) {
                    long k = off[3] + j * in0[3];
                    if (k < vout.getL(off[2])) {
                        vout.setL(off[2], k);
                    }
                }
            });
            return;
        }
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

    /**
     * ARG_REDUCE in one pass ({@link ArgReduceKeys}): each out element folds, with MIN, the key of every candidate
     * its tile reaches. Dense rows whose elements all fold into one out element (a full reduction, or one along the
     * last axis) find the row's first best element in a local loop (bool stops at the first element that decides)
     * and fold one key; any other layout folds a key per element.
     */
    private static void argReduceKeyed(boolean max, Tile t, Tile.View vin, Tile.View vout, Tile.View cand) {
        Tile.Plan plan = t.plan(vin, vout, cand);
        FieldType type = vin.type;
        long[] in0 = plan.inner;
        if (!vin.constant && in0[0] == 1 && in0[1] == 0 && in0[2] > 0) {
            plan.forEachRow((off, n) -> {
                int ao = (int) off[0];
                int j = bestIndex(vin, ao, n, max);
                long rank = type == FieldType.FLOAT32 ? ArgReduceKeys.rankF(((float[]) vin.array)[ao + j], max)
                        : ArgReduceKeys.rankL(type == FieldType.BOOL ? ((byte[]) vin.array)[ao + j] : ((int[]) vin.array)[ao + j], max, type);
                long key = ArgReduceKeys.key(rank, off[2] + j * in0[2]);
                if (key < vout.getL(off[1])) {
                    vout.setL(off[1], key);
                }
            });
            return;
        }
        // any other layout: a key per element (bool and int32 values are exact as doubles)
        double[] a = Scratch.get().da;
        plan.forEachRow((off, n) -> {
            long[] in = plan.inner;
            for (int c0 = 0; c0 < n; c0 += CHUNK) {
                int m = Math.min(CHUNK, n - c0);
                vin.gatherD(off[0] + c0 * in[0], in[0], a, 0, m);
                long p = off[1] + c0 * in[1];
                long k = off[2] + c0 * in[2];
                for (int j = 0; j < m; j++, p += in[1], k += in[2]) {
                    long rank = type == FieldType.FLOAT32 ? ArgReduceKeys.rankF((float) a[j], max) : ArgReduceKeys.rankL((long) a[j], max, type);
                    long key = ArgReduceKeys.key(rank, k);
                    if (key < vout.getL(p)) {
                        vout.setL(p, key);
                    }
                }
            }
        });
    }

    /** The first {@code j < n} (n >= 1) holding the row's best value (NaN first for float32), as NumPy's argmax/argmin. */
    private static int bestIndex(Tile.View vin, int ao, int n, boolean max) {
        switch (vin.type) {
            case BOOL -> {
                byte[] a = (byte[]) vin.array;
                for (int j = 0; j < n; j++) {
                    if ((a[ao + j] != 0) == max) {
                        return j;
                    }
                }
                return 0;
            }
            case INT32 -> {
                // the row's extreme by the (vector) reduction, then its first occurrence: both passes over a row
                // that stays in cache, the second stopping at the first match (one scalar pass with a compare
                // per element was 2-3x slower than the two launches it replaced)
                int[] a = (int[]) vin.array;
                long best = Reductions.reduceI(max ? ReduceOp.MAX : ReduceOp.MIN, a[ao], a, ao, n);
                return Reductions.indexOfI(a, ao, n, best);
            }
            case FLOAT32 -> {
                // as int32; MAX/MIN propagate NaN, and indexOfF finds the first NaN for it, or the first element
                // equal to the extreme (-0.0 == 0.0)
                float[] a = (float[]) vin.array;
                double best = Reductions.reduceF(max ? ReduceOp.MAX : ReduceOp.MIN, a[ao], a, ao, n);
                return Reductions.indexOfF(a, ao, n, best);
            }
            default -> throw new IllegalArgumentException("keyed ARG_REDUCE takes bool, int32 or float32, got " + vin.type);
        }
    }

    /** The first {@code j < n} with {@code in[ao + j]} equal to ref's value at {@code rp} (NaN equals NaN), or -1. */
    /** ARG_REDUCE's dense row for a whole row: the first index of {@code vin}'s {@code n} elements equal to {@code vref}'s. */
    static int indexOfWhole(Tile.View vin, Tile.View vref, int n) {
        return indexOf(vin, 0, n, vref, 0);
    }

    private static int indexOf(Tile.View vin, int ao, int n, Tile.View vref, long rp) {
        return switch (vin.type) {
            case FLOAT64 -> Reductions.indexOfD((double[]) vin.array, ao, n, vref.getD(rp));
            case FLOAT32 -> Reductions.indexOfF((float[]) vin.array, ao, n, vref.getD(rp));
            case INT64 -> Reductions.indexOfL((long[]) vin.array, ao, n, vref.getL(rp));
            case INT32 -> Reductions.indexOfI((int[]) vin.array, ao, n, vref.getL(rp));
            case BOOL -> Reductions.indexOfZ((byte[]) vin.array, ao, n, vref.getL(rp));
        };
    }

    // ------------------------------------------------------------------ MATVEC

    /**
     * MATVEC. The 2-D float forms ({@link #matvecDense2d}) read a and b in place, even as windows on a larger
     * (shard-wide) instance: each of their out elements folds one row segment of k in k order (a dot per row, or
     * an axpy per k), whatever the distance between rows, so the bits are those of the dense piece. Every other
     * form reads a and b through {@link Tile#densePieceView}, where rows of a dense piece could merge. (Copying
     * the piece every call cost 80 MB of copying per {@code A @ v} of 3162 x 3162 float64 on 1 shard: 14-20 ms
     * against a 4.4 ms kernel.)
     */
    static void matvec(TaskContext ctx) {
        Args.Matvec args = Args.Matvec.decode(ctx.scalars());
        Tile t = Tile.of(ctx, args.space());
        Tile.View vout = t.view(args.out(), "MATVEC out");
        if (vout.constant) {
            throw new IllegalArgumentException("MATVEC out must be a store operand");
        }
        FieldType c = args.compute();
        initialize(t, vout, vout.type.bitsOf(0L));
        if (t.empty) {
            return;
        }
        if (c != FieldType.BOOL) {
            Tile.View ia = t.view(args.a(), "MATVEC a");
            Tile.View ib = t.view(args.b(), "MATVEC b");
            if (matvecDense2d(c, t.plan(ia, ib, vout), ia, ib, vout)) {
                return;
            }
        }
        Tile.View va = t.densePieceView(args.a(), "MATVEC a");
        Tile.View vb = t.densePieceView(args.b(), "MATVEC b");
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
            if (matvecDense2d(c, plan, va, vb, vout)) {
                return;
            }
            double[] ba = Scratch.get().da;
            double[] bb = Scratch.get().db;
            Reductions.RowSum rs = new Reductions.RowSum();
            plan.forEachRow((off, n) -> matvecRowD(c, va, vb, vout, plan.inner, off, n, ba, bb, rs));
        }
    }

    private static void matvecRowD(FieldType c, Tile.View va, Tile.View vb, Tile.View vout, long[] inner, long[] off,
                                   int n, double[] ba, double[] bb, Reductions.RowSum rs) {
        long ia = inner[0];
        long ib = inner[1];
        long io = inner[2];
        // dense: every operand a float64 (float32) array computed in float64 (float32)
        boolean dense = (c == FieldType.FLOAT64 || c == FieldType.FLOAT32) && vout.type == c;
        boolean aVec = dense && !va.constant && va.type == c && ia == 1;
        boolean bVec = dense && !vb.constant && vb.type == c && ib == 1;
        int ao = (int) off[0];
        int bo = (int) off[1];
        int oo = (int) off[2];
        if (dense && io == 0 && aVec && bVec) {
            // row-major matrix times a contiguous vector: a dot product per row
            if (c == FieldType.FLOAT64) {
                double[] o = (double[]) vout.array;
                o[oo] += Reductions.dotD((double[]) va.array, ao, (double[]) vb.array, bo, n);
            } else {
                float[] o = (float[]) vout.array;
                o[oo] = (float) (o[oo] + Reductions.dotF((float[]) va.array, ao, (float[]) vb.array, bo, n));
            }
            return;
        }
        if (dense && io == 1 && (aVec || va.scalar(ia)) && (bVec || vb.scalar(ib)) && (aVec || bVec)) {
            // the transposed case out[j] += a[i, j] * b[i] (axpy), or an element-wise product-accumulate
            if (c == FieldType.FLOAT64) {
                double[] o = (double[]) vout.array;
                if (aVec && bVec) {
                    Reductions.mulAddD(o, oo, (double[]) va.array, ao, (double[]) vb.array, bo, n);
                } else if (aVec) {
                    Reductions.axpyD(o, oo, (double[]) va.array, ao, vb.getD(off[1]), n);
                } else {
                    Reductions.axpyD(o, oo, (double[]) vb.array, bo, va.getD(off[0]), n);
                }
            } else {
                float[] o = (float[]) vout.array;
                if (aVec && bVec) {
                    Reductions.mulAddF(o, oo, (float[]) va.array, ao, (float[]) vb.array, bo, n);
                } else if (aVec) {
                    Reductions.axpyF(o, oo, (float[]) va.array, ao, (float) vb.getD(off[1]), n);
                } else {
                    Reductions.axpyF(o, oo, (float[]) vb.array, bo, (float) va.getD(off[0]), n);
                }
            }
            return;
        }
        long p = off[2];
        double cur = io == 0 ? Convert.normD(vout.getD(p), c) : 0;
        if (io == 0) {
            rs.start(n);
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
            if (io == 0) {
                rs.add(ba, 0, m);
            } else {
                foldEach(ReduceOp.SUM, c, vout, p + c0 * io, io, ba, m);
            }
        }
        if (io == 0) {
            vout.setD(p, Convert.normD(cur + rs.total(), c));
        }
    }

    /**
     * Matrix-vector products over a two-dimensional plan whose operands are all float64 (or all
     * float32, int64, int32) arrays computed in that type, without the per-row callback ({@code Reductions.matvec2d*}:
     * {@code X @ w} a dot per row, {@code X.T @ r} with the loops interchanged). Returns false
     * (nothing done) for any other layout.
     */
    private static boolean matvecDense2d(FieldType c, Tile.Plan plan, Tile.View va, Tile.View vb, Tile.View vout) {
        if (plan.empty || plan.ext.length != 2 || va.constant || vb.constant || va.type != c || vb.type != c
                || vout.type != c) {
            return false;
        }
        long[] sa = plan.strides[0];
        long[] sb = plan.strides[1];
        long[] so = plan.strides[2];
        int ab = (int) va.base;
        int bb = (int) vb.base;
        int ob = (int) vout.base;
        return switch (c) {
            case FLOAT64 -> Reductions.matvec2dD(plan.ext, sa, sb, so, (double[]) va.array, ab, (double[]) vb.array, bb,
                    (double[]) vout.array, ob);
            case FLOAT32 -> Reductions.matvec2dF(plan.ext, sa, sb, so, (float[]) va.array, ab, (float[]) vb.array, bb,
                    (float[]) vout.array, ob);
            case INT64 -> Reductions.matvec2dL(plan.ext, sa, sb, so, (long[]) va.array, ab, (long[]) vb.array, bb,
                    (long[]) vout.array, ob);
            case INT32 -> Reductions.matvec2dI(plan.ext, sa, sb, so, (int[]) va.array, ab, (int[]) vb.array, bb,
                    (int[]) vout.array, ob);
            default -> false;
        };
    }

    /** The float64 dot product in {@link Reductions}' fixed order. */
    static double dot(double[] a, int ao, double[] b, int bo, int n) {
        return Reductions.dotD(a, ao, b, bo, n);
    }

    /** {@code o[oo + j] += a[ao + j] * s}. */
    static void axpy(double[] o, int oo, double[] a, int ao, double s, int n) {
        Reductions.axpyD(o, oo, a, ao, s, n);
    }
}
