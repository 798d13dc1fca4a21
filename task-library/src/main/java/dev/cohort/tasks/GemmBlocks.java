package dev.cohort.tasks;

/**
 * A worker thread's dense blocks of its last matrix product, float64 and float32, reused while the sizes repeat: the
 * operands' blocks A and B and the product C, in row-major order ({@link GemmKernel}'s Java path, {@link Nd4jGemm}'s
 * OpenBLAS calls). A thread runs one product at a time, so the two share them.
 */
final class GemmBlocks {
    private static final ThreadLocal<GemmBlocks> OF_THREAD = ThreadLocal.withInitial(GemmBlocks::new);

    private double[] a = new double[0];
    private double[] b = new double[0];
    private double[] c = new double[0];
    private float[] fa = new float[0];
    private float[] fb = new float[0];
    private float[] fc = new float[0];

    private GemmBlocks() {
    }

    /** The calling thread's blocks. */
    static GemmBlocks get() {
        return OF_THREAD.get();
    }

    /** A's float64 block of {@code length} elements (contents undefined). */
    double[] a(int length) {
        return a = a.length == length ? a : new double[length];
    }

    double[] b(int length) {
        return b = b.length == length ? b : new double[length];
    }

    double[] c(int length) {
        return c = c.length == length ? c : new double[length];
    }

    /** A's float32 block of {@code length} elements (contents undefined). */
    float[] fa(int length) {
        return fa = fa.length == length ? fa : new float[length];
    }

    float[] fb(int length) {
        return fb = fb.length == length ? fb : new float[length];
    }

    float[] fc(int length) {
        return fc = fc.length == length ? fc : new float[length];
    }
}
