package dev.cohort.tasks.linalg;

/** Small helpers over row-major {@code double[]} matrices shared by the routines of this package. */
public final class Dense {
    private Dense() {
    }

    static void checkLength(double[] a, int rows, int cols, String what) {
        if (rows < 0 || cols < 0 || a.length != (long) rows * cols) {
            throw new IllegalArgumentException(what + ": " + a.length + " elements do not make a " + rows + " x " + cols
                    + " matrix");
        }
    }

    /** The {@code n x n} identity. */
    public static double[] identity(int n) {
        double[] e = new double[n * n];
        for (int i = 0; i < n; i++) {
            e[i * n + i] = 1;
        }
        return e;
    }

    /** The transpose of the row-major {@code rows x cols} matrix {@code a} ({@code cols x rows}). */
    public static double[] transpose(double[] a, int rows, int cols) {
        checkLength(a, rows, cols, "a");
        double[] t = new double[a.length];
        for (int i = 0; i < rows; i++) {
            for (int j = 0; j < cols; j++) {
                t[j * rows + i] = a[i * cols + j];
            }
        }
        return t;
    }

    /** {@code (m x k) @ (k x n)} by the i-k-j loop (a fixed order: the same bits everywhere). */
    public static double[] matmul(double[] a, double[] b, int m, int k, int n) {
        checkLength(a, m, k, "a");
        checkLength(b, k, n, "b");
        double[] c = new double[m * n];
        for (int i = 0; i < m; i++) {
            int ci = i * n;
            for (int l = 0; l < k; l++) {
                double x = a[i * k + l];
                if (x == 0) {
                    continue;
                }
                int bl = l * n;
                for (int j = 0; j < n; j++) {
                    c[ci + j] += x * b[bl + j];
                }
            }
        }
        return c;
    }

    static void swapRows(double[] a, int cols, int r, int s) {
        int ro = r * cols;
        int so = s * cols;
        for (int j = 0; j < cols; j++) {
            double t = a[ro + j];
            a[ro + j] = a[so + j];
            a[so + j] = t;
        }
    }

    /** {@code sum x[xo + i] * y[yo + i]} for {@code i < n}, in four interleaved partial sums (fixed order). */
    static double dot(double[] x, int xo, double[] y, int yo, int n) {
        double s0 = 0;
        double s1 = 0;
        double s2 = 0;
        double s3 = 0;
        int i = 0;
        for (; i + 3 < n; i += 4) {
            s0 += x[xo + i] * y[yo + i];
            s1 += x[xo + i + 1] * y[yo + i + 1];
            s2 += x[xo + i + 2] * y[yo + i + 2];
            s3 += x[xo + i + 3] * y[yo + i + 3];
        }
        for (; i < n; i++) {
            s0 += x[xo + i] * y[yo + i];
        }
        return (s0 + s1) + (s2 + s3);
    }

    /** Euclidean norm of {@code x[xo, xo + n)} without overflow or underflow (scaled, like LAPACK {@code dnrm2}). */
    static double norm2(double[] x, int xo, int n) {
        double scale = 0;
        for (int i = 0; i < n; i++) {
            scale = Math.max(scale, Math.abs(x[xo + i]));
        }
        if (scale == 0 || Double.isNaN(scale) || Double.isInfinite(scale)) {
            return scale == 0 ? 0 : (Double.isNaN(scale) ? Double.NaN : Double.POSITIVE_INFINITY);
        }
        double s = 0;
        for (int i = 0; i < n; i++) {
            double v = x[xo + i] / scale;
            s += v * v;
        }
        return scale * Math.sqrt(s);
    }
}
