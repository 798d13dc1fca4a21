package dev.cohort.partitioner;

/** How an operation uses an operand (maps to the runtime's privileges). */
public enum Role {
    /** Read only (READ). */
    READ,
    /**
     * Every element the operation reaches is overwritten, none is read (WRITE_DISCARD): a whole store, or a view of
     * one whose tiling is then limited to the view's box ({@code Partitioner.limitedToView}), so the rest of the
     * store keeps what it held.
     */
    WRITE,
    /** Read and written, or written only in part (a view): READ_WRITE. */
    READ_WRITE,
    /** Partial results folded together (REDUCE); the operand becomes Replicated when its access skips a tiled dimension. */
    REDUCE
}
