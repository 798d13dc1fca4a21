package dev.cohort.tasks;

import static dev.cohort.tasks.KernelHarness.load;
import static dev.cohort.tasks.KernelHarness.replicated;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cohort.runtime.Runtime;
import dev.cohort.runtime.geometry.Point;
import dev.cohort.runtime.geometry.Rect;
import dev.cohort.runtime.launch.Access;
import dev.cohort.runtime.launch.GroupLaunch;
import dev.cohort.runtime.launch.IterSpace;
import dev.cohort.runtime.launch.Privilege;
import dev.cohort.runtime.partition.Projection;
import dev.cohort.runtime.partition.Tiling;
import dev.cohort.runtime.region.FieldType;
import dev.cohort.runtime.region.Store;
import dev.cohort.tasks.LinalgTasks.Linalg;
import dev.cohort.tasks.LinalgTasks.Mat;
import dev.cohort.tasks.linalg.Cholesky;
import dev.cohort.tasks.linalg.Dense;
import dev.cohort.tasks.linalg.LinAlgException;
import dev.cohort.tasks.linalg.Lu;
import dev.cohort.tasks.linalg.MatrixFunctions;
import dev.cohort.tasks.linalg.Svd;

import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** LINALG and the blocked Cholesky tile tasks through real launches on 1 and 3 in-process shards. */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class LinalgTaskTest {
    static double[] random(long seed, int n, double diag, int order) {
        Random r = new Random(seed);
        double[] a = new double[n];
        for (int i = 0; i < n; i++) {
            a[i] = r.nextGaussian();
        }
        if (diag != 0) {
            for (int i = 0; i < n; i++) {
                if (i / order % order == i % order) {
                    a[i] += diag;
                }
            }
        }
        return a;
    }

    static Operand.StoreOperand whole(int req, FieldType t, int dims) {
        return new Operand.StoreOperand(req, t, Access.identity(dims));
    }

    static Store run(Runtime rt, Linalg args, Store[] in, Store[] out) {
        GroupLaunch.Builder g = GroupLaunch.builder(OpCode.LINALG.taskId(), args.batch().launchDomain());
        for (Store s : in) {
            replicated(g, s, Privilege.READ);
        }
        for (Store s : out) {
            replicated(g, s, Privilege.WRITE_DISCARD);
        }
        rt.execute(g.scalars(args.encode()).build());
        return out[0];
    }

    @ParameterizedTest(name = "batched solve, inv, det on {0} shards, batch tiles split over points")
    @ValueSource(ints = {1, 3})
    void batchedStackSplitOverPoints(int shards) {
        int m = 4;
        double[] a = random(1, 2 * 3 * m * m, 3, m);
        double[] b = random(2, 2 * 3 * m * 2, 0, 1);
        IterSpace batch = new IterSpace(new long[] {2, 3}, new long[] {1, 3});
        Object[] r = KernelHarness.run(shards, rt -> {
            Store sa = load(rt, FieldType.FLOAT64, new long[] {2, 3, m, m}, a);
            Store sb = load(rt, FieldType.FLOAT64, new long[] {2, 3, m, 2}, b);
            Store x = rt.createStore(Rect.ofExtents(2, 3, m, 2), FieldType.FLOAT64);
            Store inv = rt.createStore(Rect.ofExtents(2, 3, m, m), FieldType.FLOAT64);
            Store det = rt.createStore(Rect.ofExtents(2, 3), FieldType.FLOAT64);
            Projection p4 = Projection.of(new int[] {0, 1, -1, -1}, new long[4]);
            GroupLaunch.Builder g = GroupLaunch.builder(OpCode.LINALG.taskId(), batch.launchDomain());
            replicated(g, sa, Privilege.READ);
            replicated(g, sb, Privilege.READ);
            g.require(x, Tiling.of(1, 3, m, 2), p4, Privilege.WRITE_DISCARD);
            rt.execute(g.scalars(new Linalg(LinalgOp.SOLVE, batch, new double[0], new Mat[] {
                new Mat(new long[] {m, m}, whole(0, FieldType.FLOAT64, 4)),
                new Mat(new long[] {m, 2}, whole(1, FieldType.FLOAT64, 4)),
                new Mat(new long[] {m, 2}, whole(2, FieldType.FLOAT64, 4))}).encode()).build());
            g = GroupLaunch.builder(OpCode.LINALG.taskId(), batch.launchDomain());
            replicated(g, sa, Privilege.READ);
            g.require(inv, Tiling.of(1, 3, m, m), p4, Privilege.WRITE_DISCARD);
            rt.execute(g.scalars(new Linalg(LinalgOp.INV, batch, new double[0], new Mat[] {
                new Mat(new long[] {m, m}, whole(0, FieldType.FLOAT64, 4)),
                new Mat(new long[] {m, m}, whole(1, FieldType.FLOAT64, 4))}).encode()).build());
            g = GroupLaunch.builder(OpCode.LINALG.taskId(), batch.launchDomain());
            replicated(g, sa, Privilege.READ);
            g.require(det, Tiling.of(1, 3), Projection.identity(2), Privilege.WRITE_DISCARD);
            rt.execute(g.scalars(new Linalg(LinalgOp.DET, batch, new double[0], new Mat[] {
                new Mat(new long[] {m, m}, whole(0, FieldType.FLOAT64, 4)),
                new Mat(new long[0], whole(1, FieldType.FLOAT64, 2))}).encode()).build());
            return new Object[] {rt.read(x).doubles(), rt.read(inv).doubles(), rt.read(det).doubles()};
        });
        for (int item = 0; item < 6; item++) {
            Lu lu = Lu.factor(java.util.Arrays.copyOfRange(a, item * 16, item * 16 + 16), m);
            double[] xr = lu.solve(java.util.Arrays.copyOfRange(b, item * 8, item * 8 + 8), 2);
            assertArrayEquals(xr, java.util.Arrays.copyOfRange((double[]) r[0], item * 8, item * 8 + 8), 0.0, "solve item " + item);
            assertArrayEquals(lu.inverse(), java.util.Arrays.copyOfRange((double[]) r[1], item * 16, item * 16 + 16), 0.0,
                    "inv item " + item);
            assertEquals(lu.det(), ((double[]) r[2])[item], 0.0, "det item " + item);
        }
    }

    @ParameterizedTest(name = "views and dtypes on {0} shards")
    @ValueSource(ints = {1, 3})
    void transposedViewFloat32OutAndIntegerInput(int shards) {
        int n = 5;
        double[] at = random(3, n * n, 4, n); // the store holds A^T; the operand reads A through a transposed access
        double[] a = Dense.transpose(at, n, n);
        long[] ints = {2, 1, 0, 1, 3, 1, 0, 1, 4};
        Access transposed = new Access(new int[] {1, 0}, new long[] {1, 1}, new long[2]);
        Object[] r = KernelHarness.run(shards, rt -> {
            Store sat = load(rt, FieldType.FLOAT64, new long[] {n, n}, at);
            Store inv32 = rt.createStore(Rect.ofExtents(n, n), FieldType.FLOAT32);
            IterSpace one = new IterSpace(new long[0], new long[0]);
            run(rt, new Linalg(LinalgOp.INV, one, new double[0], new Mat[] {
                new Mat(new long[] {n, n}, new Operand.StoreOperand(0, FieldType.FLOAT64, transposed)),
                new Mat(new long[] {n, n}, whole(1, FieldType.FLOAT32, 2))}), new Store[] {sat}, new Store[] {inv32});
            Store si = load(rt, FieldType.INT64, new long[] {3, 3}, ints);
            Store p3 = rt.createStore(Rect.ofExtents(3, 3), FieldType.INT64);
            run(rt, new Linalg(LinalgOp.MATRIX_POWER, one, new double[] {3}, new Mat[] {
                new Mat(new long[] {3, 3}, whole(0, FieldType.INT64, 2)),
                new Mat(new long[] {3, 3}, whole(1, FieldType.INT64, 2))}), new Store[] {si}, new Store[] {p3});
            Store l = rt.createStore(Rect.ofExtents(3, 3), FieldType.FLOAT64);
            run(rt, new Linalg(LinalgOp.CHOLESKY, one, new double[] {0}, new Mat[] {
                new Mat(new long[] {3, 3}, whole(0, FieldType.INT64, 2)),
                new Mat(new long[] {3, 3}, whole(1, FieldType.FLOAT64, 2))}), new Store[] {si}, new Store[] {l});
            Store rank = rt.createStore(Rect.ofExtents(), FieldType.INT64);
            run(rt, new Linalg(LinalgOp.MATRIX_RANK, one, new double[] {Double.NaN, 3 * Math.ulp(1.0)}, new Mat[] {
                new Mat(new long[] {3, 3}, whole(0, FieldType.INT64, 2)),
                new Mat(new long[0], whole(1, FieldType.INT64, 0))}), new Store[] {si}, new Store[] {rank});
            Store s = rt.createStore(Rect.ofExtents(n), FieldType.FLOAT64);
            run(rt, new Linalg(LinalgOp.SVDVALS, one, new double[0], new Mat[] {
                new Mat(new long[] {n, n}, new Operand.StoreOperand(0, FieldType.FLOAT64, transposed)),
                new Mat(new long[] {n}, whole(1, FieldType.FLOAT64, 1))}), new Store[] {sat}, new Store[] {s});
            return new Object[] {rt.read(inv32).floats(), rt.read(p3).longs(), rt.read(l).doubles(), rt.read(rank).longs(),
                rt.read(s).doubles()};
        });
        double[] inv = Lu.factor(a, n).inverse();
        float[] got = (float[]) r[0];
        for (int i = 0; i < n * n; i++) {
            assertEquals((float) inv[i], got[i], "float32 inv element " + i + " is the float64 result rounded once");
        }
        long[] a3 = MatrixFunctions.matrixPower(ints, 3, 3);
        assertArrayEquals(a3, (long[]) r[1], "integer matrix_power stays exact int64");
        assertEquals(a3[0], 2 * 2 * 2 + 2 * 1 * 1 + 1 * 1 * 2 + 1 * 3 * 1, "(A^3)[0][0] by hand");
        double[] ints64 = new double[9];
        for (int i = 0; i < 9; i++) {
            ints64[i] = ints[i];
        }
        assertArrayEquals(Cholesky.lower(ints64, 3), (double[]) r[2], 0.0, "cholesky of int64 input in float64");
        assertEquals(3L, ((long[]) r[3])[0], "matrix_rank");
        assertArrayEquals(Svd.values(a, n, n), (double[]) r[4], 0.0, "svdvals through the transposed view");
    }

    /** One LINALG launch over a single matrix (0-d batch), every operand whole; returns the outputs as double[] / long[]. */
    static Object[] single(Runtime rt, LinalgOp op, double[] params, Store[] in, long[][] inCores, long[][] outCores, FieldType[] outTypes) {
        IterSpace one = new IterSpace(new long[0], new long[0]);
        Store[] out = new Store[outCores.length];
        Mat[] mats = new Mat[in.length + out.length];
        for (int i = 0; i < in.length; i++) {
            mats[i] = new Mat(inCores[i], whole(i, in[i].type(), inCores[i].length));
        }
        for (int o = 0; o < out.length; o++) {
            out[o] = rt.createStore(Rect.ofExtents(outCores[o]), outTypes[o]);
            mats[in.length + o] = new Mat(outCores[o], whole(in.length + o, outTypes[o], outCores[o].length));
        }
        run(rt, new Linalg(op, one, params, mats), in, out);
        Object[] r = new Object[out.length];
        for (int o = 0; o < out.length; o++) {
            r[o] = outTypes[o] == FieldType.INT64 ? rt.read(out[o]).longs() : rt.read(out[o]).doubles();
        }
        return r;
    }

    @ParameterizedTest(name = "every LinalgOp through a launch on {0} shards equals the routine")
    @ValueSource(ints = {1, 3})
    void everyOpThroughALaunch(int shards) {
        int m = 6;
        int n = 4;
        double[] rect = random(11, m * n, 0, 1);
        double[] sq = random(12, n * n, 3, n);
        double[] sym = Dense.matmul(sq, Dense.transpose(sq, n, n), n, n, n);
        double[] rhs = random(13, m * 2, 0, 1);
        FieldType f = FieldType.FLOAT64;
        Object[][] r = KernelHarness.run(shards, rt -> {
            Store a = load(rt, f, new long[] {m, n}, rect);
            Store s = load(rt, f, new long[] {n, n}, sq);
            Store h = load(rt, f, new long[] {n, n}, sym);
            Store b = load(rt, f, new long[] {m, 2}, rhs);
            long[] mn = {m, n};
            long[] nn = {n, n};
            long[] scalar = {};
            return new Object[][] {
                single(rt, LinalgOp.QR, new double[] {1}, new Store[] {a}, new long[][] {mn}, new long[][] {{m, m}, mn}, new FieldType[] {f, f}),
                single(rt, LinalgOp.QR, new double[] {2}, new Store[] {a}, new long[][] {mn}, new long[][] {nn}, new FieldType[] {f}),
                single(rt, LinalgOp.EIGH, new double[] {0}, new Store[] {h}, new long[][] {nn}, new long[][] {{n}, nn}, new FieldType[] {f, f}),
                single(rt, LinalgOp.EIGVALSH, new double[] {1}, new Store[] {h}, new long[][] {nn}, new long[][] {{n}}, new FieldType[] {f}),
                single(rt, LinalgOp.SVD, new double[] {1}, new Store[] {a}, new long[][] {mn}, new long[][] {{m, m}, {n}, nn}, new FieldType[] {f, f, f}),
                single(rt, LinalgOp.SLOGDET, new double[0], new Store[] {s}, new long[][] {nn}, new long[][] {scalar, scalar}, new FieldType[] {f, f}),
                single(rt, LinalgOp.NORM, new double[] {MatrixFunctions.NormOrd.NUC.ordinal()}, new Store[] {a}, new long[][] {mn}, new long[][] {scalar}, new FieldType[] {f}),
                single(rt, LinalgOp.COND, new double[] {MatrixFunctions.NormOrd.INF.ordinal()}, new Store[] {s}, new long[][] {nn}, new long[][] {scalar}, new FieldType[] {f}),
                single(rt, LinalgOp.PINV, new double[] {1e-15}, new Store[] {a}, new long[][] {mn}, new long[][] {{n, m}}, new FieldType[] {f}),
                single(rt, LinalgOp.LSTSQ, new double[] {1e-15 * m}, new Store[] {a, b}, new long[][] {mn, {m, 2}},
                        new long[][] {{n, 2}, {2}, scalar, {n}}, new FieldType[] {f, f, FieldType.INT64, f}),
                single(rt, LinalgOp.SOLVE, new double[0], new Store[] {s, load(rt, f, new long[] {n}, java.util.Arrays.copyOf(rhs, n))},
                        new long[][] {nn, {n}}, new long[][] {{n}}, new FieldType[] {f}),
            };
        });
        dev.cohort.tasks.linalg.Qr qr = dev.cohort.tasks.linalg.Qr.factor(rect, m, n);
        assertArrayEquals(qr.q(true), (double[]) r[0][0], 0.0, "qr complete q");
        assertArrayEquals(qr.r(true), (double[]) r[0][1], 0.0, "qr complete r");
        assertArrayEquals(qr.r(false), (double[]) r[1][0], 0.0, "qr mode r");
        dev.cohort.tasks.linalg.SymmetricEigen e = dev.cohort.tasks.linalg.SymmetricEigen.of(sym, n, false, true);
        assertArrayEquals(e.values, (double[]) r[2][0], 0.0, "eigh w");
        assertArrayEquals(e.vectors, (double[]) r[2][1], 0.0, "eigh v");
        assertArrayEquals(e.values, (double[]) r[3][0], 1e-12, "eigvalsh UPLO='U' of a symmetric matrix");
        Svd sv = Svd.of(rect, m, n, true, true);
        assertArrayEquals(sv.u, (double[]) r[4][0], 0.0, "svd u");
        assertArrayEquals(sv.s, (double[]) r[4][1], 0.0, "svd s");
        assertArrayEquals(sv.vh, (double[]) r[4][2], 0.0, "svd vh");
        double[] sl = Lu.factor(sq, n).slogdet();
        assertEquals(sl[0], ((double[]) r[5][0])[0], "slogdet sign");
        assertEquals(sl[1], ((double[]) r[5][1])[0], "slogdet logabsdet");
        assertEquals(MatrixFunctions.norm(rect, m, n, MatrixFunctions.NormOrd.NUC), ((double[]) r[6][0])[0], "norm nuc");
        assertEquals(MatrixFunctions.cond(sq, n, n, MatrixFunctions.NormOrd.INF), ((double[]) r[7][0])[0], "cond inf");
        assertArrayEquals(MatrixFunctions.pinv(rect, m, n, 1e-15), (double[]) r[8][0], 0.0, "pinv");
        MatrixFunctions.Lstsq ls = MatrixFunctions.lstsq(rect, m, n, rhs, 2, 1e-15 * m);
        assertArrayEquals(ls.x(), (double[]) r[9][0], 0.0, "lstsq x");
        assertArrayEquals(ls.residuals(), (double[]) r[9][1], 0.0, "lstsq residuals (full rank, m > n)");
        assertEquals(4L, ((long[]) r[9][2])[0], "lstsq rank");
        assertArrayEquals(ls.s(), (double[]) r[9][3], 0.0, "lstsq s");
        assertArrayEquals(Lu.factor(sq, n).solve(java.util.Arrays.copyOf(rhs, n), 1), (double[]) r[10][0], 0.0, "solve with 1-d b");
    }

    @Test
    void singularMatrixFailsTheTaskWithNumPysMessage() {
        Throwable t = assertThrows(Throwable.class, () -> KernelHarness.run(1, rt -> {
            Store sa = load(rt, FieldType.FLOAT64, new long[] {2, 2}, new double[] {1, 2, 2, 4});
            Store out = rt.createStore(Rect.ofExtents(2, 2), FieldType.FLOAT64);
            IterSpace one = new IterSpace(new long[0], new long[0]);
            run(rt, new Linalg(LinalgOp.INV, one, new double[0], new Mat[] {
                new Mat(new long[] {2, 2}, whole(0, FieldType.FLOAT64, 2)),
                new Mat(new long[] {2, 2}, whole(1, FieldType.FLOAT64, 2))}), new Store[] {sa}, new Store[] {out});
            return rt.read(out).doubles();
        }));
        LinAlgException cause = null;
        for (Throwable c = t; c != null; c = c.getCause()) {
            if (c instanceof LinAlgException e) {
                cause = e;
            }
        }
        assertTrue(cause != null, "a LinAlgException in the cause chain of " + t);
        assertEquals("Singular matrix", cause.getMessage());
    }

    @Test
    void argumentsRoundTrip() {
        Linalg l = new Linalg(LinalgOp.QR, new IterSpace(new long[] {4}, new long[] {2}), new double[] {1},
                new Mat[] {new Mat(new long[] {3, 2}, whole(0, FieldType.FLOAT32, 3)),
                    new Mat(new long[] {3, 3}, whole(1, FieldType.FLOAT32, 3)),
                    new Mat(new long[] {3, 2}, whole(2, FieldType.FLOAT32, 3))});
        Linalg d = Linalg.decode(java.nio.ByteBuffer.wrap(l.encode()));
        assertEquals(LinalgOp.QR, d.op());
        assertEquals(l.batch(), d.batch());
        assertArrayEquals(l.params(), d.params());
        assertEquals(3, d.mats().length);
        assertArrayEquals(new long[] {3, 3}, d.mats()[1].core());
        assertEquals(l.mats()[2].operand().requirement(), d.mats()[2].operand().requirement());
        assertThrows(IllegalArgumentException.class, () -> new Mat(new long[] {1, 2, 3}, whole(0, FieldType.FLOAT64, 3)));
    }

    /**
     * Right-looking blocked Cholesky of an {@code n x n} matrix in {@code b x b} tiles, laid out as the
     * runtime lets one launch write some tiles while reading others: diagonal tiles {@code d[k]}
     * ({@code b x b} stores) and panels {@code p[k]} (the tiles below {@code d[k]}, one
     * {@code (tiles-1-k)*b x b} store). Step k: POTRF on {@code d[k]}; TRSM as an index launch over
     * {@code p[k]}'s tiles; for each later column j, SYRK of {@code d[j]} and a GEMM index launch over
     * {@code p[j]}'s tiles. Returns the dense lower factor read back.
     */
    static double[] blockedCholesky(Runtime rt, double[] a, int tiles, int b) {
        Store[][] dp = factorTiles(rt, a, tiles, b);
        return readFactor(rt, dp[0], dp[1], tiles, b);
    }

    /** Loads A into the diagonal-tile and panel stores and runs the factorisation graph; returns {d, p}. */
    static Store[][] factorTiles(Runtime rt, double[] a, int tiles, int b) {
        int n = tiles * b;
        Store[] d = new Store[tiles];
        Store[] p = new Store[tiles];
        for (int k = 0; k < tiles; k++) {
            double[] dk = new double[b * b];
            for (int i = 0; i < b; i++) {
                System.arraycopy(a, (k * b + i) * n + k * b, dk, i * b, b);
            }
            d[k] = load(rt, FieldType.FLOAT64, new long[] {b, b}, dk);
            int rows = (tiles - 1 - k) * b;
            if (rows > 0) {
                double[] pk = new double[rows * b];
                for (int i = 0; i < rows; i++) {
                    System.arraycopy(a, ((k + 1) * b + i) * n + k * b, pk, i * b, b);
                }
                p[k] = load(rt, FieldType.FLOAT64, new long[] {rows, b}, pk);
            }
        }
        Tiling tiling = Tiling.of(b, b);
        Projection whole = Projection.constant(Point.of(0, 0));
        Projection down = Projection.of(new int[] {0, -1}, new long[] {0, 0});
        for (int k = 0; k < tiles; k++) {
            rt.execute(GroupLaunch.single(OpCode.CHOLESKY_POTRF.taskId())
                    .require(d[k], tiling, whole, Privilege.READ_WRITE).build());
            if (k + 1 == tiles) {
                break;
            }
            rt.execute(GroupLaunch.builder(OpCode.CHOLESKY_TRSM.taskId(), Rect.of(new long[] {0}, new long[] {tiles - 2 - k}))
                    .require(d[k], tiling, whole, Privilege.READ)
                    .require(p[k], tiling, down, Privilege.READ_WRITE).build());
            for (int j = k + 1; j < tiles; j++) {
                Projection tileJ = Projection.constant(Point.of(j - k - 1, 0));
                rt.execute(GroupLaunch.single(OpCode.CHOLESKY_SYRK.taskId())
                        .require(p[k], tiling, tileJ, Privilege.READ)
                        .require(d[j], tiling, whole, Privilege.READ_WRITE).build());
                if (j + 1 < tiles) {
                    rt.execute(GroupLaunch.builder(OpCode.CHOLESKY_GEMM.taskId(), Rect.of(new long[] {0}, new long[] {tiles - 2 - j}))
                            .require(p[k], tiling, Projection.of(new int[] {0, -1}, new long[] {j - k, 0}), Privilege.READ)
                            .require(p[k], tiling, tileJ, Privilege.READ)
                            .require(p[j], tiling, down, Privilege.READ_WRITE).build());
                }
            }
        }
        return new Store[][] {d, p};
    }

    static double[] readFactor(Runtime rt, Store[] d, Store[] p, int tiles, int b) {
        int n = tiles * b;
        double[] l = new double[n * n];
        for (int k = 0; k < tiles; k++) {
            double[] dk = rt.read(d[k]).doubles();
            for (int i = 0; i < b; i++) {
                System.arraycopy(dk, i * b, l, (k * b + i) * n + k * b, b);
            }
            if (p[k] != null) {
                double[] pk = rt.read(p[k]).doubles();
                for (int i = 0; i < pk.length / b; i++) {
                    System.arraycopy(pk, i * b, l, ((k + 1) * b + i) * n + k * b, b);
                }
            }
        }
        return l;
    }

    @ParameterizedTest(name = "blocked Cholesky task graph on {0} shards")
    @ValueSource(ints = {1, 3})
    void blockedCholeskyMatchesTheDenseFactor(int shards) {
        for (int[] tb : new int[][] {{4, 8}, {3, Cholesky.BLOCK}}) {
            int tiles = tb[0];
            int b = tb[1];
            int n = b * tiles;
            double[] g = random(7, n * n, 0, n);
            double[] spd = Dense.matmul(g, Dense.transpose(g, n, n), n, n, n);
            for (int i = 0; i < n; i++) {
                spd[i * n + i] += n;
            }
            double[] got = KernelHarness.run(shards, rt -> blockedCholesky(rt, spd, tiles, b));
            double[] l = Cholesky.lower(spd, n);
            if (b == Cholesky.BLOCK) {
                assertArrayEquals(l, got, 0.0, "with BLOCK x BLOCK tiles the graph gives the dense routine's bits");
                continue;
            }
            for (int i = 0; i < n; i++) {
                for (int j = 0; j < n; j++) {
                    double tol = 1e-13 * n;
                    assertTrue(Math.abs(l[i * n + j] - got[i * n + j]) <= tol * Math.max(1, Math.abs(l[i * n + j])),
                            "L[" + i + "][" + j + "]: dense " + l[i * n + j] + ", blocked " + got[i * n + j]);
                }
            }
        }
    }

    /**
     * {@code A X = B} with the tiled factor: one store per row tile of the right-hand sides
     * ({@code y[k]}, {@code b x r}); forward {@code y_k := L_kk^-1 y_k}, {@code y_i -= L_ik y_k}
     * (i > k), then backward {@code x_k := L_kk^-T x_k}, {@code x_i -= L_ki^T x_k} (i < k). Returns X.
     */
    static double[] blockedSolve(Runtime rt, Store[] d, Store[] p, int tiles, int b, double[] rhs, int r) {
        Store[] y = new Store[tiles];
        for (int k = 0; k < tiles; k++) {
            y[k] = load(rt, FieldType.FLOAT64, new long[] {b, r}, java.util.Arrays.copyOfRange(rhs, k * b * r, (k + 1) * b * r));
        }
        Tiling tiling = Tiling.of(b, b);
        Tiling rows = Tiling.of(b, r);
        Projection whole = Projection.constant(Point.of(0, 0));
        for (int k = 0; k < tiles; k++) {
            rt.execute(GroupLaunch.single(OpCode.CHOLESKY_SOLVE_TRSM.taskId()).require(d[k], tiling, whole, Privilege.READ)
                    .require(y[k], rows, whole, Privilege.READ_WRITE).scalars(LinalgTasks.solveArgs(false)).build());
            for (int i = k + 1; i < tiles; i++) {
                rt.execute(GroupLaunch.single(OpCode.CHOLESKY_SOLVE_GEMM.taskId())
                        .require(p[k], tiling, Projection.constant(Point.of(i - k - 1, 0)), Privilege.READ)
                        .require(y[k], rows, whole, Privilege.READ)
                        .require(y[i], rows, whole, Privilege.READ_WRITE).scalars(LinalgTasks.solveArgs(false)).build());
            }
        }
        for (int k = tiles - 1; k >= 0; k--) {
            rt.execute(GroupLaunch.single(OpCode.CHOLESKY_SOLVE_TRSM.taskId()).require(d[k], tiling, whole, Privilege.READ)
                    .require(y[k], rows, whole, Privilege.READ_WRITE).scalars(LinalgTasks.solveArgs(true)).build());
            for (int i = 0; i < k; i++) {
                rt.execute(GroupLaunch.single(OpCode.CHOLESKY_SOLVE_GEMM.taskId())
                        .require(p[i], tiling, Projection.constant(Point.of(k - i - 1, 0)), Privilege.READ)
                        .require(y[k], rows, whole, Privilege.READ)
                        .require(y[i], rows, whole, Privilege.READ_WRITE).scalars(LinalgTasks.solveArgs(true)).build());
            }
        }
        double[] x = new double[tiles * b * r];
        for (int k = 0; k < tiles; k++) {
            System.arraycopy(rt.read(y[k]).doubles(), 0, x, k * b * r, b * r);
        }
        return x;
    }

    @ParameterizedTest(name = "blocked Cholesky solve task graph on {0} shards")
    @ValueSource(ints = {1, 3})
    void blockedSolveMatchesLuSolve(int shards) {
        int b = 6;
        int tiles = 4;
        int n = b * tiles;
        int r = 3;
        double[] g = random(21, n * n, 0, n);
        double[] spd = Dense.matmul(g, Dense.transpose(g, n, n), n, n, n);
        for (int i = 0; i < n; i++) {
            spd[i * n + i] += n;
        }
        double[] rhs = random(22, n * r, 0, 1);
        double[] x = KernelHarness.run(shards, rt -> {
            Store[][] dp = factorTiles(rt, spd, tiles, b);
            return blockedSolve(rt, dp[0], dp[1], tiles, b, rhs, r);
        });
        double[] ref = Lu.factor(spd, n).solve(rhs, r);
        for (int i = 0; i < ref.length; i++) {
            assertTrue(Math.abs(ref[i] - x[i]) <= 1e-12 * Math.max(1, Math.abs(ref[i])), "x[" + i + "]: LU " + ref[i] + ", blocked " + x[i]);
        }
        // and the residual of the blocked solution itself
        double[] ax = Dense.matmul(spd, x, n, n, r);
        for (int i = 0; i < ax.length; i++) {
            assertTrue(Math.abs(ax[i] - rhs[i]) <= 1e-11 * n, "A x = b at " + i);
        }
    }

    @Test
    void blockedCholeskyOfANonSpdMatrixFails() {
        Throwable t = assertThrows(Throwable.class, () -> KernelHarness.run(1, rt -> {
            double[] m = new double[16 * 16];
            for (int i = 0; i < 16; i++) {
                m[i * 16 + i] = i == 11 ? -1 : 2;
            }
            return blockedCholesky(rt, m, 2, 8);
        }));
        boolean found = false;
        for (Throwable c = t; c != null; c = c.getCause()) {
            found |= c instanceof LinAlgException && LinAlgException.NOT_POSITIVE_DEFINITE.equals(c.getMessage());
        }
        assertTrue(found, "LinAlgException 'Matrix is not positive definite' in the cause chain of " + t);
    }
}
