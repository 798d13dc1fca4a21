package dev.cohort.runtime;

import dev.cohort.runtime.geometry.Point;
import dev.cohort.runtime.geometry.Rect;
import dev.cohort.runtime.instance.Instance;
import dev.cohort.runtime.launch.Decisive;
import dev.cohort.runtime.launch.GroupLaunch;
import dev.cohort.runtime.launch.Privilege;
import dev.cohort.runtime.launch.ProcessorKind;
import dev.cohort.runtime.launch.ReductionOp;
import dev.cohort.runtime.launch.TaskRegistry;
import dev.cohort.runtime.partition.Projection;
import dev.cohort.runtime.partition.Replicated;
import dev.cohort.runtime.partition.Tiling;
import dev.cohort.runtime.region.FieldType;
import dev.cohort.runtime.region.Store;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Reductions with a decisive value ({@link Decisive}): the point tasks left once one point's accumulator reached it
 * are skipped, and the folded result is the bits of the full reduction on any number of shards. The tasks are
 * {@code numpy.any} (MAX over bool, unordered) and a first-hit key (MIN over {@code rank << 30 | flat index}, ordered,
 * as {@code numpy.argmax} of a bool array), each stopping inside its piece at its first hit as the task library's do.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class DecisiveReductionTest {
    /** out[i] = 1 at the flat (row-major) indices the scalars list, else 0 (INT64, WRITE_DISCARD). */
    static final int MARK = 2000;
    /** acc = min(acc, key) over the piece, key = (v != 0 ? 0 : 1) << 30 | flat index; stops at the first hit. */
    static final int FIRST_HIT = 2001;
    /** acc = acc | (any v != 0) over the piece (BOOL MAX); stops at the first hit. */
    static final int ANY_HIT = 2002;
    static final long INDEX_MASK = (1L << 30) - 1;

    static TaskRegistry registry() {
        TaskRegistry r = TestTasks.registry();
        r.register(MARK, "mark", ProcessorKind.CPU, ctx -> {
            Instance out = ctx.instance(0);
            ByteBuffer b = ctx.scalars();
            long cols = b.getLong();
            long[] hits = new long[b.getInt()];
            for (int i = 0; i < hits.length; i++) {
                hits[i] = b.getLong();
            }
            ctx.piece(0).forEach(p -> {
                long f = flat(p, cols);
                long v = 0;
                for (long h : hits) {
                    v |= h == f ? 1 : 0;
                }
                out.longs()[out.index(p)] = v;
            });
        });
        r.register(FIRST_HIT, "first_hit", ProcessorKind.CPU, ctx -> {
            Instance in = ctx.instance(0);
            long[] acc = ctx.instance(1).longs();
            long cols = ctx.scalars().getLong();
            long[] best = {Long.MAX_VALUE};
            ctx.piece(0).forEach(p -> {
                if (best[0] > INDEX_MASK) {
                    long f = flat(p, cols);
                    long key = (in.longs()[in.index(p)] != 0 ? 0L : 1L) << 30 | f;
                    best[0] = Math.min(best[0], key);
                }
            });
            acc[0] = Math.min(acc[0], best[0]);
        });
        r.register(ANY_HIT, "any_hit", ProcessorKind.CPU, ctx -> {
            Instance in = ctx.instance(0);
            byte[] acc = ctx.instance(1).bools();
            ctx.piece(0).forEach(p -> {
                if (acc[0] == 0 && in.longs()[in.index(p)] != 0) {
                    acc[0] = 1;
                }
            });
        });
        return r;
    }

    static long flat(Point p, long cols) {
        return p.dim() == 1 ? p.get(0) : p.get(0) * cols + p.get(1);
    }

    /** The first-hit key, whether any hit, and the point tasks this shard skipped, for {@code hits} in a store of {@code shape}. */
    record Outcome(long firstKey, boolean any, long skipped, long unplanned) {
    }

    static Outcome program(Runtime rt, long[] shape, long[] tile, long[] hits, boolean decisive) {
        Rect bounds = Rect.ofExtents(shape);
        long cols = shape.length == 1 ? 1 : shape[1];
        Store v = rt.createStore(bounds, FieldType.INT64);
        Store first = rt.createStore(Rect.ofExtents(1), FieldType.INT64);
        Store any = rt.createStore(Rect.ofExtents(1), FieldType.BOOL);
        Tiling tiles = Tiling.of(tile);
        ByteBuffer s = ByteBuffer.allocate(12 + 8 * hits.length).order(ByteOrder.LITTLE_ENDIAN).putLong(cols).putInt(hits.length);
        for (long h : hits) {
            s.putLong(h);
        }
        rt.execute(GroupLaunch.builder(MARK, tiles.colorSpace(bounds)).require(v, tiles, Privilege.WRITE_DISCARD)
                .scalars(s.array()).build());
        // wait for the marks, so that each reduction's first point finds its preconditions fired and runs on this
        // thread (the probe): which points skip is then the same in every run
        assertEquals(hits.length, java.util.Arrays.stream(rt.read(v).longs()).sum());
        rt.fill(first, Long.MAX_VALUE);
        rt.fill(any, 0L);
        long skippedBefore = rt.stats().skippedPointTasks();
        long unplannedBefore = rt.stats().unplannedPointTasks();
        Projection zero = Projection.constant(Point.of(0));
        byte[] colsScalar = ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putLong(cols).array();
        rt.execute(GroupLaunch.builder(FIRST_HIT, tiles.colorSpace(bounds)).require(v, tiles, Privilege.READ)
                .require(first, Replicated.INSTANCE, zero, Privilege.reduce(ReductionOp.MIN,
                        decisive ? new Decisive(INDEX_MASK, true) : null))
                .scalars(colsScalar).build());
        rt.execute(GroupLaunch.builder(ANY_HIT, tiles.colorSpace(bounds)).require(v, tiles, Privilege.READ)
                .require(any, Replicated.INSTANCE, zero, Privilege.reduce(ReductionOp.MAX,
                        decisive ? new Decisive(1, false) : null)).build());
        long key = rt.read(first).longs()[0];
        boolean hit = rt.read(any).bools()[0] != 0;
        return new Outcome(key, hit, rt.stats().skippedPointTasks() - skippedBefore,
                rt.stats().unplannedPointTasks() - unplannedBefore);
    }

    /** The smallest first-hit key: the first hit's index (rank 0), or with no hit index 0's key of rank 1. */
    static long expectedKey(long[] hits) {
        long best = 1L << 30;
        for (long h : hits) {
            best = Math.min(best, h);
        }
        return best;
    }

    @ParameterizedTest(name = "{0} shards")
    @ValueSource(ints = {1, 2, 3, 4})
    void decisiveReductionsGiveTheBitsOfFullOnesOnAnyNumberOfShards(int shards) {
        long[][] hitSets = {{}, {0}, {7}, {250, 730}, {999}, {730, 250, 251}, {100, 99}};
        for (long[] hits : hitSets) {
            for (boolean decisive : new boolean[]{false, true}) {
                List<Outcome> out = LocalShards.run(shards, new RuntimeConfig().registry(registry()),
                        rt -> program(rt, new long[]{1000}, new long[]{100}, hits, decisive));
                for (Outcome o : out) {
                    String what = java.util.Arrays.toString(hits) + (decisive ? " decisive" : " full") + " on " + shards;
                    // no hit: every key has rank 1, the smallest is index 0's
                    assertEquals(expectedKey(hits), o.firstKey(), what);
                    assertEquals(hits.length > 0, o.any(), what);
                    if (!decisive) {
                        assertEquals(0, o.skipped(), what);
                    }
                    if (shards > 1) {
                        assertEquals(0, o.unplanned(), what + ": only a shard that runs alone leaves points unplanned");
                    }
                }
            }
        }
    }

    @Test
    void aFirstPointThatDecidesSkipsEveryOtherPointOfTheShard() {
        Outcome o = LocalShards.run(1, new RuntimeConfig().registry(registry()),
                rt -> program(rt, new long[]{1000}, new long[]{100}, new long[]{3, 640}, true)).get(0);
        assertEquals(3, o.firstKey());
        assertTrue(o.any());
        // point 0 runs on the program thread, decides both reductions, and the nine others of each skip: on a shard
        // that runs alone they are never planned (FineStage.probesFirst)
        assertEquals(18, o.skipped());
        assertEquals(18, o.unplanned());
    }

    @Test
    void aFirstPointThatDoesNotDecideLeavesTheRestToBePlannedAndFoldedInOrder() {
        // the first hit in point 6: the orderered key is decided there (points 7-9 skip), any() too; point 0 ran alone
        Outcome o = LocalShards.run(1, new RuntimeConfig().registry(registry()),
                rt -> program(rt, new long[]{1000}, new long[]{100}, new long[]{640, 990}, true)).get(0);
        assertEquals(640, o.firstKey());
        assertTrue(o.any());
        assertEquals(0, o.unplanned());
        Outcome none = LocalShards.run(1, new RuntimeConfig().registry(registry()),
                rt -> program(rt, new long[]{1000}, new long[]{100}, new long[0], true)).get(0);
        assertEquals(1L << 30, none.firstKey());
        assertFalse(none.any());
    }

    @Test
    void noDecidingValueSkipsNothing() {
        Outcome o = LocalShards.run(1, new RuntimeConfig().registry(registry()),
                rt -> program(rt, new long[]{1000}, new long[]{100}, new long[0], true)).get(0);
        assertFalse(o.any());
        assertEquals(0, o.skipped());
    }

    @Test
    void anOrderedDecisionIsNotTakenWhenLaunchOrderIsNotTheIterationSpacesOrder() {
        // 20 x 50 in 2 x 2 tiles of 10 x 25: point (0, 0) holds flat 450 (row 9, column 0), point (0, 1) the smaller
        // flat 25 (row 0, column 25). Were the ordered key decided at point (0, 0), point (0, 1) would be skipped and
        // the answer 450; any() may still skip (its value absorbs in any order).
        Outcome o = LocalShards.run(1, new RuntimeConfig().registry(registry()),
                rt -> program(rt, new long[]{20, 50}, new long[]{10, 25}, new long[]{450, 25}, true)).get(0);
        assertEquals(25, o.firstKey());
        assertTrue(o.any());
        assertEquals(3, o.skipped(), "only any()'s three other points skip");
    }

    @Test
    void onlyMinAndMaxTakeADecisiveValue() {
        assertThrows(IllegalArgumentException.class, () -> Privilege.reduce(ReductionOp.SUM, new Decisive(0, false)));
        assertThrows(IllegalArgumentException.class, () -> Privilege.reduce(ReductionOp.PROD, new Decisive(0, false)));
        assertEquals(Privilege.reduce(ReductionOp.MIN, new Decisive(5, true)), Privilege.reduce(ReductionOp.MIN, new Decisive(5, true)));
        assertFalse(Privilege.reduce(ReductionOp.MIN).equals(Privilege.reduce(ReductionOp.MIN, new Decisive(5, true))));
    }

    @Test
    void reachesComparesInTheOperatorsDirection() {
        Instance b = Instance.allocate(FieldType.BOOL, Rect.ofExtents(1));
        b.setBits(0, 1);
        assertTrue(ReductionOp.MAX.reaches(b, 1));
        assertFalse(ReductionOp.MIN.reaches(b, 0));
        Instance l = Instance.allocate(FieldType.INT64, Rect.ofExtents(1));
        l.setBits(0, -5);
        assertTrue(ReductionOp.MIN.reaches(l, 7));
        assertTrue(ReductionOp.MIN.reaches(l, -5));
        assertFalse(ReductionOp.MIN.reaches(l, -6));
        assertFalse(ReductionOp.MAX.reaches(l, 0));
        assertFalse(ReductionOp.SUM.reaches(l, -5));
        Instance d = Instance.allocate(FieldType.FLOAT64, Rect.ofExtents(1));
        d.setBits(0, Double.doubleToRawLongBits(Double.NaN));
        assertFalse(ReductionOp.MAX.reaches(d, Double.doubleToRawLongBits(Double.NEGATIVE_INFINITY)), "a NaN reaches nothing");
        d.setBits(0, Double.doubleToRawLongBits(-0.5));
        assertTrue(ReductionOp.MIN.reaches(d, Double.doubleToRawLongBits(0.0)));
    }
}
