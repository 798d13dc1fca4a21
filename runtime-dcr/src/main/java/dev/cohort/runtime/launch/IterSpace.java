package dev.cohort.runtime.launch;

import dev.cohort.runtime.geometry.Point;
import dev.cohort.runtime.geometry.Rect;

import java.util.Arrays;

/**
 * The iteration space of a launch and its tiling: launch point {@code p} iterates
 * {@code [p*tile, min((p+1)*tile, shape) - 1]}. A 0-d space ({@code shape.length == 0}) has one
 * iteration point and a 1-d launch domain of one point.
 *
 * @param shape extent of each iteration dimension (>= 0)
 * @param tile  tile extent of each iteration dimension (>= 1)
 */
public record IterSpace(long[] shape, long[] tile) {
    public IterSpace {
        if (shape.length != tile.length) {
            throw new IllegalArgumentException("iteration shape " + Arrays.toString(shape) + " and tile "
                    + Arrays.toString(tile) + " differ in dimensions");
        }
        for (int d = 0; d < shape.length; d++) {
            if (shape[d] < 0 || tile[d] < 1) {
                throw new IllegalArgumentException("bad iteration space: shape " + Arrays.toString(shape)
                        + " tile " + Arrays.toString(tile));
            }
        }
        shape = shape.clone();
        tile = tile.clone();
    }

    /** One tile covering everything (a single-point launch). */
    public static IterSpace whole(long... shape) {
        long[] t = new long[shape.length];
        for (int d = 0; d < t.length; d++) {
            t[d] = Math.max(1, shape[d]);
        }
        return new IterSpace(shape, t);
    }

    public int dim() {
        return shape.length;
    }

    /** Number of iteration points. */
    public long volume() {
        long v = 1;
        for (long s : shape) {
            v *= s;
        }
        return v;
    }

    /** The launch domain: one point per tile ({@code max(1, dim)} dimensions). */
    public Rect launchDomain() {
        if (shape.length == 0) {
            return Rect.single(Point.zeros(1));
        }
        long[] hi = new long[shape.length];
        for (int d = 0; d < shape.length; d++) {
            hi[d] = Math.max(1, (shape[d] + tile[d] - 1) / tile[d]) - 1;
        }
        return Rect.of(new long[shape.length], hi);
    }

    /** First iteration coordinate of launch point {@code p}. */
    public long[] lo(Point p) {
        long[] lo = new long[shape.length];
        for (int d = 0; d < shape.length; d++) {
            lo[d] = p.get(d) * tile[d];
        }
        return lo;
    }

    /** Extent of launch point {@code p}'s tile in each dimension (0 when it lies past the shape). */
    public long[] extent(Point p) {
        long[] e = new long[shape.length];
        for (int d = 0; d < shape.length; d++) {
            long lo = p.get(d) * tile[d];
            e[d] = Math.max(0, Math.min(tile[d], shape[d] - lo));
        }
        return e;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof IterSpace s && Arrays.equals(shape, s.shape) && Arrays.equals(tile, s.tile);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(shape) * 31 + Arrays.hashCode(tile);
    }

    @Override
    public String toString() {
        return "IterSpace(shape=" + Arrays.toString(shape) + ", tile=" + Arrays.toString(tile) + ")";
    }
}
