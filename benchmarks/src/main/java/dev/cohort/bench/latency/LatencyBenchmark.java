package dev.cohort.bench.latency;

import dev.cohort.bench.KeyValues;
import dev.cohort.bench.Report;
import dev.cohort.bench.Stats;
import dev.cohort.bench.SuiteOutput;
import dev.cohort.bench.macro.JitSettle;
import dev.cohort.bench.macro.MacroBenchmark;
import dev.cohort.bench.macro.PythonRunner;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;

/**
 * The latency suite: small blocking operations on 1 000 float64 elements and a 1e6-element program, Cohort on 1 and
 * 4 in-process shards (each in a child JVM of its own, {@link LatencyChild}) beside NumPy ({@code
 * benchmarks/python/latency.py}) in the same run; and the memory of a steady-state CG loop (Poisson, n = 300): bytes
 * allocated per iteration, GC time share and the child's peak resident set. Writes {@link SuiteOutput} "latency".
 */
@Command(name = "latency", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Latency of small operations beside NumPy, and the memory of a steady-state CG loop.")
public final class LatencyBenchmark implements Callable<Integer> {
    /** A timed operation: its key in the children's and the script's output ({@code <key>_ns=}) and what it does. */
    record Op(String key, String label) {
    }

    /**
     * The early calls ({@code --warmup} untimed before them: a JVM still compiling the launch path) and, after
     * {@code --steady-warmup} more untimed calls, the steady state (the launch path compiled by C2).
     */
    static final List<Op> OPERATIONS = List.of(new Op("sum", "x.sum().itemDouble()"), new Op("add_get", "x.add(y).get(5).itemDouble()"),
            new Op("sum_steady", "x.sum().itemDouble() (steady state)"),
            new Op("add_get_steady", "x.add(y).get(5).itemDouble() (steady state)"));
    static final String PROGRAM = "program";
    static final List<Integer> SHARDS = List.of(1, 4);
    static final double ALLOCATION_GOAL_PERCENT = 1;
    static final double GC_GOAL_PERCENT = 3;
    /** Heap of the latency children and of the CG child. */
    static final int CHILD_XMX_MIB = 1024;
    static final int CG_XMX_MIB = 4096;
    /** Grid side of the CG. */
    static final long N = 300;
    static final Duration CHILD_TIMEOUT = Duration.ofMinutes(10);

    @Option(names = "--out", defaultValue = "benchmarks/results", description = "Directory of latency.csv, -targets.csv, .md.") Path out;
    @Option(names = "--quick", description = "500 timed calls (1000 warm-up), 5 program runs, CG solves of 50 and 150 iterations.") boolean quick;
    @Option(names = "--python", defaultValue = "python3", description = "Python of the NumPy reference, or 'none'.") String python;
    @Option(names = "--iterations", description = "Timed calls of each small operation (default 5000; --quick 500).") Integer iterations;
    @Option(names = "--warmup", description = "Untimed calls before them (default 2000; --quick 1000).") Integer warmup;
    @Option(names = "--steady-warmup", description = "Untimed calls before the steady-state timings (default 100000; --quick 10000).")
    Integer steadyWarmup;

    /** The sizes of one run. */
    record Settings(int warmup, int iterations, int steadyWarmup, int programRuns, long n, int k1, int k2) {
    }

    public static void main(String[] args) {
        System.exit(new CommandLine(new LatencyBenchmark()).execute(args));
    }

    Settings settings() {
        return new Settings(warmup != null ? warmup : quick ? 1000 : 2000, iterations != null ? iterations : quick ? 500 : 5000,
                steadyWarmup != null ? steadyWarmup : quick ? 10_000 : 100_000, quick ? 5 : 10, N, quick ? 50 : 100, quick ? 150 : 1000);
    }

    @Override
    public Integer call() {
        Settings s = settings();
        List<String> opsArgs = List.of("warmup=" + s.warmup(), "iterations=" + s.iterations(), "steady_warmup=" + s.steadyWarmup(),
                "program_runs=" + s.programRuns());
        List<Timings> timings = new ArrayList<>();
        PythonRunner.Probe probe;
        if ("none".equals(python)) {
            probe = PythonRunner.Probe.notRunnable("--python none");
            timings.add(Timings.failed("numpy", "not run: --python none"));
        } else {
            PythonRunner py = new PythonRunner(python, PythonRunner.defaultScripts());
            probe = py.probe();
            timings.add(logged(Timings.of("numpy", py.run("latency.py", opsArgs, CHILD_TIMEOUT))));
        }
        for (int shards : SHARDS) {
            List<String> args = new ArrayList<>(List.of("mode=ops", "shards=" + shards));
            args.addAll(opsArgs);
            timings.add(logged(Timings.of(MacroBenchmark.cohortSystem(shards), child(CHILD_XMX_MIB, args))));
        }
        Memory memory = Memory.of(child(CG_XMX_MIB, List.of("mode=cg", "n=" + s.n(), "k1=" + s.k1(), "k2=" + s.k2())), s.n());
        System.err.println("[latency] CG: " + (memory.ok() ? memory.describe() : memory.error()));

        SuiteOutput o = new SuiteOutput(out, "latency");
        write(o, timings, memory, s, probe.numpy() ? python + ": Python " + probe.pythonVersion() + ", NumPy " + probe.numpyVersion()
                : probe.describe());
        o.write();
        System.out.print(Report.table(latencyRows(timings)) + "\n" + Report.table(programRows(timings)) + "\n"
                + Report.table(memoryRows(memory, s.k1())));
        return 0;
    }

    private static PythonRunner.Result child(int xmxMiB, List<String> args) {
        List<String> command = MacroBenchmark.javaCommand(xmxMiB, List.of(), LatencyChild.class);
        command.addAll(args);
        return PythonRunner.runCommand(command, CHILD_TIMEOUT, false);
    }

    private static Timings logged(Timings t) {
        System.err.println("[latency] " + t.system() + ": " + (t.ok() ? "ok" : t.error()));
        return t;
    }

    /**
     * One system's times (ns) of each operation of {@link #OPERATIONS} and of the {@link #PROGRAM}, and its peak resident
     * set (KiB, -1 when unknown), or why it has none.
     */
    record Timings(String system, Map<String, long[]> samples, long peakRssKib, String error) {
        static Timings failed(String system, String error) {
            return new Timings(system, Map.of(), -1, error);
        }

        /** What a child JVM or the script printed: {@code <key>_ns=t1,t2,...} for every key. */
        static Timings of(String system, PythonRunner.Result r) {
            if (!r.ok()) {
                return failed(system, "failed: " + (r.exitCode() == 124 ? "timed out, " : "") + "exit status " + r.exitCode()
                        + ": " + r.tail(3));
            }
            Map<String, long[]> samples = new LinkedHashMap<>();
            try {
                List<String> keys = new ArrayList<>(OPERATIONS.stream().map(Op::key).toList());
                keys.add(PROGRAM);
                for (String key : keys) {
                    samples.put(key, Arrays.stream(PythonRunner.samples(r.values(), key + "_ns")).mapToLong(Math::round).toArray());
                }
            } catch (IllegalArgumentException e) {
                return failed(system, "failed: unreadable output: " + e.getMessage());
            }
            long rss = r.values().containsKey("vm_hwm_kib") ? KeyValues.getLong(r.values(), "vm_hwm_kib") : -1;
            return new Timings(system, samples, rss, null);
        }

        boolean ok() {
            return error == null;
        }

        /** The nearest-rank {@code p}-th percentile of {@code key}'s times in µs, or NaN when not measured. */
        double micros(String key, double p) {
            long[] s = ok() ? samples.get(key) : null;
            if (s == null || s.length == 0) {
                return Double.NaN;
            }
            long[] sorted = s.clone();
            Arrays.sort(sorted);
            return Stats.percentile(sorted, p) / 1e3;
        }
    }

    /**
     * The CG child's reading: the bytes all threads allocated in the longer solve minus those of the shorter one, and
     * the iterations between them (set-up cancels); the longer solve's iterations, GC time (ms) and count, and wall time
     * (ns); the collectors, the threads that ended during a solve (their allocation is lost) and the peak resident set;
     * or why there is none.
     */
    record Memory(long n, int iterations, long allocatedBytes, int longIterations, long gcMillis, long gcCount, long wallNanos,
                  String gcNames, long threadsLost, long peakRssKib, Settle settle, String error) {
        static Memory failed(String error) {
            return new Memory(0, 0, 0, 0, 0, 0, 0, "", 0, -1, null, error);
        }

        static Memory of(PythonRunner.Result r, long n) {
            if (!r.ok()) {
                return failed("CG child failed: exit status " + r.exitCode() + ": " + r.tail(3));
            }
            try {
                Map<String, String> v = r.values();
                int iterations = Math.toIntExact(KeyValues.getLong(v, "long.iterations") - KeyValues.getLong(v, "short.iterations"));
                if (iterations <= 0) {
                    return failed("CG child: the longer solve ran no more iterations than the shorter (" + v + ")");
                }
                long allocated = KeyValues.getLong(v, "long.allocated_bytes") - KeyValues.getLong(v, "short.allocated_bytes");
                return new Memory(n, iterations, allocated, Math.toIntExact(KeyValues.getLong(v, "long.iterations")),
                        KeyValues.getLong(v, "long.gc_ms"), KeyValues.getLong(v, "long.gc_count"), KeyValues.getLong(v, "long.wall_ns"),
                        v.getOrDefault("gc_names", "?"), KeyValues.getLong(v, "short.threads_lost") + KeyValues.getLong(v, "long.threads_lost"),
                        KeyValues.getLong(v, "vm_hwm_kib"), Settle.of(v), null);
            } catch (IllegalArgumentException | ArithmeticException e) {
                return failed("CG child: unreadable output: " + e.getMessage());
            }
        }

        boolean ok() {
            return error == null;
        }

        double vectorBytes() {
            return n * n * 8.0;
        }

        double bytesPerIteration() {
            return (double) allocatedBytes / iterations;
        }

        double percentOfVector() {
            return 100 * bytesPerIteration() / vectorBytes();
        }

        /** GC time over wall time of the longer solve, in percent. */
        double gcPercent() {
            return 100.0 * gcMillis * 1e6 / wallNanos;
        }

        String describe() {
            return String.format(Locale.ROOT, "%.0f B/iteration = %.2f %% of a vector, GC %.2f %% of wall time, peak RSS %.0f MiB",
                    bytesPerIteration(), percentOfVector(), gcPercent(), peakRssKib / 1024.0);
        }
    }

    /**
     * What the CG child's warm-up until the JIT settled took ({@code JitSettle}): solves, seconds, and whether a quiet
     * window ended it (false: the cap); null when the child printed none.
     */
    record Settle(long solves, double seconds, boolean settled) {
        static Settle of(Map<String, String> v) {
            if (!v.containsKey("settle.solves")) {
                return null;
            }
            return new Settle(KeyValues.getLong(v, "settle.solves"), Double.parseDouble(v.get("settle.seconds")),
                    KeyValues.getLong(v, "settle.settled") == 1);
        }

        String describe(int k1) {
            return String.format(Locale.ROOT, "%d solves of %d iterations in %.1f s%s", solves, k1, seconds,
                    settled ? "" : " (cap reached: still compiling)");
        }
    }

    /** The median goal of a small operation on {@code shards} shards, µs. */
    static double goalMicros(int shards) {
        return shards == 1 ? 10 : 30;
    }

    private static Timings find(List<Timings> timings, String system) {
        return timings.stream().filter(t -> t.system().equals(system)).findFirst()
                .orElse(Timings.failed(system, "not run"));
    }

    /** One row per operation and system: median, p90, p99 (µs), NumPy's median and the ratios to it and the goal. */
    static List<List<String>> latencyRows(List<Timings> timings) {
        List<List<String>> rows = new ArrayList<>();
        rows.add(List.of("operation", "system", "median µs", "p90 µs", "p99 µs", "NumPy median µs", "Cohort / NumPy", "goal µs",
                "median / goal"));
        Timings np = find(timings, "numpy");
        for (Op op : OPERATIONS) {
            for (Timings t : timings) {
                String k = op.key();
                if (!t.ok()) {
                    rows.add(List.of(op.label(), t.system(), t.error(), "", "", "", "", "", ""));
                    continue;
                }
                boolean cohort = !t.system().equals("numpy");
                double goal = cohort ? goalMicros(shardsOf(t.system())) : Double.NaN;
                rows.add(List.of(op.label(), t.system(), Report.format(t.micros(k, 50), 1), Report.format(t.micros(k, 90), 1),
                        Report.format(t.micros(k, 99), 1), cohort ? Report.format(np.micros(k, 50), 1) : "",
                        cohort ? Report.formatRatio(Report.ratio(t.micros(k, 50), np.micros(k, 50))) : "",
                        cohort ? Report.format(goal, 0) : "", cohort ? Report.formatRatio(t.micros(k, 50) / goal) : ""));
            }
        }
        return rows;
    }

    /** One row per system: the 1e6-element program's median and p90 (ms) and the ratio to NumPy's median. */
    static List<List<String>> programRows(List<Timings> timings) {
        List<List<String>> rows = new ArrayList<>();
        rows.add(List.of("program (arange(1e6), 10 x add(1), sum)", "median ms", "p90 ms", "Cohort / NumPy"));
        Timings np = find(timings, "numpy");
        for (Timings t : timings) {
            double median = t.micros(PROGRAM, 50) / 1e3;
            rows.add(List.of(t.system(), t.ok() ? Report.format(median, 2) : t.error(), Report.format(t.micros(PROGRAM, 90) / 1e3, 2),
                    t.system().equals("numpy") ? "" : Report.formatRatio(Report.ratio(median, np.micros(PROGRAM, 50) / 1e3))));
        }
        return rows;
    }

    /** The CG loop's memory, one row per quantity. */
    static List<List<String>> memoryRows(Memory m, int k1) {
        List<List<String>> rows = new ArrayList<>();
        rows.add(List.of("CG Poisson, steady state", "measured", "goal"));
        if (!m.ok()) {
            rows.add(List.of("not measured", m.error(), ""));
            return rows;
        }
        rows.add(List.of("grid n (one vector: n*n*8 B)", String.format(Locale.ROOT, "%d (%.0f B)", m.n(), m.vectorBytes()), ""));
        if (m.settle() != null) {
            rows.add(List.of("warm-up until the JIT settled", m.settle().describe(k1), ""));
        }
        rows.add(List.of("bytes allocated per iteration, all threads (" + m.iterations() + " iterations)",
                Report.format(m.bytesPerIteration(), 0), ""));
        rows.add(List.of("... as % of one vector", Report.format(m.percentOfVector(), 2), "<= " + Report.format(ALLOCATION_GOAL_PERCENT, 0)));
        rows.add(List.of(String.format(Locale.ROOT, "GC time, %% of wall time (%d iterations, %d collections, %d ms in %.0f ms)",
                m.longIterations(), m.gcCount(), m.gcMillis(), m.wallNanos() / 1e6), Report.format(m.gcPercent(), 2),
                "<= " + Report.format(GC_GOAL_PERCENT, 0)));
        rows.add(List.of("peak resident set of the child (VmHWM), MiB", Report.format(m.peakRssKib() / 1024.0, 0), ""));
        rows.add(List.of("collectors", m.gcNames(), ""));
        rows.add(List.of("threads ended during a solve (allocation lost)", Long.toString(m.threadsLost()), ""));
        return rows;
    }

    /** {@code 1} of {@code cohort-1shard}, {@code 4} of {@code cohort-4shards}. */
    static int shardsOf(String system) {
        return Integer.parseInt(system.replaceAll("[^0-9]", ""));
    }

    /** The suite's measurements, targets and section. */
    static void write(SuiteOutput o, List<Timings> timings, Memory m, Settings s, String python) {
        Timings np = find(timings, "numpy");
        for (Timings t : timings) {
            for (String k : t.samples().keySet()) {
                for (double p : new double[]{50, 90, 99}) {
                    o.measurement(k, t.system(), k.equals(PROGRAM) ? "1000000" : "1000", "p" + (int) p + "_us", t.micros(k, p), "us");
                }
                double toNumpy = Report.ratio(t.micros(k, 50), np.micros(k, 50));
                if (!t.system().equals("numpy") && !Double.isNaN(toNumpy)) {
                    o.measurement(k, t.system(), k.equals(PROGRAM) ? "1000000" : "1000", "median_ratio_to_numpy", toNumpy, "x");
                }
            }
            if (t.peakRssKib() >= 0) {
                o.measurement("child", t.system(), "", "peak_rss_mib", t.peakRssKib() / 1024.0, "MiB");
            }
        }
        for (Op op : OPERATIONS) {
            for (int shards : SHARDS) {
                String system = MacroBenchmark.cohortSystem(shards);
                Timings t = find(timings, system);
                double goal = goalMicros(shards);
                String name = "median latency of " + op.label() + " on 1000 float64 on " + shards + (shards == 1 ? " shard" : " in-process shards");
                String goalText = "<= " + Report.format(goal, 0);
                if (!t.ok()) {
                    o.target(name, Double.NaN, goalText, "µs", false, "not measured: " + t.error());
                    continue;
                }
                String k = op.key();
                double median = t.micros(k, 50);
                o.target(name, median, goalText, "µs", median <= goal, String.format(Locale.ROOT,
                        "p90 %.1f µs, p99 %.1f µs; NumPy %s µs, Cohort / NumPy %s", t.micros(k, 90), t.micros(k, 99),
                        Report.format(np.micros(k, 50), 2), Report.formatRatio(Report.ratio(median, np.micros(k, 50)))));
            }
        }
        String cg = "CG Poisson n=" + s.n() + " steady state: ";
        if (m.ok()) {
            o.measurement("cg_poisson", "cohort-1shard", Long.toString(s.n()), "bytes_per_iteration", m.bytesPerIteration(), "B");
            o.measurement("cg_poisson", "cohort-1shard", Long.toString(s.n()), "percent_of_vector_per_iteration", m.percentOfVector(), "%");
            o.measurement("cg_poisson", "cohort-1shard", Long.toString(s.n()), "gc_percent_of_wall", m.gcPercent(), "%");
            o.measurement("cg_poisson", "cohort-1shard", Long.toString(s.n()), "peak_rss_mib", m.peakRssKib() / 1024.0, "MiB");
            o.target(cg + "bytes allocated per iteration (all threads)", m.percentOfVector(), "<= " + Report.format(ALLOCATION_GOAL_PERCENT, 0),
                    "% of one vector", m.percentOfVector() <= ALLOCATION_GOAL_PERCENT,
                    String.format(Locale.ROOT, "%.0f B per iteration over %d iterations; one vector %.0f B; peak RSS %.0f MiB",
                            m.bytesPerIteration(), m.iterations(), m.vectorBytes(), m.peakRssKib() / 1024.0));
            o.target(cg + "GC time share", m.gcPercent(), "<= " + Report.format(GC_GOAL_PERCENT, 0), "% of wall time",
                    m.gcPercent() <= GC_GOAL_PERCENT, String.format(Locale.ROOT, "%d collections, %d ms in %.0f ms of a %d-iteration solve (%s)",
                            m.gcCount(), m.gcMillis(), m.wallNanos() / 1e6, m.longIterations(), m.gcNames()));
        } else {
            o.target(cg + "bytes allocated per iteration (all threads)", Double.NaN, "<= " + Report.format(ALLOCATION_GOAL_PERCENT, 0),
                    "% of one vector", false, "not measured: " + m.error());
            o.target(cg + "GC time share", Double.NaN, "<= " + Report.format(GC_GOAL_PERCENT, 0), "% of wall time", false,
                    "not measured: " + m.error());
        }

        o.md("## Latency of small operations and memory of a steady CG loop\n\n");
        o.md(String.format(Locale.ROOT, "Blocking operations on `x = arange(1000.0)` (and `y` likewise): %d untimed, then %d "
                + "timed calls, each timed alone (`System.nanoTime` / `time.perf_counter_ns`); nearest-rank percentiles. Cohort "
                + "runs in child JVMs (`LatencyChild`, `-Xmx%dm`, default configuration) on 1 shard and on 4 in-process shards "
                + "(every shard runs the loop; shard 0's times); NumPy (`benchmarks/python/latency.py`, %s) does "
                + "`float(x.sum())` and `float((x + y)[5])`. Then, for the *steady state* rows, each operation again: "
                + "%d more untimed calls and %d timed ones (a JVM compiles the launch path with C2 only after thousands of "
                + "calls, so the first rows measure a program still being compiled, the steady rows a loop that runs long; "
                + "NumPy does the same). Goal: median <= 10 µs on 1 shard, <= 30 µs on 4.\n\n",
                s.warmup(), s.iterations(), CHILD_XMX_MIB, python, s.steadyWarmup(), s.iterations()));
        o.md(Report.markdownTable(latencyRows(timings)));
        o.md(String.format(Locale.ROOT, "\nThe program `c = arange(1_000_000)` (int64), 10 × `c = c.add(1L)`, `c.sum()` read as "
                + "a value: 2 untimed and %d timed runs.\n\n", s.programRuns()));
        o.md(Report.markdownTable(programRows(timings)));
        o.md(String.format(Locale.ROOT, "\n`ConjugateGradient.poisson2d(n=%d, tol 0, K)` on 1 shard in a child JVM (`-Xmx%dm`): "
                + "warm-up solves of %d iterations until the JIT compiler has settled (`JitSettle`, as the macro suite's children: "
                + "a window of at least " + JitSettle.WINDOW_NANOS / 1_000_000 + " ms and 3 solves in which compilation took at most "
                + Math.round(JitSettle.QUIET_SHARE * 100) + " %% of the wall time, at most " + JitSettle.CAP_NANOS / 1_000_000_000
                + " s: the targets are about the steady state, and a loop measured while C2 still compiles it allocates what "
                + "compiled code would not), then solves of K = %d and %d iterations. Allocation per iteration: the "
                + "bytes of the longer solve minus those of the shorter, over the difference in iterations (set-up cancels), "
                + "from `ThreadMXBean.getThreadAllocatedBytes` summed over every live thread (workers included); the instance "
                + "pools refill through a collection about every 80 iterations, so the longer solve spans many of them. GC "
                + "share: the collectors' `getCollectionTime` over the wall time of the longer solve (on Java 17 G1's beans "
                + "count young and full pauses, not the remark and cleanup pauses of a concurrent cycle). Peak resident "
                + "set: `VmHWM` at the child's end.\n\n", s.n(), CG_XMX_MIB, s.k1(), s.k1(), s.k2()));
        o.md(Report.markdownTable(memoryRows(m, s.k1())));
    }
}
