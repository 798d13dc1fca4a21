package dev.cohort.ndarray;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Timeout;

import java.util.Random;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * {@code mean} of bool arrays (computed from the int64 count of trues, {@code Reductions.mean}) has NumPy's value bit
 * for bit: NumPy sums the 0s and 1s in float64, exactly (an integer below 2^53 in any order), and divides by the count,
 * so the reference is {@code (double) trues / n}. Whole arrays small enough to run eagerly, pooled, and launched over
 * several tiles, and along each axis of a 2-D array (keepdims too), on 1 and 2 shards; the result is float64.
 */
class MeanOfBoolTest {
    @ParameterizedTest(name = "{0} shards")
    @ValueSource(ints = {1, 2})
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void meanOfBoolIsTheCountOfTruesOverTheCount(int shards) {
        Cohort.run(new Cohort.Config().shards(shards), () -> {
            Random rnd = new Random(41);   // every shard runs the program: the same data on each
            for (int n : new int[] {7, 5_000, 300_001}) {
                boolean[] b = new boolean[n];
                long trues = 0;
                for (int i = 0; i < n; i++) {
                    b[i] = rnd.nextInt(3) != 0;
                    trues += b[i] ? 1 : 0;
                }
                NdArray m = Np.array(b).mean();
                assertEquals(DType.FLOAT64, m.dtype(), "n=" + n);
                assertEquals(Double.doubleToLongBits((double) trues / n), Double.doubleToLongBits(m.itemDouble()),
                        "mean of " + n + " bools with " + trues + " true on " + shards);
            }
            int rows = 301;
            int cols = 1_003;
            boolean[][] g = new boolean[rows][cols];
            double[] rowMean = new double[rows];
            double[] colMean = new double[cols];
            long[] colTrues = new long[cols];
            for (int r = 0; r < rows; r++) {
                long t = 0;
                for (int c = 0; c < cols; c++) {
                    g[r][c] = rnd.nextInt(5) < 2;
                    if (g[r][c]) {
                        t++;
                        colTrues[c]++;
                    }
                }
                rowMean[r] = (double) t / cols;
            }
            for (int c = 0; c < cols; c++) {
                colMean[c] = (double) colTrues[c] / rows;
            }
            NdArray a = Np.array(g);
            assertArrayEquals(rowMean, a.mean(1).toDoubleArray(), "mean along axis 1 on " + shards);
            assertArrayEquals(colMean, a.mean(0).toDoubleArray(), "mean along axis 0 on " + shards);
            NdArray kept = a.mean(1, true);
            assertArrayEquals(new long[] {rows, 1}, kept.shape(), "keepdims shape");
            assertArrayEquals(rowMean, kept.toDoubleArray(), "mean along axis 1, keepdims, on " + shards);
            assertEquals(DType.FLOAT64, a.mean(0).dtype(), "dtype along an axis");
            return null;
        });
    }
}
