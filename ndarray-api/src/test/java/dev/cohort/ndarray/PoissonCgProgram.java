package dev.cohort.ndarray;

import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;

import static dev.cohort.ndarray.Np.*;

/** The examples' Jacobi CG on the 2-D Poisson problem, small, for the fusion tests: the arrays it returns are compared across modes. */
final class PoissonCgProgram {
    private PoissonCgProgram() {
    }

    /**
     * Runs {@code iterations} CG steps on an n×n grid (Laplacian through slices of a zero-bordered array) and returns
     * per iteration {@code norm(r)} (and {@code rz} when {@code withRz}), then {@code x} and {@code r}.
     */
    static List<NdArray> run(long n, int iterations, boolean withRz) {
        NdArray b = ones(n, n);
        NdArray padded = zeros(n + 2, n + 2);
        UnaryOperator<NdArray> lap = u -> {
            padded.set("1:-1, 1:-1", u);
            return padded.get("1:-1, 1:-1").multiply(4.0).subtract(padded.get(":-2, 1:-1"))
                    .subtract(padded.get("2:, 1:-1")).subtract(padded.get("1:-1, :-2")).subtract(padded.get("1:-1, 2:"));
        };
        NdArray x = zeros_like(b);
        NdArray r = b.copy();
        NdArray z = r.multiply(0.25);
        NdArray p = z;
        NdArray rz = r.multiply(z).sum();
        List<NdArray> out = new ArrayList<>();
        for (int k = 0; k < iterations; k++) {
            NdArray ap = lap.apply(p);
            NdArray alpha = rz.divide(p.multiply(ap).sum());
            x = x.add(alpha.multiply(p));
            r = r.subtract(alpha.multiply(ap));
            z = r.multiply(0.25);
            NdArray rzNext = r.multiply(z).sum();
            p = z.add(rzNext.divide(rz).multiply(p));
            rz = rzNext;
            out.add(linalg.norm(r));
            if (withRz) {
                out.add(rz);
            }
        }
        out.add(x);
        out.add(r);
        return out;
    }
}
