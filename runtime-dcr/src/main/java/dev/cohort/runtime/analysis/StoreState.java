package dev.cohort.runtime.analysis;

import dev.cohort.runtime.execution.PhysicalInstance;
import dev.cohort.runtime.geometry.Rect;
import dev.cohort.runtime.region.FieldType;
import java.util.ArrayList;
import java.util.List;

/**
 * The runtime's per-shard state of one store: its valid-data map (oldest entry first) and an
 * optional full replicated copy made for reads, valid until the next write. Everything except
 * the instances is identical on every shard.
 */
public final class StoreState {
    private final long id;
    private final Rect bounds;
    private final FieldType type;
    private final List<ValidEntry> entries = new ArrayList<>();
    private PhysicalInstance replicatedCopy;
    private boolean deleted;

    public StoreState(long id, Rect bounds, FieldType type) {
        this.id = id;
        this.bounds = bounds;
        this.type = type;
        entries.add(new ValidEntry.Fill(0));
    }

    public long id() {
        return id;
    }

    public Rect bounds() {
        return bounds;
    }

    public FieldType type() {
        return type;
    }

    /** Oldest first. */
    public List<ValidEntry> entries() {
        return entries;
    }

    public ValidEntry newest() {
        return entries.get(entries.size() - 1);
    }

    /** Records a write: {@code entry} is newest; entries it shadows entirely are dropped. */
    public void write(ValidEntry entry, boolean coversWhole) {
        replicatedCopy = null;
        if (coversWhole) {
            entries.clear();
        }
        entries.remove(entry);
        entries.add(entry);
    }

    /** A full valid copy on this shard, or null. */
    public PhysicalInstance replicatedCopy() {
        if (newest() instanceof ValidEntry.Replicated r) {
            return r.local();
        }
        return replicatedCopy;
    }

    public void setReplicatedCopy(PhysicalInstance copy) {
        this.replicatedCopy = copy;
    }

    public boolean isDeleted() {
        return deleted;
    }

    public void markDeleted() {
        deleted = true;
        entries.clear();
        replicatedCopy = null;
    }
}
