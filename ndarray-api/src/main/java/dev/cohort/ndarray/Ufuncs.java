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
            a.base.logical.fill(ctx.runtime(), dtype.fieldType().bitsOf(value));
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
}
