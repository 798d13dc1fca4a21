package dev.cohort.runtime.analysis;

import dev.cohort.runtime.execution.PhysicalInstance;
import dev.cohort.runtime.geometry.Point;
import java.util.HashMap;
import java.util.Map;

/**
 * One entry of a store's symbolic valid-data map (DESIGN.md §3): where the newest data of some
 * part of the store lives. The entry itself is identical on every shard; only the instances a
 * shard holds for it are local.
 */
public sealed interface ValidEntry {

    /** The store holds a constant everywhere (Legion: deferred fill; no instance until read). */
    record Fill(long bits) implements ValidEntry {
    }

    /** Every shard holds a full valid copy. */
    record Replicated(PhysicalInstance local) implements ValidEntry {
    }

    /**
     * Written through {@code layout}: the piece of color {@code c} is valid on shard
     * {@code layout.owner(point)} for the point projecting to {@code c}. {@code local} holds this
     * shard's pieces by color.
     */
    record Tiled(Layout layout, Map<Point, PhysicalInstance> local) implements ValidEntry {
        public Tiled(Layout layout) {
            this(layout, new HashMap<>());
        }
    }
}
