package dev.cohort.ndarray;

import dev.cohort.tasks.LegacyRandom.Method;

/**
 * NumPy's legacy {@code numpy.random.RandomState}: the Mersenne Twister ({@link MT19937}) and NumPy 1.16's frozen
 * samplers, giving <b>NumPy's numbers</b>: {@code new RandomState(s)} draws, call after call, the values of NumPy's
 * {@code np.random.RandomState(s)} making the same calls, on any number of shards and any tiling. The state, and the
 * Gaussian that {@code randn} caches between calls, advance across calls exactly as NumPy's do. Uniform doubles,
 * integers, permutations and choices are bit-equal to NumPy's; values computed through log or exp (standard_normal,
 * randn, normal, lognormal, exponential) use Java's {@link Math#log}/{@link Math#exp} where NumPy uses the C
 * library's, so about 0.1 % of them differ from NumPy's (on glibc) in the last one to four bits; the draws, hence
 * every later value, stay in step.
 *
 * <p>How: MT19937 is one sequential stream, so every call is ONE point task ({@code RANDOM_STATE}, id 1295) that
 * draws all of its values in C order from the state held in a store and writes the result, run as a replicated
 * point (every shard draws the same values into its own copy, no communication; no heap state is shared); the
 * result is then an ordinary array, partitioned as any other. Parameters are checked at the call, before any
 * launch, with NumPy's messages. Where NumPy returns a Python scalar ({@code size=None}), Cohort returns a 0-d
 * array (call with no extents).
 *
 * <p>Unlike {@link Np.Random}'s module functions (Cohort's Philox streams, not NumPy's numbers), a RandomState is
 * NumPy-exact. It belongs to the program ({@link Cohort#run}) that made it.
 */
public final class RandomState {
    private final MT19937 bits;
    /** The cached Gaussian: int64 {@code [has_gauss, raw bits of gauss]}. */
    private NdArray gauss;

    /**
     * NumPy's {@code RandomState(seed)}: an {@link MT19937} seeded by NumPy's legacy seeding
     * ({@code init_genrand(seed)}) and an empty Gaussian cache.
     *
     * @throws IllegalArgumentException "Seed must be between 0 and 2**32 - 1" (NumPy's ValueError) for a seed
     *     outside {@code [0, 2^32 - 1]}
     */
    public RandomState(long seed) {
        MT19937.checkLegacySeed(seed);
        this.bits = MT19937.legacy(seed);
        this.gauss = RandomStates.clearedGauss(bits.ctx);
    }

    /**
     * NumPy's {@code RandomState(bit_generator)}: the legacy samplers on {@code bitGenerator}'s state (shared: draws
     * through either advance it) with an empty Gaussian cache.
     *
     * @throws IllegalArgumentException when {@code bitGenerator} is not an {@link MT19937} (Cohort's Philox is a
     *     counter-based stream that the sequential legacy samplers cannot use)
     */
    public RandomState(BitGenerator bitGenerator) {
        if (!(bitGenerator instanceof MT19937 mt)) {
            throw new IllegalArgumentException("Cohort's RandomState draws from an MT19937 bit generator, got "
                    + bitGenerator);
        }
        this.bits = mt;
        this.gauss = RandomStates.clearedGauss(mt.ctx);
    }

    /**
     * NumPy's {@code RandomState.seed(seed)}: reseeds the MT19937 by the legacy seeding and clears the cached
     * Gaussian; the next draws are those of a new {@code RandomState(seed)}.
     *
     * @throws IllegalArgumentException "Seed must be between 0 and 2**32 - 1"
     */
    public void seed(long seed) {
        bits._legacy_seeding(seed);
        gauss = RandomStates.clearedGauss(bits.ctx);
    }

    /** NumPy's {@code RandomState._bit_generator}: the {@link MT19937} this RandomState draws from. */
    public MT19937 _bit_generator() {
        return bits;
    }

    private NdArray doubles(Method m, double p0, double p1, long[] size) {
        return RandomStates.draw(bits, gauss, m, p0, p1, 0, 0, DType.FLOAT64, size.clone(), null);
    }

    /** NumPy's CONS_NON_NEGATIVE check: raises "{name} &lt; 0" when the sign bit is set (NaN passes). */
    private static void nonNegative(double v, String name) {
        if (!Double.isNaN(v) && Double.doubleToRawLongBits(v) < 0) {
            throw new IllegalArgumentException(name + " < 0");
        }
    }

    // ------------------------------------------------------------------ uniform and normal floats

    /**
     * NumPy's {@code RandomState.random_sample(size)}: float64 of shape {@code size}, each
     * {@code ((a >> 5) * 2^26 + (b >> 6)) / 2^53} of the next two 32-bit outputs {@code a, b} (uniform on [0, 1)).
     *
     * @throws IllegalArgumentException "negative dimensions are not allowed"
     */
    public NdArray random_sample(long... size) {
        return doubles(Method.UNIFORM, 0.0, 1.0, size);
    }

    /** NumPy's {@code RandomState.random(size)}: {@link #random_sample(long...)}. @throws IllegalArgumentException for a negative dimension */
    public NdArray random(long... size) {
        return random_sample(size);
    }

    /**
     * NumPy's {@code RandomState.rand(d0, d1, ...)}: {@link #random_sample(long...)} of shape {@code (d0, d1, ...)}
     * (no extents: a 0-d array, NumPy's single float), float64 uniform on [0, 1).
     *
     * @throws IllegalArgumentException "negative dimensions are not allowed"
     */
    public NdArray rand(long... shape) {
        return random_sample(shape);
    }

    /**
     * NumPy's {@code RandomState.standard_normal(size)}: float64 standard normals by the legacy polar method
     * ({@code legacy_gauss}): from {@code x1 = 2u1 - 1, x2 = 2u2 - 1} with {@code 0 < r2 = x1^2 + x2^2 < 1},
     * {@code f = sqrt(-2 log(r2) / r2)} gives {@code f x2} now and caches {@code f x1} for the next value (also
     * across calls, until {@link #seed(long)}).
     *
     * @throws IllegalArgumentException "negative dimensions are not allowed"
     */
    public NdArray standard_normal(long... size) {
        return doubles(Method.NORMAL, 0.0, 1.0, size);
    }

    /** NumPy's {@code RandomState.randn(d0, d1, ...)}: {@link #standard_normal(long...)} of shape {@code (d0, d1, ...)}. @throws IllegalArgumentException for a negative dimension */
    public NdArray randn(long... shape) {
        return standard_normal(shape);
    }

    /**
     * NumPy's {@code RandomState.normal(loc, scale, size)}: float64 {@code loc + scale * g}, g the legacy Gaussian
     * of {@link #standard_normal(long...)}.
     *
     * @throws IllegalArgumentException "scale &lt; 0" (a negative or -0.0 scale; NumPy's ValueError), or a negative dimension
     */
    public NdArray normal(double loc, double scale, long... size) {
        nonNegative(scale, "scale");
        return doubles(Method.NORMAL, loc, scale, size);
    }

    /**
     * NumPy's {@code RandomState.uniform(low, high, size)}: float64 {@code low + (high - low) * u}, u as in
     * {@link #random_sample(long...)}.
     *
     * @throws OverflowException "Range exceeds valid bounds" when {@code high - low} is not finite (NumPy's OverflowError)
     * @throws IllegalArgumentException "negative dimensions are not allowed"
     */
    public NdArray uniform(double low, double high, long... size) {
        double range = high - low;
        if (!Double.isFinite(range)) {
            throw new OverflowException("Range exceeds valid bounds");
        }
        return doubles(Method.UNIFORM, low, range, size);
    }

    /**
     * NumPy's {@code RandomState.standard_exponential(size)}: float64 {@code -log(1 - u)}, u as in
     * {@link #random_sample(long...)}.
     *
     * @throws IllegalArgumentException "negative dimensions are not allowed"
     */
    public NdArray standard_exponential(long... size) {
        return doubles(Method.EXPONENTIAL, 1.0, 0, size);
    }

    /**
     * NumPy's {@code RandomState.exponential(scale, size)}: float64 {@code scale * -log(1 - u)}.
     *
     * @throws IllegalArgumentException "scale &lt; 0", or a negative dimension
     */
    public NdArray exponential(double scale, long... size) {
        nonNegative(scale, "scale");
        return doubles(Method.EXPONENTIAL, scale, 0, size);
    }

    /**
     * NumPy's {@code RandomState.lognormal(mean, sigma, size)}: float64 {@code exp(mean + sigma * g)}, g the
     * legacy Gaussian.
     *
     * @throws IllegalArgumentException "sigma &lt; 0", or a negative dimension
     */
    public NdArray lognormal(double mean, double sigma, long... size) {
        nonNegative(sigma, "sigma");
        return doubles(Method.LOGNORMAL, mean, sigma, size);
    }

    // ------------------------------------------------------------------ integers

    /**
     * Integers on the closed {@code [low, highIncl]} as NumPy's {@code _rand_int64/_rand_int32/_rand_bool} with
     * masked rejection; {@code highIncl} is {@code high - 1} of an exclusive high ({@code emptyHigh}: that
     * subtraction went below Long.MIN_VALUE).
     */
    private NdArray bounded(long low, long highIncl, boolean emptyHigh, long[] size, DType dtype) {
        if (dtype.isFloating()) {
            throw new DTypeException("Unsupported dtype dtype('" + dtype.numpyName() + "') for randint");
        }
        Shapes.checkNonNegative(size);
        if (Shapes.volume(size) == 0) {
            return Creation.empty(bits.ctx, dtype, size.clone());
        }
        long lb = dtype == DType.BOOL ? 0 : dtype == DType.INT32 ? Integer.MIN_VALUE : Long.MIN_VALUE;
        long ub = dtype == DType.BOOL ? 1 : dtype == DType.INT32 ? Integer.MAX_VALUE : Long.MAX_VALUE;
        if (low < lb) {
            throw new IllegalArgumentException("low is out of bounds for " + dtype.numpyName());
        }
        if (!emptyHigh && highIncl > ub) {
            throw new IllegalArgumentException("high is out of bounds for " + dtype.numpyName());
        }
        if (emptyHigh || low > highIncl) {
            throw new IllegalArgumentException(low == 0 ? "high <= 0" : "low >= high");
        }
        return RandomStates.integers(bits, gauss, low, highIncl - low, size.clone(), dtype);
    }

    /**
     * NumPy's {@code RandomState.randint(low, high, size, dtype)}: integers uniform on {@code [low, high)} of
     * {@code dtype} (int64, int32 or bool) and shape {@code size}, by NumPy's legacy masked rejection: with
     * {@code rng = high - 1 - low} and {@code mask} the smallest {@code 2^k - 1 >= rng}, each value is
     * {@code low + (x & mask)} of the first output x with {@code (x & mask) <= rng}, x a 32-bit output when
     * {@code rng < 2^32} else a 64-bit one (two outputs, the first high); bool uses one bit of a buffered 32-bit
     * output per value. An empty {@code size} draws nothing and checks no bounds (as NumPy).
     *
     * @throws IllegalArgumentException "low &gt;= high" ("high &lt;= 0" when low is 0), "low is out of bounds for
     *     int32", "high is out of bounds for int32", "negative dimensions are not allowed"
     * @throws DTypeException "Unsupported dtype dtype('float64') for randint" (NumPy's TypeError)
     */
    public NdArray randint(long low, long high, long[] size, DType dtype) {
        return bounded(low, high - 1, high == Long.MIN_VALUE, size, dtype);
    }

    /** NumPy's {@code RandomState.randint(low, high, size)}: int64, as {@link #randint(long, long, long[], DType)}. @throws IllegalArgumentException "low &gt;= high" */
    public NdArray randint(long low, long high, long... size) {
        return randint(low, high, size, DType.INT64);
    }

    /** NumPy's {@code RandomState.randint(high)}: one int64 on {@code [0, high)}, a 0-d array. @throws IllegalArgumentException "high &lt;= 0" */
    public NdArray randint(long high) {
        return randint(0, high, new long[0], DType.INT64);
    }

    /**
     * NumPy's deprecated {@code RandomState.random_integers(low, high, size)}: int64 on the closed
     * {@code [low, high]}, NumPy's {@code randint(low, high + 1, size)} (the same draws).
     *
     * @throws IllegalArgumentException "low &gt;= high" when {@code high < low}, or a negative dimension
     */
    public NdArray random_integers(long low, long high, long... size) {
        return bounded(low, high, false, size, DType.INT64);
    }

    // ------------------------------------------------------------------ permutations and choice

    /**
     * NumPy's {@code RandomState.permutation(n)}: {@code arange(n)} (int64) shuffled by NumPy's legacy
     * Fisher-Yates: for {@code i = n-1 .. 1} swap positions {@code i} and {@code random_interval(i)} (masked
     * rejection on {@code [0, i]}). A negative {@code n} gives an empty array, as NumPy's {@code arange}.
     */
    public NdArray permutation(long n) {
        return RandomStates.draw(bits, gauss, Method.PERMUTATION, 0, 0, 0, 0, DType.INT64,
                new long[]{Math.max(0, n)}, null);
    }

    /**
     * NumPy's {@code RandomState.permutation(x)}: a copy of {@code x} with its rows (first axis) in the order
     * {@link #permutation(long) permutation(len(x))} draws; shape and dtype of {@code x}.
     *
     * @throws NdIndexException "x must be an integer or at least 1-dimensional" for a 0-d {@code x} (NumPy's IndexError)
     */
    public NdArray permutation(NdArray x) {
        if (x.ndim() == 0) {
            throw new NdIndexException("x must be an integer or at least 1-dimensional");
        }
        return FancyIndexing.take(x, permutation(x.shape()[0]), 0);
    }

    /**
     * NumPy's {@code RandomState.shuffle(x)}: reorders the rows (first axis) of {@code x} in place by the swaps of
     * {@link #permutation(long) permutation(len(x))}; an empty {@code x} draws nothing.
     *
     * @throws IllegalArgumentException "len() of unsized object" for a 0-d {@code x} (NumPy's TypeError)
     */
    public void shuffle(NdArray x) {
        if (x.ndim() == 0) {
            throw new IllegalArgumentException("len() of unsized object");
        }
        if (x.size() == 0) {
            return;
        }
        Indexing.assign(x, FancyIndexing.take(x, permutation(x.shape()[0]), 0));
    }

    /** NumPy's {@code RandomState.choice(a, size)}: int64 draws from {@code arange(a)} with replacement ({@code randint(0, a, size)}). @throws IllegalArgumentException "a must be greater than 0 unless no samples are taken" */
    public NdArray choice(long a, long... size) {
        return choice(a, size, true, null);
    }

    /**
     * NumPy's {@code RandomState.choice(a, size, replace, p)} over {@code arange(a)}: int64 of shape {@code size}.
     * With replacement: {@code randint(0, a, size)}, or with weights p {@code searchsorted(cdf, u, 'right')} of
     * {@code random_sample(size)} and {@code cdf = cumsum(p) / sum(p)}. Without replacement:
     * {@code permutation(a)[:size]}, or with p NumPy's loop (draw the missing count of uniforms, zero the weights of
     * values already found, map through the renormalised CDF, keep the new distinct values in order of first
     * appearance, repeat). p is read at the call and checked as NumPy does (Kahan sum within {@code sqrt(eps)} of 1).
     *
     * @throws IllegalArgumentException NumPy's ValueErrors: "a must be greater than 0 unless no samples are taken",
     *     "'p' must be 1-dimensional", "'a' and 'p' must have same size", "probabilities contain NaN",
     *     "probabilities are not non-negative", "probabilities do not sum to 1", "Cannot take a larger sample than
     *     population when 'replace=False'", "Fewer non-zero entries in p than size", "negative dimensions are not allowed"
     */
    public NdArray choice(long a, long[] size, boolean replace, NdArray p) {
        Shapes.checkNonNegative(size);
        long count = Shapes.volume(size);
        if (a <= 0 && count != 0) {
            throw new IllegalArgumentException("a must be greater than 0 unless no samples are taken");
        }
        return choiceIndices(a, size.clone(), count, replace, p);
    }

    /**
     * NumPy's {@code RandomState.choice(a, size, replace, p)} over the elements of a 1-d array {@code a}:
     * {@code a[idx]} for the indices {@link #choice(long, long[], boolean, NdArray) choice(len(a), size, replace, p)}
     * draws; {@code a}'s dtype, shape {@code size}.
     *
     * @throws IllegalArgumentException "a must be 1-dimensional", "'a' cannot be empty unless no samples are taken",
     *     and the errors of {@link #choice(long, long[], boolean, NdArray)}
     */
    public NdArray choice(NdArray a, long[] size, boolean replace, NdArray p) {
        if (a.ndim() != 1) {
            throw new IllegalArgumentException("a must be 1-dimensional");
        }
        Shapes.checkNonNegative(size);
        long count = Shapes.volume(size);
        long pop = a.shape()[0];
        if (pop == 0 && count != 0) {
            throw new IllegalArgumentException("'a' cannot be empty unless no samples are taken");
        }
        NdArray idx = choiceIndices(pop, size.clone(), count, replace, p);
        return FancyIndexing.take(a, idx.reshape(count), 0).reshape(size.clone());
    }

    private NdArray choiceIndices(long pop, long[] size, long count, boolean replace, NdArray p) {
        NdArray weights = null;
        if (p != null) {
            if (p.ndim() != 1) {
                throw new IllegalArgumentException("'p' must be 1-dimensional");
            }
            if (p.size() != pop) {
                throw new IllegalArgumentException("'a' and 'p' must have same size");
            }
            double atol = Math.sqrt(LinalgFunctions.EPS64);
            if (p.dtype() == DType.FLOAT32) {
                atol = Math.max(atol, Math.sqrt(LinalgFunctions.EPS32));
            }
            weights = p.dtype() == DType.FLOAT64 ? p : p.astype(DType.FLOAT64);
            double[] pv = weights.toDoubleArray(); // NumPy checks p's values at the call
            double sum = kahanSum(pv);
            if (Double.isNaN(sum)) {
                throw new IllegalArgumentException("probabilities contain NaN");
            }
            long positive = 0;
            for (double x : pv) {
                if (x < 0) {
                    throw new IllegalArgumentException("probabilities are not non-negative");
                }
                positive += x > 0 ? 1 : 0;
            }
            if (Math.abs(sum - 1.0) > atol) {
                throw new IllegalArgumentException("probabilities do not sum to 1");
            }
            if (!replace) {
                if (count > pop) {
                    throw new IllegalArgumentException("Cannot take a larger sample than population when 'replace=False'");
                }
                if (positive < count) {
                    throw new IllegalArgumentException("Fewer non-zero entries in p than size");
                }
            }
        }
        if (replace) {
            if (weights != null) {
                return RandomStates.draw(bits, gauss, Method.CHOICE_P, 0, 0, 0, 0, DType.INT64, size, weights);
            }
            return count == 0 ? Creation.empty(bits.ctx, DType.INT64, size) : randint(0, pop, size);
        }
        if (count > pop) {
            throw new IllegalArgumentException("Cannot take a larger sample than population when 'replace=False'");
        }
        if (weights != null) {
            return RandomStates.draw(bits, gauss, Method.CHOICE_P_NO_REPLACE, 0, 0, 0, 0, DType.INT64, size, weights);
        }
        return permutation(pop).get(Slice.of(0L, count)).copy().reshape(size);
    }

    /** NumPy's {@code kahan_sum} (compensated, in order). */
    private static double kahanSum(double[] d) {
        if (d.length == 0) {
            return 0.0;
        }
        double sum = d[0];
        double c = 0.0;
        for (int i = 1; i < d.length; i++) {
            double y = d[i] - c;
            double t = sum + y;
            c = (t - sum) - y;
            sum = t;
        }
        return sum;
    }

    /**
     * NumPy's {@code RandomState.bytes(length)}: {@code length} random bytes, the little-endian bytes of the next
     * {@code (length - 1) / 4 + 1} 32-bit outputs (C division: {@code bytes(0)} still draws one), cut to
     * {@code length}; read to the host.
     *
     * @throws IllegalArgumentException "negative dimensions are not allowed" for a negative length (NumPy returns
     *     a few bytes there)
     */
    public byte[] bytes(long length) {
        if (length < 0 || length > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException("negative dimensions are not allowed");
        }
        long words = (length - 1) / 4 + 1;
        long[] w = RandomStates.integers(bits, gauss, 0, 0xffffffffL, new long[]{words}, DType.INT64).toLongArray();
        byte[] out = new byte[(int) length];
        for (int i = 0; i < out.length; i++) {
            out[i] = (byte) (w[i / 4] >>> (8 * (i % 4)));
        }
        return out;
    }

    @Override
    public String toString() {
        return "RandomState(MT19937)";
    }
}
