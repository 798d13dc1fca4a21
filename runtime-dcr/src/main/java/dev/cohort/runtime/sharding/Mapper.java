package dev.cohort.runtime.sharding;

import dev.cohort.runtime.launch.GroupLaunch;
import dev.cohort.runtime.launch.ProcessorKind;
import java.util.Set;

/**
 * Policy only (Legion mapper, cupynumeric {@code mapper.h}): which sharding function a launch
 * uses and which processor kind runs its points. Must be a pure function of its arguments, so
 * every shard decides the same.
 */
public interface Mapper {
    /** The sharding function for {@code launch}. */
    ShardingFunction selectSharding(GroupLaunch launch);

    /** The processor kind for {@code launch}'s point tasks, from the kinds its task has variants for. */
    ProcessorKind selectProcessor(GroupLaunch launch, Set<ProcessorKind> available);

    /** The default policy: BLOCKED sharding, the CPU variant (GPU variants arrive with gpu-kernels). */
    Mapper DEFAULT = new Mapper() {
        @Override
        public ShardingFunction selectSharding(GroupLaunch launch) {
            return ShardingFunction.BLOCKED;
        }

        @Override
        public ProcessorKind selectProcessor(GroupLaunch launch, Set<ProcessorKind> available) {
            if (available.contains(ProcessorKind.CPU)) {
                return ProcessorKind.CPU;
            }
            throw new IllegalStateException("task " + launch.taskId() + " has no CPU variant; variants: " + available);
        }
    };
}
