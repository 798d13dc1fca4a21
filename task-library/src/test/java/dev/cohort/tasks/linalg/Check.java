package dev.cohort.tasks.linalg;

/** Assertions over row-major matrices for the linalg tests. */
final class Check {
    private Check() {
    }

    /** max |x| */
    static double maxAbs(double[] x) {
        double m = 0;
        for (double v : x) {
            m = Math.max(m, Math.abs(v));
        }
        return m;
    }

    /** Every element within {@code tol * max(1, max|expected|)}. */
    static void close(double[] expected, double[] actual, double tol, String what) {
        if (expected.length != actual.length) {
            throw new AssertionError(what + ": " + actual.length + " values, expected " + expected.length);
        }
        double scale = Math.max(1, maxAbs(expected));
        for (int i = 0; i < expected.length; i++) {
            if (!(Math.abs(expected[i] - actual[i]) <= tol * scale)) {
                throw new AssertionError(what + "[" + i + "]: expected " + expected[i] + " but was " + actual[i]
                        + " (tolerance " + tol * scale + ")");
            }
        }
    }

    /** Relative closeness of two scalars. */
    static void close(double expected, double actual, double rel, String what) {
        if (expected == actual || Double.isNaN(expected) && Double.isNaN(actual)) {
            return;
        }
        if (!(Math.abs(expected - actual) <= rel * Math.abs(expected))) {
            throw new AssertionError(what + ": expected " + expected + " but was " + actual);
        }
    }

    /** Columns of {@code actual} equal those of {@code expected} up to a sign per column. */
    static void columnsUpToSign(double[] expected, double[] actual, int rows, int cols, double tol, String what) {
        double[] flipped = actual.clone();
        for (int c = 0; c < cols; c++) {
            double dot = 0;
            for (int r = 0; r < rows; r++) {
                dot += expected[r * cols + c] * actual[r * cols + c];
            }
            if (dot < 0) {
                for (int r = 0; r < rows; r++) {
                    flipped[r * cols + c] = -flipped[r * cols + c];
                }
            }
        }
        close(expected, flipped, tol, what + " (columns up to sign)");
    }

    /** {@code Q^T Q = I} for the {@code rows x cols} Q. */
    static void orthonormalColumns(double[] q, int rows, int cols, double tol, String what) {
        double[] g = Dense.matmul(Dense.transpose(q, rows, cols), q, cols, rows, cols);
        close(Dense.identity(cols), g, tol, what + " Q^T Q");
    }
}
