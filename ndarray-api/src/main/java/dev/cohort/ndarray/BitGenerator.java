package dev.cohort.ndarray;

/**
 * NumPy's {@code numpy.random.BitGenerator}: the source of random bits behind a {@link Generator} or a
 * {@link RandomState}. Cohort has two: {@link Philox}, the counter-based Philox4x32-10 streams that
 * {@link Generator} draws from (made by {@link Np.Random#default_rng(long)}; Cohort's own keying, not NumPy's
 * {@code Philox(seed)} numbers), and {@link MT19937}, the Mersenne Twister that {@link RandomState} draws from
 * (NumPy's bits: {@code MT19937(seed)} seeds through NumPy's {@code SeedSequence}, {@code RandomState(seed)}
 * through the legacy seeding). A bit generator is replicated program state: every shard makes and advances its
 * own copy identically.
 */
public abstract sealed class BitGenerator permits Philox, MT19937 {
    BitGenerator() {
    }

    /**
     * The integer this bit generator was (last) seeded with: the key of a {@link Philox}, the seed given to
     * {@link MT19937#MT19937(long)} or {@link MT19937#_legacy_seeding(long)}.
     */
    public abstract long seed();
}
