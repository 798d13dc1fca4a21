package dev.cohort.simulator;

import java.util.List;
import java.util.function.Supplier;

/**
 * When {@link SearchAdvisor} reads a loop's own costs ({@link MeasuredCosts}) and which window it searches with: a
 * reading when the loop is detected, then one at the end of each window of at least {@link #MEASURE_WINDOW}
 * iterations and {@link #WINDOW_NANOS} of shard 0's time (the next window's length is computed from the last reading,
 * which every shard has from the broadcast, so every shard reads at the same launch). A window is the one to search
 * with once the JIT compilers took at most {@link #COMPILER_QUIET} of it and it cost the same per iteration as the
 * window before within {@link #SETTLED}, or after {@link #MAX_WINDOWS} windows. Warm-up iterations, whose kernels and
 * messages wait for the JIT compiler, are not what the loop costs: 4 shard processes on 2 cores measured 30-100 ms
 * an all-gather in their first seconds and 1-5 ms later. Iterations are counted in launches (over the body's length):
 * a loop whose deferred chains flush now and then, or that restarts, is not recognised as a loop at every iteration,
 * and its counters run on meanwhile; a window of a longer period that holds the body (the cycle of flushes and
 * restarts) continues the body's measurement.
 */
final class MeasurementWindows {
    /** Fewest iterations of one window. */
    static final int MEASURE_WINDOW = 8;
    /** Least wall time of a window on shard 0's clock, ns. */
    static final long WINDOW_NANOS = 250_000_000L;
    /** Most iterations of one window. */
    static final int MAX_WINDOW = 4096;
    /** Windows measured at most before the last one is taken, settled or not. */
    static final int MAX_WINDOWS = 24;
    /** Largest share of a window's wall time the JIT compilers may take for the window to count. */
    static final double COMPILER_QUIET = 0.05;
    /** Two windows whose time (collectives and point tasks) per iteration differs by at most this share agree. */
    static final double SETTLED = 0.25;

    private final Supplier<MeasuredCosts> reader;
    /** The loop body being measured (its signatures), or null. */
    private List<String> body;
    private MeasuredCosts from;
    private long launchesAtReading;
    private MeasuredCosts last;
    private int lastIterations;
    private long lastLaunches;
    private int windows;
    private int windowIterations = MEASURE_WINDOW;

    /** Windows read by {@code reader}, which must give every shard the same reading. */
    MeasurementWindows(Supplier<MeasuredCosts> reader) {
        this.reader = reader;
    }

    /**
     * Called where the advisor finds the loop's last period of launches to be {@code window} after {@code launches}
     * launches in all: the settled window to search with, or null to wait (a new loop's first reading, a window not
     * over, or one that does not count yet).
     */
    MeasuredCosts offer(List<String> window, long launches) {
        if (body == null || !continues(window)) {
            body = List.copyOf(window);
            from = reader.get();
            launchesAtReading = launches;
            last = null;
            windows = 0;
            windowIterations = MEASURE_WINDOW;
            return null;
        }
        int iterations = (int) Math.min(Integer.MAX_VALUE, (launches - launchesAtReading) / body.size());
        if (iterations < windowIterations) {
            return null;
        }
        long launchesAtReadingBefore = launchesAtReading;
        MeasuredCosts now = reader.get();
        MeasuredCosts w = now.since(from);
        MeasuredCosts previous = last;
        int previousIterations = lastIterations;
        from = now;
        launchesAtReading = launches;
        last = w;
        lastIterations = iterations;
        lastLaunches = launches - launchesAtReadingBefore;
        windows++;
        double perIteration = (double) w.wallNanos() / iterations;
        windowIterations = perIteration <= 0 ? MEASURE_WINDOW
                : (int) Math.max(MEASURE_WINDOW, Math.min(MAX_WINDOW, Math.ceil(WINDOW_NANOS / perIteration)));
        boolean counts = w.compilerQuiet(COMPILER_QUIET) && settled(previous, previousIterations, w, iterations);
        return counts || windows >= MAX_WINDOWS ? w : null;
    }

    /**
     * True when {@code window} is the body being measured: a rotation of it, or a longer period that holds a rotation
     * of it (a loop that flushes a deferred chain every few iterations, or restarts, also repeats with the period of
     * that cycle; its windows alternate between the two periods).
     */
    private boolean continues(List<String> window) {
        int n = body.size();
        if (SearchAdvisor.rotation(body, window) >= 0) {
            return true;
        }
        for (int k = 0; k < n && window.size() > n; k++) {
            List<String> rotated = new java.util.ArrayList<>(body.subList(k, n));
            rotated.addAll(body.subList(0, k));
            if (java.util.Collections.indexOfSubList(window, rotated) >= 0) {
                return true;
            }
        }
        return false;
    }

    /** The launches of the last window read (its iterations of a period p: this over p). */
    long lastLaunches() {
        return lastLaunches;
    }

    /**
     * True when two consecutive windows (of {@code previousIterations} and {@code lastIterations} iterations)
     * measured nearly the same time of collectives and point tasks together per iteration (within {@link #SETTLED}
     * of the larger): the loop runs at its steady rate.
     */
    static boolean settled(MeasuredCosts previous, int previousIterations, MeasuredCosts last, int lastIterations) {
        if (previous == null || previousIterations < 1 || lastIterations < 1) {
            return false;
        }
        double a = previous.totalNanos() / previousIterations;
        double b = last.totalNanos() / lastIterations;
        return Math.abs(a - b) <= SETTLED * Math.max(a, b);
    }
}
