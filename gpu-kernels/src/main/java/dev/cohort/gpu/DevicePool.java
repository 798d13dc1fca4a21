package dev.cohort.gpu;

import static jcuda.driver.JCudaDriver.cuMemAlloc;
import static jcuda.driver.JCudaDriver.cuMemFree;

import dev.cohort.runtime.execution.MemoryBudgetExceededException;
import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.Map;
import jcuda.driver.CUdeviceptr;
import jcuda.driver.CUresult;

/**
 * The pooled allocator of one GPU's FRAMEBUFFER memory (Realm's GPU_FB_MEM): blocks come in size classes (powers of
 * two from 256 bytes; a request is rounded up to its class), a freed block goes to its class's free list and is handed
 * out again, and the blocks live and pooled stay within a budget ({@code cohort.fbmem.mib}, Legate's {@code --fbmem};
 * default 90 % of the device's memory). A request over the budget first frees the pooled blocks; if it still does not
 * fit, {@link MemoryBudgetExceededException} names the memory, the request and the budget. Thread-safe.
 */
public final class DevicePool {
    private static final int MIN_CLASS_BYTES = 256;

    private final String name;
    private final long budget;
    private final Map<Long, ArrayDeque<CUdeviceptr>> free = new HashMap<>();
    private long live;
    private long pooled;
    private long allocations;
    private long reuses;

    /** A pool named {@code name} (e.g. {@code FRAMEBUFFER#0}) of at most {@code budget} bytes. */
    public DevicePool(String name, long budget) {
        if (budget <= 0) {
            throw new IllegalArgumentException(name + ": budget must be > 0 bytes, got " + budget);
        }
        this.name = name;
        this.budget = budget;
    }

    /** The size class of a request of {@code bytes}: the next power of two, at least 256. */
    public static long sizeClass(long bytes) {
        if (bytes <= MIN_CLASS_BYTES) {
            return MIN_CLASS_BYTES;
        }
        long c = Long.highestOneBit(bytes);
        return c == bytes ? c : c << 1;
    }

    /** A block of at least {@code bytes} (its class's size); release it with {@link #release}. */
    public synchronized Block allocate(long bytes) {
        if (bytes < 0) {
            throw new IllegalArgumentException(name + ": cannot allocate " + bytes + " bytes");
        }
        long cls = sizeClass(bytes);
        ArrayDeque<CUdeviceptr> q = free.get(cls);
        if (q != null && !q.isEmpty()) {
            pooled -= cls;
            live += cls;
            reuses++;
            return new Block(q.pop(), cls);
        }
        if (live + pooled + cls > budget) {
            trim();
        }
        if (live + cls > budget) {
            throw new MemoryBudgetExceededException("out of memory in " + name + ": " + bytes + " bytes requested (class "
                    + cls + "), " + live + " bytes in use of a budget of " + budget
                    + " bytes; raise it with --fbmem (cohort.fbmem.mib) or use less data per GPU");
        }
        CUdeviceptr p = new CUdeviceptr();
        int rc = cuMemAlloc(p, cls);
        if (rc == CUresult.CUDA_ERROR_OUT_OF_MEMORY) {
            trim();
            rc = cuMemAlloc(p, cls);
        }
        Cuda.check(rc, name + ": cuMemAlloc(" + cls + ")");
        live += cls;
        allocations++;
        return new Block(p, cls);
    }

    /** Returns {@code b} to its class's free list (the GPU must be done with it: the caller synchronised). */
    public synchronized void release(Block b) {
        live -= b.bytes;
        pooled += b.bytes;
        free.computeIfAbsent(b.bytes, k -> new ArrayDeque<>()).push(b.ptr);
    }

    /** Frees every pooled block. */
    public synchronized void trim() {
        for (ArrayDeque<CUdeviceptr> q : free.values()) {
            for (CUdeviceptr p : q) {
                cuMemFree(p);
            }
            q.clear();
        }
        pooled = 0;
    }

    /** Bytes in blocks handed out and not released. */
    public synchronized long liveBytes() {
        return live;
    }

    /** Bytes in released blocks kept for reuse. */
    public synchronized long pooledBytes() {
        return pooled;
    }

    /** {@code cuMemAlloc} calls made (a steady-state loop stops making them). */
    public synchronized long allocations() {
        return allocations;
    }

    /** Requests served from a free list. */
    public synchronized long reuses() {
        return reuses;
    }

    public long budget() {
        return budget;
    }

    @Override
    public String toString() {
        return name;
    }

    /** One block of device memory: its address and its class's size in bytes. */
    public record Block(CUdeviceptr ptr, long bytes) {
    }
}
