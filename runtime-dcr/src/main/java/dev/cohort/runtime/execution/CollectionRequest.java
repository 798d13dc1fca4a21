package dev.cohort.runtime.execution;

import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Asks the JVM for a garbage collection on a short-lived thread of its own, at most one at a time in
 * the JVM (shards of one process share its heap, so their requests coalesce).
 *
 * <p>Why: a store's storage returns to its memory's pool only after the garbage collector has seen
 * the store's handle unreachable (DCR paper §4.3) and the shards have agreed on it. A steady loop that
 * takes all its storage from the pool allocates almost nothing else on the heap, so the JVM's own
 * collections come rarely and the pool runs dry between them; every store the loop then makes is a
 * new array. An {@link InstanceManager} whose pool runs low asks for a collection here, before it
 * runs dry, so the handles the loop dropped are found while the pool still serves.
 *
 * <p>What it costs depends on how the JVM was started. With G1 and
 * {@code -XX:+ExplicitGCInvokesConcurrent} (every Cohort launch path passes it) the request is a
 * young pause that starts a concurrent cycle: a dead handle still in the young generation is found
 * in that pause, one promoted to the old generation when the cycle's marking ends, and the program
 * thread is only stopped for the pauses (measured on a 2-core machine, CG Poisson n = 300: young
 * pause 4-10 ms, remark 2-7 ms; the caller does not wait for the cycle, which runs on this thread and
 * the concurrent GC threads). Without it, {@code System.gc()} is a full stop-the-world collection
 * (10-70 ms there, growing with the live heap) that finds every dead handle at once; the instance
 * managers ask for one at most once per eighth of their budget of storage handed out, so it stays
 * rare.
 *
 * <p>Thread-safe.
 */
public final class CollectionRequest {
    private static final AtomicBoolean IN_FLIGHT = new AtomicBoolean();

    private CollectionRequest() {
    }

    /**
     * Starts a collection unless one asked for here is still running; returns at once.
     *
     * @return true when this call started one
     */
    public static boolean ask() {
        if (!IN_FLIGHT.compareAndSet(false, true)) {
            return false;
        }
        Thread t = new Thread(CollectionRequest::collect, "cohort-gc-request");
        t.setDaemon(true);
        try {
            t.start();
        } catch (Throwable e) {
            IN_FLIGHT.set(false);
            throw e;
        }
        return true;
    }

    private static void collect() {
        try {
            System.gc();
        } finally {
            IN_FLIGHT.set(false);
        }
    }
}
