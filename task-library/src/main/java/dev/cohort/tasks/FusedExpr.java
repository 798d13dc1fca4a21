package dev.cohort.tasks;

import dev.cohort.runtime.launch.IterSpace;

import java.nio.ByteBuffer;

/**
 * Arguments of {@link OpCode#FUSED}: {@code out[i] = expr(leaves[0][i], leaves[1][i], ...)} computed in
 * float64, where {@code expr} is a chain of element-wise float64 operations in postfix
 * {@code code}. Each instruction is {@code kind << 24 | arg}: {@link #LEAF} pushes operand
 * {@code leaves[arg]} (converted to float64), {@link #CONST} pushes {@code consts[arg]},
 * {@link #UNARY} applies {@code UnaryOp.values()[arg]} to the top, {@link #BINARY} pops b then a and
 * pushes {@code BinaryOp.values()[arg]} of (a, b). Each operation runs the same per-element
 * arithmetic as BINARY_OP / UNARY_OP with compute type float64, so a fused chain gives the bits the
 * chain of separate launches gives, without writing or re-reading the temporaries.
 */
public record FusedExpr(IterSpace space, int[] code, double[] consts, Operand[] leaves, Operand out) {
    public static final int LEAF = 0;
    public static final int CONST = 1;
    public static final int UNARY = 2;
    public static final int BINARY = 3;

    public static int instruction(int kind, int arg) {
        if (arg < 0 || arg >= 1 << 24) {
            throw new IllegalArgumentException("instruction argument out of range: " + arg);
        }
        return kind << 24 | arg;
    }

    public byte[] encode() {
        return write(new ArgCodec.Writer(), space, code, consts, leaves, out).bytes();
    }

    public static FusedExpr decode(ByteBuffer buf) {
        return read(new ArgCodec.Reader(buf));
    }

    /** Appends an expression's fields to {@code w} (also the body of {@link FusedReduce}'s record). */
    static ArgCodec.Writer write(ArgCodec.Writer w, IterSpace space, int[] code, double[] consts, Operand[] leaves, Operand out) {
        w.space(space).ints(code).i32(consts.length);
        for (double c : consts) {
            w.f64(c);
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
        double[] consts = new double[r.i32()];
        for (int i = 0; i < consts.length; i++) {
            consts[i] = r.f64();
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
            int kind = ins >>> 24;
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
