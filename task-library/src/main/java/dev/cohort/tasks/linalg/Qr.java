package dev.cohort.tasks.linalg;

/**
 * QR factorisation {@code A = Q R} by Householder reflections (NumPy {@code linalg.qr}, LAPACK
 * {@code dgeqrf} + {@code dorgqr}) of a row-major {@code m x n} matrix, {@code k = min(m, n)}.
 *
 * <p>Step {@code j < k} reflects column {@code j} from row {@code j} down, {@code x = A[j:, j]},
 * with LAPACK {@code dlarfg}'s choices: when {@code x[1:]} is zero no reflection is made
 * ({@code tau = 0}, {@code R[j][j] = x[0]} keeps its sign); otherwise
 * {@code beta = -copysign(hypot(x[0], |x[1:]|), x[0])}, {@code tau = (beta - x[0]) / beta},
 * {@code v = [1, x[1:] / (x[0] - beta)]} and {@code R[j][j] = beta}. So R's diagonal signs are
 * LAPACK's (and NumPy's): the opposite of the sign of the column's leading element. Q is
 * {@code H_0 H_1 ... H_(k-1)} applied to the identity's first columns.
 */
public final class Qr {
    /** The Householder vectors below the diagonal and R on and above it (LAPACK's packed form). */
    private final double[] qr;
    private final double[] tau;
    /** Rows of A. */
    public final int m;
    /** Columns of A. */
    public final int n;

    private Qr(double[] qr, double[] tau, int m, int n) {
        this.qr = qr;
        this.tau = tau;
        this.m = m;
        this.n = n;
    }

    /** Factors the row-major {@code m x n} matrix {@code a} (not modified). */
    public static Qr factor(double[] a, int m, int n) {
        Dense.checkLength(a, m, n, "a");
        double[] q = a.clone();
        int k = Math.min(m, n);
        double[] tau = new double[k];
        double[] w = new double[n];
        for (int j = 0; j < k; j++) {
            double alpha = q[j * n + j];
            double xnorm = columnNorm(q, m, n, j + 1, j);
            if (xnorm == 0) {
                tau[j] = 0;
                continue;
            }
            double beta = -Math.copySign(Math.hypot(alpha, xnorm), alpha);
            double t = (beta - alpha) / beta;
            double scale = 1 / (alpha - beta);
            for (int i = j + 1; i < m; i++) {
                q[i * n + j] *= scale;
            }
            q[j * n + j] = beta;
            tau[j] = t;
            // A[j:, j+1:] -= tau v (v^T A[j:, j+1:]), v[0] = 1
            int c0 = j + 1;
            int cols = n - c0;
            if (cols == 0) {
                continue;
            }
            System.arraycopy(q, j * n + c0, w, 0, cols);
            for (int i = j + 1; i < m; i++) {
                double vi = q[i * n + j];
                if (vi != 0) {
                    int ri = i * n + c0;
                    for (int c = 0; c < cols; c++) {
                        w[c] += vi * q[ri + c];
                    }
                }
            }
            for (int c = 0; c < cols; c++) {
                q[j * n + c0 + c] -= t * w[c];
            }
            for (int i = j + 1; i < m; i++) {
                double f = t * q[i * n + j];
                if (f != 0) {
                    int ri = i * n + c0;
                    for (int c = 0; c < cols; c++) {
                        q[ri + c] -= f * w[c];
                    }
                }
            }
        }
        return new Qr(q, tau, m, n);
    }

    private static double columnNorm(double[] a, int m, int n, int from, int col) {
        double[] x = new double[Math.max(0, m - from)];
        for (int i = from; i < m; i++) {
            x[i - from] = a[i * n + col];
        }
        return Dense.norm2(x, 0, x.length);
    }

    /** {@code min(m, n)}. */
    public int k() {
        return Math.min(m, n);
    }

    /**
     * R, row-major: {@code (k x n)} when {@code complete} is false (NumPy mode {@code 'reduced'} and
     * {@code 'r'}), {@code (m x n)} with zero rows below {@code k} when true (mode {@code 'complete'}).
     */
    public double[] r(boolean complete) {
        int rows = complete ? m : k();
        double[] r = new double[rows * n];
        for (int i = 0; i < Math.min(rows, k()); i++) {
            System.arraycopy(qr, i * n + i, r, i * n + i, n - i);
        }
        return r;
    }

    /**
     * Q, row-major, with orthonormal columns: {@code (m x k)} when {@code complete} is false,
     * {@code (m x m)} when true.
     */
    public double[] q(boolean complete) {
        int cols = complete ? m : k();
        double[] q = new double[m * cols];
        for (int i = 0; i < Math.min(m, cols); i++) {
            q[i * cols + i] = 1;
        }
        double[] w = new double[cols];
        for (int j = k() - 1; j >= 0; j--) {
            double t = tau[j];
            if (t == 0) {
                continue;
            }
            // Q[j:, :] -= tau v (v^T Q[j:, :])
            System.arraycopy(q, j * cols, w, 0, cols);
            for (int i = j + 1; i < m; i++) {
                double vi = qr[i * n + j];
                if (vi != 0) {
                    int ri = i * cols;
                    for (int c = 0; c < cols; c++) {
                        w[c] += vi * q[ri + c];
                    }
                }
            }
            for (int c = 0; c < cols; c++) {
                q[j * cols + c] -= t * w[c];
            }
            for (int i = j + 1; i < m; i++) {
                double f = t * qr[i * n + j];
                if (f != 0) {
                    int ri = i * cols;
                    for (int c = 0; c < cols; c++) {
                        q[ri + c] -= f * w[c];
                    }
                }
            }
        }
        return q;
    }
}
