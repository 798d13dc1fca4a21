package dev.cohort.bench.simulator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cohort.examples.calibrate.TraceSpans;
import dev.cohort.simulator.IterationPrediction;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link LoopRates} on a hand-written profile: a loop of two launches (op codes 1 and 2) per iteration, 6 iterations
 * of which the last 2 are timed; the window is the 3 before those.
 */
class LoopRatesTest {
    @TempDir
    Path dir;

    /**
     * Iteration {@code i} starts at {@code 1000 * i} µs: analysis of launch A at +0 (5 µs), of B at +10 (5 µs, 95 in
     * iteration 2); A's two point tasks take {@code 100 + i} µs each, B's one 40 µs (4 000 in iteration 1: a stall).
     * Timed iterations 4 and 5 are made 100x slower: they must not count.
     */
    private Path profile() throws Exception {
        List<String> events = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            long t = 1000L * i;
            double slow = i >= 4 ? 100 : 1;
            events.add(span("analysis", "op.a", 1, t, 5));
            events.add(span("analysis", "op.b", 1, t + 10, i == 2 ? 95 : 5));
            events.add(span("task", "op.a", 2, t + 20, (100 + i) * slow));
            events.add(span("task", "op.a", 3, t + 20, (100 + i) * slow));
            events.add(span("task", "op.b", 2, t + 200, (i == 1 ? 4000 : 40) * slow));
        }
        Path f = dir.resolve("trace.json");
        Files.writeString(f, "{\"traceEvents\": [" + String.join(",\n", events) + "]}");
        return f;
    }

    private static String span(String cat, String name, long tid, double ts, double dur) {
        return String.format(Locale.ROOT, "{\"name\": \"%s\", \"cat\": \"%s\", \"ph\": \"X\", \"ts\": %.3f, \"dur\": %.3f, "
                + "\"pid\": 1, \"tid\": %d}", name, cat, ts, dur, tid);
    }

    /**
     * The calibration predicted 2 tasks of 50 µs for A and 1 of 80 µs for B per iteration, and 2 µs of analysis per
     * launch on each of 2 shards.
     */
    private static IterationPrediction prediction() {
        double[] byKind = new double[4];
        byKind[dev.cohort.simulator.TaskGraph.Kind.ANALYSIS.ordinal()] = 2 * 2 * 2_000;
        return new IterationPrediction(1e5, 2e5, 10, byKind, new double[]{100_000, 80_000}, new int[]{2, 1});
    }

    /** The median over the window's iterations of their mean: B's stall in one iteration does not count. */
    @Test
    void ratesAreTheMedianIterationsMeanTaskTimeOverTheCalibrationsMean() throws Exception {
        List<LoopRates.Rate> rates = LoopRates.measure(TraceSpans.read(profile()), Map.of(1, "op.a", 2, "op.b"),
                new int[]{1, 2}, prediction(), 4, 3);
        assertEquals(2, rates.size());
        LoopRates.Rate a = rates.get(0);
        assertEquals(1, a.taskId());
        // iterations 1, 2, 3: tasks of 101, 102, 103 µs, two each
        assertEquals(6, a.measuredTasks());
        assertEquals(102.0 / 50.0, a.scale(), 1e-9);
        LoopRates.Rate b = rates.get(1);
        assertEquals(3, b.measuredTasks());
        assertEquals(40.0 / 80.0, b.scale(), 1e-9);
        assertEquals(Map.of(1, 102.0 / 50.0, 2, 0.5), LoopRates.scales(rates));
    }

    /** Analysis: iterations 1, 2, 3 have means 5, 50 and 5 µs a launch; the median 5 over the predicted 2. */
    @Test
    void theAnalysisRateIsTheMedianIterationsMeanSpanOverThePredictedPerLaunchAndShard() throws Exception {
        LoopRates.Analysis a = LoopRates.analysis(TraceSpans.read(profile()), 2, 2, prediction(), 4, 3);
        assertEquals(6, a.measuredLaunches());
        assertEquals(5_000, a.measuredMeanNanos(), 1e-6);
        assertEquals(2_000, a.predictedNanosPerLaunch(), 1e-6);
        assertEquals(2.5, a.scale(), 1e-9);
    }

    @Test
    void anOpCodeWithoutNameOrSpansGetsNoRate() throws Exception {
        List<LoopRates.Rate> rates = LoopRates.measure(TraceSpans.read(profile()), Map.of(1, "op.a"),
                new int[]{1, 2}, prediction(), 4, 3);
        assertEquals(1, rates.size());
        assertEquals(1, rates.get(0).taskId());
    }

    @Test
    void aWindowLongerThanTheProfileIsRefusedWithTheCounts() throws Exception {
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> LoopRates.measure(
                TraceSpans.read(profile()), Map.of(1, "op.a", 2, "op.b"), new int[]{1, 2}, prediction(), 4, 5));
        assertTrue(e.getMessage().contains("12 analysis spans"), e.getMessage());
    }
}
