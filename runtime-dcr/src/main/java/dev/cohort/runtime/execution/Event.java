package dev.cohort.runtime.execution;

import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * Completion of a point task, copy, transfer or collective on one shard (Legion/Realm event).
 * {@code node} numbers events per shard for the {@link dev.cohort.runtime.EventRecorder}.
 */
public final class Event {
    /** An event that has already fired. */
    public static final Event NONE = new Event(-1, CompletableFuture.completedFuture(null));

    private final long node;
    private final CompletableFuture<?> future;

    public Event(long node, CompletableFuture<?> future) {
        this.node = node;
        this.future = future;
    }

    public long node() {
        return node;
    }

    public CompletableFuture<?> future() {
        return future;
    }

    public boolean hasFired() {
        return future.isDone();
    }

    /** A future that completes when every event of {@code events} has. */
    public static CompletableFuture<Void> all(List<Event> events) {
        if (events.isEmpty()) {
            return CompletableFuture.completedFuture(null);
        }
        if (events.size() == 1) {
            return events.get(0).future.thenApply(x -> null);
        }
        CompletableFuture<?>[] fs = new CompletableFuture<?>[events.size()];
        for (int i = 0; i < fs.length; i++) {
            fs[i] = events.get(i).future;
        }
        return CompletableFuture.allOf(fs);
    }

    @Override
    public String toString() {
        return "event " + node;
    }
}
