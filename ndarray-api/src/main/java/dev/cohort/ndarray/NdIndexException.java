package dev.cohort.ndarray;

/** NumPy's IndexError: an index outside an axis, or too many indices. The message uses NumPy's words. */
public class NdIndexException extends IndexOutOfBoundsException {
    public NdIndexException(String message) {
        super(message);
    }
}
