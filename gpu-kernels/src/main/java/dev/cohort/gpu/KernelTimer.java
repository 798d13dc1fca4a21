package dev.cohort.gpu;

import static jcuda.driver.JCudaDriver.cuEventCreate;
import static jcuda.driver.JCudaDriver.cuEventElapsedTime;
import static jcuda.driver.JCudaDriver.cuEventRecord;
import static jcuda.driver.JCudaDriver.cuEventSynchronize;

import java.util.concurrent.atomic.DoubleAdder;
import jcuda.driver.CUevent;

/**
 * Device time of the GPU variants' kernels alone, for {@link GpuBench}: while {@linkplain #enable enabled}, a CUDA
 * event is recorded on the thread's stream before a point task's first kernel and another after each of its kernels,
 * and when its {@link Staging} finishes the time from the first to the last is summed; the host copies before and
 * after, and any host wait between (an error word read back), are outside. Off by default (no
 * events recorded).
 */
final class KernelTimer {
    private static volatile boolean enabled;
    private static final DoubleAdder MS = new DoubleAdder();
    private static final java.util.concurrent.atomic.LongAdder WINDOWS = new java.util.concurrent.atomic.LongAdder();
    private static final ThreadLocal<CUevent[]> EVENTS = new ThreadLocal<>();
    private static final ThreadLocal<Boolean> PENDING = ThreadLocal.withInitial(() -> false);

    private KernelTimer() {
    }

    static void enable(boolean on) {
        enabled = on;
    }

    /** Kernel milliseconds summed since the last reset. */
    static double millis() {
        return MS.sum();
    }

    static void reset() {
        MS.reset();
        WINDOWS.reset();
    }

    /** Point tasks timed since the last reset. */
    static long points() {
        return WINDOWS.sum();
    }

    static void started(GpuDevice dev) {
        if (!enabled || PENDING.get()) {
            return;
        }
        // the synchronous copies from heap arrays return once their last chunk is staged, before its DMA is done:
        // wait for it, so the window holds the kernels alone
        Cuda.check(jcuda.driver.JCudaDriver.cuCtxSynchronize(), "cuCtxSynchronize");
        CUevent[] e = events();
        Cuda.check(cuEventRecord(e[0], dev.stream()), "cuEventRecord");
        PENDING.set(true);
        WINDOWS.increment();
    }

    /** After each kernel launch: the window ends after the last kernel, before any host copy or wait that follows. */
    static void launched(GpuDevice dev) {
        if (PENDING.get()) {
            Cuda.check(cuEventRecord(events()[1], dev.stream()), "cuEventRecord");
        }
    }

    static void ended(GpuDevice dev) {
        if (!PENDING.get()) {
            return;
        }
        PENDING.set(false);
        CUevent[] e = events();
        Cuda.check(cuEventSynchronize(e[1]), "cuEventSynchronize");
        float[] ms = new float[1];
        Cuda.check(cuEventElapsedTime(ms, e[0], e[1]), "cuEventElapsedTime");
        MS.add(ms[0]);
    }

    private static CUevent[] events() {
        CUevent[] e = EVENTS.get();
        if (e == null) {
            e = new CUevent[] {new CUevent(), new CUevent()};
            Cuda.check(cuEventCreate(e[0], 0), "cuEventCreate");
            Cuda.check(cuEventCreate(e[1], 0), "cuEventCreate");
            EVENTS.set(e);
        }
        return e;
    }
}
