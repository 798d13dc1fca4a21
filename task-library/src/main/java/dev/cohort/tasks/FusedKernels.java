package dev.cohort.tasks;

import dev.cohort.runtime.launch.TaskContext;
import dev.cohort.runtime.region.FieldType;

/**
 * FUSED: a chain of element-wise float64 operations ({@link FusedExpr}) evaluated in one pass over
 * the tile. Per row (see {@link Tile.Plan}) the expression runs chunk by chunk on a small stack:
 * a leaf that is float64 with unit stride along the row is used in place, a leaf that does not
 * move along the row is a scalar, any other leaf is gathered (and converted) into the stack slot's
 * buffer; each operation runs the loops of BINARY_OP / UNARY_OP ({@link Loops#binaryD},
 * {@link Loops#binaryDS}, {@link Loops#binarySD}, {@link Loops#unaryD}) into its slot's buffer,
 * the last one straight into the out array when that is unit stride. Operations on two scalars
 * use {@link Ops#binaryD}, as BINARY_OP's dense path does. Same arithmetic per element as the
 * separate launches, so the same bits, with one read of each leaf and one write of the result.
 */
final class FusedKernels {
    private FusedKernels() {
    }

    /** Elements per chunk: the stack's buffers stay in L1/L2 while the leaves stream. */
    static final int CHUNK = 1024;
    /** The operators by ordinal ({@code values()} would clone its array at every instruction of every row). */
    private static final UnaryOp[] UNARY_OPS = UnaryOp.values();
    private static final BinaryOp[] BINARY_OPS = BinaryOp.values();

    /**
     * The stack buffers, one set per worker thread, reused by every point task that thread runs
     * (kernels never nest); allocating and zeroing them per task costs microseconds and evicts the
     * tile's data from the caches. Contents are undefined on entry: every slot is written before it is read.
     */
    private static final ThreadLocal<double[][]> BUFFERS = ThreadLocal.withInitial(() -> new double[0][]);

    private static double[][] buffers(int depth) {
        double[][] b = BUFFERS.get();
        if (b.length < depth) {
            double[][] g = java.util.Arrays.copyOf(b, depth);
            for (int i = b.length; i < depth; i++) {
                g[i] = new double[CHUNK];
            }
            BUFFERS.set(g);
            b = g;
        }
        return b;
    }

    static void fused(TaskContext ctx) {
        FusedExpr args = FusedExpr.decode(ctx.scalars());
        int depth = FusedExpr.depth(args.code());
        Tile t = Tile.of(ctx, args.space());
        if (t.empty) {
            return;
        }
        int nl = args.leaves().length;
        Tile.View[] views = new Tile.View[nl + 1];
        for (int i = 0; i < nl; i++) {
            views[i] = t.view(args.leaves()[i], "FUSED leaf " + i);
        }
        Tile.View out = t.view(args.out(), "FUSED out");
        if (out.constant || out.type != FieldType.FLOAT64) {
            throw new IllegalArgumentException("FUSED out must be a float64 store operand, got " + args.out());
        }
        views[nl] = out;
        Tile.Plan plan = t.plan(views);
        Machine m = new Machine(args.code(), args.consts(), views, plan.inner, depth);
        plan.forEachRow(m::row);
    }

    /**
     * FUSED_REDUCE ({@link FusedReduce}, SUM): the expression evaluated chunk by chunk as FUSED does,
     * each chunk's values added into sixteen accumulators in the order REDUCE adds the materialised
     * expression's (see {@link FusedReduce}): the tile is walked in row-major order
     * ({@link Tile#planInOrder}), and a {@link Tile#rowMajor} pseudo-view gives each chunk's position
     * {@code j} in the tile's one long row.
     */
    static void fusedReduce(TaskContext ctx) {
        FusedReduce args = FusedReduce.decode(ctx.scalars());
        if (args.op() != ReduceOp.SUM) {
            throw new IllegalArgumentException("FUSED_REDUCE implements SUM only, got " + args.op());
        }
        int depth = FusedExpr.depth(args.code());
        Tile t = Tile.of(ctx, args.space());
        Tile.View out = t.view(args.out(), "FUSED_REDUCE out");
        if (out.constant || out.type != FieldType.FLOAT64) {
            throw new IllegalArgumentException("FUSED_REDUCE out must be a float64 store operand, got " + args.out());
        }
        for (long st : out.stride) {
            if (st != 0) {
                throw new IllegalArgumentException("FUSED_REDUCE is a full reduction: out must not move with the iteration space, got "
                        + args.out());
            }
        }
        ReductionKernels.initialize(t, out, ReductionKernels.identityBits(ReduceOp.SUM, FieldType.FLOAT64));
        if (t.empty) {
            return;
        }
        int nl = args.leaves().length;
        Tile.View[] views = new Tile.View[nl + 1];
        for (int i = 0; i < nl; i++) {
            views[i] = t.view(args.leaves()[i], "FUSED_REDUCE leaf " + i);
        }
        views[nl] = t.rowMajor();
        long volume = 1;
        for (long e : t.ext) {
            volume *= e;
        }
        if (volume > Integer.MAX_VALUE) {
            // REDUCE's one row of the tile would be refused likewise
            throw new IllegalArgumentException("tile row of " + volume + " elements exceeds 2^31");
        }
        Tile.Plan plan = t.planInOrder(views);
        Machine m = new Machine(args.code(), args.consts(), views, plan.inner, depth);
        Summer sum = new Summer(volume);
        plan.forEachRow((rowOff, n) -> m.sumRow(rowOff, n, sum));
        double[] o = (double[]) out.array;
        int oo = (int) out.base;
        o[oo] = o[oo] + sum.total();
    }

    /**
     * {@code ReductionKernels.reduceD(SUM, ...)} over one row of {@code volume} elements, fed in pieces
     * in order: {@link Reductions}' fixed accumulation order ({@link Reductions.RowSum}), so the bits are
     * those of the dense kernel over the whole row.
     */
    static final class Summer {
        private final Reductions.RowSum rs = new Reductions.RowSum();
        private long next;

        Summer(long volume) {
            rs.start(volume);
        }

        /** Adds {@code a[ao, ao + m)}, the elements {@code j0 .. j0 + m - 1} of the row (pieces come in order). */
        void add(long j0, double[] a, int ao, int m) {
            if (j0 != next) {
                throw new IllegalStateException("row pieces out of order: element " + j0 + " after " + next);
            }
            rs.add(a, ao, m);
            next += m;
        }

        /** The row's total (without the out element it is added to). */
        double total() {
            return rs.total();
        }
    }

    /** The stack machine of one point task: one buffer per stack slot, allocated once. */
    private static final class Machine {
        private final int[] code;
        private final double[] consts;
        private final Tile.View[] views;
        private final long[] inner;
        private final int out;
        // per stack slot: a vector (arr, off) or a scalar (arr == null, value)
        private final double[][] arr;
        private final int[] off;
        private final double[] val;
        private final double[][] buf;
        private final double[] one = new double[1];

        Machine(int[] code, double[] consts, Tile.View[] views, long[] inner, int depth) {
            this.code = code;
            this.consts = consts;
            this.views = views;
            this.inner = inner;
            this.out = views.length - 1;
            this.arr = new double[depth][];
            this.off = new int[depth];
            this.val = new double[depth];
            this.buf = buffers(depth);
        }

        private double[] buffer(int slot) {
            return buf[slot];
        }

        void row(long[] rowOff, int n) {
            Tile.View vo = views[out];
            long io = inner[out];
            boolean oDirect = io == 1;
            double[] oa = (double[]) vo.array;
            for (int c0 = 0; c0 < n; c0 += CHUNK) {
                int m = Math.min(CHUNK, n - c0);
                eval(rowOff, c0, m, oDirect, oa);
                long oOff = rowOff[out] + c0 * io;
                if (arr[0] == null) {
                    vo.fillBits(oOff, io, m, Double.doubleToRawLongBits(val[0]));
                } else if (!(arr[0] == oa && off[0] == (int) oOff && oDirect)) {
                    vo.scatterD(oOff, io, arr[0], off[0], m);
                }
            }
        }

        /**
         * FUSED_REDUCE: evaluates the row chunk by chunk and adds the values to {@code sum};
         * the last view is {@link Tile#rowMajor} (unit stride along the row: the plan keeps the tile's order).
         */
        void sumRow(long[] rowOff, int n, Summer sum) {
            long io = inner[out];
            for (int c0 = 0; c0 < n; c0 += CHUNK) {
                int m = Math.min(CHUNK, n - c0);
                eval(rowOff, c0, m, false, null);
                long j0 = rowOff[out] + c0 * io;
                if (arr[0] == null) {
                    double[] b = buffer(0);
                    java.util.Arrays.fill(b, 0, m, val[0]);
                    sum.add(j0, b, 0, m);
                } else {
                    sum.add(j0, arr[0], off[0], m);
                }
            }
        }

        /**
         * Runs the code over elements {@code [c0, c0 + m)} of the row; the result is slot 0 (a vector
         * {@code arr[0], off[0]} or a scalar {@code val[0]}). With {@code oDirect} the last operation
         * writes straight into the out array {@code oa}.
         */
        private void eval(long[] rowOff, int c0, int m, boolean oDirect, double[] oa) {
            int sp = 0;
            int last = code.length - 1;
            for (int pc = 0; pc <= last; pc++) {
                int ins = code[pc];
                int kind = ins >>> 24;
                int a = ins & 0xFFFFFF;
                // the last operation writes straight into the out array when it can
                boolean direct = pc == last && oDirect;
                switch (kind) {
                    case FusedExpr.LEAF -> {
                        Tile.View v = views[a];
                        long st = inner[a];
                        if (v.scalar(st)) {
                            arr[sp] = null;
                            val[sp] = v.getD(rowOff[a]);
                        } else if (v.type == FieldType.FLOAT64 && st == 1) {
                            arr[sp] = (double[]) v.array;
                            off[sp] = (int) (rowOff[a] + c0);
                        } else {
                            double[] b = buffer(sp);
                            v.gatherD(rowOff[a] + c0 * st, st, b, 0, m);
                            arr[sp] = b;
                            off[sp] = 0;
                        }
                        sp++;
                    }
                    case FusedExpr.CONST -> {
                        arr[sp] = null;
                        val[sp] = consts[a];
                        sp++;
                    }
                    case FusedExpr.UNARY -> {
                        UnaryOp op = UNARY_OPS[a];
                        int s = sp - 1;
                        if (arr[s] == null) {
                            one[0] = val[s];
                            Loops.unaryD(op, one, 0, one, 0, 1);
                            val[s] = one[0];
                        } else {
                            double[] o = direct ? oa : buffer(s);
                            int oo = direct ? (int) (rowOff[out] + c0) : 0;
                            Loops.unaryD(op, o, oo, arr[s], off[s], m);
                            arr[s] = o;
                            off[s] = oo;
                        }
                    }
                    case FusedExpr.BINARY -> {
                        BinaryOp op = BINARY_OPS[a];
                        int s = sp - 2;
                        int r = sp - 1;
                        if (arr[s] == null && arr[r] == null) {
                            val[s] = Ops.binaryD(op, val[s], val[r]);
                        } else {
                            double[] o = direct ? oa : buffer(s);
                            int oo = direct ? (int) (rowOff[out] + c0) : 0;
                            if (arr[s] == null) {
                                Loops.binarySD(op, o, oo, val[s], arr[r], off[r], m);
                            } else if (arr[r] == null) {
                                Loops.binaryDS(op, o, oo, arr[s], off[s], val[r], m);
                            } else {
                                Loops.binaryD(op, o, oo, arr[s], off[s], arr[r], off[r], m);
                            }
                            arr[s] = o;
                            off[s] = oo;
                        }
                        sp--;
                    }
                    default -> throw new IllegalArgumentException("FUSED: bad instruction " + ins);
                }
            }
        }
    }
}
