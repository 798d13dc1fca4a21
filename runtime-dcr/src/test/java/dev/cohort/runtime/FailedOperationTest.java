package dev.cohort.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cohort.runtime.execution.TaskFailedException;
import dev.cohort.runtime.geometry.Point;
import dev.cohort.runtime.geometry.Rect;
import dev.cohort.runtime.launch.Future;
import dev.cohort.runtime.launch.GroupLaunch;
import dev.cohort.runtime.launch.Privilege;
import dev.cohort.runtime.launch.ReductionOp;
import dev.cohort.runtime.partition.Projection;
import dev.cohort.runtime.partition.Replicated;
import dev.cohort.runtime.partition.Tiling;
import dev.cohort.runtime.region.FieldType;
import dev.cohort.runtime.region.Store;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A point task that throws fails its operation and what is computed from it, not the shard: the
 * failure travels with the data (through local copies, pushes to other shards, all-gathers,
 * replicated reductions and futures) and reading a failed value throws {@link TaskFailedException}
 * with the same message on every shard, while other stores and later operations work, and the
 * program ends normally.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class FailedOperationTest {
    static final int N = 32;

    record Outcome(List<String> failures, double other, double otherDot, double rewritten) {
    }

    static byte[] failingAt(double s, long point) {
        return ByteBuffer.allocate(16).order(ByteOrder.LITTLE_ENDIAN).putDouble(s).putLong(point).array();
    }

    /** The message of the TaskFailedException {@code read} throws; null when it throws none. */
    static String failureOf(Supplier<?> read) {
        try {
            read.get();
            return null;
        } catch (TaskFailedException e) {
            return e.getMessage();
        }
    }

    static Outcome program(Runtime rt) {
        Rect bounds = Rect.ofExtents(N);
        Store a = rt.createStore(bounds, FieldType.FLOAT64);
        Store b = rt.createStore(bounds, FieldType.FLOAT64);
        Store c = rt.createStore(bounds, FieldType.FLOAT64);
        Store acc = rt.createStore(Rect.ofExtents(1), FieldType.FLOAT64);
        Tiling tiles = Tiling.of(8);
        Tiling halo = Tiling.of(new long[] {8}, new long[] {0}, new long[] {1});
        Rect colors = tiles.colorSpace(bounds);
        // point 1 (elements 8..15) throws: the launch returns as usual
        rt.execute(GroupLaunch.builder(TestTasks.INIT_FAILING_AT, colors)
                .require(a, tiles, Privilege.WRITE_DISCARD).scalars(failingAt(1.0, 1)).build());
        rt.execute(GroupLaunch.builder(TestTasks.INIT, colors)
                .require(b, tiles, Privilege.WRITE_DISCARD).scalars(TestTasks.scalar(2.0)).build());
        List<String> failures = new java.util.ArrayList<>();
        failures.add(failureOf(() -> rt.read(a)));
        double other = rt.read(b).doubles()[N - 1];
        // a halo read: the neighbours of the failed tile read it through copies and pushes
        rt.execute(GroupLaunch.builder(TestTasks.STENCIL, colors)
                .require(a, halo, Privilege.READ).require(c, tiles, Privilege.WRITE_DISCARD).build());
        failures.add(failureOf(() -> rt.read(c)));
        // a launch's future folded from a failed point
        Future dot = rt.execute(GroupLaunch.builder(TestTasks.DOT, colors)
                .require(a, tiles, Privilege.READ).require(b, tiles, Privilege.READ)
                .reduceResult(ReductionOp.SUM, FieldType.FLOAT64).build());
        failures.add(failureOf(dot::getDouble));
        // a reduction into a replicated store
        rt.fill(acc, 0.0);
        rt.execute(GroupLaunch.builder(TestTasks.SUM_INTO, colors)
                .require(a, tiles, Privilege.READ)
                .require(acc, Replicated.INSTANCE, Projection.constant(Point.of(0)), Privilege.reduce(ReductionOp.SUM))
                .build());
        failures.add(failureOf(() -> rt.read(acc)));
        // a read-write of the failed store stays failed
        rt.execute(GroupLaunch.builder(TestTasks.SCALE, colors)
                .require(a, tiles, Privilege.READ_WRITE).scalars(TestTasks.scalar(3.0)).build());
        failures.add(failureOf(() -> rt.read(a)));
        // unrelated work goes on
        Future bb = rt.execute(GroupLaunch.builder(TestTasks.DOT, colors)
                .require(b, tiles, Privilege.READ).require(b, tiles, Privilege.READ)
                .reduceResult(ReductionOp.SUM, FieldType.FLOAT64).build());
        double otherDot = bb.getDouble();
        // overwriting the failed store makes it valid again
        rt.execute(GroupLaunch.builder(TestTasks.INIT, colors)
                .require(a, tiles, Privilege.WRITE_DISCARD).scalars(TestTasks.scalar(3.0)).build());
        double rewritten = rt.read(a).doubles()[9];
        return new Outcome(failures, other, otherDot, rewritten);
    }

    @ParameterizedTest(name = "{0} shards")
    @ValueSource(ints = {1, 2, 3, 4})
    void aFailedPointFailsItsResultsOnEveryShardAndNothingElse(int shards) {
        List<Outcome> outcomes = LocalShards.run(shards, new RuntimeConfig().registry(TestTasks.registry()),
                FailedOperationTest::program);
        double dot = 0;
        for (int i = 0; i < N; i++) {
            double v = TestTasks.init(Point.of(i), 2.0);
            dot += v * v;
        }
        String first = outcomes.get(0).failures().get(0);
        assertNotNull(first, "reading the failed store did not throw");
        assertTrue(first.contains("boom at point 1") && first.contains("init_failing_at") && first.contains("point (1)"),
                first);
        for (int shard = 0; shard < shards; shard++) {
            Outcome o = outcomes.get(shard);
            for (int k = 0; k < o.failures().size(); k++) {
                assertEquals(first, o.failures().get(k), "shard " + shard + ", failed read " + k);
            }
            assertEquals(TestTasks.init(Point.of(N - 1), 2.0), o.other(), "shard " + shard);
            assertEquals(dot, o.otherDot(), "shard " + shard);
            assertEquals(TestTasks.init(Point.of(9), 3.0), o.rewritten(), "shard " + shard);
        }
    }
}
