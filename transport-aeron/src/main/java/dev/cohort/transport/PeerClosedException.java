package dev.cohort.transport;

/**
 * A receive (or send) named a shard that has left the job with {@link Communicator#close()}, and no message
 * it sent matches: {@code "shard 0: receive from shard 2 under tag 7 cannot complete: shard 2 closed
 * without sending it"}.
 */
public final class PeerClosedException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final int closedShard;

    public PeerClosedException(int closedShard, String message) {
        super(message);
        this.closedShard = closedShard;
    }

    /** The rank of the shard that closed. */
    public int closedShard() {
        return closedShard;
    }
}
