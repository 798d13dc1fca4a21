// GENERATED from task-library/src/main/templates/Strided.java.tmpl by task-library/generate-kernels: edit the template, not this file.
package dev.cohort.tasks;

import dev.cohort.runtime.region.FieldType;

/**
 * The gathers and scatters of the strided paths (per dtype, generated): {@code n} elements of an
 * instance's array at {@code p, p + s, p + 2s, ...} read into, or written from, a compute buffer
 * ({@code double[]} for the floating types, {@code long[]} for integers and bool), converted with
 * NumPy's casts ({@link Convert}): float to integer truncates (NaN and out of range give the minimum),
 * anything to bool is "non-zero", int64 to int32 wraps. Unit-stride copies of the buffer's own type
 * are {@code System.arraycopy}.
 */
final class Strided {
    private Strided() {
    }

    /** {@code buf[bo + j] = (double) a[p + j*s]} for {@code j < n}, {@code a} the {@code type} array. */
    static void gatherD(FieldType type, Object array, int p, int s, double[] buf, int bo, int n) {
        switch (type) {
            case FLOAT64 -> {
                double[] a = (double[]) array;
                if (s == 1) {
                    System.arraycopy(a, p, buf, bo, n);
                    return;
                }
                for (int j = 0; j < n; j++, p += s) {
                    buf[bo + j] = a[p];
                }
            }
            case FLOAT32 -> {
                float[] a = (float[]) array;
                for (int j = 0; j < n; j++, p += s) {
                    buf[bo + j] = a[p];
                }
            }
            case INT64 -> {
                long[] a = (long[]) array;
                for (int j = 0; j < n; j++, p += s) {
                    buf[bo + j] = a[p];
                }
            }
            case INT32 -> {
                int[] a = (int[]) array;
                for (int j = 0; j < n; j++, p += s) {
                    buf[bo + j] = a[p];
                }
            }
            case BOOL -> {
                byte[] a = (byte[]) array;
                for (int j = 0; j < n; j++, p += s) {
                    buf[bo + j] = a[p];
                }
            }
        }
    }

    /** {@code buf[bo + j] = (long) a[p + j*s]} (NumPy's cast for floats). */
    static void gatherL(FieldType type, Object array, int p, int s, long[] buf, int bo, int n) {
        switch (type) {
            case FLOAT64 -> {
                double[] a = (double[]) array;
                for (int j = 0; j < n; j++, p += s) {
                    buf[bo + j] = Convert.d2l(a[p]);
                }
            }
            case FLOAT32 -> {
                float[] a = (float[]) array;
                for (int j = 0; j < n; j++, p += s) {
                    buf[bo + j] = Convert.d2l(a[p]);
                }
            }
            case INT64 -> {
                long[] a = (long[]) array;
                if (s == 1) {
                    System.arraycopy(a, p, buf, bo, n);
                    return;
                }
                for (int j = 0; j < n; j++, p += s) {
                    buf[bo + j] = a[p];
                }
            }
            case INT32 -> {
                int[] a = (int[]) array;
                for (int j = 0; j < n; j++, p += s) {
                    buf[bo + j] = a[p];
                }
            }
            case BOOL -> {
                byte[] a = (byte[]) array;
                for (int j = 0; j < n; j++, p += s) {
                    buf[bo + j] = a[p];
                }
            }
        }
    }

    /** {@code buf[bo + j] = a[p + j*s] != 0 ? 1 : 0} (NaN is true). */
    static void gatherTruth(FieldType type, Object array, int p, int s, long[] buf, int bo, int n) {
        switch (type) {
            case FLOAT64 -> {
                double[] a = (double[]) array;
                for (int j = 0; j < n; j++, p += s) {
                    buf[bo + j] = a[p] != 0 ? 1 : 0;
                }
            }
            case FLOAT32 -> {
                float[] a = (float[]) array;
                for (int j = 0; j < n; j++, p += s) {
                    buf[bo + j] = a[p] != 0 ? 1 : 0;
                }
            }
            case INT64 -> {
                long[] a = (long[]) array;
                for (int j = 0; j < n; j++, p += s) {
                    buf[bo + j] = a[p] != 0 ? 1 : 0;
                }
            }
            case INT32 -> {
                int[] a = (int[]) array;
                for (int j = 0; j < n; j++, p += s) {
                    buf[bo + j] = a[p] != 0 ? 1 : 0;
                }
            }
            case BOOL -> {
                byte[] a = (byte[]) array;
                for (int j = 0; j < n; j++, p += s) {
                    buf[bo + j] = a[p] != 0 ? 1 : 0;
                }
            }
        }
    }

    /** {@code a[p + j*s] = buf[bo + j]} converted from double to {@code type}. */
    static void scatterD(FieldType type, Object array, int p, int s, double[] buf, int bo, int n) {
        switch (type) {
            case FLOAT64 -> {
                double[] a = (double[]) array;
                if (s == 1) {
                    System.arraycopy(buf, bo, a, p, n);
                    return;
                }
                for (int j = 0; j < n; j++, p += s) {
                    a[p] = buf[bo + j];
                }
            }
            case FLOAT32 -> {
                float[] a = (float[]) array;
                for (int j = 0; j < n; j++, p += s) {
                    a[p] = (float) buf[bo + j];
                }
            }
            case INT64 -> {
                long[] a = (long[]) array;
                for (int j = 0; j < n; j++, p += s) {
                    a[p] = Convert.d2l(buf[bo + j]);
                }
            }
            case INT32 -> {
                int[] a = (int[]) array;
                for (int j = 0; j < n; j++, p += s) {
                    a[p] = Convert.d2i(buf[bo + j]);
                }
            }
            case BOOL -> {
                byte[] a = (byte[]) array;
                for (int j = 0; j < n; j++, p += s) {
                    a[p] = (byte) (buf[bo + j] != 0 ? 1 : 0);
                }
            }
        }
    }

    /** {@code a[p + j*s] = buf[bo + j]} converted from long to {@code type} (int32 wraps, bool is non-zero). */
    static void scatterL(FieldType type, Object array, int p, int s, long[] buf, int bo, int n) {
        switch (type) {
            case FLOAT64 -> {
                double[] a = (double[]) array;
                for (int j = 0; j < n; j++, p += s) {
                    a[p] = buf[bo + j];
                }
            }
            case FLOAT32 -> {
                float[] a = (float[]) array;
                for (int j = 0; j < n; j++, p += s) {
                    a[p] = buf[bo + j];
                }
            }
            case INT64 -> {
                long[] a = (long[]) array;
                if (s == 1) {
                    System.arraycopy(buf, bo, a, p, n);
                    return;
                }
                for (int j = 0; j < n; j++, p += s) {
                    a[p] = buf[bo + j];
                }
            }
            case INT32 -> {
                int[] a = (int[]) array;
                for (int j = 0; j < n; j++, p += s) {
                    a[p] = (int) buf[bo + j];
                }
            }
            case BOOL -> {
                byte[] a = (byte[]) array;
                for (int j = 0; j < n; j++, p += s) {
                    a[p] = (byte) (buf[bo + j] != 0 ? 1 : 0);
                }
            }
        }
    }
}
