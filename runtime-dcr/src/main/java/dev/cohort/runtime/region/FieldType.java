package dev.cohort.runtime.region;

/**
 * The element type of a field. Values cross the runtime (fills, reduction identities) as raw
 * 64-bit patterns: {@link Double#doubleToRawLongBits} for FLOAT64, {@link Float#floatToRawIntBits}
 * for FLOAT32, the value itself for integers, 0/1 for BOOL.
 */
public enum FieldType {
    FLOAT64(8),
    FLOAT32(4),
    INT64(8),
    INT32(4),
    BOOL(1);

    private final int size;

    FieldType(int size) {
        this.size = size;
    }

    /** Element size in bytes. */
    public int size() {
        return size;
    }

    /** A new zeroed primitive array of this type ({@code double[]}, {@code float[]}, {@code long[]}, {@code int[]}, {@code byte[]}). */
    public Object newArray(int length) {
        return switch (this) {
            case FLOAT64 -> new double[length];
            case FLOAT32 -> new float[length];
            case INT64 -> new long[length];
            case INT32 -> new int[length];
            case BOOL -> new byte[length];
        };
    }

    /** Raw bits of a {@code double} value converted to this type. */
    public long bitsOf(double value) {
        return switch (this) {
            case FLOAT64 -> Double.doubleToRawLongBits(value);
            case FLOAT32 -> Float.floatToRawIntBits((float) value);
            case INT64 -> (long) value;
            case INT32 -> (int) value;
            case BOOL -> value != 0 ? 1 : 0;
        };
    }

    /** Raw bits of a {@code long} value converted to this type. */
    public long bitsOf(long value) {
        return switch (this) {
            case FLOAT64 -> Double.doubleToRawLongBits(value);
            case FLOAT32 -> Float.floatToRawIntBits(value);
            case INT64 -> value;
            case INT32 -> (int) value;
            case BOOL -> value != 0 ? 1 : 0;
        };
    }

    /** The value of raw {@code bits} of this type as a {@code double}. */
    public double toDouble(long bits) {
        return switch (this) {
            case FLOAT64 -> Double.longBitsToDouble(bits);
            case FLOAT32 -> Float.intBitsToFloat((int) bits);
            case INT64, INT32, BOOL -> bits;
        };
    }
}
