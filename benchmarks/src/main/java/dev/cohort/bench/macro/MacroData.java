package dev.cohort.bench.macro;

import java.util.SplittableRandom;

/**
 * The macro benchmark's input data, drawn in Java from a seeded {@link SplittableRandom} (so the same in every run and
 * for every system): Cohort gets it through {@code Np.array}, NumPy and Dask through {@code .npy} files.
 */
public final class MacroData {
    private MacroData() {
    }

    /** Logistic-regression data: row-major {@code x (n, d)} standard normal, labels {@code y (n,)} in {0, 1}. */
    public record LogReg(double[] x, double[] y, int n, int d) {
    }

    /** Dense CG data: row-major {@code m (n, n)} standard normal, right-hand side {@code b (n,)} standard normal. */
    public record Dense(double[] m, double[] b, int n) {
    }

    /**
     * {@code X ~ N(0, 1)}, {@code w* ~ N(0, 1)}, {@code y = (X @ w* + 0.5 N(0, 1) > 0)}: linearly separable up to
     * noise, as the example's synthetic data.
     */
    public static LogReg logreg(int n, int d, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        double[] wTrue = new double[d];
        for (int j = 0; j < d; j++) {
            wTrue[j] = random.nextGaussian();
        }
        double[] x = new double[Math.multiplyExact(n, d)];
        double[] y = new double[n];
        for (int i = 0; i < n; i++) {
            double dot = 0;
            for (int j = 0; j < d; j++) {
                double v = random.nextGaussian();
                x[i * d + j] = v;
                dot += v * wTrue[j];
            }
            y[i] = dot + 0.5 * random.nextGaussian() > 0 ? 1.0 : 0.0;
        }
        return new LogReg(x, y, n, d);
    }

    /** {@code M ~ N(0, 1)} of order n and {@code b ~ N(0, 1)}; the system is {@code (M Mᵀ + n I) x = b}. */
    public static Dense dense(int n, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        double[] m = new double[Math.multiplyExact(n, n)];
        for (int i = 0; i < m.length; i++) {
            m[i] = random.nextGaussian();
        }
        double[] b = new double[n];
        for (int i = 0; i < n; i++) {
            b[i] = random.nextGaussian();
        }
        return new Dense(m, b, n);
    }
}
