package dev.cohort.transport;

import java.util.Objects;
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
     * and commutative, and every shard gets bit-identical bytes. Large payloads of an element-wise
     * {@code op} ({@link ByteReducer#elementBytes()} {@code > 0}) are reduced by reduce-scatter and
     * all-gather instead, which sends each shard about {@code 2 (N-1)/N} payloads' worth of bytes
     * rather than {@code log2 N} payloads.
     *
     * @throws IllegalArgumentException if {@code op} is element-wise and {@code payload}'s length
     *     is not a multiple of its element size
     */
    CompletableFuture<byte[]> allReduce(long collectiveId, byte[] payload, ByteReducer op);

    /**
     * Every shard gets every shard's payload, indexed by rank (recursive doubling / Bruck:
     * ⌈log2 N⌉ rounds). Payloads may differ in length.
     */
    CompletableFuture<byte[][]> allGather(long collectiveId, byte[] payload);

    /**
     * The failure of the job as this shard knows it (a dead peer, an abort), or {@code null} while it has not failed:
     * how a shard that is issuing no communication (its program runs eagerly) learns that it must stop. A volatile
     * read; never blocks.
     */
    default ShardFailedException failure() {
        return null;
    }

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

    /**
     * Combines two equally long encodings of a value into a new encoding; must not modify its inputs.
     *
     * <p>A reducer that works element by element on fixed-size elements ({@link #elementwise}) says so through
     * {@link #elementBytes()}: combining two slices that start and end at element boundaries must then give
     * the corresponding slice of the combination of the whole arrays, and a result as long as its inputs. That
     * lets {@link #allReduce} split large payloads between shards (reduce-scatter + all-gather).
     */
    @FunctionalInterface
    interface ByteReducer {
        /** The combination of {@code left} and {@code right} (equally long), as a new array. */
        byte[] combine(byte[] left, byte[] right);

        /**
         * The size in bytes of the elements that this reducer combines independently of each other, or 0 (the
         * default) if it must see whole encodings: then it is never given slices.
         */
        default int elementBytes() {
            return 0;
        }

        /**
         * {@code op}, declared element-wise over elements of {@code elementBytes} bytes: the caller promises that
         * {@code op} combines byte {@code i} of its result from the element that holds byte {@code i} in each
         * input alone, so that slices at element boundaries may be combined separately. Payloads reduced with
         * it must be whole numbers of elements long.
         *
         * @throws IllegalArgumentException if {@code elementBytes < 1}
         */
        static ByteReducer elementwise(int elementBytes, ByteReducer op) {
            if (elementBytes < 1) {
                throw new IllegalArgumentException("elementBytes must be >= 1, was " + elementBytes);
            }
            Objects.requireNonNull(op, "op");
            return new ByteReducer() {
                @Override
                public byte[] combine(byte[] left, byte[] right) {
                    return op.combine(left, right);
                }

                @Override
                public int elementBytes() {
                    return elementBytes;
                }

                @Override
                public String toString() {
                    return "elementwise(" + elementBytes + " bytes, " + op + ")";
                }
            };
        }
    }
}
