// GENERATED from task-library/src/main/templates/FusedLoops.java.tmpl by task-library/generate-kernels: edit the template, not this file.
package dev.cohort.tasks;

import dev.cohort.runtime.region.FieldType;

/**
 * The per-representation loops of the FUSED interpreter ({@link FusedKernels}) that the element-wise
 * loops ({@link Loops}) and the gathers ({@link Strided}) do not already give: {@code where}'s select
 * over {@code double} (floating results) and {@code long} (integer and bool results) chunk buffers.
 */
final class FusedLoops {
    private FusedLoops() {
    }

    /** {@code where}'s select over the buffers of {@code held} (FLOAT64: double[], INT64: long[]). */
    static void select(FieldType held, long[] t, Object x, int xo, Object y, int yo, Object o, int oo, int n) {
        switch (held) {
            case FLOAT64 -> selectD(t, (double[]) x, xo, (double[]) y, yo, (double[]) o, oo, n);
            case INT64 -> selectL(t, (long[]) x, xo, (long[]) y, yo, (long[]) o, oo, n);
            default -> throw new IllegalArgumentException("where selects double or long buffers, not " + held);
        }
    }

    /** {@code o[oo + j] = t[j] != 0 ? x[xo + j] : y[yo + j]} for {@code j < n} ({@code where} on double values). */
    static void selectD(long[] t, double[] x, int xo, double[] y, int yo, double[] o, int oo, int n) {
        for (int j = 0; j < n; j++) {
            o[oo + j] = t[j] != 0 ? x[xo + j] : y[yo + j];
        }
    }

    /** {@code o[oo + j] = t[j] != 0 ? x[xo + j] : y[yo + j]} for {@code j < n} ({@code where} on long values). */
    static void selectL(long[] t, long[] x, int xo, long[] y, int yo, long[] o, int oo, int n) {
        for (int j = 0; j < n; j++) {
            o[oo + j] = t[j] != 0 ? x[xo + j] : y[yo + j];
        }
    }
}
