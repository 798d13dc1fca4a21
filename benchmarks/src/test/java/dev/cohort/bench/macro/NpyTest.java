package dev.cohort.bench.macro;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

class NpyTest {
    @TempDir
    Path dir;

    @Test
    void headerIsVersion1WithAPaddedDictAndA64ByteAlignedDataStart() {
        for (long[] shape : List.of(new long[]{3}, new long[]{1000000, 32}, new long[]{2, 3, 4}, new long[]{})) {
            byte[] h = Npy.header(shape);
            assertEquals(0, h.length % 64, "data must start 64-byte aligned for " + Arrays.toString(shape));
            assertEquals((byte) 0x93, h[0]);
            assertEquals("NUMPY", new String(h, 1, 5, StandardCharsets.US_ASCII));
            assertEquals(1, h[6]);
            assertEquals(0, h[7]);
            int length = Short.toUnsignedInt(ByteBuffer.wrap(h, 8, 2).order(ByteOrder.LITTLE_ENDIAN).getShort());
            assertEquals(h.length - 10, length);
            String dict = new String(h, 10, length, StandardCharsets.US_ASCII);
            assertTrue(dict.startsWith("{'descr': '<f8', 'fortran_order': False, 'shape': ("), dict);
            assertTrue(dict.endsWith("\n"), "the header ends with a newline");
        }
        assertTrue(new String(Npy.header(7), StandardCharsets.US_ASCII).contains("'shape': (7,)"), "1-tuples keep their comma");
        assertTrue(new String(Npy.header(4, 5), StandardCharsets.US_ASCII).contains("'shape': (4, 5)"));
    }

    @Test
    void writtenArraysReadBackWithTheirShapeAndLittleEndianValues() throws Exception {
        double[] data = new double[3 * 70_000]; // larger than the writer's chunk
        for (int i = 0; i < data.length; i++) {
            data[i] = Math.sin(i) * 1e3 - i;
        }
        data[5] = Double.NaN;
        data[6] = -0.0;
        Path f = dir.resolve("a.npy");
        Npy.write(f, data, 70_000, 3);
        Npy.Array back = Npy.read(f);
        assertArrayEquals(new long[]{70_000, 3}, back.shape());
        assertArrayEquals(data, back.data());
        byte[] raw = Files.readAllBytes(f);
        assertEquals(Npy.header(70_000, 3).length + 8L * data.length, raw.length);
        double first = ByteBuffer.wrap(raw, Npy.header(70_000, 3).length + 8, 8).order(ByteOrder.LITTLE_ENDIAN).getDouble();
        assertEquals(data[1], first);
    }

    @Test
    void aShapeThatDoesNotHoldTheDataIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> Npy.write(dir.resolve("b.npy"), new double[6], 4, 2));
        assertThrows(IllegalArgumentException.class, () -> Npy.header(-1));
    }

    @Test
    @Timeout(60)
    void numpyLoadsWhatTheWriterWrites() throws Exception {
        PythonRunner.Probe probe = new PythonRunner("python3", PythonRunner.defaultScripts()).probe();
        assumeTrue(probe.numpy(), "needs python3 with numpy: " + probe.describe());
        double[] data = {1.5, -2.25, 3e-300, 4e300, 5, 6};
        Path f = dir.resolve("c.npy");
        Npy.write(f, data, 2, 3);
        PythonRunner.Result r = PythonRunner.runCommand(List.of("python3", "-c",
                "import numpy as np, sys; a = np.load(sys.argv[1]); print('shape=%d,%d' % a.shape); "
                        + "print('dtype=' + a.dtype.str); print('fortran=' + str(np.isfortran(a))); print('v12=' + repr(float(a[1, 2]))); "
                        + "print('v01=' + repr(float(a[0, 1])))", f.toString()), Duration.ofSeconds(50));
        assertEquals(0, r.exitCode(), r.tail(5));
        assertEquals("2,3", r.values().get("shape"));
        assertEquals("<f8", r.values().get("dtype"));
        assertEquals("False", r.values().get("fortran"));
        assertEquals(6.0, Double.parseDouble(r.values().get("v12")));
        assertEquals(-2.25, Double.parseDouble(r.values().get("v01")));
    }
}
