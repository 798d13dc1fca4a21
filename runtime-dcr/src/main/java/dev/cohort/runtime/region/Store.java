package dev.cohort.runtime.region;

import dev.cohort.runtime.geometry.Rect;

/**
 * A store: one field of one region, the unit the runtime tracks dependences and valid data for.
 * This is a handle: the runtime keeps the store's state under its id and notices, through a
 * {@link java.lang.ref.Cleaner}, when the handle becomes unreachable (deletion under GC, DCR paper
 * §4.3). {@link #close()} deletes it eagerly at this position of the operation stream.
 */
public final class Store implements AutoCloseable {
    private final long id;
    private final long regionId;
    private final int fieldIndex;
    private final Rect bounds;
    private final FieldType type;
    private final Owner owner;

    /** What {@link #close()} calls; implemented by the runtime. */
    public interface Owner {
        void delete(Store store);
    }

    public Store(long id, long regionId, int fieldIndex, Rect bounds, FieldType type, Owner owner) {
        this.id = id;
        this.regionId = regionId;
        this.fieldIndex = fieldIndex;
        this.bounds = bounds;
        this.type = type;
        this.owner = owner;
    }

    /** Identical on every shard: from a counter advanced in program order. */
    public long id() {
        return id;
    }

    public long regionId() {
        return regionId;
    }

    public int fieldIndex() {
        return fieldIndex;
    }

    public Rect bounds() {
        return bounds;
    }

    public FieldType type() {
        return type;
    }

    /** The runtime that made this store (what {@link #close()} calls). */
    public Owner owner() {
        return owner;
    }

    /** Deletes the store on every shard at this position of the operation stream. */
    @Override
    public void close() {
        owner.delete(this);
    }

    @Override
    public String toString() {
        return "store " + id + " (region " + regionId + " field " + fieldIndex + ", " + type + " " + bounds + ")";
    }
}
