package dev.cohort.ndarray;

/**
 * A file that is not what its format says (NumPy raises {@code ValueError} for these): a wrong magic
 * string, a header that cannot be parsed, an unsupported dtype, data shorter than the header's shape.
 * The message names the file and the problem.
 */
public class NpyFormatException extends IllegalArgumentException {
    public NpyFormatException(String message) {
        super(message);
    }
}
