package dev.cohort.runtime;

import dev.cohort.transport.Communicator;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * Deletion under garbage collection (DCR paper §4.3). A store handle's {@link java.lang.ref.Cleaner}
 * runs at a different moment on each shard, so a shard only records what it observed. Every
 * {@code interval} runtime calls the shards all-gather their observations; round {@code r}'s
 * intersection is applied when round {@code r + 1} starts — the same position of the operation
 * stream on every shard. The interval doubles after a round that agreed on nothing (back-off when
 * the GC is quiet) and falls back to its minimum after one that agreed on something.
 */
final class DeletionAgreement {
    /** Collective ids of rounds: this base plus the round number. */
    static final long ROUND_ID_BASE = 2L << 40;

    private static final long[] NONE = new long[0];

    private final Communicator comm;
    private final int min;
    private final int max;
    private final ConcurrentLinkedQueue<Long> observed = new ConcurrentLinkedQueue<>();
    private final TreeSet<Long> candidates = new TreeSet<>();
    private int interval;
    private long callsSinceRound;
    private long round;
    private CompletableFuture<long[]> inFlight;

    DeletionAgreement(Communicator comm, int min, int max) {
        this.comm = comm;
        this.min = min;
        this.max = max;
        this.interval = min;
    }

    /** Called by a Cleaner thread when a store handle became unreachable on this shard. */
    void observe(long storeId) {
        observed.add(storeId);
    }

    /** Forgets a store deleted explicitly (it must not be proposed again). */
    void forget(long storeId) {
        candidates.remove(storeId);
    }

    /** True when this call starts a round: the caller then {@link #startRound} with the previous result. */
    boolean due() {
        return ++callsSinceRound >= interval;
    }

    /** The previous round's agreement (to apply now), or null if none is in flight. */
    CompletableFuture<long[]> previous() {
        return inFlight;
    }

    /** Starts the next round after the previous one's {@code agreed} ids were applied. */
    void startRound(long[] agreed) {
        callsSinceRound = 0;
        for (Long id; (id = observed.poll()) != null; ) {
            candidates.add(id);
        }
        for (long id : agreed) {
            candidates.remove(id);
        }
        interval = agreed.length > 0 ? min : Math.min(max, interval * 2);
        ByteBuffer payload = ByteBuffer.allocate(candidates.size() * 8).order(ByteOrder.LITTLE_ENDIAN);
        for (long id : candidates) {
            payload.putLong(id);
        }
        inFlight = comm.allGather(ROUND_ID_BASE + round++, payload.array()).thenApply(DeletionAgreement::intersect);
    }

    static long[] none() {
        return NONE;
    }

    /** Ids present in every shard's sorted list, ascending. */
    static long[] intersect(byte[][] lists) {
        TreeSet<Long> common = null;
        for (byte[] l : lists) {
            ByteBuffer b = ByteBuffer.wrap(l).order(ByteOrder.LITTLE_ENDIAN);
            TreeSet<Long> s = new TreeSet<>();
            while (b.hasRemaining()) {
                s.add(b.getLong());
            }
            if (common == null) {
                common = s;
            } else {
                common.retainAll(s);
            }
        }
        return common == null ? NONE : common.stream().mapToLong(Long::longValue).toArray();
    }

    int interval() {
        return interval;
    }
}
