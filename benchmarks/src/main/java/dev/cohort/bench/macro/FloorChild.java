package dev.cohort.bench.macro;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;

/**
 * The machine-limit reference of one macro-benchmark case ({@link FloorWorkloads}, "Java floor") in a JVM of its own,
 * as {@link CohortChild} runs Cohort: it reads the same {@code .npy} files ({@code X.npy}, {@code y.npy}; {@code M.npy},
 * {@code b.npy}, and {@code A.npy} when the NumPy reference left it there, else it builds {@code A = M Mᵀ + n I}
 * itself, untimed) and prints {@code key=value} lines: {@code system=java-floor}, {@code threads=}, {@code cpus=},
 * {@code max_heap_mib=}, {@code load_seconds=}, {@code samples=}, the checksums, and {@code floor.<key>=} for each of
 * {@link FloorWorkloads.Run#info()}.
 */
@Command(name = "macro-floor-child", mixinStandardHelpOptions = true,
        description = "The hand-written Java floor of a macro-benchmark case (started by MacroBenchmark; prints key=value lines).")
public final class FloorChild implements Callable<Integer> {
    /** The system name of the floor's measurements. */
    public static final String SYSTEM = "java-floor";
    /** Prefix of the info lines. */
    public static final String INFO_PREFIX = "floor.";

    @Option(names = "--workload", required = true, description = "logreg, poisson or dense.")
    MacroBenchmark.Workload workload;

    @Option(names = "--n", required = true, description = "Rows (logreg) or the grid side / matrix order (CGs).")
    long n;

    @Option(names = "--features", defaultValue = "0", description = "Columns of X (logreg).")
    int features;

    @Option(names = "--data", description = "Directory of the case's .npy files (logreg, dense).")
    Path data;

    @Option(names = "--threads", description = "Threads (default: one per core).")
    Integer threads;

    @Option(names = "--block-rows", defaultValue = "" + FloorWorkloads.DEFAULT_BLOCK_ROWS, description = "Rows per logreg block.")
    int blockRows;

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
            status = new CommandLine(new FloorChild()).execute(args);
        } catch (Throwable t) {
            t.printStackTrace();
            status = 70;
        }
        System.out.flush();
        System.exit(status);
    }

    @Override
    public Integer call() throws Exception {
        CohortWorkloads.Rounds r = new CohortWorkloads.Rounds(warmup, rounds, roundLength);
        int team = threads != null ? threads : FloorWorkloads.defaultThreads();
        long t0 = System.nanoTime();
        FloorWorkloads.Run run;
        double loadSeconds;
        switch (workload) {
            case logreg -> {
                Npy.Array x = Npy.read(requireData().resolve("X.npy"));
                Npy.Array y = Npy.read(requireData().resolve("y.npy"));
                int rows = Math.toIntExact(x.shape()[0]);
                int cols = Math.toIntExact(x.shape()[1]);
                check(rows == n && (features == 0 || cols == features) && y.data().length == rows,
                        "X.npy " + rows + "x" + cols + " and y.npy " + y.data().length + " do not match --n " + n);
                loadSeconds = (System.nanoTime() - t0) / 1e9;
                run = FloorWorkloads.logreg(x.data(), y.data(), rows, cols, lr, r, team, blockRows);
            }
            case dense -> {
                int order = Math.toIntExact(n);
                Npy.Array b = Npy.read(requireData().resolve("b.npy"));
                check(b.data().length == order, "b.npy does not hold " + order + " values");
                Path cached = requireData().resolve("A.npy");
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
                    Npy.Array m = Npy.read(requireData().resolve("M.npy"));
                    check(m.shape().length == 2 && m.shape()[0] == order && m.shape()[1] == order,
                            "M.npy does not hold a matrix of order " + n);
                    a = FloorWorkloads.denseSystem(m.data(), order, team);
                }
                loadSeconds = (System.nanoTime() - t0) / 1e9;
                run = FloorWorkloads.cgDense(a, b.data(), order, r, team);
                run.info().put("system_from_cache", fromCache ? 1.0 : 0.0);
            }
            case poisson -> {
                loadSeconds = 0;
                run = FloorWorkloads.cgPoisson(Math.toIntExact(n), r, team);
            }
            default -> throw new IllegalStateException();
        }
        System.out.println("system=" + SYSTEM);
        System.out.println("threads=" + team);
        System.out.println("cpus=" + java.lang.Runtime.getRuntime().availableProcessors());
        System.out.println("max_heap_mib=" + java.lang.Runtime.getRuntime().maxMemory() / (1024 * 1024));
        System.out.println(String.format(Locale.ROOT, "load_seconds=%.3f", loadSeconds));
        StringBuilder samples = new StringBuilder();
        for (double s : run.samples()) {
            samples.append(samples.length() == 0 ? "" : ",").append(s);
        }
        System.out.println("samples=" + samples);
        run.checks().forEach((k, v) -> System.out.println(k + "=" + v));
        run.info().forEach((k, v) -> System.out.println(INFO_PREFIX + k + "=" + v));
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
