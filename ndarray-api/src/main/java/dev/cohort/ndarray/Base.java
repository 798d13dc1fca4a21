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

    Base(Store store, DType dtype) {
        this.store = store;
        this.dtype = dtype;
        this.extents = store.bounds().extents();
    }

    long volume() {
        long v = 1;
        for (long e : extents) {
            v *= e;
        }
        return v;
    }
}
