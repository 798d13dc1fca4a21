package dev.cohort.transport;

import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;

/**
 * Everything of a {@link Communicator} above the wire: argument checks, matching of messages with receives,
 * and the collectives, written once over point-to-point messages. An implementation supplies only the wire:
 *
 * <ul>
 *   <li>{@link #transmit} puts a message on its way to a peer (any tag, including the negative collective
 *       tags), and its inbound path hands every message that arrives to {@link #onMessage};</li>
 *   <li>{@link #abort} and {@link #close} tell every peer, whose inbound path then calls
 *       {@link #onJobFailed} or {@link #onPeerClosed}; both start by calling {@link #markClosed} or
 *       {@link #onJobFailed} locally.</li>
 * </ul>
 *
 * <h2>Collective messages</h2>
 * Collective {@code c}'s message at step {@code s} travels under tag {@code Long.MIN_VALUE | c << 8 | s}
 * (so {@code c <= } {@link Communicator#MAX_COLLECTIVE_ID}) and starts with a 5-byte header naming the
 * collective's kind and root. Every arriving collective message is checked against what this shard issued
 * under that id; a difference fails the collective with {@link CollectiveMismatchException} and aborts the
 * job. Each shard also announces its collective to {@code rank + 1} (or its first round does), so a mismatch
 * anywhere is noticed somewhere, and no shard waits forever.
 *
 * <h2>Threads</h2>
 * Receive futures that wait for a message, and the collectives' steps that follow them, complete on the
 * completion executor given to the constructor; a receive whose message is already here completes at once on
 * the caller's thread. Reductions ({@link ByteReducer}) run on those same threads.
 */
public abstract class AbstractCommunicator implements Communicator {
    /** How many collective ids each shard remembers for mismatch checks after they finish. */
    static final int LEDGER_CAPACITY = 4096;
    /** The largest number of shards; masks and ranks then fit comfortably in an {@code int}. */
    public static final int MAX_SIZE = 1 << 30;
    /**
     * The payload length in bytes from which {@link #allReduce} with an element-wise reducer
     * ({@link ByteReducer#elementBytes()} {@code > 0}) uses reduce-scatter + all-gather ({@link ReduceScatterAllGather},
     * about {@code 2 (P-1)/P · n} bytes sent per shard in {@code 2 log2 P} rounds) instead of recursive doubling
     * ({@code log2 P · n} bytes in {@code log2 P} rounds), provided the payload holds at least one element per
     * shard of the largest power of two {@code P <= N}: 64 KiB, where the bytes start to cost more than the rounds.
     */
    public static final int LARGE_ALL_REDUCE_BYTES = 64 * 1024;

    private final int rank;
    private final int size;
    private final Executor completionExecutor;
    private final MessageMatcher inbox;
    private final CollectiveLedger ledger;
    private volatile boolean closed;
    private volatile ShardFailedException failure;

    /**
     * @param completionExecutor runs the completion of receives that waited, and so the collectives' steps; a
     *     single thread per shard keeps one shard's steps in order and off other shards' threads
     */
    protected AbstractCommunicator(int rank, int size, Executor completionExecutor) {
        if (size < 1 || size > MAX_SIZE) {
            throw new IllegalArgumentException("size must be in [1, " + MAX_SIZE + "], was " + size);
        }
        if (rank < 0 || rank >= size) {
            throw new IllegalArgumentException("rank must be in [0, " + (size - 1) + "], was " + rank);
        }
        this.rank = rank;
        this.size = size;
        this.completionExecutor = Objects.requireNonNull(completionExecutor, "completionExecutor");
        this.inbox = new MessageMatcher(rank, size, completionExecutor);
        this.ledger = new CollectiveLedger(rank, LEDGER_CAPACITY);
    }

    @Override
    public final int rank() {
        return rank;
    }

    @Override
    public final int size() {
        return size;
    }

    // ---------------------------------------------------------------------------------------------
    // The wire, supplied by implementations

    /**
     * Puts {@code message} on its way to {@code destination} under {@code tag}; its receiver passes it to
     * {@link #onMessage}. Must not block for long and must not run the receiver's continuations.
     *
     * @throws PeerClosedException if {@code destination} has closed (collective messages to it are then dropped)
     * @throws ShardFailedException if the job has failed
     */
    protected abstract void transmit(int destination, long tag, byte[] message);

    /** Hands a message that arrived from {@code source} to this shard; called by the implementation's inbound path. */
    protected final void onMessage(int source, long tag, byte[] message) {
        if (CollectiveTags.isCollective(tag)) {
            long collectiveId = CollectiveTags.collectiveId(tag);
            CollectiveSignature sent = CollectiveHeader.signatureOf(message);
            CollectiveLedger.Mismatch mismatch = sent == null
                    ? new CollectiveLedger.Mismatch(new CollectiveMismatchException(collectiveId, "shard " + rank
                            + " got a message without a valid collective header from shard " + source), null)
                    : ledger.onArrival(collectiveId, source, sent);
            if (mismatch != null) {
                Collective<?> running = mismatch.running();
                if (running != null) {
                    completionExecutor.execute(() -> running.fail(mismatch.exception()));
                }
                abort(mismatch.exception());
                return;
            }
            if (CollectiveTags.step(tag) == CollectiveTags.ANNOUNCE_STEP) {
                return; // checked: that was all it was for
            }
        }
        inbox.deliver(source, tag, message);
    }

    /** {@code peer} has left the job normally; called by the implementation when it learns of it. */
    protected final void onPeerClosed(int peer) {
        inbox.sourceClosed(peer);
    }

    /** The job failed; every pending and later operation of this shard fails with {@code jobFailure}. */
    protected final void onJobFailed(ShardFailedException jobFailure) {
        if (failure == null) {
            failure = jobFailure;
        }
        inbox.fail(jobFailure);
    }

    /**
     * Marks this shard closed: later operations fail with {@link IllegalStateException}, and so do its own
     * receives still waiting. Returns whether this call closed it (false if it was closed already).
     */
    protected final boolean markClosed() {
        synchronized (this) {
            if (closed) {
                return false;
            }
            closed = true;
        }
        inbox.failWaiters(key -> new IllegalStateException("shard " + rank + " closed while its receive from shard "
                + key.source() + " under " + CollectiveTags.describe(key.tag()) + " was waiting"), false);
        return true;
    }

    protected final boolean isClosed() {
        return closed;
    }

    /** The failure of the job, or {@code null} while it has not failed. */
    protected final ShardFailedException jobFailure() {
        return failure;
    }

    @Override
    public final ShardFailedException failure() {
        return failure;
    }

    // ---------------------------------------------------------------------------------------------
    // Point-to-point

    @Override
    public final void send(int destination, long tag, byte[] payload) {
        checkPeer(destination, "destination");
        checkTag(tag);
        Objects.requireNonNull(payload, "payload");
        RuntimeException unusable = unusable();
        if (unusable != null) {
            throw unusable;
        }
        transmit(destination, tag, payload);
    }

    @Override
    public final CompletableFuture<byte[]> receive(int source, long tag) {
        checkPeer(source, "source");
        checkTag(tag);
        RuntimeException unusable = unusable();
        return unusable != null ? CompletableFuture.failedFuture(unusable) : inbox.receive(source, tag);
    }

    // ---------------------------------------------------------------------------------------------
    // Collectives

    @Override
    public final CompletableFuture<Void> barrier(long collectiveId) {
        CollectiveTags.checkCollectiveId(collectiveId);
        return size == 1 ? local(null) : launch(new DisseminationBarrier(this, collectiveId));
    }

    @Override
    public final CompletableFuture<byte[]> broadcast(long collectiveId, int root, byte[] payload) {
        CollectiveTags.checkCollectiveId(collectiveId);
        checkRoot(root);
        if (rank == root) {
            Objects.requireNonNull(payload, "payload of the broadcast root");
        }
        return size == 1 ? local(payload) : launch(new BinomialBroadcast(this, collectiveId, root, payload));
    }

    @Override
    public final CompletableFuture<byte[]> reduce(long collectiveId, int root, byte[] payload, ByteReducer op) {
        CollectiveTags.checkCollectiveId(collectiveId);
        checkRoot(root);
        Objects.requireNonNull(payload, "payload");
        Objects.requireNonNull(op, "op");
        return size == 1 ? local(payload) : launch(new BinomialReduce(this, collectiveId, root, payload, op));
    }

    @Override
    public final CompletableFuture<byte[]> allReduce(long collectiveId, byte[] payload, ByteReducer op) {
        CollectiveTags.checkCollectiveId(collectiveId);
        Objects.requireNonNull(payload, "payload");
        Objects.requireNonNull(op, "op");
        int elementBytes = op.elementBytes();
        if (elementBytes > 0 && payload.length % elementBytes != 0) {
            throw new IllegalArgumentException("payload of an element-wise all-reduce must be a whole number of "
                    + elementBytes + "-byte elements, was " + payload.length + " bytes");
        }
        if (size == 1) {
            return local(payload);
        }
        // Depends only on what every shard passes alike (payload length, reducer, size), so all pick the same;
        // the two algorithms have different kinds, so shards that still differ fail with a mismatch.
        boolean large = elementBytes > 0 && payload.length >= LARGE_ALL_REDUCE_BYTES
                && payload.length / elementBytes >= Integer.highestOneBit(size);
        return launch(large ? new ReduceScatterAllGather(this, collectiveId, payload, op)
                : new RecursiveDoublingAllReduce(this, collectiveId, payload, op));
    }

    @Override
    public final CompletableFuture<byte[][]> allGather(long collectiveId, byte[] payload) {
        CollectiveTags.checkCollectiveId(collectiveId);
        Objects.requireNonNull(payload, "payload");
        return size == 1 ? local(new byte[][] {payload}) : launch(new BruckAllGather(this, collectiveId, payload));
    }

    private <T> CompletableFuture<T> local(T value) {
        RuntimeException unusable = unusable();
        return unusable != null ? CompletableFuture.failedFuture(unusable) : CompletableFuture.completedFuture(value);
    }

    private <T> CompletableFuture<T> launch(Collective<T> collective) {
        RuntimeException unusable = unusable();
        if (unusable != null) {
            return CompletableFuture.failedFuture(unusable);
        }
        CollectiveMismatchException mismatch = ledger.start(collective.id, collective);
        collective.result.whenComplete((value, failure) -> ledger.finished(collective.id));
        if (mismatch != null) {
            collective.fail(mismatch);
            return collective.result;
        }
        try {
            if (collective.needsAnnouncement()) {
                transmitCollective((rank + 1) % size, CollectiveTags.tag(collective.id, CollectiveTags.ANNOUNCE_STEP),
                        CollectiveHeader.allocate(collective.signature, 0));
            }
            collective.start();
        } catch (Throwable t) {
            collective.fail(t);
        }
        return collective.result;
    }

    final void transmitCollective(int destination, long tag, byte[] message) {
        RuntimeException unusable = unusable();
        if (unusable != null) {
            throw unusable;
        }
        try {
            transmit(destination, tag, message);
        } catch (PeerClosedException departed) {
            // The peer has left the job, and with it this collective: it reads nothing more. Whether its
            // leaving matters shows on the shards that wait for its messages (PeerClosedException there).
        }
    }

    final CompletableFuture<byte[]> receiveCollective(int source, long tag) {
        return inbox.receive(source, tag);
    }

    /**
     * A collective failed here; abort the job so that no shard waits for this one forever. Not when the job
     * already failed, nor when this shard closed: it left, and a peer that still needs one of its messages
     * fails with PeerClosedException and aborts.
     */
    final void onCollectiveFailed(Throwable cause) {
        if (!(cause instanceof ShardFailedException) && !closed) {
            abort(cause);
        }
    }

    // ---------------------------------------------------------------------------------------------

    private RuntimeException unusable() {
        ShardFailedException jobFailure = failure;
        if (jobFailure != null) {
            return jobFailure;
        }
        return closed ? new IllegalStateException("shard " + rank + " is closed") : null;
    }

    private void checkPeer(int peer, String role) {
        if (peer < 0 || peer >= size || peer == rank) {
            throw new IllegalArgumentException(role + " must be a rank in [0, " + (size - 1) + "] other than this shard's "
                    + rank + ", was " + peer);
        }
    }

    private static void checkTag(long tag) {
        if (tag < 0) {
            throw new IllegalArgumentException("tag must be >= 0 (negative tags are reserved for collectives), was " + tag);
        }
    }

    private void checkRoot(int root) {
        if (root < 0 || root >= size) {
            throw new IllegalArgumentException("root must be a rank in [0, " + (size - 1) + "], was " + root);
        }
    }
}
