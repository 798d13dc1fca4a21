package dev.cohort.transport;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;

/**
 * A job of N shards that are threads of one JVM (tests, and the embedded default). Shards share nothing but
 * the byte arrays they send: {@link #send} hands the array itself to the receiver's inbox, with no copy.
 *
 * <p>Each shard has one completion thread ({@code cohort-local-shard-R-of-N}, a daemon that ends when idle)
 * on which its waiting receives and collective steps complete, so one shard's continuations never run on
 * another shard's thread.
 */
public final class LocalCommunicator extends AbstractCommunicator {
    private final Group group;

    private LocalCommunicator(int rank, Group group) {
        super(rank, group.size, CompletionThread.start("cohort-local-shard-" + rank + "-of-" + group.size));
        this.group = group;
    }

    /**
     * The shards of a new job, indexed by rank.
     *
     * @throws IllegalArgumentException if {@code size < 1} or {@code size >} {@link #MAX_SIZE}
     */
    public static List<LocalCommunicator> create(int size) {
        if (size < 1 || size > MAX_SIZE) {
            throw new IllegalArgumentException("size must be in [1, " + MAX_SIZE + "], was " + size);
        }
        Group group = new Group(size);
        List<LocalCommunicator> shards = new ArrayList<>(size);
        for (int rank = 0; rank < size; rank++) {
            shards.add(new LocalCommunicator(rank, group));
        }
        group.shards = shards.toArray(new LocalCommunicator[0]);
        return Collections.unmodifiableList(shards);
    }

    @Override
    protected void transmit(int destination, long tag, byte[] message) {
        ShardFailedException jobFailure = group.failure.get();
        if (jobFailure != null) {
            throw jobFailure;
        }
        LocalCommunicator peer = group.shards[destination];
        if (peer.isClosed()) {
            throw new PeerClosedException(destination, "shard " + rank() + " cannot send to shard " + destination
                    + " under " + CollectiveTags.describe(tag) + ": shard " + destination + " closed");
        }
        peer.onMessage(rank(), tag, message);
    }

    @Override
    public void abort(Throwable cause) {
        try {
            group.failure.compareAndSet(null, new ShardFailedException(rank(), cause));
            // winner or not, every shard has seen the job's failure before this returns, so a
            // close() that follows can never reach a peer ahead of the failure
            ShardFailedException jobFailure = group.failure.get();
            for (LocalCommunicator shard : group.shards) {
                shard.onJobFailed(jobFailure);
            }
        } catch (RuntimeException e) {
            // abort() never throws; the job is failed or failing, and every shard sees that.
        }
    }

    @Override
    public void close() {
        if (markClosed() && group.failure.get() == null) {
            for (LocalCommunicator shard : group.shards) {
                if (shard != this) {
                    shard.onPeerClosed(rank());
                }
            }
        }
    }

    @Override
    public String toString() {
        return "LocalCommunicator[shard " + rank() + " of " + size() + "]";
    }

    /** What the shards of one job share: each other, and whether the job has failed. */
    private static final class Group {
        final int size;
        final AtomicReference<ShardFailedException> failure = new AtomicReference<>();
        volatile LocalCommunicator[] shards;

        Group(int size) {
            this.size = size;
        }
    }
}
