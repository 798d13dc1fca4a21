package dev.cohort.bench.micro;

import dev.cohort.ndarray.Cohort;
import dev.cohort.ndarray.NdArray;
import dev.cohort.ndarray.Np;
import dev.cohort.runtime.RuntimeConfig;
import dev.cohort.runtime.geometry.Rect;
import dev.cohort.runtime.launch.GroupLaunch;
import dev.cohort.runtime.launch.ProcessorKind;
import dev.cohort.runtime.launch.TaskRegistry;
import dev.cohort.tasks.CpuTasks;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

import java.util.concurrent.TimeUnit;

/**
 * Runtime overhead per point task on one shard (default worker count: the processors, here 2).
 * One invocation hands the shard's program thread a job of {@link #POINTS} point tasks — group
 * launches of {@code width} points of a registered empty task (no requirements), issued back to
 * back, then {@code Runtime.sync()} — so the score, per point task, is launch + coarse/fine
 * analysis + scheduling + execution of an empty body, amortising the one hand-over per job.
 * {@code ndarray_op} does the same through the NdArray API: {@value #OPS} tiny (16-element,
 * replicated, one-point) {@code x = x.add(1.0)} per invocation, then sync; its score is per NdArray
 * operation. Both with the control-determinism checks on and off.
 */
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class RuntimeOverheadBench {
    /** Point tasks per invocation. */
    public static final int POINTS = 4096;
    /** NdArray operations per invocation. */
    public static final int OPS = 1024;
    /** Task id of the empty benchmark task. */
    public static final int EMPTY_TASK = 1990;

    @State(Scope.Benchmark)
    public static class Launches {
        @Param({"1", "2", "16", "256"})
        public int width;

        @Param({"true", "false"})
        public boolean checks;

        ShardServer server;
        GroupLaunch launch;

        @Setup(Level.Trial)
        public void setup() {
            TaskRegistry registry = new TaskRegistry();
            CpuTasks.register(registry);
            registry.register(EMPTY_TASK, "bench.empty", ProcessorKind.CPU, ctx -> {
            });
            server = ShardServer.runtime(new RuntimeConfig().registry(registry).determinismChecks(checks));
            launch = GroupLaunch.builder(EMPTY_TASK, Rect.ofExtents(width)).build();
        }

        @TearDown(Level.Trial)
        public void tearDown() {
            server.close();
        }
    }

    @State(Scope.Benchmark)
    public static class Arrays {
        @Param({"true", "false"})
        public boolean checks;

        ShardServer server;

        @Setup(Level.Trial)
        public void setup() {
            server = ShardServer.ndarray(new Cohort.Config().determinismChecks(checks));
        }

        @TearDown(Level.Trial)
        public void tearDown() {
            server.close();
        }
    }

    @Benchmark
    @OperationsPerInvocation(POINTS)
    public void launch_points(Launches s) {
        GroupLaunch l = s.launch;
        int launches = POINTS / s.width;
        s.server.call(rt -> {
            for (int i = 0; i < launches; i++) {
                rt.execute(l);
            }
            rt.sync();
        });
    }

    @Benchmark
    @OperationsPerInvocation(OPS)
    public void ndarray_op(Arrays s) {
        s.server.call(rt -> {
            NdArray x = Np.zeros(16);
            for (int i = 0; i < OPS; i++) {
                x = x.add(1.0);
            }
            rt.sync();
            double total = x.sum().itemDouble();
            if (total != 16.0 * OPS) {
                throw new AssertionError("sum = " + total);
            }
        });
    }
}
