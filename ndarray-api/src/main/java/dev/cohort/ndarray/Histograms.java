package dev.cohort.ndarray;

import dev.cohort.tasks.BinaryOp;
import dev.cohort.tasks.ReduceOp;
import dev.cohort.tasks.UnaryOp;

/**
 * NumPy's histograms ({@code histogram}, {@code histogram2d}, {@code histogramdd}), covariance and correlation
 * ({@code cov}, {@code corrcoef}) and {@code gradient}, composed from distributed operations: a histogram is a
 * {@code searchsorted} of every sample in the bin edges (tiled over the samples), the bin numbers combined per
 * dimension as NumPy's {@code histogramdd} does (outlier bins {@code 0} and {@code n + 1}, a sample on the last edge
 * counted in the last bin), then a distributed {@code bincount}; {@code cov} is a mean, a subtraction and one
 * matrix product; {@code gradient} is element-wise arithmetic on shifted slices.
 */
final class Histograms {
    private Histograms() {
    }

    /** Python's {@code str(float)} for the few values NumPy's range messages print. */
    static String py(double v) {
        if (Double.isNaN(v)) {
            return "nan";
        }
        if (Double.isInfinite(v)) {
            return v > 0 ? "inf" : "-inf";
        }
        return Double.toString(v);
    }

    /** NumPy's {@code _get_outer_edges}: the range of the edges of {@code a} (given or its min/max), widened when empty. */
    static double[] outerEdges(NdArray a, double[] range) {
        double first;
        double last;
        if (range != null) {
            first = range[0];
            last = range[1];
            if (first > last) {
                throw new IllegalArgumentException("max must be larger than min in range parameter.");
            }
            if (!Double.isFinite(first) || !Double.isFinite(last)) {
                throw new IllegalArgumentException("supplied range of [" + py(first) + ", " + py(last) + "] is not finite");
            }
        } else if (a.size() == 0) {
            first = 0;
            last = 1;
        } else {
            first = ((Number) Elementwise.astype(Reductions.reduce(ReduceOp.MIN, a, null, false), DType.FLOAT64, true).item()).doubleValue();
            last = ((Number) Elementwise.astype(Reductions.reduce(ReduceOp.MAX, a, null, false), DType.FLOAT64, true).item()).doubleValue();
            if (!Double.isFinite(first) || !Double.isFinite(last)) {
                throw new IllegalArgumentException("autodetected range of [" + py(first) + ", " + py(last) + "] is not finite");
            }
        }
        if (first == last) {
            first -= 0.5;
            last += 0.5;
        }
        return new double[]{first, last};
    }

    /**
     * NumPy's {@code linspace(first, last, bins + 1)} of the edges, {@code i * step + first} with the last edge
     * {@code last}, computed on the program thread (the {@code bins + 1} edges are small): float32 for float32
     * samples, in float32 arithmetic when the range was autodetected (NumPy's linspace works in the dtype of its
     * float32 end points) and in float64 then rounded when it was given (Python floats); float64 otherwise.
     */
    static NdArray uniformEdges(NdArray a, long bins, double[] range, String what) {
        if (bins < 1) {
            throw new IllegalArgumentException(what + " must be positive, when an integer");
        }
        double[] fl = outerEdges(a, range);
        int n = Math.toIntExact(bins + 1);
        if (a.dtype() == DType.FLOAT32) {
            float[] e = new float[n];
            if (range == null) {
                float first = (float) fl[0];
                float step = ((float) fl[1] - first) / bins;
                for (int i = 0; i < n; i++) {
                    e[i] = (float) i * step + first;
                }
            } else {
                double step = (fl[1] - fl[0]) / bins;
                for (int i = 0; i < n; i++) {
                    e[i] = (float) (i * step + fl[0]);
                }
            }
            e[n - 1] = (float) fl[1];
            return JavaArrays.array(a.ctx, e, null);
        }
        double[] e = new double[n];
        double step = (fl[1] - fl[0]) / bins;
        for (int i = 0; i < n; i++) {
            e[i] = i * step + fl[0];
        }
        e[n - 1] = fl[1];
        return JavaArrays.array(a.ctx, e, null);
    }

    /** Checks explicit edges: 1-d and non-decreasing. */
    static void checkEdges(NdArray edges, String what, String increase) {
        if (edges.ndim() != 1) {
            throw new IllegalArgumentException(what + " must be 1d, when an array");
        }
        if (edges.size() >= 2) {
            NdArray hi = edges.get(Slice.of(1L, null, null));
            NdArray lo = edges.get(Slice.of(null, -1L, null));
            NdArray bad = Elementwise.binary(BinaryOp.LESS, hi, lo, null);
            if ((Boolean) Reductions.reduce(ReduceOp.ANY, bad, null, false).item()) {
                throw new IllegalArgumentException(what + " must " + increase + " monotonically, when an array");
            }
        }
    }

    /**
     * The bin number of every sample of {@code x} along one dimension, NumPy's {@code histogramdd}:
     * {@code searchsorted(edges, x, 'right')}, minus one on the last edge: {@code 0} below, {@code 1..n} inside,
     * {@code n + 1} above (and NaN).
     */
    static NdArray binNumbers(NdArray x, NdArray edges) {
        NdArray n = Searching.searchsorted(edges, x, "right");
        long ne = edges.shape[0];
        if (ne == 0) {
            return n;
        }
        NdArray last = edges.get(Long.valueOf(ne - 1));
        NdArray onEdge = Elementwise.binary(BinaryOp.EQUAL, x, last, null);
        return Elementwise.binary(BinaryOp.SUBTRACT, n, Elementwise.astype(onEdge, DType.INT64, true), null);
    }

    /** The int64 counts of the samples {@code coords[d]} (1-d, one length) in the bins of {@code edges[d]}. */
    static NdArray counts(NdArray[] coords, NdArray[] edges) {
        int dims = coords.length;
        long[] nbin = new long[dims];
        long total = 1;
        NdArray lin = null;
        for (int d = 0; d < dims; d++) {
            nbin[d] = edges[d].shape[0] + 1; // bins + 2 outlier bins
            total = Math.multiplyExact(total, nbin[d]);
            NdArray b = binNumbers(coords[d], edges[d]);
            lin = lin == null ? b : Elementwise.binary(BinaryOp.ADD, Elementwise.binary(BinaryOp.MULTIPLY, lin, nbin[d], null), b, null);
        }
        NdArray hist;
        if (coords[0].size() == 0) {
            hist = Creation.full(coords[0].ctx, DType.INT64, new long[]{total}, 0);
        } else {
            hist = FancyIndexing.bincount(lin, null, total);
        }
        NdArray h = hist.reshape(nbin);
        Object[] core = new Object[dims];
        for (int d = 0; d < dims; d++) {
            core[d] = Slice.of(1L, -1L, null);
        }
        return h.get(core).copy();
    }

    /** NumPy {@code histogram(a, bins, range, density)} with {@code bins} equal-width bins: {hist, edges}. */
    static NdArray[] histogram(NdArray a, long bins, double[] range, boolean density) {
        NdArray edges = uniformEdges(a, bins, range, "`bins`");
        return histogram(a, edges, density, false);
    }

    /** NumPy {@code histogram(a, bins=edges, density)}: {hist, edges}. */
    static NdArray[] histogram(NdArray a, NdArray edges, boolean density, boolean check) {
        if (check) {
            checkEdges(edges, "`bins`", "increase");
        }
        NdArray x = Searching.flat(a);
        NdArray h = counts(new NdArray[]{x}, new NdArray[]{edges});
        if (density) {
            NdArray db = Elementwise.astype(Statistics.diff(edges, 1, 0), DType.FLOAT64, true);
            NdArray s = Reductions.reduce(ReduceOp.SUM, h, null, false);
            h = Elementwise.binary(BinaryOp.DIVIDE, Elementwise.binary(BinaryOp.DIVIDE, h, db, null), s, null);
        }
        return new NdArray[]{h, edges};
    }

    /** NumPy {@code histogramdd(sample, bins)}: {float64 hist of shape bins, edges per dimension...}. */
    static NdArray[] histogramdd(NdArray[] coords, long[] bins, NdArray[] given, boolean density) {
        int dims = coords.length;
        NdArray[] edges = new NdArray[dims];
        for (int d = 0; d < dims; d++) {
            if (given != null && given[d] != null) {
                checkEdges(given[d], "`bins[" + d + "]`", "be");
                edges[d] = given[d];
            } else {
                edges[d] = uniformEdges(coords[d], bins[d], null, "`bins[" + d + "]`");
            }
        }
        NdArray h = Elementwise.astype(counts(coords, edges), DType.FLOAT64, true);
        if (density) {
            NdArray s = Reductions.reduce(ReduceOp.SUM, h, null, false);
            h = Elementwise.binary(BinaryOp.DIVIDE, h, s, null);
            for (int d = 0; d < dims; d++) {
                long[] shape = new long[dims];
                java.util.Arrays.fill(shape, 1);
                shape[d] = edges[d].shape[0] - 1;
                NdArray db = Elementwise.astype(Statistics.diff(edges[d], 1, 0), DType.FLOAT64, true).reshape(shape);
                h = Elementwise.binary(BinaryOp.DIVIDE, h, db, null);
            }
        }
        NdArray[] r = new NdArray[dims + 1];
        r[0] = h;
        System.arraycopy(edges, 0, r, 1, dims);
        return r;
    }

    /** The columns of an {@code (N, D)} sample (a 1-d sample is one dimension). */
    static NdArray[] columns(NdArray sample) {
        if (sample.ndim() == 1) {
            return new NdArray[]{sample};
        }
        if (sample.ndim() != 2) {
            throw new IllegalArgumentException("histogramdd: sample must be (N, D), got shape " + java.util.Arrays.toString(sample.shape));
        }
        NdArray[] c = new NdArray[(int) sample.shape[1]];
        for (int d = 0; d < c.length; d++) {
            c[d] = sample.get(Slice.all(), Long.valueOf(d));
        }
        return c;
    }

    static NdArray[] histogram2d(NdArray x, NdArray y, long bx, long by, NdArray ex, NdArray ey, boolean density) {
        if (x.ndim() != 1 || y.ndim() != 1 || x.shape[0] != y.shape[0]) {
            throw new IllegalArgumentException("x and y must have the same length.");
        }
        return histogramdd(new NdArray[]{x, y}, new long[]{bx, by}, ex == null ? null : new NdArray[]{ex, ey}, density);
    }

    // ------------------------------------------------------------------ cov, corrcoef

    /** NumPy {@code cov(m, rowvar, bias, ddof)}: float64 {@code (X - mean) @ (X - mean).T * (1 / (N - ddof))}. */
    static NdArray cov(NdArray m, boolean rowvar, boolean bias, Integer ddof) {
        if (m.ndim() > 2) {
            throw new IllegalArgumentException("m has more than 2 dimensions");
        }
        NdArray x = Elementwise.astype(m, DType.FLOAT64, true);
        if (x.ndim() < 2) {
            x = x.reshape(1, x.size());
        }
        if (!rowvar && x.shape[0] != 1) {
            x = x.T();
        }
        int dd = ddof != null ? ddof : bias ? 0 : 1;
        long n = x.shape[1];
        double fact = Math.max(n - dd, 0);
        NdArray avg = Reductions.mean(x, 1, true);
        NdArray xc = Elementwise.binary(BinaryOp.SUBTRACT, x, avg, null);
        NdArray c = xc.matmul(xc.T());
        c = Elementwise.binary(BinaryOp.MULTIPLY, c, 1.0 / fact, null);
        return Manipulation.squeeze(c, null);
    }

    /** NumPy {@code corrcoef(x, rowvar)}: {@code cov / sqrt(diag ⊗ diag)}, clipped to {@code [-1, 1]}. */
    static NdArray corrcoef(NdArray x, boolean rowvar) {
        NdArray c = cov(x, rowvar, false, null);
        if (c.ndim() == 0) {
            return Elementwise.binary(BinaryOp.DIVIDE, c, c, null);
        }
        NdArray sd = Elementwise.unary(UnaryOp.SQRT, Manipulation.diag(c, 0), null);
        long k = sd.shape[0];
        c = Elementwise.binary(BinaryOp.DIVIDE, c, sd.reshape(k, 1), null);
        c = Elementwise.binary(BinaryOp.DIVIDE, c, sd.reshape(1, k), null);
        return Elementwise.binary(BinaryOp.MINIMUM, Elementwise.binary(BinaryOp.MAXIMUM, c, -1.0, null), 1.0, null);
    }

    // ------------------------------------------------------------------ gradient

    private static Object[] along(int ndim, int ax, Object s) {
        Object[] idx = new Object[ndim];
        for (int d = 0; d < ndim; d++) {
            idx[d] = d == ax ? s : Slice.all();
        }
        return idx;
    }

    /** NumPy {@code gradient(f, h, axis=axis)} with {@code edge_order=1}: central differences inside, one-sided at the ends. */
    static NdArray gradient(NdArray f, double h, int axis) {
        int ax = Shapes.axis(axis, f.ndim());
        long n = f.shape[ax];
        if (n < 2) {
            throw new IllegalArgumentException("Shape of array too small to calculate a numerical gradient, at least "
                    + "(edge_order + 1) elements are required.");
        }
        NdArray x = f.dtype().isFloating() ? f : Elementwise.astype(f, DType.FLOAT64, true);
        int nd = f.ndim();
        NdArray out = Creation.empty(f.ctx, x.dtype(), f.shape);
        if (n > 2) {
            NdArray d = Elementwise.binary(BinaryOp.SUBTRACT, x.get(along(nd, ax, Slice.of(2L, null, null))),
                    x.get(along(nd, ax, Slice.of(null, -2L, null))), null);
            Indexing.assign(out.get(along(nd, ax, Slice.of(1L, -1L, null))), Elementwise.binary(BinaryOp.DIVIDE, d, 2.0 * h, null));
        }
        NdArray d0 = Elementwise.binary(BinaryOp.SUBTRACT, x.get(along(nd, ax, Slice.of(1L, 2L, null))),
                x.get(along(nd, ax, Slice.of(0L, 1L, null))), null);
        Indexing.assign(out.get(along(nd, ax, Slice.of(0L, 1L, null))), Elementwise.binary(BinaryOp.DIVIDE, d0, h, null));
        NdArray dn = Elementwise.binary(BinaryOp.SUBTRACT, x.get(along(nd, ax, Slice.of(n - 1, n, null))),
                x.get(along(nd, ax, Slice.of(n - 2, n - 1, null))), null);
        Indexing.assign(out.get(along(nd, ax, Slice.of(n - 1, n, null))), Elementwise.binary(BinaryOp.DIVIDE, dn, h, null));
        return out;
    }

    /** NumPy {@code gradient(f, h)} over every axis: one array per axis. */
    static NdArray[] gradient(NdArray f, double h) {
        if (f.ndim() == 0) {
            return new NdArray[0];
        }
        NdArray[] r = new NdArray[f.ndim()];
        for (int d = 0; d < r.length; d++) {
            r[d] = gradient(f, h, d);
        }
        return r;
    }
}
