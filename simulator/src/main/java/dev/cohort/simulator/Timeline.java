package dev.cohort.simulator;

import java.util.Arrays;

/**
 * The result of simulating a {@link TaskGraph}: each task's ready, start and end time (nanoseconds from the start
 * of the simulated sequence) and the makespan, {@code max{t.endTime}} (the return value of the seed's Algorithms 1
 * and 2).
 */
public final class Timeline {
    private final double[] ready;
    private final double[] start;
    private final double[] end;
    private final double makespan;

    Timeline(double[] ready, double[] start, double[] end) {
        this.ready = ready;
        this.start = start;
        this.end = end;
        double m = 0;
        for (double e : end) {
            m = Math.max(m, e);
        }
        this.makespan = m;
    }

    /** Number of tasks. */
    public int size() {
        return end.length;
    }

    /** When all of task {@code t}'s predecessors had ended (ns). */
    public double ready(int t) {
        return ready[t];
    }

    /** When task {@code t} started on its device: {@code max(ready, end of the device's previous task)} (ns). */
    public double start(int t) {
        return start[t];
    }

    /** When task {@code t} ended: {@code start + exeTime} (ns). */
    public double end(int t) {
        return end[t];
    }

    /** {@code max{t.endTime}}: the simulated time of the whole graph (ns). */
    public double makespan() {
        return makespan;
    }

    /** Busy time per device (sum of its tasks' execution times), in ns. */
    public double[] busy(TaskGraph g) {
        double[] b = new double[g.devices()];
        for (int t = 0; t < g.size(); t++) {
            b[g.device(t)] += g.exeTime(t);
        }
        return b;
    }

    /** Total execution time per {@link TaskGraph.Kind}, in ns (indexed by ordinal). */
    public double[] timeByKind(TaskGraph g) {
        double[] b = new double[TaskGraph.Kind.values().length];
        for (int t = 0; t < g.size(); t++) {
            b[g.kind(t).ordinal()] += g.exeTime(t);
        }
        return b;
    }

    /**
     * True when both timelines give every task the same ready, start and end time, bit for bit (full and delta
     * simulation must).
     */
    public boolean sameAs(Timeline o) {
        return Arrays.equals(ready, o.ready) && Arrays.equals(start, o.start) && Arrays.equals(end, o.end);
    }

    /** The first task whose times differ from {@code o}'s, or -1 (for test messages). */
    public int firstDifference(Timeline o) {
        int n = Math.min(size(), o.size());
        for (int t = 0; t < n; t++) {
            if (ready[t] != o.ready[t] || start[t] != o.start[t] || end[t] != o.end[t]) {
                return t;
            }
        }
        return size() == o.size() ? -1 : n;
    }

    @Override
    public String toString() {
        return "Timeline[" + size() + " tasks, makespan " + makespan + " ns]";
    }
}
