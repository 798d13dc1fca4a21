package dev.cohort.ndarray;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;

import java.time.Duration;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

/**
 * Properties of issue 15's element-wise family against sequential Java on random shapes (empty ones included) and
 * 1 to 8 shards with 2-element tiles: integer {@code floor_divide}/{@code remainder} are Java's
 * {@code floorDiv}/{@code floorMod} (0 for a zero divisor, NumPy's), {@code frexp} is exact ({@code Math.getExponent}),
 * {@code array_equal}/{@code allclose} — one distributed reduction each — see a single changed element on any shard,
 * and every shard returns the same answers.
 */
class UfuncsPropertyTest {

    record Seen(long[] fd, long[] rm, double[] m, int[] e, List<Boolean> answers) {
    }

    @Property(tries = 25)
    void matchesSequentialJava(@ForAll @LongRange(min = 1, max = Long.MAX_VALUE / 2) long seed, @ForAll @IntRange(min = 1, max = 8) int shards) {
        Random rnd = new Random(seed);
        int ndim = 1 + rnd.nextInt(3);
        long[] shape = new long[ndim];
        int n = 1;
        for (int i = 0; i < ndim; i++) {
            shape[i] = rnd.nextInt(rnd.nextInt(8) == 0 ? 1 : 7) + (rnd.nextInt(8) == 0 ? 0 : 1);
            n *= (int) shape[i];
        }
        long[] a = new long[n];
        long[] b = new long[n];
        double[] x = new double[n];
        for (int i = 0; i < n; i++) {
            a[i] = rnd.nextInt(2001) - 1000;
            b[i] = rnd.nextInt(21) - 10;
            x[i] = switch (rnd.nextInt(4)) {
                case 0 -> Double.longBitsToDouble(rnd.nextLong() & 0x800FFFFFFFFFFFFFL);   // subnormal or zero
                case 1 -> rnd.nextGaussian() * Math.pow(2, rnd.nextInt(200) - 100);
                default -> Double.longBitsToDouble(rnd.nextLong() & 0xFFEFFFFFFFFFFFFFL);   // any finite double
            };
        }
        int changed = n == 0 ? -1 : rnd.nextInt(n);
        List<Seen> seen = assertTimeoutPreemptively(Duration.ofSeconds(60), () ->
                Cohort.run(new Cohort.Config().shards(shards).minTileVolume(2), () -> {
                    NdArray na = Np.array(a, shape);
                    NdArray nb = Np.array(b, shape);
                    NdArray nx = Np.array(x, shape);
                    NdArray[] fr = Np.frexp(nx);
                    long[] other = a.clone();
                    if (changed >= 0) {
                        other[changed] += 1;
                    }
                    NdArray no = Np.array(other, shape);
                    List<Boolean> answers = List.of(Np.array_equal(na, na.copy()), Np.array_equal(na, no),
                            Np.allclose(nx, nx.multiply(1 + 1e-9)), Np.allclose(na, no), Np.array_equiv(na, no));
                    return new Seen(Np.floor_divide(na, nb).toLongArray(), Np.remainder(na, nb).toLongArray(),
                            fr[0].toDoubleArray(), fr[1].toIntArray(), answers);
                }));
        long[] fd = new long[n];
        long[] rm = new long[n];
        double[] m = new double[n];
        int[] e = new int[n];
        for (int i = 0; i < n; i++) {
            fd[i] = b[i] == 0 ? 0 : Math.floorDiv(a[i], b[i]);
            rm[i] = b[i] == 0 ? 0 : Math.floorMod(a[i], b[i]);
            if (x[i] == 0) {
                m[i] = x[i];
            } else {
                int ex = Math.getExponent(x[i]) == Double.MIN_EXPONENT - 1
                        ? Math.getExponent(x[i] * 0x1p54) - 54 : Math.getExponent(x[i]);
                e[i] = ex + 1;
                m[i] = Math.scalb(x[i], -e[i]);
            }
        }
        boolean differs = changed >= 0;
        List<Boolean> want = List.of(true, !differs, true, !differs, !differs);
        for (Seen s : seen) {
            assertArrayEquals(fd, s.fd(), "floor_divide");
            assertArrayEquals(rm, s.rm(), "remainder");
            assertArrayEquals(m, s.m(), "frexp mantissa");
            assertArrayEquals(e, s.e(), "frexp exponent");
            assertEquals(want, s.answers(), "array_equal, array_equal changed, allclose, allclose changed, array_equiv changed");
        }
    }
}
