package dev.cohort.tasks.linalg;

/**
 * The tile kernels of a blocked, right-looking LU with partial pivoting ({@code P A = L U}, LAPACK
 * {@code dgetrf}'s panel algorithm) and of the substitutions of {@code solve}, over row-major blocks of
 * {@code double[]} given as (array, offset of the first element, row stride):
 * <ul>
 *   <li>{@link #panel}: the unblocked factorisation of one column panel with partial pivoting (LAPACK
 *       {@code dgetf2}), recording the pivot rows;</li>
 *   <li>{@link #applyPanel}: what a panel does to a block of later columns (or of right-hand sides): the
 *       panel's row interchanges, the triangular solve of its {@code kb} top rows with the unit lower
 *       {@code L11} ({@code dlaswp + dtrsm}) and the update {@code C2 -= L21 U12} of the rows below
 *       ({@code dgemm});</li>
 *   <li>{@link #backTrsm} and {@link #backGemm}: the blocked back substitution {@code U x = y}.</li>
 * </ul>
 *
 * <p>Each element of the factors gets the subtractions of the unblocked algorithm ({@link Lu#factor}) in the
 * same order ({@code k} ascending, one at a time, a zero multiplier skipped), so {@code U}, the pivots and
 * {@code L^-1 P b} have {@link Lu}'s bits whatever the block size and whoever runs the tiles. The back
 * substitution visits the tiles of {@code x} from the last one up, so its sums run in another order than
 * {@link Lu#solve}'s (the difference is rounding).
 */
public final class LuTiles {
    private LuTiles() {
    }

    /**
     * Factors the {@code m x kb} panel at {@code off} (row stride {@code ld}) in place with partial pivoting:
     * step {@code k} takes as pivot the first row {@code i >= k} of largest {@code |a[i][k]|} (LAPACK's
     * {@code idamax}), swaps it with row {@code k} within the panel's columns, stores the multipliers
     * {@code a[i][k] / a[k][k]} below the diagonal and updates the panel's later columns. {@code piv[k]} gets
     * the row (relative to the panel's first row) swapped with row {@code k}.
     *
     * @throws LinAlgException {@value LinAlgException#SINGULAR} when a pivot is exactly zero (LAPACK's
     *         {@code info > 0}; NumPy's {@code solve} raises it)
     * @throws IllegalArgumentException when {@code kb > m} or {@code piv} is shorter than {@code kb}
     */
    public static void panel(double[] a, int off, int ld, int m, int kb, int[] piv) {
        if (kb > m || piv.length < kb) {
            throw new IllegalArgumentException("LU panel: " + m + " x " + kb + " panel, " + piv.length + " pivot slots");
        }
        for (int k = 0; k < kb; k++) {
            int rk = off + k * ld;
            int p = k;
            double max = Math.abs(a[rk + k]);
            for (int i = k + 1; i < m; i++) {
                double v = Math.abs(a[off + i * ld + k]);
                if (v > max) {
                    max = v;
                    p = i;
                }
            }
            piv[k] = p;
            if (p != k) {
                int rp = off + p * ld;
                for (int j = 0; j < kb; j++) {
                    double t = a[rk + j];
                    a[rk + j] = a[rp + j];
                    a[rp + j] = t;
                }
            }
            double pivot = a[rk + k];
            if (pivot == 0) {
                throw new LinAlgException(LinAlgException.SINGULAR);
            }
            for (int i = k + 1; i < m; i++) {
                int ri = off + i * ld;
                double l = a[ri + k] / pivot;
                a[ri + k] = l;
                if (l != 0) {
                    for (int j = k + 1; j < kb; j++) {
                        a[ri + j] -= l * a[rk + j];
                    }
                }
            }
        }
    }

    /**
     * Applies a factored panel to the {@code m x cw} block C at {@code co} (row stride {@code ldc}; its rows
     * are the panel's rows): the interchanges {@code piv[0..kb)} in order (row {@code k} with row
     * {@code piv[k]}), then row by row {@code C[i] -= L[i][k] C[k]} for {@code k < min(i, kb)} ascending, with
     * the panel's multipliers L ({@code m x kb} at {@code lo}, row stride {@code ldl}): the top {@code kb} rows
     * become {@code U12 = L11^-1 C1} and the rows below {@code C2 - L21 U12}.
     *
     * @throws IllegalArgumentException when a pivot row is outside {@code [k, m)}
     */
    public static void applyPanel(double[] l, int lo, int ldl, int m, int kb, int[] piv,
                                  double[] c, int co, int ldc, int cw) {
        for (int k = 0; k < kb; k++) {
            int p = piv[k];
            if (p < k || p >= m) {
                throw new IllegalArgumentException("LU update: pivot " + p + " of step " + k + " is outside [" + k + ", " + m + ")");
            }
            if (p != k) {
                int rk = co + k * ldc;
                int rp = co + p * ldc;
                for (int j = 0; j < cw; j++) {
                    double t = c[rk + j];
                    c[rk + j] = c[rp + j];
                    c[rp + j] = t;
                }
            }
        }
        for (int i = 1; i < m; i++) {
            int li = lo + i * ldl;
            int ci = co + i * ldc;
            int kmax = Math.min(i, kb);
            int k = 0;
            for (; k + 3 < kmax; k += 4) {
                double l0 = l[li + k];
                double l1 = l[li + k + 1];
                double l2 = l[li + k + 2];
                double l3 = l[li + k + 3];
                if (l0 == 0 || l1 == 0 || l2 == 0 || l3 == 0) {
                    for (int q = k; q < k + 4; q++) {
                        axpyRow(l[li + q], c, co + q * ldc, ci, cw);
                    }
                    continue;
                }
                int r0 = co + k * ldc;
                int r1 = r0 + ldc;
                int r2 = r1 + ldc;
                int r3 = r2 + ldc;
                // one subtraction at a time, k ascending: the unblocked algorithm's order
                Lu.subtract4(c, ci, c, r0, r1, r2, r3, l0, l1, l2, l3, cw);
            }
            for (; k < kmax; k++) {
                axpyRow(l[li + k], c, co + k * ldc, ci, cw);
            }
        }
    }

    /** {@code c[ci..ci+cw) -= f * c[ck..ck+cw)} unless {@code f} is zero. */
    private static void axpyRow(double f, double[] c, int ck, int ci, int cw) {
        if (f != 0) {
            for (int j = 0; j < cw; j++) {
                c[ci + j] -= f * c[ck + j];
            }
        }
    }

    /**
     * The diagonal step of the back substitution: {@code X := U^-1 Y} for the upper triangular {@code nb x nb}
     * U at {@code uo} (row stride {@code ldu}; only its upper triangle is read) and the {@code nb x r} blocks Y
     * (read) and X (written), rows from the last up: {@code x_i = (y_i - sum_{l > i} U[i][l] x_l) / U[i][i]},
     * {@code l} ascending. X and Y may be the same block.
     *
     * @throws LinAlgException {@value LinAlgException#SINGULAR} when a diagonal element of U is zero
     */
    public static void backTrsm(double[] u, int uo, int ldu, int nb, double[] y, int yo, int ldy,
                                double[] x, int xo, int ldx, int r) {
        for (int i = nb - 1; i >= 0; i--) {
            int ui = uo + i * ldu;
            int xi = xo + i * ldx;
            if (x != y || xo != yo || ldx != ldy) {
                System.arraycopy(y, yo + i * ldy, x, xi, r);
            }
            for (int l = i + 1; l < nb; l++) {
                double f = u[ui + l];
                if (f != 0) {
                    int xl = xo + l * ldx;
                    for (int j = 0; j < r; j++) {
                        x[xi + j] -= f * x[xl + j];
                    }
                }
            }
            double d = u[ui + i];
            if (d == 0) {
                throw new LinAlgException(LinAlgException.SINGULAR);
            }
            for (int j = 0; j < r; j++) {
                x[xi + j] /= d;
            }
        }
    }

    /**
     * The update step of the back substitution: {@code Y := Y - U X} for the {@code m x k} block U at
     * {@code uo} (row stride {@code ldu}), the {@code k x r} block X and the {@code m x r} block Y; each element
     * subtracts {@code U[i][l] x_l} for {@code l} ascending, a zero {@code U[i][l]} skipped.
     */
    public static void backGemm(double[] u, int uo, int ldu, int m, int k, double[] x, int xo, int ldx,
                                double[] y, int yo, int ldy, int r) {
        for (int i = 0; i < m; i++) {
            int ui = uo + i * ldu;
            int yi = yo + i * ldy;
            for (int l = 0; l < k; l++) {
                double f = u[ui + l];
                if (f != 0) {
                    int xl = xo + l * ldx;
                    for (int j = 0; j < r; j++) {
                        y[yi + j] -= f * x[xl + j];
                    }
                }
            }
        }
    }
}
