package dev.cohort.ndarray;

import dev.cohort.partitioner.LogicalStore;
import dev.cohort.runtime.region.Store;

/**
 * The storage behind an array and all its views: one store (a field of a region) of one dtype, as
 * the partitioner sees it ({@link LogicalStore}, which keeps its key partition), plus what only the
 * array layer knows of it: its deferred value ({@link Fusion}) and the file it is attached to.
 */
final class ArrayStorage {
    final Store store;
    final DType dtype;
    /** Extents of the store (a 0-d array's store has extent 1 in one dimension). */
    final long[] extents;
    /** The store with its key partition: what operations hand to {@code AutoTask}. */
    final LogicalStore logical;
    /** The deferred expression whose value this store will hold, until it is materialised ({@link Fusion}). */
    DeferredExpr.Pending pending;
    /** The file this store is attached to ({@link NpyIo#memmap}), or null. */
    NpyIo.Attachment attachment;

    ArrayStorage(Store store, DType dtype) {
        this.store = store;
        this.logical = new LogicalStore(store);
        this.dtype = dtype;
        this.extents = store.bounds().extents();
    }

    /** NumPy: {@code ValueError: assignment destination is read-only} for a store attached in mode {@code r}. */
    void checkWritable() {
        if (attachment != null && attachment.mode().equals("r")) {
            throw new IllegalArgumentException("assignment destination is read-only (memmap of " + attachment.path()
                    + " opened with mode 'r')");
        }
    }

    long volume() {
        long v = 1;
        for (long e : extents) {
            v *= e;
        }
        return v;
    }
}
