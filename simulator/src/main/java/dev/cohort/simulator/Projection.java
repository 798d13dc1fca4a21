package dev.cohort.simulator;

import dev.cohort.partitioner.LaunchRecord;
import dev.cohort.partitioner.MachineView;
import dev.cohort.partitioner.Operation;
import dev.cohort.partitioner.Partitioner;
import dev.cohort.partitioner.Role;
import dev.cohort.partitioner.Strategy;
import dev.cohort.runtime.partition.Partition;
import dev.cohort.runtime.partition.Tiling;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;
import java.util.function.IntFunction;
import java.util.function.IntToDoubleFunction;
import java.util.function.LongUnaryOperator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Projects a loop recorded on one shard to machines of any size (issue 16, item 6; {@code bin/cohort simulate}):
 * weak scaling, as in the DCR paper's Legate NumPy experiments (§5.4, Figs. 19 and 20), where the problem grows with
 * the node count.
 *
 * <p>For each node count {@code N}:
 * <ol>
 *   <li>the recorded launches of two iterations are <em>rescaled</em> ({@link #rescale}): every extent {@code e} of an
 *       iteration shape and of a store's 0-based bounds becomes {@code extents(N).applyAsLong(e)} (e.g. rows
 *       {@code n -> n * N} for logistic regression), and each launch gets the rules' strategy on the target machine
 *       ({@link Partitioner#partition(Operation, MachineView)} with the key partitions the earlier rescaled launches
 *       left on its stores; a store first seen in the window has none);</li>
 *   <li>a {@link Replay} of the rescaled launches on {@code MachineView(N, processors, minTile, maxTile)} applies the
 *       configuration that {@code strategy} picks ({@link Configuration#RULES} by default; the hook for the
 *       MCMC search);</li>
 *   <li>{@link GraphBuilder#build} makes the task graph of one and of two iterations on
 *       {@code Topology(N, 1, processors, false)} (one shard per node) with the node's {@link CostModel}, and
 *       {@link FullSimulation#run} simulates both: the time of one iteration is
 *       {@code T(N) = makespan(2 iterations) - makespan(1 iteration)}, which leaves out the start of the pipeline;</li>
 *   <li>throughput per node is {@code work(N) / T(N) / N} (rows per second per node for logistic regression,
 *       unknowns per second per node for CG) and the weak-scaling parallel efficiency is
 *       {@code E(N) = (work(N) / N / T(N)) / (work(1) / T(1))}, which is {@code T(1) / T(N)} when the work per node is
 *       the same at every size.</li>
 * </ol>
 * The program thread blocks after the last launch of each iteration when the workload says so (a loop that reads a
 * value back, as CG's residual norm).
 *
 * <p>The simulator's own cost is measured: the wall time of building and simulating both graphs divided by their
 * tasks ({@link Point#simulatorNanosPerTask}).
 */
public final class Projection {
    private Projection() {
    }

    /**
     * A loop to project.
     *
     * @param name              its name (tables, plots)
     * @param recorded          two consecutive iterations of the loop's launches in issue order, as {@link LaunchTrace}
     *                          recorded them on one shard ({@code 2 * launchesPerIteration} records)
     * @param recordedOn        the machine view they were recorded on (its rules are how the recorded strategies
     *                          were chosen)
     * @param launchesPerIteration launches of one iteration
     * @param blocksEachIteration  whether the program waits for the last launch of each iteration (reads a value)
     * @param extents           per node count {@code N}, the map of recorded extents to the extents at {@code N} nodes
     *                          (must map every extent it does not scale to itself)
     * @param work              per node count, the work of one iteration (rows, unknowns) at that size
     * @param workUnit          what {@code work} counts ("rows", "unknowns")
     */
    public record Workload(String name, List<LaunchRecord> recorded, MachineView recordedOn, int launchesPerIteration,
                           boolean blocksEachIteration, IntFunction<LongUnaryOperator> extents, IntToDoubleFunction work,
                           String workUnit) {
        public Workload {
            Objects.requireNonNull(name, "name");
            recorded = List.copyOf(recorded);
            Objects.requireNonNull(recordedOn, "recordedOn");
            Objects.requireNonNull(extents, "extents");
            Objects.requireNonNull(work, "work");
            Objects.requireNonNull(workUnit, "workUnit");
            if (launchesPerIteration < 1 || recorded.size() != 2 * launchesPerIteration) {
                throw new IllegalArgumentException("workload " + name + ": needs two iterations of launchesPerIteration >= 1 "
                        + "launches; got " + recorded.size() + " records for " + launchesPerIteration + " launches per iteration");
            }
        }
    }

    /**
     * One node of the projected machine.
     *
     * @param processors    processors per node (CPU workers, or GPUs); the node is one shard
     * @param calibration   the costs of a processor's kernels, of the runtime and of the links (its
     *                      {@link Topology.LinkClass#NETWORK} link is the one between nodes)
     * @param minTileVolume the partitioner's minimum tile volume (elements)
     * @param maxTileVolume the partitioner's cache budget per tile (elements)
     */
    public record Node(int processors, Calibration calibration, long minTileVolume, long maxTileVolume) {
        public Node {
            if (processors < 1) {
                throw new IllegalArgumentException("a node needs >= 1 processors, got " + processors);
            }
            Objects.requireNonNull(calibration, "calibration");
            new MachineView(1, processors, minTileVolume, maxTileVolume); // checks the tile volumes
        }

        /** A node of {@code processors} processors with the partitioner's default tile volumes. */
        public Node(int processors, Calibration calibration) {
            this(processors, calibration, MachineView.DEFAULT_MIN_TILE_VOLUME, MachineView.DEFAULT_MAX_TILE_VOLUME);
        }

        /** The partitioner's view of {@code nodes} such nodes. */
        public MachineView machine(int nodes) {
            return new MachineView(nodes, processors, minTileVolume, maxTileVolume);
        }
    }

    /**
     * The projection at one node count.
     *
     * @param nodes                 nodes
     * @param tasksPerIteration     tasks of one iteration's graph (points, analyses, transfers, collective steps)
     * @param secondsPerIteration   simulated {@code T(N)}, seconds
     * @param work                  work of one iteration at this size
     * @param workPerSecondPerNode  {@code work / T(N) / N}
     * @param efficiency            weak-scaling parallel efficiency against one node (1 at one node)
     * @param simulatorNanosPerTask the simulator's own wall time per task (building and simulating both graphs), ns
     * @param strategy              the configuration used ({@code "rules"} for the rules)
     * @param relaxedLaunches       launches whose recorded strategy was neither the rules' nor one replicated point
     *                              (e.g. a fused chain's planned tiling), given the rules' strategy at this size
     */
    public record Point(int nodes, int tasksPerIteration, double secondsPerIteration, double work,
                        double workPerSecondPerNode, double efficiency, double simulatorNanosPerTask, String strategy,
                        int relaxedLaunches) {
    }

    /** {@link #project(Workload, int[], Node, Function)} with the rules' strategy. */
    public static List<Point> project(Workload w, int[] nodes, Node node) {
        return project(w, nodes, node, replay -> Configuration.RULES);
    }

    /**
     * Projects {@code w} to each node count of {@code nodes} (efficiency against one node, simulated as well when
     * {@code nodes} lacks it).
     *
     * @param strategy picks the configuration of the rescaled launches at each size (the rules: {@code r ->
     *                 Configuration.RULES}; the MCMC search fills this in)
     * @throws IllegalArgumentException when a node count is < 1
     */
    public static List<Point> project(Workload w, int[] nodes, Node node, Function<Replay, Configuration> strategy) {
        for (int n : nodes) {
            if (n < 1) {
                throw new IllegalArgumentException("node counts must be >= 1, got " + n);
            }
        }
        Map<Integer, Point> raw = new HashMap<>();
        Point one = raw.computeIfAbsent(1, n -> simulate(w, n, node, strategy));
        List<Point> out = new ArrayList<>();
        for (int n : nodes) {
            Point p = raw.computeIfAbsent(n, k -> simulate(w, k, node, strategy));
            double e = p.workPerSecondPerNode() / one.workPerSecondPerNode();
            out.add(new Point(p.nodes(), p.tasksPerIteration(), p.secondsPerIteration(), p.work(), p.workPerSecondPerNode(),
                    e, p.simulatorNanosPerTask(), p.strategy(), p.relaxedLaunches()));
        }
        return out;
    }

    /** Simulates {@code w} on {@code nodes} nodes (efficiency left at NaN). */
    static Point simulate(Workload w, int nodes, Node node, Function<Replay, Configuration> strategy) {
        MachineView machine = node.machine(nodes);
        int[] relaxed = new int[1];
        List<LaunchRecord> scaled = rescale(w.recorded(), w.extents().apply(nodes), w.recordedOn(), machine, relaxed);
        Replay replay = new Replay(scaled, machine);
        Configuration config = Objects.requireNonNull(strategy.apply(replay), "strategy gave no configuration");
        List<LaunchRecord> launches = replay.apply(config);
        Topology topo = new Topology(nodes, 1, node.processors(), false);
        CostModel cost = new CostModel(node.calibration(), topo);
        int per = w.launchesPerIteration();
        BitSet block = new BitSet();
        if (w.blocksEachIteration()) {
            block.set(per - 1);
            block.set(2 * per - 1);
        }
        long t0 = System.nanoTime();
        TaskGraph g1 = GraphBuilder.build(launches.subList(0, per), cost, block);
        double m1 = FullSimulation.run(g1).makespan();
        TaskGraph g2 = GraphBuilder.build(launches, cost, block);
        double m2 = FullSimulation.run(g2).makespan();
        long spent = System.nanoTime() - t0;
        double seconds = (m2 - m1) / 1e9;
        if (!(seconds > 0)) {
            throw new IllegalStateException(w.name() + " on " + nodes + " nodes: the second iteration adds no time ("
                    + m1 + " ns, then " + m2 + " ns)");
        }
        double work = w.work().applyAsDouble(nodes);
        return new Point(nodes, g2.size() - g1.size(), seconds, work, work / seconds / nodes, Double.NaN,
                (double) spent / (g1.size() + g2.size()), config.toString(), relaxed[0]);
    }

    /**
     * The launches {@code recorded} (on {@code from}) rescaled by {@code extent} and given the rules' strategies on
     * {@code to}: each operation's iteration shape and 0-based store bounds are rescaled
     * ({@link Replay#withKeys}), its operands' key partitions are those the rescaled launches before it wrote (none
     * for a store first seen), and its strategy is {@link Partitioner#partition(Operation, MachineView)} on {@code
     * to} — or {@link Partitioner#replicated} when it was recorded as one replicated point that the rules did not
     * choose. A launch recorded with any other strategy the rules did not choose also gets the rules' one.
     *
     * @param relaxed if not null, {@code relaxed[0]} is set to the count of the latter launches
     */
    static List<LaunchRecord> rescale(List<LaunchRecord> recorded, LongUnaryOperator extent, MachineView from,
                                      MachineView to, int[] relaxed) {
        Map<Long, Tiling> keys = new HashMap<>();
        List<LaunchRecord> out = new ArrayList<>(recorded.size());
        int other = 0;
        for (LaunchRecord r : recorded) {
            Operation op = r.operation();
            int n = op.operands().size();
            Partition[] key = new Partition[n];
            for (int k = 0; k < n; k++) {
                key[k] = keys.get(r.storeId(k));
            }
            Operation scaled = Replay.withKeys(op, key, extent);
            Strategy s;
            if (rulesChose(r, from)) {
                s = Partitioner.partition(scaled, to);
            } else if (r.strategy().isSinglePoint() && allReplicated(r.strategy())) {
                s = Partitioner.replicated(scaled);
            } else {
                s = Partitioner.partition(scaled, to);
                other++;
            }
            out.add(new LaunchRecord(r.taskId(), scaled, s, r.storeIds(), r.types(), r.resultBytes()));
            for (int k = 0; k < n; k++) {
                if (op.operands().get(k).role() != Role.READ) {
                    keys.put(r.storeId(k), s.partition(k) instanceof Tiling t ? t : null);
                }
            }
        }
        if (relaxed != null) {
            relaxed[0] = other;
        }
        return out;
    }

    private static boolean rulesChose(LaunchRecord r, MachineView from) {
        try {
            return Replay.sameStrategy(Partitioner.partition(r.operation(), from), r.strategy());
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    private static boolean allReplicated(Strategy s) {
        for (Partition p : s.partitions()) {
            if (p instanceof Tiling) {
                return false;
            }
        }
        return true;
    }

    /**
     * A link or memory rate, as the command line gives it: {@code [NAME:] BANDWIDTH, LATENCY}, e.g.
     * {@code "ib-hdr: 25 GB/s, 1.5 us"}.
     *
     * @param name         the name before the colon, or "" when none
     * @param bytesPerNano bandwidth, bytes per ns (= GB/s)
     * @param latencyNanos latency, ns
     */
    public record Rate(String name, double bytesPerNano, double latencyNanos) {
        /** As a link cost: {@code latency + bytes / bandwidth}. */
        public Calibration.LinkCost link() {
            return new Calibration.LinkCost(latencyNanos, bytesPerNano);
        }

        /**
         * As a kernel cost of a memory-bound processor: {@code latency + bytes / bandwidth} per point task (a model of
         * a GPU's kernels from its memory bandwidth and launch latency, not a measurement).
         */
        public Calibration.KernelCost kernel() {
            return new Calibration.KernelCost(latencyNanos, 0, 1 / bytesPerNano);
        }

        @Override
        public String toString() {
            return (name.isEmpty() ? "" : name + ": ") + fmt(bytesPerNano) + " GB/s, " + fmt(latencyNanos / 1000) + " us";
        }
    }

    private static final Pattern TERM = Pattern.compile("\\s*([0-9]*\\.?[0-9]+(?:[eE][-+]?[0-9]+)?)\\s*([A-Za-zµ/]+)\\s*");

    /**
     * Parses {@code [NAME:] BANDWIDTH, LATENCY} (the two terms in either order): a bandwidth in {@code B/s},
     * {@code kB/s}, {@code MB/s}, {@code GB/s}, {@code TB/s} (powers of 1000), {@code KiB/s}, {@code MiB/s},
     * {@code GiB/s} (powers of 1024) or bits ({@code Mb/s}, {@code Gb/s}, {@code Gbit/s}, ...); a latency in
     * {@code ns}, {@code us} (or {@code µs}), {@code ms} or {@code s}. Both must be positive (latency >= 0).
     *
     * @param what names the option in errors ({@code "--network"})
     * @throws IllegalArgumentException naming {@code what} and the text at fault
     */
    public static Rate parseRate(String what, String text) {
        Objects.requireNonNull(text, what);
        String body = text.strip();
        String name = "";
        int colon = body.indexOf(':');
        if (colon >= 0) {
            name = body.substring(0, colon).strip();
            body = body.substring(colon + 1);
        }
        String[] terms = body.split(",", -1);
        if (terms.length != 2) {
            throw new IllegalArgumentException(what + " '" + text + "': expected [NAME:] BANDWIDTH, LATENCY "
                    + "(e.g. 'ib-hdr: 25 GB/s, 1.5 us')");
        }
        double bandwidth = Double.NaN;
        double latency = Double.NaN;
        for (String term : terms) {
            Matcher m = TERM.matcher(term);
            if (!m.matches()) {
                throw new IllegalArgumentException(what + " '" + text + "': '" + term.strip()
                        + "' is not a number with a unit (e.g. '25 GB/s' or '1.5 us')");
            }
            double v = Double.parseDouble(m.group(1));
            String unit = m.group(2);
            double bw = bytesPerNano(unit);
            double ns = nanos(unit);
            if (!Double.isNaN(bw)) {
                if (!Double.isNaN(bandwidth)) {
                    throw new IllegalArgumentException(what + " '" + text + "': two bandwidths, no latency");
                }
                bandwidth = v * bw;
            } else if (!Double.isNaN(ns)) {
                if (!Double.isNaN(latency)) {
                    throw new IllegalArgumentException(what + " '" + text + "': two latencies, no bandwidth");
                }
                latency = v * ns;
            } else {
                throw new IllegalArgumentException(what + " '" + text + "': unknown unit '" + unit
                        + "' (bandwidth: B/s, kB/s, MB/s, GB/s, TB/s, KiB/s, MiB/s, GiB/s, Mb/s, Gb/s; latency: ns, us, ms, s)");
            }
        }
        if (!(bandwidth > 0) || Double.isInfinite(bandwidth)) {
            throw new IllegalArgumentException(what + " '" + text + "': the bandwidth must be positive, got "
                    + bandwidth + " bytes/ns");
        }
        if (Double.isInfinite(latency)) {
            throw new IllegalArgumentException(what + " '" + text + "': the latency must be finite");
        }
        return new Rate(name, bandwidth, latency);
    }

    /** Bytes per ns of one {@code unit}, or NaN when it is not a bandwidth unit. */
    private static double bytesPerNano(String unit) {
        String u = unit.endsWith("ps") ? unit.substring(0, unit.length() - 2) + "/s" : unit;
        if (!u.endsWith("/s")) {
            return Double.NaN;
        }
        u = u.substring(0, u.length() - 2);
        boolean bits;
        if (u.endsWith("bit")) {
            bits = true;
            u = u.substring(0, u.length() - 3);
        } else if (u.endsWith("B")) {
            bits = false;
            u = u.substring(0, u.length() - 1);
        } else if (u.endsWith("b")) {
            bits = true;
            u = u.substring(0, u.length() - 1);
        } else {
            return Double.NaN;
        }
        double perSecond = switch (u) {
            case "" -> 1;
            case "k", "K" -> 1e3;
            case "M" -> 1e6;
            case "G" -> 1e9;
            case "T" -> 1e12;
            case "Ki" -> 1024.0;
            case "Mi" -> 1024.0 * 1024;
            case "Gi" -> 1024.0 * 1024 * 1024;
            case "Ti" -> 1024.0 * 1024 * 1024 * 1024;
            default -> Double.NaN;
        };
        return perSecond / (bits ? 8 : 1) / 1e9;
    }

    /** ns of one {@code unit}, or NaN when it is not a time unit. */
    private static double nanos(String unit) {
        return switch (unit) {
            case "ns" -> 1;
            case "us", "µs", "μs" -> 1e3;
            case "ms" -> 1e6;
            case "s" -> 1e9;
            default -> Double.NaN;
        };
    }

    /**
     * {@code c} with every kernel line replaced by {@code gpu} (a GPU's modelled kernel cost), for projections with
     * GPUs as the processors of a node; the runtime, wait and link costs stay {@code c}'s.
     */
    public static Calibration withKernels(Calibration c, Calibration.KernelCost gpu, String what) {
        return new Calibration(c.machine() + "; kernels modelled as " + what, Map.of("default", gpu), c.launchNanos(),
                c.pointNanos(), c.waitNanos(), c.links(), c.simulatorNanosPerTask());
    }

    /** 4 significant digits without trailing zeros ("25", "1.5", "0.125"). */
    private static String fmt(double v) {
        return new java.math.BigDecimal(String.format(Locale.ROOT, "%.4g", v)).stripTrailingZeros().toPlainString();
    }
}
