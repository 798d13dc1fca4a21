package dev.cohort.tasks;

import java.nio.ByteBuffer;

/**
 * Arguments of the sort and scan tasks (ids 1200-1210, {@link SortKernels}, {@link ScanKernels}),
 * encoded little-endian with {@code encode()} ({@code i32} requirement indices, axes and flags;
 * {@code i64} numbers; arrays as an {@code i32} length then the elements) and read back with
 * {@code decode}.
 *
 * <p>Unlike the element-wise families these kernels work on <em>pieces</em>: requirement {@code r}'s
 * data is {@code ctx.piece(r)} of {@code ctx.instance(r)}, in the store's own coordinates (no
 * {@code Access}: a strided or transposed view is copied to a store first). A <em>lane</em> along
 * {@code axis} is the 1-d line of a piece along that dimension; lanes are visited in row-major order
 * of the other dimensions, and two pieces that must correspond (in and out) have equal extents.
 *
 * <p><b>Keys.</b> Every dtype is ordered as NumPy sorts it through a 64-bit key ({@link SortKernels#key}):
 * integers and bool by value; floats by value with {@code -0.0 == 0.0} and every NaN equal and last.
 * Futures carry keys (or raw bits) as INT64, folded with SUM from identity 0, so no bit is lost.
 */
public final class SortArgs {
    private SortArgs() {
    }

    /**
     * SORT_LOCAL: {@code out} lane = {@code in} lane sorted ascending in NumPy order, stably (equal keys keep
     * their order, so {@code -0.0}/{@code 0.0} and NaN payloads stay in input order: {@code kind='stable'}).
     * {@code in} and {@code out} may be one READ_WRITE requirement (in place). Same dtype; every dtype.
     */
    public record SortLocal(int in, int out, int axis) {
        public byte[] encode() {
            return new ArgCodec.Writer().i32(in).i32(out).i32(axis).bytes();
        }

        public static SortLocal decode(ByteBuffer buf) {
            ArgCodec.Reader r = new ArgCodec.Reader(buf);
            return new SortLocal(r.i32(), r.i32(), r.i32());
        }
    }

    /**
     * ARGSORT_LOCAL: {@code indices} (INT64) lane = the coordinates along {@code axis}, minus {@code origin},
     * of the {@code in} lane's elements in stable NumPy order (the global indices of a 1-d store's tile);
     * with {@code values >= 0} that requirement (the dtype of {@code in}) also gets the sorted lane.
     */
    public record ArgsortLocal(int in, int indices, int values, int axis, long origin) {
        public byte[] encode() {
            return new ArgCodec.Writer().i32(in).i32(indices).i32(values).i32(axis).i64(origin).bytes();
        }

        public static ArgsortLocal decode(ByteBuffer buf) {
            ArgCodec.Reader r = new ArgCodec.Reader(buf);
            return new ArgsortLocal(r.i32(), r.i32(), r.i32(), r.i32(), r.i64());
        }
    }

    /**
     * SORT_PAIRS (the merge of an argsort's bucket): the 1-d pieces {@code keys} (any dtype) and {@code payload}
     * (INT64, equal extents) are sorted together by (NumPy key, payload) into {@code outKeys} and
     * {@code outPayload}; each pair of requirements may be one READ_WRITE requirement.
     */
    public record SortPairs(int keys, int payload, int outKeys, int outPayload) {
        public byte[] encode() {
            return new ArgCodec.Writer().i32(keys).i32(payload).i32(outKeys).i32(outPayload).bytes();
        }

        public static SortPairs decode(ByteBuffer buf) {
            ArgCodec.Reader r = new ArgCodec.Reader(buf);
            return new SortPairs(r.i32(), r.i32(), r.i32(), r.i32());
        }
    }

    /**
     * SAMPLE: regular samples of a sorted 1-d piece of {@code m} elements: the keys at positions
     * {@code floor((k + 1) * m / (samples + 1))}, {@code k < samples} (none when {@code m == 0}). Result (INT64,
     * SUM, length {@code points * (samples + 1)}): point {@code t} (its linear index in the launch domain) writes
     * the number of samples at {@code t * (samples + 1)} and the keys after it.
     */
    public record Sample(int in, int samples) {
        public byte[] encode() {
            return new ArgCodec.Writer().i32(in).i32(samples).bytes();
        }

        public static Sample decode(ByteBuffer buf) {
            ArgCodec.Reader r = new ArgCodec.Reader(buf);
            return new Sample(r.i32(), r.i32());
        }
    }

    /**
     * BUCKET_COUNT: with {@code B = splitters.length + 1} buckets, bucket {@code j} of a sorted 1-d piece holds the
     * keys {@code k} with {@code splitters[j-1] < k <= splitters[j]} (splitters are keys, ascending). Result (INT64,
     * SUM, length {@code points * B}): point {@code t} writes its counts at {@code t * B + j}; bucket {@code j} of
     * the piece starts at the sum of the counts before {@code j} (the in-piece boundaries).
     */
    public record BucketCount(int in, long[] splitters) {
        public byte[] encode() {
            return new ArgCodec.Writer().i32(in).longs(splitters).bytes();
        }

        public static BucketCount decode(ByteBuffer buf) {
            ArgCodec.Reader r = new ArgCodec.Reader(buf);
            return new BucketCount(r.i32(), r.longs());
        }
    }

    /**
     * COPY_RECTS (a sort's exchange): the elements of piece {@code in}, in row-major order, to piece {@code out},
     * in row-major order; equal volumes and dtypes, any shapes (typically both through {@code Rects}).
     */
    public record CopyRects(int in, int out) {
        public byte[] encode() {
            return new ArgCodec.Writer().i32(in).i32(out).bytes();
        }

        public static CopyRects decode(ByteBuffer buf) {
            ArgCodec.Reader r = new ArgCodec.Reader(buf);
            return new CopyRects(r.i32(), r.i32());
        }
    }

    /**
     * UNIQUE_FLAGS: {@code out[i]} (BOOL, a 1-d piece) is 1 when {@code key(in[i]) != key(in[i-1])} or when
     * {@code i - 1} is outside {@code in}'s piece (read {@code in}, sorted, with a halo of 1 so that the element
     * before the piece is there unless the piece starts the store). NaNs are equal ({@code equal_nan=True}).
     */
    public record UniqueFlags(int in, int out) {
        public byte[] encode() {
            return new ArgCodec.Writer().i32(in).i32(out).bytes();
        }

        public static UniqueFlags decode(ByteBuffer buf) {
            ArgCodec.Reader r = new ArgCodec.Reader(buf);
            return new UniqueFlags(r.i32(), r.i32());
        }
    }

    /** The two scans: {@code cumsum} and {@code cumprod}. */
    public enum ScanOp {
        SUM, PROD
    }

    /**
     * SCAN: {@code out} lane = inclusive scan of the {@code in} lane along {@code axis}
     * ({@code out[k] = out[k-1] op in[k]}), computed in {@code out}'s dtype, which follows NumPy: int32/bool in ->
     * int64 out, float32 stays float32, int64 and float64 stay ({@link ScanKernels#scanType}). Result (INT64, SUM,
     * length {@code points * lanes}): point {@code t} writes the raw bits ({@code FieldType} convention) of each
     * lane's total, lanes in row-major order of the other dimensions, at {@code t * lanes + l}.
     */
    public record Scan(ScanOp op, int in, int out, int axis, int lanes) {
        public byte[] encode() {
            return new ArgCodec.Writer().i32(op.ordinal()).i32(in).i32(out).i32(axis).i32(lanes).bytes();
        }

        public static Scan decode(ByteBuffer buf) {
            ArgCodec.Reader r = new ArgCodec.Reader(buf);
            return new Scan(ScanOp.values()[r.i32()], r.i32(), r.i32(), r.i32(), r.i32());
        }
    }

    /**
     * ADD_OFFSET: every element of lane {@code l} of piece {@code out} (READ_WRITE) becomes
     * {@code offset[l] op element}, where {@code offset} holds raw bits of {@code out}'s dtype per lane (the exclusive
     * scan of the tiles' totals before this tile; {@link ScanKernels#exclusiveOffsets} computes them identically on
     * every shard). SUM: {@code +}; PROD: {@code *}.
     */
    public record AddOffset(ScanOp op, int out, int axis, long[] offset) {
        public byte[] encode() {
            return new ArgCodec.Writer().i32(op.ordinal()).i32(out).i32(axis).longs(offset).bytes();
        }

        public static AddOffset decode(ByteBuffer buf) {
            ArgCodec.Reader r = new ArgCodec.Reader(buf);
            return new AddOffset(ScanOp.values()[r.i32()], r.i32(), r.i32(), r.longs());
        }
    }

    /**
     * MASK_COUNT: the number of true elements ({@code != 0}; NaN is true, as in NumPy's {@code nonzero}) of piece
     * {@code mask}, any dtype. Result (INT64, SUM, length {@code points}): point {@code t} writes it at {@code t}.
     */
    public record MaskCount(int mask) {
        public byte[] encode() {
            return new ArgCodec.Writer().i32(mask).bytes();
        }

        public static MaskCount decode(ByteBuffer buf) {
            ArgCodec.Reader r = new ArgCodec.Reader(buf);
            return new MaskCount(r.i32());
        }
    }

    /**
     * MASK_COMPACT: the elements of piece {@code in} (equal extents to {@code mask}'s) where {@code mask} is true, in
     * row-major order, into the 1-d piece {@code out} (its volume is this tile's count, e.g. a {@code Rects} piece
     * {@code [offset_t, offset_t + count_t)}), converted to {@code out}'s dtype. With {@code in == -1} it writes
     * instead the coordinate along dimension {@code dim} of each true element (INT64 {@code out}: one array of
     * {@code nonzero}).
     */
    public record MaskCompact(int mask, int in, int out, int dim) {
        public byte[] encode() {
            return new ArgCodec.Writer().i32(mask).i32(in).i32(out).i32(dim).bytes();
        }

        public static MaskCompact decode(ByteBuffer buf) {
            ArgCodec.Reader r = new ArgCodec.Reader(buf);
            return new MaskCompact(r.i32(), r.i32(), r.i32(), r.i32());
        }
    }
}
