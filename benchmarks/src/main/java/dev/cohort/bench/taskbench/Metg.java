package dev.cohort.bench.taskbench;

import java.util.List;

/**
 * Task Bench's metrics (Slaughter et al., SC'20, §4): <b>efficiency</b> = achieved kernel throughput
 * (kernel iterations of all tasks per second of wall time) / peak throughput (the same kernel with no
 * runtime on every core); <b>task granularity</b> = wall time x cores / tasks, the average time a core
 * spends per task, overhead included; <b>METG(50%)</b> = the smallest task granularity at which
 * efficiency is still at least 50%.
 */
public final class Metg {
    private Metg() {
    }

    /** One measured graph of a sweep: its task granularity (µs) and efficiency (0..1). */
    public record Point(double granularityUs, double efficiency) {
    }

    /** A METG: the value in µs and how it was found. */
    public record Result(double us, Kind kind) {
        /** {@code INTERPOLATED} between two sweep points; {@code AT_MOST} the smallest granularity measured, which
         * still had efficiency >= 50%; {@code ABOVE} every point was below 50% ({@code us} = the largest granularity). */
        public enum Kind { INTERPOLATED, AT_MOST, ABOVE }

        /** For tables: {@code 12.3}, {@code <= 1.1}, {@code > 10000}. */
        public String format() {
            String v = us >= 100 ? String.format(java.util.Locale.ROOT, "%.0f", us)
                    : String.format(java.util.Locale.ROOT, "%.1f", us);
            return switch (kind) {
                case INTERPOLATED -> v;
                case AT_MOST -> "<= " + v;
                case ABOVE -> "> " + v;
            };
        }
    }

    /** Efficiency: {@code tasks x iterations} kernel iterations in {@code wallSeconds}, over {@code peakPerSecond}. */
    public static double efficiency(long tasks, long iterations, double wallSeconds, double peakPerSecond) {
        if (wallSeconds <= 0 || peakPerSecond <= 0) {
            throw new IllegalArgumentException("wall time and peak must be positive: " + wallSeconds + ", " + peakPerSecond);
        }
        return tasks * (double) iterations / wallSeconds / peakPerSecond;
    }

    /** Task granularity in µs: wall time x cores / tasks. */
    public static double granularityUs(double wallSeconds, int cores, long tasks) {
        if (tasks <= 0 || cores <= 0) {
            throw new IllegalArgumentException("tasks and cores must be positive: " + tasks + ", " + cores);
        }
        return wallSeconds * 1e6 * cores / tasks;
    }

    /**
     * METG({@code threshold}) of a sweep given from the largest task size to the smallest, as Task Bench
     * defines it: the smallest granularity at which efficiency is still at least {@code threshold}. The
     * finest point with efficiency {@code >= threshold} is found; if a finer point follows it (below the
     * threshold), the crossing between the two is interpolated linearly in efficiency against
     * log(granularity).
     */
    public static Result metg(List<Point> sweep, double threshold) {
        if (sweep.isEmpty()) {
            throw new IllegalArgumentException("empty sweep");
        }
        int k = sweep.size() - 1;
        while (k >= 0 && sweep.get(k).efficiency() < threshold) {
            k--;
        }
        if (k < 0) {
            return new Result(sweep.get(0).granularityUs(), Result.Kind.ABOVE);
        }
        if (k == sweep.size() - 1) {
            return new Result(sweep.get(k).granularityUs(), Result.Kind.AT_MOST);
        }
        Point a = sweep.get(k);
        Point b = sweep.get(k + 1);
        double la = Math.log(a.granularityUs());
        double lb = Math.log(b.granularityUs());
        double f = (a.efficiency() - threshold) / (a.efficiency() - b.efficiency());
        return new Result(Math.exp(la + f * (lb - la)), Result.Kind.INTERPOLATED);
    }
}
