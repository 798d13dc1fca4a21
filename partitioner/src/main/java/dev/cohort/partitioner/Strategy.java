package dev.cohort.partitioner;

import dev.cohort.runtime.geometry.Rect;
import dev.cohort.runtime.partition.Partition;
import dev.cohort.runtime.partition.Projection;
import dev.cohort.runtime.partition.Replicated;
import dev.cohort.runtime.partition.Tiling;
import dev.cohort.runtime.launch.IterSpace;

import java.util.List;

/**
 * How to run an operation (Legate: the solved strategy): the tiled iteration space (one launch
 * point per tile) and, per operand in order, the partition of its store and the projection from
 * launch points to that partition's colors.
 *
 * @param space       the iteration space and its tile shape
 * @param partitions  per operand: a {@code Tiling} or {@code Replicated}
 * @param projections per operand: launch point to color
 */
public record Strategy(IterSpace space, List<Partition> partitions, List<Projection> projections) {
    public Strategy {
        partitions = List.copyOf(partitions);
        projections = List.copyOf(projections);
        if (partitions.size() != projections.size()) {
            throw new IllegalArgumentException(partitions.size() + " partitions but " + projections.size() + " projections");
        }
    }

    /** The launch domain: one point per tile. */
    public Rect launchDomain() {
        return space.launchDomain();
    }

    /** True when the launch has a single point (every operand then is usually Replicated). */
    public boolean isSinglePoint() {
        return launchDomain().volume() == 1;
    }

    /** Number of launch points (tiles of the iteration space). */
    public long pointCount() {
        return launchDomain().volume();
    }

    /** Operand {@code i}'s partition. */
    public Partition partition(int i) {
        return partitions.get(i);
    }

    /** Operand {@code i}'s projection from launch points to colors. */
    public Projection projection(int i) {
        return projections.get(i);
    }

    /** True when operand {@code i} is {@code Replicated} (every point sees the whole store). */
    public boolean isReplicated(int i) {
        return partitions.get(i) instanceof Replicated;
    }

    /** True when operand {@code i} is tiled ({@code Tiling}). */
    public boolean isTiled(int i) {
        return partitions.get(i) instanceof Tiling;
    }

    /** Operand {@code i}'s tiling; throws when it is not tiled. */
    public Tiling tiling(int i) {
        if (partitions.get(i) instanceof Tiling t) {
            return t;
        }
        throw new IllegalStateException("operand " + i + " is " + partitions.get(i) + ", not tiled");
    }

    /** A multi-line rendering for logs (see {@link Partitioner#describe}). */
    public String describe() {
        return Partitioner.describe(this);
    }
}
