package dev.cohort.gpu;

import dev.cohort.runtime.launch.TaskBody;
import dev.cohort.tasks.OpCode;
import java.util.Map;

/** GPU variants (to be written). */
final class FusedGpu {
    private FusedGpu() {
    }

    /** Adds this family's GPU variants on {@code device} to {@code into}. */
    static void variants(GpuDevice device, Map<OpCode, TaskBody> into) {
    }
}
