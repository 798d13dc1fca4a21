package dev.cohort.bench.macro;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cohort.bench.Charts;
import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** The macro suite's table and charts. */
class MacroReportTest {
    @TempDir
    Path dir;

    private static MacroBenchmark.Measured m(MacroBenchmark.Case c, String system, double... samples) {
        return new MacroBenchmark.Measured(c, system, samples, Map.of("loss", 0.5), null);
    }

    @Test
    void theTablePutsEverySystemSideBySideWithRatiosToNumpy() {
        MacroBenchmark.Case c = MacroBenchmark.Case.parse("logreg:1000000x32");
        MacroBenchmark.Case d = MacroBenchmark.Case.parse("dense:4096");
        List<MacroBenchmark.Measured> results = List.of(
                m(c, "numpy", 0.04, 0.05, 0.06), m(c, "cohort-1shard", 0.01, 0.02, 0.03), m(c, "cohort-2shards", 0.1, 0.1, 0.1),
                new MacroBenchmark.Measured(d, "numpy", new double[0], Map.of(), "not run: no numpy"),
                m(d, "cohort-1shard", 0.008));
        String t = MacroBenchmark.markdownTable(List.of(c, d), results, false);
        String[] lines = t.split("\n");
        assertEquals(4, lines.length, t);
        assertTrue(lines[0].contains("NumPy s/iter") && lines[0].contains("Cohort 1 shard / NumPy")
                && lines[0].contains("Cohort 2 shards / NumPy") && !lines[0].contains("Dask"), lines[0]);
        assertTrue(lines[2].contains("0.0500 (0.0400)"), lines[2]);
        assertTrue(lines[2].contains("**0.40**") && lines[2].contains("**2.00**"), lines[2]);
        assertTrue(lines[2].contains("Cohort 1 shard: agree"), lines[2]);
        assertTrue(lines[3].contains("not run") && lines[3].contains("n/a"), lines[3]);
        String text = MacroBenchmark.textTable(List.of(c, d), results);
        assertTrue(text.contains("0.400") || text.contains("0.40"), text);
    }

    @Test
    void daskHasItsColumnsAndCohortItsRatiosToDaskAndAFailedChildIsShownAsFailed() {
        MacroBenchmark.Case c = MacroBenchmark.Case.parse("poisson:3163");
        MacroBenchmark.Case small = MacroBenchmark.Case.parse("poisson:1000");
        List<MacroBenchmark.Measured> results = List.of(
                new MacroBenchmark.Measured(c, "numpy", new double[]{0.36}, Map.of("residual", 2.0, "x_sum", 5.0), null),
                new MacroBenchmark.Measured(c, "dask", new double[]{0.18}, Map.of("residual", 2.0, "x_sum", 5.0 + 1e-9), null),
                new MacroBenchmark.Measured(c, "cohort-1shard", new double[0], Map.of(),
                        "failed: exit status 3, Terminating due to java.lang.OutOfMemoryError: Java heap space (child JVM -Xmx12288m)"),
                new MacroBenchmark.Measured(c, "cohort-2shards", new double[]{0.09}, Map.of("residual", 2.0, "x_sum", 5.0), null),
                new MacroBenchmark.Measured(small, "numpy", new double[0], Map.of(), "not run: --python none"),
                new MacroBenchmark.Measured(small, "dask", new double[]{0.02}, Map.of("residual", 1.0, "x_sum", 3.0), null),
                new MacroBenchmark.Measured(small, "cohort-1shard", new double[]{0.01}, Map.of("residual", 1.0, "x_sum", 3.5), null),
                new MacroBenchmark.Measured(small, "cohort-2shards", new double[]{0.04}, Map.of("residual", 1.0, "x_sum", 3.0), null));
        assertEquals(List.of("numpy", "dask", "cohort-1shard", "cohort-2shards"), MacroBenchmark.systems(results));
        String[] lines = MacroBenchmark.markdownTable(List.of(c, small), results, true).split("\n");
        assertEquals(4, lines.length);
        assertTrue(lines[0].startsWith("| workload | size | NumPy s/iter | Dask s/iter | Dask / NumPy | Cohort 1 shard s/iter | "
                + "Cohort 1 shard / NumPy | Cohort 1 shard / Dask | Cohort 2 shards s/iter | Cohort 2 shards / NumPy | "
                + "Cohort 2 shards / Dask | checksums |"), lines[0]);
        assertEquals(lines[0].chars().filter(ch -> ch == '|').count(), lines[1].chars().filter(ch -> ch == '|').count(),
                "the rule has a cell per column");
        String[] cells = lines[2].split(" \\| ");
        assertEquals("0.360 (0.360)", cells[2]);
        assertEquals("0.180 (0.180)", cells[3]);
        assertEquals("**0.50**", cells[4], "Dask / NumPy");
        assertEquals("**failed** (out of memory)", cells[5]);
        assertEquals("n/a", cells[6]);
        assertEquals("**0.25**", cells[9], "Cohort 2 shards / NumPy");
        assertEquals("**0.50**", cells[10], "Cohort 2 shards / Dask");
        assertTrue(lines[2].contains("Dask: agree; Cohort 2 shards: agree"), lines[2]);
        String[] noNumpy = lines[3].split(" \\| ");
        assertEquals("not run", noNumpy[2]);
        assertEquals("**0.50**", noNumpy[7], "Cohort 1 shard / Dask without NumPy");
        assertTrue(lines[3].contains("Cohort 1 shard (vs Dask): DIFFER: x_sum") && lines[3].contains("Cohort 2 shards (vs Dask): agree"),
                lines[3]);
        String text = MacroBenchmark.textTable(List.of(c, small), results);
        assertTrue(text.contains("/dask") && text.contains("FAILED"), text);
    }

    private static MacroBenchmark.Measured floor(MacroBenchmark.Case c, double seconds, Map<String, Double> checks, Map<String, Double> info) {
        return new MacroBenchmark.Measured(c, FloorChild.SYSTEM, new double[]{seconds}, checks, null, info);
    }

    @Test
    void theTargetNoteSaysWhatTheJavaFloorMeasuredAndWhatFollows() {
        MacroBenchmark.Case c = MacroBenchmark.Case.parse("logreg:1000000x32");
        Map<String, Double> checks = Map.of("loss", 0.5, "w_sum", -1.0);
        MacroBenchmark.Measured np = new MacroBenchmark.Measured(c, "numpy", new double[]{0.05}, checks, null);
        MacroBenchmark.Measured cohort = new MacroBenchmark.Measured(c, "cohort-1shard", new double[]{0.0262}, checks, null);
        Map<String, Double> info = Map.of("passes", 1.0, "bytes_per_iteration", 2.64e8, "read_pass_seconds", 0.0205,
                "read_pass_bytes", 2.56e8);
        // one read pass over X is already 0.41 x NumPy: the goal of 0.25 is below what the machine allows
        String note = MacroBenchmark.floorNote(0.25, cohort, np, floor(c, 0.0205, checks, info));
        assertEquals("; the hand-fused Java floor measured in this run is 0.41 × NumPy (0.02050 s/iter; X read once (256 MB) "
                + "at 12.5 GB/s takes 0.0205 s = 0.41 × NumPy), so <= 0.25 × NumPy is below what one pass over X allows here", note);
        // the read pass would allow the goal but the fused Java iteration does not reach it
        note = MacroBenchmark.floorNote(0.25, cohort, np, floor(c, 0.02, checks, Map.of("passes", 1.0, "read_pass_seconds", 0.01,
                "read_pass_bytes", 2.56e8)));
        assertTrue(note.contains("is 0.40 × NumPy") && note.contains("takes 0.0100 s = 0.20 × NumPy")
                && note.contains("is below what the hand-fused Java iteration reaches here (one pass over X alone would allow 0.20 × NumPy)")
                && note.contains("Cohort takes 1.31 × the floor's time"), note);
        // the floor meets the goal: the miss is Cohort's own
        note = MacroBenchmark.floorNote(0.25, cohort, np, floor(c, 0.01, checks, Map.of("read_pass_seconds", 0.008, "read_pass_bytes", 2.56e8)));
        assertTrue(note.contains("the goal is within what this machine allows: the miss is Cohort's (it takes 2.62 × the floor's time)"), note);
        // met: how far Cohort is from the floor
        MacroBenchmark.Measured fast = new MacroBenchmark.Measured(c, "cohort-2shards", new double[]{0.012}, checks, null);
        note = MacroBenchmark.floorNote(0.25, fast, np, floor(c, 0.01, checks, Map.of("read_pass_seconds", 0.008, "read_pass_bytes", 2.56e8)));
        assertTrue(note.endsWith("; Cohort takes 1.20 × the floor's time"), note);
        // a floor whose checksums differ says so; one that failed says that
        note = MacroBenchmark.floorNote(0.25, cohort, np, floor(c, 0.0205, Map.of("loss", 0.6, "w_sum", -1.0), info));
        assertTrue(note.contains("(the floor's checksums DIFFER: loss"), note);
        MacroBenchmark.Measured failed = new MacroBenchmark.Measured(c, FloorChild.SYSTEM, new double[0], Map.of(),
                "failed: exit status 3, java.lang.OutOfMemoryError: Java heap space (child JVM -Xmx64m)");
        assertEquals("; Java floor failed (out of memory)", MacroBenchmark.floorNote(0.25, cohort, np, failed));
        assertEquals("", MacroBenchmark.floorNote(0.25, cohort, np, null), "no floor run (--no-floor)");

        // Poisson: the floor's own passes are its bandwidth reference; dense: the matvec
        MacroBenchmark.Case p = MacroBenchmark.Case.parse("poisson:3163");
        MacroBenchmark.Measured pn = new MacroBenchmark.Measured(p, "numpy", new double[]{0.36}, Map.of("residual", 1.0), null);
        MacroBenchmark.Measured pc = new MacroBenchmark.Measured(p, "cohort-1shard", new double[]{0.2}, Map.of("residual", 1.0), null);
        note = MacroBenchmark.floorNote(0.3, pc, pn, floor(p, 0.05, Map.of("residual", 1.0), Map.of("passes", 3.0, "bytes_per_iteration", 7.2e8)));
        assertTrue(note.contains("is 0.14 × NumPy (0.05000 s/iter: 3 passes over the n² arrays, 720 MB at 14.4 GB/s)")
                && note.contains("the miss is Cohort's (it takes 4.00 × the floor's time)"), note);
        MacroBenchmark.Case d = MacroBenchmark.Case.parse("dense:4096");
        MacroBenchmark.Measured dn = new MacroBenchmark.Measured(d, "numpy", new double[]{0.01}, Map.of("residual", 1.0), null);
        MacroBenchmark.Measured dc = new MacroBenchmark.Measured(d, "cohort-1shard", new double[]{0.02}, Map.of("residual", 1.0), null);
        note = MacroBenchmark.floorNote(0.8, dc, dn, floor(d, 0.0105, Map.of("residual", 1.0),
                Map.of("passes", 1.0, "matvec_seconds", 0.01, "matvec_bytes", 1.34217728e8)));
        assertTrue(note.contains("A @ p (A read once) (134 MB) at 13.4 GB/s takes 0.0100 s = 1.00 × NumPy)")
                && note.endsWith("so <= 0.80 × NumPy is below what one read of A per iteration allows here"), note);
        // NumPy faster than the floor's own read of A: the floor is Java's limit, and the note says so
        note = MacroBenchmark.floorNote(0.8, dc, dn, floor(d, 0.025, Map.of("residual", 1.0),
                Map.of("passes", 1.0, "matvec_seconds", 0.024, "matvec_bytes", 1.34217728e8)));
        assertTrue(note.contains("takes 0.0240 s = 2.40 × NumPy), so <= 0.80 × NumPy is below what plain Java reaches here: "
                + "NumPy's whole iteration moves those 134 MB at 13.4 GB/s or more, the Java floor at 5.6 GB/s")
                && note.endsWith("so this floor bounds a Java program, not the memory; Cohort takes 0.80 × the floor's time"), note);
    }

    @Test
    void theTableHasAJavaFloorColumnAndTheFloorSectionItsBandwidth() {
        MacroBenchmark.Case c = MacroBenchmark.Case.parse("dense:4096");
        Map<String, Double> checks = Map.of("residual", 1e-5, "x_sum", 0.003);
        List<MacroBenchmark.Measured> results = List.of(
                new MacroBenchmark.Measured(c, "numpy", new double[]{0.01}, checks, null),
                new MacroBenchmark.Measured(c, "cohort-1shard", new double[]{0.02}, checks, null),
                floor(c, 0.008, Map.of("residual", 1e-5, "x_sum", 0.004),
                        Map.of("passes", 1.0, "bytes_per_iteration", 1.34217728e8, "matvec_seconds", 0.0075, "matvec_bytes", 1.34217728e8)));
        assertEquals(List.of("numpy", "cohort-1shard", FloorChild.SYSTEM), MacroBenchmark.systems(results));
        String[] lines = MacroBenchmark.markdownTable(List.of(c), results, false).split("\n");
        assertTrue(lines[0].endsWith("| Java floor s/iter | Java floor / NumPy | checksums |"), lines[0]);
        String[] cells = lines[2].split(" \\| ");
        assertEquals("0.00800 (0.00800)", cells[5]);
        assertEquals("**0.80**", cells[6]);
        assertTrue(lines[2].contains("Cohort 1 shard: agree; Java floor: DIFFER: x_sum"), lines[2]);
        String section = MacroBenchmark.floorSection(List.of(c), results);
        assertTrue(section.contains("| dense CG (Jacobi) | 4096 | 0.00800 (0.00800) | **0.80** | 1 | 134 | 16.8 | "
                + "A @ p (A read once) (134 MB) | 0.00750 | 17.9 | 0.75 | Cohort 1 shard 2.50 |"), section);
        assertTrue(MacroBenchmark.textTable(List.of(c), results).contains("java-floor med"));
        assertEquals("Java floor", MacroBenchmark.label(FloorChild.SYSTEM));
    }

    @Test
    @Timeout(60)
    void chartsArePngFilesWithGapsForMissingValues() throws Exception {
        Map<String, double[]> series = new LinkedHashMap<>();
        series.put("numpy", new double[]{0.01, 0.4});
        series.put("cohort-1shard", new double[]{0.05, Double.NaN});
        series.put("dask", new double[]{Double.NaN, Double.NaN});
        Path png = Charts.bars(dir.resolve("c.png"), "t", "size", "s / iteration", List.of("1000", "3163"), series, Charts.Scale.AUTO);
        assertEquals(dir.resolve("c.png"), png);
        byte[] head = java.util.Arrays.copyOf(Files.readAllBytes(png), 8);
        assertEquals((byte) 0x89, head[0]);
        assertEquals("PNG", new String(head, 1, 3, java.nio.charset.StandardCharsets.US_ASCII));
        BufferedImage image = ImageIO.read(png.toFile());
        assertEquals(Charts.WIDTH, image.getWidth());
        assertEquals(Charts.HEIGHT, image.getHeight());
        Path linear = Charts.bars(dir.resolve("d.png"), "t", "x", "y", List.of("a"), Map.of("s", new double[]{1}), Charts.Scale.LINEAR);
        assertTrue(Files.size(linear) > 1000);
        assertThrows(IllegalArgumentException.class,
                () -> Charts.bars(dir.resolve("e.png"), "t", "x", "y", List.of("a", "b"), Map.of("s", new double[]{1}), Charts.Scale.LOG));
        assertThrows(IllegalArgumentException.class,
                () -> Charts.bars(dir.resolve("f.png"), "t", "x", "y", List.of("a"), Map.of("s", new double[]{Double.NaN}), Charts.Scale.LOG));
    }
}
