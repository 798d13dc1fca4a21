package dev.cohort.tasks.linalg;

/**
 * Eigenvalues and right eigenvectors {@code A v = w v} of a real general (non-symmetric) square
 * matrix (NumPy {@code linalg.eig} / {@code eigvals}, LAPACK {@code geev}) over row-major
 * {@code double[]}, for matrices whose eigenvalues are all real: Cohort has no complex dtype.
 *
 * <p>The textbook algorithm (Golub &amp; Van Loan, <i>Matrix Computations</i>, 7.4-7.6):
 * <ol>
 *   <li>Balancing: a diagonal similarity {@code D^-1 A D} with powers of 2 that makes row and
 *       column norms alike (Parlett &amp; Reinsch; LAPACK {@code gebal}'s scaling, without its
 *       permutations).</li>
 *   <li>Reduction to upper Hessenberg form {@code H = Q^T A Q} by Householder reflections.</li>
 *   <li>Francis double-shift QR steps on the active unreduced window until the subdiagonal
 *       entries become negligible ({@code |h[k][k-1]| <= eps (|h[k-1][k-1]| + |h[k][k]|)}),
 *       with an exceptional shift after 10 and 20 steps without deflation, at most
 *       {@value #MAX_STEPS_PER_EIGENVALUE} steps per eigenvalue (else {@link LinAlgException}
 *       {@value #NOT_CONVERGED}). A deflated 2 x 2 block with real eigenvalues is rotated to
 *       upper triangular form (as LAPACK's {@code lanv2}); one with complex eigenvalues raises
 *       {@link LinAlgException} whose message starts {@value #COMPLEX}.</li>
 *   <li>Eigenvectors (when asked): back substitution in the triangular Schur form {@code T}
 *       ({@code (T - w_k I) x = 0} with {@code x_k = 1}; a zero pivot is replaced by
 *       {@code eps * ||T||}, as LAPACK's {@code trevc} does), then {@code v = D Q Z x},
 *       normalised to unit 2-norm (LAPACK {@code geev}'s normalisation).</li>
 * </ol>
 *
 * <p>The eigenvalues come in the order of the diagonal of the Schur form, as LAPACK's do; that
 * order usually agrees with NumPy's but is not guaranteed to (the shifts and deflation tests are
 * not LAPACK's), so compare sorted. An eigenvector's sign is not fixed by LAPACK either. Input
 * with inf or NaN raises NumPy's "Array must not contain infs or NaNs". Cost {@code O(n^3)}:
 * meant for the small matrices the array layer replicates.
 */
public final class GeneralEigen {
    /** QR steps allowed per eigenvalue before giving up (LAPACK allows 30 per eigenvalue too). */
    public static final int MAX_STEPS_PER_EIGENVALUE = 30;
    /** NumPy's LinAlgError message when geev does not converge. */
    public static final String NOT_CONVERGED = "Eigenvalues did not converge";
    /** The start of the message when an eigenvalue has a non-zero imaginary part. */
    public static final String COMPLEX = "eig: the result would be complex";
    /** NumPy's {@code _assert_finite} message. */
    public static final String NOT_FINITE = "Array must not contain infs or NaNs";

    private static final double EPS = Math.ulp(1.0) / 2;

    /** Eigenvalues, in the order of the Schur form's diagonal. */
    public final double[] values;
    /** Unit eigenvectors as the columns of a row-major {@code n x n} matrix ({@code null} when not asked). */
    public final double[] vectors;

    private GeneralEigen(double[] values, double[] vectors) {
        this.values = values;
        this.vectors = vectors;
    }

    /** Decomposes the row-major {@code n x n} matrix {@code a} (not modified); eigenvectors only when {@code wantVectors}. */
    public static GeneralEigen of(double[] a, int n, boolean wantVectors) {
        Dense.checkLength(a, n, n, "a");
        for (double x : a) {
            if (Double.isNaN(x) || Double.isInfinite(x)) {
                throw new LinAlgException(NOT_FINITE);
            }
        }
        double[] h = a.clone();
        double[] d = balance(h, n);
        double[] z = wantVectors ? Dense.identity(n) : null;
        hessenberg(h, n, z);
        schur(h, n, z);
        double[] w = new double[n];
        for (int i = 0; i < n; i++) {
            w[i] = h[i * n + i];
        }
        return new GeneralEigen(w, wantVectors ? vectors(h, n, z, d) : null);
    }

    // ------------------------------------------------------------------ balancing

    /** Scales {@code h} in place to {@code D^-1 h D} (powers of 2) and returns the diagonal of D. */
    static double[] balance(double[] h, int n) {
        double[] d = new double[n];
        java.util.Arrays.fill(d, 1.0);
        boolean changed = true;
        int rounds = 0;
        while (changed && rounds++ < 100) {
            changed = false;
            for (int i = 0; i < n; i++) {
                double c = 0;
                double r = 0;
                for (int j = 0; j < n; j++) {
                    if (j != i) {
                        c += Math.abs(h[j * n + i]);
                        r += Math.abs(h[i * n + j]);
                    }
                }
                if (c == 0 || r == 0) {
                    continue;
                }
                double s = c + r;
                double f = 1;
                double g = r / 2;
                while (c < g) {
                    f *= 2;
                    c *= 4;
                }
                g = r * 2;
                while (c >= g) {
                    f /= 2;
                    c /= 4;
                }
                if (f != 1 && (c + r) / f < 0.95 * s) {
                    // column i times f, row i divided by f
                    d[i] *= f;
                    changed = true;
                    for (int j = 0; j < n; j++) {
                        h[i * n + j] /= f;
                        h[j * n + i] *= f;
                    }
                }
            }
        }
        return d;
    }

    // ------------------------------------------------------------------ Hessenberg reduction

    /** Reduces {@code h} to upper Hessenberg form in place; {@code z} (when not null) becomes {@code z Q}. */
    static void hessenberg(double[] h, int n, double[] z) {
        double[] v = new double[n];
        for (int k = 0; k < n - 2; k++) {
            int len = n - k - 1;
            double scale = 0;
            for (int i = 0; i < len; i++) {
                scale = Math.max(scale, Math.abs(h[(k + 1 + i) * n + k]));
            }
            if (scale == 0) {
                continue;
            }
            double ss = 0;
            for (int i = 0; i < len; i++) {
                v[i] = h[(k + 1 + i) * n + k] / scale;
                ss += v[i] * v[i];
            }
            double alpha = Math.sqrt(ss);
            if (v[0] > 0) {
                alpha = -alpha;
            }
            // reflector P = I - beta u u^T with u = x - alpha e1 (scaled), P x = alpha e1
            v[0] -= alpha;
            double uu = 0;
            for (int i = 0; i < len; i++) {
                uu += v[i] * v[i];
            }
            if (uu == 0) {
                continue;
            }
            double beta = 2 / uu;
            // rows k+1..n-1: h = P h (all columns from k)
            for (int j = k; j < n; j++) {
                double s = 0;
                for (int i = 0; i < len; i++) {
                    s += v[i] * h[(k + 1 + i) * n + j];
                }
                s *= beta;
                for (int i = 0; i < len; i++) {
                    h[(k + 1 + i) * n + j] -= s * v[i];
                }
            }
            // columns k+1..n-1: h = h P (all rows)
            for (int r = 0; r < n; r++) {
                double s = 0;
                for (int i = 0; i < len; i++) {
                    s += h[r * n + k + 1 + i] * v[i];
                }
                s *= beta;
                for (int i = 0; i < len; i++) {
                    h[r * n + k + 1 + i] -= s * v[i];
                }
            }
            for (int i = 1; i < len; i++) {
                h[(k + 1 + i) * n + k] = 0;
            }
            if (z != null) {
                for (int r = 0; r < n; r++) {
                    double s = 0;
                    for (int i = 0; i < len; i++) {
                        s += z[r * n + k + 1 + i] * v[i];
                    }
                    s *= beta;
                    for (int i = 0; i < len; i++) {
                        z[r * n + k + 1 + i] -= s * v[i];
                    }
                }
            }
        }
    }

    // ------------------------------------------------------------------ Francis QR

    /**
     * Applies the reflector {@code I - beta u u^T} ({@code u} of length {@code len}, at rows/columns
     * {@code k..k+len-1}) from the left to columns {@code c0..n-1} and from the right to rows
     * {@code 0..r1} of {@code h}, and from the right to all rows of {@code z}.
     */
    private static void reflect(double[] h, int n, double[] z, double[] u, int len, double beta, int k, int c0, int r1) {
        for (int j = c0; j < n; j++) {
            double s = 0;
            for (int i = 0; i < len; i++) {
                s += u[i] * h[(k + i) * n + j];
            }
            s *= beta;
            for (int i = 0; i < len; i++) {
                h[(k + i) * n + j] -= s * u[i];
            }
        }
        for (int r = 0; r <= r1; r++) {
            double s = 0;
            for (int i = 0; i < len; i++) {
                s += h[r * n + k + i] * u[i];
            }
            s *= beta;
            for (int i = 0; i < len; i++) {
                h[r * n + k + i] -= s * u[i];
            }
        }
        if (z != null) {
            for (int r = 0; r < n; r++) {
                double s = 0;
                for (int i = 0; i < len; i++) {
                    s += z[r * n + k + i] * u[i];
                }
                s *= beta;
                for (int i = 0; i < len; i++) {
                    z[r * n + k + i] -= s * u[i];
                }
            }
        }
    }

    /** A reflector {@code u, beta} with {@code (I - beta u u^T) x = alpha e1}; returns beta (0: nothing to do). */
    private static double house(double[] x, int len, double[] u) {
        double scale = 0;
        for (int i = 0; i < len; i++) {
            scale = Math.max(scale, Math.abs(x[i]));
        }
        if (scale == 0) {
            return 0;
        }
        double ss = 0;
        for (int i = 0; i < len; i++) {
            u[i] = x[i] / scale;
            ss += u[i] * u[i];
        }
        double alpha = Math.sqrt(ss);
        if (u[0] > 0) {
            alpha = -alpha;
        }
        u[0] -= alpha;
        double uu = 0;
        for (int i = 0; i < len; i++) {
            uu += u[i] * u[i];
        }
        return uu == 0 ? 0 : 2 / uu;
    }

    /** Reduces the Hessenberg {@code h} to upper triangular (real Schur) form in place, accumulating into {@code z}. */
    static void schur(double[] h, int n, double[] z) {
        double norm = 0;
        for (double x : h) {
            norm = Math.max(norm, Math.abs(x));
        }
        double[] x = new double[3];
        double[] u = new double[3];
        int hi = n - 1;
        int steps = 0;
        int total = 0;
        while (hi >= 0) {
            // the lowest l such that h[l..hi] is unreduced
            int l = hi;
            while (l > 0) {
                double s = Math.abs(h[(l - 1) * n + l - 1]) + Math.abs(h[l * n + l]);
                if (s == 0) {
                    s = norm;
                }
                if (Math.abs(h[l * n + l - 1]) <= EPS * s) {
                    h[l * n + l - 1] = 0;
                    break;
                }
                l--;
            }
            if (l == hi) {
                hi--;
                steps = 0;
                continue;
            }
            if (l == hi - 1) {
                split2x2(h, n, z, hi);
                hi -= 2;
                steps = 0;
                continue;
            }
            if (total++ >= MAX_STEPS_PER_EIGENVALUE * Math.max(n, 1)) {
                throw new LinAlgException(NOT_CONVERGED);
            }
            steps++;
            int p = hi;
            double s;
            double t;
            if (steps == 10 || steps == 20) {
                // exceptional shift (Wilkinson-style ad hoc shift, as EISPACK/LAPACK use)
                double w = Math.abs(h[p * n + p - 1]) + Math.abs(h[(p - 1) * n + p - 2]);
                double h11 = 0.75 * w + h[p * n + p];
                double h12 = -0.4375 * w;
                s = 2 * h11;
                t = h11 * h11 - h12 * w;
            } else {
                s = h[(p - 1) * n + p - 1] + h[p * n + p];
                t = h[(p - 1) * n + p - 1] * h[p * n + p] - h[(p - 1) * n + p] * h[p * n + p - 1];
            }
            // first column of (H - s1 I)(H - s2 I) = H^2 - s H + t I
            double h00 = h[l * n + l];
            double h10 = h[(l + 1) * n + l];
            x[0] = h00 * h00 + h[l * n + l + 1] * h10 - s * h00 + t;
            x[1] = h10 * (h00 + h[(l + 1) * n + l + 1] - s);
            x[2] = h10 * h[(l + 2) * n + l + 1];
            for (int k = l; k <= p - 2; k++) {
                double beta = house(x, 3, u);
                if (beta != 0) {
                    reflect(h, n, z, u, 3, beta, k, Math.max(l, k - 1), Math.min(k + 3, p));
                }
                if (k > l) {
                    // the bulge below the subdiagonal is zero by construction
                    h[(k + 1) * n + k - 1] = 0;
                    h[(k + 2) * n + k - 1] = 0;
                }
                x[0] = h[(k + 1) * n + k];
                x[1] = h[(k + 2) * n + k];
                if (k < p - 2) {
                    x[2] = h[(k + 3) * n + k];
                }
            }
            double beta = house(x, 2, u);
            if (beta != 0) {
                reflect(h, n, z, u, 2, beta, p - 1, p - 2, p);
            }
            if (p - 2 > l) {
                h[p * n + p - 2] = 0;
            }
        }
    }

    /**
     * The deflated 2 x 2 block at rows/columns {@code m-1, m}: real eigenvalues are split by a rotation
     * to upper triangular form (diagonal = the eigenvalues); complex ones raise.
     */
    private static void split2x2(double[] h, int n, double[] z, int m) {
        int k = m - 1;
        double a = h[k * n + k];
        double b = h[k * n + m];
        double c = h[m * n + k];
        double d = h[m * n + m];
        if (c == 0) {
            return;
        }
        double p = (a - d) / 2;
        double bcmax = Math.max(Math.abs(b), Math.abs(c));
        double bcmis = Math.min(Math.abs(b), Math.abs(c)) * Math.signum(b) * Math.signum(c);
        double scale = Math.max(Math.abs(p), bcmax);
        double disc = (p / scale) * p + (bcmax / scale) * bcmis; // (p^2 + b c) / scale
        if (disc < 0) {
            double re = d + p;
            double im = Math.sqrt(scale) * Math.sqrt(-disc);
            throw new LinAlgException(COMPLEX + " (eigenvalue " + re + (im >= 0 ? "+" : "-") + Math.abs(im)
                    + "j): Cohort has no complex dtype; NumPy returns complex eigenvalues here");
        }
        double zz = p + Math.copySign(Math.sqrt(scale) * Math.sqrt(disc), p);
        double l1 = d + zz;
        double l2 = zz == 0 ? d : d - (bcmax / zz) * bcmis;
        // rotation whose first column is the eigenvector (zz, c) of l1
        double r = Math.hypot(zz, c);
        double cs = zz / r;
        double sn = c / r;
        // rows k, m: G^T h
        for (int j = k; j < n; j++) {
            double hk = h[k * n + j];
            double hm = h[m * n + j];
            h[k * n + j] = cs * hk + sn * hm;
            h[m * n + j] = -sn * hk + cs * hm;
        }
        // columns k, m: h G
        for (int i = 0; i <= m; i++) {
            double hk = h[i * n + k];
            double hm = h[i * n + m];
            h[i * n + k] = cs * hk + sn * hm;
            h[i * n + m] = -sn * hk + cs * hm;
        }
        if (z != null) {
            for (int i = 0; i < n; i++) {
                double zk = z[i * n + k];
                double zm = z[i * n + m];
                z[i * n + k] = cs * zk + sn * zm;
                z[i * n + m] = -sn * zk + cs * zm;
            }
        }
        h[k * n + k] = l1;
        h[m * n + m] = l2;
        h[m * n + k] = 0;
    }

    // ------------------------------------------------------------------ eigenvectors

    /** Unit eigenvectors (columns) of the original matrix from the triangular {@code t}, Schur vectors {@code z} and balancing {@code d}. */
    static double[] vectors(double[] t, int n, double[] z, double[] d) {
        double norm = 0;
        for (int i = 0; i < n; i++) {
            for (int j = i; j < n; j++) {
                norm = Math.max(norm, Math.abs(t[i * n + j]));
            }
        }
        double smin = Math.max(EPS * norm, Double.MIN_NORMAL);
        double[] out = new double[n * n];
        double[] x = new double[n];
        double[] v = new double[n];
        for (int k = 0; k < n; k++) {
            double w = t[k * n + k];
            java.util.Arrays.fill(x, 0);
            x[k] = 1;
            for (int i = k - 1; i >= 0; i--) {
                double s = 0;
                for (int j = i + 1; j <= k; j++) {
                    s += t[i * n + j] * x[j];
                }
                double piv = t[i * n + i] - w;
                if (Math.abs(piv) < smin) {
                    piv = smin;
                }
                x[i] = -s / piv;
                if (Math.abs(x[i]) > 1e100) {
                    double f = 1 / Math.abs(x[i]);
                    for (int j = i; j <= k; j++) {
                        x[j] *= f;
                    }
                }
            }
            for (int r = 0; r < n; r++) {
                double s = 0;
                for (int j = 0; j <= k; j++) {
                    s += z[r * n + j] * x[j];
                }
                v[r] = d[r] * s;
            }
            double len = Dense.norm2(v, 0, n);
            for (int r = 0; r < n; r++) {
                out[r * n + k] = v[r] / len;
            }
        }
        return out;
    }
}
