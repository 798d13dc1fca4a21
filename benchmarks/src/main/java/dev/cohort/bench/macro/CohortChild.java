package dev.cohort.bench.macro;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;

/**
 * One Cohort measurement of the macro benchmark (a workload at one size on one shard count), in a JVM of its own:
 * {@link MacroBenchmark} starts one per measurement so that no case runs in a heap that earlier cases have used. It
 * reads the case's data from the {@code .npy} files the references read ({@code X.npy}, {@code y.npy} for logistic
 * regression; {@code M.npy}, {@code b.npy} for dense CG; none for Poisson), runs {@link CohortWorkloads} and prints
 * {@code key=value} lines as the Python scripts do: {@code system=}, {@code shards=}, {@code cpus=},
 * {@code max_heap_mib=}, {@code samples=} (seconds per iteration of each timed round), the checksums
 * ({@code loss=}/{@code w_sum=} or {@code residual=}/{@code x_sum=}, {@link Double#toString} so they round-trip) and
 * {@code load_seconds=} (reading the files). It exits 0 after printing them; any failure exits non-zero (an
 * {@code OutOfMemoryError} included, when the parent passes {@code -XX:+ExitOnOutOfMemoryError}).
 */
@Command(name = "macro-cohort-child", mixinStandardHelpOptions = true,
        description = "One Cohort run of a macro-benchmark case (started by MacroBenchmark; prints key=value lines).")
public final class CohortChild implements Callable<Integer> {
    @Option(names = "--workload", required = true, description = "logreg, poisson or dense.")
    MacroBenchmark.Workload workload;

    @Option(names = "--n", required = true, description = "Rows (logreg) or the grid side / matrix order (CGs).")
    long n;

    @Option(names = "--features", defaultValue = "0", description = "Columns of X (logreg).")
    int features;

    @Option(names = "--data", description = "Directory of the case's .npy files (logreg, dense).")
    Path data;

    @Option(names = "--shards", defaultValue = "1", description = "In-process shards.")
    int shards;

    @Option(names = "--warmup", required = true)
    int warmup;

    @Option(names = "--rounds", required = true)
    int rounds;

    @Option(names = "--round-length", required = true)
    int roundLength;

    @Option(names = "--lr", defaultValue = "0.1")
    double lr;

    public static void main(String[] args) {
        int status;
        try {
            status = new CommandLine(new CohortChild()).execute(args);
        } catch (Throwable t) { // an Error picocli does not catch: report it and exit, whatever threads remain
            t.printStackTrace();
            status = 70;
        }
        System.out.flush();
        System.exit(status);
    }

    @Override
    public Integer call() throws Exception {
        CohortWorkloads.Rounds r = new CohortWorkloads.Rounds(warmup, rounds, roundLength);
        long t0 = System.nanoTime();
        CohortWorkloads.Run run;
        double loadSeconds;
        switch (workload) {
            case logreg -> {
                Npy.Array x = Npy.read(requireData().resolve("X.npy"));
                Npy.Array y = Npy.read(requireData().resolve("y.npy"));
                int rows = Math.toIntExact(x.shape()[0]);
                int cols = Math.toIntExact(x.shape()[1]);
                check(rows == n && (features == 0 || cols == features) && y.data().length == rows,
                        "X.npy " + rows + "x" + cols + " and y.npy " + y.data().length + " do not match --n " + n + " --features " + features);
                loadSeconds = (System.nanoTime() - t0) / 1e9;
                run = CohortWorkloads.logreg(CohortWorkloads.config(shards), x.data(), y.data(), rows, cols, lr, r);
            }
            case dense -> {
                Npy.Array m = Npy.read(requireData().resolve("M.npy"));
                Npy.Array b = Npy.read(requireData().resolve("b.npy"));
                int order = Math.toIntExact(m.shape()[0]);
                check(order == n && m.shape().length == 2 && m.shape()[1] == order && b.data().length == order,
                        "M.npy and b.npy do not hold a system of order " + n);
                loadSeconds = (System.nanoTime() - t0) / 1e9;
                run = CohortWorkloads.cgDense(CohortWorkloads.config(shards), m.data(), b.data(), order, r);
            }
            case poisson -> {
                loadSeconds = 0;
                run = CohortWorkloads.cgPoisson(CohortWorkloads.config(shards), n, r);
            }
            default -> throw new IllegalStateException();
        }
        System.out.println("system=" + MacroBenchmark.cohortSystem(shards));
        System.out.println("shards=" + shards);
        System.out.println("cpus=" + java.lang.Runtime.getRuntime().availableProcessors());
        System.out.println("max_heap_mib=" + java.lang.Runtime.getRuntime().maxMemory() / (1024 * 1024));
        System.out.println(String.format(Locale.ROOT, "load_seconds=%.3f", loadSeconds));
        StringBuilder samples = new StringBuilder();
        for (double s : run.samples()) {
            samples.append(samples.length() == 0 ? "" : ",").append(s);
        }
        System.out.println("samples=" + samples);
        run.checks().forEach((k, v) -> System.out.println(k + "=" + v));
        return 0;
    }

    private Path requireData() {
        if (data == null) {
            throw new IllegalArgumentException("--data DIR is required for " + workload);
        }
        return data;
    }

    private static void check(boolean ok, String message) {
        if (!ok) {
            throw new IllegalArgumentException(message);
        }
    }
}
