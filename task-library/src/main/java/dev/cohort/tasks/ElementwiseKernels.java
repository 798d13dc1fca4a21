package dev.cohort.tasks;

import dev.cohort.runtime.launch.TaskContext;
import dev.cohort.runtime.region.FieldType;

import java.util.Arrays;

/**
 * BINARY_OP and UNARY_OP. Per row, every operand is read straight from its instance's array when
 * it already is of the compute type with unit stride (the dense fast path: one tight loop over
 * the arrays), otherwise gathered chunk by chunk into a scratch buffer converted to the compute
 * type (the strided path); a scalar operand (a constant, or stride 0 along the row) feeds the
 * loops that take a scalar side. The result goes straight into the out array when it has the
 * result type and unit stride, else through a buffer converted to the out type.
 */
final class ElementwiseKernels {
    private ElementwiseKernels() {
    }

    private static final int CHUNK = Tile.CHUNK;


    // ------------------------------------------------------------------ BINARY_OP

    static void binary(TaskContext ctx) {
        Args.Binary args = Args.Binary.decode(ctx.scalars());
        Tile t = Tile.of(ctx, args.space());
        if (t.empty) {
            return;
        }
        Tile.View va = t.view(args.a(), "BINARY_OP a");
        Tile.View vb = t.view(args.b(), "BINARY_OP b");
        Tile.View vo = t.view(args.out(), "BINARY_OP out");
        Tile.Plan plan = t.plan(va, vb, vo);
        BinaryOp op = args.op();
        FieldType c = args.compute();
        Scratch s = Scratch.get();
        // truth values of floats (logical ops compute in BOOL) must not pass through an integer cast
        boolean floatTruth = c == FieldType.BOOL && (Convert.floating(va.type) || Convert.floating(vb.type));
        if (Convert.integral(c) && !floatTruth) {
            plan.forEachRow((off, n) -> binaryRowL(op, c, va, vb, vo, plan.inner, off, n, s));
        } else {
            plan.forEachRow((off, n) -> binaryRowD(op, c, va, vb, vo, plan.inner, off, n, s));
        }
    }

    private static void binaryRowD(BinaryOp op, FieldType c, Tile.View va, Tile.View vb, Tile.View vo, long[] inner,
                                   long[] off, int n, Scratch s) {
        long ia = inner[0];
        long ib = inner[1];
        long io = inner[2];
        boolean dense = c == FieldType.FLOAT64;
        boolean aVec = dense && !va.constant && va.type == FieldType.FLOAT64 && ia == 1;
        boolean bVec = dense && !vb.constant && vb.type == FieldType.FLOAT64 && ib == 1;
        boolean aSc = dense && va.scalar(ia);
        boolean bSc = dense && vb.scalar(ib);
        boolean pred = op.isPredicate();
        if (!pred && dense && vo.type == FieldType.FLOAT64 && io == 1 && (aVec || aSc) && (bVec || bSc)) {
            // dense fast path: straight over the arrays
            double[] o = (double[]) vo.array;
            int oo = (int) off[2];
            if (aVec && bVec) {
                Loops.binaryD(op, o, oo, (double[]) va.array, (int) off[0], (double[]) vb.array, (int) off[1], n);
            } else if (aVec) {
                Loops.binaryDS(op, o, oo, (double[]) va.array, (int) off[0], vb.getD(off[1]), n);
            } else if (bVec) {
                Loops.binarySD(op, o, oo, va.getD(off[0]), (double[]) vb.array, (int) off[1], n);
            } else {
                Arrays.fill(o, oo, oo + n, Ops.binaryD(op, va.getD(off[0]), vb.getD(off[1])));
            }
            return;
        }
        if (pred && !op.isLogical() && vo.type == FieldType.BOOL && io == 1 && aVec && bSc) {
            // comparison with a scalar (masks such as x > 0)
            Loops.predicateDS(op, (byte[]) vo.array, (int) off[2], (double[]) va.array, (int) off[0], vb.getD(off[1]), n);
            return;
        }
        boolean oDirect = pred ? vo.type == FieldType.BOOL && io == 1 : dense && vo.type == FieldType.FLOAT64 && io == 1;
        for (int c0 = 0; c0 < n; c0 += CHUNK) {
            int m = Math.min(CHUNK, n - c0);
            double[] a;
            int ao;
            if (aVec) {
                a = (double[]) va.array;
                ao = (int) (off[0] + c0);
            } else {
                va.gatherD(off[0] + c0 * ia, ia, s.da, 0, m);
                Convert.normalize(s.da, m, c);
                a = s.da;
                ao = 0;
            }
            double[] b;
            int bo;
            if (bVec) {
                b = (double[]) vb.array;
                bo = (int) (off[1] + c0);
            } else {
                vb.gatherD(off[1] + c0 * ib, ib, s.db, 0, m);
                Convert.normalize(s.db, m, c);
                b = s.db;
                bo = 0;
            }
            long oOff = off[2] + c0 * io;
            if (pred) {
                if (oDirect) {
                    Loops.predicateD(op, (byte[]) vo.array, (int) oOff, a, ao, b, bo, m);
                } else {
                    Loops.predicateD(op, s.zout, 0, a, ao, b, bo, m);
                    scatterBools(vo, oOff, io, s, m);
                }
            } else if (oDirect) {
                Loops.binaryD(op, (double[]) vo.array, (int) oOff, a, ao, b, bo, m);
            } else {
                Loops.binaryD(op, s.dout, 0, a, ao, b, bo, m);
                Convert.normalize(s.dout, m, c);
                vo.scatterD(oOff, io, s.dout, 0, m);
            }
        }
    }

    private static void binaryRowL(BinaryOp op, FieldType c, Tile.View va, Tile.View vb, Tile.View vo, long[] inner,
                                   long[] off, int n, Scratch s) {
        long ia = inner[0];
        long ib = inner[1];
        long io = inner[2];
        boolean dense = c == FieldType.INT64;
        boolean aVec = dense && !va.constant && va.type == FieldType.INT64 && ia == 1;
        boolean bVec = dense && !vb.constant && vb.type == FieldType.INT64 && ib == 1;
        boolean pred = op.isPredicate();
        boolean oDirect = pred ? vo.type == FieldType.BOOL && io == 1 : dense && vo.type == FieldType.INT64 && io == 1;
        if (op == BinaryOp.POWER && vb.scalar(ib)) {
            // fail before writing anything, whatever the path
            long e = Convert.normL(vb.getL(off[1]), c);
            if (e < 0) {
                throw new IllegalArgumentException(Ops.NEGATIVE_POWER);
            }
        }
        for (int c0 = 0; c0 < n; c0 += CHUNK) {
            int m = Math.min(CHUNK, n - c0);
            long[] a;
            int ao;
            if (aVec) {
                a = (long[]) va.array;
                ao = (int) (off[0] + c0);
            } else {
                va.gatherL(off[0] + c0 * ia, ia, s.la, 0, m);
                Convert.normalize(s.la, m, c);
                a = s.la;
                ao = 0;
            }
            long[] b;
            int bo;
            if (bVec) {
                b = (long[]) vb.array;
                bo = (int) (off[1] + c0);
            } else {
                vb.gatherL(off[1] + c0 * ib, ib, s.lb, 0, m);
                Convert.normalize(s.lb, m, c);
                b = s.lb;
                bo = 0;
            }
            long oOff = off[2] + c0 * io;
            if (pred) {
                if (oDirect) {
                    Loops.predicateL(op, (byte[]) vo.array, (int) oOff, a, ao, b, bo, m);
                } else {
                    Loops.predicateL(op, s.zout, 0, a, ao, b, bo, m);
                    scatterBools(vo, oOff, io, s, m);
                }
            } else if (oDirect) {
                Loops.binaryL(op, (long[]) vo.array, (int) oOff, a, ao, b, bo, m);
            } else {
                Loops.binaryL(op, s.lout, 0, a, ao, b, bo, m);
                Convert.normalize(s.lout, m, c);
                vo.scatterL(oOff, io, s.lout, 0, m);
            }
        }
    }

    private static void scatterBools(Tile.View vo, long oOff, long io, Scratch s, int m) {
        for (int j = 0; j < m; j++) {
            s.lout[j] = s.zout[j];
        }
        vo.scatterL(oOff, io, s.lout, 0, m);
    }

    // ------------------------------------------------------------------ UNARY_OP

    static void unary(TaskContext ctx) {
        Args.Unary args = Args.Unary.decode(ctx.scalars());
        Tile t = Tile.of(ctx, args.space());
        if (t.empty) {
            return;
        }
        Tile.View va = t.view(args.a(), "UNARY_OP a");
        Tile.View vo = t.view(args.out(), "UNARY_OP out");
        Tile.Plan plan = t.plan(va, vo);
        UnaryOp op = args.op();
        FieldType c = args.compute();
        Scratch s = Scratch.get();
        boolean floatTruth = c == FieldType.BOOL && Convert.floating(va.type);
        if (Convert.integral(c) && !floatTruth) {
            plan.forEachRow((off, n) -> unaryRowL(op, c, va, vo, plan.inner, off, n, s));
        } else {
            plan.forEachRow((off, n) -> unaryRowD(op, c, va, vo, plan.inner, off, n, s));
        }
    }

    private static void unaryRowD(UnaryOp op, FieldType c, Tile.View va, Tile.View vo, long[] inner, long[] off, int n,
                                  Scratch s) {
        long ia = inner[0];
        long io = inner[1];
        boolean dense = c == FieldType.FLOAT64;
        boolean aVec = dense && !va.constant && va.type == FieldType.FLOAT64 && ia == 1;
        boolean logical = op == UnaryOp.LOGICAL_NOT;
        boolean oDirect = !logical && dense && vo.type == FieldType.FLOAT64 && io == 1;
        for (int c0 = 0; c0 < n; c0 += CHUNK) {
            int m = Math.min(CHUNK, n - c0);
            double[] a;
            int ao;
            if (aVec) {
                a = (double[]) va.array;
                ao = (int) (off[0] + c0);
            } else {
                va.gatherD(off[0] + c0 * ia, ia, s.da, 0, m);
                Convert.normalize(s.da, m, c);
                a = s.da;
                ao = 0;
            }
            long oOff = off[1] + c0 * io;
            if (oDirect) {
                Loops.unaryD(op, (double[]) vo.array, (int) oOff, a, ao, m);
            } else if (logical) {
                for (int j = 0; j < m; j++) {
                    s.lout[j] = a[ao + j] == 0 ? 1 : 0;
                }
                vo.scatterL(oOff, io, s.lout, 0, m);
            } else {
                Loops.unaryD(op, s.dout, 0, a, ao, m);
                Convert.normalize(s.dout, m, c);
                vo.scatterD(oOff, io, s.dout, 0, m);
            }
        }
    }

    private static void unaryRowL(UnaryOp op, FieldType c, Tile.View va, Tile.View vo, long[] inner, long[] off, int n,
                                  Scratch s) {
        long ia = inner[0];
        long io = inner[1];
        boolean dense = c == FieldType.INT64;
        boolean aVec = dense && !va.constant && va.type == FieldType.INT64 && ia == 1;
        boolean logical = op == UnaryOp.LOGICAL_NOT;
        boolean oDirect = !logical && dense && vo.type == FieldType.INT64 && io == 1;
        for (int c0 = 0; c0 < n; c0 += CHUNK) {
            int m = Math.min(CHUNK, n - c0);
            long[] a;
            int ao;
            if (aVec) {
                a = (long[]) va.array;
                ao = (int) (off[0] + c0);
            } else {
                va.gatherL(off[0] + c0 * ia, ia, s.la, 0, m);
                Convert.normalize(s.la, m, c);
                a = s.la;
                ao = 0;
            }
            long oOff = off[1] + c0 * io;
            if (oDirect) {
                Loops.unaryL(op, (long[]) vo.array, (int) oOff, a, ao, m, c);
            } else {
                Loops.unaryL(op, s.lout, 0, a, ao, m, c);
                if (!logical) {
                    Convert.normalize(s.lout, m, c);
                }
                vo.scatterL(oOff, io, s.lout, 0, m);
            }
        }
    }
}
