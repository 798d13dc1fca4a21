package dev.cohort.simulator;

import dev.cohort.partitioner.LaunchRecord;

import java.util.BitSet;
import java.util.List;

/**
 * The simulated steady-state time of one loop iteration from two recorded iterations, as the strategy search
 * computes it ({@link Search#iterationNanos}), for launches recorded from a real run (the accuracy table of issue 16,
 * {@code bin/cohort simulate}): the task graph of both iterations with the strategies they were issued with
 * ({@link GraphBuilder}), a full simulation ({@link FullSimulation}), and the time the second iteration adds — the
 * makespan minus the last end of a task of the first iteration, at least the busiest device's work in it
 * ({@link #steadyNanos}).
 *
 * @param iterationNanos  the steady-state iteration time, ns
 * @param makespanNanos   the makespan of both iterations, ns
 * @param tasks           tasks of the graph (both iterations)
 * @param secondByKind    per {@link TaskGraph.Kind} (by ordinal), the summed execution time of the second iteration's
 *                        tasks, ns (device time, not wall time: tasks on different devices overlap)
 * @param pointsByLaunch  per launch of the second iteration (by its position in the iteration), the summed execution
 *                        time of its point tasks (with the gathers they pay), ns: what a profile's task spans of that
 *                        launch should add up to
 * @param pointTasksByLaunch per launch of the second iteration, its point tasks in the graph (a one-point launch of
 *                        Replicated stores has one on every shard)
 */
public record IterationPrediction(double iterationNanos, double makespanNanos, int tasks, double[] secondByKind,
                                  double[] pointsByLaunch, int[] pointTasksByLaunch) {
    public IterationPrediction {
        secondByKind = secondByKind.clone();
        pointsByLaunch = pointsByLaunch.clone();
        pointTasksByLaunch = pointTasksByLaunch.clone();
    }

    /**
     * Predicts the iteration time of the loop whose two iterations are {@code two} ({@code 2 * period} launches).
     *
     * @param blockAfter launches after which the program blocks on a value (see {@link #blockingLaunches})
     * @throws IllegalArgumentException when {@code two} does not hold two iterations of {@code period} launches
     */
    public static IterationPrediction of(List<LaunchRecord> two, int period, CostModel cost, BitSet blockAfter) {
        if (period < 1 || two.size() != 2 * period) {
            throw new IllegalArgumentException("need two iterations of " + period + " launches, got " + two.size()
                    + " launches");
        }
        TaskGraph g = GraphBuilder.build(two, cost, blockAfter);
        Timeline t = FullSimulation.run(g);
        double[] byKind = new double[TaskGraph.Kind.values().length];
        double[] byLaunch = new double[period];
        int[] tasksByLaunch = new int[period];
        for (int i = 0; i < g.size(); i++) {
            if (g.launch(i) >= period) {
                byKind[g.kind(i).ordinal()] += g.exeTime(i);
                if (g.kind(i) == TaskGraph.Kind.POINT) {
                    byLaunch[g.launch(i) - period] += g.exeTime(i);
                    tasksByLaunch[g.launch(i) - period]++;
                }
            }
        }
        return new IterationPrediction(steadyNanos(g, t, period), t.makespan(), g.size(), byKind, byLaunch,
                tasksByLaunch);
    }

    /**
     * The steady-state time of one iteration from the timeline {@code t} of two ({@code g}'s launches below
     * {@code period} are the first): the time the second adds, the makespan minus the last end of a task of the
     * first; but never less than the busiest device's work in the second iteration (the summed execution times of
     * its tasks there), since in the steady state every iteration does that work on that device. The bound matters
     * where the second iteration starts before the first has ended (a shard whose program runs ahead into the next
     * iteration while another still finishes a collective): the difference of ends then shrinks towards 0 though
     * the work per iteration did not.
     */
    public static double steadyNanos(TaskGraph g, Timeline t, int period) {
        double first = 0;
        double[] busy = new double[g.devices()];
        for (int i = 0; i < g.size(); i++) {
            if (g.launch(i) < period) {
                first = Math.max(first, t.end(i));
            } else {
                busy[g.device(i)] += g.exeTime(i);
            }
        }
        double busiest = 0;
        for (double b : busy) {
            busiest = Math.max(busiest, b);
        }
        return Math.max(t.makespan() - first, busiest);
    }

    /**
     * The launches after which a program that reads a value each iteration blocks: per iteration, the last launch
     * that makes a value (a folded result, or a reduction through Replicated), as {@link SearchAdvisor} assumes.
     */
    public static BitSet blockingLaunches(List<LaunchRecord> two, int period) {
        return SearchAdvisor.blockingLaunches(two, period);
    }

    /** Launch {@code period - 1} and {@code 2 * period - 1}: the program blocks at the end of every iteration. */
    public static BitSet lastOfEachIteration(int period) {
        BitSet b = new BitSet();
        b.set(period - 1);
        b.set(2 * period - 1);
        return b;
    }

    /** The summed execution time of the point tasks of launch {@code position} of the second iteration, ns. */
    public double pointNanos(int position) {
        return pointsByLaunch[position];
    }

    /** The point tasks of launch {@code position} of the second iteration in the graph. */
    public int pointTasks(int position) {
        return pointTasksByLaunch[position];
    }

    /** The summed execution time of the second iteration's tasks of {@code kind}, ns. */
    public double secondIterationNanos(TaskGraph.Kind kind) {
        return secondByKind[kind.ordinal()];
    }
}
