package dev.cohort.ndarray;

import dev.cohort.tasks.BinaryOp;
import dev.cohort.tasks.UnaryOp;

/**
 * The element-wise functions of issue 15 that are compositions of ufuncs ({@code round} with decimals,
 * {@code isclose}, {@code allclose}, {@code array_equal}, {@code array_equiv}, {@code nan_to_num}) and
 * {@code full} with integer and bool values. Each is a few element-wise operations (fused where
 * {@link Fusion} can) and, for the predicates returning a Java {@code boolean}, one reduction whose value
 * every shard reads identically.
 */
final class Ufuncs {
    private Ufuncs() {
    }

    /**
     * {@code np.round(a, decimals)}: floats {@code rint(a * 10**d) / 10**d} ({@code d >= 0}) or
     * {@code rint(a / 10**-d) * 10**-d} ({@code d < 0}), the scalar weak so float32 stays float32 (NumPy's
     * order of operations, so bit-identical); integers unchanged for {@code d >= 0}, else rounded half to
     * even to a multiple of {@code 10**-d}; bool: {@code rint} (float32) for {@code d == 0}, else NumPy's
     * casting error. With {@code out}, as NumPy: the first operation writes {@code out}, the rest run in its dtype.
     */
    static NdArray round(NdArray a, int decimals, NdArray out) {
        DType t = a.dtype();
        if (t == DType.BOOL && decimals != 0) {
            throw new DTypeException("Cannot cast ufunc '" + (decimals > 0 ? "multiply" : "divide")
                    + "' output from dtype('float64') to dtype('bool') with casting rule 'same_kind'");
        }
        if (decimals == 0) {
            if (t.isInteger()) {
                return out == null ? a.copy() : Indexing.assign(out, a);
            }
            return Elementwise.unary(UnaryOp.RINT, a, out);
        }
        double f = Math.pow(10, Math.abs(decimals));
        if (t.isInteger()) {
            if (decimals > 0) {
                return out == null ? a.copy() : Indexing.assign(out, a);
            }
            // NumPy: rint(a / f) * f computed in float64, cast back to the integer dtype
            NdArray r = Elementwise.binary(BinaryOp.MULTIPLY,
                    Elementwise.unary(UnaryOp.RINT, Elementwise.binary(BinaryOp.DIVIDE, a, f, null), null), f, null);
            return out == null ? r.astype(t) : Indexing.assign(out, r);
        }
        BinaryOp first = decimals > 0 ? BinaryOp.MULTIPLY : BinaryOp.DIVIDE;
        BinaryOp second = decimals > 0 ? BinaryOp.DIVIDE : BinaryOp.MULTIPLY;
        if (out != null) {
            // NumPy: the first operation writes into out, the rest run in out's dtype
            Elementwise.binary(first, a, f, out);
            Elementwise.unary(UnaryOp.RINT, out, out);
            return Elementwise.binary(second, out, f, out);
        }
        NdArray r = Elementwise.unary(UnaryOp.RINT, Elementwise.binary(first, a, f, null), null);
        return Elementwise.binary(second, r, f, out);
    }

    /**
     * {@code np.isclose(a, b, rtol, atol, equal_nan)}: {@code (|a - b| <= atol + rtol * |b|) & isfinite(b) | (a == b)},
     * {@code | isnan(a) & isnan(b)} when {@code equal_nan}; {@code b} (array or Java {@code Double}/{@code Long}) is
     * first made inexact (integers and bool float64, as NumPy's {@code result_type(b, 1.0)}).
     */
    static NdArray isclose(NdArray a, Object b, double rtol, double atol, boolean equalNan) {
        if (!Double.isFinite(rtol) || !Double.isFinite(atol)) {
            throw new IllegalArgumentException("One of rtol or atol is not valid, atol: " + atol + ", rtol: " + rtol);
        }
        Object y;
        if (b instanceof NdArray n) {
            Shapes.broadcast(a.shape, n.shape);     // the shape error before any launch
            y = n.dtype().isFloating() ? n : n.astype(DType.FLOAT64);
        } else if (b instanceof Number num) {
            y = num.doubleValue();
        } else {
            throw new DTypeException("isclose: b must be an array or a number, got " + (b == null ? "null" : b.getClass().getSimpleName()));
        }
        NdArray diff = Elementwise.unary(UnaryOp.ABS, Elementwise.binary(BinaryOp.SUBTRACT, a, y, null), null);
        Object bound;
        Object finite;
        if (y instanceof NdArray yn) {
            bound = Elementwise.binary(BinaryOp.ADD, atol, Elementwise.binary(BinaryOp.MULTIPLY, rtol,
                    Elementwise.unary(UnaryOp.ABS, yn, null), null), null);
            finite = Elementwise.unary(UnaryOp.ISFINITE, yn, null);
        } else {
            double yv = (Double) y;
            bound = atol + rtol * Math.abs(yv);
            finite = Double.isFinite(yv);
        }
        NdArray close = Elementwise.binary(BinaryOp.LESS_EQUAL, diff, bound, null);
        close = finite instanceof Boolean fb ? (fb ? close : Elementwise.binary(BinaryOp.LOGICAL_AND, close, false, null))
                : Elementwise.binary(BinaryOp.LOGICAL_AND, close, finite, null);
        NdArray result = Elementwise.binary(BinaryOp.LOGICAL_OR, close, Elementwise.binary(BinaryOp.EQUAL, a, y, null), null);
        if (equalNan) {
            Object bn = y instanceof NdArray yn ? Elementwise.unary(UnaryOp.ISNAN, yn, null) : (Object) Double.isNaN((Double) y);
            NdArray both = Elementwise.binary(BinaryOp.LOGICAL_AND, Elementwise.unary(UnaryOp.ISNAN, a, null), bn, null);
            result = Elementwise.binary(BinaryOp.LOGICAL_OR, result, both, null);
        }
        return result;
    }

    /** {@code np.allclose}: {@code all(isclose(...))}, read back (every shard gets the same answer). */
    static boolean allclose(NdArray a, Object b, double rtol, double atol, boolean equalNan) {
        return truth(isclose(a, b, rtol, atol, equalNan).all());
    }

    /** {@code np.array_equal(a, b, equal_nan)}: same shape and equal elements (NaN equal to NaN when asked). */
    static boolean arrayEqual(NdArray a, NdArray b, boolean equalNan) {
        if (!java.util.Arrays.equals(a.shape, b.shape)) {
            return false;
        }
        if (a.size() == 0) {
            return true;
        }
        NdArray eq = Elementwise.binary(BinaryOp.EQUAL, a, b, null);
        if (equalNan) {
            eq = Elementwise.binary(BinaryOp.LOGICAL_OR, eq, Elementwise.binary(BinaryOp.LOGICAL_AND,
                    Elementwise.unary(UnaryOp.ISNAN, a, null), Elementwise.unary(UnaryOp.ISNAN, b, null), null), null);
        }
        return truth(eq.all());
    }

    /** {@code np.array_equiv(a, b)}: shapes broadcast together and the broadcast elements are equal. */
    static boolean arrayEquiv(NdArray a, NdArray b) {
        long[] shape;
        try {
            shape = Shapes.broadcast(a.shape, b.shape);
        } catch (ShapeMismatchException e) {
            return false;
        }
        if (Shapes.volume(shape) == 0) {
            return true;
        }
        return truth(Elementwise.binary(BinaryOp.EQUAL, a, b, null).all());
    }

    private static boolean truth(NdArray zeroD) {
        return zeroD.toBooleanArray()[0];
    }

    /**
     * {@code np.nan_to_num(a, nan=nan, posinf=posinf, neginf=neginf)}: floats with NaN replaced by {@code nan},
     * +inf by {@code posinf} (null: the dtype's largest finite value), -inf by {@code neginf} (null: the most
     * negative); integers and bool copied.
     */
    static NdArray nanToNum(NdArray a, double nan, Double posinf, Double neginf) {
        DType t = a.dtype();
        if (!t.isFloating()) {
            return a.copy();
        }
        double big = t == DType.FLOAT32 ? Float.MAX_VALUE : Double.MAX_VALUE;
        double pos = posinf != null ? posinf : big;
        double neg = neginf != null ? neginf : -big;
        NdArray r = Elementwise.where(Elementwise.unary(UnaryOp.ISNAN, a, null), nan, a);
        r = Elementwise.where(Elementwise.binary(BinaryOp.EQUAL, a, Double.POSITIVE_INFINITY, null), pos, r);
        return Elementwise.where(Elementwise.binary(BinaryOp.EQUAL, a, Double.NEGATIVE_INFINITY, null), neg, r);
    }

    /** {@code np.full(shape, value, dtype)} with an integer value: exact for int64, NumPy 2's OverflowError for int32. */
    static NdArray full(Cohort ctx, long[] shape, long value, DType dtype) {
        Scalars.checkFits(value, dtype);
        NdArray a = Creation.empty(ctx, dtype, shape);
        if (value != 0) {
            a.base.fill(dtype.fieldType().bitsOf(value));
        }
        return a;
    }

    // ------------------------------------------------------------------ NumPy functions composed of the ufuncs above

    /** The float type NumPy's float-only ufuncs compute {@code x} in (floats keep theirs, ints float64, bool float32). */
    private static DType floatType(DType t) {
        return DType.of(UnaryOp.EXP.loop(t.fieldType()).compute());
    }

    /** {@code np.fabs}: {@code |x|} in the float type (ints float64, bool float32 for NumPy's float16). */
    static NdArray fabs(NdArray x, NdArray out) {
        DType f = floatType(x.dtype());
        return Elementwise.unary(UnaryOp.ABS, f == x.dtype() ? x : x.astype(f), out, "fabs");
    }

    /** {@code np.float_power}: {@code a ** b} in float64 whatever the operands' dtypes. */
    static NdArray floatPower(Object a, Object b) {
        Object x = a instanceof NdArray n ? n.astype(DType.FLOAT64) : (Object) ((Number) a).doubleValue();
        Object y = b instanceof NdArray n ? n.astype(DType.FLOAT64) : (Object) ((Number) b).doubleValue();
        if (a instanceof NdArray na && b instanceof NdArray nb) {
            Shapes.broadcast(na.shape, nb.shape);       // the shape error before any launch
        }
        return Elementwise.binary(BinaryOp.POWER, x, y, null);
    }

    /**
     * {@code np.logaddexp} ({@code base2}: {@code logaddexp2}) as NumPy computes it: {@code a + log(2)} (resp. {@code + 1})
     * where {@code a == b}, else {@code max(a, b) + log1p(exp(-|a - b|))} (resp. {@code log1p(exp2(-|a - b|)) / log(2)}),
     * NaN where either is NaN; in the float type of the operands.
     */
    static NdArray logaddexp(NdArray a, NdArray b, boolean base2) {
        Shapes.broadcast(a.shape, b.shape);
        DType f = DType.of(BinaryOp.HYPOT.loop(a.dtype().fieldType(), b.dtype().fieldType()).compute());
        NdArray x = a.dtype() == f ? a : a.astype(f);
        NdArray y = b.dtype() == f ? b : b.astype(f);
        NdArray d = Elementwise.unary(UnaryOp.ABS, Elementwise.binary(BinaryOp.SUBTRACT, x, y, null), null);
        NdArray neg = Elementwise.unary(UnaryOp.NEGATIVE, d, null);
        NdArray tail = base2
                ? Elementwise.binary(BinaryOp.MULTIPLY, Elementwise.unary(UnaryOp.LOG1P, Elementwise.unary(UnaryOp.EXP2, neg, null), null),
                        1.0 / Math.log(2), null)
                : Elementwise.unary(UnaryOp.LOG1P, Elementwise.unary(UnaryOp.EXP, neg, null), null);
        NdArray general = Elementwise.binary(BinaryOp.ADD, Elementwise.binary(BinaryOp.MAXIMUM, x, y, null), tail, null);
        NdArray same = Elementwise.binary(BinaryOp.ADD, x, base2 ? 1.0 : Math.log(2), null);
        return Elementwise.where(Elementwise.binary(BinaryOp.EQUAL, x, y, null), same, general);
    }

    /** {@code np.isposinf} ({@code negative}: {@code isneginf}): {@code isinf(x) & (signbit(x) == negative)}. */
    static NdArray isSignedInf(NdArray x, boolean negative) {
        NdArray sign = Elementwise.unary(UnaryOp.SIGNBIT, x, null);
        return Elementwise.binary(BinaryOp.LOGICAL_AND, Elementwise.unary(UnaryOp.ISINF, x, null),
                negative ? sign : Elementwise.unary(UnaryOp.LOGICAL_NOT, sign, null), null);
    }

    /** {@code np.conjugate} of a real array: a copy (bool: int32, NumPy's int8 loop). */
    static NdArray conjugate(NdArray x) {
        return x.astype(x.dtype() == DType.BOOL ? DType.INT32 : x.dtype());
    }

    /** {@code np.angle} of a real array: {@code arctan2(0, x)} (pi for negatives and -0.0, 0 else; float32 stays float32). */
    static NdArray angle(NdArray x) {
        return Elementwise.binary(BinaryOp.ARCTAN2, 0L, x, null);
    }

    private static NdArray asType(NdArray x, DType t) {
        return x.dtype() == t ? x : x.astype(t);
    }

    /**
     * {@code np.modf}: {@code {fractional, integral}} parts, both with the sign of {@code x}: {@code trunc(x)} and
     * {@code copysign(x - trunc(x), x)}, the fraction of +-inf being +-0.0; in the float type of {@code x}.
     */
    static NdArray[] modf(NdArray x) {
        NdArray xf = asType(x, floatType(x.dtype()));
        NdArray ip = Elementwise.unary(UnaryOp.TRUNC, xf, null);
        NdArray frac = Elementwise.binary(BinaryOp.COPYSIGN, Elementwise.binary(BinaryOp.SUBTRACT, xf, ip, null), xf, null);
        NdArray zero = Elementwise.binary(BinaryOp.COPYSIGN, 0.0, xf, null);
        return new NdArray[]{Elementwise.where(Elementwise.unary(UnaryOp.ISINF, xf, null), zero, frac), ip};
    }

    /** {@code x * 2**k} for float64 {@code x} and integer-valued float64 {@code k} (|k| <= 2100): one rounding when |k| <= 1023. */
    private static NdArray timesPow2(NdArray x, Object k) {
        Object half = k instanceof NdArray kn ? Elementwise.unary(UnaryOp.FLOOR, Elementwise.binary(BinaryOp.MULTIPLY, kn, 0.5, null), null)
                : (Object) Math.floor((Double) k * 0.5);
        Object rest = Elementwise.binary(BinaryOp.SUBTRACT, k instanceof NdArray kn ? kn : Np.full(x.shape(), (Double) k), half, null);
        NdArray split = Elementwise.binary(BinaryOp.MULTIPLY, Elementwise.binary(BinaryOp.MULTIPLY, x, exp2(half), null), exp2(rest), null);
        NdArray once = Elementwise.binary(BinaryOp.MULTIPLY, x, exp2(k), null);
        NdArray small = Elementwise.binary(BinaryOp.LESS_EQUAL, k instanceof NdArray kn ? Elementwise.unary(UnaryOp.ABS, kn, null)
                : Np.full(x.shape(), Math.abs((Double) k)), 1023.0, null);
        return Elementwise.where(small, once, split);
    }

    private static Object exp2(Object k) {
        return k instanceof NdArray kn ? Elementwise.unary(UnaryOp.EXP2, kn, null) : (Object) Math.pow(2, (Double) k);
    }

    /**
     * {@code np.ldexp(x, i)}: {@code x * 2**i} in the float type of {@code x}, rounded once (computed in float64: the
     * product is exact there unless it leaves float64's normal range); zeros, infinities and NaN unchanged.
     */
    static NdArray ldexp(NdArray x, Object i) {
        if (i instanceof NdArray in) {
            if (in.dtype().isFloating() || in.dtype() == DType.BOOL && x.dtype() == DType.BOOL) {   // NumPy has no such loop
                throw new DTypeException("ufunc 'ldexp' not supported for the input types, and the inputs could not be "
                        + "safely coerced to any supported types according to the casting rule ''safe''");
            }
            Shapes.broadcast(x.shape(), in.shape());
        } else {
            long v = (Long) i;
            if (v != (int) v) {
                throw Scalars.outOfBounds(v, DType.INT32);
            }
        }
        DType f = floatType(x.dtype());
        NdArray x64 = asType(x, DType.FLOAT64);
        Object k = i instanceof NdArray in ? Elementwise.binary(BinaryOp.MAXIMUM, Elementwise.binary(BinaryOp.MINIMUM,
                asType(in, DType.FLOAT64), 2100.0, null), -2100.0, null) : (Object) (double) Math.max(-2100, Math.min(2100, (Long) i));
        NdArray r = timesPow2(x64, k);
        NdArray keep = Elementwise.binary(BinaryOp.LOGICAL_OR, Elementwise.binary(BinaryOp.EQUAL, x64, 0.0, null),
                Elementwise.unary(UnaryOp.LOGICAL_NOT, Elementwise.unary(UnaryOp.ISFINITE, x64, null), null), null);
        return asType(Elementwise.where(keep, x64, r), f);
    }

    /**
     * {@code np.frexp(x)}: {@code {m, e}} with {@code x == m * 2**e}, {@code 0.5 <= |m| < 1} (m in the float type of
     * {@code x}, e int32); zeros, infinities and NaN give {@code m = x, e = 0}. Exact: {@code e} from {@code log2}, corrected
     * by one where that is off, {@code m} by multiplying by powers of two in float64.
     */
    static NdArray[] frexp(NdArray x) {
        DType f = floatType(x.dtype());
        NdArray x64 = asType(x, DType.FLOAT64);
        NdArray ax = Elementwise.unary(UnaryOp.ABS, x64, null);
        NdArray special = Elementwise.binary(BinaryOp.LOGICAL_OR, Elementwise.binary(BinaryOp.EQUAL, ax, 0.0, null),
                Elementwise.unary(UnaryOp.LOGICAL_NOT, Elementwise.unary(UnaryOp.ISFINITE, ax, null), null), null);
        NdArray safe = Elementwise.where(special, 1.0, ax);
        NdArray e = Elementwise.binary(BinaryOp.ADD, Elementwise.unary(UnaryOp.FLOOR, Elementwise.unary(UnaryOp.LOG2, safe, null), null), 1.0, null);
        NdArray m = timesPow2(Elementwise.where(special, 1.0, x64), Elementwise.unary(UnaryOp.NEGATIVE, e, null));
        NdArray am = Elementwise.unary(UnaryOp.ABS, m, null);
        NdArray big = Elementwise.binary(BinaryOp.GREATER_EQUAL, am, 1.0, null);
        NdArray tiny = Elementwise.binary(BinaryOp.LESS, am, 0.5, null);
        m = Elementwise.where(big, Elementwise.binary(BinaryOp.MULTIPLY, m, 0.5, null), Elementwise.where(tiny, Elementwise.binary(BinaryOp.MULTIPLY, m, 2.0, null), m));
        e = Elementwise.where(big, Elementwise.binary(BinaryOp.ADD, e, 1.0, null), Elementwise.where(tiny, Elementwise.binary(BinaryOp.SUBTRACT, e, 1.0, null), e));
        m = Elementwise.where(special, x64, m);
        e = Elementwise.where(special, 0.0, e);
        return new NdArray[]{asType(m, f), e.astype(DType.INT32)};
    }
}
