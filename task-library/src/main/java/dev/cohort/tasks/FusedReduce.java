package dev.cohort.tasks;

import dev.cohort.runtime.launch.IterSpace;

import java.nio.ByteBuffer;

/**
 * Arguments of {@link OpCode#FUSED_REDUCE}: {@code out = op over i of expr(leaves[0][i], ...)}, the full
 * reduction of a float64 element-wise expression ({@link FusedExpr}'s postfix {@code code}, {@code consts}
 * and {@code leaves}) without materialising it. Only {@link ReduceOp#SUM} is implemented. {@code out} is a
 * float64 store operand that does not move with the iteration space (every iteration dimension
 * broadcast), like REDUCE's out for a full reduction: each point first sets it to 0, then adds its tile's sum.
 *
 * <p>The point's sum is the one REDUCE computes over the materialised expression when that lives in a
 * row-major instance of exactly the tile (the FUSED launch's own tiling, which the array layer checks):
 * the tile's elements in row-major order as one row, summed in {@code Reductions}' fixed order (sixteen
 * accumulators taking element {@code j} when {@code j % 16} is theirs for {@code j < V - V % 16} and the
 * rest into the first, combined in a fixed tree, then added to out; {@code ReductionKernels.reduceD}). The expression's elements have
 * the bits FUSED gives them, so the result is bit-identical to REDUCE over FUSED.
 */
public record FusedReduce(ReduceOp op, IterSpace space, int[] code, double[] consts, Operand[] leaves, Operand out) {
    public byte[] encode() {
        return FusedExpr.write(new ArgCodec.Writer().i32(op.ordinal()), space, code, consts, leaves, out).bytes();
    }

    public static FusedReduce decode(ByteBuffer buf) {
        ArgCodec.Reader r = new ArgCodec.Reader(buf);
        ReduceOp op = r.enumOf(ReduceOp.class);
        FusedExpr e = FusedExpr.read(r);
        return new FusedReduce(op, e.space(), e.code(), e.consts(), e.leaves(), e.out());
    }
}
