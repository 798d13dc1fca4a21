package dev.cohort.ndarray;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Ufuncs with {@code out=} on small arrays ({@code Elementwise.eagerOut}): an eager out of the result's dtype and shape
 * is written by the eager kernels, in place when it is also an operand, and issues no launch; the values are bit for bit
 * what the launch path gives (eager execution off), on 1 and 3 shards, for out as a fresh array, as either operand, as
 * both, and as an array never written (zeros); an out of another dtype, a view, or a closed array keeps the launch
 * path's behaviour; {@code clip}, whose second step writes its first step's small result in place, keeps its bits.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class EagerOutTest {
    static final int N = 5_000;

    /** A program of {@code out=} calls, each result's bits in order. */
    static List<NdArray> program() {
        Random rnd = new Random(3);
        double[] xs = new double[N];
        double[] ys = new double[N];
        long[] ls = new long[N];
        for (int i = 0; i < N; i++) {
            xs[i] = rnd.nextGaussian() * 10;
            ys[i] = rnd.nextGaussian();
            ls[i] = rnd.nextInt(1000) - 500;
        }
        List<NdArray> results = new ArrayList<>();
        NdArray x = Np.array(xs);
        NdArray y = Np.array(ys);
        NdArray fresh = Np.empty(new long[] {N});
        results.add(Np.multiply(x, y, fresh).copy());
        results.add(Np.add(x, y, x).copy());                 // out is the first operand
        results.add(Np.subtract(y, x, x).copy());            // out is the second operand
        results.add(Np.multiply(x, x, x).copy());            // out is both
        results.add(Np.add(x, 1.5, x).copy());               // a scalar operand
        results.add(Np.sqrt(Np.abs(y), y).copy());           // unary in place
        results.add(Np.negative(x, x).copy());
        NdArray never = Np.zeros(N);
        results.add(Np.add(never, 2.0, never).copy());       // never written: its zeros are read
        NdArray l = Np.array(ls);
        NdArray sevens = Np.full(new long[] {N}, 7L);
        results.add(Np.maximum(l, sevens, l).copy());        // int64
        NdArray wide = Np.empty(new long[] {N});
        results.add(Np.add(l, l, wide).copy());              // int64 result cast into a float64 out: the launch path
        NdArray twoD = Np.zeros(2, N);
        Np.add(x, y, twoD.get(1));                           // a view as out: the launch path
        results.add(twoD.copy());
        results.add(x);
        return results;
    }

    @ParameterizedTest(name = "{0} shards")
    @ValueSource(ints = {1, 3})
    void outParametersOfSmallArraysGiveTheLaunchedBits(int shards) {
        EagerTest.assertSameBits(shards, 2 * EagerTest.MIN_TILE - 1, EagerOutTest::program);
    }

    /** clip of small arrays (its second step in place, {@code NdArray.clip}) of every dtype, both bound kinds, NaN included. */
    @ParameterizedTest(name = "{0} shards")
    @ValueSource(ints = {1, 2})
    void clipOfSmallArraysGivesTheLaunchedBits(int shards) {
        EagerTest.assertSameBits(shards, 2 * EagerTest.MIN_TILE - 1, () -> {
            Random rnd = new Random(5);
            double[] xs = new double[N];
            for (int i = 0; i < N; i++) {
                xs[i] = i % 101 == 0 ? Double.NaN : rnd.nextGaussian() * 100;
            }
            NdArray x = Np.array(xs);
            List<NdArray> results = new ArrayList<>();
            for (DType t : new DType[] {DType.FLOAT64, DType.FLOAT32, DType.INT64, DType.INT32, DType.BOOL}) {
                NdArray a = t == DType.BOOL ? x.greater(0.0) : x.astype(t);
                results.add(a.clip(-20.5, 30.25));
                results.add(a.clip(-20L, 30L));
                results.add(Np.clip(a.get(Slice.of(1L, (long) N, 3L)), 0L, 1L));
            }
            return results;
        });
    }

    @Test
    void anEagerOutIsWrittenInPlaceWithoutALaunch() {
        Cohort.run(new Cohort.Config().shards(1), () -> {
            Cohort ctx = Cohort.current();
            NdArray x = Np.arange(0.0, 1000.0, 1.0);
            NdArray y = Np.ones(1000);
            NdArray out = Np.empty(new long[] {1000});
            Np.add(x, y, out).get(0).itemDouble();   // materialise the operands before counting
            long launches = ctx.runtime().stats().operations();
            long eager = ctx.eagerOperations;
            for (int i = 0; i < 20; i++) {
                assertSame(x, Np.add(x, y, x));
                assertSame(out, Np.exp(y, out));
            }
            assertEquals(launches, ctx.runtime().stats().operations(), "out= on small arrays launched");
            assertEquals(40, ctx.eagerOperations - eager);
            assertEquals(999.0 + 20, x.get(999).itemDouble());
            assertEquals(Math.E, out.get(3).itemDouble(), 1e-15);
            out.close();
            assertThrows(RuntimeException.class, () -> Np.add(x, y, out), "a closed out");
            assertEquals(20.0, x.get(0).itemDouble(), "the session goes on");
            return null;
        });
    }

    @Test
    void neverWrittenOutAsOperandReadsZerosEvenFromAReusedArray() {
        Cohort.run(new Cohort.Config().shards(1), () -> {
            // fill the pool with arrays of N non-zero elements, then make arrays of that size that were never written
            for (int round = 0; round < 5; round++) {
                NdArray junk = Np.full(new long[] {N}, 7.25);
                junk.add(1.0).close();
                junk.close();
                NdArray z = Np.zeros(N);
                double[] got = Np.add(z, 0.5, z).toDoubleArray();
                double[] want = new double[N];
                java.util.Arrays.fill(want, 0.5);
                assertArrayEquals(want, got, "round " + round);
            }
            return null;
        });
    }
}
