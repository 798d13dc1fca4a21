package dev.cohort.ndarray;

import dev.cohort.runtime.execution.MemoryBudgetExceededException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.List;
import java.util.concurrent.TimeUnit;

import static dev.cohort.ndarray.NdArrayErrorsTest.message;
import static dev.cohort.ndarray.NdArrayErrorsTest.thrown;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Shape and size arithmetic never overflows silently: shapes whose bytes overflow a signed 64-bit size
 * raise NumPy's "array is too big", arrays larger than the job's memory budget raise NumPy's
 * "Unable to allocate" at the call (not when a task first allocates), negative sizes raise NumPy's
 * "negative dimensions are not allowed", and each failure leaves the program able to go on.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ShapeLimitsTest {
    private static final String TOO_BIG =
            "array is too big; `arr.size * arr.dtype.itemsize` is larger than the maximum possible size.";

    @Test
    void shapesWhoseBytesOverflowAreTooBig() {
        message(IllegalArgumentException.class, TOO_BIG, () -> Np.zeros(1L << 32, 1L << 32));
        message(IllegalArgumentException.class, TOO_BIG, () -> Np.zeros(3037000500L, 3037000500L));
        // NumPy checks the non-zero extents even when another extent is 0
        message(IllegalArgumentException.class, TOO_BIG, () -> Np.zeros(0L, 1L << 32, 1L << 32));
        // 2**61 float64 elements are 2**64 bytes; as bool they are 2**61 bytes, within a long but over any budget
        message(IllegalArgumentException.class, TOO_BIG, () -> Np.ones(1L << 61));
        thrown(MemoryBudgetExceededException.class, () -> Np.zeros(new long[]{1L << 61}, DType.BOOL));
    }

    @Test
    void reshapeToAShapeNoArrayCanHaveIsRejected() {
        message(ShapeMismatchException.class, "cannot reshape array of size 0 into shape (4294967296,4294967296)",
                () -> Np.zeros(0).reshape(1L << 32, 1L << 32));
        message(ShapeMismatchException.class, "cannot reshape array of size 0 into shape (newaxis,4294967296,4294967296)",
                () -> Np.zeros(0).reshape(-1, 1L << 32, 1L << 32));
        // a zero extent with a small product is a valid reshape of an empty array, as in NumPy
        assertEquals(List.of(0L, 5L, 7L), Cohort.run(1, () -> {
            long[] s = Np.zeros(0).reshape(0, 5, 7).shape();
            return List.of(s[0], s[1], s[2]);
        }).get(0));
    }

    @Test
    void arraysLargerThanTheMemoryBudgetFailAtTheCall() {
        MemoryBudgetExceededException e = thrown(MemoryBudgetExceededException.class, () -> Np.zeros(1_000_000_000_000L));
        assertTrue(e.getMessage().startsWith(
                "Unable to allocate 7.28 TiB for an array with shape (1000000000000,) and data type float64: "
                        + "more than the memory budget of 1 shard x "), e.getMessage());
        assertTrue(e.getMessage().endsWith(" (--sysmem, -Dcohort.sysmem.mib)"), e.getMessage());
        thrown(MemoryBudgetExceededException.class, () -> Np.arange(1L << 50));
        thrown(MemoryBudgetExceededException.class, () -> Np.zeros(1L << 20, 1L << 20));
    }

    @Test
    void negativeSizesAreRejectedInNumPysWords() {
        message(IllegalArgumentException.class, "negative dimensions are not allowed", () -> Np.eye(-2));
        message(IllegalArgumentException.class, "negative dimensions are not allowed", () -> Np.eye(3, -1));
        message(IllegalArgumentException.class, "negative dimensions are not allowed", () -> Np.zeros(-1L));
        message(IllegalArgumentException.class, "negative dimensions are not allowed", () -> Np.empty(2L, -3L));
    }

    @Test
    void theProgramGoesOnAfterEachFailure() {
        for (int shards : new int[]{1, 3}) {
            List<Double> sums = Cohort.run(new Cohort.Config().shards(shards).minTileVolume(2), () -> {
                for (Runnable bad : List.<Runnable>of(() -> Np.zeros(1L << 32, 1L << 32), () -> Np.zeros(1_000_000_000_000L),
                        () -> Np.zeros(0).reshape(1L << 32, 1L << 32), () -> Np.eye(-2))) {
                    try {
                        bad.run();
                        throw new AssertionError("accepted");
                    } catch (IllegalArgumentException | MemoryBudgetExceededException expected) {
                        // the next operations must still work
                    }
                }
                return Np.eye(4).sum().itemDouble() + Np.arange(10).sum().itemDouble();
            });
            assertEquals(List.of(49.0), sums.subList(0, 1));
            assertTrue(sums.stream().allMatch(x -> x == 49.0), sums::toString);
            assertEquals(shards, sums.size());
        }
    }

    @Test
    void byteCountsPrintLikeNumPy() {
        assertEquals("7.28 TiB", Shapes.bytes(8_000_000_000_000L));
        assertEquals("512. MiB", Shapes.bytes(512L << 20));
        assertEquals("1.5 KiB", Shapes.bytes(1536));
        assertEquals("100 bytes", Shapes.bytes(100));
    }
}
