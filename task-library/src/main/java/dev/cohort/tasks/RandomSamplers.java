package dev.cohort.tasks;

import dev.cohort.runtime.launch.TaskContext;

/**
 * The kernel of {@link OpCode#RAND_DIST} and its per-element samplers.
 *
 * <p><b>Streams.</b> Element {@code i} (flat row-major index in the whole iteration space) of a draw on stream
 * {@code s} under key {@code seed} reads uniforms from Philox4x32-10 blocks with counter {@code (i, s + (b << 40))}
 * for {@code b = 0, 1, 2, ...}: two 53-bit uniforms per block, taken in order as the sampler asks for them. A
 * rejection sampler simply asks for more; since the sequence of an element depends only on (seed, stream, i),
 * the values are identical for every tiling and shard count, and no element ever runs out (no truncated
 * rejection loop). Stream numbers below {@code 2^40} never collide.
 */
public final class RandomSamplers {
    private RandomSamplers() {
    }

    static void draw(TaskContext ctx) {
        RandomDraw args = RandomDraw.decode(ctx.scalars());
        Tile t = Tile.of(ctx, args.space());
        if (t.empty) {
            return;
        }
        Tile.View out = t.view(args.out(), "RAND_DIST out");
        Tile.View index = t.flatIndex();
        Tile.Plan plan = t.plan(out, index);
        boolean integral = args.dist().integral();
        Source src = new Source(args.seed(), args.stream());
        double[] dbuf = Scratch.get().da;
        long[] lbuf = Scratch.get().la;
        final int chunk = Math.min(dbuf.length, lbuf.length);
        plan.forEachRow((off, n) -> {
            long io = plan.inner[0];
            long ix = plan.inner[1];
            for (int c0 = 0; c0 < n; c0 += chunk) {
                int m = Math.min(chunk, n - c0);
                long k = off[1] + c0 * ix;
                for (int j = 0; j < m; j++, k += ix) {
                    src.reset(k);
                    if (integral) {
                        lbuf[j] = sampleL(args.dist(), src, args.p0(), args.p1(), args.p2());
                    } else {
                        dbuf[j] = sampleD(args.dist(), src, args.p0(), args.p1(), args.p2());
                    }
                }
                if (integral) {
                    out.scatterL(off[0] + c0 * io, io, lbuf, 0, m);
                } else {
                    out.scatterD(off[0] + c0 * io, io, dbuf, 0, m);
                }
            }
        });
    }

    /** The uniforms of one element: see the class comment. */
    public static final class Source {
        private final long seed;
        private final long stream;
        private long index;
        private long block;
        private int used = 2;
        private final int[] w = new int[4];

        public Source(long seed, long stream) {
            this.seed = seed;
            this.stream = stream;
        }

        /** Restarts at element {@code index}'s first uniform. */
        public void reset(long index) {
            this.index = index;
            this.block = 0;
            this.used = 2;
        }

        private long bits() {
            if (used == 2) {
                Philox4x32.element(seed, stream + (block << 40), index, w);
                block++;
                used = 0;
            }
            int hi = w[2 * used];
            int lo = w[2 * used + 1];
            used++;
            return (((hi & 0xFFFFFFFFL) << 32) | (lo & 0xFFFFFFFFL)) >>> 11;
        }

        /** Uniform on [0, 1). */
        public double u() {
            return bits() * 0x1.0p-53;
        }

        /** Uniform on (0, 1]. */
        public double uOpen() {
            return (bits() + 1) * 0x1.0p-53;
        }

        /** Standard normal (Box-Muller, two uniforms). */
        public double normal() {
            double u1 = uOpen();
            double u2 = u();
            return Math.sqrt(-2.0 * Math.log(u1)) * Math.cos(2.0 * Math.PI * u2);
        }
    }

    /** One float64 draw of {@code dist}. */
    public static double sampleD(RandomDist dist, Source s, double p0, double p1, double p2) {
        return switch (dist) {
            case GAMMA -> gamma(s, p0) * p1;
            case BETA -> beta(s, p0, p1);
            case CHISQUARE -> chisquare(s, p0);
            case NONCENTRAL_CHISQUARE -> noncentralChisquare(s, p0, p1);
            case F -> (chisquare(s, p0) * p1) / (chisquare(s, p1) * p0);
            case NONCENTRAL_F -> (noncentralChisquare(s, p0, p2) * p1) / (chisquare(s, p1) * p0);
            case STANDARD_T -> {
                double n = s.normal();
                yield n / Math.sqrt(chisquare(s, p0) / p0);
            }
            case VONMISES -> vonmises(s, p0, p1);
            case WALD -> wald(s, p0, p1);
            case TRIANGULAR -> triangular(s, p0, p1, p2);
            default -> sampleL(dist, s, p0, p1, p2);
        };
    }

    /** One int64 draw of an {@link RandomDist#integral()} {@code dist}. */
    public static long sampleL(RandomDist dist, Source s, double p0, double p1, double p2) {
        return switch (dist) {
            case POISSON -> poisson(s, p0);
            case BINOMIAL -> binomial(s, (long) p0, p1);
            case GEOMETRIC -> geometric(s, p0);
            case NEGATIVE_BINOMIAL -> p1 == 1 ? 0 : poisson(s, gamma(s, p0) * (1 - p1) / p1);
            case ZIPF -> zipf(s, p0);
            case LOGSERIES -> logseries(s, p0);
            case HYPERGEOMETRIC -> hypergeometric(s, (long) p0, (long) p1, (long) p2);
            default -> throw new IllegalArgumentException(dist + " is not an integer distribution");
        };
    }

    /** Standard gamma of shape {@code a >= 0}: Marsaglia and Tsang (2000); {@code a < 1} as {@code G(a + 1) u^(1/a)}. */
    static double gamma(Source s, double a) {
        if (a == 0) {
            return 0;
        }
        if (a < 1) {
            double u = s.uOpen();
            return gamma(s, a + 1) * Math.pow(u, 1 / a);
        }
        double d = a - 1.0 / 3.0;
        double c = 1.0 / Math.sqrt(9.0 * d);
        while (true) {
            double x;
            double v;
            do {
                x = s.normal();
                v = 1.0 + c * x;
            } while (v <= 0);
            v = v * v * v;
            double u = s.uOpen();
            double x2 = x * x;
            if (u < 1.0 - 0.0331 * x2 * x2) {
                return d * v;
            }
            if (Math.log(u) < 0.5 * x2 + d * (1.0 - v + Math.log(v))) {
                return d * v;
            }
        }
    }

    static double chisquare(Source s, double df) {
        return 2.0 * gamma(s, df / 2.0);
    }

    static double noncentralChisquare(Source s, double df, double nonc) {
        if (nonc == 0) {
            return chisquare(s, df);
        }
        if (df > 1) {
            double chi = chisquare(s, df - 1);
            double n = s.normal() + Math.sqrt(nonc);
            return chi + n * n;
        }
        long i = poisson(s, nonc / 2.0);
        return chisquare(s, df + 2.0 * i);
    }

    static double beta(Source s, double a, double b) {
        if (a <= 1 && b <= 1) { // Jöhnk
            while (true) {
                double u = s.u();
                double v = s.u();
                double x = Math.pow(u, 1 / a);
                double y = Math.pow(v, 1 / b);
                double xy = x + y;
                if (xy <= 1 && xy > 0) {
                    return x / xy;
                }
                if (xy <= 1) { // both underflowed: compare in logs
                    double lx = Math.log(u) / a;
                    double ly = Math.log(v) / b;
                    double lm = Math.max(lx, ly);
                    lx -= lm;
                    ly -= lm;
                    return Math.exp(lx - Math.log(Math.exp(lx) + Math.exp(ly)));
                }
            }
        }
        double x = gamma(s, a);
        double y = gamma(s, b);
        return x / (x + y);
    }

    /** Poisson of mean {@code lam >= 0}: multiplication below 10, PTRS (Hörmann 1993) from 10. */
    static long poisson(Source s, double lam) {
        if (lam == 0) {
            return 0;
        }
        if (lam < 10) {
            double l = Math.exp(-lam);
            long k = 0;
            double p = s.u();
            while (p > l) {
                k++;
                p *= s.u();
            }
            return k;
        }
        double slam = Math.sqrt(lam);
        double loglam = Math.log(lam);
        double b = 0.931 + 2.53 * slam;
        double a = -0.059 + 0.02483 * b;
        double invalpha = 1.1239 + 1.1328 / (b - 3.4);
        double vr = 0.9277 - 3.6224 / (b - 2);
        while (true) {
            double u = s.u() - 0.5;
            double v = s.u();
            double us = 0.5 - Math.abs(u);
            long k = (long) Math.floor((2 * a / us + b) * u + lam + 0.43);
            if (us >= 0.07 && v <= vr) {
                return k;
            }
            if (k < 0 || (us < 0.013 && v > us)) {
                continue;
            }
            if (Math.log(v) + Math.log(invalpha) - Math.log(a / (us * us) + b) <= -lam + k * loglam - lgamma(k + 1)) {
                return k;
            }
        }
    }

    /** Binomial: Knuth's beta splitting (the a-th smallest of n uniforms is Beta(a, n + 1 - a)), then trials. */
    static long binomial(Source s, long n, double p) {
        if (p > 0.5) {
            return n - binomial(s, n, 1 - p);
        }
        long k = 0;
        while (n > 16 && p > 0) {
            long a = 1 + n / 2;
            long b = n + 1 - a;
            double x = beta(s, a, b);
            if (x >= p) {
                n = a - 1;
                p = p / x;
            } else {
                k += a;
                n = b - 1;
                p = (p - x) / (1 - x);
            }
        }
        if (p <= 0) {
            return k;
        }
        for (long i = 0; i < n; i++) {
            if (s.u() < p) {
                k++;
            }
        }
        return k;
    }

    static long geometric(Source s, double p) {
        if (p == 1) {
            return 1;
        }
        double x = Math.ceil(Fdlibm.log1p(-s.u()) / Fdlibm.log1p(-p));
        return x < 1 ? 1 : x >= 0x1.0p63 ? Long.MAX_VALUE : (long) x;
    }

    static double vonmises(Source s, double mu, double kappa) {
        if (kappa < 1e-8) {
            return Math.PI * (2 * s.u() - 1);
        }
        double sv;
        if (kappa < 1e-5) {
            sv = 1 / kappa + kappa;
        } else {
            double r = 1 + Math.sqrt(1 + 4 * kappa * kappa);
            double rho = (r - Math.sqrt(2 * r)) / (2 * kappa);
            sv = (1 + rho * rho) / (2 * rho);
        }
        double w;
        while (true) {
            double u = s.u();
            double z = Math.cos(Math.PI * u);
            w = (1 + sv * z) / (sv + z);
            double y = kappa * (sv - w);
            double v = s.uOpen();
            if (y * (2 - y) - v >= 0 || Math.log(y / v) + 1 - y >= 0) {
                break;
            }
        }
        double result = Math.acos(Math.max(-1, Math.min(1, w)));
        if (s.u() < 0.5) {
            result = -result;
        }
        result += mu;
        boolean neg = result < 0;
        double mod = Math.abs(result);
        mod = ((mod + Math.PI) % (2 * Math.PI)) - Math.PI;
        return neg ? -mod : mod;
    }

    static double wald(Source s, double mean, double scale) {
        double mu2l = mean / (2 * scale);
        double y = s.normal();
        y = mean * y * y;
        double x = mean + mu2l * (y - Math.sqrt(4 * scale * y + y * y));
        double u = s.u();
        return u <= mean / (mean + x) ? x : mean * mean / x;
    }

    static long zipf(Source s, double a) {
        double am1 = a - 1;
        double b = Math.pow(2, am1);
        while (true) {
            double u = 1 - s.u();
            double v = s.u();
            double x = Math.floor(Math.pow(u, -1 / am1));
            if (x >= 0x1.0p63 || x < 1) {
                continue;
            }
            double t = Math.pow(1 + 1 / x, am1);
            if (v * x * (t - 1) / (b - 1) <= t / b) {
                return (long) x;
            }
        }
    }

    static long logseries(Source s, double p) {
        double r = Fdlibm.log1p(-p);
        while (true) {
            double v = s.u();
            if (v >= p) {
                return 1;
            }
            double u = s.u();
            double q = -Fdlibm.expm1(r * u);
            if (v <= q * q) {
                double x = Math.floor(1 + Math.log(v) / Math.log(q));
                if (x < 1 || v == 0) {
                    continue;
                }
                return x >= 0x1.0p63 ? Long.MAX_VALUE : (long) x;
            }
            return v >= q ? 1 : 2;
        }
    }

    /** Good items among {@code nsample} drawn without replacement: {@code min(nsample, total - nsample)} sequential draws. */
    static long hypergeometric(Source s, long ngood, long nbad, long nsample) {
        long total = ngood + nbad;
        long m = Math.min(nsample, total - nsample);
        long good = ngood;
        long left = total;
        long k = 0;
        for (long i = 0; i < m; i++) {
            if (s.u() * left < good) {
                k++;
                good--;
            }
            left--;
        }
        return m == nsample ? k : ngood - k;
    }

    static double triangular(Source s, double left, double mode, double right) {
        double base = right - left;
        double leftbase = mode - left;
        double ratio = leftbase / base;
        double u = s.u();
        if (u <= ratio) {
            return left + Math.sqrt(u * leftbase * base);
        }
        return right - Math.sqrt((1 - u) * (right - mode) * base);
    }

    private static final double[] LANCZOS = {0.99999999999980993, 676.5203681218851, -1259.1392167224028,
            771.32342877765313, -176.61502916214059, 12.507343278686905, -0.13857109526572012,
            9.9843695780195716e-6, 1.5056327351493116e-7};

    /** {@code log(Gamma(x))} for {@code x >= 0.5} (Lanczos, g = 7). */
    static double lgamma(double x) {
        x -= 1;
        double a = LANCZOS[0];
        double t = x + 7.5;
        for (int i = 1; i < 9; i++) {
            a += LANCZOS[i] / (x + i);
        }
        return 0.5 * Math.log(2 * Math.PI) + (x + 0.5) * Math.log(t) - t + Math.log(a);
    }
}
