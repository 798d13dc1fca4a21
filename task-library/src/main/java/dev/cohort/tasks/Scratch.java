package dev.cohort.tasks;

/**
 * The chunk buffers of the strided paths, one set per worker thread, reused by every point task
 * that thread runs (kernels never nest, so one set per thread suffices). Allocating them per task
 * cost about 6 µs per call (zeroing 57 KiB, and evicting the tile's data from L1/L2): as much as
 * an in-cache add of 16 Ki elements. The dense fast paths do not touch them. A buffer's contents
 * are undefined on entry: every path writes the entries it reads.
 */
final class Scratch {
    private static final ThreadLocal<Scratch> CURRENT = ThreadLocal.withInitial(Scratch::new);

    final double[] da = new double[Tile.CHUNK];
    final double[] db = new double[Tile.CHUNK];
    final double[] dout = new double[Tile.CHUNK];
    final long[] la = new long[Tile.CHUNK];
    final long[] lb = new long[Tile.CHUNK];
    final long[] lc = new long[Tile.CHUNK];
    final long[] lout = new long[Tile.CHUNK];
    final byte[] zout = new byte[Tile.CHUNK];
    /** Elements of {@link #widen}. */
    static final int WIDEN = 256;
    /**
     * The double chunks of {@code Loops.unaryWidenedF} and {@code binaryWidenedF} only: leaves (they call nothing
     * that uses these buffers), so they may run under a caller that holds any of the buffers above.
     */
    final double[] widen = new double[WIDEN];
    final double[] widen2 = new double[WIDEN];
    /** The float block of {@code Convert.roundToFloat} only (a leaf, as {@link #widen}). */
    final float[] narrow = new float[WIDEN];

    private Scratch() {
    }

    /** The calling thread's buffers. */
    static Scratch get() {
        return CURRENT.get();
    }
}
