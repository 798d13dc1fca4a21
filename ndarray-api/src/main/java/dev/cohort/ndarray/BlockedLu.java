package dev.cohort.ndarray;

import dev.cohort.partitioner.Role;
import dev.cohort.runtime.geometry.Point;
import dev.cohort.runtime.geometry.Rect;
import dev.cohort.runtime.launch.Future;
import dev.cohort.runtime.launch.IterSpace;
import dev.cohort.runtime.launch.ReductionOp;
import dev.cohort.runtime.partition.Projection;
import dev.cohort.runtime.partition.Rects;
import dev.cohort.runtime.partition.Tiling;
import dev.cohort.runtime.region.FieldType;
import dev.cohort.runtime.sharding.ShardingFunction;
import dev.cohort.tasks.LuTasks;
import dev.cohort.tasks.OpCode;

import dev.cohort.ndarray.Sorting.Req;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/**
 * {@code np.linalg.solve(a, b)} of one large matrix as a distributed task graph: a blocked, right-looking LU
 * with partial pivoting (LAPACK {@code dgetrf}'s panel algorithm) of the augmented matrix
 * {@code W = [A | B]} ({@code n x (n + r)}, float64), then a blocked back substitution (task-library
 * {@link LuTasks}, ids 1227-1230).
 *
 * <p>W is partitioned by column tiles of {@code b} columns (A's tiles, then B's; {@link #block}, default 64):
 * row interchanges only move data within a column, so a tile's updates need no other tile. The tiles are
 * dealt to the launch points so that under the default BLOCKED sharding each shard holds every
 * {@code shards}-th tile (a block-cyclic layout: the work stays spread as the trailing matrix shrinks). For
 * each panel {@code k} ({@code k0 = k b}, width {@code kb}):
 * <ol>
 *   <li>{@code LU_PANEL}, over the tiles with only the point holding tile {@code k} active (on the shard that
 *       owns it): {@code dgetf2} of rows {@code k0..n-1} of the tile with partial pivoting (the first row of
 *       largest {@code |a_ik|}, as LAPACK's {@code idamax}), the pivot rows into an int64 vector, the
 *       factored panel into a new {@code (n - k0) x kb} array P;</li>
 *   <li>{@code LU_UPDATE}, an index launch over the tiles right of the panel (B's included, which makes it
 *       the forward substitution {@code L^-1 P b}): the panel's interchanges, {@code U12 = L11^-1 A12} and
 *       {@code A22 -= L21 U12}, each point reading only P and the pivots (never the whole matrix).</li>
 * </ol>
 * Then for each row tile {@code i} from the last up: {@code LU_BACK_TRSM} ({@code x_i = U_ii^-1 y_i}, one
 * point) and {@code LU_BACK_GEMM} ({@code y_l -= U_li x_i} over the row tiles {@code l < i}). Every element of
 * U, the pivots and {@code L^-1 P b} gets the subtractions of the unblocked algorithm in its order, so they
 * have the bits of the replicated routine ({@code dev.cohort.tasks.linalg.Lu}) for any block size and shard
 * count; x differs from the replicated routine's by rounding only (the back substitution sums tile by tile),
 * and is the same bits on any number of shards.
 *
 * <p>Used for a 2-d {@code a} with {@code n > }{@link #minSize()} (system property
 * {@code cohort.linalg.blockedLu.min}, default 512) and b of shape {@code (n,)} or {@code (n, k)},
 * {@code k >= 1}; smaller matrices, stacks and batched b run as one replicated LINALG point. A zero pivot (an
 * exactly singular matrix) fails its panel; the call then raises NumPy's {@code LinAlgError}
 * "Singular matrix" ({@link dev.cohort.tasks.linalg.LinAlgException}), as the replicated path does, and later
 * operations work. dtypes as the replicated path: float64 arithmetic, a float32 result when a and b are
 * float32, else float64.
 */
final class BlockedLu {
    private BlockedLu() {
    }

    /** n above this runs blocked ({@code cohort.linalg.blockedLu.min}, default 512); settable by tests. */
    static volatile long minSize = Long.getLong("cohort.linalg.blockedLu.min", 512);
    /** Tile edge ({@code cohort.linalg.blockedLu.block}, default 64); settable by tests. */
    static volatile int block = Integer.getInteger("cohort.linalg.blockedLu.block", 64);
    /** Test hook: LU_PANEL launches issued in this JVM (by every shard). */
    static final AtomicLong panelLaunches = new AtomicLong();

    static long minSize() {
        return minSize;
    }

    /** True when {@code solve(a, b)} runs blocked: a 2-d {@code (n, n)} with n above the threshold, b (n,) or (n, k >= 1). */
    static boolean applies(NdArray a, NdArray b) {
        return a.ndim() == 2 && a.shape[0] > minSize && (b.ndim() == 1 || b.ndim() == 2 && b.shape[1] > 0);
    }

    /** The factored augmented matrix {@code [LU | L^-1 P B]} and the pivot rows (LAPACK's ipiv, 0-based). */
    record Factored(NdArray w, NdArray piv, int n, long r, int block) {
    }

    /** x of {@code a x = b} in dtype {@code t}; shapes checked by the caller. */
    static NdArray solve(NdArray a, NdArray b, DType t) {
        Factored f = factor(a, b);
        NdArray x = back(f);
        if (b.ndim() == 1) {
            x = x.reshape(f.n());
        }
        return t == DType.FLOAT64 ? x : x.astype(t);
    }

    /** W's column tile {@code t}: rows {@code [0, n)}, A's columns for {@code t < T}, then B's. */
    private static Rect columnTile(int t, int tiles, int n, long r, int bs) {
        long lo;
        long hi;
        if (t < tiles) {
            lo = (long) t * bs;
            hi = Math.min(n, lo + bs);
        } else {
            lo = n + (long) (t - tiles) * bs;
            hi = Math.min(n + r, lo + bs);
        }
        return Rect.of(new long[] {0, lo}, new long[] {n - 1, hi - 1});
    }

    /**
     * {@code tileOf[c]}: the column tile launch point {@code c} of {@code count} works on, dealt so that the
     * points each shard owns under BLOCKED sharding hold tiles {@code s, s + shards, ...} as far as their numbers
     * allow (a placement hint only: any permutation gives the same result).
     */
    static int[] dealTiles(int count, int shards) {
        List<List<Integer>> owned = new ArrayList<>();
        for (int s = 0; s < shards; s++) {
            owned.add(new ArrayList<>());
        }
        for (int c = 0; c < count; c++) {
            owned.get(ShardingFunction.BLOCKED.shard(c, count, shards)).add(c);
        }
        int[] next = new int[shards];
        int[] tileOf = new int[count];
        for (int t = 0; t < count; t++) {
            int s = t % shards;
            while (next[s] == owned.get(s).size()) {
                s = (s + 1) % shards;
            }
            tileOf[owned.get(s).get(next[s]++)] = t;
        }
        return tileOf;
    }

    /** A partition over {@code count} colors where only {@code color} has a piece, {@code piece}. */
    private static Rects only(int count, int color, Rect piece) {
        List<Rect> rects = new ArrayList<>(count);
        Rect empty = Rect.ofExtents(new long[piece.dim()]);
        for (int c = 0; c < count; c++) {
            rects.add(c == color ? piece : empty);
        }
        return Rects.of(rects);
    }

    private static IterSpace points(long... extents) {
        long[] one = new long[extents.length];
        java.util.Arrays.fill(one, 1);
        return new IterSpace(extents, one);
    }

    /** The blocked factorisation of {@code [a | b]} (package-private for tests). */
    static Factored factor(NdArray a, NdArray b) {
        Cohort ctx = a.ctx;
        int n = Math.toIntExact(a.shape[0]);
        long r = b.ndim() == 1 ? 1 : b.shape[1];
        int bs = block;
        if (bs < 1) {
            throw new IllegalStateException("cohort.linalg.blockedLu.block must be at least 1, got " + bs);
        }
        int tiles = (n + bs - 1) / bs;
        int count = tiles + Math.toIntExact((r + bs - 1) / bs);
        NdArray w = Creation.empty(ctx, DType.FLOAT64, new long[] {n, n + r});
        Indexing.assign(w.get(Slice.all(), Slice.of(0, n)), a);
        Indexing.assign(w.get(Slice.all(), Slice.of(n, n + r)), b.ndim() == 1 ? b.reshape(n, 1) : b);
        NdArray piv = Creation.empty(ctx, DType.INT64, new long[] {n});

        int[] tileOf = dealTiles(count, ctx.shards());
        int[] pointOf = new int[count];
        List<Rect> cols = new ArrayList<>(count);
        for (int c = 0; c < count; c++) {
            pointOf[tileOf[c]] = c;
            cols.add(columnTile(tileOf[c], tiles, n, r, bs));
        }
        Rects wCols = Rects.of(cols);
        Projection id1 = Projection.identity(1);
        IterSpace overTiles = points(count);
        for (int k = 0; k < tiles; k++) {
            long k0 = (long) k * bs;
            long kb = Math.min(bs, n - k0);
            long m = n - k0;
            NdArray p = Creation.empty(ctx, DType.FLOAT64, new long[] {m, kb});
            byte[] args = LuTasks.args(k0, kb);
            Sorting.exec(OpCode.LU_PANEL.taskId(), overTiles, List.of(
                    new Req(w, wCols, id1, Role.READ_WRITE),
                    new Req(p, only(count, pointOf[k], Rect.ofExtents(m, kb)), id1, Role.WRITE),
                    new Req(piv, only(count, pointOf[k], Rect.of(new long[] {k0}, new long[] {k0 + kb - 1})), id1, Role.WRITE)),
                    args, null);
            panelLaunches.incrementAndGet();
            Sorting.exec(OpCode.LU_UPDATE.taskId(), overTiles, List.of(
                    new Req(w, wCols, id1, Role.READ_WRITE),
                    new Req(p, Tiling.of(m, kb), Projection.constant(Point.of(0, 0)), Role.READ),
                    new Req(piv, Tiling.of(bs), Projection.constant(Point.of(k)), Role.READ)),
                    args, null);
        }
        return new Factored(w, piv, n, r, bs);
    }

    /** The blocked back substitution {@code U x = y} on row tiles; raises "Singular matrix" at the call. */
    private static NdArray back(Factored f) {
        int n = f.n();
        long r = f.r();
        int bs = f.block();
        int tiles = (n + bs - 1) / bs;
        Cohort ctx = f.w().ctx;
        NdArray y = f.w().get(Slice.all(), Slice.of(n, n + r)).copy();
        NdArray x = Creation.empty(ctx, DType.FLOAT64, new long[] {n, r});
        Tiling ut = Tiling.of(bs, bs);
        Tiling rows = Tiling.of(bs, r);
        Future done = null;
        for (int i = tiles - 1; i >= 0; i--) {
            Projection tileI = Projection.constant(Point.of(i, 0));
            done = Sorting.exec(OpCode.LU_BACK_TRSM.taskId(), points(1, 1), List.of(
                    new Req(f.w(), ut, Projection.constant(Point.of(i, i)), Role.READ),
                    new Req(y, rows, tileI, Role.READ),
                    new Req(x, rows, tileI, Role.WRITE)),
                    new byte[0], i == 0 ? new Launches.Result(ReductionOp.SUM, FieldType.INT64, 1) : null);
            if (i > 0) {
                Sorting.exec(OpCode.LU_BACK_GEMM.taskId(), points(i, 1), List.of(
                        new Req(f.w(), ut, Projection.of(new int[] {0, -1}, new long[] {0, i}), Role.READ),
                        new Req(x, rows, tileI, Role.READ),
                        new Req(y, rows, Projection.identity(2), Role.READ_WRITE)),
                        new byte[0], null);
            }
        }
        LinalgFunctions.raiseAtTheCall(done);
        return x;
    }
}
