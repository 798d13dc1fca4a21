package dev.cohort.tasks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cohort.runtime.geometry.Point;
import dev.cohort.runtime.geometry.Rect;
import dev.cohort.runtime.instance.Instance;
import dev.cohort.runtime.launch.Access;
import dev.cohort.runtime.launch.IterSpace;
import dev.cohort.runtime.launch.TaskBody;
import dev.cohort.runtime.region.FieldType;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * Every {@link UnaryOp} and {@link BinaryOp} on every dtype against NumPy 2.4 (SciPy for erf): the
 * references are {@code ufunc/unary.txt} and {@code ufunc/binary.txt}, written by
 * {@code tools/reference/ufuncs.py} (4 x 8 arrays with zeros of both signs, infinities, NaN, subnormals,
 * integer extremes, shift counts past the width, divisors 0 and -1). Each op runs with the compute and
 * out types of {@link UfuncTypes} (the rule is checked against the file's result dtype too), through
 * UNARY_OP / BINARY_OP with operands dense, strided (step 2), reversed (negative steps), broadcast (a
 * row over the rows) and scalar (a constant, either side), into a dense or strided out, and through
 * FUSED both as the single operation and inside a {@code where} chain that runs the stack machine:
 * FUSED gives the eager bits exactly, always.
 *
 * <p>Against NumPy: integer and bool results exactly; floating results bit for bit (the sign of a zero
 * included, any NaN for NaN) except the functions in {@link #ULP}, whose bound in ulps is stated there
 * with the reason: NumPy calls the platform's libm or its own SIMD code (SVML-derived AVX-512 kernels,
 * float32 kernels in float), Cohort {@code java.lang.Math} (StrictMath/fdlibm or HotSpot intrinsics,
 * each within 1-2.5 ulp by its specification) and for float32 {@code (float) f((double) x)}. The
 * maximum measured for each op and dtype is printed.
 */
class UfuncReferenceTest {
    static final int R = 4;
    static final int C = 8;
    static final IterSpace SPACE = IterSpace.whole(R, C);
    static final FieldType[] DTYPES = {FieldType.FLOAT64, FieldType.FLOAT32, FieldType.INT64, FieldType.INT32, FieldType.BOOL};

    /**
     * Bounds in ulps where NumPy and Java compute a floating function differently (all others: 0).
     * float64: glibc/NumPy SIMD and java.lang.Math are each within 1 ulp of the true value for
     * log10, tan, atan2, asin/acos/atan, cbrt, exp2 (Math.pow), sinh/cosh (Java specifies 2.5 ulp);
     * log2, arcsinh, arccosh, arctanh are Cohort's own (ScalarMath: within 2 ulp, measured against mpmath by
     * {@link #ownFunctionsAreAccurate}); erf is Cohort's own against SciPy's (Cephes) erf. float32:
     * NumPy's float loops (sinf, SVML-derived AVX-512 float kernels) are up to a few ulp off the true value
     * while Cohort rounds a double result once.
     */
    static final Map<String, Integer> ULP = new TreeMap<>();

    static {
        for (String f : new String[] {"EXP", "LOG", "TANH", "SIN", "COS", "LOG1P", "EXPM1", "LOG10", "LOG2", "EXP2", "SINH",
            "COSH", "TAN", "ARCSIN", "ARCCOS", "ARCTAN", "ARCSINH", "ARCCOSH", "ARCTANH", "CBRT", "ERF", "ARCTAN2", "HYPOT",
            "POWER"}) {
            ULP.put(f + " FLOAT64", 2);
            ULP.put(f + " FLOAT32", 1);
        }
        // NumPy's float32 loops multiply by the constant rounded to float, in float; Cohort by the double
        // constant, rounded once (the fused machine holds float32 values as doubles)
        ULP.put("DEG2RAD FLOAT32", 1);
        ULP.put("RAD2DEG FLOAT32", 1);
    }

    /**
     * ScalarMath whose float32 result may be a zero of the other sign than NumPy's: of 0.0 and -0.0, NumPy's
     * AVX-512 float32 maximum/minimum/fmax/fmin loops return the second operand, its float64 loops (and
     * C's fmax) the first; Cohort returns what NumPy's float64 loops return for both types.
     */
    static final java.util.Set<String> ZERO_SIGN = java.util.Set.of("MAXIMUM FLOAT32", "MINIMUM FLOAT32", "FMAX FLOAT32",
            "FMIN FLOAT32");

    static int bound(String op, FieldType t) {
        return ULP.getOrDefault(op + " " + t, 0);
    }

    // ------------------------------------------------------------------ layouts

    enum Layout {
        DENSE(new long[] {R, C}, new Access(new int[] {0, 1}, new long[] {1, 1}, new long[] {0, 0})),
        STRIDED(new long[] {R, 2 * C + 1}, new Access(new int[] {0, 1}, new long[] {1, 2}, new long[] {0, 1})),
        REVERSED(new long[] {R, C}, new Access(new int[] {0, 1}, new long[] {-1, -1}, new long[] {R - 1, C - 1})),
        ROW(new long[] {C}, new Access(new int[] {1}, new long[] {1}, new long[] {0})),
        CONST(null, null);

        final long[] shape;
        final Access access;

        Layout(long[] shape, Access access) {
            this.shape = shape;
            this.access = access;
        }

        int index(int i, int j) {
            return switch (this) {
                case DENSE -> i * C + j;
                case STRIDED -> i * (2 * C + 1) + 1 + 2 * j;
                case REVERSED -> (R - 1 - i) * C + (C - 1 - j);
                case ROW -> j;
                case CONST -> throw new IllegalStateException();
            };
        }
    }

    /** An operand: a store at instance {@code req} or a constant. */
    record Arg(Layout layout, FieldType type, Instance inst, long constBits) {
        Operand operand(int req) {
            return layout == Layout.CONST ? new Operand.Const(type, constBits) : new Operand.StoreOperand(req, type, layout.access);
        }
    }

    /** Values {@code v} (row-major R x C, or C for ROW, or one for CONST) placed in layout {@code l}. */
    static Arg arg(Layout l, FieldType t, long[] v) {
        if (l == Layout.CONST) {
            return new Arg(l, t, null, v[0]);
        }
        Instance inst = Instance.allocate(t, Rect.ofExtents(l.shape));
        for (int e = 0; e < inst.size(); e++) {
            inst.setBits(e, v[0]);
        }
        for (int i = 0; i < R; i++) {
            for (int j = 0; j < C; j++) {
                inst.setBits(l.index(i, j), l == Layout.ROW ? v[j] : v[i * C + j]);
            }
        }
        return new Arg(l, t, inst, 0);
    }

    static Arg out(Layout l, FieldType t) {
        return new Arg(l, t, Instance.allocate(t, Rect.ofExtents(l.shape)), 0);
    }

    static long[] read(Arg o) {
        long[] r = new long[R * C];
        for (int i = 0; i < R; i++) {
            for (int j = 0; j < C; j++) {
                r[i * C + j] = o.inst.getBits(o.layout.index(i, j));
            }
        }
        return r;
    }

    static void run(TaskBody body, byte[] scalars, Arg... args) {
        Instance dummy = Instance.allocate(FieldType.INT64, Rect.ofExtents(1));
        Instance[] inst = new Instance[args.length];
        for (int k = 0; k < args.length; k++) {
            inst[k] = args[k].inst != null ? args[k].inst : dummy;
        }
        new KernelBenchmark.Ctx(scalars, Point.of(0, 0), inst).run(body);
    }

    // ------------------------------------------------------------------ comparing

    /** Distance in ulps of two values of a floating type (0 for equal bits or two NaNs; MAX for a NaN against a number or zeros of opposite signs). */
    static long ulps(FieldType t, long want, long got) {
        if (want == got) {
            return 0;
        }
        double w = t.toDouble(want);
        double g = t.toDouble(got);
        if (Double.isNaN(w) || Double.isNaN(g)) {
            return Double.isNaN(w) && Double.isNaN(g) ? 0 : Long.MAX_VALUE;
        }
        if (w == 0 && g == 0) {
            return Long.MAX_VALUE;                  // -0.0 against 0.0
        }
        if (t == FieldType.FLOAT32) {
            return Math.abs(ordered((int) want) - ordered((int) got));
        }
        long a = ordered(want);
        long b = ordered(got);
        return a - b == Long.MIN_VALUE ? Long.MAX_VALUE : Math.abs(a - b);
    }

    private static long ordered(long bits) {
        return bits < 0 ? Long.MIN_VALUE - bits : bits;
    }

    private static long ordered(int bits) {
        return bits < 0 ? (long) Integer.MIN_VALUE - bits : bits;
    }

    /** Largest ulp distance (integers: 0 or MAX) between {@code want} and {@code got}. */
    static long worst(FieldType t, long[] want, long[] got) {
        return worst(t, want, got, false);
    }

    /** {@link #worst}; with {@code zeroSign} a zero of the other sign counts as equal. */
    static long worst(FieldType t, long[] want, long[] got, boolean zeroSign) {
        long m = 0;
        for (int k = 0; k < want.length; k++) {
            if (zeroSign && t.toDouble(want[k]) == 0 && t.toDouble(got[k]) == 0) {
                continue;
            }
            long d = Convert.floating(t) ? ulps(t, want[k], got[k]) : (want[k] == got[k] ? 0 : Long.MAX_VALUE);
            m = Math.max(m, d);
        }
        return m;
    }

    static String show(FieldType t, long[] bits) {
        StringBuilder b = new StringBuilder("[");
        for (long x : bits) {
            b.append(Convert.floating(t) ? Double.toString(t.toDouble(x)) : Long.toString(x)).append(' ');
        }
        return b.append(']').toString();
    }

    // ------------------------------------------------------------------ reading the references

    static List<String[]> lines(String name) throws IOException {
        try (InputStream in = UfuncReferenceTest.class.getResourceAsStream("/ufunc/" + name)) {
            assertNotNull(in, name);
            List<String[]> r = new ArrayList<>();
            for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
                if (!line.isBlank()) {
                    r.add(line.split(" "));
                }
            }
            return r;
        }
    }

    static long[] longs(String[] f, int from) {
        long[] r = new long[f.length - from];
        for (int k = from; k < f.length; k++) {
            r[k - from] = Long.parseLong(f[k]);
        }
        return r;
    }

    static FieldType dtype(String numpy) {
        return UfuncTypesTest.dtype(numpy);
    }

    static String message(String[] f, int from) {
        return String.join(" ", Arrays.copyOfRange(f, from, f.length));
    }

    static int instr(int kind, FieldType c, int op) {
        return FusedExpr.instruction(kind, c, op);
    }

    // ------------------------------------------------------------------ unary

    static final Layout[] UNARY_INS = {Layout.DENSE, Layout.STRIDED, Layout.REVERSED};
    static final Layout[] OUTS = {Layout.DENSE, Layout.STRIDED};

    @Test
    void unaryOpsMatchNumPy() throws IOException {
        Map<FieldType, long[]> in = new EnumMap<>(FieldType.class);
        List<String> bad = new ArrayList<>();
        Map<String, Long> measured = new TreeMap<>();
        int cases = 0;
        for (String[] f : lines("unary.txt")) {
            switch (f[0]) {
                case "IN" -> in.put(dtype(f[1]), longs(f, 2));
                case "ERR" -> {
                    UnaryOp op = UnaryOp.valueOf(f[1]);
                    FieldType t = dtype(f[2]);
                    UFuncTypeError e = assertThrows(UFuncTypeError.class, () -> op.loop(t), f[1] + " " + f[2]);
                    assertEquals(message(f, 3), e.getMessage());
                    cases++;
                }
                case "OUT" -> {
                    UnaryOp op = UnaryOp.valueOf(f[1]);
                    FieldType t = dtype(f[2]);
                    FieldType res = dtype(f[3]);
                    long[] want = longs(f, 4);
                    UfuncTypes.Loop loop = op.loop(t);
                    assertEquals(res, loop.result(), op + " " + t + ": the rule's result dtype");
                    long w = 0;
                    for (Layout li : UNARY_INS) {
                        for (Layout lo : OUTS) {
                            Arg a = arg(li, t, in.get(t));
                            Arg eager = out(lo, res);
                            run(ElementwiseKernels::unary, new Args.Unary(op, loop.compute(), SPACE, a.operand(1),
                                    eager.operand(0)).encode(), eager, a);
                            long[] got = read(eager);
                            w = Math.max(w, worst(res, want, got));
                            String what = op + " " + t + " " + li + " -> " + lo;
                            if (worst(res, want, got) > bound(f[1], res)) {
                                bad.add(what + ":\n  NumPy " + show(res, want) + "\n  got   " + show(res, got));
                            }
                            // FUSED: the operation alone, and inside where(True, op(a), op(a)) (the stack machine)
                            int u = instr(FusedExpr.UNARY, loop.compute(), op.ordinal());
                            int leaf = FusedExpr.instruction(FusedExpr.LEAF, 0);
                            int[][] codes = {{leaf, u}, {FusedExpr.instruction(FusedExpr.CONST, 0), leaf, u, leaf, u,
                                instr(FusedExpr.WHERE, res, 0)}};
                            for (int[] code : codes) {
                                Arg fused = out(lo, res);
                                run(FusedKernels::fused, new FusedExpr(SPACE, code, new Operand.Const[] {Operand.Const.of(true)},
                                        new Operand[] {a.operand(1)}, fused.operand(0)).encode(), fused, a);
                                if (!Arrays.equals(got, read(fused))) {
                                    bad.add(what + " FUSED (" + code.length + " instructions) differs from eager:\n  eager "
                                            + show(res, got) + "\n  fused " + show(res, read(fused)));
                                }
                            }
                            cases++;
                        }
                    }
                    measured.put(op + " " + t, w);
                }
                default -> throw new AssertionError(f[0]);
            }
        }
        report("unary", measured);
        assertTrue(cases >= UnaryOp.values().length * DTYPES.length, "cases " + cases);
        assertTrue(bad.isEmpty(), bad.size() + " mismatches:\n" + String.join("\n", bad.subList(0, Math.min(bad.size(), 40))));
    }

    static void report(String what, Map<String, Long> measured) {
        StringBuilder b = new StringBuilder("max ulps against NumPy (" + what + ", non-zero only):");
        measured.forEach((k, v) -> {
            if (v != 0) {
                b.append("\n  ").append(k).append(": ").append(v == Long.MAX_VALUE ? "MISMATCH" : v.toString());
            }
        });
        System.out.println(b);
    }

    // ------------------------------------------------------------------ binary

    @Test
    void binaryOpsMatchNumPy() throws IOException {
        Map<FieldType, long[]> as = new EnumMap<>(FieldType.class);
        Map<FieldType, long[]> bs = new EnumMap<>(FieldType.class);
        Map<FieldType, long[]> ss = new EnumMap<>(FieldType.class);
        List<String> bad = new ArrayList<>();
        Map<String, Long> measured = new TreeMap<>();
        int cases = 0;
        for (String[] f : lines("binary.txt")) {
            switch (f[0]) {
                case "A" -> as.put(dtype(f[1]), longs(f, 2));
                case "B" -> bs.put(dtype(f[1]), longs(f, 2));
                case "S" -> ss.put(dtype(f[1]), longs(f, 2));
                case "ERR" -> {
                    BinaryOp op = BinaryOp.valueOf(f[1]);
                    FieldType t = dtype(f[2]);
                    String msg = message(f, 3);
                    if (op == BinaryOp.POWER) {
                        // NumPy's ValueError for an integer to a negative power: the kernel raises it
                        Arg a = arg(Layout.DENSE, t, as.get(t));
                        Arg b = arg(Layout.ROW, t, bs.get(t));
                        Arg o = out(Layout.DENSE, t);
                        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> run(ElementwiseKernels::binary,
                                new Args.Binary(op, t, SPACE, a.operand(1), b.operand(2), o.operand(0)).encode(), o, a, b));
                        assertEquals(msg, e.getMessage());
                    } else {
                        UFuncTypeError e = assertThrows(UFuncTypeError.class, () -> op.loop(t, t), f[1] + " " + f[2]);
                        assertEquals(msg, e.getMessage());
                    }
                    cases++;
                }
                case "OUT", "OUTR", "OUTL" -> {
                    BinaryOp op = BinaryOp.valueOf(f[1]);
                    FieldType t = dtype(f[2]);
                    FieldType res = dtype(f[3]);
                    long[] want = longs(f, 4);
                    UfuncTypes.Loop loop = op.loop(t, t);
                    assertEquals(res, loop.result(), op + " " + t + ": the rule's result dtype");
                    long[] a = as.get(t);
                    long[] brow = bs.get(t);
                    long[] bfull = new long[R * C];
                    for (int k = 0; k < bfull.length; k++) {
                        bfull[k] = brow[k % C];
                    }
                    long[] s = ss.get(t);
                    List<Arg[]> pairs = new ArrayList<>();      // {a, b, out}
                    switch (f[0]) {
                        case "OUT" -> {
                            pairs.add(new Arg[] {arg(Layout.DENSE, t, a), arg(Layout.DENSE, t, bfull), out(Layout.DENSE, res)});
                            pairs.add(new Arg[] {arg(Layout.STRIDED, t, a), arg(Layout.STRIDED, t, bfull), out(Layout.STRIDED, res)});
                            pairs.add(new Arg[] {arg(Layout.REVERSED, t, a), arg(Layout.ROW, t, brow), out(Layout.DENSE, res)});
                            pairs.add(new Arg[] {arg(Layout.DENSE, t, a), arg(Layout.ROW, t, brow), out(Layout.STRIDED, res)});
                        }
                        case "OUTR" -> {
                            pairs.add(new Arg[] {arg(Layout.DENSE, t, a), arg(Layout.CONST, t, s), out(Layout.DENSE, res)});
                            pairs.add(new Arg[] {arg(Layout.STRIDED, t, a), arg(Layout.CONST, t, s), out(Layout.STRIDED, res)});
                        }
                        default -> {
                            pairs.add(new Arg[] {arg(Layout.CONST, t, s), arg(Layout.DENSE, t, a), out(Layout.DENSE, res)});
                            pairs.add(new Arg[] {arg(Layout.CONST, t, s), arg(Layout.REVERSED, t, a), out(Layout.STRIDED, res)});
                        }
                    }
                    long w = measured.getOrDefault(op + " " + t, 0L);
                    for (Arg[] p : pairs) {
                        Arg x = p[0];
                        Arg y = p[1];
                        Arg eager = p[2];
                        run(ElementwiseKernels::binary, new Args.Binary(op, loop.compute(), SPACE, x.operand(1), y.operand(2),
                                eager.operand(0)).encode(), eager, x, y);
                        long[] got = read(eager);
                        long d = worst(res, want, got, ZERO_SIGN.contains(op + " " + res));
                        w = Math.max(w, d);
                        String what = f[0] + " " + op + " " + t + " " + x.layout + " " + y.layout + " -> " + eager.layout;
                        if (d > bound(f[1], res)) {
                            bad.add(what + ":\n  NumPy " + show(res, want) + "\n  got   " + show(res, got));
                        }
                        for (int[] code : fusedCodes(op, loop.compute(), res, x, y)) {
                            Arg fused = out(eager.layout, res);
                            List<Operand> leaves = new ArrayList<>();
                            List<Operand.Const> consts = new ArrayList<>();
                            consts.add(Operand.Const.of(true));
                            for (Arg v : new Arg[] {x, y}) {
                                if (v.layout == Layout.CONST) {
                                    consts.add((Operand.Const) v.operand(0));
                                } else {
                                    leaves.add(v.operand(v == x ? 1 : 2));
                                }
                            }
                            run(FusedKernels::fused, new FusedExpr(SPACE, code, consts.toArray(new Operand.Const[0]),
                                    leaves.toArray(new Operand[0]), fused.operand(0)).encode(), fused, x, y);
                            if (!Arrays.equals(got, read(fused))) {
                                bad.add(what + " FUSED (" + code.length + " instructions) differs from eager:\n  eager "
                                        + show(res, got) + "\n  fused " + show(res, read(fused)));
                            }
                        }
                        cases++;
                    }
                    measured.put(op + " " + t, w);
                }
                default -> throw new AssertionError(f[0]);
            }
        }
        report("binary", measured);
        assertTrue(cases >= BinaryOp.values().length * DTYPES.length, "cases " + cases);
        assertTrue(bad.isEmpty(), bad.size() + " mismatches:\n" + String.join("\n", bad.subList(0, Math.min(bad.size(), 40))));
    }

    /**
     * FUSED codes for {@code x op y}: the operation alone and {@code where(True, x op y, x op y)}; constant
     * 0 is {@code True}, a constant operand is constant 1, store operands are leaves in order.
     */
    static int[][] fusedCodes(BinaryOp op, FieldType c, FieldType res, Arg x, Arg y) {
        int leaf = 0;
        int[] operands = new int[2];
        Arg[] xy = {x, y};
        for (int k = 0; k < 2; k++) {
            operands[k] = xy[k].layout == Layout.CONST ? FusedExpr.instruction(FusedExpr.CONST, 1)
                    : FusedExpr.instruction(FusedExpr.LEAF, leaf++);
        }
        int bin = instr(FusedExpr.BINARY, c, op.ordinal());
        return new int[][] {{operands[0], operands[1], bin},
            {FusedExpr.instruction(FusedExpr.CONST, 0), operands[0], operands[1], bin, operands[0], operands[1], bin,
                instr(FusedExpr.WHERE, res, 0)}};
    }

    // ------------------------------------------------------------------ integer edge cases

    /** {@code a op b} through BINARY_OP on 1-element dense arrays of {@code t} (compute t), as raw bits. */
    static long one(BinaryOp op, FieldType t, long a, long b) {
        long[][] cols = new long[2][R * C];
        Arrays.fill(cols[0], a);
        Arrays.fill(cols[1], b);
        Arg x = arg(Layout.DENSE, t, cols[0]);
        Arg y = arg(Layout.STRIDED, t, cols[1]);
        Arg o = out(Layout.DENSE, t);
        run(ElementwiseKernels::binary, new Args.Binary(op, t, SPACE, x.operand(1), y.operand(2), o.operand(0)).encode(), o, x, y);
        Arg os = out(Layout.STRIDED, t);
        run(ElementwiseKernels::binary, new Args.Binary(op, t, SPACE, x.operand(1), y.operand(2), os.operand(0)).encode(), os, x, y);
        assertEquals(o.inst.getBits(0), os.inst.getBits(Layout.STRIDED.index(0, 0)), op + " dense and strided out agree");
        return o.inst.getBits(0);
    }

    /** The integer corner cases the 4 x 8 references do not pair up, with NumPy 2.4's answers (in comments, the Python). */
    @Test
    void integerCornersAsNumPy() {
        FieldType l = FieldType.INT64;
        FieldType i = FieldType.INT32;
        assertEquals(Long.MIN_VALUE, one(BinaryOp.FLOOR_DIVIDE, l, Long.MIN_VALUE, -1));    // floor_divide(int64(-2**63), -1)
        assertEquals(Integer.MIN_VALUE, one(BinaryOp.FLOOR_DIVIDE, i, Integer.MIN_VALUE, -1));
        assertEquals(0, one(BinaryOp.FLOOR_DIVIDE, l, 7, 0));
        assertEquals(-4, one(BinaryOp.FLOOR_DIVIDE, l, -7, 2));
        assertEquals(0, one(BinaryOp.REMAINDER, l, Long.MIN_VALUE, -1));
        assertEquals(1, one(BinaryOp.REMAINDER, l, -7, 2));
        assertEquals(-1, one(BinaryOp.REMAINDER, l, 7, -2));
        assertEquals(0, one(BinaryOp.REMAINDER, i, 5, 0));
        assertEquals(-1, one(BinaryOp.FMOD, l, -7, 2));
        assertEquals(1, one(BinaryOp.FMOD, l, 7, -2));
        assertEquals(0, one(BinaryOp.FMOD, i, Integer.MIN_VALUE, -1));
        assertEquals(0, one(BinaryOp.FMOD, l, 3, 0));
        assertEquals(Integer.MIN_VALUE, one(BinaryOp.LEFT_SHIFT, i, 1, 31));
        assertEquals(0, one(BinaryOp.LEFT_SHIFT, i, 3, 32));
        assertEquals(0, one(BinaryOp.LEFT_SHIFT, i, 3, 40));
        assertEquals(Long.MIN_VALUE, one(BinaryOp.LEFT_SHIFT, l, 1, 63));
        assertEquals(0, one(BinaryOp.LEFT_SHIFT, l, 1, -1));
        assertEquals(-1, one(BinaryOp.RIGHT_SHIFT, i, -5, 40));
        assertEquals(-1, one(BinaryOp.RIGHT_SHIFT, i, -5, 32));
        assertEquals(0, one(BinaryOp.RIGHT_SHIFT, i, 5, 33));
        assertEquals(-1, one(BinaryOp.RIGHT_SHIFT, l, -8, 64));
        assertEquals(-1, one(BinaryOp.RIGHT_SHIFT, l, -8, -1));
        // floats: floor_divide(-7.5, 2.0) = -4.0, floor_divide(7.0, -0.0) = -inf, floor_divide(-0.0, 3.0) = -0.0,
        // remainder(-0.0, 3.0) = 0.0, remainder(5.0, -3.0) = -1.0, fmod(-5.0, 3.0) = -2.0
        FieldType d = FieldType.FLOAT64;
        assertEquals(-4.0, Double.longBitsToDouble(one(BinaryOp.FLOOR_DIVIDE, d, d.bitsOf(-7.5), d.bitsOf(2.0))));
        assertEquals(Double.NEGATIVE_INFINITY, Double.longBitsToDouble(one(BinaryOp.FLOOR_DIVIDE, d, d.bitsOf(7.0), d.bitsOf(-0.0))));
        assertEquals(d.bitsOf(-0.0), one(BinaryOp.FLOOR_DIVIDE, d, d.bitsOf(-0.0), d.bitsOf(3.0)));
        assertEquals(d.bitsOf(0.0), one(BinaryOp.REMAINDER, d, d.bitsOf(-0.0), d.bitsOf(3.0)));
        assertEquals(-1.0, Double.longBitsToDouble(one(BinaryOp.REMAINDER, d, d.bitsOf(5.0), d.bitsOf(-3.0))));
        assertEquals(-2.0, Double.longBitsToDouble(one(BinaryOp.FMOD, d, d.bitsOf(-5.0), d.bitsOf(3.0))));
    }

    // ------------------------------------------------------------------ errors in the kernels

    @Test
    void integerOnlyOpsOnFloatsRaiseNumPysError() {
        for (FieldType t : new FieldType[] {FieldType.FLOAT64, FieldType.FLOAT32}) {
            long[] v = new long[R * C];
            Arrays.fill(v, t.bitsOf(1.0));
            for (BinaryOp op : BinaryOp.values()) {
                if (!op.isIntegerOnly()) {
                    continue;
                }
                Arg a = arg(Layout.DENSE, t, v);
                Arg b = arg(Layout.STRIDED, t, v);
                Arg o = out(Layout.DENSE, t);
                UFuncTypeError e = assertThrows(UFuncTypeError.class, () -> run(ElementwiseKernels::binary,
                        new Args.Binary(op, t, SPACE, a.operand(1), b.operand(2), o.operand(0)).encode(), o, a, b));
                assertTrue(e.getMessage().startsWith("ufunc '" + op.numpyName() + "' not supported for the input types"), e.getMessage());
                int[] code = {FusedExpr.instruction(FusedExpr.LEAF, 0), FusedExpr.instruction(FusedExpr.LEAF, 1),
                    instr(FusedExpr.BINARY, t, op.ordinal())};
                assertThrows(UFuncTypeError.class, () -> run(FusedKernels::fused, new FusedExpr(SPACE, code, new Operand.Const[0],
                        new Operand[] {a.operand(1), b.operand(2)}, o.operand(0)).encode(), o, a, b));
                for (int k = 0; k < R * C; k++) {
                    assertEquals(0, o.inst.getBits(k), "nothing written");
                }
            }
            Arg a = arg(Layout.DENSE, t, v);
            Arg o = out(Layout.DENSE, t);
            UFuncTypeError e = assertThrows(UFuncTypeError.class, () -> run(ElementwiseKernels::unary,
                    new Args.Unary(UnaryOp.INVERT, t, SPACE, a.operand(1), o.operand(0)).encode(), o, a));
            assertEquals("ufunc 'invert' not supported for the input types, and the inputs could not be safely coerced to any "
                    + "supported types according to the casting rule ''safe''", e.getMessage());
        }
    }

    // ------------------------------------------------------------------ accuracy of Cohort's own functions

    /**
     * erf, log2, arcsinh, arccosh and arctanh are Cohort's own code (Erf, ScalarMath): at 400 points each
     * ({@code ufunc/accuracy.txt}) against mpmath's correctly rounded values, within 1 ulp (erf) and 2 ulp
     * (the others); the maxima, and against NumPy/SciPy, are printed.
     */
    @Test
    void ownFunctionsAreAccurate() throws IOException {
        Map<String, long[]> max = new TreeMap<>();     // op -> {vs exact, vs numpy, points}
        List<String> bad = new ArrayList<>();
        for (String[] f : lines("accuracy.txt")) {
            UnaryOp op = UnaryOp.valueOf(f[0]);
            double x = Double.longBitsToDouble(Long.parseLong(f[1]));
            long exact = Long.parseLong(f[2]);
            long numpy = Long.parseLong(f[3]);
            long got = Double.doubleToRawLongBits(ScalarMath.unaryD(op, x));
            long e = ulps(FieldType.FLOAT64, exact, got);
            long n = ulps(FieldType.FLOAT64, numpy, got);
            long[] m = max.computeIfAbsent(f[0], k -> new long[3]);
            m[0] = Math.max(m[0], e);
            m[1] = Math.max(m[1], n);
            m[2]++;
            if (e > (op == UnaryOp.ERF ? 1 : 2)) {
                bad.add(op + "(" + x + ") = " + Double.longBitsToDouble(got) + ", correctly rounded " + Double.longBitsToDouble(exact)
                        + " (" + e + " ulp)");
            }
        }
        StringBuilder b = new StringBuilder("Cohort's own functions, max ulps (points):");
        max.forEach((k, v) -> b.append("\n  ").append(k).append(": ").append(v[0]).append(" vs correctly rounded, ")
                .append(v[1]).append(" vs NumPy/SciPy (").append(v[2]).append(")"));
        System.out.println(b);
        assertEquals(5, max.size());
        assertTrue(bad.isEmpty(), String.join("\n", bad.subList(0, Math.min(40, bad.size()))));
        assertEquals(-0.0, Erf.erf(-0.0));
        assertEquals(1.0, Erf.erf(Double.POSITIVE_INFINITY));
        assertEquals(-1.0, Erf.erf(-6.5));
        assertTrue(Double.isNaN(Erf.erf(Double.NaN)));
        assertEquals(3.0, ScalarMath.log2(8.0));
        assertEquals(-1074.0, ScalarMath.log2(Double.MIN_VALUE));
    }
}
