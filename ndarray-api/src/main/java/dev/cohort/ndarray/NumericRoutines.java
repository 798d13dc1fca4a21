package dev.cohort.ndarray;

import dev.cohort.tasks.BinaryOp;

/**
 * NumPy's {@code i0}, {@code kaiser}, {@code sinc}, {@code heaviside}, {@code fix}, {@code divmod}, {@code ediff1d},
 * {@code interp}, {@code unwrap}, {@code cumulative_sum}/{@code cumulative_prod}, {@code geomspace} and
 * {@code correlate}, composed of distributed element-wise ufuncs, scans, searchsorted, take and concatenate (no new
 * kernel), with NumPy's formulas evaluated in NumPy's order so that most results agree with NumPy's to the last bit
 * or within an ulp of the transcendental functions.
 */
final class NumericRoutines {
    private NumericRoutines() {
    }

    // Chebyshev coefficients of exp(-x) I0(x) on [0, 8] and of exp(-x) sqrt(x) I0(x) on (8, inf): the Cephes
    // constants NumPy's i0 uses (numpy/lib/_function_base_impl.py _i0A, _i0B).
    private static final double[] I0_A = {
            -4.4153416464793395e-18, 3.3307945188222384e-17, -2.431279846547955e-16, 1.715391285555133e-15,
            -1.1685332877993451e-14, 7.676185498604936e-14, -4.856446783111929e-13, 2.95505266312964e-12,
            -1.726826291441556e-11, 9.675809035373237e-11, -5.189795601635263e-10, 2.6598237246823866e-09,
            -1.300025009986248e-08, 6.046995022541919e-08, -2.670793853940612e-07, 1.1173875391201037e-06,
            -4.4167383584587505e-06, 1.6448448070728896e-05, -5.754195010082104e-05, 0.00018850288509584165,
            -0.0005763755745385824, 0.0016394756169413357, -0.004324309995050576, 0.010546460394594998,
            -0.02373741480589947, 0.04930528423967071, -0.09490109704804764, 0.17162090152220877,
            -0.3046826723431984, 0.6767952744094761};
    private static final double[] I0_B = {
            -7.233180487874754e-18, -4.830504485944182e-18, 4.46562142029676e-17, 3.461222867697461e-17,
            -2.8276239805165836e-16, -3.425485619677219e-16, 1.7725601330565263e-15, 3.8116806693526224e-15,
            -9.554846698828307e-15, -4.150569347287222e-14, 1.54008621752141e-14, 3.8527783827421426e-13,
            7.180124451383666e-13, -1.7941785315068062e-12, -1.3215811840447713e-11, -3.1499165279632416e-11,
            1.1889147107846439e-11, 4.94060238822497e-10, 3.3962320257083865e-09, 2.266668990498178e-08,
            2.0489185894690638e-07, 2.8913705208347567e-06, 6.889758346916825e-05, 0.0033691164782556943,
            0.8044904110141088};
    /** {@code sum_i vals[i] T_i(x)} by Clenshaw's recurrence in NumPy's {@code _chbevl} order. */
    private static NdArray chbevl(NdArray x, double[] vals) {
        // i = 1: b2 = 0, b1 = vals[0]; i = 2: b2 = vals[0] (a scalar), b1 = the array of step 1
        NdArray b0 = x.multiply(vals[0]).subtract(0.0).add(vals[1]);
        NdArray b1 = b0;
        b0 = x.multiply(b1).subtract(vals[0]).add(vals[2]);
        NdArray b2 = b1;
        for (int i = 3; i < vals.length; i++) {
            b2 = b1;
            b1 = b0;
            b0 = x.multiply(b1).subtract(b2).add(vals[i]);
        }
        return b0.subtract(b2).multiply(0.5);
    }

    static NdArray i0(NdArray x) {
        NdArray xf = x.dtype().isFloating() ? x : x.astype(DType.FLOAT64);
        NdArray a = xf.abs();
        NdArray e = a.exp();
        NdArray low = e.multiply(chbevl(a.divide(2.0).subtract(2.0), I0_A));
        NdArray high = e.multiply(chbevl(Elementwise.binary(BinaryOp.DIVIDE, 32.0, a, null).subtract(2.0), I0_B)).divide(a.sqrt());
        return Np.where(a.less_equal(8.0), low, high);
    }

    static NdArray kaiser(long m, double beta) {
        if (m == 1) {
            return Np.ones(1L);
        }
        if (m < 1) {
            return Np.zeros(0L);
        }
        NdArray n = Np.arange(0.0, (double) m, 1.0);
        double alpha = (m - 1) / 2.0;
        NdArray r = n.subtract(alpha).divide(alpha);
        // NumPy's power(x, 2.0) is x * x
        NdArray arg = Elementwise.binary(BinaryOp.MULTIPLY, beta, Elementwise.binary(BinaryOp.SUBTRACT, 1.0, r.multiply(r), null).sqrt(), null);
        return i0(arg).divide(i0(Np.scalar(beta)));
    }

    static NdArray sinc(NdArray x) {
        NdArray y = Elementwise.binary(BinaryOp.MULTIPLY, Math.PI, x, null);
        double eps = y.dtype() == DType.FLOAT32 ? Math.ulp(1.0f) : y.dtype() == DType.FLOAT64 ? Math.ulp(1.0) : 1e-20;
        NdArray z = Np.where(y.not_equal(0.0), y, eps);
        return z.sin().divide(z);
    }

    static NdArray heaviside(NdArray x1, Object x2) {
        DType t;
        if (x2 instanceof NdArray b) {
            t = DType.promote(x1.dtype(), b.dtype());
        } else {
            t = x1.dtype().isFloating() ? x1.dtype() : DType.FLOAT64;
        }
        if (!t.isFloating()) {
            t = DType.FLOAT64;
        }
        NdArray x = x1.dtype() == t ? x1 : x1.astype(t);
        NdArray h2 = x2 instanceof NdArray b ? (b.dtype() == t ? b : b.astype(t)) : null;
        Object second = h2 != null ? h2 : (Object) ((Number) x2).doubleValue();
        NdArray r = Np.where(x.less(0.0), 0.0, Np.where(x.greater(0.0), 1.0, second));
        r = Np.where(x.isnan(), Double.NaN, r);
        return r.dtype() == t ? r : r.astype(t);
    }

    static NdArray fix(NdArray x) {
        return Np.where(Np.greater_equal(x, 0L), x.floor(), x.ceil());
    }

    static NdArray ediff1d(NdArray ary, NdArray toEnd, NdArray toBegin) {
        NdArray a = ary.ravel();
        DType t = a.dtype();
        for (String side : new String[]{"to_begin", "to_end"}) {
            NdArray s = side.equals("to_begin") ? toBegin : toEnd;
            if (s != null && !t.canCastSameKind(s.dtype())) {
                throw new DTypeException("dtype of `" + side + "` must be compatible with input `ary` under the `same_kind` rule.");
            }
        }
        long n = a.size();
        NdArray d = n == 0 ? Np.zeros(new long[]{0}, t) : a.get(Slice.of(1, n)).subtract(a.get(Slice.of(0, n - 1)));
        java.util.List<NdArray> parts = new java.util.ArrayList<>();
        if (toBegin != null) {
            parts.add(toBegin.ravel().astype(t));
        }
        parts.add(d.dtype() == t ? d : d.astype(t));
        if (toEnd != null) {
            parts.add(toEnd.ravel().astype(t));
        }
        return parts.size() == 1 ? parts.get(0) : Manipulation.concatenate(parts.toArray(new NdArray[0]), 0);
    }

    /** {@code left}, {@code right}: null for NumPy's default ({@code fp[0]}, {@code fp[-1]}); {@code period} null for none. */
    static NdArray interp(NdArray x, NdArray xp, NdArray fp, Double left, Double right, Double period) {
        NdArray xd = x.astype(DType.FLOAT64);
        NdArray xpd = xp.astype(DType.FLOAT64);
        NdArray fpd = fp.astype(DType.FLOAT64);
        if (period != null) {
            if (period == 0) {
                throw new IllegalArgumentException("period must be a non-zero value");
            }
            double p = Math.abs(period);
            left = null;
            right = null;
            if (xpd.ndim() != 1 || fpd.ndim() != 1) {
                throw new IllegalArgumentException("Data points must be 1-D sequences");
            }
            if (xpd.shape[0] != fpd.shape[0]) {
                throw new IllegalArgumentException("fp and xp are not of the same length");
            }
            xd = xd.mod(p);
            xpd = xpd.mod(p);
            NdArray order = Np.argsort(xpd);
            xpd = Np.take(xpd, order);
            fpd = Np.take(fpd, order);
            long n = xpd.shape[0];
            if (n > 0) {
                xpd = Manipulation.concatenate(new NdArray[]{xpd.get(Slice.of(n - 1, n)).subtract(p), xpd, xpd.get(Slice.of(0, 1)).add(p)}, 0);
                fpd = Manipulation.concatenate(new NdArray[]{fpd.get(Slice.of(n - 1, n)), fpd, fpd.get(Slice.of(0, 1))}, 0);
            }
        }
        if (xpd.ndim() != 1 || fpd.ndim() != 1) {
            throw new IllegalArgumentException("object too deep for desired array");
        }
        long n = xpd.shape[0];
        if (n == 0) {
            throw new IllegalArgumentException("array of sample points is empty");
        }
        if (fpd.shape[0] != n) {
            throw new IllegalArgumentException("fp and xp are not of the same length.");
        }
        NdArray f0 = fpd.get(0L);
        NdArray fn = fpd.get(n - 1);
        Object lval = left == null ? f0 : (Object) left;
        Object rval = right == null ? fn : (Object) right;
        NdArray x0 = xpd.get(0L);
        NdArray xn = xpd.get(n - 1);
        if (n == 1) {
            return Np.where(Np.less(xd, x0), lval, Np.where(Np.greater(xd, x0), rval, f0));
        }
        // j: the last sample point <= x (n - 1 at or past the end, -1 before the start)
        NdArray j = Np.searchsorted(xpd, xd, "right").subtract(1L);
        NdArray jc = Np.clip(j, 0L, n - 2);
        NdArray xj = Np.take(xpd, jc);
        NdArray xj1 = Np.take(xpd, jc.add(1L));
        NdArray fj = Np.take(fpd, jc);
        NdArray fj1 = Np.take(fpd, jc.add(1L));
        NdArray slope = fj1.subtract(fj).divide(xj1.subtract(xj));
        NdArray res = slope.multiply(xd.subtract(xj)).add(fj);
        // NumPy: if the result is NaN try from the right end point; still NaN with equal ends: that value
        NdArray other = slope.multiply(xd.subtract(xj1)).add(fj1);
        NdArray retry = Np.where(Np.logical_and(other.isnan(), fj.equal(fj1)), fj, other);
        res = Np.where(res.isnan(), retry, res);
        res = Np.where(xd.equal(xj), fj, res);
        res = Np.where(j.equal(n - 1), fn, res);
        res = Np.where(Np.greater(xd, xn), rval, res);
        res = Np.where(Np.less(xd, x0), lval, res);
        return Np.where(xd.isnan(), xd, res);
    }

    /**
     * NumPy's unwrap with a Python-int period: integer p stays integer (NumPy's {@code result_type(diff, period)}:
     * int32 stays int32, int64 and bool give int64),
     * the interval {@code divmod(period, 2)}; a float p takes the float path.
     */
    static NdArray unwrap(NdArray p, Double discont, int axis, long period) {
        if (p.dtype().isFloating()) {
            return unwrap(p, discont, axis, (double) period);
        }
        int ax = Shapes.axis(axis, p.ndim());
        NdArray dd = Np.diff(p, 1, ax);
        if (dd.dtype() == DType.INT32 || dd.dtype() == DType.BOOL) {
            dd = dd.astype(DType.INT64);
        }
        double disc = discont == null ? period / 2.0 : discont;
        long high = Math.floorDiv(period, 2);
        boolean ambiguous = Math.floorMod(period, 2) == 0;
        long low = -high;
        NdArray ddmod = dd.subtract(low).mod(period).add(low);
        if (ambiguous) {
            ddmod = Np.where(Np.logical_and(ddmod.equal(low), dd.greater(0.0)), high, ddmod).astype(DType.INT64);
        }
        NdArray correct = Np.where(dd.abs().less(disc), 0L, ddmod.subtract(dd)).astype(DType.INT64);
        // NumPy's result_type(diff(p), period) with a weak Python int: int32 stays int32 (the corrected values are
        // assigned into it, wrapping as NumPy's assignment does), bool and int64 give int64
        DType t = p.dtype() == DType.INT32 ? DType.INT32 : DType.INT64;
        NdArray up = p.astype(DType.INT64);
        if (p.shape[ax] < 2) {
            return p.astype(t);
        }
        NdArray result = corrected(up, correct, ax, DType.INT64);
        return t == DType.INT64 ? result : result.astype(t);
    }

    /**
     * unwrap's last step: {@code up} with {@code cumsum(correct)} added to every element after the first along
     * {@code ax} (the first stays), in dtype {@code t}.
     */
    private static NdArray corrected(NdArray up, NdArray correct, int ax, DType t) {
        Object[] head = new Object[up.ndim()];
        Object[] rest = new Object[up.ndim()];
        for (int d = 0; d < up.ndim(); d++) {
            head[d] = Slice.all();
            rest[d] = Slice.all();
        }
        head[ax] = Slice.of(0, 1);
        rest[ax] = Slice.of(1, up.shape[ax]);
        NdArray tail = up.get(rest).add(Np.cumsum(correct, ax));
        return Manipulation.concatenate(new NdArray[]{up.get(head), tail.dtype() == t ? tail : tail.astype(t)}, ax);
    }

    static NdArray unwrap(NdArray p, Double discont, int axis, double period) {
        int ax = Shapes.axis(axis, p.ndim());
        NdArray dd = Np.diff(p, 1, ax);
        double disc = discont == null ? period / 2 : discont;
        DType t = dd.dtype().isFloating() ? dd.dtype() : DType.FLOAT64;
        NdArray ddf = dd.dtype() == t ? dd : dd.astype(t);
        double high = period / 2;
        double low = -high;
        NdArray ddmod = ddf.subtract(low).mod(period).add(low);
        ddmod = Np.where(Np.logical_and(ddmod.equal(low), ddf.greater(0.0)), high, ddmod);
        NdArray correct = ddmod.subtract(ddf);
        correct = Np.where(ddf.abs().less(disc), 0.0, correct);
        NdArray up = p.dtype() == t ? p : p.astype(t);
        if (p.shape[ax] < 2) {
            return up.copy();
        }
        return corrected(up, correct, ax, t);
    }

    static NdArray cumulative(NdArray x, Integer axis, boolean includeInitial, boolean product) {
        NdArray a = Polynomials.atleast1d(x);
        int ax;
        if (axis == null) {
            if (a.ndim() >= 2) {
                throw new IllegalArgumentException("For arrays which have more than one dimension ``axis`` argument is required.");
            }
            ax = 0;
        } else {
            ax = Shapes.axis(axis, a.ndim());
        }
        NdArray res = product ? Np.cumprod(a, ax) : Np.cumsum(a, ax);
        if (!includeInitial) {
            return res;
        }
        long[] s = res.shape();
        s[ax] = 1;
        NdArray init = product ? Np.ones(s, res.dtype()) : Np.zeros(s, res.dtype());
        return Manipulation.concatenate(new NdArray[]{init, res}, ax);
    }

    static NdArray geomspace(double start, double stop, long num, boolean endpoint) {
        if (start == 0 || stop == 0) {
            throw new IllegalArgumentException("Geometric sequence cannot include zero");
        }
        if (num < 0) {
            throw new IllegalArgumentException("Number of samples, " + num + ", must be non-negative.");
        }
        double sign = Math.signum(start);
        double s0 = start / sign;
        double s1 = stop / sign;
        NdArray r = Windows.logspace(Math.log10(s0), Math.log10(s1), num, endpoint, 10.0);
        if (num > 0) {
            r.set(new Object[]{0L}, s0);
            if (num > 1 && endpoint) {
                r.set(new Object[]{num - 1}, s1);
            }
        }
        return sign == 1 ? r : r.multiply(sign);
    }

    static NdArray correlate(NdArray a, NdArray v, String mode) {
        if (v.ndim() > 1 || a.ndim() > 1) {
            throw new IllegalArgumentException("object too deep for desired array");
        }
        NdArray w = v.ndim() == 0 ? v.reshape(1) : v;
        return Convolution.convolve(a, w.get(Slice.of(null, null, -1L)), mode);
    }
}
