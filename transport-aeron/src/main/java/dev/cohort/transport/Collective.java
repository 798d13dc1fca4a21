package dev.cohort.transport;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.Consumer;

/**
 * One run of a collective on one shard: a small state machine whose steps are chained on the arrival of
 * messages, never on a blocked thread. Subclasses hold the state (round, accumulator) and write one method per
 * step; this class sends and receives under the collective's tags, checks every message's header and turns any
 * failure into a failed {@link #result} and an aborted job, so that no other shard waits forever.
 *
 * <p>Steps run on the thread that completes a receive: the communicator's completion thread, or the caller's
 * thread when the message had already arrived.
 */
abstract class Collective<T> {
    static final byte[] EMPTY = new byte[0];

    final AbstractCommunicator communicator;
    final long id;
    final CollectiveSignature signature;
    final int rank;
    final int size;
    final CompletableFuture<T> result = new CompletableFuture<>();

    Collective(AbstractCommunicator communicator, long id, CollectiveSignature signature) {
        this.communicator = communicator;
        this.id = id;
        this.signature = signature;
        this.rank = communicator.rank();
        this.size = communicator.size();
    }

    /** Begins the protocol: sends what can be sent and registers the first receive. */
    abstract void start();

    /**
     * Whether this collective needs the kind announcement to {@code rank + 1}: a shard with a different
     * signature must hear from its ring neighbour so that some shard notices (see {@link CollectiveLedger}).
     * Collectives whose first step already sends to a ring neighbour ({@code rank ± 1}) do not.
     */
    abstract boolean needsAnnouncement();

    final void send(int peer, int step, byte[] body) {
        sendMessage(peer, step, CollectiveHeader.encode(signature, body));
    }

    /** Sends a message that already starts with this collective's header ({@link CollectiveHeader#allocate}). */
    final void sendMessage(int peer, int step, byte[] message) {
        communicator.transmitCollective(peer, CollectiveTags.tag(id, step), message);
    }

    /**
     * Runs {@code onMessage} with the message that {@code peer} sends at {@code step}, once its header shows
     * the same collective. The message still starts with its header ({@link CollectiveHeader#body}).
     */
    final void expect(int peer, int step, Consumer<byte[]> onMessage) {
        communicator.receiveCollective(peer, CollectiveTags.tag(id, step)).whenComplete((message, failure) -> {
            if (failure != null) {
                fail(failure);
                return;
            }
            if (result.isDone()) {
                return; // failed meanwhile, e.g. a mismatch noticed on arrival of another message
            }
            try {
                CollectiveSignature sent = CollectiveHeader.signatureOf(message);
                if (!signature.equals(sent)) {
                    throw new CollectiveMismatchException(id, "shard " + rank + " expected " + signature
                            + ", shard " + peer + " sent " + (sent != null ? sent : "a message without a valid header"));
                }
                onMessage.accept(message);
            } catch (Throwable t) {
                fail(t);
            }
        });
    }

    /** Folds two partial results, in this order, after checking that they have the same length. */
    final byte[] combine(Communicator.ByteReducer op, byte[] left, byte[] right, int peer) {
        if (left.length != right.length) {
            throw new CollectiveMismatchException(id, signature.kind() + " payloads differ in length: shard " + rank
                    + " and shard " + peer + " hold " + left.length + " and " + right.length + " bytes");
        }
        byte[] combined = op.combine(left, right);
        if (combined == null) {
            throw new NullPointerException("collective " + id + ": the ByteReducer returned null on shard " + rank);
        }
        return combined;
    }

    final void complete(T value) {
        result.complete(value);
    }

    /** Fails this collective and aborts the job (a no-op if it is already aborted). */
    final void fail(Throwable failure) {
        Throwable cause = failure instanceof CompletionException && failure.getCause() != null
                ? failure.getCause() : failure;
        result.completeExceptionally(cause);
        communicator.onCollectiveFailed(cause);
    }

    /** {@code rank + offset} around the ring of shards. */
    final int ringPeer(long offset) {
        return (int) Math.floorMod(rank + offset, (long) size);
    }

    /** {@code ⌈log2 n⌉} for {@code n >= 1}. */
    static int ceilLog2(int n) {
        return 32 - Integer.numberOfLeadingZeros(n - 1);
    }

    /** {@code log2} of a power of two. */
    static int log2(int powerOfTwo) {
        return Integer.numberOfTrailingZeros(powerOfTwo);
    }
}
