package dev.cohort.gpu;

import static dev.cohort.ndarray.Np.random;

import dev.cohort.ndarray.Cohort;
import dev.cohort.ndarray.DType;
import dev.cohort.ndarray.NdArray;
import dev.cohort.ndarray.Np;
import java.util.Locale;
import java.util.function.Function;

/**
 * The GPU variants' kernel bandwidth through the array API (run on a GPU machine by {@code .gpu-bundle/run bench}
 * after {@link GpuBench}): each operation on {@code 2^26}-element arrays (the point tasks the partitioner makes of it are
 * counted), its kernels' device time
 * alone ({@link KernelTimer}: from the first kernel of a point task to its end, host copies outside), as GB/s of the
 * bytes the operation must read and write, beside the device-to-device copy measured in the same run. Eager
 * ({@code cohort.fusion=false}: one BINARY_OP/UNARY_OP/REDUCE launch per operation) and fused (FUSED/FUSED_REDUCE).
 */
public final class GpuArrayBench {
    private GpuArrayBench() {
    }

    record Case(String name, DType dtype, int inputs, int outBytes, Function<NdArray[], NdArray> op) {
    }

    public static void main(String[] args) throws Exception {
        if (!GpuDetection.get().available()) {
            System.out.println("no GPU: " + GpuDetection.get().reason());
            return;
        }
        long n = args.length > 0 ? Long.parseLong(args[0]) : 1L << 26;
        GpuDevice dev = GpuDevice.get(0);
        double copy = GpuBench.copyBandwidth(dev, n * 8);
        System.out.printf(Locale.ROOT, "%nKernels through the array API, %d elements (cohort.max.tile.volume = n; the partitioner's point count is shown); D2D copy of %d MB: %.0f GB/s%n%n",
                n, n * 8 >> 20, copy);
        System.out.println("| operation | dtype | mode | point tasks | kernel ms | GB/s | of D2D copy |");
        System.out.println("|---|---|---|---|---|---|---|");
        DType[] all = {DType.FLOAT64, DType.FLOAT32, DType.INT64, DType.INT32};
        for (DType t : all) {
            run(n, copy, false, new Case("add", t, 2, t.itemsize(), a -> a[0].add(a[1])));
            run(n, copy, false, new Case("multiply by scalar", t, 1, t.itemsize(), a -> a[0].multiply(3)));
            run(n, copy, false, new Case("greater", t, 2, 1, a -> a[0].greater(a[1])));
            run(n, copy, false, new Case("sum", t, 1, 0, a -> a[0].sum()));
            run(n, copy, false, new Case("max", t, 1, 0, a -> a[0].max()));
        }
        run(n, copy, false, new Case("exp", DType.FLOAT64, 1, 8, a -> Np.exp(a[0])));
        run(n, copy, false, new Case("sqrt", DType.FLOAT32, 1, 4, a -> Np.sqrt(a[0])));
        run(n, copy, false, new Case("argmax", DType.FLOAT64, 1, 0, a -> a[0].argmax()));
        run(n, copy, false, new Case("dot", DType.FLOAT64, 2, 0, a -> a[0].dot(a[1])));
        run(n, copy, false, new Case("astype int32", DType.FLOAT64, 1, 4, a -> a[0].astype(DType.INT32)));
        run(n, copy, true, new Case("a * b + c", DType.FLOAT64, 3, 8, a -> a[0].multiply(a[1]).add(a[2])));
        run(n, copy, true, new Case("sum((a - b) * (a - b))", DType.FLOAT64, 2, 0, a -> a[0].subtract(a[1]).multiply(a[0].subtract(a[1])).sum()));
        run(n, copy, true, new Case("where(a > b, a, b) * 2", DType.FLOAT32, 2, 4, a -> Np.where(a[0].greater(a[1]), a[0], a[1]).multiply(2)));
        int[] sizes = {1024, 4096, 8192};
        System.out.printf(Locale.ROOT, "%n| GEMM float64, n | tensor cores GFLOP/s | CUDA cores GFLOP/s |%n|---|---|---|%n");
        for (int s : sizes) {
            System.out.printf(Locale.ROOT, "| %d | %.0f | %.0f |%n", s, GemmGpu.gemmGflops(dev, s, true), GemmGpu.gemmGflops(dev, s, false));
        }
        System.out.printf(Locale.ROOT, "%nFused interpreter a*b+c on %d float64 (device-resident, FusedGpu.fusedBandwidth): %.0f GB/s%n",
                n, FusedGpu.fusedBandwidth(dev, n));
    }

    /** Issues {@code a}'s launch (a deferred expression materialises when an element is read) and waits for it. */
    private static NdArray force(NdArray a) {
        if (a.ndim() == 0) {
            a.itemDouble();
        } else {
            a.get(0L).itemDouble();
        }
        return a;
    }

    private static void run(long n, double copy, boolean fused, Case c) throws Exception {
        System.setProperty("cohort.fusion", Boolean.toString(fused));
        Cohort.Config cfg = new Cohort.Config().gpus(1).gpuMinElements(0).maxTileVolume(n).cpus(1);
        double[] r = Cohort.run(cfg, () -> {
            NdArray[] in = new NdArray[c.inputs];
            for (int i = 0; i < in.length; i++) {
                in[i] = random.rand(n).multiply(1000).subtract(500).astype(c.dtype);
            }
            for (int w = 0; w < 2; w++) {
                force(c.op.apply(in)).close();
            }
            int reps = 5;
            double best = Double.MAX_VALUE;
            long points = 0;
            for (int rep = 0; rep < reps; rep++) {
                Cohort.current().runtime().sync();
                KernelTimer.reset();
                KernelTimer.enable(true);
                NdArray out = force(c.op.apply(in));
                Cohort.current().runtime().sync();
                KernelTimer.enable(false);
                best = Math.min(best, KernelTimer.millis());
                points = KernelTimer.points();
                out.close();
            }
            return new double[] {best, points};
        }).get(0);
        double ms = r[0];
        long bytes = n * ((long) c.inputs * c.dtype.itemsize() + c.outBytes);
        double gbs = bytes / (ms * 1e6);
        System.out.printf(Locale.ROOT, "| %s | %s | %s | %d | %.3f | %.0f | %.0f %% |%n", c.name, c.dtype, fused ? "fused" : "eager",
                (long) r[1], ms, gbs, 100 * gbs / copy);
    }
}
