package dev.cohort.tasks;

import dev.cohort.runtime.launch.IterSpace;

import dev.cohort.runtime.launch.Access;

import static dev.cohort.tasks.KernelHarness.launch;
import static dev.cohort.tasks.KernelHarness.load;
import static dev.cohort.tasks.KernelHarness.op;
import static dev.cohort.tasks.KernelHarness.rect;
import static dev.cohort.tasks.KernelHarness.replicated;
import static dev.cohort.tasks.KernelHarness.tiled;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
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

/** ARANGE, RAND, COPY/CONVERT, WHERE and FILL through real launches. */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class DataKernelTest {
    // ------------------------------------------------------------------ ARANGE

    @ParameterizedTest(name = "arange on {0} shards")
    @ValueSource(ints = {1, 3})
    void arange(int shards) {
        Object[] r = KernelHarness.run(shards, rt -> {
            IterSpace s = new IterSpace(new long[] {23}, new long[] {5});
            Store d = rt.createStore(rect(23), FieldType.FLOAT64);
            Store l = rt.createStore(rect(23), FieldType.INT64);
            rt.execute(tiled(launch(OpCode.ARANGE, s), d, s, Privilege.WRITE_DISCARD)
                    .scalars(new Args.Arange(s, -1.5, 0.1, op(0, FieldType.FLOAT64, 1)).encode()).build());
            rt.execute(tiled(launch(OpCode.ARANGE, s), l, s, Privilege.WRITE_DISCARD)
                    .scalars(new Args.Arange(s, 10, -3, op(0, FieldType.INT64, 1)).encode()).build());
            return new Object[] {rt.read(d).doubles(), rt.read(l).longs()};
        });
        for (int i = 0; i < 23; i++) {
            assertEquals(-1.5 + i * 0.1, ((double[]) r[0])[i], 0.0);
            assertEquals(10 - 3L * i, ((long[]) r[1])[i]);
        }
    }

    // ------------------------------------------------------------------ RAND

    static final int R = 20;
    static final int C = 30;

    static Object[] rand(Runtime rt, long[] tile) {
        IterSpace s = new IterSpace(new long[] {R, C}, tile);
        Object[] out = new Object[3];
        RandDist[] dists = RandDist.values();
        for (int d = 0; d < dists.length; d++) {
            FieldType t = dists[d] == RandDist.INTEGERS ? FieldType.INT64 : FieldType.FLOAT64;
            double lo = dists[d] == RandDist.NORMAL ? 2.0 : -3.0;
            double hi = dists[d] == RandDist.NORMAL ? 0.5 : 5.0;
            Store st = rt.createStore(rect(R, C), t);
            rt.execute(tiled(launch(OpCode.RAND, s), st, s, Privilege.WRITE_DISCARD)
                    .scalars(new Args.Rand(dists[d], 1234567890123L, 7, lo, hi, s, op(0, t, 2)).encode()).build());
            out[d] = t == FieldType.INT64 ? rt.read(st).longs() : rt.read(st).doubles();
        }
        return out;
    }

    @Test
    void randomNumbersDoNotDependOnTilesOrShards() {
        Object[] one = KernelHarness.run(1, rt -> rand(rt, new long[] {R, C}));
        Object[] seven = KernelHarness.run(1, rt -> rand(rt, new long[] {3, 30}));
        Object[] shards = KernelHarness.run(3, rt -> rand(rt, new long[] {7, 11}));
        for (int d = 0; d < 3; d++) {
            if (one[d] instanceof double[] x) {
                assertArrayEquals(x, (double[]) seven[d], 0.0);
                assertArrayEquals(x, (double[]) shards[d], 0.0);
            } else {
                assertArrayEquals((long[]) one[d], (long[]) seven[d]);
                assertArrayEquals((long[]) one[d], (long[]) shards[d]);
            }
        }
        // element 0 is Philox of counter (0, 0, stream) and key (seed halves)
        int[] w = new int[4];
        Philox4x32.element(1234567890123L, 7, 0, w);
        assertEquals(-3.0 + Philox4x32.toUnit(w[0], w[1]) * 8.0, ((double[]) one[0])[0], 0.0);
    }

    @Test
    void randomNumbersHaveTheRightMoments() {
        int n = 200_000;
        Object[] r = KernelHarness.run(1, rt -> {
            IterSpace s = new IterSpace(new long[] {n}, new long[] {n / 4});
            Object[] out = new Object[3];
            RandDist[] dists = RandDist.values();
            for (int d = 0; d < 3; d++) {
                FieldType t = dists[d] == RandDist.INTEGERS ? FieldType.INT64 : FieldType.FLOAT64;
                double lo = dists[d] == RandDist.NORMAL ? 2.0 : dists[d] == RandDist.INTEGERS ? -3 : 1.0;
                double hi = dists[d] == RandDist.NORMAL ? 0.5 : dists[d] == RandDist.INTEGERS ? 5 : 3.0;
                Store st = rt.createStore(rect(n), t);
                rt.execute(tiled(launch(OpCode.RAND, s), st, s, Privilege.WRITE_DISCARD)
                        .scalars(new Args.Rand(dists[d], 42, 0, lo, hi, s, op(0, t, 1)).encode()).build());
                out[d] = t == FieldType.INT64 ? rt.read(st).longs() : rt.read(st).doubles();
            }
            return out;
        });
        double[] u = (double[]) r[0];
        double[] g = (double[]) r[1];
        long[] k = (long[]) r[2];
        double[] mu = moments(u);
        assertEquals(2.0, mu[0], 0.01);
        assertEquals(4.0 / 12, mu[1], 0.01);
        for (double x : u) {
            assertTrue(x >= 1.0 && x < 3.0);
        }
        double[] mg = moments(g);
        assertEquals(2.0, mg[0], 0.01);
        assertEquals(0.25, mg[1], 0.01);
        double[] kd = new double[n];
        int[] counts = new int[8];
        for (int i = 0; i < n; i++) {
            assertTrue(k[i] >= -3 && k[i] < 5, "integer " + k[i] + " outside [-3, 5)");
            counts[(int) (k[i] + 3)]++;
            kd[i] = k[i];
        }
        for (int c : counts) {
            assertEquals(n / 8.0, c, n / 8.0 * 0.05);
        }
        assertEquals(0.5, moments(kd)[0], 0.02);
    }

    static double[] moments(double[] x) {
        double s = 0;
        for (double v : x) {
            s += v;
        }
        double mean = s / x.length;
        double q = 0;
        for (double v : x) {
            q += (v - mean) * (v - mean);
        }
        return new double[] {mean, q / x.length};
    }

    // ------------------------------------------------------------------ COPY / CONVERT

    static final double[] SRC = {-2.7, -1.0, -0.5, -0.0, 0.0, 0.4, 1.9, 2.5, 3e10, Double.NaN, 1e300, -7.99};

    @ParameterizedTest(name = "copy and convert on {0} shards")
    @ValueSource(ints = {1, 3})
    void copyAndConvert(int shards) {
        int n = SRC.length;
        Object[] r = KernelHarness.run(shards, rt -> {
            IterSpace s = new IterSpace(new long[] {n}, new long[] {5});
            Store in = load(rt, FieldType.FLOAT64, new long[] {n}, SRC);
            FieldType[] targets = {FieldType.FLOAT64, FieldType.INT64, FieldType.INT32, FieldType.BOOL, FieldType.FLOAT32};
            Object[] out = new Object[targets.length + 2];
            for (int t = 0; t < targets.length; t++) {
                Store o = rt.createStore(rect(n), targets[t]);
                OpCode code = targets[t] == FieldType.FLOAT64 ? OpCode.COPY : OpCode.CONVERT;
                rt.execute(tiled(tiled(launch(code, s), in, s, Privilege.READ), o, s, Privilege.WRITE_DISCARD)
                        .scalars(new Args.Copy(s, op(0, FieldType.FLOAT64, 1), op(1, targets[t], 1)).encode()).build());
                out[t] = rt.read(o);
            }
            // int64 -> float64 through negative steps: o[2n-1-2i] = in[n-1-i]
            Store li = load(rt, FieldType.INT64, new long[] {n}, KernelHarness.longs(n, i -> i * 1000L - 3));
            Store o = rt.createStore(rect(2 * n + 1), FieldType.FLOAT64);
            rt.fill(o, 0.25);
            // negative steps cannot be tiled (a projection cannot negate), so one point does it all
            IterSpace whole = IterSpace.whole(n);
            GroupLaunch.Builder b = replicated(launch(OpCode.CONVERT, whole), li, Privilege.READ);
            replicated(b, o, Privilege.READ_WRITE);
            rt.execute(b.scalars(new Args.Copy(whole, op(0, FieldType.INT64, new Access(new int[] {0}, new long[] {-1}, new long[] {n - 1})),
                    op(1, FieldType.FLOAT64, new Access(new int[] {0}, new long[] {-2}, new long[] {2 * n - 1}))).encode()).build());
            out[targets.length] = rt.read(o);
            // bool -> int32 (a 2-d transpose, whole)
            byte[] bits = {1, 0, 0, 1, 1, 0};
            Store bs = load(rt, FieldType.BOOL, new long[] {2, 3}, bits);
            Store bi = rt.createStore(rect(3, 2), FieldType.INT32);
            IterSpace w = IterSpace.whole(3, 2);
            b = replicated(launch(OpCode.CONVERT, w), bs, Privilege.READ);
            replicated(b, bi, Privilege.WRITE_DISCARD);
            rt.execute(b.scalars(new Args.Copy(w, op(0, FieldType.BOOL, new Access(new int[] {1, 0}, new long[] {1, 1}, new long[2])),
                    op(1, FieldType.INT32, 2)).encode()).build());
            out[targets.length + 1] = rt.read(bi);
            return out;
        });
        Instance f64 = (Instance) r[0];
        Instance i64 = (Instance) r[1];
        Instance i32 = (Instance) r[2];
        Instance b = (Instance) r[3];
        Instance f32 = (Instance) r[4];
        for (int i = 0; i < n; i++) {
            double x = SRC[i];
            assertEquals(Double.doubleToRawLongBits(x), Double.doubleToRawLongBits(f64.doubles()[i]), "copy " + x);
            long el = Double.isNaN(x) || x >= 0x1p63 || x < -0x1p63 ? Long.MIN_VALUE : (long) x;
            assertEquals(el, i64.longs()[i], "float64 -> int64 of " + x);
            int ei = Double.isNaN(x) || x >= 0x1p31 || x < -0x1p31 ? Integer.MIN_VALUE : (int) x;
            assertEquals(ei, i32.ints()[i], "float64 -> int32 of " + x);
            assertEquals(x != 0 ? 1 : 0, b.bools()[i], "float64 -> bool of " + x);
            assertEquals((float) x, f32.floats()[i], 0.0f, "float64 -> float32 of " + x);
        }
        assertEquals(-2L, i64.longs()[0], "truncation toward zero");
        assertEquals(1, b.bools()[9], "NaN is true");
        double[] rev = ((Instance) r[5]).doubles();
        for (int q = 0; q < rev.length; q++) {
            if (q % 2 == 1) {
                // o[2n-1-2i] = in[n-1-i], i.e. o[q] = in[(q-1)/2]
                int i = (q - 1) / 2;
                assertEquals(i * 1000.0 - 3, rev[q], 0.0, "reversed strided element " + q);
            } else {
                assertEquals(0.25, rev[q], 0.0, "untouched element " + q);
            }
        }
        assertArrayEquals(new int[] {1, 1, 0, 1, 0, 0}, ((Instance) r[6]).ints());
    }

    /**
     * COPY of a stride-2 bool view ({@code x[::2]}), which {@link DataLoops#convert} runs eight bytes a step
     * ({@link DataLoops#evenBytes}): every length around the step and the minimum, every source and target offset
     * parity, against the byte loop; bytes that are not 0/1 are copied as they are; the target's bytes outside the
     * copy stay untouched.
     */
    @Test
    void boolStrideTwoCopyTakesEveryOtherByte() {
        java.util.Random rnd = new java.util.Random(7);
        byte[] a = new byte[200];
        rnd.nextBytes(a);
        for (int n = 0; n <= 70; n++) {
            for (int q = 0; q <= 3; q++) {
                for (int p = 0; p <= 3; p++) {
                    byte[] o = new byte[n + 8];
                    java.util.Arrays.fill(o, (byte) 0x5A);
                    DataLoops.convert(FieldType.BOOL, a, q, 2, FieldType.BOOL, o, p, 1, n);
                    for (int k = 0; k < o.length; k++) {
                        byte want = k >= p && k < p + n ? a[q + 2 * (k - p)] : 0x5A;
                        assertEquals(want, o[k], "n=" + n + " q=" + q + " p=" + p + " byte " + k);
                    }
                }
            }
        }
        long x = 0x0706050403020100L;
        assertEquals(0x06040200L, DataLoops.evenBytesOf(x));
        assertEquals(0xFFFFFFFFL, DataLoops.evenBytesOf(-1L));
        // the same array as source and target (an in-place compaction) keeps the byte loop's forward order
        byte[] same = new byte[100];
        byte[] ref = new byte[100];
        for (int i = 0; i < same.length; i++) {
            same[i] = (byte) i;
            ref[i] = (byte) i;
        }
        DataLoops.convert(FieldType.BOOL, same, 0, 2, FieldType.BOOL, same, 0, 1, 50);
        for (int j = 0; j < 50; j++) {
            ref[j] = ref[2 * j];
        }
        assertArrayEquals(ref, same);
    }

    /**
     * WHERE on bool with the condition, operands and out at different offsets ({@link DataLoops#whereBytes}, eight
     * bytes a step) and at one offset (the generated loops): every length around the step, arrays and scalars on
     * either side, against the element-by-element definition; bytes outside the row stay untouched.
     */
    @Test
    void boolWhereAtAnyOffsetsSelectsEachByte() {
        java.util.Random rnd = new java.util.Random(11);
        byte[] c = new byte[120];
        byte[] x = new byte[120];
        byte[] y = new byte[120];
        for (int i = 0; i < c.length; i++) {
            c[i] = (byte) rnd.nextInt(2);
            x[i] = (byte) rnd.nextInt(2);
            y[i] = (byte) rnd.nextInt(2);
        }
        int[][] offsets = {{0, 0, 0, 0}, {1, 0, 3, 2}, {5, 7, 0, 1}, {2, 2, 2, 9}};
        for (int n = 0; n <= 40; n++) {
            for (int[] off : offsets) {
                for (int form = 0; form < 4; form++) {
                    boolean xArr = (form & 1) == 0;
                    boolean yArr = (form & 2) == 0;
                    byte xs = (byte) (form == 1 ? 1 : 0);
                    byte ys = (byte) (form == 3 ? 0 : 1);
                    byte[] o = new byte[n + 16];
                    java.util.Arrays.fill(o, (byte) 7);
                    DataLoops.where(FieldType.BOOL, c, off[0], o, off[1], xArr ? x : null, off[2], 0, xs,
                            yArr ? y : null, off[3], 0, ys, n);
                    for (int k = 0; k < o.length; k++) {
                        int j = k - off[1];
                        byte want = j < 0 || j >= n ? 7
                                : c[off[0] + j] != 0 ? (xArr ? x[off[2] + j] : xs) : (yArr ? y[off[3] + j] : ys);
                        assertEquals(want, o[k], "n=" + n + " offsets " + java.util.Arrays.toString(off) + " form "
                                + form + " byte " + k);
                    }
                }
            }
        }
    }

    // ------------------------------------------------------------------ WHERE

    @ParameterizedTest(name = "where on {0} shards")
    @ValueSource(ints = {1, 3})
    void where(int shards) {
        int m = 6;
        int n = 9;
        Object[] r = KernelHarness.run(shards, rt -> {
            IterSpace s = new IterSpace(new long[] {m, n}, new long[] {4, 4});
            byte[] cond = new byte[m * n];
            for (int k = 0; k < cond.length; k++) {
                cond[k] = (byte) ((k * 7) % 3 == 0 ? 1 : 0);
            }
            Store c = load(rt, FieldType.BOOL, new long[] {m, n}, cond);
            Store a = load(rt, FieldType.FLOAT64, new long[] {m, n}, KernelHarness.doubles(m * n, k -> k * 0.5));
            Store bRow = load(rt, FieldType.INT64, new long[] {n}, KernelHarness.longs(n, j -> -j));
            Store o1 = rt.createStore(rect(m, n), FieldType.FLOAT64);
            GroupLaunch.Builder b = tiled(tiled(launch(OpCode.WHERE, s), c, s, Privilege.READ), a, s, Privilege.READ);
            replicated(b, bRow, Privilege.READ);
            tiled(b, o1, s, Privilege.WRITE_DISCARD);
            rt.execute(b.scalars(new Args.Where(s, op(0, FieldType.BOOL, 2), op(1, FieldType.FLOAT64, 2),
                    op(2, FieldType.INT64, new Access(new int[] {1}, new long[] {1}, new long[1])), op(3, FieldType.FLOAT64, 2)).encode()).build());
            // int32 out with a float condition and constants: truncation of a, constant b
            Store o2 = rt.createStore(rect(m, n), FieldType.INT32);
            b = tiled(tiled(launch(OpCode.WHERE, s), a, s, Privilege.READ), o2, s, Privilege.WRITE_DISCARD);
            rt.execute(b.scalars(new Args.Where(s, op(0, FieldType.FLOAT64, 2), op(0, FieldType.FLOAT64, 2),
                    Operand.Const.of(99L), op(1, FieldType.INT32, 2)).encode()).build());
            // the dense fast path: float64 everywhere, a constant b
            Store o3 = rt.createStore(rect(m, n), FieldType.FLOAT64);
            b = tiled(tiled(tiled(launch(OpCode.WHERE, s), c, s, Privilege.READ), a, s, Privilege.READ), o3, s, Privilege.WRITE_DISCARD);
            rt.execute(b.scalars(new Args.Where(s, op(0, FieldType.BOOL, 2), op(1, FieldType.FLOAT64, 2),
                    Operand.Const.of(-1.0), op(2, FieldType.FLOAT64, 2)).encode()).build());
            return new Object[] {rt.read(o1).doubles(), rt.read(o2).ints(), rt.read(o3).doubles()};
        });
        double[] o1 = (double[]) r[0];
        int[] o2 = (int[]) r[1];
        double[] o3 = (double[]) r[2];
        for (int k = 0; k < m * n; k++) {
            boolean c = (k * 7) % 3 == 0;
            assertEquals(c ? k * 0.5 : -(k % n), o1[k], 0.0, "where " + k);
            assertEquals(k == 0 ? 99 : (int) (k * 0.5), o2[k], "where (int32) " + k);
            assertEquals(c ? k * 0.5 : -1.0, o3[k], 0.0, "where (dense) " + k);
        }
    }

    // ------------------------------------------------------------------ FILL

    @ParameterizedTest(name = "fill on {0} shards")
    @ValueSource(ints = {1, 3})
    void fillStridedView(int shards) {
        // out[1::3, ::2] = 4.75 on a (10, 9) float64 store, and an int32 column filled from a float constant
        Object[] r = KernelHarness.run(shards, rt -> {
            Store o = rt.createStore(rect(10, 9), FieldType.FLOAT64);
            rt.fill(o, -1.0);
            IterSpace s = new IterSpace(new long[] {3, 5}, new long[] {2, 2});
            GroupLaunch.Builder b = launch(OpCode.FILL, s);
            b.require(o, Tiling.of(new long[] {6, 4}, new long[] {1, 0}, new long[2]), Projection.identity(2), Privilege.READ_WRITE);
            rt.execute(b.scalars(new Args.Fill(s, Operand.Const.of(4.75),
                    op(0, FieldType.FLOAT64, new Access(new int[] {0, 1}, new long[] {3, 2}, new long[] {1, 0}))).encode()).build());
            Store q = rt.createStore(rect(4, 3), FieldType.INT32);
            rt.execute(replicated(launch(OpCode.FILL, IterSpace.whole(4)), q, Privilege.WRITE_DISCARD)
                    .scalars(new Args.Fill(IterSpace.whole(4), Operand.Const.of(-2.9),
                            op(0, FieldType.INT32, new Access(new int[] {0, -1}, new long[] {1, 1}, new long[] {0, 2}))).encode()).build());
            return new Object[] {rt.read(o).doubles(), rt.read(q).ints()};
        });
        double[] o = (double[]) r[0];
        for (int i = 0; i < 10; i++) {
            for (int j = 0; j < 9; j++) {
                boolean in = (i - 1) % 3 == 0 && i >= 1 && i <= 7 && j % 2 == 0;
                assertEquals(in ? 4.75 : -1.0, o[i * 9 + j], 0.0, "(" + i + "," + j + ")");
            }
        }
        assertArrayEquals(new int[] {0, 0, -2, 0, 0, -2, 0, 0, -2, 0, 0, -2}, (int[]) r[1]);
    }
}
