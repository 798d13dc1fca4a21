package dev.cohort.ndarray;

import dev.cohort.tasks.BinaryOp;
import dev.cohort.tasks.ReduceOp;
import dev.cohort.tasks.UnaryOp;

/**
 * NumPy's statistics composed from distributed element-wise operations and reductions ({@code var}, {@code std},
 * {@code ptp}, {@code average}, the NaN-ignoring reductions, {@code diff}) or from the distributed sort
 * ({@code median}, {@code percentile}, {@code quantile}).
 */
final class Statistics {
    private Statistics() {
    }

    private static NdArray asFloat(NdArray a) {
        return a.dtype().isFloating() ? a : Elementwise.astype(a, DType.FLOAT64, true);
    }

    /**
     * NumPy's two-pass {@code var}: {@code mean(abs(a - mean(a))**2) * n / (n - ddof)}, computed as
     * {@code sum((a - mean(a, keepdims))**2) / (n - ddof)}; a non-positive {@code n - ddof} gives inf/nan as NumPy.
     */
    static NdArray var(NdArray a, Integer axis, int ddof, boolean keepdims) {
        NdArray x = asFloat(a);
        int ax = axis == null ? -1 : Shapes.axis(axis, a.ndim());
        long n = ax < 0 ? a.size() : a.shape[ax];
        NdArray m = Reductions.mean(x, axis, true);
        NdArray d = Elementwise.binary(BinaryOp.SUBTRACT, x, m, null);
        NdArray sq = Elementwise.binary(BinaryOp.MULTIPLY, d, d, null);
        NdArray s = Reductions.reduce(ReduceOp.SUM, sq, axis, keepdims);
        return Elementwise.binary(BinaryOp.DIVIDE, s, (double) Math.max(n - ddof, 0), null);
    }

    static NdArray std(NdArray a, Integer axis, int ddof, boolean keepdims) {
        return Elementwise.unary(UnaryOp.SQRT, var(a, axis, ddof, keepdims), null);
    }

    /** NumPy {@code ptp}: {@code max - min}. */
    static NdArray ptp(NdArray a, Integer axis, boolean keepdims) {
        NdArray mx = Reductions.reduce(ReduceOp.MAX, a, axis, keepdims);
        NdArray mn = Reductions.reduce(ReduceOp.MIN, a, axis, keepdims);
        if (a.dtype() == DType.BOOL) {
            throw new DTypeException("numpy boolean subtract, the `-` operator, is not supported, use the bitwise_xor, the `^` operator, or the logical_xor function instead.");
        }
        return Elementwise.binary(BinaryOp.SUBTRACT, mx, mn, null);
    }

    /** NumPy {@code average(a, weights=w)} over all elements: {@code sum(a * w) / sum(w)}. */
    static NdArray average(NdArray a, NdArray w, Integer axis) {
        if (w == null) {
            return Reductions.mean(a, axis, false);
        }
        if (!java.util.Arrays.equals(a.shape, w.shape)) {
            if (axis == null) {
                throw new DTypeException("Axis must be specified when shapes of a and weights differ.");
            }
            throw new ShapeMismatchException("Shape of weights must be consistent with shape of a along specified axis.");
        }
        NdArray x = asFloat(a);
        NdArray ws = Reductions.reduce(ReduceOp.SUM, asFloat(w), axis, false);
        if (axis == null && ((Number) ws.item()).doubleValue() == 0.0) {
            throw new ArithmeticException("Weights sum to zero, can't be normalized");
        }
        NdArray num = Reductions.reduce(ReduceOp.SUM, Elementwise.binary(BinaryOp.MULTIPLY, x, w, null), axis, false);
        return Elementwise.binary(BinaryOp.DIVIDE, num, ws, null);
    }

    private static NdArray isnan(NdArray a) {
        return Elementwise.binary(BinaryOp.NOT_EQUAL, a, a, null);
    }

    /** NumPy {@code nansum}, {@code nanmax}, {@code nanmin}, {@code nanmean}: NaNs ignored (all-NaN max/min: NaN). */
    static NdArray nan(ReduceOp op, boolean mean, NdArray a, Integer axis, boolean keepdims) {
        if (!a.dtype().isFloating()) {
            return mean ? Reductions.mean(a, axis, keepdims) : Reductions.reduce(op, a, axis, keepdims);
        }
        NdArray nanMask = isnan(a);
        double fillValue = switch (op) {
            case MAX -> Double.NEGATIVE_INFINITY;
            case MIN -> Double.POSITIVE_INFINITY;
            case PROD -> 1.0;
            default -> 0.0;
        };
        NdArray filled = Elementwise.where(nanMask, fillValue, a);
        NdArray r = Reductions.reduce(op, filled, axis, keepdims);
        if (mean) {
            NdArray cnt = Reductions.reduce(ReduceOp.SUM, Elementwise.unary(UnaryOp.LOGICAL_NOT, nanMask, null), axis, keepdims);
            return Elementwise.binary(BinaryOp.DIVIDE, r, Elementwise.astype(cnt, a.dtype(), true), null);
        }
        if (op == ReduceOp.MAX || op == ReduceOp.MIN) {
            NdArray allNan = Reductions.reduce(ReduceOp.ALL, nanMask, axis, keepdims);
            return Elementwise.where(allNan, Double.NaN, r);
        }
        return r;
    }

    /** NumPy {@code diff(a, n, axis)}: {@code a[1:] - a[:-1]} along {@code axis}, {@code n} times ({@code !=} for bool). */
    static NdArray diff(NdArray a, int n, int axis) {
        if (n < 0) {
            throw new IllegalArgumentException("order must be non-negative but got " + n);
        }
        if (a.ndim() == 0) {
            throw new IllegalArgumentException("diff requires input that is at least one dimensional");
        }
        int ax = Shapes.axis(axis, a.ndim());
        NdArray r = a;
        for (int k = 0; k < n; k++) {
            Object[] hi = new Object[r.ndim()];
            Object[] lo = new Object[r.ndim()];
            for (int d = 0; d < r.ndim(); d++) {
                hi[d] = d == ax ? Slice.of(1L, null, null) : Slice.all();
                lo[d] = d == ax ? Slice.of(null, -1L, null) : Slice.all();
            }
            r = Elementwise.binary(r.dtype() == DType.BOOL ? BinaryOp.NOT_EQUAL : BinaryOp.SUBTRACT, r.get(hi), r.get(lo), null);
        }
        return r;
    }

    /**
     * NumPy {@code quantile(a, q)} with the default {@code method='linear'} over the flattened array: the sorted
     * array {@code s}, {@code i = q (n - 1)}, {@code lerp(s[floor i], s[floor i + 1], i - floor i)} (NumPy's
     * lerp: {@code b - (b - a)(1 - t)} when {@code t >= 0.5}); NaN when {@code a} has a NaN. A 0-d float array.
     */
    static NdArray quantile(NdArray a, double q, String name) {
        if (!(q >= 0 && q <= 1)) {
            throw new IllegalArgumentException(name.equals("percentile") ? "Percentiles must be in the range [0, 100]"
                    : "Quantiles must be in the range [0, 1]");
        }
        DType rt = a.dtype() == DType.FLOAT32 ? DType.FLOAT32 : DType.FLOAT64;
        if (a.size() == 0) {
            throw new NdIndexException("index -1 is out of bounds for axis 0 with size 0");
        }
        NdArray s = Sorting.sort(a, null, false);
        long n = s.shape[0];
        double last = ((Number) s.get(Long.valueOf(n - 1)).astype(DType.FLOAT64).item()).doubleValue();
        double v;
        if (Double.isNaN(last)) {
            v = Double.NaN;
        } else {
            double idx = q * (n - 1);
            long i0 = (long) Math.floor(idx);
            long i1 = Math.min(i0 + 1, n - 1);
            double t = idx - i0;
            double x0 = ((Number) s.get(Long.valueOf(i0)).astype(DType.FLOAT64).item()).doubleValue();
            double x1 = ((Number) s.get(Long.valueOf(i1)).astype(DType.FLOAT64).item()).doubleValue();
            if (rt == DType.FLOAT32) {
                float a0 = (float) x0, a1 = (float) x1, tt = (float) t;
                float d = a1 - a0;
                v = tt >= 0.5f ? a1 - d * (1 - tt) : a0 + d * tt;
            } else {
                double d = x1 - x0;
                v = t >= 0.5 ? x1 - d * (1 - t) : x0 + d * t;
            }
        }
        return Creation.full(a.ctx, rt, new long[0], v);
    }

    /** NumPy {@code median}: {@code quantile(a, 0.5)} (the mean of the two middle elements of an even count). */
    static NdArray median(NdArray a) {
        if (a.size() == 0) {
            return Creation.full(a.ctx, a.dtype() == DType.FLOAT32 ? DType.FLOAT32 : DType.FLOAT64, new long[0], Double.NaN);
        }
        return quantile(a, 0.5, "median");
    }
}
