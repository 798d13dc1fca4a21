package dev.cohort.tasks;

import dev.cohort.runtime.launch.TaskRegistry;
import dev.cohort.runtime.launch.TaskVariantProvider;

/** Registers {@link CpuTasks} with {@link TaskRegistry#withProviders()} (java.util.ServiceLoader). */
public final class CpuTaskProvider implements TaskVariantProvider {
    @Override
    public void registerVariants(TaskRegistry registry) {
        CpuTasks.register(registry);
    }
}
