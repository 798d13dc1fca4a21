package dev.cohort.runtime.partition;

import dev.cohort.runtime.geometry.Point;
import dev.cohort.runtime.geometry.Rect;
import java.util.Arrays;

/**
 * Maps a launch point to a color of a partition (Legion: projection functor). One affine family
 * covers the cases the array layer needs: {@code color[i] = (src[i] < 0 ? 0 : p[src[i]]) + offset[i]}
 * — identity, dimension permutation (transposed views), constant (broadcast: every point reads the
 * same piece) and shifts. Compared by value, so the coarse stage's shard-local test is symbolic.
 */
public final class Projection {
    private final int[] src;
    private final long[] offset;

    private Projection(int[] src, long[] offset) {
        if (src.length != offset.length) {
            throw new IllegalArgumentException("projection source dims " + Arrays.toString(src)
                    + " and offsets " + Arrays.toString(offset) + " differ in length");
        }
        for (int i = 0; i < src.length; i++) {
            for (int j = 0; j < i; j++) {
                if (src[i] >= 0 && src[i] == src[j]) {
                    throw new IllegalArgumentException("projection uses launch dimension " + src[i] + " twice: " + Arrays.toString(src));
                }
            }
        }
        this.src = src;
        this.offset = offset;
    }

    /** color = point, {@code dim} dimensions. */
    public static Projection identity(int dim) {
        int[] s = new int[dim];
        for (int i = 0; i < dim; i++) {
            s[i] = i;
        }
        return new Projection(s, new long[dim]);
    }

    /** color[i] = point[perm[i]] (a transposed view of a tiled store). */
    public static Projection permutation(int... perm) {
        return new Projection(perm.clone(), new long[perm.length]);
    }

    /** Every launch point gets {@code color} (a broadcast operand). */
    public static Projection constant(Point color) {
        int[] s = new int[color.dim()];
        Arrays.fill(s, -1);
        return new Projection(s, color.toArray());
    }

    /** color = point + shift (a shifted view). */
    public static Projection shift(long... shift) {
        Projection id = identity(shift.length);
        return new Projection(id.src, shift.clone());
    }

    /** The general affine form; {@code src[i] = -1} makes color dimension {@code i} constant. */
    public static Projection of(int[] src, long[] offset) {
        return new Projection(src.clone(), offset.clone());
    }

    public int colorDim() {
        return src.length;
    }

    /** The launch dimension color dimension {@code i} is taken from, or -1 when it is constant. */
    public int source(int i) {
        return src[i];
    }

    /** The offset added to color dimension {@code i}. */
    public long offset(int i) {
        return offset[i];
    }

    public Point apply(Point p) {
        long[] c = new long[src.length];
        for (int i = 0; i < src.length; i++) {
            c[i] = (src[i] < 0 ? 0 : p.get(src[i])) + offset[i];
        }
        return Point.of(c);
    }

    /** The colors reached from the points of {@code domain} (a rectangle, since the map is affine). */
    public Rect image(Rect domain) {
        long[] lo = new long[src.length];
        long[] hi = new long[src.length];
        for (int i = 0; i < src.length; i++) {
            lo[i] = (src[i] < 0 ? 0 : domain.lo(src[i])) + offset[i];
            hi[i] = (src[i] < 0 ? 0 : domain.hi(src[i])) + offset[i];
        }
        return domain.isEmpty() ? Rect.ofExtents(new long[src.length]) : Rect.of(lo, hi);
    }

    /** The points of {@code domain} whose color lies in {@code colors} (a rectangle). */
    public Rect preimage(Rect colors, Rect domain) {
        long[] lo = new long[domain.dim()];
        long[] hi = new long[domain.dim()];
        for (int k = 0; k < lo.length; k++) {
            lo[k] = domain.lo(k);
            hi[k] = domain.hi(k);
        }
        for (int i = 0; i < src.length; i++) {
            if (src[i] < 0) {
                if (offset[i] < colors.lo(i) || offset[i] > colors.hi(i)) {
                    return Rect.ofExtents(new long[domain.dim()]);
                }
            } else {
                lo[src[i]] = Math.max(lo[src[i]], colors.lo(i) - offset[i]);
                hi[src[i]] = Math.min(hi[src[i]], colors.hi(i) - offset[i]);
            }
        }
        return Rect.of(lo, hi);
    }

    /** True when distinct points of {@code domain} get distinct colors (required for writes). */
    public boolean isInjectiveOn(Rect domain) {
        for (int k = 0; k < domain.dim(); k++) {
            if (domain.extent(k) > 1 && !uses(k)) {
                return false;
            }
        }
        return true;
    }

    private boolean uses(int k) {
        for (int s : src) {
            if (s == k) {
                return true;
            }
        }
        return false;
    }

    /** Checks that every source dimension exists in a launch domain of {@code launchDim} dimensions. */
    public void checkLaunchDim(int launchDim) {
        for (int s : src) {
            if (s >= launchDim) {
                throw new IllegalArgumentException("projection " + this + " reads launch dimension " + s
                        + " of a " + launchDim + "-d launch domain");
            }
        }
    }

    @Override
    public boolean equals(Object o) {
        return o == this || o instanceof Projection p && Arrays.equals(src, p.src) && Arrays.equals(offset, p.offset);
    }

    private int hash;

    @Override
    public int hashCode() {
        int h = hash;
        if (h == 0) {
            h = Arrays.hashCode(src) * 31 + Arrays.hashCode(offset);
            hash = h;
        }
        return h;
    }

    @Override
    public String toString() {
        return "Projection(src=" + Arrays.toString(src) + ", offset=" + Arrays.toString(offset) + ")";
    }
}
