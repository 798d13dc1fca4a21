package dev.cohort.bench.simulator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * The simulator suite end to end at tiny sizes: jobs of 1 and 2 shard processes through the launcher, a loop of the
 * array layer and a Task Bench pattern; the accuracy table is written and every prediction is positive and finite;
 * so is the prediction with each job's own kernel rates (LoopRates); the projection of logistic regression (to 16
 * nodes with --quick) is in the section, with its plot.
 */
class SimulatorBenchmarkTest {
    @TempDir
    Path dir;

    /** A calibration for the test (the suite measures its own when it has none; that takes half a minute). */
    private static final String CALIBRATION = String.join("\n",
            "machine = test fixture",
            "kernel.default = 2000, 0.0, 0.5",
            "kernel.1005 = 2000, 0.6, 0.0",
            "launch = 30000, 1000",
            "wait = 60000",
            "link.IN_PROCESS = 5000, 4.0",
            "link.IPC = 100000, 1.0",
            "link.NETWORK = 100000, 1.0",
            "simulator = 500", "");

    @Test
    @Timeout(300)
    void theAccuracyTableIsWrittenWithPositiveFinitePredictions() throws Exception {
        Path cal = dir.resolve("cal.properties");
        Files.writeString(cal, CALIBRATION);
        Path out = dir.resolve("out");
        int status = new CommandLine(new SimulatorBenchmark()).execute("--out", out.toString(), "--quick", "--shards", "1,2",
                "--workloads", "logreg:8000", "--patterns", "stencil_1d", "--wins", "none", "--calibration", cal.toString(),
                "--iterations", "3", "--no-profile-miss", "--job-timeout-s", "120", "--projections", "logreg");
        assertEquals(0, status);
        String md = Files.readString(out.resolve("simulator.md"));
        assertTrue(md.contains("| workload | size | shards x cpus |"), md);
        assertTrue(md.contains("| logreg | 8000x32 | 1 x "), md);
        assertTrue(md.contains("| logreg | 8000x32 | 2 x 1 |"), md);
        assertTrue(md.contains("| taskbench-stencil_1d | 8 wide"), md);
        assertTrue(md.contains("machine = test fixture"), "the calibration used is in the section: " + md);
        assertTrue(md.contains("### Projection to 1 024 nodes (item 6)") && md.contains("![projection of logreg](results/projection-logreg.png)"), md);
        String projection = Files.readString(out.resolve("projection-logreg.txt"));
        assertTrue(projection.lines().anyMatch(l -> l.trim().startsWith("16 ")), "a row for 16 nodes: " + projection);
        assertTrue(Files.size(out.resolve("projection-logreg.png")) > 1000, "the plot is written");
        List<String> csv = Files.readAllLines(out.resolve("simulator.csv"));
        assertFourPositiveFinite(csv, "predicted_seconds_per_iteration");
        // every row has the prediction with the loop's own kernel rates, from its job's profile
        assertFourPositiveFinite(csv, "loop_rates_predicted_seconds_per_iteration");
        assertTrue(md.contains("With loop rates: ") && md.contains("taskbench.point "), md);
        List<String> measured = csv.stream().filter(l -> l.contains(",seconds_per_iteration,")).toList();
        assertEquals(4, measured.size(), csv.toString());
        List<String> targets = Files.readAllLines(out.resolve("simulator-targets.csv"));
        assertTrue(targets.stream().anyMatch(l -> l.startsWith("simulator: predicted iteration time within 25 %")), targets.toString());
    }

    /** The CSV has a {@code metric} measurement for each of the 4 rows, each positive and finite. */
    private static void assertFourPositiveFinite(List<String> csv, String metric) {
        List<String> rows = csv.stream().filter(l -> l.contains("," + metric + ",")).toList();
        assertEquals(4, rows.size(), metric + " in " + csv);
        for (String l : rows) {
            String[] cells = l.split(",");
            double v = Double.parseDouble(cells[cells.length - 2]);
            assertTrue(v > 0 && Double.isFinite(v), l);
        }
    }
}
