package dev.cohort.runtime.fine;

import dev.cohort.runtime.analysis.LaunchTemplate;
import dev.cohort.runtime.analysis.Layout;
import dev.cohort.runtime.analysis.Pieces;
import dev.cohort.runtime.analysis.Source;
import dev.cohort.runtime.analysis.SourceResolver;
import dev.cohort.runtime.analysis.StoreState;
import dev.cohort.runtime.analysis.ValidEntry;
import dev.cohort.runtime.execution.Event;
import dev.cohort.runtime.execution.Executor;
import dev.cohort.runtime.execution.PhysicalInstance;
import dev.cohort.runtime.execution.PointContext;
import dev.cohort.runtime.execution.FailureWire;
import dev.cohort.runtime.execution.TaskFailedException;
import dev.cohort.runtime.geometry.Point;
import dev.cohort.runtime.geometry.Rect;
import dev.cohort.runtime.instance.Instance;
import dev.cohort.runtime.launch.Decisive;
import dev.cohort.runtime.launch.Future;
import dev.cohort.runtime.launch.GroupLaunch;
import dev.cohort.runtime.launch.Privilege;
import dev.cohort.runtime.launch.ReductionOp;
import dev.cohort.runtime.launch.Requirement;
import dev.cohort.runtime.launch.TaskBody;
import dev.cohort.runtime.partition.Replicated;
import dev.cohort.runtime.partition.Partition;
import dev.cohort.runtime.region.FieldType;
import dev.cohort.runtime.sharding.ShardingFunction;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;

/**
 * The fine stage (DCR paper §4.1, Figure 9, lines 2-7) of one group launch on one shard: for the
 * points this shard owns only, it chooses instances, derives each point task's preconditions from
 * the users of those instances, plans the pieces to receive and — mirror image — the pieces of
 * its own tiles to push to other shards, then hands the point tasks to the workers. Everything
 * that must agree across shards (which collectives, which tags) is derived from the symbolic
 * valid-data map, never from local state.
 *
 * <p><b>Memories.</b> Each owned point is mapped to one memory of this shard ({@link #pointMemory}, the one
 * place that decides it): the instances it writes are made there, its temporaries and accumulators too, and
 * it runs on the workers affine to that memory. A point that reads an instance of another memory reads a
 * valid copy in its own memory, made on first use and recorded in the store's state
 * ({@link StoreState#addCopy}); a write makes the other memories' copies stale (released like any
 * dropped instance). With one memory every point maps to memory 0 and none of this costs anything.
 */
public final class FineStage {
    private final Executor ex;
    private final Future.Blocker blocker;
    /** This shard's memories. */
    private final int memories;
    private long nextFutureId;
    /** Reads that gathered a patchwork store into their layout's pieces and kept them ({@link #consolidations()}). */
    private long consolidations;
    /** Shard-wide instances a spanning read made of a store's pieces before reading ({@link #relayouts()}). */
    private long relayouts;
    /** Point tasks of decisive reductions that skipped their bodies ({@link #skippedPoints()}; workers count too). */
    private final java.util.concurrent.atomic.AtomicLong skippedPoints = new java.util.concurrent.atomic.AtomicLong();
    /** Points of decisive launches never planned because their first point decided ({@link #unplannedPoints()}). */
    private long unplannedPoints;
    /** One-point writes made in place into an instance of a store's valid data ({@link #inPlaceWrites()}). */
    private long inPlaceWrites;
    /** Whether a tiled write's pieces of one memory share one shard-wide instance ({@code cohort.shardwide}). */
    private final boolean shardWide;
    /** The ghost cells a shard-wide instance has on each side of its pieces ({@code cohort.ghost.width}). */
    private final long ghostWidth;
    /**
     * Tiled writes whose stores a later read spanned ({@link #markSpanning}): the write's layout, the store's bounds
     * and type, with the bounding box of the spanning pieces read on this shard (what the store's
     * {@link StoreState#spanningReach} was, for the shard-wide instances' extent). A new store written the same way
     * is born shard-wide ({@link #allocatePieces}), so that a program that makes a new array each step and reads it
     * through halos or shifted views (a Task Bench stencil, {@code x_new = f(x[:-2], x[1:-1], x[2:])}) reads
     * windows instead of moving every store's pieces into a shard-wide instance at its first read. Local to the
     * shard, like {@link StoreState#spanningReads}; at most {@link #SPANNING_WRITERS} kept (cleared when full).
     */
    private final Map<WriterKey, Rect> spanningWriters = new java.util.HashMap<>();
    /** The most {@link #spanningWriters} kept. */
    static final int SPANNING_WRITERS = 256;

    /** How a store's newest pieces were written: the write's layout, and the store's bounds and type. */
    private record WriterKey(Layout layout, Rect bounds, FieldType type) {
    }

    /** The ghost cells written for the launch being planned, per shard-wide instance. */
    private final java.util.IdentityHashMap<PhysicalInstance, GhostBatch> ghosts = new java.util.IdentityHashMap<>();

    /** The ghost-cell writes of one launch into one shard-wide instance, and what they wait for. */
    private static final class GhostBatch {
        final List<Event> after = new ArrayList<>();
        final List<Event> writes = new ArrayList<>();
    }

    /**
     * @param blocker how the runtime waits for a future's value (its timeout and determinism check),
     *     handed to every {@link Future} this stage makes
     */
    public FineStage(Executor ex, Future.Blocker blocker) {
        this.ex = ex;
        this.blocker = blocker;
        this.memories = ex.memoryCount();
        this.shardWide = Boolean.parseBoolean(System.getProperty("cohort.shardwide", "true"));
        this.ghostWidth = Long.getLong("cohort.ghost.width", 1L);
        if (ghostWidth < 0) {
            throw new IllegalArgumentException("cohort.ghost.width must be >= 0, got " + ghostWidth);
        }
    }

    /**
     * The memory of this shard that the {@code k}-th of the {@code owned} points this shard runs of a launch
     * is mapped to, of {@code memories}: blocked, {@code k * memories / owned}, so the points split into
     * contiguous groups like the workers ({@link Executor#affineMemory}). The owned points and their order
     * depend only on the launch's layout, so a later launch through the same layout maps each color to the
     * same memory (its instances are already there) and the decision is the same every run. A one-point
     * launch maps to memory 0.
     */
    public static int pointMemory(int k, int owned, int memories) {
        return memories == 1 ? 0 : (int) ((long) k * memories / owned);
    }

    /** What the point tasks of one launch share. */
    private record LaunchRun(Executor ex, long op, LaunchTemplate t, List<Requirement> reqs,
                             List<Future> futures, boolean reduce, Decision decision) {
    }

    /**
     * A reduction launch's decision ({@link Decisive}): the lowest launch point whose accumulator of requirement
     * {@code index} reached the deciding value, shared by the launch's point tasks on this shard. A point that
     * {@link #skips} leaves its accumulator at the identity: the folded result is the same bits.
     */
    private static final class Decision {
        final int index;
        final ReductionOp redop;
        final Decisive decisive;
        final java.util.concurrent.atomic.AtomicLong decidedAt = new java.util.concurrent.atomic.AtomicLong(Long.MAX_VALUE);
        final java.util.concurrent.atomic.AtomicLong skipped;

        Decision(int index, ReductionOp redop, Decisive decisive, java.util.concurrent.atomic.AtomicLong skipped) {
            this.index = index;
            this.redop = redop;
            this.decisive = decisive;
            this.skipped = skipped;
        }

        /** Whether point {@code linear} need not run: an earlier point decided (ordered), or any point did. */
        boolean skips(long linear) {
            long at = decidedAt.get();
            return decisive.ordered() ? at < linear : at != Long.MAX_VALUE;
        }

        /** Records point {@code linear} as deciding when its accumulator {@code acc} reached the value. */
        void check(long linear, Instance acc) {
            if (redop.reaches(acc, decisive.bits())) {
                decidedAt.accumulateAndGet(linear, Math::min);
            }
        }
    }

    /**
     * The decision of a launch with a decisive REDUCE requirement whose accumulator is one element (ordered: only
     * over a domain split along its first dimension alone, whose launch-point order is row-major order; see
     * {@link Decisive}); else null.
     */
    private Decision decision(LaunchTemplate t, List<Requirement> reqs) {
        if (t.linear.length < 2) {
            return null;
        }
        for (int i = 0; i < reqs.size(); i++) {
            Privilege pv = t.privileges[i];
            Decisive d = pv.decisive();
            if (pv.kind() == Privilege.Kind.REDUCE && d != null && t.bounds[i].volume() == 1
                    && (!d.ordered() || t.domain.volume() == t.domain.extent(0))) {
                return new Decision(i, pv.redop(), d, skippedPoints);
            }
        }
        return null;
    }

    /** One point task being planned; once planned, the task itself. */
    private static final class PointPlan implements Runnable {
        /** Index among the launch's owned points (into the template's per-point arrays). */
        final int k;
        final long linear;
        final Point point;
        final PhysicalInstance[] instances;
        final Rect[] pieces;
        final List<Event> pre;
        /** The memory of this shard the point is mapped to ({@link #pointMemory}). */
        final int memory;
        Event event;
        PointContext context;
        LaunchRun run;

        PointPlan(int k, long linear, Point point, int requirements, int memory) {
            this.k = k;
            this.memory = memory;
            this.linear = linear;
            this.point = point;
            this.instances = new PhysicalInstance[requirements];
            this.pieces = new Rect[requirements];
            this.pre = new ArrayList<>(requirements + 2);
        }

        /** Set when this point failed or read a failed value (read by the launch's result after the point's event). */
        volatile TaskFailedException failure;

        /**
         * Runs the task body, unless something it reads comes from a failed task; then, or when the body
         * throws, it marks what it writes failed instead (Legion's poisoned events: the operation fails,
         * the shard goes on). A throwable other than the body's own exceptions fails the shard.
         */
        @Override
        public void run() {
            LaunchRun r = run;
            try {
                TaskFailedException failed = null;
                List<Future> futures = r.futures();
                for (int f = 0; f < futures.size(); f++) {
                    CompletableFuture<Instance> value = futures.get(f).completion();
                    if (value.isCompletedExceptionally()) {
                        failed = TaskFailedException.earlier(failed, failureOf(value));
                    } else {
                        context.futureSlots()[f] = value.join();
                    }
                }
                List<Requirement> reqs = r.reqs();
                for (int i = 0; i < instances.length; i++) {
                    Privilege.Kind kind = reqs.get(i).privilege().kind();
                    if (kind == Privilege.Kind.READ || kind == Privilege.Kind.READ_WRITE) {
                        failed = TaskFailedException.earlier(failed, instances[i].failure());
                    }
                }
                if (failed == null) {
                    try {
                        if (r.reduce()) {
                            for (int i = 0; i < instances.length; i++) {
                                Privilege pv = reqs.get(i).privilege();
                                if (pv.kind() == Privilege.Kind.REDUCE) {
                                    Instance acc = instances[i].instance();
                                    acc.fill(acc.rect(), pv.redop().identityBits(acc.type()));
                                }
                            }
                        }
                        Decision d = r.decision();
                        if (d != null && d.skips(linear)) {
                            d.skipped.incrementAndGet();
                        } else {
                            r.ex().runPoint(r.op(), r.t().taskId, r.t().taskName, r.t().body, point, linear, context,
                                    r.t().replExec && r.ex().shards() > 1);
                            if (d != null) {
                                d.check(linear, instances[d.index].instance());
                            }
                        }
                    } catch (TaskFailedException e) {
                        failed = e;
                        r.ex().taskFailed(e);
                    }
                }
                for (int i = 0; i < instances.length; i++) {
                    Privilege.Kind kind = reqs.get(i).privilege().kind();
                    if (kind == Privilege.Kind.READ) {
                        continue;
                    }
                    if (failed != null) {
                        instances[i].markFailed(failed);
                    } else if (kind == Privilege.Kind.WRITE_DISCARD && pieces[i].equals(instances[i].rect())) {
                        instances[i].clearFailure();
                    }
                }
                failure = failed;
            } catch (RuntimeException | Error e) {
                // reported here, at its source: point events carry no completion hook
                r.ex().fail(Executor.unwrap(e));
                throw e;
            }
        }
    }

    /** The failure a future's value completed with (a value computed from a failed point task). */
    private static TaskFailedException failureOf(CompletableFuture<?> value) {
        try {
            value.join();
        } catch (java.util.concurrent.CompletionException | java.util.concurrent.CancellationException e) {
            if (Executor.unwrap(e) instanceof TaskFailedException t) {
                return t;
            }
            throw e;
        }
        throw new IllegalStateException("a future completed normally where a failure was expected");
    }

    /**
     * Plans and issues the point tasks this shard owns. What depends only on the launch's shape
     * (owned points, colors, pieces, layouts, task body) comes from {@code t}, which may be memoised
     * across launches; what depends on the stores' state is derived here, every time.
     */
    public Future launch(long op, GroupLaunch launch, LaunchTemplate t, StoreState[] states) {
        int owned = t.linear.length;
        Decision decision = decision(t, launch.requirements());
        if (decision != null && probesFirst(launch, t, states, decision)) {
            // the first point alone, on this thread when what it reads is ready: when it decides, the other points
            // are never planned (any() of a mask whose first element is true costs one point, not 38 plans)
            issue(op, launch, t, states, 0, 1, decision, true);
            if (decision.decidedAt.get() != Long.MAX_VALUE) {
                decision.skipped.addAndGet(owned - 1);
                unplannedPoints += owned - 1;
                return null;
            }
            return issue(op, launch, t, states, 1, owned, decision, false);
        }
        return issue(op, launch, t, states, 0, owned, decision, decision != null && ex.inlineCandidate(t.ownedElements / owned));
    }

    /**
     * Whether a decisive launch ({@code decision}) is issued in two parts, its first point and then, unless that point
     * decided, the rest ({@link #launch}): on a shard that runs alone, for a launch with no result future whose every
     * requirement but the decisive accumulator reads a store's newest pieces through the launch's own layout (no
     * gather, copy or relayout that the two parts would repeat), and whose first point reads at most
     * {@link #PROBE_BYTES} (its body runs on the program thread before the other points are handed to the workers).
     * The folded result is the same bits: the accumulators fold in launch-point order either way.
     */
    private boolean probesFirst(GroupLaunch launch, LaunchTemplate t, StoreState[] states, Decision decision) {
        if (ex.shards() != 1 || launch.resultOp() != null || t.linear.length < 2 || t.linear[0] != 0) {
            return false;
        }
        List<Requirement> reqs = launch.requirements();
        long bytes = 0;
        for (int i = 0; i < reqs.size(); i++) {
            if (i == decision.index) {
                continue;
            }
            Requirement r = reqs.get(i);
            if (t.privileges[i].kind() != Privilege.Kind.READ || r.partition() instanceof Replicated
                    || t.layouts[i].replicatedExecution()
                    || !(states[i].newest() instanceof ValidEntry.Tiled tl) || !tl.layout().equals(t.layouts[i])) {
                return false;
            }
            bytes += t.pieces[i][0].volume() * states[i].type().size();
        }
        return bytes <= PROBE_BYTES;
    }

    /**
     * The most bytes the first point of a decisive launch reads when {@link #probesFirst} runs it alone: a bool mask's
     * piece of a 1e7-element launch on 2 workers (263 KB) is probed; a float64 one (2.1 MB) is not, as its body on
     * the program thread would delay the other points by a piece's scan whenever it does not decide.
     */
    static final long PROBE_BYTES = 512 * 1024;

    /** Plans and issues the owned points {@code [from, to)} of a launch ({@link #launch}). */
    private Future issue(long op, GroupLaunch launch, LaunchTemplate t, StoreState[] states, int from, int to,
                         Decision decision, boolean probe) {
        Rect domain = launch.domain();
        List<Requirement> reqs = launch.requirements();
        int n = reqs.size();
        int owned = t.linear.length;
        List<PointPlan> plans = new ArrayList<>(to - from);
        for (int k = from; k < to; k++) {
            plans.add(new PointPlan(k, t.linear[k], t.points[k], n, pointMemory(k, owned, memories)));
        }

        // Phase 1: instances, gathers, pushes and collectives, requirement by requirement.
        List<Runnable> commits = new ArrayList<>(n);
        List<Runnable> afterPoints = new ArrayList<>(0);
        List<PhysicalInstance> temporaries = new ArrayList<>(0);
        java.util.Set<StoreState> written = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
        for (int i = 0; i < n; i++) {
            if (t.privileges[i].writes()) {
                written.add(states[i]);
            }
        }
        ghosts.clear();
        if (shardWide) {
            for (int i = 0; i < n; i++) {
                if (t.privileges[i].kind() == Privilege.Kind.READ && !written.contains(states[i])
                        && !(reqs.get(i).partition() instanceof Replicated) && !t.layouts[i].replicatedExecution()) {
                    relayoutForSpanningRead(states[i], t.layouts[i], t.pieces[i], plans);
                }
            }
        }
        for (int i = 0; i < n; i++) {
            planRequirement(op, i, reqs.get(i), t, t.layouts[i], states[i], plans, commits, afterPoints, temporaries,
                    !written.contains(states[i]));
        }
        for (var g : ghosts.entrySet()) {
            // the ghost cells' writes of this launch: what the next launch's ghost writes wait for (with this
            // launch's readers of them, registered after the points)
            List<Event> w = g.getValue().writes;
            g.getKey().setWriter(ex.newEvent("ghost", w, Event.all(w)));
        }
        ghosts.clear();
        // Phase 2: preconditions from the instances' users, then the point tasks themselves.
        byte[] scalars = launch.scalarsShared();
        List<Future> futures = launch.futures();
        int nf = futures.size();
        Event[] futureEvents = new Event[nf];
        for (int f = 0; f < nf; f++) {
            futureEvents[f] = ex.futureEvent(futures.get(f));
        }
        boolean[] writes = new boolean[n];
        boolean anyReduce = false;
        for (int i = 0; i < n; i++) {
            writes[i] = t.privileges[i].writes();
            anyReduce |= t.privileges[i].kind() == Privilege.Kind.REDUCE;
        }
        for (PointPlan plan : plans) {
            for (int i = 0; i < n; i++) {
                PhysicalInstance pi = plan.instances[i];
                if (writes[i]) {
                    pi.writePreconditions(plan.pre);
                } else {
                    pi.readPreconditions(plan.pre);
                }
            }
            for (Event fe : futureEvents) {
                plan.pre.add(fe);
            }
        }
        LaunchRun run = new LaunchRun(ex, op, t, reqs, futures, anyReduce, decision);
        // the small-operation fast path: a launch of one point, this shard's, on small data (a launch of
        // several points goes to the workers even when small: run inline they would run one after the
        // other on the program thread, and a compute-heavy task on little data would lose every other core)
        boolean inline = owned == 1 && (t.replExec || owned == t.domain.volume()) && ex.inlineCandidate(t.ownedElements);
        for (int k = 0; k < plans.size(); k++) {
            PointPlan p = plans.get(k);
            p.run = run;
            p.context = new PointContext(p.point, domain, ex.shard(), p.instances, p.pieces, scalars,
                    nf == 0 ? NO_INSTANCES : new Instance[nf], launch.resultType(), launch.resultLength());
            // a decisive reduction probes its first point on this thread (one piece, within the fast path's limit:
            // any() stops at its first true element without waking a worker), then runs the points it decided inline
            // too, as they skip their bodies
            boolean here = inline || probe && (k == 0 || decision.skips(p.linear));
            p.event = ex.launchPoint(p, p.pre, here, p.memory);
            if (ex.recording()) {
                for (int i = 0; i < n; i++) {
                    ex.recordAccess(p.event, op, p.linear, i, reqs.get(i), p.instances[i], p.pieces[i]);
                }
            }
        }
        // Phase 3: register the point tasks as users of their instances; update the valid-data maps.
        for (PointPlan plan : plans) {
            for (int i = 0; i < n; i++) {
                if (writes[i]) {
                    plan.instances[i].setWriter(plan.event);
                } else {
                    plan.instances[i].addReader(plan.event);
                }
            }
        }
        for (Runnable r : afterPoints) {
            r.run();
        }
        for (Runnable c : commits) {
            c.run();
        }
        for (PhysicalInstance pi : temporaries) {
            ex.release(pi);
        }
        return launch.resultOp() == null ? null : result(launch, t.sharding, plans, t.replExec);
    }

    /** Records a write in {@code st}'s valid-data map and releases the instances it no longer holds. */
    private void write(StoreState st, ValidEntry entry, boolean coversWhole) {
        for (PhysicalInstance pi : st.write(entry, coversWhole)) {
            ex.release(pi);
        }
    }

    /** Records a fill of the whole store ({@code Runtime.fill}: deferred) and releases what it made stale. */
    public void fill(StoreState st, long bits) {
        st.recordWrite();
        write(st, new ValidEntry.Fill(bits), true);
    }

    /**
     * Releases every instance of a deleted store once its users finish; {@code collected}: the store was found dead
     * by the garbage collector (a deletion agreed after a collection), not deleted by the program
     * ({@link PhysicalInstance#markCollected}).
     */
    public void deleted(StoreState st, boolean collected) {
        for (PhysicalInstance pi : st.markDeleted()) {
            if (collected) {
                pi.markCollected();
            }
            ex.release(pi);
        }
    }

    private static final Instance[] NO_INSTANCES = new Instance[0];

    private void planRequirement(long op, int index, Requirement req, LaunchTemplate t, Layout layout, StoreState st,
                                 List<PointPlan> plans, List<Runnable> commits, List<Runnable> afterPoints,
                                 List<PhysicalInstance> temporaries, boolean windows) {
        Privilege pv = req.privilege();
        Rect bounds = st.bounds();
        if (pv.writes()) {
            st.recordWrite();
        }
        if (req.partition() instanceof Replicated) {
            switch (pv.kind()) {
                case READ -> {
                    PhysicalInstance full = ensureReplicated(st);
                    for (PointPlan p : plans) {
                        use(p, index, inMemory(st, full, p.memory), bounds);
                    }
                }
                case WRITE_DISCARD, READ_WRITE -> {
                    PhysicalInstance target;
                    if (st.newest() instanceof ValidEntry.Replicated r) {
                        target = r.local();
                    } else if (pv.kind() == Privilege.Kind.READ_WRITE) {
                        target = ensureReplicated(st);
                    } else {
                        // a replicated write comes from a one-point launch: memory 0 (pointMemory)
                        target = ex.newInstance(plans.isEmpty() ? 0 : plans.get(0).memory, st.type(), bounds);
                    }
                    for (PointPlan p : plans) {
                        use(p, index, target, bounds);
                    }
                    commits.add(() -> write(st, new ValidEntry.Replicated(target), true));
                }
                case REDUCE -> planReplicatedReduction(op, index, layout, st, pv.redop(), plans, commits, afterPoints);
            }
            return;
        }
        Point[] colors = t.colors[index];
        Rect[] pieces = t.pieces[index];
        if (layout.replicatedExecution()) {
            if (pv.kind() == Privilege.Kind.READ && st.replicatedCopy() == null && plans.size() == 1
                    && pieces[plans.get(0).k].volume() * 2 <= bounds.volume()) {
                // a one-point launch that reads a small part of a large store (a[5].item()): every shard gets that
                // part, not the whole store
                PointPlan p = plans.get(0);
                PhysicalInstance held = ex.shards() == 1 ? heldWhole(st, pieces[p.k], p.memory) : null;
                if (held != null) {
                    // a shard that runs alone reads the part where it lies (a[:k].sum() of its own tile): no copy
                    use(p, index, held, pieces[p.k]);
                    return;
                }
                PhysicalInstance part = gatherEverywhere(st, pieces[p.k], p.memory);
                temporaries.add(part);
                use(p, index, part, pieces[p.k]);
                return;
            }
            PhysicalInstance full = ensureReplicated(st);
            for (PointPlan p : plans) {
                use(p, index, inMemory(st, full, p.memory), pieces[p.k]);
            }
            return;
        }
        boolean sameLayout = st.newest() instanceof ValidEntry.Tiled tl && tl.layout().equals(layout);
        if (sameLayout && pv.writes() && shardWide && st.spanningReads() && st.firstShardWide(layout)) {
            // the store is read through shifted or halo pieces: its pieces move into shard-wide instances (once per
            // layout; a READ_WRITE copies them over), so that those reads become windows
            sameLayout = false;
        }
        switch (pv.kind()) {
            case READ -> {
                if (sameLayout) {
                    useNewest(st, colors, index, plans, true);
                } else if (st.replicatedCopy() != null) {
                    PhysicalInstance full = st.replicatedCopy();
                    for (PointPlan p : plans) {
                        use(p, index, inMemory(st, full, p.memory), pieces[p.k]);
                    }
                } else if (windows && patchwork(st) && layout.coversWhole(bounds) && st.firstConsolidation()) {
                    // the store's data is a patchwork (chunked loads, slice writes, a fill): every read through
                    // any layout would gather it again, so it is gathered once into this layout's pieces, which
                    // become the store's instances (Legion: a read's new valid instance); the same values, so a
                    // READ may change the valid-data map, on every shard alike (the map is symbolic); only once a
                    // store (StoreState.firstConsolidation)
                    ValidEntry.Tiled entry = new ValidEntry.Tiled(layout);
                    gather(op, index, req, layout, st, plans, entry, colors, pieces, temporaries, null);
                    commits.add(() -> write(st, entry, true));
                    consolidations++;
                } else {
                    gather(op, index, req, layout, st, plans, null, colors, pieces, temporaries,
                            windows ? afterPoints : null);
                }
            }
            case WRITE_DISCARD, READ_WRITE -> {
                Source inPlace;
                if (sameLayout) {
                    useNewest(st, colors, index, plans, false);
                    ValidEntry newest = st.newest();
                    commits.add(() -> write(st, newest, layout.coversWhole(bounds)));
                } else if ((inPlace = inPlaceTarget(st, layout, bounds)) != null) {
                    // a one-point write of a part of one instance its owner holds (a[5] = v, a[10:20] = b): written
                    // where it lies, so the valid-data map keeps its entries (a new entry per small write would pile
                    // up, and every later read would gather around it)
                    PhysicalInstance held = plans.isEmpty() ? null : heldInstance(inPlace); // the owner's only
                    for (PointPlan p : plans) {
                        use(p, index, held, pieces[p.k]);
                    }
                    commits.add(() -> {
                        for (PhysicalInstance stale : st.writeInPlace(held)) {
                            ex.release(stale);
                        }
                    });
                    inPlaceWrites++;
                } else {
                    ValidEntry.Tiled entry = new ValidEntry.Tiled(layout);
                    if (pv.kind() == Privilege.Kind.READ_WRITE) {
                        gather(op, index, req, layout, st, plans, entry, colors, pieces, temporaries, null);
                    } else {
                        PhysicalInstance[] made = allocatePieces(st, layout, plans, pieces);
                        for (PointPlan p : plans) {
                            PhysicalInstance pi = made[p.k];
                            entry.local().put(colors[p.k], pi);
                            use(p, index, pi, pi.rect());
                        }
                    }
                    commits.add(() -> write(st, entry, layout.coversWhole(bounds)));
                }
            }
            case REDUCE -> throw new IllegalStateException("REDUCE through a tiling is rejected by validation");
        }
    }

    private static void use(PointPlan p, int index, PhysicalInstance pi, Rect piece) {
        p.instances[index] = pi;
        p.pieces[index] = piece;
    }

    /**
     * Each point's piece from the newest (tiled) entry through the same layout: the instance of its color,
     * for a read a valid copy in the point's memory ({@link #inMemory}). A write uses the instance itself: the
     * same layout maps the color to the memory that wrote it ({@link #pointMemory}).
     */
    private void useNewest(StoreState st, Point[] colors, int index, List<PointPlan> plans, boolean read) {
        ValidEntry.Tiled t = (ValidEntry.Tiled) st.newest();
        for (PointPlan p : plans) {
            Point color = colors[p.k];
            PhysicalInstance pi = t.local().get(color);
            if (pi == null) {
                throw new IllegalStateException("shard " + ex.shard() + " holds no instance of color " + color
                        + " of store " + st.id() + " although the layout is shard-local");
            }
            use(p, index, read ? inMemory(st, pi, p.memory) : pi, pi.rect());
        }
    }

    /**
     * A valid copy of {@code valid} — an instance {@code st}'s valid-data map holds — in memory {@code memory}:
     * {@code valid} itself when it lives there, else the copy recorded there, else a new instance of the same
     * rectangle in {@code memory} (that memory's budget) filled by a copy between the memories after
     * {@code valid}'s last write, recorded so that the next read there finds it. The copy is the reader's
     * precondition (its instance's last write).
     */
    private PhysicalInstance inMemory(StoreState st, PhysicalInstance valid, int memory) {
        if (memories == 1) {
            return valid;
        }
        int home = valid.memoryIndex();
        if (home < 0 || home == memory) {
            return valid;
        }
        PhysicalInstance copy = st.copyIn(valid, memory);
        if (copy == null) {
            Rect r = valid.rect();
            copy = ex.newInstance(memory, st.type(), r);
            copy.setWriter(ex.copy(valid, copy, r));
            st.addCopy(valid, memory, copy, memories);
        }
        return copy;
    }

    /**
     * Builds each owned point's piece from its sources (fills, local copies, pushed pieces from
     * other shards) into a new instance, and pushes this shard's tiles to the other shards' points
     * that need them. With {@code keep} the new instances become the pieces of that entry.
     */
    private void gather(long op, int index, Requirement req, Layout layout, StoreState st, List<PointPlan> plans,
                        ValidEntry.Tiled keep, Point[] colors, Rect[] pieces, List<PhysicalInstance> temporaries,
                        List<Runnable> afterPoints) {
        Rect domain = layout.domain();
        boolean consolidate = keep != null && req.privilege().kind() == Privilege.Kind.READ;
        // kept pieces become the store's new instances: views of shard-wide instances where they tile a rectangle
        PhysicalInstance[] kept = keep == null || consolidate ? null : allocatePieces(st, layout, plans, pieces);
        for (PointPlan p : plans) {
            Point color = colors[p.k];
            Rect piece = pieces[p.k];
            List<Source> sources = SourceResolver.resolve(st, piece, ex.shards());
            if (consolidate && sources.size() == 1) {
                // a piece that is exactly an instance this shard holds in the point's memory stays that instance
                // (a read changes no values, so the new entry may share it with the entries it replaces)
                PhysicalInstance held = heldInstance(sources.get(0));
                if (held != null && held.rect().equals(piece) && (memories == 1 || held.memoryIndex() == p.memory)) {
                    keep.local().put(color, held);
                    use(p, index, held, piece);
                    continue;
                }
            }
            if (keep == null && sources.size() == 1) {
                // the whole piece lies in one instance this shard already holds (e.g. a transposed
                // or shifted read of its own tile): read it in place; no copy, no transfer
                PhysicalInstance held = heldInstance(sources.get(0));
                if (held != null && held.rect().contains(piece)) {
                    use(p, index, inMemory(st, held, p.memory), piece);
                    continue;
                }
            }
            if (keep == null && afterPoints != null && !piece.isEmpty()) {
                PhysicalInstance window = window(op, index, st, p, piece, sources, afterPoints);
                if (window != null) {
                    use(p, index, window, piece);
                    continue;
                }
                if (sources.size() > 1) {
                    markSpanning(st, piece);
                }
            }
            PhysicalInstance target = kept != null ? kept[p.k] : ex.newInstance(p.memory, st.type(), piece);
            List<Event> parts = new ArrayList<>(sources.size());
            for (int k = 0; k < sources.size(); k++) {
                Source src = sources.get(k);
                if (src.owner() >= 0 && src.owner() != ex.shard()) {
                    long tag = Tags.transfer(op, index, p.linear, k);
                    parts.add(ex.receiveInto(src.owner(), tag, target, src.rect()));
                } else {
                    parts.add(localSource(st, src, target));
                }
            }
            target.setWriter(ex.newEvent("gather", parts, Event.all(parts)));
            if (keep != null) {
                keep.local().put(color, target);
            } else {
                temporaries.add(target);
            }
            use(p, index, target, piece);
        }
        pushOwnTiles(op, index, req, layout, st, domain);
    }

    /** The mirror image of {@link #gather} on the producer side: push every piece another shard's point needs from us. */
    private void pushOwnTiles(long op, int index, Requirement req, Layout layout, StoreState st, Rect domain) {
        if (ex.shards() == 1) {
            return; // every point is this shard's: nobody to push to
        }
        Partition consumer = req.partition();
        Rect bounds = st.bounds();
        TreeSet<Long> consumers = new TreeSet<>();
        for (ValidEntry e : st.entries()) {
            if (e instanceof ValidEntry.Tiled t) {
                Partition produced = t.layout().partition();
                for (Point c : t.local().keySet()) {
                    Rect tile = produced.tile(c, bounds);
                    if (tile.isEmpty()) {
                        continue;
                    }
                    Pieces.forEachColorBlockIntersecting(consumer, tile, bounds, colors -> {
                        Rect points = req.projection().preimage(colors, domain);
                        long v = points.volume();
                        for (long i = 0; i < v; i++) {
                            long linear = domain.linearize(points.delinearize(i));
                            if (layout.owner(linear, ex.shards()) != ex.shard()) {
                                consumers.add(linear);
                            }
                        }
                    });
                }
            }
        }
        for (long linear : consumers) {
            Point p = domain.delinearize(linear);
            Rect piece = consumer.piece(req.projection().apply(p), bounds);
            List<Source> sources = SourceResolver.resolve(st, piece, ex.shards());
            int dest = layout.owner(linear, ex.shards());
            for (int k = 0; k < sources.size(); k++) {
                Source src = sources.get(k);
                if (src.owner() == ex.shard()) {
                    PhysicalInstance from = ((ValidEntry.Tiled) src.entry()).local().get(src.color());
                    ex.pushFrom(from, src.rect(), dest, Tags.transfer(op, index, linear, k));
                }
            }
        }
    }

    /**
     * Before a read through {@code readLayout} whose pieces span several of the store's pieces on this shard (a
     * transposed or row-panel read of a tiled matrix, a shifted view, a slice across tiles): moves the pieces this
     * shard holds of the store's only entry into shard-wide instances now, so that the read, and every later read
     * until the store is written, is a window instead of a gather. Before, that move waited for the store's next
     * write, so a store written once (a matrix built and then only read) was gathered at every read: {@code M @ M.T}
     * of a 4096 x 4096 float64 matrix on one shard gathered 2 GB of row and column panels (15 times the matrix), all
     * live at once, and failed a 4 GiB heap on two shards. The entry and its layout stay (the symbolic valid-data map
     * every shard keeps alike does not change); only which local instances hold its pieces does: each piece is copied
     * into its view of the new instance (after its last write; the old instance goes once its readers finish).
     * Pieces that do not tile a rectangle per memory keep their instances. Local to the shard, like
     * {@link StoreState#spanningReads}.
     */
    private void relayoutForSpanningRead(StoreState st, Layout readLayout, Rect[] pieces, List<PointPlan> plans) {
        if (st.bounds().dim() == 0 || !oneTiledOverFill(st) || st.replicatedCopy() != null
                || !(st.newest() instanceof ValidEntry.Tiled tl) || tl.layout().equals(readLayout)
                || st.shardWideMade(tl.layout()) || tl.local().isEmpty() || !st.firstSpanCheck(tl, readLayout)) {
            return;
        }
        Rect spanning = null;
        for (PointPlan p : plans) {
            Rect piece = pieces[p.k];
            if (!piece.isEmpty() && SourceResolver.resolve(st, piece, ex.shards()).size() > 1) {
                spanning = piece;
                break;
            }
        }
        if (spanning == null || !st.firstShardWide(tl.layout())) {
            return;
        }
        // later writes of the store through its layout get shard-wide instances too (allocatePieces)
        markSpanning(st, spanning);
        Map<Point, PhysicalInstance> local = tl.local();
        java.util.function.Function<Point, Rect> rectOf = c -> local.get(c).rect();
        for (int m = 0; m < memories; m++) {
            List<Point> group = new ArrayList<>();
            for (Map.Entry<Point, PhysicalInstance> e : local.entrySet()) {
                PhysicalInstance pi = e.getValue();
                if (pi.backing() == null && !pi.rect().isEmpty() && (memories == 1 || pi.memoryIndex() == m)) {
                    group.add(e.getKey());
                }
            }
            if (group.isEmpty() || !disjoint(group, rectOf)) {
                continue;
            }
            group.sort(java.util.Comparator.comparing(rectOf, FineStage::compareRects));
            for (List<Point> cluster : rectangles(group, rectOf)) {
                if (cluster.size() < 2) {
                    continue; // one piece: its own instance is as good as a shard-wide one
                }
                PhysicalInstance shared = newShardWide(st, m, bounding(cluster, rectOf), st.spanningReach());
                if (shared == null) {
                    continue;
                }
                for (Point c : cluster) {
                    PhysicalInstance old = local.get(c);
                    PhysicalInstance view = shared.view(old.rect());
                    view.setWriter(ex.copy(old, view, old.rect()));
                    local.put(c, view);
                    for (PhysicalInstance stale : st.dropCopies(old)) {
                        ex.release(stale);
                    }
                    ex.release(old);
                }
                relayouts++;
            }
        }
    }

    /**
     * The store has one entry, or one tiled entry written over an older fill ({@code padded = zeros(...)} then
     * {@code padded[1:-1, 1:-1] = u}: the fill holds the border): the windows of a read resolve the fill's parts in their
     * ghost cells, so the tiled entry's pieces can move into shard-wide instances as a lone entry's can.
     */
    private static boolean oneTiledOverFill(StoreState st) {
        List<ValidEntry> e = st.entries();
        return e.size() == 1 || e.size() == 2 && e.get(0) instanceof ValidEntry.Fill;
    }

    /** Lexicographic order of rectangles by their low corners (a deterministic order of a map's pieces). */
    private static int compareRects(Rect a, Rect b) {
        for (int d = 0; d < a.dim(); d++) {
            int c = Long.compare(a.lo(d), b.lo(d));
            if (c != 0) {
                return c;
            }
        }
        return 0;
    }

    /**
     * Records that a read of {@code st} spanned several of its pieces ({@code piece}, the first such): the store's
     * later tiled writes get shard-wide instances ({@link StoreState#markSpanningReads}), and so do new stores written
     * the way its newest pieces were ({@link #spanningWriters}).
     */
    private void markSpanning(StoreState st, Rect piece) {
        st.markSpanningReads(piece);
        if (st.newest() instanceof ValidEntry.Tiled tl) {
            if (spanningWriters.size() >= SPANNING_WRITERS) {
                spanningWriters.clear();
            }
            spanningWriters.merge(new WriterKey(tl.layout(), st.bounds(), st.type()), piece, Rect::boundingBox);
        }
    }

    /**
     * The instances of {@code plans}' pieces of a tiled write, indexed by the points' {@code k}: where the
     * non-empty pieces of the points mapped to one memory tile a rectangle, views of one shard-wide instance
     * of that rectangle plus {@link #ghostWidth} ghost cells on every side (within the store), so that a later
     * read of a piece spanning several of them, or reaching a little past them, is a window on that instance
     * instead of a gather ({@link #window}); else one instance per piece. Only for a store whose reads spanned
     * pieces before, or a new store written through {@code layout} the way such a store was
     * ({@link #spanningWriters}).
     */
    private PhysicalInstance[] allocatePieces(StoreState st, Layout layout, List<PointPlan> plans, Rect[] pieces) {
        PhysicalInstance[] out = new PhysicalInstance[pieces.length];
        Rect reach = st.spanningReads() || !shardWide || spanningWriters.isEmpty() ? st.spanningReach()
                : spanningWriters.get(new WriterKey(layout, st.bounds(), st.type()));
        if (shardWide && st.bounds().dim() > 0 && (st.spanningReads() || reach != null)) {
            for (int m = 0; m < memories; m++) {
                List<PointPlan> group = new ArrayList<>();
                for (PointPlan p : plans) {
                    if (p.memory == m && !pieces[p.k].isEmpty()) {
                        group.add(p);
                    }
                }
                java.util.function.Function<PointPlan, Rect> rectOf = p -> pieces[p.k];
                if (group.isEmpty() || !disjoint(group, rectOf)) {
                    continue;
                }
                for (List<PointPlan> cluster : rectangles(group, rectOf)) {
                    PhysicalInstance shared = newShardWide(st, m, bounding(cluster, rectOf), reach);
                    if (shared == null) {
                        continue;
                    }
                    for (PointPlan p : cluster) {
                        out[p.k] = shared.view(pieces[p.k]);
                    }
                }
            }
        }
        for (PointPlan p : plans) {
            if (out[p.k] == null) {
                out[p.k] = ex.newInstance(p.memory, st.type(), pieces[p.k]);
            }
        }
        return out;
    }

    /**
     * A new shard-wide instance in {@code memory} whose views will cover {@code core} (set as its core): {@code core}
     * plus {@link #ghostWidth} ghost cells on every side (within the store), widened to {@code reach} (what this
     * shard's spanning reads reached, or null) unless that more than doubles it (the read and write layouts may split
     * the store between shards differently); null when that is too large for one array.
     */
    private PhysicalInstance newShardWide(StoreState st, int memory, Rect core, Rect reach) {
        Rect wide = shardWideRect(st, core, reach);
        if (wide == null) {
            return null;
        }
        PhysicalInstance shared = ex.newInstance(memory, st.type(), wide);
        shared.setCore(core);
        return shared;
    }

    /** The rectangle of {@link #newShardWide}'s instance, or null. */
    private Rect shardWideRect(StoreState st, Rect core, Rect reach) {
        long[] halo = new long[core.dim()];
        java.util.Arrays.fill(halo, ghostWidth);
        Rect wide = core.bloat(halo).intersect(st.bounds());
        if (reach != null) {
            Rect further = wide.boundingBox(reach.intersect(st.bounds()));
            if (further.volume() <= 2 * wide.volume()) {
                wide = further;
            }
        }
        return wide.volume() > Integer.MAX_VALUE - 8 ? null : wide;
    }

    /**
     * The (disjoint, non-empty) pieces of {@code group} as clusters that each tile a rectangle: all of them when
     * they do; else the bands of pieces with the same extent along dimension 0 that tile one, consecutive bands
     * merged where they line up (a blocked sharding of a grid of tiles gives a shard whole rows of tiles and a
     * part of one). Pieces in no such cluster are left out (they get instances of their own).
     */
    private static <T> List<List<T>> rectangles(List<T> group, java.util.function.Function<T, Rect> rectOf) {
        if (tilesRectangle(group, rectOf)) {
            return List.of(group);
        }
        java.util.TreeMap<Long, List<T>> bands = new java.util.TreeMap<>();
        java.util.Map<Long, Long> bandHi = new java.util.HashMap<>();
        for (T p : group) {
            Rect r = rectOf.apply(p);
            Long prev = bandHi.putIfAbsent(r.lo(0), r.hi(0));
            if (prev != null && prev != r.hi(0)) {
                return List.of(); // bands that overlap along dimension 0: no simple clusters
            }
            bands.computeIfAbsent(r.lo(0), k -> new ArrayList<>()).add(p);
        }
        List<List<T>> out = new ArrayList<>();
        List<T> current = null;
        Rect currentBox = null;
        for (List<T> band : bands.values()) {
            if (!tilesRectangle(band, rectOf)) {
                current = null;
                continue;
            }
            Rect box = bounding(band, rectOf);
            if (current != null && currentBox.hi(0) + 1 == box.lo(0) && sameExceptFirst(currentBox, box)) {
                current.addAll(band);
                currentBox = currentBox.boundingBox(box);
            } else {
                current = new ArrayList<>(band);
                currentBox = box;
                out.add(current);
            }
        }
        return out;
    }

    private static boolean sameExceptFirst(Rect a, Rect b) {
        for (int d = 1; d < a.dim(); d++) {
            if (a.lo(d) != b.lo(d) || a.hi(d) != b.hi(d)) {
                return false;
            }
        }
        return true;
    }

    private static <T> Rect bounding(List<T> cluster, java.util.function.Function<T, Rect> rectOf) {
        Rect box = rectOf.apply(cluster.get(0));
        for (T p : cluster) {
            box = box.boundingBox(rectOf.apply(p));
        }
        return box;
    }

    /** Whether the (disjoint) rectangles of {@code cluster} exactly cover their bounding box. */
    private static <T> boolean tilesRectangle(List<T> cluster, java.util.function.Function<T, Rect> rectOf) {
        long volume = 0;
        for (T p : cluster) {
            volume += rectOf.apply(p).volume();
        }
        return bounding(cluster, rectOf).volume() == volume;
    }

    private static <T> boolean disjoint(List<T> group, java.util.function.Function<T, Rect> rectOf) {
        for (int a = 0; a < group.size(); a++) {
            for (int b = a + 1; b < group.size(); b++) {
                if (rectOf.apply(group.get(a)).overlaps(rectOf.apply(group.get(b)))) {
                    return false;
                }
            }
        }
        return true;
    }

    /**
     * A window on a shard-wide instance through which point {@code p} reads {@code piece} in place, or null: when
     * the piece lies in one shard-wide instance of {@code p}'s memory and every source of it is either one of
     * that instance's views (valid in place) or lies in its ghost cells outside all its views (written there
     * now: a fill, a local copy or a piece pushed by its owner, after the ghost cells' earlier readers). The
     * point is recorded as a reader of the views and ghost cells it reads. The launch must not write the store
     * (a view it reads might be written by another point of it).
     */
    private PhysicalInstance window(long op, int index, StoreState st, PointPlan p, Rect piece, List<Source> sources,
                                    List<Runnable> afterPoints) {
        PhysicalInstance shared = null;
        for (Source src : sources) {
            PhysicalInstance held = heldInstance(src);
            if (held != null && held.backing() != null) {
                shared = held.backing();
                break;
            }
        }
        if (shared == null || shared.memoryIndex() != p.memory || !shared.instance().rect().contains(piece)) {
            return null;
        }
        Rect core = shared.core();
        List<PhysicalInstance> views = new ArrayList<>(sources.size());
        boolean anyGhost = false;
        for (Source src : sources) {
            PhysicalInstance held = heldInstance(src);
            if (held != null && held.backing() == shared) {
                views.add(held);
            } else if (src.rect().overlaps(core)) {
                return null; // newer data over the views' cells: they cannot be read in place
            } else {
                anyGhost = true;
            }
        }
        PhysicalInstance window = shared.window(piece);
        List<Event> parts = new ArrayList<>(sources.size());
        for (PhysicalInstance v : views) {
            parts.add(v.lastWrite());
        }
        if (anyGhost) {
            GhostBatch batch = ghosts.get(shared);
            if (batch == null) {
                batch = new GhostBatch();
                shared.writePreconditions(batch.after);
                ghosts.put(shared, batch);
            }
            for (int k = 0; k < sources.size(); k++) {
                Source src = sources.get(k);
                PhysicalInstance held = heldInstance(src);
                if (held != null && held.backing() == shared) {
                    continue;
                }
                Event w;
                if (src.owner() >= 0 && src.owner() != ex.shard()) {
                    w = ex.receiveInto(src.owner(), Tags.transfer(op, index, p.linear, k), window, src.rect(), batch.after);
                } else if (src.entry() instanceof ValidEntry.Fill f) {
                    w = ex.fill(window, src.rect(), f.bits(), batch.after);
                } else {
                    PhysicalInstance from = src.entry() instanceof ValidEntry.Replicated r ? r.local()
                            : ((ValidEntry.Tiled) src.entry()).local().get(src.color());
                    if (from == null) {
                        throw new IllegalStateException("shard " + ex.shard() + " lacks color " + src.color()
                                + " of store " + st.id());
                    }
                    w = ex.copy(from, window, src.rect(), false, batch.after);
                }
                batch.writes.add(w);
                parts.add(w);
            }
        }
        // the window's contents are valid once its views' writes and its ghost cells' writes are done; what
        // the views come from failed tasks is its failure too
        CompletableFuture<Void> ready = Event.all(parts).thenRun(() -> {
            for (PhysicalInstance v : views) {
                TaskFailedException f = v.failure();
                if (f != null) {
                    window.markFailed(f);
                }
            }
        });
        window.setWriter(ex.newEvent("window", parts, ready));
        boolean ghostRead = anyGhost;
        PhysicalInstance sharedFinal = shared;
        afterPoints.add(() -> {
            for (PhysicalInstance v : views) {
                v.addReader(p.event);
            }
            if (ghostRead) {
                sharedFinal.addReader(p.event);
            }
        });
        return window;
    }

    /**
     * Point tasks of decisive reductions ({@link Decisive}) on this shard that skipped their bodies because another
     * point had decided the result.
     */
    public long skippedPoints() {
        return skippedPoints.get();
    }

    /**
     * Point tasks of decisive reductions on this shard that were never planned: the launch's first point, run alone
     * ({@link #probesFirst}), decided it. They are counted in {@link #skippedPoints()} too.
     */
    public long unplannedPoints() {
        return unplannedPoints;
    }

    /**
     * Reads of this shard that found a store's data a patchwork ({@link #patchwork}) and made their gathered pieces
     * the store's instances, so that later reads through the same layout are in place.
     */
    public long consolidations() {
        return consolidations;
    }

    /**
     * Shard-wide instances this shard made of a store's existing pieces because a read spanned several of them
     * ({@link #relayoutForSpanningRead}), so that the read was a window, not a gather.
     */
    public long relayouts() {
        return relayouts;
    }

    /**
     * The one source of a one-point launch's written piece when it may be written in place: the piece lies in one
     * instance of a tiled entry, and the shard that holds it is the point's owner. Decided from the symbolic map and
     * the layout alone, so every shard decides alike (the owner writes, the others keep the same map).
     */
    private Source inPlaceTarget(StoreState st, Layout layout, Rect bounds) {
        if (layout.replicatedExecution() || layout.domain().volume() != 1) {
            return null;
        }
        Rect piece = layout.partition().tile(layout.projection().apply(layout.domain().lo()), bounds);
        if (piece.isEmpty()) {
            return null;
        }
        List<Source> sources = SourceResolver.resolve(st, piece, ex.shards());
        if (sources.size() != 1) {
            return null;
        }
        Source src = sources.get(0);
        return src.entry() instanceof ValidEntry.Tiled && src.owner() == layout.owner(0, ex.shards()) ? src : null;
    }

    /** One-point writes made in place into an instance of the store's valid data ({@link #inPlaceTarget}). */
    public long inPlaceWrites() {
        return inPlaceWrites;
    }

    /**
     * Whether {@code st}'s valid data is a patchwork that every tiled read must gather from several instances: two
     * entries or more that are not fills (chunked loads, a slice written over older data). A fill under one tiled
     * entry is not (a zero-bordered array written through its interior slice): its reads fill the border cells,
     * in place around the interior's instances where those are shard-wide ({@link #window}).
     */
    private static boolean patchwork(StoreState st) {
        int instances = 0;
        for (ValidEntry e : st.entries()) {
            if (!(e instanceof ValidEntry.Fill) && ++instances > 1) {
                return true;
            }
        }
        return false;
    }

    /** The instance of a source this shard holds (its replicated copy or own tile), or null. */
    private PhysicalInstance heldInstance(Source src) {
        if (src.owner() >= 0 && src.owner() != ex.shard()) {
            return null;
        }
        if (src.entry() instanceof ValidEntry.Replicated r) {
            return r.local();
        }
        if (src.entry() instanceof ValidEntry.Tiled t) {
            return t.local().get(src.color());
        }
        return null;
    }

    /** Copies a source this shard holds (fill, replicated copy, own tile) into {@code target}. */
    private Event localSource(StoreState st, Source src, PhysicalInstance target) {
        ValidEntry e = src.entry();
        if (e instanceof ValidEntry.Fill f) {
            return ex.fill(target, src.rect(), f.bits());
        }
        PhysicalInstance from = e instanceof ValidEntry.Replicated r ? r.local()
                : ((ValidEntry.Tiled) e).local().get(src.color());
        if (from == null) {
            throw new IllegalStateException("shard " + ex.shard() + " lacks color " + src.color() + " of store " + st.id());
        }
        if (memories > 1 && from.memoryIndex() != target.memoryIndex() && target.memoryIndex() >= 0) {
            // a valid copy in the target's memory, where there is one, saves a copy between memories
            PhysicalInstance near = st.copyIn(from, target.memoryIndex());
            if (near != null) {
                from = near;
            }
        }
        return ex.copy(from, target, src.rect());
    }

    /**
     * A full valid copy of the store on this shard: local parts copied, tiles of other shards
     * all-gathered (DESIGN.md §3: a replicated read of tiled data is an all-gather), in memory 0
     * (points of other memories read copies of it, {@link #inMemory}). Cached until the next write;
     * whether a gather is needed is decided from the symbolic map alone.
     */
    public PhysicalInstance ensureReplicated(StoreState st) {
        PhysicalInstance existing = st.replicatedCopy();
        if (existing != null) {
            return existing;
        }
        PhysicalInstance full = wholeLocalPiece(st);
        if (full == null) {
            full = gatherEverywhere(st, st.bounds(), 0);
        }
        st.setReplicatedCopy(full);
        return full;
    }

    /**
     * The instance of this shard, in memory {@code memory} (any where the shard has one), that holds all of
     * {@code piece}'s newest data (one tiled source this shard holds, its instance containing the piece), or null.
     */
    private PhysicalInstance heldWhole(StoreState st, Rect piece, int memory) {
        if (piece.isEmpty()) {
            return null;
        }
        List<Source> sources = SourceResolver.resolve(st, piece, ex.shards());
        if (sources.size() != 1 || sources.get(0).owner() != ex.shard() || !(sources.get(0).entry() instanceof ValidEntry.Tiled)) {
            return null;
        }
        PhysicalInstance held = heldInstance(sources.get(0));
        return held != null && held.rect().contains(piece) && (memories == 1 || held.memoryIndex() == memory) ? held : null;
    }

    /**
     * On a shard that runs alone, the instance of memory 0 that holds the store's newest data whole (a tiled entry of
     * one piece covering the bounds, as a launch of one point writes it), or null. A replicated read of such a store
     * reads that instance instead of a copy of it: with one shard, a copy would only repeat its bytes (measured, CG
     * Poisson n = 300: two or three 720 KB copies an iteration, where one-point launches that run on the program thread
     * read what a tiled one-point launch wrote). The store's valid-data map keeps the instance as its entry's and as
     * the replicated copy; {@link StoreState#write} and {@link StoreState#writeInPlace} release it only when no entry
     * holds it.
     */
    private PhysicalInstance wholeLocalPiece(StoreState st) {
        return ex.shards() == 1 ? heldWhole(st, st.bounds(), 0) : null;
    }

    /**
     * The instance of this shard that holds all of {@code rect}'s newest values, when one does and every shard can
     * tell from the symbolic map alone that it needs no collective to read {@code rect}: the part lies in one piece
     * of the newest entry, which is replicated, or tiled on a runtime of one shard. Null otherwise ({@link #gatherPart}
     * then gathers it). The caller reads {@code rect} of it without releasing it: the valid-data map keeps it.
     */
    public PhysicalInstance heldPart(StoreState st, Rect rect) {
        List<Source> sources = SourceResolver.resolve(st, rect, ex.shards());
        if (sources.size() != 1) {
            return null;
        }
        Source src = sources.get(0);
        if (src.entry() instanceof ValidEntry.Replicated r) {
            return r.local();
        }
        if (src.entry() instanceof ValidEntry.Tiled t && ex.shards() == 1) {
            return t.local().get(src.color());
        }
        return null;
    }

    /**
     * A new instance of {@code rect} (within the store's bounds) holding the store's newest values, gathered
     * as {@link #ensureReplicated} gathers the whole store, but not cached: the caller releases it once read.
     */
    public PhysicalInstance gatherPart(StoreState st, Rect rect) {
        return gatherEverywhere(st, rect, 0);
    }

    /**
     * A new instance of {@code rect} (within the store's bounds) holding the store's newest values on every shard:
     * the parts this shard holds are copied locally, the rest all-gathered from their owners (one collective,
     * taken by every shard in the same order, since every shard resolves the same sources).
     */
    private PhysicalInstance gatherEverywhere(StoreState st, Rect rect, int memory) {
        Rect bounds = rect;
        PhysicalInstance full = ex.newInstance(memory, st.type(), bounds);
        List<Source> sources = SourceResolver.resolve(st, bounds, ex.shards());
        List<Event> parts = new ArrayList<>();
        List<Source> own = new ArrayList<>();
        // the instances are taken now, not when the pack runs: by then the map may name other instances of the
        // same pieces (relayoutForSpanningRead), not yet written
        List<PhysicalInstance> ownInstances = new ArrayList<>();
        List<Event> ownReady = new ArrayList<>();
        boolean anyTiled = false;
        for (Source src : sources) {
            if (src.owner() >= 0) {
                anyTiled = true;
            }
            if (src.owner() < 0 || src.owner() == ex.shard()) {
                parts.add(localSource(st, src, full));
            }
            if (src.owner() == ex.shard()) {
                own.add(src);
                PhysicalInstance pi = ((ValidEntry.Tiled) src.entry()).local().get(src.color());
                ownInstances.add(pi);
                ownReady.add(pi.lastWrite());
            }
        }
        if (anyTiled && ex.shards() > 1) {
            long id = ex.nextCollectiveId();
            CompletableFuture<byte[]> packed = Event.all(ownReady).thenApplyAsync(x -> {
                int bytes = 0;
                TaskFailedException failed = null;
                for (int k = 0; k < own.size(); k++) {
                    bytes += (int) own.get(k).rect().volume() * st.type().size();
                    failed = TaskFailedException.earlier(failed, ownInstances.get(k).failure());
                }
                if (failed != null) {
                    return FailureWire.encode(failed, bytes);
                }
                ByteBuffer buf = ByteBuffer.allocate(bytes).order(ByteOrder.LITTLE_ENDIAN);
                for (int k = 0; k < own.size(); k++) {
                    ownInstances.get(k).instance().packInto(own.get(k).rect(), buf);
                }
                return buf.array();
            }, ex.workers());
            Event contribution = ex.newEvent("pack", ownReady, packed);
            for (PhysicalInstance pi : ownInstances) {
                pi.addReader(contribution);
            }
            CompletableFuture<Void> unpacked = ex.allGather(id, packed)
                    .thenAcceptAsync(all -> {
                        for (int r = 0; r < all.length; r++) {
                            if (r == ex.shard()) {
                                continue;
                            }
                            long expected = 0;
                            for (Source s : sources) {
                                if (s.owner() == r) {
                                    expected += s.rect().volume() * st.type().size();
                                }
                            }
                            TaskFailedException failed = FailureWire.decode(all[r], expected);
                            if (failed != null) {
                                full.markFailed(failed);
                                continue;
                            }
                            ByteBuffer b = ByteBuffer.wrap(all[r]).order(ByteOrder.LITTLE_ENDIAN);
                            for (Source s : sources) {
                                if (s.owner() == r) {
                                    full.instance().unpack(s.rect(), b);
                                }
                            }
                        }
                    }, ex.workers());
            Event gathered = ex.newEvent("all-gather", List.of(contribution), unpacked);
            ex.recordCollective(id, contribution, gathered);
            parts.add(gathered);
        }
        full.setWriter(ex.newEvent("replicate", parts, Event.all(parts)));
        return full;
    }

    /**
     * REDUCE through {@link Replicated}: each point folds into its own identity-initialised
     * accumulator; the partials are all-gathered and folded into every shard's copy in
     * launch-point order, so the result has the same bits for any number of shards.
     */
    private void planReplicatedReduction(long op, int index, Layout layout, StoreState st, ReductionOp redop,
                                         List<PointPlan> plans, List<Runnable> commits, List<Runnable> afterPoints) {
        Rect bounds = st.bounds();
        PhysicalInstance target = ensureReplicated(st);
        for (PointPlan p : plans) {
            use(p, index, ex.newAccumulator(p.memory, st.type(), bounds), bounds);
        }
        boolean gather = !layout.replicatedExecution() && ex.shards() > 1;
        long id = gather ? ex.nextCollectiveId() : -1;
        afterPoints.add(() -> {
            PointValues partials = collect(id, plans, layout.sharding(), layout.domain().volume(),
                    p -> p.instances[index].instance(), st.type(), bounds);
            List<Event> pre = new ArrayList<>();
            target.writePreconditions(pre);
            pre.add(partials.ready());
            // small partials already here (points that ran on this thread, no all-gather): folded on this thread too,
            // rather than waking a worker for a few element operations
            CompletableFuture<Void> folded = ex.after(pre, () -> {
                Values v = partials.values().join();
                if (v.failure() != null) {
                    target.markFailed(v.failure());
                    return;
                }
                for (Instance part : v.byPoint()) {
                    if (part != null) {         // a point of the launch's other part (probesFirst), or another shard's
                        redop.fold(target.instance(), part);
                    }
                }
            }, ex.inlineCandidate(bounds.volume() * plans.size()));
            Event fold = ex.newEvent("fold", pre, folded);
            target.setWriter(fold);
            for (PointPlan p : plans) {
                // the accumulators are read by the fold (through the all-gather of partials), then free
                p.instances[index].addReader(fold);
                ex.release(p.instances[index]);
            }
        });
        commits.add(() -> write(st, new ValidEntry.Replicated(target), true));
    }

    /** The launch's future: point results folded in launch-point order on every shard. */
    private Future result(GroupLaunch launch, ShardingFunction sharding, List<PointPlan> plans, boolean replExec) {
        ReductionOp redop = launch.resultOp();
        FieldType type = launch.resultType();
        Rect resultRect = Rect.ofExtents(launch.resultLength());
        long id = !replExec && ex.shards() > 1 ? ex.nextCollectiveId() : -1;
        PointValues results = collect(id, plans, sharding, launch.domain().volume(), p -> p.context.result(), type,
                resultRect);
        CompletableFuture<Instance> value = results.values().thenApply(v -> {
            if (v.failure() != null) {
                throw v.failure();
            }
            Instance acc = Instance.allocate(type, resultRect);
            acc.fill(resultRect, redop.identityBits(type));
            for (Instance part : v.byPoint()) {
                if (part != null) {
                    redop.fold(acc, part);
                }
            }
            return acc;
        });
        ex.newEvent("result", List.of(results.ready()), value);
        return new Future(nextFutureId++, value, blocker);
    }

    /** Per-point values indexed by launch-point order, and the event that fires when all are known here. */
    private record PointValues(CompletableFuture<Values> values, Event ready) {
    }

    /**
     * Every point's value by launch point, and the failure of the first failed point in launch-point
     * order (null when none failed): the same on every shard.
     */
    private record Values(Instance[] byPoint, TaskFailedException failure) {
    }

    /**
     * Every point's value (a {@code rect} of {@code type}, or null), indexed by launch point, on
     * every shard: this shard's own once its point tasks are done, and with {@code collectiveId >= 0}
     * the other shards' too, through one all-gather (each shard's block holds its points in
     * {@code sharding.forEachOwned} order, each value behind a byte: 0 none, 1 a value, 2 a failed
     * point, whose message follows the block's values in the same order).
     */
    private PointValues collect(long collectiveId, List<PointPlan> plans, ShardingFunction sharding, long volume,
                                java.util.function.Function<PointPlan, Instance> valueOf, FieldType type, Rect rect) {
        List<Event> pointEvents = new ArrayList<>();
        for (PointPlan p : plans) {
            pointEvents.add(p.event);
        }
        if (collectiveId < 0) {
            CompletableFuture<Values> local = Event.all(pointEvents).thenApply(x -> {
                Instance[] byPoint = new Instance[(int) volume];
                TaskFailedException first = null;
                for (PointPlan p : plans) {
                    if (p.failure != null) {
                        first = TaskFailedException.earlier(first, p.failure);
                    } else {
                        byPoint[(int) p.linear] = valueOf.apply(p);
                    }
                }
                return new Values(byPoint, first);
            });
            return new PointValues(local, ex.newEvent("point-values", pointEvents, local));
        }
        int size = (int) rect.volume() * type.size();
        CompletableFuture<byte[]> packed = Event.all(pointEvents).thenApplyAsync(x -> {
            List<byte[]> messages = new ArrayList<>(0);
            int extra = 0;
            for (PointPlan p : plans) {
                if (p.failure != null) {
                    byte[] m = FailureWire.encode(p.failure, -1);
                    messages.add(m);
                    extra += 4 + m.length;
                }
            }
            ByteBuffer buf = ByteBuffer.allocate(plans.size() * (size + 1) + extra).order(ByteOrder.LITTLE_ENDIAN);
            for (PointPlan p : plans) {
                Instance v = p.failure != null ? null : valueOf.apply(p);
                buf.put((byte) (p.failure != null ? 2 : v == null ? 0 : 1));
                if (v != null) {
                    v.packInto(rect, buf);
                } else {
                    buf.position(buf.position() + size);
                }
            }
            for (byte[] m : messages) {
                buf.putInt(m.length).put(m);
            }
            return buf.array();
        }, ex.workers());
        Event contribution = ex.newEvent("pack", pointEvents, packed);
        CompletableFuture<Values> all = ex.allGather(collectiveId, packed).thenApply(blocks -> {
            Instance[] byPoint = new Instance[(int) volume];
            TaskFailedException[] first = {null};
            for (int r = 0; r < blocks.length; r++) {
                ByteBuffer b = ByteBuffer.wrap(blocks[r]).order(ByteOrder.LITTLE_ENDIAN);
                List<Long> failedPoints = new ArrayList<>(0);
                sharding.forEachOwned(volume, r, ex.shards(), i -> {
                    byte flag = b.get();
                    if (flag == 1) {
                        Instance v = Instance.allocate(type, rect);
                        v.unpack(rect, b);
                        byPoint[(int) i] = v;
                    } else {
                        if (flag == 2) {
                            failedPoints.add(i);
                        }
                        b.position(b.position() + size);
                    }
                });
                for (int k = 0; k < failedPoints.size(); k++) {
                    byte[] m = new byte[b.getInt()];
                    b.get(m);
                    first[0] = TaskFailedException.earlier(first[0], FailureWire.decode(m, -1));
                }
            }
            return new Values(byPoint, first[0]);
        });
        Event gathered = ex.newEvent("all-gather", List.of(contribution), all);
        ex.recordCollective(collectiveId, contribution, gathered);
        return new PointValues(all, gathered);
    }
}
