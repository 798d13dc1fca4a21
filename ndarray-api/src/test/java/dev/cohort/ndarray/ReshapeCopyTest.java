package dev.cohort.ndarray;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Timeout;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Reshapes that copy (GATHER, run by runs of consecutive elements): random views of random arrays — slices with
 * offsets and steps of both signs, transposes — reshaped to a random shape of the same size, in every dtype, give the
 * view's elements in row-major order (read through the view, which takes another path), on 1 to 3 shards with small
 * tiles (several points, pieces in several instances).
 */
class ReshapeCopyTest {
    private static final DType[] DTYPES = {DType.FLOAT64, DType.FLOAT32, DType.INT64, DType.INT32, DType.BOOL};

    /** A random shape of {@code size} elements with 1 to 4 dimensions. */
    private static long[] shapeOf(Random rnd, long size) {
        List<Long> dims = new ArrayList<>();
        long left = size;
        int want = 1 + rnd.nextInt(4);
        for (int d = 0; d < want - 1; d++) {
            List<Long> divisors = new ArrayList<>();
            for (long k = 1; k <= left; k++) {
                if (left % k == 0) {
                    divisors.add(k);
                }
            }
            long k = divisors.get(rnd.nextInt(divisors.size()));
            dims.add(k);
            left /= k;
        }
        dims.add(left);
        return dims.stream().mapToLong(Long::longValue).toArray();
    }

    private static String slice(Random rnd, long n) {
        int kind = rnd.nextInt(4);
        long a = rnd.nextInt((int) Math.max(1, n / 3));
        return switch (kind) {
            case 0 -> ":";
            case 1 -> a + ":" + (n - rnd.nextInt((int) Math.max(1, n / 3)));
            case 2 -> a + "::" + (1 + rnd.nextInt(2));
            default -> "::-" + (1 + rnd.nextInt(2));
        };
    }

    @ParameterizedTest(name = "{0} shard(s)")
    @ValueSource(ints = {1, 2, 3})
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void reshapedViewsHoldTheirElementsInRowMajorOrder(int shards) {
        List<String> failures = Cohort.run(new Cohort.Config().shards(shards).minTileVolume(8).eagerMaxVolume(0), () -> {
            Random rnd = new Random(100 + shards);
            List<String> bad = new ArrayList<>();
            for (int trial = 0; trial < 60; trial++) {
                DType dt = DTYPES[trial % DTYPES.length];
                long rows = 2 + rnd.nextInt(40);
                long cols = 2 + rnd.nextInt(40);
                NdArray base = Np.arange(rows * cols).multiply(7L).remainder(23L).reshape(rows, cols).astype(dt);
                NdArray v = base.get(slice(rnd, rows) + ", " + slice(rnd, cols));
                if (rnd.nextInt(4) == 0) {
                    v = v.transpose();
                }
                if (v.size() == 0) {
                    continue;
                }
                double[] want = v.toDoubleArray();
                long[] shape = shapeOf(rnd, v.size());
                NdArray r = v.reshape(shape);
                assertArrayEquals(shape, r.shape());
                assertEquals(dt, r.dtype());
                double[] got = r.toDoubleArray();
                if (!java.util.Arrays.equals(want, got)) {
                    bad.add(dt + " " + java.util.Arrays.toString(v.shape()) + " -> " + java.util.Arrays.toString(shape));
                }
                // and back through a second reshape (a copy of a copy), flat
                double[] flat = r.reshape(r.size()).toDoubleArray();
                if (!java.util.Arrays.equals(want, flat)) {
                    bad.add(dt + " flat of " + java.util.Arrays.toString(shape));
                }
            }
            return bad;
        }).get(0);
        assertEquals(List.of(), failures);
    }
}
