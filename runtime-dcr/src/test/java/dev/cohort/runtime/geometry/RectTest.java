package dev.cohort.runtime.geometry;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

@Timeout(value = 60, unit = TimeUnit.SECONDS)
class RectTest {

    /** A random rectangle of {@code dim} dimensions with corners in [-4, 6]; empty in some dimension now and then. */
    static Rect randomRect(Random rnd, int dim, boolean allowEmpty) {
        long[] lo = new long[dim];
        long[] hi = new long[dim];
        for (int d = 0; d < dim; d++) {
            lo[d] = rnd.nextInt(11) - 4;
            hi[d] = lo[d] + rnd.nextInt(6) - (allowEmpty && rnd.nextInt(8) == 0 ? 3 : 0);
        }
        return Rect.of(lo, hi);
    }

    /** All points of {@code r}, by brute force over the coordinates (not through delinearize). */
    static Set<Point> points(Rect r) {
        Set<Point> out = new HashSet<>();
        if (r.isEmpty()) {
            return out;
        }
        long[] cur = new long[r.dim()];
        for (int d = 0; d < r.dim(); d++) {
            cur[d] = r.lo(d);
        }
        while (true) {
            out.add(Point.of(cur));
            int d = r.dim() - 1;
            while (d >= 0 && ++cur[d] > r.hi(d)) {
                cur[d] = r.lo(d);
                d--;
            }
            if (d < 0) {
                return out;
            }
        }
    }

    @Test
    void accessorsAndFactories() {
        Rect r = Rect.of(Point.of(-1, 2), Point.of(3, 2));
        assertEquals(2, r.dim());
        assertEquals(-1, r.lo(0));
        assertEquals(2, r.hi(1));
        assertEquals(Point.of(-1, 2), r.lo());
        assertEquals(Point.of(3, 2), r.hi());
        assertEquals(5, r.extent(0));
        assertEquals(1, r.extent(1));
        assertEquals(List.of(5L, 1L), List.of(r.extents()[0], r.extents()[1]));
        assertEquals(Rect.of(new long[] {0, 0}, new long[] {3, 6}), Rect.ofExtents(4, 7));
        assertEquals(Rect.of(Point.of(2, 3), Point.of(2, 3)), Rect.single(Point.of(2, 3)));
        assertThrows(IllegalArgumentException.class, () -> Rect.ofExtents(3, -1));
        assertThrows(IllegalArgumentException.class, () -> Rect.of(new long[] {0}, new long[] {1, 2}));
        // lo() returns a copy: mutating what Point exposes is impossible, but a second call is a fresh equal value
        assertEquals(r.lo(), r.lo());
    }

    @Test
    void volumeIncludingEmpty() {
        assertEquals(24, Rect.ofExtents(2, 3, 4).volume());
        assertEquals(1, Rect.single(Point.of(-7)).volume());
        assertEquals(0, Rect.ofExtents(0).volume());
        assertEquals(0, Rect.ofExtents(5, 0, 3).volume());
        Rect inverted = Rect.of(new long[] {0, 5}, new long[] {9, 2});
        assertTrue(inverted.isEmpty());
        assertEquals(0, inverted.volume());
        assertEquals(0, inverted.extent(1));
        assertFalse(Rect.ofExtents(1, 1).isEmpty());
        assertThrows(ArithmeticException.class, () -> Rect.ofExtents(1L << 32, 1L << 32).volume());
    }

    @Test
    void intersectionAgreesWithPointSets() {
        Random rnd = new Random(1);
        for (int trial = 0; trial < 2000; trial++) {
            int dim = 1 + rnd.nextInt(3);
            Rect a = randomRect(rnd, dim, true);
            Rect b = randomRect(rnd, dim, true);
            Set<Point> expected = points(a);
            expected.retainAll(points(b));
            Rect i = a.intersect(b);
            assertEquals(expected, points(i), () -> a + " ∩ " + b);
            assertEquals(expected.size(), i.volume());
            assertEquals(!expected.isEmpty(), a.overlaps(b), () -> a + " overlaps " + b);
            assertEquals(points(b.intersect(a)), points(i));
        }
        assertThrows(IllegalArgumentException.class, () -> Rect.ofExtents(2).intersect(Rect.ofExtents(2, 2)));
    }

    @Test
    void containmentAgreesWithPointSets() {
        Random rnd = new Random(2);
        for (int trial = 0; trial < 2000; trial++) {
            int dim = 1 + rnd.nextInt(3);
            Rect a = randomRect(rnd, dim, true);
            Rect b = randomRect(rnd, dim, true);
            Set<Point> pa = points(a);
            assertEquals(pa.containsAll(points(b)), a.contains(b), () -> a + " contains " + b);
            long[] c = new long[dim];
            for (int d = 0; d < dim; d++) {
                c[d] = rnd.nextInt(13) - 5;
            }
            Point p = Point.of(c);
            assertEquals(pa.contains(p), a.contains(p), () -> a + " contains " + p);
        }
        Rect empty = Rect.of(new long[] {100}, new long[] {50});
        assertTrue(Rect.ofExtents(1).contains(empty), "an empty rectangle is contained anywhere");
        assertThrows(IllegalArgumentException.class, () -> Rect.ofExtents(2).contains(Point.of(0, 0)));
    }

    @ParameterizedTest(name = "{0}-d")
    @ValueSource(ints = {1, 2, 3})
    void linearizeDelinearizeRoundTripInRowMajorOrder(int dim) {
        Random rnd = new Random(dim);
        for (int trial = 0; trial < 200; trial++) {
            Rect r = randomRect(rnd, dim, false);
            long v = r.volume();
            assertEquals(points(r).size(), v);
            Point prev = null;
            Set<Point> seen = new HashSet<>();
            for (long i = 0; i < v; i++) {
                Point p = r.delinearize(i);
                assertTrue(r.contains(p), () -> p + " outside " + r);
                assertEquals(i, r.linearize(p));
                if (prev != null) {
                    assertTrue(prev.compareTo(p) < 0, "row-major order: " + prev + " then " + p);
                }
                prev = p;
                seen.add(p);
            }
            assertEquals(points(r), seen);
            // forEach visits the same points in the same order
            List<Point> visited = new ArrayList<>();
            r.forEach(visited::add);
            for (int i = 0; i < visited.size(); i++) {
                assertEquals(r.delinearize(i), visited.get(i));
            }
            assertEquals(v, visited.size());
            assertThrows(IndexOutOfBoundsException.class, () -> r.delinearize(v));
            assertThrows(IndexOutOfBoundsException.class, () -> r.delinearize(-1));
            long[] outside = r.lo().toArray();
            outside[dim - 1] = r.hi(dim - 1) + 1;
            assertThrows(IndexOutOfBoundsException.class, () -> r.linearize(Point.of(outside)));
            outside[dim - 1] = r.lo(dim - 1) - 1;
            assertThrows(IndexOutOfBoundsException.class, () -> r.linearize(Point.of(outside)));
        }
        // last dimension fastest
        Rect r = Rect.of(new long[] {1, 10}, new long[] {2, 12});
        assertEquals(Point.of(1, 11), r.delinearize(1));
        assertEquals(Point.of(2, 10), r.delinearize(3));
    }

    @Test
    void subtractGivesDisjointPiecesInsideThatCoverTheDifferenceExactly() {
        Random rnd = new Random(3);
        for (int trial = 0; trial < 3000; trial++) {
            int dim = 1 + rnd.nextInt(3);
            Rect a = randomRect(rnd, dim, true);
            Rect b = trial % 5 == 0 ? a.bloat(new long[dim]) : randomRect(rnd, dim, true);
            List<Rect> pieces = a.subtract(b);
            String ctx = a + " - " + b + " = " + pieces;
            assertTrue(pieces.size() <= 2 * dim, ctx);
            Set<Point> covered = new HashSet<>();
            long volumes = 0;
            for (Rect p : pieces) {
                assertFalse(p.isEmpty(), ctx);
                assertTrue(a.contains(p), ctx);
                assertFalse(p.overlaps(b), ctx);
                Set<Point> pp = points(p);
                for (Point q : pp) {
                    assertTrue(covered.add(q), () -> "pieces overlap at " + q + ": " + ctx);
                }
                volumes += p.volume();
            }
            Rect inter = a.intersect(b);
            for (Point q : points(inter)) {
                assertTrue(covered.add(q), () -> "a piece overlaps the intersection at " + q + ": " + ctx);
            }
            assertEquals(points(a), covered, ctx);
            assertEquals(a.volume(), volumes + inter.volume(), ctx);
        }
    }

    @Test
    void subtractSpecialCases() {
        Rect a = Rect.ofExtents(4, 4);
        assertEquals(List.of(a), a.subtract(Rect.of(new long[] {10, 10}, new long[] {12, 12})), "disjoint: a itself");
        assertTrue(a.subtract(Rect.of(new long[] {-1, -1}, new long[] {5, 5})).isEmpty(), "covered: nothing left");
        assertTrue(Rect.of(new long[] {3}, new long[] {1}).subtract(Rect.ofExtents(1)).isEmpty(), "empty minus anything");
        assertEquals(4, a.subtract(Rect.of(new long[] {1, 1}, new long[] {2, 2})).size(), "a hole leaves four slabs");
    }

    @Test
    void bloatAndTranslate() {
        Rect r = Rect.of(new long[] {2, 5}, new long[] {4, 5});
        assertEquals(Rect.of(new long[] {1, 3}, new long[] {5, 7}), r.bloat(new long[] {1, 2}));
        assertEquals(r, r.bloat(new long[] {0, 0}));
        assertEquals(Rect.of(new long[] {-1, 15}, new long[] {1, 15}), r.translate(Point.of(-3, 10)));
        assertEquals(r.volume(), r.translate(Point.of(100, -100)).volume());
        Random rnd = new Random(4);
        for (int trial = 0; trial < 500; trial++) {
            int dim = 1 + rnd.nextInt(3);
            Rect a = randomRect(rnd, dim, false);
            long[] halo = new long[dim];
            long[] by = new long[dim];
            for (int d = 0; d < dim; d++) {
                halo[d] = rnd.nextInt(3);
                by[d] = rnd.nextInt(9) - 4;
            }
            Rect bloated = a.bloat(halo);
            assertTrue(bloated.contains(a));
            for (int d = 0; d < dim; d++) {
                assertEquals(a.extent(d) + 2 * halo[d], bloated.extent(d));
            }
            Set<Point> shifted = new HashSet<>();
            for (Point p : points(a)) {
                shifted.add(p.add(Point.of(by)));
            }
            assertEquals(shifted, points(a.translate(Point.of(by))));
        }
    }

    @Test
    void equalityAndToString() {
        assertEquals(Rect.ofExtents(2, 3), Rect.of(Point.of(0, 0), Point.of(1, 2)));
        assertEquals(Rect.ofExtents(2, 3).hashCode(), Rect.of(Point.of(0, 0), Point.of(1, 2)).hashCode());
        assertNotEquals(Rect.ofExtents(2, 3), Rect.ofExtents(3, 2));
        assertEquals("[(0,0)..(1,2)]", Rect.ofExtents(2, 3).toString());
        assertEquals("[(-3)..(4)]", Rect.of(new long[] {-3}, new long[] {4}).toString());
    }
}
