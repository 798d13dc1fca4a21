package dev.cohort.tasks;

/**
 * One Vector API loop of the task library ({@link SimdReductions}, {@link SimdPredicates}, {@link FusedSimd},
 * {@link Float32Simd}: one generated subclass per loop), run only through {@link #call}.
 *
 * <p><b>Why one call site.</b> JDK 17's C2 keeps a Vector API loop's vectors in registers only while the loop is
 * compiled in a method of its own, or nearly: measured here, the MATVEC row kernel {@code dotRowsD} (its general
 * loop beside the inlined loop for rows of 16 to 31) compiled without a box when it was the only Vector API code
 * the JVM had run, but allocated 4-6 KB a call (the API's boxing fallback, 10-20x slower) once the other kernels
 * had run first; the same general loop as a method alone compiled without a box in both JVMs, and so did the
 * three loops reached through one virtual call. Called through static methods, the loops were also inlined into
 * every caller that C2 compiled (the warm-up's and the program's each under its own inlining budget), so the
 * warm-up could measure one compiled copy while the program ran another, uncompiled: SimdPredicates' int32
 * {@code !=} took 1.8-4.8 ms on 1e5 elements (350x NumPy) with its gate open.
 *
 * <p>{@link #call} holds the one virtual call of every loop: its receiver profile holds dozens of classes, so C2
 * inlines none of them there ({@code TypeProfileWidth} is 2), and each subclass's {@link #run} is compiled alone,
 * with its one loop, once: the code {@link VectorWarmup} measures is the code every caller runs. The cost is a
 * virtual call (a few nanoseconds) per kernel call, each of which covers hundreds of elements or more.
 *
 * <p>The signature is the widest any loop needs: three arrays, each with an offset and a stride, two counts, a
 * double and a long scalar. A loop returns its result as a long (a double's raw bits, or the integer), or 0.
 */
abstract class VectorLoop {
    /** This loop over the arguments {@link #call} passes on. */
    abstract long run(Object x, int xo, int xs, Object y, int yo, int ys, Object z, int zo, int zs, int m, int n, double d, long l);

    /** Runs {@code loop}: the one call site of every loop (see the class comment). */
    static long call(VectorLoop loop, Object x, int xo, int xs, Object y, int yo, int ys, Object z, int zo, int zs, int m, int n,
                     double d, long l) {
        return loop.run(x, xo, xs, y, yo, ys, z, zo, zs, m, n, d, l);
    }
}
