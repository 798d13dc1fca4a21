package dev.cohort.bench.taskbench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;

class MetgTest {
    @Test
    void efficiencyAndGranularityFollowTaskBench() {
        // 1000 tasks of 1e6 iterations in 1 s against a peak of 2e9 iterations/s: half the peak
        assertEquals(0.5, Metg.efficiency(1000, 1_000_000, 1.0, 2e9), 1e-12);
        // 1000 tasks in 0.01 s on 2 cores: 20 µs of core time per task
        assertEquals(20.0, Metg.granularityUs(0.01, 2, 1000), 1e-9);
        assertThrows(IllegalArgumentException.class, () -> Metg.efficiency(1, 1, 0, 1));
        assertThrows(IllegalArgumentException.class, () -> Metg.granularityUs(1, 2, 0));
    }

    @Test
    void crossingIsInterpolatedInLogGranularity() {
        List<Metg.Point> sweep = List.of(new Metg.Point(1000, 0.95), new Metg.Point(100, 0.7), new Metg.Point(10, 0.3),
                new Metg.Point(1, 0.05));
        Metg.Result r = Metg.metg(sweep, 0.5);
        assertEquals(Metg.Result.Kind.INTERPOLATED, r.kind());
        // halfway in efficiency between 0.7 and 0.3 is halfway between 100 and 10 on a log scale
        assertEquals(Math.sqrt(1000), r.us(), 1e-9);
        assertEquals("31.6", r.format());
    }

    @Test
    void theFinestEfficientPointCountsEvenAfterANoisyDip() {
        // Task Bench: the smallest granularity still at >= 50%; a dip above it does not end the search
        List<Metg.Point> sweep = List.of(new Metg.Point(1000, 0.9), new Metg.Point(100, 0.45), new Metg.Point(10, 0.6),
                new Metg.Point(1, 0.2));
        Metg.Result r = Metg.metg(sweep, 0.5);
        assertEquals(Metg.Result.Kind.INTERPOLATED, r.kind());
        assertEquals(Math.exp(Math.log(10) + 0.25 * (Math.log(1) - Math.log(10))), r.us(), 1e-9);
    }

    @Test
    void boundsWhenNoCrossingWasMeasured() {
        Metg.Result allGood = Metg.metg(List.of(new Metg.Point(100, 0.9), new Metg.Point(10, 0.6)), 0.5);
        assertEquals(Metg.Result.Kind.AT_MOST, allGood.kind());
        assertEquals(10, allGood.us());
        assertEquals("<= 10.0", allGood.format());
        Metg.Result allBad = Metg.metg(List.of(new Metg.Point(20_000, 0.4), new Metg.Point(10, 0.1)), 0.5);
        assertEquals(Metg.Result.Kind.ABOVE, allBad.kind());
        assertEquals("> 20000", allBad.format());
        assertThrows(IllegalArgumentException.class, () -> Metg.metg(List.of(), 0.5));
    }
}
