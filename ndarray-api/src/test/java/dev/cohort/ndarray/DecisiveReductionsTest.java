package dev.cohort.ndarray;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The reductions that stop early (bool {@code any}, {@code all}, {@code max}, {@code min}, {@code argmax},
 * {@code argmin}; integer {@code max}/{@code min} reaching the type's extreme) over arrays of many tiles: the values of
 * a plain Java reference with NumPy's rules wherever the deciding element lies (first tile, middle, last element,
 * nowhere), on 1-3 shards; and on one shard, a deciding element in the first tile skips the other point tasks; long
 * bool arrays of the default tiling give the same values.
 */
class DecisiveReductionsTest {
    static final int N = 240;

    private static boolean[] pattern(boolean base, int... flipped) {
        boolean[] b = new boolean[N];
        java.util.Arrays.fill(b, base);
        for (int i : flipped) {
            b[i] = !base;
        }
        return b;
    }

    private static long firstIndex(boolean[] b, boolean v) {
        for (int i = 0; i < b.length; i++) {
            if (b[i] == v) {
                return i;
            }
        }
        return 0;
    }

    /**
     * Bool arrays of the default tiling (several tiles of 65 536 elements or more): the deciding element at the first
     * tile's edges, just after them, in a later tile, last, or nowhere; any, all, max, min (also with keepdims), argmax
     * and argmin give the reference's values on 1 and 2 shards, and so does a small part of the first tile.
     */
    @ParameterizedTest(name = "{0} shards")
    @ValueSource(ints = {1, 2})
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void reductionsOfLongBoolArraysGiveNumPysValues(int shards) {
        int h = 65_536;
        int n = 2 * h + 1001;
        Cohort.run(new Cohort.Config().shards(shards), () -> {
            for (boolean base : new boolean[]{false, true}) {
                for (int[] flips : new int[][]{{}, {0}, {h - 1}, {h}, {h + 5, n - 3}, {n - 1}}) {
                    boolean[] b = new boolean[n];
                    java.util.Arrays.fill(b, base);
                    for (int i : flips) {
                        b[i] = !base;
                    }
                    NdArray a = Np.array(b);
                    long firstTrue = firstIndex(b, true);
                    long firstFalse = firstIndex(b, false);
                    boolean any = b[(int) firstTrue];
                    boolean all = b[(int) firstFalse];
                    String what = "base " + base + ", flipped " + java.util.Arrays.toString(flips) + " on " + shards;
                    assertEquals(any, a.any().toBooleanArray()[0], "any " + what);
                    assertEquals(all, a.all().toBooleanArray()[0], "all " + what);
                    assertEquals(any, a.max().toBooleanArray()[0], "max " + what);
                    assertEquals(all, a.min().toBooleanArray()[0], "min " + what);
                    NdArray kept = Reductions.reduce(dev.cohort.tasks.ReduceOp.ALL, a, null, true);
                    assertEquals(1, kept.ndim(), "all keepdims " + what);
                    assertEquals(all, kept.toBooleanArray()[0], "all keepdims " + what);
                    assertEquals(firstTrue, a.argmax().toLongArray()[0], "argmax " + what);
                    assertEquals(firstFalse, a.argmin().toLongArray()[0], "argmin " + what);
                    // a part of a tile read by a one-point launch: where it lies on one shard, gathered on two
                    assertEquals(b[h - 1] || b[h - 2], a.get(Slice.of(h - 2, h)).any().toBooleanArray()[0], "any of a part " + what);
                }
            }
            return null;
        });
    }

    @ParameterizedTest(name = "{0} shards")
    @ValueSource(ints = {1, 2, 3})
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void earlyStoppingReductionsGiveNumPysValuesWhereverTheDecidingElementLies(int shards) {
        Cohort.Config config = new Cohort.Config().shards(shards).minTileVolume(8).maxTileVolume(16);
        Cohort.run(config, () -> {
            Random rnd = new Random(11 + shards);
            List<boolean[]> cases = new java.util.ArrayList<>();
            for (boolean base : new boolean[]{false, true}) {
                cases.add(pattern(base));
                cases.add(pattern(base, 0));
                cases.add(pattern(base, 5));
                cases.add(pattern(base, 130, 77));
                cases.add(pattern(base, N - 1));
            }
            boolean[] random = new boolean[N];
            for (int i = 0; i < N; i++) {
                random[i] = rnd.nextInt(9) == 0;
            }
            cases.add(random);
            for (boolean[] b : cases) {
                NdArray a = Np.array(b);
                boolean any = firstIndex(b, true) != 0 || b[0];
                boolean all = !(firstIndex(b, false) != 0 || !b[0]);
                String what = java.util.Arrays.toString(b).hashCode() + " (first true " + firstIndex(b, true)
                        + ", first false " + firstIndex(b, false) + ") on " + shards;
                assertEquals(any, a.any().toBooleanArray()[0], "any " + what);
                assertEquals(all, a.all().toBooleanArray()[0], "all " + what);
                assertEquals(any, a.max().toBooleanArray()[0], "max " + what);
                assertEquals(all, a.min().toBooleanArray()[0], "min " + what);
                assertEquals(firstIndex(b, true), a.argmax().toLongArray()[0], "argmax " + what);
                assertEquals(firstIndex(b, false), a.argmin().toLongArray()[0], "argmin " + what);
                // the same through a 2-D view (16 x 15), whose tiles may split both dimensions
                NdArray m = a.reshape(16, 15);
                assertEquals(firstIndex(b, true), m.argmax().toLongArray()[0], "2-d argmax " + what);
                assertEquals(firstIndex(b, false), m.argmin().toLongArray()[0], "2-d argmin " + what);
                assertEquals(any, m.any().toBooleanArray()[0], "2-d any " + what);
            }
            // integers: the maximum reaches Long.MAX_VALUE / Integer.MAX_VALUE in the first tile, the minimum the
            // type's smallest value in the last
            long[] l = new long[N];
            int[] k = new int[N];
            for (int i = 0; i < N; i++) {
                l[i] = rnd.nextInt(1000) - 500;
                k[i] = rnd.nextInt(1000) - 500;
            }
            l[3] = Long.MAX_VALUE;
            k[3] = Integer.MAX_VALUE;
            l[N - 1] = Long.MIN_VALUE;
            k[N - 1] = Integer.MIN_VALUE;
            assertEquals(Long.MAX_VALUE, Np.array(l).max().toLongArray()[0]);
            assertEquals(Long.MIN_VALUE, Np.array(l).min().toLongArray()[0]);
            assertEquals(Integer.MAX_VALUE, Np.array(k).max().toLongArray()[0]);
            assertEquals(Integer.MIN_VALUE, Np.array(k).min().toLongArray()[0]);
            l[3] = 7;
            assertEquals(java.util.Arrays.stream(l).max().getAsLong(), Np.array(l).max().toLongArray()[0]);
            return null;
        });
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void aDecidingElementInTheFirstTileSkipsTheOtherPointTasks() {
        Cohort.run(new Cohort.Config().shards(1).minTileVolume(8).maxTileVolume(16), () -> {
            Cohort ctx = Cohort.current();
            NdArray a = Np.array(pattern(false, 2));
            assertEquals(N, a.size());
            a.sum().itemDouble();                       // the array's store is written and its tiles known
            long before = ctx.runtime().stats().skippedPointTasks();
            assertTrue(a.any().toBooleanArray()[0]);
            assertEquals(2L, a.argmax().toLongArray()[0]);
            long skipped = ctx.runtime().stats().skippedPointTasks() - before;
            // at least 15 tiles of 16 elements: any() and argmax() each run their first point and skip the rest
            assertTrue(skipped >= 2 * 14, "skipped " + skipped + " point tasks");
            // a fused reduction (FUSED_REDUCE over the deferred x > 1) stops the same way
            NdArray x = Np.arange(N);
            x.sum().itemDouble();
            long fusedBefore = ctx.fusion.fusedReductions;
            before = ctx.runtime().stats().skippedPointTasks();
            assertTrue(x.greater(1L).any().toBooleanArray()[0]);
            assertEquals(false, x.greater((long) N).any().toBooleanArray()[0]);
            assertEquals(false, Np.logical_not(x.less((long) N)).all().toBooleanArray()[0]);
            assertEquals(fusedBefore + 3, ctx.fusion.fusedReductions, "the reductions of deferred arrays were fused");
            assertTrue(ctx.runtime().stats().skippedPointTasks() - before >= 2 * 14,
                    "fused any() and all() that decide in their first tile skip the rest");
            before = ctx.runtime().stats().skippedPointTasks();
            assertEquals(false, Np.array(pattern(false)).any().toBooleanArray()[0]);
            assertEquals(0, ctx.runtime().stats().skippedPointTasks() - before, "nothing decides an all-false any()");
            return null;
        });
    }
}
