package dev.cohort.ndarray;

import dev.cohort.partitioner.Role;
import dev.cohort.tasks.Args;
import dev.cohort.tasks.OpCode;
import dev.cohort.tasks.Operand;
import dev.cohort.tasks.ViewTasks;

import java.util.ArrayList;
import java.util.List;

import static dev.cohort.ndarray.Launches.*;

/**
 * Writing through views and reshaping copies: {@code dst[...] = src} (assign, {@code copyto}),
 * {@code dst[...] = value} (fill) and the row-major gather behind {@code reshape}/{@code ravel} copies.
 * The views themselves ({@code a[...]}, {@code a.T}) are {@link NdArray}'s: they launch nothing.
 */
final class Indexing {
    private Indexing() {
    }

    /** {@code dst[...] = src} with broadcasting; same_kind casting like NumPy's {@code copyto}. */
    static NdArray assign(NdArray dst, NdArray src) {
        long[] shape;
        try {
            shape = Shapes.broadcast(dst.shape, src.shape);
        } catch (ShapeMismatchException e) {
            shape = null; // NumPy names the assignment, not the operands
        }
        if (shape == null || !java.util.Arrays.equals(shape, dst.shape)) {
            throw new ShapeMismatchException("could not broadcast input array from shape " + Shapes.str(src.shape)
                    + " into shape " + Shapes.str(dst.shape));
        }
        if (Eager.copy(dst.ctx, src, dst)) {
            return dst;
        }
        // a box of a store whose rest is one fill (BoxFill) may be renamed for its deferred readers (WriteHazards): the
        // fresh store is that fill, with nothing in the box to keep, so the copy writes the box (WRITE: the partitioner
        // tiles it within the box, and a single point reads the fill around it: AutoTask's privilege)
        java.util.OptionalLong outside = dst.coversBase() ? java.util.OptionalLong.empty() : BoxFill.outside(dst);
        boolean renamed = outside.isPresent() && WriteHazards.beforeBoxOverwrite(dst.ctx, dst, src, outside.getAsLong());
        List<Slot> slots = new ArrayList<>();
        slots.add(new Slot(dst, iterAccess(dst, shape), dst.coversBase() || renamed ? Role.WRITE : Role.READ_WRITE));
        Operand oin = input(slots, src, shape, dst);
        int task = src.dtype() == dst.dtype() ? OpCode.COPY.taskId() : OpCode.CONVERT.taskId();
        launch(task, shape, slots, new int[0], null, false, space -> new Args.Copy(space, oin, operand(slots, 0)).encode());
        if (outside.isPresent()) {
            BoxFill.afterCopy(dst, outside.getAsLong());
        }
        return dst;
    }

    /** {@code dst[...] = value}. */
    static void fill(NdArray dst, double value) {
        dst.base.checkWritable();
        if (dst.coversBase()) {
            Fusion.materialize(dst.base);
            WriteHazards.beforeWrite(dst.ctx, dst.base, true);
            dst.base.fill(dst.dtype().fieldType().bitsOf(value));
            return;
        }
        List<Slot> slots = new ArrayList<>();
        slots.add(new Slot(dst, iterAccess(dst, dst.shape), Role.READ_WRITE));
        Operand v = Operand.Const.of(value);
        launch(OpCode.FILL.taskId(), dst.shape, slots, new int[0], null, false, space -> new Args.Fill(space, v, operand(slots, 0)).encode());
    }

    /** A copy of {@code a}'s elements in row-major order under a new shape of the same size (reshape copy). */
    static NdArray gather(NdArray a, long[] shape) {
        NdArray out = Creation.empty(a.ctx, a.dtype(), shape);
        if (a.size() == 0) {
            return out;
        }
        List<Slot> slots = List.of(new Slot(out, iterAccess(out, shape), Role.WRITE), new Slot(a, a.view, Role.READ));
        Operand in = operand(slots, 1);
        Operand o = operand(slots, 0);
        launch(ViewTasks.GATHER, shape, slots, new int[0], null, true, space -> new ViewTasks.Gather(space, a.shape, in, o).encode());
        return out;
    }
}
