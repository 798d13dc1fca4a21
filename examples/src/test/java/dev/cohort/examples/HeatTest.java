package dev.cohort.examples;

import dev.cohort.ndarray.Cohort;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.List;

import static dev.cohort.examples.Tolerance.assertRelative;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The heat example against tools/reference/heat.py: the sweeps add in the reference's order, so the grid has NumPy's
 * bits and the iteration count is NumPy's exactly; the values agree to 1e-12 (the sums only differ by their order),
 * on 1 shard and on 3 shards of 64-element tiles.
 */
@Timeout(300)
class HeatTest {
    static Heat.Result solve(int shards, Reference ref, Heat.Edges edges) {
        Cohort.Config config = new Cohort.Config().shards(shards).minTileVolume(LogisticRegressionTest.MIN_TILE_VOLUME);
        List<Heat.Result> all = Cohort.run(config,
                () -> Heat.solve(ref.integer("n"), ref.number("tol"), ref.integer("max_iterations"), edges));
        for (Heat.Result r : all) {
            assertEquals(all.get(0).iterations(), r.iterations(), "every shard takes the same sweeps");
            assertEquals(all.get(0).sum(), r.sum());
        }
        return all.get(0);
    }

    static void assertMatches(Reference ref, Heat.Result r) {
        assertEquals(ref.integer("iterations"), r.iterations(), "iterations");
        assertEquals(Boolean.parseBoolean(ref.string("converged")), r.converged(), "converged");
        assertRelative(ref.number("change"), r.change(), 1e-12, "change");
        assertRelative(ref.number("residual"), r.residual(), 1e-12, "residual");
        assertRelative(ref.number("sum"), r.sum(), 1e-12, "sum");
        assertRelative(ref.number("weighted"), r.weighted(), 1e-12, "weighted");
        assertRelative(ref.number("center"), r.center(), 1e-12, "center");
    }

    @ParameterizedTest(name = "{0} shards")
    @ValueSource(ints = {1, 3})
    void convergesInNumPysSweepsToNumPysGrid(int shards) {
        Reference ref = Reference.load("issue15/heat_n32.txt");
        Heat.Result r = solve(shards, ref, Heat.Edges.DEFAULT);
        assertMatches(ref, r);
        assertTrue(r.converged() && r.change() < 1e-8);
        // the change and the center come from elementwise sweeps in NumPy's order: the same bits
        assertEquals(ref.number("change"), r.change(), "change, bit for bit");
        assertEquals(ref.number("center"), r.center(), "center, bit for bit");
    }

    @ParameterizedTest(name = "{0} shards")
    @ValueSource(ints = {1, 3})
    void theIterationLimitStopsItUnconvergedAsNumPy(int shards) {
        Reference ref = Reference.load("issue15/heat_n16_max50.txt");
        Heat.Result r = solve(shards, ref, new Heat.Edges(2, 0, 1, 0));
        assertMatches(ref, r);
        assertEquals(50, r.iterations());
        assertTrue(!r.converged());
    }

    @Test
    void commandLinePrintsTheReferenceKeysWithOtherEdges() {
        Reference ref = Reference.load("issue15/heat_n16_max50.txt");
        MainTest.Run run = MainTest.run("heat", "--n", "16", "--tol", "1e-12", "--max-iterations", "50", "--top", "2", "--left", "1");
        assertEquals(0, run.status(), run.err());
        var kv = run.values();
        for (String key : List.of("n", "tol", "max_iterations", "iterations", "converged", "change", "center")) {
            assertEquals(ref.string(key), kv.get(key), key);
        }
        assertTrue(kv.containsKey("residual") && kv.containsKey("sum") && kv.containsKey("weighted"), kv::toString);
    }

    @Test
    void badArgumentsExitWithStatus2() {
        MainTest.Run run = MainTest.run("heat", "--n", "2");
        assertEquals(2, run.status());
        assertTrue(run.err().contains("--n must be >= 3"), run.err());
        run = MainTest.run("heat", "--tol", "0");
        assertEquals(2, run.status());
        assertTrue(run.err().contains("--tol must be a positive number"), run.err());
    }
}
