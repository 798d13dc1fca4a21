package dev.cohort.ndarray;

import dev.cohort.runtime.RuntimeConfig;
import dev.cohort.tasks.BinaryOp;
import dev.cohort.tasks.UnaryOp;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;

import static dev.cohort.ndarray.Np.*;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Element-wise fusion ({@link Fusion}): every program gives the bits it gives with fusion off
 * (eager: one launch per operation), on one and on several in-process shards, and deferral is
 * invisible — a deferred array never sees a later write to its inputs.
 */
class FusionTest {
    static final long MIN_TILE = 4;
    /** One shard, small arrays deferred as large ones are: eager execution (Eager) would run them at once, and these tests check fusion. */
    static final Cohort.Config DEFERRED = new Cohort.Config().shards(1).eagerMaxVolume(0);

    /** The bits of every array {@code program} returns, run with fusion on or off. */
    static List<long[]> run(int shards, boolean fused, Callable<List<NdArray>> program) {
        return run(new Cohort.Config().shards(shards).minTileVolume(MIN_TILE), fused, program);
    }

    /** {@link #run(int, boolean, Callable)} under {@code config}; every shard must give the same bits. */
    static List<long[]> run(Cohort.Config config, boolean fused, Callable<List<NdArray>> program) {
        int shards = config.shards();
        List<List<long[]>> perShard = Cohort.run(config, () -> {
            Cohort.current().fusion.enabled = fused;
            List<long[]> bits = new ArrayList<>();
            for (NdArray a : program.call()) {
                bits.add(bits(a));
            }
            return bits;
        });
        for (int s = 1; s < shards; s++) {
            assertSame(perShard.get(0), perShard.get(s), "shard " + s + " differs from shard 0");
        }
        return perShard.get(0);
    }

    static long[] bits(NdArray a) {
        double[] d = a.toDoubleArray();
        long[] b = new long[d.length + a.ndim() + 1];
        for (int i = 0; i < d.length; i++) {
            b[i] = Double.doubleToRawLongBits(d[i]);
        }
        // the shape and dtype too
        for (int i = 0; i < a.ndim(); i++) {
            b[d.length + i] = a.shape(i);
        }
        b[b.length - 1] = a.dtype().ordinal();
        return b;
    }

    static void assertSame(List<long[]> expected, List<long[]> actual, String what) {
        assertEquals(expected.size(), actual.size(), what + ": number of arrays");
        for (int i = 0; i < expected.size(); i++) {
            assertArrayEquals(expected.get(i), actual.get(i), what + ": array " + i);
        }
    }

    /** Fused and eager give the same bits on {@code shards} shards. */
    static void check(int shards, Callable<List<NdArray>> program) {
        List<long[]> eager = run(shards, false, program);
        List<long[]> fused = run(shards, true, program);
        assertSame(eager, fused, "fused vs eager on " + shards + " shard(s)");
    }

    static Fusion.State state() {
        return Cohort.current().fusion;
    }

    // ------------------------------------------------------------------ random chains

    /**
     * A random program over a pool of arrays: element-wise float64 operations (binary and unary,
     * scalars on either side, broadcasting, views with steps and negative steps, int operands,
     * 0-d arrays), interleaved with writes into the pool (out=, in-place, slice assignment, fill)
     * and non-fusable uses (reductions, matmul, views of results, copies). Returns every array the
     * program made, so intermediate deferred values are checked after the writes.
     */
    static List<String> trace;

    static List<NdArray> randomProgram(long seed, int steps) {
        Random rnd = new Random(seed);
        int rows = 2 + rnd.nextInt(7);
        int cols = 2 + rnd.nextInt(9);
        Np.random.seed(seed);
        List<NdArray> pool = new ArrayList<>();
        List<NdArray> all = new ArrayList<>();
        NdArray big = Np.random.rand(rows + 3, cols + 4).add(0.25);
        pool.add(Np.random.rand(rows, cols));
        pool.add(Np.random.randn(rows, cols));
        pool.add(big.get(slice(1L, (long) rows + 1, null), slice(2L, (long) cols + 2, null)));
        pool.add(big.get(slice((long) rows + 1, 0L, -1L), slice((long) cols + 3, 2L, -1L)));   // negative steps
        pool.add(Np.random.rand(cols, rows).T());
        pool.add(Np.random.rand(cols).add(0.5));                                              // broadcast row
        pool.add(Np.random.rand(rows, 1));                                                     // broadcast column
        pool.add(scalar(1.5));                                                                 // 0-d
        pool.add(arange((long) rows * cols).reshape(rows, cols));                              // int64
        pool.add(Np.random.rand(rows, cols).greater(0.5));                                     // bool
        all.addAll(pool);
        BinaryOp[] bops = {BinaryOp.ADD, BinaryOp.SUBTRACT, BinaryOp.MULTIPLY, BinaryOp.DIVIDE, BinaryOp.MAXIMUM,
                BinaryOp.MINIMUM, BinaryOp.POWER};
        UnaryOp[] uops = {UnaryOp.NEGATIVE, UnaryOp.EXP, UnaryOp.LOG, UnaryOp.SQRT, UnaryOp.ABS, UnaryOp.TANH, UnaryOp.SIN,
                UnaryOp.COS, UnaryOp.SQUARE, UnaryOp.RECIPROCAL, UnaryOp.SIGN, UnaryOp.FLOOR, UnaryOp.CEIL, UnaryOp.LOG1P,
                UnaryOp.EXPM1};
        for (int step = 0; step < steps; step++) {
            int what = rnd.nextInt(100);
            NdArray r;
            if (what < 45) {
                BinaryOp op = bops[rnd.nextInt(bops.length)];
                Object x = pick(rnd, pool);
                Object y = pick(rnd, pool);
                if (!(x instanceof NdArray) && !(y instanceof NdArray)) {
                    y = pool.get(rnd.nextInt(pool.size()));
                }
                try {
                    r = Elementwise.binary(op, x, y, null);
                } catch (ShapeMismatchException | DTypeException e) {
                    continue;
                }
            } else if (what < 70) {
                NdArray a = pool.get(rnd.nextInt(pool.size()));
                try {
                    r = Elementwise.unary(uops[rnd.nextInt(uops.length)], a, null);
                } catch (DTypeException e) {
                    continue;
                }
            } else if (what < 76) {
                // out= into a pool member (possibly deferred, possibly an input of deferred ones)
                NdArray o = pool.get(rnd.nextInt(pool.size()));
                if (o.dtype() != DType.FLOAT64) {
                    continue;
                }
                NdArray a = pool.get(rnd.nextInt(pool.size()));
                try {
                    Elementwise.binary(bops[rnd.nextInt(4)], a, rnd.nextDouble(), o);
                } catch (ShapeMismatchException | DTypeException e) {
                    // not broadcastable into o
                }
                continue;
            } else if (what < 80) {
                NdArray o = pool.get(rnd.nextInt(pool.size()));
                if (o.ndim() == 2 && o.shape(0) > 1) {
                    o.set("1:, ::2", rnd.nextDouble());
                } else {
                    o.fill(rnd.nextDouble());
                }
                continue;
            } else if (what < 84) {
                NdArray o = pool.get(rnd.nextInt(pool.size()));
                NdArray v = pool.get(rnd.nextInt(pool.size()));
                try {
                    o.assign(v);
                } catch (ShapeMismatchException | DTypeException e) {
                    // not broadcastable
                }
                continue;
            } else if (what < 88) {
                NdArray a = pool.get(rnd.nextInt(pool.size()));
                r = a.ndim() == 2 ? a.get("::-1, 1:") : a.copy();
            } else if (what < 92) {
                NdArray a = pool.get(rnd.nextInt(pool.size()));
                r = a.ndim() == 2 ? a.sum(rnd.nextInt(2)) : a.sum();
            } else if (what < 95) {
                NdArray a = pool.get(rnd.nextInt(pool.size()));
                NdArray b = pool.get(rnd.nextInt(pool.size()));
                if (a.ndim() == 2 && b.ndim() == 2 && a.shape(1) == b.shape(1) && a.dtype() == DType.FLOAT64
                        && b.dtype() == DType.FLOAT64) {
                    r = a.matmul(b.T());
                } else {
                    continue;
                }
            } else {
                NdArray a = pool.get(rnd.nextInt(pool.size()));
                r = a.T().multiply(1.0).T();
            }
            pool.add(r);
            all.add(r);
            if (trace != null) {
                trace.add("step " + step + " what " + what + " -> array " + (all.size() - 1));
            }
            if (pool.size() > 24) {
                pool.remove(10 + rnd.nextInt(pool.size() - 10));
            }
        }
        return all;
    }

    private static Object pick(Random rnd, List<NdArray> pool) {
        return switch (rnd.nextInt(8)) {
            case 0 -> rnd.nextDouble() * 4 - 2;
            case 1 -> (long) (rnd.nextInt(5) - 2);
            default -> pool.get(rnd.nextInt(pool.size()));
        };
    }

    @ParameterizedTest(name = "{0} shard(s)")
    @ValueSource(ints = {1, 2, 3, 4})
    @Timeout(value = 300, unit = TimeUnit.SECONDS)
    void randomChainsGiveTheEagerBits(int shards) {
        int programs = shards == 1 ? 40 : 10;
        for (int p = 0; p < programs; p++) {
            long seed = 1000 + p;
            List<long[]> eager = run(shards, false, () -> randomProgram(seed, 60));
            List<long[]> fused = run(shards, true, () -> randomProgram(seed, 60));
            assertSame(eager, fused, "program " + seed + " on " + shards + " shard(s)");
        }
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void randomChainsFuseSomething() {
        long[] counts = Cohort.run(DEFERRED, () -> {
            randomProgram(7, 80);
            return new long[]{state().deferred, state().launches};
        }).get(0);
        assertTrue(counts[0] > 20, "deferred " + counts[0]);
        assertTrue(counts[1] < counts[0], "launches " + counts[1] + " < deferred " + counts[0]);
    }

    // ------------------------------------------------------------------ chains of the examples

    @ParameterizedTest(name = "{0} shard(s)")
    @ValueSource(ints = {1, 2, 4})
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void laplacianIsOneLaunch(int shards) {
        Callable<List<NdArray>> program = () -> {
            Np.random.seed(3);
            NdArray u = Np.random.rand(34, 34);
            long before = state().launches;
            NdArray lap = u.get("1:-1, 1:-1").multiply(4.0).subtract(u.get(":-2, 1:-1")).subtract(u.get("2:, 1:-1"))
                    .subtract(u.get("1:-1, :-2")).subtract(u.get("1:-1, 2:"));
            if (state().enabled) {
                assertEquals(before, state().launches, "nothing launched yet");
                assertNotNull(lap.base.pending);
            }
            NdArray s = lap.sum();
            if (state().enabled) {
                assertEquals(before + 1, state().launches, "one FUSED launch");
            }
            return List.of(lap, s);
        };
        check(shards, program);
    }

    @ParameterizedTest(name = "{0} shard(s)")
    @ValueSource(ints = {1, 3})
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void logisticAndVectorUpdates(int shards) {
        check(shards, () -> {
            Np.random.seed(5);
            NdArray X = Np.random.randn(200, 8);
            NdArray y = X.matmul(Np.random.randn(8)).greater(0.0).astype(float64);
            NdArray w = zeros(8);
            List<NdArray> out = new ArrayList<>();
            for (int i = 0; i < 5; i++) {
                NdArray z = X.matmul(w);
                NdArray p = divide(1.0, z.negative().exp().add(1.0));
                NdArray g = X.T().matmul(p.subtract(y)).divide(200.0);
                w = w.subtract(g.multiply(0.5));
                out.add(p);
            }
            NdArray z = X.matmul(w);
            out.add(log1p(z.exp()).subtract(y.multiply(z)).mean());
            out.add(w);
            // CG-style updates with 0-d coefficients
            NdArray x = zeros(200);
            NdArray r = Np.random.rand(200);
            NdArray p = r.multiply(0.25);
            for (int i = 0; i < 12; i++) {
                NdArray alpha = r.multiply(r).sum().divide(p.multiply(p).sum().add(1.0));
                x = x.add(alpha.multiply(p));
                r = r.subtract(alpha.multiply(r.multiply(0.1)));
                NdArray z2 = r.multiply(0.25);
                p = z2.add(r.multiply(z2).sum().divide(10.0).multiply(p));
                out.add(linalg.norm(r));
            }
            out.add(x);
            out.add(p);
            return out;
        });
    }

    @ParameterizedTest(name = "{0} shard(s)")
    @ValueSource(ints = {1, 2})
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void conjugateGradientPoissonSmall(int shards) {
        check(shards, () -> PoissonCgProgram.run(20, 15, false));
    }

    // ------------------------------------------------------------------ deferral is invisible

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void aDeferredArrayDoesNotSeeALaterWriteToItsInput() {
        Cohort.run(DEFERRED, () -> {
            NdArray a = arange(6.0, 0.0, -1.0).add(0.0);         // materialised below by copy
            a = a.copy();
            double[] old = a.toDoubleArray();
            NdArray b = a.multiply(2.0);
            assertNotNull(b.base.pending);
            a.set(":", 5.0);
            double[] got = b.toDoubleArray();
            for (int i = 0; i < old.length; i++) {
                assertEquals(old[i] * 2, got[i]);
            }
            assertArrayEquals(new double[]{5, 5, 5, 5, 5, 5}, a.toDoubleArray());
            return null;
        });
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void consumedIntermediatesKeepTheirValuesAcrossWrites() {
        Cohort.run(DEFERRED, () -> {
            NdArray a = array(1, 2, 3, 4.0);
            NdArray t = a.multiply(2.0);          // deferred
            NdArray c = t.add(1.0);               // inlines t
            assertEquals(2 * 10 + 4, c.sum().itemDouble());   // c launched, t still deferred
            a.fill(7.0);                          // a written: t must keep a's old values
            NdArray u = t.add(0.0);
            multiply(a, 3.0, a);                  // in place
            a.set("1:3", array(-1, -2.0));
            assertArrayEquals(new double[]{2, 4, 6, 8}, t.toDoubleArray());
            assertArrayEquals(new double[]{3, 5, 7, 9}, c.toDoubleArray());
            assertArrayEquals(new double[]{2, 4, 6, 8}, u.toDoubleArray());
            assertArrayEquals(new double[]{21, -1, -2, 21}, a.toDoubleArray());
            assertEquals(1, state().renames, "a.fill renames a's store; t keeps the old one and nothing else reads a");
            assertEquals(0, state().snapshots);
            return null;
        });
    }

    /**
     * Deferred readers of a store that is then written keep its old elements: a write of the whole store renames it
     * (the readers keep the old store, nothing is copied), a write of part of it (here a stencil's padded array, whose
     * temporaries stay registered readers, as NumPy users write it) or a strided one copies it whole first.
     */
    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void aWholeStoreWriteRenamesTheStoreAndAPartialOneSnapshotsIt() {
        Cohort.run(DEFERRED, () -> {
            NdArray padded = arange(0.0, 36.0, 1.0).reshape(6, 6).copy();
            double[] old = padded.toDoubleArray();
            NdArray lap = padded.get("1:-1, 1:-1").multiply(4.0)
                    .subtract(padded.get(":-2, 1:-1")).subtract(padded.get("2:, 1:-1"));   // deferred
            NdArray mid = padded.get("1:-1, 1:-1").multiply(2.0);                        // deferred
            long snapshots = state().snapshots;
            long renames = state().renames;
            padded.set("1:-1, 1:-1", ones(4, 4).multiply(-1.0));
            assertEquals(snapshots + 1, state().snapshots, "the interior write copies the store");
            assertEquals(renames, state().renames);
            double[] p = padded.toDoubleArray();
            double[] l = lap.toDoubleArray();
            double[] m = mid.toDoubleArray();
            for (int i = 0; i < 6; i++) {
                for (int j = 0; j < 6; j++) {
                    boolean interior = i >= 1 && i <= 4 && j >= 1 && j <= 4;
                    assertEquals(interior ? -1.0 : old[6 * i + j], p[6 * i + j], "padded[" + i + ", " + j + "]");
                    if (interior) {
                        int k = 4 * (i - 1) + (j - 1);
                        assertEquals(4 * old[6 * i + j] - old[6 * (i - 1) + j] - old[6 * (i + 1) + j], l[k]);
                        assertEquals(2 * old[6 * i + j], m[k]);
                    }
                }
            }
            // whole-store writes (out=, a copy, a fill) rename; a strided write copies the whole store
            NdArray twice = padded.multiply(2.0);                                         // deferred
            add(ones(6, 6), 1.0, padded);
            assertEquals(renames + 1, state().renames, "out= into the whole array renames");
            NdArray thrice = padded.multiply(3.0);
            padded.assign(full(new long[]{6, 6}, 4.0));
            assertEquals(renames + 2, state().renames, "a copy into the whole array renames");
            NdArray quadruple = padded.multiply(4.0);
            padded.fill(5.0);
            assertEquals(renames + 3, state().renames, "a fill renames");
            NdArray five = padded.multiply(5.0);
            padded.set("::2, :", 0.5);
            assertEquals(renames + 3, state().renames);
            assertEquals(snapshots + 2, state().snapshots, "a strided write copies the store");
            double[] q = padded.toDoubleArray();
            for (int k = 0; k < 36; k++) {
                assertEquals(2 * p[k], twice.toDoubleArray()[k]);
                assertEquals(6.0, thrice.toDoubleArray()[k]);
                assertEquals(16.0, quadruple.toDoubleArray()[k]);
                assertEquals(25.0, five.toDoubleArray()[k]);
                assertEquals((k / 6) % 2 == 0 ? 0.5 : 5.0, q[k]);
            }
            return null;
        });
    }

    /**
     * A box write into a store that deferred expressions read, whose elements outside the box all hold one fill's value
     * (the stencil's padded array: {@code full} then interior writes), renames the store and fills the fresh one with
     * that value: the readers keep the old elements, the store has the new ones in the box and the fill around it, and
     * nothing is snapshotted. A source that reads the store itself sees the old elements. A store whose outside was
     * written, and a strided box, snapshot as before.
     */
    @ParameterizedTest(name = "min tile volume {0}")
    @ValueSource(longs = {MIN_TILE, 1 << 16})
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void aBoxWriteIntoAFilledStoreRenamesItAndFillsTheFreshOne(long minTile) {
        // tiles of 4 elements: the box's copy is a group launch, tiled within the box; tiles of 2^16: one point, whose
        // piece is the whole store (it reads the fill around the box)
        Cohort.run(new Cohort.Config().shards(1).eagerMaxVolume(0).minTileVolume(minTile), () -> {
            int m = 40;
            NdArray padded = full(new long[]{m, m}, 3.0);
            padded.set("1:-1, 1:-1", arange(0.0, (m - 2.0) * (m - 2), 1.0).reshape(m - 2, m - 2));
            double[] old = new double[m * m];
            for (int k = 0; k < m * m; k++) {
                int i = k / m, j = k % m;
                boolean interior = i >= 1 && i < m - 1 && j >= 1 && j < m - 1;
                old[k] = interior ? (i - 1) * (m - 2) + (j - 1) : 3.0;
            }
            NdArray lap = padded.get("1:-1, 1:-1").multiply(4.0)
                    .subtract(padded.get(":-2, 1:-1")).subtract(padded.get("1:-1, 2:"));       // deferred
            long snapshots = state().snapshots;
            long boxRenames = state().boxRenames;
            padded.set("1:-1, 1:-1", padded.get(":-2, 1:-1").add(0.5));                       // the source reads padded
            assertEquals(boxRenames + 1, state().boxRenames, "the interior write renames the store");
            assertEquals(snapshots, state().snapshots, "and copies nothing");
            double[] p = padded.toDoubleArray();
            double[] l = lap.toDoubleArray();
            for (int i = 0; i < m; i++) {
                for (int j = 0; j < m; j++) {
                    boolean interior = i >= 1 && i < m - 1 && j >= 1 && j < m - 1;
                    assertEquals(interior ? old[m * (i - 1) + j] + 0.5 : 3.0, p[m * i + j], "padded[" + i + ", " + j + "]");
                    if (interior) {
                        assertEquals(4 * old[m * i + j] - old[m * (i - 1) + j] - old[m * i + j + 1], l[(m - 2) * (i - 1) + (j - 1)],
                                "lap[" + (i - 1) + ", " + (j - 1) + "]");
                    }
                }
            }
            // the border written: its outside no longer holds the fill, so the readers get a snapshot
            padded.set("0, :", -1.0);
            double[] q0 = padded.toDoubleArray();
            NdArray twice = padded.multiply(2.0);                                              // deferred
            padded.set("1:-1, 1:-1", full(new long[]{m - 2, m - 2}, -7.0));
            assertEquals(snapshots + 1, state().snapshots, "a written border snapshots the store");
            assertEquals(boxRenames + 1, state().boxRenames);
            double[] q = padded.toDoubleArray();
            double[] t = twice.toDoubleArray();
            for (int k = 0; k < m * m; k++) {
                int i = k / m, j = k % m;
                boolean interior = i >= 1 && i < m - 1 && j >= 1 && j < m - 1;
                assertEquals(interior ? -7.0 : i == 0 ? -1.0 : 3.0, q[k], "padded[" + i + ", " + j + "] after the border write");
                assertEquals(2 * q0[k], t[k], "twice[" + i + ", " + j + "]");
            }
            // a strided box of a filled store: a snapshot too
            NdArray grid = zeros(m, m);
            grid.set("1:-1, 1:-1", 1.0);
            NdArray half = grid.multiply(0.5);                                                 // deferred
            grid.set("::2, ::2", full(new long[]{m / 2, m / 2}, 9.0));
            assertEquals(snapshots + 2, state().snapshots, "a strided write snapshots the store");
            assertEquals(boxRenames + 1, state().boxRenames);
            double[] h = half.toDoubleArray();
            double[] g = grid.toDoubleArray();
            for (int k = 0; k < m * m; k++) {
                int i = k / m, j = k % m;
                boolean interior = i >= 1 && i < m - 1 && j >= 1 && j < m - 1;
                assertEquals(interior ? 0.5 : 0.0, h[k], "half[" + i + ", " + j + "]");
                assertEquals(i % 2 == 0 && j % 2 == 0 ? 9.0 : interior ? 1.0 : 0.0, g[k], "grid[" + i + ", " + j + "]");
            }
            return null;
        });
    }

    /**
     * CG on a grid whose padded array is renamed at each iteration's interior write (its border is the fill of
     * {@code zeros}): the same bits with fusion (one rename per iteration, no snapshot) as without (no deferred reader,
     * no rename), on 1, 2 and 4 shards with tiles small enough that every shard owns several; with reused storage
     * poisoned ({@code cohort.instance.poison}), so that an element of the fresh store nothing wrote would show. On
     * 250 x 250 the interior's last tiles reach past it into the border (the copy then reads its pieces, keeping the
     * fill); on 256 x 256 they end with it (the copy writes them without reading).
     */
    @ParameterizedTest(name = "{0} shard(s), n = {1}")
    @CsvSource({"1, 256", "2, 256", "4, 256", "1, 250", "2, 250", "4, 250"})
    @Timeout(value = 180, unit = TimeUnit.SECONDS)
    void conjugateGradientRenamesItsPaddedArrayWithTheSameBits(int shards, int n) throws Exception {
        int iterations = 4;
        Cohort.Config config = new Cohort.Config().shards(shards).eagerMaxVolume(0).minTileVolume(4096);
        List<List<long[]>> runs = new ArrayList<>();
        for (boolean fused : new boolean[]{false, true}) {
            runs.add(ExecutionLayerTest.withProperty(RuntimeConfig.POISON_PROP_NAME, "true", () -> run(config, fused, () -> {
                List<NdArray> out = PoissonCgProgram.run(n, iterations, true);
                assertEquals(fused ? iterations - 1 : 0, state().boxRenames,
                        "renames of the padded array (from the second iteration: the first has no deferred reader)");
                assertEquals(0, state().snapshots);
                return out;
            })));
        }
        assertSame(runs.get(0), runs.get(1), "fused vs eager on " + shards + " shard(s), n = " + n);
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void writesIntoADeferredArray() {
        Cohort.run(DEFERRED, () -> {
            NdArray a = array(1, 2, 3.0);
            NdArray x = a.add(1.0);               // deferred
            NdArray y = x.multiply(2.0);          // inlines x
            add(a, 10.0, x);                      // out= into the deferred array
            assertArrayEquals(new double[]{4, 6, 8}, y.toDoubleArray());
            assertArrayEquals(new double[]{11, 12, 13}, x.toDoubleArray());
            NdArray v = a.negative();
            NdArray w = v.add(v);
            v.set("0", 100.0);                    // slice assignment into a deferred array
            assertArrayEquals(new double[]{-2, -4, -6}, w.toDoubleArray());
            assertArrayEquals(new double[]{100, -2, -3}, v.toDoubleArray());
            NdArray q = a.exp();
            NdArray q2 = q.subtract(1.0);
            q.fill(0.0);
            assertArrayEquals(new double[]{Math.expm1(1) , Math.exp(2) - 1, Math.exp(3) - 1}, q2.toDoubleArray(), 1e-12);
            assertArrayEquals(new double[]{0, 0, 0}, q.toDoubleArray());
            return null;
        });
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void inPlaceOperationsAndAliasing() {
        check(1, () -> {
            NdArray a = array(new double[]{1, 2, 3, 4, 5, 6}, 2, 3);
            NdArray d = a.multiply(a).add(a);       // deferred, reads a
            add(a, a.get("::-1, ::-1"), a);         // in place with an overlapping reversed view
            NdArray e = d.subtract(a);              // d is still the old value
            multiply(d, 2.0, d);                    // in place on a deferred array
            NdArray f = a.add(1.0);
            a.assign(f.multiply(2.0));              // a = (a + 1) * 2 from a deferred value reading a
            NdArray g = f.get("1").multiply(3.0);   // a view of a deferred array
            return List.of(a, d, e, f, g);
        });
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void closingAnInputOrADeferredArray() {
        Cohort.run(DEFERRED, () -> {
            NdArray a = array(1, 2, 3.0);
            NdArray b = a.multiply(2.0);
            a.close();
            assertArrayEquals(new double[]{2, 4, 6}, b.toDoubleArray());
            NdArray c = array(1, 2, 3.0);
            NdArray d = c.add(1.0);
            NdArray e = d.multiply(3.0);            // inlines d
            d.close();
            assertArrayEquals(new double[]{6, 9, 12}, e.toDoubleArray());
            assertThrows(RuntimeException.class, () -> d.add(1.0).toDoubleArray());
            assertThrows(RuntimeException.class, () -> a.multiply(2.0).toDoubleArray());
            return null;
        });
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void nonFusableUsesMaterialise() {
        check(1, () -> {
            NdArray a = Np.random.rand(5, 4);
            NdArray d = a.multiply(3.0).subtract(1.0);
            List<NdArray> out = new ArrayList<>();
            out.add(d.get("1:, ::-2"));
            out.add(d.T().add(1.0));
            out.add(d.matmul(d.T()));
            out.add(d.max(0));
            out.add(d.argmax());
            out.add(d.reshape(20));
            out.add(d.reshape(2, 10));
            out.add(d.astype(float32));
            out.add(d.greater(0.0).astype(float64));
            out.add(where(d.greater(0.5), d, 0.0));
            out.add(d.mean());
            out.add(d.copy());
            out.add(scalar(2.0).multiply(3.0).exp());
            out.add(d.add(scalar(2.0).multiply(3.0)));
            out.add(d.add(d.sum(0)));                      // a deferred broadcast operand
            return out;
        });
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void printingAndItemOfDeferredArrays() {
        Cohort.run(DEFERRED, () -> {
            NdArray a = array(1, 2, 3.0).multiply(0.5);
            assertNotNull(a.base.pending);
            assertEquals("array([0.5, 1. , 1.5])", a.toString());
            assertNull(a.base.pending);
            assertEquals(3.0, scalar(1.5).multiply(2.0).item());
            assertEquals(float64, array(1L, 2L).add(0.5).dtype());
            assertEquals(int64, array(1L, 2L).add(1L).dtype());
            return null;
        });
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void errorsAreUnchanged() {
        Cohort.run(DEFERRED, () -> {
            NdArray a = ones(3).multiply(2.0);
            NdArray b = ones(4).multiply(2.0);
            ShapeMismatchException e = assertThrows(ShapeMismatchException.class, () -> a.add(b));
            assertTrue(e.getMessage().startsWith("operands could not be broadcast together with shapes (3,) (4,)"), e.getMessage());
            return null;
        });
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void longChainsAreBounded() {
        check(1, () -> {
            NdArray x = Np.random.rand(50);
            NdArray acc = x;
            List<NdArray> keep = new ArrayList<>();
            for (int i = 0; i < 200; i++) {
                acc = acc.multiply(1.0001).add(Np.random.rand(50).multiply((double) i));
                if (i % 37 == 0) {
                    keep.add(acc);
                }
            }
            if (state().enabled) {
                DeferredExpr.Pending p = acc.base.pending;
                assertNotNull(p);
                assertTrue(p.nodes <= Fusion.MAX_NODES && p.leaves.size() <= Fusion.MAX_LEAVES, p.nodes + " nodes");
            }
            keep.add(acc);
            return keep;
        });
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void fusionCanBeTurnedOff() {
        Cohort.run(DEFERRED, () -> {
            state().enabled = false;
            NdArray a = ones(3).multiply(2.0);
            assertNull(a.base.pending);
            return null;
        });
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void expressionsKeepNoMaterialisedLeafOfAnotherWrite() {
        // many short-lived expressions over a store that is never written: nothing accumulates
        Cohort.run(DEFERRED, () -> {
            NdArray y = Np.random.rand(1000);
            for (int i = 0; i < 3000; i++) {
                y.multiply((double) i).sum();
            }
            assertTrue(state().readersSize() < 10, "readers table " + state().readersSize());
            return null;
        });
    }

    @Test
    void arraysOfSeveralShapesInOneExpression() {
        check(2, () -> {
            NdArray m = Np.random.rand(6, 5);
            NdArray row = Np.random.rand(5);
            NdArray col = Np.random.rand(6, 1);
            NdArray s = scalar(0.5);
            NdArray e = m.multiply(row).add(col).subtract(s).divide(row.add(1.0)).maximum(col).minimum(0.75);
            NdArray f = col.add(row);               // (6,5) from (6,1) and (5,)
            NdArray g = f.multiply(2.0).add(f.T().T());
            return List.of(e, f, g, Arrays.asList(e, f).get(0).sqrt());
        });
    }
}
