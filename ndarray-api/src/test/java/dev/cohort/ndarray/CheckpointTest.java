package dev.cohort.ndarray;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Checkpoint and restore round trips in process: written on one shard count and read back on
 * another (re-tiling), with a minimum tile volume of 4 elements so that the arrays really are
 * split into several tiles (files) per shard; every dtype, 0-d, empty and strided views; the
 * values come back bit for bit on every shard.
 */
class CheckpointTest {
    static final long MIN_TILE = 4;

    static Cohort.Config config(int shards) {
        return new Cohort.Config().shards(shards).minTileVolume(MIN_TILE);
    }

    /** Every dtype, 1-d to 3-d, 0-d, empty, and views that are not their whole store. */
    static Map<String, NdArray> arrays() {
        Np.random.seed(7);
        Map<String, NdArray> m = new LinkedHashMap<>();
        m.put("f64", Np.random.randn(7, 9));
        m.put("f64 3-d", Np.random.rand(3, 4, 5).subtract(0.5));
        m.put("f32", Np.arange(50).astype(Np.float32).multiply(0.1).astype(Np.float32));
        m.put("i64", Np.arange(-20, 21).multiply(123456789012345L));
        m.put("i32", Np.arange(-30, 30).astype(Np.int32));
        m.put("bool", Np.random.rand(5, 6).greater(0.5));
        m.put("0-d f64", Np.random.rand(10).sum());
        m.put("0-d i64", Np.arange(10).sum());
        m.put("empty", Np.zeros(0, 3));
        m.put("empty 1-d", Np.zeros(0));
        m.put("view", Np.random.rand(8, 6).get("1:7:2, ::-1"));
        m.put("transposed", Np.arange(24).reshape(4, 6).T());
        return m;
    }

    /** dtype, shape and every element in a form that differs whenever a bit does. */
    static Map<String, String> describe(Map<String, NdArray> m) {
        Map<String, String> out = new LinkedHashMap<>();
        for (Map.Entry<String, NdArray> e : m.entrySet()) {
            NdArray a = e.getValue();
            out.put(e.getKey(), a.dtype() + " " + Arrays.toString(a.shape()) + " "
                    + Arrays.deepToString(new Object[]{a.toArray()}));
        }
        return out;
    }

    @ParameterizedTest(name = "{0} -> {1} shards")
    @CsvSource({"1, 1", "3, 3", "3, 2", "2, 4"})
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void roundTripGivesEveryBitBackOnAnyShardCount(int from, int to, @TempDir Path tmp) throws IOException {
        Path dir = tmp.resolve("ck");
        List<Map<String, String>> written = Cohort.run(config(from), () -> {
            Map<String, NdArray> m = arrays();
            Cohort.checkpoint(dir, m);
            return describe(m);
        });
        assertTrue(Files.exists(dir.resolve("COMPLETE")));
        assertTrue(Files.exists(dir.resolve("catalog.cm3")));
        long tiles;
        try (Stream<Path> s = Files.list(dir)) {
            tiles = s.filter(p -> p.getFileName().toString().startsWith("a6.")).count(); // 'f64', 7th by name
        }
        assertTrue(tiles >= Math.max(2, from), tiles + " tile files of 'f64' written by " + from + " shards");

        List<Map<String, String>> read = Cohort.run(config(to), () -> {
            Map<String, NdArray> m = Cohort.restore(dir);
            assertEquals(List.copyOf(new java.util.TreeSet<>(written.get(0).keySet())), List.copyOf(m.keySet()),
                    "arrays come back in name order");
            return describe(m);
        });
        for (int s = 0; s < to; s++) {
            assertEquals(new java.util.TreeMap<>(written.get(0)), new java.util.TreeMap<>(read.get(s)), "shard " + s);
        }
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void restoredArraysComputeLikeTheOriginals(@TempDir Path tmp) {
        Path dir = tmp.resolve("ck");
        List<Double> before = Cohort.run(config(3), () -> {
            NdArray x = Np.random.rand(40, 30);
            Cohort.checkpoint(dir, Map.of("x", x));
            return x.multiply(x).sum().itemDouble();
        });
        List<Double> after = Cohort.run(config(3), () -> {
            NdArray x = Cohort.restore(dir).get("x");
            return x.multiply(x).sum().itemDouble();
        });
        assertEquals(Double.doubleToRawLongBits(before.get(0)), Double.doubleToRawLongBits(after.get(2)));
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void latestAndPruneSeeOnlyCompleteCheckpoints(@TempDir Path tmp) throws IOException {
        List<String> seen = Cohort.run(config(2), () -> {
            StringBuilder sb = new StringBuilder();
            assertNull(Cohort.latestCheckpoint(tmp.resolve("none")));
            for (int k = 1; k <= 5; k++) {
                Cohort.checkpoint(tmp.resolve("ckpt-" + k), Map.of("k", Np.full(new long[]{9}, k)));
            }
            sb.append(tmp.relativize(Cohort.latestCheckpoint(tmp))).append(' ');
            sb.append(Cohort.pruneCheckpoints(tmp, 3)).append(' ');
            sb.append(Cohort.restore(Cohort.latestCheckpoint(tmp)).get("k").sum().itemDouble());
            return sb.toString();
        });
        assertEquals("ckpt-5 2 45.0", seen.get(0));
        assertEquals(seen.get(0), seen.get(1));
        assertFalse(Files.exists(tmp.resolve("ckpt-1")));
        assertFalse(Files.exists(tmp.resolve("ckpt-2")));
        assertTrue(Files.exists(tmp.resolve("ckpt-3").resolve("COMPLETE")));
        // an unfinished newer directory (no marker) is not a checkpoint
        Files.createDirectories(tmp.resolve("ckpt-6"));
        Files.writeString(tmp.resolve("ckpt-6").resolve("a0.t0.tile"), "partial");
        assertEquals(tmp.resolve("ckpt-5"), Cohort.run(1, () -> Cohort.latestCheckpoint(tmp)).get(0));
    }
}
