package dev.cohort.ndarray;

import dev.cohort.partitioner.AutoTask;
import dev.cohort.partitioner.Role;
import dev.cohort.partitioner.Strategy;
import dev.cohort.runtime.geometry.Rect;
import dev.cohort.runtime.launch.Access;
import dev.cohort.runtime.launch.Future;
import dev.cohort.runtime.launch.IterSpace;
import dev.cohort.runtime.launch.ReductionOp;
import dev.cohort.runtime.partition.Partition;
import dev.cohort.runtime.partition.Projection;
import dev.cohort.runtime.partition.Rects;
import dev.cohort.runtime.partition.Tiling;
import dev.cohort.runtime.region.FieldType;
import dev.cohort.tasks.OpCode;
import dev.cohort.tasks.ScanKernels;
import dev.cohort.tasks.SortArgs;
import dev.cohort.tasks.SortKernels;

import java.util.ArrayList;
import java.util.List;

/**
 * NumPy's sorting, searching and scan family over the sort and scan tasks (ids 1200-1210, task-library's
 * README "Sort and scan"): {@code sort}/{@code argsort} (1-d: distributed sample sort through {@link Rects}
 * exchanges; n-d: per lane along the axis, tiles spanning whole lanes), {@code unique} (sort, adjacent
 * difference, compaction), {@code cumsum}/{@code cumprod} (per-tile scan, exclusive scan of the tiles' totals,
 * offsets added), boolean-mask selection and {@code nonzero} (count per tile, prefix sum, compaction).
 *
 * <p>The kernels work on pieces of stores in store coordinates, so every operand is first copied into a fresh
 * C-ordered array; each step is one {@link AutoTask} issued with an explicit {@link Strategy} (the partition of
 * every store: tilings from the partitioner, {@code Rects} from counts every shard read from a launch's future).
 * Tilings depend on shapes and tile budgets only, never on the shard count, so the results are the same bits on
 * any number of shards.
 */
final class Sorting {
    private Sorting() {
    }

    /** One store of a piece launch: a fresh array (identity view), its partition, projection and role. */
    /** One requirement of a launch with explicit partitions: the array's store through {@code partition}. */
    record Req(NdArray array, Partition partition, Projection projection, Role role, ReductionOp redop) {
        Req(NdArray array, Partition partition, Projection projection, Role role) {
            this(array, partition, projection, role, null);
        }
    }

    /** Issues {@code taskId} over the launch domain of {@code space} with explicit partitions; returns the future. */
    static Future exec(int taskId, IterSpace space, List<Req> reqs, byte[] scalars, Launches.Result result) {
        List<Launches.Slot> slots = new ArrayList<>();
        for (Req r : reqs) {
            slots.add(new Launches.Slot(r.array, r.array.view, r.role));
        }
        Cohort ctx = Launches.prepare(slots);
        Launches.demote(slots);
        AutoTask t = AutoTask.create(ctx.runtime(), ctx.machine(), taskId, space.shape());
        List<Partition> parts = new ArrayList<>();
        List<Projection> projs = new ArrayList<>();
        for (Req r : reqs) {
            t.add(r.array.base.logical(), r.array.view, r.role, r.redop);
            parts.add(r.partition);
            projs.add(r.projection);
        }
        t.scalars(scalars);
        if (result != null) {
            t.result(result.op(), result.type(), result.length());
        }
        return t.execute(new Strategy(space, parts, projs));
    }

    /** The launch space of a tile grid: one point per tile. */
    static IterSpace grid(Rect tiles) {
        long[] ext = tiles.extents();
        long[] one = new long[ext.length];
        java.util.Arrays.fill(one, 1);
        return new IterSpace(ext, one);
    }

    /** A fresh C-ordered copy of {@code a} (its own store, identity view). */
    static NdArray fresh(NdArray a) {
        NdArray c = Creation.empty(a.ctx, a.dtype(), a.shape);
        Indexing.assign(c, a);
        return c;
    }

    /**
     * {@code a} itself when its view is the identity of its own store (an operand that is only read can take it as a
     * fresh copy would be), else {@link #fresh}: {@code x[mask]} and {@code take} copied both operands every call
     * (a third of {@code x[mask]}'s time on 1e5 elements).
     */
    static NdArray freshForReading(NdArray a) {
        return a.coversBase() && a.view.equals(Access.identity(a.ndim())) ? a : fresh(a);
    }

    /** The tiling the partitioner gives a fresh array of {@code x}'s shape, dimensions {@code untiled} whole. */
    static Tiling tiling(NdArray x, int[] untiled) {
        List<Launches.Slot> slots = List.of(new Launches.Slot(x, x.view, Role.WRITE));
        Strategy st = Launches.strategy(x.ctx, x.shape, slots, untiled, false, null);
        return st.isTiled(0) ? st.tiling(0).withoutHalo() : Tiling.of(x.base.logical().bounds().extents());
    }

    private static Rect range(long lo, long n) {
        return Rect.of(new long[]{lo}, new long[]{lo + n - 1});
    }

    // ------------------------------------------------------------------ sort / argsort

    /**
     * Stable sort of a fresh 1-d array by sample sort: {sorted values, their original indices (INT64)}.
     */
    static NdArray[] sampleSort(NdArray x) {
        Cohort ctx = x.ctx;
        long n = x.shape[0];
        Tiling t = tiling(x, new int[0]);
        Rect bounds = x.base.logical().bounds();
        Rect tiles = t.colorSpace(bounds);
        int T = (int) tiles.volume();
        long tile = t.shape(0);
        Projection id1 = Projection.identity(1);
        NdArray sorted = Creation.empty(ctx, x.dtype(), x.shape);
        NdArray idx = Creation.empty(ctx, DType.INT64, x.shape);
        exec(OpCode.ARGSORT_LOCAL.taskId(), grid(tiles), List.of(new Req(x, t, id1, Role.READ),
                        new Req(idx, t, id1, Role.WRITE), new Req(sorted, t, id1, Role.WRITE)),
                new SortArgs.ArgsortLocal(0, 1, 2, 0, 0).encode(), null);
        if (T == 1) {
            return new NdArray[]{sorted, idx};
        }
        int perTile = (int) Math.min(16, Math.max(1, tile / 2));
        int buckets = T;
        long[] samples = exec(OpCode.SAMPLE.taskId(), grid(tiles), List.of(new Req(sorted, t, id1, Role.READ)),
                new SortArgs.Sample(0, perTile).encode(),
                new Launches.Result(ReductionOp.SUM, FieldType.INT64, T * (perTile + 1))).get().longs();
        long[] splitters = SortKernels.chooseSplitters(samples, T, perTile, buckets);
        long[] c = exec(OpCode.BUCKET_COUNT.taskId(), grid(tiles), List.of(new Req(sorted, t, id1, Role.READ)),
                new SortArgs.BucketCount(0, splitters).encode(),
                new Launches.Result(ReductionOp.SUM, FieldType.INT64, T * buckets)).get().longs();
        long[] off = new long[T * buckets];
        long running = 0;
        for (int j = 0; j < buckets; j++) {
            for (int i = 0; i < T; i++) {
                off[i * buckets + j] = running;
                running += c[i * buckets + j];
            }
        }
        if (running != n) {
            throw new IllegalStateException("sample sort: bucket counts add up to " + running + ", not " + n);
        }
        List<Rect> from = new ArrayList<>();
        List<Rect> to = new ArrayList<>();
        for (int i = 0; i < T; i++) {
            long lo = i * tile;
            for (int j = 0; j < buckets; j++) {
                long len = c[i * buckets + j];
                from.add(range(lo, len));
                to.add(range(off[i * buckets + j], len));
                lo += len;
            }
        }
        List<Rect> bucketRects = new ArrayList<>();
        for (int j = 0; j < buckets; j++) {
            long end = j + 1 < buckets ? off[j + 1] : n;
            bucketRects.add(range(off[j], end - off[j]));
        }
        Rect g = Rect.ofExtents(T, buckets);
        Rects src = Rects.of(g, from);
        Rects dst = Rects.of(g, to);
        Projection id2 = Projection.identity(2);
        NdArray exVals = Creation.empty(ctx, x.dtype(), x.shape);
        NdArray exIdx = Creation.empty(ctx, DType.INT64, x.shape);
        byte[] copy = new SortArgs.CopyRects(0, 1).encode();
        exec(OpCode.COPY_RECTS.taskId(), grid(g), List.of(new Req(sorted, src, id2, Role.READ),
                new Req(exVals, dst, id2, Role.WRITE)), copy, null);
        exec(OpCode.COPY_RECTS.taskId(), grid(g), List.of(new Req(idx, src, id2, Role.READ),
                new Req(exIdx, dst, id2, Role.WRITE)), copy, null);
        Rects bp = Rects.of(bucketRects);
        exec(OpCode.SORT_PAIRS.taskId(), grid(bp.colors()), List.of(new Req(exVals, bp, id1, Role.READ_WRITE),
                new Req(exIdx, bp, id1, Role.READ_WRITE)), new SortArgs.SortPairs(0, 1, 0, 1).encode(), null);
        return new NdArray[]{exVals, exIdx};
    }

    /** {@code a} with {@code axis} moved last (a view), and the permutation that moves it back. */
    private static int[] moveLast(int ndim, int ax) {
        int[] p = new int[ndim];
        int k = 0;
        for (int d = 0; d < ndim; d++) {
            if (d != ax) {
                p[k++] = d;
            }
        }
        p[ndim - 1] = ax;
        return p;
    }

    private static int[] inverse(int[] p) {
        int[] q = new int[p.length];
        for (int i = 0; i < p.length; i++) {
            q[p[i]] = i;
        }
        return q;
    }

    /** NumPy {@code sort(a, axis)} ({@code axis == null}: the flattened array), or {@code argsort} when {@code arg}. */
    static NdArray sort(NdArray a, Integer axis, boolean arg) {
        if (axis == null) {
            return sort(a.ndim() == 1 ? a : a.reshape(a.size()), 0, arg);
        }
        if (a.ndim() == 0) {
            throw new AxisException("axis " + axis + " is out of bounds for array of dimension 0");
        }
        int ax = Shapes.axis(axis, a.ndim());
        if (a.size() == 0) {
            return Creation.empty(a.ctx, arg ? DType.INT64 : a.dtype(), a.shape);
        }
        if (a.ndim() == 1) {
            NdArray x = fresh(a);
            if (!arg) {
                Tiling t = tiling(x, new int[0]);
                Rect tiles = t.colorSpace(x.base.logical().bounds());
                if (tiles.volume() == 1) {
                    // one tile: its values sorted alone (SORT_LOCAL's radix lane sort), without the indices the sample
                    // sort carries; 1e5 float64 3.9 -> 2.4 ms a call here
                    NdArray out = Creation.empty(a.ctx, a.dtype(), x.shape);
                    Projection id = Projection.identity(1);
                    exec(OpCode.SORT_LOCAL.taskId(), grid(tiles), List.of(new Req(x, t, id, Role.READ), new Req(out, t, id, Role.WRITE)),
                            new SortArgs.SortLocal(0, 1, 0).encode(), null);
                    return out;
                }
            }
            return sampleSort(x)[arg ? 1 : 0];
        }
        int last = a.ndim() - 1;
        int[] perm = moveLast(a.ndim(), ax);
        NdArray x = fresh(ax == last ? a : a.transpose(perm));
        Tiling t = tiling(x, new int[]{last});
        Rect tiles = t.colorSpace(x.base.logical().bounds());
        Projection id = Projection.identity(x.ndim());
        NdArray out = Creation.empty(a.ctx, arg ? DType.INT64 : a.dtype(), x.shape);
        if (arg) {
            exec(OpCode.ARGSORT_LOCAL.taskId(), grid(tiles), List.of(new Req(x, t, id, Role.READ), new Req(out, t, id, Role.WRITE)),
                    new SortArgs.ArgsortLocal(0, 1, -1, last, 0).encode(), null);
        } else {
            exec(OpCode.SORT_LOCAL.taskId(), grid(tiles), List.of(new Req(x, t, id, Role.READ), new Req(out, t, id, Role.WRITE)),
                    new SortArgs.SortLocal(0, 1, last).encode(), null);
        }
        return ax == last ? out : out.transpose(inverse(perm));
    }

    // ------------------------------------------------------------------ compaction: mask, nonzero, unique

    /** Per-tile counts of {@code mask}'s true elements and the Rects of each tile's run of the compacted output. */
    private record Compaction(Tiling tiling, Rect tiles, Rects outs, long total) {
    }

    private static Compaction count(NdArray m) {
        int[] untiled = new int[Math.max(0, m.ndim() - 1)];
        for (int d = 1; d < m.ndim(); d++) {
            untiled[d - 1] = d; // tiles span whole rows: the tile order is C order
        }
        Tiling t = tiling(m, untiled);
        Rect tiles = t.colorSpace(m.base.logical().bounds());
        int T = (int) tiles.volume();
        long[] c = exec(OpCode.MASK_COUNT.taskId(), grid(tiles), List.of(new Req(m, t, Projection.identity(m.ndim()), Role.READ)),
                new SortArgs.MaskCount(0).encode(), new Launches.Result(ReductionOp.SUM, FieldType.INT64, T)).get().longs();
        List<Rect> outs = new ArrayList<>();
        long total = 0;
        for (int k = 0; k < T; k++) {
            outs.add(range(total, c[k]));
            total += c[k];
        }
        return new Compaction(t, tiles, Rects.of(tiles, outs), total);
    }

    /** {@code x[m]} for fresh arrays of one shape ({@code x == null}: the coordinates along {@code dim}, INT64). */
    private static NdArray compact(NdArray m, NdArray x, int dim, Compaction cp, DType dtype) {
        NdArray out = Creation.empty(m.ctx, dtype, new long[]{cp.total});
        if (cp.total == 0) {
            return out;
        }
        Projection id = Projection.identity(m.ndim());
        List<Req> reqs = new ArrayList<>();
        reqs.add(new Req(m, cp.tiling, id, Role.READ));
        if (x != null) {
            reqs.add(new Req(x, cp.tiling, id, Role.READ));
        }
        reqs.add(new Req(out, cp.outs, id, Role.WRITE));
        exec(OpCode.MASK_COMPACT.taskId(), grid(cp.tiles), reqs,
                new SortArgs.MaskCompact(0, x == null ? -1 : 1, x == null ? 1 : 2, dim).encode(), null);
        return out;
    }

    private static NdArray freshMask(NdArray mask) {
        return mask.dtype() == DType.BOOL ? freshForReading(mask) : Elementwise.astype(mask, DType.BOOL, true);
    }

    /** NumPy {@code a[mask]} for a boolean {@code mask} of {@code a}'s shape: the selected elements, 1-d, C order. */
    static NdArray maskGet(NdArray a, NdArray mask) {
        checkMask(a, mask);
        if (a.ndim() == 0) {
            return mask.item() instanceof Boolean b && b ? a.reshape(1).copy() : Creation.empty(a.ctx, a.dtype(), new long[]{0});
        }
        if (a.size() == 0) {
            return Creation.empty(a.ctx, a.dtype(), new long[]{0});
        }
        NdArray m = freshMask(mask);
        Compaction cp = count(m);
        return compact(m, freshForReading(a), 0, cp, a.dtype());
    }

    static void checkMask(NdArray a, NdArray mask) {
        if (mask.dtype() != DType.BOOL) {
            throw new NdIndexException("arrays used as indices must be of integer (or boolean) type");
        }
        if (mask.ndim() != a.ndim()) {
            throw new NdIndexException("too many indices for array: array is " + a.ndim() + "-dimensional, but "
                    + mask.ndim() + " were indexed");
        }
        for (int d = 0; d < a.ndim(); d++) {
            if (mask.shape[d] != a.shape[d]) {
                throw new NdIndexException("boolean index did not match indexed array along axis " + d + "; size of axis is "
                        + a.shape[d] + " but size of corresponding boolean axis is " + mask.shape[d]);
            }
        }
    }

    /** NumPy {@code nonzero(a)}: per dimension, the INT64 coordinates of the nonzero elements in C order. */
    static NdArray[] nonzero(NdArray a) {
        if (a.ndim() == 0) {
            throw new IllegalArgumentException("Calling nonzero on 0d arrays is not allowed. Use np.atleast_1d(scalar).nonzero() instead.");
        }
        NdArray[] r = new NdArray[a.ndim()];
        if (a.size() == 0) {
            for (int d = 0; d < r.length; d++) {
                r[d] = Creation.empty(a.ctx, DType.INT64, new long[]{0});
            }
            return r;
        }
        NdArray m = fresh(a); // MASK_COUNT and MASK_COMPACT read any dtype as != 0
        Compaction cp = count(m);
        for (int d = 0; d < r.length; d++) {
            r[d] = compact(m, null, d, cp, DType.INT64);
        }
        return r;
    }

    /** NumPy {@code count_nonzero(a)}. */
    static long countNonzero(NdArray a) {
        if (a.size() == 0) {
            return 0;
        }
        NdArray m = fresh(a.ndim() == 0 ? a.reshape(1) : a);
        return count(m).total;
    }

    /** NumPy {@code unique(a, return_counts=...)}: {sorted distinct values, counts or null}. */
    static NdArray[] unique(NdArray a, boolean counts) {
        if (a.size() == 0) {
            return new NdArray[]{Creation.empty(a.ctx, a.dtype(), new long[]{0}),
                    counts ? Creation.empty(a.ctx, DType.INT64, new long[]{0}) : null};
        }
        NdArray s = sampleSort(fresh(a.ndim() == 1 ? a : a.reshape(a.size())))[0];
        Tiling t = tiling(s, new int[0]);
        Rect tiles = t.colorSpace(s.base.logical().bounds());
        NdArray flags = Creation.empty(a.ctx, DType.BOOL, s.shape);
        Projection id = Projection.identity(1);
        exec(OpCode.UNIQUE_FLAGS.taskId(), grid(tiles), List.of(new Req(s, t.withHalo(1), id, Role.READ),
                new Req(flags, t, id, Role.WRITE)), new SortArgs.UniqueFlags(0, 1).encode(), null);
        Compaction cp = count(flags);
        NdArray u = compact(flags, s, 0, cp, a.dtype());
        if (!counts) {
            return new NdArray[]{u, null};
        }
        NdArray first = compact(flags, null, 0, cp, DType.INT64);
        long m = cp.total;
        NdArray next = Creation.empty(a.ctx, DType.INT64, new long[]{m});
        if (m > 1) {
            Indexing.assign(next.get(Slice.of(0L, m - 1, null)), first.get(Slice.of(1L, null, null)));
        }
        Indexing.fill(next.get(Slice.of(m - 1, m, null)), (double) s.shape[0]);
        return new NdArray[]{u, Elementwise.binary(dev.cohort.tasks.BinaryOp.SUBTRACT, next, first, null)};
    }

    // ------------------------------------------------------------------ scans

    /** NumPy {@code cumsum}/{@code cumprod(a, axis)} ({@code axis == null}: flattened); bool/int32/int64 give int64. */
    static NdArray scan(NdArray a, Integer axis, SortArgs.ScanOp op) {
        if (axis == null) {
            return scan(a.ndim() == 1 ? a : a.reshape(a.size()), 0, op);
        }
        if (a.ndim() == 0) {
            throw new AxisException("axis " + axis + " is out of bounds for array of dimension 0");
        }
        int ax = Shapes.axis(axis, a.ndim());
        FieldType ot = ScanKernels.scanType(a.dtype().fieldType());
        if (a.size() == 0) {
            return Creation.empty(a.ctx, DType.of(ot), a.shape);
        }
        NdArray x = fresh(a);
        NdArray y = Creation.empty(a.ctx, DType.of(ot), a.shape);
        Tiling t = tiling(x, new int[0]);
        Rect tiles = t.colorSpace(x.base.logical().bounds());
        int T = (int) tiles.volume();
        int lanes = 1;
        for (int d = 0; d < x.ndim(); d++) {
            if (d != ax) {
                lanes = Math.toIntExact(lanes * Math.min(t.shape(d), x.shape[d]));
            }
        }
        Projection id = Projection.identity(x.ndim());
        long[] totals = exec(OpCode.SCAN.taskId(), grid(tiles), List.of(new Req(x, t, id, Role.READ), new Req(y, t, id, Role.WRITE)),
                new SortArgs.Scan(op, 0, 1, ax, lanes).encode(),
                new Launches.Result(ReductionOp.SUM, FieldType.INT64, T * lanes)).get().longs();
        if (tiles.extents()[ax] > 1) {
            long[] off = ScanKernels.exclusiveOffsets(totals, tiles.extents(), ax, lanes, ot, op);
            exec(OpCode.ADD_OFFSET.taskId(), grid(tiles), List.of(new Req(y, t, id, Role.READ_WRITE)),
                    new SortArgs.AddOffset(op, 0, ax, off).encode(), null);
        }
        return y;
    }
}
