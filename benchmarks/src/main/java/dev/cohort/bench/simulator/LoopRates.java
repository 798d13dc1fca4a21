package dev.cohort.bench.simulator;

import dev.cohort.examples.calibrate.TraceSpans;
import dev.cohort.simulator.IterationPrediction;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Kernel rates measured in the loop itself, the simulator suite's second prediction: from shard 0's runtime profile
 * of a job, the mean time of a point task of each op code over the {@code K} iterations before the timed ones, over
 * the mean the calibration predicts for that op code's point tasks in the loop's graph. {@code CostModel.withPointScales}
 * multiplies the calibration's kernel times by these factors. This is how FlexFlow's simulator gets its costs (each
 * operator measured on the device, seed 002 §5), here measured on the loop's own launches: a loop's kernels read
 * strided pieces (CG's shifted slices), fuse several operations ({@code exp} inside logistic regression's fused
 * launch) and find their data in the last-level cache, none of which the calibration's one-operation samples over
 * contiguous arrays see. The window ends where the timed iterations start, so no timed iteration's task is an input
 * to its own prediction. The window is one of time, between the program thread's analysis of its first and last
 * launch: where the program runs ahead of its tasks (a Task Bench graph, which blocks only at its end) the tasks in it
 * are those that ran then, not those launches' own.
 */
final class LoopRates {
    private LoopRates() {
    }

    /** One op code's rates: measured point tasks and time in the window, predicted point tasks and time per iteration. */
    record Rate(int taskId, String name, int measuredTasks, double measuredNanos, int predictedTasks, double predictedNanos) {
        /** Measured mean time per point task over the predicted mean. */
        double scale() {
            return (measuredNanos / measuredTasks) / (predictedNanos / predictedTasks);
        }
    }

    /**
     * The rates of the op codes of a loop whose launches are of op codes {@code taskIds} (by position in an
     * iteration), predicted as {@code p}, from {@code spans} (whose task spans are named by {@code names}, per op code): shard 0's profile of a run whose last {@code timedLaunches}
     * launches were the timed iterations', the window being the {@code window} iterations before them (marked by the
     * program thread's analysis spans, one per launch). An op code with no task span in the window, or no predicted
     * time, gets no rate.
     *
     * @throws IllegalStateException when the profile has fewer analysis spans than the window needs
     */
    static List<Rate> measure(TraceSpans spans, Map<Integer, String> names, int[] taskIds, IterationPrediction p,
                              long timedLaunches, int window) {
        int period = taskIds.length;
        List<TraceSpans.Span> analyses = spans.where(s -> s.category().equals(TraceSpans.ANALYSIS));
        long end = analyses.size() - timedLaunches;
        long start = end - (long) window * period;
        if (start < 0 || end >= analyses.size()) {
            throw new IllegalStateException("the profile has " + analyses.size() + " analysis spans; " + timedLaunches
                    + " timed launches and a window of " + window + " iterations of " + period + " launches need "
                    + (timedLaunches + (long) window * period + 1));
        }
        long t0 = analyses.get((int) start).startNanos();
        long t1 = analyses.get((int) end).startNanos();
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
            int n = 0;
            double ns = 0;
            for (TraceSpans.Span s : spans.of(TraceSpans.TASK, name)) {
                if (s.startNanos() >= t0 && s.startNanos() < t1) {
                    n++;
                    ns += s.durNanos();
                }
            }
            if (n > 0) {
                out.add(new Rate(e.getKey(), name, n, ns, (int) e.getValue()[0], e.getValue()[1]));
            }
        }
        return out;
    }

    /** The factors of {@code rates} by op code. */
    static Map<Integer, Double> scales(List<Rate> rates) {
        Map<Integer, Double> m = new LinkedHashMap<>();
        for (Rate r : rates) {
            m.put(r.taskId(), r.scale());
        }
        return m;
    }
}
