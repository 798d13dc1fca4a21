package dev.cohort.ndarray;

import dev.cohort.tasks.LinalgOp;

import static dev.cohort.ndarray.LinalgFunctions.*;

/**
 * NumPy's {@code linalg.eig} and {@code linalg.eigvals} of real general matrices {@code (..., M, M)}: shape checks
 * at the call (NumPy's LinAlgError messages), then ONE replicated {@code LINALG} launch ({@link LinalgOp#EIG} /
 * {@link LinalgOp#EIGVALS}, task-library {@code GeneralEigen}: balancing, Hessenberg reduction, Francis double-shift
 * QR, back substitution), one point per matrix stack like eigh. Cohort has no complex dtype: NumPy returns real
 * arrays exactly when every eigenvalue is real ({@code w.imag == 0}); otherwise the call raises a
 * {@code LinAlgException} that says the result would be complex.
 */
final class LinalgEig {
    private LinalgEig() {
    }

    /** {@code vectors}: eig (w, v), else eigvals (w). */
    static NdArray[] eig(NdArray a, boolean vectors) {
        stackedSquare(a);
        long m = a.shape[a.ndim() - 1];
        DType t = floatType(a);
        if (!vectors) {
            return new NdArray[]{one(LinalgOp.EIGVALS, new double[0], a, new Out(new long[]{m}, t))};
        }
        return launch(LinalgOp.EIG, new double[0], head(a.shape, 2), new NdArray[]{a}, new int[]{2},
                new Out(new long[]{m}, t), new Out(new long[]{m, m}, t));
    }
}
