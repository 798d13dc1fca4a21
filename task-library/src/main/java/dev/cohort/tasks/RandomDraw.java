package dev.cohort.tasks;

import dev.cohort.runtime.launch.IterSpace;

import java.nio.ByteBuffer;

/**
 * Scalars of {@link OpCode#RAND_DIST}: distribution, Philox key ({@code seed}), {@code stream}, the parameters
 * {@code p0, p1, p2} (see {@link RandomDist}), the iteration space and the output (int64 for
 * {@link RandomDist#integral()} distributions, float64 otherwise; any store type is written through NumPy's cast).
 */
public record RandomDraw(RandomDist dist, long seed, long stream, double p0, double p1, double p2, IterSpace space,
                         Operand out) {
    public byte[] encode() {
        return new ArgCodec.Writer().i32(dist.ordinal()).i64(seed).i64(stream).f64(p0).f64(p1).f64(p2).space(space)
                .operand(out).bytes();
    }

    public static RandomDraw decode(ByteBuffer buf) {
        ArgCodec.Reader r = new ArgCodec.Reader(buf);
        return new RandomDraw(r.enumOf(RandomDist.class), r.i64(), r.i64(), r.f64(), r.f64(), r.f64(), r.space(),
                r.operand());
    }
}
