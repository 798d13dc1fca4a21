package dev.cohort.partitioner;

import dev.cohort.runtime.geometry.Rect;
import dev.cohort.runtime.partition.Partition;
import dev.cohort.runtime.launch.Access;

import java.util.Arrays;
import java.util.Collections;
import java.util.List;

/**
 * An operation as the partitioner sees it (Legate: an AutoTask with its constraints): an iteration
 * space, the stores it touches (each reached through an {@link Access} from the iteration space),
 * and constraints between them. Built by the array layer; immutable.
 */
public final class Operation {
    /**
     * One store the operation touches.
     *
     * @param bounds       the store's bounds
     * @param access       how iteration points reach store coordinates
     * @param role         read, write, read-write or reduce
     * @param keyPartition the partition the store was last written through (Legate: key partition), or null
     */
    public record Operand(Rect bounds, Access access, Role role, Partition keyPartition) {
        public Operand {
            if (access.storeDim() != bounds.dim()) {
                throw new IllegalArgumentException("access " + access + " has " + access.storeDim()
                        + " store dimensions, store bounds " + bounds + " has " + bounds.dim());
            }
        }

        public long volume() {
            return bounds.volume();
        }
    }

    private final long[] shape;
    private final List<Operand> operands;
    private final int[] alignParent;
    private final boolean[] untiled;
    private final boolean[] replicate;
    private final long[][] halo;

    private Operation(Builder b) {
        int n = b.count;
        this.shape = b.shape; // the builder's own copy; a builder builds once (build hands its arrays over)
        this.operands = Collections.unmodifiableList(Arrays.asList(Arrays.copyOf(b.operands, n)));
        this.alignParent = new int[n];
        for (int i = 0; i < n; i++) {
            alignParent[i] = b.find(i);
        }
        this.untiled = b.untiled;
        this.replicate = Arrays.copyOf(b.replicate, n);
        this.halo = Arrays.copyOf(b.halo, n);
    }

    @Override
    public boolean equals(Object o) {
        return o == this || o instanceof Operation p && hashCode() == p.hashCode() && Arrays.equals(shape, p.shape)
                && operands.equals(p.operands) && Arrays.equals(alignParent, p.alignParent)
                && Arrays.equals(untiled, p.untiled) && Arrays.equals(replicate, p.replicate)
                && Arrays.deepEquals(halo, p.halo);
    }

    private int hash;

    @Override
    public int hashCode() {
        int h = hash;
        if (h == 0) {
            h = Arrays.hashCode(shape);
            h = 31 * h + operands.hashCode();
            h = 31 * h + Arrays.hashCode(alignParent);
            h = 31 * h + Arrays.hashCode(untiled);
            h = 31 * h + Arrays.hashCode(replicate);
            h = 31 * h + Arrays.deepHashCode(halo);
            hash = h == 0 ? 1 : h;
        }
        return hash;
    }

    public static Builder builder(long... iterShape) {
        return new Builder(iterShape);
    }

    /** Extents of the iteration space. */
    public long[] shape() {
        return shape.clone();
    }

    public List<Operand> operands() {
        return operands;
    }

    /** The representative of operand {@code i}'s alignment class (union-find root). */
    public int alignClass(int i) {
        return alignParent[i];
    }

    /** True when iteration dimension {@code d} must not be tiled (a {@code broadcast} constraint). */
    public boolean isUntiled(int d) {
        return untiled[d];
    }

    /** True when operand {@code i} carries a {@code replicate} constraint. */
    public boolean isReplicated(int i) {
        return replicate[i];
    }

    /** The halo (per store dimension) requested for operand {@code i}, or null. */
    public long[] halo(int i) {
        return halo[i] == null ? null : halo[i].clone();
    }

    /** Builds an {@link Operation}; operand indices are in order of {@link #operand} calls. */
    public static final class Builder {
        private final long[] shape;
        private Operand[] operands = new Operand[4];
        private int[] parent = new int[4];
        private boolean[] replicate = new boolean[4];
        private long[][] halo = new long[4][];
        private int count;
        private boolean built;
        private final boolean[] untiled;

        private Builder(long[] shape) {
            for (long s : shape) {
                if (s < 0) {
                    throw new IllegalArgumentException("negative iteration extent in " + Arrays.toString(shape));
                }
            }
            this.shape = shape.clone();
            this.untiled = new boolean[shape.length];
        }

        /** Adds an operand; returns its index. */
        public int operand(Rect bounds, Access access, Role role, Partition keyPartition) {
            for (int k = 0; k < access.storeDim(); k++) {
                if (access.iterDim()[k] >= shape.length) {
                    throw new IllegalArgumentException("access " + access + " names iteration dimension "
                            + access.iterDim()[k] + " of a " + shape.length + "-d iteration space");
                }
            }
            requireOpen();
            if (count == operands.length) {
                operands = Arrays.copyOf(operands, 2 * count);
                parent = Arrays.copyOf(parent, 2 * count);
                replicate = Arrays.copyOf(replicate, 2 * count);
                halo = Arrays.copyOf(halo, 2 * count);
            }
            operands[count] = new Operand(bounds, access, role, keyPartition);
            parent[count] = count;
            return count++;
        }

        /** {@code align(a, b)}: the two operands are partitioned by the same tiling of the iteration space. */
        public Builder align(int a, int b) {
            check(a);
            check(b);
            int ra = find(a);
            int rb = find(b);
            if (ra != rb) {
                parent[Math.max(ra, rb)] = Math.min(ra, rb);
            }
            return this;
        }

        /** {@code broadcast(dims)}: these iteration dimensions are not tiled (every point sees them whole). */
        public Builder broadcast(int... iterDims) {
            requireOpen();
            for (int d : iterDims) {
                if (d < 0 || d >= shape.length) {
                    throw new IllegalArgumentException("broadcast dimension " + d + " out of range for a " + shape.length + "-d iteration space");
                }
                untiled[d] = true;
            }
            return this;
        }

        /** {@code replicate(i)}: operand {@code i} is read whole by every point ({@code Replicated}). */
        public Builder replicate(int i) {
            check(i);
            replicate[i] = true;
            return this;
        }

        /** {@code halo(i, h)}: operand {@code i}'s pieces are grown by {@code h} per store dimension (stencil reads). */
        public Builder halo(int i, long... h) {
            check(i);
            if (h.length != operands[i].bounds().dim()) {
                throw new IllegalArgumentException("halo " + Arrays.toString(h) + " for a " + operands[i].bounds().dim() + "-d store");
            }
            halo[i] = h.clone();
            return this;
        }

        public Operation build() {
            requireOpen();
            built = true;
            return new Operation(this);
        }

        private void check(int i) {
            requireOpen();
            if (i < 0 || i >= count) {
                throw new IllegalArgumentException("no operand " + i + "; " + count + " added");
            }
        }

        /** A builder hands its arrays to the operation it builds: it builds once and is not changed after. */
        private void requireOpen() {
            if (built) {
                throw new IllegalStateException("this builder has built its operation already");
            }
        }

        int find(int i) {
            while (parent[i] != i) {
                i = parent[i];
            }
            return i;
        }
    }
}
