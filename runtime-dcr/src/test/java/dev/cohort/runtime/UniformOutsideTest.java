package dev.cohort.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cohort.runtime.geometry.Rect;
import dev.cohort.runtime.launch.GroupLaunch;
import dev.cohort.runtime.launch.Privilege;
import dev.cohort.runtime.partition.Tiling;
import dev.cohort.runtime.region.FieldType;
import dev.cohort.runtime.region.Store;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@link Runtime#uniformOutside} answers from the symbolic valid-data map, the same on every shard: after a fill,
 * outside any box; after a tiled write of a box, outside that box only when the write's tiles stay inside it; never
 * once the outside was written. {@link Runtime#writeCount} counts fills and writing launches, not reads.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class UniformOutsideTest {

    private static final Rect BOUNDS = Rect.ofExtents(12, 12);
    private static final Rect INTERIOR = Rect.of(new long[] {1, 1}, new long[] {10, 10});

    @ParameterizedTest(name = "{0} shards")
    @ValueSource(ints = {1, 2, 3})
    void theOutsideOfABoxIsUniformWhileOnlyTheBoxIsWritten(int shards) {
        List<List<String>> results = LocalShards.run(shards, new RuntimeConfig().registry(TestTasks.registry()), rt -> {
            List<String> out = new ArrayList<>();
            Store s = rt.createStore(BOUNDS, FieldType.FLOAT64);
            long c0 = rt.writeCount(s);
            rt.fill(s, 3.0);
            out.add(show(rt.uniformOutside(s, INTERIOR)));                 // a fill: 3.0 everywhere
            out.add("writes " + (rt.writeCount(s) - c0));
            // the interior written through tiles of 5 x 5 from (1, 1): they end at row and column 10, inside it
            Tiling inside = Tiling.of(new long[] {5, 5}, new long[] {1, 1}, new long[] {0, 0});
            rt.execute(GroupLaunch.builder(TestTasks.INIT, Rect.ofExtents(2, 2))
                    .require(s, inside, Privilege.WRITE_DISCARD).scalars(TestTasks.scalar(0.0)).build());
            out.add(show(rt.uniformOutside(s, INTERIOR)));                 // still 3.0 around the interior
            out.add(show(rt.uniformOutside(s, Rect.of(new long[] {2, 2}, new long[] {10, 10})))); // row 1 was written
            rt.read(s, BOUNDS);
            out.add("writes " + (rt.writeCount(s) - c0));                  // a read counts nothing
            // tiles of 4 x 4 from (1, 1): the last ones reach row and column 11, past the interior
            Tiling past = Tiling.of(new long[] {4, 4}, new long[] {1, 1}, new long[] {0, 0});
            rt.execute(GroupLaunch.builder(TestTasks.SCALE, Rect.ofExtents(3, 3))
                    .require(s, past, Privilege.READ_WRITE).scalars(TestTasks.scalar(2.0)).build());
            out.add(show(rt.uniformOutside(s, INTERIOR)));
            out.add("writes " + (rt.writeCount(s) - c0));
            out.add(show(rt.uniformOutside(s, BOUNDS)));                   // nothing outside the whole store
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> rt.uniformOutside(s, Rect.of(new long[] {1, 1}, new long[] {12, 10})));
            out.add(e.getMessage());
            return out;
        });
        long three = Double.doubleToRawLongBits(3.0);
        for (int shard = 0; shard < shards; shard++) {
            List<String> got = results.get(shard);
            assertEquals("bits " + three, got.get(0), "shard " + shard + " after the fill");
            assertEquals("writes 1", got.get(1));
            assertEquals("bits " + three, got.get(2), "shard " + shard + " after the interior's write");
            assertEquals("none", got.get(3), "shard " + shard + ": a smaller box's outside holds written elements");
            assertEquals("writes 2", got.get(4));
            assertEquals("none", got.get(5), "shard " + shard + ": tiles past the box");
            assertEquals("writes 3", got.get(6));
            assertEquals("none", got.get(7));
            assertTrue(got.get(8).contains("[(1,1)..(12,10)]") && got.get(8).contains("[(0,0)..(11,11)]"), got.get(8));
        }
    }

    private static String show(OptionalLong bits) {
        return bits.isPresent() ? "bits " + bits.getAsLong() : "none";
    }
}
