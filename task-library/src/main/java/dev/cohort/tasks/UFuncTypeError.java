package dev.cohort.tasks;

/**
 * NumPy's {@code UFuncTypeError} (a {@code TypeError}): a ufunc has no loop for its operands' dtypes,
 * or NumPy refuses the operation on them (bool negative and subtract). The message is NumPy's.
 */
public class UFuncTypeError extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    public UFuncTypeError(String message) {
        super(message);
    }
}
