package dev.cohort.transport;

/**
 * Binomial-tree reduce, the mirror of {@link BinomialBroadcast}: shard {@code v} (relative to the root) folds
 * in the partial results of its children {@code v + 1, v + 2, v + 4, …} (powers of two below its lowest set bit)
 * in that order, then sends its partial to its parent. The fold order depends only on ranks, never on arrival
 * order: {@code acc} covers relative ranks {@code [v, v + m)}, the child {@code [v + m, v + 2m)}, and the
 * result is {@code combine(acc, child)}. {@code ⌈log2 N⌉} rounds; a child's partial travels at step {@code log2 m}.
 */
final class BinomialReduce extends Collective<byte[]> {
    /** Where this shard is in the protocol. */
    enum Phase {
        /** Children's partials are folded in, in rank order; {@code awaitedChild} is the next one. */
        GATHERING_CHILDREN,
        /** The partial went to the parent (or, at the root, is the result). */
        DONE
    }

    private Phase phase = Phase.GATHERING_CHILDREN;
    private int awaitedChild = -1;
    private final int root;
    private final int relative;
    private final Communicator.ByteReducer op;
    private byte[] partial;

    BinomialReduce(AbstractCommunicator communicator, long id, int root, byte[] payload,
            Communicator.ByteReducer op) {
        super(communicator, id, CollectiveSignature.rooted(CollectiveKind.REDUCE, root));
        this.root = root;
        this.relative = Math.floorMod(rank - root, size);
        this.op = op;
        this.partial = payload;
    }

    @Override
    boolean needsAnnouncement() {
        return true;
    }

    @Override
    void start() {
        gatherFrom(1);
    }

    /** Waits for the next child at or above {@code mask}, or, when there is none, passes the partial up. */
    private void gatherFrom(int mask) {
        for (; mask < size && (relative & mask) == 0; mask <<= 1) {
            int child = relative + mask;
            if (child < size) {
                int childMask = mask;
                awaitedChild = absolute(child);
                expect(absolute(child), log2(mask), message -> onChildPartial(message, childMask));
                return;
            }
        }
        phase = Phase.DONE;
        awaitedChild = -1;
        if (relative == 0) {
            complete(partial);
        } else {
            send(absolute(relative - mask), log2(mask), partial);
            complete(null);
        }
    }

    private void onChildPartial(byte[] message, int mask) {
        partial = combine(op, partial, CollectiveHeader.body(message), absolute(relative + mask));
        gatherFrom(mask << 1);
    }

    private int absolute(int relativeRank) {
        return (relativeRank + root) % size;
    }

    @Override
    public String toString() {
        return "BinomialReduce[collective " + id + ", shard " + rank + ", root " + root + ", " + phase
                + (awaitedChild >= 0 ? " awaiting shard " + awaitedChild : "") + "]";
    }
}
