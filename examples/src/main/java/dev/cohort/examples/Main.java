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
 * The examples' command line ({@code bin/cohort logreg ...}, {@code bin/cohort cg ...}). Each runs
 * its program on {@code --shards} in-process shards and prints shard 0's result as one
 * {@code key=value} per line. Started by {@code bin/cohort run --shards N} (one process per shard),
 * each process runs its own shard and prints its result; {@code shards=} is the job's N. Bad
 * arguments print a message and the usage, exit status 2.
 */
@Command(name = "cohort", mixinStandardHelpOptions = true, version = "Cohort 0.1.0-SNAPSHOT",
        description = "Runs the Cohort examples.",
        subcommands = {Main.LogReg.class, Main.Cg.class})
public final class Main implements Runnable {
    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        throw new ParameterException(spec.commandLine(), "Missing subcommand: logreg or cg");
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

    /** Options every example takes. */
    static final class Common {
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
            return new Cohort.Config().shards(shards).profile(profile).sysmemMiB(sysmem);
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
            require(spec, common.shards >= 1, "--shards must be >= 1, got " + common.shards);
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
                return LogisticRegression.train(d, iterations, lr, ck);
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
            require(spec, common.shards >= 1, "--shards must be >= 1, got " + common.shards);
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
                case dense -> ConjugateGradient.dense(n, tol, maxIterations, seed, ck);
                case mtx -> matrix == null ? ConjugateGradient.bcsstk01(tol, maxIterations, ck)
                        : ConjugateGradient.matrixMarket(matrix, tol, maxIterations, ck);
                case poisson2d -> ConjugateGradient.poisson2d(n, tol, maxIterations, ck);
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
