package dev.cohort.tasks;

import dev.cohort.runtime.launch.TaskContext;
import dev.cohort.runtime.region.FieldType;

import java.util.Arrays;
import java.util.function.Supplier;

/**
 * FUSED: a chain of element-wise operations of any dtypes ({@link FusedExpr}) evaluated in one pass
 * over the tile. Per row (see {@link Tile.Plan}) the expression runs chunk by chunk on a small stack
 * whose slots hold a value of the slot's dtype in its compute representation — floating values in
 * {@code double} (float32 values rounded to float), integers and bool in {@code long} (int32 wrapped,
 * bool 0/1) — either as a vector (a chunk buffer, or a leaf's own array when that is float64 or int64
 * with unit stride along the row) or as a scalar (a constant, or a leaf that does not move along the
 * row). Each operation converts its operands into its compute type as BINARY_OP / UNARY_OP / WHERE do
 * when they gather an operand ({@link Strided}'s casts, {@link Convert#normalize}), runs their loops
 * ({@link FusedGates}: {@link FusedSimd}'s vector loops where their gates are open, else {@link Loops#binaryD},
 * {@link Loops#binaryDS}, {@link Loops#binarySD}, {@link Loops#binaryL}, {@link Loops#binaryLS}, {@link Loops#binarySL};
 * {@link Loops#predicateD}, {@link Loops#predicateDS}, {@link Loops#predicateL}, {@link Loops#unaryD},
 * {@link Loops#unaryL}, {@link FusedLoops}) into its slot's buffer — the last one straight into the out
 * array when that is float64 or int64 with unit stride — and normalises the result to its type;
 * operations on scalars use the scalar functions of {@link ScalarMath}. Same arithmetic per element as the
 * separate launches, so the same bits (integer errors too: an integer power with a negative exponent
 * throws {@link ScalarMath#NEGATIVE_POWER} as BINARY_OP does), with one read of each leaf and one write of
 * the result.
 */
final class FusedKernels {
    private FusedKernels() {
    }

    /** Elements per chunk: the stack's buffers stay in L1/L2 while the leaves stream. */
    static final int CHUNK = 1024;
    /** The operators by ordinal ({@code values()} would clone its array at every instruction of every row). */
    private static final UnaryOp[] UNARY_OPS = UnaryOp.values();
    private static final BinaryOp[] BINARY_OPS = BinaryOp.values();

    /**
     * The stack buffers, one set per worker thread, reused by every point task that thread runs
     * (kernels never nest); allocating and zeroing them per task costs microseconds and evicts the
     * tile's data from the caches. Contents are undefined on entry: every slot is written before it is read.
     */
    private static final class Buffers {
        double[][] d = new double[0][];
        long[][] l = new long[0][];
        final byte[] z = new byte[CHUNK];
        final long[] truth = new long[CHUNK];

        void ensure(int depth) {
            if (d.length < depth) {
                int k = d.length;
                d = Arrays.copyOf(d, depth);
                l = Arrays.copyOf(l, depth);
                for (int i = k; i < depth; i++) {
                    d[i] = new double[CHUNK];
                    l[i] = new long[CHUNK];
                }
            }
        }
    }

    private static final ThreadLocal<Buffers> BUFFERS = ThreadLocal.withInitial(Buffers::new);

    // ------------------------------------------------------------ the element-wise loops of the machine

    /** System property: {@code false} keeps the machine on {@link Loops}' scalar loops (the code before issue 12). */
    static final String VECTOR_PROP = "cohort.fused.simd";
    /** Whether the machine runs {@link FusedSimd}'s vector loops: the SIMD kernels run and {@link #VECTOR_PROP} is not false. */
    static final boolean VECTOR = Reductions.SIMD && !"false".equalsIgnoreCase(System.getProperty(VECTOR_PROP, "true"));

    /** {@link #VECTOR} and {@link VectorWarmup}'s gate {@code gate} is open (C2 compiled that loop). */
    static boolean vector(int gate) {
        return VECTOR && VectorWarmup.open(gate);
    }

    /** {@code o[oo + j] = op(a[ao + j])} gated as {@link FusedGates#binaryD} ({@link Loops#unaryD}). */
    private static void unaryD(UnaryOp op, double[] o, int oo, double[] a, int ao, int n) {
        int gate = VectorWarmup.FUSED_UNARY_D + op.ordinal();
        if (!vector(gate) || !apart(o, oo, a, ao) || !VectorWarmup.checked(gate, VectorWarmup.mark(gate, n), FusedSimd.unaryD(op, o, oo, a, ao, n))) {
            Loops.unaryD(op, o, oo, a, ao, n);
        }
    }

    /**
     * {@code z[j] = a[ao + j] op b[bo + j]} (a comparison, 0 or 1) for {@code j < n}: {@link SimdPredicates}' float64
     * loop when the comparisons' vector loops run and its gate is open (as {@code ElementwiseKernels} does for
     * BINARY_OP), else {@link Loops#predicateD}, whose form for operands at different offsets C2 does not vectorise.
     * Comparisons are exact, so the bits are the same either way ({@code SimdPredicatesTest}). {@code z} is the
     * machine's own buffer: it overlaps no operand.
     */
    private static void predicateD(BinaryOp op, byte[] z, double[] a, int ao, double[] b, int bo, int n) {
        int gate = VectorWarmup.predicateGate(FieldType.FLOAT64, op);
        if (!vectorPredicate(gate, n) || !VectorWarmup.checked(gate, VectorWarmup.mark(gate, n),
                SimdPredicates.predicate(FieldType.FLOAT64, op, z, 0, a, ao, b, bo, n))) {
            Loops.predicateD(op, z, 0, a, ao, b, bo, n);
        }
    }

    /** {@code z[j] = a[ao + j] op s} as {@link #predicateD}. */
    private static void predicateDS(BinaryOp op, byte[] z, double[] a, int ao, double s, int n) {
        int gate = VectorWarmup.predicateGate(FieldType.FLOAT64, op);
        if (!vectorPredicate(gate, n) || !VectorWarmup.checked(gate, VectorWarmup.mark(gate, n),
                SimdPredicates.predicateVS(FieldType.FLOAT64, op, z, 0, a, ao, s, 0, n))) {
            Loops.predicateDS(op, z, 0, a, ao, s, n);
        }
    }

    /** {@code z[j] = s op b[bo + j]} as {@link #predicateDS}: the mirrored comparison ({@code s < b} is {@code b > s}). */
    private static void predicateSD(BinaryOp op, byte[] z, double s, double[] b, int bo, int n) {
        int gate = VectorWarmup.predicateGate(FieldType.FLOAT64, op.mirrored());
        if (!vectorPredicate(gate, n) || !VectorWarmup.checked(gate, VectorWarmup.mark(gate, n),
                SimdPredicates.predicateSV(FieldType.FLOAT64, op, z, 0, s, 0, b, bo, n))) {
            Loops.predicateSD(op, z, 0, s, b, bo, n);
        }
    }

    /** {@code z[j] = a[ao + j] op s} on longs as {@link #predicateDS} ({@link Loops#predicateLS}). */
    private static void predicateLS(BinaryOp op, byte[] z, long[] a, int ao, long s, int n) {
        int gate = VectorWarmup.predicateGate(FieldType.INT64, op);
        if (!vectorPredicate(gate, n) || !VectorWarmup.checked(gate, VectorWarmup.mark(gate, n),
                SimdPredicates.predicateVS(FieldType.INT64, op, z, 0, a, ao, 0, s, n))) {
            Loops.predicateLS(op, z, 0, a, ao, s, n);
        }
    }

    /** {@code z[j] = s op b[bo + j]} on longs as {@link #predicateSD} ({@link Loops#predicateSL}). */
    private static void predicateSL(BinaryOp op, byte[] z, long s, long[] b, int bo, int n) {
        int gate = VectorWarmup.predicateGate(FieldType.INT64, op.mirrored());
        if (!vectorPredicate(gate, n) || !VectorWarmup.checked(gate, VectorWarmup.mark(gate, n),
                SimdPredicates.predicateSV(FieldType.INT64, op, z, 0, 0, s, b, bo, n))) {
            Loops.predicateSL(op, z, 0, s, b, bo, n);
        }
    }

    /** {@code z[j] = a[ao + j] op b[bo + j]} on longs as {@link #predicateD} ({@link Loops#predicateL}). */
    private static void predicateL(BinaryOp op, byte[] z, long[] a, int ao, long[] b, int bo, int n) {
        int gate = VectorWarmup.predicateGate(FieldType.INT64, op);
        if (!vectorPredicate(gate, n) || !VectorWarmup.checked(gate, VectorWarmup.mark(gate, n),
                SimdPredicates.predicate(FieldType.INT64, op, z, 0, a, ao, b, bo, n))) {
            Loops.predicateL(op, z, 0, a, ao, b, bo, n);
        }
    }

    /** The comparisons' vector loops run ({@code ElementwiseKernels.VECTOR_PREDICATES}), {@code gate} is open and the chunk is long enough. */
    private static boolean vectorPredicate(int gate, int n) {
        return gate >= 0 && n >= ElementwiseKernels.PREDICATE_VECTOR_MIN && ElementwiseKernels.VECTOR_PREDICATES
                && VectorWarmup.open(gate);
    }

    /** Out {@code o} from {@code oo} is not operand {@code a} from another offset. */
    static boolean apart(Object o, int oo, Object a, int ao) {
        return o != a || oo == ao;
    }

    /** The role strings of the first leaves (error messages only), made once instead of per point task. */
    private static final int NAMED_LEAVES = 16;
    private static final String[] FUSED_LEAF = leafRoles("FUSED");
    private static final String[] FUSED_REDUCE_LEAF = leafRoles("FUSED_REDUCE");

    private static String[] leafRoles(String kernel) {
        String[] r = new String[NAMED_LEAVES];
        for (int i = 0; i < r.length; i++) {
            r[i] = kernel + " leaf " + i;
        }
        return r;
    }

    /** {@code "<kernel> leaf <i>"}: how {@link Tile#view} names leaf {@code i} of a fused kernel in its errors. */
    private static String leafRole(String kernel, int i) {
        String[] named = kernel.equals("FUSED") ? FUSED_LEAF : FUSED_REDUCE_LEAF;
        return i < named.length ? named[i] : kernel + " leaf " + i;
    }

    static void fused(TaskContext ctx) {
        FusedExpr args = FusedExpr.decode(ctx.scalars());
        int depth = FusedExpr.depth(args.code());
        Tile t = Tile.of(ctx, args.space());
        if (t.empty) {
            return;
        }
        int nl = args.leaves().length;
        Tile.View[] views = new Tile.View[nl + 1];
        for (int i = 0; i < nl; i++) {
            views[i] = t.view(args.leaves()[i], leafRole("FUSED", i));
        }
        Tile.View out = t.view(args.out(), "FUSED out");
        if (out.constant) {
            throw new IllegalArgumentException("FUSED out must be a store operand, got " + args.out());
        }
        views[nl] = out;
        Tile.Plan plan = t.plan(views);
        // out may hold another dtype than the expression's: the value is written converted to it (NumPy's
        // casts), as UNARY_OP and BINARY_OP write into any out
        // checks the code before anything runs (Machine's checks), then makes the machine only when a row needs it:
        // one operation over dense rows never does
        Machine.typeOf(args.code(), args.consts(), views);
        Supplier<Machine> machine = new Supplier<>() {
            private Machine m;

            @Override
            public Machine get() {
                if (m == null) {
                    m = new Machine(args.code(), args.consts(), views, plan.inner, depth);
                }
                return m;
            }
        };
        if (!singleOperation(args.code(), views, plan, machine)) {
            Machine m = machine.get();
            // a float32 or int32 chain in its own dtype when it qualifies (NativeChain), else the machine
            NativeChain nc = NativeChain.ON ? NativeChain.of(args.code(), args.consts(), views, plan.inner, depth) : null;
            if (nc != null) {
                plan.forEachRow(nc::row);
            } else {
                plan.forEachRow(m::row);
            }
        }
    }

    /**
     * One operation over leaves (what a deferred {@code a + b} or {@code a < b} is when it is materialised):
     * each row through the eager kernel's dense loop ({@link ElementwiseKernels#binaryDense},
     * {@link ElementwiseKernels#unaryDense}) when it qualifies, which gives the eager bits without the stack
     * machine's conversions, else through the machine. False when the code is not one such operation.
     */
    private static boolean singleOperation(int[] code, Tile.View[] views, Tile.Plan plan, Supplier<Machine> m) {
        int nl = views.length - 1;
        Tile.View out = views[nl];
        long[] inner = plan.inner;
        if (code.length == 3 && FusedExpr.kind(code[0]) == FusedExpr.LEAF && FusedExpr.kind(code[1]) == FusedExpr.LEAF
                && FusedExpr.kind(code[2]) == FusedExpr.BINARY) {
            BinaryOp op = BINARY_OPS[FusedExpr.op(code[2])];
            FieldType c = FusedExpr.compute(code[2]);
            int i = FusedExpr.index(code[0]);
            int j = FusedExpr.index(code[1]);
            Tile.View va = views[i];
            Tile.View vb = views[j];
            boolean floatTruth = c == FieldType.BOOL && (Convert.floating(va.type) || Convert.floating(vb.type));
            FieldType dt = ElementwiseKernels.denseType(op, c, floatTruth, va, vb);
            long[] in3 = {inner[i], inner[j], inner[nl]};
            boolean integral = Convert.integral(c) && !floatTruth;
            long[] off3 = new long[3];
            plan.forEachRow((off, n) -> {
                off3[0] = off[i];
                off3[1] = off[j];
                off3[2] = off[nl];
                if (integral) {
                    ElementwiseKernels.checkPower(op, c, vb, in3[1], off3);
                }
                if (!ElementwiseKernels.binaryDense(op, dt, va, vb, out, in3, off3, n)) {
                    m.get().row(off, n);
                }
            });
            return true;
        }
        if (code.length == 2 && FusedExpr.kind(code[0]) == FusedExpr.LEAF && FusedExpr.kind(code[1]) == FusedExpr.UNARY) {
            UnaryOp op = UNARY_OPS[FusedExpr.op(code[1])];
            FieldType c = FusedExpr.compute(code[1]);
            int i = FusedExpr.index(code[0]);
            Tile.View va = views[i];
            long[] in2 = {inner[i], inner[nl]};
            long[] off2 = new long[2];
            plan.forEachRow((off, n) -> {
                off2[0] = off[i];
                off2[1] = off[nl];
                if (!ElementwiseKernels.unaryDense(op, c, va, out, in2, off2, n)) {
                    m.get().row(off, n);
                }
            });
            return true;
        }
        return false;
    }

    /**
     * FUSED_REDUCE ({@link FusedReduce}): the expression evaluated chunk by chunk as FUSED does, each
     * chunk's values converted to the compute type as REDUCE gathers them and folded in the order REDUCE
     * folds the materialised expression's (see {@link FusedReduce}): the tile is walked in row-major
     * order ({@link Tile#planInOrder}), and a {@link Tile#rowMajor} pseudo-view gives each chunk's
     * position {@code j} in the tile's one long row. Floating folds go through {@link Folder} (SUM in
     * {@link Reductions}' fixed order of sixteen accumulators), integer and bool folds through
     * {@link ReductionKernels#reduceL} (exact in any order).
     */
    static void fusedReduce(TaskContext ctx) {
        FusedReduce args = FusedReduce.decode(ctx.scalars());
        ReduceOp op = args.op();
        FieldType c = args.compute();
        int depth = FusedExpr.depth(args.code());
        Tile t = Tile.of(ctx, args.space());
        Tile.View out = t.view(args.out(), "FUSED_REDUCE out");
        if (out.constant || out.type != c) {
            throw new IllegalArgumentException("FUSED_REDUCE out must be a " + c + " store operand, got " + args.out());
        }
        boolean truth = op == ReduceOp.ANY || op == ReduceOp.ALL;
        if (truth && c != FieldType.BOOL) {
            throw new IllegalArgumentException("FUSED_REDUCE " + op + " computes in BOOL, got " + c);
        }
        for (long st : out.stride) {
            if (st != 0) {
                throw new IllegalArgumentException("FUSED_REDUCE is a full reduction: out must not move with the iteration space, got "
                        + args.out());
            }
        }
        ReductionKernels.initialize(t, out, ReductionKernels.identityBits(op, out.type));
        if (t.empty) {
            return;
        }
        int nl = args.leaves().length;
        Tile.View[] views = new Tile.View[nl + 1];
        for (int i = 0; i < nl; i++) {
            views[i] = t.view(args.leaves()[i], leafRole("FUSED_REDUCE", i));
        }
        views[nl] = t.rowMajor();
        long volume = 1;
        for (long e : t.ext) {
            volume *= e;
        }
        if (volume > Integer.MAX_VALUE) {
            // REDUCE's one row of the tile would be refused likewise
            throw new IllegalArgumentException("tile row of " + volume + " elements exceeds 2^31");
        }
        Tile.Plan plan = t.planInOrder(views);
        Machine m = new Machine(args.code(), args.consts(), views, plan.inner, depth);
        long oo = out.base;
        if (truth || Convert.integral(c)) {
            long[] acc = {truth ? (out.getD(oo) != 0 ? 1 : 0) : Convert.normL(out.getL(oo), c)};
            plan.forEachRow((rowOff, n) -> m.foldRowL(rowOff, n, op, c, truth, acc));
            out.setL(oo, Convert.normL(acc[0], c));
        } else {
            // REDUCE's floating fold of the tile as one row (ReductionKernels.reduceRowD): from out, SUM in
            // Reductions' fixed order, PROD, MAX and MIN in order, rounded to the compute type once
            Folder f = new Folder(op, volume, Convert.normD(out.getD(oo), c));
            plan.forEachRow((rowOff, n) -> m.foldRowD(rowOff, n, c, f));
            out.setD(oo, Convert.normD(f.result(), c));
        }
    }

    /**
     * REDUCE's floating fold of one tile row of {@code volume} elements, fed in order in pieces: SUM adds the
     * row's values in {@link Reductions}' fixed order ({@link Summer}) and then the total to the starting
     * value (out); PROD, MAX and MIN fold from the starting value in order ({@code Reductions.reduceD}).
     * The caller rounds the result to the compute type once, as REDUCE does.
     */
    static final class Folder {
        private final ReduceOp op;
        private final Summer sum;
        private double acc;

        Folder(ReduceOp op, long volume, double start) {
            this.op = op;
            this.sum = op == ReduceOp.SUM ? new Summer(volume) : null;
            this.acc = start;
        }

        /** Adds {@code a[ao, ao + m)}, the elements {@code j0 .. j0 + m - 1} of the row. */
        void add(long j0, double[] a, int ao, int m) {
            if (sum != null) {
                sum.add(j0, a, ao, m);
            } else {
                acc = Reductions.reduceD(op, acc, a, ao, m);
            }
        }

        double result() {
            return sum != null ? acc + sum.total() : acc;
        }
    }

    /**
     * {@code ReductionKernels.reduceD(SUM, ...)} over one row of {@code volume} elements, fed in pieces
     * in order: {@link Reductions}' fixed accumulation order ({@link Reductions.RowSum}), so the bits are
     * those of the dense kernel over the whole row.
     */
    static final class Summer {
        private final Reductions.RowSum rs = new Reductions.RowSum();
        private long next;

        Summer(long volume) {
            rs.start(volume);
        }

        /** Adds {@code a[ao, ao + m)}, the elements {@code j0 .. j0 + m - 1} of the row (pieces come in order). */
        void add(long j0, double[] a, int ao, int m) {
            if (j0 != next) {
                throw new IllegalStateException("row pieces out of order: element " + j0 + " after " + next);
            }
            rs.add(a, ao, m);
            next += m;
        }

        /** The row's total (without the out element it is added to). */
        double total() {
            return rs.total();
        }
    }

    /**
     * The stack machine of one point task. Slot {@code s} holds a value of type {@code ty[s]}: a scalar
     * ({@code sc[s]}: {@code dv[s]}, and {@code lv[s]} its NumPy cast to long) or a vector of the chunk
     * ({@code va[s]} from {@code off[s]}: a {@code double[]} for floating types, a {@code long[]} for the others).
     */
    private static final class Machine {
        private final int[] code;
        private final Operand.Const[] consts;
        private final Tile.View[] views;
        private final long[] inner;
        private final int out;
        private final FieldType[] ty;
        private final boolean[] sc;
        private final double[] dv;
        private final long[] lv;
        private final Object[] va;
        private final int[] off;
        private final double[][] dbuf;
        private final long[][] lbuf;
        private final byte[] z;
        private final long[] truth;
        // per representation (0: double, 1: long) and slot: how many leading elements of the slot's buffer
        // hold the broadcast value of the given bits (0: none)
        private final int[][] fillN;
        private final long[][] fillBits;
        /** Offset into the array the last {@link #vecD} / {@link #vecL} returned. */
        private int vo;

        Machine(int[] code, Operand.Const[] consts, Tile.View[] views, long[] inner, int depth) {
            this.code = code;
            this.consts = consts;
            this.views = views;
            this.inner = inner;
            this.out = views.length - 1;
            this.ty = new FieldType[depth];
            this.sc = new boolean[depth];
            this.dv = new double[depth];
            this.lv = new long[depth];
            this.va = new Object[depth];
            this.off = new int[depth];
            Buffers b = BUFFERS.get();
            b.ensure(depth);
            this.dbuf = b.d;
            this.lbuf = b.l;
            this.z = b.z;
            this.truth = b.truth;
            this.fillN = new int[2][depth];
            this.fillBits = new long[2][depth];
            // checks the code before anything runs: operator ordinals, leaf and constant indices, and an
            // integer-only op computing in a float type (NumPy's UFuncTypeError); out may hold another dtype
            typeOf(code, consts, views);
        }

        /** The type of the value {@code code} leaves (each operation's result type from its operands' types). */
        static FieldType typeOf(int[] code, Operand.Const[] consts, Tile.View[] views) {
            FieldType[] st = new FieldType[code.length + 1];
            int sp = 0;
            for (int ins : code) {
                switch (FusedExpr.kind(ins)) {
                    case FusedExpr.LEAF -> st[sp++] = views[leafIndex(ins, views.length - 1)].type;
                    case FusedExpr.CONST -> st[sp++] = constant(ins, consts).type();
                    case FusedExpr.UNARY -> {
                        UnaryOp op = UNARY_OPS[opIndex(ins, UNARY_OPS.length)];
                        if (op == UnaryOp.INVERT) {
                            UfuncTypes.checkIntegral(op.numpyName(), FusedExpr.compute(ins));
                        }
                        st[sp - 1] = op.isPredicate() ? FieldType.BOOL : FusedExpr.compute(ins);
                    }
                    case FusedExpr.BINARY -> {
                        sp--;
                        BinaryOp op = BINARY_OPS[opIndex(ins, BINARY_OPS.length)];
                        if (op.isIntegerOnly()) {
                            UfuncTypes.checkIntegral(op.numpyName(), FusedExpr.compute(ins));
                        }
                        st[sp - 1] = op.isPredicate() ? FieldType.BOOL : FusedExpr.compute(ins);
                    }
                    case FusedExpr.WHERE -> {
                        sp -= 2;
                        st[sp - 1] = FusedExpr.compute(ins);
                    }
                    default -> throw new IllegalArgumentException("FUSED: bad instruction " + ins);
                }
            }
            return st[0];
        }

        private static int leafIndex(int ins, int leaves) {
            int i = FusedExpr.index(ins);
            if (i >= leaves) {
                throw new IllegalArgumentException("FUSED: leaf " + i + " of " + leaves);
            }
            return i;
        }

        private static Operand.Const constant(int ins, Operand.Const[] consts) {
            int i = FusedExpr.index(ins);
            if (i >= consts.length) {
                throw new IllegalArgumentException("FUSED: constant " + i + " of " + consts.length);
            }
            return consts[i];
        }

        private static int opIndex(int ins, int n) {
            int i = FusedExpr.op(ins);
            if (i >= n) {
                throw new IllegalArgumentException("FUSED: operator " + i + " of " + n);
            }
            return i;
        }

        void row(long[] rowOff, int n) {
            Tile.View vout = views[out];
            long io = inner[out];
            FieldType direct = io == 1 && (vout.type == FieldType.FLOAT64 || vout.type == FieldType.INT64) ? vout.type : null;
            for (int c0 = 0; c0 < n; c0 += CHUNK) {
                int m = Math.min(CHUNK, n - c0);
                eval(rowOff, c0, m, direct, vout.array);
                long oOff = rowOff[out] + c0 * io;
                boolean d = Convert.floating(ty[0]);
                Object a = vec(0, d ? FieldType.FLOAT64 : FieldType.INT64, m, d);
                if (a == vout.array && vo == (int) oOff) {
                    continue;   // written in place
                }
                if (d) {
                    vout.scatterD(oOff, io, (double[]) a, vo, m);
                } else {
                    vout.scatterL(oOff, io, (long[]) a, vo, m);
                }
            }
        }

        /** FUSED_REDUCE, floating folds: the values converted to {@code c} as REDUCE gathers them. */
        void foldRowD(long[] rowOff, int n, FieldType c, Folder f) {
            long io = inner[out];
            for (int c0 = 0; c0 < n; c0 += CHUNK) {
                int m = Math.min(CHUNK, n - c0);
                eval(rowOff, c0, m, null, null);
                double[] a = vecD(0, c, m);
                f.add(rowOff[out] + c0 * io, a, vo, m);
            }
        }

        /**
         * FUSED_REDUCE, integer and bool folds (order-free): into {@code acc[0]}. A truth fold (any, all) takes the
         * root's values where they already are 0/1: the comparison's bytes in {@link #z} when a predicate is the last
         * operation (no bool vector is made of them), the root's bool vector; else the truth values of the root's.
         * Measured ({@code (x > c).all()} and {@code (x > c).any()} without an early answer, float64, one shard): 1e5
         * elements 187-336 us a call before, 100-110 us after (NumPy 18 us; the comparison kernel is most of what is
         * left); 1e7 elements 14-21 ms before, 9.6-14 ms after (NumPy 3.8 ms).
         */
        void foldRowL(long[] rowOff, int n, ReduceOp op, FieldType c, boolean truthValues, long[] acc) {
            foldingTruth = truthValues;
            try {
                for (int c0 = 0; c0 < n; c0 += CHUNK) {
                    int m = Math.min(CHUNK, n - c0);
                    eval(rowOff, c0, m, null, null);
                    if (!truthValues) {
                        long[] a = vecL(0, c, m);
                        acc[0] = ReductionKernels.reduceL(op, acc[0], a, vo, m);
                    } else if (rootInZ) {
                        acc[0] = Reductions.reduceZ(op, acc[0], z, 0, m);
                    } else if (!sc[0] && ty[0] == FieldType.BOOL && va[0] instanceof long[] bools) {
                        acc[0] = ReductionKernels.reduceL(op, acc[0], bools, off[0], m);
                    } else {
                        truthOf(0, m);
                        acc[0] = ReductionKernels.reduceL(op, acc[0], truth, 0, m);
                    }
                }
            } finally {
                foldingTruth = false;
            }
        }

        /** Set by {@link #foldRowL} while a truth fold runs: a predicate that is the last operation leaves its bytes in {@link #z}. */
        private boolean foldingTruth;
        /** {@link #eval} is running the code's last instruction. */
        private boolean atLast;
        /** {@link #eval} left the root's truth values in {@link #z} as bytes (see {@link #foldingTruth}). */
        private boolean rootInZ;

        // ------------------------------------------------------------ slot values

        private double[] dOut(int s) {
            fillN[0][s] = 0;
            return dbuf[s];
        }

        private long[] lOut(int s) {
            fillN[1][s] = 0;
            return lbuf[s];
        }

        private void setD(int s, FieldType t, double v) {
            sc[s] = true;
            ty[s] = t;
            dv[s] = v;
            lv[s] = Convert.d2l(v);
        }

        private void setL(int s, FieldType t, long v) {
            sc[s] = true;
            ty[s] = t;
            lv[s] = v;
            dv[s] = v;
        }

        /** Slot {@code s} becomes the vector {@code a} (double[] or long[] as {@code t} wants) from {@code o}. */
        private void setVec(int s, FieldType t, Object a, int o) {
            sc[s] = false;
            ty[s] = t;
            va[s] = a;
            off[s] = o;
        }

        /** Scalar slot {@code s} as an operand of compute type {@code c} on the double path. */
        private double scalarD(int s, FieldType c) {
            return Convert.normD(dv[s], c);
        }

        /** Scalar slot {@code s} as an operand of compute type {@code c} on the long path. */
        private long scalarL(int s, FieldType c) {
            return Convert.normL(lv[s], c);
        }

        private double[] vecD(int s, FieldType c, int m) {
            return (double[]) vec(s, c, m, true);
        }

        private long[] vecL(int s, FieldType c, int m) {
            return (long[]) vec(s, c, m, false);
        }

        /**
         * Slot {@code s}'s first {@code m} values as operands of compute type {@code c}, as BINARY_OP gathers
         * and normalises an operand: as doubles ({@code d}) or longs, NumPy's casts between; a scalar
         * broadcast. The offset into the returned array is {@link #vo}.
         */
        private Object vec(int s, FieldType c, int m, boolean d) {
            int k = d ? 0 : 1;
            if (sc[s]) {
                long bits = d ? Double.doubleToRawLongBits(scalarD(s, c)) : scalarL(s, c);
                if (fillN[k][s] < m || fillBits[k][s] != bits) {
                    if (d) {
                        Arrays.fill(dbuf[s], 0, m, Double.longBitsToDouble(bits));
                    } else {
                        Arrays.fill(lbuf[s], 0, m, bits);
                    }
                    fillN[k][s] = m;
                    fillBits[k][s] = bits;
                }
                vo = 0;
                return d ? dbuf[s] : lbuf[s];
            }
            FieldType t = ty[s];
            boolean same = Convert.floating(t) == d;
            boolean norm = d ? c == FieldType.FLOAT32 && t != FieldType.FLOAT32
                    : (c == FieldType.INT32 && t != FieldType.INT32 && t != FieldType.BOOL) || (c == FieldType.BOOL && t != FieldType.BOOL);
            if (same && !norm) {
                vo = off[s];
                return va[s];
            }
            fillN[k][s] = 0;
            Object b = d ? dbuf[s] : lbuf[s];
            FieldType held = Convert.floating(t) ? FieldType.FLOAT64 : FieldType.INT64;
            if (va[s] != b || off[s] != 0) {
                // the conversion to the other representation, or a copy to normalise in place
                if (d) {
                    Strided.gatherD(held, va[s], off[s], 1, (double[]) b, 0, m);
                } else {
                    Strided.gatherL(held, va[s], off[s], 1, (long[]) b, 0, m);
                }
            }
            if (norm) {
                if (d) {
                    Convert.normalize((double[]) b, m, c);
                } else {
                    Convert.normalize((long[]) b, m, c);
                }
            }
            vo = 0;
            return b;
        }

        /** The truth values (0/1) of slot {@code s} into {@link #truth} (gatherTruth's). */
        private void truthOf(int s, int m) {
            if (sc[s]) {
                Arrays.fill(truth, 0, m, (Convert.floating(ty[s]) ? dv[s] != 0 : lv[s] != 0) ? 1 : 0);
            } else {
                Strided.gatherTruth(Convert.floating(ty[s]) ? FieldType.FLOAT64 : FieldType.INT64, va[s], off[s], 1, truth, 0, m);
            }
        }

        /**
         * The predicate results in {@link #z} as the bool vector of slot {@code s}; left in {@code z} when they are
         * the root's values of a truth fold ({@link #rootInZ}).
         */
        private void bools(int s, int m) {
            if (foldingTruth && atLast && s == 0) {
                rootInZ = true;
                return;
            }
            long[] b = lOut(s);
            Strided.gatherL(FieldType.BOOL, z, 0, 1, b, 0, m);
            setVec(s, FieldType.BOOL, b, 0);
        }

        // ------------------------------------------------------------ the interpreter

        /**
         * Runs the code over elements {@code [c0, c0 + m)} of the row; the result is slot 0. With
         * {@code direct} (the out array's type, float64 or int64 with unit stride) the last operation
         * writes straight into the out array {@code oa} when its result has that type.
         */
        private void eval(long[] rowOff, int c0, int m, FieldType direct, Object oa) {
            int sp = 0;
            int last = code.length - 1;
            int oo = direct == null ? 0 : (int) (rowOff[out] + c0);
            rootInZ = false;
            for (int pc = 0; pc <= last; pc++) {
                int ins = code[pc];
                atLast = pc == last;
                FieldType d = pc == last ? direct : null;
                switch (FusedExpr.kind(ins)) {
                    case FusedExpr.LEAF -> leaf(sp++, FusedExpr.index(ins), rowOff, c0, m);
                    case FusedExpr.CONST -> {
                        // the constant and its NumPy cast, exactly as a Const view holds them
                        Operand.Const k = consts[FusedExpr.index(ins)];
                        sc[sp] = true;
                        ty[sp] = k.type();
                        dv[sp] = Convert.bitsToDouble(k.type(), k.bits());
                        lv[sp] = Convert.bitsToLong(k.type(), k.bits());
                        sp++;
                    }
                    case FusedExpr.UNARY -> unary(sp - 1, UNARY_OPS[FusedExpr.op(ins)], FusedExpr.compute(ins), m, d, oa, oo);
                    case FusedExpr.BINARY -> {
                        binary(sp - 2, BINARY_OPS[FusedExpr.op(ins)], FusedExpr.compute(ins), m, d, oa, oo);
                        sp--;
                    }
                    case FusedExpr.WHERE -> {
                        where(sp - 3, FusedExpr.compute(ins), m, d, oa, oo);
                        sp -= 2;
                    }
                    default -> throw new IllegalArgumentException("FUSED: bad instruction " + ins);
                }
            }
        }

        private void leaf(int s, int a, long[] rowOff, int c0, int m) {
            Tile.View v = views[a];
            long st = inner[a];
            if (v.scalar(st)) {
                sc[s] = true;
                ty[s] = v.type;
                dv[s] = v.getD(rowOff[a]);
                lv[s] = v.getL(rowOff[a]);
            } else if ((v.type == FieldType.FLOAT64 || v.type == FieldType.INT64) && st == 1) {
                setVec(s, v.type, v.array, (int) (rowOff[a] + c0));
            } else if (Convert.floating(v.type)) {
                double[] b = dOut(s);
                v.gatherD(rowOff[a] + c0 * st, st, b, 0, m);
                setVec(s, v.type, b, 0);
            } else {
                long[] b = lOut(s);
                v.gatherL(rowOff[a] + c0 * st, st, b, 0, m);
                setVec(s, v.type, b, 0);
            }
        }

        private void binary(int s, BinaryOp op, FieldType c, int m, FieldType direct, Object oa, int oo) {
            int r = s + 1;
            boolean pathD = Convert.floating(c) || (c == FieldType.BOOL && (Convert.floating(ty[s]) || Convert.floating(ty[r])));
            boolean pred = op.isPredicate();
            FieldType res = pred ? FieldType.BOOL : c;
            if (sc[s] && sc[r]) {
                if (pathD) {
                    double x = scalarD(s, c);
                    double y = scalarD(r, c);
                    if (pred) {
                        setL(s, res, ScalarMath.predicateD(op, x, y) ? 1 : 0);
                    } else if (c == FieldType.FLOAT32 && ScalarMath.ownFloat32(op)) {
                        setD(s, res, Convert.normD(ScalarMath.binaryF32(op, x, y), c));
                    } else {
                        setD(s, res, Convert.normD(ScalarMath.binaryD(op, x, y), c));
                    }
                } else {
                    long x = scalarL(s, c);
                    long y = scalarL(r, c);
                    if (pred) {
                        setL(s, res, ScalarMath.predicateL(op, x, y) ? 1 : 0);
                    } else {
                        setL(s, res, Convert.normL(ScalarMath.binaryL(op, x, y), c));
                    }
                }
                return;
            }
            boolean toOut = direct == res;
            if (pathD) {
                if (pred) {
                    if (sc[r]) {
                        double[] a = vecD(s, c, m);
                        predicateDS(op, z, a, vo, scalarD(r, c), m);
                    } else if (sc[s]) {
                        double[] b = vecD(r, c, m);
                        predicateSD(op, z, scalarD(s, c), b, vo, m);
                    } else {
                        double[] a = vecD(s, c, m);
                        int ao = vo;
                        double[] b = vecD(r, c, m);
                        predicateD(op, z, a, ao, b, vo, m);
                    }
                    bools(s, m);
                    return;
                }
                double[] o;
                int o0;
                boolean ownFloat32 = c == FieldType.FLOAT32 && ScalarMath.ownFloat32(op);
                if (ownFloat32) {
                    // nextafter steps a float ulp, not a double one (float32 values are held as doubles here)
                    double[] a = sc[s] ? null : vecD(s, c, m);
                    int ao = vo;
                    double[] b = sc[r] ? null : vecD(r, c, m);
                    int bo = vo;
                    o = dOut(s);
                    o0 = 0;
                    ScalarMath.binaryF32(op, o, 0, a, ao, sc[s] ? scalarD(s, c) : 0, b, bo, sc[r] ? scalarD(r, c) : 0, m);
                } else if (sc[s]) {
                    double[] b = vecD(r, c, m);
                    int bo = vo;
                    o = toOut ? (double[]) oa : dOut(s);
                    o0 = toOut ? oo : 0;
                    FusedGates.binarySD(op, o, o0, scalarD(s, c), b, bo, m);
                } else if (sc[r]) {
                    double[] a = vecD(s, c, m);
                    int ao = vo;
                    o = toOut ? (double[]) oa : dOut(s);
                    o0 = toOut ? oo : 0;
                    FusedGates.binaryDS(op, o, o0, a, ao, scalarD(r, c), m);
                } else {
                    double[] a = vecD(s, c, m);
                    int ao = vo;
                    double[] b = vecD(r, c, m);
                    int bo = vo;
                    o = toOut ? (double[]) oa : dOut(s);
                    o0 = toOut ? oo : 0;
                    FusedGates.binaryD(op, o, o0, a, ao, b, bo, m);
                }
                if (!toOut && !selects(op)) {
                    Convert.normalize(o, m, c);
                }
                setVec(s, res, o, o0);
                return;
            }
            // a scalar operand stays a scalar (the vector-scalar loops), not a buffer filled with it
            long[] a = sc[s] ? null : vecL(s, c, m);
            int ao = vo;
            long[] b = sc[r] ? null : vecL(r, c, m);
            int bo = vo;
            if (pred) {
                if (sc[s]) {
                    predicateSL(op, z, scalarL(s, c), b, bo, m);
                } else if (sc[r]) {
                    predicateLS(op, z, a, ao, scalarL(r, c), m);
                } else {
                    predicateL(op, z, a, ao, b, bo, m);
                }
                bools(s, m);
                return;
            }
            long[] o = toOut ? (long[]) oa : lOut(s);
            int o0 = toOut ? oo : 0;
            if (sc[s]) {
                FusedGates.binarySL(op, o, o0, scalarL(s, c), b, bo, m);
            } else if (sc[r]) {
                FusedGates.binaryLS(op, o, o0, a, ao, scalarL(r, c), m);
            } else {
                FusedGates.binaryL(op, o, o0, a, ao, b, bo, m);
            }
            if (!toOut && !selects(op)) {
                Convert.normalize(o, m, c);
            }
            setVec(s, res, o, o0);
        }

        /**
         * Whether {@code op}'s result is one of its operands, which are in the compute type already (scalars and vectors
         * alike), so that rounding it to float32 (or wrapping it to int32, or to bool's 0/1) again changes no bit:
         * maximum and minimum (float32 {@code clip} spent a third of its time in that rounding pass, int32 {@code clip}
         * a quarter in the wrapping one).
         */
        private static boolean selects(BinaryOp op) {
            return op == BinaryOp.MAXIMUM || op == BinaryOp.MINIMUM || op == BinaryOp.FMAX || op == BinaryOp.FMIN;
        }

        private void unary(int s, UnaryOp op, FieldType c, int m, FieldType direct, Object oa, int oo) {
            boolean floatTruth = c == FieldType.BOOL && Convert.floating(ty[s]);
            boolean pathL = Convert.integral(c) && !floatTruth;
            boolean logical = op == UnaryOp.LOGICAL_NOT;
            boolean pred = op.isPredicate();
            FieldType res = pred ? FieldType.BOOL : c;
            if (sc[s]) {
                if (pathL) {
                    long v = ScalarMath.unaryL(op, scalarL(s, c), c);
                    setL(s, res, pred ? v : Convert.normL(v, c));
                } else {
                    double x = scalarD(s, c);
                    if (pred) {
                        setL(s, res, ScalarMath.predicateD(op, x) ? 1 : 0);
                    } else {
                        setD(s, res, Convert.normD(ScalarMath.unaryD(op, x, c), c));
                    }
                }
                return;
            }
            boolean toOut = direct == res;
            if (!pathL) {
                if (logical) {
                    // x == 0 on the doubles: the negated truth value (NaN is true)
                    truthOf(s, m);
                    long[] o = lOut(s);
                    Loops.unaryL(UnaryOp.LOGICAL_NOT, o, 0, truth, 0, m, FieldType.BOOL);
                    setVec(s, res, o, 0);
                    return;
                }
                if (pred) {
                    double[] a = vecD(s, c, m);
                    Loops.unaryPredicateD(op, z, 0, a, vo, m);
                    bools(s, m);
                    return;
                }
                double[] a = vecD(s, c, m);
                double[] o = toOut ? (double[]) oa : dOut(s);
                int o0 = toOut ? oo : 0;
                if (Float32Functions.owns(c, op)) {
                    Float32Functions.apply(op, o, o0, a, vo, m);
                } else {
                    unaryD(op, o, o0, a, vo, m);
                }
                if (!toOut && op != UnaryOp.NEGATIVE && op != UnaryOp.ABS) {
                    // negation and abs of a value in the compute type are in it already
                    Convert.normalize(o, m, c);
                }
                setVec(s, res, o, o0);
                return;
            }
            long[] a = vecL(s, c, m);
            long[] o = toOut ? (long[]) oa : lOut(s);
            int o0 = toOut ? oo : 0;
            Loops.unaryL(op, o, o0, a, vo, m, c);
            if (!toOut && !pred) {
                Convert.normalize(o, m, c);
            }
            setVec(s, res, o, o0);
        }

        /**
         * Slot {@code s}'s values are already values of {@code r}: normalising a selection of them to {@code r} changes
         * nothing (a vector slot holds values normalised to its own type; bool's 0 and 1 are values of every type), so
         * {@link #where} skips it ({@code where} of two float32 arrays spent a third of its time rounding floats to float).
         */
        private boolean holds(int s, FieldType r) {
            if (sc[s]) {
                return Convert.floating(r) ? Double.doubleToRawLongBits(Convert.normD(dv[s], r)) == Double.doubleToRawLongBits(dv[s])
                        : Convert.normL(lv[s], r) == lv[s];
            }
            return ty[s] == r || ty[s] == FieldType.BOOL;
        }

        /** {@code where(cond, x, y)} into type {@code r} (WHERE: truth of cond, x and y gathered to r's representation). */
        private void where(int s, FieldType r, int m, FieldType direct, Object oa, int oo) {
            int x = s + 1;
            int y = s + 2;
            if (sc[s] && sc[x] && sc[y]) {
                boolean t = Convert.floating(ty[s]) ? dv[s] != 0 : lv[s] != 0;
                if (Convert.floating(r)) {
                    setD(s, r, Convert.normD(t ? dv[x] : dv[y], r));
                } else {
                    setL(s, r, Convert.normL(t ? lv[x] : lv[y], r));
                }
                return;
            }
            truthOf(s, m);
            boolean toOut = direct == r;
            boolean d = Convert.floating(r);
            FieldType held = d ? FieldType.FLOAT64 : FieldType.INT64;
            Object a = vec(x, held, m, d);
            int ao = vo;
            Object b = vec(y, held, m, d);
            int bo = vo;
            Object o = toOut ? oa : d ? dOut(s) : lOut(s);
            int o0 = toOut ? oo : 0;
            FusedLoops.select(held, truth, a, ao, b, bo, o, o0, m);
            if (!toOut && !(holds(x, r) && holds(y, r))) {
                if (d) {
                    Convert.normalize((double[]) o, m, r);
                } else {
                    Convert.normalize((long[]) o, m, r);
                }
            }
            setVec(s, r, o, o0);
        }
    }
}
