package dev.cohort.bench.macro;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** Parsing what the reference scripts print, and turning it into measurements and checksum verdicts. */
class PythonOutputTest {
    private static final MacroBenchmark.Case LOGREG = MacroBenchmark.Case.parse("logreg:1e5x32");

    @Test
    void samplesAreCommaSeparatedSecondsPerIteration() {
        assertArrayEquals(new double[]{0.012, 0.0105, 1.5e-3}, PythonRunner.samples(Map.of("samples", "0.012, 0.0105,1.5e-3")));
        assertThrows(IllegalArgumentException.class, () -> PythonRunner.samples(Map.of("loss", "1")));
        assertThrows(IllegalArgumentException.class, () -> PythonRunner.samples(Map.of("samples", "0.1,-2")));
        assertThrows(IllegalArgumentException.class, () -> PythonRunner.samples(Map.of("samples", "0.1,nan")));
        assertThrows(IllegalArgumentException.class, () -> PythonRunner.samples(Map.of("samples", "0.1,x")));
    }

    @Test
    void aSuccessfulRunBecomesAMeasurementWithItsChecksums() {
        Map<String, String> values = new LinkedHashMap<>();
        values.put("system", "numpy");
        values.put("numpy_version", "2.4.6");
        values.put("samples", "0.03,0.01,0.02");
        values.put("loss", "0.4292433632812199");
        values.put("w_sum", "-0.2879465511877056");
        MacroBenchmark.Measured m = MacroBenchmark.fromPython(LOGREG, "numpy", new PythonRunner.Result(0, values, List.of()));
        assertTrue(m.ok());
        assertEquals(0.02, m.median());
        assertEquals(0.01, m.min());
        assertEquals(Map.of("loss", 0.4292433632812199, "w_sum", -0.2879465511877056), m.checks());
    }

    @Test
    void aFailedOrSilentRunIsAnErrorThatQuotesTheScript() {
        MacroBenchmark.Measured failed = MacroBenchmark.fromPython(LOGREG, "numpy",
                new PythonRunner.Result(1, Map.of(), List.of("Traceback (most recent call last):", "MemoryError")));
        assertFalse(failed.ok());
        assertTrue(failed.failed());
        assertTrue(failed.error().contains("exit status 1") && failed.error().contains("MemoryError"), failed.error());
        assertEquals("out of memory", failed.shortError());
        assertTrue(Double.isNaN(failed.median()));
        MacroBenchmark.Measured silent = MacroBenchmark.fromPython(LOGREG, "numpy", new PythonRunner.Result(0, Map.of("loss", "1"), List.of()));
        assertFalse(silent.ok());
        assertTrue(silent.error().startsWith("failed: unreadable output"), silent.error());
        assertEquals("unreadable output", silent.shortError());
        MacroBenchmark.Measured late = MacroBenchmark.fromPython(LOGREG, "dask",
                new PythonRunner.Result(124, Map.of(), List.of("killed after 900 s")));
        assertEquals("timed out", late.shortError());
        MacroBenchmark.Measured absent = new MacroBenchmark.Measured(LOGREG, "numpy", new double[0], Map.of(), "not run: --python none");
        assertFalse(absent.ok());
        assertFalse(absent.failed(), "not running is not failing");
    }

    @Test
    void checksumsAgreeWithinTheToleranceAndDisagreementIsNamed() {
        assertTrue(MacroBenchmark.close(2013993119.7893467, 2013993119.788623));
        assertTrue(MacroBenchmark.close(1.2988819943923249e-5, 1.2988819943923281e-5));
        assertTrue(MacroBenchmark.close(1e-12, 5e-11), "tiny residuals compare absolutely");
        assertFalse(MacroBenchmark.close(0.4292, 0.4293));
        assertEquals("agree", MacroBenchmark.compareChecks(Map.of("loss", 0.5, "w_sum", 1.0), Map.of("loss", 0.5 + 1e-12, "w_sum", 1.0)));
        String differ = MacroBenchmark.compareChecks(Map.of("loss", 0.5, "w_sum", 1.0), Map.of("loss", 0.6, "w_sum", 1.0));
        assertTrue(differ.startsWith("DIFFER") && differ.contains("loss") && !differ.contains("w_sum"), differ);
        assertEquals("n/a", MacroBenchmark.compareChecks(Map.of("loss", 0.5), Map.of("residual", 0.5)));
    }

    @Test
    void theProbeSaysPlainlyWhenDaskDoesNotImport() {
        Map<String, String> v = Map.of("python_version", "3.11.7", "python_executable", "/opt/py/bin/python3", "numpy_version", "2.4.6",
                "blas", "scipy-openblas 0.3.31", "blas_loaded", "/opt/py/libscipy_openblas64_.so",
                "dask_error", "ModuleNotFoundError: No module named 'dask'");
        PythonRunner.Probe p = PythonRunner.Probe.of(new PythonRunner.Result(0, v, List.of()));
        assertTrue(p.numpy());
        assertFalse(p.dask());
        assertEquals("Python 3.11.7 (/opt/py/bin/python3), NumPy 2.4.6 (BLAS: scipy-openblas 0.3.31), Dask not importable: "
                + "ModuleNotFoundError: No module named 'dask'", p.describe());
        Map<String, String> old = Map.of("python_version", "3.11.2", "python_executable", "/usr/bin/python3", "numpy_version", "1.24.2",
                "blas_loaded", "/usr/lib/x86_64-linux-gnu/blas/libblas.so.3.11.0", "dask_version", "2022.12.1");
        PythonRunner.Probe d = PythonRunner.Probe.of(new PythonRunner.Result(0, old, List.of()));
        assertTrue(d.dask());
        assertEquals("Python 3.11.2 (/usr/bin/python3), NumPy 1.24.2 (BLAS: /usr/lib/x86_64-linux-gnu/blas/libblas.so.3.11.0), "
                + "Dask 2022.12.1", d.describe(), "an older NumPy names the BLAS library it loaded");
        PythonRunner.Probe none = PythonRunner.Probe.of(new PythonRunner.Result(-1, Map.of(), List.of("cannot start python9: No such file")));
        assertFalse(none.numpy());
        assertFalse(none.dask());
        assertTrue(none.describe().startsWith("Python not runnable: cannot start python9"), none.describe());
    }

    /** A scripts directory whose probe.py is a shell script (run by the "interpreter" sh) printing {@code lines}. */
    private static Path fakeProbe(Path dir, String... lines) throws IOException {
        Files.createDirectories(dir);
        StringBuilder script = new StringBuilder();
        for (String l : lines) {
            script.append("echo '").append(l.replace("'", "'\\''")).append("'\n");
        }
        Files.writeString(dir.resolve("probe.py"), script.toString());
        return dir;
    }

    @Test
    @Timeout(60)
    void daskRunsOnTheFirstInterpreterThatImportsItAndTheChoiceSaysWhyOthersWereNot(@TempDir Path tmp) throws IOException {
        Path withDask = fakeProbe(tmp.resolve("a"), "python_version=3.11.2", "python_executable=/usr/bin/python3",
                "numpy_version=1.24.2", "dask_version=2022.12.1");
        PythonRunner.DaskChoice chosen = PythonRunner.chooseDask(List.of("/nonexistent/python9", "sh"), withDask);
        assertTrue(chosen.available());
        assertEquals("sh", chosen.runner().python());
        assertEquals("2022.12.1", chosen.probe().daskVersion());
        assertEquals(1, chosen.tried().size());
        assertTrue(chosen.tried().get(0).startsWith("/nonexistent/python9: not runnable"), chosen.tried().toString());
        assertTrue(chosen.describe().startsWith("sh: Python 3.11.2 (/usr/bin/python3), NumPy 1.24.2, Dask 2022.12.1"), chosen.describe());
        assertEquals("sh", PythonRunner.chooseDask("auto", "sh", withDask).runner().python(), "auto tries --python first");
        assertEquals("sh", PythonRunner.chooseDask("sh", "python3", withDask).runner().python(), "an explicit choice");

        Path without = fakeProbe(tmp.resolve("b"), "python_version=3.11.7", "numpy_version=2.4.6",
                "dask_error=ModuleNotFoundError: No module named 'dask'");
        PythonRunner.DaskChoice none = PythonRunner.chooseDask(List.of("sh"), without);
        assertFalse(none.available());
        assertNull(none.runner());
        assertEquals("no Python with Dask (sh: Dask not importable: ModuleNotFoundError: No module named 'dask')", none.describe());
        Path noNumpy = fakeProbe(tmp.resolve("c"), "python_version=3.11.7", "numpy_error=ModuleNotFoundError: No module named 'numpy'",
                "dask_version=2024.1.0");
        assertFalse(PythonRunner.chooseDask(List.of("sh"), noNumpy).available(), "Dask without NumPy is no use");
        PythonRunner.DaskChoice off = PythonRunner.chooseDask("none", "sh", withDask);
        assertFalse(off.available());
        assertTrue(off.describe().contains("--dask-python none"), off.describe());
        assertEquals(List.of("python3", "/usr/bin/python3"), PythonRunner.DASK_CANDIDATES);
    }

    @Test
    @Timeout(60)
    void autoFallsBackToTheEnvironmentThatInstallDaskMakesBesideTheScripts(@TempDir Path tmp) throws IOException {
        Path scripts = fakeProbe(tmp.resolve("scripts"), "python_version=3.11.7", "numpy_version=2.4.6",
                "dask_error=ModuleNotFoundError: No module named 'dask'");
        // without the environment, auto finds no Dask (its interpreters all run this probe, which says no Dask)
        assertFalse(PythonRunner.chooseDask("auto", "sh", scripts).tried().stream().anyMatch(t -> t.contains(".venv")));
        // the environment's "python": a shell script that prints a probe saying Dask imports, whatever it is given
        Path venvPython = scripts.resolve(PythonRunner.INSTALLED_DASK);
        Files.createDirectories(venvPython.getParent());
        Files.writeString(venvPython, "#!/bin/sh\necho python_version=3.11.7\necho numpy_version=2.4.6\necho dask_version=2026.8.0\n");
        assertTrue(venvPython.toFile().setExecutable(true));
        PythonRunner.DaskChoice chosen = PythonRunner.chooseDask("auto", "sh", scripts);
        assertTrue(chosen.available(), chosen.describe());
        assertEquals(venvPython.toString(), chosen.runner().python());
        assertEquals("2026.8.0", chosen.probe().daskVersion());
        assertTrue(chosen.tried().get(0).startsWith("sh: Dask not importable"), chosen.tried().toString());
        // an explicit choice does not fall back
        assertFalse(PythonRunner.chooseDask("sh", "sh", scripts).available());
    }

    @Test
    @Timeout(30)
    void aChildsKeyValueLinesAreParsedAndTheRestKept() {
        PythonRunner.Result r = PythonRunner.runCommand(List.of("sh", "-c",
                "echo samples=0.1,0.2; echo 'some warning'; echo loss=1.5; echo boom >&2; exit 3"), Duration.ofSeconds(20));
        assertEquals(3, r.exitCode());
        assertEquals("0.1,0.2", r.values().get("samples"));
        assertEquals("1.5", r.values().get("loss"));
        assertTrue(r.other().contains("some warning") && r.other().contains("boom"), r.other().toString());
        PythonRunner.Result missing = PythonRunner.runCommand(List.of("/nonexistent/python9"), Duration.ofSeconds(5));
        assertEquals(-1, missing.exitCode());
        assertNull(missing.values().get("samples"));
    }

    @Test
    @Timeout(30)
    void aChildPastItsTimeoutIsKilled() {
        long t0 = System.nanoTime();
        PythonRunner.Result r = PythonRunner.runCommand(List.of("sleep", "60"), Duration.ofMillis(300));
        assertEquals(124, r.exitCode());
        assertTrue(r.tail(1).contains("killed"), r.tail(1));
        assertTrue(System.nanoTime() - t0 < 20_000_000_000L);
    }

    @Test
    void casesParseTheirSizes() {
        assertEquals(new MacroBenchmark.Case(MacroBenchmark.Workload.logreg, 1_000_000, 32), MacroBenchmark.Case.parse("logreg:1e6x32"));
        assertEquals("3163", MacroBenchmark.Case.parse("poisson:3163").size());
        assertEquals("dense:4096", MacroBenchmark.Case.parse(" dense:4096 ").toString());
        assertThrows(IllegalArgumentException.class, () -> MacroBenchmark.Case.parse("fft:128"));
        assertThrows(IllegalArgumentException.class, () -> MacroBenchmark.Case.parse("logreg:1000"));
        assertThrows(IllegalArgumentException.class, () -> MacroBenchmark.Case.parse("dense"));
        assertThrows(IllegalArgumentException.class, () -> MacroBenchmark.Case.parse("dense:0"));
    }
}
