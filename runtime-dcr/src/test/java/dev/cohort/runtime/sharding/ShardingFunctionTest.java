package dev.cohort.runtime.sharding;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cohort.runtime.geometry.Point;
import dev.cohort.runtime.geometry.Rect;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ShardingFunctionTest {
    static final long[] VOLUMES = {1, 2, 3, 5, 7, 8, 16, 17, 31, 64, 100, 103, 1000, 4096, 4097};

    /** Every point 0..V-1 is visited exactly once over all shards, in increasing order per shard, by its owner. */
    static void checkPartition(ShardingFunction f, long volume, int shards, List<List<Long>> owned) {
        int[] owner = new int[(int) volume];
        java.util.Arrays.fill(owner, -1);
        for (int s = 0; s < shards; s++) {
            List<Long> mine = new ArrayList<>();
            int shard = s;
            f.forEachOwned(volume, s, shards, i -> {
                assertTrue(i >= 0 && i < volume, () -> f + ": index " + i + " outside 0.." + (volume - 1));
                assertEquals(-1, owner[(int) i], () -> f + ": point " + i + " visited twice (V=" + volume + ", N=" + shards + ")");
                owner[(int) i] = shard;
                assertEquals(shard, f.shard(i, volume, shards), () -> f + ": forEachOwned and shard() disagree on " + i);
                mine.add(i);
            });
            for (int k = 1; k < mine.size(); k++) {
                int at = k;
                assertTrue(mine.get(k - 1) < mine.get(k), () -> f + ": not increasing at " + at + ": " + mine);
            }
            owned.add(mine);
        }
        for (int i = 0; i < volume; i++) {
            assertTrue(owner[i] >= 0, f + ": point " + i + " of " + volume + " not visited on " + shards + " shards");
        }
    }

    @Test
    void blockedPartitionsIntoContiguousNearlyEqualRanges() {
        for (long v : VOLUMES) {
            for (int n = 1; n <= 9; n++) {
                List<List<Long>> owned = new ArrayList<>();
                checkPartition(ShardingFunction.BLOCKED, v, n, owned);
                long next = 0;
                long min = Long.MAX_VALUE;
                long max = 0;
                for (int s = 0; s < n; s++) {
                    List<Long> mine = owned.get(s);
                    for (long i : mine) {
                        long vv = v;
                        int nn = n;
                        assertEquals(next++, i, () -> "BLOCKED ranges must be contiguous and in shard order (V=" + vv + ", N=" + nn + ")");
                    }
                    min = Math.min(min, mine.size());
                    max = Math.max(max, mine.size());
                }
                assertTrue(max - min <= 1, "sizes differ by more than 1: V=" + v + ", N=" + n + ": " + min + ".." + max);
                assertEquals(v, next);
            }
        }
        // floor(i * N / V)
        assertEquals(0, ShardingFunction.BLOCKED.shard(3, 10, 3));
        assertEquals(1, ShardingFunction.BLOCKED.shard(4, 10, 3));
        assertEquals(2, ShardingFunction.BLOCKED.shard(9, 10, 3));
        // more shards than points: some shards own nothing
        assertEquals(0, ShardingFunction.BLOCKED.shard(0, 3, 8));
        assertEquals(2, ShardingFunction.BLOCKED.shard(1, 3, 8));
        assertEquals(5, ShardingFunction.BLOCKED.shard(2, 3, 8));
    }

    @Test
    void cyclicPartitionsRoundRobin() {
        for (long v : VOLUMES) {
            for (int n = 1; n <= 9; n++) {
                List<List<Long>> owned = new ArrayList<>();
                checkPartition(ShardingFunction.CYCLIC, v, n, owned);
                for (int s = 0; s < n; s++) {
                    for (long i : owned.get(s)) {
                        assertEquals(s, i % n);
                    }
                    assertEquals((v - s + n - 1) / n, owned.get(s).size());
                }
            }
        }
    }

    @Test
    void shardOfAPointUsesRowMajorOrder() {
        Rect domain = Rect.of(new long[] {1, 0}, new long[] {2, 3});
        assertEquals(ShardingFunction.CYCLIC.shard(5, 8, 3), ShardingFunction.CYCLIC.shard(Point.of(2, 1), domain, 3));
        assertEquals(ShardingFunction.BLOCKED.shard(7, 8, 2), ShardingFunction.BLOCKED.shard(Point.of(2, 3), domain, 2));
        assertEquals(1, ShardingFunction.BLOCKED.shard(Point.of(2, 0), domain, 2));
    }

    @Test
    void memoizedUserFunctionMatchesItsPureFunctionAndIsComputedOncePerTable() {
        AtomicLong calls = new AtomicLong();
        ShardingFunction.Pure pure = (i, v, n) -> {
            calls.incrementAndGet();
            return (int) ((i * 7 + v) % n);
        };
        ShardingFunction f = ShardingFunction.memoized(16, "mod7", pure);
        assertEquals(16, f.id());
        assertEquals("mod7", f.toString());
        for (long v : VOLUMES) {
            for (int n = 1; n <= 5; n++) {
                List<List<Long>> owned = new ArrayList<>();
                checkPartition(f, v, n, owned);
                for (long i = 0; i < v; i++) {
                    assertEquals(pure.shard(i, v, n), f.shard(i, v, n));
                }
            }
        }
        // memoised: a table already built is not recomputed
        f.shard(0, 100, 3);
        long before = calls.get();
        for (long i = 0; i < 100; i++) {
            f.shard(i, 100, 3);
        }
        assertEquals(before, calls.get(), "the owner table of (100 points, 3 shards) was recomputed");
        // a new (volume, shards) computes one table entry per point, once
        long beforeNew = calls.get();
        f.shard(0, 250, 4);
        f.shard(249, 250, 4);
        assertEquals(beforeNew + 250, calls.get());
        // beyond 2^20 points it is not tabulated but still checked and correct
        long big = (1L << 20) + 5;
        assertEquals(pure.shard(big - 1, big, 3), f.shard(big - 1, big, 3));
    }

    @Test
    void memoizedRejectsReservedIdsAndOutOfRangeShards() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ShardingFunction.memoized(15, "low", (i, v, n) -> 0));
        assertTrue(e.getMessage().contains("16"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> ShardingFunction.memoized(0, "zero", (i, v, n) -> 0));
        ShardingFunction tooBig = ShardingFunction.memoized(17, "tooBig", (i, v, n) -> n);
        IllegalStateException big = assertThrows(IllegalStateException.class, () -> tooBig.shard(0, 10, 4));
        assertTrue(big.getMessage().contains("tooBig") && big.getMessage().contains("4"), big.getMessage());
        ShardingFunction negative = ShardingFunction.memoized(18, "negative", (i, v, n) -> -1);
        assertThrows(IllegalStateException.class, () -> negative.shard(3, 10, 2));
        assertThrows(IllegalStateException.class, () -> negative.shard(3, (1L << 20) + 1, 2), "untabulated path checks too");
    }

    @Test
    void equalityIsById() {
        assertEquals(ShardingFunction.BLOCKED, ShardingFunction.BLOCKED);
        assertNotEquals(ShardingFunction.BLOCKED, ShardingFunction.CYCLIC);
        assertEquals(0, ShardingFunction.BLOCKED.id());
        assertEquals(1, ShardingFunction.CYCLIC.id());
        ShardingFunction a = ShardingFunction.memoized(40, "a", (i, v, n) -> 0);
        ShardingFunction b = ShardingFunction.memoized(40, "b", (i, v, n) -> 0);
        assertEquals(a, b);
        assertEquals(a.hashCode(), b.hashCode());
        assertNotEquals(a, ShardingFunction.memoized(41, "a", (i, v, n) -> 0));
        assertEquals("BLOCKED", ShardingFunction.BLOCKED.toString());
    }
}
