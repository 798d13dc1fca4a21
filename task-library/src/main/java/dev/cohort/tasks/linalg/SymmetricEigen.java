package dev.cohort.tasks.linalg;

/**
 * Eigen-decomposition {@code A = V diag(w) V^T} of a real symmetric matrix (NumPy
 * {@code linalg.eigh} / {@code eigvalsh}) by the cyclic Jacobi method, over row-major
 * {@code double[]}.
 *
 * <p>Only the triangle NumPy's {@code UPLO} names is read ({@code 'L'}: lower, the default;
 * {@code 'U'}: upper) and mirrored. Sweeps visit the pairs {@code p < q} in row order and zero
 * {@code A[p][q]} by the rotation {@code theta = (A[q][q] - A[p][p]) / (2 A[p][q])},
 * {@code t = sign(theta) / (|theta| + sqrt(theta^2 + 1))}, {@code c = 1 / sqrt(t^2 + 1)},
 * {@code s = t c}, skipping pairs with {@code |A[p][q]| <= eps * sqrt(|A[p][p] A[q][q]|)} (or
 * exactly zero); a sweep without a rotation ends the iteration (at most {@value #MAX_SWEEPS}
 * sweeps, else {@link LinAlgException} {@value LinAlgException#EIGH_NOT_CONVERGED}).
 *
 * <p>Eigenvalues come in ascending order (NumPy's), eigenvectors are the columns of V, of unit
 * norm. <b>Sign convention</b>: each eigenvector is scaled by -1 where needed so that its
 * component of largest magnitude (the first one on ties) is positive. LAPACK fixes no sign, so
 * compare eigenvectors with NumPy's up to sign. The cost is {@code O(n^3)} per sweep (a few to
 * ten sweeps): meant for the small matrices the array layer replicates.
 */
public final class SymmetricEigen {
    /** Sweeps after which the iteration gives up. */
    public static final int MAX_SWEEPS = 100;

    /** Eigenvalues, ascending. */
    public final double[] values;
    /** Eigenvectors as the columns of a row-major {@code n x n} matrix ({@code null} when not asked). */
    public final double[] vectors;

    private SymmetricEigen(double[] values, double[] vectors) {
        this.values = values;
        this.vectors = vectors;
    }

    /**
     * Decomposes the row-major {@code n x n} matrix {@code a} (not modified), reading its lower
     * ({@code upper == false}) or upper triangle; eigenvectors only when {@code wantVectors}.
     */
    public static SymmetricEigen of(double[] a, int n, boolean upper, boolean wantVectors) {
        Dense.checkLength(a, n, n, "a");
        double[] s = new double[n * n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j <= i; j++) {
                double v = upper ? a[j * n + i] : a[i * n + j];
                s[i * n + j] = v;
                s[j * n + i] = v;
            }
        }
        double[] v = wantVectors ? Dense.identity(n) : null;
        double eps = Math.ulp(1.0) / 2;
        boolean rotated = true;
        int sweep = 0;
        while (rotated) {
            if (sweep++ == MAX_SWEEPS) {
                throw new LinAlgException(LinAlgException.EIGH_NOT_CONVERGED);
            }
            rotated = false;
            for (int p = 0; p < n - 1; p++) {
                for (int q = p + 1; q < n; q++) {
                    double apq = s[p * n + q];
                    double app = s[p * n + p];
                    double aqq = s[q * n + q];
                    if (apq == 0 || Math.abs(apq) <= eps * Math.sqrt(Math.abs(app * aqq))) {
                        continue;
                    }
                    if (Double.isNaN(apq) || Double.isInfinite(apq)) {
                        throw new LinAlgException(LinAlgException.EIGH_NOT_CONVERGED);
                    }
                    rotated = true;
                    double theta = (aqq - app) / (2 * apq);
                    double t = (theta >= 0 ? 1.0 : -1.0) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
                    double c = 1 / Math.sqrt(t * t + 1);
                    double sn = t * c;
                    // columns p and q: A J
                    for (int k = 0; k < n; k++) {
                        double akp = s[k * n + p];
                        double akq = s[k * n + q];
                        s[k * n + p] = c * akp - sn * akq;
                        s[k * n + q] = sn * akp + c * akq;
                    }
                    // rows p and q: J^T A
                    int rp = p * n;
                    int rq = q * n;
                    for (int k = 0; k < n; k++) {
                        double apk = s[rp + k];
                        double aqk = s[rq + k];
                        s[rp + k] = c * apk - sn * aqk;
                        s[rq + k] = sn * apk + c * aqk;
                    }
                    s[rp + q] = 0;
                    s[rq + p] = 0;
                    if (v != null) {
                        for (int k = 0; k < n; k++) {
                            double vkp = v[k * n + p];
                            double vkq = v[k * n + q];
                            v[k * n + p] = c * vkp - sn * vkq;
                            v[k * n + q] = sn * vkp + c * vkq;
                        }
                    }
                }
            }
        }
        double[] w = new double[n];
        for (int i = 0; i < n; i++) {
            w[i] = s[i * n + i];
            if (Double.isNaN(w[i])) {
                throw new LinAlgException(LinAlgException.EIGH_NOT_CONVERGED);
            }
        }
        Integer[] order = new Integer[n];
        for (int i = 0; i < n; i++) {
            order[i] = i;
        }
        java.util.Arrays.sort(order, (x, y) -> Double.compare(w[x], w[y]));
        double[] values = new double[n];
        double[] vectors = v == null ? null : new double[n * n];
        for (int c = 0; c < n; c++) {
            int src = order[c];
            values[c] = w[src];
            if (v != null) {
                int big = 0;
                for (int k = 1; k < n; k++) {
                    if (Math.abs(v[k * n + src]) > Math.abs(v[big * n + src])) {
                        big = k;
                    }
                }
                double sign = v[big * n + src] < 0 ? -1 : 1;
                for (int k = 0; k < n; k++) {
                    vectors[k * n + c] = sign * v[k * n + src];
                }
            }
        }
        return new SymmetricEigen(values, vectors);
    }
}
