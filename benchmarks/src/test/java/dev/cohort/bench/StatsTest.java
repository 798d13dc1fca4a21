package dev.cohort.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class StatsTest {
    @Test
    void percentilesAreNearestRankSamples() {
        long[] sorted = new long[100];
        for (int i = 0; i < 100; i++) {
            sorted[i] = i + 1; // 1..100
        }
        assertEquals(50, Stats.percentile(sorted, 50));
        assertEquals(99, Stats.percentile(sorted, 99));
        assertEquals(100, Stats.percentile(sorted, 99.9));
        assertEquals(100, Stats.percentile(sorted, 100));
        assertEquals(1, Stats.percentile(sorted, 0.5));
        assertEquals(7, Stats.percentile(new long[] {7}, 99));
        assertThrows(IllegalArgumentException.class, () -> Stats.percentile(new long[0], 50));
        assertThrows(IllegalArgumentException.class, () -> Stats.percentile(sorted, 0));
    }

    @Test
    void summaryDoesNotReorderItsInput() {
        long[] samples = {30, 10, 20, 1000};
        Stats.Summary s = Stats.summarize(samples);
        assertEquals(new Stats.Summary(4, 20, 1000, 265.0, 10, 1000), s);
        assertEquals(30, samples[0]);
    }

    @Test
    void medianOfEvenCountAveragesTheMiddleAndThroughputIsInMegabytes() {
        assertEquals(2.5, Stats.median(new double[] {4, 1, 3, 2}));
        assertEquals(3.0, Stats.median(new double[] {5, 3, 1}));
        // 64 MiB in 0.1 s
        assertEquals(671.08864, Stats.megabytesPerSecond(64L << 20, 100_000_000L), 1e-9);
        assertThrows(IllegalArgumentException.class, () -> Stats.megabytesPerSecond(1, 0));
    }
}
