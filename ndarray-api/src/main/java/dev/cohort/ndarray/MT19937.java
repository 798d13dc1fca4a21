package dev.cohort.ndarray;

import dev.cohort.tasks.MersenneTwister;

/**
 * NumPy's {@code numpy.random.MT19937}: the 32-bit Mersenne Twister, with NumPy's state (624 key words and a
 * position) and NumPy's bits. {@code new MT19937(seed)} seeds as NumPy's {@code MT19937(seed)} does (NumPy's
 * {@code SeedSequence(seed).generate_state(624)} with the first word set to {@code 0x80000000}, position 623);
 * {@link #_legacy_seeding(long)} seeds as {@code RandomState(seed)} does ({@code init_genrand(seed)}).
 *
 * <p>The state lives in a store of the program that made the generator (int64, 625 words), advanced by the
 * {@code RANDOM_STATE} task (id 1295): MT19937 is one sequential stream, so every draw is ONE point task, run as
 * a replicated point (each shard draws the same values into its own copy of the result, which is then read and
 * partitioned as any array); no state is shared between shards. A generator belongs to the program
 * ({@link Cohort#run}) that made it.
 */
public final class MT19937 extends BitGenerator {
    final Cohort ctx;
    /** The state store (int64, {@link MersenneTwister#STATE_WORDS}). */
    NdArray state;
    private long seed;

    /**
     * NumPy's {@code MT19937(seed)}: the key from NumPy's {@code SeedSequence(seed)} (entropy the 32-bit words of
     * {@code seed}, pool of 4, {@code generate_state(624, uint32)}), {@code key[0] = 0x80000000}, position 623.
     *
     * @throws IllegalArgumentException "expected non-negative integer" for {@code seed < 0} (NumPy's ValueError)
     */
    public MT19937(long seed) {
        if (seed < 0) {
            throw new IllegalArgumentException("expected non-negative integer");
        }
        this.ctx = Cohort.current();
        int[] words = seedSequenceState(seed, MersenneTwister.N);
        words[0] = 0x80000000;
        this.seed = seed;
        RandomStates.setState(this, words, MersenneTwister.N - 1, null);
    }

    private MT19937(Cohort ctx) {
        this.ctx = ctx;
    }

    /** An MT19937 seeded by NumPy's legacy seeding (what {@code RandomState(seed)} makes); seed already checked. */
    static MT19937 legacy(long seed) {
        MT19937 g = new MT19937(Cohort.current());
        g.seed = seed;
        RandomStates.setState(g, MersenneTwister.legacySeeded(seed).key(), MersenneTwister.N, null);
        return g;
    }

    /** NumPy's check of a legacy seed: an integer in {@code [0, 2**32 - 1]}. */
    static void checkLegacySeed(long seed) {
        if (seed < 0 || seed > 0xffffffffL) {
            throw new IllegalArgumentException("Seed must be between 0 and 2**32 - 1");
        }
    }

    /**
     * NumPy's {@code MT19937._legacy_seeding(seed)}: reseeds in place as {@code RandomState(seed)} seeds,
     * {@code key[0] = seed}, {@code key[i] = 1812433253 * (key[i-1] ^ (key[i-1] >> 30)) + i} (mod 2^32), position
     * 624. A {@link RandomState} on this generator keeps its cached Gaussian (use {@link RandomState#seed(long)}
     * to clear it too).
     *
     * @throws IllegalArgumentException "Seed must be between 0 and 2**32 - 1" (NumPy's ValueError)
     */
    public void _legacy_seeding(long seed) {
        checkLegacySeed(seed);
        this.seed = seed;
        RandomStates.setState(this, MersenneTwister.legacySeeded(seed).key(), MersenneTwister.N, null);
    }

    /** The seed given last ({@link #MT19937(long)} or {@link #_legacy_seeding(long)}). */
    @Override
    public long seed() {
        return seed;
    }

    /**
     * NumPy's {@code MT19937.random_raw(size)}: the next {@code prod(size)} 32-bit outputs, in C order, as int64
     * values on {@code [0, 2^32)} (NumPy returns them as uint64), shape {@code size} ({@code ()} when none).
     *
     * @throws IllegalArgumentException "negative dimensions are not allowed"
     */
    public NdArray random_raw(long... size) {
        return RandomStates.integers(this, null, 0, 0xffffffffL, size.clone(), DType.INT64);
    }

    @Override
    public String toString() {
        return "MT19937(seed=" + seed + ")";
    }

    // ------------------------------------------------------------------ NumPy's SeedSequence (32-bit arithmetic)

    private static final int INIT_A = 0x43b0d7e5;
    private static final int MULT_A = 0x931e8875;
    private static final int INIT_B = 0x8b51f9dd;
    private static final int MULT_B = 0x58f38ded;
    private static final int MIX_MULT_L = 0xca01f9dd;
    private static final int MIX_MULT_R = 0x4973f715;
    private static final int POOL = 4;

    /** NumPy's {@code SeedSequence(entropy).generate_state(n)} for a non-negative integer entropy (no spawn key). */
    static int[] seedSequenceState(long entropy, int n) {
        int[] ent = (entropy >>> 32) == 0 ? new int[]{(int) entropy} : new int[]{(int) entropy, (int) (entropy >>> 32)};
        int[] hash = {INIT_A};
        int[] pool = new int[POOL];
        for (int i = 0; i < POOL; i++) {
            pool[i] = hashmix(i < ent.length ? ent[i] : 0, hash);
        }
        for (int src = 0; src < POOL; src++) {
            for (int dst = 0; dst < POOL; dst++) {
                if (src != dst) {
                    pool[dst] = mix(pool[dst], hashmix(pool[src], hash));
                }
            }
        }
        for (int src = POOL; src < ent.length; src++) {
            for (int dst = 0; dst < POOL; dst++) {
                pool[dst] = mix(pool[dst], hashmix(ent[src], hash));
            }
        }
        int[] out = new int[n];
        int h = INIT_B;
        for (int i = 0; i < n; i++) {
            int v = pool[i % POOL];
            v ^= h;
            h *= MULT_B;
            v *= h;
            v ^= v >>> 16;
            out[i] = v;
        }
        return out;
    }

    private static int hashmix(int value, int[] hash) {
        value ^= hash[0];
        hash[0] *= MULT_A;
        value *= hash[0];
        value ^= value >>> 16;
        return value;
    }

    private static int mix(int x, int y) {
        int r = MIX_MULT_L * x - MIX_MULT_R * y;
        r ^= r >>> 16;
        return r;
    }

}
