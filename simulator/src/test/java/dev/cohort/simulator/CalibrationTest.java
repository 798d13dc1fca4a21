package dev.cohort.simulator;

import dev.cohort.partitioner.LaunchRecord;
import dev.cohort.partitioner.MachineView;
import dev.cohort.partitioner.Operation;
import dev.cohort.partitioner.Partitioner;
import dev.cohort.partitioner.Role;
import dev.cohort.partitioner.Strategy;
import dev.cohort.runtime.geometry.Rect;
import dev.cohort.runtime.launch.Access;
import dev.cohort.runtime.region.FieldType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The calibration file: format and parse, the shipped reference, errors, the cache file; PointWork against GraphBuilder. */
class CalibrationTest {
    private static Calibration sample() {
        Map<String, Calibration.KernelCost> k = new TreeMap<>();
        k.put("default", new Calibration.KernelCost(950, 0, 0.061));
        k.put("1006.FLOAT64", new Calibration.KernelCost(3102.5, 0.3125, 1e-3));
        k.put("1001", new Calibration.KernelCost(0, 0.1, 0));
        Map<Topology.LinkClass, Calibration.LinkCost> l = new EnumMap<>(Topology.LinkClass.class);
        l.put(Topology.LinkClass.IN_PROCESS, new Calibration.LinkCost(2000, 4.5));
        l.put(Topology.LinkClass.IPC, new Calibration.LinkCost(9000.25, 2.1));
        l.put(Topology.LinkClass.NETWORK, new Calibration.LinkCost(25000, 0.9));
        return new Calibration("Some CPU @ 2.0GHz, 2 cores, Java 17.0.15, 2026-11-24", k, 21000, 900, 60000, l, 180);
    }

    @Test
    void formatParsesBackToTheSameCalibration() {
        Calibration c = sample();
        Calibration back = Calibration.parse(c.format(), "test");
        assertEquals(c, back);
        assertEquals(c.format(), back.format());
    }

    /**
     * A kernel line of six numbers (knee, row and memory terms) and the {@code memory} line round-trip; a point task is
     * priced at the rate from memory only when the loop's footprint exceeds {@code memory}, and its rows always count.
     */
    @Test
    void rowAndMemoryTermsRoundTripAndPrice() {
        Calibration c = sample().withKernel("1005.FLOAT64", new Calibration.KernelCost(1000, 0.5, 0.02, 0.01, 12, 0.08))
                .withMemoryBytes(48L << 20);
        Calibration back = Calibration.parse(c.format(), "test");
        assertEquals(c, back);
        assertTrue(c.format().contains("kernel.1005.FLOAT64 = 1000.0, 0.5, 0.02, 0.01, 12.0, 0.08"), c.format());
        assertTrue(c.format().contains("memory = 50331648"), c.format());
        Calibration.KernelCost k = back.kernel(1005, FieldType.FLOAT64);
        // 8163 rows of 32: in cache the knee applies past 2 MiB; from memory every byte costs 0.08
        long points = 8163L * 32;
        long bytes = points * 8 + 32 * 8 + 8163 * 8;
        long cache = 1L << 21;
        assertEquals(1000 + 0.5 * points + 12 * 8163 + 0.02 * bytes + 0.01 * Math.max(0, bytes - cache),
                k.nanos(points, 8163, bytes, cache, false), 1e-6);
        assertEquals(1000 + 0.5 * points + 12 * 8163 + 0.08 * bytes, k.nanos(points, 8163, bytes, cache, true), 1e-6);
        assertTrue(back.fromMemory((48L << 20) + 1) && !back.fromMemory(48L << 20));
        assertTrue(!sample().fromMemory(Long.MAX_VALUE - 1), "no memory line: loops are priced in cache");
        // a line of 5 numbers leaves the memory rate 0: the in-cache rate applies from memory too
        Calibration five = Calibration.parse(c.format().replace("12.0, 0.08", "12.0"), "five");
        assertEquals(0, five.kernel(1005, FieldType.FLOAT64).nanosPerByteFromMemory());
        assertEquals(five.kernel(1005, FieldType.FLOAT64).nanos(points, 8163, bytes, cache, false),
                five.kernel(1005, FieldType.FLOAT64).nanos(points, 8163, bytes, cache, true), 1e-9);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Calibration.parse(c.format().replace("memory = 50331648", "memory = 0"), "/x/cal"));
        assertTrue(e.getMessage().contains("'memory = 0' must be a whole number of bytes >= 1"), e.getMessage());
    }

    /**
     * Loop rates: a point task of a scaled op code costs its calibrated time times the factor, others are unchanged,
     * and a factor that is not positive and finite is refused with the op code named.
     */
    @Test
    void pointScalesMultiplyTheirOpCodesKernelTimeOnly() {
        CostModel plain = new CostModel(sample(), new Topology(1, 1, 2, false));
        CostModel scaled = plain.withPointScales(Map.of(1006, 2.5));
        double gemm = plain.pointNanos(1006, false, FieldType.FLOAT64, 4096, 64, 65536, false);
        assertEquals(2.5 * gemm, scaled.pointNanos(1006, false, FieldType.FLOAT64, 4096, 64, 65536, false), 1e-9 * gemm);
        double add = plain.pointNanos(1001, false, FieldType.FLOAT64, 4096, 1, 98304, false);
        assertEquals(add, scaled.pointNanos(1001, false, FieldType.FLOAT64, 4096, 1, 98304, false));
        assertEquals(Map.of(1006, 2.5), scaled.pointScales());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> plain.withPointScales(Map.of(1020, Double.NaN)));
        assertTrue(e.getMessage().contains("1020"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> plain.withPointScales(Map.of(1020, 0.0)));
    }

    @Test
    void saveAndLoadRoundTripThroughAFile(@TempDir Path dir) {
        Path f = dir.resolve("sub/dir/calibration.properties");
        sample().save(f);
        assertEquals(sample(), Calibration.load(f));
    }

    @Test
    void kernelLookupFallsBackFromTypeToOpCodeToDefault() {
        Calibration c = sample();
        assertEquals(3102.5, c.kernel(1006, FieldType.FLOAT64).fixedNanos());
        assertEquals(0.1, c.kernel(1001, FieldType.FLOAT32).nanosPerPoint());
        assertEquals(950, c.kernel(1006, FieldType.FLOAT32).fixedNanos());
        assertEquals(3102.5 + 0.3125 * 64 + 1e-3 * 1000, c.kernel(1006, FieldType.FLOAT64).nanos(64, 1000), 1e-9);
        assertEquals(9000.25 + 1000 / 2.1, c.link(Topology.LinkClass.IPC).nanos(1000), 1e-9);
        // a transposed read has its own line where one is measured, else the plain one's
        assertEquals(3102.5, c.kernel(1006, true, FieldType.FLOAT64).fixedNanos());
        Calibration t = Calibration.parse(c.withKernel("1006t.FLOAT64", new Calibration.KernelCost(7, 0, 0)).format(), "t");
        assertEquals(7, t.kernel(1006, true, FieldType.FLOAT64).fixedNanos());
        assertEquals(3102.5, t.kernel(1006, false, FieldType.FLOAT64).fixedNanos());
        assertEquals("1005t.FLOAT32", Calibration.kernelKey(1005, true, FieldType.FLOAT32));
    }

    @Test
    void referenceIsShippedAndSane() {
        Calibration r = Calibration.reference();
        assertTrue(r.machine().contains("cores") && r.machine().contains("Java"), r.machine());
        for (Topology.LinkClass c : Topology.LinkClass.values()) {
            Calibration.LinkCost l = r.link(c);
            assertTrue(l.bytesPerNano() > 0 && l.latencyNanos() > 0, c + ": " + l);
        }
        // moving a byte in memory is faster than over Aeron, and a message across the loopback udp stack slower
        assertTrue(r.link(Topology.LinkClass.IN_PROCESS).latencyNanos() < r.link(Topology.LinkClass.NETWORK).latencyNanos());
        for (String key : List.of("1001.FLOAT64", "1001.FLOAT32", "1002.FLOAT64", "1003.FLOAT64", "1005.FLOAT64",
                "1006.FLOAT64", "1006.FLOAT32", "1020.FLOAT64", "1021.FLOAT64", "default")) {
            assertTrue(r.kernels().containsKey(key), "the reference has no kernel." + key + ": " + r.kernels().keySet());
        }
        Calibration.KernelCost gemm = r.kernel(1006, FieldType.FLOAT64);
        assertTrue(gemm.nanosPerPoint() > 0 || gemm.nanosPerByte() > 0, "GEMM costs nothing per point: " + gemm);
        // a 128^3 GEMM point costs more than a 1000-element add
        assertTrue(gemm.nanos(128L * 128 * 128, 3L * 128 * 128 * 8)
                > r.kernel(1001, FieldType.FLOAT64).nanos(1000, 24_000));
        assertTrue(r.kernels().get("default").nanosPerByte() > 0, "the default kernel (also the fold) is free per byte");
        assertTrue(r.launchNanos() > 0 && r.simulatorNanosPerTask() > 0, "launch " + r.launchNanos() + ", simulator "
                + r.simulatorNanosPerTask());
        assertEquals(r, Calibration.parse(r.format(), "again"));
    }

    @Test
    void errorsNameTheFileAndTheLineAtFault() {
        String good = sample().format();
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Calibration.parse(good.replace("launch = 21000.0, 900.0", "launch = 21000.0, nine"), "/x/cal.properties"));
        assertTrue(e.getMessage().startsWith("/x/cal.properties: ") && e.getMessage().contains("launch = 21000.0, nine")
                && e.getMessage().contains("'nine' is not a number"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class,
                () -> Calibration.parse(good.replace("kernel.1001 = 0.0, 0.1, 0.0", "kernel.1001 = 0.0, 0.1"), "f"));
        assertTrue(e.getMessage().contains("f: 'kernel.1001 = 0.0, 0.1' needs 3 comma-separated numbers"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class,
                () -> Calibration.parse(good.replace("link.IPC", "link.SHM"), "f"));
        assertTrue(e.getMessage().contains("f: unknown link class in 'link.SHM'"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class,
                () -> Calibration.parse(good.replaceAll("(?m)^wait = .*$", ""), "f"));
        assertEquals("f: missing 'wait'", e.getMessage());
        e = assertThrows(IllegalArgumentException.class,
                () -> Calibration.parse(good.replace("link.NETWORK = 25000.0, 0.9", "link.NETWORK = 25000.0, 0"), "f"));
        assertTrue(e.getMessage().startsWith("f: 'link.NETWORK = 25000.0, 0': ") && e.getMessage().contains("bandwidth > 0"),
                e.getMessage());
        e = assertThrows(IllegalArgumentException.class,
                () -> Calibration.parse(good.replaceAll("(?m)^kernel\\.default = .*$", ""), "f"));
        assertTrue(e.getMessage().startsWith("f: ") && e.getMessage().contains("kernel.default"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class,
                () -> Calibration.parse(good.replace("kernel.1001 = 0.0, 0.1, 0.0", "kernel.1001 = -1, 0.1, 0.0"), "f"));
        assertTrue(e.getMessage().startsWith("f: 'kernel.1001 = -1, 0.1, 0.0': ") && e.getMessage().contains(">= 0"),
                e.getMessage());
    }

    @Test
    void unreadableFileIsNamed(@TempDir Path dir) {
        Path missing = dir.resolve("none.properties");
        UncheckedIOException e = assertThrows(UncheckedIOException.class, () -> Calibration.load(missing));
        assertTrue(e.getMessage().contains(missing.toString()), e.getMessage());
    }

    @Test
    void defaultFileFollowsTheEnvironment() {
        Path f = Calibration.defaultFile();
        String own = System.getenv("COHORT_CACHE_DIR");
        String xdg = System.getenv("XDG_CACHE_HOME");
        if (own != null && !own.isBlank()) {
            assertEquals(Path.of(own, "calibration.properties"), f);
        } else if (xdg != null && !xdg.isBlank()) {
            assertEquals(Path.of(xdg, "cohort", "calibration.properties"), f);
        } else {
            assertEquals(Path.of(System.getProperty("user.home"), ".cache", "cohort", "calibration.properties"), f);
        }
        assertEquals(Files.isRegularFile(f) ? Calibration.load(f) : Calibration.reference(), Calibration.loadOrReference());
    }

    /**
     * PointWork counts points and bytes as GraphBuilder does: with a kernel cost of 1 ns per point (then per byte)
     * the graph's point tasks take exactly PointWork's points (bytes), on uneven tiles and mixed element types.
     */
    @Test
    void pointWorkIsWhatGraphBuilderPrices() {
        long rows = 1000;
        long cols = 30;
        Operation.Builder b = Operation.builder(rows, cols);
        int out = b.operand(Rect.ofExtents(rows, cols), Access.identity(2), Role.WRITE, null);
        int in = b.operand(Rect.ofExtents(rows, cols), Access.identity(2), Role.READ, null);
        Operation op = b.align(out, in).build();
        Strategy s = Partitioner.partition(op, new MachineView(1, 1, 64, 4096));
        assertTrue(s.pointCount() > 4, "expected several tiles, got " + s.pointCount());
        LaunchRecord r = new LaunchRecord(1001, op, s, new long[]{1, 2}, new FieldType[]{FieldType.FLOAT64,
                FieldType.FLOAT32}, 0);
        List<PointWork> work = PointWork.of(r);
        assertEquals(s.pointCount(), work.size());
        long totalPoints = 0;
        for (PointWork w : work) {
            assertEquals(w.points() * 12, w.bytes(), w.toString());
            assertEquals(FieldType.FLOAT64, w.type());
            totalPoints += w.points();
        }
        assertEquals(rows * cols, totalPoints);
        assertNotEquals(work.get(0).points(), work.get(work.size() - 1).points(), "tiles should be uneven");
        assertEquals(work.stream().map(PointWork::points).toList(), pointTimes(r, new Calibration.KernelCost(0, 1, 0)));
        assertEquals(work.stream().map(PointWork::bytes).toList(), pointTimes(r, new Calibration.KernelCost(0, 0, 1)));
        assertEquals(work.stream().map(PointWork::rows).toList(), pointTimes(r, new Calibration.KernelCost(0, 0, 0, 0, 1, 0)));
        for (PointWork w : work) {
            assertEquals(w.points() / cols, w.rows(), "the tiles split rows only: " + w);
        }
        // the stores' 360 000 bytes exceed a memory footprint of 1000 bytes: the bytes are priced from memory
        Calibration.KernelCost memoryOnly = new Calibration.KernelCost(0, 0, 0, 0, 0, 1);
        assertEquals(List.of(), pointTimes(r, memoryOnly).stream().filter(t -> t != 1).toList(),
                "in cache the memory rate is not used (every task is the 1 ns minimum)");
        assertEquals(360_000, GraphBuilder.footprintPerNode(List.of(r), Topology.oneNode(1, 1, true)));
        assertEquals(work.stream().map(PointWork::bytes).toList(), pointTimes(r, memoryOnly, 1000));
    }

    private static List<Long> pointTimes(LaunchRecord r, Calibration.KernelCost k) {
        return pointTimes(r, k, Long.MAX_VALUE);
    }

    private static List<Long> pointTimes(LaunchRecord r, Calibration.KernelCost k, long memoryBytes) {
        Calibration c = sample().withKernel("default", k).withKernel("1001", k).withMemoryBytes(memoryBytes);
        TaskGraph g = GraphBuilder.build(List.of(r), new CostModel(c, Topology.oneNode(1, 1, true)), new BitSet());
        List<Long> out = new ArrayList<>();
        for (int t = 0; t < g.size(); t++) {
            if (g.kind(t) == TaskGraph.Kind.POINT) {
                out.add(Math.round(g.exeTime(t)));
            }
        }
        return out;
    }
}
