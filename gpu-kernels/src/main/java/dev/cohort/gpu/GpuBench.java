package dev.cohort.gpu;

import static jcuda.driver.JCudaDriver.cuEventCreate;
import static jcuda.driver.JCudaDriver.cuEventElapsedTime;
import static jcuda.driver.JCudaDriver.cuEventRecord;
import static jcuda.driver.JCudaDriver.cuEventSynchronize;
import static jcuda.driver.JCudaDriver.cuMemcpyDtoDAsync;
import static jcuda.driver.JCudaDriver.cuMemsetD8Async;

import java.util.Locale;
import jcuda.driver.CUdeviceptr;
import jcuda.driver.CUevent;

/**
 * The GPU benchmarks (run by {@code .gpu-bundle/run bench} on a GPU machine; {@code benchmarks/results/gpu-*}
 * holds what a real device printed): each kernel's bandwidth next to the device-to-device copy measured in the same
 * run, the per-launch overhead of an empty kernel, and GEMM GFLOP/s. Device times come from CUDA events around
 * the kernels alone (no host copies). Prints a Markdown table.
 */
public final class GpuBench {
    private GpuBench() {
    }

    /** Times {@code body} with CUDA events on the calling thread's stream: the best of {@code reps} runs, in ms. */
    static double bestMs(GpuDevice dev, int reps, Runnable body) {
        CUevent a = new CUevent();
        CUevent b = new CUevent();
        Cuda.check(cuEventCreate(a, 0), "cuEventCreate");
        Cuda.check(cuEventCreate(b, 0), "cuEventCreate");
        body.run(); // warm-up (module JIT, first-touch)
        dev.synchronize();
        double best = Double.MAX_VALUE;
        float[] ms = new float[1];
        for (int r = 0; r < reps; r++) {
            Cuda.check(cuEventRecord(a, dev.stream()), "cuEventRecord");
            body.run();
            Cuda.check(cuEventRecord(b, dev.stream()), "cuEventRecord");
            Cuda.check(cuEventSynchronize(b), "cuEventSynchronize");
            Cuda.check(cuEventElapsedTime(ms, a, b), "cuEventElapsedTime");
            best = Math.min(best, ms[0]);
        }
        return best;
    }

    /** Device-to-device copy of {@code bytes} (cuMemcpyDtoDAsync): GB/s counting bytes read and written. */
    static double copyBandwidth(GpuDevice dev, long bytes) {
        DevicePool.Block src = dev.pool().allocate(bytes);
        DevicePool.Block dst = dev.pool().allocate(bytes);
        try {
            cuMemsetD8Async(src.ptr(), (byte) 1, bytes, dev.stream());
            double ms = bestMs(dev, 10, () -> Cuda.check(cuMemcpyDtoDAsync(dst.ptr(), src.ptr(), bytes, dev.stream()), "cuMemcpyDtoDAsync"));
            return 2.0 * bytes / (ms * 1e6);
        } finally {
            dev.synchronize();
            dev.pool().release(src);
            dev.pool().release(dst);
        }
    }

    /** The grid-stride copy kernel of the element-wise kernels' shape over {@code n} doubles: GB/s read + written. */
    static double kernelCopyBandwidth(GpuDevice dev, long n) {
        DevicePool.Block src = dev.pool().allocate(n * 8);
        DevicePool.Block dst = dev.pool().allocate(n * 8);
        try {
            KernelArgs args = new KernelArgs().ptr(src.ptr()).ptr(dst.ptr()).i64(n);
            double ms = bestMs(dev, 10, () -> dev.launch("cohort_copy_f64", n, args));
            return 16.0 * n / (ms * 1e6);
        } finally {
            dev.synchronize();
            dev.pool().release(src);
            dev.pool().release(dst);
        }
    }

    /** Empty-kernel launches enqueued back to back (run-ahead): µs per launch, host enqueue and device together. */
    static double launchOverheadUs(GpuDevice dev, int launches) {
        KernelArgs none = new KernelArgs();
        for (int i = 0; i < 1000; i++) {
            dev.launch("cohort_empty", 1, 1, 0, none);
        }
        dev.synchronize();
        long t0 = System.nanoTime();
        for (int i = 0; i < launches; i++) {
            dev.launch("cohort_empty", 1, 1, 0, none);
        }
        long enqueued = System.nanoTime();
        dev.synchronize();
        long t1 = System.nanoTime();
        System.out.printf(Locale.ROOT, "| empty kernel, enqueue only | %.2f µs/launch |%n", (enqueued - t0) / 1e3 / launches);
        return (t1 - t0) / 1e3 / launches;
    }

    public static void main(String[] args) {
        GpuDetection d = GpuDetection.get();
        System.out.println("detection: " + d);
        if (!d.available()) {
            System.out.println("no GPU: nothing to measure");
            return;
        }
        GpuDevice dev = GpuDevice.get(0);
        System.out.printf(Locale.ROOT, "device: %s, %d SMs, %.1f GiB%n", d.name(), dev.multiprocessors(), dev.totalBytes() / 1073741824.0);
        System.out.println();
        System.out.println("| measurement | value |");
        System.out.println("|---|---|");
        System.out.printf(Locale.ROOT, "| empty kernel, enqueue + run | %.2f µs/launch |%n", launchOverheadUs(dev, 20_000));
        for (long n : new long[] {1L << 20, 1L << 24, 1L << 27}) {
            double copy = copyBandwidth(dev, n * 8);
            double kern = kernelCopyBandwidth(dev, n);
            System.out.printf(Locale.ROOT, "| D2D copy, %d float64 | %.0f GB/s (copy kernel %.0f GB/s, %.0f %%) |%n", n, copy, kern, 100 * kern / copy);
        }
        Extra.run(dev);
    }

    /** The families' own measurements (element-wise, fused, reductions, GEMM), added as they land. */
    static final class Extra {
        static void run(GpuDevice dev) {
        }
    }
}
