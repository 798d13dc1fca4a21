package dev.cohort.ndarray;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
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
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@link MatrixMarket#mmread} against SciPy's {@code mmread(f)} (tools/reference/mm_reference.py
 * wrote the files and expected.json): every format x field x symmetry on 1 and 3 shards with tiles
 * of 4 elements, so each matrix is read by many tiles on every shard; bad files raise the same
 * exception, naming file, line and index, on every shard, and the program goes on.
 */
class MatrixMarketTest {
    static final Path DIR;
    static final JsonNode EXPECTED;

    static {
        try {
            DIR = Path.of(MatrixMarketTest.class.getResource("/mm/expected.json").toURI()).getParent();
            EXPECTED = new ObjectMapper().readTree(DIR.resolve("expected.json").toFile());
        } catch (IOException | URISyntaxException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    static Cohort.Config config(int shards) {
        return new Cohort.Config().shards(shards).minTileVolume(4);
    }

    @ParameterizedTest(name = "{0} shard(s)")
    @ValueSource(ints = {1, 3})
    @Timeout(value = 300, unit = TimeUnit.SECONDS)
    void readsWhatSciPyReads(int shards) {
        List<Map<String, TextIoTest.Got>> perShard = Cohort.run(config(shards), () -> {
            Map<String, TextIoTest.Got> m = new LinkedHashMap<>();
            for (JsonNode c : EXPECTED.get("reads")) {
                m.put(c.get("file").asText(), TextIoTest.Got.of(MatrixMarket.mmread(DIR.resolve(c.get("file").asText()))));
            }
            return m;
        });
        List<String> failures = new ArrayList<>();
        for (int s = 0; s < shards; s++) {
            for (JsonNode c : EXPECTED.get("reads")) {
                TextIoTest.Got want = TextIoTest.Got.expected(c);
                TextIoTest.Got got = perShard.get(s).get(c.get("file").asText());
                if (!want.equals(got)) {
                    failures.add("shard " + s + " " + c.get("file").asText() + ":\n   want " + want + "\n   got  " + got);
                }
            }
        }
        assertTrue(failures.isEmpty(), failures.size() + " failures:\n" + String.join("\n", failures));
        assertTrue(EXPECTED.get("reads").size() >= 12, "every format x field x symmetry");
    }

    @ParameterizedTest(name = "{0} shard(s)")
    @ValueSource(ints = {1, 3})
    @Timeout(value = 300, unit = TimeUnit.SECONDS)
    void badFilesNameFileLineAndIndexOnEveryShardAndTheProgramGoesOn(int shards) {
        List<List<String>> perShard = Cohort.run(config(shards), () -> {
            List<String> out = new ArrayList<>();
            for (JsonNode c : EXPECTED.get("errors")) {
                try {
                    MatrixMarket.mmread(DIR.resolve(c.get("file").asText()));
                    out.add("no error");
                } catch (TextFileException e) {
                    out.add(e.getMessage() + "|line=" + e.line());
                }
                NdArray ok = MatrixMarket.mmread(DIR.resolve("hand_upper_case.mtx"));
                out.add("sum=" + ok.sum().itemDouble());
            }
            return out;
        });
        JsonNode errors = EXPECTED.get("errors");
        for (int s = 0; s < shards; s++) {
            List<String> got = perShard.get(s);
            for (int i = 0; i < errors.size(); i++) {
                JsonNode c = errors.get(i);
                String msg = got.get(2 * i);
                String file = c.get("file").asText();
                long line = c.get("line").asLong();
                assertTrue(msg.startsWith(c.get("message").asText()), "shard " + s + " " + file + ": " + msg);
                assertTrue(msg.contains(file + ", line " + line + ")"), "names file and line: " + msg);
                assertTrue(msg.endsWith("|line=" + line), msg);
                assertEquals("sum=-2.0", got.get(2 * i + 1));
            }
            assertEquals(perShard.get(0), got, "every shard raises the same errors");
        }
    }

    @ParameterizedTest(name = "{0} shard(s)")
    @ValueSource(ints = {1, 3})
    @Timeout(value = 300, unit = TimeUnit.SECONDS)
    void mmwriteThenMmreadGivesTheSameArray(int shards, @TempDir Path tmp) throws IOException {
        Path f = tmp.resolve("a.mtx");
        Path g = tmp.resolve("b.mtx");
        List<double[]> got = Cohort.run(config(shards), () -> {
            Np.random.seed(5);
            NdArray a = Np.random.randn(7, 3).multiply(1e5);
            MatrixMarket.mmwrite(f, a);
            NdArray b = MatrixMarket.mmread(f);
            NdArray i = Np.random.integers(-1000, 1000, 4, 6);
            MatrixMarket.mmwrite(g, i);
            NdArray j = MatrixMarket.mmread(g);
            return new double[]{a.subtract(b).abs().max().itemDouble(), b.shape()[0], b.shape()[1],
                    i.subtract(j).abs().max().itemDouble(), j.dtype() == DType.INT64 ? 1 : 0};
        });
        for (double[] r : got) {
            assertEquals(0.0, r[0]);
            assertEquals(7, r[1]);
            assertEquals(3, r[2]);
            assertEquals(0.0, r[3]);
            assertEquals(1, r[4]);
        }
        List<String> lines = Files.readAllLines(f);
        assertEquals("%%MatrixMarket matrix array real general", lines.get(0));
        assertEquals("7 3", lines.get(1));
        assertEquals(2 + 21, lines.size());
        assertEquals("%%MatrixMarket matrix array integer general", Files.readAllLines(g).get(0));
        Cohort.run(config(1), () -> {
            UncheckedIOException e = assertThrows(UncheckedIOException.class, () -> MatrixMarket.mmread(tmp.resolve("none.mtx")));
            assertInstanceOf(NoSuchFileException.class, e.getCause());
            ShapeMismatchException s = assertThrows(ShapeMismatchException.class, () -> MatrixMarket.mmwrite(f, Np.ones(3)));
            assertEquals("mmwrite: expected a 2-D array, got shape (3,)", s.getMessage());
            return null;
        });
    }
}
