package dev.cohort.transport;

/**
 * Recursive-doubling all-reduce with the usual fix-up for sizes that are not a power of two. Let {@code P} be
 * the largest power of two {@code <= N} and {@code R = N - P}. The protocol has three phases:
 *
 * <ol>
 *   <li>{@link Phase#FOLD_IN} (step 0): each extra rank {@code r >= P} sends its payload to {@code r - P} and
 *       waits for the result; ranks {@code r < R} fold it in as {@code combine(mine, extra's)}.</li>
 *   <li>{@link Phase#EXCHANGE} (steps {@code 1..log2 P}): in round {@code k} ranks {@code r} and
 *       {@code r xor 2^k} swap partials and both compute {@code combine(lower rank's, higher rank's)}.</li>
 *   <li>{@link Phase#FAN_OUT} (step {@code log2 P + 1}): ranks {@code r < R} send the result to {@code r + P}.</li>
 * </ol>
 *
 * <p>Both partners of an exchange combine the same two arrays in the same order, so after each round all
 * ranks of a block of {@code 2^(k+1)} hold identical bytes, and at the end every rank holds bit-identical
 * results, even for floating-point sums. {@code log2 P} rounds, plus 2 when {@code R > 0}.
 */
final class RecursiveDoublingAllReduce extends Collective<byte[]> {
    /** Where this shard is in the protocol. */
    enum Phase {
        /** An extra rank's payload is on its way into its partner below {@code P}. */
        FOLD_IN,
        /** Partials are being swapped with partners at distance 1, 2, 4, … below {@code P}. */
        EXCHANGE,
        /** The result goes back to the extra partner, if any. */
        FAN_OUT,
        /** The result is known here. */
        DONE
    }

    private static final int FOLD_IN_STEP = 0;

    private final Communicator.ByteReducer op;
    private final int powerOfTwo;
    private final int extras;
    private final int fanOutStep;
    private Phase phase = Phase.FOLD_IN;
    private byte[] partial;

    RecursiveDoublingAllReduce(AbstractCommunicator communicator, long id, byte[] payload,
            Communicator.ByteReducer op) {
        super(communicator, id, CollectiveSignature.rootless(CollectiveKind.ALL_REDUCE));
        this.op = op;
        this.partial = payload;
        this.powerOfTwo = Integer.highestOneBit(size);
        this.extras = size - powerOfTwo;
        this.fanOutStep = log2(powerOfTwo) + 1;
    }

    @Override
    boolean needsAnnouncement() {
        return true;
    }

    @Override
    void start() {
        if (rank >= powerOfTwo) {
            int partner = rank - powerOfTwo;
            send(partner, FOLD_IN_STEP, partial);
            expect(partner, fanOutStep, this::onResultFromPartner);
        } else if (rank < extras) {
            expect(rank + powerOfTwo, FOLD_IN_STEP, this::onExtraPayload);
        } else {
            exchange(1);
        }
    }

    private void onExtraPayload(byte[] message) {
        partial = combine(op, partial, CollectiveHeader.body(message), rank + powerOfTwo);
        exchange(1);
    }

    private void exchange(int distance) {
        phase = Phase.EXCHANGE;
        if (distance == powerOfTwo) {
            fanOut();
            return;
        }
        int partner = rank ^ distance;
        int step = log2(distance) + 1;
        send(partner, step, partial);
        expect(partner, step, message -> onPartnerPartial(message, partner, distance));
    }

    private void onPartnerPartial(byte[] message, int partner, int distance) {
        byte[] theirs = CollectiveHeader.body(message);
        partial = rank < partner ? combine(op, partial, theirs, partner) : combine(op, theirs, partial, partner);
        exchange(distance << 1);
    }

    private void fanOut() {
        phase = Phase.FAN_OUT;
        if (rank < extras) {
            send(rank + powerOfTwo, fanOutStep, partial);
        }
        finish(partial);
    }

    private void onResultFromPartner(byte[] message) {
        finish(CollectiveHeader.body(message));
    }

    private void finish(byte[] value) {
        phase = Phase.DONE;
        complete(value);
    }
}
