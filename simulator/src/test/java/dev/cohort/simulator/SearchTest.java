package dev.cohort.simulator;

import dev.cohort.partitioner.LaunchRecord;
import dev.cohort.partitioner.MachineView;
import dev.cohort.partitioner.Partitioner;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The MCMC strategy search and the advisor that adopts its result. */
class SearchTest {
    private static final long MIN_TILE = 1L << 16;

    /** Two iterations of {@code x = x + y; z = x * x; s = sum(z)} over {@code n} float64 elements. */
    static List<LaunchRecord> smallLoop(MachineView mv, long n, int iterations) {
        Loops l = new Loops(mv);
        long x = l.newStore();
        long y = l.newStore();
        for (int i = 0; i < iterations; i++) {
            x = l.binary(n, x, y);
            long z = l.binary(n, x, x);
            l.sum(n, z);
        }
        return l.records();
    }

    /**
     * Small arrays on 4 shards over a slow network (1 ms a message): tiling them makes every iteration's sum
     * all-gather over the network, while one replicated point per shard needs no message. The search finds a
     * strategy at least 10 % faster, it replicates, and it is the same for the same seed.
     */
    @Test
    void smallArraysOnManyShardsAreReplicated() {
        MachineView mv = new MachineView(4, 1, MIN_TILE);
        List<LaunchRecord> two = smallLoop(mv, 1L << 18, 2);
        CostModel cost = new CostModel(Loops.calibration(1_000_000, 1), Topology.oneNode(4, 1, false));
        BitSet block = SearchAdvisor.blockingLaunches(two, 3);
        Search s = new Search(new Replay(two, mv), 3, cost, block);
        assertEquals(List.of(0, 1, 2), s.positions());
        Search.Result r = s.run(42, 200);
        assertTrue(r.gain() >= 0.10, "gain " + r.gain() + " of " + r);
        assertTrue(r.best().entries().values().stream().anyMatch(t -> t.length == 0), "replicates: " + r.best());
        assertEquals(r.bestNanos(), s.cost(r.best()), 1e-6, "delta-simulated cost = full simulation of the best graph");
        Search.Result again = new Search(new Replay(two, mv), 3, cost, block).run(42, 200);
        assertEquals(r.best(), again.best());
        assertEquals(r.bestNanos(), again.bestNanos());
    }

    /** Every candidate tile is one the partitioner accepts for the operation, and the replicated point is offered. */
    @Test
    void candidatesAreLegalTilings() {
        MachineView mv = new MachineView(4, 2, MIN_TILE);
        List<LaunchRecord> two = smallLoop(mv, 1L << 20, 2);
        for (LaunchRecord r : two) {
            List<long[]> c = Search.candidates(r.operation(), mv, r.strategy());
            assertTrue(c.size() > 3 && c.size() <= Search.MAX_CANDIDATES, "candidates " + c.size());
            assertEquals(0, c.get(c.size() - 1).length, "the replicated point comes last");
            for (long[] t : c.subList(0, c.size() - 1)) {
                assertNotNull(Partitioner.partition(r.operation(), mv, t), Arrays.toString(t));
            }
        }
    }

    /**
     * The advisor sees the loop, searches once enough (predicted) time has passed, adopts the searched strategy for
     * the following iterations — identically for two advisors fed the same launches, as two shards are — gives a
     * stray launch the rules and keeps the adoption, goes back to the rules when the program leaves the loop (more
     * than an iteration of other launches), and re-adopts without searching when the same loop comes back.
     */
    @Test
    void theAdvisorAdoptsDeterministicallyKeepsItThroughAStrayLaunchAndLeavesWithTheLoop() {
        MachineView mv = new MachineView(4, 1, MIN_TILE);
        Calibration slow = Loops.calibration(1_000_000, 1);
        List<LaunchRecord> launches = smallLoop(mv, 1L << 18, 80);
        SearchAdvisor a = new SearchAdvisor(mv, slow, false, 7, null);
        SearchAdvisor b = new SearchAdvisor(mv, slow, false, 7, null);
        int adoptedAt = -1;
        int changed = 0;
        for (int i = 0; i < launches.size(); i++) {
            LaunchRecord r = launches.get(i);
            var sa = a.advise(r);
            var sb = b.advise(r);
            assertTrue(Replay.sameStrategy(sa, sb), "both shards issue launch " + i + " alike");
            if (a.adopted() != null && adoptedAt < 0) {
                adoptedAt = i;
            }
            if (!Replay.sameStrategy(sa, r.strategy())) {
                changed++;
            }
        }
        assertTrue(adoptedAt > 0, "adopted a searched strategy; last report: " + a.report());
        assertTrue(changed > 0, "launches after the adoption use the searched tiles");
        assertTrue(a.lastResult().gain() >= SearchAdvisor.MIN_GAIN);
        Configuration searched = a.adopted();
        Search.Result result = a.lastResult();
        // a stray launch of another shape: the rules for it, and the loop's next launch still gets the searched tiles
        Loops other = new Loops(mv);
        for (int i = 0; i < 4; i++) {
            other.binary(1L << 19, other.newStore(), other.newStore());
        }
        List<LaunchRecord> odd = other.records();
        assertTrue(Replay.sameStrategy(odd.get(0).strategy(), a.advise(odd.get(0))));
        assertEquals(searched, a.adopted());
        LaunchRecord next = launches.get(launches.size() - 3);
        assertTrue(!Replay.sameStrategy(next.strategy(), a.advise(next)) || searched.tile(0) == null,
                "the loop's first launch after a stray gets the searched tiles");
        // leaving the loop: more than an iteration (3 launches) of other launches
        for (LaunchRecord r : odd) {
            a.advise(r);
        }
        assertNull(a.adopted());
        // the same loop again: re-adopted once detected, with no new search
        for (LaunchRecord r : launches.subList(0, 30)) {
            a.advise(r);
        }
        assertEquals(searched, a.adopted(), a.report());
        assertSame(result, a.lastResult(), "no new search");
        // a launch inserted in an iteration that looks like the loop's first (a flushed chain of its shape) is a
        // stray: the position stays where the iteration is
        assertEquals(0, a.position());
        a.advise(launches.get(0));
        a.advise(launches.get(1));
        assertEquals(2, a.position(), "the sum is next");
        a.advise(launches.get(0));   // x + y again: the loop's first launch's shape
        assertEquals(2, a.position(), "one stray does not restart the iteration");
        assertNotNull(a.adopted());
    }

    /**
     * With a fast link in the calibration the rules stay; the same launches with a reader of the loop's own costs
     * that measures 4 ms an all-gather (as 4 processes on 2 cores do) make the advisor replicate the small arrays —
     * identically for two advisors given the same readings, as shards are by the broadcast — after reading at
     * detection and then every {@link MeasurementWindows#MEASURE_WINDOW} iterations until two windows agree.
     */
    @Test
    void measuredCollectivesMakeTheAdvisorReplicateWhereTheCalibrationWouldNot() {
        MachineView mv = new MachineView(4, 1, MIN_TILE);
        Calibration fast = Loops.calibration(1_000, 10);
        List<LaunchRecord> launches = smallLoop(mv, 1L << 18, 80);
        SearchAdvisor calibrated = new SearchAdvisor(mv, fast, false, 7, null);
        for (LaunchRecord r : launches) {
            calibrated.advise(r);
        }
        assertNull(calibrated.adopted(), "with a fast link the rules stay: " + calibrated.report());
        long[] readings = new long[2];
        SearchAdvisor[] shards = new SearchAdvisor[2];
        for (int k = 0; k < 2; k++) {
            int shard = k;
            // cumulative counters as shard 0 reports them: 1 all-gather an iteration of 4 ms
            shards[k] = new SearchAdvisor(mv, fast, false, 7, null, () -> {
                long n = readings[shard]++ * MeasurementWindows.MEASURE_WINDOW;
                return new MeasuredCosts(n, n * 4_000_000L);
            });
        }
        for (int i = 0; i < launches.size(); i++) {
            LaunchRecord r = launches.get(i);
            assertTrue(Replay.sameStrategy(shards[0].advise(r), shards[1].advise(r)), "both shards issue launch " + i + " alike");
        }
        SearchAdvisor a = shards[0];
        assertNotNull(a.adopted(), a.report());
        assertTrue(a.adopted().entries().values().stream().allMatch(t -> t.length == 0), "replicated: " + a.adopted());
        assertEquals(a.adopted(), shards[1].adopted());
        assertEquals(3, readings[0], "read at detection and after two windows that agree");
        assertTrue(a.report().contains("measured: 8 collectives in the loop, 4000.0 us each; link latency 2000.0 us"),
                a.report());
    }

    /**
     * A strategy adopted on measured costs is on trial: the loop of {@link
     * #measuredCollectivesMakeTheAdvisorReplicateWhereTheCalibrationWouldNot} under a clock that gives the rules
     * 40 ms an iteration and the adopted strategy 20 ms keeps it; one that gives the adopted strategy 60 ms goes back
     * to the rules, for the rest of the loop, on both shards alike.
     */
    @Test
    void anAdoptedStrategyMeasuredSlowerThanTheRulesIsDropped() {
        MachineView mv = new MachineView(4, 1, MIN_TILE);
        Calibration fast = Loops.calibration(1_000, 10);
        List<LaunchRecord> launches = smallLoop(mv, 1L << 18, 120);
        for (double adoptedMillis : new double[] {20, 60}) {
            boolean slower = adoptedMillis > 40;
            double[] clock = new double[1];
            long[] issued = new long[1];
            SearchAdvisor[] shards = new SearchAdvisor[2];
            for (int k = 0; k < 2; k++) {
                // shard 0's cumulative counters: one all-gather of 4 ms an iteration (3 launches), the clock
                shards[k] = new SearchAdvisor(mv, fast, false, 7, null, () -> new MeasuredCosts(issued[0] / 3,
                        issued[0] / 3 * 4_000_000L, java.util.Map.of(), (long) clock[0], 0));
            }
            int afterVerdict = 0;
            for (LaunchRecord r : launches) {
                var s0 = shards[0].advise(r);
                assertTrue(Replay.sameStrategy(s0, shards[1].advise(r)), "both shards alike");
                boolean searched = shards[0].adopted() != null;
                clock[0] += (searched ? adoptedMillis : 40) * 1e6 / 3;
                issued[0]++;
                if (shards[0].trialKept() != null) {
                    afterVerdict++;
                    if (slower) {
                        assertTrue(Replay.sameStrategy(r.strategy(), s0), "the rules after the verdict");
                    }
                }
            }
            SearchAdvisor a = shards[0];
            assertTrue(a.decided(), a.report());
            assertEquals(!slower, a.trialKept(), a.report());
            assertTrue(afterVerdict > 30, "the verdict came early enough to matter: " + afterVerdict + " launches after it");
            assertEquals(slower ? "back to the rules" : "kept", a.report().substring(a.report().lastIndexOf(": ") + 2),
                    a.report());
            assertEquals(slower, a.adopted() == null, a.report());
            assertEquals(a.adopted(), shards[1].adopted());
        }
    }

    /** A window is a rotation of the body it came from at the offset of its first launch; anything else is not. */
    @Test
    void rotationsOfTheBodyAreFound() {
        List<String> body = List.of("a", "b", "c");
        assertEquals(0, SearchAdvisor.rotation(body, List.of("a", "b", "c")));
        assertEquals(1, SearchAdvisor.rotation(body, List.of("b", "c", "a")));
        assertEquals(2, SearchAdvisor.rotation(body, List.of("c", "a", "b")));
        assertEquals(-1, SearchAdvisor.rotation(body, List.of("a", "c", "b")));
        assertEquals(-1, SearchAdvisor.rotation(body, List.of("a", "b")));
    }

    /**
     * Full = delta on the graphs of real launch sequences under random single-operator changes (the search's moves):
     * element-wise launches, a halo stencil and a sum over 1-8 shards, a random launch given a random candidate tile
     * each step, chained as the search chains them.
     */
    @Test
    void fullAndDeltaAgreeOnRandomSingleOperatorChanges() {
        java.util.Random rnd = new java.util.Random(16);
        int compared = 0;
        for (int shards : new int[] {1, 2, 3, 8}) {
            MachineView mv = new MachineView(shards, 2, 1L << 12);
            Loops l = new Loops(mv);
            long n = 1L << 16;
            long x = l.newStore();
            long y = l.newStore();
            for (int it = 0; it < 2; it++) {
                long a = l.binary(n, x, y);
                long b = l.stencil(n, a);
                x = l.binary(n, b, a);
                l.sum(n, x);
            }
            Replay replay = new Replay(l.records(), mv);
            CostModel cost = new CostModel(Loops.calibration(20_000, 2), Topology.oneNode(shards, 2, false));
            Search s = new Search(replay, 4, cost, SearchAdvisor.blockingLaunches(l.records(), 4));
            Configuration c = Configuration.RULES;
            DeltaSimulation state = DeltaSimulation.of(s.graph(c));
            for (int step = 0; step < 60; step++) {
                int j = rnd.nextInt(s.positions().size());
                List<long[]> cand = s.candidatesAt(j);
                Configuration next = c.with(s.positions().get(j), cand.get(rnd.nextInt(cand.size())));
                TaskGraph g;
                try {
                    g = s.graph(next);
                } catch (IllegalArgumentException e) {
                    continue;
                }
                DeltaSimulation d = state.update(g);
                Timeline full = FullSimulation.run(g);
                assertEquals(-1, full.firstDifference(d.timeline()), shards + " shards, step " + step + ": " + next);
                compared++;
                if (rnd.nextBoolean()) {
                    c = next;
                    state = d;
                }
            }
        }
        assertTrue(compared > 150, "compared " + compared);
    }
}
