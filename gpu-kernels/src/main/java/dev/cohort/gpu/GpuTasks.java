package dev.cohort.gpu;

import dev.cohort.runtime.launch.ProcessorKind;
import dev.cohort.runtime.launch.TaskBody;
import dev.cohort.runtime.launch.TaskRegistry;
import dev.cohort.tasks.CpuTasks;
import dev.cohort.tasks.OpCode;
import java.util.EnumMap;
import java.util.Map;

/**
 * The GPU variants of the task library's op codes, one {@link TaskBody} per op code that has one, registered under the
 * CPU variant's task id and name with {@link ProcessorKind#GPU}. The mapper decides per launch which variant runs.
 */
public final class GpuTasks {
    private static final java.util.concurrent.atomic.AtomicLong POINT_TASKS = new java.util.concurrent.atomic.AtomicLong();
    private static final java.util.concurrent.atomic.AtomicLong FALLBACKS = new java.util.concurrent.atomic.AtomicLong();

    private GpuTasks() {
    }

    /** Counts a point task whose kernels ran on the GPU (every GPU variant calls this once per point it ran there). */
    static void ranOnGpu() {
        POINT_TASKS.incrementAndGet();
    }

    /** Counts a point task a GPU variant handed to the CPU variant (a case its kernels do not cover). */
    static void fellBack() {
        FALLBACKS.incrementAndGet();
    }

    /** Point tasks whose kernels ran on a GPU in this JVM (tests check that the GPU path really ran). */
    public static long gpuPointTasks() {
        return POINT_TASKS.get();
    }

    /** Point tasks GPU variants handed to the CPU variant in this JVM. */
    public static long fallbackPointTasks() {
        return FALLBACKS.get();
    }

    /** The GPU variant of each op code that has one, on {@code device}. */
    public static Map<OpCode, TaskBody> variants(GpuDevice device) {
        Map<OpCode, TaskBody> m = new EnumMap<>(OpCode.class);
        ElementwiseGpu.variants(device, m);
        ReductionGpu.variants(device, m);
        FusedGpu.variants(device, m);
        return m;
    }

    /** Registers every GPU variant on {@code device} not yet registered in {@code r} (idempotent). */
    public static void register(TaskRegistry r, GpuDevice device) {
        synchronized (r) {
            for (Map.Entry<OpCode, TaskBody> e : variants(device).entrySet()) {
                int id = e.getKey().taskId();
                if (r.contains(id) && r.variant(id, ProcessorKind.GPU) != null) {
                    continue;
                }
                r.register(id, CpuTasks.taskName(e.getKey()), ProcessorKind.GPU, e.getValue());
            }
        }
    }
}
