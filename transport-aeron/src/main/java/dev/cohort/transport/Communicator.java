package dev.cohort.transport;

import java.util.concurrent.CompletableFuture;

/**
 * The only channel between shards (DESIGN.md §6): tagged point-to-point transfers of byte
 * ranges and O(log N) collectives. Shards share nothing else; whatever must agree across
 * shards travels through an implementation of this interface as bytes.
 *
 * <h2>Tags and collective ids</h2>
 * Point-to-point tags are non-negative {@code long}s chosen by the caller; a message is matched
 * by (source rank, tag) whatever the arrival order, exactly once. Collectives take an explicit
 * {@code collectiveId}: every shard must issue the same collectives with the same ids (the
 * runtime takes them from a counter advanced in program order), but may issue them at different
 * moments and from different threads. Collective traffic uses a tag space disjoint from the
 * point-to-point one. A collective whose kind differs between shards for the same id fails with
 * {@link CollectiveMismatchException} on the shards that notice, never hangs.
 *
 * <h2>Failure</h2>
 * {@link #abort(Throwable)} fails every pending and future operation of every shard of the job
 * with a {@link ShardFailedException} naming the shard that aborted. Receives from a shard that
 * closed normally and never sent the message fail with {@link PeerClosedException}.
 *
 * <p>All methods are thread-safe. Returned futures complete on an internal thread or on the
 * caller's thread; callers must not block inside their continuations.
 */
public interface Communicator extends AutoCloseable {

    /**
     * The largest collective id, {@code 2^55 - 1}: collective tags are
     * {@code Long.MIN_VALUE | collectiveId << 8 | step}, disjoint from the non-negative point-to-point tags.
     */
    long MAX_COLLECTIVE_ID = (1L << 55) - 1;

    /** This shard's rank, {@code 0 <= rank < size}. */
    int rank();

    /** The number of shards in the job, {@code >= 1}. */
    int size();

    /**
     * Sends {@code payload} to {@code destination} under {@code tag}. Does not block; the payload
     * array is owned by the communicator after the call (the caller must not modify it).
     *
     * @throws IllegalArgumentException if {@code destination} is not a rank of this job or is
     *     this shard, or {@code tag < 0}
     */
    void send(int destination, long tag, byte[] payload);

    /**
     * The message that {@code source} sent, or will send, under {@code tag}.
     *
     * @throws IllegalArgumentException if {@code source} is not a rank or is this shard, or {@code tag < 0}
     */
    CompletableFuture<byte[]> receive(int source, long tag);

    /** Completes once every shard has entered the barrier with this id (dissemination, ⌈log2 N⌉ rounds). */
    CompletableFuture<Void> barrier(long collectiveId);

    /** Every shard gets {@code root}'s payload (binomial tree). Non-root shards pass {@code null}. */
    CompletableFuture<byte[]> broadcast(long collectiveId, int root, byte[] payload);

    /**
     * {@code root} gets {@code op} folded over every shard's payload (binomial tree); the other
     * shards get {@code null}. {@code op} must be associative and commutative.
     */
    CompletableFuture<byte[]> reduce(long collectiveId, int root, byte[] payload, ByteReducer op);

    /**
     * Every shard gets {@code op} folded over every shard's payload (recursive doubling; ranks
     * beyond the largest power of two fold into a partner first). {@code op} must be associative
     * and commutative, and every shard gets bit-identical bytes.
     */
    CompletableFuture<byte[]> allReduce(long collectiveId, byte[] payload, ByteReducer op);

    /**
     * Every shard gets every shard's payload, indexed by rank (recursive doubling / Bruck:
     * ⌈log2 N⌉ rounds). Payloads may differ in length.
     */
    CompletableFuture<byte[][]> allGather(long collectiveId, byte[] payload);

    /**
     * Fails every pending and future operation on every shard of the job with a
     * {@link ShardFailedException} that names this shard and carries {@code cause}'s message.
     * Idempotent; never throws.
     */
    void abort(Throwable cause);

    /**
     * Leaves the job normally. Messages already sent are still delivered; later receives from
     * this shard that no sent message matches fail with {@link PeerClosedException}.
     */
    @Override
    void close();

    /** Combines two equally long encodings of a value into a new encoding; must not modify its inputs. */
    @FunctionalInterface
    interface ByteReducer {
        byte[] combine(byte[] left, byte[] right);
    }
}
