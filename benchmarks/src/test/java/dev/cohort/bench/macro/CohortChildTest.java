package dev.cohort.bench.macro;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every Cohort measurement of the macro suite runs in a child JVM of its own ({@link CohortChild}): what it is started
 * with, that it reads the case's .npy files and gives what the in-process run gives, and that a child that fails
 * (out of memory, or for any other reason) becomes a failed measurement with its reason.
 */
class CohortChildTest {
    private static final CohortWorkloads.Rounds ROUNDS = new CohortWorkloads.Rounds(1, 2, 3);

    @TempDir
    Path dir;

    private static PythonRunner.Result runChild(MacroBenchmark.Case c, int shards, Path data, int xmxMiB) {
        return PythonRunner.runCommand(MacroBenchmark.childCommand(c, shards, ROUNDS, data, xmxMiB, List.of()),
                Duration.ofSeconds(90), false);
    }

    @Test
    void theChildJvmGetsTheSuitesSettingsAndTheCase() {
        MacroBenchmark.Case c = MacroBenchmark.Case.parse("logreg:1000000x32");
        List<String> cmd = MacroBenchmark.childCommand(c, 2, new CohortWorkloads.Rounds(1, 5, 8), Path.of("/data"), 12288,
                List.of("-Xlog:gc"));
        assertTrue(cmd.get(0).endsWith("/bin/java"), cmd.get(0));
        assertTrue(cmd.containsAll(List.of("--add-exports=java.base/jdk.internal.misc=ALL-UNNAMED", "-Xmx12288m",
                "-XX:+ExitOnOutOfMemoryError", "-Xlog:gc")), cmd.toString());
        assertEquals(System.getProperty("java.class.path"), cmd.get(cmd.indexOf("-cp") + 1));
        assertEquals(CohortChild.class.getName(), cmd.get(cmd.indexOf("-cp") + 2));
        String args = String.join(" ", cmd.subList(cmd.indexOf("-cp") + 3, cmd.size()));
        assertEquals("--workload logreg --n 1000000 --shards 2 --warmup 1 --rounds 5 --round-length 8 --features 32 --lr 0.1 --data /data", args);
        List<String> poisson = MacroBenchmark.childCommand(MacroBenchmark.Case.parse("poisson:100"), 1, ROUNDS, Path.of("/data"), 4096, List.of());
        assertFalse(poisson.contains("--data"), "Poisson builds its own system");

        assertEquals(12288, MacroBenchmark.defaultChildXmxMiB(c));
        assertEquals(12288, MacroBenchmark.defaultChildXmxMiB(MacroBenchmark.Case.parse("poisson:3163")));
        assertEquals(12288, MacroBenchmark.defaultChildXmxMiB(MacroBenchmark.Case.parse("dense:4096")));
        assertEquals(4096, MacroBenchmark.defaultChildXmxMiB(MacroBenchmark.Case.parse("logreg:100000x32")));
        assertEquals(4096, MacroBenchmark.defaultChildXmxMiB(MacroBenchmark.Case.parse("poisson:1000")));
        assertEquals(4096, MacroBenchmark.defaultChildXmxMiB(MacroBenchmark.Case.parse("dense:2048")));
    }

    @Test
    @Timeout(240)
    void childJvmsReadTheNpyFilesAndAgreeWithTheInProcessRuns() throws Exception {
        MacroData.LogReg lr = MacroData.logreg(300, 5, 7);
        Npy.write(dir.resolve("X.npy"), lr.x(), 300, 5);
        Npy.write(dir.resolve("y.npy"), lr.y(), 300);
        MacroData.Dense dense = MacroData.dense(40, 3);
        Npy.write(dir.resolve("M.npy"), dense.m(), 40, 40);
        Npy.write(dir.resolve("b.npy"), dense.b(), 40);

        record Expect(String text, int shards, CohortWorkloads.Run inProcess) {
        }
        for (Expect e : List.of(
                new Expect("logreg:300x5", 1, CohortWorkloads.logreg(CohortWorkloads.config(1), lr.x(), lr.y(), 300, 5, 0.1, ROUNDS)),
                new Expect("poisson:24", 2, CohortWorkloads.cgPoisson(CohortWorkloads.config(2), 24, ROUNDS)),
                new Expect("dense:40", 1, CohortWorkloads.cgDense(CohortWorkloads.config(1), dense.m(), dense.b(), 40, ROUNDS)))) {
            MacroBenchmark.Case c = MacroBenchmark.Case.parse(e.text());
            PythonRunner.Result r = runChild(c, e.shards(), dir, 1024);
            assertEquals(0, r.exitCode(), e.text() + ": " + r.tail(10));
            assertEquals(MacroBenchmark.cohortSystem(e.shards()), r.values().get("system"));
            assertEquals(Integer.toString(e.shards()), r.values().get("shards"));
            MacroBenchmark.Measured m = MacroBenchmark.fromChild(c, MacroBenchmark.cohortSystem(e.shards()), r, 1024);
            assertTrue(m.ok(), m.error());
            assertEquals(2, m.samples().length, "one sample per timed round");
            assertEquals(e.inProcess().checks().keySet(), m.checks().keySet());
            // the same program on the same data (read back from the .npy files): the same checksums
            assertEquals("agree", MacroBenchmark.compareChecks(m.checks(), e.inProcess().checks()),
                    e.text() + ": " + m.checks() + " vs " + e.inProcess().checks());
        }
    }

    @Test
    @Timeout(120)
    void aChildOutOfMemoryIsAFailedMeasurementThatSaysSo() throws Exception {
        int n = 200_000; // X is 51 MB: more than the child's whole heap
        MacroData.LogReg lr = MacroData.logreg(n, 32, 1);
        Npy.write(dir.resolve("X.npy"), lr.x(), n, 32);
        Npy.write(dir.resolve("y.npy"), lr.y(), n);
        MacroBenchmark.Case c = MacroBenchmark.Case.parse("logreg:200000x32");
        PythonRunner.Result r = runChild(c, 1, dir, 32);
        assertTrue(r.exitCode() != 0, "exit status " + r.exitCode());
        MacroBenchmark.Measured m = MacroBenchmark.fromChild(c, "cohort-1shard", r, 32);
        assertFalse(m.ok());
        assertTrue(m.failed());
        assertTrue(m.error().startsWith("failed: exit status ") && m.error().contains("OutOfMemoryError")
                && m.error().contains("-Xmx32m"), m.error());
        assertEquals("out of memory", m.shortError());
    }

    @Test
    @Timeout(120)
    void aChildWithoutItsDataExitsNonZeroWithTheReason() throws Exception {
        MacroBenchmark.Case c = MacroBenchmark.Case.parse("dense:40");
        Path empty = Files.createDirectories(dir.resolve("empty"));
        PythonRunner.Result r = runChild(c, 1, empty, 256);
        MacroBenchmark.Measured m = MacroBenchmark.fromChild(c, "cohort-1shard", r, 256);
        assertTrue(m.failed());
        assertTrue(m.error().startsWith("failed: exit status ") && m.error().contains("NoSuchFileException")
                && m.error().contains("M.npy"), m.error());
        assertEquals(Map.of(), m.checks());
        assertEquals("java.io.IOException: disk", MacroBenchmark.exceptionLine(List.of("warning", "java.lang.IllegalStateException: outer",
                "\tat a.b.C.d(C.java:1)", "Caused by: java.io.IOException: disk", "\t... 3 more")), "the innermost cause");
    }
}
