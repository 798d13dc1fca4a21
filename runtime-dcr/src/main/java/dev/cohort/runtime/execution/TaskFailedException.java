package dev.cohort.runtime.execution;

/**
 * A point task threw; the message names the task, point, operation and shard where it first failed.
 *
 * <p>A failure fails that operation and what is computed from it, not the shard (Legion's poisoned
 * events): the instances the point wrote are marked failed ({@link PhysicalInstance#failure()}),
 * operations reading them propagate the mark without running, copies and transfers carry it to
 * other memories and shards, and reading a failed value back — a store's data or a launch's
 * future — throws this exception with the same message on every shard that reads it. Other
 * operations, and the session, go on.
 *
 * <p>Where several failures meet (a piece gathered from two failed tiles), the one of the earliest
 * operation, then the lowest launch point, wins ({@link #earlier}): a function of the program, not
 * of the order in which pieces arrive, so every shard reports the same one.
 */
public final class TaskFailedException extends RuntimeException {
    private final long operation;
    private final long point;

    /**
     * @param operation the failed launch's operation number (the same on every shard)
     * @param point the failed point's linear index in its launch domain
     */
    public TaskFailedException(String message, Throwable cause, long operation, long point) {
        super(message, cause);
        this.operation = operation;
        this.point = point;
    }

    /** The failure as another shard reports it: its message and place only (the cause stayed where it was thrown). */
    public TaskFailedException(String message, long operation, long point) {
        this(message, null, operation, point);
    }

    /** The operation number of the launch whose point task threw. */
    public long operation() {
        return operation;
    }

    /** The linear index of that point in its launch domain. */
    public long point() {
        return point;
    }

    /** Of two failures (either may be null), the one of the earlier operation, then the lower point. */
    public static TaskFailedException earlier(TaskFailedException a, TaskFailedException b) {
        if (a == null) {
            return b;
        }
        if (b == null) {
            return a;
        }
        if (a.operation != b.operation) {
            return a.operation < b.operation ? a : b;
        }
        return a.point <= b.point ? a : b;
    }
}
