package dev.cohort.ndarray;

import dev.cohort.partitioner.Role;
import dev.cohort.runtime.geometry.Rect;
import dev.cohort.runtime.launch.Access;
import dev.cohort.tasks.Args;
import dev.cohort.tasks.OpCode;
import dev.cohort.tasks.RandDist;

import java.util.List;

import static dev.cohort.ndarray.Launches.*;

/**
 * NumPy's array creation ({@code empty}, {@code full}, {@code arange}, {@code random.*}, arrays from host
 * bytes): a new store, then at most one operation that writes it. NumPy's argument checks are the
 * callers' ({@link Np}); the memory-budget check ({@code MemoryError}) is here.
 */
final class Creation {
    private Creation() {
    }

    static NdArray empty(Cohort ctx, DType dtype, long[] shape) {
        long bytes = Shapes.checkNew(shape, dtype.itemsize());
        checkFits(ctx, dtype, shape, bytes);
        long[] ext = shape.length == 0 ? new long[]{1} : new long[shape.length];
        for (int i = 0; i < shape.length; i++) {
            ext[i] = Math.max(1, shape[i]);
        }
        Access view = shape.length == 0 ? new Access(new int[]{-1}, new long[]{1}, new long[]{0}) : Access.identity(shape.length);
        boolean eager = Shapes.volume(ext) <= ctx.eagerMaxVolume();
        return new NdArray(ctx, new ArrayStorage(ctx, dtype, ext, eager), shape.clone(), view);
    }

    /**
     * An array larger than every shard's memory budget together can never be held: NumPy's
     * {@code MemoryError} wording, raised at the call rather than when a task first allocates it.
     */
    private static void checkFits(Cohort ctx, DType dtype, long[] shape, long bytes) {
        dev.cohort.runtime.Runtime rt = ctx.runtime();
        long perShard = rt.sysmemBytes();
        int shards = rt.shards();
        long total = perShard > Long.MAX_VALUE / shards ? Long.MAX_VALUE : perShard * shards;
        if (bytes > total) {
            throw new dev.cohort.runtime.execution.MemoryBudgetExceededException("Unable to allocate " + Shapes.bytes(bytes)
                    + " for an array with shape " + Shapes.str(shape) + " and data type " + dtype
                    + ": more than the memory budget of " + shards + (shards == 1 ? " shard" : " shards") + " x "
                    + Shapes.bytes(perShard) + " (--sysmem, -Dcohort.sysmem.mib)");
        }
    }

    static NdArray full(Cohort ctx, DType dtype, long[] shape, double value) {
        NdArray a = empty(ctx, dtype, shape);
        if (value != 0 || Double.doubleToRawLongBits(value) != 0) {
            a.base.fill(dtype.fieldType().bitsOf(value));
        }
        return a;
    }

    /** An array from host data: {@code data} holds {@code volume(shape)} little-endian elements of {@code dtype}. */
    static NdArray load(Cohort ctx, DType dtype, long[] shape, byte[] data) {
        return JavaArrays.load(ctx, dtype, dtype, shape, JavaArrays.ofBytes(data, dtype.itemsize()));
    }

    static NdArray arange(Cohort ctx, DType dtype, double start, double step, long n) {
        NdArray out = empty(ctx, dtype, new long[]{n});
        List<Slot> slots = List.of(new Slot(out, out.view, Role.WRITE));
        launch(OpCode.ARANGE.taskId(), out.shape, slots, new int[0], null, false, space ->
                new Args.Arange(space, start, step, operand(slots, 0)).encode());
        return out;
    }

    static NdArray random(Cohort ctx, RandDist dist, DType dtype, double lo, double hi, long[] shape) {
        NdArray out = empty(ctx, dtype, shape);
        long seed = ctx.seed();
        long stream = ctx.nextStream();
        List<Slot> slots = List.of(new Slot(out, iterAccess(out, shape), Role.WRITE));
        launch(OpCode.RAND.taskId(), shape, slots, new int[0], null, false, space ->
                new Args.Rand(dist, seed, stream, lo, hi, space, operand(slots, 0)).encode());
        return out;
    }
}
