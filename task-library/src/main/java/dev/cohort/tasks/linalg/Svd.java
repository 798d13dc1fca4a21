package dev.cohort.tasks.linalg;

/**
 * Singular value decomposition {@code A = U diag(s) Vh} (NumPy {@code linalg.svd}) of a row-major
 * {@code m x n} matrix by one-sided (Hestenes) Jacobi, {@code k = min(m, n)}.
 *
 * <p>For {@code m >= n} the columns of {@code A V} (kept as the rows of a transposed copy, so
 * every dot product runs over contiguous memory) are orthogonalised pairwise: for columns
 * {@code a_i, a_j} with {@code g = a_i . a_j} not below {@code m * eps * |a_i| |a_j|} (a dot's rounding error),
 * {@code zeta = (|a_j|^2 - |a_i|^2) / (2 g)}, {@code t = sign(zeta) / (|zeta| + sqrt(1 + zeta^2))},
 * {@code c = 1 / sqrt(1 + t^2)}, {@code s = c t}; the same rotation accumulates V. Columns of
 * squared norm below {@code (m eps |A|_F)^2} are numerically zero and not rotated. A sweep without
 * a rotation ends the iteration (at most {@value #MAX_SWEEPS} sweeps, else
 * {@link LinAlgException} {@value LinAlgException#SVD_NOT_CONVERGED}). Then {@code s_i = |a_i|},
 * {@code u_i = a_i / s_i}, sorted by descending {@code s}. Columns of U for (numerically) zero
 * singular values, and the extra columns of {@code full_matrices}, are completed to an orthonormal
 * basis by the complete Q of a Householder QR of the others. For {@code m < n} the transpose is
 * decomposed and the factors swapped. Signs of singular vector pairs are not LAPACK's: compare
 * {@code U diag(s) Vh} or vectors up to sign.
 */
public final class Svd {
    /** Sweeps after which the iteration gives up. */
    public static final int MAX_SWEEPS = 80;

    /** Singular values, descending ({@code k} of them). */
    public final double[] s;
    /** U, row-major {@code m x k} (or {@code m x m} for full matrices); null when not asked. */
    public final double[] u;
    /** Vh, row-major {@code k x n} (or {@code n x n} for full matrices); null when not asked. */
    public final double[] vh;

    private Svd(double[] s, double[] u, double[] vh) {
        this.s = s;
        this.u = u;
        this.vh = vh;
    }

    /** Singular values only (NumPy {@code svd(a, compute_uv=False)} / {@code svdvals}), descending. */
    public static double[] values(double[] a, int m, int n) {
        return of(a, m, n, false, false).s;
    }

    /**
     * Decomposes the row-major {@code m x n} matrix {@code a} (not modified); U and Vh when
     * {@code computeUv}, square ({@code m x m}, {@code n x n}) when {@code fullMatrices}.
     */
    public static Svd of(double[] a, int m, int n, boolean fullMatrices, boolean computeUv) {
        Dense.checkLength(a, m, n, "a");
        if (m < n) {
            Svd t = of(Dense.transpose(a, m, n), n, m, fullMatrices, computeUv);
            if (!computeUv) {
                return t;
            }
            // A^T = U' S Vh'  =>  A = Vh'^T S U'^T
            int uc = fullMatrices ? n : m;
            return new Svd(t.s, Dense.transpose(t.vh, m, m), Dense.transpose(t.u, n, uc));
        }
        // m >= n: rows of w are the columns of A V
        double[] w = Dense.transpose(a, m, n);
        for (double x : w) {
            if (!Double.isFinite(x)) {
                throw new LinAlgException(LinAlgException.SVD_NOT_CONVERGED);
            }
        }
        double[] z = computeUv ? Dense.identity(n) : null;
        double eps = Math.ulp(1.0) / 2;
        // columns whose squared norm is below this are numerically zero (singular values under
        // m * eps * |A|_F carry only absolute accuracy): they are not rotated, else rounding from the
        // large columns would keep them from ever passing the orthogonality test
        double frob = Dense.norm2(w, 0, w.length);
        double floor = (m * eps * frob) * (m * eps * frob);
        // a computed dot of m terms carries an error of about m * eps |a_i| |a_j|: a stricter test could never pass
        double tol = m * eps;
        boolean rotated = true;
        int sweep = 0;
        while (rotated) {
            if (sweep++ == MAX_SWEEPS) {
                throw new LinAlgException(LinAlgException.SVD_NOT_CONVERGED);
            }
            rotated = false;
            for (int i = 0; i < n - 1; i++) {
                for (int j = i + 1; j < n; j++) {
                    int wi = i * m;
                    int wj = j * m;
                    double alpha = Dense.dot(w, wi, w, wi, m);
                    double beta = Dense.dot(w, wj, w, wj, m);
                    double gamma = Dense.dot(w, wi, w, wj, m);
                    if (gamma == 0 || alpha <= floor || beta <= floor
                            || Math.abs(gamma) <= tol * Math.sqrt(alpha) * Math.sqrt(beta)) {
                        continue;
                    }
                    rotated = true;
                    double zeta = (beta - alpha) / (2 * gamma);
                    double t = (zeta >= 0 ? 1.0 : -1.0) / (Math.abs(zeta) + Math.sqrt(1 + zeta * zeta));
                    double c = 1 / Math.sqrt(1 + t * t);
                    double sn = c * t;
                    rotate(w, wi, wj, m, c, sn);
                    if (z != null) {
                        rotate(z, i * n, j * n, n, c, sn);
                    }
                }
            }
        }
        double[] norms = new double[n];
        for (int i = 0; i < n; i++) {
            norms[i] = Dense.norm2(w, i * m, m);
        }
        Integer[] order = new Integer[n];
        for (int i = 0; i < n; i++) {
            order[i] = i;
        }
        java.util.Arrays.sort(order, (x, y) -> Double.compare(norms[y], norms[x]));
        double[] s = new double[n];
        for (int c = 0; c < n; c++) {
            s[c] = norms[order[c]];
        }
        if (!computeUv) {
            return new Svd(s, null, null);
        }
        int uc = fullMatrices ? m : n;
        // rows of ut are the columns of U
        double[] ut = new double[uc * m];
        // U's columns for the rotated (non-negligible) columns; the rest are completed
        int good = 0;
        for (int c = 0; c < n; c++) {
            int src = order[c] * m;
            if (s[c] > 0 && Dense.dot(w, src, w, src, m) > floor) {
                for (int r = 0; r < m; r++) {
                    ut[c * m + r] = w[src + r] / s[c];
                }
                good = c + 1;
            } else {
                break;
            }
        }
        complete(ut, uc, m, good);
        double[] u = Dense.transpose(ut, uc, m);
        double[] vh = new double[n * n];
        for (int c = 0; c < n; c++) {
            System.arraycopy(z, order[c] * n, vh, c * n, n);
        }
        return new Svd(s, u, vh);
    }

    private static void rotate(double[] x, int xi, int xj, int len, double c, double s) {
        for (int r = 0; r < len; r++) {
            double a = x[xi + r];
            double b = x[xj + r];
            x[xi + r] = c * a - s * b;
            x[xj + r] = s * a + c * b;
        }
    }

    /**
     * Fills rows {@code r..rows-1} of {@code q} ({@code rows x len}, its first {@code r} rows
     * orthonormal) with an orthonormal basis of their complement: the last columns of the complete
     * Q of a Householder QR of the first rows, transposed.
     */
    static void complete(double[] q, int rows, int len, int r) {
        if (r == rows) {
            return;
        }
        double[] g = Dense.transpose(java.util.Arrays.copyOf(q, r * len), r, len);
        double[] full = Qr.factor(g, len, r).q(true);
        for (int row = r; row < rows; row++) {
            for (int x = 0; x < len; x++) {
                q[row * len + x] = full[x * len + row];
            }
        }
    }
}
