package dev.cohort.tasks;

import dev.cohort.runtime.instance.Instance;
import dev.cohort.runtime.launch.TaskContext;
import dev.cohort.runtime.region.FieldType;

import java.nio.ByteBuffer;
import java.util.Arrays;

/**
 * NumPy's legacy {@code RandomState} samplers on an {@link MersenneTwister} (NumPy 1.16's frozen algorithms,
 * {@code legacy-distributions.c} and the masked bounded integers of {@code distributions.c}) and the kernel of
 * {@link OpCode#RANDOM_STATE} (id 1295).
 *
 * <p>MT19937 is one sequential stream, so a draw is ONE point task over whole stores: requirement 0 is the
 * generator's state (int64, {@link MersenneTwister#STATE_WORDS} words, read-written), an optional second is the
 * {@code RandomState}'s cached Gaussian ({@code [has_gauss, bits of gauss]}, int64, read-written), an optional
 * output store (written in C order, element {@code i} the {@code i}-th value drawn) and an optional float64
 * weights store (read). The launch runs as one replicated point, so every shard draws the same values into its
 * own copy and advances its own copy of the state identically.
 */
public final class LegacyRandom {
    /** What a {@link OpCode#RANDOM_STATE} launch does. */
    public enum Method {
        /** Writes the state (and the Gaussian cache when given) from the scalars' key words and pos. */
        SET_STATE,
        /** {@code p0 + p1 * u}, u the 53-bit double ({@code random_sample}: p0 0, p1 1; {@code uniform}: low, high - low). */
        UNIFORM,
        /** {@code p0 + p1 * legacy_gauss} ({@code standard_normal}, {@code randn}, {@code normal}). */
        NORMAL,
        /** {@code exp(p0 + p1 * legacy_gauss)} ({@code lognormal}). */
        LOGNORMAL,
        /** {@code p0 * -log(1 - u)} ({@code standard_exponential}, {@code exponential}). */
        EXPONENTIAL,
        /** {@code off + } masked rejection on {@code [0, rng]} (rng unsigned 64-bit), NumPy's {@code random_bounded_uint64_fill} with use_masked. */
        INTEGERS,
        /** NumPy's {@code random_bounded_bool_fill}: one bit of a buffered 32-bit output per value ({@code off}, {@code rng} 0 or 1). */
        BOOLS,
        /** {@code arange(n)} shuffled by NumPy's legacy Fisher-Yates ({@code random_interval}), n the output length. */
        PERMUTATION,
        /** Inverse CDF of the weights: {@code searchsorted(cumsum(p) / sum, u, 'right')} per value ({@code choice} with p). */
        CHOICE_P,
        /** NumPy's legacy weighted sampling without replacement ({@code choice(replace=False, p)}): draw, drop repeats, zero found weights, repeat. */
        CHOICE_P_NO_REPLACE
    }

    /** The scalars of a RANDOM_STATE launch (requirement indices, -1 when absent; state is requirement 0). */
    public record Draw(Method method, double p0, double p1, long off, long rng, int gauss, int out, int p, int[] key,
                       int pos, long gaussBits, boolean hasGauss) {
        public byte[] encode() {
            return new ArgCodec.Writer().i32(method.ordinal()).f64(p0).f64(p1).i64(off).i64(rng).i32(gauss).i32(out)
                    .i32(p).ints(key).i32(pos).i64(gaussBits).i32(hasGauss ? 1 : 0).bytes();
        }

        public static Draw decode(ByteBuffer buf) {
            ArgCodec.Reader r = new ArgCodec.Reader(buf);
            return new Draw(r.enumOf(Method.class), r.f64(), r.f64(), r.i64(), r.i64(), r.i32(), r.i32(), r.i32(),
                    r.ints(), r.i32(), r.i64(), r.i32() != 0);
        }

        /** A draw of {@code method} into requirement {@code out} with the Gaussian cache at {@code gauss}. */
        public static Draw of(Method method, double p0, double p1, long off, long rng, int gauss, int out, int p) {
            return new Draw(method, p0, p1, off, rng, gauss, out, p, new int[0], 0, 0, false);
        }

        /** Sets the state to {@code key, pos} (and a cleared Gaussian cache at {@code gauss} when not -1). */
        public static Draw setState(int[] key, int pos, int gauss) {
            return new Draw(Method.SET_STATE, 0, 0, 0, 0, gauss, -1, -1, key, pos, 0, false);
        }
    }

    private final MersenneTwister mt;
    private boolean hasGauss;
    private double gauss;

    /** The legacy samplers on {@code mt} with an empty Gaussian cache. */
    public LegacyRandom(MersenneTwister mt) {
        this.mt = mt;
    }

    /** The bit generator's next double ({@code legacy_double}, {@code random_sample}'s values). */
    public double nextDouble() {
        return mt.nextDouble();
    }

    /** NumPy's {@code legacy_gauss}: the polar method; the second value of a pair is cached for the next call. */
    public double gauss() {
        if (hasGauss) {
            hasGauss = false;
            double g = gauss;
            gauss = 0.0;
            return g;
        }
        double x1;
        double x2;
        double r2;
        do {
            x1 = 2.0 * mt.nextDouble() - 1.0;
            x2 = 2.0 * mt.nextDouble() - 1.0;
            r2 = x1 * x1 + x2 * x2;
        } while (r2 >= 1.0 || r2 == 0.0);
        double f = Math.sqrt(-2.0 * Math.log(r2) / r2);
        gauss = f * x1;
        hasGauss = true;
        return f * x2;
    }

    /** NumPy's {@code legacy_standard_exponential}: {@code -log(1 - u)}. */
    public double standardExponential() {
        return -Math.log(1.0 - mt.nextDouble());
    }

    /** The smallest all-ones bit mask {@code >= max} (NumPy's {@code gen_mask}). */
    static long mask(long max) {
        long m = max;
        m |= m >>> 1;
        m |= m >>> 2;
        m |= m >>> 4;
        m |= m >>> 8;
        m |= m >>> 16;
        m |= m >>> 32;
        return m;
    }

    /** NumPy's {@code random_interval(max)}: uniform on {@code [0, max]} by masked rejection (32-bit outputs when max fits). */
    public long interval(long max) {
        if (max == 0) {
            return 0;
        }
        long m = mask(max);
        long v;
        if (Long.compareUnsigned(max, 0xffffffffL) <= 0) {
            do {
                v = mt.next32() & 0xffffffffL & m;
            } while (v > max);
        } else {
            do {
                v = mt.next64() & m;
            } while (Long.compareUnsigned(v, max) > 0);
        }
        return v;
    }

    /** NumPy's {@code random_bounded_uint64_fill(off, rng, cnt, use_masked=True)}: {@code cnt} values into {@code out}. */
    public void boundedFill(long off, long rng, long[] out, int from, int cnt) {
        if (rng == 0) {
            Arrays.fill(out, from, from + cnt, off);
        } else if (Long.compareUnsigned(rng, 0xffffffffL) <= 0) {
            if (rng == 0xffffffffL) {
                for (int i = 0; i < cnt; i++) {
                    out[from + i] = off + (mt.next32() & 0xffffffffL);
                }
            } else {
                long m = mask(rng);
                for (int i = 0; i < cnt; i++) {
                    long v;
                    do {
                        v = mt.next32() & 0xffffffffL & m;
                    } while (v > rng);
                    out[from + i] = off + v;
                }
            }
        } else if (rng == -1L) {
            for (int i = 0; i < cnt; i++) {
                out[from + i] = off + mt.next64();
            }
        } else {
            long m = mask(rng);
            for (int i = 0; i < cnt; i++) {
                long v;
                do {
                    v = mt.next64() & m;
                } while (Long.compareUnsigned(v, rng) > 0);
                out[from + i] = off + v;
            }
        }
    }

    /** NumPy's {@code random_bounded_bool_fill}: 0/1 values from the bits of buffered 32-bit outputs (low bit first). */
    public void boolFill(boolean off, boolean rng, byte[] out, int from, int cnt) {
        int buf = 0;
        int bcnt = 0;
        for (int i = 0; i < cnt; i++) {
            boolean v;
            if (!rng) {
                v = off;
            } else {
                if (bcnt == 0) {
                    buf = mt.next32();
                    bcnt = 31;
                } else {
                    buf >>>= 1;
                    bcnt--;
                }
                v = (buf & 1) != 0;
            }
            out[from + i] = (byte) (v ? 1 : 0);
        }
    }

    /** NumPy's legacy shuffle of {@code arange(n)}: for i = n-1 .. 1, swap i with {@code random_interval(i)}. */
    public void permutation(long[] out, int from, int n) {
        for (int i = 0; i < n; i++) {
            out[from + i] = i;
        }
        for (int i = n - 1; i >= 1; i--) {
            int j = (int) interval(i);
            long t = out[from + j];
            out[from + j] = out[from + i];
            out[from + i] = t;
        }
    }

    /** {@code cumsum(p) / cumsum(p)[-1]}, NumPy's sequential accumulate and element-wise division. */
    static double[] cdf(double[] p) {
        double[] c = new double[p.length];
        double s = 0;
        for (int i = 0; i < p.length; i++) {
            s += p[i];
            c[i] = s;
        }
        double last = c[c.length - 1];
        for (int i = 0; i < c.length; i++) {
            c[i] /= last;
        }
        return c;
    }

    /** {@code searchsorted(cdf, u, side='right')}: the number of {@code cdf[i] <= u}. */
    static int searchRight(double[] cdf, double u) {
        int lo = 0;
        int hi = cdf.length;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (cdf[mid] <= u) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    /** NumPy's legacy {@code choice(a, size, replace=True, p)}: one uniform per value, inverse CDF. */
    public void choiceWithWeights(double[] p, long[] out, int from, int cnt) {
        double[] c = cdf(p);
        for (int i = 0; i < cnt; i++) {
            out[from + i] = searchRight(c, mt.nextDouble());
        }
    }

    /**
     * NumPy's legacy {@code choice(a, size, replace=False, p)}: while fewer than {@code cnt} are found, draw
     * {@code cnt - found} uniforms, zero the weights of the values found so far, map the uniforms through the
     * renormalised CDF, and append the distinct new values in order of first appearance.
     */
    public void choiceWithoutReplacement(double[] weights, long[] out, int from, int cnt) {
        double[] p = weights.clone();
        int found = 0;
        while (found < cnt) {
            int k = cnt - found;
            double[] x = new double[k];
            for (int i = 0; i < k; i++) {
                x[i] = mt.nextDouble();
            }
            for (int i = 0; i < found; i++) {
                p[(int) out[from + i]] = 0;
            }
            double[] c = cdf(p);
            java.util.LinkedHashSet<Integer> fresh = new java.util.LinkedHashSet<>();
            for (double u : x) {
                fresh.add(searchRight(c, u));
            }
            for (int v : fresh) {
                out[from + found++] = v;
            }
        }
    }

    // ------------------------------------------------------------------ the kernel

    static void draw(TaskContext ctx) {
        Draw d = Draw.decode(ctx.scalars());
        Instance st = ctx.instance(0);
        if (st.type() != FieldType.INT64 || st.size() != MersenneTwister.STATE_WORDS) {
            throw new IllegalArgumentException("RANDOM_STATE: requirement 0 must be an int64 MT19937 state of "
                    + MersenneTwister.STATE_WORDS + " words, got " + st.type() + " of " + st.size());
        }
        long[] sw = st.longs();
        int s0 = st.index(st.rect().lo());
        Instance g = d.gauss() >= 0 ? ctx.instance(d.gauss()) : null;
        long[] gw = g == null ? null : g.longs();
        int g0 = g == null ? 0 : g.index(g.rect().lo());
        if (d.method() == Method.SET_STATE) {
            MersenneTwister.of(d.key(), d.pos()).write(sw, s0);
            if (g != null) {
                gw[g0] = d.hasGauss() ? 1 : 0;
                gw[g0 + 1] = d.gaussBits();
            }
            return;
        }
        LegacyRandom r = new LegacyRandom(MersenneTwister.read(sw, s0));
        if (g != null) {
            r.hasGauss = gw[g0] != 0;
            r.gauss = Double.longBitsToDouble(gw[g0 + 1]);
        }
        Instance out = ctx.instance(d.out());
        int o0 = out.size() == 0 ? 0 : out.index(out.rect().lo());
        int n = out.size();
        switch (d.method()) {
            case UNIFORM, NORMAL, LOGNORMAL, EXPONENTIAL -> {
                if (out.type() != FieldType.FLOAT64) {
                    throw new IllegalArgumentException("RANDOM_STATE " + d.method() + ": output must be FLOAT64, got " + out.type());
                }
                double[] o = out.doubles();
                double a = d.p0();
                double b = d.p1();
                for (int i = 0; i < n; i++) {
                    o[o0 + i] = switch (d.method()) {
                        case UNIFORM -> a + b * r.mt.nextDouble();
                        case NORMAL -> a + b * r.gauss();
                        case LOGNORMAL -> Math.exp(a + b * r.gauss());
                        default -> a * r.standardExponential();
                    };
                }
            }
            case INTEGERS -> {
                long[] v = new long[n];
                r.boundedFill(d.off(), d.rng(), v, 0, n);
                store(out, o0, v);
            }
            case BOOLS -> {
                if (out.type() != FieldType.BOOL) {
                    throw new IllegalArgumentException("RANDOM_STATE BOOLS: output must be BOOL, got " + out.type());
                }
                r.boolFill(d.off() != 0, d.rng() != 0, out.bools(), o0, n);
            }
            case PERMUTATION -> {
                long[] v = new long[n];
                r.permutation(v, 0, n);
                store(out, o0, v);
            }
            case CHOICE_P, CHOICE_P_NO_REPLACE -> {
                Instance pi = ctx.instance(d.p());
                if (pi.type() != FieldType.FLOAT64) {
                    throw new IllegalArgumentException("RANDOM_STATE choice: weights must be FLOAT64, got " + pi.type());
                }
                double[] p = Arrays.copyOfRange(pi.doubles(), pi.index(pi.rect().lo()), pi.index(pi.rect().lo()) + pi.size());
                long[] v = new long[n];
                if (d.method() == Method.CHOICE_P) {
                    r.choiceWithWeights(p, v, 0, n);
                } else {
                    r.choiceWithoutReplacement(p, v, 0, n);
                }
                store(out, o0, v);
            }
            default -> throw new IllegalArgumentException("RANDOM_STATE: unknown method " + d.method());
        }
        r.mt.write(sw, s0);
        if (g != null) {
            gw[g0] = r.hasGauss ? 1 : 0;
            gw[g0 + 1] = Double.doubleToRawLongBits(r.gauss);
        }
    }

    /** Writes int64 values {@code v} (C order) into an INT64 or INT32 output from index {@code o0}. */
    private static void store(Instance out, int o0, long[] v) {
        switch (out.type()) {
            case INT64 -> System.arraycopy(v, 0, out.longs(), o0, v.length);
            case INT32 -> {
                int[] o = out.ints();
                for (int i = 0; i < v.length; i++) {
                    o[o0 + i] = (int) v[i];
                }
            }
            default -> throw new IllegalArgumentException("RANDOM_STATE: integer output must be INT64 or INT32, got " + out.type());
        }
    }
}
