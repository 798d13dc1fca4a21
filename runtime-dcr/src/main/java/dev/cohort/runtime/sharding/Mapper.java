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

    /**
     * BLOCKED sharding; the GPU variant where the task has one and a launch point's piece of its largest store holds
     * at least {@code minPieceElements} elements (Legate's {@code min_gpu_chunk}, 65 536 by default: smaller pieces
     * cost more in kernel launch and copies than they gain), else the CPU variant. {@code 0} sends every launch with a
     * GPU variant to the GPU (how the test suites force the GPU path). A pure function of the launch's shape, as
     * {@link Mapper} requires.
     *
     * @throws IllegalArgumentException if {@code minPieceElements} is negative
     */
    static Mapper gpuWhereLarge(long minPieceElements) {
        if (minPieceElements < 0) {
            throw new IllegalArgumentException("minimum GPU piece must be >= 0 elements, got " + minPieceElements);
        }
        return new Mapper() {
            @Override
            public ShardingFunction selectSharding(GroupLaunch launch) {
                return ShardingFunction.BLOCKED;
            }

            @Override
            public ProcessorKind selectProcessor(GroupLaunch launch, Set<ProcessorKind> available) {
                if (available.contains(ProcessorKind.GPU) && (minPieceElements == 0 || pieceElements(launch) >= minPieceElements)) {
                    return ProcessorKind.GPU;
                }
                return DEFAULT.selectProcessor(launch, available);
            }

            @Override
            public String toString() {
                return "Mapper.gpuWhereLarge(" + minPieceElements + ")";
            }
        };
    }

    /** The elements of the largest store of {@code launch} divided by its launch points (a launch point's piece). */
    static long pieceElements(GroupLaunch launch) {
        long largest = 0;
        for (var r : launch.requirements()) {
            largest = Math.max(largest, r.store().bounds().volume());
        }
        return largest / Math.max(1, launch.domain().volume());
    }

    /** The default policy: BLOCKED sharding, the CPU variant. */
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
