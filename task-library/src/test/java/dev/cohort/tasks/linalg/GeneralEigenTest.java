package dev.cohort.tasks.linalg;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.Test;

/**
 * {@link GeneralEigen} (Hessenberg + Francis double-shift QR + back substitution) on matrices with known real
 * spectra {@code A = S diag(w) S^-1} of random size, on triangular and symmetric matrices, and its errors.
 */
class GeneralEigenTest {

    /** {@code S diag(w) S^-1} for a random well-conditioned S and distinct, separated real w; returns {a, sorted w}. */
    static double[][] knownSpectrum(long seed, int n) {
        Random r = new Random(seed);
        double[] s = LinalgPropertyTest.wellConditioned(seed, n);
        double[] w = new double[n];
        for (int i = 0; i < n; i++) {
            w[i] = (i - n / 2.0) * 1.5 + 0.5 * r.nextDouble();
        }
        double[] sd = new double[n * n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                sd[i * n + j] = s[i * n + j] * w[j];
            }
        }
        double[] a = Dense.matmul(sd, Lu.factor(s, n).inverse(), n, n, n);
        double[] sorted = w.clone();
        Arrays.sort(sorted);
        return new double[][]{a, sorted};
    }

    /** max over k of |A v_k - w_k v_k| and the unit-norm check. */
    static void assertEigenpairs(double[] a, int n, GeneralEigen e, double tol) {
        double scale = Math.max(1, Check.maxAbs(a));
        for (int k = 0; k < n; k++) {
            double norm = 0;
            for (int i = 0; i < n; i++) {
                double av = 0;
                for (int j = 0; j < n; j++) {
                    av += a[i * n + j] * e.vectors[j * n + k];
                }
                assertEquals(e.values[k] * e.vectors[i * n + k], av, tol * scale, "A v = w v, column " + k + " row " + i);
                norm += e.vectors[i * n + k] * e.vectors[i * n + k];
            }
            assertEquals(1, Math.sqrt(norm), 1e-13, "unit norm of column " + k);
        }
    }

    @Property(tries = 60, seed = "1240")
    void recoversAKnownRealSpectrum(@ForAll @IntRange(min = 1, max = 24) int n,
            @ForAll @LongRange(min = 0, max = 1_000_000) long seed) {
        double[][] aw = knownSpectrum(seed, n);
        GeneralEigen e = GeneralEigen.of(aw[0], n, true);
        double[] got = e.values.clone();
        Arrays.sort(got);
        Check.close(aw[1], got, 1e-9 * n, "eigenvalues");
        assertEigenpairs(aw[0], n, e, 1e-9 * n);
        GeneralEigen only = GeneralEigen.of(aw[0], n, false);
        assertNull(only.vectors);
        double[] vals = only.values.clone();
        Arrays.sort(vals);
        Check.close(got, vals, 1e-12 * n, "eigvals equals eig's values");
    }

    @Property(tries = 30, seed = "1241")
    void symmetricMatricesAgreeWithJacobi(@ForAll @IntRange(min = 1, max = 16) int n,
            @ForAll @LongRange(min = 0, max = 1_000_000) long seed) {
        double[] g = LinalgPropertyTest.gaussian(seed, n * n);
        double[] a = new double[n * n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                a[i * n + j] = g[i * n + j] + g[j * n + i];
            }
        }
        GeneralEigen e = GeneralEigen.of(a, n, true);
        double[] got = e.values.clone();
        Arrays.sort(got);
        Check.close(SymmetricEigen.of(a, n, false, false).values, got, 1e-11 * n, "eig of a symmetric matrix = eigh");
        assertEigenpairs(a, n, e, 1e-10 * n);
    }

    @Test
    void triangularMatricesKeepTheirDiagonalInOrder() {
        double[] a = {3, 1, 4, 1, 0, -2, 5, 9, 0, 0, 7, 2, 0, 0, 0, 0.5};
        GeneralEigen e = GeneralEigen.of(a, 4, true);
        Check.close(new double[]{3, -2, 7, 0.5}, e.values, 1e-15, "the diagonal, in LAPACK's order");
        assertEigenpairs(a, 4, e, 1e-14);
        assertEquals(1.0, e.vectors[0], 1e-15, "first eigenvector e1");
    }

    @Test
    void defectiveAndDegenerateMatrices() {
        // a Jordan block: one eigenvalue 2 twice, eigenvectors parallel (LAPACK returns both as e1 up to rounding)
        GeneralEigen j = GeneralEigen.of(new double[]{2, 1, 0, 2}, 2, true);
        Check.close(new double[]{2, 2}, j.values, 1e-15, "Jordan block");
        assertEquals(1.0, Math.abs(j.vectors[0]), 1e-15);
        GeneralEigen z = GeneralEigen.of(new double[9], 3, true);
        Check.close(new double[3], z.values, 0, "zero matrix");
        Check.close(Dense.identity(3), z.vectors, 0, "zero matrix: identity eigenvectors");
        GeneralEigen empty = GeneralEigen.of(new double[0], 0, true);
        assertEquals(0, empty.values.length);
        GeneralEigen one = GeneralEigen.of(new double[]{-4.5}, 1, true);
        Check.close(new double[]{-4.5}, one.values, 0, "1 x 1");
        Check.close(new double[]{1}, one.vectors, 0, "1 x 1 vector");
        // badly scaled: balancing keeps the accuracy
        double[] b = {1, 1e8, 0, 1e-8, 2, 1e8, 0, 1e-8, 3};
        GeneralEigen s = GeneralEigen.of(b, 3, true);
        double[] v = s.values.clone();
        Arrays.sort(v);
        Check.close(new double[]{2 - Math.sqrt(3), 2, 2 + Math.sqrt(3)}, v, 1e-12, "badly scaled tridiagonal");
    }

    @Test
    void complexEigenvaluesAndNonFiniteInputRaise() {
        LinAlgException rot = assertThrows(LinAlgException.class, () -> GeneralEigen.of(new double[]{0, -1, 1, 0}, 2, false));
        assertTrue(rot.getMessage().startsWith(GeneralEigen.COMPLEX), rot.getMessage());
        assertTrue(rot.getMessage().contains("1.0j"), rot.getMessage());
        double[] cyc = {0, 0, 1, 1, 0, 0, 0, 1, 0}; // a 3-cycle: 1 and exp(+-2 pi i / 3)
        assertThrows(LinAlgException.class, () -> GeneralEigen.of(cyc, 3, true));
        LinAlgException nan = assertThrows(LinAlgException.class, () -> GeneralEigen.of(new double[]{1, Double.NaN, 0, 1}, 2, true));
        assertEquals(GeneralEigen.NOT_FINITE, nan.getMessage());
        assertThrows(LinAlgException.class, () -> GeneralEigen.of(new double[]{1, Double.POSITIVE_INFINITY, 0, 1}, 2, false));
    }
}
