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
        return new IoBenchmark.CaseResult("npy", "test", "1 GiB float64", "134217728", 1073741952, IoBenchmark.NpyCase.OPS, "disk",
                all, List.of("save_fsync", "load_cold"), List.of(), equalWork, "how");
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
        assertTrue(t2.get(1).contains(",10.0000,>= 0.70,x disk,false,") && t2.get(1).contains("not met: the systems' work differs"), t2.get(1));
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

    private static IoBenchmark.Timings loadtxtSystem(String name, long ms) {
        long ns = ms * 1_000_000;
        return IoBenchmark.Timings.of(name, new PythonRunner.Result(0, Map.of("loadtxt_ns", ns + "," + ns + "," + 2 * ns), List.of()),
                List.of("loadtxt"), List.of());
    }

    @Test
    void loadtxtRowsAndTargetsReportTheTimeOverNumpysWithoutAGoal() throws Exception {
        List<IoBenchmark.Timings> all = List.of(new IoBenchmark.Timings("disk", Map.of("read", new long[]{50_000_000}), -1, 200_000_000, null),
                loadtxtSystem("numpy", 1000), IoBenchmark.Timings.failed("pandas", "not run: pandas does not import (ModuleNotFoundError)"),
                loadtxtSystem("cohort-1shard", 2000), loadtxtSystem("cohort-2shards", 500));
        IoBenchmark.CaseResult r = new IoBenchmark.CaseResult("loadtxt", "t", "a 200 MB CSV", "200000000", 200_000_000,
                LoadtxtCase.OPS, "disk", all, List.of(), List.of("loadtxt"), null, "how");
        assertEquals("values_identical", r.equalMetric());
        List<List<String>> rows = IoBenchmark.rows(r);
        assertEquals(6, rows.size(), rows.toString());
        assertEquals(List.of("FileChannel read from the page cache", "disk", "0.050", "0.050", "3.73", "1", ""), rows.get(1));
        assertEquals(List.of("loadtxt of the CSV (from the page cache)", "pandas", "not run: pandas does not import (ModuleNotFoundError)",
                "", "", "", ""), rows.get(3));
        assertEquals(List.of("loadtxt of the CSV (from the page cache)", "cohort-1shard", "2.000", "2.000", "0.09", "0.03", "2.00"),
                rows.get(4));

        SuiteOutput o = new SuiteOutput(dir, "io");
        IoBenchmark.targets(o, r, SETTINGS);
        o.write();
        List<String> targets = Files.readAllLines(dir.resolve("io-targets.csv"));
        assertEquals(3, targets.size(), targets.toString());
        assertTrue(targets.get(1).startsWith("\"loadtxt of the CSV (from the page cache), a 200 MB CSV, on 1 shard: time over "
                + "NumPy's\",2.00000,none (reported),x NumPy,false,2.000 s against NumPy's 1.000 s; issue 14 sets no goal"), targets.get(1));
        assertTrue(targets.get(2).contains("on 2 in-process shards: time over NumPy's\",0.500000,none (reported),"), targets.get(2));
        assertTrue(IoBenchmark.NO_GOAL.startsWith("none"), "RunAll.verdict shows a goal starting with none as reported, no goal");
    }

    @Test
    void checksumsAreZlibsCrc32AndEveryReaderIsCheckedAgainstTheGenerator() {
        // Python: zlib.crc32(np.array([0.0, 1.5, -2.25, 1e-300]).astype('<f8').tobytes()), and of arange(10000) (80000
        // bytes: more than IoChild's 64 KiB buffer)
        assertEquals(2981491696L, IoChild.crc32(new double[]{0.0, 1.5, -2.25, 1e-300}));
        double[] a = new double[10000];
        for (int i = 0; i < a.length; i++) {
            a[i] = i;
        }
        assertEquals(2183591050L, IoChild.crc32(a));

        LoadtxtCase.Generated g = new LoadtxtCase.Generated(1000, 10, 201674, 833665146L, -102.5);
        Map<String, Long> checksums = new LinkedHashMap<>();
        List<String> problems = new ArrayList<>();
        LoadtxtCase.check("numpy", Map.of("rows", "1000", "cols", "10", "crc32", "833665146", "sum", "-102.5"), g, checksums, problems);
        assertEquals(List.of(), problems);
        LoadtxtCase.check("cohort-2shards", Map.of("rows", "1000", "cols", "10", "crc32", "1", "sum", "-102.4"), g, checksums, problems);
        LoadtxtCase.check("cohort-1shard", Map.of("rows", "999", "cols", "10", "crc32", "833665146"), g, checksums, problems);
        LoadtxtCase.check("pandas", Map.of("rows", "1000"), g, checksums, problems);
        assertEquals(3, problems.size(), problems.toString());
        assertTrue(problems.get(0).startsWith("cohort-2shards's values have CRC32 00000001, the generator's 31b0"), problems.get(0));
        assertEquals("cohort-1shard read 999 x 10 values, the CSV has 1000 x 10", problems.get(1));
        assertTrue(problems.get(2).startsWith("pandas printed no shape or checksum"), problems.get(2));
        assertEquals(List.of("numpy", "cohort-2shards", "cohort-1shard"), new ArrayList<>(checksums.keySet()));

        List<String> bytes = new ArrayList<>();
        CheckpointCase.check("numpy", Map.of("data_bytes", "98304"), 98304, bytes);
        assertEquals(List.of(), bytes);
        CheckpointCase.check("cohort-2shards", Map.of("data_bytes", "98000"), 98304, bytes);
        assertEquals(List.of("cohort-2shards wrote 98000 bytes of data, not 98304"), bytes);
        // x = arange(64 * 64): 4096 * 4095 / 2; r = x / 2; p = x + 1
        assertEquals(Map.of("p", 8390656.0, "r", 4193280.0, "x", 8386560.0), IoChild.cgSums(64));
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
        assertEquals(new IoBenchmark.Settings(1L << 24, 1, 3, List.of(1, 2), null, 20, 1118), quick.settings());
        assertEquals(200, full.settings().csvMb());
        assertEquals(3163, full.settings().cgN());
        assertEquals(3L * 3163 * 3163 * 8, full.settings().cgBytes(), "x, r, p of about 80 MB each");
        assertEquals("200 MB", IoBenchmark.megabytes(200));
        assertEquals("0.2 MB", IoBenchmark.megabytes(0.2));
        IoBenchmark tiny = new IoBenchmark();
        tiny.shards = List.of(1);
        tiny.cgN = 0;
        assertThrows(IllegalArgumentException.class, tiny::settings);
        tiny.cgN = 8;
        tiny.csvMb = 0.0;
        assertThrows(IllegalArgumentException.class, tiny::settings);
        quick.elements = (1L << 27) + 1;
        assertThrows(IllegalArgumentException.class, quick::settings, "sums of arange would no longer be exact");
        assertEquals(5632, IoBenchmark.childXmxMiB(1L << 30));
        assertEquals(1152, IoBenchmark.childXmxMiB(128L << 20));
        assertEquals(1024, IoBenchmark.childXmxMiB(1 << 19));
        assertEquals("1 GiB", IoBenchmark.size(1L << 30));
        assertEquals("128 MiB", IoBenchmark.size(128L << 20));
        assertEquals("512 KiB", IoBenchmark.size(1 << 19));
        assertEquals("100 B", IoBenchmark.size(100));
        assertEquals("30.0 MB", IoBenchmark.size(3L * 1118 * 1118 * 8));
        assertEquals("240.1 MB", IoBenchmark.size(3L * 3163 * 3163 * 8));
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

    /**
     * A real run of the three cases: the disk floor, NumPy (when this machine has it), Cohort on 1 and 2 shards, on
     * 65536 elements, a 0.2 MB CSV and 64 x 64 CG vectors.
     */
    @Test
    @Timeout(180)
    void aQuickRunOnATinyArrayWritesWellFormedResultsAndLeavesNoFiles() throws Exception {
        boolean numpy = new PythonRunner("python3", PythonRunner.defaultScripts()).run("probe.py", List.of(), Duration.ofSeconds(30))
                .values().containsKey("numpy_version");
        Path scratch = Files.createDirectories(dir.resolve("scratch"));
        PageCache.Probe probe = PageCache.probe(scratch, 1 << 20, false, "test");
        String evict = probe.fadviseWorks() ? "fadvise" : "none"; // never drop_caches from a test: the whole machine's cache
        Path out = dir.resolve("results");
        int status = new CommandLine(new IoBenchmark()).execute("--out", out.toString(), "--dir", scratch.toString(), "--quick",
                "--python", numpy ? "python3" : "none", "--evict", evict, "--elements", "65536", "--warmup", "0", "--rounds", "1",
                "--csv-mb", "0.2", "--cg-n", "64", "--min-tile-volume", "1024");
        assertEquals(0, status);
        try (Stream<Path> left = Files.list(scratch)) {
            assertEquals(List.of(), left.toList(), "the suite deletes its files");
        }

        List<String> targets = Files.readAllLines(out.resolve("io-targets.csv"));
        assertEquals(SuiteOutput.TARGET_HEADER, targets.get(0));
        // npy: 2 operations x 2 shard counts; loadtxt: time over NumPy's x 2; checkpoint: 2 operations x 2 + over NumPy's x 2
        assertEquals(1 + 4 + 2 + 6, targets.size(), targets.toString());
        int bandwidth = 0;
        int reported = 0;
        for (String line : targets.subList(1, targets.size())) {
            String measured = line.replaceFirst("^\"[^\"]*\",", "").split(",")[0];
            if (line.contains(",>= 0.70,x disk,")) {
                bandwidth++;
                assertTrue(Double.parseDouble(measured) > 0, line);
            } else {
                assertTrue(line.contains(",none (reported),x NumPy,false,"), line);
                assertTrue(line.contains("time over NumPy's"), line);
                reported++;
                assertTrue(numpy ? Double.parseDouble(measured) > 0 : Double.isNaN(Double.parseDouble(measured)), line);
            }
        }
        assertEquals(8, bandwidth);
        assertEquals(4, reported);
        assertTrue(targets.stream().anyMatch(l -> l.startsWith("\"checkpoint (every file forced to the device), x, r, p of "
                + "64x64 float64 (96 KiB), on 2 in-process shards: bandwidth over the disk's\"")), targets.toString());
        List<String> csv = Files.readAllLines(out.resolve("io.csv"));
        assertEquals(SuiteOutput.MEASUREMENT_HEADER, csv.get(0));
        assertTrue(csv.contains("io,npy,all,65536,files_identical,1.00000,bool"), csv.toString());
        assertTrue(csv.contains("io,checkpoint,all,64x64x3,values_identical,1.00000,bool"), csv.toString());
        assertTrue(csv.contains("io,loadtxt,all,200000,values_identical," + (numpy ? "1.00000" : "0.00000") + ",bool"), csv.toString());
        List<String> systems = new ArrayList<>(List.of("disk", "cohort-1shard", "cohort-2shards"));
        if (numpy) {
            systems.add("numpy");
        }
        for (String system : systems) {
            for (String op : List.of("save", "save_fsync", "load")) {
                String prefix = "io,npy_" + op + "," + system + ",65536,gib_per_s,";
                assertTrue(csv.stream().anyMatch(l -> l.startsWith(prefix) && Double.parseDouble(l.split(",")[5]) > 0), prefix + " in " + csv);
            }
            for (String op : List.of("checkpoint", "restore")) {
                String prefix = "io,checkpoint_" + op + "," + system + ",64x64x3,gib_per_s,";
                assertTrue(csv.stream().anyMatch(l -> l.startsWith(prefix) && Double.parseDouble(l.split(",")[5]) > 0), prefix + " in " + csv);
            }
            if (numpy) {
                String prefix = "io,loadtxt_loadtxt," + system + ",200000,gib_per_s,";
                assertTrue(csv.stream().anyMatch(l -> l.startsWith(prefix) && Double.parseDouble(l.split(",")[5]) > 0), prefix + " in " + csv);
            }
        }
        String md = Files.readString(out.resolve("io.md"));
        assertTrue(md.startsWith("## I/O: `.npy` save and load, `loadtxt` and checkpoint beside NumPy and the disk"), md);
        assertTrue(md.contains("### Checkpoint of the CG state (x, r, p of 64x64 float64 (96 KiB))"), md);
        assertTrue(md.contains("| checkpoint (every file forced to the device) | cohort-2shards | "), md);
        assertTrue(md.contains("Every system restored the expected values and Cohort's tiles hold the vectors' bytes: equal work."), md);
        assertTrue(md.contains("### `loadtxt` of a 0.2 MB CSV of float64 (10 columns)"), md);
        if (numpy) {
            assertTrue(md.contains("| loadtxt of the CSV (from the page cache) | cohort-2shards | "), md);
            assertTrue(md.contains("all parsed the same values, bit for bit"), md);
            assertTrue(md.contains("| loadtxt of the CSV (from the page cache) | pandas | "), md); // timed, or why not
        }
        assertTrue(md.contains("| save + fsync (the data on the device) | cohort-2shards | "), md);
        assertTrue(md.contains("byte for byte identical"), md);
        assertTrue(md.contains("Method used: **" + evict + "**"), md);
        assertTrue(md.matches("(?s).*at the suite's start / end: [0-9.]+ [0-9.]+ [0-9.]+ / [0-9.]+ [0-9.]+ [0-9.]+ \\(.*"), md);
        assertTrue(md.contains("which the floor's reads into one small buffer do not"), md);
    }
}
