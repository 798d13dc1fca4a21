package dev.cohort.runtime;

import dev.cohort.transport.Communicator;
import org.agrona.collections.LongHashSet;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.concurrent.CompletableFuture;

/**
 * Deletion under garbage collection (DCR paper §4.3). A store handle is found unreachable (its
 * phantom reference enqueued) at a different moment on each shard, so a shard only records what it
 * observed. Every
 * {@code interval} runtime calls the shards all-gather their observations; round {@code r}'s
 * intersection is applied when round {@code r + 1} starts — the same position of the operation
 * stream on every shard. The interval doubles after a round that agreed on nothing (back-off when
 * the GC is quiet) and falls back to its minimum after one that agreed on something. A round is
 * also due, whatever the call count, once the stores first used since the last round hold an eighth
 * of the pressure threshold ({@link #due}).
 *
 * <p><b>Pressure rounds.</b> Independently of the call count, once the stores first used since the
 * last pressure round hold the threshold's bytes or more (a sum of store sizes, identical on every shard; an
 * eighth of {@code pressureBytes} while the last round said some shard's memory is over half full),
 * the runtime finishes the round in flight, collects garbage locally when its memory is under
 * pressure ({@link #collectObserved}: only handles the garbage collector has found dead can be
 * proposed), and runs a round synchronously at that call, so dead stores' instances return to the
 * pool promptly instead of waiting for the garbage collector and the back-off.
 *
 * <p><b>Costs.</b> A round proposes every store the collector found dead since the last one: tens of
 * thousands after a young collection in a loop of small operations. So the bookkeeping is primitive
 * and linear: the candidates are a {@link LongHashSet}, sorted into a {@code long[]} for the message;
 * the intersection merges the shards' sorted lists; the watched handles form an intrusive list (the
 * program thread is the only one that adds or removes a watch).
 */
final class DeletionAgreement {
    /** Collective ids of rounds: this base plus the round number. */
    static final long ROUND_ID_BASE = 2L << 40;

    private static final long[] NONE = new long[0];

    private final Communicator comm;
    private final int min;
    private final int max;
    /** Where the garbage collector (its reference handler) puts the handles of stores it found unreachable. */
    private final java.lang.ref.ReferenceQueue<Object> unreachable = new java.lang.ref.ReferenceQueue<>();
    /**
     * The head of the list of watches not yet taken (a phantom reference must stay reachable itself to
     * be enqueued); program thread only.
     */
    private final Watch watches = new Watch(null, -1, null);
    /** Stores this shard found dead and has not yet seen agreed or deleted; program thread only. */
    private final LongHashSet candidates = new LongHashSet();
    private int interval;
    private long callsSinceRound;
    private long round;
    private CompletableFuture<long[]> inFlight;
    private final long pressureBytes;
    /** Bytes of stores first used since the last round of any kind (replicated). */
    private long bytesSinceRound;
    /** Bytes of stores first used since the last pressure round (replicated). */
    private long bytesSincePressure;
    /** Some shard's memory was more than half full at the last round consumed (agreed state). */
    private boolean tight;

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
        bytesSincePressure += bytes;
    }

    /** True when a new store of {@code bytes} would bring the stores created since the last round to the pressure threshold. */
    boolean pressureWith(long bytes) {
        return bytesSincePressure + bytes >= threshold();
    }

    /**
     * The pressure threshold: {@code pressureBytes}, or an eighth of it while the last round consumed
     * said some shard's memory was more than half full (so a program whose live data nearly fills the
     * budget has its temporaries found sooner). Agreed state: the same on every shard.
     */
    private long threshold() {
        return tight ? Math.max(1, pressureBytes / 8) : pressureBytes;
    }

    /**
     * Bytes of new arrays (the instance pool had none to reuse) since the last pressure round past which that round
     * runs the garbage collector: half the pressure threshold, so a round in which most of the created storage was
     * newly allocated looks for the dead stores whose storage the next round would reuse.
     */
    long missedLimit() {
        return Math.max(1, threshold() / 2);
    }

    /** True when the stores created since the last round call for a synchronous round now. */
    boolean pressure() {
        return bytesSincePressure >= threshold();
    }

    /** Collections a thorough {@link #collectObserved} runs at most. */
    static final int THOROUGH_PASSES = 3;

    /**
     * Before a pressure round: with {@code collect}, runs the garbage collector and takes what its
     * reference handler enqueues (the first within 20 ms, the rest while they follow) so that this shard
     * proposes every handle that is dead by now. With {@code thorough} (the stores about to be used would
     * not fit beside the live instances), collects again while a collection found a dead handle, up to
     * {@link #THOROUGH_PASSES} in all: a concurrent cycle (G1 with {@code -XX:+ExplicitGCInvokesConcurrent},
     * the launcher's setting) keeps objects referenced from garbage it has not yet identified alive until
     * the next cycle. Measured: logistic regression on 4e6 x 32 in a 3 GiB heap, the standardised copy about to be
     * computed; the first cycle found 1 of 3 dead stores, the second the other 2 (a full collection finds all 3
     * at once). Only what is proposed depends on it, never when rounds happen.
     *
     * @return collections run
     */
    int collectObserved(boolean collect, boolean thorough) {
        if (!collect) {
            return 0;
        }
        int passes = 0;
        boolean found;
        do {
            System.gc();
            passes++;
            found = takeEnqueued();
        } while (thorough && found && passes < THOROUGH_PASSES);
        return passes;
    }

    /**
     * Takes what the reference handler enqueues after a collection: waits for the first (at most 20 ms,
     * when nothing died), then takes whatever follows within 1 ms of the last one. True when it took any.
     */
    private boolean takeEnqueued() {
        boolean any = false;
        try {
            long wait = 20;
            java.lang.ref.Reference<?> r;
            while ((r = unreachable.remove(wait)) != null) {
                take(r);
                any = true;
                wait = 1;
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return any;
    }

    /** A store handle's phantom: its id, enqueued once the handle is unreachable; a node of the list of watches. */
    private static final class Watch extends java.lang.ref.PhantomReference<Object> {
        final long storeId;
        Watch prev = this;
        Watch next = this;

        Watch(Object handle, long storeId, java.lang.ref.ReferenceQueue<Object> q) {
            super(handle, q);
            this.storeId = storeId;
        }
    }

    /** Watches {@code handle}: once the garbage collector finds it unreachable, store {@code storeId} is observed dead. */
    void watch(Object handle, long storeId) {
        Watch w = new Watch(handle, storeId, unreachable);
        w.next = watches.next;
        w.prev = watches;
        watches.next.prev = w;
        watches.next = w;
    }

    /** Unlinks an enqueued watch and makes its store a candidate (program thread). */
    private void take(java.lang.ref.Reference<?> r) {
        Watch w = (Watch) r;
        w.prev.next = w.next;
        w.next.prev = w.prev;
        w.prev = w;
        w.next = w;
        candidates.add(w.storeId);
    }

    /** Takes what the garbage collector enqueued since the last call (program thread). */
    private void drainUnreachable() {
        for (java.lang.ref.Reference<?> r; (r = unreachable.poll()) != null; ) {
            take(r);
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

    /** Forgets a store deleted explicitly (it must not be proposed again). */
    void forget(long storeId) {
        candidates.remove(storeId);
    }

    /**
     * True when this call starts a round: the caller then {@link #startRound} with the previous result.
     * A round is due every {@code interval} calls, or once the stores first used since the last round
     * hold an eighth of the pressure threshold: a loop that makes stores fast has the handles the
     * collector found dead agreed within a few of its iterations, whatever the back-off of the call
     * count (CG Poisson n = 300, 4.5 MB of stores an iteration, 15 calls: the call-count interval alone
     * reached 1 024 calls, and storage the collector had found waited about 140 iterations).
     */
    boolean due() {
        return ++callsSinceRound >= interval || bytesSinceRound >= Math.max(1, threshold() / 8);
    }

    /** The previous round's agreement (to apply now), or null if none is in flight. */
    CompletableFuture<long[]> previous() {
        return inFlight;
    }

    /**
     * A round's result as every shard sees it: records whether some shard's memory was more than half
     * full (it sets the next threshold) and returns the store ids agreed dead. Call when the result is
     * used, at a position of the operation stream that is the same on every shard.
     */
    long[] consume(long[] result) {
        tight = result[0] != 0;
        return java.util.Arrays.copyOfRange(result, 1, result.length);
    }

    /** Starts a pressure round (the previous round was awaited and applied); {@code full} as in {@link #startRound}. */
    void startPressureRound(boolean full) {
        bytesSincePressure = 0;
        startRound(NONE, full);
    }

    /**
     * Starts the next round after the previous one's {@code agreed} ids were applied; {@code full} says
     * this shard's memory is more than half full.
     */
    void startRound(long[] agreed, boolean full) {
        callsSinceRound = 0;
        bytesSinceRound = 0;
        drainUnreachable();
        for (long id : agreed) {
            candidates.remove(id);
        }
        interval = agreed.length > 0 ? min : Math.min(max, interval * 2);
        long[] ids = new long[candidates.size()];
        int k = 0;
        for (LongHashSet.LongIterator it = candidates.iterator(); it.hasNext(); ) {
            ids[k++] = it.nextValue();
        }
        Arrays.sort(ids);
        ByteBuffer payload = ByteBuffer.allocate(8 + ids.length * 8).order(ByteOrder.LITTLE_ENDIAN);
        payload.putLong(full ? 1 : 0);
        payload.asLongBuffer().put(ids);
        inFlight = comm.allGather(ROUND_ID_BASE + round++, payload.array()).thenApply(DeletionAgreement::intersect);
    }

    static long[] none() {
        return NONE;
    }

    /**
     * Ids present in every shard's sorted list, ascending, after element 0: 1 when some shard's flag
     * (the first long of its list) is set. A merge of the sorted lists: linear in their lengths.
     */
    static long[] intersect(byte[][] lists) {
        long flag = 0;
        long[] common = null;
        int n = 0;
        for (byte[] l : lists) {
            ByteBuffer b = ByteBuffer.wrap(l).order(ByteOrder.LITTLE_ENDIAN);
            flag |= b.getLong();
            long[] ids = new long[b.remaining() / 8];
            b.asLongBuffer().get(ids);
            if (common == null) {
                common = ids;
                n = ids.length;
                continue;
            }
            int kept = 0;
            for (int i = 0, j = 0; i < n && j < ids.length; ) {
                if (common[i] < ids[j]) {
                    i++;
                } else if (common[i] > ids[j]) {
                    j++;
                } else {
                    common[kept++] = common[i];
                    i++;
                    j++;
                }
            }
            n = kept;
        }
        long[] out = new long[1 + n];
        out[0] = flag;
        if (n > 0) {
            System.arraycopy(common, 0, out, 1, n);
        }
        return out;
    }

    int interval() {
        return interval;
    }
}
