package dev.cohort.tasks;

import dev.cohort.runtime.geometry.Rect;
import dev.cohort.runtime.instance.Instance;
import dev.cohort.runtime.region.FieldType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.EOFException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Random;
import java.util.zip.CRC32C;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class RectFilesTest {
    @TempDir
    Path dir;

    /** The bytes a file holds for a 3-d array of longs {@code v(i,j,k) = 100 i + 10 j + k} in C or F order. */
    private static byte[] file(long[] ext, boolean fortran, ByteOrder order, int header) {
        ByteBuffer b = ByteBuffer.allocate(header + (int) (ext[0] * ext[1] * ext[2] * 8)).order(order);
        b.position(header);
        if (fortran) {
            for (long k = 0; k < ext[2]; k++) for (long j = 0; j < ext[1]; j++) for (long i = 0; i < ext[0]; i++) b.putLong(100 * i + 10 * j + k);
        } else {
            for (long i = 0; i < ext[0]; i++) for (long j = 0; j < ext[1]; j++) for (long k = 0; k < ext[2]; k++) b.putLong(100 * i + 10 * j + k);
        }
        return b.array();
    }

    @Test
    void readsEveryPieceOfCAndFortranFilesInBothByteOrders() throws Exception {
        long[] ext = {5, 4, 3};
        Rect whole = Rect.ofExtents(ext);
        Random rnd = new Random(7);
        for (boolean fortran : new boolean[]{false, true}) {
            for (ByteOrder order : new ByteOrder[]{ByteOrder.LITTLE_ENDIAN, ByteOrder.BIG_ENDIAN}) {
                Path f = dir.resolve("a" + fortran + order);
                Files.write(f, file(ext, fortran, order, 16));
                RectFiles.Layout layout = new RectFiles.Layout(FieldType.INT64, order, fortran, 16, whole);
                try (FileChannel ch = FileChannel.open(f, StandardOpenOption.READ)) {
                    for (int trial = 0; trial < 40; trial++) {
                        long[] lo = new long[3];
                        long[] hi = new long[3];
                        for (int d = 0; d < 3; d++) {
                            lo[d] = rnd.nextInt((int) ext[d]);
                            hi[d] = lo[d] + rnd.nextInt((int) (ext[d] - lo[d]));
                        }
                        Rect piece = trial == 0 ? whole : Rect.of(lo, hi);
                        // the instance is larger than the piece in some trials (a tile inside a bigger instance)
                        Instance inst = Instance.allocate(FieldType.INT64, trial % 2 == 0 ? whole : piece);
                        RectFiles.read(ch, layout, piece, inst, null);
                        piece.forEach(p -> assertEquals(100 * p.get(0) + 10 * p.get(1) + p.get(2),
                                inst.getBits(inst.index(p)), "element " + p + " of " + piece + " fortran=" + fortran));
                    }
                }
            }
        }
    }

    @Test
    void writesPiecesThatReadBackAndChecksumsInFileOrder() throws Exception {
        long[] ext = {6, 5};
        Rect whole = Rect.ofExtents(ext);
        for (boolean fortran : new boolean[]{false, true}) {
            Instance src = Instance.allocate(FieldType.FLOAT64, whole);
            for (int i = 0; i < src.size(); i++) {
                src.doubles()[i] = i * 0.5 - 3;
            }
            Path f = dir.resolve("w" + fortran);
            RectFiles.Layout layout = new RectFiles.Layout(FieldType.FLOAT64, ByteOrder.LITTLE_ENDIAN, fortran, 8, whole);
            try (FileChannel ch = FileChannel.open(f, StandardOpenOption.CREATE, StandardOpenOption.WRITE, StandardOpenOption.READ)) {
                // two tiles of rows, written in reverse order
                RectFiles.write(ch, layout, Rect.of(new long[]{3, 0}, new long[]{5, 4}), src, null);
                RectFiles.write(ch, layout, Rect.of(new long[]{0, 0}, new long[]{2, 4}), src, null);
                Instance back = Instance.allocate(FieldType.FLOAT64, whole);
                CRC32C crc = new CRC32C();
                RectFiles.read(ch, layout, whole, back, crc);
                assertArrayEquals(src.doubles(), back.doubles());
                byte[] bytes = Files.readAllBytes(f);
                CRC32C expect = new CRC32C();
                expect.update(bytes, 8, bytes.length - 8);
                assertEquals(expect.getValue(), crc.getValue());
                ByteBuffer b = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
                // element (1, 2): C order at 1*5+2, Fortran at 2*6+1
                assertEquals(src.doubles()[7], b.getDouble(8 + 8 * (fortran ? 13 : 7)));
            }
        }
    }

    @Test
    void aShortFileFailsWithEofNamingTheBytes() throws Exception {
        Path f = dir.resolve("short");
        Files.write(f, new byte[100]);
        RectFiles.Layout layout = new RectFiles.Layout(FieldType.FLOAT64, ByteOrder.LITTLE_ENDIAN, false, 0, Rect.ofExtents(20));
        try (FileChannel ch = FileChannel.open(f, StandardOpenOption.READ)) {
            EOFException e = assertThrows(EOFException.class,
                    () -> RectFiles.read(ch, layout, Rect.ofExtents(20), Instance.allocate(FieldType.FLOAT64, Rect.ofExtents(20)), null));
            assertTrue(e.getMessage().contains("ends at byte 100") && e.getMessage().contains("160"), e.getMessage());
        }
    }
}
