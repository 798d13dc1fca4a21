package dev.cohort.examples.calibrate;

import dev.cohort.ndarray.Cohort;
import dev.cohort.ndarray.DType;
import dev.cohort.ndarray.NdArray;
import dev.cohort.ndarray.Np;
import dev.cohort.partitioner.LaunchRecord;
import dev.cohort.tasks.CpuTasks;
import dev.cohort.tasks.OpCode;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The program thread's costs: per launch and per point of a launch ({@code launch} in the calibration file), and
 * the time from a result's completion to the blocked program thread running on ({@code wait}).
 *
 * <p><b>Launch.</b> A chain of {@code np.add(a, b, out=c)} on tiny arrays cut into P tiles (P from 1 to 64, read
 * back from the recorded launches) is issued without waiting; the program thread's time per launch is the time
 * between the starts of consecutive analyses (the profiler's {@code analysis} spans) less the spans of anything else
 * the program thread ran in between (small point tasks it runs itself, waits). That is everything the program
 * thread does for a launch: the array layer, the partitioner and the runtime's coarse and fine stage. Its median per
 * P is fitted as {@code launch + point * P}.
 *
 * <p><b>Wait.</b> {@code a.sum().itemDouble()} on 1 000 elements, timed around the call: its median less the
 * program thread's time per {@code a.sum()} launch (measured as above on a chain of them that nobody waits for) and
 * the median of the sum's point task.
 */
final class LaunchBench {
    /** Elements of a tile of the launch chain. */
    static final long TILE = 16;
    static final long[] TILES = {1, 2, 4, 8, 16, 32, 64};
    static final long[] TILES_QUICK = {1, 4, 16, 64};
    /** Elements of the array whose sum the wait is measured on. */
    static final long WAIT_ELEMENTS = 1000;

    /** The program-thread time per launch at one tile count: median, and the launches measured. */
    record Sample(long points, double nanos, int count) {
    }

    /** What was measured. */
    record Result(List<Sample> samples, double launchNanos, double pointNanos, Fit.Result fit, double waitNanos,
                  double waitTotalNanos, double waitLaunchNanos, double waitTaskNanos) {
    }

    private final Path scratch;
    private final boolean quick;

    LaunchBench(Path scratch, boolean quick) {
        this.scratch = scratch;
        this.quick = quick;
    }

    Result measure() {
        int chain = quick ? 150 : 400;
        chain(4, chain); // warm-up
        List<Sample> samples = new ArrayList<>();
        for (long tiles : quick ? TILES_QUICK : TILES) {
            samples.add(chain(tiles, chain));
        }
        double[][] x = new double[samples.size()][];
        double[] t = new double[samples.size()];
        for (int i = 0; i < t.length; i++) {
            x[i] = new double[]{1, samples.get(i).points};
            t[i] = samples.get(i).nanos;
        }
        Fit.Result f = Fit.nonNegative(x, t);
        double launch = f.coefficients()[0];
        double point = f.coefficients()[1];
        int calls = quick ? 100 : 400;
        waits(calls); // warm-up
        double[] w = waits(calls);
        double sumLaunch = programThread(new Cohort.Config().eagerMaxVolume(0), OpCode.REDUCE, calls, () -> {
            NdArray a = Np.full(new long[]{WAIT_ELEMENTS}, 0.5, DType.FLOAT64);
            NdArray s = null;
            for (int i = 0; i < calls; i++) {
                s = a.sum();
            }
            s.itemDouble();
        }).nanos;
        double wait = Math.max(0, w[0] - sumLaunch - w[1]);
        return new Result(samples, launch, point, f, wait, w[0], sumLaunch, w[1]);
    }

    /** {@code launches} launches of {@code np.add} on arrays of {@code tiles * TILE} elements cut into tiles of TILE. */
    Sample chain(long tiles, int launches) {
        long n = tiles * TILE;
        Cohort.Config config = new Cohort.Config().eagerMaxVolume(0).minTileVolume(TILE).maxTileVolume(TILE);
        return programThread(config, OpCode.BINARY_OP, launches, () -> {
            NdArray a = Np.full(new long[]{n}, 0.5, DType.FLOAT64);
            NdArray b = Np.full(new long[]{n}, 0.25, DType.FLOAT64);
            NdArray c = Np.empty(new long[]{n}, DType.FLOAT64);
            for (int i = 0; i < launches; i++) {
                Np.add(a, b, c);
            }
            c.sum().itemDouble();
        });
    }

    /**
     * The program thread's time per launch of {@code op} in a program that issues {@code launches} of them (and
     * others, of other op codes, after them): the median time between the starts of consecutive analyses of
     * {@code op}, less what else the program thread ran in between.
     */
    Sample programThread(Cohort.Config config, OpCode op, int launches, Profiled.Body body) {
        Profiled p = Profiled.run(scratch, config, body);
        long points = -1;
        for (LaunchRecord r : p.launches()) {
            if (r.taskId() == op.taskId()) {
                long k = r.strategy().pointCount();
                if (points >= 0 && k != points) {
                    throw new IllegalStateException("a chain of " + op + " has launches of " + points + " and of " + k
                            + " points");
                }
                points = k;
            }
        }
        List<TraceSpans.Span> analyses = p.spans().of(TraceSpans.ANALYSIS, CpuTasks.taskName(op));
        if (analyses.size() != launches || points < 0) {
            throw new IllegalStateException("a chain of " + op + " issued " + launches + " launches but the profile has "
                    + analyses.size() + " analyses of them");
        }
        long tid = analyses.get(0).tid();
        List<TraceSpans.Span> other = p.spans().where(s -> s.tid() == tid && !s.category().equals(TraceSpans.ANALYSIS));
        double[] gaps = new double[analyses.size() - 1];
        int j = 0;
        for (int i = 0; i + 1 < analyses.size(); i++) {
            long from = analyses.get(i).startNanos();
            long to = analyses.get(i + 1).startNanos();
            long busyElsewhere = 0;
            while (j < other.size() && other.get(j).startNanos() < from) {
                j++;
            }
            for (int k = j; k < other.size() && other.get(k).startNanos() < to; k++) {
                busyElsewhere += Math.min(other.get(k).endNanos(), to) - other.get(k).startNanos();
            }
            gaps[i] = Math.max(1, to - from - busyElsewhere);
        }
        return new Sample(points, KernelBench.median(gaps), gaps.length);
    }

    /** {@code calls} timed {@code a.sum().itemDouble()}: medians of the call and of the sum's point task, ns. */
    double[] waits(int calls) {
        double[] total = new double[calls];
        Profiled p = Profiled.run(scratch, new Cohort.Config().eagerMaxVolume(0), () -> {
            NdArray a = Np.full(new long[]{WAIT_ELEMENTS}, 0.5, DType.FLOAT64);
            for (int i = 0; i < calls; i++) {
                long t0 = System.nanoTime();
                a.sum().itemDouble();
                total[i] = System.nanoTime() - t0;
            }
        });
        List<TraceSpans.Span> tasks = p.spans().of(TraceSpans.TASK, CpuTasks.taskName(OpCode.REDUCE));
        if (tasks.size() != calls) {
            throw new IllegalStateException(calls + " sums but " + tasks.size() + " reduce tasks in the profile");
        }
        double[] d = new double[calls];
        for (int i = 0; i < calls; i++) {
            d[i] = tasks.get(i).durNanos();
        }
        return new double[]{KernelBench.median(total), KernelBench.median(d)};
    }
}
