package dev.cohort.ndarray;

import java.util.Arrays;

/** Shape arithmetic and NumPy-worded shape errors. */
final class Shapes {
    private Shapes() {
    }

    /** NumPy's tuple form: {@code (3,)}, {@code (2,3)}, {@code ()}. */
    static String str(long[] shape) {
        if (shape.length == 1) {
            return "(" + shape[0] + ",)";
        }
        StringBuilder b = new StringBuilder("(");
        for (int i = 0; i < shape.length; i++) {
            if (i > 0) {
                b.append(",");
            }
            b.append(shape[i]);
        }
        return b.append(")").toString();
    }

    /** NumPy's message when a shape's bytes do not fit a signed 64-bit size. */
    static final String TOO_BIG = "array is too big; `arr.size * arr.dtype.itemsize` is larger than the maximum possible size.";

    /**
     * The number of elements of {@code shape} (of a shape already checked, e.g. an array's own).
     *
     * @throws IllegalArgumentException {@link #TOO_BIG} when the product overflows a {@code long}
     */
    static long volume(long[] shape) {
        long v = volumeOrMinusOne(shape);
        if (v < 0) {
            throw new IllegalArgumentException(TOO_BIG);
        }
        return v;
    }

    /**
     * The number of elements of non-negative {@code shape}, or -1 when the product of its non-zero extents
     * overflows a {@code long} (NumPy checks that product even when an extent is 0).
     */
    static long volumeOrMinusOne(long[] shape) {
        return volumeOrMinusOne(shape, 1);
    }

    /** {@code volume(shape)} when the non-zero extents times {@code itemsize} fit a {@code long}, else -1. */
    static long volumeOrMinusOne(long[] shape, int itemsize) {
        long v = itemsize;
        boolean zero = false;
        for (long s : shape) {
            if (s < 0) {
                return -1;
            }
            if (s == 0) {
                zero = true;
            } else {
                // both factors are non-negative: the product fits when its high half is 0 and its low half is
                // non-negative (a multiply, not the division this was: it ran on every size() of every operation)
                long low = v * s;
                if (Math.multiplyHigh(v, s) != 0 || low < 0) {
                    return -1;
                }
                v = low;
            }
        }
        return zero ? 0 : v / itemsize;
    }

    /**
     * Checks a new array's shape like NumPy's constructors: no negative extent, and {@code size * itemsize}
     * fits a signed 64-bit byte count.
     *
     * @return the array's size in bytes
     * @throws IllegalArgumentException "negative dimensions are not allowed", or {@link #TOO_BIG}
     */
    static long checkNew(long[] shape, int itemsize) {
        checkNonNegative(shape);
        long v = volumeOrMinusOne(shape, itemsize);
        if (v < 0) {
            throw new IllegalArgumentException(TOO_BIG);
        }
        return v * itemsize;
    }

    /** NumPy's byte counts in messages: {@code 7.28 TiB}, {@code 512. MiB}. */
    static String bytes(long n) {
        String[] units = {"bytes", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
        double v = n;
        int u = 0;
        while (v >= 1024 && u < units.length - 1) {
            v /= 1024;
            u++;
        }
        if (u == 0) {
            return n + " bytes";
        }
        String s = String.format(java.util.Locale.ROOT, "%.3g", v);
        if (s.contains(".")) {
            s = s.replaceAll("0+$", "");
        } else {
            s = s + ".";
        }
        return s + " " + units[u];
    }

    /** NumPy broadcasting of several shapes. */
    static long[] broadcast(long[]... shapes) {
        int n = 0;
        for (long[] s : shapes) {
            n = Math.max(n, s.length);
        }
        long[] out = new long[n];
        Arrays.fill(out, 1);
        for (long[] s : shapes) {
            for (int i = 0; i < s.length; i++) {
                int d = n - s.length + i;
                if (s[i] == out[d] || s[i] == 1) {
                    continue;
                }
                if (out[d] == 1) {
                    out[d] = s[i];
                } else {
                    StringBuilder b = new StringBuilder("operands could not be broadcast together with shapes");
                    for (long[] t : shapes) {
                        b.append(' ').append(str(t));
                    }
                    throw new ShapeMismatchException(b.toString());
                }
            }
        }
        return out;
    }

    /** Normalises an axis like NumPy ({@code -1} is the last). */
    static int axis(int axis, int ndim) {
        if (axis < -ndim || axis >= ndim) {
            throw new AxisException("axis " + axis + " is out of bounds for array of dimension " + ndim);
        }
        return axis < 0 ? axis + ndim : axis;
    }

    static long[] of(int... dims) {
        long[] s = new long[dims.length];
        for (int i = 0; i < dims.length; i++) {
            s[i] = dims[i];
        }
        return s;
    }

    static void checkNonNegative(long[] shape) {
        for (long s : shape) {
            if (s < 0) {
                throw new IllegalArgumentException("negative dimensions are not allowed");
            }
        }
    }
}
