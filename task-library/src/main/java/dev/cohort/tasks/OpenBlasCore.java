package dev.cohort.tasks;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The OpenBLAS kernel family a Cohort JVM should ask for ({@code OPENBLAS_CORETYPE}), decided here for every launch
 * path. ND4J 1.0.0-M2.1 bundles OpenBLAS 0.3.19 (2021), whose run-time CPU detection does not know later processors
 * and falls back to its generic {@code Prescott} kernels: on a Xeon with AVX-512 its {@code dgemm} ran at 8.7 GFLOP/s
 * on one thread at n = 1000, against 38-50 GFLOP/s with {@code OPENBLAS_CORETYPE=SkylakeX} (25 with {@code Haswell})
 * and NumPy's own OpenBLAS at 68 (same machine and run). OpenBLAS reads the variable once, when it loads, so it must
 * be in the environment before the JVM starts: {@code bin/cohort} sets it from {@link #main}, and the benchmarks set
 * it for their Cohort child JVMs ({@link #childEnvironment}). A value the user set is never changed.
 *
 * <p>The choice from the CPU's flags ({@code /proc/cpuinfo}): AVX-512 F, BW, CD, DQ and VL give {@code SkylakeX};
 * else AVX2 with FMA gives {@code Haswell}; else nothing (OpenBLAS's own detection stands). Both families are
 * correct on any CPU with those instructions (Intel and AMD); they only choose faster kernels than Prescott's.
 */
public final class OpenBlasCore {
    /** The variable OpenBLAS reads. */
    public static final String VARIABLE = "OPENBLAS_CORETYPE";

    private static final List<String> AVX512 = List.of("avx512f", "avx512bw", "avx512cd", "avx512dq", "avx512vl");

    private OpenBlasCore() {
    }

    /** The kernel family for a CPU whose {@code flags} line of {@code /proc/cpuinfo} is given, or empty. */
    public static Optional<String> coreType(String flagsLine) {
        Set<String> flags = new HashSet<>(Arrays.asList(flagsLine.trim().split("\\s+")));
        if (flags.containsAll(AVX512)) {
            return Optional.of("SkylakeX");
        }
        if (flags.contains("avx2") && flags.contains("fma")) {
            return Optional.of("Haswell");
        }
        return Optional.empty();
    }

    /** The kernel family for this machine's CPU ({@code /proc/cpuinfo}), or empty where it cannot be read. */
    public static Optional<String> coreType() {
        Path cpuinfo = Path.of("/proc/cpuinfo");
        if (!Files.isReadable(cpuinfo)) {
            return Optional.empty();
        }
        try (var lines = Files.lines(cpuinfo)) {
            return lines.filter(l -> l.startsWith("flags")).findFirst()
                    .flatMap(l -> coreType(l.substring(l.indexOf(':') + 1)));
        } catch (IOException | java.io.UncheckedIOException e) {
            return Optional.empty();
        }
    }

    /**
     * What to add to the environment of a child JVM that runs Cohort: {@code OPENBLAS_CORETYPE} when this JVM's
     * environment does not set it and the CPU calls for one (see the class comment); else nothing.
     */
    public static Map<String, String> childEnvironment() {
        if (System.getenv(VARIABLE) != null) {
            return Map.of();
        }
        return coreType().map(t -> Map.of(VARIABLE, t)).orElse(Map.of());
    }

    /** Prints the kernel family for this CPU, or nothing (what {@code bin/cohort} exports when the user set none). */
    public static void main(String[] args) {
        coreType().ifPresent(System.out::println);
    }
}
