package dev.cohort.ndarray;

/** NumPy's AxisError: an axis outside the array's dimensions. The message uses NumPy's words. */
public class AxisException extends IndexOutOfBoundsException {
    public AxisException(String message) {
        super(message);
    }
}
