package dev.cohort.runtime.analysis;

import dev.cohort.runtime.geometry.Point;
import dev.cohort.runtime.geometry.Rect;
import dev.cohort.runtime.partition.Partition;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * Resolves a needed rectangle of a store against its symbolic valid-data map, by arithmetic on
 * partitions only (tilings, explicit rectangle lists): newest entry first, each part goes to the entry that wrote it last. The result is
 * a pure function of (valid map, rectangle, shard count), so a consumer and a producer shard
 * compute the same list — and so the same transfer tags — without asking each other.
 */
public final class SourceResolver {
    private SourceResolver() {
    }

    /** The sources of {@code needed}, in a canonical order. */
    public static List<Source> resolve(StoreState store, Rect needed, int shards) {
        List<Source> out = new ArrayList<>();
        List<Rect> pending = new ArrayList<>();
        if (!needed.isEmpty()) {
            pending.add(needed);
        }
        List<ValidEntry> entries = store.entries();
        for (int e = entries.size() - 1; e >= 0 && !pending.isEmpty(); e--) {
            ValidEntry entry = entries.get(e);
            if (entry instanceof ValidEntry.Tiled t) {
                pending = resolveTiled(store.bounds(), t, pending, shards, out::add);
            } else {
                for (Rect r : pending) {
                    out.add(new Source(r, entry, null, -1));
                }
                pending = List.of();
            }
        }
        if (!pending.isEmpty()) {
            throw new IllegalStateException("store " + store.id() + ": no valid data for " + pending);
        }
        return out;
    }

    private static List<Rect> resolveTiled(Rect bounds, ValidEntry.Tiled t, List<Rect> pending, int shards,
                                           Consumer<Source> out) {
        Layout layout = t.layout();
        Partition partition = layout.partition();
        Rect written = layout.projection().image(layout.domain());
        List<Rect> remaining = new ArrayList<>();
        for (Rect r : pending) {
            List<Rect> left = new ArrayList<>();
            left.add(r);
            List<Rect> blocks = new ArrayList<>(1);
            Pieces.forEachColorBlockIntersecting(partition, r, bounds, blocks::add);
            for (Rect block : blocks) {
                Rect colors = block.intersect(written);
                long n = colors.volume();
                for (long i = 0; i < n; i++) {
                    Point c = colors.delinearize(i);
                    Rect tile = partition.tile(c, bounds);
                    Rect part = tile.intersect(r);
                    if (part.isEmpty()) {
                        continue;
                    }
                    Rect points = layout.projection().preimage(Rect.single(c), layout.domain());
                    Point q = points.lo();
                    int owner = layout.owner(layout.domain().linearize(q), shards);
                    out.accept(new Source(part, t, c, owner));
                    List<Rect> next = new ArrayList<>();
                    for (Rect l : left) {
                        next.addAll(l.subtract(tile));
                    }
                    left = next;
                }
            }
            remaining.addAll(left);
        }
        return remaining;
    }
}
