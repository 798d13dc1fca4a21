package dev.cohort.bench;

import java.util.Arrays;

/** Summaries of timing samples: nearest-rank percentiles, so every reported value is one that was measured. */
public final class Stats {
    private Stats() {
    }

    /** Median, p99, mean, minimum and maximum of a set of samples (nanoseconds, or any unit). */
    public record Summary(int count, long median, long p99, double mean, long min, long max) {
    }

    /**
     * The nearest-rank {@code p}-th percentile of {@code sorted} (ascending): the smallest sample such that at
     * least {@code p} percent of the samples are {@code <=} it, i.e. {@code sorted[ceil(p/100 * n) - 1]}.
     *
     * @throws IllegalArgumentException if {@code sorted} is empty or {@code p} is outside {@code (0, 100]}
     */
    public static long percentile(long[] sorted, double p) {
        if (sorted.length == 0) {
            throw new IllegalArgumentException("no samples");
        }
        if (!(p > 0 && p <= 100)) {
            throw new IllegalArgumentException("percentile must be in (0, 100], was " + p);
        }
        int rank = (int) Math.ceil(p / 100.0 * sorted.length);
        return sorted[Math.max(1, Math.min(rank, sorted.length)) - 1];
    }

    /** The summary of {@code samples} (not modified); the median is the nearest-rank 50th percentile. */
    public static Summary summarize(long[] samples) {
        long[] sorted = samples.clone();
        Arrays.sort(sorted);
        double sum = 0;
        for (long s : sorted) {
            sum += s;
        }
        return new Summary(sorted.length, percentile(sorted, 50), percentile(sorted, 99), sum / sorted.length,
                sorted[0], sorted[sorted.length - 1]);
    }

    /** The median of {@code values} (not modified): the middle one, or the mean of the two middle ones. */
    public static double median(double[] values) {
        if (values.length == 0) {
            throw new IllegalArgumentException("no values");
        }
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        int n = sorted.length;
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    }

    /** Throughput in MB/s (10^6 bytes per second) of {@code bytes} moved in {@code nanos}. */
    /**
     * Prints the latencies of one job as {@code prefix.key=value} lines on standard output, as the shard mains report
     * to the parent: processes, iterations, median, p99, mean, min, max, p90, p99.9 (ns) and how many took over 1 ms.
     */
    public static void printLatencies(String prefix, int processes, long[] latencies) {
        Summary s = summarize(latencies);
        long[] sorted = latencies.clone();
        java.util.Arrays.sort(sorted);
        long slow = java.util.Arrays.stream(latencies).filter(v -> v > 1_000_000).count();
        System.out.println(prefix + ".processes=" + processes);
        System.out.println(prefix + ".iterations=" + s.count());
        System.out.println(prefix + ".median_ns=" + s.median());
        System.out.println(prefix + ".p99_ns=" + s.p99());
        System.out.println(prefix + ".mean_ns=" + Math.round(s.mean()));
        System.out.println(prefix + ".min_ns=" + s.min());
        System.out.println(prefix + ".max_ns=" + s.max());
        System.out.println(prefix + ".p90_ns=" + percentile(sorted, 90));
        System.out.println(prefix + ".p999_ns=" + percentile(sorted, 99.9));
        System.out.println(prefix + ".over_1ms=" + slow);
    }

    public static double megabytesPerSecond(long bytes, long nanos) {
        if (nanos <= 0) {
            throw new IllegalArgumentException("elapsed time must be positive, was " + nanos + " ns");
        }
        return bytes * 1e3 / nanos;
    }
}
