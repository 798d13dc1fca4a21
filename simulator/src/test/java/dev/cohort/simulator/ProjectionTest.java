package dev.cohort.simulator;

import dev.cohort.partitioner.LaunchRecord;
import dev.cohort.partitioner.MachineView;
import dev.cohort.partitioner.Operation;
import dev.cohort.partitioner.Partitioner;
import dev.cohort.partitioner.Role;
import dev.cohort.runtime.geometry.Rect;
import dev.cohort.runtime.launch.Access;
import dev.cohort.runtime.partition.Tiling;
import dev.cohort.runtime.region.FieldType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.ArrayList;
import java.util.List;
import java.util.function.LongUnaryOperator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ProjectionTest {
    /** Costs for these tests only (not a measurement): 2 us + 0.1 ns/byte kernels, a 20 us, 1 GB/s network. */
    static final Calibration TEST = Calibration.parse("""
            machine = test costs, not measured
            kernel.default = 2000, 0.0, 0.1
            launch = 20000, 500
            wait = 50000
            link.IN_PROCESS = 1000, 5
            link.IPC = 5000, 2
            link.NETWORK = 20000, 1
            simulator = 200
            """, "test");

    /** Elements per node of the tiny loop: 64 tiles of the default cache budget. */
    static final long N = 64 * MachineView.DEFAULT_MAX_TILE_VOLUME;
    static final MachineView ONE = new MachineView(1, 2, MachineView.DEFAULT_MIN_TILE_VOLUME,
            MachineView.DEFAULT_MAX_TILE_VOLUME);

    private static Operation elementwise(long n, int inputs) {
        Rect b = Rect.ofExtents(n);
        Operation.Builder op = Operation.builder(n);
        op.operand(b, Access.identity(1), Role.WRITE, null);
        for (int i = 0; i < inputs; i++) {
            op.operand(b, Access.identity(1), Role.READ, null);
            op.align(0, i + 1);
        }
        return op.build();
    }

    private static Operation sum(long n) {
        Operation.Builder op = Operation.builder(n);
        op.operand(Rect.ofExtents(1), new Access(new int[]{-1}, new long[]{1}, new long[]{0}), Role.REDUCE, null);
        op.operand(Rect.ofExtents(n), Access.identity(1), Role.READ, null);
        op.align(0, 1);
        return op.build();
    }

    private static LaunchRecord record(Operation op, long... stores) {
        FieldType[] types = new FieldType[stores.length];
        java.util.Arrays.fill(types, FieldType.FLOAT64);
        return new LaunchRecord(1020, op, Partitioner.partition(op, ONE), stores, types, 0);
    }

    /**
     * Two iterations of {@code c = a + b; a = 2 * c} (and, with {@code reduce}, {@code s = sum(a)}), as one shard
     * records them: the key partitions a launch sees are those the launches before it wrote.
     */
    static List<LaunchRecord> loop(boolean reduce) {
        List<LaunchRecord> one = new ArrayList<>();
        one.add(record(elementwise(N, 2), 3, 1, 2));
        one.add(record(elementwise(N, 1), 1, 3));
        if (reduce) {
            one.add(record(sum(N), 4, 1));
        }
        List<LaunchRecord> two = new ArrayList<>(one);
        two.addAll(one);
        return Projection.rescale(two, LongUnaryOperator.identity(), ONE, ONE, null);
    }

    static Projection.Workload workload(boolean reduce) {
        List<LaunchRecord> r = loop(reduce);
        return new Projection.Workload("tiny", r, ONE, r.size() / 2, reduce,
                nodes -> e -> e == N ? e * nodes : e, nodes -> (double) N * nodes, "elements");
    }

    @Test
    void rescaledRecordsAreTheRulesAtTheTargetSizeWithTheirOwnKeys() {
        MachineView eight = new MachineView(8, 2, MachineView.DEFAULT_MIN_TILE_VOLUME, MachineView.DEFAULT_MAX_TILE_VOLUME);
        List<LaunchRecord> scaled = Projection.rescale(loop(true), e -> e == N ? 8 * e : e, ONE, eight, null);
        assertEquals(6, scaled.size());
        // 8 N elements in tiles of the cache budget: 8 * 64 points
        assertEquals(8 * 64, scaled.get(0).strategy().pointCount());
        assertEquals(8 * N, scaled.get(0).operation().shape()[0]);
        // the second launch reads store 3 through the tiling the first one wrote
        Tiling written = (Tiling) scaled.get(0).strategy().partition(0);
        assertEquals(written, scaled.get(1).operation().operands().get(1).keyPartition());
        // the replay of the rescaled launches under the rules changes nothing
        List<LaunchRecord> replayed = new Replay(scaled, eight).apply(Configuration.RULES);
        for (int i = 0; i < scaled.size(); i++) {
            assertTrue(Replay.sameStrategy(scaled.get(i).strategy(), replayed.get(i).strategy()), "launch " + i);
        }
    }

    @Test
    @Timeout(60)
    void elementwiseLoopWeakScalesPerfectly() {
        List<Projection.Point> p = Projection.project(workload(false), new int[]{1, 2, 4, 16}, new Projection.Node(2, TEST));
        assertEquals(4, p.size());
        for (Projection.Point x : p) {
            assertEquals(1.0, x.efficiency(), 1e-9, "efficiency at " + x.nodes() + " nodes");
            assertEquals(p.get(0).secondsPerIteration(), x.secondsPerIteration(), 1e-12);
            assertEquals("rules", x.strategy());
            assertEquals(0, x.relaxedLaunches());
        }
        // the tasks of one iteration grow with the nodes: 64 points and 2 analyses per node and launch
        assertEquals(16 * (2 * 64 + 2 * 1), p.get(3).tasksPerIteration());
        assertEquals(2 * 64 + 2, p.get(0).tasksPerIteration());
        // one iteration reads and writes 2 N + 1 N... at 0.1 ns per byte on 2 processors: at least the kernels' time
        double kernels = (3 + 2) * 8.0 * N * 0.1 / 2 / 1e9;
        assertTrue(p.get(0).secondsPerIteration() >= kernels, p.get(0) + " vs " + kernels);
        assertEquals(N / p.get(0).secondsPerIteration(), p.get(0).workPerSecondPerNode(), 1e-6 * p.get(0).workPerSecondPerNode());
    }

    @Test
    @Timeout(60)
    void aReductionAcrossNodesCostsEfficiency() {
        List<Projection.Point> p = Projection.project(workload(true), new int[]{1, 2, 8, 64}, new Projection.Node(2, TEST));
        assertEquals(1.0, p.get(0).efficiency(), 1e-12);
        for (int i = 1; i < p.size(); i++) {
            assertTrue(p.get(i).efficiency() < 1 - 1e-6, "efficiency at " + p.get(i).nodes() + " nodes: " + p.get(i));
            assertTrue(p.get(i).efficiency() < p.get(i - 1).efficiency() + 1e-12,
                    "efficiency falls with the nodes: " + p);
        }
        // the all-gather of 8-byte partials takes log2(64) = 6 rounds of at least the network latency each
        double rounds = 6 * 20000e-9;
        assertTrue(p.get(3).secondsPerIteration() - p.get(0).secondsPerIteration() >= rounds,
                "64 nodes " + p.get(3) + " vs 1 node " + p.get(0));
    }

    @Test
    @Timeout(60)
    void aSlowerNetworkLowersEfficiency() {
        Projection.Node fast = new Projection.Node(2, TEST.withLink(Topology.LinkClass.NETWORK,
                Projection.parseRate("--network", "25 GB/s, 1 us").link()));
        Projection.Node slow = new Projection.Node(2, TEST.withLink(Topology.LinkClass.NETWORK,
                Projection.parseRate("--network", "1 Gb/s, 100 us").link()));
        double e1 = Projection.project(workload(true), new int[]{32}, fast).get(0).efficiency();
        double e2 = Projection.project(workload(true), new int[]{32}, slow).get(0).efficiency();
        assertTrue(e2 < e1, "slow " + e2 + " vs fast " + e1);
    }

    @Test
    void theStrategyHookIsAskedAtEverySize() {
        List<Integer> asked = new ArrayList<>();
        Projection.project(workload(false), new int[]{2, 4}, new Projection.Node(1, TEST), replay -> {
            asked.add(replay.machine().shards());
            assertEquals(4, replay.recorded().size());
            return Configuration.RULES;
        });
        assertEquals(List.of(1, 2, 4), asked);
    }

    @Test
    void networkParses() {
        Projection.Rate r = Projection.parseRate("--network", "ib-hdr: 25 GB/s, 1.5 us");
        assertEquals("ib-hdr", r.name());
        assertEquals(25.0, r.bytesPerNano(), 1e-12);
        assertEquals(1500.0, r.latencyNanos(), 1e-9);
        Calibration.LinkCost l = r.link();
        assertEquals(1500 + 1e6 / 25, l.nanos(1_000_000), 1e-6);
        assertEquals("ib-hdr: 25 GB/s, 1.5 us", r.toString());
        Projection.Rate bits = Projection.parseRate("--network", "2 us, 100 Gb/s");
        assertEquals("", bits.name());
        assertEquals(12.5, bits.bytesPerNano(), 1e-12);
        assertEquals(2000.0, bits.latencyNanos(), 1e-9);
        assertEquals(1024.0 * 1024 * 1024 / 1e9, Projection.parseRate("x", "1 GiB/s, 0 ns").bytesPerNano(), 1e-12);
        assertEquals(1e6, Projection.parseRate("x", "eth: 100 MB/s, 1 ms").latencyNanos(), 1e-6);
        assertEquals(0.1, Projection.parseRate("x", "eth: 100 MB/s, 1 ms").bytesPerNano(), 1e-12);
        Calibration.KernelCost gpu = Projection.parseRate("--gpu", "v100: 900 GB/s, 5 us").kernel();
        assertEquals(5000 + 9e6 / 900, gpu.nanos(123, 9_000_000), 1e-6);
    }

    @Test
    void badNetworksFailNamingTheText() {
        for (String bad : new String[]{"fast", "25 GB/s", "25 GB/s, 1.5 parsecs", "25 GB/s, 3 GB/s", "1 us, 2 us",
                "0 GB/s, 1 us", "x GB/s, 1 us", "25 GB/s, 1.5 us, 7 ns"}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> Projection.parseRate("--network", bad), bad);
            assertTrue(e.getMessage().contains("--network '" + bad + "'"), e.getMessage());
        }
    }

    @Test
    void badWorkloadsAndNodeCountsFail() {
        List<LaunchRecord> r = loop(false);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new Projection.Workload("odd",
                r.subList(0, 3), ONE, 2, false, n -> LongUnaryOperator.identity(), n -> 1, "x"));
        assertTrue(e.getMessage().contains("3 records for 2"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class,
                () -> Projection.project(workload(false), new int[]{1, 0}, new Projection.Node(1, TEST)));
        assertTrue(e.getMessage().contains("got 0"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> new Projection.Node(0, TEST));
        assertTrue(e.getMessage().contains("got 0"), e.getMessage());
    }

    @Test
    void gpuKernelsReplaceEveryKernelLine() {
        Calibration c = TEST.withKernel("1020.FLOAT64", new Calibration.KernelCost(1, 2, 3));
        Calibration g = Projection.withKernels(c, new Calibration.KernelCost(5000, 0, 0.001), "test gpu");
        assertEquals(1, g.kernels().size());
        assertEquals(5000, g.kernel(1020, FieldType.FLOAT64).fixedNanos());
        assertEquals(c.link(Topology.LinkClass.NETWORK), g.link(Topology.LinkClass.NETWORK));
        assertTrue(g.machine().contains("test gpu"));
    }
}
