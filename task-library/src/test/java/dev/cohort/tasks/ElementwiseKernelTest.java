package dev.cohort.tasks;

import dev.cohort.runtime.launch.IterSpace;

import dev.cohort.runtime.launch.Access;

import static dev.cohort.tasks.KernelHarness.assertClose;
import static dev.cohort.tasks.KernelHarness.launch;
import static dev.cohort.tasks.KernelHarness.load;
import static dev.cohort.tasks.KernelHarness.op;
import static dev.cohort.tasks.KernelHarness.rect;
import static dev.cohort.tasks.KernelHarness.replicated;
import static dev.cohort.tasks.KernelHarness.tiled;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cohort.runtime.Runtime;
import dev.cohort.runtime.instance.Instance;
import dev.cohort.runtime.launch.GroupLaunch;
import dev.cohort.runtime.launch.Privilege;
import dev.cohort.runtime.partition.Projection;
import dev.cohort.runtime.partition.Tiling;
import dev.cohort.runtime.region.FieldType;
import dev.cohort.runtime.region.Store;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Every BinaryOp and UnaryOp on float64 and int64 through real launches (1 and 3 shards, 9 tiles),
 * against plain Java references: identity access, transposed / broadcast / strided-offset views,
 * constants on either side, and a 0-d space.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class ElementwiseKernelTest {
    static final int M = 7;
    static final int N = 10;
    static final IterSpace SPACE = new IterSpace(new long[] {M, N}, new long[] {3, 4});

    // ------------------------------------------------------------------ data and references

    static double ad(int i, int j) {
        return i == 2 && j == 3 ? Double.NaN : (i * N + j - 30) * 0.37;
    }

    static double bd(int i, int j) {
        return ((i * 7 + j * 3) % 11 - 5) * 0.5;
    }

    static long al(int i, int j) {
        return i * N + j - 35;
    }

    /** The ops before issue 15 (add ... logical_or, negative ... expm1); the later ones: UfuncReferenceTest. */
    static final BinaryOp[] BOPS = java.util.Arrays.copyOf(BinaryOp.values(), BinaryOp.LOGICAL_OR.ordinal() + 1);
    static final UnaryOp[] UOPS = java.util.Arrays.copyOf(UnaryOp.values(), UnaryOp.EXPM1.ordinal() + 1);

    static long bl(int i, int j, BinaryOp op) {
        return op == BinaryOp.POWER ? (i + j) % 4 : (i * 7 + j * 3) % 11 - 5;
    }

    static double refPow(double a, double b) {
        return DtypeKernelTest.powD(a, b);
    }

    static double refD(BinaryOp op, double a, double b) {
        return switch (op) {
            case ADD -> a + b;
            case SUBTRACT -> a - b;
            case MULTIPLY -> a * b;
            case DIVIDE -> a / b;
            case POWER -> refPow(a, b);
            case MAXIMUM -> Double.isNaN(a) || Double.isNaN(b) ? Double.NaN : Math.max(a, b);
            case MINIMUM -> Double.isNaN(a) || Double.isNaN(b) ? Double.NaN : Math.min(a, b);
            case EQUAL -> a == b ? 1 : 0;
            case NOT_EQUAL -> a != b ? 1 : 0;
            case LESS -> a < b ? 1 : 0;
            case LESS_EQUAL -> a <= b ? 1 : 0;
            case GREATER -> a > b ? 1 : 0;
            case GREATER_EQUAL -> a >= b ? 1 : 0;
            case LOGICAL_AND -> (a != 0) && (b != 0) ? 1 : 0;
            case LOGICAL_OR -> (a != 0) || (b != 0) ? 1 : 0;
            default -> throw new IllegalArgumentException(op + ": the ops of issue 15 are tested by UfuncReferenceTest");
        };
    }

    static long refL(BinaryOp op, long a, long b) {
        return switch (op) {
            case ADD -> a + b;
            case SUBTRACT -> a - b;
            case MULTIPLY -> a * b;
            case DIVIDE -> b == 0 ? 0 : (long) Math.floor((double) a / (double) b);
            case POWER -> {
                long r = 1;
                for (long k = 0; k < b; k++) {
                    r *= a;
                }
                yield r;
            }
            case MAXIMUM -> Math.max(a, b);
            case MINIMUM -> Math.min(a, b);
            case EQUAL -> a == b ? 1 : 0;
            case NOT_EQUAL -> a != b ? 1 : 0;
            case LESS -> a < b ? 1 : 0;
            case LESS_EQUAL -> a <= b ? 1 : 0;
            case GREATER -> a > b ? 1 : 0;
            case GREATER_EQUAL -> a >= b ? 1 : 0;
            case LOGICAL_AND -> (a != 0) && (b != 0) ? 1 : 0;
            case LOGICAL_OR -> (a != 0) || (b != 0) ? 1 : 0;
            default -> throw new IllegalArgumentException(op + ": the ops of issue 15 are tested by UfuncReferenceTest");
        };
    }

    static double refUD(UnaryOp op, double x) {
        return switch (op) {
            case NEGATIVE -> -x;
            case EXP -> StrictMath.exp(x);       // float64 exp and log are fdlibm's (Float64Functions)
            case LOG -> x < 0 ? Double.NaN : StrictMath.log(x);
            case SQRT -> Math.sqrt(x);
            case ABS -> Math.abs(x);
            case TANH -> Math.tanh(x);
            case SIN -> Math.sin(x);
            case COS -> Math.cos(x);
            case SQUARE -> x * x;
            case RECIPROCAL -> 1 / x;
            case SIGN -> Double.isNaN(x) ? x : x > 0 ? 1 : x < 0 ? -1 : 0;
            case FLOOR -> Math.floor(x);
            case CEIL -> Math.ceil(x);
            case LOGICAL_NOT -> x == 0 ? 1 : 0;
            case LOG1P -> Math.log1p(x);
            case EXPM1 -> Math.expm1(x);
            default -> throw new IllegalArgumentException(op + ": the ops of issue 15 are tested by UfuncReferenceTest");
        };
    }

    static long refUL(UnaryOp op, long x) {
        return switch (op) {
            case NEGATIVE -> -x;
            case ABS -> Math.abs(x);
            case SQUARE -> x * x;
            case SIGN -> Long.signum(x);
            case FLOOR, CEIL -> x;
            case LOGICAL_NOT -> x == 0 ? 1 : 0;
            case RECIPROCAL -> x == 0 ? Long.MIN_VALUE : x == 1 ? 1 : x == -1 ? -1 : 0;
            default -> throw new IllegalArgumentException(op + " is computed in float64");
        };
    }

    static FieldType outType(BinaryOp op, FieldType dt) {
        return op.isPredicate() ? FieldType.BOOL : dt;
    }

    static double get(Instance inst, int i, int j, int cols) {
        return inst.type().toDouble(inst.getBits(i * cols + j));
    }

    static long getL(Instance inst, int i) {
        return inst.getBits(i);
    }

    // ------------------------------------------------------------------ binary

    enum Variant { IDENTITY, VIEWS, CONST_LEFT, CONST_RIGHT }

    static final double CONST_D = 1.5;
    static final long CONST_L = 3;

    /** Runs every binary op in one program and returns the out instances, by op ordinal. */
    static Instance[] runBinary(int shards, FieldType dt, Variant v) {
        return KernelHarness.run(shards, rt -> {
            BinaryOp[] ops = BOPS;
            Instance[] outs = new Instance[ops.length];
            for (BinaryOp op : ops) {
                outs[op.ordinal()] = binaryOnce(rt, op, dt, v);
            }
            return outs;
        });
    }

    private static Instance binaryOnce(Runtime rt, BinaryOp op, FieldType dt, Variant v) {
        boolean f = dt == FieldType.FLOAT64;
        FieldType ot = outType(op, dt);
        Object aData = f ? KernelHarness.doubles(M * N, k -> ad(k / N, k % N)) : KernelHarness.longs(M * N, k -> al(k / N, k % N));
        Object bData = f ? KernelHarness.doubles(M * N, k -> bd(k / N, k % N)) : KernelHarness.longs(M * N, k -> bl(k / N, k % N, op));
        GroupLaunch.Builder b = launch(OpCode.BINARY_OP, SPACE);
        Store out;
        Operand oa;
        Operand ob;
        Operand oo;
        switch (v) {
            case IDENTITY, CONST_LEFT, CONST_RIGHT -> {
                Store sa = load(rt, dt, new long[] {M, N}, aData);
                Store sb = load(rt, dt, new long[] {M, N}, bData);
                out = rt.createStore(rect(M, N), ot);
                tiled(b, sa, SPACE, Privilege.READ);
                tiled(b, sb, SPACE, Privilege.READ);
                tiled(b, out, SPACE, Privilege.WRITE_DISCARD);
                Operand constant = f ? Operand.Const.of(CONST_D) : Operand.Const.of(CONST_L);
                oa = v == Variant.CONST_LEFT ? constant : op(0, dt, 2);
                ob = v == Variant.CONST_RIGHT ? constant : op(1, dt, 2);
                oo = op(2, ot, 2);
            }
            case VIEWS -> {
                // a read transposed from an (N, M) store, b broadcast from a row vector, out a strided, offset view
                Object aT = f ? KernelHarness.doubles(M * N, k -> ad(k % M, k / M)) : KernelHarness.longs(M * N, k -> al(k % M, k / M));
                Object bRow = f ? KernelHarness.doubles(N, j -> bd(0, j)) : KernelHarness.longs(N, j -> bl(0, j, op));
                Store sa = load(rt, dt, new long[] {N, M}, aT);
                Store sb = load(rt, dt, new long[] {N}, bRow);
                out = rt.createStore(rect(2 * M + 1, N + 2), ot);
                rt.fill(out, -7.0);
                replicated(b, sa, Privilege.READ);
                replicated(b, sb, Privilege.READ);
                b.require(out, Tiling.of(new long[] {6, 4}, new long[] {1, 2}, new long[2]), Projection.identity(2),
                        Privilege.READ_WRITE);
                oa = op(0, dt, new Access(new int[] {1, 0}, new long[] {1, 1}, new long[2]));
                ob = op(1, dt, new Access(new int[] {1}, new long[] {1}, new long[1]));
                oo = op(2, ot, new Access(new int[] {0, 1}, new long[] {2, 1}, new long[] {1, 2}));
            }
            default -> throw new IllegalStateException();
        }
        rt.execute(b.scalars(new Args.Binary(op, dt, SPACE, oa, ob, oo).encode()).build());
        return rt.read(out);
    }

    static void checkBinary(Instance[] outs, FieldType dt, Variant v) {
        boolean f = dt == FieldType.FLOAT64;
        for (BinaryOp op : BOPS) {
            Instance out = outs[op.ordinal()];
            assertEquals(outType(op, dt), out.type());
            int cols = v == Variant.VIEWS ? N + 2 : N;
            for (int i = 0; i < M; i++) {
                for (int j = 0; j < N; j++) {
                    int r = v == Variant.VIEWS ? 2 * i + 1 : i;
                    int c = v == Variant.VIEWS ? j + 2 : j;
                    int bi = v == Variant.VIEWS ? 0 : i;
                    String what = op + " " + dt + " " + v + " at (" + i + "," + j + ")";
                    if (f) {
                        double x = v == Variant.CONST_LEFT ? CONST_D : ad(i, j);
                        double y = v == Variant.CONST_RIGHT ? CONST_D : bd(bi, j);
                        assertClose(refD(op, x, y), get(out, r, c, cols), 0, what + " " + x + ", " + y);
                    } else {
                        long x = v == Variant.CONST_LEFT ? CONST_L : al(i, j);
                        long y = v == Variant.CONST_RIGHT ? CONST_L : bl(bi, j, op);
                        assertEquals(refL(op, x, y), out.getBits(r * cols + c), what + " " + x + ", " + y);
                    }
                }
            }
            if (v == Variant.VIEWS) {
                // elements outside the view keep their contents
                FieldType ot = out.type();
                for (int c = 0; c < cols; c++) {
                    assertEquals(ot.bitsOf(-7.0), out.getBits(c), op + " row 0 untouched");
                    assertEquals(ot.bitsOf(-7.0), out.getBits(2 * cols + c), op + " row 2 untouched");
                }
            }
        }
    }

    @ParameterizedTest(name = "{0} {1} on {2} shards")
    @CsvSource({
        "FLOAT64, IDENTITY, 1", "FLOAT64, IDENTITY, 3", "INT64, IDENTITY, 1", "INT64, IDENTITY, 3",
        "FLOAT64, VIEWS, 1", "FLOAT64, VIEWS, 3", "INT64, VIEWS, 1", "INT64, VIEWS, 3",
        "FLOAT64, CONST_LEFT, 3", "FLOAT64, CONST_RIGHT, 1", "INT64, CONST_LEFT, 1", "INT64, CONST_RIGHT, 3"
    })
    void everyBinaryOp(FieldType dt, Variant v, int shards) {
        checkBinary(runBinary(shards, dt, v), dt, v);
    }

    @Test
    void trueDivisionOfIntsInFloat64AndMixedTypes() {
        // int64 / int64 promoted to float64 by the caller; an int32 store plus a float32 constant computed in float64
        Instance[] r = KernelHarness.run(2, rt -> {
            IterSpace s = new IterSpace(new long[] {12}, new long[] {5});
            Store a = load(rt, FieldType.INT64, new long[] {12}, KernelHarness.longs(12, i -> i - 6));
            Store b = load(rt, FieldType.INT32, new long[] {12}, new int[] {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 0});
            Store o1 = rt.createStore(rect(12), FieldType.FLOAT64);
            Store o2 = rt.createStore(rect(12), FieldType.FLOAT32);
            rt.execute(tiled(tiled(tiled(launch(OpCode.BINARY_OP, s), a, s, Privilege.READ), b, s, Privilege.READ), o1, s,
                    Privilege.WRITE_DISCARD).scalars(new Args.Binary(BinaryOp.DIVIDE, FieldType.FLOAT64, s,
                    op(0, FieldType.INT64, 1), op(1, FieldType.INT32, 1), op(2, FieldType.FLOAT64, 1)).encode()).build());
            Operand half = new Operand.Const(FieldType.FLOAT32, Float.floatToRawIntBits(0.1f));
            rt.execute(tiled(tiled(launch(OpCode.BINARY_OP, s), b, s, Privilege.READ), o2, s, Privilege.WRITE_DISCARD)
                    .scalars(new Args.Binary(BinaryOp.MULTIPLY, FieldType.FLOAT32, s, op(0, FieldType.INT32, 1), half,
                            op(1, FieldType.FLOAT32, 1)).encode()).build());
            return new Instance[] {rt.read(o1), rt.read(o2)};
        });
        int[] bv = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 0};
        for (int i = 0; i < 12; i++) {
            assertEquals((double) (i - 6) / bv[i], r[0].doubles()[i], 0.0);
            assertEquals((float) bv[i] * 0.1f, r[1].floats()[i], 0.0f);
        }
    }

    @Test
    void integerPowerWithNegativeExponentFails() {
        Exception e = assertThrows(RuntimeException.class, () -> KernelHarness.run(1, rt -> {
            IterSpace s = IterSpace.whole(4);
            Store a = load(rt, FieldType.INT64, new long[] {4}, new long[] {1, 2, 3, 4});
            Store o = rt.createStore(rect(4), FieldType.INT64);
            rt.execute(tiled(tiled(launch(OpCode.BINARY_OP, s), a, s, Privilege.READ), o, s, Privilege.WRITE_DISCARD)
                    .scalars(new Args.Binary(BinaryOp.POWER, FieldType.INT64, s, op(0, FieldType.INT64, 1),
                            Operand.Const.of(-1L), op(1, FieldType.INT64, 1)).encode()).build());
            return rt.read(o);
        }));
        Throwable t = e;
        boolean found = false;
        while (t != null) {
            if (String.valueOf(t.getMessage()).contains("Integers to negative integer powers are not allowed.")) {
                found = true;
            }
            t = t.getCause();
        }
        assertTrue(found, "error names the negative power: " + e);
    }

    @Test
    void zeroDimensionalSpace() {
        Instance r = KernelHarness.run(3, rt -> {
            IterSpace s = new IterSpace(new long[0], new long[0]);
            Store o = rt.createStore(rect(), FieldType.FLOAT64);
            rt.execute(replicated(launch(OpCode.BINARY_OP, s), o, Privilege.WRITE_DISCARD)
                    .scalars(new Args.Binary(BinaryOp.SUBTRACT, FieldType.FLOAT64, s, Operand.Const.of(2.5), Operand.Const.of(4L),
                            op(0, FieldType.FLOAT64, 0)).encode()).build());
            return rt.read(o);
        });
        assertEquals(-1.5, r.doubles()[0], 0.0);
    }

    // ------------------------------------------------------------------ unary

    static double ux(int i, int j) {
        return i == 1 && j == 1 ? Double.NaN : i == 2 && j == 2 ? -0.0 : (i * N + j - 33) * 0.21;
    }

    static long uxl(int i, int j) {
        return i * N + j - 33;
    }

    /** Compute and out types of a unary op on {@code dt} input (NumPy: transcendentals of ints are float64). */
    static FieldType unaryCompute(UnaryOp op, FieldType dt) {
        return dt == FieldType.INT64 && op.isTranscendental() ? FieldType.FLOAT64 : dt;
    }

    static FieldType unaryOut(UnaryOp op, FieldType dt) {
        return op == UnaryOp.LOGICAL_NOT ? FieldType.BOOL : unaryCompute(op, dt);
    }

    static Instance[] runUnary(int shards, FieldType dt, boolean views) {
        return KernelHarness.run(shards, rt -> {
            UnaryOp[] ops = UOPS;
            Instance[] outs = new Instance[ops.length];
            boolean f = dt == FieldType.FLOAT64;
            for (UnaryOp op : ops) {
                FieldType c = unaryCompute(op, dt);
                FieldType ot = unaryOut(op, dt);
                GroupLaunch.Builder b = launch(OpCode.UNARY_OP, SPACE);
                Store out;
                Operand oa;
                Operand oo;
                if (!views) {
                    Object data = f ? KernelHarness.doubles(M * N, k -> ux(k / N, k % N)) : KernelHarness.longs(M * N, k -> uxl(k / N, k % N));
                    Store a = load(rt, dt, new long[] {M, N}, data);
                    out = rt.createStore(rect(M, N), ot);
                    tiled(b, a, SPACE, Privilege.READ);
                    tiled(b, out, SPACE, Privilege.WRITE_DISCARD);
                    oa = op(0, dt, 2);
                    oo = op(1, ot, 2);
                } else {
                    Object data = f ? KernelHarness.doubles(M * N, k -> ux(k % M, k / M)) : KernelHarness.longs(M * N, k -> uxl(k % M, k / M));
                    Store a = load(rt, dt, new long[] {N, M}, data);
                    out = rt.createStore(rect(2 * M + 1, N + 2), ot);
                    rt.fill(out, -7.0);
                    replicated(b, a, Privilege.READ);
                    b.require(out, Tiling.of(new long[] {6, 4}, new long[] {1, 2}, new long[2]), Projection.identity(2),
                            Privilege.READ_WRITE);
                    oa = op(0, dt, new Access(new int[] {1, 0}, new long[] {1, 1}, new long[2]));
                    oo = op(1, ot, new Access(new int[] {0, 1}, new long[] {2, 1}, new long[] {1, 2}));
                }
                rt.execute(b.scalars(new Args.Unary(op, c, SPACE, oa, oo).encode()).build());
                outs[op.ordinal()] = rt.read(out);
            }
            return outs;
        });
    }

    @ParameterizedTest(name = "{0} views={1} on {2} shards")
    @CsvSource({"FLOAT64, false, 1", "FLOAT64, true, 3", "INT64, false, 3", "INT64, true, 1"})
    void everyUnaryOp(FieldType dt, boolean views, int shards) {
        Instance[] outs = runUnary(shards, dt, views);
        for (UnaryOp op : UOPS) {
            Instance out = outs[op.ordinal()];
            assertEquals(unaryOut(op, dt), out.type());
            int cols = views ? N + 2 : N;
            for (int i = 0; i < M; i++) {
                for (int j = 0; j < N; j++) {
                    int k = views ? (2 * i + 1) * cols + j + 2 : i * cols + j;
                    String what = op + " " + dt + " at (" + i + "," + j + ")";
                    if (dt == FieldType.FLOAT64 || op.isTranscendental()) {
                        double x = dt == FieldType.FLOAT64 ? ux(i, j) : uxl(i, j);
                        double expected = refUD(op, x);
                        double actual = out.type().toDouble(out.getBits(k));
                        if (op == UnaryOp.SIGN && x == 0) {
                            assertEquals(0L, Double.doubleToRawLongBits(actual), what + " sign of zero is +0");
                        }
                        // the transcendental functions may come from different (intrinsic) implementations
                        assertClose(expected, actual, op.isTranscendental() ? 1e-14 : 0, what);
                    } else {
                        assertEquals(refUL(op, uxl(i, j)), out.getBits(k), what);
                    }
                }
            }
        }
    }
}
