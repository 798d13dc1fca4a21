package dev.cohort.bench.taskbench;

import dev.cohort.runtime.geometry.Point;
import dev.cohort.runtime.geometry.Rect;
import dev.cohort.runtime.instance.Instance;
import dev.cohort.runtime.launch.ProcessorKind;
import dev.cohort.runtime.launch.TaskContext;
import dev.cohort.runtime.launch.TaskRegistry;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * The suite's two tasks. {@link #POINT}: one Task Bench point task. Requirement 0 is its output,
 * exactly one INT64 element (WRITE_DISCARD, or READ_WRITE when the scalar flag says the old value
 * is an input too, as for Cholesky's tile updates); requirements 1.. are its inputs (READ), whose
 * pieces hold exactly the values of the tasks it depends on. The task writes
 * {@link Kernel#value}(iterations, salt, key of its output element, every input value), after
 * running the busy loop. {@link #BARRIER}: no requirements; each point returns 1 into a SUM
 * future, which lines up in-process shards before and after a timed graph.
 */
public final class TaskBenchTasks {
    /** Task id of a Task Bench point task. */
    public static final int POINT = 7_100;
    /** Task id of the barrier launch used for timing on several shards. */
    public static final int BARRIER = 7_101;
    /** The point task's registered name (its spans' name in a runtime profile). */
    public static final String POINT_NAME = "taskbench.point";

    /** Scalar flag: the output element's old value is an input (READ_WRITE output). */
    static final int FLAG_OUTPUT_IS_INPUT = 1;

    private TaskBenchTasks() {
    }

    /** Registers both tasks into {@code registry} (idempotent per registry is not needed: call once). */
    public static TaskRegistry register(TaskRegistry registry) {
        registry.register(POINT, POINT_NAME, ProcessorKind.CPU, TaskBenchTasks::point);
        registry.register(BARRIER, "taskbench.barrier", ProcessorKind.CPU, ctx -> ctx.setResult(1L));
        return registry;
    }

    /** A registry with the suite's tasks. */
    public static TaskRegistry registry() {
        return register(new TaskRegistry());
    }

    /** Scalars of a point task: iterations, salt, flags, and the requirement count (TaskContext has no count). */
    static byte[] scalars(long iterations, long salt, int flags, int requirements) {
        return ByteBuffer.allocate(24).order(ByteOrder.LITTLE_ENDIAN).putLong(iterations).putLong(salt).putInt(flags)
                .putInt(requirements).array();
    }

    private static void point(TaskContext ctx) {
        ByteBuffer s = ctx.scalars();
        long iterations = s.getLong();
        long salt = s.getLong();
        int flags = s.getInt();
        int n = s.getInt();
        Rect outPiece = ctx.piece(0);
        if (outPiece.volume() != 1) {
            throw new IllegalStateException("a Task Bench task writes exactly one element, got piece " + outPiece);
        }
        Point at = outPiece.lo();
        Instance out = ctx.instance(0);
        long[] coords = at.toArray();
        long acc = Kernel.seed(salt, Kernel.key(coords));
        int outIndex = out.index(at);
        if ((flags & FLAG_OUTPUT_IS_INPUT) != 0) {
            acc += Kernel.input(out.longs()[outIndex]);
        }
        for (int r = 1; r < n; r++) {
            Instance in = ctx.instance(r);
            Rect piece = ctx.piece(r);
            long v = piece.volume();
            long[] data = in.longs();
            for (long k = 0; k < v; k++) {
                acc += Kernel.input(data[in.index(piece.delinearize(k))]);
            }
        }
        out.longs()[outIndex] = Kernel.run(iterations, acc);
    }
}
