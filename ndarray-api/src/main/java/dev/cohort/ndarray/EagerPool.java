package dev.cohort.ndarray;

import dev.cohort.runtime.execution.InstanceManager;
import dev.cohort.runtime.execution.MemoryBudgetExceededException;
import dev.cohort.runtime.execution.PhysicalInstance;
import dev.cohort.runtime.geometry.Rect;
import dev.cohort.runtime.instance.Instance;
import dev.cohort.runtime.region.FieldType;

import java.lang.ref.PhantomReference;
import java.lang.ref.ReferenceQueue;
import java.util.HashSet;
import java.util.Set;

/**
 * Where the host elements of eager arrays ({@link Eager}) come from and go back to: the shard's SYSTEM memory's
 * {@link InstanceManager}, the pool and budget that store instances use ({@link InstanceManager#allocateHeld}), so that
 * one place decides what storage is reused, when the pool asks the garbage collector for a collection, and when a
 * shard is out of memory. An eager storage gives its storage back when it is closed ({@link ArrayStorage#close()}),
 * demoted to a store, or found unreachable; a loop over arrays small enough to run eagerly (CG on a 300 x 300 grid:
 * vectors of 90 000 elements) then takes every array it makes from the pool, as a loop over launched arrays does, and an
 * output the operation overwrites whole ({@code zero = false}) is not cleared first: a fresh Java array costs a
 * clearing pass (and, from half a G1 region up, a humongous allocation), which on 1e5 float64 elements took longer
 * than the {@code add} that filled it.
 *
 * <p><b>Unreachable storages.</b> Each managed array is watched through a phantom reference to its storage
 * ({@link Held}); the collector enqueues the reference once no array or view reaches the storage, and {@link #reclaim}
 * — called when a new eager storage is made, before the operation making it has fetched any instance — gives the
 * storage back. At that point every storage the operation reads is still reachable (the operation uses it after), so
 * storage is never handed to a new array while a kernel still reads it through an old one. An operation that runs out
 * of budget reclaims in the middle of making its arrays ({@link #take}): {@link Eager}'s dense and copy paths fetch the
 * output's instance before the inputs', and {@code Eager.run} keeps its slots, so every operand, reachable to its end.
 * The store path finds dead
 * stores the same way (runtime-dcr's {@code DeletionAgreement}), without the agreement: an eager array is every shard's
 * own copy.
 *
 * <p>Arrays of fewer than {@link #MIN_ELEMENTS} elements are plain Java arrays, not managed or watched (the thread's
 * allocation buffer serves them for less than the bookkeeping costs). Program thread only, like every eager storage.
 */
final class EagerPool {
    /** Smallest array managed, in elements. */
    static final int MIN_ELEMENTS = 4096;

    /** The managed storage of one eager storage, enqueued when the storage is unreachable. */
    static final class Held extends PhantomReference<ArrayStorage> {
        final PhysicalInstance storage;

        Held(ArrayStorage holder, PhysicalInstance storage, ReferenceQueue<ArrayStorage> q) {
            super(holder, q);
            this.storage = storage;
        }

        Instance instance() {
            return storage.instance();
        }
    }

    private final InstanceManager manager;
    private final ReferenceQueue<ArrayStorage> unreachable = new ReferenceQueue<>();
    /** The storage not yet given back (a phantom reference must itself stay reachable to be enqueued). */
    private final Set<Held> held = new HashSet<>();
    /** Storage given back because its holder was found unreachable (tests and reports). */
    long reclaimed;

    EagerPool(InstanceManager manager) {
        this.manager = manager;
    }

    /**
     * The storage of {@code holder}'s host elements: managed ({@link Held}) from {@link #MIN_ELEMENTS} elements up, else
     * null (the caller allocates a plain array). {@code zero}: every element 0; false only when the caller writes
     * every element before anything reads one.
     */
    Held take(ArrayStorage holder, FieldType type, Rect rect, boolean zero) {
        if (Instance.checkedVolume(rect) < MIN_ELEMENTS) {
            return null;
        }
        PhysicalInstance storage;
        try {
            storage = manager.allocateHeld(type, rect, zero);
        } catch (MemoryBudgetExceededException e) {
            storage = afterCollections(type, rect, zero, e);
        }
        Held h = new Held(holder, storage, unreachable);
        held.add(h);
        return h;
    }

    /** Collections a full budget runs at most before {@link #take} gives up (the store path's pressure round's). */
    static final int COLLECTION_PASSES = 3;

    /**
     * {@link #take} when the budget is full: arrays the program dropped may hold it, found only by a collection. Runs
     * the collector, gives back what it found, and tries again, up to {@link #COLLECTION_PASSES} times (a concurrent
     * cycle can leave what dead arrays reference alive until the next); then throws the budget's exception.
     */
    private PhysicalInstance afterCollections(FieldType type, Rect rect, boolean zero, MemoryBudgetExceededException e) {
        for (int pass = 0; pass < COLLECTION_PASSES; pass++) {
            System.gc();
            if (!reclaimWaiting()) {
                continue;
            }
            try {
                return manager.allocateHeld(type, rect, zero);
            } catch (MemoryBudgetExceededException again) {
                e = again;
            }
        }
        throw e;
    }

    /**
     * After a collection: gives back what the reference handler enqueues (waits at most 20 ms for the first, then
     * takes what follows within 1 ms of the last). True when it gave any back.
     */
    private boolean reclaimWaiting() {
        long before = reclaimed;
        try {
            long wait = 20;
            for (Object r = unreachable.remove(wait); r != null; r = unreachable.remove(wait)) {
                giveBackCollected((Held) r);
                wait = 1;
            }
        } catch (InterruptedException ie) {
            Thread.currentThread().interrupt();
        }
        return reclaimed > before;
    }

    private void giveBackCollected(Held h) {
        if (held.remove(h)) {
            reclaimed++;
            manager.releaseHeld(h.storage, true);
        }
    }

    /** Gives back the storage of a closed or demoted storage (null: nothing). */
    void give(Held h) {
        if (h != null && held.remove(h)) {
            h.clear();
            manager.releaseHeld(h.storage, false);
        }
    }

    /** Gives back the storage of the storages found unreachable since the last call (see the class comment). */
    void reclaim() {
        for (Object r = unreachable.poll(); r != null; r = unreachable.poll()) {
            giveBackCollected((Held) r);
        }
    }

    /** Managed storage held by eager storages now. */
    int heldCount() {
        return held.size();
    }
}
