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

    @Option(names = "--quick", description = "shorter warm-up and measurement (about 2 minutes instead of 6)")
    boolean quick;

    @Option(names = "--include", description = "regular expression over benchmark names (class.method), default all micro benchmarks")
    String include = "dev\\.cohort\\.bench\\.micro\\..*";

    @Option(names = "--jvm-arg", description = "extra JVM argument of the forked benchmark JVMs (repeatable)")
    List<String> jvmArgs = new ArrayList<>();

    /** JVM arguments of every forked benchmark JVM. */
    static final List<String> FORK_JVM_ARGS = List.of(
            "--add-exports=java.base/jdk.internal.misc=ALL-UNNAMED",
            "-Xms2g", "-Xmx6g",
            "-Djava.awt.headless=true");

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
        if (quick) {
            opt.warmupIterations(1).warmupTime(TimeValue.milliseconds(300))
                    .measurementIterations(4).measurementTime(TimeValue.milliseconds(150));
        } else {
            opt.warmupIterations(2).warmupTime(TimeValue.milliseconds(500))
                    .measurementIterations(8).measurementTime(TimeValue.milliseconds(200));
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
