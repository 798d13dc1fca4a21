package dev.cohort.ndarray;

import dev.cohort.partitioner.Role;
import dev.cohort.tasks.OpCode;
import dev.cohort.tasks.RandomDist;
import dev.cohort.tasks.RandomDraw;

import java.util.List;
import java.util.function.Supplier;

import static dev.cohort.ndarray.Launches.*;

/**
 * NumPy's {@code Generator} distributions that need rejection or mixtures (gamma, poisson, binomial, beta, ...):
 * one {@code RAND_DIST} launch per call on the call's stream. Element {@code i}'s value is computed from its own
 * unbounded sequence of Philox4x32-10 uniforms (counter {@code (i, stream + (b << 40))}, see task-library's
 * {@code RandomSamplers}), so rejection samplers never truncate and the values are identical for every tiling and
 * shard count. Parameter checks are NumPy's, at the call, in NumPy's words.
 */
final class RandomDistributions {
    private RandomDistributions() {
    }

    /** One draw of {@code dist} per element of {@code size}: int64 for integer distributions, float64 otherwise. */
    static NdArray draw(Cohort ctx, RandomDist dist, double p0, double p1, double p2, long[] size) {
        Shapes.checkNonNegative(size);
        long[] shape = size.clone();
        NdArray out = Creation.empty(ctx, dist.integral() ? DType.INT64 : DType.FLOAT64, shape);
        long seed = ctx.seed();
        long stream = ctx.nextStream();
        List<Slot> slots = List.of(new Slot(out, iterAccess(out, shape), Role.WRITE));
        launch(OpCode.RAND_DIST.taskId(), shape, slots, new int[0], null, false, space ->
                new RandomDraw(dist, seed, stream, p0, p1, p2, space, operand(slots, 0)).encode());
        return out;
    }

    static NdArray draw(RandomDist dist, double p0, double p1, double p2, long[] size) {
        return draw(Cohort.current(), dist, p0, p1, p2, size);
    }

    /** NumPy's check: raises {@code message} unless {@code ok}. */
    static void check(boolean ok, String message) {
        if (!ok) {
            throw new IllegalArgumentException(message);
        }
    }

    /** The largest poisson mean NumPy accepts ({@code POISSON_LAM_MAX}: int64 max minus 10 standard deviations). */
    static final double POISSON_LAM_MAX = Long.MAX_VALUE - Math.sqrt(Long.MAX_VALUE) * 10;

    /**
     * Runs {@code body} with the program's random state replaced by {@code gen}'s key and stream counter, then
     * stores the advanced counter back into {@code gen} and restores the program's state. Every shard runs the
     * same program, so every shard's generator advances identically.
     */
    static <T> T with(Generator gen, Supplier<T> body) {
        Cohort ctx = Cohort.current();
        long savedSeed = ctx.seed();
        long savedNext = ctx.streamCounter();
        ctx.randomState(gen.bits.key, gen.bits.nextStream);
        try {
            return body.get();
        } finally {
            gen.bits.nextStream = ctx.streamCounter();
            ctx.randomState(savedSeed, savedNext);
        }
    }

    /** {@code length} random bytes: integers on [0, 256) from one stream. */
    static byte[] bytes(Cohort ctx, long length) {
        if (length < 0 || length > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException("negative dimensions are not allowed");
        }
        long[] v = RandomFunctions.integers(ctx, 0, 256, new long[]{length}, DType.INT64, false).toLongArray();
        byte[] b = new byte[v.length];
        for (int i = 0; i < v.length; i++) {
            b[i] = (byte) v[i];
        }
        return b;
    }
}
