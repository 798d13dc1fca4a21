package dev.cohort.tasks;

/** Sub-codes of {@link OpCode#ARG_REDUCE}: NumPy's argmax and argmin (first occurrence wins). */
public enum ArgReduceOp {
    ARGMAX, ARGMIN
}
