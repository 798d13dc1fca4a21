package dev.cohort.ndarray;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** {@code np.random} Generator functions: the same values on 1-8 shards, NumPy's ranges, dtypes and errors. */
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class RandomGeneratorTest {
    static final long MIN_TILE = 4;

    /** Every function once, flattened to longs (doubles by their bits), after seed(99). */
    static long[] draw() {
        Np.random.seed(99);
        List<long[]> parts = new ArrayList<>();
        parts.add(Np.random.integers(-5, 5, new long[] {7, 3}, Np.int32).astype(Np.int64).toLongArray());
        parts.add(Np.random.integers(0, 2, new long[] {11}, Np.bool, false).astype(Np.int64).toLongArray());
        parts.add(Np.random.integers(10, 12, new long[] {13}, Np.int64, true).toLongArray());
        parts.add(bits(Np.random.random(5, 4).toDoubleArray()));
        parts.add(bits(Np.random.random_sample(9).toDoubleArray()));
        parts.add(bits(Np.random.standard_normal(6, 2).toDoubleArray()));
        parts.add(Np.random.permutation(40).toLongArray());
        parts.add(Np.random.choice(7, 30).toLongArray());
        parts.add(Np.random.choice(20, new long[] {4, 5}, false, null).toLongArray());
        NdArray p = Np.array(0.1, 0.0, 0.6, 0.3);
        parts.add(Np.random.choice(4, new long[] {50}, true, p).toLongArray());
        parts.add(Np.random.choice(4, new long[] {3}, false, p).toLongArray());
        parts.add(bits(Np.random.laplace(1.0, 2.0, 17).toDoubleArray()));
        parts.add(bits(Np.random.standard_cauchy(9).toDoubleArray()));
        parts.add(bits(Np.random.gumbel(0.5, 1.5, 12).toDoubleArray()));
        int n = 0;
        for (long[] x : parts) {
            n += x.length + 1;
        }
        long[] all = new long[n];
        int k = 0;
        for (long[] x : parts) {
            all[k++] = x.length;
            System.arraycopy(x, 0, all, k, x.length);
            k += x.length;
        }
        return all;
    }

    static long[] bits(double[] d) {
        long[] b = new long[d.length];
        for (int i = 0; i < d.length; i++) {
            b[i] = Double.doubleToRawLongBits(d[i]);
        }
        return b;
    }

    @ParameterizedTest(name = "the same numbers on {0} shards as on 1")
    @ValueSource(ints = {2, 3, 5, 8})
    void sameOnAnyShardCount(int shards) {
        long[] one = Cohort.run(new Cohort.Config().shards(1), RandomGeneratorTest::draw).get(0);
        List<long[]> many = Cohort.run(new Cohort.Config().shards(shards).minTileVolume(MIN_TILE), RandomGeneratorTest::draw);
        for (int s = 0; s < shards; s++) {
            assertArrayEquals(one, many.get(s), "shard " + s + " of " + shards);
        }
    }

    @Test
    void valuesRangesAndDtypes() {
        List<String> failures = Cohort.run(new Cohort.Config().shards(3).minTileVolume(MIN_TILE), () -> {
            List<String> f = new ArrayList<>();
            NdArray i32 = Np.random.integers(-5, 5, new long[] {200}, Np.int32);
            check(f, i32.dtype() == DType.INT32 && Arrays.equals(i32.shape(), new long[] {200}), "int32 dtype/shape");
            for (int v : i32.toIntArray()) {
                check(f, v >= -5 && v < 5, "int32 in [-5,5): " + v);
            }
            long[] e = Np.random.integers(10, 12, new long[] {300}, Np.int64, true).toLongArray();
            check(f, Arrays.stream(e).allMatch(v -> v >= 10 && v <= 12) && Arrays.stream(e).anyMatch(v -> v == 12), "endpoint reaches 12");
            check(f, Np.random.integers(0, 2, new long[] {5}, Np.bool).dtype() == DType.BOOL, "bool dtype");
            check(f, Np.random.integers(9).ndim() == 0, "integers(high) is 0-d");
            double[] u = Np.random.random(1000).toDoubleArray();
            check(f, Arrays.stream(u).allMatch(v -> v >= 0 && v < 1), "random in [0,1)");
            double mean = Arrays.stream(Np.random.standard_normal(4000).toDoubleArray()).average().orElse(9);
            check(f, Math.abs(mean) < 5 / Math.sqrt(4000), "standard_normal mean " + mean);
            long[] perm = Np.random.permutation(101).toLongArray();
            long[] sorted = perm.clone();
            Arrays.sort(sorted);
            long[] id = new long[101];
            Arrays.setAll(id, k -> k);
            check(f, Arrays.equals(sorted, id) && !Arrays.equals(perm, id), "permutation of 0..100");
            long[] noRep = Np.random.choice(30, new long[] {30}, false, null).toLongArray();
            check(f, Arrays.stream(noRep).distinct().count() == 30, "choice without replacement is distinct");
            NdArray p = Np.array(0.1, 0.0, 0.6, 0.3);
            long[] c = Np.random.choice(4, new long[] {4000}, true, p).toLongArray();
            long[] counts = new long[4];
            for (long v : c) {
                counts[(int) v]++;
            }
            check(f, counts[1] == 0, "a zero weight is never drawn: " + Arrays.toString(counts));
            double[] pw = {0.1, 0.0, 0.6, 0.3};
            for (int k = 0; k < 4; k++) {
                double sd = Math.sqrt(4000 * pw[k] * (1 - pw[k]));
                check(f, Math.abs(counts[k] - 4000 * pw[k]) <= 5 * sd + 1, "count of " + k + ": " + counts[k]);
            }
            long[] w = Np.random.choice(4, new long[] {3}, false, p).toLongArray();
            check(f, Arrays.stream(w).distinct().count() == 3 && Arrays.stream(w).noneMatch(v -> v == 1),
                    "weighted without replacement: " + Arrays.toString(w));
            check(f, Arrays.equals(Np.random.choice(5, new long[] {2, 3}, true, null).shape(), new long[] {2, 3}), "choice shape");
            return f;
        }).get(0);
        assertTrue(failures.isEmpty(), String.join("\n", failures));
    }

    static void check(List<String> f, boolean ok, String what) {
        if (!ok) {
            f.add(what);
        }
    }

    @ParameterizedTest(name = "NumPy's errors at the call on {0} shard(s), then the session goes on")
    @ValueSource(ints = {1, 3})
    void errors(int shards) {
        List<List<String>> r = Cohort.run(new Cohort.Config().shards(shards).minTileVolume(MIN_TILE), () -> {
            List<String> msgs = new ArrayList<>();
            List<Runnable> bad = List.of(
                    () -> Np.random.integers(5, 3, new long[] {3}, Np.int64),
                    () -> Np.random.integers(0, 1L << 40, new long[] {3}, Np.int32),
                    () -> Np.random.integers(0, 3, new long[] {3}, Np.float64),
                    () -> Np.random.choice(5, new long[] {6}, false, null),
                    () -> Np.random.choice(3, new long[] {2}, true, Np.array(0.5, 0.6, 0.1)),
                    () -> Np.random.choice(3, new long[] {2}, true, Np.array(0.5, -0.5, 1.0)),
                    () -> Np.random.choice(3, new long[] {2}, true, Np.array(0.5, 0.5)),
                    () -> Np.random.choice(0, 2),
                    () -> Np.random.random(-1));
            for (Runnable b : bad) {
                msgs.add(ErrorRecoveryTest.error(b)); // "ExceptionClass: message", or "no error"
            }
            msgs.add(String.valueOf(Np.random.permutation(3).sum().item()));
            return msgs;
        });
        List<String> want = List.of(
                "IllegalArgumentException: low >= high",
                "IllegalArgumentException: high is out of bounds for int32",
                "DTypeException: Unsupported dtype dtype('float64') for integers",
                "IllegalArgumentException: Cannot take a larger sample than population when replace is False",
                "IllegalArgumentException: Probabilities do not sum to 1. See Notes section of docstring for more information.",
                "IllegalArgumentException: Probabilities are not non-negative",
                "IllegalArgumentException: a and p must have same size",
                "IllegalArgumentException: a must be a positive integer unless no samples are taken",
                "IllegalArgumentException: negative dimensions are not allowed",
                "3");
        for (int s = 0; s < shards; s++) {
            assertEquals(want, r.get(s), "shard " + s);
        }
    }

    /** Sample mean and variance of {@code n} draws. */
    static double[] moments(double[] x) {
        double m = Arrays.stream(x).average().orElse(Double.NaN);
        double v = Arrays.stream(x).map(t -> (t - m) * (t - m)).sum() / (x.length - 1);
        return new double[] {m, v};
    }

    @Test
    void distributionsHaveTheirMoments() {
        int n = 20000;
        List<String> failures = Cohort.run(new Cohort.Config().shards(2).minTileVolume(64), () -> {
            List<String> f = new ArrayList<>();
            double g = 0.5772156649015329; // Euler-Mascheroni
            // name, draws, mean, variance
            Object[][] cases = {
                {"standard_exponential", Np.random.standard_exponential(n), 1.0, 1.0},
                {"exponential(2)", Np.random.exponential(2.0, n), 2.0, 4.0},
                {"lognormal(0, 0.5)", Np.random.lognormal(0.0, 0.5, n), Math.exp(0.125), (Math.exp(0.25) - 1) * Math.exp(0.25)},
                {"gumbel(1, 2)", Np.random.gumbel(1.0, 2.0, n), 1 + 2 * g, Math.PI * Math.PI / 6 * 4},
                {"laplace(1, 2)", Np.random.laplace(1.0, 2.0, n), 1.0, 8.0},
                {"logistic(1, 2)", Np.random.logistic(1.0, 2.0, n), 1.0, 4 * Math.PI * Math.PI / 3},
                {"rayleigh(2)", Np.random.rayleigh(2.0, n), 2 * Math.sqrt(Math.PI / 2), (4 - Math.PI) / 2 * 4},
                {"weibull(2)", Np.random.weibull(2.0, n), Math.sqrt(Math.PI) / 2, 1 - Math.PI / 4},
                {"pareto(5)", Np.random.pareto(5.0, n), 0.25, 5.0 / (16 * 3)},
                {"power(3)", Np.random.power(3.0, n), 0.75, 3.0 / (16 * 5)},
                {"ranf", Np.random.ranf(n), 0.5, 1.0 / 12},
                {"sample", Np.random.sample(n), 0.5, 1.0 / 12},
            };
            for (Object[] c : cases) {
                double[] x = ((NdArray) c[1]).toDoubleArray();
                double[] mv = moments(x);
                double mean = (double) c[2];
                double var = (double) c[3];
                if (Math.abs(mv[0] - mean) > 6 * Math.sqrt(var / n) || Math.abs(mv[1] - var) > 0.1 * var) {
                    f.add(c[0] + ": mean " + mv[0] + " (want " + mean + "), variance " + mv[1] + " (want " + var + ")");
                }
            }
            double[] cauchy = Np.random.standard_cauchy(n).toDoubleArray();
            double[] sorted = cauchy.clone();
            Arrays.sort(sorted);
            double q1 = sorted[n / 4];
            double q3 = sorted[3 * n / 4];
            if (Math.abs(q1 + 1) > 0.1 || Math.abs(q3 - 1) > 0.1) {
                f.add("standard_cauchy quartiles " + q1 + ", " + q3 + " (want -1, 1)");
            }
            long[] ri = Np.random.randint(3, 7, 500).toLongArray();
            if (!Arrays.stream(ri).allMatch(v -> v >= 3 && v < 7)) {
                f.add("randint out of [3, 7)");
            }
            List<Runnable> bad = List.of(() -> Np.random.exponential(-1.0, 2), () -> Np.random.lognormal(0, -1.0, 2),
                    () -> Np.random.weibull(-1.0, 2), () -> Np.random.pareto(0.0, 2), () -> Np.random.power(0.0, 2));
            List<String> want = List.of("scale < 0", "sigma < 0", "a < 0", "a <= 0", "a <= 0");
            for (int k = 0; k < bad.size(); k++) {
                try {
                    bad.get(k).run();
                    f.add("nothing thrown for " + want.get(k));
                } catch (IllegalArgumentException e) {
                    if (!want.get(k).equals(e.getMessage())) {
                        f.add(e.getMessage() + " != " + want.get(k));
                    }
                }
            }
            return f;
        }).get(0);
        assertTrue(failures.isEmpty(), String.join("\n", failures));
    }
}
