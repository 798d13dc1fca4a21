package dev.cohort.bench.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cohort.bench.KeyValues;
import dev.cohort.bench.SuiteOutput;
import dev.cohort.bench.macro.PythonRunner;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** The I/O suite: a real run on a tiny array (children, NumPy when installed), and its parsing, ratios and targets. */
class IoBenchmarkTest {
    @TempDir
    Path dir;

    private static final IoBenchmark.Settings SETTINGS = new IoBenchmark.Settings(1L << 27, 1, 3, List.of(1, 2), null);

    /** A run that printed save, fsync and load times of {@code ms} milliseconds (3 rounds) and load_cold of 2 ms. */
    private static PythonRunner.Result output(long ms) {
        long ns = ms * 1_000_000;
        return new PythonRunner.Result(0, KeyValues.parse(List.of("save_ns=" + ns + "," + 3 * ns + "," + ns / 2,
                "fsync_ns=" + ns + "," + ns + "," + ns, "load_ns=" + ns + "," + ns + "," + ns, "load_cold_ns=" + 2 * ns + "," + 2 * ns + "," + 2 * ns,
                "file_bytes=1073741952", "vm_hwm_kib=2048")), List.of());
    }

    /** The disk floor: 100 ms for each of write, fsync, read, read_cold. */
    private static IoBenchmark.Timings floor() {
        Map<String, long[]> m = new LinkedHashMap<>();
        for (String k : List.of("write", "fsync", "read", "read_cold")) {
            m.put(k, new long[]{100_000_000, 100_000_000, 100_000_000});
        }
        return new IoBenchmark.Timings("disk", m, -1, 1073741952, null).withSum("write_fsync", "write", "fsync");
    }

    private static IoBenchmark.CaseResult result(List<IoBenchmark.Timings> systems, String equalWork) {
        List<IoBenchmark.Timings> all = new ArrayList<>(List.of(floor()));
        all.addAll(systems);
        return new IoBenchmark.CaseResult("npy", "test", 1073741952, IoBenchmark.NpyCase.OPS, "disk", all,
                List.of("save_fsync", "load_cold"), equalWork, "how");
    }

    private static IoBenchmark.Timings system(String name, long ms) {
        return IoBenchmark.Timings.of(name, output(ms), List.of("save", "fsync", "load"), List.of("load_cold"))
                .withSum("save_fsync", "save", "fsync");
    }

    @Test
    void timingsAreParsedSummedRoundByRoundAndSummarisedByTheirMedian() {
        IoBenchmark.Timings t = system("cohort-1shard", 100);
        assertTrue(t.ok(), t.error());
        assertEquals(0.1, t.seconds("save"), 1e-12, "median of 100, 300, 50 ms");
        assertEquals(0.05, t.bestSeconds("save"), 1e-12);
        assertEquals(0.2, t.seconds("save_fsync"), 1e-12, "median of 200, 400, 150 ms");
        assertEquals(0.2, t.seconds("load_cold"), 1e-12);
        assertEquals(1073741952, t.fileBytes());
        assertEquals(2048, t.peakRssKib());
        assertTrue(Double.isNaN(t.seconds("nothing")));

        IoBenchmark.Timings noCold = IoBenchmark.Timings.of("numpy", new PythonRunner.Result(0,
                Map.of("save_ns", "5", "fsync_ns", "6", "load_ns", "7"), List.of()), List.of("save", "fsync", "load"), List.of("load_cold"));
        assertTrue(noCold.ok());
        assertFalse(noCold.samples().containsKey("load_cold"), "an optional key may be absent (--evict none)");
        IoBenchmark.Timings missing = IoBenchmark.Timings.of("numpy", new PythonRunner.Result(0, Map.of("save_ns", "5"), List.of()),
                List.of("save", "fsync"), List.of());
        assertTrue(missing.error().contains("no fsync_ns="), missing.error());
        IoBenchmark.Timings failed = IoBenchmark.Timings.of("cohort-2shards",
                new PythonRunner.Result(3, Map.of(), List.of("java.lang.OutOfMemoryError: Java heap space")), List.of("save"), List.of());
        assertTrue(failed.error().startsWith("failed: exit status 3: ") && failed.error().contains("OutOfMemoryError"), failed.error());
        assertTrue(Double.isNaN(failed.seconds("save")));
    }

    @Test
    void bandwidthIsTheFloorsTimeOverTheSystemsAndTargetsNeedSeventyPercentAndEqualFiles() throws Exception {
        // floor: 100 ms per operation, 200 ms write + fsync. Cohort 1 shard: save + fsync 200 ms (1.0), cold load 200 ms (0.5).
        IoBenchmark.CaseResult r = result(List.of(system("numpy", 50), system("cohort-1shard", 100),
                IoBenchmark.Timings.failed("cohort-2shards", "failed: exit status 1: boom")), null);
        IoBenchmark.Op saveFsync = IoBenchmark.NpyCase.OPS.get(1);
        assertEquals(1.0, IoBenchmark.toFloor(r, r.find("cohort-1shard"), saveFsync), 1e-12);
        assertEquals(0.5, IoBenchmark.toFloor(r, r.find("cohort-1shard"), IoBenchmark.NpyCase.OPS.get(3)), 1e-12);
        assertEquals(8.0, IoBenchmark.gibPerSecond(1L << 30, 0.125), 1e-12);

        SuiteOutput o = new SuiteOutput(dir, "io");
        IoBenchmark.targets(o, r, SETTINGS);
        o.write();
        List<String> targets = Files.readAllLines(dir.resolve("io-targets.csv"));
        assertEquals(SuiteOutput.TARGET_HEADER, targets.get(0));
        assertEquals(5, targets.size(), targets.toString());
        assertTrue(targets.get(1).startsWith("\"npy save + fsync (the data on the device), 1 GiB float64, on 1 shard: bandwidth over the disk's\","
                + "1.00000,>= 0.70,x disk,true,"), targets.get(1));
        assertTrue(targets.get(2).contains(",0.500000,>= 0.70,x disk,false,"), targets.get(2));
        assertTrue(targets.get(3).contains("on 2 in-process shards") && targets.get(3).contains(",NaN,>= 0.70,x disk,false,not measured: failed"),
                targets.get(3));

        IoBenchmark.CaseResult differ = result(List.of(system("numpy", 50), system("cohort-1shard", 10)), "cohort-1shard's file differs");
        SuiteOutput o2 = new SuiteOutput(dir.resolve("differ"), "io");
        IoBenchmark.targets(o2, differ, new IoBenchmark.Settings(1L << 27, 1, 3, List.of(1), null));
        o2.write();
        List<String> t2 = Files.readAllLines(dir.resolve("differ").resolve("io-targets.csv"));
        assertTrue(t2.get(1).contains(",10.0000,>= 0.70,x disk,false,") && t2.get(1).contains("not met: the files differ"), t2.get(1));
    }

    @Test
    void rowsShowEveryOperationOfEverySystemBesideTheFloorAndNumpy() {
        IoBenchmark.CaseResult r = result(List.of(system("numpy", 50), system("cohort-1shard", 100),
                IoBenchmark.Timings.failed("cohort-2shards", "failed: exit status 1: boom")), null);
        List<List<String>> rows = IoBenchmark.rows(r);
        assertEquals(List.of("operation", "system", "median s", "best s", "GiB/s", "bandwidth / disk's", "time / NumPy's"), rows.get(0));
        assertEquals(1 + 4 * 4, rows.size(), rows.toString());
        assertEquals(List.of("FileChannel write + fsync", "disk", "0.200", "0.200", "5.00", "1", ""), rows.get(5));
        assertEquals(List.of("save + fsync (the data on the device)", "cohort-1shard", "0.200", "0.150", "5.00", "1.00", "2.00"), rows.get(7));
        assertEquals(List.of("save + fsync (the data on the device)", "cohort-2shards", "failed: exit status 1: boom", "", "", "", ""), rows.get(8));
    }

    @Test
    void filesAreComparedByteForByteAndBySize() throws Exception {
        Path a = Files.write(dir.resolve("a.npy"), new byte[]{1, 2, 3, 4});
        Path b = Files.write(dir.resolve("b.npy"), new byte[]{1, 2, 3, 4});
        Path c = Files.write(dir.resolve("c.npy"), new byte[]{1, 2, 9, 4});
        Path d = Files.write(dir.resolve("d.npy"), new byte[]{1, 2, 3});
        assertNull(IoBenchmark.NpyCase.compare(new LinkedHashMap<>(Map.of("numpy", a)), 4));
        Map<String, Path> ab = new LinkedHashMap<>();
        ab.put("numpy", a);
        ab.put("cohort-1shard", b);
        assertNull(IoBenchmark.NpyCase.compare(ab, 4));
        ab.put("cohort-2shards", c);
        assertEquals("cohort-2shards's file differs from numpy's from byte 2", IoBenchmark.NpyCase.compare(ab, 4));
        Map<String, Path> short_ = new LinkedHashMap<>();
        short_.put("numpy", a);
        short_.put("cohort-1shard", d);
        assertEquals("cohort-1shard's file is 3 bytes, not 4; cohort-1shard's file differs from numpy's from byte 3",
                IoBenchmark.NpyCase.compare(short_, 4));
    }

    @Test
    void settingsSizesAndHelpers() {
        IoBenchmark full = new IoBenchmark();
        full.shards = List.of(1, 2);
        assertEquals(new IoBenchmark.Settings(1L << 27, 1, 5, List.of(1, 2), null), full.settings());
        assertEquals(1L << 30, full.settings().dataBytes());
        IoBenchmark quick = new IoBenchmark();
        quick.shards = List.of(1, 2);
        quick.quick = true;
        assertEquals(new IoBenchmark.Settings(1L << 24, 1, 3, List.of(1, 2), null), quick.settings());
        quick.elements = (1L << 27) + 1;
        assertThrows(IllegalArgumentException.class, quick::settings, "sums of arange would no longer be exact");
        assertEquals(5632, IoBenchmark.childXmxMiB(1L << 30));
        assertEquals(1152, IoBenchmark.childXmxMiB(128L << 20));
        assertEquals(1024, IoBenchmark.childXmxMiB(1 << 19));
        assertEquals("1 GiB", IoBenchmark.size(1L << 30));
        assertEquals("128 MiB", IoBenchmark.size(128L << 20));
        assertEquals("512 KiB", IoBenchmark.size(1 << 19));
        assertEquals("100 B", IoBenchmark.size(100));
        assertEquals(PageCache.Method.DROP_CACHES, PageCache.Method.of("drop-caches"));
        assertThrows(IllegalArgumentException.class, () -> PageCache.Method.of("sometimes"));
        assertEquals((double) (1L << 26) * ((1L << 27) - 1), IoChild.expectedSum(1L << 27));
        PageCache.Probe refused = new PageCache.Probe(true, "AccessDeniedException: /proc/sys/vm/drop_caches", false, "exit status 1", -1, -1);
        assertEquals(PageCache.Method.NONE, refused.auto());
        assertTrue(refused.describe().contains("was refused (AccessDeniedException"), refused.describe());
        assertEquals(PageCache.Method.DROP_CACHES, new PageCache.Probe(true, null, false, "x", -1, -1).auto());
        assertEquals(PageCache.Method.FADVISE, new PageCache.Probe(false, "--evict fadvise", true, null, 100, 0).auto());
    }

    @Test
    @Timeout(60)
    void theDiskFloorTimesEveryRoundAndDeletesItsFile() throws Exception {
        Path f = dir.resolve("floor.bin");
        Map<String, long[]> s = DiskFloor.run(f, (3L << 20) + 5, 1, 2, PageCache.Method.NONE);
        assertEquals(List.of("write", "fsync", "read", "resident_after_evict"), new ArrayList<>(s.keySet()));
        assertEquals(2, s.get("write").length);
        assertTrue(s.get("read")[0] > 0 && s.get("read")[1] > 0);
        assertFalse(Files.exists(f));
    }

    /** A real run: the disk floor, NumPy (when this machine has it), Cohort on 1 and 2 shards, on 65536 elements. */
    @Test
    @Timeout(120)
    void aQuickRunOnATinyArrayWritesWellFormedResultsAndLeavesNoFiles() throws Exception {
        boolean numpy = new PythonRunner("python3", PythonRunner.defaultScripts()).run("probe.py", List.of(), Duration.ofSeconds(30))
                .values().containsKey("numpy_version");
        Path scratch = Files.createDirectories(dir.resolve("scratch"));
        PageCache.Probe probe = PageCache.probe(scratch, 1 << 20, false, "test");
        String evict = probe.fadviseWorks() ? "fadvise" : "none"; // never drop_caches from a test: the whole machine's cache
        Path out = dir.resolve("results");
        int status = new CommandLine(new IoBenchmark()).execute("--out", out.toString(), "--dir", scratch.toString(), "--quick",
                "--python", numpy ? "python3" : "none", "--evict", evict, "--elements", "65536", "--warmup", "0", "--rounds", "1",
                "--min-tile-volume", "1024");
        assertEquals(0, status);
        try (Stream<Path> left = Files.list(scratch)) {
            assertEquals(List.of(), left.toList(), "the suite deletes its files");
        }

        List<String> targets = Files.readAllLines(out.resolve("io-targets.csv"));
        assertEquals(SuiteOutput.TARGET_HEADER, targets.get(0));
        assertEquals(5, targets.size(), targets.toString());
        for (String line : targets.subList(1, 5)) {
            String measured = line.replaceFirst("^\"[^\"]*\",", "").split(",")[0];
            assertTrue(Double.parseDouble(measured) > 0, line);
            assertTrue(line.contains(",>= 0.70,x disk,"), line);
        }
        List<String> csv = Files.readAllLines(out.resolve("io.csv"));
        assertEquals(SuiteOutput.MEASUREMENT_HEADER, csv.get(0));
        assertTrue(csv.contains("io,npy,all,65536,files_identical,1.00000,bool"), csv.toString());
        List<String> systems = new ArrayList<>(List.of("disk", "cohort-1shard", "cohort-2shards"));
        if (numpy) {
            systems.add("numpy");
        }
        for (String system : systems) {
            for (String op : List.of("save", "save_fsync", "load")) {
                String prefix = "io,npy_" + op + "," + system + ",65536,gib_per_s,";
                assertTrue(csv.stream().anyMatch(l -> l.startsWith(prefix) && Double.parseDouble(l.split(",")[5]) > 0), prefix + " in " + csv);
            }
        }
        String md = Files.readString(out.resolve("io.md"));
        assertTrue(md.startsWith("## I/O: `.npy` save and load beside NumPy and the disk"), md);
        assertTrue(md.contains("| save + fsync (the data on the device) | cohort-2shards | "), md);
        assertTrue(md.contains("byte for byte identical"), md);
        assertTrue(md.contains("Method used: **" + evict + "**"), md);
        assertTrue(md.matches("(?s).*at the suite's start / end: [0-9.]+ [0-9.]+ [0-9.]+ / [0-9.]+ [0-9.]+ [0-9.]+ \\(.*"), md);
        assertTrue(md.contains("which the floor's reads into one small buffer do not"), md);
    }
}
