package dev.cohort.runtime;

import dev.cohort.runtime.geometry.Point;
import dev.cohort.runtime.geometry.Rect;
import dev.cohort.runtime.launch.GroupLaunch;
import dev.cohort.runtime.launch.Privilege;
import dev.cohort.runtime.launch.ReductionOp;
import dev.cohort.runtime.partition.Projection;
import dev.cohort.runtime.partition.Replicated;
import dev.cohort.runtime.partition.Tiling;
import dev.cohort.runtime.region.FieldType;
import dev.cohort.runtime.region.Store;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The counters the strategy search reads of a running program (no profiler): per task id the point tasks a shard ran
 * and their time, from the first reading on, and the data collectives it completed and their time, always.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class MeasuredCountersTest {
    /** What a shard counted: before and after one all-gathered reduction, and the point tasks per task id. */
    record Counted(long collectivesBefore, long collectivesAfter, long nanosBefore, long nanosAfter,
                   Map<Integer, long[]> points) {
    }

    @Test
    void pointTasksAndCollectivesAreCountedPerShard() {
        List<Counted> out = LocalShards.run(2, new RuntimeConfig().registry(DecisiveReductionTest.registry()), rt -> {
            assertTrue(rt.pointTaskTimes().isEmpty(), "nothing timed before the first reading");
            Rect bounds = Rect.ofExtents(64);
            Store v = rt.createStore(bounds, FieldType.INT64);
            Store any = rt.createStore(Rect.ofExtents(1), FieldType.BOOL);
            Tiling tiles = Tiling.of(16);
            byte[] marks = ByteBuffer.allocate(20).order(ByteOrder.LITTLE_ENDIAN).putLong(1).putInt(1).putLong(5).array();
            rt.execute(GroupLaunch.builder(DecisiveReductionTest.MARK, tiles.colorSpace(bounds))
                    .require(v, tiles, Privilege.WRITE_DISCARD).scalars(marks).build());
            rt.fill(any, 0L);
            RuntimeStats before = rt.stats();
            rt.execute(GroupLaunch.builder(DecisiveReductionTest.ANY_HIT, tiles.colorSpace(bounds)).require(v, tiles, Privilege.READ)
                    .require(any, Replicated.INSTANCE, Projection.constant(Point.of(0)), Privilege.reduce(ReductionOp.MAX, null))
                    .build());
            assertEquals(1, rt.read(any).bools()[0], "index 5 is marked");
            rt.sync();
            RuntimeStats after = rt.stats();
            return new Counted(before.collectivesCompleted(), after.collectivesCompleted(), before.collectiveNanos(),
                    after.collectiveNanos(), rt.pointTaskTimes());
        });
        for (int s = 0; s < 2; s++) {
            Counted c = out.get(s);
            assertTrue(c.collectivesAfter() > c.collectivesBefore(), "shard " + s + " completed the reduction's all-gather: " + c);
            assertTrue(c.nanosAfter() > c.nanosBefore(), "and timed it: " + c);
            for (int task : new int[] {DecisiveReductionTest.MARK, DecisiveReductionTest.ANY_HIT}) {
                long[] v = c.points().get(task);
                assertEquals(2, v[0], "shard " + s + " ran 2 of the 4 points of task " + task);
                assertTrue(v[1] > 0, "and timed them");
            }
        }
    }
}
