// GENERATED from task-library/src/main/templates/StridedRows.java.tmpl by task-library/generate-kernels: edit the template, not this file.
package dev.cohort.tasks;

import dev.cohort.runtime.region.FieldType;

/**
 * The strided paths of BINARY_OP, UNARY_OP and WHERE, one row at a time, per compute representation
 * (generated): {@code D} computes in {@code double} (float64, float32, and truth values of floats),
 * {@code L} in {@code long} (int64, int32, bool). Chunks of {@link Tile#CHUNK} elements of each
 * operand are gathered with any stride and element type into the thread's {@link Scratch} buffers
 * converted to the compute type (an operand that already is a unit-stride array of the
 * representation's own type — float64 resp. int64 — is read in place), the {@link Loops} run over
 * them (a binary operation through {@link FusedGates}: the buffers, the operands read in place and out sit at
 * different offsets, where C2 leaves Loops' form scalar — int32 {@code x / y} of 1e5 elements spent two thirds of its
 * time in that scalar float64 divide), and the results are scattered into out converted to its type (written in
 * place when out is of that type with unit stride).
 */
final class StridedRows {
    private StridedRows() {
    }

    private static final int CHUNK = Tile.CHUNK;

    /** One BINARY_OP row computed in {@code double} ({@code c} the compute type). */
    static void binaryRowD(BinaryOp op, FieldType c, Tile.View va, Tile.View vb, Tile.View vo, long[] inner, long[] off,
                           int n, Scratch s) {
        long ia = inner[0];
        long ib = inner[1];
        long io = inner[2];
        boolean dense = c == FieldType.FLOAT64;
        boolean aVec = dense && !va.constant && va.type == FieldType.FLOAT64 && ia == 1;
        boolean bVec = dense && !vb.constant && vb.type == FieldType.FLOAT64 && ib == 1;
        boolean pred = op.isPredicate();
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
                FusedGates.binaryD(op, (double[]) vo.array, (int) oOff, a, ao, b, bo, m);
            } else {
                if (c == FieldType.FLOAT32 && ScalarMath.ownFloat32(op)) {
                    ScalarMath.binaryF32(op, s.dout, 0, a, ao, 0, b, bo, 0, m);
                } else {
                    FusedGates.binaryD(op, s.dout, 0, a, ao, b, bo, m);
                }
                Convert.normalize(s.dout, m, c);
                vo.scatterD(oOff, io, s.dout, 0, m);
            }
        }
    }

    /**
     * One UNARY_OP row computed in {@code double} (the bool-valued ops, {@link UnaryOp#isPredicate()}: 0 or 1
     * into out, converted to its type; LOGICAL_NOT negates the truth values).
     */
    static void unaryRowD(UnaryOp op, FieldType c, Tile.View va, Tile.View vo, long[] inner, long[] off, int n, Scratch s) {
        long ia = inner[0];
        long io = inner[1];
        boolean dense = c == FieldType.FLOAT64;
        boolean aVec = dense && !va.constant && va.type == FieldType.FLOAT64 && ia == 1;
        boolean logical = op.isPredicate();
        boolean oDirect = logical ? vo.type == FieldType.BOOL && io == 1 : dense && vo.type == FieldType.FLOAT64 && io == 1;
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
            if (logical) {
                if (oDirect) {
                    Loops.unaryPredicateD(op, (byte[]) vo.array, (int) oOff, a, ao, m);
                } else {
                    Loops.unaryPredicateD(op, s.zout, 0, a, ao, m);
                    scatterBools(vo, oOff, io, s, m);
                }
            } else if (oDirect) {
                Loops.unaryD(op, (double[]) vo.array, (int) oOff, a, ao, m);
            } else {
                Loops.unaryIn(c, op, s.dout, 0, a, ao, m);
                Convert.normalize(s.dout, m, c);
                vo.scatterD(oOff, io, s.dout, 0, m);
            }
        }
    }

    /** One WHERE row through {@code double} buffers ({@code in} the plan's inner strides of cond, a, b, out). */
    static void whereRowD(Tile.View cond, Tile.View a, Tile.View b, Tile.View out, long[] in, long[] off, int n, Scratch s) {
        for (int c0 = 0; c0 < n; c0 += CHUNK) {
            int m = Math.min(CHUNK, n - c0);
            cond.gatherTruth(off[0] + c0 * in[0], in[0], s.lc, 0, m);
            a.gatherD(off[1] + c0 * in[1], in[1], s.da, 0, m);
            b.gatherD(off[2] + c0 * in[2], in[2], s.db, 0, m);
            for (int j = 0; j < m; j++) {
                s.da[j] = s.lc[j] != 0 ? s.da[j] : s.db[j];
            }
            out.scatterD(off[3] + c0 * in[3], in[3], s.da, 0, m);
        }
    }

    /** One BINARY_OP row computed in {@code long} ({@code c} the compute type). */
    static void binaryRowL(BinaryOp op, FieldType c, Tile.View va, Tile.View vb, Tile.View vo, long[] inner, long[] off,
                           int n, Scratch s) {
        long ia = inner[0];
        long ib = inner[1];
        long io = inner[2];
        boolean dense = c == FieldType.INT64;
        boolean aVec = dense && !va.constant && va.type == FieldType.INT64 && ia == 1;
        boolean bVec = dense && !vb.constant && vb.type == FieldType.INT64 && ib == 1;
        boolean pred = op.isPredicate();
        boolean oDirect = pred ? vo.type == FieldType.BOOL && io == 1 : dense && vo.type == FieldType.INT64 && io == 1;
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
                FusedGates.binaryL(op, (long[]) vo.array, (int) oOff, a, ao, b, bo, m);
            } else {
                FusedGates.binaryL(op, s.lout, 0, a, ao, b, bo, m);
                Convert.normalize(s.lout, m, c);
                vo.scatterL(oOff, io, s.lout, 0, m);
            }
        }
    }

    /**
     * One UNARY_OP row computed in {@code long} (the bool-valued ops, {@link UnaryOp#isPredicate()}: 0 or 1
     * into out, converted to its type; LOGICAL_NOT negates the truth values).
     */
    static void unaryRowL(UnaryOp op, FieldType c, Tile.View va, Tile.View vo, long[] inner, long[] off, int n, Scratch s) {
        long ia = inner[0];
        long io = inner[1];
        boolean dense = c == FieldType.INT64;
        boolean aVec = dense && !va.constant && va.type == FieldType.INT64 && ia == 1;
        boolean logical = op.isPredicate();
        boolean oDirect = logical ? vo.type == FieldType.BOOL && io == 1 : dense && vo.type == FieldType.INT64 && io == 1;
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
            if (logical) {
                if (oDirect) {
                    Loops.unaryPredicateL(op, (byte[]) vo.array, (int) oOff, a, ao, m);
                } else {
                    Loops.unaryPredicateL(op, s.zout, 0, a, ao, m);
                    scatterBools(vo, oOff, io, s, m);
                }
            } else if (oDirect) {
                Loops.unaryL(op, (long[]) vo.array, (int) oOff, a, ao, m, c);
            } else {
                Loops.unaryL(op, s.lout, 0, a, ao, m, c);
                Convert.normalize(s.lout, m, c);
                vo.scatterL(oOff, io, s.lout, 0, m);
            }
        }
    }

    /** One WHERE row through {@code long} buffers ({@code in} the plan's inner strides of cond, a, b, out). */
    static void whereRowL(Tile.View cond, Tile.View a, Tile.View b, Tile.View out, long[] in, long[] off, int n, Scratch s) {
        for (int c0 = 0; c0 < n; c0 += CHUNK) {
            int m = Math.min(CHUNK, n - c0);
            cond.gatherTruth(off[0] + c0 * in[0], in[0], s.lc, 0, m);
            a.gatherL(off[1] + c0 * in[1], in[1], s.la, 0, m);
            b.gatherL(off[2] + c0 * in[2], in[2], s.lb, 0, m);
            for (int j = 0; j < m; j++) {
                s.la[j] = s.lc[j] != 0 ? s.la[j] : s.lb[j];
            }
            out.scatterL(off[3] + c0 * in[3], in[3], s.la, 0, m);
        }
    }

    /** Writes {@code s.zout[0, m)} (0/1) to out through the long buffer. */
    private static void scatterBools(Tile.View vo, long oOff, long io, Scratch s, int m) {
        for (int j = 0; j < m; j++) {
            s.lout[j] = s.zout[j];
        }
        vo.scatterL(oOff, io, s.lout, 0, m);
    }
}
