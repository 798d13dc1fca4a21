package dev.cohort.ndarray;

import dev.cohort.runtime.region.FieldType;
import dev.cohort.tasks.BinaryOp;
import dev.cohort.tasks.UfuncTypes;

/**
 * NumPy 2's rules for Java scalars next to arrays, checked on the program thread before any launch
 * (issue 15): a Java {@code long}/{@code int} is a weak Python int (NEP 50) that is converted to the
 * loop's integer compute type and must fit it (else {@link OverflowException} in NumPy's words), except
 * in comparisons, which NumPy 2 answers exactly for any Python int (computed here in int64); an integer
 * {@code power} with a negative scalar exponent raises NumPy's ValueError at the call.
 */
final class Scalars {
    private Scalars() {
    }

    /** NumPy's IndexError for an index that is not an integer, slice, ellipsis, newaxis or array. */
    static final String INVALID_INDEX = "only integers, slices (`:`), ellipsis (`...`), numpy.newaxis (`None`) and "
            + "integer or boolean arrays are valid indices";

    /** NumPy's ValueError of an integer power with a negative integer exponent. */
    static final String NEGATIVE_POWER = "Integers to negative integer powers are not allowed.";

    /**
     * The loop of {@code op(array, s)} ({@code arrayFirst}) or {@code op(s, array)} after NumPy 2's scalar
     * checks: {@code loop} as given, or int64 compute for a comparison with an int outside int32.
     *
     * @throws OverflowException for an integer scalar outside the integer compute type (not a comparison)
     * @throws IllegalArgumentException for an integer power with a negative integer scalar exponent
     */
    static UfuncTypes.Loop checkBinary(BinaryOp op, UfuncTypes.Loop loop, DType array, Object s, boolean arrayFirst) {
        boolean integral = s instanceof Long || s instanceof Integer;
        FieldType compute = loop.compute();
        if (integral && compute == FieldType.INT32) {
            long v = ((Number) s).longValue();
            if (v != (int) v) {
                if (op.isPredicate() && !op.isLogical()) {
                    return new UfuncTypes.Loop(FieldType.INT64, FieldType.BOOL);
                }
                throw outOfBounds(v, DType.INT32);
            }
        }
        if (op == BinaryOp.POWER && arrayFirst && integral && (compute == FieldType.INT32 || compute == FieldType.INT64)
                && ((Number) s).longValue() < 0) {
            throw new IllegalArgumentException(NEGATIVE_POWER);
        }
        return loop;
    }

    /** NumPy 2's OverflowError for a Python int that {@code dtype} cannot hold. */
    static OverflowException outOfBounds(long v, DType dtype) {
        return new OverflowException("Python integer " + v + " out of bounds for " + dtype.numpyName());
    }

    /** Checks that integer {@code v} fits {@code dtype} as NumPy 2 converts a Python int ({@code np.full}, fill). */
    static void checkFits(long v, DType dtype) {
        if (dtype == DType.INT32 && v != (int) v) {
            throw outOfBounds(v, dtype);
        }
    }
}
