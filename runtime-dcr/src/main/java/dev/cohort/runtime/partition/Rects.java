package dev.cohort.runtime.partition;

import dev.cohort.runtime.geometry.Point;
import dev.cohort.runtime.geometry.Rect;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.LongConsumer;

/**
 * A partition by an explicit list of rectangles, one per color (Legion's partition by a list of
 * rectangles, {@code create_partition_by_rectangles}): color {@code c} of the color space {@link #colors()}
 * is {@code rects[colors.linearize(c)]}, clipped to the store's bounds. Pieces may be empty, may
 * overlap (an aliased partition, read only) and need not cover the store.
 *
 * <p>It is what data-dependent but, once agreed, <em>known</em> layouts use: the exchange of a sample
 * sort (a 2-d launch over (tile i, bucket j) whose point writes {@code [off_ij, off_ij + n_ij)}) and
 * the compaction of a mask selection, where the rectangles come from count futures every shard reads
 * identically. So the value, like a tiling's, is the same on every shard and the valid-data map stays
 * symbolic: no cross-shard fence is needed (DESIGN.md §3).
 *
 * <p>Compared by value (the color space and every rectangle). Finding the pieces that meet a
 * rectangle ({@link #forEachColorIntersecting}) searches an interval index along dimension 0:
 * {@code O(log n + k)} for the disjoint 1-d lists a sort produces.
 */
public final class Rects implements Partition {
    private final Rect colors;
    private final Rect[] rects;
    private final int dim;
    private final boolean disjoint;
    /** Indices of the non-empty rectangles sorted by {@code lo(0)}, then by index. */
    private final int[] order;
    private final long[] sortedLo;
    /** Running maximum of {@code hi(0)} along {@link #order}: monotone, so it can be searched. */
    private final long[] prefixMaxHi;
    private int hash;

    private Rects(Rect colors, Rect[] rects) {
        if (colors.isEmpty()) {
            throw new IllegalArgumentException("a partition by rectangles needs a non-empty color space, got " + colors);
        }
        if (colors.volume() != rects.length) {
            throw new IllegalArgumentException("color space " + colors + " has " + colors.volume() + " colors but "
                    + rects.length + " rectangles were given");
        }
        if (rects.length == 0) {
            throw new IllegalArgumentException("a partition by rectangles needs at least one rectangle");
        }
        this.colors = colors;
        this.rects = rects;
        this.dim = rects[0].dim();
        for (int i = 0; i < rects.length; i++) {
            if (rects[i] == null) {
                throw new IllegalArgumentException("rectangle of color " + colors.delinearize(i) + " is null");
            }
            if (rects[i].dim() != dim) {
                throw new IllegalArgumentException("rectangle of color " + colors.delinearize(i) + " " + rects[i]
                        + " has " + rects[i].dim() + " dimensions, the first has " + dim);
            }
        }
        Integer[] boxed = new Integer[rects.length];
        int m = 0;
        for (int i = 0; i < rects.length; i++) {
            if (!rects[i].isEmpty()) {
                boxed[m++] = i;
            }
        }
        Integer[] live = Arrays.copyOf(boxed, m);
        Arrays.sort(live, (x, y) -> {
            int c = Long.compare(rects[x].lo(0), rects[y].lo(0));
            return c != 0 ? c : Integer.compare(x, y);
        });
        order = new int[m];
        sortedLo = new long[m];
        prefixMaxHi = new long[m];
        long max = Long.MIN_VALUE;
        for (int k = 0; k < m; k++) {
            order[k] = live[k];
            sortedLo[k] = rects[live[k]].lo(0);
            max = Math.max(max, rects[live[k]].hi(0));
            prefixMaxHi[k] = max;
        }
        this.disjoint = computeDisjoint();
    }

    /**
     * The partition whose color {@code c} (in {@code colors}) has piece {@code rects.get(colors.linearize(c))}:
     * the rectangles are listed in row-major order of the color space.
     *
     * @throws IllegalArgumentException if the counts differ, the color space is empty, or the rectangles'
     *     dimensions differ
     */
    public static Rects of(Rect colors, List<Rect> rects) {
        return new Rects(colors, rects.toArray(new Rect[0]));
    }

    /** A 1-d color space {@code [0, rects.size() - 1]}: color {@code i} is {@code rects.get(i)}. */
    public static Rects of(List<Rect> rects) {
        return new Rects(Rect.ofExtents(rects.size()), rects.toArray(new Rect[0]));
    }

    /** Shorthand for a 1-d store: color {@code i} (of a color space of shape {@code colorShape}) is {@code [lo[i], lo[i] + n[i] - 1]}. */
    public static Rects ofRanges(long[] colorShape, long[] lo, long[] n) {
        if (lo.length != n.length) {
            throw new IllegalArgumentException("ranges: " + lo.length + " starts but " + n.length + " lengths");
        }
        List<Rect> list = new ArrayList<>(lo.length);
        for (int i = 0; i < lo.length; i++) {
            if (n[i] < 0) {
                throw new IllegalArgumentException("range " + i + " has negative length " + n[i]);
            }
            list.add(Rect.of(new long[] {lo[i]}, new long[] {lo[i] + n[i] - 1}));
        }
        return of(Rect.ofExtents(colorShape), list);
    }

    /** The color space: every color has a rectangle (possibly empty). */
    public Rect colors() {
        return colors;
    }

    /** Dimensions of the store's index space (of every rectangle). */
    public int dim() {
        return dim;
    }

    /** Number of colors. */
    public int size() {
        return rects.length;
    }

    /** The rectangle of {@code color}, unclipped. */
    public Rect rect(Point color) {
        return rects[(int) colors.linearize(color)];
    }

    /** The rectangle of the color with row-major index {@code linear} in the color space, unclipped. */
    public Rect rect(int linear) {
        return rects[linear];
    }

    /** Every color has a piece (possibly empty), so the color space does not depend on the bounds. */
    @Override
    public Rect colorSpace(Rect bounds) {
        check(bounds);
        return colors;
    }

    @Override
    public Rect piece(Point color, Rect bounds) {
        check(bounds);
        if (color.dim() != colors.dim()) {
            throw new IllegalArgumentException("color " + color + " has " + color.dim() + " dimensions, the color space "
                    + colors + " has " + colors.dim());
        }
        if (!colors.contains(color)) {
            throw new IllegalArgumentException("color " + color + " is outside the color space " + colors);
        }
        return rect(color).intersect(bounds);
    }

    @Override
    public Rect tile(Point color, Rect bounds) {
        return piece(color, bounds);
    }

    @Override
    public boolean isDisjoint() {
        return disjoint;
    }

    /**
     * Calls {@code action} with the row-major color index of every color whose rectangle, clipped to
     * {@code bounds}, meets {@code r}, in increasing order (canonical: every shard visits the same colors
     * in the same order).
     */
    public void forEachColorIntersecting(Rect r, Rect bounds, LongConsumer action) {
        check(bounds);
        Rect q = r.intersect(bounds);
        if (q.isEmpty() || order.length == 0) {
            return;
        }
        // first sorted position whose running max of hi(0) reaches q.lo(0): nothing before it can meet q
        int from = lowerBound(prefixMaxHi, q.lo(0));
        // last sorted position whose lo(0) is at most q.hi(0): nothing after it can meet q
        int to = upperBound(sortedLo, q.hi(0));
        if (from >= to) {
            return;
        }
        int[] hits = new int[Math.min(to - from, 16)];
        int n = 0;
        for (int k = from; k < to; k++) {
            int i = order[k];
            if (rects[i].overlaps(q)) {
                if (n == hits.length) {
                    hits = Arrays.copyOf(hits, n * 2);
                }
                hits[n++] = i;
            }
        }
        Arrays.sort(hits, 0, n);
        for (int k = 0; k < n; k++) {
            action.accept(hits[k]);
        }
    }

    /** Elements of {@code bounds} covered by the pieces, counting overlaps once per piece. */
    public long coveredVolume(Rect bounds) {
        Covered c = covered;
        if (c != null && c.bounds.equals(bounds)) {
            return c.volume;
        }
        long v = 0;
        for (Rect r : rects) {
            v += r.intersect(bounds).volume();
        }
        covered = new Covered(bounds, v);
        return v;
    }

    /** The last answer of {@link #coveredVolume} (asked for every write through this partition). */
    private record Covered(Rect bounds, long volume) {
    }

    private volatile Covered covered;

    /** First index {@code k} with {@code a[k] >= key}, or {@code a.length}. */
    private static int lowerBound(long[] a, long key) {
        int lo = 0;
        int hi = a.length;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (a[mid] < key) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    /** First index {@code k} with {@code a[k] > key}, or {@code a.length}. */
    private static int upperBound(long[] a, long key) {
        int lo = 0;
        int hi = a.length;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (a[mid] <= key) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    private boolean computeDisjoint() {
        // sweep along dimension 0: only rectangles whose dimension-0 ranges overlap can meet
        for (int k = 0; k < order.length; k++) {
            Rect a = rects[order[k]];
            for (int j = k + 1; j < order.length && sortedLo[j] <= a.hi(0); j++) {
                if (a.overlaps(rects[order[j]])) {
                    return false;
                }
            }
        }
        return true;
    }

    private void check(Rect bounds) {
        if (bounds.dim() != dim) {
            throw new IllegalArgumentException("partition by rectangles of " + dim + " dimensions applied to "
                    + bounds.dim() + "-d bounds " + bounds);
        }
    }

    @Override
    public boolean equals(Object o) {
        return o == this || o instanceof Rects r && r.hashCode() == hashCode() && colors.equals(r.colors)
                && Arrays.equals(rects, r.rects);
    }

    @Override
    public int hashCode() {
        int h = hash;
        if (h == 0) {
            h = colors.hashCode() * 31 + Arrays.hashCode(rects);
            hash = h == 0 ? 1 : h;
        }
        return hash;
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("Rects(colors=").append(colors).append(disjoint ? ", disjoint" : ", aliased")
                .append(", ");
        int show = Math.min(rects.length, 8);
        for (int i = 0; i < show; i++) {
            sb.append(i == 0 ? "" : " ").append(rects[i]);
        }
        if (show < rects.length) {
            sb.append(" … ").append(rects.length - show).append(" more");
        }
        return sb.append(')').toString();
    }
}
