package dev.cohort.transport;

import java.nio.ByteBuffer;

/**
 * Bruck's all-gather, for any number of shards and payloads of any lengths. Shard {@code r} keeps the blocks
 * of ranks {@code r, r+1, …} (mod N) in that order. In round {@code k} it sends its first
 * {@code min(2^k, N - 2^k)} blocks to {@code r - 2^k} and appends the as many blocks that {@code r + 2^k} sends;
 * after {@code ⌈log2 N⌉} rounds it holds all N and rotates them into rank order. Step {@code k} carries
 * round {@code k}.
 *
 * <p>A message body is {@code int count, int length × count, the blocks' bytes} (big-endian).
 */
final class BruckAllGather extends Collective<byte[][]> {
    /** Where this shard is in the protocol. */
    enum Phase {
        /** Round {@code round}: blocks go to {@code rank - 2^round}, blocks from {@code rank + 2^round} awaited. */
        ROUNDS,
        /** All N blocks are held and rotated into rank order. */
        DONE
    }

    private Phase phase = Phase.ROUNDS;
    private final int rounds;
    private final byte[][] blocks;
    private int held = 1;
    private int round;

    BruckAllGather(AbstractCommunicator communicator, long id, byte[] payload) {
        super(communicator, id, CollectiveSignature.rootless(CollectiveKind.ALL_GATHER));
        this.rounds = ceilLog2(size);
        this.blocks = new byte[size][];
        this.blocks[0] = payload;
    }

    @Override
    boolean needsAnnouncement() {
        return false; // round 0 already goes to rank - 1
    }

    @Override
    void start() {
        sendRound();
    }

    private void sendRound() {
        if (round == rounds) {
            finish();
            return;
        }
        int distance = 1 << round;
        int count = Math.min(distance, size - distance);
        sendMessage(ringPeer(-distance), round, encode(count));
        int source = ringPeer(distance);
        expect(source, round, message -> onBlocks(message, source, count));
    }

    private void onBlocks(byte[] message, int source, int count) {
        ByteBuffer buffer = ByteBuffer.wrap(message, CollectiveHeader.LENGTH, message.length - CollectiveHeader.LENGTH);
        int sent = buffer.remaining() >= Integer.BYTES ? buffer.getInt() : -1;
        if (sent != count || buffer.remaining() < count * Integer.BYTES) {
            throw malformed(source, "expected " + count + " blocks, got " + sent);
        }
        int[] lengths = new int[count];
        long total = 0;
        for (int i = 0; i < count; i++) {
            lengths[i] = buffer.getInt();
            total += lengths[i];
            if (lengths[i] < 0) {
                throw malformed(source, "block " + i + " has length " + lengths[i]);
            }
        }
        if (total != buffer.remaining()) {
            throw malformed(source, "the blocks' lengths add up to " + total + " bytes, the message holds "
                    + buffer.remaining());
        }
        for (int i = 0; i < count; i++) {
            byte[] block = new byte[lengths[i]];
            buffer.get(block);
            blocks[held + i] = block;
        }
        held += count;
        round++;
        sendRound();
    }

    private byte[] encode(int count) {
        long bodyLength = Integer.BYTES * (1L + count);
        for (int i = 0; i < count; i++) {
            bodyLength += blocks[i].length;
        }
        if (bodyLength > Integer.MAX_VALUE - CollectiveHeader.LENGTH) {
            throw new IllegalArgumentException("collective " + id + ": shard " + rank + " would send " + bodyLength
                    + " bytes in round " + round + " of ALL_GATHER, more than a Java array holds");
        }
        byte[] message = CollectiveHeader.allocate(signature, (int) bodyLength);
        ByteBuffer buffer = ByteBuffer.wrap(message, CollectiveHeader.LENGTH, (int) bodyLength);
        buffer.putInt(count);
        for (int i = 0; i < count; i++) {
            buffer.putInt(blocks[i].length);
        }
        for (int i = 0; i < count; i++) {
            buffer.put(blocks[i]);
        }
        return message;
    }

    private void finish() {
        phase = Phase.DONE;
        byte[][] byRank = new byte[size][];
        for (int i = 0; i < size; i++) {
            byRank[(rank + i) % size] = blocks[i];
        }
        complete(byRank);
    }

    @Override
    public String toString() {
        return "BruckAllGather[collective " + id + ", shard " + rank + ", " + phase
                + (phase == Phase.ROUNDS ? " " + round + " of " + rounds : "") + "]";
    }

    private CollectiveMismatchException malformed(int source, String detail) {
        return new CollectiveMismatchException(id, "shard " + rank + " got a malformed ALL_GATHER message from shard "
                + source + " in round " + round + ": " + detail);
    }
}
