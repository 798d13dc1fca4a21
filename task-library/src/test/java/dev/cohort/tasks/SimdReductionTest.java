package dev.cohort.tasks;

import dev.cohort.runtime.geometry.Point;
import dev.cohort.runtime.geometry.Rect;
import dev.cohort.runtime.instance.Instance;
import dev.cohort.runtime.launch.Access;
import dev.cohort.runtime.launch.IterSpace;
import dev.cohort.runtime.region.FieldType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The reductions of every dtype ({@link Reductions}, {@link SimdReductions}) bit for bit against plain
 * Java references that implement the documented order (float sums and dots: sixteen accumulators,
 * the tail into the first, the fixed tree; PROD in order; the rest order-free), through the REDUCE,
 * ARG_REDUCE and MATVEC kernels on one point with dense, strided, broadcast and negative-step inputs;
 * and the vector kernels against the scalar loops (the bits {@code -Dcohort.simd=false} gives).
 */
class SimdReductionTest {
    private static final Access WHOLE = new Access(new int[0], new long[0], new long[0]);
    private static final int[] SIZES = {1, 5, 16, 37, 64, 100, 1029, 3000};

    // ------------------------------------------------------------------ references

    /** The documented float order over {@code x} (values already in the compute type). */
    static double refSum(double[] x) {
        double[] s = new double[16];
        int main = x.length - x.length % 16;
        for (int j = 0; j < main; j++) {
            s[j % 16] += x[j];
        }
        for (int j = main; j < x.length; j++) {
            s[0] += x[j];
        }
        double[] w = new double[4];
        for (int l = 0; l < 4; l++) {
            w[l] = (s[l] + s[4 + l]) + (s[8 + l] + s[12 + l]);
        }
        return (w[0] + w[1]) + (w[2] + w[3]);
    }

    /** Layouts of a 1-d input of {@code n} elements over a store of the returned length. */
    enum Layout {
        DENSE, STRIDED, NEGATIVE, BROADCAST;

        int storeLength(int n) {
            return switch (this) {
                case DENSE -> n;
                case STRIDED -> 3 * n + 1;
                case NEGATIVE -> 2 * n;
                case BROADCAST -> 10;
            };
        }

        Access access(int n) {
            return switch (this) {
                case DENSE -> Access.identity(1);
                case STRIDED -> new Access(new int[] {0}, new long[] {3}, new long[] {1});
                case NEGATIVE -> new Access(new int[] {0}, new long[] {-2}, new long[] {2L * (n - 1) + 1});
                case BROADCAST -> new Access(new int[] {-1}, new long[] {1}, new long[] {5});
            };
        }

        /** The store index iteration point {@code i} reads. */
        int index(int n, int i) {
            return switch (this) {
                case DENSE -> i;
                case STRIDED -> 1 + 3 * i;
                case NEGATIVE -> 2 * (n - 1) + 1 - 2 * i;
                case BROADCAST -> 5;
            };
        }
    }

    /** Random values of {@code type} (floats of mixed magnitude so that the order shows in the bits). */
    static Instance random(Random rnd, FieldType type, int len, boolean specials) {
        Instance in = Instance.allocate(type, Rect.ofExtents(len));
        for (int i = 0; i < len; i++) {
            double d = rnd.nextGaussian() * Math.pow(10, rnd.nextInt(9) - 4);
            if (specials && rnd.nextInt(50) == 0) {
                d = new double[] {Double.NaN, -0.0, 0.0, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY}[rnd.nextInt(5)];
            }
            switch (type) {
                case FLOAT64 -> in.doubles()[i] = d;
                case FLOAT32 -> in.floats()[i] = (float) d;
                case INT64 -> in.longs()[i] = rnd.nextLong() >> rnd.nextInt(64);
                case INT32 -> in.ints()[i] = rnd.nextInt() >> rnd.nextInt(32);
                case BOOL -> in.bools()[i] = (byte) (rnd.nextInt(specials ? 2 : 40) == 0 ? 0 : 1);
            }
        }
        return in;
    }

    static double valueD(Instance in, int i) {
        return in.type() == FieldType.FLOAT32 ? in.floats()[i] : in.doubles()[i];
    }

    static long valueL(Instance in, int i) {
        return switch (in.type()) {
            case INT64 -> in.longs()[i];
            case INT32 -> in.ints()[i];
            case BOOL -> in.bools()[i];
            default -> throw new IllegalArgumentException();
        };
    }

    static FieldType resultType(ReduceOp op, FieldType in) {
        return switch (op) {
            case SUM, PROD -> in == FieldType.FLOAT64 || in == FieldType.FLOAT32 ? in : FieldType.INT64;
            case MAX, MIN -> in;
            case ANY, ALL -> FieldType.BOOL;
        };
    }

    /** The raw bits REDUCE must give: the reference of {@code op} over {@code n} values of {@code in} read through {@code layout}. */
    static long expectedBits(ReduceOp op, Instance in, Layout layout, int n) {
        FieldType t = in.type();
        FieldType out = resultType(op, t);
        boolean floating = t == FieldType.FLOAT64 || t == FieldType.FLOAT32;
        if (op == ReduceOp.ANY || op == ReduceOp.ALL) {
            boolean any = false;
            boolean all = true;
            for (int i = 0; i < n; i++) {
                int k = layout.index(n, i);
                boolean v = floating ? valueD(in, k) != 0 : valueL(in, k) != 0;
                any |= v;
                all &= v;
            }
            return (op == ReduceOp.ANY ? any : all) ? 1 : 0;
        }
        if (floating) {
            double[] x = new double[n];
            for (int i = 0; i < n; i++) {
                x[i] = valueD(in, layout.index(n, i));
            }
            double r = switch (op) {
                case SUM -> 0.0 + refSum(x);
                case PROD -> {
                    double p = 1;
                    for (double v : x) {
                        p *= v;
                    }
                    yield p;
                }
                case MAX -> {
                    double m = Double.NEGATIVE_INFINITY;
                    for (double v : x) {
                        m = Math.max(m, v);
                    }
                    yield m;
                }
                default -> {
                    double m = Double.POSITIVE_INFINITY;
                    for (double v : x) {
                        m = Math.min(m, v);
                    }
                    yield m;
                }
            };
            return out == FieldType.FLOAT32 ? Float.floatToIntBits((float) r) & 0xffffffffL : Double.doubleToLongBits(r);
        }
        long r = switch (op) {
            case SUM -> 0;
            case PROD -> 1;
            case MAX -> Long.MIN_VALUE;
            default -> Long.MAX_VALUE;
        };
        for (int i = 0; i < n; i++) {
            long v = valueL(in, layout.index(n, i));
            r = switch (op) {
                case SUM -> r + v;
                case PROD -> r * v;
                case MAX -> Math.max(r, v);
                default -> Math.min(r, v);
            };
        }
        return out.bitsOf(r);
    }

    static long outBits(Instance out) {
        long b = out.getBits(0);
        if (out.type() == FieldType.FLOAT64) {
            // NaN payloads are not part of the contract
            return Double.doubleToLongBits(Double.longBitsToDouble(b));
        }
        if (out.type() == FieldType.FLOAT32) {
            return Float.floatToIntBits(Float.intBitsToFloat((int) b)) & 0xffffffffL;
        }
        return b;
    }

    // ------------------------------------------------------------------ REDUCE

    @ParameterizedTest
    @EnumSource(ReduceOp.class)
    void reduceEveryDtypeAndLayoutMatchesTheReference(ReduceOp op) {
        Random rnd = new Random(31 + op.ordinal());
        for (FieldType t : FieldType.values()) {
            for (Layout layout : Layout.values()) {
                for (int n : SIZES) {
                    for (boolean specials : new boolean[] {false, true}) {
                        Instance in = random(rnd, t, layout.storeLength(n), specials);
                        FieldType rt = resultType(op, t);
                        FieldType compute = op == ReduceOp.ANY || op == ReduceOp.ALL ? FieldType.BOOL : rt;
                        Instance out = Instance.allocate(rt, Rect.ofExtents());
                        byte[] args = new Args.Reduce(op, compute, IterSpace.whole(n), new Operand.StoreOperand(0, t, layout.access(n)),
                                new Operand.StoreOperand(1, rt, WHOLE)).encode();
                        new KernelBenchmark.Ctx(args, Point.of(0), in, out).run(ReductionKernels::reduce);
                        assertEquals(expectedBits(op, in, layout, n), outBits(out),
                                op + " " + t + " " + layout + " n=" + n + " specials=" + specials);
                    }
                }
            }
        }
    }

    /**
     * Along an axis of a dense {@code (r, c)} matrix: axis 1 folds each row into one value (the
     * documented order per row), axis 0 folds the rows into the out row element-wise, in order.
     */
    @ParameterizedTest
    @EnumSource(value = FieldType.class)
    void reduceAlongAxesMatchesTheReference(FieldType t) {
        Random rnd = new Random(7);
        int rows = 13;
        int cols = 41;
        for (ReduceOp op : new ReduceOp[] {ReduceOp.SUM, ReduceOp.MAX, ReduceOp.ANY}) {
            FieldType rt = resultType(op, t);
            FieldType compute = op == ReduceOp.ANY ? FieldType.BOOL : rt;
            Instance in = Instance.allocate(t, Rect.ofExtents(rows, cols));
            Instance flat = random(rnd, t, rows * cols, false);
            System.arraycopy(flat.array(), 0, in.array(), 0, rows * cols);
            for (int axis = 0; axis < 2; axis++) {
                int len = axis == 0 ? cols : rows;
                Instance out = Instance.allocate(rt, Rect.ofExtents(len));
                Access oa = new Access(new int[] {1 - axis}, new long[] {1}, new long[1]);
                byte[] args = new Args.Reduce(op, compute, IterSpace.whole(rows, cols), new Operand.StoreOperand(0, t, Access.identity(2)),
                        new Operand.StoreOperand(1, rt, oa)).encode();
                new KernelBenchmark.Ctx(args, Point.of(0, 0), in, out).run(ReductionKernels::reduce);
                for (int k = 0; k < len; k++) {
                    // the line of the matrix out element k reduces, as a 1-d dense input
                    int n = axis == 0 ? rows : cols;
                    Instance line = Instance.allocate(t, Rect.ofExtents(n));
                    for (int i = 0; i < n; i++) {
                        int src = axis == 0 ? i * cols + k : k * cols + i;
                        line.setBits(i, in.getBits(src));
                    }
                    long expected = axis == 1 || op != ReduceOp.SUM || !(t == FieldType.FLOAT64 || t == FieldType.FLOAT32)
                            ? expectedBits(op, line, Layout.DENSE, n) : sequentialSumBits(line, rt);
                    Instance one = Instance.allocate(rt, Rect.ofExtents());
                    one.setBits(0, out.getBits(k));
                    assertEquals(expected, outBits(one), op + " " + t + " axis " + axis + " element " + k);
                }
            }
        }
    }

    /** An element-wise fold of rows into out: out = out + x_i in order, rounded to the type each time. */
    static long sequentialSumBits(Instance line, FieldType rt) {
        double acc = 0;
        for (int i = 0; i < line.size(); i++) {
            acc = acc + valueD(line, i);
            if (rt == FieldType.FLOAT32) {
                acc = (float) acc;
            }
        }
        return rt == FieldType.FLOAT32 ? Float.floatToIntBits((float) acc) & 0xffffffffL : Double.doubleToLongBits(acc);
    }

    // ------------------------------------------------------------------ ARG_REDUCE

    @ParameterizedTest
    @EnumSource(value = FieldType.class)
    void argReduceFindsTheFirstPositionOnEveryLayout(FieldType t) {
        Random rnd = new Random(3);
        for (Layout layout : Layout.values()) {
            for (int n : SIZES) {
                Instance in = random(rnd, t, layout.storeLength(n), true);
                // reference: the first iteration index whose value equals the max (NaN equals NaN)
                Instance ref = Instance.allocate(t, Rect.ofExtents());
                byte[] margs = new Args.Reduce(ReduceOp.MAX, t, IterSpace.whole(n), new Operand.StoreOperand(0, t, layout.access(n)),
                        new Operand.StoreOperand(1, t, WHOLE)).encode();
                new KernelBenchmark.Ctx(margs, Point.of(0), in, ref).run(ReductionKernels::reduce);
                long expected = -1;
                for (int i = 0; i < n && expected < 0; i++) {
                    if (in.getBits(layout.index(n, i)) == ref.getBits(0)
                            || t == FieldType.FLOAT64 && Double.isNaN(valueD(in, layout.index(n, i))) && Double.isNaN(valueD(ref, 0))
                            || t == FieldType.FLOAT32 && Float.isNaN((float) valueD(in, layout.index(n, i))) && Double.isNaN(valueD(ref, 0))
                            || (t == FieldType.FLOAT64 || t == FieldType.FLOAT32) && valueD(in, layout.index(n, i)) == valueD(ref, 0)) {
                        expected = i;
                    }
                }
                Instance out = Instance.allocate(FieldType.INT64, Rect.ofExtents());
                byte[] args = new Args.ArgReduce(ArgReduceOp.ARGMAX, IterSpace.whole(n), -1, new Operand.StoreOperand(0, t, layout.access(n)),
                        new Operand.StoreOperand(1, t, WHOLE), new Operand.StoreOperand(2, FieldType.INT64, WHOLE)).encode();
                new KernelBenchmark.Ctx(args, Point.of(0), in, ref, out).run(ReductionKernels::argReduce);
                assertEquals(expected, out.longs()[0], t + " " + layout + " n=" + n);
            }
        }
    }

    // ------------------------------------------------------------------ MATVEC

    @ParameterizedTest
    @EnumSource(value = FieldType.class, names = {"FLOAT64", "FLOAT32"})
    void dotOnEveryLayoutMatchesTheReference(FieldType t) {
        Random rnd = new Random(11);
        for (Layout la : Layout.values()) {
            for (Layout lb : new Layout[] {Layout.DENSE, Layout.NEGATIVE}) {
                for (int n : SIZES) {
                    Instance a = random(rnd, t, la.storeLength(n), false);
                    Instance b = random(rnd, t, lb.storeLength(n), false);
                    double[] x = new double[n];
                    for (int i = 0; i < n; i++) {
                        double p = valueD(a, la.index(n, i)) * valueD(b, lb.index(n, i));
                        x[i] = t == FieldType.FLOAT32 ? (float) p : p;
                    }
                    double r = 0.0 + refSum(x);
                    Instance out = Instance.allocate(t, Rect.ofExtents());
                    byte[] args = new Args.Matvec(t, IterSpace.whole(n), new Operand.StoreOperand(0, t, la.access(n)),
                            new Operand.StoreOperand(1, t, lb.access(n)), new Operand.StoreOperand(2, t, WHOLE)).encode();
                    new KernelBenchmark.Ctx(args, Point.of(0), a, b, out).run(ReductionKernels::matvec);
                    long expected = t == FieldType.FLOAT32 ? Float.floatToIntBits((float) r) & 0xffffffffL : Double.doubleToLongBits(r);
                    assertEquals(expected, outBits(out), t + " " + la + " x " + lb + " n=" + n);
                }
            }
        }
    }

    /** {@code X @ w} (a dot per row, the documented order) and {@code X.T @ r} (out += X[k, :] * r[k] for k in order). */
    @ParameterizedTest
    @EnumSource(value = FieldType.class, names = {"FLOAT64", "FLOAT32"})
    void matvecAndVecmatMatchTheReference(FieldType t) {
        Random rnd = new Random(5);
        int rows = 23;
        int cols = 70;
        Instance x = Instance.allocate(t, Rect.ofExtents(rows, cols));
        System.arraycopy(random(rnd, t, rows * cols, false).array(), 0, x.array(), 0, rows * cols);
        Instance w = random(rnd, t, cols, false);
        Instance r = random(rnd, t, rows, false);
        Access d0 = new Access(new int[] {0}, new long[] {1}, new long[1]);
        Access d1 = new Access(new int[] {1}, new long[] {1}, new long[1]);
        Instance z = Instance.allocate(t, Rect.ofExtents(rows));
        new KernelBenchmark.Ctx(new Args.Matvec(t, IterSpace.whole(rows, cols), new Operand.StoreOperand(0, t, Access.identity(2)),
                new Operand.StoreOperand(1, t, d1), new Operand.StoreOperand(2, t, d0)).encode(), Point.of(0, 0), x, w, z)
                .run(ReductionKernels::matvec);
        for (int i = 0; i < rows; i++) {
            double[] p = new double[cols];
            for (int j = 0; j < cols; j++) {
                double v = valueD(x, i * cols + j) * valueD(w, j);
                p[j] = t == FieldType.FLOAT32 ? (float) v : v;
            }
            double e = 0.0 + refSum(p);
            assertEquals(t == FieldType.FLOAT32 ? (double) (float) e : e, valueD(z, i), 0.0, "X @ w row " + i);
        }
        Instance g = Instance.allocate(t, Rect.ofExtents(cols));
        Access xt = new Access(new int[] {1, 0}, new long[] {1, 1}, new long[2]);
        new KernelBenchmark.Ctx(new Args.Matvec(t, IterSpace.whole(cols, rows), new Operand.StoreOperand(0, t, xt),
                new Operand.StoreOperand(1, t, d1), new Operand.StoreOperand(2, t, d0)).encode(), Point.of(0, 0), x, r, g)
                .run(ReductionKernels::matvec);
        for (int j = 0; j < cols; j++) {
            double acc = 0;
            for (int k = 0; k < rows; k++) {
                double v = valueD(x, k * cols + j) * valueD(r, k);
                if (t == FieldType.FLOAT32) {
                    acc = (float) (acc + (float) v);
                } else {
                    acc = acc + v;
                }
            }
            assertEquals(acc, valueD(g, j), 0.0, "X.T @ r element " + j);
        }
    }

    // ------------------------------------------------------------------ vector kernels = scalar loops

    @Test
    void theBuildRunsTheVectorKernels() {
        assumeTrue(SimdReductions.usable(), "this CPU has no 256-bit vectors");
        assertTrue(Reductions.SIMD, "surefire's argLine adds jdk.incubator.vector, so the vector kernels run");
    }

    @Test
    void vectorKernelsGiveTheScalarLoopsBits() {
        assumeTrue(ModuleLayer.boot().findModule("jdk.incubator.vector").isPresent());
        Random rnd = new Random(99);
        List<Integer> sizes = new ArrayList<>();
        for (int n = 1; n <= 100; n++) {
            sizes.add(n);
        }
        sizes.add(4099);
        sizes.add(32768 + 13);
        for (int n : sizes) {
            int ao = rnd.nextInt(5);
            int bo = rnd.nextInt(5);
            double[] d = new double[ao + n];
            double[] e = new double[bo + n];
            float[] f = new float[ao + n];
            float[] h = new float[bo + n];
            long[] l = new long[ao + n];
            int[] k = new int[ao + n];
            for (int i = 0; i < d.length; i++) {
                d[i] = rnd.nextGaussian() * Math.pow(10, rnd.nextInt(13) - 6);
                f[i] = (float) (rnd.nextGaussian() * Math.pow(10, rnd.nextInt(9) - 4));
                l[i] = rnd.nextLong();
                k[i] = rnd.nextInt();
                if (rnd.nextInt(200) == 0) {
                    d[i] = rnd.nextBoolean() ? Double.NaN : -0.0;
                    f[i] = rnd.nextBoolean() ? Float.NaN : -0.0f;
                }
            }
            for (int i = 0; i < e.length; i++) {
                e[i] = rnd.nextGaussian();
                h[i] = (float) rnd.nextGaussian();
            }
            String w = "n=" + n;
            assertEquals(Double.doubleToLongBits(Reductions.sumScalarD(d, ao, n)), Double.doubleToLongBits(SimdReductions.sumD(d, ao, n)), w);
            assertEquals(Double.doubleToLongBits(Reductions.sumScalarF(f, ao, n)), Double.doubleToLongBits(SimdReductions.sumF(f, ao, n)), w);
            assertEquals(Double.doubleToLongBits(Reductions.dotScalarD(d, ao, e, bo, n)),
                    Double.doubleToLongBits(SimdReductions.dotD(d, ao, e, bo, n)), w);
            assertEquals(Double.doubleToLongBits(Reductions.dotScalarF(f, ao, h, bo, n)),
                    Double.doubleToLongBits(SimdReductions.dotF(f, ao, h, bo, n)), w);
            double mx = Double.NEGATIVE_INFINITY;
            double mn = Double.POSITIVE_INFINITY;
            float fx = Float.NEGATIVE_INFINITY;
            float fn = Float.POSITIVE_INFINITY;
            long lx = Long.MIN_VALUE;
            long ln = Long.MAX_VALUE;
            long ls = 0;
            int ix = Integer.MIN_VALUE;
            int in = Integer.MAX_VALUE;
            long is = 0;
            for (int i = ao; i < ao + n; i++) {
                mx = Math.max(mx, d[i]);
                mn = Math.min(mn, d[i]);
                fx = Math.max(fx, f[i]);
                fn = Math.min(fn, f[i]);
                lx = Math.max(lx, l[i]);
                ln = Math.min(ln, l[i]);
                ls += l[i];
                ix = Math.max(ix, k[i]);
                in = Math.min(in, k[i]);
                is += k[i];
            }
            assertEquals(Double.doubleToLongBits(mx), Double.doubleToLongBits(SimdReductions.maxD(d, ao, n)), w);
            assertEquals(Double.doubleToLongBits(mn), Double.doubleToLongBits(SimdReductions.minD(d, ao, n)), w);
            assertEquals(Float.floatToIntBits(fx), Float.floatToIntBits(SimdReductions.maxF(f, ao, n)), w);
            assertEquals(Float.floatToIntBits(fn), Float.floatToIntBits(SimdReductions.minF(f, ao, n)), w);
            assertEquals(lx, SimdReductions.maxL(l, ao, n), w);
            assertEquals(ln, SimdReductions.minL(l, ao, n), w);
            assertEquals(ls, SimdReductions.sumL(l, ao, n), w);
            assertEquals(ix, SimdReductions.maxI(k, ao, n), w);
            assertEquals(in, SimdReductions.minI(k, ao, n), w);
            assertEquals(is, SimdReductions.sumI(k, ao, n), w);
            // the chunked accumulator: vector blocks and scalar blocks alike
            double[] s1 = new double[16];
            double[] s2 = new double[16];
            int blocks = n / 16;
            Reductions.accumulate(s1, d, ao, blocks);
            SimdReductions.accumulate(s2, d, ao, blocks);
            for (int q = 0; q < 16; q++) {
                assertEquals(Double.doubleToLongBits(s1[q]), Double.doubleToLongBits(s2[q]), w + " accumulator " + q);
            }
        }
    }

    /** Max/min with signed zeros and NaN in any lane: Math.max/min semantics. */
    @Test
    void vectorMaxMinFollowMathMaxMin() {
        assumeTrue(ModuleLayer.boot().findModule("jdk.incubator.vector").isPresent());
        for (int n = 1; n <= 70; n++) {
            for (int pos = 0; pos < n; pos++) {
                double[] z = new double[n];
                java.util.Arrays.fill(z, -0.0);
                z[pos] = 0.0;
                assertEquals(Double.doubleToLongBits(0.0), Double.doubleToLongBits(SimdReductions.maxD(z, 0, n)));
                java.util.Arrays.fill(z, 0.0);
                z[pos] = -0.0;
                assertEquals(Double.doubleToLongBits(-0.0), Double.doubleToLongBits(SimdReductions.minD(z, 0, n)));
                z[pos] = Double.NaN;
                assertTrue(Double.isNaN(SimdReductions.maxD(z, 0, n)) && Double.isNaN(SimdReductions.minD(z, 0, n)), "NaN at " + pos);
                float[] y = new float[n];
                y[pos] = Float.NaN;
                assertTrue(Float.isNaN(SimdReductions.maxF(y, 0, n)) && Float.isNaN(SimdReductions.minF(y, 0, n)), "NaN at " + pos);
            }
        }
    }

    /** A row fed in arbitrary pieces has the bits of the dense kernel over the whole row. */
    @Test
    void rowSumInPiecesEqualsTheDenseRow() {
        Random rnd = new Random(21);
        Reductions.RowSum rs = new Reductions.RowSum();
        for (int trial = 0; trial < 500; trial++) {
            int n = 1 + rnd.nextInt(trial < 250 ? 60 : 5000);
            double[] a = new double[n];
            for (int i = 0; i < n; i++) {
                a[i] = rnd.nextGaussian() * Math.pow(10, rnd.nextInt(12) - 6);
            }
            rs.start(n);
            int j = 0;
            while (j < n) {
                int m = Math.min(n - j, 1 + rnd.nextInt(rnd.nextBoolean() ? 19 : 1500));
                rs.add(a, j, m);
                j += m;
            }
            assertEquals(Double.doubleToLongBits(refSum(a)), Double.doubleToLongBits(rs.total()), "n=" + n);
            assertEquals(Double.doubleToLongBits(0.0 + refSum(a)), Double.doubleToLongBits(Reductions.sumD(0.0, a, 0, n)), "n=" + n);
        }
    }
}
