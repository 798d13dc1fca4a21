package dev.cohort.tasks;

import dev.cohort.runtime.region.FieldType;

/**
 * One-pass {@code argmax}/{@code argmin} of bool, int32 and float32 inputs ({@code numpy.argmax},
 * {@code numpy.argmin}): each candidate element becomes an int64 <em>key</em> whose MIN over the candidates is the
 * answer, so that one ARG_REDUCE launch with the ordinary MIN reduction gives it on any number of points and shards
 * (MIN is exact, associative and commutative: the same bits for every tiling), instead of a MAX/MIN reduction and a
 * second pass that looks for the first element equal to it.
 *
 * <p><b>The key</b> of element {@code v} at candidate index {@code k} ({@code 0 <= k < 2^}{@link #INDEX_BITS}) is
 * {@code rank(v) << INDEX_BITS | k}, where {@code rank} is 0 for the best value and grows as values get worse:
 * <ul>
 *   <li>bool: argmax {@code v ? 0 : 1}, argmin {@code v ? 1 : 0};</li>
 *   <li>int32: argmax {@code MAX_VALUE - v}, argmin {@code v - MIN_VALUE} (in 0 .. 2^32 - 1);</li>
 *   <li>float32: NaN ranks 0 for both (NumPy returns the first NaN: {@code argmax([1, nan, 0]) == 1}, and so does
 *       {@code argmin}); otherwise 1 + the rank of the value's order-preserving int ({@code -0.0} taken as
 *       {@code +0.0}, which NumPy's comparisons do not tell apart), so at most 2^32.</li>
 * </ul>
 * The smallest key holds the best value and, among equal values, the smallest index: NumPy's first occurrence.
 * Keys stay below {@code 2^63} (33 + {@link #INDEX_BITS} bits), so the out's MIN identity
 * {@code Long.MAX_VALUE} is never one. The index is {@code key & }{@link #INDEX_MASK}.
 */
public final class ArgReduceKeys {
    private ArgReduceKeys() {
    }

    /** Bits of the candidate index in a key: inputs of fewer than {@code 2^30} elements are keyed. */
    public static final int INDEX_BITS = 30;
    /** {@code key & INDEX_MASK} is the candidate index. */
    public static final long INDEX_MASK = (1L << INDEX_BITS) - 1;

    /** Whether an input of {@code type} and {@code elements} elements can be keyed. */
    public static boolean applies(FieldType type, long elements) {
        return (type == FieldType.BOOL || type == FieldType.INT32 || type == FieldType.FLOAT32) && elements <= INDEX_MASK;
    }

    /** The rank of bool, int32 or (widened) float32 value {@code v} read as a long (bool 0/1, int32) for {@code max}. */
    static long rankL(long v, boolean max, FieldType type) {
        if (type == FieldType.BOOL) {
            return (v != 0) == max ? 0 : 1;
        }
        return max ? (long) Integer.MAX_VALUE - v : v - Integer.MIN_VALUE;
    }

    /** The rank of float32 value {@code v} (exactly a float) for {@code max}. */
    static long rankF(float v, boolean max) {
        if (v != v) {
            return 0;
        }
        int bits = Float.floatToRawIntBits(v == 0 ? 0.0f : v);
        int ordered = bits ^ ((bits >> 31) & 0x7FFFFFFF);
        return 1 + (max ? (long) Integer.MAX_VALUE - ordered : (long) ordered - Integer.MIN_VALUE);
    }

    /** The key of a value of rank {@code rank} at candidate index {@code k}. */
    static long key(long rank, long k) {
        return rank << INDEX_BITS | k;
    }
}
