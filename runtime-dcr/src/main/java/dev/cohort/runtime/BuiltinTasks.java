package dev.cohort.runtime;

import dev.cohort.runtime.launch.ProcessorKind;
import dev.cohort.runtime.launch.TaskRegistry;

/** The runtime's own tasks (ids below {@link TaskRegistry#FIRST_USER_TASK_ID}). */
final class BuiltinTasks {
    /** Copies requirement 0's piece into requirement 1's piece (same rectangle). */
    static final int COPY = 1;

    private BuiltinTasks() {
    }

    static void register(TaskRegistry registry) {
        if (!registry.contains(COPY)) {
            registry.register(COPY, "copy", ProcessorKind.CPU,
                    ctx -> ctx.instance(1).copyFrom(ctx.instance(0), ctx.piece(1)));
        }
    }
}
