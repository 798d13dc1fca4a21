package dev.cohort.ndarray;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code np.gcd} and {@code np.lcm}: NumPy 2.4's values (written below as NumPy printed them, corner cases of
 * zero, {@code MIN} and overflow included), dtypes and errors, eager and fused alike, on 1 and 3 shards.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class GcdLcmTest {

    static String error(Runnable op) {
        try {
            op.run();
            return "no error";
        } catch (RuntimeException e) {
            return e.getClass().getSimpleName() + ": " + e.getMessage();
        }
    }

    static List<Object> program() {
        List<Object> v = new ArrayList<>();
        NdArray a = Np.array(new long[]{12, -12, 0, 0, 7, 1L << 62, Long.MIN_VALUE});
        NdArray b = Np.array(new long[]{18, 18, 0, -5, 0, 3, 0});
        // np.gcd(a, b) -> [6, 6, 0, 5, 7, 1, -9223372036854775808]; np.lcm(a, b) -> [36, 36, 0, 0, 0, -2**62, 0]
        v.add(Np.gcd(a, b).toLongArray());
        v.add(Np.lcm(a, b).toLongArray());
        // fused inside a chain: gcd(a, b) + lcm(a, b) - 1
        v.add(Np.gcd(a, b).add(Np.lcm(a, b)).subtract(1L).toLongArray());
        // np.gcd(int32 [4, 6, 9], 6) -> [2, 6, 3] int32; np.lcm([True, False], [4, 4]) -> [4, 0]
        NdArray g32 = Np.gcd(Np.array(new int[]{4, 6, 9}), 6L);
        v.add(g32.dtype().toString());
        v.add(g32.toIntArray());
        v.add(Np.lcm(Np.array(new boolean[]{true, false}), Np.array(new long[]{4, 4})).toLongArray());
        v.add(error(() -> Np.gcd(Np.ones(2), Np.ones(2))));
        v.add(error(() -> Np.lcm(Np.array(new boolean[]{true}), Np.array(new boolean[]{true}))));
        return v;
    }

    @ParameterizedTest(name = "{0} shards")
    @ValueSource(ints = {1, 3})
    void numpysValues(int shards) {
        for (List<Object> v : Cohort.run(new Cohort.Config().shards(shards).minTileVolume(2), GcdLcmTest::program)) {
            assertArrayEquals(new long[]{6, 6, 0, 5, 7, 1, Long.MIN_VALUE}, (long[]) v.get(0));
            assertArrayEquals(new long[]{36, 36, 0, 0, 0, -(1L << 62), 0}, (long[]) v.get(1));
            assertArrayEquals(new long[]{41, 41, -1, 4, 6, -(1L << 62), Long.MAX_VALUE}, (long[]) v.get(2));
            assertEquals("int32", v.get(3));
            assertArrayEquals(new int[]{2, 6, 3}, (int[]) v.get(4));
            assertArrayEquals(new long[]{4, 0}, (long[]) v.get(5));
            assertEquals("DTypeException: ufunc 'gcd' did not contain a loop with signature matching types "
                    + "(<class 'numpy.dtypes.Float64DType'>, <class 'numpy.dtypes.Float64DType'>) -> None", v.get(6));
            assertEquals("DTypeException: ufunc 'lcm' did not contain a loop with signature matching types "
                    + "(<class 'numpy.dtypes.BoolDType'>, <class 'numpy.dtypes.BoolDType'>) -> None", v.get(7));
        }
    }
}
