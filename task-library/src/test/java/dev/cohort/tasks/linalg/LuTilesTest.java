package dev.cohort.tasks.linalg;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/**
 * The blocked LU tile kernels run in one array in the task graph's order (panel, then its update of every later
 * column tile of {@code [A | B]}, then the back substitution by row tiles) against the unblocked {@link Lu}.
 */
class LuTilesTest {
    /** {@code [LU | L^-1 P B]} (n x (n + m)) and the 0-based pivot rows, by tiles of {@code bs} columns. */
    static double[] blocked(double[] a, double[] b, int n, int m, int bs, int[] pivOut) {
        int ld = n + m;
        double[] w = new double[n * ld];
        for (int i = 0; i < n; i++) {
            System.arraycopy(a, i * n, w, i * ld, n);
            System.arraycopy(b, i * m, w, i * ld + n, m);
        }
        for (int k0 = 0; k0 < n; k0 += bs) {
            int kb = Math.min(bs, n - k0);
            int[] piv = new int[kb];
            int top = k0 * ld + k0;
            LuTiles.panel(w, top, ld, n - k0, kb, piv);
            for (int k = 0; k < kb; k++) {
                pivOut[k0 + k] = k0 + piv[k];
            }
            // the later column tiles: A's (edge bs, the last one narrower), then B's from column n
            for (int c0 = k0 + kb; c0 < n; c0 += bs) {
                LuTiles.applyPanel(w, top, ld, n - k0, kb, piv, w, k0 * ld + c0, ld, Math.min(bs, n - c0));
            }
            for (int c0 = n; c0 < ld; c0 += bs) {
                LuTiles.applyPanel(w, top, ld, n - k0, kb, piv, w, k0 * ld + c0, ld, Math.min(bs, ld - c0));
            }
        }
        return w;
    }

    static double[] random(Random rnd, int count) {
        double[] v = new double[count];
        for (int i = 0; i < count; i++) {
            v[i] = 2 * rnd.nextDouble() - 1;
        }
        return v;
    }

    /** Well conditioned but needing pivoting: the rows of {@code U(-1, 1) + 3 I} in a random order. */
    static double[] shuffledDominant(Random rnd, int n) {
        double[] d = random(rnd, n * n);
        for (int i = 0; i < n; i++) {
            d[i * n + i] += 3;
        }
        double[] a = new double[n * n];
        int[] rows = new int[n];
        for (int i = 0; i < n; i++) {
            rows[i] = i;
        }
        for (int i = n - 1; i > 0; i--) {
            int j = rnd.nextInt(i + 1);
            int t = rows[i];
            rows[i] = rows[j];
            rows[j] = t;
        }
        for (int i = 0; i < n; i++) {
            System.arraycopy(d, rows[i] * n, a, i * n, n);
        }
        return a;
    }

    @Property(tries = 60)
    void tilesGiveTheUnblockedBits(@ForAll @IntRange(min = 1, max = 70) int n, @ForAll @IntRange(min = 1, max = 3) int m,
                                   @ForAll @IntRange(min = 1, max = 20) int bs, @ForAll long seed) {
        Random rnd = new Random(seed);
        double[] a = shuffledDominant(rnd, n);
        double[] b = random(rnd, n * m);
        int[] piv = new int[n];
        double[] w = blocked(a, b, n, m, bs, piv);
        Lu lu = Lu.factor(a, n);
        int[] perm = new int[n];
        for (int i = 0; i < n; i++) {
            perm[i] = i;
        }
        for (int k = 0; k < n; k++) {
            int t = perm[k];
            perm[k] = perm[piv[k]];
            perm[piv[k]] = t;
        }
        assertArrayEquals(lu.perm, perm, "getrf's pivots give Lu's permutation");
        int ld = n + m;
        for (int i = 0; i < n; i++) {
            for (int j = i; j < n; j++) {
                assertEquals(lu.lu[i * n + j], w[i * ld + j], 0.0, "U[" + i + "][" + j + "]");
            }
        }
        // back substitution by row tiles from the last: y tiles in place
        double[] y = new double[n * m];
        for (int i = 0; i < n; i++) {
            System.arraycopy(w, i * ld + n, y, i * m, m);
        }
        double[] x = new double[n * m];
        int tiles = (n + bs - 1) / bs;
        for (int t = tiles - 1; t >= 0; t--) {
            int i0 = t * bs;
            int nb = Math.min(bs, n - i0);
            LuTiles.backTrsm(w, i0 * ld + i0, ld, nb, y, i0 * m, m, x, i0 * m, m, m);
            for (int l0 = 0; l0 < i0; l0 += bs) {
                LuTiles.backGemm(w, l0 * ld + i0, ld, Math.min(bs, i0 - l0), nb, x, i0 * m, m, y, l0 * m, m, m);
            }
        }
        double[] want = lu.solve(b, m);
        for (int k = 0; k < want.length; k++) {
            assertEquals(want[k], x[k], 1e-9 * (1 + Math.abs(want[k])), "x[" + k + "], n = " + n);
        }
    }

    @Test
    void zeroPivotIsSingular() {
        double[] a = {1, 2, 0, 2, 4, 0, 0, 0, 3}; // rows 0 and 1 dependent: an exact zero pivot at step 1
        LinAlgException e = assertThrows(LinAlgException.class, () -> LuTiles.panel(a, 0, 3, 3, 3, new int[3]));
        assertEquals("Singular matrix", e.getMessage());
        double[] u = {0};
        assertEquals("Singular matrix", assertThrows(LinAlgException.class,
                () -> LuTiles.backTrsm(u, 0, 1, 1, new double[] {1}, 0, 1, new double[1], 0, 1, 1)).getMessage());
    }

    @Test
    void firstLargestMagnitudeIsThePivot() {
        double[] a = {1, 0, -3, 1, 3, 2}; // 3 x 2 panel: |-3| and |3| tie in column 0, row 1 comes first
        int[] piv = new int[2];
        LuTiles.panel(a, 0, 2, 3, 2, piv);
        assertEquals(1, piv[0]);
        assertArrayEquals(new double[] {-3, 1}, new double[] {a[0], a[1]}, 0.0, "row 1 swapped to the top");
        assertThrows(IllegalArgumentException.class,
                () -> LuTiles.applyPanel(a, 0, 2, 3, 2, new int[] {3, 1}, new double[3], 0, 1, 1), "a pivot outside the panel");
    }
}
