package dev.cohort.runtime;

import dev.cohort.runtime.geometry.Rect;
import dev.cohort.runtime.launch.GroupLaunch;
import dev.cohort.runtime.launch.Privilege;
import dev.cohort.runtime.launch.ProcessorKind;
import dev.cohort.runtime.launch.TaskRegistry;
import dev.cohort.runtime.partition.Tiling;
import dev.cohort.runtime.region.FieldType;
import dev.cohort.runtime.region.Store;
import java.util.List;

/**
 * Runtime overhead per point task on one shard (issue 5, lever 4): an empty task launched
 * READ_WRITE through a tiling of one element per tile, so the cost is launch + determinism hash +
 * coarse + fine analysis + scheduling + completion. Not a test; run as a main:
 * <pre>
 *   java -cp ... dev.cohort.runtime.OverheadProbe [widths=1,16,256] [checks=both|on|off] [points=400000] [cpus=1]
 *       [trace=both|on|off] [memo=on|off|both]
 * </pre>
 * {@code memo}: automatic tracing (the runtime-wide memo of launch shapes); {@code trace}: the launches
 * issued inside explicit {@code Runtime.trace} calls of 64 launches. Prints one line per configuration:
 * microseconds per point task and per launch (wall clock, from the first launch to the end of the
 * final sync) and the program thread's CPU time per point task (launch + analysis + submission,
 * robust to other load on the machine), best of 5 rounds.
 */
public final class OverheadProbe {
    static final int EMPTY = 1900;

    private OverheadProbe() {
    }

    public static void main(String[] args) {
        String widths = "1,16,256";
        String checks = "both";
        String trace = "off";
        long points = 400_000;
        int cpus = 1;
        String memo = "on";
        for (String a : args) {
            String[] kv = a.split("=", 2);
            switch (kv[0]) {
                case "widths" -> widths = kv[1];
                case "checks" -> checks = kv[1];
                case "points" -> points = Long.parseLong(kv[1]);
                case "cpus" -> cpus = Integer.parseInt(kv[1]);
                case "trace" -> trace = kv[1];
                case "memo" -> memo = kv[1];
                default -> throw new IllegalArgumentException("unknown argument " + a);
            }
        }
        // warm-up: every code path once, so the first configuration measured is not the JIT's
        for (String w : widths.split(",")) {
            measure(Integer.parseInt(w), Math.min(points, 50_000), cpus, true, !trace.equals("off"), !memo.equals("off"));
            measure(Integer.parseInt(w), Math.min(points, 50_000), cpus, false, false, false);
        }
        for (String c : checks.equals("both") ? new String[] {"off", "on"} : new String[] {checks}) {
            for (String m : memo.equals("both") ? new String[] {"off", "on"} : new String[] {memo}) {
                for (String t : trace.equals("both") ? new String[] {"off", "on"} : new String[] {trace}) {
                    for (String w : widths.split(",")) {
                        int width = Integer.parseInt(w);
                        double[] us = measure(width, points, cpus, c.equals("on"), t.equals("on"), m.equals("on"));
                        System.out.printf("width=%d checks=%s memo=%s trace=%s cpus=%d: %.2f us/point task (wall), %.2f us/launch, program thread CPU %.2f us/point task%n",
                                width, c, m, t, cpus, us[0], us[0] * width, us[1]);
                    }
                }
            }
        }
    }

    static TaskRegistry registry() {
        TaskRegistry r = new TaskRegistry();
        r.register(EMPTY, "empty", ProcessorKind.CPU, ctx -> { });
        return r;
    }

    /** Best-of-rounds microseconds per point task. */
    static double[] measure(int width, long points, int cpus, boolean checks, boolean trace, boolean memo) {
        RuntimeConfig config = new RuntimeConfig().registry(registry()).cpus(cpus).determinismChecks(checks)
                .memoizeLaunches(memo);
        int launches = (int) Math.max(1, points / width);
        List<double[]> best = LocalShards.run(1, config, rt -> {
            Store s = rt.createStore(Rect.ofExtents(width), FieldType.FLOAT64);
            Tiling tiles = Tiling.of(1);
            Rect domain = tiles.colorSpace(s.bounds());
            double b = Double.MAX_VALUE;
            double cpu = Double.MAX_VALUE;
            java.lang.management.ThreadMXBean mx = java.lang.management.ManagementFactory.getThreadMXBean();
            for (int round = 0; round < 6; round++) {
                rt.sync();
                long t0 = System.nanoTime();
                long c0 = mx.getCurrentThreadCpuTime();
                if (trace) {
                    int per = 64;
                    for (int i = 0; i < launches; i += per) {
                        int n = Math.min(per, launches - i);
                        rt.trace(7, () -> {
                            for (int k = 0; k < n; k++) {
                                rt.execute(GroupLaunch.builder(EMPTY, domain).require(s, tiles, Privilege.READ_WRITE).build());
                            }
                        });
                    }
                } else {
                    for (int i = 0; i < launches; i++) {
                        rt.execute(GroupLaunch.builder(EMPTY, domain).require(s, tiles, Privilege.READ_WRITE).build());
                    }
                }
                long c1 = mx.getCurrentThreadCpuTime();
                rt.sync();
                double us = (System.nanoTime() - t0) / 1e3 / ((double) launches * width);
                if (round > 0) {
                    b = Math.min(b, us);
                    cpu = Math.min(cpu, (c1 - c0) / 1e3 / ((double) launches * width));
                }
            }
            return new double[] {b, cpu};
        });
        return best.get(0);
    }
}
