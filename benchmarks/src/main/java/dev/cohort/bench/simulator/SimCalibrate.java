package dev.cohort.bench.simulator;

import dev.cohort.bench.KeyValues;
import dev.cohort.bench.taskbench.TaskBenchTrace;
import dev.cohort.ndarray.Cohort;
import dev.cohort.ndarray.NdArray;
import dev.cohort.ndarray.Np;
import dev.cohort.partitioner.LaunchRecord;
import dev.cohort.partitioner.Strategy;
import dev.cohort.runtime.geometry.Point;
import dev.cohort.runtime.geometry.Rect;
import dev.cohort.runtime.partition.Tiling;
import dev.cohort.simulator.Calibration;
import dev.cohort.simulator.CostModel;
import dev.cohort.simulator.IterationPrediction;
import dev.cohort.simulator.LaunchTrace;
import dev.cohort.simulator.Topology;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.LongFunction;

/**
 * The simulator suite's own calibration, for a machine where {@code bin/cohort calibrate} has not written one (and
 * the jar has no reference calibration): measured here, on one in-process shard with one worker thread and element-
 * wise fusion off ({@code -Dcohort.fusion=false}, so every probe issues launches of one op code):
 * <ul>
 *   <li>{@code kernel.<op>}: each probe (add, exp, sum, {@code X @ w}, {@code X.T @ v}, a dense matvec, a GEMM) at
 *       two or more sizes; per launch the time of a run of launches divided by their count, per point that divided by
 *       the launch's points; against the bytes a point touches (the matrix products: its iteration points), the
 *       slope of the sample with the most work per point and the smallest non-negative intercept the samples allow. The fused kernels (FUSED,
 *       FUSED_REDUCE) get the lines of the binary and the reduction kernel (they stream their operands as those
 *       do), and {@code default} the binary kernel's;</li>
 *   <li>{@code launch}: time per launch of a chain of 16-element adds (one point; the program thread's analysis is
 *       the bottleneck) and, per point, the increase with 16 one-element tiles;</li>
 *   <li>{@code wait}: a 16-element sum read back less the same sum not read;</li>
 *   <li>{@code link.IPC}: given by the caller (measured between two processes, {@code dev.cohort.bench.IpcLinkProbe});
 *       {@code link.IN_PROCESS}: the wait as latency and {@code System.arraycopy}'s rate of 64 MiB; {@code link.NETWORK}
 *       is IPC's (not measured; this suite's jobs run on one host);</li>
 *   <li>{@code simulator}: ns per task of building and fully simulating two iterations of the add probe.</li>
 * </ul>
 * Arguments: {@code out=FILE ipc_latency_ns=X ipc_bytes_per_ns=Y [quick=true]}. Prints the kernel rate of Task Bench's
 * busy loop ({@code taskbench_kernel_ns_per_iteration}) too.
 */
public final class SimCalibrate {
    private SimCalibrate() {
    }

    /** One probe: an operation made for a size, its sizes, and whether its cost grows with points (matrix products). */
    private record Probe(String name, long[] sizes, LongFunction<Runnable> make, boolean byPoints) {
    }

    /** One measurement: the op code, per-point x (bytes or points) and the time per point, ns. */
    private record Sample(int taskId, String probe, long size, double x, double nanosPerPoint, boolean byPoints) {
    }

    public static void main(String[] args) {
        int status = 0;
        try {
            Map<String, String> o = KeyValues.parseArguments(args);
            boolean quick = Boolean.parseBoolean(o.getOrDefault("quick", "false"));
            Calibration c = measure(KeyValues.getDouble(o, "ipc_latency_ns"), KeyValues.getDouble(o, "ipc_bytes_per_ns"),
                    quick);
            c.save(Path.of(o.get("out")));
            System.out.println("taskbench_kernel_ns_per_iteration="
                    + String.format(Locale.ROOT, "%.4f", TaskBenchTrace.kernelNanosPerIteration(2_000_000, 9)));
            System.out.println("calibration=" + o.get("out"));
        } catch (Throwable t) {
            t.printStackTrace();
            status = 1;
        }
        System.out.flush();
        System.exit(status);
    }

    static Calibration measure(double ipcLatencyNanos, double ipcBytesPerNano, boolean quick) {
        if (!"false".equals(System.getProperty("cohort.fusion"))) {
            throw new IllegalStateException("run the calibration with -Dcohort.fusion=false (one op code per probe)");
        }
        double scale = quick ? 0.5 : 1;
        List<Probe> probes = List.of(
                new Probe("add", new long[] {1 << 18, 1 << 20, 1 << 22}, n -> {
                    NdArray a = Np.random.rand(n);
                    NdArray b = Np.random.rand(n);
                    return () -> a.add(b);
                }, false),
                new Probe("exp", new long[] {1 << 18, 1 << 22}, n -> {
                    NdArray a = Np.random.rand(n);
                    return a::exp;
                }, false),
                new Probe("sum", new long[] {1 << 18, 1 << 22}, n -> {
                    NdArray a = Np.random.rand(n);
                    return a::sum;
                }, false),
                new Probe("matvec", new long[] {1 << 11, 1 << 13, 1 << 16}, rows -> {
                    NdArray x = Np.random.rand(rows, 32);
                    NdArray w = Np.random.rand(32);
                    return () -> x.matmul(w);
                }, true),
                new Probe("matvecT", new long[] {1 << 11, 1 << 13, 1 << 16}, rows -> {
                    NdArray x = Np.random.rand(rows, 32);
                    NdArray v = Np.random.rand(rows);
                    return () -> x.T().matmul(v);
                }, true),
                new Probe("densematvec", new long[] {256, 1024, 2048}, n -> {
                    NdArray a = Np.random.rand(n, n);
                    NdArray p = Np.random.rand(n);
                    return () -> a.matmul(p);
                }, true),
                new Probe("gemm", new long[] {256, 1024, 2048}, m -> {
                    NdArray a = Np.random.rand(m, 64);
                    NdArray b = Np.random.rand(64, 256);
                    return () -> a.matmul(b);
                }, true));
        LaunchTrace[] trace = new LaunchTrace[1];
        Cohort.Config config = new Cohort.Config().shards(1).cpus(1).strategyAdvisor(ctx -> trace[0] = new LaunchTrace(1 << 22));
        List<Sample> samples = new ArrayList<>();
        double[] overheads = Cohort.run(config, () -> {
            for (Probe p : probes) {
                for (long size : p.sizes()) {
                    Runnable op = p.make().apply(size);
                    Cohort.current().runtime().sync();
                    double[] perLaunch = new double[1];
                    List<LaunchRecord> recs = time(trace[0], op, 0.25 * scale, perLaunch);
                    int task = dominant(recs);
                    LaunchRecord r = recs.stream().filter(x -> x.taskId() == task).findFirst().orElseThrow();
                    long points = r.strategy().pointCount();
                    double x = p.byPoints() ? iterationPoints(r.strategy()) : pointBytes(r);
                    samples.add(new Sample(task, p.name(), size, x, perLaunch[0] / points, p.byPoints()));
                }
            }
            // launch overhead, wait
            NdArray a = Np.random.rand(16);
            NdArray b = Np.random.rand(16);
            double[] t = new double[1];
            time(trace[0], () -> a.add(b), 0.2 * scale, t);
            double launch = t[0];
            double[] noRead = new double[1];
            time(trace[0], a::sum, 0.2 * scale, noRead);
            double[] read = new double[1];
            time(trace[0], () -> a.sum().itemDouble(), 0.2 * scale, read);
            // the simulator's own cost per task: two iterations of 10 adds of 16 points each
            NdArray big = Np.random.rand(1 << 22);
            Cohort.current().runtime().sync();
            long mark = trace[0].seen();
            for (int i = 0; i < 20; i++) {
                big.add(big);
            }
            List<LaunchRecord> two = trace[0].records().subList((int) mark, (int) mark + 20);
            return new double[] {launch, read[0] - noRead[0], simulatorNanosPerTask(two)};
        }).get(0);
        LaunchTrace[] trace16 = new LaunchTrace[1];
        double perPoint = Cohort.run(new Cohort.Config().shards(1).cpus(1).minTileVolume(1)
                .strategyAdvisor(ctx -> trace16[0] = new LaunchTrace(1 << 22)), () -> {
            NdArray a = Np.random.rand(16);
            NdArray b = Np.random.rand(16);
            double[] t = new double[1];
            List<LaunchRecord> recs = time(trace16[0], () -> a.add(b), 0.2 * scale, t);
            long points = recs.get(0).strategy().pointCount();
            return points > 1 ? Math.max(0, (t[0] - overheads[0]) / (points - 1)) : 0.0;
        }).get(0);
        Map<String, Calibration.KernelCost> kernels = fit(samples);
        Map<Topology.LinkClass, Calibration.LinkCost> links = new EnumMap<>(Topology.LinkClass.class);
        double wait = Math.max(0, overheads[1]);
        links.put(Topology.LinkClass.IN_PROCESS, new Calibration.LinkCost(wait, copyBytesPerNano()));
        links.put(Topology.LinkClass.IPC, new Calibration.LinkCost(ipcLatencyNanos, ipcBytesPerNano));
        links.put(Topology.LinkClass.NETWORK, new Calibration.LinkCost(ipcLatencyNanos, ipcBytesPerNano));
        String machine = String.format(Locale.ROOT, "%d processors, Java %s (the simulator suite's own calibration)",
                java.lang.Runtime.getRuntime().availableProcessors(), System.getProperty("java.version"));
        for (Sample s : samples) {
            System.out.printf(Locale.ROOT, "probe.%s.%d=task %d, %s %.0f per point, %.1f ns per point%n", s.probe(), s.size(),
                    s.taskId(), s.byPoints() ? "points" : "bytes", s.x(), s.nanosPerPoint());
        }
        return new Calibration(machine, kernels, overheads[0], perPoint, wait, links, overheads[2]);
    }

    /**
     * Runs {@code op} repeatedly (then waits for the runtime) for about {@code seconds} after two warm-up runs;
     * {@code perLaunch[0]} gets the time per launch issued; returns the timed launches' records.
     */
    private static List<LaunchRecord> time(LaunchTrace trace, Runnable op, double seconds, double[] perLaunch) {
        dev.cohort.runtime.Runtime rt = Cohort.current().runtime();
        // warm-up: at least 3 runs and 0.2 s (the JIT compiles the kernel and the analysis first)
        long w0 = System.nanoTime();
        for (int i = 0; i < 3 || System.nanoTime() - w0 < 200_000_000L; i++) {
            op.run();
            if (i % 8 == 7) {
                rt.sync();
            }
        }
        rt.sync();
        long t0 = System.nanoTime();
        op.run();
        rt.sync();
        double once = Math.max(1, System.nanoTime() - t0);
        int reps = (int) Math.max(5, Math.min(20_000, seconds * 1e9 / once));
        long mark = trace.seen();
        t0 = System.nanoTime();
        for (int i = 0; i < reps; i++) {
            op.run();
        }
        rt.sync();
        long t1 = System.nanoTime();
        List<LaunchRecord> recs = trace.records().subList((int) mark, (int) trace.seen());
        if (recs.isEmpty()) {
            throw new IllegalStateException("the probe issued no launch");
        }
        perLaunch[0] = (double) (t1 - t0) / recs.size();
        return recs;
    }

    private static int dominant(List<LaunchRecord> recs) {
        Map<Integer, Integer> count = new TreeMap<>();
        recs.forEach(r -> count.merge(r.taskId(), 1, Integer::sum));
        if (count.size() > 1) {
            throw new IllegalStateException("a probe issued launches of several op codes: " + count);
        }
        return count.keySet().iterator().next();
    }

    /** Bytes the first point of {@code r} touches, as the simulator's graph builder counts them. */
    static long pointBytes(LaunchRecord r) {
        Strategy st = r.strategy();
        Point p = st.launchDomain().lo();
        long bytes = 0;
        for (int k = 0; k < r.operation().operands().size(); k++) {
            Rect bounds = r.operation().operands().get(k).bounds();
            Rect piece = st.partition(k) instanceof Tiling t ? t.piece(st.projection(k).apply(p), bounds) : bounds;
            bytes += piece.volume() * r.type(k).size();
        }
        return bytes;
    }

    /** Iteration points of the first point's tile. */
    static long iterationPoints(Strategy st) {
        long v = 1;
        for (long e : st.space().extent(st.launchDomain().lo())) {
            v *= e;
        }
        return v;
    }

    /** Least-squares line per op code, non-negative terms; the fused kernels and default from binary and reduce. */
    private static Map<String, Calibration.KernelCost> fit(List<Sample> samples) {
        Map<Integer, List<Sample>> byTask = new LinkedHashMap<>();
        samples.forEach(s -> byTask.computeIfAbsent(s.taskId(), k -> new ArrayList<>()).add(s));
        Map<String, Calibration.KernelCost> out = new TreeMap<>();
        for (Map.Entry<Integer, List<Sample>> e : byTask.entrySet()) {
            List<Sample> l = e.getValue();
            boolean byPoints = l.get(0).byPoints();
            // the slope from the sample of most work per point (least distorted by per-task overheads and by a busy
            // machine's stalls), the fixed term the smallest intercept the samples allow (never negative): a least-
            // squares line through two or three noisy points on a shared machine gave fixed terms of milliseconds
            Sample top = l.stream().max(java.util.Comparator.comparingDouble(Sample::x)).orElseThrow();
            double slope = top.x() > 0 ? top.nanosPerPoint() / top.x() : 0;
            double fixed = Double.MAX_VALUE;
            for (Sample s : l) {
                fixed = Math.min(fixed, s.nanosPerPoint() - slope * s.x());
            }
            fixed = Math.max(0, fixed);
            out.put(Integer.toString(e.getKey()), byPoints ? new Calibration.KernelCost(fixed, slope, 0)
                    : new Calibration.KernelCost(fixed, 0, slope));
        }
        Calibration.KernelCost binary = out.get("1001");
        Calibration.KernelCost reduce = out.get("1003");
        if (binary == null) {
            throw new IllegalStateException("no binary kernel among the probes: " + out.keySet());
        }
        out.put("default", binary);
        out.put("1020", binary);
        out.put("1021", reduce != null ? reduce : binary);
        return out;
    }

    private static double simulatorNanosPerTask(List<LaunchRecord> two) {
        Calibration c = new Calibration("probe", Map.of("default", new Calibration.KernelCost(1000, 0, 0.1)), 20_000, 500,
                50_000, Map.of(Topology.LinkClass.IN_PROCESS, new Calibration.LinkCost(1000, 1),
                Topology.LinkClass.IPC, new Calibration.LinkCost(1000, 1),
                Topology.LinkClass.NETWORK, new Calibration.LinkCost(1000, 1)), 0);
        CostModel cost = new CostModel(c, new Topology(1, 4, 2, false));
        int period = two.size() / 2;
        IterationPrediction.of(two, period, cost, IterationPrediction.lastOfEachIteration(period));
        int reps = 30;
        long tasks = 0;
        long t0 = System.nanoTime();
        for (int i = 0; i < reps; i++) {
            tasks += IterationPrediction.of(two, period, cost, IterationPrediction.lastOfEachIteration(period)).tasks();
        }
        return (double) (System.nanoTime() - t0) / tasks;
    }

    private static double copyBytesPerNano() {
        byte[] a = new byte[64 << 20];
        byte[] b = new byte[64 << 20];
        double best = 0;
        for (int i = 0; i < 6; i++) {
            long t0 = System.nanoTime();
            System.arraycopy(a, 0, b, 0, a.length);
            best = Math.max(best, (double) a.length / (System.nanoTime() - t0));
        }
        return best;
    }
}
