package dev.cohort.simulator;

import org.agrona.collections.Long2LongHashMap;

import java.util.Arrays;

/**
 * Algorithm 2 of the seed {@code 002} (FlexFlow's supplement, "Delta Simulation Algorithm"): after one operator's
 * configuration changes, the timeline of the new task graph is obtained from the old one by re-timing only the
 * tasks the change reaches, in the manner of Bellman-Ford: the changed tasks are queued, and a task whose ready or
 * start time changes queues its successors and the task after it on its device ({@code UPDATETASK}).
 *
 * <p>{@code UPDATETASKGRAPH} here is a diff by {@link TaskGraph#key key}: the caller rebuilds the graph of the new
 * strategy (for launches before the changed one the builder produces the same tasks), and every task whose key,
 * device, execution time and predecessors' keys are the old ones keeps its old times as the starting point; new and
 * changed tasks, and tasks whose predecessor on their device is not the old one, are queued. The device order is
 * FIFO by {@code (readyTime, key)} as in {@link FullSimulation}, kept as one sorted array per device; a task whose
 * ready time changes is moved within it ("swap t with other tasks on the device to maintain FIFO", line 23), and
 * the tasks after its old and new places are queued. The queue is a priority queue by ready time, as in the seed
 * (line 2); a change whose re-timing would cost more than {@link #WORK_PER_TASK} units of work per task (a task
 * update, or a place a task is moved by in its device's order) is simulated in full instead (the same timeline): on
 * a 1 024-node CG graph (584 000 tasks) a change that shifts a long device order moved tasks across hundreds of
 * thousands of places each, and one search step took minutes where a full simulation takes about a second.
 * At the fixed point every task satisfies the equations that
 * Algorithm 1's timeline satisfies, so both give the same timeline, bit for bit ({@code DeltaSimulationTest}).
 *
 * <p>A {@code DeltaSimulation} is immutable: {@link #update} returns a new one and leaves this one usable (the
 * strategy search keeps the current state and discards rejected proposals).
 */
public final class DeltaSimulation {
    /**
     * Work per task (task updates plus places moved in device orders) beyond which a change is simulated in full: a
     * full simulation costs about as much as 10-20 updates per task (a heap operation each, and a graph walk).
     */
    static final long WORK_PER_TASK = 16;
    private final TaskGraph graph;
    private final double[] ready;
    private final double[] start;
    private final double[] end;
    /** Per device: its tasks sorted by (ready, key). */
    private final int[][] order;
    private final Timeline timeline;
    private final long updatedTasks;

    private DeltaSimulation(TaskGraph graph, double[] ready, double[] start, double[] end, int[][] order, long updated) {
        this.graph = graph;
        this.ready = ready;
        this.start = start;
        this.end = end;
        this.order = order;
        this.timeline = new Timeline(ready.clone(), start.clone(), end.clone());
        this.updatedTasks = updated;
    }

    /** The state of {@code g} after a full simulation (Algorithm 1). */
    public static DeltaSimulation of(TaskGraph g) {
        Timeline t = FullSimulation.run(g);
        int n = g.size();
        double[] ready = new double[n];
        double[] start = new double[n];
        double[] end = new double[n];
        for (int i = 0; i < n; i++) {
            ready[i] = t.ready(i);
            start[i] = t.start(i);
            end[i] = t.end(i);
        }
        return new DeltaSimulation(g, ready, start, end, sortedOrder(g, ready), n);
    }

    /** The graph simulated. */
    public TaskGraph graph() {
        return graph;
    }

    /** Its timeline. */
    public Timeline timeline() {
        return timeline;
    }

    /** {@code max{t.endTime}} of the timeline, ns. */
    public double makespan() {
        return timeline.makespan();
    }

    /** How many task updates (executions of {@code UPDATETASK}'s body) produced this state; a full simulation counts its tasks. */
    public long updatedTasks() {
        return updatedTasks;
    }

    /**
     * The state of {@code next}, a graph rebuilt after a configuration change, from this one by delta simulation.
     *
     * @throws IllegalArgumentException if {@code next} has a different number of devices
     */
    public DeltaSimulation update(TaskGraph next) {
        if (next.devices() != graph.devices()) {
            throw new IllegalArgumentException("the changed graph has " + next.devices() + " devices, the old one "
                    + graph.devices() + "; the topology must stay the same");
        }
        int n = next.size();
        Long2LongHashMap oldIndex = new Long2LongHashMap(Math.max(16, graph.size() * 2), 0.6f, -1);
        for (int t = 0; t < graph.size(); t++) {
            oldIndex.put(graph.key(t), t);
        }
        double[] r = new double[n];
        double[] s = new double[n];
        double[] e = new double[n];
        int[] old = new int[n];
        boolean[] force = new boolean[n];
        for (int t = 0; t < n; t++) {
            int o = (int) oldIndex.get(next.key(t));
            old[t] = o;
            if (o >= 0) {
                r[t] = ready[o];
                s[t] = start[o];
                e[t] = end[o];
                force[t] = graph.device(o) != next.device(t) || graph.exeTime(o) != next.exeTime(t)
                        || !samePredecessors(graph, o, next, t);
            } else {
                double rr = 0;
                for (int p : next.preds(t)) {
                    rr = Math.max(rr, e[p]);
                }
                r[t] = rr;
                s[t] = rr;
                e[t] = rr + next.exeTime(t);
                force[t] = true;
            }
        }
        int[][] ord = mergedOrder(next, r, old);
        int[] pos = new int[n];
        for (int d = 0; d < ord.length; d++) {
            for (int i = 0; i < ord[d].length; i++) {
                int t = ord[d][i];
                pos[t] = i;
                int prev = i == 0 ? -1 : ord[d][i - 1];
                int oldPrev = old[t] < 0 ? -2 : previousOnDevice(old[t]);
                long prevKey = prev < 0 ? Long.MIN_VALUE : next.key(prev);
                long oldPrevKey = oldPrev == -1 ? Long.MIN_VALUE : oldPrev == -2 ? Long.MAX_VALUE : graph.key(oldPrev);
                if (prevKey != oldPrevKey) {
                    force[t] = true;
                }
            }
        }
        Propagation p = new Propagation(next, r, s, e, ord, pos, force);
        long updates = p.run();
        if (updates < 0) {
            // the change reached too far for re-timing to pay (more than WORK_PER_TASK per task): simulate in
            // full, which gives the same timeline
            DeltaSimulation full = of(next);
            return new DeltaSimulation(next, full.ready, full.start, full.end, full.order,
                    WORK_PER_TASK * Math.max(1, next.size()) + 1024 + next.size());
        }
        return new DeltaSimulation(next, r, s, e, ord, updates);
    }

    /** The task before old task {@code t} on its device, or -1. */
    private int previousOnDevice(int t) {
        int[] o = order[graph.device(t)];
        int i = positionOf(o, t);
        return i == 0 ? -1 : o[i - 1];
    }

    private int positionOf(int[] o, int t) {
        // binary search on (ready, key): the array is sorted by it
        int lo = 0;
        int hi = o.length - 1;
        while (lo <= hi) {
            int m = (lo + hi) >>> 1;
            int c = compare(graph, ready, o[m], t);
            if (c < 0) {
                lo = m + 1;
            } else if (c > 0) {
                hi = m - 1;
            } else {
                return m;
            }
        }
        throw new IllegalStateException("task " + t + " missing from its device's order");
    }

    private static boolean samePredecessors(TaskGraph a, int ta, TaskGraph b, int tb) {
        int[] pa = a.preds(ta);
        int[] pb = b.preds(tb);
        if (pa.length != pb.length) {
            return false;
        }
        long[] ka = new long[pa.length];
        long[] kb = new long[pb.length];
        for (int i = 0; i < pa.length; i++) {
            ka[i] = a.key(pa[i]);
            kb[i] = b.key(pb[i]);
        }
        Arrays.sort(ka);
        Arrays.sort(kb);
        return Arrays.equals(ka, kb);
    }

    /**
     * The new graph's device orders: each device's surviving old tasks in their old order (sorted, since their
     * provisional ready times are their old ones), with the new tasks merged in at their sorted places.
     */
    private int[][] mergedOrder(TaskGraph next, double[] r, int[] old) {
        int devices = next.devices();
        int[] count = new int[devices];
        for (int t = 0; t < next.size(); t++) {
            count[next.device(t)]++;
        }
        int[] newIndexOfOld = new int[graph.size()];
        Arrays.fill(newIndexOfOld, -1);
        int[] fresh = new int[devices];
        for (int t = 0; t < next.size(); t++) {
            if (old[t] >= 0 && graph.device(old[t]) == next.device(t)) {
                newIndexOfOld[old[t]] = t;
            } else {
                fresh[next.device(t)]++;
            }
        }
        int[][] freshLists = new int[devices][];
        for (int d = 0; d < devices; d++) {
            freshLists[d] = new int[fresh[d]];
            fresh[d] = 0;
        }
        for (int t = 0; t < next.size(); t++) {
            if (!(old[t] >= 0 && graph.device(old[t]) == next.device(t))) {
                freshLists[next.device(t)][fresh[next.device(t)]++] = t;
            }
        }
        int[][] ord = new int[devices][];
        for (int d = 0; d < devices; d++) {
            int[] kept = new int[count[d]];
            int k = 0;
            for (int o : order[d]) {
                int t = newIndexOfOld[o];
                if (t >= 0) {
                    kept[k++] = t;
                }
            }
            int[] f = sortByReadyKey(next, r, freshLists[d]);
            int[] merged = new int[count[d]];
            int i = 0;
            int j = 0;
            int m = 0;
            while (i < k || j < f.length) {
                if (j == f.length || (i < k && compare(next, r, kept[i], f[j]) < 0)) {
                    merged[m++] = kept[i++];
                } else {
                    merged[m++] = f[j++];
                }
            }
            ord[d] = merged;
        }
        return ord;
    }

    private static int[] sortByReadyKey(TaskGraph g, double[] r, int[] tasks) {
        Integer[] boxed = new Integer[tasks.length];
        for (int i = 0; i < tasks.length; i++) {
            boxed[i] = tasks[i];
        }
        Arrays.sort(boxed, (a, b) -> compare(g, r, a, b));
        int[] out = new int[tasks.length];
        for (int i = 0; i < tasks.length; i++) {
            out[i] = boxed[i];
        }
        return out;
    }

    static int[][] sortedOrder(TaskGraph g, double[] r) {
        int[] count = new int[g.devices()];
        for (int t = 0; t < g.size(); t++) {
            count[g.device(t)]++;
        }
        int[][] lists = new int[g.devices()][];
        for (int d = 0; d < lists.length; d++) {
            lists[d] = new int[count[d]];
            count[d] = 0;
        }
        for (int t = 0; t < g.size(); t++) {
            lists[g.device(t)][count[g.device(t)]++] = t;
        }
        for (int d = 0; d < lists.length; d++) {
            lists[d] = sortByReadyKey(g, r, lists[d]);
        }
        return lists;
    }

    static int compare(TaskGraph g, double[] r, int a, int b) {
        int c = Double.compare(r[a], r[b]);
        return c != 0 ? c : Long.compare(g.key(a), g.key(b));
    }

    /** The update loop of Algorithm 2 (lines 6-18) over one new graph. */
    private static final class Propagation {
        private final TaskGraph g;
        private final double[] r;
        private final double[] s;
        private final double[] e;
        private final int[][] ord;
        private final int[] pos;
        private final boolean[] force;
        private final boolean[] queued;
        private final double[] queuedAt;
        /** The update queue of line 2: a binary min-heap of (ready time when pushed, key, task); stale entries are skipped. */
        private double[] heapReady = new double[64];
        private long[] heapKey = new long[64];
        private int[] heapTask = new int[64];
        private int size;

        Propagation(TaskGraph g, double[] r, double[] s, double[] e, int[][] ord, int[] pos, boolean[] force) {
            this.g = g;
            this.r = r;
            this.s = s;
            this.e = e;
            this.ord = ord;
            this.pos = pos;
            this.force = force;
            this.queued = new boolean[g.size()];
            this.queuedAt = new double[g.size()];
        }

        /** Task updates and places moved so far (the work the limit of {@link #run} bounds). */
        private long work;

        /** Runs the loop; the number of task updates, or -1 when it passed its limit (the caller then simulates in full). */
        long run() {
            for (int t = 0; t < g.size(); t++) {
                if (force[t]) {
                    push(t);
                }
            }
            long updates = 0;
            long limit = WORK_PER_TASK * Math.max(1, g.size()) + 1024;
            while (size > 0) {
                double at = heapReady[0];
                int t = heapTask[0];
                pop();
                if (!queued[t] || at != queuedAt[t]) {
                    continue;   // a stale entry: t was queued again earlier, or already updated
                }
                queued[t] = false;
                updates++;
                if (++work > limit) {
                    return -1;
                }
                updateTask(t);
            }
            return updates;
        }

        /** UPDATETASK (lines 21-30) plus the pushes of lines 10-17 when it reports a change. */
        private void updateTask(int t) {
            double rr = 0;
            for (int p : g.preds(t)) {
                rr = Math.max(rr, e[p]);
            }
            boolean changed = force[t];
            force[t] = false;
            if (rr != r[t]) {
                int d = g.device(t);
                int oldNext = pos[t] + 1 < ord[d].length ? ord[d][pos[t] + 1] : -1;
                r[t] = rr;
                reposition(t);
                if (oldNext >= 0) {
                    push(oldNext);
                }
                changed = true;
            }
            int d = g.device(t);
            int prev = pos[t] == 0 ? -1 : ord[d][pos[t] - 1];
            double ss = Math.max(r[t], prev < 0 ? 0 : e[prev]);
            double ee = ss + g.exeTime(t);
            if (ss != s[t] || ee != e[t]) {
                s[t] = ss;
                e[t] = ee;
                changed = true;
            }
            if (changed) {
                for (int n : g.succs(t)) {
                    push(n);
                }
                if (pos[t] + 1 < ord[d].length) {
                    push(ord[d][pos[t] + 1]);
                }
            }
        }

        /** Moves {@code t} within its device's order to its place by (ready, key). */
        private void reposition(int t) {
            int[] o = ord[g.device(t)];
            int i = pos[t];
            int from = i;
            while (i > 0 && compare(g, r, o[i - 1], t) > 0) {
                o[i] = o[i - 1];
                pos[o[i]] = i;
                i--;
            }
            while (i + 1 < o.length && compare(g, r, o[i + 1], t) < 0) {
                o[i] = o[i + 1];
                pos[o[i]] = i;
                i++;
            }
            o[i] = t;
            pos[t] = i;
            work += Math.abs(i - from);
        }

        /** Queues {@code t} by its current ready time, unless it is queued at an earlier or equal one already. */
        private void push(int t) {
            double at = r[t];
            if (queued[t] && queuedAt[t] <= at) {
                return;
            }
            queued[t] = true;
            queuedAt[t] = at;
            if (size == heapTask.length) {
                heapReady = java.util.Arrays.copyOf(heapReady, size * 2);
                heapKey = java.util.Arrays.copyOf(heapKey, size * 2);
                heapTask = java.util.Arrays.copyOf(heapTask, size * 2);
            }
            int i = size++;
            heapReady[i] = at;
            heapKey[i] = g.key(t);
            heapTask[i] = t;
            while (i > 0) {
                int p = (i - 1) >>> 1;
                if (!less(i, p)) {
                    break;
                }
                swap(i, p);
                i = p;
            }
        }

        private void pop() {
            size--;
            if (size == 0) {
                return;
            }
            heapReady[0] = heapReady[size];
            heapKey[0] = heapKey[size];
            heapTask[0] = heapTask[size];
            int i = 0;
            while (true) {
                int l = 2 * i + 1;
                if (l >= size) {
                    break;
                }
                int m = l + 1 < size && less(l + 1, l) ? l + 1 : l;
                if (!less(m, i)) {
                    break;
                }
                swap(i, m);
                i = m;
            }
        }

        private boolean less(int a, int b) {
            return heapReady[a] < heapReady[b] || (heapReady[a] == heapReady[b] && heapKey[a] < heapKey[b]);
        }

        private void swap(int a, int b) {
            double r0 = heapReady[a];
            heapReady[a] = heapReady[b];
            heapReady[b] = r0;
            long k0 = heapKey[a];
            heapKey[a] = heapKey[b];
            heapKey[b] = k0;
            int t0 = heapTask[a];
            heapTask[a] = heapTask[b];
            heapTask[b] = t0;
        }
    }
}
