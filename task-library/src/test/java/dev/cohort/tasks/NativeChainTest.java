package dev.cohort.tasks;

import dev.cohort.runtime.geometry.Rect;
import dev.cohort.runtime.instance.Instance;
import dev.cohort.runtime.region.FieldType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

/**
 * {@link NativeChain}: random chains of one dtype (float32, int32, and float64 and int64 as {@code -Dcohort.fused.native=all} runs them) — every operation it takes,
 * constants of every type, broadcast leaves, NaN, infinities, signed zeros and integer extremes among the values,
 * rows around the chunk length — against the machine's semantics evaluated element by element: each operation in
 * double ({@link ScalarMath#binaryD}, {@link ScalarMath#unaryD}) rounded to the type, or in long
 * ({@link ScalarMath#binaryL}, {@link ScalarMath#unaryL}) wrapped to it, bit for bit (a NaN as any NaN: which NaN
 * an operation on two propagates is the JIT's choice, eager loops included). Chains it must leave to the machine
 * (mixed dtypes, a comparison, {@code where}, a strided leaf) are refused.
 */
class NativeChainTest {
    private static final FieldType[] TYPES = {FieldType.FLOAT64, FieldType.FLOAT32, FieldType.INT64, FieldType.INT32, FieldType.BOOL};
    private static final int[] LENGTHS = {1, 7, 1023, 1024, 1025, 2500};

    private static int ins(int kind, int arg) {
        return FusedExpr.instruction(kind, arg);
    }

    private static int op(int kind, FieldType c, int ordinal) {
        return FusedExpr.instruction(kind, c, ordinal);
    }

    private static double value(Random rnd, FieldType t) {
        if (Convert.floating(t)) {
            return switch (rnd.nextInt(30)) {
                case 0 -> Double.NaN;
                case 1 -> Double.POSITIVE_INFINITY;
                case 2 -> Double.NEGATIVE_INFINITY;
                case 3 -> -0.0;
                case 4 -> 0.0;
                case 5 -> 1e30;
                default -> rnd.nextGaussian() * 4;
            };
        }
        return switch (rnd.nextInt(30)) {
            case 0 -> t == FieldType.INT32 ? Integer.MIN_VALUE : Long.MIN_VALUE;
            case 1 -> t == FieldType.INT32 ? Integer.MAX_VALUE : Long.MAX_VALUE;
            case 2 -> 0;
            default -> rnd.nextInt(13) - 6;
        };
    }

    private static Instance leaf(Random rnd, FieldType t, int n) {
        Instance inst = Instance.allocate(t, Rect.ofExtents(n));
        for (int i = 0; i < n; i++) {
            double v = value(rnd, t);
            switch (t) {
                case FLOAT64 -> ((double[]) inst.array())[i] = v;
                case FLOAT32 -> ((float[]) inst.array())[i] = (float) v;
                case INT64 -> ((long[]) inst.array())[i] = rnd.nextInt(30) == 0 ? rnd.nextLong() : (long) v;
                case BOOL -> ((byte[]) inst.array())[i] = (byte) (rnd.nextBoolean() ? 1 : 0);
                default -> ((int[]) inst.array())[i] = rnd.nextInt(30) == 0 ? rnd.nextInt() : (int) v;
            }
        }
        return inst;
    }

    private static Operand.Const constant(Random rnd, FieldType t) {
        return switch (rnd.nextInt(3)) {
            case 0 -> t == FieldType.BOOL ? Operand.Const.of(rnd.nextInt(4) == 0 ? 0.0 : rnd.nextInt(4) == 0 ? Double.NaN : rnd.nextDouble())
                    : Operand.Const.of(Convert.floating(t) ? rnd.nextGaussian() * 3 : rnd.nextInt(7) - 3);
            case 1 -> Operand.Const.of((long) (rnd.nextInt(9) - 4));
            default -> Operand.Const.of(rnd.nextBoolean());
        };
    }

    /**
     * A random chain of type {@code t} of NativeChain's operations only, as postfix code: leaves {@code 0 .. leaves - 1}
     * of type {@code t}, leaf {@code leaves} bool (where's condition), constants appended to {@code consts}.
     */
    private static int[] chain(Random rnd, FieldType t, int leaves, List<Operand.Const> consts) {
        List<Integer> code = new ArrayList<>();
        if (rnd.nextInt(4) == 0) {
            // a plain where(c, x, y) of leaves and constants: NativeChain runs WHERE's loop on the arrays themselves
            code.add(ins(FusedExpr.LEAF, leaves));
            expr(rnd, t, leaves, consts, code, 0);
            expr(rnd, t, leaves, consts, code, 0);
            code.add(op(FusedExpr.WHERE, t, 0));
            return code.stream().mapToInt(Integer::intValue).toArray();
        }
        expr(rnd, t, leaves, consts, code, 3 + rnd.nextInt(3));
        return code.stream().mapToInt(Integer::intValue).toArray();
    }

    private static void expr(Random rnd, FieldType t, int leaves, List<Operand.Const> consts, List<Integer> code, int depth) {
        boolean floating = Convert.floating(t);
        int what = depth == 0 ? rnd.nextInt(2) : rnd.nextInt(6);
        switch (what) {
            case 0 -> code.add(ins(FusedExpr.LEAF, rnd.nextInt(leaves)));
            case 1 -> {
                if (rnd.nextInt(3) == 0) {
                    consts.add(constant(rnd, t));
                    code.add(ins(FusedExpr.CONST, consts.size() - 1));
                } else {
                    code.add(ins(FusedExpr.LEAF, rnd.nextInt(leaves)));
                }
            }
            case 2 -> {
                List<UnaryOp> uops = new ArrayList<>();
                for (UnaryOp u : UnaryOp.values()) {
                    if (floating ? !u.isPredicate() && u != UnaryOp.INVERT
                            : (t == FieldType.BOOL ? NativeChain.BOOL_UNARY : NativeChain.INTEGER_UNARY).contains(u)) {
                        uops.add(u);
                    }
                }
                expr(rnd, t, leaves, consts, code, depth - 1);
                code.add(op(FusedExpr.UNARY, t, uops.get(rnd.nextInt(uops.size())).ordinal()));
            }
            case 5 -> {
                // where(condition, x, y): the condition a bool leaf or a comparison of two values of the type (in a
                // bool chain also any bool expression: a constant or a broadcast leaf too)
                if (t == FieldType.BOOL && rnd.nextInt(3) == 0) {
                    expr(rnd, t, leaves, consts, code, depth - 1);
                } else if (rnd.nextBoolean()) {
                    code.add(ins(FusedExpr.LEAF, leaves));
                } else {
                    expr(rnd, t, leaves, consts, code, depth - 1);
                    expr(rnd, t, leaves, consts, code, depth - 1);
                    List<BinaryOp> cmp = new ArrayList<>(NativeChain.COMPARISONS);
                    code.add(op(FusedExpr.BINARY, t, cmp.get(rnd.nextInt(cmp.size())).ordinal()));
                }
                expr(rnd, t, leaves, consts, code, depth - 1);
                expr(rnd, t, leaves, consts, code, depth - 1);
                code.add(op(FusedExpr.WHERE, t, 0));
            }
            default -> {
                List<BinaryOp> bops = new ArrayList<>(floating ? NativeChain.FLOATING_BINARY
                        : t == FieldType.BOOL ? NativeChain.BOOL_BINARY : NativeChain.INTEGER_BINARY);
                expr(rnd, t, leaves, consts, code, depth - 1);
                expr(rnd, t, leaves, consts, code, depth - 1);
                code.add(op(FusedExpr.BINARY, t, bops.get(rnd.nextInt(bops.size())).ordinal()));
            }
        }
    }

    /** The chain's value at element {@code j}, one operation at a time in the machine's representation. */
    private static long[] reference(int[] code, List<Operand.Const> consts, Tile.View[] views, long[] inner, int j, FieldType t) {
        boolean floating = Convert.floating(t);
        double[] d = new double[code.length + 1];
        long[] l = new long[code.length + 1];
        int sp = 0;
        for (int c : code) {
            switch (FusedExpr.kind(c)) {
                case FusedExpr.LEAF -> {
                    int a = FusedExpr.index(c);
                    long at = inner[a] == 0 ? 0 : j;
                    boolean bool = views[a].type == FieldType.BOOL;
                    d[sp] = bool ? views[a].getD(at) : Convert.normD(views[a].getD(at), t);
                    l[sp] = bool ? views[a].getL(at) : Convert.normL(views[a].getL(at), t);
                    sp++;
                }
                case FusedExpr.WHERE -> {
                    boolean cond = l[sp - 3] != 0;
                    d[sp - 3] = cond ? d[sp - 2] : d[sp - 1];
                    l[sp - 3] = cond ? l[sp - 2] : l[sp - 1];
                    sp -= 2;
                }
                case FusedExpr.CONST -> {
                    Operand.Const k = consts.get(FusedExpr.index(c));
                    d[sp] = Convert.normD(Convert.bitsToDouble(k.type(), k.bits()), t);
                    // the machine's cast of a scalar operand: a float's truth value in bool (d2compute)
                    l[sp] = t == FieldType.BOOL && Convert.floating(k.type()) ? (Convert.bitsToDouble(k.type(), k.bits()) != 0 ? 1 : 0)
                            : Convert.normL(Convert.bitsToLong(k.type(), k.bits()), t);
                    sp++;
                }
                case FusedExpr.UNARY -> {
                    UnaryOp u = UnaryOp.values()[FusedExpr.op(c)];
                    if (floating) {
                        d[sp - 1] = Convert.normD(ScalarMath.unaryD(u, d[sp - 1], t), t);
                    } else {
                        l[sp - 1] = Convert.normL(ScalarMath.unaryL(u, l[sp - 1], t), t);
                    }
                }
                default -> {
                    BinaryOp b = BinaryOp.values()[FusedExpr.op(c)];
                    if (NativeChain.COMPARISONS.contains(b)) {
                        boolean v = floating ? ScalarMath.predicateD(b, d[sp - 2], d[sp - 1]) : ScalarMath.predicateL(b, l[sp - 2], l[sp - 1]);
                        d[sp - 2] = v ? 1 : 0;
                        l[sp - 2] = v ? 1 : 0;
                    } else if (floating) {
                        d[sp - 2] = Convert.normD(ScalarMath.binaryD(b, d[sp - 2], d[sp - 1]), t);
                    } else {
                        l[sp - 2] = Convert.normL(ScalarMath.binaryL(b, l[sp - 2], l[sp - 1]), t);
                    }
                    sp--;
                }
            }
        }
        return new long[] {Double.doubleToRawLongBits(d[0]), l[0]};
    }

    private static long bitsOf(Object array, int j, FieldType t) {
        return switch (t) {
            case FLOAT64 -> {
                double v = ((double[]) array)[j];
                yield Double.isNaN(v) ? 1 : Double.doubleToRawLongBits(v);
            }
            case FLOAT32 -> {
                float v = ((float[]) array)[j];
                yield Float.isNaN(v) ? 1 : Float.floatToRawIntBits(v);
            }
            case INT64 -> ((long[]) array)[j];
            case BOOL -> ((byte[]) array)[j];
            default -> ((int[]) array)[j];
        };
    }

    private static long expected(long[] ref, FieldType t) {
        double v = Double.longBitsToDouble(ref[0]);
        return switch (t) {
            case FLOAT64 -> Double.isNaN(v) ? 1 : ref[0];
            case FLOAT32 -> Double.isNaN(v) ? 1 : Float.floatToRawIntBits((float) v);
            case INT64 -> ref[1];
            case BOOL -> ref[1] != 0 ? 1 : 0;
            default -> (int) ref[1];
        };
    }

    @Test
    @Timeout(120)
    void randomChainsOfOneDtypeGiveTheMachinesBits() {
        Random rnd = new Random(17);
        int chains = 0;
        for (int trial = 0; trial < 500; trial++) {
            FieldType t = TYPES[trial % TYPES.length];
            int n = LENGTHS[rnd.nextInt(LENGTHS.length)];
            int nl = 1 + rnd.nextInt(3);
            Tile.View[] views = new Tile.View[nl + 2];
            long[] inner = new long[nl + 2];
            for (int a = 0; a < nl; a++) {
                boolean broadcast = rnd.nextInt(5) == 0;
                Instance inst = leaf(rnd, t, broadcast ? 1 : n);
                views[a] = broadcast ? Tile.View.fixed(inst) : Tile.View.whole(inst);
                inner[a] = broadcast ? 0 : 1;
            }
            Instance mask = Instance.allocate(FieldType.BOOL, Rect.ofExtents(n));
            for (int i = 0; i < n; i++) {
                ((byte[]) mask.array())[i] = (byte) (rnd.nextInt(3) == 0 ? 1 : 0);
            }
            views[nl] = Tile.View.whole(mask);
            inner[nl] = 1;
            Instance out = Instance.allocate(t, Rect.ofExtents(n));
            views[nl + 1] = Tile.View.whole(out);
            inner[nl + 1] = 1;
            List<Operand.Const> consts = new ArrayList<>();
            int[] code = chain(rnd, t, nl, consts);
            Operand.Const[] k = consts.toArray(new Operand.Const[0]);
            NativeChain nc = NativeChain.of(code, k, views, inner, FusedExpr.depth(code), true);
            assertNotNull(nc, t + " chain refused");
            try {
                nc.row(new long[nl + 2], n);
            } catch (ArithmeticException e) {
                continue;
            }
            chains++;
            for (int j = 0; j < n; j++) {
                long[] ref = reference(code, consts, views, inner, j, t);
                assertEquals(expected(ref, t), bitsOf(out.array(), j, t), t + " trial " + trial + " element " + j + " of " + n);
            }
        }
        assertEquals(500, chains, "every chain ran");
    }

    @Test
    void aBoolChainsScalarConditionPicksItsBranch() {
        int n = 1500;
        Random rnd = new Random(5);
        Instance a = leaf(rnd, FieldType.BOOL, n);
        Instance b = leaf(rnd, FieldType.BOOL, n);
        Instance out = Instance.allocate(FieldType.BOOL, Rect.ofExtents(n));
        Tile.View[] views = {Tile.View.whole(a), Tile.View.whole(b), Tile.View.whole(out)};
        // where(c, a, b) with c a constant, then with c = a constant's logical not (a scalar computed in the chain)
        for (boolean c : new boolean[] {true, false}) {
            int[] code = {ins(FusedExpr.CONST, 0), ins(FusedExpr.LEAF, 0), ins(FusedExpr.LEAF, 1), op(FusedExpr.WHERE, FieldType.BOOL, 0)};
            int[] notCode = {ins(FusedExpr.CONST, 0), op(FusedExpr.UNARY, FieldType.BOOL, UnaryOp.INVERT.ordinal()),
                ins(FusedExpr.LEAF, 0), ins(FusedExpr.LEAF, 1), op(FusedExpr.WHERE, FieldType.BOOL, 0)};
            Operand.Const[] k = {Operand.Const.of(c)};
            for (int[] chain : List.of(code, notCode)) {
                boolean pick = chain == code ? c : !c;
                NativeChain nc = NativeChain.of(chain, k, views, new long[] {1, 1, 1}, FusedExpr.depth(chain), false);
                assertNotNull(nc);
                nc.row(new long[3], n);
                byte[] want = (byte[]) (pick ? a : b).array();
                for (int j = 0; j < n; j++) {
                    assertEquals(want[j], ((byte[]) out.array())[j], "where(" + pick + ", a, b) element " + j);
                }
            }
        }
    }

    @Test
    void chainsForTheMachineAreRefused() {
        Random rnd = new Random(3);
        int n = 100;
        Tile.View f32 = Tile.View.whole(leaf(rnd, FieldType.FLOAT32, n));
        Tile.View f64 = Tile.View.whole(leaf(rnd, FieldType.FLOAT64, n));
        Tile.View out32 = Tile.View.whole(Instance.allocate(FieldType.FLOAT32, Rect.ofExtents(n)));
        Tile.View outZ = Tile.View.whole(Instance.allocate(FieldType.BOOL, Rect.ofExtents(n)));
        int[] add = {ins(FusedExpr.LEAF, 0), ins(FusedExpr.LEAF, 1), op(FusedExpr.BINARY, FieldType.FLOAT32, BinaryOp.ADD.ordinal())};
        Operand.Const[] none = new Operand.Const[0];
        assertNotNull(NativeChain.of(add, none, new Tile.View[] {f32, f32, out32}, new long[] {1, 1, 1}, 2));
        // a float64 leaf in a float32 chain, a strided leaf, a strided out
        assertNull(NativeChain.of(add, none, new Tile.View[] {f32, f64, out32}, new long[] {1, 1, 1}, 2));
        assertNull(NativeChain.of(add, none, new Tile.View[] {f32, f32, out32}, new long[] {1, 2, 1}, 2));
        assertNull(NativeChain.of(add, none, new Tile.View[] {f32, f32, out32}, new long[] {1, 1, 2}, 2));
        // a comparison (bool result), an operation computing in another type, nextafter
        int[] less = {ins(FusedExpr.LEAF, 0), ins(FusedExpr.LEAF, 1), op(FusedExpr.BINARY, FieldType.FLOAT32, BinaryOp.LESS.ordinal())};
        assertNull(NativeChain.of(less, none, new Tile.View[] {f32, f32, outZ}, new long[] {1, 1, 1}, 2));
        int[] wide = {ins(FusedExpr.LEAF, 0), ins(FusedExpr.LEAF, 1), op(FusedExpr.BINARY, FieldType.FLOAT64, BinaryOp.ADD.ordinal())};
        assertNull(NativeChain.of(wide, none, new Tile.View[] {f32, f32, out32}, new long[] {1, 1, 1}, 2));
        int[] next = {ins(FusedExpr.LEAF, 0), ins(FusedExpr.LEAF, 1), op(FusedExpr.BINARY, FieldType.FLOAT32, BinaryOp.NEXTAFTER.ordinal())};
        assertNull(NativeChain.of(next, none, new Tile.View[] {f32, f32, out32}, new long[] {1, 1, 1}, 2));
        // out in place of a leaf (the same elements) runs; out in a leaf's array at other elements stays on the machine
        Instance shared = leaf(rnd, FieldType.FLOAT32, n);
        Tile.View whole = Tile.View.whole(shared);
        assertNotNull(NativeChain.of(add, none, new Tile.View[] {whole, f32, whole}, new long[] {1, 1, 1}, 2));
        assertNull(NativeChain.of(add, none, new Tile.View[] {Tile.View.fixed(shared), f32, whole}, new long[] {0, 1, 1}, 2));
        // float64 and int64 chains only when asked for (cohort.fused.native=all)
        Tile.View out64 = Tile.View.whole(Instance.allocate(FieldType.FLOAT64, Rect.ofExtents(n)));
        int[] add64 = {ins(FusedExpr.LEAF, 0), ins(FusedExpr.LEAF, 1), op(FusedExpr.BINARY, FieldType.FLOAT64, BinaryOp.ADD.ordinal())};
        assertNull(NativeChain.of(add64, none, new Tile.View[] {f64, f64, out64}, new long[] {1, 1, 1}, 2, false));
        assertNotNull(NativeChain.of(add64, none, new Tile.View[] {f64, f64, out64}, new long[] {1, 1, 1}, 2, true));
        // where with a float condition (its truth value is the machine's), a chain ending in a comparison, a bool leaf
        // in arithmetic; where with a comparison or a bool leaf as its condition runs
        int[] where = {ins(FusedExpr.LEAF, 0), ins(FusedExpr.LEAF, 1), ins(FusedExpr.LEAF, 1),
            op(FusedExpr.WHERE, FieldType.FLOAT32, 0)};
        assertNull(NativeChain.of(where, none, new Tile.View[] {f32, f32, out32}, new long[] {1, 1, 1}, 3));
        Tile.View mask = Tile.View.whole(Instance.allocate(FieldType.BOOL, Rect.ofExtents(n)));
        assertNotNull(NativeChain.of(where, none, new Tile.View[] {mask, f32, out32}, new long[] {1, 1, 1}, 3));
        int[] relu = {ins(FusedExpr.LEAF, 0), ins(FusedExpr.CONST, 0), op(FusedExpr.BINARY, FieldType.FLOAT32, BinaryOp.GREATER.ordinal()),
            ins(FusedExpr.LEAF, 0), ins(FusedExpr.CONST, 0), op(FusedExpr.WHERE, FieldType.FLOAT32, 0)};
        Operand.Const[] zero = {Operand.Const.of(0L)};
        assertNotNull(NativeChain.of(relu, zero, new Tile.View[] {f32, out32}, new long[] {1, 1}, 3));
        assertNull(NativeChain.of(less, none, new Tile.View[] {f32, f32, out32}, new long[] {1, 1, 1}, 2));
        assertNull(NativeChain.of(add, none, new Tile.View[] {mask, f32, out32}, new long[] {1, 1, 1}, 2));
        // a float64 chain holding a where runs without cohort.fused.native=all
        int[] where64 = {ins(FusedExpr.LEAF, 0), ins(FusedExpr.LEAF, 1), ins(FusedExpr.LEAF, 1), op(FusedExpr.WHERE, FieldType.FLOAT64, 0)};
        assertNotNull(NativeChain.of(where64, none, new Tile.View[] {mask, f64, out64}, new long[] {1, 1, 1}, 3, false));
        // bool chains: logical and of two bool leaves runs, a bool leaf in a float32 sum does not
        int[] and = {ins(FusedExpr.LEAF, 0), ins(FusedExpr.LEAF, 1), op(FusedExpr.BINARY, FieldType.BOOL, BinaryOp.LOGICAL_AND.ordinal())};
        assertNotNull(NativeChain.of(and, none, new Tile.View[] {mask, mask, outZ}, new long[] {1, 1, 1}, 2, false));
        int[] sub = {ins(FusedExpr.LEAF, 0), ins(FusedExpr.LEAF, 1), op(FusedExpr.BINARY, FieldType.BOOL, BinaryOp.SUBTRACT.ordinal())};
        assertNull(NativeChain.of(sub, none, new Tile.View[] {mask, mask, outZ}, new long[] {1, 1, 1}, 2, false));
    }
}
