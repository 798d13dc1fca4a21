package dev.cohort.ndarray;

import dev.cohort.tasks.BinaryOp;
import dev.cohort.tasks.ReduceOp;
import dev.cohort.tasks.UnaryOp;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Fusion for every dtype ({@link Fusion}): random programs over float64, float32, int64, int32 and bool
 * arrays and Java scalars — chains of element-wise operations, comparisons, logical operations,
 * {@code where} with mixed dtypes, full reductions of every kind — give bit for bit what they give with
 * fusion off (one launch per operation), on 1 to 4 shards with small tiles.
 */
class FusionDtypesTest {
    static final long MIN_TILE = 4;
    /** One shard, small arrays deferred as large ones are: eager execution (Eager) would run them at once, and these tests check fusion. */
    static final Cohort.Config DEFERRED = new Cohort.Config().shards(1).eagerMaxVolume(0);
    static final DType[] DTYPES = {DType.FLOAT64, DType.FLOAT32, DType.INT64, DType.INT32, DType.BOOL};

    /**
     * The bits of every element of {@code a} in its own dtype, then its shape and dtype. NaNs compare as
     * one NaN: which of several NaNs a sum or a max propagates (x86 keeps the first operand's, and C2 may
     * swap the operands of a commutative operation) depends on how the JIT compiled the loop, eager
     * execution included, so only their being NaN is deterministic.
     */
    static long[] bits(NdArray a) {
        long n = a.size();
        long[] b = new long[(int) n + a.ndim() + 1];
        switch (a.dtype()) {
            case FLOAT64 -> {
                double[] v = a.toDoubleArray();
                for (int i = 0; i < n; i++) {
                    b[i] = Double.doubleToLongBits(v[i]);
                }
            }
            case FLOAT32 -> {
                float[] v = a.toFloatArray();
                for (int i = 0; i < n; i++) {
                    b[i] = Float.floatToIntBits(v[i]);
                }
            }
            case INT64 -> System.arraycopy(a.toLongArray(), 0, b, 0, (int) n);
            case INT32 -> {
                int[] v = a.toIntArray();
                for (int i = 0; i < n; i++) {
                    b[i] = v[i];
                }
            }
            case BOOL -> {
                boolean[] v = a.toBooleanArray();
                for (int i = 0; i < n; i++) {
                    b[i] = v[i] ? 1 : 0;
                }
            }
        }
        for (int i = 0; i < a.ndim(); i++) {
            b[(int) n + i] = a.shape(i);
        }
        b[b.length - 1] = a.dtype().ordinal();
        return b;
    }

    /** The bits of every array {@code program} returns with fusion on or off; every shard must agree. */
    static List<long[]> run(int shards, boolean fused, Callable<List<NdArray>> program) {
        List<List<long[]>> perShard = Cohort.run(new Cohort.Config().shards(shards).minTileVolume(MIN_TILE), () -> {
            Cohort.current().fusion.enabled = fused;
            List<long[]> out = new ArrayList<>();
            for (NdArray a : program.call()) {
                out.add(bits(a));
            }
            return out;
        });
        for (int s = 1; s < shards; s++) {
            FusionTest.assertSame(perShard.get(0), perShard.get(s), "shard " + s + " differs from shard 0");
        }
        return perShard.get(0);
    }

    // ------------------------------------------------------------------ random programs

    static final BinaryOp[] BOPS = BinaryOp.values();
    static final UnaryOp[] UOPS = UnaryOp.values();
    static final ReduceOp[] ROPS = ReduceOp.values();

    /** An array of {@code dtype} and shape (rows, cols) with small values, zeros, and (floats) NaN, infinities and -0.0. */
    static NdArray array(Random rnd, DType dtype, int rows, int cols) {
        return array(rnd, dtype, rows, cols, true);
    }

    /** {@link #array}; without {@code specials} the floats are all finite (sums of long rows stay informative). */
    static NdArray array(Random rnd, DType dtype, int rows, int cols, boolean specials) {
        int n = rows * cols;
        return switch (dtype) {
            case FLOAT64 -> {
                double[] v = new double[n];
                for (int i = 0; i < n; i++) {
                    v[i] = specials ? special(rnd) : rnd.nextGaussian() * 3;
                }
                yield Np.array(v).reshape(rows, cols);
            }
            case FLOAT32 -> {
                float[] v = new float[n];
                for (int i = 0; i < n; i++) {
                    v[i] = (float) (specials ? special(rnd) : rnd.nextGaussian() * 3);
                }
                yield Np.array(v).reshape(rows, cols);
            }
            case INT64 -> {
                long[] v = new long[n];
                for (int i = 0; i < n; i++) {
                    v[i] = rnd.nextInt(20) == 0 ? rnd.nextLong() : rnd.nextInt(11) - 5;
                }
                yield Np.array(v).reshape(rows, cols);
            }
            case INT32 -> {
                int[] v = new int[n];
                for (int i = 0; i < n; i++) {
                    v[i] = rnd.nextInt(20) == 0 ? rnd.nextInt() : rnd.nextInt(11) - 5;
                }
                yield Np.array(v).reshape(rows, cols);
            }
            case BOOL -> {
                boolean[] v = new boolean[n];
                for (int i = 0; i < n; i++) {
                    v[i] = rnd.nextBoolean();
                }
                yield Np.array(v).reshape(rows, cols);
            }
        };
    }

    private static double special(Random rnd) {
        return switch (rnd.nextInt(40)) {
            case 0 -> Double.NaN;
            case 1 -> Double.POSITIVE_INFINITY;
            case 2 -> -0.0;
            case 3 -> 0.0;
            case 4 -> 1e300;
            default -> rnd.nextGaussian() * 3;
        };
    }

    static Object scalar(Random rnd) {
        return switch (rnd.nextInt(4)) {
            case 0 -> rnd.nextGaussian() * 2;
            case 1 -> (long) (rnd.nextInt(7) - 3);
            case 2 -> rnd.nextBoolean();
            default -> 0.1 * (rnd.nextInt(21) - 10);
        };
    }

    /**
     * A random program: a pool of arrays of every dtype of one shape (plus a broadcast row, a strided
     * view and a negative-step view), then {@code steps} operations — binary (every operator, scalars
     * on either side), unary (every operator), where, full reductions of every kind, axis sums, copies,
     * and writes into the pool (fill, out=) — each result going back into the pool, so chains of up to a
     * dozen operations over mixed dtypes form. Returns every array made.
     */
    static List<NdArray> program(long seed, int steps) {
        Random rnd = new Random(seed);
        int rows = 1 + rnd.nextInt(6);
        int cols = 1 + rnd.nextInt(9);
        List<NdArray> pool = new ArrayList<>();
        List<NdArray> all = new ArrayList<>();
        for (DType d : DTYPES) {
            pool.add(array(rnd, d, rows, cols));
        }
        pool.add(array(rnd, DTYPES[rnd.nextInt(DTYPES.length)], 1, cols));                        // broadcast row
        NdArray big = array(rnd, DTYPES[rnd.nextInt(DTYPES.length)], rows + 2, 2 * cols);
        pool.add(big.get(Np.slice(1L, (long) rows + 1, null), Np.slice(0L, null, 2L)));           // strided view
        pool.add(big.get(Np.slice((long) rows, 0L, -1L), Np.slice(null, null, null)).get(":, :" + cols)); // negative step
        all.addAll(pool);
        for (int step = 0; step < steps; step++) {
            int what = rnd.nextInt(100);
            NdArray r;
            try {
                if (what < 40) {
                    BinaryOp op = BOPS[rnd.nextInt(BOPS.length)];
                    Object x = rnd.nextInt(6) == 0 ? scalar(rnd) : pick(rnd, pool);
                    Object y = rnd.nextInt(4) == 0 ? scalar(rnd) : pick(rnd, pool);
                    if (!(x instanceof NdArray) && !(y instanceof NdArray)) {
                        x = pick(rnd, pool);
                    }
                    if (op == BinaryOp.POWER) {
                        // integer powers with negative exponents fail (checked on their own below)
                        x = pick(rnd, pool);
                        y = rnd.nextBoolean() ? (Object) (long) rnd.nextInt(4) : (Object) (rnd.nextDouble() * 3);
                    }
                    r = Elementwise.binary(op, x, y, null);
                    note(op + " " + desc(x, all) + " " + desc(y, all));
                } else if (what < 65) {
                    UnaryOp op = UOPS[rnd.nextInt(UOPS.length)];
                    NdArray a = pick(rnd, pool);
                    r = Elementwise.unary(op, a, null);
                    note(op + " " + desc(a, all));
                } else if (what < 78) {
                    Object c = rnd.nextInt(8) == 0 ? (Object) rnd.nextBoolean() : pick(rnd, pool);
                    Object x = rnd.nextInt(4) == 0 ? scalar(rnd) : pick(rnd, pool);
                    Object y = rnd.nextInt(4) == 0 ? scalar(rnd) : pick(rnd, pool);
                    if (!(x instanceof NdArray) && !(y instanceof NdArray)) {
                        x = pick(rnd, pool);
                    }
                    r = Elementwise.where(c, x, y);
                    note("WHERE " + desc(c, all) + " " + desc(x, all) + " " + desc(y, all));
                } else if (what < 88) {
                    NdArray a = pick(rnd, pool);
                    ReduceOp op = ROPS[rnd.nextInt(ROPS.length)];
                    r = rnd.nextInt(6) == 0 ? Reductions.mean(a, null, false) : Reductions.reduce(op, a, null, false);
                    note("REDUCE " + op + " " + desc(a, all));
                } else if (what < 91) {
                    NdArray a = pick(rnd, pool);
                    r = a.ndim() == 2 ? a.sum(rnd.nextInt(2)) : a.sum();
                } else if (what < 93) {
                    r = pick(rnd, pool).copy();
                } else if (what < 96) {
                    pick(rnd, pool).fill(rnd.nextInt(3) - 1);
                    continue;
                } else {
                    NdArray o = pick(rnd, pool);
                    Elementwise.binary(BOPS[rnd.nextInt(3)], pick(rnd, pool), (long) rnd.nextInt(3), o);
                    continue;
                }
            } catch (ShapeMismatchException | DTypeException e) {
                continue;   // a bool subtract or negative, an impossible broadcast, a cast NumPy refuses
            }
            pool.add(r);
            all.add(r);
            note("  -> #" + (all.size() - 1) + ":" + r.dtype());
            if (pool.size() > 20) {
                pool.remove(8 + rnd.nextInt(pool.size() - 8));
            }
        }
        return all;
    }

    /** When set, {@link #program} notes each operation (for reproducing a failure). */
    static List<String> trace;

    private static void note(String what) {
        if (trace != null) {
            trace.add(what);
        }
    }

    private static String desc(Object x, List<NdArray> all) {
        if (x instanceof NdArray a) {
            return "#" + all.indexOf(a) + ":" + a.dtype();
        }
        return String.valueOf(x) + ":" + x.getClass().getSimpleName();
    }

    private static NdArray pick(Random rnd, List<NdArray> pool) {
        // the newest arrays most often: long chains form
        int n = pool.size();
        return rnd.nextBoolean() ? pool.get(n - 1 - rnd.nextInt(Math.min(n, 4))) : pool.get(rnd.nextInt(n));
    }

    @ParameterizedTest(name = "{0} shard(s)")
    @ValueSource(ints = {1, 2, 3, 4})
    @Timeout(value = 300, unit = TimeUnit.SECONDS)
    void randomProgramsGiveTheEagerBits(int shards) {
        int programs = shards == 1 ? 60 : 15;
        for (int p = 0; p < programs; p++) {
            long seed = 5000 + 31L * p + shards;
            List<long[]> eager = run(shards, false, () -> program(seed, 50));
            List<long[]> fused = run(shards, true, () -> program(seed, 50));
            FusionTest.assertSame(eager, fused, "program " + seed + " on " + shards + " shard(s)");
        }
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void randomProgramsFuseEveryDtype() {
        long[] counts = Cohort.run(DEFERRED, () -> {
            Fusion.State st = Cohort.current().fusion;
            for (int p = 0; p < 5; p++) {
                program(77 + p, 60);
            }
            return new long[]{st.deferred, st.launches, st.fusedReductions};
        }).get(0);
        assertTrue(counts[0] > 100, "deferred " + counts[0]);
        assertTrue(counts[1] < counts[0], "launches " + counts[1] + " < deferred " + counts[0]);
        assertTrue(counts[2] > 5, "fused reductions " + counts[2]);
    }

    // ------------------------------------------------------------------ chains per dtype

    /** Ten chained operations on one dtype: one FUSED launch, the eager bits, on 1 and 3 shards. */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"FLOAT64", "FLOAT32", "INT64", "INT32", "BOOL"})
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void tenChainedOperationsAreOneLaunch(String name) {
        DType d = DType.valueOf(name);
        Callable<List<NdArray>> program = () -> {
            NdArray[] ab = pair(new Random(3), d, 7, 9);
            NdArray a = ab[0];
            NdArray b = ab[1];
            Fusion.State st = Cohort.current().fusion;
            long before = st.launches;
            NdArray r;
            if (d == DType.BOOL) {
                r = a.logical_and(b).logical_or(a.logical_not()).logical_and(b.logical_not()).logical_or(a)
                        .logical_and(b).logical_or(b.logical_not()).logical_not().logical_or(a).logical_and(b);
            } else {
                r = a.add(b).multiply(3L).subtract(a).maximum(b).minimum(7L).add(b).multiply(a).subtract(2L)
                        .maximum(a).add(1L);
            }
            if (st.enabled) {
                assertNotNull(r.base.pending, "deferred");
                assertEquals(d, r.dtype());
                assertEquals(before, st.launches, "nothing launched yet");
            }
            List<NdArray> out = List.of(r);
            bits(r);
            if (st.enabled) {
                assertEquals(before + 1, st.launches, "one FUSED launch");
            }
            return out;
        };
        fusedGivesTheEagerBits(name, program);
    }

    /**
     * float32 and int32 chains in their own dtype (the task library's {@code NativeChain}) over rows longer than its
     * chunk: a broadcast row, scalars of every Java type, unary functions, integer floor division and remainder by
     * arrays holding zeros, NaN, infinities and integer extremes; fused gives the eager bits on 1 and 3 shards.
     */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"FLOAT32", "INT32"})
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void chainsOfOneDtypeOverLongRowsGiveTheEagerBits(String name) {
        DType d = DType.valueOf(name);
        Callable<List<NdArray>> program = () -> {
            Random rnd = new Random(21);
            NdArray[] ab = pair(rnd, d, 3, 2500);
            NdArray a = ab[0];
            NdArray b = ab[1];
            NdArray row = array(rnd, d, 1, 2500);
            NdArray r;
            if (d == DType.FLOAT32) {
                r = Np.sqrt(Np.abs(a.multiply(0.5).add(b))).subtract(row).maximum(a).divide(b.add(3L)).minimum(4.5)
                        .multiply(Np.exp(b.minimum(2L))).power(a.abs().minimum(2.0)).negative();
            } else {
                r = a.multiply(3L).add(b).floor_divide(b).subtract(row).maximum(a).remainder(b.add(7L))
                        .multiply(a).bitwise_xor(row).square().negative().abs();
            }
            assertEquals(d, r.dtype());
            return List.of(r);
        };
        fusedGivesTheEagerBits(name, program);
    }

    /** Two arrays of {@code d} and shape (rows, cols) from {@code rnd} ({@link #array}), the operands of a chain. */
    private static NdArray[] pair(Random rnd, DType d, int rows, int cols) {
        return new NdArray[]{array(rnd, d, rows, cols), array(rnd, d, rows, cols)};
    }

    /** {@code program} gives the same bits fused and eager (one launch per operation), on 1 and 3 shards. */
    private static void fusedGivesTheEagerBits(String name, Callable<List<NdArray>> program) {
        for (int shards : new int[]{1, 3}) {
            FusionTest.assertSame(run(shards, false, program), run(shards, true, program), name + " on " + shards + " shard(s)");
        }
    }

    /** A mask from comparisons of mixed dtypes, logical operations and where into another dtype: one launch. */
    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void comparisonsLogicalOpsAndWhereFuseAcrossDtypes() {
        Callable<List<NdArray>> program = () -> {
            Random rnd = new Random(9);
            NdArray i = array(rnd, DType.INT64, 6, 11);
            NdArray f = array(rnd, DType.FLOAT64, 6, 11);
            NdArray g = array(rnd, DType.FLOAT32, 6, 11);
            NdArray k = array(rnd, DType.INT32, 6, 11);
            Fusion.State st = Cohort.current().fusion;
            NdArray mask = i.greater(f).logical_and(g.less_equal(0.5)).logical_or(k.equal(2.0).logical_not());
            NdArray w = Elementwise.where(mask, k, g.multiply(2.0));          // int32 | float32 -> float64
            NdArray v = Elementwise.where(i.less(0.0), i, k.add(1L));          // int64
            NdArray s = w.add(v).sum();
            NdArray c = Elementwise.where(mask, 1L, 0L).sum();                 // count of true
            if (st.enabled) {
                assertEquals(DType.BOOL, mask.dtype());
                assertEquals(DType.FLOAT64, w.dtype());
                assertEquals(DType.INT64, v.dtype());
                assertNotNull(w.base.pending, "where deferred");
            }
            return List.of(s, c, w, v, mask);
        };
        for (int shards : new int[]{1, 2, 4}) {
            FusionTest.assertSame(run(shards, false, program), run(shards, true, program), shards + " shard(s)");
        }
        long[] launches = Cohort.run(DEFERRED, () -> {
            Random rnd = new Random(9);
            NdArray i = array(rnd, DType.INT64, 6, 11);
            NdArray f = array(rnd, DType.FLOAT64, 6, 11);
            Fusion.State st = Cohort.current().fusion;
            long before = st.launches;
            NdArray mask = i.greater(f).logical_and(f.less_equal(0.5));
            NdArray w = Elementwise.where(mask, i, f.multiply(2.0));
            NdArray s = w.sum();
            s.itemDouble();
            return new long[]{st.launches - before, st.fusedReductions};
        }).get(0);
        assertEquals(1, launches[0], "the whole program is one FUSED_REDUCE launch");
        assertEquals(1, launches[1]);
    }

    // ------------------------------------------------------------------ reductions of every dtype

    @ParameterizedTest(name = "{0} shard(s)")
    @ValueSource(ints = {1, 2, 3, 4})
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void fullReductionsOfEveryDtypeGiveTheEagerBits(int shards) {
        Callable<List<NdArray>> program = () -> {
            Random rnd = new Random(40 + shards);
            List<NdArray> out = new ArrayList<>();
            // long rows cross the 1024-element chunks of REDUCE's strided path
            Fusion.State st = Cohort.current().fusion;
            long before = st.fusedReductions;
            for (int[] shape : new int[][]{{3, 5}, {2, 1500}, {4099, 1}, {3000, 2}}) {
                boolean specials = shape[0] * shape[1] < 100;
                for (DType d : DTYPES) {
                    NdArray a = array(rnd, d, shape[0], shape[1], specials);
                    NdArray b = array(rnd, d, shape[0], shape[1], specials);
                    for (ReduceOp op : ROPS) {
                        NdArray e = d == DType.BOOL ? a.logical_and(b).logical_or(b.logical_not()) : a.add(b).multiply(2L);
                        out.add(Reductions.reduce(op, e, null, false));
                    }
                    out.add(Reductions.mean(a.multiply(3L), null, false));
                }
            }
            if (st.enabled) {
                assertEquals(before + 4 * 5 * (ROPS.length + 1), st.fusedReductions, "every reduction fused");
            }
            return out;
        };
        FusionTest.assertSame(run(shards, false, program), run(shards, true, program), shards + " shard(s)");
    }

    // ------------------------------------------------------------------ integer errors

    private static String failure(boolean fused, boolean arrayExponent) {
        Throwable t = assertThrows(Throwable.class, () -> Cohort.run(new Cohort.Config().shards(2).minTileVolume(MIN_TILE), () -> {
            Cohort.current().fusion.enabled = fused;
            NdArray a = Np.array(1L, 2L, 3L, 4L, 5L, 6L);
            NdArray r = arrayExponent ? a.add(1L).power(Np.array(1L, 0L, -1L, 2L, 3L, 1L)) : a.add(1L).power(-1L);
            return r.multiply(2L).toLongArray();
        }));
        StringBuilder chain = new StringBuilder(t.getClass().getSimpleName());
        boolean found = false;
        for (Throwable c = t; c != null; c = c.getCause()) {
            found |= String.valueOf(c.getMessage()).contains("Integers to negative integer powers are not allowed.");
            if (c instanceof IllegalArgumentException) {
                chain.append(" <- IllegalArgumentException");
            }
        }
        assertTrue(found, "names the negative power: " + t);
        return chain.toString();
    }

    /** An integer power with a negative exponent fails as eagerly: the same exception, from the same call. */
    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void integerPowerWithNegativeExponentFailsAsEager() {
        assertEquals(failure(false, false), failure(true, false));
        assertEquals(failure(false, true), failure(true, true));
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void everyDtypeIsDeferred() {
        Cohort.run(DEFERRED, () -> {
            Random rnd = new Random(1);
            for (DType d : DTYPES) {
                NdArray a = array(rnd, d, 3, 4);
                NdArray r = d == DType.BOOL ? a.logical_not() : a.add(1L);
                assertNotNull(r.base.pending, d + " deferred");
                assertNotNull(a.greater(0.0).base.pending, d + " comparison deferred");
                assertNotNull(Elementwise.where(a, 1.0, 2L).base.pending, d + " where deferred");
            }
            return null;
        });
    }
}
