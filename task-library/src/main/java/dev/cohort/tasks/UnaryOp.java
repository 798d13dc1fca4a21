package dev.cohort.tasks;

/** Sub-codes of {@link OpCode#UNARY_OP}; each mirrors the NumPy ufunc of the same name. */
public enum UnaryOp {
    NEGATIVE, EXP, LOG, SQRT, ABS, TANH, SIN, COS, SQUARE, RECIPROCAL, SIGN, FLOOR, CEIL,
    LOGICAL_NOT, LOG1P, EXPM1;

    /** True where NumPy's result is floating point even for integer input (exp, log, sqrt, tanh, sin, cos, log1p, expm1). */
    public boolean isTranscendental() {
        return switch (this) {
            case EXP, LOG, SQRT, TANH, SIN, COS, LOG1P, EXPM1 -> true;
            default -> false;
        };
    }
}
