package dev.cohort.tasks;

/**
 * Distributions of {@link OpCode#RAND_DIST}, drawn per element by {@link RandomSamplers} from the element's own
 * counter-based uniforms (so values depend only on seed, stream and element index). Parameters {@code p0, p1, p2}
 * of {@link RandomDraw} in NumPy's argument order; {@link #integral()} ones write int64, the others float64.
 * New values are appended so encoded ordinals keep their meaning.
 */
public enum RandomDist {
    /** {@code gamma(shape=p0, scale=p1)}: Marsaglia-Tsang (shape {@code < 1}: boosted by {@code u^(1/shape)}). */
    GAMMA,
    /** {@code poisson(lam=p0)}: multiplication method below 10, Hörmann's PTRS from 10. */
    POISSON,
    /** {@code binomial(n=p0, p=p1)}: Knuth's beta splitting down to {@code n <= 16}, then Bernoulli trials. */
    BINOMIAL,
    /** {@code geometric(p=p0)}: trials to the first success, {@code >= 1}, by inversion. */
    GEOMETRIC,
    /** {@code negative_binomial(n=p0, p=p1)}: {@code poisson(gamma(n, (1 - p) / p))}. */
    NEGATIVE_BINOMIAL,
    /** {@code beta(a=p0, b=p1)}: Jöhnk's algorithm when both are {@code <= 1}, else {@code X / (X + Y)} of gammas. */
    BETA,
    /** {@code chisquare(df=p0)}: {@code 2 gamma(df / 2)}. */
    CHISQUARE,
    /** {@code noncentral_chisquare(df=p0, nonc=p1)}. */
    NONCENTRAL_CHISQUARE,
    /** {@code f(dfnum=p0, dfden=p1)}. */
    F,
    /** {@code noncentral_f(dfnum=p0, dfden=p1, nonc=p2)}. */
    NONCENTRAL_F,
    /** {@code standard_t(df=p0)}: {@code N / sqrt(chisquare(df) / df)}. */
    STANDARD_T,
    /** {@code vonmises(mu=p0, kappa=p1)}: Best and Fisher's rejection, on {@code [-pi, pi]}. */
    VONMISES,
    /** {@code wald(mean=p0, scale=p1)}: Michael, Schucany and Haas. */
    WALD,
    /** {@code zipf(a=p0)}: Devroye's rejection. */
    ZIPF,
    /** {@code logseries(p=p0)}: Kemp's algorithm. */
    LOGSERIES,
    /** {@code hypergeometric(ngood=p0, nbad=p1, nsample=p2)}: draws without replacement, {@code min(nsample, total - nsample)} of them. */
    HYPERGEOMETRIC,
    /** {@code triangular(left=p0, mode=p1, right=p2)}: inversion. */
    TRIANGULAR;

    /** True for the distributions whose values are integers (int64 results). */
    public boolean integral() {
        return switch (this) {
            case POISSON, BINOMIAL, GEOMETRIC, NEGATIVE_BINOMIAL, ZIPF, LOGSERIES, HYPERGEOMETRIC -> true;
            default -> false;
        };
    }
}
