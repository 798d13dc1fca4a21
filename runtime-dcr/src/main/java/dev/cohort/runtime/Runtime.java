package dev.cohort.runtime;

import dev.cohort.runtime.analysis.CoarseStage;
import dev.cohort.runtime.analysis.Dependence;
import dev.cohort.runtime.analysis.Layout;
import dev.cohort.runtime.analysis.StoreState;
import dev.cohort.runtime.analysis.ValidEntry;
import dev.cohort.runtime.determinism.HashVerifier;
import dev.cohort.runtime.execution.Event;
import dev.cohort.runtime.execution.PhysicalInstance;
import dev.cohort.runtime.geometry.Point;
import dev.cohort.runtime.geometry.Rect;
import dev.cohort.runtime.instance.Instance;
import dev.cohort.runtime.launch.GroupLaunch;
import dev.cohort.runtime.launch.Privilege;
import dev.cohort.runtime.launch.ProcessorKind;
import dev.cohort.runtime.launch.Requirement;
import dev.cohort.runtime.launch.TaskBody;
import dev.cohort.runtime.launch.TaskRegistry;
import dev.cohort.runtime.partition.Partition;
import dev.cohort.runtime.partition.Projection;
import dev.cohort.runtime.partition.Replicated;
import dev.cohort.runtime.partition.Tiling;
import dev.cohort.runtime.region.FieldType;
import dev.cohort.runtime.region.Region;
import dev.cohort.runtime.region.Store;
import dev.cohort.runtime.sharding.ShardingFunction;
import dev.cohort.transport.Communicator;
import java.lang.ref.Cleaner;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinWorkerThread;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * One shard's runtime: the context a replicated top-level program issues its operations to
 * (DCR paper §2-§4; DESIGN.md §2-§3). Every shard runs the same program against its own
 * {@code Runtime}; each call goes through the pipeline
 * <pre>
 *   call ─► determinism hash ─► coarse stage (all shards, per launch) ─► fine stage (own points)
 *        ─► point tasks on this shard's workers, started by their preconditions' events
 * </pre>
 * and only blocking calls ({@link Future#get()}, {@link #read}, {@link #sync}) wait. Shards
 * share nothing but the {@link Communicator}. Methods must be called from the program thread.
 */
public final class Runtime {
    private static final Cleaner CLEANER = Cleaner.create();
    private static final AtomicInteger POOLS = new AtomicInteger();

    private final Communicator comm;
    private final RuntimeConfig config;
    private final TaskRegistry registry;
    private final ExecutorService workers;
    private final CoarseStage coarse = new CoarseStage();
    private final FineStage fine = new FineStage(this);
    private final HashVerifier verifier;
    private final DeletionAgreement deletions;
    private final Map<Long, StoreState> stores = new HashMap<>();
    private final EventRecorder recorder;
    private final List<Event> outstanding = new ArrayList<>();
    private final AtomicLong nextNode = new AtomicLong();
    private final AtomicLong pointTasks = new AtomicLong();
    private final AtomicLong messagesSent = new AtomicLong();
    private final AtomicLong bytesSent = new AtomicLong();
    private final List<Dependence> lastDependences = new ArrayList<>();
    private long nextRegionId;
    private long nextStoreId;
    private long nextOp;
    private long nextFutureId;
    private long nextCollectiveId;
    private long collectives;
    private volatile Throwable failure;

    /** Starts a shard's runtime over {@code comm}; see {@link ShardGroup} for running a whole job. */
    public Runtime(Communicator comm, RuntimeConfig config) {
        this.comm = comm;
        this.config = config;
        this.registry = config.registry();
        synchronized (registry) {
            BuiltinTasks.register(registry);
        }
        this.recorder = config.recorder();
        this.workers = workerPool(config.cpus(), "cohort-" + POOLS.incrementAndGet() + "-shard" + comm.rank() + "-worker");
        this.verifier = config.determinismChecks() ? new HashVerifier(comm, config.checkInterval()) : null;
        this.deletions = new DeletionAgreement(comm, config.deletionIntervalMin(), config.deletionIntervalMax());
    }

    /**
     * The shard's workers: a work-stealing pool in LIFO mode. A point task that finishes on a worker
     * makes its ready successors runnable on that same worker's own deque, and the worker pops the
     * newest first, so the shard-local chain on one tile (z = X_i w, p_i, r_i, X_i^T r_i) runs
     * back to back while the tile is in that core's cache; idle workers steal the oldest work from
     * the other end (cache-aware scheduling, issue 5; Parla §4 locality-aware scheduling).
     */
    private static ExecutorService workerPool(int cpus, String namePrefix) {
        AtomicInteger threads = new AtomicInteger();
        ForkJoinPool.ForkJoinWorkerThreadFactory factory = pool -> {
            ForkJoinWorkerThread t = ForkJoinPool.defaultForkJoinWorkerThreadFactory.newThread(pool);
            t.setName(namePrefix + threads.incrementAndGet());
            t.setDaemon(true);
            return t;
        };
        return new ForkJoinPool(cpus, factory, null, false);
    }

    /** This shard's rank. */
    public int shard() {
        return comm.rank();
    }

    /** Number of shards replicating the program. */
    public int shards() {
        return comm.size();
    }

    /** Worker threads of this shard (the processors a launch's points are spread over). */
    public int cpus() {
        return config.cpus();
    }

    public TaskRegistry registry() {
        return registry;
    }

    // ------------------------------------------------------------------ regions and stores

    /**
     * Creates a region over {@code bounds} with one field per type; every field starts as zeros.
     *
     * @throws IllegalArgumentException if no field type is given
     */
    public Region createRegion(Rect bounds, FieldType... fields) {
        if (fields.length == 0) {
            throw new IllegalArgumentException("a region needs at least one field");
        }
        long regionId = nextRegionId++;
        call("createRegion(" + regionId + ", " + bounds + ", " + java.util.Arrays.toString(fields) + ")", new byte[0]);
        List<Store> list = new ArrayList<>();
        for (int f = 0; f < fields.length; f++) {
            long id = nextStoreId++;
            Store s = new Store(id, regionId, f, bounds, fields[f], this::delete);
            stores.put(id, new StoreState(id, bounds, fields[f]));
            DeletionAgreement d = deletions;
            CLEANER.register(s, () -> d.observe(id));
            list.add(s);
        }
        return new Region(regionId, bounds, list);
    }

    /** A region with a single field: a store. */
    public Store createStore(Rect bounds, FieldType type) {
        return createRegion(bounds, type).field(0);
    }

    /**
     * Deletes {@code store} at this position of the operation stream; pending uses finish first.
     * Idempotent.
     */
    public void delete(Store store) {
        call("delete(store " + store.id() + ")", new byte[0]);
        deleteNow(store.id());
    }

    private void deleteNow(long id) {
        StoreState st = stores.get(id);
        if (st != null && !st.isDeleted()) {
            st.markDeleted();
            coarse.forget(id);
            deletions.forget(id);
        }
    }

    /** True while the store has not been deleted (explicitly or by agreement after GC). */
    public boolean isLive(long storeId) {
        StoreState st = stores.get(storeId);
        return st != null && !st.isDeleted();
    }

    // ------------------------------------------------------------------ operations

    /**
     * Issues a group launch. Returns its future if it declares a result reduction, else null.
     *
     * @throws IllegalArgumentException for a launch that names an unknown task, mismatched
     *     dimensions, a write through an aliased partition or non-injective projection, a
     *     replicated write from more than one point, or interfering requirements
     * @throws IllegalStateException if a store was deleted
     */
    public Future execute(GroupLaunch launch) {
        checkFailure();
        validate(launch);
        long op = nextOp++;
        call("execute#" + op + " task " + launch.taskId() + " '" + registry.name(launch.taskId()) + "' " + launch, launch.scalars());
        ShardingFunction sharding = config.mapper().selectSharding(launch);
        ProcessorKind kind = config.mapper().selectProcessor(launch, registry.kinds(launch.taskId()));
        TaskBody body = registry.variant(launch.taskId(), kind);
        List<Requirement> reqs = launch.requirements();
        boolean replExec = false;
        for (Requirement r : reqs) {
            if (r.partition() instanceof Replicated && (r.privilege().kind() == Privilege.Kind.WRITE_DISCARD
                    || r.privilege().kind() == Privilege.Kind.READ_WRITE)) {
                replExec = true;
            }
        }
        Layout[] layouts = new Layout[reqs.size()];
        StoreState[] states = new StoreState[reqs.size()];
        lastDependences.clear();
        for (int i = 0; i < reqs.size(); i++) {
            Requirement r = reqs.get(i);
            layouts[i] = new Layout(r.partition(), r.projection(), launch.domain(), sharding, replExec);
            states[i] = state(r.store());
            lastDependences.addAll(coarse.analyze(op, i, r.store().id(), r.store().bounds(), layouts[i], r.privilege()));
        }
        Future f = fine.launch(op, launch, sharding, replExec, layouts, states, body);
        afterCall();
        return f;
    }

    /** Sets every element of {@code store} to the value with raw {@code bits} (see {@link FieldType}); deferred, no data moves. */
    public void fill(Store store, long bits) {
        checkFailure();
        StoreState st = state(store);
        long op = nextOp++;
        call("fill#" + op + "(store " + store.id() + ", bits " + bits + ")", new byte[0]);
        Layout whole = new Layout(Replicated.INSTANCE, Projection.identity(store.bounds().dim()),
                Rect.single(Point.zeros(1)), ShardingFunction.BLOCKED, true);
        lastDependences.clear();
        lastDependences.addAll(coarse.analyze(op, 0, store.id(), store.bounds(), whole, Privilege.WRITE_DISCARD));
        st.write(new ValidEntry.Fill(bits), true);
        afterCall();
    }

    /** Sets every element of {@code store} to {@code value} converted to its type. */
    public void fill(Store store, double value) {
        fill(store, store.type().bitsOf(value));
    }

    /**
     * Copies {@code src} into {@code dst} (same bounds and type) with the runtime's copy task,
     * through {@code src}'s current tiling when it has one (no data moves), else through a
     * tiling of about {@code shards × cpus} tiles along dimension 0.
     */
    public void copy(Store src, Store dst) {
        if (!src.bounds().equals(dst.bounds()) || src.type() != dst.type()) {
            throw new IllegalArgumentException("copy needs equal bounds and types: " + src + " vs " + dst);
        }
        StoreState st = state(src);
        Partition partition;
        Projection projection;
        Rect domain;
        if (st.newest() instanceof ValidEntry.Tiled t && t.layout().partition().isDisjoint()
                && t.layout().projection().isInjectiveOn(t.layout().domain())) {
            partition = t.layout().partition();
            projection = t.layout().projection();
            domain = t.layout().domain();
        } else {
            Rect b = src.bounds();
            long[] shape = b.extents();
            long tiles = Math.max(1, Math.min(shape[0], (long) shards() * config.cpus()));
            shape[0] = Math.max(1, (shape[0] + tiles - 1) / tiles);
            long[] offset = new long[b.dim()];
            for (int d = 0; d < b.dim(); d++) {
                offset[d] = b.lo(d);
                if (d > 0) {
                    shape[d] = Math.max(1, shape[d]);
                }
            }
            Tiling tiling = Tiling.of(shape, offset, new long[b.dim()]);
            partition = tiling;
            domain = tiling.colorSpace(b);
            projection = Projection.identity(b.dim());
        }
        execute(GroupLaunch.builder(BuiltinTasks.COPY, domain)
                .require(src, partition, projection, Privilege.READ)
                .require(dst, partition, projection, Privilege.WRITE_DISCARD)
                .build());
    }

    /**
     * Blocks until the whole store is known on this shard and returns a private copy of it (Legion:
     * inline mapping). Tiled data is all-gathered. A control-determinism checkpoint.
     */
    public Instance read(Store store) {
        checkFailure();
        StoreState st = state(store);
        call("read(store " + store.id() + ")", new byte[0]);
        PhysicalInstance full = fine.ensureReplicated(st);
        Instance copy = Instance.allocate(store.type(), store.bounds());
        Event done = copy(full, new PhysicalInstance(copy, false), store.bounds());
        afterCall();
        await(done.future(), "read(store " + store.id() + ")");
        return copy;
    }

    /** Blocks until every operation issued so far has completed on this shard. A determinism checkpoint. */
    public void sync() {
        checkFailure();
        call("sync()", new byte[0]);
        afterCall();
        List<Event> all;
        synchronized (outstanding) {
            all = new ArrayList<>(outstanding);
            outstanding.clear();
        }
        await(Event.all(all), "sync()");
    }

    /**
     * Ends the program on this shard: waits for local work, waits for the last deletion round, runs the
     * last determinism check. Called by {@link ShardGroup} after the program returns.
     */
    public void finish() {
        sync();
        if (deletions.previous() != null) {
            // every shard started the same rounds; finish them so no peer waits for our part
            await(deletions.previous(), "the last deletion agreement round");
        }
        if (verifier != null) {
            verifier.startCheck();
            await(verifier.allChecks(), "the final control-determinism check");
            checkFailure();
        }
        // no shard leaves while a peer may still wait for a message of a collective it is part of
        await(comm.barrier(FINAL_BARRIER_ID), "the final barrier");
    }

    /** Collective id of the barrier every shard passes before it leaves the job. */
    static final long FINAL_BARRIER_ID = 3L << 40;

    /** Stops the worker threads. */
    public void shutdown() {
        workers.shutdownNow();
    }

    /** Counters of this shard's runtime. */
    public RuntimeStats stats() {
        return new RuntimeStats(nextOp, coarse.work(), coarse.shardLocalDependences(), coarse.crossShardDependences(),
                pointTasks.get(), messagesSent.get(), bytesSent.get(), collectives);
    }

    /** The dependences the coarse stage found for the most recent operation. */
    public List<Dependence> lastDependences() {
        return List.copyOf(lastDependences);
    }

    // ------------------------------------------------------------------ validation

    private void validate(GroupLaunch launch) {
        if (!registry.contains(launch.taskId())) {
            throw new IllegalArgumentException("task id " + launch.taskId() + " is not registered");
        }
        Rect domain = launch.domain();
        List<Requirement> reqs = launch.requirements();
        boolean replicatedWrite = false;
        boolean tiledWrite = false;
        for (int i = 0; i < reqs.size(); i++) {
            Requirement r = reqs.get(i);
            state(r.store());
            Privilege pv = r.privilege();
            if (r.partition() instanceof Tiling t) {
                if (t.dim() != r.store().bounds().dim()) {
                    throw new IllegalArgumentException("requirement " + i + ": " + t.dim() + "-d tiling of a "
                            + r.store().bounds().dim() + "-d store " + r.store().bounds());
                }
                if (r.projection().colorDim() != t.dim()) {
                    throw new IllegalArgumentException("requirement " + i + ": projection yields " + r.projection().colorDim()
                            + "-d colors for a " + t.dim() + "-d tiling");
                }
                r.projection().checkLaunchDim(domain.dim());
                if (pv.writes()) {
                    if (pv.kind() == Privilege.Kind.REDUCE) {
                        throw new IllegalArgumentException("requirement " + i + ": REDUCE is supported through Replicated only, got " + t);
                    }
                    if (!t.isDisjoint()) {
                        throw new IllegalArgumentException("requirement " + i + ": cannot write through aliased " + t);
                    }
                    if (!r.projection().isInjectiveOn(domain)) {
                        throw new IllegalArgumentException("requirement " + i + ": " + r.projection()
                                + " maps several points of " + domain + " to one tile; writes need distinct tiles");
                    }
                    tiledWrite = true;
                }
            } else if (pv.kind() == Privilege.Kind.WRITE_DISCARD || pv.kind() == Privilege.Kind.READ_WRITE) {
                if (domain.volume() != 1) {
                    throw new IllegalArgumentException("requirement " + i + ": a replicated store can be written by a single point only, domain "
                            + domain + " has " + domain.volume());
                }
                replicatedWrite = true;
            }
            for (int j = 0; j < i; j++) {
                Requirement o = reqs.get(j);
                if (o.store().id() == r.store().id() && (pv.writes() || o.privilege().writes())
                        && !(o.partition().equals(r.partition()) && o.projection().equals(r.projection()))) {
                    throw new IllegalArgumentException("requirements " + j + " and " + i + " interfere on store "
                            + r.store().id() + ": a written store may appear again only with the same partition and projection");
                }
            }
        }
        if (replicatedWrite && tiledWrite) {
            throw new IllegalArgumentException("a launch that writes a replicated store runs on every shard and cannot also write a tiled store");
        }
        if (launch.futures().size() > 0) {
            for (Future f : launch.futures()) {
                if (f == null) {
                    throw new IllegalArgumentException("null input future");
                }
            }
        }
    }

    private StoreState state(Store store) {
        StoreState st = stores.get(store.id());
        if (st == null) {
            throw new IllegalArgumentException(store + " does not belong to this runtime");
        }
        if (st.isDeleted()) {
            throw new IllegalStateException(store + " was deleted");
        }
        return st;
    }

    // ------------------------------------------------------------------ determinism, deletion, blocking

    private void call(String description, byte[] arguments) {
        if (verifier != null) {
            verifier.record(description, arguments);
        }
    }

    private void afterCall() {
        if (deletions.due()) {
            long[] agreed = DeletionAgreement.none();
            CompletableFuture<long[]> prev = deletions.previous();
            if (prev != null) {
                agreed = await(prev, "a deletion agreement round");
                for (long id : agreed) {
                    call("gc-delete(store " + id + ")", new byte[0]);
                    deleteNow(id);
                }
            }
            deletions.startRound(agreed);
        }
        pruneOutstanding();
    }

    void checkFailure() {
        Throwable f = failure;
        if (f == null && verifier != null) {
            f = verifier.failure();
        }
        if (f != null) {
            if (f instanceof RuntimeException re) {
                throw re;
            }
            throw new IllegalStateException(f.getMessage(), f);
        }
    }

    <T> T await(CompletableFuture<T> f, String what) {
        if (verifier != null) {
            // every blocking call is a checkpoint, whether or not the value is already there:
            // the check sequence must not depend on timing
            verifier.startCheck();
        }
        long deadline = System.nanoTime() + config.blockingTimeout().toNanos();
        while (true) {
            checkFailure();
            try {
                return f.get(20, TimeUnit.MILLISECONDS);
            } catch (TimeoutException e) {
                if (System.nanoTime() > deadline) {
                    throw new IllegalStateException("shard " + shard() + " timed out after " + config.blockingTimeout()
                            + " waiting for " + what);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted waiting for " + what, e);
            } catch (ExecutionException e) {
                checkFailure();
                Throwable c = e.getCause();
                if (c instanceof RuntimeException re) {
                    throw re;
                }
                throw new IllegalStateException(what + " failed: " + c, c);
            }
        }
    }

    /** Records a failure of this shard and tells every other shard. */
    void fail(Throwable t) {
        if (failure == null) {
            failure = t;
            comm.abort(t);
        }
    }

    // ------------------------------------------------------------------ services for the fine stage

    Communicator communicator() {
        return comm;
    }

    ExecutorService workers() {
        return workers;
    }

    long nextCollectiveId() {
        collectives++;
        return nextCollectiveId++;
    }

    PhysicalInstance newInstance(FieldType type, Rect rect) {
        return new PhysicalInstance(Instance.allocate(type, rect), recorder != null);
    }

    Event newEvent(String kind, List<Event> pre, CompletableFuture<?> future) {
        Event e = new Event(nextNode.getAndIncrement(), future);
        if (recorder != null) {
            long[] nodes = new long[pre.size()];
            for (int i = 0; i < nodes.length; i++) {
                nodes[i] = pre.get(i).node();
            }
            recorder.event(shard(), e.node(), kind, nodes);
        }
        future.whenComplete((v, t) -> {
            if (t != null) {
                fail(unwrap(t));
            }
        });
        synchronized (outstanding) {
            outstanding.add(e);
        }
        return e;
    }

    private void pruneOutstanding() {
        synchronized (outstanding) {
            if (outstanding.size() > 1024) {
                outstanding.removeIf(Event::hasFired);
            }
        }
    }

    private static Throwable unwrap(Throwable t) {
        while ((t instanceof java.util.concurrent.CompletionException || t instanceof ExecutionException) && t.getCause() != null) {
            t = t.getCause();
        }
        return t;
    }

    Event futureEvent(Future f) {
        return new Event(-2 - f.id(), f.completion());
    }

    Future newFuture(CompletableFuture<Instance> value, Event done) {
        long id = nextFutureId++;
        return new Future(id, value, fut -> {
            checkFailure();
            call("future.get(" + fut.id() + ")", new byte[0]);
            return await(fut.completion(), "future " + fut.id());
        });
    }

    void recordAccess(Event point, long op, long linear, int index, Requirement req, PhysicalInstance pi, Rect piece) {
        if (recorder != null) {
            recorder.access(shard(), point.node(), op, linear, index, req.store().id(), pi.instance().uid(), piece, req.privilege());
        }
    }

    void recordCollective(long id, Event contribution, Event completion) {
        if (recorder != null) {
            recorder.collective(shard(), id, contribution.node(), completion.node());
        }
    }

    /** A copy of {@code rect} from {@code from} into {@code to}, after {@code from}'s last write; registered as its reader. */
    Event copy(PhysicalInstance from, PhysicalInstance to, Rect rect) {
        Event src = from.lastWrite();
        Event e = newEvent("copy", List.of(src),
                src.future().thenRunAsync(() -> to.instance().copyFrom(from.instance(), rect), workers));
        from.addReader(e);
        return e;
    }

    /** Pushes {@code rect} of {@code from} to shard {@code dest} under {@code tag} once written; registered as its reader. */
    void pushFrom(PhysicalInstance from, Rect rect, int dest, long tag) {
        Event src = from.lastWrite();
        Event e = newEvent("send", List.of(src), src.future().thenRunAsync(() -> {
            byte[] bytes = from.instance().pack(rect);
            messagesSent.incrementAndGet();
            bytesSent.addAndGet(bytes.length);
            comm.send(dest, tag, bytes);
        }, workers));
        if (recorder != null) {
            recorder.send(shard(), e.node(), dest, tag);
        }
        from.addReader(e);
    }

    /** Receives the piece {@code tag} from {@code source} into {@code rect} of {@code target}. */
    Event receiveInto(int source, long tag, Instance target, Rect rect) {
        CompletableFuture<Void> f = comm.receive(source, tag).thenAcceptAsync(
                bytes -> target.unpack(rect, ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN)), workers);
        Event e = newEvent("receive", List.of(), f);
        if (recorder != null) {
            recorder.receive(shard(), e.node(), source, tag);
        }
        return e;
    }

    void runPoint(long op, GroupLaunch launch, TaskBody body, Point point, PointContext ctx) {
        pointTasks.incrementAndGet();
        try {
            body.run(ctx);
        } catch (RuntimeException | Error e) {
            throw new TaskFailedException("task " + launch.taskId() + " '" + registry.name(launch.taskId()) + "' point "
                    + point + " of operation #" + op + " failed on shard " + shard() + ": " + e, e);
        }
    }
}
