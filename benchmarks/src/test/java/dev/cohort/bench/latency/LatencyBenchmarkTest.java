package dev.cohort.bench.latency;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cohort.bench.KeyValues;
import dev.cohort.bench.SuiteOutput;
import dev.cohort.bench.macro.PythonRunner;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** The latency suite's parsing of its children's output, its statistics, targets and tables (nothing timed). */
@Timeout(30)
class LatencyBenchmarkTest {
    private static final LatencyBenchmark.Settings SETTINGS = new LatencyBenchmark.Settings(10, 5, 100, 3, 300, 50, 150);

    @TempDir
    Path dir;

    /**
     * A run that printed {@code <key>_ns=} for every key: sum and add_get from {@code base} (1..5 x base), their steady-state
     * calls (median 1 x and 4 x base), program 3 runs.
     */
    private static PythonRunner.Result output(long base) {
        return new PythonRunner.Result(0, KeyValues.parse(List.of(
                "sum_ns=" + LongStream.of(5, 1, 3, 2, 4).mapToObj(k -> Long.toString(k * base)).collect(Collectors.joining(",")),
                "add_get_ns=" + LongStream.of(1, 1, 1, 1, 100).mapToObj(k -> Long.toString(k * base)).collect(Collectors.joining(",")),
                "sum_steady_ns=" + LongStream.of(2, 1, 1, 1, 3).mapToObj(k -> Long.toString(k * base)).collect(Collectors.joining(",")),
                "add_get_steady_ns=" + LongStream.of(4, 4, 4, 4, 4).mapToObj(k -> Long.toString(k * base)).collect(Collectors.joining(",")),
                "program_ns=9000000,10000000,11000000", "vm_hwm_kib=2048")), List.of());
    }

    /** The CG child's output: 3600 B per iteration (0.5 % of 720 000 B) between the solves, GC 2 % of the longer one. */
    private static Map<String, String> cgOutput() {
        return new LinkedHashMap<>(KeyValues.parse(List.of("n=300", "settle.solves=12", "settle.seconds=6.2", "settle.settled=1",
                "short.iterations=50", "short.allocated_bytes=1000000", "short.threads_lost=0", "short.gc_ms=40", "short.gc_count=2",
                "short.wall_ns=500000000", "long.iterations=150", "long.allocated_bytes=1360000", "long.threads_lost=1",
                "long.gc_ms=30", "long.gc_count=1", "long.wall_ns=1500000000", "gc_names=G1 Young Generation + G1 Old Generation",
                "vm_hwm_kib=524288")));
    }

    @Test
    void timingsAreParsedPerKeyAndSummarisedByNearestRankInMicroseconds() {
        LatencyBenchmark.Timings t = LatencyBenchmark.Timings.of("cohort-1shard", output(10_000));
        assertTrue(t.ok());
        assertEquals(30.0, t.micros("sum", 50));
        assertEquals(50.0, t.micros("sum", 90));
        assertEquals(1000.0, t.micros("add_get", 99));
        assertEquals(10_000.0, t.micros(LatencyBenchmark.PROGRAM, 50));
        assertEquals(2048, t.peakRssKib());
        assertTrue(Double.isNaN(t.micros("missing", 50)));

        LatencyBenchmark.Timings failed = LatencyBenchmark.Timings.of("numpy",
                new PythonRunner.Result(1, Map.of(), List.of("Traceback", "ModuleNotFoundError: No module named 'numpy'")));
        assertFalse(failed.ok());
        assertTrue(failed.error().startsWith("failed: exit status 1: ") && failed.error().contains("numpy"), failed.error());
        assertTrue(Double.isNaN(failed.micros("sum", 50)));
        LatencyBenchmark.Timings silent = LatencyBenchmark.Timings.of("numpy",
                new PythonRunner.Result(0, Map.of("sum_ns", "1,2"), List.of()));
        assertTrue(silent.error().contains("no add_get_ns="), silent.error());
    }

    @Test
    void cgMemoryIsTheDifferenceOfTheTwoSolvesAndGcShareIsTheLongerSolves() {
        LatencyBenchmark.Memory m = LatencyBenchmark.Memory.of(new PythonRunner.Result(0, cgOutput(), List.of()), 300);
        assertTrue(m.ok(), m.error());
        assertEquals(100, m.iterations());
        assertEquals(3600.0, m.bytesPerIteration());
        assertEquals(720_000.0, m.vectorBytes());
        assertEquals(0.5, m.percentOfVector(), 1e-12);
        assertEquals(2.0, m.gcPercent(), 1e-12);
        assertEquals(1, m.threadsLost());
        assertEquals(512 * 1024, m.peakRssKib());
        assertTrue(m.describe().contains("3600 B/iteration = 0.50 % of a vector, GC 2.00 %"), m.describe());

        Map<String, String> noProgress = cgOutput();
        noProgress.put("long.iterations", "50");
        assertFalse(LatencyBenchmark.Memory.of(new PythonRunner.Result(0, noProgress, List.of()), 300).ok());
        Map<String, String> missing = cgOutput();
        missing.remove("long.gc_ms");
        assertTrue(LatencyBenchmark.Memory.of(new PythonRunner.Result(0, missing, List.of()), 300).error().contains("long.gc_ms"));
        assertTrue(LatencyBenchmark.Memory.of(new PythonRunner.Result(137, Map.of(), List.of("Killed")), 300).error()
                .contains("exit status 137"));
    }

    @Test
    void targetsCompareMediansWithTheGoalsAndNameNumpyBesideThem() throws Exception {
        List<LatencyBenchmark.Timings> timings = List.of(
                LatencyBenchmark.Timings.of("numpy", output(1_000)),
                LatencyBenchmark.Timings.of("cohort-1shard", output(3_000)), // sum median 9 µs: met; add_get 3 µs: met
                LatencyBenchmark.Timings.failed("cohort-4shards", "failed: exit status 1: boom"));
        LatencyBenchmark.Memory m = LatencyBenchmark.Memory.of(new PythonRunner.Result(0, cgOutput(), List.of()), 300);
        SuiteOutput o = new SuiteOutput(dir, "latency");
        LatencyBenchmark.write(o, timings, m, SETTINGS, "python3: Python 3.11, NumPy 2.4");
        o.write();

        List<String> targets = Files.readAllLines(dir.resolve("latency-targets.csv"));
        assertEquals(SuiteOutput.TARGET_HEADER, targets.get(0));
        assertEquals(11, targets.size(), targets.toString());
        assertEquals("median latency of x.sum().itemDouble() on 1000 float64 on 1 shard,9.00000,<= 10,µs,true,"
                + "\"p90 15.0 µs, p99 15.0 µs; NumPy 3.00 µs, Cohort / NumPy 3.00\"", targets.get(1));
        assertTrue(targets.get(2).startsWith("median latency of x.sum().itemDouble() on 1000 float64 on 4 in-process shards,NaN,<= 30,µs,false,"
                + "not measured: failed: exit status 1: boom"), targets.get(2));
        assertEquals("median latency of x.add(y).get(5).itemDouble() (steady state) on 1000 float64 on 1 shard,12.0000,<= 10,µs,false,"
                + "\"p90 12.0 µs, p99 12.0 µs; NumPy 4.00 µs, Cohort / NumPy 3.00\"", targets.get(7));
        assertTrue(targets.get(9).startsWith("CG Poisson n=300 steady state: bytes allocated per iteration (all threads),0.500000,<= 1,"
                + "% of one vector,true,"), targets.get(9));
        assertTrue(targets.get(10).startsWith("CG Poisson n=300 steady state: GC time share,2.00000,<= 3,% of wall time,true,"
                + "\"1 collections, 30 ms in 1500 ms of a 150-iteration solve"), targets.get(10));

        List<String> csv = Files.readAllLines(dir.resolve("latency.csv"));
        assertTrue(csv.containsAll(List.of("latency,sum,cohort-1shard,1000,p50_us,9.00000,us",
                "latency,sum,cohort-1shard,1000,median_ratio_to_numpy,3.00000,x", "latency,program,numpy,1000000,p50_us,10000.0,us",
                "latency,cg_poisson,cohort-1shard,300,gc_percent_of_wall,2.00000,%")), csv.toString());

        String md = Files.readString(dir.resolve("latency.md"));
        assertTrue(md.startsWith("## Latency of small operations"), md);
        for (String row : List.of("| x.sum().itemDouble() | cohort-1shard | 9.0 | 15.0 | 15.0 | 3.0 | 3.00 | 10 | 0.90 |",
                "| x.sum().itemDouble() (steady state) | cohort-1shard | 3.0 | 9.0 | 9.0 | 1.0 | 3.00 | 10 | 0.30 |", "100 more untimed calls",
                "| x.add(y).get(5).itemDouble() | cohort-4shards | failed: exit status 1: boom |", "| cohort-1shard | 10.00 | 11.00 | 1.00 |",
                "| ... as % of one vector | 0.50 | <= 1 |", "| warm-up until the JIT settled | 12 solves of 50 iterations in 6.2 s |  |",
                "NumPy 2.4")) {
            assertTrue(md.contains(row), row + " in\n" + md);
        }
    }

    @Test
    void aFailedCgChildLeavesItsTargetsNotMeasured() throws Exception {
        SuiteOutput o = new SuiteOutput(dir, "latency");
        LatencyBenchmark.write(o, List.of(LatencyBenchmark.Timings.failed("numpy", "not run: --python none")),
                LatencyBenchmark.Memory.failed("CG child failed: exit status 3: OutOfMemoryError"), SETTINGS, "none");
        o.write();
        List<String> targets = Files.readAllLines(dir.resolve("latency-targets.csv"));
        assertTrue(targets.get(10).contains(",NaN,<= 3,% of wall time,false,not measured: CG child failed"), targets.get(10));
        assertEquals(List.of(List.of("CG Poisson, steady state", "measured", "goal"),
                List.of("not measured", "CG child failed: exit status 3: OutOfMemoryError", "")),
                LatencyBenchmark.memoryRows(LatencyBenchmark.Memory.failed("CG child failed: exit status 3: OutOfMemoryError"), 50));
    }

    @Test
    void goalsAndShardCounts() {
        assertEquals(10, LatencyBenchmark.goalMicros(1));
        assertEquals(30, LatencyBenchmark.goalMicros(4));
        assertEquals(4, LatencyBenchmark.shardsOf("cohort-4shards"));
        assertEquals(1, LatencyBenchmark.shardsOf("cohort-1shard"));
        LatencyBenchmark quick = new LatencyBenchmark();
        quick.quick = true;
        assertEquals(new LatencyBenchmark.Settings(1000, 500, 10_000, 5, 300, 50, 150), quick.settings());
    }

    @Test
    void theChildTimesEveryCallChecksItsResultAndAccountsForEveryThreadsAllocation() {
        double[] next = {0};
        long[] samples = LatencyChild.timed(() -> next[0]++ < 1e9 ? 7.0 : 0, 7.0, 3, 4);
        assertEquals(4, samples.length);
        assertEquals(7, next[0]);
        assertTrue(java.util.Arrays.stream(samples).allMatch(s -> s >= 0));
        assertThrows(IllegalStateException.class, () -> LatencyChild.timed(() -> 1.0, 2.0, 0, 1));
        assertEquals("1,22,333", LatencyChild.joined(new long[]{1, 22, 333}));
        // thread 1 allocated 50 more, thread 2 ended (lost), thread 3 started and allocated 7
        assertEquals(57, LatencyChild.allocatedBetween(Map.of(1L, 100L, 2L, 10L), Map.of(1L, 150L, 3L, 7L)));
        assertEquals(759036, LatencyChild.vmHwmKib(List.of("Name:\tjava", "VmPeak:\t 9999 kB", "VmHWM:\t  759036 kB")));
        assertEquals(-1, LatencyChild.vmHwmKib(List.of("Name:\tjava")));
        assertEquals(500_009_500_000L, LatencyChild.PROGRAM_SUM);
    }
}
