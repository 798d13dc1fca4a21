package dev.cohort.ndarray;

import dev.cohort.runtime.geometry.Rect;
import dev.cohort.runtime.launch.Access;

import java.lang.ref.WeakReference;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.Map;

import static dev.cohort.ndarray.DeferredExpr.*;

/**
 * Eager semantics for {@link Fusion}: a deferred array must never see a later write to one of its inputs.
 * A table per context counts, per store, the deferred expressions that read it (in program order:
 * deterministic); before a store with such readers is written or deleted ({@link #beforeWrite}) the readers get
 * the old elements in one of two ways, and are re-pointed to them (found through weak references, which change
 * nothing any shard issues):
 * <ul>
 *   <li><b>renaming</b>, when the write overwrites the whole store without reading it (a whole-array {@code out=},
 *       {@code a[...] = v}, a copy into the whole array): the storage takes a fresh store and the readers keep the
 *       old one ({@link ArrayStorage#renameStore}); nothing is copied;</li>
 *   <li><b>renaming into a fill</b> ({@link #beforeBoxOverwrite}), when a copy overwrites a box of a store whose every
 *       element outside the box holds one fill's value ({@code padded[1:-1, 1:-1] = u} of a zero-bordered array): the
 *       storage takes a fresh store filled with that value (symbolic), the readers keep the old one, and the copy writes
 *       the box; nothing is copied;</li>
 *   <li>a <b>snapshot</b> otherwise (a write that reads the old elements or writes a strided part of the store, or
 *       part of one whose rest is not one fill, a deletion): the whole store is copied into a new store and the readers
 *       are re-pointed to that.</li>
 * </ul>
 * Either way the decision is a function of program order only (the counts, the write's privilege and extent, the
 * runtime's symbolic valid-data map), so every shard issues the same launches.
 *
 * <p>Why a fill and not the rest copied: the previous version renamed the store and copied the box's complement
 * (padded's border, four slabs) from the old one. Each slab then had an instance of its own, outside the ghost cells
 * of the box's shard-wide instances, so the stencil's shifted reads gathered the border pieces every iteration: CG
 * Poisson n = 1000, 1 shard, made about 110 instances an iteration against 60 with a snapshot, and at n = 256 six
 * for the padded array where the snapshot made one (the allocation test of {@code ExecutionLayerTest} then failed
 * in CI). A fresh store that is the fill plus the box's write is what the array was after its first iteration: the
 * border lies in the ghost cells, resolved from the fill, and no snapshot copies the array.
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
     * Before {@code b}'s store is written (or deleted) in a way that may read its old elements: if deferred
     * expressions read it, copies it into a snapshot store and re-points them there. {@code b} itself must be
     * materialised.
     */
    static void beforeWrite(Cohort ctx, ArrayStorage b) {
        beforeWrite(ctx, b, false);
    }

    /**
     * Before {@code b}'s store is written: if deferred expressions read it, gives them the old elements — by
     * renaming the store when {@code overwritesAll} (the write overwrites every element without reading any, and the
     * writing launch reads no part of {@code b} through another operand), else by a snapshot — and re-points them
     * there. {@code b} itself must be materialised.
     */
    static void beforeWrite(Cohort ctx, ArrayStorage b, boolean overwritesAll) {
        Readers r = readers(ctx, b);
        if (r == null) {
            return;
        }
        if (overwritesAll && renamable(b)) {
            renameForReaders(ctx, b, r);
            ctx.fusion.renames++;
            return;
        }
        long id = b.store().id();
        ctx.fusion.readers.remove(id);
        long[] ext = b.extents.clone();
        NdArray whole = new NdArray(ctx, b, ext, Access.identity(ext.length));
        NdArray snap = Creation.empty(ctx, b.dtype, ext);
        Indexing.assign(snap, whole);
        ctx.fusion.snapshots++;
        repointReaders(ctx, r, b, snap.base, id);
    }

    /** Gives {@code b} a fresh store and re-points its readers {@code r} to the old one, which it returns. */
    private static ArrayStorage renameForReaders(Cohort ctx, ArrayStorage b, Readers r) {
        long id = b.store().id();
        ctx.fusion.readers.remove(id);
        ArrayStorage old = b.renameStore();
        repointReaders(ctx, r, b, old, id);
        return old;
    }

    /**
     * Before {@code dst[...] = src} overwrites every element of the view {@code dst} without reading one, when every
     * element outside that box holds the raw {@code bits} ({@link BoxFill#outside}): if deferred expressions read
     * {@code dst}'s store and {@code src} is not a view of the same storage, the store is renamed, the readers keep the
     * old one, and the fresh store is filled with {@code bits} (symbolic: no data moves); the caller's copy then writes
     * the box. A stencil that writes the interior of a zero-bordered array every iteration
     * ({@code padded[1:-1, 1:-1] = u}, whose shifted views' temporaries stay registered readers) so copies nothing
     * where a snapshot copied all (n + 2)² elements; the fresh store is a fill and one tiled write, as the array was
     * after its first iteration. Returns whether it renamed; when not, the launch's own {@link #beforeWrite} protects
     * the readers as before.
     */
    static boolean beforeBoxOverwrite(Cohort ctx, NdArray dst, NdArray src, long bits) {
        ArrayStorage b = dst.base;
        Readers r = b.pending != null || !b.isLive() || !renamable(b) || src.base == b ? null : readers(ctx, b);
        if (r == null) {
            return false;
        }
        renameForReaders(ctx, b, r);
        b.fill(bits);
        ctx.fusion.boxRenames++;
        return true;
    }

    /**
     * The store rectangle (inclusive, as the runtime's) that view {@code a} covers, when it is a box: every iterated
     * dimension of step 1 (or of extent 1); null otherwise.
     */
    static Rect box(NdArray a) {
        Access v = a.view;
        long[] lo = new long[v.storeDim()];
        long[] hi = new long[v.storeDim()];
        for (int k = 0; k < v.storeDim(); k++) {
            int d = v.iterDim()[k];
            long n = d < 0 ? 1 : a.shape[d];
            if (d >= 0 && n > 1 && v.step()[k] != 1) {
                return null;
            }
            lo[k] = v.start()[k];
            hi[k] = lo[k] + n - 1;
        }
        return Rect.of(lo, hi);
    }

    /** The deferred readers of {@code b}'s store, or null when none (or {@code b} is eager or being materialised). */
    private static Readers readers(Cohort ctx, ArrayStorage b) {
        Fusion.State st = ctx.fusion;
        if (st.materializing == b || b.isEager()) {
            return null;                // an eager storage has no deferred reader: making one demotes it
        }
        Readers r = st.readers.get(b.store().id());
        return r == null || r.count == 0 ? null : r;
    }

    private static boolean renamable(ArrayStorage b) {
        return b.attachment == null && b.pending == null;
    }

    /** Points the live readers of store {@code id} (through {@code b}) at {@code old}; they no longer count as its readers. */
    private static void repointReaders(Cohort ctx, Readers r, ArrayStorage b, ArrayStorage old, long id) {
        for (WeakReference<Pending> w : r.refs) {
            Pending p = w.get();
            if (p == null || p.owner.pending != p) {
                continue;
            }
            p.root = repoint(p.root, b, old, ctx);
            p.leaves.replaceAll(l -> l.base == b ? new NdArray(ctx, old, l.shape, l.view) : l);
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
