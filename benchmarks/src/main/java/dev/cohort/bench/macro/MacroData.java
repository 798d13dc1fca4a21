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
    /** Black-Scholes options: spot {@code s} in [5, 30), strike {@code k} in [1, 100), expiry {@code t} in [0.25, 10) years. */
    public record Options(double[] s, double[] k, double[] t) {
    }

    /**
     * k-means data: {@code n} rows of {@code d} features around {@code k} centres (each centre's coordinates
     * {@code N(0, 3^2)}, each row its centre {@code i mod k} plus {@code N(0, 1)} noise), row-major; {@code y} is the
     * centre of each row.
     */
    public static LogReg kmeans(int n, int d, int k, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        double[] centres = new double[k * d];
        for (int i = 0; i < centres.length; i++) {
            centres[i] = 3 * random.nextGaussian();
        }
        double[] x = new double[Math.multiplyExact(n, d)];
        double[] y = new double[n];
        for (int i = 0; i < n; i++) {
            int c = i % k;
            y[i] = c;
            for (int j = 0; j < d; j++) {
                x[i * d + j] = centres[c * d + j] + random.nextGaussian();
            }
        }
        return new LogReg(x, y, n, d);
    }

    /** n options with uniform spot, strike and expiry (the ranges of the Black-Scholes example). */
    public static Options options(int n, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        double[] s = new double[n];
        double[] k = new double[n];
        double[] t = new double[n];
        for (int i = 0; i < n; i++) {
            s[i] = 5 + 25 * random.nextDouble();
            k[i] = 1 + 99 * random.nextDouble();
            t[i] = 0.25 + 9.75 * random.nextDouble();
        }
        return new Options(s, k, t);
    }
}
