package dev.cohort.tasks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;
import org.junit.jupiter.api.Test;

/** {@link OpenBlasCore}: the kernel family from a CPU's flags, and a user's choice left alone. */
class OpenBlasCoreTest {
    @Test
    void theFamilyFollowsTheFlags() {
        // an Intel Xeon with AVX-512 (this project's CI machines), flags in /proc/cpuinfo's order
        assertEquals(Optional.of("SkylakeX"), OpenBlasCore.coreType(
                " fpu sse4_2 avx2 fma avx512f avx512dq avx512ifma avx512cd avx512bw avx512vl avx512vbmi"));
        // AMD EPYC (Zen 2/3): AVX2 and FMA, no AVX-512
        assertEquals(Optional.of("Haswell"), OpenBlasCore.coreType("fpu sse4_2 fma avx2 bmi2 sha_ni"));
        // AVX-512 F alone is not enough for the SkylakeX kernels
        assertEquals(Optional.of("Haswell"), OpenBlasCore.coreType("avx2 fma avx512f"));
        // no AVX2: OpenBLAS's own detection stands
        assertEquals(Optional.empty(), OpenBlasCore.coreType("fpu sse4_2 avx"));
        assertEquals(Optional.empty(), OpenBlasCore.coreType(""));
    }

    @Test
    void aChildGetsTheFamilyOnlyWhenThisEnvironmentSetsNone() {
        if (System.getenv(OpenBlasCore.VARIABLE) != null) {
            assertTrue(OpenBlasCore.childEnvironment().isEmpty());
        } else {
            assertEquals(OpenBlasCore.coreType().map(t -> java.util.Map.of(OpenBlasCore.VARIABLE, t)).orElse(java.util.Map.of()),
                    OpenBlasCore.childEnvironment());
        }
    }
}
