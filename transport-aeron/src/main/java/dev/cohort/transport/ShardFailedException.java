package dev.cohort.transport;

/**
 * The job failed because one shard aborted it ({@link Communicator#abort(Throwable)}); every pending and
 * later operation of every shard fails with this exception. The message names the aborting shard and
 * carries the cause's message: {@code "shard 2 failed: collective 17: shard 2 expected ALL_GATHER, shard 0
 * sent BARRIER"}.
 *
 * <p>A shard that died or fell silent without aborting is reported by the subclass {@link PeerFailedException},
 * whose {@link #failedShard()} is the dead shard.
 */
public class ShardFailedException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final int failedShard;

    public ShardFailedException(int failedShard, Throwable cause) {
        super("shard " + failedShard + " failed: " + describe(cause), cause);
        this.failedShard = failedShard;
    }

    /** For subclasses that word the message themselves (e.g. {@link PeerFailedException}). */
    protected ShardFailedException(int failedShard, String message, Throwable cause) {
        super(message, cause);
        this.failedShard = failedShard;
    }

    /** The rank of the shard that aborted the job. */
    public int failedShard() {
        return failedShard;
    }

    private static String describe(Throwable cause) {
        if (cause == null) {
            return "aborted";
        }
        String message = cause.getMessage();
        return message != null ? message : cause.getClass().getName();
    }
}
