package dev.cohort.bench.macro;

import picocli.CommandLine;
import picocli.CommandLine.Option;

import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;

/**
 * What the macro benchmark's child JVMs ({@link CohortChild}, {@link FloorChild}) share: the case's options (a
 * picocli mixin), reading logistic regression's {@code X.npy}/{@code y.npy}, the {@code key=value} lines every child
 * prints, and a {@code main} that exits with the command's status (70 for an error picocli does not catch, whatever
 * threads remain).
 */
public final class ChildCase {
    @Option(names = "--workload", required = true, description = "logreg, poisson, dense, kmeans, blackscholes or heat.")
    MacroBenchmark.Workload workload;

    @Option(names = "--n", required = true, description = "Rows (logreg) or the grid side / matrix order (CGs).")
    long n;

    @Option(names = "--features", defaultValue = "0", description = "Columns of X (logreg, kmeans).")
    int features;

    @Option(names = "--data", description = "Directory of the case's .npy files (logreg, dense).")
    Path data;

    @Option(names = "--warmup", required = true)
    int warmup;

    @Option(names = "--rounds", required = true)
    int rounds;

    @Option(names = "--round-length", required = true)
    int roundLength;

    @Option(names = "--lr", defaultValue = "0.1")
    double lr;

    /** Logistic regression's data: X (rows x cols, row-major) and y. */
    record LogRegData(double[] x, double[] y, int rows, int cols) {
    }

    /** Runs a child's picocli {@code command} and exits the JVM with its status. */
    public static void exit(Object command, String[] args) {
        int status;
        try {
            status = new CommandLine(command).execute(args);
        } catch (Throwable t) { // an Error picocli does not catch: report it and exit, whatever threads remain
            t.printStackTrace();
            status = 70;
        }
        System.out.flush();
        System.exit(status);
    }

    CohortWorkloads.Rounds rounds() {
        return new CohortWorkloads.Rounds(warmup, rounds, roundLength);
    }

    Path requireData() {
        if (data == null) {
            throw new IllegalArgumentException("--data DIR is required for " + workload);
        }
        return data;
    }

    /** Reads and checks {@code X.npy} and {@code y.npy} against {@code --n} and {@code --features}. */
    LogRegData readLogReg() throws java.io.IOException {
        Npy.Array x = Npy.read(requireData().resolve("X.npy"));
        Npy.Array y = Npy.read(requireData().resolve("y.npy"));
        int rows = Math.toIntExact(x.shape()[0]);
        int cols = Math.toIntExact(x.shape()[1]);
        check(rows == n && (features == 0 || cols == features) && y.data().length == rows,
                "X.npy " + rows + "x" + cols + " and y.npy " + y.data().length + " do not match --n " + n + " --features " + features);
        return new LogRegData(x.data(), y.data(), rows, cols);
    }

    static void check(boolean ok, String message) {
        if (!ok) {
            throw new IllegalArgumentException(message);
        }
    }

    /** Prints what settling the JIT took ({@link JitSettle}): {@code settle.rounds=}, {@code settle.seconds=}, {@code settle.settled=} (1 or 0). */
    static void printSettle(JitSettle.Result settle) {
        System.out.println(CohortChild.SETTLE_PREFIX + "rounds=" + settle.rounds());
        System.out.println(CohortChild.SETTLE_PREFIX + "seconds=" + settle.seconds());
        System.out.println(CohortChild.SETTLE_PREFIX + "settled=" + (settle.settled() ? 1 : 0));
    }

    /**
     * Prints the lines every child prints after its own first ones: {@code cpus=}, {@code max_heap_mib=},
     * {@code load_seconds=}, {@code samples=} (seconds per iteration of each timed round) and the checksums.
     */
    static void printResults(double loadSeconds, double[] samples, Map<String, ?> checks) {
        System.out.println("cpus=" + java.lang.Runtime.getRuntime().availableProcessors());
        System.out.println("max_heap_mib=" + java.lang.Runtime.getRuntime().maxMemory() / (1024 * 1024));
        System.out.println(String.format(Locale.ROOT, "load_seconds=%.3f", loadSeconds));
        StringBuilder line = new StringBuilder();
        for (double s : samples) {
            line.append(line.length() == 0 ? "" : ",").append(s);
        }
        System.out.println("samples=" + line);
        checks.forEach((k, v) -> System.out.println(k + "=" + v));
    }
}
