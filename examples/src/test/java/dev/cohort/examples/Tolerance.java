package dev.cohort.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Comparisons for results that may differ only by the order of floating-point sums. */
final class Tolerance {
    private Tolerance() {
    }

    /** |actual - expected| <= rel * |expected| (exact equality for expected 0). */
    static void assertRelative(double expected, double actual, double rel, String what) {
        assertTrue(Math.abs(actual - expected) <= rel * Math.abs(expected),
                () -> what + ": expected " + expected + " within relative " + rel + ", got " + actual
                        + " (relative difference " + Math.abs(actual - expected) / Math.abs(expected) + ")");
    }

    static void assertRelative(double[] expected, double[] actual, double rel, String what) {
        assertEquals(expected.length, actual.length, what + ": length");
        double scale = 0;
        for (double v : expected) {
            scale = Math.max(scale, Math.abs(v));
        }
        for (int i = 0; i < expected.length; i++) {
            int k = i;
            double d = Math.abs(actual[i] - expected[i]);
            double s = scale;
            assertTrue(d <= rel * s, () -> what + "[" + k + "]: expected " + expected[k] + ", got " + actual[k]
                    + " (difference " + d + " > " + rel + " x max|expected| " + s + ")");
        }
    }
}
