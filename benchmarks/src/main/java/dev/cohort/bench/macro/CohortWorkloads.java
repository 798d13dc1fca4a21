package dev.cohort.bench.macro;

import dev.cohort.examples.ConjugateGradient;
import dev.cohort.ndarray.Cohort;
import dev.cohort.ndarray.NdArray;
import dev.cohort.ndarray.Np;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;

/**
 * The macro benchmark's workloads on Cohort: the loops of {@code dev.cohort.examples.LogisticRegression.train} and
 * {@code ConjugateGradient.solve}, written here with the same {@link NdArray} calls because the examples time only
 * a whole run (no per-round times, no warm-up, set-up such as standardising inside). The NumPy scripts in
 * {@code benchmarks/python} do the same operations in the same order.
 *
 * <p>Every workload runs {@code warmup} untimed and {@code rounds} timed rounds of {@code roundLength} iterations;
 * a round ends when its result is back in the program ({@code toDoubleArray} / {@code itemDouble}), and its sample
 * is the round's wall time divided by {@code roundLength}, in seconds per iteration. Set-up (loading the arrays,
 * building the system) is outside every round. The checksums are taken after all iterations (warm-up included), so
 * they compare with the reference's after the same number of iterations.
 */
public final class CohortWorkloads {
    private CohortWorkloads() {
    }

    /**
     * What one run gives.
     *
     * @param samples       seconds per iteration of each timed round
     * @param checks        checksums by name (as the Python scripts name them)
     * @param windowStartNs wall-clock time ({@link java.time.Instant}, nanoseconds since the epoch) when the first timed round began
     * @param windowEndNs   epoch nanoseconds when the last timed round ended
     * @param settle        the rounds on scratch state before the run until the JIT settled ({@link JitSettle})
     */
    public record Run(double[] samples, Map<String, Double> checks, long windowStartNs, long windowEndNs, JitSettle.Result settle) {
    }

    /** How many rounds of how many iterations. */
    public record Rounds(int warmup, int timed, int length) {
        public Rounds {
            if (warmup < 0 || timed < 1 || length < 1) {
                throw new IllegalArgumentException("need warmup >= 0, timed >= 1, length >= 1: " + warmup + ", " + timed + ", " + length);
            }
        }

        /** Iterations of the whole run, warm-up included. */
        public int iterations() {
            return (warmup + timed) * length;
        }
    }

    /** {@code shards} in-process shards, each with the default worker count (available processors / shards). */
    public static Cohort.Config config(int shards) {
        return new Cohort.Config().shards(shards);
    }

    /**
     * Logistic regression by batch gradient descent from {@code w = 0}: per iteration {@code z = X @ w},
     * {@code p = 1 / (exp(-z) + 1)}, {@code w = w - (X.T @ (p - y) / n) * lr}. A round is
     * {@code rounds.length()} iterations, ended by {@code w.toDoubleArray()}.
     * Checksums: {@code loss} (mean log-loss at the final w) and {@code w_sum}.
     *
     * @param x row-major {@code (n, d)} features; {@code y} labels {@code (n,)}
     */
    public static Run logreg(Cohort.Config config, double[] x, double[] y, int n, int d, double lr, Rounds rounds) {
        List<Run> runs = Cohort.run(config, () -> {
            NdArray X = Np.array(x, n, d);
            NdArray Y = Np.array(y, n);
            NdArray w = Np.zeros(d);
            X.sum().item(); // operations are deferred: finish loading before the clock starts
            Y.sum().item();
            NdArray[] scratch = {Np.zeros(d)};
            JitSettle.Result settle = JitSettle.settle(() -> {
                for (int i = 0; i < rounds.length(); i++) {
                    scratch[0] = logregStep(X, Y, scratch[0], n, lr);
                }
                scratch[0].toDoubleArray();
            });
            double[] samples = new double[rounds.timed()];
            long windowStart = 0;
            for (int r = 0; r < rounds.warmup() + rounds.timed(); r++) {
                if (r == rounds.warmup()) {
                    settleJit();
                    windowStart = epochNanos();
                }
                long t0 = System.nanoTime();
                for (int i = 0; i < rounds.length(); i++) {
                    w = logregStep(X, Y, w, n, lr);
                }
                w.toDoubleArray();
                if (r >= rounds.warmup()) {
                    samples[r - rounds.warmup()] = (System.nanoTime() - t0) / 1e9 / rounds.length();
                }
            }
            long windowEnd = epochNanos();
            NdArray z = X.matmul(w);
            Map<String, Double> checks = new LinkedHashMap<>();
            checks.put("loss", Np.log1p(z.exp()).subtract(Y.multiply(z)).mean().itemDouble());
            checks.put("w_sum", w.sum().itemDouble());
            return new Run(samples, checks, windowStart, windowEnd, settle);
        });
        return runs.get(0);
    }

    /** One gradient step: {@code p = 1 / (exp(-X w) + 1)}, {@code w - (X.T @ (p - y) / n) * lr}. */
    private static NdArray logregStep(NdArray X, NdArray Y, NdArray w, int n, double lr) {
        NdArray p = Np.divide(1.0, X.matmul(w).negative().exp().add(1.0));
        NdArray gradient = X.T().matmul(p.subtract(Y)).divide((double) n);
        return w.subtract(gradient.multiply(lr));
    }

    /**
     * CG on the 2-D Poisson problem of {@code ConjugateGradient.poisson2d}: {@code b = ones(n, n)}, the 5-point
     * Laplacian applied with slices of a zero-bordered {@code (n+2, n+2)} array, Jacobi {@code r * 0.25}. A round is
     * one iteration, which ends (as the example's does) by fetching {@code ||r|| / ||b||}.
     * Checksums: {@code residual} and {@code x_sum}.
     */
    public static Run cgPoisson(Cohort.Config config, long n, Rounds rounds) {
        return Cohort.run(config, () -> {
            NdArray b = Np.ones(n, n);
            return cg(ConjugateGradient.poissonLaplacian(n), r -> r.multiply(0.25), b, rounds);
        }).get(0);
    }

    /**
     * CG on the dense system of {@code ConjugateGradient.dense}, built from the given data instead of Cohort's random
     * numbers: {@code A = M @ M.T + n I}, Jacobi {@code r / diag(A)} with {@code diag(A) = (A * I).sum(1)} (set-up,
     * untimed). A round is one iteration, ended by fetching {@code ||r|| / ||b||}. Checksums: {@code residual},
     * {@code x_sum}.
     *
     * @param m row-major {@code (n, n)}; {@code bData} {@code (n,)}
     */
    public static Run cgDense(Cohort.Config config, double[] m, double[] bData, int n, Rounds rounds) {
        return Cohort.run(config, () -> {
            NdArray M = Np.array(m, n, n);
            NdArray eye = Np.eye(n);
            NdArray A = M.matmul(M.T()).add(eye.multiply((double) n));
            NdArray b = Np.array(bData);
            NdArray diagonal = A.multiply(eye).sum(1);
            A.sum().item(); // finish building the system before the clock starts
            return cg(A::matmul, r -> r.divide(diagonal), b, rounds);
        }).get(0);
    }

    /** {@code ConjugateGradient.solve}'s loop from x = 0, without the tolerance test: a fixed number of iterations. */
    private static Run cg(UnaryOperator<NdArray> applyA, UnaryOperator<NdArray> applyMinv, NdArray b, Rounds rounds) {
        CgLoop scratch = new CgLoop(applyA, applyMinv, b);
        JitSettle.Result settle = JitSettle.settle(() -> {
            for (int i = 0; i < rounds.length(); i++) {
                scratch.iterate();
            }
        });
        CgLoop cg = new CgLoop(applyA, applyMinv, b);
        double[] samples = new double[rounds.timed()];
        long windowStart = 0;
        for (int round = 0; round < rounds.warmup() + rounds.timed(); round++) {
            if (round == rounds.warmup()) {
                settleJit();
                windowStart = epochNanos();
            }
            long t0 = System.nanoTime();
            for (int i = 0; i < rounds.length(); i++) {
                cg.iterate();
            }
            if (round >= rounds.warmup()) {
                samples[round - rounds.warmup()] = (System.nanoTime() - t0) / 1e9 / rounds.length();
            }
        }
        long windowEnd = epochNanos();
        Map<String, Double> checks = new LinkedHashMap<>();
        checks.put("residual", cg.residual);
        checks.put("x_sum", cg.x.sum().itemDouble());
        return new Run(samples, checks, windowStart, windowEnd, settle);
    }

    /** The state of {@link #cg}'s loop from x = 0, and one iteration of it (ended by fetching the residual norm). */
    private static final class CgLoop {
        private final UnaryOperator<NdArray> applyA;
        private final UnaryOperator<NdArray> applyMinv;
        private final double bNorm;
        NdArray x;
        private NdArray r;
        private NdArray p;
        private NdArray rz;
        double residual;

        CgLoop(UnaryOperator<NdArray> applyA, UnaryOperator<NdArray> applyMinv, NdArray b) {
            this.applyA = applyA;
            this.applyMinv = applyMinv;
            x = Np.zeros_like(b);
            r = b.copy();
            NdArray z = applyMinv.apply(r);
            p = z;
            rz = r.multiply(z).sum();
            rz.item();
            bNorm = Np.linalg.norm(b).itemDouble();
            residual = Np.linalg.norm(r).itemDouble() / bNorm;
        }

        void iterate() {
            NdArray Ap = applyA.apply(p);
            NdArray alpha = rz.divide(p.multiply(Ap).sum());
            x = x.add(alpha.multiply(p));
            r = r.subtract(alpha.multiply(Ap));
            NdArray z = applyMinv.apply(r);
            NdArray rzNext = r.multiply(z).sum();
            p = z.add(rzNext.divide(rz).multiply(p));
            rz = rzNext;
            residual = Np.linalg.norm(r).itemDouble() / bNorm;
        }
    }

    /**
     * Lloyd's k-means of {@code dev.cohort.examples.KMeans.cluster} from the first k rows, a fixed number of iterations
     * (no convergence stop): per iteration {@code M} = one-hot of the labels, {@code C = (M.T @ X) / M.sum(0)} (an empty
     * cluster keeps its centroid), {@code D2 = |x|^2 - 2 X @ C.T + |c|^2}, the new labels {@code argmin(D2, 1)} and the
     * count of moved labels, which ends the iteration as the example's convergence test does. Checksums:
     * {@code inertia} (sum of the smallest D2 per row) and {@code centroid_sum}.
     *
     * @param x row-major {@code (n, d)}
     */
    public static Run kmeans(Cohort.Config config, double[] x, int n, int d, int k, Rounds rounds) {
        return Cohort.run(config, () -> {
            NdArray X = Np.array(x, n, d);
            NdArray xx = X.multiply(X).sum(1).get(":, None");
            NdArray clusters = Np.arange(k).get("None, :");
            NdArray[] state = {X.get(":" + k).copy(), null, null}; // C, labels, D2
            assignKMeans(X, xx, state);
            state[1].sum().item(); // finish loading before the clock starts
            NdArray[] scratch = {X.get(":" + k).copy(), null, null};
            assignKMeans(X, xx, scratch);
            Run run = timed(rounds, () -> lloyd(X, xx, clusters, state), () -> {
            }, () -> lloyd(X, xx, clusters, scratch));
            run.checks().put("inertia", state[2].min(1).sum().itemDouble());
            run.checks().put("centroid_sum", state[0].sum().itemDouble());
            return run;
        }).get(0);
    }

    /** One Lloyd iteration on {@code state} (C, labels, D2), ended by reading the count of moved labels. */
    private static void lloyd(NdArray X, NdArray xx, NdArray clusters, NdArray[] state) {
        NdArray M = state[1].get(":, None").equal(clusters).astype(Np.float64);
        NdArray sizes = M.sum(0);
        NdArray sums = M.T().matmul(X);
        NdArray nonempty = sizes.greater(0.0);
        state[0] = Np.where(nonempty.get(":, None"), sums.divide(Np.where(nonempty, sizes, 1.0).get(":, None")), state[0]);
        NdArray previous = state[1];
        assignKMeans(X, xx, state);
        state[1].not_equal(previous).sum().item(); // the moved labels: the example's convergence test
    }

    private static void assignKMeans(NdArray X, NdArray xx, NdArray[] state) {
        NdArray C = state[0];
        NdArray d2 = xx.subtract(X.matmul(C.T()).multiply(2.0)).add(C.multiply(C).sum(1).get("None, :"));
        state[1] = d2.argmin(1);
        state[2] = d2;
    }

    /**
     * Black-Scholes of {@code dev.cohort.examples.BlackScholes.price} on the given options (the draws are not timed):
     * an iteration prices every call and put (A&S 7.1.26 cdf, r = 0.02, v = 0.3) and ends with their sums back in
     * the program. Checksums: {@code call_sum}, {@code put_sum}.
     */
    public static Run blackScholes(Cohort.Config config, double[] s, double[] k, double[] t, Rounds rounds) {
        return Cohort.run(config, () -> {
            NdArray S = Np.array(s);
            NdArray K = Np.array(k);
            NdArray T = Np.array(t);
            T.sum().item(); // finish loading before the clock starts
            double[] sums = new double[2];
            Run run = timed(rounds, () -> {
                double[] r = dev.cohort.examples.BlackScholes.priceSums(S, K, T, 0.02, 0.3);
                sums[0] = r[0];
                sums[1] = r[1];
            }, () -> {
            }, () -> dev.cohort.examples.BlackScholes.priceSums(S, K, T, 0.02, 0.3));
            run.checks().put("call_sum", sums[0]);
            run.checks().put("put_sum", sums[1]);
            return run;
        }).get(0);
    }

    /**
     * Jacobi sweeps of {@code dev.cohort.examples.Heat.solve} on an n x n grid (top row 1, other edges 0), a fixed
     * number of sweeps: each computes the new interior with slices and its max change, read as the example reads it
     * (after {@code Heat.LOOKAHEAD} more sweeps are issued, and at the end of each round). Checksums: {@code change}
     * (the last sweep's) and {@code u_sum}.
     */
    public static Run heat(Cohort.Config config, long n, Rounds rounds) {
        return Cohort.run(config, () -> {
            dev.cohort.examples.Heat.Sweeps sweeps = new dev.cohort.examples.Heat.Sweeps(n, new dev.cohort.examples.Heat.Edges(1, 0, 0, 0));
            double[] change = {Double.NaN};
            dev.cohort.examples.Heat.Sweeps scratch = new dev.cohort.examples.Heat.Sweeps(n, new dev.cohort.examples.Heat.Edges(1, 0, 0, 0));
            Run run = timed(rounds, () -> sweeps.issue(), () -> change[0] = sweeps.drain(), () -> {
                for (int i = 0; i < rounds.length(); i++) {
                    scratch.issue();
                }
                scratch.drain();
            });
            run.checks().put("change", change[0]);
            run.checks().put("u_sum", sweeps.grid().sum().itemDouble());
            return run;
        }).get(0);
    }

    /**
     * {@code rounds.warmup()} untimed and {@code rounds.timed()} timed rounds of {@code rounds.length()} calls of
     * {@code iteration}, each round ended by {@code endOfRound}, after {@code scratchRound} (a round on scratch state)
     * until the JIT settled ({@link JitSettle}); samples in seconds per iteration, checks empty (mutable, for the
     * caller).
     */
    private static Run timed(Rounds rounds, Runnable iteration, Runnable endOfRound, Runnable scratchRound) {
        JitSettle.Result settle = JitSettle.settle(scratchRound);
        double[] samples = new double[rounds.timed()];
        long windowStart = 0;
        for (int r = 0; r < rounds.warmup() + rounds.timed(); r++) {
            if (r == rounds.warmup()) {
                settleJit();
                windowStart = epochNanos();
            }
            long t0 = System.nanoTime();
            for (int i = 0; i < rounds.length(); i++) {
                iteration.run();
            }
            endOfRound.run();
            if (r >= rounds.warmup()) {
                samples[r - rounds.warmup()] = (System.nanoTime() - t0) / 1e9 / rounds.length();
            }
        }
        return new Run(samples, new LinkedHashMap<>(), windowStart, epochNanos(), settle);
    }

    /**
     * Before the first timed round: waits (up to 60 s) until the background warm-up has compiled, or given up on, every
     * Vector API kernel the untimed rounds asked for ({@code VectorWarmup.awaitRequested}), so that the timed rounds
     * measure the steady state and no warm-up thread takes a core from them. Measured: dense CG n = 4096 runs its 3
     * untimed rounds in about 70 ms, and the warm-up then still had about a second of compiling to do per kernel.
     */
    static void settleJit() {
        try {
            dev.cohort.tasks.VectorWarmup.awaitRequested(60_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Wall-clock time in nanoseconds since the epoch (millisecond resolution is enough for profile windows). */
    static long epochNanos() {
        java.time.Instant now = java.time.Instant.now();
        return now.getEpochSecond() * 1_000_000_000L + now.getNano();
    }
}
