package dev.cohort.tasks;

import dev.cohort.runtime.launch.IterSpace;

import dev.cohort.runtime.launch.Access;

import dev.cohort.runtime.geometry.Point;
import dev.cohort.runtime.geometry.Rect;
import dev.cohort.runtime.instance.Instance;
import dev.cohort.runtime.launch.TaskContext;
import dev.cohort.runtime.region.FieldType;

import java.util.Arrays;

/**
 * One point task's iteration tile and its operands resolved to linear indices: an operand reached
 * through {@link Access} {@code s[k] = start[k] + step[k] * i[iterDim[k]]} from iteration point
 * {@code i} lives at {@code base + sum_d (i[d] - lo[d]) * stride[d]} of its instance's array, with
 * {@code stride[d] = sum over k with iterDim[k] == d of step[k] * instance.stride(k)}.
 *
 * <p>A {@link Plan} walks the tile row by row (last dimension innermost) over a set of views,
 * after dropping unit dimensions and merging dimensions that are contiguous for every view, so a
 * row is as long as the layouts allow and the row kernels (tight loops the JIT vectorises) see
 * one innermost stride per operand.
 */
final class Tile {
    /** Row callback: {@code off[v]} is view {@code v}'s linear index at the row's first point. */
    @FunctionalInterface
    interface RowFn {
        void row(long[] off, int n);
    }

    /** One operand of the tile: an instance's array (or a constant, or an index) with affine offsets. */
    static final class View {
        final boolean constant;
        final FieldType type;
        final Object array;
        final double dval;
        final long lval;
        final long base;
        final long[] stride;

        private View(boolean constant, FieldType type, Object array, double dval, long lval, long base, long[] stride) {
            this.constant = constant;
            this.type = type;
            this.array = array;
            this.dval = dval;
            this.lval = lval;
            this.base = base;
            this.stride = stride;
        }

        /** A whole instance's array as a one-dimensional view from element 0 with unit stride. */
        static View whole(dev.cohort.runtime.instance.Instance inst) {
            return new View(false, inst.type(), inst.array(), 0, 0, 0, new long[] {1});
        }

        /** A one-element instance as a view that stays at element 0 along one iteration dimension (a reduction's out). */
        static View fixed(dev.cohort.runtime.instance.Instance inst) {
            return new View(false, inst.type(), inst.array(), 0, 0, 0, new long[1]);
        }

        /** A constant operand's view (one iteration dimension, stride 0). */
        static View constant(Operand.Const c) {
            return new View(true, c.type(), null, Convert.bitsToDouble(c.type(), c.bits()),
                    Convert.bitsToLong(c.type(), c.bits()), 0, new long[1]);
        }

        /** The value at linear index {@code i} as a double (constants ignore i). */
        double getD(long i) {
            if (constant) {
                return dval;
            }
            int k = (int) i;
            return switch (type) {
                case FLOAT64 -> ((double[]) array)[k];
                case FLOAT32 -> ((float[]) array)[k];
                case INT64 -> ((long[]) array)[k];
                case INT32 -> ((int[]) array)[k];
                case BOOL -> ((byte[]) array)[k];
            };
        }

        /** The value at linear index {@code i} as a long (NumPy cast for floats). */
        long getL(long i) {
            if (constant) {
                return lval;
            }
            int k = (int) i;
            return switch (type) {
                case FLOAT64 -> Convert.d2l(((double[]) array)[k]);
                case FLOAT32 -> Convert.d2l(((float[]) array)[k]);
                case INT64 -> ((long[]) array)[k];
                case INT32 -> ((int[]) array)[k];
                case BOOL -> ((byte[]) array)[k];
            };
        }

        /** Stores double {@code v} at {@code i}, converted to this view's type. */
        void setD(long i, double v) {
            int k = (int) i;
            switch (type) {
                case FLOAT64 -> ((double[]) array)[k] = v;
                case FLOAT32 -> ((float[]) array)[k] = (float) v;
                case INT64 -> ((long[]) array)[k] = Convert.d2l(v);
                case INT32 -> ((int[]) array)[k] = Convert.d2i(v);
                case BOOL -> ((byte[]) array)[k] = (byte) (v != 0 ? 1 : 0);
            }
        }

        /** Stores long {@code v} at {@code i}, converted to this view's type. */
        void setL(long i, long v) {
            int k = (int) i;
            switch (type) {
                case FLOAT64 -> ((double[]) array)[k] = v;
                case FLOAT32 -> ((float[]) array)[k] = v;
                case INT64 -> ((long[]) array)[k] = v;
                case INT32 -> ((int[]) array)[k] = (int) v;
                case BOOL -> ((byte[]) array)[k] = (byte) (v != 0 ? 1 : 0);
            }
        }

        /** True when the view does not move along a row of inner stride {@code st}. */
        boolean scalar(long st) {
            return constant || st == 0;
        }

        /** The value at {@code off} as raw bits of type {@code t} (NumPy cast). */
        long bitsAs(long off, FieldType t) {
            if (Convert.integral(type)) {
                return t.bitsOf(getL(off));
            }
            double d = getD(off);
            return switch (t) {
                case INT64 -> Convert.d2l(d);
                case INT32 -> Convert.d2i(d);
                default -> t.bitsOf(d);
            };
        }

        /** Sets {@code n} elements from {@code off} with stride {@code st} to the value with raw {@code bits}. */
        void fillBits(long off, long st, int n, long bits) {
            DataLoops.fill(type, array, (int) off, (int) st, n, bits);
        }

        /**
         * Copies {@code n} elements of store view {@code src} into this one, straight between the arrays:
         * bit for bit when the types agree, else converted with NumPy's cast (the bits of the strided
         * paths' gather and scatter).
         */
        void copyFrom(View src, long srcOff, long srcSt, long off, long st, int n) {
            DataLoops.convert(src.type, src.array, (int) srcOff, (int) srcSt, type, array, (int) off, (int) st, n);
        }

        /** Reads {@code n} elements from {@code off} with stride {@code st} into {@code buf} as doubles. */
        void gatherD(long off, long st, double[] buf, int bo, int n) {
            if (constant) {
                Arrays.fill(buf, bo, bo + n, dval);
                return;
            }
            Strided.gatherD(type, array, (int) off, (int) st, buf, bo, n);
        }

        /** Reads {@code n} elements into {@code buf} as longs (NumPy cast for floats). */
        void gatherL(long off, long st, long[] buf, int bo, int n) {
            if (constant) {
                Arrays.fill(buf, bo, bo + n, lval);
                return;
            }
            Strided.gatherL(type, array, (int) off, (int) st, buf, bo, n);
        }

        /** Reads {@code n} elements into {@code buf} as truth values (0/1). */
        void gatherTruth(long off, long st, long[] buf, int bo, int n) {
            if (constant) {
                Arrays.fill(buf, bo, bo + n, (dval != 0 || lval != 0) ? 1 : 0);
                return;
            }
            Strided.gatherTruth(type, array, (int) off, (int) st, buf, bo, n);
        }

        /** Writes {@code buf[0, n)} (doubles) from {@code off} with stride {@code st}, converted to this view's type. */
        void scatterD(long off, long st, double[] buf, int bo, int n) {
            Strided.scatterD(type, array, (int) off, (int) st, buf, bo, n);
        }

        /** Writes {@code buf[0, n)} (longs) converted to this view's type. */
        void scatterL(long off, long st, long[] buf, int bo, int n) {
            Strided.scatterL(type, array, (int) off, (int) st, buf, bo, n);
        }
    }

    /** Elements per chunk of the strided paths' scratch buffers. */
    static final int CHUNK = 1024;

    final IterSpace space;
    final long[] lo;
    final long[] ext;
    final boolean empty;
    private final TaskContext ctx;

    private Tile(TaskContext ctx, IterSpace space) {
        this.ctx = ctx;
        this.space = space;
        Point p = ctx.point();
        if (space.dim() == 0) {
            if (p.get(0) != 0) {
                throw new IllegalArgumentException("a 0-d iteration space has the single launch point (0), got " + p);
            }
        } else if (p.dim() != space.dim()) {
            throw new IllegalArgumentException("launch point " + p + " does not match " + space);
        }
        this.lo = space.lo(p);
        this.ext = space.extent(p);
        boolean e = false;
        for (long x : ext) {
            if (x <= 0) {
                e = true;
            }
        }
        this.empty = e;
    }

    /** The tile of the point task {@code ctx} in {@code space}. */
    static Tile of(TaskContext ctx, IterSpace space) {
        return new Tile(ctx, space);
    }

    int dim() {
        return lo.length;
    }

    /** Resolves {@code op} for this tile (checks that the tile stays inside the operand's instance). */
    View view(Operand op, String role) {
        if (op instanceof Operand.Const c) {
            View one = View.constant(c);
            return new View(true, one.type, null, one.dval, one.lval, 0, new long[lo.length]);
        }
        Operand.StoreOperand s = (Operand.StoreOperand) op;
        return view(s, role, ctx.instance(s.requirement()));
    }

    /**
     * {@link #view} of an input whose rows a floating-point fold walks (REDUCE, MATVEC's other forms): when the
     * instance is larger than the piece (a window on a shard-wide instance, a tile read in place) its rows are not
     * contiguous, the plan would not merge them, and the fold's bits would depend on the instance's layout; so the
     * piece is first copied into a dense instance of its own, the layout a gathered piece has, and the bits are
     * those of the piece whatever instance holds it.
     */
    View densePieceView(Operand op, String role) {
        if (op instanceof Operand.StoreOperand s) {
            Instance inst = ctx.instance(s.requirement());
            Rect piece = ctx.piece(s.requirement());
            if (!piece.isEmpty() && !inst.rect().equals(piece) && inst.rect().contains(piece)) {
                Instance dense = Instance.allocate(inst.type(), piece);
                dense.copyFrom(inst, piece);
                return view(s, role, dense);
            }
        }
        return view(op, role);
    }

    private View view(Operand.StoreOperand s, String role, Instance inst) {
        if (inst.type() != s.type()) {
            throw new IllegalArgumentException(role + ": requirement " + s.requirement() + " holds " + inst.type()
                    + ", the operand says " + s.type());
        }
        Access acc = s.access();
        Rect rect = inst.rect();
        if (acc.storeDim() != rect.dim()) {
            throw new IllegalArgumentException(role + ": " + acc + " has " + acc.storeDim() + " store dimensions, requirement "
                    + s.requirement() + " is " + rect.dim() + "-d");
        }
        long base = 0;
        long[] stride = new long[lo.length];
        for (int k = 0; k < acc.storeDim(); k++) {
            int d = acc.iterDim()[k];
            if (d >= lo.length) {
                throw new IllegalArgumentException(role + ": " + acc + " follows iteration dimension " + d + " of a "
                        + lo.length + "-d " + space);
            }
            long c0 = acc.start()[k] + (d < 0 ? 0 : acc.step()[k] * lo[d]);
            if (!empty) {
                long c1 = d < 0 ? c0 : c0 + acc.step()[k] * (ext[d] - 1);
                long min = Math.min(c0, c1);
                long max = Math.max(c0, c1);
                if (min < rect.lo(k) || max > rect.hi(k)) {
                    throw new IndexOutOfBoundsException(role + ": the tile at " + Arrays.toString(lo) + " extent "
                            + Arrays.toString(ext) + " reaches store coordinates [" + min + ", " + max + "] in dimension "
                            + k + " through " + acc + ", outside instance " + rect + " of requirement " + s.requirement());
                }
            }
            base += (c0 - rect.lo(k)) * inst.stride(k);
            if (d >= 0) {
                stride[d] += acc.step()[k] * inst.stride(k);
            }
        }
        return new View(false, s.type(), inst.array(), 0, 0, base, stride);
    }

    /** A pseudo-view whose "linear index" is the flat row-major index of the iteration point in the whole space. */
    View flatIndex() {
        long[] stride = new long[lo.length];
        long f = 1;
        long base = 0;
        for (int d = lo.length - 1; d >= 0; d--) {
            stride[d] = f;
            base += lo[d] * f;
            f *= space.shape()[d];
        }
        return new View(true, FieldType.INT64, null, 0, 0, base, stride);
    }

    /** A pseudo-view whose "linear index" is the iteration coordinate along {@code axis}. */
    View coordinate(int axis) {
        if (axis < 0 || axis >= lo.length) {
            throw new IllegalArgumentException("axis " + axis + " outside a " + lo.length + "-d " + space);
        }
        long[] stride = new long[lo.length];
        stride[axis] = 1;
        return new View(true, FieldType.INT64, null, 0, 0, lo[axis], stride);
    }

    /**
     * A pseudo-view whose "linear index" is the row-major index of the iteration point within the
     * tile: the layout of a row-major instance of exactly the tile.
     */
    View rowMajor() {
        long[] stride = new long[lo.length];
        long f = 1;
        for (int d = lo.length - 1; d >= 0; d--) {
            stride[d] = f;
            f *= Math.max(0, ext[d]);
        }
        return new View(true, FieldType.INT64, null, 0, 0, 0, stride);
    }

    /** A row plan over {@code views} of the whole tile. */
    Plan plan(View... views) {
        return new Plan(ext, views, true);
    }

    /**
     * A row plan over {@code views} that keeps the tile's dimension order (no innermost choice by
     * stride): rows come in row-major order of the tile.
     */
    Plan planInOrder(View... views) {
        return new Plan(ext, views, false);
    }

    /**
     * A row plan over the elements of {@code target} the tile reaches: dimensions along which
     * {@code target}'s stride is 0 are walked once, even when the tile is empty along them (a
     * reduction over an empty axis still reaches its output).
     */
    Plan planDistinct(View target) {
        long[] e = ext.clone();
        for (int d = 0; d < e.length; d++) {
            if (target.stride[d] == 0) {
                e[d] = 1;
            }
        }
        return new Plan(e, new View[] {target}, true);
    }

    /** Rows of a tile over a set of views, after dropping unit dimensions and merging contiguous ones. */
    static final class Plan {
        final View[] views;
        /** Extents of the merged dimensions (at least one). */
        final long[] ext;
        /** Per view, the stride of each merged dimension. */
        final long[][] strides;
        /** Row length. */
        final int n;
        /** Per view, the innermost stride. */
        final long[] inner;
        final boolean empty;

        Plan(long[] tileExt, View[] views, boolean innermostByStride) {
            this.views = views;
            boolean e = false;
            for (long x : tileExt) {
                if (x <= 0) {
                    e = true;
                }
            }
            this.empty = e;
            // keep dimensions of extent > 1, then merge d into d+1 where contiguous for every view
            int[] keep = new int[tileExt.length];
            int nk = 0;
            for (int d = 0; d < tileExt.length; d++) {
                if (tileExt[d] > 1) {
                    keep[nk++] = d;
                }
            }
            long[] me = new long[Math.max(1, nk)];
            long[][] ms = new long[views.length][me.length];
            int m = 0;
            if (nk == 0) {
                me[0] = e ? 0 : 1;
                m = 1;
            } else {
                for (int q = 0; q < nk; q++) {
                    int d = keep[q];
                    if (m > 0) {
                        boolean merge = true;
                        for (int v = 0; v < views.length; v++) {
                            // the merged dimension before d absorbs d when its stride is d's stride times d's extent
                            if (ms[v][m - 1] != views[v].stride[d] * tileExt[d]) {
                                merge = false;
                                break;
                            }
                        }
                        if (merge) {
                            me[m - 1] *= tileExt[d];
                            for (int v = 0; v < views.length; v++) {
                                ms[v][m - 1] = views[v].stride[d];
                            }
                            continue;
                        }
                    }
                    me[m] = tileExt[d];
                    for (int v = 0; v < views.length; v++) {
                        ms[v][m] = views[v].stride[d];
                    }
                    m++;
                }
            }
            if (innermostByStride) {
                innermostByStride(me, ms, m);
            }
            this.ext = Arrays.copyOf(me, m);
            this.strides = new long[views.length][];
            this.inner = new long[views.length];
            for (int v = 0; v < views.length; v++) {
                strides[v] = Arrays.copyOf(ms[v], m);
                inner[v] = strides[v][m - 1];
            }
            long last = ext[m - 1];
            if (last > Integer.MAX_VALUE) {
                throw new IllegalArgumentException("tile row of " + last + " elements exceeds 2^31");
            }
            this.n = (int) last;
        }

        /**
         * Makes the merged dimension along which most views have unit stride the row (innermost),
         * as NumPy's nditer orders axes by stride: {@code X.T @ r} then runs as one contiguous
         * {@code out += X[k, :] * r[k]} per row of X instead of gathering a column of X with stride d.
         * Ties keep the last dimension; the order is a function of the tile's shape and strides only.
         */
        private static void innermostByStride(long[] ext, long[][] strides, int m) {
            if (m < 2) {
                return;
            }
            int best = m - 1;
            int bestScore = unitStrides(strides, best);
            for (int d = m - 2; d >= 0; d--) {
                int score = unitStrides(strides, d);
                if (score > bestScore) {
                    best = d;
                    bestScore = score;
                }
            }
            if (best == m - 1) {
                return;
            }
            long e = ext[best];
            System.arraycopy(ext, best + 1, ext, best, m - 1 - best);
            ext[m - 1] = e;
            for (long[] st : strides) {
                long s = st[best];
                System.arraycopy(st, best + 1, st, best, m - 1 - best);
                st[m - 1] = s;
            }
        }

        private static int unitStrides(long[][] strides, int d) {
            int n = 0;
            for (long[] st : strides) {
                if (st[d] == 1) {
                    n++;
                }
            }
            return n;
        }

        /** Calls {@code fn} once per row (row-major over the outer merged dimensions). */
        void forEachRow(RowFn fn) {
            if (empty || n == 0) {
                return;
            }
            int nv = views.length;
            long[] off = new long[nv];
            for (int v = 0; v < nv; v++) {
                off[v] = views[v].base;
            }
            int outer = ext.length - 1;
            if (outer == 0) {
                fn.row(off, n);
                return;
            }
            long[] idx = new long[outer];
            long[] cur = off.clone();
            while (true) {
                System.arraycopy(cur, 0, off, 0, nv);
                fn.row(off, n);
                int d = outer - 1;
                while (d >= 0) {
                    idx[d]++;
                    if (idx[d] < ext[d]) {
                        for (int v = 0; v < nv; v++) {
                            cur[v] += strides[v][d];
                        }
                        break;
                    }
                    for (int v = 0; v < nv; v++) {
                        cur[v] -= strides[v][d] * (ext[d] - 1);
                    }
                    idx[d] = 0;
                    d--;
                }
                if (d < 0) {
                    return;
                }
            }
        }
    }
}
