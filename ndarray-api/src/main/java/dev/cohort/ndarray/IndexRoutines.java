package dev.cohort.ndarray;

import dev.cohort.tasks.BinaryOp;
import dev.cohort.tasks.ReduceOp;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.BiFunction;

/**
 * NumPy's indexing routines not covered by {@link FancyIndexing}: {@code take_along_axis}, {@code put_along_axis},
 * {@code choose}, {@code compress}, {@code extract}, {@code place}, {@code putmask}, {@code select}, the
 * diagonal/triangle index generators, {@code ix_}, {@code ravel_multi_index}, {@code unravel_index}, and
 * {@code block} (joining nested lists of arrays).
 *
 * <p>Everything is composed of operations that are already distributed: element-wise arithmetic and
 * {@code where} (tiled, fused when possible), {@code nonzero} (count per tile + prefix sum + compaction),
 * {@code take} (a gather tiled over the result), {@code put} (an in-order scatter) and {@code concatenate}.
 * The along-axis functions turn their per-axis indices into flat indices ({@code sum_d i_d * stride_d}) with
 * element-wise arithmetic over broadcast {@code arange}s and then gather or scatter once. Values that decide
 * an error (index minima and maxima) are read back on the program thread, so bad input raises at the call.
 */
final class IndexRoutines {
    private IndexRoutines() {
    }

    private static NdArray bin(BinaryOp op, Object x, Object y) {
        return Elementwise.binary(op, x, y, null);
    }

    private static long minOf(NdArray a) {
        return ((Number) Reductions.reduce(ReduceOp.MIN, a, null, false).item()).longValue();
    }

    private static long maxOf(NdArray a) {
        return ((Number) Reductions.reduce(ReduceOp.MAX, a, null, false).item()).longValue();
    }

    private static boolean isInt(DType t) {
        return t == DType.INT64 || t == DType.INT32;
    }

    private static NdArray int64(NdArray a) {
        return Elementwise.astype(a, DType.INT64, false);
    }

    private static NdArray flat(NdArray a) {
        return a.ndim() == 1 ? a : a.reshape(a.size());
    }

    /** {@code arange(n)} shaped {@code (1, .., n, .., 1)} with {@code n} at dimension {@code d} of {@code ndim}. */
    private static NdArray axisRange(Cohort ctx, long n, int d, int ndim) {
        long[] shape = new long[ndim];
        Arrays.fill(shape, 1);
        shape[d] = n;
        return Creation.arange(ctx, DType.INT64, 0, 1, n).reshape(shape);
    }

    /** A shape as NumPy prints it in indexing messages: {@code (3,1)}, {@code (3,)}. */
    private static String shapeStr(long[] s) {
        StringBuilder b = new StringBuilder("(");
        for (int i = 0; i < s.length; i++) {
            b.append(i > 0 ? "," : "").append(s[i]);
        }
        return b.append(s.length == 1 ? ",)" : ")").toString();
    }

    static void checkMode(String mode) {
        if (!"raise".equals(mode) && !"wrap".equals(mode) && !"clip".equals(mode)) {
            throw new IllegalArgumentException("clipmode must be one of 'clip', 'raise', or 'wrap' (got '" + mode + "')");
        }
    }

    // ------------------------------------------------------------------ take_along_axis, put_along_axis

    /** The flat (C-order) indices into {@code arr} that {@code arr[_make_along_axis_idx(indices, axis)]} reads. */
    private static NdArray alongAxisFlat(NdArray arr, NdArray indices, int axis) {
        if (!isInt(indices.dtype())) {
            throw new NdIndexException("`indices` must be an integer array");
        }
        int nd = arr.ndim();
        long[] out = new long[nd];
        for (int d = 0; d < nd; d++) {
            long a = d == axis ? indices.shape[d] : arr.shape[d];
            long b = indices.shape[d];
            if (a != b && a != 1 && b != 1) {
                StringBuilder m = new StringBuilder("shape mismatch: indexing arrays could not be broadcast together with shapes");
                for (int e = 0; e < nd; e++) {
                    long[] s = new long[nd];
                    Arrays.fill(s, 1);
                    if (e == axis) {
                        s = indices.shape;
                    } else {
                        s[e] = arr.shape[e];
                    }
                    m.append(' ').append(shapeStr(s));
                }
                throw new NdIndexException(m.append(' ').toString());
            }
            out[d] = d == axis ? b : Math.max(a, b) == 1 ? 1 : (a == 1 ? b : a);
        }
        long size = arr.shape[axis];
        FancyIndexing.checkBounds(indices, size, axis);
        long[] strides = new long[nd];
        long st = 1;
        for (int d = nd - 1; d >= 0; d--) {
            strides[d] = st;
            st *= arr.shape[d];
        }
        NdArray idx = int64(indices);
        idx = Elementwise.where(bin(BinaryOp.LESS, idx, 0L), bin(BinaryOp.ADD, idx, size), idx);
        NdArray flat = bin(BinaryOp.MULTIPLY, idx, strides[axis]);
        for (int d = 0; d < nd; d++) {
            if (d != axis && arr.shape[d] > 1) {
                flat = bin(BinaryOp.ADD, flat, bin(BinaryOp.MULTIPLY, axisRange(arr.ctx, arr.shape[d], d, nd), strides[d]));
            }
        }
        return Arrays.equals(flat.shape, out) ? flat : Manipulation.broadcastTo(flat, out).copy();
    }

    /** NumPy {@code take_along_axis(arr, indices, axis)}; {@code axis == null}: of the flattened array. */
    static NdArray takeAlongAxis(NdArray arr, NdArray indices, Integer axis) {
        if (axis == null) {
            if (indices.ndim() != 1) {
                throw new IllegalArgumentException("when axis=None, `indices` must have a single dimension.");
            }
            return takeAlongAxis(flat(arr), indices, 0);
        }
        if (indices.ndim() != arr.ndim()) {
            throw new IllegalArgumentException("`indices` and `arr` must have the same number of dimensions");
        }
        int ax = Shapes.axis(axis, arr.ndim());
        NdArray f = alongAxisFlat(arr, indices, ax);
        return FancyIndexing.take(flat(arr), f, 0);
    }

    /** NumPy {@code put_along_axis(arr, indices, values, axis)}: in place, values broadcast to the index shape. */
    static void putAlongAxis(NdArray arr, NdArray indices, Object values, Integer axis) {
        if (axis == null) {
            if (indices.ndim() != 1) {
                throw new IllegalArgumentException("when axis=None, `indices` must have a single dimension.");
            }
            NdArray f = flat(arr);
            putAlongAxis(f, indices, values, 0);
            if (f.base != arr.base) {
                Indexing.assign(arr, f.reshape(arr.shape));
            }
            return;
        }
        if (indices.ndim() != arr.ndim()) {
            throw new IllegalArgumentException("`indices` and `arr` must have the same number of dimensions");
        }
        int ax = Shapes.axis(axis, arr.ndim());
        NdArray f = alongAxisFlat(arr, indices, ax);
        NdArray v = values instanceof NdArray va ? va : scalarArray(arr, values);
        if (!broadcastsTo(v.shape, f.shape)) {
            throw new IllegalArgumentException("shape mismatch: value array of shape " + shapeStr(v.shape)
                    + " could not be broadcast to indexing result of shape " + shapeStr(f.shape));
        }
        if (f.size() == 0) {
            return;
        }
        NdArray vals = Creation.empty(arr.ctx, arr.dtype(), f.shape);
        Indexing.assign(vals, v);
        FancyIndexing.put(arr, f, vals);
    }

    private static NdArray scalarArray(NdArray like, Object v) {
        if (v instanceof Boolean b) {
            return Creation.full(like.ctx, DType.BOOL, new long[0], b ? 1 : 0);
        }
        if (v instanceof Double || v instanceof Float) {
            return Creation.full(like.ctx, DType.FLOAT64, new long[0], ((Number) v).doubleValue());
        }
        if (v instanceof Number n) {
            return Ufuncs.full(like.ctx, new long[0], n.longValue(), DType.INT64);
        }
        throw new IllegalArgumentException("values must be an array or a number, got " + v);
    }

    private static boolean broadcastsTo(long[] from, long[] to) {
        if (from.length > to.length) {
            return false;
        }
        int off = to.length - from.length;
        for (int i = 0; i < from.length; i++) {
            if (from[i] != 1 && from[i] != to[i + off]) {
                return false;
            }
        }
        return true;
    }

    // ------------------------------------------------------------------ choose, select

    /** NumPy {@code choose(a, choices, mode)}. */
    static NdArray choose(NdArray a, List<NdArray> choices, String mode) {
        if (a.dtype() != DType.BOOL && !isInt(a.dtype())) {
            throw new DTypeException("Cannot cast array data from dtype('" + a.dtype()
                    + "') to dtype('int64') according to the rule 'safe'");
        }
        int n = choices.size();
        if (n == 0) {
            throw new IllegalArgumentException("0-length sequence.");
        }
        checkMode(mode);
        long[][] shapes = new long[n + 1][];
        DType type = choices.get(0).dtype();
        for (int i = 0; i < n; i++) {
            shapes[i] = choices.get(i).shape;
            type = DType.promote(type, choices.get(i).dtype());
        }
        shapes[n] = a.shape;
        long[] shape = Manipulation.broadcastShapes(shapes);
        NdArray idx = int64(a);
        if (a.size() > 0) {
            switch (mode) {
                case "raise" -> {
                    if (minOf(idx) < 0 || maxOf(idx) >= n) {
                        throw new IllegalArgumentException("invalid entry in choice array");
                    }
                }
                case "wrap" -> idx = bin(BinaryOp.REMAINDER, idx, (long) n);
                default -> idx = bin(BinaryOp.MINIMUM, bin(BinaryOp.MAXIMUM, idx, 0L), (long) (n - 1));
            }
        }
        NdArray r = Creation.empty(a.ctx, type, shape);
        Indexing.assign(r, choices.get(n - 1));
        for (int k = n - 2; k >= 0; k--) {
            r = Elementwise.where(bin(BinaryOp.EQUAL, idx, (long) k), Elementwise.astype(choices.get(k), type, false), r);
        }
        return r;
    }

    /** NumPy {@code choose(a, choices)} with the choices stacked along {@code choices}' first axis. */
    static NdArray choose(NdArray a, NdArray choices, String mode) {
        if (choices.ndim() == 0) {
            throw new IllegalArgumentException("0-length sequence.");
        }
        return choose(a, Manipulation.unstack(choices, 0), mode);
    }

    /** NumPy {@code select(condlist, choicelist, default)}. */
    static NdArray select(List<NdArray> condlist, List<NdArray> choicelist, Object dflt) {
        if (condlist.size() != choicelist.size()) {
            throw new IllegalArgumentException("list of cases must be same length as list of conditions");
        }
        if (condlist.isEmpty()) {
            throw new IllegalArgumentException("select with an empty condition list is not possible");
        }
        for (int i = 0; i < condlist.size(); i++) {
            if (condlist.get(i).dtype() != DType.BOOL) {
                throw new DTypeException("invalid entry " + i + " in condlist: should be boolean ndarray");
            }
        }
        int n = condlist.size();
        long[][] shapes = new long[2 * n + (dflt instanceof NdArray ? 1 : 0)][];
        for (int i = 0; i < n; i++) {
            shapes[i] = choicelist.get(i).shape;
            shapes[n + i] = condlist.get(i).shape;
        }
        if (dflt instanceof NdArray d) {
            shapes[2 * n] = d.shape;
        }
        long[] shape = Manipulation.broadcastShapes(shapes);
        Object r = dflt;
        for (int i = n - 1; i >= 0; i--) {
            r = Elementwise.where(condlist.get(i), choicelist.get(i), r);
        }
        NdArray out = (NdArray) r;
        return Arrays.equals(out.shape, shape) ? out : Manipulation.broadcastTo(out, shape).copy();
    }

    // ------------------------------------------------------------------ compress, extract, place, putmask

    /** NumPy {@code compress(condition, a, axis)}; {@code axis == null}: of the flattened array. */
    static NdArray compress(NdArray condition, NdArray a, Integer axis) {
        if (condition.ndim() != 1) {
            throw new IllegalArgumentException("condition must be a 1-d array");
        }
        NdArray src = axis == null ? flat(a) : a;
        int ax = axis == null ? 0 : Shapes.axis(axis, a.ndim());
        long n = src.shape[ax];
        NdArray cond = condition;
        if (cond.shape[0] > n) {
            NdArray extra = Sorting.nonzero(cond.get(Slice.of(n, null, null)))[0];
            if (extra.size() > 0) {
                long bad = n + ((Number) extra.get(0L).item()).longValue();
                throw new NdIndexException("index " + bad + " is out of bounds for axis " + ax + " with size " + n);
            }
            cond = cond.get(Slice.of(0L, n, null));
        }
        NdArray idx = Sorting.nonzero(cond)[0];
        return FancyIndexing.take(src, idx, ax);
    }

    /** NumPy {@code extract(condition, arr)}: {@code take(ravel(arr), nonzero(ravel(condition))[0])}. */
    static NdArray extract(NdArray condition, NdArray arr) {
        NdArray c = condition.ndim() == 0 ? condition.reshape(1) : flat(condition);
        return FancyIndexing.take(arr.ndim() == 0 ? arr.reshape(1) : flat(arr), Sorting.nonzero(c)[0], 0);
    }

    /** NumPy {@code place(arr, mask, vals)}: the k-th true position of {@code mask} gets {@code vals[k % len(vals)]}. */
    static void place(NdArray arr, NdArray mask, NdArray vals) {
        if (mask.size() != arr.size()) {
            throw new IllegalArgumentException("place: mask and data must be the same size");
        }
        NdArray idx = Sorting.nonzero(mask.ndim() == 0 ? mask.reshape(1) : flat(mask))[0];
        if (idx.size() == 0) {
            return;
        }
        if (vals.size() == 0) {
            throw new IllegalArgumentException("Cannot insert from an empty array!");
        }
        if (DType.promote(vals.dtype(), arr.dtype()) != arr.dtype()) {
            throw new DTypeException("Cannot cast array data from dtype('" + vals.dtype() + "') to dtype('"
                    + arr.dtype() + "') according to the rule 'safe'");
        }
        FancyIndexing.put(arr, idx, vals);
    }

    /** NumPy {@code putmask(a, mask, values)}: {@code a.flat[i] = values.flat[i % len(values)]} where {@code mask.flat[i]}. */
    static void putmask(NdArray a, NdArray mask, NdArray values) {
        if (mask.size() != a.size()) {
            throw new IllegalArgumentException("putmask: mask and data must be the same size");
        }
        if (values.size() == 0) {
            return;
        }
        NdArray idx = Sorting.nonzero(mask.ndim() == 0 ? mask.reshape(1) : flat(mask))[0];
        if (idx.size() == 0) {
            return;
        }
        NdArray v = values.ndim() == 0 ? values.reshape(1) : flat(values);
        NdArray vals = FancyIndexing.take(v, bin(BinaryOp.REMAINDER, idx, v.size()), 0);
        FancyIndexing.put(a, idx, vals);
    }

    // ------------------------------------------------------------------ diagonals and triangles

    static NdArray[] diagIndices(Cohort ctx, long n, int ndim) {
        NdArray[] out = new NdArray[ndim];
        for (int i = 0; i < ndim; i++) {
            out[i] = Creation.arange(ctx, DType.INT64, 0, 1, Math.max(0, n));
        }
        return out;
    }

    private static void checkEqualDims(NdArray arr) {
        for (long s : arr.shape) {
            if (s != arr.shape[0]) {
                throw new IllegalArgumentException("All dimensions of input must be of equal length");
            }
        }
    }

    static NdArray[] diagIndicesFrom(NdArray arr) {
        if (arr.ndim() < 2) {
            throw new IllegalArgumentException("input array must be at least 2-d");
        }
        checkEqualDims(arr);
        return diagIndices(arr.ctx, arr.shape[0], arr.ndim());
    }

    /** NumPy {@code fill_diagonal(a, val, wrap)}: {@code a.flat[:end:step] = val} (val cycled, cast to a's dtype). */
    static void fillDiagonal(NdArray a, Object val, boolean wrap) {
        if (a.ndim() < 2) {
            throw new IllegalArgumentException("array must be at least 2-d");
        }
        long end;
        long step;
        if (a.ndim() == 2) {
            step = a.shape[1] + 1;
            end = wrap ? a.size() : Math.min(a.size(), a.shape[1] * a.shape[1]);
        } else {
            checkEqualDims(a);
            step = 1;
            long p = 1;
            for (int d = 0; d < a.ndim() - 1; d++) {
                p *= a.shape[d];
                step += p;
            }
            end = a.size();
        }
        long count = end <= 0 ? 0 : (end + step - 1) / step;
        if (count == 0) {
            return;
        }
        NdArray v = val instanceof NdArray va ? va : scalarArray(a, val);
        if (v.size() == 0) {
            return; // NumPy: assigning an empty sequence through a.flat is a no-op
        }
        FancyIndexing.put(a, Creation.arange(a.ctx, DType.INT64, 0, step, count), v.ndim() == 0 ? v.reshape(1) : v);
    }

    static NdArray[] triIndices(Cohort ctx, long n, long k, long m, boolean lower) {
        NdArray mask = lower ? Manipulation.tri(ctx, n, m, k, DType.BOOL)
                : Elementwise.where(Manipulation.tri(ctx, n, m, k - 1, DType.BOOL), false, true);
        if (mask.size() == 0) {
            return new NdArray[]{Creation.empty(ctx, DType.INT64, new long[]{0}), Creation.empty(ctx, DType.INT64, new long[]{0})};
        }
        return Sorting.nonzero(mask);
    }

    static NdArray[] triIndicesFrom(NdArray arr, long k, boolean lower) {
        if (arr.ndim() != 2) {
            throw new IllegalArgumentException("input array must be 2-d");
        }
        return triIndices(arr.ctx, arr.shape[0], k, arr.shape[1], lower);
    }

    /** NumPy {@code mask_indices(n, mask_func, k)}: {@code nonzero(mask_func(ones((n, n), int), k) != 0)}. */
    static NdArray[] maskIndices(Cohort ctx, long n, BiFunction<NdArray, Long, NdArray> maskFunc, long k) {
        NdArray ones = Creation.full(ctx, DType.INT64, new long[]{Math.max(0, n), Math.max(0, n)}, 1);
        NdArray m = maskFunc.apply(ones, k);
        NdArray nz = bin(BinaryOp.NOT_EQUAL, m, 0L);
        if (nz.ndim() == 0) {
            throw new IllegalArgumentException("Calling nonzero on 0d arrays is not allowed. Use np.atleast_1d(scalar).nonzero() instead.");
        }
        if (nz.size() == 0) {
            NdArray[] out = new NdArray[nz.ndim()];
            for (int i = 0; i < out.length; i++) {
                out[i] = Creation.empty(ctx, DType.INT64, new long[]{0});
            }
            return out;
        }
        return Sorting.nonzero(nz);
    }

    // ------------------------------------------------------------------ ix_, ravel_multi_index, unravel_index

    static NdArray[] ix(NdArray... args) {
        int nd = args.length;
        NdArray[] out = new NdArray[nd];
        for (int k = 0; k < nd; k++) {
            NdArray a = args[k];
            if (a.ndim() != 1) {
                throw new IllegalArgumentException("Cross index must be 1 dimensional");
            }
            if (a.size() == 0) {
                a = Creation.empty(a.ctx, DType.INT64, new long[]{0});
            } else if (a.dtype() == DType.BOOL) {
                a = Sorting.nonzero(a)[0];
            }
            long[] shape = new long[nd];
            Arrays.fill(shape, 1);
            shape[k] = a.shape[0];
            out[k] = a.reshape(shape);
        }
        return out;
    }

    private static void checkOrder(char order) {
        if (order != 'C' && order != 'F') {
            throw new IllegalArgumentException("order must be one of 'C', 'F', 'A', or 'K' (got '" + order + "')");
        }
    }

    private static long[] strides(long[] dims, char order) {
        int n = dims.length;
        long[] st = new long[n];
        long s = 1;
        for (int i = 0; i < n; i++) {
            int d = order == 'C' ? n - 1 - i : i;
            st[d] = s;
            s *= Math.max(dims[d], 0);
        }
        return st;
    }

    private static long volume(long[] dims) {
        long v = 1;
        for (long d : dims) {
            try {
                v = Math.multiplyExact(v, d);
            } catch (ArithmeticException e) {
                throw new IllegalArgumentException("invalid dims: array size defined by dims is larger than the maximum possible size.");
            }
        }
        return v;
    }

    /** NumPy {@code ravel_multi_index(multi_index, dims, mode, order)}: {@code sum_d c_d * stride_d}, int64. */
    static NdArray ravelMultiIndex(NdArray[] multiIndex, long[] dims, String[] modes, char order) {
        if (multiIndex.length != dims.length) {
            throw new IllegalArgumentException("parameter multi_index must be a sequence of length " + dims.length);
        }
        if (modes.length != 1 && modes.length != dims.length) {
            throw new IllegalArgumentException("mode must have " + dims.length + " entries, got " + modes.length);
        }
        for (String m : modes) {
            checkMode(m);
        }
        checkOrder(order);
        volume(dims);
        long[][] shapes = new long[multiIndex.length][];
        for (int d = 0; d < multiIndex.length; d++) {
            if (!isInt(multiIndex[d].dtype())) {
                throw new DTypeException("only int indices permitted");
            }
            shapes[d] = multiIndex[d].shape;
        }
        long[] shape;
        try {
            shape = Shapes.broadcast(shapes);
        } catch (ShapeMismatchException e) {
            throw new ShapeMismatchException(e.getMessage() + " "); // NumPy's wording ends with a space
        }
        long[] st = strides(dims, order);
        Cohort ctx = multiIndex.length > 0 ? multiIndex[0].ctx : Cohort.current();
        NdArray flat = Creation.full(ctx, DType.INT64, shape, 0);
        for (int d = 0; d < dims.length; d++) {
            NdArray c = int64(multiIndex[d]);
            String mode = modes.length == 1 ? modes[0] : modes[d];
            if (c.size() > 0) {
                switch (mode) {
                    case "raise" -> {
                        if (minOf(c) < 0 || maxOf(c) >= dims[d]) {
                            throw new IllegalArgumentException("invalid entry in coordinates array");
                        }
                    }
                    case "wrap" -> c = bin(BinaryOp.REMAINDER, c, dims[d]);
                    default -> c = bin(BinaryOp.MINIMUM, bin(BinaryOp.MAXIMUM, c, 0L), dims[d] - 1);
                }
            } else if (dims[d] < 0) {
                throw new IllegalArgumentException("invalid entry in coordinates array");
            }
            flat = bin(BinaryOp.ADD, flat, bin(BinaryOp.MULTIPLY, c, st[d]));
        }
        return Arrays.equals(flat.shape, shape) ? flat : Manipulation.broadcastTo(flat, shape).copy();
    }

    /** NumPy {@code unravel_index(indices, shape, order)}: per dimension {@code (i // stride_d) % shape_d}, int64. */
    static NdArray[] unravelIndex(NdArray indices, long[] shape, char order) {
        if (!isInt(indices.dtype())) {
            throw new DTypeException("only int indices permitted");
        }
        checkOrder(order);
        long size = volume(shape);
        NdArray idx = int64(indices);
        if (idx.size() > 0) {
            long min = minOf(idx);
            long max = maxOf(idx);
            if (min < 0 || max >= size) {
                throw new IllegalArgumentException("index " + (min < 0 ? min : max) + " is out of bounds for array with size " + size);
            }
        }
        long[] st = strides(shape, order);
        NdArray[] out = new NdArray[shape.length];
        for (int d = 0; d < shape.length; d++) {
            NdArray q = st[d] == 1 ? idx : bin(BinaryOp.FLOOR_DIVIDE, idx, st[d]);
            boolean outermost = order == 'C' ? d == 0 : d == shape.length - 1;
            out[d] = outermost ? (q == idx ? idx.copy() : q) : bin(BinaryOp.REMAINDER, q, shape[d]);
        }
        return out;
    }

    // ------------------------------------------------------------------ block

    /** NumPy {@code block(arrays)}: {@code arrays} an {@link NdArray}, or a (nested) {@link List} or array of them. */
    static NdArray block(Object arrays) {
        int[] depth = {-1};
        int[] maxNd = {0};
        scan(arrays, "arrays", 0, depth, maxNd);
        int listNd = depth[0];
        int resultNd = Math.max(listNd, maxNd[0]);
        NdArray r = assemble(arrays, 0, listNd, resultNd);
        return listNd == 0 ? r.copy() : r;
    }

    private static List<?> asList(Object o) {
        if (o instanceof List<?> l) {
            return l;
        }
        if (o instanceof Object[] a) {
            return Arrays.asList(a);
        }
        return null;
    }

    private static void scan(Object o, String path, int d, int[] depth, int[] maxNd) {
        List<?> l = asList(o);
        if (l == null) {
            if (!(o instanceof NdArray a)) {
                throw new IllegalArgumentException("block: " + path + " is neither an NdArray nor a list of them: " + o);
            }
            if (depth[0] < 0) {
                depth[0] = d;
            } else if (depth[0] != d) {
                throw new IllegalArgumentException("List depths are mismatched. First element was at depth " + depth[0]
                        + ", but there is an element at depth " + d + " (" + path + ")");
            }
            maxNd[0] = Math.max(maxNd[0], a.ndim());
            return;
        }
        if (l.isEmpty()) {
            throw new IllegalArgumentException("List at " + path + " cannot be empty");
        }
        for (int i = 0; i < l.size(); i++) {
            scan(l.get(i), path + "[" + i + "]", d + 1, depth, maxNd);
        }
    }

    private static NdArray assemble(Object o, int d, int listNd, int resultNd) {
        List<?> l = asList(o);
        if (l == null) {
            NdArray a = (NdArray) o;
            if (a.ndim() == resultNd) {
                return a;
            }
            long[] shape = new long[resultNd];
            Arrays.fill(shape, 1);
            System.arraycopy(a.shape, 0, shape, resultNd - a.ndim(), a.ndim());
            return a.reshape(shape);
        }
        List<NdArray> parts = new ArrayList<>();
        for (Object e : l) {
            parts.add(assemble(e, d + 1, listNd, resultNd));
        }
        return Manipulation.concatenate(parts.toArray(new NdArray[0]), -(listNd - d));
    }
}
