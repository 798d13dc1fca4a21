package dev.cohort.tasks;

import org.nd4j.linalg.factory.Nd4j;
import org.nd4j.nativeblas.NativeOpsHolder;

import static org.bytedeco.openblas.global.openblas_nolapack.CblasNoTrans;
import static org.bytedeco.openblas.global.openblas_nolapack.CblasRowMajor;
import static org.bytedeco.openblas.global.openblas_nolapack.cblas_dgemm;
import static org.bytedeco.openblas.global.openblas_nolapack.cblas_sgemm;

import dev.cohort.runtime.region.FieldType;

import java.util.Arrays;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Matrix products through the OpenBLAS that ND4J ships (its CPU backend's bytedeco binding, {@code cblas_dgemm} and
 * {@code cblas_sgemm} on Java arrays), with ND4J loaded first to set the threads. This class is the only one that
 * names ND4J: it is loaded, and ND4J with it (the first load unpacks the native libraries into
 * {@code ~/.javacpp/cache}), only when a big product actually runs. That OpenBLAS (0.3.19) picks its slowest
 * kernels on CPUs newer than it unless {@code OPENBLAS_CORETYPE} says otherwise: see {@link OpenBlasCore}.
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
public final class Nd4jGemm {
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
    public static boolean available() {
        return Holder.AVAILABLE;
    }

    /** The threads ND4J's BLAS uses (loads ND4J); for tests and diagnostics. */
    public static int blasThreads() {
        return available() ? Nd4j.factory().blas().getMaxThreads() : -1;
    }

    /**
     * {@code out = A @ B} in float64 for a GEMM tile: A's {@code (m x k)} block and B's {@code (k x n)} block are
     * copied into dense row-major arrays (one {@code arraycopy} per contiguous float64 row; a gather for strided or
     * other operands), OpenBLAS's {@code cblas_dgemm} (the binding ND4J ships, called on the Java arrays) writes the
     * product into a third, which is copied into out's tile the same way. The arrays are the worker thread's
     * {@link GemmBlocks}, reused while the sizes repeat. ND4J's own {@code Nd4j.gemm} on off-heap INDArrays, used before, cost about
     * 3 ms more per call at m = n = k = 316 (4.0 against 1.2-1.6 ms, {@code OPENBLAS_CORETYPE=SkylakeX}, one thread).
     * Returns false, doing nothing, when ND4J (and with it OpenBLAS) is not available.
     */
    static boolean dgemmInto(Tile.View va, Tile.View vb, Tile.View vo, int m, int n, int k) {
        if (!available()) {
            return false;
        }
        GemmBlocks buf = GemmBlocks.get();
        double[] a = buf.a(Math.multiplyExact(m, k));
        double[] b = buf.b(Math.multiplyExact(k, n));
        double[] c = buf.c(Math.multiplyExact(m, n));
        load(va, va.stride[0], va.stride[2], m, k, a);
        load(vb, vb.stride[2], vb.stride[1], k, n, b);
        cblas_dgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, m, n, k, 1.0, a, k, b, n, 0.0, c, n);
        store(c, vo, m, n);
        return true;
    }

    /** Copies the {@code rows x cols} block of {@code v} (row step {@code rs}, column step {@code cs}) into row-major {@code dst}. */
    private static void load(Tile.View v, long rs, long cs, int rows, int cols, double[] dst) {
        if (!v.constant && v.type == FieldType.FLOAT64 && cs == 1) {
            double[] src = (double[]) v.array;
            if (rs == cols || rows == 1) {
                System.arraycopy(src, (int) v.base, dst, 0, rows * cols);
            } else {
                for (int i = 0; i < rows; i++) {
                    System.arraycopy(src, (int) (v.base + i * rs), dst, i * cols, cols);
                }
            }
            return;
        }
        for (int i = 0; i < rows; i++) {
            v.gatherD(v.base + i * rs, cs, dst, i * cols, cols);
        }
    }

    /** Copies row-major {@code src} ({@code rows x cols}) into out's tile. */
    private static void store(double[] src, Tile.View vo, int rows, int cols) {
        long rs = vo.stride[0];
        long cs = vo.stride[1];
        if (vo.type == FieldType.FLOAT64 && cs == 1) {
            double[] dst = (double[]) vo.array;
            if (rs == cols || rows == 1) {
                System.arraycopy(src, 0, dst, (int) vo.base, rows * cols);
            } else {
                for (int i = 0; i < rows; i++) {
                    System.arraycopy(src, i * cols, dst, (int) (vo.base + i * rs), cols);
                }
            }
            return;
        }
        for (int i = 0; i < rows; i++) {
            vo.scatterD(vo.base + i * rs, cs, src, i * cols, cols);
        }
    }

    /** Dense row-major {@code (m x k) * (k x n)} in float64 ({@code cblas_dgemm}; the Java loop without ND4J). */
    static double[] dgemm(double[] a, double[] b, int m, int n, int k) {
        if (!available()) {
            return GemmKernel.multiply(a, b, m, n, k);
        }
        double[] out = new double[Math.multiplyExact(m, n)];
        cblas_dgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, m, n, k, 1.0, a, k, b, n, 0.0, out, n);
        return out;
    }

    /**
     * {@code out = A @ B} in float32 for a GEMM tile, as {@link #dgemmInto} does in float64: the blocks are converted
     * straight into the thread's float blocks ({@link GemmBlocks}; NumPy's cast), {@code cblas_sgemm} multiplies them, and the product is
     * written to out's tile (converted to out's type). Returns false, doing nothing, when ND4J is not available.
     */
    static boolean sgemmInto(Tile.View va, Tile.View vb, Tile.View vo, int m, int n, int k) {
        if (!available()) {
            return false;
        }
        GemmBlocks buf = GemmBlocks.get();
        float[] a = buf.fa(Math.multiplyExact(m, k));
        float[] b = buf.fb(Math.multiplyExact(k, n));
        float[] c = buf.fc(Math.multiplyExact(m, n));
        loadF(va, va.stride[0], va.stride[2], m, k, a);
        loadF(vb, vb.stride[2], vb.stride[1], k, n, b);
        cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, m, n, k, 1.0f, a, k, b, n, 0.0f, c, n);
        for (int i = 0; i < m; i++) {
            DataLoops.convert(FieldType.FLOAT32, c, i * n, 1, vo.type, vo.array, (int) (vo.base + i * vo.stride[0]),
                    (int) vo.stride[1], n);
        }
        return true;
    }

    /** Converts the {@code rows x cols} block of {@code v} (row step {@code rs}, column step {@code cs}) into row-major float {@code dst}. */
    private static void loadF(Tile.View v, long rs, long cs, int rows, int cols, float[] dst) {
        if (v.constant) {
            Arrays.fill(dst, 0, rows * cols, (float) v.dval);
            return;
        }
        for (int i = 0; i < rows; i++) {
            DataLoops.convert(v.type, v.array, (int) (v.base + i * rs), (int) cs, FieldType.FLOAT32, dst, i * cols, 1, cols);
        }
    }
}
