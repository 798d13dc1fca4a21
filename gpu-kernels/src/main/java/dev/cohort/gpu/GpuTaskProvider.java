package dev.cohort.gpu;

import dev.cohort.runtime.launch.TaskRegistry;
import dev.cohort.runtime.launch.TaskVariantProvider;

/**
 * Registers the GPU variants ({@link GpuTasks}) with {@link TaskRegistry#withProviders()} (found by
 * {@link java.util.ServiceLoader}) only where {@link GpuDetection} finds a CUDA device; elsewhere it registers nothing
 * and says why once, at debug level ({@code System.Logger} "dev.cohort.gpu").
 */
public final class GpuTaskProvider implements TaskVariantProvider {
    private static final System.Logger LOG = System.getLogger("dev.cohort.gpu");
    private static volatile boolean told;

    @Override
    public void registerVariants(TaskRegistry registry) {
        GpuDetection d = GpuDetection.get();
        if (!d.available()) {
            if (!told) {
                told = true;
                LOG.log(System.Logger.Level.DEBUG, "no GPU variants registered: " + d.reason());
            }
            return;
        }
        GpuTasks.register(registry, GpuDevice.get(0));
    }
}
