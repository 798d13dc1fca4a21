package dev.cohort.runtime;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cohort.runtime.execution.Executor;
import dev.cohort.runtime.execution.MemoryBudgetExceededException;
import dev.cohort.runtime.fine.FineStage;
import dev.cohort.runtime.geometry.Rect;
import dev.cohort.runtime.launch.Future;
import dev.cohort.runtime.launch.GroupLaunch;
import dev.cohort.runtime.launch.Privilege;
import dev.cohort.runtime.launch.ReductionOp;
import dev.cohort.runtime.partition.Rects;
import dev.cohort.runtime.partition.Tiling;
import dev.cohort.runtime.region.FieldType;
import dev.cohort.runtime.region.Store;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Two SYSTEM memories per shard (issue 11 item 2): the points of a launch are mapped to memories, their
 * instances live there, and a read in a memory without a valid copy copies it there once; a write makes the
 * other memories' copies stale. Not a mock: the second memory is a real one with its own instance manager and
 * budget, and its own workers.
 */
@Timeout(value = 300, unit = TimeUnit.SECONDS)
class MemoriesTest {

    /**
     * Theorem 1's random programs (tilings with and without halo, shifted tilings, replicated stores, reductions,
     * futures, fills, reads mid-program, replicated execution, CYCLIC and BLOCKED sharding) on 1 and 3 shards:
     * with 2 memories per shard the data and futures are bit-identical to 1 memory and to plain Java, and every
     * ordering a sequential analysis requires is still enforced (through the copies between memories too).
     */
    @Test
    void randomProgramsAreBitIdenticalWithOneAndTwoMemories() {
        AtomicLong copies = new AtomicLong();
        long before = Theorem1PropertyTest.DATA_FLOW_CHECKS.get();
        for (int shards : new int[] {1, 3}) {
            for (long seed = 1; seed <= 30; seed++) {
                Theorem1PropertyTest.Program prog = Theorem1PropertyTest.generate(seed);
                List<long[]> expected = Theorem1PropertyTest.runSequential(prog);
                List<List<long[]>> one = run(prog, shards, 1, null, copies);
                Theorem1PropertyTest.Recorder rec = new Theorem1PropertyTest.Recorder();
                long copiesBefore = copies.get();
                List<List<long[]>> two = run(prog, shards, 2, rec, copies);
                for (int s = 0; s < shards; s++) {
                    assertSame(expected, one.get(s), "1 memory, seed " + seed + ", " + shards + " shards, shard " + s);
                    assertSame(expected, two.get(s), "2 memories, seed " + seed + ", " + shards + " shards, shard " + s);
                }
                Theorem1PropertyTest.checkOrdering(prog, rec);
                assertTrue(copies.get() >= copiesBefore);
            }
        }
        assertTrue(copies.get() > 0, "the programs never copied between memories: the test exercises nothing");
        assertTrue(Theorem1PropertyTest.DATA_FLOW_CHECKS.get() > before, "no data flow was checked");
    }

    private static void assertSame(List<long[]> expected, List<long[]> got, String what) {
        assertEquals(expected.size(), got.size(), what + ": number of values");
        for (int i = 0; i < expected.size(); i++) {
            assertArrayEquals(expected.get(i), got.get(i), what + ": value " + i);
        }
    }

    /** Runs {@code prog} and adds the copies between memories of every shard to {@code copies}. */
    private static List<List<long[]>> run(Theorem1PropertyTest.Program prog, int shards, int memories,
                                          Theorem1PropertyTest.Recorder rec, AtomicLong copies) {
        RuntimeConfig config = new RuntimeConfig().registry(Theorem1PropertyTest.registry())
                .mapper(Theorem1PropertyTest.MAPPER).cpus(2).memories(memories)
                .blockingTimeout(Duration.ofSeconds(30)).recorder(rec).checkInterval(8);
        return LocalShards.run(shards, config, rt -> {
            List<long[]> out = Theorem1PropertyTest.runReplicated(prog, rt);
            long c = rt.executor().interMemoryCopies();
            if (memories == 1) {
                assertEquals(0, c, "one memory never copies between memories");
            }
            assertEquals(c, rt.stats().interMemoryCopies());
            copies.addAndGet(c);
            return out;
        });
    }

    /** Sum of squares of INIT's values over [lo, hi) with scalar s (the DOT task's result over its pieces). */
    private static double sumOfSquares(long lo, long hi, double s) {
        double sum = 0;
        for (long i = lo; i < hi; i++) {
            double v = TestTasks.init(dev.cohort.runtime.geometry.Point.of(i), s);
            sum += v * v;
        }
        return sum;
    }

    /**
     * Per shard: a write by a point mapped to memory 0 (one point per shard), then a read of half of that piece by
     * a point mapped to memory 1 (two points per shard, the second in memory 1) copies the piece to memory 1 exactly
     * once; reading it again there copies nothing; a write in memory 0 makes the copy stale, so the next read in
     * memory 1 copies once again. The values read are right every time.
     */
    @ParameterizedTest
    @ValueSource(ints = {1, 3})
    void aReadInTheSecondMemoryAfterAWriteInTheFirstCopiesExactlyOnce(int shards) {
        final long tile = 16;
        assertEquals(0, FineStage.pointMemory(0, 1, 2), "a one-point launch maps to memory 0");
        assertEquals(1, FineStage.pointMemory(1, 2, 2), "the second of two points maps to memory 1");
        RuntimeConfig config = new RuntimeConfig().registry(TestTasks.registry()).cpus(2).memories(2)
                .blockingTimeout(Duration.ofSeconds(30));
        List<long[]> counts = LocalShards.run(shards, config, rt -> {
            Executor ex = rt.executor();
            Rect bounds = Rect.ofExtents(tile * shards);
            Store a = rt.createStore(bounds, FieldType.FLOAT64);
            Tiling whole = Tiling.of(tile);
            Tiling halves = Tiling.of(tile / 2);
            long[] c = new long[6];
            rt.execute(GroupLaunch.builder(TestTasks.INIT, whole.colorSpace(bounds)).require(a, whole, Privilege.WRITE_DISCARD)
                    .scalars(TestTasks.scalar(1)).build());
            c[0] = ex.interMemoryCopies();
            long bytes0 = ex.interMemoryBytes();
            double[] sums = new double[3];
            for (int r = 0; r < 2; r++) {
                Future f = rt.execute(GroupLaunch.builder(TestTasks.DOT, halves.colorSpace(bounds))
                        .require(a, halves, Privilege.READ).require(a, halves, Privilege.READ)
                        .reduceResult(ReductionOp.SUM, FieldType.FLOAT64).build());
                sums[r] = f.getDouble();
                c[1 + r] = ex.interMemoryCopies();
            }
            c[5] = ex.interMemoryBytes() - bytes0;
            rt.execute(GroupLaunch.builder(TestTasks.INIT, whole.colorSpace(bounds)).require(a, whole, Privilege.READ_WRITE)
                    .scalars(TestTasks.scalar(2)).build());
            c[3] = ex.interMemoryCopies();
            Future f = rt.execute(GroupLaunch.builder(TestTasks.DOT, halves.colorSpace(bounds))
                    .require(a, halves, Privilege.READ).require(a, halves, Privilege.READ)
                    .reduceResult(ReductionOp.SUM, FieldType.FLOAT64).build());
            sums[2] = f.getDouble();
            c[4] = ex.interMemoryCopies();
            assertEquals(sumOfSquares(0, tile * shards, 1), sums[0], 1e-9 * sums[0]);
            assertEquals(sums[0], sums[1]);
            assertEquals(sumOfSquares(0, tile * shards, 2), sums[2], 1e-9 * sums[2]);
            return c;
        });
        for (int s = 0; s < shards; s++) {
            long[] c = counts.get(s);
            String on = " on shard " + s + " of " + shards;
            assertEquals(0, c[0], "the write in memory 0 copies nothing" + on);
            assertEquals(1, c[1], "the first read in memory 1 copies the piece once" + on);
            assertEquals(tile * 8, c[5], "the copy moves the whole tile of 16 float64" + on);
            assertEquals(1, c[2], "the second read in memory 1 finds the valid copy" + on);
            assertEquals(1, c[3], "the write copies nothing" + on);
            assertEquals(2, c[4], "after the write the copy is stale: the next read copies once again" + on);
        }
    }

    /**
     * The budget is split between the memories, and an instance is made in the memory of its point: a piece too large
     * for half the budget fails in memory 1 naming SYSTEM#1, where one memory with the whole budget holds it.
     */
    @Test
    void anInstanceOverTheSecondMemorysBudgetFailsNamingIt() {
        long n = 160 * 1024; // 1.25 MiB of float64
        Rects uneven = Rects.of(List.of(Rect.of(new long[] {0}, new long[] {16 * 1024 - 1}),
                Rect.of(new long[] {16 * 1024}, new long[] {n - 1})));
        ShardGroup.Program<Double> program = rt -> {
            Store a = rt.createStore(Rect.ofExtents(n), FieldType.FLOAT64);
            rt.execute(GroupLaunch.builder(TestTasks.INIT, Rect.ofExtents(2)).require(a, uneven, Privilege.WRITE_DISCARD)
                    .scalars(TestTasks.scalar(0)).build());
            // read through the same layout: no other instance is needed
            return rt.execute(GroupLaunch.builder(TestTasks.DOT, Rect.ofExtents(2)).require(a, uneven, Privilege.READ)
                    .require(a, uneven, Privilege.READ).reduceResult(ReductionOp.SUM, FieldType.FLOAT64).build())
                    .getDouble();
        };
        RuntimeConfig one = new RuntimeConfig().registry(TestTasks.registry()).cpus(2).memories(1).sysmemMiB(2);
        assertEquals(sumOfSquares(0, n, 0), LocalShards.run(1, one, program).get(0), 1e-9 * sumOfSquares(0, n, 0),
                "one memory of 2 MiB holds the store");

        RuntimeConfig two = new RuntimeConfig().registry(TestTasks.registry()).cpus(2).memories(2).sysmemMiB(2);
        ShardGroupException e = assertThrows(ShardGroupException.class, () -> LocalShards.run(1, two, program));
        MemoryBudgetExceededException oom = null;
        for (Throwable t = e.errors()[0]; t != null; t = t.getCause()) {
            if (t instanceof MemoryBudgetExceededException m) {
                oom = m;
            }
        }
        assertNotNull(oom, "no MemoryBudgetExceededException in " + e);
        assertTrue(oom.getMessage().contains("SYSTEM#1"), "names the second memory: " + oom.getMessage());
        assertTrue(oom.getMessage().contains("budget of 1.0 MiB (the shard's 2.0 MiB split over its 2 SYSTEM memories)"),
                "names its budget, half of 2 MiB: " + oom.getMessage());
        assertTrue(oom.getMessage().contains("1.1 MiB"), "names the request (144 Ki float64): " + oom.getMessage());
    }

    /** A point mapped to memory m runs on the workers affine to m, and what it writes is allocated there. */
    @Test
    void aPointRunsOnTheWorkersOfItsMemory() {
        final int where = 1901; // this work's test task id range: 1900-1909
        java.util.Map<Long, Object> pools = new java.util.concurrent.ConcurrentHashMap<>();
        dev.cohort.runtime.launch.TaskRegistry registry = TestTasks.registry();
        registry.register(where, "where", dev.cohort.runtime.launch.ProcessorKind.CPU, ctx -> {
            pools.put(ctx.point().get(0), java.util.Objects.requireNonNull(java.util.concurrent.ForkJoinTask.getPool()));
            ctx.instance(0).fill(ctx.piece(0), Double.doubleToRawLongBits(ctx.point().get(0)));
        });
        RuntimeConfig config = new RuntimeConfig().registry(registry).cpus(4).memories(2).inlineMaxElements(0);
        List<long[]> live = LocalShards.run(1, config, rt -> {
            Executor ex = rt.executor();
            Store a = rt.createStore(Rect.ofExtents(8 * 1024), FieldType.FLOAT64);
            Tiling halves = Tiling.of(4 * 1024);
            rt.execute(GroupLaunch.builder(where, halves.colorSpace(a.bounds())).require(a, halves, Privilege.WRITE_DISCARD)
                    .build());
            rt.sync();
            assertTrue(pools.get(0L) == ex.workers(0), "point 0 ran on memory 0's workers");
            assertTrue(pools.get(1L) == ex.workers(1), "point 1 ran on memory 1's workers");
            assertTrue(ex.workers(0) != ex.workers(1), "two memories, two groups of workers");
            return new long[] {ex.memory(0).manager().liveBytes(), ex.memory(1).manager().liveBytes()};
        });
        assertEquals(4 * 1024 * 8, live.get(0)[0], "point 0's piece lives in memory 0");
        assertEquals(4 * 1024 * 8, live.get(0)[1], "point 1's piece lives in memory 1");
    }

    /** Worker w of W is affine to memory w * M / W: contiguous groups, like sockets. */
    @Test
    void workersSplitIntoContiguousGroupsByMemory() {
        int[] expected = {0, 0, 1, 1, 2, 2, 3, 3};
        for (int w = 0; w < 8; w++) {
            assertEquals(expected[w], Executor.affineMemory(w, 8, 4));
        }
        assertEquals(0, Executor.affineMemory(2, 3, 1));
        List<Integer> mapped = new ArrayList<>();
        for (int k = 0; k < 6; k++) {
            mapped.add(FineStage.pointMemory(k, 6, 2));
        }
        assertEquals(List.of(0, 0, 0, 1, 1, 1), mapped, "points block over memories");
    }
}
