package dev.cohort.examples.calibrate;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The footprint the shared cache holds ({@code memory} in the calibration file): a plain Java loop
 * {@code c[i] = a[i] + b[i]} over chunks of {@link #CHUNK} doubles, cycling through sets of chunks whose total is the
 * footprint, on one thread. While the footprint fits the last-level cache the time per byte stays at its small-footprint
 * value; past it every chunk comes from DRAM. The result is the largest footprint measured whose time per byte is
 * within {@link #SLOWER} of the smallest footprint's: the working set up to which a loop's pieces are priced at the
 * in-cache rates. The machine, not the runtime, is measured here, so this is the one place the calibration times a
 * loop of its own.
 */
final class MemoryProbe {
    /** Doubles per chunk: the partitioner's largest tile (2^18 elements, 2 MiB). */
    static final int CHUNK = 1 << 18;
    /** Footprints tried, MiB. */
    static final long[] FOOTPRINTS_MIB = {6, 12, 24, 48, 96, 192, 384};
    static final long[] FOOTPRINTS_QUICK_MIB = {6, 24, 96, 384};
    /** A footprint whose time per byte is more than this factor above the smallest one's streams from memory. */
    static final double SLOWER = 1.3;

    /** Time per byte at one footprint. */
    record Sample(long footprintBytes, double nanosPerByte) {
    }

    /** What was measured: the samples and the footprint the cache holds. */
    record Result(List<Sample> samples, long memoryBytes) {
    }

    private final boolean quick;

    MemoryProbe(boolean quick) {
        this.quick = quick;
    }

    Result measure() {
        List<Sample> samples = new ArrayList<>();
        for (long mib : quick ? FOOTPRINTS_QUICK_MIB : FOOTPRINTS_MIB) {
            samples.add(new Sample(mib << 20, nanosPerByte(mib << 20)));
        }
        return new Result(samples, knee(samples));
    }

    /** The largest footprint within {@link #SLOWER} of the first sample's time per byte (the first when none is). */
    static long knee(List<Sample> samples) {
        double base = samples.get(0).nanosPerByte();
        long fits = samples.get(0).footprintBytes();
        for (Sample s : samples) {
            if (s.nanosPerByte() > base * SLOWER) {
                break;
            }
            fits = s.footprintBytes();
        }
        return fits;
    }

    /** Best of 5 rounds of about 1 GB streamed each: ns per byte read and written. */
    private double nanosPerByte(long footprint) {
        int sets = (int) Math.max(1, footprint / (3L * 8 * CHUNK));
        double[][] a = new double[sets * 3][];
        for (int i = 0; i < a.length; i++) {
            a[i] = new double[CHUNK];
            Arrays.fill(a[i], i);
        }
        long bytesPerPass = (long) sets * 3 * 8 * CHUNK;
        int passes = (int) Math.max(1, (quick ? 3e8 : 1e9) / bytesPerPass);
        double best = Double.POSITIVE_INFINITY;
        for (int round = 0; round < (quick ? 3 : 5); round++) {
            long t0 = System.nanoTime();
            for (int p = 0; p < passes; p++) {
                for (int k = 0; k < sets; k++) {
                    double[] x = a[3 * k];
                    double[] y = a[3 * k + 1];
                    double[] z = a[3 * k + 2];
                    for (int i = 0; i < CHUNK; i++) {
                        z[i] = x[i] + y[i];
                    }
                }
            }
            best = Math.min(best, (System.nanoTime() - t0) / (double) (passes * bytesPerPass));
        }
        return best;
    }
}
