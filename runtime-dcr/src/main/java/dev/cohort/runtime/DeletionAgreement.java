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
 *
 * <p><b>Pressure rounds.</b> Independently of the call count, once the stores created since the last
 * round hold {@code pressureBytes} or more (a sum of store sizes, identical on every shard), the
 * runtime finishes the round in flight, collects garbage locally if its memory asked for new
 * storage since ({@link #collectObserved}: the Cleaners only see handles the garbage collector has
 * found dead), and runs a round synchronously at that call, so dead stores' instances return to
 * the pool promptly instead of waiting for the garbage collector and the back-off.
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
    private final long pressureBytes;
    private long bytesSinceRound;

    DeletionAgreement(Communicator comm, int min, int max, long pressureBytes) {
        this.comm = comm;
        this.min = min;
        this.max = max;
        this.interval = min;
        this.pressureBytes = pressureBytes;
    }

    /** Counts a new store of {@code bytes} (replicated state: every shard counts the same). */
    void created(long bytes) {
        bytesSinceRound += bytes;
    }

    /** True when the stores created since the last round call for a synchronous round now. */
    boolean pressure() {
        return bytesSinceRound >= pressureBytes;
    }

    /**
     * Before a pressure round: with {@code collect}, runs the garbage collector and gives the Cleaner
     * thread a moment (until what it observed grew and stopped growing, at most 50 ms) so that this shard
     * proposes every handle that is dead by now. Only what is proposed depends on it, never when
     * rounds happen.
     */
    void collectObserved(boolean collect) {
        if (!collect) {
            return;
        }
        int before = observed.size();
        System.gc();
        // the Cleaner thread runs the handles' actions after the collection: wait until what it
        // observed grew and then stayed put for 2 ms, or at most 50 ms when nothing new turns up
        long deadline = System.nanoTime() + 50_000_000L;
        int seen = before;
        int stable = 0;
        while (System.nanoTime() < deadline) {
            try {
                Thread.sleep(1);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
            int now = observed.size();
            if (now == seen && now > before && ++stable >= 2) {
                break;
            }
            if (now != seen) {
                stable = 0;
                seen = now;
            }
        }
    }

    /** The round in flight was awaited and its {@code agreed} ids applied (a pressure round). */
    void applied(long[] agreed) {
        for (long id : agreed) {
            candidates.remove(id);
        }
        inFlight = null;
        callsSinceRound = 0;
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
        bytesSinceRound = 0;
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
