package dev.cohort.ndarray;

/**
 * NumPy's window functions and {@code logspace}, composed of distributed {@code arange} and element-wise ufuncs
 * (no new kernel): with {@code n = arange(1 - M, M, 2)} (float64), the windows are NumPy's formulas in
 * {@code n / (M - 1)}.
 */
final class Windows {
    private Windows() {
    }

    /** {@code M < 1}: an empty float64 array; {@code M == 1}: {@code [1.0]}; else null (compute the formula). */
    private static NdArray degenerate(long m) {
        if (m < 1) {
            return Np.zeros(0L);
        }
        if (m == 1) {
            return Np.ones(1L);
        }
        return null;
    }

    /** {@code pi * n / (M - 1)} with {@code n = arange(1 - M, M, 2)}. */
    private static NdArray phase(long m) {
        return Np.arange(1.0 - m, (double) m, 2.0).multiply(Math.PI / (m - 1));
    }

    static NdArray bartlett(long m) {
        NdArray d = degenerate(m);
        if (d != null) {
            return d;
        }
        NdArray n = Np.arange(1.0 - m, (double) m, 2.0);
        NdArray t = n.divide((double) (m - 1));
        return Np.where(n.less_equal(0.0), t.add(1.0), t.negative().add(1.0));
    }

    static NdArray cosineSum(long m, double a0, double a1, double a2) {
        NdArray d = degenerate(m);
        if (d != null) {
            return d;
        }
        NdArray x = phase(m);
        NdArray w = x.cos().multiply(a1).add(a0);
        return a2 == 0 ? w : w.add(x.multiply(2.0).cos().multiply(a2));
    }

    static NdArray logspace(double start, double stop, long num, boolean endpoint, double base) {
        if (num < 0) {
            throw new IllegalArgumentException("Number of samples, " + num + ", must be non-negative.");
        }
        NdArray y;
        if (endpoint) {
            y = Np.linspace(start, stop, num);
        } else {
            double step = num > 0 ? (stop - start) / num : 0;
            y = Np.arange(0.0, (double) num, 1.0).multiply(step).add(start);
        }
        return Np.power(base, y);
    }
}
