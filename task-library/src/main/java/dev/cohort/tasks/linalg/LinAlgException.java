package dev.cohort.tasks.linalg;

/**
 * NumPy's {@code numpy.linalg.LinAlgError} (a {@code ValueError}): a numerical failure of a
 * linear-algebra routine, with NumPy's message: {@value #SINGULAR} from solve and inv,
 * {@value #NOT_POSITIVE_DEFINITE} from cholesky, {@value #SVD_NOT_CONVERGED} and
 * {@value #EIGH_NOT_CONVERGED} when an iteration does not converge.
 *
 * <p>Thrown inside a point task it reaches the program as the cause of the runtime's
 * {@code TaskFailedException}; the array layer rethrows the cause so that the user sees NumPy's
 * error at the call. Shape checks (square, at least 2-d) belong to the array layer, before the
 * launch: a kernel only meets numerical failures.
 */
public final class LinAlgException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    /** NumPy's message for an exactly singular matrix in solve and inv. */
    public static final String SINGULAR = "Singular matrix";
    /** NumPy's message for cholesky of a matrix that is not symmetric positive definite. */
    public static final String NOT_POSITIVE_DEFINITE = "Matrix is not positive definite";
    /** NumPy's message when the SVD does not converge. */
    public static final String SVD_NOT_CONVERGED = "SVD did not converge";
    /** NumPy's message when eigh does not converge. */
    public static final String EIGH_NOT_CONVERGED = "Eigenvalues did not converge";

    public LinAlgException(String message) {
        super(message);
    }
}
