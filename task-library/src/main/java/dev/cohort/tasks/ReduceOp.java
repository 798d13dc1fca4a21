package dev.cohort.tasks;

import dev.cohort.runtime.launch.ReductionOp;

/** Sub-codes of {@link OpCode#REDUCE}: NumPy's sum, prod, max, min, any, all. */
public enum ReduceOp {
    SUM(ReductionOp.SUM), PROD(ReductionOp.PROD), MAX(ReductionOp.MAX), MIN(ReductionOp.MIN),
    ANY(ReductionOp.MAX), ALL(ReductionOp.MIN);

    private final ReductionOp runtimeOp;

    ReduceOp(ReductionOp runtimeOp) {
        this.runtimeOp = runtimeOp;
    }

    /** The runtime reduction operator that folds partial results (ANY = MAX and ALL = MIN over bool). */
    public ReductionOp runtimeOp() {
        return runtimeOp;
    }
}
