package dev.cohort.examples.calibrate;

import dev.cohort.ndarray.Cohort;
import dev.cohort.ndarray.DType;
import dev.cohort.ndarray.NdArray;
import dev.cohort.ndarray.Np;
import dev.cohort.partitioner.LaunchRecord;
import dev.cohort.simulator.Calibration;
import dev.cohort.simulator.CostModel;
import dev.cohort.simulator.FullSimulation;
import dev.cohort.simulator.GraphBuilder;
import dev.cohort.simulator.TaskGraph;
import dev.cohort.simulator.Timeline;
import dev.cohort.simulator.Topology;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;

/**
 * The simulator's own cost per task: the launches of a recorded loop (element-wise updates and reductions of a
 * vector cut into 64 tiles, 10 iterations) are repeated into a long sequence, and its task graph on 64 nodes of 4
 * processors is built ({@link GraphBuilder}) and fully simulated ({@link FullSimulation}); the median time of build
 * plus simulation over the graph's tasks.
 */
final class SimulatorBench {
    static final int NODES = 64;

    /**
     * What was measured: tasks of the graph, launches, its makespan (simulated, ns), median seconds of build plus
     * simulation, ns per task, and the median ns per task of the build and of the simulation alone.
     */
    record Result(int tasks, int launches, double makespanNanos, double seconds, double nanosPerTask,
                  double buildNanosPerTask, double simulateNanosPerTask) {
    }

    private final Path scratch;
    private final boolean quick;

    SimulatorBench(Path scratch, boolean quick) {
        this.scratch = scratch;
        this.quick = quick;
    }

    Result measure(Calibration calibration) {
        List<LaunchRecord> loop = record();
        List<LaunchRecord> launches = new ArrayList<>();
        int copies = quick ? 10 : 40;
        for (int i = 0; i < copies; i++) {
            launches.addAll(loop);
        }
        CostModel cost = new CostModel(calibration, new Topology(NODES, 1, 4, false));
        int reps = quick ? 3 : 5;
        double[] seconds = new double[reps];
        double[] build = new double[reps];
        double[] simulate = new double[reps];
        TaskGraph g = null;
        Timeline t = null;
        for (int i = -1; i < reps; i++) { // i = -1: warm-up
            long t0 = System.nanoTime();
            g = GraphBuilder.build(launches, cost, new BitSet());
            long t1 = System.nanoTime();
            t = FullSimulation.run(g);
            long t2 = System.nanoTime();
            if (i >= 0) {
                seconds[i] = (t2 - t0) / 1e9;
                build[i] = (double) (t1 - t0) / g.size();
                simulate[i] = (double) (t2 - t1) / g.size();
            }
        }
        double s = KernelBench.median(seconds);
        return new Result(g.size(), launches.size(), t.makespan(), s, s * 1e9 / g.size(), KernelBench.median(build),
                KernelBench.median(simulate));
    }

    /** The launches of 10 iterations of a loop over a vector of 2^14 elements in 64 tiles. */
    List<LaunchRecord> record() {
        long n = 1 << 14;
        Cohort.Config config = new Cohort.Config().eagerMaxVolume(0).minTileVolume(n / 64).maxTileVolume(n / 64);
        Profiled p = Profiled.run(scratch, config, () -> {
            NdArray x = Np.full(new long[]{n}, 0.5, DType.FLOAT64);
            NdArray r = Np.full(new long[]{n}, 0.25, DType.FLOAT64);
            NdArray q = Np.empty(new long[]{n}, DType.FLOAT64);
            for (int it = 0; it < 10; it++) {
                Np.multiply(r, 0.5, q);
                Np.add(x, q, x);
                r.multiply(r).sum();
                Np.exp(q, r);
                Np.copyto(q, x.multiply(0.25).add(r));
            }
            x.sum().itemDouble();
        });
        return p.launches();
    }
}
