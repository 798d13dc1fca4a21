package dev.cohort.examples.calibrate;

import dev.cohort.ndarray.Cohort;
import dev.cohort.ndarray.DType;
import dev.cohort.ndarray.NdArray;
import dev.cohort.ndarray.Np;
import dev.cohort.partitioner.LaunchRecord;
import dev.cohort.simulator.Calibration;
import dev.cohort.simulator.PointWork;
import dev.cohort.tasks.CpuTasks;
import dev.cohort.tasks.OpCode;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * Kernel costs per op code and element type, as the runtime runs them: each workload issues one kind of launch
 * (say {@code np.add(a, b, out=c)} on float64) at several sizes, each size in its own profiled one-shard,
 * one-worker program whose launches are single points (nothing is tiled), and the median time of its point tasks
 * (the profiler's task spans) is matched with the {@link PointWork points and bytes} of those points as the
 * simulator computes them. Per workload, {@code fixed + nanosPerPoint * points + nanosPerByte * bytes} is fitted
 * by {@link Fit non-negative least squares in relative error}. When bytes are (nearly) proportional to points
 * over the samples — every element-wise kernel — only {@code fixed + nanosPerByte * bytes} is fitted: the two
 * rates cannot be told apart, and bytes are what a streaming kernel pays for. Where the rows of the largest
 * piece vary apart from its points (MATVEC over matrices of 16 to 128 columns), a term per row is fitted too.
 *
 * <p><b>From memory.</b> Those samples repeat one launch on the same arrays, so their pieces stay in cache. The
 * streaming workloads are also run <em>cold</em>: at two tile sizes, as launches over one array of
 * {@link #COLD_FOOTPRINT} times the footprint the shared cache holds ({@link MemoryProbe}), tile by tile, so every piece comes
 * from DRAM, as in a loop over large arrays. The time per byte of those samples, less the fitted fixed, point and row
 * terms, is the kernel's {@link Calibration.KernelCost#nanosPerByteFromMemory() rate from memory}.
 */
final class KernelBench {
    /** One kind of launch to time: op code, element type (operand 0's) and how to issue it at a size. */
    record Workload(OpCode op, boolean transposed, DType dtype, String what, long[] sizes, long[] quickSizes, Issue issue) {
        /** A workload whose largest operand is read in its own order. */
        Workload(OpCode op, DType dtype, String what, long[] sizes, long[] quickSizes, Issue issue) {
            this(op, false, dtype, what, sizes, quickSizes, issue);
        }

        /** The key of its line in the calibration file, {@code taskId.TYPE} ({@code taskIdt.TYPE} when transposed). */
        String key() {
            return Calibration.kernelKey(op.taskId(), transposed, dtype.fieldType());
        }
    }

    /**
     * Issues {@code reps} launches of the workload at {@code size}, creating {@code sets} copies of its inputs (and
     * outputs) first and cycling through them, launch {@code i} on copy {@code i % sets}.
     */
    interface Issue {
        void run(long size, int reps, int sets);
    }

    /** The median point-task time of one size, its data in cache or ({@code cold}) streaming from memory. */
    record Sample(long points, long rows, long bytes, double nanos, int count, boolean cold) {
    }

    /** A workload's samples and fit. */
    record Result(Workload workload, List<Sample> samples, Calibration.KernelCost cost, Fit.Result fit, long cacheBytes) {
        /** The fitted time of sample {@code s}. */
        double predicted(Sample s) {
            return cost.nanos(s.points, s.rows, s.bytes, cacheBytes, s.cold);
        }
    }

    /**
     * The per-core cache a point's pieces stay fast in: this machine's L2 per core
     * ({@code /sys/devices/system/cpu/cpu0/cache/index2/size}), else 1 MiB.
     */
    static long cacheBytes() {
        try {
            String s = java.nio.file.Files.readString(java.nio.file.Path.of("/sys/devices/system/cpu/cpu0/cache/index2/size")).trim();
            long unit = 1;
            if (s.endsWith("K")) {
                unit = 1024;
                s = s.substring(0, s.length() - 1);
            } else if (s.endsWith("M")) {
                unit = 1024 * 1024;
                s = s.substring(0, s.length() - 1);
            }
            return Long.parseLong(s) * unit;
        } catch (java.io.IOException | RuntimeException e) {
            return 1L << 20;
        }
    }

    /**
     * Element counts of the streaming workloads, up to twice the partitioner's default cache budget of a tile
     * ({@code MachineView.DEFAULT_MAX_TILE_VOLUME}, 2^18; larger operations are cut into tiles of at most that):
     * both sides of the core's L2, for the cache knee of the fit.
     */
    static final long[] STREAM = {1_000, 4_000, 16_000, 64_000, 128_000, 262_144, 524_288};
    static final long[] STREAM_QUICK = {1_000, 8_000, 64_000, 262_144, 524_288};
    /** Sides of the square matrices of GEMM. */
    static final long[] GEMM = {8, 16, 32, 64, 128, 256};
    static final long[] GEMM_QUICK = {8, 16, 32, 64, 128};
    /**
     * Columns of the matrix of MATVEC, by size (its rows are the element count over this): logistic regression's 32,
     * and others, so that the cost per row can be told from the cost per element. {@code A @ x} (a dot per row) and
     * {@code A.T @ y} (an axpy per row of A, as a gradient does) are separate workloads with separate lines: their
     * kernels differ by up to 3x per byte.
     */
    static final Map<Long, Long> MATVEC_COLUMNS = Map.of(1_000L, 16L, 4_000L, 32L, 8_000L, 64L, 16_000L, 64L, 64_000L, 128L,
            65_536L, 32L, 128_000L, 16L, 262_144L, 32L, 524_288L, 64L);

    /** The columns of MATVEC's matrix at {@code n} elements ({@link #MATVEC_COLUMNS}; 32 for another size). */
    static long matvecColumns(long n) {
        return MATVEC_COLUMNS.getOrDefault(n, 32L);
    }

    /**
     * A cold sample's array holds this many times the footprint the shared cache holds. Cycling through separate
     * one-point arrays of even 8x that footprint left a MATVEC at cache speed (0.04 ns/byte, where the tiles of one
     * 100 MB array in a loop took 0.13): the cold samples are launches over one large array, tile by tile, as a loop
     * over large data issues them.
     */
    static final int COLD_FOOTPRINT = 4;
    /** Tile sizes (elements) of the cold samples of the streaming workloads (pieces from memory). */
    static final long[] COLD = {65_536, 262_144};

    private final Path scratch;
    private final boolean quick;

    KernelBench(Path scratch, boolean quick) {
        this.scratch = scratch;
        this.quick = quick;
    }

    /** The workloads measured: float64 and float32 for every kernel family, int64 for two. */
    static List<Workload> workloads() {
        List<Workload> w = new ArrayList<>();
        for (DType t : List.of(DType.FLOAT64, DType.FLOAT32, DType.INT64)) {
            w.add(new Workload(OpCode.BINARY_OP, t, "np.add(a, b, out=c)", STREAM, STREAM_QUICK, (n, reps, sets) -> {
                NdArray[] a = copies(sets, () -> data(t, n));
                NdArray[] b = copies(sets, () -> data(t, n));
                NdArray[] c = copies(sets, () -> Np.empty(new long[]{n}, t));
                for (int i = 0; i < reps; i++) {
                    Np.add(a[i % sets], b[i % sets], c[i % sets]);
                }
            }));
            w.add(new Workload(OpCode.REDUCE, t, "a.sum()", STREAM, STREAM_QUICK, (n, reps, sets) -> {
                NdArray[] a = copies(sets, () -> data(t, n));
                NdArray s = null;
                for (int i = 0; i < reps; i++) {
                    s = a[i % sets].sum();
                }
                s.itemDouble();
            }));
        }
        for (DType t : List.of(DType.FLOAT64, DType.FLOAT32)) {
            w.add(new Workload(OpCode.UNARY_OP, t, "np.exp(a, out=c)", STREAM, STREAM_QUICK, (n, reps, sets) -> {
                NdArray[] a = copies(sets, () -> data(t, n));
                NdArray[] c = copies(sets, () -> Np.empty(new long[]{n}, t));
                for (int i = 0; i < reps; i++) {
                    Np.exp(a[i % sets], c[i % sets]);
                }
            }));
            for (boolean transposed : new boolean[]{false, true}) {
                w.add(new Workload(OpCode.MATVEC, transposed, t, transposed ? "A.T @ y, A of (n/q, q), q = 16 to 128"
                        : "A @ x, A of (n/q, q), q = 16 to 128", STREAM, STREAM_QUICK, (n, reps, sets) -> {
                            long q = matvecColumns(n);
                            long rows = Math.max(1, n / q);
                            NdArray[] a = copies(sets, () -> data(t, rows, q));
                            NdArray x = data(t, transposed ? rows : q);
                            for (int i = 0; i < reps; i++) {
                                (transposed ? a[i % sets].T() : a[i % sets]).matmul(x);
                            }
                        }));
            }
            w.add(new Workload(OpCode.GEMM, t, "A @ B, n x n", GEMM, GEMM_QUICK, (n, reps, sets) -> {
                NdArray a = data(t, n, n);
                NdArray b = data(t, n, n);
                for (int i = 0; i < reps; i++) {
                    a.matmul(b);
                }
            }));
            w.add(new Workload(OpCode.FUSED, t, "np.copyto(c, a * 2 + b)", STREAM, STREAM_QUICK, (n, reps, sets) -> {
                NdArray[] a = copies(sets, () -> data(t, n));
                NdArray[] b = copies(sets, () -> data(t, n));
                NdArray[] c = copies(sets, () -> Np.empty(new long[]{n}, t));
                for (int i = 0; i < reps; i++) {
                    Np.copyto(c[i % sets], a[i % sets].multiply(2.0).add(b[i % sets]));
                }
            }));
            w.add(new Workload(OpCode.FUSED_REDUCE, t, "(a * b).sum()", STREAM, STREAM_QUICK, (n, reps, sets) -> {
                NdArray[] a = copies(sets, () -> data(t, n));
                NdArray[] b = copies(sets, () -> data(t, n));
                NdArray s = null;
                for (int i = 0; i < reps; i++) {
                    s = a[i % sets].multiply(b[i % sets]).sum();
                }
                s.itemDouble();
            }));
        }
        w.add(new Workload(OpCode.COPY, DType.FLOAT64, "np.copyto(c, a)", STREAM, STREAM_QUICK, (n, reps, sets) -> {
            NdArray[] a = copies(sets, () -> data(DType.FLOAT64, n));
            NdArray[] c = copies(sets, () -> Np.empty(new long[]{n}, DType.FLOAT64));
            for (int i = 0; i < reps; i++) {
                Np.copyto(c[i % sets], a[i % sets]);
            }
        }));
        w.add(new Workload(OpCode.CONVERT, DType.FLOAT64, "np.copyto(c, a), a float32", STREAM, STREAM_QUICK, (n, reps, sets) -> {
            NdArray[] a = copies(sets, () -> data(DType.FLOAT32, n));
            NdArray[] c = copies(sets, () -> Np.empty(new long[]{n}, DType.FLOAT64));
            for (int i = 0; i < reps; i++) {
                Np.copyto(c[i % sets], a[i % sets]);
            }
        }));
        return w;
    }

    /**
     * An array of {@code shape} holding data (random in [0, 1), or 0, 1, 2, ... for integers) in its store: not a
     * {@code full} array, whose fill the runtime materialises afresh for every reader, so that its pieces would
     * always be hot in cache.
     */
    static NdArray data(DType t, long... shape) {
        if (t == DType.INT64 || t == DType.INT32) {
            long n = 1;
            for (long e : shape) {
                n *= e;
            }
            return Np.arange(n).reshape(shape).astype(t);
        }
        NdArray r = Np.random.rand(shape);
        return t == DType.FLOAT64 ? r : r.astype(t);
    }

    /** {@code sets} arrays from {@code make}. */
    private static NdArray[] copies(int sets, java.util.function.Supplier<NdArray> make) {
        NdArray[] a = new NdArray[sets];
        for (int i = 0; i < sets; i++) {
            a[i] = make.get();
        }
        return a;
    }

    /** Repetitions of a size: about 64 MB (16 MB with --quick) of pieces, or 8e6 (2e6) GEMM points; 10 (5) to 200 (60). */
    int reps(Workload w, long size) {
        double work = w.op() == OpCode.GEMM ? (double) size * size * size * 8 : (double) size * 3 * 8;
        double budget = quick ? 16e6 : 64e6;
        return (int) Math.max(quick ? 5 : 10, Math.min(quick ? 60 : 200, budget / Math.max(1, work)));
    }

    /**
     * Measures and fits {@code w}: its sizes in cache, then (streaming workloads, when {@code memoryBytes} is known) its
     * {@link #COLD} tiles of an array of {@link #COLD_FOOTPRINT} times {@code memoryBytes}.
     */
    Result measure(Workload w, long memoryBytes) {
        long[] sizes = quick ? w.quickSizes() : w.sizes();
        List<Sample> samples = new ArrayList<>(settledRound(w, sizes));
        if (w.op() != OpCode.GEMM && memoryBytes != Long.MAX_VALUE) {
            for (long tile : COLD) {
                // one array of tiles (several for the workloads with more operands) whose one array alone exceeds
                // COLD_FOOTPRINT times the footprint the cache holds: a loop's launch over a large array, tile by tile
                long tiles = Math.max(2, COLD_FOOTPRINT * memoryBytes / (tile * w.dtype().fieldType().size()) + 1);
                samples.add(run(w, tile * tiles, 2, 1, new Cohort.Config().eagerMaxVolume(0).minTileVolume(tile).maxTileVolume(tile), true));
            }
        }
        return fit(w, samples, cacheBytes());
    }

    /**
     * Runs every size in rounds until each size's median is within 10 % of the round before (at most 12 rounds), and
     * returns the last round: the JIT compiles each size's kernel path (the Vector API's kernels run 10-100x slower
     * until C2 has compiled them, and each shape — MATVEC's column counts — may take its own path) and the launch
     * path before anything counts.
     */
    List<Sample> settledRound(Workload w, long[] sizes) {
        List<Sample> last = null;
        for (int round = 0; round < 12; round++) {
            List<Sample> now = new ArrayList<>();
            for (long n : sizes) {
                now.add(run(w, n, reps(w, n), 1));
            }
            boolean settled = last != null;
            for (int i = 0; settled && i < now.size(); i++) {
                settled = Math.abs(now.get(i).nanos() - last.get(i).nanos()) <= 0.1 * now.get(i).nanos();
            }
            last = now;
            if (settled) {
                break;
            }
        }
        return last;
    }

    /**
     * Fits {@code fixed + nanosPerPoint * points + nanosPerRow * rows + nanosPerByte * bytes + nanosPerByteBeyondCache *
     * max(0, bytes - cacheBytes)} to the samples in cache (the row term only when rows vary apart from points, the
     * last only when some sample's pieces exceed the cache), then the rate from memory to the cold samples: the
     * least-squares {@code nanosPerByteFromMemory} of {@code nanos - fixed - nanosPerPoint * points - nanosPerRow *
     * rows = nanosPerByteFromMemory * bytes}, at least the in-cache rate.
     */
    static Result fit(Workload w, List<Sample> samples, long cacheBytes) {
        List<Sample> hot = samples.stream().filter(s -> !s.cold).toList();
        int n = hot.size();
        double[] t = new double[n];
        double lo = Double.POSITIVE_INFINITY;
        double hi = 0;
        double rlo = Double.POSITIVE_INFINITY;
        double rhi = 0;
        for (int i = 0; i < n; i++) {
            Sample s = hot.get(i);
            t[i] = s.nanos;
            double ratio = (double) s.bytes / s.points;
            lo = Math.min(lo, ratio);
            hi = Math.max(hi, ratio);
            double rows = (double) s.rows / s.points;
            rlo = Math.min(rlo, rows);
            rhi = Math.max(rhi, rows);
        }
        boolean proportional = hi <= lo * 1.01;
        boolean byRow = rhi > rlo * 1.5;
        int beyond = 0;
        for (Sample s : hot) {
            if (s.bytes > cacheBytes) {
                beyond++;
            }
        }
        boolean knee = beyond >= 2 && n - beyond >= 2;
        // columns: 1, [points], [rows], bytes, [over]
        double[][] x = new double[n][];
        for (int i = 0; i < n; i++) {
            Sample s = hot.get(i);
            List<Double> row = new ArrayList<>(List.of(1.0));
            if (!proportional) {
                row.add((double) s.points);
            }
            if (byRow) {
                row.add((double) s.rows);
            }
            row.add((double) s.bytes);
            if (knee) {
                row.add((double) Math.max(0, s.bytes - cacheBytes));
            }
            x[i] = row.stream().mapToDouble(Double::doubleValue).toArray();
        }
        Fit.Result f = Fit.nonNegative(x, t);
        double[] c = f.coefficients();
        int at = 1;
        double perPoint = proportional ? 0 : c[at++];
        double perRow = byRow ? c[at++] : 0;
        double perByte = c[at++];
        double beyondCache = knee ? c[at] : 0;
        List<Sample> cold = samples.stream().filter(Sample::cold).toList();
        double[] residual = new double[cold.size()];
        double[] bytes = new double[cold.size()];
        for (int i = 0; i < residual.length; i++) {
            Sample s = cold.get(i);
            residual[i] = s.nanos - c[0] - perPoint * s.points - perRow * s.rows;
            bytes[i] = s.bytes;
        }
        double fromMemory = Fit.rateThroughOrigin(residual, bytes, perByte);
        Calibration.KernelCost cost = new Calibration.KernelCost(c[0], perPoint, perByte, beyondCache, perRow, fromMemory);
        return new Result(w, samples, cost, f, cacheBytes);
    }

    /**
     * One profiled program: {@code reps} launches at {@code size} over {@code sets} copies of the inputs (more than one:
     * a cold sample); the median of their point tasks.
     */
    Sample run(Workload w, long size, int reps, int sets) {
        return run(w, size, reps, sets, new Cohort.Config().eagerMaxVolume(0).minTileVolume(1L << 40).maxTileVolume(0), false);
    }

    /** {@code reps} launches at {@code size} on {@code config}'s tiles; the median of their point tasks. */
    Sample run(Workload w, long size, int reps, int sets, Cohort.Config config, boolean cold) {
        Profiled p = Profiled.run(scratch, config, () -> w.issue().run(size, reps, sets));
        return sample(w, size, p, cold);
    }

    /** Matches the task spans of {@code w}'s op code with the points of its launches; their median. */
    static Sample sample(Workload w, long size, Profiled p, boolean cold) {
        String name = CpuTasks.taskName(w.op());
        List<TraceSpans.Span> spans = p.spans().of(TraceSpans.TASK, name);
        List<PointWork> points = new ArrayList<>();
        for (LaunchRecord r : p.launches()) {
            if (r.taskId() == w.op().taskId()) {
                points.addAll(PointWork.of(r));
            }
        }
        if (points.isEmpty() || spans.size() != points.size()) {
            throw new IllegalStateException(w.what() + " at size " + size + ": " + spans.size() + " '" + name
                    + "' task spans in the profile but " + points.size() + " points of its launches");
        }
        // the inputs' own launches of the same op code (a CONVERT workload's float32 data is made by a convert) come
        // first, and their points run first: they are not samples
        int setup = 0;
        while (setup < points.size() && points.get(setup).type() != w.dtype().fieldType()) {
            setup++;
        }
        points = points.subList(setup, points.size());
        spans = spans.subList(setup, spans.size());
        if (points.isEmpty()) {
            throw new IllegalStateException(w.what() + " at size " + size + ": no launch keyed " + w.dtype());
        }
        PointWork first = points.get(0);
        for (PointWork pw : points) {
            if (pw.points() != first.points() || pw.bytes() != first.bytes() || pw.type() != first.type()) {
                throw new IllegalStateException(w.what() + " at size " + size + ": its launches differ (" + first + " and "
                        + pw + "); a workload must repeat one launch");
            }
        }
        if (!first.type().equals(w.dtype().fieldType())) {
            throw new IllegalStateException(w.what() + ": its launches are keyed " + first.type() + ", not " + w.dtype());
        }
        double[] d = new double[spans.size()];
        for (int i = 0; i < d.length; i++) {
            d[i] = Math.max(1, spans.get(i).durNanos());
        }
        return new Sample(first.points(), first.rows(), first.bytes(), median(d), d.length, cold);
    }

    static double median(double[] v) {
        double[] s = v.clone();
        Arrays.sort(s);
        int n = s.length;
        return n % 2 == 1 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
    }
}
