package dev.cohort.gpu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cohort.runtime.execution.MemoryBudgetExceededException;
import dev.cohort.runtime.launch.ProcessorKind;
import dev.cohort.runtime.launch.TaskRegistry;
import dev.cohort.tasks.OpCode;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The provider's detection and registration on whatever machine runs the tests: without a GPU (CI: no libcuda.so.1)
 * detection fails with a reason and no GPU variant is registered; with one, every op code the GPU path covers has a
 * GPU variant beside its CPU variant, and the FRAMEBUFFER pool reuses and bounds its blocks.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class GpuDetectionTest {
    @Test
    void providerRegistersGpuVariantsExactlyWhenADeviceAnswers() {
        GpuDetection d = GpuDetection.get();
        assertNotNull(d.reason());
        TaskRegistry r = TaskRegistry.withProviders();
        int id = OpCode.BINARY_OP.taskId();
        assertNotNull(r.variant(id, ProcessorKind.CPU), "the CPU variant is always there");
        if (d.available()) {
            assertTrue(d.devices() >= 1 && !d.name().isEmpty(), d.toString());
            assertNotNull(r.variant(id, ProcessorKind.GPU), "a GPU answers, so BINARY_OP has a GPU variant");
        } else {
            assertEquals(0, d.devices());
            assertTrue(d.reason().contains("cuInit") || d.reason().contains("libcuda") || d.reason().contains("no device")
                    || d.reason().contains("disabled"), d.reason());
            assertNull(r.variant(id, ProcessorKind.GPU), "no GPU, no GPU variant");
            GpuException e = assertThrows(GpuException.class, () -> GpuDevice.get(0));
            assertTrue(e.getMessage().contains("no CUDA device 0"), e.getMessage());
        }
    }

    @Test
    void sizeClassesArePowersOfTwoFrom256() {
        assertEquals(256, DevicePool.sizeClass(0));
        assertEquals(256, DevicePool.sizeClass(256));
        assertEquals(512, DevicePool.sizeClass(257));
        assertEquals(1L << 30, DevicePool.sizeClass((1L << 30) - 5));
        assertEquals(1L << 31, DevicePool.sizeClass((1L << 30) + 1));
        assertThrows(IllegalArgumentException.class, () -> new DevicePool("FRAMEBUFFER#9", 0));
    }

    @Test
    void framebufferPoolReusesBlocksAndNamesItsBudget() {
        org.junit.jupiter.api.Assumptions.assumeTrue(GpuDetection.get().available(), "no CUDA device: " + GpuDetection.get().reason());
        GpuDevice.get(0).bind();
        DevicePool pool = new DevicePool("FRAMEBUFFER#test", 1 << 20);
        DevicePool.Block a = pool.allocate(1000);
        assertEquals(1024, a.bytes());
        pool.release(a);
        DevicePool.Block b = pool.allocate(900);
        assertEquals(1, pool.allocations(), "the released block of the same class is reused");
        assertEquals(1, pool.reuses());
        MemoryBudgetExceededException e = assertThrows(MemoryBudgetExceededException.class, () -> pool.allocate(2 << 20));
        assertTrue(e.getMessage().contains("FRAMEBUFFER#test") && e.getMessage().contains("1048576"), e.getMessage());
        pool.release(b);
        pool.trim();
        assertEquals(0, pool.pooledBytes());
        assertFalse(pool.liveBytes() != 0);
    }
}
