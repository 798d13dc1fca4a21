package dev.cohort.runtime.launch;

/**
 * Registers task variants; implementations are found with {@link java.util.ServiceLoader}
 * ({@code META-INF/services/dev.cohort.runtime.launch.TaskVariantProvider}), so a module such as
 * gpu-kernels adds variants at run time without the runtime depending on it.
 */
public interface TaskVariantProvider {
    void registerVariants(TaskRegistry registry);
}
