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
     * stride), equal types copy bit for bit (System.arraycopy on unit strides), anything else
     * goes through a chunk buffer: long for integral sources, double for floating ones.
     */
    private static void copy(Tile t, Tile.View in, Tile.View out) {
        if (out.constant) {
            throw new IllegalArgumentException("the out operand must be a store operand");
        }
        Tile.Plan plan = t.plan(in, out);
        boolean same = !in.constant && in.type == out.type;
        boolean integral = Convert.integral(in.type);
        double[] dbuf = Scratch.get().da;
        long[] lbuf = Scratch.get().la;
        plan.forEachRow((off, n) -> {
            long ii = plan.inner[0];
            long io = plan.inner[1];
            if (in.scalar(ii)) {
                out.fillBits(off[1], io, n, in.bitsAs(off[0], out.type));
            } else if (same) {
                out.copyFrom(in, off[0], ii, off[1], io, n);
            } else {
                for (int c0 = 0; c0 < n; c0 += CHUNK) {
                    int m = Math.min(CHUNK, n - c0);
                    if (integral) {
                        in.gatherL(off[0] + c0 * ii, ii, lbuf, 0, m);
                        out.scatterL(off[1] + c0 * io, io, lbuf, 0, m);
                    } else {
                        in.gatherD(off[0] + c0 * ii, ii, dbuf, 0, m);
                        out.scatterD(off[1] + c0 * io, io, dbuf, 0, m);
                    }
                }
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
        FieldType ot = out.type;
        long[] cb = Scratch.get().lc;
        if (Convert.integral(ot)) {
            long[] ab = Scratch.get().la;
            long[] bb = Scratch.get().lb;
            plan.forEachRow((off, n) -> {
                long[] in = plan.inner;
                for (int c0 = 0; c0 < n; c0 += CHUNK) {
                    int m = Math.min(CHUNK, n - c0);
                    cond.gatherTruth(off[0] + c0 * in[0], in[0], cb, 0, m);
                    a.gatherL(off[1] + c0 * in[1], in[1], ab, 0, m);
                    b.gatherL(off[2] + c0 * in[2], in[2], bb, 0, m);
                    for (int j = 0; j < m; j++) {
                        ab[j] = cb[j] != 0 ? ab[j] : bb[j];
                    }
                    out.scatterL(off[3] + c0 * in[3], in[3], ab, 0, m);
                }
            });
        } else {
            double[] ab = Scratch.get().da;
            double[] bb = Scratch.get().db;
            plan.forEachRow((off, n) -> {
                long[] in = plan.inner;
                boolean dense = ot == FieldType.FLOAT64 && in[3] == 1 && !cond.constant && cond.type == FieldType.BOOL
                        && in[0] == 1;
                boolean aVec = dense && !a.constant && a.type == FieldType.FLOAT64 && in[1] == 1;
                boolean bVec = dense && !b.constant && b.type == FieldType.FLOAT64 && in[2] == 1;
                if (dense && (aVec || a.scalar(in[1])) && (bVec || b.scalar(in[2]))) {
                    byte[] c = (byte[]) cond.array;
                    double[] o = (double[]) out.array;
                    int co = (int) off[0];
                    int oo = (int) off[3];
                    if (aVec && bVec) {
                        double[] x = (double[]) a.array;
                        double[] y = (double[]) b.array;
                        int xo = (int) off[1];
                        int yo = (int) off[2];
                        for (int j = 0; j < n; j++) {
                            o[oo + j] = c[co + j] != 0 ? x[xo + j] : y[yo + j];
                        }
                    } else if (aVec) {
                        double[] x = (double[]) a.array;
                        int xo = (int) off[1];
                        double y = b.getD(off[2]);
                        for (int j = 0; j < n; j++) {
                            o[oo + j] = c[co + j] != 0 ? x[xo + j] : y;
                        }
                    } else if (bVec) {
                        double x = a.getD(off[1]);
                        double[] y = (double[]) b.array;
                        int yo = (int) off[2];
                        for (int j = 0; j < n; j++) {
                            o[oo + j] = c[co + j] != 0 ? x : y[yo + j];
                        }
                    } else {
                        double x = a.getD(off[1]);
                        double y = b.getD(off[2]);
                        for (int j = 0; j < n; j++) {
                            o[oo + j] = c[co + j] != 0 ? x : y;
                        }
                    }
                    return;
                }
                for (int c0 = 0; c0 < n; c0 += CHUNK) {
                    int m = Math.min(CHUNK, n - c0);
                    cond.gatherTruth(off[0] + c0 * in[0], in[0], cb, 0, m);
                    a.gatherD(off[1] + c0 * in[1], in[1], ab, 0, m);
                    b.gatherD(off[2] + c0 * in[2], in[2], bb, 0, m);
                    for (int j = 0; j < m; j++) {
                        ab[j] = cb[j] != 0 ? ab[j] : bb[j];
                    }
                    out.scatterD(off[3] + c0 * in[3], in[3], ab, 0, m);
                }
            });
        }
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
