package dev.cohort.bench.micro;

import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.results.format.ResultFormatType;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * The JMH micro-benchmark suite "micro": kernels against a bare Java loop and ND4J
 * ({@link KernelBench}, {@link GemmBench}) and the runtime's overhead per point task
 * ({@link RuntimeOverheadBench}). Runs JMH through its Runner API (one fork per benchmark, one
 * thread), then {@link MicroReport} writes {@code micro.csv}, {@code micro-targets.csv},
 * {@code micro.md} and the PNG charts into {@code --out}, plus JMH's own {@code micro-jmh.json}.
 */
@Command(name = "micro", mixinStandardHelpOptions = true,
        description = "JMH micro-benchmarks: kernels vs a bare Java loop and ND4J, runtime overhead per point task.")
public final class MicroBenchmarks implements Callable<Integer> {
    @Option(names = "--out", description = "results directory (default: ${DEFAULT-VALUE})")
    Path out = Path.of("target", "bench-results");

    @Option(names = "--quick", description = "shorter measurement, GEMM at 1024 only (about 1.5 minutes instead of 3 on a quiet 2-core machine)")
    boolean quick;

    @Option(names = "--include", description = "regular expression over benchmark names (class.method), default all micro benchmarks")
    String include = "dev\\.cohort\\.bench\\.micro\\..*";

    @Option(names = "--jvm-arg", description = "extra JVM argument of the forked benchmark JVMs (repeatable)")
    List<String> jvmArgs = new ArrayList<>();

    /** JVM arguments of every forked benchmark JVM. */
    static final List<String> FORK_JVM_ARGS = java.util.stream.Stream.concat(
            dev.cohort.examples.launch.Launcher.JVM_OPTIONS.stream(),
            java.util.stream.Stream.of("-Xms2g", "-Xmx6g", "-Djava.awt.headless=true")).toList();

    /**
     * Iterations of a run: per benchmark one fork, then {@code warmupIterations} x {@code warmupMs} untimed and
     * {@code iterations} x {@code iterationMs} measured (SampleTime: every call in them is a sample).
     */
    public record Settings(int warmupIterations, int warmupMs, int iterations, int iterationMs) {
        /** {@code "warm-up 1 x 0.5 s, measurement 5 x 0.2 s"}. */
        public String describe() {
            return String.format(java.util.Locale.ROOT, "warm-up %d x %s s, measurement %d x %s s", warmupIterations,
                    seconds(warmupMs), iterations, seconds(iterationMs));
        }

        private static String seconds(int ms) {
            return java.math.BigDecimal.valueOf(ms, 3).stripTrailingZeros().toPlainString();
        }
    }

    /**
     * The full run: 70 forks, each about 0.6 s of start-up and set-up (more with ND4J) plus 1.4 s of iterations. Was
     * warm-up 2 x 0.5 s, measurement 8 x 0.2 s (2.6 s of iterations per fork).
     */
    public static final Settings FULL = new Settings(1, 400, 5, 200);
    /**
     * {@code --quick}: 67 forks (GEMM at 1024 only), each about 0.6 s of start-up and set-up plus 0.6 s of iterations.
     * Was warm-up 1 x 0.3 s, measurement 4 x 0.15 s, and GEMM at 512 too (70 forks of 0.6 s + 0.9 s).
     */
    public static final Settings QUICK = new Settings(1, 300, 3, 100);
    /** GEMM orders of a {@code --quick} run (the full run: GemmBench's own, 512 and 1024). */
    public static final String QUICK_GEMM_ORDERS = "1024";

    /** The settings of a run. */
    public static Settings settings(boolean quick) {
        return quick ? QUICK : FULL;
    }

    public static void main(String[] args) {
        System.exit(new CommandLine(new MicroBenchmarks()).execute(args));
    }

    @Override
    public Integer call() throws RunnerException {
        List<String> jvm = new ArrayList<>(FORK_JVM_ARGS);
        jvm.addAll(jvmArgs);
        ChainedOptionsBuilder opt = new OptionsBuilder()
                .include(include)
                .forks(1)
                .threads(1)
                .shouldFailOnError(true)
                .jvmArgs(jvm.toArray(new String[0]))
                .resultFormat(ResultFormatType.JSON)
                .result(out.resolve("micro-jmh.json").toString());
        Settings settings = settings(quick);
        opt.warmupIterations(settings.warmupIterations()).warmupTime(TimeValue.milliseconds(settings.warmupMs()))
                .measurementIterations(settings.iterations()).measurementTime(TimeValue.milliseconds(settings.iterationMs()));
        if (quick) {
            opt.param("n", QUICK_GEMM_ORDERS); // GemmBench's order; no other micro benchmark has a parameter n
        }
        try {
            Files.createDirectories(out);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        long t0 = System.nanoTime();
        Collection<RunResult> results = new Runner(opt.build()).run();
        double seconds = (System.nanoTime() - t0) / 1e9;
        List<MicroReport.Score> scores = new ArrayList<>();
        for (RunResult r : results) {
            scores.add(MicroReport.Score.of(r));
        }
        MicroReport report = new MicroReport(scores);
        Path csv = report.write(out, quick, seconds);
        System.out.println(report.summary());
        System.out.println("wrote " + csv + " and the suite's targets, section and charts in " + out);
        return 0;
    }
}
