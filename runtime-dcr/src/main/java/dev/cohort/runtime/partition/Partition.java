package dev.cohort.runtime.partition;

import dev.cohort.runtime.geometry.Point;
import dev.cohort.runtime.geometry.Rect;

/**
 * A partition of a store's index space into pieces named by colors. Partitions are small
 * immutable values, compared by value: two requirements use "the same partition" when their
 * partitions are equal (DCR paper §4.1: the shard-local test is symbolic).
 */
public sealed interface Partition permits Tiling, Replicated, Rects {

    /** The colors with a non-empty piece inside {@code bounds}. */
    Rect colorSpace(Rect bounds);

    /** The piece of color {@code color} (including any halo), clipped to {@code bounds}. */
    Rect piece(Point color, Rect bounds);

    /**
     * The piece of {@code color} without any halo, clipped to {@code bounds}: what a write through this
     * partition produced for that color (a tiling's tile; a list's rectangle; the whole store).
     */
    Rect tile(Point color, Rect bounds);

    /** True when no two pieces overlap (required for writes). */
    boolean isDisjoint();
}
