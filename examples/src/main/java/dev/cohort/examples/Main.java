package dev.cohort.examples;

import dev.cohort.ndarray.Cohort;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;

/**
 * The examples' command line ({@code bin/cohort logreg ...}, {@code cg}, {@code kmeans}, {@code blackscholes},
 * {@code heat}). Each runs
 * its program on {@code --shards} in-process shards and prints shard 0's result as one
 * {@code key=value} per line. Started by {@code bin/cohort run --shards N} (one process per shard),
 * each process runs its own shard and prints its result; {@code shards=} is the job's N. Bad
 * arguments print a message and the usage, exit status 2. Long loops report their progress on standard error (see
 * {@link ProgressOptions}); standard output holds only the {@code key=value} lines.
 */
@Command(name = "cohort", mixinStandardHelpOptions = true, version = "Cohort 0.1.0-SNAPSHOT",
        description = "Runs the Cohort examples.",
        subcommands = {Main.LogReg.class, Main.Cg.class, Main.KMeansCommand.class, Main.BlackScholesCommand.class,
                Main.HeatCommand.class, dev.cohort.examples.calibrate.CalibrateCommand.class, Simulate.class})
public final class Main implements Runnable {
    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        throw new ParameterException(spec.commandLine(), "Missing subcommand: logreg, cg, kmeans, blackscholes, heat, calibrate or simulate");
    }

    public static void main(String[] args) {
        System.exit(execute(args, new PrintWriter(System.out, true), new PrintWriter(System.err, true)));
    }

    /**
     * Checks a command line without running it (the launcher, {@code bin/cohort run}, calls this before it starts
     * any shard): the example's name, its options and their values' types.
     *
     * @throws IllegalArgumentException naming what is wrong, in picocli's words ("Unmatched argument ...")
     */
    public static void checkArguments(String[] args) {
        try {
            new CommandLine(new Main()).parseArgs(args);
        } catch (ParameterException e) {
            throw new IllegalArgumentException(e.getMessage(), e);
        }
    }

    /** Runs the command line and returns its exit status (0, 1 for a failed run, 2 for bad arguments). */
    public static int execute(String[] args, PrintWriter out, PrintWriter err) {
        CommandLine cl = new CommandLine(new Main());
        cl.setOut(out);
        cl.setErr(err);
        cl.setExecutionExceptionHandler(Main::failed);
        return cl.execute(args);
    }

    /**
     * A run that fails for a reason the user can act on (the data does not fit the memory budget, a bad
     * file, a bad value) prints one line naming the command and the reason, exit status 1; anything else
     * is a defect and prints its stack trace.
     */
    static int failed(Exception e, CommandLine cl, CommandLine.ParseResult parsed) {
        PrintWriter err = cl.getErr();
        Throwable reason = userFacing(e);
        if (reason != null) {
            err.println(cl.getCommandName() + ": " + reason.getMessage());
        } else {
            e.printStackTrace(err);
        }
        err.flush();
        return 1;
    }

    /** The first exception in {@code e}'s causes that explains itself to a user, or null. */
    static Throwable userFacing(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof dev.cohort.runtime.execution.MemoryBudgetExceededException
                    || t instanceof IllegalArgumentException || t instanceof java.io.IOException
                    || t instanceof java.io.UncheckedIOException || t instanceof dev.cohort.ndarray.CheckpointException) {
                return t.getMessage() == null ? null : t;
            }
        }
        return null;
    }

    /**
     * Exit status of a finished run: 0, or 1 with one line on stderr when its result is not finite
     * (the iteration diverged: a step or learning rate too large, or a matrix that is not SPD).
     */
    static int finite(CommandSpec spec, String what, double value, String hint) {
        if (Double.isFinite(value)) {
            return 0;
        }
        PrintWriter err = spec.commandLine().getErr();
        err.println(spec.commandLine().getCommandName() + ": diverged: the " + what + " is " + value + "; " + hint);
        err.flush();
        return 1;
    }

    /**
     * Progress on standard error: shown by default when standard error is a terminal ({@code bin/cohort} passes
     * {@code -Dcohort.stderr.tty=true} when it is; without the property, when {@link System#console()} is not null)
     * and the process is not one shard of a {@code bin/cohort run} job; {@code --quiet} hides it, {@code --progress}
     * shows it anyway (one line per report when standard error is not a terminal).
     */
    static final class ProgressOptions {
        /** The system property {@code bin/cohort} sets to whether its standard error is a terminal. */
        static final String STDERR_TTY_PROPERTY = "cohort.stderr.tty";

        @Option(names = {"-q", "--quiet"}, description = "No progress on stderr.")
        boolean quiet;

        @Option(names = "--progress", description = "Progress on stderr even when it is not a terminal.")
        boolean progress;

        @Option(names = "--progress-interval", paramLabel = "SECONDS", defaultValue = "0.5",
                description = "Seconds between progress reports (default: ${DEFAULT-VALUE}).")
        double interval;

        /** Where the progress goes: nowhere with --quiet, else stderr when forced or stderr is a terminal. */
        Progress.Sink sink(CommandSpec spec) {
            require(spec, interval >= 0 && Double.isFinite(interval), "--progress-interval must be >= 0, got " + interval);
            require(spec, !(quiet && progress), "--quiet and --progress contradict each other");
            boolean terminal = stderrIsTerminal();
            boolean launched = dev.cohort.transport.launch.ShardEnvironment.job().isPresent();
            if (quiet || !progress && (!terminal || launched)) {
                return Progress.Sink.OFF;
            }
            return new Progress.Sink(true, spec.commandLine().getErr(), terminal && !launched, interval);
        }

        static boolean stderrIsTerminal() {
            String tty = System.getProperty(STDERR_TTY_PROPERTY);
            return tty != null ? Boolean.parseBoolean(tty) : System.console() != null;
        }
    }

    /** Options every example takes: where it runs. */
    static final class RunOptions {
        @Option(names = "--shards", paramLabel = "S", defaultValue = "1",
                description = "In-process shards replicating the program (default: ${DEFAULT-VALUE}); "
                        + "under bin/cohort run, 1 or the job's shard count.")
        int shards;

        @Option(names = "--profile", paramLabel = "FILE",
                description = "Write a Chrome/Perfetto trace of each shard to FILE (FILE.r.json per shard r when "
                        + "several) and print a summary on stderr; open it at https://ui.perfetto.dev.")
        java.nio.file.Path profile;

        @Option(names = "--sysmem", paramLabel = "MIB",
                description = "Budget of each shard's SYSTEM memory in MiB (default: 3/4 of the heap / shards).")
        long sysmem;

        @Option(names = "--memories", paramLabel = "M",
                description = "SYSTEM memories per shard, e.g. one per NUMA socket: the budget is split evenly, worker w "
                        + "of W works in memory w*M/W, a point's instances live in its memory and data read in another "
                        + "memory is copied there once (default: -Dcohort.memories, else 1).")
        int memories;

        @Option(names = "--partitioning", paramLabel = "rules|search", defaultValue = "rules",
                description = "How operations are partitioned: the partitioner's rules (default), or a strategy search "
                        + "by simulation of the program's loop, adopted when predicted >= 10 %% faster (reported on stderr).")
        String partitioning;

        @CommandLine.Mixin
        ProgressOptions progressOptions = new ProgressOptions();

        /** The job's configuration from these options. */
        Cohort.Config config() {
            return new Cohort.Config().shards(shards).profile(profile).sysmemMiB(sysmem).memories(memories)
                    .strategyAdvisor(Partitioning.parse(partitioning).advisors(System.err));
        }

        /** Checks --shards and --partitioning; the progress sink. */
        Progress.Sink check(CommandSpec spec) {
            require(spec, shards >= 1, "--shards must be >= 1, got " + shards);
            require(spec, memories >= 0 && memories <= 64, "--memories must be in 1..64 (0: the default), got " + memories);
            try {
                Partitioning.parse(partitioning);
            } catch (IllegalArgumentException e) {
                throw new ParameterException(spec.commandLine(), e.getMessage());
            }
            return progressOptions.sink(spec);
        }
    }

    /** Options of the examples that checkpoint (logreg, cg): {@link RunOptions} and the checkpoint options. */
    static final class Common {
        @CommandLine.Mixin
        RunOptions run = new RunOptions();

        @Option(names = "--checkpoint-every", paramLabel = "K", defaultValue = "0",
                description = "Checkpoint the loop state after every K iterations into a new subdirectory of "
                        + "--checkpoint-dir (complete only once all of it is written; the newest "
                        + Checkpointing.KEEP + " are kept); 0 = never (default).")
        int checkpointEvery;

        @Option(names = "--checkpoint-dir", paramLabel = "D", description = "Where --checkpoint-every writes checkpoints.")
        java.nio.file.Path checkpointDir;

        @Option(names = "--restart-from", paramLabel = "D",
                description = "Continue from the newest complete checkpoint in D (on any number of shards).")
        java.nio.file.Path restartFrom;

        /** The job's configuration from these options. */
        Cohort.Config config() {
            return run.config();
        }

        /** Checks the checkpoint options; the policy they ask for. */
        Checkpointing checkpointing(CommandSpec spec) {
            require(spec, checkpointEvery >= 0, "--checkpoint-every must be >= 0, got " + checkpointEvery);
            require(spec, checkpointEvery == 0 || checkpointDir != null, "--checkpoint-every needs --checkpoint-dir");
            require(spec, checkpointDir == null || checkpointEvery > 0, "--checkpoint-dir needs --checkpoint-every K > 0");
            require(spec, restartFrom == null || java.nio.file.Files.isDirectory(restartFrom),
                    "--restart-from " + restartFrom + ": no such directory");
            return new Checkpointing(checkpointEvery, checkpointDir, restartFrom);
        }

        /** The {@code restarted_from=} and {@code checkpoints=} lines, when checkpoints were asked for. */
        void report(Map<String, String> kv, int restartedFrom, int checkpoints) {
            if (restartFrom != null) {
                kv.put("restarted_from", Integer.toString(restartedFrom));
            }
            if (checkpointEvery > 0) {
                kv.put("checkpoints", Integer.toString(checkpoints));
            }
        }
    }

    @Command(name = "logreg", mixinStandardHelpOptions = true,
            description = "Logistic regression by batch gradient descent on standardised features.")
    static final class LogReg implements Callable<Integer> {
        enum DataSet { breast_cancer, synthetic }

        @Spec
        CommandSpec spec;

        @CommandLine.Mixin
        Common common = new Common();

        @Option(names = "--data", paramLabel = "breast_cancer|synthetic", defaultValue = "breast_cancer",
                description = "breast_cancer (the shipped UCI data, 569 x 30) or synthetic (default: ${DEFAULT-VALUE}).")
        DataSet data;

        @Option(names = "--rows", paramLabel = "N", defaultValue = "20000", description = "Rows of synthetic data (default: ${DEFAULT-VALUE}).")
        long rows;

        @Option(names = "--features", paramLabel = "D", defaultValue = "32", description = "Features of synthetic data (default: ${DEFAULT-VALUE}).")
        int features;

        @Option(names = "--iterations", paramLabel = "K", defaultValue = "500", description = "Gradient steps (default: ${DEFAULT-VALUE}).")
        int iterations;

        @Option(names = "--lr", paramLabel = "X", defaultValue = "0.1", description = "Learning rate (default: ${DEFAULT-VALUE}).")
        double lr;

        @Option(names = "--seed", paramLabel = "N", defaultValue = "42", description = "Seed of synthetic data (default: ${DEFAULT-VALUE}).")
        long seed;

        @Override
        public Integer call() {
            Progress.Sink sink = common.run.check(spec);
            require(spec, rows >= 1, "--rows must be >= 1, got " + rows);
            require(spec, features >= 1, "--features must be >= 1, got " + features);
            require(spec, iterations >= 0, "--iterations must be >= 0, got " + iterations);
            require(spec, Double.isFinite(lr) && lr > 0, "--lr must be a positive number, got " + lr);
            Checkpointing ck = common.checkpointing(spec);

            Cohort.Config config = common.config();
            List<LogisticRegression.Result> results = Cohort.run(config, () -> {
                LogisticRegression.Data d = data == DataSet.synthetic
                        ? LogisticRegression.synthetic(rows, features, seed)
                        : LogisticRegression.breastCancer();
                return LogisticRegression.train(d, iterations, lr, ck, sink);
            });
            LogisticRegression.Result r = results.get(0);
            Map<String, String> kv = new LinkedHashMap<>();
            kv.put("data", data.name());
            kv.put("rows", Long.toString(r.rows()));
            kv.put("features", Integer.toString(r.w().length));
            kv.put("loss", g17(r.loss()));
            kv.put("accuracy", g17(r.accuracy()));
            List<String> w = new ArrayList<>();
            for (double v : r.w()) {
                w.add(g17(v));
            }
            kv.put("w", String.join(",", w));
            kv.put("iterations", Integer.toString(r.iterations()));
            common.report(kv, r.restartedFrom(), r.checkpoints());
            kv.put("shards", Integer.toString(Cohort.jobShards(config)));
            kv.put("seconds", g6(r.seconds()));
            kv.put("seconds_per_iteration", g6(r.iterations() == 0 ? 0 : r.seconds() / r.iterations()));
            print(spec, kv);
            return finite(spec, "loss", r.loss(), "try a smaller --lr (got " + lr + ")");
        }
    }

    @Command(name = "cg", mixinStandardHelpOptions = true,
            description = "Jacobi-preconditioned conjugate gradient.")
    static final class Cg implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @CommandLine.Mixin
        Common common = new Common();

        @Option(names = "--problem", paramLabel = "poisson2d|dense|mtx", defaultValue = "poisson2d",
                description = "poisson2d (5-point Laplacian on an n x n grid), dense (M M^T + n I) or mtx (the SPD matrix "
                        + "of a Matrix Market file, b = A @ ones) (default: ${DEFAULT-VALUE}).")
        ConjugateGradient.Problem problem;

        @Option(names = "--matrix", paramLabel = "FILE",
                description = "The Matrix Market file of --problem mtx (default: the shipped bcsstk01.mtx, 48 x 48).")
        java.nio.file.Path matrix;

        @Option(names = "--n", paramLabel = "N", defaultValue = "128",
                description = "Grid side (poisson2d) or matrix order (dense) (default: ${DEFAULT-VALUE}).")
        long n;

        @Option(names = "--tol", paramLabel = "T", defaultValue = "1e-8",
                description = "Relative residual to stop at (default: ${DEFAULT-VALUE}).")
        double tol;

        @Option(names = "--max-iterations", paramLabel = "K", defaultValue = "10000",
                description = "Iteration limit (default: ${DEFAULT-VALUE}).")
        int maxIterations;

        @Option(names = "--seed", paramLabel = "N", defaultValue = "42", description = "Seed of the dense problem (default: ${DEFAULT-VALUE}).")
        long seed;

        @Option(names = "--save-solution", paramLabel = "FILE",
                description = "Also save the solution x as a .npy file (np.save; each shard writes its own tiles).")
        java.nio.file.Path saveSolution;

        @Override
        public Integer call() {
            Progress.Sink sink = common.run.check(spec);
            require(spec, n >= 1, "--n must be >= 1, got " + n);
            require(spec, Double.isFinite(tol) && tol > 0, "--tol must be a positive number, got " + tol);
            require(spec, maxIterations >= 0, "--max-iterations must be >= 0, got " + maxIterations);
            require(spec, matrix == null || problem == ConjugateGradient.Problem.mtx,
                    "--matrix needs --problem mtx, got --problem " + problem);
            require(spec, matrix == null || java.nio.file.Files.isReadable(matrix),
                    "--matrix: cannot read " + matrix);
            java.nio.file.Path solutionDir = saveSolution == null ? null : saveSolution.toAbsolutePath().getParent();
            require(spec, solutionDir == null || java.nio.file.Files.isDirectory(solutionDir),
                    "--save-solution: no directory " + solutionDir);
            Checkpointing c = common.checkpointing(spec);
            Checkpointing ck = new Checkpointing(c.every(), c.dir(), c.restartFrom(), saveSolution);

            Cohort.Config config = common.config();
            List<ConjugateGradient.Result> results = Cohort.run(config, () -> switch (problem) {
                case dense -> ConjugateGradient.dense(n, tol, maxIterations, seed, ck, sink);
                case mtx -> matrix == null ? ConjugateGradient.bcsstk01(tol, maxIterations, ck, sink)
                        : ConjugateGradient.matrixMarket(matrix, tol, maxIterations, ck, sink);
                case poisson2d -> ConjugateGradient.poisson2d(n, tol, maxIterations, ck, sink);
            });
            ConjugateGradient.Result r = results.get(0);
            Map<String, String> kv = new LinkedHashMap<>();
            kv.put("problem", r.problem().name());
            if (problem == ConjugateGradient.Problem.mtx) {
                kv.put("matrix", matrix == null ? ConjugateGradient.BCSSTK01_RESOURCE : matrix.toString());
            }
            kv.put("n", Long.toString(r.n()));
            kv.put("iterations", Integer.toString(r.iterations()));
            kv.put("residual", g17(r.residual()));
            kv.put("true_residual", g17(r.trueResidual()));
            kv.put("converged", Boolean.toString(r.converged()));
            kv.put("solution_sum", g17(r.solutionSum()));
            kv.put("solution_max", g17(r.solutionMax()));
            common.report(kv, r.restartedFrom(), r.checkpoints());
            kv.put("shards", Integer.toString(Cohort.jobShards(config)));
            kv.put("seconds", g6(r.seconds()));
            kv.put("seconds_per_iteration", g6(r.iterations() == 0 ? 0 : r.seconds() / r.iterations()));
            print(spec, kv);
            return finite(spec, "residual", r.residual(), "the matrix may not be symmetric positive definite");
        }
    }

    @Command(name = "kmeans", mixinStandardHelpOptions = true,
            description = "Lloyd's k-means on the standardised breast-cancer features (tools/reference/kmeans.py).")
    static final class KMeansCommand implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @CommandLine.Mixin
        RunOptions run = new RunOptions();

        @Option(names = "--k", paramLabel = "K|K1..K2", defaultValue = "2..8",
                description = "Clusters, one k or a range; with a range each k's keys are prefixed k<K>. (default: ${DEFAULT-VALUE}).")
        String k;

        @Option(names = "--init", paramLabel = "first|farthest|kmeans++", defaultValue = "first",
                description = "Initial centroids: the first k rows, farthest-first from row 0, or kmeans++ on Np.random "
                        + "(default: ${DEFAULT-VALUE}).")
        String init;

        @Option(names = "--seed", paramLabel = "N", defaultValue = "0", description = "Seed of kmeans++ (default: ${DEFAULT-VALUE}).")
        long seed;

        @Option(names = "--max-iterations", paramLabel = "K", defaultValue = "300",
                description = "Centroid updates at most (default: ${DEFAULT-VALUE}).")
        int maxIterations;

        @Option(names = "--data", paramLabel = "FILE",
                description = "A headerless CSV, features then a label (default: the shipped breast_cancer.csv, 569 x 30).")
        java.nio.file.Path data;

        @Override
        public Integer call() {
            Progress.Sink sink = run.check(spec);
            int[] range = kRange(spec, k);
            KMeans.Init how;
            try {
                how = KMeans.Init.parse(init);
            } catch (IllegalArgumentException e) {
                throw new ParameterException(spec.commandLine(), "--init: " + e.getMessage());
            }
            require(spec, maxIterations >= 0, "--max-iterations must be >= 0, got " + maxIterations);
            require(spec, data == null || java.nio.file.Files.isReadable(data), "--data: cannot read " + data);
            java.nio.file.Path file = data == null ? null : data.toAbsolutePath();

            Cohort.Config config = run.config();
            record Run(long rows, long features, List<KMeans.Result> results) {
            }
            Run r = Cohort.run(config, () -> {
                dev.cohort.ndarray.NdArray X = file == null ? KMeans.breastCancer() : KMeans.fromCsv(file);
                if (range[1] > X.shape(0)) {
                    throw new IllegalArgumentException("k = " + range[1] + " is more than the " + X.shape(0) + " rows");
                }
                List<KMeans.Result> results = new ArrayList<>();
                for (int kk = range[0]; kk <= range[1]; kk++) {
                    results.add(KMeans.cluster(X, kk, how, seed, maxIterations, sink));
                }
                return new Run(X.shape(0), X.shape(1), results);
            }).get(0);
            Map<String, String> kv = new LinkedHashMap<>();
            kv.put("rows", Long.toString(r.rows()));
            kv.put("features", Long.toString(r.features()));
            kv.put("init", how.toString());
            if (how == KMeans.Init.kmeansPlusPlus) {
                kv.put("seed", Long.toString(seed));
            }
            boolean prefixed = k.contains("..");
            double seconds = 0;
            for (KMeans.Result c : r.results()) {
                String p = prefixed ? "k" + c.k() + "." : "";
                kv.put(p + "k", Integer.toString(c.k()));
                kv.put(p + "iterations", Integer.toString(c.iterations()));
                kv.put(p + "converged", Boolean.toString(c.converged()));
                kv.put(p + "inertia", g17(c.inertia()));
                List<String> sizes = new ArrayList<>();
                for (long v : c.sizes()) {
                    sizes.add(Long.toString(v));
                }
                kv.put(p + "sizes", String.join(",", sizes));
                kv.put(p + "label_checksum", Long.toString(c.labelChecksum()));
                kv.put(p + "centroid_sum", g17(c.centroidSum()));
                kv.put(p + "min_margin", g17(c.minMargin()));
                seconds += c.seconds();
            }
            kv.put("shards", Integer.toString(Cohort.jobShards(config)));
            kv.put("seconds", g6(seconds));
            print(spec, kv);
            return finite(spec, "inertia", r.results().get(r.results().size() - 1).inertia(), "check the data for NaN or constant columns");
        }
    }

    /** {@code K} or {@code K1..K2} (K1 <= K2, both >= 1) as {@code {K1, K2}}. */
    static int[] kRange(CommandSpec spec, String text) {
        String[] parts = text.strip().split("\\.\\.", -1);
        try {
            int lo = Integer.parseInt(parts[0].strip());
            int hi = parts.length == 2 ? Integer.parseInt(parts[1].strip()) : lo;
            if (parts.length <= 2 && lo >= 1 && hi >= lo) {
                return new int[]{lo, hi};
            }
        } catch (NumberFormatException e) {
            // the message below
        }
        throw new ParameterException(spec.commandLine(), "--k must be K or K1..K2 with 1 <= K1 <= K2, got '" + text + "'");
    }

    @Command(name = "blackscholes", mixinStandardHelpOptions = true,
            description = "Black-Scholes calls and puts on random options (tools/reference/blackscholes.py).")
    static final class BlackScholesCommand implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @CommandLine.Mixin
        RunOptions run = new RunOptions();

        @Option(names = "--n", paramLabel = "N", defaultValue = "10000000", description = "Options (default: ${DEFAULT-VALUE}).")
        long n;

        @Option(names = "--seed", paramLabel = "N", defaultValue = "42", description = "Seed of S, K, T (default: ${DEFAULT-VALUE}).")
        long seed;

        @Option(names = "--r", paramLabel = "X", defaultValue = "0.02", description = "Riskless rate (default: ${DEFAULT-VALUE}).")
        double r;

        @Option(names = "--v", paramLabel = "X", defaultValue = "0.3", description = "Volatility (default: ${DEFAULT-VALUE}).")
        double v;

        @Option(names = "--cdf", paramLabel = "erf|as7126", defaultValue = "erf",
                description = "erf of the normal CDF: erf (Np.erf, scipy.special.erf to 1-2 ulp) or as7126 (Abramowitz & "
                        + "Stegun 7.1.26, |error| <= 1.5e-7), as the reference's cdf= (default: ${DEFAULT-VALUE}).")
        BlackScholes.Cdf cdf;

        @Override
        public Integer call() {
            run.check(spec);
            require(spec, n >= 1, "--n must be >= 1, got " + n);
            require(spec, Double.isFinite(r), "--r must be a number, got " + r);
            require(spec, Double.isFinite(v) && v > 0, "--v must be a positive number, got " + v);
            Cohort.Config config = run.config();
            BlackScholes.Result res = Cohort.run(config, () -> BlackScholes.price(n, seed, r, v, cdf)).get(0);
            Map<String, String> kv = new LinkedHashMap<>();
            kv.put("n", Long.toString(n));
            kv.put("seed", Long.toString(seed));
            kv.put("r", repr(r));
            kv.put("v", repr(v));
            kv.put("cdf", cdf.name());
            kv.put("first_S", reprs(res.firstS()));
            kv.put("first_K", reprs(res.firstK()));
            kv.put("first_T", reprs(res.firstT()));
            kv.put("call_sum", g17(res.callSum()));
            kv.put("put_sum", g17(res.putSum()));
            kv.put("call_mean", g17(res.callSum() / n));
            kv.put("put_mean", g17(res.putSum() / n));
            kv.put("parity_max_abs_error", g17(res.parityMaxAbsError()));
            kv.put("shards", Integer.toString(Cohort.jobShards(config)));
            kv.put("seconds", g6(res.seconds()));
            print(spec, kv);
            return finite(spec, "call sum", res.callSum(), "check --r and --v");
        }
    }

    @Command(name = "heat", mixinStandardHelpOptions = true,
            description = "Steady-state 2-D heat by Jacobi sweeps with slices (tools/reference/heat.py).")
    static final class HeatCommand implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @CommandLine.Mixin
        RunOptions run = new RunOptions();

        @Option(names = "--n", paramLabel = "N", defaultValue = "128", description = "Grid side, boundary included (default: ${DEFAULT-VALUE}).")
        long n;

        @Option(names = "--tol", paramLabel = "X", defaultValue = "1e-6",
                description = "Stop after the first sweep whose max change is < X (default: ${DEFAULT-VALUE}).")
        double tol;

        @Option(names = "--max-iterations", paramLabel = "K", defaultValue = "20000", description = "Sweeps at most (default: ${DEFAULT-VALUE}).")
        int maxIterations;

        @Option(names = "--top", paramLabel = "X", defaultValue = "1.0", description = "Top row's temperature (default: ${DEFAULT-VALUE}).")
        double top;

        @Option(names = "--bottom", paramLabel = "X", defaultValue = "0.0", description = "Bottom row's (default: ${DEFAULT-VALUE}).")
        double bottom;

        @Option(names = "--left", paramLabel = "X", defaultValue = "0.0", description = "Left column's (default: ${DEFAULT-VALUE}).")
        double left;

        @Option(names = "--right", paramLabel = "X", defaultValue = "0.0", description = "Right column's (default: ${DEFAULT-VALUE}).")
        double right;

        @Override
        public Integer call() {
            Progress.Sink sink = run.check(spec);
            require(spec, n >= 3, "--n must be >= 3, got " + n);
            require(spec, Double.isFinite(tol) && tol > 0, "--tol must be a positive number, got " + tol);
            require(spec, maxIterations >= 1, "--max-iterations must be >= 1, got " + maxIterations);
            for (double t : new double[]{top, bottom, left, right}) {
                require(spec, Double.isFinite(t), "edge temperatures must be numbers, got " + t);
            }
            Heat.Edges edges = new Heat.Edges(top, bottom, left, right);
            Cohort.Config config = run.config();
            Heat.Result res = Cohort.run(config, () -> Heat.solve(n, tol, maxIterations, edges, sink)).get(0);
            Map<String, String> kv = new LinkedHashMap<>();
            kv.put("n", Long.toString(n));
            kv.put("tol", repr(tol));
            kv.put("max_iterations", Integer.toString(maxIterations));
            kv.put("iterations", Integer.toString(res.iterations()));
            kv.put("converged", Boolean.toString(res.converged()));
            kv.put("change", g17(res.change()));
            kv.put("residual", g17(res.residual()));
            kv.put("sum", g17(res.sum()));
            kv.put("weighted", g17(res.weighted()));
            kv.put("center", g17(res.center()));
            kv.put("shards", Integer.toString(Cohort.jobShards(config)));
            kv.put("seconds", g6(res.seconds()));
            kv.put("seconds_per_iteration", g6(res.seconds() / res.iterations()));
            print(spec, kv);
            return finite(spec, "sum", res.sum(), "check the edge temperatures");
        }
    }

    /**
     * A double as Python's {@code repr} writes it: the shortest decimal that reads back as the same double,
     * positional for 1e-4 <= |v| < 1e16 ({@code 0.02}, {@code 20.323997029735395}, {@code 1.0}), else with an
     * exponent of at least two digits ({@code 1e-06}, {@code 2.5e+16}).
     */
    static String repr(double v) {
        if (!Double.isFinite(v)) {
            return Double.isNaN(v) ? "nan" : v > 0 ? "inf" : "-inf";
        }
        if (v == 0) {
            return (1 / v < 0) ? "-0.0" : "0.0";
        }
        BigDecimal d = shortest(v);
        double a = Math.abs(v);
        if (a >= 1e-4 && a < 1e16) {
            String plain = d.toPlainString();
            return plain.contains(".") ? plain : plain + ".0";
        }
        String digits = d.unscaledValue().abs().toString();
        int exponent = digits.length() - 1 - d.scale();
        String mantissa = digits.length() == 1 ? digits : digits.charAt(0) + "." + digits.substring(1);
        return (v < 0 ? "-" : "") + mantissa + "e" + (exponent < 0 ? "-" : "+") + String.format(Locale.ROOT, "%02d", Math.abs(exponent));
    }

    /** The shortest decimal that reads back as {@code v} (fewest significant digits, 1 to 17). */
    private static BigDecimal shortest(double v) {
        for (int digits = 1; digits <= 17; digits++) {
            BigDecimal d = new BigDecimal(v).round(new java.math.MathContext(digits, java.math.RoundingMode.HALF_EVEN));
            if (d.doubleValue() == v) {
                return d.stripTrailingZeros();
            }
        }
        return new BigDecimal(v);
    }

    private static String reprs(double[] values) {
        List<String> out = new ArrayList<>();
        for (double v : values) {
            out.add(repr(v));
        }
        return String.join(",", out);
    }

    /**
     * 17 significant digits of the exact binary value (as C's {@code %.17g}): enough to give every
     * double back exactly. (Java's {@code %.17g} of a {@code double} pads its shortest decimal with
     * zeros instead, hence the {@code BigDecimal}.)
     */
    static String g17(double v) {
        if (!Double.isFinite(v)) {
            return Double.toString(v);
        }
        return String.format(Locale.ROOT, "%.17g", new BigDecimal(v));
    }

    /** Timings: 6 significant digits. */
    static String g6(double v) {
        return String.format(Locale.ROOT, "%.6g", v);
    }

    private static void require(CommandSpec spec, boolean ok, String message) {
        if (!ok) {
            throw new ParameterException(spec.commandLine(), message);
        }
    }

    private static void print(CommandSpec spec, Map<String, String> kv) {
        PrintWriter out = spec.commandLine().getOut();
        kv.forEach((k, v) -> out.println(k + "=" + v));
        out.flush();
    }
}
