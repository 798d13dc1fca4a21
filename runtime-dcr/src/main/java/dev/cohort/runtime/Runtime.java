package dev.cohort.runtime;

import dev.cohort.runtime.analysis.CoarseStage;
import dev.cohort.runtime.analysis.Dependence;
import dev.cohort.runtime.analysis.Layout;
import dev.cohort.runtime.analysis.StoreState;
import dev.cohort.runtime.analysis.ValidEntry;
import dev.cohort.runtime.determinism.CallEncoder;
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
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
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
    /** Events not yet known to have fired, oldest first (what {@link #sync} waits for). */
    private final ArrayDeque<Event> outstanding = new ArrayDeque<>();
    private int pruneLimit = 1024;
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
    // ---- memoised launch analysis (tracing)
    private final boolean memoize;
    private LaunchTemplate[] memo = new LaunchTemplate[MEMO_BUCKETS];
    private int memoSize;
    private long nextTemplateId;
    private final Map<Long, ArrayList<LaunchTemplate>> traces = new HashMap<>();
    private ArrayList<LaunchTemplate> trace;
    private long traceId;
    private int tracePosition;
    private long memoizedLaunches;
    private long analysedLaunches;
    private long tracedLaunches;
    /** Buckets of the runtime-wide memo of launch shapes; it is emptied when it holds this many (deterministically). */
    static final int MEMO_BUCKETS = 1024;
    static final int MEMO_LIMIT = 4096;

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
        this.memoize = config.memoizeLaunches();
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
        if (verifier != null) {
            CallEncoder e = verifier.encoder().putByte(CALL_CREATE_REGION).putLong(regionId);
            putRect(e, bounds);
            e.putInt(fields.length);
            for (FieldType f : fields) {
                e.putByte(f.ordinal());
            }
            FieldType[] fs = fields.clone();
            verifier.record(() -> "createRegion(" + regionId + ", " + bounds + ", " + java.util.Arrays.toString(fs) + ")");
        }
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
        long sid = store.id();
        if (verifier != null) {
            verifier.encoder().putByte(CALL_DELETE).putLong(sid);
            verifier.record(() -> "delete(store " + sid + ")");
        }
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
        List<Requirement> reqs = launch.requirements();
        int n = reqs.size();
        boolean[] fresh = new boolean[1];
        LaunchTemplate t = template(launch, fresh);
        StoreState[] states = new StoreState[n];
        for (int i = 0; i < n; i++) {
            states[i] = state(reqs.get(i).store());
        }
        long op = nextOp++;
        if (verifier != null) {
            hashLaunch(op, launch, t, fresh[0]);
        }
        Layout[] layouts = t.layouts;
        lastDependences.clear();
        for (int i = 0; i < n; i++) {
            Requirement r = reqs.get(i);
            coarse.analyze(op, i, r.store().id(), r.store().bounds(), layouts[i], r.privilege(), lastDependences);
        }
        Future f = fine.launch(op, launch, t, states);
        afterCall();
        return f;
    }

    // ------------------------------------------------------------------ tracing (memoised analysis)

    /**
     * Runs {@code body}, whose launches form trace {@code id} (Legion {@code begin_trace}/
     * {@code end_trace}; DCR paper §5.5): the analysis of each launch that depends only on its shape
     * (validation, mapper decisions, layouts, owned points, colors and pieces, the determinism
     * encoding) is recorded per position in the trace the first time and replayed on later runs
     * of the same trace, after checking that the launch at that position has the recorded shape. A
     * launch that differs is analysed in full and re-recorded at its position, so a replay never
     * gives a different result than full analysis. Store ids do not matter (array programs create
     * new temporaries every iteration); the coarse stage and the fine stage's decisions that depend
     * on the stores' valid data still run. Fills, reads and other calls may appear inside a trace;
     * traces do not nest. Beginning and ending a trace are runtime calls (control determinism).
     *
     * @throws IllegalStateException if a trace is already being recorded or replayed
     */
    public void trace(long id, Runnable body) {
        beginTrace(id);
        boolean ok = false;
        try {
            body.run();
            ok = true;
        } finally {
            if (ok) {
                endTrace(id);
            } else {
                trace = null;
            }
        }
    }

    /** Begins trace {@code id}; see {@link #trace}. */
    public void beginTrace(long id) {
        checkFailure();
        if (trace != null) {
            throw new IllegalStateException("trace " + id + " begun inside trace " + traceId + "; traces do not nest");
        }
        if (verifier != null) {
            verifier.encoder().putByte(CALL_BEGIN_TRACE).putLong(id);
            verifier.record(() -> "beginTrace(" + id + ")");
        }
        trace = traces.computeIfAbsent(id, k -> new ArrayList<>());
        traceId = id;
        tracePosition = 0;
    }

    /** Ends trace {@code id}; see {@link #trace}. */
    public void endTrace(long id) {
        if (trace == null || traceId != id) {
            throw new IllegalStateException("endTrace(" + id + ") without beginTrace(" + id + ")"
                    + (trace == null ? "" : "; trace " + traceId + " is open"));
        }
        if (verifier != null) {
            verifier.encoder().putByte(CALL_END_TRACE).putLong(id);
            verifier.record(() -> "endTrace(" + id + ")");
        }
        // the recording is this run's sequence: drop positions it did not reach
        while (trace.size() > tracePosition) {
            trace.remove(trace.size() - 1);
        }
        trace = null;
        afterCall();
    }

    /**
     * The analysis of {@code launch}'s shape: replayed from the open trace's position, else from the
     * runtime-wide memo of shapes (automatic tracing, when enabled), else computed after full
     * validation ({@code fresh[0]} is then set) and memoised.
     */
    private LaunchTemplate template(GroupLaunch launch, boolean[] fresh) {
        int position = -1;
        if (trace != null) {
            position = tracePosition++;
            LaunchTemplate c = position < trace.size() ? trace.get(position) : null;
            if (c != null && usable(c, launch)) {
                tracedLaunches++;
                memoizedLaunches++;
                return c;
            }
        }
        LaunchTemplate t = null;
        int h = 0;
        if (memoize) {
            h = LaunchTemplate.shapeHash(launch);
            for (LaunchTemplate c = memo[h & (MEMO_BUCKETS - 1)]; c != null; c = c.next) {
                if (c.hash == h && usable(c, launch)) {
                    t = c;
                    break;
                }
            }
        }
        if (t == null) {
            validate(launch);
            Set<ProcessorKind> kinds = java.util.Collections.unmodifiableSet(registry.kinds(launch.taskId()));
            int generation = registry.generation();
            ShardingFunction sharding = config.mapper().selectSharding(launch);
            ProcessorKind kind = config.mapper().selectProcessor(launch, kinds);
            TaskBody body = registry.variant(launch.taskId(), kind);
            t = new LaunchTemplate(nextTemplateId++, launch, generation, kinds, sharding, kind, body, shard(), shards());
            fresh[0] = true;
            analysedLaunches++;
            if (memoize) {
                if (memoSize >= MEMO_LIMIT) {
                    java.util.Arrays.fill(memo, null);
                    memoSize = 0;
                }
                int b = t.hash & (MEMO_BUCKETS - 1);
                t.next = memo[b];
                memo[b] = t;
                memoSize++;
            }
        } else {
            memoizedLaunches++;
        }
        if (position >= 0) {
            if (position < trace.size()) {
                trace.set(position, t);
            } else {
                trace.add(t);
            }
        }
        return t;
    }

    /** True when {@code t} applies to {@code launch}: same shape, and the mapper and registry still decide the same. */
    private boolean usable(LaunchTemplate t, GroupLaunch launch) {
        return t.matches(launch) && t.registryGeneration == registry.generation()
                && config.mapper().selectSharding(launch).equals(t.sharding)
                && config.mapper().selectProcessor(launch, t.kinds) == t.kind;
    }

    static final int CALL_CREATE_REGION = 1;
    static final int CALL_DELETE = 2;
    static final int CALL_EXECUTE = 3;
    static final int CALL_EXECUTE_MEMOIZED = 4;
    static final int CALL_FILL = 5;
    static final int CALL_READ = 6;
    static final int CALL_SYNC = 7;
    static final int CALL_GC_DELETE = 8;
    static final int CALL_FUTURE_GET = 9;
    static final int CALL_BEGIN_TRACE = 10;
    static final int CALL_END_TRACE = 11;

    /**
     * Hashes an execute call: in full the first time its shape is analysed; for a memoised shape its
     * template id (identical on every shard of a control-deterministic program, and a new template's
     * full encoding was hashed when it was made) plus what varies between launches of one shape.
     */
    private void hashLaunch(long op, GroupLaunch launch, LaunchTemplate t, boolean fresh) {
        CallEncoder e = verifier.encoder();
        List<Requirement> reqs = launch.requirements();
        if (fresh) {
            e.putByte(CALL_EXECUTE).putLong(op).putInt(launch.taskId());
            putRect(e, launch.domain());
            e.putInt(reqs.size());
            for (Requirement r : reqs) {
                e.putLong(r.store().id());
                putRect(e, r.store().bounds());
                if (r.partition() instanceof Tiling tl) {
                    e.putByte(1).putInt(tl.dim());
                    for (int d = 0; d < tl.dim(); d++) {
                        e.putLong(tl.shape(d)).putLong(tl.offset(d)).putLong(tl.halo(d));
                    }
                } else {
                    e.putByte(0);
                }
                Projection pr = r.projection();
                e.putInt(pr.colorDim());
                for (int d = 0; d < pr.colorDim(); d++) {
                    e.putInt(pr.source(d)).putLong(pr.offset(d));
                }
                e.putByte(r.privilege().kind().ordinal());
                e.putByte(r.privilege().redop() == null ? -1 : r.privilege().redop().ordinal());
            }
            e.putByte(launch.resultOp() == null ? -1 : launch.resultOp().ordinal());
            e.putByte(launch.resultType() == null ? -1 : launch.resultType().ordinal());
            e.putInt(launch.resultLength());
            e.putInt(t.sharding.id()).putByte(t.kind.ordinal()).putLong(t.id);
        } else {
            e.putByte(CALL_EXECUTE_MEMOIZED).putLong(op).putLong(t.id);
            for (Requirement r : reqs) {
                e.putLong(r.store().id());
            }
        }
        List<Future> futures = launch.futures();
        e.putInt(futures.size());
        for (Future f : futures) {
            e.putLong(f.id());
        }
        e.putBytes(launch.scalars());
        verifier.record(() -> "execute#" + op + " task " + launch.taskId() + " '" + registry.name(launch.taskId()) + "' " + launch);
    }

    private static void putRect(CallEncoder e, Rect r) {
        e.putInt(r.dim());
        for (int d = 0; d < r.dim(); d++) {
            e.putLong(r.lo(d)).putLong(r.hi(d));
        }
    }

    /** Launches analysed in full, and launches whose shape analysis was replayed (from a trace or the memo). */
    public long[] memoCounts() {
        return new long[] {analysedLaunches, memoizedLaunches, tracedLaunches};
    }

    /** Sets every element of {@code store} to the value with raw {@code bits} (see {@link FieldType}); deferred, no data moves. */
    public void fill(Store store, long bits) {
        checkFailure();
        StoreState st = state(store);
        long op = nextOp++;
        long sid = store.id();
        if (verifier != null) {
            verifier.encoder().putByte(CALL_FILL).putLong(op).putLong(sid).putLong(bits);
            verifier.record(() -> "fill#" + op + "(store " + sid + ", bits " + bits + ")");
        }
        Layout whole = new Layout(Replicated.INSTANCE, Projection.identity(store.bounds().dim()),
                Rect.single(Point.zeros(1)), ShardingFunction.BLOCKED, true);
        lastDependences.clear();
        coarse.analyze(op, 0, store.id(), store.bounds(), whole, Privilege.WRITE_DISCARD, lastDependences);
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
        long sid = store.id();
        if (verifier != null) {
            verifier.encoder().putByte(CALL_READ).putLong(sid);
            verifier.record(() -> "read(store " + sid + ")");
        }
        PhysicalInstance full = fine.ensureReplicated(st);
        Instance copy = Instance.allocate(store.type(), store.bounds());
        Event done = copy(full, new PhysicalInstance(copy, false), store.bounds());
        afterCall();
        await(done.future(), "read(store " + store.id() + ")");
        return copy;
    }

    private static final HashVerifier.Call SYNC_CALL = () -> "sync()";

    /** Blocks until every operation issued so far has completed on this shard. A determinism checkpoint. */
    public void sync() {
        checkFailure();
        if (verifier != null) {
            verifier.encoder().putByte(CALL_SYNC);
            verifier.record(SYNC_CALL);
        }
        afterCall();
        List<Event> all = new ArrayList<>(outstanding);
        outstanding.clear();
        pruneLimit = 1024;
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

    private void afterCall() {
        if (deletions.due()) {
            long[] agreed = DeletionAgreement.none();
            CompletableFuture<long[]> prev = deletions.previous();
            if (prev != null) {
                agreed = await(prev, "a deletion agreement round");
                for (long id : agreed) {
                    if (verifier != null) {
                        verifier.encoder().putByte(CALL_GC_DELETE).putLong(id);
                        verifier.record(() -> "gc-delete(store " + id + ")");
                    }
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
        track(e);
        return e;
    }

    /**
     * The event of a point task. Unlike {@link #newEvent} it has no completion hook: the task reports
     * its own failure ({@link #fail}) where it happens, and a task skipped because a predecessor
     * failed has nothing new to report.
     */
    Event newPointEvent(List<Event> pre, CompletableFuture<?> future) {
        Event e = new Event(nextNode.getAndIncrement(), future);
        if (recorder != null) {
            long[] nodes = new long[pre.size()];
            for (int i = 0; i < nodes.length; i++) {
                nodes[i] = pre.get(i).node();
            }
            recorder.event(shard(), e.node(), "point", nodes);
        }
        track(e);
        return e;
    }

    /** Program thread only, like every caller of {@link #newEvent} (so no lock). */
    private void track(Event e) {
        outstanding.addLast(e);
    }

    /**
     * Forgets fired events: from the head while they have fired (events mostly fire in issue order),
     * and, when the list still outgrows its limit, everywhere (then the limit doubles, so the scan
     * stays amortised O(1) per event even while the program runs far ahead of its tasks).
     */
    private void pruneOutstanding() {
        Event head;
        while ((head = outstanding.peekFirst()) != null && head.hasFired()) {
            outstanding.pollFirst();
        }
        if (outstanding.size() > pruneLimit) {
            outstanding.removeIf(Event::hasFired);
            pruneLimit = Math.max(1024, 2 * outstanding.size());
        }
    }

    /** True when an event recorder is attached (accesses are then recorded). */
    boolean recording() {
        return recorder != null;
    }

    static Throwable unwrap(Throwable t) {
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
            if (verifier != null) {
                verifier.encoder().putByte(CALL_FUTURE_GET).putLong(fut.id());
                verifier.record(() -> "future.get(" + fut.id() + ")");
            }
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
