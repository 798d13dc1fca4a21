package dev.cohort.tasks;

import dev.cohort.runtime.geometry.Point;
import dev.cohort.runtime.geometry.Rect;
import dev.cohort.runtime.instance.Instance;
import dev.cohort.runtime.launch.Access;
import dev.cohort.runtime.launch.IterSpace;
import dev.cohort.runtime.region.FieldType;
import org.junit.jupiter.api.Test;

import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * MATVEC's row kernels ({@code SimdReductions.dotRows*} for {@code X @ w}, {@code SimdReductions.axpyRows*}
 * for {@code X.T @ r}) bit for bit against the scalar loops they replace, which stay the oracle and the
 * {@code -Dcohort.simd=false} path ({@link Reductions#dotScalarD} per row, {@link Reductions#axpyD} per row of X,
 * and their float32 forms): random shapes (rows of 1..300 columns, many rows, offsets and padded rows, a shared or
 * a per-row vector, out moving or fixed), values of mixed magnitude with NaN, infinities and signed zeros; then the
 * MATVEC point task on sub-tiles of random matrices in both orientations against the same oracle.
 */
class MatvecRowKernelTest {
    private static final Access D0 = new Access(new int[] {0}, new long[] {1}, new long[1]);
    private static final Access D1 = new Access(new int[] {1}, new long[] {1}, new long[1]);
    /** {@code X.T} over a space (cols, rows) of a row-major X (rows, cols). */
    private static final Access XT = new Access(new int[] {1, 0}, new long[] {1, 1}, new long[2]);

    /** A value of mixed magnitude; with {@code specials}, now and then NaN, an infinity or a signed zero. */
    private static double value(Random rnd, boolean specials) {
        if (specials && rnd.nextInt(40) == 0) {
            return new double[] {Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, -0.0, 0.0}[rnd.nextInt(5)];
        }
        return rnd.nextGaussian() * Math.pow(10, rnd.nextInt(9) - 4);
    }

    /**
     * Random doubles; in {@code zeros} mode all -0.0 (times a positive vector, every product is -0.0: the sum's sign
     * shows whether the accumulators start at +0.0 as in the scalar loops).
     */
    private static double[] doubles(Random rnd, int n, boolean specials, boolean zeros) {
        double[] d = new double[n];
        for (int i = 0; i < n; i++) {
            d[i] = zeros ? -0.0 : value(rnd, specials);
        }
        return d;
    }

    private static float[] floats(double[] d) {
        float[] f = new float[d.length];
        for (int i = 0; i < d.length; i++) {
            f[i] = (float) d[i];
        }
        return f;
    }

    private static void assertBits(double[] expected, double[] actual, String what) {
        for (int i = 0; i < expected.length; i++) {
            assertEquals(Double.doubleToLongBits(expected[i]), Double.doubleToLongBits(actual[i]),
                    what + " element " + i + ": " + expected[i] + " vs " + actual[i]);
        }
    }

    private static void assertBits(float[] expected, float[] actual, String what) {
        for (int i = 0; i < expected.length; i++) {
            assertEquals(Float.floatToIntBits(expected[i]), Float.floatToIntBits(actual[i]),
                    what + " element " + i + ": " + expected[i] + " vs " + actual[i]);
        }
    }

    /** A row length: every length of 16..64 often, otherwise up to 300. */
    private static int columns(Random rnd) {
        return rnd.nextBoolean() ? 16 + rnd.nextInt(49) : 16 + rnd.nextInt(285);
    }

    @Test
    void dotRowsGiveTheScalarRowLoopsBits() {
        assumeTrue(Reductions.SIMD, "the vector kernels are off in this JVM");
        Random rnd = new Random(12);
        for (int c = 0; c < 600; c++) {
            int n = c < 64 ? 16 + c % 48 : columns(rnd);
            int rows = 1 + rnd.nextInt(c % 5 == 0 ? 300 : 20);
            int ab = rnd.nextInt(7);
            int ra = n + (rnd.nextBoolean() ? 0 : rnd.nextInt(5));
            boolean shared = rnd.nextInt(4) != 0; // X @ w: one vector for every row
            int bb = rnd.nextInt(7);
            int rb = shared ? 0 : n + rnd.nextInt(3);
            int ob = rnd.nextInt(5);
            int ro = new int[] {1, 1, 2, 0}[rnd.nextInt(4)];
            boolean specials = rnd.nextInt(3) == 0;
            boolean zeros = rnd.nextInt(10) == 0;
            double[] a = doubles(rnd, ab + (rows - 1) * ra + n, specials, zeros);
            double[] b = doubles(rnd, bb + (rows - 1) * rb + n, specials, false);
            double[] o = doubles(rnd, ob + (rows - 1) * ro + 1, specials, zeros);
            if (zeros) {
                for (int i = 0; i < b.length; i++) {
                    b[i] = Math.abs(b[i]);
                }
            }
            String what = "n=" + n + " rows=" + rows + " ab=" + ab + " ra=" + ra + " rb=" + rb + " ro=" + ro;

            double[] expected = o.clone();
            for (int r = 0; r < rows; r++) {
                expected[ob + r * ro] += Reductions.dotScalarD(a, ab + r * ra, b, bb + r * rb, n);
            }
            double[] actual = o.clone();
            SimdReductions.dotRowsD(a, ab, ra, b, bb, rb, actual, ob, ro, rows, n);
            assertBits(expected, actual, "float64 " + what);

            float[] af = floats(a);
            float[] bf = floats(b);
            float[] expectedF = floats(o);
            float[] actualF = expectedF.clone();
            for (int r = 0; r < rows; r++) {
                int i = ob + r * ro;
                expectedF[i] = (float) (expectedF[i] + Reductions.dotScalarF(af, ab + r * ra, bf, bb + r * rb, n));
            }
            SimdReductions.dotRowsF(af, ab, ra, bf, bb, rb, actualF, ob, ro, rows, n);
            assertBits(expectedF, actualF, "float32 " + what);
        }
    }

    @Test
    void axpyRowsGiveTheScalarAxpysBits() {
        assumeTrue(Reductions.SIMD, "the vector kernels are off in this JVM");
        Random rnd = new Random(13);
        for (int c = 0; c < 600; c++) {
            int n = c < 100 ? 1 + c : 1 + rnd.nextInt(300);
            // enough rows for several row blocks (about 32 KiB of X each) now and then
            int rows = 1 + rnd.nextInt(c % 4 == 0 ? 3000 : 40);
            int ab = rnd.nextInt(7);
            int ra = n + (rnd.nextBoolean() ? 0 : rnd.nextInt(5));
            int bb = rnd.nextInt(7);
            int rb = new int[] {1, 1, 3, 0}[rnd.nextInt(4)];
            int oo = rnd.nextInt(5);
            boolean specials = rnd.nextInt(3) == 0;
            boolean zeros = rnd.nextInt(10) == 0;
            double[] a = doubles(rnd, ab + (rows - 1) * ra + n, specials, zeros);
            double[] b = doubles(rnd, bb + (rows - 1) * rb + 1, specials, false);
            double[] o = doubles(rnd, oo + n + rnd.nextInt(3), specials, zeros);
            String what = "n=" + n + " rows=" + rows + " ab=" + ab + " ra=" + ra + " rb=" + rb + " oo=" + oo;

            double[] expected = o.clone();
            for (int k = 0; k < rows; k++) {
                Reductions.axpyD(expected, oo, a, ab + k * ra, b[bb + k * rb], n);
            }
            double[] actual = o.clone();
            SimdReductions.axpyRowsD(actual, oo, a, ab, ra, b, bb, rb, rows, n);
            assertBits(expected, actual, "float64 " + what);

            float[] af = floats(a);
            float[] bf = floats(b);
            float[] expectedF = floats(o);
            float[] actualF = expectedF.clone();
            for (int k = 0; k < rows; k++) {
                Reductions.axpyF(expectedF, oo, af, ab + k * ra, bf[bb + k * rb], n);
            }
            SimdReductions.axpyRowsF(actualF, oo, af, ab, ra, bf, bb, rb, rows, n);
            assertBits(expectedF, actualF, "float32 " + what);
        }
    }

    private static Instance matrix(FieldType t, double[] values, long... extents) {
        Instance in = Instance.allocate(t, Rect.ofExtents(extents));
        for (int i = 0; i < values.length; i++) {
            if (t == FieldType.FLOAT64) {
                in.doubles()[i] = values[i];
            } else {
                in.floats()[i] = (float) values[i];
            }
        }
        return in;
    }

    private static Operand.StoreOperand st(int req, FieldType t, Access a) {
        return new Operand.StoreOperand(req, t, a);
    }

    /**
     * The point task on a tile of rows {@code [r0, r1)} of random X (rows x cols), both orientations and both
     * float types, against the scalar loops: {@code z[i] = 0 + dot(X[i, :], w)} and {@code g[j] = sum over
     * the tile's rows k in order of X[k, j] * r[k]}.
     */
    @Test
    void matvecPointTasksOnRandomTilesGiveTheScalarLoopsBits() {
        Random rnd = new Random(14);
        for (int c = 0; c < 120; c++) {
            int cols = c < 20 ? 1 + c : 1 + rnd.nextInt(300);
            int rows = 1 + rnd.nextInt(c % 6 == 0 ? 2000 : 60);
            int tileRows = 1 + rnd.nextInt(rows);
            int tiles = (rows + tileRows - 1) / tileRows;
            int tile = rnd.nextInt(tiles);
            int r0 = tile * tileRows;
            int r1 = Math.min(rows, r0 + tileRows);
            boolean specials = rnd.nextBoolean();
            double[] x = doubles(rnd, rows * cols, specials, false);
            double[] w = doubles(rnd, cols, specials, false);
            double[] r = doubles(rnd, rows, specials, false);
            for (FieldType t : new FieldType[] {FieldType.FLOAT64, FieldType.FLOAT32}) {
                String what = t + " " + rows + "x" + cols + " rows [" + r0 + ", " + r1 + ")";
                Instance xi = matrix(t, x, rows, cols);
                Instance wi = matrix(t, w, cols);
                Instance ri = matrix(t, r, rows);

                // X @ w: space (rows, cols) tiled along rows
                Instance z = Instance.allocate(t, Rect.ofExtents(rows));
                IterSpace s = new IterSpace(new long[] {rows, cols}, new long[] {tileRows, cols});
                new KernelBenchmark.Ctx(new Args.Matvec(t, s, st(0, t, Access.identity(2)), st(1, t, D1), st(2, t, D0)).encode(),
                        Point.of(tile, 0), xi, wi, z).run(ReductionKernels::matvec);
                // X.T @ r: space (cols, rows) tiled along rows of X
                Instance g = Instance.allocate(t, Rect.ofExtents(cols));
                IterSpace st = new IterSpace(new long[] {cols, rows}, new long[] {cols, tileRows});
                new KernelBenchmark.Ctx(new Args.Matvec(t, st, st(0, t, XT), st(1, t, D1), st(2, t, D0)).encode(),
                        Point.of(0, tile), xi, ri, g).run(ReductionKernels::matvec);

                if (t == FieldType.FLOAT64) {
                    double[] ez = new double[rows];
                    for (int i = r0; i < r1; i++) {
                        ez[i] = 0.0 + Reductions.dotScalarD(x, i * cols, w, 0, cols);
                    }
                    assertBits(ez, z.doubles(), "X @ w " + what);
                    double[] eg = new double[cols];
                    for (int k = r0; k < r1; k++) {
                        Reductions.axpyD(eg, 0, x, k * cols, r[k], cols);
                    }
                    assertBits(eg, g.doubles(), "X.T @ r " + what);
                } else {
                    float[] xf = floats(x);
                    float[] wf = floats(w);
                    float[] rf = floats(r);
                    float[] ez = new float[rows];
                    for (int i = r0; i < r1; i++) {
                        ez[i] = (float) (0.0f + Reductions.dotScalarF(xf, i * cols, wf, 0, cols));
                    }
                    assertBits(ez, z.floats(), "X @ w " + what);
                    float[] eg = new float[cols];
                    for (int k = r0; k < r1; k++) {
                        Reductions.axpyF(eg, 0, xf, k * cols, rf[k], cols);
                    }
                    assertBits(eg, g.floats(), "X.T @ r " + what);
                }
            }
        }
    }
}
