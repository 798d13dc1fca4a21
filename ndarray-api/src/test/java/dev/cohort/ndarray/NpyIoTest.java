package dev.cohort.ndarray;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * {@code .npy}/{@code .npz} against files NumPy wrote ({@code src/test/resources/npy/make_fixtures.py}):
 * every fixture loads with NumPy's dtype, shape and values on 1 and 3 shards with tiles of 2 elements,
 * so each shard reads only some tiles; Cohort's saves are byte for byte NumPy's; bad files fail at the
 * call naming the file and the problem, and the program goes on.
 */
class NpyIoTest {
    @TempDir
    Path tmp;

    static Path fixtures() {
        try {
            return Path.of(NpyIoTest.class.getResource("/npy/MANIFEST").toURI()).getParent();
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /** What the fixture generator put at row-major index {@code k}, as the dtype's raw value. */
    static double value(DType t, long k) {
        return switch (t) {
            case FLOAT64 -> k * 1.5 - 7;
            case FLOAT32 -> (float) (k * 1.5 - 7);
            case INT64, INT32 -> k * 3 - 5;
            case BOOL -> k % 3 == 0 ? 1 : 0;
        };
    }

    static DType dtypeOf(String name) {
        String code = name.substring(2, 4);
        return switch (code) {
            case "f8" -> DType.FLOAT64;
            case "f4" -> DType.FLOAT32;
            case "i8" -> DType.INT64;
            case "i4" -> DType.INT32;
            default -> DType.BOOL;
        };
    }

    static long[] shapeOf(String name) {
        String s = name.replace(".npy", "").replace("_F", "").split("_")[1];
        if (s.equals("0d")) {
            return new long[0];
        }
        return Arrays.stream(s.split("x")).mapToLong(Long::parseLong).toArray();
    }

    static Cohort.Config config(int shards) {
        return new Cohort.Config().shards(shards).minTileVolume(2).maxTileVolume(4);
    }

    @ParameterizedTest(name = "{0} shard(s)")
    @ValueSource(ints = {1, 3})
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void everyNumpyFixtureLoadsWithItsDtypeShapeAndValues(int shards) throws IOException {
        List<String> names = Files.readAllLines(fixtures().resolve("MANIFEST"));
        assertTrue(names.size() > 80, "fixtures: " + names.size());
        List<List<String>> perShard = Cohort.run(config(shards), () -> {
            List<String> bad = new ArrayList<>();
            for (String n : names) {
                NdArray a = Np.load(fixtures().resolve(n));
                DType t = dtypeOf(n);
                long[] shape = shapeOf(n);
                if (a.dtype() != t || !Arrays.equals(a.shape(), shape)) {
                    bad.add(n + ": " + a.dtype() + " " + Arrays.toString(a.shape()));
                    continue;
                }
                Elements e = a.size() == 0 ? null : JavaArrays.elements(a);
                for (int k = 0; k < a.size(); k++) {
                    if (t.fieldType().toDouble(e.data.getBits(k)) != value(t, k)) {
                        bad.add(n + "[" + k + "] = " + e.get(k));
                        break;
                    }
                }
            }
            return bad;
        });
        for (List<String> bad : perShard) {
            assertTrue(bad.isEmpty(), String.join("\n", bad));
        }
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void formatVersionsTwoAndThreeLoad() {
        Cohort.run(config(2), () -> {
            for (String v : new String[]{"v2_f8_4x5.npy", "v3_f8_4x5.npy"}) {
                NdArray a = Np.load(fixtures().resolve(v));
                assertArrayEquals(new long[]{4, 5}, a.shape(), v);
                assertEquals(value(DType.FLOAT64, 13), a.get(2, 3).itemDouble(), v);
            }
            return null;
        });
    }

    /** Saving what was loaded gives the bytes NumPy's np.save writes for that array (little-endian, C order). */
    @ParameterizedTest(name = "{0} shard(s)")
    @ValueSource(ints = {1, 3})
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void savesAreByteForByteWhatNumpyWrites(int shards) throws IOException {
        List<String> names = Files.readAllLines(fixtures().resolve("MANIFEST"));
        Path dir = Files.createDirectories(tmp.resolve("s" + shards));
        Cohort.run(config(shards), () -> {
            for (String n : names) {
                Np.save(dir.resolve(n), Np.load(fixtures().resolve(n)));
            }
            return null;
        });
        for (String n : names) {
            String numpyLe = (n.startsWith("be") ? "le" + n.substring(2) : n).replace("_F", "");
            assertArrayEquals(Files.readAllBytes(fixtures().resolve(numpyLe)), Files.readAllBytes(dir.resolve(n)),
                    n + " saved differs from NumPy's " + numpyLe);
        }
        try (var files = Files.list(dir)) {
            assertEquals(names.size(), files.count(), "no temporaries left behind");
        }
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void viewsAndDeferredExpressionsSaveTheirValuesAndNpyIsAppended() throws IOException {
        Path base = tmp.resolve("t");
        Cohort.run(config(3), () -> {
            NdArray a = Np.arange(24).reshape(4, 6);
            Np.save(base, a.T().get(Np.slice(1L, null, 2L)).multiply(2)); // a strided, transposed view of a product
            Np.save(tmp.resolve("f.npy"), Np.arange(10).astype(Np.float64).multiply(0.5).add(1.0)); // deferred (fused)
            return null;
        });
        assertTrue(Files.exists(tmp.resolve("t.npy")));
        Cohort.run(config(2), () -> {
            NdArray t = Np.load(tmp.resolve("t.npy"));
            assertArrayEquals(new long[]{3, 4}, t.shape());
            assertEquals(2 * (2 * 6 + 3), ((Number) t.get(1, 2).item()).longValue()); // t[i, j] = 2 a[j, 2i+1]
            assertEquals(5.5, Np.load(tmp.resolve("f.npy")).get(9).itemDouble());
            return null;
        });
    }

    @ParameterizedTest(name = "{0} shard(s)")
    @ValueSource(ints = {1, 3})
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void npzArchivesFromNumpyAndRoundTrips(int shards) {
        Cohort.run(config(shards), () -> {
            try (NpzFile z = Np.load_npz(fixtures().resolve("stored.npz"))) {
                assertEquals(List.of("x", "n", "b", "s"), z.files());
                assertEquals(value(DType.FLOAT64, 7), z.get("x").get(1, 3).itemDouble());
                assertEquals(value(DType.INT64, 4), z.get("n").get(4).itemDouble());
                assertEquals(Boolean.TRUE, z.get("b").get(1, 1).item());
                assertEquals(2.5, z.get("s").itemDouble());
                assertEquals(0, z.get("s").ndim());
            }
            try (NpzFile z = Np.load_npz(fixtures().resolve("deflated.npz"))) {
                assertEquals(value(DType.FLOAT64, 11), z.get("x").get(2, 3).itemDouble());
                assertEquals(DType.INT32, z.get("f").dtype());
                assertEquals(value(DType.INT32, 5), z.get("f").get(2, 1).itemDouble());
                assertArrayEquals(new long[]{0, 3}, z.get("e").shape());
                var missing = assertThrows(java.util.NoSuchElementException.class, () -> z.get("nope"));
                assertTrue(missing.getMessage().contains("nope is not a file in the archive"), missing.getMessage());
            }
            for (boolean deflate : new boolean[]{false, true}) {
                Map<String, NdArray> m = new LinkedHashMap<>();
                m.put("a", Np.arange(12).reshape(3, 4));
                m.put("w", Np.linspace(0, 1, 5).astype(Np.float32));
                m.put("z", Np.zeros(new long[]{2, 0}, Np.bool));
                Path p = tmp.resolve("rt" + deflate + shards);
                Path written = deflate ? Np.savez_compressed(p, m) : Np.savez(p, m);
                assertTrue(written.toString().endsWith(".npz"));
                try (NpzFile z = Np.load_npz(written)) {
                    assertEquals(List.of("a", "w", "z"), z.files());
                    assertEquals(11L, z.get("a").get(2, 3).item());
                    assertEquals(0.75, z.get("w").get(3).itemDouble());
                    assertArrayEquals(new long[]{2, 0}, z.get("z").shape());
                }
            }
            return null;
        });
    }

    /** NumPy itself reads what Cohort's savez wrote (when python3 with NumPy is on the PATH, as on CI's image). */
    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void numpyReadsCohortsArchives() throws Exception {
        Path p = tmp.resolve("for_numpy.npz");
        Cohort.run(config(3), () -> {
            Np.savez(p, Np.arange(12).reshape(3, 4), Np.linspace(0, 1, 5));
            Np.savez_compressed(tmp.resolve("c.npz"), Np.arange(6).astype(Np.int32));
            return null;
        });
        ProcessBuilder pb = new ProcessBuilder("python3", "-c",
                "import numpy as np, sys; z = np.load(sys.argv[1]); c = np.load(sys.argv[2]);"
                        + "print(z['arr_0'].sum(), z['arr_0'].shape, z['arr_1'][3], c['arr_0'].dtype, c['arr_0'].sum())",
                p.toString(), tmp.resolve("c.npz").toString()).redirectErrorStream(true);
        Process proc;
        try {
            proc = pb.start();
        } catch (IOException e) {
            assumeTrue(false, "python3 is not installed: " + e.getMessage());
            return;
        }
        String out = new String(proc.getInputStream().readAllBytes()).strip();
        assertTrue(proc.waitFor(60, TimeUnit.SECONDS));
        assumeTrue(!out.contains("No module named 'numpy'"), "NumPy is not installed");
        assertEquals("66 (3, 4) 0.75 int32 15", out);
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void badFilesFailAtTheCallNamingTheFileAndTheProblemAndTheProgramGoesOn() {
        Path f = fixtures();
        Map<String, String> expect = new LinkedHashMap<>();
        expect.put("bad_truncated.npy", "failed to read all data for array. Expected (3, 4) = 12 elements, could not read more than 9");
        expect.put("bad_magic.npy", "not a .npy file: the magic string is '\\x93NUMPX'");
        expect.put("bad_shape_lie.npy", "Expected (9, 9) = 81 elements");
        expect.put("bad_c16.npy", "unsupported dtype '<c16'");
        expect.put("bad_object.npy", "unsupported dtype '|O'");
        expect.put("bad_header.npy", "cannot parse the header");
        expect.put("stored.npz", "is a .npz archive (a zip file), not a .npy file: open it with Np.load_npz");
        List<String> got = Cohort.run(config(3), () -> {
            List<String> msgs = new ArrayList<>();
            for (String n : expect.keySet()) {
                NpyFormatException e = assertThrows(NpyFormatException.class, () -> Np.load(f.resolve(n)), n);
                msgs.add(e.getMessage());
            }
            UncheckedIOException missing = assertThrows(UncheckedIOException.class, () -> Np.load(tmp.resolve("none.npy")));
            msgs.add(missing.getMessage());
            UncheckedIOException noDir = assertThrows(UncheckedIOException.class,
                    () -> Np.save(tmp.resolve("no/such/dir/x.npy"), Np.arange(3)));
            msgs.add(noDir.getMessage());
            msgs.add(Long.toString(((Number) Np.arange(10).sum().item()).longValue())); // the program goes on
            return msgs;
        }).get(1);
        int i = 0;
        for (Map.Entry<String, String> e : expect.entrySet()) {
            String m = got.get(i++);
            assertTrue(m.contains(e.getKey()) && m.contains(e.getValue()), "expected '" + e.getValue() + "' naming " + e.getKey() + ", got: " + m);
        }
        assertTrue(got.get(i).contains("[Errno 2] No such file or directory") && got.get(i).contains("none.npy"), got.get(i));
        assertTrue(got.get(i + 1).contains("No such file or directory") && got.get(i + 1).contains("x.npy"), got.get(i + 1));
        assertEquals("45", got.get(i + 2));
    }

    /** A full disk (a real 64 KiB tmpfs) fails the save on every shard, leaves no file, and the program goes on. */
    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void aFullDiskFailsTheSaveCleanly() throws Exception {
        Path mnt = Files.createDirectories(tmp.resolve("small"));
        Process m = new ProcessBuilder("mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", mnt.toString())
                .redirectErrorStream(true).start();
        assumeTrue(m.waitFor(20, TimeUnit.SECONDS) && m.exitValue() == 0, "cannot mount a tmpfs here (not root?)");
        try {
            List<String> msgs = Cohort.run(new Cohort.Config().shards(3).minTileVolume(4096), () -> {
                UncheckedIOException e = assertThrows(UncheckedIOException.class,
                        () -> Np.save(mnt.resolve("big.npy"), Np.zeros(100_000)));
                Np.save(mnt.resolve("small.npy"), Np.arange(5)); // fits
                return List.of(e.getMessage(), Long.toString(((Number) Np.load(mnt.resolve("small.npy")).sum().item()).longValue()));
            }).get(0);
            assertTrue(msgs.get(0).contains("big.npy") && msgs.get(0).contains("no space left on device"), msgs.get(0));
            assertEquals("10", msgs.get(1));
            try (var files = Files.list(mnt)) {
                assertEquals(List.of("small.npy"), files.map(p -> p.getFileName().toString()).toList());
            }
        } finally {
            new ProcessBuilder("umount", mnt.toString()).start().waitFor(20, TimeUnit.SECONDS);
        }
        assertFalse(Files.exists(mnt.resolve("small.npy")), "unmounted");
    }
}
