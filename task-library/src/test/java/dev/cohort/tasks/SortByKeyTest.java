package dev.cohort.tasks;

import org.junit.jupiter.api.Test;

import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

/**
 * {@link SortKernels#sortByKey}'s radix sort gives the merge sort's permutation (both stable) for keys of every
 * kind: many duplicates, negative and extreme keys, keys differing only in one byte, constant keys, around the length
 * where the radix sort takes over; {@link SortKernels#radixLane} sorts values as the comparison sorts do.
 */
class SortByKeyTest {
    @Test
    void radixSortGivesTheMergeSortsPermutation() {
        Random rnd = new Random(5);
        int[] lengths = {1, 255, SortKernels.RADIX_MIN, 257, 1000, 5003};
        for (int kind = 0; kind < 6; kind++) {
            for (int n : lengths) {
                long[] keys = new long[n];
                for (int i = 0; i < n; i++) {
                    keys[i] = switch (kind) {
                        case 0 -> rnd.nextLong();
                        case 1 -> rnd.nextInt(7) - 3;                                   // few values, both signs
                        case 2 -> rnd.nextBoolean() ? Long.MIN_VALUE : Long.MAX_VALUE;  // extremes only
                        case 3 -> 42L;                                                  // constant: every pass skipped
                        case 4 -> ((long) rnd.nextInt(256)) << 40;                      // one byte varies
                        default -> Double.doubleToRawLongBits(((i % 97) + 1) / 16.0) * (rnd.nextBoolean() ? 1 : -1);
                    };
                }
                int[] want = identity(n);
                SortKernels.mergeSort(want, new int[n], keys, null);
                int[] got = identity(n);
                SortKernels.sortByKey(got, new int[n], keys);
                assertArrayEquals(want, got, "kind " + kind + " n=" + n);
            }
        }
    }

    /**
     * {@link SortKernels#radixLane} sorts a lane's values into the comparison sorts' elements, raw bits and all:
     * {@link FloatSorts}' stable order of float64 and float32 (both zeros and NaNs of several payloads, either sign,
     * kept in input order), {@code Arrays.sort} of int64 and int32; random, few-valued and constant lanes.
     */
    @Test
    void radixLaneSortGivesTheComparisonSortsBits() {
        Random rnd = new Random(11);
        double[] specials = {0.0, -0.0, Double.NaN, Double.longBitsToDouble(0x7ff8000000000123L),
                Double.longBitsToDouble(0xfff8000000000000L), Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY,
                Double.MIN_VALUE, -Double.MIN_VALUE, Double.MAX_VALUE, 1.5, -1.5};
        for (int n : new int[] {SortKernels.RADIX_MIN, 257, 1000, 5003}) {
            long[][] scratch = new long[2][n];
            for (int kind = 0; kind < 3; kind++) {
                double[] d = new double[n];
                float[] f = new float[n];
                long[] l = new long[n];
                int[] i32 = new int[n];
                for (int i = 0; i < n; i++) {
                    double x = switch (kind) {
                        case 0 -> rnd.nextInt(4) == 0 ? specials[rnd.nextInt(specials.length)] : rnd.nextGaussian() * 1e3;
                        case 1 -> specials[rnd.nextInt(specials.length)];
                        default -> 2.5;
                    };
                    d[i] = x;
                    f[i] = x == x ? (float) x : Float.intBitsToFloat(0x7fc00000 | (rnd.nextInt(8) << 3) | (rnd.nextBoolean() ? 0x80000000 : 0));
                    l[i] = kind == 2 ? 7 : rnd.nextLong() >> rnd.nextInt(64);
                    i32[i] = kind == 2 ? -7 : rnd.nextInt() >> rnd.nextInt(32);
                }
                double[] wantD = d.clone();
                FloatSorts.sortD(wantD, new long[n]);
                double[] gotD = d.clone();
                SortKernels.radixLane(dev.cohort.runtime.region.FieldType.FLOAT64, gotD, scratch[0], scratch[1]);
                assertArrayEquals(java.util.Arrays.stream(wantD).mapToLong(Double::doubleToRawLongBits).toArray(),
                        java.util.Arrays.stream(gotD).mapToLong(Double::doubleToRawLongBits).toArray(), "float64 kind " + kind + " n=" + n);
                float[] wantF = f.clone();
                FloatSorts.sortF(wantF, new int[n]);
                float[] gotF = f.clone();
                SortKernels.radixLane(dev.cohort.runtime.region.FieldType.FLOAT32, gotF, scratch[0], scratch[1]);
                assertArrayEquals(floatBits(wantF), floatBits(gotF), "float32 kind " + kind + " n=" + n);
                long[] wantL = l.clone();
                java.util.Arrays.sort(wantL);
                long[] gotL = l.clone();
                SortKernels.radixLane(dev.cohort.runtime.region.FieldType.INT64, gotL, scratch[0], scratch[1]);
                assertArrayEquals(wantL, gotL, "int64 kind " + kind + " n=" + n);
                int[] wantI = i32.clone();
                java.util.Arrays.sort(wantI);
                int[] gotI = i32.clone();
                SortKernels.radixLane(dev.cohort.runtime.region.FieldType.INT32, gotI, scratch[0], scratch[1]);
                assertArrayEquals(wantI, gotI, "int32 kind " + kind + " n=" + n);
            }
        }
    }

    private static int[] floatBits(float[] a) {
        int[] b = new int[a.length];
        for (int i = 0; i < a.length; i++) {
            b[i] = Float.floatToRawIntBits(a[i]);
        }
        return b;
    }

    private static int[] identity(int n) {
        int[] p = new int[n];
        for (int i = 0; i < n; i++) {
            p[i] = i;
        }
        return p;
    }
}
