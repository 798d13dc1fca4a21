package dev.cohort.tasks.linalg;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;

/** Identities of the dense routines on random shapes and matrices (jqwik; seeds reproduce a failure). */
class LinalgPropertyTest {
    static double[] gaussian(long seed, int n) {
        Random r = new Random(seed);
        double[] a = new double[n];
        for (int i = 0; i < n; i++) {
            a[i] = r.nextGaussian();
        }
        return a;
    }

    /** A well-conditioned square matrix: Gaussian plus {@code 2 sqrt(n)} on the diagonal. */
    static double[] wellConditioned(long seed, int n) {
        double[] a = gaussian(seed, n * n);
        for (int i = 0; i < n; i++) {
            a[i * n + i] += 2 * Math.sqrt(n) + 1;
        }
        return a;
    }

    static double residual(double[] a, double[] x, double[] b, int n, int k) {
        double[] ax = Dense.matmul(a, x, n, n, k);
        double r = 0;
        for (int i = 0; i < ax.length; i++) {
            r = Math.max(r, Math.abs(ax[i] - b[i]));
        }
        return r;
    }

    @Property(tries = 60, seed = "15")
    void solveHasASmallResidual(@ForAll @IntRange(min = 1, max = 40) int n, @ForAll @IntRange(min = 1, max = 5) int k,
            @ForAll @LongRange(min = 0, max = 1_000_000) long seed) {
        double[] a = wellConditioned(seed, n);
        double[] b = gaussian(seed + 1, n * k);
        double[] x = Lu.factor(a, n).solve(b, k);
        assertTrue(residual(a, x, b, n, k) <= 1e-12 * n * Math.max(1, Check.maxAbs(b)), "A x = b");
        double[] inv = Lu.factor(a, n).inverse();
        Check.close(Dense.identity(n), Dense.matmul(a, inv, n, n, n), 1e-12 * n, "A inv(A) = I");
    }

    @Property(tries = 40, seed = "16")
    void detIsMultiplicative(@ForAll @IntRange(min = 1, max = 12) int n, @ForAll @LongRange(min = 0, max = 1_000_000) long seed) {
        double[] a = wellConditioned(seed, n);
        double[] b = wellConditioned(seed + 7, n);
        double da = Lu.factor(a, n).det();
        double db = Lu.factor(b, n).det();
        double dab = Lu.factor(Dense.matmul(a, b, n, n, n), n).det();
        Check.close(da * db, dab, 1e-11 * n, "det(AB) = det(A) det(B)");
        double[] sl = Lu.factor(a, n).slogdet();
        Check.close(da, sl[0] * Math.exp(sl[1]), 1e-14, "det = sign exp(logabsdet)");
    }

    @Property(tries = 60, seed = "17")
    void choleskyReconstructs(@ForAll @IntRange(min = 1, max = 40) int n, @ForAll @LongRange(min = 0, max = 1_000_000) long seed) {
        double[] g = gaussian(seed, n * n);
        double[] a = Dense.matmul(g, Dense.transpose(g, n, n), n, n, n);
        for (int i = 0; i < n; i++) {
            a[i * n + i] += 1;
        }
        double[] l = Cholesky.lower(a, n);
        for (int i = 0; i < n; i++) {
            assertTrue(l[i * n + i] > 0, "positive diagonal");
            for (int j = i + 1; j < n; j++) {
                assertEquals(0.0, l[i * n + j], "zero above the diagonal");
            }
        }
        Check.close(a, Dense.matmul(l, Dense.transpose(l, n, n), n, n, n), 1e-13 * n, "L L^T = A");
        // negating a diagonal element makes it indefinite
        a[(n - 1) * n + (n - 1)] = -1;
        LinAlgException e = assertThrows(LinAlgException.class, () -> Cholesky.lower(a, n));
        assertEquals("Matrix is not positive definite", e.getMessage());
    }

    @Property(tries = 60, seed = "18")
    void blockedCholeskyKernelsEqualTheDenseFactor(@ForAll @IntRange(min = 1, max = 6) int tiles,
            @ForAll @IntRange(min = 1, max = 7) int b, @ForAll @LongRange(min = 0, max = 1_000_000) long seed) {
        int n = tiles * b;
        double[] g = gaussian(seed, n * n);
        double[] a = Dense.matmul(g, Dense.transpose(g, n, n), n, n, n);
        for (int i = 0; i < n; i++) {
            a[i * n + i] += n;
        }
        double[] w = a.clone();
        for (int k = 0; k < tiles; k++) {
            int kk = k * b * n + k * b;
            Cholesky.potrf(w, kk, n, b);
            for (int i = k + 1; i < tiles; i++) {
                Cholesky.trsmRightLowerTranspose(w, kk, n, w, i * b * n + k * b, n, b, b);
            }
            for (int i = k + 1; i < tiles; i++) {
                Cholesky.syrk(w, i * b * n + k * b, n, w, i * b * n + i * b, n, b, b);
                for (int j = k + 1; j < i; j++) {
                    Cholesky.gemmNT(w, i * b * n + k * b, n, w, j * b * n + k * b, n, w, i * b * n + j * b, n, b, b, b);
                }
            }
        }
        double[] l = Cholesky.lower(a, n);
        for (int i = 0; i < n; i++) {
            for (int j = 0; j <= i; j++) {
                Check.close(l[i * n + j], w[i * n + j], 1e-12, "L[" + i + "][" + j + "]");
            }
        }
    }

    @Property(tries = 40, seed = "26")
    void blockedSolveKernelsSolve(@ForAll @IntRange(min = 1, max = 5) int tiles, @ForAll @IntRange(min = 1, max = 7) int b,
            @ForAll @IntRange(min = 1, max = 4) int r, @ForAll @LongRange(min = 0, max = 1_000_000) long seed) {
        int n = tiles * b;
        double[] g = gaussian(seed, n * n);
        double[] a = Dense.matmul(g, Dense.transpose(g, n, n), n, n, n);
        for (int i = 0; i < n; i++) {
            a[i * n + i] += n;
        }
        double[] l = Cholesky.lower(a, n);
        double[] rhs = gaussian(seed + 5, n * r);
        double[] x = rhs.clone();
        for (int k = 0; k < tiles; k++) {
            Cholesky.trsmLeftLower(l, k * b * n + k * b, n, x, k * b * r, r, b, r, false);
            for (int i = k + 1; i < tiles; i++) {
                Cholesky.gemmUpdate(l, i * b * n + k * b, n, false, x, k * b * r, r, x, i * b * r, r, b, b, r);
            }
        }
        for (int k = tiles - 1; k >= 0; k--) {
            Cholesky.trsmLeftLower(l, k * b * n + k * b, n, x, k * b * r, r, b, r, true);
            for (int i = 0; i < k; i++) {
                Cholesky.gemmUpdate(l, k * b * n + i * b, n, true, x, k * b * r, r, x, i * b * r, r, b, b, r);
            }
        }
        assertTrue(residual(a, x, rhs, n, r) <= 1e-12 * n * Math.max(1, Check.maxAbs(rhs)), "A x = b by the tiled substitutions");
    }

    /** The unblocked right-looking LU, as a reference for the blocked loop order's bits. */
    static double[] unblockedLu(double[] a, int n) {
        double[] lu = a.clone();
        for (int k = 0; k < n; k++) {
            int p = k;
            for (int i = k + 1; i < n; i++) {
                if (Math.abs(lu[i * n + k]) > Math.abs(lu[p * n + k])) {
                    p = i;
                }
            }
            Dense.swapRows(lu, n, p, k);
            if (lu[k * n + k] == 0) {
                continue;
            }
            for (int i = k + 1; i < n; i++) {
                double l = lu[i * n + k] / lu[k * n + k];
                lu[i * n + k] = l;
                if (l != 0) {
                    for (int j = k + 1; j < n; j++) {
                        lu[i * n + j] -= l * lu[k * n + j];
                    }
                }
            }
        }
        return lu;
    }

    @Property(tries = 8, seed = "24")
    void blockedLuHasTheUnblockedBits(@ForAll @IntRange(min = 60, max = 200) int n, @ForAll @LongRange(min = 0, max = 1_000_000) long seed) {
        double[] a = gaussian(seed, n * n);
        if (seed % 2 == 0) {
            // a singular matrix too: two equal rows
            System.arraycopy(a, 0, a, n, n);
        }
        org.junit.jupiter.api.Assertions.assertArrayEquals(unblockedLu(a, n), Lu.factor(a, n).lu, "blocked and unblocked LU");
    }

    @Property(tries = 6, seed = "25")
    void denseCholeskyAboveTwoBlocksIsTheTileGraphsOrder(@ForAll @IntRange(min = 129, max = 260) int n,
            @ForAll @LongRange(min = 0, max = 1_000_000) long seed) {
        double[] g = gaussian(seed, n * n);
        double[] a = Dense.matmul(g, Dense.transpose(g, n, n), n, n, n);
        for (int i = 0; i < n; i++) {
            a[i * n + i] += n;
        }
        int b = Cholesky.BLOCK;
        double[] w = a.clone();
        for (int k0 = 0; k0 < n; k0 += b) {
            int kb = Math.min(b, n - k0);
            Cholesky.potrf(w, k0 * n + k0, n, kb);
            for (int i0 = k0 + kb; i0 < n; i0 += b) {
                Cholesky.trsmRightLowerTranspose(w, k0 * n + k0, n, w, i0 * n + k0, n, Math.min(b, n - i0), kb);
            }
            for (int i0 = k0 + kb; i0 < n; i0 += b) {
                int ib = Math.min(b, n - i0);
                Cholesky.syrk(w, i0 * n + k0, n, w, i0 * n + i0, n, ib, kb);
                for (int j0 = k0 + kb; j0 < i0; j0 += b) {
                    Cholesky.gemmNT(w, i0 * n + k0, n, w, j0 * n + k0, n, w, i0 * n + j0, n, ib, Math.min(b, n - j0), kb);
                }
            }
        }
        for (int i = 0; i < n; i++) {
            java.util.Arrays.fill(w, i * n + i + 1, (i + 1) * n, 0.0);
        }
        org.junit.jupiter.api.Assertions.assertArrayEquals(w, Cholesky.lower(a, n), "tile by tile, BLOCK x BLOCK tiles");
    }

    @Property(tries = 60, seed = "19")
    void qrReconstructs(@ForAll @IntRange(min = 1, max = 30) int m, @ForAll @IntRange(min = 1, max = 30) int n,
            @ForAll @LongRange(min = 0, max = 1_000_000) long seed) {
        double[] a = gaussian(seed, m * n);
        Qr qr = Qr.factor(a, m, n);
        int k = Math.min(m, n);
        double[] q = qr.q(false);
        double[] r = qr.r(false);
        Check.orthonormalColumns(q, m, k, 1e-13 * Math.max(m, n), "Q");
        Check.close(a, Dense.matmul(q, r, m, k, n), 1e-13 * Math.max(m, n), "Q R = A");
        for (int i = 0; i < k; i++) {
            for (int j = 0; j < i; j++) {
                assertEquals(0.0, r[i * n + j], "R is upper triangular");
            }
        }
        double[] qc = qr.q(true);
        Check.orthonormalColumns(qc, m, m, 1e-13 * Math.max(m, n), "complete Q");
        Check.close(a, Dense.matmul(qc, qr.r(true), m, m, n), 1e-13 * Math.max(m, n), "complete Q R = A");
    }

    @Property(tries = 50, seed = "20")
    void eighDiagonalises(@ForAll @IntRange(min = 1, max = 25) int n, @ForAll @LongRange(min = 0, max = 1_000_000) long seed) {
        double[] g = gaussian(seed, n * n);
        double[] a = new double[n * n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                a[i * n + j] = (g[i * n + j] + g[j * n + i]) / 2;
            }
        }
        SymmetricEigen e = SymmetricEigen.of(a, n, false, true);
        for (int i = 1; i < n; i++) {
            assertTrue(e.values[i - 1] <= e.values[i], "ascending");
        }
        Check.orthonormalColumns(e.vectors, n, n, 1e-13 * n, "V");
        double[] vw = e.vectors.clone();
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                vw[i * n + j] *= e.values[j];
            }
        }
        Check.close(Dense.matmul(a, e.vectors, n, n, n), vw, 1e-13 * n, "A V = V diag(w)");
        double trace = 0;
        double sum = 0;
        for (int i = 0; i < n; i++) {
            trace += a[i * n + i];
            sum += e.values[i];
        }
        assertTrue(Math.abs(trace - sum) <= 1e-12 * n * Math.max(1, Math.abs(trace)), "trace = sum of eigenvalues");
    }

    @Property(tries = 40, seed = "23")
    void eighOfALowRankMatrixHasRepeatedZeroEigenvalues(@ForAll @IntRange(min = 2, max = 20) int n,
            @ForAll @IntRange(min = 0, max = 5) int rank, @ForAll @LongRange(min = 0, max = 1_000_000) long seed) {
        int r = Math.min(rank, n - 1);
        double[] g = gaussian(seed, n * r);
        double[] a = r == 0 ? new double[n * n] : Dense.matmul(g, Dense.transpose(g, n, r), n, r, n);
        SymmetricEigen e = SymmetricEigen.of(a, n, false, true);
        double scale = Math.max(1, Check.maxAbs(e.values));
        for (int i = 0; i < n - r; i++) {
            assertTrue(Math.abs(e.values[i]) <= 1e-12 * n * scale, "eigenvalue " + i + " of a rank-" + r + " PSD matrix is 0: " + e.values[i]);
        }
        Check.orthonormalColumns(e.vectors, n, n, 1e-13 * n, "V with a repeated eigenvalue");
        double[] vw = e.vectors.clone();
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                vw[i * n + j] *= e.values[j];
            }
        }
        Check.close(Dense.matmul(a, e.vectors, n, n, n), vw, 1e-13 * n, "A V = V diag(w)");
    }

    @Property(tries = 60, seed = "21")
    void svdReconstructs(@ForAll @IntRange(min = 1, max = 25) int m, @ForAll @IntRange(min = 1, max = 25) int n,
            @ForAll @IntRange(min = 0, max = 25) int rank, @ForAll @LongRange(min = 0, max = 1_000_000) long seed) {
        int k = Math.min(m, n);
        int r = Math.min(rank, k);
        // a matrix of rank r (r == 0: all zeros) exercises the completion of U
        double[] a = r == 0 ? new double[m * n] : Dense.matmul(gaussian(seed, m * r), gaussian(seed + 3, r * n), m, r, n);
        for (boolean full : new boolean[] {false, true}) {
            Svd d = Svd.of(a, m, n, full, true);
            int uc = full ? m : k;
            int vr = full ? n : k;
            for (int i = 1; i < k; i++) {
                assertTrue(d.s[i - 1] >= d.s[i], "descending");
            }
            Check.orthonormalColumns(d.u, m, uc, 1e-13 * Math.max(m, n), "U");
            Check.orthonormalColumns(Dense.transpose(d.vh, vr, n), n, vr, 1e-13 * Math.max(m, n), "Vh^T");
            double[] us = new double[m * k];
            for (int i = 0; i < m; i++) {
                for (int j = 0; j < k; j++) {
                    us[i * k + j] = d.u[i * uc + j] * d.s[j];
                }
            }
            Check.close(a, Dense.matmul(us, java.util.Arrays.copyOf(d.vh, k * n), m, k, n), 1e-13 * Math.max(m, n), "U S Vh = A");
        }
        assertEquals(r, MatrixFunctions.matrixRank(a, m, n, Double.NaN, Math.max(m, n) * Math.ulp(1.0)), "matrix_rank");
        double[] p = MatrixFunctions.pinv(a, m, n, 1e-10);
        Check.close(a, Dense.matmul(Dense.matmul(a, p, m, n, m), a, m, m, n), 1e-10, "A pinv(A) A = A");
    }

    @Property(tries = 30, seed = "22")
    void matrixPowerAgreesWithRepeatedProducts(@ForAll @IntRange(min = 1, max = 8) int n, @ForAll @IntRange(min = -4, max = 9) int p,
            @ForAll @LongRange(min = 0, max = 1_000_000) long seed) {
        double[] a = wellConditioned(seed, n);
        for (int i = 0; i < a.length; i++) {
            a[i] /= 2 * Math.sqrt(n) + 1;
        }
        double[] base = p < 0 ? Lu.factor(a, n).inverse() : a;
        double[] expect = Dense.identity(n);
        for (int i = 0; i < Math.abs(p); i++) {
            expect = Dense.matmul(expect, base, n, n, n);
        }
        Check.close(expect, MatrixFunctions.matrixPower(a, n, p), 1e-11, "A^" + p);
    }
}
