package dev.cohort.ndarray;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code Np.memmap} and {@code Np.load(file, mmapMode)} (attach) on 1 and 3 shards with tiles of a few elements. */
class MemmapTest {
    @TempDir
    Path tmp;

    static Cohort.Config config(int shards) {
        return new Cohort.Config().shards(shards).minTileVolume(2).maxTileVolume(4);
    }

    /** A raw file: a 16-byte prefix, then 3x5 little-endian doubles 0, 1, ..., 14. */
    private Path raw() throws Exception {
        ByteBuffer b = ByteBuffer.allocate(16 + 15 * 8).order(ByteOrder.LITTLE_ENDIAN);
        b.position(16);
        for (int i = 0; i < 15; i++) {
            b.putDouble(i);
        }
        return Files.write(tmp.resolve("raw.bin"), b.array());
    }

    private static double at(Path f, int index) throws Exception {
        return ByteBuffer.wrap(Files.readAllBytes(f)).order(ByteOrder.LITTLE_ENDIAN).getDouble(16 + 8 * index);
    }

    @ParameterizedTest(name = "{0} shard(s)")
    @ValueSource(ints = {1, 3})
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void readWriteAttachReachesTheFileAtFlushAndClose(int shards) throws Exception {
        Path f = raw();
        Cohort.run(config(shards), () -> {
            NdArray m = Np.memmap(f, Np.float64, "r+", 16, new long[]{3, 5}, false);
            assertEquals(7.0, m.get(1, 2).itemDouble());
            m.set(new Object[]{1, Np.all()}, -1.0);        // row 1
            m.flush();
            assertEquals(-1.0, at(f, 7));                   // reached the file at flush
            m.get(2, Np.slice(0, 2)).fill(100.0);         // a view of the attached store
            m.close();                                       // detach flushes
            return null;
        });
        assertEquals(100.0, at(f, 10));
        assertEquals(100.0, at(f, 11));
        assertEquals(12.0, at(f, 12));
        assertEquals(0.0, at(f, 0));
        assertEquals(16 + 15 * 8, Files.size(f));
    }

    @ParameterizedTest(name = "{0} shard(s)")
    @ValueSource(ints = {1, 3})
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void writeModeCreatesReadModeRefusesWritesCopyModeKeepsThemInMemory(int shards) throws Exception {
        Path f = tmp.resolve("new" + shards + ".bin");
        Path r = raw();
        List<String> msgs = Cohort.run(config(shards), () -> {
            NdArray w = Np.memmap(f, Np.int32, "w+", 4, 3);
            assertEquals(0L, w.sum().item());
            w.set(new Object[]{Np.all(), 1}, 7.0);
            w.close();
            NdArray ro = Np.memmap(r, Np.float64, "r", 16, new long[]{15}, false);
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ro.set(new Object[]{0}, 5.0));
            assertEquals(105.0, ro.sum().itemDouble());     // still readable after the refused write
            NdArray c = Np.memmap(r, Np.float64, "c", 16, new long[]{15}, false);
            c.fill(1.0);
            assertEquals(15.0, c.sum().itemDouble());
            c.close();
            NdArray whole = Np.memmap(r, Np.float64, "r");   // shape from the file: 136 bytes = 17 doubles
            return List.of(e.getMessage(), Long.toString(whole.size()));
        }).get(0);
        assertTrue(msgs.get(0).contains("assignment destination is read-only"), msgs.get(0));
        assertEquals("17", msgs.get(1));
        ByteBuffer b = ByteBuffer.wrap(Files.readAllBytes(f)).order(ByteOrder.LITTLE_ENDIAN);
        assertEquals(48, b.capacity());
        for (int i = 0; i < 12; i++) {
            assertEquals(i % 3 == 1 ? 7 : 0, b.getInt(4 * i), "element " + i);
        }
        assertEquals(1.0, at(r, 1), "copy-on-write never reaches the file");
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void loadWithMmapModeAttachesTheNpyData() throws Exception {
        Path f = Files.copy(NpyIoTest.fixtures().resolve("lef8_3x4_F.npy"), tmp.resolve("f.npy"));
        Cohort.run(config(3), () -> {
            NdArray a = Np.load(f, "r+");
            assertEquals(NpyIoTest.value(DType.FLOAT64, 6), a.get(1, 2).itemDouble()); // Fortran order in the file
            a.set(new Object[]{1, 2}, 42.0);
            a.close();
            NdArray b = Np.load(f);
            assertEquals(42.0, b.get(1, 2).itemDouble());
            assertEquals(NpyIoTest.value(DType.FLOAT64, 7), b.get(1, 3).itemDouble());
            return null;
        });
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void badArgumentsFailAtTheCall() throws Exception {
        Path f = raw();
        List<String> msgs = Cohort.run(config(2), () -> List.of(
                assertThrows(IllegalArgumentException.class, () -> Np.memmap(f, Np.float64, "rw", 0, null, false)).getMessage(),
                assertThrows(IllegalArgumentException.class, () -> Np.memmap(f, Np.float64, "r", 16, new long[]{4, 5}, false)).getMessage(),
                assertThrows(IllegalArgumentException.class, () -> Np.memmap(tmp.resolve("x"), Np.float64, "w+", 0, null, false)).getMessage(),
                assertThrows(IllegalArgumentException.class, () -> Np.memmap(f, Np.float64, "r", 3, null, false)).getMessage())).get(1);
        assertTrue(msgs.get(0).startsWith("mode must be one of"), msgs.get(0));
        assertTrue(msgs.get(1).contains("mmap length is greater than file size") && msgs.get(1).contains("raw.bin"), msgs.get(1));
        assertEquals("shape must be given if mode == 'w+'", msgs.get(2));
        assertTrue(msgs.get(3).startsWith("Size of available data is not a multiple of the data-type size."), msgs.get(3));
    }
}
