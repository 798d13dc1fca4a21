package dev.cohort.runtime.partition;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cohort.runtime.geometry.Point;
import dev.cohort.runtime.geometry.Rect;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ProjectionTest {

    static Set<Point> points(Rect r) {
        Set<Point> out = new HashSet<>();
        r.forEach(out::add);
        return out;
    }

    /** A random affine projection from {@code launchDim} launch dimensions to {@code colorDim} color dimensions. */
    static Projection randomProjection(Random rnd, int launchDim, int colorDim) {
        List<Integer> dims = new ArrayList<>();
        for (int k = 0; k < launchDim; k++) {
            dims.add(k);
        }
        Collections.shuffle(dims, rnd);
        int[] src = new int[colorDim];
        long[] offset = new long[colorDim];
        int next = 0;
        for (int i = 0; i < colorDim; i++) {
            if (next < dims.size() && rnd.nextInt(4) != 0) {
                src[i] = dims.get(next++);
            } else {
                src[i] = -1;
            }
            offset[i] = rnd.nextInt(7) - 3;
        }
        return Projection.of(src, offset);
    }

    static Rect randomRect(Random rnd, int dim, int maxExtent) {
        long[] lo = new long[dim];
        long[] hi = new long[dim];
        for (int d = 0; d < dim; d++) {
            lo[d] = rnd.nextInt(7) - 3;
            hi[d] = lo[d] + rnd.nextInt(maxExtent) - (rnd.nextInt(10) == 0 ? 2 : 0);
        }
        return Rect.of(lo, hi);
    }

    @Test
    void identityPermutationConstantShiftApply() {
        assertEquals(Point.of(3, -1), Projection.identity(2).apply(Point.of(3, -1)));
        assertEquals(Point.of(7, 5, 6), Projection.permutation(1, 2, 0).apply(Point.of(6, 7, 5)));
        assertEquals(Point.of(2, 0), Projection.constant(Point.of(2, 0)).apply(Point.of(9, 9)));
        assertEquals(Point.of(2, 0), Projection.constant(Point.of(2, 0)).apply(Point.of(1)));
        assertEquals(Point.of(4, -3), Projection.shift(1, -5).apply(Point.of(3, 2)));
        // general form: color[i] = (src[i] < 0 ? 0 : p[src[i]]) + offset[i]
        Projection p = Projection.of(new int[] {-1, 0}, new long[] {4, 10});
        assertEquals(Point.of(4, 13), p.apply(Point.of(3, 8)));
        assertEquals(2, p.colorDim());
        assertEquals(3, Projection.permutation(1, 2, 0).colorDim());
    }

    @Test
    void imageOfTheCommonProjections() {
        Rect domain = Rect.of(new long[] {0, 1}, new long[] {3, 5});
        assertEquals(domain, Projection.identity(2).image(domain));
        assertEquals(Rect.of(new long[] {1, 0}, new long[] {5, 3}), Projection.permutation(1, 0).image(domain));
        assertEquals(Rect.single(Point.of(7)), Projection.constant(Point.of(7)).image(domain));
        assertEquals(Rect.of(new long[] {2, 0}, new long[] {5, 4}), Projection.shift(2, -1).image(domain));
        assertTrue(Projection.identity(1).image(Rect.ofExtents(0)).isEmpty());
    }

    @Test
    void imageAgreesWithBruteForce() {
        Random rnd = new Random(21);
        for (int trial = 0; trial < 1000; trial++) {
            int launchDim = 1 + rnd.nextInt(3);
            int colorDim = 1 + rnd.nextInt(3);
            Projection p = randomProjection(rnd, launchDim, colorDim);
            Rect domain = randomRect(rnd, launchDim, 4);
            Set<Point> expected = new HashSet<>();
            domain.forEach(q -> expected.add(p.apply(q)));
            assertEquals(expected, points(p.image(domain)), () -> p + " on " + domain);
        }
    }

    @Test
    void preimageAgreesWithBruteForce() {
        Random rnd = new Random(22);
        int nonEmpty = 0;
        for (int trial = 0; trial < 3000; trial++) {
            int launchDim = 1 + rnd.nextInt(3);
            int colorDim = 1 + rnd.nextInt(3);
            Projection p = randomProjection(rnd, launchDim, colorDim);
            Rect domain = randomRect(rnd, launchDim, 5);
            Rect colors = randomRect(rnd, colorDim, 5);
            Set<Point> expected = new HashSet<>();
            domain.forEach(q -> {
                if (colors.contains(p.apply(q))) {
                    expected.add(q);
                }
            });
            Rect pre = p.preimage(colors, domain);
            assertEquals(launchDim, pre.dim());
            assertEquals(expected, points(pre), () -> p + " preimage of " + colors + " in " + domain);
            if (!expected.isEmpty()) {
                nonEmpty++;
            }
        }
        assertTrue(nonEmpty > 500, "random cases should often be non-empty, were " + nonEmpty);
    }

    @Test
    void isInjectiveOnAgreesWithBruteForce() {
        Random rnd = new Random(23);
        int injective = 0;
        int notInjective = 0;
        for (int trial = 0; trial < 2000; trial++) {
            int launchDim = 1 + rnd.nextInt(3);
            int colorDim = 1 + rnd.nextInt(3);
            Projection p = randomProjection(rnd, launchDim, colorDim);
            Rect domain = randomRect(rnd, launchDim, 3);
            if (domain.isEmpty()) {
                continue; // launch domains are never empty (GroupLaunch.Builder rejects them)
            }
            Set<Point> colors = new HashSet<>();
            boolean[] distinct = {true};
            domain.forEach(q -> distinct[0] &= colors.add(p.apply(q)));
            assertEquals(distinct[0], p.isInjectiveOn(domain), () -> p + " on " + domain);
            if (distinct[0]) {
                injective++;
            } else {
                notInjective++;
            }
        }
        assertTrue(injective > 100 && notInjective > 100, injective + " / " + notInjective);
        // the named cases
        Rect d = Rect.ofExtents(3, 4);
        assertTrue(Projection.identity(2).isInjectiveOn(d));
        assertTrue(Projection.permutation(1, 0).isInjectiveOn(d));
        assertFalse(Projection.constant(Point.of(0, 0)).isInjectiveOn(d));
        assertTrue(Projection.constant(Point.of(0, 0)).isInjectiveOn(Rect.ofExtents(1, 1)));
        assertFalse(Projection.of(new int[] {0}, new long[] {0}).isInjectiveOn(d), "drops launch dimension 1");
        assertTrue(Projection.of(new int[] {0}, new long[] {0}).isInjectiveOn(Rect.ofExtents(3, 1)));
    }

    @Test
    void validationAndLaunchDimensions() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Projection.of(new int[] {0, 0}, new long[] {0, 0}));
        assertTrue(e.getMessage().contains("twice"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> Projection.of(new int[] {0}, new long[] {0, 0}));
        assertDoesNotThrow(() -> Projection.permutation(1, 0).checkLaunchDim(2));
        assertThrows(IllegalArgumentException.class, () -> Projection.permutation(1, 0).checkLaunchDim(1));
        assertDoesNotThrow(() -> Projection.constant(Point.of(3)).checkLaunchDim(1));
    }

    @Test
    void equalityIsByValue() {
        assertEquals(Projection.identity(2), Projection.permutation(0, 1));
        assertEquals(Projection.identity(2).hashCode(), Projection.permutation(0, 1).hashCode());
        assertEquals(Projection.identity(2), Projection.shift(0, 0));
        assertNotEquals(Projection.identity(2), Projection.permutation(1, 0));
        assertNotEquals(Projection.shift(1), Projection.identity(1));
        assertEquals(Projection.constant(Point.of(3)), Projection.of(new int[] {-1}, new long[] {3}));
        assertEquals("Projection(src=[1, 0], offset=[0, 0])", Projection.permutation(1, 0).toString());
    }
}
