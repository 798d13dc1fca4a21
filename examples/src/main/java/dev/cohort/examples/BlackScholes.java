package dev.cohort.examples;

import dev.cohort.ndarray.NdArray;
import dev.cohort.ndarray.Np;

/**
 * Black-Scholes prices of n European calls and puts on random options, written as one would in NumPy, the Java twin
 * of {@code tools/reference/blackscholes.py}. After {@code Np.random.seed(seed)}, in this order (random streams 0, 1,
 * 2, which {@code tools/reference/philox.py} reproduces bit for bit):
 *
 * <pre>
 * S = Np.random.uniform(5, 30, n)      spot price
 * K = Np.random.uniform(1, 100, n)     strike
 * T = Np.random.uniform(0.25, 10, n)   years to expiry
 * d1   = (log(S / K) + (r + v^2 / 2) T) / (v sqrt(T));   d2 = d1 - v sqrt(T)
 * N(x) = 0.5 (1 + erf(x / sqrt(2)))
 * call = S N(d1) - K exp(-r T) N(d2);   put = K exp(-r T) N(-d2) - S N(-d1)
 * </pre>
 *
 * <p>{@code erf} is {@link Np#erf} (scipy.special.erf to 1-2 ulp; the reference's default {@code cdf=erf}), or
 * Abramowitz and Stegun 7.1.26 ({@code |error| <= 1.5e-7}), which needs only exp, abs and where, in the reference's
 * Horner form and order of operations (its {@code cdf=as7126}):
 * {@code t = 1 / (1 + p |x|)}, {@code erf(|x|) = 1 - t (a1 + t (a2 + t (a3 + t (a4 + t a5)))) exp(-x^2)},
 * {@code erf(x) = where(x < 0, -erf(|x|), erf(|x|))}. Put-call parity {@code call - put = S - K exp(-r T)} holds for
 * every option; {@code parity_max_abs_error} is the largest difference between its sides (rounding only).
 */
public final class BlackScholes {
    /** The erf inside the cumulative normal, named as the reference's {@code cdf=} argument. */
    public enum Cdf {
        /** {@link Np#erf} (scipy.special.erf). */
        erf,
        /** Abramowitz and Stegun 7.1.26. */
        as7126
    }
    static final double AS_P = 0.3275911;
    static final double[] AS_A = {0.254829592, -0.284496736, 1.421413741, -1.453152027, 1.061405429};

    /**
     * What a pricing run gives.
     *
     * @param n                  options
     * @param firstS             the first 3 spot prices (to check the draws against NumPy's philox.py)
     * @param firstK             the first 3 strikes
     * @param firstT             the first 3 expiries
     * @param callSum            sum of the call prices
     * @param putSum             sum of the put prices
     * @param parityMaxAbsError  {@code max |(call - put) - (S - K exp(-r T))|}
     * @param seconds            wall time of the draws and the pricing
     */
    public record Result(long n, double[] firstS, double[] firstK, double[] firstT, double callSum, double putSum,
                         double parityMaxAbsError, double seconds) {
    }

    private BlackScholes() {
    }

    /**
     * Draws n options and prices them with riskless rate {@code r}, volatility {@code v} and the normal CDF's erf
     * {@code cdf}.
     *
     * @throws IllegalArgumentException when n < 1 or v <= 0
     */
    public static Result price(long n, long seed, double r, double v, Cdf cdf) {
        if (n < 1 || !(v > 0)) {
            throw new IllegalArgumentException("n must be >= 1 and v > 0, got n = " + n + ", v = " + v);
        }
        long start = System.nanoTime();
        Np.random.seed(seed);
        NdArray S = Np.random.uniform(5, 30, n);
        NdArray K = Np.random.uniform(1, 100, n);
        NdArray T = Np.random.uniform(0.25, 10, n);

        Prices p = prices(S, K, T, r, v, cdf);
        double callSum = p.call().sum().itemDouble();
        double putSum = p.put().sum().itemDouble();
        double parity = p.call().subtract(p.put()).subtract(S.subtract(p.disc())).abs().max().itemDouble();
        double seconds = (System.nanoTime() - start) / 1e9;
        String first = ":" + Math.min(3, n);
        return new Result(n, S.get(first).toDoubleArray(), K.get(first).toDoubleArray(), T.get(first).toDoubleArray(),
                callSum, putSum, parity, seconds);
    }

    /** The prices of every option and the discounted strikes {@code K exp(-r T)}. */
    record Prices(NdArray call, NdArray put, NdArray disc) {
    }

    /** The call and put prices of the options (S, K, T) (arrays of one shape) as the class comment says. */
    static Prices prices(NdArray S, NdArray K, NdArray T, double r, double v, Cdf cdf) {
        NdArray sqrtT = T.sqrt();
        NdArray d1 = Np.log(S.divide(K)).add(T.multiply(r + v * v / 2)).divide(sqrtT.multiply(v));
        NdArray d2 = d1.subtract(sqrtT.multiply(v));
        NdArray disc = K.multiply(T.multiply(-r).exp());
        NdArray call = S.multiply(cdf(d1, cdf)).subtract(disc.multiply(cdf(d2, cdf)));
        NdArray put = disc.multiply(cdf(d2.negative(), cdf)).subtract(S.multiply(cdf(d1.negative(), cdf)));
        return new Prices(call, put, disc);
    }

    /**
     * {@code {sum(call), sum(put)}} of the options (S, K, T), priced as {@link #price} does (the macro benchmark's
     * iteration, on options it draws itself).
     */
    public static double[] priceSums(NdArray S, NdArray K, NdArray T, double r, double v) {
        Prices p = prices(S, K, T, r, v, Cdf.as7126);
        return new double[]{p.call().sum().itemDouble(), p.put().sum().itemDouble()};
    }

    /** The standard normal CDF {@code 0.5 (1 + erf(x / sqrt(2)))}. */
    static NdArray cdf(NdArray x, Cdf cdf) {
        NdArray z = x.multiply(1 / Math.sqrt(2.0));
        return (cdf == Cdf.erf ? Np.erf(z) : erfAs7126(z)).add(1.0).multiply(0.5);
    }

    /** erf by Abramowitz and Stegun 7.1.26 in the reference's Horner order ({@code cdf=as7126}). */
    static NdArray erfAs7126(NdArray x) {
        NdArray ax = x.abs();
        NdArray t = Np.divide(1.0, ax.multiply(AS_P).add(1.0));
        NdArray poly = t.multiply(AS_A[4]).add(AS_A[3]);
        poly = t.multiply(poly).add(AS_A[2]);
        poly = t.multiply(poly).add(AS_A[1]);
        poly = t.multiply(poly).add(AS_A[0]);
        poly = t.multiply(poly);
        NdArray y = Np.subtract(1.0, poly.multiply(ax.negative().multiply(ax).exp()));
        return Np.where(x.less(0.0), y.negative(), y);
    }
}
