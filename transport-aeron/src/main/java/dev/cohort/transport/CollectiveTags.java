package dev.cohort.transport;

/**
 * The tag space of collective traffic, disjoint from point-to-point tags (which are {@code >= 0}):
 *
 * <pre>
 *   bit 63      bits 62..8                 bits 7..0
 *   1           collectiveId (55 bits)     step
 * </pre>
 *
 * A step is one message slot of an algorithm (a round, or a phase of the all-reduce fix-up);
 * {@link #ANNOUNCE_STEP} is reserved for the kind announcement that every shard sends to its ring
 * neighbour, which is checked on arrival and never queued.
 */
final class CollectiveTags {
    static final int STEP_BITS = 8;
    static final int MAX_STEP = (1 << STEP_BITS) - 1;
    static final int ANNOUNCE_STEP = MAX_STEP;

    private CollectiveTags() {
    }

    static long tag(long collectiveId, int step) {
        assert collectiveId >= 0 && collectiveId <= Communicator.MAX_COLLECTIVE_ID : collectiveId;
        assert step >= 0 && step <= MAX_STEP : step;
        return Long.MIN_VALUE | (collectiveId << STEP_BITS) | step;
    }

    static boolean isCollective(long tag) {
        return tag < 0;
    }

    static long collectiveId(long tag) {
        return (tag & Long.MAX_VALUE) >>> STEP_BITS;
    }

    static int step(long tag) {
        return (int) (tag & MAX_STEP);
    }

    /** {@code "tag 7"} or {@code "collective 17 step 2"}, for error messages. */
    static String describe(long tag) {
        return isCollective(tag) ? "collective " + collectiveId(tag) + " step " + step(tag) : "tag " + tag;
    }

    static void checkCollectiveId(long collectiveId) {
        if (collectiveId < 0 || collectiveId > Communicator.MAX_COLLECTIVE_ID) {
            throw new IllegalArgumentException("collectiveId must be in [0, " + Communicator.MAX_COLLECTIVE_ID
                    + "], was " + collectiveId);
        }
    }
}
