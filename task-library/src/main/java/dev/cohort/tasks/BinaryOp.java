package dev.cohort.tasks;

import dev.cohort.runtime.region.FieldType;

import java.util.Locale;

/**
 * Sub-codes of {@link OpCode#BINARY_OP}; each mirrors the NumPy ufunc of the same name ({@link #numpyName()}).
 * New codes are appended so that the ordinals already encoded in launches keep their meaning.
 *
 * <p>The dtype rule of each op is {@link #loop(FieldType, FieldType)}: the compute type to pass to
 * {@link Args.Binary} and the result dtype, or a {@link UFuncTypeError} in NumPy's words.
 * Note that DIVIDE computed in an integer type is floor division (the array layer computes NumPy's
 * true divide of integers in float64, which is what the rule gives).
 */
public enum BinaryOp {
    ADD, SUBTRACT, MULTIPLY, DIVIDE, POWER, MAXIMUM, MINIMUM,
    EQUAL, NOT_EQUAL, LESS, LESS_EQUAL, GREATER, GREATER_EQUAL,
    LOGICAL_AND, LOGICAL_OR,
    // ---- appended (issue 15)
    /** {@code floor_divide} ({@code //}): floats as Python's {@code divmod}; integers {@code x // 0 == 0}, {@code MIN // -1 == MIN}. */
    FLOOR_DIVIDE,
    /** {@code remainder} ({@code mod}, {@code %}): the sign of the divisor; integers {@code x % 0 == 0}. */
    REMAINDER,
    /** {@code fmod}: C's fmod, the sign of the dividend; integers {@code fmod(x, 0) == 0}. */
    FMOD,
    ARCTAN2, HYPOT,
    /** {@code fmax}, {@code fmin}: NaN-ignoring maximum and minimum (a NaN only when both are NaN). */
    FMAX, FMIN,
    COPYSIGN,
    /** {@code logical_xor}: truth values, bool result. */
    LOGICAL_XOR,
    /** {@code bitwise_and}, {@code bitwise_or}, {@code bitwise_xor}: integers and bool only. */
    BITWISE_AND, BITWISE_OR, BITWISE_XOR,
    /** {@code left_shift}, {@code right_shift}: a count outside {@code [0, width)} gives 0 (right shift of a negative: -1). */
    LEFT_SHIFT, RIGHT_SHIFT,
    /** {@code nextafter}: the next representable value after {@code a} toward {@code b}, in the compute type (float32 steps a float ulp). */
    NEXTAFTER,
    /**
     * {@code gcd}, {@code lcm}: greatest common divisor and least common multiple of integers (NumPy's results:
     * non-negative, {@code gcd(0, 0) == 0}, {@code lcm(0, x) == 0}, wrapping like NumPy where |MIN| overflows);
     * integer loops only: floats and two bools raise NumPy's "no loop" error.
     */
    GCD, LCM;

    /** True for the comparisons and logical operators, whose result dtype is bool. */
    public boolean isPredicate() {
        return switch (this) {
            case EQUAL, NOT_EQUAL, LESS, LESS_EQUAL, GREATER, GREATER_EQUAL, LOGICAL_AND, LOGICAL_OR, LOGICAL_XOR -> true;
            default -> false;
        };
    }

    /** How many ops {@link #isPredicate} holds for: the range of {@link #predicateSlot}. */
    static final int PREDICATES = 9;

    /**
     * This predicate's place among the {@link #PREDICATES} ({@code EQUAL} to {@code LOGICAL_OR} in declaration order,
     * then {@code LOGICAL_XOR}), the index of its vector loops and their warm-up gate; -1 when it is not a predicate.
     */
    int predicateSlot() {
        if (this == LOGICAL_XOR) {
            return PREDICATES - 1;
        }
        int c = ordinal() - EQUAL.ordinal();
        return c >= 0 && c <= LOGICAL_OR.ordinal() - EQUAL.ordinal() ? c : -1;
    }

    /**
     * The predicate with its operands swapped: {@code s op b} is {@code b op.mirrored() s} ({@code <} and {@code >},
     * {@code <=} and {@code >=} trade places; the symmetric ones stay). Here, not in the vector class, so that a caller
     * can name a mirrored loop's gate without loading the Vector API.
     */
    BinaryOp mirrored() {
        return switch (this) {
            case LESS -> GREATER;
            case LESS_EQUAL -> GREATER_EQUAL;
            case GREATER -> LESS;
            case GREATER_EQUAL -> LESS_EQUAL;
            default -> this;
        };
    }

    /** True for LOGICAL_AND, LOGICAL_OR and LOGICAL_XOR, which compute on truth values. */
    public boolean isLogical() {
        return this == LOGICAL_AND || this == LOGICAL_OR || this == LOGICAL_XOR;
    }

    /** True for the ops NumPy defines on integers and bool only (bitwise and shifts). */
    public boolean isIntegerOnly() {
        return switch (this) {
            case BITWISE_AND, BITWISE_OR, BITWISE_XOR, LEFT_SHIFT, RIGHT_SHIFT, GCD, LCM -> true;
            default -> false;
        };
    }

    /**
     * True when NumPy has a loop of this op for two arrays of dtype {@code t}: not for the integer-only ops on
     * floats, nor for {@code gcd}/{@code lcm} of two bools.
     */
    public boolean hasLoop(FieldType t) {
        if (isIntegerOnly() && (t == FieldType.FLOAT64 || t == FieldType.FLOAT32)) {
            return false;
        }
        return !((this == GCD || this == LCM) && t == FieldType.BOOL);
    }

    /** NumPy's name of the ufunc. */
    public String numpyName() {
        return numpyName;
    }

    /** {@link #name()} in lower case, made once: every operation names its ufunc (for its errors) before it runs. */
    private final String numpyName = name().toLowerCase(Locale.ROOT);

    /**
     * NumPy's loop for array operands of dtypes {@code a} and {@code b}: the compute type (BINARY_OP's
     * {@code compute}) and the result dtype. See {@link UfuncTypes#binary}.
     *
     * @throws UFuncTypeError where NumPy raises (e.g. {@code bitwise_and} of floats, bool subtract)
     */
    public UfuncTypes.Loop loop(FieldType a, FieldType b) {
        return UfuncTypes.binary(this, a, b);
    }

    /**
     * NumPy's loop for an array of dtype {@code array} and a scalar of kind {@code scalar} on either side
     * (NEP 50's weak scalars: {@code loop(array, UfuncTypes.weak(array, scalar))}); e.g. an int32 array
     * {@code + 3} stays int32, an int32 array {@code * 1.5} is float64, a float32 array {@code * 1.5} float32.
     *
     * @throws UFuncTypeError where NumPy raises
     */
    public UfuncTypes.Loop loop(FieldType array, UfuncTypes.Scalar scalar) {
        if (this == GCD || this == LCM) {
            UfuncTypes.checkIntegerLoop(this, array, scalar);
        }
        return UfuncTypes.binary(this, array, UfuncTypes.weak(array, scalar));
    }

    /** The result dtype of {@link #loop(FieldType, FieldType)}. */
    public FieldType resultType(FieldType a, FieldType b) {
        return loop(a, b).result();
    }
}
