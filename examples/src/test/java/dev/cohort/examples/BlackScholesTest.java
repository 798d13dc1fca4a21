package dev.cohort.examples;

import dev.cohort.ndarray.Cohort;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.List;

import static dev.cohort.examples.Tolerance.assertRelative;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The Black-Scholes example against tools/reference/blackscholes.py n=100000 seed=7 cdf=as7126: the draws are Cohort's
 * Philox numbers, which philox.py reproduces bit for bit, so the first S, K, T are equal and the sums agree to 1e-9
 * relative (only the order of the sums differs), on 1 shard and on 3 shards of 64-element tiles.
 */
@Timeout(180)
class BlackScholesTest {
    static final Reference AS7126 = Reference.load("issue15/blackscholes_n100000_as7126.txt");

    @ParameterizedTest(name = "{0} shards")
    @ValueSource(ints = {1, 3})
    void pricesMatchNumPyWithTheAs7126Cdf(int shards) {
        Cohort.Config config = new Cohort.Config().shards(shards).minTileVolume(LogisticRegressionTest.MIN_TILE_VOLUME);
        List<BlackScholes.Result> all = Cohort.run(config,
                () -> BlackScholes.price(AS7126.integer("n"), AS7126.integer("seed"), AS7126.number("r"), AS7126.number("v"),
                        BlackScholes.Cdf.as7126));
        BlackScholes.Result r = all.get(0);
        for (BlackScholes.Result other : all) {
            assertEquals(r.callSum(), other.callSum(), "every shard has the same sums");
            assertEquals(r.putSum(), other.putSum());
        }
        assertEquals("as7126", AS7126.string("cdf"));
        assertArrayEquals(AS7126.numbers("first_S"), r.firstS(), "first_S: the draws are NumPy's bits");
        assertArrayEquals(AS7126.numbers("first_K"), r.firstK(), "first_K");
        assertArrayEquals(AS7126.numbers("first_T"), r.firstT(), "first_T");
        assertRelative(AS7126.number("call_sum"), r.callSum(), 1e-9, "call_sum");
        assertRelative(AS7126.number("put_sum"), r.putSum(), 1e-9, "put_sum");
        assertTrue(r.parityMaxAbsError() <= 1e-12, () -> "put-call parity off by " + r.parityMaxAbsError());
    }

    @ParameterizedTest(name = "{0} shards")
    @ValueSource(ints = {1, 3})
    void pricesMatchNumPyWithScipysErf(int shards) {
        // the reference's default cdf=erf (scipy.special.erf); Np.erf is within 1-2 ulp of it
        Reference exact = Reference.load("issue15/blackscholes_n100000.txt");
        Cohort.Config config = new Cohort.Config().shards(shards).minTileVolume(LogisticRegressionTest.MIN_TILE_VOLUME);
        List<BlackScholes.Result> all = Cohort.run(config, () -> BlackScholes.price(100000, 7, 0.02, 0.3, BlackScholes.Cdf.erf));
        for (BlackScholes.Result r : all) {
            assertEquals(all.get(0).callSum(), r.callSum(), "every shard has the same sums");
            assertRelative(exact.number("call_sum"), r.callSum(), 1e-12, "call_sum");
            assertRelative(exact.number("put_sum"), r.putSum(), 1e-12, "put_sum");
        }
    }

    @Test
    void theAs7126CdfIsWithinItsErrorBoundOfTheExactErf() {
        // the reference with scipy.special.erf: A&S 7.1.26's |error| <= 1.5e-7 moves each price by a few 1e-7 at most
        Reference exact = Reference.load("issue15/blackscholes_n100000.txt");
        BlackScholes.Result r = Cohort.run(1, () -> BlackScholes.price(100000, 7, 0.02, 0.3, BlackScholes.Cdf.as7126)).get(0);
        double n = 100000;
        assertTrue(Math.abs(r.callSum() - exact.number("call_sum")) / n < 1e-6, "mean call within 1e-6 of the exact erf's");
        assertTrue(Math.abs(r.putSum() - exact.number("put_sum")) / n < 1e-6, "mean put within 1e-6 of the exact erf's");
        assertTrue(r.callSum() != exact.number("call_sum"), "and it is a different cdf");
    }

    @Test
    void commandLinePrintsTheReferenceKeys() {
        MainTest.Run run = MainTest.run("blackscholes", "--n", "100000", "--seed", "7", "--cdf", "as7126", "--shards", "2");
        assertEquals(0, run.status(), run.err());
        var kv = run.values();
        for (String key : List.of("n", "seed", "r", "v", "cdf", "first_S", "first_K", "first_T", "parity_max_abs_error")) {
            assertTrue(kv.containsKey(key), key);
        }
        for (String key : List.of("n", "seed", "r", "v", "cdf", "first_S", "first_K", "first_T")) {
            assertEquals(AS7126.string(key), kv.get(key), key + " as Python's repr prints it");
        }
        for (String key : List.of("call_sum", "put_sum", "call_mean", "put_mean")) {
            assertRelative(AS7126.number(key), Double.parseDouble(kv.get(key)), 1e-9, key);
        }
    }

    @Test
    void theDefaultIsTheExactErfAndBadValuesAreRejected() {
        MainTest.Run run = MainTest.run("blackscholes", "--n", "100000", "--seed", "7");
        assertEquals(0, run.status(), run.err());
        Reference exact = Reference.load("issue15/blackscholes_n100000.txt");
        assertEquals("erf", run.values().get("cdf"));
        assertRelative(exact.number("call_sum"), Double.parseDouble(run.values().get("call_sum")), 1e-12, "call_sum");
        run = MainTest.run("blackscholes", "--cdf", "normal");
        assertEquals(2, run.status());
        assertTrue(run.err().contains("--cdf"), run.err());
        run = MainTest.run("blackscholes", "--v", "0");
        assertEquals(2, run.status());
        assertTrue(run.err().contains("--v must be a positive number"), run.err());
    }

    @Test
    void reprWritesDoublesAsPythonDoes() {
        assertEquals("0.02", Main.repr(0.02));
        assertEquals("1e-06", Main.repr(1e-6));
        assertEquals("1e-08", Main.repr(1e-8));
        assertEquals("1.0", Main.repr(1.0));
        assertEquals("0.0001", Main.repr(1e-4));
        assertEquals("2.5e+16", Main.repr(2.5e16));
        assertEquals("20.323997029735395", Main.repr(20.323997029735395));
        assertEquals("-3.5e-05", Main.repr(-3.5e-5));
    }
}
