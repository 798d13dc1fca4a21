package dev.cohort.ndarray;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code np.convolve}: NumPy 2.4's values for the three modes (written below as NumPy printed them), its
 * dtypes and errors, and random integer convolutions against sequential Java, exact, on 1 and 3 shards with
 * tiles small enough that the data splits.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class ConvolutionTest {

    static String error(Runnable op) {
        try {
            op.run();
            return "no error";
        } catch (RuntimeException e) {
            return e.getClass().getSimpleName() + ": " + e.getMessage();
        }
    }

    record Seen(List<Object> values, List<String> errors) {
    }

    static Seen program() {
        List<Object> v = new ArrayList<>();
        NdArray a = Np.array(new double[]{1, 2, 3});
        NdArray k = Np.array(new double[]{0, 1, 0.5});
        // np.convolve([1,2,3], [0,1,0.5]) -> [0, 1, 2.5, 4, 1.5]; 'same' -> [1, 2.5, 4]; 'valid' -> [2.5]
        v.add(Np.convolve(a, k).toDoubleArray());
        v.add(Np.convolve(a, k, "same").toDoubleArray());
        v.add(Np.convolve(a, k, "valid").toDoubleArray());
        NdArray i = Np.array(new long[]{1, 2, 3, 4, 5});
        NdArray j = Np.array(new long[]{2, 1});
        // -> [2, 5, 8, 11, 14, 5]; 'same' either way round -> [2, 5, 8, 11, 14]; 'valid' -> [5, 8, 11, 14]
        v.add(Np.convolve(i, j).toLongArray());
        v.add(Np.convolve(i, j, "same").toLongArray());
        v.add(Np.convolve(j, i, "same").toLongArray());
        v.add(Np.convolve(i, j, "valid").toLongArray());
        // dtypes: bool with bool is bool ([True, True] * [True, True] -> [True, True, True]); int32 with float32 float64
        NdArray b = Np.convolve(Np.array(new boolean[]{true, true}), Np.array(new boolean[]{true, true}));
        v.add(b.dtype().toString());
        v.add(b.toBooleanArray());
        v.add(Np.convolve(Np.array(new int[]{1, 2}), Np.array(new float[]{1.5f})).dtype().toString());
        List<String> errors = new ArrayList<>();
        errors.add(error(() -> Np.convolve(Np.zeros(0), Np.ones(1))));
        errors.add(error(() -> Np.convolve(Np.ones(1), Np.zeros(0))));
        errors.add(error(() -> Np.convolve(Np.ones(2, 2), Np.ones(1))));
        errors.add(error(() -> Np.convolve(Np.ones(1), Np.ones(1), "x")));
        return new Seen(v, errors);
    }

    @ParameterizedTest(name = "{0} shards")
    @ValueSource(ints = {1, 3})
    void numpysValuesDtypesAndErrors(int shards) {
        for (Seen s : Cohort.run(new Cohort.Config().shards(shards).minTileVolume(2), ConvolutionTest::program)) {
            List<Object> v = s.values();
            assertArrayEquals(new double[]{0, 1, 2.5, 4, 1.5}, (double[]) v.get(0));
            assertArrayEquals(new double[]{1, 2.5, 4}, (double[]) v.get(1));
            assertArrayEquals(new double[]{2.5}, (double[]) v.get(2));
            assertArrayEquals(new long[]{2, 5, 8, 11, 14, 5}, (long[]) v.get(3));
            assertArrayEquals(new long[]{2, 5, 8, 11, 14}, (long[]) v.get(4));
            assertArrayEquals(new long[]{2, 5, 8, 11, 14}, (long[]) v.get(5));
            assertArrayEquals(new long[]{5, 8, 11, 14}, (long[]) v.get(6));
            assertEquals("bool", v.get(7));
            assertArrayEquals(new boolean[]{true, true, true}, (boolean[]) v.get(8));
            assertEquals("float64", v.get(9));
            assertEquals(List.of(
                    "IllegalArgumentException: a cannot be empty",
                    "IllegalArgumentException: v cannot be empty",
                    "IllegalArgumentException: object too deep for desired array",
                    "IllegalArgumentException: mode must be one of 'valid', 'same', or 'full' (got 'x')"), s.errors());
        }
    }

    @ParameterizedTest(name = "{0} shards")
    @ValueSource(ints = {1, 3})
    void randomIntegerConvolutionsAreExact(int shards) {
        Random r = new Random(7);
        long[] a = new long[301];
        long[] w = new long[17];
        for (int i = 0; i < a.length; i++) {
            a[i] = r.nextInt(2001) - 1000;
        }
        for (int i = 0; i < w.length; i++) {
            w[i] = r.nextInt(21) - 10;
        }
        long[] full = new long[a.length + w.length - 1];
        for (int i = 0; i < a.length; i++) {
            for (int k = 0; k < w.length; k++) {
                full[i + k] += a[i] * w[k];
            }
        }
        for (long[] got : Cohort.run(new Cohort.Config().shards(shards).minTileVolume(8),
                () -> Np.convolve(Np.array(w), Np.array(a)).toLongArray())) {
            assertArrayEquals(full, got);
        }
    }
}
