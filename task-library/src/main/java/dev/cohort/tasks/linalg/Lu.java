package dev.cohort.tasks.linalg;

/**
 * LU factorisation with partial pivoting, {@code P A = L U} (LAPACK {@code dgetrf}'s unblocked
 * algorithm), over a row-major {@code n x n} {@code double[]}, and what NumPy builds on it:
 * {@code solve}, {@code inv}, {@code det}, {@code slogdet}.
 *
 * <p>Step {@code k} takes as pivot the first row {@code i >= k} of largest {@code |a[i][k]|},
 * swaps it into row {@code k}, divides the column below by the pivot and subtracts the outer
 * product from the trailing matrix row by row (the inner loop runs along contiguous rows). A zero
 * pivot (the column is zero from row {@code k}) is recorded and the step skipped, as LAPACK does:
 * {@code det} is then exactly 0, {@code solve} and {@code inv} raise {@link LinAlgException}
 * {@value LinAlgException#SINGULAR}. The operation order is fixed, so the bits do not depend on
 * the machine or on threads.
 */
public final class Lu {
    /** Columns per panel of the blocked loop order (the arithmetic is the unblocked algorithm's). */
    static final int BLOCK = 64;
    /** The packed factors: L below the diagonal (unit diagonal implied), U on and above it. */
    public final double[] lu;
    /** Order of the matrix. */
    public final int n;
    /** {@code perm[k]}: the row of A that is row {@code k} of {@code P A}. */
    public final int[] perm;
    /** +1 or -1: the sign of the permutation. */
    public final int permSign;
    /** First step (0-based) with a zero pivot, or -1 when U's diagonal has no zero. */
    public final int firstZeroPivot;

    private Lu(double[] lu, int n, int[] perm, int permSign, int firstZeroPivot) {
        this.lu = lu;
        this.n = n;
        this.perm = perm;
        this.permSign = permSign;
        this.firstZeroPivot = firstZeroPivot;
    }

    /** Factors the row-major {@code n x n} matrix {@code a} (not modified). */
    public static Lu factor(double[] a, int n) {
        Dense.checkLength(a, n, n, "a");
        double[] lu = a.clone();
        int[] perm = new int[n];
        for (int i = 0; i < n; i++) {
            perm[i] = i;
        }
        int sign = 1;
        int zero = -1;
        for (int k0 = 0; k0 < n; k0 += BLOCK) {
            int kend = Math.min(k0 + BLOCK, n);
            // the panel: columns k0..kend-1, each step updating the panel's columns only
            for (int k = k0; k < kend; k++) {
                int p = k;
                double max = Math.abs(lu[k * n + k]);
                for (int i = k + 1; i < n; i++) {
                    double v = Math.abs(lu[i * n + k]);
                    if (v > max) {
                        max = v;
                        p = i;
                    }
                }
                if (p != k) {
                    Dense.swapRows(lu, n, p, k);
                    int t = perm[p];
                    perm[p] = perm[k];
                    perm[k] = t;
                    sign = -sign;
                }
                double pivot = lu[k * n + k];
                if (pivot == 0) {
                    if (zero < 0) {
                        zero = k;
                    }
                    continue;
                }
                int rk = k * n;
                for (int i = k + 1; i < n; i++) {
                    int ri = i * n;
                    double l = lu[ri + k] / pivot;
                    lu[ri + k] = l;
                    if (l != 0) {
                        for (int j = k + 1; j < kend; j++) {
                            lu[ri + j] -= l * lu[rk + j];
                        }
                    }
                }
            }
            if (kend == n) {
                break;
            }
            // U12 = L11^-1 A12 (rows k0..kend-1, columns kend..n-1) and A22 -= L21 U12, row by row:
            // every element gets the unblocked algorithm's subtractions in the same order (k
            // ascending), so the bits are the same, while the panel's rows stay in cache
            for (int i = k0 + 1; i < n; i++) {
                int ri = i * n;
                int kmax = Math.min(i, kend);
                int k = k0;
                // four rows of U12 at a time, each element still subtracting them one by one in k order
                for (; k + 3 < kmax; k += 4) {
                    double l0 = lu[ri + k];
                    double l1 = lu[ri + k + 1];
                    double l2 = lu[ri + k + 2];
                    double l3 = lu[ri + k + 3];
                    int r0 = k * n;
                    int r1 = r0 + n;
                    int r2 = r1 + n;
                    int r3 = r2 + n;
                    if (l0 == 0 || l1 == 0 || l2 == 0 || l3 == 0
                            || lu[r0 + k] == 0 || lu[r1 + k + 1] == 0 || lu[r2 + k + 2] == 0 || lu[r3 + k + 3] == 0) {
                        for (int q = k; q < k + 4; q++) {
                            trailingUpdate(lu, n, ri, q, kend);
                        }
                        continue;
                    }
                    subtract4(lu, ri + kend, lu, r0 + kend, r1 + kend, r2 + kend, r3 + kend, l0, l1, l2, l3, n - kend);
                }
                for (; k < kmax; k++) {
                    trailingUpdate(lu, n, ri, k, kend);
                }
            }
        }
        return new Lu(lu, n, perm, sign, zero);
    }

    /** {@code row_i[kend:] -= l_ik row_k[kend:]} unless {@code l_ik} or the pivot of step k is zero (the unblocked step). */
    private static void trailingUpdate(double[] lu, int n, int ri, int k, int kend) {
        int rk = k * n;
        double l = lu[ri + k];
        if (l != 0 && lu[rk + k] != 0) {
            for (int j = kend; j < n; j++) {
                lu[ri + j] -= l * lu[rk + j];
            }
        }
    }

    /** True when U has an exactly zero diagonal element (NumPy's "Singular matrix"). */
    public boolean singular() {
        return firstZeroPivot >= 0;
    }

    /**
     * Solves {@code A X = B} for row-major {@code B} of shape {@code (n, k)}; returns X of the same shape.
     *
     * @throws LinAlgException {@value LinAlgException#SINGULAR} when U has a zero pivot
     */
    public double[] solve(double[] b, int k) {
        Dense.checkLength(b, n, k, "b");
        if (singular()) {
            throw new LinAlgException(LinAlgException.SINGULAR);
        }
        double[] x = new double[n * k];
        for (int i = 0; i < n; i++) {
            System.arraycopy(b, perm[i] * k, x, i * k, k);
        }
        // forward: L y = P b (unit diagonal)
        for (int i = 1; i < n; i++) {
            int ri = i * n;
            int xi = i * k;
            for (int l = 0; l < i; l++) {
                double f = lu[ri + l];
                if (f != 0) {
                    int xl = l * k;
                    for (int j = 0; j < k; j++) {
                        x[xi + j] -= f * x[xl + j];
                    }
                }
            }
        }
        // backward: U x = y
        for (int i = n - 1; i >= 0; i--) {
            int ri = i * n;
            int xi = i * k;
            for (int l = i + 1; l < n; l++) {
                double f = lu[ri + l];
                if (f != 0) {
                    int xl = l * k;
                    for (int j = 0; j < k; j++) {
                        x[xi + j] -= f * x[xl + j];
                    }
                }
            }
            double d = lu[ri + i];
            for (int j = 0; j < k; j++) {
                x[xi + j] /= d;
            }
        }
        return x;
    }

    /** {@code A^-1} (NumPy {@code inv}: solve with the identity). @throws LinAlgException when singular */
    public double[] inverse() {
        return solve(Dense.identity(n), n);
    }

    /** {@code (sign, log|det A|)} of NumPy {@code slogdet}: {@code (0, -inf)} for a singular matrix. */
    public double[] slogdet() {
        if (singular()) {
            return new double[] {0.0, Double.NEGATIVE_INFINITY};
        }
        double sign = permSign;
        double log = 0;
        for (int i = 0; i < n; i++) {
            double d = lu[i * n + i];
            if (d < 0) {
                sign = -sign;
            }
            log += Math.log(Math.abs(d));
        }
        return new double[] {sign, log};
    }

    /** NumPy {@code det}: {@code sign * exp(logabsdet)} of {@link #slogdet()} (1 for a 0 x 0 matrix). */
    public double det() {
        double[] s = slogdet();
        return s[0] * Math.exp(s[1]);
    }

    /**
     * {@code c[ci + j] -= l0 * u[r0 + j]; ... -= l3 * u[r3 + j]} for {@code j < w}, each element subtracting the
     * four terms one at a time in that order (the unblocked algorithm's order, so the bits are its bits): the inner
     * loop of the trailing updates of {@link #factor} and of the tiled LU ({@code LuTiles}).
     */
    static void subtract4(double[] c, int ci, double[] u, int r0, int r1, int r2, int r3,
                          double l0, double l1, double l2, double l3, int w) {
        for (int j = 0; j < w; j++) {
            double v = c[ci + j];
            v -= l0 * u[r0 + j];
            v -= l1 * u[r1 + j];
            v -= l2 * u[r2 + j];
            v -= l3 * u[r3 + j];
            c[ci + j] = v;
        }
    }
}
