package dev.cohort.tasks;

import dev.cohort.runtime.region.FieldType;

/**
 * Element conversions with NumPy's (x86) casting semantics, used by every kernel's strided path:
 * float to integer truncates toward zero, and NaN or out-of-range values become the integer type's
 * minimum (what {@code cvttsd2si} gives NumPy); int64 to int32 wraps; anything to bool is
 * "non-zero" (NaN is true); bool is 0/1.
 */
final class Convert {
    private Convert() {
    }

    /** True for the types computed in {@code long} (INT64, INT32, BOOL). */
    static boolean floating(FieldType t) {
        return t == FieldType.FLOAT64 || t == FieldType.FLOAT32;
    }

    static boolean integral(FieldType t) {
        return t == FieldType.INT64 || t == FieldType.INT32 || t == FieldType.BOOL;
    }

    /** NumPy float64 to int64: truncation toward zero; NaN and out of range give Long.MIN_VALUE. */
    static long d2l(double d) {
        long r = (long) d;
        if (r == Long.MAX_VALUE || d != d) {
            return Long.MIN_VALUE;
        }
        return r;
    }

    /** NumPy float64 to int32: truncation toward zero; NaN and out of range give Integer.MIN_VALUE. */
    static int d2i(double d) {
        if (d > -2147483649.0 && d < 2147483648.0) {
            return (int) d;
        }
        return Integer.MIN_VALUE;
    }

    /** A value held in {@code compute}'s long representation, normalised (int32 wraps, bool is 0/1). */
    static long normL(long v, FieldType compute) {
        return switch (compute) {
            case INT32 -> (int) v;
            case BOOL -> v != 0 ? 1 : 0;
            default -> v;
        };
    }

    /** A double converted to {@code compute}'s long representation. */
    static long d2compute(double d, FieldType compute) {
        return switch (compute) {
            case INT32 -> d2i(d);
            case BOOL -> d != 0 ? 1 : 0;
            default -> d2l(d);
        };
    }

    /** A value rounded to a floating compute type (float32 values are held as doubles). */
    static double normD(double v, FieldType compute) {
        return compute == FieldType.FLOAT32 ? (double) (float) v : v;
    }

    /** Normalises {@code buf[0, n)} to {@code compute} (float rounding, int32 wrap or bool truth). */
    static void normalize(double[] buf, int n, FieldType compute) {
        if (compute == FieldType.FLOAT32) {
            roundToFloat(buf, n);
        }
    }

    /**
     * {@code buf[j] = (float) buf[j]} for {@code j < n}, in two passes through a float block ({@link Scratch#narrow}):
     * written as one loop, JDK 17's C2 reuses one register for both conversions, whose results merge into that
     * register's old value ({@code cvtsd2ss}, {@code cvtss2sd}), so every element waits for the one before: 1.6 ns an
     * element here against 0.68 in two passes (1 024 doubles, {@code where} of float32 arrays spent a third of its
     * time here). Same bits.
     */
    static void roundToFloat(double[] buf, int n) {
        if (n < 32) {
            for (int j = 0; j < n; j++) {
                buf[j] = (float) buf[j];
            }
            return;
        }
        float[] f = Scratch.get().narrow;
        for (int c = 0; c < n; c += f.length) {
            int m = Math.min(f.length, n - c);
            for (int j = 0; j < m; j++) {
                f[j] = (float) buf[c + j];
            }
            for (int j = 0; j < m; j++) {
                buf[c + j] = f[j];
            }
        }
    }

    static void normalize(long[] buf, int n, FieldType compute) {
        if (compute == FieldType.INT32) {
            for (int j = 0; j < n; j++) {
                buf[j] = (int) buf[j];
            }
        } else if (compute == FieldType.BOOL) {
            for (int j = 0; j < n; j++) {
                buf[j] = buf[j] != 0 ? 1 : 0;
            }
        }
    }

    /** The value of raw {@code bits} of {@code type} as a double. */
    static double bitsToDouble(FieldType type, long bits) {
        return type.toDouble(bits);
    }

    /** The value of raw {@code bits} of {@code type} as a long (NumPy cast for floats). */
    static long bitsToLong(FieldType type, long bits) {
        return switch (type) {
            case FLOAT64 -> d2l(Double.longBitsToDouble(bits));
            case FLOAT32 -> d2l(Float.intBitsToFloat((int) bits));
            case INT64 -> bits;
            case INT32 -> (int) bits;
            case BOOL -> bits != 0 ? 1 : 0;
        };
    }
}
