package dev.cohort.ndarray;

import dev.cohort.partitioner.LogicalStore;
import dev.cohort.partitioner.Role;
import dev.cohort.runtime.geometry.Rect;
import dev.cohort.runtime.instance.Instance;
import dev.cohort.runtime.launch.Access;
import dev.cohort.runtime.region.Store;
import dev.cohort.tasks.ViewTasks;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;

/**
 * The storage behind an array and all its views: one store (a field of a region) of one dtype, as
 * the partitioner sees it ({@link LogicalStore}, which keeps its key partition), plus what only the
 * array layer knows of it: its deferred value ({@link Fusion}), the file it is attached to, and — while
 * the array is small enough to run eagerly ({@link Eager}) — its elements in a host instance of the program
 * thread instead of a store.
 *
 * <p><b>Eager and deferred.</b> A storage of at most {@link Cohort#eagerMaxVolume()} elements starts without a
 * store: operations whose every array is such a storage run at once on the program thread ({@link Eager}), on
 * every shard alike, into {@link #eagerInstance()}. The first use that needs the runtime — a launch with a
 * larger array, a deferred expression, any operation {@link Eager} does not run — <em>demotes</em> it
 * ({@link #store()}): the store is created then (in program order, so with the same id on every shard) and
 * given the elements (a FILL for a storage that holds one value, else a LOAD); from then on it is an ordinary
 * deferred store. Demotion never goes back.
 */
final class ArrayStorage {
    final Cohort ctx;
    final DType dtype;
    /** Extents of the store (a 0-d array's store has extent 1 in one dimension). */
    final long[] extents;
    /** The store, once made (at creation, for a storage too large to run eagerly). */
    private Store store;
    /** The store with its key partition: what operations hand to {@code AutoTask}; with {@link #store}. */
    private LogicalStore logical;
    /** The host elements of an eager storage; null before the first eager use and after demotion. */
    private Instance eager;
    /** The managed storage behind {@link #eager} ({@link EagerPool}); null for a small array or none yet. */
    private EagerPool.Held held;
    /** True while every element of the eager storage holds {@link #uniformBits} (a fill). */
    private boolean uniform;
    private long uniformBits;
    /** Set by {@link #close()} of a storage that never had a store. */
    private boolean closed;
    /**
     * The deferred expression whose value this store will hold, until it is materialised ({@link Fusion}); a storage
     * with one always has its store ({@code Fusion.make} demotes it), so an eager storage never has one.
     */
    DeferredExpr.Pending pending;
    /** What the last copy into a box of the store left around the box ({@link BoxFill}), or null. */
    BoxFill boxFill;
    /** The file this store is attached to ({@link NpyIo#memmap}), or null. */
    NpyIo.Attachment attachment;

    /** A storage; {@code small}: it may hold its elements on the host ({@link Eager}), else its store is made now. */
    ArrayStorage(Cohort ctx, DType dtype, long[] extents, boolean small) {
        this.ctx = ctx;
        this.dtype = dtype;
        this.extents = extents;
        if (!small) {
            demote();
        } else {
            // no instance of this operation is fetched yet: the arrays of unreachable storages can be taken back now
            ctx.eagerPool.reclaim();
        }
    }

    /** A storage over an existing store (with its key partition): what {@link #renameStore()} hands back. */
    private ArrayStorage(Cohort ctx, DType dtype, long[] extents, Store store, LogicalStore logical) {
        this.ctx = ctx;
        this.dtype = dtype;
        this.extents = extents;
        this.store = store;
        this.logical = logical;
    }

    /**
     * Renames the store (register renaming; Legion versions a region's data the same way): this storage takes a
     * fresh store of the same extents and dtype, which holds no data yet, and the returned storage keeps the
     * current store, its data and key partition, for whoever still reads the old elements
     * ({@link WriteHazards}: deferred expressions made before a write). The old store is deleted when nothing reaches
     * the returned storage any more. Only for a materialised storage that is not attached to a file.
     *
     * @throws IllegalStateException when the storage is eager, deferred or attached to a file
     */
    ArrayStorage renameStore() {
        ctx.checkCaller();
        if (store == null || pending != null || attachment != null) {
            throw new IllegalStateException("only a materialised store that is not attached to a file can be renamed ("
                    + (store == null ? "eager" : pending != null ? "deferred" : "attached to " + attachment.path()) + ")");
        }
        ArrayStorage old = new ArrayStorage(ctx, dtype, extents.clone(), store, logical);
        Store fresh = ctx.runtime().createStore(Rect.ofExtents(extents), dtype.fieldType());
        store = fresh;
        logical = new LogicalStore(fresh);
        return old;
    }

    /** The store, made now (demoting an eager storage) if it is not yet. */
    Store store() {
        if (store == null) {
            demote();
        }
        return store;
    }

    /** {@link #store()} with its key partition. */
    LogicalStore logical() {
        if (store == null) {
            demote();
        }
        return logical;
    }

    /** True while the storage has no store: its elements (if any) are {@link #eagerInstance()}'s. */
    boolean isEager() {
        return store == null;
    }

    /** The host instance of an eager storage (zeros before the first write). */
    Instance eagerInstance() {
        return eagerInstance(true);
    }

    /**
     * {@link #eagerInstance()} for an operation that writes every element before anything reads one (a dense fast
     * path's new output): a host array reused from {@link EagerPool} is not cleared first.
     */
    Instance eagerOutput() {
        return eagerInstance(false);
    }

    private Instance eagerInstance(boolean zero) {
        ctx.checkCaller();
        checkOpen();
        if (store != null) {
            throw new IllegalStateException("storage already has " + store);
        }
        if (eager == null) {
            Rect rect = Rect.ofExtents(extents);
            held = ctx.eagerPool.take(this, dtype.fieldType(), rect, zero);
            eager = held != null ? held.instance() : Instance.allocate(dtype.fieldType(), rect);
        }
        return eager;
    }

    /** An eager operation wrote the storage: its elements may differ now. */
    void eagerWritten() {
        uniform = false;
    }

    /**
     * Sets every element to {@code bits} (raw bits of this dtype): in place while eager, else the store's FILL.
     * The caller protects deferred readers first when the storage is deferred ({@link WriteHazards}).
     */
    void fill(long bits) {
        if (store == null) {
            Instance in = eagerOutput();
            in.fill(in.rect(), bits);
            uniform = true;
            uniformBits = bits;
        } else {
            logical.fill(ctx.runtime(), bits);
        }
    }

    /** True while the storage may still be used (not closed, the store not deleted). */
    boolean isLive() {
        return store == null ? !closed : ctx.runtime().isLive(store.id());
    }

    /**
     * {@link NdArray#close()} of the storage: the store deleted, or the host elements' storage given back
     * ({@link EagerPool}; no view of a closed storage reads them again: {@link #checkOpen}).
     */
    void close() {
        if (store != null) {
            store.close();
        } else {
            closed = true;
            eager = null;
            ctx.eagerPool.give(held);
            held = null;
        }
    }

    private void checkOpen() {
        if (closed) {
            throw new IllegalStateException("array of dtype " + dtype + " and extents " + Shapes.str(extents)
                    + " was closed: its elements were deleted");
        }
    }

    /** Makes the store and gives it the eager elements (none, one FILL, or one LOAD of the host bytes). */
    private void demote() {
        checkOpen();
        Store st = ctx.runtime().createStore(Rect.ofExtents(extents), dtype.fieldType());
        this.store = st;
        this.logical = new LogicalStore(st);
        Instance data = eager;
        eager = null;
        if (data == null) {
            return;
        }
        if (uniform) {
            giveBack();
            if (uniformBits != 0) {
                logical.fill(ctx.runtime(), uniformBits);
            }
            return;
        }
        int item = dtype.itemsize();
        ByteBuffer b = ByteBuffer.allocate(Math.toIntExact(data.size() * item)).order(ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < data.size(); i++) {
            long bits = data.getBits(i);
            switch (item) {
                case 8 -> b.putLong(bits);
                case 4 -> b.putInt((int) bits);
                default -> b.put((byte) bits);
            }
        }
        byte[] bytes = b.array();
        giveBack();
        NdArray whole = new NdArray(ctx, this, extents.clone(), Access.identity(extents.length));
        List<Launches.Slot> slots = List.of(new Launches.Slot(whole, whole.view, Role.WRITE));
        Launches.launch(ViewTasks.LOAD, whole.shape, slots, new int[0], null, false, space ->
                new ViewTasks.Load(space, dtype.fieldType(), Launches.operand(slots, 0), bytes).encode());
    }

    /** After demotion: the eager elements' managed storage goes back to the pool. */
    private void giveBack() {
        ctx.eagerPool.give(held);
        held = null;
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
