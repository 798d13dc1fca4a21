package dev.cohort.tasks;

import org.nd4j.linalg.api.buffer.DataType;
import org.nd4j.linalg.api.ndarray.INDArray;
import org.nd4j.linalg.factory.Nd4j;
import org.nd4j.nativeblas.NativeOpsHolder;
import org.bytedeco.javacpp.DoublePointer;

import dev.cohort.runtime.region.FieldType;

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
     * Float64 operands up to this many elements keep their off-heap ND4J buffers per worker thread
     * between calls (4 Mi elements, 32 MiB each); bigger ones are allocated and freed per call.
     */
    static final long CACHE_MAX_ELEMENTS = 4L << 20;

    /** A worker thread's off-heap operands of its last product (reused when the shapes repeat). */
    private static final class Buffers {
        INDArray a;
        INDArray b;
        INDArray c;
    }

    private static final ThreadLocal<Buffers> BUFFERS = ThreadLocal.withInitial(Buffers::new);

    private static INDArray buffer(INDArray old, int rows, int cols) {
        if (old != null && old.rows() == rows && old.columns() == cols) {
            return old;
        }
        if (old != null) {
            old.close();
        }
        return Nd4j.createUninitialized(DataType.DOUBLE, new long[] {rows, cols}, 'c');
    }

    /**
     * {@code out = A @ B} in float64 for a GEMM tile, straight between the instances and ND4J's
     * off-heap buffers: A's {@code (m x k)} block and B's {@code (k x n)} block are copied into
     * row-major INDArrays (one native copy per contiguous row, or per block when the rows are
     * adjacent; a gather only for strided or non-float64 operands), {@code Nd4j.gemm} writes the
     * product into a third, and it is copied back into out's array the same way. No intermediate
     * Java array, no {@code dup}; the INDArrays are reused by the worker thread while the shapes
     * repeat (up to {@link #CACHE_MAX_ELEMENTS}). The values are those of {@link #dgemm}.
     * Returns false, doing nothing, when ND4J is not available.
     */
    static boolean dgemmInto(Tile.View va, Tile.View vb, Tile.View vo, int m, int n, int k) {
        if (!available()) {
            return false;
        }
        Buffers buf = BUFFERS.get();
        boolean cache = (long) m * k <= CACHE_MAX_ELEMENTS && (long) k * n <= CACHE_MAX_ELEMENTS && (long) m * n <= CACHE_MAX_ELEMENTS;
        INDArray x = buffer(cache ? buf.a : null, m, k);
        INDArray y = buffer(cache ? buf.b : null, k, n);
        INDArray z = buffer(cache ? buf.c : null, m, n);
        if (cache) {
            buf.a = x;
            buf.b = y;
            buf.c = z;
        }
        try {
            load(va, va.stride[0], va.stride[2], m, k, x);
            load(vb, vb.stride[2], vb.stride[1], k, n, y);
            Nd4j.gemm(x, y, z, false, false, 1.0, 0.0);
            store(z, vo, m, n);
        } finally {
            if (!cache) {
                x.close();
                y.close();
                z.close();
            }
        }
        return true;
    }

    private static DoublePointer pointer(INDArray arr) {
        return new DoublePointer(arr.data().addressPointer());
    }

    /** Copies the {@code rows x cols} block of {@code v} (row step {@code rs}, column step {@code cs}) into row-major {@code dst}. */
    private static void load(Tile.View v, long rs, long cs, int rows, int cols, INDArray dst) {
        DoublePointer p = pointer(dst);
        if (!v.constant && v.type == FieldType.FLOAT64 && cs == 1) {
            double[] src = (double[]) v.array;
            if (rs == cols || rows == 1) {
                p.position(0).put(src, (int) v.base, rows * cols);
            } else {
                for (int i = 0; i < rows; i++) {
                    p.position((long) i * cols).put(src, (int) (v.base + i * rs), cols);
                }
            }
            return;
        }
        double[] row = new double[cols];
        for (int i = 0; i < rows; i++) {
            v.gatherD(v.base + i * rs, cs, row, 0, cols);
            p.position((long) i * cols).put(row, 0, cols);
        }
    }

    /** Copies row-major {@code src} ({@code rows x cols}) into out's tile. */
    private static void store(INDArray src, Tile.View vo, int rows, int cols) {
        DoublePointer p = pointer(src);
        long rs = vo.stride[0];
        long cs = vo.stride[1];
        if (vo.type == FieldType.FLOAT64 && cs == 1) {
            double[] dst = (double[]) vo.array;
            if (rs == cols || rows == 1) {
                p.position(0).get(dst, (int) vo.base, rows * cols);
            } else {
                for (int i = 0; i < rows; i++) {
                    p.position((long) i * cols).get(dst, (int) (vo.base + i * rs), cols);
                }
            }
            return;
        }
        double[] row = new double[cols];
        for (int i = 0; i < rows; i++) {
            p.position((long) i * cols).get(row, 0, cols);
            vo.scatterD(vo.base + i * rs, cs, row, 0, cols);
        }
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
