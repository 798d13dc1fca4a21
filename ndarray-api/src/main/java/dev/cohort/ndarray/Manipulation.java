package dev.cohort.ndarray;

import dev.cohort.runtime.launch.Access;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * NumPy's array manipulation family: joining ({@code concatenate}, {@code stack} and its variants),
 * splitting, axis juggling ({@code squeeze}, {@code expand_dims}, {@code swapaxes}, {@code moveaxis},
 * {@code atleast_nd}, {@code broadcast_to}), flipping and rotating, {@code roll}, {@code tile},
 * {@code repeat}, {@code pad}, triangles and diagonals, and grids ({@code meshgrid}, {@code indices}).
 *
 * <p>Where NumPy returns a view this returns a view (an {@link Access} over the same store, no launch):
 * squeeze, expand_dims, swapaxes, moveaxis, atleast_*, broadcast_to, broadcast_arrays, split family,
 * flip, fliplr, flipud and rot90 ({@code diagonal} is a copy here: an {@link Access} cannot follow one
 * dimension twice). Everything else writes a new array through tiled
 * {@link Indexing#assign} launches into views of the result (each input's tiles copied into the tiles
 * of the result it lands in: no array is gathered onto one point), composed so the number of launches
 * stays small: concatenate one per input, tile about {@code 2 log2(reps)} per axis, repeat
 * {@code min(repeats, n)}, roll two per axis, pad two per axis (more for wrap/reflect/symmetric wider than the axis).
 */
final class Manipulation {
    private Manipulation() {
    }

    // ------------------------------------------------------------------ helpers

    /** A view of {@code a} whose old view dimension {@code d} becomes {@code newOf[d]} (-1: dropped, must have extent 1). */
    static NdArray remap(NdArray a, long[] newShape, int[] newOf) {
        int[] it = a.view.iterDim().clone();
        for (int k = 0; k < it.length; k++) {
            if (it[k] >= 0) {
                it[k] = newOf[it[k]];
            }
        }
        return new NdArray(a.ctx, a.base, newShape, new Access(it, a.view.step(), a.view.start()));
    }

    /** {@code a[..., start:stop:step, ...]} along {@code axis} (a view; Python's slice semantics). */
    static NdArray slice(NdArray a, int axis, Long start, Long stop, long step) {
        Object[] idx = new Object[a.ndim()];
        Arrays.fill(idx, Slice.all());
        idx[axis] = Slice.of(start, stop, step);
        return a.get(idx);
    }

    /** {@code a[..., start:stop, ...]} along {@code axis} (non-negative bounds within the axis). */
    static NdArray range(NdArray a, int axis, long start, long stop) {
        return slice(a, axis, start, stop, 1);
    }

    private static int[] normalizeAxes(int[] axes, int ndim, String duplicate) {
        int[] r = new int[axes.length];
        boolean[] seen = new boolean[ndim];
        for (int i = 0; i < axes.length; i++) {
            r[i] = Shapes.axis(axes[i], ndim);
            if (seen[r[i]]) {
                throw new IllegalArgumentException(duplicate);
            }
            seen[r[i]] = true;
        }
        return r;
    }

    // ------------------------------------------------------------------ views

    static NdArray expandDims(NdArray a, int... axes) {
        int nd = a.ndim() + axes.length;
        int[] ax = normalizeAxes(axes, nd, "repeated axis");
        boolean[] isNew = new boolean[nd];
        for (int x : ax) {
            isNew[x] = true;
        }
        long[] s = new long[nd];
        int[] newOf = new int[a.ndim()];
        int old = 0;
        for (int i = 0; i < nd; i++) {
            if (isNew[i]) {
                s[i] = 1;
            } else {
                s[i] = a.shape[old];
                newOf[old++] = i;
            }
        }
        return remap(a, s, newOf);
    }

    static NdArray squeeze(NdArray a, int[] axes) {
        boolean[] drop = new boolean[a.ndim()];
        if (axes == null) {
            for (int i = 0; i < drop.length; i++) {
                drop[i] = a.shape[i] == 1;
            }
        } else {
            for (int x : normalizeAxes(axes, a.ndim(), "duplicate value in 'axis'")) {
                if (a.shape[x] != 1) {
                    throw new ShapeMismatchException("cannot select an axis to squeeze out which has size not equal to one");
                }
                drop[x] = true;
            }
        }
        int[] newOf = new int[a.ndim()];
        List<Long> s = new ArrayList<>();
        for (int i = 0; i < drop.length; i++) {
            newOf[i] = drop[i] ? -1 : s.size();
            if (!drop[i]) {
                s.add(a.shape[i]);
            }
        }
        return remap(a, s.stream().mapToLong(Long::longValue).toArray(), newOf);
    }

    static NdArray swapaxes(NdArray a, int axis1, int axis2) {
        int i = axisNamed(axis1, a.ndim(), "axis1");
        int j = axisNamed(axis2, a.ndim(), "axis2");
        int[] perm = new int[a.ndim()];
        for (int k = 0; k < perm.length; k++) {
            perm[k] = k;
        }
        perm[i] = j;
        perm[j] = i;
        return perm.length == 0 ? a : a.transpose(perm);
    }

    static NdArray moveaxis(NdArray a, int[] source, int[] destination) {
        int[] src = normalizeAxes(source, a.ndim(), "repeated axis in `source` argument");
        int[] dst = normalizeAxes(destination, a.ndim(), "repeated axis in `destination` argument");
        if (src.length != dst.length) {
            throw new IllegalArgumentException("`source` and `destination` arguments must have the same number of elements");
        }
        List<Integer> order = new ArrayList<>();
        boolean[] moved = new boolean[a.ndim()];
        for (int s : src) {
            moved[s] = true;
        }
        for (int n = 0; n < a.ndim(); n++) {
            if (!moved[n]) {
                order.add(n);
            }
        }
        Integer[] byDst = new Integer[src.length];
        for (int i = 0; i < byDst.length; i++) {
            byDst[i] = i;
        }
        Arrays.sort(byDst, (x, y) -> Integer.compare(dst[x], dst[y]));
        for (int i : byDst) {
            order.add(dst[i], src[i]);
        }
        return a.ndim() == 0 ? a : a.transpose(order.stream().mapToInt(Integer::intValue).toArray());
    }

    static NdArray atleast(NdArray a, int n) {
        switch (a.ndim()) {
            case 0:
                return a.reshape(n == 1 ? new long[]{1} : n == 2 ? new long[]{1, 1} : new long[]{1, 1, 1});
            case 1:
                return n == 1 ? a : n == 2 ? expandDims(a, 0) : expandDims(a, 0, 2);
            case 2:
                return n == 3 ? expandDims(a, 2) : a;
            default:
                return a;
        }
    }

    static NdArray broadcastTo(NdArray a, long[] shape) {
        for (long s : shape) {
            if (s < 0) {
                throw new IllegalArgumentException("all elements of broadcast shape must be non-negative");
            }
        }
        if (a.ndim() > shape.length) {
            throw new ShapeMismatchException("input operand has more dimensions than allowed by the axis remapping");
        }
        int off = shape.length - a.ndim();
        for (int i = 0; i < a.ndim(); i++) {
            if (a.shape[i] != 1 && a.shape[i] != shape[i + off]) {
                throw new ShapeMismatchException("operands could not be broadcast together with remapped shapes [original->remapped]: "
                        + Shapes.str(a.shape) + "  and requested shape " + Shapes.str(shape));
            }
        }
        return new NdArray(a.ctx, a.base, shape.clone(), Launches.iterAccess(a, shape));
    }

    static List<NdArray> broadcastArrays(NdArray... arrays) {
        long[][] shapes = new long[arrays.length][];
        for (int i = 0; i < arrays.length; i++) {
            shapes[i] = arrays[i].shape;
            for (int j = 0; j < i; j++) {
                try {
                    Shapes.broadcast(shapes[j], shapes[i]);
                } catch (ShapeMismatchException e) {
                    throw new ShapeMismatchException("shape mismatch: objects cannot be broadcast to a single shape.  Mismatch is between arg "
                            + j + " with shape " + pyTuple(shapes[j]) + " and arg " + i + " with shape " + pyTuple(shapes[i]) + ".");
                }
            }
        }
        long[] shape = Shapes.broadcast(shapes);
        List<NdArray> r = new ArrayList<>();
        for (NdArray a : arrays) {
            r.add(broadcastTo(a, shape));
        }
        return r;
    }

    /** Python's repr of a shape tuple: {@code (5,)}, {@code (3, 4)}. */
    static String pyTuple(long[] s) {
        StringBuilder b = new StringBuilder("(");
        for (int i = 0; i < s.length; i++) {
            b.append(i == 0 ? "" : ", ").append(s[i]);
        }
        return b.append(s.length == 1 ? ",)" : ")").toString();
    }

    static NdArray flip(NdArray a, int[] axes) {
        int[] ax;
        if (axes == null) {
            ax = new int[a.ndim()];
            for (int i = 0; i < ax.length; i++) {
                ax[i] = i;
            }
        } else {
            ax = normalizeAxes(axes, a.ndim(), "repeated axis");
        }
        if (ax.length == 0) {
            return a.get();
        }
        Object[] idx = new Object[a.ndim()];
        Arrays.fill(idx, Slice.all());
        for (int x : ax) {
            idx[x] = Slice.of(null, null, -1L);
        }
        return a.get(idx);
    }

    static NdArray rot90(NdArray m, int k, int[] axes) {
        if (axes.length != 2) {
            throw new IllegalArgumentException("len(axes) must be 2.");
        }
        int nd = m.ndim();
        if (axes[0] == axes[1] || Math.abs(axes[0] - axes[1]) == nd) {
            throw new IllegalArgumentException("Axes must be different.");
        }
        if (axes[0] >= nd || axes[0] < -nd || axes[1] >= nd || axes[1] < -nd) {
            throw new IllegalArgumentException("Axes=(" + axes[0] + ", " + axes[1] + ") out of range for array of ndim=" + nd + ".");
        }
        int a0 = Shapes.axis(axes[0], nd);
        int a1 = Shapes.axis(axes[1], nd);
        k = Math.floorMod(k, 4);
        if (k == 0) {
            return m.get();
        }
        if (k == 2) {
            return flip(flip(m, new int[]{a0}), new int[]{a1});
        }
        int[] perm = new int[nd];
        for (int i = 0; i < nd; i++) {
            perm[i] = i;
        }
        perm[a0] = a1;
        perm[a1] = a0;
        return k == 1 ? flip(m, new int[]{a1}).transpose(perm) : flip(m.transpose(perm), new int[]{a1});
    }

    // ------------------------------------------------------------------ split

    static List<NdArray> splitAt(NdArray a, long[] indices, int axis) {
        int ax = Shapes.axis(axis, a.ndim());
        List<NdArray> r = new ArrayList<>();
        long prev = 0;
        for (int i = 0; i <= indices.length; i++) {
            Long end = i < indices.length ? indices[i] : null;
            r.add(slice(a, ax, prev, end, 1));
            if (end != null) {
                prev = end;
            }
        }
        return r;
    }

    static List<NdArray> arraySplit(NdArray a, long sections, int axis, boolean equal) {
        int ax = Shapes.axis(axis, a.ndim());
        if (sections <= 0) {
            throw new IllegalArgumentException("number sections must be larger than 0.");
        }
        long n = a.shape[ax];
        if (equal && n % sections != 0) {
            throw new ShapeMismatchException("array split does not result in an equal division");
        }
        long each = n / sections;
        long extras = n % sections;
        List<NdArray> r = new ArrayList<>();
        long start = 0;
        for (long i = 0; i < sections; i++) {
            long len = each + (i < extras ? 1 : 0);
            r.add(slice(a, ax, start, start + len, 1));
            start += len;
        }
        return r;
    }

    static int splitAxis(NdArray a, String fn) {
        return switch (fn) {
            case "hsplit" -> {
                if (a.ndim() == 0) {
                    throw new ShapeMismatchException("hsplit only works on arrays of 1 or more dimensions");
                }
                yield a.ndim() > 1 ? 1 : 0;
            }
            case "vsplit" -> {
                if (a.ndim() < 2) {
                    throw new ShapeMismatchException("vsplit only works on arrays of 2 or more dimensions");
                }
                yield 0;
            }
            default -> {
                if (a.ndim() < 3) {
                    throw new ShapeMismatchException("dsplit only works on arrays of 3 or more dimensions");
                }
                yield 2;
            }
        };
    }

    // ------------------------------------------------------------------ joining (tiled copies)

    static NdArray concatenate(NdArray[] arrays, Integer axis) {
        if (arrays.length == 0) {
            throw new IllegalArgumentException("need at least one array to concatenate");
        }
        NdArray[] in = arrays.clone();
        int ax;
        if (axis == null) {
            for (int i = 0; i < in.length; i++) {
                in[i] = in[i].ravel();
            }
            ax = 0;
        } else {
            if (in[0].ndim() == 0) {
                throw new ShapeMismatchException("zero-dimensional arrays cannot be concatenated");
            }
            ax = Shapes.axis(axis, in[0].ndim());
        }
        int nd = in[0].ndim();
        DType dt = in[0].dtype();
        long[] shape = in[0].shape.clone();
        for (int i = 1; i < in.length; i++) {
            NdArray b = in[i];
            if (b.ndim() != nd) {
                throw new ShapeMismatchException("all the input arrays must have same number of dimensions, but the array at index 0 has "
                        + nd + " dimension(s) and the array at index " + i + " has " + b.ndim() + " dimension(s)");
            }
            for (int d = 0; d < nd; d++) {
                if (d != ax && b.shape[d] != in[0].shape[d]) {
                    throw new ShapeMismatchException("all the input array dimensions except for the concatenation axis must match exactly, but along dimension "
                            + d + ", the array at index 0 has size " + in[0].shape[d] + " and the array at index " + i + " has size " + b.shape[d]);
                }
            }
            shape[ax] += b.shape[ax];
            dt = DType.promote(dt, b.dtype());
        }
        NdArray out = Creation.empty(in[0].ctx, dt, shape);
        long off = 0;
        for (NdArray b : in) {
            long n = b.shape[ax];
            if (n > 0 && b.size() > 0) {
                Indexing.assign(range(out, ax, off, off + n), b);
            }
            off += n;
        }
        return out;
    }

    static NdArray stack(NdArray[] arrays, int axis) {
        if (arrays.length == 0) {
            throw new IllegalArgumentException("need at least one array to stack");
        }
        for (NdArray a : arrays) {
            if (!Arrays.equals(a.shape, arrays[0].shape)) {
                throw new ShapeMismatchException("all input arrays must have the same shape");
            }
        }
        int ax = Shapes.axis(axis, arrays[0].ndim() + 1);
        NdArray[] ex = new NdArray[arrays.length];
        for (int i = 0; i < ex.length; i++) {
            ex[i] = expandDims(arrays[i], ax);
        }
        return concatenate(ex, ax);
    }

    static NdArray hstack(NdArray[] arrays) {
        NdArray[] a = map(arrays, 1);
        return concatenate(a, a.length > 0 && a[0].ndim() == 1 ? 0 : 1);
    }

    static NdArray vstack(NdArray[] arrays) {
        return concatenate(map(arrays, 2), 0);
    }

    static NdArray dstack(NdArray[] arrays) {
        return concatenate(map(arrays, 3), 2);
    }

    static NdArray columnStack(NdArray[] arrays) {
        NdArray[] a = new NdArray[arrays.length];
        for (int i = 0; i < a.length; i++) {
            NdArray x = arrays[i];
            a[i] = x.ndim() < 2 ? atleast(x, 2).T() : x;
        }
        return concatenate(a, 1);
    }

    private static NdArray[] map(NdArray[] arrays, int n) {
        NdArray[] r = new NdArray[arrays.length];
        for (int i = 0; i < r.length; i++) {
            r[i] = atleast(arrays[i], n);
        }
        return r;
    }

    // ------------------------------------------------------------------ roll, tile, repeat

    static NdArray roll(NdArray a, long[] shifts, int[] axes) {
        if (axes == null) {
            if (shifts.length != 1) {
                throw new IllegalArgumentException("'shift' must be a single integer when 'axis' is not given");
            }
            return roll(a.ravel(), shifts, new int[]{0}).reshape(a.shape);
        }
        if (shifts.length != axes.length && shifts.length != 1 && axes.length != 1) {
            throw new ShapeMismatchException("shape mismatch: objects cannot be broadcast to a single shape.  Mismatch is between arg 0 with shape ("
                    + shifts.length + ",) and arg 1 with shape (" + axes.length + ",).");
        }
        int n = Math.max(shifts.length, axes.length);
        long[] total = new long[a.ndim()];
        for (int i = 0; i < n; i++) {
            int ax = Shapes.axis(axes[axes.length == 1 ? 0 : i], a.ndim());
            total[ax] += shifts[shifts.length == 1 ? 0 : i];
        }
        NdArray cur = a;
        boolean copied = false;
        for (int ax = 0; ax < a.ndim(); ax++) {
            long len = a.shape[ax];
            long s = len == 0 ? 0 : Math.floorMod(total[ax], len);
            if (s == 0) {
                continue;
            }
            NdArray out = Creation.empty(a.ctx, a.dtype(), a.shape);
            Indexing.assign(range(out, ax, s, len), range(cur, ax, 0, len - s));
            Indexing.assign(range(out, ax, 0, s), range(cur, ax, len - s, len));
            cur = out;
            copied = true;
        }
        return copied ? cur : a.copy();
    }

    static NdArray tile(NdArray a, long[] reps) {
        for (long r : reps) {
            if (r < 0) {
                throw new IllegalArgumentException("negative dimensions are not allowed");
            }
        }
        int d = Math.max(reps.length, a.ndim());
        long[] r = new long[d];
        Arrays.fill(r, 1);
        System.arraycopy(reps, 0, r, d - reps.length, reps.length);
        long[] cs = new long[d];
        Arrays.fill(cs, 1);
        System.arraycopy(a.shape, 0, cs, d - a.ndim(), a.ndim());
        NdArray c = a.reshape(cs); // only length-1 axes added: a view
        long[] shape = new long[d];
        for (int i = 0; i < d; i++) {
            shape[i] = cs[i] * r[i];
        }
        if (Shapes.volume(shape) == 0) {
            return Creation.empty(a.ctx, a.dtype(), shape);
        }
        // out[k0 * cs0 + j0, k1 * cs1 + j1, ...] = c[j0, j1, ...]: c seen as (1, cs0, 1, cs1, ...), broadcast to
        // (r0, cs0, r1, cs1, ...) and copied in row-major order into the tiled shape: one reshape copy (a GATHER that
        // writes all of out), where copying into blocks of a new array made every copy a partial write that filled
        // the rest first (1e5 float64 tiled twice: 0.24-0.30 ms a call, NumPy 0.05)
        long[] one = new long[2 * d];
        long[] wide = new long[2 * d];
        for (int i = 0; i < d; i++) {
            one[2 * i] = 1;
            one[2 * i + 1] = cs[i];
            wide[2 * i] = r[i];
            wide[2 * i + 1] = cs[i];
        }
        boolean copies = false;
        for (long ri : r) {
            copies |= ri > 1;
        }
        // with a repetition the broadcast view is not contiguous and reshape copies it; without, tile still copies
        return copies ? broadcastTo(c.reshape(one), wide).reshape(shape) : c.copy();
    }

    static NdArray repeat(NdArray a, long repeats, Integer axis) {
        if (axis == null) {
            return repeat(a.ravel(), repeats, 0);
        }
        if (repeats < 0) {
            throw new IllegalArgumentException("negative dimensions are not allowed");
        }
        int ax = Shapes.axis(axis, a.ndim());
        long n = a.shape[ax];
        long[] shape = a.shape.clone();
        shape[ax] = n * repeats;
        NdArray out = Creation.empty(a.ctx, a.dtype(), shape);
        if (Shapes.volume(shape) == 0) {
            return out;
        }
        if (repeats <= n) {
            for (long j = 0; j < repeats; j++) {   // out[j::r] = a
                Indexing.assign(slice(out, ax, j, null, repeats), a);
            }
        } else {
            for (long i = 0; i < n; i++) {         // out[i*r:(i+1)*r] = a[i:i+1] (broadcast)
                Indexing.assign(range(out, ax, i * repeats, (i + 1) * repeats), range(a, ax, i, i + 1));
            }
        }
        return out;
    }

    static NdArray repeat(NdArray a, long[] repeats, Integer axis) {
        if (axis == null) {
            return repeat(a.ravel(), repeats, 0);
        }
        int ax = Shapes.axis(axis, a.ndim());
        long n = a.shape[ax];
        if (repeats.length == 1) {
            return repeat(a, repeats[0], axis);
        }
        if (repeats.length != n) {
            throw new ShapeMismatchException("operands could not be broadcast together with shape (" + n + ",) (" + repeats.length + ",)");
        }
        long total = 0;
        for (long r : repeats) {
            if (r < 0) {
                throw new IllegalArgumentException("repeats may not contain negative values.");
            }
            total = Math.addExact(total, r);
        }
        long[] shape = a.shape.clone();
        shape[ax] = total;
        NdArray out = Creation.empty(a.ctx, a.dtype(), shape);
        if (Shapes.volume(shape) == 0) {
            return out;
        }
        // runs of equal counts: each run [s, e) with count c is repeat(a[s:e], c), written in min(c, e - s) launches
        long off = 0;
        int s = 0;
        while (s < n) {
            int e = s + 1;
            while (e < n && repeats[e] == repeats[s]) {
                e++;
            }
            long c = repeats[s];
            long len = e - s;
            if (c > 0) {
                NdArray dst = range(out, ax, off, off + len * c);
                NdArray src = range(a, ax, s, e);
                if (c <= len) {
                    for (long j = 0; j < c; j++) {
                        Indexing.assign(slice(dst, ax, j, null, c), src);
                    }
                } else {
                    for (long i = 0; i < len; i++) {
                        Indexing.assign(range(dst, ax, i * c, (i + 1) * c), range(src, ax, i, i + 1));
                    }
                }
            }
            off += len * c;
            s = e;
        }
        return out;
    }

    // ------------------------------------------------------------------ pad

    /** {@code pad_width} in NumPy's broadcast forms: {@code [[w]]}, {@code [[b, a]]}, {@code [[b0, a0], ...]} per axis. */
    static long[][] padWidths(long[][] width, int ndim) {
        int rows = width.length;
        int cols = rows == 0 ? 0 : width[0].length;
        for (long[] w : width) {
            if (w.length != cols) {
                throw new IllegalArgumentException("setting an array element with a sequence. The requested array has an inhomogeneous shape after 1 dimensions.");
            }
        }
        if ((rows != 1 && rows != ndim) || (cols != 1 && cols != 2)) {
            throw new ShapeMismatchException("operands could not be broadcast together with remapped shapes [original->remapped]: ("
                    + rows + "," + cols + ")  and requested shape (" + ndim + ",2)");
        }
        long[][] r = new long[ndim][2];
        for (int i = 0; i < ndim; i++) {
            long[] w = width[rows == 1 ? 0 : i];
            r[i][0] = w[0];
            r[i][1] = w[cols == 1 ? 0 : 1];
            if (r[i][0] < 0 || r[i][1] < 0) {
                throw new IllegalArgumentException("index can't contain negative values");
            }
        }
        return r;
    }

    static NdArray pad(NdArray a, long[][] width, String mode, double constant) {
        long[][] w = padWidths(width, a.ndim());
        if (!List.of("constant", "edge", "wrap", "reflect", "symmetric").contains(mode)) {
            throw new IllegalArgumentException("mode '" + mode + "' is not supported");
        }
        int nd = a.ndim();
        long[] shape = new long[nd];
        for (int i = 0; i < nd; i++) {
            shape[i] = Math.addExact(a.shape[i], w[i][0] + w[i][1]);
            if (!mode.equals("constant") && a.shape[i] == 0 && (w[i][0] > 0 || w[i][1] > 0)) {
                throw new IllegalArgumentException("can't extend empty axis " + i + " using modes other than 'constant' or 'empty'");
            }
        }
        NdArray out = mode.equals("constant") ? Creation.full(a.ctx, a.dtype(), shape, castConstant(a.dtype(), constant))
                : Creation.empty(a.ctx, a.dtype(), shape);
        if (Shapes.volume(shape) == 0) {
            return out;
        }
        Object[] interior = new Object[nd];
        for (int i = 0; i < nd; i++) {
            interior[i] = Slice.of(w[i][0], w[i][0] + a.shape[i]);
        }
        if (a.size() > 0) {
            Indexing.assign(out.get(interior), a);
        }
        if (mode.equals("constant")) {
            return out;
        }
        Object[] region = interior.clone();
        for (int ax = 0; ax < nd; ax++) {
            long b = w[ax][0];
            long e = w[ax][1];
            long n = a.shape[ax];
            if (mode.equals("edge") || (mode.equals("reflect") && n == 1)) { // NumPy: a length-1 axis reflects as its edge
                if (b > 0) {
                    Indexing.assign(out.get(withAxis(region, ax, Slice.of(0, b))), out.get(withAxis(region, ax, Slice.of(b, b + 1))));
                }
                if (e > 0) {
                    Indexing.assign(out.get(withAxis(region, ax, Slice.of(b + n, b + n + e))),
                            out.get(withAxis(region, ax, Slice.of(b + n - 1, b + n))));
                }
            } else {
                // chunks outward from the interior, each a reflection (or, for wrap, a period) of the part already
                // filled next to it: the same values as NumPy's repeated padding for any width
                long chunk = mode.equals("reflect") ? n - 1 : n;
                for (long q = b; q > 0; ) {              // before: fill [q - len, q)
                    long len = Math.min(q, chunk);
                    Slice src = switch (mode) {
                        case "reflect" -> down(q + len, q);
                        case "symmetric" -> down(q + len - 1, q - 1);
                        default -> Slice.of(q - len + n, q + n);
                    };
                    Indexing.assign(out.get(withAxis(region, ax, Slice.of(q - len, q))), out.get(withAxis(region, ax, src)));
                    q -= len;
                }
                for (long r = b + n; r < b + n + e; ) {  // after: fill [r, r + len)
                    long len = Math.min(b + n + e - r, chunk);
                    Slice src = switch (mode) {
                        case "reflect" -> down(r - 2, r - 2 - len);
                        case "symmetric" -> down(r - 1, r - 1 - len);
                        default -> Slice.of(r - n, r - n + len);
                    };
                    Indexing.assign(out.get(withAxis(region, ax, Slice.of(r, r + len))), out.get(withAxis(region, ax, src)));
                    r += len;
                }
            }
            region[ax] = Slice.all();
        }
        return out;
    }

    private static Object[] withAxis(Object[] idx, int ax, Slice s) {
        Object[] r = idx.clone();
        r[ax] = s;
        return r;
    }

    /** {@code start:stop:-1} with a stop of -1 meaning "through index 0" (not Python's "last"). */
    private static Slice down(long start, long stop) {
        return Slice.of(start, stop < 0 ? null : stop, -1L);
    }

    private static double castConstant(DType dt, double v) {
        return switch (dt) {
            case BOOL -> v != 0 ? 1 : 0;
            case INT64, INT32 -> (double) (long) v;
            default -> v;
        };
    }

    // ------------------------------------------------------------------ triangles, diagonals

    /** NumPy's {@code tri}: {@code greater_equal.outer(arange(N), arange(-k, M - k))}, so negative extents give empty axes. */
    static NdArray tri(Cohort ctx, long n, long m, long k, DType dtype) {
        n = Math.max(0, n);
        m = Math.max(0, m);
        NdArray rows = Creation.arange(ctx, DType.INT64, 0, 1, n).get(Slice.all(), Slice.NEWAXIS);
        NdArray cols = Creation.arange(ctx, DType.INT64, -k, 1, m).get(Slice.NEWAXIS, Slice.all());
        NdArray mask = rows.greater_equal(cols);
        return dtype == DType.BOOL ? mask : mask.astype(dtype);
    }

    static NdArray triangle(NdArray m, long k, boolean lower) {
        if (m.ndim() == 0) {
            throw new IllegalArgumentException((lower ? "tril" : "triu") + " needs an array of at least one dimension (tri() missing 1 required positional argument: 'N')");
        }
        long rows = m.ndim() == 1 ? m.shape[0] : m.shape[m.ndim() - 2];
        long cols = m.shape[m.ndim() - 1];
        NdArray zero = Creation.empty(m.ctx, m.dtype(), new long[0]);
        if (lower) {
            return Elementwise.where(tri(m.ctx, rows, cols, k, DType.BOOL), m, zero);
        }
        return Elementwise.where(tri(m.ctx, rows, cols, k - 1, DType.BOOL), zero, m);
    }

    /**
     * The diagonal as a new array: axes {@code axis1}, {@code axis2} removed, the diagonal appended as the
     * last axis. (An {@link Access} cannot follow one iteration dimension with two store dimensions, so
     * this is a copy, computed tiled: {@code where(j == i + offset, a, 0)} over the two axes moved last,
     * summed along the last one — each row holds at most one diagonal element, so the sum is that element
     * exactly — then the rows that hold one.)
     */
    static NdArray diagonal(NdArray a, long offset, int axis1, int axis2) {
        if (a.ndim() < 2) {
            throw new IllegalArgumentException("diag requires an array of at least two dimensions");
        }
        int a1 = axisNamed(axis1, a.ndim(), "axis1");
        int a2 = axisNamed(axis2, a.ndim(), "axis2");
        if (a1 == a2) {
            throw new IllegalArgumentException("axis1 and axis2 cannot be the same");
        }
        long n1 = a.shape[a1];
        long n2 = a.shape[a2];
        long len = offset >= 0 ? Math.max(0, Math.min(n1, n2 - offset)) : Math.max(0, Math.min(n1 + offset, n2));
        long s1 = offset >= 0 ? 0 : -offset;
        NdArray moved = moveaxis(a, new int[]{a1, a2}, new int[]{-2, -1});
        long[] shape = Arrays.copyOf(moved.shape, a.ndim() - 1);
        shape[shape.length - 1] = len;
        if (len == 0 || Shapes.volume(shape) == 0) {
            return Creation.empty(a.ctx, a.dtype(), shape);
        }
        NdArray mask = onDiagonal(a.ctx, n1, n2, offset);
        NdArray zero = Creation.empty(a.ctx, a.dtype(), new long[0]);
        NdArray rows = Elementwise.where(mask, moved, zero).sum(-1);
        NdArray d = slice(rows, rows.ndim() - 1, s1, s1 + len, 1);
        return Elementwise.astype(d, a.dtype(), true);
    }

    /** The bool {@code (n, m)} mask {@code j == i + k}. */
    static NdArray onDiagonal(Cohort ctx, long n, long m, long k) {
        NdArray rows = Creation.arange(ctx, DType.INT64, k, 1, n).get(Slice.all(), Slice.NEWAXIS);
        NdArray cols = Creation.arange(ctx, DType.INT64, 0, 1, m).get(Slice.NEWAXIS, Slice.all());
        return rows.equal(cols);
    }

    private static int axisNamed(int axis, int ndim, String name) {
        try {
            return Shapes.axis(axis, ndim);
        } catch (AxisException e) {
            throw new AxisException(name + ": " + e.getMessage());
        }
    }

    /**
     * {@code diag}: a 1-d {@code v} of length n placed on the {@code k}-th diagonal of an {@code (N, N)},
     * {@code N = n + |k|}, zero array: {@code where(j == i + k, c, 0)} with {@code c} = {@code v} padded with
     * |k| zeros, as a column for k &ge; 0 (row i holds {@code v[i]}) and a row for k &lt; 0 (column j holds
     * {@code v[j]}); one tiled launch. A 2-d {@code v}: its diagonal.
     */
    static NdArray diag(NdArray v, long k) {
        if (v.ndim() == 1) {
            long n = v.shape[0];
            long big = n + Math.abs(k);
            NdArray padded = pad(v, new long[][]{{0, Math.abs(k)}}, "constant", 0);
            NdArray c = k >= 0 ? padded.get(Slice.all(), Slice.NEWAXIS) : padded.get(Slice.NEWAXIS, Slice.all());
            NdArray zero = Creation.empty(v.ctx, v.dtype(), new long[0]);
            NdArray out = Elementwise.where(onDiagonal(v.ctx, big, big, k), c, zero);
            return Elementwise.astype(out, v.dtype(), false);
        }
        if (v.ndim() == 2) {
            return diagonal(v, k, 0, 1);
        }
        throw new IllegalArgumentException("Input must be 1- or 2-d.");
    }

    static NdArray trace(NdArray a, long offset, int axis1, int axis2) {
        NdArray d = diagonal(a, offset, axis1, axis2);
        return d.sum(-1);
    }

    // ------------------------------------------------------------------ grids

    static List<NdArray> meshgrid(NdArray[] xs, String indexing, boolean sparse, boolean copy) {
        if (!indexing.equals("xy") && !indexing.equals("ij")) {
            throw new IllegalArgumentException("Valid values for `indexing` are 'xy' and 'ij'.");
        }
        int nd = xs.length;
        List<NdArray> out = new ArrayList<>();
        for (int i = 0; i < nd; i++) {
            long[] s = new long[nd];
            Arrays.fill(s, 1);
            int pos = i;
            if (indexing.equals("xy") && nd > 1 && i < 2) {
                pos = 1 - i;
            }
            s[pos] = xs[i].size();
            out.add(xs[i].ravel().reshape(s));
        }
        if (!sparse) {
            out = broadcastArrays(out.toArray(new NdArray[0]));
        }
        if (copy) {
            out.replaceAll(NdArray::copy);
        }
        return out;
    }

    static NdArray indices(Cohort ctx, long[] dims, DType dtype) {
        Shapes.checkNonNegative(dims);
        long[] shape = new long[dims.length + 1];
        shape[0] = dims.length;
        System.arraycopy(dims, 0, shape, 1, dims.length);
        NdArray out = Creation.empty(ctx, dtype, shape);
        if (Shapes.volume(shape) == 0) {
            return out;
        }
        for (int i = 0; i < dims.length; i++) {
            long[] s = new long[dims.length];
            Arrays.fill(s, 1);
            s[i] = dims[i];
            Indexing.assign(out.get((long) i), Creation.arange(ctx, DType.INT64, 0, 1, dims[i]).reshape(s));
        }
        return out;
    }

    static NdArray identity(Cohort ctx, long n, DType dtype) {
        if (n < 0) {
            throw new IllegalArgumentException("negative dimensions are not allowed");
        }
        NdArray rows = Creation.arange(ctx, DType.INT64, 0, 1, n).get(Slice.all(), Slice.NEWAXIS);
        NdArray cols = Creation.arange(ctx, DType.INT64, 0, 1, n).get(Slice.NEWAXIS, Slice.all());
        NdArray eq = rows.equal(cols);
        return dtype == DType.BOOL ? eq : eq.astype(dtype);
    }

    // ------------------------------------------------------------------ append, insert, delete, resize, ...

    static NdArray append(NdArray arr, NdArray values, Integer axis) {
        if (axis == null) {
            return concatenate(new NdArray[]{arr.ravel(), values.ravel()}, 0);
        }
        return concatenate(new NdArray[]{arr, values}, axis);
    }

    static long[] broadcastShapes(long[]... shapes) {
        for (int i = 0; i < shapes.length; i++) {
            for (int j = 0; j < i; j++) {
                try {
                    Shapes.broadcast(shapes[j], shapes[i]);
                } catch (ShapeMismatchException e) {
                    throw new ShapeMismatchException("shape mismatch: objects cannot be broadcast to a single shape.  Mismatch is between arg "
                            + j + " with shape " + pyTuple(shapes[j]) + " and arg " + i + " with shape " + pyTuple(shapes[i]) + ".");
                }
            }
        }
        return Shapes.broadcast(shapes);
    }

    static NdArray rollaxis(NdArray a, int axis, int start) {
        int n = a.ndim();
        int ax = Shapes.axis(axis, n);
        int st = start < 0 ? start + n : start;
        if (st < 0 || st >= n + 1) {
            throw new AxisException("'start' arg requires " + (-n) + " <= start < " + (n + 1) + ", but " + start + " was passed in");
        }
        if (ax < st) {
            st--;
        }
        if (ax == st) {
            return a.get();
        }
        List<Integer> axes = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            if (i != ax) {
                axes.add(i);
            }
        }
        axes.add(st, ax);
        return a.transpose(axes.stream().mapToInt(Integer::intValue).toArray());
    }

    static List<NdArray> unstack(NdArray x, int axis) {
        if (x.ndim() == 0) {
            throw new IllegalArgumentException("Input array must be at least 1-d.");
        }
        NdArray m = moveaxis(x, new int[]{axis}, new int[]{0});
        List<NdArray> r = new ArrayList<>();
        for (long i = 0; i < m.shape[0]; i++) {
            r.add(m.get(i));
        }
        return r;
    }

    static NdArray resize(NdArray a, long[] newShape) {
        for (long s : newShape) {
            if (s < 0) {
                throw new IllegalArgumentException("all elements of `new_shape` must be non-negative");
            }
        }
        NdArray flat = a.ravel();
        long newSize = Shapes.volume(newShape);
        if (flat.size() == 0 || newSize == 0) {
            return Creation.full(a.ctx, a.dtype(), newShape, 0);
        }
        long reps = (newSize + flat.size() - 1) / flat.size();
        NdArray t = tile(flat, new long[]{reps});
        return range(t, 0, 0, newSize).reshape(newShape);
    }

    /** {@code np.delete}: the kept runs of {@code arr} along {@code axis} joined (one tiled copy per run). */
    static NdArray delete(NdArray arr, long[] obj, Integer axis) {
        if (axis == null) {
            return delete(arr.ravel(), obj, 0);
        }
        int ax = Shapes.axis(axis, arr.ndim());
        long n = arr.shape[ax];
        boolean[] drop = new boolean[Math.toIntExact(n)];
        for (long i : obj) {
            if (i < -n || i >= n) {
                throw new NdIndexException("index " + i + " is out of bounds for axis " + ax + " with size " + n);
            }
            drop[(int) (i < 0 ? i + n : i)] = true;
        }
        List<NdArray> runs = new ArrayList<>();
        int s = 0;
        while (s < n) {
            if (drop[s]) {
                s++;
                continue;
            }
            int e = s;
            while (e < n && !drop[e]) {
                e++;
            }
            runs.add(range(arr, ax, s, e));
            s = e;
        }
        if (runs.isEmpty()) {
            long[] shape = arr.shape.clone();
            shape[ax] = 0;
            return Creation.empty(arr.ctx, arr.dtype(), shape);
        }
        return concatenate(runs.toArray(new NdArray[0]), ax);
    }

    /** {@code np.insert} at one index: {@code values} cast to {@code arr}'s dtype, made {@code arr.ndim}-d, its first axis moved to {@code axis}. */
    static NdArray insert(NdArray arr, long index, NdArray values, Integer axis) {
        if (axis == null) {
            return insert(arr.ravel(), index, values, 0);
        }
        int ax = Shapes.axis(axis, arr.ndim());
        long n = arr.shape[ax];
        if (index < -n || index > n) {
            throw new NdIndexException("index " + index + " is out of bounds for axis " + ax + " with size " + n);
        }
        long at = index < 0 ? index + n : index;
        NdArray v = values.ndim() < arr.ndim() ? values.reshape(withLeadingOnes(values.shape, arr.ndim())) : values;
        v = moveaxis(v, new int[]{0}, new int[]{ax});
        long numnew = v.shape[ax];
        long[] shape = arr.shape.clone();
        shape[ax] = n + numnew;
        NdArray out = Creation.empty(arr.ctx, arr.dtype(), shape);
        if (Shapes.volume(shape) == 0) {
            return out;
        }
        if (at > 0) {
            Indexing.assign(range(out, ax, 0, at), range(arr, ax, 0, at));
        }
        if (numnew > 0) {
            Indexing.assign(range(out, ax, at, at + numnew), v);
        }
        if (at < n) {
            Indexing.assign(range(out, ax, at + numnew, n + numnew), range(arr, ax, at, n));
        }
        return out;
    }

    private static long[] withLeadingOnes(long[] s, int nd) {
        long[] r = new long[nd];
        Arrays.fill(r, 1);
        System.arraycopy(s, 0, r, nd - s.length, s.length);
        return r;
    }

    static NdArray ascontiguousarray(NdArray a) {
        NdArray x = a.ndim() == 0 ? a.reshape(1) : a;
        return x.coversBase() ? x : x.copy();
    }
}
