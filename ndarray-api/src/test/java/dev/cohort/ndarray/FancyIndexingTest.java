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
 * Integer-array indexing ({@code take}, {@code a[idx]}, {@code a[idx] = v}, {@code put}) and {@code bincount}:
 * the values NumPy 2.4 gives for the same calls (written below as NumPy printed them), errors at the call in
 * NumPy's words with the session going on, and a larger random case against sequential Java, on 1-4 shards
 * with tiles small enough that the data splits.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class FancyIndexingTest {

    record Seen(List<Object> values, List<String> errors) {
    }

    static String error(Runnable op) {
        try {
            op.run();
            return "no error";
        } catch (RuntimeException e) {
            return e.getClass().getSimpleName() + ": " + e.getMessage();
        }
    }

    static Seen program() {
        List<Object> v = new ArrayList<>();
        NdArray a = Np.arange(12).reshape(4, 3);
        // np.take(a, [3, -1, 0]) -> [3, 11, 0]
        v.add(Np.take(a, Np.array(new long[]{3, -1, 0})).toLongArray());
        // np.take(a, [[2, 0], [1, 1]], axis=0) -> [[[6,7,8],[0,1,2]],[[3,4,5],[3,4,5]]], shape (2, 2, 3)
        NdArray t0 = Np.take(a, Np.array(new long[]{2, 0, 1, 1}).reshape(2, 2), 0);
        v.add(t0.shape());
        v.add(t0.toLongArray());
        // np.take(a, [2, 0], axis=1) -> [[2,0],[5,3],[8,6],[11,9]]
        NdArray t1 = a.take(Np.array(new int[]{2, 0}), 1);
        v.add(t1.shape());
        v.add(t1.toLongArray());
        // a[idx] along the first axis
        v.add(a.get(Np.array(new long[]{3, 3, 0})).toLongArray());
        // x = arange(10.); put(x, [1, 1, 8], [5, 6]) -> [0, 6, 2, 3, 4, 5, 6, 7, 5, 9]
        NdArray x = Np.arange(0.0, 10.0, 1.0);
        Np.put(x, Np.array(new long[]{1, 1, 8}), Np.array(new double[]{5, 6}));
        v.add(x.toDoubleArray());
        // b = zeros((4, 2)); b[[3, 0, 3]] = [[1, 2], [3, 4], [5, 6]] -> [[3, 4], [0, 0], [0, 0], [5, 6]]
        NdArray b = Np.zeros(4, 2);
        b.set(Np.array(new long[]{3, 0, 3}), Np.array(new double[]{1, 2, 3, 4, 5, 6}).reshape(3, 2));
        v.add(b.toDoubleArray());
        // b[[1]] = 9 broadcasts the scalar over the row
        b.set(Np.array(new long[]{1}), 9);
        v.add(b.toDoubleArray());
        // bincount([0, 3, 3, 1, 7]) -> [1, 1, 0, 2, 0, 0, 0, 1]; with weights and minlength -> [0.5, 2.25, 0, 0]
        v.add(Np.bincount(Np.array(new long[]{0, 3, 3, 1, 7})).toLongArray());
        v.add(Np.bincount(Np.array(new long[]{0, 1, 1}), Np.array(new double[]{0.5, 0.25, 2.0}), 4).toDoubleArray());
        List<String> errors = new ArrayList<>();
        NdArray five = Np.arange(5);
        errors.add(error(() -> Np.take(five, Np.array(new long[]{7}))));
        errors.add(error(() -> five.get(Np.array(new long[]{-6}))));
        errors.add(error(() -> Np.bincount(Np.array(new long[]{1, -1}))));
        errors.add(error(() -> five.take(Np.array(new double[]{1.0}))));
        // the session goes on
        v.add(five.get(Np.array(new long[]{4, 0})).toLongArray());
        return new Seen(v, errors);
    }

    @ParameterizedTest(name = "{0} shards")
    @ValueSource(ints = {1, 3})
    void numpysValuesAndErrors(int shards) {
        List<Seen> seen = Cohort.run(new Cohort.Config().shards(shards).minTileVolume(4), FancyIndexingTest::program);
        for (Seen s : seen) {
            List<Object> v = s.values();
            assertArrayEquals(new long[]{3, 11, 0}, (long[]) v.get(0));
            assertArrayEquals(new long[]{2, 2, 3}, (long[]) v.get(1));
            assertArrayEquals(new long[]{6, 7, 8, 0, 1, 2, 3, 4, 5, 3, 4, 5}, (long[]) v.get(2));
            assertArrayEquals(new long[]{4, 2}, (long[]) v.get(3));
            assertArrayEquals(new long[]{2, 0, 5, 3, 8, 6, 11, 9}, (long[]) v.get(4));
            assertArrayEquals(new long[]{9, 10, 11, 9, 10, 11, 0, 1, 2}, (long[]) v.get(5));
            assertArrayEquals(new double[]{0, 6, 2, 3, 4, 5, 6, 7, 5, 9}, (double[]) v.get(6));
            assertArrayEquals(new double[]{3, 4, 0, 0, 0, 0, 5, 6}, (double[]) v.get(7));
            assertArrayEquals(new double[]{3, 4, 9, 9, 0, 0, 5, 6}, (double[]) v.get(8));
            assertArrayEquals(new long[]{1, 1, 0, 2, 0, 0, 0, 1}, (long[]) v.get(9));
            assertArrayEquals(new double[]{0.5, 2.25, 0, 0}, (double[]) v.get(10));
            assertArrayEquals(new long[]{4, 0}, (long[]) v.get(11));
            assertEquals(List.of(
                    "NdIndexException: index 7 is out of bounds for axis 0 with size 5",
                    "NdIndexException: index -6 is out of bounds for axis 0 with size 5",
                    "IllegalArgumentException: 'list' argument must have no negative elements",
                    "NdIndexException: arrays used as indices must be of integer (or boolean) type"), s.errors());
        }
    }

    /** A larger random gather, scatter and bincount against sequential Java: the same bits on every shard count. */
    @ParameterizedTest(name = "{0} shards")
    @ValueSource(ints = {1, 2, 4})
    void randomCasesAgreeWithSequentialJava(int shards) {
        Random r = new Random(15);
        int n = 997;
        int m = 1500;
        double[] src = new double[n * 2];
        for (int i = 0; i < src.length; i++) {
            src[i] = r.nextGaussian();
        }
        long[] idx = new long[m];
        for (int i = 0; i < m; i++) {
            idx[i] = r.nextInt(2 * n) - n;
        }
        double[] gathered = new double[m * 2];
        for (int i = 0; i < m; i++) {
            int row = (int) (idx[i] < 0 ? idx[i] + n : idx[i]);
            gathered[2 * i] = src[2 * row];
            gathered[2 * i + 1] = src[2 * row + 1];
        }
        double[] scattered = src.clone();
        for (int i = 0; i < m; i++) {
            int row = (int) (idx[i] < 0 ? idx[i] + n : idx[i]);
            scattered[2 * row] = -i;
            scattered[2 * row + 1] = i;
        }
        long[] counts = new long[n];
        for (long i : idx) {
            counts[(int) (i < 0 ? i + n : i)]++;
        }
        List<double[][]> out = Cohort.run(new Cohort.Config().shards(shards).minTileVolume(16), () -> {
            NdArray a = Np.array(src).reshape(n, 2);
            NdArray ix = Np.array(idx);
            double[] g = a.get(ix).toDoubleArray();
            double[] vals = new double[m * 2];
            for (int i = 0; i < m; i++) {
                vals[2 * i] = -i;
                vals[2 * i + 1] = i;
            }
            a.set(ix, Np.array(vals).reshape(m, 2));
            NdArray wrapped = Np.where(ix.less(0L), ix.add(n), ix);
            long[] c = Np.bincount(wrapped, null, n).toLongArray();
            double[] cd = new double[c.length];
            for (int i = 0; i < c.length; i++) {
                cd[i] = c[i];
            }
            return new double[][]{g, a.toDoubleArray(), cd};
        });
        double[] countsD = new double[n];
        for (int i = 0; i < n; i++) {
            countsD[i] = counts[i];
        }
        for (double[][] o : out) {
            assertArrayEquals(gathered, o[0]);
            assertArrayEquals(scattered, o[1]);
            assertArrayEquals(countsD, o[2]);
        }
    }

    /** {@code permutation(x)} reorders x's rows as {@code permutation(len(x))} draws; {@code shuffle} does it in place. */
    @ParameterizedTest(name = "{0} shards")
    @ValueSource(ints = {1, 3})
    void permutationAndShuffleOfAnArray(int shards) {
        List<long[][]> out = Cohort.run(new Cohort.Config().shards(shards).minTileVolume(4), () -> {
            NdArray x = Np.arange(40).reshape(20, 2);
            Np.random.seed(5);
            long[] order = Np.random.permutation(20).toLongArray();
            Np.random.seed(5);
            long[] permuted = Np.random.permutation(x).toLongArray();
            Np.random.seed(5);
            Np.random.shuffle(x);
            return new long[][]{order, permuted, x.toLongArray()};
        });
        long[] order = out.get(0)[0];
        long[] expected = new long[40];
        for (int i = 0; i < 20; i++) {
            expected[2 * i] = 2 * order[i];
            expected[2 * i + 1] = 2 * order[i] + 1;
        }
        long[] sorted = order.clone();
        java.util.Arrays.sort(sorted);
        for (int i = 0; i < 20; i++) {
            assertEquals(i, sorted[i], "permutation(20) is a permutation");
        }
        for (long[][] o : out) {
            assertArrayEquals(order, o[0]);
            assertArrayEquals(expected, o[1]);
            assertArrayEquals(expected, o[2]);
        }
    }
}
