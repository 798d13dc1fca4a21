package dev.cohort.tasks;

import org.junit.jupiter.api.Test;

import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

/**
 * {@link SortKernels#sortByKey}'s radix sort gives the merge sort's permutation (both stable) for keys of every
 * kind: many duplicates, negative and extreme keys, keys differing only in one byte, constant keys, around the length
 * where the radix sort takes over.
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

    private static int[] identity(int n) {
        int[] p = new int[n];
        for (int i = 0; i < n; i++) {
            p[i] = i;
        }
        return p;
    }
}
