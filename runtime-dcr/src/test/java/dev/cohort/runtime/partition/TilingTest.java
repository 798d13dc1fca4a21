package dev.cohort.runtime.partition;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cohort.runtime.geometry.Point;
import dev.cohort.runtime.geometry.Rect;
import java.util.HashSet;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(value = 60, unit = TimeUnit.SECONDS)
class TilingTest {

    /** Colors far enough out to contain every color with a non-empty tile in the random bounds used here. */
    static Rect searchSpace(int dim) {
        long[] lo = new long[dim];
        long[] hi = new long[dim];
        for (int d = 0; d < dim; d++) {
            lo[d] = -10;
            hi[d] = 20;
        }
        return Rect.of(lo, hi);
    }

    static Set<Point> points(Rect r) {
        Set<Point> out = new HashSet<>();
        r.forEach(out::add);
        return out;
    }

    static Tiling randomTiling(Random rnd, int dim, boolean halo) {
        long[] shape = new long[dim];
        long[] offset = new long[dim];
        long[] h = new long[dim];
        for (int d = 0; d < dim; d++) {
            shape[d] = 1 + rnd.nextInt(4);
            offset[d] = rnd.nextInt(9) - 4;
            h[d] = halo ? rnd.nextInt(3) : 0;
        }
        return Tiling.of(shape, offset, h);
    }

    static Rect randomBounds(Random rnd, int dim) {
        long[] lo = new long[dim];
        long[] hi = new long[dim];
        for (int d = 0; d < dim; d++) {
            lo[d] = rnd.nextInt(7) - 3;
            hi[d] = lo[d] + rnd.nextInt(9);
        }
        return Rect.of(lo, hi);
    }

    /** A random rectangle meeting {@code bounds} (it may stick out of it). */
    static Rect randomRectMeeting(Random rnd, Rect bounds) {
        while (true) {
            long[] lo = new long[bounds.dim()];
            long[] hi = new long[bounds.dim()];
            for (int d = 0; d < bounds.dim(); d++) {
                lo[d] = bounds.lo(d) - 2 + rnd.nextInt((int) bounds.extent(d) + 3);
                hi[d] = lo[d] + rnd.nextInt(5);
            }
            Rect r = Rect.of(lo, hi);
            if (r.overlaps(bounds)) {
                return r;
            }
        }
    }

    @Test
    void colorSpaceWithOffsetsIncludingNegativeColors() {
        Rect bounds = Rect.ofExtents(103);
        assertEquals(Rect.of(new long[] {0}, new long[] {10}), Tiling.of(10).colorSpace(bounds));
        // offset 3, shape 17: [0, 2] is the tail of color -1
        Tiling t = Tiling.of(new long[] {17}, new long[] {3}, new long[] {1});
        assertEquals(Rect.of(new long[] {-1}, new long[] {5}), t.colorSpace(bounds));
        assertEquals(Rect.of(new long[] {0}, new long[] {2}), t.tile(Point.of(-1), bounds));
        // negative offset: the first tile starts before the bounds
        Tiling neg = Tiling.of(new long[] {4, 5}, new long[] {-2, 7}, new long[] {0, 0});
        Rect b2 = Rect.ofExtents(10, 10);
        assertEquals(Rect.of(new long[] {0, -2}, new long[] {2, 0}), neg.colorSpace(b2));
        assertEquals(Rect.of(new long[] {0, 0}, new long[] {1, 1}), neg.tile(Point.of(0, -2), b2));
        // empty bounds: empty color space
        assertTrue(Tiling.of(4).colorSpace(Rect.ofExtents(0)).isEmpty());
        assertThrows(IllegalArgumentException.class, () -> Tiling.of(4).colorSpace(Rect.ofExtents(3, 3)));
    }

    @Test
    void colorSpaceIsExactlyTheColorsWithANonEmptyTile() {
        Random rnd = new Random(11);
        for (int trial = 0; trial < 400; trial++) {
            int dim = 1 + rnd.nextInt(3);
            Tiling t = randomTiling(rnd, dim, true);
            Rect bounds = randomBounds(rnd, dim);
            Set<Point> expected = new HashSet<>();
            searchSpace(dim).forEach(c -> {
                if (!t.tile(c, bounds).isEmpty()) {
                    expected.add(c);
                }
            });
            assertEquals(expected, points(t.colorSpace(bounds)), () -> t + " over " + bounds);
        }
    }

    @Test
    void pieceIsTheTileGrownByTheHaloClippedToBounds() {
        Rect bounds = Rect.ofExtents(20);
        Tiling t = Tiling.of(new long[] {5}, new long[] {0}, new long[] {2});
        assertEquals(Rect.of(new long[] {0}, new long[] {6}), t.piece(Point.of(0), bounds));
        assertEquals(Rect.of(new long[] {3}, new long[] {11}), t.piece(Point.of(1), bounds));
        assertEquals(Rect.of(new long[] {13}, new long[] {19}), t.piece(Point.of(3), bounds));
        // tile ignores the halo
        assertEquals(Rect.of(new long[] {5}, new long[] {9}), t.tile(Point.of(1), bounds));
        assertEquals(t.tile(Point.of(1), bounds), t.withoutHalo().piece(Point.of(1), bounds));
        assertThrows(IllegalArgumentException.class, () -> t.piece(Point.of(1, 1), bounds));

        Random rnd = new Random(12);
        for (int trial = 0; trial < 500; trial++) {
            int dim = 1 + rnd.nextInt(3);
            Tiling ti = randomTiling(rnd, dim, true);
            Rect b = randomBounds(rnd, dim);
            Rect colors = ti.colorSpace(b);
            long[] halo = new long[dim];
            for (int d = 0; d < dim; d++) {
                halo[d] = ti.halo(d);
            }
            colors.forEach(c -> {
                Rect tile = ti.tile(c, b);
                assertFalse(tile.isEmpty());
                assertTrue(b.contains(tile));
                for (int d = 0; d < dim; d++) {
                    long lo = ti.offset(d) + c.get(d) * ti.shape(d);
                    assertEquals(Math.max(lo, b.lo(d)), tile.lo(d));
                    assertEquals(Math.min(lo + ti.shape(d) - 1, b.hi(d)), tile.hi(d));
                }
                // piece = unclipped tile bloated by the halo, clipped to the bounds
                Rect unclipped = ti.withoutHalo().tile(c, searchSpace(dim).bloat(fill(dim, 1000)));
                assertEquals(unclipped.bloat(halo).intersect(b), ti.piece(c, b), () -> ti + " color " + c);
                assertTrue(ti.piece(c, b).contains(tile));
            });
        }
    }

    private static long[] fill(int dim, long v) {
        long[] a = new long[dim];
        java.util.Arrays.fill(a, v);
        return a;
    }

    @Test
    void colorsIntersectingAgreesWithBruteForce() {
        Random rnd = new Random(13);
        int checked = 0;
        for (int trial = 0; trial < 3000; trial++) {
            int dim = 1 + rnd.nextInt(3);
            Tiling t = randomTiling(rnd, dim, rnd.nextBoolean());
            Rect bounds = randomBounds(rnd, dim);
            Rect r = trial % 2 == 0 ? randomRectMeeting(rnd, bounds) : randomRectMeeting(rnd, bounds).intersect(bounds);
            Set<Point> expected = new HashSet<>();
            t.colorSpace(bounds).forEach(c -> {
                if (t.piece(c, bounds).overlaps(r)) {
                    expected.add(c);
                }
            });
            Rect got = t.colorsIntersecting(r, bounds);
            assertEquals(expected, points(got), () -> t + " over " + bounds + ", colors meeting " + r);
            assertTrue(got.isEmpty() || t.colorSpace(bounds).contains(got));
            checked += expected.size();
        }
        assertTrue(checked > 3000, "the random cases should find colors, found " + checked);
    }

    /** Pieces are clipped to the bounds: a rectangle outside them, or an empty one, meets no piece. */
    @Test
    void colorsIntersectingOfARectOutsideTheBoundsIsEmpty() {
        Rect bounds = Rect.ofExtents(10);
        Tiling t = Tiling.of(new long[] {5}, new long[] {0}, new long[] {2});
        assertTrue(t.colorsIntersecting(Rect.of(new long[] {10}, new long[] {11}), bounds).isEmpty());
        assertTrue(t.colorsIntersecting(Rect.of(new long[] {5}, new long[] {4}), bounds).isEmpty());
    }

    @Test
    void withoutHaloThePiecesAreDisjointAndCoverTheBounds() {
        Random rnd = new Random(14);
        for (int trial = 0; trial < 300; trial++) {
            int dim = 1 + rnd.nextInt(3);
            Tiling t = randomTiling(rnd, dim, false);
            assertTrue(t.isDisjoint());
            Rect bounds = randomBounds(rnd, dim);
            Set<Point> covered = new HashSet<>();
            t.colorSpace(bounds).forEach(c -> t.piece(c, bounds).forEach(p ->
                    assertTrue(covered.add(p), () -> "point " + p + " in two pieces of " + t)));
            assertEquals(points(bounds), covered);
        }
    }

    @Test
    void withAHaloNeighbouringPiecesOverlap() {
        Tiling t = Tiling.of(new long[] {4, 4}, new long[] {0, 0}, new long[] {0, 1});
        assertFalse(t.isDisjoint());
        Rect bounds = Rect.ofExtents(8, 8);
        assertTrue(t.piece(Point.of(0, 0), bounds).overlaps(t.piece(Point.of(0, 1), bounds)));
        assertFalse(t.piece(Point.of(0, 0), bounds).overlaps(t.piece(Point.of(1, 0), bounds)));
        assertTrue(t.withoutHalo().isDisjoint());
        assertTrue(Replicated.INSTANCE.isDisjoint());
    }

    @Test
    void equalityAndHashCodeAreByValue() {
        Tiling a = Tiling.of(new long[] {4, 2}, new long[] {1, 0}, new long[] {0, 1});
        Tiling b = Tiling.of(4, 2).withOffset(1, 0).withHalo(0, 1);
        assertEquals(a, b);
        assertEquals(a.hashCode(), b.hashCode());
        assertNotEquals(a, a.withoutHalo());
        assertNotEquals(a, a.withOffset(0, 0));
        assertNotEquals(Tiling.of(4, 2), Tiling.of(2, 4));
        assertEquals(Tiling.of(4, 2), a.withoutHalo().withOffset(0, 0));
        assertEquals("Tiling(shape=[4, 2], offset=[1, 0], halo=[0, 1])", a.toString());
        assertNotEquals(a, Replicated.INSTANCE);
    }

    @Test
    void constructorValidates() {
        assertThrows(IllegalArgumentException.class, () -> Tiling.of(0));
        assertThrows(IllegalArgumentException.class, () -> Tiling.of(new long[] {2}, new long[] {0}, new long[] {-1}));
        assertThrows(IllegalArgumentException.class, () -> Tiling.of(new long[] {2}, new long[] {0, 0}, new long[] {0}));
    }

    @Test
    void replicatedHasOneColorWhosePieceIsTheWholeStore() {
        Rect bounds = Rect.of(new long[] {2, 3}, new long[] {5, 9});
        assertEquals(Rect.single(Point.zeros(2)), Replicated.INSTANCE.colorSpace(bounds));
        assertEquals(bounds, Replicated.INSTANCE.piece(Point.zeros(2), bounds));
    }

    /**
     * A limit clips tiles, pieces, the color space and the colors a rectangle meets, as the store's bounds do: tiles
     * of 10 from row 1 of a 40-row store limited to rows 1-38 (the view {@code [1:-1]}) end at 38, not 39.
     */
    @Test
    void aLimitClipsTheTilesAsTheBoundsDo() {
        Rect bounds = Rect.ofExtents(40, 40);
        Rect box = Rect.of(new long[] {1, 1}, new long[] {38, 38});
        Tiling free = Tiling.of(new long[] {10, 10}, new long[] {1, 1}, new long[] {0, 0});
        Tiling limited = free.withLimit(box);
        assertEquals(Rect.of(new long[] {31, 31}, new long[] {39, 39}), free.tile(Point.of(3, 3), bounds));
        assertEquals(Rect.of(new long[] {31, 31}, new long[] {38, 38}), limited.tile(Point.of(3, 3), bounds));
        assertEquals(Rect.of(new long[] {31, 1}, new long[] {38, 10}), limited.piece(Point.of(3, 0), bounds));
        assertEquals(Rect.of(new long[] {-1, -1}, new long[] {3, 3}), free.colorSpace(bounds));
        assertEquals(Rect.of(new long[] {0, 0}, new long[] {3, 3}), limited.colorSpace(bounds));
        assertTrue(limited.colorsIntersecting(Rect.of(new long[] {39, 0}, new long[] {39, 39}), bounds).isEmpty());
        assertEquals(Rect.of(new long[] {3, 0}, new long[] {3, 3}),
                free.colorsIntersecting(Rect.of(new long[] {39, 1}, new long[] {39, 39}), bounds));
        // every cell of the limited tiles lies in the box, and every cell of the box in exactly one tile
        int[][] cover = new int[40][40];
        limited.colorSpace(bounds).forEach(c -> limited.tile(c, bounds).forEach(p -> cover[(int) p.get(0)][(int) p.get(1)]++));
        for (int i = 0; i < 40; i++) {
            for (int j = 0; j < 40; j++) {
                boolean in = i >= 1 && i <= 38 && j >= 1 && j <= 38;
                assertEquals(in ? 1 : 0, cover[i][j], "cell (" + i + ", " + j + ")");
            }
        }
        assertNotEquals(free, limited);
        assertEquals(limited, free.withLimit(box));
        assertEquals(limited.hashCode(), free.withLimit(box).hashCode());
        assertEquals(free, limited.withLimit(null));
        assertEquals(box, limited.withHalo(1, 1).limit());
        assertEquals("Tiling(shape=[10, 10], offset=[1, 1], halo=[0, 0], limit=" + box + ")", limited.toString());
    }
}
