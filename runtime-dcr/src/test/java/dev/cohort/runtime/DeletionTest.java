package dev.cohort.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cohort.runtime.geometry.Rect;
import dev.cohort.runtime.launch.GroupLaunch;
import dev.cohort.runtime.launch.Privilege;
import dev.cohort.runtime.partition.Tiling;
import dev.cohort.runtime.region.FieldType;
import dev.cohort.runtime.region.Store;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Deletion (DCR paper §4.3, DESIGN.md §3): {@code close()} deletes eagerly at a position of the
 * operation stream; a handle dropped and collected is deleted where the shards agree, at the same
 * position on every shard although each shard's GC notices it at a different moment.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class DeletionTest {

    record Closed(long id, boolean liveBefore, boolean liveAfter, List<String> errors, double otherValue) {
    }

    @ParameterizedTest(name = "{0} shards")
    @ValueSource(ints = {2, 3, 4})
    void closeMakesTheStoreUnusableOnEveryShard(int shards) {
        List<Closed> results = LocalShards.run(shards, new RuntimeConfig().registry(TestTasks.registry()), rt -> {
            Rect bounds = Rect.ofExtents(32);
            Store s = rt.createStore(bounds, FieldType.FLOAT64);
            Store other = rt.createStore(bounds, FieldType.FLOAT64);
            Tiling tiles = Tiling.of(8);
            rt.execute(GroupLaunch.builder(TestTasks.INIT, tiles.colorSpace(bounds))
                    .require(s, tiles, Privilege.WRITE_DISCARD).scalars(TestTasks.scalar(1.0)).build());
            rt.fill(other, 7.0);
            boolean liveBefore = rt.isLive(s.id());
            s.close();
            boolean liveAfter = rt.isLive(s.id());
            s.close(); // idempotent
            List<String> errors = new ArrayList<>();
            errors.add(messageOf(() -> {
                rt.fill(s, 1.0);
                return null;
            }));
            errors.add(messageOf(() -> rt.read(s)));
            errors.add(messageOf(() -> rt.execute(GroupLaunch.builder(TestTasks.SCALE, tiles.colorSpace(bounds))
                    .require(s, tiles, Privilege.READ_WRITE).scalars(TestTasks.scalar(2.0)).build())));
            errors.add(messageOf(() -> {
                rt.copy(other, s);
                return null;
            }));
            // the other store is unaffected
            return new Closed(s.id(), liveBefore, liveAfter, errors, rt.read(other).doubles()[31]);
        });
        for (int shard = 0; shard < shards; shard++) {
            Closed c = results.get(shard);
            assertEquals(results.get(0).id(), c.id());
            assertTrue(c.liveBefore(), "shard " + shard);
            assertFalse(c.liveAfter(), "shard " + shard);
            for (String m : c.errors()) {
                assertNotNull(m, "shard " + shard + ": a use of the closed store did not throw IllegalStateException");
                assertTrue(m.contains("store " + c.id()) && m.contains("deleted"), "shard " + shard + ": " + m);
            }
            assertEquals(7.0, c.otherValue());
        }
    }

    /** The message of the IllegalStateException {@code use} throws, or null if it throws none. */
    static String messageOf(Supplier<?> use) {
        try {
            use.get();
            return null;
        } catch (IllegalStateException e) {
            return e.getMessage();
        }
    }

    static final int STORES = 20;
    static final int MAX_CALLS = 200_000;

    /** Creates a store, fills it, and returns only its id: no reference survives this frame. */
    static long createAndDrop(Runtime rt, int k) {
        Store s = rt.createStore(Rect.ofExtents(64), FieldType.FLOAT64);
        rt.fill(s, (double) k);
        return s.id();
    }

    /**
     * Per shard: for each dropped store, the call (count of fills issued in the loop) after which it
     * was first seen not live, and the operation count then.
     */
    record Deleted(Map<Long, Long> atCall, Map<Long, Long> atOperation, long calls, List<Long> ids, double kept) {
    }

    static Deleted dropAndWait(Runtime rt) {
        Store keep = rt.createStore(Rect.ofExtents(4), FieldType.FLOAT64);
        List<Long> ids = new ArrayList<>();
        for (int k = 0; k < STORES; k++) {
            ids.add(createAndDrop(rt, k));
        }
        Map<Long, Long> atCall = new TreeMap<>();
        Map<Long, Long> atOperation = new TreeMap<>();
        long calls = 0;
        // The loop's runtime calls depend only on deletions, which are agreed: identical on every shard.
        // GC and sleeping are not runtime calls, so each shard does them at its own moments.
        while (atCall.size() < STORES && calls < MAX_CALLS) {
            if (calls % (97 + 31 * rt.shard()) == 0) {
                System.gc();
            }
            if (calls % 512 == 0) {
                try {
                    Thread.sleep(1 + rt.shard());
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IllegalStateException(e);
                }
            }
            rt.fill(keep, (double) calls);
            calls++;
            for (long id : ids) {
                if (!atCall.containsKey(id) && !rt.isLive(id)) {
                    atCall.put(id, calls);
                    atOperation.put(id, rt.stats().operations());
                }
            }
        }
        return new Deleted(atCall, atOperation, calls, ids, rt.read(keep).doubles()[3]);
    }

    @ParameterizedTest(name = "{0} shards")
    @ValueSource(ints = {2, 3, 4})
    void droppedStoresAreDeletedAtTheSamePositionOnEveryShard(int shards) {
        List<Deleted> results = LocalShards.run(shards,
                new RuntimeConfig().registry(TestTasks.registry()).deletionInterval(4, 64), DeletionTest::dropAndWait);
        Deleted first = results.get(0);
        assertEquals(STORES, first.atCall().size(),
                "not every dropped store was deleted within " + MAX_CALLS + " calls: " + first.atCall().keySet() + " of " + first.ids());
        assertTrue(first.calls() < MAX_CALLS);
        for (int s = 0; s < shards; s++) {
            Deleted d = results.get(s);
            assertEquals(first.ids(), d.ids(), "store ids come from a counter: the same on every shard");
            assertEquals(first.atCall(), d.atCall(), "shard " + s + " deleted at other call positions than shard 0");
            assertEquals(first.atOperation(), d.atOperation(), "shard " + s);
            assertEquals(first.calls(), d.calls(), "shard " + s);
            assertEquals(d.calls() - 1, d.kept(), "the long-lived store holds the last fill on shard " + s);
        }
    }
}
