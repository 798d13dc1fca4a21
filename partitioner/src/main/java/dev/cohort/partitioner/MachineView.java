package dev.cohort.partitioner;

/**
 * What the partitioner knows of the machine: shards, worker processors per shard, and the
 * minimum tile volume (elements) below which a store is not split (Legate: min CPU chunk).
 *
 * @param shards        number of shards replicating the program (>= 1)
 * @param cpusPerShard  worker processors per shard (>= 1)
 * @param minTileVolume a store of fewer elements is {@code Replicated}; no tile is made smaller (>= 1)
 */
public record MachineView(int shards, int cpusPerShard, long minTileVolume) {
    /** Default minimum tile volume, in elements (Legate's default minimum CPU chunk is of this order). */
    public static final long DEFAULT_MIN_TILE_VOLUME = 1L << 16;

    public MachineView {
        if (shards < 1 || cpusPerShard < 1 || minTileVolume < 1) {
            throw new IllegalArgumentException("machine view needs shards >= 1, cpusPerShard >= 1, minTileVolume >= 1; got "
                    + shards + ", " + cpusPerShard + ", " + minTileVolume);
        }
    }

    /** Processors in the whole machine: the number of tiles aimed for. */
    public int processors() {
        return shards * cpusPerShard;
    }
}
