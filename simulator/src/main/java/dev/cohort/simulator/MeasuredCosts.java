package dev.cohort.simulator;

import dev.cohort.partitioner.LaunchRecord;
import dev.cohort.runtime.Runtime;
import dev.cohort.runtime.RuntimeStats;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.BitSet;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Supplier;

/**
 * Costs the running program measured of itself, as the strategy search reads them, FlexFlow's way of costing an
 * operator by measuring it on the device (seed 002 §5): shard 0's data collectives completed so far and their
 * wall-clock time together ({@link RuntimeStats#collectivesCompleted()}, {@link RuntimeStats#collectiveNanos()}: each
 * from shard 0's contribution being ready to the result's arrival), and its point tasks per task id and their time
 * together ({@link Runtime#pointTaskTimes()}). The difference of two readings ({@link #since}) is what the loop's
 * collectives and kernels cost between them; {@link #applyTo} fits the search's link latency to the first and makes
 * the second per-op-code kernel factors of its cost model. The calibration's idle two-process link and one-operation kernels are far from
 * a loop's: four shard processes of a loop on two cores waited 3-9 ms for an all-gather of one number (a Bruck round
 * each 2-4 ms, against the calibration's 41 µs IPC latency) because a message waits for its receiver to be
 * scheduled, and their kernels took 2-10 times the calibration's time for the same reason.
 *
 * @param collectives     data collectives completed on shard 0 (>= 0)
 * @param collectiveNanos their wall-clock time together, ns (>= 0)
 * @param pointTasks      task id -> {point tasks, their wall-clock time together in ns} on shard 0
 * @param wallNanos       shard 0's monotonic clock at the reading (a window: the wall time it spans), ns
 * @param compileMillis   the time shard 0's JIT compilers had spent so far (a window: in it), ms; -1 when the JVM
 *                        does not say
 */
public record MeasuredCosts(long collectives, long collectiveNanos, Map<Integer, long[]> pointTasks, long wallNanos,
                            long compileMillis) {
    /** Fewest collectives between two readings from which the link latency is set. */
    public static final int MIN_COLLECTIVES = 2;

    public MeasuredCosts {
        if (collectives < 0 || collectiveNanos < 0) {
            throw new IllegalArgumentException("measured costs must be >= 0; got " + collectives + " collectives, "
                    + collectiveNanos + " ns");
        }
        Map<Integer, long[]> copy = new TreeMap<>();
        for (Map.Entry<Integer, long[]> e : pointTasks.entrySet()) {
            long[] v = e.getValue();
            if (v.length != 2 || v[0] < 0 || v[1] < 0) {
                throw new IllegalArgumentException("task " + e.getKey() + ": point tasks and nanoseconds must be two "
                        + "values >= 0, got " + Arrays.toString(v));
            }
            copy.put(e.getKey(), v.clone());
        }
        pointTasks = Collections.unmodifiableMap(copy);
    }

    /** Collectives only (no point tasks, clock or compiler measured). */
    public MeasuredCosts(long collectives, long collectiveNanos) {
        this(collectives, collectiveNanos, Map.of(), 0, -1);
    }

    /** Collectives and point tasks (no clock or compiler measured). */
    public MeasuredCosts(long collectives, long collectiveNanos, Map<Integer, long[]> pointTasks) {
        this(collectives, collectiveNanos, pointTasks, 0, -1);
    }

    /** What happened between {@code earlier} and this reading. */
    public MeasuredCosts since(MeasuredCosts earlier) {
        Map<Integer, long[]> d = new TreeMap<>();
        for (Map.Entry<Integer, long[]> e : pointTasks.entrySet()) {
            long[] before = earlier.pointTasks.getOrDefault(e.getKey(), new long[2]);
            long n = e.getValue()[0] - before[0];
            if (n > 0) {
                d.put(e.getKey(), new long[] {n, Math.max(0, e.getValue()[1] - before[1])});
            }
        }
        return new MeasuredCosts(Math.max(0, collectives - earlier.collectives),
                Math.max(0, collectiveNanos - earlier.collectiveNanos), d, Math.max(0, wallNanos - earlier.wallNanos),
                compileMillis < 0 || earlier.compileMillis < 0 ? -1 : Math.max(0, compileMillis - earlier.compileMillis));
    }

    /**
     * True when this window's JIT compilation took at most {@code share} of its wall time (a window in which the
     * loop's code is compiled measures the compiler, not the loop); true when the JVM does not report it.
     */
    public boolean compilerQuiet(double share) {
        return compileMillis < 0 || compileMillis * 1e6 <= share * wallNanos;
    }

    /** The collectives' and point tasks' time together, ns. */
    public double totalNanos() {
        double t = collectiveNanos;
        for (long[] v : pointTasks.values()) {
            t += v[1];
        }
        return t;
    }

    /** The mean wall time of one collective, ns (NaN when none completed). */
    public double meanCollectiveNanos() {
        return collectives == 0 ? Double.NaN : (double) collectiveNanos / collectives;
    }

    /**
     * {@code cost} with the latency of the link class between the shards of its (one-node) topology set to the
     * measured mean collective time over the ⌈log₂ N⌉ rounds of Bruck's all-gather (the transport's algorithm), the
     * bandwidth kept; {@code cost} itself when fewer than {@link #MIN_COLLECTIVES} collectives were measured or the
     * topology has one shard. The mean includes what shard 0 waited for slower shards, which the task graph also
     * models: a measured latency is an upper bound of the messages' own.
     */
    public CostModel applyLinks(CostModel cost) {
        Topology t = cost.topology();
        if (collectives < MIN_COLLECTIVES || t.shards() < 2) {
            return cost;
        }
        int rounds = 64 - Long.numberOfLeadingZeros(t.shards() - 1L);
        Topology.LinkClass link = t.linkClass(0, 1);
        Calibration.LinkCost old = cost.calibration().link(link);
        Calibration c = cost.calibration().withLink(link,
                new Calibration.LinkCost(meanCollectiveNanos() / rounds, old.bytesPerNano()));
        return cost.withCalibration(c);
    }

    /**
     * {@link #fitLinks} and, per op code of the loop whose two recorded iterations are {@code two}
     * ({@code period} launches each, blocking after {@code blockAfter}) that shard 0 ran point tasks of, a factor on
     * its kernel times ({@link CostModel#withPointScales}): the measured mean time of a point task over the mean
     * the model gives that op code's point tasks in the loop's recorded strategies. A replicated or re-tiled launch
     * of the op code is then priced at the loop's own rate.
     */
    public CostModel applyTo(CostModel cost, List<LaunchRecord> two, int period, BitSet blockAfter) {
        return applyTo(cost, two, period, blockAfter, 0);
    }

    /**
     * {@link #applyTo(CostModel, List, int, BitSet)} for a window of {@code iterations} iterations of the loop (0: not
     * known): an op code whose shard-0 point tasks in the window exceed {@link #OUTSIDE_LOOP} × what the loop's
     * recorded launches give shard 0 in that many iterations also ran outside the loop (a deferred chain flushed
     * beside it runs the same fused op code over other arrays), and keeps the calibration's kernels: its mean says
     * nothing of the loop's launches.
     */
    public CostModel applyTo(CostModel cost, List<LaunchRecord> two, int period, BitSet blockAfter, int iterations) {
        return fitLinks(scaleKernels(cost, two, period, blockAfter, iterations), two, period, blockAfter);
    }

    /**
     * {@code cost} with the link latency between the shards set so that the all-gathers of the loop whose two recorded
     * iterations are {@code two} take, in the simulation, what they measured: shard 0's mean from its contribution
     * being ready to the result, over the second iteration's all-gathers, equals {@link #meanCollectiveNanos()}
     * (bisection on the latency, between 0 and the mean). The measured time includes what shard 0 waited for slower
     * shards, which the graph models too, so the latency is what is left of it ({@link #applyLinks} gives it all to
     * the latency: an upper bound). {@link #applyLinks} where the loop's graph has no all-gather on shard 0; {@code cost}
     * where fewer than {@link #MIN_COLLECTIVES} were measured or the topology has one shard.
     */
    public CostModel fitLinks(CostModel cost, List<LaunchRecord> two, int period, BitSet blockAfter) {
        Topology t = cost.topology();
        if (collectives < MIN_COLLECTIVES || t.shards() < 2) {
            return cost;
        }
        double target = meanCollectiveNanos();
        Topology.LinkClass link = t.linkClass(0, 1);
        double bandwidth = cost.calibration().link(link).bytesPerNano();
        double lo = 0;
        double hi = target;
        CostModel upper = withLatency(cost, link, hi, bandwidth);
        double atUpper = simulatedCollectiveNanos(upper, two, period, blockAfter);
        if (Double.isNaN(atUpper)) {
            return applyLinks(cost);   // no all-gather of shard 0 to fit to: the mean over the Bruck rounds
        }
        if (atUpper <= target) {
            return upper;
        }
        for (int i = 0; i < FIT_STEPS; i++) {
            double mid = (lo + hi) / 2;
            if (simulatedCollectiveNanos(withLatency(cost, link, mid, bandwidth), two, period, blockAfter) < target) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        return withLatency(cost, link, (lo + hi) / 2, bandwidth);
    }

    /** Bisection steps of {@link #fitLinks} (the latency to 1e-6 of the measured mean). */
    static final int FIT_STEPS = 20;

    private static CostModel withLatency(CostModel cost, Topology.LinkClass link, double latency, double bandwidth) {
        return cost.withCalibration(cost.calibration().withLink(link, new Calibration.LinkCost(latency, bandwidth)));
    }

    /**
     * Shard 0's mean all-gather in the simulated second iteration of {@code two} under {@code cost}: per launch with
     * all-gather rounds on shard 0's link, from the first round's ready time to the last round's end (NaN when none).
     */
    static double simulatedCollectiveNanos(CostModel cost, List<LaunchRecord> two, int period, BitSet blockAfter) {
        TaskGraph g = GraphBuilder.build(two, cost, blockAfter);
        Timeline tl = FullSimulation.run(g);
        int link0 = cost.topology().link(0);
        double[] from = new double[period];
        double[] to = new double[period];
        java.util.Arrays.fill(from, Double.POSITIVE_INFINITY);
        java.util.Arrays.fill(to, Double.NEGATIVE_INFINITY);
        for (int i = 0; i < g.size(); i++) {
            if (g.kind(i) == TaskGraph.Kind.COLLECTIVE && g.device(i) == link0 && g.launch(i) >= period) {
                int l = g.launch(i) - period;
                from[l] = Math.min(from[l], tl.ready(i));
                to[l] = Math.max(to[l], tl.end(i));
            }
        }
        double sum = 0;
        int n = 0;
        for (int l = 0; l < period; l++) {
            if (to[l] > from[l]) {
                sum += to[l] - from[l];
                n++;
            }
        }
        return n == 0 ? Double.NaN : sum / n;
    }

    /**
     * {@code cost} with each op code's kernels scaled as {@link #applyTo(CostModel, List, int, BitSet, int)} says, the
     * links kept.
     */
    public CostModel scaleKernels(CostModel cost, List<LaunchRecord> two, int period, BitSet blockAfter, int iterations) {
        if (pointTasks.isEmpty()) {
            return cost;
        }
        IterationPrediction p = IterationPrediction.of(two, period, cost, blockAfter);
        int shards = cost.topology().shards();
        Map<Integer, double[]> predicted = new TreeMap<>(); // task id -> {tasks, ns, shard 0's point tasks}
        for (int i = 0; i < period; i++) {
            LaunchRecord r = two.get(period + i);
            double[] acc = predicted.computeIfAbsent(r.taskId(), k -> new double[3]);
            acc[0] += p.pointTasks(i);
            acc[1] += p.pointNanos(i);
            acc[2] += shardZeroPoints(r, shards);
        }
        Map<Integer, Double> scales = new TreeMap<>();
        for (Map.Entry<Integer, double[]> e : predicted.entrySet()) {
            long[] m = pointTasks.get(e.getKey());
            double[] v = e.getValue();
            boolean outside = iterations > 0 && m != null && m[0] > OUTSIDE_LOOP * iterations * v[2];
            if (m != null && m[0] > 0 && m[1] > 0 && v[0] > 0 && v[1] > 0 && !outside) {
                scales.put(e.getKey(), ((double) m[1] / m[0]) / (v[1] / v[0]));
            }
        }
        return cost.withPointScales(scales);
    }

    /** Shard 0's point tasks beyond the loop's own at which an op code counts as also running outside it. */
    public static final double OUTSIDE_LOOP = 1.5;

    /** The point tasks of {@code r} that shard 0 runs under BLOCKED sharding (1 for a point on every shard). */
    static long shardZeroPoints(LaunchRecord r, int shards) {
        long volume = r.strategy().launchDomain().volume();
        if (volume == 1) {
            return 1;
        }
        long n = 0;
        for (long i = 0; i < volume; i++) {
            if (dev.cohort.runtime.sharding.ShardingFunction.BLOCKED.shard(i, volume, shards) == 0) {
                n++;
            }
        }
        return n;
    }

    /** What this window measured and what it gave {@code model} (this applied to a cost model), for a search's report. */
    String describe(int iterations, CostModel model) {
        Topology t = model.topology();
        Calibration.LinkCost link = model.calibration().link(t.linkClass(0, Math.min(1, t.shards() - 1)));
        StringBuilder b = new StringBuilder();
        b.append(String.format("  measured on shard 0 over %d iterations: %.1f ms, JIT compilation %s%n", iterations,
                wallNanos / 1e6, compileMillis < 0 ? "not reported" : compileMillis + " ms"));
        if (collectives < MIN_COLLECTIVES || t.shards() < 2) {
            b.append(String.format("  measured: %d collectives in the loop; links from the calibration (%.1f us latency)",
                    collectives, link.latencyNanos() / 1e3));
        } else {
            b.append(String.format("  measured: %d collectives in the loop, %.1f us each; link latency %.1f us a Bruck round",
                    collectives, meanCollectiveNanos() / 1e3, link.latencyNanos() / 1e3));
        }
        for (Map.Entry<Integer, long[]> e : pointTasks.entrySet()) {
            long[] v = e.getValue();
            Double scale = model.pointScales().get(e.getKey());
            b.append(scale != null
                    ? String.format("%n  measured: task %d, %d point tasks, %.1f us each: %.2f x the calibration",
                            e.getKey(), v[0], v[1] / 1e3 / v[0], scale)
                    : String.format("%n  measured: task %d, %d point tasks (not the loop's alone, or not in it): "
                            + "the calibration's kernels", e.getKey(), v[0]));
        }
        return b.toString();
    }

    /** The counters as bytes (for the broadcast). */
    byte[] encode() {
        ByteBuffer b = ByteBuffer.allocate(HEADER + 20 * pointTasks.size());
        b.putLong(collectives).putLong(collectiveNanos).putLong(wallNanos).putLong(compileMillis).putInt(pointTasks.size());
        for (Map.Entry<Integer, long[]> e : pointTasks.entrySet()) {
            b.putInt(e.getKey()).putLong(e.getValue()[0]).putLong(e.getValue()[1]);
        }
        return b.array();
    }

    /** Bytes of an encoding before its task ids. */
    private static final int HEADER = 36;

    static MeasuredCosts decode(byte[] bytes) {
        ByteBuffer b = ByteBuffer.wrap(bytes);
        if (bytes.length < HEADER) {
            throw new IllegalArgumentException("measured costs need at least " + HEADER + " bytes, got " + bytes.length);
        }
        long collectives = b.getLong();
        long nanos = b.getLong();
        long wall = b.getLong();
        long compile = b.getLong();
        int n = b.getInt();
        if (n < 0 || bytes.length != HEADER + 20L * n) {
            throw new IllegalArgumentException("measured costs of " + n + " task ids need " + (HEADER + 20L * n)
                    + " bytes, got " + bytes.length);
        }
        Map<Integer, long[]> tasks = new TreeMap<>();
        for (int i = 0; i < n; i++) {
            tasks.put(b.getInt(), new long[] {b.getLong(), b.getLong()});
        }
        return new MeasuredCosts(collectives, nanos, tasks, wall, compile);
    }

    /**
     * A reader for {@link SearchAdvisor}: on every shard of the job, shard 0's counters, broadcast (a collective:
     * every shard must call it at the same point of the program, as the advisor does), so that every shard searches
     * with the same costs. {@code runtimes} gives the calling shard's runtime when the reader runs (on its program
     * thread; an advisor is made before its program starts).
     */
    public static Supplier<MeasuredCosts> broadcastFromShard0(Supplier<Runtime> runtimes) {
        return () -> {
            Runtime runtime = runtimes.get();
            byte[] mine = new byte[0];
            if (runtime.shard() == 0) {
                RuntimeStats s = runtime.stats();
                java.lang.management.CompilationMXBean jit = java.lang.management.ManagementFactory.getCompilationMXBean();
                long compile = jit != null && jit.isCompilationTimeMonitoringSupported() ? jit.getTotalCompilationTime() : -1;
                mine = new MeasuredCosts(s.collectivesCompleted(), s.collectiveNanos(), runtime.pointTaskTimes(),
                        System.nanoTime(), compile).encode();
            }
            return decode(runtime.broadcast(0, mine));
        };
    }
}
