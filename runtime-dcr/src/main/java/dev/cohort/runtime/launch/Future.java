package dev.cohort.runtime.launch;

import dev.cohort.runtime.instance.Instance;
import java.util.concurrent.CompletableFuture;

/**
 * A value that a launch will produce (Legion: future): the fold of its point tasks' results, the
 * same bits on every shard. Reading it ({@link #getDouble()}, {@link #getLong()}, {@link #get()})
 * blocks the program and is a control-determinism checkpoint; passing it to another launch does not.
 */
public final class Future {
    private final long id;
    private final CompletableFuture<Instance> value;
    private final Blocker blocker;

    /** How the owning runtime waits: with its timeout and determinism check. */
    public interface Blocker {
        Instance await(Future f);
    }

    /** Made by the fine stage; {@code blocker} is the runtime's way of waiting for a value. */
    public Future(long id, CompletableFuture<Instance> value, Blocker blocker) {
        this.id = id;
        this.value = value;
        this.blocker = blocker;
    }

    /** Identical on every shard (from a counter). */
    public long id() {
        return id;
    }

    /** The value's completion on this shard (for the runtime: input futures of later launches). */
    public CompletableFuture<Instance> completion() {
        return value;
    }

    /** True once the value is known on this shard (timing-dependent: do not branch on it). */
    public boolean isReady() {
        return value.isDone();
    }

    /** Blocks until the value is known; a 1-d instance of the launch's result type. */
    public Instance get() {
        return blocker.await(this);
    }

    /** Element 0 as a double. */
    public double getDouble() {
        Instance v = get();
        return v.type().toDouble(v.getBits(0));
    }

    /** Element 0 as a long (raw bits for floating-point types are converted to their value first). */
    public long getLong() {
        Instance v = get();
        return switch (v.type()) {
            case FLOAT64, FLOAT32 -> (long) v.type().toDouble(v.getBits(0));
            default -> v.getBits(0);
        };
    }

    @Override
    public String toString() {
        return "future " + id;
    }
}
