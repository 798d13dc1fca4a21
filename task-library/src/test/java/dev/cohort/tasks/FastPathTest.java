package dev.cohort.tasks;

import dev.cohort.runtime.launch.IterSpace;

import dev.cohort.runtime.launch.Access;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cohort.runtime.geometry.Point;
import dev.cohort.runtime.geometry.Rect;
import dev.cohort.runtime.instance.Instance;
import dev.cohort.runtime.region.FieldType;
import org.junit.jupiter.api.Test;

import java.util.Random;

/**
 * The fast paths added for issue 5, run on one point with a minimal task context
 * ({@link KernelBenchmark.Ctx}) and compared with straightforward references: the 2-d
 * matrix-vector paths (X @ w row by row, X.T @ r with interchanged loops), GEMM straight between
 * the instances and ND4J's buffers (dense, strided, offset and converted operands), the per-thread
 * scratch buffers of the strided paths, and the determinism of the reassociated float sums.
 */
class FastPathTest {
    private static final Access D0 = new Access(new int[] {0}, new long[] {1}, new long[1]);
    private static final Access D1 = new Access(new int[] {1}, new long[] {1}, new long[1]);
    private static final Access WHOLE = new Access(new int[0], new long[0], new long[0]);

    private static Operand.StoreOperand st(int req, FieldType t, Access a) {
        return new Operand.StoreOperand(req, t, a);
    }

    private static Instance random(Random rnd, Rect r) {
        Instance inst = Instance.allocate(FieldType.FLOAT64, r);
        double[] d = inst.doubles();
        for (int i = 0; i < d.length; i++) {
            d[i] = rnd.nextGaussian();
        }
        return inst;
    }

    private static long[] bits(double[] d) {
        long[] b = new long[d.length];
        for (int i = 0; i < d.length; i++) {
            b[i] = Double.doubleToRawLongBits(d[i]);
        }
        return b;
    }

    private static void assertClose(double[] expected, double[] actual, double rel) {
        assertEquals(expected.length, actual.length);
        for (int i = 0; i < expected.length; i++) {
            KernelHarness.assertClose(expected[i], actual[i], rel, "element " + i);
        }
    }

    @Test
    void matvecRowsEqualTheRowPathBitForBit() {
        Random rnd = new Random(1);
        int rows = 37;
        int cols = 29;
        Instance x = random(rnd, Rect.ofExtents(rows, cols));
        Instance w = random(rnd, Rect.ofExtents(cols));
        Instance z = Instance.allocate(FieldType.FLOAT64, Rect.ofExtents(rows));
        new KernelBenchmark.Ctx(new Args.Matvec(FieldType.FLOAT64, IterSpace.whole(rows, cols), st(0, FieldType.FLOAT64, Access.identity(2)),
                st(1, FieldType.FLOAT64, D1), st(2, FieldType.FLOAT64, D0)).encode(), Point.of(0, 0), x, w, z).run(ReductionKernels::matvec);
        double[] expected = new double[rows];
        double[] naive = new double[rows];
        for (int i = 0; i < rows; i++) {
            expected[i] = 0.0 + ReductionKernels.dot(x.doubles(), i * cols, w.doubles(), 0, cols);
            for (int j = 0; j < cols; j++) {
                naive[i] += x.doubles()[i * cols + j] * w.doubles()[j];
            }
        }
        assertArrayEquals(bits(expected), bits(z.doubles()));
        assertClose(naive, z.doubles(), 1e-12);
    }

    @Test
    void transposedMatvecReadsTheMatrixInOrderAndIsDeterministic() {
        Random rnd = new Random(2);
        int rows = 5000;
        int cols = 32;
        Instance x = random(rnd, Rect.ofExtents(rows, cols));
        Instance r = random(rnd, Rect.ofExtents(rows));
        // X.T @ r as ndarray-api encodes it: space (cols, rows), X accessed transposed
        Access xt = new Access(new int[] {1, 0}, new long[] {1, 1}, new long[2]);
        byte[] args = new Args.Matvec(FieldType.FLOAT64, IterSpace.whole(cols, rows), st(0, FieldType.FLOAT64, xt), st(1, FieldType.FLOAT64, D1),
                st(2, FieldType.FLOAT64, D0)).encode();
        double[][] runs = new double[2][];
        for (int k = 0; k < 2; k++) {
            Instance g = Instance.allocate(FieldType.FLOAT64, Rect.ofExtents(cols));
            new KernelBenchmark.Ctx(args, Point.of(0, 0), x, r, g).run(ReductionKernels::matvec);
            runs[k] = g.doubles();
        }
        double[] expected = new double[cols];
        for (int i = 0; i < rows; i++) {
            for (int j = 0; j < cols; j++) {
                expected[j] += x.doubles()[i * cols + j] * r.doubles()[i];
            }
        }
        // the interchanged loop sums over rows in order: exactly the textbook loop above
        assertArrayEquals(bits(expected), bits(runs[0]));
        assertArrayEquals(bits(runs[0]), bits(runs[1]));
    }

    @Test
    void transposedMatvecOnASubTileStartsFromItsOffsets() {
        Random rnd = new Random(3);
        int rows = 64;
        int cols = 8;
        Instance x = random(rnd, Rect.ofExtents(rows, cols));
        Instance r = random(rnd, Rect.ofExtents(rows));
        Access xt = new Access(new int[] {1, 0}, new long[] {1, 1}, new long[2]);
        // tiles of 16 rows: point (0, 2) covers rows 32..47
        IterSpace space = new IterSpace(new long[] {cols, rows}, new long[] {cols, 16});
        Instance g = Instance.allocate(FieldType.FLOAT64, Rect.ofExtents(cols));
        new KernelBenchmark.Ctx(new Args.Matvec(FieldType.FLOAT64, space, st(0, FieldType.FLOAT64, xt), st(1, FieldType.FLOAT64, D1),
                st(2, FieldType.FLOAT64, D0)).encode(), Point.of(0, 2), x, r, g).run(ReductionKernels::matvec);
        double[] expected = new double[cols];
        for (int i = 32; i < 48; i++) {
            for (int j = 0; j < cols; j++) {
                expected[j] += x.doubles()[i * cols + j] * r.doubles()[i];
            }
        }
        assertArrayEquals(bits(expected), bits(g.doubles()));
    }

    @Test
    void sumAndDotWithFourAccumulatorsAreCloseAndDeterministic() {
        Random rnd = new Random(4);
        int n = 100_003;
        Instance a = random(rnd, Rect.ofExtents(n));
        Instance b = random(rnd, Rect.ofExtents(n));
        IterSpace s = IterSpace.whole(n);
        Access id = Access.identity(1);
        double[] sums = new double[2];
        double[] dots = new double[2];
        for (int k = 0; k < 2; k++) {
            Instance acc = Instance.allocate(FieldType.FLOAT64, Rect.ofExtents());
            new KernelBenchmark.Ctx(new Args.Reduce(ReduceOp.SUM, FieldType.FLOAT64, s, st(0, FieldType.FLOAT64, id),
                    st(1, FieldType.FLOAT64, WHOLE)).encode(), Point.of(0), a, acc).run(ReductionKernels::reduce);
            sums[k] = acc.doubles()[0];
            Instance acc2 = Instance.allocate(FieldType.FLOAT64, Rect.ofExtents());
            new KernelBenchmark.Ctx(new Args.Matvec(FieldType.FLOAT64, s, st(0, FieldType.FLOAT64, id), st(1, FieldType.FLOAT64, id),
                    st(2, FieldType.FLOAT64, WHOLE)).encode(), Point.of(0), a, b, acc2).run(ReductionKernels::matvec);
            dots[k] = acc2.doubles()[0];
        }
        double sum = 0;
        double dot = 0;
        double abs = 0;
        for (int i = 0; i < n; i++) {
            sum += a.doubles()[i];
            dot += a.doubles()[i] * b.doubles()[i];
            abs += Math.abs(a.doubles()[i]);
        }
        assertEquals(Double.doubleToRawLongBits(sums[0]), Double.doubleToRawLongBits(sums[1]));
        assertEquals(Double.doubleToRawLongBits(dots[0]), Double.doubleToRawLongBits(dots[1]));
        assertEquals(sum, sums[0], 1e-12 * abs);
        assertEquals(dot, dots[0], 1e-9);
    }

    @Test
    void stridedPathsReuseTheThreadsScratchBuffersSafely() {
        // two strided kernels in a row on this thread: a float32 add, then an int64 multiply
        int n = 3000;
        Instance fa = Instance.allocate(FieldType.FLOAT32, Rect.ofExtents(n));
        Instance fb = Instance.allocate(FieldType.FLOAT32, Rect.ofExtents(n));
        Instance fo = Instance.allocate(FieldType.FLOAT32, Rect.ofExtents(n));
        Instance la = Instance.allocate(FieldType.INT64, Rect.ofExtents(n));
        Instance lo = Instance.allocate(FieldType.INT64, Rect.ofExtents(n));
        for (int i = 0; i < n; i++) {
            fa.floats()[i] = i * 0.25f;
            fb.floats()[i] = 1 + i % 5;
            la.longs()[i] = i - 1500;
        }
        IterSpace s = IterSpace.whole(n);
        Access id = Access.identity(1);
        for (int round = 0; round < 3; round++) {
            new KernelBenchmark.Ctx(new Args.Binary(BinaryOp.ADD, FieldType.FLOAT32, s, st(0, FieldType.FLOAT32, id), st(1, FieldType.FLOAT32, id),
                    st(2, FieldType.FLOAT32, id)).encode(), Point.of(0), fa, fb, fo).run(ElementwiseKernels::binary);
            new KernelBenchmark.Ctx(new Args.Binary(BinaryOp.MULTIPLY, FieldType.INT64, s, st(0, FieldType.INT64, id), Operand.Const.of(3L),
                    st(1, FieldType.INT64, id)).encode(), Point.of(0), la, lo).run(ElementwiseKernels::binary);
            for (int i = 0; i < n; i++) {
                assertEquals(i * 0.25f + (1 + i % 5), fo.floats()[i], "float32 add at " + i);
                assertEquals(3L * (i - 1500), lo.longs()[i], "int64 multiply at " + i);
            }
        }
    }

    // ------------------------------------------------------------------ GEMM straight into ND4J

    private static double[] reference(double[] a, double[] b, int m, int n, int k) {
        return GemmKernel.multiply(a, b, m, n, k);
    }

    private static void gemm(int m, int n, int k, boolean transposedA, boolean transposedOut, Random rnd) {
        Instance a = random(rnd, transposedA ? Rect.ofExtents(k, m) : Rect.ofExtents(m, k));
        Instance b = random(rnd, Rect.ofExtents(k, n));
        Instance c = Instance.allocate(FieldType.FLOAT64, transposedOut ? Rect.ofExtents(n, m) : Rect.ofExtents(m, n));
        Access ai = transposedA ? new Access(new int[] {2, 0}, new long[] {1, 1}, new long[2]) : new Access(new int[] {0, 2}, new long[] {1, 1}, new long[2]);
        Access bi = new Access(new int[] {2, 1}, new long[] {1, 1}, new long[2]);
        Access ci = transposedOut ? new Access(new int[] {1, 0}, new long[] {1, 1}, new long[2]) : new Access(new int[] {0, 1}, new long[] {1, 1}, new long[2]);
        new KernelBenchmark.Ctx(new Args.Gemm(FieldType.FLOAT64, IterSpace.whole(m, n, k), st(0, FieldType.FLOAT64, ai), st(1, FieldType.FLOAT64, bi),
                st(2, FieldType.FLOAT64, ci)).encode(), Point.of(0, 0, 0), a, b, c).run(GemmKernel::gemm);
        double[] da = new double[m * k];
        for (int i = 0; i < m; i++) {
            for (int l = 0; l < k; l++) {
                da[i * k + l] = transposedA ? a.doubles()[l * m + i] : a.doubles()[i * k + l];
            }
        }
        double[] expected = reference(da, b.doubles(), m, n, k);
        double[] got = new double[m * n];
        for (int i = 0; i < m; i++) {
            for (int j = 0; j < n; j++) {
                got[i * n + j] = transposedOut ? c.doubles()[j * m + i] : c.doubles()[i * n + j];
            }
        }
        assertClose(expected, got, 1e-12 * k);
    }

    @Test
    void gemmStraightIntoNd4jMatchesTheJavaLoop() {
        assertTrue(GemmKernel.ND4J_MIN_VOLUME <= 96L * 80 * 64);
        Random rnd = new Random(5);
        gemm(96, 80, 64, false, false, rnd);
        gemm(96, 80, 64, true, false, rnd);   // A gathered (strided columns)
        gemm(96, 80, 64, false, true, rnd);   // out written with a stride
        gemm(64, 64, 64, false, false, rnd);  // new shapes: the thread's buffers are replaced
        gemm(96, 80, 64, false, false, rnd);  // and again
    }

    @Test
    void gemmOnASubTileOfBiggerInstances() {
        // (m, n, k) = (128, 96, 80) tiled (64, 48, 80): point (1, 1, 0) reads rows 64.. of A and columns 48.. of B
        Random rnd = new Random(6);
        int m = 128;
        int n = 96;
        int k = 80;
        Instance a = random(rnd, Rect.ofExtents(m, k));
        Instance b = random(rnd, Rect.ofExtents(k, n));
        Instance c = Instance.allocate(FieldType.FLOAT64, Rect.ofExtents(m, n));
        IterSpace space = new IterSpace(new long[] {m, n, k}, new long[] {64, 48, k});
        Access ai = new Access(new int[] {0, 2}, new long[] {1, 1}, new long[2]);
        Access bi = new Access(new int[] {2, 1}, new long[] {1, 1}, new long[2]);
        Access ci = new Access(new int[] {0, 1}, new long[] {1, 1}, new long[2]);
        new KernelBenchmark.Ctx(new Args.Gemm(FieldType.FLOAT64, space, st(0, FieldType.FLOAT64, ai), st(1, FieldType.FLOAT64, bi),
                st(2, FieldType.FLOAT64, ci)).encode(), Point.of(1, 1, 0), a, b, c).run(GemmKernel::gemm);
        double[] full = reference(a.doubles(), b.doubles(), m, n, k);
        for (int i = 0; i < m; i++) {
            for (int j = 0; j < n; j++) {
                double want = i >= 64 && j >= 48 ? full[i * n + j] : 0.0;
                KernelHarness.assertClose(want, c.doubles()[i * n + j], 1e-12 * k, "C[" + i + "," + j + "]");
            }
        }
    }
}
