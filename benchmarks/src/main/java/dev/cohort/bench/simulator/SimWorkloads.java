package dev.cohort.bench.simulator;

import dev.cohort.examples.ConjugateGradient;
import dev.cohort.ndarray.NdArray;
import dev.cohort.ndarray.Np;

import java.util.List;
import java.util.Locale;
import java.util.function.UnaryOperator;

/**
 * The simulator suite's loops on the array layer, each an {@link Loop} whose {@link Loop#iteration()} ends with a
 * value read back (so the program waits once per iteration, at its end, as the simulator is told):
 * <ul>
 *   <li>{@code logreg:N}: {@code N x 32} features; the macro suite's iteration ({@code p = 1 / (exp(-X @ w) + 1)},
 *       {@code w -= (X.T @ (p - y) / n) * lr}) and {@code w} read back;</li>
 *   <li>{@code poisson:N}: the macro suite's Jacobi CG iteration on the N x N 5-point Laplacian, its residual read;</li>
 *   <li>{@code dense:N}: the same on {@code A = M M^T + N I};</li>
 *   <li>{@code mixed:N}: a large array of N float64 updated element-wise beside two small ones of
 *       {@link #SMALL} elements (tiled by the rules, above the minimum tile volume) whose squared sum is read;</li>
 *   <li>{@code stencil2d:N}: a Jacobi sweep of an N x N grid with slices, its largest change read;</li>
 *   <li>{@code tallskinny:M}: {@code (M x 64) @ (64 x 1000)} and the product's sum read.</li>
 * </ul>
 * Data are drawn by Cohort ({@code Np.random}, seed 42) on every shard, identically.
 */
public final class SimWorkloads {
    /** Elements of the small arrays of {@code mixed}: twice the default minimum tile volume (2 tiles under the rules). */
    public static final long SMALL = 1L << 17;

    private SimWorkloads() {
    }

    /** A loop: set-up outside every clock, then iterations that each end with a value read back. */
    public interface Loop {
        /** One iteration; returns the value it read (a checksum). */
        double iteration();
    }

    /** The workload names. */
    public static final List<String> NAMES = List.of("logreg", "poisson", "dense", "mixed", "stencil2d", "tallskinny");

    /** Builds workload {@code name} of size {@code size} (its set-up finished) on the current shard. */
    public static Loop create(String name, long size) {
        Np.random.seed(42);
        return switch (name) {
            case "logreg" -> logreg(size, 32);
            case "poisson" -> cg(ConjugateGradient.poissonLaplacian(size), r -> r.multiply(0.25), Np.ones(size, size));
            case "dense" -> dense(size);
            case "mixed" -> mixed(size);
            case "stencil2d" -> stencil(size);
            case "tallskinny" -> tallSkinny(size);
            default -> throw new IllegalArgumentException("unknown workload " + name + "; workloads: " + NAMES);
        };
    }

    /** A readable size: {@code 1000000x32}, {@code 1000}, ... */
    public static String sizeLabel(String name, long size) {
        return switch (name) {
            case "logreg" -> size + "x32";
            case "poisson", "dense", "stencil2d" -> size + "x" + size;
            case "tallskinny" -> String.format(Locale.ROOT, "(%dx64)@(64x1000)", size);
            case "mixed" -> size + "+2x" + SMALL;
            default -> Long.toString(size);
        };
    }

    private static Loop logreg(long n, int d) {
        NdArray x = Np.random.randn(n, d);
        NdArray y = x.matmul(Np.random.randn(d)).greater(0.0).astype(Np.float64);
        NdArray[] w = {Np.zeros(d)};
        x.sum().item();
        y.sum().item();
        double lr = 0.1;
        return () -> {
            NdArray p = Np.divide(1.0, x.matmul(w[0]).negative().exp().add(1.0));
            NdArray gradient = x.T().matmul(p.subtract(y)).divide((double) n);
            w[0] = w[0].subtract(gradient.multiply(lr));
            return w[0].toDoubleArray()[0];
        };
    }

    private static Loop dense(long n) {
        NdArray m = Np.random.randn(n, n);
        NdArray eye = Np.eye(n);
        NdArray a = m.matmul(m.T()).add(eye.multiply((double) n));
        NdArray b = Np.random.randn(n);
        NdArray diagonal = a.multiply(eye).sum(1);
        a.sum().item();
        return cg(a::matmul, r -> r.divide(diagonal), b);
    }

    /**
     * The macro suite's CG iteration ({@code CohortWorkloads}), from x = 0, with the residual read each iteration. CG
     * starts over from x = 0 once the relative residual is below {@link #RESTART}: a converged CG divides 0 by 0, and
     * its residuals pass through subnormal numbers on the way, whose arithmetic is many times slower than the loop's
     * (a loop of NaNs and subnormals is not the loop a user runs). Every shard reads the same residual, so every
     * shard starts over at the same iteration; a start-over iteration issues extra launches, which the prediction
     * skips (it takes two consecutive iterations with the same launches).
     */
    private static Loop cg(UnaryOperator<NdArray> applyA, UnaryOperator<NdArray> applyMinv, NdArray b) {
        NdArray[] s = new NdArray[5]; // x, r, z, p, rz
        Runnable start = () -> {
            s[0] = Np.zeros_like(b);
            s[1] = b.copy();
            s[2] = applyMinv.apply(s[1]);
            s[3] = s[2];
            s[4] = s[1].multiply(s[2]).sum();
        };
        start.run();
        s[4].item();
        double bNorm = Np.linalg.norm(b).itemDouble();
        return () -> {
            NdArray ap = applyA.apply(s[3]);
            NdArray alpha = s[4].divide(s[3].multiply(ap).sum());
            s[0] = s[0].add(alpha.multiply(s[3]));
            s[1] = s[1].subtract(alpha.multiply(ap));
            s[2] = applyMinv.apply(s[1]);
            NdArray rzNext = s[1].multiply(s[2]).sum();
            s[3] = s[2].add(rzNext.divide(s[4]).multiply(s[3]));
            s[4] = rzNext;
            double residual = Np.linalg.norm(s[1]).itemDouble() / bNorm;
            if (residual < RESTART) {
                start.run();
            }
            return residual;
        };
    }

    /** The relative residual below which the CG loops start over from x = 0. */
    static final double RESTART = 1e-6;

    private static Loop mixed(long n) {
        NdArray[] big = {Np.random.rand(n)};
        NdArray[] x = {Np.arange(SMALL).multiply(1e-6)};
        NdArray y = Np.linspace(0, 1, SMALL);
        big[0].sum().item();
        y.sum().item();
        return () -> {
            big[0] = big[0].multiply(0.999).add(0.001);
            x[0] = x[0].multiply(0.5).add(y);
            return x[0].multiply(x[0]).sum().itemDouble();
        };
    }

    private static Loop stencil(long n) {
        NdArray[] u = {Np.zeros(n, n), null};
        u[0].set("0, :", Np.ones(n));
        u[1] = u[0].copy();
        u[1].sum().item();
        return () -> {
            NdArray cur = u[0];
            NdArray nxt = u[1];
            NdArray mean = cur.get(":-2, 1:-1").add(cur.get("2:, 1:-1")).add(cur.get("1:-1, :-2")).add(cur.get("1:-1, 2:"))
                    .multiply(0.25);
            nxt.set("1:-1, 1:-1", mean);
            double change = nxt.get("1:-1, 1:-1").subtract(cur.get("1:-1, 1:-1")).abs().max().itemDouble();
            u[0] = nxt;
            u[1] = cur;
            return change;
        };
    }

    private static Loop tallSkinny(long m) {
        NdArray a = Np.random.randn(m, 64);
        NdArray b = Np.random.randn(64, 1000);
        a.sum().item();
        b.sum().item();
        return () -> a.matmul(b).sum().itemDouble();
    }
}
