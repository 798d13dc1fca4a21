package dev.cohort.ndarray;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;

import static dev.cohort.ndarray.Np.*;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

/** Reading results back ({@code item}, {@code toArray}), views sharing data, attributes. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class NdArrayBasicsTest {

    static <T> T inCohort(Callable<T> program) {
        return Cohort.run(1, program).get(0);
    }

    @Test
    void itemGivesJavaScalarsOfTheDtype() {
        assertEquals(Double.valueOf(-0.44285714285714295), inCohort(() -> ReferenceCases.A().get(1, 2).item()));
        assertEquals(Long.valueOf(18), inCohort(() -> ReferenceCases.I().sum().item()));
        assertEquals(Boolean.TRUE, inCohort(() -> ReferenceCases.BA().any().item()));
        assertEquals(4.0, inCohort(() -> ReferenceCases.I32().max().itemDouble()));
        assertEquals(Long.valueOf(4), inCohort(() -> ReferenceCases.I32().max().item()));
    }

    @Test
    void toArrayNestsByShapeWithTheDtypesPrimitive() {
        double[][] a = (double[][]) inCohort(() -> array(new double[][]{{1, 2}, {3, 4.5}}).toArray());
        assertArrayEquals(new double[]{3, 4.5}, a[1]);
        int[] i = (int[]) inCohort(() -> ReferenceCases.I32().toArray());
        assertArrayEquals(new int[]{1, 2, 3, 4}, i);
        boolean[][] b = (boolean[][]) inCohort(() -> ReferenceCases.BA().toArray());
        assertArrayEquals(new boolean[]{false, false, true, true}, b[1]);
        long[][][] t = (long[][][]) inCohort(() -> ReferenceCases.T3().toArray());
        assertEquals(23, t[1][2][3]);
        assertInstanceOf(Double.class, inCohort(() -> scalar(2.5).toArray()));
        assertArrayEquals(new long[]{3, -1, 4}, inCohort(() -> ReferenceCases.I().get("0, :3").toLongArray()));
    }

    @Test
    void slicesAndTransposesAreViews() {
        double[] z = inCohort(() -> {
            NdArray a = zeros(3, 4);
            a.get("1:, ::2").fill(1.0);          // writes through a strided view
            a.T().set("3, 0", 7.0);               // a[0, 3] = 7 through the transpose
            a.get("::-1").set("0, 1", 5.0);       // a[2, 1] = 5 through a reversed view
            a.get(newaxis, 1).set("0, 3", 9.0);   // a[1, 3] = 9 through a new axis
            return a.toDoubleArray();
        });
        assertArrayEquals(new double[]{0, 0, 0, 7, 1, 0, 1, 9, 1, 5, 1, 0}, z);
    }

    @Test
    void attributes() {
        long[] r = inCohort(() -> {
            NdArray t = ReferenceCases.T3();
            return new long[]{t.ndim(), t.size(), t.shape(-1), t.get("..., None").ndim(), t.dtype().itemsize()};
        });
        assertArrayEquals(new long[]{3, 24, 4, 4, 8}, r);
    }

    @Test
    void embeddedContextWorksOutsideAProgram() {
        // jshell-style use: no Cohort.run, the embedded one-shard context starts on first use
        assertEquals("array([0, 1, 2, 3, 4])", arange(5).toString());
    }
}
