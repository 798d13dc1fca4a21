package dev.cohort.ndarray;

import dev.cohort.runtime.geometry.Rect;
import dev.cohort.runtime.region.Store;

import java.util.OptionalLong;

/**
 * What the array layer knows about the elements of a store outside a box its copies write: that they all hold one
 * fill's value. A zero-bordered stencil array ({@code padded = zeros(n + 2, n + 2)}, then
 * {@code padded[1:-1, 1:-1] = u} every iteration) keeps its border, and {@link WriteHazards#beforeBoxOverwrite} can
 * give deferred readers the old store and the array a fresh one filled with that value instead of copying the array.
 *
 * <p>Two sources, both program order, so every shard knows the same: the runtime's valid-data map
 * ({@code Runtime#uniformOutside}: the parts outside the box resolve to one fill), and a fact this class records after
 * a copy into the box ({@link #afterCopy}) that held while nothing else wrote the store since
 * ({@code Runtime#writeCount} unchanged). The record is needed because the runtime cannot tell from its map what a
 * copy into the box left around it: a tiling of the box gives its last tiles the rest of the store up to the store's
 * bounds, and the map holds those parts as the copy's; the array layer knows the copy wrote the box alone, and kept
 * (it read them, {@code READ_WRITE}) the elements around it.
 */
final class BoxFill {
    /** The store the fact is about (a rename gives the storage another). */
    final Store store;
    /** The box (inclusive) outside which every element holds {@link #bits}. */
    final Rect box;
    final long bits;
    /** {@code Runtime#writeCount} of {@link #store} right after the copy that recorded the fact. */
    final long writes;

    private BoxFill(Store store, Rect box, long bits, long writes) {
        this.store = store;
        this.box = box;
        this.bits = bits;
        this.writes = writes;
    }

    /**
     * The raw bits every element outside the box of view {@code dst} holds, when known; empty for a view that is not a
     * box (unit steps) or is empty, an eager or deferred storage, or a store whose outside is not one fill.
     */
    static OptionalLong outside(NdArray dst) {
        ArrayStorage b = dst.base;
        if (b.isEager() || b.pending != null || !b.isLive() || Shapes.volume(dst.shape) == 0) {
            return OptionalLong.empty();
        }
        Rect box = WriteHazards.box(dst);
        if (box == null) {
            return OptionalLong.empty();
        }
        Store s = b.store();
        BoxFill f = b.boxFill;
        if (f != null && f.store == s && f.box.equals(box) && f.writes == dst.ctx.runtime().writeCount(s)) {
            return OptionalLong.of(f.bits);
        }
        return dst.ctx.runtime().uniformOutside(s, box);
    }

    /** After a copy into the box of {@code dst} that wrote nothing else: outside it, every element still holds {@code bits}. */
    static void afterCopy(NdArray dst, long bits) {
        ArrayStorage b = dst.base;
        Store s = b.store();
        b.boxFill = new BoxFill(s, WriteHazards.box(dst), bits, dst.ctx.runtime().writeCount(s));
    }
}
