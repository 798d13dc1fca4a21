package dev.cohort.gpu;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cohort.runtime.region.FieldType;
import dev.cohort.tasks.TileAccess;
import org.junit.jupiter.api.Test;

/** The merging of a tile's dimensions into the kernels' Shape/Opd structs (no GPU needed). */
class TileShapeTest {
    private static TileAccess.Resolved store(long base, long... stride) {
        return new TileAccess.Resolved(0, FieldType.FLOAT64, 0, base, stride);
    }

    @Test
    void aDenseTileOfAnyRankIsOneUnitStrideDimension() {
        TileShape s = TileShape.of(new long[] {4, 5, 6}, store(0, 30, 6, 1), store(7, 30, 6, 1));
        assertEquals(1, s.dim());
        assertEquals(120, s.volume());
        assertArrayEquals(new long[] {1}, s.stride(1));
        assertTrue(s.dense());
        long[] opd = s.opdStruct(1);
        assertEquals(3 + TileShape.MAXD, opd.length);
        assertEquals(FieldType.FLOAT64.ordinal(), opd[0]);
        assertEquals(7, opd[2]);
        assertEquals(1, opd[3]);
        assertArrayEquals(new long[] {1, 120, 120, 0, 0, 0, 0, 0, 0, 0}, s.shapeStruct());
    }

    @Test
    void aWindowKeepsItsRowsAndABroadcastKeepsItsZeroStride() {
        // a 3x4 window of a 10-wide row-major instance, and a row vector broadcast down the rows
        TileShape s = TileShape.of(new long[] {3, 4}, store(12, 10, 1), store(0, 0, 1));
        assertEquals(2, s.dim());
        assertArrayEquals(new long[] {3, 4}, s.extent());
        assertArrayEquals(new long[] {10, 1}, s.stride(0));
        assertArrayEquals(new long[] {0, 1}, s.stride(1));
        assertFalse(s.dense());
    }

    @Test
    void unitDimensionsDropAndNegativeStepsStay() {
        TileShape s = TileShape.of(new long[] {1, 8, 1}, store(7, 100, -1, 5));
        assertEquals(1, s.dim());
        assertArrayEquals(new long[] {8}, s.extent());
        assertArrayEquals(new long[] {-1}, s.stride(0));
        TileShape constant = TileShape.of(new long[] {2, 3},
                new TileAccess.Resolved(-1, FieldType.INT32, 42, 0, new long[2]), store(0, 3, 1));
        assertEquals(1, constant.dim(), "a constant (stride 0 everywhere) merges with anything");
        assertEquals(42, constant.opdStruct(0)[1]);
        assertTrue(constant.dense());
    }

    @Test
    void tooManyDimensionsAreRefusedByName() {
        long[] ext = new long[10];
        long[] stride = new long[10];
        java.util.Arrays.fill(ext, 2);
        for (int d = 0; d < 10; d++) {
            stride[d] = 1L << (2 * (9 - d)); // every dimension strided past the next: nothing merges
        }
        GpuException e = assertThrows(GpuException.class, () -> TileShape.of(ext, store(0, stride)));
        assertTrue(e.getMessage().contains("10 non-mergeable dimensions"), e.getMessage());
    }
}
