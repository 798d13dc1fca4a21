package dev.cohort.runtime.geometry;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(value = 30, unit = TimeUnit.SECONDS)
class PointTest {

    @Test
    void ofCopiesItsArgumentsAndToArrayCopiesOut() {
        long[] c = {1, -2, 3};
        Point p = Point.of(c);
        c[0] = 99;
        assertEquals(1, p.get(0));
        long[] out = p.toArray();
        out[1] = 42;
        assertEquals(-2, p.get(1));
        assertArrayEquals(new long[] {1, -2, 3}, p.toArray());
        assertEquals(3, p.dim());
    }

    @Test
    void zerosAndAdd() {
        Point z = Point.zeros(2);
        assertEquals(Point.of(0, 0), z);
        assertEquals(Point.of(4, -1), Point.of(1, 2).add(Point.of(3, -3)));
        assertEquals(Point.of(5, 6), z.add(Point.of(5, 6)));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Point.of(1, 2).add(Point.of(1)));
        assertTrue(e.getMessage().contains("dimension mismatch"), e.getMessage());
    }

    @Test
    void equalityHashCodeAndOrderAreByValue() {
        assertEquals(Point.of(1, 2), Point.of(1, 2));
        assertEquals(Point.of(1, 2).hashCode(), Point.of(1, 2).hashCode());
        assertNotEquals(Point.of(1, 2), Point.of(2, 1));
        assertNotEquals(Point.of(1, 2), Point.of(1, 2, 0));
        // row-major (lexicographic) order
        assertTrue(Point.of(0, 9).compareTo(Point.of(1, 0)) < 0);
        assertTrue(Point.of(1, 1).compareTo(Point.of(1, 0)) > 0);
        assertEquals(0, Point.of(-3, 4).compareTo(Point.of(-3, 4)));
    }

    @Test
    void toStringListsCoordinates() {
        assertEquals("(1,-2,3)", Point.of(1, -2, 3).toString());
        assertEquals("(5)", Point.of(5).toString());
    }
}
