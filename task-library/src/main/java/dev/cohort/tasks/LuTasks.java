package dev.cohort.tasks;

import dev.cohort.runtime.geometry.Point;
import dev.cohort.runtime.geometry.Rect;
import dev.cohort.runtime.instance.Instance;
import dev.cohort.runtime.launch.TaskContext;
import dev.cohort.runtime.region.FieldType;
import dev.cohort.tasks.linalg.LuTiles;

/**
 * The point tasks of a blocked {@code np.linalg.solve} (ndarray-api's {@code BlockedLu}): LU with partial
 * pivoting of the augmented matrix {@code W = [A | B]} ({@code n x (n + r)}, float64) by column tiles, then the
 * blocked back substitution. The arithmetic is {@link LuTiles}'; these tasks find the blocks in their pieces.
 *
 * <ul>
 *   <li>{@link OpCode#LU_PANEL}: requirement 0 is W's column tile (read-write), 1 the panel copy P
 *       ({@code (n - k0) x kb}, written), 2 the pivot vector ({@code (n,)} int64, written); scalars
 *       {@link #args(long, long)} {@code k0, kb}. A point whose P piece is empty does nothing; the one whose
 *       piece is not factors rows {@code k0..n-1} of its tile ({@code kb} columns starting at {@code k0}), copies
 *       them to P and writes the global pivot rows to {@code piv[k0..k0+kb)}.</li>
 *   <li>{@link OpCode#LU_UPDATE}: requirement 0 is W's column tile (read-write), 1 the whole P, 2 the pivot
 *       tile {@code piv[k0..k0+kb)} (both read); same scalars. A tile right of the panel (its first column at or
 *       after {@code k0 + kb}) gets the panel's row interchanges, TRSM and GEMM update on rows
 *       {@code k0..n-1}; a tile at or left of the panel is left as it is.</li>
 *   <li>{@link OpCode#LU_BACK_TRSM}: requirement 0 the diagonal tile {@code U_ii} of W (read), 1 the tile
 *       {@code y_i} of the right-hand sides (read), 2 the tile {@code x_i} (written): {@code x_i = U_ii^-1 y_i}.
 *       No scalars.</li>
 *   <li>{@link OpCode#LU_BACK_GEMM}: requirement 0 the tile {@code U_li} (read), 1 {@code x_i} (read),
 *       2 {@code y_l} (read-write): {@code y_l -= U_li x_i}. No scalars.</li>
 * </ul>
 * A U piece may be wider than its x tile has rows (the last column tile of a {@code b x b} tiling of W reaches
 * into B's columns when b does not divide n): only its first {@code rows(x)} columns are read.
 * The matrix stores are float64 (the array layer converts first); the pivot store is int64. A zero pivot fails
 * the panel with {@link dev.cohort.tasks.linalg.LinAlgException} "Singular matrix".
 */
public final class LuTasks {
    private LuTasks() {
    }

    /** The scalars of {@link OpCode#LU_PANEL} and {@link OpCode#LU_UPDATE}: the panel's first row/column and width. */
    public static byte[] args(long k0, long kb) {
        if (k0 < 0 || kb <= 0) {
            throw new IllegalArgumentException("LU panel: k0 = " + k0 + ", kb = " + kb + "; need k0 >= 0 and kb > 0");
        }
        return new ArgCodec.Writer().i64(k0).i64(kb).bytes();
    }

    /** A 2-d piece of a float64 instance: the backing array, the offset of its first element, the row stride. */
    private record Block(double[] a, int off, int ld, long r0, long c0, int rows, int cols) {
        static Block of(TaskContext ctx, int req, String role) {
            Instance inst = ctx.instance(req);
            Rect p = ctx.piece(req);
            if (inst.type() != FieldType.FLOAT64 || p.dim() != 2) {
                throw new IllegalArgumentException(role + ": requirement " + req + " must be a 2-d float64 piece, got "
                        + inst.type() + " " + p);
            }
            int rows = Math.toIntExact(p.extent(0));
            int cols = Math.toIntExact(p.extent(1));
            int off = p.isEmpty() ? 0 : inst.index(Point.of(p.lo(0), p.lo(1)));
            return new Block(inst.doubles(), off, Math.toIntExact(inst.stride(0)), p.lo(0), p.lo(1), rows, cols);
        }

        /** Offset of the element at store coordinates {@code (r, c)} of this piece. */
        int at(long r, long c) {
            return Math.toIntExact(off + (r - r0) * ld + (c - c0));
        }
    }

    private static long[] scalars(TaskContext ctx) {
        ArgCodec.Reader r = new ArgCodec.Reader(ctx.scalars());
        return new long[] {r.i64(), r.i64()};
    }

    /** LU_PANEL: see the class comment. */
    static void panel(TaskContext ctx) {
        Rect pPiece = ctx.piece(1);
        if (pPiece.isEmpty()) {
            return;
        }
        long[] s = scalars(ctx);
        long k0 = s[0];
        int kb = Math.toIntExact(s[1]);
        Block w = Block.of(ctx, 0, "LU_PANEL W");
        Block p = Block.of(ctx, 1, "LU_PANEL P");
        long n = w.r0 + w.rows;
        int m = Math.toIntExact(n - k0);
        if (w.r0 != 0 || w.c0 != k0 || w.cols != kb || p.rows != m || p.cols != kb) {
            throw new IllegalArgumentException("LU_PANEL: W tile rows [" + w.r0 + ", " + n + ") columns [" + w.c0 + ", "
                    + (w.c0 + w.cols) + "), P " + p.rows + " x " + p.cols + "; expected columns [" + k0 + ", " + (k0 + kb)
                    + ") and P " + m + " x " + kb);
        }
        Instance pivInst = ctx.instance(2);
        Rect pivPiece = ctx.piece(2);
        if (pivInst.type() != FieldType.INT64 || pivPiece.dim() != 1 || pivPiece.lo(0) != k0 || pivPiece.extent(0) != kb) {
            throw new IllegalArgumentException("LU_PANEL: the pivot piece must be int64 [" + k0 + ", " + (k0 + kb) + "), got "
                    + pivInst.type() + " " + pivPiece);
        }
        int[] piv = new int[kb];
        int top = w.at(k0, k0);
        LuTiles.panel(w.a, top, w.ld, m, kb, piv);
        for (int i = 0; i < m; i++) {
            System.arraycopy(w.a, top + i * w.ld, p.a, p.off + i * p.ld, kb);
        }
        long[] pv = pivInst.longs();
        int at = pivInst.index(Point.of(k0));
        for (int k = 0; k < kb; k++) {
            pv[at + k] = k0 + piv[k];
        }
    }

    /** LU_UPDATE: see the class comment. */
    static void update(TaskContext ctx) {
        long[] s = scalars(ctx);
        long k0 = s[0];
        int kb = Math.toIntExact(s[1]);
        Block w = Block.of(ctx, 0, "LU_UPDATE W");
        if (w.rows == 0 || w.cols == 0 || w.c0 < k0 + kb) {
            return;
        }
        Block p = Block.of(ctx, 1, "LU_UPDATE P");
        long n = w.r0 + w.rows;
        int m = Math.toIntExact(n - k0);
        if (w.r0 != 0 || p.rows != m || p.cols != kb) {
            throw new IllegalArgumentException("LU_UPDATE: W tile rows [" + w.r0 + ", " + n + "), P " + p.rows + " x " + p.cols
                    + "; expected rows from 0 and P " + m + " x " + kb);
        }
        Instance pivInst = ctx.instance(2);
        Rect pivPiece = ctx.piece(2);
        if (pivInst.type() != FieldType.INT64 || pivPiece.dim() != 1 || pivPiece.lo(0) != k0 || pivPiece.extent(0) != kb) {
            throw new IllegalArgumentException("LU_UPDATE: the pivot piece must be int64 [" + k0 + ", " + (k0 + kb) + "), got "
                    + pivInst.type() + " " + pivPiece);
        }
        long[] pv = pivInst.longs();
        int at = pivInst.index(Point.of(k0));
        int[] piv = new int[kb];
        for (int k = 0; k < kb; k++) {
            piv[k] = Math.toIntExact(pv[at + k] - k0);
        }
        LuTiles.applyPanel(p.a, p.off, p.ld, m, kb, piv, w.a, w.at(k0, w.c0), w.ld, w.cols);
    }

    /** LU_BACK_TRSM: see the class comment. */
    static void backTrsm(TaskContext ctx) {
        Block u = Block.of(ctx, 0, "LU_BACK_TRSM U");
        Block y = Block.of(ctx, 1, "LU_BACK_TRSM Y");
        Block x = Block.of(ctx, 2, "LU_BACK_TRSM X");
        if (u.cols < u.rows || y.rows != u.rows || x.rows != y.rows || x.cols != y.cols) {
            throw new IllegalArgumentException("LU_BACK_TRSM: U " + u.rows + " x " + u.cols + ", Y " + y.rows + " x " + y.cols
                    + ", X " + x.rows + " x " + x.cols);
        }
        LuTiles.backTrsm(u.a, u.off, u.ld, u.rows, y.a, y.off, y.ld, x.a, x.off, x.ld, x.cols);
    }

    /** LU_BACK_GEMM: see the class comment. */
    static void backGemm(TaskContext ctx) {
        Block u = Block.of(ctx, 0, "LU_BACK_GEMM U");
        Block x = Block.of(ctx, 1, "LU_BACK_GEMM X");
        Block y = Block.of(ctx, 2, "LU_BACK_GEMM Y");
        if (u.cols < x.rows || u.rows != y.rows || x.cols != y.cols) {
            throw new IllegalArgumentException("LU_BACK_GEMM: U " + u.rows + " x " + u.cols + ", X " + x.rows + " x " + x.cols
                    + ", Y " + y.rows + " x " + y.cols);
        }
        LuTiles.backGemm(u.a, u.off, u.ld, u.rows, x.rows, x.a, x.off, x.ld, y.a, y.off, y.ld, y.cols);
    }
}
