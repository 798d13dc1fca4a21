package dev.cohort.examples.calibrate;

import dev.cohort.examples.Main;
import dev.cohort.ndarray.DType;
import dev.cohort.simulator.Topology;
import dev.cohort.tasks.OpCode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** bin/cohort calibrate's parts: the fit, a small kernel calibration against its own measurements, a link, the command. */
class CalibrateTest {
    @Test
    void fitRecoversExactCoefficients() {
        double[][] x = new double[6][];
        double[] t = new double[6];
        for (int i = 0; i < 6; i++) {
            double p = Math.pow(4, i) * 100;
            double b = p * (8 + i);             // not proportional to p: both rates can be told apart
            x[i] = new double[]{1, p, b};
            t[i] = 500 + 0.5 * p + 0.02 * b;
        }
        Fit.Result f = Fit.nonNegative(x, t);
        assertArrayEquals(new double[]{500, 0.5, 0.02}, f.coefficients(), 1e-6);
        assertTrue(f.rms() < 1e-9 && f.maxError() < 1e-9, f.toString());
    }

    @Test
    void fitKeepsTermsNonNegative() {
        // times that fall with size: the unconstrained slope is negative, the fit keeps only the constant
        double[][] x = {{1, 10}, {1, 100}, {1, 1000}};
        double[] t = {300, 200, 100};
        Fit.Result f = Fit.nonNegative(x, t);
        assertEquals(0, f.coefficients()[1]);
        assertTrue(f.coefficients()[0] > 100 && f.coefficients()[0] < 300, f.toString());
        assertThrows(IllegalArgumentException.class, () -> Fit.nonNegative(new double[][]{{1, 2}}, new double[]{1}));
        assertThrows(IllegalArgumentException.class, () -> Fit.nonNegative(x, new double[]{1, 0, 2}));
    }

    /**
     * A small kernel calibration of np.add and of GEMM (float64): the samples are the launches' single points with
     * the points and bytes the simulator counts, and the fitted cost gives back the measured medians within 50 %
     * (root mean square of the relative errors) and each within a factor of 2.5: the model is linear, the machine's
     * caches are not (a float64 add of 2^18 elements, 6 MiB of pieces, runs from memory at about half the rate the
     * in-cache sizes give the fit), and other processes share the cores (so np.add is measured up to three times
     * until one fit holds).
     */
    @Test
    @Timeout(value = 180, unit = TimeUnit.SECONDS)
    void kernelFitReproducesTheMeasuredTimes(@TempDir Path scratch) {
        KernelBench bench = new KernelBench(scratch, true);
        for (KernelBench.Workload w : KernelBench.workloads()) {
            boolean add = w.op() == OpCode.BINARY_OP && w.dtype() == DType.FLOAT64;
            boolean gemm = w.op() == OpCode.GEMM && w.dtype() == DType.FLOAT64;
            if (!add && !gemm) {
                continue;
            }
            KernelBench.Result r = bench.measure(w, Long.MAX_VALUE);
            // a timed check on a shared machine: one size measured while another process held the core (28.7 us
            // against a fitted 6.7 in one CI run of six) is measured again, up to twice; a fit that is wrong misses
            // every time
            for (int attempt = 1; add && attempt < 3 && fitMiss(r) != null; attempt++) {
                r = bench.measure(w, Long.MAX_VALUE);
            }
            assertEquals(w.quickSizes().length, r.samples().size());
            KernelBench.Sample first = r.samples().get(0);
            if (add) {
                assertEquals(1000, first.points());
                assertEquals(3 * 8 * 1000, first.bytes());
                assertEquals(0, r.cost().nanosPerPoint(), "bytes are proportional to points: only bytes are fitted");
                assertTrue(r.cost().nanosPerByte() > 0, r.cost().toString());
            } else {
                assertEquals(8 * 8 * 8, first.points());
                assertEquals(3 * 8 * 8 * 8, first.bytes());
                assertTrue(r.cost().nanosPerPoint() > 0 || r.cost().nanosPerByte() > 0, r.cost().toString());
            }
            for (KernelBench.Sample s : r.samples()) {
                assertTrue(s.count() >= 5, s.toString());
            }
            if (add) {
                // the streaming kernel's sizes are stable enough to hold the fit to them; GEMM's small sizes are
                // not on a shared 2-core machine (one 32^3 sample took 3x the 256^3 one under CI load), so for it
                // only the shape of the result is checked
                String miss = fitMiss(r);
                assertTrue(miss == null, w.key() + " (3 measurements): " + miss);
            }
            KernelBench.Sample last = r.samples().get(r.samples().size() - 1);
            assertTrue(last.nanos() > first.nanos(), "the largest size is not slower than the smallest: " + r.samples());
        }
    }

    /** Why {@code r}'s fit does not reproduce its samples (rms relative error 0.5 or more, a size off by 2.5x), or null. */
    private static String fitMiss(KernelBench.Result r) {
        if (!(r.fit().rms() < 0.5)) {
            return "rms relative error " + r.fit().rms() + " of " + r.samples();
        }
        for (KernelBench.Sample s : r.samples()) {
            double ratio = r.predicted(s) / s.nanos();
            if (!(ratio > 0.4 && ratio < 2.5)) {
                return "at " + s + ": fitted " + r.predicted(s) + " ns";
            }
        }
        return null;
    }

    /**
     * The fit recovers known terms from exact samples: a per-row cost that only the MATVEC-like samples (rows varying
     * apart from points) reveal, and the rate from memory from the cold samples, after the fitted fixed, point and
     * row terms are taken off.
     */
    @Test
    void fitSeparatesRowsAndTheRateFromMemory() {
        KernelBench.Workload w = KernelBench.workloads().stream().filter(x -> x.op() == OpCode.MATVEC).findFirst().orElseThrow();
        double fixed = 2000;
        double perRow = 40;
        double perByte = 0.02;
        double fromMemory = 0.09;
        List<KernelBench.Sample> samples = new java.util.ArrayList<>();
        long[][] shapes = {{1000, 16}, {4000, 32}, {16000, 64}, {64000, 128}, {128000, 32}, {262144, 64}};
        for (long[] sh : shapes) {
            long points = sh[0];
            long rows = points / sh[1];
            long bytes = 8 * (points + sh[1] + rows);
            samples.add(new KernelBench.Sample(points, rows, bytes, fixed + perRow * rows + perByte * bytes, 10, false));
        }
        for (long[] sh : new long[][]{{65536, 16}, {262144, 64}}) {
            long points = sh[0];
            long rows = points / sh[1];
            long bytes = 8 * (points + sh[1] + rows);
            samples.add(new KernelBench.Sample(points, rows, bytes, fixed + perRow * rows + fromMemory * bytes, 10, true));
        }
        KernelBench.Result r = KernelBench.fit(w, samples, Long.MAX_VALUE);
        assertEquals(perRow, r.cost().nanosPerRow(), 1e-3 * perRow, r.cost().toString());
        assertEquals(fromMemory, r.cost().nanosPerByteFromMemory(), 1e-3 * fromMemory, r.cost().toString());
        assertEquals(fixed, r.cost().fixedNanos(), 0.05 * fixed, r.cost().toString());
        for (KernelBench.Sample s : samples) {
            assertEquals(s.nanos(), r.predicted(s), 1e-3 * s.nanos(), s.toString());
        }
    }

    /** The footprint the shared cache holds is the last one before the time per byte rises past 1.3x the first. */
    @Test
    void memoryKneeIsTheLastFastFootprint() {
        List<MemoryProbe.Sample> s = List.of(new MemoryProbe.Sample(6L << 20, 0.036), new MemoryProbe.Sample(24L << 20, 0.040),
                new MemoryProbe.Sample(96L << 20, 0.065), new MemoryProbe.Sample(384L << 20, 0.045));
        assertEquals(24L << 20, MemoryProbe.knee(s));
        assertEquals(6L << 20, MemoryProbe.knee(List.of(new MemoryProbe.Sample(6L << 20, 0.03), new MemoryProbe.Sample(12L << 20, 0.05))));
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void inProcessLinkHasLatencyAndBandwidth() {
        LinkBench.Result r = new LinkBench(true).measure(Topology.LinkClass.IN_PROCESS);
        assertEquals(LinkBench.SIZES_QUICK.length, r.samples().size());
        assertTrue(r.cost().bytesPerNano() > 0 && r.cost().latencyNanos() >= 0, r.cost().toString());
        LinkBench.Sample big = r.samples().get(r.samples().size() - 1);
        double ratio = r.cost().nanos(big.bytes()) / big.nanos();
        assertTrue(ratio > 0.5 && ratio < 2, "4 MiB: measured " + big.nanos() + " ns, fitted " + r.cost().nanos(big.bytes()));
    }

    @Test
    void commandIsWiredIntoMain() {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        assertEquals(0, Main.execute(new String[]{"calibrate", "--help"}, new PrintWriter(out), new PrintWriter(err)));
        for (String option : List.of("--quick", "--out", "--details")) {
            assertTrue(out.toString().contains(option), out.toString());
        }
        assertEquals(2, Main.execute(new String[]{"calibrate", "--fast"}, new PrintWriter(out), new PrintWriter(err)));
        assertTrue(err.toString().contains("Unknown option: '--fast'"), err.toString());
    }
}
