package dev.cohort.ndarray;

/** NumPy's TypeError/UFuncTypeError for dtypes an operation cannot take or cast to. The message uses NumPy's words. */
public class DTypeException extends IllegalArgumentException {
    public DTypeException(String message) {
        super(message);
    }
}
