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
        this.instance = instance;
        this.keepFired = keepFired;
        this.ticket = ticket;
    }

    InstanceManager.Ticket ticket() {
        return ticket;
    }

    /** The memory this instance's storage lives in, or null for storage no memory manages. */
    public Memory memory() {
        return ticket == null ? null : ticket.manager.memory();
    }

    /** The index of {@link #memory()} among its shard's memories; -1 for unmanaged storage. */
    public int memoryIndex() {
        return ticket == null ? -1 : ticket.manager.memory().index();
    }

    /**
     * Marks this instance released by the analysis (no later operation can reach it); true the first
     * time, for a managed instance. Program thread only.
     */
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
        if (!keepFired && readers.size() > 32) {
            readers.removeIf(Event::hasFired);
        }
        readers.add(e);
    }

    public void setWriter(Event e) {
        lastWrite = e;
        readers.clear();
    }
}
