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
 * <p><b>Why {@link #call} reads {@code loop.self}.</b> A kernel's loop is a {@code static final} field, so where C2
 * inlined {@code call} into a dispatch method ({@code FusedSimd.binaryL}, one {@code if} per operation) it knew the
 * receiver's exact class and inlined every {@link #run} there, profile or not: one large compilation holding a dozen
 * loops, in which some of the Vector API's intrinsics failed ({@code VectorSupport::store} "failed to inline
 * (intrinsic)" in {@code -XX:+PrintInlining}) and the vectors were boxed. Measured on an AMD EPYC with AVX-512
 * (2026-11-26, JDK 17.0.15, the warm-up of every gate): 3 to 22 kernels of {@code binaryL}, {@code binaryD},
 * {@code binaryDS} stayed on the scalar loops in each of 4 JVMs (allocating about 3 KB a call after a million
 * warm-up calls). A non-final instance field of a constant object is not constant-folded, so through {@code self}
 * the receiver is unknown to C2, the call goes through the (megamorphic) profile, and each {@link #run} is compiled
 * alone again: none of those kernels stayed uncompiled in 30 JVMs since. ({@code dotF}, {@code dotD} and {@code sumF},
 * which still failed in 4 of 10 JVMs there, had another cause, two vector shapes of one element type: see
 * {@code SimdReductions}' max/min species and the task-library README, "Vector API kernels that C2 leaves uncompiled".)
 *
 * <p>The signature is the widest any loop needs: three arrays, each with an offset and a stride, two counts, a
 * double and a long scalar. A loop returns its result as a long (a double's raw bits, or the integer), or 0.
 */
abstract class VectorLoop {
    /** This loop over the arguments {@link #call} passes on. */
    abstract long run(Object x, int xo, int xs, Object y, int yo, int ys, Object z, int zo, int zs, int m, int n, double d, long l);

    /** This loop, read by {@link #call} in place of the receiver it is given (see there); never written again. */
    private VectorLoop self = this;

    /** Runs {@code loop}: the one call site of every loop (see the class comment). */
    static long call(VectorLoop loop, Object x, int xo, int xs, Object y, int yo, int ys, Object z, int zo, int zs, int m, int n,
                     double d, long l) {
        return loop.self.run(x, xo, xs, y, yo, ys, z, zo, zs, m, n, d, l);
    }
}
