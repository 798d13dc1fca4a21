package dev.cohort.bench.macro;

import dev.cohort.bench.Charts;
import dev.cohort.bench.Report;
import dev.cohort.bench.Stats;
import dev.cohort.bench.SuiteOutput;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Macro benchmarks (issue 5): logistic regression and Jacobi-preconditioned CG (2-D Poisson with slices, dense) at
 * several sizes, and (issue 15) the k-means, Black-Scholes and 2-D heat examples' loops (they have no Java floor), run by Cohort (1 shard with every core as a worker, and 2 in-process shards of one worker each) and
 * by NumPy (and Dask when it imports) on the same data in the same run, printed side by side in seconds per
 * iteration with the ratio Cohort / NumPy.
 *
 * <p><b>What is measured.</b> Each system runs the same loop (see {@link CohortWorkloads} and
 * {@code benchmarks/python/*.py}) from the same start: warm-up rounds, then timed rounds; a round is 8 gradient steps
 * (logistic regression: the example waits for w every 8) or 1 CG iteration (the example fetches the residual norm
 * every iteration), and its sample is its wall time / its iterations. Reported: median and minimum of the samples,
 * seconds per iteration; ratio = Cohort median / NumPy median (lower is better; 0.25 means 4x faster than NumPy).
 * Checksums after all iterations (log-loss and sum(w); residual and sum(x)) must agree with NumPy's to a relative
 * 1e-6 (absolute 1e-9), or the table says they do not.
 *
 * <p><b>Machine limit.</b> Each case also runs the Java floor ({@link FloorChild}, {@link FloorWorkloads}): the same
 * iteration hand-written in plain Java with one thread per core, fused (logistic regression reads X once; Poisson
 * in 3 passes; dense CG one read of A), with a bandwidth reference (a plain read pass over X; the matvec alone). Its
 * s/iteration is a column of the table, its bandwidth a table of its own, and the target notes say from these
 * numbers whether a missed goal is below what the machine allows or the miss is Cohort's.
 *
 * <p>Writes {@link SuiteOutput} {@code macro} ({@code macro.csv}, {@code macro-targets.csv}, {@code macro.md}) and
 * {@code macro-<workload>.png} into {@code --out}.
 */
@Command(name = "macro", mixinStandardHelpOptions = true,
        description = "Logistic regression and CG on Cohort beside NumPy (and Dask) on the same data, s/iteration and ratios.")
public final class MacroBenchmark implements Callable<Integer> {
    /** Relative and absolute tolerance of the checksum comparison. */
    static final double RTOL = 1e-6;
    static final double ATOL = 1e-9;
    /** Gradient steps per timed logistic-regression round. */
    static final int LOGREG_ROUND = 8;
    static final double LR = 0.1;

    @Option(names = "--out", paramLabel = "DIR", defaultValue = "benchmarks/results",
            description = "Directory for macro.csv, macro-targets.csv, macro.md and the charts (default: ${DEFAULT-VALUE}).")
    Path out;

    @Option(names = "--quick", description = "Small sizes only, fewer rounds (about a minute).")
    boolean quick;

    @Option(names = "--sizes", split = ",", paramLabel = "WORKLOAD:SIZE",
            description = "Cases to run, e.g. logreg:1000000x32,poisson:3163,dense:4096 (default: every size of the mode).")
    List<String> sizes;

    @Option(names = "--iterations", paramLabel = "K",
            description = "Timed rounds per system and case (default: logreg 5, poisson 20, dense 25; --quick 3, 8, 10).")
    Integer iterations;

    @Option(names = "--warmup", paramLabel = "K",
            description = "Untimed rounds before them (default: logreg 1, CG 3; --quick 1, 2).")
    Integer warmup;

    @Option(names = "--python", paramLabel = "CMD", defaultValue = "python3",
            description = "Python interpreter for the NumPy reference, or 'none' (default: ${DEFAULT-VALUE}).")
    String python;

    @Option(names = "--dask-python", paramLabel = "CMD", defaultValue = "auto",
            description = "Python interpreter for the Dask reference: 'auto' (the first of --python, python3, /usr/bin/python3 "
                    + "that can import dask.array and numpy), a command, or 'none' (default: ${DEFAULT-VALUE}).")
    String daskPython;

    @Option(names = "--child-xmx-mib", paramLabel = "MIB",
            description = "-Xmx of every Cohort child JVM (default: 12288 for cases whose largest array is 64 MiB or more, else 4096).")
    Integer childXmxMiB;

    @Option(names = "--child-jvm-option", paramLabel = "OPTION",
            description = "Added to every Cohort child JVM's options (repeatable), e.g. --child-jvm-option=-Xlog:gc.")
    List<String> childJvmOptions = new ArrayList<>();

    @Option(names = "--child-timeout-s", defaultValue = "900", description = "Limit per Cohort child JVM (default: ${DEFAULT-VALUE}).")
    long childTimeoutS;

    @Option(names = "--scripts", paramLabel = "DIR", description = "Directory of the reference scripts (default: benchmarks/python).")
    Path scripts;

    @Option(names = "--shards", split = ",", paramLabel = "S", defaultValue = "1,2",
            description = "Cohort in-process shard counts (default: ${DEFAULT-VALUE}); each shard gets cores / shards workers.")
    List<Integer> shards;

    @Option(names = "--no-floor", description = "Leave out the hand-written Java floor (FloorChild) of every case.")
    boolean noFloor;

    @Option(names = "--floor-threads", paramLabel = "T", description = "Threads of the Java floor (default: one per core).")
    Integer floorThreads;

    @Option(names = "--seed", defaultValue = "42", description = "Seed of the data (default: ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--python-timeout-s", defaultValue = "900", description = "Limit per reference run (default: ${DEFAULT-VALUE}).")
    long pythonTimeoutS;

    /** The workloads. */
    public enum Workload {
        logreg("logistic regression", "rows x features"),
        poisson("CG 2-D Poisson (Jacobi, slices)", "grid side n (n^2 unknowns)"),
        dense("dense CG (Jacobi)", "matrix order n"),
        kmeans("k-means (Lloyd, k=" + KMEANS_K + ")", "rows x features"),
        blackscholes("Black-Scholes (A&S 7.1.26 cdf)", "options"),
        heat("2-D heat (Jacobi sweeps, slices)", "grid side n");

        final String title;
        final String sizeMeaning;

        Workload(String title, String sizeMeaning) {
            this.title = title;
            this.sizeMeaning = sizeMeaning;
        }

        /** Whether its size is {@code ROWSxCOLS} (logreg, kmeans) rather than one number. */
        boolean matrixSized() {
            return this == logreg || this == kmeans;
        }

        /** The issue-5 workloads, which have a hand-written Java floor. */
        boolean original() {
            return this == logreg || this == poisson || this == dense;
        }
    }

    /** One workload at one size: {@code rows x cols} for logreg, {@code n} (in {@code rows}) for the CGs. */
    public record Case(Workload workload, long rows, int cols) {
        /** Parses {@code logreg:1000000x32}, {@code poisson:3163}, {@code dense:4096}. */
        public static Case parse(String text) {
            String[] parts = text.strip().split(":");
            if (parts.length != 2) {
                throw new IllegalArgumentException("expected WORKLOAD:SIZE, got '" + text + "'");
            }
            Workload w;
            try {
                w = Workload.valueOf(parts[0].strip());
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("unknown workload '" + parts[0] + "' (logreg, poisson, dense, kmeans, "
                        + "blackscholes, heat)");
            }
            String size = parts[1].strip().toLowerCase(Locale.ROOT);
            try {
                if (w.matrixSized()) {
                    String[] rc = size.split("x");
                    if (rc.length != 2) {
                        throw new IllegalArgumentException(w + " size is ROWSxFEATURES, got '" + parts[1] + "'");
                    }
                    return new Case(w, (long) Double.parseDouble(rc[0]), Integer.parseInt(rc[1]));
                }
                return new Case(w, (long) Double.parseDouble(size), 0);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("bad size '" + parts[1] + "' in '" + text + "'");
            }
        }

        public Case {
            if (rows < 1 || workload.matrixSized() && cols < 1) {
                throw new IllegalArgumentException("sizes must be positive");
            }
        }

        /** {@code 1000000x32} or {@code 3163}. */
        public String size() {
            return workload.matrixSized() ? rows + "x" + cols : Long.toString(rows);
        }

        @Override
        public String toString() {
            return workload + ":" + size();
        }
    }

    /** Cases of a full run. */
    static final List<String> FULL = List.of("logreg:100000x32", "logreg:1000000x32", "poisson:1000", "poisson:3163",
            "dense:2048", "dense:4096", "kmeans:1000000x32", "blackscholes:5000000", "heat:2048");
    /** Cases of a quick run. */
    static final List<String> QUICK = List.of("logreg:100000x32", "poisson:1000", "dense:2048", "kmeans:200000x32",
            "blackscholes:1000000", "heat:1024");
    /** Clusters of the k-means workload (its first k rows are the initial centroids). */
    static final int KMEANS_K = 8;
    /** Sweeps per timed heat round (each reads its change, as the example does). */
    static final int HEAT_ROUND = 10;

    /**
     * One system's result on one case.
     *
     * @param system  {@code numpy}, {@code dask}, {@code cohort-1shard}, {@code cohort-2shards}, {@code java-floor}
     * @param samples seconds per iteration of the timed rounds (empty when it failed or did not run)
     * @param checks  checksums by name
     * @param error   why there are no samples ({@code "not run: ..."} or {@code "failed: ..."}), else null
     * @param info    the Java floor's {@code floor.*} values (passes, bytes, bandwidth-pass times), or a Cohort
     *                measurement's {@code settle.*} values (with the prefix: {@link JitSettle}), else empty
     */
    public record Measured(Case c, String system, double[] samples, Map<String, Double> checks, String error,
            Map<String, Double> info) {
        /** A measurement without info (every system but the Java floor). */
        public Measured(Case c, String system, double[] samples, Map<String, Double> checks, String error) {
            this(c, system, samples, checks, error, Map.of());
        }

        /** An info value ({@link FloorWorkloads.Run#info()}, without the {@code floor.} prefix), NaN when absent. */
        public double info(String key) {
            Double v = info.get(key);
            return v == null ? Double.NaN : v;
        }

        public boolean ok() {
            return error == null && samples.length > 0;
        }

        /** Whether it ran and failed (rather than not running at all). */
        public boolean failed() {
            return !ok() && (error == null || !error.startsWith("not run"));
        }

        /** The gist of the failure, for a table cell: out of memory, timed out, exit status N, or unreadable output. */
        public String shortError() {
            if (error == null) {
                return "no samples";
            }
            if (error.contains("OutOfMemoryError") || error.contains("MemoryError")) {
                return "out of memory";
            }
            if (error.contains("timed out")) {
                return "timed out";
            }
            Matcher m = EXIT_STATUS.matcher(error);
            if (m.find()) {
                return "exit status " + m.group(1);
            }
            return error.contains("unreadable output") ? "unreadable output" : "see below";
        }

        public double median() {
            return ok() ? Stats.median(samples) : Double.NaN;
        }

        public double min() {
            return ok() ? Arrays.stream(samples).min().orElse(Double.NaN) : Double.NaN;
        }
    }

    private static final Pattern EXIT_STATUS = Pattern.compile("exit status (-?[0-9]+)");

    /** An issue-5 target of this suite: Cohort / NumPy at one case must be at most {@code goal}. */
    record Target(String name, String caseText, double goal) {
    }

    static final List<Target> TARGETS = List.of(
            new Target("logistic regression 1e6x32, Cohort / NumPy s/iteration", "logreg:1000000x32", 0.25),
            new Target("CG 2-D Poisson n=3163 (1e7 unknowns), Cohort / NumPy s/iteration", "poisson:3163", 0.3),
            new Target("dense CG n=4096, Cohort / NumPy s/iteration", "dense:4096", 0.8));

    public static void main(String[] args) {
        System.exit(new CommandLine(new MacroBenchmark()).execute(args));
    }

    @Override
    public Integer call() throws Exception {
        List<Case> cases = new ArrayList<>();
        for (String s : sizes != null ? sizes : quick ? QUICK : FULL) {
            cases.add(Case.parse(s));
        }
        for (int s : shards) {
            if (s < 1) {
                throw new CommandLine.ParameterException(new CommandLine(this), "--shards must be >= 1, got " + s);
            }
        }
        Path scriptDir = scripts != null ? scripts.toAbsolutePath() : PythonRunner.defaultScripts();
        PythonRunner py = null;
        PythonRunner.Probe probe;
        if ("none".equals(python)) {
            probe = PythonRunner.Probe.notRunnable("--python none");
        } else {
            py = new PythonRunner(python, scriptDir);
            probe = py.probe();
        }
        PythonRunner.DaskChoice dask = PythonRunner.chooseDask(daskPython, python, scriptDir);
        log("NumPy reference: " + python + ": " + probe.describe());
        log("Dask reference: " + dask.describe());
        long start = System.nanoTime();
        List<Measured> results = new ArrayList<>();
        for (Case c : cases) {
            results.addAll(runCase(c, py, probe, dask));
        }
        double minutes = (System.nanoTime() - start) / 60e9;
        SuiteOutput output = new SuiteOutput(out, "macro");
        write(output, cases, results, probe, dask, minutes);
        output.write();
        System.out.print(textTable(cases, results));
        log("wrote " + out.resolve("macro.md") + " (" + String.format(Locale.ROOT, "%.1f", minutes) + " min)");
        return 0;
    }

    /** The rounds of a workload: {@code --warmup}/{@code --iterations} or the mode's defaults. */
    CohortWorkloads.Rounds rounds(Workload w) {
        int timed = iterations != null ? iterations
                : switch (w) {
                    case logreg -> quick ? 3 : 5;
                    case poisson -> quick ? 8 : 20;
                    case dense -> quick ? 10 : 25;
                    case kmeans, blackscholes, heat -> quick ? 3 : 5;
                };
        int warm = warmup != null ? warmup : w == Workload.logreg || !w.original() ? 1 : quick ? 2 : 3;
        int length = switch (w) {
            case logreg -> LOGREG_ROUND;
            case heat -> HEAT_ROUND;
            default -> 1;
        };
        return new CohortWorkloads.Rounds(warm, timed, length);
    }

    /** {@code cohort-1shard}, {@code cohort-2shards}, ... */
    public static String cohortSystem(int shards) {
        return "cohort-" + shards + (shards == 1 ? "shard" : "shards");
    }

    /** Bytes of the case's largest array (X; the zero-bordered grid; M). */
    static long largestArrayBytes(Case c) {
        return switch (c.workload()) {
            case logreg -> c.rows() * c.cols() * 8;
            case poisson -> (c.rows() + 2) * (c.rows() + 2) * 8;
            case dense, heat -> c.rows() * c.rows() * 8;
            case kmeans -> c.rows() * c.cols() * 8;
            case blackscholes -> c.rows() * 8;
        };
    }

    /** The child JVM's -Xmx: 12 GiB when the largest array is 64 MiB or more, else 4 GiB. */
    static int defaultChildXmxMiB(Case c) {
        return largestArrayBytes(c) >= 64L << 20 ? 12288 : 4096;
    }

    /** Dask's row blocks: 2 per core. */
    static int daskChunks() {
        return 2 * java.lang.Runtime.getRuntime().availableProcessors();
    }

    /**
     * The command of the child JVM that runs Cohort on {@code c} with {@code shards} shards: {@link #javaCommand} of
     * {@link CohortChild}, then its arguments.
     */
    static List<String> childCommand(Case c, int shards, CohortWorkloads.Rounds rounds, Path data, int xmxMiB,
            List<String> extraOptions) {
        List<String> command = javaCommand(xmxMiB, extraOptions, CohortChild.class);
        command.addAll(List.of("--workload", c.workload().name(), "--n", Long.toString(c.rows()), "--shards", Integer.toString(shards),
                "--warmup", Integer.toString(rounds.warmup()), "--rounds", Integer.toString(rounds.timed()),
                "--round-length", Integer.toString(rounds.length())));
        if (c.workload() == Workload.logreg) {
            command.addAll(List.of("--features", Integer.toString(c.cols()), "--lr", Double.toString(LR)));
        }
        if (c.workload() == Workload.kmeans) {
            command.addAll(List.of("--features", Integer.toString(c.cols()), "--k", Integer.toString(KMEANS_K)));
        }
        if (c.workload() != Workload.poisson && c.workload() != Workload.heat) {
            command.addAll(List.of("--data", data.toString()));
        }
        return command;
    }

    /**
     * A child JVM running {@code main} (arguments to be added): this JVM's {@code java},
     * {@code --add-exports=java.base/jdk.internal.misc=ALL-UNNAMED}, {@code -Xmx}, {@code -XX:+ExitOnOutOfMemoryError},
     * this JVM's {@code -Dcohort.*} system properties, the {@code extraOptions}, the options in {@code COHORT_JAVA_OPTS}
     * (split at white space, as the launcher's shards take them: a profiler's flags, say), this JVM's class path and
     * {@code main}.
     */
    public static List<String> javaCommand(int xmxMiB, List<String> extraOptions, Class<?> main) {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
        command.addAll(dev.cohort.examples.launch.Launcher.JVM_OPTIONS); // jdk.internal.misc for Agrona, Chronicle Map's
        command.addAll(List.of("-Xmx" + xmxMiB + "m", "-XX:+ExitOnOutOfMemoryError"));
        System.getProperties().stringPropertyNames().stream().filter(k -> k.startsWith("cohort.")).sorted()
                .forEach(k -> command.add("-D" + k + "=" + System.getProperty(k)));
        command.addAll(extraOptions);
        String env = System.getenv(dev.cohort.examples.launch.Launcher.JAVA_OPTS_ENV);
        if (env != null && !env.isBlank()) {
            command.addAll(List.of(env.trim().split("\\s+")));
        }
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), main.getName()));
        return command;
    }

    /**
     * The command of the child JVM that runs the Java floor ({@link FloorChild}) on {@code c}: as
     * {@link #childCommand}, with {@code FloorChild} and {@code --threads} ({@code threads}, null: one per core)
     * instead of {@code CohortChild} and {@code --shards}.
     */
    static List<String> floorCommand(Case c, CohortWorkloads.Rounds rounds, Path data, int xmxMiB, List<String> extraOptions,
            Integer threads) {
        List<String> command = childCommand(c, 1, rounds, data, xmxMiB, extraOptions);
        int main = command.indexOf(CohortChild.class.getName());
        command.set(main, FloorChild.class.getName());
        int shards = main + command.subList(main, command.size()).indexOf("--shards");
        command.remove(shards + 1);
        command.remove(shards);
        if (threads != null) {
            command.addAll(List.of("--threads", Integer.toString(threads)));
        }
        return command;
    }

    private List<Measured> runCase(Case c, PythonRunner py, PythonRunner.Probe probe, PythonRunner.DaskChoice dask)
            throws IOException {
        log("== " + c + " ==");
        CohortWorkloads.Rounds rounds = rounds(c.workload());
        List<Measured> out = new ArrayList<>();
        Path data = Files.createTempDirectory("cohort-macro-");
        try {
            // the data, drawn here and written as .npy files that every system reads
            long t0 = System.nanoTime();
            if (c.workload() == Workload.logreg) {
                MacroData.LogReg lr = MacroData.logreg(Math.toIntExact(c.rows()), c.cols(), seed);
                Npy.write(data.resolve("X.npy"), lr.x(), lr.n(), lr.d());
                Npy.write(data.resolve("y.npy"), lr.y(), lr.n());
            } else if (c.workload() == Workload.dense) {
                MacroData.Dense dense = MacroData.dense(Math.toIntExact(c.rows()), seed);
                Npy.write(data.resolve("M.npy"), dense.m(), dense.n(), dense.n());
                Npy.write(data.resolve("b.npy"), dense.b(), dense.n());
            } else if (c.workload() == Workload.kmeans) {
                MacroData.LogReg blobs = MacroData.kmeans(Math.toIntExact(c.rows()), c.cols(), KMEANS_K, seed);
                Npy.write(data.resolve("X.npy"), blobs.x(), blobs.n(), blobs.d());
            } else if (c.workload() == Workload.blackscholes) {
                MacroData.Options o = MacroData.options(Math.toIntExact(c.rows()), seed);
                Npy.write(data.resolve("S.npy"), o.s(), o.s().length);
                Npy.write(data.resolve("K.npy"), o.k(), o.k().length);
                Npy.write(data.resolve("T.npy"), o.t(), o.t().length);
            }
            log(String.format(Locale.ROOT, "data ready in %.1f s", (System.nanoTime() - t0) / 1e9));

            // the references: NumPy, then Dask
            List<String> common = new ArrayList<>(List.of("--warmup", Integer.toString(rounds.warmup()),
                    "--rounds", Integer.toString(rounds.timed()), "--round-length", Integer.toString(rounds.length())));
            String script = switch (c.workload()) {
                case logreg -> "logreg.py";
                case poisson -> "cg_poisson.py";
                case dense -> "cg_dense.py";
                case kmeans -> "kmeans.py";
                case blackscholes -> "blackscholes.py";
                case heat -> "heat.py";
            };
            switch (c.workload()) {
                case logreg -> common.addAll(List.of("--data", data.toString(), "--lr", Double.toString(LR)));
                case poisson -> common.addAll(List.of("--n", Long.toString(c.rows())));
                // the first reference builds A = M M^T + n I and saves it; the second loads it
                case dense -> common.addAll(List.of("--data", data.toString(), "--system-cache", data.resolve("A.npy").toString()));
                case kmeans -> common.addAll(List.of("--data", data.toString(), "--k", Integer.toString(KMEANS_K)));
                case blackscholes -> common.addAll(List.of("--data", data.toString()));
                case heat -> common.addAll(List.of("--n", Long.toString(c.rows())));
            }
            if (probe.numpy()) {
                List<String> args = new ArrayList<>(common);
                args.addAll(List.of("--system", "numpy"));
                out.add(logged(fromPython(c, "numpy", py.run(script, args, Duration.ofSeconds(pythonTimeoutS)))));
            } else {
                out.add(logged(new Measured(c, "numpy", new double[0], Map.of(), "not run: " + probe.numpyError())));
            }
            if (dask.available()) {
                List<String> args = new ArrayList<>(common);
                args.addAll(List.of("--system", "dask", "--chunks", Integer.toString(daskChunks())));
                out.add(logged(fromPython(c, "dask", dask.runner().run(script, args, Duration.ofSeconds(pythonTimeoutS)))));
            }

            // Cohort: each shard count in a JVM of its own
            int xmx = childXmxMiB != null ? childXmxMiB : defaultChildXmxMiB(c);
            for (int s : shards) {
                List<String> command = childCommand(c, s, rounds, data, xmx, childJvmOptions);
                long c0 = System.nanoTime();
                PythonRunner.Result r = PythonRunner.runCommand(command, Duration.ofSeconds(childTimeoutS), false);
                log(String.format(Locale.ROOT, "%s child JVM (-Xmx%dm) exited %d after %.1f s", cohortSystem(s), xmx,
                        r.exitCode(), (System.nanoTime() - c0) / 1e9));
                out.add(logged(fromChild(c, cohortSystem(s), r, xmx)));
            }

            // the machine-limit reference: the iteration hand-written in plain Java, in a JVM of its own
            if (!noFloor && c.workload().original()) { // no hand-written floor of the issue-15 workloads
                List<String> command = floorCommand(c, rounds, data, xmx, childJvmOptions, floorThreads);
                long f0 = System.nanoTime();
                PythonRunner.Result r = PythonRunner.runCommand(command, Duration.ofSeconds(childTimeoutS), false);
                log(String.format(Locale.ROOT, "%s child JVM (-Xmx%dm) exited %d after %.1f s", FloorChild.SYSTEM, xmx,
                        r.exitCode(), (System.nanoTime() - f0) / 1e9));
                out.add(logged(fromChild(c, FloorChild.SYSTEM, r, xmx)));
            }
        } finally {
            deleteTree(data);
        }
        return out;
    }

    private static Measured logged(Measured m) {
        log(describe(m));
        return m;
    }

    /** A reference run's result as a measurement (its error when the script failed or printed no samples). */
    static Measured fromPython(Case c, String system, PythonRunner.Result r) {
        if (!r.ok()) {
            return new Measured(c, system, new double[0], Map.of(), "failed: " + (r.exitCode() == 124 ? "timed out, " : "")
                    + "exit status " + r.exitCode() + ": " + r.tail(3));
        }
        return parsed(c, system, r);
    }

    /**
     * A Cohort child JVM's result as a measurement: when it failed, why (out of memory at {@code -Xmx}, timed out, or
     * its exit status and last lines of output).
     */
    static Measured fromChild(Case c, String system, PythonRunner.Result r, int xmxMiB) {
        if (!r.ok()) {
            String oom = r.other().stream().filter(l -> l.contains("OutOfMemoryError")).findFirst().orElse(null);
            String reason;
            if (r.exitCode() == 124) {
                reason = "timed out: " + r.tail(1);
            } else if (oom != null) {
                reason = "exit status " + r.exitCode() + ", " + oom.strip() + " (child JVM -Xmx" + xmxMiB + "m)";
            } else {
                String exception = exceptionLine(r.other());
                reason = "exit status " + r.exitCode() + ": " + (exception != null ? exception : r.tail(3));
            }
            return new Measured(c, system, new double[0], Map.of(), "failed: " + reason);
        }
        return parsed(c, system, r);
    }

    /** The paragraph on what the Cohort children's settling of the JIT took ({@link JitSettle}), or "" without any. */
    static String settleText(List<Measured> results) {
        List<String> parts = new ArrayList<>();
        for (Measured m : results) {
            double rounds = m.info(CohortChild.SETTLE_PREFIX + "rounds");
            if (Double.isNaN(rounds)) {
                continue;
            }
            boolean settled = m.info(CohortChild.SETTLE_PREFIX + "settled") == 1;
            parts.add(String.format(Locale.ROOT, "%s %s %d %s in %.1f s%s", m.c(), m.system(), (long) rounds,
                    m.system().equals(FloorChild.SYSTEM) ? "whole runs" : "rounds",
                    m.info(CohortChild.SETTLE_PREFIX + "seconds"), settled ? "" : " (cap reached: still compiling)"));
        }
        if (parts.isEmpty()) {
            return "";
        }
        return "Warm-up until the JIT settled, before the rounds above (Cohort: rounds on scratch state; the Java floor: "
                + "whole runs from fresh state, the last one counted): " + String.join("; ", parts)
                + ".\n\n";
    }

    private static final Pattern EXCEPTION = Pattern.compile("^(Caused by: )?[A-Za-z_$][\\w.$]*(Exception|Error)(: .*)?$");

    /** The innermost cause ({@code Caused by: ...}) or else the first exception line of a stack trace, or null. */
    static String exceptionLine(List<String> lines) {
        String first = null;
        String cause = null;
        for (String l : lines) {
            String t = l.strip();
            if (EXCEPTION.matcher(t).matches()) {
                if (t.startsWith("Caused by: ")) {
                    cause = t.substring("Caused by: ".length());
                } else if (first == null) {
                    first = t;
                }
            }
        }
        return cause != null ? cause : first;
    }

    private static Measured parsed(Case c, String system, PythonRunner.Result r) {
        try {
            double[] samples = PythonRunner.samples(r.values());
            Map<String, Double> checks = new LinkedHashMap<>();
            for (String key : List.of("loss", "w_sum", "residual", "x_sum", "inertia", "centroid_sum", "call_sum", "put_sum",
                    "change", "u_sum")) {
                if (r.values().containsKey(key)) {
                    checks.put(key, Double.parseDouble(r.values().get(key)));
                }
            }
            Map<String, Double> info = new LinkedHashMap<>();
            r.values().forEach((k, v) -> {
                if (k.startsWith(FloorChild.INFO_PREFIX)) {
                    info.put(k.substring(FloorChild.INFO_PREFIX.length()), Double.parseDouble(v));
                } else if (k.startsWith(CohortChild.SETTLE_PREFIX)) {
                    info.put(k, Double.parseDouble(v));
                }
            });
            return new Measured(c, system, samples, checks, null, info);
        } catch (IllegalArgumentException e) {
            return new Measured(c, system, new double[0], Map.of(), "failed: unreadable output: " + e.getMessage());
        }
    }

    /** Whether {@code a} and {@code b} agree: {@code |a - b| <= RTOL max(|a|, |b|) + ATOL}. */
    static boolean close(double a, double b) {
        return Math.abs(a - b) <= RTOL * Math.max(Math.abs(a), Math.abs(b)) + ATOL;
    }

    /**
     * {@code "agree"} when every checksum both have agrees (see {@link #close}), else which differ and by how much;
     * {@code "n/a"} when either has none.
     */
    static String compareChecks(Map<String, Double> cohort, Map<String, Double> reference) {
        List<String> differ = new ArrayList<>();
        int compared = 0;
        for (Map.Entry<String, Double> e : reference.entrySet()) {
            Double mine = cohort.get(e.getKey());
            if (mine == null) {
                continue;
            }
            compared++;
            if (!close(mine, e.getValue())) {
                differ.add(String.format(Locale.ROOT, "%s %.10g vs %.10g", e.getKey(), mine, e.getValue()));
            }
        }
        if (compared == 0) {
            return "n/a";
        }
        return differ.isEmpty() ? "agree" : "DIFFER: " + String.join("; ", differ);
    }

    private void write(SuiteOutput o, List<Case> cases, List<Measured> results, PythonRunner.Probe probe,
            PythonRunner.DaskChoice dask, double minutes) {
        for (Measured m : results) {
            String v = m.c().size();
            String b = m.c().workload().name();
            if (!m.ok()) {
                if (m.failed()) {
                    o.measurement(b, m.system(), v, "failed", 1, "flag"); // why: macro.md
                }
                continue;
            }
            o.measurement(b, m.system(), v, "seconds_per_iteration_median", m.median(), "s");
            o.measurement(b, m.system(), v, "seconds_per_iteration_min", m.min(), "s");
            o.measurement(b, m.system(), v, "timed_rounds", m.samples().length, "count");
            if (!m.system().equals("numpy")) {
                double toNumpy = Report.ratio(m.median(), reference(results, m.c(), "numpy").median());
                if (!Double.isNaN(toNumpy)) {
                    o.measurement(b, m.system(), v, "ratio_to_numpy", toNumpy, "x");
                }
            }
            if (m.system().startsWith("cohort")) {
                double toDask = Report.ratio(m.median(), reference(results, m.c(), "dask").median());
                if (!Double.isNaN(toDask)) {
                    o.measurement(b, m.system(), v, "ratio_to_dask", toDask, "x");
                }
                double toFloor = Report.ratio(m.median(), reference(results, m.c(), FloorChild.SYSTEM).median());
                if (!Double.isNaN(toFloor)) {
                    o.measurement(b, m.system(), v, "ratio_to_floor", toFloor, "x");
                }
            }
            m.checks().forEach((k, x) -> o.measurement(b, m.system(), v, "check_" + k, x, ""));
            if (!Double.isNaN(m.info(CohortChild.SETTLE_PREFIX + "rounds"))) {
                o.measurement(b, m.system(), v, "jit_settle_rounds", m.info(CohortChild.SETTLE_PREFIX + "rounds"), "count");
                o.measurement(b, m.system(), v, "jit_settle_seconds", m.info(CohortChild.SETTLE_PREFIX + "seconds"), "s");
                o.measurement(b, m.system(), v, "jit_settled", m.info(CohortChild.SETTLE_PREFIX + "settled"), "bool");
            }
            if (m.system().equals(FloorChild.SYSTEM)) {
                for (String k : List.of("threads", "passes", "bytes_per_iteration")) {
                    if (!Double.isNaN(m.info(k))) {
                        o.measurement(b, m.system(), v, k, m.info(k), k.equals("bytes_per_iteration") ? "B" : "count");
                    }
                }
                o.measurement(b, m.system(), v, "iteration_gb_per_s", gbps(m.info("bytes_per_iteration"), m.median()), "GB/s");
                Limit limit = limit(m);
                if (limit != null && limit.metric() != null) {
                    o.measurement(b, m.system(), v, limit.metric() + "_seconds", limit.seconds(), "s");
                    o.measurement(b, m.system(), v, limit.metric() + "_gb_per_s", limit.gbps(), "GB/s");
                    double toNumpy = Report.ratio(limit.seconds(), reference(results, m.c(), "numpy").median());
                    if (!Double.isNaN(toNumpy)) {
                        o.measurement(b, m.system(), v, limit.metric() + "_ratio_to_numpy", toNumpy, "x");
                    }
                }
            }
        }
        for (Target t : TARGETS) {
            Case c = Case.parse(t.caseText());
            Measured np = find(results, c, "numpy");
            Measured best = results.stream().filter(m -> m.c().equals(c) && m.system().startsWith("cohort") && m.ok())
                    .min(Comparator.comparingDouble(Measured::median)).orElse(null);
            String goal = "<= " + Report.formatRatio(t.goal());
            if (!cases.contains(c)) {
                o.target(t.name(), Double.NaN, goal, "x NumPy", false, "not measured: size not run (" + (quick ? "--quick" : "--sizes") + ")");
            } else if (np == null || !np.ok()) {
                o.target(t.name(), Double.NaN, goal, "x NumPy", false, "not measured: NumPy " + (np == null ? "missing" : np.error()));
            } else if (best == null) {
                o.target(t.name(), Double.NaN, goal, "x NumPy", false, "not measured: every Cohort run failed");
            } else {
                double ratio = best.median() / np.median();
                StringBuilder note = new StringBuilder(String.format(Locale.ROOT, "%s %.4g s/iter vs NumPy %.4g s/iter",
                        best.system(), best.median(), np.median()));
                for (Measured other : results) {
                    if (other.c().equals(c) && other.system().startsWith("cohort") && other != best && other.ok()) {
                        note.append(String.format(Locale.ROOT, "; %s ratio %.2f", other.system(), other.median() / np.median()));
                    }
                }
                Measured d = find(results, c, "dask");
                if (d != null && d.ok()) {
                    note.append(String.format(Locale.ROOT, "; Dask %.4g s/iter, %s / Dask %.2f", d.median(), best.system(),
                            best.median() / d.median()));
                }
                note.append(floorNote(t.goal(), best, np, find(results, c, FloorChild.SYSTEM)));
                o.target(t.name(), ratio, goal, "x NumPy", ratio <= t.goal(), note.toString());
            }
        }

        boolean daskColumn = dask.available() || results.stream().anyMatch(m -> m.system().equals("dask"));
        int cores = java.lang.Runtime.getRuntime().availableProcessors();
        o.md("## Macro benchmarks: Cohort beside NumPy" + (daskColumn ? " and Dask" : "") + "\n\n");
        o.md("Logistic regression and Jacobi-preconditioned CG, the loops of `examples` (`LogisticRegression.train`, "
                + "`ConjugateGradient.poisson2d` / `dense` with `solve`), run by Cohort, NumPy and Dask on the same data in the "
                + "same run (`dev.cohort.bench.macro.MacroBenchmark`, scripts in `benchmarks/python/`). Seconds per "
                + "iteration, **median (min)** of the timed rounds after warm-up. The Cohort child first runs rounds on "
                + "scratch state until the JIT compiler has settled (`JitSettle`: a window of at least "
                + JitSettle.WINDOW_NANOS / 1_000_000 + " ms and 3 rounds in which compilation took at most "
                + Math.round(JitSettle.QUIET_SHARE * 100) + " % of the wall time, at most " + JitSettle.CAP_NANOS / 1_000_000_000
                + " s; shard 0 decides for all; what it took is listed below the table), then the same warm-up and timed "
                + "rounds as the references from the same start, and before the timed rounds waits until the "
                + "Vector API warm-up has compiled, or given up on, every kernel the untimed rounds asked for "
                + "(`VectorWarmup.awaitRequested`, as the op-mix child waits for all of them); a round is " + LOGREG_ROUND
                + " gradient steps (logistic regression) or 1 CG iteration, timed until its result is back (w, or the "
                + "residual norm the CG loop tests). **Ratio = median / the reference's median**: lower is better. "
                + "Cohort 1 shard runs every core as a worker; 2 shards are in-process replicas with "
                + "cores / 2 workers each. Every Cohort measurement runs in a JVM of its own (`CohortChild`: `-Xmx` "
                + (childXmxMiB != null ? childXmxMiB + " MiB" : "4 GiB, or 12 GiB for cases whose largest array is 64 MiB or more")
                + ", `-XX:+ExitOnOutOfMemoryError`, Cohort's default configuration, determinism checks included), which "
                + "reads the same `.npy` files as the references; one that fails is shown as failed, with the reason below "
                + "the table. Checksums (log-loss and sum(w); residual and sum(x)) after all iterations must agree with "
                + "NumPy's to a relative 1e-6 (absolute 1e-9).\n\n");
        o.md("Rounds (warm-up + timed): " + roundsText() + ".\n\n");
        if (cases.stream().anyMatch(c -> !c.workload().original())) {
            o.md("The k-means, Black-Scholes and 2-D heat workloads (issue 15) are the loops of `KMeans.cluster`, "
                    + "`BlackScholes.price` and `Heat.solve` in `examples`, beside `benchmarks/python/kmeans.py`, "
                    + "`blackscholes.py` and `heat.py`: k-means from the first " + KMEANS_K + " rows of Gaussian blobs, a "
                    + "round is 1 Lloyd iteration ended by reading the count of moved labels (checksums: the sum of the "
                    + "smallest D2 per row, the centroid sum); Black-Scholes prices options drawn in Java (not timed), a "
                    + "round prices all of them and ends with the call and put sums; heat sweeps an n x n grid (top edge 1), "
                    + "a round is " + HEAT_ROUND + " sweeps each ending with its max change read (Cohort reads it "
                    + "3 sweeps later, as the example does; checksums: the last change, sum(u)). Their sizes take about 1 s "
                    + "per round in NumPy. Their Dask variants persist the row blocks once, compute the small centroids and the "
                    + "moved count every k-means iteration, both sums in one graph for Black-Scholes, and sweep heat with "
                    + "`map_overlap` (one ghost row a side: Dask's stencil idiom, the same bits as NumPy's slices), "
                    + "persisting the grid and computing its change every sweep. They have no hand-written Java floor.\n\n");
        }
        StringBuilder refs = new StringBuilder();
        refs.append("NumPy reference: `").append(python).append("`: ").append(probe.describe()).append(". ");
        if (dask.available()) {
            refs.append("Dask reference: `").append(dask.runner().python()).append("`: ").append(dask.probe().describe())
                    .append("; threaded scheduler, ").append(cores).append(" worker threads, arrays in ").append(daskChunks())
                    .append(" row blocks (2 per core). ");
            if (dask.probe().numpyVersion() != null && probe.numpyVersion() != null
                    && !dask.probe().numpyVersion().equals(probe.numpyVersion())) {
                refs.append("Dask's Python has another NumPy (").append(dask.probe().numpyVersion()).append(" vs ")
                        .append(probe.numpyVersion()).append(") and BLAS, which its blocks run on. ");
            }
        } else {
            refs.append("**No Python here imports Dask, so Dask has no column** (`benchmarks/python/install-dask` installs it): ")
                    .append(dask.describe()).append(". ");
        }
        refs.append("Data: float64, drawn in Java (seed ").append(seed).append(") and written as `.npy` files that every system reads. ")
                .append(String.format(Locale.ROOT, "The suite took %.1f min.", minutes));
        o.md(refs + "\n\n");
        o.md(markdownTable(cases, results, daskColumn) + "\n");
        o.md(settleText(results));
        if (results.stream().anyMatch(m -> m.system().equals(FloorChild.SYSTEM))) {
            o.md(floorSection(cases, results));
        }

        List<String> problems = new ArrayList<>();
        for (Measured m : results) {
            if (!m.ok()) {
                problems.add("- " + m.c() + " " + m.system() + ": " + m.error());
            }
        }
        if (!problems.isEmpty()) {
            o.md("Runs without a result:\n\n" + String.join("\n", problems) + "\n\n");
        }

        StringBuilder checks = new StringBuilder("<details><summary>Checksums</summary>\n\n| case | system | checksums |\n|---|---|---|\n");
        for (Measured m : results) {
            if (m.ok()) {
                List<String> kv = new ArrayList<>();
                m.checks().forEach((k, v) -> kv.add(k + " = " + String.format(Locale.ROOT, "%.12g", v)));
                checks.append("| ").append(m.c()).append(" | ").append(m.system()).append(" | ")
                        .append(String.join(", ", kv)).append(" |\n");
            }
        }
        o.md(checks.append("\n</details>\n\n").toString());

        for (Workload w : Workload.values()) {
            List<Case> mine = cases.stream().filter(c -> c.workload() == w).toList();
            if (mine.isEmpty()) {
                continue;
            }
            Map<String, double[]> series = new LinkedHashMap<>();
            for (String system : systems(results)) {
                double[] v = new double[mine.size()];
                for (int i = 0; i < mine.size(); i++) {
                    Measured m = find(results, mine.get(i), system);
                    v[i] = m == null ? Double.NaN : m.median();
                }
                series.put(label(system), v);
            }
            String file = "macro-" + w.name() + ".png";
            try {
                Charts.bars(o.dir().resolve(file), w.title + ": seconds per iteration (median)", w.sizeMeaning,
                        "s / iteration", mine.stream().map(Case::size).toList(), series, Charts.Scale.AUTO);
                o.md("![" + w.title + "](" + file + ")\n\n");
            } catch (IllegalArgumentException | UncheckedIOException e) {
                o.md("(no chart for " + w.title + ": " + e.getMessage() + ")\n\n");
            }
        }
    }

    /**
     * A bandwidth reference of the Java floor: {@code bytes} moved in {@code seconds} (median) by {@code what};
     * {@code metric} names it in macro.csv ({@code read_pass}, {@code matvec}; null when it is the iteration itself).
     */
    record Limit(String what, String metric, double seconds, double bytes) {
        double gbps() {
            return MacroBenchmark.gbps(bytes, seconds);
        }
    }

    /** GB/s (1e9 bytes per second); NaN unless both are positive. */
    static double gbps(double bytes, double seconds) {
        return bytes > 0 && seconds > 0 ? bytes / seconds / 1e9 : Double.NaN;
    }

    /**
     * The floor's bandwidth reference: logreg, the plain read pass over X; dense, the A @ p part of the iteration;
     * Poisson, the floor's iteration itself (its passes are all bandwidth). Null when the floor has no result.
     */
    static Limit limit(Measured floor) {
        if (floor == null || !floor.ok()) {
            return null;
        }
        return switch (floor.c().workload()) {
            case logreg -> Double.isNaN(floor.info("read_pass_seconds")) ? null
                    : new Limit("X read once", "read_pass", floor.info("read_pass_seconds"), floor.info("read_pass_bytes"));
            case dense -> Double.isNaN(floor.info("matvec_seconds")) ? null
                    : new Limit("A @ p (A read once)", "matvec", floor.info("matvec_seconds"), floor.info("matvec_bytes"));
            case poisson -> new Limit(String.format(Locale.ROOT, "%.0f passes over the n² arrays", floor.info("passes")), null,
                    floor.median(), floor.info("bytes_per_iteration"));
            case kmeans, blackscholes, heat -> null;
        };
    }

    private static String megabytes(double bytes) {
        return String.format(Locale.ROOT, "%.0f MB", bytes / 1e6);
    }

    /**
     * The part of a target's note that the Java floor measured in the same run explains: the floor's ratio to NumPy,
     * the bandwidth it reaches, and whether the goal is below what this machine allows (the bandwidth reference is
     * already slower than the goal), below what a hand-fused Java iteration reaches, or within reach (then the miss
     * is Cohort's, and by how much it trails the floor). Empty when the floor did not run.
     */
    static String floorNote(double goal, Measured best, Measured np, Measured floor) {
        if (floor == null) {
            return "";
        }
        if (!floor.ok()) {
            return "; Java floor " + (floor.failed() ? "failed (" + floor.shortError() + ")" : floor.error());
        }
        double floorRatio = floor.median() / np.median();
        double cohortToFloor = best.median() / floor.median();
        double ratio = best.median() / np.median();
        Workload w = floor.c().workload();
        StringBuilder note = new StringBuilder(String.format(Locale.ROOT,
                "; the hand-fused Java floor measured in this run is %.2f × NumPy (%.4g s/iter", floorRatio, floor.median()));
        Limit limit = limit(floor);
        double boundRatio = floorRatio;
        String bound;
        switch (w) {
            case logreg -> bound = "one pass over X";
            case dense -> bound = "one read of A per iteration";
            default -> bound = String.format(Locale.ROOT, "the floor's %.0f passes over the grid arrays", floor.info("passes"));
        }
        if (limit != null && limit.metric() != null) {
            boundRatio = limit.seconds() / np.median();
            note.append(String.format(Locale.ROOT, "; %s (%s) at %.1f GB/s takes %.3g s = %.2f × NumPy)", limit.what(),
                    megabytes(limit.bytes()), limit.gbps(), limit.seconds(), boundRatio));
        } else if (limit != null) {
            note.append(String.format(Locale.ROOT, ": %s, %s at %.1f GB/s)", limit.what(), megabytes(limit.bytes()), limit.gbps()));
        } else {
            note.append(')');
        }
        String g = "<= " + Report.formatRatio(goal) + " × NumPy";
        if (ratio <= goal) {
            note.append(String.format(Locale.ROOT, "; Cohort takes %.2f × the floor's time", cohortToFloor));
        } else if (limit != null && limit.metric() != null && boundRatio > 1) {
            // NumPy's whole iteration is faster than the floor's bandwidth reference: that is Java's limit, not the machine's
            note.append(", so ").append(g).append(String.format(Locale.ROOT, " is below what plain Java reaches here: NumPy's "
                    + "whole iteration moves those %s at %.1f GB/s or more, the Java floor at %.1f GB/s (NumPy's BLAS uses SIMD "
                    + "where C2 leaves floating-point reductions scalar), so this floor bounds a Java program, not the memory; "
                    + "Cohort takes %.2f × the floor's time", megabytes(limit.bytes()), gbps(limit.bytes(), np.median()),
                    limit.gbps(), cohortToFloor));
        } else if (boundRatio > goal) {
            note.append(", so ").append(g).append(" is below what ").append(bound).append(" allows here");
        } else if (floorRatio > goal) {
            note.append(", so ").append(g).append(String.format(Locale.ROOT,
                    " is below what the hand-fused Java iteration reaches here (%s alone would allow %.2f × NumPy); "
                            + "Cohort takes %.2f × the floor's time", bound, boundRatio, cohortToFloor));
        } else {
            note.append(String.format(Locale.ROOT, ", so the goal is within what this machine allows: the miss is Cohort's "
                    + "(it takes %.2f × the floor's time)", cohortToFloor));
        }
        String agree = compareChecks(floor.checks(), np.checks());
        if (agree.startsWith("DIFFER")) {
            note.append(" (the floor's checksums ").append(agree).append(" vs NumPy's)");
        }
        return note.toString();
    }

    /** The machine-limit section: the Java floor of every case, the bandwidth it reaches, and Cohort against it. */
    static String floorSection(List<Case> cases, List<Measured> results) {
        StringBuilder md = new StringBuilder("### Machine limit: the hand-written Java floor\n\n");
        md.append("`java-floor` (`FloorChild`, `FloorWorkloads`, a JVM of its own on the same `.npy` files) is each "
                + "iteration written by hand in plain Java over `double[]` with one thread per core (no Cohort runtime, no "
                + "NdArray), fused as a careful hand-written program would: the best this machine gives a Java program for "
                + "the same iteration, against which a missed target can be read. Logistic regression reads X once per "
                + "iteration (each thread half the rows; per block of " + FloorWorkloads.DEFAULT_BLOCK_ROWS
                + " rows, in L2: `z = X_b w`, `r = 1 / (exp(-z) + 1) - y`, `g += X_bᵀ r`), and a plain read pass over X "
                + "(sum, 8 accumulators per thread) gives the bandwidth floor. Poisson applies the 5-point stencil directly "
                + "(out-of-grid neighbours are 0, no padded copy) in " + FloorWorkloads.POISSON_PASSES + " passes over the "
                + "n² arrays (`p·Ap`; `r -= α Ap` with Ap recomputed and `r·r`; `x += α p`, `p = r/4 + β p`): "
                + FloorWorkloads.POISSON_STREAMS + " array streams (6 reads, 3 writes) per iteration. Dense CG does `A @ p` "
                + "as row-split dot products (8 accumulators) with `p·Ap` fused in, then the n-vector updates in two fused "
                + "loops; its matvec is timed on its own (one read of A). Reductions are deterministic (per-thread partial "
                + "sums added in thread order); the checksums must agree with NumPy's as Cohort's must. GB/s = bytes "
                + "read and written (1e9 B/s).\n\n");
        md.append("| workload | size | Java floor s/iter | floor / NumPy | passes over the large arrays | MB / iteration "
                + "| floor GB/s | bandwidth reference | its s | its GB/s | its / NumPy | best Cohort / floor |\n");
        md.append("|---|---|---:|---:|---:|---:|---:|---|---:|---:|---:|---:|\n");
        for (Case c : cases) {
            Measured f = find(results, c, FloorChild.SYSTEM);
            if (f == null) {
                continue;
            }
            Measured np = reference(results, c, "numpy");
            md.append("| ").append(c.workload().title).append(" | ").append(c.size()).append(" | ").append(cell(f)).append(" | ")
                    .append(ratioCell(f, np)).append(" | ");
            if (!f.ok()) {
                md.append("n/a | n/a | n/a | n/a | n/a | n/a | n/a | n/a |\n");
                continue;
            }
            Limit limit = limit(f);
            Measured best = results.stream().filter(m -> m.c().equals(c) && m.system().startsWith("cohort") && m.ok())
                    .min(Comparator.comparingDouble(Measured::median)).orElse(null);
            md.append(String.format(Locale.ROOT, "%.0f | %.0f | %.1f | ", f.info("passes"), f.info("bytes_per_iteration") / 1e6,
                    gbps(f.info("bytes_per_iteration"), f.median())));
            if (limit != null) {
                md.append(limit.metric() == null ? "the floor itself: " : "").append(limit.what()).append(" (")
                        .append(megabytes(limit.bytes())).append(") | ").append(seconds(limit.seconds()))
                        .append(String.format(Locale.ROOT, " | %.1f | ", limit.gbps()))
                        .append(np.ok() ? Report.formatRatio(limit.seconds() / np.median()) : "n/a").append(" | ");
            } else {
                md.append("n/a | n/a | n/a | n/a | ");
            }
            md.append(best == null ? "n/a" : label(best.system()) + " " + Report.formatRatio(best.median() / f.median())).append(" |\n");
        }
        return md.append('\n').toString();
    }

    private String roundsText() {
        List<String> parts = new ArrayList<>();
        for (Workload w : Workload.values()) {
            CohortWorkloads.Rounds r = rounds(w);
            parts.add(w.name() + " " + r.warmup() + " + " + r.timed() + " rounds of " + r.length()
                    + (r.length() == 1 ? " iteration" : " iterations"));
        }
        return String.join(", ", parts);
    }

    /** The systems in the order they first appear (references first: NumPy, Dask, then Cohort, then the Java floor). */
    static List<String> systems(List<Measured> results) {
        return results.stream().map(Measured::system).distinct()
                .sorted(Comparator.comparingInt(s -> s.equals("numpy") ? 0 : s.equals("dask") ? 1 : s.equals(FloorChild.SYSTEM) ? 3 : 2))
                .toList();
    }

    static Measured find(List<Measured> results, Case c, String system) {
        return results.stream().filter(m -> m.c().equals(c) && m.system().equals(system)).findFirst().orElse(null);
    }

    private static Measured reference(List<Measured> results, Case c, String system) {
        Measured m = find(results, c, system);
        return m != null ? m : new Measured(c, system, new double[0], Map.of(), "not run: missing");
    }

    /**
     * The side-by-side markdown table: one row per case, median (min) per system, Dask / NumPy and Cohort / NumPy and
     * Cohort / Dask ratios (the Dask columns when {@code dask}), and whether each system's checksums agree with
     * NumPy's (with Dask's when NumPy has none).
     */
    static String markdownTable(List<Case> cases, List<Measured> results, boolean dask) {
        List<String> cohort = systems(results).stream().filter(s -> s.startsWith("cohort")).toList();
        boolean floor = systems(results).contains(FloorChild.SYSTEM);
        StringBuilder t = new StringBuilder("| workload | size | NumPy s/iter |");
        StringBuilder rule = new StringBuilder("|---|---|---:|");
        if (dask) {
            t.append(" Dask s/iter | Dask / NumPy |");
            rule.append("---:|---:|");
        }
        for (String s : cohort) {
            t.append(' ').append(label(s)).append(" s/iter | ").append(label(s)).append(" / NumPy |");
            rule.append("---:|---:|");
            if (dask) {
                t.append(' ').append(label(s)).append(" / Dask |");
                rule.append("---:|");
            }
        }
        if (floor) {
            t.append(" Java floor s/iter | Java floor / NumPy |");
            rule.append("---:|---:|");
        }
        t.append(" checksums |\n");
        rule.append("---|\n");
        t.append(rule);
        for (Case c : cases) {
            Measured np = reference(results, c, "numpy");
            Measured d = reference(results, c, "dask");
            Measured checksumReference = np.ok() ? np : d;
            String against = np.ok() ? "" : " (vs Dask)";
            List<String> agreement = new ArrayList<>();
            t.append("| ").append(c.workload().title).append(" | ").append(c.size()).append(" | ").append(cell(find(results, c, "numpy"))).append(" |");
            if (dask) {
                t.append(' ').append(cell(find(results, c, "dask"))).append(" | ").append(ratioCell(d, np)).append(" |");
                if (d.ok() && np.ok()) {
                    agreement.add("Dask: " + compareChecks(d.checks(), np.checks()));
                }
            }
            for (String s : cohort) {
                Measured m = find(results, c, s);
                t.append(' ').append(cell(m)).append(" | ").append(ratioCell(m, np)).append(" |");
                if (dask) {
                    t.append(' ').append(ratioCell(m, d)).append(" |");
                }
                if (m != null && m.ok() && checksumReference.ok()) {
                    agreement.add(label(s) + against + ": " + compareChecks(m.checks(), checksumReference.checks()));
                }
            }
            if (floor) {
                Measured f = find(results, c, FloorChild.SYSTEM);
                t.append(' ').append(cell(f)).append(" | ").append(ratioCell(f, np)).append(" |");
                if (f != null && f.ok() && checksumReference.ok()) {
                    agreement.add("Java floor" + against + ": " + compareChecks(f.checks(), checksumReference.checks()));
                }
            }
            t.append(' ').append(agreement.isEmpty() ? "n/a" : String.join("; ", agreement)).append(" |\n");
        }
        return t.toString();
    }

    /** The same as text, for the console: median and min per system, /numpy (and /dask for Cohort) ratios. */
    static String textTable(List<Case> cases, List<Measured> results) {
        List<String> systems = systems(results);
        boolean dask = systems.contains("dask");
        List<List<String>> rows = new ArrayList<>();
        List<String> header = new ArrayList<>(List.of("workload", "size"));
        for (String s : systems) {
            header.add(s + " med");
            header.add("min");
            if (!s.equals("numpy")) {
                header.add("/numpy");
            }
            if (dask && s.startsWith("cohort")) {
                header.add("/dask");
            }
        }
        rows.add(header);
        for (Case c : cases) {
            Measured np = reference(results, c, "numpy");
            Measured d = reference(results, c, "dask");
            List<String> row = new ArrayList<>(List.of(c.workload().name(), c.size()));
            for (String s : systems) {
                Measured m = find(results, c, s);
                row.add(m == null ? "n/a" : m.failed() ? "FAILED" : seconds(m.median()));
                row.add(m == null ? "n/a" : seconds(m.min()));
                if (!s.equals("numpy")) {
                    row.add(m == null ? "n/a" : Report.formatRatio(Report.ratio(m.median(), np.median())));
                }
                if (dask && s.startsWith("cohort")) {
                    row.add(m == null ? "n/a" : Report.formatRatio(Report.ratio(m.median(), d.median())));
                }
            }
            rows.add(row);
        }
        return "Seconds per iteration (median and min of the timed rounds); /numpy, /dask = median / that reference's median.\n"
                + Report.table(rows);
    }

    static String label(String system) {
        return switch (system) {
            case "cohort-1shard" -> "Cohort 1 shard";
            case "numpy" -> "NumPy";
            case "dask" -> "Dask";
            case FloorChild.SYSTEM -> "Java floor";
            default -> system.startsWith("cohort-") ? "Cohort " + system.substring(7).replace("shards", " shards") : system;
        };
    }

    private static String cell(Measured m) {
        if (m == null) {
            return "n/a";
        }
        if (m.failed()) {
            return "**failed** (" + m.shortError() + ")";
        }
        if (!m.ok()) {
            return "not run";
        }
        return seconds(m.median()) + " (" + seconds(m.min()) + ")";
    }

    private static String ratioCell(Measured m, Measured reference) {
        if (m == null || !m.ok() || reference == null || !reference.ok()) {
            return "n/a";
        }
        return "**" + Report.formatRatio(m.median() / reference.median()) + "**";
    }

    /** Seconds with 3 significant digits ({@code 0.0432}, {@code 1.23}). */
    static String seconds(double s) {
        if (Double.isNaN(s)) {
            return "n/a";
        }
        return String.format(Locale.ROOT, "%.3g", s);
    }

    private static String describe(Measured m) {
        if (!m.ok()) {
            return m.system() + ": " + m.error();
        }
        return String.format(Locale.ROOT, "%s: median %.4g s/iter, min %.4g, %d rounds, checks %s", m.system(), m.median(),
                m.min(), m.samples().length, m.checks());
    }

    private static void log(String line) {
        System.out.println("[macro] " + line);
        System.out.flush();
    }

    private static void deleteTree(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> walk = Files.walk(dir)) {
            for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }
}
