package dev.cohort.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cohort.runtime.geometry.Rect;
import dev.cohort.runtime.launch.GroupLaunch;
import dev.cohort.runtime.launch.Privilege;
import dev.cohort.runtime.launch.ProcessorKind;
import dev.cohort.runtime.launch.TaskRegistry;
import dev.cohort.runtime.partition.Tiling;
import dev.cohort.runtime.region.FieldType;
import dev.cohort.runtime.region.Store;
import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Cache-aware scheduling (issue 5, lever 2): when a point task finishes, its shard-local successor on
 * the same tile runs next on the same worker, before the next tile's first task, so a chain of
 * operations runs tile by tile while the tile is in cache.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class CacheAwareSchedulingTest {
    static final int GATE = 1100;
    static final int STAGE = 1101;
    static final int TILES = 6;
    static final int STAGES = 3;

    @Test
    void aChainRunsTileByTileOnOneWorker() {
        CountDownLatch issued = new CountDownLatch(1);
        Queue<String> order = new ConcurrentLinkedQueue<>();
        TaskRegistry registry = new TaskRegistry();
        registry.register(GATE, "gate", ProcessorKind.CPU, ctx -> {
            try {
                assertTrue(issued.await(30, TimeUnit.SECONDS), "the program never issued the chain");
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        registry.register(STAGE, "stage", ProcessorKind.CPU, ctx -> {
            int stage = ctx.scalars().getInt();
            order.add("s" + stage + "t" + ctx.point().get(0));
            // stage k of tile t reads stage k-1's element of tile t: keep a real data dependence
            double in = stage == 0 ? 0 : ctx.instance(0).doubles()[(int) (ctx.piece(0).lo(0) - ctx.instance(0).rect().lo(0))];
            ctx.instance(1).doubles()[(int) (ctx.piece(1).lo(0) - ctx.instance(1).rect().lo(0))] = in + 1;
        });
        // the gate blocks until the chain is issued: it must run on a worker, not on the program
        // thread through the small-operation fast path
        RuntimeConfig config = new RuntimeConfig().registry(registry).cpus(1).inlineMaxElements(0);
        List<double[]> results = LocalShards.run(1, config, rt -> {
            Rect bounds = Rect.ofExtents(TILES);
            Tiling tiles = Tiling.of(1);
            Store gate = rt.createStore(Rect.ofExtents(1), FieldType.FLOAT64);
            rt.execute(GroupLaunch.single(GATE).require(gate, dev.cohort.runtime.partition.Replicated.INSTANCE,
                    Privilege.WRITE_DISCARD).build());
            List<Store> stages = new ArrayList<>();
            Store previous = rt.createStore(bounds, FieldType.FLOAT64);
            rt.fill(previous, 0.0);
            for (int s = 0; s < STAGES; s++) {
                Store next = rt.createStore(bounds, FieldType.FLOAT64);
                rt.execute(GroupLaunch.builder(STAGE, tiles.colorSpace(bounds))
                        .require(previous, tiles, Privilege.READ)
                        .require(next, tiles, Privilege.WRITE_DISCARD)
                        .scalars(java.nio.ByteBuffer.allocate(4).order(java.nio.ByteOrder.LITTLE_ENDIAN).putInt(s).array())
                        .build());
                stages.add(next);
                previous = next;
            }
            issued.countDown();
            return rt.read(previous).doubles().clone();
        });
        for (double v : results.get(0)) {
            assertEquals(STAGES, v);
        }
        List<String> expected = new ArrayList<>();
        for (int t = 0; t < TILES; t++) {
            for (int s = 0; s < STAGES; s++) {
                expected.add("s" + s + "t" + t);
            }
        }
        assertEquals(expected, new ArrayList<>(order), "one worker, the chain issued before it starts: depth first, tile by tile");
    }
}
