package dev.cohort.runtime.launch;

/** The processor kinds a task variant can run on (Parla: device kinds). */
public enum ProcessorKind {
    CPU,
    GPU
}
