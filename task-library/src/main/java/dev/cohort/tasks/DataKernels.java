package dev.cohort.tasks;

import dev.cohort.runtime.launch.TaskContext;
import dev.cohort.runtime.region.FieldType;

/** FILL, ARANGE, RAND, COPY/CONVERT and WHERE. */
final class DataKernels {
    private DataKernels() {
    }

    private static final int CHUNK = Tile.CHUNK;

    // ------------------------------------------------------------------ FILL

    static void fill(TaskContext ctx) {
        Args.Fill args = Args.Fill.decode(ctx.scalars());
        Tile t = Tile.of(ctx, args.space());
        if (t.empty) {
            return;
        }
        Tile.View value = t.view(args.value(), "FILL value");
        Tile.View out = t.view(args.out(), "FILL out");
        copy(t, value, out);
    }

    // ------------------------------------------------------------------ COPY / CONVERT

    static void copy(TaskContext ctx) {
        Args.Copy args = Args.Copy.decode(ctx.scalars());
        Tile t = Tile.of(ctx, args.space());
        if (t.empty) {
            return;
        }
        Tile.View in = t.view(args.in(), "COPY in");
        Tile.View out = t.view(args.out(), "COPY out");
        copy(t, in, out);
    }

    /**
     * {@code out[i] = in[i]} converted to out's type: a scalar source fills (Arrays.fill on unit
     * stride), anything else runs one loop straight between the two arrays for the (in, out) type
     * pair ({@link DataLoops#convert}: System.arraycopy for equal types on unit strides, else NumPy's
     * cast, the same bits as a gather into a double or long buffer and a scatter).
     */
    private static void copy(Tile t, Tile.View in, Tile.View out) {
        if (out.constant) {
            throw new IllegalArgumentException("the out operand must be a store operand");
        }
        Tile.Plan plan = t.plan(in, out);
        plan.forEachRow((off, n) -> {
            long ii = plan.inner[0];
            long io = plan.inner[1];
            if (in.scalar(ii)) {
                out.fillBits(off[1], io, n, in.bitsAs(off[0], out.type));
            } else {
                out.copyFrom(in, off[0], ii, off[1], io, n);
            }
        });
    }

    // ------------------------------------------------------------------ WHERE

    static void where(TaskContext ctx) {
        Args.Where args = Args.Where.decode(ctx.scalars());
        Tile t = Tile.of(ctx, args.space());
        if (t.empty) {
            return;
        }
        Tile.View cond = t.view(args.cond(), "WHERE cond");
        Tile.View a = t.view(args.a(), "WHERE a");
        Tile.View b = t.view(args.b(), "WHERE b");
        Tile.View out = t.view(args.out(), "WHERE out");
        if (out.constant) {
            throw new IllegalArgumentException("WHERE out must be a store operand");
        }
        Tile.Plan plan = t.plan(cond, a, b, out);
        boolean integral = Convert.integral(out.type);
        boolean boolMask = !cond.constant && cond.type == FieldType.BOOL;
        Scratch s = Scratch.get();
        plan.forEachRow((off, n) -> {
            if (boolMask && whereDense(cond, a, b, out, plan.inner, off, n)) {
                return;
            }
            if (integral) {
                StridedRows.whereRowL(cond, a, b, out, plan.inner, off, n, s);
            } else {
                StridedRows.whereRowD(cond, a, b, out, plan.inner, off, n, s);
            }
        });
    }

    /**
     * The dense WHERE row for every out type: a bool mask, out and each of a, b either of out's type
     * with unit stride or a scalar along the row (converted to out's type as the strided path does:
     * through double for the floating types, through long for the others). False when the row does
     * not qualify.
     */
    private static boolean whereDense(Tile.View cond, Tile.View a, Tile.View b, Tile.View out, long[] in, long[] off,
                                      int n) {
        FieldType ot = out.type;
        if (in[0] != 1 || in[3] != 1) {
            return false;
        }
        boolean aVec = !a.constant && a.type == ot && in[1] == 1;
        boolean bVec = !b.constant && b.type == ot && in[2] == 1;
        if (!(aVec || a.scalar(in[1])) || !(bVec || b.scalar(in[2]))) {
            return false;
        }
        boolean fl = Convert.floating(ot);
        double ad = aVec || !fl ? 0 : Convert.normD(a.getD(off[1]), ot);
        long al = aVec || fl ? 0 : Convert.normL(a.getL(off[1]), ot);
        double bd = bVec || !fl ? 0 : Convert.normD(b.getD(off[2]), ot);
        long bl = bVec || fl ? 0 : Convert.normL(b.getL(off[2]), ot);
        DataLoops.where(ot, (byte[]) cond.array, (int) off[0], out.array, (int) off[3], aVec ? a.array : null,
                (int) off[1], ad, al, bVec ? b.array : null, (int) off[2], bd, bl, n);
        return true;
    }

    // ------------------------------------------------------------------ ARANGE

    static void arange(TaskContext ctx) {
        Args.Arange args = Args.Arange.decode(ctx.scalars());
        if (args.space().dim() != 1) {
            throw new IllegalArgumentException("ARANGE needs a 1-d iteration space, got " + args.space());
        }
        Tile t = Tile.of(ctx, args.space());
        if (t.empty) {
            return;
        }
        Tile.View out = t.view(args.out(), "ARANGE out");
        Tile.View index = t.coordinate(0);
        Tile.Plan plan = t.plan(out, index);
        double start = args.start();
        double step = args.step();
        double[] buf = Scratch.get().da;
        plan.forEachRow((off, n) -> {
            long io = plan.inner[0];
            for (int c0 = 0; c0 < n; c0 += CHUNK) {
                int m = Math.min(CHUNK, n - c0);
                long i0 = off[1] + c0;
                for (int j = 0; j < m; j++) {
                    buf[j] = start + (i0 + j) * step;
                }
                out.scatterD(off[0] + c0 * io, io, buf, 0, m);
            }
        });
    }

    // ------------------------------------------------------------------ RAND

    static void rand(TaskContext ctx) {
        Args.Rand args = Args.Rand.decode(ctx.scalars());
        Tile t = Tile.of(ctx, args.space());
        if (t.empty) {
            return;
        }
        Tile.View out = t.view(args.out(), "RAND out");
        Tile.View index = t.flatIndex();
        Tile.Plan plan = t.plan(out, index);
        RandDist dist = args.dist();
        long seed = args.seed();
        long stream = args.stream();
        double lo = args.lo();
        double hi = args.hi();
        int[] w = new int[4];
        double[] dbuf = Scratch.get().da;
        long[] lbuf = Scratch.get().la;
        plan.forEachRow((off, n) -> {
            long io = plan.inner[0];
            long ix = plan.inner[1];
            for (int c0 = 0; c0 < n; c0 += CHUNK) {
                int m = Math.min(CHUNK, n - c0);
                long k = off[1] + c0 * ix;
                for (int j = 0; j < m; j++, k += ix) {
                    Philox4x32.element(seed, stream, k, w);
                    switch (dist) {
                        case UNIFORM -> dbuf[j] = lo + Philox4x32.toUnit(w[0], w[1]) * (hi - lo);
                        case NORMAL -> {
                            double u1 = Philox4x32.toUnitOpenZero(w[0], w[1]);
                            double u2 = Philox4x32.toUnit(w[2], w[3]);
                            dbuf[j] = lo + hi * (Math.sqrt(-2.0 * Math.log(u1)) * Math.cos(2.0 * Math.PI * u2));
                        }
                        case INTEGERS -> lbuf[j] = (long) lo + (long) Math.floor(Philox4x32.toUnit(w[0], w[1]) * (hi - lo));
                    }
                }
                if (dist == RandDist.INTEGERS) {
                    out.scatterL(off[0] + c0 * io, io, lbuf, 0, m);
                } else {
                    out.scatterD(off[0] + c0 * io, io, dbuf, 0, m);
                }
            }
        });
    }
}
