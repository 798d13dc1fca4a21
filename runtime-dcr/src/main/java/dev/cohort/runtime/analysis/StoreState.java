package dev.cohort.runtime.analysis;

import dev.cohort.runtime.execution.PhysicalInstance;
import dev.cohort.runtime.geometry.Rect;
import dev.cohort.runtime.region.FieldType;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;

/**
 * The runtime's per-shard state of one store: its valid-data map (oldest entry first) and an
 * optional full replicated copy made for reads, valid until the next write. Everything except
 * the instances is identical on every shard.
 *
 * <p><b>Copies in other memories.</b> An instance an entry holds (a tile of a {@link ValidEntry.Tiled},
 * the instance of a {@link ValidEntry.Replicated}, the replicated copy) lives in the memory of the point
 * that wrote it. A read of it by a point mapped to another memory of this shard adds a copy of the whole
 * instance in that memory ({@link #addCopy}); later reads there find it ({@link #copyIn}). A write of an
 * entry makes its instances' copies stale, and an instance no entry holds any more takes its copies with
 * it: {@link #write} and {@link #markDeleted} return them with the instances to release. The copies are
 * this shard's physical state only; entries, and so everything the shards agree on, do not depend on them
 * or on the number of memories. With one memory there are none and this costs nothing.
 */
public final class StoreState {
    private final long id;
    private final Rect bounds;
    private final FieldType type;
    private final List<ValidEntry> entries = new ArrayList<>();
    private PhysicalInstance replicatedCopy;
    /** Valid copies in other memories of this shard, by the instance they copy (indexed by memory); null while none. */
    private IdentityHashMap<PhysicalInstance, PhysicalInstance[]> copies;
    private boolean deleted;
    private boolean counted;
    /** Set once a read of a piece spanning several instances had to be gathered (a shifted or halo read). */
    private boolean spanningReads;
    /** The bounding box of the pieces such reads gathered on this shard, or null. */
    private Rect spanningReach;
    /** The layouts whose pieces were made shard-wide instances for {@link #spanningReads} (each only once). */
    private java.util.Set<Layout> shardWideLayouts;
    /** Set once a read has gathered this store's patchwork into its own pieces ({@link #firstConsolidation}). */
    private boolean consolidated;
    /** The entry the read layouts of {@link #firstSpanCheck} were checked against, and those layouts. */
    private ValidEntry spanCheckedEntry;
    private java.util.Set<Layout> spanCheckedLayouts;

    /** Operations that wrote this store so far ({@link #recordWrite}); program order, the same on every shard. */
    private long writes;

    public StoreState(long id, Rect bounds, FieldType type) {
        this.id = id;
        this.bounds = bounds;
        this.type = type;
        entries.add(new ValidEntry.Fill(0));
    }

    public long id() {
        return id;
    }

    /**
     * Counts one operation that writes this store (a launch with a writing requirement on it, a fill), whether or not
     * this shard runs a point of it: the fine stage calls it for every such requirement, on every shard.
     */
    public void recordWrite() {
        writes++;
    }

    /** The operations that wrote this store so far: equal counts at two moments mean nothing wrote it in between. */
    public long writes() {
        return writes;
    }

    /**
     * Whether a read of this store had to gather a piece spanning several instances (a shifted or halo read):
     * then the fine stage makes its later tiled writes shard-wide instances with ghost cells, so that such reads
     * become windows. Local to the shard (no other shard needs to agree on how it lays out its storage).
     */
    public boolean spanningReads() {
        return spanningReads;
    }

    /** Records that {@code piece} had to be gathered from several instances (see {@link #spanningReads}). */
    public void markSpanningReads(Rect piece) {
        spanningReads = true;
        spanningReach = spanningReach == null ? piece : spanningReach.boundingBox(piece);
    }

    /** The bounding box of the pieces recorded by {@link #markSpanningReads}, or null. */
    public Rect spanningReach() {
        return spanningReach;
    }

    /** True the first time for {@code layout}: its pieces are to be moved into shard-wide instances now. */
    public boolean firstShardWide(Layout layout) {
        if (shardWideLayouts == null) {
            shardWideLayouts = new java.util.HashSet<>();
        }
        return shardWideLayouts.add(layout);
    }

    /** Whether {@link #firstShardWide} was asked for {@code layout} (its pieces were moved into shard-wide instances). */
    public boolean shardWideMade(Layout layout) {
        return shardWideLayouts != null && shardWideLayouts.contains(layout);
    }

    /**
     * True the first time for each read layout while {@code entry} is this store's newest: whether that layout's
     * pieces span several of the entry's pieces is to be checked now (the answer does not change until a write
     * replaces the entry). Local to the shard.
     */
    public boolean firstSpanCheck(ValidEntry entry, Layout read) {
        if (spanCheckedEntry != entry) {
            spanCheckedEntry = entry;
            spanCheckedLayouts = new java.util.HashSet<>();
        }
        return spanCheckedLayouts.add(read);
    }

    /**
     * Forgets {@code pi}'s copies in other memories, because {@code pi} no longer holds the store's data (its piece
     * moved into another instance of the same entry); returns them (for the executor to release).
     */
    public List<PhysicalInstance> dropCopies(PhysicalInstance pi) {
        List<PhysicalInstance> out = new ArrayList<>(0);
        if (copies != null) {
            dropCopiesOf(pi, out);
        }
        return out;
    }

    /**
     * True the first time only: a read that finds this store's data a patchwork may make its gathered pieces the
     * store's instances once. A store that becomes a patchwork again is one written through slices in a loop (a
     * zero-bordered stencil array): its reads go through windows on shard-wide instances instead, which copying
     * every piece again would defeat. Symbolic (every shard decides alike): its instances and transfers follow.
     */
    public boolean firstConsolidation() {
        if (consolidated) {
            return false;
        }
        consolidated = true;
        return true;
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
        } else if (entry instanceof ValidEntry.Tiled t) {
            // an older entry through the same layout covers exactly the same cells: the new one shadows it
            for (java.util.Iterator<ValidEntry> it = entries.iterator(); it.hasNext(); ) {
                ValidEntry e = it.next();
                if (e != entry && e instanceof ValidEntry.Tiled o && o.layout().equals(t.layout())) {
                    instancesOf(e, dropped);
                    it.remove();
                }
            }
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
        if (copies != null && !copies.isEmpty()) {
            // copies of what is dropped go with it; copies of what the write rewrote are stale
            int n = dropped.size();
            for (int i = 0; i < n; i++) {
                dropCopiesOf(dropped.get(i), dropped);
            }
            List<PhysicalInstance> written = new ArrayList<>();
            instancesOf(entry, written);
            for (PhysicalInstance pi : written) {
                dropCopiesOf(pi, dropped);
            }
        }
        return dropped;
    }

    /**
     * Records a write into {@code written} (an instance of a tiled entry; null on a shard that does not hold it) in
     * place: the entries stay, the replicated copy made for reads and {@code written}'s copies in other memories are
     * stale. Returns those (for the executor to release once their users finish).
     */
    public List<PhysicalInstance> writeInPlace(PhysicalInstance written) {
        List<PhysicalInstance> dropped = new ArrayList<>(0);
        if (replicatedCopy != null) {
            // a replicated copy that is an entry's own instance (a one-shard store of one piece) holds the write
            List<PhysicalInstance> held = new ArrayList<>();
            for (ValidEntry e : entries) {
                instancesOf(e, held);
            }
            if (!containsIdentical(held, replicatedCopy)) {
                dropped.add(replicatedCopy);
            }
            replicatedCopy = null;
        }
        if (written != null && copies != null && !copies.isEmpty()) {
            dropCopiesOf(written, dropped);
        }
        return dropped;
    }

    /**
     * The valid copy of {@code valid} (an instance an entry or the replicated copy holds) in memory
     * {@code memory} of this shard, or null.
     */
    public PhysicalInstance copyIn(PhysicalInstance valid, int memory) {
        if (copies == null) {
            return null;
        }
        PhysicalInstance[] c = copies.get(valid);
        return c == null ? null : c[memory];
    }

    /** Records {@code copy}, in memory {@code memory} of {@code memories}, as a valid copy of {@code valid}. */
    public void addCopy(PhysicalInstance valid, int memory, PhysicalInstance copy, int memories) {
        if (copies == null) {
            copies = new IdentityHashMap<>();
        }
        copies.computeIfAbsent(valid, k -> new PhysicalInstance[memories])[memory] = copy;
    }

    /** Copies held in other memories, all together (for tests and statistics). */
    public int copyCount() {
        int n = 0;
        if (copies != null) {
            for (PhysicalInstance[] c : copies.values()) {
                for (PhysicalInstance pi : c) {
                    n += pi == null ? 0 : 1;
                }
            }
        }
        return n;
    }

    private void dropCopiesOf(PhysicalInstance pi, List<PhysicalInstance> out) {
        PhysicalInstance[] c = copies.remove(pi);
        if (c != null) {
            for (PhysicalInstance x : c) {
                if (x != null) {
                    out.add(x);
                }
            }
        }
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
        if (copies != null) {
            for (PhysicalInstance[] c : copies.values()) {
                for (PhysicalInstance x : c) {
                    if (x != null) {
                        dropped.add(x);
                    }
                }
            }
            copies = null;
        }
        entries.clear();
        replicatedCopy = null;
        return dropped;
    }
}
