package dev.cohort.tasks;

import dev.cohort.runtime.launch.IterSpace;

import dev.cohort.runtime.region.FieldType;

import java.nio.ByteBuffer;

/**
 * The argument records of each op code, encoded into a launch's scalars with {@code encode()} and
 * read back in the point task with {@code decode}. Every record carries the launch's
 * {@link IterSpace}; the point task finds its iteration tile from its launch point.
 */
public final class Args {
    private Args() {
    }

    /**
     * {@code out[i] = a[i] op b[i]}, operands converted to {@code compute} (the promoted dtype), the
     * result (compute, or bool for predicates) converted to the out store's type.
     */
    public record Binary(BinaryOp op, FieldType compute, IterSpace space, Operand a, Operand b, Operand out) {
        public byte[] encode() {
            return new ArgCodec.Writer().i32(op.ordinal()).type(compute).space(space).operand(a).operand(b).operand(out).bytes();
        }

        public static Binary decode(ByteBuffer buf) {
            ArgCodec.Reader r = new ArgCodec.Reader(buf);
            return new Binary(r.enumOf(BinaryOp.class), r.type(), r.space(), r.operand(), r.operand(), r.operand());
        }
    }

    /** {@code out[i] = op(a[i])}, computed in {@code compute}, converted to the out store's type. */
    public record Unary(UnaryOp op, FieldType compute, IterSpace space, Operand a, Operand out) {
        public byte[] encode() {
            return new ArgCodec.Writer().i32(op.ordinal()).type(compute).space(space).operand(a).operand(out).bytes();
        }

        public static Unary decode(ByteBuffer buf) {
            ArgCodec.Reader r = new ArgCodec.Reader(buf);
            return new Unary(r.enumOf(UnaryOp.class), r.type(), r.space(), r.operand(), r.operand());
        }
    }

    /**
     * Each point first sets every out element its tile reaches to the identity of {@code op}, then
     * folds {@code in[i]} (converted to {@code compute}) into {@code out[outAccess(i)]}. The out
     * requirement is either REDUCE through Replicated (partials folded by the runtime) or a tiling
     * whose elements are each reached from one launch point only.
     */
    public record Reduce(ReduceOp op, FieldType compute, IterSpace space, Operand in, Operand out) {
        public byte[] encode() {
            return new ArgCodec.Writer().i32(op.ordinal()).type(compute).space(space).operand(in).operand(out).bytes();
        }

        public static Reduce decode(ByteBuffer buf) {
            ArgCodec.Reader r = new ArgCodec.Reader(buf);
            return new Reduce(r.enumOf(ReduceOp.class), r.type(), r.space(), r.operand(), r.operand());
        }
    }

    /**
     * Second phase of argmax/argmin: {@code ref} holds the max (min) already reduced, reached through
     * the same access as {@code out}. Each point sets the out elements its tile reaches to
     * {@code Long.MAX_VALUE}, then for every {@code i} with {@code in[i] == ref[i]} (or both NaN) folds
     * the candidate index with MIN: the flat row-major index of {@code i} in the iteration space when
     * {@code axis == -1}, else {@code i[axis]}. Out is INT64.
     */
    public record ArgReduce(ArgReduceOp op, IterSpace space, int axis, Operand in, Operand ref, Operand out, boolean keyed) {
        /** The second phase: {@code ref} holds the reduced max (min). */
        public ArgReduce(ArgReduceOp op, IterSpace space, int axis, Operand in, Operand ref, Operand out) {
            this(op, space, axis, in, ref, out, false);
        }

        /**
         * The one-pass form ({@link ArgReduceKeys}): no {@code ref} (it is not read); each out element folds, with
         * MIN, the key of every candidate, and its index is {@code key & ArgReduceKeys.INDEX_MASK}. For bool, int32
         * and float32 inputs of fewer than {@code 2^}{@link ArgReduceKeys#INDEX_BITS} elements.
         */
        public static ArgReduce keyed(ArgReduceOp op, IterSpace space, int axis, Operand in, Operand out) {
            return new ArgReduce(op, space, axis, in, in, out, true);
        }

        public byte[] encode() {
            return new ArgCodec.Writer().i32(op.ordinal()).space(space).i32(axis).operand(in).operand(ref).operand(out)
                    .i32(keyed ? 1 : 0).bytes();
        }

        public static ArgReduce decode(ByteBuffer buf) {
            ArgCodec.Reader r = new ArgCodec.Reader(buf);
            return new ArgReduce(r.enumOf(ArgReduceOp.class), r.space(), r.i32(), r.operand(), r.operand(), r.operand(),
                    r.i32() != 0);
        }
    }

    /**
     * Multiply-and-sum: each point sets the out elements its tile reaches to zero, then
     * {@code out[outAccess(i)] += a[i] * b[i]} in {@code compute} over its tile. Covers dot (1-d
     * space), matrix·vector and vector·matrix (2-d space). Out requirement as for {@link Reduce}.
     */
    public record Matvec(FieldType compute, IterSpace space, Operand a, Operand b, Operand out) {
        public byte[] encode() {
            return new ArgCodec.Writer().type(compute).space(space).operand(a).operand(b).operand(out).bytes();
        }

        public static Matvec decode(ByteBuffer buf) {
            ArgCodec.Reader r = new ArgCodec.Reader(buf);
            return new Matvec(r.type(), r.space(), r.operand(), r.operand(), r.operand());
        }
    }

    /**
     * Matrix product over the 3-d space (m, n, k): {@code out[i,j] = sum_l a[i,l] * b[l,j]}; a's access
     * follows iteration dims (0, 2), b's (2, 1), out's (0, 1). The k dimension is never tiled.
     */
    public record Gemm(FieldType compute, IterSpace space, Operand a, Operand b, Operand out) {
        public byte[] encode() {
            return new ArgCodec.Writer().type(compute).space(space).operand(a).operand(b).operand(out).bytes();
        }

        public static Gemm decode(ByteBuffer buf) {
            ArgCodec.Reader r = new ArgCodec.Reader(buf);
            return new Gemm(r.type(), r.space(), r.operand(), r.operand(), r.operand());
        }
    }

    /** {@code out[i] = value} (a constant) converted to the out store's type. */
    public record Fill(IterSpace space, Operand value, Operand out) {
        public byte[] encode() {
            return new ArgCodec.Writer().space(space).operand(value).operand(out).bytes();
        }

        public static Fill decode(ByteBuffer buf) {
            ArgCodec.Reader r = new ArgCodec.Reader(buf);
            return new Fill(r.space(), r.operand(), r.operand());
        }
    }

    /** {@code out[i] = start + i * step} over a 1-d space, converted to the out store's type (NumPy arange). */
    public record Arange(IterSpace space, double start, double step, Operand out) {
        public byte[] encode() {
            return new ArgCodec.Writer().space(space).f64(start).f64(step).operand(out).bytes();
        }

        public static Arange decode(ByteBuffer buf) {
            ArgCodec.Reader r = new ArgCodec.Reader(buf);
            return new Arange(r.space(), r.f64(), r.f64(), r.operand());
        }
    }

    /**
     * Random numbers from Philox4x32-10 keyed by ({@code seed}, {@code stream}) with counter = the
     * flat row-major index of {@code i} in the iteration space, so the values do not depend on tiling
     * or shard count. {@code lo}/{@code hi}: see {@link RandDist}.
     */
    public record Rand(RandDist dist, long seed, long stream, double lo, double hi, IterSpace space, Operand out) {
        public byte[] encode() {
            return new ArgCodec.Writer().i32(dist.ordinal()).i64(seed).i64(stream).f64(lo).f64(hi).space(space).operand(out).bytes();
        }

        public static Rand decode(ByteBuffer buf) {
            ArgCodec.Reader r = new ArgCodec.Reader(buf);
            return new Rand(r.enumOf(RandDist.class), r.i64(), r.i64(), r.f64(), r.f64(), r.space(), r.operand());
        }
    }

    /** {@code out[i] = in[i]}, converted to the out store's type (COPY when types are equal, CONVERT otherwise; NumPy astype casting). */
    public record Copy(IterSpace space, Operand in, Operand out) {
        public byte[] encode() {
            return new ArgCodec.Writer().space(space).operand(in).operand(out).bytes();
        }

        public static Copy decode(ByteBuffer buf) {
            ArgCodec.Reader r = new ArgCodec.Reader(buf);
            return new Copy(r.space(), r.operand(), r.operand());
        }
    }

    /** {@code out[i] = cond[i] ? a[i] : b[i]} (cond read as truth value; a, b converted to the out store's type). */
    public record Where(IterSpace space, Operand cond, Operand a, Operand b, Operand out) {
        public byte[] encode() {
            return new ArgCodec.Writer().space(space).operand(cond).operand(a).operand(b).operand(out).bytes();
        }

        public static Where decode(ByteBuffer buf) {
            ArgCodec.Reader r = new ArgCodec.Reader(buf);
            return new Where(r.space(), r.operand(), r.operand(), r.operand(), r.operand());
        }
    }
}
