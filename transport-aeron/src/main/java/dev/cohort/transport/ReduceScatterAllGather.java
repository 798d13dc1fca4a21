package dev.cohort.transport;

import java.nio.ByteBuffer;
import java.util.Arrays;

/**
 * Rabenseifner's all-reduce for large payloads of an element-wise {@link Communicator.ByteReducer}: a
 * reduce-scatter by recursive halving followed by an all-gather by recursive doubling, so that each shard sends
 * about {@code 2 (P-1)/P · n} bytes for an {@code n}-byte payload instead of recursive doubling's
 * {@code log2 P · n}.
 *
 * <p>Let {@code P} be the largest power of two {@code <= N}, {@code R = N - P}, and split the payload's
 * {@code n / elementBytes} elements into {@code P} blocks of whole elements, as evenly as possible: block
 * {@code b} holds {@code ⌊E/P⌋} elements, plus one when {@code b < E mod P}, and the blocks lie in order. The
 * protocol has five phases:
 *
 * <ol>
 *   <li>{@link Phase#FOLD_IN}: each extra rank {@code r >= P} sends its payload to {@code r - P} and waits for
 *       the result; ranks {@code r < R} fold it in as {@code combine(mine, extra's)}.</li>
 *   <li>{@link Phase#REDUCE_SCATTER}: rank {@code r < P} starts with blocks {@code [0, P)}. In round
 *       {@code k = 1 .. log2 P}, with {@code d = P >> k}, ranks {@code r} and {@code r xor d} split their common
 *       range of blocks in two halves; the one with bit {@code d} clear keeps the lower half, the other the upper
 *       half, each sends the half it gives up and combines the half it keeps with what its partner sends, as
 *       {@code combine(lower rank's, higher rank's)}. After the last round rank {@code r} holds block {@code r},
 *       reduced over all shards.</li>
 *   <li>{@link Phase#ALL_GATHER}: in round {@code k = 1 .. log2 P}, with {@code d = 2^(k-1)}, ranks {@code r}
 *       and {@code r xor d} swap the {@code d} reduced blocks they hold, so that each then holds {@code 2d}.</li>
 *   <li>{@link Phase#FAN_OUT}: ranks {@code r < R} send the whole result to {@code r + P}.</li>
 *   <li>{@link Phase#DONE}: the result is known here.</li>
 * </ol>
 *
 * <p><b>Determinism.</b> Every block is reduced by a sequence of combines fixed by ranks alone, each computed by
 * exactly one shard, always as {@code combine(lower rank's, higher rank's)}; the other shards only copy its
 * bytes. So every shard gets bit-identical results, run after run, even for floating-point sums (which may still
 * differ in the last bits from {@link RecursiveDoublingAllReduce}'s, whose combination tree is another).
 *
 * <p><b>Steps</b> (the low 8 bits of the tag, {@link CollectiveTags}): {@code 0} is the fold-in,
 * {@code 1 .. log2 P} the reduce-scatter rounds, {@code log2 P + 1 .. 2 log2 P} the all-gather rounds and
 * {@code 2 log2 P + 1} the fan-out. With {@code N <=} {@link AbstractCommunicator#MAX_SIZE} {@code = 2^30}
 * that is at most 61, well below the announcement step 255. Each (peer, step) pair carries one message.
 *
 * <p><b>Messages.</b> After the collective header, a body is {@code int payloadLength, int elementBytes} (the
 * sender's, big-endian) and then the bytes of a range of whole blocks. Shards whose payload lengths or element
 * sizes differ fail with {@link CollectiveMismatchException}, whichever message shows it first.
 *
 * <p>{@code 2 log2 P} rounds, plus 2 when {@code R > 0}; the shards below {@code P} send
 * {@code 2 (P-1)/P · n} bytes ({@code + n} for those with an extra partner), the extras {@code n}.
 */
final class ReduceScatterAllGather extends Collective<byte[]> {
    /** Where this shard is in the protocol. */
    enum Phase {
        /** An extra rank's payload is on its way into its partner below {@code P} (the extra waits here). */
        FOLD_IN,
        /** Halves of the held range of blocks are being swapped and reduced, at distance P/2, P/4, … 1. */
        REDUCE_SCATTER,
        /** Reduced blocks are being swapped, at distance 1, 2, … P/2, until every block is here. */
        ALL_GATHER,
        /** The result goes back to the extra partner, if any. */
        FAN_OUT,
        /** The result is known here. */
        DONE
    }

    /** The bytes of every message body in front of the data: the sender's payload length and element size. */
    static final int PREFIX = 2 * Integer.BYTES;
    private static final int FOLD_IN_STEP = 0;
    /** Java arrays cannot quite reach {@code Integer.MAX_VALUE} elements on common VMs. */
    private static final int MAX_ARRAY = Integer.MAX_VALUE - 8;

    private final Communicator.ByteReducer op;
    private final int length;
    private final int elementBytes;
    private final int powerOfTwo;
    private final int extras;
    private final int rounds;
    private final int fanOutStep;
    /** Elements in every block ({@code ⌊E/P⌋}); the first {@link #longerBlocks} hold one more. */
    private final long blockElements;
    private final int longerBlocks;
    private Phase phase = Phase.FOLD_IN;
    /** During the reduce-scatter, the bytes of blocks {@code [lo, hi)} (the whole payload at first). */
    private byte[] partial;
    /** During the all-gather, the result, of which blocks {@code [lo, hi)} are filled in. */
    private byte[] gathered;
    private int lo;
    private int hi;

    /**
     * @throws IllegalArgumentException if {@code op} is not element-wise, {@code payload} is not a whole number
     *     of elements or holds fewer than {@code P} of them
     */
    ReduceScatterAllGather(AbstractCommunicator communicator, long id, byte[] payload, Communicator.ByteReducer op) {
        super(communicator, id, CollectiveSignature.rootless(CollectiveKind.LARGE_ALL_REDUCE));
        this.op = op;
        this.partial = payload;
        this.length = payload.length;
        this.elementBytes = op.elementBytes();
        this.powerOfTwo = Integer.highestOneBit(size);
        this.extras = size - powerOfTwo;
        this.rounds = log2(powerOfTwo);
        this.fanOutStep = 2 * rounds + 1;
        if (elementBytes < 1 || length % elementBytes != 0 || length / elementBytes < powerOfTwo) {
            throw new IllegalArgumentException("collective " + id + ": reduce-scatter + all-gather needs a payload of "
                    + "at least " + powerOfTwo + " whole elements of an element-wise reducer, got " + length
                    + " bytes and elements of " + elementBytes + " bytes");
        }
        int elements = length / elementBytes;
        this.blockElements = elements / powerOfTwo;
        this.longerBlocks = elements % powerOfTwo;
        this.lo = 0;
        this.hi = powerOfTwo;
    }

    @Override
    boolean needsAnnouncement() {
        return true;
    }

    @Override
    void start() {
        if (rank >= powerOfTwo) {
            int partner = rank - powerOfTwo;
            sendBlocks(partner, FOLD_IN_STEP, partial, 0, length);
            partial = null;
            expect(partner, fanOutStep, message -> finish(data(message, partner, length)));
        } else if (rank < extras) {
            int extra = rank + powerOfTwo;
            expect(extra, FOLD_IN_STEP, message -> {
                partial = combineSlices(partial, data(message, extra, length), extra);
                reduceScatter(1);
            });
        } else {
            reduceScatter(1);
        }
    }

    /** Round {@code round} of the reduce-scatter, at distance {@code P >> round}; {@code hi - lo = 2 · distance}. */
    private void reduceScatter(int round) {
        phase = Phase.REDUCE_SCATTER;
        if (round > rounds) {
            startAllGather();
            return;
        }
        int distance = powerOfTwo >> round;
        int partner = rank ^ distance;
        int mid = lo + distance;
        boolean keepLower = (rank & distance) == 0;
        int keepLo = keepLower ? lo : mid;
        int keepHi = keepLower ? mid : hi;
        int giveLo = keepLower ? mid : lo;
        int giveHi = keepLower ? hi : mid;
        int base = offset(lo);
        sendBlocks(partner, round, partial, offset(giveLo) - base, offset(giveHi) - offset(giveLo));
        partial = Arrays.copyOfRange(partial, offset(keepLo) - base, offset(keepHi) - base);
        lo = keepLo;
        hi = keepHi;
        expect(partner, round, message -> {
            byte[] theirs = data(message, partner, partial.length);
            partial = rank < partner ? combineSlices(partial, theirs, partner) : combineSlices(theirs, partial, partner);
            reduceScatter(round + 1);
        });
    }

    private void startAllGather() {
        assert lo == rank && hi == rank + 1 : lo + ".." + hi;
        gathered = new byte[length];
        System.arraycopy(partial, 0, gathered, offset(rank), partial.length);
        partial = null;
        allGather(1);
    }

    /** Round {@code round} of the all-gather, at distance {@code 2^(round-1)}; {@code hi - lo = distance}. */
    private void allGather(int round) {
        phase = Phase.ALL_GATHER;
        if (round > rounds) {
            fanOut();
            return;
        }
        int distance = 1 << (round - 1);
        int partner = rank ^ distance;
        int step = rounds + round;
        sendBlocks(partner, step, gathered, offset(lo), offset(hi) - offset(lo));
        int theirLo = lo ^ distance;
        int theirStart = offset(theirLo);
        int theirLength = offset(theirLo + distance) - theirStart;
        expect(partner, step, message -> {
            checkData(message, partner, theirLength);
            System.arraycopy(message, CollectiveHeader.LENGTH + PREFIX, gathered, theirStart, theirLength);
            lo = Math.min(lo, theirLo);
            hi = lo + 2 * distance;
            allGather(round + 1);
        });
    }

    private void fanOut() {
        phase = Phase.FAN_OUT;
        if (rank < extras) {
            sendBlocks(rank + powerOfTwo, fanOutStep, gathered, 0, length);
        }
        finish(gathered);
    }

    private void finish(byte[] value) {
        phase = Phase.DONE;
        complete(value);
    }

    /** The byte offset of block {@code block} ({@code 0 <= block <= P}) in the payload. */
    private int offset(int block) {
        return (int) ((block * blockElements + Math.min(block, longerBlocks)) * elementBytes);
    }

    /** Sends {@code count} bytes of {@code source} from {@code from}, after the header and the prefix. */
    private void sendBlocks(int peer, int step, byte[] source, int from, int count) {
        if ((long) count + CollectiveHeader.LENGTH + PREFIX > MAX_ARRAY) {
            throw new IllegalArgumentException("collective " + id + ": shard " + rank + " would send " + count
                    + " bytes at step " + step + " of " + signature.kind() + ", more than a Java array holds");
        }
        byte[] message = CollectiveHeader.allocate(signature, PREFIX + count);
        ByteBuffer.wrap(message, CollectiveHeader.LENGTH, PREFIX).putInt(length).putInt(elementBytes);
        System.arraycopy(source, from, message, CollectiveHeader.LENGTH + PREFIX, count);
        sendMessage(peer, step, message);
    }

    /** The data of {@code message} from {@code peer} as a new array, after checking it as {@link #checkData} does. */
    private byte[] data(byte[] message, int peer, int expectedLength) {
        checkData(message, peer, expectedLength);
        return Arrays.copyOfRange(message, CollectiveHeader.LENGTH + PREFIX, message.length);
    }

    /** Checks that {@code peer} reduces a payload like this shard's and sent {@code expectedLength} bytes of it. */
    private void checkData(byte[] message, int peer, int expectedLength) {
        int bodyLength = message.length - CollectiveHeader.LENGTH;
        if (bodyLength < PREFIX) {
            throw new CollectiveMismatchException(id, "shard " + rank + " got a malformed " + signature.kind()
                    + " message from shard " + peer + ": " + bodyLength + " bytes after the header");
        }
        ByteBuffer prefix = ByteBuffer.wrap(message, CollectiveHeader.LENGTH, PREFIX);
        int theirLength = prefix.getInt();
        int theirElementBytes = prefix.getInt();
        if (theirLength != length || theirElementBytes != elementBytes) {
            throw new CollectiveMismatchException(id, signature.kind() + " payloads differ: shard " + rank + " holds "
                    + length + " bytes of " + elementBytes + "-byte elements, shard " + peer + " " + theirLength
                    + " bytes of " + theirElementBytes + "-byte elements");
        }
        if (bodyLength - PREFIX != expectedLength) {
            throw new CollectiveMismatchException(id, "shard " + rank + " got a malformed " + signature.kind()
                    + " message from shard " + peer + " in phase " + phase + ": " + (bodyLength - PREFIX)
                    + " bytes of data, expected " + expectedLength);
        }
    }

    /** {@link #combine} of two equally long slices, checking that the element-wise reducer kept their length. */
    private byte[] combineSlices(byte[] left, byte[] right, int peer) {
        byte[] combined = combine(op, left, right, peer);
        if (combined.length != left.length) {
            throw new IllegalStateException("collective " + id + ": the element-wise ByteReducer " + op
                    + " returned " + combined.length + " bytes for two slices of " + left.length + " on shard " + rank);
        }
        return combined;
    }
}
