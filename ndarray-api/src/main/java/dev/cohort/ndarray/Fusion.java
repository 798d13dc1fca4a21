package dev.cohort.ndarray;

import dev.cohort.partitioner.Role;
import dev.cohort.runtime.launch.IterSpace;
import dev.cohort.tasks.BinaryOp;
import dev.cohort.tasks.FusedExpr;
import dev.cohort.tasks.OpCode;
import dev.cohort.tasks.Operand;
import dev.cohort.tasks.ReduceOp;
import dev.cohort.tasks.UnaryOp;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.function.Function;

import static dev.cohort.ndarray.DeferredExpr.*;

/**
 * Element-wise fusion (numexpr / Legate task fusion): an element-wise operation without {@code out=}
 * — arithmetic and unary ufuncs of every dtype (float64, float32, int64, int32, bool), comparisons,
 * logical operations and {@code where}, mixed dtypes included — returns a <em>deferred</em> array — its store is created, but instead of a launch
 * its {@link ArrayStorage} holds a {@link Pending} expression over materialised arrays (leaves), Java
 * scalars and other deferred arrays of the same shape (inlined). The expression runs as one
 * {@link OpCode#FUSED} launch that reads each distinct leaf once and writes the result once, when
 * the array is <em>materialised</em>: when anything other than a fusable element-wise operation
 * uses its store (reductions, matmul, views and slicing, copies, assignment, reading back,
 * printing, …; {@link Launches#launch} and the few direct runtime calls check), when it is used by a
 * fusable operation but cannot be inlined (below), or when a bound is reached.
 *
 * <p><b>Inlining.</b> A deferred operand is inlined into its consumer when it has the consumer's
 * shape (a broadcast one is materialised: inlining would recompute it per element) and either no
 * consumer has inlined it yet or it is one operation over leaves and scalars whose elements are no wider
 * than its own (recomputing it then reads no more bytes than reading it: a mask {@code x > 0.5} of float64
 * is 8 bytes an element to recompute and 1 to read, so it is materialised at its second use: measured, any()
 * of such a mask over 1e7 elements, 5.8 ms a call recomputed, 24 us over the materialised mask, where the
 * decisive reduction stops at the first true element). Otherwise it is materialised and read
 * as a leaf. An expression has at most {@link #MAX_NODES} operations and scalars, counting inlined
 * ones, and at most {@link #MAX_LEAVES} distinct leaves (views of one store with different
 * accesses count apart); a consumer that would exceed either materialises its inlined operands
 * first. Once materialised an array stays materialised, and consumers that inlined it read it.
 *
 * <p><b>Eager semantics.</b> A deferred array must never see a later write to one of its
 * inputs. Every write to a store (a launch that writes it, fill, close) first passes
 * {@link WriteHazards#beforeWrite}: if expressions still deferred read that store (a count per store, kept in
 * program order: +1 when a deferred expression reading it is made, -1 when it is materialised),
 * the store is copied once into a fresh snapshot store and those expressions are re-pointed to the
 * snapshot (found through weak references: the dead ones need nothing). A copy rather than
 * materialising the readers: the readers are often dead temporaries (the intermediate results of
 * {@code 4*c - n - s - w - e}) that Java cannot tell from live ones deterministically.
 *
 * <p><b>Determinism.</b> Every decision that issues a runtime call (defer, inline, materialise,
 * snapshot) is a function of the program's order only — shapes, use counts, counts of deferred
 * readers — never of garbage collection, so every shard makes the same ones. Weak references only
 * decide which expressions are re-pointed to a snapshot, which changes nothing any shard issues.
 *
 * <p><b>Bits.</b> Every operation node carries the eager launch's compute type and result dtype
 * (those {@link Elementwise#binary}, {@link Elementwise#unary} and {@link Elementwise#where} choose by NumPy's promotion), every
 * scalar the constant operand the eager launch would get; the FUSED kernel converts each node's operands
 * and computes it exactly as BINARY_OP / UNARY_OP / WHERE would over the materialised operands (float32
 * rounded after every operation, int32 wrapped, bool 0/1, NumPy's casts), so a fused result is
 * bit-identical to the eager one. {@code out=} operations and empty arrays stay eager. System property
 * {@value #PROP} = {@code false} turns fusion off.
 *
 * <p><b>Errors.</b> Integer errors are those of eager execution, seen at the same place: an integer
 * {@code power} with a negative Java scalar exponent raises at the call (NumPy 2, {@link Scalars}) before
 * either path, and a negative element of an integer exponent array fails the FUSED launch with BINARY_OP's
 * {@code IllegalArgumentException} ("Integers to negative integer powers are not allowed."); either
 * way the program sees the failure when it waits for the result, as it does eagerly. (A deferred array
 * that is never used is never computed, so its failure is never seen.)
 *
 * <p><b>Reductions.</b> A full reduction (sum, prod, max, min, any, all; so also mean) of a whole
 * deferred array of any dtype runs as one {@link OpCode#FUSED_REDUCE} launch over the expression
 * ({@link #reduce}), folding in REDUCE's order; the array stays deferred. A fused reduction is a use
 * like an inlining: a deferred array that a consumer has already used is reduced in place only when
 * it is cheap (above), else it is materialised first, so that a mask or a temporary reduced several
 * times ({@code m = (x % 3) != 0; m.sum(); m.any(); m.argmax()}) is computed once, as NumPy computes
 * it, not once per reduction (measured: 30 ms per {@code any} of 1e7 elements recomputing two int64
 * operations, against 0.3 ms over the materialised mask). {@value #REDUCE_PROP} = {@code false} turns
 * only fused reductions off.
 *
 * <p><b>Where things are.</b> This class is the deferral and inlining policy (what is deferred, inlined,
 * materialised) and the hooks the rest of the array layer calls; the expression and its postfix code are
 * {@link DeferredExpr}'s, the FUSED / FUSED_REDUCE launches and their eager-matching partitioning
 * {@link FusedLaunches}', the snapshots that keep eager semantics {@link WriteHazards}'.
 */
final class Fusion {
    private Fusion() {
    }

    /** System property: {@code false} makes every operation eager. Default {@code true}. */
    static final String PROP = "cohort.fusion";
    /** System property: {@code false} keeps reductions of deferred arrays unfused (materialise, then REDUCE). Default {@code true}. */
    static final String REDUCE_PROP = "cohort.fusion.reduce";
    /** Most operations, scalars and leaves in one expression (counting inlined expressions). */
    static final int MAX_NODES = 32;
    /** Most distinct leaves (requirements of the FUSED launch besides its output). */
    static final int MAX_LEAVES = 8;

    /** Per-context fusion state. */
    static final class State {
        /** Whether element-wise operations are deferred (tests switch it per context). */
        boolean enabled = !"false".equalsIgnoreCase(System.getProperty(PROP, "true"));
        /** Whether full reductions of deferred arrays run as FUSED_REDUCE ({@value #REDUCE_PROP}; needs {@link #enabled}). */
        boolean reductions = !"false".equalsIgnoreCase(System.getProperty(REDUCE_PROP, "true"));
        final HashMap<Long, WriteHazards.Readers> readers = new HashMap<>();
        /** The base whose own FUSED launch is being issued (its write needs no snapshot). */
        ArrayStorage materializing;
        long registrations;
        /** Counters for tests and reports. */
        long deferred;
        long launches;
        /** FUSED_REDUCE launches (also counted in {@link #launches}). */
        long fusedReductions;
        /** One-element expressions evaluated where they were read, with no launch ({@link #evaluateOnThread}). */
        long evaluatedOnThread;
        long snapshots;
        /** Stores renamed instead of snapshotted ({@link WriteHazards}). */
        long renames;
        /** Stores renamed before a box of them was overwritten, the fresh store filled as their outside was ({@link WriteHazards#beforeBoxOverwrite}). */
        long boxRenames;

        /** Stores with deferred readers (tests). */
        int readersSize() {
            return readers.size();
        }
    }

    /**
     * A deferred {@code x op y} of broadcast shape {@code shape} computing in {@code compute} into
     * {@code result} (BINARY_OP's types), or null when it must run eagerly.
     */
    static NdArray binary(Cohort ctx, BinaryOp op, DType compute, DType result, Object x, Object y, long[] shape) {
        if (!ctx.fusion.enabled || Shapes.volume(shape) == 0 || eager(ctx, shape, x, y, null)) {
            return null;
        }
        if (!usable(ctx, x) || !usable(ctx, y)) {
            return null;
        }
        if (op == BinaryOp.POWER && !compute.isFloating() && !(y instanceof NdArray) && negativeExponent(y, compute)) {
            // BINARY_OP fails before computing anything: keep that failure where eager execution has it
            return null;
        }
        Node a = operand(ctx, x, shape);
        Node b = operand(ctx, y, shape);
        return make(ctx, new Op(FusedExpr.BINARY, op.ordinal(), compute, result, a, b), shape);
    }

    private static boolean negativeExponent(Object y, DType compute) {
        long e = y instanceof Boolean bo ? (bo ? 1 : 0) : ((Number) y).longValue();
        return (compute == DType.INT32 ? (int) e : e) < 0;
    }

    /** A deferred {@code op(a)} computing in {@code compute} into {@code result} (UNARY_OP's types), or null when it must run eagerly. */
    static NdArray unary(Cohort ctx, UnaryOp op, DType compute, DType result, NdArray a) {
        if (!ctx.fusion.enabled || a.size() == 0 || !usable(ctx, a) || eager(ctx, a.shape, a, null, null)) {
            return null;
        }
        return make(ctx, new Op(FusedExpr.UNARY, op.ordinal(), compute, result, operand(ctx, a, a.shape)), a.shape);
    }

    /** A deferred {@code where(cond, x, y)} of broadcast shape {@code shape} and dtype {@code result}, or null when it must run eagerly. */
    static NdArray where(Cohort ctx, DType result, Object cond, Object x, Object y, long[] shape) {
        if (!ctx.fusion.enabled || Shapes.volume(shape) == 0 || eager(ctx, shape, cond, x, y)) {
            return null;
        }
        if (!(cond instanceof NdArray || x instanceof NdArray || y instanceof NdArray)
                || !usable(ctx, cond) || !usable(ctx, x) || !usable(ctx, y)) {
            return null;
        }
        Node c = operand(ctx, cond, shape);
        Node a = operand(ctx, x, shape);
        Node b = operand(ctx, y, shape);
        return make(ctx, new Op(FusedExpr.WHERE, 0, result, result, c, a, b), shape);
    }

    /**
     * True when the operation runs eagerly instead ({@link Eager}): its result (of {@code shape}) is small enough and
     * every array operand is an eager storage, so deferring it would only demote them.
     */
    private static boolean eager(Cohort ctx, long[] shape, Object x, Object y, Object z) {
        return Shapes.volume(shape) <= ctx.eagerMaxVolume() && eagerOperand(x) && eagerOperand(y) && eagerOperand(z);
    }

    private static boolean eagerOperand(Object x) {
        return !(x instanceof NdArray a) || a.base.isEager();
    }

    private static boolean usable(Cohort ctx, Object x) {
        if (x instanceof NdArray a) {
            // another context or a deleted store: the eager path reports the error; a view with a
            // negative step runs as one replicated point, which would hold the whole chain to one point
            return a.ctx == ctx && a.base.isLive() && a.view.hasPositiveSteps();
        }
        return x instanceof Double || x instanceof Float || x instanceof Long || x instanceof Integer
                || x instanceof Boolean;
    }

    private static Node operand(Cohort ctx, Object x, long[] shape) {
        if (x instanceof NdArray a) {
            Pending p = a.base.pending;
            if (p != null && !p.closed && isWhole(a, p) && Arrays.equals(a.shape, shape) && (p.uses == 0 || cheap(p))) {
                return new Ref(a);
            }
            materialize(a.base);
            return new Leaf(a);
        }
        // the constant operand Launches.input makes for the eager launch
        if (x instanceof Boolean bo) {
            return new Const(Operand.Const.of(bo));
        }
        if (x instanceof Long || x instanceof Integer) {
            return new Const(Operand.Const.of(((Number) x).longValue()));
        }
        return new Const(Operand.Const.of(((Number) x).doubleValue()));
    }

    /** True when {@code a} is the whole deferred array (not a view of it). */
    static boolean isWhole(NdArray a, Pending p) {
        return a.view.equals(p.view) && Arrays.equals(a.shape, p.shape);
    }

    /**
     * One operation over leaves, scalars and materialised arrays whose elements are no wider than its result's:
     * recomputing it costs no extra traffic.
     */
    static boolean cheap(Pending p) {
        if (p.root instanceof Op o) {
            for (Node k : o.kids) {
                if (!flat(k, o.type.itemsize())) {
                    return false;
                }
            }
            return true;
        }
        return false;
    }

    private static boolean flat(Node n, int itemsize) {
        if (n instanceof Const) {
            return true;
        }
        NdArray a = n instanceof Leaf l ? l.arr : n instanceof Ref r && r.arr.base.pending == null ? r.arr : null;
        return a != null && a.dtype().itemsize() <= itemsize;
    }

    private static NdArray make(Cohort ctx, Node root, long[] shape) {
        List<NdArray> leaves = new ArrayList<>();
        int nodes = count(root, leaves);
        if (nodes > MAX_NODES || leaves.size() > MAX_LEAVES) {
            // materialise the inlined operands: the expression then has at most two leaves
            root = flatten(root);
            leaves.clear();
            nodes = count(root, leaves);
        }
        useRefs(root);
        NdArray out = Creation.empty(ctx, ((Op) root).type, shape);
        out.base.store(); // a deferred array is never eager
        List<Long> reads = new ArrayList<>();
        collectReads(root, reads);
        long[] r = new long[reads.size()];
        for (int i = 0; i < r.length; i++) {
            r[i] = reads.get(i);
        }
        Pending p = new Pending(ctx, out.base, root, out.shape, out.view, nodes, leaves, r);
        out.base.pending = p;
        WriteHazards.register(ctx.fusion, p, ctx);
        ctx.fusion.deferred++;
        return out;
    }

    /** Nodes of the tree (inlining deferred Refs); adds distinct leaves to {@code leaves}. */
    private static int count(Node n, List<NdArray> leaves) {
        if (n instanceof Leaf l) {
            addLeaf(leaves, l.arr);
            return 1;
        }
        if (n instanceof Const) {
            return 1;
        }
        if (n instanceof Ref r) {
            Pending p = r.arr.base.pending;
            if (p == null) {
                addLeaf(leaves, r.arr);
                return 1;
            }
            for (NdArray l : p.leaves) {
                addLeaf(leaves, l);
            }
            return p.nodes;
        }
        int c = 1;
        for (Node k : ((Op) n).kids) {
            c += count(k, leaves);
        }
        return c;
    }

    static void addLeaf(List<NdArray> leaves, NdArray a) {
        if (indexOf(leaves, a) < 0) {
            leaves.add(a);
        }
    }

    /** The top-level operands of {@code root} with every Ref materialised into a Leaf. */
    private static Node flatten(Node root) {
        Op o = (Op) root;
        Node[] kids = new Node[o.kids.length];
        for (int i = 0; i < kids.length; i++) {
            kids[i] = leafOf(o.kids[i]);
        }
        return new Op(o.kind, o.op, o.compute, o.type, kids);
    }

    private static Node leafOf(Node n) {
        if (n instanceof Ref r) {
            materialize(r.arr.base);
            return new Leaf(r.arr);
        }
        return n;
    }

    private static void useRefs(Node n) {
        if (n instanceof Ref r && r.arr.base.pending != null) {
            r.arr.base.pending.uses++;
        } else if (n instanceof Op o) {
            for (Node k : o.kids) {
                useRefs(k);
            }
        }
    }

    /** Store ids this expression reads directly or through an inlined array, each once. */
    private static void collectReads(Node n, List<Long> reads) {
        long id = -1;
        if (n instanceof Leaf l) {
            id = l.arr.base.store().id();
        } else if (n instanceof Ref r) {
            id = r.arr.base.store().id();
        } else if (n instanceof Op o) {
            for (Node k : o.kids) {
                collectReads(k, reads);
            }
        }
        if (id >= 0 && !reads.contains(id)) {
            reads.add(id);
        }
    }

    /** Most leaves of a one-element expression {@link #evaluateOnThread} evaluates where it is read. */
    static final int THREAD_LEAVES = 8;

    /**
     * The value of {@code a} when it is a whole deferred expression of one element ({@code argmax}'s
     * {@code keys & MASK}, {@code mean}'s {@code sum / n}, {@code norm}'s {@code sqrt(sum)}, {@code s * 2}): its leaves,
     * each of one element, read where they lie, and the FUSED body run once on this thread over them and a new
     * one-element instance, which is returned; null otherwise. No launch: the read of a value computed from a
     * reduction costs the reduction's launch alone. The same body on the same values over the same one point as the
     * launch it replaces, so the same bits; every shard reads the same leaves in the same order (its reads are the
     * runtime's checkpoints) and evaluates on its own copy. {@code a} stays deferred: an operation that uses it later
     * inlines or materialises it as before.
     */
    static dev.cohort.runtime.instance.Instance evaluateOnThread(NdArray a) {
        Pending p = a.base.pending;
        if (p == null || p.closed || !isWhole(a, p) || Shapes.volume(p.shape) != 1) {
            return null;
        }
        Code code = code(p);
        List<NdArray> leaves = code.leaves();
        if (leaves.size() > THREAD_LEAVES) {
            return null;
        }
        for (NdArray l : leaves) {
            if (l.size() != 1 || l.base.pending != null || !l.base.isLive()) {
                return null;
            }
        }
        Cohort ctx = p.ctx;
        dev.cohort.runtime.instance.Instance[] instances = new dev.cohort.runtime.instance.Instance[leaves.size() + 1];
        Operand[] ops = new Operand[leaves.size()];
        for (int i = 0; i < ops.length; i++) {
            NdArray l = leaves.get(i);
            instances[i + 1] = l.base.isEager() ? l.base.eagerInstance()
                    : ctx.runtime().read(l.base.store(), JavaArrays.boundingBox(l));
            ops[i] = new Operand.StoreOperand(i + 1, l.dtype().fieldType(), Launches.iterAccess(l, p.shape));
        }
        NdArray out = new NdArray(ctx, a.base, p.shape, p.view);
        instances[0] = dev.cohort.runtime.instance.Instance.allocate(out.dtype().fieldType(), JavaArrays.boundingBox(out));
        Operand.StoreOperand o = new Operand.StoreOperand(0, out.dtype().fieldType(), Launches.iterAccess(out, p.shape));
        IterSpace space = IterSpace.whole(p.shape);
        Eager.runBody(ctx, OpCode.FUSED.taskId(), space, instances, new FusedExpr(space, code.code(), code.consts(), ops, o).encode());
        ctx.fusion.evaluatedOnThread++;
        return instances[0];
    }

    /** Issues the FUSED launch of {@code b}'s deferred expression, if any; b then holds its value. */
    static void materialize(ArrayStorage b) {
        Pending p = b.pending;
        if (p == null) {
            return;
        }
        b.pending = null;
        Cohort ctx = p.ctx;
        State st = ctx.fusion;
        FusedLaunches.FusedLaunch f = FusedLaunches.plan(ctx, b, p);
        List<Launches.Slot> slots = f.slots();
        ArrayStorage previous = st.materializing;
        st.materializing = b;
        try {
            Function<IterSpace, byte[]> args = space ->
                    new FusedExpr(space, f.code(), f.consts(), f.ops(), Launches.operand(slots, 0)).encode();
            if (f.strategy() != null) {
                Launches.launch(OpCode.FUSED.taskId(), p.shape, slots, null, f.strategy(), args);
            } else {
                Launches.launch(OpCode.FUSED.taskId(), p.shape, slots, new int[0], null, f.single(), args, f.keys());
            }
        } finally {
            st.materializing = previous;
        }
        st.launches++;
        WriteHazards.unregister(st, p);
    }

    /** Before a launch: materialise the deferred arrays it touches, then protect deferred readers of what it writes. */
    static void beforeLaunch(List<Launches.Slot> slots) {
        for (Launches.Slot s : slots) {
            materialize(s.array().base);
        }
        for (Launches.Slot s : slots) {
            if (s.role() != Role.READ) {
                WriteHazards.beforeWrite(s.array().ctx, s.array().base, overwritesAll(slots, s));
            }
        }
    }

    /** Whether slot {@code s} overwrites its whole store without reading it, and no other slot of the launch reaches that store. */
    private static boolean overwritesAll(List<Launches.Slot> slots, Launches.Slot s) {
        if (s.role() != Role.WRITE || !s.array().coversBase()) {
            return false;
        }
        for (Launches.Slot o : slots) {
            if (o != s && o.array().base == s.array().base) {
                return false;
            }
        }
        return true;
    }

    /** {@link NdArray#close()}: a deferred array stays inlinable by its consumers; others protect their readers first. */
    static void beforeClose(NdArray a) {
        ArrayStorage b = a.base;
        if (b.pending != null) {
            b.pending.closed = true;
            return;
        }
        if (!b.isEager() && b.isLive()) {
            WriteHazards.beforeWrite(a.ctx, b);
        }
    }

    /**
     * The full reduction {@code op(a)} of a deferred array of any dtype, computing in {@code compute}
     * (REDUCE's compute type), as one {@link OpCode#FUSED_REDUCE} launch into {@code outSlot} (REDUCE's
     * out slot, made and filled with the identity as for the eager reduction), which evaluates the
     * expression per tile and folds it without writing it; {@code a} stays deferred. Returns false
     * (nothing issued) when the launch would not give the bits of REDUCE over the materialised array:
     * it must have REDUCE's iteration space and out partition — REDUCE keyed by the partition the
     * FUSED launch would write {@code a} through — and that partition must make each point's piece of
     * {@code a} exactly its tile (so REDUCE sums the tile as one row-major row, as FUSED_REDUCE does).
     */
    static boolean reduce(ReduceOp op, DType compute, Launches.Slot outSlot, NdArray a) {
        Cohort ctx = a.ctx;
        Pending p = a.base.pending;
        if (!ctx.fusion.enabled || !ctx.fusion.reductions || p == null || p.closed || !isWhole(a, p) || a.ndim() == 0 || a.size() == 0
                || p.uses > 0 && !cheap(p)) {
            return false;
        }
        if (!FusedLaunches.reduce(op, compute, outSlot, a, p)) {
            return false;
        }
        p.uses++;
        return true;
    }
}
