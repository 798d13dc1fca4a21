package dev.cohort.runtime;

import dev.cohort.runtime.geometry.Rect;
import dev.cohort.runtime.launch.GroupLaunch;
import dev.cohort.runtime.launch.Privilege;
import dev.cohort.runtime.launch.ProcessorKind;
import dev.cohort.runtime.launch.ReductionOp;
import dev.cohort.runtime.launch.TaskRegistry;
import dev.cohort.runtime.partition.Replicated;
import dev.cohort.runtime.partition.Tiling;
import dev.cohort.runtime.region.FieldType;
import dev.cohort.runtime.region.Store;
import java.util.List;

/**
 * Runtime overhead of a logistic-regression-shaped loop on one shard (issue 5, levers 3 and 4):
 * per iteration 8 launches over {@code tiles} tiles, as the array layer issues them, each writing a
 * new temporary that is closed afterwards — z = X w, p = -z, p = exp(p), p = p + 1, p = 1 / p,
 * r = p - y, g = X^T r (a reduction into a replicated store), w = w - c g (replicated execution).
 * The tasks are empty, so the time is launch + analysis + scheduling. Not a test; run as a main:
 * <pre>
 *   java -cp ... dev.cohort.runtime.LogregOverheadProbe [tiles=16] [iterations=3000] [checks=on|off] [cpus=1]
 * </pre>
 * Prints microseconds per launch and per point task without memo, with the automatic shape memo,
 * and with an explicit trace per iteration (memo off), best of 5 rounds.
 */
public final class LogregOverheadProbe {
    static final int FIRST = 1910;

    private LogregOverheadProbe() {
    }

    public static void main(String[] args) {
        int tiles = 16;
        int iterations = 3000;
        boolean checks = true;
        int cpus = 1;
        for (String a : args) {
            String[] kv = a.split("=", 2);
            switch (kv[0]) {
                case "tiles" -> tiles = Integer.parseInt(kv[1]);
                case "iterations" -> iterations = Integer.parseInt(kv[1]);
                case "checks" -> checks = kv[1].equals("on");
                case "cpus" -> cpus = Integer.parseInt(kv[1]);
                default -> throw new IllegalArgumentException("unknown argument " + a);
            }
        }
        for (String mode : new String[] {"off", "memo", "trace"}) {
            measure(tiles, Math.min(iterations, 500), cpus, checks, mode); // warm-up
        }
        for (String mode : new String[] {"off", "memo", "trace"}) {
            double[] r = measure(tiles, iterations, cpus, checks, mode);
            double us = r[0];
            double pointsPerIteration = 7.0 * tiles + 1;
            System.out.printf("logreg tiles=%d checks=%s mode=%s: %.2f us/iteration, %.2f us/launch, %.2f us/point task (wall);"
                    + " program thread CPU %.2f us/launch, %.2f us/point task%n",
                    tiles, checks ? "on" : "off", mode, us, us / 8, us / pointsPerIteration, r[1] / 8, r[1] / pointsPerIteration);
        }
    }

    static TaskRegistry registry() {
        TaskRegistry r = new TaskRegistry();
        for (int t = 0; t < 8; t++) {
            r.register(FIRST + t, "logreg-step-" + t, ProcessorKind.CPU, ctx -> { });
        }
        return r;
    }

    /** Best-of-rounds microseconds per iteration: wall clock, and the program thread's CPU time. */
    static double[] measure(int tiles, int iterations, int cpus, boolean checks, String mode) {
        RuntimeConfig config = new RuntimeConfig().registry(registry()).cpus(cpus).determinismChecks(checks)
                .memoizeLaunches(mode.equals("memo"));
        List<double[]> best = LocalShards.run(1, config, rt -> {
            long rows = 64L * tiles;
            Rect rowsRect = Rect.ofExtents(rows);
            Rect xRect = Rect.ofExtents(rows, 8);
            Tiling rowTiles = Tiling.of(64);
            Tiling xTiles = Tiling.of(64, 8);
            Rect domain = rowTiles.colorSpace(rowsRect);
            Store x = rt.createStore(xRect, FieldType.FLOAT64);
            Store y = rt.createStore(rowsRect, FieldType.FLOAT64);
            Store[] w = {rt.createStore(Rect.ofExtents(8), FieldType.FLOAT64)};
            dev.cohort.runtime.partition.Projection xProj = dev.cohort.runtime.partition.Projection.of(new int[] {0, -1}, new long[2]);
            rt.execute(GroupLaunch.builder(FIRST, domain).require(x, xTiles, xProj, Privilege.WRITE_DISCARD).build());
            rt.execute(GroupLaunch.builder(FIRST, domain).require(y, rowTiles, Privilege.WRITE_DISCARD).build());
            double b = Double.MAX_VALUE;
            double cpu = Double.MAX_VALUE;
            java.lang.management.ThreadMXBean mx = java.lang.management.ManagementFactory.getThreadMXBean();
            for (int round = 0; round < 6; round++) {
                rt.sync();
                long t0 = System.nanoTime();
                long c0 = mx.getCurrentThreadCpuTime();
                for (int it = 0; it < iterations; it++) {
                    Runnable body = () -> {
                        Store z = rt.createStore(rowsRect, FieldType.FLOAT64);
                        rt.execute(GroupLaunch.builder(FIRST, domain).require(x, xTiles, xProj, Privilege.READ)
                                .require(w[0], Replicated.INSTANCE, Privilege.READ)
                                .require(z, rowTiles, Privilege.WRITE_DISCARD).build());
                        Store p = rt.createStore(rowsRect, FieldType.FLOAT64);
                        rt.execute(GroupLaunch.builder(FIRST + 1, domain).require(z, rowTiles, Privilege.READ)
                                .require(p, rowTiles, Privilege.WRITE_DISCARD).build());
                        rt.execute(GroupLaunch.builder(FIRST + 2, domain).require(p, rowTiles, Privilege.READ_WRITE).build());
                        rt.execute(GroupLaunch.builder(FIRST + 3, domain).require(p, rowTiles, Privilege.READ_WRITE)
                                .scalars(TestTasks.scalar(1.0)).build());
                        rt.execute(GroupLaunch.builder(FIRST + 4, domain).require(p, rowTiles, Privilege.READ_WRITE).build());
                        Store r = rt.createStore(rowsRect, FieldType.FLOAT64);
                        rt.execute(GroupLaunch.builder(FIRST + 5, domain).require(p, rowTiles, Privilege.READ)
                                .require(y, rowTiles, Privilege.READ).require(r, rowTiles, Privilege.WRITE_DISCARD).build());
                        Store g = rt.createStore(Rect.ofExtents(8), FieldType.FLOAT64);
                        rt.execute(GroupLaunch.builder(FIRST + 6, domain).require(x, xTiles, xProj, Privilege.READ)
                                .require(r, rowTiles, Privilege.READ)
                                .require(g, Replicated.INSTANCE, Privilege.reduce(ReductionOp.SUM)).build());
                        Store w2 = rt.createStore(Rect.ofExtents(8), FieldType.FLOAT64);
                        rt.execute(GroupLaunch.single(FIRST + 7).require(w[0], Replicated.INSTANCE, Privilege.READ)
                                .require(g, Replicated.INSTANCE, Privilege.READ)
                                .require(w2, Replicated.INSTANCE, Privilege.WRITE_DISCARD)
                                .scalars(TestTasks.scalar(0.5)).build());
                        z.close();
                        p.close();
                        r.close();
                        g.close();
                        w[0].close();
                        w[0] = w2;
                    };
                    if (mode.equals("trace")) {
                        rt.trace(1, body);
                    } else {
                        body.run();
                    }
                }
                long c1 = mx.getCurrentThreadCpuTime();
                rt.sync();
                double us = (System.nanoTime() - t0) / 1e3 / iterations;
                if (round > 0) {
                    b = Math.min(b, us);
                    cpu = Math.min(cpu, (c1 - c0) / 1e3 / iterations);
                }
            }
            return new double[] {b, cpu};
        });
        return best.get(0);
    }
}
