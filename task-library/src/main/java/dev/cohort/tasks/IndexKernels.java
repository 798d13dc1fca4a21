package dev.cohort.tasks;

import dev.cohort.runtime.geometry.Rect;
import dev.cohort.runtime.instance.Instance;
import dev.cohort.runtime.launch.TaskContext;
import dev.cohort.runtime.region.FieldType;
import java.nio.ByteBuffer;

/**
 * Integer-array ("fancy") indexing along the first axis, and {@code bincount} (ids 1250-1253). Like the
 * sort family these work on <em>pieces</em> of C-ordered stores ({@code ctx.piece(r)} of
 * {@code ctx.instance(r)}); a row of an n-d store is its {@code rowElems} elements after the first axis.
 * Index operands are INT64 or INT32; a negative index counts from the end (NumPy); one outside
 * {@code [-rows, rows)} fails the point with NumPy's {@code IndexError} wording (the array layer checks
 * first, at the call, so this is a guard).
 */
public final class IndexKernels {
    private IndexKernels() {
    }

    /**
     * GATHER_ROWS ({@code numpy.take(a, idx, axis=0)}, {@code a[idx]}): for every index position {@code i} of
     * the {@code idx} piece, row {@code i} of {@code out} := row {@code idx[i]} of {@code src} ({@code src}
     * holds the whole store: read replicated). {@code out}'s piece covers the same first-axis range as
     * {@code idx}'s. Any dtype (raw elements are copied).
     */
    public record GatherRows(int src, int idx, int out, long rows, long rowElems) {
        public byte[] encode() {
            return new ArgCodec.Writer().i32(src).i32(idx).i32(out).i64(rows).i64(rowElems).bytes();
        }

        public static GatherRows decode(ByteBuffer buf) {
            ArgCodec.Reader r = new ArgCodec.Reader(buf);
            return new GatherRows(r.i32(), r.i32(), r.i32(), r.i64(), r.i64());
        }
    }

    /**
     * SCATTER_ROWS ({@code a[idx] = v}, {@code numpy.put} on a flattened array): one point over whole stores,
     * in index order, so with repeated indices the last assignment wins, as in NumPy: row {@code idx[i]} of
     * {@code dst} := row {@code i mod vRows} of {@code values} ({@code values} is repeated when it has fewer
     * rows, as {@code put} does). Same dtype for {@code dst} and {@code values}.
     */
    public record ScatterRows(int dst, int idx, int values, long rows, long rowElems) {
        public byte[] encode() {
            return new ArgCodec.Writer().i32(dst).i32(idx).i32(values).i64(rows).i64(rowElems).bytes();
        }

        public static ScatterRows decode(ByteBuffer buf) {
            ArgCodec.Reader r = new ArgCodec.Reader(buf);
            return new ScatterRows(r.i32(), r.i32(), r.i32(), r.i64(), r.i64());
        }
    }

    /**
     * BINCOUNT ({@code numpy.bincount(x, weights, minlength)}): {@code acc[x[i]] += w[i]} (or {@code += 1}
     * without weights, {@code weights < 0}) over the {@code x} piece; {@code acc} is this point's
     * identity-initialised accumulator of a SUM reduction into a replicated store (INT64 counts, FLOAT64
     * with weights), so the points' partials fold in launch-point order: the same bits on every shard.
     * {@code x} must hold values in {@code [0, acc length)} (checked at the call).
     */
    public record Bincount(int x, int weights, int acc) {
        public byte[] encode() {
            return new ArgCodec.Writer().i32(x).i32(weights).i32(acc).bytes();
        }

        public static Bincount decode(ByteBuffer buf) {
            ArgCodec.Reader r = new ArgCodec.Reader(buf);
            return new Bincount(r.i32(), r.i32(), r.i32());
        }
    }

    /** The row an index selects, negative ones counted from the end; NumPy's IndexError past either end. */
    static long row(long index, long rows) {
        long r = index < 0 ? index + rows : index;
        if (r < 0 || r >= rows) {
            throw new IndexOutOfBoundsException("index " + index + " is out of bounds for axis 0 with size " + rows);
        }
        return r;
    }

    /** Element {@code i} of an integer index instance as a long (INT64 or INT32). */
    static long indexAt(Instance idx, int i) {
        return switch (idx.type()) {
            case INT64 -> idx.longs()[i];
            case INT32 -> idx.ints()[i];
            default -> throw new IllegalArgumentException("arrays used as indices must be of integer (or boolean) type");
        };
    }

    static void gatherRows(TaskContext ctx) {
        GatherRows a = GatherRows.decode(ctx.scalars());
        Instance src = ctx.instance(a.src());
        Instance idx = ctx.instance(a.idx());
        Instance out = ctx.instance(a.out());
        Rect pi = ctx.piece(a.idx());
        Rect po = ctx.piece(a.out());
        if (pi.isEmpty()) {
            return;
        }
        int re = Math.toIntExact(a.rowElems());
        int srcBase = src.index(src.rect().lo());
        int outRow = out.index(po.lo());
        int first = idx.index(pi.lo());
        long n = pi.volume();
        Object s = src.array();
        Object o = out.array();
        if (re == 1 && idx.type() == FieldType.INT64 && src.type() == out.type()) {
            // single elements: one generated loop (an arraycopy of one element each took about 15 ns an element)
            DataLoops.take(src.type(), s, srcBase, idx.longs(), first, a.rows(), o, outRow, Math.toIntExact(n));
            return;
        }
        for (int k = 0; k < n; k++) {
            long r = row(indexAt(idx, first + k), a.rows());
            System.arraycopy(s, srcBase + (int) (r * re), o, outRow + k * re, re);
        }
    }

    static void scatterRows(TaskContext ctx) {
        ScatterRows a = ScatterRows.decode(ctx.scalars());
        Instance dst = ctx.instance(a.dst());
        Instance idx = ctx.instance(a.idx());
        Instance val = ctx.instance(a.values());
        Rect pi = ctx.piece(a.idx());
        if (pi.isEmpty()) {
            return;
        }
        if (dst.type() != val.type()) {
            throw new IllegalArgumentException("scatter: values of " + val.type() + " into " + dst.type());
        }
        int re = Math.toIntExact(a.rowElems());
        int dstBase = dst.index(dst.rect().lo());
        int valBase = val.index(ctx.piece(a.values()).lo());
        long vRows = re == 0 ? 1 : ctx.piece(a.values()).volume() / re;
        int first = idx.index(pi.lo());
        long n = pi.volume();
        Object d = dst.array();
        Object v = val.array();
        for (int k = 0; k < n; k++) {
            long r = row(indexAt(idx, first + k), a.rows());
            System.arraycopy(v, valBase + (int) ((k % vRows) * re), d, dstBase + (int) (r * re), re);
        }
    }

    static void bincount(TaskContext ctx) {
        Bincount a = Bincount.decode(ctx.scalars());
        Instance x = ctx.instance(a.x());
        Rect px = ctx.piece(a.x());
        Instance acc = ctx.instance(a.acc());
        if (px.isEmpty()) {
            return;
        }
        int first = x.index(px.lo());
        long n = px.volume();
        int length = acc.size();
        if (a.weights() < 0) {
            long[] c = acc.longs();
            for (int k = 0; k < n; k++) {
                c[bin(indexAt(x, first + k), length)]++;
            }
        } else {
            Instance w = ctx.instance(a.weights());
            int wFirst = w.index(ctx.piece(a.weights()).lo());
            FieldType wt = w.type();
            double[] c = acc.doubles();
            for (int k = 0; k < n; k++) {
                c[bin(indexAt(x, first + k), length)] += wt.toDouble(w.getBits(wFirst + k));
            }
        }
    }

    private static int bin(long v, int length) {
        if (v < 0 || v >= length) {
            throw new IllegalArgumentException("bincount: value " + v + " outside [0, " + length + ")");
        }
        return (int) v;
    }
}
