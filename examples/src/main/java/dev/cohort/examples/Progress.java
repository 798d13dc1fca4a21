package dev.cohort.examples;

import dev.cohort.ndarray.Cohort;

import java.io.PrintWriter;
import java.util.Locale;

/**
 * Progress of a long loop on standard error, as users expect from a long run: the iteration, the quantity that
 * decides when it stops (loss, residual, change, moved labels), the rate in iterations per second and the time
 * left, e.g. {@code heat: iteration 1200/20000  change 3.12e-05 (tol 1e-06)  412 it/s  ~9 s left}.
 *
 * <p>Only what the program already has on the host is shown, and nothing here issues an operation: whether the
 * progress is shown never changes what the shards compute. Only shard 0 of an in-process job prints. On a
 * terminal each report overwrites the previous one ({@code \r}) and the last ends the line; elsewhere (a log
 * file, forced with {@code --progress}) each report is a line of its own. Reports come at most every
 * {@code intervalSeconds}, plus one when the loop ends.
 *
 * <p>Time left: for a loop with a fixed number of iterations, the remaining ones at the current rate; for one
 * that stops when a quantity falls below a tolerance, the iterations that the quantity's recent geometric decay
 * needs to reach it (at most the remaining iteration limit), at the current rate; for one that stops by itself at
 * an unknown iteration, the remaining iteration limit's time as an upper bound ({@code at most ...}); unknown
 * ({@code ?}) otherwise.
 */
public final class Progress {
    /** Where and how reports go; {@link #OFF} shows nothing. */
    public record Sink(boolean enabled, PrintWriter err, boolean terminal, double intervalSeconds) {
        public static final Sink OFF = new Sink(false, null, false, 0);

        /** A progress bar for {@code label} on this shard: a silent one unless enabled and on shard 0. */
        public Progress start(String label, long maxIterations, String metric, double tolerance) {
            boolean show = enabled && err != null && Cohort.current().shard() == 0;
            return new Progress(show ? this : OFF, label, maxIterations, metric, tolerance, false);
        }

        /**
         * A progress bar for a loop that stops by itself at an unknown iteration (k-means: when no label moves) or at
         * {@code maxIterations}: its time left is an upper bound ({@code at most 3.4 min left}).
         */
        public Progress startUntilStable(String label, long maxIterations, String metric) {
            boolean show = enabled && err != null && Cohort.current().shard() == 0;
            return new Progress(show ? this : OFF, label, maxIterations, metric, Double.NaN, true);
        }
    }

    private static final Progress SILENT = new Progress(Sink.OFF, "", 0, "", Double.NaN, false);

    private final Sink sink;
    private final String label;
    private final long maxIterations;
    private final String metric;
    private final double tolerance;
    private final boolean upperBound;
    private final long startNanos = System.nanoTime();
    private long lastReportNanos;
    private boolean reported;
    private int lastLength;
    // the recent decay of the metric, for the time left of a converging loop
    private long anchorIteration = -1;
    private double anchorValue;
    private double decayPerIteration = Double.NaN;

    private Progress(Sink sink, String label, long maxIterations, String metric, double tolerance, boolean upperBound) {
        this.sink = sink;
        this.upperBound = upperBound;
        this.label = label;
        this.maxIterations = maxIterations;
        this.metric = metric;
        this.tolerance = tolerance;
        this.lastReportNanos = startNanos;
    }

    /** A progress that shows nothing. */
    public static Progress silent() {
        return SILENT;
    }

    /** Whether reports are shown (the caller may skip work that only feeds them). */
    public boolean shown() {
        return sink.enabled();
    }

    /**
     * Iteration {@code iteration} (1-based, of at most the maximum given at the start) is done and its metric is
     * {@code value} (NaN: none).
     */
    public void update(long iteration, double value) {
        if (!sink.enabled()) {
            return;
        }
        track(iteration, value);
        long now = System.nanoTime();
        if ((now - lastReportNanos) / 1e9 < sink.intervalSeconds()) {
            return;
        }
        lastReportNanos = now;
        report(iteration, value, now, false);
    }

    /** The loop ended after {@code iterations} with the metric at {@code value}: the last report, ending its line. */
    public void done(long iterations, double value) {
        if (!sink.enabled()) {
            return;
        }
        report(iterations, value, System.nanoTime(), true);
    }

    private void track(long iteration, double value) {
        if (Double.isNaN(tolerance) || !(value > 0) || Double.isInfinite(value)) {
            return;
        }
        if (anchorIteration < 0) {
            anchorIteration = iteration;
            anchorValue = value;
        } else if (iteration - anchorIteration >= 20) {
            double d = (Math.log(value) - Math.log(anchorValue)) / (iteration - anchorIteration);
            decayPerIteration = Double.isNaN(decayPerIteration) ? d : 0.5 * decayPerIteration + 0.5 * d;
            anchorIteration = iteration;
            anchorValue = value;
        }
    }

    private void report(long iteration, double value, long now, boolean last) {
        double seconds = (now - startNanos) / 1e9;
        double rate = seconds > 0 ? iteration / seconds : Double.NaN;
        StringBuilder line = new StringBuilder(label).append(": iteration ").append(iteration);
        if (maxIterations > 0) {
            line.append('/').append(maxIterations);
        }
        if (!metric.isEmpty() && !Double.isNaN(value)) {
            line.append("  ").append(metric).append(' ').append(format(value));
            if (!Double.isNaN(tolerance)) {
                line.append(" (tol ").append(format(tolerance)).append(')');
            }
        }
        if (rate > 0 && Double.isFinite(rate)) {
            line.append(String.format(Locale.ROOT, "  %.3g it/s", rate));
        }
        if (last) {
            line.append(String.format(Locale.ROOT, "  done in %.3g s", seconds));
        } else {
            line.append("  ").append(timeLeft(iteration, value, rate));
        }
        PrintWriter err = sink.err();
        if (sink.terminal()) {
            String text = line.toString();
            int pad = Math.max(0, lastLength - text.length());
            err.print('\r' + text + " ".repeat(pad));
            lastLength = text.length();
            if (last) {
                err.println();
            }
        } else {
            err.println(line);
        }
        err.flush();
        reported = true;
    }

    /** {@code ~12 s left}, {@code ~3.2 min left}, {@code at most 3.2 min left} (a loop that may stop sooner) or {@code ? left}. */
    String timeLeft(long iteration, double value, double rate) {
        double remaining = Double.NaN;
        if (Double.isNaN(tolerance)) {
            if (maxIterations > 0) {
                remaining = maxIterations - iteration;
            }
        } else if (value < tolerance) {
            remaining = 0;
        } else if (decayPerIteration < 0) {
            remaining = Math.log(tolerance / value) / decayPerIteration;
            if (maxIterations > 0) {
                remaining = Math.min(remaining, maxIterations - iteration);
            }
        }
        if (!(rate > 0) || Double.isNaN(remaining)) {
            return "? left";
        }
        double s = remaining / rate;
        String about = upperBound ? "at most " : "~";
        if (s < 90) {
            return String.format(Locale.ROOT, "%s%.0f s left", about, s);
        }
        if (s < 5400) {
            return String.format(Locale.ROOT, "%s%.1f min left", about, s / 60);
        }
        return String.format(Locale.ROOT, "%s%.1f h left", about, s / 3600);
    }

    /** Whether anything was printed (for tests). */
    boolean reported() {
        return reported;
    }

    private static String format(double v) {
        if (v == Math.rint(v) && Math.abs(v) < 1e15) {
            return Long.toString((long) v);
        }
        return String.format(Locale.ROOT, "%.3g", v);
    }
}
