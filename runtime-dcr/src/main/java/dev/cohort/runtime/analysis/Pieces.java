package dev.cohort.runtime.analysis;

import dev.cohort.runtime.geometry.Point;
import dev.cohort.runtime.geometry.Rect;
import dev.cohort.runtime.partition.Partition;
import dev.cohort.runtime.partition.Rects;
import dev.cohort.runtime.partition.Replicated;
import dev.cohort.runtime.partition.Tiling;
import java.util.function.Consumer;

/**
 * Which pieces of a partition meet a rectangle, for every kind of partition: arithmetic on a tiling,
 * a search of the explicit list of a {@link Rects}, the one piece of {@link Replicated}. The answer is a
 * pure function of (partition, rectangle, bounds), so producer and consumer shards derive it alike.
 */
public final class Pieces {
    private Pieces() {
    }

    /**
     * Calls {@code action} with blocks of colors (rectangles of the color space) whose pieces, halo
     * included, meet {@code r}, in a canonical order: one block for a tiling (its colors may include some whose
     * piece does not meet {@code r} only where a caller intersects anyway), one single-color block per
     * meeting rectangle of a {@link Rects}, in increasing color order.
     */
    public static void forEachColorBlockIntersecting(Partition p, Rect r, Rect bounds, Consumer<Rect> action) {
        if (p instanceof Tiling t) {
            Rect colors = t.colorsIntersecting(r, bounds);
            if (!colors.isEmpty()) {
                action.accept(colors);
            }
        } else if (p instanceof Rects x) {
            Rect space = x.colors();
            x.forEachColorIntersecting(r, bounds, i -> action.accept(Rect.single(space.delinearize(i))));
        } else {
            if (!r.intersect(bounds).isEmpty()) {
                action.accept(Rect.single(Point.zeros(bounds.dim())));
            }
        }
    }
}
