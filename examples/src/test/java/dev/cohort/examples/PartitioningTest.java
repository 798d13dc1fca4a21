package dev.cohort.examples;

import dev.cohort.ndarray.Cohort;
import dev.cohort.ndarray.Np;
import dev.cohort.partitioner.StrategyAdvisor;
import dev.cohort.simulator.SearchAdvisor;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code --partitioning rules|search}. */
class PartitioningTest {
    @Test
    void parsesTheTwoModesAndNamesABadOne() {
        assertEquals(Partitioning.RULES, Partitioning.parse("rules"));
        assertEquals(Partitioning.SEARCH, Partitioning.parse(" Search "));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Partitioning.parse("fast"));
        assertTrue(e.getMessage().contains("'fast'"), e.getMessage());
        assertNull(Partitioning.RULES.advisors(null));
    }

    /** Every shard of a 2-shard job gets a search advisor built from shard 0's broadcast calibration; results are the rules'. */
    @Test
    @Timeout(60)
    void searchGivesEveryShardAnAdvisorAndTheSameResults() {
        Cohort.Config search = new Cohort.Config().shards(2).minTileVolume(256)
                .strategyAdvisor(Partitioning.SEARCH.advisors(null));
        List<double[]> got = Cohort.run(search, () -> {
            StrategyAdvisor a = Cohort.current().advisor();
            assertTrue(a instanceof SearchAdvisor, "advisor " + a);
            return Np.arange(4096).multiply(0.5).add(1.0).toDoubleArray();
        });
        List<double[]> want = Cohort.run(new Cohort.Config().shards(2).minTileVolume(256),
                () -> Np.arange(4096).multiply(0.5).add(1.0).toDoubleArray());
        for (int s = 0; s < 2; s++) {
            org.junit.jupiter.api.Assertions.assertArrayEquals(want.get(s), got.get(s));
        }
    }
}
