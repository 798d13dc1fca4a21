package dev.cohort.bench.taskbench;

import dev.cohort.partitioner.LaunchRecord;
import dev.cohort.partitioner.Operation;
import dev.cohort.partitioner.Role;
import dev.cohort.partitioner.Strategy;
import dev.cohort.runtime.Runtime;
import dev.cohort.runtime.geometry.Rect;
import dev.cohort.runtime.launch.Access;
import dev.cohort.runtime.launch.GroupLaunch;
import dev.cohort.runtime.launch.IterSpace;
import dev.cohort.runtime.launch.Requirement;
import dev.cohort.runtime.partition.Partition;
import dev.cohort.runtime.partition.Projection;
import dev.cohort.runtime.region.FieldType;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Task Bench patterns for the simulator suite (issue 16, accuracy): the pattern's launches go to the runtime directly
 * ({@link GraphIssuer}), not through the array layer's AutoTask, so no {@code StrategyAdvisor} sees them; this adapter
 * turns each {@link GroupLaunch} into the {@link LaunchRecord} AutoTask would have recorded — the iteration space is
 * the launch domain with one-point tiles, each requirement an operand with its partition and projection as issued,
 * its key partition the one its store was last written through — and times the pattern on a shard's runtime.
 */
public final class TaskBenchTrace {
    private final Map<Long, Partition> keys = new HashMap<>();
    private final List<LaunchRecord> records = new ArrayList<>();

    /** The patterns this adapter covers: those whose launch domains start at 0 (one point per task of a step). */
    public static final List<String> PATTERNS = List.of(Pattern.STENCIL.id(), Pattern.FFT.id(), Pattern.TRIVIAL.id(),
            Pattern.ALL_TO_ALL.id());

    /** The launch record of {@code l}, given the key partitions the launches before it left; records its writes. */
    public LaunchRecord record(GroupLaunch l) {
        Rect domain = l.domain();
        if (domain.dim() != 1 || domain.lo().get(0) != 0) {
            throw new IllegalArgumentException("the adapter covers 1-d launch domains from 0, got " + domain);
        }
        long width = domain.hi().get(0) + 1;
        Operation.Builder ob = Operation.builder(width);
        List<Partition> partitions = new ArrayList<>();
        List<Projection> projections = new ArrayList<>();
        List<Requirement> reqs = l.requirements();
        long[] ids = new long[reqs.size()];
        FieldType[] types = new FieldType[reqs.size()];
        for (int k = 0; k < reqs.size(); k++) {
            Requirement q = reqs.get(k);
            Role role = switch (q.privilege().kind()) {
                case READ -> Role.READ;
                case READ_WRITE -> Role.READ_WRITE;
                default -> Role.WRITE;
            };
            Rect bounds = q.store().bounds();
            ob.operand(bounds, Access.identity(bounds.dim()), role, keys.get(q.store().id()));
            partitions.add(q.partition());
            projections.add(q.projection());
            ids[k] = q.store().id();
            types[k] = q.store().type();
        }
        Strategy strategy = new Strategy(new IterSpace(new long[] {width}, new long[] {1}), partitions, projections);
        LaunchRecord r = new LaunchRecord(l.taskId(), ob.build(), strategy, ids, types, 0);
        for (int k = 0; k < reqs.size(); k++) {
            if (reqs.get(k).privilege().kind() != dev.cohort.runtime.launch.Privilege.Kind.READ
                    && reqs.get(k).partition() instanceof dev.cohort.runtime.partition.Tiling t) {
                keys.put(ids[k], t.withoutHalo());
            }
        }
        return r;
    }

    /** What {@link #run} measured and recorded. */
    public record Result(double[] secondsPerStep, List<LaunchRecord> records, int launchesPerStep) {
    }

    /**
     * Runs pattern {@code id} ({@link Pattern#id()}) of {@code width} tasks per step for {@code steps} steps with
     * {@code kernelIterations} per task, {@code warmup} untimed and {@code timed} timed times on {@code rt} (every
     * shard of the job calls this), each timed from the first launch to the end of {@code Runtime.sync()} (with
     * several shards between two barriers); records the launches of the first timed run.
     */
    public static Result run(Runtime rt, String id, int width, long kernelIterations, int steps, int warmup, int timed) {
        Pattern p = byId(id);
        double[] samples = new double[timed];
        List<LaunchRecord> recorded = List.of();
        for (int r = 0; r < warmup + timed; r++) {
            rt.sync();
            TaskBench.Plan.barrier(rt);
            TaskBenchTrace trace = r == warmup ? new TaskBenchTrace() : null;
            GraphIssuer g = new GraphIssuer(rt, kernelIterations, false);
            if (trace != null) {
                g.listen(l -> trace.records.add(trace.record(l)));
            }
            long t0 = System.nanoTime();
            p.issue(g, width, steps);
            rt.sync();
            TaskBench.Plan.barrier(rt);
            long t1 = System.nanoTime();
            if (r >= warmup) {
                samples[r - warmup] = (t1 - t0) / 1e9 / steps;
            }
            if (trace != null) {
                recorded = List.copyOf(trace.records);
            }
        }
        return new Result(samples, recorded, recorded.size() / steps);
    }

    /** Steps per iteration of a pattern whose launches repeat: 1, or ⌈log₂ width⌉ for the butterfly. */
    public static int stepsPerIteration(String id, int width) {
        if (byId(id) == Pattern.FFT) {
            return Math.max(1, 64 - Long.numberOfLeadingZeros(width - 1L));
        }
        return 1;
    }

    /** Task id of a Task Bench point task (the calibration line its kernel cost goes under). */
    public static int pointTaskId() {
        return TaskBenchTasks.POINT;
    }

    /** The busy loop's ns per kernel iteration on one thread, median of {@code reps} timed runs. */
    public static double kernelNanosPerIteration(long iterations, int reps) {
        double[] t = new double[reps];
        long sink = 0;
        for (int r = 0; r < reps + 3; r++) {
            long t0 = System.nanoTime();
            sink += Kernel.run(iterations, r);
            long t1 = System.nanoTime();
            if (r >= 3) {
                t[r - 3] = (double) (t1 - t0) / iterations;
            }
        }
        if (sink == 42) {
            System.out.print("");
        }
        java.util.Arrays.sort(t);
        return t[reps / 2];
    }

    /** The registry with the Task Bench tasks (a runtime that runs patterns needs it). */
    public static dev.cohort.runtime.launch.TaskRegistry registry() {
        return TaskBenchTasks.registry();
    }

    static Pattern byId(String id) {
        for (Pattern p : Pattern.values()) {
            if (p.id().equals(id)) {
                return p;
            }
        }
        throw new IllegalArgumentException(String.format(Locale.ROOT, "no Task Bench pattern %s; patterns: %s", id,
                java.util.Arrays.stream(Pattern.values()).map(Pattern::id).toList()));
    }
}
