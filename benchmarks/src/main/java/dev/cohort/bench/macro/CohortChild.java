package dev.cohort.bench.macro;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.util.concurrent.Callable;

/**
 * One Cohort measurement of the macro benchmark (a workload at one size on one shard count), in a JVM of its own:
 * {@link MacroBenchmark} starts one per measurement so that no case runs in a heap that earlier cases have used. It
 * reads the case's data from the {@code .npy} files the references read ({@code X.npy}, {@code y.npy} for logistic
 * regression; {@code M.npy}, {@code b.npy} for dense CG; {@code X.npy} for k-means; {@code S.npy}, {@code K.npy},
 * {@code T.npy} for Black-Scholes; none for Poisson and heat), runs {@link CohortWorkloads} and prints
 * {@code key=value} lines as the Python scripts do: {@code system=}, {@code shards=}, {@code cpus=},
 * {@code max_heap_mib=}, {@code samples=} (seconds per iteration of each timed round), the checksums
 * ({@code loss=}/{@code w_sum=} or {@code residual=}/{@code x_sum=}, {@link Double#toString} so they round-trip) and
 * {@code load_seconds=} (reading the files), and what the warm-up until the JIT settled took ({@link JitSettle}):
 * {@code settle.rounds=}, {@code settle.seconds=}, {@code settle.settled=} (1, or 0 when its cap ended it). It exits 0 after printing them; any failure exits non-zero (an
 * {@code OutOfMemoryError} included, when the parent passes {@code -XX:+ExitOnOutOfMemoryError}).
 */
@Command(name = "macro-cohort-child", mixinStandardHelpOptions = true,
        description = "One Cohort run of a macro-benchmark case (started by MacroBenchmark; prints key=value lines).")
public final class CohortChild implements Callable<Integer> {
    /** The prefix of the lines on the JIT settling ({@link JitSettle}), kept by the parent as a measurement's info. */
    public static final String SETTLE_PREFIX = "settle.";

    @Mixin
    ChildCase c = new ChildCase();

    @Option(names = "--shards", defaultValue = "1", description = "In-process shards.")
    int shards;

    @Option(names = "--k", defaultValue = "8", description = "Clusters (kmeans).")
    int k;

    public static void main(String[] args) {
        ChildCase.exit(new CohortChild(), args);
    }

    @Override
    public Integer call() throws Exception {
        CohortWorkloads.Rounds r = c.rounds();
        long t0 = System.nanoTime();
        CohortWorkloads.Run run;
        double loadSeconds;
        switch (c.workload) {
            case logreg -> {
                ChildCase.LogRegData d = c.readLogReg();
                loadSeconds = (System.nanoTime() - t0) / 1e9;
                run = CohortWorkloads.logreg(CohortWorkloads.config(shards), d.x(), d.y(), d.rows(), d.cols(), c.lr, r);
            }
            case dense -> {
                Npy.Array m = Npy.read(c.requireData().resolve("M.npy"));
                Npy.Array b = Npy.read(c.requireData().resolve("b.npy"));
                int order = Math.toIntExact(m.shape()[0]);
                ChildCase.check(order == c.n && m.shape().length == 2 && m.shape()[1] == order && b.data().length == order,
                        "M.npy and b.npy do not hold a system of order " + c.n);
                loadSeconds = (System.nanoTime() - t0) / 1e9;
                run = CohortWorkloads.cgDense(CohortWorkloads.config(shards), m.data(), b.data(), order, r);
            }
            case poisson -> {
                loadSeconds = 0;
                run = CohortWorkloads.cgPoisson(CohortWorkloads.config(shards), c.n, r);
            }
            case kmeans -> {
                Npy.Array x = Npy.read(c.requireData().resolve("X.npy"));
                int rows = Math.toIntExact(x.shape()[0]);
                int cols = Math.toIntExact(x.shape()[1]);
                ChildCase.check(rows == c.n && (c.features == 0 || cols == c.features), "X.npy " + rows + "x" + cols
                        + " does not match --n " + c.n + " --features " + c.features);
                loadSeconds = (System.nanoTime() - t0) / 1e9;
                run = CohortWorkloads.kmeans(CohortWorkloads.config(shards), x.data(), rows, cols, k, r);
            }
            case blackscholes -> {
                Npy.Array s = Npy.read(c.requireData().resolve("S.npy"));
                Npy.Array k = Npy.read(c.requireData().resolve("K.npy"));
                Npy.Array t = Npy.read(c.requireData().resolve("T.npy"));
                ChildCase.check(s.data().length == c.n && k.data().length == c.n && t.data().length == c.n,
                        "S.npy, K.npy and T.npy do not hold " + c.n + " options");
                loadSeconds = (System.nanoTime() - t0) / 1e9;
                run = CohortWorkloads.blackScholes(CohortWorkloads.config(shards), s.data(), k.data(), t.data(), r);
            }
            case heat -> {
                loadSeconds = 0;
                run = CohortWorkloads.heat(CohortWorkloads.config(shards), c.n, r);
            }
            default -> throw new IllegalStateException();
        }
        System.out.println("system=" + MacroBenchmark.cohortSystem(shards));
        System.out.println("shards=" + shards);
        ChildCase.printResults(loadSeconds, run.samples(), run.checks());
        ChildCase.printSettle(run.settle());
        return 0;
    }
}
