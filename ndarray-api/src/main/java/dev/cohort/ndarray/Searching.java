package dev.cohort.ndarray;

import dev.cohort.partitioner.Role;
import dev.cohort.runtime.geometry.Point;
import dev.cohort.runtime.geometry.Rect;
import dev.cohort.runtime.partition.Projection;
import dev.cohort.runtime.partition.Replicated;
import dev.cohort.runtime.partition.Tiling;
import dev.cohort.tasks.ArgReduceOp;
import dev.cohort.tasks.BinaryOp;
import dev.cohort.tasks.OpCode;
import dev.cohort.tasks.ReduceOp;
import dev.cohort.tasks.SearchKernels;
import dev.cohort.tasks.SortArgs;
import dev.cohort.tasks.UnaryOp;

import java.util.List;

/**
 * NumPy's searching family and the sort-based leftovers of the sorting family: {@code searchsorted} (task
 * SEARCHSORTED, 1280: the values tiled, the sorted array read whole by every tile), and compositions of it and
 * of the distributed sort, scans and reductions: {@code digitize}, {@code isin}, {@code lexsort},
 * {@code partition}/{@code argpartition}, in-place {@code ndarray.sort}, the NaN-ignoring {@code nanargmax},
 * {@code nanargmin}, {@code nancumsum}, {@code nancumprod}, {@code nanprod}, {@code nanmedian},
 * {@code nanquantile}, {@code nanpercentile}.
 */
final class Searching {
    private Searching() {
    }

    static NdArray flat(NdArray a) {
        return a.ndim() == 1 ? a : a.reshape(a.size());
    }

    /** NumPy's checks of a 1-d array argument ("object too deep" / "of too small depth for desired array"). */
    static void check1d(NdArray a) {
        if (a.ndim() > 1) {
            throw new IllegalArgumentException("object too deep for desired array");
        }
        if (a.ndim() == 0) {
            throw new IllegalArgumentException("object of too small depth for desired array");
        }
    }

    static boolean right(String side) {
        if ("left".equals(side)) {
            return false;
        }
        if ("right".equals(side)) {
            return true;
        }
        throw new IllegalArgumentException("search side must be 'left' or 'right' (got '" + side + "')");
    }

    // ------------------------------------------------------------------ searchsorted

    /** NumPy {@code searchsorted(a, v, side)}: int64 insertion indices of {@code v} in the sorted 1-d {@code a}. */
    static NdArray searchsorted(NdArray a, NdArray v, String side) {
        boolean right = right(side);
        check1d(a);
        DType t = DType.promote(a.dtype(), v.dtype());
        if (v.size() == 0 || a.size() == 0) {
            return Creation.full(v.ctx, DType.INT64, v.shape, 0);
        }
        NdArray s = Sorting.fresh(a.dtype() == t ? a : Elementwise.astype(a, t, true));
        NdArray x = Sorting.fresh(flat(v.dtype() == t ? v : Elementwise.astype(v, t, true)));
        NdArray out = Creation.empty(v.ctx, DType.INT64, x.shape);
        Tiling tl = Sorting.tiling(x, new int[0]);
        Rect tiles = tl.colorSpace(x.base.logical().bounds());
        Projection id = Projection.identity(1);
        Sorting.exec(OpCode.SEARCHSORTED.taskId(), Sorting.grid(tiles), List.of(
                        new Sorting.Req(s, Replicated.INSTANCE, Projection.constant(Point.zeros(1)), Role.READ),
                        new Sorting.Req(x, tl, id, Role.READ),
                        new Sorting.Req(out, tl, id, Role.WRITE)),
                new SearchKernels.SearchSorted(0, 1, 2, right).encode(), null);
        return out.reshape(v.shape);
    }

    /** True when every {@code d[i] >= 0} (or {@code <= 0} with {@code decreasing}) over {@code diff(b)}. */
    private static boolean monotonic(NdArray b, boolean decreasing) {
        if (b.size() < 2) {
            return true;
        }
        NdArray hi = b.get(Slice.of(1L, null, null));
        NdArray lo = b.get(Slice.of(null, -1L, null));
        NdArray ok = Elementwise.binary(decreasing ? BinaryOp.LESS_EQUAL : BinaryOp.GREATER_EQUAL, hi, lo, null);
        return (Boolean) Reductions.reduce(ReduceOp.ALL, ok, null, false).item();
    }

    /** NumPy {@code digitize(x, bins, right)}: the int64 index of the bin of every element of {@code x}. */
    static NdArray digitize(NdArray x, NdArray bins, boolean right) {
        check1d(bins);
        String side = right ? "left" : "right";
        if (monotonic(bins, false)) {
            return searchsorted(bins, x, side);
        }
        if (!monotonic(bins, true)) {
            throw new IllegalArgumentException("bins must be monotonically increasing or decreasing");
        }
        NdArray rev = bins.get(Slice.of(null, null, -1L));
        return Elementwise.binary(BinaryOp.SUBTRACT, bins.shape[0], searchsorted(rev, x, side), null);
    }

    /** NumPy {@code isin(element, test_elements, invert=invert)}: bool of {@code element}'s shape. */
    static NdArray isin(NdArray element, NdArray test, boolean invert) {
        NdArray r;
        if (test.size() == 0 || element.size() == 0) {
            r = Creation.full(element.ctx, DType.BOOL, element.shape, 0);
        } else {
            DType t = DType.promote(element.dtype(), test.dtype());
            NdArray e = element.dtype() == t ? element : Elementwise.astype(element, t, true);
            NdArray s = Sorting.sort(test.dtype() == t ? test : Elementwise.astype(test, t, true), null, false);
            long n = s.shape[0];
            NdArray idx = searchsorted(s, e, "left");
            NdArray clipped = Elementwise.binary(BinaryOp.MINIMUM, idx, n - 1, null);
            NdArray found = FancyIndexing.take(s, clipped, null);
            r = Elementwise.binary(BinaryOp.EQUAL, found, e, null);
        }
        return invert ? Elementwise.unary(UnaryOp.LOGICAL_NOT, r, null) : r;
    }

    /** NumPy {@code lexsort(keys)} for 1-d keys: stable argsorts from the first key (least significant) to the last. */
    static NdArray lexsort(NdArray[] keys) {
        if (keys.length == 0) {
            throw new IllegalArgumentException("need sequence of keys with len > 0 in lexsort");
        }
        for (NdArray k : keys) {
            if (!java.util.Arrays.equals(k.shape, keys[0].shape)) {
                throw new IllegalArgumentException("all keys need to be the same shape");
            }
        }
        if (keys[0].ndim() != 1) {
            throw new IllegalArgumentException("lexsort: Cohort sorts 1-d keys only; got keys of shape "
                    + java.util.Arrays.toString(keys[0].shape));
        }
        NdArray idx = Sorting.sort(keys[0], 0, true);
        for (int j = 1; j < keys.length; j++) {
            NdArray kj = FancyIndexing.take(keys[j], idx, null);
            idx = FancyIndexing.take(idx, Sorting.sort(kj, 0, true), null);
        }
        return idx;
    }

    /** NumPy {@code lexsort(keys)} with the keys the rows of a 2-d array. */
    static NdArray lexsort(NdArray keys) {
        if (keys.ndim() == 0) {
            throw new IllegalArgumentException("need sequence of keys with len > 0 in lexsort");
        }
        if (keys.ndim() == 1) {
            return lexsort(new NdArray[]{keys});
        }
        if (keys.shape[0] == 0) {
            throw new IllegalArgumentException("need sequence of keys with len > 0 in lexsort");
        }
        NdArray[] k = new NdArray[(int) keys.shape[0]];
        for (int i = 0; i < k.length; i++) {
            k[i] = keys.get(Long.valueOf(i));
        }
        return lexsort(k);
    }

    /** NumPy {@code partition}/{@code argpartition(a, kth, axis)} through the full distributed sort. */
    static NdArray partition(NdArray a, long kth, Integer axis, boolean arg) {
        if (axis == null) {
            return partition(flat(a), kth, 0, arg);
        }
        if (a.ndim() == 0) {
            throw new AxisException("axis " + axis + " is out of bounds for array of dimension 0");
        }
        int ax = Shapes.axis(axis, a.ndim());
        long n = a.shape[ax];
        if (kth >= n || kth < -n) {
            throw new IllegalArgumentException("kth(=" + (kth < 0 ? kth + n : kth) + ") out of bounds (" + n + ")");
        }
        return Sorting.sort(a, ax, arg);
    }

    /** NumPy {@code a.sort(axis)}: {@code a} sorted in place. */
    static void sortInPlace(NdArray a, int axis) {
        if (a.ndim() == 0) {
            throw new AxisException("axis " + axis + " is out of bounds for array of dimension 0");
        }
        NdArray s = Sorting.sort(a, axis, false);
        Indexing.assign(a, s);
    }

    // ------------------------------------------------------------------ NaN-ignoring leftovers

    private static NdArray isnan(NdArray a) {
        return Elementwise.binary(BinaryOp.NOT_EQUAL, a, a, null);
    }

    /** NumPy {@code nanargmax}/{@code nanargmin(a, axis)}: NaNs skipped; an all-NaN slice raises. */
    static NdArray nanArg(ArgReduceOp op, NdArray a, Integer axis) {
        if (!a.dtype().isFloating()) {
            return Reductions.argReduce(op, a, axis);
        }
        int ax = axis == null ? -1 : Shapes.axis(axis, a.ndim());
        if (ax < 0 ? a.size() == 0 : a.shape[ax] == 0) {
            return Reductions.argReduce(op, a, axis); // NumPy's "attempt to get argmax of an empty sequence"
        }
        if (a.size() == 0) {
            return Reductions.argReduce(op, a, axis);
        }
        NdArray mask = isnan(a);
        NdArray allNan = Reductions.reduce(ReduceOp.ALL, mask, axis, false);
        if ((Boolean) Reductions.reduce(ReduceOp.ANY, allNan, null, false).item()) {
            throw new IllegalArgumentException("All-NaN slice encountered");
        }
        double fill = op == ArgReduceOp.ARGMAX ? Double.NEGATIVE_INFINITY : Double.POSITIVE_INFINITY;
        return Reductions.argReduce(op, Elementwise.where(mask, fill, a), axis);
    }

    /** NumPy {@code nancumsum}/{@code nancumprod(a, axis)}: NaNs taken as 0 / 1, then the distributed scan. */
    static NdArray nanScan(NdArray a, Integer axis, SortArgs.ScanOp op) {
        if (axis != null && a.ndim() == 0) {
            throw new AxisException("axis " + axis + " is out of bounds for array of dimension 0");
        }
        NdArray x = a.dtype().isFloating()
                ? Elementwise.where(isnan(a), op == SortArgs.ScanOp.SUM ? 0.0 : 1.0, a) : a;
        return Sorting.scan(x, axis, op);
    }

    /**
     * NumPy {@code nanquantile(a, q)} ({@code method='linear'}) of the flattened array: the distributed sort puts the
     * NaNs last, so the quantile is taken over the sorted prefix of the {@code c} non-NaN values; NaN when {@code c == 0}.
     */
    static NdArray nanQuantile(NdArray a, double q, String name) {
        if (!(q >= 0 && q <= 1)) {
            throw new IllegalArgumentException(name.equals("nanpercentile") ? "Percentiles must be in the range [0, 100]"
                    : "Quantiles must be in the range [0, 1]");
        }
        DType rt = a.dtype() == DType.FLOAT32 ? DType.FLOAT32 : DType.FLOAT64;
        if (a.size() == 0) {
            return Creation.full(a.ctx, rt, new long[0], Double.NaN);
        }
        NdArray s = Sorting.sort(a, null, false);
        long c = a.size();
        if (a.dtype().isFloating()) {
            c -= Sorting.countNonzero(isnan(a));
        }
        if (c == 0) {
            return Creation.full(a.ctx, rt, new long[0], Double.NaN);
        }
        double idx = q * (c - 1);
        long i0 = (long) Math.floor(idx);
        long i1 = Math.min(i0 + 1, c - 1);
        double t = idx - i0;
        double x0 = at(s, i0);
        double x1 = at(s, i1);
        double v;
        if (rt == DType.FLOAT32) {
            float a0 = (float) x0;
            float a1 = (float) x1;
            float tt = (float) t;
            float d = a1 - a0;
            v = tt >= 0.5f ? a1 - d * (1 - tt) : a0 + d * tt;
        } else {
            double d = x1 - x0;
            v = t >= 0.5 ? x1 - d * (1 - t) : x0 + d * t;
        }
        return Creation.full(a.ctx, rt, new long[0], v);
    }

    private static double at(NdArray s, long i) {
        return ((Number) s.get(Long.valueOf(i)).astype(DType.FLOAT64).item()).doubleValue();
    }

    /**
     * NumPy {@code nanvar(a, axis, ddof, keepdims)}: with {@code c} the non-NaN count, the mean {@code m} of the
     * non-NaN elements and {@code sum((a - m)**2 over non-NaN) / (c - ddof)}; NaN where {@code c - ddof <= 0}.
     */
    static NdArray nanVar(NdArray a, Integer axis, int ddof, boolean keepdims) {
        if (!a.dtype().isFloating()) {
            return Statistics.var(a, axis, ddof, keepdims);
        }
        if (axis != null) {
            Shapes.axis(axis, a.ndim());
        }
        NdArray mask = isnan(a);
        NdArray keep = Elementwise.unary(UnaryOp.LOGICAL_NOT, mask, null);
        NdArray x = Elementwise.where(mask, 0.0, a);
        NdArray cntK = Elementwise.astype(Reductions.reduce(ReduceOp.SUM, keep, axis, true), a.dtype(), true);
        NdArray avg = Elementwise.binary(BinaryOp.DIVIDE, Reductions.reduce(ReduceOp.SUM, x, axis, true), cntK, null);
        NdArray d = Elementwise.where(mask, 0.0, Elementwise.binary(BinaryOp.SUBTRACT, x, avg, null));
        NdArray sq = Reductions.reduce(ReduceOp.SUM, Elementwise.binary(BinaryOp.MULTIPLY, d, d, null), axis, keepdims);
        NdArray cnt = Elementwise.astype(Reductions.reduce(ReduceOp.SUM, keep, axis, keepdims), a.dtype(), true);
        NdArray dof = Elementwise.binary(BinaryOp.SUBTRACT, cnt, (double) ddof, null);
        NdArray v = Elementwise.binary(BinaryOp.DIVIDE, sq, dof, null);
        return Elementwise.where(Elementwise.binary(BinaryOp.LESS_EQUAL, dof, 0.0, null), Double.NaN, v);
    }
}
