package dev.cohort.runtime.execution;

import dev.cohort.runtime.geometry.Point;
import dev.cohort.runtime.geometry.Rect;
import dev.cohort.runtime.instance.Instance;
import dev.cohort.runtime.launch.Future;
import dev.cohort.runtime.launch.Requirement;
import dev.cohort.runtime.launch.TaskBody;
import dev.cohort.runtime.profile.Profiler;
import dev.cohort.runtime.region.FieldType;
import dev.cohort.transport.Communicator;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinWorkerThread;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The execution layer of one shard (Realm's role under Legion): its processors (CPU workers), its
 * memories and their instance managers, events, copies and fills between instances, pushes and
 * receives of pieces, collectives' bookkeeping and running point tasks. The fine stage hands it
 * work; it never calls back into the analysis.
 *
 * <p><b>Small-operation fast path.</b> A point task, copy or fill whose preconditions have all fired
 * and whose data is small ({@code inlineLimit} elements, {@code cohort.inline.max.elements}) runs
 * right away on the calling (program) thread: waking a parked worker costs tens of microseconds on
 * this kind of machine, far more than the work (cuPyNumeric runs small arrays eagerly for the same
 * reason). Only timing changes: the task sees exactly the instances and order it would see on a
 * worker, and a failure is reported through its event as on a worker.
 *
 * <p><b>Back-pressure.</b> {@link #throttle()} keeps the program thread at most
 * {@code maxOutstanding} unfinished events ahead of execution, so temporaries do not pile up.
 *
 * <p><b>Processors and memories.</b> With M memories and W workers, worker {@code w} is affine to
 * memory {@code w * M / W}: the workers split into M contiguous groups, like sockets, each a work-stealing
 * pool of its own ({@link #affineMemory}). A point task mapped to memory {@code m} (the fine stage's
 * decision) runs on the pool of {@code m}'s workers, and so does a copy, fill or receive into an
 * instance of {@code m}. With fewer workers than memories, memory {@code m} uses pool
 * {@code m * W / M}. One memory: one pool, as before. A copy whose source and destination lie in
 * different memories of this shard is counted ({@link #interMemoryCopies()}, {@link #interMemoryBytes()}).
 */
public final class Executor {
    private static final AtomicInteger POOLS = new AtomicInteger();

    private final Communicator comm;
    /** The worker pools, one per group of workers affine to a memory ({@link #affineMemory}). */
    private final ExecutorService[] pools;
    /** The pool of memory m's point tasks and of copies into it. */
    private final ExecutorService[] poolOfMemory;
    private final ExecutorService workers;
    private final EventRecorder recorder;
    private final Profiler profiler;
    private final Memory[] memories;
    private final long inlineLimit;
    /**
     * Largest copy or fill run on the calling thread: {@link #inlineLimit}, at most {@link #COPY_INLINE_MAX}. A launch
     * makes a copy or fill per piece, and run inline they ran one after another on the program thread: with the
     * point-task limit (2^19) for them too, the op-mix suite's 1e7 cases (39 pieces of 2^18 elements) took 1.3-2x longer.
     */
    private final long copyInlineLimit;
    /** Elements above which a copy or fill always goes to the workers. */
    public static final long COPY_INLINE_MAX = 32768;
    private final int maxOutstanding;
    /** Events not yet known to have fired, oldest first (what {@link #drainOutstanding} returns). */
    private final ArrayDeque<Event> outstanding = new ArrayDeque<>();
    /**
     * Instance bytes allocated by the program thread for work not yet finished: each entry is the event
     * tracked after the allocations and their bytes (program thread only).
     */
    private final ArrayDeque<Object[]> pendingAllocations = new ArrayDeque<>();
    private long pendingAllocationBytes;
    private long allocatedSinceTrack;
    private int pruneLimit = 1024;
    private final AtomicLong nextNode = new AtomicLong();
    private final AtomicLong pointTasks = new AtomicLong();
    private final AtomicLong inlineTasks = new AtomicLong();
    private final AtomicLong messagesSent = new AtomicLong();
    private final AtomicLong bytesSent = new AtomicLong();
    private final AtomicLong interMemoryCopies = new AtomicLong();
    private final AtomicLong interMemoryBytes = new AtomicLong();
    private long nextCollectiveId;
    private long collectives;
    private final AtomicLong collectivesCompleted = new AtomicLong();
    private final AtomicLong collectiveNanos = new AtomicLong();
    private final PointTimes pointTimes = new PointTimes();
    /** Set by the first {@link #pointTaskTimes()}: point tasks are timed from then on (0.2-0.3 µs an inline op else). */
    private volatile boolean timePoints;
    private volatile Throwable failure;
    private final AtomicLong taskFailures = new AtomicLong();
    private volatile TaskFailedException firstTaskFailure;

    /**
     * @param memories       this shard's memories; the first is where instances go by default
     * @param inlineLimit    largest total element count of a point task, copy or fill run on the calling thread (0: never)
     * @param maxOutstanding unfinished events the program may run ahead by before {@link #throttle()} waits
     */
    public Executor(Communicator comm, int cpus, EventRecorder recorder, Profiler profiler, Memory[] memories,
                    long inlineLimit, int maxOutstanding) {
        if (memories.length == 0) {
            throw new IllegalArgumentException("a shard needs at least one memory");
        }
        this.comm = comm;
        this.recorder = recorder;
        this.profiler = profiler;
        this.memories = memories.clone();
        this.inlineLimit = inlineLimit;
        this.copyInlineLimit = Math.min(inlineLimit, COPY_INLINE_MAX);
        this.maxOutstanding = maxOutstanding;
        String prefix = "cohort-" + POOLS.incrementAndGet() + "-shard" + comm.rank() + "-worker";
        int m = memories.length;
        // one pool per memory (with fewer workers than memories, one per worker), of the workers affine to it
        int groups = Math.min(m, cpus);
        this.pools = new ExecutorService[groups];
        AtomicInteger names = new AtomicInteger();
        for (int g = 0; g < groups; g++) {
            int size = 0;
            for (int w = 0; w < cpus; w++) {
                if (affineMemory(w, cpus, groups) == g) {
                    size++;
                }
            }
            pools[g] = workerPool(size, prefix, names);
        }
        this.poolOfMemory = new ExecutorService[m];
        for (int i = 0; i < m; i++) {
            poolOfMemory[i] = pools[(int) ((long) i * groups / m)];
        }
        this.workers = pools[0];
    }

    /**
     * The memory worker {@code w} of {@code workers} is affine to on a shard with {@code memories} memories:
     * {@code w * memories / workers} (contiguous groups, like sockets).
     */
    public static int affineMemory(int w, int workers, int memories) {
        return (int) ((long) w * memories / workers);
    }

    /**
     * The shard's workers: a work-stealing pool in LIFO mode. A point task that finishes on a worker
     * makes its ready successors runnable on that same worker's own deque, and the worker pops the
     * newest first, so the shard-local chain on one tile (z = X_i w, p_i, r_i, X_i^T r_i) runs
     * back to back while the tile is in that core's cache; idle workers steal the oldest work from
     * the other end (cache-aware scheduling, issue 5; Parla §4 locality-aware scheduling).
     */
    private static ExecutorService workerPool(int cpus, String namePrefix, AtomicInteger threads) {
        ForkJoinPool.ForkJoinWorkerThreadFactory factory = pool -> {
            ForkJoinWorkerThread t = ForkJoinPool.defaultForkJoinWorkerThreadFactory.newThread(pool);
            t.setName(namePrefix + threads.incrementAndGet());
            t.setDaemon(true);
            return t;
        };
        return new ForkJoinPool(cpus, factory, null, false);
    }

    public int shard() {
        return comm.rank();
    }

    public int shards() {
        return comm.size();
    }

    public Communicator communicator() {
        return comm;
    }

    /** The pool of memory 0's workers: where work without a memory of its own runs (packing, folds). */
    public ExecutorService workers() {
        return workers;
    }

    /** The pool of the workers affine to memory {@code memory}. */
    public ExecutorService workers(int memory) {
        return poolOfMemory[memory];
    }

    /** The pool affine to {@code pi}'s memory (memory 0's for unmanaged storage). */
    private ExecutorService poolOf(PhysicalInstance pi) {
        if (poolOfMemory.length == 1) {
            return workers;
        }
        int m = pi.memoryIndex();
        return m < 0 ? workers : poolOfMemory[m];
    }

    /** The profiler, or null when none is recording. */
    public Profiler profiler() {
        return profiler;
    }

    /** This shard's memories; index 0 is the default. */
    public Memory memory(int index) {
        return memories[index];
    }

    public int memoryCount() {
        return memories.length;
    }

    /**
     * True when every worker of this shard is busy (running or looking for a task), estimated from the pools'
     * counts: a thread that spins or yields beside them then holds a core one of them needs (see
     * {@code Runtime.await}).
     */
    public boolean workersSaturated() {
        for (ExecutorService p : pools) {
            ForkJoinPool f = (ForkJoinPool) p;
            if (f.getActiveThreadCount() < f.getParallelism()) {
                return false;
            }
        }
        return true;
    }

    /** True when a launch of {@code elements} elements in all may run on the calling thread. */
    public boolean inlineCandidate(long elements) {
        return elements <= inlineLimit;
    }

    /** The next data collective's id; program order, so identical on every shard. */
    public long nextCollectiveId() {
        collectives++;
        return nextCollectiveId++;
    }

    // ------------------------------------------------------------------ instances

    /**
     * A new instance over {@code rect} in memory {@code memory} of this shard (contents undefined; see
     * {@link InstanceManager}).
     */
    public PhysicalInstance newInstance(int memory, FieldType type, Rect rect) {
        PhysicalInstance pi = memories[memory].manager().allocate(type, rect, recorder != null);
        allocatedSinceTrack += rect.volume() * type.size();
        return pi;
    }

    /**
     * A point's private accumulator over {@code rect} for a reduction: unmanaged (no memory's budget, pool or cleaner;
     * {@link #release} ignores it and the garbage collector frees it) when it holds at most {@link #SCRATCH_BYTES}
     * bytes, else {@link #newInstance} in {@code memory}. A full reduction makes one per point, each a few bytes
     * whose life ends at the launch's fold: the instance manager's bookkeeping (a ticket, a cleaner registration, the
     * pool's lock) cost more than the point's work, about a fifth of the program thread's time in
     * {@code x.any()} of 1e7 bool (39 points).
     */
    public PhysicalInstance newAccumulator(int memory, FieldType type, Rect rect) {
        if (rect.volume() * type.size() > SCRATCH_BYTES) {
            return newInstance(memory, type, rect);
        }
        return new PhysicalInstance(Instance.allocate(type, rect), recorder != null);
    }

    /** Bytes up to which {@link #newAccumulator} makes an unmanaged instance. */
    public static final long SCRATCH_BYTES = 4096;

    /**
     * Releases {@code pi}: the analysis will not hand it to any later operation, so its storage goes
     * back to the pool of the memory it lives in as soon as its current users have finished.
     * Idempotent; unmanaged instances are ignored.
     */
    public void release(PhysicalInstance pi) {
        PhysicalInstance backing = pi.backing();
        if (backing != null) {
            // a view: its shard-wide instance's storage goes back once every view is released and done
            if (pi.markViewReleased() && backing.viewReleased(pi.users())) {
                release(backing);
            }
            return;
        }
        if (!pi.markReleased()) {
            return;
        }
        InstanceManager m = pi.ticket().manager;
        m.pending(pi);
        List<Event> users = new ArrayList<>(pi.users());
        for (Event e : pi.viewUsers()) {
            if (!e.hasFired()) {
                users.add(e);
            }
        }
        if (users.isEmpty()) {
            m.free(pi);
        } else {
            Event.all(users).whenComplete((v, t) -> m.free(pi));
        }
    }

    // ------------------------------------------------------------------ events

    /**
     * An event of {@code kind} completing with {@code future}; a failure fails the shard, except a
     * {@link TaskFailedException} (a future whose value comes from a failed point task: that operation
     * failed, the shard did not).
     */
    public Event newEvent(String kind, List<Event> pre, CompletableFuture<?> future) {
        Event e = new Event(nextNode.getAndIncrement(), future);
        if (recorder != null) {
            recorder.event(shard(), e.node(), kind, nodes(pre));
        }
        future.whenComplete((v, t) -> {
            if (t != null && !(unwrap(t) instanceof TaskFailedException)) {
                fail(unwrap(t));
            }
        });
        track(e);
        return e;
    }

    /**
     * The event of an input future (not tracked: the launch that made it tracks its completion). It fires
     * when the value is known, also when the value is a failure: the point task reading it then fails in
     * turn ({@link TaskFailedException}) instead of never running.
     */
    public Event futureEvent(Future f) {
        CompletableFuture<?> value = f.completion();
        return new Event(-2 - f.id(), value.isDone() && !value.isCompletedExceptionally() ? value
                : value.handle((v, t) -> v));
    }

    private static long[] nodes(List<Event> pre) {
        long[] nodes = new long[pre.size()];
        for (int i = 0; i < nodes.length; i++) {
            nodes[i] = pre.get(i).node();
        }
        return nodes;
    }

    /** Program thread only, like every caller of {@link #newEvent} (so no lock). */
    private void track(Event e) {
        if (!e.hasFired() || recorder != null) {
            outstanding.addLast(e);
        }
        if (allocatedSinceTrack > 0) {
            if (!e.hasFired()) {
                pendingAllocations.addLast(new Object[]{e, allocatedSinceTrack});
                pendingAllocationBytes += allocatedSinceTrack;
            }
            allocatedSinceTrack = 0;
        }
    }

    /** Forgets finished entries of {@link #pendingAllocations} from the head. */
    private void prunePendingAllocations() {
        Object[] head;
        while ((head = pendingAllocations.peekFirst()) != null && ((Event) head[0]).hasFired()) {
            pendingAllocations.pollFirst();
            pendingAllocationBytes -= (Long) head[1];
        }
    }

    /**
     * How many bytes of instances unfinished work may hold: a quarter of a memory's budget, or half of what
     * is not live in it when that is less (a nearly full memory runs nearly synchronously), the least over
     * this shard's memories.
     */
    private long pendingAllocationBound() {
        long bound = Long.MAX_VALUE;
        for (Memory m : memories) {
            // per memory, and the smallest: the pending bytes are not counted by memory, and a point's
            // allocations may all land in one of them (a shard with one point per launch uses memory 0 only)
            InstanceManager im = m.manager();
            long free = im.budget() - im.liveBytes();
            bound = Math.min(bound, Math.min(im.budget() / 4, Math.max(0, free / 2)));
        }
        return bound;
    }

    /**
     * True when some memory of this shard is under pressure ({@link InstanceManager#underPressure}, asked
     * of every memory with {@code missedLimit}, which resets each one's count).
     */
    public boolean underPressure(long missedLimit) {
        boolean p = false;
        for (Memory m : memories) {
            p |= m.manager().underPressure(missedLimit);
        }
        return p;
    }

    /**
     * True when {@code bytes} of new instances, spread evenly over this shard's memories (the default
     * placement of a store's pieces), would not fit beside the live instances of some memory: pooled storage
     * counts as free (it is dropped first), storage whose release waits for running tasks does not.
     */
    public boolean wouldOverflow(long bytes) {
        long share = bytes / memories.length;
        for (Memory m : memories) {
            InstanceManager im = m.manager();
            if (im.liveBytes() + share > im.budget()) {
                return true;
            }
        }
        return false;
    }

    /** True when live instances hold more than half the budget of some memory of this shard. */
    public boolean anyMemoryHalfFull() {
        for (Memory m : memories) {
            InstanceManager im = m.manager();
            if (im.liveBytes() * 2 > im.budget()) {
                return true;
            }
        }
        return false;
    }

    /** Bytes of instances allocated for work that has not finished (the program's run-ahead in memory). */
    public long pendingAllocationBytes() {
        prunePendingAllocations();
        return pendingAllocationBytes;
    }

    /**
     * Forgets fired events: from the head while they have fired (events mostly fire in issue order),
     * and, when the list still outgrows its limit, everywhere (then the limit doubles, so the scan
     * stays amortised O(1) per event even while the program runs far ahead of its tasks).
     */
    public void pruneOutstanding() {
        Event head;
        while ((head = outstanding.peekFirst()) != null && head.hasFired()) {
            outstanding.pollFirst();
        }
        if (outstanding.size() > pruneLimit) {
            outstanding.removeIf(Event::hasFired);
            pruneLimit = Math.max(1024, 2 * outstanding.size());
        }
    }

    /**
     * Back-pressure (program thread): while more than {@code maxOutstanding} events are unfinished, or
     * the instances allocated for unfinished work exceed {@link #pendingAllocationBound()} (so
     * that dead temporaries' stores are not kept reachable by work queued far ahead, and the deletion
     * rounds can free them), waits for the oldest. Timing decides only how long it waits, never what is
     * issued, so control determinism is unaffected.
     */
    public void throttle() {
        pruneOutstanding();
        while (failure == null) {
            Event head;
            if (outstanding.size() > maxOutstanding) {
                head = outstanding.peekFirst();
            } else if (pendingAllocationBytes() > pendingAllocationBound()) {
                head = (Event) pendingAllocations.peekFirst()[0];
            } else {
                break;
            }
            long t0 = profiler == null ? 0 : Profiler.now();
            try {
                head.future().get(50, java.util.concurrent.TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            } catch (ExecutionException | java.util.concurrent.TimeoutException e) {
                // a failure is reported through fail(); a slow event is waited for again
            }
            if (profiler != null) {
                profiler.span(Profiler.WAIT, "back-pressure", t0, Profiler.now());
            }
            pruneOutstanding();
        }
    }

    /** Every unfinished event, and forgets them (what {@code sync()} waits for). */
    public List<Event> drainOutstanding() {
        List<Event> all = new ArrayList<>(outstanding);
        outstanding.clear();
        pruneLimit = 1024;
        return all;
    }

    // ------------------------------------------------------------------ failure

    /** Records a failure of this shard and tells every other shard. */
    public void fail(Throwable t) {
        if (failure == null) {
            failure = t;
            comm.abort(t);
        }
    }

    /** Counts a point task that failed ({@link TaskFailedException}: the operation fails, not the shard). */
    public void taskFailed(TaskFailedException e) {
        if (taskFailures.getAndIncrement() == 0) {
            firstTaskFailure = e;
        }
    }

    /** Point tasks of this shard whose body threw. */
    public long taskFailures() {
        return taskFailures.get();
    }

    /** The first of them, or null. */
    public TaskFailedException firstTaskFailure() {
        return firstTaskFailure;
    }

    /** This shard's first failure, or null. */
    public Throwable failure() {
        return failure;
    }

    public static Throwable unwrap(Throwable t) {
        while ((t instanceof CompletionException || t instanceof ExecutionException) && t.getCause() != null) {
            t = t.getCause();
        }
        return t;
    }

    // ------------------------------------------------------------------ point tasks

    /**
     * Issues a point task mapped to memory {@code memory} that starts when {@code pre} have fired: on the calling
     * thread right now when {@code inline} and they all have fired, else on the pool of the workers affine to that
     * memory. Returns its event.
     */
    public Event launchPoint(Runnable task, List<Event> pre, boolean inline, int memory) {
        CompletableFuture<?> done;
        if (inline && allFired(pre)) {
            done = runNow(task, pre);
            inlineTasks.incrementAndGet();
        } else {
            ExecutorService workers = poolOfMemory[memory];
            done = switch (pre.size()) {
                case 0 -> CompletableFuture.runAsync(task, workers);
                case 1 -> pre.get(0).future().thenRunAsync(task, workers);
                default -> Event.all(pre).thenRunAsync(task, workers);
            };
        }
        Event e = new Event(nextNode.getAndIncrement(), done);
        if (recorder != null) {
            recorder.event(shard(), e.node(), "point", nodes(pre));
        }
        // no completion hook: the task reports its own failure (fail) where it happens, and a task
        // skipped because a predecessor failed has nothing new to report
        track(e);
        return e;
    }

    /**
     * Runs {@code task} after {@code pre}: on the calling thread right now when {@code inline} and they all have
     * fired (a predecessor's failure then completes the result without running it, as on a worker), else on a
     * worker once they fire. The bookkeeping a launch does between its point tasks (a reduction's fold) uses this;
     * unlike {@link #launchPoint} it makes no event and counts no point task.
     */
    public CompletableFuture<Void> after(List<Event> pre, Runnable task, boolean inline) {
        if (inline && allFired(pre)) {
            return runNow(task, pre);
        }
        return Event.all(pre).thenRunAsync(task, workers);
    }

    private static boolean allFired(List<Event> pre) {
        for (int i = 0; i < pre.size(); i++) {
            if (!pre.get(i).hasFired()) {
                return false;
            }
        }
        return true;
    }

    private static List<Event> withAll(Event first, List<Event> rest) {
        List<Event> out = new ArrayList<>(rest.size() + 1);
        out.add(first);
        out.addAll(rest);
        return out;
    }

    /** Runs {@code task} now (its preconditions have fired); the returned future carries its outcome or a predecessor's failure. */
    private static CompletableFuture<Void> runNow(Runnable task, List<Event> pre) {
        for (int i = 0; i < pre.size(); i++) {
            CompletableFuture<?> f = pre.get(i).future();
            if (f.isCompletedExceptionally()) {
                CompletableFuture<Void> failed = new CompletableFuture<>();
                f.whenComplete((v, t) -> failed.completeExceptionally(t));
                return failed;
            }
        }
        try {
            task.run();
            return CompletableFuture.completedFuture(null);
        } catch (RuntimeException | Error e) {
            return CompletableFuture.failedFuture(e);
        }
    }

    /**
     * Runs one point task's body, counted and profiled; a throw becomes a {@link TaskFailedException}
     * naming the task, point, operation and shard ({@code everywhere}: the point runs on every shard, which
     * then all fail alike, and the message names none).
     */
    public void runPoint(long op, int taskId, String taskName, TaskBody body, Point point, long linear,
                         PointContext ctx, boolean everywhere) {
        pointTasks.incrementAndGet();
        boolean timed = timePoints;
        long t0 = profiler != null || timed ? Profiler.now() : 0;
        try {
            body.run(ctx);
        } catch (RuntimeException e) {
            throw new TaskFailedException("task " + taskId + " '" + taskName + "' point "
                    + point + " of operation #" + op + (everywhere ? " failed" : " failed on shard " + shard())
                    + ": " + e, e, op, linear);
        } finally {
            if (timed || profiler != null) {
                long t1 = Profiler.now();
                if (timed) {
                    pointTimes.add(taskId, t1 - t0);
                }
                if (profiler != null) {
                    profiler.span(Profiler.TASK, taskName, t0, t1);
                }
            }
        }
    }

    // ------------------------------------------------------------------ copies, fills, transfers

    /** A copy of {@code rect} from {@code from} into {@code to}, after {@code from}'s last write; registered as its reader. */
    public Event copy(PhysicalInstance from, PhysicalInstance to, Rect rect) {
        return copy(from, to, rect, false);
    }

    /**
     * {@link #copy(PhysicalInstance, PhysicalInstance, Rect)}; with {@code eager} it runs on the calling
     * thread whatever its size when the source is ready (the caller is about to wait for it anyway).
     */
    public Event copy(PhysicalInstance from, PhysicalInstance to, Rect rect, boolean eager) {
        return copy(from, to, rect, eager, List.of());
    }

    /**
     * {@link #copy(PhysicalInstance, PhysicalInstance, Rect, boolean)} that also waits for {@code after} (the
     * users of the cells it overwrites, when they belong to a live instance: a shard-wide instance's ghost cells).
     */
    public Event copy(PhysicalInstance from, PhysicalInstance to, Rect rect, boolean eager, List<Event> after) {
        copies.incrementAndGet();
        copiedBytes.addAndGet(rect.volume() * to.instance().type().size());
        Event src = after.isEmpty() ? from.lastWrite() : newEvent("ghost-ready", withAll(from.lastWrite(), after),
                Event.all(withAll(from.lastWrite(), after)));
        boolean between = memories.length > 1 && from.memoryIndex() >= 0 && to.memoryIndex() >= 0
                && from.memoryIndex() != to.memoryIndex();
        if (between) {
            interMemoryCopies.incrementAndGet();
            interMemoryBytes.addAndGet(rect.volume() * to.instance().type().size());
        }
        Runnable body = () -> {
            long t0 = profiler == null ? 0 : Profiler.now();
            TaskFailedException failed = from.failure();
            if (failed != null) {
                to.markFailed(failed);
                return;
            }
            to.instance().copyFrom(from.instance(), rect);
            if (profiler != null) {
                // a copy between memories is named by them in the profile ("copy SYSTEM#0 -> SYSTEM#1")
                String name = between ? "copy " + from.memory().kind() + "#" + from.memoryIndex() + " -> "
                        + to.memory().kind() + "#" + to.memoryIndex() : "copy";
                profiler.span(Profiler.COPY, name, t0, Profiler.now(), rect.volume() * to.instance().type().size());
            }
        };
        CompletableFuture<?> f = src.hasFired() && (eager || rect.volume() <= copyInlineLimit)
                ? runNow(body, List.of(src)) : src.future().thenRunAsync(body, poolOf(to));
        Event e = newEvent("copy", List.of(src), f);
        from.addReader(e);
        return e;
    }

    /** Fills {@code rect} of {@code target} with raw {@code bits}; no preconditions (the caller orders it as a write). */
    public Event fill(PhysicalInstance target, Rect rect, long bits) {
        return fill(target, rect, bits, List.of());
    }

    /** {@link #fill(PhysicalInstance, Rect, long)} after {@code after} (the users of the cells it overwrites). */
    public Event fill(PhysicalInstance target, Rect rect, long bits, List<Event> after) {
        Runnable body = () -> {
            long t0 = profiler == null ? 0 : Profiler.now();
            target.instance().fill(rect, bits);
            if (profiler != null) {
                profiler.span(Profiler.FILL, "fill", t0, Profiler.now(), rect.volume() * target.instance().type().size());
            }
        };
        boolean waits = false;
        for (Event e : after) {
            waits |= !e.hasFired();
        }
        CompletableFuture<?> f = waits ? Event.all(after).thenRunAsync(body, poolOf(target))
                : rect.volume() <= copyInlineLimit ? runNow(body, after)
                : CompletableFuture.runAsync(body, poolOf(target));
        return newEvent("fill", after, f);
    }

    /** Pushes {@code rect} of {@code from} to shard {@code dest} under {@code tag} once written; registered as its reader. */
    public void pushFrom(PhysicalInstance from, Rect rect, int dest, long tag) {
        Event src = from.lastWrite();
        Event e = newEvent("send", List.of(src), src.future().thenRunAsync(() -> {
            long t0 = profiler == null ? 0 : Profiler.now();
            TaskFailedException failed = from.failure();
            byte[] bytes = failed == null ? from.instance().pack(rect)
                    : FailureWire.encode(failed, rect.volume() * from.instance().type().size());
            messagesSent.incrementAndGet();
            bytesSent.addAndGet(bytes.length);
            comm.send(dest, tag, bytes);
            if (profiler != null) {
                profiler.span(Profiler.SEND, "send to " + dest, t0, Profiler.now(), bytes.length);
            }
        }, poolOf(from)));
        if (recorder != null) {
            recorder.send(shard(), e.node(), dest, tag);
        }
        from.addReader(e);
    }

    /**
     * Receives the piece {@code tag} from {@code source} into {@code rect} of {@code target}; a piece that
     * comes from a failed task marks {@code target} failed instead ({@link FailureWire}).
     */
    public Event receiveInto(int source, long tag, PhysicalInstance target, Rect rect) {
        return receiveInto(source, tag, target, rect, List.of());
    }

    /** {@link #receiveInto(int, long, PhysicalInstance, Rect)} that unpacks only after {@code after}. */
    public Event receiveInto(int source, long tag, PhysicalInstance target, Rect rect, List<Event> after) {
        CompletableFuture<byte[]> arrived = comm.receive(source, tag);
        if (!after.isEmpty()) {
            arrived = arrived.thenCombine(Event.all(after), (b, x) -> b);
        }
        CompletableFuture<Void> f = arrived.thenAcceptAsync(bytes -> {
            long t0 = profiler == null ? 0 : Profiler.now();
            TaskFailedException failed = FailureWire.decode(bytes, rect.volume() * target.instance().type().size());
            if (failed != null) {
                target.markFailed(failed);
                return;
            }
            target.instance().unpack(rect, ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN));
            if (profiler != null) {
                profiler.span(Profiler.RECEIVE, "receive from " + source, t0, Profiler.now(), bytes.length);
            }
        }, poolOf(target));
        Event e = newEvent("receive", List.of(), f);
        if (recorder != null) {
            recorder.receive(shard(), e.node(), source, tag);
        }
        return e;
    }

    /**
     * All-gathers {@code contribution} under collective {@code id} and records it (profile: from the
     * contribution's readiness to the result's arrival).
     */
    public CompletableFuture<byte[][]> allGather(long id, CompletableFuture<byte[]> contribution) {
        return contribution.thenCompose(bytes -> {
            long t0 = System.nanoTime();
            return comm.allGather(id, bytes).whenComplete((all, t) -> {
                long t1 = System.nanoTime();
                collectiveNanos.addAndGet(t1 - t0);
                collectivesCompleted.incrementAndGet();
                if (profiler != null) {
                    long total = 0;
                    if (all != null) {
                        for (byte[] b : all) {
                            total += b.length;
                        }
                    }
                    profiler.span(Profiler.COLLECTIVE, "all-gather #" + id, t0, t1, total);
                }
            });
        });
    }

    // ------------------------------------------------------------------ recording and counters

    /** True when an event recorder is attached (accesses are then recorded). */
    public boolean recording() {
        return recorder != null;
    }

    public void recordAccess(Event point, long op, long linear, int index, Requirement req, PhysicalInstance pi, Rect piece) {
        if (recorder != null) {
            recorder.access(shard(), point.node(), op, linear, index, req.store().id(), pi.instance().uid(), piece, req.privilege());
        }
    }

    public void recordCollective(long id, Event contribution, Event completion) {
        if (recorder != null) {
            recorder.collective(shard(), id, contribution.node(), completion.node());
        }
    }

    public long pointTasks() {
        return pointTasks.get();
    }

    /** Point tasks that ran on the program thread (the small-operation fast path). */
    public long inlineTasks() {
        return inlineTasks.get();
    }

    public long messagesSent() {
        return messagesSent.get();
    }

    public long bytesSent() {
        return bytesSent.get();
    }

    public long collectives() {
        return collectives;
    }

    /**
     * Per task id, the point tasks this shard ran and their wall-clock time together: task id -> {point tasks,
     * nanoseconds}, in task id order (a snapshot). Point tasks are timed from the first call on (the first reading
     * is empty): a program nobody measures pays no clock reads.
     */
    public java.util.Map<Integer, long[]> pointTaskTimes() {
        timePoints = true;
        return pointTimes.snapshot();
    }

    /** Data collectives of this shard that have completed (successfully or not). */
    public long collectivesCompleted() {
        return collectivesCompleted.get();
    }

    /**
     * Wall-clock nanoseconds of this shard's completed data collectives together, each from its contribution's
     * readiness to its result's arrival: the time a shard waits for the others and for the messages.
     */
    public long collectiveNanos() {
        return collectiveNanos.get();
    }

    /** Every copy between instances of this shard made so far (gathers, coherence copies, ghost cells). */
    public long copies() {
        return copies.get();
    }

    /** The bytes those {@link #copies()} moved. */
    public long copiedBytes() {
        return copiedBytes.get();
    }

    private final AtomicLong copies = new AtomicLong();
    private final AtomicLong copiedBytes = new AtomicLong();

    /**
     * Copies between two memories of this shard (source and destination instance in different memories):
     * coherence copies of the valid-data map, and gathers of a piece from a tile in another memory. Always 0
     * with one memory.
     */
    public long interMemoryCopies() {
        return interMemoryCopies.get();
    }

    /** Bytes those copies moved. */
    public long interMemoryBytes() {
        return interMemoryBytes.get();
    }

    /** Stops the workers and empties the memories' pools. */
    public void shutdown() {
        for (ExecutorService p : pools) {
            p.shutdownNow();
        }
        for (Memory m : memories) {
            m.manager().clear();
        }
    }
}
