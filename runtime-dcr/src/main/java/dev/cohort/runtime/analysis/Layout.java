package dev.cohort.runtime.analysis;

import dev.cohort.runtime.geometry.Rect;
import dev.cohort.runtime.partition.Partition;
import dev.cohort.runtime.partition.Projection;
import dev.cohort.runtime.partition.Replicated;
import dev.cohort.runtime.partition.Rects;
import dev.cohort.runtime.partition.Tiling;
import dev.cohort.runtime.sharding.ShardingFunction;

/**
 * How a launch lays a store out over the shards: partition, projection, launch domain and
 * sharding function. Two requirements with equal layouts touch, point for point, the same piece on
 * the same shard — the DCR paper's symbolic shard-local test (§4.1). {@code replicatedExecution}
 * marks launches that run every point on every shard (writes of replicated stores).
 */
public record Layout(Partition partition, Projection projection, Rect domain, ShardingFunction sharding,
                     boolean replicatedExecution) {

    /** True when the pieces written through this layout cover all of {@code bounds}. */
    public boolean coversWhole(Rect bounds) {
        if (partition instanceof Replicated) {
            return true;
        }
        if (partition instanceof Tiling t && t.limit() != null && !t.limit().contains(bounds)) {
            return false; // a tiling of a subregion
        }
        if (!projection.isInjectiveOn(domain) || !projection.image(domain).contains(partition.colorSpace(bounds))) {
            return false;
        }
        // a tiling's colors tile the bounds; an explicit list covers them only if its (disjoint) pieces add up
        return !(partition instanceof Rects x) || x.isDisjoint() && x.coveredVolume(bounds) == bounds.volume();
    }

    /** Value equality, with identity fast paths (memoised launches share their layout objects). */
    @Override
    public boolean equals(Object o) {
        if (o == this) {
            return true;
        }
        return o instanceof Layout l && replicatedExecution == l.replicatedExecution && sharding.equals(l.sharding)
                && partition.equals(l.partition) && projection.equals(l.projection) && domain.equals(l.domain);
    }

    @Override
    public int hashCode() {
        return ((partition.hashCode() * 31 + projection.hashCode()) * 31 + domain.hashCode()) * 31
                + sharding.hashCode() * 2 + (replicatedExecution ? 1 : 0);
    }

    /** Owner shard of launch point {@code linear}; under replicated execution every shard runs every point. */
    public int owner(long linear, int shards) {
        return sharding.shard(linear, domain.volume(), shards);
    }
}
