package dev.cohort.runtime.launch;

/** The code of one task variant, run once per point task on a worker of its processor kind. */
@FunctionalInterface
public interface TaskBody {
    void run(TaskContext context);
}
