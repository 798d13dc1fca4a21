package dev.cohort.gpu;

import static jcuda.driver.JCudaDriver.cuEventCreate;
import static jcuda.driver.JCudaDriver.cuEventDestroy;
import static jcuda.driver.JCudaDriver.cuEventElapsedTime;
import static jcuda.driver.JCudaDriver.cuEventRecord;
import static jcuda.driver.JCudaDriver.cuEventSynchronize;
import static jcuda.driver.JCudaDriver.cuMemsetD32Async;

import dev.cohort.runtime.launch.TaskBody;
import dev.cohort.runtime.launch.TaskContext;
import dev.cohort.runtime.region.FieldType;
import dev.cohort.tasks.Args;
import dev.cohort.tasks.OpCode;
import dev.cohort.tasks.Operand;
import dev.cohort.tasks.TileAccess;
import java.util.Map;
import jcuda.driver.CUdeviceptr;
import jcuda.driver.CUevent;
import jcuda.driver.CUevent_flags;

/**
 * The GPU variant of GEMM ({@code numpy.matmul} / {@code @} of two matrices): over a point's (m, n, k) tile of the
 * {@code Args.Gemm} space, {@code out[i, j] = sum_l a[i, l] * b[l, j]}, a following iteration dimensions (0, 2), b
 * (2, 1), out (0, 1), any strides (transposed views, slices, negative steps); task-library's {@code GemmKernel}.
 *
 * <p>Kernels ({@code linalg.cu}): 64 x 64 out blocks, k in slices of 16 through padded shared-memory tiles with a
 * register prefetch of the next slice. float64: FP64 tensor cores ({@code mma.sync.m8n8k4.f64}, 4 warps of 32 x 32),
 * or with {@code -Dcohort.gpu.gemm=simt} the CUDA-core kernel (256 threads of 4 x 4, explicit {@code fma}); float32:
 * the CUDA-core kernel accumulating in float (as OpenBLAS' sgemm, which the CPU variant uses for all but tiny
 * products). a and b of another type than the compute type, or constants, go through the converting ({@code _cv})
 * kernels. The sum over k is in a fixed order (deterministic bits, equal to the CPU's up to rounding); out is stored
 * converted to its type.
 *
 * <p><b>CPU fallback:</b> integer (int64, int32, bool) compute types (exact wrapping products: the CPU's i-k-j loop),
 * empty tiles (k == 0 fills zeros), and bad arguments (not a 3-d space, a constant out, an out that follows k: the
 * CPU variant throws its exception).
 */
final class GemmGpu {
    private GemmGpu() {
    }

    /** System property: {@code simt} runs float64 products on the CUDA cores instead of the FP64 tensor cores. */
    static final String KERNEL_PROP = "cohort.gpu.gemm";
    static final int TILE = 64;
    static final int MAX_GRID = 1 << 20;

    static void variants(GpuDevice device, Map<OpCode, TaskBody> into) {
        into.put(OpCode.GEMM, ctx -> gemm(device, ctx));
    }

    static boolean tensorCores() {
        return !"simt".equalsIgnoreCase(System.getProperty(KERNEL_PROP, "mma"));
    }

    static void gemm(GpuDevice dev, TaskContext ctx) {
        Args.Gemm args = Args.Gemm.decode(ctx.scalars());
        FieldType c = args.compute();
        if (args.space().dim() != 3 || args.out() instanceof Operand.Const
                || (c != FieldType.FLOAT64 && c != FieldType.FLOAT32)) {
            ReductionGpu.fallBack(OpCode.GEMM, ctx);
            return;
        }
        TileAccess t = TileAccess.of(ctx, args.space());
        if (t.empty()) {
            ReductionGpu.fallBack(OpCode.GEMM, ctx);
            return;
        }
        TileAccess.Resolved a = t.resolve(args.a(), "GEMM a");
        TileAccess.Resolved b = t.resolve(args.b(), "GEMM b");
        TileAccess.Resolved o = t.resolve(args.out(), "GEMM out");
        if (o.stride()[2] != 0) {
            ReductionGpu.fallBack(OpCode.GEMM, ctx);
            return;
        }
        long[] ext = t.extent();
        long m = ext[0];
        long n = ext[1];
        long k = ext[2];
        boolean oInjective = ReductionGpu.injective(new long[] {m, n}, new long[] {o.stride()[0], o.stride()[1]});
        try (Staging st = new Staging(dev, ctx)) {
            CUdeviceptr pa = a.constant() ? null : st.in(a.requirement());
            CUdeviceptr pb = b.constant() ? null : st.in(b.requirement());
            CUdeviceptr po = st.out(o.requirement(), oInjective && m * n == ctx.instance(o.requirement()).size());
            boolean conv = a.constant() || b.constant() || a.type() != c || b.type() != c;
            launch(dev, c, conv, pa, pb, po, dims(m, n, k, a, b, o));
            st.finish();
        }
        GpuTasks.ranOnGpu();
    }

    /** {@code struct GemmDims} of linalg.cu. */
    static long[] dims(long m, long n, long k, TileAccess.Resolved a, TileAccess.Resolved b, TileAccess.Resolved o) {
        return new long[] {m, n, k,
            a.type().ordinal(), a.constBits(), a.constant() ? 0 : a.base(), a.constant() ? 0 : a.stride()[0],
            a.constant() ? 0 : a.stride()[2],
            b.type().ordinal(), b.constBits(), b.constant() ? 0 : b.base(), b.constant() ? 0 : b.stride()[2],
            b.constant() ? 0 : b.stride()[1],
            o.type().ordinal(), o.base(), o.stride()[0], o.stride()[1]};
    }

    /** The kernel name for compute type {@code c} (float64 / float32), converting or not. */
    static String kernel(FieldType c, boolean conv, boolean tensor) {
        String base = c == FieldType.FLOAT32 ? "cohort_linalg_gemm_f32" : tensor ? "cohort_linalg_gemm_mma_f64"
                : "cohort_linalg_gemm_f64";
        return conv ? base + "_cv" : base;
    }

    static void launch(GpuDevice dev, FieldType c, boolean conv, CUdeviceptr pa, CUdeviceptr pb, CUdeviceptr po,
                       long[] dims) {
        launch(dev, c, conv, c == FieldType.FLOAT64 && tensorCores(), pa, pb, po, dims);
    }

    static void launch(GpuDevice dev, FieldType c, boolean conv, boolean tensor, CUdeviceptr pa, CUdeviceptr pb,
                       CUdeviceptr po, long[] dims) {
        long blocks = ((dims[0] + TILE - 1) / TILE) * ((dims[1] + TILE - 1) / TILE);
        boolean mma = tensor && c == FieldType.FLOAT64;
        KernelArgs args = new KernelArgs().ptr(pa).ptr(pb).ptr(po).struct(dims);
        dev.launch(kernel(c, conv, mma), (int) Math.max(1, Math.min(blocks, MAX_GRID)), mma ? 128 : 256, 0, args);
    }

    /** {@link #gemmGflops(GpuDevice, int, boolean)} with the kernel GEMM tasks use ({@code cohort.gpu.gemm}). */
    static double gemmGflops(GpuDevice dev, int n) {
        return gemmGflops(dev, n, tensorCores());
    }

    /**
     * GFLOP/s ({@code 2 n^3} per product) of this class's float64 kernel on an {@code n x n x n} product of dense
     * row-major device matrices, timed with CUDA events around 5 products after one warm-up (no host copies).
     */
    static double gemmGflops(GpuDevice dev, int n, boolean tensor) {
        long bytes = 8L * n * n;
        DevicePool.Block a = dev.pool().allocate(bytes);
        DevicePool.Block b = dev.pool().allocate(bytes);
        DevicePool.Block o = dev.pool().allocate(bytes);
        CUevent start = new CUevent();
        CUevent stop = new CUevent();
        try {
            dev.bind();
            // 0x3FF00000 in each word: every double is 1.0000002384185791 (finite; the product's values ~ n)
            Cuda.check(cuMemsetD32Async(a.ptr(), 0x3FF00000, bytes / 4, dev.stream()), "cuMemsetD32Async");
            Cuda.check(cuMemsetD32Async(b.ptr(), 0x3FF00000, bytes / 4, dev.stream()), "cuMemsetD32Async");
            long[] dims = {n, n, n, FieldType.FLOAT64.ordinal(), 0, 0, n, 1, FieldType.FLOAT64.ordinal(), 0, 0, n, 1,
                FieldType.FLOAT64.ordinal(), 0, n, 1};
            Cuda.check(cuEventCreate(start, CUevent_flags.CU_EVENT_DEFAULT), "cuEventCreate");
            Cuda.check(cuEventCreate(stop, CUevent_flags.CU_EVENT_DEFAULT), "cuEventCreate");
            launch(dev, FieldType.FLOAT64, false, tensor, a.ptr(), b.ptr(), o.ptr(), dims);
            int reps = 5;
            Cuda.check(cuEventRecord(start, dev.stream()), "cuEventRecord");
            for (int r = 0; r < reps; r++) {
                launch(dev, FieldType.FLOAT64, false, tensor, a.ptr(), b.ptr(), o.ptr(), dims);
            }
            Cuda.check(cuEventRecord(stop, dev.stream()), "cuEventRecord");
            Cuda.check(cuEventSynchronize(stop), "cuEventSynchronize");
            float[] ms = new float[1];
            Cuda.check(cuEventElapsedTime(ms, start, stop), "cuEventElapsedTime");
            return 2.0 * n * n * n * reps / (ms[0] * 1e6);
        } finally {
            dev.synchronize();
            cuEventDestroy(start);
            cuEventDestroy(stop);
            dev.pool().release(a);
            dev.pool().release(b);
            dev.pool().release(o);
        }
    }
}
