package dev.cohort.gpu;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.cohort.ndarray.Cohort;
import dev.cohort.ndarray.DType;
import dev.cohort.ndarray.NdArray;
import dev.cohort.ndarray.Np;
import dev.cohort.runtime.geometry.Point;
import dev.cohort.runtime.geometry.Rect;
import dev.cohort.runtime.instance.Instance;
import dev.cohort.runtime.launch.Access;
import dev.cohort.runtime.launch.IterSpace;
import dev.cohort.runtime.launch.TaskContext;
import dev.cohort.runtime.region.FieldType;
import dev.cohort.tasks.BinaryOp;
import dev.cohort.tasks.CpuTasks;
import dev.cohort.tasks.FusedExpr;
import dev.cohort.tasks.FusedReduce;
import dev.cohort.tasks.OpCode;
import dev.cohort.tasks.Operand;
import dev.cohort.tasks.ReduceOp;
import dev.cohort.tasks.TileAccess;
import dev.cohort.tasks.UFuncTypeError;
import dev.cohort.tasks.UfuncTypes;
import dev.cohort.tasks.UnaryOp;
import java.lang.reflect.Method;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * FUSED and FUSED_REDUCE on the GPU ({@link FusedGpu}, fused.cu) against the CPU variants ({@code FusedKernels}).
 * Without a GPU: the kernel's op-code tables match the Java enums, and the micro-program compiler's output and
 * refusals. With one: every unary and binary operator over every dtype pair (and where, casts into another out
 * dtype), as leaf-leaf, leaf-constant and constant-leaf programs over dense, strided, broadcast and negative-step
 * operands, run through both variants on one hand-built point task; every reduction of every compute type; the
 * integer power error; and random deferred programs through the array API on 1 and 2 shards, GPU against CPU.
 */
@Timeout(value = 600, unit = TimeUnit.SECONDS)
class FusedGpuTest {
    static final FieldType[] TYPES = FieldType.values();

    private static void assumeGpu() {
        Assumptions.assumeTrue(GpuDetection.get().available(), "no CUDA device: " + GpuDetection.get().reason());
    }

    // ------------------------------------------------------------------ without a GPU

    private static String source() throws Exception {
        for (Path p : new Path[] {Path.of("src/main/cuda/fused.cu"), Path.of("gpu-kernels/src/main/cuda/fused.cu")}) {
            if (Files.exists(p)) {
                return Files.readString(p);
            }
        }
        Assumptions.abort("fused.cu not found from " + Path.of("").toAbsolutePath());
        return null;
    }

    private static Map<String, Long> defines(String src) {
        Map<String, Long> m = new HashMap<>();
        Matcher x = Pattern.compile("(?m)^#define (\\w+) (-?\\d+)\\s*(//.*)?$").matcher(src);
        while (x.find()) {
            m.put(x.group(1), Long.parseLong(x.group(2)));
        }
        return m;
    }

    @Test
    void kernelTablesMatchTheEnums() throws Exception {
        Map<String, Long> d = defines(source());
        for (BinaryOp op : BinaryOp.values()) {
            assertEquals((long) op.ordinal(), d.get("FBO_" + op.name()), "FBO_" + op.name());
        }
        for (UnaryOp op : UnaryOp.values()) {
            assertEquals((long) op.ordinal(), d.get("FUO_" + op.name()), "FUO_" + op.name());
        }
        for (ReduceOp op : ReduceOp.values()) {
            assertEquals((long) op.ordinal(), d.get("FRO_" + op.name()), "FRO_" + op.name());
        }
        assertEquals(FusedGpu.MAX_LEAVES, d.get("FMAX_LEAVES").intValue());
        assertEquals(FusedGpu.MAX_CODE, d.get("FMAX_CODE").intValue());
        assertEquals(FusedGpu.MAX_DEPTH, d.get("FMAX_DEPTH").intValue());
        String[] kinds = {"LEAF", "CONST", "CV", "BIN_D", "PRED_D", "BIN_L", "PRED_L", "UN_D", "UPRED_D", "UN_L", "NEXTAFTER_F32", "SELECT"};
        for (String k : kinds) {
            assertEquals(FusedGpu.class.getDeclaredField("FK_" + k).getInt(null), d.get("FK_" + k).intValue(), "FK_" + k);
        }
        for (String c : new String[] {"I2D", "RF", "D2L", "WRAP32", "TRUTHL", "TRUTHD"}) {
            assertEquals(FusedGpu.class.getDeclaredField("CV_" + c).getInt(null), d.get("CV_" + c).intValue(), "CV_" + c);
        }
        // the by-value program: 8-byte fields only, within the 4 KB of kernel parameters with the ten pointers
        assertTrue(FusedGpu.PROG_LONGS * 8 + 11 * 8 <= 4096, "program struct " + FusedGpu.PROG_LONGS * 8 + " bytes");
    }

    private static int ins(int kind, int arg) {
        return FusedExpr.instruction(kind, arg);
    }

    private static int op(int kind, FieldType c, int arg) {
        return FusedExpr.instruction(kind, c, arg);
    }

    private static TileAccess.Resolved store(int req, FieldType t) {
        return new TileAccess.Resolved(req, t, 0, 0, new long[] {1});
    }

    @Test
    void compilesATypedProgram() {
        // a * b + c in float64: three leaves, two operations, no conversion
        int[] code = {ins(FusedExpr.LEAF, 0), ins(FusedExpr.LEAF, 1), op(FusedExpr.BINARY, FieldType.FLOAT64, BinaryOp.MULTIPLY.ordinal()),
                ins(FusedExpr.LEAF, 2), op(FusedExpr.BINARY, FieldType.FLOAT64, BinaryOp.ADD.ordinal())};
        TileAccess.Resolved[] f = {store(1, FieldType.FLOAT64), store(2, FieldType.FLOAT64), store(3, FieldType.FLOAT64)};
        FusedGpu.Program p = FusedGpu.compile(code, new Operand.Const[0], f);
        assertArrayEquals(new long[] {
            FusedGpu.word(FusedGpu.FK_LEAF, 0, 0), FusedGpu.word(FusedGpu.FK_LEAF, 0, 1),
            FusedGpu.word(FusedGpu.FK_BIN_D, BinaryOp.MULTIPLY.ordinal(), 0), FusedGpu.word(FusedGpu.FK_LEAF, 0, 2),
            FusedGpu.word(FusedGpu.FK_BIN_D, BinaryOp.ADD.ordinal(), 0)}, p.code());
        assertEquals(FieldType.FLOAT64, p.result());
        assertEquals(2, p.depth());

        // int64 leaf + float constant computing in int32: d2l then wrap of the constant, wrap of the sum
        int[] c2 = {ins(FusedExpr.LEAF, 0), ins(FusedExpr.CONST, 0), op(FusedExpr.BINARY, FieldType.INT32, BinaryOp.ADD.ordinal())};
        FusedGpu.Program q = FusedGpu.compile(c2, new Operand.Const[] {Operand.Const.of(2.5)}, new TileAccess.Resolved[] {store(1, FieldType.INT64)});
        assertArrayEquals(new long[] {
            FusedGpu.word(FusedGpu.FK_LEAF, 0, 0), FusedGpu.word(FusedGpu.FK_CONST, 0, 0), Double.doubleToRawLongBits(2.5),
            FusedGpu.word(FusedGpu.FK_CV, FusedGpu.CV_WRAP32, 1),
            FusedGpu.word(FusedGpu.FK_CV, FusedGpu.CV_D2L, 0), FusedGpu.word(FusedGpu.FK_CV, FusedGpu.CV_WRAP32, 0),
            FusedGpu.word(FusedGpu.FK_BIN_L, BinaryOp.ADD.ordinal(), 0), FusedGpu.word(FusedGpu.FK_CV, FusedGpu.CV_WRAP32, 0)}, q.code());
        assertEquals(FieldType.INT32, q.result());

        // where(int32 cond, float32 x, int64 y) into float64; a reduction appends the cast to its compute type
        int[] c3 = {ins(FusedExpr.LEAF, 0), ins(FusedExpr.LEAF, 1), ins(FusedExpr.LEAF, 2), op(FusedExpr.WHERE, FieldType.FLOAT64, 0)};
        TileAccess.Resolved[] l3 = {store(1, FieldType.INT32), store(2, FieldType.FLOAT32), store(3, FieldType.INT64)};
        FusedGpu.Program w = FusedGpu.compileReduce(ReduceOp.SUM, FieldType.FLOAT32, c3, new Operand.Const[0], l3);
        assertArrayEquals(new long[] {
            FusedGpu.word(FusedGpu.FK_LEAF, 0, 0), FusedGpu.word(FusedGpu.FK_LEAF, 0, 1), FusedGpu.word(FusedGpu.FK_LEAF, 0, 2),
            FusedGpu.word(FusedGpu.FK_CV, FusedGpu.CV_TRUTHL, 2), FusedGpu.word(FusedGpu.FK_CV, FusedGpu.CV_I2D, 0),
            FusedGpu.word(FusedGpu.FK_SELECT, 0, 0), FusedGpu.word(FusedGpu.FK_CV, FusedGpu.CV_RF, 0)}, w.code());
        assertEquals(FieldType.FLOAT32, w.result());
        assertEquals(3, w.depth());

        // the struct: Shape, out Opd, leaf Opds, counts, code
        TileShape s = TileShape.of(new long[] {4, 5}, new TileAccess.Resolved(1, FieldType.FLOAT64, 0, 0, new long[] {5, 1}),
                new TileAccess.Resolved(2, FieldType.FLOAT64, 0, 3, new long[] {5, 1}));
        long[] st = FusedGpu.progStruct(s, -1, 2, p);
        assertEquals(FusedGpu.PROG_LONGS, st.length);
        assertEquals(1, st[0]);
        assertEquals(20, st[1]);
        assertEquals(2, st[21 + 11 * FusedGpu.MAX_LEAVES]);
        assertEquals(5, st[22 + 11 * FusedGpu.MAX_LEAVES]);
    }

    @Test
    void refusesWhatTheKernelsDoNotCover() {
        TileAccess.Resolved[] f = {store(1, FieldType.FLOAT64), store(2, FieldType.FLOAT64)};
        // bitwise_and computing in float64 (the CPU variant raises NumPy's UFuncTypeError)
        int[] bad = {ins(FusedExpr.LEAF, 0), ins(FusedExpr.LEAF, 1), op(FusedExpr.BINARY, FieldType.FLOAT64, BinaryOp.BITWISE_AND.ordinal())};
        assertThrows(FusedGpu.Unsupported.class, () -> FusedGpu.compile(bad, new Operand.Const[0], f));
        int[] inv = {ins(FusedExpr.LEAF, 0), op(FusedExpr.UNARY, FieldType.FLOAT32, UnaryOp.INVERT.ordinal())};
        assertThrows(FusedGpu.Unsupported.class, () -> FusedGpu.compile(inv, new Operand.Const[0], f));
        // bad indices
        int[] leaf = {ins(FusedExpr.LEAF, 5)};
        assertThrows(FusedGpu.Unsupported.class, () -> FusedGpu.compile(leaf, new Operand.Const[0], f));
        int[] konst = {ins(FusedExpr.CONST, 0)};
        assertThrows(FusedGpu.Unsupported.class, () -> FusedGpu.compile(konst, new Operand.Const[0], f));
        // nine leaves
        TileAccess.Resolved[] nine = new TileAccess.Resolved[9];
        Arrays.fill(nine, store(1, FieldType.FLOAT64));
        assertThrows(FusedGpu.Unsupported.class, () -> FusedGpu.compile(new int[] {ins(FusedExpr.LEAF, 0)}, new Operand.Const[0], nine));
        // a long chain: 1 + 1 + ... past MAX_CODE words
        List<Integer> chain = new ArrayList<>(List.of(ins(FusedExpr.LEAF, 0)));
        for (int i = 0; i < FusedGpu.MAX_CODE; i++) {
            chain.add(ins(FusedExpr.CONST, 0));
            chain.add(op(FusedExpr.BINARY, FieldType.FLOAT64, BinaryOp.ADD.ordinal()));
        }
        int[] longCode = chain.stream().mapToInt(Integer::intValue).toArray();
        assertThrows(FusedGpu.Unsupported.class, () -> FusedGpu.compile(longCode, new Operand.Const[] {Operand.Const.of(1.0)}, f));
    }

    @Test
    void reductionIdentitiesAndCombination() {
        assertEquals(Double.NEGATIVE_INFINITY, FusedGpu.identityD(ReduceOp.MAX, FieldType.FLOAT32));
        assertEquals(Long.MAX_VALUE, FusedGpu.identityL(ReduceOp.MIN, FieldType.INT64));
        assertEquals(Integer.MIN_VALUE, FusedGpu.identityL(ReduceOp.MAX, FieldType.INT32));
        assertEquals(1, FusedGpu.identityL(ReduceOp.ALL, FieldType.BOOL));
        assertEquals(0, FusedGpu.identityL(ReduceOp.ANY, FieldType.BOOL));
        assertEquals(6.0, FusedGpu.combineD(ReduceOp.SUM, FieldType.FLOAT64, new double[] {1, 2, 3}));
        assertEquals(0.0, FusedGpu.combineD(ReduceOp.SUM, FieldType.FLOAT64, new double[] {-0.0}));
        assertTrue(Double.isNaN(FusedGpu.combineD(ReduceOp.MAX, FieldType.FLOAT64, new double[] {1, Double.NaN, 3})));
        assertEquals((double) (float) 0.1, FusedGpu.combineD(ReduceOp.SUM, FieldType.FLOAT32, new double[] {0.1}));
        assertEquals(-2, FusedGpu.combineL(ReduceOp.SUM, FieldType.INT32, new long[] {Integer.MAX_VALUE, Integer.MAX_VALUE}));
        assertEquals(1, FusedGpu.combineL(ReduceOp.SUM, FieldType.BOOL, new long[] {0, 2}));
    }

    // ------------------------------------------------------------------ one point task, both variants

    /** A single-point task context over wrapped instances (the CPU and GPU variants get equal copies). */
    static final class Ctx implements TaskContext {
        final Instance[] inst;
        final byte[] scalars;
        final Rect domain;

        Ctx(Instance[] inst, byte[] scalars, Rect domain) {
            this.inst = inst;
            this.scalars = scalars;
            this.domain = domain;
        }

        @Override
        public Point point() {
            return Point.zeros(domain.dim());
        }

        @Override
        public Rect domain() {
            return domain;
        }

        @Override
        public int shard() {
            return 0;
        }

        @Override
        public Instance instance(int index) {
            return inst[index];
        }

        @Override
        public Rect piece(int index) {
            return inst[index].rect();
        }

        @Override
        public ByteBuffer scalars() {
            return ByteBuffer.wrap(scalars).order(java.nio.ByteOrder.LITTLE_ENDIAN);
        }

        @Override
        public Instance future(int index) {
            throw new UnsupportedOperationException();
        }

        @Override
        public void setResult(Instance value) {
        }

        @Override
        public void setResult(double value) {
        }

        @Override
        public void setResult(long value) {
        }

        Ctx copy() {
            Instance[] c = new Instance[inst.length];
            for (int i = 0; i < inst.length; i++) {
                c[i] = Instance.wrap(inst[i].type(), inst[i].rect(), copyArray(inst[i].array()));
            }
            return new Ctx(c, scalars, domain);
        }
    }

    static Object copyArray(Object a) {
        if (a instanceof double[] d) {
            return d.clone();
        } else if (a instanceof float[] f) {
            return f.clone();
        } else if (a instanceof long[] l) {
            return l.clone();
        } else if (a instanceof int[] i) {
            return i.clone();
        }
        return ((byte[]) a).clone();
    }

    static final long ROWS = 37;
    static final long COLS = 53;

    /** The four layouts of a leaf over a ROWS x COLS iteration space. */
    enum Layout { DENSE, STRIDED, BROADCAST, NEGATIVE }

    /** Values of every type with NaN, infinities, -0.0, zeros (divisors), negatives and large integers. */
    static Object values(FieldType t, int n, Random rnd) {
        switch (t) {
            case FLOAT64, FLOAT32 -> {
                double[] v = new double[n];
                for (int i = 0; i < n; i++) {
                    v[i] = switch (rnd.nextInt(24)) {
                        case 0 -> Double.NaN;
                        case 1 -> Double.POSITIVE_INFINITY;
                        case 2 -> Double.NEGATIVE_INFINITY;
                        case 3 -> -0.0;
                        case 4 -> 0.0;
                        case 5 -> 1e300;
                        case 6 -> rnd.nextInt(9) - 4;
                        case 7 -> 0.5 * (rnd.nextInt(9) - 4);
                        case 8 -> 3e9;
                        default -> rnd.nextGaussian() * 3;
                    };
                }
                if (t == FieldType.FLOAT64) {
                    return v;
                }
                float[] f = new float[n];
                for (int i = 0; i < n; i++) {
                    f[i] = (float) v[i];
                }
                return f;
            }
            case INT64 -> {
                long[] v = new long[n];
                for (int i = 0; i < n; i++) {
                    v[i] = switch (rnd.nextInt(16)) {
                        case 0 -> rnd.nextLong();
                        case 1 -> Long.MIN_VALUE;
                        case 2 -> -1;
                        case 3 -> 0;
                        default -> rnd.nextInt(13) - 6;
                    };
                }
                return v;
            }
            case INT32 -> {
                int[] v = new int[n];
                for (int i = 0; i < n; i++) {
                    v[i] = switch (rnd.nextInt(16)) {
                        case 0 -> rnd.nextInt();
                        case 1 -> Integer.MIN_VALUE;
                        case 2 -> -1;
                        case 3 -> 0;
                        default -> rnd.nextInt(13) - 6;
                    };
                }
                return v;
            }
            default -> {
                byte[] v = new byte[n];
                for (int i = 0; i < n; i++) {
                    v[i] = (byte) rnd.nextInt(2);
                }
                return v;
            }
        }
    }

    /** A leaf instance and its access for {@code layout}. */
    record Leaf(Instance inst, Access access) {
    }

    static Leaf leaf(FieldType t, Layout layout, Random rnd) {
        return switch (layout) {
            case DENSE -> new Leaf(Instance.wrap(t, Rect.ofExtents(ROWS, COLS), values(t, (int) (ROWS * COLS), rnd)), Access.identity(2));
            case STRIDED -> new Leaf(Instance.wrap(t, Rect.ofExtents(ROWS + 3, 2 * COLS + 1), values(t, (int) ((ROWS + 3) * (2 * COLS + 1)), rnd)),
                    new Access(new int[] {0, 1}, new long[] {1, 2}, new long[] {2, 1}));
            case BROADCAST -> new Leaf(Instance.wrap(t, Rect.ofExtents(COLS), values(t, (int) COLS, rnd)),
                    new Access(new int[] {1}, new long[] {1}, new long[] {0}));
            case NEGATIVE -> new Leaf(Instance.wrap(t, Rect.ofExtents(ROWS, COLS), values(t, (int) (ROWS * COLS), rnd)),
                    new Access(new int[] {0, 1}, new long[] {-1, 1}, new long[] {ROWS - 1, 0}));
        };
    }

    /** A constant of type t (from the same kinds of values). */
    static Operand.Const constant(FieldType t, Random rnd) {
        Object v = values(t, 1, rnd);
        return switch (t) {
            case FLOAT64 -> new Operand.Const(t, Double.doubleToRawLongBits(((double[]) v)[0]));
            case FLOAT32 -> new Operand.Const(t, Float.floatToRawIntBits(((float[]) v)[0]));
            case INT64 -> new Operand.Const(t, ((long[]) v)[0]);
            case INT32 -> new Operand.Const(t, ((int[]) v)[0]);
            case BOOL -> new Operand.Const(t, ((byte[]) v)[0]);
        };
    }

    /** The outcome of one variant: the out instance's array, or the exception it threw. */
    record Outcome(Object array, Throwable error) {
    }

    static Outcome runVariant(Ctx ctx, boolean gpu, OpCode op, int out) {
        try {
            if (gpu) {
                GpuTasks.variants(GpuDevice.get(0)).get(op).run(ctx);
            } else {
                CpuTasks.body(op).run(ctx);
            }
            return new Outcome(ctx.inst[out].array(), null);
        } catch (RuntimeException e) {
            return new Outcome(null, e);
        }
    }

    /** Element i of an instance array as comparable bits (floats: NaN as one NaN). */
    static long bitsAt(Object a, int i) {
        if (a instanceof double[] d) {
            return Double.doubleToLongBits(d[i]);
        } else if (a instanceof float[] f) {
            return Double.doubleToLongBits(f[i]);
        } else if (a instanceof long[] l) {
            return l[i];
        } else if (a instanceof int[] x) {
            return x[i];
        }
        return ((byte[]) a)[i];
    }

    static double valueAt(Object a, int i) {
        if (a instanceof double[] d) {
            return d[i];
        } else if (a instanceof float[] f) {
            return f[i];
        } else if (a instanceof long[] l) {
            return l[i];
        } else if (a instanceof int[] x) {
            return x[i];
        }
        return ((byte[]) a)[i];
    }

    /** Ulps of the out's type between two floating values (0 for equal bits or two NaNs; MAX for NaN vs number). */
    static long ulps(Object a, int i, Object b) {
        if (bitsAt(a, i) == bitsAt(b, i)) {
            return 0;
        }
        double x = valueAt(a, i);
        double y = valueAt(b, i);
        if (Double.isNaN(x) || Double.isNaN(y) || Double.isInfinite(x) || Double.isInfinite(y)) {
            return Long.MAX_VALUE;
        }
        if (a instanceof float[]) {
            return Math.abs((long) ordered(Float.floatToRawIntBits((float) x)) - ordered(Float.floatToRawIntBits((float) y)));
        }
        if (a instanceof double[]) {
            long d = ordered(Double.doubleToRawLongBits(x)) - ordered(Double.doubleToRawLongBits(y));
            return d == Long.MIN_VALUE ? Long.MAX_VALUE : Math.abs(d);
        }
        return Long.MAX_VALUE;
    }

    private static long ordered(long bits) {
        return bits < 0 ? Long.MIN_VALUE - bits : bits;
    }

    private static int ordered(int bits) {
        return bits < 0 ? Integer.MIN_VALUE - bits : bits;
    }

    /**
     * Runs FUSED {@code code} over leaves of {@code types} in {@code layouts} into an out of {@code outType} on both
     * variants and compares: exceptions alike; every element's bits, or within {@code tolUlps} of the out's type
     * (transcendentals; then also NaN/inf must agree). Returns the number of mismatches reported into {@code report}.
     */
    static int compareFused(String what, int[] code, Operand.Const[] consts, FieldType[] types, Layout[] layouts, FieldType outType,
                            long tolUlps, Random rnd, StringBuilder report) {
        int nl = types.length;
        Instance[] inst = new Instance[nl + 1];
        Operand[] leaves = new Operand[nl];
        inst[0] = Instance.wrap(outType, Rect.ofExtents(ROWS, COLS), outType.newArray((int) (ROWS * COLS)));
        for (int i = 0; i < nl; i++) {
            Leaf l = leaf(types[i], layouts[i], rnd);
            inst[i + 1] = l.inst();
            leaves[i] = new Operand.StoreOperand(i + 1, types[i], l.access());
        }
        IterSpace space = IterSpace.whole(ROWS, COLS);
        FusedExpr e = new FusedExpr(space, code, consts, leaves, new Operand.StoreOperand(0, outType, Access.identity(2)));
        Ctx base = new Ctx(inst, e.encode(), space.launchDomain());
        Outcome cpu = runVariant(base.copy(), false, OpCode.FUSED, 0);
        Outcome gpu = runVariant(base.copy(), true, OpCode.FUSED, 0);
        return diff(what, cpu, gpu, tolUlps, report);
    }

    static int diff(String what, Outcome cpu, Outcome gpu, long tolUlps, StringBuilder report) {
        if (cpu.error() != null || gpu.error() != null) {
            if (cpu.error() == null || gpu.error() == null || cpu.error().getClass() != gpu.error().getClass()
                    || !String.valueOf(cpu.error().getMessage()).equals(String.valueOf(gpu.error().getMessage()))) {
                report.append(what).append(": CPU ").append(cpu.error()).append(", GPU ").append(gpu.error()).append('\n');
                return 1;
            }
            return 0;
        }
        int bad = 0;
        int n = java.lang.reflect.Array.getLength(cpu.array());
        for (int i = 0; i < n; i++) {
            long u = ulps(cpu.array(), i, gpu.array());
            if (u > tolUlps) {
                if (bad < 3) {
                    report.append(what).append(" [").append(i / COLS).append(", ").append(i % COLS).append("]: CPU ")
                            .append(valueAt(cpu.array(), i)).append(" (bits ").append(Long.toHexString(bitsAt(cpu.array(), i)))
                            .append("), GPU ").append(valueAt(gpu.array(), i)).append(" (bits ")
                            .append(Long.toHexString(bitsAt(gpu.array(), i))).append(")\n");
                }
                bad++;
            }
        }
        return bad;
    }

    private static final Layout[] LAYOUTS = Layout.values();

    static boolean transcendental(BinaryOp op) {
        return op == BinaryOp.POWER || op == BinaryOp.ARCTAN2 || op == BinaryOp.HYPOT;
    }

    @Test
    void everyBinaryOperatorOverEveryDtypePair() {
        assumeGpu();
        long before = GpuTasks.gpuPointTasks();
        Random rnd = new Random(1);
        StringBuilder report = new StringBuilder();
        int cases = 0;
        for (BinaryOp bop : BinaryOp.values()) {
            for (FieldType a : TYPES) {
                for (FieldType b : TYPES) {
                    UfuncTypes.Loop loop;
                    try {
                        loop = bop.loop(a, b);
                    } catch (UFuncTypeError e) {
                        continue;
                    }
                    FieldType c = loop.compute();
                    long tol = transcendental(bop) && UfuncTypes.promote(a, b) != FieldType.BOOL ? 4 : 0;
                    int opIns = op(FusedExpr.BINARY, c, bop.ordinal());
                    Layout la = LAYOUTS[cases % 4];
                    Layout lb = LAYOUTS[(cases / 4 + 1) % 4];
                    String w = bop + "(" + a + " " + la + ", " + b + " " + lb + ") in " + c;
                    if (bop == BinaryOp.POWER && !isFloat(c)) {
                        continue;   // integer power: its own test (negative exponents fail)
                    }
                    // leaf op leaf (the eager dense loops on the CPU), into the result dtype and into float64
                    compareFused(w, new int[] {ins(FusedExpr.LEAF, 0), ins(FusedExpr.LEAF, 1), opIns}, new Operand.Const[0],
                            new FieldType[] {a, b}, new Layout[] {la, lb}, loop.result(), tol, rnd, report);
                    compareFused(w + " -> float32 out", new int[] {ins(FusedExpr.LEAF, 0), ins(FusedExpr.LEAF, 1), opIns},
                            new Operand.Const[0], new FieldType[] {a, b}, new Layout[] {lb, la}, FieldType.FLOAT32, tol, rnd, report);
                    // leaf op constant, constant op leaf (the CPU's stack machine)
                    compareFused(w + " with a constant", new int[] {ins(FusedExpr.LEAF, 0), ins(FusedExpr.CONST, 0), opIns},
                            new Operand.Const[] {constant(b, rnd)}, new FieldType[] {a}, new Layout[] {la}, loop.result(), tol, rnd, report);
                    compareFused(w + " constant first", new int[] {ins(FusedExpr.CONST, 0), ins(FusedExpr.LEAF, 0), opIns},
                            new Operand.Const[] {constant(a, rnd)}, new FieldType[] {b}, new Layout[] {lb}, loop.result(), tol, rnd, report);
                    // a chain: (a op b) op' a, with int32/float32 rounding between
                    int[] chain = {ins(FusedExpr.LEAF, 0), ins(FusedExpr.LEAF, 1), opIns, ins(FusedExpr.LEAF, 0),
                            op(FusedExpr.BINARY, UfuncTypes.promote(loop.result(), a) == FieldType.BOOL ? FieldType.BOOL
                                    : UfuncTypes.promote(loop.result(), a), BinaryOp.MAXIMUM.ordinal())};
                    compareFused(w + " then maximum", chain, new Operand.Const[0], new FieldType[] {a, b}, new Layout[] {la, lb},
                            UfuncTypes.promote(loop.result(), a), tol, rnd, report);
                    cases++;
                }
            }
        }
        assertTrue(report.isEmpty(), cases + " cases; mismatches:\n" + report);
        assertTrue(GpuTasks.gpuPointTasks() > before, "the GPU variant ran");
    }

    private static boolean isFloat(FieldType t) {
        return t == FieldType.FLOAT64 || t == FieldType.FLOAT32;
    }

    @Test
    void everyUnaryOperatorOverEveryDtype() {
        assumeGpu();
        long before = GpuTasks.gpuPointTasks();
        Random rnd = new Random(2);
        StringBuilder report = new StringBuilder();
        int cases = 0;
        for (UnaryOp uop : UnaryOp.values()) {
            for (FieldType a : TYPES) {
                UfuncTypes.Loop loop;
                try {
                    loop = uop.loop(a);
                } catch (UFuncTypeError e) {
                    continue;
                }
                FieldType c = loop.compute();
                long tol = uop.isTranscendental() ? 4 : 0;
                int opIns = op(FusedExpr.UNARY, c, uop.ordinal());
                Layout la = LAYOUTS[cases % 4];
                String w = uop + "(" + a + " " + la + ") in " + c;
                compareFused(w, new int[] {ins(FusedExpr.LEAF, 0), opIns}, new Operand.Const[0], new FieldType[] {a},
                        new Layout[] {la}, loop.result(), tol, rnd, report);
                if (tol == 0) {
                    // the cast into another out dtype (a transcendental's last-ulp difference could flip an integer)
                    compareFused(w + " -> int32 out", new int[] {ins(FusedExpr.LEAF, 0), opIns}, new Operand.Const[0], new FieldType[] {a},
                            new Layout[] {LAYOUTS[(cases + 1) % 4]}, FieldType.INT32, 0, rnd, report);
                }
                // op(x + x) or op(x or x) through the stack machine
                FieldType sum = a == FieldType.BOOL ? FieldType.BOOL : a;
                int[] chain = {ins(FusedExpr.LEAF, 0), ins(FusedExpr.LEAF, 1), op(FusedExpr.BINARY, sum, BinaryOp.ADD.ordinal()), opIns};
                compareFused(w + " of a sum", chain, new Operand.Const[0], new FieldType[] {a, a}, new Layout[] {la, LAYOUTS[(cases + 2) % 4]},
                        loop.result(), tol, rnd, report);
                cases++;
            }
        }
        assertTrue(report.isEmpty(), cases + " cases; mismatches:\n" + report);
        assertTrue(GpuTasks.gpuPointTasks() > before, "the GPU variant ran");
    }

    @Test
    void whereOverEveryDtype() {
        assumeGpu();
        Random rnd = new Random(3);
        StringBuilder report = new StringBuilder();
        int k = 0;
        for (FieldType cond : TYPES) {
            for (FieldType x : TYPES) {
                for (FieldType y : TYPES) {
                    FieldType r = UfuncTypes.promote(x, y);
                    int[] code = {ins(FusedExpr.LEAF, 0), ins(FusedExpr.LEAF, 1), ins(FusedExpr.LEAF, 2), op(FusedExpr.WHERE, r, 0)};
                    Layout[] ls = {LAYOUTS[k % 4], LAYOUTS[(k + 1) % 4], LAYOUTS[(k + 3) % 4]};
                    compareFused("where(" + cond + ", " + x + ", " + y + ") -> " + r, code, new Operand.Const[0],
                            new FieldType[] {cond, x, y}, ls, r, 0, rnd, report);
                    int[] withConst = {ins(FusedExpr.LEAF, 0), ins(FusedExpr.CONST, 0), ins(FusedExpr.LEAF, 1), op(FusedExpr.WHERE, r, 0)};
                    compareFused("where(" + cond + ", const " + x + ", " + y + ") -> " + r, withConst,
                            new Operand.Const[] {constant(x, rnd)}, new FieldType[] {cond, y}, Arrays.copyOf(ls, 2), r, 0, rnd, report);
                    k++;
                }
            }
        }
        assertTrue(report.isEmpty(), "mismatches:\n" + report);
    }

    @Test
    void integerPowerAndItsError() {
        assumeGpu();
        Random rnd = new Random(4);
        StringBuilder report = new StringBuilder();
        for (FieldType t : new FieldType[] {FieldType.INT64, FieldType.INT32, FieldType.BOOL}) {
            int[] code = {ins(FusedExpr.LEAF, 0), ins(FusedExpr.CONST, 0), op(FusedExpr.BINARY, t, BinaryOp.POWER.ordinal())};
            for (long e : new long[] {0, 1, 2, 3, 7, 63, 64}) {
                compareFused("power(" + t + ", " + e + ")", code, new Operand.Const[] {new Operand.Const(t, t == FieldType.BOOL ? Math.min(e, 1) : e)},
                        new FieldType[] {t}, new Layout[] {Layout.STRIDED}, t, 0, rnd, report);
            }
            if (t != FieldType.BOOL) {
                // an exponent array with negative elements: both variants raise NumPy's error
                int[] arr = {ins(FusedExpr.LEAF, 0), ins(FusedExpr.LEAF, 1), ins(FusedExpr.CONST, 0), op(FusedExpr.BINARY, t, BinaryOp.ADD.ordinal()),
                        op(FusedExpr.BINARY, t, BinaryOp.POWER.ordinal())};
                compareFused("power(" + t + ", array with negatives)", arr, new Operand.Const[] {new Operand.Const(t, 0)},
                        new FieldType[] {t, t}, new Layout[] {Layout.DENSE, Layout.NEGATIVE}, t, 0, rnd, report);
            }
        }
        assertTrue(report.isEmpty(), "mismatches:\n" + report);
        // the negative exponent really raised on both
        int[] arr = {ins(FusedExpr.LEAF, 0), ins(FusedExpr.CONST, 0), op(FusedExpr.BINARY, FieldType.INT64, BinaryOp.POWER.ordinal()),
                ins(FusedExpr.CONST, 1), op(FusedExpr.BINARY, FieldType.INT64, BinaryOp.ADD.ordinal())};
        Instance[] inst = {Instance.wrap(FieldType.INT64, Rect.ofExtents(4), new long[4]), Instance.wrap(FieldType.INT64, Rect.ofExtents(4), new long[] {1, 2, 3, 4})};
        IterSpace space = IterSpace.whole(4);
        FusedExpr e = new FusedExpr(space, arr, new Operand.Const[] {Operand.Const.of(-1L), Operand.Const.of(1L)},
                new Operand[] {new Operand.StoreOperand(1, FieldType.INT64, Access.identity(1))}, new Operand.StoreOperand(0, FieldType.INT64, Access.identity(1)));
        Ctx ctx = new Ctx(inst, e.encode(), space.launchDomain());
        Outcome gpu = runVariant(ctx, true, OpCode.FUSED, 0);
        assertTrue(gpu.error() instanceof IllegalArgumentException && gpu.error().getMessage().contains("negative integer powers"), String.valueOf(gpu.error()));
    }

    @Test
    void everyReductionOfEveryComputeType() {
        assumeGpu();
        long before = GpuTasks.gpuPointTasks();
        Random rnd = new Random(5);
        StringBuilder report = new StringBuilder();
        for (long[] shape : new long[][] {{ROWS, COLS}, {3, 100_003}, {1, 1}}) {
            for (FieldType t : TYPES) {
                for (ReduceOp rop : ReduceOp.values()) {
                    FieldType c = rop == ReduceOp.ANY || rop == ReduceOp.ALL ? FieldType.BOOL
                            : t == FieldType.BOOL || t == FieldType.INT32 ? FieldType.INT64 : t;
                    for (FieldType compute : new FieldType[] {c, FieldType.FLOAT64}) {
                        if ((rop == ReduceOp.ANY || rop == ReduceOp.ALL) && compute != FieldType.BOOL) {
                            continue;
                        }
                        boolean specials = shape[0] * shape[1] < 5000;
                        reduceCase(rop, compute, t, shape, specials, rnd, report);
                    }
                }
            }
        }
        assertTrue(report.isEmpty(), "mismatches:\n" + report);
        assertTrue(GpuTasks.gpuPointTasks() > before, "the GPU variant ran");
    }

    /** FUSED_REDUCE of {@code a * b} (bool: {@code a and not b}) over a 2-D tile with a strided leaf, both variants. */
    static void reduceCase(ReduceOp rop, FieldType compute, FieldType t, long[] shape, boolean specials, Random rnd, StringBuilder report) {
        int n = (int) (shape[0] * shape[1]);
        // floating sums and products fold in another order on the device: tame values keep them comparable (no
        // overflow to inf next to a zero, no cancellation); the others see NaN, infinities, -0.0 and large integers
        boolean tame = !specials || isFloat(compute) && (rop == ReduceOp.SUM || rop == ReduceOp.PROD);
        Object av = tame ? tame(t, n, rnd) : values(t, n, rnd);
        Object bv = tame ? tame(t, 2 * n, rnd) : values(t, 2 * n, rnd);
        Instance out = Instance.wrap(compute, Rect.ofExtents(1), compute.newArray(1));
        Instance a = Instance.wrap(t, Rect.ofExtents(shape[0], shape[1]), av);
        Instance b = Instance.wrap(t, Rect.ofExtents(shape[0], 2 * shape[1]), bv);
        Operand la = new Operand.StoreOperand(1, t, Access.identity(2));
        Operand lb = new Operand.StoreOperand(2, t, new Access(new int[] {0, 1}, new long[] {1, 2}, new long[] {0, 1}));
        int[] code = t == FieldType.BOOL
                ? new int[] {ins(FusedExpr.LEAF, 0), ins(FusedExpr.LEAF, 1), op(FusedExpr.UNARY, FieldType.BOOL, UnaryOp.LOGICAL_NOT.ordinal()),
                        op(FusedExpr.BINARY, FieldType.BOOL, BinaryOp.LOGICAL_AND.ordinal())}
                : new int[] {ins(FusedExpr.LEAF, 0), ins(FusedExpr.LEAF, 1), op(FusedExpr.BINARY, t, BinaryOp.MULTIPLY.ordinal())};
        IterSpace space = IterSpace.whole(shape);
        Operand outOp = new Operand.StoreOperand(0, compute, new Access(new int[] {-1}, new long[] {1}, new long[] {0}));
        FusedReduce r = new FusedReduce(rop, compute, space, code, new Operand.Const[0], new Operand[] {la, lb}, outOp);
        Ctx base = new Ctx(new Instance[] {out, a, b}, r.encode(), space.launchDomain());
        Outcome cpu = runVariant(base.copy(), false, OpCode.FUSED_REDUCE, 0);
        Outcome gpu = runVariant(base.copy(), true, OpCode.FUSED_REDUCE, 0);
        String what = rop + " in " + compute + " of " + t + " " + Arrays.toString(shape);
        if (isFloat(compute) && (rop == ReduceOp.SUM || rop == ReduceOp.PROD) && cpu.error() == null && gpu.error() == null) {
            double x = valueAt(cpu.array(), 0);
            double y = valueAt(gpu.array(), 0);
            boolean ok = Double.doubleToLongBits(x) == Double.doubleToLongBits(y) || Math.abs(x - y) <= 1e-12 * Math.abs(x)
                    || compute == FieldType.FLOAT32 && Math.abs(x - y) <= Math.ulp((float) x);
            if (!ok) {
                report.append(what).append(": CPU ").append(x).append(", GPU ").append(y).append('\n');
            }
            return;
        }
        diff(what, cpu, gpu, 0, report);
    }

    /** Floats near 1, integers 1 to 3, random bools. */
    static Object tame(FieldType t, int n, Random rnd) {
        Object o = t.newArray(n);
        for (int i = 0; i < n; i++) {
            switch (t) {
                case FLOAT64 -> ((double[]) o)[i] = 1 + rnd.nextGaussian() * 1e-3;
                case FLOAT32 -> ((float[]) o)[i] = (float) (1 + rnd.nextGaussian() * 1e-3);
                case INT64 -> ((long[]) o)[i] = 1 + rnd.nextInt(3);
                case INT32 -> ((int[]) o)[i] = 1 + rnd.nextInt(3);
                case BOOL -> ((byte[]) o)[i] = (byte) rnd.nextInt(2);
            }
        }
        return o;
    }

    // ------------------------------------------------------------------ through the array API

    private static final Method BINARY;
    private static final Method UNARY;
    private static final Method WHERE;
    private static final Method REDUCE;

    static {
        try {
            Class<?> ew = Class.forName("dev.cohort.ndarray.Elementwise");
            BINARY = ew.getDeclaredMethod("binary", BinaryOp.class, Object.class, Object.class, NdArray.class);
            UNARY = ew.getDeclaredMethod("unary", UnaryOp.class, NdArray.class, NdArray.class);
            WHERE = ew.getDeclaredMethod("where", Object.class, Object.class, Object.class);
            REDUCE = Class.forName("dev.cohort.ndarray.Reductions").getDeclaredMethod("reduce", ReduceOp.class, NdArray.class, Integer.class, boolean.class);
            for (Method m : new Method[] {BINARY, UNARY, WHERE, REDUCE}) {
                m.setAccessible(true);
            }
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private static NdArray call(Method m, Object... args) throws Exception {
        try {
            return (NdArray) m.invoke(null, args);
        } catch (java.lang.reflect.InvocationTargetException e) {
            if (e.getCause() instanceof Exception x) {
                throw x;
            }
            throw e;
        }
    }

    static NdArray array(Random rnd, FieldType t, int rows, int cols) {
        Object v = values(t, rows * cols, rnd);
        NdArray a = switch (t) {
            case FLOAT64 -> Np.array((double[]) v);
            case FLOAT32 -> Np.array((float[]) v);
            case INT64 -> Np.array((long[]) v);
            case INT32 -> Np.array((int[]) v);
            case BOOL -> {
                byte[] b = (byte[]) v;
                boolean[] z = new boolean[b.length];
                for (int i = 0; i < b.length; i++) {
                    z[i] = b[i] != 0;
                }
                yield Np.array(z);
            }
        };
        return a.reshape(rows, cols);
    }

    /** Exact operations only (no transcendental): GPU and CPU must agree bit for bit. */
    static final BinaryOp[] EXACT_BINARY = Arrays.stream(BinaryOp.values())
            .filter(o -> o != BinaryOp.POWER && o != BinaryOp.ARCTAN2 && o != BinaryOp.HYPOT).toArray(BinaryOp[]::new);
    static final UnaryOp[] EXACT_UNARY = Arrays.stream(UnaryOp.values())
            .filter(o -> !o.isTranscendental() || o == UnaryOp.SQRT || o == UnaryOp.RINT || o == UnaryOp.DEG2RAD || o == UnaryOp.RAD2DEG)
            .toArray(UnaryOp[]::new);

    /**
     * A random deferred program over every dtype (a dense pool, a broadcast row, a strided and a negative-step view):
     * chains of exact binary and unary operations and where, with full reductions of the chains (kept out of the pool:
     * float sums may differ in the last bits). Returns what it made.
     */
    static List<NdArray> program(long seed, int steps) throws Exception {
        Random rnd = new Random(seed);
        int rows = 40 + rnd.nextInt(30);
        int cols = 30 + rnd.nextInt(40);
        List<NdArray> pool = new ArrayList<>();
        List<NdArray> all = new ArrayList<>();
        for (FieldType t : TYPES) {
            pool.add(array(rnd, t, rows, cols));
        }
        pool.add(array(rnd, TYPES[rnd.nextInt(5)], 1, cols));
        NdArray big = array(rnd, TYPES[rnd.nextInt(5)], rows + 2, 2 * cols);
        pool.add(big.get(Np.slice(1L, (long) rows + 1, null), Np.slice(0L, null, 2L)));
        pool.add(big.get(Np.slice((long) rows, 0L, -1L), Np.slice(null, null, null)).get(":, :" + cols));
        all.addAll(pool);
        for (int s = 0; s < steps; s++) {
            int what = rnd.nextInt(100);
            NdArray r;
            try {
                if (what < 45) {
                    BinaryOp bop = EXACT_BINARY[rnd.nextInt(EXACT_BINARY.length)];
                    Object x = pick(rnd, pool);
                    Object y = rnd.nextInt(4) == 0 ? (Object) (long) (rnd.nextInt(7) - 3) : pick(rnd, pool);
                    r = call(BINARY, bop, x, y, null);
                } else if (what < 75) {
                    r = call(UNARY, EXACT_UNARY[rnd.nextInt(EXACT_UNARY.length)], pick(rnd, pool), null);
                } else if (what < 88) {
                    r = call(WHERE, pick(rnd, pool), pick(rnd, pool), rnd.nextBoolean() ? pick(rnd, pool) : (Object) 2.5);
                } else {
                    all.add(call(REDUCE, ReduceOp.values()[rnd.nextInt(6)], pick(rnd, pool), null, false));
                    continue;
                }
            } catch (IllegalArgumentException e) {
                continue;   // NumPy's type errors (bitwise ops of floats, bool subtract, ...) and shape errors
            }
            pool.add(r);
            all.add(r);
            if (pool.size() > 16) {
                pool.remove(8 + rnd.nextInt(pool.size() - 8));
            }
        }
        return all;
    }

    private static NdArray pick(Random rnd, List<NdArray> pool) {
        int n = pool.size();
        return rnd.nextBoolean() ? pool.get(n - 1 - rnd.nextInt(Math.min(n, 4))) : pool.get(rnd.nextInt(n));
    }

    /** Each array's elements as doubles (int64 exactly through its long bits) with its dtype. */
    static List<Object> contents(List<NdArray> arrays) {
        List<Object> out = new ArrayList<>();
        for (NdArray a : arrays) {
            out.add(switch (a.dtype()) {
                case FLOAT64 -> a.toDoubleArray();
                case FLOAT32 -> a.toFloatArray();
                case INT64 -> a.toLongArray();
                case INT32 -> a.toIntArray();
                case BOOL -> {
                    boolean[] z = a.toBooleanArray();
                    byte[] b = new byte[z.length];
                    for (int i = 0; i < z.length; i++) {
                        b[i] = (byte) (z[i] ? 1 : 0);
                    }
                    yield b;
                }
            });
        }
        return out;
    }

    static List<Object> runProgram(int shards, boolean gpu, long seed) {
        Cohort.Config cfg = new Cohort.Config().shards(shards).eagerMaxVolume(0).minTileVolume(64);
        if (gpu) {
            cfg = cfg.gpus(1).gpuMinElements(0);
        }
        return Cohort.run(cfg, (Callable<List<Object>>) () -> contents(program(seed, 40))).get(0);
    }

    @Test
    void randomDeferredProgramsMatchTheCpuOnOneAndTwoShards() {
        assumeGpu();
        long before = GpuTasks.gpuPointTasks();
        StringBuilder report = new StringBuilder();
        for (int shards : new int[] {1, 2}) {
            for (int p = 0; p < 6; p++) {
                long seed = 900 + 17L * p + shards;
                List<Object> cpu = runProgram(shards, false, seed);
                List<Object> gpu = runProgram(shards, true, seed);
                assertEquals(cpu.size(), gpu.size(), "program " + seed);
                for (int k = 0; k < cpu.size(); k++) {
                    Object x = cpu.get(k);
                    Object y = gpu.get(k);
                    int n = java.lang.reflect.Array.getLength(x);
                    for (int i = 0; i < n; i++) {
                        if (bitsAt(x, i) != bitsAt(y, i)) {
                            double u = valueAt(x, i);
                            double v = valueAt(y, i);
                            // a full float reduction: a fixed tree on the device, within 1e-12 relative
                            boolean reduction = n == 1 && Math.abs(u - v) <= 1e-12 * Math.abs(u);
                            if (!reduction) {
                                report.append("program ").append(seed).append(" on ").append(shards).append(" shard(s), array #")
                                        .append(k).append(" element ").append(i).append(": CPU ").append(u).append(", GPU ").append(v).append('\n');
                                break;
                            }
                        }
                    }
                }
            }
        }
        assertTrue(report.isEmpty(), "mismatches:\n" + report);
        assertTrue(GpuTasks.gpuPointTasks() > before, "the GPU variants ran");
    }

    @Test
    void fusedBandwidthIsMeasured() {
        assumeGpu();
        double gbs = FusedGpu.fusedBandwidth(GpuDevice.get(0), 1L << 24);
        System.out.printf(java.util.Locale.ROOT, "| FUSED a*b+c, %d float64 | %.0f GB/s |%n", 1L << 24, gbs);
        assertTrue(gbs > 0, "bandwidth " + gbs);
        if (!(gbs > 0)) {
            fail("no bandwidth");
        }
    }
}
