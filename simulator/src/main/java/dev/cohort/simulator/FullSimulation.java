package dev.cohort.simulator;

/**
 * Algorithm 1 of the seed {@code 002} (FlexFlow's supplement, "Full Simulation Algorithm"): tasks whose
 * predecessors have all completed are kept in a priority queue ordered by ready time and dequeued in that order;
 * each starts at {@code max(readyTime, end of the last task on its device)} and ends {@code exeTime} later, and
 * makes its successors' ready time at least its end. Ties of equal ready time dequeue in increasing
 * {@link TaskGraph#key key}, so the order of tasks on a device — FIFO by ready time (the seed's assumption A3) —
 * is the same in {@link DeltaSimulation}.
 *
 * <p>Cost: O(|T| log |T| + |E|) for |T| tasks and |E| dependences.
 */
public final class FullSimulation {
    private FullSimulation() {
    }

    /** Simulates {@code g}; returns the timeline whose makespan is {@code max{t.endTime}}. */
    public static Timeline run(TaskGraph g) {
        int n = g.size();
        double[] ready = new double[n];
        double[] start = new double[n];
        double[] end = new double[n];
        int[] waiting = new int[n];
        double[] deviceFree = new double[g.devices()];
        TaskHeap queue = new TaskHeap(g, ready, Math.max(16, n));
        for (int t = 0; t < n; t++) {
            waiting[t] = g.preds(t).length;
            if (waiting[t] == 0) {
                queue.add(t);
            }
        }
        int done = 0;
        while (!queue.isEmpty()) {
            int t = queue.poll();
            int d = g.device(t);
            start[t] = Math.max(ready[t], deviceFree[d]);
            end[t] = start[t] + g.exeTime(t);
            deviceFree[d] = end[t];
            done++;
            for (int s : g.succs(t)) {
                ready[s] = Math.max(ready[s], end[t]);
                if (--waiting[s] == 0) {
                    queue.add(s);
                }
            }
        }
        if (done != n) {
            throw new IllegalStateException("task graph has a cycle: " + (n - done) + " of " + n + " tasks never became ready");
        }
        return new Timeline(ready, start, end);
    }
}
