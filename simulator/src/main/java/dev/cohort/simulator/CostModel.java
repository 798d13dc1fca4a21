package dev.cohort.simulator;

import dev.cohort.runtime.region.FieldType;

import java.util.Map;

/**
 * The time of each task of a simulated graph, from a {@link Calibration} on a {@link Topology}: a point task from its
 * op code, element type, tile volume and bytes touched; a shard's analysis of a launch from the launch and the points
 * the shard owns; a transfer from the link class between the two shards, {@code latency + bytes / bandwidth}. Every
 * time is at least 1 ns (the simulator's tasks take positive time).
 */
public final class CostModel {
    /** The shortest task, ns. */
    public static final double MIN_NANOS = 1;

    private final Calibration calibration;
    private final Topology topology;
    /** Per op code, a factor on its point tasks' kernel time (empty: none); see {@link #withPointScales}. */
    private final Map<Integer, Double> pointScales;
    /** A factor on the program thread's analysis of a launch; see {@link #withAnalysisScale}. */
    private final double analysisScale;

    public CostModel(Calibration calibration, Topology topology) {
        this(calibration, topology, Map.of(), 1);
    }

    private CostModel(Calibration calibration, Topology topology, Map<Integer, Double> pointScales,
                      double analysisScale) {
        this.calibration = calibration;
        this.topology = topology;
        this.pointScales = Map.copyOf(pointScales);
        this.analysisScale = analysisScale;
    }

    /**
     * This model with the kernel time of every point task of op code {@code k} multiplied by {@code scales.get(k)}:
     * rates measured in the loop itself (FlexFlow's simulator measures each operator's time on the device; a loop's
     * kernels read strided pieces, fuse several operations and find their data in the last-level cache, none of which
     * the calibration's one-operation samples over contiguous arrays see). Gathers are not scaled.
     *
     * @throws IllegalArgumentException naming the op code of a factor that is not positive and finite
     */
    public CostModel withPointScales(Map<Integer, Double> scales) {
        for (Map.Entry<Integer, Double> e : scales.entrySet()) {
            if (!(e.getValue() > 0) || e.getValue().isInfinite()) {
                throw new IllegalArgumentException("point scale of op code " + e.getKey()
                        + " must be positive and finite, got " + e.getValue());
            }
        }
        return new CostModel(calibration, topology, scales, analysisScale);
    }

    /**
     * This model with the analysis of every launch multiplied by {@code scale}: the program thread's time per launch
     * measured in the loop itself (a loop's launches carry more operands, constraints and instances than the
     * calibration's one-operation launches), as {@link #withPointScales} does for kernels.
     *
     * @throws IllegalArgumentException when {@code scale} is not positive and finite
     */
    public CostModel withAnalysisScale(double scale) {
        if (!(scale > 0) || Double.isInfinite(scale)) {
            throw new IllegalArgumentException("analysis scale must be positive and finite, got " + scale);
        }
        return new CostModel(calibration, topology, pointScales, scale);
    }

    /** This model (its scales kept) with {@code c} as its calibration: a link or kernel measured in the loop. */
    public CostModel withCalibration(Calibration c) {
        return new CostModel(java.util.Objects.requireNonNull(c, "calibration"), topology, pointScales, analysisScale);
    }

    /** The factor of {@link #withAnalysisScale} (1 when none). */
    public double analysisScale() {
        return analysisScale;
    }

    /** The factors of {@link #withPointScales} (empty when none). */
    public Map<Integer, Double> pointScales() {
        return pointScales;
    }

    public Calibration calibration() {
        return calibration;
    }

    public Topology topology() {
        return topology;
    }

    /**
     * A point task of {@code taskId} on {@code type} (its largest operand read {@code transposed} or not, see
     * {@link Calibration#kernel(int, boolean, FieldType)}) over {@code points} iteration points in {@code rows} rows touching
     * {@code bytes}, its data in cache or streaming from memory ({@code fromMemory}: the loop's footprint exceeds the
     * calibration's {@code memory}), ns.
     */
    public double pointNanos(int taskId, boolean transposed, FieldType type, long points, long rows, long bytes,
                             boolean fromMemory) {
        double t = calibration.kernel(taskId, transposed, type).nanos(points, rows, bytes, calibration.cacheBytes(),
                fromMemory);
        return Math.max(MIN_NANOS, pointScales.isEmpty() ? t : t * pointScales.getOrDefault(taskId, 1.0));
    }

    /** {@link #pointNanos(int, boolean, FieldType, long, long, long, boolean)} of one point's work. */
    public double pointNanos(PointWork w, boolean fromMemory) {
        return pointNanos(w.taskId(), w.transposed(), w.type(), w.points(), w.rows(), w.bytes(), fromMemory);
    }

    /** A shard's program thread analysing a launch of which it owns {@code ownedPoints} points, ns. */
    public double analysisNanos(long ownedPoints) {
        return Math.max(MIN_NANOS,
                analysisScale * (calibration.launchNanos() + calibration.pointNanos() * ownedPoints));
    }

    /** A blocked program thread resuming after the result it waits for completes, ns. */
    public double waitNanos() {
        return Math.max(MIN_NANOS, calibration.waitNanos());
    }

    /** Moving {@code bytes} from shard {@code src} to shard {@code dst}, ns. */
    public double transferNanos(int src, int dst, long bytes) {
        return Math.max(MIN_NANOS, calibration.link(topology.linkClass(src, dst)).nanos(bytes));
    }

    /**
     * Gathering {@code bytes} of a piece that no one instance holds into a new instance, on the point's processor:
     * the COPY kernel's byte rate (op code 1010, float64; else the default kernel's), from memory when the loop's data
     * streams from there, ns (0 for no bytes).
     */
    public double copyNanos(long bytes, boolean fromMemory) {
        if (bytes == 0) {
            return 0;
        }
        Calibration.KernelCost k = calibration.kernel(COPY_TASK, dev.cohort.runtime.region.FieldType.FLOAT64);
        if (fromMemory && k.nanosPerByteFromMemory() > 0) {
            return k.nanosPerByteFromMemory() * bytes;
        }
        return k.nanosPerByte() * bytes + (bytes > calibration.cacheBytes()
                ? k.nanosPerByteBeyondCache() * (bytes - calibration.cacheBytes()) : 0);
    }

    /**
     * Gathering a piece that no one instance holds: {@code copies} runtime copies of fragments, {@code bytes} in all, on
     * the point's processor, priced with the calibration's {@code copy} line (fixed per copy, and per byte in cache or
     * from memory), or, without one, {@link #copyNanos} of the bytes; ns (0 for no bytes).
     */
    public double gatherNanos(int copies, long bytes, boolean fromMemory) {
        Calibration.KernelCost c = calibration.copy();
        if (c == null || bytes == 0) {
            return copyNanos(bytes, fromMemory);
        }
        double perByte = fromMemory && c.nanosPerByteFromMemory() > 0 ? c.nanosPerByteFromMemory() : c.nanosPerByte();
        return copies * c.fixedNanos() + perByte * bytes;
    }

    /** The task library's COPY op code, whose kernel line prices gathers. */
    public static final int COPY_TASK = 1010;

    /** Folding {@code bytes} of partial results on one processor (the default kernel's byte rate), ns. */
    public double foldNanos(long bytes) {
        Calibration.KernelCost k = calibration.kernels().get("default");
        return Math.max(MIN_NANOS, k.nanosPerByte() * bytes);
    }
}
