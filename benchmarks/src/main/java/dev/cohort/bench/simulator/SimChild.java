package dev.cohort.bench.simulator;

import dev.cohort.bench.KeyValues;
import dev.cohort.bench.Stats;
import dev.cohort.bench.taskbench.TaskBenchTrace;
import dev.cohort.examples.calibrate.TraceSpans;
import dev.cohort.ndarray.Cohort;
import dev.cohort.partitioner.LaunchRecord;
import dev.cohort.partitioner.StrategyAdvisor;
import dev.cohort.runtime.RuntimeConfig;
import dev.cohort.runtime.ShardGroup;
import dev.cohort.simulator.Calibration;
import dev.cohort.simulator.CostModel;
import dev.cohort.simulator.IterationPrediction;
import dev.cohort.simulator.LaunchShapes;
import dev.cohort.simulator.LaunchTrace;
import dev.cohort.simulator.MeasuredCosts;
import dev.cohort.simulator.SearchAdvisor;
import dev.cohort.simulator.TaskGraph;
import dev.cohort.simulator.Topology;
import dev.cohort.transport.AeronCommunicator;
import dev.cohort.transport.JobEnvironment;
import dev.cohort.transport.launch.LauncherPipe;
import dev.cohort.transport.launch.ShardEnvironment;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * One shard process of a simulator-suite job ({@code bin/cohort run}'s launcher starts one per shard; shard 0's
 * {@code key=value} lines are the job's output). Arguments are {@code key=value}:
 * <ul>
 *   <li>{@code mode=loop workload=W size=N warmup=K timed=T partitioning=rules|search calibration=FILE
 *       [warmup_seconds=S] [max_warmup=M] [profile=FILE]}: a {@link SimWorkloads} loop, warmed up for at least K
 *       iterations and S seconds (default 3) until the median of the last five is within 10 % of the five before's (at
 *       most M, default 4000: on 2 cores C2 keeps compiling the runtime's and kernels' code for ~5 s of a loop,
 *       taking a core from the workers, and an iteration of {@code dense:2048} goes from 3.3 to 1.2 ms over the first
 *       1 500); with {@code rules} a {@link LaunchTrace} records the launches
 *       and shard 0 predicts the iteration time from the first two consecutive timed iterations that issued the same
 *       launches; with {@code search} every shard
 *       has a {@link SearchAdvisor} (shard 0's calibration broadcast, and the loop's measured costs), which searches
 *       during the warm-up: the warm-up goes on until its outcome stands (searched, and a trial of an adopted
 *       strategy over, {@link SearchAdvisor#decided});</li>
 *   <li>{@code mode=taskbench pattern=P width=W kernel=ITERATIONS kernel_ns=NS steps=S warmup=K timed=T
 *       calibration=FILE}: a Task Bench pattern issued to the runtime directly, its launches turned into records
 *       ({@link TaskBenchTrace}).</li>
 * </ul>
 * Not a launched process (no job in the environment): runs on one in-process shard.
 */
public final class SimChild {
    private SimChild() {
    }

    public static void main(String[] args) {
        int status = 0;
        try {
            Map<String, String> o = KeyValues.parseArguments(args);
            switch (o.getOrDefault("mode", "")) {
                case "loop" -> loop(o);
                case "taskbench" -> taskBench(o);
                default -> throw new IllegalArgumentException("mode must be loop or taskbench: " + o);
            }
        } catch (Throwable t) {
            t.printStackTrace();
            status = 1;
        }
        System.out.flush();
        System.exit(status);
    }

    private static void loop(Map<String, String> o) {
        String workload = o.get("workload");
        long size = KeyValues.getLong(o, "size");
        int warmup = (int) KeyValues.getLong(o, "warmup");
        int timed = (int) KeyValues.getLong(o, "timed");
        double warmupSeconds = o.containsKey("warmup_seconds") ? KeyValues.getDouble(o, "warmup_seconds") : 3;
        int maxWarmup = o.containsKey("max_warmup") ? (int) KeyValues.getLong(o, "max_warmup") : 4000;
        boolean search = "search".equals(o.get("partitioning"));
        String calibrationFile = o.get("calibration");
        Cohort.Config config = new Cohort.Config().shards(1);
        Path profile = profileFile(o, !search);
        if (profile != null) {
            config.profile(profile);
        }
        LaunchTrace[] trace = new LaunchTrace[1];
        SearchAdvisor[] advisor = new SearchAdvisor[1];
        List<String> searchLog = new ArrayList<>();
        config.strategyAdvisor(ctx -> {
            if (!search) {
                trace[0] = new LaunchTrace(1 << 20);
                return trace[0];
            }
            byte[] mine = ctx.shard() == 0 ? Calibration.load(Path.of(calibrationFile)).format().getBytes(StandardCharsets.UTF_8)
                    : new byte[0];
            Calibration c = Calibration.parse(new String(ctx.broadcast(0, mine), StandardCharsets.UTF_8), "shard 0's calibration");
            advisor[0] = new SearchAdvisor(ctx.machine(), c, false, 16, searchLog::add,
                    MeasuredCosts.broadcastFromShard0(ctx::runtime));
            return advisor[0];
        });
        List<String> out = Cohort.run(config, () -> {
            Cohort ctx = Cohort.current();
            SimWorkloads.Loop loop = SimWorkloads.create(workload, size);
            double[] samples = new double[timed];
            long[] marks = new long[timed + 1]; // launches seen before each timed iteration, and after the last
            double check = 0;
            // warm-up: at least `warmup` iterations and `warmup_seconds`, until the last five's median is within 10 % of the
            // five before's (the JIT's C2 code, the Vector API's intrinsics among it, can take seconds to arrive); shard 0
            // decides and broadcasts, so every shard issues the same launches
            long w0 = System.nanoTime();
            double[] recent = new double[SETTLE_WINDOW * 2];
            int warmed = 0;
            for (boolean done = false; !done; warmed++) {
                long t0 = System.nanoTime();
                check = loop.iteration();
                long t1 = System.nanoTime();
                recent[warmed % recent.length] = (t1 - t0) / 1e9;
                boolean stop = warmed + 1 >= maxWarmup || (warmed + 1 >= warmup && (t1 - w0) / 1e9 >= warmupSeconds
                        && warmed + 1 >= recent.length && settled(recent, warmed % recent.length)
                        && (advisor[0] == null || advisor[0].decided()));
                done = ctx.broadcast(0, new byte[]{(byte) (stop ? 1 : 0)})[0] == 1;
            }
            for (int i = 0; i < timed; i++) {
                marks[i] = trace[0] == null ? 0 : trace[0].seen();
                long t0 = System.nanoTime();
                check = loop.iteration();
                long t1 = System.nanoTime();
                samples[i] = (t1 - t0) / 1e9;
            }
            marks[timed] = trace[0] == null ? 0 : trace[0].seen();
            final int warmupIterations = warmed;
            if (ctx.shard() != 0) {
                return "";
            }
            StringBuilder b = new StringBuilder();
            line(b, "shards", ctx.shards());
            line(b, "cpus", ctx.machine().cpusPerShard());
            line(b, "seconds_per_iteration", Stats.median(samples));
            line(b, "samples", join(samples));
            line(b, "checksum", check);
            line(b, "warmup_iterations", warmupIterations);
            if (trace[0] != null && timed >= 2) {
                List<LaunchRecord> all = trace[0].records();
                // the first two consecutive timed iterations that issued the same launches (a loop may flush a
                // deferred chain every few iterations, which adds launches to that one)
                List<LaunchRecord> two = null;
                int period = 0;
                for (int i = 0; i + 2 <= timed && two == null; i++) {
                    int p = (int) (marks[i + 1] - marks[i]);
                    if (p == 0 || marks[i + 2] - marks[i + 1] != p || marks[i + 2] > all.size()) {
                        continue;
                    }
                    List<LaunchRecord> pair = all.subList((int) marks[i], (int) marks[i + 2]);
                    boolean same = true;
                    for (int k = 0; k < p && same; k++) {
                        same = LaunchShapes.signature(pair.get(k)).equals(LaunchShapes.signature(pair.get(k + p)));
                    }
                    if (same) {
                        two = pair;
                        period = p;
                    }
                }
                if (two == null) {
                    throw new IllegalStateException("no two consecutive timed iterations issued the same launches "
                            + "(launches seen before each: " + Arrays.toString(marks) + "): not a steady loop, or one "
                            + "whose launches bypass the partitioner");
                }
                IterationPrediction p = predict(b, two, period, ctx.shards(), ctx.machine().cpusPerShard(),
                        calibrationFile, null);
                recorded = new Recorded(two, period, p, marks[timed] - marks[0], ctx.shards(),
                        ctx.machine().cpusPerShard(), calibrationFile, null);
            }
            if (advisor[0] != null) {
                line(b, "search_adopted", advisor[0].adopted() == null ? "rules" : advisor[0].adopted().toString());
                if (advisor[0].trialKept() != null) {
                    line(b, "search_trial_kept", advisor[0].trialKept());
                }
                if (advisor[0].lastResult() != null) {
                    line(b, "search_predicted_rules_seconds", advisor[0].lastResult().rulesNanos() / 1e9);
                    line(b, "search_predicted_best_seconds", advisor[0].lastResult().bestNanos() / 1e9);
                }
                String[] report = advisor[0].report().split("\n");
                for (int i = 0; i < report.length; i++) {
                    line(b, "search_report." + i, report[i]);
                }
            }
            return b.toString();
        });
        System.out.print(out.get(0));
        if (recorded != null && profile != null) {
            System.out.print(withLoopRates(recorded, profile));
        }
    }

    /**
     * The runtime profile of a job: the file asked for ({@code profile=FILE}; {@code profile=none}: none), else, when
     * {@code forLoopRates}, a temporary one for {@link LoopRates} (the accuracy rows), deleted when this process exits,
     * else none.
     */
    private static Path profileFile(Map<String, String> o, boolean forLoopRates) {
        if (o.containsKey("profile")) {
            return o.get("profile").equals("none") ? null : Path.of(o.get("profile"));
        }
        if (!forLoopRates) {
            return null;
        }
        try {
            Path p = java.nio.file.Files.createTempFile("cohort-simchild-", ".json");
            p.toFile().deleteOnExit();
            // the runtime writes shard r of several to name.r.json: this process's own shard
            ShardEnvironment.job().ifPresent(j -> p.resolveSibling(p.getFileName().toString()
                    .replace(".json", "." + j.rank() + ".json")).toFile().deleteOnExit());
            return p;
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /**
     * What shard 0's program recorded for the prediction with loop rates, made once the profile is written (the Task
     * Bench kernel's cost line, or null for a loop of the array layer).
     */
    private record Recorded(List<LaunchRecord> two, int period, IterationPrediction prediction, long timedLaunches,
                            int shards, int cpus, String calibrationFile, Calibration.KernelCost taskBenchKernel) {
    }

    /** Set by shard 0's program (this process runs one shard). */
    private static volatile Recorded recorded;

    /** Iterations before the timed ones whose point tasks give the loop's rates. */
    static final int RATE_WINDOW = 10;

    /**
     * The second prediction: the calibration with each op code's kernel times and the analysis of a launch scaled by
     * the rates measured in this run's last {@link #RATE_WINDOW} warm-up iterations ({@link LoopRates}; shard 0's
     * profile, written when the runtime closed).
     */
    private static String withLoopRates(Recorded r, Path profile) {
        StringBuilder b = new StringBuilder();
        Path file = r.shards() > 1 ? profile.resolveSibling(profile.getFileName().toString().replace(".json", ".0.json"))
                : profile;
        Map<Integer, String> names = new java.util.HashMap<>();
        for (dev.cohort.tasks.OpCode op : dev.cohort.tasks.OpCode.values()) {
            names.put(op.taskId(), dev.cohort.tasks.CpuTasks.taskName(op));
        }
        names.put(TaskBenchTrace.pointTaskId(), dev.cohort.bench.taskbench.TaskBenchTasks.POINT_NAME);
        int[] taskIds = new int[r.period()];
        for (int i = 0; i < taskIds.length; i++) {
            taskIds[i] = r.two().get(r.period() + i).taskId();
        }
        TraceSpans trace = TraceSpans.read(file);
        List<LoopRates.Rate> rates = LoopRates.measure(trace, names, taskIds, r.prediction(), r.timedLaunches(),
                RATE_WINDOW);
        LoopRates.Analysis analysis = LoopRates.analysis(trace, r.period(), r.shards(), r.prediction(), r.timedLaunches(),
                RATE_WINDOW);
        MeasuredCosts collectives = LoopRates.collectives(trace, r.period(), r.timedLaunches(), RATE_WINDOW);
        CostModel cost = costModel(r.calibrationFile(), r.taskBenchKernel(), r.shards(), r.cpus())
                .withPointScales(LoopRates.scales(rates));
        if (analysis != null) {
            cost = cost.withAnalysisScale(analysis.scale());
        }
        BitSet block = blocking(r.period(), r.taskBenchKernel() != null);
        cost = collectives.fitLinks(cost, r.two(), r.period(), block);
        IterationPrediction p = IterationPrediction.of(r.two(), r.period(), cost, block);
        line(b, "loop_rates_predicted_seconds_per_iteration", p.iterationNanos() / 1e9);
        if (analysis != null) {
            line(b, "loop_rate.analysis", String.format(Locale.ROOT, "%.3f (measured %.1f us a launch over %d, calibration "
                    + "%.1f us)", analysis.scale(), analysis.measuredMeanNanos() / 1e3,
                    analysis.measuredLaunches(), analysis.predictedNanosPerLaunch() / 1e3));
        }
        if (collectives.collectives() >= MeasuredCosts.MIN_COLLECTIVES && r.shards() > 1) {
            line(b, "loop_rate.collectives", String.format(Locale.ROOT, "%d all-gathers, %.1f us each: fitted link latency "
                    + "%.1f us", collectives.collectives(), collectives.meanCollectiveNanos() / 1e3,
                    cost.calibration().link(cost.topology().linkClass(0, 1)).latencyNanos() / 1e3));
        }
        for (LoopRates.Rate x : rates) {
            line(b, "loop_rate." + x.name(), String.format(Locale.ROOT, "%.3f (measured %.1f us over %d tasks, calibration "
                    + "%.1f us over %d a iteration)", x.scale(), x.measuredMeanNanos() / 1e3,
                    x.measuredTasks(), x.predictedNanos() / x.predictedTasks() / 1e3, x.predictedTasks()));
        }
        return b.toString();
    }

    private static void taskBench(Map<String, String> o) {
        String pattern = o.get("pattern");
        int width = (int) KeyValues.getLong(o, "width");
        long kernel = KeyValues.getLong(o, "kernel");
        double kernelNs = KeyValues.getDouble(o, "kernel_ns");
        int steps = (int) KeyValues.getLong(o, "steps");
        int warmup = (int) KeyValues.getLong(o, "warmup");
        int timed = (int) KeyValues.getLong(o, "timed");
        String calibrationFile = o.get("calibration");
        RuntimeConfig config = new RuntimeConfig().registry(TaskBenchTrace.registry());
        Path profile = profileFile(o, true);
        config.profile(profile);
        ShardGroup.Program<String> program = rt -> {
            TaskBenchTrace.Result r = TaskBenchTrace.run(rt, pattern, width, kernel, steps, warmup, timed);
            if (rt.shard() != 0) {
                return "";
            }
            int period = TaskBenchTrace.stepsPerIteration(pattern, width) * r.launchesPerStep();
            List<LaunchRecord> two = r.records().subList(2 * period, 4 * period);
            double[] perIteration = Arrays.stream(r.secondsPerStep()).map(s -> s * period / Math.max(1, r.launchesPerStep()))
                    .toArray();
            StringBuilder b = new StringBuilder();
            line(b, "shards", rt.shards());
            line(b, "cpus", rt.cpus());
            line(b, "seconds_per_iteration", Stats.median(perIteration));
            line(b, "samples", join(perIteration));
            line(b, "steps_per_iteration", period / Math.max(1, r.launchesPerStep()));
            Calibration.KernelCost point = new Calibration.KernelCost(
                    Calibration.load(Path.of(calibrationFile)).kernel(0, dev.cohort.runtime.region.FieldType.INT64).fixedNanos(),
                    kernel * kernelNs, 0);
            IterationPrediction p = predict(b, two, period, rt.shards(), rt.cpus(), calibrationFile, point);
            // the launches of the timed runs: every step's launches, timed times
            recorded = new Recorded(two, period, p, (long) timed * steps * r.launchesPerStep(), rt.shards(), rt.cpus(),
                    calibrationFile, point);
            return b.toString();
        };
        String out;
        if (ShardEnvironment.job().isPresent()) {
            LauncherPipe.watchIfLaunched();
            JobEnvironment job = ShardEnvironment.job().orElseThrow();
            ShardEnvironment.cpus().ifPresent(config::cpus);
            out = ShardGroup.runShard(AeronCommunicator.connect(job), config, program);
        } else {
            out = ShardGroup.runShards(dev.cohort.transport.LocalCommunicator.create(1), config, program).get(0);
        }
        System.out.print(out);
        if (recorded != null) {
            System.out.print(withLoopRates(recorded, profile));
        }
    }

    /**
     * Shard 0's prediction from the two iterations {@code two}: the graph on one node of {@code shards} shard processes
     * of {@code cpus} processors, costs from the calibration file (with the Task Bench kernel's line when given), the
     * program blocking at the end of each iteration; writes its lines to {@code b} and returns it.
     */
    static IterationPrediction predict(StringBuilder b, List<LaunchRecord> two, int period, int shards, int cpus,
                                       String calibrationFile, Calibration.KernelCost taskBenchKernel) {
        CostModel cost = costModel(calibrationFile, taskBenchKernel, shards, cpus);
        BitSet block = blocking(period, taskBenchKernel != null);
        long t0 = System.nanoTime();
        IterationPrediction p = IterationPrediction.of(two, period, cost, block);
        long t1 = System.nanoTime();
        long points = 0;
        for (int i = 0; i < period; i++) {
            points += two.get(i).strategy().pointCount();
        }
        line(b, "launches_per_iteration", period);
        line(b, "points_per_iteration", points);
        line(b, "predicted_seconds_per_iteration", p.iterationNanos() / 1e9);
        line(b, "predicted_tasks", p.tasks());
        line(b, "predicted_simulation_ms", (t1 - t0) / 1e6);
        for (TaskGraph.Kind k : TaskGraph.Kind.values()) {
            line(b, "predicted_" + k.name().toLowerCase(Locale.ROOT) + "_ms", p.secondIterationNanos(k) / 1e6);
        }
        for (int i = 0; i < period; i++) {
            LaunchRecord r = two.get(period + i);
            line(b, "predicted_launch." + i, String.format(Locale.ROOT, "task %d %s over %s, %d points (%s): %.4f ms",
                    r.taskId(), r.types().length > 0 ? r.types()[0] : "-", Arrays.toString(r.operation().shape()),
                    r.strategy().pointCount(), r.strategy().describe(), p.pointNanos(i) / 1e6));
        }
        return p;
    }

    /**
     * The cost model of a job's prediction: the calibration file (with the Task Bench kernel's line when given) on one
     * node of {@code shards} shard processes of {@code cpus} processors, which share this machine's cores (more
     * processors than cores take turns on them).
     */
    static CostModel costModel(String calibrationFile, Calibration.KernelCost taskBenchKernel, int shards, int cpus) {
        Calibration cal = Calibration.load(Path.of(calibrationFile));
        if (taskBenchKernel != null) {
            cal = cal.withKernel(Integer.toString(TaskBenchTrace.pointTaskId()), taskBenchKernel);
        }
        return new CostModel(cal, new Topology(1, shards, cpus, false, java.lang.Runtime.getRuntime().availableProcessors()));
    }

    /** Where the program blocks: at the end of each iteration of a loop; nowhere inside a Task Bench graph. */
    static BitSet blocking(int period, boolean taskBench) {
        return taskBench ? new BitSet() : IterationPrediction.lastOfEachIteration(period);
    }

    /** Iterations per window of the warm-up's settling test. */
    static final int SETTLE_WINDOW = 5;

    /**
     * Whether a warm-up has settled: {@code t} is a ring of the last {@code 2 * SETTLE_WINDOW} iteration times whose
     * newest entry is at {@code newest}; the median of the newest {@link #SETTLE_WINDOW} is within 10 % of the median
     * of the {@link #SETTLE_WINDOW} before them.
     */
    static boolean settled(double[] t, int newest) {
        int w = t.length / 2;
        double[] recent = new double[w];
        double[] before = new double[w];
        for (int i = 0; i < w; i++) {
            recent[i] = t[Math.floorMod(newest - i, t.length)];
            before[i] = t[Math.floorMod(newest - w - i, t.length)];
        }
        double a = Stats.median(recent);
        double b = Stats.median(before);
        return Math.abs(a - b) <= 0.1 * Math.max(a, b);
    }

    private static void line(StringBuilder b, String key, Object value) {
        String v = value instanceof Double d ? String.format(Locale.ROOT, "%.9g", d) : String.valueOf(value);
        b.append(key).append('=').append(v.replace('\n', ' ')).append('\n');
    }

    private static String join(double[] v) {
        StringBuilder s = new StringBuilder();
        for (double x : v) {
            s.append(s.length() == 0 ? "" : ",").append(String.format(Locale.ROOT, "%.6g", x));
        }
        return s.toString();
    }
}
