package dev.cohort.partitioner;

/**
 * What the partitioner knows of the machine: shards, worker processors per shard, the minimum tile
 * volume (elements) below which a store is not split (Legate: min CPU chunk), and the cache budget of
 * one tile.
 *
 * @param shards        number of shards replicating the program (>= 1)
 * @param cpusPerShard  worker processors per shard (>= 1)
 * @param minTileVolume a store of fewer elements is {@code Replicated}; no tile is made smaller (>= 1)
 * @param maxTileVolume the cache budget of a tile, in elements of the operation's largest store: an
 *                      operation whose largest store has more than {@code TILE_PARALLELISM * maxTileVolume}
 *                      elements is split into more tiles, so that
 *                      one tile of it and the temporaries of the chain that follows stay in one core's
 *                      cache while the worker runs that chain (issue 5, cache-aware scheduling);
 *                      {@code Long.MAX_VALUE} turns this off (>= minTileVolume)
 */
public record MachineView(int shards, int cpusPerShard, long minTileVolume, long maxTileVolume) {
    /** Default minimum tile volume, in elements (Legate's default minimum CPU chunk is of this order). */
    public static final long DEFAULT_MIN_TILE_VOLUME = 1L << 16;
    /**
     * Default cache budget of a tile, in elements: 256 Ki float64 elements = 2 MiB, half of the 4 MiB
     * L2 of a core of the machines this was tuned on, leaving the other half to the chain's temporaries.
     */
    public static final long DEFAULT_MAX_TILE_VOLUME = 1L << 18;

    public MachineView {
        if (shards < 1 || cpusPerShard < 1 || minTileVolume < 1 || maxTileVolume < minTileVolume) {
            throw new IllegalArgumentException("machine view needs shards >= 1, cpusPerShard >= 1, minTileVolume >= 1, "
                    + "maxTileVolume >= minTileVolume; got " + shards + ", " + cpusPerShard + ", " + minTileVolume
                    + ", " + maxTileVolume);
        }
    }

    /** A machine view without a cache budget: {@link #TILE_PARALLELISM} tiles at most. */
    public MachineView(int shards, int cpusPerShard, long minTileVolume) {
        this(shards, cpusPerShard, minTileVolume, Long.MAX_VALUE);
    }

    /** Processors in the whole machine (tiles are spread over them; their number does not depend on it). */
    public int processors() {
        return shards * cpusPerShard;
    }

    /**
     * Tiles aimed for whatever the machine: the same number on 1 shard and on 1000, on 2 cores and on 16, so
     * that every tiling — and with it the order in which a floating-point reduction folds its tiles' partials —
     * is a function of the shapes and of the tile volumes only, and a program gives the same bits on any
     * machine (DCR's Theorem 1 extended to floating point). {@code 16} tiles keep every core of a typical node
     * busy on mid-size arrays; larger arrays get more (below).
     */
    public static final long TILE_PARALLELISM = 16;

    /**
     * Tiles aimed for when the largest store has {@code largestVolume} elements: {@link #TILE_PARALLELISM}, or
     * as many as keep each tile within {@link #maxTileVolume} when that is more. Independent of
     * {@link #shards} and {@link #cpusPerShard} (see {@link #TILE_PARALLELISM}).
     */
    public long tilesFor(long largestVolume) {
        if (maxTileVolume == Long.MAX_VALUE || largestVolume <= TILE_PARALLELISM * maxTileVolume) {
            return TILE_PARALLELISM;
        }
        return (largestVolume + maxTileVolume - 1) / maxTileVolume;
    }
}
