package dev.cohort.ndarray;

import dev.cohort.partitioner.Role;
import dev.cohort.runtime.geometry.Point;
import dev.cohort.runtime.geometry.Rect;
import dev.cohort.runtime.instance.Instance;
import dev.cohort.runtime.launch.Access;
import dev.cohort.runtime.launch.IterSpace;
import dev.cohort.runtime.launch.ProcessorKind;
import dev.cohort.runtime.launch.ReductionOp;
import dev.cohort.runtime.launch.TaskBody;
import dev.cohort.runtime.launch.TaskContext;
import dev.cohort.tasks.BinaryOp;
import dev.cohort.tasks.EagerKernels;
import dev.cohort.tasks.OpCode;
import dev.cohort.tasks.UnaryOp;
import dev.cohort.tasks.ViewTasks;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;
import java.util.function.Function;

/**
 * Eager execution of small arrays (cuPyNumeric's eager arrays, {@code is_eager_shape}): an operation whose every
 * array is a storage of at most {@link Cohort#eagerMaxVolume()} elements that has no store yet
 * ({@link ArrayStorage#isEager()}) runs at once on the program thread — the task's own CPU body, the one a point
 * task would run, called with a {@link TaskContext} over the storages' host instances — instead of a launch:
 * no analysis, no partitioning, no point task, no wait for a worker. Every shard runs it on its own copy, as
 * every shard runs the replicated program; no shard talks to another.
 *
 * <p><b>Bits.</b> The partitioner splits an iteration space of {@code V} points into at most
 * {@code V / minTileVolume} tiles ({@link dev.cohort.partitioner.MachineView#minTileVolume()}; Partitioner,
 * "Default"), and an eager array has no key partition (it never had a store), so a launch over fewer than
 * {@code 2 * minTileVolume} points whose arrays are all eager is one point over the whole iteration space
 * ({@link IterSpace#whole}) whose pieces are the whole stores; the eager run gives the body that same point, domain,
 * pieces and scalars, and a REDUCE requirement the same identity-initialised accumulator, folded into the output
 * afterwards with the same {@link ReductionOp#fold} ({@code FineStage}'s replicated reduction). So the results are the
 * bits the launch gives: {@link Cohort#eagerMaxVolume()} is kept below {@code 2 * minTileVolume}, and an operation
 * whose iteration space is larger than its arrays (a matrix product's {@code m x n x k}) launches.
 *
 * <p><b>Which tasks.</b> Only tasks whose bodies read nothing but their instances and scalars and set no
 * result: the element-wise family, copies and conversions, fill, arange, random draws, LOAD, reductions and
 * arg-reductions, matrix-vector and matrix products ({@link #runsEagerly}). Any other operation (and any
 * launch with a larger array) first demotes its small storages to stores ({@link ArrayStorage#store()}) and
 * launches as before.
 *
 * <p><b>The dense fast path.</b> An element-wise operation ({@link #unary}, {@link #binary}) whose operands are eager
 * arrays covering their storages in row-major order with the result's shape (no broadcasting), or scalars, skips even
 * that: it calls the task's own dense row ({@link EagerKernels}) on the instances, with no encoded arguments, task
 * context, tile or plan; where the task would take its strided path (operands that need converting) it launches as
 * above. Same code, same bits ({@code EagerDenseTest}). A copy or conversion into such an array from an eager array
 * through any view ({@link #copy}: {@code copy()}, {@code astype}, a slice's copy) calls COPY's own loop on the view's
 * strides the same way ({@code EagerCopyTest}).
 *
 * <p><b>Failures of the job.</b> Every eager operation first checks the runtime's and the communicator's failure
 * ({@link dev.cohort.runtime.Runtime#checkHealth}): a program that runs only small operations issues no launch and
 * waits for no peer, and must still stop, naming the dead shard, when another shard of its job dies.
 *
 * <p><b>Errors.</b> A failing body (an integer raised to a negative power, say) throws at the call, with the
 * body's message; the output array is not returned, and the runtime and the session are untouched.
 */
final class Eager {
    private Eager() {
    }

    /** System property: the most elements an eager array holds; 0 turns eager execution off. */
    static final String MAX_VOLUME_PROP = "cohort.eager.max.volume";
    /**
     * Default of {@link #MAX_VOLUME_PROP}: every array whose launch would be one point task (fewer than twice the
     * default minimum tile volume), as cuPyNumeric runs arrays eagerly below Legate's minimum chunk. A one-point launch
     * runs on one core either way (the small-operation fast path runs it on the program thread), but pays the
     * analysis, the plan and the instance bookkeeping first: on the op-mix suite at 1e5 elements (one run each, 195
     * cases, results' storage reused through {@link EagerPool}) the median case went from 2.56 to 1.31 x NumPy's time
     * against 65 535: {@code logical_or} of bool 15.3 -> 3.3 µs, {@code add} of float64 56 -> 26 µs. Earlier, against
     * 1 << 14 (Legate's minimum CPU chunk):
     * {@code bin/cohort logreg} (569 x 30 = 17 070 elements) 1.94 -> 1.02 ms an iteration with the same loss bits;
     * {@code sum} of 50 000 float64 57 -> 14 µs a call; {@code add} of 50 000 122 -> 110 µs.
     */
    static final long DEFAULT_MAX_VOLUME = 2 * dev.cohort.partitioner.MachineView.DEFAULT_MIN_TILE_VOLUME - 1;

    /** The task ids {@link Eager} runs (see the class comment). */
    private static final int[] EAGER_TASKS = {OpCode.BINARY_OP.taskId(), OpCode.UNARY_OP.taskId(), OpCode.REDUCE.taskId(),
            OpCode.ARG_REDUCE.taskId(), OpCode.MATVEC.taskId(), OpCode.GEMM.taskId(), OpCode.FILL.taskId(),
            OpCode.ARANGE.taskId(), OpCode.RAND.taskId(), OpCode.COPY.taskId(), OpCode.CONVERT.taskId(),
            OpCode.WHERE.taskId(), ViewTasks.LOAD, ViewTasks.GATHER};

    /** True for the tasks {@link Eager} runs (see the class comment). */
    static boolean runsEagerly(int taskId) {
        for (int t : EAGER_TASKS) {
            if (t == taskId) {
                return true;
            }
        }
        return false;
    }

    /** True when the launch of {@code taskId} over {@code slots} runs eagerly: a task it runs, every storage eager. */
    static boolean eligible(int taskId, List<Launches.Slot> slots) {
        if (!runsEagerly(taskId)) {
            return false;
        }
        for (Launches.Slot s : slots) {
            if (!s.array().base.isEager()) {
                return false;
            }
        }
        return true;
    }

    /**
     * Runs {@code taskId}'s CPU body once over the whole iteration space {@code iterShape}, as the single point of
     * the launch it replaces ({@link #eligible} must hold; the array layer's {@link Launches#prepare} ran).
     */
    static void run(Cohort ctx, int taskId, long[] iterShape, List<Launches.Slot> slots, ReductionOp redop,
                    Function<IterSpace, byte[]> args) {
        dev.cohort.runtime.Runtime rt = ctx.runtime();
        // a program running eagerly talks to no peer: it learns of a dead one (or any failure of the job) here
        rt.checkHealth();
        TaskBody body = rt.registry().variant(taskId, ProcessorKind.CPU);
        if (body == null) {
            throw new IllegalStateException("no CPU variant of task " + taskId);
        }
        IterSpace space = IterSpace.whole(iterShape);
        byte[] scalars = args.apply(space);
        int n = slots.size();
        Instance[] instances = new Instance[n];
        Rect[] pieces = new Rect[n];
        for (int i = 0; i < n; i++) {
            Launches.Slot s = slots.get(i);
            Instance data = s.array().base.eagerInstance();
            pieces[i] = data.rect();
            if (s.role() == Role.REDUCE) {
                Instance acc = Instance.allocate(data.type(), data.rect());
                acc.fill(acc.rect(), redop.identityBits(acc.type()));
                instances[i] = acc;
            } else {
                instances[i] = data;
            }
        }
        Rect domain = space.launchDomain();
        body.run(new Context(domain.lo(), domain, rt.shard(), instances, pieces, scalars));
        for (int i = 0; i < n; i++) {
            Launches.Slot s = slots.get(i);
            if (s.role() == Role.READ) {
                continue;
            }
            if (s.role() == Role.REDUCE) {
                redop.fold(s.array().base.eagerInstance(), instances[i]);
            }
            s.array().base.eagerWritten();
        }
        ctx.eagerOperations++;
    }

    /**
     * Runs {@code taskId}'s CPU body once on this thread over {@code instances} (each its own piece), as the single
     * point of a launch over {@code space}: what {@link #run} does for eager storages, for instances the caller made
     * (a deferred one-element expression evaluated where its value is read, {@code Fusion#evaluateOnThread}).
     */
    static void runBody(Cohort ctx, int taskId, IterSpace space, Instance[] instances, byte[] scalars) {
        dev.cohort.runtime.Runtime rt = ctx.runtime();
        rt.checkHealth();
        TaskBody body = rt.registry().variant(taskId, ProcessorKind.CPU);
        if (body == null) {
            throw new IllegalStateException("no CPU variant of task " + taskId);
        }
        Rect[] pieces = new Rect[instances.length];
        for (int i = 0; i < pieces.length; i++) {
            pieces[i] = instances[i].rect();
        }
        Rect domain = space.launchDomain();
        body.run(new Context(domain.lo(), domain, rt.shard(), instances, pieces, scalars));
    }

    /**
     * The element-wise fast path: {@code out = op(a)} when {@code a} and the new {@code out} are eager arrays that
     * cover their storages in row-major order, through the task's own dense row ({@link EagerKernels}) without
     * encoding arguments, a task context or a tile. Measured on 1 000 elements and a read-back of one, one shard,
     * against the launch-shaped eager run: {@code negative} float64 2.3 -> 1.5 us, {@code add} float64 2.7 -> 1.7,
     * {@code multiply} float32 2.1 -> 1.1, {@code add} int64 2.8 -> 1.7 (of what is left, about 0.7 us is the new
     * output array's first touch). False (nothing done) where the task would take its strided path.
     *
     * <p>{@code out} is the operation's new array, covering its storage: the dense row, or else the task's strided path
     * that the caller runs with out as its whole WRITE operand ({@code Elementwise}), writes every element, so its
     * storage is taken without clearing ({@link ArrayStorage#eagerOutput}), before the operands' instances.
     */
    static boolean unary(Cohort ctx, UnaryOp op, DType compute, NdArray a, NdArray out) {
        ctx.runtime().checkHealth();
        Instance o = out.base.eagerOutput();
        if (!EagerKernels.unary(op, compute.fieldType(), a.base.eagerInstance(), o)) {
            return false;
        }
        denseWritten(ctx, out);
        return true;
    }

    /**
     * {@link #unary}'s binary twin: {@code out = op(x, y)}, each operand an eager array covering its storage in
     * row-major order with out's shape, or a scalar.
     */
    static boolean binary(Cohort ctx, BinaryOp op, DType compute, Object x, Object y, NdArray out) {
        ctx.runtime().checkHealth();
        NdArray a = x instanceof NdArray n ? n : null;
        NdArray b = y instanceof NdArray n ? n : null;
        Instance o = out.base.eagerOutput();
        if (!EagerKernels.binary(op, compute.fieldType(), a == null ? null : a.base.eagerInstance(),
                a == null ? Launches.constant(x) : null, b == null ? null : b.base.eagerInstance(),
                b == null ? Launches.constant(y) : null, o)) {
            return false;
        }
        denseWritten(ctx, out);
        return true;
    }

    /**
     * {@link #unary}'s twin for a full reduction: {@code out} (eager, one element, holding the reduction's
     * identity) folded with {@code op} of every element of {@code a} (eager, covering its storage in row-major
     * order, at least one element) through the REDUCE body's own row ({@link EagerKernels#reduceAll}) into an
     * accumulator, then {@code redop}'s fold, as {@link #run} does.
     */
    static void reduce(Cohort ctx, dev.cohort.tasks.ReduceOp op, DType compute, ReductionOp redop, NdArray a, NdArray out) {
        ctx.runtime().checkHealth();
        Instance target = out.base.eagerInstance();
        Instance acc = Instance.allocate(target.type(), target.rect());
        EagerKernels.reduceAll(op, compute.fieldType(), a.base.eagerInstance(), acc);
        redop.fold(target, acc);
        denseWritten(ctx, out);
    }

    /**
     * The arg-reduction of all of {@code a} (eager, covering its storage in row-major order) into {@code out} (eager,
     * int64, 0-d), given {@code ref}, its maximum (argmax) or minimum (argmin): the first index holding that value,
     * through ARG_REDUCE's dense row ({@link EagerKernels#indexOf}), as the two-pass launch finds it.
     */
    static void argIndex(Cohort ctx, NdArray a, NdArray ref, NdArray out) {
        ctx.runtime().checkHealth();
        long k = EagerKernels.indexOf(a.base.eagerInstance(), ref.base.eagerInstance());
        if (k < 0) {
            throw new IllegalStateException("the reference value of the arg-reduction is not in the array");
        }
        out.base.eagerInstance().setBits(0, k);
        denseWritten(ctx, out);
    }

    /**
     * The copy fast path: {@code dst[...] = src} (NumPy {@code copy}, {@code astype}, a slice's {@code copy()}) when
     * {@code dst} is an eager array covering its storage in row-major order and {@code src} an eager array of the same
     * shape through any view (steps, offsets, reversed or fixed dimensions): COPY/CONVERT's own loop straight from
     * src's elements ({@link EagerKernels#gather}), without the task's encoded arguments, context, tile or plan.
     * Measured ({@code x[::2].copy()} of 1 000 float64, read back, one shard): 1.6 -> 0.6 us a call. False (nothing
     * done) where it does not apply.
     */
    static boolean copy(Cohort ctx, NdArray src, NdArray dst) {
        if (src.ctx != ctx || dst.ctx != ctx || !src.base.isEager() || !dst.base.isEager() || !dst.coversBase()
                || !java.util.Arrays.equals(src.shape, dst.shape) || src.size() == 0 || src.base == dst.base) {
            return false;
        }
        ctx.runtime().checkHealth();
        long[] extents = src.base.extents;
        long[] istride = new long[extents.length];
        long s = 1;
        for (int d = extents.length - 1; d >= 0; d--) {
            istride[d] = s;
            s *= extents[d];
        }
        Access v = src.view;
        long offset = 0;
        long[] lstride = new long[src.ndim()];
        for (int d = 0; d < istride.length; d++) {
            offset += v.start()[d] * istride[d];
            if (v.iterDim()[d] >= 0) {
                lstride[v.iterDim()[d]] += v.step()[d] * istride[d];
            }
        }
        // dst covers its storage: the gather writes every element. Its instance first: taking it may give back the
        // storage of unreachable arrays (EagerPool), never src's while src is read
        Instance out = dst.base.eagerOutput();
        EagerKernels.gather(src.base.eagerInstance(), offset, lstride, src.shape, out);
        denseWritten(ctx, dst);
        return true;
    }

    /** After a dense fast path wrote {@code out}: its storage is no longer uniform, and the operation is counted. */
    private static void denseWritten(Cohort ctx, NdArray out) {
        out.base.eagerWritten();
        ctx.eagerOperations++;
        ctx.eagerDenseOperations++;
    }

    /**
     * True when {@code x} is a scalar or an eager array of {@code ctx} and {@code shape} covering its storage in
     * row-major order (an eager storage is never deferred: a deferred expression demotes it to a store).
     */
    static boolean dense(Cohort ctx, Object x, long[] shape) {
        return !(x instanceof NdArray a)
                || (a.ctx == ctx && a.base.isEager() && java.util.Arrays.equals(a.shape, shape) && a.coversBase());
    }

    /** The {@link TaskContext} of an eager run: the single point of the launch it replaces. */
    private record Context(Point point, Rect domain, int shard, Instance[] instances, Rect[] pieces, byte[] bytes)
            implements TaskContext {
        @Override
        public Instance instance(int index) {
            return instances[index];
        }

        @Override
        public Rect piece(int index) {
            return pieces[index];
        }

        @Override
        public ByteBuffer scalars() {
            return ByteBuffer.wrap(bytes).asReadOnlyBuffer().order(ByteOrder.LITTLE_ENDIAN);
        }

        @Override
        public Instance future(int index) {
            throw new IllegalStateException("an eager task has no input futures (asked for " + index + ")");
        }

        // the launches Eager replaces declare no result reduction: as PointContext, setting one is an error
        @Override
        public void setResult(Instance value) {
            throw noResult();
        }

        @Override
        public void setResult(double value) {
            throw noResult();
        }

        @Override
        public void setResult(long value) {
            throw noResult();
        }

        private static IllegalStateException noResult() {
            return new IllegalStateException("the launch declares no result reduction");
        }
    }
}
