package dev.cohort.tasks.linalg;

import java.util.Random;

/**
 * Not a test: times {@code Lu.factor + solve} (one right-hand side, NumPy {@code solve}) and
 * {@code Cholesky.lower} at the sizes given on the command line (best of several runs after a
 * warm-up). tools/reference/linalg_bench.sh runs it next to NumPy and prints the ratios.
 */
public final class LinalgBench {
    private LinalgBench() {
    }

    public static void main(String[] args) {
        for (String s : args.length == 0 ? new String[] {"256", "1024"} : args) {
            int n = Integer.parseInt(s);
            Random r = new Random(n);
            double[] a = new double[n * n];
            double[] b = new double[n];
            for (int i = 0; i < a.length; i++) {
                a[i] = r.nextGaussian();
            }
            for (int i = 0; i < n; i++) {
                a[i * n + i] += 2 * Math.sqrt(n);
                b[i] = r.nextGaussian();
            }
            double[] g = a;
            double[] spd = Dense.matmul(g, Dense.transpose(g, n, n), n, n, n);
            for (int i = 0; i < n; i++) {
                spd[i * n + i] += n;
            }
            int reps = n <= 256 ? 20 : 3;
            double solve = best(reps, () -> Lu.factor(a, n).solve(b, 1));
            double chol = best(reps, () -> Cholesky.lower(spd, n));
            System.out.printf("java n=%d solve_ms=%.3f cholesky_ms=%.3f%n", n, solve * 1e3, chol * 1e3);
        }
    }

    private static double best(int reps, Runnable r) {
        for (int i = 0; i < Math.max(2, reps / 2); i++) {
            r.run();
        }
        double best = Double.MAX_VALUE;
        for (int i = 0; i < reps; i++) {
            long t0 = System.nanoTime();
            r.run();
            best = Math.min(best, (System.nanoTime() - t0) / 1e9);
        }
        return best;
    }
}
