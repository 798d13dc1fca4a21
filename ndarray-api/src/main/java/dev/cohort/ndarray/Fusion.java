package dev.cohort.ndarray;

import dev.cohort.partitioner.Role;
import dev.cohort.partitioner.Strategy;
import dev.cohort.runtime.launch.ReductionOp;
import dev.cohort.runtime.partition.Partition;
import dev.cohort.runtime.partition.Projection;
import dev.cohort.runtime.partition.Tiling;
import dev.cohort.runtime.launch.Access;
import dev.cohort.runtime.region.FieldType;
import dev.cohort.tasks.BinaryOp;
import dev.cohort.tasks.FusedExpr;
import dev.cohort.tasks.FusedReduce;
import dev.cohort.tasks.OpCode;
import dev.cohort.tasks.Operand;
import dev.cohort.tasks.ReduceOp;
import dev.cohort.tasks.UnaryOp;

import java.lang.ref.WeakReference;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * Element-wise fusion (numexpr / Legate task fusion): an element-wise operation without {@code out=}
 * — arithmetic and unary ufuncs of every dtype (float64, float32, int64, int32, bool), comparisons,
 * logical operations and {@code where}, mixed dtypes included — returns a <em>deferred</em> array — its store is created, but instead of a launch
 * its {@link Base} holds a {@link Pending} expression over materialised arrays (leaves), Java
 * scalars and other deferred arrays of the same shape (inlined). The expression runs as one
 * {@link OpCode#FUSED} launch that reads each distinct leaf once and writes the result once, when
 * the array is <em>materialised</em>: when anything other than a fusable element-wise operation
 * uses its store (reductions, matmul, views and slicing, copies, assignment, reading back,
 * printing, …; {@link Ops#launch} and the few direct runtime calls check), when it is used by a
 * fusable operation but cannot be inlined (below), or when a bound is reached.
 *
 * <p><b>Inlining.</b> A deferred operand is inlined into its consumer when it has the consumer's
 * shape (a broadcast one is materialised: inlining would recompute it per element) and either no
 * consumer has inlined it yet or it is one operation over leaves and scalars (recomputing it costs
 * no extra reads when the consumer reads the same leaves). Otherwise it is materialised and read
 * as a leaf. An expression has at most {@link #MAX_NODES} operations and scalars, counting inlined
 * ones, and at most {@link #MAX_LEAVES} distinct leaves (views of one store with different
 * accesses count apart); a consumer that would exceed either materialises its inlined operands
 * first. Once materialised an array stays materialised, and consumers that inlined it read it.
 *
 * <p><b>Eager semantics.</b> A deferred array must never see a later write to one of its
 * inputs. Every write to a store (a launch that writes it, fill, close) first passes
 * {@link #beforeWrite}: if expressions still deferred read that store (a count per store, kept in
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
 * (those {@link Ops#binary}, {@link Ops#unary} and {@link Ops#where} choose by NumPy's promotion), every
 * scalar the constant operand the eager launch would get; the FUSED kernel converts each node's operands
 * and computes it exactly as BINARY_OP / UNARY_OP / WHERE would over the materialised operands (float32
 * rounded after every operation, int32 wrapped, bool 0/1, NumPy's casts), so a fused result is
 * bit-identical to the eager one. {@code out=} operations and empty arrays stay eager. System property
 * {@value #PROP} = {@code false} turns fusion off.
 *
 * <p><b>Errors.</b> Integer errors are those of eager execution, seen at the same place: an integer
 * {@code power} with a negative Java scalar exponent stays eager (its BINARY_OP launch fails), and a
 * negative element of an integer exponent array fails the FUSED launch with BINARY_OP's
 * {@code IllegalArgumentException} ("Integers to negative integer powers are not allowed."); either
 * way the program sees the failure when it waits for the result, as it does eagerly. (A deferred array
 * that is never used is never computed, so its failure is never seen.)
 *
 * <p><b>Reductions.</b> A full reduction (sum, prod, max, min, any, all; so also mean) of a whole
 * deferred array of any dtype runs as one {@link OpCode#FUSED_REDUCE} launch over the expression
 * ({@link #reduce}), folding in REDUCE's order; the array stays deferred. {@value #REDUCE_PROP} =
 * {@code false} turns only that off.
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

    // ------------------------------------------------------------------ expression nodes

    abstract static sealed class Node permits Leaf, Const, Ref, Op {
    }

    /** A materialised array (re-pointed to a snapshot by {@link #beforeWrite}). */
    static final class Leaf extends Node {
        NdArray arr;

        Leaf(NdArray arr) {
            this.arr = arr;
        }
    }

    /** A Java scalar, as the eager launch passes it (BINARY_OP's constant operand). */
    static final class Const extends Node {
        final Operand.Const k;

        Const(Operand.Const k) {
            this.k = k;
        }
    }

    /** A deferred array of the consumer's shape: inlined while it is deferred, a leaf once materialised. */
    static final class Ref extends Node {
        final NdArray arr;

        Ref(NdArray arr) {
            this.arr = arr;
        }
    }

    /**
     * An operation ({@link FusedExpr#UNARY}, {@link FusedExpr#BINARY} or {@link FusedExpr#WHERE} over
     * {@code kids}) with the eager launch's compute type and result dtype.
     */
    static final class Op extends Node {
        final int kind;
        final int op;
        final DType compute;
        final DType type;
        final Node[] kids;

        Op(int kind, int op, DType compute, DType type, Node... kids) {
            this.kind = kind;
            this.op = op;
            this.compute = compute;
            this.type = type;
            this.kids = kids;
        }
    }

    /** The deferred value of a {@link Base}. */
    static final class Pending {
        final Cohort ctx;
        final Base owner;
        Node root;
        final long[] shape;
        final Access view;
        /** Operations, scalars and leaves, counting inlined expressions (an upper bound once some are materialised). */
        final int nodes;
        /** Distinct leaves, counting inlined expressions' (an upper bound likewise). */
        final List<NdArray> leaves;
        /** Store ids counted in the readers' table: own leaves' stores and inlined arrays' stores; -1 once re-pointed. */
        final long[] reads;
        /** Consumers that inlined this expression. */
        int uses;
        /** The store was closed while deferred: consumers that inlined it keep inlining it. */
        boolean closed;

        Pending(Cohort ctx, Base owner, Node root, long[] shape, Access view, int nodes, List<NdArray> leaves, long[] reads) {
            this.ctx = ctx;
            this.owner = owner;
            this.root = root;
            this.shape = shape;
            this.view = view;
            this.nodes = nodes;
            this.leaves = leaves;
            this.reads = reads;
        }
    }

    /** Deferred expressions reading one store. */
    private static final class Readers {
        /** Deferred (not yet materialised) expressions reading the store, in program order: deterministic. */
        int count;
        /** The same expressions, weakly (only to re-point them to a snapshot). */
        final ArrayList<WeakReference<Pending>> refs = new ArrayList<>();
        int pruneAt = 16;
    }

    /** Per-context fusion state. */
    static final class State {
        /** Whether element-wise operations are deferred (tests switch it per context). */
        boolean enabled = !"false".equalsIgnoreCase(System.getProperty(PROP, "true"));
        /** Whether full reductions of deferred arrays run as FUSED_REDUCE ({@value #REDUCE_PROP}; needs {@link #enabled}). */
        boolean reductions = !"false".equalsIgnoreCase(System.getProperty(REDUCE_PROP, "true"));
        private final HashMap<Long, Readers> readers = new HashMap<>();
        /** The base whose own FUSED launch is being issued (its write needs no snapshot). */
        private Base materializing;
        private long registrations;
        /** Counters for tests and reports. */
        long deferred;
        long launches;
        /** FUSED_REDUCE launches (also counted in {@link #launches}). */
        long fusedReductions;
        long snapshots;

        /** Stores with deferred readers (tests). */
        int readersSize() {
            return readers.size();
        }
    }

    // ------------------------------------------------------------------ building

    /**
     * A deferred {@code x op y} of broadcast shape {@code shape} computing in {@code compute} into
     * {@code result} (BINARY_OP's types), or null when it must run eagerly.
     */
    static NdArray binary(Cohort ctx, BinaryOp op, DType compute, DType result, Object x, Object y, long[] shape) {
        if (!ctx.fusion.enabled || Shapes.volume(shape) == 0) {
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
        if (!ctx.fusion.enabled || a.size() == 0 || !usable(ctx, a)) {
            return null;
        }
        return make(ctx, new Op(FusedExpr.UNARY, op.ordinal(), compute, result, operand(ctx, a, a.shape)), a.shape);
    }

    /** A deferred {@code where(cond, x, y)} of broadcast shape {@code shape} and dtype {@code result}, or null when it must run eagerly. */
    static NdArray where(Cohort ctx, DType result, Object cond, Object x, Object y, long[] shape) {
        if (!ctx.fusion.enabled || Shapes.volume(shape) == 0) {
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

    private static boolean usable(Cohort ctx, Object x) {
        if (x instanceof NdArray a) {
            // another context or a deleted store: the eager path reports the error; a view with a
            // negative step runs as one replicated point, which would hold the whole chain to one point
            return a.ctx == ctx && ctx.runtime().isLive(a.base.store.id()) && a.view.hasPositiveSteps();
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
        // the constant operand Ops.input makes for the eager launch
        if (x instanceof Boolean bo) {
            return new Const(Operand.Const.of(bo));
        }
        if (x instanceof Long || x instanceof Integer) {
            return new Const(Operand.Const.of(((Number) x).longValue()));
        }
        return new Const(Operand.Const.of(((Number) x).doubleValue()));
    }

    /** True when {@code a} is the whole deferred array (not a view of it). */
    private static boolean isWhole(NdArray a, Pending p) {
        return a.view.equals(p.view) && Arrays.equals(a.shape, p.shape);
    }

    /** One operation over leaves, scalars and materialised arrays: recomputing it costs no extra traffic. */
    private static boolean cheap(Pending p) {
        if (p.root instanceof Op o) {
            for (Node k : o.kids) {
                if (!flat(k)) {
                    return false;
                }
            }
            return true;
        }
        return false;
    }

    private static boolean flat(Node n) {
        return n instanceof Leaf || n instanceof Const || (n instanceof Ref r && r.arr.base.pending == null);
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
        NdArray out = Ops.empty(ctx, ((Op) root).type, shape);
        List<Long> reads = new ArrayList<>();
        collectReads(root, reads);
        long[] r = new long[reads.size()];
        for (int i = 0; i < r.length; i++) {
            r[i] = reads.get(i);
        }
        Pending p = new Pending(ctx, out.base, root, out.shape, out.view, nodes, leaves, r);
        out.base.pending = p;
        register(ctx.fusion, p, ctx);
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

    private static void addLeaf(List<NdArray> leaves, NdArray a) {
        if (indexOf(leaves, a) < 0) {
            leaves.add(a);
        }
    }

    private static int indexOf(List<NdArray> leaves, NdArray a) {
        for (int i = 0; i < leaves.size(); i++) {
            NdArray l = leaves.get(i);
            if (l.base == a.base && l.view.equals(a.view) && Arrays.equals(l.shape, a.shape)) {
                return i;
            }
        }
        return -1;
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
            id = l.arr.base.store.id();
        } else if (n instanceof Ref r) {
            id = r.arr.base.store.id();
        } else if (n instanceof Op o) {
            for (Node k : o.kids) {
                collectReads(k, reads);
            }
        }
        if (id >= 0 && !reads.contains(id)) {
            reads.add(id);
        }
    }

    // ------------------------------------------------------------------ the readers' table

    private static void register(State st, Pending p, Cohort ctx) {
        for (long id : p.reads) {
            Readers r = st.readers.computeIfAbsent(id, k -> new Readers());
            r.count++;
            r.refs.add(new WeakReference<>(p));
            if (r.refs.size() >= r.pruneAt) {
                r.refs.removeIf(w -> {
                    Pending q = w.get();
                    return q == null || q.owner.pending != q;
                });
                r.pruneAt = Math.max(16, 2 * r.refs.size());
            }
        }
        if (++st.registrations % 4096 == 0) {
            // forget stores deleted since (deleted at the same point of the program on every shard)
            Iterator<Map.Entry<Long, Readers>> it = st.readers.entrySet().iterator();
            while (it.hasNext()) {
                if (!ctx.runtime().isLive(it.next().getKey())) {
                    it.remove();
                }
            }
        }
    }

    private static void unregister(State st, Pending p) {
        for (long id : p.reads) {
            if (id < 0) {
                continue;
            }
            Readers r = st.readers.get(id);
            if (r != null && --r.count <= 0) {
                st.readers.remove(id);
            }
        }
    }

    // ------------------------------------------------------------------ materialising

    /** The FUSED launch that materialises a deferred expression: slots (0: the array), operands, code, keys. */
    private record FusedLaunch(List<Ops.Slot> slots, Operand[] ops, int[] code, Operand.Const[] consts, Tiling[] keys,
                               boolean single) {
    }

    /** The expression's postfix code over its distinct leaves. */
    private record Code(List<NdArray> leaves, int[] code, Operand.Const[] consts) {
    }

    private static Code code(Pending p) {
        List<NdArray> leaves = new ArrayList<>();
        List<Operand.Const> consts = new ArrayList<>();
        List<Integer> code = new ArrayList<>();
        emit(p.root, leaves, consts, code);
        int[] c = new int[code.size()];
        for (int i = 0; i < c.length; i++) {
            c[i] = code.get(i);
        }
        return new Code(leaves, c, consts.toArray(new Operand.Const[0]));
    }

    /** How {@link #materialize} launches {@code p} into {@code b} (issues nothing). */
    private static FusedLaunch plan(Cohort ctx, Base b, Pending p) {
        Code code = code(p);
        List<NdArray> leaves = code.leaves();
        NdArray out = new NdArray(ctx, b, p.shape, p.view);
        List<Ops.Slot> slots = new ArrayList<>();
        slots.add(new Ops.Slot(out, Ops.iterAccess(out, p.shape), Role.WRITE));
        Operand[] ops = new Operand[leaves.size()];
        for (int i = 0; i < leaves.size(); i++) {
            NdArray l = leaves.get(i);
            slots.add(new Ops.Slot(l, Ops.iterAccess(l, p.shape), Role.READ));
            ops[i] = Ops.operand(slots, i + 1);
        }
        // Partition as eager execution would have partitioned the expression's last operation, so
        // that the result is written through the same tiling (and reductions of it sum in the same order).
        Strategy eager = simulate(ctx, p);
        Tiling[] keys = new Tiling[slots.size()];
        keys[0] = eager.partitions().get(0) instanceof Tiling t ? t : null;
        for (int i = 1; i < keys.length; i++) {
            keys[i] = slots.get(i).array().base.logical.keyPartition();
        }
        boolean single = false;
        if (!Ops.strategy(ctx, p.shape, slots, new int[0], false, keys).space().equals(eager.space())) {
            Arrays.fill(keys, 1, keys.length, null);
            if (keys[0] == null || !Ops.strategy(ctx, p.shape, slots, new int[0], false, keys).space().equals(eager.space())) {
                single = eager.isSinglePoint();
            }
        }
        return new FusedLaunch(slots, ops, code.code(), code.consts(), keys, single);
    }

    /** Issues the FUSED launch of {@code b}'s deferred expression, if any; b then holds its value. */
    static void materialize(Base b) {
        Pending p = b.pending;
        if (p == null) {
            return;
        }
        b.pending = null;
        Cohort ctx = p.ctx;
        State st = ctx.fusion;
        FusedLaunch f = plan(ctx, b, p);
        List<Ops.Slot> slots = f.slots();
        Base previous = st.materializing;
        st.materializing = b;
        try {
            Ops.launch(OpCode.FUSED.taskId(), p.shape, slots, new int[0], null, f.single(), space ->
                    new FusedExpr(space, f.code(), f.consts(), f.ops(), Ops.operand(slots, 0)).encode(), f.keys());
        } finally {
            st.materializing = previous;
        }
        st.launches++;
        unregister(st, p);
    }

    // ------------------------------------------------------------------ reductions of deferred arrays

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
    static boolean reduce(ReduceOp op, DType compute, Ops.Slot outSlot, NdArray a) {
        Cohort ctx = a.ctx;
        Pending p = a.base.pending;
        if (!ctx.fusion.enabled || !ctx.fusion.reductions || p == null || p.closed || !isWhole(a, p) || a.ndim() == 0 || a.size() == 0) {
            return false;
        }
        long[] shape = a.shape;
        // the REDUCE launch eager execution would issue after materialising a
        FusedLaunch f = plan(ctx, a.base, p);
        Strategy written = Ops.strategy(ctx, p.shape, f.slots(), new int[0], f.single(), f.keys());
        Tiling aKey = written.partitions().get(0) instanceof Tiling t ? t : null;
        Ops.Slot aSlot = new Ops.Slot(a, Ops.iterAccess(a, shape), Role.READ);
        Strategy reduce = Ops.strategy(ctx, shape, List.of(outSlot, aSlot), new int[0], false, new Tiling[]{null, aKey});
        if (!reduce.isSinglePoint() && !pieceIsTile(reduce, 1)) {
            return false;
        }
        // the same iteration space, partitioned with a as a phantom operand (not launched)
        List<NdArray> leaves = f.slots().subList(1, f.slots().size()).stream().map(Ops.Slot::array).toList();
        List<Ops.Slot> slots = new ArrayList<>();
        slots.add(outSlot);
        slots.add(aSlot);
        Tiling[] keys = new Tiling[leaves.size() + 2];
        keys[1] = aKey;
        for (int i = 0; i < leaves.size(); i++) {
            NdArray l = leaves.get(i);
            slots.add(new Ops.Slot(l, Ops.iterAccess(l, shape), Role.READ));
            keys[i + 2] = l.base.logical.keyPartition();
        }
        Strategy s = Ops.strategy(ctx, shape, slots, new int[0], false, keys);
        if (!sameReduction(s, reduce)) {
            Arrays.fill(keys, 2, keys.length, null);
            s = Ops.strategy(ctx, shape, slots, new int[0], false, keys);
            if (!sameReduction(s, reduce)) {
                return false;
            }
        }
        slots.remove(1);
        List<Partition> parts = new ArrayList<>(s.partitions());
        List<Projection> projs = new ArrayList<>(s.projections());
        parts.remove(1);
        projs.remove(1);
        Strategy launch = new Strategy(s.space(), parts, projs);
        Operand[] ops = new Operand[leaves.size()];
        for (int i = 0; i < ops.length; i++) {
            ops[i] = Ops.operand(slots, i + 1);
        }
        int[] code = f.code();
        Operand.Const[] consts = f.consts();
        FieldType c = compute.fieldType();
        Ops.launch(OpCode.FUSED_REDUCE.taskId(), shape, slots, op.runtimeOp(), launch, space ->
                new FusedReduce(op, c, space, code, consts, ops, Ops.operand(slots, 0)).encode());
        ctx.fusion.launches++;
        ctx.fusion.fusedReductions++;
        return true;
    }

    /** Operand {@code i} of {@code s} is tiled so that each launch point's piece is exactly its tile. */
    private static boolean pieceIsTile(Strategy s, int i) {
        if (!(s.partitions().get(i) instanceof Tiling t) || !t.isDisjoint()) {
            return false;
        }
        long[] tile = s.space().tile();
        if (t.dim() != tile.length) {
            return false;
        }
        for (int d = 0; d < tile.length; d++) {
            if (t.shape(d) != tile[d] || t.offset(d) != 0 || t.halo(d) != 0) {
                return false;
            }
        }
        return s.projections().get(i).equals(Projection.identity(tile.length));
    }

    /** Same iteration space and the same partition and projection of the out (operand 0). */
    private static boolean sameReduction(Strategy s, Strategy reduce) {
        return s.space().equals(reduce.space()) && s.partitions().get(0).equals(reduce.partitions().get(0))
                && s.projections().get(0).equals(reduce.projections().get(0));
    }

    /** The strategy eager execution gives the last operation of {@code p} (its operands' keys simulated likewise). */
    private static Strategy simulate(Cohort ctx, Pending p) {
        long[] shape = p.shape;
        List<Ops.Slot> slots = new ArrayList<>();
        NdArray owner = new NdArray(ctx, p.owner, p.shape, p.view);
        slots.add(new Ops.Slot(owner, Ops.iterAccess(owner, shape), Role.WRITE));
        List<Tiling> keys = new ArrayList<>();
        keys.add(null);
        for (Node n : ((Op) p.root).kids) {
            NdArray a = n instanceof Leaf l ? l.arr : n instanceof Ref r ? r.arr : null;
            if (a == null) {
                continue;
            }
            Pending q = a.base.pending;
            if (n instanceof Ref && q != null) {
                keys.add(simulate(ctx, q).partitions().get(0) instanceof Tiling t ? t : null);
            } else {
                keys.add(a.base.logical.keyPartition());
            }
            slots.add(new Ops.Slot(a, Ops.iterAccess(a, shape), Role.READ));
        }
        return Ops.strategy(ctx, shape, slots, new int[0], false, keys.toArray(new Tiling[0]));
    }

    private static void emit(Node n, List<NdArray> leaves, List<Operand.Const> consts, List<Integer> code) {
        if (n instanceof Leaf l) {
            leaf(l.arr, leaves, code);
        } else if (n instanceof Const c) {
            int i = consts.indexOf(c.k);
            if (i < 0) {
                i = consts.size();
                consts.add(c.k);
            }
            code.add(FusedExpr.instruction(FusedExpr.CONST, i));
        } else if (n instanceof Ref r) {
            Pending p = r.arr.base.pending;
            if (p != null) {
                emit(p.root, leaves, consts, code);
            } else {
                leaf(r.arr, leaves, code);
            }
        } else {
            Op o = (Op) n;
            for (Node k : o.kids) {
                emit(k, leaves, consts, code);
            }
            code.add(FusedExpr.instruction(o.kind, o.compute.fieldType(), o.op));
        }
    }

    private static void leaf(NdArray a, List<NdArray> leaves, List<Integer> code) {
        int i = indexOf(leaves, a);
        if (i < 0) {
            i = leaves.size();
            leaves.add(a);
        }
        code.add(FusedExpr.instruction(FusedExpr.LEAF, i));
    }

    // ------------------------------------------------------------------ hooks for everything else

    /** Before a launch: materialise the deferred arrays it touches, then protect deferred readers of what it writes. */
    static void beforeLaunch(List<Ops.Slot> slots) {
        for (Ops.Slot s : slots) {
            materialize(s.array().base);
        }
        for (Ops.Slot s : slots) {
            if (s.role() != Role.READ) {
                beforeWrite(s.array().ctx, s.array().base);
            }
        }
    }

    /**
     * Before {@code b}'s store is written (or deleted): if deferred expressions read it, copies it
     * into a snapshot store and re-points them there. {@code b} itself must be materialised.
     */
    static void beforeWrite(Cohort ctx, Base b) {
        State st = ctx.fusion;
        if (st.materializing == b) {
            return;
        }
        long id = b.store.id();
        Readers r = st.readers.get(id);
        if (r == null || r.count == 0) {
            return;
        }
        st.readers.remove(id);
        long[] ext = b.extents.clone();
        NdArray whole = new NdArray(ctx, b, ext, Access.identity(ext.length));
        NdArray snap = Ops.empty(ctx, b.dtype, ext);
        Ops.assign(snap, whole);
        st.snapshots++;
        for (WeakReference<Pending> w : r.refs) {
            Pending p = w.get();
            if (p == null || p.owner.pending != p) {
                continue;
            }
            p.root = repoint(p.root, b, snap.base, ctx);
            p.leaves.replaceAll(l -> l.base == b ? new NdArray(ctx, snap.base, l.shape, l.view) : l);
            for (int i = 0; i < p.reads.length; i++) {
                if (p.reads[i] == id) {
                    p.reads[i] = -1;
                }
            }
        }
    }

    private static Node repoint(Node n, Base b, Base snap, Cohort ctx) {
        if (n instanceof Leaf l) {
            if (l.arr.base == b) {
                l.arr = new NdArray(ctx, snap, l.arr.shape, l.arr.view);
            }
            return l;
        }
        if (n instanceof Ref r) {
            if (r.arr.base == b && b.pending == null) {
                return new Leaf(new NdArray(ctx, snap, r.arr.shape, r.arr.view));
            }
            return r;
        }
        if (n instanceof Op o) {
            for (int i = 0; i < o.kids.length; i++) {
                o.kids[i] = repoint(o.kids[i], b, snap, ctx);
            }
            return o;
        }
        return n;
    }

    /** {@link NdArray#close()}: a deferred array stays inlinable by its consumers; others protect their readers first. */
    static void beforeClose(NdArray a) {
        Base b = a.base;
        if (b.pending != null) {
            b.pending.closed = true;
            return;
        }
        if (a.ctx.runtime().isLive(b.store.id())) {
            beforeWrite(a.ctx, b);
        }
    }
}
