package dev.cohort.bench.macro;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;

/**
 * The machine-limit reference of one macro-benchmark case ({@link FloorWorkloads}, "Java floor") in a JVM of its own,
 * as {@link CohortChild} runs Cohort: it reads the same {@code .npy} files ({@code X.npy}, {@code y.npy}; {@code M.npy},
 * {@code b.npy}, and {@code A.npy} when the NumPy reference left it there, else it builds {@code A = M Mᵀ + n I}
 * itself, untimed) and prints {@code key=value} lines: {@code system=java-floor}, {@code threads=}, {@code cpus=},
 * {@code max_heap_mib=}, {@code load_seconds=}, {@code samples=}, the checksums, and {@code floor.<key>=} for each of
 * {@link FloorWorkloads.Run#info()}. The whole measurement (warm-up and timed rounds from fresh state) is repeated until
 * the JIT settled ({@link JitSettle#repeatUntilSettled}), the last one counted: {@code settle.rounds=} (the runs
 * before it), {@code settle.seconds=}, {@code settle.settled=}.
 */
@Command(name = "macro-floor-child", mixinStandardHelpOptions = true,
        description = "The hand-written Java floor of a macro-benchmark case (started by MacroBenchmark; prints key=value lines).")
public final class FloorChild implements Callable<Integer> {
    /** The system name of the floor's measurements. */
    public static final String SYSTEM = "java-floor";
    /** Prefix of the info lines. */
    public static final String INFO_PREFIX = "floor.";

    @Mixin
    ChildCase c = new ChildCase();

    @Option(names = "--threads", description = "Threads (default: one per core).")
    Integer threads;

    @Option(names = "--block-rows", defaultValue = "" + FloorWorkloads.DEFAULT_BLOCK_ROWS, description = "Rows per logreg block.")
    int blockRows;

    public static void main(String[] args) {
        ChildCase.exit(new FloorChild(), args);
    }

    @Override
    public Integer call() throws Exception {
        CohortWorkloads.Rounds r = c.rounds();
        int team = threads != null ? threads : FloorWorkloads.defaultThreads();
        long t0 = System.nanoTime();
        java.util.function.Supplier<FloorWorkloads.Run> measure;
        double loadSeconds;
        switch (c.workload) {
            case logreg -> {
                ChildCase.LogRegData d = c.readLogReg();
                loadSeconds = (System.nanoTime() - t0) / 1e9;
                measure = () -> FloorWorkloads.logreg(d.x(), d.y(), d.rows(), d.cols(), c.lr, r, team, blockRows);
            }
            case dense -> {
                int order = Math.toIntExact(c.n);
                Npy.Array b = Npy.read(c.requireData().resolve("b.npy"));
                ChildCase.check(b.data().length == order, "b.npy does not hold " + order + " values");
                Path cached = c.requireData().resolve("A.npy");
                double[] a = null;
                boolean fromCache = false;
                if (Files.isRegularFile(cached)) {
                    Npy.Array aa = Npy.read(cached);
                    if (aa.shape().length == 2 && aa.shape()[0] == order && aa.shape()[1] == order) {
                        a = aa.data();
                        fromCache = true;
                    }
                }
                if (a == null) {
                    Npy.Array m = Npy.read(c.requireData().resolve("M.npy"));
                    ChildCase.check(m.shape().length == 2 && m.shape()[0] == order && m.shape()[1] == order,
                            "M.npy does not hold a matrix of order " + c.n);
                    a = FloorWorkloads.denseSystem(m.data(), order, team);
                }
                loadSeconds = (System.nanoTime() - t0) / 1e9;
                double[] system = a;
                boolean cachedSystem = fromCache;
                measure = () -> {
                    FloorWorkloads.Run one = FloorWorkloads.cgDense(system, b.data(), order, r, team);
                    one.info().put("system_from_cache", cachedSystem ? 1.0 : 0.0);
                    return one;
                };
            }
            case poisson -> {
                loadSeconds = 0;
                measure = () -> FloorWorkloads.cgPoisson(Math.toIntExact(c.n), r, team);
            }
            default -> throw new IllegalStateException();
        }
        JitSettle.Settled<FloorWorkloads.Run> settled = JitSettle.repeatUntilSettled(measure);
        FloorWorkloads.Run run = settled.last();
        System.out.println("system=" + SYSTEM);
        System.out.println("threads=" + team);
        ChildCase.printResults(loadSeconds, run.samples(), run.checks());
        run.info().forEach((k, v) -> System.out.println(INFO_PREFIX + k + "=" + v));
        ChildCase.printSettle(settled.settle());
        return 0;
    }
}
