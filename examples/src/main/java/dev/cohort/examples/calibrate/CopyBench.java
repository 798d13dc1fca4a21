package dev.cohort.examples.calibrate;

import dev.cohort.ndarray.Cohort;
import dev.cohort.ndarray.DType;
import dev.cohort.ndarray.NdArray;
import dev.cohort.ndarray.Np;
import dev.cohort.simulator.Calibration;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The runtime's copies into gathered pieces ({@code copy} in the calibration file): {@code (a[1:] + b[:-1]).sum()} on float64
 * arrays cut into {@link #TILES} tiles of {@code t} elements, so that each point's piece of {@code a[1:]} straddles two
 * of {@code a}'s tiles and the runtime gathers it with two copies (a tile less one element, and one element). The
 * profiler's copy spans carry their bytes; {@code fixed + nanosPerByte * bytes} is fitted to the median span of each
 * size in cache (one set of arrays, repeated), and {@code nanosPerByteFromMemory} to cold samples that cycle through
 * copies of the arrays exceeding twice the footprint the shared cache holds, less the fixed term.
 */
final class CopyBench {
    static final int TILES = 8;
    static final long[] TILE = {1_024, 8_192, 32_768, 131_072, 262_144};
    static final long[] TILE_QUICK = {1_024, 32_768, 262_144};
    static final long[] COLD = {65_536, 262_144};

    /** The median copy span of one size: bytes, ns, spans counted. */
    record Sample(long bytes, double nanos, int count, boolean cold) {
    }

    /** What was measured, and the fitted line. */
    record Result(List<Sample> samples, Calibration.KernelCost cost, Fit.Result fit) {
    }

    private final Path scratch;
    private final boolean quick;

    CopyBench(Path scratch, boolean quick) {
        this.scratch = scratch;
        this.quick = quick;
    }

    Result measure(long memoryBytes) {
        run(TILE[1], quick ? 20 : 60, 1); // warm-up
        List<Sample> samples = new ArrayList<>();
        for (long t : quick ? TILE_QUICK : TILE) {
            samples.addAll(run(t, reps(t), 1));
        }
        if (memoryBytes != Long.MAX_VALUE) {
            for (long t : COLD) {
                int sets = (int) Math.min(4096, Math.max(2, 2 * memoryBytes / (3L * 8 * t * TILES) + 1));
                samples.addAll(run(t, Math.max(reps(t), 3 * sets), sets));
            }
        }
        return fit(samples);
    }

    /** Launches per size: about 32 MB (8 MB with --quick) of gathered pieces, 5 to 100. */
    private int reps(long t) {
        return (int) Math.max(5, Math.min(100, (quick ? 8e6 : 32e6) / (8.0 * t * TILES)));
    }

    /** Fits the in-cache line to the hot samples, then the rate from memory to the cold ones (at least the in-cache rate). */
    static Result fit(List<Sample> samples) {
        List<Sample> hot = samples.stream().filter(s -> !s.cold).toList();
        double[][] x = new double[hot.size()][];
        double[] y = new double[hot.size()];
        for (int i = 0; i < y.length; i++) {
            x[i] = new double[]{1, hot.get(i).bytes};
            y[i] = hot.get(i).nanos;
        }
        Fit.Result f = Fit.nonNegative(x, y);
        double fixed = f.coefficients()[0];
        double perByte = f.coefficients()[1];
        List<Sample> cold = samples.stream().filter(Sample::cold).toList();
        double[] residual = cold.stream().mapToDouble(s -> s.nanos - fixed).toArray();
        double[] bytes = cold.stream().mapToDouble(Sample::bytes).toArray();
        double fromMemory = Fit.rateThroughOrigin(residual, bytes, perByte);
        return new Result(samples, new Calibration.KernelCost(fixed, 0, perByte, 0, 0, fromMemory), f);
    }

    /** {@code reps} launches of {@code a[1:] + b[:-1]} on tiles of {@code t} over {@code sets} copies: a sample per copy size. */
    private List<Sample> run(long t, int reps, int sets) {
        long n = t * TILES;
        Cohort.Config config = new Cohort.Config().eagerMaxVolume(0).minTileVolume(t).maxTileVolume(t);
        Profiled p = Profiled.run(scratch, config, () -> {
            NdArray[] a = new NdArray[sets];
            NdArray[] b = new NdArray[sets];
            for (int i = 0; i < sets; i++) {
                a[i] = KernelBench.data(DType.FLOAT64, n);
                b[i] = KernelBench.data(DType.FLOAT64, n);
            }
            for (int i = 0; i < reps; i++) {
                a[i % sets].get("1:").add(b[i % sets].get(":-1")).sum().itemDouble();
            }
        });
        // the gathers' two sizes: the large fragment (t - 1 elements) and the single element
        List<Sample> out = new ArrayList<>();
        for (long bytes : new long[]{8 * (t - 1), 8}) {
            List<TraceSpans.Span> spans = p.spans().where(s -> s.category().equals(TraceSpans.COPY) && s.bytes() == bytes);
            if (spans.size() < reps) {
                throw new IllegalStateException("a[1:] + b[:-1] on tiles of " + t + ": " + spans.size() + " copies of " + bytes
                        + " bytes in the profile for " + reps + " launches; the gathers did not happen as expected");
            }
            double[] d = new double[spans.size()];
            for (int i = 0; i < d.length; i++) {
                d[i] = Math.max(1, spans.get(i).durNanos());
            }
            out.add(new Sample(bytes, KernelBench.median(d), d.length, sets > 1));
        }
        return out;
    }
}
