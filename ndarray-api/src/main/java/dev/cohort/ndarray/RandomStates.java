package dev.cohort.ndarray;

import dev.cohort.partitioner.Role;
import dev.cohort.runtime.geometry.Point;
import dev.cohort.runtime.geometry.Rect;
import dev.cohort.runtime.partition.Projection;
import dev.cohort.runtime.partition.Replicated;
import dev.cohort.tasks.LegacyRandom;
import dev.cohort.tasks.LegacyRandom.Method;
import dev.cohort.tasks.MersenneTwister;
import dev.cohort.tasks.OpCode;

import java.util.ArrayList;
import java.util.List;

/**
 * The launches of {@link RandomState} and {@link MT19937}: every draw is ONE {@code RANDOM_STATE} point task
 * (task-library {@link LegacyRandom}) over whole stores: the generator's state (read-written), the
 * RandomState's cached Gaussian (read-written), a fresh flat output (written in C order: element {@code i} is
 * the {@code i}-th value drawn) and optional weights (read). MT19937 is a sequential stream, so the draw cannot
 * be split over tiles; the launch is a replicated point, so every shard computes the same values into its own
 * copy with no communication, and the state advances identically on every shard (no heap state is shared).
 * The output is then reshaped and used, tiled, as any array.
 */
final class RandomStates {
    private RandomStates() {
    }

    private static final Rect ONE = Rect.ofExtents(1);

    private static Sorting.Req whole(NdArray a, Role role) {
        return new Sorting.Req(a, Replicated.INSTANCE, Projection.constant(Point.zeros(a.base.logical().bounds().dim())), role);
    }

    /** Sets {@code g}'s state to {@code key, pos} (making its store on first use); clears {@code gauss} when given. */
    static void setState(MT19937 g, int[] key, int pos, NdArray gauss) {
        if (g.state == null) {
            g.state = Creation.empty(g.ctx, DType.INT64, new long[]{MersenneTwister.STATE_WORDS});
        }
        List<Sorting.Req> reqs = new ArrayList<>();
        reqs.add(whole(g.state, Role.WRITE));
        if (gauss != null) {
            reqs.add(whole(gauss, Role.WRITE));
        }
        Sorting.exec(OpCode.RANDOM_STATE.taskId(), Sorting.grid(ONE), reqs,
                LegacyRandom.Draw.setState(key, pos, gauss == null ? -1 : 1).encode(), null);
    }

    /** A cleared Gaussian cache ({@code [has_gauss = 0, gauss = 0.0]}) of {@code ctx}. */
    static NdArray clearedGauss(Cohort ctx) {
        return Creation.full(ctx, DType.INT64, new long[]{2}, 0);
    }

    /**
     * One draw of {@code method} on {@code g} (and the cache {@code gauss} when not null): a new array of
     * {@code dtype} and shape {@code size}; {@code weights} (float64, 1-d) for the choice methods.
     */
    static NdArray draw(MT19937 g, NdArray gauss, Method method, double p0, double p1, long off, long rng, DType dtype,
                        long[] size, NdArray weights) {
        Shapes.checkNonNegative(size);
        long n = Shapes.volume(size);
        NdArray out = Creation.empty(g.ctx, dtype, new long[]{n});
        if (n > 0) {
            List<Sorting.Req> reqs = new ArrayList<>();
            reqs.add(whole(g.state, Role.READ_WRITE));
            int gi = -1;
            if (gauss != null) {
                reqs.add(whole(gauss, Role.READ_WRITE));
                gi = reqs.size() - 1;
            }
            reqs.add(whole(out, Role.WRITE));
            int oi = reqs.size() - 1;
            int pi = -1;
            if (weights != null) {
                reqs.add(whole(Sorting.fresh(weights), Role.READ));
                pi = reqs.size() - 1;
            }
            Sorting.exec(OpCode.RANDOM_STATE.taskId(), Sorting.grid(ONE), reqs,
                    LegacyRandom.Draw.of(method, p0, p1, off, rng, gi, oi, pi).encode(), null);
        }
        return out.reshape(size);
    }

    /**
     * NumPy's masked bounded integers on {@code [off, off + rng]} ({@code rng} unsigned) of {@code dtype}
     * (int64, int32, or bool with NumPy's bit-buffered path).
     */
    static NdArray integers(MT19937 g, NdArray gauss, long off, long rng, long[] size, DType dtype) {
        Method m = dtype == DType.BOOL ? Method.BOOLS : Method.INTEGERS;
        return draw(g, gauss, m, 0, 0, off, rng, dtype, size, null);
    }
}
