package dev.cohort.tasks;

import dev.cohort.runtime.geometry.Point;
import dev.cohort.runtime.geometry.Rect;
import dev.cohort.runtime.instance.Instance;

/**
 * The lanes of a piece along one axis, as indices into its instance: lane {@code l} (row-major over the other
 * dimensions) holds elements {@code start(l) + k * stride}, {@code k < length}. A piece's instance may be larger
 * than the piece; only the piece is visited.
 */
final class Lanes {
    final int count;
    final int length;
    final int stride;
    private final int[] starts;

    private Lanes(int[] starts, int length, int stride) {
        this.starts = starts;
        this.count = starts.length;
        this.length = length;
        this.stride = stride;
    }

    int start(int lane) {
        return starts[lane];
    }

    static Lanes of(Instance inst, Rect piece, int axis) {
        int dim = piece.dim();
        if (axis < 0 || axis >= Math.max(dim, 1)) {
            throw new IllegalArgumentException("axis " + axis + " is out of bounds for a piece of dimension " + dim);
        }
        if (!inst.rect().contains(piece)) {
            throw new IllegalArgumentException("piece " + piece + " is outside its instance " + inst.rect());
        }
        if (piece.isEmpty()) {
            return new Lanes(new int[0], 0, 1);
        }
        int length = Math.toIntExact(piece.extent(axis));
        int lanes = Math.toIntExact(piece.volume() / length);
        int[] starts = new int[lanes];
        long[] c = new long[dim];
        for (int d = 0; d < dim; d++) {
            c[d] = piece.lo(d);
        }
        for (int l = 0; l < lanes; l++) {
            starts[l] = inst.index(Point.of(c));
            for (int d = dim - 1; d >= 0; d--) {
                if (d == axis) {
                    continue;
                }
                if (++c[d] <= piece.hi(d)) {
                    break;
                }
                c[d] = piece.lo(d);
            }
        }
        return new Lanes(starts, length, (int) inst.stride(axis));
    }

    /** Checks that two pieces correspond element for element. */
    static void checkSameExtents(String what, Rect a, Rect b) {
        if (a.dim() != b.dim() || a.volume() != b.volume()) {
            throw new IllegalArgumentException(what + ": pieces " + a + " and " + b + " differ in shape");
        }
        for (int d = 0; d < a.dim(); d++) {
            if (a.volume() > 0 && a.extent(d) != b.extent(d)) {
                throw new IllegalArgumentException(what + ": pieces " + a + " and " + b + " differ in shape");
            }
        }
    }
}
