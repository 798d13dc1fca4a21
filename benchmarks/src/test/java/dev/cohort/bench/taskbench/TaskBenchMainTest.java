package dev.cohort.bench.taskbench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cohort.bench.SuiteOutput;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** The main end to end on a tiny sweep: the files SuiteOutput defines, the target row, the chart. No timing is asserted. */
class TaskBenchMainTest {
    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void writesTheSuiteFilesTheTargetAndTheChart(@TempDir Path dir) throws Exception {
        System.setProperty("java.awt.headless", "true");
        int rc = new CommandLine(new TaskBench()).execute("--quick", "--out", dir.toString(), "--patterns", "stencil_1d,tree",
                "--tree-width", "4", "--steps", "16", "--budget-ms", "2");
        assertEquals(0, rc);
        List<String> csv = Files.readAllLines(dir.resolve("taskbench.csv"));
        assertEquals(SuiteOutput.MEASUREMENT_HEADER, csv.get(0));
        assertTrue(csv.stream().anyMatch(l -> l.startsWith("taskbench,stencil_1d,cohort-1shard,sweep,metg50,")), "METG row");
        assertTrue(csv.stream().anyMatch(l -> l.startsWith("taskbench,tree,cohort-1shard,") && l.contains(",efficiency,")));
        List<String> targets = Files.readAllLines(dir.resolve("taskbench-targets.csv"));
        assertEquals(SuiteOutput.TARGET_HEADER, targets.get(0));
        assertEquals(2, targets.size());
        assertTrue(targets.get(1).startsWith("Task Bench stencil METG(50%),"));
        assertTrue(targets.get(1).contains(",<= 20,us,"));
        String md = Files.readString(dir.resolve("taskbench.md"));
        assertTrue(md.contains("(taskbench-efficiency.png)"));
        assertTrue(md.contains("| stencil_1d |") && md.contains("| tree |"));
        assertTrue(md.contains("equal to the sequential evaluation"));
        byte[] png = Files.readAllBytes(dir.resolve("taskbench-efficiency.png"));
        assertTrue(png.length > 1000);
        assertEquals((byte) 0x89, png[0]);
        assertEquals('P', png[1]);
    }

    @Test
    void patternsAreFoundByTheirTaskBenchNames() {
        assertEquals(Pattern.STENCIL, Pattern.byName("stencil_1d"));
        assertEquals(Pattern.STENCIL, Pattern.byName("stencil"));
        assertEquals(Pattern.MAP_REDUCE, Pattern.byName("MAP_REDUCE"));
        assertEquals(Pattern.SWEEP, Pattern.byName("sweep"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Pattern.byName("spread"));
        assertTrue(e.getMessage().contains("stencil_1d"));
    }

    @Test
    void taskCountsFollowTheShapes() {
        assertEquals(4000, Pattern.STENCIL.tasks(4, 1000));
        // Parla's Cholesky of 40 x 40 blocks: 40 POTRF + 780 TRSM + 780 SYRK + 9880 GEMM
        assertEquals(40 + 780 + 780 + 9880, Pattern.CHOLESKY.tasks(40, 1));
        // a scatter-reduction tree of 256 leaves: 511 + 255 nodes
        assertEquals(766, Pattern.TREE.tasks(256, 1));
        // Parla's map-reduce: 500 + 500 m tasks
        assertEquals(500 + 500 * 15, Pattern.MAP_REDUCE.tasks(15, 500));
        // Task Bench dom, 4 wide and 6 deep: widths 1, 2, 3, 3, 2, 1
        assertEquals(12, Pattern.SWEEP.tasks(4, 6));
        assertThrows(IllegalArgumentException.class, () -> Pattern.TREE.reference(6, 1, 1));
    }

    @Test
    void kernelIsDeterministicAndDependsOnItsWork() {
        assertEquals(Kernel.run(1000, 42), Kernel.run(1000, 42));
        assertTrue(Kernel.run(1000, 42) != Kernel.run(1001, 42));
        assertTrue(Kernel.value(10, 1, 2, 3) != Kernel.value(10, 1, 2));
        // inputs are a multiset: order does not matter, multiplicity does
        assertEquals(Kernel.value(10, 1, 2, 3, 4), Kernel.value(10, 1, 2, 4, 3));
        assertTrue(Kernel.value(10, 1, 2, 3, 3) != Kernel.value(10, 1, 2, 3));
        // an unwritten (zero) input still changes the value
        assertTrue(Kernel.value(10, 1, 2, 0) != Kernel.value(10, 1, 2));
    }
}
