// GENERATED from task-library/src/main/templates/FloatSorts.java.tmpl by task-library/generate-kernels: edit the template, not this file.
package dev.cohort.tasks;

import java.util.Arrays;

/**
 * NumPy's stable sort of a lane of float64 or float32 elements (generated; {@code SortKernels.SORT_LOCAL} uses
 * it): {@link Arrays#sort(double[])} orders by value with NaNs last, as NumPy does, but puts {@code -0.0} before
 * {@code 0.0} and may permute NaN payloads, where NumPy's stable sort keeps equal elements (both zeros; every
 * NaN) in input order. So the zeros and the NaNs are first copied out in input order (their raw bits, into
 * {@code scratch}, which holds at least {@code t.length} elements), the lane is sorted, and the run of zeros and
 * the NaN tail are rewritten from the copies.
 */
final class FloatSorts {
    private FloatSorts() {
    }

    /** Sorts {@code t} ({@code double}) in NumPy's stable order; {@code scratch.length >= t.length}. */
    static void sortD(double[] t, long[] scratch) {
        int n = t.length;
        int zeros = 0;
        int nans = 0;
        for (int k = 0; k < n; k++) {
            double x = t[k];
            if (x == 0) {
                zeros++;
            } else if (x != x) {
                nans++;
            }
        }
        int z = 0;
        int q = zeros;
        for (int k = 0; k < n && (zeros > 0 || nans > 0); k++) {
            double x = t[k];
            if (x == 0) {
                scratch[z++] = Double.doubleToRawLongBits(x);
            } else if (x != x) {
                scratch[q++] = Double.doubleToRawLongBits(x);
            }
        }
        Arrays.sort(t);
        if (zeros > 0) {
            int first = firstZeroD(t);
            for (int k = 0; k < zeros; k++) {
                t[first + k] = Double.longBitsToDouble(scratch[k]);
            }
        }
        for (int k = 0; k < nans; k++) {
            t[n - nans + k] = Double.longBitsToDouble(scratch[zeros + k]);
        }
    }

    /** The first index of a sorted {@code t} whose element is {@code >= -0.0} (NaNs compare false, and lie after the zeros). */
    private static int firstZeroD(double[] t) {
        int lo = 0;
        int hi = t.length;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (t[mid] < 0) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    /** Sorts {@code t} ({@code float}) in NumPy's stable order; {@code scratch.length >= t.length}. */
    static void sortF(float[] t, int[] scratch) {
        int n = t.length;
        int zeros = 0;
        int nans = 0;
        for (int k = 0; k < n; k++) {
            float x = t[k];
            if (x == 0) {
                zeros++;
            } else if (x != x) {
                nans++;
            }
        }
        int z = 0;
        int q = zeros;
        for (int k = 0; k < n && (zeros > 0 || nans > 0); k++) {
            float x = t[k];
            if (x == 0) {
                scratch[z++] = Float.floatToRawIntBits(x);
            } else if (x != x) {
                scratch[q++] = Float.floatToRawIntBits(x);
            }
        }
        Arrays.sort(t);
        if (zeros > 0) {
            int first = firstZeroF(t);
            for (int k = 0; k < zeros; k++) {
                t[first + k] = Float.intBitsToFloat(scratch[k]);
            }
        }
        for (int k = 0; k < nans; k++) {
            t[n - nans + k] = Float.intBitsToFloat(scratch[zeros + k]);
        }
    }

    /** The first index of a sorted {@code t} whose element is {@code >= -0.0} (NaNs compare false, and lie after the zeros). */
    private static int firstZeroF(float[] t) {
        int lo = 0;
        int hi = t.length;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (t[mid] < 0) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }
}
