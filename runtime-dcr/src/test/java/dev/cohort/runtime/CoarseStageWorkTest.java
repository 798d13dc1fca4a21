package dev.cohort.runtime;

import dev.cohort.runtime.launch.Future;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cohort.runtime.analysis.Dependence;
import dev.cohort.runtime.geometry.Point;
import dev.cohort.runtime.geometry.Rect;
import dev.cohort.runtime.instance.Instance;
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
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The coarse stage's work per launch (comparisons with earlier users of a store, DCR paper §4.1)
 * depends on the sequence of layouts only — not on how many points a launch has nor on how many
 * shards run it. Counted, not timed.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class CoarseStageWorkTest {
    static final int N = 16384;
    /** result = sum of requirement 0's piece (READ). */
    static final int SUM = 1100;

    /** The calls of the program, in order; the coarse work of each is measured. */
    static final String[] CALLS = {"fill acc", "init x", "sum x", "stencil x->y", "scale x", "sum_into y->acc", "dot x y"};
    /** Comparisons per call, worked out from the user lists (see the comments in {@link #program}). */
    static final long[] EXPECTED_WORK = {0, 0, 1, 2, 3, 2, 3};

    record Result(long[] work, long[] shardLocal, long[] crossShard, long[] pointTasks,
                  List<Dependence> afterSum, List<Dependence> afterStencil, List<Dependence> afterScale,
                  List<Dependence> afterSumInto, double sumX, double acc, double dot, long x, long y, long accId) {
    }

    static TaskRegistry registry() {
        TaskRegistry r = TestTasks.registry();
        r.register(SUM, "sum", ProcessorKind.CPU, ctx -> {
            Instance in = ctx.instance(0);
            double[] s = {0};
            ctx.piece(0).forEach(p -> s[0] += in.getDouble(p));
            ctx.setResult(s[0]);
        });
        return r;
    }

    static Result program(Runtime rt, long tile) {
        Rect bounds = Rect.ofExtents(N);
        Store x = rt.createStore(bounds, FieldType.FLOAT64);
        Store y = rt.createStore(bounds, FieldType.FLOAT64);
        Store acc = rt.createStore(Rect.ofExtents(1), FieldType.FLOAT64);
        Tiling t = Tiling.of(tile);
        Tiling halo = t.withHalo(1);
        Rect colors = t.colorSpace(bounds);
        int calls = CALLS.length;
        long[] work = new long[calls];
        long[] local = new long[calls];
        long[] cross = new long[calls];
        long[] points = new long[calls];
        List<List<Dependence>> deps = new ArrayList<>();
        Future[] futures = new Future[2];
        for (int c = 0; c < calls; c++) {
            RuntimeStats before = rt.stats();
            switch (c) {
                // acc: no users -> 0
                case 0 -> rt.fill(acc, 0.0);
                // x: no users -> 0
                case 1 -> rt.execute(GroupLaunch.builder(TestTasks.INIT, colors)
                        .require(x, t, Privilege.WRITE_DISCARD).scalars(TestTasks.scalar(0.5)).build());
                // x: [init W t] -> 1 (RAW, same layout: shard-local)
                case 2 -> futures[0] = rt.execute(GroupLaunch.builder(SUM, colors)
                        .require(x, t, Privilege.READ).reduceResult(ReductionOp.SUM, FieldType.FLOAT64).build());
                // x: [init W t, sum R t] -> 2 (RAW on init through another layout: cross-shard); y: none -> 0
                case 3 -> rt.execute(GroupLaunch.builder(TestTasks.STENCIL, colors)
                        .require(x, halo, Privilege.READ).require(y, t, Privilege.WRITE_DISCARD).build());
                // x: [init W t, sum R t, stencil R halo] -> 3 (RAW local, WAR local, WAR cross); clears x's list
                case 4 -> rt.execute(GroupLaunch.builder(TestTasks.SCALE, colors)
                        .require(x, t, Privilege.READ_WRITE).scalars(TestTasks.scalar(3.0)).build());
                // y: [stencil W t] -> 1 (RAW local); acc: [fill W] -> 1 (RAW cross)
                case 5 -> rt.execute(GroupLaunch.builder(TestTasks.SUM_INTO, colors)
                        .require(y, t, Privilege.READ)
                        .require(acc, Replicated.INSTANCE, Projection.constant(Point.of(0)), Privilege.reduce(ReductionOp.SUM))
                        .build());
                // x: [scale RW t] -> 1 (RAW local); y: [stencil W t, sum_into R t] -> 2 (RAW local)
                case 6 -> futures[1] = rt.execute(GroupLaunch.builder(TestTasks.DOT, colors)
                        .require(x, t, Privilege.READ).require(y, t, Privilege.READ)
                        .reduceResult(ReductionOp.SUM, FieldType.FLOAT64).build());
                default -> throw new AssertionError(c);
            }
            RuntimeStats after = rt.stats();
            work[c] = after.coarseWork() - before.coarseWork();
            local[c] = after.shardLocalDependences() - before.shardLocalDependences();
            cross[c] = after.crossShardDependences() - before.crossShardDependences();
            deps.add(rt.lastDependences());
            rt.sync(); // so the point tasks of this call are counted here
            points[c] = rt.stats().pointTasks() - before.pointTasks();
        }
        double accValue = rt.read(acc).doubles()[0];
        return new Result(work, local, cross, points, deps.get(2), deps.get(3), deps.get(4), deps.get(5),
                futures[0].getDouble(), accValue, futures[1].getDouble(), x.id(), y.id(), acc.id());
    }

    /** The same computation in plain Java, folded tile by tile like the runtime folds its partials. */
    static double[] reference(long tile) {
        double[] x = new double[N];
        for (int i = 0; i < N; i++) {
            x[i] = 500 + i;
        }
        double[] y = new double[N];
        for (int i = 0; i < N; i++) {
            y[i] = 2 * x[i] + (i > 0 ? x[i - 1] : 0) + (i < N - 1 ? x[i + 1] : 0);
        }
        double sumX = 0;
        double acc = 0;
        double dot = 0;
        for (int t0 = 0; t0 < N; t0 += tile) {
            double sx = 0;
            double sy = 0;
            double d = 0;
            for (int i = t0; i < t0 + tile; i++) {
                sx += x[i];
                sy += y[i];
                d += 3 * x[i] * y[i];
            }
            sumX += sx;
            acc += sy;
            dot += d;
        }
        return new double[] {sumX, acc, dot};
    }

    @Test
    void coarseWorkPerLaunchIsIndependentOfPointsAndShards() {
        long[][] configs = {{4096, 1}, {4096, 8}, {4, 1}, {4, 8}};
        List<Result> all = new ArrayList<>();
        for (long[] cfg : configs) {
            long tile = cfg[0];
            int shards = (int) cfg[1];
            long tiles = N / tile;
            List<Result> results = LocalShards.run(shards, new RuntimeConfig().registry(registry()),
                    rt -> program(rt, tile));
            assertEquals(shards, results.size());
            double[] ref = reference(tile);
            long[] pointsOverShards = new long[CALLS.length];
            for (Result r : results) {
                String where = tiles + " tiles on " + shards + " shards";
                assertArrayEquals(EXPECTED_WORK, r.work(), () -> "coarse work per call " + List.of(CALLS) + ", " + where);
                assertEquals(ref[0], r.sumX(), 0.0, where);
                assertEquals(ref[1], r.acc(), 0.0, where);
                assertEquals(ref[2], r.dot(), 0.0, where);
                for (int c = 0; c < CALLS.length; c++) {
                    pointsOverShards[c] += r.pointTasks()[c];
                }
                all.add(r);
            }
            // the configurations really differ in points: every tiled launch ran one point task per tile in all
            for (int c = 1; c < CALLS.length; c++) {
                assertEquals(tiles, pointsOverShards[c], CALLS[c] + " with " + tiles + " tiles on " + shards + " shards");
            }
        }
        // identical work, dependence counts and classifications across tile counts and shard counts
        Result first = all.get(0);
        for (Result r : all) {
            assertArrayEquals(first.work(), r.work());
            assertArrayEquals(first.shardLocal(), r.shardLocal());
            assertArrayEquals(first.crossShard(), r.crossShard());
            assertEquals(first.afterSum(), r.afterSum());
            assertEquals(first.afterStencil(), r.afterStencil());
            assertEquals(first.afterScale(), r.afterScale());
            assertEquals(first.afterSumInto(), r.afterSumInto());
        }
        // non-zero where a dependence exists, zero where there is none
        for (int c = 0; c < CALLS.length; c++) {
            long deps = first.shardLocal()[c] + first.crossShard()[c];
            assertEquals(deps > 0, first.work()[c] > 0, CALLS[c]);
        }
        assertArrayEquals(new long[] {0, 0, 1, 0, 2, 1, 2}, first.shardLocal());
        assertArrayEquals(new long[] {0, 0, 0, 1, 1, 1, 0}, first.crossShard());
    }

    @Test
    void dependencesAreClassifiedShardLocalOrCrossShard() {
        for (int shards : new int[] {1, 3}) {
            List<Result> results = LocalShards.run(shards, new RuntimeConfig().registry(registry()), rt -> program(rt, 1024));
            for (Result r : results) {
                long x = r.x();
                long y = r.y();
                // operations: fill acc #0, init #1, sum #2, stencil #3, scale #4, sum_into #5, dot #6
                // a read through the layout of the preceding write: one shard-local RAW
                assertEquals(List.of(new Dependence(1, 2, x, 0, Dependence.Kind.RAW, true)), r.afterSum());
                // a read through a haloed tiling: cross-shard
                assertEquals(List.of(new Dependence(1, 3, x, 0, Dependence.Kind.RAW, false)), r.afterStencil());
                assertEquals(List.of(
                        new Dependence(1, 4, x, 0, Dependence.Kind.RAW, true),
                        new Dependence(2, 4, x, 0, Dependence.Kind.WAR, true),
                        new Dependence(3, 4, x, 0, Dependence.Kind.WAR, false)), r.afterScale());
                // the reduction into a replicated store depends on the fill through another layout
                assertEquals(List.of(
                        new Dependence(3, 5, y, 0, Dependence.Kind.RAW, true),
                        new Dependence(0, 5, r.accId(), 1, Dependence.Kind.RAW, false)), r.afterSumInto());
                assertTrue(r.sumX() > 0);
            }
        }
    }
}
