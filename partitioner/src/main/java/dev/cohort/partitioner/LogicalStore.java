package dev.cohort.partitioner;

import dev.cohort.runtime.Runtime;
import dev.cohort.runtime.geometry.Rect;
import dev.cohort.runtime.partition.Tiling;
import dev.cohort.runtime.region.Store;

import java.util.Objects;

/**
 * A runtime {@link Store} as the partitioner sees it (Legate: a logical store): the store and its
 * <em>key partition</em> — the tiling it was last written through, which {@link AutoTask} reuses so
 * that chained operations do not move data. This is the only place a key partition is kept: only
 * {@link AutoTask#execute} sets it (to the partition a launch wrote the store through, when the launch wrote at least
 * half of the store: a small part's tiling says nothing of the rest), and the
 * writes that say nothing about any tiling ({@link #fill}, {@link #forgetKeyPartition}) clear it.
 * (The runtime's own per-store state is its valid-data map — where each piece's newest data lives —
 * which is a fact about data, not a hint for partitioning.)
 *
 * <p>Not thread-safe: like everything a program builds, it belongs to the program's thread.
 */
public final class LogicalStore {
    private final Store store;
    private Tiling key;

    public LogicalStore(Store store) {
        this.store = Objects.requireNonNull(store, "store");
    }

    /** The runtime store. */
    public Store store() {
        return store;
    }

    /** The store's bounds. */
    public Rect bounds() {
        return store.bounds();
    }

    /** The tiling the store was last written through, or null (never written tiled, or since written otherwise). */
    public Tiling keyPartition() {
        return key;
    }

    /** Records the partition a launch wrote the store through (null: not a tiling). */
    void keyPartition(Tiling key) {
        this.key = key;
    }

    /** Forgets the key partition: the store was written in a way that says nothing about the whole (e.g. in chunks). */
    public void forgetKeyPartition() {
        this.key = null;
    }

    /** Fills the whole store with {@code bits} ({@link Runtime#fill(Store, long)}); the store then has no key partition. */
    public void fill(Runtime rt, long bits) {
        rt.fill(store, bits);
        key = null;
    }

    @Override
    public String toString() {
        return "LogicalStore[" + store + ", key=" + key + "]";
    }
}
