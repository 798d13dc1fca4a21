package dev.cohort.ndarray;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import dev.cohort.tasks.LegacyRandom;
import dev.cohort.tasks.MersenneTwister;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.Timeout;

/**
 * RandomState's draws through the runtime (one RANDOM_STATE point per call, state and cached Gaussian carried in
 * stores between launches, results reshaped and tiled) against the same samplers run sequentially in plain Java on
 * one {@link MersenneTwister}: random seeds, random call sequences with random shapes, shard counts 1-8 and tiny
 * tiles. Every shard must hold the sequential values, bit for bit.
 */
@Timeout(value = 300, unit = TimeUnit.SECONDS)
class RandomStatePropertyTest {

    /** One call: kind 0 rand, 1 randn, 2 randint int64, 3 randint int32, 4 permutation, 5 normal, 6 choice with p, 7 uniform. */
    record Call(int kind, long[] shape, long lo, long hi) {
        @Override
        public String toString() {
            return "Call[kind " + kind + ", shape " + java.util.Arrays.toString(shape) + ", lo " + lo + ", hi " + hi + "]";
        }
    }

    static List<Call> calls(long opsSeed) {
        Random rnd = new Random(opsSeed);
        List<Call> calls = new ArrayList<>();
        int k = 1 + rnd.nextInt(8);
        for (int i = 0; i < k; i++) {
            int nd = rnd.nextInt(3);
            long[] shape = new long[nd];
            for (int d = 0; d < nd; d++) {
                shape[d] = rnd.nextInt(9);
            }
            long lo = rnd.nextInt(2000) - 1000;
            long hi = lo + 1 + (rnd.nextBoolean() ? rnd.nextInt(50) : (long) rnd.nextInt(Integer.MAX_VALUE) * 4096);
            calls.add(new Call(rnd.nextInt(8), shape, lo, hi));
        }
        return calls;
    }

    static final double[] P = {0.2, 0.0, 0.5, 0.05, 0.25};

    /** The values (doubles by their bits) Cohort draws. */
    static List<long[]> cohort(long seed, List<Call> calls) {
        RandomState rs = new RandomState(seed);
        List<long[]> out = new ArrayList<>();
        for (Call c : calls) {
            NdArray r = switch (c.kind) {
                case 0 -> rs.rand(c.shape);
                case 1 -> rs.randn(c.shape);
                case 2 -> rs.randint(c.lo, c.hi, c.shape);
                case 3 -> rs.randint(c.lo, Math.min(c.hi, Integer.MAX_VALUE), c.shape, DType.INT32);
                case 4 -> rs.permutation(Shapes.volume(c.shape));
                case 5 -> rs.normal(c.lo, 0.5, c.shape);
                case 6 -> rs.choice(5, c.shape, true, Np.array(P));
                default -> rs.uniform(c.lo, c.hi, c.shape);
            };
            out.add(r.dtype() == DType.FLOAT64 ? RandomGeneratorTest.bits(r.toDoubleArray()) : r.astype(DType.INT64).toLongArray());
        }
        return out;
    }

    /** The same calls on one sequential generator. */
    static List<long[]> sequential(long seed, List<Call> calls) {
        LegacyRandom r = new LegacyRandom(MersenneTwister.legacySeeded(seed));
        List<long[]> out = new ArrayList<>();
        for (Call c : calls) {
            int n = (int) Shapes.volume(c.shape);
            long[] v = new long[n];
            switch (c.kind) {
                case 0 -> fill(v, r::nextDouble);
                case 1 -> fill(v, r::gauss);
                case 2 -> r.boundedFill(c.lo, c.hi - 1 - c.lo, v, 0, n);
                case 3 -> {
                    r.boundedFill(c.lo, Math.min(c.hi, Integer.MAX_VALUE) - 1 - c.lo, v, 0, n);
                }
                case 4 -> r.permutation(v, 0, n);
                case 5 -> fill(v, () -> c.lo + 0.5 * r.gauss());
                case 6 -> r.choiceWithWeights(P, v, 0, n);
                default -> fill(v, () -> c.lo + (double) (c.hi - c.lo) * r.nextDouble());
            }
            out.add(v);
        }
        return out;
    }

    static void fill(long[] v, java.util.function.DoubleSupplier s) {
        for (int i = 0; i < v.length; i++) {
            v[i] = Double.doubleToRawLongBits(s.getAsDouble());
        }
    }

    @Property(tries = 12)
    void runtimeDrawsMatchSequentialJava(@ForAll @IntRange(min = 1, max = 8) int shards,
                                         @ForAll @LongRange(min = 0, max = 0xffffffffL) long seed,
                                         @ForAll @IntRange(min = 1, max = 16) int minTile,
                                         @ForAll long opsSeed) {
        List<Call> calls = calls(opsSeed);
        List<long[]> want = sequential(seed, calls);
        List<List<long[]>> got = Cohort.run(new Cohort.Config().shards(shards).minTileVolume(minTile), () -> cohort(seed, calls));
        for (int s = 0; s < shards; s++) {
            for (int k = 0; k < calls.size(); k++) {
                assertArrayEquals(want.get(k), got.get(s).get(k), "shard " + s + " of " + shards + ", call " + k + " " + calls.get(k));
            }
        }
    }
}
