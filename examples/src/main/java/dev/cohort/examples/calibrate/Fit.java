package dev.cohort.examples.calibrate;

import java.util.Arrays;

/**
 * Non-negative least squares in relative error, for cost models of a few terms: the coefficients
 * {@code c >= 0} that minimise {@code sum_i ((sum_j c_j x_ij - t_i) / t_i)^2}. Relative error weighs a 2 µs
 * sample as much as a 20 ms one, so the fixed cost is fitted to the small sizes and the rates to the large ones.
 * With a handful of terms the exact solution is found by trying every subset of terms (the unconstrained
 * solution on the subset, kept when all its coefficients are {@code >= 0}) and keeping the best; subsets whose
 * terms are linearly dependent on the samples are skipped.
 */
final class Fit {
    private Fit() {
    }

    /**
     * The fit.
     *
     * @param coefficients per term, {@code >= 0} (0 for terms left out)
     * @param rms          root mean square of the relative errors
     * @param maxError     largest relative error, {@code |predicted - measured| / measured}
     */
    record Result(double[] coefficients, double rms, double maxError) {
        double predict(double[] x) {
            double s = 0;
            for (int j = 0; j < x.length; j++) {
                s += coefficients[j] * x[j];
            }
            return s;
        }
    }

    /**
     * The rate from memory of cold samples: the least-squares {@code r} of {@code residual_i ≈ r * bytes_i} (a line
     * through the origin), at least {@code floor} (the in-cache rate); 0 when there are no samples.
     *
     * @param residual per cold sample, its time less the fitted terms other than bytes
     * @param bytes    per cold sample, its bytes
     */
    static double rateThroughOrigin(double[] residual, double[] bytes, double floor) {
        double num = 0;
        double den = 0;
        for (int i = 0; i < residual.length; i++) {
            num += residual[i] * bytes[i];
            den += bytes[i] * bytes[i];
        }
        return den > 0 ? Math.max(floor, num / den) : 0;
    }

    /**
     * Fits {@code t_i ≈ sum_j c_j x[i][j]} with {@code c >= 0}.
     *
     * @param x rows of term values, one per sample (all rows of one length, at least 1 term)
     * @param t measured values, each {@code > 0}
     * @throws IllegalArgumentException when there are fewer samples than terms, a measurement is not positive, or
     *                                  no subset of terms can be fitted
     */
    static Result nonNegative(double[][] x, double[] t) {
        int n = t.length;
        if (n == 0 || x.length != n) {
            throw new IllegalArgumentException("need as many rows as measurements, got " + x.length + " and " + n);
        }
        int m = x[0].length;
        if (m == 0 || m > 16 || n < m) {
            throw new IllegalArgumentException("need 1..16 terms and at least as many samples as terms; got " + m
                    + " terms, " + n + " samples");
        }
        for (double v : t) {
            if (!(v > 0) || !Double.isFinite(v)) {
                throw new IllegalArgumentException("measurements must be positive and finite, got " + v);
            }
        }
        double[] best = null;
        double bestSse = Double.POSITIVE_INFINITY;
        int bestTerms = Integer.MAX_VALUE;
        for (int mask = 1; mask < (1 << m); mask++) {
            double[] c = solve(x, t, mask);
            if (c == null) {
                continue;
            }
            double sse = 0;
            for (int i = 0; i < n; i++) {
                double r = (dot(c, x[i]) - t[i]) / t[i];
                sse += r * r;
            }
            int terms = Integer.bitCount(mask);
            // a subset within rounding of the best but with fewer terms wins: it says the same with less
            boolean better = sse < bestSse * (1 - 1e-12) - 1e-300
                    || sse <= bestSse * (1 + 1e-12) + 1e-300 && terms < bestTerms;
            if (better) {
                best = c;
                bestSse = sse;
                bestTerms = terms;
            }
        }
        if (best == null) {
            throw new IllegalArgumentException("no non-negative fit: every subset of the " + m + " terms is singular");
        }
        double max = 0;
        for (int i = 0; i < n; i++) {
            max = Math.max(max, Math.abs(dot(best, x[i]) - t[i]) / t[i]);
        }
        return new Result(best, Math.sqrt(bestSse / n), max);
    }

    private static double dot(double[] c, double[] x) {
        double s = 0;
        for (int j = 0; j < c.length; j++) {
            s += c[j] * x[j];
        }
        return s;
    }

    /** The weighted least-squares coefficients on the terms in {@code mask}, or null if singular or negative. */
    private static double[] solve(double[][] x, double[] t, int mask) {
        int m = x[0].length;
        int[] cols = new int[Integer.bitCount(mask)];
        for (int j = 0, k = 0; j < m; j++) {
            if ((mask & (1 << j)) != 0) {
                cols[k++] = j;
            }
        }
        int k = cols.length;
        // rows scaled by 1/t_i (relative error), columns by their largest scaled value (conditioning)
        double[] scale = new double[k];
        for (int a = 0; a < k; a++) {
            for (int i = 0; i < t.length; i++) {
                scale[a] = Math.max(scale[a], Math.abs(x[i][cols[a]] / t[i]));
            }
            if (scale[a] == 0) {
                return null;
            }
        }
        double[][] ata = new double[k][k + 1];
        for (int i = 0; i < t.length; i++) {
            for (int a = 0; a < k; a++) {
                double xa = x[i][cols[a]] / t[i] / scale[a];
                for (int b = 0; b < k; b++) {
                    ata[a][b] += xa * x[i][cols[b]] / t[i] / scale[b];
                }
                ata[a][k] += xa; // (t_i / t_i) = 1
            }
        }
        double norm = 0;
        for (double[] row : ata) {
            for (int b = 0; b < k; b++) {
                norm = Math.max(norm, Math.abs(row[b]));
            }
        }
        // Gaussian elimination with partial pivoting; a pivot below 1e-10 of the matrix's size is singular
        for (int p = 0; p < k; p++) {
            int piv = p;
            for (int r = p + 1; r < k; r++) {
                if (Math.abs(ata[r][p]) > Math.abs(ata[piv][p])) {
                    piv = r;
                }
            }
            if (Math.abs(ata[piv][p]) <= 1e-10 * norm) {
                return null;
            }
            double[] tmp = ata[p];
            ata[p] = ata[piv];
            ata[piv] = tmp;
            for (int r = p + 1; r < k; r++) {
                double f = ata[r][p] / ata[p][p];
                for (int c = p; c <= k; c++) {
                    ata[r][c] -= f * ata[p][c];
                }
            }
        }
        double[] z = new double[k];
        for (int p = k - 1; p >= 0; p--) {
            double s = ata[p][k];
            for (int c = p + 1; c < k; c++) {
                s -= ata[p][c] * z[c];
            }
            z[p] = s / ata[p][p];
        }
        double[] c = new double[m];
        for (int a = 0; a < k; a++) {
            double v = z[a] / scale[a];
            if (v < 0) {
                return null;
            }
            c[cols[a]] = v;
        }
        return Arrays.copyOf(c, m);
    }
}
