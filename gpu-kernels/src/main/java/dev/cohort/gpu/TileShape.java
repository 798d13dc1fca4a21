package dev.cohort.gpu;

import dev.cohort.runtime.region.FieldType;
import dev.cohort.tasks.TileAccess;
import java.util.Arrays;

/**
 * A point task's tile as the kernels see it ({@code Shape} and {@code Opd} of {@code cohort.cuh}): the tile's extents
 * after dropping unit dimensions and merging each pair of adjacent dimensions that is contiguous for every operand
 * (the CPU path's row plan does the same), and each operand's element type, constant bits, base offset and strides
 * over the merged dimensions. A dense tile of any rank becomes one dimension with unit strides, which the kernels
 * run without index arithmetic.
 */
public final class TileShape {
    /** Most dimensions a kernel takes ({@code COHORT_MAXD}). */
    public static final int MAXD = 8;

    private final long[] ext;
    private final long volume;
    private final TileAccess.Resolved[] ops;
    private final long[][] strides;

    private TileShape(long[] ext, TileAccess.Resolved[] ops, long[][] strides) {
        this.ext = ext;
        this.ops = ops;
        this.strides = strides;
        long v = 1;
        for (long e : ext) {
            v *= e;
        }
        this.volume = v;
    }

    /**
     * Merges {@code tile}'s dimensions over {@code ops}.
     *
     * @throws GpuException if more than {@link #MAXD} dimensions remain after merging
     */
    public static TileShape of(TileAccess tile, TileAccess.Resolved... ops) {
        return of(tile.extent(), ops);
    }

    /** As {@link #of(TileAccess, TileAccess.Resolved...)} for explicit extents. */
    public static TileShape of(long[] extent, TileAccess.Resolved... ops) {
        int n = extent.length;
        long[] e = new long[Math.max(1, n)];
        long[][] st = new long[ops.length][Math.max(1, n)];
        int k = 0;
        for (int d = 0; d < n; d++) {
            if (extent[d] == 1 && n > 1) {
                continue;
            }
            if (k > 0 && mergeable(ops, st, k - 1, d, extent[d])) {
                e[k - 1] *= extent[d];
                for (int o = 0; o < ops.length; o++) {
                    st[o][k - 1] = ops[o].stride()[d];
                }
                continue;
            }
            e[k] = extent[d];
            for (int o = 0; o < ops.length; o++) {
                st[o][k] = ops[o].stride()[d];
            }
            k++;
        }
        if (k == 0) {
            e[0] = n == 0 ? 1 : extent[n - 1];
            k = 1;
        }
        if (k > MAXD) {
            throw new GpuException("a tile of " + k + " non-mergeable dimensions " + Arrays.toString(extent)
                    + " exceeds the kernels' " + MAXD);
        }
        long[][] out = new long[ops.length][];
        for (int o = 0; o < ops.length; o++) {
            out[o] = Arrays.copyOf(st[o], k);
        }
        return new TileShape(Arrays.copyOf(e, k), ops, out);
    }

    /** True when merged dimension {@code prev} and tile dimension {@code d} (extent {@code ed}) are contiguous for every operand. */
    private static boolean mergeable(TileAccess.Resolved[] ops, long[][] st, int prev, int d, long ed) {
        for (int o = 0; o < ops.length; o++) {
            if (st[o][prev] != ops[o].stride()[d] * ed) {
                return false;
            }
        }
        return true;
    }

    public int dim() {
        return ext.length;
    }

    public long volume() {
        return volume;
    }

    public long[] extent() {
        return ext.clone();
    }

    /** Operand {@code i}'s strides over the merged dimensions. */
    public long[] stride(int i) {
        return strides[i].clone();
    }

    public TileAccess.Resolved operand(int i) {
        return ops[i];
    }

    /** True when every store operand walks the tile with unit stride in one dimension (the kernels' dense path). */
    public boolean dense() {
        if (ext.length != 1) {
            return false;
        }
        for (int o = 0; o < ops.length; o++) {
            if (!ops[o].constant() && strides[o][0] != 1) {
                return false;
            }
        }
        return true;
    }

    /** {@code struct Shape { i64 ndim, volume, ext[MAXD]; }} */
    long[] shapeStruct() {
        long[] s = new long[2 + MAXD];
        s[0] = ext.length;
        s[1] = volume;
        System.arraycopy(ext, 0, s, 2, ext.length);
        return s;
    }

    /** {@code struct Opd { i64 type, bits, base, stride[MAXD]; }}: type is the {@link FieldType} ordinal. */
    long[] opdStruct(int i) {
        TileAccess.Resolved r = ops[i];
        long[] s = new long[3 + MAXD];
        s[0] = r.type().ordinal();
        s[1] = r.constBits();
        s[2] = r.base();
        if (!r.constant()) {
            System.arraycopy(strides[i], 0, s, 3, strides[i].length);
        }
        return s;
    }

    /** Type codes of {@code cohort.cuh} ({@code T_FLOAT64} ...) are the {@link FieldType} ordinals. */
    static int code(FieldType t) {
        return t.ordinal();
    }
}
