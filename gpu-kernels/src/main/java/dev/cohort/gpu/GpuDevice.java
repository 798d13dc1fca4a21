package dev.cohort.gpu;

import static jcuda.driver.JCudaDriver.cuCtxSetCurrent;
import static jcuda.driver.JCudaDriver.cuDeviceGet;
import static jcuda.driver.JCudaDriver.cuDeviceGetAttribute;
import static jcuda.driver.JCudaDriver.cuDevicePrimaryCtxRetain;
import static jcuda.driver.JCudaDriver.cuDeviceTotalMem;
import static jcuda.driver.JCudaDriver.cuLaunchKernel;
import static jcuda.driver.JCudaDriver.cuModuleGetFunction;
import static jcuda.driver.JCudaDriver.cuModuleLoadData;
import static jcuda.driver.JCudaDriver.cuStreamCreate;
import static jcuda.driver.JCudaDriver.cuStreamSynchronize;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import jcuda.Pointer;
import jcuda.driver.CUcontext;
import jcuda.driver.CUdevice;
import jcuda.driver.CUdevice_attribute;
import jcuda.driver.CUfunction;
import jcuda.driver.CUmodule;
import jcuda.driver.CUstream;
import jcuda.driver.CUstream_flags;

/**
 * One CUDA device as the GPU variants use it: its primary context (made current on each worker thread that drives
 * it), the kernel modules loaded from the committed PTX ({@code dev/cohort/gpu/ptx/*.ptx}, listed in
 * {@code modules.txt}) with {@code cuModuleLoadData}, a non-blocking stream per worker thread, and the pool of its
 * FRAMEBUFFER memory ({@link DevicePool}). The streams are blocking ones (they order with the legacy default stream
 * that JCuda's synchronous copies use). One instance per device per JVM ({@link #get}); shards of one JVM share it.
 */
public final class GpuDevice {
    /** Budget of each GPU's FRAMEBUFFER memory in MiB (Legate's {@code --fbmem}); default 90 % of the device. */
    public static final String FBMEM_PROP_NAME = "cohort.fbmem.mib";
    /** Threads per block of the element-wise and reduction kernels. */
    public static final int BLOCK = 256;

    private static final ConcurrentHashMap<Integer, GpuDevice> DEVICES = new ConcurrentHashMap<>();

    private final int ordinal;
    private final CUcontext context = new CUcontext();
    private final List<CUmodule> modules = new ArrayList<>();
    private final ConcurrentHashMap<String, CUfunction> functions = new ConcurrentHashMap<>();
    private final ThreadLocal<CUstream> streams;
    private final DevicePool pool;
    private final int multiprocessors;
    private final long totalBytes;

    private GpuDevice(int ordinal) {
        GpuDetection d = GpuDetection.get();
        if (!d.available() || ordinal >= d.devices()) {
            throw new GpuException("no CUDA device " + ordinal + ": " + d.reason());
        }
        this.ordinal = ordinal;
        CUdevice dev = new CUdevice();
        Cuda.check(cuDeviceGet(dev, ordinal), "cuDeviceGet(" + ordinal + ")");
        Cuda.check(cuDevicePrimaryCtxRetain(context, dev), "cuDevicePrimaryCtxRetain");
        Cuda.check(cuCtxSetCurrent(context), "cuCtxSetCurrent");
        int[] sm = new int[1];
        cuDeviceGetAttribute(sm, CUdevice_attribute.CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT, dev);
        this.multiprocessors = Math.max(1, sm[0]);
        long[] total = new long[1];
        cuDeviceTotalMem(total, dev);
        this.totalBytes = total[0];
        long mib = Long.getLong(FBMEM_PROP_NAME, 0);
        this.pool = new DevicePool("FRAMEBUFFER#" + ordinal, mib > 0 ? mib << 20 : totalBytes / 10 * 9);
        for (String name : moduleNames()) {
            CUmodule m = new CUmodule();
            Cuda.check(cuModuleLoadData(m, ptx(name)), "cuModuleLoadData(" + name + ".ptx)");
            modules.add(m);
        }
        this.streams = ThreadLocal.withInitial(() -> {
            bind();
            CUstream s = new CUstream();
            // a blocking stream: it orders with the legacy default stream, which the synchronous copies from and to
            // heap arrays (Staging, error words) use, so a kernel never starts before its input has arrived and a
            // copy back never starts before the kernels are done
            Cuda.check(cuStreamCreate(s, CUstream_flags.CU_STREAM_DEFAULT), "cuStreamCreate");
            return s;
        });
    }

    /** Device {@code ordinal}, initialised on first use. @throws GpuException where there is no such device */
    public static GpuDevice get(int ordinal) {
        return DEVICES.computeIfAbsent(ordinal, GpuDevice::new);
    }

    /** The PTX module names committed under {@code dev/cohort/gpu/ptx/} (from its {@code modules.txt}). */
    public static List<String> moduleNames() {
        String list = new String(resource("modules.txt"), StandardCharsets.US_ASCII);
        List<String> names = new ArrayList<>();
        for (String line : list.split("\n")) {
            if (!line.isBlank() && !line.startsWith("#")) {
                names.add(line.trim());
            }
        }
        return names;
    }

    /** The committed PTX of module {@code name}, zero-terminated as {@code cuModuleLoadData} wants it. */
    public static byte[] ptx(String name) {
        byte[] b = resource(name + ".ptx");
        byte[] z = java.util.Arrays.copyOf(b, b.length + 1);
        return z;
    }

    private static byte[] resource(String name) {
        try (InputStream in = GpuDevice.class.getResourceAsStream("ptx/" + name)) {
            if (in == null) {
                throw new GpuException("missing resource dev/cohort/gpu/ptx/" + name + " (run gpu-kernels/build-ptx)");
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new GpuException("cannot read dev/cohort/gpu/ptx/" + name, e);
        }
    }

    /** Makes this device's primary context current on the calling thread. */
    public void bind() {
        Cuda.check(cuCtxSetCurrent(context), "cuCtxSetCurrent");
    }

    /** The calling thread's stream on this device (created, and the context bound, on first use). */
    public CUstream stream() {
        CUstream s = streams.get();
        bind();
        return s;
    }

    /** Waits until everything enqueued on the calling thread's stream has run. */
    public void synchronize() {
        Cuda.check(cuStreamSynchronize(stream()), "cuStreamSynchronize");
    }

    /** Kernel {@code name} (an {@code extern "C"} function of one of the loaded modules). */
    public CUfunction function(String name) {
        CUfunction f = functions.get(name);
        if (f != null) {
            return f;
        }
        for (CUmodule m : modules) {
            CUfunction c = new CUfunction();
            if (cuModuleGetFunction(c, m, name) == jcuda.driver.CUresult.CUDA_SUCCESS) {
                functions.put(name, c);
                return c;
            }
        }
        throw new GpuException("no kernel '" + name + "' in modules " + moduleNames());
    }

    /**
     * Launches {@code name} over {@code elements} work items on the calling thread's stream: a grid of at most
     * {@code 8 * multiprocessors} blocks of {@link #BLOCK} threads, each kernel a grid-stride loop.
     */
    public void launch(String name, long elements, KernelArgs args) {
        launch(name, gridFor(elements), BLOCK, 0, args);
    }

    /** Launches {@code name} with an explicit grid, block and dynamic shared memory. */
    public void launch(String name, int grid, int block, int sharedBytes, KernelArgs args) {
        KernelTimer.started(this);
        Cuda.check(cuLaunchKernel(function(name), Math.max(1, grid), 1, 1, block, 1, 1, sharedBytes, stream(),
                args.pointer(), null), "cuLaunchKernel(" + name + ")");
        KernelTimer.launched(this);
    }

    /** Blocks for a grid-stride kernel over {@code elements}: enough to fill the device, at most 8 per SM. */
    public int gridFor(long elements) {
        long blocks = (elements + BLOCK - 1) / BLOCK;
        return (int) Math.max(1, Math.min(blocks, 8L * multiprocessors));
    }

    public int ordinal() {
        return ordinal;
    }

    public int multiprocessors() {
        return multiprocessors;
    }

    public long totalBytes() {
        return totalBytes;
    }

    /** This device's FRAMEBUFFER memory pool. */
    public DevicePool pool() {
        return pool;
    }

    static Pointer none() {
        return new Pointer();
    }
}
