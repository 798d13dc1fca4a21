package dev.cohort.tasks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cohort.runtime.geometry.Point;
import dev.cohort.runtime.geometry.Rect;
import dev.cohort.runtime.instance.Instance;
import dev.cohort.runtime.launch.Access;
import dev.cohort.runtime.launch.IterSpace;
import dev.cohort.runtime.launch.TaskBody;
import dev.cohort.runtime.region.FieldType;

import java.util.ArrayList;
import java.util.List;
import java.util.function.LongBinaryOperator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Every BINARY_OP, UNARY_OP, WHERE and COPY/CONVERT on every dtype (float64, float32, int64, int32,
 * bool) and every operand layout (dense, shifted, strided, reversed by negative steps, broadcast
 * along rows or columns, constant), for out dense, shifted, strided or reversed, against a plain Java
 * reference written here (compute in double or long with the task library's type semantics, then
 * convert; it calls no kernel code), compared bit for bit. The kernels run on one point with a
 * minimal context ({@link KernelBenchmark.Ctx}), so every layout pairing meets the dense loops and the
 * strided paths alike.
 */
class DtypeKernelTest {
    static final int M = 5;
    static final int N = 11;
    static final IterSpace SPACE = IterSpace.whole(M, N);
    static final FieldType[] TYPES = FieldType.values();

    // ------------------------------------------------------------------ layouts

    /** How an operand reaches its instance from iteration point (i, j). */
    enum Layout {
        DENSE(new long[] {M, N}, new Access(new int[] {0, 1}, new long[] {1, 1}, new long[] {0, 0})),
        SHIFTED(new long[] {M + 1, N + 3}, new Access(new int[] {0, 1}, new long[] {1, 1}, new long[] {1, 3})),
        STRIDED(new long[] {M, 2 * N + 1}, new Access(new int[] {0, 1}, new long[] {1, 2}, new long[] {0, 1})),
        REVERSED(new long[] {M, N}, new Access(new int[] {0, 1}, new long[] {-1, -1}, new long[] {M - 1, N - 1})),
        ROW(new long[] {N}, new Access(new int[] {1}, new long[] {1}, new long[] {0})),
        COLUMN(new long[] {M}, new Access(new int[] {0}, new long[] {1}, new long[] {0})),
        CONST(null, null);

        static final Layout[] OUTS = {DENSE, SHIFTED, STRIDED, REVERSED};

        final long[] shape;
        final Access access;

        Layout(long[] shape, Access access) {
            this.shape = shape;
            this.access = access;
        }

        /** The instance's linear (row-major) index of iteration point (i, j). */
        int index(int i, int j) {
            int[] pt = {i, j};
            int idx = 0;
            for (int k = 0; k < shape.length; k++) {
                int d = access.iterDim()[k];
                long coord = access.start()[k] + (d < 0 ? 0 : access.step()[k] * pt[d]);
                idx = (int) (idx * shape[k] + coord);
            }
            return idx;
        }
    }

    /** An operand: its layout, instance (null for a constant) and constant bits. */
    record Arg(Layout layout, FieldType type, Instance inst, long constBits) {
        long bits(int i, int j) {
            return layout == Layout.CONST ? constBits : inst.getBits(layout.index(i, j));
        }

        Operand operand(int req) {
            return layout == Layout.CONST ? new Operand.Const(type, constBits) : new Operand.StoreOperand(req, type, layout.access);
        }
    }

    // ------------------------------------------------------------------ data

    static final double[] FLOATS = {0.0, -0.0, 1.0, -1.0, 2.5, -3.75, 1e10, -1e-5, Double.NaN, Double.POSITIVE_INFINITY,
        Double.NEGATIVE_INFINITY, 0.5, 7.0, 3e38, -1e300, 4.0e9, -2.5e19, 0.1};
    static final long[] LONGS = {0, 1, -1, 2, -7, 13, Long.MAX_VALUE, Long.MIN_VALUE, 1L << 40, -(1L << 33), 3, 100,
        Integer.MAX_VALUE, Integer.MIN_VALUE, 65536, -40000, (1L << 60) + (1L << 36) + 1};
    static final long[] EXPONENTS = {0, 1, 2, 3, 5, 31, 63};

    /** Raw bits of table value {@code k} as {@code t} (exponents only: small non-negative integers). */
    static long sample(FieldType t, int k, boolean exponent) {
        if (exponent && !floating(t)) {
            return storeL(t, EXPONENTS[Math.floorMod(k, EXPONENTS.length)]);
        }
        return switch (t) {
            case FLOAT64, FLOAT32 -> storeD(t, FLOATS[Math.floorMod(k, FLOATS.length)]);
            case BOOL -> Math.floorMod(k * 5 + k / 3, 3) == 0 ? 0 : 1;
            default -> storeL(t, LONGS[Math.floorMod(k, LONGS.length)]);
        };
    }

    static Arg arg(Layout l, FieldType t, int seed, boolean exponent) {
        if (l == Layout.CONST) {
            return new Arg(l, t, null, sample(t, seed, exponent));
        }
        Instance inst = Instance.allocate(t, Rect.ofExtents(l.shape));
        for (int e = 0; e < inst.size(); e++) {
            inst.setBits(e, sample(t, e * 7 + seed, exponent));
        }
        return new Arg(l, t, inst, 0);
    }

    static Arg out(Layout l, FieldType t) {
        Instance inst = Instance.allocate(t, Rect.ofExtents(l.shape));
        for (int e = 0; e < inst.size(); e++) {
            inst.setBits(e, storeL(t, 99));    // never a result of the ops here at an untouched place
        }
        return new Arg(l, t, inst, 0);
    }

    // ------------------------------------------------------------------ reference semantics

    static boolean floating(FieldType t) {
        return t == FieldType.FLOAT64 || t == FieldType.FLOAT32;
    }

    /** NumPy's float to int64 cast on x86: truncation, NaN and out of range give the minimum. */
    static long castL(double d) {
        return d >= -0x1p63 && d < 0x1p63 ? (long) d : Long.MIN_VALUE;
    }

    static long castI(double d) {
        return d > -2147483649.0 && d < 2147483648.0 ? (int) d : Integer.MIN_VALUE;
    }

    static double valueD(FieldType t, long bits) {
        return switch (t) {
            case FLOAT64 -> Double.longBitsToDouble(bits);
            case FLOAT32 -> Float.intBitsToFloat((int) bits);
            case INT64 -> bits;
            case INT32 -> (int) bits;
            case BOOL -> bits != 0 ? 1 : 0;
        };
    }

    static long valueL(FieldType t, long bits) {
        return switch (t) {
            case FLOAT64, FLOAT32 -> castL(valueD(t, bits));
            case INT64 -> bits;
            case INT32 -> (int) bits;
            case BOOL -> bits != 0 ? 1 : 0;
        };
    }

    /** Raw bits of double {@code v} stored into type {@code t} (as Instance.getBits reports them). */
    static long storeD(FieldType t, double v) {
        return switch (t) {
            case FLOAT64 -> Double.doubleToRawLongBits(v);
            case FLOAT32 -> Float.floatToRawIntBits((float) v);
            case INT64 -> castL(v);
            case INT32 -> castI(v);
            case BOOL -> v != 0 ? 1 : 0;
        };
    }

    static long storeL(FieldType t, long v) {
        return switch (t) {
            case FLOAT64 -> Double.doubleToRawLongBits(v);
            case FLOAT32 -> Float.floatToRawIntBits(v);
            case INT64 -> v;
            case INT32 -> (int) v;
            case BOOL -> v != 0 ? 1 : 0;
        };
    }

    static double roundD(FieldType c, double v) {
        return c == FieldType.FLOAT32 ? (float) v : v;
    }

    static long wrapL(FieldType c, long v) {
        return c == FieldType.INT32 ? (int) v : c == FieldType.BOOL ? (v != 0 ? 1 : 0) : v;
    }

    static boolean truth(FieldType t, long bits) {
        return floating(t) ? valueD(t, bits) != 0 : bits != 0;
    }

    /**
     * NumPy 2's float power: the exponents 2, 0.5 and -1 are {@code a * a}, {@code sqrt(a)} and {@code 1 / a}
     * ({@code np.power(-0.0, 0.5)} is -0.0, {@code np.power(-inf, 0.5)} NaN), else C99 pow ({@code 1 ** y == 1},
     * {@code (-1) ** +-inf == 1}).
     */
    static double powD(double a, double b) {
        if (b == 2.0 || b == 0.5 || b == -1.0) {
            return b == 2.0 ? a * a : b == 0.5 ? Math.sqrt(a) : 1.0 / a;
        }
        return a == 1.0 || (a == -1.0 && Double.isInfinite(b)) ? 1.0 : Math.pow(a, b);
    }

    static long powL(long a, long e) {
        long r = 1;
        for (long k = 0; k < e; k++) {
            r *= a;
        }
        return r;
    }

    static double binD(BinaryOp op, double a, double b) {
        return switch (op) {
            case ADD -> a + b;
            case SUBTRACT -> a - b;
            case MULTIPLY -> a * b;
            case DIVIDE -> a / b;
            case POWER -> powD(a, b);
            case MAXIMUM -> Math.max(a, b);
            case MINIMUM -> Math.min(a, b);
            case FMOD -> a % b;
            case FMAX -> Double.isNaN(b) || a >= b ? a : b;
            case FMIN -> Double.isNaN(b) || a <= b ? a : b;
            case COPYSIGN -> Math.copySign(a, b);
            // floor_divide, remainder, arctan2, hypot: their values are checked against NumPy (UfuncReferenceTest);
            // here the point is that every path and layout gives the scalar function's bits
            default -> ScalarMath.binaryD(op, a, b);
        };
    }

    static long binL(BinaryOp op, long a, long b) {
        return switch (op) {
            case ADD -> a + b;
            case SUBTRACT -> a - b;
            case MULTIPLY -> a * b;
            case DIVIDE, FLOOR_DIVIDE -> b == 0 ? 0 : Math.floorDiv(a, b);
            case POWER -> powL(a, b);
            case MAXIMUM, FMAX -> Math.max(a, b);
            case MINIMUM, FMIN -> Math.min(a, b);
            case REMAINDER -> b == 0 ? 0 : a - b * Math.floorDiv(a, b);
            case FMOD -> b == 0 ? 0 : a % b;
            case BITWISE_AND -> a & b;
            case BITWISE_OR -> a | b;
            case BITWISE_XOR -> a ^ b;
            case LEFT_SHIFT -> b < 0 || b >= 64 ? 0 : a << b;
            case RIGHT_SHIFT -> b < 0 || b >= 64 ? (a < 0 ? -1 : 0) : a >> b;
            case GCD -> java.math.BigInteger.valueOf(a).gcd(java.math.BigInteger.valueOf(b)).longValue();
            case LCM -> a == 0 || b == 0 ? 0 : java.math.BigInteger.valueOf(a).abs()
                    .divide(java.math.BigInteger.valueOf(a).gcd(java.math.BigInteger.valueOf(b)))
                    .multiply(java.math.BigInteger.valueOf(b).abs()).longValue();
            default -> castL(binD(op, a, b));
        };
    }

    static <T extends Comparable<T>> boolean compare(BinaryOp op, T a, T b, boolean unordered) {
        if (unordered) {
            return op == BinaryOp.NOT_EQUAL;
        }
        int c = a.compareTo(b);
        return switch (op) {
            case EQUAL -> c == 0;
            case NOT_EQUAL -> c != 0;
            case LESS -> c < 0;
            case LESS_EQUAL -> c <= 0;
            case GREATER -> c > 0;
            case GREATER_EQUAL -> c >= 0;
            default -> throw new AssertionError(op);
        };
    }

    /** The out bits of BINARY_OP {@code op} computed in {@code c} at one point. */
    static long refBinary(BinaryOp op, FieldType c, FieldType ta, long xa, FieldType tb, long xb, FieldType to) {
        if (op.isLogical()) {
            boolean p = truth(ta, xa);
            boolean q = truth(tb, xb);
            boolean r = op == BinaryOp.LOGICAL_AND ? p && q : op == BinaryOp.LOGICAL_OR ? p || q : p != q;
            return storeL(to, r ? 1 : 0);
        }
        if (floating(c)) {
            double a = roundD(c, valueD(ta, xa));
            double b = roundD(c, valueD(tb, xb));
            if (op.isPredicate()) {
                // IEEE comparisons: NaN is unordered; -0.0 equals 0.0 (Double.compareTo would not say so)
                boolean r = Double.isNaN(a) || Double.isNaN(b) ? op == BinaryOp.NOT_EQUAL
                        : compare(op, a == 0 ? 0.0 : a, b == 0 ? 0.0 : b, false);
                return storeL(to, r ? 1 : 0);
            }
            if (op == BinaryOp.NEXTAFTER && c == FieldType.FLOAT32) {
                return storeD(to, Math.nextAfter((float) a, b));     // a float ulp
            }
            return storeD(to, roundD(c, binD(op, a, b)));
        }
        long a = wrapL(c, valueL(ta, xa));
        long b = wrapL(c, valueL(tb, xb));
        if (op.isPredicate()) {
            return storeL(to, compare(op, a, b, false) ? 1 : 0);
        }
        return storeL(to, wrapL(c, binL(op, a, b)));
    }

    static double unD(UnaryOp op, double x) {
        return switch (op) {
            case NEGATIVE -> -x;
            case EXP -> StrictMath.exp(x);       // float64 exp and log are fdlibm's (Float64Functions)
            case LOG -> StrictMath.log(x);
            case SQRT -> Math.sqrt(x);
            case ABS -> Math.abs(x);
            case TANH -> Math.tanh(x);
            case SIN -> Math.sin(x);
            case COS -> Math.cos(x);
            case SQUARE -> x * x;
            case RECIPROCAL -> 1.0 / x;
            case SIGN -> x > 0 ? 1.0 : x < 0 ? -1.0 : x == 0 ? 0.0 : x;
            case FLOOR -> Math.floor(x);
            case CEIL -> Math.ceil(x);
            case LOG1P -> Math.log1p(x);
            case EXPM1 -> Math.expm1(x);
            case TRUNC -> x < 0 ? Math.ceil(x) : Math.floor(x);
            case RINT -> Math.rint(x);
            case POSITIVE -> x;
            case DEG2RAD -> x * (Math.PI / 180);
            case RAD2DEG -> x * (180 / Math.PI);
            case LOGICAL_NOT, ISNAN, ISINF, ISFINITE, SIGNBIT, INVERT -> throw new AssertionError(op);
            // the other functions' values are checked against NumPy (UfuncReferenceTest); here the point is
            // that every path and layout gives the scalar function's bits
            default -> ScalarMath.unaryD(op, x);
        };
    }

    /** A double result held in integer compute type {@code c} (NumPy's cast). */
    static long toCompute(FieldType c, double d) {
        return c == FieldType.INT32 ? castI(d) : c == FieldType.BOOL ? (d != 0 ? 1 : 0) : castL(d);
    }

    static long refUnary(UnaryOp op, FieldType c, FieldType ta, long xa, FieldType to) {
        if (op == UnaryOp.LOGICAL_NOT) {
            return storeL(to, truth(ta, xa) ? 0 : 1);
        }
        if (op.isPredicate()) {
            if (floating(c)) {
                double x = roundD(c, valueD(ta, xa));
                boolean r = switch (op) {
                    case ISNAN -> x != x;
                    case ISINF -> x == Double.POSITIVE_INFINITY || x == Double.NEGATIVE_INFINITY;
                    case ISFINITE -> !Double.isNaN(x) && !Double.isInfinite(x);
                    default -> (Double.doubleToRawLongBits(x) >>> 63) == 1;
                };
                return storeL(to, r ? 1 : 0);
            }
            long x = wrapL(c, valueL(ta, xa));
            return storeL(to, (op == UnaryOp.ISFINITE || (op == UnaryOp.SIGNBIT && x < 0)) ? 1 : 0);
        }
        if (floating(c)) {
            return storeD(to, roundD(c, unD(op, roundD(c, valueD(ta, xa)))));
        }
        long x = wrapL(c, valueL(ta, xa));
        long r = switch (op) {
            case NEGATIVE -> -x;
            case ABS -> Math.abs(x);
            case SIGN -> Long.signum(x);
            case SQUARE -> x * x;
            case FLOOR, CEIL, TRUNC, POSITIVE -> x;
            case INVERT -> c == FieldType.BOOL ? 1 - x : ~x;
            default -> toCompute(c, unD(op, x));
        };
        return storeL(to, wrapL(c, r));
    }

    // ------------------------------------------------------------------ running

    static Instance[] instances(Arg... args) {
        Instance dummy = Instance.allocate(FieldType.INT64, Rect.ofExtents(1));
        Instance[] inst = new Instance[args.length];
        for (int k = 0; k < args.length; k++) {
            inst[k] = args[k].inst != null ? args[k].inst : dummy;
        }
        return inst;
    }

    static void run(TaskBody body, byte[] scalars, Arg... args) {
        new KernelBenchmark.Ctx(scalars, Point.of(0, 0), instances(args)).run(body);
    }

    /** Compares out with {@code ref(i, j)} at every point and that out is untouched elsewhere; adds failures to {@code bad}. */
    static void check(String what, Arg out, java.util.function.BiFunction<Integer, Integer, Long> ref, List<String> bad) {
        boolean[] touched = new boolean[out.inst.size()];
        for (int i = 0; i < M; i++) {
            for (int j = 0; j < N; j++) {
                int e = out.layout.index(i, j);
                touched[e] = true;
                long want = ref.apply(i, j);
                long got = out.inst.getBits(e);
                if (want != got && bad.size() < 30) {
                    bad.add(what + " at (" + i + ", " + j + "): expected bits " + Long.toHexString(want) + " ("
                            + valueD(out.type, want) + ") but got " + Long.toHexString(got) + " (" + valueD(out.type, got) + ")");
                }
            }
        }
        for (int e = 0; e < touched.length; e++) {
            if (!touched[e] && out.inst.getBits(e) != storeL(out.type, 99) && bad.size() < 30) {
                bad.add(what + ": wrote element " + e + " outside the view");
            }
        }
    }

    static void assertNone(List<String> bad, int cases) {
        assertTrue(cases > 0);
        assertTrue(bad.isEmpty(), bad.size() + " mismatches, first: \n" + String.join("\n", bad));
    }

    static final Layout[] INS = Layout.values();

    /** Out layouts to pair with input combination {@code k}: dense (the fast paths' case) and one of the others in turn. */
    static Layout[] outs(int k) {
        return new Layout[] {Layout.DENSE, Layout.OUTS[1 + Math.floorMod(k, Layout.OUTS.length - 1)]};
    }

    @ParameterizedTest
    @EnumSource(FieldType.class)
    void binaryOpsMatchTheReferenceBitForBit(FieldType t) {
        List<String> bad = new ArrayList<>();
        int cases = 0;
        for (BinaryOp op : BinaryOp.values()) {
            if (!op.hasLoop(t)) {
                continue;   // NumPy's TypeError (integerOnlyOpsOnFloatsRaiseNumPysError)
            }
            FieldType c = op.isLogical() ? FieldType.BOOL : t;
            FieldType to = op.isPredicate() ? FieldType.BOOL : t;
            for (int la = 0; la < INS.length; la++) {
                for (int lb = 0; lb < INS.length; lb++) {
                    if (INS[la] == Layout.CONST && INS[lb] == Layout.CONST) {
                        continue;
                    }
                    for (Layout lo : outs(la + 2 * lb)) {
                        Arg a = arg(INS[la], t, 3 * la + 1, false);
                        Arg b = arg(INS[lb], t, 5 * lb + 2, op == BinaryOp.POWER);
                        Arg o = out(lo, to);
                        run(ElementwiseKernels::binary, new Args.Binary(op, c, SPACE, a.operand(1), b.operand(2), o.operand(0))
                                .encode(), o, a, b);
                        check(t + " " + op + " " + a.layout + " " + b.layout + " -> " + o.layout, o,
                                (i, j) -> refBinary(op, c, t, a.bits(i, j), t, b.bits(i, j), to), bad);
                        cases++;
                    }
                }
            }
        }
        assertNone(bad, cases);
    }

    @ParameterizedTest
    @EnumSource(FieldType.class)
    void unaryOpsMatchTheReferenceBitForBit(FieldType t) {
        List<String> bad = new ArrayList<>();
        int cases = 0;
        for (UnaryOp op : UnaryOp.values()) {
            if (op == UnaryOp.INVERT && floating(t)) {
                continue;   // NumPy's TypeError (integerOnlyOpsOnFloatsRaiseNumPysError)
            }
            FieldType c = op == UnaryOp.LOGICAL_NOT ? FieldType.BOOL : t;
            FieldType to = op.isPredicate() ? FieldType.BOOL : c;
            for (int la = 0; la < INS.length - 1; la++) {
                for (Layout lo : Layout.OUTS) {
                    Arg a = arg(INS[la], t, 3 * la + lo.ordinal(), false);
                    Arg o = out(lo, to);
                    run(ElementwiseKernels::unary, new Args.Unary(op, c, SPACE, a.operand(1), o.operand(0)).encode(), o, a);
                    check(t + " " + op + " " + a.layout + " -> " + o.layout, o, (i, j) -> refUnary(op, c, t, a.bits(i, j), to), bad);
                    cases++;
                }
            }
        }
        assertNone(bad, cases);
    }

    @ParameterizedTest
    @EnumSource(FieldType.class)
    void whereMatchesTheReferenceBitForBit(FieldType t) {
        List<String> bad = new ArrayList<>();
        int cases = 0;
        for (int lc = 0; lc < INS.length; lc++) {
            for (int la = 0; la < INS.length; la++) {
                for (int lb = 0; lb < INS.length; lb++) {
                    for (Layout lo : outs(lc + la + lb)) {
                        Arg cond = arg(INS[lc], FieldType.BOOL, lc + 4 * la, false);
                        Arg a = arg(INS[la], t, 3 * la + 1, false);
                        Arg b = arg(INS[lb], t, 5 * lb + 2, false);
                        Arg o = out(lo, t);
                        run(DataKernels::where, new Args.Where(SPACE, cond.operand(1), a.operand(2), b.operand(3), o.operand(0))
                                .encode(), o, cond, a, b);
                        check(t + " where " + cond.layout + " " + a.layout + " " + b.layout + " -> " + o.layout, o, (i, j) -> {
                            boolean p = cond.bits(i, j) != 0;
                            long x = p ? a.bits(i, j) : b.bits(i, j);
                            return floating(t) ? storeD(t, valueD(t, x)) : storeL(t, valueL(t, x));
                        }, bad);
                        cases++;
                    }
                }
            }
        }
        assertNone(bad, cases);
    }

    @ParameterizedTest
    @EnumSource(FieldType.class)
    void copyConvertsEveryPairBitForBit(FieldType from) {
        List<String> bad = new ArrayList<>();
        int cases = 0;
        for (FieldType to : TYPES) {
            for (Layout li : INS) {
                for (Layout lo : Layout.OUTS) {
                    Arg in = arg(li, from, li.ordinal() + 3 * lo.ordinal(), false);
                    Arg o = out(lo, to);
                    run(DataKernels::copy, new Args.Copy(SPACE, in.operand(1), o.operand(0)).encode(), o, in);
                    check("copy " + from + " " + in.layout + " -> " + to + " " + o.layout, o, (i, j) -> {
                        long x = in.bits(i, j);
                        return floating(from) ? storeD(to, valueD(from, x)) : storeL(to, valueL(from, x));
                    }, bad);
                    cases++;
                }
            }
        }
        assertNone(bad, cases);
    }

    /** The reference agrees with hand-picked NumPy results, so the comparisons above test the documented semantics. */
    @Test
    void referenceSpotChecks() {
        LongBinaryOperator i32 = (a, b) -> refBinary(BinaryOp.ADD, FieldType.INT32, FieldType.INT32, a, FieldType.INT32, b,
                FieldType.INT32);
        assertEquals(Integer.MIN_VALUE, i32.applyAsLong(Integer.MAX_VALUE, 1));   // np.int32 wraps
        assertEquals(-4, refBinary(BinaryOp.DIVIDE, FieldType.INT64, FieldType.INT64, -7, FieldType.INT64, 2, FieldType.INT64));
        assertEquals(0, refBinary(BinaryOp.DIVIDE, FieldType.INT64, FieldType.INT64, 5, FieldType.INT64, 0, FieldType.INT64));
        assertEquals(Long.MIN_VALUE, storeD(FieldType.INT64, Double.NaN));
        assertEquals(Integer.MIN_VALUE, storeD(FieldType.INT32, 3e9));
        assertEquals(1, storeD(FieldType.BOOL, Double.NaN));
        assertEquals(1, refUnary(UnaryOp.LOGICAL_NOT, FieldType.BOOL, FieldType.FLOAT64, Double.doubleToRawLongBits(-0.0),
                FieldType.BOOL));
        assertEquals(Float.floatToRawIntBits((float) Math.exp(0.5f)),
                refUnary(UnaryOp.EXP, FieldType.FLOAT32, FieldType.FLOAT32, Float.floatToRawIntBits(0.5f), FieldType.FLOAT32));
        assertEquals(1, refBinary(BinaryOp.EQUAL, FieldType.FLOAT64, FieldType.FLOAT64, Double.doubleToRawLongBits(-0.0),
                FieldType.FLOAT64, 0, FieldType.BOOL));
        assertEquals(1, refBinary(BinaryOp.NOT_EQUAL, FieldType.FLOAT32, FieldType.FLOAT32, storeD(FieldType.FLOAT32, Double.NaN),
                FieldType.FLOAT32, storeD(FieldType.FLOAT32, Double.NaN), FieldType.BOOL));
    }
}
