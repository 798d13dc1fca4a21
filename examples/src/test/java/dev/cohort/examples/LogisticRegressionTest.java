package dev.cohort.examples;

import dev.cohort.ndarray.Cohort;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.List;

import static dev.cohort.examples.Tolerance.assertRelative;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

@Timeout(120)
class LogisticRegressionTest {
    /** Small enough that the 569 x 30 table and the (569,) vectors are tiled across every shard. */
    static final long MIN_TILE_VOLUME = 64;

    static final Reference REF = Reference.load("logreg_breast_cancer.properties");
    static LogisticRegression.Result oneShard;

    @BeforeAll
    static void trainOnOneShard() {
        oneShard = breastCancer(new Cohort.Config().shards(1));
    }

    static LogisticRegression.Result breastCancer(Cohort.Config config) {
        List<LogisticRegression.Result> results = Cohort.run(config,
                () -> LogisticRegression.train(LogisticRegression.breastCancer(), REF.integer("iterations"), REF.number("lr")));
        assertEquals(config.shards(), results.size());
        for (LogisticRegression.Result r : results) {
            // every shard replicates the program: each ends with the same answer
            assertEquals(results.get(0).loss(), r.loss());
            assertEquals(results.get(0).accuracy(), r.accuracy());
            assertArrayEquals(results.get(0).w(), r.w());
        }
        return results.get(0);
    }

    @Test
    void shippedDataIs569RowsOf30FeaturesAndALabel() {
        double[][] rows = LogisticRegression.readCsv(LogisticRegression.BREAST_CANCER_RESOURCE);
        assertEquals(569, rows.length);
        int benign = 0;
        for (double[] row : rows) {
            assertEquals(31, row.length);
            assertTrue(row[30] == 0 || row[30] == 1);
            benign += (int) row[30];
        }
        assertEquals(357, benign);
    }

    @Test
    void breastCancerMatchesNumPyOnOneShard() {
        assertEquals(REF.integer("rows"), oneShard.rows());
        assertEquals(500, oneShard.iterations());
        assertEquals(0.069325100379283772, REF.number("loss"));
        assertEquals(0.98418277680140598, REF.number("accuracy"));
        assertEquals(REF.number("loss"), oneShard.loss(), 1e-10, "loss");
        assertEquals(REF.number("accuracy"), oneShard.accuracy(), 1e-10, "accuracy");
        assertRelative(REF.numbers("w"), oneShard.w(), 1e-10, "w");
    }

    @ParameterizedTest(name = "{0} shards")
    @ValueSource(ints = {2, 3, 4})
    void breastCancerGivesTheSameAnswerOnSeveralShards(int shards) {
        LogisticRegression.Result r = breastCancer(new Cohort.Config().shards(shards).minTileVolume(MIN_TILE_VOLUME));
        assertRelative(oneShard.loss(), r.loss(), 1e-12, "loss on " + shards + " shards");
        assertRelative(oneShard.accuracy(), r.accuracy(), 1e-12, "accuracy on " + shards + " shards");
        assertRelative(oneShard.w(), r.w(), 1e-12, "w on " + shards + " shards");
        assertEquals(REF.number("loss"), r.loss(), 1e-10, "loss vs NumPy");
        assertEquals(REF.number("accuracy"), r.accuracy(), 1e-10, "accuracy vs NumPy");
    }

    @Test
    void syntheticDataIsLearnedAndIndependentOfTheShardCount() {
        Cohort.Config one = new Cohort.Config().shards(1);
        Cohort.Config three = new Cohort.Config().shards(3).minTileVolume(MIN_TILE_VOLUME);
        LogisticRegression.Result a = Cohort.run(one,
                () -> LogisticRegression.train(LogisticRegression.synthetic(2000, 8, 7), 100, 0.5)).get(0);
        LogisticRegression.Result b = Cohort.run(three,
                () -> LogisticRegression.train(LogisticRegression.synthetic(2000, 8, 7), 100, 0.5)).get(0);
        assertEquals(2000, a.rows());
        assertEquals(8, a.w().length);
        assertTrue(a.accuracy() > 0.85, () -> "accuracy " + a.accuracy());
        assertTrue(a.loss() < 0.45, () -> "loss " + a.loss());
        assertRelative(a.loss(), b.loss(), 1e-12, "loss on 3 shards");
        assertRelative(a.accuracy(), b.accuracy(), 1e-12, "accuracy on 3 shards");
        assertRelative(a.w(), b.w(), 1e-12, "w on 3 shards");
    }
}
