package dev.cohort.ndarray;

import dev.cohort.partitioner.AutoTask;
import dev.cohort.partitioner.Role;
import dev.cohort.partitioner.Strategy;
import dev.cohort.runtime.launch.Access;
import dev.cohort.runtime.launch.Decisive;
import dev.cohort.runtime.launch.Future;
import dev.cohort.runtime.launch.IterSpace;
import dev.cohort.runtime.launch.ReductionOp;
import dev.cohort.runtime.partition.Tiling;
import dev.cohort.tasks.Operand;

import java.util.List;
import java.util.function.Function;

/**
 * How the array layer describes an operation to the runtime seam: {@link Slot}s (an array, its access
 * from the iteration space, its role) become one {@link AutoTask} — which plans (single replicated point or
 * the partitioner's strategy), chooses privileges, launches and records key partitions — after the array
 * layer's own duties ({@link #prepare}: one context, deferred operands materialised and their readers
 * protected, no write to a read-only memmap). Plus the accesses NumPy broadcasting gives and the operands
 * tasks read them through.
 */
final class Launches {
    private Launches() {
    }

    /** One store an operation touches: the array, its access from the iteration space, and its role. */
    record Slot(NdArray array, Access access, Role role) {
        Slot {
            array.ctx.checkCaller(); // an operand from another context fails here, naming both
        }
    }

    /** {@code a}'s access from an iteration space of shape {@code iter} it broadcasts to (NumPy broadcasting). */
    static Access iterAccess(NdArray a, long[] iter) {
        int off = iter.length - a.ndim();
        if (off == 0 && !broadcasts(a, iter)) {
            return a.view; // the view itself (the usual case: operands of the iteration space's own shape)
        }
        int[] it = a.view.iterDim().clone();
        for (int k = 0; k < it.length; k++) {
            int v = it[k];
            if (v < 0) {
                continue;
            }
            it[k] = a.shape[v] == 1 && iter[v + off] != 1 ? -1 : v + off;
        }
        return new Access(it, a.view.step(), a.view.start());
    }

    /** True when one of {@code a}'s dimensions of extent 1 is stretched to {@code iter}'s (same rank). */
    private static boolean broadcasts(NdArray a, long[] iter) {
        for (int v = 0; v < a.shape.length; v++) {
            if (a.shape[v] == 1 && iter[v] != 1) {
                return true;
            }
        }
        return false;
    }

    /** {@code a}'s access when its view dimension {@code v} follows iteration dimension {@code map[v]}. */
    static Access remap(NdArray a, int[] map) {
        int[] it = a.view.iterDim().clone();
        for (int k = 0; k < it.length; k++) {
            if (it[k] >= 0) {
                it[k] = map[it[k]];
            }
        }
        return new Access(it, a.view.step(), a.view.start());
    }

    static Operand inputMapped(List<Slot> slots, NdArray a, int[] map, NdArray out) {
        NdArray src = unaliased(a, out);
        slots.add(new Slot(src, remap(src, map), Role.READ));
        return operand(slots, slots.size() - 1);
    }

    /** Adds {@code x} (an array or a Java scalar) as an input; returns its operand. */
    static Operand input(List<Slot> slots, Object x, long[] iter, NdArray out) {
        if (x instanceof NdArray a) {
            NdArray src = unaliased(a, out);
            slots.add(new Slot(src, iterAccess(src, iter), Role.READ));
            return operand(slots, slots.size() - 1);
        }
        return constant(x);
    }

    /** A scalar operand ({@code Double}, {@code Float}, {@code Long}, {@code Integer} or {@code Boolean}) as a constant. */
    static Operand.Const constant(Object x) {
        if (x instanceof Double || x instanceof Float) {
            return Operand.Const.of(((Number) x).doubleValue());
        }
        if (x instanceof Long || x instanceof Integer) {
            return Operand.Const.of(((Number) x).longValue());
        }
        if (x instanceof Boolean bo) {
            return Operand.Const.of(bo);
        }
        throw new DTypeException("unsupported operand type " + (x == null ? "null" : x.getClass().getName()));
    }

    /** An input that shares the output's store through another view is copied first (NumPy buffers overlapping operands). */
    static NdArray unaliased(NdArray a, NdArray out) {
        if (out != null && a.base == out.base && !(a.view.equals(out.view) && java.util.Arrays.equals(a.shape, out.shape))) {
            return a.copy();
        }
        return a;
    }

    static Operand operand(List<Slot> slots, int i) {
        Slot s = slots.get(i);
        return new Operand.StoreOperand(i, s.array.dtype().fieldType(), s.access);
    }

    static NdArray output(Cohort ctx, NdArray out, DType result, long[] shape, String ufunc) {
        if (out == null) {
            return Creation.empty(ctx, result, shape);
        }
        if (!java.util.Arrays.equals(out.shape, shape)) {
            throw new ShapeMismatchException("non-broadcastable output operand with shape " + Shapes.str(out.shape)
                    + " doesn't match the broadcast shape " + Shapes.str(shape));
        }
        if (!out.dtype().canCastSameKind(result)) {
            throw new DTypeException("Cannot cast ufunc '" + ufunc + "' output from dtype('" + result + "') to dtype('"
                    + out.dtype() + "') with casting rule 'same_kind'");
        }
        return out;
    }

    /**
     * The {@link AutoTask} of an operation of {@code taskId} over {@code slots} (slot 0 the primary output):
     * each slot's store with its access and role (REDUCE slots folded with {@code redop}), every slot aligned
     * with slot 0, iteration dimensions {@code untiled} broadcast, one replicated point when
     * {@code forceSingle}, and the key partitions {@code keys[i]} (null: none) instead of the stores' own
     * when {@code keys} is given. Issues nothing.
     */
    static AutoTask task(Cohort ctx, int taskId, long[] iterShape, List<Slot> slots, int[] untiled, ReductionOp redop,
                         boolean forceSingle, Tiling[] keys) {
        demote(slots);
        AutoTask t = AutoTask.create(ctx.runtime(), ctx.machine(), taskId, iterShape).advisedBy(ctx.advisor())
                .memoizedBy(ctx.partitionMemo());
        for (Slot s : slots) {
            t.add(s.array.base.logical(), s.access, s.role, redop);
        }
        t.alignAll();
        if (untiled.length > 0) {
            t.broadcast(untiled);
        }
        t.singlePoint(forceSingle);
        if (keys != null) {
            for (int i = 0; i < keys.length; i++) {
                t.keyPartition(i, keys[i]);
            }
        }
        return t;
    }

    /** The strategy {@link #launch} would use for these slots ({@link AutoTask#strategy()}); issues nothing. */
    static Strategy strategy(Cohort ctx, long[] iterShape, List<Slot> slots, int[] untiled, boolean forceSingle,
                             Tiling[] keys) {
        return task(ctx, -1, iterShape, slots, untiled, null, forceSingle, keys).strategy();
    }

    /**
     * Partitions and issues one operation. Slot 0 is the primary output. Views with negative steps
     * cannot be tiled: such an operation runs as one point on every shard's replicated copy.
     */
    static void launch(int taskId, long[] iterShape, List<Slot> slots, int[] untiled, ReductionOp redop,
                       boolean forceSingle, Function<IterSpace, byte[]> args) {
        launch(taskId, iterShape, slots, untiled, redop, forceSingle, args, null);
    }

    /**
     * {@link #launch} with the key partitions the partitioner sees given per slot ({@code keys[i]},
     * null for none) instead of the stores' own; {@code keys == null}: the stores' own.
     */
    static void launch(int taskId, long[] iterShape, List<Slot> slots, int[] untiled, ReductionOp redop,
                       boolean forceSingle, Function<IterSpace, byte[]> args, Tiling[] keys) {
        launch(taskId, iterShape, slots, untiled, redop, null, forceSingle, args, keys);
    }

    /**
     * {@link #launch} of a reduction whose slot 0 is the REDUCE output, declaring {@code decisive} (null: none) as the
     * value of that output's accumulator that decides the result ({@link AutoTask#decisive}): the runtime may then
     * skip point tasks once one reached it, as NumPy's {@code any} stops at the first true element.
     */
    static void launchReduction(int taskId, long[] iterShape, List<Slot> slots, ReductionOp redop, Decisive decisive,
                                Function<IterSpace, byte[]> args) {
        launch(taskId, iterShape, slots, new int[0], redop, decisive, false, args, null);
    }

    private static void launch(int taskId, long[] iterShape, List<Slot> slots, int[] untiled, ReductionOp redop,
                               Decisive decisive, boolean forceSingle, Function<IterSpace, byte[]> args, Tiling[] keys) {
        if (Shapes.volume(iterShape) == 0) {
            return;
        }
        Cohort ctx = prepare(slots);
        if (Eager.eligible(taskId, slots) && Shapes.volume(iterShape) <= ctx.eagerMaxVolume()) {
            Eager.run(ctx, taskId, iterShape, slots, redop, args);
            return;
        }
        decided(task(ctx, taskId, iterShape, slots, untiled, redop, forceSingle, keys), decisive).scalars(args).execute();
    }

    /** {@code t} with slot 0's decisive value declared ({@link AutoTask#decisive}; null: none). */
    private static AutoTask decided(AutoTask t, Decisive decisive) {
        return decisive == null ? t : t.decisive(0, decisive);
    }

    /**
     * {@link #launch} with a strategy already chosen (one partition and projection per slot); the
     * slots' arrays must be materialised already.
     */
    static void launch(int taskId, long[] iterShape, List<Slot> slots, ReductionOp redop, Strategy st,
                       Function<IterSpace, byte[]> args) {
        launch(taskId, iterShape, slots, redop, null, st, args);
    }

    /** {@link #launch(int, long[], List, ReductionOp, Strategy, Function)} declaring slot 0's decisive value (null: none; see {@link #launchReduction}). */
    static void launch(int taskId, long[] iterShape, List<Slot> slots, ReductionOp redop, Decisive decisive, Strategy st,
                       Function<IterSpace, byte[]> args) {
        if (Shapes.volume(iterShape) == 0) {
            return;
        }
        for (Slot s : slots) {
            if (s.array.base.pending != null) {
                throw new IllegalStateException("a launch with a given strategy needs materialised operands");
            }
        }
        if (st.partitions().size() != slots.size()) {
            throw new IllegalArgumentException(st.partitions().size() + " partitions for " + slots.size() + " slots");
        }
        Cohort ctx = prepare(slots);
        decided(task(ctx, taskId, iterShape, slots, new int[0], redop, false, null), decisive).scalars(args).execute(st);
    }

    /** What a launch folds its point tasks' results into: {@code length} elements of {@code type} with {@code op}. */
    record Result(ReductionOp op, dev.cohort.runtime.region.FieldType type, int length) {
    }

    /**
     * {@link #launch} of a task whose point tasks set results, folded as {@code result} says into the
     * returned future (the same value on every shard); {@code null} when the iteration space is empty.
     */
    static Future launchForResult(int taskId, long[] iterShape, List<Slot> slots, boolean forceSingle,
                                  Function<IterSpace, byte[]> args, Result result) {
        if (Shapes.volume(iterShape) == 0) {
            return null;
        }
        Cohort ctx = prepare(slots);
        return task(ctx, taskId, iterShape, slots, new int[0], null, forceSingle, null).scalars(args)
                .result(result.op(), result.type(), result.length()).execute();
    }

    /**
     * {@link #launch} over {@code st} (from {@link #strategy}, computed before the slots' arrays were
     * materialised) whose point tasks set results, folded as {@code result} says; the slots' deferred
     * arrays are materialised and their readers protected first.
     */
    static Future launchForResult(int taskId, long[] iterShape, List<Slot> slots, Strategy st,
                                  Function<IterSpace, byte[]> args, Result result) {
        Cohort ctx = prepare(slots);
        return task(ctx, taskId, iterShape, slots, new int[0], null, false, null).scalars(args)
                .result(result.op(), result.type(), result.length()).execute(st);
    }

    /** A single task that touches no store (e.g. renaming a file), its result folded as {@code result} says. */
    static Future singleForResult(Cohort ctx, int taskId, byte[] scalars, Result result) {
        return AutoTask.single(ctx.runtime(), taskId).scalars(scalars)
                .result(result.op(), result.type(), result.length()).execute();
    }

    /**
     * Gives every slot's storage its store ({@link ArrayStorage#store()}: an eager one is demoted, its elements
     * loaded), before an {@link AutoTask} is built over them: a launch that is not {@link Eager}'s.
     */
    static void demote(List<Slot> slots) {
        for (Slot s : slots) {
            s.array.base.store();
        }
    }

    /**
     * What the array layer does before any launch over {@code slots}: one context; the deferred arrays
     * materialised and the deferred readers of what it writes protected ({@link Fusion#beforeLaunch});
     * no write to a read-only memmap. Returns the context.
     */
    static Cohort prepare(List<Slot> slots) {
        Cohort ctx = slots.get(0).array.ctx;
        for (Slot s : slots) {
            if (s.array.ctx != ctx) {
                throw new IllegalArgumentException("arrays from different Cohort contexts (shards) cannot be combined");
            }
        }
        Fusion.beforeLaunch(slots);
        for (Slot s : slots) {
            if (s.role != Role.READ) {
                s.array.base.checkWritable();
            }
        }
        return ctx;
    }
}
