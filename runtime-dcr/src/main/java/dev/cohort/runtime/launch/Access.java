package dev.cohort.runtime.launch;

import java.util.Arrays;

/**
 * How a task reaches a store from its iteration space: for each dimension {@code k} of the store,
 * {@code s[k] = start[k] + step[k] * i[iterDim[k]]}, or {@code s[k] = start[k]} when
 * {@code iterDim[k] == -1} (a dimension indexed away by an integer, or a size-1 placeholder).
 * Iteration dimensions that no store dimension uses are broadcast (the operand repeats along them).
 * This single affine form covers NumPy views (offsets, steps, transposes, integer indexing) and
 * broadcasting. Legate: a store transform stack collapsed to one affine map.
 *
 * @param iterDim per store dimension, the iteration dimension it follows, or -1
 * @param step    per store dimension, the stride along that iteration dimension (non-zero; ignored when iterDim is -1)
 * @param start   per store dimension, the store coordinate at iteration point 0
 */
public record Access(int[] iterDim, long[] step, long[] start) {
    public Access {
        if (iterDim.length != step.length || iterDim.length != start.length) {
            throw new IllegalArgumentException("access arrays differ in length: iterDim " + Arrays.toString(iterDim)
                    + " step " + Arrays.toString(step) + " start " + Arrays.toString(start));
        }
        for (int k = 0; k < iterDim.length; k++) {
            if (iterDim[k] >= 0 && step[k] == 0) {
                throw new IllegalArgumentException("access step must be non-zero for store dimension " + k + ": " + Arrays.toString(step));
            }
            for (int j = 0; j < k; j++) {
                if (iterDim[k] >= 0 && iterDim[k] == iterDim[j]) {
                    throw new IllegalArgumentException("access uses iteration dimension " + iterDim[k] + " twice: " + Arrays.toString(iterDim));
                }
            }
        }
        iterDim = iterDim.clone();
        step = step.clone();
        start = start.clone();
    }

    /** The identity access of an {@code n}-dimensional store iterated by its own shape. */
    public static Access identity(int n) {
        int[] d = new int[n];
        long[] s = new long[n];
        for (int k = 0; k < n; k++) {
            d[k] = k;
            s[k] = 1;
        }
        return new Access(d, s, new long[n]);
    }

    /** Number of store dimensions. */
    public int storeDim() {
        return iterDim.length;
    }

    /** True when every used step is positive (the partitioner can tile the store along it). */
    public boolean hasPositiveSteps() {
        for (int k = 0; k < iterDim.length; k++) {
            if (iterDim[k] >= 0 && step[k] < 0) {
                return false;
            }
        }
        return true;
    }

    /** The store coordinate reached from iteration point {@code i}. */
    public long[] apply(long[] i) {
        long[] s = new long[iterDim.length];
        for (int k = 0; k < s.length; k++) {
            s[k] = start[k] + (iterDim[k] < 0 ? 0 : step[k] * i[iterDim[k]]);
        }
        return s;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Access a && Arrays.equals(iterDim, a.iterDim) && Arrays.equals(step, a.step)
                && Arrays.equals(start, a.start);
    }

    @Override
    public int hashCode() {
        return (Arrays.hashCode(iterDim) * 31 + Arrays.hashCode(step)) * 31 + Arrays.hashCode(start);
    }

    @Override
    public String toString() {
        return "Access(iterDim=" + Arrays.toString(iterDim) + ", step=" + Arrays.toString(step)
                + ", start=" + Arrays.toString(start) + ")";
    }
}
