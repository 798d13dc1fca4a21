package dev.cohort.runtime.partition;

import dev.cohort.runtime.geometry.Point;
import dev.cohort.runtime.geometry.Rect;
import java.util.Arrays;

/**
 * A tiling: color {@code c} covers {@code [offset + c*shape, offset + (c+1)*shape - 1]} grown by
 * {@code halo} on each side and clipped to the store's bounds (Legate: tiling + bloat), and to the tiling's
 * {@link #limit} when it has one. Disjoint when the halo is zero, aliased otherwise. Colors may be negative when the
 * offset is positive.
 *
 * <p>A limit is a tiling of a subregion rather than of the whole region (Legion partitions the subregion a view
 * names): a write of the view {@code padded[1:-1, 1:-1]} through tiles of 10 from row 1 of a 40-row store would
 * otherwise give its fourth tile rows 31-39 where the view ends at 38, and the valid-data map would hold row 39 as
 * that write's, although the task writes the view alone.
 */
public final class Tiling implements Partition {
    private final long[] shape;
    private final long[] offset;
    private final long[] halo;
    /** The rectangle the pieces are clipped to besides the store's bounds, or null (none). */
    private final Rect limit;

    private Tiling(long[] shape, long[] offset, long[] halo) {
        this(shape, offset, halo, null);
    }

    private Tiling(long[] shape, long[] offset, long[] halo, Rect limit) {
        if (shape.length != offset.length || shape.length != halo.length) {
            throw new IllegalArgumentException("tiling dimensions differ: shape " + Arrays.toString(shape)
                    + " offset " + Arrays.toString(offset) + " halo " + Arrays.toString(halo));
        }
        for (int d = 0; d < shape.length; d++) {
            if (shape[d] <= 0) {
                throw new IllegalArgumentException("tile shape must be positive, got " + Arrays.toString(shape));
            }
            if (halo[d] < 0) {
                throw new IllegalArgumentException("halo must be non-negative, got " + Arrays.toString(halo));
            }
        }
        if (limit != null && limit.dim() != shape.length) {
            throw new IllegalArgumentException("limit " + limit + " of a tiling of " + shape.length + " dimensions");
        }
        this.shape = shape;
        this.offset = offset;
        this.halo = halo;
        this.limit = limit;
    }

    public static Tiling of(long... shape) {
        return new Tiling(shape.clone(), new long[shape.length], new long[shape.length]);
    }

    public static Tiling of(long[] shape, long[] offset, long[] halo) {
        return new Tiling(shape.clone(), offset.clone(), halo.clone());
    }

    /** The same tiles grown by {@code halo} on each side (aliased when any halo is positive). */
    public Tiling withHalo(long... halo) {
        return new Tiling(shape, offset, halo.clone(), limit);
    }

    public Tiling withOffset(long... offset) {
        return new Tiling(shape, offset.clone(), halo, limit);
    }

    /** The same tiles with their pieces clipped to {@code limit} as well as to the store's bounds (null: no limit). */
    public Tiling withLimit(Rect limit) {
        return java.util.Objects.equals(limit, this.limit) ? this : new Tiling(shape, offset, halo, limit);
    }

    /** The rectangle the pieces are clipped to besides the store's bounds, or null. */
    public Rect limit() {
        return limit;
    }

    /** What the pieces are clipped to: {@code bounds}, within the {@link #limit} when there is one. */
    private Rect clip(Rect bounds) {
        return limit == null ? bounds : bounds.intersect(limit);
    }

    public int dim() {
        return shape.length;
    }

    public long shape(int d) {
        return shape[d];
    }

    public long offset(int d) {
        return offset[d];
    }

    public long halo(int d) {
        return halo[d];
    }

    /** This tiling without its halo (the disjoint tiles it is built from). */
    public Tiling withoutHalo() {
        return new Tiling(shape, offset, new long[shape.length], limit);
    }

    @Override
    public boolean isDisjoint() {
        for (long h : halo) {
            if (h != 0) {
                return false;
            }
        }
        return true;
    }

    @Override
    public Rect colorSpace(Rect bounds) {
        check(bounds);
        bounds = clip(bounds);
        long[] lo = new long[shape.length];
        long[] hi = new long[shape.length];
        for (int d = 0; d < shape.length; d++) {
            lo[d] = Math.floorDiv(bounds.lo(d) - offset[d], shape[d]);
            hi[d] = Math.floorDiv(bounds.hi(d) - offset[d], shape[d]);
        }
        return bounds.isEmpty() ? Rect.ofExtents(new long[shape.length]) : Rect.of(lo, hi);
    }

    /** The tile of {@code color} without halo, clipped to {@code bounds}. */
    @Override
    public Rect tile(Point color, Rect bounds) {
        long[] lo = new long[shape.length];
        long[] hi = new long[shape.length];
        for (int d = 0; d < shape.length; d++) {
            lo[d] = offset[d] + color.get(d) * shape[d];
            hi[d] = lo[d] + shape[d] - 1;
        }
        return Rect.of(lo, hi).intersect(clip(bounds));
    }

    @Override
    public Rect piece(Point color, Rect bounds) {
        check(bounds);
        if (color.dim() != shape.length) {
            throw new IllegalArgumentException("color " + color + " has " + color.dim() + " dimensions, tiling has " + shape.length);
        }
        long[] lo = new long[shape.length];
        long[] hi = new long[shape.length];
        for (int d = 0; d < shape.length; d++) {
            lo[d] = offset[d] + color.get(d) * shape[d] - halo[d];
            hi[d] = offset[d] + (color.get(d) + 1) * shape[d] - 1 + halo[d];
        }
        return Rect.of(lo, hi).intersect(clip(bounds));
    }

    /** The colors (within {@link #colorSpace}) whose piece, halo included, intersects {@code r}. */
    public Rect colorsIntersecting(Rect r, Rect bounds) {
        check(bounds);
        // pieces are clipped to the bounds (and the limit), so only the part of r inside them can meet one
        r = r.intersect(clip(bounds));
        if (r.isEmpty()) {
            return Rect.ofExtents(new long[shape.length]);
        }
        long[] lo = new long[shape.length];
        long[] hi = new long[shape.length];
        for (int d = 0; d < shape.length; d++) {
            // piece(c) = [off + c*s - h, off + (c+1)*s - 1 + h] meets [a, b] iff
            // c >= (a - off - h - s + 1)/s and c <= (b - off + h)/s
            lo[d] = Math.floorDiv(r.lo(d) - offset[d] - halo[d], shape[d]);
            hi[d] = Math.floorDiv(r.hi(d) - offset[d] + halo[d], shape[d]);
        }
        return Rect.of(lo, hi).intersect(colorSpace(bounds));
    }

    private void check(Rect bounds) {
        if (bounds.dim() != shape.length) {
            throw new IllegalArgumentException("tiling of " + shape.length + " dimensions applied to " + bounds.dim() + "-d bounds " + bounds);
        }
    }

    @Override
    public boolean equals(Object o) {
        return o == this || o instanceof Tiling t && Arrays.equals(shape, t.shape) && Arrays.equals(offset, t.offset)
                && Arrays.equals(halo, t.halo) && java.util.Objects.equals(limit, t.limit);
    }

    private int hash;

    @Override
    public int hashCode() {
        int h = hash;
        if (h == 0) {
            h = Arrays.hashCode(shape) * 961 + Arrays.hashCode(offset) * 31 + Arrays.hashCode(halo)
                    + (limit == null ? 0 : limit.hashCode() * 29791);
            hash = h;
        }
        return h;
    }

    @Override
    public String toString() {
        return "Tiling(shape=" + Arrays.toString(shape) + ", offset=" + Arrays.toString(offset)
                + ", halo=" + Arrays.toString(halo) + (limit == null ? "" : ", limit=" + limit) + ")";
    }
}
