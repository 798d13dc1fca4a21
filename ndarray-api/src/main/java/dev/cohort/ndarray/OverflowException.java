package dev.cohort.ndarray;

/**
 * NumPy's {@code OverflowError}: a Java integer scalar does not fit the dtype NumPy 2 converts it to,
 * e.g. {@code Np.add(int32Array, 5000000000L)} raises "Python integer 5000000000 out of bounds for int32"
 * (NEP 50: a Python int takes the array's dtype and must fit it). Thrown at the call, before any launch.
 */
public class OverflowException extends ArithmeticException {
    private static final long serialVersionUID = 1L;

    public OverflowException(String message) {
        super(message);
    }
}
