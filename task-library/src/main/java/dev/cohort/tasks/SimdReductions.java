// GENERATED from task-library/src/main/templates/SimdReductions.java.tmpl by task-library/generate-kernels: edit the template, not this file.
package dev.cohort.tasks;

import jdk.incubator.vector.DoubleVector;
import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.IntVector;
import jdk.incubator.vector.LongVector;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorSpecies;

/**
 * The Vector API kernels of {@link Reductions} (generated; this class loads only when
 * {@link Reductions#SIMD} holds). Every species is fixed at 256 bits (128-bit loads for float32 and
 * int32 widened to 256-bit double/long lanes), whatever the CPU prefers, so that floating-point sums
 * follow {@link Reductions}' accumulation order exactly: four 4-lane double accumulators
 * {@code v0..v3}, lane {@code l} of {@code v_k} holding {@code s_(4k+l)}, the tail added to
 * {@code s_0}, then {@link Reductions#tree} over the stored lanes (never {@code reduceLanes(ADD)}, whose
 * floating-point order is unspecified).
 * MAX/MIN ({@code Math.max}/{@code Math.min} lane-wise: NaN propagates, {@code -0.0 < 0.0}) and
 * integer sums are associative, so any order gives their bits.
 */
final class SimdReductions {
    private SimdReductions() {
    }

    static final VectorSpecies<Double> D4 = DoubleVector.SPECIES_256;
    static final VectorSpecies<Float> F4 = FloatVector.SPECIES_128;
    static final VectorSpecies<Long> L4 = LongVector.SPECIES_256;
    static final VectorSpecies<Integer> I4 = IntVector.SPECIES_128;

    /** Whether this JVM has 256-bit vectors (else the Vector API would run its slow Java fallback). */
    static boolean usable() {
        return DoubleVector.SPECIES_PREFERRED.vectorBitSize() >= 256;
    }

    /** {@link Reductions#accumulate}: {@code s[k] += a[ao + 16 b + k]} for every block {@code b < blocks}. */
    static void accumulate(double[] s, double[] a, int ao, int blocks) {
        DoubleVector v0 = DoubleVector.fromArray(D4, s, 0);
        DoubleVector v1 = DoubleVector.fromArray(D4, s, 4);
        DoubleVector v2 = DoubleVector.fromArray(D4, s, 8);
        DoubleVector v3 = DoubleVector.fromArray(D4, s, 12);
        for (int b = 0, p = ao; b < blocks; b++, p += 16) {
            v0 = v0.add(DoubleVector.fromArray(D4, a, p));
            v1 = v1.add(DoubleVector.fromArray(D4, a, p + 4));
            v2 = v2.add(DoubleVector.fromArray(D4, a, p + 8));
            v3 = v3.add(DoubleVector.fromArray(D4, a, p + 12));
        }
        v0.intoArray(s, 0);
        v1.intoArray(s, 4);
        v2.intoArray(s, 8);
        v3.intoArray(s, 12);
    }

    /** Four consecutive FLOAT64 values from {@code a[p]} as doubles. */
    private static DoubleVector loadD(double[] a, int p) {
        return DoubleVector.fromArray(D4, a, p);
    }

    /** Four products {@code a[p + l] * b[q + l]} rounded to FLOAT64, as doubles. */
    private static DoubleVector productD(double[] a, int p, double[] b, int q) {
        return DoubleVector.fromArray(D4, a, p).mul(DoubleVector.fromArray(D4, b, q));
    }

    /** {@link Reductions#sumScalarD} with vectors: the same bits. */
    static double sumD(double[] a, int ao, int n) {
        DoubleVector v0 = DoubleVector.zero(D4);
        DoubleVector v1 = v0;
        DoubleVector v2 = v0;
        DoubleVector v3 = v0;
        int main = n - n % 16;
        for (int p = ao, end = ao + main; p < end; p += 16) {
            v0 = v0.add(loadD(a, p));
            v1 = v1.add(loadD(a, p + 4));
            v2 = v2.add(loadD(a, p + 8));
            v3 = v3.add(loadD(a, p + 12));
        }
        // the lanes stored straight here: passing the vectors to a helper made C2 box them (5-10x slower)
        double[] s = new double[16];
        v0.intoArray(s, 0);
        v1.intoArray(s, 4);
        v2.intoArray(s, 8);
        v3.intoArray(s, 12);
        for (int j = main; j < n; j++) {
            s[0] += a[ao + j];
        }
        return Reductions.tree(s);
    }

    /** {@link Reductions#dotScalarD} with vectors: the same bits. */
    static double dotD(double[] a, int ao, double[] b, int bo, int n) {
        DoubleVector v0 = DoubleVector.zero(D4);
        DoubleVector v1 = v0;
        DoubleVector v2 = v0;
        DoubleVector v3 = v0;
        int main = n - n % 16;
        for (int j = 0; j < main; j += 16) {
            int p = ao + j;
            int q = bo + j;
            v0 = v0.add(productD(a, p, b, q));
            v1 = v1.add(productD(a, p + 4, b, q + 4));
            v2 = v2.add(productD(a, p + 8, b, q + 8));
            v3 = v3.add(productD(a, p + 12, b, q + 12));
        }
        // the lanes stored straight here: passing the vectors to a helper made C2 box them (5-10x slower)
        double[] s = new double[16];
        v0.intoArray(s, 0);
        v1.intoArray(s, 4);
        v2.intoArray(s, 8);
        v3.intoArray(s, 12);
        for (int j = main; j < n; j++) {
            s[0] += a[ao + j] * b[bo + j];
        }
        return Reductions.tree(s);
    }

    /** Four consecutive FLOAT32 values from {@code a[p]} as doubles. */
    private static DoubleVector loadF(float[] a, int p) {
        return (DoubleVector) FloatVector.fromArray(F4, a, p).convertShape(VectorOperators.F2D, D4, 0);
    }

    /** Four products {@code a[p + l] * b[q + l]} rounded to FLOAT32, as doubles. */
    private static DoubleVector productF(float[] a, int p, float[] b, int q) {
        return (DoubleVector) FloatVector.fromArray(F4, a, p).mul(FloatVector.fromArray(F4, b, q))
                .convertShape(VectorOperators.F2D, D4, 0);
    }

    /** {@link Reductions#sumScalarF} with vectors: the same bits. */
    static double sumF(float[] a, int ao, int n) {
        DoubleVector v0 = DoubleVector.zero(D4);
        DoubleVector v1 = v0;
        DoubleVector v2 = v0;
        DoubleVector v3 = v0;
        int main = n - n % 16;
        for (int p = ao, end = ao + main; p < end; p += 16) {
            v0 = v0.add(loadF(a, p));
            v1 = v1.add(loadF(a, p + 4));
            v2 = v2.add(loadF(a, p + 8));
            v3 = v3.add(loadF(a, p + 12));
        }
        // the lanes stored straight here: passing the vectors to a helper made C2 box them (5-10x slower)
        double[] s = new double[16];
        v0.intoArray(s, 0);
        v1.intoArray(s, 4);
        v2.intoArray(s, 8);
        v3.intoArray(s, 12);
        for (int j = main; j < n; j++) {
            s[0] += a[ao + j];
        }
        return Reductions.tree(s);
    }

    /** {@link Reductions#dotScalarF} with vectors: the same bits. */
    static double dotF(float[] a, int ao, float[] b, int bo, int n) {
        DoubleVector v0 = DoubleVector.zero(D4);
        DoubleVector v1 = v0;
        DoubleVector v2 = v0;
        DoubleVector v3 = v0;
        int main = n - n % 16;
        for (int j = 0; j < main; j += 16) {
            int p = ao + j;
            int q = bo + j;
            v0 = v0.add(productF(a, p, b, q));
            v1 = v1.add(productF(a, p + 4, b, q + 4));
            v2 = v2.add(productF(a, p + 8, b, q + 8));
            v3 = v3.add(productF(a, p + 12, b, q + 12));
        }
        // the lanes stored straight here: passing the vectors to a helper made C2 box them (5-10x slower)
        double[] s = new double[16];
        v0.intoArray(s, 0);
        v1.intoArray(s, 4);
        v2.intoArray(s, 8);
        v3.intoArray(s, 12);
        for (int j = main; j < n; j++) {
            s[0] += a[ao + j] * b[bo + j];
        }
        return Reductions.tree(s);
    }

    // ------------------------------------------------------------------ FLOAT64 max, min (any order)

    /** The species of FLOAT64 MAX/MIN: the CPU's preferred width (their result does not depend on the order). */
    private static final VectorSpecies<Double> PD = DoubleVector.SPECIES_PREFERRED;

    /** {@code Math.max} over {@code a[ao, ao + n)}, {@code n >= 1}. */
    static double maxD(double[] a, int ao, int n) {
        int len = PD.length();
        int main = n - n % (2 * len);
        DoubleVector m0 = DoubleVector.broadcast(PD, a[ao]);
        DoubleVector m1 = m0;
        for (int j = 0; j < main; j += 2 * len) {
            m0 = m0.max(DoubleVector.fromArray(PD, a, ao + j));
            m1 = m1.max(DoubleVector.fromArray(PD, a, ao + j + len));
        }
        double m = m0.max(m1).reduceLanes(VectorOperators.MAX);
        for (int j = main; j < n; j++) {
            m = Math.max(m, a[ao + j]);
        }
        return m;
    }

    /** {@code Math.min} over {@code a[ao, ao + n)}, {@code n >= 1}. */
    static double minD(double[] a, int ao, int n) {
        int len = PD.length();
        int main = n - n % (2 * len);
        DoubleVector m0 = DoubleVector.broadcast(PD, a[ao]);
        DoubleVector m1 = m0;
        for (int j = 0; j < main; j += 2 * len) {
            m0 = m0.min(DoubleVector.fromArray(PD, a, ao + j));
            m1 = m1.min(DoubleVector.fromArray(PD, a, ao + j + len));
        }
        double m = m0.min(m1).reduceLanes(VectorOperators.MIN);
        for (int j = main; j < n; j++) {
            m = Math.min(m, a[ao + j]);
        }
        return m;
    }

    // ------------------------------------------------------------------ FLOAT32 max, min (any order)

    /** The species of FLOAT32 MAX/MIN: the CPU's preferred width (their result does not depend on the order). */
    private static final VectorSpecies<Float> PF = FloatVector.SPECIES_PREFERRED;

    /** {@code Math.max} over {@code a[ao, ao + n)}, {@code n >= 1}. */
    static float maxF(float[] a, int ao, int n) {
        int len = PF.length();
        int main = n - n % (2 * len);
        FloatVector m0 = FloatVector.broadcast(PF, a[ao]);
        FloatVector m1 = m0;
        for (int j = 0; j < main; j += 2 * len) {
            m0 = m0.max(FloatVector.fromArray(PF, a, ao + j));
            m1 = m1.max(FloatVector.fromArray(PF, a, ao + j + len));
        }
        float m = m0.max(m1).reduceLanes(VectorOperators.MAX);
        for (int j = main; j < n; j++) {
            m = Math.max(m, a[ao + j]);
        }
        return m;
    }

    /** {@code Math.min} over {@code a[ao, ao + n)}, {@code n >= 1}. */
    static float minF(float[] a, int ao, int n) {
        int len = PF.length();
        int main = n - n % (2 * len);
        FloatVector m0 = FloatVector.broadcast(PF, a[ao]);
        FloatVector m1 = m0;
        for (int j = 0; j < main; j += 2 * len) {
            m0 = m0.min(FloatVector.fromArray(PF, a, ao + j));
            m1 = m1.min(FloatVector.fromArray(PF, a, ao + j + len));
        }
        float m = m0.min(m1).reduceLanes(VectorOperators.MIN);
        for (int j = main; j < n; j++) {
            m = Math.min(m, a[ao + j]);
        }
        return m;
    }

    // ------------------------------------------------------------------ INT64 max, min (any order)

    /** The species of INT64 MAX/MIN: the CPU's preferred width (their result does not depend on the order). */
    private static final VectorSpecies<Long> PL = LongVector.SPECIES_PREFERRED;

    /** {@code Math.max} over {@code a[ao, ao + n)}, {@code n >= 1}. */
    static long maxL(long[] a, int ao, int n) {
        int len = PL.length();
        int main = n - n % (2 * len);
        LongVector m0 = LongVector.broadcast(PL, a[ao]);
        LongVector m1 = m0;
        for (int j = 0; j < main; j += 2 * len) {
            m0 = m0.max(LongVector.fromArray(PL, a, ao + j));
            m1 = m1.max(LongVector.fromArray(PL, a, ao + j + len));
        }
        long m = m0.max(m1).reduceLanes(VectorOperators.MAX);
        for (int j = main; j < n; j++) {
            m = Math.max(m, a[ao + j]);
        }
        return m;
    }

    /** {@code Math.min} over {@code a[ao, ao + n)}, {@code n >= 1}. */
    static long minL(long[] a, int ao, int n) {
        int len = PL.length();
        int main = n - n % (2 * len);
        LongVector m0 = LongVector.broadcast(PL, a[ao]);
        LongVector m1 = m0;
        for (int j = 0; j < main; j += 2 * len) {
            m0 = m0.min(LongVector.fromArray(PL, a, ao + j));
            m1 = m1.min(LongVector.fromArray(PL, a, ao + j + len));
        }
        long m = m0.min(m1).reduceLanes(VectorOperators.MIN);
        for (int j = main; j < n; j++) {
            m = Math.min(m, a[ao + j]);
        }
        return m;
    }

    // ------------------------------------------------------------------ INT32 max, min (any order)

    /** The species of INT32 MAX/MIN: the CPU's preferred width (their result does not depend on the order). */
    private static final VectorSpecies<Integer> PI = IntVector.SPECIES_PREFERRED;

    /** {@code Math.max} over {@code a[ao, ao + n)}, {@code n >= 1}. */
    static int maxI(int[] a, int ao, int n) {
        int len = PI.length();
        int main = n - n % (2 * len);
        IntVector m0 = IntVector.broadcast(PI, a[ao]);
        IntVector m1 = m0;
        for (int j = 0; j < main; j += 2 * len) {
            m0 = m0.max(IntVector.fromArray(PI, a, ao + j));
            m1 = m1.max(IntVector.fromArray(PI, a, ao + j + len));
        }
        int m = m0.max(m1).reduceLanes(VectorOperators.MAX);
        for (int j = main; j < n; j++) {
            m = Math.max(m, a[ao + j]);
        }
        return m;
    }

    /** {@code Math.min} over {@code a[ao, ao + n)}, {@code n >= 1}. */
    static int minI(int[] a, int ao, int n) {
        int len = PI.length();
        int main = n - n % (2 * len);
        IntVector m0 = IntVector.broadcast(PI, a[ao]);
        IntVector m1 = m0;
        for (int j = 0; j < main; j += 2 * len) {
            m0 = m0.min(IntVector.fromArray(PI, a, ao + j));
            m1 = m1.min(IntVector.fromArray(PI, a, ao + j + len));
        }
        int m = m0.min(m1).reduceLanes(VectorOperators.MIN);
        for (int j = main; j < n; j++) {
            m = Math.min(m, a[ao + j]);
        }
        return m;
    }

    // ------------------------------------------------------------------ integer sums (wrapping, any order)

    /** The wrapping sum of {@code a[ao, ao + n)}. */
    static long sumL(long[] a, int ao, int n) {
        int len = PL.length();
        int main = n - n % (2 * len);
        LongVector s0 = LongVector.zero(PL);
        LongVector s1 = s0;
        for (int j = 0; j < main; j += 2 * len) {
            s0 = s0.add(LongVector.fromArray(PL, a, ao + j));
            s1 = s1.add(LongVector.fromArray(PL, a, ao + j + len));
        }
        long s = s0.add(s1).reduceLanes(VectorOperators.ADD);
        for (int j = main; j < n; j++) {
            s += a[ao + j];
        }
        return s;
    }

    /** The sum of {@code a[ao, ao + n)} in int64 (each int widened first). */
    static long sumI(int[] a, int ao, int n) {
        int main = n - n % 8;
        LongVector s0 = LongVector.zero(L4);
        LongVector s1 = s0;
        for (int j = 0; j < main; j += 8) {
            s0 = s0.add(IntVector.fromArray(I4, a, ao + j).convertShape(VectorOperators.I2L, L4, 0));
            s1 = s1.add(IntVector.fromArray(I4, a, ao + j + 4).convertShape(VectorOperators.I2L, L4, 0));
        }
        long s = s0.add(s1).reduceLanes(VectorOperators.ADD);
        for (int j = main; j < n; j++) {
            s += a[ao + j];
        }
        return s;
    }
}
