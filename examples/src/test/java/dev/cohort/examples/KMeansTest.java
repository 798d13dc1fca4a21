package dev.cohort.examples;

import dev.cohort.ndarray.Cohort;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static dev.cohort.examples.Tolerance.assertRelative;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The k-means example against tools/reference/kmeans.py (its outputs copied under reference/issue15/): the labels
 * cannot move with the summation order (the reference's min_margin is >= 9.6e-5 where D2 is ~30), so iterations,
 * sizes and the label checksum agree exactly, inertia and the centroid sum to 1e-9 relative, on 1 shard and on 3
 * shards whose arrays are split into tiles of 64 elements.
 */
@Timeout(180)
class KMeansTest {
    static Cohort.Config config(int shards) {
        return new Cohort.Config().shards(shards).minTileVolume(LogisticRegressionTest.MIN_TILE_VOLUME);
    }

    /** k = lo..hi with {@code init} on every shard; checks every shard got the same and returns shard 0's. */
    static List<KMeans.Result> cluster(int shards, int lo, int hi, KMeans.Init init, long seed) {
        List<List<KMeans.Result>> all = Cohort.run(config(shards), () -> {
            List<KMeans.Result> out = new ArrayList<>();
            var X = KMeans.breastCancer();
            for (int k = lo; k <= hi; k++) {
                out.add(KMeans.cluster(X, k, init, seed, 300));
            }
            return out;
        });
        assertEquals(shards, all.size());
        for (List<KMeans.Result> shard : all) {
            for (int i = 0; i < shard.size(); i++) {
                assertEquals(all.get(0).get(i).inertia(), shard.get(i).inertia(), "every shard has the same inertia");
                assertEquals(all.get(0).get(i).labelChecksum(), shard.get(i).labelChecksum());
            }
        }
        return all.get(0);
    }

    static void assertMatches(Reference ref, String prefix, KMeans.Result r) {
        String what = "k=" + r.k() + " ";
        assertEquals(ref.integer(prefix + "k"), r.k());
        assertEquals(ref.integer(prefix + "iterations"), r.iterations(), what + "iterations");
        assertEquals(Boolean.parseBoolean(ref.string(prefix + "converged")), r.converged(), what + "converged");
        assertEquals(ref.string(prefix + "sizes"), String.join(",", Arrays.stream(r.sizes()).mapToObj(Long::toString).toList()),
                what + "sizes");
        assertEquals(Long.parseLong(ref.string(prefix + "label_checksum")), r.labelChecksum(), what + "label_checksum");
        assertRelative(ref.number(prefix + "inertia"), r.inertia(), 1e-9, what + "inertia");
        assertRelative(ref.number(prefix + "centroid_sum"), r.centroidSum(), 1e-9, what + "centroid_sum");
        // the margin is a difference of D2 values ~30: its relative error is larger, still far from moving a label
        assertRelative(ref.number(prefix + "min_margin"), r.minMargin(), 1e-6, what + "min_margin");
    }

    @ParameterizedTest(name = "{0} shards")
    @ValueSource(ints = {1, 3})
    void firstRowsInitialisationMatchesNumPyForKFrom2To8(int shards) {
        Reference ref = Reference.load("issue15/kmeans.txt");
        assertEquals("first", ref.string("init"));
        List<KMeans.Result> results = cluster(shards, 2, 8, KMeans.Init.first, 0);
        assertEquals(7, results.size());
        for (KMeans.Result r : results) {
            assertMatches(ref, "k" + r.k() + ".", r);
        }
    }

    @ParameterizedTest(name = "{0} shards")
    @ValueSource(ints = {1, 3})
    void kmeansPlusPlusOnCohortsRandomNumbersMatchesNumPy(int shards) {
        Reference ref = Reference.load("issue15/kmeans_kmeanspp.txt");
        assertEquals(0, ref.integer("seed"));
        for (KMeans.Result r : cluster(shards, 2, 8, KMeans.Init.kmeansPlusPlus, 0)) {
            assertMatches(ref, "k" + r.k() + ".", r);
        }
    }

    @Test
    void oneKIsPrintedWithoutPrefixAndMatchesNumPy() {
        Reference ref = Reference.load("issue15/kmeans_k3.txt");
        MainTest.Run run = MainTest.run("kmeans", "--k", "3", "--shards", "2");
        assertEquals(0, run.status(), run.err());
        var kv = run.values();
        for (String key : List.of("rows", "features", "init", "k", "iterations", "converged", "sizes", "label_checksum")) {
            assertEquals(ref.string(key), kv.get(key), key);
        }
        assertRelative(ref.number("inertia"), Double.parseDouble(kv.get("inertia")), 1e-9, "inertia");
        assertEquals("2", kv.get("shards"));
    }

    @Test
    void farthestFirstPicksDistinctRowsAndConverges() {
        List<KMeans.Result> r = cluster(1, 4, 4, KMeans.Init.farthest, 0);
        assertTrue(r.get(0).converged());
        assertEquals(569, Arrays.stream(r.get(0).sizes()).sum());
        assertTrue(Arrays.stream(r.get(0).sizes()).allMatch(s -> s > 0), () -> Arrays.toString(r.get(0).sizes()));
    }

    @Test
    void theIterationLimitStopsLloydUnconverged() {
        KMeans.Result r = cluster(1, 3, 3, KMeans.Init.first, 0).get(0);
        assertTrue(r.iterations() > 2);
        KMeans.Result cut = Cohort.run(config(1), () -> KMeans.cluster(KMeans.breastCancer(), 3, KMeans.Init.first, 0, 2)).get(0);
        assertEquals(2, cut.iterations());
        assertTrue(!cut.converged());
        assertTrue(cut.inertia() > r.inertia(), "two updates leave more inertia than Lloyd's fixed point");
    }

    @Test
    void badArgumentsAreRejectedAtTheCall() {
        RuntimeException e = assertThrows(RuntimeException.class, () -> Cohort.run(config(1),
                () -> KMeans.cluster(KMeans.breastCancer(), 600, KMeans.Init.first, 0, 10)));
        Throwable cause = Main.userFacing(e);
        assertTrue(cause instanceof IllegalArgumentException && cause.getMessage().contains("k = 600 must be between 1 and the 569 rows"),
                () -> String.valueOf(cause));
        assertThrows(IllegalArgumentException.class, () -> KMeans.Init.parse("random"));
        MainTest.Run run = MainTest.run("kmeans", "--k", "3..2");
        assertEquals(2, run.status());
        assertTrue(run.err().contains("--k must be K or K1..K2"), run.err());
        run = MainTest.run("kmeans", "--init", "random");
        assertEquals(2, run.status());
        assertTrue(run.err().contains("first, farthest or kmeans++"), run.err());
    }
}
