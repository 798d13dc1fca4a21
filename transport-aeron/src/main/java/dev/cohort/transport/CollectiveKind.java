package dev.cohort.transport;

/** The collectives of {@link Communicator}; each collective message carries its kind's {@link #code()}. */
public enum CollectiveKind {
    BARRIER,
    BROADCAST,
    REDUCE,
    ALL_REDUCE,
    ALL_GATHER,
    /**
     * An all-reduce of a large payload with an element-wise reducer, by reduce-scatter + all-gather
     * ({@code ReduceScatterAllGather}). A kind of its own, so that shards which chose different all-reduce
     * algorithms (because their payload lengths or reducers differ) fail with a mismatch instead of waiting
     * for messages the other algorithm never sends.
     */
    LARGE_ALL_REDUCE;

    private static final CollectiveKind[] VALUES = values();

    /** The byte that identifies this kind on the wire; never 0, so a zeroed buffer is never a valid header. */
    public byte code() {
        return (byte) (ordinal() + 1);
    }

    /** The kind whose {@link #code()} is {@code code}, or {@code null} if none is. */
    public static CollectiveKind fromCode(byte code) {
        int index = code - 1;
        return index >= 0 && index < VALUES.length ? VALUES[index] : null;
    }
}
