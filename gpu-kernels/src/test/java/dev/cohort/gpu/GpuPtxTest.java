package dev.cohort.gpu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The committed PTX against its sources: every {@code .cu} has a module, and where nvcc and ptxas exist (CUDA 13 on the
 * project's machines, not on CI), {@code gpu-kernels/build-ptx} gives exactly the committed files and ptxas assembles
 * each for {@code sm_90} (the H100).
 */
@Timeout(value = 600, unit = TimeUnit.SECONDS)
class GpuPtxTest {
    private static final Path MODULE = Path.of(System.getProperty("user.dir"));
    private static final Path CUDA = MODULE.resolve("src/main/cuda");
    private static final Path PTX = MODULE.resolve("src/main/resources/dev/cohort/gpu/ptx");

    @Test
    void everyKernelSourceHasItsCommittedModule() throws IOException {
        Assumptions.assumeTrue(Files.isDirectory(CUDA), "run from gpu-kernels (the sources are not in this bundle)");
        List<String> sources = new ArrayList<>();
        try (Stream<Path> s = Files.list(CUDA)) {
            s.filter(p -> p.toString().endsWith(".cu")).forEach(p -> sources.add(p.getFileName().toString().replace(".cu", "")));
        }
        List<String> modules = GpuDevice.moduleNames();
        assertEquals(sources.stream().sorted().toList(), modules.stream().sorted().toList(), "modules.txt vs src/main/cuda");
        for (String m : modules) {
            String ptx = new String(GpuDevice.ptx(m), java.nio.charset.StandardCharsets.US_ASCII);
            assertTrue(ptx.contains(".version") && ptx.contains(".target"), m + ".ptx is not PTX");
        }
    }

    @Test
    void buildPtxReproducesTheCommittedFilesAndPtxasAssemblesThemForSm90() throws Exception {
        Assumptions.assumeTrue(Files.isExecutable(MODULE.resolve("build-ptx")), "run from gpu-kernels (build-ptx is not in this bundle)");
        Path nvcc = find("nvcc");
        Assumptions.assumeTrue(nvcc != null, "no nvcc (CUDA toolkit) on this machine");
        Path tmp = Files.createTempDirectory("cohort-ptx");
        Process p = new ProcessBuilder(MODULE.resolve("build-ptx").toString(), tmp.toString())
                .redirectErrorStream(true).start();
        p.getOutputStream().close();
        String log = new String(p.getInputStream().readAllBytes());
        assertTrue(p.waitFor(500, TimeUnit.SECONDS), "build-ptx timed out");
        assertEquals(0, p.exitValue(), log);
        for (String m : GpuDevice.moduleNames()) {
            String committed = Files.readString(PTX.resolve(m + ".ptx"));
            String built = Files.readString(tmp.resolve(m + ".ptx"));
            String version = line(built, "Cuda compilation tools");
            Assumptions.assumeTrue(version.equals(line(committed, "Cuda compilation tools")),
                    "committed PTX is from another nvcc (" + line(committed, "Cuda compilation tools") + " vs " + version + ")");
            assertEquals(committed, built, m + ".ptx differs from what build-ptx gives: run gpu-kernels/build-ptx and commit");
            Process a = new ProcessBuilder(nvcc.resolveSibling("ptxas").toString(), "-arch=sm_90",
                    PTX.resolve(m + ".ptx").toString(), "-o", tmp.resolve(m + ".cubin").toString()).redirectErrorStream(true).start();
            String alog = new String(a.getInputStream().readAllBytes());
            assertTrue(a.waitFor(300, TimeUnit.SECONDS), "ptxas timed out");
            assertEquals(0, a.exitValue(), "ptxas -arch=sm_90 " + m + ".ptx: " + alog);
        }
    }

    private static String line(String text, String prefix) {
        return text.lines().filter(l -> l.contains(prefix)).findFirst().orElse("");
    }

    /** {@code tool} on PATH, else in the usual CUDA prefixes. */
    static Path find(String tool) throws IOException {
        for (String dir : System.getenv().getOrDefault("PATH", "").split(":")) {
            Path c = Path.of(dir.isEmpty() ? "." : dir, tool);
            if (Files.isExecutable(c)) {
                return c;
            }
        }
        Path local = Path.of("/usr/local");
        if (Files.isDirectory(local)) {
            try (Stream<Path> s = Files.list(local)) {
                for (Path d : s.filter(x -> x.getFileName().toString().startsWith("cuda")).sorted().toList()) {
                    if (Files.isExecutable(d.resolve("bin").resolve(tool))) {
                        return d.resolve("bin").resolve(tool);
                    }
                }
            }
        }
        return null;
    }
}
