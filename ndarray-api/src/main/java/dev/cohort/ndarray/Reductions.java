package dev.cohort.ndarray;

import dev.cohort.partitioner.Role;
import dev.cohort.runtime.launch.Access;
import dev.cohort.runtime.launch.Decisive;
import dev.cohort.runtime.launch.ReductionOp;
import dev.cohort.tasks.ArgReduceKeys;
import dev.cohort.tasks.ArgReduceOp;
import dev.cohort.tasks.Args;
import dev.cohort.tasks.BinaryOp;
import dev.cohort.tasks.OpCode;
import dev.cohort.tasks.Operand;
import dev.cohort.tasks.ReduceOp;

import java.util.ArrayList;
import java.util.List;

import static dev.cohort.ndarray.Launches.*;

/**
 * NumPy's reductions: {@code sum}, {@code prod}, {@code max}, {@code min}, {@code any}, {@code all},
 * {@code mean}, {@code argmax}, {@code argmin}, over all elements or one axis ({@code keepdims}). The output
 * is a REDUCE store filled with the operation's identity; a full reduction of a deferred array runs fused
 * ({@link Fusion#reduce}).
 */
final class Reductions {
    private Reductions() {
    }

    static NdArray reduce(ReduceOp op, NdArray a, Integer axis, boolean keepdims) {
        DType in = a.dtype();
        DType result = switch (op) {
            case SUM, PROD -> in.isFloating() ? in : DType.INT64;
            case MAX, MIN -> in;
            case ANY, ALL -> DType.BOOL;
        };
        return reduceAs(op, a, axis, keepdims, result);
    }

    private static NdArray reduceAs(ReduceOp op, NdArray a, Integer axis, boolean keepdims, DType result) {
        int ax = axis == null ? -1 : Shapes.axis(axis, a.ndim());
        if ((ax < 0 ? a.size() == 0 : a.shape[ax] == 0) && (op == ReduceOp.MAX || op == ReduceOp.MIN)) {
            // NumPy: only a reduction over an empty axis has no value (max of (3, 0) along 0 is an empty array)
            throw new ShapeMismatchException("zero-size array to reduction operation " + (op == ReduceOp.MAX ? "maximum" : "minimum")
                    + " which has no identity");
        }
        long[] outShape = reducedShape(a.shape, ax, keepdims);
        NdArray out = Creation.empty(a.ctx, result, outShape);
        if (Shapes.volume(outShape) == 0) {
            return out;                         // nothing to compute (e.g. max of (3, 0) along axis 0)
        }
        ReductionOp redop = op.runtimeOp();
        long identity = redop.identityBits(result.fieldType());
        if (ax < 0 && result == DType.BOOL && a.dtype() == DType.BOOL) {
            // any/all/max/min of a bool array: its first elements, read in place, usually decide it
            boolean deciding = op == ReduceOp.ANY || op == ReduceOp.MAX;
            if (firstHeld(a, deciding) >= 0) {
                out.base.fill(deciding ? 1 : 0);
                return out;
            }
        }
        if (identity != 0) {
            out.base.fill(identity);
        }
        List<Slot> slots = new ArrayList<>();
        slots.add(new Slot(out, reducedAccess(out, ax, keepdims, a.ndim()), Role.REDUCE));
        DType compute = op == ReduceOp.ANY || op == ReduceOp.ALL ? DType.BOOL : result;
        if (ax < 0 && Fusion.reduce(op, compute, slots.get(0), a)) {
            // a deferred expression reduced without materialising it (FUSED_REDUCE)
            return out;
        }
        if (ax < 0 && a.size() > 0 && out.base.isEager() && Eager.dense(a.ctx, a, a.shape)) {
            Eager.reduce(a.ctx, op, compute, redop, a, out);
            return out;
        }
        Operand oin = input(slots, a, a.shape, out);
        launchReduction(OpCode.REDUCE.taskId(), a.shape, slots, redop, decisive(redop, result), space ->
                new Args.Reduce(op, compute.fieldType(), space, oin, operand(slots, 0)).encode());
        return out;
    }

    /**
     * The value of a {@code result}-typed MAX or MIN accumulator that no other element can change (any reaching true,
     * all reaching false, an integer maximum reaching the type's largest value), or null (SUM, PROD, floating point:
     * a later NaN would still change a float's maximum): the runtime then skips the point tasks left once one point
     * reached it ({@link Decisive}), as NumPy's {@code any} and {@code all} stop at the first deciding element.
     */
    static Decisive decisive(ReductionOp redop, DType result) {
        boolean max = redop == ReductionOp.MAX;
        if (!max && redop != ReductionOp.MIN) {
            return null;
        }
        return switch (result.fieldType()) {
            case BOOL -> new Decisive(max ? 1 : 0, false);
            case INT64 -> new Decisive(max ? Long.MAX_VALUE : Long.MIN_VALUE, false);
            case INT32 -> new Decisive(max ? Integer.MAX_VALUE : Integer.MIN_VALUE, false);
            case FLOAT64, FLOAT32 -> null;
        };
    }

    static NdArray mean(NdArray a, Integer axis, boolean keepdims) {
        int ax = axis == null ? -1 : Shapes.axis(axis, a.ndim());
        DType result = a.dtype().isFloating() ? a.dtype() : DType.FLOAT64;
        // bool: the int64 count of trues (sum's own loop, bytes counted, not converted) is exactly the float64 sum of
        // 0s and 1s NumPy accumulates (an integer below 2^53 in any order), so the quotient has NumPy's bits;
        // 1e7 elements 5.9 ms -> the count's 0.4 (NumPy 4.6)
        NdArray s = a.dtype() == DType.BOOL ? reduce(ReduceOp.SUM, a, axis, keepdims) : reduceAs(ReduceOp.SUM, a, axis, keepdims, result);
        long count = ax < 0 ? a.size() : a.shape[ax];
        // deferred, not in place: a whole mean's one element is then divided where it is read, with no launch
        return Elementwise.binary(BinaryOp.DIVIDE, s, (double) count, null);
    }

    static NdArray argReduce(ArgReduceOp op, NdArray a, Integer axis) {
        String name = op == ArgReduceOp.ARGMAX ? "argmax" : "argmin";
        int ax = axis == null ? -1 : Shapes.axis(axis, a.ndim());
        if (ax < 0 ? a.size() == 0 : a.shape[ax] == 0) {
            throw new ShapeMismatchException("attempt to get " + name + " of an empty sequence");
        }
        if (a.size() == 0) {
            // an empty result along a non-empty axis (NumPy: argmax of (3, 0) along 0 is an empty int64 array)
            return Creation.empty(a.ctx, DType.INT64, reducedShape(a.shape, ax, false));
        }
        if (ax < 0 && Eager.dense(a.ctx, a, a.shape)) {
            // a small dense array: its maximum (minimum) by the REDUCE row, then the first index holding it
            NdArray ref = reduce(op == ArgReduceOp.ARGMAX ? ReduceOp.MAX : ReduceOp.MIN, a, null, false);
            NdArray out = Creation.empty(a.ctx, DType.INT64, new long[0]);
            if (ref.base.isEager() && out.base.isEager()) {
                Eager.argIndex(a.ctx, a, ref, out);
                return out;
            }
        }
        if (ax < 0 && a.dtype() == DType.BOOL) {
            // the first true (argmax) or false (argmin) element, read in place, is the answer when the first elements hold one
            long k = firstHeld(a, op == ArgReduceOp.ARGMAX);
            if (k >= 0) {
                NdArray out = Creation.empty(a.ctx, DType.INT64, new long[0]);
                out.base.fill(k);
                return out;
            }
        }
        if (ArgReduceKeys.applies(a.dtype().fieldType(), a.size())) {
            // one pass: MIN over keys (rank of the value, then the index), then the index bits of the key
            NdArray keys = Creation.empty(a.ctx, DType.INT64, reducedShape(a.shape, ax, false));
            keys.base.fill(Long.MAX_VALUE);
            List<Slot> slots = new ArrayList<>();
            slots.add(new Slot(keys, reducedAccess(keys, ax, false, a.ndim()), Role.REDUCE));
            Operand oin = input(slots, a, a.shape, keys);
            // a key of rank 0 (the best value there is: true for argmax of bool, a NaN, the type's extreme) decides
            // against every later element; over the whole array, points in launch order cover it in increasing order
            Decisive best = ax < 0 ? new Decisive(ArgReduceKeys.INDEX_MASK, true) : null;
            launchReduction(OpCode.ARG_REDUCE.taskId(), a.shape, slots, ReductionOp.MIN, best, space ->
                    Args.ArgReduce.keyed(op, space, ax, oin, operand(slots, 0)).encode());
            // deferred, not in place: a whole reduction's one element is then masked where it is read, with no launch
            return Elementwise.binary(BinaryOp.BITWISE_AND, keys, ArgReduceKeys.INDEX_MASK, null);
        }
        NdArray ref = reduce(op == ArgReduceOp.ARGMAX ? ReduceOp.MAX : ReduceOp.MIN, a, axis, false);
        NdArray out = Creation.empty(a.ctx, DType.INT64, ref.shape);
        out.base.fill(Long.MAX_VALUE);
        List<Slot> slots = new ArrayList<>();
        slots.add(new Slot(out, reducedAccess(out, ax, false, a.ndim()), Role.REDUCE));
        Operand oin = input(slots, a, a.shape, out);
        slots.add(new Slot(ref, reducedAccess(ref, ax, false, a.ndim()), Role.READ));
        Operand oref = operand(slots, slots.size() - 1);
        launch(OpCode.ARG_REDUCE.taskId(), a.shape, slots, new int[0], ReductionOp.MIN, false, space ->
                new Args.ArgReduce(op, space, ax, oin, oref, operand(slots, 0)).encode());
        return out;
    }

    /** Elements of a bool array {@link #firstHeld} reads in place: a 4 KiB prefix, 0.1-0.3 µs to scan. */
    static final int HELD_PREFIX = 4096;

    /**
     * The flat index of the first element equal to {@code value} among the first elements of {@code a} (a whole bool
     * array in row-major order, launched, on a runtime of one shard), read in place in the instance that holds them
     * ({@link dev.cohort.runtime.Runtime#heldInstance}: a read-only inline mapping, no launch, no copy), or -1 when
     * none of them is, or they cannot be read so: any/all/argmax/argmin then launch (their decisive launch still
     * stops early). The first elements are the first {@link #HELD_PREFIX} of a 1-d array, or the first row (all
     * dimensions but the first, when that many) of an n-d one; whatever the answer, it is the reduction's over the
     * whole array, since the elements before it are not {@code value} (NumPy's {@code any} stops at the same place).
     */
    static long firstHeld(NdArray a, boolean value) {
        if (a.size() == 0 || a.base.isEager() || a.base.pending != null || !a.coversBase() || !a.base.isLive()
                || a.ctx.runtime().shards() != 1) {
            return -1;
        }
        dev.cohort.runtime.region.Store store = a.base.store();
        dev.cohort.runtime.geometry.Rect bounds = store.bounds();
        int dims = bounds.dim();
        long[] lo = new long[dims];
        long[] hi = new long[dims];
        long rowVolume = 1;
        for (int d = 0; d < dims; d++) {
            lo[d] = bounds.lo(d);
            hi[d] = d == 0 ? bounds.lo(d) : bounds.hi(d);
            rowVolume *= d == 0 ? 1 : bounds.extent(d);
        }
        if (dims == 1) {
            hi[0] = Math.min(bounds.hi(0), bounds.lo(0) + HELD_PREFIX - 1);
        } else if (rowVolume > HELD_PREFIX) {
            return -1;
        }
        dev.cohort.runtime.geometry.Rect part = dev.cohort.runtime.geometry.Rect.of(lo, hi);
        dev.cohort.runtime.instance.Instance inst = a.ctx.runtime().heldInstance(store, part);
        if (inst == null) {
            return -1;
        }
        // the part's rows are contiguous in the instance when it spans the store in every dimension but the first
        for (int d = 1; d < dims; d++) {
            if (inst.rect().extent(d) != bounds.extent(d)) {
                return -1;
            }
        }
        byte[] data = inst.bools();
        int start = inst.index(dev.cohort.runtime.geometry.Point.of(lo));
        int n = Math.toIntExact(part.volume());
        byte want = (byte) (value ? 1 : 0);
        for (int i = 0; i < n; i++) {
            if (data[start + i] == want) {
                return i;
            }
        }
        return -1;
    }

    private static long[] reducedShape(long[] shape, int ax, boolean keepdims) {
        int kept = keepdims ? shape.length : ax < 0 ? 0 : shape.length - 1;
        long[] r = new long[kept];
        int i = 0;
        for (int d = 0; d < shape.length; d++) {
            if (ax < 0 || d == ax) {
                if (keepdims) {
                    r[i++] = 1L;
                }
            } else {
                r[i++] = shape[d];
            }
        }
        return r;
    }

    /** The access of a reduction's output from the input's iteration space. */
    private static Access reducedAccess(NdArray out, int ax, boolean keepdims, int ndim) {
        int[] it = out.view.iterDim().clone();
        for (int k = 0; k < it.length; k++) {
            int u = it[k];
            if (u < 0) {
                continue;
            }
            if (ax < 0) {
                it[k] = -1;
            } else if (keepdims) {
                it[k] = u == ax ? -1 : u;
            } else {
                it[k] = u < ax ? u : u + 1;
            }
        }
        return new Access(it, out.view.step(), out.view.start());
    }
}
