package dev.cohort.tasks;

import dev.cohort.runtime.launch.IterSpace;
import dev.cohort.runtime.launch.TaskContext;
import dev.cohort.runtime.region.FieldType;

/**
 * The public face of a point task's iteration tile for kernels outside this package (the GPU variants of
 * gpu-kernels): the tile's first iteration coordinate and extent, and each {@link Operand} resolved to affine
 * element offsets into its instance's array, exactly as the CPU kernels resolve them ({@link Tile}): iteration
 * point {@code lo + j} (with {@code 0 <= j < extent}) reaches element {@code base + sum_d j[d] * stride[d]} of the
 * operand's instance. The bounds checks are the CPU path's, so a GPU variant fails with the same message.
 */
public final class TileAccess {
    private final Tile tile;

    private TileAccess(Tile tile) {
        this.tile = tile;
    }

    /** The tile of point task {@code ctx} in {@code space}. */
    public static TileAccess of(TaskContext ctx, IterSpace space) {
        return new TileAccess(Tile.of(ctx, space));
    }

    /** True when the tile has no iteration points (some extent is 0). */
    public boolean empty() {
        return tile.empty;
    }

    /** The number of iteration dimensions. */
    public int dim() {
        return tile.dim();
    }

    /** The tile's first iteration coordinate per dimension (a copy). */
    public long[] lo() {
        return tile.lo.clone();
    }

    /** The tile's extent per dimension (a copy). */
    public long[] extent() {
        return tile.ext.clone();
    }

    /** The iteration space's shape (a copy). */
    public long[] spaceShape() {
        return tile.space.shape().clone();
    }

    /**
     * One operand resolved for this tile.
     *
     * @param requirement the launch requirement it reads or writes, or -1 for a constant
     * @param type        its element type
     * @param constBits   a constant's raw bits ({@link FieldType} encoding), 0 for a store
     * @param base        element offset of the tile's first point in the instance's array (0 for a constant)
     * @param stride      element offset per iteration step in each dimension (0 for a constant)
     */
    public record Resolved(int requirement, FieldType type, long constBits, long base, long[] stride) {
        public boolean constant() {
            return requirement < 0;
        }
    }

    /**
     * Resolves {@code op} ({@code role} names it in an error).
     *
     * @throws IndexOutOfBoundsException if the tile reaches outside the operand's instance
     * @throws IllegalArgumentException  if the operand's type or dimensions do not match its requirement
     */
    public Resolved resolve(Operand op, String role) {
        Tile.View v = tile.view(op, role);
        if (op instanceof Operand.Const c) {
            return new Resolved(-1, c.type(), c.bits(), 0, new long[tile.dim()]);
        }
        Operand.StoreOperand s = (Operand.StoreOperand) op;
        return new Resolved(s.requirement(), s.type(), 0, v.base, v.stride.clone());
    }
}
