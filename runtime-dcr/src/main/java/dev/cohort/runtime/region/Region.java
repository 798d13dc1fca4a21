package dev.cohort.runtime.region;

import dev.cohort.runtime.geometry.Rect;
import java.util.List;

/**
 * A logical region: an index space (a dense {@link Rect}) times typed fields (Legion: logical
 * region = index space × field space). Each field is a {@link Store}. Ids come from per-shard
 * counters advanced in program order, so the same region has the same id on every shard.
 */
public final class Region {
    private final long id;
    private final Rect bounds;
    private final List<Store> fields;

    public Region(long id, Rect bounds, List<Store> fields) {
        this.id = id;
        this.bounds = bounds;
        this.fields = List.copyOf(fields);
    }

    public long id() {
        return id;
    }

    public Rect bounds() {
        return bounds;
    }

    /** The store of field {@code index}. */
    public Store field(int index) {
        if (index < 0 || index >= fields.size()) {
            throw new IndexOutOfBoundsException("field " + index + " out of range for region " + id + " with " + fields.size() + " fields");
        }
        return fields.get(index);
    }

    public int fieldCount() {
        return fields.size();
    }

    @Override
    public String toString() {
        return "region " + id + " " + bounds + " fields=" + fields.size();
    }
}
