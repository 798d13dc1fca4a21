package dev.cohort.runtime;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cohort.runtime.geometry.Rect;
import dev.cohort.runtime.instance.Instance;
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
 * {@link Runtime#read(Store, Rect)}: a part of a tiled store read on every shard gives exactly the elements of that
 * part, whether the part lies in one tile, crosses tiles owned by different shards, or a replicated copy of the whole
 * store is cached; a part outside the store fails at the call naming it.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class PartialReadTest {

    /** INIT's value at (i, j) with scalar 0: {@code 1 * i + 2 * j}. */
    private static double init(long i, long j) {
        return i + 2.0 * j;
    }

    @ParameterizedTest(name = "{0} shards")
    @ValueSource(ints = {1, 2, 3, 4})
    void aPartReadsExactlyItsElements(int shards) {
        Rect bounds = Rect.ofExtents(20, 30);
        List<Rect> parts = List.of(
                Rect.of(new long[] {5, 7}, new long[] {5, 7}),     // one element
                Rect.of(new long[] {0, 0}, new long[] {6, 10}),    // inside the first tile
                Rect.of(new long[] {3, 4}, new long[] {17, 26}),   // across tiles of every shard
                Rect.of(new long[] {19, 0}, new long[] {19, 29}),  // the last row
                bounds);                                            // the whole store
        List<List<double[]>> results = LocalShards.run(shards, new RuntimeConfig().registry(TestTasks.registry()), rt -> {
            Store s = rt.createStore(bounds, FieldType.FLOAT64);
            Tiling tiles = Tiling.of(7, 11);
            rt.execute(GroupLaunch.builder(TestTasks.INIT, tiles.colorSpace(bounds))
                    .require(s, tiles, Privilege.WRITE_DISCARD).scalars(TestTasks.scalar(0.0)).build());
            List<double[]> out = new ArrayList<>();
            for (Rect part : parts) {
                out.add(rt.read(s, part).doubles());
            }
            // a replicated copy of the whole store is now cached: parts are served from it
            for (Rect part : parts) {
                out.add(rt.read(s, part).doubles());
            }
            // and a write drops it again
            rt.execute(GroupLaunch.builder(TestTasks.SCALE, tiles.colorSpace(bounds))
                    .require(s, tiles, Privilege.READ_WRITE).scalars(TestTasks.scalar(3.0)).build());
            out.add(rt.read(s, parts.get(2)).doubles());
            return out;
        });
        for (int shard = 0; shard < shards; shard++) {
            List<double[]> got = results.get(shard);
            for (int round = 0; round < 2; round++) {
                for (int k = 0; k < parts.size(); k++) {
                    assertArrayEquals(expected(parts.get(k), 1.0), got.get(round * parts.size() + k),
                            "shard " + shard + ", part " + parts.get(k) + ", round " + round);
                }
            }
            assertArrayEquals(expected(parts.get(2), 3.0), got.get(2 * parts.size()), "shard " + shard + " after the write");
        }
    }

    private static double[] expected(Rect part, double scale) {
        double[] e = new double[(int) part.volume()];
        int k = 0;
        for (long i = part.lo(0); i <= part.hi(0); i++) {
            for (long j = part.lo(1); j <= part.hi(1); j++) {
                e[k++] = scale * init(i, j);
            }
        }
        return e;
    }

    @ParameterizedTest(name = "{0} shards")
    @ValueSource(ints = {1, 2})
    void aPartOutsideTheStoreFailsNamingIt(int shards) {
        List<String> messages = LocalShards.run(shards, new RuntimeConfig().registry(TestTasks.registry()), rt -> {
            Store s = rt.createStore(Rect.ofExtents(8), FieldType.FLOAT64);
            rt.fill(s, 2.0);
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> rt.read(s, Rect.of(new long[] {4}, new long[] {8})));
            // the failed call poisons nothing: the store still reads
            Instance one = rt.read(s, Rect.of(new long[] {7}, new long[] {7}));
            assertEquals(2.0, one.doubles()[0]);
            return e.getMessage();
        });
        for (String m : messages) {
            assertTrue(m.contains("[4..8]") || m.contains("4") && m.contains("8"), m);
            assertTrue(m.contains("store"), m);
        }
    }
}
