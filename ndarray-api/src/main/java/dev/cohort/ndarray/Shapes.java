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

    static long volume(long[] shape) {
        long v = 1;
        for (long s : shape) {
            v *= s;
        }
        return v;
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
