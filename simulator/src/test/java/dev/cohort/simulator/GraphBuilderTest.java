package dev.cohort.simulator;

import dev.cohort.partitioner.LaunchRecord;
import dev.cohort.partitioner.MachineView;
import org.junit.jupiter.api.Test;

import java.util.BitSet;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The task graphs of small launch sequences, counted and timed by hand. */
class GraphBuilderTest {
    private static final long MIN_TILE = 1L << 16;

    private static int count(TaskGraph g, TaskGraph.Kind k) {
        int n = 0;
        for (int t = 0; t < g.size(); t++) {
            if (g.kind(t) == k) {
                n++;
            }
        }
        return n;
    }

    /**
     * One shard, one processor, {@code c = a + b} over 2^17 float64: the rules make 2 tiles of 65 536 points. The
     * analysis takes 10 000 + 500 × 2 = 11 000 ns; each point 2 000 + 0.1 × (65 536 × 3 × 8 bytes) = 159 286.4 ns; they
     * run one after the other on the one processor: makespan 11 000 + 2 × 159 286.4 = 329 572.8 ns.
     */
    @Test
    void oneShardElementwiseTimedByHand() {
        MachineView mv = new MachineView(1, 1, MIN_TILE);
        Loops l = new Loops(mv);
        l.binary(1L << 17, l.newStore(), l.newStore());
        CostModel cost = new CostModel(Loops.calibration(5_000, 1), Topology.oneNode(1, 1, true));
        TaskGraph g = GraphBuilder.build(l.records(), cost, new BitSet());
        assertEquals(3, g.size());
        assertEquals(1, count(g, TaskGraph.Kind.ANALYSIS));
        assertEquals(2, count(g, TaskGraph.Kind.POINT));
        assertEquals(329_572.8, FullSimulation.run(g).makespan(), 1e-6);
    }

    /**
     * Two independent {@code c = a + b} launches of 2 tiles on one shard of 2 processors: analysis 11 000 ns, points
     * 159 286.4 ns each (as above). With a core per thread the second analysis runs at 11 000-22 000 beside the first
     * launch's points, and the second launch's points follow them on both processors: makespan 11 000 + 2 × 159 286.4 =
     * 329 572.8. On 2 cores the program thread shares processor 0's core: the second analysis waits for the first
     * launch's point there (its launch is earlier in FIFO order among equal ready times), 170 286.4-181 286.4, and the
     * second launch's point on that core ends at 181 286.4 + 159 286.4 = 340 572.8.
     */
    @Test
    void aProgramThreadSharesACoreWhenThreadsOutnumberCores() {
        MachineView mv = new MachineView(1, 2, MIN_TILE);
        Loops l = new Loops(mv);
        l.binary(1L << 17, l.newStore(), l.newStore());
        l.binary(1L << 17, l.newStore(), l.newStore());
        TaskGraph own = GraphBuilder.build(l.records(), new CostModel(Loops.calibration(5_000, 1),
                new Topology(1, 1, 2, true, 0)), new BitSet());
        assertEquals(329_572.8, FullSimulation.run(own).makespan(), 1e-6);
        Topology shared = new Topology(1, 1, 2, true, 2);
        assertEquals(shared.processor(0, 0), shared.programThread(0));
        assertEquals(new Topology(1, 1, 2, true, 3).programThread(0), 2, "3 cores hold 2 workers and the program thread");
        TaskGraph g = GraphBuilder.build(l.records(), new CostModel(Loops.calibration(5_000, 1), shared), new BitSet());
        assertEquals(340_572.8, FullSimulation.run(g).makespan(), 1e-6);
        assertEquals(340_572.8, DeltaSimulation.of(g).makespan(), 1e-6);
    }

    /**
     * The graph of an element-wise launch over 2^18 + 2 float64 on 2 shards (one processor each) followed by
     * {@code stencils} three-point stencils reading its result.
     */
    private static TaskGraph haloGraph(int stencils) {
        Loops l = new Loops(new MachineView(2, 1, MIN_TILE));
        long n = (1L << 18) + 2;
        long a = l.binary(n, l.newStore(), l.newStore());
        for (int i = 0; i < stencils; i++) {
            l.stencil(n, a);
        }
        CostModel cost = new CostModel(Loops.calibration(5_000, 1), Topology.oneNode(2, 1, false));
        return GraphBuilder.build(l.records(), cost, new BitSet());
    }

    /**
     * A three-point stencil over 2^18 + 2 elements on 2 shards after an element-wise launch: the element-wise launch
     * writes 4 tiles of 65 537 (tiles 0-1 on shard 0, 2-3 on shard 1), the stencil's 4 tiles of 65 536 inner points
     * start one element later; only the piece that starts shard 1's half reads across the boundary — with its halo,
     * the 2 elements 131 072-131 073 of tile 1 — and the piece that ends shard 0's half reads nothing of shard 1: 1
     * transfer of 16 bytes.
     */
    @Test
    void aHaloReadMovesOneElementEachWay() {
        TaskGraph g = haloGraph(1);
        int transfers = 0;
        for (int t = 0; t < g.size(); t++) {
            if (g.kind(t) == TaskGraph.Kind.TRANSFER) {
                transfers++;
                assertEquals(16, g.bytes(t), "two float64 of halo");
            }
        }
        assertEquals(1, transfers);
        assertEquals(0, count(g, TaskGraph.Kind.COLLECTIVE));
    }

    /** The graph of an element-wise launch over {@code n} float64 and a sum of its result, on {@code shards} shards. */
    private static TaskGraph sumGraph(int shards, long n) {
        Loops l = new Loops(new MachineView(shards, 1, MIN_TILE));
        long a = l.binary(n, l.newStore(), l.newStore());
        l.sum(n, a);
        CostModel cost = new CostModel(Loops.calibration(5_000, 1), Topology.oneNode(shards, 1, false));
        return GraphBuilder.build(l.records(), cost, new BitSet());
    }

    /**
     * A sum of a tiled vector folds its points' partials through Bruck's all-gather: ⌈log₂ N⌉ rounds of N sends plus
     * one join per shard — 2 × 4 + 4 = 12 on 4 shards, 2 × 3 + 3 = 9 on 3, none on 1.
     */
    @Test
    void aReductionAllGathersInLogRounds() {
        for (int[] c : new int[][] {{4, 12}, {3, 9}, {1, 0}}) {
            TaskGraph g = sumGraph(c[0], 1L << 20);
            assertEquals(c[1], count(g, TaskGraph.Kind.COLLECTIVE), c[0] + " shards");
        }
    }

    /**
     * A program that blocks on a result waits for it (and the wake-up) before analysing the next launch, and every
     * launch after it: the program issues its launches in order.
     */
    @Test
    void blockingOnAResultDelaysTheNextAnalysis() {
        MachineView mv = new MachineView(1, 1, MIN_TILE);
        Loops l = new Loops(mv);
        long a = l.binary(1L << 17, l.newStore(), l.newStore());
        l.sum(1L << 17, a);
        long b = l.binary(1L << 17, a, a);
        l.binary(1L << 17, b, b);
        List<LaunchRecord> r = l.records();
        CostModel cost = new CostModel(Loops.calibration(5_000, 1), Topology.oneNode(1, 1, true));
        BitSet block = new BitSet();
        double free = FullSimulation.run(GraphBuilder.build(r, cost, block)).makespan();
        block.set(1);
        TaskGraph g = GraphBuilder.build(r, cost, block);
        Timeline t = FullSimulation.run(g);
        int lastAnalysis = -1;
        int sumFold = -1;
        for (int i = 0; i < g.size(); i++) {
            if (g.kind(i) == TaskGraph.Kind.ANALYSIS && g.launch(i) == 2) {
                lastAnalysis = i;
            }
            if (g.launch(i) == 1 && g.kind(i) == TaskGraph.Kind.POINT) {
                sumFold = i;   // the fold is the last point-kind task of the sum
            }
        }
        assertEquals(t.end(sumFold) + 50_000, t.start(lastAnalysis), 1e-6, "analysis after the fold and the wake-up");
        for (int i = 0; i < g.size(); i++) {
            if (g.kind(i) == TaskGraph.Kind.ANALYSIS && g.launch(i) == 3) {
                assertTrue(t.start(i) >= t.end(lastAnalysis), "the launch after the next one is analysed after it too");
            }
        }
        assertEquals(true, t.makespan() > free, "blocking costs time");
    }

    /** Whether {@code t} follows an analysis of its own launch. */
    private static boolean followsItsAnalysis(TaskGraph g, int t) {
        for (int p : g.preds(t)) {
            if (g.kind(p) == TaskGraph.Kind.ANALYSIS && g.launch(p) == g.launch(t)) {
                return true;
            }
        }
        return false;
    }

    /**
     * A transfer is pushed by its sender once the sender has analysed the launch that needs it: two stencils read the
     * halo of an element-wise result of 4 tiles on 2 shards (as in {@link #aHaloReadMovesOneElementEachWay}); each
     * moves it once (the runtime gathers a halo at every read) and each transfer follows the sender's analysis of its
     * own stencil — before, a transfer waited only for its data, so a later iteration's transfers could run ahead
     * of the launch that needs them, before the iteration before it had ended.
     */
    @Test
    void aTransferFollowsTheSendersAnalysisOfItsLaunch() {
        TaskGraph g = haloGraph(2);
        Timeline t = FullSimulation.run(g);
        int transfers = 0;
        for (int i = 0; i < g.size(); i++) {
            if (g.kind(i) == TaskGraph.Kind.TRANSFER) {
                transfers++;
                assertTrue(followsItsAnalysis(g, i), "transfer " + i + " of launch " + g.launch(i));
                for (int p : g.preds(i)) {
                    assertTrue(t.start(i) >= t.end(p));
                }
            }
        }
        assertEquals(2, transfers, "one halo transfer per stencil");
    }

    /**
     * A sum over 2 tiles on 4 shards: shards 1 and 3 own no point, and still send (their empty block) in Bruck's
     * first round; every first-round send follows its shard's analysis of the sum (before, theirs had no predecessor
     * at all and ran at time 0, ahead of the launch).
     */
    @Test
    void aShardWithoutPointsJoinsTheCollectiveAfterItsAnalysis() {
        TaskGraph g = sumGraph(4, 1L << 17);
        int firstRound = 0;
        for (int i = 0; i < g.size(); i++) {
            if (g.kind(i) != TaskGraph.Kind.COLLECTIVE) {
                continue;
            }
            boolean afterCollective = false;
            for (int p : g.preds(i)) {
                afterCollective |= g.kind(p) == TaskGraph.Kind.COLLECTIVE;
            }
            if (!afterCollective) {
                firstRound++;
                assertTrue(followsItsAnalysis(g, i), "first-round send " + i);
            }
        }
        assertEquals(4, firstRound, "one first-round send per shard");
    }
}
