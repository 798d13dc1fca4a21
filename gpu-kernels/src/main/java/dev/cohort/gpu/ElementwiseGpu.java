package dev.cohort.gpu;

import static jcuda.driver.JCudaDriver.cuMemcpyDtoH;
import static jcuda.driver.JCudaDriver.cuMemsetD32Async;
import static jcuda.driver.JCudaDriver.cuOccupancyMaxActiveBlocksPerMultiprocessor;

import dev.cohort.runtime.launch.TaskBody;
import dev.cohort.runtime.launch.TaskContext;
import dev.cohort.runtime.region.FieldType;
import dev.cohort.tasks.Args;
import dev.cohort.tasks.BinaryOp;
import dev.cohort.tasks.CpuTasks;
import dev.cohort.tasks.OpCode;
import dev.cohort.tasks.TileAccess;
import dev.cohort.tasks.UnaryOp;
import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import jcuda.Pointer;
import jcuda.driver.CUdeviceptr;

/**
 * The GPU variants of the element-wise op codes: {@link OpCode#BINARY_OP}, {@link OpCode#UNARY_OP},
 * {@link OpCode#WHERE}, {@link OpCode#FILL}, {@link OpCode#ARANGE}, {@link OpCode#COPY} and {@link OpCode#CONVERT}
 * (the kernels of {@code src/main/cuda/elementwise.cu}), for float64, float32, int64, int32 and bool.
 *
 * <p><b>Semantics.</b> Each mirrors its CPU kernel element by element (task-library {@code ElementwiseKernels},
 * {@code StridedRows}, {@code ScalarMath}, {@code DataKernels}, {@code Convert}), so the results are the CPU
 * variant's bits: operands converted to the compute type as the CPU's strided path gathers them (float32 rounded,
 * int32 wrapped, bool 0/1, NumPy's float-to-integer casts), the op as {@code ScalarMath} computes it (Java's
 * {@code Math.max}/{@code min} NaN and signed-zero rules, NumPy's {@code fmax}/{@code fmin}, {@code floor_divide}
 * and {@code remainder} signs, integer division and remainder by zero giving 0, wrapping integer power, shifts
 * outside the width giving 0 or -1, {@code gcd}/{@code lcm} on unsigned magnitudes), the result converted to the
 * out store's type as the CPU's scatter does. + - * / sqrt, comparisons, logical and bitwise ops, casts, floor,
 * ceil, trunc, rint and every integer op are bit-identical; the transcendental functions (exp, log, sin, tanh,
 * pow of floats, arctan2, hypot, erf, ...) use CUDA's double-precision math (float32: computed in double, rounded
 * once), within 2 ulp of the CPU's. ARANGE computes {@code start + (double) i * step} with no fused multiply-add, as
 * {@code DataKernels.arange} does.
 *
 * <p><b>Paths.</b> A tile that {@link TileShape} merges to one dimension with unit strides, whose operands have
 * the compute type (or are constants) and whose out has the result type, runs a dense kernel specialised on the
 * compute type and the op ({@code cohort_ew_bin_dense_*}, {@code cohort_ew_un_dense_*}: the cheap, memory-bound
 * ops), or for WHERE and COPY/FILL on the element size; everything else runs the strided kernels (any strides,
 * any element types, up to {@link TileShape#MAXD} merged dimensions). Grids are sized by the kernel's occupancy.
 *
 * <p><b>Errors and fallbacks.</b> The CPU variant's checks are made by running the CPU variant
 * ({@link GpuTasks#fellBack()}) for the cases that raise or that the kernels do not cover: an integer-only op
 * (bitwise, shifts, gcd, lcm, invert) computed in a float type (NumPy's TypeError); arctan2 and hypot computed in an
 * integer type and the transcendental unary ops computed in an integer type (the array layer never launches these:
 * they compute in float); an out operand that is a constant; an out that overlaps an input of the same instance
 * through a different view (the CPU's row order decides such results); more than {@link TileShape#MAXD}
 * non-mergeable dimensions. An integer power with a negative exponent anywhere in the tile is detected by the kernel
 * (an error word), and the CPU variant then runs and raises NumPy's {@code ValueError} as
 * {@code IllegalArgumentException("Integers to negative integer powers are not allowed.")}.
 */
final class ElementwiseGpu {
    private ElementwiseGpu() {
    }

    /** Compute kinds of {@code elementwise.cu} (K_D ... K_Z) and their kernel-name suffixes. */
    static final int K_D = 0;
    static final int K_F = 1;
    static final int K_L = 2;
    static final int K_I = 3;
    static final int K_Z = 4;
    private static final String[] SUFFIX = {"d", "f", "l", "i", "z"};

    /** Error word values written by the kernels. */
    static final int ERR_NEGATIVE_POWER = 1;
    static final int ERR_NO_DENSE_LOOP = 2;

    private static final ConcurrentHashMap<String, Integer> OCCUPANCY = new ConcurrentHashMap<>();

    /** Adds this family's GPU variants on {@code device} to {@code into}. */
    static void variants(GpuDevice device, Map<OpCode, TaskBody> into) {
        // each body first makes the device's context current on the worker thread (Staging allocates and copies
        // before anything else would bind it)
        into.put(OpCode.BINARY_OP, ctx -> {
            device.bind();
            binary(device, ctx);
        });
        into.put(OpCode.UNARY_OP, ctx -> {
            device.bind();
            unary(device, ctx);
        });
        into.put(OpCode.WHERE, ctx -> {
            device.bind();
            where(device, ctx);
        });
        into.put(OpCode.FILL, ctx -> {
            device.bind();
            fill(device, ctx);
        });
        into.put(OpCode.ARANGE, ctx -> {
            device.bind();
            arange(device, ctx);
        });
        into.put(OpCode.COPY, ctx -> {
            device.bind();
            copy(device, ctx, OpCode.COPY);
        });
        into.put(OpCode.CONVERT, ctx -> {
            device.bind();
            copy(device, ctx, OpCode.CONVERT);
        });
    }

    // ------------------------------------------------------------------------------------------------ BINARY_OP

    /**
     * BINARY_OP ({@code ElementwiseKernels.binary}): {@code out[i] = op(a[i], b[i])} computed in {@code compute},
     * converted to out's type; comparisons and logical ops give bool.
     */
    static void binary(GpuDevice dev, TaskContext ctx) {
        Args.Binary args = Args.Binary.decode(ctx.scalars());
        TileAccess t = TileAccess.of(ctx, args.space());
        if (t.empty()) {
            return;
        }
        TileAccess.Resolved a = t.resolve(args.a(), "BINARY_OP a");
        TileAccess.Resolved b = t.resolve(args.b(), "BINARY_OP b");
        TileAccess.Resolved o = t.resolve(args.out(), "BINARY_OP out");
        BinaryOp op = args.op();
        FieldType c = args.compute();
        boolean floatTruth = c == FieldType.BOOL && (floating(a.type()) || floating(b.type()));
        int kind = floatTruth ? K_D : kindOf(c);
        boolean integer = kind >= K_L;
        if (o.constant() || (op.isIntegerOnly() && !integer) || (integer && (op == BinaryOp.ARCTAN2 || op == BinaryOp.HYPOT))
                || hazard(ctx, o, a) || hazard(ctx, o, b)) {
            cpu(OpCode.BINARY_OP, ctx);
            return;
        }
        TileShape s = shape(t, a, b, o);
        if (s == null) {
            cpu(OpCode.BINARY_OP, ctx);
            return;
        }
        int denseKind = -1;
        if (s.dense()) {
            if (op.isLogical()) {
                FieldType dt = a.constant() ? b.type() : (b.constant() || a.type() == b.type()) ? a.type() : null;
                if (dt != null && o.type() == FieldType.BOOL && binDense(kindOf(dt), op)) {
                    denseKind = kindOf(dt);
                }
            } else if (!floatTruth && o.type() == (op.isPredicate() ? FieldType.BOOL : c)
                    && (a.constant() || a.type() == c) && (b.constant() || b.type() == c) && binDense(kind, op)) {
                denseKind = kind;
            }
        }
        boolean negativePower;
        try (Staging st = new Staging(dev, ctx)) {
            CUdeviceptr pa = a.constant() ? null : st.in(a.requirement());
            CUdeviceptr pb = b.constant() ? null : st.in(b.requirement());
            CUdeviceptr po = st.out(o.requirement(), overwritten(ctx, s, o));
            CUdeviceptr err = errorWord(dev, st);
            if (denseKind >= 0) {
                boolean logical = op.isLogical();
                KernelArgs k = new KernelArgs().i64(s.volume()).i32(op.ordinal()).ptr(po).i64(o.base())
                        .ptr(pa).i64(a.base()).i64(scalarBits(a, denseKind, logical))
                        .ptr(pb).i64(b.base()).i64(scalarBits(b, denseKind, logical)).ptr(err);
                launch(dev, "cohort_ew_bin_dense_" + SUFFIX[denseKind], s.volume(), k);
            } else {
                KernelArgs k = new KernelArgs().shape(s).i32(op.ordinal()).operand(s, 2, po).operand(s, 0, pa)
                        .operand(s, 1, pb).ptr(err);
                launch(dev, "cohort_ew_bin_" + SUFFIX[kind], s.volume(), k);
            }
            int e = readError(dev, err);
            checkDenseLoop(e, "BINARY_OP " + op + " kind " + SUFFIX[Math.max(denseKind, 0)]);
            negativePower = e == ERR_NEGATIVE_POWER;
            if (!negativePower) {
                st.finish();
            }
        }
        if (negativePower) {
            cpu(OpCode.BINARY_OP, ctx);                     // raises the CPU variant's IllegalArgumentException
            return;
        }
        GpuTasks.ranOnGpu();
    }

    /**
     * Whether {@code elementwise.cu} has a dense loop of {@code op} for compute kind {@code kind} (its
     * {@code bin_dense_has}): the cheap ops; the rest run the strided kernel.
     */
    static boolean binDense(int kind, BinaryOp op) {
        switch (op) {
            case ADD, SUBTRACT, MULTIPLY, DIVIDE, MAXIMUM, MINIMUM, FMAX, FMIN,
                    EQUAL, NOT_EQUAL, LESS, LESS_EQUAL, GREATER, GREATER_EQUAL, LOGICAL_AND, LOGICAL_OR, LOGICAL_XOR -> {
                return true;
            }
            case COPYSIGN -> {
                return kind <= K_F;
            }
            case POWER, FLOOR_DIVIDE, REMAINDER, FMOD, BITWISE_AND, BITWISE_OR, BITWISE_XOR, LEFT_SHIFT, RIGHT_SHIFT -> {
                return kind >= K_L;
            }
            default -> {
                return false;
            }
        }
    }

    // ------------------------------------------------------------------------------------------------ UNARY_OP

    /** UNARY_OP ({@code ElementwiseKernels.unary}): {@code out[i] = op(a[i])} computed in {@code compute}. */
    static void unary(GpuDevice dev, TaskContext ctx) {
        Args.Unary args = Args.Unary.decode(ctx.scalars());
        TileAccess t = TileAccess.of(ctx, args.space());
        if (t.empty()) {
            return;
        }
        TileAccess.Resolved a = t.resolve(args.a(), "UNARY_OP a");
        TileAccess.Resolved o = t.resolve(args.out(), "UNARY_OP out");
        UnaryOp op = args.op();
        FieldType c = args.compute();
        boolean floatTruth = c == FieldType.BOOL && floating(a.type());
        int kind = floatTruth ? K_D : kindOf(c);
        boolean integer = kind >= K_L;
        if (o.constant() || (op == UnaryOp.INVERT && !integer) || (integer && op.isTranscendental()) || hazard(ctx, o, a)) {
            cpu(OpCode.UNARY_OP, ctx);
            return;
        }
        TileShape s = shape(t, a, o);
        if (s == null) {
            cpu(OpCode.UNARY_OP, ctx);
            return;
        }
        int denseKind = -1;
        if (s.dense() && !a.constant()) {
            if (op == UnaryOp.LOGICAL_NOT) {
                if (o.type() == FieldType.BOOL) {
                    denseKind = kindOf(a.type());
                }
            } else if (!floatTruth && a.type() == c && o.type() == (op.isPredicate() ? FieldType.BOOL : c)
                    && unDense(kind, op)) {
                denseKind = kind;
            }
        }
        try (Staging st = new Staging(dev, ctx)) {
            CUdeviceptr pa = a.constant() ? null : st.in(a.requirement());
            CUdeviceptr po = st.out(o.requirement(), overwritten(ctx, s, o));
            CUdeviceptr err = errorWord(dev, st);
            if (denseKind >= 0) {
                KernelArgs k = new KernelArgs().i64(s.volume()).i32(op.ordinal()).ptr(po).i64(o.base()).ptr(pa)
                        .i64(a.base()).ptr(err);
                launch(dev, "cohort_ew_un_dense_" + SUFFIX[denseKind], s.volume(), k);
            } else {
                KernelArgs k = new KernelArgs().shape(s).i32(op.ordinal()).operand(s, 1, po).operand(s, 0, pa);
                launch(dev, "cohort_ew_un_" + SUFFIX[kind], s.volume(), k);
            }
            checkDenseLoop(readError(dev, err), "UNARY_OP " + op + " kind " + SUFFIX[Math.max(denseKind, 0)]);
            st.finish();
        }
        GpuTasks.ranOnGpu();
    }

    /** Whether {@code elementwise.cu} has a dense loop of {@code op} for kind {@code kind} (its {@code un_dense_has}). */
    static boolean unDense(int kind, UnaryOp op) {
        switch (op) {
            case NEGATIVE, ABS, SQUARE, RECIPROCAL, SIGN, FLOOR, CEIL, TRUNC, POSITIVE,
                    LOGICAL_NOT, ISNAN, ISINF, ISFINITE, SIGNBIT -> {
                return true;
            }
            case RINT, SQRT, DEG2RAD, RAD2DEG -> {
                return kind <= K_F;
            }
            case INVERT -> {
                return kind >= K_L;
            }
            default -> {
                return false;
            }
        }
    }

    // ------------------------------------------------------------------------------------------------ WHERE

    /**
     * WHERE ({@code DataKernels.where}): {@code out[i] = cond[i] ? a[i] : b[i]}, cond read as a truth value (NaN is
     * true), a and b converted to out's type (through long into an integral out, through double into a float one).
     */
    static void where(GpuDevice dev, TaskContext ctx) {
        Args.Where args = Args.Where.decode(ctx.scalars());
        TileAccess t = TileAccess.of(ctx, args.space());
        if (t.empty()) {
            return;
        }
        TileAccess.Resolved cd = t.resolve(args.cond(), "WHERE cond");
        TileAccess.Resolved a = t.resolve(args.a(), "WHERE a");
        TileAccess.Resolved b = t.resolve(args.b(), "WHERE b");
        TileAccess.Resolved o = t.resolve(args.out(), "WHERE out");
        if (o.constant() || hazard(ctx, o, cd) || hazard(ctx, o, a) || hazard(ctx, o, b)) {
            cpu(OpCode.WHERE, ctx);
            return;
        }
        TileShape s = shape(t, cd, a, b, o);
        if (s == null) {
            cpu(OpCode.WHERE, ctx);
            return;
        }
        FieldType ot = o.type();
        boolean dense = s.dense() && !cd.constant() && cd.type() == FieldType.BOOL
                && (a.constant() || a.type() == ot) && (b.constant() || b.type() == ot);
        try (Staging st = new Staging(dev, ctx)) {
            CUdeviceptr pc = cd.constant() ? null : st.in(cd.requirement());
            CUdeviceptr pa = a.constant() ? null : st.in(a.requirement());
            CUdeviceptr pb = b.constant() ? null : st.in(b.requirement());
            CUdeviceptr po = st.out(o.requirement(), overwritten(ctx, s, o));
            if (dense) {
                KernelArgs k = new KernelArgs().i64(s.volume()).ptr(pc).i64(cd.base()).ptr(po).i64(o.base())
                        .ptr(pa).i64(a.base()).i64(a.constant() ? castBits(a, ot) : 0)
                        .ptr(pb).i64(b.base()).i64(b.constant() ? castBits(b, ot) : 0);
                launch(dev, "cohort_ew_where_dense_" + ot.size(), s.volume(), k);
            } else {
                KernelArgs k = new KernelArgs().shape(s).operand(s, 3, po).operand(s, 0, pc).operand(s, 1, pa)
                        .operand(s, 2, pb);
                launch(dev, "cohort_ew_where", s.volume(), k);
            }
            st.finish();
        }
        GpuTasks.ranOnGpu();
    }

    // ------------------------------------------------------------------------------------------------ FILL, COPY

    /** FILL ({@code DataKernels.fill}): every out element of the tile set to the value converted to out's type. */
    static void fill(GpuDevice dev, TaskContext ctx) {
        Args.Fill args = Args.Fill.decode(ctx.scalars());
        TileAccess t = TileAccess.of(ctx, args.space());
        if (t.empty()) {
            return;
        }
        copy(dev, ctx, OpCode.FILL, t, t.resolve(args.value(), "FILL value"), t.resolve(args.out(), "FILL out"));
    }

    /**
     * COPY and CONVERT ({@code DataKernels.copy}): {@code out[i] = in[i]} converted to out's type with NumPy's cast
     * (bit for bit between equal types; an integral source through long, a float one through double).
     */
    static void copy(GpuDevice dev, TaskContext ctx, OpCode code) {
        Args.Copy args = Args.Copy.decode(ctx.scalars());
        TileAccess t = TileAccess.of(ctx, args.space());
        if (t.empty()) {
            return;
        }
        copy(dev, ctx, code, t, t.resolve(args.in(), "COPY in"), t.resolve(args.out(), "COPY out"));
    }

    private static void copy(GpuDevice dev, TaskContext ctx, OpCode code, TileAccess t, TileAccess.Resolved in,
                             TileAccess.Resolved o) {
        if (o.constant() || hazard(ctx, o, in)) {
            cpu(code, ctx);
            return;
        }
        TileShape s = shape(t, in, o);
        if (s == null) {
            cpu(code, ctx);
            return;
        }
        FieldType ot = o.type();
        try (Staging st = new Staging(dev, ctx)) {
            CUdeviceptr pi = in.constant() ? null : st.in(in.requirement());
            CUdeviceptr po = st.out(o.requirement(), overwritten(ctx, s, o));
            if (s.dense() && in.constant()) {
                KernelArgs k = new KernelArgs().i64(s.volume()).ptr(po).i64(o.base()).i64(castBits(in, ot));
                launch(dev, "cohort_ew_fill_" + ot.size(), s.volume(), k);
            } else if (s.dense() && in.type() == ot) {
                KernelArgs k = new KernelArgs().i64(s.volume()).ptr(po).i64(o.base()).ptr(pi).i64(in.base());
                launch(dev, "cohort_ew_copy_dense_" + ot.size(), s.volume(), k);
            } else {
                KernelArgs k = new KernelArgs().shape(s).operand(s, 1, po).operand(s, 0, pi);
                launch(dev, "cohort_ew_copy", s.volume(), k);
            }
            st.finish();
        }
        GpuTasks.ranOnGpu();
    }

    // ------------------------------------------------------------------------------------------------ ARANGE

    /**
     * ARANGE ({@code DataKernels.arange}): {@code out[i] = start + (double) i * step} over a 1-d space ({@code i}
     * the global coordinate), converted to out's type as {@code Tile.View.setD} does.
     */
    static void arange(GpuDevice dev, TaskContext ctx) {
        Args.Arange args = Args.Arange.decode(ctx.scalars());
        if (args.space().dim() != 1) {
            cpu(OpCode.ARANGE, ctx);                         // raises the CPU variant's IllegalArgumentException
            return;
        }
        TileAccess t = TileAccess.of(ctx, args.space());
        if (t.empty()) {
            return;
        }
        TileAccess.Resolved o = t.resolve(args.out(), "ARANGE out");
        if (o.constant()) {
            cpu(OpCode.ARANGE, ctx);
            return;
        }
        TileShape s = TileShape.of(t, o);
        long n = t.extent()[0];
        try (Staging st = new Staging(dev, ctx)) {
            CUdeviceptr po = st.out(o.requirement(), overwritten(ctx, s, o));
            KernelArgs k = new KernelArgs().i64(n).ptr(po).struct(s.opdStruct(0)).i64(t.lo()[0])
                    .f64(args.start()).f64(args.step());
            launch(dev, "cohort_ew_arange", n, k);
            st.finish();
        }
        GpuTasks.ranOnGpu();
    }

    // ------------------------------------------------------------------------------------------------ helpers

    private static void cpu(OpCode code, TaskContext ctx) {
        GpuTasks.fellBack();
        CpuTasks.body(code).run(ctx);
    }

    /** The merged shape, or null where the tile has more dimensions than the kernels take (the CPU variant runs). */
    private static TileShape shape(TileAccess t, TileAccess.Resolved... ops) {
        try {
            return TileShape.of(t, ops);
        } catch (GpuException e) {
            return null;
        }
    }

    static boolean floating(FieldType t) {
        return t == FieldType.FLOAT64 || t == FieldType.FLOAT32;
    }

    /** The compute kind of compute type {@code c} (the storage kind of an operand type). */
    static int kindOf(FieldType c) {
        return switch (c) {
            case FLOAT64 -> K_D;
            case FLOAT32 -> K_F;
            case INT64 -> K_L;
            case INT32 -> K_I;
            case BOOL -> K_Z;
        };
    }

    /**
     * True when input {@code in} reads the instance that {@code out} writes through another view (overlapping
     * reads and writes whose result depends on the CPU's order): the CPU variant runs those.
     */
    static boolean hazard(TaskContext ctx, TileAccess.Resolved out, TileAccess.Resolved in) {
        if (in.constant()) {
            return false;
        }
        boolean same = in.requirement() == out.requirement()
                || ctx.instance(in.requirement()) == ctx.instance(out.requirement());
        return same && (in.base() != out.base() || !Arrays.equals(in.stride(), out.stride()));
    }

    /** True when the tile writes every element of out's instance (so nothing need be copied in first). */
    static boolean overwritten(TaskContext ctx, TileShape s, TileAccess.Resolved o) {
        return s.dense() && o.base() == 0 && s.volume() == ctx.instance(o.requirement()).size();
    }

    /** Java's Convert.d2l: truncation; NaN and out of range give Long.MIN_VALUE. */
    static long d2l(double d) {
        long r = (long) d;
        return r == Long.MAX_VALUE || d != d ? Long.MIN_VALUE : r;
    }

    /** Java's Convert.d2i: truncation; NaN and out of range give Integer.MIN_VALUE. */
    static int d2i(double d) {
        return d > -2147483649.0 && d < 2147483648.0 ? (int) d : Integer.MIN_VALUE;
    }

    /** A constant's value as a double ({@code Tile.View.dval}). */
    static double constD(TileAccess.Resolved r) {
        return r.type().toDouble(r.constBits());
    }

    /** A constant's value as a long ({@code Tile.View.lval}, {@code Convert.bitsToLong}). */
    static long constL(TileAccess.Resolved r) {
        long bits = r.constBits();
        return switch (r.type()) {
            case FLOAT64 -> d2l(Double.longBitsToDouble(bits));
            case FLOAT32 -> d2l(Float.intBitsToFloat((int) bits));
            case INT64 -> bits;
            case INT32 -> (int) bits;
            case BOOL -> bits != 0 ? 1 : 0;
        };
    }

    /**
     * A dense kernel's scalar operand: a constant's value in kind {@code kind}'s representation, as raw bits
     * (float64: the double's bits, float32: the float's bits, integers: the value, bool 0/1), converted as the CPU's
     * dense path converts it ({@code Convert.normD}/{@code normL}); for the logical ops its truth value. 0 for an
     * array operand.
     */
    static long scalarBits(TileAccess.Resolved r, int kind, boolean logical) {
        if (!r.constant()) {
            return 0;
        }
        if (logical) {
            boolean truth = floating(r.type()) ? constD(r) != 0 : constL(r) != 0;
            return switch (kind) {
                case K_D -> Double.doubleToRawLongBits(truth ? 1.0 : 0.0);
                case K_F -> Float.floatToRawIntBits(truth ? 1.0f : 0.0f);
                default -> truth ? 1 : 0;
            };
        }
        return switch (kind) {
            case K_D -> Double.doubleToRawLongBits(constD(r));
            case K_F -> Float.floatToRawIntBits((float) constD(r));
            case K_L -> constL(r);
            case K_I -> (int) constL(r);
            default -> constL(r) != 0 ? 1 : 0;
        };
    }

    /**
     * A constant converted to type {@code t}, as raw bits of {@code t} ({@code Tile.View.bitsAs}: an integral
     * constant through long, a float one through double with NumPy's casts). FILL's value and WHERE's scalars.
     */
    static long castBits(TileAccess.Resolved r, FieldType t) {
        if (!floating(r.type())) {
            return t.bitsOf(constL(r));
        }
        double d = constD(r);
        return switch (t) {
            case INT64 -> d2l(d);
            case INT32 -> d2i(d);
            default -> t.bitsOf(d);
        };
    }

    /** A zeroed device word the kernels report errors in. */
    private static CUdeviceptr errorWord(GpuDevice dev, Staging st) {
        CUdeviceptr err = st.scratch(4);
        Cuda.check(cuMemsetD32Async(err, 0, 1, dev.stream()), "cuMemsetD32Async(error word)");
        return err;
    }

    /** Waits for the kernels and reads the error word. */
    private static int readError(GpuDevice dev, CUdeviceptr err) {
        dev.synchronize();
        int[] v = new int[1];
        Cuda.check(cuMemcpyDtoH(Pointer.to(v), err, 4), "cuMemcpyDtoH(error word)");
        return v[0];
    }

    private static void checkDenseLoop(int e, String what) {
        if (e == ERR_NO_DENSE_LOOP) {
            throw new GpuException("internal error: elementwise.cu has no dense loop for " + what
                    + " (ElementwiseGpu.binDense/unDense disagree with bin_dense_has/un_dense_has)");
        }
    }

    /**
     * Launches grid-stride kernel {@code name} over {@code elements} in blocks of {@link GpuDevice#BLOCK} threads,
     * as many blocks as the device holds at once for this kernel (its occupancy, so no block waits for a second
     * wave), or fewer for small launches.
     */
    static void launch(GpuDevice dev, String name, long elements, KernelArgs args) {
        String key = dev.ordinal() + ":" + name;
        Integer perSm = OCCUPANCY.get(key);
        if (perSm == null) {
            int[] blocks = new int[1];
            Cuda.check(cuOccupancyMaxActiveBlocksPerMultiprocessor(blocks, dev.function(name), GpuDevice.BLOCK, 0),
                    "cuOccupancyMaxActiveBlocksPerMultiprocessor(" + name + ")");
            perSm = Math.max(1, blocks[0]);
            OCCUPANCY.put(key, perSm);
        }
        long needed = (elements + GpuDevice.BLOCK - 1) / GpuDevice.BLOCK;
        int grid = (int) Math.max(1, Math.min(needed, (long) perSm * dev.multiprocessors()));
        dev.launch(name, grid, GpuDevice.BLOCK, 0, args);
    }
}
