package dev.cohort.tasks;

import dev.cohort.runtime.instance.Instance;
import dev.cohort.runtime.region.FieldType;

/**
 * The element-wise tasks' dense rows for the array layer's eager arrays (its {@code Eager} fast path): an operation
 * whose operands are whole instances in row-major order (or scalars) and whose out is a whole new instance of the
 * same element count runs here straight, without encoding its arguments for the task body and decoding them again,
 * a tile and a plan. The code is the tasks' own ({@link ElementwiseKernels}: the same checks and the same dense loops
 * as a one-point launch over the same instances), so the bits are the same; where the task would take its strided
 * path (mixed types that need converting, say) nothing is written and false is returned, and the caller launches.
 *
 * <p>Errors are the tasks': a failing check ({@code invert} of a float, an integer raised to a negative power) throws
 * before anything is written.
 */
public final class EagerKernels {
    private EagerKernels() {
    }

    /**
     * NumPy ufunc {@code op} of {@code a} into {@code out} computed in {@code compute} ({@code out = op(a)} element by
     * element); both instances hold the same number of elements, row-major. True when done.
     */
    public static boolean unary(UnaryOp op, FieldType compute, Instance a, Instance out) {
        int n = out.size();
        if (a.size() != n) {
            throw new IllegalArgumentException("unary " + op + ": operand of " + a.size() + " elements, out of " + n);
        }
        return ElementwiseKernels.unaryWhole(op, compute, Tile.View.whole(a), Tile.View.whole(out), n);
    }

    /**
     * NumPy ufunc {@code op} of {@code a} and {@code b} into {@code out} computed in {@code compute}; each operand an
     * instance of out's element count (row-major, no broadcasting) or, where its instance is null, the constant
     * {@code ca} / {@code cb}. True when done.
     */
    public static boolean binary(BinaryOp op, FieldType compute, Instance a, Operand.Const ca, Instance b,
                                 Operand.Const cb, Instance out) {
        int n = out.size();
        if ((a != null && a.size() != n) || (b != null && b.size() != n) || (a == null && ca == null) || (b == null && cb == null)) {
            throw new IllegalArgumentException("binary " + op + ": operands " + (a == null ? ca : a.size() + " elements")
                    + " and " + (b == null ? cb : b.size() + " elements") + ", out of " + n);
        }
        Tile.View va = a != null ? Tile.View.whole(a) : Tile.View.constant(ca);
        Tile.View vb = b != null ? Tile.View.whole(b) : Tile.View.constant(cb);
        return ElementwiseKernels.binaryWhole(op, compute, va, vb, Tile.View.whole(out), n);
    }

    /**
     * NumPy reduction {@code op} of all of {@code in} (row-major, at least one element) computed in {@code compute}
     * into the one-element accumulator {@code acc}, which it initialises first: the REDUCE task's body for the one
     * point of a full reduction; the caller folds {@code acc} into the result as the runtime folds a point's
     * accumulator.
     */
    public static void reduceAll(ReduceOp op, FieldType compute, Instance in, Instance acc) {
        if (in.size() == 0 || acc.size() != 1) {
            throw new IllegalArgumentException("reduce " + op + ": " + in.size() + " elements into " + acc.size());
        }
        ReductionKernels.reduceWhole(op, compute, Tile.View.whole(in), Tile.View.fixed(acc), in.size());
    }

    /**
     * The first index of {@code in} (row-major) whose element equals the one element of {@code ref} (same type; NaN
     * matches the first NaN), or -1: ARG_REDUCE's dense row, NumPy's {@code argmax}/{@code argmin} of all of
     * {@code in} once {@code ref} holds its maximum/minimum.
     */
    public static long indexOf(Instance in, Instance ref) {
        if (in.type() != ref.type() || ref.size() != 1) {
            throw new IllegalArgumentException("indexOf: " + in.type() + " elements, reference " + ref.type() + " of "
                    + ref.size());
        }
        return ReductionKernels.indexOfWhole(Tile.View.whole(in), Tile.View.fixed(ref), in.size());
    }

    /**
     * COPY/CONVERT of a strided view of {@code in} into {@code out} (dense, row-major, from element 0), converting to
     * out's type as NumPy's cast does: the element at view index {@code i} (row-major over {@code shape}) is {@code in}'s
     * element {@code offset + sum_k i[k] lstride[k]} (linear, in in's row-major order; a stride may be negative or 0).
     * The innermost dimension runs COPY's own loop ({@code DataLoops.convert}, the one the task's rows call), so the
     * values are the task's.
     *
     * @throws IllegalArgumentException when out does not hold exactly the view's elements
     */
    public static void gather(Instance in, long offset, long[] lstride, long[] shape, Instance out) {
        int dims = shape.length;
        long total = 1;
        for (long e : shape) {
            total *= e;
        }
        if (total != out.size() || lstride.length != dims) {
            throw new IllegalArgumentException("gather of shape " + java.util.Arrays.toString(shape) + " into " + out.size() + " elements");
        }
        if (total == 0) {
            return;
        }
        int inner = dims == 0 ? 1 : Math.toIntExact(shape[dims - 1]);
        int innerStride = dims == 0 ? 0 : Math.toIntExact(lstride[dims - 1]);
        long[] i = new long[Math.max(0, dims - 1)];
        long q = offset;
        for (int p = 0; p < total; p += inner) {
            DataLoops.convert(in.type(), in.array(), Math.toIntExact(q), innerStride, out.type(), out.array(), p, 1, inner);
            for (int d = dims - 2; d >= 0; d--) {
                q += lstride[d];
                if (++i[d] < shape[d]) {
                    break;
                }
                q -= lstride[d] * shape[d];
                i[d] = 0;
            }
        }
    }
}
