package dev.cohort.runtime.fine;

/**
 * Point-to-point tags of pushed pieces, computed identically by the producer and the consumer:
 * operation sequence number (mod 2^24) | requirement (5 bits) | consumer point (20 bits) |
 * source index in the canonical source list (14 bits). A tag is reused only after 2^24
 * operations, long after its message has been consumed.
 */
final class Tags {
    static final int MAX_REQUIREMENTS = 1 << 5;
    static final long MAX_POINTS = 1L << 20;
    static final int MAX_SOURCES = 1 << 14;

    private Tags() {
    }

    static long transfer(long op, int requirement, long pointLinear, int source) {
        if (requirement >= MAX_REQUIREMENTS) {
            throw new IllegalArgumentException("a launch may have at most " + MAX_REQUIREMENTS
                    + " requirements that need transfers, requirement index " + requirement);
        }
        if (pointLinear >= MAX_POINTS) {
            throw new IllegalArgumentException("a launch that needs transfers may have at most " + MAX_POINTS
                    + " points, point index " + pointLinear);
        }
        if (source >= MAX_SOURCES) {
            throw new IllegalArgumentException("a piece may gather from at most " + MAX_SOURCES
                    + " sources, needed " + (source + 1) + "; repartition the store more coarsely");
        }
        return ((op & 0xFF_FFFFL) << 39) | ((long) requirement << 34) | (pointLinear << 14) | source;
    }
}
