package dev.cohort.tasks.linalg;

/**
 * NumPy's matrix functions built on the factorisations of this package, over row-major
 * {@code double[]}: {@code matrix_power}, matrix {@code norm}, {@code cond}, {@code matrix_rank},
 * {@code pinv}, {@code lstsq}.
 */
public final class MatrixFunctions {
    private MatrixFunctions() {
    }

    /** The matrix norms of NumPy {@code linalg.norm(x, ord)} for 2-d {@code x}. */
    public enum NormOrd {
        /** {@code 'fro'} (and {@code None}): {@code sqrt(sum |a_ij|^2)}. */
        FRO,
        /** {@code 'nuc'}: the sum of the singular values. */
        NUC,
        /** {@code 2}: the largest singular value. */
        TWO,
        /** {@code -2}: the smallest singular value. */
        MINUS_TWO,
        /** {@code 1}: the largest column sum of {@code |a_ij|}. */
        ONE,
        /** {@code -1}: the smallest column sum. */
        MINUS_ONE,
        /** {@code inf}: the largest row sum of {@code |a_ij|}. */
        INF,
        /** {@code -inf}: the smallest row sum. */
        MINUS_INF
    }

    /**
     * NumPy {@code matrix_power(a, p)} for a row-major {@code n x n} float64 matrix: the identity for
     * {@code p == 0}, {@code inv(a)^|p|} for {@code p < 0} (raises {@value LinAlgException#SINGULAR}),
     * otherwise NumPy's order of products: {@code a}, {@code a@a}, {@code a@a@a} for 1-3, then binary
     * decomposition (squares {@code z = z @ z}, {@code result = result @ z} for each set bit, lowest first).
     */
    public static double[] matrixPower(double[] a, int n, long p) {
        Dense.checkLength(a, n, n, "a");
        if (p == 0) {
            return Dense.identity(n);
        }
        double[] base = a;
        if (p < 0) {
            base = Lu.factor(a, n).inverse();
            p = p == Long.MIN_VALUE ? Long.MAX_VALUE : -p; // |MIN_VALUE| does not fit; never reachable in practice
        }
        if (p == 1) {
            return base.clone();
        }
        if (p == 2) {
            return Dense.matmul(base, base, n, n, n);
        }
        if (p == 3) {
            return Dense.matmul(Dense.matmul(base, base, n, n, n), base, n, n, n);
        }
        double[] z = null;
        double[] result = null;
        while (p > 0) {
            z = z == null ? base : Dense.matmul(z, z, n, n, n);
            boolean bit = (p & 1) != 0;
            p >>>= 1;
            if (bit) {
                result = result == null ? z : Dense.matmul(result, z, n, n, n);
            }
        }
        return result == base ? base.clone() : result;
    }

    /** {@link #matrixPower(double[], int, long)} for integer matrices, {@code p >= 0}, in wrapping int64 arithmetic (NumPy keeps the integer dtype). */
    public static long[] matrixPower(long[] a, int n, long p) {
        if (p < 0) {
            throw new IllegalArgumentException("matrix_power of an integer matrix with a negative power goes through inv: use the float64 overload");
        }
        if (a.length != (long) n * n) {
            throw new IllegalArgumentException("a: " + a.length + " elements do not make a " + n + " x " + n + " matrix");
        }
        if (p == 0) {
            long[] e = new long[n * n];
            for (int i = 0; i < n; i++) {
                e[i * n + i] = 1;
            }
            return e;
        }
        if (p == 1) {
            return a.clone();
        }
        if (p == 2) {
            return matmul(a, a, n);
        }
        if (p == 3) {
            return matmul(matmul(a, a, n), a, n);
        }
        long[] z = null;
        long[] result = null;
        while (p > 0) {
            z = z == null ? a : matmul(z, z, n);
            boolean bit = (p & 1) != 0;
            p >>>= 1;
            if (bit) {
                result = result == null ? z : matmul(result, z, n);
            }
        }
        return result == a ? a.clone() : result;
    }

    private static long[] matmul(long[] a, long[] b, int n) {
        long[] c = new long[n * n];
        for (int i = 0; i < n; i++) {
            for (int l = 0; l < n; l++) {
                long x = a[i * n + l];
                for (int j = 0; j < n; j++) {
                    c[i * n + j] += x * b[l * n + j];
                }
            }
        }
        return c;
    }

    /**
     * NumPy {@code linalg.norm(a, ord)} of a row-major {@code m x n} matrix. {@code FRO} sums squares
     * in row-major order; {@code TWO}, {@code MINUS_TWO}, {@code NUC} use the singular values. An empty
     * matrix has norm 0 for {@code FRO} (the array layer raises NumPy's errors for the others).
     */
    public static double norm(double[] a, int m, int n, NormOrd ord) {
        Dense.checkLength(a, m, n, "a");
        switch (ord) {
            case FRO: {
                double s = 0;
                for (double x : a) {
                    s += x * x;
                }
                return Math.sqrt(s);
            }
            case NUC: {
                double s = 0;
                for (double x : Svd.values(a, m, n)) {
                    s += x;
                }
                return s;
            }
            case TWO:
            case MINUS_TWO: {
                double[] s = Svd.values(a, m, n);
                return ord == NormOrd.TWO ? s[0] : s[s.length - 1];
            }
            case ONE:
            case MINUS_ONE: {
                double[] sums = new double[n];
                for (int i = 0; i < m; i++) {
                    for (int j = 0; j < n; j++) {
                        sums[j] += Math.abs(a[i * n + j]);
                    }
                }
                return extreme(sums, ord == NormOrd.ONE);
            }
            default: {
                double[] sums = new double[m];
                for (int i = 0; i < m; i++) {
                    double s = 0;
                    for (int j = 0; j < n; j++) {
                        s += Math.abs(a[i * n + j]);
                    }
                    sums[i] = s;
                }
                return extreme(sums, ord == NormOrd.INF);
            }
        }
    }

    private static double extreme(double[] v, boolean max) {
        double r = v[0];
        for (int i = 1; i < v.length; i++) {
            if (Double.isNaN(v[i]) || Double.isNaN(r)) {
                r = Double.NaN;
            } else {
                r = max ? Math.max(r, v[i]) : Math.min(r, v[i]);
            }
        }
        return r;
    }

    /**
     * NumPy {@code linalg.cond(a, p)} of a row-major {@code n x n} matrix ({@code m x n} for
     * {@code TWO}/{@code MINUS_TWO}): {@code s[0] / s[-1]} for {@code TWO} (and {@code p=None}),
     * {@code s[-1] / s[0]} for {@code MINUS_TWO}, otherwise {@code norm(a, p) * norm(inv(a), p)};
     * a singular matrix gives {@code +inf} (NumPy replaces the NaN of its ignored error), unless
     * {@code a} holds a NaN.
     */
    public static double cond(double[] a, int m, int n, NormOrd p) {
        Dense.checkLength(a, m, n, "a");
        if (p == NormOrd.TWO || p == NormOrd.MINUS_TWO) {
            double[] s = Svd.values(a, m, n);
            return p == NormOrd.TWO ? s[0] / s[s.length - 1] : s[s.length - 1] / s[0];
        }
        Lu lu = Lu.factor(a, n);
        double r;
        if (lu.singular()) {
            r = Double.NaN;
        } else {
            r = norm(a, n, n, p) * norm(lu.inverse(), n, n, p);
        }
        if (Double.isNaN(r)) {
            for (double x : a) {
                if (Double.isNaN(x)) {
                    return r;
                }
            }
            return Double.POSITIVE_INFINITY;
        }
        return r;
    }

    /**
     * NumPy {@code matrix_rank(A, tol, rtol)} of a row-major {@code m x n} matrix: the number of
     * singular values {@code > tol}; when {@code tol} is NaN (NumPy's None) the threshold is
     * {@code s.max() * rtol} (the array layer passes NumPy's default {@code rtol = max(m, n) * eps}
     * of the input's dtype when neither is given).
     */
    public static long matrixRank(double[] a, int m, int n, double tol, double rtol) {
        double[] s = Svd.values(a, m, n);
        if (s.length == 0) {
            return 0;
        }
        double t = Double.isNaN(tol) ? s[0] * rtol : tol;
        long r = 0;
        for (double x : s) {
            if (x > t) {
                r++;
            }
        }
        return r;
    }

    /**
     * NumPy {@code pinv(a, rcond)} of a row-major {@code m x n} matrix, {@code (n x m)}:
     * {@code Vh^T diag(1/s_i where s_i > rcond * s.max() else 0) U^T} from the reduced SVD.
     */
    public static double[] pinv(double[] a, int m, int n, double rcond) {
        Dense.checkLength(a, m, n, "a");
        int k = Math.min(m, n);
        if (k == 0) {
            return new double[0];
        }
        Svd d = Svd.of(a, m, n, false, true);
        double cutoff = rcond * d.s[0];
        // (n x k) * (k x m) with row i of the scaled U^T
        double[] sut = new double[k * m];
        for (int i = 0; i < k; i++) {
            double inv = d.s[i] > cutoff ? 1 / d.s[i] : 0;
            for (int r = 0; r < m; r++) {
                sut[i * m + r] = inv * d.u[r * k + i];
            }
        }
        return Dense.matmul(Dense.transpose(d.vh, k, n), sut, n, k, m);
    }

    /** The solution of {@link #lstsq}: x {@code (n x nrhs)}, residuals (empty or {@code nrhs}), rank, singular values. */
    public record Lstsq(double[] x, double[] residuals, long rank, double[] s) {
    }

    /**
     * NumPy {@code lstsq(a, b, rcond)} for a row-major {@code m x n} a and {@code m x nrhs} b: the
     * minimum-norm least-squares solution {@code x = sum over s_i > rcond * s.max() of
     * v_i (u_i . b) / s_i}; {@code residuals} holds the squared 2-norms of the columns of
     * {@code b - a x} when {@code rank == n} and {@code m > n}, else is empty (NumPy's rule); rank is
     * the count of those {@code s_i}. The array layer passes NumPy's default
     * {@code rcond = eps * max(m, n)} when the user gives None.
     */
    public static Lstsq lstsq(double[] a, int m, int n, double[] b, int nrhs, double rcond) {
        Dense.checkLength(a, m, n, "a");
        Dense.checkLength(b, m, nrhs, "b");
        int k = Math.min(m, n);
        if (k == 0) {
            return new Lstsq(new double[n * nrhs], m > n ? columnSquares(b, m, nrhs) : new double[0], 0, new double[0]);
        }
        Svd d = Svd.of(a, m, n, false, true);
        double cutoff = rcond * d.s[0];
        double[] x = new double[n * nrhs];
        long rank = 0;
        double[] c = new double[nrhs];
        for (int i = 0; i < k; i++) {
            if (!(d.s[i] > cutoff)) {
                continue;
            }
            rank++;
            java.util.Arrays.fill(c, 0);
            for (int r = 0; r < m; r++) {
                double ur = d.u[r * k + i];
                for (int j = 0; j < nrhs; j++) {
                    c[j] += ur * b[r * nrhs + j];
                }
            }
            for (int j = 0; j < nrhs; j++) {
                c[j] /= d.s[i];
            }
            for (int r = 0; r < n; r++) {
                double v = d.vh[i * n + r];
                for (int j = 0; j < nrhs; j++) {
                    x[r * nrhs + j] += v * c[j];
                }
            }
        }
        double[] res = new double[0];
        if (rank == n && m > n) {
            double[] ax = Dense.matmul(a, x, m, n, nrhs);
            for (int i = 0; i < ax.length; i++) {
                ax[i] = b[i] - ax[i];
            }
            res = columnSquares(ax, m, nrhs);
        }
        return new Lstsq(x, res, rank, d.s);
    }

    private static double[] columnSquares(double[] r, int m, int nrhs) {
        double[] s = new double[nrhs];
        for (int i = 0; i < m; i++) {
            for (int j = 0; j < nrhs; j++) {
                s[j] += r[i * nrhs + j] * r[i * nrhs + j];
            }
        }
        return s;
    }
}
