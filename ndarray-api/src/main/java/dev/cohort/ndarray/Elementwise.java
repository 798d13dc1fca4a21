package dev.cohort.ndarray;

import dev.cohort.partitioner.Role;
import dev.cohort.tasks.Args;
import dev.cohort.tasks.BinaryOp;
import dev.cohort.tasks.OpCode;
import dev.cohort.tasks.Operand;
import dev.cohort.tasks.UFuncTypeError;
import dev.cohort.tasks.UfuncTypes;
import dev.cohort.tasks.UnaryOp;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import static dev.cohort.ndarray.Launches.*;

/**
 * NumPy's element-wise family: ufuncs ({@code add}, {@code exp}, comparisons, logical operations, …),
 * {@code where} and {@code astype}. NumPy's dtype promotion and {@code out=} checks are made here; then the
 * operation is deferred ({@link Fusion}) or described to an {@code AutoTask} through {@link Launches}.
 */
final class Elementwise {
    private Elementwise() {
    }

    static NdArray binary(BinaryOp op, Object x, Object y, NdArray out) {
        String ufunc = op.numpyName();
        NdArray a = x instanceof NdArray n ? n : null;
        NdArray b = y instanceof NdArray n ? n : null;
        if (a == null && b == null) {
            throw new IllegalArgumentException(ufunc + ": at least one operand must be an array");
        }
        Cohort ctx = a != null ? a.ctx : b.ctx;
        // the dtype rule is task-library's (UfuncTypes: NumPy 2's type resolution, NEP 50 weak scalars)
        UfuncTypes.Loop loop;
        try {
            if (a != null && b != null) {
                loop = op.loop(a.dtype().fieldType(), b.dtype().fieldType());
            } else {
                NdArray arr = a != null ? a : b;
                Object s = a != null ? y : x;
                loop = op.loop(arr.dtype().fieldType(), scalarKind(s, ufunc));
                loop = Scalars.checkBinary(op, loop, arr.dtype(), s, a != null);
            }
        } catch (UFuncTypeError e) {
            throw new DTypeException(e.getMessage());
        }
        DType compute = DType.of(loop.compute());
        DType result = DType.of(loop.result());
        if (compute == DType.BOOL) {
            switch (op) {
                case ADD, MAXIMUM -> op = BinaryOp.LOGICAL_OR;
                case MULTIPLY, MINIMUM -> op = BinaryOp.LOGICAL_AND;
                default -> {
                }
            }
        }
        long[] shape = Shapes.broadcast(a == null ? new long[0] : a.shape, b == null ? new long[0] : b.shape);
        if (out == null) {
            NdArray deferred = Fusion.binary(ctx, op, compute, result, x, y, shape);
            if (deferred != null) {
                return deferred;
            }
        }
        if (Shapes.volume(shape) > 0 && Eager.dense(ctx, x, shape) && Eager.dense(ctx, y, shape)) {
            if (out == null) {
                NdArray o = Creation.empty(ctx, result, shape);
                if (o.base.isEager() && Eager.binary(ctx, op, compute, x, y, o)) {
                    return o;
                }
                out = o;
            } else if (eagerOut(ctx, out, result, shape)) {
                out.base.eagerInstance();   // its elements exist before an operand that is out reads them (see eagerOut)
                if (Eager.binary(ctx, op, compute, x, y, out)) {
                    return out;
                }
            }
        }
        out = output(ctx, out, result, shape, ufunc);
        List<Slot> slots = new ArrayList<>();
        slots.add(new Slot(out, iterAccess(out, shape), out.coversBase() ? Role.WRITE : Role.READ_WRITE));
        Operand oa = input(slots, x, shape, out);
        Operand ob = input(slots, y, shape, out);
        BinaryOp fop = op;
        DType fcompute = compute;
        launch(OpCode.BINARY_OP.taskId(), shape, slots, new int[0], null, false, space ->
                new Args.Binary(fop, fcompute.fieldType(), space, oa, ob, operand(slots, 0)).encode());
        return out;
    }

    /**
     * Whether a caller's {@code out=} array takes an eager operation's result as a new array would: of this context,
     * the result dtype and the operation's shape exactly, eager and covering its storage row-major ({@link Eager#dense}),
     * like the operands, so that an operand that is {@code out} itself is read at the offset it is written (the dense
     * loops then run in place element by element). Anything else (a view, another dtype to cast to, a broadcast shape,
     * a launched array) takes the launch path, which checks NumPy's {@code out=} rules and protects deferred readers; an
     * eager array has no deferred readers (an expression that reads one makes it a store first). The caller makes
     * out's elements exist first ({@code eagerInstance}: zeros for an array never written): the eager kernels fetch
     * their output without clearing it, which for an out that is also an operand would read what a reused array held.
     * Before this, a call
     * with {@code out=} of 1 000 float64 ({@code add(x, y, x)}) took the launch path: 30 us, against 3.6 without.
     */
    private static boolean eagerOut(Cohort ctx, NdArray out, DType result, long[] shape) {
        return out.dtype() == result && Eager.dense(ctx, out, shape);
    }

    private static DType scalarPromotion(DType arr, Object s, String ufunc) {
        if (s instanceof Double || s instanceof Float) {
            return arr.withDoubleScalar();
        }
        if (s instanceof Long || s instanceof Integer) {
            return arr.withLongScalar();
        }
        if (s instanceof Boolean) {
            return arr;
        }
        throw new DTypeException("ufunc '" + ufunc + "' not supported for the input types: " + (s == null ? "null" : s.getClass().getSimpleName()));
    }

    private static UfuncTypes.Scalar scalarKind(Object s, String ufunc) {
        if (s instanceof Double || s instanceof Float || s instanceof Long || s instanceof Integer || s instanceof Boolean) {
            return UfuncTypes.Scalar.of(s);
        }
        throw new DTypeException("ufunc '" + ufunc + "' not supported for the input types: " + (s == null ? "null" : s.getClass().getSimpleName()));
    }

    static NdArray unary(UnaryOp op, NdArray a, NdArray out) {
        return unary(op, a, out, op.numpyName());
    }

    /** {@code op} under NumPy's ufunc name {@code ufunc} (NumPy's {@code radians} and {@code degrees} are ufuncs of their own). */
    static NdArray unary(UnaryOp op, NdArray a, NdArray out, String ufunc) {
        UfuncTypes.Loop loop;
        try {
            loop = op.loop(a.dtype().fieldType());
        } catch (UFuncTypeError e) {
            throw new DTypeException(e.getMessage());
        }
        DType compute = DType.of(loop.compute());
        DType result = DType.of(loop.result());
        if (op == UnaryOp.ABS && a.dtype() == DType.BOOL) {
            return out == null ? a.copy() : Indexing.assign(out, a);
        }
        if (op == UnaryOp.SQUARE && a.dtype() == DType.BOOL && out == null) {
            // 0 * 0 = 0, 1 * 1 = 1: the conversion to the result dtype (a convert loop, not the int32 interpreter)
            return a.astype(result);
        }
        if (out == null) {
            NdArray deferred = Fusion.unary(a.ctx, op, compute, result, a);
            if (deferred != null) {
                return deferred;
            }
        }
        if (a.size() > 0 && Eager.dense(a.ctx, a, a.shape)) {
            if (out == null) {
                NdArray o = Creation.empty(a.ctx, result, a.shape);
                if (o.base.isEager() && Eager.unary(a.ctx, op, compute, a, o)) {
                    return o;
                }
                out = o;
            } else if (eagerOut(a.ctx, out, result, a.shape)) {
                out.base.eagerInstance();   // its elements exist before the operand, if it is out, reads them
                if (Eager.unary(a.ctx, op, compute, a, out)) {
                    return out;
                }
            }
        }
        out = output(a.ctx, out, result, a.shape, ufunc);
        List<Slot> slots = new ArrayList<>();
        slots.add(new Slot(out, iterAccess(out, a.shape), out.coversBase() ? Role.WRITE : Role.READ_WRITE));
        Operand oa = input(slots, a, a.shape, out);
        DType fcompute = compute;
        launch(OpCode.UNARY_OP.taskId(), a.shape, slots, new int[0], null, false, space ->
                new Args.Unary(op, fcompute.fieldType(), space, oa, operand(slots, 0)).encode());
        return out;
    }

    static NdArray where(Object cond, Object x, Object y) {
        NdArray c = cond instanceof NdArray n ? n : null;
        NdArray a = x instanceof NdArray n ? n : null;
        NdArray b = y instanceof NdArray n ? n : null;
        Cohort ctx = c != null ? c.ctx : a != null ? a.ctx : b != null ? b.ctx : Cohort.current();
        DType result;
        if (a != null && b != null) {
            result = DType.promote(a.dtype(), b.dtype());
        } else if (a != null) {
            result = scalarPromotion(a.dtype(), y, "where");
        } else if (b != null) {
            result = scalarPromotion(b.dtype(), x, "where");
        } else {
            result = x instanceof Double || y instanceof Double ? DType.FLOAT64 : DType.INT64;
        }
        long[] shape = Shapes.broadcast(c == null ? new long[0] : c.shape, a == null ? new long[0] : a.shape,
                b == null ? new long[0] : b.shape);
        NdArray deferred = Fusion.where(ctx, result, cond, x, y, shape);
        if (deferred != null) {
            return deferred;
        }
        NdArray out = Creation.empty(ctx, result, shape);
        List<Slot> slots = new ArrayList<>();
        slots.add(new Slot(out, iterAccess(out, shape), Role.WRITE));
        Operand oc = input(slots, cond, shape, out);
        Operand oa = input(slots, x, shape, out);
        Operand ob = input(slots, y, shape, out);
        launch(OpCode.WHERE.taskId(), shape, slots, new int[0], null, false, space ->
                new Args.Where(space, oc, oa, ob, operand(slots, 0)).encode());
        return out;
    }

    static NdArray astype(NdArray a, DType dtype, boolean copy) {
        if (!copy && dtype == a.dtype()) {
            return a;
        }
        return Indexing.assign(Creation.empty(a.ctx, dtype, a.shape), a);
    }
}
