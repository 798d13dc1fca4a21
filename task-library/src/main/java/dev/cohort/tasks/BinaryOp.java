package dev.cohort.tasks;

/** Sub-codes of {@link OpCode#BINARY_OP}; each mirrors the NumPy ufunc of the same name. */
public enum BinaryOp {
    ADD, SUBTRACT, MULTIPLY, DIVIDE, POWER, MAXIMUM, MINIMUM,
    EQUAL, NOT_EQUAL, LESS, LESS_EQUAL, GREATER, GREATER_EQUAL,
    LOGICAL_AND, LOGICAL_OR;

    /** True for the comparisons and logical operators, whose result dtype is bool. */
    public boolean isPredicate() {
        return ordinal() >= EQUAL.ordinal();
    }

    /** True for LOGICAL_AND and LOGICAL_OR, which compute on truth values. */
    public boolean isLogical() {
        return this == LOGICAL_AND || this == LOGICAL_OR;
    }
}
