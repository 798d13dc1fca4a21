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
 * {@value LinAlgException#NOT_POSITIVE_DEFINITE}.
 */
public final class Cholesky {
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
        potrf(l, 0, n, n);
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
        for (int i = 0; i < m; i++) {
            int ai = ao + i * lda;
            int ci = co + i * ldc;
            for (int j = 0; j < n; j++) {
                c[ci + j] -= Dense.dot(a, ai, b, bo + j * ldb, k);
            }
        }
    }
}
