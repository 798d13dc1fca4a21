package dev.cohort.ndarray;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * NumPy's legacy RandomState numbers, bit for bit: the call sequences of {@code tools/reference/random_state.py}
 * (several seeds; rand, randn with its cached Gaussian carried between calls, randint on the 32-bit, 64-bit and
 * bool paths, normal, uniform, exponentials, permutation, shuffle, choice with and without replacement and
 * weights, bytes, a re-seed) replayed by name on ONE RandomState per sequence, on 1 and 3 shards with tiny
 * tiles; NumPy's MT19937(seed) (SeedSequence) states and raw outputs; NumPy's errors at the call, after which
 * the same RandomState goes on.
 */
@Timeout(value = 300, unit = TimeUnit.SECONDS)
class RandomStateReferenceTest {
    static final long MIN_TILE = 4;

    @SuppressWarnings("unchecked")
    static Map<String, Object> reference() {
        try (InputStream in = RandomStateReferenceTest.class.getResourceAsStream("/reference/random_state.json")) {
            if (in == null) {
                throw new IllegalStateException("reference/random_state.json is not on the test class path");
            }
            return (Map<String, Object>) new Reference.Json(new String(in.readAllBytes(), StandardCharsets.UTF_8)).parse();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A list of integers, or one integer (NumPy's {@code size=n}) as a 1-element array. */
    static long[] longs(Object list) {
        if (list instanceof Number n) {
            return new long[] {n.longValue()};
        }
        List<?> l = (List<?>) list;
        long[] r = new long[l.size()];
        for (int i = 0; i < r.length; i++) {
            r[i] = ((Number) l.get(i)).longValue();
        }
        return r;
    }

    static double[] doubles(Object list) {
        List<?> l = (List<?>) list;
        double[] r = new double[l.size()];
        for (int i = 0; i < r.length; i++) {
            r[i] = ((Number) l.get(i)).doubleValue();
        }
        return r;
    }

    static DType dtype(String name) {
        return switch (name) {
            case "int64" -> DType.INT64;
            case "int32" -> DType.INT32;
            case "bool" -> DType.BOOL;
            case "float64" -> DType.FLOAT64;
            default -> throw new IllegalArgumentException(name);
        };
    }

    /** The Cohort call named as in the script; null for {@code seed}. */
    static NdArray call(RandomState rs, String name, List<Object> a) {
        return switch (name) {
            case "rand" -> rs.rand(longs(a));
            case "randn" -> rs.randn(longs(a));
            case "random_sample" -> rs.random_sample(longs(a.get(0)));
            case "standard_normal" -> rs.standard_normal(longs(a.get(0)));
            case "normal" -> rs.normal(num(a, 0), num(a, 1), longs(a.get(2)));
            case "uniform" -> rs.uniform(num(a, 0), num(a, 1), longs(a.get(2)));
            case "randint" -> rs.randint(lng(a, 0), lng(a, 1), longs(a.get(2)), dtype((String) a.get(3)));
            case "random_integers" -> rs.random_integers(lng(a, 0), lng(a, 1), longs(a.get(2)));
            case "standard_exponential" -> rs.standard_exponential(longs(a.get(0)));
            case "exponential" -> rs.exponential(num(a, 0), longs(a.get(1)));
            case "lognormal" -> rs.lognormal(num(a, 0), num(a, 1), longs(a.get(2)));
            case "permutation" -> rs.permutation(lng(a, 0));
            case "shuffle" -> {
                NdArray x = Np.arange(lng(a, 0)).astype(DType.FLOAT64);
                rs.shuffle(x);
                yield x;
            }
            case "permutation_rows" -> rs.permutation(Np.arange(lng(a, 0) * lng(a, 1)).reshape(lng(a, 0), lng(a, 1)));
            case "choice" -> rs.choice(lng(a, 0), longs(a.get(1)));
            case "choice_no_replace" -> rs.choice(lng(a, 0), longs(a.get(1)), false, null);
            case "choice_p" -> rs.choice(lng(a, 0), longs(a.get(1)), true, Np.array(doubles(a.get(2))));
            case "choice_p_no_replace" -> rs.choice(lng(a, 0), longs(a.get(1)), false, Np.array(doubles(a.get(2))));
            case "choice_array" -> rs.choice(Np.array(doubles(a.get(0))), longs(a.get(1)), true, null);
            case "bytes" -> {
                byte[] b = rs.bytes(lng(a, 0));
                long[] v = new long[b.length];
                for (int i = 0; i < b.length; i++) {
                    v[i] = b[i] & 0xff;
                }
                yield Np.array(v);
            }
            case "seed" -> {
                rs.seed(lng(a, 0));
                yield null;
            }
            default -> throw new IllegalArgumentException("unknown call " + name);
        };
    }

    static double num(List<Object> a, int i) {
        return ((Number) a.get(i)).doubleValue();
    }

    static long lng(List<Object> a, int i) {
        return ((Number) a.get(i)).longValue();
    }

    /**
     * Calls whose values go through log or exp: NumPy's come from the C library's {@code log}/{@code exp}, Cohort's
     * from {@link Math#log}/{@link Math#exp}, which agree but for the last bits of about 0.1 % of the values (glibc
     * is not correctly rounded either); the draws themselves, hence the stream, stay in step.
     */
    static final java.util.Set<String> LIBM = java.util.Set.of("randn", "standard_normal", "normal", "lognormal",
            "exponential", "standard_exponential");

    /** Equal within {@code 1e-14} relative (a few units in the last place). */
    static boolean close(double got, double want) {
        return Math.abs(got - want) <= 1e-14 * Math.max(1.0, Math.abs(want));
    }

    /** Replays every sequence; returns one line per mismatch (bit-exact except the {@link #LIBM} calls). */
    @SuppressWarnings("unchecked")
    static List<String> replay(Map<String, Object> ref) {
        List<String> bad = new ArrayList<>();
        for (Object so : (List<Object>) ref.get("sequences")) {
            Map<String, Object> seq = (Map<String, Object>) so;
            String name = (String) seq.get("name");
            RandomState rs = Np.random.RandomState(((Number) seq.get("seed")).longValue());
            int k = 0;
            for (Object co : (List<Object>) seq.get("calls")) {
                Map<String, Object> c = (Map<String, Object>) co;
                String call = (String) c.get("call");
                String where = name + " call " + k++ + " " + call + c.get("args");
                NdArray r = call(rs, call, (List<Object>) c.get("args"));
                if (r == null) {
                    continue;
                }
                long[] shape = longs(c.get("shape"));
                if (!java.util.Arrays.equals(shape, r.shape())) {
                    bad.add(where + ": shape " + java.util.Arrays.toString(r.shape()) + ", NumPy " + java.util.Arrays.toString(shape));
                    continue;
                }
                String dt = (String) c.get("dtype");
                DType want = call.equals("bytes") ? DType.INT64 : dtype(dt);
                if (r.dtype() != want) {
                    bad.add(where + ": dtype " + r.dtype() + ", NumPy " + dt);
                    continue;
                }
                if (want == DType.FLOAT64) {
                    double[] e = doubles(c.get("values"));
                    double[] g = r.toDoubleArray();
                    boolean libm = LIBM.contains(call);
                    for (int i = 0; i < e.length; i++) {
                        if (libm ? !close(g[i], e[i]) : Double.doubleToRawLongBits(e[i]) != Double.doubleToRawLongBits(g[i])) {
                            bad.add(where + ": [" + i + "] " + g[i] + ", NumPy " + e[i]);
                            break;
                        }
                    }
                } else {
                    long[] e = longs(c.get("values"));
                    long[] g = r.astype(DType.INT64).toLongArray();
                    if (!java.util.Arrays.equals(e, g)) {
                        bad.add(where + ": " + java.util.Arrays.toString(g) + ", NumPy " + java.util.Arrays.toString(e));
                    }
                }
            }
        }
        return bad;
    }

    @ParameterizedTest(name = "NumPy's RandomState numbers on {0} shard(s)")
    @ValueSource(ints = {1, 3})
    void sequencesMatchNumPy(int shards) {
        Map<String, Object> ref = reference();
        List<List<String>> r = Cohort.run(new Cohort.Config().shards(shards).minTileVolume(MIN_TILE), () -> replay(ref));
        for (int s = 0; s < shards; s++) {
            assertTrue(r.get(s).isEmpty(), "shard " + s + ":\n" + String.join("\n", r.get(s)));
        }
    }

    /** The SHA-256 of values as little-endian 8-byte words (float64 by their bits, integers as int64). */
    static String sha256(NdArray r) {
        long[] w = r.dtype() == DType.FLOAT64 ? RandomGeneratorTest.bits(r.toDoubleArray()) : r.astype(DType.INT64).toLongArray();
        java.nio.ByteBuffer b = java.nio.ByteBuffer.allocate(8 * w.length).order(java.nio.ByteOrder.LITTLE_ENDIAN);
        for (long x : w) {
            b.putLong(x);
        }
        try {
            return java.util.HexFormat.of().formatHex(java.security.MessageDigest.getInstance("SHA-256").digest(b.array()));
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    @SuppressWarnings("unchecked")
    @ParameterizedTest(name = "NumPy's large draws (log, exp, sqrt bit-equal at scale) on {0} shard(s)")
    @ValueSource(ints = {1, 3})
    void largeDrawsMatchNumPy(int shards) {
        Map<String, Object> ref = reference();
        List<List<String>> r = Cohort.run(new Cohort.Config().shards(shards).minTileVolume(4096), () -> {
            List<String> bad = new ArrayList<>();
            RandomState rs = Np.random.RandomState(2024);
            for (Object co : (List<Object>) ref.get("digests")) {
                Map<String, Object> c = (Map<String, Object>) co;
                String call = (String) c.get("call");
                NdArray x = call(rs, call, (List<Object>) c.get("args"));
                if (c.containsKey("sha256")) {
                    String h = sha256(x);
                    if (!h.equals(c.get("sha256"))) {
                        bad.add(call + c.get("args") + ": sha256 " + h + ", NumPy " + c.get("sha256"));
                    }
                    continue;
                }
                int every = ((Number) c.get("every")).intValue();
                double[] e = doubles(c.get("sample"));
                double[] g = x.toDoubleArray();
                int exact = 0;
                for (int i = 0; i < e.length; i++) {
                    double gi = g[i * every];
                    exact += Double.doubleToRawLongBits(gi) == Double.doubleToRawLongBits(e[i]) ? 1 : 0;
                    if (!close(gi, e[i])) {
                        bad.add(call + c.get("args") + ": [" + i * every + "] " + gi + ", NumPy " + e[i]);
                    }
                }
                if (exact < e.length * 0.98) {
                    bad.add(call + c.get("args") + ": only " + exact + " of " + e.length + " sampled values bit-equal");
                }
            }
            return bad;
        });
        for (int s = 0; s < shards; s++) {
            assertTrue(r.get(s).isEmpty(), "shard " + s + ":\n" + String.join("\n", r.get(s)));
        }
    }

    @SuppressWarnings("unchecked")
    @ParameterizedTest(name = "NumPy's MT19937(seed) on {0} shard(s)")
    @ValueSource(ints = {1, 3})
    void seedSequenceSeeding(int shards) {
        Map<String, Object> ref = reference();
        List<List<String>> r = Cohort.run(new Cohort.Config().shards(shards).minTileVolume(MIN_TILE), () -> {
            List<String> bad = new ArrayList<>();
            for (Object eo : (List<Object>) ref.get("mt19937")) {
                Map<String, Object> e = (Map<String, Object>) eo;
                long seed = ((Number) e.get("seed")).longValue();
                int[] key = MT19937.seedSequenceState(seed, 624);
                key[0] = 0x80000000;
                long[] head = {key[0] & 0xffffffffL, key[1] & 0xffffffffL, key[2] & 0xffffffffL, key[3] & 0xffffffffL};
                long[] tail = {key[620] & 0xffffffffL, key[621] & 0xffffffffL, key[622] & 0xffffffffL, key[623] & 0xffffffffL};
                if (!java.util.Arrays.equals(head, longs(e.get("key_head"))) || !java.util.Arrays.equals(tail, longs(e.get("key_tail")))) {
                    bad.add("seed " + seed + ": key " + java.util.Arrays.toString(head) + " .. " + java.util.Arrays.toString(tail));
                }
                MT19937 bg = Np.random.MT19937(seed);
                long[] raw = bg.random_raw(6).toLongArray();
                if (!java.util.Arrays.equals(raw, longs(e.get("random_raw")))) {
                    bad.add("seed " + seed + ": random_raw " + java.util.Arrays.toString(raw));
                }
                RandomState rs = Np.random.RandomState(Np.random.MT19937(seed));
                double[] u = rs.random_sample(5).toDoubleArray();
                if (!java.util.Arrays.equals(u, doubles(e.get("random_sample")))) {
                    bad.add("seed " + seed + ": RandomState(MT19937).random_sample " + java.util.Arrays.toString(u));
                }
            }
            return bad;
        });
        for (int s = 0; s < shards; s++) {
            assertTrue(r.get(s).isEmpty(), "shard " + s + ":\n" + String.join("\n", r.get(s)));
        }
    }

    @ParameterizedTest(name = "NumPy's errors at the call on {0} shard(s), then the RandomState goes on")
    @ValueSource(ints = {1, 3})
    void errors(int shards) {
        List<List<String>> r = Cohort.run(new Cohort.Config().shards(shards).minTileVolume(MIN_TILE), () -> {
            List<String> msgs = new ArrayList<>();
            RandomState rs = Np.random.RandomState(5);
            List<Runnable> bad = List.of(
                    () -> Np.random.RandomState(-1),
                    () -> Np.random.RandomState(1L << 32),
                    () -> rs.seed(-3),
                    () -> Np.random.MT19937(-1),
                    () -> rs.randint(0, 0, 3),
                    () -> rs.randint(3, 3, 3),
                    () -> rs.randint(5, 2, 3),
                    () -> rs.randint(0, (1L << 31) + 1, new long[] {3}, DType.INT32),
                    () -> rs.randint(Integer.MIN_VALUE - 1L, 0, new long[] {3}, DType.INT32),
                    () -> rs.randint(0, 3, new long[] {3}, DType.BOOL),
                    () -> rs.randint(0, 5, new long[] {3}, DType.FLOAT64),
                    () -> rs.randint(0, 5, -1),
                    () -> rs.normal(0, -1.0, 3),
                    () -> rs.normal(0, -0.0, 3),
                    () -> rs.exponential(-2.0, 3),
                    () -> rs.lognormal(0, -1.0, 3),
                    () -> rs.uniform(-1e308, 1e308, 3),
                    () -> rs.rand(-1),
                    () -> rs.choice(0, 3),
                    () -> rs.choice(3, new long[] {4}, false, null),
                    () -> rs.choice(3, new long[] {2}, true, Np.array(0.5, 0.6, 0.1)),
                    () -> rs.choice(3, new long[] {2}, true, Np.array(0.5, -0.1, 0.6)),
                    () -> rs.choice(3, new long[] {2}, true, Np.array(0.5, Double.NaN, 0.6)),
                    () -> rs.choice(3, new long[] {2}, true, Np.array(0.5, 0.5)),
                    () -> rs.choice(3, new long[] {2}, true, Np.ones(3).reshape(1, 3).divide(3.0)),
                    () -> rs.choice(3, new long[] {3}, false, Np.array(0.5, 0.5, 0.0)),
                    () -> rs.choice(Np.ones(2, 2), new long[] {1}, true, null),
                    () -> rs.choice(Np.ones(0), new long[] {1}, true, null),
                    () -> rs.permutation(Np.array(3.0).reshape()),
                    () -> rs.shuffle(Np.array(3.0).reshape()),
                    () -> new RandomState(Np.random.Philox(3)),
                    () -> new Generator(Np.random.MT19937(3)));
            for (Runnable b : bad) {
                msgs.add(ErrorRecoveryTest.error(b)); // "ExceptionClass: message", or "no error"
            }
            // the failed calls drew nothing: the stream is that of a fresh RandomState(5)
            msgs.add(java.util.Arrays.toString(rs.randint(0, 1000, 4).toLongArray()));
            msgs.add(java.util.Arrays.toString(Np.random.RandomState(5).randint(0, 1000, 4).toLongArray()));
            // an empty size draws nothing and checks no bounds (NumPy returns early)
            msgs.add(java.util.Arrays.toString(rs.randint(5, 2, 0).shape()));
            return msgs;
        });
        List<String> want = List.of(
                "IllegalArgumentException: Seed must be between 0 and 2**32 - 1",
                "IllegalArgumentException: Seed must be between 0 and 2**32 - 1",
                "IllegalArgumentException: Seed must be between 0 and 2**32 - 1",
                "IllegalArgumentException: expected non-negative integer",
                "IllegalArgumentException: high <= 0",
                "IllegalArgumentException: low >= high",
                "IllegalArgumentException: low >= high",
                "IllegalArgumentException: high is out of bounds for int32",
                "IllegalArgumentException: low is out of bounds for int32",
                "IllegalArgumentException: high is out of bounds for bool",
                "DTypeException: Unsupported dtype dtype('float64') for randint",
                "IllegalArgumentException: negative dimensions are not allowed",
                "IllegalArgumentException: scale < 0",
                "IllegalArgumentException: scale < 0",
                "IllegalArgumentException: scale < 0",
                "IllegalArgumentException: sigma < 0",
                "OverflowException: Range exceeds valid bounds",
                "IllegalArgumentException: negative dimensions are not allowed",
                "IllegalArgumentException: a must be greater than 0 unless no samples are taken",
                "IllegalArgumentException: Cannot take a larger sample than population when 'replace=False'",
                "IllegalArgumentException: probabilities do not sum to 1",
                "IllegalArgumentException: probabilities are not non-negative",
                "IllegalArgumentException: probabilities contain NaN",
                "IllegalArgumentException: 'a' and 'p' must have same size",
                "IllegalArgumentException: 'p' must be 1-dimensional",
                "IllegalArgumentException: Fewer non-zero entries in p than size",
                "IllegalArgumentException: a must be 1-dimensional",
                "IllegalArgumentException: 'a' cannot be empty unless no samples are taken",
                "NdIndexException: x must be an integer or at least 1-dimensional",
                "IllegalArgumentException: len() of unsized object",
                "IllegalArgumentException: Cohort's RandomState draws from an MT19937 bit generator, got Philox(seed=3, streams drawn=0)",
                "IllegalArgumentException: Cohort's Generator draws Philox streams, got MT19937(seed=3); use RandomState(MT19937) for Mersenne Twister numbers",
                "[867, 206, 701, 998]",
                "[867, 206, 701, 998]",
                "[0]");
        for (int s = 0; s < shards; s++) {
            assertEquals(want, r.get(s), "shard " + s);
        }
    }

    @Test
    void bitGeneratorsReadLikeNumPy() {
        List<String> r = Cohort.run(new Cohort.Config().shards(2).minTileVolume(MIN_TILE), () -> {
            List<String> f = new ArrayList<>();
            // Generator(Philox(s)) is default_rng(s), and its bit generator is that Philox, advanced by the draws
            Philox ph = Np.random.Philox(11);
            Generator g = Np.random.Generator(ph);
            double[] a = g.random(9).toDoubleArray();
            double[] b = Np.random.default_rng(11).random(9).toDoubleArray();
            if (!java.util.Arrays.equals(a, b)) {
                f.add("Generator(Philox(11)) differs from default_rng(11)");
            }
            if (g.bit_generator() != ph || ph.streams_drawn() != 1 || ph.seed() != 11) {
                f.add("bit_generator " + g.bit_generator());
            }
            // two RandomStates on one MT19937 share its stream: alternating draws continue one sequence
            MT19937 mt = Np.random.MT19937(0);
            mt._legacy_seeding(42);
            RandomState r1 = Np.random.RandomState(mt);
            RandomState r2 = Np.random.RandomState(mt);
            double[] x = r1.random_sample(3).toDoubleArray();
            double[] y = r2.random_sample(3).toDoubleArray();
            double[] z = Np.random.RandomState(42).random_sample(6).toDoubleArray();
            double[] xy = new double[6];
            System.arraycopy(x, 0, xy, 0, 3);
            System.arraycopy(y, 0, xy, 3, 3);
            if (!java.util.Arrays.equals(xy, z) || r1._bit_generator() != mt || mt.seed() != 42) {
                f.add("shared MT19937: " + java.util.Arrays.toString(xy) + " vs " + java.util.Arrays.toString(z));
            }
            return f;
        }).get(0);
        assertTrue(r.isEmpty(), String.join("\n", r));
    }
}
