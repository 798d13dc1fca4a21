package dev.cohort.partitioner;

import dev.cohort.runtime.RuntimeConfig;
import dev.cohort.runtime.ShardGroup;
import dev.cohort.runtime.geometry.Rect;
import dev.cohort.runtime.instance.Instance;
import dev.cohort.runtime.launch.Access;
import dev.cohort.runtime.launch.Future;
import dev.cohort.runtime.launch.ProcessorKind;
import dev.cohort.runtime.launch.ReductionOp;
import dev.cohort.runtime.launch.TaskRegistry;
import dev.cohort.runtime.partition.Replicated;
import dev.cohort.runtime.partition.Tiling;
import dev.cohort.runtime.region.FieldType;
import dev.cohort.transport.LocalCommunicator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@link AutoTask} on in-process shards: the one place that plans, chooses privileges, launches and keeps key partitions. */
class AutoTaskTest {
    static final int IOTA = TaskRegistry.FIRST_USER_TASK_ID + 500;      // out[i] = i (store 0)
    static final int SUM = IOTA + 1;                                     // result = sum of store 0's piece
    static final int SUM_INTO = IOTA + 2;                                // store 1 (REDUCE, 1 element) += sum of store 0's piece
    static final int REVERSE = IOTA + 3;                                 // store 0 = store 1 reversed (one point, whole stores)
    static final int POINT = IOTA + 4;                                   // result = the point's index
    static final long N = 4096;
    static final long MIN_TILE = 64;

    static RuntimeConfig config() {
        TaskRegistry r = new TaskRegistry();
        r.register(IOTA, "iota", ProcessorKind.CPU, ctx -> {
            Instance out = ctx.instance(0);
            ctx.piece(0).forEach(p -> out.setBits(out.index(p), Double.doubleToRawLongBits(p.get(0))));
        });
        r.register(SUM, "sum", ProcessorKind.CPU, ctx -> {
            Instance in = ctx.instance(0);
            double[] s = {0};
            ctx.piece(0).forEach(p -> s[0] += in.getDouble(p));
            ctx.setResult(s[0]);
        });
        r.register(SUM_INTO, "sum_into", ProcessorKind.CPU, ctx -> {
            Instance in = ctx.instance(0);
            double[] acc = ctx.instance(1).doubles();
            ctx.piece(0).forEach(p -> acc[0] += in.getDouble(p));
        });
        r.register(REVERSE, "reverse", ProcessorKind.CPU, ctx -> {
            double[] out = ctx.instance(0).doubles();
            double[] in = ctx.instance(1).doubles();
            for (int i = 0; i < out.length; i++) {
                out[i] = in[out.length - 1 - i];
            }
        });
        r.register(POINT, "point", ProcessorKind.CPU, ctx -> ctx.setResult(ctx.point().get(0)));
        return new RuntimeConfig().registry(r);
    }

    static <T> List<T> run(int shards, ShardGroup.Program<T> program) {
        return ShardGroup.runShards(LocalCommunicator.create(shards), config(), program);
    }

    static MachineView machine(dev.cohort.runtime.Runtime rt) {
        return new MachineView(rt.shards(), 1, MIN_TILE);
    }

    /** Writes x[i] = i over all of {@code x} (N elements) with the rules' strategy; returns the executed task. */
    static AutoTask writeWhole(dev.cohort.runtime.Runtime rt, MachineView m, LogicalStore x) {
        AutoTask w = AutoTask.create(rt, m, IOTA, N);
        w.output(x, Access.identity(1));
        w.execute();
        return w;
    }

    static Access reversed(long n) {
        return new Access(new int[]{0}, new long[]{-1}, new long[]{n - 1});
    }

    record Seen(double sum, double reduced, boolean keyed, boolean reused, boolean keyAfterFill, double reversedFirst) {
    }

    @ParameterizedTest(name = "{0} shards")
    @ValueSource(ints = {1, 3})
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void writesRecordTheKeyPartitionWhichTheNextOperationReuses(int shards) {
        List<Seen> seen = run(shards, rt -> {
            MachineView m = machine(rt);
            LogicalStore x = new LogicalStore(rt.createStore(Rect.ofExtents(N), FieldType.FLOAT64));
            AutoTask w = AutoTask.create(rt, m, IOTA, N);
            w.output(x, Access.identity(1));
            Strategy written = w.strategy();
            w.execute();
            boolean keyed = x.keyPartition() != null && x.keyPartition().equals(written.partition(0));

            AutoTask s = AutoTask.create(rt, m, SUM, N).result(ReductionOp.SUM, FieldType.FLOAT64, 1);
            s.input(x, Access.identity(1));
            boolean reused = s.strategy().partition(0).equals(x.keyPartition());
            double sum = s.execute().getDouble();

            // a 1-element REDUCE store is Replicated in a many-point launch: the runtime folds the partials
            LogicalStore acc = new LogicalStore(rt.createStore(Rect.ofExtents(1), FieldType.FLOAT64));
            AutoTask r = AutoTask.create(rt, m, SUM_INTO, N);
            r.input(x, Access.identity(1));
            r.reduction(acc, new Access(new int[]{-1}, new long[]{1}, new long[]{0}), ReductionOp.SUM);
            r.alignAll();
            assertTrue(r.strategy().isReplicated(1));
            assertTrue(r.strategy().pointCount() > 1);
            r.execute();
            double reduced = rt.read(acc.store()).doubles()[0];

            // a negative step: one replicated point, whatever the sizes
            LogicalStore y = new LogicalStore(rt.createStore(Rect.ofExtents(N), FieldType.FLOAT64));
            AutoTask rev = AutoTask.create(rt, m, REVERSE, N);
            rev.output(y, Access.identity(1));
            rev.input(x, reversed(N));
            rev.alignAll();
            Strategy single = rev.strategy();
            assertTrue(single.isSinglePoint());
            assertTrue(single.isReplicated(0) && single.isReplicated(1));
            rev.execute();
            assertNull(y.keyPartition(), "a replicated write leaves no key partition");
            double first = rt.read(y.store()).doubles()[0];

            x.fill(rt, 0L);
            return new Seen(sum, reduced, keyed, reused, x.keyPartition() != null, first);
        });
        for (Seen s : seen) {
            assertEquals(N * (N - 1) / 2.0, s.sum());
            assertEquals(N * (N - 1) / 2.0, s.reduced());
            assertTrue(s.keyed(), "the written tiling is the key partition");
            assertTrue(s.reused(), "the next operation reads through the key partition");
            assertFalse(s.keyAfterFill(), "a fill clears the key partition");
            assertEquals(N - 1, s.reversedFirst());
        }
    }

    /**
     * A write of a small part of a store (numpy's {@code a[-1] = v}, as {@code linspace} ends) keeps the key partition
     * the bulk was written through: its own tiling, of one-element tiles offset to the part, says nothing of where the
     * rest lies. A write of at least half the store records its tiling.
     */
    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void aSmallWriteKeepsTheKeyPartitionOfTheBulk() {
        List<String> ok = run(2, rt -> {
            MachineView m = machine(rt);
            LogicalStore x = new LogicalStore(rt.createStore(Rect.ofExtents(N), FieldType.FLOAT64));
            writeWhole(rt, m, x);
            Tiling bulk = x.keyPartition();
            assertNotNull(bulk);
            AutoTask last = AutoTask.create(rt, m, IOTA, 1);
            last.output(x, new Access(new int[]{0}, new long[]{1}, new long[]{N - 1}));
            last.execute();
            assertEquals(bulk, x.keyPartition(), "one element written");
            AutoTask half = AutoTask.create(rt, m, IOTA, N / 2);
            half.output(x, new Access(new int[]{0}, new long[]{1}, new long[]{N / 2}));
            Tiling written = half.strategy().partition(0) instanceof Tiling t ? t : null;
            half.execute();
            assertNotNull(written);
            assertEquals(written, x.keyPartition(), "half the store written");
            return "ok";
        });
        assertEquals(List.of("ok", "ok"), ok);
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void singlePointEmptySpacesOverridesAndStorelessTasks() {
        List<String> ok = run(2, rt -> {
            MachineView m = machine(rt);
            LogicalStore x = new LogicalStore(rt.createStore(Rect.ofExtents(N), FieldType.FLOAT64));
            AutoTask w = writeWhole(rt, m, x);
            Tiling key = x.keyPartition();
            assertNotNull(key);
            assertThrows(IllegalStateException.class, w::execute, "executed twice");

            AutoTask forced = AutoTask.create(rt, m, SUM, N).singlePoint();
            forced.input(x, Access.identity(1));
            assertTrue(forced.strategy().isSinglePoint());
            assertEquals(Replicated.INSTANCE, forced.strategy().partition(0));

            // the key partition the partitioner sees can be overridden (fusion matching eager partitioning)
            AutoTask over = AutoTask.create(rt, m, SUM, N);
            over.input(x, Access.identity(1));
            Tiling other = Tiling.of(N / 2);
            over.keyPartition(0, other);
            assertEquals(other, over.keyPartitionOf(0));
            assertEquals(other, over.strategy().partition(0));
            assertEquals(key, x.keyPartition(), "planning changes no key partition");

            // an empty iteration space issues nothing and changes nothing
            LogicalStore e = new LogicalStore(rt.createStore(Rect.ofExtents(1), FieldType.FLOAT64));
            AutoTask empty = AutoTask.create(rt, m, IOTA, 0);
            empty.output(e, new Access(new int[]{-1}, new long[]{1}, new long[]{0}));
            assertTrue(empty.isEmpty());
            assertNull(empty.execute());

            Future points = AutoTask.overPoints(rt, POINT, 5).result(ReductionOp.SUM, FieldType.INT64, 1).execute();
            assertEquals(0 + 1 + 2 + 3 + 4, points.getLong());
            Future one = AutoTask.single(rt, POINT).result(ReductionOp.SUM, FieldType.INT64, 1).execute();
            assertEquals(0, one.getLong());
            return "ok";
        });
        assertEquals(List.of("ok", "ok"), ok);
    }

    @Test
    void badDescriptionsFailAtTheCall() {
        assertThrows(IllegalArgumentException.class, () -> AutoTask.create(null, new MachineView(1, 1, 1), 0, -1));
        assertThrows(NullPointerException.class, () -> AutoTask.create(null, new MachineView(1, 1, 1), 0, 4));
    }

    @Test
    void coversStoreIsTrueOnlyWhenEveryElementIsReached() {
        Rect m = Rect.ofExtents(4, 5);
        assertTrue(AutoTask.coversStore(Access.identity(2), new long[]{4, 5}, m));
        // a reduction over iteration dimension 1 into a (4) store
        assertTrue(AutoTask.coversStore(new Access(new int[]{0}, new long[]{1}, new long[]{0}), new long[]{4, 7}, Rect.ofExtents(4)));
        // a 0-d result
        assertTrue(AutoTask.coversStore(new Access(new int[]{-1}, new long[]{1}, new long[]{0}), new long[]{9}, Rect.ofExtents(1)));
        assertFalse(AutoTask.coversStore(Access.identity(2), new long[]{4, 4}, m), "part of the columns");
        assertFalse(AutoTask.coversStore(new Access(new int[]{0, 1}, new long[]{1, 2}, new long[]{0, 0}), new long[]{4, 3}, m), "a step");
        assertFalse(AutoTask.coversStore(new Access(new int[]{1, 0}, new long[]{1, 1}, new long[]{0, 0}), new long[]{4, 5}, m),
                "the transpose of a (5, 4) space");
        assertFalse(AutoTask.coversStore(new Access(new int[]{-1}, new long[]{1}, new long[]{1}), new long[]{1}, Rect.ofExtents(3)),
                "one element of three");
    }
}
