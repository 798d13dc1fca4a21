package dev.cohort.transport;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.function.Function;

/**
 * One shard's inbox: matches arriving messages with receives by (source rank, tag), whichever comes first,
 * each message to exactly one receive. Messages with the same (source, tag) are matched in arrival order.
 *
 * <p>Futures of receives that were waiting are completed on the completion executor, never on the thread
 * that delivers (which, in-process, is another shard's); a receive whose message has already arrived returns
 * a completed future on the caller's thread.
 */
final class MessageMatcher {
    private final int rank;
    private final Executor completer;
    private final boolean[] closedSources;
    private final Map<SlotKey, Slot> slots = new HashMap<>();
    private RuntimeException failure;

    MessageMatcher(int rank, int size, Executor completer) {
        this.rank = rank;
        this.completer = completer;
        this.closedSources = new boolean[size];
    }

    /** A message from {@code source} arrived; it goes to the oldest waiting receive, or waits for one. */
    void deliver(int source, long tag, byte[] message) {
        CompletableFuture<byte[]> waiter = null;
        synchronized (this) {
            if (failure != null) {
                return; // the job failed: no receive will ever take it
            }
            SlotKey key = new SlotKey(source, tag);
            Slot slot = slots.get(key);
            if (slot != null) {
                waiter = slot.pollWaiter();
            }
            if (waiter == null) {
                if (slot == null) {
                    slot = new Slot();
                    slots.put(key, slot);
                }
                slot.messages.add(message);
                return;
            }
            if (slot.isEmpty()) {
                slots.remove(key);
            }
        }
        CompletableFuture<byte[]> matched = waiter;
        completer.execute(() -> matched.complete(message));
    }

    /** The next message from {@code source} under {@code tag}, now or when it arrives. */
    CompletableFuture<byte[]> receive(int source, long tag) {
        synchronized (this) {
            if (failure != null) {
                return CompletableFuture.failedFuture(failure);
            }
            SlotKey key = new SlotKey(source, tag);
            Slot slot = slots.get(key);
            if (slot != null && !slot.messages.isEmpty()) {
                byte[] message = slot.messages.poll();
                if (slot.isEmpty()) {
                    slots.remove(key);
                }
                return CompletableFuture.completedFuture(message);
            }
            if (closedSources[source]) {
                return CompletableFuture.failedFuture(peerClosed(source, tag));
            }
            if (slot == null) {
                slot = new Slot();
                slots.put(key, slot);
            }
            CompletableFuture<byte[]> waiter = new CompletableFuture<>();
            slot.waiters.add(waiter);
            return waiter;
        }
    }

    /**
     * {@code source} left the job: its messages that arrived stay receivable, receives that wait for any
     * other message from it fail now, and so do later ones.
     */
    void sourceClosed(int source) {
        synchronized (this) {
            closedSources[source] = true;
        }
        failWaiters(key -> key.source() == source ? peerClosed(source, key.tag()) : null, false);
    }

    /** Every waiting receive fails with the exception that {@code failureOf} gives for its key (if not null). */
    void failWaiters(Function<SlotKey, RuntimeException> failureOf, boolean dropMessages) {
        List<Runnable> failures = new ArrayList<>();
        synchronized (this) {
            for (Iterator<Map.Entry<SlotKey, Slot>> it = slots.entrySet().iterator(); it.hasNext(); ) {
                Map.Entry<SlotKey, Slot> entry = it.next();
                Slot slot = entry.getValue();
                RuntimeException exception = failureOf.apply(entry.getKey());
                if (exception != null) {
                    for (CompletableFuture<byte[]> waiter : slot.waiters) {
                        failures.add(() -> waiter.completeExceptionally(exception));
                    }
                    slot.waiters.clear();
                }
                if (dropMessages) {
                    slot.messages.clear();
                }
                if (slot.isEmpty()) {
                    it.remove();
                }
            }
        }
        if (!failures.isEmpty()) {
            completer.execute(() -> failures.forEach(Runnable::run));
        }
    }

    /** The job failed: every waiting and later receive fails with {@code failure}; buffered messages are dropped. */
    void fail(RuntimeException jobFailure) {
        synchronized (this) {
            if (failure != null) {
                return;
            }
            failure = jobFailure;
        }
        failWaiters(key -> jobFailure, true);
    }

    private PeerClosedException peerClosed(int source, long tag) {
        return new PeerClosedException(source, "shard " + rank + ": receive from shard " + source + " under "
                + CollectiveTags.describe(tag) + " cannot complete: shard " + source + " closed without sending it");
    }

    record SlotKey(int source, long tag) {
    }

    /** Messages that wait for receives, or receives that wait for messages; never both at once. */
    private static final class Slot {
        final ArrayDeque<byte[]> messages = new ArrayDeque<>(1);
        final ArrayDeque<CompletableFuture<byte[]>> waiters = new ArrayDeque<>(1);

        /** The oldest waiting receive that its caller has not cancelled, or null. */
        CompletableFuture<byte[]> pollWaiter() {
            CompletableFuture<byte[]> waiter;
            do {
                waiter = waiters.poll();
            } while (waiter != null && waiter.isDone());
            return waiter;
        }

        boolean isEmpty() {
            return messages.isEmpty() && waiters.isEmpty();
        }
    }
}
