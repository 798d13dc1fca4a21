package dev.cohort.simulator;

import dev.cohort.ndarray.Cohort;
import dev.cohort.ndarray.NdArray;
import dev.cohort.ndarray.Np;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A strategy adopted by the search in a real program on in-process shards: every shard adopts the same one (the
 * calibration is broadcast from shard 0), and the program's results are the rules' — bit for bit for element-wise
 * work, within 1e-12 relative for reductions (issue 16, Tests).
 */
class SearchAdoptionTest {
    private static final long MIN_TILE = 1024;
    private static final int ITERATIONS = 12;

    /** What each shard returns: its adopted configuration, its final vector and the sums it read. */
    private record Outcome(String adopted, double[] x, double[] sums) {
    }

    /**
     * A loop over small arrays (16 Ki float64, tiled with a minimum tile of 1 Ki): an element-wise update and a sum
     * the program reads every iteration.
     */
    private static Outcome program(SearchAdvisor[] holder) {
        NdArray x = Np.arange(16_384).multiply(1e-3);
        NdArray y = Np.linspace(0, 1, 16_384);
        double[] sums = new double[ITERATIONS];
        for (int i = 0; i < ITERATIONS; i++) {
            x = x.multiply(0.5).add(y);
            sums[i] = x.multiply(x).sum().itemDouble();
        }
        SearchAdvisor a = holder[Cohort.current().shard()];
        return new Outcome(a == null || a.adopted() == null ? "rules" : a.adopted().toString(), x.toDoubleArray(), sums);
    }

    private static List<Outcome> run(int shards, boolean search) {
        SearchAdvisor[] holder = new SearchAdvisor[shards];
        Cohort.Config config = new Cohort.Config().shards(shards).minTileVolume(MIN_TILE);
        if (search) {
            // a slow network and a cheap simulator: replicating the small arrays wins, and the search runs early
            Calibration slow = Loops.calibration(5_000_000, 0.5);
            Calibration cheap = new Calibration("test", slow.kernels(), slow.launchNanos(), slow.pointNanos(),
                    slow.waitNanos(), slow.links(), 0.001);
            Function<Cohort, dev.cohort.partitioner.StrategyAdvisor> perShard = ctx -> {
                byte[] mine = ctx.shard() == 0 ? cheap.format().getBytes(java.nio.charset.StandardCharsets.UTF_8) : new byte[0];
                Calibration c = Calibration.parse(new String(ctx.broadcast(0, mine), java.nio.charset.StandardCharsets.UTF_8),
                        "shard 0's calibration");
                SearchAdvisor a = new SearchAdvisor(ctx.machine(), c, true, 11, null);
                holder[ctx.shard()] = a;
                return a;
            };
            config.strategyAdvisor(perShard);
        }
        return Cohort.run(config, () -> program(holder));
    }

    @Test
    @Timeout(120)
    void theAdoptedStrategyIsTheSameOnEveryShardAndGivesTheRulesResults() {
        for (int shards : new int[] {1, 3}) {
            List<Outcome> rules = run(shards, false);
            List<Outcome> searched = run(shards, true);
            List<String> adopted = new ArrayList<>();
            for (Outcome o : searched) {
                adopted.add(o.adopted());
            }
            if (shards > 1) {
                assertTrue(!adopted.get(0).equals("rules"), "the search adopted a strategy on " + shards + " shards");
            }
            for (String a : adopted) {
                assertEquals(adopted.get(0), a, "every shard adopts the same strategy");
            }
            for (int s = 0; s < shards; s++) {
                assertNotNull(searched.get(s).x());
                assertArrayEquals(rules.get(s).x(), searched.get(s).x(), "element-wise results bit for bit, shard " + s);
                for (int i = 0; i < ITERATIONS; i++) {
                    double want = rules.get(s).sums()[i];
                    double got = searched.get(s).sums()[i];
                    assertEquals(want, got, 1e-12 * Math.abs(want), "sum of iteration " + i + " on shard " + s);
                }
            }
        }
    }
}
