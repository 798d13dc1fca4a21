package dev.cohort.tasks;

/**
 * The 32-bit Mersenne Twister MT19937 (Matsumoto and Nishimura, ACM TOMACS 8(1), 1998) with NumPy's state
 * layout ({@code numpy.random.MT19937}): 624 32-bit key words and a position {@code pos} in {@code [0, 624]};
 * the next output tempers {@code key[pos++]}, regenerating all 624 words first when {@code pos == 624}.
 *
 * <p>Outputs as NumPy's bit generator gives them: {@link #next32()}; {@link #next64()} is two outputs,
 * the first the high word; {@link #nextDouble()} is {@code ((a >>> 5) * 2^26 + (b >>> 6)) / 2^53} of two
 * outputs {@code a, b} (53 random bits on {@code [0, 1)}).
 *
 * <p>A state travels in a store of {@link #STATE_WORDS} int64 values: the 624 key words as unsigned
 * 32-bit values, then {@code pos}.
 */
public final class MersenneTwister {
    /** Key words of the state. */
    public static final int N = 624;
    /** Length of a state held in an int64 store: the key words and {@code pos}. */
    public static final int STATE_WORDS = N + 1;
    private static final int M = 397;
    private static final int MATRIX_A = 0x9908b0df;
    private static final int UPPER = 0x80000000;
    private static final int LOWER = 0x7fffffff;

    private final int[] key = new int[N];
    private int pos;

    private MersenneTwister() {
    }

    /**
     * NumPy's legacy integer seeding ({@code mt19937_seed}, used by {@code RandomState(seed)} and
     * {@code MT19937._legacy_seeding}): Knuth's recurrence {@code key[i] = 1812433253 (key[i-1] ^ (key[i-1] >> 30)) + i}
     * from {@code key[0] = seed mod 2^32}, {@code pos = 624} (the first output regenerates the key).
     */
    public static MersenneTwister legacySeeded(long seed) {
        MersenneTwister mt = new MersenneTwister();
        int s = (int) seed;
        for (int i = 0; i < N; i++) {
            mt.key[i] = s;
            s = 1812433253 * (s ^ (s >>> 30)) + i + 1;
        }
        mt.pos = N;
        return mt;
    }

    /** A generator with the given key words ({@code N} of them, copied) and position. */
    public static MersenneTwister of(int[] key, int pos) {
        if (key.length != N || pos < 0 || pos > N) {
            throw new IllegalArgumentException("an MT19937 state has " + N + " key words and pos in [0, " + N
                    + "], got " + key.length + " words and pos " + pos);
        }
        MersenneTwister mt = new MersenneTwister();
        System.arraycopy(key, 0, mt.key, 0, N);
        mt.pos = pos;
        return mt;
    }

    /** Reads a state from {@code words[off .. off + STATE_WORDS)} (the store layout of the class comment). */
    public static MersenneTwister read(long[] words, int off) {
        MersenneTwister mt = new MersenneTwister();
        for (int i = 0; i < N; i++) {
            mt.key[i] = (int) words[off + i];
        }
        long p = words[off + N];
        if (p < 0 || p > N) {
            throw new IllegalStateException("corrupt MT19937 state: pos " + p);
        }
        mt.pos = (int) p;
        return mt;
    }

    /** Writes this state to {@code words[off .. off + STATE_WORDS)}. */
    public void write(long[] words, int off) {
        for (int i = 0; i < N; i++) {
            words[off + i] = key[i] & 0xffffffffL;
        }
        words[off + N] = pos;
    }

    /** A copy of the key words. */
    public int[] key() {
        return key.clone();
    }

    /** The position of the next output's key word (624: the key regenerates first). */
    public int pos() {
        return pos;
    }

    private void generate() {
        int i = 0;
        for (; i < N - M; i++) {
            int y = (key[i] & UPPER) | (key[i + 1] & LOWER);
            key[i] = key[i + M] ^ (y >>> 1) ^ (-(y & 1) & MATRIX_A);
        }
        for (; i < N - 1; i++) {
            int y = (key[i] & UPPER) | (key[i + 1] & LOWER);
            key[i] = key[i + M - N] ^ (y >>> 1) ^ (-(y & 1) & MATRIX_A);
        }
        int y = (key[N - 1] & UPPER) | (key[0] & LOWER);
        key[N - 1] = key[M - 1] ^ (y >>> 1) ^ (-(y & 1) & MATRIX_A);
        pos = 0;
    }

    /** The next 32-bit output (as an int: its bits are NumPy's uint32). */
    public int next32() {
        if (pos == N) {
            generate();
        }
        int y = key[pos++];
        y ^= y >>> 11;
        y ^= (y << 7) & 0x9d2c5680;
        y ^= (y << 15) & 0xefc60000;
        y ^= y >>> 18;
        return y;
    }

    /** The next 64 bits: two outputs, the first one high. */
    public long next64() {
        long hi = next32() & 0xffffffffL;
        return hi << 32 | (next32() & 0xffffffffL);
    }

    /** A double on [0, 1) with 53 random bits from two outputs. */
    public double nextDouble() {
        int a = next32() >>> 5;
        int b = next32() >>> 6;
        return (a * 67108864.0 + b) / 9007199254740992.0;
    }
}
