package dev.cohort.partitioner;

/** How an operation uses an operand (maps to the runtime's privileges). */
public enum Role {
    /** Read only (READ). */
    READ,
    /** Every element the operation reaches is overwritten; the operand is a whole fresh store (WRITE_DISCARD). */
    WRITE,
    /** Read and written, or written only in part (a view): READ_WRITE. */
    READ_WRITE,
    /** Partial results folded together (REDUCE); the operand becomes Replicated when its access skips a tiled dimension. */
    REDUCE
}
