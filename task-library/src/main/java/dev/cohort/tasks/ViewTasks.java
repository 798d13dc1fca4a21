package dev.cohort.tasks;

import dev.cohort.runtime.launch.IterSpace;

import dev.cohort.runtime.launch.Access;

import dev.cohort.runtime.geometry.Point;
import dev.cohort.runtime.instance.Instance;
import dev.cohort.runtime.launch.ProcessorKind;
import dev.cohort.runtime.launch.TaskContext;
import dev.cohort.runtime.launch.TaskRegistry;
import dev.cohort.runtime.region.FieldType;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * Tasks that move data between layouts the affine {@link Access} cannot express: {@code LOAD}
 * (host data carried in the launch's scalars into a store: NumPy {@code array}) and
 * {@code GATHER} (element {@code i} of the output takes element {@code unravel(ravel(i))} of an
 * input of another shape: NumPy {@code reshape} copies and views with negative steps).
 */
public final class ViewTasks {
    /** Task id of LOAD. */
    public static final int LOAD = 1013;
    /** Task id of GATHER. */
    public static final int GATHER = 1014;

    private ViewTasks() {
    }

    /** Registers the CPU variants; idempotent. */
    public static void register(TaskRegistry r) {
        if (!r.contains(LOAD)) {
            r.register(LOAD, "cohort.load", ProcessorKind.CPU, ViewTasks::load);
        }
        if (!r.contains(GATHER)) {
            r.register(GATHER, "cohort.gather", ProcessorKind.CPU, ViewTasks::gather);
        }
    }

    /**
     * LOAD arguments: {@code out[i] = data[flat(i)]}, {@code flat} row-major over the iteration space;
     * {@code data} holds {@code volume(space)} little-endian elements of {@code srcType}.
     */
    public record Load(IterSpace space, FieldType srcType, Operand out, byte[] data) {
        public byte[] encode() {
            return encode(space, srcType, out, data.length, b -> b.put(data));
        }

        /**
         * LOAD's arguments with {@code length} bytes of data that {@code fill} writes (little-endian, from the buffer's
         * position, exactly {@code length} bytes) straight into the arguments: a caller holding the data in another
         * form (a Java array) then copies it once, not into a byte array first.
         *
         * @throws IllegalStateException when {@code fill} writes another number of bytes
         */
        public static byte[] encode(IterSpace space, FieldType srcType, Operand out, int length, java.util.function.Consumer<ByteBuffer> fill) {
            byte[] head = new ArgCodec.Writer().space(space).type(srcType).operand(out).i32(length).bytes();
            byte[] all = new byte[head.length + length];
            System.arraycopy(head, 0, all, 0, head.length);
            ByteBuffer b = ByteBuffer.wrap(all, head.length, length).order(ByteOrder.LITTLE_ENDIAN);
            fill.accept(b);
            if (b.position() != all.length) {
                throw new IllegalStateException("LOAD data: " + (b.position() - head.length) + " bytes written of " + length);
            }
            return all;
        }
    }

    /**
     * GATHER arguments: {@code out[i] = in[unravel(ravel(i, space.shape), inShape)]}; {@code in}'s
     * access maps coordinates of its own shape {@code inShape} (not the iteration space) to its store,
     * and {@code in} must be readable whole (Replicated).
     */
    public record Gather(IterSpace space, long[] inShape, Operand in, Operand out) {
        public byte[] encode() {
            return new ArgCodec.Writer().space(space).longs(inShape).operand(in).operand(out).bytes();
        }
    }

    private static void load(TaskContext ctx) {
        ArgCodec.Reader r = new ArgCodec.Reader(ctx.scalars());
        IterSpace space = r.space();
        FieldType src = r.type();
        Operand.StoreOperand out = (Operand.StoreOperand) r.operand();
        int len = r.i32();
        ByteBuffer data = ctx.scalars().order(ByteOrder.LITTLE_ENDIAN);
        data.position(data.limit() - len);
        int base = data.position();
        Instance o = ctx.instance(out.requirement());
        Access acc = out.access();
        int n = space.dim();
        long[] lo = space.lo(ctx.point());
        long[] ext = space.extent(ctx.point());
        for (long e : ext) {
            if (e == 0) {
                return;
            }
        }
        FieldType dst = o.type();
        int size = src.size();
        if (n == 0) {
            o.setBits(index(o, acc, lo), convert(src, readBits(data, base, src), dst));
            return;
        }
        // Row by row along the last dimension: one index computation per row, then a fixed step
        // (a bulk copy when the row is contiguous in the instance and needs no conversion).
        long rowStep = 0;
        for (int k = 0; k < acc.storeDim(); k++) {
            if (acc.iterDim()[k] == n - 1) {
                rowStep += acc.step()[k] * o.stride(k);
            }
        }
        int rowLen = Math.toIntExact(ext[n - 1]);
        boolean bulk = rowStep == 1 && dst == src;
        long[] i = lo.clone();
        while (true) {
            int idx = index(o, acc, i);
            int at = base + (int) (flat(i, space.shape()) * size);
            if (bulk) {
                ByteBuffer row = data.slice(at, rowLen * size).order(ByteOrder.LITTLE_ENDIAN);
                switch (src) {
                    case FLOAT64 -> row.asDoubleBuffer().get(o.doubles(), idx, rowLen);
                    case FLOAT32 -> row.asFloatBuffer().get(o.floats(), idx, rowLen);
                    case INT64 -> row.asLongBuffer().get(o.longs(), idx, rowLen);
                    case INT32 -> row.asIntBuffer().get(o.ints(), idx, rowLen);
                    case BOOL -> row.get(o.bools(), idx, rowLen);
                }
            } else {
                long k = idx;
                for (int j = 0; j < rowLen; j++) {
                    o.setBits((int) k, convert(src, readBits(data, at, src), dst));
                    at += size;
                    k += rowStep;
                }
            }
            if (!next(i, lo, ext, n - 2)) {
                return;
            }
        }
    }

    /** Advances the odometer {@code i} over {@code [lo, lo + ext)} from dimension {@code last} down; false when it wraps. */
    private static boolean next(long[] i, long[] lo, long[] ext, int last) {
        for (int d = last; d >= 0; d--) {
            if (++i[d] < lo[d] + ext[d]) {
                return true;
            }
            i[d] = lo[d];
        }
        return false;
    }

    private static long readBits(ByteBuffer data, int at, FieldType src) {
        return switch (src) {
            case FLOAT64, INT64 -> data.getLong(at);
            case FLOAT32, INT32 -> data.getInt(at);
            case BOOL -> data.get(at);
        };
    }

    private static void gather(TaskContext ctx) {
        ArgCodec.Reader r = new ArgCodec.Reader(ctx.scalars());
        IterSpace space = r.space();
        long[] inShape = r.longs();
        Operand.StoreOperand in = (Operand.StoreOperand) r.operand();
        Operand.StoreOperand out = (Operand.StoreOperand) r.operand();
        Instance a = ctx.instance(in.requirement());
        Instance o = ctx.instance(out.requirement());
        if (inShape.length == 0 || space.dim() == 0) {
            forEach(space, ctx.point(), i -> {
                long[] j = unravel(flat(i, space.shape()), inShape);
                o.setBits(index(o, out.access(), i), convert(a.type(), a.getBits(index(a, in.access(), j)), o.type()));
            });
            return;
        }
        gatherRuns(space, ctx.point(), inShape, a, in.access(), o, out.access());
    }

    /**
     * GATHER by runs: the point's rows along the last iteration dimension are runs of consecutive flat indices
     * (several whole rows form one run when the point spans the dimensions after them and they follow each other in
     * out's array), and so are the input's elements along its last dimension, so each run is copied as a few
     * segments, each a strided (often unit-stride: {@code System.arraycopy}) copy between two instances, with one
     * unravel and two affine offsets (no allocation) per segment. The per-element form before it computed an
     * unravelled index, a projection and a point for every element (about 100 ns an element: reshaping 1e5 float64
     * elements took 10 ms, 1 shard). Same elements, same casts ({@link #convert}).
     */
    private static void gatherRuns(IterSpace space, Point p, long[] inShape, Instance a, Access ain, Instance o, Access aout) {
        int n = space.dim();
        int m = inShape.length;
        long[] lo = space.lo(p);
        long[] ext = space.extent(p);
        if (empty(ext)) {
            return;
        }
        long[] shape = space.shape();
        // both instances' array offsets are affine in the coordinates: c + sum(x[d] * l[d])
        long[] lOut = new long[n];
        long[] lIn = new long[m];
        long cOut = affine(o, aout, lOut);
        long cIn = affine(a, ain, lIn);
        long oStep = lOut[n - 1];
        long iStep = lIn[m - 1];
        boolean same = a.type() == o.type();
        // a run: the last dimension's row, or several whole rows when the point spans the dimensions after them and
        // they follow each other in out's array (consecutive flat indices, and consecutive elements of out)
        int rows = n - 1;
        long rowLen = ext[n - 1];
        while (rows > 0 && lo[rows] == 0 && ext[rows] == shape[rows] && lOut[rows - 1] == rowLen * oStep) {
            rows--;
            rowLen *= ext[rows];
        }
        long inLast = inShape[m - 1];
        long[] i = lo.clone();
        long[] j = new long[m];
        while (true) {
            long op = offset(cOut, lOut, i);
            long f = flat(i, shape);
            for (long done = 0; done < rowLen; ) {
                unravel(f + done, inShape, j);
                long seg = Math.min(rowLen - done, inLast - j[m - 1]);
                long ip = offset(cIn, lIn, j);
                if (same && iStep == 1 && oStep == 1) {
                    System.arraycopy(a.array(), (int) ip, o.array(), (int) op, (int) seg);
                } else {
                    for (long t = 0; t < seg; t++) {
                        o.setBits((int) (op + t * oStep), convert(a.type(), a.getBits((int) (ip + t * iStep)), o.type()));
                    }
                }
                op += seg * oStep;
                done += seg;
            }
            if (rows == 0 || !next(i, lo, ext, rows - 1)) {
                return;
            }
        }
    }

    /**
     * The array offset of coordinate {@code x} through {@code acc} into {@code inst} is {@code c + sum(x[d] * l[d])}:
     * fills {@code l} (how far the array moves per unit of each coordinate) and returns {@code c}.
     */
    private static long affine(Instance inst, Access acc, long[] l) {
        long c = 0;
        for (int k = 0; k < acc.iterDim().length; k++) {
            c += (acc.start()[k] - inst.rect().lo(k)) * inst.stride(k);
            if (acc.iterDim()[k] >= 0) {
                l[acc.iterDim()[k]] += acc.step()[k] * inst.stride(k);
            }
        }
        return c;
    }

    private static long offset(long c, long[] l, long[] x) {
        long off = c;
        for (int d = 0; d < l.length; d++) {
            off += x[d] * l[d];
        }
        return off;
    }

    private static void unravel(long flat, long[] shape, long[] into) {
        for (int d = shape.length - 1; d >= 0; d--) {
            into[d] = flat % shape[d];
            flat /= shape[d];
        }
    }

    /** Converts raw bits of one field type to another with NumPy's casting (float to int truncates). */
    public static long convert(FieldType from, long bits, FieldType to) {
        if (from == to) {
            return bits;
        }
        boolean fromFloat = from == FieldType.FLOAT64 || from == FieldType.FLOAT32;
        if (to == FieldType.BOOL) {
            return (fromFloat ? from.toDouble(bits) != 0 : bits != 0) ? 1 : 0;
        }
        return fromFloat ? to.bitsOf(from.toDouble(bits)) : to.bitsOf(bits);
    }

    /** Whether a point's extents hold no element. */
    private static boolean empty(long[] ext) {
        for (long e : ext) {
            if (e == 0) {
                return true;
            }
        }
        return false;
    }

    private interface PointAction {
        void at(long[] i);
    }

    private static void forEach(IterSpace space, Point p, PointAction action) {
        int n = space.dim();
        long[] lo = space.lo(p);
        long[] ext = space.extent(p);
        if (empty(ext)) {
            return;
        }
        long[] i = lo.clone();
        while (true) {
            action.at(i);
            if (!next(i, lo, ext, n - 1)) {
                return;
            }
        }
    }

    private static int index(Instance inst, Access a, long[] i) {
        return inst.index(Point.of(a.apply(i)));
    }

    private static long flat(long[] i, long[] shape) {
        long f = 0;
        for (int d = 0; d < shape.length; d++) {
            f = f * shape[d] + i[d];
        }
        return f;
    }

    private static long[] unravel(long flat, long[] shape) {
        long[] j = new long[shape.length];
        for (int d = shape.length - 1; d >= 0; d--) {
            j[d] = flat % shape[d];
            flat /= shape[d];
        }
        return j;
    }
}
