package dev.cohort.runtime.geometry;

import java.util.Arrays;

/** An immutable n-d integer point with {@code long} coordinates (Legion: {@code Point<N>}). */
public final class Point implements Comparable<Point> {
    private final long[] coords;

    private Point(long[] coords) {
        this.coords = coords;
    }

    /** A point with the given coordinates (copied). */
    public static Point of(long... coords) {
        return new Point(coords.clone());
    }

    /** The origin of {@code dim} dimensions. */
    public static Point zeros(int dim) {
        return new Point(new long[dim]);
    }

    /** Wraps {@code coords} without copying; the caller must not modify it afterwards. */
    static Point wrap(long[] coords) {
        return new Point(coords);
    }

    public int dim() {
        return coords.length;
    }

    public long get(int d) {
        return coords[d];
    }

    /** A copy of the coordinates. */
    public long[] toArray() {
        return coords.clone();
    }

    public Point add(Point other) {
        checkDim(other);
        long[] r = new long[coords.length];
        for (int d = 0; d < r.length; d++) {
            r[d] = coords[d] + other.coords[d];
        }
        return new Point(r);
    }

    void checkDim(Point other) {
        if (other.coords.length != coords.length) {
            throw new IllegalArgumentException("dimension mismatch: " + this + " vs " + other);
        }
    }

    @Override
    public boolean equals(Object o) {
        return o == this || o instanceof Point p && Arrays.equals(coords, p.coords);
    }

    private int hash;

    @Override
    public int hashCode() {
        int h = hash;
        if (h == 0) {
            h = Arrays.hashCode(coords);
            hash = h;
        }
        return h;
    }

    /** Lexicographic order (row-major). */
    @Override
    public int compareTo(Point o) {
        return Arrays.compare(coords, o.coords);
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("(");
        for (int d = 0; d < coords.length; d++) {
            if (d > 0) {
                sb.append(',');
            }
            sb.append(coords[d]);
        }
        return sb.append(')').toString();
    }
}
