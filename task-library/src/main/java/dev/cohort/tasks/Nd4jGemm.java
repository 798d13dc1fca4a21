package dev.cohort.tasks;

import org.nd4j.linalg.api.buffer.DataType;
import org.nd4j.linalg.api.ndarray.INDArray;
import org.nd4j.linalg.factory.Nd4j;
import org.nd4j.nativeblas.NativeOpsHolder;

import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Matrix products through ND4J (CPU backend, OpenBLAS). This class is the only one that names
 * ND4J: it is loaded, and ND4J with it (the first load unpacks the native libraries into
 * {@code ~/.javacpp/cache}), only when a big product actually runs.
 *
 * <p>Cohort runs one kernel per worker thread, so ND4J must not start its own thread teams
 * (on small machines they cost milliseconds per call in spin-up and contention). On first use,
 * once and thread-safely (class initialisation of {@link Holder}), it sets:
 * <ul>
 *   <li>{@code Nd4j.getEnvironment().setMaxMasterThreads(1)}: libnd4j's own parallel loops;</li>
 *   <li>{@code Nd4j.factory().blas().setMaxThreads(1)}: ND4J's {@code CpuBlas}, which calls
 *       OpenBLAS's {@code openblas_set_num_threads(1)} (a process-wide setting);</li>
 *   <li>{@code NativeOps.setOmpNumThreads(1)}: libnd4j's OpenMP thread count.</li>
 * </ul>
 * ({@code Environment.setMaxThreads(1)} is called too, but in ND4J 1.0.0-M2.1 it can only raise
 * the count; the settings above are the ones that take effect.)
 * If ND4J cannot be loaded (no native library for this platform), products fall back to the
 * Java loop, with one warning.
 */
final class Nd4jGemm {
    private static final Logger LOG = Logger.getLogger(Nd4jGemm.class.getName());

    private Nd4jGemm() {
    }

    /** Lazily initialised ND4J state (JVM class initialisation: once, thread-safe). */
    private static final class Holder {
        static final boolean AVAILABLE = init();

        private static boolean init() {
            try {
                Nd4j.getEnvironment().setMaxMasterThreads(1);
                Nd4j.getEnvironment().setMaxThreads(1);
                Nd4j.factory().blas().setMaxThreads(1);
                NativeOpsHolder.getInstance().getDeviceNativeOps().setOmpNumThreads(1);
                return true;
            } catch (Throwable t) {
                LOG.log(Level.WARNING, "ND4J is not available; matrix products use the Java loop", t);
                return false;
            }
        }
    }

    /** True once ND4J is loaded and set to one thread (loads it on first call). */
    static boolean available() {
        return Holder.AVAILABLE;
    }

    /** The threads ND4J's BLAS uses (loads ND4J); for tests and diagnostics. */
    static int blasThreads() {
        return available() ? Nd4j.factory().blas().getMaxThreads() : -1;
    }

    /** Dense row-major {@code (m x k) * (k x n)} in float64. */
    static double[] dgemm(double[] a, double[] b, int m, int n, int k) {
        if (!available()) {
            return GemmKernel.multiply(a, b, m, n, k);
        }
        INDArray x = Nd4j.create(a, new long[] {m, k}, DataType.DOUBLE);
        INDArray y = Nd4j.create(b, new long[] {k, n}, DataType.DOUBLE);
        INDArray z = x.mmul(y);
        double[] out = z.dup('c').data().asDouble();
        x.close();
        y.close();
        z.close();
        return out;
    }

    /** Dense row-major {@code (m x k) * (k x n)} in float32 (inputs and result held as doubles). */
    static double[] sgemm(double[] a, double[] b, int m, int n, int k) {
        if (!available()) {
            return GemmKernel.multiply(a, b, m, n, k);
        }
        float[] fa = new float[a.length];
        for (int i = 0; i < a.length; i++) {
            fa[i] = (float) a[i];
        }
        float[] fb = new float[b.length];
        for (int i = 0; i < b.length; i++) {
            fb[i] = (float) b[i];
        }
        INDArray x = Nd4j.create(fa, new long[] {m, k}, 'c');
        INDArray y = Nd4j.create(fb, new long[] {k, n}, 'c');
        INDArray z = x.mmul(y);
        float[] r = z.dup('c').data().asFloat();
        x.close();
        y.close();
        z.close();
        double[] out = new double[m * n];
        for (int i = 0; i < out.length; i++) {
            out[i] = r[i];
        }
        return out;
    }
}
