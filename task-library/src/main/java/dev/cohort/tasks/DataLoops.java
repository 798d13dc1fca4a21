// GENERATED from task-library/src/main/templates/DataLoops.java.tmpl by task-library/generate-kernels: edit the template, not this file.
package dev.cohort.tasks;

import dev.cohort.runtime.region.FieldType;

/**
 * The loops of WHERE, COPY/CONVERT and FILL per dtype (generated), straight over instances' own
 * arrays. Conversions are NumPy's casts, exactly as the strided paths' gathers and scatters do them
 * ({@link Strided}, {@link Convert}): float to integer truncates (NaN and out of range give the
 * minimum), anything to bool is "non-zero" (NaN is true), int64 to int32 wraps, integers to float32
 * round once ({@code (float) long}), float64 to float32 rounds.
 */
final class DataLoops {
    private DataLoops() {
    }

    /** {@code o[oo + j] = c[co + j] != 0 ? x : y} on double ({@code x}, {@code y} arrays or scalars: VV). */
    static void whereDVV(byte[] c, int co, double[] o, int oo, double[] x, int xo, double[] y, int yo, int n) {
        if (co == oo && oo == xo && xo == yo) {
            int end = oo + n;
            for (int k = oo; k < end; k++) {
                o[k] = c[k] != 0 ? x[k] : y[k];
            }
        } else {
            for (int j = 0; j < n; j++) {
                o[oo + j] = c[co + j] != 0 ? x[xo + j] : y[yo + j];
            }
        }
    }

    /** {@code o[oo + j] = c[co + j] != 0 ? x : y} on double ({@code x}, {@code y} arrays or scalars: VS). */
    static void whereDVS(byte[] c, int co, double[] o, int oo, double[] x, int xo, double y, int n) {
        if (co == oo && oo == xo) {
            int end = oo + n;
            for (int k = oo; k < end; k++) {
                o[k] = c[k] != 0 ? x[k] : y;
            }
        } else {
            for (int j = 0; j < n; j++) {
                o[oo + j] = c[co + j] != 0 ? x[xo + j] : y;
            }
        }
    }

    /** {@code o[oo + j] = c[co + j] != 0 ? x : y} on double ({@code x}, {@code y} arrays or scalars: SV). */
    static void whereDSV(byte[] c, int co, double[] o, int oo, double x, double[] y, int yo, int n) {
        if (co == oo && oo == yo) {
            int end = oo + n;
            for (int k = oo; k < end; k++) {
                o[k] = c[k] != 0 ? x : y[k];
            }
        } else {
            for (int j = 0; j < n; j++) {
                o[oo + j] = c[co + j] != 0 ? x : y[yo + j];
            }
        }
    }

    /** {@code o[oo + j] = c[co + j] != 0 ? x : y} on double ({@code x}, {@code y} arrays or scalars: SS). */
    static void whereDSS(byte[] c, int co, double[] o, int oo, double x, double y, int n) {
        if (co == oo) {
            int end = oo + n;
            for (int k = oo; k < end; k++) {
                o[k] = c[k] != 0 ? x : y;
            }
        } else {
            for (int j = 0; j < n; j++) {
                o[oo + j] = c[co + j] != 0 ? x : y;
            }
        }
    }

    /** {@code o[p + j*os] = (double) a[q + j*as]} (double to double, NumPy's cast) for {@code j < n}. */
    static void convertDD(double[] a, int q, int as, double[] o, int p, int os, int n) {
        if (as == 1 && os == 1) {
            System.arraycopy(a, q, o, p, n);
        } else {
            for (int j = 0; j < n; j++, q += as, p += os) {
                o[p] = a[q];
            }
        }
    }

    /** {@code o[p + j*os] = (float) a[q + j*as]} (double to float, NumPy's cast) for {@code j < n}. */
    static void convertDF(double[] a, int q, int as, float[] o, int p, int os, int n) {
        if (as == 1 && os == 1) {
            for (int j = 0; j < n; j++) {
                o[p + j] = (float) a[q + j];
            }
        } else {
            for (int j = 0; j < n; j++, q += as, p += os) {
                o[p] = (float) a[q];
            }
        }
    }

    /** {@code o[p + j*os] = (long) a[q + j*as]} (double to long, NumPy's cast) for {@code j < n}. */
    static void convertDL(double[] a, int q, int as, long[] o, int p, int os, int n) {
        if (as == 1 && os == 1) {
            for (int j = 0; j < n; j++) {
                o[p + j] = Convert.d2l(a[q + j]);
            }
        } else {
            for (int j = 0; j < n; j++, q += as, p += os) {
                o[p] = Convert.d2l(a[q]);
            }
        }
    }

    /** {@code o[p + j*os] = (int) a[q + j*as]} (double to int, NumPy's cast) for {@code j < n}. */
    static void convertDI(double[] a, int q, int as, int[] o, int p, int os, int n) {
        if (as == 1 && os == 1) {
            for (int j = 0; j < n; j++) {
                o[p + j] = Convert.d2i(a[q + j]);
            }
        } else {
            for (int j = 0; j < n; j++, q += as, p += os) {
                o[p] = Convert.d2i(a[q]);
            }
        }
    }

    /** {@code o[p + j*os] = (byte) a[q + j*as]} (double to byte, NumPy's cast) for {@code j < n}. */
    static void convertDZ(double[] a, int q, int as, byte[] o, int p, int os, int n) {
        if (as == 1 && os == 1) {
            for (int j = 0; j < n; j++) {
                o[p + j] = (byte) (a[q + j] != 0 ? 1 : 0);
            }
        } else {
            for (int j = 0; j < n; j++, q += as, p += os) {
                o[p] = (byte) (a[q] != 0 ? 1 : 0);
            }
        }
    }

    /** {@code o[p + j*s] = v} on double for {@code j < n}. */
    static void fillD(double[] o, int p, int s, int n, double v) {
        if (s == 1) {
            java.util.Arrays.fill(o, p, p + n, v);
        } else {
            for (int j = 0; j < n; j++, p += s) {
                o[p] = v;
            }
        }
    }

    /** {@code o[oo + j] = c[co + j] != 0 ? x : y} on float ({@code x}, {@code y} arrays or scalars: VV). */
    static void whereFVV(byte[] c, int co, float[] o, int oo, float[] x, int xo, float[] y, int yo, int n) {
        if (co == oo && oo == xo && xo == yo) {
            int end = oo + n;
            for (int k = oo; k < end; k++) {
                o[k] = c[k] != 0 ? x[k] : y[k];
            }
        } else {
            for (int j = 0; j < n; j++) {
                o[oo + j] = c[co + j] != 0 ? x[xo + j] : y[yo + j];
            }
        }
    }

    /** {@code o[oo + j] = c[co + j] != 0 ? x : y} on float ({@code x}, {@code y} arrays or scalars: VS). */
    static void whereFVS(byte[] c, int co, float[] o, int oo, float[] x, int xo, float y, int n) {
        if (co == oo && oo == xo) {
            int end = oo + n;
            for (int k = oo; k < end; k++) {
                o[k] = c[k] != 0 ? x[k] : y;
            }
        } else {
            for (int j = 0; j < n; j++) {
                o[oo + j] = c[co + j] != 0 ? x[xo + j] : y;
            }
        }
    }

    /** {@code o[oo + j] = c[co + j] != 0 ? x : y} on float ({@code x}, {@code y} arrays or scalars: SV). */
    static void whereFSV(byte[] c, int co, float[] o, int oo, float x, float[] y, int yo, int n) {
        if (co == oo && oo == yo) {
            int end = oo + n;
            for (int k = oo; k < end; k++) {
                o[k] = c[k] != 0 ? x : y[k];
            }
        } else {
            for (int j = 0; j < n; j++) {
                o[oo + j] = c[co + j] != 0 ? x : y[yo + j];
            }
        }
    }

    /** {@code o[oo + j] = c[co + j] != 0 ? x : y} on float ({@code x}, {@code y} arrays or scalars: SS). */
    static void whereFSS(byte[] c, int co, float[] o, int oo, float x, float y, int n) {
        if (co == oo) {
            int end = oo + n;
            for (int k = oo; k < end; k++) {
                o[k] = c[k] != 0 ? x : y;
            }
        } else {
            for (int j = 0; j < n; j++) {
                o[oo + j] = c[co + j] != 0 ? x : y;
            }
        }
    }

    /** {@code o[p + j*os] = (double) a[q + j*as]} (float to double, NumPy's cast) for {@code j < n}. */
    static void convertFD(float[] a, int q, int as, double[] o, int p, int os, int n) {
        if (as == 1 && os == 1) {
            for (int j = 0; j < n; j++) {
                o[p + j] = a[q + j];
            }
        } else {
            for (int j = 0; j < n; j++, q += as, p += os) {
                o[p] = a[q];
            }
        }
    }

    /** {@code o[p + j*os] = (float) a[q + j*as]} (float to float, NumPy's cast) for {@code j < n}. */
    static void convertFF(float[] a, int q, int as, float[] o, int p, int os, int n) {
        if (as == 1 && os == 1) {
            System.arraycopy(a, q, o, p, n);
        } else {
            for (int j = 0; j < n; j++, q += as, p += os) {
                o[p] = a[q];
            }
        }
    }

    /** {@code o[p + j*os] = (long) a[q + j*as]} (float to long, NumPy's cast) for {@code j < n}. */
    static void convertFL(float[] a, int q, int as, long[] o, int p, int os, int n) {
        if (as == 1 && os == 1) {
            for (int j = 0; j < n; j++) {
                o[p + j] = Convert.d2l(a[q + j]);
            }
        } else {
            for (int j = 0; j < n; j++, q += as, p += os) {
                o[p] = Convert.d2l(a[q]);
            }
        }
    }

    /** {@code o[p + j*os] = (int) a[q + j*as]} (float to int, NumPy's cast) for {@code j < n}. */
    static void convertFI(float[] a, int q, int as, int[] o, int p, int os, int n) {
        if (as == 1 && os == 1) {
            for (int j = 0; j < n; j++) {
                o[p + j] = Convert.d2i(a[q + j]);
            }
        } else {
            for (int j = 0; j < n; j++, q += as, p += os) {
                o[p] = Convert.d2i(a[q]);
            }
        }
    }

    /** {@code o[p + j*os] = (byte) a[q + j*as]} (float to byte, NumPy's cast) for {@code j < n}. */
    static void convertFZ(float[] a, int q, int as, byte[] o, int p, int os, int n) {
        if (as == 1 && os == 1) {
            for (int j = 0; j < n; j++) {
                o[p + j] = (byte) (a[q + j] != 0 ? 1 : 0);
            }
        } else {
            for (int j = 0; j < n; j++, q += as, p += os) {
                o[p] = (byte) (a[q] != 0 ? 1 : 0);
            }
        }
    }

    /** {@code o[p + j*s] = v} on float for {@code j < n}. */
    static void fillF(float[] o, int p, int s, int n, float v) {
        if (s == 1) {
            java.util.Arrays.fill(o, p, p + n, v);
        } else {
            for (int j = 0; j < n; j++, p += s) {
                o[p] = v;
            }
        }
    }

    /** {@code o[oo + j] = c[co + j] != 0 ? x : y} on long ({@code x}, {@code y} arrays or scalars: VV). */
    static void whereLVV(byte[] c, int co, long[] o, int oo, long[] x, int xo, long[] y, int yo, int n) {
        if (co == oo && oo == xo && xo == yo) {
            int end = oo + n;
            for (int k = oo; k < end; k++) {
                o[k] = c[k] != 0 ? x[k] : y[k];
            }
        } else {
            for (int j = 0; j < n; j++) {
                o[oo + j] = c[co + j] != 0 ? x[xo + j] : y[yo + j];
            }
        }
    }

    /** {@code o[oo + j] = c[co + j] != 0 ? x : y} on long ({@code x}, {@code y} arrays or scalars: VS). */
    static void whereLVS(byte[] c, int co, long[] o, int oo, long[] x, int xo, long y, int n) {
        if (co == oo && oo == xo) {
            int end = oo + n;
            for (int k = oo; k < end; k++) {
                o[k] = c[k] != 0 ? x[k] : y;
            }
        } else {
            for (int j = 0; j < n; j++) {
                o[oo + j] = c[co + j] != 0 ? x[xo + j] : y;
            }
        }
    }

    /** {@code o[oo + j] = c[co + j] != 0 ? x : y} on long ({@code x}, {@code y} arrays or scalars: SV). */
    static void whereLSV(byte[] c, int co, long[] o, int oo, long x, long[] y, int yo, int n) {
        if (co == oo && oo == yo) {
            int end = oo + n;
            for (int k = oo; k < end; k++) {
                o[k] = c[k] != 0 ? x : y[k];
            }
        } else {
            for (int j = 0; j < n; j++) {
                o[oo + j] = c[co + j] != 0 ? x : y[yo + j];
            }
        }
    }

    /** {@code o[oo + j] = c[co + j] != 0 ? x : y} on long ({@code x}, {@code y} arrays or scalars: SS). */
    static void whereLSS(byte[] c, int co, long[] o, int oo, long x, long y, int n) {
        if (co == oo) {
            int end = oo + n;
            for (int k = oo; k < end; k++) {
                o[k] = c[k] != 0 ? x : y;
            }
        } else {
            for (int j = 0; j < n; j++) {
                o[oo + j] = c[co + j] != 0 ? x : y;
            }
        }
    }

    /** {@code o[p + j*os] = (double) a[q + j*as]} (long to double, NumPy's cast) for {@code j < n}. */
    static void convertLD(long[] a, int q, int as, double[] o, int p, int os, int n) {
        if (as == 1 && os == 1) {
            for (int j = 0; j < n; j++) {
                o[p + j] = a[q + j];
            }
        } else {
            for (int j = 0; j < n; j++, q += as, p += os) {
                o[p] = a[q];
            }
        }
    }

    /** {@code o[p + j*os] = (float) a[q + j*as]} (long to float, NumPy's cast) for {@code j < n}. */
    static void convertLF(long[] a, int q, int as, float[] o, int p, int os, int n) {
        if (as == 1 && os == 1) {
            for (int j = 0; j < n; j++) {
                o[p + j] = (float) a[q + j];
            }
        } else {
            for (int j = 0; j < n; j++, q += as, p += os) {
                o[p] = (float) a[q];
            }
        }
    }

    /** {@code o[p + j*os] = (long) a[q + j*as]} (long to long, NumPy's cast) for {@code j < n}. */
    static void convertLL(long[] a, int q, int as, long[] o, int p, int os, int n) {
        if (as == 1 && os == 1) {
            System.arraycopy(a, q, o, p, n);
        } else {
            for (int j = 0; j < n; j++, q += as, p += os) {
                o[p] = a[q];
            }
        }
    }

    /** {@code o[p + j*os] = (int) a[q + j*as]} (long to int, NumPy's cast) for {@code j < n}. */
    static void convertLI(long[] a, int q, int as, int[] o, int p, int os, int n) {
        if (as == 1 && os == 1) {
            for (int j = 0; j < n; j++) {
                o[p + j] = (int) a[q + j];
            }
        } else {
            for (int j = 0; j < n; j++, q += as, p += os) {
                o[p] = (int) a[q];
            }
        }
    }

    /** {@code o[p + j*os] = (byte) a[q + j*as]} (long to byte, NumPy's cast) for {@code j < n}. */
    static void convertLZ(long[] a, int q, int as, byte[] o, int p, int os, int n) {
        if (as == 1 && os == 1) {
            for (int j = 0; j < n; j++) {
                o[p + j] = (byte) (a[q + j] != 0 ? 1 : 0);
            }
        } else {
            for (int j = 0; j < n; j++, q += as, p += os) {
                o[p] = (byte) (a[q] != 0 ? 1 : 0);
            }
        }
    }

    /** {@code o[p + j*s] = v} on long for {@code j < n}. */
    static void fillL(long[] o, int p, int s, int n, long v) {
        if (s == 1) {
            java.util.Arrays.fill(o, p, p + n, v);
        } else {
            for (int j = 0; j < n; j++, p += s) {
                o[p] = v;
            }
        }
    }

    /** {@code o[oo + j] = c[co + j] != 0 ? x : y} on int ({@code x}, {@code y} arrays or scalars: VV). */
    static void whereIVV(byte[] c, int co, int[] o, int oo, int[] x, int xo, int[] y, int yo, int n) {
        if (co == oo && oo == xo && xo == yo) {
            int end = oo + n;
            for (int k = oo; k < end; k++) {
                o[k] = c[k] != 0 ? x[k] : y[k];
            }
        } else {
            for (int j = 0; j < n; j++) {
                o[oo + j] = c[co + j] != 0 ? x[xo + j] : y[yo + j];
            }
        }
    }

    /** {@code o[oo + j] = c[co + j] != 0 ? x : y} on int ({@code x}, {@code y} arrays or scalars: VS). */
    static void whereIVS(byte[] c, int co, int[] o, int oo, int[] x, int xo, int y, int n) {
        if (co == oo && oo == xo) {
            int end = oo + n;
            for (int k = oo; k < end; k++) {
                o[k] = c[k] != 0 ? x[k] : y;
            }
        } else {
            for (int j = 0; j < n; j++) {
                o[oo + j] = c[co + j] != 0 ? x[xo + j] : y;
            }
        }
    }

    /** {@code o[oo + j] = c[co + j] != 0 ? x : y} on int ({@code x}, {@code y} arrays or scalars: SV). */
    static void whereISV(byte[] c, int co, int[] o, int oo, int x, int[] y, int yo, int n) {
        if (co == oo && oo == yo) {
            int end = oo + n;
            for (int k = oo; k < end; k++) {
                o[k] = c[k] != 0 ? x : y[k];
            }
        } else {
            for (int j = 0; j < n; j++) {
                o[oo + j] = c[co + j] != 0 ? x : y[yo + j];
            }
        }
    }

    /** {@code o[oo + j] = c[co + j] != 0 ? x : y} on int ({@code x}, {@code y} arrays or scalars: SS). */
    static void whereISS(byte[] c, int co, int[] o, int oo, int x, int y, int n) {
        if (co == oo) {
            int end = oo + n;
            for (int k = oo; k < end; k++) {
                o[k] = c[k] != 0 ? x : y;
            }
        } else {
            for (int j = 0; j < n; j++) {
                o[oo + j] = c[co + j] != 0 ? x : y;
            }
        }
    }

    /** {@code o[p + j*os] = (double) a[q + j*as]} (int to double, NumPy's cast) for {@code j < n}. */
    static void convertID(int[] a, int q, int as, double[] o, int p, int os, int n) {
        if (as == 1 && os == 1) {
            for (int j = 0; j < n; j++) {
                o[p + j] = a[q + j];
            }
        } else {
            for (int j = 0; j < n; j++, q += as, p += os) {
                o[p] = a[q];
            }
        }
    }

    /** {@code o[p + j*os] = (float) a[q + j*as]} (int to float, NumPy's cast) for {@code j < n}. */
    static void convertIF(int[] a, int q, int as, float[] o, int p, int os, int n) {
        if (as == 1 && os == 1) {
            for (int j = 0; j < n; j++) {
                o[p + j] = a[q + j];
            }
        } else {
            for (int j = 0; j < n; j++, q += as, p += os) {
                o[p] = a[q];
            }
        }
    }

    /** {@code o[p + j*os] = (long) a[q + j*as]} (int to long, NumPy's cast) for {@code j < n}. */
    static void convertIL(int[] a, int q, int as, long[] o, int p, int os, int n) {
        if (as == 1 && os == 1) {
            for (int j = 0; j < n; j++) {
                o[p + j] = a[q + j];
            }
        } else {
            for (int j = 0; j < n; j++, q += as, p += os) {
                o[p] = a[q];
            }
        }
    }

    /** {@code o[p + j*os] = (int) a[q + j*as]} (int to int, NumPy's cast) for {@code j < n}. */
    static void convertII(int[] a, int q, int as, int[] o, int p, int os, int n) {
        if (as == 1 && os == 1) {
            System.arraycopy(a, q, o, p, n);
        } else {
            for (int j = 0; j < n; j++, q += as, p += os) {
                o[p] = a[q];
            }
        }
    }

    /** {@code o[p + j*os] = (byte) a[q + j*as]} (int to byte, NumPy's cast) for {@code j < n}. */
    static void convertIZ(int[] a, int q, int as, byte[] o, int p, int os, int n) {
        if (as == 1 && os == 1) {
            for (int j = 0; j < n; j++) {
                o[p + j] = (byte) (a[q + j] != 0 ? 1 : 0);
            }
        } else {
            for (int j = 0; j < n; j++, q += as, p += os) {
                o[p] = (byte) (a[q] != 0 ? 1 : 0);
            }
        }
    }

    /** {@code o[p + j*s] = v} on int for {@code j < n}. */
    static void fillI(int[] o, int p, int s, int n, int v) {
        if (s == 1) {
            java.util.Arrays.fill(o, p, p + n, v);
        } else {
            for (int j = 0; j < n; j++, p += s) {
                o[p] = v;
            }
        }
    }

    /** {@code o[oo + j] = c[co + j] != 0 ? x : y} on byte ({@code x}, {@code y} arrays or scalars: VV). */
    static void whereZVV(byte[] c, int co, byte[] o, int oo, byte[] x, int xo, byte[] y, int yo, int n) {
        if (co == oo && oo == xo && xo == yo) {
            int end = oo + n;
            for (int k = oo; k < end; k++) {
                // bool arrays hold 0 or 1 (Loops), so -c is all ones or none and c - 1 the other: a select without a
                // branch, which C2 vectorises on one index (0.1 ns an element against 0.75 for the ternary, JDK 17)
                o[k] = (byte) ((x[k] & -c[k]) | (y[k] & (c[k] - 1)));
            }
        } else {
            for (int j = 0; j < n; j++) {
                // bool arrays hold 0 or 1 (Loops), so -c is all ones or none and c - 1 the other: a select without a
                // branch, which C2 vectorises on one index (0.1 ns an element against 0.75 for the ternary, JDK 17)
                o[oo + j] = (byte) ((x[xo + j] & -c[co + j]) | (y[yo + j] & (c[co + j] - 1)));
            }
        }
    }

    /** {@code o[oo + j] = c[co + j] != 0 ? x : y} on byte ({@code x}, {@code y} arrays or scalars: VS). */
    static void whereZVS(byte[] c, int co, byte[] o, int oo, byte[] x, int xo, byte y, int n) {
        if (co == oo && oo == xo) {
            int end = oo + n;
            for (int k = oo; k < end; k++) {
                // bool arrays hold 0 or 1 (Loops), so -c is all ones or none and c - 1 the other: a select without a
                // branch, which C2 vectorises on one index (0.1 ns an element against 0.75 for the ternary, JDK 17)
                o[k] = (byte) ((x[k] & -c[k]) | (y & (c[k] - 1)));
            }
        } else {
            for (int j = 0; j < n; j++) {
                // bool arrays hold 0 or 1 (Loops), so -c is all ones or none and c - 1 the other: a select without a
                // branch, which C2 vectorises on one index (0.1 ns an element against 0.75 for the ternary, JDK 17)
                o[oo + j] = (byte) ((x[xo + j] & -c[co + j]) | (y & (c[co + j] - 1)));
            }
        }
    }

    /** {@code o[oo + j] = c[co + j] != 0 ? x : y} on byte ({@code x}, {@code y} arrays or scalars: SV). */
    static void whereZSV(byte[] c, int co, byte[] o, int oo, byte x, byte[] y, int yo, int n) {
        if (co == oo && oo == yo) {
            int end = oo + n;
            for (int k = oo; k < end; k++) {
                // bool arrays hold 0 or 1 (Loops), so -c is all ones or none and c - 1 the other: a select without a
                // branch, which C2 vectorises on one index (0.1 ns an element against 0.75 for the ternary, JDK 17)
                o[k] = (byte) ((x & -c[k]) | (y[k] & (c[k] - 1)));
            }
        } else {
            for (int j = 0; j < n; j++) {
                // bool arrays hold 0 or 1 (Loops), so -c is all ones or none and c - 1 the other: a select without a
                // branch, which C2 vectorises on one index (0.1 ns an element against 0.75 for the ternary, JDK 17)
                o[oo + j] = (byte) ((x & -c[co + j]) | (y[yo + j] & (c[co + j] - 1)));
            }
        }
    }

    /** {@code o[oo + j] = c[co + j] != 0 ? x : y} on byte ({@code x}, {@code y} arrays or scalars: SS). */
    static void whereZSS(byte[] c, int co, byte[] o, int oo, byte x, byte y, int n) {
        if (co == oo) {
            int end = oo + n;
            for (int k = oo; k < end; k++) {
                // bool arrays hold 0 or 1 (Loops), so -c is all ones or none and c - 1 the other: a select without a
                // branch, which C2 vectorises on one index (0.1 ns an element against 0.75 for the ternary, JDK 17)
                o[k] = (byte) ((x & -c[k]) | (y & (c[k] - 1)));
            }
        } else {
            for (int j = 0; j < n; j++) {
                // bool arrays hold 0 or 1 (Loops), so -c is all ones or none and c - 1 the other: a select without a
                // branch, which C2 vectorises on one index (0.1 ns an element against 0.75 for the ternary, JDK 17)
                o[oo + j] = (byte) ((x & -c[co + j]) | (y & (c[co + j] - 1)));
            }
        }
    }

    /** {@code o[p + j*os] = (double) a[q + j*as]} (byte to double, NumPy's cast) for {@code j < n}. */
    static void convertZD(byte[] a, int q, int as, double[] o, int p, int os, int n) {
        if (as == 1 && os == 1) {
            for (int j = 0; j < n; j++) {
                o[p + j] = a[q + j];
            }
        } else {
            for (int j = 0; j < n; j++, q += as, p += os) {
                o[p] = a[q];
            }
        }
    }

    /** {@code o[p + j*os] = (float) a[q + j*as]} (byte to float, NumPy's cast) for {@code j < n}. */
    static void convertZF(byte[] a, int q, int as, float[] o, int p, int os, int n) {
        if (as == 1 && os == 1) {
            for (int j = 0; j < n; j++) {
                o[p + j] = a[q + j];
            }
        } else {
            for (int j = 0; j < n; j++, q += as, p += os) {
                o[p] = a[q];
            }
        }
    }

    /** {@code o[p + j*os] = (long) a[q + j*as]} (byte to long, NumPy's cast) for {@code j < n}. */
    static void convertZL(byte[] a, int q, int as, long[] o, int p, int os, int n) {
        if (as == 1 && os == 1) {
            for (int j = 0; j < n; j++) {
                o[p + j] = a[q + j];
            }
        } else {
            for (int j = 0; j < n; j++, q += as, p += os) {
                o[p] = a[q];
            }
        }
    }

    /** {@code o[p + j*os] = (int) a[q + j*as]} (byte to int, NumPy's cast) for {@code j < n}. */
    static void convertZI(byte[] a, int q, int as, int[] o, int p, int os, int n) {
        if (as == 1 && os == 1) {
            for (int j = 0; j < n; j++) {
                o[p + j] = a[q + j];
            }
        } else {
            for (int j = 0; j < n; j++, q += as, p += os) {
                o[p] = a[q];
            }
        }
    }

    /** {@code o[p + j*os] = (byte) a[q + j*as]} (byte to byte, NumPy's cast) for {@code j < n}. */
    static void convertZZ(byte[] a, int q, int as, byte[] o, int p, int os, int n) {
        if (as == 1 && os == 1) {
            System.arraycopy(a, q, o, p, n);
        } else {
            for (int j = 0; j < n; j++, q += as, p += os) {
                o[p] = a[q];
            }
        }
    }

    /** {@code o[p + j*s] = v} on byte for {@code j < n}. */
    static void fillZ(byte[] o, int p, int s, int n, byte v) {
        if (s == 1) {
            java.util.Arrays.fill(o, p, p + n, v);
        } else {
            for (int j = 0; j < n; j++, p += s) {
                o[p] = v;
            }
        }
    }

    /**
     * WHERE by the element type {@code t} of {@code o}: {@code x} (resp. {@code y}) is an array of type
     * {@code t}, or null for the scalar {@code xd}/{@code xl} (double for the floating types, long for
     * the integers and bool, already converted to {@code t}).
     */
    static void where(FieldType t, byte[] c, int co, Object o, int oo, Object x, int xo, double xd, long xl,
                      Object y, int yo, double yd, long yl, int n) {
        if (t == FieldType.BOOL && n >= WORD_LOOP_MIN && !(co == oo && (x == null || xo == oo) && (y == null || yo == oo))
                && o != c && o != x && o != y) {
            whereBytes(c, co, (byte[]) o, oo, (byte[]) x, xo, (byte) xl, (byte[]) y, yo, (byte) yl, n);
            return;
        }
        switch (t) {
            case FLOAT64 -> {
                double[] out = (double[]) o;
                if (x != null && y != null) {
                    whereDVV(c, co, out, oo, (double[]) x, xo, (double[]) y, yo, n);
                } else if (x != null) {
                    whereDVS(c, co, out, oo, (double[]) x, xo, yd, n);
                } else if (y != null) {
                    whereDSV(c, co, out, oo, xd, (double[]) y, yo, n);
                } else {
                    whereDSS(c, co, out, oo, xd, yd, n);
                }
            }
            case FLOAT32 -> {
                float[] out = (float[]) o;
                if (x != null && y != null) {
                    whereFVV(c, co, out, oo, (float[]) x, xo, (float[]) y, yo, n);
                } else if (x != null) {
                    whereFVS(c, co, out, oo, (float[]) x, xo, (float) yd, n);
                } else if (y != null) {
                    whereFSV(c, co, out, oo, (float) xd, (float[]) y, yo, n);
                } else {
                    whereFSS(c, co, out, oo, (float) xd, (float) yd, n);
                }
            }
            case INT64 -> {
                long[] out = (long[]) o;
                if (x != null && y != null) {
                    whereLVV(c, co, out, oo, (long[]) x, xo, (long[]) y, yo, n);
                } else if (x != null) {
                    whereLVS(c, co, out, oo, (long[]) x, xo, yl, n);
                } else if (y != null) {
                    whereLSV(c, co, out, oo, xl, (long[]) y, yo, n);
                } else {
                    whereLSS(c, co, out, oo, xl, yl, n);
                }
            }
            case INT32 -> {
                int[] out = (int[]) o;
                if (x != null && y != null) {
                    whereIVV(c, co, out, oo, (int[]) x, xo, (int[]) y, yo, n);
                } else if (x != null) {
                    whereIVS(c, co, out, oo, (int[]) x, xo, (int) yl, n);
                } else if (y != null) {
                    whereISV(c, co, out, oo, (int) xl, (int[]) y, yo, n);
                } else {
                    whereISS(c, co, out, oo, (int) xl, (int) yl, n);
                }
            }
            case BOOL -> {
                byte[] out = (byte[]) o;
                if (x != null && y != null) {
                    whereZVV(c, co, out, oo, (byte[]) x, xo, (byte[]) y, yo, n);
                } else if (x != null) {
                    whereZVS(c, co, out, oo, (byte[]) x, xo, (byte) yl, n);
                } else if (y != null) {
                    whereZSV(c, co, out, oo, (byte) xl, (byte[]) y, yo, n);
                } else {
                    whereZSS(c, co, out, oo, (byte) xl, (byte) yl, n);
                }
            }
        }
    }

    /** {@code n} elements of {@code a} (type {@code from}) converted into {@code o} (type {@code to}), any strides. */
    static void convert(FieldType from, Object a, int q, int as, FieldType to, Object o, int p, int os, int n) {
        if (from == FieldType.BOOL && to == FieldType.BOOL && as == 2 && os == 1 && n >= WORD_LOOP_MIN && a != o) {
            evenBytes((byte[]) a, q, (byte[]) o, p, n);
            return;
        }
        switch (from) {
            case FLOAT64 -> {
                double[] src = (double[]) a;
                switch (to) {
                    case FLOAT64 -> convertDD(src, q, as, (double[]) o, p, os, n);
                    case FLOAT32 -> convertDF(src, q, as, (float[]) o, p, os, n);
                    case INT64 -> convertDL(src, q, as, (long[]) o, p, os, n);
                    case INT32 -> convertDI(src, q, as, (int[]) o, p, os, n);
                    case BOOL -> convertDZ(src, q, as, (byte[]) o, p, os, n);
                }
            }
            case FLOAT32 -> {
                float[] src = (float[]) a;
                switch (to) {
                    case FLOAT64 -> convertFD(src, q, as, (double[]) o, p, os, n);
                    case FLOAT32 -> convertFF(src, q, as, (float[]) o, p, os, n);
                    case INT64 -> convertFL(src, q, as, (long[]) o, p, os, n);
                    case INT32 -> convertFI(src, q, as, (int[]) o, p, os, n);
                    case BOOL -> convertFZ(src, q, as, (byte[]) o, p, os, n);
                }
            }
            case INT64 -> {
                long[] src = (long[]) a;
                switch (to) {
                    case FLOAT64 -> convertLD(src, q, as, (double[]) o, p, os, n);
                    case FLOAT32 -> convertLF(src, q, as, (float[]) o, p, os, n);
                    case INT64 -> convertLL(src, q, as, (long[]) o, p, os, n);
                    case INT32 -> convertLI(src, q, as, (int[]) o, p, os, n);
                    case BOOL -> convertLZ(src, q, as, (byte[]) o, p, os, n);
                }
            }
            case INT32 -> {
                int[] src = (int[]) a;
                switch (to) {
                    case FLOAT64 -> convertID(src, q, as, (double[]) o, p, os, n);
                    case FLOAT32 -> convertIF(src, q, as, (float[]) o, p, os, n);
                    case INT64 -> convertIL(src, q, as, (long[]) o, p, os, n);
                    case INT32 -> convertII(src, q, as, (int[]) o, p, os, n);
                    case BOOL -> convertIZ(src, q, as, (byte[]) o, p, os, n);
                }
            }
            case BOOL -> {
                byte[] src = (byte[]) a;
                switch (to) {
                    case FLOAT64 -> convertZD(src, q, as, (double[]) o, p, os, n);
                    case FLOAT32 -> convertZF(src, q, as, (float[]) o, p, os, n);
                    case INT64 -> convertZL(src, q, as, (long[]) o, p, os, n);
                    case INT32 -> convertZI(src, q, as, (int[]) o, p, os, n);
                    case BOOL -> convertZZ(src, q, as, (byte[]) o, p, os, n);
                }
            }
        }
    }

    /**
     * Elements from which {@link #convert} and {@link #where} take their eight-bytes-a-step bool loops
     * ({@link #evenBytes}, {@link #whereBytes}): two steps.
     */
    static final int WORD_LOOP_MIN = 16;

    /**
     * {@code o[p + j] = a[q + 2 j]} for {@code j < n} ({@code o} and {@code a} distinct arrays): the copy of a stride-2
     * byte view ({@code x[::2]} of a bool array, a column stride of 2), eight bytes a step. Each step loads two longs
     * (16 source bytes), keeps the even bytes of each ({@link #evenBytesOf}) and stores them as one long; the tail
     * goes a byte at a time. C2 leaves the byte loop of {@code convertZZ} one element at a time (two induction
     * variables, a byte store each): measured here (AMD EPYC, JDK 17, 5e6 output bytes, one thread) 3.0-3.1 ms
     * against 1.6 ms for this loop; NumPy's strided copy took 1.4 ms for the op-mix suite's 1e7-element case.
     */
    static void evenBytes(byte[] a, int q, byte[] o, int p, int n) {
        int j = 0;
        for (; j + 8 <= n; j += 8, q += 16, p += 8) {
            long lo = evenBytesOf((long) ByteWords.LONGS.get(a, q));
            long hi = evenBytesOf((long) ByteWords.LONGS.get(a, q + 8));
            ByteWords.LONGS.set(o, p, lo | hi << 32);
        }
        for (; j < n; j++, q += 2, p++) {
            o[p] = a[q];
        }
    }

    /**
     * WHERE on bool at different offsets (a shifted view among the condition, the operands and out; out a distinct
     * array): {@code o[oo + j] = c[co + j] != 0 ? x : y}, {@code x} the array {@code xa} from {@code xo} or, when it is
     * null, the byte {@code xs} (likewise {@code y}), eight bytes a step. Bool bytes are 0 or 1 (Loops' class comment),
     * so {@code c * 0xFF} on a long of eight condition bytes sets each byte to all ones or none without a carry, and
     * {@code (x & m) | (y & ~m)} selects. At one offset the generated {@code whereZ*} loops serve: C2 vectorises their
     * one-index form, and leaves the form with several offsets a byte at a time.
     */
    static void whereBytes(byte[] c, int co, byte[] o, int oo, byte[] xa, int xo, byte xs, byte[] ya, int yo, byte ys, int n) {
        long xb = (xs & 0xFFL) * 0x0101010101010101L;
        long yb = (ys & 0xFFL) * 0x0101010101010101L;
        int j = 0;
        for (; j + 8 <= n; j += 8) {
            long m = (long) ByteWords.LONGS.get(c, co + j) * 0xFFL;
            long xv = xa == null ? xb : (long) ByteWords.LONGS.get(xa, xo + j);
            long yv = ya == null ? yb : (long) ByteWords.LONGS.get(ya, yo + j);
            ByteWords.LONGS.set(o, oo + j, (xv & m) | (yv & ~m));
        }
        for (; j < n; j++) {
            o[oo + j] = c[co + j] != 0 ? (xa == null ? xs : xa[xo + j]) : (ya == null ? ys : ya[yo + j]);
        }
    }

    /** The bytes 0, 2, 4 and 6 of little-endian {@code x} as the bytes 0-3 of the result (bytes 4-7 zero). */
    static long evenBytesOf(long x) {
        long y = x & 0x00FF00FF00FF00FFL;
        y = (y | y >>> 8) & 0x0000FFFF0000FFFFL;
        return (y | y >>> 16) & 0x00000000FFFFFFFFL;
    }

    /** {@code n} elements of {@code o} (type {@code t}) from {@code p} with stride {@code s} set to the value of raw {@code bits}. */
    static void fill(FieldType t, Object o, int p, int s, int n, long bits) {
        switch (t) {
            case FLOAT64 -> fillD((double[]) o, p, s, n, Double.longBitsToDouble(bits));
            case FLOAT32 -> fillF((float[]) o, p, s, n, Float.intBitsToFloat((int) bits));
            case INT64 -> fillL((long[]) o, p, s, n, bits);
            case INT32 -> fillI((int[]) o, p, s, n, (int) bits);
            case BOOL -> fillZ((byte[]) o, p, s, n, (byte) bits);
        }
    }

    /**
     * GATHER_ROWS of single elements ({@code a[idx]} on a 1-d array, NumPy {@code take}): {@code o[oo + k] = a[ao + r]}
     * with {@code r = idx[io + k]}, negative indices counting from {@code rows}, for {@code k < n}, on arrays of type
     * {@code t}.
     *
     * @throws IndexOutOfBoundsException "index 7 is out of bounds for axis 0 with size 5" (NumPy's IndexError)
     */
    static void take(FieldType t, Object a, int ao, long[] idx, int io, long rows, Object o, int oo, int n) {
        switch (t) {
            case FLOAT64 -> takeD((double[]) a, ao, idx, io, rows, (double[]) o, oo, n);
            case FLOAT32 -> takeF((float[]) a, ao, idx, io, rows, (float[]) o, oo, n);
            case INT64 -> takeL((long[]) a, ao, idx, io, rows, (long[]) o, oo, n);
            case INT32 -> takeI((int[]) a, ao, idx, io, rows, (int[]) o, oo, n);
            case BOOL -> takeZ((byte[]) a, ao, idx, io, rows, (byte[]) o, oo, n);
        }
    }

    /** {@link #take} on double. */
    static void takeD(double[] a, int ao, long[] idx, int io, long rows, double[] o, int oo, int n) {
        for (int k = 0; k < n; k++) {
            o[oo + k] = a[ao + row(idx[io + k], rows)];
        }
    }

    /** {@link #take} on float. */
    static void takeF(float[] a, int ao, long[] idx, int io, long rows, float[] o, int oo, int n) {
        for (int k = 0; k < n; k++) {
            o[oo + k] = a[ao + row(idx[io + k], rows)];
        }
    }

    /** {@link #take} on long. */
    static void takeL(long[] a, int ao, long[] idx, int io, long rows, long[] o, int oo, int n) {
        for (int k = 0; k < n; k++) {
            o[oo + k] = a[ao + row(idx[io + k], rows)];
        }
    }

    /** {@link #take} on int. */
    static void takeI(int[] a, int ao, long[] idx, int io, long rows, int[] o, int oo, int n) {
        for (int k = 0; k < n; k++) {
            o[oo + k] = a[ao + row(idx[io + k], rows)];
        }
    }

    /** {@link #take} on byte. */
    static void takeZ(byte[] a, int ao, long[] idx, int io, long rows, byte[] o, int oo, int n) {
        for (int k = 0; k < n; k++) {
            o[oo + k] = a[ao + row(idx[io + k], rows)];
        }
    }

    /**
     * Index {@code i} of an axis of {@code rows}, negative ones counting from the end.
     *
     * @throws IndexOutOfBoundsException "index 7 is out of bounds for axis 0 with size 5" (NumPy's IndexError)
     */
    private static int row(long i, long rows) {
        long r = i < 0 ? i + rows : i;
        if (r < 0 || r >= rows) {
            throw new IndexOutOfBoundsException("index " + i + " is out of bounds for axis 0 with size " + rows);
        }
        return (int) r;
    }
}
