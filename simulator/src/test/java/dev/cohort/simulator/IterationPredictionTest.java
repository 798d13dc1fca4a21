package dev.cohort.simulator;

import dev.cohort.partitioner.LaunchRecord;
import dev.cohort.partitioner.MachineView;
import org.junit.jupiter.api.Test;

import java.util.BitSet;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The prediction of recorded iterations is the search's cost of the rules, and its parts add up. */
class IterationPredictionTest {
    @Test
    void itIsTheSearchsSteadyStateOfTheRules() {
        MachineView machine = new MachineView(4, 2, 1024);
        Loops l = new Loops(machine);
        long n = 1 << 16;
        long x = l.binary(n, l.newStore(), l.newStore());
        long y = l.newStore();
        for (int it = 0; it < 2; it++) {
            x = l.binary(n, x, y);
            l.sum(n, x);
        }
        List<LaunchRecord> all = l.records();
        List<LaunchRecord> two = all.subList(1, 5);
        CostModel cost = new CostModel(Loops.calibration(50_000, 1.0), Topology.oneNode(4, 2, false));
        BitSet block = IterationPrediction.blockingLaunches(two, 2);
        assertEquals(BitSet.valueOf(new long[] {0b1010}), block, "the sums are where the program waits");
        IterationPrediction p = IterationPrediction.of(two, 2, cost, block);
        double search = new Search(new Replay(two, machine), 2, cost, block).iterationNanos(Configuration.RULES);
        assertEquals(search, p.iterationNanos(), 1e-9 * search);
        assertTrue(p.iterationNanos() > 0 && p.iterationNanos() < p.makespanNanos());
        assertTrue(p.secondIterationNanos(TaskGraph.Kind.POINT) > 0);
        assertTrue(p.secondIterationNanos(TaskGraph.Kind.COLLECTIVE) > 0, "the sum's partials are all-gathered on 4 shards");
        assertEquals(IterationPrediction.lastOfEachIteration(2), block);
        assertThrows(IllegalArgumentException.class, () -> IterationPrediction.of(two.subList(0, 3), 2, cost, block));
    }

    /**
     * Two iterations of one launch each, by hand: iteration 1 is a 10 000 ns task on device 0, iteration 2 two tasks
     * of 3 000 ns on device 1 that need nothing of it. Iteration 2 ends (at 6 000) before iteration 1 does, so the
     * difference of ends is 0; the steady state is the busiest device's work in iteration 2, 6 000 ns. With iteration
     * 2 after iteration 1 (edges), the difference of ends, 16 000 - 10 000, is the answer too.
     */
    @Test
    void anIterationThatOverlapsTheFirstCostsAtLeastItsBusiestDevice() {
        for (boolean ordered : new boolean[] {false, true}) {
            TaskGraph.Builder b = TaskGraph.builder(2);
            int a = b.task(1, TaskGraph.Kind.POINT, 0, 10_000, 0, 0);
            int c = b.task(2, TaskGraph.Kind.POINT, 1, 3_000, 1, 0);
            int d = b.task(3, TaskGraph.Kind.POINT, 1, 3_000, 1, 0);
            if (ordered) {
                b.edge(a, c).edge(a, d);
            }
            TaskGraph g = b.build();
            Timeline t = FullSimulation.run(g);
            assertEquals(ordered ? 16_000 : 10_000, t.makespan(), 1e-9);
            assertEquals(6_000, IterationPrediction.steadyNanos(g, t, 1), 1e-9, ordered ? "in order" : "overlapping");
        }
    }
}
