package dev.cohort.runtime.execution;

import dev.cohort.runtime.instance.Instance;
import java.util.ArrayList;
import java.util.List;

/**
 * An instance plus the users the fine stage has ordered on it (Legion physical analysis, one
 * instance at a time): the last write and the reads since. A read waits for the last write; a
 * write waits for the last write and every read since. Only the shard's analysis thread touches
 * these lists.
 */
public final class PhysicalInstance {
    private final Instance instance;
    /** The part of {@link #instance} this tracker stands for: the whole instance, or a view's rectangle. */
    private final dev.cohort.runtime.geometry.Rect rect;
    /** The shard-wide instance this is a view of (sharing its storage), or null. */
    private final PhysicalInstance backing;
    /** On a shard-wide instance: the bounding rectangle of its views (the rest are ghost cells). */
    private dev.cohort.runtime.geometry.Rect core;
    /** On a shard-wide instance: its views not yet released (program thread). */
    private int liveViews;
    /** On a shard-wide instance: the users of its released views, which its storage outlives. */
    private List<Event> viewUsers;
    private Event lastWrite = Event.NONE;
    private final List<Event> readers = new ArrayList<>();
    private final boolean keepFired;
    /** The allocation record of an instance manager's instance; null for storage nobody manages. */
    private final InstanceManager.Ticket ticket;
    private boolean released;
    /** Set when what this instance holds comes from a failed point task ({@link TaskFailedException}). */
    private volatile TaskFailedException failure;

    /**
     * An instance no manager owns (e.g. a private copy returned to the program).
     *
     * @param keepFired keep fired events as preconditions (so an event recorder sees every
     *     ordering edge); otherwise they are pruned
     */
    public PhysicalInstance(Instance instance, boolean keepFired) {
        this(instance, keepFired, null);
    }

    PhysicalInstance(Instance instance, boolean keepFired, InstanceManager.Ticket ticket) {
        this(instance, instance.rect(), keepFired, ticket, null);
    }

    private PhysicalInstance(Instance instance, dev.cohort.runtime.geometry.Rect rect, boolean keepFired,
                             InstanceManager.Ticket ticket, PhysicalInstance backing) {
        this.instance = instance;
        this.rect = rect;
        this.keepFired = keepFired;
        this.ticket = ticket;
        this.backing = backing;
    }

    /**
     * A view of {@code rect} (inside this instance) sharing this instance's storage, with users of its own:
     * how the fine stage makes one shard-wide instance per memory hold several pieces. This instance's
     * storage is freed once it and every view made of it are released and their users are done; its own
     * users are then those of the cells no view covers (its ghost cells). Program thread only.
     */
    public PhysicalInstance view(dev.cohort.runtime.geometry.Rect rect) {
        if (backing != null || ticket == null || !instance.rect().contains(rect)) {
            throw new IllegalArgumentException("cannot view " + rect + " of " + this.rect);
        }
        liveViews++;
        return new PhysicalInstance(instance, rect, keepFired, null, this);
    }

    /**
     * A read-only window of {@code rect} (inside this instance's storage) that nothing manages: the instance
     * a point reads a piece through when the piece spans several views of one shard-wide instance.
     */
    public PhysicalInstance window(dev.cohort.runtime.geometry.Rect rect) {
        if (!instance.rect().contains(rect)) {
            throw new IllegalArgumentException("cannot view " + rect + " of " + instance.rect());
        }
        return new PhysicalInstance(instance, rect, keepFired, null, null);
    }

    /** The part of {@link #instance()} this stands for (a piece handed to a task lies inside it). */
    public dev.cohort.runtime.geometry.Rect rect() {
        return rect;
    }

    /** On a shard-wide instance: the rectangle its views cover; outside it lie its ghost cells. Else null. */
    public dev.cohort.runtime.geometry.Rect core() {
        return core;
    }

    /** Sets {@link #core()} (once, when the fine stage makes the views). */
    public void setCore(dev.cohort.runtime.geometry.Rect core) {
        this.core = core;
    }

    /** The shard-wide instance this is a view of, or null. */
    public PhysicalInstance backing() {
        return backing;
    }

    /** Marks a view released; true the first time. Program thread only. */
    boolean markViewReleased() {
        if (released || backing == null) {
            return false;
        }
        released = true;
        return true;
    }

    /**
     * Records that one view of this shard-wide instance was released with {@code users} still to finish; true
     * when it was the last live view.
     */
    boolean viewReleased(List<Event> users) {
        if (viewUsers == null) {
            viewUsers = new ArrayList<>();
        }
        viewUsers.addAll(users);
        return --liveViews == 0;
    }

    /** The users of released views (see {@link #viewReleased}). */
    List<Event> viewUsers() {
        return viewUsers == null ? List.of() : viewUsers;
    }

    InstanceManager.Ticket ticket() {
        return ticket;
    }

    /** The memory this instance's storage lives in, or null for storage no memory manages. */
    public Memory memory() {
        if (backing != null) {
            return backing.memory();
        }
        return ticket == null ? null : ticket.manager.memory();
    }

    /** The index of {@link #memory()} among its shard's memories; -1 for unmanaged storage. */
    public int memoryIndex() {
        if (backing != null) {
            return backing.memoryIndex();
        }
        return ticket == null ? -1 : ticket.manager.memory().index();
    }

    /**
     * Marks this instance released by the analysis (no later operation can reach it); true the first
     * time, for a managed instance. Program thread only.
     */
    /**
     * Marks this instance as one whose store the garbage collector found dead (a deletion agreed after a collection,
     * not the program's own delete): its storage returning is no sign that the program frees what it uses
     * ({@link InstanceManager}'s collection requests). Program thread only, before its release.
     */
    public void markCollected() {
        collected = true;
    }

    /** Whether {@link #markCollected} was called. */
    boolean collected() {
        return collected;
    }

    private volatile boolean collected;

    boolean markReleased() {
        if (released || ticket == null) {
            return false;
        }
        released = true;
        return true;
    }

    /** Every user not yet known to have fired: what must finish before the storage can be reused. */
    List<Event> users() {
        List<Event> out = new ArrayList<>(readers.size() + 1);
        if (!lastWrite.hasFired()) {
            out.add(lastWrite);
        }
        for (Event r : readers) {
            if (!r.hasFired()) {
                out.add(r);
            }
        }
        return out;
    }

    public Instance instance() {
        return instance;
    }

    /**
     * The failure this instance's contents come from, or null: set by the task, copy or transfer that
     * wrote it from a failed source, read by the operations after it (ordered by their events).
     */
    public TaskFailedException failure() {
        return failure;
    }

    /**
     * Marks the contents as coming from {@code f}; of several marks the earliest failure stays
     * ({@link TaskFailedException#earlier}), whatever order they arrive in.
     */
    public synchronized void markFailed(TaskFailedException f) {
        failure = TaskFailedException.earlier(failure, f);
    }

    /** A successful write covered the whole instance: its contents are valid again. */
    public synchronized void clearFailure() {
        failure = null;
    }

    /** What a reader must wait for. */
    public Event lastWrite() {
        return lastWrite;
    }

    /** Adds the precondition of a read to {@code out}: the last write, unless it has fired and fired events are pruned. */
    public void readPreconditions(List<Event> out) {
        java.util.concurrent.CompletableFuture<?> f = lastWrite.future();
        if (keepFired || !f.isDone() || f.isCompletedExceptionally()) {
            out.add(lastWrite);
        }
    }

    /** Adds the preconditions of a write to {@code out}. */
    public void writePreconditions(List<Event> out) {
        if (keepFired || !lastWrite.hasFired()) {
            out.add(lastWrite);
        }
        for (Event r : readers) {
            if (keepFired || !r.hasFired()) {
                out.add(r);
            }
        }
    }

    public void addReader(Event e) {
        if (!keepFired && readers.size() > pruneAt) {
            // the fired readers go; the next pruning waits until the list has doubled, so that an instance read by
            // every launch (a loop's input) pays O(1) a read, not a scan of its last 32 readers each time
            readers.removeIf(Event::hasFired);
            pruneAt = Math.max(PRUNE_FROM, 2 * readers.size());
        }
        readers.add(e);
    }

    /** Readers beyond which {@link #addReader} drops the fired ones. */
    private int pruneAt = PRUNE_FROM;
    private static final int PRUNE_FROM = 32;

    public void setWriter(Event e) {
        lastWrite = e;
        readers.clear();
    }
}
