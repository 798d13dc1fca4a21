package dev.cohort.ndarray;

import dev.cohort.tasks.BinaryOp;

import java.util.Arrays;

/**
 * NumPy's power-series polynomial functions ({@code numpy.roots, poly, polyval, polyfit, polyder, polyint, polyadd,
 * polysub, polymul, polydiv}) and {@code numpy.vander} over 1-d coefficient arrays, highest power first, with NumPy's
 * dtypes. They are composed of distributed operations (element-wise ufuncs, convolve, concatenate, stack, lstsq and
 * the replicated eigvals launch). Two read their (small) coefficients back, identically on every shard, because
 * NumPy's result depends on the values: {@code roots} (it strips leading and trailing zeros) and {@code polydiv}
 * (a sequential long division whose remainder loses leading near-zeros); both then compute on the host in NumPy's
 * order and precision (float32 stays float32).
 */
final class Polynomials {
    private Polynomials() {
    }

    static NdArray atleast1d(NdArray a) {
        return a.ndim() == 0 ? a.reshape(1) : a;
    }

    private static boolean isFloat(DType t) {
        return t == DType.FLOAT32 || t == DType.FLOAT64;
    }

    /** {@code x + 0.0} (NumPy's way to make coefficients float: float32 stays, the rest becomes float64). */
    static NdArray plusZero(NdArray x) {
        return Elementwise.binary(BinaryOp.ADD, x, 0.0, null);
    }

    static NdArray roots(NdArray p) {
        NdArray q = atleast1d(p);
        if (q.ndim() != 1) {
            throw new IllegalArgumentException("Input must be a rank-1 array.");
        }
        double[] v = q.toDoubleArray();
        int first = -1;
        int last = -1;
        for (int i = 0; i < v.length; i++) {
            if (v[i] != 0) {
                if (first < 0) {
                    first = i;
                }
                last = i;
            }
        }
        if (first < 0) {
            return Np.zeros(0L);
        }
        DType t = q.dtype() == DType.FLOAT32 ? DType.FLOAT32 : DType.FLOAT64;
        int trailing = v.length - last - 1;
        int n = last - first + 1;
        NdArray r;
        if (n > 1) {
            double[][] a = new double[n - 1][n - 1];
            for (int j = 0; j < n - 1; j++) {
                a[0][j] = t == DType.FLOAT32 ? (double) (-(float) v[first + 1 + j] / (float) v[first])
                        : -v[first + 1 + j] / v[first];
            }
            for (int i = 1; i < n - 1; i++) {
                a[i][i - 1] = 1;
            }
            NdArray companion = Np.array(a);
            r = LinalgEig.eig(t == DType.FLOAT32 ? companion.astype(DType.FLOAT32) : companion, false)[0];
        } else {
            r = Np.zeros(0L);
        }
        if (trailing > 0) {
            r = Manipulation.concatenate(new NdArray[]{r, Np.zeros(new long[]{trailing}, r.dtype())}, 0);
        }
        return r;
    }

    static NdArray poly(NdArray seq) {
        NdArray s = atleast1d(seq);
        long[] sh = s.shape();
        if (sh.length == 2 && sh[0] == sh[1] && sh[0] != 0) {
            s = LinalgEig.eig(s, false)[0];
        } else if (sh.length == 1) {
            s = isFloat(s.dtype()) ? s : s.astype(DType.FLOAT64);
        } else {
            throw new IllegalArgumentException("input must be 1d or non-empty square 2d array.");
        }
        if (s.size() == 0) {
            return Np.scalar(1.0);
        }
        DType dt = s.dtype();
        NdArray one = Np.ones(new long[]{1}, dt);
        NdArray a = one;
        for (long k = 0; k < s.size(); k++) {
            NdArray factor = Manipulation.concatenate(new NdArray[]{one, s.get(Slice.of(k, k + 1)).negative()}, 0);
            a = Convolution.convolve(a, factor, "full");
        }
        return a == one ? a.copy() : a;
    }

    static NdArray polyval(NdArray p, NdArray x) {
        if (p.ndim() == 0) {
            throw new DTypeException("iteration over a 0-d array");
        }
        NdArray y = Np.zeros_like(x);
        for (long i = 0; i < p.shape[0]; i++) {
            y = y.multiply(x).add(p.get(i));
        }
        return y;
    }

    static NdArray vander(NdArray x, Long n, boolean increasing) {
        if (x.ndim() != 1) {
            throw new IllegalArgumentException("x must be a one-dimensional array or sequence.");
        }
        long len = x.shape[0];
        long cols = n == null ? len : n;
        if (cols < 0) {
            throw new IllegalArgumentException("negative dimensions are not allowed");
        }
        DType t = DType.promote(x.dtype() == DType.BOOL ? DType.INT64 : x.dtype(), DType.INT64);
        if (cols == 0 || len == 0) {
            return Np.zeros(new long[]{len, cols}, t);
        }
        NdArray xt = x.dtype() == t ? x : x.astype(t);
        NdArray[] c = new NdArray[Math.toIntExact(cols)];
        c[0] = Np.ones(new long[]{len}, t);
        for (int k = 1; k < c.length; k++) {
            c[k] = k == 1 ? xt : c[k - 1].multiply(xt);
        }
        if (!increasing) {
            for (int i = 0, j = c.length - 1; i < j; i++, j--) {
                NdArray tmp = c[i];
                c[i] = c[j];
                c[j] = tmp;
            }
        }
        return Manipulation.stack(c, 1);
    }

    static NdArray polyfit(NdArray x, NdArray y, long deg, NdArray w) {
        long order = deg + 1;
        NdArray xf = plusZero(x);
        NdArray yf = plusZero(y);
        if (deg < 0) {
            throw new IllegalArgumentException("expected deg >= 0");
        }
        if (xf.ndim() != 1) {
            throw new DTypeException("expected 1D vector for x");
        }
        if (xf.size() == 0) {
            throw new DTypeException("expected non-empty vector for x");
        }
        if (yf.ndim() < 1 || yf.ndim() > 2) {
            throw new DTypeException("expected 1D or 2D array for y");
        }
        if (xf.shape[0] != yf.shape[0]) {
            throw new DTypeException("expected x and y to have same length");
        }
        double rcond = xf.shape[0] * LinalgFunctions.eps(xf.dtype());
        NdArray lhs = vander(xf, order, false);
        NdArray rhs = yf;
        if (w != null) {
            NdArray wf = plusZero(w);
            if (wf.ndim() != 1) {
                throw new DTypeException("expected a 1-d array for weights");
            }
            if (wf.shape[0] != yf.shape[0]) {
                throw new DTypeException("expected w and y to have the same length");
            }
            NdArray col = wf.get(Slice.all(), Slice.NEWAXIS);
            lhs = lhs.multiply(col).astype(lhs.dtype());
            NdArray scaled = rhs.ndim() == 2 ? rhs.multiply(col) : rhs.multiply(wf);
            rhs = scaled.dtype() == rhs.dtype() ? scaled : scaled.astype(rhs.dtype());
        }
        NdArray scale = lhs.multiply(lhs).sum(0).sqrt();
        lhs = lhs.divide(scale);
        NdArray c = LinalgFunctions.lstsq(lhs, rhs, rcond)[0];
        return c.ndim() == 1 ? c.divide(scale) : c.divide(scale.get(Slice.all(), Slice.NEWAXIS));
    }

    private static void checkSized(NdArray p) {
        if (p.ndim() == 0) {
            throw new DTypeException("len() of unsized object");
        }
    }

    static NdArray polyder(NdArray p, long m) {
        if (m < 0) {
            throw new IllegalArgumentException("Order of derivative must be positive (see polyint)");
        }
        checkSized(p);
        NdArray val = p;
        for (long i = 0; i < m; i++) {
            long n = val.shape[0] - 1;
            val = val.get(":-1").multiply(Np.arange(n, 0, -1));
        }
        return val;
    }

    static NdArray polyint(NdArray p, long m, double[] k) {
        if (m < 0) {
            throw new IllegalArgumentException("Order of integral must be positive (see polyder)");
        }
        double[] kk = k == null ? new double[Math.toIntExact(m)] : k.clone();
        if (kk.length == 1 && m > 1) {
            kk = new double[Math.toIntExact(m)];
            Arrays.fill(kk, k[0]);
        }
        if (kk.length < m) {
            throw new IllegalArgumentException("k must be a scalar or a rank-1 array of length 1 or >m.");
        }
        checkSized(p);
        NdArray val = p;
        for (int i = 0; i < m; i++) {
            long len = val.shape[0];
            val = Manipulation.concatenate(new NdArray[]{val.divide(Np.arange(len, 0, -1)), Np.array(new double[]{kk[i]})}, 0);
        }
        return val;
    }

    static NdArray polyadd(NdArray a1, NdArray a2, boolean subtract) {
        NdArray a = atleast1d(a1);
        NdArray b = atleast1d(a2);
        long diff = b.shape[0] - a.shape[0];
        if (diff > 0) {
            a = Manipulation.concatenate(new NdArray[]{Np.zeros(new long[]{diff}, a.dtype()), a}, 0);
        } else if (diff < 0) {
            b = Manipulation.concatenate(new NdArray[]{Np.zeros(new long[]{-diff}, b.dtype()), b}, 0);
        }
        return subtract ? a.subtract(b) : a.add(b);
    }

    static NdArray polymul(NdArray a1, NdArray a2) {
        return Convolution.convolve(atleast1d(a1), atleast1d(a2), "full");
    }

    static NdArray[] polydiv(NdArray u, NdArray v) {
        NdArray uf = plusZero(atleast1d(u));
        NdArray vf = plusZero(atleast1d(v));
        for (NdArray a : new NdArray[]{uf, vf}) {
            if (a.shape[0] == 0) {
                throw new NdIndexException("index 0 is out of bounds for axis 0 with size 0");
            }
        }
        DType t = DType.promote(uf.dtype(), vf.dtype());
        double[] uu = uf.toDoubleArray();
        double[] vv = vf.toDoubleArray();
        int m = uu.length - 1;
        int n = vv.length - 1;
        double[] q = new double[Math.max(m - n + 1, 1)];
        double[] r = uu.clone();
        if (t == DType.FLOAT32) {
            float scale = 1.0f / (float) vv[0];
            for (int k = 0; k <= m - n; k++) {
                float d = scale * (float) r[k];
                q[k] = d;
                for (int j = 0; j <= n; j++) {
                    r[k + j] = (float) r[k + j] - d * (float) vv[j];
                }
            }
        } else {
            double scale = 1.0 / vv[0];
            for (int k = 0; k <= m - n; k++) {
                double d = scale * r[k];
                q[k] = d;
                for (int j = 0; j <= n; j++) {
                    r[k + j] -= d * vv[j];
                }
            }
        }
        // NumPy: while allclose(r[0], 0, rtol=1e-14) and r.shape[-1] > 1: r = r[1:]
        int start = 0;
        while (r.length - start > 1 && Math.abs(r[start]) <= 1e-8) {
            start++;
        }
        NdArray qa = Np.array(q);
        NdArray ra = Np.array(Arrays.copyOfRange(r, start, r.length));
        return new NdArray[]{t == DType.FLOAT32 ? qa.astype(t) : qa, t == DType.FLOAT32 ? ra.astype(t) : ra};
    }
}
