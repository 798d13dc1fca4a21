package dev.cohort.ndarray;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.function.DoubleUnaryOperator;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@code power} by the exponents 2, 0.5 and -1 is NumPy 2's: {@code x * x}, {@code sqrt(x)} and {@code 1 / x}, bit for
 * bit (NumPy 2.4: {@code np.power(x, 0.5) == np.sqrt(x)} for every x, {@code np.power(-0.0, 0.5)} is -0.0 and
 * {@code np.power(-inf, 0.5)} NaN, where IEEE pow gives +0.0 and +inf), on every path: eager (small), launched over
 * several tiles, fused into a chain, through a strided view, and with an array exponent holding the value, in float64
 * and float32; any other exponent still gives {@code Math.pow}'s bits.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class PowerFastExponentsTest {
    private static final double[] SPECIAL = {0.0, -0.0, 1.0, -1.0, 2.0, 0.5, Double.POSITIVE_INFINITY,
        Double.NEGATIVE_INFINITY, Double.NaN, Double.MIN_VALUE, -Double.MIN_VALUE, Double.MAX_VALUE, 1e-310, -3.5, 7.25};

    /** Random values of every magnitude and sign, the specials first. */
    private static double[] values(int n, long seed) {
        Random r = new Random(seed);
        double[] v = new double[n];
        for (int i = 0; i < n; i++) {
            v[i] = i < SPECIAL.length ? SPECIAL[i] : (r.nextBoolean() ? -1 : 1) * Math.scalb(1 + r.nextDouble(), r.nextInt(80) - 40);
        }
        return v;
    }

    private static DoubleUnaryOperator expected(double e) {
        return e == 2.0 ? x -> x * x : e == 0.5 ? Math::sqrt : e == -1.0 ? x -> 1.0 / x : x -> x == 1.0 ? 1.0 : Math.pow(x, e);
    }

    /** What each path gives for {@code x ** e}, as arrays of doubles. */
    private static List<double[]> paths(NdArray x, double e) {
        List<Function<NdArray, NdArray>> ways = List.of(
                a -> a.power(e),
                a -> Np.power(a, Np.full(a.shape(), e, a.dtype())),
                a -> a.power(e).multiply(1.0),            // fused into a chain
                a -> a.multiply(1.0).power(e));           // a chain ending in power
        List<double[]> out = new ArrayList<>();
        for (Function<NdArray, NdArray> w : ways) {
            out.add(w.apply(x).astype(Np.float64).toDoubleArray());
        }
        return out;
    }

    @Test
    void fastExponentsGiveTheUnaryBitsOnEveryPathAndDtype() {
        Cohort.run(1, () -> {
            for (int n : new int[] {300, 300_000}) {                  // eager; launched over several tiles
                double[] v = values(n, n);
                for (DType d : new DType[] {Np.float64, Np.float32}) {
                    NdArray x = Np.array(v).astype(d);
                    double[] xs = x.astype(Np.float64).toDoubleArray();
                    for (double e : new double[] {2.0, 0.5, -1.0, 3.0, 1.7}) {
                        // a float32 array's exponent is the scalar rounded to float32 (NumPy's cast of a Python float)
                        DoubleUnaryOperator f = expected(d == Np.float32 ? (float) e : e);
                        List<double[]> got = paths(x, e);
                        got.addAll(paths(x.get(Np.slice(null, null, 2L)), e)); // through a strided view: element i / 2 is x[i]
                        for (int p = 0; p < got.size(); p++) {
                            double[] g = got.get(p);
                            boolean strided = p >= 4;
                            for (int i = 0; i < xs.length; i += strided ? 2 : 1) {
                                double want = d == Np.float32 ? (float) f.applyAsDouble(xs[i]) : f.applyAsDouble(xs[i]);
                                double have = g[strided ? i / 2 : i];
                                if (Double.doubleToLongBits(want) != Double.doubleToLongBits(have)) {
                                    assertEquals(want, have, d + " " + xs[i] + " ** " + e + " on path " + p + " (n=" + n + ")");
                                    assertEquals(Double.doubleToLongBits(want), Double.doubleToLongBits(have),
                                            d + " " + xs[i] + " ** " + e + " on path " + p + " (sign of zero, n=" + n + ")");
                                }
                            }
                        }
                    }
                }
            }
            // NumPy 2.4's answers at the values where sqrt and IEEE pow differ
            NdArray s = Np.array(new double[] {-0.0, Double.NEGATIVE_INFINITY}).power(0.5);
            assertEquals(Double.doubleToLongBits(-0.0), Double.doubleToLongBits(s.get(0L).itemDouble()), "(-0.0) ** 0.5");
            assertEquals(Double.NaN, s.get(1L).itemDouble(), "(-inf) ** 0.5");
            return null;
        });
    }
}
