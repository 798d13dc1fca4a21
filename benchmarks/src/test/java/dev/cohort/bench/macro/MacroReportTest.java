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
