package dev.cohort.transport;

import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What one shard knows of each collective id: the signature it issued the collective with, and the signature
 * that the first message from another shard carried if that came first. Every arriving collective message is
 * checked here, so a shard notices a mismatch as soon as any message of a differently-issued collective
 * reaches it, whether its own collective is running, has finished, or has not started yet.
 *
 * <p>Finished and never-started entries are forgotten oldest first once there are more than {@code capacity};
 * forgetting only loses the check for that id.
 */
final class CollectiveLedger {
    private final int rank;
    private final int capacity;
    private final LinkedHashMap<Long, Entry> entries = new LinkedHashMap<>();

    CollectiveLedger(int rank, int capacity) {
        this.rank = rank;
        this.capacity = capacity;
    }

    /**
     * Records that this shard issues {@code collective} under {@code collectiveId}.
     *
     * @return the mismatch with a message that arrived earlier, or {@code null}
     * @throws IllegalStateException if this shard already issued a collective with this id
     */
    synchronized CollectiveMismatchException start(long collectiveId, Collective<?> collective) {
        CollectiveSignature signature = collective.signature;
        Entry entry = entries.get(collectiveId);
        if (entry == null) {
            entry = new Entry();
            entries.put(collectiveId, entry);
            forgetOldEntries();
        } else if (entry.local != null) {
            throw new IllegalStateException("collective " + collectiveId + " was already issued on shard " + rank
                    + " as " + entry.local + "; collective ids must not be reused");
        }
        entry.local = signature;
        entry.running = collective;
        if (entry.seen != null && !entry.seen.equals(signature)) {
            return expectedButSent(collectiveId, signature, entry.seenFrom, entry.seen);
        }
        return null;
    }

    synchronized void finished(long collectiveId) {
        Entry entry = entries.get(collectiveId);
        if (entry != null) {
            entry.running = null;
        }
    }

    /** Checks a message of collective {@code collectiveId} that {@code source} sent with signature {@code sent}. */
    synchronized Mismatch onArrival(long collectiveId, int source, CollectiveSignature sent) {
        Entry entry = entries.get(collectiveId);
        if (entry == null) {
            entry = new Entry();
            entry.seen = sent;
            entry.seenFrom = source;
            entries.put(collectiveId, entry);
            forgetOldEntries();
            return null;
        }
        if (entry.local != null) {
            return entry.local.equals(sent) ? null
                    : new Mismatch(expectedButSent(collectiveId, entry.local, source, sent), entry.running);
        }
        if (!entry.seen.equals(sent)) {
            return new Mismatch(new CollectiveMismatchException(collectiveId, "shard " + entry.seenFrom + " sent "
                    + entry.seen + ", shard " + source + " sent " + sent + " (noticed by shard " + rank + ")"), null);
        }
        return null;
    }

    private CollectiveMismatchException expectedButSent(long collectiveId, CollectiveSignature expected, int source,
            CollectiveSignature sent) {
        return new CollectiveMismatchException(collectiveId,
                "shard " + rank + " expected " + expected + ", shard " + source + " sent " + sent);
    }

    private void forgetOldEntries() {
        for (Iterator<Map.Entry<Long, Entry>> it = entries.entrySet().iterator();
                entries.size() > capacity && it.hasNext(); ) {
            if (it.next().getValue().running == null) {
                it.remove();
            }
        }
    }

    /** A mismatch, and this shard's running collective with that id if there is one. */
    record Mismatch(CollectiveMismatchException exception, Collective<?> running) {
    }

    private static final class Entry {
        CollectiveSignature local;
        Collective<?> running;
        CollectiveSignature seen;
        int seenFrom;
    }
}
