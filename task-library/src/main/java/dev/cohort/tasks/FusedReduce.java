package dev.cohort.tasks;

import dev.cohort.runtime.launch.IterSpace;
import dev.cohort.runtime.region.FieldType;

import java.nio.ByteBuffer;

/**
 * Arguments of {@link OpCode#FUSED_REDUCE}: {@code out = op over i of expr(leaves[0][i], ...)}, the full
 * reduction of an element-wise expression ({@link FusedExpr}'s postfix {@code code}, {@code consts} and
 * {@code leaves}, of any dtype) without materialising it, computing in {@code compute} as REDUCE with
 * that compute type would. {@code out} is a store operand of REDUCE's out type that does not move with
 * the iteration space (every iteration dimension broadcast), like REDUCE's out for a full reduction:
 * each point first sets it to the identity, then folds its tile into it.
 *
 * <p>The point's result is the one REDUCE computes over the materialised expression when that lives in
 * a row-major instance of exactly the tile (the FUSED launch's own tiling, which the array layer checks),
 * so that REDUCE walks the tile as one row in row-major order:
 * <ul>
 * <li>floating compute (float64, float32, or float64 over an integer expression as {@code mean} sums): the
 *     values converted to the compute type, SUM in {@code Reductions}' fixed order (sixteen accumulators
 *     taking element {@code j} when {@code j % 16} is theirs for {@code j < V - V % 16} and the rest into
 *     the first, combined in a fixed tree, then added to out), PROD, MAX and MIN in order from out, the
 *     result rounded to the compute type once (REDUCE's dense and strided paths alike);</li>
 * <li>integer and bool compute (wrapping SUM and PROD, MAX, MIN, ANY, ALL): exact, in any order.</li>
 * </ul>
 * The expression's elements have the bits FUSED gives them, so the result is bit-identical to REDUCE
 * over FUSED.
 */
public record FusedReduce(ReduceOp op, FieldType compute, IterSpace space, int[] code, Operand.Const[] consts, Operand[] leaves,
                          Operand out) {
    public byte[] encode() {
        return FusedExpr.write(new ArgCodec.Writer().i32(op.ordinal()).i32(compute.ordinal()), space, code, consts, leaves, out)
                .bytes();
    }

    public static FusedReduce decode(ByteBuffer buf) {
        ArgCodec.Reader r = new ArgCodec.Reader(buf);
        ReduceOp op = r.enumOf(ReduceOp.class);
        FieldType compute = r.enumOf(FieldType.class);
        FusedExpr e = FusedExpr.read(r);
        return new FusedReduce(op, compute, e.space(), e.code(), e.consts(), e.leaves(), e.out());
    }
}
