package dev.cohort.runtime;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.cohort.runtime.geometry.Point;
import dev.cohort.runtime.geometry.Rect;
import dev.cohort.runtime.launch.GroupLaunch;
import dev.cohort.runtime.launch.Privilege;
import dev.cohort.runtime.partition.Replicated;
import dev.cohort.runtime.partition.Tiling;
import dev.cohort.runtime.region.FieldType;
import dev.cohort.runtime.region.Store;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A store whose newest data is one tiled piece covering it, on a shard that runs alone, is its own replicated copy:
 * a replicated read copies nothing (a whole read copies once, into the private result), and the instance it shares
 * stays the store's through a one-point write in place, a replicated write and deletion — the pool never gets it
 * while the store holds it (a store allocated right after would overwrite it). The values are the same on 1 to 3
 * shards, where the copy is still gathered.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class OnePieceReplicatedCopyTest {
    private static final int N = 40;

    record Outcome(List<double[]> reads, long copiesOfFirstRead, long liveAfterDelete) {
    }

    @ParameterizedTest(name = "{0} shards")
    @ValueSource(ints = {1, 2, 3})
    void aOnePieceStoreIsReadAndWrittenThroughItsOwnInstance(int shards) {
        List<Outcome> outcomes = LocalShards.run(shards, new RuntimeConfig().registry(TestTasks.registry()), rt -> {
            Rect bounds = Rect.ofExtents(N);
            Tiling one = Tiling.of(N);
            Store x = rt.createStore(bounds, FieldType.FLOAT64);
            rt.execute(GroupLaunch.builder(TestTasks.INIT, one.colorSpace(bounds))
                    .require(x, one, Privilege.WRITE_DISCARD).scalars(TestTasks.scalar(0.5)).build());
            rt.sync();
            long before = rt.executor().copies();
            double[] first = rt.read(x).doubles().clone();
            long copies = rt.executor().copies() - before;
            // a one-point write of x[5..9], in place into the instance the replicated copy shares
            Tiling part = Tiling.of(new long[] {5}, new long[] {5}, new long[] {0});
            rt.execute(GroupLaunch.builder(TestTasks.INIT, Rect.single(Point.of(0)))
                    .require(x, part, Privilege.WRITE_DISCARD).scalars(TestTasks.scalar(2.0)).build());
            rt.sync();
            // a store of x's size allocated now would take x's storage if the pool had it
            Store y = rt.createStore(bounds, FieldType.FLOAT64);
            rt.execute(GroupLaunch.builder(TestTasks.INIT, one.colorSpace(bounds))
                    .require(y, one, Privilege.WRITE_DISCARD).scalars(TestTasks.scalar(9.0)).build());
            double[] second = rt.read(x).doubles().clone();
            // written through the replicated copy, then read through the tiling
            rt.execute(GroupLaunch.single(TestTasks.SCALE).require(x, Replicated.INSTANCE, Privilege.READ_WRITE)
                    .scalars(TestTasks.scalar(3.0)).build());
            rt.execute(GroupLaunch.builder(TestTasks.SCALE, one.colorSpace(bounds))
                    .require(x, one, Privilege.READ_WRITE).scalars(TestTasks.scalar(-1.0)).build());
            double[] third = rt.read(x).doubles().clone();
            double[] ys = rt.read(y).doubles().clone();
            long live = ShardWideInstanceTest.deleteAndAwaitLiveBytes(rt, x, List.of(y));
            return new Outcome(List.of(first, second, third, ys), copies, live);
        });
        double[] first = new double[N];
        double[] second = new double[N];
        double[] third = new double[N];
        double[] ys = new double[N];
        for (int i = 0; i < N; i++) {
            first[i] = TestTasks.init(Point.of(i), 0.5);
            second[i] = i >= 5 && i < 10 ? TestTasks.init(Point.of(i), 2.0) : first[i];
            third[i] = -3 * second[i];
            ys[i] = TestTasks.init(Point.of(i), 9.0);
        }
        for (int s = 0; s < shards; s++) {
            Outcome o = outcomes.get(s);
            assertArrayEquals(first, o.reads().get(0), "shard " + s + ": first read");
            assertArrayEquals(second, o.reads().get(1), "shard " + s + ": after the write in place and a new store");
            assertArrayEquals(third, o.reads().get(2), "shard " + s + ": after the replicated and the tiled writes");
            assertArrayEquals(ys, o.reads().get(3), "shard " + s + ": the new store");
            assertEquals(0, o.liveAfterDelete(), "shard " + s + ": bytes live after deleting the stores");
        }
        if (shards == 1) {
            assertEquals(1, outcomes.get(0).copiesOfFirstRead(), "a whole read of a one-piece store copies once, into its result");
        }
    }
}
