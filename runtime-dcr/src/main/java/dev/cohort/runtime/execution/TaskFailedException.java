package dev.cohort.runtime.execution;

/** A point task threw; the message names the task, point, operation and shard. */
public final class TaskFailedException extends RuntimeException {
    public TaskFailedException(String message, Throwable cause) {
        super(message, cause);
    }
}
