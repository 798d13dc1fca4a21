package dev.cohort.ndarray;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Eager execution of small arrays ({@link Eager}): random programs mixing small arrays (run eagerly) and large
 * ones (launched), every dtype, element-wise chains, reductions, arg-reductions, conversions, slicing, matrix
 * products and the demotion of small arrays that meet large ones, give bit for bit what they give with eager
 * execution off, on 1 to 4 shards; small operations issue no launch; errors surface at the call and leave the
 * session working.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class EagerTest {
    /** Small: eager (1000 elements); large: launched over several tiles (MIN_TILE makes 40 000 elements tile). */
    static final long SMALL = 1000;
    static final long LARGE = 40_000;
    static final long MIN_TILE = 4096;
    /**
     * Small arrays above the minimum tile volume and below twice it (the largest eager arrays: their launch is one
     * point task all the same), with eager execution up to {@code 2 * MIN_TILE - 1}.
     */
    static final long SMALL_ONE_TILE = 6000;

    static List<long[]> run(int shards, boolean eager, Callable<List<NdArray>> program) {
        return run(shards, eager ? 2048 : 0, program);
    }

    static List<long[]> run(int shards, long eagerMax, Callable<List<NdArray>> program) {
        boolean eager = eagerMax > 0;
        Cohort.Config cfg = new Cohort.Config().shards(shards).minTileVolume(MIN_TILE).eagerMaxVolume(eagerMax);
        List<List<long[]>> perShard = Cohort.run(cfg, () -> {
            assertEquals(eagerMax, Cohort.current().eagerMaxVolume());
            List<long[]> out = new ArrayList<>();
            for (NdArray a : program.call()) {
                out.add(FusionDtypesTest.bits(a));
            }
            if (eager) {
                assertTrue(Cohort.current().eagerOperations > 0, "nothing ran eagerly");
            } else {
                assertEquals(0, Cohort.current().eagerOperations);
            }
            return out;
        });
        for (int s = 1; s < shards; s++) {
            assertEquals(perShard.get(0).size(), perShard.get(s).size());
            for (int i = 0; i < perShard.get(0).size(); i++) {
                assertArrayEquals(perShard.get(0).get(i), perShard.get(s).get(i), "shard " + s + " result " + i);
            }
        }
        return perShard.get(0);
    }

    static void assertSameBits(int shards, Callable<List<NdArray>> program) {
        assertSameBits(shards, 2048, program);
    }

    static void assertSameBits(int shards, long eagerMax, Callable<List<NdArray>> program) {
        List<long[]> on = run(shards, eagerMax, program);
        List<long[]> off = run(shards, 0, program);
        assertEquals(off.size(), on.size());
        for (int i = 0; i < on.size(); i++) {
            assertArrayEquals(off.get(i), on.get(i), "result " + i + " differs with eager execution");
        }
    }

    /** Inputs of every dtype: small (eager) and large (launched), from formulas, the same on every shard. */
    static NdArray input(DType d, long n, int salt) {
        NdArray i = Np.arange(n);
        NdArray v = switch (d) {
            case BOOL -> i.mod((long) (salt % 5 + 2)).not_equal(0L);
            case INT64, INT32 -> i.mod((long) (97 - salt)).subtract(40L);
            default -> i.mod((long) (89 - salt)).astype(DType.FLOAT64).divide(7.0).subtract(3.0);
        };
        return v.astype(d);
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 4})
    void randomProgramsMixingSmallAndLargeArraysGiveTheLaunchedBits(int shards) {
        for (int seed = 0; seed < 3; seed++) {
            final int sd = seed + 31 * shards;
            assertSameBits(shards, () -> program(new Random(sd)));
        }
    }

    /**
     * The same with small arrays of {@link #SMALL_ONE_TILE} elements, between the minimum tile volume and twice it,
     * eager up to {@code 2 * MIN_TILE - 1}: an eager run is still the one point task the launch would be.
     */
    @ParameterizedTest
    @ValueSource(ints = {1, 3})
    void arraysUpToTwiceTheMinimumTileRunEagerlyWithTheLaunchedBits(int shards) {
        for (int seed = 0; seed < 3; seed++) {
            final int sd = seed + 17 * shards;
            assertSameBits(shards, 2 * MIN_TILE - 1, () -> program(new Random(sd), SMALL_ONE_TILE));
        }
    }

    @Test
    void eagerExecutionStopsBelowTwiceTheMinimumTileVolume() {
        Cohort.run(new Cohort.Config().shards(1).minTileVolume(MIN_TILE).eagerMaxVolume(1L << 40), () -> {
            assertEquals(2 * MIN_TILE - 1, Cohort.current().eagerMaxVolume());
            assertTrue(Np.zeros(new long[]{2 * MIN_TILE - 1}).base.isEager());
            assertFalse(Np.zeros(new long[]{2 * MIN_TILE}).base.isEager());
            return null;
        });
    }

    static List<NdArray> program(Random rnd) {
        return program(rnd, SMALL);
    }

    /** A random program: ~40 operations over small and large arrays of random dtypes; returns what it computed. */
    static List<NdArray> program(Random rnd, long smallSize) {
        DType[] dtypes = DType.values();
        List<NdArray> small = new ArrayList<>();
        List<NdArray> large = new ArrayList<>();
        for (int k = 0; k < 3; k++) {
            small.add(input(dtypes[rnd.nextInt(dtypes.length)], smallSize, k));
            large.add(input(dtypes[rnd.nextInt(dtypes.length)], LARGE, k));
        }
        List<NdArray> results = new ArrayList<>();
        for (int step = 0; step < 40; step++) {
            List<NdArray> pool = rnd.nextInt(4) == 0 ? large : small;
            NdArray a = pool.get(rnd.nextInt(pool.size()));
            NdArray b = pool.get(rnd.nextInt(pool.size()));
            NdArray r;
            try {
                r = switch (rnd.nextInt(16)) {
                    case 0 -> a.add(b);
                    case 1 -> a.multiply(b);
                    case 2 -> a.astype(DType.FLOAT64).subtract(b.astype(DType.FLOAT32));
                    case 3 -> a.less(b);
                    case 4 -> Np.where(a.greater(0L), a, b);
                    case 5 -> Np.sqrt(Np.abs(a.astype(DType.FLOAT32)));
                    case 6 -> Np.tanh(a.astype(DType.FLOAT64));
                    case 7 -> a.astype(DType.FLOAT64).sum();
                    case 8 -> a.astype(DType.INT64).max();
                    case 9 -> a.astype(DType.FLOAT32).argmin();
                    case 10 -> a.get(Slice.of(1L, null, 3L)).copy();
                    case 11 -> a.astype(DType.INT32).multiply(3L).add(1L);
                    case 12 -> a.astype(DType.FLOAT64).mean();
                    case 13 -> a.astype(DType.FLOAT64).reshape(-1, 10).matmul(Np.arange(0.0, 10.0, 1.0).reshape(10, 1));
                    // a small array meets a large one: broadcast of a reduction, then a mixed chain
                    case 14 -> large.get(0).astype(DType.FLOAT64).add(a.astype(DType.FLOAT64).sum());
                    default -> a.astype(DType.BOOL).any();
                };
            } catch (DTypeException e) {
                continue;                  // NumPy refuses the combination (e.g. bool - bool): so does Cohort, either way
            }
            results.add(r);
            if (r.size() == smallSize && r.ndim() == 1) {
                small.set(rnd.nextInt(small.size()), r);
            } else if (r.size() == LARGE && r.ndim() == 1) {
                large.set(rnd.nextInt(large.size()), r);
            }
        }
        // an in-place write into a small array, a fill, and a small array written by a launch over a large one
        NdArray s = small.get(0).astype(DType.FLOAT64);
        s.set(new Object[]{Slice.of(0, 10)}, 7.5);
        results.add(s);
        NdArray f = Np.full(new long[]{smallSize}, 2.5);
        results.add(f.add(large.get(1).astype(DType.FLOAT64).get(Slice.of(0, smallSize))));
        return results;
    }

    @Test
    void smallOperationsIssueNoLaunchAndLargeOnesStillDo() {
        Cohort.run(new Cohort.Config().shards(1), () -> {
            Cohort ctx = Cohort.current();
            assertEquals(Eager.DEFAULT_MAX_VOLUME, ctx.eagerMaxVolume());
            NdArray x = Np.arange(0.0, 1000.0, 1.0);
            NdArray y = x.multiply(2.0).add(1.0);
            long launchesBefore = ctx.runtime().stats().operations();
            long eagerBefore = ctx.eagerOperations;
            double total = 0;
            for (int i = 0; i < 50; i++) {
                total += x.add(y).sum().itemDouble() + Np.sqrt(x).get(4).itemDouble() + x.less(y).any().itemDouble();
            }
            assertEquals(50 * (3 * 999.0 * 1000 / 2 + 1000 + 2 + 1), total);
            assertEquals(launchesBefore, ctx.runtime().stats().operations(), "small operations launched");
            assertTrue(ctx.eagerOperations - eagerBefore >= 250, "eager operations: " + (ctx.eagerOperations - eagerBefore));
            assertTrue(x.base.isEager() && y.base.isEager());
            // a small array used with a large one is demoted: it gets a store and keeps its elements
            NdArray big = Np.ones(new long[]{300_000});
            assertEquals(300_000.0 + 1000.0, big.sum().add(y.get(1000 - 1).subtract(1998.0)).add(999.0).itemDouble());
            NdArray both = big.get(Slice.of(0, 1000)).add(y);
            assertFalse(y.base.isEager(), "a small array launched with a large one keeps a store");
            assertEquals(1.0 + 1.0, both.get(0).itemDouble());
            assertEquals(1.0 + 1999.0, both.get(999).itemDouble());
            assertTrue(ctx.runtime().stats().operations() > launchesBefore);
            return null;
        });
    }

    @Test
    void filledAndZeroDimensionalArraysKeepTheirValuesWhenDemoted() {
        Cohort.run(new Cohort.Config().shards(2), () -> {
            NdArray big = Np.ones(new long[]{300_000});
            NdArray filled = Np.full(new long[]{10}, 4.5);
            NdArray zero = Np.array(3.0);
            NdArray fresh = Np.zeros(new long[]{10});
            NdArray data = Np.arange(10L);
            // each is demoted by a launch with the large array
            assertEquals(300_000 * 4.5, big.multiply(filled.get(3)).sum().itemDouble());
            assertEquals(900_000.0, big.multiply(zero).sum().itemDouble());
            assertEquals(0.0, big.get(Slice.of(0, 10)).multiply(fresh).sum().itemDouble());
            assertEquals(45.0, big.get(Slice.of(0, 10)).multiply(data).sum().itemDouble());
            assertFalse(filled.base.isEager() || zero.base.isEager() || fresh.base.isEager() || data.base.isEager());
            assertArrayEquals(new long[]{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}, data.toLongArray());
            assertEquals(3.0, zero.itemDouble());
            return null;
        });
    }

    /**
     * A shard whose program runs only eager operations issues no launch and waits for no peer; when another shard
     * fails it must still stop (Runtime.checkHealth), not run on alone. Bounded: it gives up after 60 s of looping.
     */
    @Test
    void aShardRunningOnlyEagerOperationsStopsWhenAnotherShardFails() {
        long start = System.nanoTime();
        dev.cohort.runtime.ShardGroupException e = assertThrows(dev.cohort.runtime.ShardGroupException.class,
                () -> Cohort.run(new Cohort.Config().shards(2), () -> {
                    if (Cohort.current().shard() == 1) {
                        Thread.sleep(200);
                        throw new IllegalStateException("shard 1 gives up");
                    }
                    NdArray x = Np.arange(0.0, 100.0, 1.0);
                    long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
                    while (System.nanoTime() < end) {
                        x = x.add(1.0).subtract(1.0);
                    }
                    return "shard 0 ran on for 60 s after shard 1 failed";
                }));
        assertTrue(e.getMessage().contains("shard 1 gives up"), e.getMessage());
        long seconds = TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - start);
        assertTrue(seconds < 30, "shard 0 stopped only after " + seconds + " s");
    }

    @Test
    void aFailingSmallOperationRaisesAtTheCallAndTheSessionGoesOn() {
        Cohort.run(new Cohort.Config().shards(2), () -> {
            NdArray x = Np.arange(10L);
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> x.power(x.subtract(5L)));
            assertEquals("Integers to negative integer powers are not allowed.", e.getMessage());
            assertEquals(285.0, x.power(2L).sum().itemDouble());
            NdArray closed = x.add(1L);
            closed.close();
            IllegalStateException c = assertThrows(IllegalStateException.class, closed::toLongArray);
            assertTrue(c.getMessage().contains("was closed"), c.getMessage());
            assertEquals(45.0, x.sum().itemDouble());
            return null;
        });
    }
}
