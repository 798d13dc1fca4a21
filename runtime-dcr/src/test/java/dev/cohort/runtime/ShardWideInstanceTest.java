package dev.cohort.runtime;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cohort.runtime.geometry.Point;
import dev.cohort.runtime.geometry.Rect;
import dev.cohort.runtime.launch.GroupLaunch;
import dev.cohort.runtime.launch.Privilege;
import dev.cohort.runtime.partition.Tiling;
import dev.cohort.runtime.region.FieldType;
import dev.cohort.runtime.region.Store;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Shard-wide instances with ghost cells (README, "Memories and instances"): a store written through one tiling and
 * read through another with a halo, again and again. After the first read has to gather, its pieces move into
 * one instance per shard and the halo reads become windows on it: no copy at all in the steady state, on 1 to 8
 * shards, every iteration's result equal to plain Java (the next write of a piece waits for the windows reading
 * it), and deleting the stores gives every byte back.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ShardWideInstanceTest {
    static final int N = 103;
    static final int ITERATIONS = 6;

    record Result(List<double[]> ys, long steadyCopies, long liveBeforeDelete, long liveAfterDelete) {
    }

    static Result program(Runtime rt) {
        return program(rt, false);
    }

    /** {@link #program}, with a new store {@code x} every iteration when {@code freshStores}. */
    static Result program(Runtime rt, boolean freshStores) {
        Rect bounds = Rect.ofExtents(N);
        List<Store> xs = new ArrayList<>(List.of(rt.createStore(bounds, FieldType.FLOAT64)));
        Tiling writeTiles = Tiling.of(10);
        Tiling readTiles = Tiling.of(new long[] {17}, new long[] {3}, new long[] {1});
        Tiling outTiles = readTiles.withoutHalo();
        List<Store> ys = new ArrayList<>();
        long copiesBefore = 0;
        for (int it = 0; it < ITERATIONS; it++) {
            if (it == 2) {
                rt.sync();
                copiesBefore = rt.executor().copies();
            }
            if (freshStores && it > 0) {
                xs.add(rt.createStore(bounds, FieldType.FLOAT64));
            }
            Store x = xs.get(xs.size() - 1);
            Store y = rt.createStore(bounds, FieldType.FLOAT64);
            ys.add(y);
            rt.execute(GroupLaunch.builder(TestTasks.INIT, writeTiles.colorSpace(bounds))
                    .require(x, writeTiles, Privilege.WRITE_DISCARD).scalars(TestTasks.scalar(0.5 + it)).build());
            rt.execute(GroupLaunch.builder(TestTasks.STENCIL, readTiles.colorSpace(bounds))
                    .require(x, readTiles, Privilege.READ)
                    .require(y, outTiles, Privilege.WRITE_DISCARD).build());
        }
        rt.sync();
        long steady = rt.executor().copies() - copiesBefore;
        List<double[]> out = new ArrayList<>();
        for (Store y : ys) {
            out.add(rt.read(y).doubles().clone());
        }
        rt.sync();
        long live = rt.executor().memory(0).manager().liveBytes();
        for (Store x : xs.subList(1, xs.size())) {
            rt.delete(x);
        }
        return new Result(out, steady, live, deleteAndAwaitLiveBytes(rt, xs.get(0), ys));
    }

    /** Deletes {@code x} and {@code ys}; the bytes still live after their users finish (10 s at most). */
    static long deleteAndAwaitLiveBytes(Runtime rt, Store x, List<Store> ys) {
        rt.delete(x);
        for (Store y : ys) {
            rt.delete(y);
        }
        rt.sync();
        long deadline = System.nanoTime() + 10_000_000_000L;
        long after = rt.executor().memory(0).manager().liveBytes();
        while (after != 0 && System.nanoTime() < deadline) {
            Thread.onSpinWait();
            after = rt.executor().memory(0).manager().liveBytes();
        }
        return after;
    }

    /** {@code program} on {@code shards} shards with shard-wide instances off ({@code cohort.shardwide=false}): every spanning read gathers. */
    static <T> List<T> gathering(int shards, ShardGroup.Program<T> program) {
        System.setProperty("cohort.shardwide", "false");
        try {
            return LocalShards.run(shards, new RuntimeConfig().registry(TestTasks.registry()).cpus(3), program);
        } finally {
            System.clearProperty("cohort.shardwide");
        }
    }

    static double[] reference(int it) {
        double[] x = new double[N];
        for (int i = 0; i < N; i++) {
            x[i] = TestTasks.init(Point.of(i), 0.5 + it);
        }
        double[] y = new double[N];
        for (int i = 0; i < N; i++) {
            y[i] = 2 * x[i] + (i > 0 ? x[i - 1] : 0) + (i < N - 1 ? x[i + 1] : 0);
        }
        return y;
    }

    @ParameterizedTest(name = "{0} shards")
    @ValueSource(ints = {1, 2, 3, 4, 8})
    void haloReadsAreWindowsOnShardWideInstances(int shards) {
        List<Result> results = LocalShards.run(shards, new RuntimeConfig().registry(TestTasks.registry()).cpus(3),
                ShardWideInstanceTest::program);
        List<Result> gathering = gathering(shards, ShardWideInstanceTest::program);
        long copies = 0;
        long copiesGathering = 0;
        for (int s = 0; s < shards; s++) {
            Result r = results.get(s);
            for (int it = 0; it < ITERATIONS; it++) {
                assertArrayEquals(reference(it), r.ys().get(it), 0.0, "shard " + s + ", iteration " + it);
                assertArrayEquals(reference(it), gathering.get(s).ys().get(it), 0.0, "gathering, shard " + s);
            }
            copies += r.steadyCopies();
            copiesGathering += gathering.get(s).steadyCopies();
            if (shards <= 4) {
                // with 8 shards a shard's own tiles can be so much smaller than what its reads reach that its ghost
                // cells would more than double its instance: it gathers part of its reads
                assertEquals(0, r.steadyCopies(), "shard " + s + ": copies in the steady state");
            }
            assertTrue(r.liveBeforeDelete() > 0, "shard " + s + " held instances");
            assertEquals(0, r.liveAfterDelete(), "shard " + s + ": bytes live after deleting every store");
        }
        assertTrue(copies < copiesGathering, copies + " copies with shard-wide instances, " + copiesGathering
                + " gathering");
    }

    /**
     * As {@link #program}, but every iteration writes a new store {@code x} (a program that makes a new array each
     * step): once one store's read spanned its pieces, the next stores written the same way are born shard-wide, so
     * that their halo reads are windows too; before, each new store's pieces were moved into a shard-wide instance at
     * its first read (a copy per piece, every iteration).
     */
    static Result freshStoresProgram(Runtime rt) {
        return program(rt, true);
    }

    @ParameterizedTest(name = "{0} shards")
    @ValueSource(ints = {1, 2, 3, 4})
    void aNewStoreWrittenLikeOneWhoseReadsSpannedIsBornShardWide(int shards) {
        List<Result> results = LocalShards.run(shards, new RuntimeConfig().registry(TestTasks.registry()).cpus(3),
                ShardWideInstanceTest::freshStoresProgram);
        List<Result> gathering = gathering(shards, ShardWideInstanceTest::freshStoresProgram);
        for (int s = 0; s < shards; s++) {
            Result r = results.get(s);
            for (int it = 0; it < ITERATIONS; it++) {
                assertArrayEquals(reference(it), r.ys().get(it), 0.0, "shard " + s + ", iteration " + it);
                assertArrayEquals(reference(it), gathering.get(s).ys().get(it), 0.0, "gathering, shard " + s);
            }
            assertEquals(0, r.steadyCopies(), "shard " + s + ": copies in the steady state");
            assertTrue(gathering.get(s).steadyCopies() > 0, "shard " + s + " gathers without shard-wide instances");
            assertEquals(0, r.liveAfterDelete(), "shard " + s + ": bytes live after deleting every store");
        }
    }

    record ReadOnlyResult(List<double[]> ys, long readCopies, long liveAfterDelete) {
    }

    /** x written once through {@code Tiling.of(10)}, then read {@code reads} times through the halo tiling. */
    static ReadOnlyResult readOnlyProgram(Runtime rt, int reads) {
        Rect bounds = Rect.ofExtents(N);
        Store x = rt.createStore(bounds, FieldType.FLOAT64);
        Tiling writeTiles = Tiling.of(10);
        Tiling readTiles = Tiling.of(new long[] {17}, new long[] {3}, new long[] {1});
        rt.execute(GroupLaunch.builder(TestTasks.INIT, writeTiles.colorSpace(bounds))
                .require(x, writeTiles, Privilege.WRITE_DISCARD).scalars(TestTasks.scalar(0.5)).build());
        rt.sync();
        long copiesBefore = rt.executor().copies();
        List<Store> ys = new ArrayList<>();
        for (int r = 0; r < reads; r++) {
            Store y = rt.createStore(bounds, FieldType.FLOAT64);
            ys.add(y);
            rt.execute(GroupLaunch.builder(TestTasks.STENCIL, readTiles.colorSpace(bounds))
                    .require(x, readTiles, Privilege.READ)
                    .require(y, readTiles.withoutHalo(), Privilege.WRITE_DISCARD).build());
        }
        rt.sync();
        long copies = rt.executor().copies() - copiesBefore;
        List<double[]> out = new ArrayList<>();
        for (Store y : ys) {
            out.add(rt.read(y).doubles().clone());
        }
        return new ReadOnlyResult(out, copies, deleteAndAwaitLiveBytes(rt, x, ys));
    }

    /**
     * A store written once and then only read through pieces that span its tiles (a matrix built, then read by row
     * panels): its first such read moves its pieces into a shard-wide instance (one copy per piece on one shard), and
     * that read and every later one are windows; before, every read gathered. Same values as plain Java on 1 to 4
     * shards, and deleting the stores gives every byte back (the pieces' old instances included).
     */
    @ParameterizedTest(name = "{0} shards")
    @ValueSource(ints = {1, 2, 3, 4})
    void aStoreWrittenOnceIsReadThroughWindowsFromItsFirstSpanningRead(int shards) {
        int reads = 5;
        List<ReadOnlyResult> results = LocalShards.run(shards, new RuntimeConfig().registry(TestTasks.registry()).cpus(3),
                rt -> readOnlyProgram(rt, reads));
        List<ReadOnlyResult> gathering = gathering(shards, rt -> readOnlyProgram(rt, reads));
        long copies = 0;
        long copiesGathering = 0;
        for (int s = 0; s < shards; s++) {
            ReadOnlyResult r = results.get(s);
            for (int k = 0; k < reads; k++) {
                assertArrayEquals(reference(0), r.ys().get(k), 0.0, "shard " + s + ", read " + k);
                assertArrayEquals(reference(0), gathering.get(s).ys().get(k), 0.0, "gathering, shard " + s);
            }
            assertEquals(0, r.liveAfterDelete(), "shard " + s + ": bytes live after deleting every store");
            copies += r.readCopies();
            copiesGathering += gathering.get(s).readCopies();
        }
        if (shards == 1) {
            // 11 tiles of 10 (the last of 3) moved once; the reads themselves copy nothing
            assertEquals(11, copies, "copies of the 5 reads on one shard");
        }
        assertTrue(copies < copiesGathering, copies + " copies with shard-wide instances, " + copiesGathering
                + " gathering");
    }
}
