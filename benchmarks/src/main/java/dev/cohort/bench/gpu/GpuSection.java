package dev.cohort.bench.gpu;

import dev.cohort.gpu.GpuBench;
import dev.cohort.gpu.GpuDetection;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * The GPU section of {@code benchmarks/RESULTS.md} (issue 13), filled only from a real device: where this machine has
 * a CUDA device it runs {@link GpuBench} here; elsewhere (the project's CI and build machines) it reproduces the newest
 * committed device run, {@code benchmarks/results/gpu-<device>-<date>/README.md} (written from what
 * {@code .gpu-bundle/run} printed there, with the device's {@code nvidia-smi} line), and says so.
 */
@Command(name = "gpu", mixinStandardHelpOptions = true,
        description = "Writes gpu.md: GpuBench on this machine's GPU, or the newest committed GPU run.")
public final class GpuSection implements Callable<Integer> {
    @Option(names = "--out", defaultValue = "benchmarks/results", description = "Directory of gpu.md.")
    Path out;

    @Option(names = "--quick", description = "Accepted for run-all; the GPU section has one size.")
    boolean quick;

    public static void main(String[] args) {
        System.exit(new CommandLine(new GpuSection()).execute(args));
    }

    @Override
    public Integer call() throws IOException {
        GpuDetection d = GpuDetection.get();
        StringBuilder md = new StringBuilder("## GPU (issue 13)\n\n");
        if (d.available()) {
            ByteArrayOutputStream buf = new ByteArrayOutputStream();
            PrintStream old = System.out;
            System.setOut(new PrintStream(buf, true, StandardCharsets.UTF_8));
            try {
                GpuBench.main(new String[0]);
            } finally {
                System.setOut(old);
            }
            md.append("Measured by this run on this machine's GPU (`dev.cohort.gpu.GpuBench`; ").append(d.reason())
                    .append(").\n\n").append(buf.toString(StandardCharsets.UTF_8));
        } else {
            Optional<Path> newest = newestRun(out);
            md.append("This machine has no GPU (").append(d.reason()).append("): the numbers below are not from this run. ");
            if (newest.isEmpty()) {
                md.append("No GPU run is committed under `benchmarks/results/gpu-*`.\n");
            } else {
                String dir = newest.get().getFileName().toString();
                md.append("They are the newest run on a real device committed in [`results/").append(dir).append("/`](")
                        .append("results/").append(dir).append("/README.md), made with `tools/gpu/bundle` and `.gpu-bundle/run` there:\n\n");
                String text = Files.readString(newest.get().resolve("README.md"), StandardCharsets.UTF_8);
                // its headings two levels down, under this section's (links are RESULTS.md's: benchmarks/)
                md.append(text.replaceAll("(?m)^(#+) ", "##$1 "));
            }
        }
        Files.createDirectories(out);
        Files.writeString(out.resolve("gpu.md"), md.toString(), StandardCharsets.UTF_8);
        return 0;
    }

    /** The {@code gpu-*} folder under {@code out} with a README.md, newest by name (the names end in the date). */
    static Optional<Path> newestRun(Path out) throws IOException {
        if (!Files.isDirectory(out)) {
            return Optional.empty();
        }
        try (Stream<Path> s = Files.list(out)) {
            return s.filter(p -> p.getFileName().toString().startsWith("gpu-") && Files.isRegularFile(p.resolve("README.md")))
                    .max(Comparator.comparing(p -> p.getFileName().toString().replaceAll(".*-(\\d{4}-\\d{2}-\\d{2})$", "$1")));
        }
    }
}
