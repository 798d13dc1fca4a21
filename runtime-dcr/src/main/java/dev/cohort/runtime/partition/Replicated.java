package dev.cohort.runtime.partition;

import dev.cohort.runtime.geometry.Point;
import dev.cohort.runtime.geometry.Rect;

/**
 * Every point task sees the whole store; with a write privilege the launch runs on every shard's
 * own full copy (DESIGN.md §3, small stores), with a read privilege every shard holds a full
 * valid copy (an all-gather if the data is tiled), with a reduction privilege partials are
 * all-gathered and folded in launch-point order on every shard.
 */
public final class Replicated implements Partition {
    public static final Replicated INSTANCE = new Replicated();

    private Replicated() {
    }

    @Override
    public Rect colorSpace(Rect bounds) {
        return Rect.single(Point.zeros(bounds.dim()));
    }

    @Override
    public Rect piece(Point color, Rect bounds) {
        return bounds;
    }

    @Override
    public Rect tile(Point color, Rect bounds) {
        return bounds;
    }

    /** Replicated pieces are copies, not aliases: each shard owns its own. */
    @Override
    public boolean isDisjoint() {
        return true;
    }

    @Override
    public String toString() {
        return "Replicated";
    }
}
