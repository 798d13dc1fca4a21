package dev.cohort.examples;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Keeps DESIGN.md §1's arrows pointing down: each module's main sources import only Cohort
 * packages of the modules below it (a plain test over imports, in place of ArchUnit).
 */
class ModuleArrowsTest {
    /** Module directory to its package and the packages it may import. */
    private static final Map<String, Set<String>> ALLOWED = Map.of(
            "transport-aeron", Set.of("dev.cohort.transport"),
            "runtime-dcr", Set.of("dev.cohort.runtime", "dev.cohort.transport"),
            "task-library", Set.of("dev.cohort.tasks", "dev.cohort.runtime"),
            // partitioner and task-library are siblings on runtime-dcr (Access and IterSpace live in dev.cohort.runtime.launch)
            "partitioner", Set.of("dev.cohort.partitioner", "dev.cohort.runtime"),
            // ndarray-api's Jobs decides where a job's shards come from (in-process or launched processes)
            "ndarray-api", Set.of("dev.cohort.ndarray", "dev.cohort.partitioner", "dev.cohort.tasks", "dev.cohort.runtime",
                    "dev.cohort.transport"),
            "nd4j-interop", Set.of("dev.cohort.nd4j", "dev.cohort.ndarray"),
            // GPU variants of the task library's op codes, found by the runtime's ServiceLoader (no module imports it
            // but the benchmarks' GPU section)
            "gpu-kernels", Set.of("dev.cohort.gpu", "dev.cohort.tasks", "dev.cohort.runtime"),
            // the simulator builds task graphs of the partitioner's launch records on the runtime's shapes
            "simulator", Set.of("dev.cohort.simulator", "dev.cohort.partitioner", "dev.cohort.runtime"),
            // the launcher (dev.cohort.examples.launch) starts shard processes over the transport's job environment;
            // bin/cohort calibrate (dev.cohort.examples.calibrate) measures the simulator's costs (it matches the
            // launches a LaunchTrace recorded with the profile's spans of their op codes' tasks); bin/cohort simulate
            // (Simulate) records launches (partitioner) and projects them (simulator)
            "examples", Set.of("dev.cohort.examples", "dev.cohort.ndarray", "dev.cohort.transport", "dev.cohort.simulator",
                    "dev.cohort.partitioner", "dev.cohort.tasks"),
            // the simulator suite (dev.cohort.bench.simulator) predicts the iterations it measures; the gpu suite
            // (dev.cohort.bench.gpu) runs GpuBench where a GPU answers
            "benchmarks", Set.of("dev.cohort.bench", "dev.cohort.examples", "dev.cohort.ndarray", "dev.cohort.partitioner",
                    "dev.cohort.tasks", "dev.cohort.runtime", "dev.cohort.transport", "dev.cohort.simulator", "dev.cohort.gpu"));

    private static final Pattern IMPORT = Pattern.compile("^import\\s+(?:static\\s+)?(dev\\.cohort\\.[a-z]+)[.;]", Pattern.MULTILINE);

    @Test
    void importsPointDownOnly() throws IOException {
        Path root = Path.of("..").toAbsolutePath().normalize();
        List<String> violations = new ArrayList<>();
        int files = 0;
        for (Map.Entry<String, Set<String>> e : ALLOWED.entrySet()) {
            Path src = root.resolve(e.getKey()).resolve("src/main/java");
            assertTrue(Files.isDirectory(src), "missing module sources " + src);
            try (Stream<Path> walk = Files.walk(src)) {
                for (Path f : (Iterable<Path>) walk.filter(p -> p.toString().endsWith(".java"))::iterator) {
                    files++;
                    Matcher m = IMPORT.matcher(Files.readString(f));
                    while (m.find()) {
                        if (!e.getValue().contains(m.group(1))) {
                            violations.add(root.relativize(f) + " imports " + m.group(1));
                        }
                    }
                }
            }
        }
        assertTrue(files > 50, "expected the sources of every module, found " + files + " files");
        assertEquals(List.of(), violations, "imports against DESIGN.md §1's arrows");
    }

    /**
     * The runtime sees the transport only through {@code Communicator}: which communicators a job uses
     * (in-process, Aeron, the launcher's environment) is decided above it, in the array layer's {@code Jobs}.
     */
    @Test
    void runtimeSeesOnlyTheCommunicator() throws IOException {
        Path src = Path.of("..").toAbsolutePath().normalize().resolve("runtime-dcr/src/main/java");
        Pattern transport = Pattern.compile("^import\\s+(dev\\.cohort\\.transport\\.[\\w.]+);", Pattern.MULTILINE);
        List<String> violations = new ArrayList<>();
        try (Stream<Path> walk = Files.walk(src)) {
            for (Path f : (Iterable<Path>) walk.filter(p -> p.toString().endsWith(".java"))::iterator) {
                Matcher m = transport.matcher(Files.readString(f));
                while (m.find()) {
                    if (!m.group(1).equals("dev.cohort.transport.Communicator")) {
                        violations.add(src.relativize(f) + " imports " + m.group(1));
                    }
                }
            }
        }
        assertEquals(List.of(), violations, "runtime-dcr imports of the transport beyond Communicator");
    }

    /**
     * Job launching (the command line, ssh, srun, process reaping) lives with {@code bin/cohort} in this module
     * ({@code dev.cohort.examples.launch}), not in the transport: transport-aeron keeps only the shard's side of
     * a launch ({@code ShardEnvironment}, {@code LauncherPipe}) and has no command-line library.
     */
    @Test
    void theLauncherLivesAboveTheTransport() throws IOException {
        Path root = Path.of("..").toAbsolutePath().normalize();
        Path launch = root.resolve("transport-aeron/src/main/java/dev/cohort/transport/launch");
        List<String> files = new ArrayList<>();
        try (Stream<Path> list = Files.list(launch)) {
            list.forEach(f -> files.add(f.getFileName().toString()));
        }
        java.util.Collections.sort(files);
        assertEquals(List.of("LauncherPipe.java", "ShardEnvironment.java"), files, "transport-aeron's launch package");
        assertTrue(!Files.readString(root.resolve("transport-aeron/pom.xml")).contains("picocli"),
                "transport-aeron depends on picocli");
        assertTrue(Files.exists(root.resolve("examples/src/main/java/dev/cohort/examples/launch/Launcher.java")));
        assertTrue(Files.readString(root.resolve("bin/cohort")).contains("dev.cohort.examples.launch.Launcher"));
    }

    /** nd4j-interop is opt-in: no other module's pom depends on it, and no other module's source imports it. */
    @Test
    void nd4jInteropIsOptIn() throws IOException {
        Path root = Path.of("..").toAbsolutePath().normalize();
        List<String> violations = new ArrayList<>();
        for (String module : ALLOWED.keySet()) {
            if (module.equals("nd4j-interop")) {
                continue;
            }
            assertTrue(!ALLOWED.get(module).contains("dev.cohort.nd4j"), module + " may import dev.cohort.nd4j");
            if (Files.readString(root.resolve(module).resolve("pom.xml")).contains("<artifactId>nd4j-interop</artifactId>")) {
                violations.add(module + "/pom.xml");
            }
        }
        assertTrue(Files.readString(root.resolve("pom.xml")).contains("<module>nd4j-interop</module>"), "nd4j-interop is built");
        assertEquals(List.of(), violations, "modules that depend on the opt-in nd4j-interop");
    }

    @Test
    void ndarrayKnowsNothingOfTransportOrThreads() throws IOException {
        Path src = Path.of("..").toAbsolutePath().normalize().resolve("ndarray-api/src/main/java");
        List<String> violations = new ArrayList<>();
        try (Stream<Path> walk = Files.walk(src)) {
            for (Path f : (Iterable<Path>) walk.filter(p -> p.toString().endsWith(".java"))::iterator) {
                String text = Files.readString(f);
                if (text.contains("io.aeron") || text.contains("new Thread(") && !text.contains("addShutdownHook")) {
                    violations.add(f.getFileName().toString());
                }
            }
        }
        assertEquals(List.of(), violations, "ndarray-api must not use Aeron or start threads");
    }

    /**
     * The array layer describes operations to the partitioner's {@code AutoTask} and gets back only futures:
     * it neither builds launches ({@code GroupLaunch}) nor chooses privileges ({@code Privilege}), nor calls the
     * partitioner's solver itself ({@code Partitioner}, {@code Operation}): those decisions are made in one place.
     */
    @Test
    void theArrayLayerLaunchesOnlyThroughAutoTask() throws IOException {
        Path src = Path.of("..").toAbsolutePath().normalize().resolve("ndarray-api/src/main/java");
        Pattern forbidden = Pattern.compile("dev\\.cohort\\.runtime\\.launch\\.(?:GroupLaunch|Privilege)\\b"
                + "|dev\\.cohort\\.partitioner\\.(?:Partitioner|Operation)\\b"
                + "|\\b(?:GroupLaunch|Privilege)\\.\\w+|\\bPartitioner\\.partition\\(|\\bOperation\\.builder\\(");
        List<String> violations = new ArrayList<>();
        int files = 0;
        try (Stream<Path> walk = Files.walk(src)) {
            for (Path f : (Iterable<Path>) walk.filter(p -> p.toString().endsWith(".java"))::iterator) {
                files++;
                Matcher m = forbidden.matcher(Files.readString(f));
                while (m.find()) {
                    violations.add(src.relativize(f) + ": " + m.group());
                }
            }
        }
        assertTrue(files > 20, "expected ndarray-api's sources, found " + files + " files");
        assertEquals(List.of(), violations, "ndarray-api building launches or choosing privileges itself");
    }
}
