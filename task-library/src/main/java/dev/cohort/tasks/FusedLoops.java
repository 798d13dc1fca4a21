// GENERATED from task-library/src/main/templates/FusedLoops.java.tmpl by task-library/generate-kernels: edit the template, not this file.
package dev.cohort.tasks;

/**
 * The per-representation loops of the FUSED interpreter ({@link FusedKernels}) that the element-wise
 * loops ({@link Loops}) and the gathers ({@link Strided}) do not already give: {@code where}'s select
 * over {@code double} (floating results) and {@code long} (integer and bool results) chunk buffers.
 */
final class FusedLoops {
    private FusedLoops() {
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
