package dev.cohort.runtime.analysis;

import dev.cohort.runtime.geometry.Point;
import dev.cohort.runtime.geometry.Rect;

/**
 * Where one part ({@code rect}) of a needed piece comes from: a fill constant, this shard's
 * replicated copy, or the piece of {@code color} of a tiled entry held by shard {@code owner}.
 */
public record Source(Rect rect, ValidEntry entry, Point color, int owner) {
}
