package dev.cohort.partitioner;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * A memo of the partitioner's rules for one program: {@link Partitioner#partition(Operation, MachineView)} is a
 * function of the {@link Operation} alone (iteration shape; each operand's bounds, access, role and key partition;
 * the alignment, broadcast, replicate and halo constraints) and of the {@link MachineView}, so an operation whose
 * value equals one planned before gets the same {@link Strategy} without solving it again. A loop issues the same
 * operations every iteration (Legate memoises its launch shapes, Legion traces them); with the memo each shape is
 * solved once, and the rest of an iteration's planning is a hash lookup. CG Poisson on 300 x 300 asks about 30
 * strategies per iteration (the launches and fusion's matching of eager partitioning), of a few dozen shapes.
 *
 * <p>Holds at most {@code capacity} strategies, dropping the least recently used. One memo belongs to one program
 * thread (a shard's {@code Cohort} context): not thread-safe, and nothing in it is shared between shards. A call
 * that fails (the partitioner's {@code IllegalArgumentException}) is not remembered: it fails again.
 */
public final class PartitionMemo {
    /** Strategies a context keeps by default. */
    public static final int DEFAULT_CAPACITY = 1024;

    private record Key(Operation op, MachineView machine) {
    }

    private final int capacity;
    private final Map<Key, Strategy> strategies;
    private long hits;
    private long misses;

    /**
     * @throws IllegalArgumentException when {@code capacity < 1}
     */
    public PartitionMemo(int capacity) {
        if (capacity < 1) {
            throw new IllegalArgumentException("a partition memo needs a capacity of at least 1, got " + capacity);
        }
        this.capacity = capacity;
        this.strategies = new LinkedHashMap<>(Math.min(capacity, 256) * 2, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<Key, Strategy> eldest) {
                return size() > PartitionMemo.this.capacity;
            }
        };
    }

    /** {@link Partitioner#partition(Operation, MachineView)}, from the memo when {@code op} was solved before. */
    public Strategy partition(Operation op, MachineView machine) {
        Key k = new Key(Objects.requireNonNull(op, "op"), Objects.requireNonNull(machine, "machine"));
        Strategy s = strategies.get(k);
        if (s != null) {
            hits++;
            return s;
        }
        s = Partitioner.partition(op, machine);
        misses++;
        strategies.put(k, s);
        return s;
    }

    /** Calls answered from the memo. */
    public long hits() {
        return hits;
    }

    /** Calls solved by the partitioner. */
    public long misses() {
        return misses;
    }

    /** Strategies held now (at most the capacity). */
    public int size() {
        return strategies.size();
    }
}
