package dev.cohort.ndarray;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * loadtxt, genfromtxt and savetxt against NumPy (tools/reference/text_reference.py wrote the
 * fixtures and expected.json): on 1 and 3 in-process shards with a minimum tile volume of 4, so a
 * file is split into byte ranges of 64 bytes (many COUNT points) and the result into small row
 * tiles spread over the shards.
 */
class TextIoTest {
    static final long MIN_TILE = 4;
    static final Path DIR;
    static final JsonNode EXPECTED;

    static {
        try {
            DIR = Path.of(TextIoTest.class.getResource("/text/expected.json").toURI()).getParent();
            EXPECTED = new ObjectMapper().readTree(DIR.resolve("expected.json").toFile());
        } catch (IOException | URISyntaxException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    static Cohort.Config config(int shards) {
        return new Cohort.Config().shards(shards).minTileVolume(MIN_TILE);
    }

    static DType dtype(JsonNode opts) {
        return switch (opts.path("dtype").asText("float64")) {
            case "float32" -> DType.FLOAT32;
            case "int64" -> DType.INT64;
            default -> DType.FLOAT64;
        };
    }

    static int[] ints(JsonNode a) {
        int[] v = new int[a.size()];
        for (int i = 0; i < v.length; i++) {
            v[i] = a.get(i).asInt();
        }
        return v;
    }

    static String[] strings(JsonNode a) {
        String[] v = new String[a.size()];
        for (int i = 0; i < v.length; i++) {
            v[i] = a.get(i).asText();
        }
        return v;
    }

    /** Runs the read case {@code c} (loadtxt or genfromtxt with its options) on the current program. */
    static NdArray read(JsonNode c) {
        JsonNode o = c.get("options");
        Path file = DIR.resolve(c.get("file").asText());
        if (c.get("fn").asText().equals("loadtxt")) {
            LoadTxt lo = LoadTxt.options().dtype(dtype(o));
            if (o.has("delimiter")) {
                lo.delimiter(o.get("delimiter").asText());
            }
            if (o.has("skiprows")) {
                lo.skiprows(o.get("skiprows").asLong());
            }
            if (o.has("usecols")) {
                lo.usecols(ints(o.get("usecols")));
            }
            if (o.has("comments")) {
                lo.comments(strings(o.get("comments")));
            }
            if (o.has("ndmin")) {
                lo.ndmin(o.get("ndmin").asInt());
            }
            return Np.loadtxt(file, lo);
        }
        GenFromTxt go = GenFromTxt.options().dtype(dtype(o));
        if (o.has("delimiter")) {
            go.delimiter(o.get("delimiter").asText());
        }
        if (o.has("skip_header")) {
            go.skipHeader(o.get("skip_header").asLong());
        }
        if (o.has("usecols")) {
            go.usecols(ints(o.get("usecols")));
        }
        if (o.has("filling_values")) {
            go.fillingValues(o.get("filling_values").asDouble());
        }
        return Np.genfromtxt(file, go);
    }

    /** What a read gave: shape, dtype and the values' bits (as NumPy's float.hex / int). */
    record Got(List<Long> shape, String dtype, List<String> values) {
        static Got of(NdArray a) {
            List<Long> shape = new ArrayList<>();
            for (long s : a.shape()) {
                shape.add(s);
            }
            List<String> v = new ArrayList<>();
            if (a.dtype().isFloating()) {
                for (double d : a.astype(DType.FLOAT64).toDoubleArray()) {
                    v.add(hex(d));
                }
            } else {
                for (double d : a.astype(DType.FLOAT64).toDoubleArray()) {
                    v.add(Long.toString((long) d));
                }
            }
            return new Got(shape, a.dtype().numpyName(), v);
        }

        static Got expected(JsonNode c) {
            List<Long> shape = new ArrayList<>();
            c.get("shape").forEach(s -> shape.add(s.asLong()));
            List<String> v = new ArrayList<>();
            boolean floating = c.get("dtype").asText().startsWith("float");
            c.get("values").forEach(x -> v.add(floating ? hex(parseHex(x.asText())) : Long.toString(x.asLong())));
            return new Got(shape, c.get("dtype").asText(), v);
        }
    }

    static double parseHex(String s) {
        return switch (s) {
            case "nan" -> Double.NaN;
            case "inf" -> Double.POSITIVE_INFINITY;
            case "-inf" -> Double.NEGATIVE_INFINITY;
            default -> Double.parseDouble(s);
        };
    }

    static String hex(double d) {
        return Double.isNaN(d) ? "nan" : Double.toHexString(d);
    }

    @ParameterizedTest(name = "{0} shard(s)")
    @ValueSource(ints = {1, 3})
    @Timeout(value = 300, unit = TimeUnit.SECONDS)
    void readsAsNumPyDoes(int shards) {
        List<Map<String, Object>> perShard = Cohort.run(config(shards), () -> {
            Map<String, Object> m = new LinkedHashMap<>();
            for (JsonNode c : EXPECTED.get("reads")) {
                try {
                    m.put(c.get("name").asText(), Got.of(read(c)));
                } catch (RuntimeException e) {
                    m.put(c.get("name").asText(), e.toString());
                }
            }
            return m;
        });
        List<String> failures = new ArrayList<>();
        for (int s = 0; s < shards; s++) {
            for (JsonNode c : EXPECTED.get("reads")) {
                Object got = perShard.get(s).get(c.get("name").asText());
                Got want = Got.expected(c);
                if (!want.equals(got)) {
                    failures.add("shard " + s + " " + c.get("name").asText() + ":\n   want " + want + "\n   got  " + got);
                }
            }
        }
        assertTrue(failures.isEmpty(), failures.size() + " failures:\n" + String.join("\n", failures));
        assertTrue(EXPECTED.get("reads").size() >= 20, "the reference has its cases");
    }

    @ParameterizedTest(name = "{0} shard(s)")
    @ValueSource(ints = {1, 3})
    @Timeout(value = 300, unit = TimeUnit.SECONDS)
    void badInputRaisesNumPysErrorNamingFileAndLineOnEveryShardAndTheProgramGoesOn(int shards) {
        List<List<String>> perShard = Cohort.run(config(shards), () -> {
            List<String> out = new ArrayList<>();
            for (JsonNode c : EXPECTED.get("errors")) {
                try {
                    read(c);
                    out.add("no error");
                } catch (TextFileException e) {
                    out.add(e.getMessage() + "|line=" + e.line() + "|file=" + e.file().getFileName());
                }
                // the next operation of the same program still works
                NdArray ok = Np.loadtxt(DIR.resolve("oneline.txt"));
                out.add(Arrays.toString(ok.toDoubleArray()) + " sum=" + ok.sum().itemDouble());
            }
            return out;
        });
        JsonNode errors = EXPECTED.get("errors");
        for (int s = 0; s < shards; s++) {
            List<String> got = perShard.get(s);
            assertEquals(2 * errors.size(), got.size());
            for (int i = 0; i < errors.size(); i++) {
                JsonNode c = errors.get(i);
                String msg = got.get(2 * i);
                String want = c.get("message").asText();
                String file = c.get("file").asText();
                assertTrue(msg.startsWith(want + " (file "), "shard " + s + " " + file + ": want NumPy's\n  " + want + "\ngot\n  " + msg);
                assertTrue(msg.contains(file + ", line " + c.get("line").asLong() + ")"), "names file and line: " + msg);
                assertTrue(msg.endsWith("|line=" + c.get("line").asLong() + "|file=" + file), msg);
                assertEquals("[1.0, 2.0, 3.0, 4.0] sum=10.0", got.get(2 * i + 1));
            }
            assertEquals(perShard.get(0), got, "every shard raises the same errors");
        }
    }

    @ParameterizedTest(name = "{0} shard(s)")
    @ValueSource(ints = {1, 3})
    @Timeout(value = 300, unit = TimeUnit.SECONDS)
    void writesTheBytesNumPyWrites(int shards, @TempDir Path tmp) throws IOException {
        JsonNode saves = EXPECTED.get("saves");
        Cohort.run(config(shards), () -> {
            for (JsonNode c : saves) {
                Np.savetxt(tmp.resolve(c.get("file").asText()), array(c), saveOptions(c.get("options")));
            }
            return null;
        });
        for (JsonNode c : saves) {
            String name = c.get("file").asText();
            assertEquals(Files.readString(DIR.resolve(name)), Files.readString(tmp.resolve(name)), name);
        }
    }

    @ParameterizedTest(name = "{0} shard(s)")
    @ValueSource(ints = {1, 3})
    @Timeout(value = 300, unit = TimeUnit.SECONDS)
    void roundTripIsExactWithRepr17AndOverwritesALongerFile(int shards, @TempDir Path tmp) throws IOException {
        Path f = tmp.resolve("round.csv");
        Files.writeString(f, "x".repeat(100_000));   // a longer old file: the new one must be cut to size
        List<double[]> got = Cohort.run(config(shards), () -> {
            Np.random.seed(3);
            NdArray a = Np.random.randn(53, 5).multiply(1e3);
            Np.savetxt(f, a, SaveTxt.options().fmt("%.17g").delimiter(","));
            NdArray b = Np.loadtxt(f, LoadTxt.options().delimiter(','));
            return new double[]{a.subtract(b).abs().max().itemDouble(), b.shape()[0], b.shape()[1], a.sum().itemDouble()};
        });
        for (double[] g : got) {
            assertEquals(0.0, g[0], "max |a - loadtxt(savetxt(a))|");
            assertEquals(53, g[1]);
            assertEquals(5, g[2]);
        }
        assertTrue(Files.size(f) < 100_000, "file cut to its new length, " + Files.size(f));
        assertEquals(53, Files.readAllLines(f).size());
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void badCallsFailAtTheCallWithNumPysWords(@TempDir Path tmp) {
        Cohort.run(config(1), () -> {
            UncheckedIOException missing = assertThrows(UncheckedIOException.class, () -> Np.loadtxt(tmp.resolve("nope.txt")));
            assertInstanceOf(NoSuchFileException.class, missing.getCause());
            assertTrue(missing.getMessage().contains("nope.txt"), missing.getMessage());
            NdArray a = Np.ones(2, 3);
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> Np.savetxt(tmp.resolve("x.txt"), a, SaveTxt.options().fmt("%d %d")));
            assertEquals("fmt has wrong number of % formats:  %d %d", e.getMessage());
            e = assertThrows(IllegalArgumentException.class,
                    () -> Np.savetxt(tmp.resolve("x.txt"), a, SaveTxt.options().fmt("%d", "%d")));
            assertTrue(e.getMessage().startsWith("fmt has wrong shape."), e.getMessage());
            e = assertThrows(IllegalArgumentException.class,
                    () -> Np.savetxt(tmp.resolve("x.txt"), a, SaveTxt.options().fmt("%s")));
            assertTrue(e.getMessage().contains("unsupported format specification '%s'"), e.getMessage());
            ShapeMismatchException s = assertThrows(ShapeMismatchException.class,
                    () -> Np.savetxt(tmp.resolve("x.txt"), Np.ones(2, 2, 2)));
            assertEquals("Expected 1D or 2D array, got 3D array instead", s.getMessage());
            e = assertThrows(IllegalArgumentException.class,
                    () -> Np.savetxt(tmp.resolve("x.txt"), Np.array(1.0, Double.NaN), SaveTxt.options().fmt("%d")));
            assertTrue(e.getMessage().contains("cannot format"), e.getMessage());
            assertThrows(IllegalArgumentException.class, () -> LoadTxt.options().ndmin(3));
            assertThrows(IllegalArgumentException.class, () -> LoadTxt.options().skiprows(-1));
            // and the program goes on
            assertEquals(6.0, a.sum().itemDouble());
            return null;
        });
    }

    static NdArray array(JsonNode c) {
        long[] shape = new long[c.get("shape").size()];
        for (int i = 0; i < shape.length; i++) {
            shape[i] = c.get("shape").get(i).asLong();
        }
        JsonNode v = c.get("values");
        if (c.get("dtype").asText().equals("int64")) {
            long[] data = new long[v.size()];
            for (int i = 0; i < data.length; i++) {
                data[i] = v.get(i).asLong();
            }
            return Np.array(data).reshape(shape);
        }
        double[] data = new double[v.size()];
        for (int i = 0; i < data.length; i++) {
            data[i] = parseHex(v.get(i).asText());
        }
        return data.length == 0 ? Np.zeros(shape) : Np.array(data, shape);
    }

    static SaveTxt saveOptions(JsonNode o) {
        SaveTxt s = SaveTxt.options();
        if (o.has("fmt")) {
            s.fmt(o.get("fmt").isArray() ? strings(o.get("fmt")) : new String[]{o.get("fmt").asText()});
        }
        if (o.has("delimiter")) {
            s.delimiter(o.get("delimiter").asText());
        }
        if (o.has("header")) {
            s.header(o.get("header").asText());
        }
        if (o.has("footer")) {
            s.footer(o.get("footer").asText());
        }
        return s;
    }
}
