package dev.cohort.tasks;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/**
 * The word-at-a-time scans of bool ANY, ALL, MAX and MIN ({@link Reductions#hasNonzeroZ}, {@link Reductions#hasZeroZ})
 * against a byte loop: every length to 72 (two 32-byte blocks and a tail), every offset to 9, the deciding byte at
 * every position (and none), the other bytes 0/1 as bools hold or arbitrary (any non-zero byte counts as true).
 */
class BoolScansTest {
    @Test
    void wordScansAgreeWithAByteLoopAtEveryLengthOffsetAndPosition() {
        java.util.SplittableRandom rnd = new java.util.SplittableRandom(7);
        for (int n = 0; n <= 72; n++) {
            for (int ao = 0; ao <= 9; ao++) {
                for (int at = -1; at < n; at++) {
                    for (int fill = 0; fill < 3; fill++) {
                        byte[] ones = new byte[ao + n + 3];
                        byte[] zeros = new byte[ao + n + 3];
                        for (int i = 0; i < ones.length; i++) {
                            // fill 0: 0/1 bools; 1 and 2: any non-zero byte (the sign bit and 0x80 included)
                            ones[i] = fill == 0 ? 1 : (byte) (rnd.nextInt(255) + 1);
                            zeros[i] = 0;
                        }
                        // bytes outside [ao, ao + n) hold the answer that would be wrong if they were read
                        for (int i = 0; i < ao; i++) {
                            ones[i] = 0;
                            zeros[i] = 1;
                        }
                        for (int i = ao + n; i < ones.length; i++) {
                            ones[i] = 0;
                            zeros[i] = 1;
                        }
                        if (at >= 0) {
                            ones[ao + at] = 0;
                            zeros[ao + at] = (byte) (fill == 2 ? 0x80 : 1);
                        }
                        String where = "n " + n + ", offset " + ao + ", at " + at + ", fill " + fill;
                        assertEquals(hasZero(ones, ao, n), Reductions.hasZeroZ(ones, ao, n), "zero in " + where);
                        assertEquals(hasNonzero(zeros, ao, n), Reductions.hasNonzeroZ(zeros, ao, n), "non-zero in " + where);
                        assertEquals(hasNonzero(ones, ao, n), Reductions.hasNonzeroZ(ones, ao, n), "non-zero among ones, " + where);
                        assertEquals(hasZero(zeros, ao, n), Reductions.hasZeroZ(zeros, ao, n), "zero among zeros, " + where);
                        // the reductions that use them, from both starting accumulators
                        for (long acc : new long[] {0, 1}) {
                            assertEquals(acc != 0 || hasNonzero(zeros, ao, n) ? 1 : 0,
                                    Reductions.reduceZ(ReduceOp.ANY, acc, zeros, ao, n), "ANY " + where);
                            assertEquals(acc != 0 && !hasZero(ones, ao, n) ? 1 : 0,
                                    Reductions.reduceZ(ReduceOp.ALL, acc, ones, ao, n), "ALL " + where);
                        }
                    }
                }
            }
        }
    }

    private static boolean hasZero(byte[] a, int ao, int n) {
        for (int j = 0; j < n; j++) {
            if (a[ao + j] == 0) {
                return true;
            }
        }
        return false;
    }

    private static boolean hasNonzero(byte[] a, int ao, int n) {
        for (int j = 0; j < n; j++) {
            if (a[ao + j] != 0) {
                return true;
            }
        }
        return false;
    }
}
