package dev.cohort.ndarray;

import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;

import static dev.cohort.ndarray.Np.*;

/** The examples' Jacobi CG on the 2-D Poisson problem, small, for the fusion tests: the arrays it returns are compared across modes. */
final class PoissonCgProgram {
    private PoissonCgProgram() {
    }

    /** Called after each iteration {@code k} with the iterates (the loop's own arrays: do not write them). */
    interface Step {
        void after(int k, NdArray x, NdArray r, NdArray rz);
    }

    /**
     * Runs {@code iterations} CG steps on an n×n grid (Laplacian through slices of a zero-bordered array) and returns
     * per iteration {@code norm(r)} (and {@code rz} when {@code withRz}), then {@code x} and {@code r}.
     */
    static List<NdArray> run(long n, int iterations, boolean withRz) {
        List<NdArray> out = new ArrayList<>();
        List<NdArray> xr = run(n, iterations, (k, x, r, rz) -> {
            out.add(linalg.norm(r));
            if (withRz) {
                out.add(rz);
            }
        });
        out.addAll(xr);
        return out;
    }

    /** The examples' 5-point Laplacian on an n×n grid with a zero border, applied through slices of a padded array. */
    static UnaryOperator<NdArray> laplacian(long n) {
        NdArray padded = zeros(n + 2, n + 2);
        return u -> {
            padded.set("1:-1, 1:-1", u);
            return padded.get("1:-1, 1:-1").multiply(4.0).subtract(padded.get(":-2, 1:-1"))
                    .subtract(padded.get("2:, 1:-1")).subtract(padded.get("1:-1, :-2")).subtract(padded.get("1:-1, 2:"));
        };
    }

    /**
     * The loop of the examples' {@code ConjugateGradient.solve} (Jacobi preconditioner 1/4, right-hand side ones,
     * no early stop): {@code iterations} steps, {@code step} after each; returns {@code x} and {@code r}.
     */
    static List<NdArray> run(long n, int iterations, Step step) {
        UnaryOperator<NdArray> lap = laplacian(n);
        NdArray b = ones(n, n);
        NdArray x = zeros_like(b);
        NdArray r = b.copy();
        NdArray z = r.multiply(0.25);
        NdArray p = z;
        NdArray rz = r.multiply(z).sum();
        for (int k = 0; k < iterations; k++) {
            NdArray ap = lap.apply(p);
            NdArray alpha = rz.divide(p.multiply(ap).sum());
            x = x.add(alpha.multiply(p));
            r = r.subtract(alpha.multiply(ap));
            z = r.multiply(0.25);
            NdArray rzNext = r.multiply(z).sum();
            p = z.add(rzNext.divide(rz).multiply(p));
            rz = rzNext;
            step.after(k, x, r, rz);
        }
        return List.of(x, r);
    }
}
