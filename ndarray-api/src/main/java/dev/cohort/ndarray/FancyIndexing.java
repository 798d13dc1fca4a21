package dev.cohort.ndarray;

import dev.cohort.partitioner.Role;
import dev.cohort.runtime.geometry.Point;
import dev.cohort.runtime.geometry.Rect;
import dev.cohort.runtime.launch.ReductionOp;
import dev.cohort.runtime.partition.Projection;
import dev.cohort.runtime.partition.Replicated;
import dev.cohort.runtime.partition.Tiling;
import dev.cohort.tasks.IndexKernels;
import dev.cohort.tasks.OpCode;
import dev.cohort.tasks.ReduceOp;

import java.util.List;

/**
 * Integer-array ("fancy") indexing along an axis — {@code take}, {@code a[idx]}, {@code a[idx] = v},
 * {@code put} — and {@code bincount}, over the tasks of {@link IndexKernels}. Indices are checked on the
 * program thread (their minimum and maximum are read back) so that a bad index raises NumPy's
 * {@code IndexError} at the call.
 *
 * <p>Distribution: a gather is tiled over the result's rows, each point reading its rows of the index
 * array and the whole source (a replicated read: an all-gather of the source, since which rows a tile
 * needs depends on the data); a scatter runs as one point on every shard's copy, in index order, so that
 * repeated indices resolve as in NumPy (the last one wins); bincount folds per-tile partial counts in
 * launch-point order, the same bits on every shard.
 */
final class FancyIndexing {
    private FancyIndexing() {
    }

    /** NumPy: {@code IndexError: arrays used as indices must be of integer (or boolean) type}. */
    static void checkIndexType(NdArray idx) {
        if (idx.dtype() != DType.INT64 && idx.dtype() != DType.INT32) {
            throw new NdIndexException("arrays used as indices must be of integer (or boolean) type");
        }
    }

    /** Checks every index against {@code size} along {@code axis} (reads the indices' minimum and maximum). */
    static void checkBounds(NdArray idx, long size, int axis) {
        if (idx.size() == 0) {
            return;
        }
        long max = ((Number) Reductions.reduce(ReduceOp.MAX, idx, null, false).item()).longValue();
        long min = ((Number) Reductions.reduce(ReduceOp.MIN, idx, null, false).item()).longValue();
        long bad = max >= size ? max : min < -size ? min : 0;
        if (max >= size || min < -size) {
            throw new NdIndexException("index " + bad + " is out of bounds for axis " + axis + " with size " + size);
        }
    }

    /** NumPy {@code take(a, indices, axis)}; {@code axis == null}: of the flattened array. */
    static NdArray take(NdArray a, NdArray indices, Integer axis) {
        checkIndexType(indices);
        if (axis == null) {
            return take(a.ndim() == 1 ? a : a.reshape(a.size()), indices, 0);
        }
        int ax = Shapes.axis(axis, a.ndim());
        if (ax != 0) {
            int[] perm = moveFirst(a.ndim(), ax);
            NdArray t = take(a.transpose(perm), indices, 0);
            // t's dims: indices' dims, then a's dims but ax; put the indices' dims back at ax
            int k = indices.ndim();
            int[] back = new int[t.ndim()];
            int p = 0;
            for (int d = 0; d < ax; d++) {
                back[p++] = k + d;
            }
            for (int d = 0; d < k; d++) {
                back[p++] = d;
            }
            for (int d = ax; d < a.ndim() - 1; d++) {
                back[p++] = k + d;
            }
            return t.transpose(back).copy();
        }
        long rows = a.shape[0];
        checkBounds(indices, rows, 0);
        long[] rest = java.util.Arrays.copyOfRange(a.shape, 1, a.ndim());
        long re = Shapes.volume(rest);
        long m = indices.size();
        long[] shape = concat(indices.shape, rest);
        NdArray out = Creation.empty(a.ctx, a.dtype(), new long[]{m, re});
        if (m > 0 && re > 0) {
            NdArray src = Sorting.freshForReading(a);
            NdArray idx = Sorting.freshForReading(indices.reshape(m, 1));
            Tiling t = Sorting.tiling(out, new int[]{1});
            Tiling ti = Tiling.of(t.shape(0), 1);
            Rect tiles = t.colorSpace(out.base.logical().bounds());
            Projection id = Projection.identity(2);
            Sorting.exec(OpCode.GATHER_ROWS.taskId(), Sorting.grid(tiles), List.of(
                            new Sorting.Req(src, Replicated.INSTANCE, constant(src), Role.READ),
                            new Sorting.Req(idx, ti, id, Role.READ),
                            new Sorting.Req(out, t, id, Role.WRITE)),
                    new IndexKernels.GatherRows(0, 1, 2, rows, re).encode(), null);
        }
        return out.reshape(shape);
    }

    /** NumPy {@code a[idx] = values} along the first axis (values broadcast to {@code idx.shape + a.shape[1:]}). */
    static void setRows(NdArray a, NdArray indices, Object values) {
        checkIndexType(indices);
        if (a.ndim() == 0) {
            throw new NdIndexException("too many indices for array: array is 0-dimensional, but 1 were indexed");
        }
        long rows = a.shape[0];
        checkBounds(indices, rows, 0);
        long m = indices.size();
        if (m == 0 || a.size() == 0) {
            return;
        }
        long[] rest = java.util.Arrays.copyOfRange(a.shape, 1, a.ndim());
        long[] target = concat(indices.shape, rest);
        NdArray v = values instanceof NdArray va ? va : Creation.full(a.ctx, DType.FLOAT64, new long[0],
                ((Number) values).doubleValue());
        NdArray vals = Creation.empty(a.ctx, a.dtype(), target);
        Indexing.assign(vals, v); // broadcasts v as NumPy's assignment does, converting to a's dtype
        scatter(a, indices.reshape(m), vals.reshape(m, Shapes.volume(rest)), rows, Shapes.volume(rest));
    }

    /** NumPy {@code put(a, ind, v)}: {@code a.flat[ind[i]] = v[i mod len(v)]}, in index order. */
    static void put(NdArray a, NdArray indices, NdArray values) {
        checkIndexType(indices);
        long n = a.size();
        if (indices.size() == 0) {
            return;
        }
        if (values.size() == 0) {
            throw new IllegalArgumentException("cannot replace elements of an empty array");
        }
        checkBounds(indices, n, 0);
        NdArray flat = Sorting.fresh(a.reshape(n));
        scatter(flat, indices.reshape(indices.size()), Elementwise.astype(values.reshape(values.size()), a.dtype(), true)
                .reshape(values.size(), 1), n, 1);
        Indexing.assign(a, flat.reshape(a.shape));
    }

    /** Rows {@code idx[i]} of {@code a} (any view) := rows of {@code vals} (2-d, a's dtype), by one point per shard. */
    private static void scatter(NdArray a, NdArray idx, NdArray vals, long rows, long re) {
        NdArray dst = Sorting.fresh(a.reshape(rows, re));
        NdArray i = Sorting.fresh(idx);
        NdArray v = Sorting.fresh(vals);
        Rect one = Rect.ofExtents(1);
        Sorting.exec(OpCode.SCATTER_ROWS.taskId(), Sorting.grid(one), List.of(
                        new Sorting.Req(dst, Replicated.INSTANCE, constant(dst), Role.READ_WRITE),
                        new Sorting.Req(i, Replicated.INSTANCE, constant(i), Role.READ),
                        new Sorting.Req(v, Replicated.INSTANCE, constant(v), Role.READ)),
                new IndexKernels.ScatterRows(0, 1, 2, rows, re).encode(), null);
        Indexing.assign(a, dst.reshape(a.shape));
    }

    /** NumPy {@code bincount(x, weights, minlength)}: int64 counts, or float64 sums of the weights. */
    static NdArray bincount(NdArray x, NdArray weights, long minlength) {
        if (x.ndim() != 1) {
            throw new IllegalArgumentException("object too deep for desired array");
        }
        if (x.dtype() != DType.INT64 && x.dtype() != DType.INT32 && x.dtype() != DType.BOOL) {
            throw new DTypeException("Cannot cast array data from dtype('" + x.dtype()
                    + "') to dtype('int64') according to the rule 'safe'");
        }
        if (minlength < 0) {
            throw new IllegalArgumentException("'minlength' must not be negative");
        }
        if (weights != null && !java.util.Arrays.equals(weights.shape, x.shape)) {
            throw new IllegalArgumentException("The weights and list don't have the same length.");
        }
        NdArray xi = x.dtype() == DType.BOOL ? Elementwise.astype(x, DType.INT64, true) : x;
        long length = minlength;
        if (x.size() > 0) {
            long min = ((Number) Reductions.reduce(ReduceOp.MIN, xi, null, false).item()).longValue();
            if (min < 0) {
                throw new IllegalArgumentException("'list' argument must have no negative elements");
            }
            long max = ((Number) Reductions.reduce(ReduceOp.MAX, xi, null, false).item()).longValue();
            length = Math.max(length, max + 1);
        }
        DType type = weights == null ? DType.INT64 : DType.FLOAT64;
        NdArray out = Creation.full(x.ctx, type, new long[]{length}, 0);
        if (x.size() == 0 || length == 0) {
            return out;
        }
        NdArray xs = Sorting.fresh(xi);
        Tiling t = Sorting.tiling(xs, new int[0]);
        Rect tiles = t.colorSpace(xs.base.logical().bounds());
        Projection id = Projection.identity(1);
        NdArray w = weights == null ? null : Sorting.fresh(Elementwise.astype(weights, DType.FLOAT64, false));
        List<Sorting.Req> reqs = w == null
                ? List.of(new Sorting.Req(xs, t, id, Role.READ),
                        new Sorting.Req(out, Replicated.INSTANCE, constant(out), Role.REDUCE, ReductionOp.SUM))
                : List.of(new Sorting.Req(xs, t, id, Role.READ),
                        new Sorting.Req(out, Replicated.INSTANCE, constant(out), Role.REDUCE, ReductionOp.SUM),
                        new Sorting.Req(w, t, id, Role.READ));
        Sorting.exec(OpCode.BINCOUNT.taskId(), Sorting.grid(tiles), reqs,
                new IndexKernels.Bincount(0, w == null ? -1 : 2, 1).encode(), null);
        return out;
    }

    private static Projection constant(NdArray a) {
        return Projection.constant(Point.zeros(a.base.logical().bounds().dim()));
    }

    private static long[] concat(long[] a, long[] b) {
        long[] out = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }

    /** The permutation that moves {@code axis} to the front, keeping the others in order. */
    private static int[] moveFirst(int ndim, int axis) {
        int[] perm = new int[ndim];
        perm[0] = axis;
        int p = 1;
        for (int d = 0; d < ndim; d++) {
            if (d != axis) {
                perm[p++] = d;
            }
        }
        return perm;
    }
}
