package dev.cohort.ndarray;

import dev.cohort.partitioner.Role;
import dev.cohort.partitioner.Strategy;
import dev.cohort.runtime.geometry.Point;
import dev.cohort.runtime.launch.Access;
import dev.cohort.runtime.launch.IterSpace;
import dev.cohort.runtime.partition.Partition;
import dev.cohort.runtime.partition.Projection;
import dev.cohort.runtime.partition.Tiling;
import dev.cohort.tasks.OpCode;
import dev.cohort.tasks.linalg.Cholesky;

import dev.cohort.ndarray.Launches.Slot;

import java.util.ArrayList;
import java.util.List;

/**
 * {@code np.linalg.cholesky} of one large matrix as a distributed task graph (task-library's
 * {@code CHOLESKY_POTRF/TRSM/SYRK/GEMM}, ids 1221-1224): the matrix is copied into diagonal-tile arrays
 * {@code d[k]} ({@code b x b}, {@code b = Cholesky.BLOCK = 64}; the last one smaller when {@code b} does not
 * divide n) and panel arrays {@code p[k]} (the rows below {@code d[k]}), because one launch may not write one
 * partition of a store while reading another. Right-looking: for each k, POTRF of {@code d[k]} (one point),
 * TRSM over {@code p[k]}'s row tiles (an index launch, the tiles spread over the shards), then for each later
 * column j SYRK of {@code d[j]} and a GEMM index launch over {@code p[j]}'s row tiles. The factor is assembled
 * into a new array by distributed copies. The tiling is the kernels' (b x b tiles), so each launch is issued
 * with its strategy given ({@link Launches#launch(int, long[], List, dev.cohort.runtime.launch.ReductionOp,
 * Strategy, java.util.function.Function)}). With {@code b = 64} and n above 128 the result has the bits of the
 * dense (replicated) routine.
 *
 * <p>Used for a 2-d matrix with {@code n > }{@link #minSize()} (system property
 * {@code cohort.linalg.blockedCholesky.min}, default 512); smaller matrices and stacks run as one replicated
 * LINALG point. A matrix that is not positive definite fails the POTRF of its tile; reading the result throws
 * with "Matrix is not positive definite", as the replicated path does.
 */
final class BlockedCholesky {
    private BlockedCholesky() {
    }

    /** n above this runs blocked; settable by tests. */
    static volatile long minSize = Long.getLong("cohort.linalg.blockedCholesky.min", 512);
    /** Tile edge; settable by tests (the kernels accept any). */
    static volatile int block = Cholesky.BLOCK;

    static long minSize() {
        return minSize;
    }

    static boolean applies(NdArray a) {
        return a.ndim() == 2 && a.shape[0] > minSize;
    }

    private static final Access ID2 = Access.identity(2);

    private static Slot slot(NdArray a, Role role) {
        return new Slot(a, ID2, role);
    }

    static NdArray lower(NdArray a, boolean upper, DType t) {
        int n = Math.toIntExact(a.shape[0]);
        int b = block;
        int tiles = (n + b - 1) / b;
        NdArray[] d = new NdArray[tiles];
        NdArray[] p = new NdArray[tiles];
        for (int k = 0; k < tiles; k++) {
            long lo = (long) k * b;
            long hi = Math.min(n, lo + b);
            d[k] = tile(a.get(Slice.of(lo, hi), Slice.of(lo, hi)), t);
            if (hi < n) {
                p[k] = tile(a.get(Slice.of(hi, (long) n), Slice.of(lo, hi)), t);
            }
        }
        Tiling tiling = Tiling.of(b, b);
        Projection whole = Projection.constant(Point.of(0, 0));
        Projection down = Projection.identity(2);
        for (int k = 0; k < tiles; k++) {
            single(OpCode.CHOLESKY_POTRF.taskId(), List.of(slot(d[k], Role.READ_WRITE)), List.of(tiling), List.of(whole));
            if (p[k] == null) {
                break;
            }
            overRows(OpCode.CHOLESKY_TRSM.taskId(), p[k], b,
                    List.of(slot(d[k], Role.READ), slot(p[k], Role.READ_WRITE)), List.of(tiling, tiling), List.of(whole, down));
            for (int j = k + 1; j < tiles; j++) {
                Projection tileJ = Projection.constant(Point.of(j - k - 1, 0));
                single(OpCode.CHOLESKY_SYRK.taskId(), List.of(slot(p[k], Role.READ), slot(d[j], Role.READ_WRITE)),
                        List.of(tiling, tiling), List.of(tileJ, whole));
                if (p[j] != null) {
                    overRows(OpCode.CHOLESKY_GEMM.taskId(), p[j], b,
                            List.of(slot(p[k], Role.READ), slot(p[k], Role.READ), slot(p[j], Role.READ_WRITE)),
                            List.of(tiling, tiling, tiling),
                            List.of(Projection.of(new int[]{0, -1}, new long[]{j - k, 0}), tileJ, down));
                }
            }
        }
        NdArray l = Creation.empty(a.ctx, t, new long[]{n, n});
        for (int k = 0; k < tiles; k++) {
            long lo = (long) k * b;
            long hi = Math.min(n, lo + b);
            Indexing.assign(l.get(Slice.of(lo, hi), Slice.of(lo, hi)), d[k]);
            if (p[k] != null) {
                Indexing.assign(l.get(Slice.of(hi, (long) n), Slice.of(lo, hi)), p[k]);
            }
        }
        return upper ? l.T().copy() : l;
    }

    /** A new materialised array holding {@code v} in dtype {@code t}. */
    private static NdArray tile(NdArray v, DType t) {
        NdArray c = v.dtype() == t ? v.copy() : v.astype(t);
        Fusion.materialize(c.base);
        return c;
    }

    private static void single(int taskId, List<Slot> slots, List<Partition> parts, List<Projection> projs) {
        long[] one = {1, 1};
        Launches.launch(taskId, one, new ArrayList<>(slots), null, new Strategy(IterSpace.whole(one), parts, projs),
                space -> new byte[0]);
    }

    /** An index launch with one point per {@code b}-row tile of {@code rows} (shape {@code (R, b')}). */
    private static void overRows(int taskId, NdArray rows, int b, List<Slot> slots, List<Partition> parts, List<Projection> projs) {
        long[] shape = rows.shape.clone();
        IterSpace space = new IterSpace(shape, new long[]{b, Math.max(1, shape[1])});
        Launches.launch(taskId, shape, new ArrayList<>(slots), null, new Strategy(space, parts, projs), s -> new byte[0]);
    }
}
