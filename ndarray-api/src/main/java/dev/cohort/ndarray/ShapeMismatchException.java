package dev.cohort.ndarray;

/** NumPy's ValueError for shapes that do not broadcast, reshape or align. The message uses NumPy's words. */
public class ShapeMismatchException extends IllegalArgumentException {
    public ShapeMismatchException(String message) {
        super(message);
    }
}
