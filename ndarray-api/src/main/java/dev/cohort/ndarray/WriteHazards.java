package dev.cohort.ndarray;

import dev.cohort.runtime.launch.Access;

import java.lang.ref.WeakReference;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.Map;

import static dev.cohort.ndarray.DeferredExpr.*;

/**
 * Eager semantics for {@link Fusion}: a deferred array must never see a later write to one of its inputs.
 * A table per context counts, per store, the deferred expressions that read it (in program order:
 * deterministic); before a store is written or deleted ({@link #beforeWrite}) it is copied once into a
 * snapshot store and those expressions are re-pointed there (found through weak references, which change
 * nothing any shard issues).
 */
final class WriteHazards {
    private WriteHazards() {
    }

    /** Deferred expressions reading one store. */
    static final class Readers {
        /** Deferred (not yet materialised) expressions reading the store, in program order: deterministic. */
        int count;
        /** The same expressions, weakly (only to re-point them to a snapshot). */
        final ArrayList<WeakReference<Pending>> refs = new ArrayList<>();
        int pruneAt = 16;
    }

    static void register(Fusion.State st, Pending p, Cohort ctx) {
        for (long id : p.reads) {
            Readers r = st.readers.computeIfAbsent(id, k -> new Readers());
            r.count++;
            r.refs.add(new WeakReference<>(p));
            if (r.refs.size() >= r.pruneAt) {
                r.refs.removeIf(w -> {
                    Pending q = w.get();
                    return q == null || q.owner.pending != q;
                });
                r.pruneAt = Math.max(16, 2 * r.refs.size());
            }
        }
        if (++st.registrations % 4096 == 0) {
            // forget stores deleted since (deleted at the same point of the program on every shard)
            Iterator<Map.Entry<Long, Readers>> it = st.readers.entrySet().iterator();
            while (it.hasNext()) {
                if (!ctx.runtime().isLive(it.next().getKey())) {
                    it.remove();
                }
            }
        }
    }

    static void unregister(Fusion.State st, Pending p) {
        for (long id : p.reads) {
            if (id < 0) {
                continue;
            }
            Readers r = st.readers.get(id);
            if (r != null && --r.count <= 0) {
                st.readers.remove(id);
            }
        }
    }

    /**
     * Before {@code b}'s store is written (or deleted): if deferred expressions read it, copies it
     * into a snapshot store and re-points them there. {@code b} itself must be materialised.
     */
    static void beforeWrite(Cohort ctx, ArrayStorage b) {
        Fusion.State st = ctx.fusion;
        if (st.materializing == b || b.isEager()) {
            return;                     // an eager storage has no deferred reader: making one demotes it
        }
        long id = b.store().id();
        Readers r = st.readers.get(id);
        if (r == null || r.count == 0) {
            return;
        }
        st.readers.remove(id);
        long[] ext = b.extents.clone();
        NdArray whole = new NdArray(ctx, b, ext, Access.identity(ext.length));
        NdArray snap = Creation.empty(ctx, b.dtype, ext);
        Indexing.assign(snap, whole);
        st.snapshots++;
        for (WeakReference<Pending> w : r.refs) {
            Pending p = w.get();
            if (p == null || p.owner.pending != p) {
                continue;
            }
            p.root = repoint(p.root, b, snap.base, ctx);
            p.leaves.replaceAll(l -> l.base == b ? new NdArray(ctx, snap.base, l.shape, l.view) : l);
            for (int i = 0; i < p.reads.length; i++) {
                if (p.reads[i] == id) {
                    p.reads[i] = -1;
                }
            }
        }
    }

    private static Node repoint(Node n, ArrayStorage b, ArrayStorage snap, Cohort ctx) {
        if (n instanceof Leaf l) {
            if (l.arr.base == b) {
                l.arr = new NdArray(ctx, snap, l.arr.shape, l.arr.view);
            }
            return l;
        }
        if (n instanceof Ref r) {
            if (r.arr.base == b && b.pending == null) {
                return new Leaf(new NdArray(ctx, snap, r.arr.shape, r.arr.view));
            }
            return r;
        }
        if (n instanceof Op o) {
            for (int i = 0; i < o.kids.length; i++) {
                o.kids[i] = repoint(o.kids[i], b, snap, ctx);
            }
            return o;
        }
        return n;
    }
}
