package dev.cohort.tasks;

import dev.cohort.runtime.region.FieldType;

import java.util.Arrays;
import java.util.EnumSet;
import java.util.Set;

/**
 * FUSED in the chain's own dtype: a chain whose leaves and out all have one type and whose every operation computes in
 * that type runs chunk by chunk on buffers of that type through the eager dense loops ({@link Loops#binaryF},
 * {@link Loops#binaryFS}, {@link Loops#binarySF}, {@link Loops#unaryF}, their int32 siblings, and for float64 and int64
 * {@link Loops#binaryD} and {@link Loops#binaryL} and theirs), instead of {@code FusedKernels}' machine, which holds
 * every floating value as a double and every integer as a long. Those loops are the ones an eager BINARY_OP or
 * UNARY_OP runs on a dense row, so each operation gives the bits of the separate launch (the machine gives the same:
 * float32 {@code + - * /}, maximum, minimum, power and the unary functions are computed in double and rounded once, or
 * in float where that is the same value; int32 wraps as {@code (int)} of the long result), and the chain's result has
 * the bits of the eager program ({@code NativeChainTest}).
 *
 * <p>Each leaf's chunk is first copied into its slot's buffer, so that every loop runs with out and operands at one
 * index from 0 (the loops' first form, which JDK 17's C2 vectorises for every operation; at different offsets it
 * vectorises only the plain arithmetic, see {@link Loops}). Why: the machine widens every float32 leaf to double and
 * narrows the result (about 0.34 ns an element each way here: C2 does not vectorise the conversions), rounds every
 * float32 result, and moves int32 values as longs. Measured (1 shard, 1e5 elements, this project's Xeon, one program,
 * 1 000 calls each, minimum of the calls, the machine with {@code -Dcohort.fused.native=false} against this class in the
 * same build, two runs): {@code x * 2 + y - 1} float32 370-387 µs against 44-53, int32 243-251 against 44-55;
 * {@code clip(x, 1, 4)} float32 151-159 against 46-49, int32 135-136 against 77-86.
 *
 * <p><b>Which types</b> ({@link #NATIVE_PROP}): float32, int32 and bool by default, and float64 and int64 chains that
 * hold a {@code where}. Other float64 and int64 chains run here only with {@code -Dcohort.fused.native=all}: the machine
 * already holds their leaves' own arrays and has vector loops for them, and the same probe measured float64
 * {@code x * 2 + y - 1} at 96-98 µs on the machine against 106-113 here; the machine's select gathers both branches
 * and the condition into long buffers, where float64 {@code where(b, x, y)} of 1e5 took 274 µs against 214 here. In
 * a bool chain every value is 0 or 1 ({@link Loops#binaryZ}: {@code +} is or, {@code *} and) and may be a condition.
 *
 * <p><b>A plain {@code where(c, x, y)}</b> (a bool leaf, leaves or constants) copies nothing: {@link #row} runs WHERE's
 * loop on the leaves' and out's own arrays. Measured (1 shard, probe as above, minimum of 200 resp. 8 calls):
 * float64 1e5 274 -> 125 µs, 1e7 14.9 -> 7.5 ms; int64 1e7 14.5 -> 9.2 ms; bool 1e5 316 -> 68 µs, 1e7 1.9 ms
 * (its select branch-free, {@link DataLoops}).
 *
 * <p><b>Which chains</b> ({@link #of}): leaves of the type with unit stride along the row or fixed along it (a broadcast
 * scalar), constants of any type (cast to the type as the machine casts a scalar operand), out of the type with unit
 * stride and not overlapping a leaf at other elements, and only the operations of {@link #FLOATING_BINARY} (with every
 * unary operation that is not a predicate) or of {@link #INTEGER_BINARY} and {@link #INTEGER_UNARY}; and {@code where}
 * whose condition is a bool leaf or one of the {@link #COMPARISONS} of two values of the type (the condition's bytes are
 * a slot of their own; the select is WHERE's loop, {@link DataLoops}: {@code where(x > 0, x, 0.1 * x)} is one chain). Any other chain, one mixing dtypes, ending in a
 * comparison or with a condition of another kind, stays on the machine.
 */
final class NativeChain {
    /** Binary operations of a floating chain: those whose eager loop gives the machine's bits (no predicate, no nextafter). */
    static final Set<BinaryOp> FLOATING_BINARY = EnumSet.of(BinaryOp.ADD, BinaryOp.SUBTRACT, BinaryOp.MULTIPLY,
            BinaryOp.DIVIDE, BinaryOp.MAXIMUM, BinaryOp.MINIMUM, BinaryOp.POWER);
    /** Binary operations of an integer chain, which wrap as the long path does (no power: its negative-exponent check is the machine's). */
    static final Set<BinaryOp> INTEGER_BINARY = EnumSet.of(BinaryOp.ADD, BinaryOp.SUBTRACT, BinaryOp.MULTIPLY,
            BinaryOp.MAXIMUM, BinaryOp.MINIMUM, BinaryOp.FLOOR_DIVIDE, BinaryOp.REMAINDER, BinaryOp.BITWISE_AND,
            BinaryOp.BITWISE_OR, BinaryOp.BITWISE_XOR);
    /** The comparisons, into a bool vector that only {@code where} takes (as its condition). */
    static final Set<BinaryOp> COMPARISONS = EnumSet.of(BinaryOp.EQUAL, BinaryOp.NOT_EQUAL, BinaryOp.LESS,
            BinaryOp.LESS_EQUAL, BinaryOp.GREATER, BinaryOp.GREATER_EQUAL);
    /**
     * Binary operations of a bool chain ({@link Loops#binaryZ}'s loops: {@code +} and maximum are or, {@code *} and
     * minimum and, as NumPy's bool ufuncs; the machine normalises its long result to 0 or 1, the same values).
     */
    static final Set<BinaryOp> BOOL_BINARY = EnumSet.of(BinaryOp.ADD, BinaryOp.MULTIPLY, BinaryOp.MAXIMUM,
            BinaryOp.MINIMUM, BinaryOp.LOGICAL_AND, BinaryOp.LOGICAL_OR, BinaryOp.LOGICAL_XOR, BinaryOp.BITWISE_AND,
            BinaryOp.BITWISE_OR, BinaryOp.BITWISE_XOR);
    /** Unary operations of a bool chain ({@link Loops#unaryZ}): {@code invert} is logical not, abs the identity. */
    static final Set<UnaryOp> BOOL_UNARY = EnumSet.of(UnaryOp.ABS, UnaryOp.INVERT);
    /** Unary operations of an integer chain: {@link Loops#unaryI}'s and {@link Loops#unaryL}'s own loops. */
    static final Set<UnaryOp> INTEGER_UNARY = EnumSet.of(UnaryOp.NEGATIVE, UnaryOp.ABS, UnaryOp.SQUARE, UnaryOp.SIGN,
            UnaryOp.POSITIVE, UnaryOp.INVERT);

    /**
     * System property: {@code true} (the default) runs float32, int32 and bool chains here, and float64 and int64 ones
     * that hold a {@code where}; {@code all} every float64 and int64 one too, {@code false} none (the machine runs every
     * chain).
     */
    static final String NATIVE_PROP = "cohort.fused.native";
    private static final String NATIVE = System.getProperty(NATIVE_PROP, "true").toLowerCase(java.util.Locale.ROOT);
    /** Whether FUSED asks this class at all ({@link #NATIVE_PROP} is not {@code false}). */
    static final boolean ON = !"false".equals(NATIVE);
    private static final boolean ALL_TYPES = "all".equals(NATIVE);

    private static final UnaryOp[] UNARY_OPS = UnaryOp.values();
    private static final BinaryOp[] BINARY_OPS = BinaryOp.values();
    private static final int CHUNK = FusedKernels.CHUNK;

    /** The stack buffers of one worker thread (kernels never nest); contents undefined on entry. */
    private static final class Buffers {
        final Object[][] byType = new Object[FieldType.values().length][0];

        Object[] ensure(FieldType t, int depth) {
            Object[] b = byType[t.ordinal()];
            if (b.length < depth) {
                int k = b.length;
                b = Arrays.copyOf(b, depth);
                for (int s = k; s < depth; s++) {
                    b[s] = t.newArray(CHUNK);
                }
                byType[t.ordinal()] = b;
            }
            return b;
        }
    }

    private static final ThreadLocal<Buffers> BUFFERS = ThreadLocal.withInitial(Buffers::new);

    private final int[] code;
    private final Operand.Const[] consts;
    private final Tile.View[] views;
    private final long[] inner;
    private final int out;
    private final FieldType t;
    private final boolean floating;
    private final Object[] buf;
    private final Object[] zbuf;
    // slot s: a scalar (sc[s]: ds[s] for the floating types, ls[s] for the integers), a vector (buf[s] from 0), or a
    // bool vector (zbuf[s] from 0, where's condition: of() typed the code, so the slots that hold one are known)
    private final boolean[] sc;
    private final double[] ds;
    private final long[] ls;
    /** The chain is {@code where(c, x, y)} of a bool leaf and leaves or constants: {@link #row} runs WHERE's loop in place. */
    private final boolean plainWhere;

    private NativeChain(int[] code, Operand.Const[] consts, Tile.View[] views, long[] inner, int depth, FieldType t) {
        this.code = code;
        this.consts = consts;
        this.views = views;
        this.inner = inner;
        this.out = views.length - 1;
        this.t = t;
        this.floating = Convert.floating(t);
        this.buf = BUFFERS.get().ensure(t, depth);
        this.zbuf = BUFFERS.get().ensure(FieldType.BOOL, depth);
        this.sc = new boolean[depth];
        this.ds = new double[depth];
        this.ls = new long[depth];
        this.plainWhere = plainWhere(code, views, inner);
    }

    /**
     * The native evaluator of {@code code} over {@code views} (leaves, then out) with the plan's row strides
     * {@code inner}, or null when the chain does not qualify (see the class comment).
     */
    static NativeChain of(int[] code, Operand.Const[] consts, Tile.View[] views, long[] inner, int depth) {
        return of(code, consts, views, inner, depth, ALL_TYPES);
    }

    /** {@link #of}, taking float64 and int64 chains too when {@code wide}. */
    static NativeChain of(int[] code, Operand.Const[] consts, Tile.View[] views, long[] inner, int depth, boolean wide) {
        int nl = views.length - 1;
        FieldType t = views[nl].type;
        boolean home = t == FieldType.FLOAT64 || t == FieldType.INT64;
        boolean typed = t == FieldType.FLOAT32 || t == FieldType.INT32 || t == FieldType.BOOL || (home && (wide || selects(code)));
        if (!typed || views[nl].constant || inner[nl] != 1) {
            return null;
        }
        boolean floating = Convert.floating(t);
        boolean logical = t == FieldType.BOOL;
        // the stack's types: true for a bool vector (a bool leaf or a comparison, only ever where's condition); in a
        // bool chain every value is one, and all false here: each may be an operand and a condition
        boolean[] bool = new boolean[code.length + 1];
        int sp = 0;
        for (int ins : code) {
            switch (FusedExpr.kind(ins)) {
                case FusedExpr.LEAF -> {
                    int a = FusedExpr.index(ins);
                    if (a >= nl) {
                        return null;
                    }
                    Tile.View v = views[a];
                    boolean isBool = !logical && v.type == FieldType.BOOL && !v.scalar(inner[a]);
                    if ((v.type != t && !isBool) || (!v.scalar(inner[a]) && inner[a] != 1)) {
                        return null;
                    }
                    if (v.array == views[nl].array && !(v.base == views[nl].base && Arrays.equals(v.stride, views[nl].stride))) {
                        // out is this leaf's array at other elements: the machine's element-by-element order decides
                        // what later elements read (FusedSimdTest), which a chunk computed before its write would not
                        return null;
                    }
                    bool[sp++] = isBool;
                }
                case FusedExpr.CONST -> {
                    if (FusedExpr.index(ins) >= consts.length) {
                        return null;
                    }
                    bool[sp++] = false;
                }
                case FusedExpr.UNARY -> {
                    int k = FusedExpr.op(ins);
                    if (sp < 1 || bool[sp - 1] || FusedExpr.compute(ins) != t || k >= UNARY_OPS.length) {
                        return null;
                    }
                    UnaryOp op = UNARY_OPS[k];
                    if (floating ? op.isPredicate() || op == UnaryOp.INVERT : !(logical ? BOOL_UNARY : INTEGER_UNARY).contains(op)) {
                        return null;
                    }
                }
                case FusedExpr.BINARY -> {
                    int k = FusedExpr.op(ins);
                    if (sp < 2 || bool[sp - 1] || bool[sp - 2] || FusedExpr.compute(ins) != t || k >= BINARY_OPS.length) {
                        return null;
                    }
                    BinaryOp op = BINARY_OPS[k];
                    boolean comparison = COMPARISONS.contains(op);
                    if (!comparison && !(floating ? FLOATING_BINARY : logical ? BOOL_BINARY : INTEGER_BINARY).contains(op)) {
                        return null;
                    }
                    sp--;
                    bool[sp - 1] = comparison && !logical;
                }
                case FusedExpr.WHERE -> {
                    if (sp < 3 || !(bool[sp - 3] || logical) || bool[sp - 2] || bool[sp - 1] || FusedExpr.compute(ins) != t) {
                        return null;
                    }
                    sp -= 2;
                    bool[sp - 1] = false;
                }
                default -> {
                    return null;
                }
            }
        }
        if (sp != 1 || bool[0]) {
            return null;
        }
        return new NativeChain(code, consts, views, inner, depth, t);
    }

    /** Whether {@code code} holds a {@code where}. */
    private static boolean selects(int[] code) {
        for (int ins : code) {
            if (FusedExpr.kind(ins) == FusedExpr.WHERE) {
                return true;
            }
        }
        return false;
    }

    /**
     * Whether {@code code} is {@code where(c, x, y)} with {@code c} a bool leaf varying along the row and {@code x},
     * {@code y} leaves or constants: then no slot is needed, and {@link #row} calls WHERE's loop on the leaves' and
     * out's own arrays, without the chunk copies (float64 {@code where} of 1e5 elements: 193-214 µs chunked, 125 so;
     * at 1e7 the chunked form was 10 % slower than the machine).
     */
    private static boolean plainWhere(int[] code, Tile.View[] views, long[] inner) {
        if (code.length != 4 || FusedExpr.kind(code[3]) != FusedExpr.WHERE || FusedExpr.kind(code[0]) != FusedExpr.LEAF) {
            return false;
        }
        int c = FusedExpr.index(code[0]);
        if (views[c].type != FieldType.BOOL || views[c].scalar(inner[c])) {
            return false;
        }
        for (int k = 1; k <= 2; k++) {
            int kind = FusedExpr.kind(code[k]);
            if (kind != FusedExpr.LEAF && kind != FusedExpr.CONST) {
                return false;
            }
        }
        return true;
    }

    /** Evaluates the chain over the {@code n} elements of one row (offsets {@code rowOff}, leaves then out). */
    void row(long[] rowOff, int n) {
        Object oa = views[out].array;
        if (plainWhere) {
            whereRow(rowOff, n);
            return;
        }
        for (int c0 = 0; c0 < n; c0 += CHUNK) {
            int m = Math.min(CHUNK, n - c0);
            eval(rowOff, c0, m);
            int oo = (int) (rowOff[out] + c0);
            if (sc[0]) {
                DataLoops.fill(t, oa, oo, 1, m, floating ? t.bitsOf(ds[0]) : ls[0]);
            } else {
                System.arraycopy(buf[0], 0, oa, oo, m);
            }
        }
    }

    /** {@link #plainWhere}'s row: WHERE's loop on the leaves' and out's own arrays, constants and fixed leaves as scalars. */
    private void whereRow(long[] rowOff, int n) {
        int c = FusedExpr.index(code[0]);
        Object xa = branch(1, rowOff);
        Object ya = branch(2, rowOff);
        int xo = xa == null ? 0 : (int) rowOff[FusedExpr.index(code[1])];
        int yo = ya == null ? 0 : (int) rowOff[FusedExpr.index(code[2])];
        DataLoops.where(t, (byte[]) views[c].array, (int) rowOff[c], views[out].array, (int) rowOff[out], xa, xo, ds[1], ls[1],
                ya, yo, ds[2], ls[2], n);
    }

    /** Where's branch {@code k} (1 or 2): its leaf's array when it varies along the row, else null and slot k holds its scalar. */
    private Object branch(int k, long[] rowOff) {
        int ins = code[k];
        if (FusedExpr.kind(ins) == FusedExpr.LEAF) {
            int a = FusedExpr.index(ins);
            Tile.View v = views[a];
            if (!v.scalar(inner[a])) {
                return v.array;
            }
            scalar(k, v.getD(rowOff[a]), v.getL(rowOff[a]));
        } else {
            constant(k, consts[FusedExpr.index(ins)]);
        }
        return null;
    }

    private void eval(long[] rowOff, int c0, int m) {
        int sp = 0;
        for (int ins : code) {
            switch (FusedExpr.kind(ins)) {
                case FusedExpr.LEAF -> leaf(sp++, FusedExpr.index(ins), rowOff, c0, m);
                case FusedExpr.CONST -> constant(sp++, consts[FusedExpr.index(ins)]);
                case FusedExpr.UNARY -> unary(sp - 1, UNARY_OPS[FusedExpr.op(ins)], m);
                case FusedExpr.WHERE -> {
                    where(sp - 3, m);
                    sp -= 2;
                }
                default -> {
                    binary(sp - 2, BINARY_OPS[FusedExpr.op(ins)], m);
                    sp--;
                }
            }
        }
    }

    /** Slot {@code s} becomes constant {@code k}, cast as the machine casts a scalar operand to the compute type (Convert.normD / normL). */
    private void constant(int s, Operand.Const k) {
        double d = Convert.bitsToDouble(k.type(), k.bits());
        // in a bool chain a float constant counts by its truth value (NumPy's bool(x): NaN and 0.5 are true), as the
        // machine converts it (Convert.d2compute), not by its cast to long
        long l = t == FieldType.BOOL && Convert.floating(k.type()) ? Convert.d2compute(d, t) : Convert.bitsToLong(k.type(), k.bits());
        scalar(s, d, l);
    }

    /** Slot {@code s} becomes a scalar of the chain's type from a value and its NumPy cast to long. */
    private void scalar(int s, double d, long l) {
        sc[s] = true;
        ds[s] = Convert.normD(d, t);
        ls[s] = Convert.normL(l, t);
    }

    private void leaf(int s, int a, long[] rowOff, int c0, int m) {
        Tile.View v = views[a];
        if (v.scalar(inner[a])) {
            scalar(s, v.getD(rowOff[a]), v.getL(rowOff[a]));
        } else {
            // copied into the slot's buffer, so that every loop after runs on one index (o, a and b from 0), the
            // form C2 vectorises for every operation: float32 maximum at another offset ran one element at a time
            sc[s] = false;
            System.arraycopy(v.array, (int) (rowOff[a] + c0), v.type == FieldType.BOOL ? zbuf[s] : buf[s], 0, m);
        }
    }

    private void unary(int s, UnaryOp op, int m) {
        if (sc[s]) {
            if (floating) {
                scalar(s, ScalarMath.unaryD(op, ds[s], t), 0);
                ls[s] = Convert.d2l(ds[s]);
            } else {
                scalar(s, 0, ScalarMath.unaryL(op, ls[s], t));
                ds[s] = ls[s];
            }
            return;
        }
        Loops.unary(t, op, buf[s], 0, buf[s], 0, m);
    }

    private void binary(int s, BinaryOp op, int m) {
        int r = s + 1;
        if (COMPARISONS.contains(op)) {
            compare(s, op, m);
            return;
        }
        if (sc[s] && sc[r]) {
            if (floating) {
                scalar(s, ScalarMath.binaryD(op, ds[s], ds[r]), 0);
                ls[s] = Convert.d2l(ds[s]);
            } else {
                scalar(s, 0, ScalarMath.binaryL(op, ls[s], ls[r]));
                ds[s] = ls[s];
            }
            return;
        }
        if (sc[s]) {
            Loops.binarySV(t, op, buf[s], 0, ds[s], ls[s], buf[r], 0, m);
        } else if (sc[r]) {
            Loops.binaryVS(t, op, buf[s], 0, buf[s], 0, ds[r], ls[r], m);
        } else {
            Loops.binary(t, op, buf[s], 0, buf[s], 0, buf[r], 0, m);
        }
        sc[s] = false;
    }

    /**
     * A comparison of slots {@code s} and {@code s + 1} into the bool vector of slot {@code s}: {@link SimdPredicates}'
     * loop where the comparisons' vector loops run and its gate is open, as the eager BINARY_OP and the machine do,
     * else {@link Loops}' predicate loops (a comparison has one answer: the same bytes either way).
     */
    private void compare(int s, BinaryOp op, int m) {
        int r = s + 1;
        byte[] z = (byte[]) zbuf[s];
        if (sc[s] && sc[r]) {
            boolean v = floating ? ScalarMath.predicateD(op, ds[s], ds[r]) : ScalarMath.predicateL(op, ls[s], ls[r]);
            Arrays.fill(z, 0, m, (byte) (v ? 1 : 0));
        } else {
            int gate = VectorWarmup.predicateGate(t, op);
            boolean vector = gate >= 0 && m >= ElementwiseKernels.PREDICATE_VECTOR_MIN && ElementwiseKernels.VECTOR_PREDICATES
                    && VectorWarmup.open(gate);
            long mark = vector ? VectorWarmup.mark(gate, m) : -1;
            boolean done;
            if (sc[s]) {
                done = vector && VectorWarmup.checked(gate, mark, SimdPredicates.predicateSV(t, op, z, 0, ds[s], ls[s], buf[r], 0, m));
                if (!done) {
                    Loops.predicateSV(t, op, z, 0, ds[s], ls[s], buf[r], 0, m);
                }
            } else if (sc[r]) {
                done = vector && VectorWarmup.checked(gate, mark, SimdPredicates.predicateVS(t, op, z, 0, buf[s], 0, ds[r], ls[r], m));
                if (!done) {
                    Loops.predicateVS(t, op, z, 0, buf[s], 0, ds[r], ls[r], m);
                }
            } else {
                done = vector && VectorWarmup.checked(gate, mark, SimdPredicates.predicate(t, op, z, 0, buf[s], 0, buf[r], 0, m));
                if (!done) {
                    Loops.predicate(t, op, z, 0, buf[s], 0, buf[r], 0, m);
                }
            }
        }
        sc[s] = false;
    }

    /** {@code where(slot s, slot s + 1, slot s + 2)} into slot {@code s}: WHERE's own loops ({@link DataLoops}), scalars as they are. */
    private void where(int s, int m) {
        int x = s + 1;
        int y = s + 2;
        if (sc[s]) {
            // a bool chain's condition may be a scalar (a constant or a broadcast leaf): the slot it picks, as it is
            int p = ls[s] != 0 ? x : y;
            if (sc[p]) {
                ds[s] = ds[p];
                ls[s] = ls[p];
            } else {
                System.arraycopy(buf[p], 0, buf[s], 0, m);
                sc[s] = false;
            }
            return;
        }
        DataLoops.where(t, (byte[]) zbuf[s], 0, buf[s], 0, sc[x] ? null : buf[x], 0, ds[x], ls[x],
                sc[y] ? null : buf[y], 0, ds[y], ls[y], m);
        sc[s] = false;
    }
}
