package dev.cohort.tasks;

import dev.cohort.runtime.launch.IterSpace;

import dev.cohort.runtime.launch.Access;

import static dev.cohort.tasks.KernelHarness.assertClose;
import static dev.cohort.tasks.KernelHarness.launch;
import static dev.cohort.tasks.KernelHarness.load;
import static dev.cohort.tasks.KernelHarness.op;
import static dev.cohort.tasks.KernelHarness.rect;
import static dev.cohort.tasks.KernelHarness.replicated;
import static dev.cohort.tasks.KernelHarness.tiled;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cohort.runtime.Runtime;
import dev.cohort.runtime.instance.Instance;
import dev.cohort.runtime.launch.GroupLaunch;
import dev.cohort.runtime.launch.Privilege;
import dev.cohort.runtime.partition.Projection;
import dev.cohort.runtime.partition.Tiling;
import dev.cohort.runtime.region.FieldType;
import dev.cohort.runtime.region.Store;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** REDUCE (whole and along an axis), ARG_REDUCE and MATVEC through real launches on 1 and 3 shards. */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class ReductionKernelTest {
    static final int M = 9;
    static final int N = 13;
    static final IterSpace TILES = new IterSpace(new long[] {M, N}, new long[] {4, 5});

    static double xd(int i, int j) {
        return 0.5 + ((i * 13 + j * 7) % 17) / 16.0;
    }

    static long xl(int i, int j) {
        return (i * 5 + j * 3) % 7 - 3;
    }

    static boolean xb(int i, int j, boolean all) {
        // ANY data: a single true; ALL data: all true but one
        return all ? !(i == 5 && j == 7) : (i == 5 && j == 7);
    }

    static final Access WHOLE = new Access(new int[0], new long[0], new long[0]);
    static final Access ROWS = new Access(new int[] {0}, new long[] {1}, new long[1]);
    static final Access COLS = new Access(new int[] {1}, new long[] {1}, new long[1]);

    static double refD(ReduceOp op, double acc, double v) {
        return switch (op) {
            case SUM -> acc + v;
            case PROD -> acc * v;
            case MAX -> Double.isNaN(acc) || Double.isNaN(v) ? Double.NaN : Math.max(acc, v);
            case MIN -> Double.isNaN(acc) || Double.isNaN(v) ? Double.NaN : Math.min(acc, v);
            default -> throw new IllegalArgumentException();
        };
    }

    static long refL(ReduceOp op, long acc, long v) {
        return switch (op) {
            case SUM -> acc + v;
            case PROD -> acc * v;
            case MAX, ANY -> Math.max(acc, v);
            case MIN, ALL -> Math.min(acc, v);
        };
    }

    static FieldType typeOf(ReduceOp op, boolean floating) {
        return op == ReduceOp.ANY || op == ReduceOp.ALL ? FieldType.BOOL : floating ? FieldType.FLOAT64 : FieldType.INT64;
    }

    static Store input(Runtime rt, ReduceOp op, boolean floating, boolean nan) {
        FieldType t = typeOf(op, floating);
        long[] shape = {M, N};
        return switch (t) {
            case FLOAT64 -> load(rt, t, shape, KernelHarness.doubles(M * N, k -> nan && k == 31 ? Double.NaN : xd(k / N, k % N)));
            case INT64 -> load(rt, t, shape, KernelHarness.longs(M * N, k -> xl(k / N, k % N)));
            default -> {
                byte[] b = new byte[M * N];
                for (int k = 0; k < b.length; k++) {
                    b[k] = (byte) (xb(k / N, k % N, op == ReduceOp.ALL) ? 1 : 0);
                }
                yield load(rt, t, shape, b);
            }
        };
    }

    static double value(ReduceOp op, boolean floating, boolean nan, int i, int j) {
        FieldType t = typeOf(op, floating);
        return switch (t) {
            case FLOAT64 -> nan && i * N + j == 31 ? Double.NaN : xd(i, j);
            case INT64 -> xl(i, j);
            default -> xb(i, j, op == ReduceOp.ALL) ? 1 : 0;
        };
    }

    /** The runtime folds the partials into the store's current contents: start it at the identity. */
    static void fillIdentity(Runtime rt, Store s, ReduceOp op) {
        rt.fill(s, ReductionKernels.identityBits(op, s.type()));
    }

    record Case(ReduceOp op, boolean floating, boolean nan) {
    }

    static final Case[] CASES = {
        new Case(ReduceOp.SUM, true, false), new Case(ReduceOp.PROD, true, false), new Case(ReduceOp.MAX, true, false),
        new Case(ReduceOp.MIN, true, false), new Case(ReduceOp.MAX, true, true), new Case(ReduceOp.MIN, true, true),
        new Case(ReduceOp.SUM, false, false), new Case(ReduceOp.PROD, false, false), new Case(ReduceOp.MAX, false, false),
        new Case(ReduceOp.MIN, false, false), new Case(ReduceOp.ANY, false, false), new Case(ReduceOp.ALL, false, false),
    };

    @ParameterizedTest(name = "whole array on {0} shards")
    @ValueSource(ints = {1, 3})
    void wholeArray(int shards) {
        Instance[] outs = KernelHarness.run(shards, rt -> {
            Instance[] r = new Instance[CASES.length];
            for (int c = 0; c < CASES.length; c++) {
                Case k = CASES[c];
                FieldType t = typeOf(k.op, k.floating);
                Store in = input(rt, k.op, k.floating, k.nan);
                Store out = rt.createStore(rect(), t);
                fillIdentity(rt, out, k.op);
                GroupLaunch.Builder b = tiled(launch(OpCode.REDUCE, TILES), in, TILES, Privilege.READ);
                replicated(b, out, Privilege.reduce(k.op.runtimeOp()));
                rt.execute(b.scalars(new Args.Reduce(k.op, t, TILES, op(0, t, 2), op(1, t, WHOLE)).encode()).build());
                r[c] = rt.read(out);
            }
            return r;
        });
        for (int c = 0; c < CASES.length; c++) {
            Case k = CASES[c];
            double expD = k.op == ReduceOp.PROD ? 1 : k.op == ReduceOp.MAX ? Double.NEGATIVE_INFINITY
                    : k.op == ReduceOp.MIN ? Double.POSITIVE_INFINITY : 0;
            long expL = k.op == ReduceOp.PROD || k.op == ReduceOp.ALL ? 1 : k.op == ReduceOp.MAX ? Long.MIN_VALUE
                    : k.op == ReduceOp.MIN ? Long.MAX_VALUE : 0;
            for (int i = 0; i < M; i++) {
                for (int j = 0; j < N; j++) {
                    if (typeOf(k.op, k.floating) == FieldType.FLOAT64) {
                        expD = refD(k.op, expD, value(k.op, k.floating, k.nan, i, j));
                    } else {
                        expL = refL(k.op, expL, (long) value(k.op, k.floating, k.nan, i, j));
                    }
                }
            }
            if (typeOf(k.op, k.floating) == FieldType.FLOAT64) {
                assertClose(expD, outs[c].doubles()[0], 1e-12, k.toString());
                assertEquals(k.nan, Double.isNaN(outs[c].doubles()[0]), k + " NaN propagates");
            } else {
                assertEquals(expL, outs[c].getBits(0), k.toString());
            }
        }
        // ANY has one true, ALL one false
        assertEquals(1, outs[10].getBits(0));
        assertEquals(0, outs[11].getBits(0));
    }

    @Test
    void replicatedReductionFoldsIntoTheStoresContents() {
        // REDUCE through Replicated: the runtime all-gathers the points' partials and folds them,
        // in launch-point order, into the store's current contents (FineStage.planReplicatedReduction).
        // The kernel's identity initialisation acts on each point's own accumulator, so a store that
        // holds 10 ends at 10 + sum, and a MAX into a zero-filled store cannot go below 0.
        double[] r = KernelHarness.run(3, rt -> {
            Store in = load(rt, FieldType.FLOAT64, new long[] {M, N}, KernelHarness.doubles(M * N, k -> -1.0 - k));
            Store sum = rt.createStore(rect(), FieldType.FLOAT64);
            Store max = rt.createStore(rect(), FieldType.FLOAT64);
            rt.fill(sum, 10.0);
            for (ReduceOp o : new ReduceOp[] {ReduceOp.SUM, ReduceOp.MAX}) {
                Store out = o == ReduceOp.SUM ? sum : max;
                GroupLaunch.Builder b = tiled(launch(OpCode.REDUCE, TILES), in, TILES, Privilege.READ);
                replicated(b, out, Privilege.reduce(o.runtimeOp()));
                rt.execute(b.scalars(new Args.Reduce(o, FieldType.FLOAT64, TILES, op(0, FieldType.FLOAT64, 2),
                        op(1, FieldType.FLOAT64, WHOLE)).encode()).build());
            }
            return new double[] {rt.read(sum).doubles()[0], rt.read(max).doubles()[0]};
        });
        double s = 0;
        for (int k = 0; k < M * N; k++) {
            s += -1.0 - k;
        }
        assertEquals(10 + s, r[0], 1e-9);
        assertEquals(0.0, r[1], 0.0);
    }

    @ParameterizedTest(name = "along an axis on {0} shards")
    @ValueSource(ints = {1, 3})
    void alongAxis(int shards) {
        // sum over axis 1 into (M,) through a tiling (tiles of whole rows), over axis 0 into (N,) through a
        // tiling (tiles of whole columns), and max over axis 1 through Replicated with 2-d tiles
        Object[] r = KernelHarness.run(shards, rt -> {
            Store in = input(rt, ReduceOp.MAX, true, true);
            IterSpace rows = new IterSpace(new long[] {M, N}, new long[] {4, N});
            Store s1 = rt.createStore(rect(M), FieldType.FLOAT64);
            GroupLaunch.Builder b = tiled(launch(OpCode.REDUCE, rows), in, rows, Privilege.READ);
            b.require(s1, Tiling.of(4), Projection.of(new int[] {0}, new long[1]), Privilege.WRITE_DISCARD);
            rt.execute(b.scalars(new Args.Reduce(ReduceOp.SUM, FieldType.FLOAT64, rows, op(0, FieldType.FLOAT64, 2),
                    op(1, FieldType.FLOAT64, ROWS)).encode()).build());

            IterSpace cols = new IterSpace(new long[] {M, N}, new long[] {M, 5});
            Store s0 = rt.createStore(rect(N), FieldType.FLOAT64);
            b = tiled(launch(OpCode.REDUCE, cols), in, cols, Privilege.READ);
            b.require(s0, Tiling.of(5), Projection.of(new int[] {1}, new long[1]), Privilege.WRITE_DISCARD);
            rt.execute(b.scalars(new Args.Reduce(ReduceOp.SUM, FieldType.FLOAT64, cols, op(0, FieldType.FLOAT64, 2),
                    op(1, FieldType.FLOAT64, COLS)).encode()).build());

            Store m1 = rt.createStore(rect(M), FieldType.FLOAT64);
            fillIdentity(rt, m1, ReduceOp.MAX);
            b = tiled(launch(OpCode.REDUCE, TILES), in, TILES, Privilege.READ);
            replicated(b, m1, Privilege.reduce(ReduceOp.MAX.runtimeOp()));
            rt.execute(b.scalars(new Args.Reduce(ReduceOp.MAX, FieldType.FLOAT64, TILES, op(0, FieldType.FLOAT64, 2),
                    op(1, FieldType.FLOAT64, ROWS)).encode()).build());
            return new Object[] {rt.read(s1).doubles(), rt.read(s0).doubles(), rt.read(m1).doubles()};
        });
        double[] s1 = (double[]) r[0];
        double[] s0 = (double[]) r[1];
        double[] m1 = (double[]) r[2];
        for (int i = 0; i < M; i++) {
            double s = 0;
            double m = Double.NEGATIVE_INFINITY;
            for (int j = 0; j < N; j++) {
                s += value(ReduceOp.MAX, true, true, i, j);
                m = refD(ReduceOp.MAX, m, value(ReduceOp.MAX, true, true, i, j));
            }
            assertClose(s, s1[i], 1e-12, "sum row " + i);
            assertClose(m, m1[i], 0, "max row " + i);
        }
        assertTrue(Double.isNaN(m1[31 / N]));
        for (int j = 0; j < N; j++) {
            double s = 0;
            for (int i = 0; i < M; i++) {
                s += value(ReduceOp.MAX, true, true, i, j);
            }
            assertClose(s, s0[j], 1e-12, "sum column " + j);
        }
    }

    @Test
    void emptyAxisGivesTheIdentity() {
        // prod over an empty axis (NumPy: ones), into a tiled out that held 7; a GEMM with k == 0 gives zeros
        Object[] r = KernelHarness.run(3, rt -> {
            IterSpace s = new IterSpace(new long[] {5, 0}, new long[] {2, 1});
            Store out = rt.createStore(rect(5), FieldType.FLOAT64);
            rt.fill(out, 7.0);
            GroupLaunch.Builder b = launch(OpCode.REDUCE, s);
            b.require(out, Tiling.of(2), Projection.of(new int[] {0}, new long[1]), Privilege.READ_WRITE);
            rt.execute(b.scalars(new Args.Reduce(ReduceOp.PROD, FieldType.FLOAT64, s, Operand.Const.of(3.0),
                    op(0, FieldType.FLOAT64, ROWS)).encode()).build());
            IterSpace g = new IterSpace(new long[] {4, 3, 0}, new long[] {2, 3, 1});
            Store c = rt.createStore(rect(4, 3), FieldType.FLOAT64);
            rt.fill(c, 7.0);
            b = launch(OpCode.GEMM, g);
            b.require(c, Tiling.of(2, 3), Projection.of(new int[] {0, 1}, new long[2]), Privilege.READ_WRITE);
            rt.execute(b.scalars(new Args.Gemm(FieldType.FLOAT64, g, Operand.Const.of(1.0), Operand.Const.of(2.0),
                    op(0, FieldType.FLOAT64, GemmKernelTest.C)).encode()).build());
            return new Object[] {rt.read(out).doubles(), rt.read(c).doubles()};
        });
        for (double v : (double[]) r[0]) {
            assertEquals(1.0, v, 0.0);
        }
        for (double v : (double[]) r[1]) {
            assertEquals(0.0, v, 0.0);
        }
    }

    // ------------------------------------------------------------------ ARG_REDUCE

    static double av(int i, int j) {
        if (i == 3 && (j == 2 || j == 8)) {
            return Double.NaN;
        }
        return (i * 31 + j * 17) % 10;
    }

    @ParameterizedTest(name = "argmax/argmin on {0} shards")
    @ValueSource(ints = {1, 3})
    void argReduce(int shards) {
        long[] r = KernelHarness.run(shards, rt -> {
            FieldType f = FieldType.FLOAT64;
            Store in = load(rt, f, new long[] {M, N}, KernelHarness.doubles(M * N, k -> av(k / N, k % N)));
            // whole argmax (NaN wins, first occurrence): max first, then the index phase
            Store mx = rt.createStore(rect(), f);
            fillIdentity(rt, mx, ReduceOp.MAX);
            GroupLaunch.Builder b = replicated(tiled(launch(OpCode.REDUCE, TILES), in, TILES, Privilege.READ), mx,
                    Privilege.reduce(ReduceOp.MAX.runtimeOp()));
            rt.execute(b.scalars(new Args.Reduce(ReduceOp.MAX, f, TILES, op(0, f, 2), op(1, f, WHOLE)).encode()).build());
            Store amx = rt.createStore(rect(), FieldType.INT64);
            rt.fill(amx, Long.MAX_VALUE);
            b = tiled(launch(OpCode.ARG_REDUCE, TILES), in, TILES, Privilege.READ);
            replicated(b, mx, Privilege.READ);
            replicated(b, amx, Privilege.reduce(dev.cohort.runtime.launch.ReductionOp.MIN));
            rt.execute(b.scalars(new Args.ArgReduce(ArgReduceOp.ARGMAX, TILES, -1, op(0, f, 2), op(1, f, WHOLE),
                    op(2, FieldType.INT64, WHOLE)).encode()).build());
            // argmin along axis 1 with tiles of whole rows (out tiled)
            IterSpace rows = new IterSpace(new long[] {M, N}, new long[] {4, N});
            Tiling rowTiles = Tiling.of(4);
            Projection p0 = Projection.of(new int[] {0}, new long[1]);
            Store mn = rt.createStore(rect(M), f);
            b = tiled(launch(OpCode.REDUCE, rows), in, rows, Privilege.READ);
            b.require(mn, rowTiles, p0, Privilege.WRITE_DISCARD);
            rt.execute(b.scalars(new Args.Reduce(ReduceOp.MIN, f, rows, op(0, f, 2), op(1, f, ROWS)).encode()).build());
            Store amn = rt.createStore(rect(M), FieldType.INT64);
            b = tiled(launch(OpCode.ARG_REDUCE, rows), in, rows, Privilege.READ);
            b.require(mn, rowTiles, p0, Privilege.READ);
            b.require(amn, rowTiles, p0, Privilege.WRITE_DISCARD);
            rt.execute(b.scalars(new Args.ArgReduce(ArgReduceOp.ARGMIN, rows, 1, op(0, f, 2), op(1, f, ROWS),
                    op(2, FieldType.INT64, ROWS)).encode()).build());
            long[] out = new long[M + 1];
            out[0] = rt.read(amx).longs()[0];
            System.arraycopy(rt.read(amn).longs(), 0, out, 1, M);
            return out;
        });
        assertEquals(3 * N + 2, r[0], "argmax is the first NaN");
        for (int i = 0; i < M; i++) {
            int best = 0;
            for (int j = 0; j < N; j++) {
                double x = av(i, j);
                double y = av(i, best);
                if (!Double.isNaN(y) && (Double.isNaN(x) || x < y)) {
                    best = j;
                }
            }
            assertEquals(best, r[1 + i], "argmin of row " + i);
        }
    }

    // ------------------------------------------------------------------ MATVEC

    static final int K = 11;

    static double ma(int i, int l) {
        return Math.sin(i * 1.3 + l * 0.7);
    }

    static double mx(int l) {
        return 1.0 + l * 0.25;
    }

    @ParameterizedTest(name = "matvec on {0} shards")
    @ValueSource(ints = {1, 3})
    void matvec(int shards) {
        Object[] r = KernelHarness.run(shards, rt -> {
            FieldType f = FieldType.FLOAT64;
            Store a = load(rt, f, new long[] {M, K}, KernelHarness.doubles(M * K, k -> ma(k / K, k % K)));
            Store x = load(rt, f, new long[] {K}, KernelHarness.doubles(K, l -> mx(l)));
            Store y = load(rt, f, new long[] {M}, KernelHarness.doubles(M, i -> mx(i)));
            IterSpace s = new IterSpace(new long[] {M, K}, new long[] {4, 5});
            // A x with 2-d tiles: the k tiles' partials reduced by the runtime
            Store ax = rt.createStore(rect(M), f);
            GroupLaunch.Builder b = tiled(launch(OpCode.MATVEC, s), a, s, Privilege.READ);
            replicated(b, x, Privilege.READ);
            replicated(b, ax, Privilege.reduce(ReduceOp.SUM.runtimeOp()));
            rt.execute(b.scalars(new Args.Matvec(f, s, op(0, f, 2), op(1, f, COLS), op(2, f, ROWS)).encode()).build());
            // A x with tiles of whole rows: out tiled
            IterSpace rows = new IterSpace(new long[] {M, K}, new long[] {4, K});
            Store ax2 = rt.createStore(rect(M), f);
            b = tiled(launch(OpCode.MATVEC, rows), a, rows, Privilege.READ);
            replicated(b, x, Privilege.READ);
            b.require(ax2, Tiling.of(4), Projection.of(new int[] {0}, new long[1]), Privilege.WRITE_DISCARD);
            rt.execute(b.scalars(new Args.Matvec(f, rows, op(0, f, 2), op(1, f, COLS), op(2, f, ROWS)).encode()).build());
            // A^T y: out[j] += a[i, j] * y[i]
            Store aty = rt.createStore(rect(K), f);
            b = tiled(launch(OpCode.MATVEC, s), a, s, Privilege.READ);
            replicated(b, y, Privilege.READ);
            replicated(b, aty, Privilege.reduce(ReduceOp.SUM.runtimeOp()));
            rt.execute(b.scalars(new Args.Matvec(f, s, op(0, f, 2), op(1, f, ROWS), op(2, f, COLS)).encode()).build());
            // dot product of x with itself over a 1-d space with 3 tiles, int64 compute from float input
            IterSpace d = new IterSpace(new long[] {K}, new long[] {4});
            Store dot = rt.createStore(rect(), FieldType.INT64);
            b = tiled(tiled(launch(OpCode.MATVEC, d), x, d, Privilege.READ), x, d, Privilege.READ);
            replicated(b, dot, Privilege.reduce(ReduceOp.SUM.runtimeOp()));
            rt.execute(b.scalars(new Args.Matvec(FieldType.INT64, d, op(0, f, 1), op(1, f, 1),
                    op(2, FieldType.INT64, WHOLE)).encode()).build());
            return new Object[] {rt.read(ax).doubles(), rt.read(ax2).doubles(), rt.read(aty).doubles(), rt.read(dot).longs()[0]};
        });
        for (int i = 0; i < M; i++) {
            double s = 0;
            for (int l = 0; l < K; l++) {
                s += ma(i, l) * mx(l);
            }
            assertClose(s, ((double[]) r[0])[i], 1e-12, "A x row " + i);
            assertClose(s, ((double[]) r[1])[i], 1e-12, "A x (row tiles) row " + i);
        }
        for (int l = 0; l < K; l++) {
            double s = 0;
            for (int i = 0; i < M; i++) {
                s += ma(i, l) * mx(i);
            }
            assertClose(s, ((double[]) r[2])[l], 1e-12, "A^T y element " + l);
        }
        long dot = 0;
        for (int l = 0; l < K; l++) {
            long v = (long) mx(l); // float to int64 truncates
            dot += v * v;
        }
        assertEquals(dot, (long) r[3]);
    }
}
