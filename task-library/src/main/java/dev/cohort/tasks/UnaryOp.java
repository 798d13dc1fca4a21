package dev.cohort.tasks;

import dev.cohort.runtime.region.FieldType;

import java.util.Locale;

/**
 * Sub-codes of {@link OpCode#UNARY_OP}; each mirrors the NumPy ufunc of the same name ({@link #numpyName()}).
 * New codes are appended so that the ordinals already encoded in launches keep their meaning.
 *
 * <p>The dtype rule of each op (NumPy's ufunc type resolution for float64, float32, int64, int32 and
 * bool) is {@link #loop(FieldType)}: the compute type to pass to {@link Args.Unary} and the result
 * dtype, or a {@link UFuncTypeError} in NumPy's words. {@link #isPredicate()} ops give bool whatever
 * their compute type.
 */
public enum UnaryOp {
    NEGATIVE, EXP, LOG, SQRT, ABS, TANH, SIN, COS, SQUARE, RECIPROCAL, SIGN, FLOOR, CEIL,
    LOGICAL_NOT, LOG1P, EXPM1,
    // ---- appended (issue 15)
    /** {@code trunc}: rounds toward zero; integers and bool unchanged. */
    TRUNC,
    /** {@code rint}: rounds half to even (NumPy's {@code round}/{@code around} with decimals=0); ints give float64. */
    RINT,
    LOG10, LOG2, EXP2, SINH, COSH, TAN, ARCSIN, ARCCOS, ARCTAN, ARCSINH, ARCCOSH, ARCTANH, CBRT,
    /** The error function {@code scipy.special.erf} ({@link ScalarMath#erf}). */
    ERF,
    DEG2RAD, RAD2DEG,
    /** {@code isnan}, {@code isinf}, {@code isfinite}, {@code signbit}: bool results. */
    ISNAN, ISINF, ISFINITE, SIGNBIT,
    /** {@code invert} ({@code bitwise_not}, {@code ~}): {@code ~x} on integers, logical not on bool; floats are a TypeError. */
    INVERT,
    /** {@code positive}: {@code +x}; bool is a TypeError (no loop). */
    POSITIVE;

    /**
     * True where NumPy's result is floating point even for integer or bool input: the ufuncs with
     * only floating loops (exp, log, sqrt, tanh, sin, cos, log1p, expm1, rint, log10, log2, exp2,
     * sinh, cosh, tan, arcsin, arccos, arctan, arcsinh, arccosh, arctanh, cbrt, erf, deg2rad, rad2deg).
     */
    public boolean isTranscendental() {
        return switch (this) {
            case EXP, LOG, SQRT, TANH, SIN, COS, LOG1P, EXPM1, RINT, LOG10, LOG2, EXP2, SINH, COSH, TAN, ARCSIN, ARCCOS,
                    ARCTAN, ARCSINH, ARCCOSH, ARCTANH, CBRT, ERF, DEG2RAD, RAD2DEG -> true;
            default -> false;
        };
    }

    /** True for the ops whose result is bool for every input: logical_not, isnan, isinf, isfinite, signbit. */
    public boolean isPredicate() {
        return switch (this) {
            case LOGICAL_NOT, ISNAN, ISINF, ISFINITE, SIGNBIT -> true;
            default -> false;
        };
    }

    /** NumPy's name of the ufunc ({@code absolute} for ABS, {@code erf} is {@code scipy.special.erf}). */
    public String numpyName() {
        return numpyName;
    }

    /** Made once: every operation names its ufunc (for its errors) before it runs. */
    private final String numpyName = "ABS".equals(name()) ? "absolute" : name().toLowerCase(Locale.ROOT);

    /**
     * NumPy's loop for an input of dtype {@code in}: the compute type (UNARY_OP's {@code compute}) and the
     * result dtype. See {@link UfuncTypes#unary}.
     *
     * @throws UFuncTypeError where NumPy raises (e.g. {@code invert} of a float, {@code negative} of a bool)
     */
    public UfuncTypes.Loop loop(FieldType in) {
        return UfuncTypes.unary(this, in);
    }

    /** The result dtype of {@link #loop(FieldType)}. */
    public FieldType resultType(FieldType in) {
        return loop(in).result();
    }
}
