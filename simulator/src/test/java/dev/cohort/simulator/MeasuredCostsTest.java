package dev.cohort.simulator;

import dev.cohort.partitioner.LaunchRecord;
import dev.cohort.partitioner.MachineView;
import org.junit.jupiter.api.Test;

import java.util.BitSet;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The loop's measured costs as the strategy search reads and applies them. */
class MeasuredCostsTest {
    private static final long MIN_TILE = 1L << 16;

    /** Two iterations of {@link SearchTest#smallLoop} over 2^18 elements on 4 shards (3 launches each). */
    private static List<LaunchRecord> twoIterations() {
        return SearchTest.smallLoop(new MachineView(4, 1, MIN_TILE), 1L << 18, 2);
    }

    /** 4 shard processes of one processor, 40 us a message. */
    private static CostModel fourShards() {
        return new CostModel(Loops.calibration(40_000, 1), Topology.oneNode(4, 1, false));
    }

    @Test
    void theBroadcastBytesGiveBackTheReading() {
        MeasuredCosts m = new MeasuredCosts(7, 123_456_789L, Map.of(1001, new long[] {40, 9_000_000L},
                1003, new long[] {12, 300_000L}), 5_000_000_000L, 1234);
        MeasuredCosts back = MeasuredCosts.decode(m.encode());
        assertEquals(7, back.collectives());
        assertEquals(123_456_789L, back.collectiveNanos());
        assertEquals(List.of(1001, 1003), List.copyOf(back.pointTasks().keySet()));
        assertArrayEquals(new long[] {40, 9_000_000L}, back.pointTasks().get(1001));
        assertArrayEquals(new long[] {12, 300_000L}, back.pointTasks().get(1003));
        assertEquals(5_000_000_000L, back.wallNanos());
        assertEquals(1234, back.compileMillis());
        assertThrows(IllegalArgumentException.class, () -> MeasuredCosts.decode(new byte[35]));
        byte[] cut = m.encode();
        assertThrows(IllegalArgumentException.class, () -> MeasuredCosts.decode(java.util.Arrays.copyOf(cut, cut.length - 4)));
        assertThrows(IllegalArgumentException.class, () -> new MeasuredCosts(-1, 0));
        assertThrows(IllegalArgumentException.class, () -> new MeasuredCosts(0, 0, Map.of(1, new long[] {1})));
    }

    /** A window is the difference of two readings; task ids that ran no point task in it are left out. */
    @Test
    void aWindowIsTheDifferenceOfTwoReadings() {
        MeasuredCosts a = new MeasuredCosts(3, 3_000, Map.of(1001, new long[] {10, 100}, 1003, new long[] {5, 50}), 1_000, 20);
        MeasuredCosts b = new MeasuredCosts(7, 11_000, Map.of(1001, new long[] {14, 180}, 1003, new long[] {5, 50},
                1005, new long[] {2, 40}), 9_000, 25);
        MeasuredCosts w = b.since(a);
        assertEquals(8_000, w.wallNanos());
        assertEquals(5, w.compileMillis());
        assertEquals(-1, b.since(new MeasuredCosts(3, 3_000)).compileMillis(), "not reported in one reading");
        assertEquals(4, w.collectives());
        assertEquals(8_000, w.collectiveNanos());
        assertEquals(2_000.0, w.meanCollectiveNanos());
        assertEquals(List.of(1001, 1005), List.copyOf(w.pointTasks().keySet()));
        assertArrayEquals(new long[] {4, 80}, w.pointTasks().get(1001));
        assertArrayEquals(new long[] {2, 40}, w.pointTasks().get(1005));
        assertEquals(8_000 + 80 + 40, w.totalNanos());
        assertTrue(Double.isNaN(new MeasuredCosts(0, 0).meanCollectiveNanos()));
    }

    /**
     * The measured mean collective over the ⌈log₂ N⌉ Bruck rounds becomes the latency of the shards' link class (the
     * bandwidth kept); too few collectives or one shard leave the model as it was.
     */
    @Test
    void collectivesSetTheLinkLatencyPerBruckRound() {
        Calibration cal = Loops.calibration(40_000, 0.7);
        for (int shards : new int[] {2, 3, 4, 8}) {
            CostModel cost = new CostModel(cal, Topology.oneNode(shards, 1, false));
            CostModel m = new MeasuredCosts(10, 10 * 6_000_000L).applyLinks(cost);
            int rounds = 32 - Integer.numberOfLeadingZeros(shards - 1);
            Calibration.LinkCost ipc = m.calibration().link(Topology.LinkClass.IPC);
            assertEquals(6_000_000.0 / rounds, ipc.latencyNanos(), 1e-6, shards + " shards");
            assertEquals(0.7, ipc.bytesPerNano());
            assertEquals(40_000, m.calibration().link(Topology.LinkClass.NETWORK).latencyNanos(), "other classes kept");
        }
        CostModel inProcess = new CostModel(cal, Topology.oneNode(4, 1, true));
        assertEquals(3_000_000, new MeasuredCosts(4, 4 * 6_000_000L).applyLinks(inProcess).calibration()
                .link(Topology.LinkClass.IN_PROCESS).latencyNanos(), 1e-6);
        CostModel four = new CostModel(cal, Topology.oneNode(4, 1, false));
        assertSame(four, new MeasuredCosts(MeasuredCosts.MIN_COLLECTIVES - 1, 9_000_000).applyLinks(four));
        CostModel one = new CostModel(cal, Topology.oneNode(1, 2, false));
        assertSame(one, new MeasuredCosts(50, 50 * 9_000_000L).applyLinks(one));
    }

    /**
     * The fitted latency makes the simulated all-gathers of shard 0 take the measured mean: less than giving the
     * whole mean to the latency (part of it is waiting for the other shards' contributions, which the graph models),
     * and the simulated mean then matches within 0.1 %.
     */
    @Test
    void theFittedLinkReproducesTheMeasuredAllGathers() {
        List<LaunchRecord> two = twoIterations();
        BitSet block = SearchAdvisor.blockingLaunches(two, 3);
        CostModel cost = fourShards();
        MeasuredCosts m = new MeasuredCosts(20, 20 * 3_000_000L);
        CostModel fitted = m.fitLinks(cost, two, 3, block);
        double latency = fitted.calibration().link(Topology.LinkClass.IPC).latencyNanos();
        assertTrue(latency < m.applyLinks(cost).calibration().link(Topology.LinkClass.IPC).latencyNanos(), "" + latency);
        assertTrue(latency > 40_000, "" + latency);
        assertEquals(3_000_000, MeasuredCosts.simulatedCollectiveNanos(fitted, two, 3, block), 3_000);
        assertSame(cost, new MeasuredCosts(1, 3_000_000).fitLinks(cost, two, 3, block), "too few measured");
        // a loop with no all-gather on shard 0 (the element-wise launches alone): the mean over the 2 Bruck rounds
        List<LaunchRecord> elementwise = List.of(two.get(0), two.get(1), two.get(3), two.get(4));
        assertEquals(1_500_000, m.fitLinks(cost, elementwise, 2, new BitSet()).calibration()
                .link(Topology.LinkClass.IPC).latencyNanos(), 1e-6);
    }

    /**
     * Each op code's kernels are scaled by its measured mean point task over the model's mean for it in the recorded
     * loop: measuring exactly the model's means gives factors of 1, measuring three times them gives 3 (and three times
     * the predicted kernel time of the iteration); op codes not measured keep the calibration's.
     */
    @Test
    void pointTasksScaleEachOpCodesKernels() {
        List<LaunchRecord> two = twoIterations();
        BitSet block = SearchAdvisor.blockingLaunches(two, 3);
        CostModel cost = fourShards();
        IterationPrediction p = IterationPrediction.of(two, 3, cost, block);
        double[] binary = new double[2]; // {tasks, ns} of the second iteration's binary launches
        for (int i = 0; i < 2; i++) {
            binary[0] += p.pointTasks(i);
            binary[1] += p.pointNanos(i);
        }
        long tasks = 100;
        long asModel = Math.round(tasks * binary[1] / binary[0]);
        CostModel same = new MeasuredCosts(0, 0, Map.of(Loops.BINARY, new long[] {tasks, asModel})).applyTo(cost, two, 3, block);
        assertEquals(1.0, same.pointScales().get(Loops.BINARY), 1e-6);
        assertFalse(same.pointScales().containsKey(Loops.REDUCE), "the sum was not measured");
        CostModel slow = new MeasuredCosts(0, 0, Map.of(Loops.BINARY, new long[] {tasks, 3 * asModel})).applyTo(cost, two, 3, block);
        assertEquals(3.0, slow.pointScales().get(Loops.BINARY), 1e-6);
        IterationPrediction q = IterationPrediction.of(two, 3, slow, block);
        assertEquals(3 * (p.pointNanos(0) + p.pointNanos(1)), q.pointNanos(0) + q.pointNanos(1), 1e-3 * binary[1]);
        assertEquals(p.pointNanos(2), q.pointNanos(2), 1e-9, "the sum keeps the calibration's kernels");
        // shard 0 runs 2 of the loop's binary point tasks an iteration (4 points a launch, BLOCKED over 4 shards)
        assertEquals(1, MeasuredCosts.shardZeroPoints(two.get(3), 4));
        CostModel loopOnly = new MeasuredCosts(0, 0, Map.of(Loops.BINARY, new long[] {20, 60 * asModel / tasks}))
                .applyTo(cost, two, 3, block, 10);
        assertEquals(3.0, loopOnly.pointScales().get(Loops.BINARY), 1e-6, "20 point tasks in 10 iterations: the loop's");
        CostModel outside = new MeasuredCosts(0, 0, Map.of(Loops.BINARY, new long[] {tasks, 3 * asModel}))
                .applyTo(cost, two, 3, block, 10);
        assertFalse(outside.pointScales().containsKey(Loops.BINARY), "100 in 10 iterations: the op code ran elsewhere too");
    }

    /**
     * Two windows are settled when their measured time per iteration differs by at most 25 % of the larger; a window
     * is quiet when the JIT took at most the given share of its wall time.
     */
    @Test
    void windowsSettleWhenTheirTimesAgree() {
        MeasuredCosts w = new MeasuredCosts(2, 1_000, Map.of(1001, new long[] {4, 3_000}));
        assertFalse(MeasurementWindows.settled(null, 8, w, 8));
        assertTrue(MeasurementWindows.settled(w, 8, w, 8));
        assertTrue(MeasurementWindows.settled(new MeasuredCosts(2, 5_000), 8, w, 8), "4 000 ns against 5 000");
        assertFalse(MeasurementWindows.settled(new MeasuredCosts(2, 6_000), 8, w, 8), "4 000 ns against 6 000");
        assertTrue(MeasurementWindows.settled(new MeasuredCosts(2, 10_000), 20, w, 8), "per iteration: 500 ns against 500");
        assertTrue(new MeasuredCosts(0, 0, Map.of(), 1_000_000_000L, 50).compilerQuiet(0.05));
        assertFalse(new MeasuredCosts(0, 0, Map.of(), 1_000_000_000L, 51).compilerQuiet(0.05));
        assertTrue(new MeasuredCosts(0, 0, Map.of(), 1_000_000_000L, -1).compilerQuiet(0.05), "not reported");
    }
}
