package dev.cohort.gpu;

import static jcuda.driver.JCudaDriver.cuDeviceGet;
import static jcuda.driver.JCudaDriver.cuDeviceGetCount;
import static jcuda.driver.JCudaDriver.cuDeviceGetName;
import static jcuda.driver.JCudaDriver.cuDriverGetVersion;
import static jcuda.driver.JCudaDriver.cuInit;

import jcuda.driver.CUdevice;
import jcuda.driver.CUresult;

/**
 * Whether this JVM can run GPU variants: JCuda's driver library loads (it needs only {@code libcuda.so.1}),
 * {@code cuInit} succeeds and at least one device exists. Decided once per JVM; on a machine without a GPU the
 * reason is kept ({@link #reason()}) and logged once at debug level by {@link GpuTaskProvider}.
 *
 * @param available true when GPU variants can be registered
 * @param reason    why not, or a description of the devices found
 * @param devices   how many CUDA devices answered (0 when not available)
 * @param name      device 0's name, or empty
 * @param driver    the driver's CUDA version (e.g. 13000), or 0
 */
public record GpuDetection(boolean available, String reason, int devices, String name, int driver) {
    private static GpuDetection result;

    /** The detection of this JVM (run on first call). {@code -Dcohort.gpu.disable=true} reports no GPU. */
    public static synchronized GpuDetection get() {
        if (result == null) {
            result = Boolean.getBoolean("cohort.gpu.disable")
                    ? new GpuDetection(false, "GPU variants disabled by -Dcohort.gpu.disable=true", 0, "", 0)
                    : probe();
        }
        return result;
    }

    private static GpuDetection probe() {
        try {
            int rc = cuInit(0);
            if (rc != CUresult.CUDA_SUCCESS) {
                return new GpuDetection(false, "cuInit failed: " + CUresult.stringFor(rc), 0, "", 0);
            }
            int[] count = new int[1];
            rc = cuDeviceGetCount(count);
            if (rc != CUresult.CUDA_SUCCESS || count[0] == 0) {
                return new GpuDetection(false, rc != CUresult.CUDA_SUCCESS ? "cuDeviceGetCount failed: " + CUresult.stringFor(rc)
                        : "the CUDA driver reports no device", 0, "", 0);
            }
            int[] version = new int[1];
            cuDriverGetVersion(version);
            CUdevice dev = new CUdevice();
            Cuda.check(cuDeviceGet(dev, 0), "cuDeviceGet(0)");
            byte[] name = new byte[256];
            cuDeviceGetName(name, name.length, dev);
            String n = new String(name, 0, indexOfZero(name), java.nio.charset.StandardCharsets.US_ASCII);
            return new GpuDetection(true, count[0] + " CUDA device(s), device 0: " + n + ", driver CUDA " + version[0],
                    count[0], n, version[0]);
        } catch (LinkageError | GpuException e) {
            // UnsatisfiedLinkError: no libcuda.so.1 (no NVIDIA driver) or no JCuda native library for this platform
            String first = String.valueOf(e.getMessage()).lines().findFirst().orElse("");
            return new GpuDetection(false, "JCuda's driver library did not load (" + e.getClass().getSimpleName() + ": "
                    + first + "; is there an NVIDIA driver, libcuda.so.1?)", 0, "", 0);
        }
    }

    private static int indexOfZero(byte[] b) {
        for (int i = 0; i < b.length; i++) {
            if (b[i] == 0) {
                return i;
            }
        }
        return b.length;
    }
}
