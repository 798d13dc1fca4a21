package dev.cohort.partitioner;

import dev.cohort.runtime.Runtime;
import dev.cohort.runtime.geometry.Point;
import dev.cohort.runtime.geometry.Rect;
import dev.cohort.runtime.launch.Access;
import dev.cohort.runtime.launch.Decisive;
import dev.cohort.runtime.launch.Future;
import dev.cohort.runtime.launch.GroupLaunch;
import dev.cohort.runtime.launch.IterSpace;
import dev.cohort.runtime.launch.Privilege;
import dev.cohort.runtime.launch.ReductionOp;
import dev.cohort.runtime.partition.Partition;
import dev.cohort.runtime.partition.Projection;
import dev.cohort.runtime.partition.Replicated;
import dev.cohort.runtime.partition.Tiling;
import dev.cohort.runtime.region.FieldType;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;

/**
 * One operation described to the runtime seam (Legate: an AutoTask): a task over an iteration space,
 * the stores it touches (each through an {@link Access} from the iteration space, with a {@link Role}),
 * constraints between them, its scalar arguments as a function of the solved {@link IterSpace}, and an
 * optional folded result. {@link #execute()} decides everything else, in this one place:
 * <ol>
 *   <li><b>Nothing to run:</b> an empty iteration space issues nothing ({@code execute} returns null).</li>
 *   <li><b>One replicated point:</b> when {@link #singlePoint()} was asked, or some access has a
 *       negative step (such views cannot be tiled), the launch is one point ({@link IterSpace#whole})
 *       with every store {@code Replicated} (constant projections): each shard runs it on its own copies.</li>
 *   <li><b>Otherwise the {@link Partitioner}'s strategy</b> for the {@link Operation} made of these stores,
 *       each with its key partition ({@link LogicalStore#keyPartition()}, or the override given by
 *       {@link #keyPartition(int, Tiling)}), and the alignment, broadcast, replicate and halo constraints.</li>
 *   <li><b>Privileges:</b> READ → read; WRITE → write-discard; READ_WRITE → read-write; REDUCE → a reduction
 *       privilege with the operand's redop when the store is {@code Replicated} in a launch of several points
 *       (the runtime folds the points' partials), else (each element reached from one point) write-discard
 *       when the access reaches every element of the store, read-write when it reaches part of it.</li>
 *   <li><b>The launch</b> ({@link GroupLaunch}) with the scalars {@code scalars.apply(space)} and the result
 *       reduction, issued to the runtime.</li>
 *   <li><b>Key partitions:</b> every store the launch writes (any role but READ) records the partition it was
 *       written through as its key partition (a {@link Tiling}; anything else clears it).</li>
 * </ol>
 * {@link #strategy()} runs steps 1-3 without issuing anything, so that a caller that must match what a
 * launch would do (fusion matching eager partitioning) asks the same code; {@link #execute(Strategy)}
 * issues with a strategy planned that way (and possibly adjusted).
 *
 * <p>Store indices are in order of the {@code input}/{@code output}/{@code readWrite}/{@code reduction}/{@link #add}
 * calls. An AutoTask is executed at most once. Like the rest of a program it is built and executed on the
 * program's thread, identically on every shard.
 */
public final class AutoTask {
    private final Runtime runtime;
    private final MachineView machine;
    private final int taskId;
    /** The iteration space; null for a launch that touches no store ({@link #overPoints}). */
    private final long[] iterShape;
    /** The launch domain of a launch that touches no store. */
    private final Rect pointDomain;
    /** Made by {@link #single}: issued as {@link GroupLaunch#single}. */
    private final boolean singleTask;
    /** The stores in order of addition, and what the task says of each. */
    private Operand[] operands = new Operand[4];
    private int count;
    /** Pairs {@code (a, b)} of {@link #align}, flattened. */
    private int[] aligned = new int[6];
    private int alignedCount;
    /** Whether any store has a {@link #replicate} or {@link #halo} constraint (most have neither). */
    private boolean constrained;
    private int[] untiled = new int[0];
    private boolean single;
    private Function<IterSpace, byte[]> scalars = space -> new byte[0];
    private ReductionOp resultOp;
    private FieldType resultType;
    private int resultLength;
    private boolean executed;
    private StrategyAdvisor advisor;
    private PartitionMemo memo;

    /** One store of the task: how it is reached, its role, and its constraints. */
    private static final class Operand {
        final LogicalStore store;
        final Access access;
        final Role role;
        final ReductionOp redop;
        /** The value that decides its REDUCE ({@link #decisive}), or null. */
        Decisive decisive;
        /** The key partition the partitioner sees instead of the store's own, when {@link #keyOverridden}. */
        Tiling key;
        boolean keyOverridden;
        boolean replicated;
        long[] halo;

        Operand(LogicalStore store, Access access, Role role, ReductionOp redop) {
            this.store = store;
            this.access = access;
            this.role = role;
            this.redop = redop;
        }
    }

    private AutoTask(Runtime runtime, MachineView machine, int taskId, long[] iterShape, Rect pointDomain, boolean singleTask) {
        this.singleTask = singleTask;
        this.runtime = Objects.requireNonNull(runtime, "runtime");
        this.machine = machine;
        this.taskId = taskId;
        this.iterShape = iterShape;
        this.pointDomain = pointDomain;
    }

    /**
     * An operation of task {@code taskId} over an iteration space of extents {@code iterShape}, partitioned for
     * {@code machine}.
     *
     * @throws IllegalArgumentException for a negative extent
     */
    public static AutoTask create(Runtime runtime, MachineView machine, int taskId, long... iterShape) {
        Objects.requireNonNull(machine, "machine");
        for (long s : iterShape) {
            if (s < 0) {
                throw new IllegalArgumentException("negative iteration extent in " + Arrays.toString(iterShape));
            }
        }
        return new AutoTask(runtime, machine, taskId, iterShape.clone(), null, false);
    }

    /** A single task that touches no store (e.g. probing or renaming a file): one point, domain {@code (0)}. */
    public static AutoTask single(Runtime runtime, int taskId) {
        return new AutoTask(runtime, null, taskId, null, Rect.single(Point.of(0)), true);
    }

    /**
     * A task that touches no store, one point per element of {@code extents} (Legate: a manual task), e.g. one
     * point per byte range of a file; the scalars function gets {@code IterSpace.whole(extents)}.
     */
    public static AutoTask overPoints(Runtime runtime, int taskId, long... extents) {
        return new AutoTask(runtime, null, taskId, null, Rect.ofExtents(extents), false);
    }

    // ------------------------------------------------------------------ stores

    /** Adds {@code store}, reached through {@code access}, read only; returns its index. */
    public int input(LogicalStore store, Access access) {
        return add(store, access, Role.READ, null);
    }

    /** Adds {@code store} written at every element the operation reaches (write-discard); returns its index. */
    public int output(LogicalStore store, Access access) {
        return add(store, access, Role.WRITE, null);
    }

    /** Adds {@code store} read and written, or written in part; returns its index. */
    public int readWrite(LogicalStore store, Access access) {
        return add(store, access, Role.READ_WRITE, null);
    }

    /** Adds {@code store} into which the points' partial results are folded with {@code redop}; returns its index. */
    public int reduction(LogicalStore store, Access access, ReductionOp redop) {
        return add(store, access, Role.REDUCE, Objects.requireNonNull(redop, "redop"));
    }

    /** Adds {@code store} with {@code role} ({@code redop} for REDUCE, else ignored and may be null); returns its index. */
    public int add(LogicalStore store, Access access, Role role, ReductionOp redop) {
        if (pointDomain != null) {
            throw new IllegalStateException("a task over points touches no store");
        }
        Objects.requireNonNull(store, "store");
        Objects.requireNonNull(access, "access");
        Objects.requireNonNull(role, "role");
        if (access.storeDim() != store.bounds().dim()) {
            throw new IllegalArgumentException("access " + access + " has " + access.storeDim()
                    + " store dimensions, store bounds " + store.bounds() + " has " + store.bounds().dim());
        }
        if (count == operands.length) {
            operands = Arrays.copyOf(operands, 2 * count);
        }
        operands[count] = new Operand(store, access, role, redop);
        return count++;
    }

    /** Number of stores added. */
    public int storeCount() {
        return count;
    }

    // ------------------------------------------------------------------ constraints

    /** Stores {@code a} and {@code b} are partitioned by the same tiling of the iteration space (Legate: align). */
    public AutoTask align(int a, int b) {
        check(a);
        check(b);
        if (alignedCount + 2 > aligned.length) {
            aligned = Arrays.copyOf(aligned, 2 * aligned.length);
        }
        aligned[alignedCount++] = a;
        aligned[alignedCount++] = b;
        return this;
    }

    /** Every store aligned with store 0 (the usual element-wise operation). */
    public AutoTask alignAll() {
        for (int i = 1; i < count; i++) {
            align(0, i);
        }
        return this;
    }

    /** These iteration dimensions are not tiled: every point sees them whole (Legate: broadcast). */
    public AutoTask broadcast(int... iterDims) {
        int[] u = Arrays.copyOf(untiled, untiled.length + iterDims.length);
        System.arraycopy(iterDims, 0, u, untiled.length, iterDims.length);
        untiled = u;
        return this;
    }

    /** Store {@code i} is read whole by every point ({@code Replicated}). */
    public AutoTask replicate(int i) {
        check(i);
        operands[i].replicated = true;
        constrained = true;
        return this;
    }

    /** Store {@code i}'s pieces are grown by {@code h} per store dimension (stencil reads; READ stores only). */
    public AutoTask halo(int i, long... h) {
        check(i);
        operands[i].halo = h.clone();
        constrained = true;
        return this;
    }

    /**
     * Declares the value of store {@code i}'s one-element accumulator that decides its reduction (numpy.any's
     * first true element; see {@link Decisive}): the runtime may then skip the other point tasks once one reached it.
     * Only a store added with {@link Role#REDUCE} takes one.
     *
     * @throws IllegalArgumentException when store {@code i} is not a REDUCE store of MIN or MAX
     */
    public AutoTask decisive(int i, Decisive d) {
        check(i);
        Operand o = operands[i];
        if (o.role != Role.REDUCE || !o.redop.hasDecisiveValues()) {
            throw new IllegalArgumentException("store " + i + " (" + o.role + ", " + o.redop
                    + ") cannot take a decisive value: only a REDUCE store of MIN or MAX can");
        }
        o.decisive = d;
        return this;
    }

    /** The operation must run as one point on every shard's replicated copies of its stores. */
    public AutoTask singlePoint() {
        single = true;
        return this;
    }

    /** Same as {@link #singlePoint()} when {@code yes}. */
    public AutoTask singlePoint(boolean yes) {
        single |= yes;
        return this;
    }

    /**
     * Partitions as if store {@code i}'s key partition were {@code key} (null: none) instead of its own —
     * for fusion, which must partition a fused launch the way the eager launches it replaces would have.
     */
    public AutoTask keyPartition(int i, Tiling key) {
        check(i);
        operands[i].key = key;
        operands[i].keyOverridden = true;
        return this;
    }

    // ------------------------------------------------------------------ arguments and result

    /**
     * The task's scalar arguments, computed from the solved iteration space (tile shape included). The launch takes
     * the function's result over without a copy: it must return an array that nobody changes afterwards (a fresh
     * encoding, as every encoder's {@code encode()} gives).
     */
    public AutoTask scalars(Function<IterSpace, byte[]> scalars) {
        this.scalars = Objects.requireNonNull(scalars, "scalars");
        return this;
    }

    /** The task's scalar arguments when they do not depend on the iteration space. */
    public AutoTask scalars(byte[] bytes) {
        byte[] b = bytes.clone();
        this.scalars = space -> b;
        return this;
    }

    /**
     * The points' results ({@code TaskContext.setResult}) are folded with {@code op} into {@code length}
     * elements of {@code type}: the future {@link #execute()} returns, the same on every shard.
     */
    public AutoTask result(ReductionOp op, FieldType type, int length) {
        this.resultOp = Objects.requireNonNull(op, "op");
        this.resultType = Objects.requireNonNull(type, "type");
        if (length < 1) {
            throw new IllegalArgumentException("result length " + length + " < 1");
        }
        this.resultLength = length;
        return this;
    }

    // ------------------------------------------------------------------ planning and issuing

    /** True when the iteration space has no point: {@link #execute()} issues nothing. */
    public boolean isEmpty() {
        return iterShape != null && Partitioner.volume(iterShape) == 0;
    }

    /** The key partition the partitioner sees for store {@code i}: the override, else the store's own. */
    public Tiling keyPartitionOf(int i) {
        check(i);
        Operand o = operands[i];
        return o.keyOverridden ? o.key : o.store.keyPartition();
    }

    /**
     * The strategy {@link #execute()} would launch with (steps 1-3 of the class comment), issuing nothing:
     * one replicated point when asked or when an access has a negative step, else the partitioner's.
     */
    public Strategy strategy() {
        if (iterShape == null) {
            throw new IllegalStateException("a task over points has no strategy");
        }
        if (fixed()) {
            List<Partition> partitions = new ArrayList<>();
            List<Projection> projections = new ArrayList<>();
            for (int i = 0; i < count; i++) {
                partitions.add(Replicated.INSTANCE);
                projections.add(Projection.constant(Point.zeros(operands[i].store.bounds().dim())));
            }
            return new Strategy(IterSpace.whole(iterShape), partitions, projections);
        }
        return memo != null ? memo.partition(operation(), machine) : Partitioner.partition(operation(), machine);
    }

    /** The {@link Operation} the partitioner solves for this task: stores, accesses, roles, keys and constraints. */
    private Operation operation() {
        Operation.Builder b = Operation.builder(iterShape);
        for (int i = 0; i < count; i++) {
            Operand o = operands[i];
            b.operand(o.store.bounds(), o.access, o.role, o.keyOverridden ? o.key : o.store.keyPartition());
        }
        for (int k = 0; k < alignedCount; k += 2) {
            b.align(aligned[k], aligned[k + 1]);
        }
        if (untiled.length > 0) {
            b.broadcast(untiled);
        }
        for (int i = 0; constrained && i < count; i++) {
            if (operands[i].replicated) {
                b.replicate(i);
            }
            if (operands[i].halo != null) {
                b.halo(i, operands[i].halo);
            }
        }
        return b.build();
    }

    /**
     * Lets {@code a} see, and possibly replace, the strategy of this task when it is executed (null: none). The
     * advisor gets a {@link LaunchRecord} of the operation and the planned strategy and returns the strategy to
     * issue; a task that must run as one point ({@link #singlePoint()}, negative steps) is shown to it but keeps its
     * strategy.
     */
    public AutoTask advisedBy(StrategyAdvisor a) {
        this.advisor = a;
        return this;
    }

    /**
     * Plans through {@code m} (null: none): the partitioner's strategy for an operation equal to one planned before
     * is the one it gave then (see {@link PartitionMemo}). The memo must belong to this program's thread.
     */
    public AutoTask memoizedBy(PartitionMemo m) {
        this.memo = m;
        return this;
    }

    /** The advisor's strategy for {@code planned} (planned itself without an advisor). */
    private Strategy advised(Strategy planned) {
        if (advisor == null) {
            return planned;
        }
        long[] ids = new long[count];
        FieldType[] types = new FieldType[count];
        for (int i = 0; i < ids.length; i++) {
            ids[i] = operands[i].store.store().id();
            types[i] = operands[i].store.store().type();
        }
        int resultBytes = resultOp == null ? 0 : resultLength * resultType.size();
        Strategy s = advisor.advise(new LaunchRecord(taskId, operation(), planned, ids, types, resultBytes));
        if (s == null || fixed()) {
            return planned;
        }
        if (s.partitions().size() != count) {
            throw new IllegalStateException("advisor " + advisor + " returned " + s.partitions().size()
                    + " partitions for task " + taskId + " with " + count + " stores");
        }
        return s;
    }

    /**
     * Plans ({@link #strategy()}) and issues the operation; returns the launch's future (its folded result when
     * {@link #result} was given), or null when the iteration space is empty and nothing was issued.
     */
    public Future execute() {
        if (iterShape == null) {
            return issue(pointDomain, IterSpace.whole(pointDomain.extents()), List.of(), List.of());
        }
        if (isEmpty()) {
            markExecuted();
            return null;
        }
        return issuePlanned(advised(strategy()));
    }

    /**
     * Issues the operation with {@code planned}, a strategy from {@link #strategy()} of this or an equivalent
     * task, possibly adjusted (one partition and projection per store); null when the iteration space is empty.
     *
     * @throws IllegalArgumentException when {@code planned} does not have one partition per store
     */
    public Future execute(Strategy planned) {
        if (iterShape == null) {
            throw new IllegalStateException("a task over points has no strategy");
        }
        if (planned.partitions().size() != count) {
            throw new IllegalArgumentException(planned.partitions().size() + " partitions for " + count + " stores");
        }
        if (isEmpty()) {
            markExecuted();
            return null;
        }
        return issuePlanned(advised(planned));
    }

    private Future issuePlanned(Strategy planned) {
        IterSpace space = planned.space();
        return issue(space.launchDomain(), space, planned.partitions(), planned.projections());
    }

    private Future issue(Rect domain, IterSpace space, List<Partition> partitions, List<Projection> projections) {
        markExecuted();
        GroupLaunch.Builder g = singleTask ? GroupLaunch.single(taskId) : GroupLaunch.builder(taskId, domain);
        for (int i = 0; i < count; i++) {
            Partition p = partitions.get(i);
            g.require(operands[i].store.store(), p, projections.get(i), privilege(i, p, domain));
        }
        g.scalarsHandedOver(scalars.apply(space));
        if (resultOp != null) {
            g.reduceResult(resultOp, resultType, resultLength);
        }
        Future f = runtime.execute(g.build());
        long written = iterShape == null ? Long.MAX_VALUE / 2 : 1;   // a single task: as before
        for (int d = 0; iterShape != null && d < iterShape.length; d++) {
            written *= iterShape[d];
        }
        for (int i = 0; i < count; i++) {
            // a write of a small part (a[-1] = v, a row) says nothing of where the rest of the store lies: it keeps
            // the key partition its bulk was written through (a tiling of one-element tiles would misplace it)
            LogicalStore store = operands[i].store;
            if (operands[i].role != Role.READ && 2 * written >= store.bounds().volume()) {
                // a key partition describes the whole store: a write's limit to its view is not part of it
                store.keyPartition(partitions.get(i) instanceof Tiling t ? t.withLimit(null) : null);
            }
        }
        return f;
    }

    private Privilege privilege(int i, Partition p, Rect domain) {
        Operand o = operands[i];
        return switch (o.role) {
            case READ -> Privilege.READ;
            // a tiled write of a view is tiled within it (Partitioner.limitedToView); one point's piece is the whole
            // store, so a single task writing a view must keep the rest (read its piece)
            case WRITE -> p instanceof Replicated && !coversStore(o.access, iterShape, o.store.bounds())
                    ? Privilege.READ_WRITE : Privilege.WRITE_DISCARD;
            case READ_WRITE -> Privilege.READ_WRITE;
            case REDUCE -> p instanceof Replicated && domain.volume() > 1 ? Privilege.reduce(o.redop, o.decisive)
                    : coversStore(o.access, iterShape, o.store.bounds()) ? Privilege.WRITE_DISCARD
                    : Privilege.READ_WRITE;
        };
    }

    /**
     * True when {@code access} from an iteration space of extents {@code iterShape} reaches every element of a
     * store of {@code bounds}: each store dimension either has extent 1 and is reached at its low bound, or
     * follows its own iteration dimension with step 1 from the low bound over exactly its extent.
     */
    public static boolean coversStore(Access access, long[] iterShape, Rect bounds) {
        long[] ext = bounds.extents();
        boolean[] used = new boolean[iterShape.length];
        for (int k = 0; k < access.storeDim(); k++) {
            int d = access.iterDim()[k];
            long lo = bounds.lo(k);
            if (d < 0) {
                if (ext[k] != 1 || access.start()[k] != lo) {
                    return false;
                }
                continue;
            }
            if (d >= iterShape.length || used[d] || access.step()[k] != 1 || access.start()[k] != lo || iterShape[d] != ext[k]) {
                return false;
            }
            used[d] = true;
        }
        return true;
    }

    /** True when the launch must be one replicated point: asked for, or an access with a negative step. */
    private boolean fixed() {
        boolean one = single;
        for (int i = 0; i < count; i++) {
            one |= !operands[i].access.hasPositiveSteps();
        }
        return one;
    }

    private void markExecuted() {
        if (executed) {
            throw new IllegalStateException("this AutoTask was executed already");
        }
        executed = true;
    }

    private void check(int i) {
        if (i < 0 || i >= count) {
            throw new IllegalArgumentException("no store " + i + "; " + count + " added");
        }
    }
}
