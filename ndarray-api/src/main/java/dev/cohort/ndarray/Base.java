package dev.cohort.ndarray;

import dev.cohort.runtime.partition.Partition;
import dev.cohort.runtime.region.Store;

/**
 * The storage behind an array and all its views: one store (a field of a region) of one dtype,
 * and its key partition — the partition it was last written through (Legate: key partition),
 * which the partitioner reuses so that chained operations do not move data.
 */
final class Base {
    final Store store;
    final DType dtype;
    /** Extents of the store (a 0-d array's store has extent 1 in one dimension). */
    final long[] extents;
    Partition key;
    /** The deferred expression whose value this store will hold, until it is materialised ({@link Fusion}). */
    Fusion.Pending pending;
    /** The file this store is attached to ({@link NpyIo#memmap}), or null. */
    NpyIo.Attachment attachment;

    Base(Store store, DType dtype) {
        this.store = store;
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
