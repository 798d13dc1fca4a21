package dev.cohort.ndarray;

/**
 * NumPy's {@code numpy.random.Generator}, made by {@link Np.Random#default_rng(long)}: the {@code np.random}
 * functions under NumPy Generator's method names, drawn from this generator's own key ({@code seed}) and stream
 * counter instead of the program's. Streams: the {@code k}-th draw of a generator (counting from 0; a method that
 * draws twice, like {@code choice} with {@code p} or {@code f}'s two chi-squares inside one launch, is documented
 * on the method) uses Philox4x32-10 stream {@code k} under key {@code seed}, element {@code i} counter {@code i};
 * so the values depend only on (seed, call order, element index), are the same on any tiling and shard count, and
 * equal those of the {@code np.random} functions after {@code np.random.seed(seed)}. They are not NumPy's PCG64
 * numbers. Every shard replays the program, so every shard's generator advances identically; a generator belongs to
 * the program ({@link Cohort#run}) that made it.
 */
public final class Generator {
    /** The bit generator: its key and stream counter are this generator's state. */
    final Philox bits;

    Generator(long seed) {
        this(new Philox(seed));
    }

    /**
     * NumPy's {@code Generator(bit_generator)}: a generator drawing from {@code bitGenerator}'s streams (shared:
     * draws through any generator on it advance its counter). {@code new Generator(new Philox(s))} draws what
     * {@link Np.Random#default_rng(long) default_rng(s)} draws.
     *
     * @throws IllegalArgumentException when {@code bitGenerator} is not a {@link Philox} (Cohort's Generator
     *     methods are counter-based Philox kernels; use {@link RandomState} on an {@link MT19937})
     */
    public Generator(BitGenerator bitGenerator) {
        if (!(bitGenerator instanceof Philox p)) {
            throw new IllegalArgumentException("Cohort's Generator draws Philox streams, got " + bitGenerator
                    + "; use RandomState(MT19937) for Mersenne Twister numbers");
        }
        this.bits = p;
    }

    /** The key this generator was made with ({@code default_rng(seed)}). */
    public long seed() {
        return bits.key;
    }

    /** NumPy's {@code Generator.bit_generator}: the {@link Philox} this generator draws from. */
    public BitGenerator bit_generator() {
        return bits;
    }

    /** {@code Generator.uniform} on this generator's streams: as {@link Np.Random#uniform(double, double, long[])}. */
    public NdArray uniform(double low, double high, long... shape) {
        return RandomDistributions.with(this, () -> Np.random.uniform(low, high, shape));
    }

    /** {@code Generator.normal} on this generator's streams: as {@link Np.Random#normal(double, double, long[])}. */
    public NdArray normal(double loc, double scale, long... shape) {
        return RandomDistributions.with(this, () -> Np.random.normal(loc, scale, shape));
    }

    /** {@code Generator.integers} on this generator's streams: as {@link Np.Random#integers(long, long, long[])}. */
    public NdArray integers(long low, long high, long... shape) {
        return RandomDistributions.with(this, () -> Np.random.integers(low, high, shape));
    }

    /** {@code Generator.integers} on this generator's streams: as {@link Np.Random#integers(long, long, long[], DType, boolean)}. */
    public NdArray integers(long low, long high, long[] size, DType dtype, boolean endpoint) {
        return RandomDistributions.with(this, () -> Np.random.integers(low, high, size, dtype, endpoint));
    }

    /** {@code Generator.integers} on this generator's streams: as {@link Np.Random#integers(long, long, long[], DType)}. */
    public NdArray integers(long low, long high, long[] size, DType dtype) {
        return RandomDistributions.with(this, () -> Np.random.integers(low, high, size, dtype));
    }

    /** {@code Generator.integers} on this generator's streams: as {@link Np.Random#integers(long)}. */
    public NdArray integers(long high) {
        return RandomDistributions.with(this, () -> Np.random.integers(high));
    }

    /** {@code Generator.random} on this generator's streams: as {@link Np.Random#random(long[])}. */
    public NdArray random(long... size) {
        return RandomDistributions.with(this, () -> Np.random.random(size));
    }

    /** {@code Generator.standard_normal} on this generator's streams: as {@link Np.Random#standard_normal(long[])}. */
    public NdArray standard_normal(long... size) {
        return RandomDistributions.with(this, () -> Np.random.standard_normal(size));
    }

    /** {@code Generator.permutation} on this generator's streams: as {@link Np.Random#permutation(long)}. */
    public NdArray permutation(long n) {
        return RandomDistributions.with(this, () -> Np.random.permutation(n));
    }

    /** {@code Generator.permutation} on this generator's streams: as {@link Np.Random#permutation(NdArray)}. */
    public NdArray permutation(NdArray x) {
        return RandomDistributions.with(this, () -> Np.random.permutation(x));
    }

    /** {@code Generator.choice} on this generator's streams: as {@link Np.Random#choice(long, long[])}. */
    public NdArray choice(long a, long... size) {
        return RandomDistributions.with(this, () -> Np.random.choice(a, size));
    }

    /** {@code Generator.choice} on this generator's streams: as {@link Np.Random#choice(long, long[], boolean, NdArray)}. */
    public NdArray choice(long a, long[] size, boolean replace, NdArray p) {
        return RandomDistributions.with(this, () -> Np.random.choice(a, size, replace, p));
    }

    /** {@code Generator.standard_exponential} on this generator's streams: as {@link Np.Random#standard_exponential(long[])}. */
    public NdArray standard_exponential(long... size) {
        return RandomDistributions.with(this, () -> Np.random.standard_exponential(size));
    }

    /** {@code Generator.exponential} on this generator's streams: as {@link Np.Random#exponential(double, long[])}. */
    public NdArray exponential(double scale, long... size) {
        return RandomDistributions.with(this, () -> Np.random.exponential(scale, size));
    }

    /** {@code Generator.lognormal} on this generator's streams: as {@link Np.Random#lognormal(double, double, long[])}. */
    public NdArray lognormal(double mean, double sigma, long... size) {
        return RandomDistributions.with(this, () -> Np.random.lognormal(mean, sigma, size));
    }

    /** {@code Generator.gumbel} on this generator's streams: as {@link Np.Random#gumbel(double, double, long[])}. */
    public NdArray gumbel(double loc, double scale, long... size) {
        return RandomDistributions.with(this, () -> Np.random.gumbel(loc, scale, size));
    }

    /** {@code Generator.laplace} on this generator's streams: as {@link Np.Random#laplace(double, double, long[])}. */
    public NdArray laplace(double loc, double scale, long... size) {
        return RandomDistributions.with(this, () -> Np.random.laplace(loc, scale, size));
    }

    /** {@code Generator.logistic} on this generator's streams: as {@link Np.Random#logistic(double, double, long[])}. */
    public NdArray logistic(double loc, double scale, long... size) {
        return RandomDistributions.with(this, () -> Np.random.logistic(loc, scale, size));
    }

    /** {@code Generator.rayleigh} on this generator's streams: as {@link Np.Random#rayleigh(double, long[])}. */
    public NdArray rayleigh(double scale, long... size) {
        return RandomDistributions.with(this, () -> Np.random.rayleigh(scale, size));
    }

    /** {@code Generator.weibull} on this generator's streams: as {@link Np.Random#weibull(double, long[])}. */
    public NdArray weibull(double a, long... size) {
        return RandomDistributions.with(this, () -> Np.random.weibull(a, size));
    }

    /** {@code Generator.pareto} on this generator's streams: as {@link Np.Random#pareto(double, long[])}. */
    public NdArray pareto(double a, long... size) {
        return RandomDistributions.with(this, () -> Np.random.pareto(a, size));
    }

    /** {@code Generator.power} on this generator's streams: as {@link Np.Random#power(double, long[])}. */
    public NdArray power(double a, long... size) {
        return RandomDistributions.with(this, () -> Np.random.power(a, size));
    }

    /** {@code Generator.standard_cauchy} on this generator's streams: as {@link Np.Random#standard_cauchy(long[])}. */
    public NdArray standard_cauchy(long... size) {
        return RandomDistributions.with(this, () -> Np.random.standard_cauchy(size));
    }

    /** {@code Generator.standard_gamma} on this generator's streams: as {@link Np.Random#standard_gamma(double, long[])}. */
    public NdArray standard_gamma(double shape, long... size) {
        return RandomDistributions.with(this, () -> Np.random.standard_gamma(shape, size));
    }

    /** {@code Generator.gamma} on this generator's streams: as {@link Np.Random#gamma(double, double, long[])}. */
    public NdArray gamma(double shape, double scale, long... size) {
        return RandomDistributions.with(this, () -> Np.random.gamma(shape, scale, size));
    }

    /** {@code Generator.poisson} on this generator's streams: as {@link Np.Random#poisson(double, long[])}. */
    public NdArray poisson(double lam, long... size) {
        return RandomDistributions.with(this, () -> Np.random.poisson(lam, size));
    }

    /** {@code Generator.binomial} on this generator's streams: as {@link Np.Random#binomial(long, double, long[])}. */
    public NdArray binomial(long n, double p, long... size) {
        return RandomDistributions.with(this, () -> Np.random.binomial(n, p, size));
    }

    /** {@code Generator.geometric} on this generator's streams: as {@link Np.Random#geometric(double, long[])}. */
    public NdArray geometric(double p, long... size) {
        return RandomDistributions.with(this, () -> Np.random.geometric(p, size));
    }

    /** {@code Generator.negative_binomial} on this generator's streams: as {@link Np.Random#negative_binomial(double, double, long[])}. */
    public NdArray negative_binomial(double n, double p, long... size) {
        return RandomDistributions.with(this, () -> Np.random.negative_binomial(n, p, size));
    }

    /** {@code Generator.beta} on this generator's streams: as {@link Np.Random#beta(double, double, long[])}. */
    public NdArray beta(double a, double b, long... size) {
        return RandomDistributions.with(this, () -> Np.random.beta(a, b, size));
    }

    /** {@code Generator.chisquare} on this generator's streams: as {@link Np.Random#chisquare(double, long[])}. */
    public NdArray chisquare(double df, long... size) {
        return RandomDistributions.with(this, () -> Np.random.chisquare(df, size));
    }

    /** {@code Generator.noncentral_chisquare} on this generator's streams: as {@link Np.Random#noncentral_chisquare(double, double, long[])}. */
    public NdArray noncentral_chisquare(double df, double nonc, long... size) {
        return RandomDistributions.with(this, () -> Np.random.noncentral_chisquare(df, nonc, size));
    }

    /** {@code Generator.f} on this generator's streams: as {@link Np.Random#f(double, double, long[])}. */
    public NdArray f(double dfnum, double dfden, long... size) {
        return RandomDistributions.with(this, () -> Np.random.f(dfnum, dfden, size));
    }

    /** {@code Generator.noncentral_f} on this generator's streams: as {@link Np.Random#noncentral_f(double, double, double, long[])}. */
    public NdArray noncentral_f(double dfnum, double dfden, double nonc, long... size) {
        return RandomDistributions.with(this, () -> Np.random.noncentral_f(dfnum, dfden, nonc, size));
    }

    /** {@code Generator.standard_t} on this generator's streams: as {@link Np.Random#standard_t(double, long[])}. */
    public NdArray standard_t(double df, long... size) {
        return RandomDistributions.with(this, () -> Np.random.standard_t(df, size));
    }

    /** {@code Generator.triangular} on this generator's streams: as {@link Np.Random#triangular(double, double, double, long[])}. */
    public NdArray triangular(double left, double mode, double right, long... size) {
        return RandomDistributions.with(this, () -> Np.random.triangular(left, mode, right, size));
    }

    /** {@code Generator.vonmises} on this generator's streams: as {@link Np.Random#vonmises(double, double, long[])}. */
    public NdArray vonmises(double mu, double kappa, long... size) {
        return RandomDistributions.with(this, () -> Np.random.vonmises(mu, kappa, size));
    }

    /** {@code Generator.wald} on this generator's streams: as {@link Np.Random#wald(double, double, long[])}. */
    public NdArray wald(double mean, double scale, long... size) {
        return RandomDistributions.with(this, () -> Np.random.wald(mean, scale, size));
    }

    /** {@code Generator.zipf} on this generator's streams: as {@link Np.Random#zipf(double, long[])}. */
    public NdArray zipf(double a, long... size) {
        return RandomDistributions.with(this, () -> Np.random.zipf(a, size));
    }

    /** {@code Generator.logseries} on this generator's streams: as {@link Np.Random#logseries(double, long[])}. */
    public NdArray logseries(double p, long... size) {
        return RandomDistributions.with(this, () -> Np.random.logseries(p, size));
    }

    /** {@code Generator.hypergeometric} on this generator's streams: as {@link Np.Random#hypergeometric(long, long, long, long[])}. */
    public NdArray hypergeometric(long ngood, long nbad, long nsample, long... size) {
        return RandomDistributions.with(this, () -> Np.random.hypergeometric(ngood, nbad, nsample, size));
    }

    /** {@code Generator.bytes} on this generator's streams: as {@link Np.Random#bytes(long)}. */
    public byte[] bytes(long length) {
        return RandomDistributions.with(this, () -> Np.random.bytes(length));
    }

    @Override
    public String toString() {
        return "Generator(Philox4x32) seed=" + bits.key + " draws=" + bits.nextStream;
    }
}
