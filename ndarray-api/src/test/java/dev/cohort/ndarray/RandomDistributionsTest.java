package dev.cohort.ndarray;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The rejection and mixture distributions of {@code np.random} (RAND_DIST) and {@link Generator}: identical values
 * on 1-8 shards with tiny tiles, sample moments against NumPy's documented formulas, dtypes, NumPy's errors.
 */
@Timeout(value = 300, unit = TimeUnit.SECONDS)
class RandomDistributionsTest {

    /** A draw of each distribution, as long bits, from a Generator and from np.random. */
    static List<long[]> draws() {
        Generator g = Np.random.default_rng(2024);
        List<long[]> out = new ArrayList<>();
        out.add(bits(g.standard_gamma(0.4, 5, 7)));
        out.add(bits(g.gamma(3.5, 2.0, 33)));
        out.add(g.poisson(3.0, 31).toLongArray());
        out.add(g.poisson(250.0, 29).toLongArray());
        out.add(g.binomial(1000, 0.3, 27).toLongArray());
        out.add(g.binomial(10, 0.8, 27).toLongArray());
        out.add(g.geometric(0.2, 25).toLongArray());
        out.add(g.negative_binomial(2.5, 0.4, 23).toLongArray());
        out.add(bits(g.beta(0.5, 0.7, 21)));
        out.add(bits(g.beta(2.0, 5.0, 21)));
        out.add(bits(g.chisquare(3.0, 19)));
        out.add(bits(g.noncentral_chisquare(0.5, 2.0, 19)));
        out.add(bits(g.noncentral_chisquare(4.0, 2.0, 19)));
        out.add(bits(g.f(4.0, 9.0, 17)));
        out.add(bits(g.noncentral_f(4.0, 9.0, 1.5, 17)));
        out.add(bits(g.standard_t(5.0, 17)));
        out.add(bits(g.triangular(-1.0, 0.5, 3.0, 15)));
        out.add(bits(g.vonmises(1.0, 2.0, 15)));
        out.add(bits(g.wald(2.0, 3.0, 15)));
        out.add(g.zipf(2.5, 13).toLongArray());
        out.add(g.logseries(0.7, 13).toLongArray());
        out.add(g.hypergeometric(20, 30, 15, 13).toLongArray());
        out.add(g.hypergeometric(20, 30, 40, 13).toLongArray());
        Np.random.seed(2024);
        out.add(bits(Np.random.gamma(3.5, 2.0, 33)));
        out.add(Np.random.random_integers(1, 6, 40).toLongArray());
        byte[] b = Np.random.bytes(24);
        long[] bl = new long[b.length];
        for (int i = 0; i < b.length; i++) {
            bl[i] = b[i];
        }
        out.add(bl);
        return out;
    }

    static long[] bits(NdArray a) {
        double[] d = a.toDoubleArray();
        long[] r = new long[d.length];
        for (int i = 0; i < d.length; i++) {
            r[i] = Double.doubleToLongBits(d[i]);
        }
        return r;
    }

    @ParameterizedTest
    @ValueSource(ints = {2, 3, 5, 8})
    void valuesAreIdenticalOnAnyShardCount(int shards) {
        List<List<long[]>> one = Cohort.run(new Cohort.Config().shards(1), RandomDistributionsTest::draws);
        List<List<long[]>> many = Cohort.run(new Cohort.Config().shards(shards).minTileVolume(2), RandomDistributionsTest::draws);
        List<long[]> ref = one.get(0);
        for (List<long[]> shard : many) {
            assertEquals(ref.size(), shard.size());
            for (int i = 0; i < ref.size(); i++) {
                assertArrayEquals(ref.get(i), shard.get(i), "draw " + i + " on " + shards + " shards");
            }
        }
    }

    @Test
    void generatorMatchesSeededModuleFunctionsAndLeavesProgramStateAlone() {
        List<long[]> r = Cohort.run(new Cohort.Config().shards(2).minTileVolume(4), () -> {
            Np.random.seed(11);
            long[] before = bits(Np.random.random(10));
            Np.random.seed(11);
            Generator g = Np.random.default_rng(11);
            long[] gen1 = bits(g.random(10));
            long[] gen2 = bits(g.random(10));
            long[] after = bits(Np.random.random(10)); // the program's stream 0, untouched by g
            Np.random.seed(11);
            Np.random.random(10);
            long[] second = bits(Np.random.random(10));
            return new long[][]{before, gen1, gen2, after, second}.length == 5
                    ? List.of(before, gen1, gen2, after, second) : null;
        }).get(1);
        assertArrayEquals(r.get(0), r.get(1));
        assertArrayEquals(r.get(0), r.get(3));
        assertArrayEquals(r.get(4), r.get(2));
        assertNotEquals(r.get(1)[0], r.get(2)[0]);
    }

    record Moment(String name, Function<Generator, NdArray> draw, double mean, double var) {
    }

    @Test
    void momentsMatchNumpyFormulas() {
        int n = 40000;
        List<Moment> cases = List.of(
                new Moment("standard_gamma(0.4)", g -> g.standard_gamma(0.4, n), 0.4, 0.4),
                new Moment("gamma(3.5, 2)", g -> g.gamma(3.5, 2.0, n), 7.0, 14.0),
                new Moment("poisson(3)", g -> g.poisson(3.0, n), 3, 3),
                new Moment("poisson(250)", g -> g.poisson(250.0, n), 250, 250),
                new Moment("binomial(1000, 0.3)", g -> g.binomial(1000, 0.3, n), 300, 210),
                new Moment("binomial(7, 0.9)", g -> g.binomial(7, 0.9, n), 6.3, 0.63),
                new Moment("geometric(0.2)", g -> g.geometric(0.2, n), 5, 0.8 / 0.04),
                new Moment("negative_binomial(2.5, 0.4)", g -> g.negative_binomial(2.5, 0.4, n), 2.5 * 0.6 / 0.4, 2.5 * 0.6 / 0.16),
                new Moment("beta(0.5, 0.7)", g -> g.beta(0.5, 0.7, n), 0.5 / 1.2, 0.35 / (1.44 * 2.2)),
                new Moment("beta(2, 5)", g -> g.beta(2.0, 5.0, n), 2.0 / 7, 10.0 / (49 * 8)),
                new Moment("chisquare(3)", g -> g.chisquare(3.0, n), 3, 6),
                new Moment("noncentral_chisquare(0.5, 2)", g -> g.noncentral_chisquare(0.5, 2.0, n), 2.5, 2 * (0.5 + 4)),
                new Moment("noncentral_chisquare(4, 2)", g -> g.noncentral_chisquare(4.0, 2.0, n), 6, 2 * (4 + 4)),
                new Moment("f(5, 20)", g -> g.f(5.0, 20.0, n), 20.0 / 18, 2 * 400.0 * 23 / (5 * 324 * 16)),
                new Moment("noncentral_f(5, 20, 2)", g -> g.noncentral_f(5.0, 20.0, 2.0, n), 20.0 * 7 / (5 * 18),
                        2 * 400.0 / 25 * ((49 + (5 + 4) * 18) / (324.0 * 16))),
                new Moment("standard_t(6)", g -> g.standard_t(6.0, n), 0, 1.5),
                new Moment("triangular(-1, 0.5, 3)", g -> g.triangular(-1.0, 0.5, 3.0, n), 2.5 / 3,
                        (1 + 0.25 + 9 - (-0.5) - (-3) - 1.5) / 18),
                new Moment("vonmises(0, 2)", g -> g.vonmises(0.0, 2.0, n).cos(), 0.6977746579640081, Double.NaN),
                new Moment("wald(2, 3)", g -> g.wald(2.0, 3.0, n), 2, 8.0 / 3),
                new Moment("zipf(4)", g -> g.zipf(4.0, n), 1.0823232337111382 / 1.2020569031595942 * 1.2020569031595942 / 1.0823232337111382
                        * (1.2020569031595942 / 1.0823232337111382), Double.NaN),
                new Moment("logseries(0.7)", g -> g.logseries(0.7, n), -0.7 / (0.3 * Math.log(0.3)),
                        -0.7 * (0.7 + Math.log(0.3)) / (0.09 * Math.log(0.3) * Math.log(0.3))),
                new Moment("hypergeometric(20, 30, 15)", g -> g.hypergeometric(20, 30, 15, n), 6, 15 * 0.4 * 0.6 * 35.0 / 49),
                new Moment("hypergeometric(20, 30, 40)", g -> g.hypergeometric(20, 30, 40, n), 16, 40 * 0.4 * 0.6 * 10.0 / 49));
        List<double[][]> got = Cohort.run(new Cohort.Config().shards(3).minTileVolume(1000), () -> {
            Generator g = Np.random.default_rng(7);
            double[][] m = new double[cases.size()][];
            for (int i = 0; i < cases.size(); i++) {
                NdArray x = cases.get(i).draw().apply(g).astype(Np.float64);
                m[i] = new double[]{x.mean().astype(Np.float64).toDoubleArray()[0], x.var().astype(Np.float64).toDoubleArray()[0]};
            }
            return m;
        });
        for (int i = 0; i < cases.size(); i++) {
            Moment c = cases.get(i);
            double mean = got.get(0)[i][0];
            double var = got.get(0)[i][1];
            double sd = Double.isNaN(c.var()) ? Math.sqrt(var) : Math.sqrt(c.var());
            assertTrue(Math.abs(mean - c.mean()) < 5 * sd / Math.sqrt(n) + 1e-12,
                    c.name() + ": mean " + mean + " vs " + c.mean());
            if (!Double.isNaN(c.var())) {
                assertTrue(Math.abs(var / c.var() - 1) < 0.08, c.name() + ": variance " + var + " vs " + c.var());
            }
        }
    }

    @Test
    void dtypesAndRanges() {
        Cohort.run(new Cohort.Config().shards(2).minTileVolume(4), () -> {
            Generator g = Np.random.default_rng(1);
            assertEquals(Np.int64, g.poisson(2.0, 3, 4).dtype());
            assertArrayEquals(new long[]{3, 4}, g.poisson(2.0, 3, 4).shape());
            assertEquals(Np.float64, g.gamma(2.0, 1.0, 5).dtype());
            assertEquals(0, g.binomial(0, 0.5, 10).max().astype(Np.float64).toDoubleArray()[0], 0);
            assertEquals(10, g.binomial(10, 1.0, 10).min().astype(Np.float64).toDoubleArray()[0], 0);
            assertEquals(1, g.geometric(1.0, 10).max().astype(Np.float64).toDoubleArray()[0], 0);
            assertEquals(0, g.standard_gamma(0.0, 4).max().astype(Np.float64).toDoubleArray()[0], 0);
            NdArray v = g.vonmises(3.0, 0.5, 500);
            assertTrue(v.max().astype(Np.float64).toDoubleArray()[0] <= Math.PI && v.min().astype(Np.float64).toDoubleArray()[0] >= -Math.PI);
            NdArray b = g.beta(0.01, 0.01, 500);
            assertTrue(b.max().astype(Np.float64).toDoubleArray()[0] <= 1 && b.min().astype(Np.float64).toDoubleArray()[0] >= 0 && !Double.isNaN(b.sum().astype(Np.float64).toDoubleArray()[0]));
            NdArray ri = Np.random.random_integers(-2, 2, 400);
            assertEquals(-2, ri.min().astype(Np.float64).toDoubleArray()[0], 0);
            assertEquals(2, ri.max().astype(Np.float64).toDoubleArray()[0], 0);
            assertEquals(0, Np.random.bytes(0).length);
            return null;
        });
    }

    static void raises(String message, Executable call) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, call);
        assertEquals(message, e.getMessage());
    }

    @Test
    void numpyErrorsAtTheCallAndTheSessionGoesOn() {
        List<Double> r = Cohort.run(new Cohort.Config().shards(2).minTileVolume(4), () -> {
            Generator g = Np.random.default_rng(0);
            raises("shape < 0", () -> g.gamma(-1, 1, 3));
            raises("scale < 0", () -> g.gamma(1, -1, 3));
            raises("shape < 0", () -> g.standard_gamma(Double.NaN, 3));
            raises("lam < 0 or lam is NaN", () -> g.poisson(-1, 3));
            raises("lam value too large", () -> g.poisson(1e19, 3));
            raises("n < 0", () -> g.binomial(-1, 0.5, 3));
            raises("p < 0, p > 1 or p is NaN", () -> g.binomial(1, 1.1, 3));
            raises("p <= 0, p > 1 or p contains NaNs", () -> g.geometric(0, 3));
            raises("n <= 0", () -> g.negative_binomial(0, 0.5, 3));
            raises("p <= 0, p > 1 or p contains NaNs", () -> g.negative_binomial(1, 0, 3));
            raises("a <= 0", () -> g.beta(0, 1, 3));
            raises("b <= 0", () -> g.beta(1, 0, 3));
            raises("df <= 0", () -> g.chisquare(0, 3));
            raises("nonc < 0", () -> g.noncentral_chisquare(1, -1, 3));
            raises("dfnum <= 0", () -> g.f(0, 1, 3));
            raises("dfden <= 0", () -> g.noncentral_f(1, 0, 1, 3));
            raises("df <= 0", () -> g.standard_t(0, 3));
            raises("kappa < 0", () -> g.vonmises(0, -1, 3));
            raises("mean <= 0", () -> g.wald(0, 1, 3));
            raises("scale <= 0", () -> g.wald(1, 0, 3));
            raises("a <= 1 or a is NaN", () -> g.zipf(1, 3));
            raises("p < 0, p >= 1 or p is NaN", () -> g.logseries(1, 3));
            raises("ngood + nbad < nsample", () -> g.hypergeometric(1, 1, 3, 3));
            raises("nsample < 0", () -> g.hypergeometric(1, 1, -1, 3));
            raises("left > mode", () -> g.triangular(1, 0, 2, 3));
            raises("mode > right", () -> g.triangular(0, 3, 2, 3));
            raises("left == right", () -> g.triangular(1, 1, 1, 3));
            raises("negative dimensions are not allowed", () -> g.poisson(1, -1));
            raises("low > high", () -> Np.random.random_integers(3, 2, 4));
            return g.chisquare(2.0, 10).sum().astype(Np.float64).toDoubleArray()[0];
        });
        assertTrue(r.get(0) > 0);
    }
}
