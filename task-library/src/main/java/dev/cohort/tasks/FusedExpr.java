package dev.cohort.tasks;

import dev.cohort.runtime.launch.IterSpace;
import dev.cohort.runtime.region.FieldType;

import java.nio.ByteBuffer;

/**
 * Arguments of {@link OpCode#FUSED}: {@code out[i] = expr(leaves[0][i], leaves[1][i], ...)}, where
 * {@code expr} is a chain of element-wise operations of any dtypes in postfix {@code code}. Each
 * instruction is {@code kind << 24 | compute << 16 | arg} ({@link #instruction(int, FieldType, int)}):
 * {@link #LEAF} pushes operand {@code leaves[arg]} (its value in its own type), {@link #CONST} pushes
 * {@code consts[arg]} (a Java scalar with its type, as BINARY_OP's constant operands), {@link #UNARY}
 * replaces the top by {@code UnaryOp.values()[arg]} of it, {@link #BINARY} pops b then a and pushes
 * {@code BinaryOp.values()[arg]} of (a, b), and {@link #WHERE} pops y, x, then cond and pushes
 * {@code cond ? x : y}; {@code compute} is the operation's compute type (BINARY_OP's and UNARY_OP's
 * {@code compute}; for WHERE its result type). An operation's result type is its compute type, or bool
 * for comparisons, logical operations and the bool-valued unary ops ({@link UnaryOp#isPredicate()}:
 * {@code logical_not}, {@code isnan}, {@code isinf}, {@code isfinite}, {@code signbit}). The value is
 * written into {@code out} converted to out's dtype when that differs (NumPy's casts), as UNARY_OP and
 * BINARY_OP write; an integer-only op (bitwise, shifts, invert) computing in a float type is NumPy's
 * {@link UFuncTypeError}, raised before anything is written.
 *
 * <p>Each operation converts its operands into its compute type and evaluates them exactly as the
 * separate BINARY_OP / UNARY_OP / WHERE launch over the materialised operands would (floating compute
 * in {@code double} with float32 results rounded to float, integers and bool in {@code long} with int32
 * wrapping and bool 0/1, logical operations on floats by their truth values, NumPy's casts between),
 * so a fused chain gives the bits the chain of separate launches gives, without writing or re-reading
 * the temporaries.
 */
public record FusedExpr(IterSpace space, int[] code, Operand.Const[] consts, Operand[] leaves, Operand out) {
    public static final int LEAF = 0;
    public static final int CONST = 1;
    public static final int UNARY = 2;
    public static final int BINARY = 3;
    public static final int WHERE = 4;

    /** {@code kind << 24 | arg}: a leaf or constant, or an operation computing in float64. */
    public static int instruction(int kind, int arg) {
        if (arg < 0 || arg >= 1 << 24) {
            throw new IllegalArgumentException("instruction argument out of range: " + arg);
        }
        return kind << 24 | arg;
    }

    /** An operation {@code arg} (an operator's ordinal) of kind {@code kind} computing in {@code compute}. */
    public static int instruction(int kind, FieldType compute, int arg) {
        if (arg < 0 || arg >= 1 << 16) {
            throw new IllegalArgumentException("operation argument out of range: " + arg);
        }
        return kind << 24 | compute.ordinal() << 16 | arg;
    }

    /** The kind of instruction {@code ins}. */
    public static int kind(int ins) {
        return ins >>> 24;
    }

    /** The leaf or constant index of a LEAF or CONST instruction. */
    static int index(int ins) {
        return ins & 0xFFFFFF;
    }

    /** The operator ordinal of an operation instruction. */
    static int op(int ins) {
        return ins & 0xFFFF;
    }

    private static final FieldType[] TYPES = FieldType.values();

    /** The compute type of an operation instruction. */
    static FieldType compute(int ins) {
        int c = (ins >>> 16) & 0xFF;
        if (c >= TYPES.length) {
            throw new IllegalArgumentException("FUSED: bad compute type " + c + " in instruction " + ins);
        }
        return TYPES[c];
    }

    public byte[] encode() {
        return write(new ArgCodec.Writer(), space, code, consts, leaves, out).bytes();
    }

    public static FusedExpr decode(ByteBuffer buf) {
        return read(new ArgCodec.Reader(buf));
    }

    /** Appends an expression's fields to {@code w} (also the body of {@link FusedReduce}'s record). */
    static ArgCodec.Writer write(ArgCodec.Writer w, IterSpace space, int[] code, Operand.Const[] consts, Operand[] leaves,
                                 Operand out) {
        w.space(space).ints(code).i32(consts.length);
        for (Operand.Const c : consts) {
            w.operand(c);
        }
        w.i32(leaves.length);
        for (Operand l : leaves) {
            w.operand(l);
        }
        return w.operand(out);
    }

    /** Reads what {@link #write} appended. */
    static FusedExpr read(ArgCodec.Reader r) {
        IterSpace space = r.space();
        int[] code = r.ints();
        Operand.Const[] consts = new Operand.Const[r.i32()];
        for (int i = 0; i < consts.length; i++) {
            if (!(r.operand() instanceof Operand.Const c)) {
                throw new IllegalArgumentException("FUSED: constant " + i + " is not a constant operand");
            }
            consts[i] = c;
        }
        Operand[] leaves = new Operand[r.i32()];
        for (int i = 0; i < leaves.length; i++) {
            leaves[i] = r.operand();
        }
        return new FusedExpr(space, code, consts, leaves, r.operand());
    }

    /** The largest stack depth {@code code} reaches (throws for malformed code). */
    public static int depth(int[] code) {
        int d = 0;
        int max = 0;
        for (int ins : code) {
            int kind = kind(ins);
            switch (kind) {
                case LEAF, CONST -> d++;
                case UNARY -> {
                    if (d < 1) {
                        throw new IllegalArgumentException("FUSED: unary operation on an empty stack");
                    }
                }
                case BINARY -> {
                    if (d < 2) {
                        throw new IllegalArgumentException("FUSED: binary operation needs two operands");
                    }
                    d--;
                }
                case WHERE -> {
                    if (d < 3) {
                        throw new IllegalArgumentException("FUSED: where needs three operands");
                    }
                    d -= 2;
                }
                default -> throw new IllegalArgumentException("FUSED: bad instruction kind " + kind);
            }
            max = Math.max(max, d);
        }
        if (d != 1) {
            throw new IllegalArgumentException("FUSED: code leaves " + d + " values on the stack, not 1");
        }
        return max;
    }
}
