package dev.cohort.runtime;

import org.agrona.collections.Long2ObjectHashMap;
import dev.cohort.runtime.analysis.CoarseStage;
import dev.cohort.runtime.analysis.Dependence;
import dev.cohort.runtime.analysis.LaunchTemplate;
import dev.cohort.runtime.analysis.Layout;
import dev.cohort.runtime.analysis.Source;
import dev.cohort.runtime.analysis.SourceResolver;
import dev.cohort.runtime.analysis.StoreState;
import dev.cohort.runtime.analysis.ValidEntry;
import dev.cohort.runtime.determinism.CallEncoder;
import dev.cohort.runtime.determinism.HashVerifier;
import dev.cohort.runtime.execution.Event;
import dev.cohort.runtime.execution.EventRecorder;
import dev.cohort.runtime.execution.Executor;
import dev.cohort.runtime.execution.Memory;
import dev.cohort.runtime.execution.PhysicalInstance;
import dev.cohort.runtime.execution.TaskFailedException;
import dev.cohort.runtime.fine.FineStage;
import dev.cohort.runtime.geometry.Point;
import dev.cohort.runtime.geometry.Rect;
import dev.cohort.runtime.instance.Instance;
import dev.cohort.runtime.launch.Future;
import dev.cohort.runtime.launch.GroupLaunch;
import dev.cohort.runtime.launch.Privilege;
import dev.cohort.runtime.launch.ProcessorKind;
import dev.cohort.runtime.launch.Requirement;
import dev.cohort.runtime.launch.TaskBody;
import dev.cohort.runtime.launch.TaskRegistry;
import dev.cohort.runtime.partition.Partition;
import dev.cohort.runtime.partition.Projection;
import dev.cohort.runtime.partition.Rects;
import dev.cohort.runtime.partition.Replicated;
import dev.cohort.runtime.partition.Tiling;
import dev.cohort.runtime.profile.Profiler;
import dev.cohort.runtime.region.FieldType;
import dev.cohort.runtime.region.Region;
import dev.cohort.runtime.region.Store;
import dev.cohort.runtime.sharding.ShardingFunction;
import dev.cohort.transport.Communicator;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

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

    private final Communicator comm;
    private final RuntimeConfig config;
    private final TaskRegistry registry;
    private final Executor executor;
    private final CoarseStage coarse = new CoarseStage();
    private final FineStage fine;
    private final HashVerifier verifier;
    private final DeletionAgreement deletions;
    /** Store states by store id: a primitive-keyed map (every launch looks its stores up here). */
    private final Long2ObjectHashMap<StoreState> stores = new Long2ObjectHashMap<>();
    private final Profiler profiler;
    private final List<Dependence> lastDependences = new ArrayList<>();
    /** What this runtime's stores call on close (also how a store is recognised as this runtime's). */
    private final Store.Owner owner = this::delete;
    private long nextRegionId;
    private long nextStoreId;
    private long nextOp;
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
        this.profiler = config.profile() == null ? null : new Profiler(comm.rank());
        Memory[] memories = new Memory[config.memories()];
        for (int m = 0; m < memories.length; m++) {
            memories[m] = new Memory(m, Memory.Kind.SYSTEM, comm.rank(), config.sysmemBytes() / memories.length,
                    config.poisonInstances(), memories.length);
        }
        this.executor = new Executor(comm, config.cpus(), config.recorder(), profiler, memories,
                config.inlineMaxElements(), config.maxOutstanding());
        this.fine = new FineStage(executor, this::awaitFuture);
        // one shard cannot diverge from itself: no hashing of its calls (for a LOAD of host data the hash was most of the
        // call: Np.array of 1e7 doubles 55-62 ms a call with it, 33-40 without, and its first calls 0.2-1 s while C2
        // compiled the hash); its checkpoints then record no determinism hash, as with the checks off
        this.verifier = config.determinismChecks() && comm.size() > 1 ? new HashVerifier(comm, config.checkInterval()) : null;
        this.deletions = new DeletionAgreement(comm, config.deletionIntervalMin(), config.deletionIntervalMax(),
                config.deletionBytes());
        this.memoize = config.memoizeLaunches();
    }

    /** This shard's rank. */
    public int shard() {
        return comm.rank();
    }

    /** Number of shards replicating the program. */
    public int shards() {
        return comm.size();
    }

    /** The budget of this shard's SYSTEM memories together, in bytes (Legate's {@code --sysmem}). */
    public long sysmemBytes() {
        return config.sysmemBytes();
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
            Store s = new Store(id, regionId, f, bounds, fields[f], owner);
            stores.put(id, new StoreState(id, bounds, fields[f]));
            DeletionAgreement d = deletions;
            d.watch(s, id);
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
        deleteNow(store.id(), false);
    }

    /** Deletes store {@code id}: by the program, or ({@code collected}) after the shards agreed the collector found it dead. */
    private void deleteNow(long id, boolean collected) {
        StoreState st = stores.get(id);
        if (st != null && !st.isDeleted()) {
            fine.deleted(st, collected);
            stores.remove(id);
            coarse.forget(id);
            deletions.forget(id);
        }
    }

    /** True while the store has not been deleted (explicitly or by agreement after GC). */
    public boolean isLive(long storeId) {
        StoreState st = stores.get(storeId);
        return st != null && !st.isDeleted();
    }

    /** This shard's executor: its memories, instance managers, workers and counters. */
    public Executor executor() {
        return executor;
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
        long t0 = profiler == null ? 0 : Profiler.now();
        List<Requirement> reqs = launch.requirements();
        int n = reqs.size();
        boolean[] fresh = new boolean[1];
        LaunchTemplate t = template(launch, fresh);
        StoreState[] states = new StoreState[n];
        for (int i = 0; i < n; i++) {
            states[i] = state(reqs.get(i).store());
        }
        beforeFirstUse(states);
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
        if (profiler != null) {
            profiler.span(Profiler.ANALYSIS, t.taskName, t0, Profiler.now());
        }
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
            t = new LaunchTemplate(nextTemplateId++, launch, generation, kinds, sharding, kind, body,
                    registry.name(launch.taskId()), shard(), shards());
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
    static final int CALL_BROADCAST = 12;

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
                    e.putByte(tl.limit() == null ? 0 : 1);
                    if (tl.limit() != null) {
                        putRect(e, tl.limit());
                    }
                } else if (r.partition() instanceof Rects x) {
                    e.putByte(2);
                    putRect(e, x.colors());
                    e.putInt(x.size());
                    for (int k = 0; k < x.size(); k++) {
                        putRect(e, x.rect(k));
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
                dev.cohort.runtime.launch.Decisive d = r.privilege().decisive();
                if (d != null) {
                    e.putByte(d.ordered() ? 2 : 1).putLong(d.bits());
                }
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
        e.putDigest(launch.scalarsShared());
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

    /**
     * How many operations have written {@code store} so far (launches with a writing requirement on it, fills): a
     * caller that saw the same count before knows nothing wrote the store since. Program order, the same on every
     * shard; nothing is issued.
     */
    public long writeCount(Store store) {
        checkFailure();
        return state(store).writes();
    }

    /**
     * The raw bits every element of {@code store} outside {@code box} holds, when the symbolic valid-data map says
     * they all come from one {@link #fill} (a zero-bordered array whose interior alone was written since:
     * {@code padded = zeros(n + 2, n + 2)} then {@code padded[1:-1, 1:-1] = u}); empty otherwise, or when {@code box}
     * covers the store. A query of program-order state, the same on every shard; nothing is issued.
     *
     * @throws IllegalArgumentException when {@code box} is not within the store's bounds
     */
    public OptionalLong uniformOutside(Store store, Rect box) {
        checkFailure();
        StoreState st = state(store);
        if (!store.bounds().contains(box)) {
            throw new IllegalArgumentException("box " + box + " is not within " + store.bounds());
        }
        List<Rect> outside = store.bounds().subtract(box);
        Long bits = null;
        for (Rect part : outside) {
            for (Source s : SourceResolver.resolve(st, part, shards())) {
                if (!(s.entry() instanceof ValidEntry.Fill f) || bits != null && bits != f.bits()) {
                    return OptionalLong.empty();
                }
                bits = f.bits();
            }
        }
        return bits == null ? OptionalLong.empty() : OptionalLong.of(bits);
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
        fine.fill(st, bits);
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
                && t.layout().coversWhole(src.bounds())) {
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
        return read(store, store.bounds());
    }

    /**
     * Blocks until the part {@code rect} of {@code store} is known on this shard and returns a private copy of
     * it, an instance over {@code rect} (Legion: an inline mapping of a subregion). Only that part moves: when no
     * replicated copy of the whole store is cached, the tiles meeting {@code rect} are gathered into a
     * temporary of {@code rect}'s size, so reading one element of a large array costs one element (plus the
     * collective), not the array. A control-determinism checkpoint.
     *
     * @throws IllegalArgumentException when {@code rect} is empty or not inside the store's bounds
     */
    public Instance read(Store store, Rect rect) {
        checkFailure();
        StoreState st = state(store);
        boolean whole = rect.equals(store.bounds());
        if (!whole) {
            checkPart(store, rect);
        }
        recordRead("read", store, rect);
        // a cached replicated copy serves any part; so does the one instance that holds a part (a[5] of a tiled store
        // on one shard); otherwise only a part is gathered (and released after the copy)
        PhysicalInstance held = whole || st.replicatedCopy() != null ? null : fine.heldPart(st, rect);
        PhysicalInstance source = held != null ? held
                : whole || st.replicatedCopy() != null ? fine.ensureReplicated(st) : fine.gatherPart(st, rect);
        Instance copy = Instance.allocate(store.type(), rect);
        PhysicalInstance target = new PhysicalInstance(copy, false);
        Event done = executor.copy(source, target, rect, true);
        if (held == null && source != st.replicatedCopy()) {
            executor.release(source);
        }
        afterCall();
        await(done.future(), "read(store " + store.id() + ")");
        if (target.failure() != null) {
            // the store holds a failed operation's result: reading it fails, here, on every shard that reads it
            throw reported(target.failure());
        }
        return copy;
    }

    /** @throws IllegalArgumentException when {@code rect} is empty or not inside {@code store}'s bounds */
    private static void checkPart(Store store, Rect rect) {
        if (rect.dim() != store.bounds().dim() || rect.isEmpty() || !store.bounds().contains(rect)) {
            throw new IllegalArgumentException("cannot read " + rect + " of store " + store.id() + ": it must be a non-empty part of its bounds "
                    + store.bounds());
        }
    }

    /** A read of {@code rect} of {@code store} as the determinism verifier records it ({@code call} names it in a report). */
    private void recordRead(String call, Store store, Rect rect) {
        if (verifier != null) {
            long sid = store.id();
            CallEncoder e = verifier.encoder().putByte(CALL_READ).putLong(sid);
            putRect(e, rect);
            verifier.record(() -> call + "(store " + sid + ", " + rect + ")");
        }
    }

    /**
     * On a runtime of one shard, blocks until the part {@code rect} of {@code store} is known and returns the instance
     * that holds it, without a copy (Legion: an inline mapping with read-only privilege), or null when no one instance
     * holds it ({@code read} then gathers a copy) or the runtime has several shards (each would need the data; a
     * collective decides there). The caller reads the cells of {@code rect} before its next runtime call and never
     * writes them: a later launch may overwrite or free the instance. A control-determinism checkpoint, as
     * {@link #read(Store, Rect)}.
     *
     * @throws IllegalArgumentException when {@code rect} is empty or not inside the store's bounds
     */
    public Instance heldInstance(Store store, Rect rect) {
        checkFailure();
        StoreState st = state(store);
        checkPart(store, rect);
        if (shards() != 1) {
            return null;
        }
        PhysicalInstance held = st.replicatedCopy() != null ? st.replicatedCopy() : fine.heldPart(st, rect);
        if (held == null) {
            return null;
        }
        recordRead("held", store, rect);
        afterCall();
        await(held.lastWrite().future(), "held(store " + store.id() + ")");
        if (held.failure() != null) {
            throw reported(held.failure());
        }
        return held.instance();
    }

    /**
     * Blocks until every shard has {@code root}'s {@code payload} and returns it (the binomial-tree broadcast of the
     * transport): how a decision input that only one shard can read — a calibration file, a clock — becomes the same
     * on every shard. Every shard makes the call at the same position of its program (a control-determinism
     * checkpoint); the payloads of the other shards are ignored.
     *
     * @throws IllegalArgumentException if {@code root} is not a shard
     */
    public byte[] broadcast(int root, byte[] payload) {
        checkFailure();
        if (root < 0 || root >= shards()) {
            throw new IllegalArgumentException("broadcast root " + root + " is not a shard of " + shards());
        }
        if (verifier != null) {
            verifier.encoder().putByte(CALL_BROADCAST).putInt(root);
            verifier.record(() -> "broadcast(root " + root + ")");
        }
        afterCall();
        if (shards() == 1) {
            return payload.clone();
        }
        long id = executor.nextCollectiveId();
        return await(comm.broadcast(id, root, payload), "broadcast(root " + root + ")");
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
        await(Event.all(executor.drainOutstanding()), "sync()");
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
        if (executor.taskFailures() > 0 && reportedFailures == 0) {
            // a failed operation whose result the program never read: say so once rather than lose it
            System.err.println("cohort: shard " + shard() + ": " + executor.taskFailures()
                    + " point task(s) failed and the program read no result of theirs; the first: "
                    + executor.firstTaskFailure().getMessage());
        }
        writeProfile();
    }

    /** Writes this shard's trace to the configured profile file (shard r of n > 1: {@code name.r.json}) and prints its summary. */
    private void writeProfile() {
        if (profiler == null) {
            return;
        }
        java.nio.file.Path file = config.profile();
        if (shards() > 1) {
            String name = file.getFileName().toString();
            int dot = name.lastIndexOf('.');
            String shardName = dot > 0 ? name.substring(0, dot) + "." + shard() + name.substring(dot) : name + "." + shard();
            file = file.resolveSibling(shardName);
        }
        try {
            profiler.writeTrace(file);
        } catch (IOException e) {
            throw new IllegalStateException("cannot write the profile " + file + ": " + e.getMessage(), e);
        }
        System.err.println("cohort profile of shard " + shard() + " (trace: " + file + ")");
        System.err.print(profiler.summary().format());
    }

    /** Collective id of the barrier every shard passes before it leaves the job. */
    static final long FINAL_BARRIER_ID = 3L << 40;

    /** Stops the worker threads. */
    public void shutdown() {
        executor.shutdown();
    }

    /**
     * Per task id, the point tasks this shard has run and their wall-clock time together: task id -> {point tasks,
     * nanoseconds}, in task id order (a snapshot; the strategy search's measured operator costs). Counted from the
     * first call on: the first call returns what ran before it as nothing, and switches the clock reads on.
     */
    public java.util.Map<Integer, long[]> pointTaskTimes() {
        return executor.pointTaskTimes();
    }

    /** Counters of this shard's runtime. */
    public RuntimeStats stats() {
        return new RuntimeStats(nextOp, coarse.work(), coarse.shardLocalDependences(), coarse.crossShardDependences(),
                executor.pointTasks(), executor.messagesSent(), executor.bytesSent(), executor.collectives(),
                executor.inlineTasks(), executor.interMemoryCopies(), executor.interMemoryBytes(), fine.consolidations(),
                fine.inPlaceWrites(), fine.skippedPoints(), fine.unplannedPoints(), executor.collectivesCompleted(),
                executor.collectiveNanos());
    }

    /**
     * The control-determinism hash ({@link HashVerifier}) of every call so far, {@code {h1, h2}}, or
     * null when determinism checks are off or there is one shard (nothing to check); with {@link RuntimeStats#operations()} it names a point
     * of the program that every shard reaches identically (recorded in a checkpoint).
     */
    public long[] determinismHash() {
        return verifier == null ? null : verifier.runningHash();
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
            } else if (r.partition() instanceof Rects x) {
                validateRects(i, r, x, domain);
                if (pv.writes()) {
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

    /** The checks of a requirement through a partition by rectangles (as a tiling's, plus: every color used exists). */
    private static void validateRects(int i, Requirement r, Rects x, Rect domain) {
        Rect bounds = r.store().bounds();
        if (x.dim() != bounds.dim()) {
            throw new IllegalArgumentException("requirement " + i + ": " + x.dim() + "-d rectangles of a "
                    + bounds.dim() + "-d store " + bounds);
        }
        if (r.projection().colorDim() != x.colors().dim()) {
            throw new IllegalArgumentException("requirement " + i + ": projection yields " + r.projection().colorDim()
                    + "-d colors for the " + x.colors().dim() + "-d color space " + x.colors() + " of " + x);
        }
        r.projection().checkLaunchDim(domain.dim());
        Rect used = r.projection().image(domain);
        if (!x.colors().contains(used)) {
            throw new IllegalArgumentException("requirement " + i + ": launch domain " + domain + " reaches colors " + used
                    + " outside the color space " + x.colors() + " of " + x);
        }
        Privilege pv = r.privilege();
        if (pv.writes()) {
            if (pv.kind() == Privilege.Kind.REDUCE) {
                throw new IllegalArgumentException("requirement " + i + ": REDUCE is supported through Replicated only, got " + x);
            }
            if (!x.isDisjoint()) {
                throw new IllegalArgumentException("requirement " + i + ": cannot write through aliased " + x);
            }
            if (!r.projection().isInjectiveOn(domain)) {
                throw new IllegalArgumentException("requirement " + i + ": " + r.projection()
                        + " maps several points of " + domain + " to one rectangle; writes need distinct rectangles");
            }
        }
    }

    private StoreState state(Store store) {
        StoreState st = stores.get(store.id());
        if (st == null) {
            if (store.owner() == owner) {
                throw new IllegalStateException(store + " was deleted");
            }
            throw new IllegalArgumentException(store + " does not belong to this runtime");
        }
        if (st.isDeleted()) {
            throw new IllegalStateException(store + " was deleted");
        }
        return st;
    }

    // ------------------------------------------------------------------ determinism, deletion, blocking

    /**
     * Counts the stores used for the first time (their instances are about to be allocated) towards the
     * deletion agreement's pressure threshold, and runs a pressure round first when they reach it, so
     * that dead stores' storage is back in the pool before theirs is allocated. A store counts at its
     * first use rather than at its creation because a deferred (fused) array's store is created long
     * before it is computed. Store sizes and first uses are replicated state: every shard runs the
     * round at the same position of the stream.
     */
    private void beforeFirstUse(StoreState... states) {
        long bytes = 0;
        for (StoreState st : states) {
            if (st.markCounted()) {
                bytes += st.bounds().volume() * st.type().size();
            }
        }
        if (bytes > 0) {
            if (deletions.pressureWith(bytes)) {
                pressureRound(bytes);
            }
            deletions.created(bytes);
        }
    }

    /**
     * A synchronous deletion round: enough store bytes were created since the last pressure round that dead
     * ones must go now; the same position of the stream on every shard (store sizes are replicated state),
     * so the round is started and applied right here instead of at the next round. {@code upcoming} is the
     * bytes of the stores about to be used for the first time (0 after a call): when they would not fit
     * beside this shard's live instances, the collection looks until it finds no more dead stores (a local
     * choice: it changes what this shard proposes, never when rounds happen).
     */
    private void pressureRound(long upcoming) {
        if (deletions.previous() != null) {
            long[] agreed = deletions.consume(await(deletions.previous(), "a deletion agreement round"));
            applyDeletions(agreed);
            deletions.applied(agreed);
        }
        boolean critical = upcoming > 0 && executor.wouldOverflow(upcoming);
        deletions.collectObserved(executor.underPressure(deletions.missedLimit()) || critical, critical);
        deletions.startPressureRound(memoryHalfFull());
        long[] agreed = deletions.consume(await(deletions.previous(), "a deletion agreement round"));
        deletions.applied(agreed);
        applyDeletions(agreed);
    }

    private void afterCall() {
        if (deletions.pressure()) {
            pressureRound(0);
        } else if (deletions.due()) {
            long[] agreed = DeletionAgreement.none();
            CompletableFuture<long[]> prev = deletions.previous();
            if (prev != null) {
                agreed = deletions.consume(await(prev, "a deletion agreement round"));
                applyDeletions(agreed);
            }
            deletions.startRound(agreed, memoryHalfFull());
        }
        executor.throttle();
    }

    /** A memory of this shard holds live instances over half its budget (proposed in a round; local). */
    private boolean memoryHalfFull() {
        return executor.anyMemoryHalfFull();
    }

    private void applyDeletions(long[] agreed) {
        for (long id : agreed) {
            if (verifier != null) {
                verifier.encoder().putByte(CALL_GC_DELETE).putLong(id);
                verifier.record(() -> "gc-delete(store " + id + ")");
            }
            deleteNow(id, true);
        }
    }

    /**
     * Throws the failure of this shard's runtime or of its job (a dead peer, an abort, a failed task, a determinism
     * mismatch), if any: what a program that issues nothing to the runtime for a while (eager execution of small
     * arrays) calls so that it stops as a launching program would. Volatile reads only.
     */
    public void checkHealth() {
        checkFailure();
        RuntimeException f = comm.failure();
        if (f != null) {
            throw f;
        }
    }

    void checkFailure() {
        Throwable f = executor.failure();
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
        if (!f.isDone() && !executor.workersSaturated()) {
            spinBriefly(f);
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
                if (c instanceof TaskFailedException tf) {
                    throw reported(tf);
                }
                if (c instanceof RuntimeException re) {
                    throw re;
                }
                throw new IllegalStateException(what + " failed: " + c, c);
            }
        }
    }

    /**
     * Spins, then yields, for a short while before the caller parks: a small operation's value usually
     * arrives within microseconds, and a parked thread takes tens of microseconds to wake on this
     * kind of machine ({@code parkNanos} sleeps at least ~55 µs). Spinning is bounded
     * ({@code SPIN_NANOS}, then yielding up to {@code YIELD_NANOS}) so that a long wait does not keep
     * a core from the workers, and skipped when every worker is busy ({@link Executor#workersSaturated}): the
     * program thread runnable beside them makes the kernel's scheduler take a core from one of them for a time
     * slice (profiled: 1e7-element {@code logical_or} of bool on 2 workers and 2 cores, 39 point tasks of ~50 µs a
     * call, the spin span's median was 1.8 ms and single point tasks stalled for 2-15 ms; skipping it there moved
     * the call's median from 2.3-2.8 to 1.1-1.7 ms, on a machine whose bare two-thread loops also stall for
     * milliseconds a few times a second).
     */
    private void spinBriefly(CompletableFuture<?> f) {
        long t0 = System.nanoTime();
        long spinUntil = t0 + SPIN_NANOS;
        long yieldUntil = t0 + YIELD_NANOS;
        long now = t0;
        while (!f.isDone() && now < yieldUntil) {
            if (now < spinUntil) {
                Thread.onSpinWait();
            } else {
                Thread.yield();
            }
            now = System.nanoTime();
        }
        if (profiler != null) {
            profiler.span(Profiler.WAIT, "spin", t0, now);
        }
    }

    static final long SPIN_NANOS = 20_000;
    static final long YIELD_NANOS = 200_000;

    /**
     * A failed operation's exception as the program sees it where it reads the result: a fresh exception
     * (with this call's stack) carrying the failure's message, the same on every shard, and the original
     * as its cause where this shard has it.
     */
    private TaskFailedException reported(TaskFailedException f) {
        reportedFailures++;
        return new TaskFailedException(f.getMessage(), f.getCause() != null ? f.getCause() : f, f.operation(), f.point());
    }

    /** Failed operations' results this shard's program has been told of ({@link #reported}). */
    private long reportedFailures;

    /** Records a failure of this shard and tells every other shard. */
    void fail(Throwable t) {
        executor.fail(t);
    }

    /** How a {@link Future} of this runtime waits: a runtime call (hashed) and a blocking wait. */
    private Instance awaitFuture(Future fut) {
        checkFailure();
        if (verifier != null) {
            verifier.encoder().putByte(CALL_FUTURE_GET).putLong(fut.id());
            verifier.record(() -> "future.get(" + fut.id() + ")");
        }
        return await(fut.completion(), "future " + fut.id());
    }
}
