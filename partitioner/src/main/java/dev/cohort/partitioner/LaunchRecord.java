package dev.cohort.partitioner;

import dev.cohort.runtime.region.FieldType;

import java.util.Arrays;
import java.util.Objects;

/**
 * What {@link AutoTask} is about to issue, as a {@link StrategyAdvisor} and the simulator see it: the task, the
 * {@link Operation} the partitioner solved (with the key partitions it saw), the strategy chosen, and per operand
 * the store's id (identical on every shard) and element type, plus the size of the launch's folded result. It
 * describes the launch's shape and placement, not its data.
 *
 * @param taskId      the task launched (an op code of the task library)
 * @param operation   the operation as the partitioner saw it (iteration shape, operands, constraints)
 * @param strategy    the strategy the launch will use
 * @param storeIds    per operand, {@code Store.id()}
 * @param types       per operand, the store's element type
 * @param resultBytes bytes of the launch's folded result (a future every shard receives), 0 when none
 */
public record LaunchRecord(int taskId, Operation operation, Strategy strategy, long[] storeIds, FieldType[] types,
                           int resultBytes) {
    public LaunchRecord {
        Objects.requireNonNull(operation, "operation");
        Objects.requireNonNull(strategy, "strategy");
        storeIds = storeIds.clone();
        types = types.clone();
        int n = operation.operands().size();
        if (storeIds.length != n || types.length != n || strategy.partitions().size() != n) {
            throw new IllegalArgumentException("launch of task " + taskId + ": " + n + " operands but " + storeIds.length
                    + " store ids, " + types.length + " types and " + strategy.partitions().size() + " partitions");
        }
        if (resultBytes < 0) {
            throw new IllegalArgumentException("negative result size " + resultBytes);
        }
    }

    /** The same launch with another strategy (what an advisor or the search proposes). */
    public LaunchRecord withStrategy(Strategy s) {
        return new LaunchRecord(taskId, operation, s, storeIds, types, resultBytes);
    }

    /** Operand {@code i}'s store id. */
    public long storeId(int i) {
        return storeIds[i];
    }

    /** Operand {@code i}'s element type. */
    public FieldType type(int i) {
        return types[i];
    }

    @Override
    public String toString() {
        return "LaunchRecord[task " + taskId + ", shape " + Arrays.toString(operation.shape()) + ", stores "
                + Arrays.toString(storeIds) + ", " + strategy.pointCount() + " points]";
    }
}
