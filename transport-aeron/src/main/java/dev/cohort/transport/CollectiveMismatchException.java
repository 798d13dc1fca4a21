package dev.cohort.transport;

/**
 * Shards issued different collectives under one collective id (a different kind, a different root, or
 * payloads that cannot be combined), so the collective cannot complete: {@code "collective 17: shard 0
 * expected ALL_GATHER, shard 3 sent BARRIER"}. The shard that notices fails its collective with this
 * exception and aborts the job, so the others fail with a {@link ShardFailedException} naming it.
 */
public final class CollectiveMismatchException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final long collectiveId;

    public CollectiveMismatchException(long collectiveId, String detail) {
        super("collective " + collectiveId + ": " + detail);
        this.collectiveId = collectiveId;
    }

    /** The id of the collective that went wrong. */
    public long collectiveId() {
        return collectiveId;
    }
}
