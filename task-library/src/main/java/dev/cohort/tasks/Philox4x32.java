package dev.cohort.tasks;

/**
 * Philox4x32-10, the counter-based generator of Salmon, Moraes, Dror and Shaw, "Parallel random
 * numbers: as easy as 1, 2, 3" (SC'11), as in Random123: a 128-bit counter and a 64-bit key give
 * four 32-bit words; equal inputs give equal outputs on every machine, so random arrays do not
 * depend on tiling or shard count.
 *
 * <p>Cohort's use ({@link OpCode#RAND}): counter words 0,1 = the low and high halves of the
 * element's flat index in the iteration space, words 2,3 = the low and high halves of the stream;
 * key words 0,1 = the low and high halves of the seed.
 */
public final class Philox4x32 {
    private static final int M0 = 0xD2511F53;
    private static final int M1 = 0xCD9E8D57;
    private static final int W0 = 0x9E3779B9;
    private static final int W1 = 0xBB67AE85;

    /** Rounds of the standard generator. */
    public static final int ROUNDS = 10;

    private Philox4x32() {
    }

    /** The four output words for counter {@code ctr} (4 words) and key {@code key} (2 words), {@code ROUNDS} rounds. */
    public static int[] block(int[] ctr, int[] key) {
        int[] out = new int[4];
        block(ctr[0], ctr[1], ctr[2], ctr[3], key[0], key[1], out);
        return out;
    }

    /** Philox4x32-10 of counter (c0..c3) under key (k0, k1), written into {@code out[0..3]}. */
    public static void block(int c0, int c1, int c2, int c3, int k0, int k1, int[] out) {
        for (int r = 0; r < ROUNDS; r++) {
            if (r > 0) {
                k0 += W0;
                k1 += W1;
            }
            long p0 = (M0 & 0xFFFFFFFFL) * (c0 & 0xFFFFFFFFL);
            long p1 = (M1 & 0xFFFFFFFFL) * (c2 & 0xFFFFFFFFL);
            int hi0 = (int) (p0 >>> 32);
            int lo0 = (int) p0;
            int hi1 = (int) (p1 >>> 32);
            int lo1 = (int) p1;
            int n0 = hi1 ^ c1 ^ k0;
            int n1 = lo1;
            int n2 = hi0 ^ c3 ^ k1;
            int n3 = lo0;
            c0 = n0;
            c1 = n1;
            c2 = n2;
            c3 = n3;
        }
        out[0] = c0;
        out[1] = c1;
        out[2] = c2;
        out[3] = c3;
    }

    /** The block of Cohort's element {@code index} of stream {@code stream} under {@code seed}. */
    public static void element(long seed, long stream, long index, int[] out) {
        block((int) index, (int) (index >>> 32), (int) stream, (int) (stream >>> 32), (int) seed, (int) (seed >>> 32), out);
    }

    /** A double in [0, 1) with 53 random bits from words {@code hi} and {@code lo}. */
    public static double toUnit(int hi, int lo) {
        long bits = (((hi & 0xFFFFFFFFL) << 32) | (lo & 0xFFFFFFFFL)) >>> 11;
        return bits * 0x1.0p-53;
    }

    /** A double in (0, 1] with 53 random bits (safe for log). */
    public static double toUnitOpenZero(int hi, int lo) {
        long bits = (((hi & 0xFFFFFFFFL) << 32) | (lo & 0xFFFFFFFFL)) >>> 11;
        return (bits + 1) * 0x1.0p-53;
    }
}
