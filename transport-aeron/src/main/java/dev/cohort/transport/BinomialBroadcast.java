package dev.cohort.transport;

/**
 * Binomial-tree broadcast. With ranks renumbered relative to the root ({@code v = rank - root mod N}), shard
 * {@code v} receives from {@code v} without its lowest set bit, then forwards to {@code v + m} for every power of
 * two {@code m} below that bit (the root: below {@code 2^⌈log2 N⌉}), largest subtree first.
 * {@code ⌈log2 N⌉} rounds; the message to {@code v + m} travels at step {@code log2 m}.
 */
final class BinomialBroadcast extends Collective<byte[]> {
    /** Where this shard is in the protocol. */
    enum Phase {
        /** A non-root shard waits for the value from its parent. */
        AWAITING_PARENT,
        /** The value is here and goes to the subtrees below. */
        FORWARDING,
        /** The value is here and forwarded. */
        DONE
    }

    private Phase phase = Phase.AWAITING_PARENT;
    private final int root;
    private final int relative;
    private byte[] value;

    BinomialBroadcast(AbstractCommunicator communicator, long id, int root, byte[] payload) {
        super(communicator, id, CollectiveSignature.rooted(CollectiveKind.BROADCAST, root));
        this.root = root;
        this.relative = Math.floorMod(rank - root, size);
        this.value = payload;
    }

    @Override
    boolean needsAnnouncement() {
        return true;
    }

    @Override
    void start() {
        if (relative == 0) {
            forwardBelow(1 << ceilLog2(size));
        } else {
            int lowestBit = Integer.lowestOneBit(relative);
            expect(absolute(relative - lowestBit), log2(lowestBit), message -> onValue(message, lowestBit));
        }
    }

    private void onValue(byte[] message, int lowestBit) {
        value = CollectiveHeader.body(message);
        forwardBelow(lowestBit);
    }

    private void forwardBelow(int limit) {
        phase = Phase.FORWARDING;
        for (int mask = limit >>> 1; mask > 0; mask >>>= 1) {
            if (relative + mask < size) {
                send(absolute(relative + mask), log2(mask), value);
            }
        }
        phase = Phase.DONE;
        complete(value);
    }

    @Override
    public String toString() {
        return "BinomialBroadcast[collective " + id + ", shard " + rank + ", root " + root + ", " + phase + "]";
    }

    private int absolute(int relativeRank) {
        return (relativeRank + root) % size;
    }
}
