package dev.cohort.transport;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.function.Function;
import org.agrona.collections.Long2ObjectHashMap;
import org.agrona.collections.LongArrayList;

/**
 * One shard's inbox: matches arriving messages with receives by (source rank, tag), whichever comes first,
 * each message to exactly one receive. Messages with the same (source, tag) are matched in arrival order.
 *
 * <p>Futures of receives that were waiting are completed on the completion executor, never on the thread
 * that delivers (which, in-process, is another shard's); a receive whose message has already arrived returns
 * a completed future on the caller's thread.
 *
 * <p>Matching allocates nothing per message beyond the receive's future: slots live in one primitive-keyed
 * map per source ({@link Long2ObjectHashMap} by tag, created on the source's first message or receive), and
 * slots that empty go to a small free list for the next (source, tag) to use.
 */
final class MessageMatcher {
    /** How many emptied slots are kept for reuse; beyond that they are left to the garbage collector. */
    static final int FREE_SLOTS = 32;

    private final int rank;
    private final Executor completer;
    private final boolean[] closedSources;
    /** By source rank, then tag; {@code null} for a source that nothing has been delivered from or received from yet. */
    private final Long2ObjectHashMap<Slot>[] slotsBySource;
    private final ArrayDeque<Slot> freeSlots = new ArrayDeque<>(FREE_SLOTS);
    private RuntimeException failure;

    @SuppressWarnings("unchecked")
    MessageMatcher(int rank, int size, Executor completer) {
        this.rank = rank;
        this.completer = completer;
        this.closedSources = new boolean[size];
        this.slotsBySource = (Long2ObjectHashMap<Slot>[]) new Long2ObjectHashMap<?>[size];
    }

    /** A message from {@code source} arrived; it goes to the oldest waiting receive, or waits for one. */
    void deliver(int source, long tag, byte[] message) {
        CompletableFuture<byte[]> waiter = null;
        synchronized (this) {
            if (failure != null) {
                return; // the job failed: no receive will ever take it
            }
            Long2ObjectHashMap<Slot> slots = slotsOf(source);
            Slot slot = slots.get(tag);
            if (slot != null) {
                waiter = slot.pollWaiter();
            }
            if (waiter == null) {
                if (slot == null) {
                    slot = newSlot();
                    slots.put(tag, slot);
                }
                slot.messages.add(message);
                return;
            }
            if (slot.isEmpty()) {
                recycle(slots.remove(tag));
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
            Long2ObjectHashMap<Slot> slots = slotsOf(source);
            Slot slot = slots.get(tag);
            if (slot != null && !slot.messages.isEmpty()) {
                byte[] message = slot.messages.poll();
                if (slot.isEmpty()) {
                    recycle(slots.remove(tag));
                }
                return CompletableFuture.completedFuture(message);
            }
            if (closedSources[source]) {
                return CompletableFuture.failedFuture(peerClosed(source, tag));
            }
            if (slot == null) {
                slot = newSlot();
                slots.put(tag, slot);
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

    /**
     * Every waiting receive fails with the exception that {@code failureOf} gives for its key (if not null);
     * with {@code dropMessages}, buffered messages are dropped too. Rare, so it may allocate.
     */
    void failWaiters(Function<SlotKey, RuntimeException> failureOf, boolean dropMessages) {
        List<Runnable> failures = new ArrayList<>();
        synchronized (this) {
            LongArrayList emptied = new LongArrayList();
            for (int source = 0; source < slotsBySource.length; source++) {
                Long2ObjectHashMap<Slot> slots = slotsBySource[source];
                if (slots == null || slots.isEmpty()) {
                    continue;
                }
                emptied.clear();
                for (Long2ObjectHashMap<Slot>.EntryIterator it = slots.entrySet().iterator(); it.hasNext(); ) {
                    it.next();
                    long tag = it.getLongKey();
                    Slot slot = it.getValue();
                    RuntimeException exception = slot.waiters.isEmpty() ? null
                            : failureOf.apply(new SlotKey(source, tag));
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
                        emptied.addLong(tag);
                    }
                }
                for (int i = 0; i < emptied.size(); i++) {
                    recycle(slots.remove(emptied.getLong(i)));
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

    /** The slots of messages from, and receives from, {@code source}. Holding the lock. */
    private Long2ObjectHashMap<Slot> slotsOf(int source) {
        Long2ObjectHashMap<Slot> slots = slotsBySource[source];
        if (slots == null) {
            slots = new Long2ObjectHashMap<>();
            slotsBySource[source] = slots;
        }
        return slots;
    }

    /** An empty slot, from the free list if it has one. Holding the lock. */
    private Slot newSlot() {
        Slot slot = freeSlots.poll();
        return slot != null ? slot : new Slot();
    }

    /** Keeps {@code slot}, which is empty and in no map any more, for reuse. Holding the lock. */
    private void recycle(Slot slot) {
        assert slot != null && slot.isEmpty();
        if (freeSlots.size() < FREE_SLOTS) {
            freeSlots.push(slot);
        }
    }

    /** A (source, tag) pair, given to {@link #failWaiters}' function. */
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
