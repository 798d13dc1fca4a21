package dev.cohort.tasks.linalg;

/**
 * Cholesky factorisation {@code A = L L^T} of a symmetric positive-definite matrix (NumPy
 * {@code linalg.cholesky}, LAPACK {@code dpotrf} with {@code 'L'}), over row-major
 * {@code double[]}, and the tile kernels of a blocked (right-looking) Cholesky: {@link #potrf},
 * {@link #trsmRightLowerTranspose}, {@link #syrk}, {@link #gemmNT}.
 *
 * <p>Only the lower triangle of A is read (as NumPy does); L is returned with zeros above the
 * diagonal. Row {@code i} of L is computed left to right:
 * {@code L[i][j] = (A[i][j] - L[i, :j] . L[j, :j]) / L[j][j]} and
 * {@code L[i][i] = sqrt(A[i][i] - L[i, :i] . L[i, :i])}, the dots over contiguous rows in a fixed
 * order; a diagonal value that is not {@code > 0} (or is NaN) raises {@link LinAlgException}
 * {@value LinAlgException#NOT_POSITIVE_DEFINITE}. Above {@code 2 * BLOCK} rows the same formulas
 * run tile by tile, right-looking (POTRF of the diagonal tile, TRSM of the panel below it,
 * SYRK/GEMM of the trailing tiles), which keeps the working set in cache.
 */
public final class Cholesky {
    /**
     * Tile order of the blocked algorithm {@link #lower} uses for {@code n > 2 * BLOCK}: the same
     * tile kernels in the same order as the task graph of {@code CHOLESKY_*} launches with
     * {@code BLOCK x BLOCK} tiles, so both give the same bits.
     */
    public static final int BLOCK = 64;

    private Cholesky() {
    }

    /**
     * The lower factor L of the row-major {@code n x n} matrix {@code a} (not modified).
     *
     * @throws LinAlgException {@value LinAlgException#NOT_POSITIVE_DEFINITE}
     */
    public static double[] lower(double[] a, int n) {
        Dense.checkLength(a, n, n, "a");
        double[] l = a.clone();
        if (n <= 2 * BLOCK) {
            potrf(l, 0, n, n);
            return l;
        }
        for (int k0 = 0; k0 < n; k0 += BLOCK) {
            int kb = Math.min(BLOCK, n - k0);
            int kk = k0 * n + k0;
            potrf(l, kk, n, kb);
            int below = k0 + kb;
            if (below == n) {
                break;
            }
            trsmRightLowerTranspose(l, kk, n, l, below * n + k0, n, n - below, kb);
            for (int i0 = below; i0 < n; i0 += BLOCK) {
                int ib = Math.min(BLOCK, n - i0);
                syrk(l, i0 * n + k0, n, l, i0 * n + i0, n, ib, kb);
                for (int j0 = below; j0 < i0; j0 += BLOCK) {
                    gemmNT(l, i0 * n + k0, n, l, j0 * n + k0, n, l, i0 * n + j0, n, ib, Math.min(BLOCK, n - j0), kb);
                }
            }
        }
        // the tiles above the diagonal tiles still hold A
        for (int i = 0; i < n; i++) {
            java.util.Arrays.fill(l, i * n + i + 1, (i + 1) * n, 0.0);
        }
        return l;
    }

    /**
     * In place: the {@code n x n} block at offset {@code off} (row stride {@code ld}) of {@code a}
     * becomes its lower Cholesky factor, zeros above the diagonal (POTRF of a diagonal tile).
     *
     * @throws LinAlgException {@value LinAlgException#NOT_POSITIVE_DEFINITE}
     */
    public static void potrf(double[] a, int off, int ld, int n) {
        for (int i = 0; i < n; i++) {
            int ri = off + i * ld;
            for (int j = 0; j < i; j++) {
                int rj = off + j * ld;
                a[ri + j] = (a[ri + j] - Dense.dot(a, ri, a, rj, j)) / a[rj + j];
            }
            double d = a[ri + i] - Dense.dot(a, ri, a, ri, i);
            if (!(d > 0)) {
                throw new LinAlgException(LinAlgException.NOT_POSITIVE_DEFINITE);
            }
            a[ri + i] = Math.sqrt(d);
            for (int j = i + 1; j < n; j++) {
                a[ri + j] = 0;
            }
        }
    }

    /**
     * TRSM of a panel tile: {@code X := X L^-T} in place, for the {@code m x n} block X at
     * {@code xo} (row stride {@code ldx}) and the lower-triangular {@code n x n} L at {@code lo}
     * (row stride {@code ldl}); row {@code r} of the result solves {@code L y = X[r]^T}.
     */
    public static void trsmRightLowerTranspose(double[] l, int lo, int ldl, double[] x, int xo, int ldx, int m, int n) {
        for (int r = 0; r < m; r++) {
            int xr = xo + r * ldx;
            for (int j = 0; j < n; j++) {
                int lj = lo + j * ldl;
                x[xr + j] = (x[xr + j] - Dense.dot(x, xr, l, lj, j)) / l[lj + j];
            }
        }
    }

    /**
     * SYRK of a diagonal trailing tile: {@code C := C - A A^T} for the {@code n x k} block A and the
     * {@code n x n} block C (the lower triangle and diagonal updated, the upper left as it was).
     */
    public static void syrk(double[] a, int ao, int lda, double[] c, int co, int ldc, int n, int k) {
        for (int i = 0; i < n; i++) {
            int ai = ao + i * lda;
            int ci = co + i * ldc;
            for (int j = 0; j <= i; j++) {
                c[ci + j] -= Dense.dot(a, ai, a, ao + j * lda, k);
            }
        }
    }

    /**
     * GEMM of an off-diagonal trailing tile: {@code C := C - A B^T} for the {@code m x k} block A,
     * the {@code n x k} block B and the {@code m x n} block C.
     */
    public static void gemmNT(double[] a, int ao, int lda, double[] b, int bo, int ldb, double[] c, int co, int ldc,
            int m, int n, int k) {
        int i = 0;
        for (; i + 1 < m; i += 2) {
            int a0 = ao + i * lda;
            int a1 = a0 + lda;
            int c0 = co + i * ldc;
            int c1 = c0 + ldc;
            int j = 0;
            for (; j + 1 < n; j += 2) {
                int b0 = bo + j * ldb;
                int b1 = b0 + ldb;
                dot2x2(a, a0, a1, b, b0, b1, k, c, c0 + j, c1 + j);
            }
            for (; j < n; j++) {
                c[c0 + j] -= Dense.dot(a, a0, b, bo + j * ldb, k);
                c[c1 + j] -= Dense.dot(a, a1, b, bo + j * ldb, k);
            }
        }
        for (; i < m; i++) {
            int ai = ao + i * lda;
            int ci = co + i * ldc;
            for (int j = 0; j < n; j++) {
                c[ci + j] -= Dense.dot(a, ai, b, bo + j * ldb, k);
            }
        }
    }

    /**
     * The four dots of rows {@code a0, a1} with rows {@code b0, b1} (each in {@link Dense#dot}'s
     * order: four interleaved partial sums), subtracted from {@code c[c0], c[c0 + 1], c[c1], c[c1 + 1]}.
     */
    private static void dot2x2(double[] a, int a0, int a1, double[] b, int b0, int b1, int k, double[] c, int c0, int c1) {
        double s00 = 0, s01 = 0, s02 = 0, s03 = 0;
        double s10 = 0, s11 = 0, s12 = 0, s13 = 0;
        double t00 = 0, t01 = 0, t02 = 0, t03 = 0;
        double t10 = 0, t11 = 0, t12 = 0, t13 = 0;
        int l = 0;
        for (; l + 3 < k; l += 4) {
            double x0 = a[a0 + l], x1 = a[a0 + l + 1], x2 = a[a0 + l + 2], x3 = a[a0 + l + 3];
            double y0 = a[a1 + l], y1 = a[a1 + l + 1], y2 = a[a1 + l + 2], y3 = a[a1 + l + 3];
            double p0 = b[b0 + l], p1 = b[b0 + l + 1], p2 = b[b0 + l + 2], p3 = b[b0 + l + 3];
            double q0 = b[b1 + l], q1 = b[b1 + l + 1], q2 = b[b1 + l + 2], q3 = b[b1 + l + 3];
            s00 += x0 * p0; s01 += x1 * p1; s02 += x2 * p2; s03 += x3 * p3;
            s10 += x0 * q0; s11 += x1 * q1; s12 += x2 * q2; s13 += x3 * q3;
            t00 += y0 * p0; t01 += y1 * p1; t02 += y2 * p2; t03 += y3 * p3;
            t10 += y0 * q0; t11 += y1 * q1; t12 += y2 * q2; t13 += y3 * q3;
        }
        for (; l < k; l++) {
            s00 += a[a0 + l] * b[b0 + l];
            s10 += a[a0 + l] * b[b1 + l];
            t00 += a[a1 + l] * b[b0 + l];
            t10 += a[a1 + l] * b[b1 + l];
        }
        c[c0] -= (s00 + s01) + (s02 + s03);
        c[c0 + 1] -= (s10 + s11) + (s12 + s13);
        c[c1] -= (t00 + t01) + (t02 + t03);
        c[c1 + 1] -= (t10 + t11) + (t12 + t13);
    }

    /**
     * Blocked solve with the factor, a triangular tile solve in place on the {@code n x r} block X
     * at {@code xo} (row stride {@code ldx}) with the lower-triangular {@code n x n} L at {@code lo}:
     * {@code X := L^-1 X} (forward substitution, rows in increasing order) or, when
     * {@code transposed}, {@code X := L^-T X} (back substitution, rows in decreasing order).
     */
    public static void trsmLeftLower(double[] l, int lo, int ldl, double[] x, int xo, int ldx, int n, int r, boolean transposed) {
        if (!transposed) {
            for (int i = 0; i < n; i++) {
                int xi = xo + i * ldx;
                for (int j = 0; j < i; j++) {
                    double f = l[lo + i * ldl + j];
                    int xj = xo + j * ldx;
                    for (int c = 0; c < r; c++) {
                        x[xi + c] -= f * x[xj + c];
                    }
                }
                double d = l[lo + i * ldl + i];
                for (int c = 0; c < r; c++) {
                    x[xi + c] /= d;
                }
            }
        } else {
            for (int i = n - 1; i >= 0; i--) {
                int xi = xo + i * ldx;
                for (int j = i + 1; j < n; j++) {
                    double f = l[lo + j * ldl + i];
                    int xj = xo + j * ldx;
                    for (int c = 0; c < r; c++) {
                        x[xi + c] -= f * x[xj + c];
                    }
                }
                double d = l[lo + i * ldl + i];
                for (int c = 0; c < r; c++) {
                    x[xi + c] /= d;
                }
            }
        }
    }

    /**
     * Blocked solve's update of a right-hand-side tile: {@code C := C - A B} for the {@code m x k}
     * block A, or {@code C := C - A^T B} for the {@code k x m} block A when {@code transposed}; B is
     * {@code k x r}, C {@code m x r}; rows of B are subtracted in increasing order.
     */
    public static void gemmUpdate(double[] a, int ao, int lda, boolean transposed, double[] b, int bo, int ldb, double[] c, int co,
            int ldc, int m, int k, int r) {
        for (int i = 0; i < m; i++) {
            int ci = co + i * ldc;
            for (int l = 0; l < k; l++) {
                double f = transposed ? a[ao + l * lda + i] : a[ao + i * lda + l];
                int bl = bo + l * ldb;
                for (int c2 = 0; c2 < r; c2++) {
                    c[ci + c2] -= f * b[bl + c2];
                }
            }
        }
    }
}
