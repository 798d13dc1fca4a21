package dev.cohort.gpu;

import static jcuda.driver.JCudaDriver.cuMemcpyDtoH;
import static jcuda.driver.JCudaDriver.cuMemcpyHtoD;

import dev.cohort.runtime.geometry.Rect;
import dev.cohort.runtime.instance.Instance;
import dev.cohort.runtime.launch.TaskContext;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import jcuda.Pointer;
import jcuda.driver.CUdeviceptr;

/**
 * The device copies of one point task's instances (host-staged execution): {@link #in} copies a requirement's
 * instance to a FRAMEBUFFER block, {@link #out} gives a block that {@link #finish} copies back into the instance
 * after the kernels ran (the requirement's piece alone), and {@link #close} returns every block to the device's pool. Each requirement is copied
 * once however many operands read it. The instance arrays live on the Java heap, so the copies are synchronous
 * ({@code cuMemcpyHtoD}/{@code DtoH}, which JCuda runs from pinned views of the arrays) and {@link #finish} first
 * waits for the thread's stream.
 */
public final class Staging implements AutoCloseable {
    private final GpuDevice device;
    private final TaskContext ctx;
    private final Map<Integer, DevicePool.Block> blocks = new HashMap<>();
    private final List<Integer> outputs = new ArrayList<>();
    private final List<DevicePool.Block> scratch = new ArrayList<>();

    /** Staging for point task {@code ctx} on {@code device}; binds the device's context to the calling thread. */
    public Staging(GpuDevice device, TaskContext ctx) {
        this.device = device;
        this.ctx = ctx;
        device.bind();
    }

    /** The device copy of requirement {@code req}'s instance (copied on first use). */
    public CUdeviceptr in(int req) {
        DevicePool.Block b = blocks.get(req);
        if (b == null) {
            Instance inst = ctx.instance(req);
            b = device.pool().allocate(bytes(inst));
            blocks.put(req, b);
            upload(inst, b.ptr());
        }
        return b.ptr();
    }

    /**
     * A device copy of requirement {@code req}'s instance that {@link #finish} copies back. When the kernels write
     * every element of the instance ({@code overwritten}) nothing is copied in; otherwise the instance's current
     * contents are, so the elements the kernels leave alone come back unchanged.
     */
    public CUdeviceptr out(int req, boolean overwritten) {
        DevicePool.Block b = blocks.get(req);
        if (b == null) {
            Instance inst = ctx.instance(req);
            b = device.pool().allocate(bytes(inst));
            blocks.put(req, b);
            if (!overwritten) {
                upload(inst, b.ptr());
            }
        }
        if (!outputs.contains(req)) {
            outputs.add(req);
        }
        return b.ptr();
    }

    /** A scratch block of {@code bytes} for the kernels' partials, returned to the pool by {@link #close}. */
    public CUdeviceptr scratch(long bytes) {
        DevicePool.Block b = device.pool().allocate(Math.max(1, bytes));
        scratch.add(b);
        return b.ptr();
    }

    /**
     * Waits for the kernels and copies back, for every {@link #out} block, the elements of its requirement's piece
     * ({@link TaskContext#piece}) and nothing else: an instance may be shared by several points of a shard (a
     * shard-wide instance), whose other pieces other points write meanwhile.
     */
    public void finish() {
        KernelTimer.ended(device);
        device.synchronize();
        for (int req : outputs) {
            Instance inst = ctx.instance(req);
            Rect piece = ctx.piece(req);
            CUdeviceptr block = blocks.get(req).ptr();
            if (piece.equals(inst.rect())) {
                Cuda.check(cuMemcpyDtoH(host(inst), block, bytes(inst)), "cuMemcpyDtoH(requirement " + req + ")");
            } else if (!piece.isEmpty()) {
                copyPieceBack(inst, piece, block, req);
            }
        }
    }

    /**
     * Copies {@code piece} of {@code inst} from its device copy: one copy per run of elements contiguous in the
     * row-major instance (the innermost dimensions the piece covers whole, times its extent in the next one).
     */
    private static void copyPieceBack(Instance inst, Rect piece, CUdeviceptr block, int req) {
        Rect r = inst.rect();
        int dim = r.dim();
        int k = dim - 1;
        long run = 1;
        while (k > 0 && piece.lo(k) == r.lo(k) && piece.hi(k) == r.hi(k)) {
            run *= r.extent(k);
            k--;
        }
        run *= piece.extent(k);
        long size = inst.type().size();
        long[] c = new long[dim];
        for (int d = 0; d < dim; d++) {
            c[d] = piece.lo(d);
        }
        Pointer host = host(inst);
        while (true) {
            long off = 0;
            for (int d = 0; d < dim; d++) {
                off += (c[d] - r.lo(d)) * inst.stride(d);
            }
            Cuda.check(cuMemcpyDtoH(host.withByteOffset(off * size), block.withByteOffset(off * size), run * size),
                    "cuMemcpyDtoH(requirement " + req + ", piece " + piece + ")");
            int d = k - 1;
            while (d >= 0 && c[d] == piece.hi(d)) {
                c[d] = piece.lo(d);
                d--;
            }
            if (d < 0) {
                return;
            }
            c[d]++;
        }
    }

    @Override
    public void close() {
        // the stream is idle here after finish(); after a failure, wait before the blocks are reused
        try {
            KernelTimer.ended(device);
            device.synchronize();
        } finally {
            for (DevicePool.Block b : blocks.values()) {
                device.pool().release(b);
            }
            for (DevicePool.Block b : scratch) {
                device.pool().release(b);
            }
            blocks.clear();
            scratch.clear();
        }
    }

    private static void upload(Instance inst, CUdeviceptr dst) {
        Cuda.check(cuMemcpyHtoD(dst, host(inst), bytes(inst)), "cuMemcpyHtoD(" + inst.type() + " " + inst.rect() + ")");
    }

    static long bytes(Instance inst) {
        return (long) inst.size() * inst.type().size();
    }

    /** A pointer to an instance's heap array. */
    static Pointer host(Instance inst) {
        Object a = inst.array();
        return switch (inst.type()) {
            case FLOAT64 -> Pointer.to((double[]) a);
            case FLOAT32 -> Pointer.to((float[]) a);
            case INT64 -> Pointer.to((long[]) a);
            case INT32 -> Pointer.to((int[]) a);
            case BOOL -> Pointer.to((byte[]) a);
        };
    }
}
