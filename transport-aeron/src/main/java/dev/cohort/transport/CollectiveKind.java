package dev.cohort.transport;

/** The collectives of {@link Communicator}; each collective message carries its kind's {@link #code()}. */
public enum CollectiveKind {
    BARRIER,
    BROADCAST,
    REDUCE,
    ALL_REDUCE,
    ALL_GATHER;

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
