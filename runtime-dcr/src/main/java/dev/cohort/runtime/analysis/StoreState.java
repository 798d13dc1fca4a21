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
    private boolean counted;

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

    /**
     * Records a write: {@code entry} is newest; entries it shadows entirely are dropped, and so is the
     * replicated copy made for reads. Returns the instances no entry holds any more (for the
     * executor to release once their users finish).
     */
    public List<PhysicalInstance> write(ValidEntry entry, boolean coversWhole) {
        List<PhysicalInstance> dropped = new ArrayList<>(0);
        if (replicatedCopy != null) {
            dropped.add(replicatedCopy);
        }
        replicatedCopy = null;
        if (coversWhole) {
            for (ValidEntry e : entries) {
                if (e != entry) {
                    instancesOf(e, dropped);
                }
            }
            entries.clear();
        }
        entries.remove(entry);
        entries.add(entry);
        if (!dropped.isEmpty()) {
            // an instance the new entry (or a surviving older one) still holds is not dropped
            List<PhysicalInstance> kept = new ArrayList<>();
            for (ValidEntry e : entries) {
                instancesOf(e, kept);
            }
            dropped.removeIf(pi -> containsIdentical(kept, pi));
        }
        return dropped;
    }

    private static void instancesOf(ValidEntry e, List<PhysicalInstance> out) {
        if (e instanceof ValidEntry.Replicated r) {
            out.add(r.local());
        } else if (e instanceof ValidEntry.Tiled t) {
            out.addAll(t.local().values());
        }
    }

    private static boolean containsIdentical(List<PhysicalInstance> list, PhysicalInstance pi) {
        for (PhysicalInstance p : list) {
            if (p == pi) {
                return true;
            }
        }
        return false;
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

    /** True the first time it is called: the store's first use, counted towards memory pressure once. */
    public boolean markCounted() {
        if (counted) {
            return false;
        }
        counted = true;
        return true;
    }

    public boolean isDeleted() {
        return deleted;
    }

    /** Marks the store deleted and returns every instance it held (to release once their users finish). */
    public List<PhysicalInstance> markDeleted() {
        deleted = true;
        List<PhysicalInstance> dropped = new ArrayList<>();
        for (ValidEntry e : entries) {
            instancesOf(e, dropped);
        }
        if (replicatedCopy != null && !containsIdentical(dropped, replicatedCopy)) {
            dropped.add(replicatedCopy);
        }
        entries.clear();
        replicatedCopy = null;
        return dropped;
    }
}
