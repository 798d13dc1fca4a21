package dev.cohort.tasks;

/**
 * The operation of a {@link OpCode#LINALG} launch ({@link LinalgTasks.Linalg}): NumPy's
 * {@code numpy.linalg} function it computes, its operands in order (inputs, then outputs; each a
 * {@link LinalgTasks.Mat} whose core shape is given after the batch dimensions) and its
 * {@code params}. {@code M, N} are the core dimensions of {@code a}, {@code K = min(M, N)}.
 * Every routine computes in float64 ({@code dev.cohort.tasks.linalg}); an output of another type
 * receives the float64 result rounded to it (float32, as NumPy keeps float32 for float32 input).
 */
public enum LinalgOp {
    /** {@code solve(a, b)}: a (M,M), b (M,R) or (M) -> x like b. Singular: "Singular matrix". */
    SOLVE,
    /** {@code inv(a)}: a (M,M) -> out (M,M). Singular: "Singular matrix". */
    INV,
    /** {@code det(a)}: a (M,M) -> out () = sign * exp(logabsdet), as NumPy computes it. */
    DET,
    /** {@code slogdet(a)}: a (M,M) -> sign (), logabsdet (); (0, -inf) when singular. */
    SLOGDET,
    /**
     * {@code cholesky(a, upper)}: a (M,M) -> out (M,M); params {@code [upper]} (0: L with
     * {@code A = L L^T}, lower triangle of a read; 1: {@code U = L^T}). "Matrix is not positive definite".
     */
    CHOLESKY,
    /**
     * {@code qr(a, mode)}: a (M,N); params {@code [mode]}: 0 'reduced' -> q (M,K), r (K,N);
     * 1 'complete' -> q (M,M), r (M,N); 2 'r' -> r (K,N) only.
     */
    QR,
    /** {@code eigh(a, UPLO)}: a (M,M) -> w (M) ascending, v (M,M); params {@code [upper]} (0: 'L', 1: 'U'). */
    EIGH,
    /** {@code eigvalsh(a, UPLO)}: a (M,M) -> w (M) ascending; params {@code [upper]}. */
    EIGVALSH,
    /**
     * {@code svd(a, full_matrices, compute_uv=True)}: a (M,N) -> u (M,K), s (K), vh (K,N), or with
     * params {@code [1]} (full matrices) u (M,M), s (K), vh (N,N).
     */
    SVD,
    /** {@code svd(a, compute_uv=False)} / {@code svdvals(a)}: a (M,N) -> s (K) descending. */
    SVDVALS,
    /**
     * {@code matrix_power(a, n)}: a (M,M) -> out (M,M); params {@code [n]}. An integer out with
     * {@code n >= 0} is computed in wrapping int64 arithmetic (NumPy keeps integer dtypes);
     * otherwise float64, {@code n < 0} through inv ("Singular matrix").
     */
    MATRIX_POWER,
    /** Matrix {@code norm(a, ord)}: a (M,N) -> out (); params {@code [ord]}, a {@code MatrixFunctions.NormOrd} ordinal. */
    NORM,
    /**
     * {@code cond(a, p)}: a (M,M) (or any (M,N) for 2 and -2) -> out (); params {@code [ord]}, a
     * NormOrd ordinal ({@code p=None} is TWO). A singular matrix gives inf, as in NumPy.
     */
    COND,
    /**
     * {@code matrix_rank(A, tol, rtol)}: a (M,N) -> out () (int64); params {@code [tol, rtol]}: tol
     * NaN for None, then the threshold is {@code s.max() * rtol}.
     */
    MATRIX_RANK,
    /** {@code pinv(a, rcond)}: a (M,N) -> out (N,M); params {@code [rcond]} (relative cutoff). */
    PINV,
    /**
     * {@code lstsq(a, b, rcond)}: a (M,N), b (M,R) or (M) -> x (N,R) or (N), residuals (R) (or (1)
     * for 1-d b), rank (), s (K); params {@code [rcond]}. Residuals hold the squared column norms of
     * {@code b - a x} when rank == N and M > N, else NaN: the array layer then returns NumPy's empty array.
     */
    LSTSQ,
    /**
     * {@code eig(a)} of a real general matrix: a (M,M) -> w (M) in the Schur form's order, v (M,M) unit
     * eigenvectors as columns ({@code dev.cohort.tasks.linalg.GeneralEigen}). An eigenvalue with a
     * non-zero imaginary part fails the task with a LinAlgException (Cohort has no complex dtype).
     */
    EIG,
    /** {@code eigvals(a)}: a (M,M) -> w (M), as {@link #EIG} without the eigenvectors. */
    EIGVALS
}
