package dev.cohort.ndarray;

import dev.cohort.partitioner.Role;
import dev.cohort.tasks.OpCode;
import dev.cohort.tasks.RandDist;
import dev.cohort.tasks.SortArgs;

import java.util.ArrayList;
import java.util.List;

import static dev.cohort.ndarray.Launches.*;

/**
 * NumPy's {@code Generator} functions beyond {@code rand}/{@code normal}/{@code uniform} ({@link Creation#random}):
 * integers with a dtype, random, standard_normal, permutation, choice. Every draw is a {@code RAND} launch on
 * its own stream: element {@code i} of a call's result is Philox4x32-10 keyed by (program seed, the call's
 * stream number, {@code i}), so the values do not depend on the tiling or on the number of shards (1-8 give the
 * same arrays). Stream numbers count the program's random calls from 0 (reset by {@code seed}); a function that
 * draws twice (choice with p) uses two streams. The numbers are not NumPy's PCG64 stream.
 */
final class RandomFunctions {
    private RandomFunctions() {
    }

    /** {@code Generator.integers(low, high, size, dtype, endpoint)}. */
    static NdArray integers(Cohort ctx, long low, long high, long[] size, DType dtype, boolean endpoint) {
        if (dtype.isFloating()) {
            throw new DTypeException("Unsupported dtype dtype('" + dtype.numpyName() + "') for integers");
        }
        if (endpoint) {
            if (low > high) {
                throw new IllegalArgumentException("low > high");
            }
            if (high == Long.MAX_VALUE) {
                throw new IllegalArgumentException("high is out of bounds for int64");
            }
            high = high + 1;
        } else if (low >= high) {
            throw new IllegalArgumentException("low >= high");
        }
        long min = dtype == DType.BOOL ? 0 : dtype == DType.INT32 ? Integer.MIN_VALUE : Long.MIN_VALUE;
        long max = dtype == DType.BOOL ? 1 : dtype == DType.INT32 ? Integer.MAX_VALUE : Long.MAX_VALUE;
        if (low < min) {
            throw new IllegalArgumentException("low is out of bounds for " + dtype.numpyName());
        }
        if (high - 1 > max) {
            throw new IllegalArgumentException("high is out of bounds for " + dtype.numpyName());
        }
        Shapes.checkNonNegative(size);
        NdArray r = Creation.random(ctx, RandDist.INTEGERS, DType.INT64, low, high, size);
        return dtype == DType.INT64 ? r : r.astype(dtype);
    }

    /** {@code Generator.random(size)}: uniform on [0, 1), float64. */
    static NdArray random(Cohort ctx, long[] size) {
        Shapes.checkNonNegative(size);
        return Creation.random(ctx, RandDist.UNIFORM, DType.FLOAT64, 0, 1, size);
    }

    /** {@code Generator.standard_normal(size)}, float64. */
    static NdArray standardNormal(Cohort ctx, long[] size) {
        Shapes.checkNonNegative(size);
        return Creation.random(ctx, RandDist.NORMAL, DType.FLOAT64, 0, 1, size);
    }

    /** The stable ascending argsort of a 1-d array of keys, as one replicated point (ARGSORT_LOCAL). */
    private static NdArray argsortKeys(NdArray keys) {
        NdArray idx = Creation.empty(keys.ctx, DType.INT64, keys.shape);
        List<Slot> slots = new ArrayList<>();
        slots.add(new Slot(idx, idx.view, Role.WRITE));
        slots.add(new Slot(keys, keys.view, Role.READ));
        Launches.launch(OpCode.ARGSORT_LOCAL.taskId(), keys.shape, slots, new int[0], null, true, space ->
                new SortArgs.ArgsortLocal(1, 0, -1, 0, 0).encode());
        return idx;
    }

    /**
     * {@code Generator.permutation(n)}: a random ordering of {@code 0 .. n-1} (int64): the argsort of {@code n}
     * uniform keys from one stream (ties, of probability about {@code n^2 / 2^54}, keep index order). The keys are
     * drawn distributed; the argsort runs as one replicated point.
     */
    static NdArray permutation(Cohort ctx, long n) {
        if (n < 0) {
            throw new IllegalArgumentException("negative dimensions are not allowed");
        }
        return argsortKeys(random(ctx, new long[]{n}));
    }

    /** {@code Generator.choice(a, size, replace, p)} over {@code arange(a)}; {@code p} null for uniform. */
    static NdArray choice(Cohort ctx, long a, long[] size, boolean replace, NdArray p) {
        Shapes.checkNonNegative(size);
        long count = Shapes.volume(size);
        if (a <= 0 && !(a == 0 && count == 0)) {
            throw new IllegalArgumentException("a must be a positive integer unless no samples are taken");
        }
        double[] cdf = null;
        double[] pv = null;
        if (p != null) {
            if (p.ndim() != 1) {
                throw new IllegalArgumentException("p must be 1-dimensional");
            }
            if (p.size() != a) {
                throw new IllegalArgumentException("a and p must have same size");
            }
            pv = p.astype(DType.FLOAT64).toDoubleArray(); // NumPy checks p's values at the call: read them
            double sum = 0;
            cdf = new double[pv.length];
            for (int i = 0; i < pv.length; i++) {
                if (!(pv[i] >= 0)) {
                    throw new IllegalArgumentException(Double.isNaN(pv[i]) ? "probabilities contain NaN"
                            : "Probabilities are not non-negative");
                }
                sum += pv[i];
                cdf[i] = sum;
            }
            if (Math.abs(sum - 1) > Math.sqrt(LinalgFunctions.EPS64)) {
                throw new IllegalArgumentException("Probabilities do not sum to 1. See Notes section of docstring for more information.");
            }
            for (int i = 0; i < cdf.length; i++) {
                cdf[i] /= sum;
            }
        }
        if (!replace) {
            if (count > a) {
                throw new IllegalArgumentException("Cannot take a larger sample than population when replace is False");
            }
            NdArray order;
            if (pv == null) {
                order = permutation(ctx, a);
            } else {
                long nonzero = 0;
                for (double x : pv) {
                    nonzero += x > 0 ? 1 : 0;
                }
                if (count > nonzero) {
                    throw new IllegalArgumentException("Fewer non-zero entries in p than size");
                }
                // Efraimidis-Spirakis: the `count` smallest keys -log(u) / p_i are a weighted sample without replacement.
                NdArray u = random(ctx, new long[]{a});
                NdArray keys = u.log().negative().divide(p.astype(DType.FLOAT64));
                order = argsortKeys(keys);
            }
            return order.get(Slice.of(0L, count)).copy().reshape(size);
        }
        if (cdf == null) {
            return integers(ctx, 0, a, size, DType.INT64, false);
        }
        // inverse CDF: the index is the number of cdf[0 .. a-2] <= u (cdf[a-1] is 1)
        NdArray u = random(ctx, new long[]{count});
        NdArray bounds = JavaArrays.array(ctx, java.util.Arrays.copyOf(cdf, cdf.length - 1), null);
        NdArray idx = u.get(Slice.all(), Slice.NEWAXIS).greater_equal(bounds.get(Slice.NEWAXIS, Slice.all()))
                .astype(DType.INT64).sum(1);
        return idx.reshape(size);
    }

    /** {@code -log(1 - u)}, u uniform on [0, 1): the standard exponential, float64. */
    static NdArray standardExponential(Cohort ctx, long[] size) {
        return random(ctx, size).negative().add(1.0).log().negative();
    }

    /** NumPy's check of a parameter that must be {@code >= 0}: "{name} < 0" (NaN fails too). */
    static void nonNegative(double v, String name) {
        if (!(v >= 0)) {
            throw new IllegalArgumentException(name + " < 0");
        }
    }

    /** NumPy's check of a parameter that must be {@code > 0}: "{name} <= 0". */
    static void positive(double v, String name) {
        if (!(v > 0)) {
            throw new IllegalArgumentException(name + " <= 0");
        }
    }
}
