package dev.cohort.transport;

/**
 * The job failed because a shard died or went silent: its process exited without leaving the job, or no frame
 * of it arrived for longer than the heartbeat timeout. Every other shard fails with this exception, which names
 * the dead shard: {@code "shard 3 failed: no frame from shard 3 for 5.2 s (heartbeat timeout 5 s); its process
 * died or hangs"}. {@link #failedShard()} is the dead shard, not the shard that noticed.
 */
public final class PeerFailedException extends ShardFailedException {
    private static final long serialVersionUID = 1L;

    private final int detectedBy;

    /**
     * @param failedShard the rank that died or went silent
     * @param detectedBy the rank that noticed first
     * @param reason what was observed, e.g. {@code "no frame from shard 3 for 5.2 s (heartbeat timeout 5 s)"}
     */
    public PeerFailedException(int failedShard, int detectedBy, String reason) {
        super(failedShard, "shard " + failedShard + " failed: " + reason + " (noticed by shard " + detectedBy + ")",
                null);
        this.detectedBy = detectedBy;
    }

    /** The rank of the shard that noticed the failure first. */
    public int detectedBy() {
        return detectedBy;
    }
}
