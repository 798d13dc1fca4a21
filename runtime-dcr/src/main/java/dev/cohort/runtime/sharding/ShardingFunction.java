package dev.cohort.runtime.sharding;

import dev.cohort.runtime.geometry.Point;
import dev.cohort.runtime.geometry.Rect;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongConsumer;

/**
 * Maps each point of a launch domain to the shard that analyses and executes it (DCR paper §4).
 * Must be pure — a function of (point, domain, shard count) only — so every shard computes the
 * same owner without asking. Compared by {@link #id()}: the coarse stage's shard-local test uses it.
 */
public abstract class ShardingFunction {
    /** Contiguous blocks of the row-major point order: shard {@code floor(i * N / V)}. */
    public static final ShardingFunction BLOCKED = new ShardingFunction(0, "BLOCKED") {
        @Override
        public int shard(long linear, long volume, int shards) {
            return (int) (Math.multiplyExact(linear, shards) / volume);
        }

        @Override
        public void forEachOwned(long volume, int shard, int shards, LongConsumer action) {
            long lo = ceilDiv((long) shard * volume, shards);
            long hi = ceilDiv((long) (shard + 1) * volume, shards);
            for (long i = lo; i < hi; i++) {
                action.accept(i);
            }
        }
    };

    /** Round robin over the row-major point order: shard {@code i mod N} (Legion's sharding function 0). */
    public static final ShardingFunction CYCLIC = new ShardingFunction(1, "CYCLIC") {
        @Override
        public int shard(long linear, long volume, int shards) {
            return (int) (linear % shards);
        }

        @Override
        public void forEachOwned(long volume, int shard, int shards, LongConsumer action) {
            for (long i = shard; i < volume; i += shards) {
                action.accept(i);
            }
        }
    };

    private final int id;
    private final String name;

    protected ShardingFunction(int id, String name) {
        this.id = id;
        this.name = name;
    }

    /** Identity for equality and determinism hashing; user functions take ids >= 16. */
    public final int id() {
        return id;
    }

    /** The owner of the point with row-major index {@code linear} in a domain of {@code volume} points. */
    public abstract int shard(long linear, long volume, int shards);

    /** The owner of {@code p} in {@code domain}. */
    public final int shard(Point p, Rect domain, int shards) {
        return shard(domain.linearize(p), domain.volume(), shards);
    }

    /**
     * Calls {@code action} with the row-major index of every point {@code shard} owns, in
     * increasing order. The default scans the domain; BLOCKED and CYCLIC visit only their own.
     */
    public void forEachOwned(long volume, int shard, int shards, LongConsumer action) {
        for (long i = 0; i < volume; i++) {
            if (shard(i, volume, shards) == shard) {
                action.accept(i);
            }
        }
    }

    /**
     * A user sharding function, memoised: the owner table of each (domain volume, shard count) is
     * computed once (the DCR paper memoises sharding functions because they are pure).
     */
    public static ShardingFunction memoized(int id, String name, Pure f) {
        if (id < 16) {
            throw new IllegalArgumentException("user sharding function ids start at 16, got " + id);
        }
        Map<Long, int[]> tables = new ConcurrentHashMap<>();
        return new ShardingFunction(id, name) {
            @Override
            public int shard(long linear, long volume, int shards) {
                if (volume > 1 << 20) {
                    return check(f.shard(linear, volume, shards), shards);
                }
                int[] t = tables.computeIfAbsent(volume * 1_000_003L + shards, k -> {
                    int[] table = new int[(int) volume];
                    for (int i = 0; i < table.length; i++) {
                        table[i] = check(f.shard(i, volume, shards), shards);
                    }
                    return table;
                });
                return t[(int) linear];
            }

            private int check(int s, int shards) {
                if (s < 0 || s >= shards) {
                    throw new IllegalStateException("sharding function " + name + " returned shard " + s + " of " + shards);
                }
                return s;
            }
        };
    }

    /** A pure owner function for {@link #memoized}. */
    @FunctionalInterface
    public interface Pure {
        int shard(long linear, long volume, int shards);
    }

    static long ceilDiv(long a, long b) {
        return -Math.floorDiv(-a, b);
    }

    @Override
    public final boolean equals(Object o) {
        return o instanceof ShardingFunction s && s.id == id;
    }

    @Override
    public final int hashCode() {
        return id;
    }

    @Override
    public String toString() {
        return name;
    }
}
