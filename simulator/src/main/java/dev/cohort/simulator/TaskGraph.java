package dev.cohort.simulator;

import java.util.Arrays;

/**
 * A task graph (FlexFlow §5.1, the seed {@code 002}: 𝒯 with 𝓘(t) and 𝒪(t)): tasks, each bound to one device
 * of a {@link Topology} with an execution time, and dependences between them. Point tasks, runtime analysis,
 * transfers and collective steps are all tasks; a network link or a shard's program thread is a device like a
 * processor. Immutable once {@link Builder#build built}.
 *
 * <p>Every task has a {@link #key} unique in its graph and stable across graphs built from the same launches:
 * the delta simulation ({@link DeltaSimulation}) matches the tasks of a changed graph to the old ones by key,
 * and both simulations break ties of equal ready times by key, so both give the same timeline.
 *
 * <p>Execution times are in nanoseconds and strictly positive (a zero-time task would let a successor become
 * ready at the same instant as its predecessor, and the FIFO order per device would then depend on the order
 * of discovery rather than on ready times).
 */
public final class TaskGraph {
    /** What a task stands for (printing and the summaries of {@link Timeline}). */
    public enum Kind {
        /** A point task of a launch on a processor. */
        POINT,
        /** A shard's program thread analysing a launch (coarse and fine stage). */
        ANALYSIS,
        /** Bytes moved between two shards (or two memories) over a link. */
        TRANSFER,
        /** One step (one round, one peer) of a collective over a link. */
        COLLECTIVE
    }

    private final int devices;
    private final int[] device;
    private final double[] exe;
    private final long[] key;
    private final Kind[] kind;
    private final int[] launch;
    private final long[] bytes;
    private final int[][] preds;
    private final int[][] succs;

    private TaskGraph(Builder b) {
        int n = b.n;
        this.devices = b.devices;
        this.device = Arrays.copyOf(b.device, n);
        this.exe = Arrays.copyOf(b.exe, n);
        this.key = Arrays.copyOf(b.key, n);
        this.kind = Arrays.copyOf(b.kind, n);
        this.launch = Arrays.copyOf(b.launch, n);
        this.bytes = Arrays.copyOf(b.bytes, n);
        int[] inDeg = new int[n];
        int[] outDeg = new int[n];
        for (int e = 0; e < b.edges; e++) {
            outDeg[b.from[e]]++;
            inDeg[b.to[e]]++;
        }
        this.preds = new int[n][];
        this.succs = new int[n][];
        for (int t = 0; t < n; t++) {
            preds[t] = new int[inDeg[t]];
            succs[t] = new int[outDeg[t]];
        }
        int[] pi = new int[n];
        int[] si = new int[n];
        for (int e = 0; e < b.edges; e++) {
            int f = b.from[e];
            int t = b.to[e];
            succs[f][si[f]++] = t;
            preds[t][pi[t]++] = f;
        }
        for (int t = 0; t < n; t++) {
            dedup(t, true);
            dedup(t, false);
        }
    }

    private void dedup(int t, boolean pred) {
        int[] a = pred ? preds[t] : succs[t];
        if (a.length < 2) {
            return;
        }
        int[] s = a.clone();
        Arrays.sort(s);
        int m = 1;
        for (int i = 1; i < s.length; i++) {
            if (s[i] != s[m - 1]) {
                s[m++] = s[i];
            }
        }
        int[] r = Arrays.copyOf(s, m);
        if (pred) {
            preds[t] = r;
        } else {
            succs[t] = r;
        }
    }

    /** A builder for a graph over {@code devices} devices (numbered as the {@link Topology} numbers them). */
    public static Builder builder(int devices) {
        return new Builder(devices);
    }

    /** Number of tasks. */
    public int size() {
        return device.length;
    }

    /** Number of devices the tasks may run on. */
    public int devices() {
        return devices;
    }

    /** The device task {@code t} runs on. */
    public int device(int t) {
        return device[t];
    }

    /** Task {@code t}'s execution time in nanoseconds (> 0). */
    public double exeTime(int t) {
        return exe[t];
    }

    /** Task {@code t}'s key: unique in this graph, the same for the same task in a graph rebuilt after a change. */
    public long key(int t) {
        return key[t];
    }

    public Kind kind(int t) {
        return kind[t];
    }

    /** The index of the launch task {@code t} belongs to (its position in the simulated sequence), or -1. */
    public int launch(int t) {
        return launch[t];
    }

    /** Bytes a transfer or collective step moves (0 for other tasks). */
    public long bytes(int t) {
        return bytes[t];
    }

    /** 𝓘(t): the tasks {@code t} waits for (sorted, no duplicates; do not modify). */
    public int[] preds(int t) {
        return preds[t];
    }

    /** 𝒪(t): the tasks that wait for {@code t} (sorted, no duplicates; do not modify). */
    public int[] succs(int t) {
        return succs[t];
    }

    /** Appends tasks and dependences; task indices are in order of {@link #task} calls. */
    public static final class Builder {
        private final int devices;
        private int n;
        private int[] device = new int[64];
        private double[] exe = new double[64];
        private long[] key = new long[64];
        private Kind[] kind = new Kind[64];
        private int[] launch = new int[64];
        private long[] bytes = new long[64];
        private int edges;
        private int[] from = new int[64];
        private int[] to = new int[64];

        private Builder(int devices) {
            if (devices < 1) {
                throw new IllegalArgumentException("a task graph needs at least one device, got " + devices);
            }
            this.devices = devices;
        }

        /**
         * Adds a task; returns its index.
         *
         * @throws IllegalArgumentException if the device is out of range or the time is not positive and finite
         */
        public int task(long key, Kind kind, int device, double exeNanos, int launch, long bytes) {
            if (device < 0 || device >= devices) {
                throw new IllegalArgumentException("device " + device + " out of range [0, " + devices + ")");
            }
            if (!(exeNanos > 0) || Double.isInfinite(exeNanos)) {
                throw new IllegalArgumentException("task " + key + " (" + kind + "): execution time must be positive "
                        + "and finite, got " + exeNanos + " ns");
            }
            if (n == this.device.length) {
                int c = n * 2;
                this.device = Arrays.copyOf(this.device, c);
                this.exe = Arrays.copyOf(this.exe, c);
                this.key = Arrays.copyOf(this.key, c);
                this.kind = Arrays.copyOf(this.kind, c);
                this.launch = Arrays.copyOf(this.launch, c);
                this.bytes = Arrays.copyOf(this.bytes, c);
            }
            this.device[n] = device;
            this.exe[n] = exeNanos;
            this.key[n] = key;
            this.kind[n] = kind;
            this.launch[n] = launch;
            this.bytes[n] = bytes;
            return n++;
        }

        /** Adds a task outside any launch moving no bytes. */
        public int task(long key, Kind kind, int device, double exeNanos) {
            return task(key, kind, device, exeNanos, -1, 0);
        }

        /**
         * {@code after} waits for {@code before}.
         *
         * @throws IllegalArgumentException if either index is not a task, or {@code before >= after} (tasks are
         *                                  added in a topological order, so the graph has no cycle)
         */
        public Builder edge(int before, int after) {
            if (before < 0 || after >= n || before >= after) {
                throw new IllegalArgumentException("edge " + before + " -> " + after + ": tasks must exist and be added "
                        + "before the tasks that wait for them (" + n + " tasks)");
            }
            if (edges == from.length) {
                from = Arrays.copyOf(from, edges * 2);
                to = Arrays.copyOf(to, edges * 2);
            }
            from[edges] = before;
            to[edges] = after;
            edges++;
            return this;
        }

        /** Tasks added so far. */
        public int size() {
            return n;
        }

        /**
         * The graph.
         *
         * @throws IllegalArgumentException if two tasks share a key
         */
        public TaskGraph build() {
            long[] k = Arrays.copyOf(key, n);
            Arrays.sort(k);
            for (int i = 1; i < n; i++) {
                if (k[i] == k[i - 1]) {
                    throw new IllegalArgumentException("two tasks have key " + k[i]);
                }
            }
            return new TaskGraph(this);
        }
    }
}
