package dev.cohort.runtime.geometry;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A dense n-d rectangle with inclusive bounds {@code lo..hi} (Legion: {@code Rect<N>}). Empty when
 * {@code hi[d] < lo[d]} in any dimension. Linearisation is row-major (last dimension fastest).
 */
public final class Rect {
    private final long[] lo;
    private final long[] hi;

    private Rect(long[] lo, long[] hi) {
        if (lo.length != hi.length) {
            throw new IllegalArgumentException("lo and hi differ in dimension: " + lo.length + " vs " + hi.length);
        }
        this.lo = lo;
        this.hi = hi;
    }

    public static Rect of(Point lo, Point hi) {
        return new Rect(lo.toArray(), hi.toArray());
    }

    public static Rect of(long[] lo, long[] hi) {
        return new Rect(lo.clone(), hi.clone());
    }

    /** The rectangle {@code [0, extents[d] - 1]} in every dimension. */
    public static Rect ofExtents(long... extents) {
        long[] l = new long[extents.length];
        long[] h = new long[extents.length];
        for (int d = 0; d < extents.length; d++) {
            if (extents[d] < 0) {
                throw new IllegalArgumentException("negative extent " + extents[d] + " in dimension " + d);
            }
            h[d] = extents[d] - 1;
        }
        return new Rect(l, h);
    }

    /** The one-point rectangle {@code [p, p]}. */
    public static Rect single(Point p) {
        return new Rect(p.toArray(), p.toArray());
    }

    public int dim() {
        return lo.length;
    }

    public long lo(int d) {
        return lo[d];
    }

    public long hi(int d) {
        return hi[d];
    }

    public Point lo() {
        return Point.wrap(lo.clone());
    }

    public Point hi() {
        return Point.wrap(hi.clone());
    }

    public long extent(int d) {
        return Math.max(0, hi[d] - lo[d] + 1);
    }

    public long[] extents() {
        long[] e = new long[lo.length];
        for (int d = 0; d < e.length; d++) {
            e[d] = extent(d);
        }
        return e;
    }

    public boolean isEmpty() {
        for (int d = 0; d < lo.length; d++) {
            if (hi[d] < lo[d]) {
                return true;
            }
        }
        return false;
    }

    /** Number of points; 0 when empty. */
    public long volume() {
        long v = 1;
        for (int d = 0; d < lo.length; d++) {
            long e = hi[d] - lo[d] + 1;
            if (e <= 0) {
                return 0;
            }
            v = Math.multiplyExact(v, e);
        }
        return v;
    }

    public Rect intersect(Rect o) {
        checkDim(o);
        long[] l = new long[lo.length];
        long[] h = new long[lo.length];
        for (int d = 0; d < l.length; d++) {
            l[d] = Math.max(lo[d], o.lo[d]);
            h[d] = Math.min(hi[d], o.hi[d]);
        }
        return new Rect(l, h);
    }

    public boolean overlaps(Rect o) {
        checkDim(o);
        for (int d = 0; d < lo.length; d++) {
            if (Math.max(lo[d], o.lo[d]) > Math.min(hi[d], o.hi[d])) {
                return false;
            }
        }
        return true;
    }

    public boolean contains(Point p) {
        if (p.dim() != lo.length) {
            throw new IllegalArgumentException("dimension mismatch: " + this + " vs " + p);
        }
        for (int d = 0; d < lo.length; d++) {
            if (p.get(d) < lo[d] || p.get(d) > hi[d]) {
                return false;
            }
        }
        return true;
    }

    /** True when every point of {@code o} is in this rectangle (an empty {@code o} is contained). */
    public boolean contains(Rect o) {
        checkDim(o);
        if (o.isEmpty()) {
            return true;
        }
        for (int d = 0; d < lo.length; d++) {
            if (o.lo[d] < lo[d] || o.hi[d] > hi[d]) {
                return false;
            }
        }
        return true;
    }

    /** Grows the rectangle by {@code halo[d]} on both sides of dimension {@code d}. */
    /** The smallest rectangle containing this one and {@code o} (either may be empty). */
    public Rect boundingBox(Rect o) {
        if (o.isEmpty()) {
            return this;
        }
        if (isEmpty()) {
            return o;
        }
        long[] l = new long[dim()];
        long[] h = new long[dim()];
        for (int d = 0; d < l.length; d++) {
            l[d] = Math.min(lo(d), o.lo(d));
            h[d] = Math.max(hi(d), o.hi(d));
        }
        return Rect.of(l, h);
    }

    public Rect bloat(long[] halo) {
        long[] l = lo.clone();
        long[] h = hi.clone();
        for (int d = 0; d < l.length; d++) {
            l[d] -= halo[d];
            h[d] += halo[d];
        }
        return new Rect(l, h);
    }

    public Rect translate(Point by) {
        long[] l = lo.clone();
        long[] h = hi.clone();
        for (int d = 0; d < l.length; d++) {
            l[d] += by.get(d);
            h[d] += by.get(d);
        }
        return new Rect(l, h);
    }

    /** Row-major index of {@code p} within this rectangle. */
    public long linearize(Point p) {
        long idx = 0;
        for (int d = 0; d < lo.length; d++) {
            long c = p.get(d) - lo[d];
            if (c < 0 || p.get(d) > hi[d]) {
                throw new IndexOutOfBoundsException("point " + p + " is outside " + this);
            }
            idx = idx * (hi[d] - lo[d] + 1) + c;
        }
        return idx;
    }

    /** Inverse of {@link #linearize}. */
    public Point delinearize(long index) {
        if (index < 0 || index >= volume()) {
            throw new IndexOutOfBoundsException("index " + index + " is outside " + this + " of volume " + volume());
        }
        long[] c = new long[lo.length];
        for (int d = lo.length - 1; d >= 0; d--) {
            long e = hi[d] - lo[d] + 1;
            c[d] = lo[d] + index % e;
            index /= e;
        }
        return Point.wrap(c);
    }

    /**
     * This rectangle minus {@code o}, as at most {@code 2 * dim} disjoint rectangles (slab
     * decomposition, dimension by dimension).
     */
    public List<Rect> subtract(Rect o) {
        List<Rect> out = new ArrayList<>(2 * lo.length);
        if (isEmpty()) {
            return out;
        }
        if (!overlaps(o)) {
            out.add(this);
            return out;
        }
        long[] l = lo.clone();
        long[] h = hi.clone();
        for (int d = 0; d < lo.length; d++) {
            if (l[d] < o.lo[d]) {
                long[] sh = h.clone();
                sh[d] = o.lo[d] - 1;
                out.add(new Rect(l.clone(), sh));
                l[d] = o.lo[d];
            }
            if (h[d] > o.hi[d]) {
                long[] sl = l.clone();
                sl[d] = o.hi[d] + 1;
                out.add(new Rect(sl, h.clone()));
                h[d] = o.hi[d];
            }
        }
        return out;
    }

    /** Calls {@code action} for every point in row-major order. */
    public void forEach(java.util.function.Consumer<Point> action) {
        long v = volume();
        for (long i = 0; i < v; i++) {
            action.accept(delinearize(i));
        }
    }

    private void checkDim(Rect o) {
        if (o.lo.length != lo.length) {
            throw new IllegalArgumentException("dimension mismatch: " + this + " vs " + o);
        }
    }

    @Override
    public boolean equals(Object o) {
        return o == this || o instanceof Rect r && Arrays.equals(lo, r.lo) && Arrays.equals(hi, r.hi);
    }

    @Override
    public int hashCode() {
        int h = hash;
        if (h == 0) {
            h = 31 * Arrays.hashCode(lo) + Arrays.hashCode(hi);
            hash = h;
        }
        return h;
    }

    private int hash;

    @Override
    public String toString() {
        return "[" + Point.wrap(lo) + ".." + Point.wrap(hi) + "]";
    }
}
