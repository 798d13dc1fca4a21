package dev.cohort.transport;

/**
 * Dissemination barrier (Hensgen, Finkel and Manber): in round {@code k} each shard sends an empty message to
 * {@code rank + 2^k} and waits for the one from {@code rank - 2^k} (mod N). After {@code ⌈log2 N⌉} rounds every
 * shard has heard, directly or transitively, from every other one, so all have entered the barrier.
 *
 * <p>Step {@code k} carries round {@code k}.
 */
final class DisseminationBarrier extends Collective<Void> {
    /** Where this shard is in the protocol. */
    enum Phase {
        /** Round {@code round}'s message is sent and the one from {@code rank - 2^round} awaited. */
        ROUNDS,
        /** Every round is done: every shard has entered. */
        DONE
    }

    private final int rounds;
    private int round;
    private Phase phase = Phase.ROUNDS;

    DisseminationBarrier(AbstractCommunicator communicator, long id) {
        super(communicator, id, CollectiveSignature.rootless(CollectiveKind.BARRIER));
        this.rounds = ceilLog2(size);
    }

    @Override
    boolean needsAnnouncement() {
        return false; // round 0 already goes to rank + 1
    }

    @Override
    void start() {
        sendRound();
    }

    private void sendRound() {
        if (round == rounds) {
            phase = Phase.DONE;
            complete(null);
            return;
        }
        long distance = 1L << round;
        send(ringPeer(distance), round, EMPTY);
        expect(ringPeer(-distance), round, this::onRoundMessage);
    }

    private void onRoundMessage(byte[] message) {
        round++;
        sendRound();
    }

    @Override
    public String toString() {
        return "DisseminationBarrier[collective " + id + ", shard " + rank + ", " + phase
                + (phase == Phase.ROUNDS ? " " + round + " of " + rounds : "") + "]";
    }
}
