package dev.cohort.bench.simulator;

import dev.cohort.examples.calibrate.TraceSpans;
import dev.cohort.simulator.IterationPrediction;
import dev.cohort.simulator.MeasuredCosts;
import dev.cohort.simulator.TaskGraph;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Kernel and analysis rates measured in the loop itself, the simulator suite's second prediction: from shard 0's
 * runtime profile of a job, the time of a point task of each op code (and of the program thread's analysis of a
 * launch) over the {@code K} iterations before the timed ones, over what the calibration predicts for it in the
 * loop's graph. {@code CostModel.withPointScales} and {@code withAnalysisScale} multiply the calibration's times by
 * these factors. This is how FlexFlow's simulator gets its costs (each operator measured on the device, seed 002
 * §5), here measured on the loop's own launches: a loop's kernels read strided pieces (CG's shifted slices), fuse
 * several operations ({@code exp} inside logistic regression's fused launch) and find their data in the last-level
 * cache, and its launches carry more operands and instances, none of which the calibration's one-operation samples
 * over contiguous arrays see.
 *
 * <p>The window ends where the timed iterations start, so no timed iteration's task is an input to its own
 * prediction. It is cut into its iterations by the program thread's analysis spans (one per launch); a rate is the
 * median over those iterations of the iteration's mean, so that one task stalled by a garbage collection or a JIT
 * compilation does not count as a cost of every iteration. Each iteration's part is one of time: where the program
 * runs ahead of its tasks (a Task Bench graph, which blocks only at its end) the tasks in it are those that ran then,
 * not those launches' own.
 */
final class LoopRates {
    private LoopRates() {
    }

    /**
     * One op code's rates: point tasks measured in the window, the median over its iterations of their mean time,
     * and the predicted point tasks and time of one iteration.
     */
    record Rate(int taskId, String name, int measuredTasks, double measuredMeanNanos, int predictedTasks,
                double predictedNanos) {
        /** Measured mean time per point task over the predicted mean. */
        double scale() {
            return measuredMeanNanos / (predictedNanos / predictedTasks);
        }
    }

    /**
     * The program thread's analysis in the window: the launches analysed, the median over iterations of the mean span
     * per launch, and the mean the prediction gives a launch on one shard.
     */
    record Analysis(int measuredLaunches, double measuredMeanNanos, double predictedNanosPerLaunch) {
        double scale() {
            return measuredMeanNanos / predictedNanosPerLaunch;
        }
    }

    /** The window: its analysis spans and the start of each of its iterations (and the end of the last). */
    private record Window(List<TraceSpans.Span> analyses, long[] bounds) {
        int iterations() {
            return bounds.length - 1;
        }
    }

    /**
     * The {@code window} iterations of {@code period} launches before the last {@code timedLaunches} launches.
     *
     * @throws IllegalStateException when the profile has fewer analysis spans than the window needs
     */
    private static Window window(TraceSpans spans, int period, long timedLaunches, int window) {
        List<TraceSpans.Span> analyses = spans.where(s -> s.category().equals(TraceSpans.ANALYSIS));
        long end = analyses.size() - timedLaunches;
        long start = end - (long) window * period;
        if (start < 0 || end >= analyses.size()) {
            throw new IllegalStateException("the profile has " + analyses.size() + " analysis spans; " + timedLaunches
                    + " timed launches and a window of " + window + " iterations of " + period + " launches need "
                    + (timedLaunches + (long) window * period + 1));
        }
        long[] bounds = new long[window + 1];
        for (int j = 0; j <= window; j++) {
            bounds[j] = analyses.get((int) (start + (long) j * period)).startNanos();
        }
        return new Window(analyses.subList((int) start, (int) end), bounds);
    }

    /**
     * The rates of the op codes of a loop whose launches are of op codes {@code taskIds} (by position in an
     * iteration), predicted as {@code p}, from {@code spans} (whose task spans are named by {@code names}, per op
     * code): shard 0's profile of a run whose last {@code timedLaunches} launches were the timed iterations', the
     * window being the {@code window} iterations before them. An op code with no task span in the window, or no
     * predicted time, gets no rate.
     *
     * @throws IllegalStateException when the profile has fewer analysis spans than the window needs
     */
    static List<Rate> measure(TraceSpans spans, Map<Integer, String> names, int[] taskIds, IterationPrediction p,
                              long timedLaunches, int window) {
        int period = taskIds.length;
        Window w = window(spans, period, timedLaunches, window);
        Map<Integer, double[]> predicted = new LinkedHashMap<>(); // task id -> {tasks, ns}
        for (int i = 0; i < period; i++) {
            double[] acc = predicted.computeIfAbsent(taskIds[i], k -> new double[2]);
            acc[0] += p.pointTasks(i);
            acc[1] += p.pointNanos(i);
        }
        List<Rate> out = new ArrayList<>();
        for (Map.Entry<Integer, double[]> e : predicted.entrySet()) {
            String name = names.get(e.getKey());
            if (name == null || e.getValue()[1] <= 0) {
                continue;
            }
            int[] n = new int[w.iterations()];
            double[] ns = new double[w.iterations()];
            int all = 0;
            for (TraceSpans.Span s : spans.of(TraceSpans.TASK, name)) {
                int j = iteration(w.bounds(), s.startNanos());
                if (j >= 0) {
                    n[j]++;
                    ns[j] += s.durNanos();
                    all++;
                }
            }
            if (all > 0) {
                out.add(new Rate(e.getKey(), name, all, medianOfMeans(ns, n), (int) e.getValue()[0], e.getValue()[1]));
            }
        }
        return out;
    }

    /**
     * The program thread's analysis in the window of {@link #measure}, over the mean the prediction {@code p} gives a
     * launch on one shard (its analysis time of an iteration over {@code period} launches and {@code shards} shards,
     * each of which analyses every launch); null when the prediction has no analysis time.
     */
    static Analysis analysis(TraceSpans spans, int period, int shards, IterationPrediction p, long timedLaunches,
                             int window) {
        Window w = window(spans, period, timedLaunches, window);
        int[] n = new int[w.iterations()];
        double[] ns = new double[w.iterations()];
        for (TraceSpans.Span s : w.analyses()) {
            int j = iteration(w.bounds(), s.startNanos());
            if (j >= 0) {
                n[j]++;
                ns[j] += s.durNanos();
            }
        }
        double predicted = p.secondIterationNanos(TaskGraph.Kind.ANALYSIS) / ((double) period * shards);
        return predicted > 0 ? new Analysis(w.analyses().size(), medianOfMeans(ns, n), predicted) : null;
    }

    /**
     * The data collectives that started in the window of {@link #measure}: their count and wall time together, what
     * the strategy search measures of a loop ({@code MeasuredCosts.fitLinks} fits the link latency to their mean).
     */
    static MeasuredCosts collectives(TraceSpans spans, int period, long timedLaunches, int window) {
        Window w = window(spans, period, timedLaunches, window);
        long n = 0;
        long ns = 0;
        for (TraceSpans.Span s : spans.where(x -> x.category().equals(TraceSpans.COLLECTIVE))) {
            if (iteration(w.bounds(), s.startNanos()) >= 0) {
                n++;
                ns += s.durNanos();
            }
        }
        return new MeasuredCosts(n, ns);
    }

    /** The factors of {@code rates} by op code. */
    static Map<Integer, Double> scales(List<Rate> rates) {
        Map<Integer, Double> m = new LinkedHashMap<>();
        for (Rate r : rates) {
            m.put(r.taskId(), r.scale());
        }
        return m;
    }

    /** The iteration of the window a span starting at {@code t} falls in, or -1 outside the window. */
    private static int iteration(long[] bounds, long t) {
        if (t < bounds[0] || t >= bounds[bounds.length - 1]) {
            return -1;
        }
        int j = Arrays.binarySearch(bounds, t);
        return j >= 0 ? j : -j - 2;
    }

    /** The median over iterations with a span of {@code ns[j] / n[j]}. */
    private static double medianOfMeans(double[] ns, int[] n) {
        double[] means = new double[ns.length];
        int k = 0;
        for (int j = 0; j < ns.length; j++) {
            if (n[j] > 0) {
                means[k++] = ns[j] / n[j];
            }
        }
        double[] m = Arrays.copyOf(means, k);
        Arrays.sort(m);
        return k % 2 == 1 ? m[k / 2] : (m[k / 2 - 1] + m[k / 2]) / 2;
    }
}
