package dev.cohort.ndarray;

import dev.cohort.partitioner.AutoTask;
import dev.cohort.partitioner.Role;
import dev.cohort.partitioner.Strategy;
import dev.cohort.runtime.geometry.Point;
import dev.cohort.runtime.geometry.Rect;
import dev.cohort.runtime.instance.Instance;
import dev.cohort.runtime.launch.Future;
import dev.cohort.runtime.launch.ReductionOp;
import dev.cohort.runtime.partition.Tiling;
import dev.cohort.runtime.region.Store;
import dev.cohort.runtime.launch.Access;
import dev.cohort.tasks.ArgReduceOp;
import dev.cohort.tasks.Args;
import dev.cohort.tasks.BinaryOp;
import dev.cohort.runtime.launch.IterSpace;
import dev.cohort.tasks.OpCode;
import dev.cohort.tasks.Operand;
import dev.cohort.tasks.RandDist;
import dev.cohort.tasks.ReduceOp;
import dev.cohort.tasks.UnaryOp;
import dev.cohort.tasks.ViewTasks;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;

/**
 * The array layer's operations: NumPy's rules are checked here, then each operation becomes one
 * group launch — slots (array, access from the iteration space, role) handed to the
 * {@link Partitioner}, whose {@link Strategy} gives the launch domain and each store's partition
 * and projection. Nothing here loops over data or chooses tiles.
 */
final class Ops {
    private Ops() {
    }

    /** One store an operation touches: the array, its access from the iteration space, and its role. */
    record Slot(NdArray array, Access access, Role role) {
        Slot {
            array.ctx.checkCaller(); // an operand from another context fails here, naming both
        }
    }

    // ------------------------------------------------------------------ creation

    static NdArray empty(Cohort ctx, DType dtype, long[] shape) {
        long bytes = Shapes.checkNew(shape, dtype.itemsize());
        checkFits(ctx, dtype, shape, bytes);
        long[] ext = shape.length == 0 ? new long[]{1} : new long[shape.length];
        for (int i = 0; i < shape.length; i++) {
            ext[i] = Math.max(1, shape[i]);
        }
        Store st = ctx.runtime().createStore(Rect.ofExtents(ext), dtype.fieldType());
        Access view = shape.length == 0 ? new Access(new int[]{-1}, new long[]{1}, new long[]{0}) : Access.identity(shape.length);
        return new NdArray(ctx, new Base(st, dtype), shape.clone(), view);
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
            a.base.logical.fill(ctx.runtime(), dtype.fieldType().bitsOf(value));
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

    // ------------------------------------------------------------------ elementwise

    static NdArray binary(BinaryOp op, Object x, Object y, NdArray out) {
        String ufunc = op.name().toLowerCase(Locale.ROOT);
        NdArray a = x instanceof NdArray n ? n : null;
        NdArray b = y instanceof NdArray n ? n : null;
        if (a == null && b == null) {
            throw new IllegalArgumentException(ufunc + ": at least one operand must be an array");
        }
        Cohort ctx = a != null ? a.ctx : b.ctx;
        DType compute;
        if (a != null && b != null) {
            compute = DType.promote(a.dtype(), b.dtype());
        } else {
            NdArray arr = a != null ? a : b;
            Object s = a != null ? y : x;
            compute = scalarPromotion(arr.dtype(), s, ufunc);
        }
        if (compute == DType.BOOL) {
            switch (op) {
                case ADD, MAXIMUM -> op = BinaryOp.LOGICAL_OR;
                case MULTIPLY, MINIMUM -> op = BinaryOp.LOGICAL_AND;
                case SUBTRACT -> throw new DTypeException("numpy boolean subtract, the `-` operator, is not supported, "
                        + "use the bitwise_xor, the `^` operator, or the logical_xor function instead.");
                case POWER -> compute = DType.INT64;
                default -> {
                }
            }
        }
        if (op == BinaryOp.DIVIDE && !compute.isFloating()) {
            compute = DType.FLOAT64;
        }
        if (op.isLogical()) {
            compute = DType.BOOL;
        }
        DType result = op.isPredicate() ? DType.BOOL : compute;
        long[] shape = Shapes.broadcast(a == null ? new long[0] : a.shape, b == null ? new long[0] : b.shape);
        if (out == null) {
            NdArray deferred = Fusion.binary(ctx, op, compute, result, x, y, shape);
            if (deferred != null) {
                return deferred;
            }
        }
        out = output(ctx, out, result, shape, ufunc);
        List<Slot> slots = new ArrayList<>();
        slots.add(new Slot(out, iterAccess(out, shape), out.coversBase() ? Role.WRITE : Role.READ_WRITE));
        Operand oa = input(slots, x, shape, out);
        Operand ob = input(slots, y, shape, out);
        BinaryOp fop = op;
        DType fcompute = compute;
        launch(OpCode.BINARY_OP.taskId(), shape, slots, new int[0], null, false, space ->
                new Args.Binary(fop, fcompute.fieldType(), space, oa, ob, operand(slots, 0)).encode());
        return out;
    }

    private static DType scalarPromotion(DType arr, Object s, String ufunc) {
        if (s instanceof Double || s instanceof Float) {
            return arr.withDoubleScalar();
        }
        if (s instanceof Long || s instanceof Integer) {
            return arr.withLongScalar();
        }
        if (s instanceof Boolean) {
            return arr;
        }
        throw new DTypeException("ufunc '" + ufunc + "' not supported for the input types: " + (s == null ? "null" : s.getClass().getSimpleName()));
    }

    static NdArray unary(UnaryOp op, NdArray a, NdArray out) {
        String ufunc = op.name().toLowerCase(Locale.ROOT);
        DType compute = a.dtype();
        if (op.isTranscendental() && !compute.isFloating()) {
            compute = DType.FLOAT64;
        }
        if (compute == DType.BOOL) {
            switch (op) {
                case NEGATIVE -> throw new DTypeException("The numpy boolean negative, the `-` operator, is not supported, "
                        + "use the `~` operator or the logical_not function instead.");
                case LOGICAL_NOT -> {
                }
                case ABS -> {
                    return out == null ? a.copy() : assign(out, a);
                }
                default -> compute = DType.INT64;
            }
        }
        if (op == UnaryOp.RECIPROCAL && !compute.isFloating()) {
            compute = DType.FLOAT64;
        }
        if (op == UnaryOp.LOGICAL_NOT) {
            compute = DType.BOOL;
        }
        DType result = compute;
        if (out == null) {
            NdArray deferred = Fusion.unary(a.ctx, op, compute, result, a);
            if (deferred != null) {
                return deferred;
            }
        }
        out = output(a.ctx, out, result, a.shape, ufunc);
        List<Slot> slots = new ArrayList<>();
        slots.add(new Slot(out, iterAccess(out, a.shape), out.coversBase() ? Role.WRITE : Role.READ_WRITE));
        Operand oa = input(slots, a, a.shape, out);
        DType fcompute = compute;
        launch(OpCode.UNARY_OP.taskId(), a.shape, slots, new int[0], null, false, space ->
                new Args.Unary(op, fcompute.fieldType(), space, oa, operand(slots, 0)).encode());
        return out;
    }

    static NdArray where(Object cond, Object x, Object y) {
        NdArray c = cond instanceof NdArray n ? n : null;
        NdArray a = x instanceof NdArray n ? n : null;
        NdArray b = y instanceof NdArray n ? n : null;
        Cohort ctx = c != null ? c.ctx : a != null ? a.ctx : b != null ? b.ctx : Cohort.current();
        DType result;
        if (a != null && b != null) {
            result = DType.promote(a.dtype(), b.dtype());
        } else if (a != null) {
            result = scalarPromotion(a.dtype(), y, "where");
        } else if (b != null) {
            result = scalarPromotion(b.dtype(), x, "where");
        } else {
            result = x instanceof Double || y instanceof Double ? DType.FLOAT64 : DType.INT64;
        }
        long[] shape = Shapes.broadcast(c == null ? new long[0] : c.shape, a == null ? new long[0] : a.shape,
                b == null ? new long[0] : b.shape);
        NdArray deferred = Fusion.where(ctx, result, cond, x, y, shape);
        if (deferred != null) {
            return deferred;
        }
        NdArray out = empty(ctx, result, shape);
        List<Slot> slots = new ArrayList<>();
        slots.add(new Slot(out, iterAccess(out, shape), Role.WRITE));
        Operand oc = input(slots, cond, shape, out);
        Operand oa = input(slots, x, shape, out);
        Operand ob = input(slots, y, shape, out);
        launch(OpCode.WHERE.taskId(), shape, slots, new int[0], null, false, space ->
                new Args.Where(space, oc, oa, ob, operand(slots, 0)).encode());
        return out;
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
        List<Slot> slots = new ArrayList<>();
        slots.add(new Slot(dst, iterAccess(dst, shape), dst.coversBase() ? Role.WRITE : Role.READ_WRITE));
        Operand oin = input(slots, src, shape, dst);
        int task = src.dtype() == dst.dtype() ? OpCode.COPY.taskId() : OpCode.CONVERT.taskId();
        launch(task, shape, slots, new int[0], null, false, space -> new Args.Copy(space, oin, operand(slots, 0)).encode());
        return dst;
    }

    /** {@code dst[...] = value}. */
    static void fill(NdArray dst, double value) {
        dst.base.checkWritable();
        if (dst.coversBase()) {
            Fusion.materialize(dst.base);
            Fusion.beforeWrite(dst.ctx, dst.base);
            dst.base.logical.fill(dst.ctx.runtime(), dst.dtype().fieldType().bitsOf(value));
            return;
        }
        List<Slot> slots = new ArrayList<>();
        slots.add(new Slot(dst, iterAccess(dst, dst.shape), Role.READ_WRITE));
        Operand v = Operand.Const.of(value);
        launch(OpCode.FILL.taskId(), dst.shape, slots, new int[0], null, false, space -> new Args.Fill(space, v, operand(slots, 0)).encode());
    }

    static NdArray astype(NdArray a, DType dtype, boolean copy) {
        if (!copy && dtype == a.dtype()) {
            return a;
        }
        return assign(empty(a.ctx, dtype, a.shape), a);
    }

    /** A copy of {@code a}'s elements in row-major order under a new shape of the same size (reshape copy). */
    static NdArray gather(NdArray a, long[] shape) {
        NdArray out = empty(a.ctx, a.dtype(), shape);
        if (a.size() == 0) {
            return out;
        }
        List<Slot> slots = List.of(new Slot(out, iterAccess(out, shape), Role.WRITE), new Slot(a, a.view, Role.READ));
        Operand in = operand(slots, 1);
        Operand o = operand(slots, 0);
        launch(ViewTasks.GATHER, shape, slots, new int[0], null, true, space -> new ViewTasks.Gather(space, a.shape, in, o).encode());
        return out;
    }

    // ------------------------------------------------------------------ reductions

    static NdArray reduce(ReduceOp op, NdArray a, Integer axis, boolean keepdims) {
        DType in = a.dtype();
        DType result = switch (op) {
            case SUM, PROD -> in.isFloating() ? in : DType.INT64;
            case MAX, MIN -> in;
            case ANY, ALL -> DType.BOOL;
        };
        return reduceAs(op, a, axis, keepdims, result);
    }

    private static NdArray reduceAs(ReduceOp op, NdArray a, Integer axis, boolean keepdims, DType result) {
        int ax = axis == null ? -1 : Shapes.axis(axis, a.ndim());
        if (a.size() == 0 && (op == ReduceOp.MAX || op == ReduceOp.MIN)) {
            throw new ShapeMismatchException("zero-size array to reduction operation " + (op == ReduceOp.MAX ? "maximum" : "minimum")
                    + " which has no identity");
        }
        long[] outShape = reducedShape(a.shape, ax, keepdims);
        NdArray out = empty(a.ctx, result, outShape);
        ReductionOp redop = op.runtimeOp();
        long identity = redop.identityBits(result.fieldType());
        if (identity != 0) {
            out.base.logical.fill(a.ctx.runtime(), identity);
        }
        List<Slot> slots = new ArrayList<>();
        slots.add(new Slot(out, reducedAccess(out, ax, keepdims, a.ndim()), Role.REDUCE));
        DType compute = op == ReduceOp.ANY || op == ReduceOp.ALL ? DType.BOOL : result;
        if (ax < 0 && Fusion.reduce(op, compute, slots.get(0), a)) {
            // a deferred expression reduced without materialising it (FUSED_REDUCE)
            return out;
        }
        Operand oin = input(slots, a, a.shape, out);
        launch(OpCode.REDUCE.taskId(), a.shape, slots, new int[0], redop, false, space ->
                new Args.Reduce(op, compute.fieldType(), space, oin, operand(slots, 0)).encode());
        return out;
    }

    static NdArray mean(NdArray a, Integer axis, boolean keepdims) {
        int ax = axis == null ? -1 : Shapes.axis(axis, a.ndim());
        DType result = a.dtype().isFloating() ? a.dtype() : DType.FLOAT64;
        NdArray s = reduceAs(ReduceOp.SUM, a, axis, keepdims, result);
        long count = ax < 0 ? a.size() : a.shape[ax];
        return binary(BinaryOp.DIVIDE, s, (double) count, s);
    }

    static NdArray argReduce(ArgReduceOp op, NdArray a, Integer axis) {
        String name = op == ArgReduceOp.ARGMAX ? "argmax" : "argmin";
        if (a.size() == 0) {
            throw new ShapeMismatchException("attempt to get " + name + " of an empty sequence");
        }
        int ax = axis == null ? -1 : Shapes.axis(axis, a.ndim());
        NdArray ref = reduce(op == ArgReduceOp.ARGMAX ? ReduceOp.MAX : ReduceOp.MIN, a, axis, false);
        NdArray out = empty(a.ctx, DType.INT64, ref.shape);
        out.base.logical.fill(a.ctx.runtime(), Long.MAX_VALUE);
        List<Slot> slots = new ArrayList<>();
        slots.add(new Slot(out, reducedAccess(out, ax, false, a.ndim()), Role.REDUCE));
        Operand oin = input(slots, a, a.shape, out);
        slots.add(new Slot(ref, reducedAccess(ref, ax, false, a.ndim()), Role.READ));
        Operand oref = operand(slots, slots.size() - 1);
        launch(OpCode.ARG_REDUCE.taskId(), a.shape, slots, new int[0], ReductionOp.MIN, false, space ->
                new Args.ArgReduce(op, space, ax, oin, oref, operand(slots, 0)).encode());
        return out;
    }

    private static long[] reducedShape(long[] shape, int ax, boolean keepdims) {
        List<Long> s = new ArrayList<>();
        for (int d = 0; d < shape.length; d++) {
            if (ax < 0 || d == ax) {
                if (keepdims) {
                    s.add(1L);
                }
            } else {
                s.add(shape[d]);
            }
        }
        long[] r = new long[s.size()];
        for (int i = 0; i < r.length; i++) {
            r[i] = s.get(i);
        }
        return r;
    }

    /** The access of a reduction's output from the input's iteration space. */
    private static Access reducedAccess(NdArray out, int ax, boolean keepdims, int ndim) {
        int[] it = out.view.iterDim().clone();
        for (int k = 0; k < it.length; k++) {
            int u = it[k];
            if (u < 0) {
                continue;
            }
            if (ax < 0) {
                it[k] = -1;
            } else if (keepdims) {
                it[k] = u == ax ? -1 : u;
            } else {
                it[k] = u < ax ? u : u + 1;
            }
        }
        return new Access(it, out.view.step(), out.view.start());
    }

    // ------------------------------------------------------------------ linear algebra

    static NdArray matmul(NdArray a, NdArray b, boolean dot) {
        String sig = "(n?,k),(k,m?)->(n?,m?)";
        if (a.ndim() == 0 || b.ndim() == 0) {
            if (dot) {
                return binary(BinaryOp.MULTIPLY, a, b, null);
            }
            int which = a.ndim() == 0 ? 0 : 1;
            throw new ShapeMismatchException("matmul: Input operand " + which + " does not have enough dimensions (has 0, gufunc core with signature "
                    + sig + " requires 1)");
        }
        if (a.ndim() > 2 || b.ndim() > 2) {
            throw new ShapeMismatchException("Cohort supports dot/matmul of 1-d and 2-d operands only; got shapes "
                    + Shapes.str(a.shape) + " and " + Shapes.str(b.shape));
        }
        long ka = a.shape[a.ndim() - 1];
        int bk = b.ndim() == 1 ? 0 : b.ndim() - 2;
        long kb = b.shape[bk];
        if (ka != kb) {
            if (dot) {
                throw new ShapeMismatchException("shapes " + Shapes.str(a.shape) + " and " + Shapes.str(b.shape) + " not aligned: "
                        + ka + " (dim " + (a.ndim() - 1) + ") != " + kb + " (dim " + bk + ")");
            }
            throw new ShapeMismatchException("matmul: Input operand 1 has a mismatch in its core dimension 0, with gufunc signature "
                    + sig + " (size " + kb + " is different from " + ka + ")");
        }
        DType compute = DType.promote(a.dtype(), b.dtype());
        if (compute == DType.BOOL) {
            compute = DType.INT64;
        }
        DType fc = compute;
        if (a.ndim() == 2 && b.ndim() == 2) {
            long[] shape = {a.shape[0], b.shape[1], ka};
            NdArray out = empty(a.ctx, compute, new long[]{a.shape[0], b.shape[1]});
            List<Slot> slots = new ArrayList<>();
            slots.add(new Slot(out, remap(out, new int[]{0, 1}), Role.WRITE));
            Operand oa = inputMapped(slots, a, new int[]{0, 2}, out);
            Operand ob = inputMapped(slots, b, new int[]{2, 1}, out);
            launch(OpCode.GEMM.taskId(), shape, slots, new int[]{2}, null, false, space ->
                    new Args.Gemm(fc.fieldType(), space, oa, ob, operand(slots, 0)).encode());
            return out;
        }
        long[] shape;
        long[] outShape;
        int[] amap;
        int[] bmap;
        int[] omap;
        if (a.ndim() == 2) {            // (n,k) @ (k,) -> (n,): space (n, k)
            shape = new long[]{a.shape[0], ka};
            outShape = new long[]{a.shape[0]};
            amap = new int[]{0, 1};
            bmap = new int[]{1};
            omap = new int[]{0};
        } else if (b.ndim() == 2) {     // (k,) @ (k,m) -> (m,): space (m, k)
            shape = new long[]{b.shape[1], ka};
            outShape = new long[]{b.shape[1]};
            amap = new int[]{1};
            bmap = new int[]{1, 0};
            omap = new int[]{0};
        } else {                        // (k,) @ (k,) -> (): space (k)
            shape = new long[]{ka};
            outShape = new long[0];
            amap = new int[]{0};
            bmap = new int[]{0};
            omap = new int[0];
        }
        NdArray out = empty(a.ctx, compute, outShape);
        List<Slot> slots = new ArrayList<>();
        slots.add(new Slot(out, remap(out, omap), Role.REDUCE));
        Operand oa = inputMapped(slots, a, amap, out);
        Operand ob = inputMapped(slots, b, bmap, out);
        launch(OpCode.MATVEC.taskId(), shape, slots, new int[0], ReductionOp.SUM, false, space ->
                new Args.Matvec(fc.fieldType(), space, oa, ob, operand(slots, 0)).encode());
        return out;
    }

    // ------------------------------------------------------------------ reading back

    /** Brings the elements of {@code a} to the program, row-major. Blocks; a determinism checkpoint. */
    static Elements elements(NdArray a) {
        JavaArrays.checkReadable(a);
        Fusion.materialize(a.base);
        if (!a.coversBase() && a.base.volume() <= SMALL_VIEW_READ) {
            return viewElements(a);
        }
        NdArray dense = a.coversBase() ? a : a.copy();
        Instance inst = a.ctx.runtime().read(dense.base.store);
        return new Elements(a.dtype(), inst, Math.toIntExact(a.size()));
    }

    /** Stores up to this many elements are read whole to read a view of them (no copy launch). */
    static final long SMALL_VIEW_READ = 4_096;

    /**
     * The elements of a view of a small store ({@code a[5]}, {@code a.T}, a slice): the store read whole,
     * then the view's elements picked through its access on the program thread, instead of a copy launch
     * into a new store and a read of that.
     */
    private static Elements viewElements(NdArray a) {
        Instance whole = a.ctx.runtime().read(a.base.store);
        int n = Math.toIntExact(a.size());
        Instance out = Instance.allocate(whole.type(), Rect.ofExtents(Math.max(1, n)));
        long[] i = new long[a.ndim()];
        for (int k = 0; k < n; k++) {
            out.setBits(k, whole.getBits(whole.index(Point.of(a.view.apply(i)))));
            for (int d = i.length - 1; d >= 0; d--) {
                if (++i[d] < a.shape[d]) {
                    break;
                }
                i[d] = 0;
            }
        }
        return new Elements(a.dtype(), out, n);
    }

    // ------------------------------------------------------------------ accesses and launches

    /** {@code a}'s access from an iteration space of shape {@code iter} it broadcasts to (NumPy broadcasting). */
    static Access iterAccess(NdArray a, long[] iter) {
        int off = iter.length - a.ndim();
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

    /** {@code a}'s access when its view dimension {@code v} follows iteration dimension {@code map[v]}. */
    private static Access remap(NdArray a, int[] map) {
        int[] it = a.view.iterDim().clone();
        for (int k = 0; k < it.length; k++) {
            if (it[k] >= 0) {
                it[k] = map[it[k]];
            }
        }
        return new Access(it, a.view.step(), a.view.start());
    }

    private static Operand inputMapped(List<Slot> slots, NdArray a, int[] map, NdArray out) {
        NdArray src = unaliased(a, out);
        slots.add(new Slot(src, remap(src, map), Role.READ));
        return operand(slots, slots.size() - 1);
    }

    /** Adds {@code x} (an array or a Java scalar) as an input; returns its operand. */
    private static Operand input(List<Slot> slots, Object x, long[] iter, NdArray out) {
        if (x instanceof NdArray a) {
            NdArray src = unaliased(a, out);
            slots.add(new Slot(src, iterAccess(src, iter), Role.READ));
            return operand(slots, slots.size() - 1);
        }
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
    private static NdArray unaliased(NdArray a, NdArray out) {
        if (out != null && a.base == out.base && !(a.view.equals(out.view) && java.util.Arrays.equals(a.shape, out.shape))) {
            return a.copy();
        }
        return a;
    }

    static Operand operand(List<Slot> slots, int i) {
        Slot s = slots.get(i);
        return new Operand.StoreOperand(i, s.array.dtype().fieldType(), s.access);
    }

    private static NdArray output(Cohort ctx, NdArray out, DType result, long[] shape, String ufunc) {
        if (out == null) {
            return empty(ctx, result, shape);
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
        AutoTask t = AutoTask.create(ctx.runtime(), ctx.machine(), taskId, iterShape);
        for (Slot s : slots) {
            t.add(s.array.base.logical, s.access, s.role, redop);
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
        if (Shapes.volume(iterShape) == 0) {
            return;
        }
        Cohort ctx = prepare(slots);
        task(ctx, taskId, iterShape, slots, untiled, redop, forceSingle, keys).scalars(args).execute();
    }

    /**
     * {@link #launch} with a strategy already chosen (one partition and projection per slot); the
     * slots' arrays must be materialised already.
     */
    static void launch(int taskId, long[] iterShape, List<Slot> slots, ReductionOp redop, Strategy st,
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
        task(ctx, taskId, iterShape, slots, new int[0], redop, false, null).scalars(args).execute(st);
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
     * What the array layer does before any launch over {@code slots}: one context; the deferred arrays
     * materialised and the deferred readers of what it writes protected ({@link Fusion#beforeLaunch});
     * no write to a read-only memmap. Returns the context.
     */
    private static Cohort prepare(List<Slot> slots) {
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
