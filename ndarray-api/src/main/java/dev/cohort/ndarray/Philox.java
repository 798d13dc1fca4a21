package dev.cohort.ndarray;

/**
 * Cohort's Philox4x32-10 bit generator ({@code numpy.random.Philox} in role): a key ({@code seed}) and a stream
 * counter. The {@code k}-th draw of a {@link Generator} on it uses stream {@code k} (counting from 0), element
 * {@code i} counter {@code i}, so values depend only on (seed, call order, element index) and are the same on
 * any tiling and shard count. The keying is Cohort's (see tools/reference/philox.py), so the numbers are not
 * those of NumPy's {@code Philox(seed)}, which seeds through {@code SeedSequence}. Generators made on the same
 * {@code Philox} share its counter, as NumPy's share a bit generator's state.
 */
public final class Philox extends BitGenerator {
    final long key;
    long nextStream;

    /**
     * A Philox bit generator keyed by {@code seed} whose stream counter starts at 0: {@code new Generator(new
     * Philox(s))} draws what {@link Np.Random#default_rng(long) default_rng(s)} draws. Mirrors
     * {@code numpy.random.Philox(seed)} (with Cohort's keying; any long is a key).
     */
    public Philox(long seed) {
        this.key = seed;
    }

    /** The key this generator was made with. */
    @Override
    public long seed() {
        return key;
    }

    /** The number of streams drawn so far (the next draw's stream). */
    public long streams_drawn() {
        return nextStream;
    }

    @Override
    public String toString() {
        return "Philox(seed=" + key + ", streams drawn=" + nextStream + ")";
    }
}
