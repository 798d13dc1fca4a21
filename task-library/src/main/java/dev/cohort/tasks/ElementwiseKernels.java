package dev.cohort.tasks;

import dev.cohort.runtime.launch.TaskContext;
import dev.cohort.runtime.region.FieldType;

/**
 * BINARY_OP and UNARY_OP. A row runs the dense fast path when out and every operand are the compute
 * type's own arrays with unit stride or scalars along the row (comparisons: operands of the compute
 * type into a bool out; logical ops: operands of one type, any, into bool): one generated loop
 * ({@link Loops}) straight over the arrays, {@code double[]}, {@code float[]}, {@code long[]},
 * {@code int[]} or {@code byte[]}. Otherwise each operand is read straight from its array when it
 * is float64 or int64 with unit stride, else gathered chunk by chunk into a scratch buffer
 * converted to the compute type (the strided path); the result goes straight into the out array
 * when it has the result type and unit stride, else through a buffer converted to the out type.
 * Both paths give the same bits.
 */
final class ElementwiseKernels {
    private ElementwiseKernels() {
    }

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
        if (op.isIntegerOnly()) {
            UfuncTypes.checkIntegral(op.numpyName(), c);
        }
        Scratch s = Scratch.get();
        // truth values of floats (logical ops compute in BOOL) must not pass through an integer cast
        boolean floatTruth = c == FieldType.BOOL && (Convert.floating(va.type) || Convert.floating(vb.type));
        FieldType dt = denseType(op, c, floatTruth, va, vb);
        if (Convert.integral(c) && !floatTruth) {
            plan.forEachRow((off, n) -> {
                checkPower(op, c, vb, plan.inner[1], off);
                if (!binaryDense(op, dt, va, vb, vo, plan.inner, off, n)) {
                    StridedRows.binaryRowL(op, c, va, vb, vo, plan.inner, off, n, s);
                }
            });
        } else {
            plan.forEachRow((off, n) -> {
                if (!binaryDense(op, dt, va, vb, vo, plan.inner, off, n)) {
                    StridedRows.binaryRowD(op, c, va, vb, vo, plan.inner, off, n, s);
                }
            });
        }
    }

    /**
     * BINARY_OP over one dense row of {@code n} elements from element 0: {@link #binary}'s checks and dense path for
     * a one-point tile whose operands and out are whole instances in row-major order (or constants). False, nothing
     * written, where {@link #binary} would take its strided path.
     */
    static boolean binaryWhole(BinaryOp op, FieldType c, Tile.View va, Tile.View vb, Tile.View vo, int n) {
        if (op.isIntegerOnly()) {
            UfuncTypes.checkIntegral(op.numpyName(), c);
        }
        boolean floatTruth = c == FieldType.BOOL && (Convert.floating(va.type) || Convert.floating(vb.type));
        long[] inner = {1, 1, 1};
        long[] off = new long[3];
        if (Convert.integral(c) && !floatTruth) {
            checkPower(op, c, vb, inner[1], off);
        }
        return binaryDense(op, denseType(op, c, floatTruth, va, vb), va, vb, vo, inner, off, n);
    }

    /**
     * The element type of the dense loops of {@code op}: the compute type, except for the logical
     * ops (computed on truth values), which run on their array operands' own type when both agree;
     * null where no dense loop gives the strided path's bits (a float truth value in a non-logical
     * op computed in bool, or logical operands of two types).
     */
    static FieldType denseType(BinaryOp op, FieldType c, boolean floatTruth, Tile.View va, Tile.View vb) {
        if (!op.isLogical()) {
            return floatTruth ? null : c;
        }
        if (va.constant) {
            return vb.type;
        }
        if (vb.constant || va.type == vb.type) {
            return va.type;
        }
        return null;
    }

    /** Integer powers: a negative scalar exponent fails before anything is written, whatever the path. */
    static void checkPower(BinaryOp op, FieldType c, Tile.View vb, long ib, long[] off) {
        if (op == BinaryOp.POWER && vb.scalar(ib) && Convert.normL(vb.getL(off[1]), c) < 0) {
            throw new IllegalArgumentException(ScalarMath.NEGATIVE_POWER);
        }
    }

    /**
     * The dense fast path of one row: out of the result type ({@code dt}, or bool for predicates) with
     * unit stride, each operand of type {@code dt} with unit stride or a scalar along the row, at least
     * one an array. False (nothing written) when the row does not qualify.
     */
    static boolean binaryDense(BinaryOp op, FieldType dt, Tile.View va, Tile.View vb, Tile.View vo, long[] inner,
                                       long[] off, int n) {
        boolean pred = op.isPredicate();
        if (dt == null || inner[2] != 1 || vo.type != (pred ? FieldType.BOOL : dt)) {
            return false;
        }
        boolean aVec = !va.constant && va.type == dt && inner[0] == 1;
        boolean bVec = !vb.constant && vb.type == dt && inner[1] == 1;
        if (!(aVec || bVec) || !(aVec || va.scalar(inner[0])) || !(bVec || vb.scalar(inner[1]))) {
            return false;
        }
        Object o = vo.array;
        int gate = pred ? VectorWarmup.predicateGate(dt, op) : -1;
        int oo = (int) off[2];
        int ao = (int) off[0];
        int bo = (int) off[1];
        boolean logical = op.isLogical();
        if (aVec && bVec) {
            if (pred) {
                if (!vectorPredicate(dt, op, n, oo == ao && ao == bo) || (o == va.array && oo != ao) || (o == vb.array && oo != bo)
                        || !VectorWarmup.checked(gate, VectorWarmup.mark(gate, n), SimdPredicates.predicate(dt, op, (byte[]) o, oo, va.array, ao, vb.array, bo, n))) {
                    Loops.predicate(dt, op, o, oo, va.array, ao, vb.array, bo, n);
                }
            } else if (FusedGates.takes(dt, op, oo == ao && ao == bo)) {
                // operands at different offsets (a broadcast row, a shifted view), or an integer max/min: the vector
                // loops where their gates are open, as C2 leaves Loops' form scalar (M + row on 316 x 316: 0.86 ns an element)
                FusedGates.binary(dt, op, o, oo, va.array, ao, vb.array, bo, n);
            } else {
                Loops.binary(dt, op, o, oo, va.array, ao, vb.array, bo, n);
            }
        } else if (aVec) {
            double sd = scalarD(vb, off[1], dt, logical);
            long sl = scalarL(vb, off[1], dt, logical);
            if (pred) {
                if (!vectorPredicate(dt, op, n, oo == ao) || (o == va.array && oo != ao)
                        || !VectorWarmup.checked(gate, VectorWarmup.mark(gate, n), SimdPredicates.predicateVS(dt, op, (byte[]) o, oo, va.array, ao, sd, sl, n))) {
                    Loops.predicateVS(dt, op, o, oo, va.array, ao, sd, sl, n);
                }
            } else if (FusedGates.takes(dt, op, oo == ao)) {
                FusedGates.binaryVS(dt, op, o, oo, va.array, ao, sd, sl, n);
            } else {
                Loops.binaryVS(dt, op, o, oo, va.array, ao, sd, sl, n);
            }
        } else {
            double sd = scalarD(va, off[0], dt, logical);
            long sl = scalarL(va, off[0], dt, logical);
            if (pred) {
                if (!vectorPredicate(dt, op, n, oo == bo) || (o == vb.array && oo != bo)
                        || !VectorWarmup.checked(gate, VectorWarmup.mark(gate, n), SimdPredicates.predicateSV(dt, op, (byte[]) o, oo, sd, sl, vb.array, bo, n))) {
                    Loops.predicateSV(dt, op, o, oo, sd, sl, vb.array, bo, n);
                }
            } else if (FusedGates.takes(dt, op, oo == bo)) {
                FusedGates.binarySV(dt, op, o, oo, sd, sl, vb.array, bo, n);
            } else {
                Loops.binarySV(dt, op, o, oo, sd, sl, vb.array, bo, n);
            }
        }
        return true;
    }

    /** System property: {@code false} keeps the comparisons on {@link Loops}' scalar loops (the code before {@link SimdPredicates}). */
    static final String VECTOR_PREDICATES_PROP = "cohort.simd.predicates";
    /** Whether comparisons may run {@link SimdPredicates}' loops: the vector kernels run and {@link #VECTOR_PREDICATES_PROP} is not false. */
    static final boolean VECTOR_PREDICATES = Reductions.SIMD && !"false".equalsIgnoreCase(System.getProperty(VECTOR_PREDICATES_PROP, "true"));

    /** Rows shorter than this compare on {@link Loops}' scalar loops (the vector loop's 8-byte steps would leave most to its tail). */
    static final int PREDICATE_VECTOR_MIN = 16;

    /**
     * Whether predicate {@code op} on {@code dt} over a row of {@code n} runs {@link SimdPredicates}' vector loop: the
     * vector kernels run in this JVM ({@link Reductions#SIMD}), the row is long enough, the loop's
     * {@link VectorWarmup} gate is open, and for bool the out and array operands are not all at one offset
     * ({@code sameOffsets}): there Loops' bitwise loops, which C2 vectorises 32 bytes a step, beat SimdPredicates'
     * 8-byte steps, while at different offsets C2 leaves them one byte at a time. Same bits either way.
     */
    private static boolean vectorPredicate(FieldType dt, BinaryOp op, int n, boolean sameOffsets) {
        if (n < PREDICATE_VECTOR_MIN || !VECTOR_PREDICATES || dt == FieldType.BOOL && sameOffsets) {
            return false;
        }
        int gate = VectorWarmup.predicateGate(dt, op);
        return gate >= 0 && VectorWarmup.open(gate);
    }

    /**
     * {@code o[oo + j] = a[ao + j] == 0} (NumPy's logical_not) on a dense row of type {@code t}: for a number type
     * it is the comparison with 0 (NaN is not 0, {@code -0.0} is), so it takes the comparison's vector loop where
     * that one's gate is open ({@link SimdPredicates#predicateVS}; C2 leaves {@code x == 0 ? 1 : 0} into bytes one
     * element at a time: int32 on 1e5 elements 59 us, NumPy 16); bool, and a number type whose gate is closed, take
     * {@link Loops#logicalNot}. Same bits either way.
     */
    private static void logicalNot(FieldType t, byte[] o, int oo, Object a, int ao, int n) {
        if (t != FieldType.BOOL && vectorPredicate(t, BinaryOp.EQUAL, n, true)) {
            int gate = VectorWarmup.predicateGate(t, BinaryOp.EQUAL);
            if (VectorWarmup.checked(gate, VectorWarmup.mark(gate, n), SimdPredicates.predicateVS(t, BinaryOp.EQUAL, o, oo, a, ao, 0.0, 0L, n))) {
                return;
            }
        }
        Loops.logicalNot(t, o, oo, a, ao, n);
    }

    /** A scalar operand for the dense loops of type {@code dt}, as the strided path converts it (a truth value for logical ops). */
    private static double scalarD(Tile.View v, long off, FieldType dt, boolean logical) {
        return logical ? truth(v, off) : Convert.normD(v.getD(off), dt);
    }

    private static long scalarL(Tile.View v, long off, FieldType dt, boolean logical) {
        return logical || dt == FieldType.BOOL ? truth(v, off) : Convert.normL(v.getL(off), dt);
    }

    /** 1 when the value at {@code off} is non-zero (NaN included), else 0. */
    private static int truth(Tile.View v, long off) {
        boolean t = Convert.floating(v.type) ? v.getD(off) != 0 : v.getL(off) != 0;
        return t ? 1 : 0;
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
        if (op == UnaryOp.INVERT) {
            UfuncTypes.checkIntegral(op.numpyName(), c);
        }
        Scratch s = Scratch.get();
        boolean floatTruth = c == FieldType.BOOL && Convert.floating(va.type);
        if (Convert.integral(c) && !floatTruth) {
            plan.forEachRow((off, n) -> {
                if (!unaryDense(op, c, va, vo, plan.inner, off, n)) {
                    StridedRows.unaryRowL(op, c, va, vo, plan.inner, off, n, s);
                }
            });
        } else {
            plan.forEachRow((off, n) -> {
                if (!unaryDense(op, c, va, vo, plan.inner, off, n)) {
                    StridedRows.unaryRowD(op, c, va, vo, plan.inner, off, n, s);
                }
            });
        }
    }

    /** UNARY_OP over one dense row of {@code n} elements from element 0: {@link #unary}'s check and dense path. */
    static boolean unaryWhole(UnaryOp op, FieldType c, Tile.View va, Tile.View vo, int n) {
        if (op == UnaryOp.INVERT) {
            UfuncTypes.checkIntegral(op.numpyName(), c);
        }
        return unaryDense(op, c, va, vo, new long[] {1, 1}, new long[2], n);
    }

    /**
     * The dense fast path of one unary row: an array operand and out with unit stride, both of the
     * compute type (or an operand of another type cast to a float64 compute type and out), or for LOGICAL_NOT an
     * operand of any type into a bool out, or for the other
     * bool-valued ops (isnan, isinf, isfinite, signbit) an operand of the compute type into a bool out.
     * False (nothing written) when the row does not qualify.
     */
    static boolean unaryDense(UnaryOp op, FieldType c, Tile.View va, Tile.View vo, long[] inner, long[] off,
                                      int n) {
        if (va.constant || inner[0] != 1 || inner[1] != 1) {
            return false;
        }
        if (op == UnaryOp.LOGICAL_NOT) {
            if (vo.type != FieldType.BOOL) {
                return false;
            }
            logicalNot(va.type, (byte[]) vo.array, (int) off[1], va.array, (int) off[0], n);
            return true;
        }
        if (op.isPredicate()) {
            if (vo.type != FieldType.BOOL || va.type != c) {
                return false;
            }
            Loops.unaryPredicate(c, op, (byte[]) vo.array, (int) off[1], va.array, (int) off[0], n);
            return true;
        }
        if (c == FieldType.FLOAT64 && vo.type == c && va.type != c) {
            // an integer or bool operand of a float64 function (log, exp, sqrt, tanh of int32, ...): cast into out as the
            // strided path casts into its buffer (Java's casts: NumPy's to float64), then the float64 loop in place; 1e3
            // int32 log 7.7 -> 6.1 us a call (float64 6.0), where the strided path took 1.5 ns an element more
            double[] o = (double[]) vo.array;
            int oo = (int) off[1];
            Strided.gatherD(va.type, va.array, (int) off[0], 1, o, oo, n);
            Loops.unary(c, op, o, oo, o, oo, n);
            return true;
        }
        if (va.type != c || vo.type != c) {
            return false;
        }
        Loops.unary(c, op, vo.array, (int) off[1], va.array, (int) off[0], n);
        return true;
    }
}
