package dev.cohort.gpu;

import static jcuda.driver.JCudaDriver.cuMemcpyDtoH;
import static jcuda.driver.JCudaDriver.cuMemsetD32Async;
import static jcuda.driver.JCudaDriver.cuMemsetD8Async;

import dev.cohort.runtime.instance.Instance;
import dev.cohort.runtime.launch.TaskBody;
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
import dev.cohort.tasks.UnaryOp;
import java.util.Arrays;
import java.util.Map;
import jcuda.Pointer;
import jcuda.driver.CUdeviceptr;

/**
 * The GPU variants of {@link OpCode#FUSED} and {@link OpCode#FUSED_REDUCE} (kernels in {@code fused.cu}): a deferred
 * chain of element-wise operations of any dtypes ({@link FusedExpr}'s postfix code over leaves and constants) evaluated
 * per element on the device, written into out ({@code cohort_fused_eval}) or fully reduced without materialising it
 * ({@code cohort_fused_reduce_d}, {@code cohort_fused_reduce_l}).
 *
 * <p><b>How.</b> {@link #compile} turns the postfix code into a typed micro-program: every stack value has a static
 * type (a float64/float32 value is held as a {@code double}, float32 values being floats; int64, int32 and bool as an
 * {@code i64}, int32 wrapped, bool 0/1), and every conversion the CPU machine ({@code FusedKernels.Machine}) makes when
 * it gathers an operand into an operation's compute type (float32 rounding, int-to-double, NumPy's float-to-int cast
 * {@code d2l} then int32 wrap or truth, truth values of {@code where}'s condition and of {@code logical_not} on
 * floats) becomes an explicit micro-op, followed by the operation on doubles ({@code ScalarMath.binaryD},
 * {@code predicateD}, {@code unaryD}) or on longs ({@code binaryL}, {@code predicateL}, {@code unaryL}) and its
 * normalisation to the compute type. The program (at most {@link #MAX_CODE} words, {@link #MAX_LEAVES} leaves, stack
 * depth {@link #MAX_DEPTH}) is a by-value {@code __grid_constant__} kernel parameter read uniformly by all threads;
 * each thread interprets it for its elements of a grid-stride loop over the tile (merged by {@link TileShape}). The
 * issue's alternative, PTX generated per expression and JIT-compiled, was not built yet: this interpreter is the only
 * implementation, so there is no measurement of the two side by side ({@link #fusedBandwidth} measures this one).
 *
 * <p><b>Bits.</b> FUSED gives the CPU variant's bits for + - * / sqrt, comparisons, logical operations, where, casts and
 * every integer operation (wrapping, floor division and remainder with {@code x // 0 == 0}, shifts, gcd/lcm, integer
 * power); transcendental functions (exp, log, sin, tanh, power, arctan2, erf, ...) use CUDA's double functions, within
 * 1-2 ulp of the CPU's (float32 ones are the double result rounded, so at most one float ulp from the CPU's own
 * float32 functions). NaNs the device produces are CUDA's canonical NaN, so {@code signbit} of a computed NaN may differ
 * from the CPU's (x86 gives a negative NaN). FUSED_REDUCE: integer, bool, max and min results are bit-identical; float
 * sums and products are folded per thread in grid-stride order, per block in a fixed tree and over blocks in block
 * order on the host (deterministic for a tile, within about 1e-12 relative of the CPU's for sums without
 * cancellation), then combined with out's identity and rounded to the compute type once, as REDUCE does.
 *
 * <p><b>Errors and fallbacks.</b> The CPU variant's checks run first or the case goes to it
 * ({@code CpuTasks.body(op)}, counted by {@link GpuTasks#fellBack}), which raises the CPU's exception: malformed code
 * ({@link FusedExpr#depth}, thrown here as there), an integer-only op computing in a float type (NumPy's
 * {@code UFuncTypeError}), bad leaf/constant/operator indices, a constant out, FUSED_REDUCE's out checks and its
 * 2^31-element row limit, and an integer power with a negative exponent (the kernel flags it; nothing is copied back
 * and the CPU variant runs, raising "Integers to negative integer powers are not allowed."). Cases the kernels do not
 * cover also go to the CPU variant: more than {@link #MAX_LEAVES} leaves, a program longer than {@link #MAX_CODE}
 * words or deeper than {@link #MAX_DEPTH}, a tile of more than {@link TileShape#MAXD} unmergeable dimensions, constants
 * with non-canonical bits, and a non-predicate operation computing in bool over a float operand (which the array
 * layer never emits).
 */
final class FusedGpu {
    private FusedGpu() {
    }

    /** Most leaves a program reads ({@code FMAX_LEAVES} of fused.cu; the array layer's {@code Fusion.MAX_LEAVES} is 8). */
    static final int MAX_LEAVES = 8;
    /** Most 64-bit words of a micro-program ({@code FMAX_CODE}). */
    static final int MAX_CODE = 200;
    /** Deepest stack ({@code FMAX_DEPTH}). */
    static final int MAX_DEPTH = 24;

    // micro-op kinds (fused.cu FK_*)
    static final int FK_LEAF = 0;
    static final int FK_CONST = 1;
    static final int FK_CV = 2;
    static final int FK_BIN_D = 3;
    static final int FK_PRED_D = 4;
    static final int FK_BIN_L = 5;
    static final int FK_PRED_L = 6;
    static final int FK_UN_D = 7;
    static final int FK_UPRED_D = 8;
    static final int FK_UN_L = 9;
    static final int FK_NEXTAFTER_F32 = 10;
    static final int FK_SELECT = 11;

    // conversions (fused.cu CV_*)
    static final int CV_I2D = 0;
    static final int CV_RF = 1;
    static final int CV_D2L = 2;
    static final int CV_WRAP32 = 3;
    static final int CV_TRUTHL = 4;
    static final int CV_TRUTHD = 5;

    /** Longs of {@code struct FusedProg}: Shape (10), out Opd (11), 8 leaf Opds (88), nleaves, ncode, code. */
    static final int PROG_LONGS = 10 + 11 + 11 * MAX_LEAVES + 2 + MAX_CODE;

    private static final UnaryOp[] UNARY_OPS = UnaryOp.values();
    private static final BinaryOp[] BINARY_OPS = BinaryOp.values();
    private static final FieldType[] TYPES = FieldType.values();

    /** Adds this family's GPU variants on {@code device} to {@code into}: FUSED and FUSED_REDUCE. */
    static void variants(GpuDevice device, Map<OpCode, TaskBody> into) {
        into.put(OpCode.FUSED, ctx -> fused(device, ctx));
        into.put(OpCode.FUSED_REDUCE, ctx -> fusedReduce(device, ctx));
    }

    // ------------------------------------------------------------------ the micro-program

    /**
     * A compiled micro-program: {@code code} (its words), the type of the value it leaves ({@code result}: the
     * expression's type for FUSED, the compute type's representation for FUSED_REDUCE) and the deepest stack.
     */
    record Program(long[] code, FieldType result, int depth) {
        /** Whether the value left is held as a double (float64, float32) rather than an i64. */
        boolean floating() {
            return isFloat(result);
        }
    }

    /** A case the kernels do not cover (the caller hands the point task to the CPU variant). */
    static final class Unsupported extends RuntimeException {
        Unsupported(String why) {
            super(why, null, false, false);
        }
    }

    static boolean isFloat(FieldType t) {
        return t == FieldType.FLOAT64 || t == FieldType.FLOAT32;
    }

    static long word(int kind, int op, int aux) {
        return kind | (long) op << 8 | (long) aux << 16;
    }

    /** The compiler of one expression: the words emitted and the static type of each stack slot. */
    private static final class Compiler {
        final long[] words = new long[MAX_CODE];
        int n;
        final FieldType[] stack = new FieldType[MAX_DEPTH + 1];
        int sp;
        int depth;

        void emit(long w) {
            if (n >= MAX_CODE) {
                throw new Unsupported("program longer than " + MAX_CODE + " words");
            }
            words[n++] = w;
        }

        void push(FieldType t) {
            if (sp >= MAX_DEPTH) {
                throw new Unsupported("stack deeper than " + MAX_DEPTH);
            }
            stack[sp++] = t;
            depth = Math.max(depth, sp);
        }

        FieldType at(int pos) {
            if (sp - 1 - pos < 0) {
                throw new Unsupported("stack underflow");
            }
            return stack[sp - 1 - pos];
        }

        void cv(int pos, int conversion) {
            emit(word(FK_CV, conversion, pos));
        }

        /** A constant of {@code type} with raw {@code bits}, held as the CPU machine holds it ({@code Tile.View.constant}). */
        void constant(FieldType type, long bits) {
            long w;
            if (isFloat(type)) {
                w = Double.doubleToRawLongBits(type.toDouble(bits));
            } else {
                long v = switch (type) {
                    case INT32 -> (int) bits;
                    case BOOL -> bits != 0 ? 1 : 0;
                    default -> bits;
                };
                // the CPU holds a constant's double value as toDouble(bits): the same as (double) v for canonical bits
                if ((double) v != type.toDouble(bits)) {
                    throw new Unsupported("constant with non-canonical bits " + bits + " of " + type);
                }
                w = v;
            }
            emit(word(FK_CONST, 0, 0));
            emit(w);
            push(type);
        }

        /** Slot {@code pos} (from the top, of type t) as an operand of floating compute {@code c} (Machine.vecD). */
        void toD(int pos, FieldType t, FieldType c) {
            if (isFloat(t)) {
                if (c == FieldType.FLOAT32 && t != FieldType.FLOAT32) {
                    cv(pos, CV_RF);
                }
            } else {
                cv(pos, CV_I2D);
                if (c == FieldType.FLOAT32) {
                    cv(pos, CV_RF);
                }
            }
        }

        /** Slot {@code pos} (of type t) as an operand of integer or bool compute {@code c} (Machine.vecL). */
        void toL(int pos, FieldType t, FieldType c) {
            if (isFloat(t)) {
                cv(pos, CV_D2L);
                if (c == FieldType.INT32) {
                    cv(pos, CV_WRAP32);
                } else if (c == FieldType.BOOL) {
                    cv(pos, CV_TRUTHL);
                }
            } else if (c == FieldType.INT32 && t != FieldType.INT32 && t != FieldType.BOOL) {
                cv(pos, CV_WRAP32);
            } else if (c == FieldType.BOOL && t != FieldType.BOOL) {
                cv(pos, CV_TRUTHL);
            }
        }

        /** A long result normalised to {@code c} (Convert.normalize). */
        void normL(int pos, FieldType c) {
            if (c == FieldType.INT32) {
                cv(pos, CV_WRAP32);
            } else if (c == FieldType.BOOL) {
                cv(pos, CV_TRUTHL);
            }
        }

        /** The truth value (0/1) of slot {@code pos} in its own type (Machine.truthOf). */
        void truth(int pos, FieldType t) {
            cv(pos, isFloat(t) ? CV_TRUTHD : CV_TRUTHL);
        }

        void leaf(int i, TileAccess.Resolved[] leaves) {
            if (i >= leaves.length) {
                throw new Unsupported("leaf " + i + " of " + leaves.length);
            }
            TileAccess.Resolved r = leaves[i];
            if (r.constant()) {
                constant(r.type(), r.constBits());
                return;
            }
            emit(word(FK_LEAF, 0, i));
            push(r.type());
        }

        void unary(UnaryOp op, FieldType c) {
            if (op == UnaryOp.INVERT && isFloat(c)) {
                throw new Unsupported("invert computing in " + c);
            }
            FieldType t = at(0);
            boolean floatTruth = c == FieldType.BOOL && isFloat(t);
            boolean pathL = !isFloat(c) && !floatTruth;
            boolean pred = op.isPredicate();
            FieldType res = pred ? FieldType.BOOL : c;
            if (pathL) {
                toL(0, t, c);
                emit(word(FK_UN_L, op.ordinal(), c.ordinal()));
                if (!pred) {
                    normL(0, c);
                }
            } else if (op == UnaryOp.LOGICAL_NOT) {
                truth(0, t);
                emit(word(FK_UN_L, UnaryOp.LOGICAL_NOT.ordinal(), FieldType.BOOL.ordinal()));
            } else if (pred) {
                toD(0, t, c);
                emit(word(FK_UPRED_D, op.ordinal(), 0));
            } else {
                if (!isFloat(c)) {
                    throw new Unsupported(op + " computing in bool over a float");
                }
                toD(0, t, c);
                emit(word(FK_UN_D, op.ordinal(), 0));
                if (c == FieldType.FLOAT32 && op != UnaryOp.NEGATIVE && op != UnaryOp.ABS) {
                    cv(0, CV_RF);
                }
            }
            stack[sp - 1] = res;
        }

        void binary(BinaryOp op, FieldType c) {
            if (op.isIntegerOnly() && isFloat(c)) {
                throw new Unsupported(op + " computing in " + c);
            }
            FieldType ta = at(1);
            FieldType tb = at(0);
            boolean pathD = isFloat(c) || (c == FieldType.BOOL && (isFloat(ta) || isFloat(tb)));
            boolean pred = op.isPredicate();
            FieldType res = pred ? FieldType.BOOL : c;
            if (pathD) {
                if (!pred && !isFloat(c)) {
                    throw new Unsupported(op + " computing in bool over a float");
                }
                toD(1, ta, c);
                toD(0, tb, c);
                if (pred) {
                    emit(word(FK_PRED_D, op.ordinal(), 0));
                } else if (c == FieldType.FLOAT32 && op == BinaryOp.NEXTAFTER) {
                    emit(word(FK_NEXTAFTER_F32, op.ordinal(), 0));
                } else {
                    emit(word(FK_BIN_D, op.ordinal(), 0));
                    if (c == FieldType.FLOAT32 && !selects(op)) {
                        cv(0, CV_RF);
                    }
                }
            } else {
                toL(1, ta, c);
                toL(0, tb, c);
                if (pred) {
                    emit(word(FK_PRED_L, op.ordinal(), 0));
                } else {
                    emit(word(FK_BIN_L, op.ordinal(), 0));
                    normL(0, c);
                }
            }
            sp--;
            stack[sp - 1] = res;
        }

        void where(FieldType r) {
            FieldType tc = at(2);
            FieldType tx = at(1);
            FieldType ty = at(0);
            truth(2, tc);
            if (isFloat(r)) {
                if (!isFloat(tx)) {
                    cv(1, CV_I2D);
                }
                if (!isFloat(ty)) {
                    cv(0, CV_I2D);
                }
            } else {
                if (isFloat(tx)) {
                    cv(1, CV_D2L);
                }
                if (isFloat(ty)) {
                    cv(0, CV_D2L);
                }
            }
            emit(word(FK_SELECT, 0, 0));
            sp -= 2;
            stack[sp - 1] = r;
            switch (r) {
                case FLOAT32 -> cv(0, CV_RF);
                case INT32 -> cv(0, CV_WRAP32);
                case BOOL -> cv(0, CV_TRUTHL);
                default -> {
                }
            }
        }

        Program program() {
            if (sp != 1) {
                throw new Unsupported("code leaves " + sp + " values");
            }
            return new Program(Arrays.copyOf(words, n), stack[0], depth);
        }
    }

    /** Maximum and minimum (and fmax, fmin) give one of their operands, already in the compute type. */
    private static boolean selects(BinaryOp op) {
        return op == BinaryOp.MAXIMUM || op == BinaryOp.MINIMUM || op == BinaryOp.FMAX || op == BinaryOp.FMIN;
    }

    private static FieldType computeOf(int ins) {
        int c = (ins >>> 16) & 0xFF;
        if (c >= TYPES.length) {
            throw new Unsupported("bad compute type " + c);
        }
        return TYPES[c];
    }

    /**
     * Compiles FUSED's postfix {@code code} over {@code consts} and {@code leaves} (resolved for the tile; constant leaves
     * become constants) into the micro-program of {@code fused.cu}.
     *
     * @throws Unsupported for what the kernels do not cover and for what the CPU variant refuses (the caller runs it)
     */
    static Program compile(int[] code, Operand.Const[] consts, TileAccess.Resolved[] leaves) {
        return compiler(code, consts, leaves).program();
    }

    private static Compiler compiler(int[] code, Operand.Const[] consts, TileAccess.Resolved[] leaves) {
        if (leaves.length > MAX_LEAVES) {
            throw new Unsupported(leaves.length + " leaves");
        }
        Compiler k = new Compiler();
        for (int ins : code) {
            int kind = FusedExpr.kind(ins);
            switch (kind) {
                case FusedExpr.LEAF -> k.leaf(ins & 0xFFFFFF, leaves);
                case FusedExpr.CONST -> {
                    int i = ins & 0xFFFFFF;
                    if (i >= consts.length) {
                        throw new Unsupported("constant " + i + " of " + consts.length);
                    }
                    k.constant(consts[i].type(), consts[i].bits());
                }
                case FusedExpr.UNARY -> {
                    int op = ins & 0xFFFF;
                    if (op >= UNARY_OPS.length) {
                        throw new Unsupported("unary operator " + op);
                    }
                    k.at(0);
                    k.unary(UNARY_OPS[op], computeOf(ins));
                }
                case FusedExpr.BINARY -> {
                    int op = ins & 0xFFFF;
                    if (op >= BINARY_OPS.length) {
                        throw new Unsupported("binary operator " + op);
                    }
                    k.at(1);
                    k.binary(BINARY_OPS[op], computeOf(ins));
                }
                case FusedExpr.WHERE -> {
                    k.at(2);
                    k.where(computeOf(ins));
                }
                default -> throw new Unsupported("instruction kind " + kind);
            }
        }
        return k;
    }

    /**
     * Compiles FUSED_REDUCE's expression followed by the conversion of its value into what {@code op} folds in
     * {@code c} ({@code FusedKernels.Machine.foldRowD}/{@code foldRowL}): the truth value in the value's own type for
     * ANY and ALL, the value cast to {@code c} otherwise.
     */
    static Program compileReduce(ReduceOp op, FieldType c, int[] code, Operand.Const[] consts, TileAccess.Resolved[] leaves) {
        Compiler k = compiler(code, consts, leaves);
        if (k.sp != 1) {
            throw new Unsupported("code leaves " + k.sp + " values");
        }
        FieldType t = k.stack[0];
        FieldType held;
        if (op == ReduceOp.ANY || op == ReduceOp.ALL) {
            k.truth(0, t);
            held = FieldType.BOOL;
        } else if (isFloat(c)) {
            k.toD(0, t, c);
            held = c;
        } else {
            k.toL(0, t, c);
            held = c;
        }
        k.stack[0] = held;
        return k.program();
    }

    /** {@code struct FusedProg} as long[]: the tile's Shape, out's Opd (index {@code out}, or zeros), leaves' Opds, code. */
    static long[] progStruct(TileShape shape, int out, int leaves, Program p) {
        long[] s = new long[PROG_LONGS];
        long[] sh = shape.shapeStruct();
        System.arraycopy(sh, 0, s, 0, sh.length);
        if (out >= 0) {
            long[] o = shape.opdStruct(out);
            System.arraycopy(o, 0, s, 10, o.length);
        }
        for (int i = 0; i < leaves; i++) {
            long[] o = shape.opdStruct(i);
            System.arraycopy(o, 0, s, 21 + 11 * i, o.length);
        }
        int at = 21 + 11 * MAX_LEAVES;
        s[at] = leaves;
        s[at + 1] = p.code().length;
        System.arraycopy(p.code(), 0, s, at + 2, p.code().length);
        return s;
    }

    /** The leaves' device pointers (null for constants and unused slots) as the kernels' first eight parameters. */
    private static KernelArgs leafArgs(Staging st, TileAccess.Resolved[] leaves) {
        KernelArgs a = new KernelArgs();
        for (int i = 0; i < MAX_LEAVES; i++) {
            a.ptr(i < leaves.length && !leaves[i].constant() ? st.in(leaves[i].requirement()) : null);
        }
        return a;
    }

    private static CUdeviceptr errorFlag(GpuDevice dev, Staging st) {
        CUdeviceptr err = st.scratch(4);
        Cuda.check(cuMemsetD32Async(err, 0, 1, dev.stream()), "cuMemsetD32Async");
        return err;
    }

    /** Waits for the kernels and reads the error flag. */
    private static boolean failed(GpuDevice dev, CUdeviceptr err) {
        dev.synchronize();
        int[] e = new int[1];
        Cuda.check(cuMemcpyDtoH(Pointer.to(e), err, 4), "cuMemcpyDtoH(error flag)");
        return e[0] != 0;
    }

    private static void fallBack(OpCode op, TaskContext ctx) {
        GpuTasks.fellBack();
        CpuTasks.body(op).run(ctx);
    }

    // ------------------------------------------------------------------ FUSED

    /**
     * FUSED on the GPU: {@code out[i] = expr(leaves[0][i], ...)} over the point's tile, the value converted to out's
     * dtype as {@code Tile.View.setD}/{@code setL} convert (NumPy's casts). Mirrors {@code FusedKernels.fused}; see the
     * class comment for bits, errors and fallbacks.
     */
    static void fused(GpuDevice dev, TaskContext ctx) {
        FusedExpr args = FusedExpr.decode(ctx.scalars());
        FusedExpr.depth(args.code());
        TileAccess t = TileAccess.of(ctx, args.space());
        if (t.empty()) {
            return;
        }
        int nl = args.leaves().length;
        TileAccess.Resolved[] ops = new TileAccess.Resolved[nl + 1];
        for (int i = 0; i < nl; i++) {
            ops[i] = t.resolve(args.leaves()[i], "FUSED leaf " + i);
        }
        ops[nl] = t.resolve(args.out(), "FUSED out");
        Program p;
        TileShape shape;
        try {
            if (ops[nl].constant()) {
                throw new Unsupported("constant out");
            }
            p = compile(args.code(), args.consts(), Arrays.copyOf(ops, nl));
            shape = TileShape.of(t, ops);
        } catch (Unsupported | GpuException e) {
            fallBack(OpCode.FUSED, ctx);
            return;
        }
        TileAccess.Resolved out = ops[nl];
        Instance outInst = ctx.instance(out.requirement());
        boolean overwritten = shape.dim() == 1 && shape.stride(nl)[0] == 1 && out.base() == 0
                && shape.volume() == outInst.size();
        boolean error;
        try (Staging st = new Staging(dev, ctx)) {
            KernelArgs a = leafArgs(st, Arrays.copyOf(ops, nl));
            a.ptr(st.out(out.requirement(), overwritten));
            CUdeviceptr err = errorFlag(dev, st);
            a.ptr(err).i64(p.floating() ? 1 : 0).struct(progStruct(shape, nl, nl, p));
            dev.launch("cohort_fused_eval", shape.volume(), a);
            error = failed(dev, err);
            if (!error) {
                st.finish();
            }
        }
        if (error) {
            // an integer power with a negative exponent: the CPU variant raises NumPy's error
            fallBack(OpCode.FUSED, ctx);
            return;
        }
        GpuTasks.ranOnGpu();
    }

    // ------------------------------------------------------------------ FUSED_REDUCE

    /**
     * FUSED_REDUCE on the GPU: {@code out = op over the tile of expr(leaves...)} computing in {@code compute}, out first
     * set to op's identity (REDUCE's accumulator). Mirrors {@code FusedKernels.fusedReduce}; the device folds in the
     * fixed order of {@code cohort_fused_reduce_d} (grid-stride per thread, a tree per block), the host folds the block
     * partials in order, then {@code out = identity op total} rounded to the compute type.
     */
    static void fusedReduce(GpuDevice dev, TaskContext ctx) {
        FusedReduce args = FusedReduce.decode(ctx.scalars());
        ReduceOp op = args.op();
        FieldType c = args.compute();
        FusedExpr.depth(args.code());
        TileAccess t = TileAccess.of(ctx, args.space());
        TileAccess.Resolved out = t.resolve(args.out(), "FUSED_REDUCE out");
        boolean truth = op == ReduceOp.ANY || op == ReduceOp.ALL;
        boolean outOk = !out.constant() && out.type() == c && (!truth || c == FieldType.BOOL);
        for (long s : out.stride()) {
            outOk &= s == 0;
        }
        if (!outOk) {
            fallBack(OpCode.FUSED_REDUCE, ctx);   // raises the CPU variant's IllegalArgumentException
            return;
        }
        Instance outInst = ctx.instance(out.requirement());
        int oo = (int) out.base();
        if (t.empty()) {
            storeIdentity(outInst, oo, op, c);
            return;
        }
        int nl = args.leaves().length;
        TileAccess.Resolved[] leaves = new TileAccess.Resolved[nl];
        for (int i = 0; i < nl; i++) {
            leaves[i] = t.resolve(args.leaves()[i], "FUSED_REDUCE leaf " + i);
        }
        Program p;
        TileShape shape;
        try {
            if (volume(t.extent()) > Integer.MAX_VALUE) {
                throw new Unsupported("tile row over 2^31 elements");
            }
            p = compileReduce(op, c, args.code(), args.consts(), leaves);
            shape = TileShape.of(t, leaves);
        } catch (Unsupported | GpuException e) {
            fallBack(OpCode.FUSED_REDUCE, ctx);
            return;
        }
        boolean floating = !truth && isFloat(c);
        int grid = dev.gridFor(shape.volume());
        long[] partL = new long[grid];
        double[] partD = new double[grid];
        boolean error;
        try (Staging st = new Staging(dev, ctx)) {
            KernelArgs a = leafArgs(st, leaves);
            CUdeviceptr part = st.scratch(8L * grid);
            a.ptr(part);
            CUdeviceptr err = errorFlag(dev, st);
            a.ptr(err).i64(op.ordinal()).struct(progStruct(shape, -1, nl, p));
            dev.launch(floating ? "cohort_fused_reduce_d" : "cohort_fused_reduce_l", grid, GpuDevice.BLOCK, 0, a);
            error = failed(dev, err);
            if (!error) {
                Pointer host = floating ? Pointer.to(partD) : Pointer.to(partL);
                Cuda.check(cuMemcpyDtoH(host, part, 8L * grid), "cuMemcpyDtoH(partials)");
            }
        }
        if (error) {
            fallBack(OpCode.FUSED_REDUCE, ctx);
            return;
        }
        if (floating) {
            storeD(outInst, oo, c, combineD(op, c, partD));
        } else {
            storeL(outInst, oo, c, combineL(op, c, partL));
        }
        GpuTasks.ranOnGpu();
    }

    /** The block partials folded in block order, then {@code identity op total}, rounded to {@code c} once. */
    static double combineD(ReduceOp op, FieldType c, double[] partials) {
        double total = partials[0];
        for (int g = 1; g < partials.length; g++) {
            total = foldD(op, total, partials[g]);
        }
        double start = identityD(op, c);
        double r = foldD(op, start, total);
        return c == FieldType.FLOAT32 ? (double) (float) r : r;
    }

    /** The block partials folded (exact), then {@code identity op total}, normalised to {@code c} (Convert.normL). */
    static long combineL(ReduceOp op, FieldType c, long[] partials) {
        long acc = identityL(op, c);
        for (long v : partials) {
            acc = foldL(op, acc, v);
        }
        return switch (c) {
            case INT32 -> (int) acc;
            case BOOL -> acc != 0 ? 1 : 0;
            default -> acc;
        };
    }

    static double foldD(ReduceOp op, double acc, double v) {
        return switch (op) {
            case SUM -> acc + v;
            case PROD -> acc * v;
            case MAX -> Math.max(acc, v);
            default -> Math.min(acc, v);
        };
    }

    static long foldL(ReduceOp op, long acc, long v) {
        return switch (op) {
            case SUM -> acc + v;
            case PROD -> acc * v;
            case MAX, ANY -> Math.max(acc, v);
            default -> Math.min(acc, v);
        };
    }

    /** The raw bits of REDUCE's identity of {@code op} in {@code c} (ReductionKernels.identityBits). */
    static long identityBits(ReduceOp op, FieldType c) {
        return switch (op) {
            case ANY -> c.bitsOf(0L);
            case ALL -> c.bitsOf(1L);
            default -> op.runtimeOp().identityBits(c);
        };
    }

    /** The identity as a floating compute value ({@code normD(out.getD(oo), c)} after the initialisation). */
    static double identityD(ReduceOp op, FieldType c) {
        return c.toDouble(identityBits(op, c));
    }

    /** The identity as a long compute value ({@code normL(out.getL(oo), c)}; ANY/ALL: its truth). */
    static long identityL(ReduceOp op, FieldType c) {
        long bits = identityBits(op, c);
        return switch (c) {
            case INT32 -> (int) bits;
            case BOOL -> bits != 0 ? 1 : 0;
            default -> bits;
        };
    }

    /** Element {@code i} of {@code inst} (of floating type c) set to {@code v} (Tile.View.setD). */
    static void storeD(Instance inst, int i, FieldType c, double v) {
        Object a = inst.array();
        if (c == FieldType.FLOAT32) {
            ((float[]) a)[i] = (float) v;
        } else {
            ((double[]) a)[i] = v;
        }
    }

    /** Element {@code i} of {@code inst} (of integer or bool type c) set to {@code v} (Tile.View.setL). */
    static void storeL(Instance inst, int i, FieldType c, long v) {
        Object a = inst.array();
        switch (c) {
            case INT64 -> ((long[]) a)[i] = v;
            case INT32 -> ((int[]) a)[i] = (int) v;
            case BOOL -> ((byte[]) a)[i] = (byte) (v != 0 ? 1 : 0);
            default -> throw new IllegalStateException("not an integer type: " + c);
        }
    }

    /** Out's element set to the identity (REDUCE's initialisation of its accumulator). */
    static void storeIdentity(Instance inst, int i, ReduceOp op, FieldType c) {
        if (isFloat(c)) {
            storeD(inst, i, c, identityD(op, c));
        } else {
            storeL(inst, i, c, identityL(op, c));
        }
    }

    private static long volume(long[] ext) {
        long v = 1;
        for (long e : ext) {
            v *= e;
        }
        return v;
    }

    // ------------------------------------------------------------------ benchmark

    /**
     * The bandwidth of {@code cohort_fused_eval} on {@code out = a * b + c} over {@code n} float64 elements (dense,
     * device-resident; CUDA events around the kernel alone, best of 10): GB/s counting 3 reads and 1 write of 8 bytes
     * per element. Compare with {@link GpuBench#kernelCopyBandwidth} of the same run.
     */
    static double fusedBandwidth(GpuDevice dev, long n) {
        int[] code = {
            FusedExpr.instruction(FusedExpr.LEAF, 0), FusedExpr.instruction(FusedExpr.LEAF, 1),
            FusedExpr.instruction(FusedExpr.BINARY, FieldType.FLOAT64, BinaryOp.MULTIPLY.ordinal()),
            FusedExpr.instruction(FusedExpr.LEAF, 2),
            FusedExpr.instruction(FusedExpr.BINARY, FieldType.FLOAT64, BinaryOp.ADD.ordinal()),
        };
        TileAccess.Resolved[] ops = new TileAccess.Resolved[4];
        for (int i = 0; i < 4; i++) {
            ops[i] = new TileAccess.Resolved(i, FieldType.FLOAT64, 0, 0, new long[] {1});
        }
        Program p = compile(code, new Operand.Const[0], Arrays.copyOf(ops, 3));
        TileShape shape = TileShape.of(new long[] {n}, ops);
        DevicePool.Block[] bufs = new DevicePool.Block[5];
        try {
            for (int i = 0; i < 4; i++) {
                bufs[i] = dev.pool().allocate(n * 8);
                Cuda.check(cuMemsetD8Async(bufs[i].ptr(), (byte) (0x3f + i), n * 8, dev.stream()), "cuMemsetD8Async");
            }
            bufs[4] = dev.pool().allocate(4);
            CUdeviceptr err = bufs[4].ptr();
            Cuda.check(cuMemsetD32Async(err, 0, 1, dev.stream()), "cuMemsetD32Async");
            KernelArgs a = new KernelArgs();
            for (int i = 0; i < MAX_LEAVES; i++) {
                a.ptr(i < 3 ? bufs[i].ptr() : null);
            }
            a.ptr(bufs[3].ptr()).ptr(err).i64(1).struct(progStruct(shape, 3, 3, p));
            double ms = GpuBench.bestMs(dev, 10, () -> dev.launch("cohort_fused_eval", n, a));
            return 32.0 * n / (ms * 1e6);
        } finally {
            dev.synchronize();
            for (DevicePool.Block b : bufs) {
                if (b != null) {
                    dev.pool().release(b);
                }
            }
        }
    }
}
