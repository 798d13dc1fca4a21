package dev.cohort.examples;

import dev.cohort.ndarray.Cohort;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.List;

import static dev.cohort.examples.Tolerance.assertRelative;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

@Timeout(120)
class ConjugateGradientTest {
    static final double TOL = 1e-8;
    static final int MAX_ITERATIONS = 1000;
    /** Small enough that the 34 x 34 padded grid and the 64 x 64 matrix are tiled across every shard. */
    static final long MIN_TILE_VOLUME = 64;

    static final Reference POISSON = Reference.load("cg_poisson2d_n32.properties");
    static final Reference BCSSTK01 = Reference.load("cg_mtx_bcsstk01.properties");
    static ConjugateGradient.Result denseOneShard;

    @BeforeAll
    static void solveDenseOnOneShard() {
        denseOneShard = dense(1);
    }

    static Cohort.Config config(int shards) {
        return new Cohort.Config().shards(shards).minTileVolume(MIN_TILE_VOLUME);
    }

    static ConjugateGradient.Result dense(int shards) {
        List<ConjugateGradient.Result> results = Cohort.run(config(shards),
                () -> ConjugateGradient.dense(64, TOL, MAX_ITERATIONS, 42));
        return sameOnEveryShard(results);
    }

    static ConjugateGradient.Result sameOnEveryShard(List<ConjugateGradient.Result> results) {
        for (ConjugateGradient.Result r : results) {
            assertEquals(results.get(0).iterations(), r.iterations());
            assertEquals(results.get(0).residual(), r.residual());
            assertEquals(results.get(0).solutionSum(), r.solutionSum());
        }
        return results.get(0);
    }

    @ParameterizedTest(name = "{0} shards")
    @ValueSource(ints = {1, 2, 3, 4})
    void poisson2dConvergesAsNumPyDoes(int shards) {
        long n = POISSON.integer("n");
        assertEquals(TOL, POISSON.number("tol"));
        ConjugateGradient.Result r = sameOnEveryShard(Cohort.run(config(shards),
                () -> ConjugateGradient.poisson2d(n, TOL, MAX_ITERATIONS)));
        assertTrue(r.converged(), () -> "not converged: " + r);
        assertTrue(r.residual() <= TOL, () -> "residual " + r.residual());
        assertTrue(r.trueResidual() <= 2 * TOL, () -> "true residual " + r.trueResidual());
        assertEquals(POISSON.integer("iterations"), r.iterations(), "iterations");
        // the same algorithm in NumPy: equal up to the order of the sums
        assertRelative(POISSON.number("residual"), r.residual(), 1e-9, "residual");
        assertRelative(POISSON.number("solution_sum"), r.solutionSum(), 1e-12, "sum(x)");
        assertRelative(POISSON.number("solution_max"), r.solutionMax(), 1e-12, "max(x)");
        // and the direct (SciPy) solution to the accuracy tol allows
        assertRelative(POISSON.number("direct_solution_sum"), r.solutionSum(), 1e-8, "sum(x) vs direct solve");
        assertRelative(POISSON.number("direct_solution_max"), r.solutionMax(), 1e-8, "max(x) vs direct solve");
    }

    @ParameterizedTest(name = "{0} shards")
    @ValueSource(ints = {1, 2, 3, 4})
    void denseConvergesToTheSameAnswerOnAnyShardCount(int shards) {
        ConjugateGradient.Result r = shards == 1 ? denseOneShard : dense(shards);
        assertTrue(r.converged(), () -> "not converged: " + r);
        assertTrue(r.residual() <= TOL, () -> "residual " + r.residual());
        assertTrue(r.trueResidual() <= 2 * TOL, () -> "true residual " + r.trueResidual());
        assertTrue(r.iterations() < 64, () -> "M M^T + n I is well conditioned; took " + r.iterations());
        assertEquals(denseOneShard.iterations(), r.iterations(), "iterations");
        assertRelative(denseOneShard.residual(), r.residual(), 1e-12, "residual");
        assertRelative(denseOneShard.solutionSum(), r.solutionSum(), 1e-12, "sum(x)");
        assertRelative(denseOneShard.solutionMax(), r.solutionMax(), 1e-12, "max(x)");
    }

    /**
     * bcsstk01 (48 x 48 SPD, condition number 8.8e5), read from the shipped Matrix Market resource
     * by Cohort's mmread on 1 and 3 shards, against the same CG in NumPy on SciPy's mmread of the same
     * file (tools/reference/examples_reference.py): b = A @ ones, so x must also come out as ones.
     */
    @ParameterizedTest(name = "{0} shards")
    @ValueSource(ints = {1, 3})
    void bcsstk01FromMatrixMarketSolvesAsNumPyDoes(int shards) {
        ConjugateGradient.Result r = sameOnEveryShard(Cohort.run(config(shards),
                () -> ConjugateGradient.bcsstk01(TOL, MAX_ITERATIONS)));
        assertEquals(ConjugateGradient.Problem.mtx, r.problem());
        assertEquals(BCSSTK01.integer("n"), r.n());
        assertTrue(r.converged(), () -> "not converged: " + r);
        assertTrue(r.trueResidual() <= 2 * TOL, () -> "true residual " + r.trueResidual());
        // ill-conditioned: the order of the sums may move the stopping point by an iteration or two
        assertTrue(Math.abs(BCSSTK01.integer("iterations") - r.iterations()) <= 2,
                () -> "iterations " + r.iterations() + " vs NumPy's " + BCSSTK01.integer("iterations"));
        // x is as accurate as tol x cond(A) allows (NumPy's: max |x - 1| = 2.2e-7): agree to 1e-6
        assertRelative(BCSSTK01.number("solution_sum"), r.solutionSum(), 1e-6, "sum(x)");
        assertRelative(BCSSTK01.number("solution_max"), r.solutionMax(), 1e-6, "max(x)");
        assertRelative(48.0, r.solutionSum(), 1e-6, "sum(x) vs the exact solution ones(48)");
        assertRelative(1.0, r.solutionMax(), 1e-6, "max(x) vs the exact solution ones(48)");
    }
}
