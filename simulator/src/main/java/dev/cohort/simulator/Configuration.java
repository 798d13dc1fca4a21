package dev.cohort.simulator;

import dev.cohort.partitioner.MachineView;
import dev.cohort.partitioner.Operation;
import dev.cohort.partitioner.Partitioner;
import dev.cohort.partitioner.Strategy;

import java.util.Arrays;
import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

/**
 * A parallelization strategy in the search's terms (FlexFlow's 𝒮: one configuration per operator): for some launch
 * positions of a traced loop, the tile of the iteration space to use ({@code tile[d]} iteration points per launch
 * point in dimension {@code d}), or {@link #REPLICATED} for one point run by every shard on its own copies. Positions
 * without an entry use the rules. Immutable; {@link #with} makes a changed copy.
 */
public final class Configuration {
    /** The configuration "one point, every store Replicated". */
    public static final long[] REPLICATED = new long[0];
    /** The rules everywhere. */
    public static final Configuration RULES = new Configuration(new TreeMap<>());

    private final TreeMap<Integer, long[]> tiles;

    private Configuration(TreeMap<Integer, long[]> tiles) {
        this.tiles = tiles;
    }

    /** True when launch {@code i} has a configuration. */
    public boolean has(int i) {
        return tiles.containsKey(i);
    }

    /** Launch {@code i}'s tile ({@link #REPLICATED} for one replicated point), or null for the rules. */
    public long[] tile(int i) {
        long[] t = tiles.get(i);
        return t == null ? null : t.clone();
    }

    /** The configured positions and their tiles, in position order. */
    public Map<Integer, long[]> entries() {
        return Collections.unmodifiableMap(tiles);
    }

    /** A copy with launch {@code i} configured to {@code tile} ({@link #REPLICATED}, or null for the rules). */
    public Configuration with(int i, long[] tile) {
        TreeMap<Integer, long[]> t = new TreeMap<>(tiles);
        if (tile == null) {
            t.remove(i);
        } else {
            t.put(i, tile.clone());
        }
        return new Configuration(t);
    }

    /** Launch {@code i}'s strategy for {@code op} under this configuration. */
    Strategy strategy(int i, Operation op, MachineView machine) {
        long[] t = tiles.get(i);
        if (t.length == 0) {
            return Partitioner.replicated(op);
        }
        return Partitioner.partition(op, machine, t);
    }

    /** Number of configured launches. */
    public int size() {
        return tiles.size();
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof Configuration c) || c.tiles.size() != tiles.size()) {
            return false;
        }
        for (Map.Entry<Integer, long[]> e : tiles.entrySet()) {
            if (!Arrays.equals(e.getValue(), c.tiles.get(e.getKey()))) {
                return false;
            }
        }
        return true;
    }

    @Override
    public int hashCode() {
        int h = 0;
        for (Map.Entry<Integer, long[]> e : tiles.entrySet()) {
            h = h * 31 + e.getKey() * 7 + Arrays.hashCode(e.getValue());
        }
        return h;
    }

    @Override
    public String toString() {
        if (tiles.isEmpty()) {
            return "rules";
        }
        StringBuilder b = new StringBuilder();
        for (Map.Entry<Integer, long[]> e : tiles.entrySet()) {
            if (b.length() > 0) {
                b.append(", ");
            }
            b.append('#').append(e.getKey()).append(": ")
                    .append(e.getValue().length == 0 ? "replicated" : "tile " + Arrays.toString(e.getValue()));
        }
        return b.toString();
    }
}
