package dev.cohort.bench.macro;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** The macro suite end to end on tiny cases, without Python: a child JVM that fails does not stop the suite. */
class MacroBenchmarkRunTest {
    @TempDir
    Path dir;

    @Test
    @Timeout(300)
    void aFailedChildIsReportedAsFailedAndTheSuiteGoesOn() throws Exception {
        // X of 400000 x 32 is 102 MB, more than a 64 MiB heap; Poisson n = 16 fits
        int status = new CommandLine(new MacroBenchmark()).execute("--out", dir.toString(), "--sizes", "logreg:400000x32,poisson:16",
                "--shards", "1", "--warmup", "1", "--iterations", "2", "--python", "none", "--dask-python", "none",
                "--child-xmx-mib", "64");
        assertEquals(0, status);
        String md = Files.readString(dir.resolve("macro.md"));
        assertTrue(md.contains("| logistic regression | 400000x32 | not run | **failed** (out of memory) |"), md);
        assertTrue(md.contains("- logreg:400000x32 cohort-1shard: failed: exit status ") && md.contains("OutOfMemoryError")
                && md.contains("(child JVM -Xmx64m)"), md);
        assertTrue(md.contains("**No Python here imports Dask, so Dask has no column** (`benchmarks/python/install-dask` installs it): "
                + "no Python with Dask (--dask-python none)"), md);
        assertTrue(md.contains("| poisson:16 | cohort-1shard | residual = "), "the next case ran: " + md);
        // the Java floor runs in a child JVM of its own too: out of memory like Cohort's for X, beside it for Poisson
        assertTrue(md.contains("- logreg:400000x32 java-floor: failed: exit status "), md);
        assertTrue(md.contains("| poisson:16 | java-floor | residual = "), md);
        assertTrue(md.contains("### Machine limit: the hand-written Java floor"), md);
        assertTrue(Files.size(dir.resolve("macro-poisson.png")) > 1000);
        List<String> csv = Files.readAllLines(dir.resolve("macro.csv"));
        assertTrue(csv.contains("macro,logreg,cohort-1shard,400000x32,failed,1.00000,flag") || csv.stream().anyMatch(
                l -> l.startsWith("macro,logreg,cohort-1shard,400000x32,failed,1")), csv.toString());
        assertTrue(csv.stream().anyMatch(l -> l.startsWith("macro,poisson,cohort-1shard,16,seconds_per_iteration_median,")), csv.toString());
        assertTrue(csv.stream().anyMatch(l -> l.startsWith("macro,poisson,java-floor,16,iteration_gb_per_s,")), csv.toString());
        assertTrue(csv.stream().anyMatch(l -> l.startsWith("macro,poisson,cohort-1shard,16,ratio_to_floor,")), csv.toString());
        List<String> targets = Files.readAllLines(dir.resolve("macro-targets.csv"));
        assertEquals(4, targets.size(), "a header and the three targets, not measured: " + targets);
        assertTrue(targets.stream().skip(1).allMatch(l -> l.contains("not measured")), targets.toString());
    }
}
